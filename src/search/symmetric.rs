//! The `symmetric` engine: symmetry used inside the search.
//!
//! # Method
//!
//! **Total.** Every solution has exactly one queen in each of row 0, row n−1, column 0 and
//! column n−1; those border queens form its *constellation* ([`super::constellation`]). So the
//! solutions are partitioned by constellation: each board is counted under exactly one
//! constellation, the one its own border queens form. A symmetry `g` of the square maps the
//! solutions with constellation `B` one-to-one onto those with constellation `g(B)` (it maps
//! the border ring onto itself and solutions onto solutions, and `g⁻¹` maps back), so all
//! constellations of one D4 orbit have equally many completions. The engine therefore counts
//! the completions of one representative per orbit and multiplies by the orbit's size:
//! `total = Σ over representatives of weight × completions`. Every orbit has exactly one
//! representative (its smallest member), so every board is counted exactly once, as one of the
//! `weight` equal shares of its orbit.
//!
//! The completions of a constellation are found by the interior search of
//! [`super::kernel`]: one queen per remaining row on columns 1..n−2, masks of n−2 bits.
//!
//! **Classes.** For n > 1 no reflection fixes a solution, so Burnside's lemma gives
//! `classes = (total + F180 + 2·F90) / 8`, where F180 and F90 are the numbers of boards fixed by
//! a half turn and by a quarter turn; [`crate::tally::Tally::classes_by_burnside`] turns them
//! into classes per symmetry type and checks that every division is exact. F180 and F90 are
//! counted directly by the small searches of [`super::burnside`], which build symmetric boards
//! from pairs and quadruples of queens.
//!
//! # Units
//!
//! Units `0..n` count F180 with the queen of row 0 in column `id`; units `n..2n` count F90 with
//! it in column `id − n`; units from `2n` on count one constellation representative each, in
//! increasing order of `(top, bottom, left, right)`. A unit's tally carries only the fields it
//! counts, so the units of the plan sum to the whole.

use super::burnside;
use super::constellation::{self, Constellation};
use super::kernel::{Interior, Kernel};
use crate::plan::{Engine, Plan};
use crate::tally::Tally;

/// The version of the unit split, part of [`Plan::identity`].
pub const SPLIT_VERSION: u32 = 1;

/// The symmetric engine's plan for one board size.
pub struct SymmetricPlan {
    n: usize,
    kernel: Kernel,
    constellations: Vec<Constellation>,
}

/// What a unit of the plan counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unit {
    /// Half-turn symmetric boards with the queen of row 0 in this column.
    FixedHalfTurn(usize),
    /// Quarter-turn symmetric boards with the queen of row 0 in this column.
    FixedQuarterTurn(usize),
    /// The completions of the constellation with this index, times its weight.
    Constellation(usize),
}

impl SymmetricPlan {
    /// The plan for board size `n` (1..=32) counted with `kernel`.
    pub fn new(n: usize, kernel: Kernel) -> Self {
        SymmetricPlan {
            n,
            kernel,
            constellations: constellation::representatives(n),
        }
    }

    /// The constellation representatives, in unit order.
    pub fn constellations(&self) -> &[Constellation] {
        &self.constellations
    }

    /// What unit `id` counts.
    pub fn unit(&self, id: usize) -> Unit {
        let n = self.n;
        match id {
            _ if id < n => Unit::FixedHalfTurn(id),
            _ if id < 2 * n => Unit::FixedQuarterTurn(id - n),
            _ => Unit::Constellation(id - 2 * n),
        }
    }
}

impl Plan for SymmetricPlan {
    fn n(&self) -> usize {
        self.n
    }

    fn engine(&self) -> Engine {
        Engine::Symmetric
    }

    fn kernel(&self) -> &'static str {
        self.kernel.name()
    }

    fn identity(&self) -> String {
        format!("symmetric-border-burnside-v{SPLIT_VERSION}")
    }

    fn unit_count(&self) -> usize {
        2 * self.n + self.constellations.len()
    }

    fn count_unit(&self, id: usize) -> Tally {
        assert!(id < self.unit_count(), "unit {id} out of range");
        match self.unit(id) {
            Unit::FixedHalfTurn(first) => {
                let f = burnside::fixed_half_turn(self.n, first);
                Tally {
                    fixed_half_turn: f.boards.into(),
                    nodes: f.nodes.into(),
                    ..Tally::default()
                }
            }
            Unit::FixedQuarterTurn(first) => {
                let f = burnside::fixed_quarter_turn(self.n, first);
                Tally {
                    fixed_quarter_turn: f.boards.into(),
                    nodes: f.nodes.into(),
                    ..Tally::default()
                }
            }
            Unit::Constellation(i) => {
                let c = &self.constellations[i];
                let counted = self.kernel.count(&Interior::new(self.n, c));
                Tally {
                    // At most 8 × 2^64: fits a u128 with room to spare.
                    boards: u128::from(c.weight) * u128::from(counted.completions),
                    // The constellation itself is a node too.
                    nodes: u128::from(counted.nodes) + 1,
                    ..Tally::default()
                }
            }
        }
    }

    fn counts_classes_directly(&self) -> bool {
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::kernel::{reference_count, scalar};

    #[test]
    fn scalar_kernel_matches_the_reference_count_on_every_unit() {
        for n in 1..=10 {
            for c in constellation::representatives(n) {
                let it = Interior::new(n, &c);
                assert_eq!(
                    scalar::count(&it).completions,
                    reference_count(&it),
                    "n={n} {c:?}"
                );
            }
        }
    }
}
