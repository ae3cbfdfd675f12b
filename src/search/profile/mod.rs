//! The shape of the plain search tree: how many partial boards (nodes) it holds at each depth.
//!
//! Depth `d` counts the placements of queens in rows `0..d` that no two attack each other: for
//! the plain backtracking tree of `search::engines::enumerate` this is OEIS A319284 (n = 8:
//! 1 8 42 140 344 568 550 312 92), its sum is the tree's node count A319283, and its last entry
//! is the number of solutions A000170.
//!
//! The kernel is the same bitmask backtracking as the enumerator, with one counter per depth
//! instead of a visitor. The tree is cut into the enumerate engine's units (the partial boards
//! of its first `PREFIX_DEPTH` rows, `prefix_units`), with that engine's estimate of their
//! work ([`Plan::estimated_work`]): `PlainProfilePlan` is a [`Plan`] (`DepthPlan`, written
//! once for every profile) whose units also keep their nodes per depth, so the runner counts
//! it as it counts any plan (on threads, largest estimate first, each unit reported as it
//! finishes, stopped soon when asked: the runner's `Profiler`), and
//! `PlainProfilePlan::profile` assembles the profile once every unit is counted.

pub(crate) mod symmetric;

use crate::plan::stop::{self, Patrol};
use crate::plan::tally::Tally;
use crate::plan::{Engine, Plan};
use crate::rules::{RowStep, Rules, with_row_step};
use crate::search::engines::enumerate::{
    EnumeratePlan, PREFIX_DEPTH, PrefixUnit, full_mask, prefix_units,
};
use std::collections::BTreeSet;
use std::ops::ControlFlow;
use std::sync::OnceLock;
pub use symmetric::SymmetricProfile;

/// Nodes of one depth of a search tree.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct DepthCount {
    /// Rows filled (0: the empty board).
    pub depth: usize,
    /// Partial boards at this depth.
    pub nodes: u128,
    /// Complete solutions among them (non-zero only at depth n in the plain tree).
    pub solutions: u128,
}

/// Nodes per depth of one engine's search tree for one board size.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Profile {
    /// Board size.
    pub n: usize,
    /// The engine whose tree this is.
    pub engine: Engine,
    /// Depths `0..=n`, in order.
    pub depths: Vec<DepthCount>,
}

impl Profile {
    /// All nodes of the tree (A319283 for the plain tree), or `None` on overflow.
    pub fn total_nodes(&self) -> Option<u128> {
        self.depths
            .iter()
            .try_fold(0u128, |acc, d| acc.checked_add(d.nodes))
    }

    /// All solutions met (A000170 for the plain tree), or `None` on overflow.
    pub fn total_solutions(&self) -> Option<u128> {
        self.depths
            .iter()
            .try_fold(0u128, |acc, d| acc.checked_add(d.solutions))
    }
}

/// How a profile search ended.
// The command line's (`queens profile`, by the hidden `runner::profiler`): not API.
#[doc(hidden)]
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum ProfileEnd<T> {
    /// Every unit was counted: the result.
    Complete(T),
    /// The stop flag was set first: no result (a part of a tree's depths is not its profile).
    Stopped {
        /// Units finished (each went through `on_unit`).
        finished: usize,
        /// Units of the search.
        total: usize,
    },
}

impl<T> ProfileEnd<T> {
    /// The result, or `None` if the search was stopped.
    pub fn complete(self) -> Option<T> {
        match self {
            ProfileEnd::Complete(t) => Some(t),
            ProfileEnd::Stopped { .. } => None,
        }
    }
}

/// Counts the nodes below (and including) a node at depth `row` whose next row's attacked
/// squares are `m` (the enumerator's masks), one counter per depth. `patrol` counts the nodes
/// between looks at the stop flag: `Break` when the unit gives up (its counts are partial).
fn descend<S: RowStep>(
    full: u32,
    row: usize,
    m: S,
    counts: &mut [u64; 33],
    patrol: &mut Patrol,
) -> ControlFlow<()> {
    counts[row] += 1;
    if patrol.stop() {
        return ControlFlow::Break(());
    }
    // Free squares of the next row; none once every column holds a queen (row == n).
    let mut free = m.free(full);
    while free != 0 {
        let bit = free & free.wrapping_neg(); // lowest set bit: two's complement trick
        free ^= bit; // clear it from the candidates
        descend(full, row + 1, m.place(bit, full), counts, patrol)?;
    }
    ControlFlow::Continue(())
}

