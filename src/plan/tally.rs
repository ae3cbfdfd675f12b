//! What a search counts, summed over work units with checked arithmetic, and the class
//! counts derived from it.

use crate::rules::Group;
use crate::torus_group::TorusStabilizer;
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
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
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
    /// The boards and the canonical ones by their stabilizer under the torus group, for the
    /// classes under it ([`Group::Torus`]): filled by the enumerate engine under that group
    /// (every board met) and by the torus plan (every orbit's boards at once); empty
    /// otherwise. Part rows of the torus and checkpoint unit lines carry it.
    pub torus: TorusTally,
}

/// The most stabilizers a [`TorusTally`] tells apart: 12. A stabilizer is its shifts (a divisor
/// d of n) and its turns (1, 2 or 4; 8 at n = 1): every odd n up to 32 with a torus
/// solution (gcd(n, 6) = 1) has at most 3 divisors (25: 1, 5, 25), so at most 9 stabilizers.
pub(crate) const TORUS_STABILIZERS: usize = 12;

/// One stabilizer's boards in a [`TorusTally`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct TorusSlot {
    /// The stabilizer (`shifts` 0: an empty slot).
    pub stabilizer: TorusStabilizer,
    /// Boards with this stabilizer.
    pub boards: u128,
    /// Those that are the canonical form of their class ([`crate::torus_group`]).
    pub canonical: u128,
}

/// The boards of a torus by their stabilizer under the torus group, and the canonical ones:
/// a class of stabilizer S holds 8n²/|S| boards, so the classes of each stabilizer are
/// counted twice (its boards · |S| / 8n², and its canonical boards), and cross-checked.
///
/// The slots live on the heap, and a tally of the plane allocates none: every work unit's
/// [`Tally`] is kept until the run ends, so a fixed array of 12 slots (576 bytes) in each
/// made a queens' run touch megabytes more memory (n = 16: 1,156 page faults instead of 535).
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct TorusTally {
    /// The stabilizers met, by stabilizer (shifts, then turns); at most
    /// `TORUS_STABILIZERS` (12).
    pub slots: Vec<TorusSlot>,
}

impl TorusTally {
    /// Adds `boards` boards of `stabilizer`, `canonical` of them canonical; `None` on
    /// overflow, or when a 13th stabilizer comes (impossible for a board of the torus, see
    /// `TORUS_STABILIZERS` (12)).
    pub fn add(
        &mut self,
        stabilizer: TorusStabilizer,
        boards: u128,
        canonical: u128,
    ) -> Option<()> {
        // The slots by stabilizer, so that tallies of the same boards are equal whatever
        // order their units met the stabilizers in.
        match self
            .slots
            .binary_search_by_key(&stabilizer, |s| s.stabilizer)
        {
            Ok(at) => {
                let slot = &mut self.slots[at];
                slot.boards = slot.boards.checked_add(boards)?;
                slot.canonical = slot.canonical.checked_add(canonical)?;
            }
            Err(_) if self.slots.len() == TORUS_STABILIZERS => return None,
            Err(at) => self.slots.insert(
                at,
                TorusSlot {
                    stabilizer,
                    boards,
                    canonical,
                },
            ),
        }
        Some(())
    }

    /// Adds one board of `stabilizer` (the enumerate engine's step; a unit's counts stay far
    /// from overflowing).
    #[inline]
    pub fn add_board(&mut self, stabilizer: TorusStabilizer, canonical: bool) {
        self.add(stabilizer, 1, canonical as u128)
            .expect("at most 9 stabilizers on a torus board");
    }

    /// The sum of two tallies, `None` on overflow (or too many stabilizers).
    pub fn checked_add(&self, other: &TorusTally) -> Option<TorusTally> {
        let mut sum = self.clone();
        for s in &other.slots {
            sum.add(s.stabilizer, s.boards, s.canonical)?;
        }
        Some(sum)
    }

