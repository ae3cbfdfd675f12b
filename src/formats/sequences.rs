//! The OEIS sequences this crate computes, with their offsets: what a b-file (`n a(n)` per
//! line) of a table of counted rows lists.
//!
//! ```
//! use queens::sequences::Sequence;
//!
//! let s = Sequence::from_name("classes").unwrap();
//! assert_eq!((s.a_number(), s.offset()), ("A002562", 1));
//! assert!(s.check_offset(&[0, 1, 2]).is_err());
//! ```

use crate::formats::table::Row;

/// An OEIS sequence this crate computes a term of for every counted size: named by its
/// A-number; `total` and `classes` are kept as other names of A000170 and A002562.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sequence {
    /// Solutions, all boards (alias: total); offset 0, a(0) = 1 (the empty board).
    A000170,
    /// Classes under the 8 symmetries of the square (alias: classes); offset 1.
    A002562,
    /// Classes of 8 boards, with no symmetry; offset 1.
    A260320,
    /// Classes of 4 boards, unchanged by a half turn only; offset 1.
    A260319,
    /// Classes unchanged by a quarter turn; offset 1.
    A260318,
    /// Boards unchanged by a half turn; offset 1.
    A032522,
    /// Boards unchanged by a quarter turn; offset 1.
    A033148,
    /// Nodes of the plain backtracking tree (row sums of A319284), which only `--engine
    /// enumerate` counts; offset 0, a(0) = 1 (the root).
    A319283,
}

impl Sequence {
    /// Every sequence, in the order of `--help`.
    pub const ALL: [Sequence; 8] = [
        Sequence::A000170,
        Sequence::A002562,
        Sequence::A260320,
        Sequence::A260319,
        Sequence::A260318,
        Sequence::A032522,
        Sequence::A033148,
        Sequence::A319283,
    ];

