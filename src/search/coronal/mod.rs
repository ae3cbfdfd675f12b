//! The symmetric engine's coronal plan: two rings of pre-placed queens (the "coronal"
//! pre-placement of the Q27 project), an interior of `n − 4` columns, and Burnside's lemma
//! for the classes. Its ring geometry (lines, placements, keys, orbits, the four search
//! orders) also serves the ring plan ([`ring`]: the innermost ring alone, the default) and the
//! outer-ring plan (the ring one line further out), the two that `queens verify --two-ways`
//! counts.
//!
//! # Method
//!
//! **The rings.** For n ≥ 4 the rows 0, 1, n−2, n−1 and the columns 0, 1, n−2, n−1 are eight
//! distinct lines, and every solution has exactly one queen on each of them (a queen where a
//! ring row meets a ring column serves both). The *outer ring* is rows 0, n−1 and columns 0,
//! n−1; the *second ring* is rows 1, n−2 and columns 1, n−2. The queens of a solution on the
//! outer ring form its outer placement `B`, those on both rings its coronal placement `C`
//! (four to eight queens). Each of the 8 symmetries of the square maps each ring onto itself
//! (a half turn maps row 1 to row n−2, a quarter turn maps rows to columns, and so on), so it
//! maps coronal placements to coronal placements and the solutions with placement `C`
//! one-to-one onto those with placement `g(C)`.
//!
//! **Why every board is counted exactly once.** Write `N(C)` for the number of solutions with
//! coronal placement `C`. The solutions are partitioned by their outer placement `B`, and those
//! of one `B` by their coronal placement `C ⊇ B`, so
//! `total = Σ_B Σ_{C ⊇ B} N(C)`. Group the `B` into D4 orbits: all members of an orbit `O`
//! have the same sum (a symmetry maps the `C ⊇ B` one-to-one onto the `C ⊇ g(B)`, keeping
//! `N`), so `total = Σ_O |O| · Σ_{C ⊇ B_O} N(C)` with `B_O` the orbit's smallest member. Inside
//! one unit, the stabilizer `H` of `B_O` (the symmetries with `g(B_O) = B_O`) permutes the
//! `C ⊇ B_O` and keeps `N`, so the inner sum is `Σ w_C · N(C)` over one `C` per `H`-orbit (the
//! one with the smallest key), where `w_C = |H| / |{g ∈ H : g(C) = C}|` is the size of its
//! `H`-orbit. Every coronal placement of a solution is thus in exactly one unit (that of its
//! outer orbit) and stands for exactly one `H`-orbit, whose size is its weight: each board is
//! counted once, as one of the `|O| · w_C` equal shares of the D4 orbit of its placement
//! (which has exactly `|O| · w_C` members, by the orbit–stabilizer theorem twice). Finally
//! `N(C) = N(g(C))` for every symmetry `g`, so the interior counted for `C` may be that of any
//! of its images: the plan takes the image whose search tree looks smallest
//! ([`Interior::estimated_cost`]), as the border plan does for its orbits. Only four images
//! need to be tried, those that search the rows top down or bottom up or the columns left to
//! right or right to left: each of the other four mirrors one of them left to right, and a
//! mirrored interior has a mirrored search tree of the same size. Which image is counted
//! changes only the work, never the count.
//!
//! **The interior** of a coronal placement is rows 2..n−3 less the rows its column queens
//! hold, on columns 2..n−3 less the columns its row queens hold: masks of `n − 4` bits
//! (bit `c − 2` = column `c`), so 16-bit lanes hold it up to n = 20. It is built here from the
//! placement's squares, independently of the border plan's [`super::constellation`] and
//! `Interior::new`, and counted by the same [`Kernel`]s.
//!
//! **Classes** come from Burnside's lemma exactly as in [`super::symmetric`]: units `0..n` and
//! `n..2n` count the boards fixed by a half turn and by a quarter turn with the searches of
//! [`super::burnside`].
//!
//! **Small boards.** For n < 4 the rings overlap (for n = 3 row 1 is row n−2), so the plan has
//! one unit that counts the boards by plain backtracking instead; n = 4 (interior of no
//! column) already takes the general route.
//!
//! # Units
//!
//! Units `0..n` count F180 with the queen of row 0 in column `id`, units `n..2n` count F90
//! with it in column `id − n`, and from `2n` on each unit is one D4 orbit of outer placements,
//! in increasing order of the orbit's smallest member `(top, bottom, left, right)` (the order
//! of the border plan's orbit units, so unit `id` of both plans counts the same boards, by two
//! independent routes), whose coronal placements are expanded inside the unit: 9,562 units
//! and 58,039,527 coronal placements at n = 20, 18,456 units and 319,505,960 placements at
//! n = 23 (a unit per placement would make tens of millions of units). The interiors of a unit
//! go to the kernel in groups of `GROUP` ([`Kernel::count_weighted`]). Plan identity
//! `symmetric-coronal-v1`.
//!
//! # Speed
//!
//! Slower than the border plan at small n (it builds about 1.68 times the nodes); measured
//! figures are in `docs/performance.md`.
//!
//! # Nodes
//!
//! A node of this plan is a partial board it builds: in an orbit unit, the outer placement
//! (1), every coronal placement extending it that the unit enumerates (skipped as a
//! non-smallest stabilizer image or not), and every partial board the kernel builds in the
//! interiors it counts (see [`super::kernel::InteriorCount::nodes`]); in the F180 and F90
//! units, the pairs and quadruples of [`super::burnside`]; in the small-board unit, every
//! partial board of its backtracking (the empty board excluded). A unit's nodes do not depend
//! on when or where it runs, so their sum does not depend on the order or the threads.

