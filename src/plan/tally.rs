//! What a search counts, summed over work units with checked arithmetic, and the class
//! counts derived from it.

use std::fmt;

/// Classes of solutions under D4, by symmetry type.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct ClassCounts {
    /// Classes of 8 boards (A260320).
    pub asymmetric: u128,
    /// Classes of 4 boards, unchanged by a half turn only (A260319).
    pub half_turn: u128,
    /// Classes unchanged by a quarter turn (A260318); 2 boards each, 1 for n = 1.
    pub quarter_turn: u128,
}

impl ClassCounts {
    /// All classes (A002562), or `None` if the sum overflows 128 bits (possible only for
    /// counts read from a forged or damaged file: no n up to 32 comes near).
    pub fn checked_total(&self) -> Option<u128> {
        self.asymmetric
            .checked_add(self.half_turn)?
            .checked_add(self.quarter_turn)
    }

    /// All classes (A002562). Never wraps: a sum beyond 128 bits (forged input only) gives
    /// `u128::MAX`; readers of files check [`ClassCounts::checked_total`] instead.
    pub fn total(&self) -> u128 {
        self.checked_total().unwrap_or(u128::MAX)
    }

    /// Adds `other`, failing on overflow.
    pub fn checked_add(&self, other: &ClassCounts) -> Option<ClassCounts> {
        Some(ClassCounts {
            asymmetric: self.asymmetric.checked_add(other.asymmetric)?,
            half_turn: self.half_turn.checked_add(other.half_turn)?,
            quarter_turn: self.quarter_turn.checked_add(other.quarter_turn)?,
        })
    }
}

/// The counts of one work unit, or of any set of units summed.
///
/// Every field adds across units; a sum over all units of a plan is the result for its n.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Tally {
    /// Solutions (boards), A000170 when summed over a whole plan.
    pub boards: u128,
    /// Solutions unchanged by a half turn (A032522).
    pub fixed_half_turn: u128,
    /// Solutions unchanged by a quarter turn (A033148).
    pub fixed_quarter_turn: u128,
    /// Classes counted directly, one per canonical solution met. Only engines that visit every
    /// solution fill this in (see [`Tally::classes`]); others leave it zero.
    pub canonical: ClassCounts,
    /// Partial boards the engine visited, in its own notion of node: the enumerate engine's
    /// are the plain tree's (A319283, the empty board included); the symmetric engine's are
    /// its kernels' placements below the pre-placed queens and the fixed-board searches'.
    pub nodes: u128,
}

/// A sum of tallies overflowed 128 bits, or a tally broke an identity every result obeys.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TallyError {
    /// An addition overflowed.
    #[error("a count overflowed 128 bits while summing work units")]
    Overflow,
    /// The counts contradict each other; the message says how. This is a bug or a
    /// corrupted partial result, never a property of the problem.
    #[error("inconsistent counts for n = {n}: {what}")]
    Inconsistent {
        /// Board size.
        n: usize,
        /// What does not add up.
        what: String,
    },
}

impl Tally {
    /// Adds `other`, failing on overflow of any field.
    pub fn checked_add(&self, other: &Tally) -> Result<Tally, TallyError> {
        let add = |a: u128, b: u128| a.checked_add(b).ok_or(TallyError::Overflow);
        Ok(Tally {
            boards: add(self.boards, other.boards)?,
            fixed_half_turn: add(self.fixed_half_turn, other.fixed_half_turn)?,
            fixed_quarter_turn: add(self.fixed_quarter_turn, other.fixed_quarter_turn)?,
            canonical: self
                .canonical
                .checked_add(&other.canonical)
                .ok_or(TallyError::Overflow)?,
            nodes: add(self.nodes, other.nodes)?,
        })
    }

