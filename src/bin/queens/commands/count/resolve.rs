//! `queens count`'s arguments resolved once into the [`Resolved`] job: every usage error is
//! found here, before any work, in the order the command line has always reported them.

use super::args::CountArgs;
use super::checkpoint;
use super::checks::{self, check_part_args, refuse_overlaps};
use super::job::{Job, PartJob, Resolved, WholeJob};
use crate::commands::{self as common, CommandError};
use crate::output::Destination;
use queens::console::outputs::check_bfile;
use queens::formats::export::Format;
use queens::plan::Part;
use std::path::PathBuf;

/// Resolves `args` (a usage error, before any work, if they cannot be run).
pub fn resolve(args: CountArgs, quiet: bool) -> Result<Resolved, CommandError> {
    args.outputs.check().map_err(CommandError::Usage)?;
    let search = args.search.resolved().map_err(CommandError::Usage)?;
    let part = args.part.as_ref().map(|spec| spec.resolve());
    let job = Job {
        sizes: args.sizes.0.clone(),
        search,
        checkpoint: args.checkpoint.clone(),
        checkpoint_every: args.checkpoint_every,
        quiet,
        warn: !quiet && !args.yes,
    };
    let checkpoints = checks::checkpoints(&job, part.as_ref());
    refuse_overlaps(&args, &checkpoints)?;
    match part {
        Some(part) => {
            check_part_args(&args)?;
            checkpoint::check(&job, part.as_ref().ok().copied())?;
            let csv = args.outputs.file(Format::Csv).map(Destination::checked);
            let csv = csv.transpose().map_err(CommandError::Usage)?;
            let part = part.map_err(CommandError::Usage)?;
            let human = csv != Some(Destination::Stdout) && !args.outputs.redirected();
            Ok(Resolved::Part(PartJob {
                job,
                part,
                csv,
                human,
            }))
        }
        None => whole(args, job, &checkpoints).map(|w| Resolved::Whole(Box::new(w))),
    }
}

/// Resolves the outputs of a count of whole sizes.
fn whole(args: CountArgs, job: Job, checkpoints: &[PathBuf]) -> Result<WholeJob, CommandError> {
    let rules = Some(job.search.rules.rules());
    let threads = job.search.threads;
    let inputs = checks::inputs(&args, checkpoints);
    let (outputs, known, meta) =
        common::table_job(&args.outputs, &inputs, &args.known, rules, threads)?;
    common::check_known_covers(&known, &job.sizes)?;
    let engine = job.search.engine().name();
    check_bfile(
        &args.outputs,
        &job.sizes,
        "give a range such as 1-14",
        &[engine],
        &[job.search.rules.rules()],
        false,
    )
    .map_err(CommandError::Usage)?;
    checkpoint::check(&job, Some(Part::WHOLE))?;
    Ok(WholeJob {
        job,
        known,
        outputs,
        meta,
    })
}
