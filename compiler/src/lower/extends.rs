//! Following `extends`: loading and parsing the chain of parent files.

use std::path::{Component, Path, PathBuf};

use koma_grammar::ast::{File, MetadataValue};

use crate::codes;
use crate::diagnostic::{Diagnostic, FileId, SourceMap};
use crate::limits::MAX_EXTENDS_DEPTH;
use crate::loader::FileLoader;
use crate::parse::{location, parse};

/// One parsed file of an `extends` chain.
#[derive(Debug)]
pub(crate) struct Unit {
    pub file: FileId,
    pub path: PathBuf,
    pub ast: File,
}

/// The chain starting at `first`: the file itself, then its parent, grandparent, ...
pub(crate) fn load_chain(
    first: Unit,
    sources: &mut SourceMap,
    loader: &dyn FileLoader,
    diagnostics: &mut Vec<Diagnostic>,
) -> Vec<Unit> {
    let mut chain = vec![first];
    while let Some(unit) = chain.last() {
        let Some(extends) = unit.ast.metadata.iter().find_map(|m| match &m.value {
            MetadataValue::Extends(e) => Some(e.clone()),
            _ => None,
        }) else {
            break;
        };
        let at = location(unit.file, extends.span);
        let path = resolve(&unit.path, &extends.value);
        if chain.len() > MAX_EXTENDS_DEPTH
            || chain.iter().any(|u| normalize(&u.path) == normalize(&path))
        {
            diagnostics.push(
                Diagnostic::error(
                    codes::EXTENDS_CYCLE,
                    format!("`{}` extends itself through its parents", extends.value),
                    at,
                    "this leads back to a file already in the chain",
                )
                .with_help("a variant can extend another only if that one does not extend it back"),
            );
            break;
        }
        let text = match loader.load(&path) {
            Ok(text) => text,
            Err(error) if error.is_not_found() => {
                diagnostics.push(
                    Diagnostic::error(
                        codes::EXTENDS_NOT_FOUND,
                        format!("cannot find the variant `{}`", extends.value),
                        at,
                        format!("no file `{}`", path.display()),
                    )
                    .with_help("the path is relative to this file, and `.koma` may be left out"),
                );
                break;
            }
            Err(error) => {
                diagnostics.push(
                    Diagnostic::error(
                        codes::UNREADABLE_FILE,
                        format!("cannot read the variant `{}`: {error}", extends.value),
                        at,
                        format!("`{}` is not read", path.display()),
                    )
                    .with_help("`extends` names a variant source file (`.koma`)"),
                );
                break;
            }
        };
        let file = sources.add(path.display().to_string(), text.clone());
        let (ast, errors) = parse(file, &text);
        diagnostics.extend(errors);
        chain.push(Unit { file, path, ast });
    }
    chain
}

/// The file `target` names, relative to the file at `from`, with `.koma` added if left out.
pub(crate) fn resolve(from: &Path, target: &str) -> PathBuf {
    let base = from.parent().unwrap_or(Path::new(""));
    let mut path = base.join(target);
    if path.extension().is_none_or(|e| e != "koma") {
        let mut name = path.into_os_string();
        name.push(".koma");
        path = PathBuf::from(name);
    }
    path
}

/// `path` with `.` and `dir/..` removed, so two spellings of one file compare equal.
fn normalize(path: &Path) -> PathBuf {
    let mut out: Vec<Component<'_>> = Vec::new();
    for component in path.components() {
        match component {
            Component::CurDir => {}
            Component::ParentDir if matches!(out.last(), Some(Component::Normal(_))) => {
                out.pop();
            }
            other => out.push(other),
        }
    }
    out.iter().collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parents_resolve_next_to_the_child() {
        assert_eq!(
            resolve(Path::new("variants/kuuzen.koma"), "dai-shogi"),
            PathBuf::from("variants/dai-shogi.koma")
        );
        assert_eq!(
            resolve(Path::new("kuuzen.koma"), "x/dai.koma"),
            PathBuf::from("x/dai.koma")
        );
        assert_eq!(
            normalize(Path::new("a/./b/../c.koma")),
            PathBuf::from("a/c.koma")
        );
    }
}
