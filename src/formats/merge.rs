//! Merging parts (`queens merge`): reads part rows, checks that they form exactly one complete
//! set per board size (every RES in 0..MOD once, all of the same engine, plan and version), and
//! sums their tallies with checked arithmetic. Every problem is named: the file (and line) of a
//! damaged row, the parts that are missing, the files that hold the same part twice, and the
//! files whose part belongs to another split. Each set is also checked against the real plan of
//! its n and engine (its identity and unit count).
//!
//! What a merge holds and prints is bounded whatever its input: files are streamed record by
//! record with lines of at most [`bounded::MAX_LINE`], only the first [`SHOWN_PROBLEMS`]
//! problems are kept (the rest counted: "… and K more"), and missing parts are written as
//! ranges, at most [`SHOWN_RANGES`] of them.

use crate::formats::part_row::{PART_HEADER, PartRow};
use crate::formats::table::{self, Row};
use crate::plan::Engine;
use crate::plan::tally::{Tally, TallyError};
use crate::storage::bounded::{self, Overlong};
use std::collections::BTreeMap;
use std::fmt;
use std::io::Read;
use std::sync::atomic::AtomicU64;

/// How many problems a merge names before it only counts them.
pub const SHOWN_PROBLEMS: usize = 8;

/// How many ranges of missing parts a message names before it only counts them.
pub const SHOWN_RANGES: usize = 8;

/// The problems of a merge: the first [`SHOWN_PROBLEMS`] kept, the rest counted.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Problems {
    shown: Vec<String>,
    more: usize,
}

impl Problems {
    /// No problem yet.
    pub fn new() -> Problems {
        Problems::default()
    }

    /// Adds a problem (kept if fewer than [`SHOWN_PROBLEMS`] are, else only counted).
    pub fn push(&mut self, problem: String) {
        if self.shown.len() < SHOWN_PROBLEMS {
            self.shown.push(problem);
        } else {
            self.more += 1;
        }
    }

    /// How many problems were found.
    pub fn len(&self) -> usize {
        self.shown.len() + self.more
    }

    /// Whether none was found.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Whether the cap is reached (later problems are only counted).
    pub fn is_full(&self) -> bool {
        self.shown.len() >= SHOWN_PROBLEMS
    }

    /// The error that names them.
    pub fn into_error(self) -> MergeError {
        MergeError {
            problems: self.shown,
            more: self.more,
        }
    }
}

/// A part row and where it was read.
#[derive(Clone, Debug)]
pub struct SourcedPart {
    /// The file name, with the line when the file holds more than one row.
    pub source: String,
    /// The row.
    pub row: PartRow,
}

/// The merge of a complete set of parts of one board size.
#[derive(Clone, Debug, PartialEq)]
pub struct Merged {
    /// Board size.
    pub n: usize,
    /// Engine name.
    pub engine: String,
    /// Plan identity.
    pub plan: String,
    /// How many parts were merged (MOD).
    pub parts: usize,
    /// Whether the plan counts classes one by one.
    pub counts_classes_directly: bool,
    /// The sum of all parts: the tally of every unit of the plan.
    pub tally: Tally,
    /// The parts' wall-clock seconds, summed.
    pub seconds: f64,
    /// The most threads any part used.
    pub threads: usize,
    /// The parts' kernel, or their kernels joined by `+` when parts ran on different ones.
    pub kernel: String,
}

impl Merged {
    /// The result row, derived and verified exactly as for `queens count`.
    pub fn row(&self) -> Result<Row, TallyError> {
        Row::from_tally(
            self.n,
            &self.engine,
            &self.kernel,
            self.counts_classes_directly,
            &self.tally,
            self.seconds,
            self.threads,
        )
    }
}

/// Why a set of parts cannot be merged: the first problems found, each naming its parts or
/// files, and how many more there are.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MergeError {
    /// One line per problem named.
    pub problems: Vec<String>,
    /// Problems found but not named.
    pub more: usize,
}

impl fmt::Display for MergeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "cannot merge: {}", self.problems.join("; "))?;
        if self.more > 0 {
            write!(f, "; … and {} more", self.more)?;
        }
        write!(f, "; nothing was merged")
    }
}

impl std::error::Error for MergeError {}

/// Reads the part rows of one file, streamed from `input`; `name` is used in messages.
/// Problems (a file that is no part file, a damaged row, a line longer than
/// [`bounded::MAX_LINE`]) go to `problems`. Once `problems` is full, a file's damaged rows are
/// only counted, so an input of any size is read in bounded memory.
pub fn read_parts(name: &str, input: impl Read, problems: &mut Problems) -> Vec<SourcedPart> {
    read_parts_counting(name, input, problems, &AtomicU64::new(0))
}