mod geometry;
mod interior;
mod orbits;
pub(crate) mod ring;

#[cfg(test)]
use super::family::Unit;
use super::family::{OrbitSplit, SymmetricFamily};
use super::kernel::{Interior, Kernel};
use super::work;
use crate::plan::stop;
use geometry::{Queens, Slots};
#[cfg(test)]
use geometry::{fill_lines, second_lines};
use interior::best_interior;
use orbits::{RingOrbit, for_each_placement, outer_orbits};

/// The version of the unit split, part of [`crate::plan::Plan::identity`].
pub(crate) const CORONAL_SPLIT_VERSION: u32 = 1;

/// The smallest board size on which the eight ring lines are distinct; smaller boards are
/// counted by the small-board unit.
pub(crate) const MIN_RING_N: usize = 4;

/// The interiors handed to the kernel at once: enough to keep the scalar kernel's batches
/// full, few enough (about 130 KiB) to stay in the L2 cache.
const GROUP: usize = 512;

/// The symmetric engine's coronal plan for one board size: the Burnside units, then one unit
/// per D4 orbit of outer placements ([`CoronalSplit`]; see the [module documentation](self)).
pub(crate) type CoronalPlan = SymmetricFamily<CoronalSplit>;

/// The coronal split: two rings of pre-placed queens, an interior of `n − 4` columns. For
/// n < [`MIN_RING_N`] its one orbit unit counts every board by plain backtracking.
pub(crate) struct CoronalSplit {
    n: usize,
    slots: Slots,
    orbits: Vec<RingOrbit>,
}

impl CoronalSplit {
    /// Counts the boards of outer orbit `i`: `(boards, nodes)`.
    ///
    /// The interiors are handed to the kernel in groups of [`GROUP`]
    /// ([`Kernel::count_weighted`]), each with its stabilizer weight.
    fn count_outer_orbit(&self, i: usize, kernel: Kernel) -> (u128, u128) {
        let n = self.n;
        // Σ w_C · N(C) over one C per stabilizer orbit: at most 8 × (the unit's boards).
        let mut weighted: u128 = 0;
        let mut kernel_nodes: u128 = 0;
        let mut interiors: Vec<Interior> = Vec::with_capacity(GROUP);
        let mut weights = Vec::with_capacity(GROUP);
        let mut flush = |interiors: &mut Vec<Interior>, weights: &mut Vec<u8>| {
            let counted = kernel.count_weighted(interiors, weights);
            weighted += u128::from(counted.weighted);
            kernel_nodes += u128::from(counted.nodes);
            interiors.clear();
            weights.clear();
        };
        let enumerated = for_each_placement(n, &self.slots, &self.orbits[i], |c, w| {
            // A unit that gave up on a stop builds no more interiors (its counts are thrown
            // away: `crate::plan::stop`).
            if stop::gave_up() {
                return;
            }
            interiors.push(best_interior(n, c));
            weights.push(w);
            if interiors.len() == GROUP {
                flush(&mut interiors, &mut weights);
            }
        });
        flush(&mut interiors, &mut weights);
        // Nodes: the outer placement, the coronal placements, the kernel's.
        let nodes = 1 + u128::from(enumerated) + kernel_nodes;
        (u128::from(self.orbits[i].weight) * weighted, nodes)
    }

