//! The symmetric engine's ring plan: the queens of the innermost ring alone pre-placed (the
//! ring `k = (n − 2) / 2` lines in from the edge: rows `k` and `n − 1 − k`, columns `k` and
//! `n − 1 − k`, the two middle rows and columns for an even n), one unit per D4 orbit of
//! their placements, and an interior of every other line of the board.
//!
//! # Method
//!
//! **Total.** For n ≥ 4 the ring's four lines are distinct, and every solution has exactly
//! one queen on each of them (a queen where one of its rows meets one of its columns serves
//! both): its *ring placement* `P`, two to four queens. The solutions are partitioned by
//! their ring placement, and each symmetry `g` of the square maps the ring onto itself, so it
//! maps the solutions with placement `P` one-to-one onto those with `g(P)`: all placements of
//! one D4 orbit have equally many completions. So `total = Σ over orbits of |orbit| ×
//! N(P_O)`, `P_O` the orbit's smallest member (by its [`Key`](super::geometry::Key)). Every
//! placement free of attacks is in exactly one orbit and each orbit is one unit, so every
//! board is counted exactly once, as one of the `|orbit|` equal shares of its orbit. The
//! interior counted may be that of any image of `P_O`: the plan takes the one whose search
//! tree looks smallest, among the four search orders of the coronal plan
//! ([`super::interior::best_order`]).
//!
//! **The interior** is every row that holds no ring queen, on every column that holds none:
//! masks of `n` bits (bit `c` = column `c`), of which the ring queens' columns are taken from
//! the start. So 16-bit lanes hold it up to n = 16; at n = 17 the vector kernels' split
//! search takes a 16-bit frame as soon as a queen stands in column 0 or 16, at n = 18 once two
//! of the edge columns 0, 1, 16, 17 fit a window, and from n = 19 on the search is in 32-bit
//! lanes.
//!
//! **Why the innermost ring.** Queens near the middle of the board attack the most squares,
//! so pre-placing them prunes the search the most: with the ring `k` lines in from the edge,
//! n = 18 builds 9.09 G nodes for k = 1, 7.84 G for k = 2, 7.02 G for k = 3 and so on down to
//! 5.82 G for the innermost, k = 8, against the border plan's 10.24 G (0.57×); n = 16,
//! 173.3 M for k = 1 and 110.8 M for k = 7 against 199.6 M (0.55×). The border plan's lanes
//! are narrower (n − 2 columns), so the ring plan's speed per node is lower from n = 17 on;
//! the nodes it saves outweigh that (measured figures in `docs/performance.md`).
//!
//! **An independent plan.** Nothing of the border plan ([`crate::search::symmetric`]) is used:
//! not its constellations (the border queens), orbits, weights or interiors. So a size
//! counted by both is counted two independent ways.
//!
//! **The outer ring** ([`OuterRingPlan`], `RingSplit<1>`): the same method with the ring one
//! line further out, `k = (n − 2) / 2 − 1` (the border at n = 4 and 5), whose placements,
//! orbits, weights and interiors are all others than the innermost ring's (its interiors
//! search the innermost ring's lines). It builds almost as few nodes (n = 16: 112.5 M against
//! 110.8 M; n = 18: 5.89 G against 5.82 G) in the same lanes, so it is as fast, and `queens
//! verify N --two-ways` counts with the two ring plans: about two counts. Plan identity
//! `symmetric-outer-ring-v1`.
//!
//! **Classes** come from Burnside's lemma exactly as in the other plans: units `0..n` and
//! `n..2n` count the boards fixed by a half turn and by a quarter turn with the searches of
//! [`crate::search::burnside`].
//!
//! **Small boards.** For n < 4 the ring's lines are not four distinct lines, so the plan has
//! one unit that counts the boards by plain backtracking, as the coronal plan's.
//!
//! # Units
//!
//! Units `0..n` count F180 with the queen of row 0 in column `id`, units `n..2n` count F90
//! with it in column `id − n`, and from `2n` on each unit is one D4 orbit of ring
//! placements, in decreasing order of the estimated work ([`work::estimated_nodes`]), ties in
//! increasing order of the orbit's smallest member's [`Key`](super::geometry::Key) (the
//! ring's lines in the entries of the coronal plan's second ring; a ring queen on a border
//! line, as one on row `k` in column 0, also fills that line's entry). So a part of the plan,
//! every MOD-th unit, gets its share of the large units and of the small ones. Plan identity `symmetric-ring-v2` (`v1`, never in a release, pre-placed the
//! second ring, one line in from the edge).
//!
//! # Nodes
//!
//! A node of this plan is a partial board it builds: in an orbit unit, the ring placement (1)
//! and every partial board the kernel builds in its interior (see
//! [`crate::search::kernel::InteriorCount::nodes`]); in the F180 and F90 units, the pairs and
//! quadruples of [`crate::search::burnside`]; in the small-board unit, every partial board
//! of its backtracking (the empty board excluded).

