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
//! the completions of one member per orbit and multiplies by the orbit's size:
//! `total = Σ over orbits of weight × completions`. Every valid constellation is in exactly one
//! orbit and each orbit is one unit, so every board is counted exactly once, as one of the
//! `weight` equal shares of its orbit. Which member stands for an orbit does not change the
//! count, only the work: the engine takes the one whose search tree looks smallest
//! ([`choose_member`]).
//!
//! The completions of a constellation are found by the interior search of
//! [`super::kernel`]: one queen per remaining row on columns 1..n−2, masks of n−2 bits.
//!
//! **Classes.** For n > 1 no reflection fixes a solution, so Burnside's lemma gives
//! `classes = (total + F180 + 2·F90) / 8`, where F180 and F90 are the numbers of boards fixed by
//! a half turn and by a quarter turn; [`crate::plan::tally::Tally::classes_by_burnside`] turns them
//! into classes per symmetry type and checks that every division is exact. F180 and F90 are
//! counted directly by the small searches of [`super::burnside`], which build symmetric boards
//! from pairs and quadruples of queens.
//!
//! # Units
//!
//! Units `0..n` count F180 with the queen of row 0 in column `id`; units `n..2n` count F90 with
//! it in column `id − n`; units from `2n` on count one constellation orbit each, in increasing
//! order of the orbit's smallest `(top, bottom, left, right)`. A unit's tally carries only the fields it
//! counts, so the units of the plan sum to the whole.

use super::burnside;
use super::constellation::{self, Constellation};
use super::kernel::{Interior, Kernel};
use super::work;
use crate::plan::tally::Tally;
use crate::plan::{Engine, Plan};

/// The version of the unit split, part of [`Plan::identity`].
pub const SPLIT_VERSION: u32 = 1;

/// The symmetric engine's plan for one board size.
pub struct SymmetricPlan {
    n: usize,
    kernel: Kernel,
    orbits: Vec<Vec<Constellation>>,
    /// Each unit's [`SymmetricPlan::unit_cost`], computed on first use: the runner's order,
    /// the progress total and each finished unit all ask for it.
    work: std::sync::OnceLock<Vec<u64>>,
}

/// What a unit of the plan counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unit {
    /// Half-turn symmetric boards with the queen of row 0 in this column.
    FixedHalfTurn(usize),
    /// Quarter-turn symmetric boards with the queen of row 0 in this column.
    FixedQuarterTurn(usize),
    /// The completions of a member of the constellation orbit with this index, times the
    /// orbit's size.
    Orbit(usize),
}

impl SymmetricPlan {
    /// The plan for board size `n` (1..=32) counted with `kernel`.
    pub fn new(n: usize, kernel: Kernel) -> Self {
        SymmetricPlan {
            n,
            kernel,
            orbits: constellation::orbits(n),
            work: std::sync::OnceLock::new(),
        }
    }

    /// What unit `id` counts.
    pub fn unit(&self, id: usize) -> Unit {
        let n = self.n;
        match id {
            _ if id < n => Unit::FixedHalfTurn(id),
            _ if id < 2 * n => Unit::FixedQuarterTurn(id - n),
            _ => Unit::Orbit(id - 2 * n),
        }
    }

    /// The estimated work of unit `id`, in estimated nodes (those of
    /// [`crate::plan::tally::Tally::nodes`]), for an ETA and for parts of equal work: for an orbit,
    /// [`work::estimated_nodes`] of the interior of the member the unit counts
    /// ([`choose_member`]), from the border queens' attacks alone (O(n²) per unit); for the F180
    /// and F90 units, [`work::estimated_fixed_nodes`].
    ///
    /// Measured against the scalar kernel's nodes over all orbit units (the
    /// `unit_costs_track_the_measured_nodes` test of `tests/coronal.rs`): the ratio of estimate
    /// to nodes has a geometric standard deviation of 1.33 at n = 12 and 1.38 at n = 14, and
    /// the sums are 1.10 and 1.18 times the nodes.
    pub fn unit_cost(&self, id: usize) -> u64 {
        assert!(id < self.unit_count(), "unit {id} out of range");
        let estimate = match self.unit(id) {
            Unit::FixedHalfTurn(_) => work::estimated_fixed_nodes(self.n, 2),
            Unit::FixedQuarterTurn(_) => work::estimated_fixed_nodes(self.n, 4),
            Unit::Orbit(i) => return orbit_cost(self.n, &self.orbits[i]),
        };
        (estimate as u64).max(1)
    }
}

/// The estimated work of the unit of one orbit of size `n`: the nodes the model of
/// [`work::estimated_nodes`] expects below the member the engine searches
/// ([`choose_member`]), and the constellation itself, a node too (at least 1).
pub fn orbit_cost(n: usize, orbit: &[Constellation]) -> u64 {
    ((1.0 + work::estimated_nodes(&choose_member(n, orbit).0)) as u64).max(1)
}

/// The member of `orbit` whose search tree looks smallest by [`Interior::estimated_cost`];
/// ties go to the smallest `(top, bottom, left, right)`. Returns its interior and weight.
pub fn choose_member(n: usize, orbit: &[Constellation]) -> (Interior, u8) {
    let weight = orbit[0].weight;
    let mut best: Option<(u64, Interior)> = None;
    for c in orbit {
        let it = Interior::new(n, c);
        let cost = it.estimated_cost();
        // Members come in increasing order, so `<` keeps the smallest on a tie.
        if best.as_ref().is_none_or(|(b, _)| cost < *b) {
            best = Some((cost, it));
        }
    }
    let (_, it) = best.expect("an orbit has a member");
    (it, weight)
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
        2 * self.n + self.orbits.len()
    }

    fn count_unit(&self, id: usize) -> Tally {
        assert!(id < self.unit_count(), "unit {id} out of range");
        match self.unit(id) {
            Unit::FixedHalfTurn(first) => burnside::half_turn_unit(self.n, first),
            Unit::FixedQuarterTurn(first) => burnside::quarter_turn_unit(self.n, first),
            Unit::Orbit(i) => {
                let (interior, weight) = choose_member(self.n, &self.orbits[i]);
                let counted = self.kernel.count(&interior);
                Tally {
                    // At most 8 × 2^64: fits a u128 with room to spare.
                    boards: u128::from(weight) * u128::from(counted.completions),
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

    fn estimated_work(&self, id: usize) -> u64 {
        // One estimate for the runner's order, the progress bar and parts: [`Self::unit_cost`],
        // computed once per plan (every caller asks for every unit).
        self.work
            .get_or_init(|| (0..self.unit_count()).map(|u| self.unit_cost(u)).collect())[id]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::kernel::{reference_count, scalar};

    #[test]
    fn scalar_kernel_matches_the_reference_count_on_every_unit() {
        for n in 1..=10 {
            for [top, bottom, left, right] in constellation::all_valid(n) {
                let c = Constellation {
                    top,
                    bottom,
                    left,
                    right,
                    weight: 1,
                };
                let it = Interior::new(n, &c);
                assert_eq!(scalar::count(&it), reference_count(&it), "n={n} {c:?}");
            }
        }
    }
}
