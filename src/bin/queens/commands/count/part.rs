//! `queens count --part`: a part of the plan, one [`PartRow`] per size, to be merged.

use super::checkpoint;
use super::job::PartJob;
use crate::commands::resumable::run_part;
use crate::commands::{CommandError, build_plan, install_signals, to_stdout, warn_if_long};
use crate::output::{Body, Destination, deliver};
use queens::formats::part_row::{self, PartRow};
use queens::formats::table::sizes_text;
use queens::rules::{Group, Surface};

/// Runs `queens count --part`: one part row per board size.
pub fn run(job: &PartJob) -> Result<(), CommandError> {
    let (part, csv, human, job) = (job.part, &job.csv, job.human, &job.job);
    let rules = job.search.rules.rules();
    if rules.surface == Surface::Torus && rules.group() == Group::Square {
        // A part holds no classes (its tally gives them under either group): the group is
        // chosen by merge, whose default on the torus is the torus group. Said before any
        // work, and even with --quiet: it decides the merged result.
        crate::note(
            "queens: note: a part holds no classes, so --symmetries square is not kept in it: \
             the group is chosen when the parts are merged; give `queens merge --symmetries \
             square` (without it the classes are under the torus group)",
        );
    }
    install_signals()?;
    let mut rows: Vec<PartRow> = Vec::new();
    for &n in &job.sizes {
        let plan = build_plan(n, &job.search)?;
        if job.warn {
            warn_if_long(plan.as_ref(), part, &job.search, &[]);
        }
        let checkpoint = checkpoint::for_size(job, n, part);
        let outcome = run_part(
            plan.as_ref(),
            part,
            &job.search,
            checkpoint::journal(job, checkpoint.as_deref()),
            job.quiet,
        )?;
        rows.push(PartRow::from_finished(&outcome));
    }
    // The CSV is what `merge` reads: where its file fails, it goes to stdout too.
    let body = |w: &mut dyn std::io::Write| part_row::write_csv(&rows, w);
    let ns: Vec<usize> = rows.iter().map(|r| r.n).collect();
    let what = format!(
        "part rows for n = {} (CSV, for queens merge)",
        sizes_text(&ns)
    );
    let outputs: Vec<(&Destination, Body)> = csv.iter().map(|d| (d, &body as Body)).collect();
    let written = deliver(&outputs, Some(&body), &what);
    // The human lines, unless the CSV or `-o` took stdout, or the CSV went there instead of
    // its file (then stdout carries it alone, for `queens merge`).
    if human && written.is_ok() {
        to_stdout(
            rows.iter()
                .map(PartRow::human)
                .collect::<String>()
                .as_bytes(),
        )?;
    }
    crate::commands::rows::failure(written).map_or(Ok(()), Err)
}
