//! Writing the user's files without ever leaving one half written: `koma fmt`, `lint --fix`
//! and `koma book` all write through [`write_file`]. It lives in the compiler because the CLI
//! and the web crate (the book) both depend on it.

use std::fmt;
use std::io::Write;
use std::path::{Path, PathBuf};

/// What [`write_file`] did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Written {
    Created,
    /// A file was there and is now replaced.
    Replaced,
}

/// Why a file was not written. The file that was there, if any, is unchanged.
#[derive(Debug)]
pub enum WriteError {
    /// The path is a symbolic link: writing through it would change a file elsewhere, and
    /// replacing it would silently turn a link the user made into a file.
    Symlink(PathBuf),
    Io {
        path: PathBuf,
        error: std::io::Error,
    },
}

impl fmt::Display for WriteError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WriteError::Symlink(path) => write!(
                f,
                "`{}` is a symbolic link; koma does not write through links (remove it, or \
                 write to another folder)",
                path.display()
            ),
            WriteError::Io { path, error } => {
                write!(f, "cannot write `{}`: {error}", path.display())
            }
        }
    }
}

impl std::error::Error for WriteError {}

/// Writes `contents` to `path` all at once: into a new file in the same folder, flushed to
/// disk, then renamed over `path`. A failure at any point (disk full, quota, a signal) leaves
/// the old file as it was and removes the temporary one. A replaced file keeps its
/// permissions; a new one gets the usual ones (`0666` less the umask). A symbolic link at
/// `path` is refused, never followed or replaced; callers that edit a file where it really is
/// (`koma fmt`) resolve links first.
pub fn write_file(path: &Path, contents: &[u8]) -> Result<Written, WriteError> {
    let io = |error| WriteError::Io {
        path: path.to_path_buf(),
        error,
    };
    let existing = match std::fs::symlink_metadata(path) {
        Ok(m) if m.file_type().is_symlink() => return Err(WriteError::Symlink(path.into())),
        Ok(m) => Some(m),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => None,
        Err(e) => return Err(io(e)),
    };
    let dir = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    let mut builder = tempfile::Builder::new();
    builder.prefix(".koma-").suffix(".tmp");
    #[cfg(unix)]
    builder.permissions(std::os::unix::fs::PermissionsExt::from_mode(0o666));
    let mut temp = builder.tempfile_in(dir).map_err(io)?;
    // Through the file itself: the temporary file's own writer adds its path to errors.
    temp.as_file_mut().write_all(contents).map_err(io)?;
    if let Some(m) = &existing {
        temp.as_file()
            .set_permissions(m.permissions())
            .map_err(io)?;
    }
    temp.as_file().sync_all().map_err(io)?;
    temp.persist(path).map_err(|e| io(e.error))?;
    Ok(if existing.is_some() {
        Written::Replaced
    } else {
        Written::Created
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("koma-write-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("scratch folder");
        dir
    }

    #[test]
    fn a_file_is_created_then_replaced_keeping_its_permissions() {
        let dir = scratch("replace");
        let path = dir.join("a.koma");
        assert_eq!(write_file(&path, b"one").expect("create"), Written::Created);
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = std::fs::Permissions::from_mode(0o640);
            std::fs::set_permissions(&path, mode).expect("chmod");
        }
        assert_eq!(
            write_file(&path, b"two").expect("replace"),
            Written::Replaced
        );
        assert_eq!(std::fs::read(&path).expect("read"), b"two");
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = std::fs::metadata(&path).expect("stat").permissions().mode();
            assert_eq!(mode & 0o777, 0o640);
        }
        let names: Vec<_> = std::fs::read_dir(&dir).expect("list").flatten().collect();
        assert_eq!(names.len(), 1, "no temporary file is left behind");
        std::fs::remove_dir_all(&dir).expect("clean up");
    }

    #[cfg(unix)]
    #[test]
    fn a_symbolic_link_is_refused_and_its_target_untouched() {
        let dir = scratch("link");
        let target = dir.join("victim.txt");
        std::fs::write(&target, "victim").expect("write");
        let link = dir.join("index.html");
        std::os::unix::fs::symlink(&target, &link).expect("symlink");
        let refused = write_file(&link, b"page");
        assert!(
            matches!(refused, Err(WriteError::Symlink(_))),
            "{refused:?}"
        );
        assert_eq!(std::fs::read_to_string(&target).expect("read"), "victim");
        assert!(
            std::fs::symlink_metadata(&link)
                .expect("stat")
                .file_type()
                .is_symlink()
        );
        std::fs::remove_dir_all(&dir).expect("clean up");
    }

    #[test]
    fn a_failed_write_leaves_the_old_file_and_no_temporary_one() {
        // The folder cannot take a new file: the rename never happens and the old file stays.
        let dir = scratch("fail");
        let path = dir.join("missing-folder").join("a.koma");
        assert!(matches!(
            write_file(&path, b"x"),
            Err(WriteError::Io { .. })
        ));
        std::fs::remove_dir_all(&dir).expect("clean up");
    }
}