    /// Sums tallies with checked arithmetic.
    pub fn sum<'a>(tallies: impl IntoIterator<Item = &'a Tally>) -> Result<Tally, TallyError> {
        tallies
            .into_iter()
            .try_fold(Tally::default(), |acc, t| acc.checked_add(t))
    }

    /// Classes by symmetry type from Burnside's lemma.
    ///
    /// For n > 1 no reflection fixes a solution (a reflection in an axis would put two queens
    /// in one row or column, one in a diagonal would put two on that diagonal), so with
    /// `F180 = 4·half + 2·quarter` and `F90 = 2·quarter`:
    /// `quarter = F90 / 2`, `half = (F180 − F90) / 4`, `asymmetric = (total − F180) / 8`.
    /// For n = 1 the single board, and for n = 0 the empty board, is fixed by all 8 elements:
    /// one quarter-turn class.
    /// Fails if a division is not exact or a difference negative.
    pub fn classes_by_burnside(&self, n: usize) -> Result<ClassCounts, TallyError> {
        let bad = |what: String| TallyError::Inconsistent { n, what };
        let (t, f180, f90) = (self.boards, self.fixed_half_turn, self.fixed_quarter_turn);
        if n <= 1 {
            return if (t, f180, f90) == (1, 1, 1) {
                Ok(ClassCounts {
                    quarter_turn: 1,
                    ..ClassCounts::default()
                })
            } else {
                Err(bad(format!(
                    "total {t}, half-turn fixed {f180}, quarter-turn fixed {f90}"
                )))
            };
        }
        if f90 > f180 || f180 > t {
            return Err(bad(format!(
                "need F90 ≤ F180 ≤ total, got {f90}, {f180}, {t}"
            )));
        }
        if f90 % 2 != 0 || (f180 - f90) % 4 != 0 || (t - f180) % 8 != 0 {
            return Err(bad(format!(
                "total {t}, F180 {f180}, F90 {f90} do not divide into whole classes"
            )));
        }
        Ok(ClassCounts {
            asymmetric: (t - f180) / 8,
            half_turn: (f180 - f90) / 4,
            quarter_turn: f90 / 2,
        })
    }

    /// The class counts of a complete tally. When `counted_directly` (the engine met every
    /// solution and counted canonical ones), the direct counts are returned after checking
    /// them against Burnside's lemma; otherwise Burnside's counts are returned.
    pub fn classes(&self, n: usize, counted_directly: bool) -> Result<ClassCounts, TallyError> {
        let burnside = self.classes_by_burnside(n)?;
        if counted_directly && self.canonical != burnside {
            return Err(TallyError::Inconsistent {
                n,
                what: format!(
                    "classes counted one by one {:?} differ from Burnside's {:?}",
                    self.canonical, burnside
                ),
            });
        }
        Ok(burnside)
    }
}

impl fmt::Display for Tally {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "boards {} (F180 {}, F90 {}), nodes {}",
            self.boards, self.fixed_half_turn, self.fixed_quarter_turn, self.nodes
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn burnside_gives_n8_classes() {
        let t = Tally {
            boards: 92,
            fixed_half_turn: 4,
            fixed_quarter_turn: 0,
            ..Tally::default()
        };
        let c = t.classes_by_burnside(8).unwrap();
        assert_eq!((c.asymmetric, c.half_turn, c.quarter_turn), (11, 1, 0));
        assert_eq!(c.total(), 12);
    }

    #[test]
    fn burnside_rejects_inconsistent_counts() {
        let t = Tally {
            boards: 93,
            fixed_half_turn: 4,
            ..Tally::default()
        };
        assert!(t.classes_by_burnside(8).is_err());
    }

    #[test]
    fn the_class_total_never_wraps() {
        let forged = ClassCounts {
            asymmetric: u128::MAX,
            half_turn: 1,
            quarter_turn: 0,
        };
        assert_eq!(forged.checked_total(), None);
        assert_eq!(forged.total(), u128::MAX);
        let fine = ClassCounts {
            asymmetric: 11,
            half_turn: 1,
            quarter_turn: 0,
        };
        assert_eq!((fine.checked_total(), fine.total()), (Some(12), 12));
    }

    #[test]
    fn sum_detects_overflow() {
        let big = Tally {
            nodes: u128::MAX,
            ..Tally::default()
        };
        let one = Tally {
            nodes: 1,
            ..Tally::default()
        };
        assert_eq!(Tally::sum([&big, &one]), Err(TallyError::Overflow));
    }
}
