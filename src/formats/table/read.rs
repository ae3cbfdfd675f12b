//! The readers of result tables: a results CSV back into rows ([`read_csv`], within
//! [`ReadLimits`]), and a table to verify against ([`read_known`]).

use super::{CSV_HEADER, Row};
use crate::formats::named;
use crate::plan::tally::ClassCounts;
use crate::rules::{Group, Rules};
use crate::verify::{KnownRow, KnownTable, Source, Verdict};
use std::io;

/// Reads a table to verify against (`--known FILE`, named `name`): a results table that
/// `queens count --csv` or `queens merge --csv` wrote (found by its header: every count
/// column, the nodes with the engine that counted them; of its rows' rules, which
/// [`KnownTable::check_rules`] compares with a run's), or a table in the format of
/// `data/known.csv` (the queens'). A results row marked `MISMATCH` is refused: a table that failed its own
/// check cannot vouch for another run.
pub fn read_known(text: &str, name: &str) -> Result<KnownTable, String> {
    let source = Source::File(name.to_string());
    let first = text.lines().next().unwrap_or("").trim_end_matches('\r');
    let orbits_last = format!("{},{}", CSV_HEADER.join(","), super::ORBITS_COLUMN);
    if !first.ends_with(&CSV_HEADER.join(",")) && !first.ends_with(&orbits_last) {
        return Ok(KnownTable::parse(text)?.with_source(source));
    }
    let rows =
        read_csv_limited(text.as_bytes(), ReadLimits::ONE_PER_SIZE).map_err(|e| e.to_string())?;
    // The table's rules: its rows', the queens' for a table without rows.
    let rules = rows.first().map_or(Rules::QUEENS, |r| r.rules);
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
            orbits: r.orbits.clone(),
        });
    }
    let table = KnownTable::from_rows(known, source).map_err(|e| {
        // from_rows names rows from 1; in the file they start on line 2.
        e.strip_prefix("row ")
            .and_then(|rest| rest.split_once(':'))
            .and_then(|(k, rest)| Some(format!("line {}:{rest}", k.parse::<usize>().ok()? + 1)))
            .unwrap_or(e)
    })?;
    Ok(table.with_rules(rules))
}

/// What a table verified against lacks for the sizes `ns` (those it has no values for:
/// [`KnownTable::lacking`]), in the words every command uses: `'r.csv' has no values for n =
/// 10` for a `--known` file, `nothing is published for n = 28` for the published values.
///
/// ```
/// use queens::formats::table::lacking_text;
/// use queens::verify::Source;
/// let file = Source::File("r.csv".into());
/// assert_eq!(lacking_text(&file, &[10, 12, 13]), "'r.csv' has no values for n = 10, 12, 13");
/// assert_eq!(lacking_text(&Source::Published, &[28]), "nothing is published for n = 28");
/// ```
pub fn lacking_text(source: &Source, ns: &[usize]) -> String {
    let ns = super::sizes_text(ns);
    match source {
        Source::Published => format!("nothing is published for n = {ns}"),
        Source::File(name) => format!("'{name}' has no values for n = {ns}"),
    }
}

/// An error from reading a results CSV.
#[derive(Debug, thiserror::Error)]
pub enum ReadError {
    /// The file is not readable CSV.
    #[error("{0}")]
    Csv(#[from] csv::Error),
    /// The header is not [`CSV_HEADER`], with or without the rules' columns before it.
    #[error(
        "the header is not the one `queens count --csv` writes ({}, after {} for other rules \
         than the queens)",
        CSV_HEADER.join(","),
        named::RULES_COLUMNS.join(",")
    )]
    Header,
    /// The rules a row names cannot be read.
    #[error("line {line}: {why}")]
    Rules {
        /// 1-based line number.
        line: u64,
        /// What is wrong with them.
        why: String,
    },
    /// A row of other rules (or another group) than the table's first row: one table holds
    /// the counts of one rule set.
    #[error(
        "line {line}: {found}, but the table's first row is {first}: one table holds the counts \
         of one rule set (write each to a table of its own)"
    )]
    MixedRules {
        /// 1-based line number.
        line: u64,
        /// The rules and group of the row (`superqueen-torus under D4`).
        found: String,
        /// Those of the table's first row.
        first: String,
    },
    /// A board size beyond `MAX_COUNT_N` (64): no table holds it.
    #[error(
        "line {line}: n = {n} is outside 0 to {}: not a queens row",
        crate::board::MAX_COUNT_N
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
    /// More rows than the reader takes (a table holds one row per size, 0 to 64).
    #[error(
        "more than {limit} rows: a queens table holds one row per board size (0 to {}) and \
         engine",
        crate::board::MAX_COUNT_N
    )]
    TooManyRows {
        /// The most rows taken.
        limit: usize,
    },
    /// A row whose total is more than its nodes can count ([`possible`]): one of the two
    /// columns is wrong, and both are named.
    #[error(
        "line {line}: columns total and nodes: a total of {total} boards is more than a search \
         of {nodes} nodes can count (at most {most}): one of them is wrong"
    )]
    Impossible {
        /// 1-based line number.
        line: u64,
        /// The total found.
        total: u128,
        /// The nodes found.
        nodes: u128,
        /// The most boards those nodes can count.
        most: u128,
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
        max_rows: (crate::board::MAX_COUNT_N + 1) * crate::plan::Engine::ALL.len(),
        unique_n: false,
    };
    /// One row per board size, 0 to 64 (a `--known` table).
    pub const ONE_PER_SIZE: ReadLimits = ReadLimits {
        max_rows: crate::board::MAX_COUNT_N + 1,
        unique_n: true,
    };
}

