//! Per-n result rows and their writers (CSV, aligned human table, Markdown) and CSV reader;
//! the one table [`Layout`] every table of the crate is written with.

use crate::counter::Counts;
use crate::formats::named;
use crate::plan::tally::{ClassCounts, Tally, TallyError};
use crate::rules::{Group, Rules};
use crate::verify::{self, Verdict};

mod layout;
mod read;
mod write;
pub use layout::{Layout, csv_line, markdown_cell};
pub use read::{
    ReadError, ReadLimits, lacking_text, possible, read_csv, read_csv_limited, read_known,
    stated_classes,
};
pub use write::{
    NODES_GROWTH, SYMMETRIC_NODES_NOTE, SYMMETRIC_NODES_NOTE_OF_OTHER_RULES, footer, human_table,
    layout, markdown_table, streamed_widths, write_csv,
};

/// One column of a result table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Column {
    /// Its name in the CSV header.
    pub name: &'static str,
    /// Its heading for people (Markdown), with the OEIS number of a published sequence.
    pub heading: &'static str,
    /// Whether it holds text (aligned left) rather than a number (aligned right).
    pub text: bool,
}

/// The columns of a result table, in order: the one list every writer takes its names,
/// headings and alignment from.
pub const COLUMNS: [Column; 12] = {
    const fn col(name: &'static str, heading: &'static str, text: bool) -> Column {
        Column {
            name,
            heading,
            text,
        }
    }
    [
        col("n", "n", false),
        col("total", "total (A000170)", false),
        col("classes", "classes (A002562)", false),
        col("asymmetric", "asymmetric (A260320)", false),
        col("half_turn", "half-turn (A260319)", false),
        col("quarter_turn", "quarter-turn (A260318)", false),
        col("nodes", "nodes", false),
        col("seconds", "seconds", false),
        col("engine", "engine", true),
        col("kernel", "kernel", true),
        col("threads", "threads", false),
        col("verified", "verified", true),
    ]
};

/// The CSV header, in column order (the names of [`COLUMNS`]).
pub const CSV_HEADER: [&str; 12] = {
    let mut names = [""; 12];
    let mut i = 0;
    while i < names.len() {
        names[i] = COLUMNS[i].name;
        i += 1;
    }
    names
};

/// The columns of the human table when `--columns` does not say: the counts and the verdict.
/// The rest (nodes, seconds, engine, kernel, threads) is there on request; those that are the
/// same for every row are summed up in one line under the table ([`footer`]). They fit 100
/// characters for every n up to 27.
pub const HUMAN_COLUMNS: [&str; 7] = [
    "n",
    "total",
    "classes",
    "asymmetric",
    "half_turn",
    "quarter_turn",
    "verified",
];

/// Parses a `--columns` list: names of [`COLUMNS`] separated by commas, in the order wanted,
/// or `all` (every column). Returns their indices in [`COLUMNS`]; an unknown or repeated
/// name, or an empty list, is an error listing the valid names.
pub fn parse_columns(text: &str) -> Result<Vec<usize>, String> {
    let valid = || format!("the columns are all, or a list of {}", CSV_HEADER.join(","));
    if text.trim() == "all" {
        return Ok((0..COLUMNS.len()).collect());
    }
    let mut out = Vec::new();
    for name in text.split(',').map(str::trim) {
        let Some(i) = CSV_HEADER.iter().position(|c| *c == name) else {
            return Err(if name.is_empty() {
                format!("empty name in '{text}': {}", valid())
            } else if name == ORBITS_COLUMN {
                format!(
                    "the column '{ORBITS_COLUMN}' is not chosen: the classes by orbit size \
                     come with every table of classes under the torus group (lines under the \
                     table on stdout, the last column of --markdown and of the CSV), and no \
                     other has them; {}",
                    valid()
                )
            } else {
                format!("unknown column '{name}': {}", valid())
            });
        };
        if out.contains(&i) {
            return Err(format!("the column '{name}' is named twice"));
        }
        out.push(i);
    }
    Ok(out)
}

/// The indices in [`COLUMNS`] of [`HUMAN_COLUMNS`].
pub fn human_columns() -> Vec<usize> {
    parse_columns(&HUMAN_COLUMNS.join(",")).expect("HUMAN_COLUMNS are names of COLUMNS")
}

/// Sizes as a reader writes them: `1 to 17`, `8, 10, 12 to 14`.
pub fn sizes_text(ns: &[usize]) -> String {
    let mut parts: Vec<String> = Vec::new();
    let mut i = 0;
    while i < ns.len() {
        let mut j = i;
        while j + 1 < ns.len() && ns[j + 1] == ns[j] + 1 {
            j += 1;
        }
        parts.push(if j > i + 1 {
            format!("{} to {}", ns[i], ns[j])
        } else if j == i + 1 {
            format!("{}, {}", ns[i], ns[j])
        } else {
            ns[i].to_string()
        });
        i = j + 1;
    }
    parts.join(", ")
}

