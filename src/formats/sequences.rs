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
use crate::rules::{Group, Rules};

/// An OEIS sequence of counts of one rule set ([`Sequence::rules`]), a term for every
/// counted size: named by its A-number; `total` and `classes` are kept as other names of
/// A000170 and A002562. The torus's sequences of boards 2k+1 (A007705, A071607) are indexed
/// by k ([`Sequence::index`]); A054500–A054502, the torus's classes by orbit size, are tables
/// of entries numbered from 1 over the boards from 1 on ([`Sequence::by_entry`]).
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
    /// Superqueens (queen + knight): solutions, all boards (`--piece superqueen`); offset 1.
    A051223,
    /// Superqueens: classes under the 8 symmetries of the square; offset 1.
    A051224,
    /// Queens on the torus: solutions, all boards (`--board torus`); offset 1.
    A051906,
    /// Queens on the torus of board 2k+1: solutions, a(k) for board 2k+1; offset 0.
    A007705,
    /// Queens on the torus of board 2k+1 with a queen in the corner (= A007705(k)/(2k+1):
    /// strong complete mappings of Z_(2k+1)); offset 0.
    A071607,
    /// Queens on the torus of board 2k+1: classes under the torus group; offset 0.
    A053994,
    /// Queens on the torus: the board of each entry of the classes by orbit size (one entry
    /// per board and orbit size, by increasing board and size); offset 1.
    A054500,
    /// Queens on the torus: the orbit size (boards per class) of each entry; offset 1.
    A054501,
    /// Queens on the torus: the classes of each entry's board and orbit size; offset 1.
    A054502,
}

