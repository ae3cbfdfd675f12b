//! `queens verify`: compute board sizes and compare with the published values, one line per
//! size as it finishes; SIGINT/SIGTERM stop it within a second, naming the unfinished size.

use super::{CommandError, known_table};
use crate::cli::{EngineArg, SearchArgs, SplitArg, VerifyArgs};
use crate::output::Destination;
use queens::formats::export::Format;
use queens::formats::table::Row;
use queens::plan::Part;
use queens::runner::Split;
use queens::verify::{Source, Verdict};
use std::io::Write;

/// The columns on which two complete counts of one size differ, or `None` if they agree on
/// every one (total, the three class types, the half- and quarter-turn fixed boards).
pub fn disagreement(a: &queens::Counts, b: &queens::Counts) -> Option<String> {
    let columns = [
        ("total", a.total, b.total),
        ("asymmetric", a.classes.asymmetric, b.classes.asymmetric),
        ("half_turn", a.classes.half_turn, b.classes.half_turn),
        (
            "quarter_turn",
            a.classes.quarter_turn,
            b.classes.quarter_turn,
        ),
        ("fixed by a half turn", a.fixed_half_turn, b.fixed_half_turn),
        (
            "fixed by a quarter turn",
            a.fixed_quarter_turn,
            b.fixed_quarter_turn,
        ),
    ];
    let differ: Vec<String> = columns
        .iter()
        .filter(|(_, x, y)| x != y)
        .map(|(name, x, y)| format!("{name} {x} ({}) against {y} ({})", a.plan, b.plan))
        .collect();
    (!differ.is_empty()).then(|| differ.join(", "))
}

/// Runs `queens verify`: one PASS/FAIL line per size on stdout.
pub fn run(args: &VerifyArgs, quiet: bool) -> Result<(), CommandError> {
    if args.two_ways
        && (args.search.engine != EngineArg::Symmetric || args.search.split != SplitArg::Ring)
    {
        return Err(CommandError::Usage(
            "--two-ways counts with both plans of the symmetric engine: leave out --engine and \
             --split"
                .to_string(),
        ));
    }
    let known = known_table(&args.known)?;
    let outputs = Outputs::plan(args)?;
    let meta = queens::formats::export::RunMeta::now(args.search.threads.map(usize::from))
        .verified_against(known.source());
    let mut lines = String::new();
    let mut failures = 0usize;
    let mut rows: Vec<Row> = Vec::new();
    super::install_signals()?;
    // The sizes are checked in a closure so that a stop (an error naming the unfinished size)
    // still writes the outputs of the sizes checked before it, as `count` does.
    let mut check_all = || -> Result<(), CommandError> {
        for &n in &args.sizes.0 {
            let plan = super::build_plan(n, &args.search)?;
            if !quiet && !args.yes {
                super::warn_if_long(plan.as_ref(), Part::WHOLE, &args.search, &rows);
            }
            // A stop is an error naming the unfinished size; the sizes checked are printed above
            // (or written to -o's file) and in the other outputs.
            let counts = super::compute_counts(n, &args.search, None, quiet)?;
            let second_split = Split::second_of_two_ways(n);
            let mut second = if args.two_ways {
                let other = SearchArgs {
                    split: second_split.into(),
                    ..args.search
                };
                Some(super::compute_counts(n, &other, None, quiet)?)
            } else {
                None
            };
            // A size both splits hand to the same plan (n = 0: the enumerate search) is checked one
            // way only, and says so, rather than claiming that two plans agree.
            let one_plan = second.take_if(|c| c.plan == counts.plan).map(|c| {
                format!(
                    " (one way only: both splits count n = {n} with plan {})",
                    c.plan
                )
            });
            let mut row = Row::from_counts(&counts);
            row.reverify(&known);
            let summary = format!(
                "n={}: total {}, classes {} ({} asymmetric, {} half_turn, {} quarter_turn)",
                row.n,
                row.total,
                row.classes.total(),
                row.classes.asymmetric,
                row.classes.half_turn,
                row.classes.quarter_turn
            ) + one_plan.as_deref().unwrap_or("");
            let disagreement = second.as_ref().and_then(|c| disagreement(&counts, c));
            // The two splits, named in the verdict: `ring and outer-ring`.
            let pair = second
                .is_some()
                .then(|| format!("{} and {second_split}", Split::from(args.search.split)));
            let (passed, line) =
                verdict_line(&row, &known, pair.as_deref(), &summary, disagreement);
            failures += usize::from(!passed);
            if outputs.lines_on_stdout {
                let mut out = std::io::stdout().lock();
                writeln!(out, "{}", crate::style::verdicts(&line, true))?;
                out.flush()?;
            }
            lines += &line;
            lines.push('\n');
            rows.push(row);
        }
        Ok(())
    };
    let checked = check_all();
    // A run stopped before any size was checked leaves the outputs as they were (as `count`).
    if checked.is_ok() || !rows.is_empty() {
        outputs.write(&rows, &lines, &meta)?;
    }
    checked?;
    super::rows::note_nodes_not_compared(&rows, &known);
    if failures == 0 {
        Ok(())
    } else {
        Err(CommandError::Failed(format!(
            "{failures} of {} failed verification",
            queens::board::plural(args.sizes.0.len() as u64, "board size")
        )))
    }
}

