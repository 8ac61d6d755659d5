//! `koma diagram`: draw the moves of an XBetza string or of a piece of a variant file, as text,
//! SVG or JSON, with immobile dummy friends and enemies.

use std::io::IsTerminal;
use std::process::ExitCode;

use koma_compiler::diagnostic::{Diagnostic, Location, SourceMap, Span, did_you_mean};
use koma_compiler::diagram::{
    Scene, draw, draw_piece, piece_title, region_moves_at, render_json, render_svg, render_text,
};
use koma_compiler::ir::Variant;
use koma_compiler::xbetza::{BetzaProblem, BoardSize, Expansion, expand_templates};
use koma_runtime::spec::Coord;
use koma_runtime::spec::PieceType;

use super::{CliError, CommandResult, load_variant};
use crate::args::{DiagramArgs, DiagramFormat};
use crate::report;

/// What to draw: the moves, the empty scene they are drawn in, and a title.
struct Subject {
    moves: Moves,
    scene: Scene,
    betza: String,
    title: String,
}

/// An XBetza string's moves, or a variant's piece (whose moves and region depend on where it
/// stands).
enum Moves {
    Betza(Expansion),
    Piece(Box<Variant>, PieceType),
}

pub fn diagram(args: &DiagramArgs) -> CommandResult {
    let subject = match (&args.betza, &args.file, &args.piece) {
        (Some(betza), _, _) => match from_betza(betza, args.board.as_deref())? {
            Ok(subject) => subject,
            Err(code) => return Ok(code),
        },
        (None, Some(file), Some(piece)) => {
            if args.board.is_some() {
                return Err(CliError::Usage(
                    "`--board` only goes with `--betza`; a variant file has its own board"
                        .to_string(),
                ));
            }
            match from_file(file, piece, args.second)? {
                Ok(subject) => subject,
                Err(code) => return Ok(code),
            }
        }
        _ => {
            return Err(CliError::Usage(
                "give a variant file and a piece, or `--betza XBETZA`".to_string(),
            ));
        }
    };
    let scene = place(subject.scene.clone(), args)?;
    let (drawn, title, betza) = match &subject.moves {
        Moves::Betza(expansion) => (
            draw(expansion, &scene),
            subject.title.clone(),
            subject.betza.clone(),
        ),
        Moves::Piece(variant, piece) => {
            let piece = variant.piece(*piece);
            // On a square of an `in REGION` option the piece has that option's moves.
            let (title, betza) = match region_moves_at(variant, piece, &scene) {
                Some((betza, region)) => (
                    format!("{} (in {region}: {betza})", subject.title),
                    betza.to_string(),
                ),
                None => (subject.title.clone(), subject.betza.clone()),
            };
            (draw_piece(variant, piece, &scene), title, betza)
        }
    };
    let output = match args.format {
        DiagramFormat::Text => {
            let colour = std::io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none();
            format!("{title}\n{}", render_text(&drawn, colour))
        }
        DiagramFormat::Svg => render_svg(&drawn, &title),
        DiagramFormat::Json => render_json(&drawn, &betza),
    };
    crate::output::text(&output);
    Ok(ExitCode::SUCCESS)
}

/// `--betza`: expands the string on the `--board` (default 9x9), without the runtime's route
/// budget (the walker merges routes, so any string draws in time). XBetza errors are reported
/// and give exit code 1.
fn from_betza(betza: &str, board: Option<&str>) -> Result<Result<Subject, ExitCode>, CliError> {
    let board = parse_board(board.unwrap_or("9x9"))?;
    match expand_templates(betza, board) {
        Ok((expansion, warnings)) => {
            report_problems(betza, &warnings);
            Ok(Ok(Subject {
                moves: Moves::Betza(expansion),
                scene: Scene::centre(board),
                betza: betza.to_string(),
                title: format!("{betza} on {}x{}", board.files, board.ranks),
            }))
        }
        Err(problems) => {
            report_problems(betza, &problems);
            Ok(Err(ExitCode::from(1)))
        }
    }
}

