//! `count --fixed-only`'s run: each size counted each way (`fixed::count_fixed`), a line on
//! stderr per search finished (and every 10 s while one runs), the rows written to every
//! destination (`formats::fixed`), then the checks: the ways against each other and the
//! classes by type against the published values.

use super::outputs::Destinations;
use super::signals;
use super::stderr::note;
use crate::fixed::{FixedCounts, Turn, UnitDone, Way, count_fixed_stoppable};
use crate::formats::export::{Format, RunMeta};
use crate::formats::table::sizes_text;
use crate::plan::stop::StopFlag;
use crate::rules::{Rules, Surface};
use std::io::{self, Write};
use std::sync::Mutex;
use std::time::Instant;

/// Why [`run`] failed: a request the searches refuse, an output that cannot be written, or a
/// check that did not pass.
#[derive(Debug)]
pub enum FixedError {
    /// The rules or a size cannot be counted so (one line).
    Usage(String),
    /// An output could not be written.
    Io(io::Error),
    /// The ways disagreed, or a row contradicts the published values: the lines saying so.
    Failed(String),
}

/// Refuses, before any work, the first of `refused` (whether it was asked, its flag) that was
/// asked, and the size 0.
pub fn refuse(refused: &[(bool, &str)], sizes: &[usize]) -> Result<(), String> {
    if let Some((_, flag)) = refused.iter().find(|r| r.0) {
        return Err(format!(
            "{flag} is not taken with --fixed-only, which counts only the boards fixed by a \
             turn, its own way (--fixed-only=burnside, plain or both), written whole as a \
             table, --csv or --json"
        ));
    }
    match sizes.contains(&0) {
        true => Err(
            "--fixed-only counts sizes from 1: n = 0, the empty board, has no queen \
                     to turn"
                .to_string(),
        ),
        false => Ok(()),
    }
}