use super::geometry::{Slots, innermost_ring, ring_lines};
use super::interior::best_interior_within;
use super::orbits::{RingOrbit, ring_orbits};
use super::{MIN_RING_N, orbit_units, small_board_unit};
use crate::search::family::{OrbitSplit, SymmetricFamily};
use crate::search::kernel::{Interior, Kernel};
use crate::search::work;

/// The version of the innermost ring's unit split, part of
/// [`crate::plan::Plan::identity`].
pub(crate) const RING_SPLIT_VERSION: u32 = 2;

/// The version of the outer ring's unit split, part of [`crate::plan::Plan::identity`].
pub(crate) const OUTER_RING_SPLIT_VERSION: u32 = 1;

/// The symmetric engine's ring plan for one board size: the Burnside units, then one unit per
/// D4 orbit of the innermost ring's placements ([`RingSplit`]; see the
/// [module documentation](self)).
pub(crate) type RingPlan = SymmetricFamily<RingSplit<0>>;

/// The symmetric engine's outer-ring plan: the ring plan of the ring one line further out
/// than the innermost (rows and columns `(n − 2) / 2 − 1` and `n − (n − 2) / 2`), its own
/// placements, orbits, weights and interiors: the second plan of `queens verify N
/// --two-ways`.
pub(crate) type OuterRingPlan = SymmetricFamily<RingSplit<1>>;

/// The ring split: the queens of the ring `OUT` lines out from the innermost pre-placed (0:
/// the innermost ring, [`RingPlan`]; 1: the next one out, [`OuterRingPlan`]), an interior of
/// `n` columns. For n < [`MIN_RING_N`] its one orbit unit counts every board by plain
/// backtracking.
pub(crate) struct RingSplit<const OUT: usize> {
    n: usize,
    /// The orbits in unit order: largest estimate first.
    orbits: Vec<RingOrbit>,
    /// Each orbit unit's [`OrbitSplit::orbit_estimate`], in the same order (for n < 4, the
    /// small-board unit's).
    estimates: Vec<f64>,
}

impl<const OUT: usize> RingSplit<OUT> {
    /// The ring the split pre-places, lines in from the edge (`n` ≥ [`MIN_RING_N`], so the
    /// innermost ring is at least 1 in and the one out from it on the board).
    fn ring(n: usize) -> usize {
        innermost_ring(n) - OUT
    }

    /// The interior that the unit of `orbit` counts: that of the image of the orbit's
    /// smallest member whose search tree looks smallest (margin 0: every line without a ring
    /// queen).
    fn interior_of(n: usize, orbit: &RingOrbit) -> Interior {
        best_interior_within(n, &orbit.rep, 0)
    }

    /// The interior orbit unit `i` counts.
    fn interior(&self, i: usize) -> Interior {
        Self::interior_of(self.n, &self.orbits[i])
    }
}

