//! Output destinations of the commands: stdout, or a file written atomically
//! ([`queens::formats::atomic`]), and the inputs they read (a file, or stdin for `-`).

use queens::formats::atomic::{parent_dir, write_atomically};
use std::fs;
use std::io::{self, BufWriter, Write};
use std::path::PathBuf;

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
            Destination::File(path) => write_atomically(path, body),
        }
    }
}

/// Reads a whole file, or stdin for `-`.
pub fn read_input(path: &str) -> io::Result<String> {
    if path == "-" {
        io::read_to_string(io::stdin())
    } else {
        fs::read_to_string(path)
    }
}