/// The nodes a profile's search visits between two looks at the stop flag
/// ([`crate::plan::stop`]): a few milliseconds of its descent.
pub(crate) const NODES_BETWEEN_LOOKS: u32 = 1 << 20;

/// Nodes per depth of the plain backtracking tree of size `n` (1..=32), its units counted one
/// after the other on the calling thread: a quick profile for small sizes (the runner's
/// `Profiler` counts a profile on threads, with progress and a stop flag).
/// The result does not depend on how its units are counted.
///
/// # Panics
///
/// If `n` is outside 1..=32.
pub fn plain_profile(n: usize) -> Profile {
    let plan = PlainProfilePlan::new(n);
    for id in 0..plan.unit_count() {
        plan.count_unit(id);
    }
    plan.profile().expect("every unit is counted")
}

/// The estimated work of each unit of `PlainProfilePlan` for size `n` (1..=32): the
/// enumerate engine's units, with its estimates of their work, in its order (unit `id` of the
/// profile is unit `id` of `EnumeratePlan`).
// The profile's unit estimates, public for the progress and signal tests: not API.
#[doc(hidden)]
pub fn plain_units(n: usize) -> Vec<u64> {
    let plan = EnumeratePlan::new(n);
    (0..plan.unit_count())
        .map(|id| plan.estimated_work(id))
        .collect()
}

/// The units of one profile: what a [`DepthPlan`] counts, one unit at a time.
pub(crate) trait DepthUnits: Send + Sync {
    /// What a counted unit keeps until the profile is summed: at least its nodes per depth.
    type Counts: Send + Sync;

    /// The board size.
    fn n(&self) -> usize;
    /// The engine whose tree is profiled.
    fn engine(&self) -> Engine;
    /// The name of the split into units, with a version ([`Plan::identity`]).
    fn identity(&self) -> &'static str;
    /// The rules whose tree is profiled ([`Plan::rules`]).
    fn rules(&self) -> Rules {
        Rules::QUEENS
    }
    /// The number of units.
    fn unit_count(&self) -> usize;
    /// The estimated work of unit `id` ([`Plan::estimated_work`]).
    fn estimated_work(&self, id: usize) -> u64;
    /// Counts unit `id`.
    fn count(&self, id: usize) -> Self::Counts;
    /// The nodes per depth of a counted unit (index = depth).
    fn depths(counts: &Self::Counts) -> &[u64; 33];
}

/// A profile as a [`Plan`]: the runner counts its units as it counts any plan, and each unit's
/// counts are kept here until the profile is summed. A unit's [`Tally`] holds the solutions it
/// met (`boards`: its nodes at depth n) and its nodes.
pub(crate) struct DepthPlan<U: DepthUnits> {
    units: U,
    /// Each unit's counts, once counted.
    counts: Vec<OnceLock<U::Counts>>,
}

impl<U: DepthUnits> DepthPlan<U> {
    /// The plan that counts `units`.
    pub fn from_units(units: U) -> Self {
        let counts = (0..units.unit_count()).map(|_| OnceLock::new()).collect();
        DepthPlan { units, counts }
    }

    /// The units.
    pub fn units(&self) -> &U {
        &self.units
    }

    /// The counts kept of unit `id`, once it has been counted.
    #[cfg(test)]
    pub fn counted_unit(&self, id: usize) -> Option<&U::Counts> {
        self.counts[id].get()
    }

    /// Every unit's counts, in id order, once every unit has been counted; `None` before.
    pub fn counted(&self) -> Option<Vec<&U::Counts>> {
        self.counts.iter().map(OnceLock::get).collect()
    }
}

impl<U: DepthUnits> Plan for DepthPlan<U> {
    fn n(&self) -> usize {
        self.units.n()
    }

    fn engine(&self) -> Engine {
        self.units.engine()
    }

    fn kernel(&self) -> &'static str {
        // The profiles' own bit-by-bit descent, not a kernel of the registry's vectors.
        "scalar"
    }

    fn split_identity(&self) -> String {
        self.units.identity().to_string()
    }

    fn rules(&self) -> Rules {
        self.units.rules()
    }

    fn unit_count(&self) -> usize {
        self.counts.len()
    }

    fn count_unit(&self, id: usize) -> Tally {
        let counts = self.units.count(id);
        let depths = U::depths(&counts);
        let tally = Tally {
            boards: u128::from(depths[self.units.n()]),
            nodes: depths.iter().map(|&c| u128::from(c)).sum(),
            ..Tally::default()
        };
        // Counted again, a unit gives the same counts: keeping the first is enough. A unit
        // that gave up on a stop has partial counts: they are not kept (nor is its tally).
        if !stop::gave_up() {
            let _ = self.counts[id].set(counts);
        }
        tally
    }

    fn counts_classes_directly(&self) -> bool {
        false
    }

    fn estimated_work(&self, id: usize) -> u64 {
        self.units.estimated_work(id)
    }
}

