//! `queens list`'s arguments resolved once into what the run needs: [`Job`].

use super::args::ListArgs;
use super::board_arg::board_arg_read;
use crate::commands::CommandError;
use crate::output::Destination;
use queens::board::Solution;
use queens::board::notation::Notation;
use queens::console::outputs::targets;
use queens::formats::export::Format;

/// `list`'s arguments resolved: the formats checked, `--orbit`'s board read.
pub struct Job {
    /// The board size.
    pub n: usize,
    /// `--classes`.
    pub classes: bool,
    /// `--limit`.
    pub limit: Option<u64>,
    /// The notation of the boards.
    pub notation: Notation,
    /// `--orbit`'s board.
    pub orbit: Option<Solution>,
    /// Where each output goes: the list (`None`), the classes as JSON or Markdown.
    pub targets: Vec<(Option<Format>, Destination)>,
    /// `--quiet`.
    pub quiet: bool,
    /// `--piece`, `--board`.
    pub rules: queens::rules::Rules,
}

/// Resolves `args` (a usage error, before any work, if they cannot be run).
pub fn resolve(args: &ListArgs) -> Result<Job, CommandError> {
    if args.outputs.files().next().is_some() && !args.classes {
        return Err(CommandError::Usage(
            "--format json and markdown write the table of --classes (class, canonical, \
             symmetry, class_size); list every board with --format csv or leetcode"
                .to_string(),
        ));
    }
    let given = args.outputs.table_format().and_then(Notation::from_name);
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
    args.rules.check_group().map_err(CommandError::Usage)?;
    let rules = args.rules.rules();
    queens::console::rules::check_board(orbit.as_ref().map(|(b, _)| b), &rules, "--orbit")
        .map_err(CommandError::Usage)?;
    // --orbit's class is written in the notation its board was given in, unless --format says.
    let notation = given
        .or(orbit.as_ref().map(|&(_, read)| read))
        .unwrap_or(Notation::Cols);
    Ok(Job {
        n: args.n,
        classes: args.classes,
        limit: args.limit,
        notation,
        orbit: orbit.map(|(board, _)| board),
        targets: targets(&args.outputs, &args.given.files()).map_err(CommandError::Usage)?,
        quiet: args.quiet,
        rules,
    })
}