impl Sequence {
    /// Every sequence, in the order of `--help`: the queens', then the superqueens', then
    /// the torus's.
    pub const ALL: [Sequence; 17] = [
        Sequence::A000170,
        Sequence::A002562,
        Sequence::A260320,
        Sequence::A260319,
        Sequence::A260318,
        Sequence::A032522,
        Sequence::A033148,
        Sequence::A319283,
        Sequence::A051223,
        Sequence::A051224,
        Sequence::A051906,
        Sequence::A007705,
        Sequence::A071607,
        Sequence::A053994,
        Sequence::A054500,
        Sequence::A054501,
        Sequence::A054502,
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
            Sequence::A051223 => "A051223",
            Sequence::A051224 => "A051224",
            Sequence::A051906 => "A051906",
            Sequence::A007705 => "A007705",
            Sequence::A071607 => "A071607",
            Sequence::A053994 => "A053994",
            Sequence::A054500 => "A054500",
            Sequence::A054501 => "A054501",
            Sequence::A054502 => "A054502",
        }
    }

    /// The rules whose counts the sequence lists.
    pub fn rules(self) -> Rules {
        match self {
            Sequence::A051223 | Sequence::A051224 => Rules::SUPERQUEENS,
            Sequence::A051906
            | Sequence::A007705
            | Sequence::A071607
            | Sequence::A053994
            | Sequence::A054500
            | Sequence::A054501
            | Sequence::A054502 => Rules::TORUS_QUEENS,
            _ => Rules::QUEENS,
        }
    }

    /// Whether the sequence is a table of the torus's classes by orbit size (A054500–A054502):
    /// an entry per board and orbit size (by increasing board, then size), numbered from 1
    /// over every board from 1 on, so a b-file of it starts at board 1.
    pub fn by_entry(self) -> bool {
        matches!(
            self,
            Sequence::A054500 | Sequence::A054501 | Sequence::A054502
        )
    }

    /// Whether the sequence lists the odd boards 2k+1 only, a(k) for board 2k+1 (A007705,
    /// A071607, A053994).
    pub fn odd_boards(self) -> bool {
        matches!(
            self,
            Sequence::A007705 | Sequence::A071607 | Sequence::A053994
        )
    }

    /// The sequence's index of board size `n`: `n`, or `k` for board `n = 2k+1` of a
    /// sequence of the odd boards ([`Sequence::odd_boards`], which has no term for an even
    /// board: `None`).
    pub fn index(self, n: usize) -> Option<usize> {
        // The tables by entry have entries for odd boards only (gcd(n, 6) = 1, or n = 1).
        match self.odd_boards() || self.by_entry() {
            false => Some(n),
            true => (n % 2 == 1).then_some(n / 2),
        }
    }

    /// Refuses a b-file of the sequence for counts of `rules`, in one line that says which
    /// flags or which sequences go together (`A051223 lists superqueens on the plane
    /// (--piece superqueen --board plane), not queens on the plane`).
    ///
    /// ```
    /// use queens::rules::Rules;
    /// use queens::sequences::Sequence;
    /// assert!(Sequence::A051223.check_rules(&Rules::SUPERQUEENS).is_ok());
    /// assert_eq!(
    ///     Sequence::A051223.check_rules(&Rules::QUEENS).unwrap_err(),
    ///     "A051223 lists superqueens on the plane: add --piece superqueen --board plane"
    /// );
    /// assert_eq!(
    ///     Sequence::A000170.check_rules(&Rules::TORUS_QUEENS).unwrap_err(),
    ///     "A000170 lists queens on the plane, not queens on the torus: give --sequence \
    ///      A051906, A007705, A071607, A053994, A054500, A054501 or A054502 (or leave out \
    ///      --piece and --board)"
    /// );
    /// ```
    pub fn check_rules(self, rules: &Rules) -> Result<(), String> {
        self.check_rules_by(rules, false)
    }

    /// [`Sequence::check_rules`] for the rules that merged parts carry (`queens merge`): the
    /// parts were counted under their rules, which merge cannot change, so the line says
    /// which parts to merge or which sequence to ask for, never a `--piece` or `--board` to
    /// add (merge takes neither).
    ///
    /// ```
    /// use queens::rules::Rules;
    /// use queens::sequences::Sequence;
    /// assert_eq!(
    ///     Sequence::A051223.check_rules_of_parts(&Rules::QUEENS).unwrap_err(),
    ///     "A051223 lists superqueens on the plane, and the parts hold queens on the plane: \
    ///      give --sequence A000170, A002562, A260320, A260319, A260318, A032522, A033148 or \
    ///      A319283, or merge parts counted with --piece superqueen --board plane"
    /// );
    /// ```
    pub fn check_rules_of_parts(self, rules: &Rules) -> Result<(), String> {
        self.check_rules_by(rules, true)
    }

    /// [`Sequence::check_rules`] (`parts`: for the rules of merged parts).
    fn check_rules_by(self, rules: &Rules, parts: bool) -> Result<(), String> {
        let own = self.rules();
        if own.same_problem(rules) {
            // The torus group's classes are not those under the square's 8 symmetries.
            let torus_group = self == Sequence::A053994 || self.by_entry();
            if torus_group && rules.group() != Group::Torus {
                return Err(format!(
                    "{} counts the classes under the torus group: leave out --symmetries square",
                    self.a_number()
                ));
            }
            return Ok(());
        }
        let words = |r: &Rules| format!("{} on {}", r.piece.plural(), r.surface.words());
        let flags = |r: &Rules| match r.is_queens() {
            true => "without --piece and --board".to_string(),
            false => format!(
                "with --piece {} --board {}",
                r.piece.name(),
                r.surface.name()
            ),
        };
        let theirs = Sequence::listed_for(rules);
        if parts {
            let ask = match theirs.is_empty() {
                true => "leave out --bfile (no sequence of theirs is published)".to_string(),
                false => format!("give --sequence {}", or_list(&theirs)),
            };
            return Err(format!(
                "{} lists {}, and the parts hold {}: {ask}, or merge parts counted {}",
                self.a_number(),
                words(&own),
                words(rules),
                flags(&own)
            ));
        }
        if !own.is_queens() {
            return Err(format!(
                "{} lists {}: add --piece {} --board {}",
                self.a_number(),
                words(&own),
                own.piece.name(),
                own.surface.name()
            ));
        }
        Err(match theirs.is_empty() {
            true => format!(
                "{} lists {}, and no sequence of {} is published: leave out --bfile",
                self.a_number(),
                words(&own),
                words(rules)
            ),
            false => format!(
                "{} lists {}, not {}: give --sequence {} (or leave out --piece and --board)",
                self.a_number(),
                words(&own),
                words(rules),
                or_list(&theirs)
            ),
        })
    }

    /// The sequences the tool lists for `rules`, in the order of [`Sequence::ALL`].
    pub fn listed_for(rules: &Rules) -> Vec<Sequence> {
        Sequence::ALL
            .into_iter()
            .filter(|s| s.rules() == *rules)
            .collect()
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
            Sequence::A051223 => "Superqueens (--piece superqueen): solutions; offset 1",
            Sequence::A051224 => {
                "Superqueens: classes under the 8 symmetries of the square; offset 1"
            }
            Sequence::A051906 => "Queens on the torus (--board torus): solutions; offset 1",
            Sequence::A007705 => {
                "Queens on the torus of odd boards: a(k) = solutions of board 2k+1; offset 0"
            }
            Sequence::A071607 => {
                "Queens on the torus of board 2k+1 with a queen in the corner (its solutions \
                 / (2k+1)); offset 0"
            }
            Sequence::A053994 => {
                "Queens on the torus of board 2k+1: classes under the torus group (the \
                 square's 8 symmetries with the n² shifts); offset 0"
            }
            Sequence::A054500 => {
                "Queens on the torus: the board of each entry of the classes by orbit size \
                 (an entry per board and orbit size, from board 1 on); offset 1"
            }
            Sequence::A054501 => {
                "Queens on the torus: the orbit size (boards per class) of each entry; offset 1"
            }
            Sequence::A054502 => {
                "Queens on the torus: the classes of each entry's orbit size; offset 1"
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
    /// The torus's sequences of odd boards start at k = 0 (board 1); its tables by entry at
    /// entry 1 (board 1's).
    pub fn offset(self) -> usize {
        match self {
            Sequence::A000170 | Sequence::A319283 => 0,
            s if s.by_entry() => 1,
            s if s.odd_boards() => 0,
            _ => 1,
        }
    }

    /// Whether the sequence counts the nodes of the plain tree, which only the enumerate
    /// engine counts (the symmetric engine's nodes are its own, smaller, tree).
    pub fn needs_enumerate(self) -> bool {
        self == Sequence::A319283
    }

    /// The terms a row gives: its one term ([`Sequence::term`]), or for a table by entry
    /// ([`Sequence::by_entry`]) one per orbit size of the row's board, by increasing size
    /// (none for a board without solutions), or why the row cannot give them.
    pub fn terms(self, row: &Row) -> Result<Vec<u128>, String> {
        if !self.by_entry() {
            return self.term(row).map(|t| vec![t]);
        }
        self.check_rules(&row.rules)?;
        let orbits = match (&row.orbits, row.group) {
            (Some(orbits), Group::Torus) => orbits,
            _ => {
                return Err(format!(
                    "n = {}: {} counts the classes by orbit size under the torus group, and \
                     this row has none",
                    row.n,
                    self.a_number()
                ));
            }
        };
        Ok(orbits
            .iter()
            .map(|&(size, classes)| match self {
                Sequence::A054500 => row.n as u128,
                Sequence::A054501 => size,
                _ => classes,
            })
            .collect())
    }

    /// a(n) for a row (a(k) for board 2k+1 of a sequence of odd boards), or why the row
    /// cannot give it: a row of other rules, classes under another group, an even board of a
    /// sequence of odd boards, a corner count that is no whole number, a table by entry
    /// (several terms a row: [`Sequence::terms`]).
    pub fn term(self, row: &Row) -> Result<u128, String> {
        let overflow = || format!("n = {}: the {} term overflowed", row.n, self.a_number());
        self.check_rules(&row.rules)?;
        if self.index(row.n).is_none() {
            return Err(format!(
                "n = {}: {} lists the odd boards only",
                row.n,
                self.a_number()
            ));
        }
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
            Sequence::A051223 | Sequence::A051906 | Sequence::A007705 => Ok(row.total),
            Sequence::A051224 if row.group == Group::Square => {
                row.classes.checked_total().ok_or_else(overflow)
            }
            Sequence::A051224 => Err(format!(
                "n = {}: A051224 counts the classes under the 8 symmetries of the square, and \
                 this row's are under {}",
                row.n,
                row.group.name()
            )),
            // The shifts of the torus move a solution's queen of row 0 to every column, each
            // once: the solutions with it in column 0 are total / n, checked to be whole.
            Sequence::A071607 => match row.total.checked_rem(row.n as u128) {
                Some(0) => Ok(row.total / row.n as u128),
                _ => Err(format!(
                    "n = {}: A071607 is the total {} / n, which is not a whole number",
                    row.n, row.total
                )),
            },
            Sequence::A053994 if row.group == Group::Torus => {
                row.classes.checked_total().ok_or_else(overflow)
            }
            Sequence::A053994 => Err(format!(
                "n = {}: A053994 counts the classes under the torus group, and this row's are \
                 under {}",
                row.n,
                row.group.name()
            )),
            Sequence::A054500 | Sequence::A054501 | Sequence::A054502 => Err(format!(
                "{} has an entry per orbit size of each board, not one term",
                self.a_number()
            )),
        }
    }

    /// Checks that `sizes` can make a b-file of the sequence: the indices of their boards
    /// ([`Sequence::index`]: the odd boards alone for a sequence of odd boards, whose even
    /// boards are left out) consecutive and increasing, as OEIS requires, and at least one.
    pub fn check_sizes(self, sizes: &[usize]) -> Result<(), String> {
        let indices = self.indices(sizes);
        let odd = self.odd_boards() || self.by_entry();
        if indices.is_empty() && odd {
            return Err(format!(
                "{} lists the odd boards 2k+1, and no size asked for is odd",
                self.a_number()
            ));
        }
        match indices.windows(2).find(|w| w[1] != w[0] + 1) {
            None => Ok(()),
            Some(w) if odd => Err(format!(
                "a b-file lists consecutive terms in increasing order, but board {} follows \
                 board {} ({} lists the odd boards)",
                2 * w[1] + 1,
                2 * w[0] + 1,
                self.a_number()
            )),
            Some(w) => Err(format!(
                "a b-file lists consecutive n in increasing order, but {} follows {}",
                w[1], w[0]
            )),
        }
    }

    /// The indices of the terms that `sizes` give, in their order.
    fn indices(self, sizes: &[usize]) -> Vec<usize> {
        sizes.iter().filter_map(|&n| self.index(n)).collect()
    }

    /// Refuses sizes below the offset, where the sequence defines no term: `A002562 starts
    /// at n = 1 (its OEIS offset)`.
    pub fn check_offset(self, sizes: &[usize]) -> Result<(), String> {
        // A table's entries are numbered over every board from 1 on: it starts there.
        if self.by_entry() {
            return match self.indices(sizes).first() {
                Some(0) | None => Ok(()),
                Some(&k) => Err(format!(
                    "{} numbers its entries over the boards from 1 on: give the sizes from 1 \
                     (they start at {})",
                    self.a_number(),
                    2 * k + 1
                )),
            };
        }
        match self.indices(sizes).iter().find(|&&n| n < self.offset()) {
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
    /// A sequence of odd boards counts its terms by k (board 2k+1).
    pub fn late_start_note(self, sizes: &[usize]) -> Option<String> {
        if self.by_entry() {
            return None;
        }
        let first = *self.indices(sizes).iter().min()?;
        let offset = self.offset();
        (first > offset).then(|| match self.odd_boards() {
            // Indexed by k, board 2k+1: said in boards too, which is what the sizes given are.
            true => {
                let board = |k: usize| 2 * k + 1;
                let add = match first == offset + 1 {
                    true => format!("add board {}", board(offset)),
                    false => format!(
                        "add the odd boards {} to {}",
                        board(offset),
                        board(first - 1)
                    ),
                };
                format!(
                    "queens: note: the b-file of {} starts at k = {first} (board {}), after \
                     its OEIS offset k = {offset} (board {}): OEIS b-files begin at the \
                     offset ({add})",
                    self.a_number(),
                    board(first),
                    board(offset)
                )
            }
            false => {
                let add = match first == offset + 1 {
                    true => format!("add n = {offset}"),
                    false => format!("add n = {offset} to {}", first - 1),
                };
                format!(
                    "queens: note: the b-file of {} starts at n = {first}, after its OEIS \
                     offset {offset}: OEIS b-files begin at the offset ({add})",
                    self.a_number()
                )
            }
        })
    }
}

/// `A, B or C`.
fn or_list(sequences: &[Sequence]) -> String {
    let names: Vec<&str> = sequences.iter().map(|s| s.a_number()).collect();
    match names.split_last() {
        None => String::new(),
        Some((last, [])) => (*last).to_string(),
        Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
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
        // The odd boards' sequences are indexed by k, board 2k+1; the sizes given are boards.
        assert_eq!(
            Sequence::A071607.late_start_note(&[3, 5, 7]).unwrap(),
            "queens: note: the b-file of A071607 starts at k = 1 (board 3), after its OEIS \
             offset k = 0 (board 1): OEIS b-files begin at the offset (add board 1)"
        );
        assert!(
            Sequence::A007705
                .late_start_note(&[7, 9])
                .unwrap()
                .ends_with("(add the odd boards 1 to 5)")
        );
        assert_eq!(Sequence::A007705.late_start_note(&[1, 3]), None);
    }
}
