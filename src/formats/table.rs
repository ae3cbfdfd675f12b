//! Per-n result rows and their writers (CSV, aligned human table, Markdown) and CSV reader;
//! the one table [`Layout`] every table of the crate is written with.

use crate::counter::Counts;
use crate::plan::Engine;
use crate::plan::tally::{ClassCounts, Tally, TallyError};
use crate::verify::{self, KnownRow, KnownTable, Source, Verdict};
use std::io;

mod layout;
pub use layout::{Layout, csv_line, markdown_cell};

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

/// The line under a human table that sums up the columns left out of it that describe the
/// run (engine, kernel, threads, seconds): `engine symmetric, kernel scalar, threads 2, 0.051
/// seconds in all`. Where the rows differ, the value of most rows comes first and the others
/// name their sizes: `engine symmetric (enumerate for n = 0)`. A summary longer than 100
/// characters takes a line per column. When the table shows the symmetric engine's nodes, a
/// line says whose they are ([`SYMMETRIC_NODES_NOTE`]). `None` when every column that
/// describes the run is shown or there are no rows.
pub fn footer(rows: &[Row], columns: &[usize]) -> Option<String> {
    if rows.is_empty() {
        return None;
    }
    let shown = |name: &str| columns.iter().any(|&i| COLUMNS[i].name == name);
    let grouped = |name: &str, rows: &[&Row], value: &dyn Fn(&Row) -> String| -> Option<String> {
        if shown(name) || rows.is_empty() {
            return None;
        }
        let mut values: Vec<(String, Vec<usize>)> = Vec::new();
        for r in rows {
            let v = value(r);
            match values.iter_mut().find(|(w, _)| *w == v) {
                Some((_, ns)) => ns.push(r.n),
                None => values.push((v, vec![r.n])),
            }
        }
        // The most common value first (the first of equals), then the others.
        let main = (0..values.len())
            .max_by_key(|&i| (values[i].1.len(), std::cmp::Reverse(i)))
            .expect("there are rows");
        let others: Vec<String> = values
            .iter()
            .enumerate()
            .filter(|&(i, _)| i != main)
            .map(|(_, (v, ns))| format!("{v} for n = {}", sizes_text(ns)))
            .collect();
        Some(if others.is_empty() {
            format!("{name} {}", values[main].0)
        } else {
            format!("{name} {} ({})", values[main].0, others.join("; "))
        })
    };
    let all: Vec<&Row> = rows.iter().collect();
    // The kernel of the rows whose engine has kernels (the enumerate engine's search, which
    // also counts n = 0 for every engine, has one), unless no row's engine has any.
    let with_kernels: Vec<&Row> = rows
        .iter()
        .filter(|r| r.engine != Engine::Enumerate.name())
        .collect();
    let kernel_rows = if with_kernels.is_empty() {
        &all
    } else {
        &with_kernels
    };
    let mut parts: Vec<String> = [
        grouped("engine", &all, &|r| r.engine.clone()),
        grouped("kernel", kernel_rows, &|r| r.kernel.clone()),
        grouped("threads", &all, &|r| r.threads.to_string()),
    ]
    .into_iter()
    .flatten()
    .collect();
    if !shown("seconds") {
        let all: f64 = rows.iter().map(|r| r.seconds).sum();
        parts.push(format!("{all:.3} seconds in all"));
    }
    // The note on whose nodes the table shows, even where every other column is shown.
    let note = (shown("nodes")
        && with_kernels
            .iter()
            .any(|r| r.engine == Engine::Symmetric.name()))
    .then_some(SYMMETRIC_NODES_NOTE);
    let line = parts.join(", ");
    let lines = if line.chars().count() <= 100 {
        line
    } else {
        parts.join("\n")
    };
    match (parts.is_empty(), note) {
        (true, None) => None,
        (true, Some(note)) => Some(note.to_string()),
        (false, None) => Some(lines),
        (false, Some(note)) => Some(format!("{lines}\n{note}")),
    }
}

/// The footer's line under a table that shows the symmetric engine's nodes: whose nodes they
/// are, and how to get the plain tree's (A319283).
pub const SYMMETRIC_NODES_NOTE: &str = "nodes: the symmetric engine's partial boards; \
     A319283 (plain tree): --engine enumerate or profile";

