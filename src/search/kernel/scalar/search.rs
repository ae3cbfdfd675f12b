//! The scalar kernel's search ([`super`]'s "Method"): the levels' rings, the batches, and the
//! closed forms of the last rows. Every function here is inlined into each copy of the
//! kernel: the baseline one ([`super::count`]) and, on x86-64, the one compiled for the
//! bit-manipulation instructions (`super::super::x86_bmi`), which is why this leaf uses
//! neither.

use crate::plan::stop::Patrol;
use crate::search::kernel::rule::KernelRule;
use crate::search::kernel::{Interior, InteriorCount, MAX_DEPTH};

/// The most children a batch writes to the next level (the ring's most pending nodes).
/// Measured at n = 16: 256 is 12% faster than 64; 512 is no faster.
pub(super) const BATCH: usize = 256;

/// Slots of a level's ring: a power of two at least `BATCH`, so `i % SLOTS` is a mask
/// (measured at n = 16: 512 slots, twice the memory, are no faster).
pub(crate) const SLOTS: usize = 256;

/// Levels of a search: placements at level `depth − 3` are the last ones searched.
pub(crate) const LEVELS: usize = MAX_DEPTH - 2;

// A ring holds at most `BATCH` nodes, and `% SLOTS` must be a mask.
const _: () = assert!(BATCH <= SLOTS && SLOTS.is_power_of_two());

/// Whether the last level searched in `it` leaves three free rows (counted by
/// [`last_three_rows`](crate::search::kernel::rule::last_three_rows)) rather than two ([`last_two_rows`](crate::search::kernel::rule::last_two_rows)): when the interior is tight (as
/// many open columns as free rows, as every interior of a border constellation is, so that
/// its last three rows have exactly three open columns) and has four free rows or more.
/// Every kernel ends its search at the same level, so their node counts agree.
#[inline(always)]
pub(crate) fn ends_with_three_rows(it: &Interior) -> bool {
    it.depth >= 4 && (it.inner & !it.cols).count_ones() as usize == it.depth
}
/// The batched search of an interior of three free rows or more whose first row has a free
/// square, in `rings` (at least `LEVELS` of them; their contents are scratch), under the
/// rule `R` (nodes of `W` words: [`KernelRule`]). Inlined into each copy of the kernel
/// (baseline, and bit-manipulation instructions on x86-64).
///
/// `patrol` counts the batches between looks at the stop flag: when the unit is to give up,
/// the search returns at once with what it counted so far (which the unit's watch throws
/// away: [`crate::plan::stop::StopFlag::watch`]).
#[inline(always)]
pub(crate) fn search<R: KernelRule<W>, const W: usize>(
    it: &Interior,
    first: u32,
    rings: &mut [[[u32; W]; SLOTS]],
    patrol: &mut Patrol,
) -> InteriorCount {
    // Placements at level `last` leave three or two free rows, counted in closed form.
    let three = ends_with_three_rows(it);
    let last = it.depth - if three { 4 } else { 3 };
    // Level i's pending nodes are in the slots head[i]..tail[i] of rings[i], each index
    // taken modulo SLOTS.
    let mut head = [0usize; LEVELS];
    let mut tail = [0usize; LEVELS];
    let mut root = R::root(it.cols);
    root[0] = first;
    rings[0][0] = root;
    tail[0] = 1;
    // Bit i set: level i holds a node.
    let mut busy: u32 = 1;
    let mut total = InteriorCount::default();
    while busy != 0 {
        if patrol.stop() {
            break; // the unit gives up: partial counts, thrown away
        }
        // The deepest level holding a node: the highest set bit of `busy`.
        let d = 31 - busy.leading_zeros() as usize;
        let (upper, lower) = rings.split_at_mut(d + 1);
        let ring = &mut upper[d];
        let (start, end) = (head[d], tail[d]);
        let (popped, rest) = if d == last {
            let (popped, rest, completions, below) =
                count_last_level::<R, W>(it, d, ring, start, end, three);
            total.completions += completions;
            total.nodes += below;
            #[cfg(test)]
            COUNTED_NOT_PLACED.with(|c| c.set(c.get() + below));
            (popped, rest)
        } else {
            let (popped, rest, children, dropped) =
                expand::<R, W>(it, d, ring, start, end, &mut lower[0]);
            total.nodes += dropped;
            #[cfg(test)]
            COUNTED_NOT_PLACED.with(|c| c.set(c.get() + dropped));
            if children > 0 {
                head[d + 1] = 0;
                tail[d + 1] = children;
                busy |= 1 << (d + 1);
            }
            (popped, rest)
        };
        total.nodes += popped as u64;
        if start + popped == rest {
            // The level is empty: restart its ring at slot 0 for its next batch.
            head[d] = 0;
            tail[d] = 0;
            busy &= !(1 << d);
        } else {
            head[d] = start + popped;
            tail[d] = rest;
        }
    }
    total
}

