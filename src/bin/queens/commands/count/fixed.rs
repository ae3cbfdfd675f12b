//! `queens count N --fixed-only[=WAY]`: only the boards fixed by a half turn (P) and by a
//! quarter turn (R), counted by the library ([`queens::fixed::count_fixed`]) one way or both,
//! with the classes by type that follow from the published total, written by the library's
//! table of them ([`queens::fixed::table`]): the human table on stdout (or `-o FILE`), CSV and
//! JSON where their flags ask. The searches take seconds, so the rows are written once, at the
//! end; progress is a line on stderr per search finished.

use super::args::{CountArgs, FixedWay};
use crate::commands::CommandError;
use queens::KernelChoice;
use queens::console::outputs::Destinations;
use queens::console::stderr::note;
use queens::fixed::{FixedCounts, Turn, count_fixed, table};
use queens::formats::export::Format;
use queens::plan::Engine;
use std::sync::Mutex;
use std::time::Instant;

/// Runs `count --fixed-only`: every option checked first, then each size, each way.
pub fn run(args: &CountArgs, way: FixedWay, quiet: bool) -> Result<(), CommandError> {
    refuse_others(args)?;
    let s = args.search.resolved().map_err(CommandError::Usage)?;
    let rules = s.rules.rules();
    queens::fixed::check_rules(rules).map_err(|e| CommandError::Usage(e.to_string()))?;
    let dests = Destinations::check(&args.outputs).map_err(CommandError::Usage)?;
    let threads = s.threads.map(usize::from);
    let mut rows: Vec<FixedCounts> = Vec::new();
    for &n in &args.sizes.0 {
        for &w in way.ways() {
            // A line every 10 seconds at most while a search runs.
            let last = Mutex::new(Instant::now());
            let progress = |u: &queens::fixed::UnitDone| {
                let mut last = last.lock().unwrap_or_else(|p| p.into_inner());
                if !quiet && last.elapsed().as_secs() >= 10 {
                    *last = Instant::now();
                    let turn = match u.turn {
                        Turn::Half => "half turn",
                        Turn::Quarter => "quarter turn",
                    };
                    note(&format!(
                        "n = {n}, {}: {turn}: {} of {} units",
                        w.name(),
                        u.done,
                        u.of
                    ));
                }
            };
            let row = count_fixed(rules, n, w, threads, &progress)
                .map_err(|e| CommandError::Usage(e.to_string()))?;
            if !quiet {
                let (p, r) = (row.half_turn, row.quarter_turn);
                note(&format!(
                    "n = {n}, {}: P = {} ({} nodes, {:.1} s), R = {} ({} nodes, {:.1} s)",
                    w.name(),
                    p.boards,
                    p.nodes,
                    p.seconds,
                    r.boards,
                    r.nodes,
                    r.seconds
                ));
            }
            rows.push(row);
        }
    }
    for (format, dest) in &dests.files {
        let text = match format {
            Format::Csv => table::csv(&rows),
            Format::Json => table::json(&rows),
            _ => unreachable!("refused before the count"),
        };
        dest.write_with(|w| w.write_all(text.as_bytes()))?;
    }
    let human = table::text(&rows);
    if let Some(dest) = &dests.human_file {
        dest.write_with(|w| w.write_all(human.as_bytes()))?;
    } else if dests.human_on_stdout {
        crate::output::Destination::Stdout.write_with(|w| w.write_all(human.as_bytes()))?;
    }
    check(&rows, way)
}

/// Exit 1 where the two ways disagree or a row does not match the published values.
fn check(rows: &[FixedCounts], way: FixedWay) -> Result<(), CommandError> {
    let mut problems: Vec<String> = rows
        .iter()
        .filter_map(|r| r.verify()?.err())
        .map(|e| format!("MISMATCH against the published values: {e}"))
        .collect();
    if way == FixedWay::Both {
        for pair in rows.chunks(2) {
            let [a, b] = pair else { continue };
            let (pa, ra) = (a.half_turn.boards, a.quarter_turn.boards);
            let (pb, rb) = (b.half_turn.boards, b.quarter_turn.boards);
            if (pa, ra) != (pb, rb) {
                problems.push(format!(
                    "MISMATCH between the ways: n = {}: P = {pa}, R = {ra} by {}; P = {pb}, \
                     R = {rb} by {}",
                    a.n,
                    a.way.name(),
                    b.way.name()
                ));
            }
        }
    }
    match problems.is_empty() {
        true => Ok(()),
        false => Err(CommandError::Failed(problems.join("\n"))),
    }
}

/// Refuses, before any work, what `--fixed-only` does not take: a partial board, parts,
/// checkpoints, the exports of whole counts' columns, another table to verify against, and the
/// full count's engine, kernel and split.
fn refuse_others(args: &CountArgs) -> Result<(), CommandError> {
    let s = &args.search;
    let refused = [
        (args.given.has_squares(), "--given (or --blocked)"),
        (args.part.is_some(), "--part"),
        (args.checkpoint.is_some(), "--checkpoint"),
        (args.outputs.file(Format::Bfile).is_some(), "--bfile"),
        (args.outputs.file(Format::Markdown).is_some(), "--markdown"),
        (args.outputs.columns().is_some(), "--columns"),
        (args.known.known.is_some(), "--known"),
        (s.engine != Engine::Symmetric, "--engine"),
        (s.kernel != KernelChoice::Auto, "--kernel"),
        (s.split != queens::Split::Ring, "--split"),
    ];
    if let Some((_, flag)) = refused.iter().find(|r| r.0) {
        return Err(CommandError::Usage(format!(
            "{flag} is not taken with --fixed-only, which counts only the boards fixed by a \
             turn, its own way (--fixed-only=burnside, plain or both), written whole as a \
             table, --csv or --json"
        )));
    }
    if args.sizes.0.contains(&0) {
        return Err(CommandError::Usage(
            "--fixed-only counts sizes from 1: n = 0, the empty board, has no queen to turn"
                .to_string(),
        ));
    }
    Ok(())
}
