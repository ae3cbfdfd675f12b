//! The scalar kernel for many interiors at once: the batched search of [`super::scalar`] with
//! the nodes of a whole group of interiors sharing its rings.
//!
//! # Why
//!
//! The coronal plan ([`crate::search::plans::coronal`]) counts thousands of small interiors per unit
//! (about a hundred nodes each at n = 16). Searched one by one, each tree fills a batch with a
//! handful of nodes, so the batched search's loop exits, which the CPU mispredicts, come
//! every few nodes instead of every few hundred. Searching a group together fills the
//! batches again.
//!
//! # Method
//!
//! The same search as [`super::scalar`], with two changes:
//!
//! - A node carries the index of its interior, `[free, cols, ld, rd, index]`, and a step
//!   reads that interior's `shift` and `blocked` entries for the node's row.
//! - Levels are numbered by the free rows a node's row leaves *including itself*, `R`, not by
//!   depth, so that the interiors of a group, whatever their depths, meet at the same levels
//!   and end together: a root (the first free row) enters level `R = depth`, its row index
//!   in its interior is `depth − R`, and level `R = 3` is the last one searched (its
//!   placements leave two rows, counted by [`super::scalar::last_two_rows`]). The deepest
//!   level is the one with the smallest `R`.
//!
//! Roots are loaded while every level is empty, up to `BATCH` per level, so a ring still never
//! holds more than `BATCH` nodes (the argument of [`super::scalar`]: a level is refilled
//! only when empty, by at most `BATCH` roots or children, and each step pops one node and
//! pushes back at most one). Each interior's tree is walked with exactly the placements of
//! [`super::scalar::count`], so completions and nodes are the same as counting the
//! interiors one by one; only the order differs. Interiors with fewer than three free rows or
//! an empty first row have no tree to share and are counted by
//! [`super::scalar::count_without_search`].

use super::scalar::{self, last_two_rows};
use super::{Interior, InteriorCount, MAX_DEPTH, WeightedCount};
use crate::plan::stop::Patrol;
use std::cell::RefCell;

/// The most children a batch writes to the next level, and the most roots loaded into one
/// level (as in [`super::scalar`]).
const BATCH: usize = 256;

/// Slots of a level's ring: a power of two at least `BATCH`, so `i % SLOTS` is a mask.
pub(crate) const SLOTS: usize = 256;

// A ring holds at most `BATCH` nodes, and `% SLOTS` must be a mask.
const _: () = assert!(BATCH <= SLOTS && SLOTS.is_power_of_two());

/// Levels, indexed by the free rows left `R` (3..=MAX_DEPTH used).
const LEVELS: usize = MAX_DEPTH + 1;

/// A pending node: the free squares of its row, the `cols`, `ld`, `rd` masks of the interior
/// queens placed so far, and the index of its interior in the group.
pub(crate) type Node = [u32; 5];

thread_local! {
    /// Each thread's rings, reused from call to call (only slots inside a ring's bounds are
    /// read, so they need no clearing): `LEVELS × SLOTS` nodes, 155 KiB.
    static RINGS: RefCell<(Vec<[Node; SLOTS]>, Patrol)> =
        const { RefCell::new((Vec::new(), Patrol::every(scalar::BATCHES_BETWEEN_LOOKS))) };
}

/// Counts the interiors `its` together: `Σ weights[i] · completions(its[i])` and the nodes
/// of all their trees, the same as [`scalar::count`] on each.
///
/// As [`scalar::count`], a copy compiled for x86-64's bit-manipulation instructions runs
/// where the CPU has them.
///
/// # Panics
///
/// If `its` and `weights` differ in length or `its` has 2^32 interiors or more.
pub(crate) fn count_weighted(its: &[Interior], weights: &[u8]) -> WeightedCount {
    assert_eq!(its.len(), weights.len(), "one weight per interior");
    assert!(u32::try_from(its.len()).is_ok(), "too many interiors");
    RINGS.with_borrow_mut(|(rings, patrol)| {
        if rings.len() < LEVELS {
            rings.resize(LEVELS, [[0; 5]; SLOTS]);
        }
        #[cfg(target_arch = "x86_64")]
        if let Some(bmi) = super::x86_bmi::Bmi::detect() {
            return bmi.search_group(its, weights, rings, patrol);
        }
        search(its, weights, rings, patrol)
    })
}

