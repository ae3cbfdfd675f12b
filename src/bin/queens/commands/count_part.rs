//! `queens count --part`: a part of the plan (a [`PartRow`], to be merged), and the checks of
//! `--checkpoint` (the whole result with a checkpoint is [`super::compute_row`]'s).

use super::CommandError;
use super::resumable::run_part;
use crate::cli::CountArgs;
use crate::output::Destination;
use queens::formats::part_row::{self, PartRow};
use queens::plan::part::PartSpec;
use std::io::Write;

/// Refuses `--checkpoint` with more than one board size (one checkpoint file per run).
pub fn check_checkpoint(args: &CountArgs) -> Result<(), CommandError> {
    if args.checkpoint.is_some() && args.sizes.0.len() != 1 {
        return Err(CommandError::Usage(
            "--checkpoint needs exactly one board size (one checkpoint file per run)".to_string(),
        ));
    }
    Ok(())
}

/// Runs `queens count --part` with the part `spec`: one part row per board size.
pub fn run(args: &CountArgs, spec: &PartSpec, quiet: bool) -> Result<(), CommandError> {
    let csv = super::csv_destination(args.csv.as_deref())?;
    let part = spec.resolve().map_err(CommandError::Usage)?;
    let checkpoint = args.checkpoint.as_deref();
    let mut rows: Vec<PartRow> = Vec::new();
    for &n in &args.sizes.0 {
        let plan = super::build_plan(n, &args.search)?;
        let outcome = run_part(plan.as_ref(), part, &args.search, checkpoint, quiet)?;
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
