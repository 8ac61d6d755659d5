//! Holds the modules to the layers that lib.rs's crate doc lists: every `crate::` path in a
//! module's code must name a module of the same layer or of an earlier one.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// The layers in lib.rs's "Layers" list, from the base up: each bullet's backticked module
/// names, before its `: `.
fn layers(lib: &str) -> Vec<Vec<String>> {
    let mut bullets: Vec<String> = Vec::new();
    let mut inside = false;
    for line in lib.lines() {
        let Some(doc) = line.strip_prefix("//!") else {
            break;
        };
        let doc = doc.trim_start();
        if doc.starts_with('#') {
            inside = doc == "# Layers";
        } else if inside && let Some(item) = doc.strip_prefix("- ") {
            bullets.push(item.to_string());
        } else if inside
            && line.starts_with("//!   ")
            && let Some(last) = bullets.last_mut()
        {
            last.push(' ');
            last.push_str(doc);
        }
    }
    bullets
        .iter()
        .map(|b| {
            let names = b.split(": ").next().unwrap_or_default();
            names
                .split('`')
                .skip(1)
                .step_by(2)
                .map(str::to_string)
                .collect()
        })
        .collect()
}

/// A module's code: its file (and, for a directory module, its submodules' files) without
/// comments and without the `#[cfg(test)]` part at the end.
fn code(src: &Path, module: &str) -> String {
    let mut files = vec![src.join(format!("{module}.rs"))];
    if let Ok(dir) = std::fs::read_dir(src.join(module)) {
        files.extend(dir.flatten().map(|e| e.path()));
    }
    let mut code = String::new();
    for file in files.iter().filter(|f| f.is_file()) {
        let text = std::fs::read_to_string(file).expect("a readable source file");
        let text = text.split("\n#[cfg(test)]").next().unwrap_or_default();
        for line in text.lines() {
            code.push_str(line.split("//").next().unwrap_or_default());
            code.push('\n');
        }
    }
    code
}

/// The modules a module's code names: `crate::m::...`, `crate::{m::..., n}`, and the crate
/// root's re-exports (`crate::Position` is `position`'s).
fn uses(code: &str, reexports: &BTreeMap<String, String>) -> BTreeSet<String> {
    let mut names = BTreeSet::new();
    for (i, _) in code.match_indices("crate::") {
        let rest = &code[i + "crate::".len()..];
        let group = match rest.strip_prefix('{') {
            Some(group) => group.split('}').next().unwrap_or_default(),
            None => rest,
        };
        for item in group.split(',').map(str::trim) {
            let first = item
                .split(|c: char| !c.is_alphanumeric() && c != '_')
                .next();
            let first = first.unwrap_or_default().to_string();
            names.insert(reexports.get(&first).cloned().unwrap_or(first));
            if rest.starts_with('{') {
                continue;
            }
            break;
        }
    }
    names
}

/// `pub use module::{A, B};` lines of lib.rs: each re-exported name and its module.
fn reexports(lib: &str) -> BTreeMap<String, String> {
    let mut map = BTreeMap::new();
    for line in lib.lines() {
        let Some(path) = line.strip_prefix("pub use ") else {
            continue;
        };
        let (module, items) = path.split_once("::").unwrap_or_default();
        for item in items.trim_matches(|c| "{};".contains(c)).split(',') {
            map.insert(item.trim().to_string(), module.to_string());
        }
    }
    map
}

#[test]
fn modules_use_only_their_own_and_earlier_layers() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let lib = std::fs::read_to_string(src.join("lib.rs")).expect("lib.rs");
    let layers = layers(&lib);
    let layer_of: BTreeMap<&str, usize> = layers
        .iter()
        .enumerate()
        .flat_map(|(i, names)| names.iter().map(move |n| (n.as_str(), i)))
        .collect();
    let declared: BTreeSet<&str> = lib
        .lines()
        .filter_map(|l| {
            l.strip_prefix("pub mod ")
                .or_else(|| l.strip_prefix("mod "))
        })
        .map(|l| l.trim_end_matches(';'))
        .filter(|m| *m != "layers")
        .collect();
    let listed: BTreeSet<&str> = layer_of.keys().copied().collect();
    assert_eq!(
        listed, declared,
        "lib.rs's layer list names every module once"
    );
    let reexports = reexports(&lib);
    let mut wrong = Vec::new();
    for (&module, &layer) in &layer_of {
        for used in uses(&code(&src, module), &reexports) {
            match layer_of.get(used.as_str()) {
                Some(&l) if l > layer => wrong.push(format!("{module} uses {used}")),
                _ => {}
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "uses of later layers (lib.rs, \"Layers\"): {wrong:?}"
    );
}

#[test]
fn reads_paths_groups_and_reexports() {
    let reexports = reexports("pub use position::Position;\npub use moves::{Move, MoveList};\n");
    let code =
        "use crate::spec::{A, B};\nuse crate::{bits::Bits, Position};\nfn f(m: crate::Move) {}";
    let expected = ["bits", "moves", "position", "spec"];
    assert_eq!(uses(code, &reexports), expected.map(String::from).into());
    let lib = "//! # Layers\n//!\n//! - `a`: base.\n//! - `b`, `c`,\n//!   `d`: the rest, with `e`.\n//!\n//! # Next\n//! - `f`: no layer.\n";
    let expected = vec![vec!["a"], vec!["b", "c", "d"]];
    assert_eq!(layers(lib), expected);
}