/// The search of [`count_weighted`] in `rings` (at least `LEVELS`; their contents are
/// scratch). Inlined into each copy of the kernel (baseline, and bit-manipulation
/// instructions on x86-64). `patrol` counts the batches between looks at the stop flag, as
/// in [`scalar::search`]: a unit that gives up returns at once, with partial counts.
#[inline(always)]
pub(crate) fn search(
    its: &[Interior],
    weights: &[u8],
    rings: &mut [[Node; SLOTS]],
    patrol: &mut Patrol,
) -> WeightedCount {
    let mut total = WeightedCount::default();
    // Level R's pending nodes are in the slots head[R]..tail[R] of rings[R], modulo SLOTS.
    let mut head = [0usize; LEVELS];
    let mut tail = [0usize; LEVELS];
    // Bit R set: level R holds a node.
    let mut busy: u32 = 0;
    let mut next_root = 0;
    loop {
        if busy == 0 {
            // Every level is empty (and restarted at slot 0): load roots until one's level
            // is full.
            while let Some(it) = its.get(next_root) {
                let first = it.inner & !(it.cols | it.blocked[0]);
                if let Some(c) = scalar::count_without_search(it) {
                    total.weighted += u64::from(weights[next_root]) * c.completions;
                    total.nodes += c.nodes;
                } else {
                    let r = it.depth;
                    if tail[r] == BATCH {
                        break;
                    }
                    rings[r][tail[r]] = [first, it.cols, 0, 0, next_root as u32];
                    tail[r] += 1;
                    busy |= 1 << r;
                }
                next_root += 1;
            }
            if busy == 0 {
                return total;
            }
        }
        if patrol.stop() {
            return total; // the unit gives up: partial counts, thrown away
        }
        // The deepest level holding a node: the fewest rows left, the lowest set bit.
        let r = busy.trailing_zeros() as usize;
        let (lower, upper) = rings.split_at_mut(r);
        let ring = &mut upper[0];
        let (start, end) = (head[r], tail[r]);
        let (popped, rest) = if r == 3 {
            let (popped, rest, weighted) = count_last_level(its, weights, ring, start, end);
            total.weighted += weighted;
            (popped, rest)
        } else {
            let (popped, rest, children) = expand(its, r, ring, start, end, &mut lower[r - 1]);
            if children > 0 {
                head[r - 1] = 0;
                tail[r - 1] = children;
                busy |= 1 << (r - 1);
            }
            (popped, rest)
        };
        total.nodes += popped as u64;
        if start + popped == rest {
            // The level is empty: restart its ring at slot 0 for its next batch.
            head[r] = 0;
            tail[r] = 0;
            busy &= !(1 << r);
        } else {
            head[r] = start + popped;
            tail[r] = rest;
        }
    }
}

/// One batch at level `r` > 3: pops nodes from `ring[start..end]` until it is empty or `next`
/// (level `r − 1`) holds `BATCH` children. Returns the nodes popped, the ring's new end and
/// the children written to `next[0..]`.
#[inline(always)]
fn expand(
    its: &[Interior],
    r: usize,
    ring: &mut [Node; SLOTS],
    start: usize,
    end: usize,
    next: &mut [Node; SLOTS],
) -> (usize, usize, usize) {
    let (mut h, mut t, mut w) = (start, end, 0usize);
    while h < t && w < BATCH {
        let [f, c, l, rd, id] = ring[h % SLOTS];
        h += 1;
        let it = &its[id as usize];
        // The node's row is free row `k` of its interior; the child's is `k + 1`, `shift[k]`
        // rows down.
        let k = it.depth - r;
        let (s, blocked) = (it.shift[k], it.blocked[k + 1]);
        let bit = f & f.wrapping_neg(); // the lowest free square (two's complement trick)
        let rest = f ^ bit; // the node's other free squares
        // Pushed back only if a square is left: the slot is written either way, the tail
        // moves by 0 or 1 (no branch).
        ring[t % SLOTS] = [rest, c, l, rd, id];
        t += usize::from(rest != 0);
        // The child: `ld` moves up `s` columns (bits past the window are masked by `inner`),
        // `rd` down (bits past column 0 of the window fall off the shift).
        let nc = c | bit;
        let nl = (l | bit) << s;
        let nr = (rd | bit) >> s;
        let nf = it.inner & !(nc | nl | nr | blocked);
        // Written either way, kept only if its row has a free square (the look-ahead).
        next[w % SLOTS] = [nf, nc, nl, nr, id];
        w += usize::from(nf != 0);
    }
    (h - start, t, w)
}