/// [`read_parts`], adding every line read (blank lines too) to `lines` as it goes, so that a
/// progress report on another thread can show how far an input of unknown length (a pipe of
/// endless rows) has been read.
pub fn read_parts_counting(
    name: &str,
    input: impl Read,
    problems: &mut Problems,
    lines: &AtomicU64,
) -> Vec<SourcedPart> {
    // `problems` gathers those of every file; this file's are the ones pushed from here on.
    let before = problems.len();
    let mut reader = csv::ReaderBuilder::new()
        .flexible(true)
        .from_reader(bounded::Bounded::lines(bounded::CountLines::new(
            input, lines,
        )));
    let overlong = |e: &csv::Error| Overlong::in_csv(e).map(|o| o.describe(name));
    match reader.headers() {
        Ok(h) if h.iter().eq(PART_HEADER) => {}
        Ok(h) if h.iter().eq(table::CSV_HEADER) => {
            problems.push(format!(
                "{name} holds whole results (queens count --csv), not parts (queens count --part \
                 RES/MOD --csv)"
            ));
            return Vec::new();
        }
        Err(e) if overlong(&e).is_some() => {
            problems.push(overlong(&e).unwrap_or_default());
            return Vec::new();
        }
        _ => {
            problems.push(format!(
                "{name} is not a part file (its header is not the one `queens count --part` \
                 writes)"
            ));
            return Vec::new();
        }
    }
    let mut rows = Vec::new();
    // The line of each part read from this file so far: a copy is refused as it is met, so
    // that a file of a million copies of one row holds one row, not a million.
    let mut first_line: std::collections::HashMap<(usize, SetKey, usize), u64> =
        std::collections::HashMap::new();
    let mut record = csv::StringRecord::new();
    loop {
        match reader.read_record(&mut record) {
            Ok(true) => {}
            Ok(false) => break,
            Err(e) => {
                // A read error ends the file (it would repeat); a line too long says so.
                problems.push(overlong(&e).unwrap_or_else(|| format!("{name}: {e}")));
                if e.is_io_error() {
                    break;
                }
                continue;
            }
        }
        let line = record.position().map_or(0, |p| p.line());
        // Part files concatenated (`cat p*.csv > all.csv`) repeat the header: not a row.
        if record.iter().eq(PART_HEADER) {
            continue;
        }
        let fields: Vec<&str> = record.iter().collect();
        match PartRow::from_fields(&fields) {
            Ok(row) => {
                let key = (row.n, SetKey::of(&row), row.part.res());
                match first_line.get(&key) {
                    Some(first) => problems.push(format!(
                        "n = {}: part {} appears again in {name} line {line} (first at line \
                         {first})",
                        row.n, row.part
                    )),
                    None => {
                        first_line.insert(key, line);
                        rows.push((line, row));
                    }
                }
            }
            Err(_) if problems.is_full() => problems.push(String::new()),
            Err(e) => {
                // Name what the damaged row claims to be, if that much can be read.
                let claim = match (fields.get(1), fields.get(4), fields.get(5)) {
                    (Some(n), Some(r), Some(m)) => {
                        format!(" (claims n = {}, part {}/{})", short(n), short(r), short(m))
                    }
                    _ => String::new(),
                };
                problems.push(format!("{name} line {line}{claim} is corrupted: {e}"));
            }
        }
    }
    if rows.is_empty() && problems.len() == before {
        problems.push(format!("{name} holds no part"));
    }
    let single = rows.len() == 1;
    rows.into_iter()
        .map(|(line, row)| SourcedPart {
            source: if single {
                name.to_string()
            } else {
                format!("{name} line {line}")
            },
            row,
        })
        .collect()
}

/// At most 24 characters of a field read from a damaged row, for a message.
fn short(text: &str) -> String {
    if text.chars().count() <= 24 {
        text.to_string()
    } else {
        text.chars().take(24).collect::<String>() + "…"
    }
}

/// What the parts of one set must share.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
struct SetKey {
    engine: String,
    plan: String,
    modulus: usize,
    plan_units: usize,
    counts_classes_directly: bool,
}

impl SetKey {
    fn of(row: &PartRow) -> SetKey {
        SetKey {
            engine: row.engine.clone(),
            plan: row.plan.clone(),
            modulus: row.part.modulus(),
            plan_units: row.plan_units,
            counts_classes_directly: row.counts_classes_directly,
        }
    }

