//! Merging parts (`queens merge`): reads part rows, checks that they form exactly one complete
//! set per board size (every RES in 0..MOD once, all of the same engine, plan and version), and
//! sums their tallies with checked arithmetic. Every problem is named: the file (and line) of a
//! damaged row, the parts that are missing, the files that hold the same part twice, and the
//! files whose part belongs to another split. Each set is also checked against the real plan of
//! its n and engine (its identity and unit count).
//!
//! What a merge holds and prints is bounded whatever its input: files are streamed record by
//! record with lines of at most [`bounded::MAX_LINE`](crate::storage::bounded::MAX_LINE), only the first `SHOWN_PROBLEMS` (8)
//! problems are kept (the rest counted: "… and K more"), and missing parts are written as
//! ranges, at most `SHOWN_RANGES` (8) of them.

use crate::formats::part_row::PartRow;
use crate::formats::table::Row;
use crate::plan::Engine;
use crate::plan::tally::{Tally, TallyError};
use crate::rules::{Group, Rules, Surface};
use std::collections::BTreeMap;
use std::fmt;

mod read;
pub use read::{read_parts, read_parts_counting};

/// How many problems a merge names before it only counts them.
pub(crate) const SHOWN_PROBLEMS: usize = 8;

/// How many ranges of missing parts a message names before it only counts them.
pub(crate) const SHOWN_RANGES: usize = 8;

/// The problems of a merge: the first `SHOWN_PROBLEMS` (8) kept, the rest counted.
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

    /// Adds a problem (kept if fewer than `SHOWN_PROBLEMS` (8) are, else only counted).
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
    /// The result row of the rules the plan's identity names ([`Rules::of_identity`]),
    /// derived and verified against their published values exactly as for `queens count`.
    /// On the torus, the classes are under the torus group where the parts carry every
    /// board's stabilizer (`part_row::PART_FORMAT_TORUS`), as a whole count
    /// gives them; under the square's 8 symmetries where they do not (parts written before).
    /// [`Merged::row_under`] chooses the group.
    pub fn row(&self) -> Result<Row, TallyError> {
        let group = self.group(None).unwrap_or(Group::Square);
        self.row_under(group)
    }

    /// The group of the merged classes: `asked` (`queens merge --symmetries`), or without it
    /// the torus group on the torus where the parts carry every board's stabilizer, as a
    /// whole count takes it, and the square's 8 symmetries otherwise. A part holds no
    /// classes, only the tally that gives them under either group, so the group is chosen
    /// here and not when the parts are counted. `Err` (a usage message) for the torus group
    /// asked of parts on the plane, or of parts without the stabilizers it needs.
    pub fn group(&self, asked: Option<Group>) -> Result<Group, String> {
        let rules = Rules::of_identity(&self.plan);
        let on_torus = rules.surface == Surface::Torus;
        let stabilizers = self.tally.torus.boards() == self.tally.boards;
        match asked {
            None if on_torus && stabilizers => Ok(Group::Torus),
            None | Some(Group::Square) => Ok(Group::Square),
            Some(Group::Torus) if !on_torus => Err(format!(
                "--symmetries torus: the parts of n = {} count {}: the shifts of the torus do \
                 not keep the solutions of the plane board",
                self.n,
                rules.id()
            )),
            Some(Group::Torus) if !stabilizers => Err(format!(
                "--symmetries torus: the parts of n = {} do not carry every board's stabilizer \
                 (an older queens wrote them), which the torus group's classes need: count them \
                 again, or give --symmetries square",
                self.n
            )),
            Some(Group::Torus) => Ok(Group::Torus),
        }
    }

    /// The result row with the classes under `group` ([`Merged::group`] says which a merge
    /// may take), derived and verified against the published values of the rules under that
    /// group.
    pub fn row_under(&self, group: Group) -> Result<Row, TallyError> {
        let rules = Rules::of_identity(&self.plan)
            .under(group)
            .map_err(|what| TallyError::Inconsistent { n: self.n, what })?;
        let classes =
            self.tally
                .classes_under(rules.group(), self.n, self.counts_classes_directly)?;
        Ok(Row {
            rules,
            group: rules.group(),
            n: self.n,
            total: self.tally.boards,
            classes: classes.classes,
            nodes: self.tally.nodes,
            seconds: self.seconds,
            engine: self.engine.clone(),
            kernel: self.kernel.clone(),
            threads: self.threads,
            verdict: crate::verify::Verdict::Unknown,
            orbits: (rules.group() == Group::Torus).then_some(classes.orbits),
        }
        .verified())
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
        if known.is_empty() {
            return Err(format!(
                "n = {n}: the parts name plan {}, but no plan of engine {engine} counts n = {n} \
                 (boards beyond 32 are counted on the torus alone)",
                key.plan
            ));
        }
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
    // One table holds the rows of one rules (its caption, columns and published values are
    // theirs): parts of sizes counted under different rules are refused together.
    let mut sizes_of: BTreeMap<&'static str, Vec<usize>> = BTreeMap::new();
    for m in &merged {
        sizes_of
            .entry(Rules::of_identity(&m.plan).id())
            .or_default()
            .push(m.n);
    }
    if sizes_of.len() > 1 {
        let each: Vec<String> = sizes_of
            .iter()
            .map(|(rules, ns)| {
                let ns: Vec<String> = ns.iter().map(usize::to_string).collect();
                format!("{rules} (n = {})", ns.join(", "))
            })
            .collect();
        problems.push(format!(
            "the parts are of different rules: {}; one table holds one rules' rows: merge \
             each rules' parts apart",
            each.join(", ")
        ));
    }
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
mod tests;