/// The plain tree's units: the enumerate engine's ([`plain_units`]), each counting its own node
/// (its prefix) and every node below it, one counter per depth.
pub(crate) struct PlainUnits {
    n: usize,
    rules: Rules,
    units: Vec<PrefixUnit>,
    work: Vec<u64>,
}

/// The plain tree's profile as a plan ([`PlainProfilePlan::profile`] sums it).
pub(crate) type PlainProfilePlan = DepthPlan<PlainUnits>;

impl DepthPlan<PlainUnits> {
    /// The profile plan of size `n` (1..=32).
    ///
    /// # Panics
    ///
    /// If `n` is outside 1..=32.
    pub fn new(n: usize) -> PlainProfilePlan {
        PlainProfilePlan::under(Rules::QUEENS, n)
    }

    /// The profile plan of size `n` (1..=32) under `rules`: the tree of
    /// [`EnumeratePlan::under`].
    ///
    /// # Panics
    ///
    /// If `n` is outside 1..=32.
    pub fn under(rules: Rules, n: usize) -> PlainProfilePlan {
        assert!((1..=32).contains(&n), "board size {n} outside 1..=32");
        let units = prefix_units(rules, n, PREFIX_DEPTH.min(n));
        let plan = EnumeratePlan::under(rules, n);
        let work: Vec<u64> = (0..plan.unit_count())
            .map(|id| plan.estimated_work(id))
            .collect();
        debug_assert_eq!(units.len(), work.len());
        DepthPlan::from_units(PlainUnits {
            n,
            rules,
            units,
            work,
        })
    }

    /// The profile, once every unit has been counted ([`Plan::count_unit`]); `None` before.
    pub fn profile(&self) -> Option<Profile> {
        let per_unit = self.counted()?;
        let n = self.units().n;
        // The nodes above the cut that are no unit (they have children): the proper prefixes
        // of the units, each once.
        let inner: BTreeSet<&[u8]> = self
            .units()
            .units
            .iter()
            .flat_map(|u| (0..u.prefix.len()).map(|d| &u.prefix[..d]))
            .collect();
        let depths = (0..=n)
            .map(|depth| {
                let above = inner.iter().filter(|p| p.len() == depth).count() as u128;
                // u64 counts summed in u128: at most 32³ terms, cannot overflow.
                let nodes = above + per_unit.iter().map(|c| u128::from(c[depth])).sum::<u128>();
                DepthCount {
                    depth,
                    nodes,
                    solutions: if depth == n { nodes } else { 0 },
                }
            })
            .collect();
        Some(Profile {
            n,
            engine: Engine::Enumerate,
            depths,
        })
    }
}

impl DepthUnits for PlainUnits {
    type Counts = [u64; 33];

    fn n(&self) -> usize {
        self.n
    }

    fn engine(&self) -> Engine {
        Engine::Enumerate
    }

