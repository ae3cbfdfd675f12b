//! The shape of the `symmetric` engine's search with its border plan (`--split border`; the
//! default plan is the ring plan, whose trees this does not profile): partial boards per
//! depth, where the depth is the number of queens on the board.
//!
//! The plan searches one border constellation per D4 orbit ([`crate::search::plans::border`]): its root
//! is the constellation itself (its 2 to 4 border queens, so its depth is `n − k` for `k` free
//! rows), and below it one queen is added per free row. This profile counts every partial board
//! of those searches, one representative per orbit, unweighted, exactly as the engine's kernels
//! explore them, with one difference: the kernels count the last two free rows by a closed form
//! instead of building them; here they are built and counted too. So:
//!
//! - the nodes at depths `≤ n − 2` below the roots are the nodes the kernels visit (their sum
//!   over a plan's orbit units is the `nodes` of `count --split border`, less one root per
//!   orbit and less the Burnside units);
//! - the solutions at depth `n` are the completions found, one representative per orbit; with
//!   each orbit's weight (its size) they sum to the total, A000170 ([`SymmetricProfile`]).
//!
//! The Burnside searches that count the symmetric boards are not part of this profile.
//!
//! Its units are the orbits, with the engine's estimate of their work ([`orbit_cost`]):
//! [`SymmetricProfilePlan`] is a plan ([`DepthPlan`]) the runner counts as any other (as the plain
//! profile's [`super::PlainProfilePlan`]), and [`SymmetricProfilePlan::profile`] sums
//! its units once every one is counted.

use super::{DepthCount, DepthPlan, DepthUnits, NODES_BETWEEN_LOOKS, Profile};
use crate::plan::Engine;
use crate::plan::stop::Patrol;
use crate::rules::{Queens, RowStep};
use crate::search::geometry::constellation::{self, Constellation};
use crate::search::kernel::Interior;
use crate::search::plans::border::{choose_member, orbit_cost};
use std::ops::ControlFlow;

/// The profile of the symmetric engine's orbit searches, and the total their solutions stand
/// for.
// The command line's (`queens profile`, by the hidden `runner::profiler`): not API.
#[doc(hidden)]
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct SymmetricProfile {
    /// Nodes and solutions per depth (queens on the board), unweighted.
    pub profile: Profile,
    /// Σ over orbits of weight × solutions: the number of boards, A000170.
    pub weighted_solutions: u128,
    /// Nodes below the roots at depths `≤ n − 2`: what the kernels visit.
    pub kernel_nodes: u128,
}

/// Counts the partial boards below a node of `it` with `i` free rows filled, by depth
/// `base + i + 1` of each child; `m` is the rules' row step ([`RowStep`] of the queens, [`Queens`]) over the interior
/// columns, as seen from free row `i` (the border queens' diagonal attacks are the
/// interior's `blocked` masks, as in [`crate::search::kernel::scalar`]). `patrol` counts the nodes
/// between looks at the stop flag: `Break` when the unit gives up (its counts are partial).
fn descend(
    it: &Interior,
    i: usize,
    m: Queens,
    base: usize,
    counts: &mut [u64; 33],
    patrol: &mut Patrol,
) -> ControlFlow<()> {
    if i == it.depth {
        // Every free row holds a queen: a solution, counted by the caller.
        return ControlFlow::Continue(());
    }
    if patrol.stop() {
        return ControlFlow::Break(());
    }
    // Free squares of free row i: interior columns not taken and not attacked by an interior
    // queen (the row step) or a border queen (blocked).
    let mut free = m.free(it.inner & !it.blocked[i]);
    // Rows down to the next free row (the rows between hold border queens); for the last
    // free row its children's state is never read.
    let rows = if i + 1 < it.depth { it.shift[i] } else { 1 };
    while free != 0 {
        let bit = free & free.wrapping_neg(); // lowest set bit: two's complement trick
        free ^= bit; // clear it from the candidates
        counts[base + i + 1] += 1;
        let child = m.place_down(bit, rows, it.inner);
        descend(it, i + 1, child, base, counts, patrol)?;
    }
    ControlFlow::Continue(())
}

/// One orbit unit's result: nodes per depth (the root included), the orbit's weight, and the
/// nodes its kernel search builds (depths below the root down to n − 2).
type OrbitCounts = ([u64; 33], u8, u128);

/// The symmetric engine's profile units: one per constellation orbit (unit `i` is orbit `i` of
/// [`constellation::orbits`], its work [`orbit_cost`]), each counting the solutions its search
/// finds with one representative, unweighted.
pub(crate) struct SymmetricUnits {
    n: usize,
    orbits: Vec<Vec<Constellation>>,
    work: Vec<u64>,
}

/// The symmetric engine's profile as a plan ([`SymmetricProfilePlan::profile`] sums it).
pub(crate) type SymmetricProfilePlan = DepthPlan<SymmetricUnits>;

impl DepthPlan<SymmetricUnits> {
    /// The profile plan of size `n` (1..=32).
    ///
    /// # Panics
    ///
    /// If `n` is outside 1..=32.
    pub(crate) fn new(n: usize) -> SymmetricProfilePlan {
        assert!((1..=32).contains(&n), "board size {n} outside 1..=32");
        let orbits = constellation::orbits(n);
        let work = orbits.iter().map(|o| orbit_cost(n, o)).collect();
        DepthPlan::from_units(SymmetricUnits { n, orbits, work })
    }