/// The batch at the last level searched (`R = 3`): pops every node of `ring[start..end]` (and
/// the ones pushed back), counting each placement's two remaining rows by [`last_two_rows`]
/// times its interior's weight. Returns the nodes popped, the ring's end and the weighted
/// completions.
#[inline(always)]
fn count_last_level(
    its: &[Interior],
    weights: &[u8],
    ring: &mut [Node; SLOTS],
    start: usize,
    end: usize,
) -> (usize, usize, u64) {
    let (mut h, mut t) = (start, end);
    let mut weighted = 0u64;
    while h < t {
        let [f, c, l, rd, id] = ring[h % SLOTS];
        h += 1;
        let it = &its[id as usize];
        let d = it.depth - 3;
        let s = it.shift[d];
        let bit = f & f.wrapping_neg(); // the lowest free square
        let rest = f ^ bit;
        ring[t % SLOTS] = [rest, c, l, rd, id]; // pushed back only if a square is left
        t += usize::from(rest != 0);
        let ways = last_two_rows(it, d + 1, c | bit, (l | bit) << s, (rd | bit) >> s);
        weighted += u64::from(weights[id as usize]) * ways;
    }
    (h - start, t, weighted)
}

/// The largest [`Interior::estimated_cost`] (a cheap bound on the tree's size from the
/// border queens' attacks) of an interior the vector kernels count with the scalar group
/// search (this module) rather than in their lanes. A vector search of a tree of a few hundred
/// nodes runs its steps with a handful of lanes busy, while the group search fills its
/// batches with many such trees at once (the coronal plan's interiors are mostly that small;
/// the bound's measurements are in `docs/performance.md`).
pub(crate) const SMALL_TREE: u64 = 100_000;

/// Whether the vector kernels count `it` with the scalar group search (see [`SMALL_TREE`]).
pub(crate) fn is_small_tree(it: &Interior) -> bool {
    it.estimated_cost() <= SMALL_TREE
}

/// Counts a group of interiors: the small ones ([`is_small_tree`]) together with the scalar
/// group search (this module), the others one by one with `count`: the group entry of the
/// vector kernels, which have no search of their own for groups.
pub(crate) fn count_large_one_by_one(
    count: fn(&Interior) -> InteriorCount,
    its: &[Interior],
    weights: &[u8],
) -> WeightedCount {
    assert_eq!(its.len(), weights.len(), "one weight per interior");
    let mut total = WeightedCount::default();
    let (mut small, mut small_weights) = (Vec::new(), Vec::new());
    for (it, &w) in its.iter().zip(weights) {
        if is_small_tree(it) {
            small.push(it.clone());
            small_weights.push(w);
        } else {
            let c = count(it);
            total.weighted += u64::from(w) * c.completions;
            total.nodes += c.nodes;
        }
    }
    let together = count_weighted(&small, &small_weights);
    total.weighted += together.weighted;
    total.nodes += together.nodes;
    total
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::geometry::constellation;
    use crate::search::kernel::reference_count;

    /// The border interiors of every constellation of size `n`, as a mixed group.
    fn group(n: usize) -> Vec<Interior> {
        constellation::orbits(n)
            .iter()
            .flatten()
            .map(|c| Interior::new(n, c))
            .collect()
    }

    #[test]
    fn a_group_counts_what_its_members_count_one_by_one() {
        for n in [1, 4, 7, 9, 11] {
            let its = group(n);
            // Weights 1..=8 in turn, so that a member counted under another's weight shows.
            let weights: Vec<u8> = (0..its.len()).map(|i| (i % 8) as u8 + 1).collect();
            let got = count_weighted(&its, &weights);
            let mut want = WeightedCount::default();
            for (it, &w) in its.iter().zip(&weights) {
                let c = reference_count(it);
                want.weighted += u64::from(w) * c.completions;
                want.nodes += c.nodes;
            }
            assert_eq!(got, want, "n={n}: {} interiors", its.len());
            // And in slices of every length up to a few, so that loading stops at all points.
            for len in [1, 2, 3, 300] {
                let mut sum = WeightedCount::default();
                for (its, w) in its.chunks(len).zip(weights.chunks(len)) {
                    let c = count_weighted(its, w);
                    sum.weighted += c.weighted;
                    sum.nodes += c.nodes;
                }
                assert_eq!(sum, want, "n={n} slices of {len}");
            }
        }
    }
}