/// The rules and group every row of `rows` is of (`None` for no rows), or, where they are of
/// more than one, what one table cannot hold: `rows of different rules or groups:
/// queen-torus under D4 (n = 5, 7), queen-torus under torus (n = 6, 8)` (a table's caption,
/// columns and published values are one rules' under one group; its reader refuses a mix).
pub fn one_rules_and_group<'a>(
    rows: impl IntoIterator<Item = &'a Row>,
) -> Result<Option<(Rules, Group)>, String> {
    let mut kinds: Vec<((Rules, Group), Vec<usize>)> = Vec::new();
    for r in rows {
        match kinds.iter_mut().find(|(k, _)| *k == (r.rules, r.group)) {
            Some((_, ns)) => ns.push(r.n),
            None => kinds.push(((r.rules, r.group), vec![r.n])),
        }
    }
    match kinds.as_slice() {
        [] => Ok(None),
        [(one, _)] => Ok(Some(*one)),
        _ => {
            let each: Vec<String> = kinds
                .iter()
                .map(|((rules, group), ns)| {
                    format!("{rules} under {} (n = {})", group.name(), sizes_text(ns))
                })
                .collect();
            Err(format!(
                "rows of different rules or groups: {}",
                each.join("; ")
            ))
        }
    }
}

/// The CSV header of a table of `rules`: [`CSV_HEADER`] for the queens (every file written
/// before the rules were named reads the same), the rules' columns
/// (`named::RULES_COLUMNS`: `piece,board,group`) and then [`CSV_HEADER`] for any other
/// rules, and last [`ORBITS_COLUMN`] for classes under the torus group.
pub fn csv_header(rules: &Rules) -> Vec<&'static str> {
    let lead: &[&'static str] = if rules.is_queens() {
        &[]
    } else {
        &named::RULES_COLUMNS
    };
    let orbits: &[&'static str] = match rules.group() {
        Group::Torus => &[ORBITS_COLUMN],
        Group::Square => &[],
    };
    lead.iter()
        .chain(CSV_HEADER.iter())
        .chain(orbits)
        .copied()
        .collect()
}

/// The last column of a table of classes under the torus group: the classes by orbit size,
/// `size:classes` pairs as `data/variants.csv` writes them (A054500–A054502;
/// [`crate::torus_group::orbits_text`]).
pub const ORBITS_COLUMN: &str = "orbits";

/// The heading for people (Markdown) of column `i` of [`COLUMNS`] in a table of `rules`
/// counted under `group`: the queens' [`Column::heading`]; for other rules the same words
/// with the rules' own OEIS number where one is published (`named::a_number`).
pub fn heading(i: usize, rules: &Rules, group: Group) -> String {
    let column = COLUMNS[i];
    if rules.is_queens() && group == Group::Square {
        return column.heading.to_string();
    }
    let words = column.heading.split(" (").next().unwrap_or(column.heading);
    match named::a_number(column.name, rules, group) {
        Some(a) => format!("{words} ({a})"),
        None => words.to_string(),
    }
}

/// The result for one board size.
#[derive(Clone, Debug, PartialEq)]
pub struct Row {
    /// The rules counted: the piece and the board.
    pub rules: Rules,
    /// The group the classes are taken under ([`Rules::group`] unless a run chose another).
    pub group: Group,
    /// Board size.
    pub n: usize,
    /// Solutions (A000170 for the queens; `named::a_number` for the others).
    pub total: u128,
    /// Classes by symmetry type under [`Row::group`]; their sum is A002562 for the queens.
    pub classes: ClassCounts,
    /// Nodes the engine visited.
    pub nodes: u128,
    /// Wall-clock seconds.
    pub seconds: f64,
    /// Engine name.
    pub engine: String,
    /// The counting kernel the engine ran on (`scalar`, `avx512`).
    pub kernel: String,
    /// Threads used.
    pub threads: usize,
    /// The check against the published values.
    pub verdict: Verdict,
    /// The classes by orbit size under the torus group ([`Counts::orbits`]), where the row's
    /// classes are under it; `None` under D4 (and for rows read back from files).
    pub orbits: Option<Vec<(u128, u128)>>,
}

impl Row {
    /// The row of complete counts, named by their rules and verified against the rules' own
    /// published values ([`Counts::verified`]).
    pub fn from_counts(c: &Counts) -> Row {
        Row {
            rules: c.rules,
            // The group of the counts' classes: the rules' own, the one group a count takes
            // today (a run that chooses another group, such as the torus's with its shifts,
            // sets it here).
            group: c.rules.group(),
            n: c.n,
            total: c.total,
            classes: c.classes,
            nodes: c.nodes,
            seconds: c.seconds,
            engine: c.engine.name().to_string(),
            kernel: c.kernel.to_string(),
            threads: c.threads,
            verdict: c.verified(),
            orbits: (c.rules.group() == crate::rules::Group::Torus).then(|| c.orbits.clone()),
        }
    }

