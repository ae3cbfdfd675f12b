//! `queens classify`'s arguments resolved once into what the run needs: [`Job`].

use super::args::ClassifyArgs;
use crate::commands::CommandError;
use crate::output::Destination;
use queens::console::outputs::targets;
use queens::formats::classify_input::{Input, input};
use queens::formats::classify_stream::Options;
use queens::formats::export::Format;
use queens::plan::stop::StopFlag;
use std::path::Path;

/// `classify`'s arguments resolved: the input opened, the outputs checked.
pub struct Job {
    /// Where the boards come from.
    pub input: Input,
    /// What is written: notation, size.
    pub options: Options,
    /// The option that chose the output notation, for its messages: `--format` or
    /// `--notation`.
    pub notation_option: &'static str,
    /// Where each output goes: the human table (`None`), CSV, JSON, Markdown.
    pub targets: Vec<(Option<Format>, Destination)>,
    /// `--quiet`.
    pub quiet: bool,
}

/// Resolves `args` (a usage error, before any work, if they cannot be run); the input's
/// reads end once `stop` is set.
pub fn resolve(args: &ClassifyArgs, stop: &StopFlag) -> Result<Job, CommandError> {
    let (notation, notation_option) = args.notation().map_err(CommandError::Usage)?;
    // An argument that names an existing file is read as one: an input.
    let files = (args.inputs.iter()).filter(|f| Path::new(f).exists());
    let inputs: Vec<_> = files.map(|f| ("FILE", Some(Path::new(f)))).collect();
    let targets = targets(&args.outputs, &inputs).map_err(CommandError::Usage)?;
    args.rules.check_group().map_err(CommandError::Usage)?;
    Ok(Job {
        input: input(&args.inputs, &args.boards, args.from.notation(), stop)
            .map_err(CommandError::Usage)?,
        options: Options {
            notation,
            size: args.size,
            rules: args.rules.rules(),
            follow_input: args.rules.follow(),
        },
        notation_option,
        targets,
        quiet: args.quiet,
    })
}