/// The [`Layout`] of the table of `columns` (indices in [`COLUMNS`], in order): their CSV
/// names as headings, text left-aligned, numbers right-aligned.
pub fn layout(columns: &[usize]) -> Layout {
    let headings: Vec<&str> = columns.iter().map(|&i| CSV_HEADER[i]).collect();
    Layout::new(&headings, |k| COLUMNS[columns[k]].text)
}

/// The Markdown table of `rows` in `columns` (indices in [`COLUMNS`], in order): their
/// headings for people, numbers right-aligned, the fields as [`Row::display_fields`].
pub fn markdown_table(rows: &[Row], columns: &[usize]) -> String {
    let headings: Vec<&str> = columns.iter().map(|&i| COLUMNS[i].heading).collect();
    let t = Layout::new(&headings, |k| COLUMNS[columns[k]].text);
    let mut out = t.markdown_header();
    for row in rows {
        let fields = row.display_fields();
        let picked: Vec<&str> = columns.iter().map(|&i| fields[i].as_str()).collect();
        out += &t.markdown_line(&picked);
    }
    out
}

/// Reads a table to verify against (`--known FILE`, named `name`): a results table that
/// `queens count --csv` or `queens merge --csv` wrote (found by its header: every count
/// column, the nodes with the engine that counted them), or a table in the format of
/// `data/known.csv`. A results row marked `MISMATCH` is refused: a table that failed its own
/// check cannot vouch for another run.
pub fn read_known(text: &str, name: &str) -> Result<KnownTable, String> {
    let source = Source::File(name.to_string());
    let first = text.lines().next().unwrap_or("").trim_end_matches('\r');
    if first != CSV_HEADER.join(",") {
        return Ok(KnownTable::parse(text)?.with_source(source));
    }
    let rows =
        read_csv_limited(text.as_bytes(), ReadLimits::ONE_PER_SIZE).map_err(|e| e.to_string())?;
    let mut known = Vec::with_capacity(rows.len());
    for (i, r) in rows.iter().enumerate() {
        let line = i + 2; // the header is line 1, and the CSV writer writes a record per line
        if matches!(r.verdict, Verdict::Mismatch(_)) {
            return Err(format!(
                "line {line}: n = {} is marked MISMATCH there: a table that failed its own check \
                 cannot verify another run (count that size again, or remove the row)",
                r.n
            ));
        }
        known.push(KnownRow {
            n: r.n,
            total: Some(r.total),
            classes: Some(r.classes.total()),
            asymmetric: Some(r.classes.asymmetric),
            half_turn: Some(r.classes.half_turn),
            quarter_turn: Some(r.classes.quarter_turn),
            fixed_half_turn: r.fixed_half_turn(),
            fixed_quarter_turn: r.fixed_quarter_turn(),
            nodes: Some(r.nodes),
            nodes_engine: Some(r.engine.clone()),
        });
    }
    KnownTable::from_rows(known, source).map_err(|e| {
        // from_rows names rows from 1; in the file they start on line 2.
        e.strip_prefix("row ")
            .and_then(|rest| rest.split_once(':'))
            .and_then(|(k, rest)| Some(format!("line {}:{rest}", k.parse::<usize>().ok()? + 1)))
            .unwrap_or(e)
    })
}

/// The result for one board size.
#[derive(Clone, Debug, PartialEq)]
pub struct Row {
    /// Board size.
    pub n: usize,
    /// Solutions (A000170).
    pub total: u128,
    /// Classes by symmetry type; their sum is A002562.
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
}

impl Row {
    /// The row of complete counts, verified against the embedded published values.
    pub fn from_counts(c: &Counts) -> Row {
        Row {
            n: c.n,
            total: c.total,
            classes: c.classes,
            nodes: c.nodes,
            seconds: c.seconds,
            engine: c.engine.name().to_string(),
            kernel: c.kernel.to_string(),
            threads: c.threads,
            verdict: verify::verify_with_nodes(c.n, c.total, &c.classes, c.nodes, c.engine.name()),
        }
    }