/// Counts every size of `sizes` each way of `ways` with `threads` threads (every core
/// without), writes the rows to `dests` (the human table to `-o`'s file or stdout, CSV and
/// JSON where asked), and fails where two ways disagree or a row contradicts the published
/// values. Progress lines on stderr unless `quiet`. Once `stop` is set (SIGINT, SIGTERM) the
/// search running gives up, the finished sizes are written, and the run fails saying so.
pub fn run(
    rules: Rules,
    sizes: &[usize],
    ways: &[Way],
    meta: &RunMeta,
    quiet: bool,
    dests: &Destinations,
    stop: Option<&StopFlag>,
) -> Result<(), FixedError> {
    let threads = meta.threads_requested;
    let mut rows: Vec<FixedCounts> = Vec::new();
    for (k, &n) in sizes.iter().enumerate() {
        let finished = rows.len();
        for &w in ways {
            // A line every 10 seconds at most while a search runs.
            let last = Mutex::new(Instant::now());
            let progress = |u: &UnitDone| {
                let mut last = last.lock().unwrap_or_else(|p| p.into_inner());
                if !quiet && last.elapsed().as_secs() >= 10 {
                    *last = Instant::now();
                    let turn = match u.turn {
                        Turn::Half => "half turn",
                        Turn::Quarter => "quarter turn",
                    };
                    let (name, done, of) = (w.name(), u.done, u.of);
                    note(&format!("n = {n}, {name}: {turn}: {done} of {of} units"));
                }
            };
            let row = count_fixed_stoppable(rules, n, w, threads, &progress, stop)
                .map_err(|e| FixedError::Usage(e.to_string()))?;
            let Some(row) = row else {
                // Stopped: the finished sizes go to every output, then the run says so.
                rows.truncate(finished);
                let failed = match write(&rows, dests, meta) {
                    Err(e) if e.kind() != io::ErrorKind::BrokenPipe => format!("; {e}"),
                    _ => String::new(),
                };
                let written = match &sizes[..k] {
                    [] => "no size was finished".to_string(),
                    ns => format!("rows for n = {} are written", sizes_text(ns)),
                };
                let by = stop
                    .and_then(signals::reason)
                    .unwrap_or_else(|| "a stop request".to_string());
                return Err(FixedError::Failed(format!(
                    "stopped by {by} during n = {n}: {written}{failed}"
                )));
            };
            if !quiet {
                let (p, r, s) = (row.half_turn, row.quarter_turn, row.shifts);
                let shifts = match row.rules.surface {
                    Surface::Torus => format!(", S = {} ({:.1} s)", s.boards, s.seconds),
                    Surface::Plane => String::new(),
                };
                note(&format!(
                    "n = {n}, {}: P = {} ({} nodes, {:.1} s), R = {} ({} nodes, {:.1} s){shifts}",
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
        // Each size's rows into the files as soon as it is done (each replaced whole), so that
        // a run stopped or killed during a long size keeps the sizes before it.
        write_files(&rows, dests, meta);
    }
    // A wrong value is said whatever else failed: it outranks a file not written.
    match (write(&rows, dests, meta), check(&rows, ways.len() > 1)) {
        (Err(e), Err(FixedError::Failed(m))) if e.kind() != io::ErrorKind::BrokenPipe => {
            Err(FixedError::Failed(format!("{m}; {e}")))
        }
        (_, Err(wrong)) => Err(wrong),
        (Err(e), Ok(())) => Err(FixedError::Io(e)),
        (Ok(()), Ok(())) => Ok(()),
    }
}

/// `rows` in the file `format` (CSV or JSON, the formats the command takes).
fn file_text(format: Format, rows: &[FixedCounts], meta: &RunMeta) -> String {
    use crate::formats::fixed;
    match format {
        Format::Csv => fixed::csv(rows),
        Format::Json => fixed::json(rows, meta),
        _ => unreachable!("the command refuses the other formats before the count"),
    }
}

/// Writes `rows` to the files of `dests` that are replaced whole, as each size finishes. A
/// failure here is not the end: [`write`] tries every output again at the end, and says it.
fn write_files(rows: &[FixedCounts], dests: &Destinations, meta: &RunMeta) {
    for (format, dest) in dests.files.iter().filter(|(_, d)| d.is_replaced_whole()) {
        let text = file_text(*format, rows, meta);
        let _ = dest.write_with(|w| w.write_all(text.as_bytes()));
    }
}

/// Writes `rows` to every destination of `dests` ([`Destinations::deliver`]: the human table
/// to `-o`'s file or stdout, CSV and JSON where asked), each tried whatever became of the
/// others, the table on stdout where a file failed and no output has stdout.
fn write(rows: &[FixedCounts], dests: &Destinations, meta: &RunMeta) -> io::Result<()> {
    let text = crate::formats::fixed::text(rows);
    let human = |w: &mut dyn Write| w.write_all(text.as_bytes());
    let file = |format| {
        let text = file_text(format, rows, meta);
        move |w: &mut dyn Write| w.write_all(text.as_bytes())
    };
    let mut ns: Vec<usize> = rows.iter().map(|r| r.n).collect();
    ns.dedup();
    dests.deliver(
        (&human, false),
        file,
        &format!("rows for n = {}", sizes_text(&ns)),
    )
}

/// Fails naming every row that contradicts the published values or whose counts do not make
/// whole classes and, where the rows come in
/// pairs of the two ways (`paired`), every size whose ways disagree.
fn check(rows: &[FixedCounts], paired: bool) -> Result<(), FixedError> {
    let mut problems: Vec<String> = rows
        .iter()
        .filter_map(|r| r.verify()?.err())
        .map(|e| format!("MISMATCH against the published values: {e}"))
        .collect();
    // Counts that do not divide into classes (a bug, never a property of the problem), or a
    // torus listing whose classes disagree with Burnside's lemma: said, where nothing is
    // published to compare them with too.
    for row in rows {
        let derived = row.published_types().map(|t| {
            let (total, _) = t?;
            row.orbits(total).transpose()
        });
        if let Some(Err(e)) = derived
            && !matches!(row.verify(), Some(Err(_)))
        {
            problems.push(format!("INCONSISTENT: {e}"));
        }
    }
    for pair in rows.chunks(2).filter(|_| paired) {
        let [a, b] = pair else { continue };
        let (pa, ra, sa) = (a.half_turn.boards, a.quarter_turn.boards, a.shifts.boards);
        let (pb, rb, sb) = (b.half_turn.boards, b.quarter_turn.boards, b.shifts.boards);
        if (pa, ra, sa) != (pb, rb, sb) {
            // S only where it is counted: on the torus.
            let s = |s: u64| match a.rules.surface {
                Surface::Torus => format!(", S = {s}"),
                Surface::Plane => String::new(),
            };
            problems.push(format!(
                "MISMATCH between the ways: n = {}: P = {pa}, R = {ra}{} by {}; P = {pb}, \
                 R = {rb}{} by {}",
                a.n,
                s(sa),
                a.way.name(),
                s(sb),
                b.way.name()
            ));
        }
    }
    match problems.is_empty() {
        true => Ok(()),
        false => Err(FixedError::Failed(problems.join("\n"))),
    }
}
