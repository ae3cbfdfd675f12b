//! The outputs of a table of result rows (`count` of whole sizes, `merge`, `verify`):
//! [`TableOutputs`], the human table (on stdout, or `-o FILE`), `--csv`, and the exports
//! (`--json`, `--markdown`, `--bfile`), every destination checked before any work, then each
//! written atomically.

use super::{CommandError, optional_destination};
use crate::output::Destination;
use crate::output_args::{Layout, Outputs};
use queens::formats::export::{Exporter, Format, RunMeta};
use queens::formats::table::{self, Row};

/// The outputs of a table of rows, checked.
pub struct TableOutputs {
    /// `--csv`.
    pub csv: Option<Destination>,
    /// `--json`, `--markdown`, `--bfile`.
    pub exports: Exports,
    /// `-o FILE` with `--format human`: the human table goes there.
    pub human_file: Option<Destination>,
    /// Whether the human table goes to stdout: no other output takes it, no `-o FILE`.
    pub human_on_stdout: bool,
    /// The columns of the human table (`--columns`, or the default ones).
    pub human_columns: Vec<usize>,
}

impl TableOutputs {
    /// Checks every destination of `outputs` before any work (a usage error names the first
    /// that cannot be written), and refuses `--columns` where nothing it chooses is written:
    /// it picks the columns of the human table and of `--markdown`; CSV has every column.
    pub fn plan<L: Layout>(outputs: &Outputs<L>) -> Result<TableOutputs, CommandError> {
        let csv = optional_destination(outputs.file(Format::Csv))?;
        let exports = plan(outputs, csv.as_ref())?;
        let human_file = optional_destination(outputs.human_to.as_deref())?;
        // An export that goes to stdout replaces the human table there.
        let human = !exports.use_stdout() && csv != Some(Destination::Stdout);
        let columns = outputs.columns();
        if columns.is_some()
            && !human
            && human_file.is_none()
            && outputs.file(Format::Markdown).is_none()
        {
            return Err(CommandError::Usage(
                "--columns chooses the columns of the table on stdout and of --markdown, and \
                 neither is written here: CSV always has every column"
                    .to_string(),
            ));
        }
        Ok(TableOutputs {
            human_on_stdout: human && !outputs.redirected(),
            human_columns: columns.map_or_else(table::human_columns, <[_]>::to_vec),
            csv,
            exports,
            human_file,
        })
    }
}

/// The exports one run asks for, checked.
pub struct Exports {
    targets: Vec<(Destination, Box<dyn Exporter>)>,
}

/// Checks every export destination of `outputs` (its format flags but `--csv`, which the
/// command writes itself) before any work: a usage error (exit 2) names the first that cannot
/// be written. `csv` is the CSV destination, if any: at most one output may go to stdout. The
/// b-file's sizes are checked by [`check_bfile`].
pub fn plan<L: Layout>(
    outputs: &Outputs<L>,
    csv: Option<&Destination>,
) -> Result<Exports, CommandError> {
    let options = outputs.options();
    let mut on_stdout = usize::from(csv == Some(&Destination::Stdout));
    let mut targets = Vec::new();
    for (info, path) in outputs.files() {
        if info.name == Format::Csv.name() {
            continue;
        }
        let dest = Destination::parse(path);
        dest.check()
            .map_err(|e| CommandError::Usage(format!("{}: {e}", info.flag)))?;
        on_stdout += usize::from(dest == Destination::Stdout);
        targets.push((dest, (info.exporter)(&options)));
    }
    if on_stdout > 1 {
        return Err(CommandError::Usage(outputs.stdout_rule()));
    }
    Ok(Exports { targets })
}

/// Refuses a b-file that cannot be written, a usage error: board sizes that are not
/// consecutive and increasing (naming the gap, followed by `hint`, what to do about it), a
/// size below the sequence's OEIS offset, or A319283 of rows not all counted by the
/// enumerate engine (`engines`: the engine of each size, or of the run). A b-file that starts
/// after the offset gets a note on stderr (even with --quiet: it is about the output, not
/// progress). Anything goes without `--bfile`.
pub fn check_bfile<L: Layout>(
    outputs: &Outputs<L>,
    sizes: &[usize],
    hint: &str,
    engines: &[&str],
) -> Result<(), CommandError> {
    if outputs.file(Format::Bfile).is_none() {
        return Ok(());
    }
    let seq = outputs.sequence();
    if seq.needs_enumerate() && engines.iter().any(|e| *e != "enumerate") {
        return Err(CommandError::Usage(format!(
            "--bfile: {} counts the nodes of the plain backtracking tree: add --engine enumerate{}",
            seq.a_number(),
            if hint.starts_with("merge") {
                " to the counts of the parts"
            } else {
                ""
            }
        )));
    }
    seq.check_sizes(sizes)
        .map_err(|e| CommandError::Usage(format!("--bfile: {e} ({hint})")))?;
    seq.check_offset(sizes)
        .map_err(|e| CommandError::Usage(format!("--bfile: {e}")))?;
    if let Some(note) = seq.late_start_note(sizes) {
        crate::note(&note);
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