/// Where `verify` writes: its PASS/FAIL lines (on stdout, or to `-o FILE`), and the rows as
/// CSV, JSON or Markdown (`--csv`, `--json`, `--markdown`, `--format`), each written once the
/// last size is checked.
struct Outputs {
    lines_on_stdout: bool,
    lines_to: Option<Destination>,
    csv: Option<Destination>,
    exports: super::exports::Exports,
}

impl Outputs {
    /// Checks every destination of `args` before any work.
    fn plan(args: &VerifyArgs) -> Result<Outputs, CommandError> {
        super::refuse_outputs_that_are_inputs(
            &args.outputs.named(),
            &[(
                "--known",
                args.known.known.as_deref().map(std::path::Path::new),
            )],
        )?;
        let csv = super::csv_destination(args.outputs.file(Format::Csv))?;
        let exports = super::exports::plan(&args.outputs, csv.as_ref())?;
        let lines_to = super::human_destination(args.outputs.human_to.as_deref())?;
        let stdout_taken = exports.use_stdout() || csv == Some(Destination::Stdout);
        Ok(Outputs {
            lines_on_stdout: !stdout_taken && !args.outputs.redirected(),
            lines_to,
            csv,
            exports,
        })
    }

    /// Writes the outputs other than the lines streamed on stdout.
    fn write(
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

/// Whether a size passed, and its `PASS …`/`FAIL …` line: `summary` with the verdict of
/// `row` against `known`, and with `two_ways` (the two splits, `ring and outer-ring`) the
/// second plan's agreement (`disagreement`: the columns on which the two plans differ).
fn verdict_line(
    row: &Row,
    known: &queens::verify::KnownTable,
    two_ways: Option<&str>,
    summary: &str,
    disagreement: Option<String>,
) -> (bool, String) {
    match (&row.verdict, two_ways, disagreement) {
        (_, _, Some(what)) => (
            false,
            format!("FAIL {summary}: the two plans disagree: {what}"),
        ),
        (Verdict::Verified, None, _) => (true, format!("PASS {summary}")),
        (Verdict::Verified, Some(_), _) => (
            true,
            format!("PASS {summary}: both plans agree, and with the published values"),
        ),
        (Verdict::Unknown, None, _) => (
            false,
            format!(
                "FAIL {summary}: no published value to compare with (--two-ways verifies \
                 it with two independent plans)"
            ),
        ),
        (Verdict::Unknown, Some(pair), _) => (
            true,
            format!("PASS {summary}: both plans agree on every column ({pair}; nothing published)"),
        ),
        (Verdict::Mismatch(_), _, _) => (
            false,
            match known.source() {
                Source::Published => format!("FAIL {summary}: {}", row.verdict.describe()),
                source @ Source::File(_) => format!(
                    "FAIL {summary}: {}: {}",
                    source.against(),
                    row.verdict.describe_against(source)
                ),
            },
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn disagreement_names_every_column_that_differs_and_both_plans() {
        let a = queens::count(8).unwrap();
        assert_eq!(disagreement(&a, &a), None);
        let mut b = a.clone();
        b.plan = "symmetric-border-burnside-v1".into();
        b.total += 8;
        b.classes.asymmetric += 1;
        let what = disagreement(&a, &b).unwrap();
        assert!(
            what.starts_with(
                "total 92 (symmetric-ring-v9) against 100 (symmetric-border-burnside-v1)"
            ),
            "{what}"
        );
        assert!(what.contains("asymmetric 11"), "{what}");
        assert!(!what.contains("half_turn"), "{what}");
    }
}