    /// How `self` differs from the set's `reference`, in words.
    fn differences(&self, reference: &SetKey) -> String {
        let mut d = Vec::new();
        if self.engine != reference.engine {
            d.push(format!(
                "engine {} (the others: {})",
                self.engine, reference.engine
            ));
        }
        if self.plan != reference.plan {
            d.push(format!(
                "plan {} (the others: {})",
                self.plan, reference.plan
            ));
        }
        if self.modulus != reference.modulus {
            d.push(format!(
                "MOD {} (the others: {})",
                self.modulus, reference.modulus
            ));
        }
        if self.plan_units != reference.plan_units {
            d.push(format!(
                "{} plan units (the others: {})",
                self.plan_units, reference.plan_units
            ));
        }
        if self.counts_classes_directly != reference.counts_classes_directly {
            d.push("class columns filled in differently".to_string());
        }
        d.join(", ")
    }
}

/// The values of `0..m` not in `present` (sorted), as ranges: `2, 5-7, 9`, at most
/// [`SHOWN_RANGES`] of them, then how many more. Takes time in the number of present values,
/// not in `m`.
fn missing_ranges(present: impl IntoIterator<Item = usize>, m: usize) -> String {
    let mut ranges: Vec<(usize, usize)> = Vec::new();
    let mut more = 0usize;
    let mut next = 0usize;
    let mut gap = |from: usize, to: usize| {
        if from < to {
            if ranges.len() < SHOWN_RANGES {
                ranges.push((from, to - 1));
            } else {
                more += 1;
            }
        }
    };
    for p in present {
        gap(next, p.min(m));
        next = next.max(p + 1);
    }
    gap(next, m);
    let mut out: Vec<String> = ranges
        .iter()
        .map(|&(a, b)| {
            if a == b {
                a.to_string()
            } else {
                format!("{a}-{b}")
            }
        })
        .collect();
    if more > 0 {
        out.push(format!("… and {more} more ranges"));
    }
    out.join(", ")
}

/// Checks a set's engine, plan identity and unit count against the real plan of `n`.
fn check_plan(n: usize, key: &SetKey) -> Result<(), String> {
    let engine = Engine::from_name(&key.engine)
        .ok_or_else(|| format!("n = {n}: the parts name an unknown engine {:?}", key.engine))?;
    let Some(plan) = crate::runner::build::plan_with_identity(n, engine, &key.plan)
        .map_err(|e| format!("n = {n}: {e}"))?
    else {
        let known: Vec<String> = crate::runner::Split::ALL
            .iter()
            .filter_map(|&split| {
                crate::runner::build_split(n, engine, split, crate::search::kernel::Kernel::Scalar)
                    .ok()
                    .map(|p| p.identity())
            })
            .collect();
        return Err(format!(
            "n = {n}: the parts name plan {} but engine {engine} splits n = {n} with plan {} in \
             this version",
            key.plan,
            known.join(" or ")
        ));
    };
    if plan.unit_count() != key.plan_units {
        return Err(format!(
            "n = {n}: the parts say plan {} has {} units but it has {}",
            key.plan,
            key.plan_units,
            plan.unit_count()
        ));
    }
    Ok(())
}

/// Checks one board size's parts and sums them, or appends its problems.
fn merge_one(n: usize, parts: &[&SourcedPart], problems: &mut Problems) -> Option<Merged> {
    let before = problems.len();
    // The set is what most parts agree on (the first such, on a tie); the rest mismatch.
    let mut votes: Vec<(SetKey, usize)> = Vec::new();
    for p in parts {
        let key = SetKey::of(&p.row);
        match votes.iter_mut().find(|(k, _)| *k == key) {
            Some((_, c)) => *c += 1,
            None => votes.push((key, 1)),
        }
    }
    let best = votes.iter().map(|(_, c)| *c).max().unwrap_or(0);
    let reference = votes
        .iter()
        .find(|(_, c)| *c == best)
        .map(|(k, _)| k.clone())?;
    let mut by_res: BTreeMap<usize, Vec<&SourcedPart>> = BTreeMap::new();
    for &p in parts {
        let key = SetKey::of(&p.row);
        if key == reference {
            by_res.entry(p.row.part.res()).or_default().push(p);
        } else {
            problems.push(format!(
                "n = {n}: {} (part {}) does not belong with the others: {}",
                p.source,
                p.row.part,
                key.differences(&reference)
            ));
        }
    }
    let m = reference.modulus;
    for (res, list) in &by_res {
        if list.len() > 1 {
            // At most SHOWN_PROBLEMS sources are named: a message stays one readable line.
            let mut sources: Vec<&str> = list
                .iter()
                .take(SHOWN_PROBLEMS)
                .map(|p| p.source.as_str())
                .collect();
            let more = format!("… and {} more", list.len().saturating_sub(SHOWN_PROBLEMS));
            if list.len() > SHOWN_PROBLEMS {
                sources.push(&more);
            }
            problems.push(format!(
                "n = {n}: part {res}/{m} appears {} times ({})",
                list.len(),
                sources.join(", ")
            ));
        }
    }
    let present = by_res.range(..m).count();
    if present < m {
        problems.push(format!(
            "n = {n}: {} of the {m} parts missing (RES {})",
            m - present,
            missing_ranges(by_res.keys().copied(), m)
        ));
    }
    if let Err(problem) = check_plan(n, &reference) {
        problems.push(problem);
    }
    if problems.len() > before {
        return None;
    }
    let rows: Vec<&PartRow> = by_res.values().map(|l| &l[0].row).collect();
    let tally = match Tally::sum(rows.iter().map(|r| &r.tally)) {
        Ok(t) => t,
        Err(e) => {
            problems.push(format!("n = {n}: {e}"));
            return None;
        }
    };
    Some(Merged {
        n,
        engine: reference.engine,
        plan: reference.plan,
        parts: m,
        counts_classes_directly: reference.counts_classes_directly,
        tally,
        // Parts carry microseconds: the sum is rounded back to them, which drops the float
        // noise of the addition (0.0023390000000000004).
        seconds: (rows.iter().map(|r| r.seconds).sum::<f64>() * 1e6).round() / 1e6,
        threads: rows.iter().map(|r| r.threads).max().unwrap_or(1),
        kernel: rows
            .iter()
            .map(|r| r.kernel.as_str())
            .collect::<std::collections::BTreeSet<_>>()
            .into_iter()
            .collect::<Vec<_>>()
            .join("+"),
    })
}

