//! The usage checks of `count`'s arguments that span groups: the files it reads, which no
//! output may be, and what `--part` refuses.

use super::args::CountArgs;
use super::checkpoint;
use super::job::Job;
use crate::commands::CommandError;
use queens::formats::export::Format;
use queens::plan::Part;
use std::path::{Path, PathBuf};

/// The files `count` reads whatever it counts: `--known`, `--given @FILE`, `--blocked @FILE`.
pub fn read_files(args: &CountArgs) -> Vec<(&'static str, Option<&Path>)> {
    let known = args.known.known.as_deref().map(Path::new);
    let given = args.given.files();
    [("--known", known)].into_iter().chain(given).collect()
}

/// The checkpoint and, in a `--checkpoint` folder, the checkpoint file of each size of
/// `part` (`None`: the whole sizes): inputs too.
pub fn checkpoints(job: &Job, part: Option<&Result<Part, String>>) -> Vec<PathBuf> {
    let part = match part {
        None => Some(Part::WHOLE),
        Some(p) => p.as_ref().ok().copied(),
    };
    let files = checkpoint::all(job, part);
    job.checkpoint.iter().cloned().chain(files).collect()
}

/// Every input of a count: [`read_files`], then the `checkpoints` ([`checkpoints`]).
pub fn inputs<'a>(
    args: &'a CountArgs,
    checkpoints: &'a [PathBuf],
) -> Vec<(&'a str, Option<&'a Path>)> {
    let journals = checkpoints
        .iter()
        .map(|p| ("--checkpoint", Some(p.as_path())));
    read_files(args).into_iter().chain(journals).collect()
}

/// Refuses an output (`--csv`, an export, `-o`) that is another's file or also an input
/// ([`inputs`]): the rule every command's outputs are checked under.
pub fn refuse_overlaps(args: &CountArgs, checkpoints: &[PathBuf]) -> Result<(), CommandError> {
    crate::output::refuse_outputs_that_are_inputs(&args.outputs.named(), &inputs(args, checkpoints))
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
    if args.known.known.is_some() {
        // A part holds no result to verify: ignoring the file would look like a check.
        return refuse(
            "--known verifies whole results, not parts: give it to `queens merge` with the \
             parts",
        );
    }
    Ok(())
}
