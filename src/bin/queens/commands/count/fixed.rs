//! `queens count N --fixed-only[=WAY]`: only the boards fixed by a half turn (P) and by a
//! quarter turn (R), counted one way or both and written by the library
//! ([`queens::console::fixed::run`]); here, what it refuses.

use super::args::CountArgs;
use crate::commands::{CommandError, install_signals};
use queens::KernelChoice;
use queens::console::fixed::{self, FixedError};
use queens::console::outputs::Destinations;
use queens::formats::export::Format;
use queens::plan::Engine;

/// Runs `count --fixed-only`: every option checked first, then each size, each way.
pub fn run(args: &CountArgs, way: queens::fixed::Ways, quiet: bool) -> Result<(), CommandError> {
    let s = &args.search;
    let markdown = args.outputs.written("--markdown");
    let refused = [
        (args.given.has_squares(), "--given (or --blocked)"),
        (args.part.is_some(), "--part"),
        (args.checkpoint.is_some(), "--checkpoint"),
        (args.outputs.file(Format::Bfile).is_some(), "--bfile"),
        (
            args.outputs.file(Format::Markdown).is_some(),
            markdown.as_str(),
        ),
        (args.outputs.columns().is_some(), "--columns"),
        (args.known.known.is_some(), "--known"),
        (s.engine != Engine::Symmetric, "--engine"),
        (s.kernel != KernelChoice::Auto, "--kernel"),
        (s.split != queens::Split::Ring, "--split"),
    ];
    fixed::refuse(&refused, &args.sizes.0).map_err(CommandError::Usage)?;
    let s = s.resolved().map_err(CommandError::Usage)?;
    let rules = s.rules.rules();
    queens::fixed::check_rules(rules).map_err(|e| CommandError::Usage(e.to_string()))?;
    let inputs = super::checks::read_files(args);
    let dests = Destinations::check(&args.outputs, &inputs).map_err(CommandError::Usage)?;
    let meta = queens::formats::export::RunMeta::now(s.threads.map(usize::from)).under(rules);
    let stop = install_signals()?;
    crate::signals::set_stopping("the size being counted is cut short and not kept");
    let run = fixed::run(
        rules,
        &args.sizes.0,
        way.ways(),
        &meta,
        quiet,
        &dests,
        Some(stop),
    );
    match run {
        Err(FixedError::Usage(m)) => Err(CommandError::Usage(m)),
        Err(FixedError::Io(e)) => crate::commands::rows::failure(Err(e)).map_or(Ok(()), Err),
        Err(FixedError::Failed(m)) => Err(CommandError::Failed(m)),
        Ok(()) => Ok(()),
    }
}
