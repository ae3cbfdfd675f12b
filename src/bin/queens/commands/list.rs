//! `queens list`: stream solutions in lexicographic order, in constant memory.

use super::CommandError;
use crate::cli::{ListArgs, ListFormat};
use queens::board::{self, Solution};
use queens::classify;
use queens::search::enumerate::for_each_solution;
use queens::symmetry::FastImages;
use std::io::{self, Write};
use std::ops::ControlFlow;

/// The CSV header of `--format csv`: plain, with `--classes`, with `--orbit`.
pub const CSV_HEADERS: [&str; 3] = [
    "index,solution",
    "index,canonical,symmetry,class_size",
    "index,solution,transforms",
];

/// Writes the class of `board` (`--orbit`): its distinct images in lexicographic order.
pub fn write_orbit(board: &Solution, args: &ListArgs, out: &mut dyn Write) -> io::Result<()> {
    if args.format == ListFormat::Csv {
        writeln!(out, "{}", CSV_HEADERS[2])?;
    }
    let limit = args.limit.unwrap_or(u64::MAX);
    for (i, member) in classify::orbit_members(board).iter().enumerate() {
        if i as u64 >= limit {
            break;
        }
        match args.format {
            ListFormat::Cols => writeln!(out, "{}", member.board)?,
            ListFormat::Board => {
                if i > 0 {
                    writeln!(out)?;
                }
                out.write_all(member.board.to_board_string().as_bytes())?;
            }
            ListFormat::Csv => {
                let names: Vec<&str> = member.from.iter().map(|t| t.name()).collect();
                writeln!(out, "{},{},{}", i + 1, member.board, names.join(" "))?;
            }
        }
    }
    Ok(())
}

/// Writes the solutions `args` asks for to `out`.
pub fn write_solutions(args: &ListArgs, out: &mut dyn Write) -> io::Result<()> {
    if let Some(board) = &args.orbit {
        return write_orbit(board, args, out);
    }
    let mut written: u64 = 0;
    let mut error: Option<io::Error> = None;
    let mut line: Vec<u8> = Vec::with_capacity((args.n + 1) * (args.n + 1));
    let mut board = String::new();
    let limit = args.limit.unwrap_or(u64::MAX);
    if args.format == ListFormat::Csv {
        writeln!(out, "{}", CSV_HEADERS[usize::from(args.classes)])?;
    }
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
            ListFormat::Csv if args.classes => {
                // Every field is digits and single spaces: no CSV quoting is ever needed.
                let info = classify::class_info((written + 1) as usize, cols);
                line.extend_from_slice(
                    format!(
                        "{},{},{},{}\n",
                        info.index, info.canonical, info.symmetry, info.class_size
                    )
                    .as_bytes(),
                );
            }
            ListFormat::Csv => {
                line.extend_from_slice(format!("{},", written + 1).as_bytes());
                board::push_cols_bytes(&mut line, cols);
                line.push(b'\n');
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
    let dest = super::output_destination(args.output.as_deref())?;
    if let Some(board) = &args.orbit
        && board.n() != args.n
    {
        return Err(CommandError::Usage(format!(
            "--orbit: the board has {} columns but N is {}",
            board.n(),
            args.n
        )));
    }
    match dest.write_with(|w| write_solutions(args, w)) {
        // A closed pipe (`queens list 16 | head`) is the reader's choice, not an error.
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => Ok(()),
        other => Ok(other?),
    }
}