    /// The row for the complete `tally` of board size `n` (every unit of a plan of `engine`
    /// run on `kernel`, for example merged from parts): classes derived (and cross-checked when
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
        let classes = tally.classes(n, counts_classes_directly)?;
        Ok(Row {
            n,
            total: tally.boards,
            classes,
            nodes: tally.nodes,
            seconds,
            engine: engine.to_string(),
            kernel: kernel.to_string(),
            threads,
            verdict: verify::verify_with_nodes(n, tally.boards, &classes, tally.nodes, engine),
        })
    }

    /// Checks the row again, against `table` instead of the embedded published values (its
    /// nodes too where the table's come from the same engine).
    pub fn reverify(&mut self, table: &verify::KnownTable) {
        self.verdict = table.verify_with_nodes(
            self.n,
            self.total,
            &self.classes,
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

/// Writes rows as CSV with the [`CSV_HEADER`].
pub fn write_csv<W: io::Write>(rows: &[Row], out: W) -> io::Result<()> {
    super::write_csv(&CSV_HEADER, rows.iter().map(Row::fields), out)
}

/// Renders rows as an aligned table of `columns` (indices in [`COLUMNS`], in order): numbers
/// right-aligned, text left-aligned, then the [`footer`] line, if any.
pub fn human_table(rows: &[Row], columns: &[usize]) -> String {
    let cells: Vec<Vec<String>> = rows
        .iter()
        .map(|r| {
            let f = r.display_fields();
            columns.iter().map(|&i| f[i].clone()).collect()
        })
        .collect();
    let mut out = layout(columns).human(&cells);
    if let Some(f) = footer(rows, columns) {
        out += &f;
        out.push('\n');
    }
    out
}

/// An error from reading a results CSV.
#[derive(Debug, thiserror::Error)]
pub enum ReadError {
    /// The file is not readable CSV.
    #[error("{0}")]
    Csv(#[from] csv::Error),
    /// The header is not [`CSV_HEADER`].
    #[error("the header is not the one `queens count --csv` writes ({})", CSV_HEADER.join(","))]
    Header,
    /// A board size beyond [`crate::board::MAX_N`]: no queens table holds it.
    #[error(
        "line {line}: n = {n} is outside 0 to {}: not a queens row",
        crate::board::MAX_N
    )]
    Size {
        /// 1-based line number.
        line: u64,
        /// The size found.
        n: u64,
    },
    /// A second row of one board size where sizes must be unique (a `--known` table).
    #[error("line {line}: n = {n} appears twice")]
    Duplicate {
        /// 1-based line number of the second row.
        line: u64,
        /// The size.
        n: usize,
    },
    /// More rows than the reader takes (a table holds one row per size, 0 to 32).
    #[error(
        "more than {limit} rows: a queens table holds one row per board size (0 to {}) and \
         engine",
        crate::board::MAX_N
    )]
    TooManyRows {
        /// The most rows taken.
        limit: usize,
    },
    /// A field does not parse.
    #[error("line {line}: column {column}: {value:?} is not valid")]
    Field {
        /// 1-based line number.
        line: u64,
        /// Column name.
        column: &'static str,
        /// The text found.
        value: String,
    },
}

/// The class counts of a row read back from a file (CSV or JSON), if its stated number of
/// `classes` is the sum of the three by symmetry type, as every row queens writes has it.
pub fn stated_classes(
    classes: u128,
    asymmetric: u128,
    half_turn: u128,
    quarter_turn: u128,
) -> Option<ClassCounts> {
    let counts = ClassCounts {
        asymmetric,
        half_turn,
        quarter_turn,
    };
    (counts.checked_total() == Some(classes)).then_some(counts)
}

/// What a table reader takes: how many rows at most, and whether a board size may appear
/// twice. Rows are refused as they are met, so a reader holds at most `max_rows` rows
/// whatever the input's size.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ReadLimits {
    /// The most rows read; one more is [`ReadError::TooManyRows`].
    pub max_rows: usize,
    /// Whether a second row of one n is [`ReadError::Duplicate`].
    pub unique_n: bool,
}

