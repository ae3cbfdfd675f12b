//! Output destinations: stdout, or a file written atomically (a temporary file in the same
//! directory, renamed over the target only once complete), so a failed or interrupted run never
//! leaves a half-written or truncated file behind.

use std::fs;
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};

/// Where a result goes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Destination {
    /// Standard output.
    Stdout,
    /// A file, replaced atomically.
    File(PathBuf),
}

impl Destination {
    /// `-` means stdout; anything else is a file path.
    pub fn parse(text: &str) -> Destination {
        if text == "-" {
            Destination::Stdout
        } else {
            Destination::File(PathBuf::from(text))
        }
    }

    /// Checks, before any work is done, that the file can be created: its directory exists
    /// and the path is not a directory itself. Returns a one-line message otherwise.
    pub fn check(&self) -> Result<(), String> {
        let Destination::File(path) = self else {
            return Ok(());
        };
        if path.is_dir() {
            return Err(format!("'{}' is a directory, not a file", path.display()));
        }
        let dir = parent_dir(path);
        if !dir.is_dir() {
            return Err(format!(
                "cannot write '{}': the directory '{}' does not exist",
                path.display(),
                dir.display()
            ));
        }
        Ok(())
    }

    /// Writes through `body`: to stdout directly, or to a temporary file renamed over the
    /// target when `body` succeeds (and deleted when it fails).
    pub fn write_with<F>(&self, body: F) -> io::Result<()>
    where
        F: FnOnce(&mut dyn Write) -> io::Result<()>,
    {
        match self {
            Destination::Stdout => {
                let stdout = io::stdout();
                let mut w = BufWriter::with_capacity(1 << 16, stdout.lock());
                body(&mut w)?;
                w.flush()
            }
            Destination::File(path) => {
                let tmp = tempfile::Builder::new()
                    .prefix(".queens-")
                    .suffix(".tmp")
                    .tempfile_in(parent_dir(path))?;
                let mut w = BufWriter::with_capacity(1 << 16, tmp);
                body(&mut w)?;
                let tmp = w.into_inner().map_err(|e| e.into_error())?;
                tmp.as_file().sync_all()?;
                tmp.persist(path).map_err(|e| e.error)?;
                Ok(())
            }
        }
    }
}

/// The directory a file lives in (`.` for a bare file name).
fn parent_dir(path: &Path) -> PathBuf {
    match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    }
}

/// Writes `contents` to `path` atomically.
pub fn write_file_atomically(path: &Path, contents: &[u8]) -> io::Result<()> {
    Destination::File(path.to_path_buf()).write_with(|w| w.write_all(contents))
}

/// Reads a whole file, or stdin for `-`.
pub fn read_input(path: &str) -> io::Result<String> {
    if path == "-" {
        io::read_to_string(io::stdin())
    } else {
        fs::read_to_string(path)
    }
}