    /// What a running tally gained from `then` (a copy of it taken before, so that each of
    /// its slots is at most this one's) to `self`.
    pub(crate) fn since(&self, then: &TorusTally) -> TorusTally {
        let less = |a: u128, b: u128| a.checked_sub(b).expect("a running tally only grows");
        let mut gained = TorusTally::default();
        for slot in &self.slots {
            let before = (then.slots.iter()).find(|s| s.stabilizer == slot.stabilizer);
            let (boards, canonical) = before.map_or((0, 0), |s| (s.boards, s.canonical));
            if slot.boards > boards {
                gained
                    .add(
                        slot.stabilizer,
                        less(slot.boards, boards),
                        less(slot.canonical, canonical),
                    )
                    .expect("no more slots than the running tally's");
            }
        }
        gained
    }

    /// The slots in use.
    pub fn used(&self) -> impl Iterator<Item = &TorusSlot> {
        self.slots.iter()
    }

    /// The boards counted.
    pub fn boards(&self) -> u128 {
        self.used().map(|s| s.boards).sum()
    }
}

/// The classes under one group: by symmetry type, and by orbit size.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GroupClasses {
    /// The classes by symmetry type (under the torus group: by the turns that, with a shift,
    /// keep the class; [`TorusStabilizer::symmetry_type`]).
    pub classes: ClassCounts,
    /// The classes by the number of boards in each, as (boards, classes), by increasing
    /// size: under the torus group only (A054500–A054502); empty under D4.
    pub orbits: Vec<(u128, u128)>,
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
            torus: self
                .torus
                .checked_add(&other.torus)
                .ok_or(TallyError::Overflow)?,
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

    /// The classes of a complete tally under `group`: under D4 as [`Tally::classes`]; under
    /// the torus group from [`Tally::torus`] (the D4 classes are still derived and checked,
    /// as the tally holds them too), the classes of each stabilizer S counted one by one
    /// checked against boards · |S| / 8n². Fails where the torus tally does not hold every
    /// board (an engine that does not count them, or units resumed from a checkpoint written
    /// before checkpoints carried them).
    pub fn classes_under(
        &self,
        group: Group,
        n: usize,
        counted_directly: bool,
    ) -> Result<GroupClasses, TallyError> {
        let classes = self.classes(n, counted_directly)?;
        if group == Group::Square {
            return Ok(GroupClasses {
                classes,
                orbits: Vec::new(),
            });
        }
        if n == 0 {
            // The empty board: one class of one board, as under D4.
            return Ok(GroupClasses {
                classes,
                orbits: vec![(1, 1)],
            });
        }
        let bad = |what: String| TallyError::Inconsistent { n, what };
        if self.torus.boards() != self.boards {
            return Err(bad(format!(
                "the classes under the torus group need every board's stabilizer, and {} of \
                 {} boards have one: units resumed from a checkpoint that an older \
                 queens wrote (before checkpoints carried them) have none; count again \
                 without that checkpoint",
                self.torus.boards(),
                self.boards
            )));
        }
        let order = group.order(n);
        let mut out = GroupClasses::default();
        let mut sizes = std::collections::BTreeMap::new();
        for slot in self.torus.used() {
            let stabilizer = u128::from(slot.stabilizer.order());
            let size = order / stabilizer;
            if !order.is_multiple_of(stabilizer) || !slot.boards.is_multiple_of(size) {
                return Err(bad(format!(
                    "{} boards of stabilizer {:?} are not whole classes of {size}",
                    slot.boards, slot.stabilizer
                )));
            }
            let count = slot.boards / size;
            if counted_directly && count != slot.canonical {
                return Err(bad(format!(
                    "classes of stabilizer {:?} counted one by one ({}) differ from their \
                     boards' ({count})",
                    slot.stabilizer, slot.canonical
                )));
            }
            let by_type = match slot.stabilizer.symmetry_type() {
                crate::symmetry::SymmetryType::Asymmetric => &mut out.classes.asymmetric,
                crate::symmetry::SymmetryType::HalfTurn => &mut out.classes.half_turn,
                crate::symmetry::SymmetryType::QuarterTurn => &mut out.classes.quarter_turn,
            };
            *by_type += count;
            *sizes.entry(size).or_insert(0) += count;
        }
        out.orbits = sizes.into_iter().collect();
        Ok(out)
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
