//! Reading the files a variant `extends`: from disk, or from memory in tests.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

/// Reads source files by path.
pub trait FileLoader {
    fn load(&self, path: &Path) -> std::io::Result<String>;
}

/// Reads files from disk.
#[derive(Clone, Copy, Debug, Default)]
pub struct DiskLoader;

impl FileLoader for DiskLoader {
    fn load(&self, path: &Path) -> std::io::Result<String> {
        let bytes = std::fs::read(path)?;
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
    fn load(&self, path: &Path) -> std::io::Result<String> {
        self.files.get(path).cloned().ok_or_else(|| {
            std::io::Error::new(
                std::io::ErrorKind::NotFound,
                format!("{} is not loaded", path.display()),
            )
        })
    }
}
