//! `queens count` with `--part` or `--checkpoint`: a part of the plan (a [`PartRow`], to be
//! merged), or a whole result computed resumably (written like any `count` result).

use super::CommandError;
use super::resumable::run_part;
use crate::cli::{CountArgs, SearchArgs};
use crate::output::Destination;
use crate::part::Part;
use crate::part_row::{self, PartRow};
use crate::plan::{self, Plan};
use crate::table::Row;
use std::io::Write;
use std::path::Path;

/// The plan of the engine and kernel that `search` asks for.
fn build_plan(n: usize, search: &SearchArgs) -> Result<Box<dyn Plan>, CommandError> {
    let kernel = search.kernel.resolve().map_err(CommandError::Usage)?;
    Ok(plan::build_with_kernel(n, search.engine, kernel))
}

/// Refuses `--checkpoint` with more than one board size (one checkpoint file per run).
pub fn check_checkpoint(args: &CountArgs) -> Result<(), CommandError> {
    if args.checkpoint.is_some() && args.sizes.0.len() != 1 {
        return Err(CommandError::Usage(
            "--checkpoint needs exactly one board size (one checkpoint file per run)".to_string(),
        ));
    }
    Ok(())
}

/// The whole result for `n`, computed resumably with the checkpoint at `path`: the same row as
/// a plain `queens count`.
pub fn resumable_row(
    n: usize,
    search: &SearchArgs,
    path: &Path,
    quiet: bool,
) -> Result<Row, CommandError> {
    let plan = build_plan(n, search)?;
    let outcome = run_part(plan.as_ref(), Part::WHOLE, search, Some(path), quiet)?;
    Row::from_run(plan.as_ref(), &outcome).map_err(|e| CommandError::Failed(e.to_string()))
}

/// Runs `queens count --part`: one part row per board size.
pub fn run(args: &CountArgs, quiet: bool) -> Result<(), CommandError> {
    let csv = args.csv.as_deref().map(Destination::parse);
    if let Some(dest) = &csv {
        dest.check().map_err(CommandError::Usage)?;
    }
    let Some(spec) = &args.part else {
        return Err(CommandError::Usage("no --part given".to_string()));
    };
    let part = spec.resolve().map_err(CommandError::Usage)?;
    let checkpoint = args.checkpoint.as_deref();
    let mut rows: Vec<PartRow> = Vec::new();
    for &n in &args.sizes.0 {
        let plan = build_plan(n, &args.search)?;
        let outcome = run_part(plan.as_ref(), part, &args.search, checkpoint, quiet)?;
        rows.push(PartRow::from_run(plan.as_ref(), part, &outcome));
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
