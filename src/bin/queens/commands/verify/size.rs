//! One size of `queens verify`: counted once, or twice with `--two-ways`, and judged
//! ([`verify_line`]).

use super::job::Job;
use crate::cli::SearchArgs;
use crate::commands::{CommandError, build_plan, compute_counts, warn_if_long};
use queens::Verdict;
use queens::formats::table::Row;
use queens::formats::verify_line::{Ways, verify_line};
use queens::plan::Engine;
use queens::plan::Part;
use queens::runner::Split;

/// Counts size `n` as `job` asks (`rows`: the sizes checked before it, for the warning before
/// a long size): whether it passed, its `PASS …`/`FAIL …` line, and its row.
pub fn check(job: &Job, n: usize, rows: &[Row]) -> Result<(bool, String, Row), CommandError> {
    if job.warn {
        let plan = build_plan(n, &job.search)?;
        warn_if_long(plan.as_ref(), Part::WHOLE, &job.search, rows);
    }
    let counts = compute_counts(n, &job.search, job.quiet)?;
    let rules = job.search.rules.rules();
    // The second way: the other plan of the symmetric engine; on the torus, whose symmetric
    // engine has one plan, the enumerate engine's plain search.
    let torus = !Split::OuterRing.supports(&rules);
    let second_split = match rules.is_queens() {
        true => Split::second_of_two_ways(n),
        false => Split::OuterRing, // the border split counts queens only
    };
    let second = if job.two_ways {
        let other = match torus {
            true => SearchArgs {
                engine: Engine::Enumerate,
                ..job.search
            },
            false => SearchArgs {
                split: second_split,
                ..job.search
            },
        };
        Some(compute_counts(n, &other, job.quiet)?)
    } else {
        None
    };
    let mut row = Row::from_counts(&counts);
    row.reverify(&job.known);
    // The two ways, named in the verdict: `ring and outer-ring`, `symmetric and enumerate`.
    let pair = match torus {
        true => "symmetric and enumerate engines".to_string(),
        false => format!("{} and {second_split}", job.search.split),
    };
    let ways = match &second {
        None => Ways::One,
        Some(c) if c.plan == counts.plan => Ways::OnePlan(&c.plan),
        Some(c) => Ways::Two {
            pair: &pair,
            first: &counts,
            second: c,
        },
    };
    let (passed, line) = verify_line(&row, &job.known, ways);
    // Nothing to compare with, and the two ways agree: the row's record says so.
    if passed && row.verdict == Verdict::Unknown && matches!(ways, Ways::Two { .. }) {
        row.verdict = Verdict::TwoWays;
    }
    Ok((passed, line, row))
}