    /// The estimated nodes of outer orbit `i`'s unit from its coronal placements: one node
    /// each, and the model of [`work::estimated_nodes`] on the interiors the unit counts.
    fn placement_estimate(&self, i: usize) -> f64 {
        let mut total = 1.0;
        let enumerated = for_each_placement(self.n, &self.slots, &self.orbits[i], |c, _| {
            total += work::estimated_nodes(&best_interior(self.n, c));
        });
        total + enumerated as f64
    }
}

impl OrbitSplit for CoronalSplit {
    /// The split of board size `n`.
    ///
    /// # Panics
    ///
    /// If `n` is outside 1..=32.
    fn new(n: usize) -> CoronalSplit {
        assert!((1..=32).contains(&n), "board size {n} outside 1..=32");
        let slots = Slots::new(n);
        let orbits = if n >= MIN_RING_N {
            outer_orbits(n, &slots)
        } else {
            Vec::new()
        };
        CoronalSplit { n, slots, orbits }
    }

    fn identity(&self) -> String {
        format!("symmetric-coronal-v{CORONAL_SPLIT_VERSION}")
    }

    fn orbit_count(&self) -> usize {
        orbit_units(self.n, self.orbits.len())
    }

    fn count_orbit(&self, i: usize, kernel: Kernel) -> (u128, u128) {
        small_board_unit(self.n).unwrap_or_else(|| self.count_outer_orbit(i, kernel))
    }

    /// An outer orbit's unit is estimated from its coronal placements: one node each, plus
    /// [`work::estimated_nodes`] of each interior the unit counts, found as the unit finds them
    /// but not searched (all 18,456 units of n = 23, 319,505,960 placements, took about 100 s on
    /// 2 cores, against days of counting). Measured against the scalar kernel's nodes over all
    /// orbit units (the `unit_costs_track_the_measured_nodes` test below): the ratio of
    /// estimate to nodes has a geometric standard deviation of 1.08 at n = 12 and 1.11 at
    /// n = 14, and the sums are 1.04 and 1.16 times the nodes (1.25 at n = 15: the model
    /// underestimates the diagonal attacks more as n grows, so an ETA from it is pessimistic).
    fn orbit_estimate(&self, i: usize) -> f64 {
        if self.n < MIN_RING_N {
            return 1.0; // below 4 × 4: a handful of nodes
        }
        self.placement_estimate(i)
    }

    /// Estimating every unit enumerates every coronal placement (about 100 s at n = 23): the
    /// runner's order and progress leave every unit at 1.
    const ESTIMATES_WORK: bool = false;
}

impl CoronalPlan {
    /// The number of coronal placements unit `id` enumerates (0 for units that are not
    /// outer orbits), for measurements.
    #[cfg(test)]
    pub(crate) fn placements(&self, id: usize) -> u64 {
        let split = self.split();
        match self.unit(id) {
            Unit::Orbit(i) if split.n >= MIN_RING_N => {
                let mut count = 0;
                fill_lines(
                    split.n,
                    &second_lines(split.n),
                    &split.orbits[i].rep,
                    &mut |_| count += 1,
                );
                count
            }
            _ => 0,
        }
    }
}

/// The orbit units of a ring plan of size `n` with `orbits` orbits: one each, or for
/// n < [`MIN_RING_N`] the one small-board unit.
fn orbit_units(n: usize, orbits: usize) -> usize {
    if n < MIN_RING_N { 1 } else { orbits }
}

/// For n < [`MIN_RING_N`], the small-board unit's `(boards, nodes)` ([`small_board`]); `None`
/// for a board with rings.
fn small_board_unit(n: usize) -> Option<(u128, u128)> {
    (n < MIN_RING_N).then(|| {
        let (boards, nodes) = small_board(n);
        (boards.into(), nodes.into())
    })
}

/// Counts the solutions of size `n` by plain backtracking: `(boards, nodes)`, nodes being
/// every partial board but the empty one.
fn small_board(n: usize) -> (u64, u64) {
    fn go(n: usize, r: usize, q: &Queens, out: &mut (u64, u64)) {
        if r == n {
            out.0 += 1;
            return;
        }
        for c in 0..n {
            if let Some(next) = q.place(n, r, c) {
                out.1 += 1;
                go(n, r + 1, &next, out);
            }
        }
    }
    assert!(
        n < MIN_RING_N,
        "the small-board unit is for boards below 4 x 4"
    );
    let mut out = (0, 0);
    go(n, 0, &Queens::EMPTY, &mut out);
    out
}

#[cfg(test)]
mod tests {
    use super::geometry::*;
    use super::interior::*;
    use super::orbits::*;
    use super::*;
    use crate::search::enumerate::for_each_solution;
    use crate::search::kernel::reference_count;
    use crate::symmetry::Transform;
    use std::collections::{BTreeMap, HashSet};
    use std::ops::ControlFlow;

