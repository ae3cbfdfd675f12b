//! `queens list`: stream solutions in lexicographic order, in constant memory.

use super::CommandError;
use crate::board;
use crate::cli::{ListArgs, ListFormat};
use crate::output::Destination;
use crate::search::enumerate::for_each_solution;
use crate::symmetry::FastImages;
use std::io::{self, Write};
use std::ops::ControlFlow;

/// Writes the solutions `args` asks for to `out`.
pub fn write_solutions(args: &ListArgs, out: &mut dyn Write) -> io::Result<()> {
    let mut written: u64 = 0;
    let mut error: Option<io::Error> = None;
    let mut line: Vec<u8> = Vec::with_capacity((args.n + 1) * (args.n + 1));
    let mut board = String::new();
    let limit = args.limit.unwrap_or(u64::MAX);
    if limit == 0 {
        return Ok(());
    }
    for_each_solution(args.n, |cols| {
        if args.classes && !FastImages::new(cols).is_canonical() {
            return ControlFlow::Continue(());
        }
        line.clear();
        match args.format {
            ListFormat::Cols => {
                board::push_cols_bytes(&mut line, cols);
                line.push(b'\n');
            }
            ListFormat::Board => {
                if written > 0 {
                    line.push(b'\n');
                }
                board.clear();
                board::write_board(&mut board, cols).expect("writing to a String cannot fail");
                line.extend_from_slice(board.as_bytes());
            }
        }
        if let Err(e) = out.write_all(&line) {
            error = Some(e);
            return ControlFlow::Break(());
        }
        written += 1;
        if written >= limit {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    });
    error.map_or(Ok(()), Err)
}

/// Runs `queens list`.
pub fn run(args: &ListArgs) -> Result<(), CommandError> {
    let dest = args
        .output
        .as_deref()
        .map_or(Destination::Stdout, Destination::parse);
    dest.check().map_err(CommandError::Usage)?;
    match dest.write_with(|w| write_solutions(args, w)) {
        // A closed pipe (`queens list 16 | head`) is the reader's choice, not an error.
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => Ok(()),
        other => Ok(other?),
    }
}
