//! The usage checks of `count`'s arguments that span groups: outputs that are also inputs,
//! and what `--part` refuses.

use super::args::CountArgs;
use super::checkpoint;
use super::job::Job;
use crate::commands::CommandError;
use queens::formats::export::Format;
use queens::plan::Part;

/// Refuses an output (`--csv`, an export) that is also an input (`--known`, a checkpoint).
pub fn refuse_overlaps(
    args: &CountArgs,
    job: &Job,
    part: Option<&Result<Part, String>>,
) -> Result<(), CommandError> {
    // The checkpoint files in a --checkpoint folder are inputs too.
    let part = match part {
        None => Some(Part::WHOLE),
        Some(p) => p.as_ref().ok().copied(),
    };
    let checkpoints = checkpoint::all(job, part);
    let known = args.known.known.as_deref().map(std::path::Path::new);
    let inputs: Vec<(&str, Option<&std::path::Path>)> = [
        ("--checkpoint", job.checkpoint.as_deref()),
        ("--known", known),
    ]
    .into_iter()
    .chain(
        checkpoints
            .iter()
            .map(|p| ("--checkpoint", Some(p.as_path()))),
    )
    .collect();
    crate::output::refuse_outputs_that_are_inputs(&args.outputs.named(), &inputs)
        .map_err(CommandError::Usage)
}

/// The usage checks of `--part`: no whole-result exports, no n = 0.
pub fn check_part_args(args: &CountArgs) -> Result<(), CommandError> {
    let refuse = |m: &str| Err(CommandError::Usage(m.to_string()));
    if args.outputs.human_to.is_some() {
        return refuse(
            "a part is written as CSV for `queens merge`: give --csv FILE (or --format csv -o \
             FILE), not -o with --format human",
        );
    }
    if args
        .outputs
        .files()
        .any(|(info, _)| info.name != Format::Csv.name())
    {
        return Err(CommandError::Usage(format!(
            "{} export whole results, not parts: give them to `queens merge` with the parts",
            args.outputs.exports_text()
        )));
    }
    if args.sizes.0.contains(&0) {
        return refuse(
            "n = 0 (the empty board) is a single unit, not split into parts: count it \
             without --part",
        );
    }
    Ok(())
}
