//! The inputs of the commands: a file, or stdin for `-`.

use crate::storage::bounded;
use std::fs;
use std::io::{self, Read};

/// Opens an input for streaming: a file, or stdin for `-`. A directory is refused here, as
/// `it is a directory` (opening one succeeds; only its first read would fail, and then be
/// taken for a file of the wrong contents).
pub fn open_input(path: &str) -> io::Result<Box<dyn Read>> {
    if path == "-" {
        return Ok(Box::new(io::stdin()));
    }
    let file = fs::File::open(path)?;
    if file.metadata()?.is_dir() {
        return Err(io::Error::new(
            io::ErrorKind::IsADirectory,
            "it is a directory",
        ));
    }
    Ok(Box::new(file))
}

/// Reads a whole file, or stdin for `-`: lines of at most 1 MiB, at most 64 MiB in all
/// ([`bounded`]), so an endless input (`/dev/zero`) fails at once with a message that names
/// it.
pub fn read_input(path: &str) -> io::Result<String> {
    let name = if path == "-" { "stdin" } else { path };
    bounded::read_to_string(open_input(path)?).map_err(|e| match bounded::Overlong::find(&e) {
        Some(o) => io::Error::new(io::ErrorKind::InvalidData, o.describe(name)),
        None => e,
    })
}