/// Merges parts, one complete set per board size (in increasing n), or names every problem.
pub fn merge(parts: &[SourcedPart]) -> Result<Vec<Merged>, MergeError> {
    let mut by_n: BTreeMap<usize, Vec<&SourcedPart>> = BTreeMap::new();
    for p in parts {
        by_n.entry(p.row.n).or_default().push(p);
    }
    let mut problems = Problems::new();
    let merged: Vec<Merged> = by_n
        .iter()
        .filter_map(|(&n, list)| merge_one(n, list, &mut problems))
        .collect();
    if problems.is_empty() && !merged.is_empty() {
        Ok(merged)
    } else {
        if merged.is_empty() && problems.is_empty() {
            problems.push("no parts given".to_string());
        }
        Err(problems.into_error())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn missing_ranges_compress_runs_and_stop_after_a_few() {
        assert_eq!(missing_ranges([0, 1, 3, 4, 8], 10), "2, 5-7, 9");
        assert_eq!(missing_ranges([], 1), "0");
        assert_eq!(missing_ranges([0], 1), "");
        assert_eq!(missing_ranges([0], 1_000_000_000), "1-999999999");
        let every_other = (0..100).map(|i| 2 * i);
        assert_eq!(
            missing_ranges(every_other, 200),
            "1, 3, 5, 7, 9, 11, 13, 15, … and 92 more ranges"
        );
    }

    #[test]
    fn problems_beyond_the_cap_are_only_counted() {
        let mut p = Problems::new();
        for i in 0..SHOWN_PROBLEMS + 5 {
            p.push(format!("problem {i}"));
        }
        assert_eq!(p.len(), SHOWN_PROBLEMS + 5);
        let text = p.into_error().to_string();
        assert!(
            text.ends_with("problem 7; … and 5 more; nothing was merged"),
            "{text}"
        );
    }

    #[test]
    fn a_file_without_parts_is_named_even_after_another_file_had_problems() {
        let header = PART_HEADER.join(",");
        let mut problems = Problems::new();
        assert!(read_parts("a.csv", "not,a,part\n".as_bytes(), &mut problems).is_empty());
        assert_eq!(problems.len(), 1);
        let text = format!("{header}\n");
        assert!(read_parts("b.csv", text.as_bytes(), &mut problems).is_empty());
        assert_eq!(problems.len(), 2, "{problems:?}");
        assert!(
            problems.shown[1].contains("b.csv holds no part"),
            "{problems:?}"
        );
    }

    #[test]
    fn an_endless_line_after_the_header_is_named_and_ends_the_file() {
        let header = PART_HEADER.join(",") + "\n";
        let input = header.as_bytes().chain(std::io::repeat(b'x'));
        let mut problems = Problems::new();
        assert!(read_parts("p.csv", input, &mut problems).is_empty());
        assert_eq!(
            problems.shown,
            vec!["line 2 of 'p.csv' is longer than 1 MiB: not a queens file".to_string()]
        );
    }

    #[test]
    fn every_line_read_is_counted_blank_lines_too() {
        let header = PART_HEADER.join(",");
        let text = format!("{header}\n\n\n\nnot,a,row\n\n");
        let lines = AtomicU64::new(0);
        let mut problems = Problems::new();
        assert!(read_parts_counting("p.csv", text.as_bytes(), &mut problems, &lines).is_empty());
        assert_eq!(lines.load(std::sync::atomic::Ordering::Relaxed), 6);
    }
}
