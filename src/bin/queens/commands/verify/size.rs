//! One size of `queens verify`: counted once, or twice with `--two-ways`, and judged.

use super::job::Job;
use super::verdict::{disagreement, verdict_line};
use crate::cli::SearchArgs;
use crate::commands::{CommandError, build_plan, compute_counts, warn_if_long};
use queens::formats::table::Row;
use queens::plan::Part;
use queens::runner::Split;

/// Counts size `n` as `job` asks (`rows`: the sizes checked before it, for the warning before
/// a long size): whether it passed, its `PASS …`/`FAIL …` line, and its row.
pub fn check(job: &Job, n: usize, rows: &[Row]) -> Result<(bool, String, Row), CommandError> {
    let plan = build_plan(n, &job.search)?;
    if job.warn {
        warn_if_long(plan.as_ref(), Part::WHOLE, &job.search, rows);
    }
    let counts = compute_counts(n, &job.search, None, job.quiet)?;
    let second_split = Split::second_of_two_ways(n);
    let mut second = if job.two_ways {
        let other = SearchArgs {
            split: second_split.into(),
            ..job.search
        };
        Some(compute_counts(n, &other, None, job.quiet)?)
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
    row.reverify(&job.known);
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
        .then(|| format!("{} and {second_split}", Split::from(job.search.split)));
    let (passed, line) = verdict_line(&row, &job.known, pair.as_deref(), &summary, disagreement);
    Ok((passed, line, row))
}
