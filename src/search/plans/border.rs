//! The symmetric engine's border plan (`--split border`): the queens of the border
//! pre-placed. The engine's default plan is the ring plan ([`super::ring`]); this one,
//! separate code from end to end, is the check the tests hold the others to.
//!
//! # Method
//!
//! **Total.** Every solution has exactly one queen in each of row 0, row n−1, column 0 and
//! column n−1; those border queens form its *constellation* ([`crate::search::geometry::constellation`]). So the
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
//! [`crate::search::kernel`]: one queen per remaining row on columns 1..n−2, masks of n−2 bits.
//!
//! **Classes** come from Burnside's lemma, with the boards fixed by a half turn and by a
//! quarter turn counted by the searches of [`crate::search::engines::burnside`]: the units the plan family
//! ([`crate::search::engines::family`]) writes once for every split.
//!
//! # Units
//!
//! The family's 2n Burnside units first; units from `2n` on count one constellation orbit
//! each, in increasing order of the orbit's smallest `(top, bottom, left, right)`. Plan
//! identity `symmetric-border-burnside-v1`.

use crate::search::engines::family::{OrbitSplit, SymmetricFamily};
use crate::search::geometry::constellation::{self, Constellation};
use crate::search::geometry::work;
use crate::search::kernel::{Interior, Kernel};

/// The version of the unit split, part of [`crate::plan::Plan::identity`].
pub(crate) const SPLIT_VERSION: u32 = 1;

/// The symmetric engine's border plan for one board size: the Burnside units, then one unit
/// per D4 orbit of border constellations ([`BorderSplit`]).
pub(crate) type SymmetricPlan = SymmetricFamily<BorderSplit>;

/// The border split: one orbit unit per D4 orbit of border constellations, interiors of
/// `n − 2` columns.
pub(crate) struct BorderSplit {
    n: usize,
    orbits: Vec<Vec<Constellation>>,
}

impl OrbitSplit for BorderSplit {
    /// The split of the queens (the only rules the border split supports:
    /// [`crate::runner::Split::supports`]).
    fn new(n: usize, rules: crate::rules::Rules) -> Self {
        debug_assert!(rules.is_queens(), "the border split counts queens only");
        BorderSplit {
            n,
            orbits: constellation::orbits(n),
        }
    }

    fn identity(&self) -> String {
        format!("symmetric-border-burnside-v{SPLIT_VERSION}")
    }

    fn orbit_count(&self) -> usize {
        self.orbits.len()
    }

    fn count_orbit(&self, i: usize, kernel: Kernel) -> (u128, u128) {
        let (interior, weight) = choose_member(self.n, &self.orbits[i]);
        let counted = kernel.count(&interior);
        // At most 8 × 2^64: fits a u128 with room to spare. The constellation itself is a
        // node too.
        (
            u128::from(weight) * u128::from(counted.completions),
            u128::from(counted.nodes) + 1,
        )
    }

    /// For an orbit, [`work::estimated_nodes`] of the interior of the member the unit counts
    /// ([`choose_member`]), from the border queens' attacks alone (O(n²) per unit): see
    /// [`orbit_cost`].
    ///
    /// Measured against the scalar kernel's nodes over all orbit units (the
    /// `unit_costs_track_the_measured_nodes` test of `src/search/plans/mod.rs`): the ratio
    /// of estimate to nodes has a geometric standard deviation of 1.33 at n = 12 and 1.38 at
    /// n = 14, and the sums are 1.10 and 1.18 times the nodes.
    fn orbit_estimate(&self, i: usize) -> f64 {
        orbit_cost(self.n, &self.orbits[i]) as f64
    }

    const ESTIMATES_WORK: bool = true;
}

/// The estimated work of the unit of one orbit of size `n`: the nodes the model of
/// [`work::estimated_nodes`] expects below the member the engine searches
/// ([`choose_member`]), and the constellation itself, a node too (at least 1).
pub(crate) fn orbit_cost(n: usize, orbit: &[Constellation]) -> u64 {
    ((1.0 + work::estimated_nodes(&choose_member(n, orbit).0)) as u64).max(1)
}

/// The member of `orbit` whose search tree looks smallest by [`Interior::estimated_cost`];
/// ties go to the smallest `(top, bottom, left, right)`. Returns its interior and weight.
pub(crate) fn choose_member(n: usize, orbit: &[Constellation]) -> (Interior, u8) {
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

    /// The plan builds for every size: one unit per constellation orbit beside the 2n F180
    /// and F90 units, and interiors of n − 2 columns and at most n − 2 free rows.
    #[test]
    fn symmetric_plans_build_for_every_n_up_to_32() {
        use crate::plan::Plan;
        for n in 1..=32 {
            let plan = SymmetricPlan::new(n, Kernel::Scalar);
            let orbits = constellation::orbits(n);
            assert_eq!(plan.unit_count(), 2 * n + orbits.len(), "n={n}");
            for orbit in orbits.iter().step_by(97) {
                for c in orbit {
                    let it = Interior::new(n, c);
                    assert!(it.depth <= n.saturating_sub(2));
                    assert_eq!(it.inner.count_ones() as usize, n.saturating_sub(2));
                }
            }
        }
    }
}
