//! `queens count --part`: a part of the plan (a [`PartRow`], to be merged), and where
//! `--checkpoint` puts the checkpoint of each size.

use super::CommandError;
use super::resumable::run_part;
use crate::cli::CountArgs;
use crate::output::Destination;
use queens::formats::export::Format;
use queens::formats::part_row::{self, PartRow};
use queens::plan::Part;
use queens::plan::part::PartSpec;
use queens::storage::checkpoint::{self, RunIdentity};
use std::io::Write;
use std::path::PathBuf;

/// Checks `--checkpoint` before any work. With several board sizes (or a folder that
/// exists) it names a folder holding one checkpoint per size ([`checkpoint_for`]), created here
/// if it does not exist (its parent must); an existing file there is a usage error.
pub fn check_checkpoint(args: &CountArgs) -> Result<(), CommandError> {
    let Some(path) = &args.checkpoint else {
        return Ok(());
    };
    check_existing_checkpoints(args)?;
    if path.is_dir() || args.sizes.0.len() == 1 {
        return Ok(());
    }
    if path.exists() {
        return Err(CommandError::Usage(format!(
            "--checkpoint '{}': with several board sizes it names a folder (one checkpoint per \
             size in it), but this is a file",
            path.display()
        )));
    }
    std::fs::create_dir(path).map_err(|e| {
        CommandError::Usage(format!(
            "--checkpoint: cannot create the folder '{}': {e}",
            path.display()
        ))
    })
}

/// The part `--part` names (the whole plan without it); `None` when it cannot be resolved
/// (that error comes later, where the part is used).
fn part_of(args: &CountArgs) -> Option<Part> {
    match &args.part {
        None => Some(Part::WHOLE),
        Some(spec) => spec.resolve().ok(),
    }
}

/// The checkpoint file of every board size of the run (see [`checkpoint_for`]).
pub fn checkpoints(args: &CountArgs) -> Vec<PathBuf> {
    let Some(part) = part_of(args) else {
        return Vec::new();
    };
    args.sizes
        .0
        .iter()
        .filter_map(|&n| checkpoint_for(args, n, part))
        .collect()
}

/// Refuses, before any size is counted, a checkpoint already there that another running
/// count holds (locked) or that belongs to another run (another engine, split or part: a
/// folder of checkpoints used with other options), rather than on reaching its size after the
/// earlier sizes were counted.
fn check_existing_checkpoints(args: &CountArgs) -> Result<(), CommandError> {
    let Some(part) = part_of(args) else {
        return Ok(());
    };
    for &n in &args.sizes.0 {
        let Some(path) = checkpoint_for(args, n, part) else {
            continue;
        };
        if !path.is_file() {
            continue;
        }
        let plan = super::build_plan(n, &args.search)?;
        checkpoint::check(&path, &RunIdentity::of(plan.as_ref(), part)).map_err(|e| {
            if e.is_io() {
                CommandError::Io(e.to_string())
            } else {
                CommandError::Usage(format!("{e} (nothing was counted)"))
            }
        })?;
    }
    Ok(())
}

/// The checkpoint of board size `n` and `part` under `--checkpoint PATH`: PATH itself for a
/// single size, else (several sizes, or PATH an existing folder) `PATH/n17.ckpt`, or
/// `PATH/n17.part3of64.ckpt` for a part other than the whole.
pub fn checkpoint_for(args: &CountArgs, n: usize, part: Part) -> Option<PathBuf> {
    let path = args.checkpoint.as_deref()?;
    if args.sizes.0.len() == 1 && !path.is_dir() {
        return Some(path.to_path_buf());
    }
    let name = if part == Part::WHOLE {
        format!("n{n}.ckpt")
    } else {
        format!("n{n}.part{}of{}.ckpt", part.res(), part.modulus())
    };
    Some(path.join(name))
}

/// Runs `queens count --part` with the part `spec`: one part row per board size.
pub fn run(args: &CountArgs, spec: &PartSpec, quiet: bool) -> Result<(), CommandError> {
    let csv = super::csv_destination(args.outputs.file(Format::Csv))?;
    let part = spec.resolve().map_err(CommandError::Usage)?;
    let mut rows: Vec<PartRow> = Vec::new();
    for &n in &args.sizes.0 {
        let plan = super::build_plan(n, &args.search)?;
        if !quiet && !args.yes {
            super::warn_if_long(plan.as_ref(), part, &args.search, &[]);
        }
        let checkpoint = checkpoint_for(args, n, part);
        let outcome = run_part(
            plan.as_ref(),
            part,
            &args.search,
            checkpoint.as_deref(),
            quiet,
        )?;
        rows.push(PartRow::from_finished(&outcome));
    }
    let human = || -> std::io::Result<()> {
        let mut out = std::io::stdout().lock();
        for r in &rows {
            out.write_all(r.human().as_bytes())?;
        }
        out.flush()
    };
    match &csv {
        Some(Destination::Stdout) => {
            Destination::Stdout.write_with(|w| part_row::write_csv(&rows, w))?
        }
        Some(dest) => {
            dest.write_with(|w| part_row::write_csv(&rows, w))?;
            human()?;
        }
        None => human()?,
    }
    Ok(())
}
