//! `queens verify`'s arguments resolved once into what the run needs: [`Job`].

use super::args::VerifyArgs;
use crate::cli::SearchArgs;
use crate::commands::{CommandError, check_known_covers, table_job};
use queens::console::outputs::TableOutputs;
use queens::formats::export::RunMeta;
use queens::plan::Engine;
use queens::runner::Split;
use queens::verify::KnownTable;
use std::path::Path;

/// `verify`'s arguments resolved: what the run needs, every destination checked.
pub struct Job {
    /// The board sizes, in the order given.
    pub sizes: Vec<usize>,
    /// The search options, checked, `--threads 0` read as no `--threads`.
    pub search: SearchArgs,
    /// `--two-ways`.
    pub two_ways: bool,
    /// `--quiet`.
    pub quiet: bool,
    /// Whether to warn before a size that would take over an hour.
    pub warn: bool,
    /// The table the rows are verified against.
    pub known: KnownTable,
    /// Where the lines (the human table's places) and rows go.
    pub outputs: TableOutputs,
    /// The run's metadata, for the JSON export.
    pub meta: RunMeta,
}

/// Resolves `args` (a usage error, before any work, if they cannot be run).
pub fn resolve(args: VerifyArgs, quiet: bool) -> Result<Job, CommandError> {
    args.outputs.check().map_err(CommandError::Usage)?;
    let search = args.search.resolved().map_err(CommandError::Usage)?;
    if args.two_ways && (search.engine != Engine::Symmetric || search.split != Split::Ring) {
        return Err(CommandError::Usage(
            "--two-ways counts with both plans of the symmetric engine: leave out --engine and \
             --split"
                .to_string(),
        ));
    }
    let rules = search.rules.rules();
    // Two ways: the symmetric engine's two plans on the plane; on the torus its torus plan
    // and the enumerate engine.
    if args.two_ways && !Split::OuterRing.supports(&rules) && !Engine::Symmetric.supports(&rules) {
        return Err(CommandError::Usage(format!(
            "--two-ways counts with the symmetric engine and a second way, which the rules \
             {rules} do not have: they are counted one way, by the enumerate engine"
        )));
    }
    let known = [("--known", args.known.known.as_deref().map(Path::new))];
    let inputs: Vec<_> = known.into_iter().chain(args.given.files()).collect();
    let (outputs, known, meta) = table_job(
        &args.outputs,
        &inputs,
        &args.known,
        Some(rules),
        search.threads,
    )?;
    // Two ways verify without the file; one way, a file without any size asked verifies
    // nothing.
    if !args.two_ways {
        check_known_covers(&known, &args.sizes.0)?;
    }
    Ok(Job {
        sizes: args.sizes.0,
        search,
        two_ways: args.two_ways,
        quiet,
        warn: !quiet && !args.yes,
        known,
        outputs,
        meta,
    })
}