impl<const OUT: usize> OrbitSplit for RingSplit<OUT> {
    /// The split of board size `n`.
    ///
    /// # Panics
    ///
    /// If `n` is outside 1..=32.
    fn new(n: usize) -> RingSplit<OUT> {
        assert!((1..=32).contains(&n), "board size {n} outside 1..=32");
        if n < MIN_RING_N {
            // The small-board unit: a handful of nodes below 4 × 4.
            return RingSplit {
                n,
                orbits: Vec::new(),
                estimates: vec![1.0],
            };
        }
        let k = Self::ring(n);
        let by_key = ring_orbits(n, &Slots::with_inner_ring(n, k), &ring_lines(n, k));
        // Units in decreasing order of estimated work (a stable sort: ties stay in key
        // order), so that the parts `--part RES/MOD`, every MOD-th unit, deal the units out
        // like cards and come out of equal work. In key order the large units bunch up by
        // the positions of the ring's queens (at n = 19, MOD = 64, one part had 1.39 times
        // the median part's nodes). The estimate is plain `f64` arithmetic (no fused or
        // library operations), so it and the order are the same on every machine; a change
        // to `work::estimated_nodes` renumbers the units and must bump `RING_SPLIT_VERSION`.
        let mut units: Vec<(f64, RingOrbit)> = by_key
            .into_iter()
            .map(|o| (1.0 + work::estimated_nodes(&Self::interior_of(n, &o)), o))
            .collect();
        units.sort_by(|a, b| b.0.total_cmp(&a.0));
        let (estimates, orbits) = units.into_iter().unzip();
        RingSplit {
            n,
            orbits,
            estimates,
        }
    }

    fn identity(&self) -> String {
        match OUT {
            0 => format!("symmetric-ring-v{RING_SPLIT_VERSION}"),
            _ => format!("symmetric-outer-ring-v{OUTER_RING_SPLIT_VERSION}"),
        }
    }

    fn orbit_count(&self) -> usize {
        orbit_units(self.n, self.orbits.len())
    }

    fn count_orbit(&self, i: usize, kernel: Kernel) -> (u128, u128) {
        if let Some(small) = small_board_unit(self.n) {
            return small;
        }
        let counted = kernel.count(&self.interior(i));
        // At most 8 × 2^64: fits a u128 with room to spare. The ring placement itself is a
        // node too.
        (
            u128::from(self.orbits[i].weight) * u128::from(counted.completions),
            u128::from(counted.nodes) + 1,
        )
    }

    /// [`work::estimated_nodes`] of the interior the unit counts, and the ring placement
    /// itself, computed once when the plan is built (O(n²) per unit). Measured against the
    /// scalar kernel's nodes over all orbit units (the `unit_costs_track_the_measured_nodes`
    /// test of `src/search/coronal/mod.rs`): the ratio of estimate to nodes has a geometric
    /// standard deviation of 1.24 at n = 12 and 1.22 at n = 14 (the border plan's: 1.33 and
    /// 1.38), and the sums are 0.95 and 0.98 times the nodes (1.10 and 1.18); at n = 19,
    /// against the avx512 kernel's nodes, 1.15 and 0.94.
    fn orbit_estimate(&self, i: usize) -> f64 {
        self.estimates[i]
    }

    const ESTIMATES_WORK: bool = true;
}

#[cfg(test)]
mod tests {
    use super::super::geometry::{Key, Queens, fill_lines};
    use super::super::interior::{Attacks, Order, interior_within, oriented_interior};
    use super::*;
    use crate::search::enumerate::for_each_solution;
    use crate::search::kernel::{MAX_DEPTH, reference_count};
    use crate::symmetry::Transform;
    use std::collections::{BTreeMap, HashSet};
    use std::ops::ControlFlow;

    /// Every placement on the ring `k` lines in of size `n` (not reduced by symmetry), by
    /// its key.
    fn all_placements(n: usize, k: usize) -> BTreeMap<Key, Queens> {
        let slots = Slots::with_inner_ring(n, k);
        let mut out = BTreeMap::new();
        fill_lines(n, &ring_lines(n, k), &Queens::EMPTY, &mut |q| {
            let key = slots.image_key(Transform::Identity, q);
            assert!(out.insert(key, *q).is_none(), "n={n}: {key:?} met twice");
        });
        out
    }

    #[test]
    fn oriented_interiors_are_the_plain_interiors_of_the_images() {
        for n in 4..=10 {
            for q in all_placements(n, innermost_ring(n)).values() {
                let a = Attacks::new(n, q, 0);
                for order in Order::ALL {
                    let squares: Vec<(usize, usize)> = q
                        .squares()
                        .iter()
                        .map(|&(r, c)| order.transform().apply_to_square(n, r.into(), c.into()))
                        .collect();
                    let plain = interior_within(n, &squares, 0);
                    assert_eq!(oriented_interior(n, &a, order), plain, "n={n} {order:?}");
                }
            }
        }
    }

