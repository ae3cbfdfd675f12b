//! `queens profile`: nodes per depth of the search tree, verified where published.

use super::CommandError;
use crate::cli::ProfileArgs;
use crate::output::Destination;
use crate::progress::Progress;
use queens::plan::Engine;
use queens::runner;
use queens::search::constellation;
use queens::search::profile::{Profile, plain_profile_with, subtree_count};
use queens::search::symmetric_profile::symmetric_profile_with;
use queens::verify::{verify_profile, verify_symmetric_profile};
use std::io::{self, Write};

/// The CSV header of `--csv`: one row per (n, depth).
pub const CSV_HEADER: [&str; 5] = ["n", "engine", "depth", "nodes", "solutions"];

/// Writes profiles in the long CSV format of [`CSV_HEADER`].
pub fn write_csv(profiles: &[Profile], out: &mut dyn Write) -> io::Result<()> {
    let records = profiles.iter().flat_map(|p| {
        p.depths.iter().map(|d| {
            [
                p.n.to_string(),
                p.engine.name().to_string(),
                d.depth.to_string(),
                d.nodes.to_string(),
                d.solutions.to_string(),
            ]
        })
    });
    queens::formats::write_csv(&CSV_HEADER, records, out)
}

/// What a profile's depths and nodes mean, per engine.
fn legend(engine: Engine) -> &'static str {
    match engine {
        Engine::Enumerate => "nodes per depth of its search tree",
        Engine::Symmetric => {
            "depth = queens on the board; one border constellation per D4 orbit, unweighted; \
             the last two rows, which its kernels count by a closed form, are built here"
        }
    }
}

/// Renders one profile as an aligned table with a total line.
pub fn human(p: &Profile, verdict: &str) -> String {
    let total_nodes = p.total_nodes().map_or("overflow".into(), |v| v.to_string());
    let total_solutions = p
        .total_solutions()
        .map_or("overflow".into(), |v| v.to_string());
    let w = total_nodes.len().max("nodes".len());
    let ws = total_solutions.len().max("solutions".len());
    let mut out = format!(
        "n = {}, engine {} ({})\n",
        p.n,
        p.engine.name(),
        legend(p.engine)
    );
    out += &format!("{:>5}  {:>w$}  {:>ws$}\n", "depth", "nodes", "solutions");
    for d in &p.depths {
        out += &format!("{:>5}  {:>w$}  {:>ws$}\n", d.depth, d.nodes, d.solutions);
    }
    out += &format!(
        "{:>5}  {total_nodes:>w$}  {total_solutions:>ws$}\n",
        "total"
    );
    out += &format!("verified: {verdict}\n");
    out
}

/// Runs `queens profile`.
pub fn run(args: &ProfileArgs, quiet: bool) -> Result<(), CommandError> {
    let csv = super::csv_destination(args.csv.as_deref())?;
    let threads = args
        .threads
        .map_or_else(runner::available_threads, usize::from);
    let mut profiles = Vec::with_capacity(args.sizes.0.len());
    let mut failures = Vec::new();
    for &n in &args.sizes.0 {
        let (p, verdict) = match Engine::from(args.engine) {
            Engine::Enumerate => {
                let units = subtree_count(n) as u64;
                let progress = Progress::start(
                    super::progress_mode(quiet),
                    &format!("profile n={n}"),
                    units,
                    0.0,
                );
                let p =
                    plain_profile_with(n, threads, &|solutions| progress.unit_done(1, solutions));
                progress.finish();
                let verdict = verdict_text(
                    verify_profile(&p),
                    "yes (sum A319283, last depth A000170)".to_string(),
                    "unknown (no published node count)",
                    &mut failures,
                );
                (p, verdict)
            }
            Engine::Symmetric => {
                let orbits = constellation::orbits(n);
                let progress = Progress::start(
                    super::progress_mode(quiet),
                    &format!("profile n={n}"),
                    orbits.len() as u64,
                    0.0,
                );
                let sp = symmetric_profile_with(n, &orbits, threads, &|solutions| {
                    progress.unit_done(1, solutions)
                });
                progress.finish();
                let verdict = verdict_text(
                    verify_symmetric_profile(&sp),
                    format!(
                        "yes (solutions × orbit sizes = {} = A000170)",
                        sp.weighted_solutions
                    ),
                    "unknown (no published total)",
                    &mut failures,
                );
                (sp.profile, verdict)
            }
        };
        if csv != Some(Destination::Stdout) {
            let mut out = io::stdout().lock();
            if !profiles.is_empty() {
                writeln!(out)?;
            }
            out.write_all(human(&p, &verdict).as_bytes())?;
            out.flush()?;
        }
        profiles.push(p);
    }
    if let Some(dest) = &csv {
        dest.write_with(|w| write_csv(&profiles, w))?;
    }
    super::fail_on_mismatches(&failures)
}

/// The `verified:` text of a profile check (`Ok(true)` verified, `Ok(false)` nothing
/// published, `Err` a disagreement, which is also added to `failures`).
fn verdict_text(
    check: Result<bool, String>,
    yes: String,
    unknown: &str,
    failures: &mut Vec<String>,
) -> String {
    match check {
        Ok(true) => yes,
        Ok(false) => unknown.to_string(),
        Err(e) => {
            let text = format!("MISMATCH: {e}");
            failures.push(e);
            text
        }
    }
}