/// Whether a row's nodes can go with its total: no search visits fewer nodes than the boards
/// it counts / `boards_per_node` (each found solution stands for at most that many images:
/// [`Rules::boards_per_node`]).
pub fn possible(total: u128, nodes: u128, boards_per_node: u128) -> bool {
    nodes.saturating_mul(boards_per_node) >= total
}

/// A row's seconds if they can be: a finite, non-negative number.
pub(crate) fn possible_seconds(text: &str) -> Option<f64> {
    text.parse::<f64>()
        .ok()
        .filter(|s| s.is_finite() && *s >= 0.0)
}

/// Reads rows written by [`write_csv`](super::write_csv) (every n within 0 to 64).
pub fn read_csv<R: io::Read>(input: R) -> Result<Vec<Row>, ReadError> {
    read_csv_limited(input, ReadLimits::ANY)
}

/// Reads rows written by [`write_csv`](super::write_csv) within `limits`, refusing a row beyond them as soon as
/// it is met.
/// A row's rules are those of its leading columns in a table that has them (a variant's,
/// `named::RULES_COLUMNS`), the queens' otherwise; every row must name the first row's.
pub fn read_csv_limited<R: io::Read>(input: R, limits: ReadLimits) -> Result<Vec<Row>, ReadError> {
    let mut reader = csv::Reader::from_reader(input);
    let header = reader.headers()?;
    // The columns before the queens' ones: none, or the rules' three.
    let variant = named::RULES_COLUMNS.iter().chain(CSV_HEADER.iter());
    let lead = if header.iter().eq(CSV_HEADER) {
        0
    } else if header.iter().eq(variant.clone().copied())
        || header
            .iter()
            .eq(variant.chain([super::ORBITS_COLUMN].iter()).copied())
    {
        named::RULES_COLUMNS.len()
    } else {
        return Err(ReadError::Header);
    };
    let mut rows: Vec<Row> = Vec::new();
    let mut seen = [false; crate::board::MAX_COUNT_N + 1];
    for record in reader.records() {
        let record = record?;
        let line = record.position().map_or(0, |p| p.line());
        if rows.len() >= limits.max_rows {
            return Err(ReadError::TooManyRows {
                limit: limits.max_rows,
            });
        }
        let (rules, group) = match lead {
            0 => (Rules::QUEENS, Group::Square),
            _ => row_rules(&record).map_err(|why| ReadError::Rules { line, why })?,
        };
        if let Some(first) = rows.first()
            && (first.rules, first.group) != (rules, group)
        {
            let words = |r: &Rules, g: Group| format!("{r} under {}", g.name());
            return Err(ReadError::MixedRules {
                line,
                found: words(&rules, group),
                first: words(&first.rules, first.group),
            });
        }
        // The classes by orbit size, last in a table under the torus group.
        let orbits = match group {
            Group::Torus => match record.get(lead + CSV_HEADER.len()).unwrap_or("") {
                "" => None,
                text => Some(crate::torus_group::parse_orbits(text).ok_or_else(|| {
                    ReadError::Field {
                        line,
                        column: super::ORBITS_COLUMN,
                        value: text.to_string(),
                    }
                })?),
            },
            Group::Square => None,
        };
        // The queens' columns, after the rules' ones.
        let record: csv::StringRecord = record.iter().skip(lead).take(CSV_HEADER.len()).collect();
        if let Ok(n) = record.get(0).unwrap_or("").parse::<u64>() {
            match usize::try_from(n) {
                Ok(n) if n <= crate::board::MAX_COUNT_N => {
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
        let n_read: usize = get(0).parse().unwrap_or(0);
        let per_node = rules.boards_per_node(n_read);
        if !possible(total, nodes, per_node) {
            return Err(ReadError::Impossible {
                line,
                total,
                nodes,
                most: nodes.saturating_mul(per_node),
            });
        }
        rows.push(Row {
            rules,
            group,
            n: get(0).parse().map_err(|_| bad(0))?,
            total,
            classes,
            nodes,
            seconds: possible_seconds(get(7)).ok_or_else(|| bad(7))?,
            engine: get(8).to_string(),
            kernel: get(9).to_string(),
            threads: get(10).parse().map_err(|_| bad(10))?,
            verdict: Verdict::from_label(get(11)).ok_or_else(|| bad(11))?,
            orbits,
        });
    }
    Ok(rows)
}

/// The rules and group a variant's row names in its leading columns.
fn row_rules(record: &csv::StringRecord) -> Result<(Rules, Group), String> {
    let get = |i: usize| record.get(i).unwrap_or("");
    let group = named::group_named(get(2))?;
    Ok((named::rules_named(get(0), get(1))?.under(group)?, group))
}