    #[test]
    fn each_solution_is_counted_under_its_ring_placements_orbit() {
        each_solution_is_counted_once::<0>();
        each_solution_is_counted_once::<1>();
    }

    /// The ring split `OUT` lines out from the innermost counts each solution once, under the
    /// orbit of its placement on that ring, with the orbit's size as weight.
    fn each_solution_is_counted_once<const OUT: usize>() {
        for n in 4..=10 {
            let k = RingSplit::<OUT>::ring(n);
            let slots = Slots::with_inner_ring(n, k);
            let on_ring = |r: usize| r == k || r == n - 1 - k;
            // N(P) by brute force: the solutions, grouped by their queens on the ring.
            let mut by_key: BTreeMap<Key, u64> = BTreeMap::new();
            for_each_solution(n, |p| {
                let ring = p
                    .iter()
                    .enumerate()
                    .map(|(r, &c)| (r, c as usize))
                    .filter(|&(r, c)| on_ring(r) || on_ring(c));
                *by_key.entry(slots.key(ring)).or_default() += 1;
                ControlFlow::Continue(())
            });
            let placements = all_placements(n, k);
            let split = RingSplit::<OUT>::new(n);
            let mut seen = HashSet::new();
            for (i, orbit) in split.orbits.iter().enumerate() {
                let images: HashSet<Key> = Transform::ALL
                    .iter()
                    .map(|&g| slots.image_key(g, &orbit.rep))
                    .collect();
                // The weight is the orbit's size, and the representative its smallest member.
                assert_eq!(usize::from(orbit.weight), images.len(), "n={n} orbit {i}");
                let key = slots.image_key(Transform::Identity, &orbit.rep);
                assert_eq!(images.iter().min(), Some(&key));
                // The interior counted has the completions of every member.
                let counted = Kernel::Scalar.count(&split.interior(i));
                assert_eq!(
                    counted,
                    reference_count(&split.interior(i)),
                    "n={n} orbit {i}"
                );
                for k in &images {
                    assert_eq!(
                        by_key.get(k).copied().unwrap_or(0),
                        counted.completions,
                        "n={n} {k:?}"
                    );
                    assert!(seen.insert(*k), "n={n}: {k:?} in two orbits");
                }
            }
            // The orbits cover every placement exactly once, and every solution has one.
            assert_eq!(seen.len(), placements.len(), "n={n}");
            assert!(by_key.keys().all(|k| placements.contains_key(k)));
        }
    }

    #[test]
    fn units_go_largest_estimate_first_ties_by_key() {
        units_in_order::<0>();
        units_in_order::<1>();
    }

    /// The units of the ring split `OUT` lines out from the innermost go largest estimate
    /// first, ties by key.
    fn units_in_order<const OUT: usize>() {
        for n in [4, 9, 12, 19] {
            let split = RingSplit::<OUT>::new(n);
            let slots = Slots::with_inner_ring(n, RingSplit::<OUT>::ring(n));
            let key = |i: usize| slots.image_key(Transform::Identity, &split.orbits[i].rep);
            for i in 1..split.orbits.len() {
                let (a, b) = (split.orbit_estimate(i - 1), split.orbit_estimate(i));
                assert!(a > b || (a == b && key(i - 1) < key(i)), "n={n} units {i}");
                // The estimate is that of the interior the unit counts.
                let it = split.interior(i);
                assert_eq!(b, 1.0 + work::estimated_nodes(&it), "n={n} unit {i}");
            }
        }
    }

    #[test]
    fn interiors_are_tight_and_n_columns_wide() {
        // As many free rows as open columns (the kernels' closed form of the last three rows
        // needs it), every column of the board an interior column.
        for n in [4, 9, 16, 32] {
            let split = RingSplit::<0>::new(n);
            for i in (0..split.orbits.len()).step_by(41) {
                let it = split.interior(i);
                assert_eq!(it.inner.count_ones() as usize, n);
                assert_eq!(
                    (it.inner & !it.cols).count_ones() as usize,
                    it.depth,
                    "n={n} {i}"
                );
                assert!(it.depth <= n - 2 && it.depth <= MAX_DEPTH);
            }
        }
    }
}
