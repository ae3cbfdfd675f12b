//! Merging parts (`queens merge`): reads part rows, checks that they form exactly one complete
//! set per board size (every RES in 0..MOD once, all of the same engine, plan and version), and
//! sums their tallies with checked arithmetic. Every problem is named: the file (and line) of a
//! damaged row, the parts that are missing, the files that hold the same part twice, and the
//! files whose part belongs to another split.

use crate::formats::part_row::{PART_HEADER, PartRow};
use crate::formats::table::{self, Row};
use crate::plan::tally::{Tally, TallyError};
use std::collections::BTreeMap;
use std::fmt;

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

/// Why a set of parts cannot be merged: every problem found, each naming its parts or files.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MergeError {
    /// One line per problem.
    pub problems: Vec<String>,
}

impl fmt::Display for MergeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "cannot merge: {}; nothing was merged",
            self.problems.join("; ")
        )
    }
}

impl std::error::Error for MergeError {}

/// Reads the part rows of one file's `text`; `name` is used in messages. Problems (a file that
/// is no part file, a damaged row) are appended to `problems`.
pub fn read_parts(name: &str, text: &str, problems: &mut Vec<String>) -> Vec<SourcedPart> {
    // `problems` gathers those of every file; this file's are the ones pushed from here on.
    let before = problems.len();
    let mut reader = csv::ReaderBuilder::new()
        .flexible(true)
        .from_reader(text.as_bytes());
    match reader.headers() {
        Ok(h) if h.iter().eq(PART_HEADER) => {}
        Ok(h) if h.iter().eq(table::CSV_HEADER) => {
            problems.push(format!(
                "{name} holds whole results (queens count --csv), not parts (queens count --part \
                 RES/MOD --csv)"
            ));
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
    for record in reader.records() {
        let record = match record {
            Ok(r) => r,
            Err(e) => {
                problems.push(format!("{name}: {e}"));
                continue;
            }
        };
        let line = record.position().map_or(0, |p| p.line());
        let fields: Vec<&str> = record.iter().collect();
        match PartRow::from_fields(&fields) {
            Ok(row) => rows.push((line, row)),
            Err(e) => {
                // Name what the damaged row claims to be, if that much can be read.
                let claim = match (fields.get(1), fields.get(4), fields.get(5)) {
                    (Some(n), Some(r), Some(m)) => format!(" (claims n = {n}, part {r}/{m})"),
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

/// What the parts of one set must share.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
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

/// Writes a sorted list of numbers with runs compressed: `2, 5-7, 9`.
fn ranges(values: &[usize]) -> String {
    let mut out: Vec<String> = Vec::new();
    let mut i = 0;
    while i < values.len() {
        let mut j = i;
        while j + 1 < values.len() && values[j + 1] == values[j] + 1 {
            j += 1;
        }
        out.push(if i == j {
            values[i].to_string()
        } else {
            format!("{}-{}", values[i], values[j])
        });
        i = j + 1;
    }
    out.join(", ")
}

/// Checks one board size's parts and sums them, or appends its problems.
fn merge_one(n: usize, parts: &[SourcedPart], problems: &mut Vec<String>) -> Option<Merged> {
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
    for p in parts {
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
            let sources: Vec<&str> = list.iter().map(|p| p.source.as_str()).collect();
            problems.push(format!(
                "n = {n}: part {res}/{m} appears {} times ({})",
                list.len(),
                sources.join(", ")
            ));
        }
    }
    let missing: Vec<usize> = (0..m).filter(|r| !by_res.contains_key(r)).collect();
    if !missing.is_empty() {
        problems.push(format!(
            "n = {n}: {} of the {m} parts missing (RES {})",
            missing.len(),
            ranges(&missing)
        ));
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
    let mut by_n: BTreeMap<usize, Vec<SourcedPart>> = BTreeMap::new();
    for p in parts {
        by_n.entry(p.row.n).or_default().push(p.clone());
    }
    let mut problems = Vec::new();
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
        Err(MergeError { problems })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranges_compress_runs() {
        assert_eq!(ranges(&[2, 5, 6, 7, 9]), "2, 5-7, 9");
        assert_eq!(ranges(&[0]), "0");
        assert_eq!(ranges(&[]), "");
    }

    #[test]
    fn a_file_without_parts_is_named_even_after_another_file_had_problems() {
        let header = PART_HEADER.join(",");
        let mut problems = Vec::new();
        assert!(read_parts("a.csv", "not,a,part\n", &mut problems).is_empty());
        assert_eq!(problems.len(), 1);
        assert!(read_parts("b.csv", &format!("{header}\n"), &mut problems).is_empty());
        assert_eq!(problems.len(), 2, "{problems:?}");
        assert!(problems[1].contains("b.csv holds no part"), "{problems:?}");
    }
}
