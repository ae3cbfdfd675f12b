//! `queens classify`'s arguments resolved once into what the run needs: [`Job`].

use super::args::ClassifyArgs;
use super::input::{Input, input};
use crate::commands::{CommandError, output_destination};
use crate::output::Destination;
use queens::formats::classify_stream::Options;

/// `classify`'s arguments resolved: the input opened, the output checked.
pub struct Job {
    /// Where the boards come from.
    pub input: Input,
    /// What is written: format, notation, size.
    pub options: Options,
    /// The option that chose the output notation, for its messages: `--format` or
    /// `--notation`.
    pub notation_option: &'static str,
    /// Where the table goes.
    pub dest: Destination,
    /// `--quiet`.
    pub quiet: bool,
}

/// Resolves `args` (a usage error, before any work, if they cannot be run).
pub fn resolve(args: &ClassifyArgs) -> Result<Job, CommandError> {
    let (format, notation) = args.layout().map_err(CommandError::Usage)?;
    let dest = output_destination(args.output.as_deref())?;
    let input = input(args)?;
    Ok(Job {
        input,
        options: Options {
            format: format.table_format(),
            notation,
            size: args.size,
        },
        notation_option: if args.format.notation().is_some() {
            "--format"
        } else {
            "--notation"
        },
        dest,
        quiet: args.quiet,
    })
}
