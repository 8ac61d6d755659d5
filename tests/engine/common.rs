//! Loading variants and running a protocol state machine synchronously.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use koma_engine::driver::{Protocol, Reply, run_request};
use koma_engine::{Searcher, Variant};
use koma_runtime::Tables;

pub fn tables(file: &str) -> Arc<Tables> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("variants")
        .join(file);
    tables_at(&path)
}

pub fn tables_at(path: &Path) -> Arc<Tables> {
    let loaded = koma_compiler::load(path);
    let variant = loaded.variant.expect("shipped variant compiles");
    Arc::new(Tables::new(koma_compiler::emit(&variant)))
}

pub fn xboard_variants(files: &[&str]) -> Vec<Variant> {
    files
        .iter()
        .map(|f| Variant::named_for_xboard(tables(f)))
        .collect()
}

/// Feeds lines to a protocol, running every search it asks for to the end at once, and
/// returns everything it wrote.
pub fn converse(p: &mut impl Protocol, lines: &[&str]) -> Vec<String> {
    let mut searcher = Searcher::new(4);
    let mut out = Vec::new();
    for line in lines {
        let mut replies: Vec<Reply> = p.handle(line);
        while !replies.is_empty() {
            let mut next = Vec::new();
            for r in replies {
                match r {
                    Reply::Line(l) => out.push(l),
                    Reply::Search(req) => {
                        let stop = AtomicBool::new(false);
                        let result = run_request(&mut searcher, &req, &stop, &mut |l| out.push(l));
                        next.extend(p.finished(req.id, &result));
                    }
                    Reply::Stop | Reply::Quit => {}
                }
            }
            replies = next;
        }
    }
    out
}

/// An outside program on PATH or in /usr/games, where Debian installs xboard and hachu.
pub fn find_program(program: &str) -> Option<PathBuf> {
    let path = std::env::var_os("PATH").unwrap_or_default();
    std::env::split_paths(&path)
        .chain([PathBuf::from("/usr/games")])
        .map(|d| d.join(program))
        .find(|p| p.is_file())
}