    /// The row with its verdict against the published values of its rules
    /// ([`verify::KnownTable::published`]): the total, the classes, and the nodes of the
    /// enumerate engine where they are published (A319283).
    pub(crate) fn verified(mut self) -> Row {
        self.reverify(verify::KnownTable::published(&self.rules));
        self
    }

    /// The row of the queens for the complete `tally` of board size `n` (every unit of a plan
    /// of `engine` run on `kernel`): classes derived (and cross-checked when
    /// `counts_classes_directly`), verified against the known table.
    pub fn from_tally(
        n: usize,
        engine: &str,
        kernel: &str,
        counts_classes_directly: bool,
        tally: &Tally,
        seconds: f64,
        threads: usize,
    ) -> Result<Row, TallyError> {
        Ok(Row {
            rules: Rules::QUEENS,
            group: Rules::QUEENS.group(),
            n,
            total: tally.boards,
            classes: tally.classes(n, counts_classes_directly)?,
            nodes: tally.nodes,
            seconds,
            engine: engine.to_string(),
            kernel: kernel.to_string(),
            threads,
            verdict: Verdict::Unknown,
            orbits: None,
        }
        .verified())
    }

    /// Checks the row again, against `table` instead of the embedded published values (its
    /// nodes too where the table's come from the same engine).
    pub fn reverify(&mut self, table: &verify::KnownTable) {
        self.verdict = table.verify_with_orbits(
            self.n,
            self.total,
            &self.classes,
            self.orbits.as_deref(),
            Some((self.nodes, &self.engine)),
        );
    }

    /// The boards unchanged by a half turn (A032522), from the class counts: every board of a
    /// half-turn class (4 boards) and of a quarter-turn class (2 boards) is, for n > 1; for
    /// n ≤ 1 every board is fixed by every symmetry. `None` on overflow (forged input only).
    pub fn fixed_half_turn(&self) -> Option<u128> {
        if self.n <= 1 {
            return Some(self.total);
        }
        self.classes
            .half_turn
            .checked_mul(4)?
            .checked_add(self.classes.quarter_turn.checked_mul(2)?)
    }

    /// The boards unchanged by a quarter turn (A033148), from the class counts: the 2 boards
    /// of each quarter-turn class for n > 1; every board for n ≤ 1. `None` on overflow.
    pub fn fixed_quarter_turn(&self) -> Option<u128> {
        if self.n <= 1 {
            return Some(self.total);
        }
        self.classes.quarter_turn.checked_mul(2)
    }

    /// The row's fields as text for people (tables, Markdown): as [`Row::fields`], with the
    /// seconds rounded to milliseconds.
    pub fn display_fields(&self) -> [String; 12] {
        let mut f = self.fields();
        f[7] = format!("{:.3}", self.seconds);
        f
    }

    /// The row's CSV record, in the order of [`csv_header`] of its rules: [`Row::fields`],
    /// after the rules' piece, board and group for any rules but the queens', and then the
    /// classes by orbit size under the torus group ([`ORBITS_COLUMN`]).
    pub fn csv_record(&self) -> Vec<String> {
        let lead = match self.rules.is_queens() {
            true => Vec::new(),
            false => vec![
                self.rules.piece.name().to_string(),
                self.rules.surface.name().to_string(),
                named::group_id(self.group).to_string(),
            ],
        };
        let orbits = match self.group {
            Group::Torus => vec![self.orbits_text()],
            Group::Square => Vec::new(),
        };
        lead.into_iter()
            .chain(self.fields())
            .chain(orbits)
            .collect()
    }

    /// The classes by orbit size under the torus group as text (`26:1 52:2`, `-` for none),
    /// empty where the row does not know them (a row merged from parts).
    pub fn orbits_text(&self) -> String {
        self.orbits
            .as_deref()
            .map(crate::torus_group::orbits_text)
            .unwrap_or_default()
    }

    /// The row's fields as text, in [`CSV_HEADER`] order.
    pub fn fields(&self) -> [String; 12] {
        [
            self.n.to_string(),
            self.total.to_string(),
            self.classes.total().to_string(),
            self.classes.asymmetric.to_string(),
            self.classes.half_turn.to_string(),
            self.classes.quarter_turn.to_string(),
            self.nodes.to_string(),
            format!("{:.6}", self.seconds),
            self.engine.clone(),
            self.kernel.clone(),
            self.threads.to_string(),
            self.verdict.label().to_string(),
        ]
    }
}

#[cfg(test)]
mod tests;
