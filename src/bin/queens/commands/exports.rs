//! The exports `queens count` and `queens merge` write besides their table (`--json`,
//! `--markdown`, `--bfile`): destinations checked before any work, then each written
//! atomically.

use super::CommandError;
use crate::cli::ExportArgs;
use crate::exports::bfile::{self, Bfile};
use crate::exports::json::Json;
use crate::exports::markdown::Markdown;
use crate::exports::{Exporter, RunMeta};
use crate::output::Destination;
use queens::formats::table::Row;

/// The exports one run asks for, checked.
pub struct Exports {
    targets: Vec<(Destination, Box<dyn Exporter>)>,
}

/// Checks every export destination of `args` before any work: a usage error (exit 2) names
/// the first that cannot be written. `csv` is the CSV destination, if any: at most one
/// output may go to stdout. The b-file's sizes are checked by [`check_bfile_sizes`].
pub fn plan(args: &ExportArgs, csv: Option<&Destination>) -> Result<Exports, CommandError> {
    let mut targets: Vec<(&str, Destination, Box<dyn Exporter>)> = Vec::new();
    if let Some(path) = &args.json {
        targets.push(("--json", Destination::parse(path), Box::new(Json)));
    }
    if let Some(path) = &args.markdown {
        targets.push(("--markdown", Destination::parse(path), Box::new(Markdown)));
    }
    if let Some(path) = &args.bfile {
        targets.push((
            "--bfile",
            Destination::parse(path),
            Box::new(Bfile(args.sequence)),
        ));
    }
    let mut on_stdout = usize::from(csv == Some(&Destination::Stdout));
    for (flag, dest, _) in &targets {
        dest.check()
            .map_err(|e| CommandError::Usage(format!("{flag}: {e}")))?;
        on_stdout += usize::from(*dest == Destination::Stdout);
    }
    if on_stdout > 1 {
        return Err(CommandError::Usage(
            "only one of --csv, --json, --markdown and --bfile can write to stdout (-)".into(),
        ));
    }
    Ok(Exports {
        targets: targets.into_iter().map(|(_, d, e)| (d, e)).collect(),
    })
}

/// Refuses a b-file of board sizes that are not consecutive and increasing: a usage error
/// naming the gap, followed by `hint` (what to do about it); anything goes without `--bfile`.
pub fn check_bfile_sizes(
    args: &ExportArgs,
    sizes: &[usize],
    hint: &str,
) -> Result<(), CommandError> {
    if args.bfile.is_some() {
        bfile::check_sizes(sizes)
            .map_err(|e| CommandError::Usage(format!("--bfile: {e} ({hint})")))?;
    }
    Ok(())
}

impl Exports {
    /// Whether an export writes to stdout (the human table is then left out).
    pub fn use_stdout(&self) -> bool {
        self.targets.iter().any(|(d, _)| *d == Destination::Stdout)
    }

    /// Writes every export of `rows`.
    pub fn write(&self, rows: &[Row], meta: &RunMeta) -> Result<(), CommandError> {
        for (dest, exporter) in &self.targets {
            dest.write_with(|w| exporter.write(rows, meta, w))?;
        }
        Ok(())
    }
}