impl ReadLimits {
    /// Any number of rows, sizes repeated.
    pub const ANY: ReadLimits = ReadLimits {
        max_rows: usize::MAX,
        unique_n: false,
    };
    /// One row per board size and engine (a table to plot, merged from runs of each engine).
    pub const TABLE: ReadLimits = ReadLimits {
        max_rows: (crate::board::MAX_N + 1) * crate::plan::Engine::ALL.len(),
        unique_n: false,
    };
    /// One row per board size, 0 to 32 (a `--known` table).
    pub const ONE_PER_SIZE: ReadLimits = ReadLimits {
        max_rows: crate::board::MAX_N + 1,
        unique_n: true,
    };
}

/// Whether a row's nodes can go with its total: no search visits fewer nodes than an eighth
/// of the boards it counts (each found solution stands for at most its 8 images).
pub fn possible(total: u128, nodes: u128) -> bool {
    nodes.saturating_mul(8) >= total
}

/// A row's seconds if they can be: a finite, non-negative number.
pub(crate) fn possible_seconds(text: &str) -> Option<f64> {
    text.parse::<f64>()
        .ok()
        .filter(|s| s.is_finite() && *s >= 0.0)
}

/// Reads rows written by [`write_csv`] (every n within 0 to 32).
pub fn read_csv<R: io::Read>(input: R) -> Result<Vec<Row>, ReadError> {
    read_csv_limited(input, ReadLimits::ANY)
}

/// Reads rows written by [`write_csv`] within `limits`, refusing a row beyond them as soon as
/// it is met.
pub fn read_csv_limited<R: io::Read>(input: R, limits: ReadLimits) -> Result<Vec<Row>, ReadError> {
    let mut reader = csv::Reader::from_reader(input);
    if reader.headers()?.iter().ne(CSV_HEADER) {
        return Err(ReadError::Header);
    }
    let mut rows: Vec<Row> = Vec::new();
    let mut seen = [false; crate::board::MAX_N + 1];
    for record in reader.records() {
        let record = record?;
        let line = record.position().map_or(0, |p| p.line());
        if rows.len() >= limits.max_rows {
            return Err(ReadError::TooManyRows {
                limit: limits.max_rows,
            });
        }
        if let Ok(n) = record.get(0).unwrap_or("").parse::<u64>() {
            match usize::try_from(n) {
                Ok(n) if n <= crate::board::MAX_N => {
                    if limits.unique_n && std::mem::replace(&mut seen[n], true) {
                        return Err(ReadError::Duplicate { line, n });
                    }
                }
                _ => return Err(ReadError::Size { line, n }),
            }
        }
        let get = |i: usize| record.get(i).unwrap_or("");
        let bad = |i: usize| ReadError::Field {
            line,
            column: CSV_HEADER[i],
            value: get(i).to_string(),
        };
        let int = |i: usize| get(i).parse::<u128>().map_err(|_| bad(i));
        let classes = stated_classes(int(2)?, int(3)?, int(4)?, int(5)?).ok_or_else(|| bad(2))?;
        let (total, nodes) = (int(1)?, int(6)?);
        if !possible(total, nodes) {
            return Err(bad(6));
        }
        rows.push(Row {
            n: get(0).parse().map_err(|_| bad(0))?,
            total,
            classes,
            nodes,
            seconds: possible_seconds(get(7)).ok_or_else(|| bad(7))?,
            engine: get(8).to_string(),
            kernel: get(9).to_string(),
            threads: get(10).parse().map_err(|_| bad(10))?,
            verdict: Verdict::from_label(get(11)).ok_or_else(|| bad(11))?,
        });
    }
    Ok(rows)
}

/// The most nodes per solution an engine visits up to n = 17 (measured: 80 for `enumerate`,
/// 20 for `symmetric`), for the widths of [`streamed_widths`].
pub(crate) fn nodes_per_solution(engine: Engine) -> f64 {
    match engine {
        Engine::Enumerate => 80.0,
        Engine::Symmetric => 20.0,
    }
}

/// How much `nodes_per_solution` grows per size beyond n = 17 (measured: about 6%).
pub const NODES_GROWTH: f64 = 1.06;

