//! Reading variant files: the one function that opens a file the user names (only regular
//! files, at most [`MAX_SOURCE_BYTES`]), and the loaders an `extends` chain reads its parents
//! through (from disk, or from memory in tests).

use std::collections::HashMap;
use std::fmt;
use std::io::Read;
use std::path::{Path, PathBuf};

use crate::limits::MAX_SOURCE_BYTES;

/// Why a file could not be read.
#[derive(Debug)]
pub enum ReadError {
    /// The operating system refused (no such file, permission denied, ...).
    Io(std::io::Error),
    /// Not a regular file: a folder, a named pipe, a device, a socket. Reading one could block
    /// forever (a pipe) or never end (`/dev/zero`).
    NotRegular { kind: &'static str },
    /// Larger than the limit the caller gave.
    TooLarge { limit: u64 },
}

impl ReadError {
    /// Whether the file does not exist (as opposed to existing and being unreadable).
    pub fn is_not_found(&self) -> bool {
        matches!(self, ReadError::Io(e) if e.kind() == std::io::ErrorKind::NotFound)
    }
}

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReadError::Io(e) => match e.kind() {
                std::io::ErrorKind::NotFound => f.write_str("no such file"),
                std::io::ErrorKind::PermissionDenied => f.write_str("permission denied"),
                _ => write!(f, "{e}"),
            },
            ReadError::NotRegular { kind } => write!(f, "it is {kind}, not a regular file"),
            ReadError::TooLarge { limit } => {
                write!(
                    f,
                    "it is larger than {} KiB, the most koma reads",
                    limit / 1024
                )
            }
        }
    }
}

impl std::error::Error for ReadError {}

impl From<std::io::Error> for ReadError {
    fn from(e: std::io::Error) -> ReadError {
        ReadError::Io(e)
    }
}

/// Reads the regular file at `path` (symbolic links followed) if it holds at most `limit`
/// bytes. The type is checked before opening, since opening a named pipe blocks until a
/// writer comes, and again on the open file; the read stops past `limit` bytes whatever the
/// file's size claims (files under `/proc` claim 0).
pub fn read_file(path: &Path, limit: u64) -> Result<Vec<u8>, ReadError> {
    regular(&std::fs::metadata(path)?)?;
    let file = std::fs::File::open(path)?;
    let metadata = file.metadata()?;
    regular(&metadata)?;
    if metadata.len() > limit {
        return Err(ReadError::TooLarge { limit });
    }
    let mut bytes = Vec::with_capacity(metadata.len() as usize);
    file.take(limit + 1).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > limit {
        return Err(ReadError::TooLarge { limit });
    }
    Ok(bytes)
}

/// Reads a variant source file: [`read_file`] with [`MAX_SOURCE_BYTES`].
pub fn read_source(path: &Path) -> Result<Vec<u8>, ReadError> {
    read_file(path, MAX_SOURCE_BYTES)
}

fn regular(metadata: &std::fs::Metadata) -> Result<(), ReadError> {
    let t = metadata.file_type();
    if t.is_file() {
        return Ok(());
    }
    let kind = if t.is_dir() {
        "a folder"
    } else if is_fifo(&t) {
        "a named pipe"
    } else {
        "a device or socket"
    };
    Err(ReadError::NotRegular { kind })
}

#[cfg(unix)]
fn is_fifo(t: &std::fs::FileType) -> bool {
    std::os::unix::fs::FileTypeExt::is_fifo(t)
}

#[cfg(not(unix))]
fn is_fifo(_: &std::fs::FileType) -> bool {
    false
}

/// Reads source files by path.
pub trait FileLoader {
    fn load(&self, path: &Path) -> Result<String, ReadError>;
}

/// Reads files from disk with [`read_source`].
#[derive(Clone, Copy, Debug, Default)]
pub struct DiskLoader;

impl FileLoader for DiskLoader {
    fn load(&self, path: &Path) -> Result<String, ReadError> {
        let bytes = read_source(path)?;
        // Invalid UTF-8 is reported by the caller on the original bytes; a parent file is
        // read leniently so its valid lines still parse.
        Ok(String::from_utf8_lossy(&bytes).into_owned())
    }
}

/// Files held in memory, by path: for tests and for tools that have no disk.
#[derive(Clone, Debug, Default)]
pub struct MemoryLoader {
    files: HashMap<PathBuf, String>,
}

impl MemoryLoader {
    pub fn new() -> MemoryLoader {
        MemoryLoader::default()
    }

    /// Adds (or replaces) the file at `path`.
    pub fn with(mut self, path: impl Into<PathBuf>, text: impl Into<String>) -> MemoryLoader {
        self.files.insert(path.into(), text.into());
        self
    }
}

impl FileLoader for MemoryLoader {
    fn load(&self, path: &Path) -> Result<String, ReadError> {
        let text = self.files.get(path).cloned().ok_or_else(|| {
            ReadError::Io(std::io::Error::new(
                std::io::ErrorKind::NotFound,
                format!("{} is not loaded", path.display()),
            ))
        })?;
        if text.len() as u64 > MAX_SOURCE_BYTES {
            return Err(ReadError::TooLarge {
                limit: MAX_SOURCE_BYTES,
            });
        }
        Ok(text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_regular_files_of_bounded_size_are_read() {
        let dir = std::env::temp_dir().join(format!("koma-loader-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("temp dir");
        let small = dir.join("small.koma");
        std::fs::write(&small, "variant \"S\"\n").expect("write");
        assert_eq!(read_file(&small, 64).expect("small").len(), 12);
        assert!(matches!(
            read_file(&small, 4),
            Err(ReadError::TooLarge { limit: 4 })
        ));
        assert!(matches!(
            read_file(&dir, 64),
            Err(ReadError::NotRegular { kind: "a folder" })
        ));
        if cfg!(unix) {
            // A device that never ends: refused before anything is read.
            let zero = read_file(Path::new("/dev/zero"), MAX_SOURCE_BYTES);
            assert!(
                matches!(zero, Err(ReadError::NotRegular { .. })),
                "{zero:?}"
            );
        }
        assert!(read_file(&dir.join("missing"), 64).is_err_and(|e| e.is_not_found()));
        std::fs::remove_dir_all(&dir).expect("clean up");
    }
}