    /// Every coronal placement of size `n` (not reduced by symmetry), by its key.
    fn all_coronal(n: usize) -> BTreeMap<Key, Queens> {
        let slots = Slots::new(n);
        let mut out = BTreeMap::new();
        fill_lines(n, &outer_lines(n), &Queens::EMPTY, &mut |b| {
            fill_lines(n, &second_lines(n), b, &mut |c| {
                let key = slots.image_key(Transform::Identity, c);
                assert!(out.insert(key, *c).is_none(), "n={n}: {key:?} met twice");
            });
        });
        out
    }

    /// The squares of `q`'s image under `g`.
    fn image(n: usize, g: Transform, q: &Queens) -> Vec<(usize, usize)> {
        q.squares()
            .iter()
            .map(|&(r, c)| g.apply_to_square(n, r as usize, c as usize))
            .collect()
    }

    #[test]
    fn oriented_interiors_are_the_plain_interiors_of_the_images() {
        for n in 4..=11 {
            for q in all_coronal(n).values() {
                let a = Attacks::new(n, q, 2);
                for order in Order::ALL {
                    let plain = interior(n, &image(n, order.transform(), q));
                    assert_eq!(oriented_interior(n, &a, order), plain, "n={n} {order:?}");
                    assert_eq!(a.depth(n), plain.depth);
                }
                let costs = order_costs(n, &a);
                for (k, order) in Order::ALL.into_iter().enumerate() {
                    let plain = interior(n, &image(n, order.transform(), q));
                    assert_eq!(costs[k], plain.estimated_cost(), "n={n} {order:?}");
                }
            }
        }
    }

    #[test]
    fn mirrored_interiors_have_equal_trees_and_counts() {
        // Why four orders suffice: an image mirrored left to right searches a mirrored tree.
        for n in [8, 10] {
            for q in all_coronal(n).values() {
                for order in Order::ALL {
                    let g = order.transform();
                    let mirrored = Transform::FlipColumns.compose(g);
                    let a = reference_count(&interior(n, &image(n, g, q)));
                    let b = reference_count(&interior(n, &image(n, mirrored, q)));
                    assert_eq!(a, b, "n={n} {order:?}");
                }
            }
        }
    }

    #[test]
    fn each_solution_has_one_enumerated_coronal_placement_with_its_count() {
        for n in 4..=10 {
            let slots = Slots::new(n);
            let placements = all_coronal(n);
            // N(C) by brute force: the solutions, grouped by the queens on ring lines.
            let mut by_key: BTreeMap<Key, u64> = BTreeMap::new();
            for_each_solution(n, |p| {
                let ring = p
                    .iter()
                    .enumerate()
                    .map(|(r, &c)| (r, c as usize))
                    .filter(|&(r, c)| slots.row_slot[r] != NONE || slots.col_slot[c] != NONE);
                *by_key.entry(slots.key(ring)).or_default() += 1;
                ControlFlow::Continue(())
            });
            for (key, count) in &by_key {
                let q = placements
                    .get(key)
                    .expect("a solution's placement is enumerated");
                let counted = Kernel::Scalar.count(&best_interior(n, q));
                assert_eq!(counted.completions, *count, "n={n} {key:?}");
                assert_eq!(counted, reference_count(&best_interior(n, q)));
            }
            // And every other enumerated placement has no completion.
            for (key, q) in &placements {
                if !by_key.contains_key(key) {
                    assert_eq!(Kernel::Scalar.count(&best_interior(n, q)).completions, 0);
                }
            }
        }
    }

    #[test]
    fn orbit_weights_times_stabilizer_weights_are_the_coronal_orbit_sizes() {
        for n in 4..=11 {
            let slots = Slots::new(n);
            let mut seen = HashSet::new();
            let total = all_coronal(n).len();
            let orbits = outer_orbits(n, &slots);
            for o in &orbits {
                let stabilizer = &o.stabilizer[..o.stabilizer_len];
                assert_eq!(o.weight as usize * stabilizer.len(), 8);
                fill_lines(n, &second_lines(n), &o.rep, &mut |c| {
                    let key = slots.image_key(Transform::Identity, c);
                    if stabilizer.iter().any(|&g| slots.image_key(g, c) < key) {
                        return;
                    }
                    let fixed = stabilizer
                        .iter()
                        .filter(|&&g| slots.image_key(g, c) == key)
                        .count();
                    let weight = o.weight as usize * (stabilizer.len() / fixed);
                    let d4: HashSet<Key> = Transform::ALL
                        .iter()
                        .map(|&g| slots.image_key(g, c))
                        .collect();
                    assert_eq!(weight, d4.len(), "n={n} {key:?}");
                    for k in d4 {
                        assert!(seen.insert(k), "n={n}: {k:?} in two orbits");
                    }
                });
            }
            // The orbits counted cover every coronal placement exactly once.
            assert_eq!(seen.len(), total, "n={n}");
        }
    }

