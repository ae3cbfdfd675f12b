//! The published values in `data/known.csv`, embedded in the binary, for verification only:
//! nothing the tool prints is ever taken from here.

use crate::tally::ClassCounts;
use std::sync::OnceLock;

/// The embedded table.
pub const KNOWN_CSV: &str = include_str!("../data/known.csv");

/// Published values for one board size; `None` where no value is published.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KnownRow {
    /// Board size.
    pub n: usize,
    /// A000170.
    pub total: Option<u128>,
    /// A002562.
    pub classes: Option<u128>,
    /// A260320.
    pub asymmetric: Option<u128>,
    /// A260319.
    pub half_turn: Option<u128>,
    /// A260318.
    pub quarter_turn: Option<u128>,
    /// A032522.
    pub fixed_half_turn: Option<u128>,
    /// A033148.
    pub fixed_quarter_turn: Option<u128>,
    /// A319283: nodes of the plain backtracking tree.
    pub nodes: Option<u128>,
}

fn parse_table() -> Vec<KnownRow> {
    let mut reader = csv::ReaderBuilder::new()
        .comment(Some(b'#'))
        .from_reader(KNOWN_CSV.as_bytes());
    let field = |r: &csv::StringRecord, i: usize| -> Option<u128> {
        let s = r.get(i)?;
        if s.is_empty() {
            None
        } else {
            Some(s.parse().expect("data/known.csv holds only integers"))
        }
    };
    reader
        .records()
        .map(|r| {
            let r = r.expect("data/known.csv is well-formed");
            KnownRow {
                n: r[0].parse().expect("data/known.csv: n is an integer"),
                total: field(&r, 1),
                classes: field(&r, 2),
                asymmetric: field(&r, 3),
                half_turn: field(&r, 4),
                quarter_turn: field(&r, 5),
                fixed_half_turn: field(&r, 6),
                fixed_quarter_turn: field(&r, 7),
                nodes: field(&r, 8),
            }
        })
        .collect()
}

/// All published rows, in order of n.
pub fn table() -> &'static [KnownRow] {
    static TABLE: OnceLock<Vec<KnownRow>> = OnceLock::new();
    TABLE.get_or_init(parse_table)
}

/// The published values for `n`, if any.
pub fn lookup(n: usize) -> Option<&'static KnownRow> {
    table().iter().find(|r| r.n == n)
}

/// One computed value that disagrees with the published one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mismatch {
    /// The column (`total`, `classes`, …).
    pub field: &'static str,
    /// The published value.
    pub expected: u128,
    /// The computed value.
    pub computed: u128,
}

/// The outcome of checking one computed result against the published values.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Every published value for this n agrees.
    Verified,
    /// Nothing is published for this n.
    Unknown,
    /// At least one published value disagrees.
    Mismatch(Vec<Mismatch>),
}

impl Verdict {
    /// `yes`, `unknown` or `MISMATCH`, as written in tables.
    pub fn label(&self) -> &'static str {
        match self {
            Verdict::Verified => "yes",
            Verdict::Unknown => "unknown",
            Verdict::Mismatch(_) => "MISMATCH",
        }
    }

    /// Parses a label written by [`Verdict::label`] (a mismatch parses with no details).
    pub fn from_label(s: &str) -> Option<Verdict> {
        match s {
            "yes" => Some(Verdict::Verified),
            "unknown" => Some(Verdict::Unknown),
            "MISMATCH" => Some(Verdict::Mismatch(Vec::new())),
            _ => None,
        }
    }

    /// A one-line description of the mismatches (empty unless [`Verdict::Mismatch`]).
    pub fn describe(&self) -> String {
        match self {
            Verdict::Mismatch(list) => list
                .iter()
                .map(|m| {
                    format!(
                        "{} computed {} but published {}",
                        m.field, m.computed, m.expected
                    )
                })
                .collect::<Vec<_>>()
                .join("; "),
            _ => String::new(),
        }
    }
}

/// Checks a computed total and class breakdown for `n` against the published values.
pub fn verify(n: usize, total: u128, classes: &ClassCounts) -> Verdict {
    let Some(known) = lookup(n) else {
        return Verdict::Unknown;
    };
    let pairs = [
        ("total", known.total, total),
        ("classes", known.classes, classes.total()),
        ("asymmetric", known.asymmetric, classes.asymmetric),
        ("half_turn", known.half_turn, classes.half_turn),
        ("quarter_turn", known.quarter_turn, classes.quarter_turn),
    ];
    if pairs.iter().all(|(_, k, _)| k.is_none()) {
        return Verdict::Unknown;
    }
    let mismatches: Vec<Mismatch> = pairs
        .iter()
        .filter_map(|&(field, expected, computed)| {
            let expected = expected?;
            (expected != computed).then_some(Mismatch {
                field,
                expected,
                computed,
            })
        })
        .collect();
    if mismatches.is_empty() {
        Verdict::Verified
    } else {
        Verdict::Mismatch(mismatches)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_covers_1_to_27_with_identities() {
        let t = table();
        assert_eq!(t.len(), 27);
        for r in t.iter().filter(|r| r.n >= 2) {
            if let (Some(a), Some(h), Some(q)) = (r.asymmetric, r.half_turn, r.quarter_turn) {
                assert_eq!(r.total, Some(8 * a + 4 * h + 2 * q), "n={}", r.n);
                assert_eq!(r.classes, Some(a + h + q), "n={}", r.n);
            }
        }
    }

    #[test]
    fn verify_flags_a_wrong_total() {
        let c = ClassCounts {
            asymmetric: 11,
            half_turn: 1,
            quarter_turn: 0,
        };
        assert_eq!(verify(8, 92, &c), Verdict::Verified);
        assert!(matches!(verify(8, 93, &c), Verdict::Mismatch(_)));
        assert_eq!(verify(30, 1, &c), Verdict::Unknown);
    }
}
