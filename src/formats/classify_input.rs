//! Where `queens classify`'s boards come from: boards given as arguments, or one file (or
//! stdin), as [`Input`]: what [`classify_all`](super::classify_stream::classify_all) reads.

use super::classify_stream::Source;
use crate::board::notation::Notation;
use crate::board::reader;
use crate::plan::stop::StopFlag;
use crate::storage::stoppable::Stoppable;
use std::fs::File;
use std::io::{self, BufRead, BufReader, Read};
use std::path::Path;

/// Opens FILE, or stdin for `-`, with its size when known; its reads ended by `stop`.
fn open(path: &str, stop: &StopFlag) -> Result<(Box<dyn BufRead>, Option<u64>), String> {
    let cannot = |e: &dyn std::fmt::Display| format!("cannot read '{path}': {e}");
    // Read on a thread of its own: a stop then ends a read that waits for input
    // ([`Stoppable`]).
    let stoppable = |inner: Box<dyn Read + Send>| -> Result<Box<dyn BufRead>, String> {
        let reads = Stoppable::new(inner, stop.clone()).map_err(|e| cannot(&e))?;
        Ok(Box::new(BufReader::with_capacity(1 << 16, reads)))
    };
    if path == "-" {
        return Ok((stoppable(Box::new(io::stdin()))?, None));
    }
    let meta = std::fs::metadata(path).map_err(|e| cannot(&e))?;
    if meta.is_dir() {
        return Err(cannot(&"it is a directory"));
    }
    // A FIFO's open waits for its writer: it is opened by the reading thread, so that a stop
    // ends that wait as it ends a read.
    #[cfg(unix)]
    if std::os::unix::fs::FileTypeExt::is_fifo(&meta.file_type()) {
        let fifo = OpenOnRead {
            path: path.into(),
            file: None,
        };
        return Ok((stoppable(Box::new(fifo))?, None));
    }
    let f = File::open(path).map_err(|e| cannot(&e))?;
    Ok((stoppable(Box::new(f))?, Some(meta.len())))
}

/// A file opened by its first read (a FIFO, whose open waits for a writer).
struct OpenOnRead {
    path: std::path::PathBuf,
    file: Option<File>,
}

impl Read for OpenOnRead {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        let file = match &mut self.file {
            Some(file) => file,
            None => self.file.insert(File::open(&self.path).map_err(|e| {
                io::Error::new(
                    e.kind(),
                    format!("cannot open '{}': {e}", self.path.display()),
                )
            })?),
        };
        file.read(out)
    }
}

/// Where the boards come from, and how messages name it.
pub struct Input {
    /// The boards: a file or stdin read line by line, or the boards given.
    pub source: Source<Box<dyn BufRead>>,
    /// The input in messages: `stdin`, `'f.txt'`, `the arguments`.
    pub name: String,
    /// The file's size, when known.
    pub size: Option<u64>,
    /// What the bad ones are counted among: `lines` or `boards given`.
    pub items: &'static str,
}

/// The input that `inputs` (files or boards) and `given` (`--board`s) name, read in `from`
/// (`None`: detected): an argument that names an existing file (or `-`) is a file, any other
/// is one board (and `--board` always is); one file, or boards, not both. An argument that is
/// neither a file nor a board is a usage message. A file's (or stdin's) reads end with an
/// error ([`Stoppable::is_stop`]) once `stop` is set, even one that waits for input.
pub fn input(
    inputs: &[String],
    given: &[String],
    from: Option<Notation>,
    stop: &StopFlag,
) -> Result<Input, String> {
    let mut files = Vec::new();
    let mut boards = Vec::new();
    for text in inputs {
        if text == "-" || Path::new(text).exists() {
            files.push(text.as_str());
            continue;
        }
        let mut raw = reader::parse_one(text, from).map_err(|why| {
            format!(
                "cannot read '{text}': no such file, and not a board either ({why}); give a \
                 board as one argument, e.g. 15863724 or \"0 4 7 5 2 6 1 3\""
            )
        })?;
        raw.line = boards.len() + 1;
        boards.push(raw);
    }
    for text in given {
        let mut raw = reader::parse_one(text, from)
            .map_err(|why| format!("--board '{text}': not a board: {why}"))?;
        raw.line = boards.len() + 1;
        boards.push(raw);
    }
    match (files.as_slice(), boards.is_empty()) {
        ([], false) => Ok(Input {
            source: Source::boards(boards),
            name: "the arguments".to_string(),
            size: None,
            items: "boards given",
        }),
        ([], true) | ([_], true) => {
            let path = files.first().copied().unwrap_or("-");
            let (input, size) = open(path, stop)?;
            let name = match path {
                "-" => "stdin".to_string(),
                path => format!("'{path}'"),
            };
            Ok(Input {
                source: Source::stream(input, from),
                name,
                size,
                items: "lines",
            })
        }
        ([file], false) if *file == "-" => Err("give boards or stdin ('-'), not both".to_string()),
        ([file], false) => Err(format!(
            "give boards or one file, not both: '{file}' is a file (use --board '{file}' for a \
             board of that name)"
        )),
        ([a, b, ..], _) => Err(format!(
            "one file at a time: '{a}' and '{b}' are both files (cat them into one input, or \
             classify each in its own run)"
        )),
    }
}