/// The widths of a human table streamed a row at a time, fixed before the first row: each column as wide as
/// its heading and the largest value it is expected to hold for the `sizes` asked for: the
/// published counts (A000170, A002562, …) or, beyond them, the totals extrapolated with
/// `growth_ratio`; the nodes as that total times the nodes per solution of the
/// `engine` (`nodes_per_solution`, growing by [`NODES_GROWTH`] per size beyond n = 17); the seconds from a forecast of 1 CPU-second at n = 16. A value wider
/// than foreseen shifts its own line only.
pub fn streamed_widths(sizes: &[usize], engine: Engine, threads: usize) -> [usize; 12] {
    let digits = |v: f64| format!("{:.0}", v.max(1.0)).len();
    let mut widths: [usize; 12] = CSV_HEADER.map(str::len);
    let mut grow = |i: usize, w: usize| widths[i] = widths[i].max(w);
    // The text columns: every engine and kernel name, the verdicts.
    let names = |list: &[&str]| list.iter().map(|s| s.len()).max().unwrap_or(0);
    grow(8, names(&Engine::ALL.map(Engine::name)));
    grow(9, names(&crate::search::kernel::Kernel::names()));
    grow(11, names(&["yes", "unknown", "MISMATCH"]));
    for &n in sizes {
        let known = verify::lookup(n);
        let total = known.and_then(|k| k.total).map_or_else(
            || {
                let last = crate::runner::forecast::published_record();
                let mut t = verify::lookup(last)
                    .and_then(|k| k.total)
                    .map_or(1.0, |t| t as f64);
                for k in last + 1..=n {
                    t *= crate::runner::forecast::growth_ratio(k);
                }
                t
            },
            |t| t as f64,
        );
        let field = |get: fn(&verify::KnownRow) -> Option<u128>, fallback: f64| {
            known.and_then(get).map_or(fallback, |v| v as f64)
        };
        grow(0, n.to_string().len());
        grow(1, digits(total));
        grow(2, digits(field(|k| k.classes, total / 8.0 + 1.0)));
        grow(3, digits(field(|k| k.asymmetric, total / 8.0 + 1.0)));
        grow(4, digits(field(|k| k.half_turn, total.sqrt())));
        grow(5, digits(field(|k| k.quarter_turn, total.sqrt())));
        let per_solution = nodes_per_solution(engine) * NODES_GROWTH.powi(n as i32 - 17).max(1.0);
        let nodes = match engine {
            Engine::Enumerate => known.and_then(|k| k.nodes).map(|v| v as f64),
            Engine::Symmetric => None,
        };
        grow(6, digits(nodes.unwrap_or(total * per_solution).max(60.0)));
        let seconds = crate::runner::forecast::cpu_seconds(
            n,
            crate::runner::forecast::Sample {
                n: 16,
                cpu_seconds: 1.0,
            },
        ) / threads as f64;
        grow(7, digits(seconds) + 4);
        grow(10, threads.to_string().len());
    }
    widths
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn streamed_widths_hold_the_published_values_and_grow_with_the_sizes() {
        let small = streamed_widths(&[8], Engine::Symmetric, 1);
        // Headings are wider than every value of n = 8; names fit the longest engine, kernel
        // and verdict.
        assert_eq!(small[..6], CSV_HEADER.map(str::len)[..6]);
        assert_eq!(small[8], "enumerate".len());
        assert_eq!(small[11], "MISMATCH".len());
        let big = streamed_widths(&[8, 27], Engine::Symmetric, 1);
        // A000170(27) = 234,907,967,154,122,528: 18 digits.
        assert_eq!(big[1], 18);
        assert!(big.iter().zip(small).all(|(b, s)| *b >= s));
        // The plain tree visits more nodes per solution than the symmetric engine's.
        let plain = streamed_widths(&[27], Engine::Enumerate, 1);
        assert!(plain[6] > big[6], "{} {}", plain[6], big[6]);
        assert_eq!(
            streamed_widths(&[8], Engine::Symmetric, 1000)[10],
            "threads".len()
        );
        assert_eq!(streamed_widths(&[8], Engine::Symmetric, 10_000_000)[10], 8);
    }

    fn row(n: usize, engine: &str, threads: usize) -> Row {
        row_on(n, engine, threads, crate::KernelChoice::Scalar)
    }

    /// The row of size `n` counted by `engine` on `threads` threads with `kernel`.
    fn row_on(n: usize, engine: &str, threads: usize, kernel: crate::KernelChoice) -> Row {
        let engine = if engine == "enumerate" {
            crate::Engine::Enumerate
        } else {
            crate::Engine::Symmetric
        };
        let mut counter = crate::Counter::new(n).engine(engine).threads(threads);
        if engine == crate::Engine::Symmetric {
            counter = counter.kernel(kernel);
        }
        Row::from_counts(&counter.count().unwrap())
    }

    #[test]
    fn columns_parse_by_name_in_the_order_given() {
        assert_eq!(parse_columns("n,total,nodes").unwrap(), vec![0, 1, 6]);
        assert_eq!(parse_columns("verified, n").unwrap(), vec![11, 0]);
        assert_eq!(parse_columns("all").unwrap(), (0..12).collect::<Vec<_>>());
        assert_eq!(human_columns(), vec![0, 1, 2, 3, 4, 5, 11]);
        let e = parse_columns("n,speed").unwrap_err();
        assert!(
            e.starts_with("unknown column 'speed': the columns are all, or a list of n,total,")
        );
        assert!(
            parse_columns("n,,total")
                .unwrap_err()
                .starts_with("empty name")
        );
        assert!(parse_columns("").is_err());
        assert!(parse_columns("n,n").unwrap_err().contains("twice"));
    }

    #[test]
    fn fixed_boards_from_the_classes_equal_the_engines_own_counts() {
        for n in 0..=12 {
            for engine in ["symmetric", "enumerate"] {
                let c = crate::Counter::new(n)
                    .engine(if engine == "enumerate" {
                        crate::Engine::Enumerate
                    } else {
                        crate::Engine::Symmetric
                    })
                    .count()
                    .unwrap();
                let r = Row::from_counts(&c);
                assert_eq!(r.fixed_half_turn(), Some(c.fixed_half_turn), "n = {n}");
                assert_eq!(
                    r.fixed_quarter_turn(),
                    Some(c.fixed_quarter_turn),
                    "n = {n}"
                );
            }
        }
        let mut forged = row(8, "symmetric", 1);
        forged.classes.half_turn = u128::MAX;
        assert_eq!(forged.fixed_half_turn(), None);
    }

    /// The footer of rows counted on `kernel`: the kernel is that of the rows whose engine has
    /// kernels, not the enumerate search's of n = 0.
    fn footer_names_the_kernel_of_the_symmetric_rows(kernel: crate::search::kernel::Kernel) {
        assert!(
            kernel.is_available(),
            "build.rs found {kernel:?} on this CPU, the kernel does not"
        );
        let rows: Vec<Row> = (0..3)
            .map(|n| row_on(n, "symmetric", 2, kernel.into()))
            .collect();
        let f = footer(&rows, &human_columns()).unwrap();
        let start = format!(
            "engine symmetric (enumerate for n = 0), kernel {}, threads 2 (1 for n = 0), ",
            kernel.name()
        );
        assert!(f.starts_with(&start), "{f}");
        assert!(f.ends_with(" seconds in all") && !f.contains('\n'), "{f}");
    }

    /// The footer on each kernel of the registry, a test each (`the_footer_names_the_kernel::avx2`,
    /// …), `ignored` (with the reason) where the CPU lacks the kernel (`build.rs` sets the cfgs
    /// from the build machine's CPU).
    macro_rules! footer_per_kernel {
        ($($variant:ident $name:literal $module:ident;)+) => {
            mod the_footer_names_the_kernel {$(
                #[test]
                #[cfg_attr(not(queens_host_kernel = $name), ignore = "this CPU lacks the kernel (`queens kernels` says what it needs), or the tests were cross-built")]
                fn $module() {
                    super::footer_names_the_kernel_of_the_symmetric_rows(
                        crate::search::kernel::Kernel::$variant,
                    );
                }
            )+}
        };
    }

    crate::search::kernel::for_each_kernel!(footer_per_kernel);

    #[test]
    fn the_footer_names_the_common_value_and_the_exceptions() {
        let rows = [row(0, "symmetric", 2), row(1, "symmetric", 2)];
        let on_every_row = footer(&[row(0, "enumerate", 1)], &human_columns()).unwrap();
        assert!(
            on_every_row.starts_with("engine enumerate, kernel scalar, threads 1, "),
            "{on_every_row}"
        );
        // Every column shown: only the note on whose nodes they are.
        assert_eq!(
            footer(&rows, &parse_columns("all").unwrap()).as_deref(),
            Some(SYMMETRIC_NODES_NOTE)
        );
        let enumerate = [row(0, "enumerate", 1)];
        assert_eq!(footer(&enumerate, &parse_columns("all").unwrap()), None);
        assert_eq!(footer(&[], &human_columns()), None);
        let f = footer(&rows, &parse_columns("n,engine,kernel,threads").unwrap()).unwrap();
        assert!(
            f.ends_with(" seconds in all") && !f.contains("engine"),
            "{f}"
        );
        assert_eq!(sizes_text(&[0, 1, 2, 5, 7, 8]), "0 to 2, 5, 7, 8");
    }

    #[test]
    fn the_footer_says_whose_nodes_the_symmetric_engine_shows() {
        let nodes = parse_columns("n,total,nodes").unwrap();
        let symmetric = [row(11, "symmetric", 2), row(12, "symmetric", 2)];
        let f = footer(&symmetric, &nodes).unwrap();
        let lines: Vec<&str> = f.lines().collect();
        assert_eq!(lines.len(), 2, "{f}");
        assert!(lines[0].starts_with("engine symmetric, "), "{f}");
        assert_eq!(lines[1], SYMMETRIC_NODES_NOTE);
        assert!(SYMMETRIC_NODES_NOTE.chars().count() <= 100);
        // The enumerate engine's nodes are the plain tree's, and a table without nodes needs
        // no note.
        let enumerate = [row(12, "enumerate", 1)];
        assert!(!footer(&enumerate, &nodes).unwrap().contains("nodes:"));
        let f = footer(&symmetric, &human_columns()).unwrap();
        assert!(!f.contains("nodes:"), "{f}");
    }

    #[test]
    fn a_results_table_reads_back_as_a_known_table_with_its_engine() {
        let rows = [row(7, "enumerate", 1), row(8, "enumerate", 1)];
        let mut csv = Vec::new();
        write_csv(&rows, &mut csv).unwrap();
        let text = String::from_utf8(csv).unwrap();
        let known = read_known(&text, "r.csv").unwrap();
        assert_eq!(known.source(), &Source::File("r.csv".into()));
        let k8 = known.lookup(8).unwrap();
        assert_eq!((k8.total, k8.nodes), (Some(92), Some(2057)));
        assert_eq!(
            (k8.fixed_half_turn, k8.fixed_quarter_turn),
            (Some(4), Some(0))
        );
        assert_eq!(k8.nodes_engine.as_deref(), Some("enumerate"));
        let mut again = rows[1].clone();
        again.reverify(&known);
        assert_eq!(again.verdict, Verdict::Verified);
        again.nodes += 1;
        again.reverify(&known);
        assert_eq!(
            again.verdict.describe_against(known.source()),
            "nodes 2057 there, 2058 here"
        );
        // A symmetric run is not compared on nodes.
        let mut other = row(8, "symmetric", 1);
        other.reverify(&known);
        assert_eq!(other.verdict, Verdict::Verified);
        // (and so there is nothing to note: its nodes are never compared).
        assert_eq!(known.nodes_of_another_engine(8, "symmetric"), None);
        // A row marked MISMATCH is refused, naming its line.
        let marked = text.replace(",yes\n8,", ",MISMATCH\n8,");
        let e = read_known(&marked, "r.csv").unwrap_err();
        assert!(
            e.starts_with("line 2: n = 7 is marked MISMATCH there"),
            "{e}"
        );
        // The format of data/known.csv still reads, named by its file.
        let k = read_known("n,total_A000170\n8,93\n", "k.csv").unwrap();
        assert_eq!(k.source(), &Source::File("k.csv".into()));
        assert_eq!(k.lookup(8).unwrap().total, Some(93));
    }
}