/// Renders XBetza problems against the string itself, like diagnostics in a file.
fn report_problems(betza: &str, problems: &[BetzaProblem]) {
    if problems.is_empty() {
        return;
    }
    let mut sources = SourceMap::default();
    let file = sources.add("<betza>", betza);
    let text = Location::new(file, Span::new(0, betza.len()));
    let diagnostics: Vec<Diagnostic> = problems.iter().map(|p| p.diagnostic(text, "")).collect();
    report::eprint(&sources, &diagnostics);
}

/// `FILE PIECE`: the piece's lowered moves on the variant's board (`second`: the second
/// player's piece).
fn from_file(
    path: &std::path::Path,
    id: &str,
    second: bool,
) -> Result<Result<Subject, ExitCode>, CliError> {
    let variant = load_variant(path)?;
    let Some((ty, piece)) = variant.piece_by_id(id) else {
        let hint = did_you_mean(id, variant.pieces.iter().map(|p| p.id.as_str()))
            .map(|n| format!("; did you mean `{n}`?"))
            .unwrap_or_default();
        return Err(CliError::Usage(format!(
            "no piece `{id}` in `{}`{hint}",
            path.display()
        )));
    };
    Ok(Ok(Subject {
        scene: Scene::for_piece(&variant, piece, second),
        betza: piece.betza.clone(),
        title: piece_title(&variant, piece),
        moves: Moves::Piece(Box::new(variant), ty),
    }))
}

/// `WxH`, as many files and ranks as the language allows (the runtime's limits).
fn parse_board(text: &str) -> Result<BoardSize, CliError> {
    use koma_runtime::limits::{MAX_FILES, MAX_RANKS};
    let bad = || {
        CliError::Usage(format!(
            "bad board size `{text}`: write FILESxRANKS with 1..{MAX_FILES} files and \
             1..{MAX_RANKS} ranks, e.g. `9x9`"
        ))
    };
    let (w, h) = text.split_once(['x', 'X']).ok_or_else(bad)?;
    let files: u8 = w.trim().parse().map_err(|_| bad())?;
    let ranks: u8 = h.trim().parse().map_err(|_| bad())?;
    if !(1..=MAX_FILES).contains(&files) || !(1..=MAX_RANKS).contains(&ranks) {
        return Err(bad());
    }
    Ok(BoardSize { files, ranks })
}

/// Applies `--from`, `--friend`, `--enemy` and `--second` to the scene.
fn place(mut scene: Scene, args: &DiagramArgs) -> Result<Scene, CliError> {
    // The squares as the board names them, before any piece is placed.
    let board = scene.clone();
    let square = |text: &str, what: &str| -> Result<Coord, CliError> {
        board
            .parse_square(text)
            .filter(|c| !board.holes.contains(c))
            .ok_or_else(|| {
                CliError::Usage(format!(
                    "bad {what} square `{text}`: not a square of the {}x{} board",
                    board.board.files, board.board.ranks
                ))
            })
    };
    if let Some(from) = &args.from {
        scene.from = square(from, "--from")?;
    }
    let mut friends = Vec::new();
    for f in &args.friend {
        friends.push(square(f, "--friend")?);
    }
    let mut enemies = Vec::new();
    let mut royal = Vec::new();
    for e in &args.enemy {
        // `--enemy d7!` is a royal enemy, the only kind `k` moves capture.
        let (name, is_royal) = match e.strip_suffix('!') {
            Some(name) => (name, true),
            None => (e.as_str(), false),
        };
        let c = square(name, "--enemy")?;
        enemies.push(c);
        if is_royal {
            royal.push(c);
        }
    }
    for (c, text) in friends
        .iter()
        .chain(&enemies)
        .zip(args.friend.iter().chain(&args.enemy))
    {
        if *c == scene.from {
            return Err(CliError::Usage(format!(
                "`{text}` is the square the piece stands on"
            )));
        }
        if friends.contains(c) && enemies.contains(c) {
            return Err(CliError::Usage(format!(
                "`{text}` is given both as a friend and as an enemy"
            )));
        }
    }
    scene.friends = friends;
    scene.enemies = enemies;
    scene.royal_enemies = royal;
    scene.second = args.second;
    Ok(scene)
}