    /// The A-number (`A000170`).
    pub fn a_number(self) -> &'static str {
        match self {
            Sequence::A000170 => "A000170",
            Sequence::A002562 => "A002562",
            Sequence::A260320 => "A260320",
            Sequence::A260319 => "A260319",
            Sequence::A260318 => "A260318",
            Sequence::A032522 => "A032522",
            Sequence::A033148 => "A033148",
            Sequence::A319283 => "A319283",
        }
    }

    /// What the sequence counts, one line without a final period (`--help` lists it).
    pub fn description(self) -> &'static str {
        match self {
            Sequence::A000170 => {
                "Solutions, all boards (alias: total); offset 0, a(0) = 1 (the empty board)"
            }
            Sequence::A002562 => {
                "Classes under the 8 symmetries of the square (alias: classes); offset 1"
            }
            Sequence::A260320 => "Classes of 8 boards, with no symmetry; offset 1",
            Sequence::A260319 => "Classes of 4 boards, unchanged by a half turn only; offset 1",
            Sequence::A260318 => "Classes unchanged by a quarter turn; offset 1",
            Sequence::A032522 => "Boards unchanged by a half turn; offset 1",
            Sequence::A033148 => "Boards unchanged by a quarter turn; offset 1",
            Sequence::A319283 => {
                "Nodes of the plain backtracking tree (row sums of A319284), which only \
                 `--engine enumerate` counts; offset 0, a(0) = 1 (the root)"
            }
        }
    }

    /// The other name the sequence is known by (`total`, `classes`), if any.
    pub fn alias(self) -> Option<&'static str> {
        match self {
            Sequence::A000170 => Some("total"),
            Sequence::A002562 => Some("classes"),
            _ => None,
        }
    }

    /// The sequence named `name`: its A-number or [`Sequence::alias`], any case.
    pub fn from_name(name: &str) -> Option<Sequence> {
        Sequence::ALL.into_iter().find(|s| {
            s.a_number().eq_ignore_ascii_case(name)
                || s.alias().is_some_and(|a| a.eq_ignore_ascii_case(name))
        })
    }

    /// The sequence's OEIS offset: the first n it defines. A000170 and A319283 start at 0
    /// (the empty board is the one placement of no queens; the tree of n = 0 is its root
    /// alone); A002562, A033148 and A260318 at 1 as their entries say; A260320, A260319 and
    /// A032522 are taken to start at 1 too (their terms are ours from n = 1).
    pub fn offset(self) -> usize {
        match self {
            Sequence::A000170 | Sequence::A319283 => 0,
            _ => 1,
        }
    }

    /// Whether the sequence counts the nodes of the plain tree, which only the enumerate
    /// engine counts (the symmetric engine's nodes are its own, smaller, tree).
    pub fn needs_enumerate(self) -> bool {
        self == Sequence::A319283
    }

    /// a(n) for a row, or why the row cannot give it.
    pub fn term(self, row: &Row) -> Result<u128, String> {
        let overflow = || format!("n = {}: the {} term overflowed", row.n, self.a_number());
        match self {
            Sequence::A000170 => Ok(row.total),
            Sequence::A002562 => row.classes.checked_total().ok_or_else(overflow),
            Sequence::A260320 => Ok(row.classes.asymmetric),
            Sequence::A260319 => Ok(row.classes.half_turn),
            Sequence::A260318 => Ok(row.classes.quarter_turn),
            Sequence::A032522 => row.fixed_half_turn().ok_or_else(overflow),
            Sequence::A033148 => row.fixed_quarter_turn().ok_or_else(overflow),
            Sequence::A319283 if row.engine == "enumerate" => Ok(row.nodes),
            Sequence::A319283 => Err(format!(
                "n = {}: {} counts the nodes of the plain backtracking tree, and this row's \
                 nodes are the {} engine's",
                row.n,
                self.a_number(),
                row.engine
            )),
        }
    }

    /// Refuses sizes below the offset, where the sequence defines no term: `A002562 starts
    /// at n = 1 (its OEIS offset)`.
    pub fn check_offset(self, sizes: &[usize]) -> Result<(), String> {
        match sizes.iter().find(|&&n| n < self.offset()) {
            Some(n) => Err(format!(
                "{} starts at n = {} (its OEIS offset): it has no term for n = {n}",
                self.a_number(),
                self.offset()
            )),
            None => Ok(()),
        }
    }

    /// The note for a b-file that starts after the offset (OEIS b-files begin at it), or
    /// `None` when it starts there.
    pub fn late_start_note(self, sizes: &[usize]) -> Option<String> {
        let first = *sizes.iter().min()?;
        (first > self.offset()).then(|| {
            let add = if first == self.offset() + 1 {
                format!("add n = {}", self.offset())
            } else {
                format!("add n = {} to {}", self.offset(), first - 1)
            };
            format!(
                "queens: note: the b-file of {} starts at n = {first}, after its OEIS offset \
                 {}: OEIS b-files begin at the offset ({add})",
                self.a_number(),
                self.offset()
            )
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_the_a_numbers_any_case_with_the_old_aliases() {
        for s in Sequence::ALL {
            assert_eq!(Sequence::from_name(s.a_number()), Some(s));
            assert_eq!(Sequence::from_name(&s.a_number().to_lowercase()), Some(s));
        }
        assert_eq!(Sequence::from_name("Total"), Some(Sequence::A000170));
        assert_eq!(Sequence::from_name("classes"), Some(Sequence::A002562));
        assert_eq!(Sequence::from_name("A170"), None);
        assert_eq!(Sequence::from_name("nodes"), None);
    }

    #[test]
    fn offsets_refuse_early_sizes_and_note_late_starts() {
        assert!(Sequence::A000170.check_offset(&[0, 1]).is_ok());
        assert_eq!(
            Sequence::A002562.check_offset(&[0, 1]).unwrap_err(),
            "A002562 starts at n = 1 (its OEIS offset): it has no term for n = 0"
        );
        assert_eq!(Sequence::A000170.late_start_note(&[0, 1]), None);
        assert_eq!(
            Sequence::A000170.late_start_note(&[1, 2]).unwrap(),
            "queens: note: the b-file of A000170 starts at n = 1, after its OEIS offset 0: \
             OEIS b-files begin at the offset (add n = 0)"
        );
        assert!(
            Sequence::A260318
                .late_start_note(&[4, 5])
                .unwrap()
                .ends_with("(add n = 1 to 3)")
        );
        assert_eq!(Sequence::A033148.late_start_note(&[1]), None);
    }
}
