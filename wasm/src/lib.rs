//! koma for JavaScript: the compiler, runtime and engine built for WebAssembly with
//! wasm-bindgen. A [`Variant`] is a `.koma` text compiled: its diagnostics, or its board,
//! pieces, rules and games. A [`Game`] is a position played on, move by move. Answers are
//! JavaScript objects with the JSON shapes of `koma serve` (`koma_web::api`, docs/web.md), so
//! the page reads the server and this module alike. `wasm/build.sh` builds it.

#![forbid(unsafe_code)]

use std::collections::BTreeMap;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use koma_compiler::loader::MemoryLoader;
use koma_runtime::{Position, Tables};
use koma_web::api::{EngineReply, EngineRequest, GameRequest};
use koma_web::game::{self, EngineSearch, Limits, MovePicker};
use koma_web::site::Compiled;
use serde::Serialize;
use serde::de::DeserializeOwned;
use wasm_bindgen::prelude::*;

/// A variant compiled from its `.koma` text.
#[wasm_bindgen]
#[derive(Debug)]
pub struct Variant {
    compiled: Compiled,
}

#[wasm_bindgen]
impl Variant {
    /// Checks, lints and compiles `text`, the file called `file`. `files` (an object of texts
    /// by file name, or `undefined`) holds the files it `extends`, named as the `extends` line
    /// resolves them from `file`. Errors in the text are not thrown: they are in `info()`.
    #[wasm_bindgen(constructor)]
    pub fn new(file: &str, text: &str, files: JsValue) -> Result<Variant, JsError> {
        let mut loader = MemoryLoader::new();
        if !files.is_undefined() && !files.is_null() {
            let files: BTreeMap<String, String> = from_js(&files)?;
            for (name, text) in files {
                loader = loader.with(name, text);
            }
        }
        // Diagrams are asked for one by one (`diagram`): the page makes their addresses.
        let mut compiled = Compiled::from_text(file, text, &loader, &|_, _| String::new());
        compiled.info.engine = true;
        Ok(Variant { compiled })
    }

    /// `{file, version, variant, diagnostics, engine}`: the board, pieces, rules in words and
    /// start position (`variant`, null while the text has errors) and every diagnostic with
    /// its line and column, as `GET /api/variants/{i}`.
    pub fn info(&self) -> Result<JsValue, JsError> {
        to_js(&self.compiled.info)
    }

    /// A hash of the texts compiled: equal versions, equal variants.
    pub fn version(&self) -> f64 {
        self.compiled.info.version as f64
    }

    /// Piece `index`'s move diagram as SVG with its legend (`koma diagram FILE PIECE --format
    /// svg`); `undefined` for no such piece or a text with errors.
    pub fn diagram(&self, index: usize) -> Option<String> {
        self.compiled.diagram_svg(index)
    }

    /// The state after a game `{start, moves}` (`start`: position text or `startpos`):
    /// pieces, hands, legal moves, check, last move and result, as `POST .../state`. Throws
    /// when a move is illegal.
    pub fn state(&self, game: JsValue) -> Result<JsValue, JsError> {
        let game: GameRequest = from_js(&game)?;
        to_js(&game::state(self.tables()?, &game)?)
    }

    /// The engine's move `{move}` after a game `{start, moves, depth, millis}`, as `POST
    /// .../engine`: it searches to `depth` plies or for `millis` milliseconds, whichever ends
    /// first (at most 60 s; 2 s when neither is set). It blocks: call it from a Web Worker.
    pub fn engine(&self, request: JsValue) -> Result<JsValue, JsError> {
        let request: EngineRequest = from_js(&request)?;
        let limits = Limits::bounded(request.depth, request.millis);
        let stop = AtomicBool::new(false);
        let tables = self.tables()?;
        match game::engine_move(tables, &request.game, &EngineSearch, limits, &stop)? {
            Some(mv) => to_js(&EngineReply { mv }),
            None => Err(JsError::new("no legal move")),
        }
    }

    /// A game from `position` (position text or FEN), or from the start position when it is
    /// `undefined`.
    pub fn game(&self, position: Option<String>) -> Result<Game, JsError> {
        let text = position.as_deref().unwrap_or("startpos");
        let pos = Position::from_text(self.tables()?, text)?;
        Ok(Game { pos, played: 0 })
    }
}

impl Variant {
    fn tables(&self) -> Result<Arc<Tables>, JsError> {
        self.compiled
            .tables
            .clone()
            .ok_or_else(|| JsError::new("the variant has errors: `info().diagnostics` lists them"))
    }
}

/// A position played on: legal moves, play and undo, result, perft and the engine's move.
#[wasm_bindgen]
#[derive(Debug)]
pub struct Game {
    pos: Position,
    /// Moves played on this game, so many can be taken back.
    played: usize,
}

#[wasm_bindgen]
impl Game {
    /// The position as koma position text (docs/positions.md).
    pub fn position(&self) -> String {
        self.pos.to_text()
    }

    /// The legal moves `[{text, from, to, captures, piece, promotion, kind}]`, as `koma moves
    /// --format json`.
    pub fn moves(&mut self) -> Result<JsValue, JsError> {
        let moves = self.pos.moves();
        let infos: Vec<_> = moves
            .iter()
            .map(|m| game::move_info(&self.pos, m))
            .collect();
        to_js(&infos)
    }

    /// Plays the move written `text` (a `text` of `moves()`); throws when it is not legal here
    /// or the game has ended.
    pub fn play(&mut self, text: &str) -> Result<(), JsError> {
        if let Some(result) = self.pos.result() {
            return Err(game::GameError::Ended(result).into());
        }
        let mv = self.pos.parse_move(text)?;
        self.pos.make(&mv);
        self.played += 1;
        Ok(())
    }

    /// Takes back the last move played; false when there is none.
    pub fn undo(&mut self) -> bool {
        if self.played == 0 {
            return false;
        }
        self.pos.unmake();
        self.played -= 1;
        true
    }

    /// `{winner, score, reason}` when the game has ended, `null` otherwise.
    pub fn result(&mut self) -> Result<JsValue, JsError> {
        to_js(&self.pos.result().map(game::result_info))
    }

    /// The number of leaf positions `depth` plies ahead (`koma perft`).
    pub fn perft(&mut self, depth: u32) -> f64 {
        self.pos.perft(depth) as f64
    }

    /// The engine's move (its text), searching to `depth` plies or for `millis`
    /// milliseconds, whichever ends first (at most 60 s; 2 s when neither is set);
    /// `undefined` when there is no legal move. It blocks: call it from a Web Worker.
    pub fn search(&mut self, depth: Option<u32>, millis: Option<f64>) -> Option<String> {
        let limits = Limits::bounded(depth, millis.map(|ms| ms.max(0.0) as u64));
        let mv = EngineSearch.pick(&mut self.pos, limits, &AtomicBool::new(false))?;
        Some(self.pos.move_text(&mv))
    }
}

fn to_js<T: Serialize>(value: &T) -> Result<JsValue, JsError> {
    let json = serde_json::to_string(value)?;
    js_sys::JSON::parse(&json).map_err(|_| JsError::new("JSON the browser cannot read"))
}

fn from_js<T: DeserializeOwned>(value: &JsValue) -> Result<T, JsError> {
    let json: String = js_sys::JSON::stringify(value)
        .map_err(|_| JsError::new("an argument that is not JSON"))?
        .into();
    Ok(serde_json::from_str(&json)?)
}