    fn identity(&self) -> &'static str {
        "profile-plain-v1"
    }

    fn rules(&self) -> Rules {
        self.rules
    }

    fn unit_count(&self) -> usize {
        self.units.len()
    }

    fn estimated_work(&self, id: usize) -> u64 {
        self.work[id]
    }

    fn count(&self, id: usize) -> [u64; 33] {
        let full = full_mask(self.n);
        let prefix = &self.units[id].prefix;
        let mut counts = [0u64; 33];
        let mut patrol = Patrol::every(NODES_BETWEEN_LOOKS);
        // A unit that gives up returns its partial counts, which its plan does not keep.
        with_row_step!(self.rules, S => {
            let m = prefix.iter().fold(S::start(), |m, &c| m.place(1 << c, full));
            let _ = descend(full, prefix.len(), m, &mut counts, &mut patrol);
        });
        counts
    }

    fn depths(counts: &[u64; 33]) -> &[u64; 33] {
        counts
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::engines::enumerate::for_each_solution;
    use std::ops::ControlFlow;

    fn nodes(p: &Profile) -> Vec<u128> {
        p.depths.iter().map(|d| d.nodes).collect()
    }

    #[test]
    fn n8_profile_is_a319284() {
        let p = plain_profile(8);
        assert_eq!(nodes(&p), vec![1, 8, 42, 140, 344, 568, 550, 312, 92]);
        assert_eq!(p.total_nodes(), Some(2057));
        assert_eq!(p.total_solutions(), Some(92));
    }

    /// A slow, obviously correct profile: every partial placement of rows 0..d, checked
    /// square by square.
    fn brute_profile(n: usize) -> Vec<u128> {
        brute_profile_under(Rules::QUEENS, n)
    }

    /// Partial boards per depth under `rules`, by the attack predicate alone.
    fn brute_profile_under(rules: Rules, n: usize) -> Vec<u128> {
        fn extend(rules: Rules, n: usize, path: &mut Vec<usize>, counts: &mut [u128]) {
            counts[path.len()] += 1;
            if path.len() == n {
                return;
            }
            let r = path.len();
            for c in 0..n {
                let safe = path
                    .iter()
                    .enumerate()
                    .all(|(r2, &c2)| !rules.attacks(n, (r2, c2), (r, c)));
                if safe {
                    path.push(c);
                    extend(rules, n, path, counts);
                    path.pop();
                }
            }
        }
        let mut counts = vec![0u128; n + 1];
        extend(rules, n, &mut Vec::new(), &mut counts);
        counts
    }

    #[test]
    fn under_other_rules_the_plain_profile_follows_them() {
        let rules = Rules::TORUS_QUEENS;
        for n in 1..=8 {
            let plan = PlainProfilePlan::under(rules, n);
            for id in 0..plan.unit_count() {
                plan.count_unit(id);
            }
            let p = plan.profile().unwrap();
            assert_eq!(nodes(&p), brute_profile_under(rules, n), "n = {n}");
            assert_eq!(plan.identity(), "profile-plain-v1+queen-torus");
        }
        // The torus's tree of 7 is not the plane's: 28 solutions, not 40.
        assert_ne!(brute_profile_under(rules, 7), brute_profile(7));
        assert_eq!(brute_profile_under(rules, 7)[7], 28);
    }

    #[test]
    fn profile_agrees_with_brute_force_and_with_the_enumerator() {
        for n in 1..=10 {
            let p = plain_profile(n);
            assert_eq!(nodes(&p), brute_profile(n), "n={n}");
            let mut solutions = 0u128;
            let tree_nodes = for_each_solution(n, |_| {
                solutions += 1;
                ControlFlow::Continue(())
            });
            assert_eq!(p.total_nodes(), Some(u128::from(tree_nodes)), "n={n}");
            assert_eq!(p.total_solutions(), Some(solutions), "n={n}");
            assert_eq!(p.depths.len(), n + 1);
        }
    }

    /// Asserts that unit `id` of the plans `make` builds, stopped in its search, keeps no
    /// counts, and counted again later gives what a fresh plan counts whole (many looks at
    /// the stop flag: the unit must have millions of nodes).
    pub(super) fn assert_a_stopped_unit_keeps_nothing<U: DepthUnits>(
        make: impl Fn() -> DepthPlan<U>,
        id: usize,
    ) where
        U::Counts: PartialEq + std::fmt::Debug,
    {
        use crate::plan::stop::StopFlag;
        let plan = make();
        let stop = StopFlag::new();
        stop.request();
        assert_eq!(stop.watch(|| plan.count_unit(id)), None);
        assert!(plan.counted_unit(id).is_none(), "partial counts were kept");
        let fresh = make();
        let whole = fresh.count_unit(id);
        assert!(
            whole.nodes > 4 * u128::from(NODES_BETWEEN_LOOKS),
            "{whole:?}"
        );
        assert_eq!(plan.count_unit(id), whole);
        assert_eq!(plan.counted_unit(id), fresh.counted_unit(id));
    }

    #[test]
    fn a_unit_stopped_in_its_search_keeps_no_counts_and_counts_whole_later() {
        // A subtree of n = 18 below three rows: millions of nodes.
        let id = PlainProfilePlan::new(18).unit_count() / 2;
        assert_a_stopped_unit_keeps_nothing(|| PlainProfilePlan::new(18), id);
    }

    #[test]
    fn units_keep_the_engines_estimates_and_solutions() {
        let n = 9;
        let plan = PlainProfilePlan::new(n);
        let whole = EnumeratePlan::new(n);
        assert_eq!(plan.unit_count(), whole.unit_count());
        assert!(plan.profile().is_none(), "no unit counted yet");
        for id in 0..plan.unit_count() {
            assert_eq!(plan.estimated_work(id), whole.estimated_work(id));
            assert_eq!(
                plan.count_unit(id).boards,
                whole.count_unit(id).boards,
                "unit {id}"
            );
        }
        assert_eq!(plan.profile().unwrap(), plain_profile(n));
    }
}
