//! Where `verify` writes: its lines, and the rows as CSV, JSON or Markdown.

use super::args::VerifyArgs;
use crate::commands::{self as common, CommandError, exports};
use crate::output::Destination;
use queens::formats::export::Format;
use queens::formats::table::Row;

/// Where `verify` writes: its PASS/FAIL lines (on stdout, or to `-o FILE`), and the rows as
/// CSV, JSON or Markdown (`--csv`, `--json`, `--markdown`, `--format`), each written once the
/// last size is checked.
pub struct Outputs {
    pub lines_on_stdout: bool,
    lines_to: Option<Destination>,
    csv: Option<Destination>,
    exports: exports::Exports,
}

impl Outputs {
    /// Checks every destination of `args` before any work.
    pub fn plan(args: &VerifyArgs) -> Result<Outputs, CommandError> {
        common::refuse_outputs_that_are_inputs(
            &args.outputs.named(),
            &[(
                "--known",
                args.known.known.as_deref().map(std::path::Path::new),
            )],
        )?;
        let csv = common::csv_destination(args.outputs.file(Format::Csv))?;
        let exports = exports::plan(&args.outputs, csv.as_ref())?;
        let lines_to = common::human_destination(args.outputs.human_to.as_deref())?;
        let stdout_taken = exports.use_stdout() || csv == Some(Destination::Stdout);
        Ok(Outputs {
            lines_on_stdout: !stdout_taken && !args.outputs.redirected(),
            lines_to,
            csv,
            exports,
        })
    }

    /// Writes the outputs other than the lines streamed on stdout.
    pub fn write(
        &self,
        rows: &[Row],
        lines: &str,
        meta: &queens::formats::export::RunMeta,
    ) -> Result<(), CommandError> {
        if let Some(dest) = &self.lines_to {
            dest.write_with(|w| w.write_all(lines.as_bytes()))?;
        }
        if let Some(dest) = &self.csv {
            dest.write_with(|w| queens::formats::table::write_csv(rows, w))?;
        }
        self.exports.write(rows, meta)
    }
}
