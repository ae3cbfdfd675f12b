//! `queens list`'s arguments resolved once into what the run needs: [`Job`].

use super::args::ListArgs;
use super::board_arg::board_arg_read;
use crate::commands::{CommandError, output_destination};
use crate::output::Destination;
use crate::output_args::ListFormat;
use queens::board::Solution;
use queens::board::notation::Notation;
use queens::formats::export::Format;

/// `list`'s arguments resolved: the formats checked, `--orbit`'s board read.
pub struct Job {
    /// The board size.
    pub n: usize,
    /// `--classes`.
    pub classes: bool,
    /// `--limit`.
    pub limit: Option<u64>,
    /// The table format of `--classes` (JSON, Markdown), if one is asked for.
    pub table: Option<Format>,
    /// The notation of the boards.
    pub notation: Notation,
    /// `--orbit`'s board.
    pub orbit: Option<Solution>,
    /// Where the list goes.
    pub dest: Destination,
    /// `--quiet`.
    pub quiet: bool,
}

/// Resolves `args` (a usage error, before any work, if they cannot be run).
pub fn resolve(args: &ListArgs) -> Result<Job, CommandError> {
    let table = args.format.and_then(ListFormat::table_format);
    if table.is_some() && !args.classes {
        return Err(CommandError::Usage(
            "--format json and markdown write the table of --classes (class, canonical, \
             symmetry, class_size); list every board with --format csv or leetcode"
                .to_string(),
        ));
    }
    let given = args.format.and_then(ListFormat::notation);
    if let Some(notation) = given {
        notation
            .check_n(args.n)
            .map_err(|e| CommandError::Usage(format!("--format {notation}: {e}")))?;
    }
    let orbit = args
        .orbit
        .as_deref()
        .map(|text| board_arg_read(text, args.from, args.n, "--orbit"))
        .transpose()?;
    // --orbit's class is written in the notation its board was given in, unless --format says.
    let notation = given
        .or(orbit.as_ref().map(|&(_, read)| read))
        .unwrap_or(Notation::Cols);
    Ok(Job {
        n: args.n,
        classes: args.classes,
        limit: args.limit,
        table,
        notation,
        orbit: orbit.map(|(board, _)| board),
        dest: output_destination(args.output.as_deref())?,
        quiet: args.quiet,
    })
}