/// Pops the node at `ring[h]` (moving `h` on) and takes its lowest free square: the node goes
/// back at `ring[t]` with its other free squares, and `t` moves on only if one is left (the
/// slot is written either way, and the tail moves by 0 or 1: no branch). Returns the square
/// and the node (its masks: word 0 is the free squares it had).
#[inline(always)]
fn pop_lowest<const W: usize>(
    ring: &mut [[u32; W]; SLOTS],
    h: &mut usize,
    t: &mut usize,
) -> (u32, [u32; W]) {
    let node = ring[*h % SLOTS];
    *h += 1;
    let f = node[0];
    let bit = f & f.wrapping_neg(); // the lowest free square (two's complement trick)
    let rest = f ^ bit; // the node's other free squares
    let mut back = node;
    back[0] = rest;
    ring[*t % SLOTS] = back;
    *t += usize::from(rest != 0);
    (bit, node)
}

/// One batch at level `d` (not the last searched): pops nodes from `ring[start..end]` until it
/// is empty or `next` holds `BATCH` children. Returns the nodes popped, the ring's new end,
/// the children written to `next[0..]`, and the nodes of the children the two-row
/// look-ahead dropped (the placements in their rows, which the search no longer makes but
/// counts, as a search without that look-ahead did).
#[inline(always)]
pub(super) fn expand<R: KernelRule<W>, const W: usize>(
    it: &Interior,
    d: usize,
    ring: &mut [[u32; W]; SLOTS],
    start: usize,
    end: usize,
    next: &mut [[u32; W]; SLOTS],
) -> (usize, usize, usize, u64) {
    let (inner, s, blocked) = (it.inner, it.shift[d], it.blocked[d + 1]);
    // The row after the child's (d is above the last level searched: it is not the last row).
    let (s2, blocked2) = (it.shift[d + 1], it.blocked[d + 2]);
    let k = R::step(s, s2);
    let (mut h, mut t, mut w) = (start, end, 0usize);
    let mut dropped = 0u64;
    while h < t && w < BATCH {
        let (bit, node) = pop_lowest(ring, &mut h, &mut t);
        // The child: its masks seen from its row, `s` rows down ([`KernelRule::child`]).
        let (mut child, near) = R::child(&k, s, &node, bit);
        let nf = inner & !(child[1] | child[2] | child[3] | near | blocked);
        // Two-row look-ahead: the free squares of the row after the child's, ignoring the
        // child's own queen (which only takes squares away). Where there are none, every
        // placement in the child's row ends there: the child is dropped, and those
        // placements (one per square of `nf`) are counted as nodes; `0 − 1` is all ones,
        // so `nf & dead` is `nf` for a dropped child and 0 otherwise (no branch).
        let g = inner & !(R::ahead(&k, s2, &child) | blocked2);
        let dead = 0u32.wrapping_sub(u32::from(g == 0));
        dropped += u64::from((nf & dead).count_ones());
        // Written either way, kept only if its row and the next have a free square.
        child[0] = nf;
        next[w % SLOTS] = child;
        w += usize::from((nf != 0) & (g != 0));
    }
    (h - start, t, w, dropped)
}

/// The batch at the last level searched, `d`: pops every node of `ring[start..end]` (and the
/// ones pushed back) and counts each placement's remaining rows: two by
/// [`KernelRule::last_two_rows`], or with `three` three by [`KernelRule::last_three_rows`].
/// Returns the nodes popped, the ring's end (equal to `start` plus those: it is empty), the
/// completions, and with `three` the nodes the search would have made in the first of the
/// three rows (one per free square of the child's row: the counted rows' nodes, so that the
/// node count does not depend on where the search ends).
#[inline(always)]
fn count_last_level<R: KernelRule<W>, const W: usize>(
    it: &Interior,
    d: usize,
    ring: &mut [[u32; W]; SLOTS],
    start: usize,
    end: usize,
    three: bool,
) -> (usize, usize, u64, u64) {
    let s = it.shift[d];
    let k = R::step(s, it.shift[d + 1]);
    let (mut h, mut t) = (start, end);
    let mut completions = 0u64;
    if three {
        let blocked = it.blocked[d + 1];
        let mut below = 0u64;
        while h < t {
            let (bit, node) = pop_lowest(ring, &mut h, &mut t);
            let (child, near) = R::child(&k, s, &node, bit);
            // The child's free squares: one node each in the search that goes one row
            // further.
            below += u64::from(
                (it.inner & !(child[1] | child[2] | child[3] | near | blocked)).count_ones(),
            );
            completions += R::last_three_rows(it, d + 1, &child, near);
        }
        return (h - start, t, completions, below);
    }
    while h < t {
        let (bit, node) = pop_lowest(ring, &mut h, &mut t);
        let (child, near) = R::child(&k, s, &node, bit);
        completions += R::last_two_rows(it, d + 1, &child, near);
    }
    (h - start, t, completions, 0)
}

#[cfg(test)]
thread_local! {
    /// Test builds only: the nodes this thread's searches counted by popcount without a
    /// step placing them (the three-row level's children's rows, the rows of the children
    /// the two-row look-ahead dropped), for the scalar kernel's `steps_per_node`.
    pub(crate) static COUNTED_NOT_PLACED: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
}