    #[test]
    fn the_small_board_unit_counts_boards_below_4() {
        assert_eq!(small_board(1), (1, 1));
        assert_eq!(small_board(2).0, 0);
        assert_eq!(small_board(3).0, 0);
    }

    /// Beyond the F180 and F90 units, the outer placement and every coronal placement are
    /// nodes; the kernel's interior nodes come on top.
    #[test]
    fn a_units_nodes_exceed_its_coronal_placements() {
        use crate::plan::Plan;
        for n in [6, 8, 11, 13] {
            let plan = CoronalPlan::new(n, Kernel::Scalar);
            for id in 2 * n..plan.unit_count() {
                let t = plan.count_unit(id);
                assert!(t.nodes > u128::from(plan.placements(id)), "n={n} unit {id}");
            }
        }
    }

    /// One unit per outer orbit: as many as the border plan has constellation orbits, beside
    /// the 2n F180 and F90 units.
    #[test]
    fn one_unit_per_outer_orbit() {
        use crate::plan::Plan;
        for n in 4..=32 {
            let plan = CoronalPlan::new(n, Kernel::Scalar);
            let orbits = crate::search::constellation::orbits(n).len();
            assert_eq!(plan.unit_count(), 2 * n + orbits, "n={n}");
        }
        for n in 1..4 {
            assert_eq!(CoronalPlan::new(n, Kernel::Scalar).unit_count(), 2 * n + 1);
        }
    }

    /// How well `cost` tracks the measured nodes over a plan's orbit units: the geometric
    /// standard deviation of cost / nodes and the ratio of the sums.
    fn estimate_quality(plan: &dyn crate::plan::Plan, cost: impl Fn(usize) -> u64) -> (f64, f64) {
        let ids: Vec<usize> = (2 * plan.n()..plan.unit_count()).collect();
        let nodes: Vec<f64> = ids
            .iter()
            .map(|&id| plan.count_unit(id).nodes as f64)
            .collect();
        let costs: Vec<f64> = ids.iter().map(|&id| cost(id) as f64).collect();
        let logs: Vec<f64> = costs
            .iter()
            .zip(&nodes)
            .map(|(c, x)| (c / x).ln())
            .collect();
        let mean = logs.iter().sum::<f64>() / logs.len() as f64;
        let var = logs.iter().map(|l| (l - mean).powi(2)).sum::<f64>() / logs.len() as f64;
        let ratio = costs.iter().sum::<f64>() / nodes.iter().sum::<f64>();
        (var.sqrt().exp(), ratio)
    }

    /// The border, coronal and ring plans' unit costs against the nodes their units visit.
    #[test]
    fn unit_costs_track_the_measured_nodes() {
        use crate::search::symmetric::SymmetricPlan;
        for n in [12, 14] {
            let r = ring::RingPlan::new(n, Kernel::Scalar);
            let (spread, ratio) = estimate_quality(&r, |id| r.unit_cost(id));
            println!("n={n} ring plan: cost/nodes geometric sd {spread:.3}, sums {ratio:.3}");
            assert!(spread < 1.6 && (0.5..2.0).contains(&ratio), "n={n}");
            let s = SymmetricPlan::new(n, Kernel::Scalar);
            let (spread, ratio) = estimate_quality(&s, |id| s.unit_cost(id));
            println!("n={n} border plan: cost/nodes geometric sd {spread:.3}, sums {ratio:.3}");
            assert!(spread < 1.6 && (0.5..2.0).contains(&ratio), "n={n}");
            let c = CoronalPlan::new(n, Kernel::Scalar);
            let (spread, ratio) = estimate_quality(&c, |id| c.unit_cost(id));
            println!("n={n} coronal plan: cost/nodes geometric sd {spread:.3}, sums {ratio:.3}");
            assert!(spread < 1.25 && (0.5..2.0).contains(&ratio), "n={n}");
            // The F180 and F90 units are estimated too, and small.
            for id in 0..2 * n {
                assert!(c.unit_cost(id) >= 1 && s.unit_cost(id) == c.unit_cost(id));
            }
        }
    }
}