    /// The profile, once every unit has been counted
    /// ([`crate::plan::Plan::count_unit`]); `None` before.
    pub(crate) fn profile(&self) -> Option<SymmetricProfile> {
        let per_orbit = self.counted()?;
        let n = self.units().n;
        // u64 counts summed in u128, weights at most 8: no overflow for any feasible n.
        let depths = (0..=n)
            .map(|depth| {
                let nodes: u128 = per_orbit.iter().map(|(c, ..)| u128::from(c[depth])).sum();
                DepthCount {
                    depth,
                    nodes,
                    solutions: if depth == n { nodes } else { 0 },
                }
            })
            .collect();
        let weighted_solutions = per_orbit
            .iter()
            .map(|(c, w, _)| u128::from(*w) * u128::from(c[n]))
            .sum();
        let kernel_nodes = per_orbit.iter().map(|(.., k)| k).sum();
        Some(SymmetricProfile {
            profile: Profile {
                n,
                engine: Engine::Symmetric,
                depths,
            },
            weighted_solutions,
            kernel_nodes,
        })
    }
}

impl DepthUnits for SymmetricUnits {
    type Counts = OrbitCounts;

    fn n(&self) -> usize {
        self.n
    }

    fn engine(&self) -> Engine {
        Engine::Symmetric
    }

    fn identity(&self) -> &'static str {
        "profile-symmetric-border-v1"
    }

    fn unit_count(&self) -> usize {
        self.orbits.len()
    }

    fn estimated_work(&self, id: usize) -> u64 {
        self.work[id]
    }

    fn count(&self, i: usize) -> OrbitCounts {
        let n = self.n;
        let (it, weight) = choose_member(n, &self.orbits[i]);
        let root = n - it.depth; // the border queens already on the board
        let mut counts = [0u64; 33];
        counts[root] += 1;
        let mut patrol = Patrol::every(NODES_BETWEEN_LOOKS);
        // A unit that gives up returns its partial counts, which its plan does not keep.
        let start = Queens::start().with_columns(it.cols);
        let _ = descend(&it, 0, start, root, &mut counts, &mut patrol);
        let kernel_nodes: u128 = (root + 1..=n.saturating_sub(2))
            .map(|d| u128::from(counts[d]))
            .sum();
        (counts, weight, kernel_nodes)
    }

    fn depths(counts: &OrbitCounts) -> &[u64; 33] {
        &counts.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::plan::Plan;
    use crate::search::engines::enumerate::EnumeratePlan;
    use crate::search::plans::border::SymmetricPlan;

    /// The profile of size `n`, its units counted in id order.
    fn symmetric_profile(n: usize) -> SymmetricProfile {
        let plan = SymmetricProfilePlan::new(n);
        for i in 0..plan.unit_count() {
            plan.count_unit(i);
        }
        plan.profile().expect("every unit is counted")
    }

    #[test]
    fn weighted_solutions_are_the_total_and_kernel_nodes_match_the_engine() {
        for n in 1..=12 {
            let p = symmetric_profile(n);
            let whole = EnumeratePlan::new(n);
            let total: u128 = (0..whole.unit_count())
                .map(|i| whole.count_unit(i).boards)
                .sum();
            assert_eq!(p.weighted_solutions, total, "n = {n}");
            let sym = SymmetricPlan::new(n, crate::search::kernel::Kernel::Scalar);
            let orbit_nodes: u128 = (2 * n..sym.unit_count())
                .map(|i| sym.count_unit(i).nodes - 1) // less the root each unit counts
                .sum();
            assert_eq!(p.kernel_nodes, orbit_nodes, "n = {n}");
            assert_eq!(p.profile.depths.len(), n + 1);
        }
    }

    #[test]
    fn a_unit_stopped_in_its_search_keeps_no_counts_and_counts_whole_later() {
        // The orbit of n = 18 the engine estimates largest: millions of nodes.
        let plan = SymmetricProfilePlan::new(18);
        let id = (0..plan.unit_count())
            .max_by_key(|&i| plan.estimated_work(i))
            .unwrap();
        let make = || SymmetricProfilePlan::new(18);
        crate::search::profile::tests::assert_a_stopped_unit_keeps_nothing(make, id);
    }

    #[test]
    fn units_are_the_engines_orbits_with_its_estimates() {
        let n = 11;
        let plan = SymmetricProfilePlan::new(n);
        let engine = SymmetricPlan::new(n, crate::search::kernel::Kernel::Scalar);
        assert_eq!(plan.unit_count() + 2 * n, engine.unit_count());
        assert!(plan.profile().is_none(), "no unit counted yet");
        let mut solutions = 0;
        for i in 0..plan.unit_count() {
            // The orbit units follow the 2n Burnside units in the engine's plan.
            assert_eq!(
                plan.estimated_work(i),
                engine.estimated_work(2 * n + i),
                "orbit {i}"
            );
            solutions += plan.count_unit(i).boards;
        }
        let p = plan.profile().unwrap();
        assert_eq!(solutions, p.profile.depths[n].solutions);
    }
}
