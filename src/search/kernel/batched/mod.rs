//! The batched search of the vector kernels, written once over the lane operations of
//! [`Lanes`]: a level-synchronous depth-first search that works on up to `W = BLOCK × LANES`
//! nodes of one level at a time.
//!
//! # Method
//!
//! A node is four lane-wide words (five for the superqueens: the knight's word of
//! [`rule`], the search's type parameter, one instance per rule): the free squares of its row
//! and the `cols`, `ld`, `rd` masks of the interior queens, as wide as the interior (n
//! columns in the ring plans, n − 2 in the border plan: see [`super`]). 16-bit lanes hold
//! the masks of 16 columns or fewer, and, through the split search ([`split::count_split`]),
//! those of 17 or 18 columns wherever a node fits a window of 16 ([`super::frames`]); 32-bit
//! lanes hold any up to n = 32. Each level (free row) has a small buffer of pending nodes,
//! structure of arrays. One *step*
//! takes up to `W` nodes of one level, `LANES` at a time into the lanes of a vector, and in
//! every lane at once:
//!
//! - takes the lowest free square (`f & −f`) and clears it from the parent;
//! - builds the child's masks and its row's free squares; keeps the child only if that row
//!   still has a free square (look-ahead) and compress-stores the survivors into the next
//!   level's buffer;
//! - compress-stores the parents that still have free squares back into their own buffer.
//!
//! At the level whose placements leave three free rows (two, for an interior that is not
//! tight: see [`super::scalar::ends_with_three_rows`]), the children are not stored: the rows
//! left are counted in closed form ([`Lanes::three_rows`], [`Lanes::two_rows`]) and added
//! into per-lane counters. With three rows, the placements the search would have made in
//! the first of them (one per free square of the child's row) are added to the node count
//! by popcounts, so that the count stays that of a search one row deeper (the nodes every
//! kernel counts). Where [`Lanes::PACK_LAST_ROWS`] says so (AVX-512, AVX2),
//! only the children that may have a filling are counted, packed into full vectors first
//! (`Search::last_three`).
//!
//! The schedule always steps the deepest level holding at least `W` nodes; when none does, it
//! takes a partial batch from the shallowest non-empty level. A level then receives children
//! only while it holds fewer than `W` nodes, so no buffer ever holds more than `2W − 1` nodes
//! ([`CAP`] slots hold them and a vector stored past the last) and the buffers stay small: the
//! levels being stepped, the deepest ones, stay in the L1 cache.
//! Every node is processed exactly once and every placement is a lane of exactly one step, so
//! the completions and the node count equal the scalar kernel's.
//!
//! Parents go back into their own buffer while the step still reads it: the parents of the
//! `h`-th vector are written from slot `start + k`, `k ≤ h · LANES` parents kept so far, so a
//! store of at most `LANES` lanes ends before the first slot of vector `h + 1`, which is not
//! read yet.
//!
//! A step's results are stored, counted and reloaded by the next step of the same search; the
//! CPU overlaps those latencies across the independent vectors of a step and, where a kernel
//! runs several searches interleaved (the root's free squares dealt among them: AVX2 and NEON
//! two), across searches. AVX-512 runs one: its steps of 12 vectors are independent work
//! enough.

mod edges;
mod nodes;
pub(crate) mod rule;
pub(crate) mod split;

#[cfg(test)]
pub(crate) use split::edge_search_of;

use super::frames::{Frames, MAX_FRAMES};
use super::lanes::{CAP, Lanes, Narrowing};
use super::rule::Queen;
use super::{Interior, InteriorCount, MAX_DEPTH};
use crate::plan::stop::Patrol;
pub(crate) use nodes::Nodes;
use rule::{Knights, LaneRule};

/// Levels of a search: placements at level `depth − 3` are the last ones searched.
const LEVELS: usize = MAX_DEPTH - 2;

/// One level's pending nodes, structure of arrays. Aligned to a cache line, so that every
/// array starts on one (`CAP` lanes of 2 or 4 bytes are a multiple of 64 bytes) and a vector
/// load or store at a multiple of `LANES` never straddles two lines, whatever address the
/// thread's searches land at (without it the same kernel code's speed varied from build to
/// build).
#[derive(Clone, Copy)]
#[repr(C, align(64))]
struct Level<T> {
    free: [T; CAP],
    cols: [T; CAP],
    ld: [T; CAP],
    rd: [T; CAP],
}

impl<T: Copy> Level<T> {
    /// The `LANES` nodes from slot `at`, one word per vector.
    #[inline(always)]
    fn load<L: Lanes<Lane = T>>(&self, l: L, at: usize) -> Nodes<L::Vector> {
        Nodes {
            free: l.load(&self.free, at),
            cols: l.load(&self.cols, at),
            ld: l.load(&self.ld, at),
            rd: l.load(&self.rd, at),
        }
    }

    /// Writes the nodes of `keep`'s lanes, in order, from slot `at`; returns how many.
    #[inline(always)]
    fn compress_store<L: Lanes<Lane = T>>(
        &mut self,
        l: L,
        keep: L::Mask,
        nodes: Nodes<L::Vector>,
        at: usize,
    ) -> usize {
        let p = l.packing(keep);
        self.store_packed(l, p, nodes, at);
        l.count(keep)
    }

    /// Writes the nodes of the lanes `p` packs, in order, from slot `at`.
    #[inline(always)]
    fn store_packed<L: Lanes<Lane = T>>(
        &mut self,
        l: L,
        p: L::Packing,
        nodes: Nodes<L::Vector>,
        at: usize,
    ) {
        l.compress_store(p, nodes.free, &mut self.free, at);
        l.compress_store(p, nodes.cols, &mut self.cols, at);
        l.compress_store(p, nodes.ld, &mut self.ld, at);
        l.compress_store(p, nodes.rd, &mut self.rd, at);
    }
}

/// Writes the nodes of `keep`'s lanes and their knight's words `kn` (the rule's: none for
/// queens) to level `j` (`level`, and `knights[j]`) from slot `at`; returns how many.
#[allow(clippy::too_many_arguments)] // the level's two parts, and the nodes' two
#[inline(always)]
fn keep_nodes<R: LaneRule, L: Lanes>(
    l: L,
    level: &mut Level<L::Lane>,
    knights: &mut [Knights<L::Lane>],
    j: usize,
    keep: L::Mask,
    nodes: Nodes<L::Vector>,
    kn: L::Vector,
    at: usize,
) -> usize {
    let p = l.packing(keep);
    level.store_packed(l, p, nodes, at);
    R::store_kn(l, p, kn, knights, j, at);
    l.count(keep)
}

/// One batched search: the pending nodes of each level and the counts so far. Kept per thread
/// by the kernels and reused from unit to unit (allocating and clearing it per unit showed in
/// profiles); [`count`] resets what it reads.
pub(crate) struct Search<L: Lanes> {
    /// On the heap: with room for AVX-512's 384-node steps the levels take about 190 KiB
    /// (16-bit lanes) or 380 KiB (32-bit), and a split search holds the kernel's wide
    /// searches and one per window, more than a thread's stack could take while they are
    /// built.
    levels: Box<[Level<L::Lane>; LEVELS]>,
    /// The knight's words of each level's nodes, for the rules whose nodes have one
    /// ([`LaneRule::KNIGHT`]); empty for the others.
    knights: Box<[Knights<L::Lane>]>,
    /// Children of the [`Search::last_three`] steps left to count (fewer than `LANES`
    /// between steps), and how many.
    tail: Box<Tail<L::Lane>>,
    tail_count: usize,
    count: [usize; LEVELS],
    /// Bit i set: level i holds at least `W` nodes.
    full: u32,
    /// Bit i set: level i holds at least one node.
    busy: u32,
    /// Per-lane completions not yet flushed into `completions`.
    acc: L::Vector,
    /// Per-lane nodes of the rows counted by [`Lanes::three_rows`] (the placements the
    /// search would have made there), not yet flushed into `nodes`; flushed with `acc`.
    acc_nodes: L::Vector,
    /// Additions into `acc` since it was last flushed.
    acc_adds: u32,
    completions: u64,
    nodes: u64,
    /// The steps until the next look at the stop flag ([`STEPS_BETWEEN_LOOKS`]): counted
    /// across the units a thread runs, so that many small interiors look as often as one
    /// large one.
    patrol: Patrol,
}

/// The steps of one search between two looks at the stop flag: at most `W` nodes a step
/// (192 or 384), so about 10^6 nodes, a millisecond or two, between looks, and a look (a
/// thread-local read and an atomic load) costs a millionth of that. Every search of a
/// thread (the interleaved ones, a split search's narrow ones) counts its own steps, so a
/// stop ends a count within that many steps of each.
const STEPS_BETWEEN_LOOKS: u32 = 4096;

impl<L: Lanes> Search<L> {
    /// An empty search of queens.
    #[inline(always)]
    pub(crate) fn new(lanes: L) -> Search<L> {
        Search::with_rule::<Queen>(lanes)
    }

    /// An empty search of the rule `R`'s pieces.
    #[inline(always)]
    pub(crate) fn with_rule<R: LaneRule>(lanes: L) -> Search<L> {
        let empty = Level {
            free: [L::Lane::default(); CAP],
            cols: [L::Lane::default(); CAP],
            ld: [L::Lane::default(); CAP],
            rd: [L::Lane::default(); CAP],
        };
        Search {
            levels: vec![empty; LEVELS]
                .into_boxed_slice()
                .try_into()
                .ok()
                .expect("a vector of LEVELS levels"),
            knights: vec![Knights([L::Lane::default(); CAP]); if R::KNIGHT { LEVELS } else { 0 }]
                .into_boxed_slice(),
            tail: Box::new(Tail {
                a: [L::Lane::default(); CAP],
                b: [L::Lane::default(); CAP],
                c: [L::Lane::default(); CAP],
            }),
            tail_count: 0,
            count: [0; LEVELS],
            full: 0,
            busy: 0,
            acc: lanes.zero(),
            acc_nodes: lanes.zero(),
            acc_adds: 0,
            completions: 0,
            nodes: 0,
            patrol: Patrol::every(STEPS_BETWEEN_LOOKS),
        }
    }

    /// Nodes per step.
    const W: usize = L::BLOCK * L::LANES;

    /// Empties the search (buffer contents are left: only slots below a count are read).
    #[inline(always)]
    fn reset(&mut self, lanes: L) {
        self.count = [0; LEVELS];
        self.tail_count = 0;
        self.full = 0;
        self.busy = 0;
        self.acc = lanes.zero();
        self.acc_nodes = lanes.zero();
        self.acc_adds = 0;
        self.completions = 0;
        self.nodes = 0;
    }

    /// Adds a node of level 0 whose only free square is `bit` (level 0 holds at most 30:
    /// see [`Search::start`]).
    #[inline(always)]
    fn push_root(&mut self, bit: L::Lane, cols: L::Lane) {
        let zero = L::Lane::default();
        let at = self.count[0];
        let level = &mut self.levels[0];
        level.free[at] = bit;
        level.cols[at] = cols;
        level.ld[at] = zero;
        level.rd[at] = zero;
        self.count[0] = at + 1;
        self.mark(0);
    }

    /// Resets `searches` and deals the root's free squares of `it` to them round-robin, one
    /// level-0 node per square (at most 30 squares: at most 30 nodes in a search, within a
    /// buffer).
    #[inline(always)]
    fn start<R: LaneRule, const E: usize>(l: L, searches: &mut [Search<L>; E], it: &Interior) {
        for s in searches.iter_mut() {
            s.reset(l);
        }
        let mut rest = it.inner & !(it.cols | it.blocked[0]);
        let mut e = 0;
        while rest != 0 {
            let bit = rest & rest.wrapping_neg(); // lowest free square
            rest ^= bit;
            let search = &mut searches[e];
            R::root_kn(&mut search.knights, search.count[0]);
            search.push_root(lane(bit), lane(it.cols));
            e = (e + 1) % E;
        }
    }

    /// What the search found: its completions and nodes, the per-lane ones included. The
    /// search must have ended ([`Search::step`] returned `false`).
    #[inline(always)]
    fn found(&self, l: L) -> InteriorCount {
        debug_assert_eq!(self.tail_count, 0, "a search read before its end");
        InteriorCount {
            completions: self.completions + l.sum(self.acc),
            nodes: self.nodes + l.sum(self.acc_nodes),
        }
    }

    /// Moves the per-lane counts into `completions` and `nodes`.
    #[inline(always)]
    fn flush(&mut self, l: L) {
        self.completions += l.sum(self.acc);
        self.nodes += l.sum(self.acc_nodes);
        self.acc = l.zero();
        self.acc_nodes = l.zero();
        self.acc_adds = 0;
    }

    /// Counts a step's `BLOCK` additions (at most one a vector, each within
    /// [`Lanes::ADDS_BEFORE_FLUSH`]'s bound) into the per-lane counts, and flushes those now
    /// unless as many more still fit before the bound.
    #[inline(always)]
    fn added_a_block(&mut self, l: L) {
        self.acc_adds += L::BLOCK as u32;
        if self.acc_adds + L::BLOCK as u32 > L::ADDS_BEFORE_FLUSH {
            self.flush(l);
        }
    }

    /// Updates the `full` and `busy` bits of level `j` from its count.
    #[inline(always)]
    fn mark(&mut self, j: usize) {
        self.full = (self.full & !(1 << j)) | (u32::from(self.count[j] >= Self::W) << j);
        self.busy = (self.busy & !(1 << j)) | (u32::from(self.count[j] > 0) << j);
    }

    /// Drops every pending node: the search is over, with the counts it has (partial: the
    /// unit gave up on a stop, [`crate::plan::stop`], and its counts are thrown away).
    #[cold]
    fn give_up(&mut self) {
        self.count = [0; LEVELS];
        self.tail_count = 0;
        self.full = 0;
        self.busy = 0;
    }

    /// One step of up to `W` nodes; `false` when there was nothing left to do, or when the
    /// unit gives up on a stop (then every pending node is dropped: see [`Search::give_up`]).
    /// With `three`, the interior is tight (as many open columns as free rows) and the last
    /// level searched leaves three free rows, counted by [`Lanes::three_rows`]; else it leaves
    /// two, counted by [`Lanes::two_rows`].
    ///
    /// With `divert`, the children that fit a frame of the interior (see [`Diverted`]) go to
    /// its buffer instead of the next level.
    #[inline(always)]
    fn step<R: LaneRule>(
        &mut self,
        l: L,
        it: &Interior,
        three: bool,
        mut divert: Option<&mut Diverted<L>>,
    ) -> bool {
        // Every few thousand steps, a look at the stop flag.
        if self.patrol.stop() {
            self.give_up();
            return false;
        }
        // Placements at level `last` leave two or three free rows, counted in closed form.
        let last = it.depth - if three { 4 } else { 3 };
        let i = if self.full != 0 {
            31 - self.full.leading_zeros() as usize // the deepest full level
        } else if self.busy != 0 {
            self.busy.trailing_zeros() as usize // else the shallowest with a node
        } else if self.tail_count > 0 {
            // The end, with children still waiting in the tail: a step of no nodes at the
            // last level counts them (one call of the three-row count, which unoptimized
            // builds would otherwise inline twice, each copy with its own stack slots).
            last
        } else {
            return false;
        };
        let m = self.count[i].min(Self::W);
        let start = self.count[i] - m;
        self.nodes += m as u64;
        if i == last && three {
            self.last_three::<R>(l, it, i, m, start);
            return m > 0;
        }
        let inner = l.splat(it.inner);
        let s = it.shift[i];
        let blocked = l.splat(it.blocked[i + 1]);
        let (upper, lower) = self.levels.split_at_mut(i + 1);
        let level = &mut upper[i];
        let knights = &mut *self.knights;
        // Parents kept so far, written back from `start`.
        let mut kept = start;
        if i == last {
            let s2 = it.shift[i + 1];
            let blocked2 = l.splat(it.blocked[i + 2]);
            let mut acc = self.acc;
            for h in 0..L::BLOCK {
                let mh = m.saturating_sub(h * L::LANES).min(L::LANES);
                if mh == 0 {
                    break;
                }
                let at = start + h * L::LANES;
                let (parent, kn) = (level.load(l, at), R::load_kn(l, knights, i, at));
                let (rest, child, child_kn) = R::place(l, parent, kn, s, blocked, inner);
                // Free squares of the row after the child's, ignoring the child's own queen.
                let g = R::free_below(l, &child, child_kn, s2, blocked2, inner);
                // Only the batch's lanes count.
                acc = l.add_first(acc, mh, R::two_rows(l, child.free, g, s2));
                self.acc_adds += 1;
                if self.acc_adds >= L::ADDS_BEFORE_FLUSH {
                    self.completions += l.sum(acc);
                    acc = l.zero();
                    self.acc_adds = 0;
                }
                let (back, _) = l.nonzero_pair(l.first(mh), rest.free, rest.free);
                kept += keep_nodes::<R, L>(l, level, knights, i, back, rest, kn, kept);
            }
            self.acc = acc;
        } else {
            let next = &mut lower[0];
            let mut born = self.count[i + 1];
            // The row after the child's (i < last: it is not the interior's last row).
            let s2 = it.shift[i + 1];
            let blocked2 = l.splat(it.blocked[i + 2]);
            let mut acc_nodes = self.acc_nodes;
            for h in 0..L::BLOCK {
                let mh = m.saturating_sub(h * L::LANES).min(L::LANES);
                if mh == 0 {
                    break;
                }
                let at = start + h * L::LANES;
                let (parent, kn) = (level.load(l, at), R::load_kn(l, knights, i, at));
                let (rest, child, child_kn) = R::place(l, parent, kn, s, blocked, inner);
                // Two-row look-ahead: the free squares of the row after the child's,
                // ignoring the child's own queen (which only takes squares away). Where
                // there are none, every placement in the child's row ends there: the child
                // is dropped, and those placements, one per free square of its row, are
                // counted as nodes all the same (a popcount), as the search that made them
                // counted them. A rule may know more placements that end there (the
                // superqueens': those whose piece takes every square left below,
                // [`LaneRule::dead_squares`]); they are counted and dropped alike.
                let g = R::free_below(l, &child, child_kn, s2, blocked2, inner);
                let dead = R::dead_squares(l, g, s2);
                acc_nodes = l.add_first(acc_nodes, mh, l.popcount(l.and(dead, child.free)));
                let live = Nodes {
                    free: l.andnot(dead, child.free),
                    ..child
                };
                // Keep the children whose two rows have free squares, and the parents with
                // squares left.
                if let Some(d) = divert.as_deref_mut() {
                    // All ones in the lanes whose child fits a frame: those live children
                    // go to the diverted buffer, the others to the next level.
                    let fits = d.fits(l, &live);
                    let (keep, moved) = l.nonzero_pair(
                        l.first(mh),
                        l.andnot(fits, live.free),
                        l.and(fits, live.free),
                    );
                    // (The diverted children lose the knight's word: only the queens have
                    // a split search.)
                    let (back, _) = l.nonzero_pair(l.first(mh), rest.free, rest.free);
                    born += keep_nodes::<R, L>(l, next, knights, i + 1, keep, live, child_kn, born);
                    d.count += d.nodes.compress_store(l, moved, live, d.count);
                    kept += keep_nodes::<R, L>(l, level, knights, i, back, rest, kn, kept);
                } else {
                    let (keep, back) = l.nonzero_pair(l.first(mh), live.free, rest.free);
                    born += keep_nodes::<R, L>(l, next, knights, i + 1, keep, live, child_kn, born);
                    kept += keep_nodes::<R, L>(l, level, knights, i, back, rest, kn, kept);
                }
            }
            // At most BLOCK additions into `acc_nodes` of at most a lane's bits each.
            self.acc_nodes = acc_nodes;
            self.added_a_block(l);
            self.count[i + 1] = born;
            self.mark(i + 1);
            if let Some(d) = divert {
                d.level = i + 1;
            }
        }
        self.count[i] = kept;
        self.mark(i);
        true
    }

    /// The step at the last level searched, `i`, of a tight interior: `m` nodes from slot
    /// `start`. Each placement's child (its row `i + 1` with free squares `a`) is not stored:
    /// its three rows are counted by [`Lanes::three_rows`], and the nodes the search would
    /// have made in row `i + 1`, one per square of `a` (zero where `a` is empty: the
    /// look-ahead would have dropped the child), are added to the node count, which so stays
    /// that of the scalar kernel.
    ///
    /// Most children have no filling (at n = 18 and 21, 7% of them have one), and the
    /// three-row count is the step's dearest part. With [`Lanes::PACK_LAST_ROWS`] it runs
    /// only on the children that pass a cheap test, packed into full vectors ([`Tail`]):
    /// each of the three rows has a free square and together they cover the three open
    /// columns. A child that fails it has no filling (a row with no square, or an open
    /// column no row can take); 16% to 18% pass. The full vectors of them are counted at the
    /// end of the step, the rest carried to the next; a step of no nodes (`m = 0`, the
    /// search's end) counts the rest.
    #[inline(always)]
    fn last_three<R: LaneRule>(&mut self, l: L, it: &Interior, i: usize, m: usize, start: usize) {
        let inner = l.splat(it.inner);
        let s = it.shift[i];
        let blocked = l.splat(it.blocked[i + 1]);
        // Rows i + 2 and i + 3: `s2` and `s2 + s3` rows below the child's.
        let (s2, s3) = (it.shift[i + 1], it.shift[i + 2]);
        let s23 = s2 + s3;
        let blocked2 = l.splat(it.blocked[i + 2]);
        let blocked3 = l.splat(it.blocked[i + 3]);
        let level = &mut self.levels[i];
        let knights = &mut *self.knights;
        let tail = &mut *self.tail;
        let mut kept = start;
        // Children that passed, the ones carried from earlier steps first.
        let mut passed = self.tail_count;
        let (mut acc, mut acc_nodes) = (self.acc, self.acc_nodes);
        for h in 0..L::BLOCK {
            let mh = m.saturating_sub(h * L::LANES).min(L::LANES);
            if mh == 0 {
                break;
            }
            let at = start + h * L::LANES;
            let (parent, kn) = (level.load(l, at), R::load_kn(l, knights, i, at));
            let (rest, child, child_kn) = R::place(l, parent, kn, s, blocked, inner);
            // The three open columns, and the free squares of the two rows below the child's
            // ignoring the queens of the rows between: the diagonals moved by the rows apart.
            let open = l.andnot(child.cols, inner);
            let a = child.free;
            let b = R::free_below(l, &child, child_kn, s2, blocked2, inner);
            let c = R::free_below(l, &child, child_kn, s23, blocked3, inner);
            acc_nodes = l.add_first(acc_nodes, mh, l.popcount(a));
            if L::PACK_LAST_ROWS {
                // All ones where the child may have a filling: no row empty, no open column
                // outside the three rows' free squares (`a | b | c == open`).
                let empty = l.or(l.zeros(a), l.or(l.zeros(b), l.zeros(c)));
                let uncovered = l.xor(open, l.or(a, l.or(b, c)));
                let may = l.zeros(l.or(empty, uncovered));
                let (pass, _) = l.nonzero_pair(l.first(mh), may, may);
                let p = l.packing(pass);
                l.compress_store(p, a, &mut tail.a, passed);
                l.compress_store(p, b, &mut tail.b, passed);
                l.compress_store(p, c, &mut tail.c, passed);
                passed += l.count(pass);
            } else {
                // Only the batch's lanes count.
                acc = l.add_first(acc, mh, l.three_rows::<R>(open, a, b, c, s2, s3));
            }
            // At most one addition into each of `acc` and `acc_nodes` so far this vector.
            self.acc_adds += 1;
            if self.acc_adds >= L::ADDS_BEFORE_FLUSH {
                self.completions += l.sum(acc);
                self.nodes += l.sum(acc_nodes);
                acc = l.zero();
                acc_nodes = l.zero();
                self.acc_adds = 0;
            }
            let (back, _) = l.nonzero_pair(l.first(mh), rest.free, rest.free);
            kept += keep_nodes::<R, L>(l, level, knights, i, back, rest, kn, kept);
        }
        self.acc = acc;
        self.acc_nodes = acc_nodes;
        self.count[i] = kept;
        self.mark(i);
        // The full vectors of children that passed are counted now; the rest wait at the
        // front of the tail for the next step's, or, at the search's end (a step of no
        // nodes), are counted too.
        let full = if m == 0 {
            passed
        } else {
            passed - passed % L::LANES
        };
        for v in (0..full).step_by(L::LANES) {
            self.count_tail_vector::<R>(l, v, (full - v).min(L::LANES), s2, s3);
        }
        if full > 0 && passed > full {
            let tail = &mut *self.tail;
            for row in [&mut tail.a, &mut tail.b, &mut tail.c] {
                let rest = l.load(row, full);
                l.compress_store(l.packing(l.first(L::LANES)), rest, row, 0);
            }
        }
        self.tail_count = passed - full;
    }

    /// Counts the fillings of the `m` children in the tail from slot `v` (their rows `s2`
    /// and `s3` apart) into the per-lane counts: their open columns are the union of their
    /// rows' free squares (the test that put them there).
    #[inline(always)]
    fn count_tail_vector<R: LaneRule>(&mut self, l: L, v: usize, m: usize, s2: u32, s3: u32) {
        let tail = &*self.tail;
        let (a, b, c) = (l.load(&tail.a, v), l.load(&tail.b, v), l.load(&tail.c, v));
        let open = l.or(a, l.or(b, c));
        self.acc = l.add_first(self.acc, m, l.three_rows::<R>(open, a, b, c, s2, s3));
        self.acc_adds += 1;
        if self.acc_adds >= L::ADDS_BEFORE_FLUSH {
            self.flush(l);
        }
    }
}

/// The children of the [`Search::last_three`] steps that may have a filling and are not
/// counted yet: the free squares of their three rows, structure of arrays (fewer than `LANES`
/// carried from earlier steps, up to `W` from this one, and a vector stored past the last:
/// within [`CAP`]).
#[repr(C, align(64))]
struct Tail<T> {
    a: [T; CAP],
    b: [T; CAP],
    c: [T; CAP],
}

/// Counts `it` with the `E` interleaved `searches` (their state is scratch), exactly as
/// [`super::scalar::count`] does: same completions, same nodes, under the rule `R` (the
/// searches made for it: [`Search::with_rule`]). The interior's masks must fit a lane
/// (`inner ≤ L::MAX_MASK`) and it must have at least four free rows.
#[inline(always)]
pub(crate) fn count<L: Lanes, R: LaneRule, const E: usize>(
    l: L,
    it: &Interior,
    searches: &mut [Search<L>; E],
) -> InteriorCount {
    const {
        // A level holds at most 2W − 1 nodes, and a store may write LANES lanes past them.
        assert!(2 * L::BLOCK * L::LANES + L::LANES <= CAP);
        assert!(E >= 1);
    }
    assert!(it.inner <= L::MAX_MASK && it.depth >= 4 && it.depth <= MAX_DEPTH);
    Search::start::<R, E>(l, searches, it);
    // A tight interior (as many open columns as free rows: every interior of a border
    // constellation) has exactly three open columns left for its last three rows, which
    // [`Lanes::three_rows`] counts; the others (made up by tests) end a row deeper. The
    // scalar kernel decides alike, so that the nodes agree.
    let three = super::scalar::ends_with_three_rows(it);
    // Step the searches in turn: their dependency chains (compress, store, count, load) are
    // independent, so the CPU overlaps them.
    loop {
        let mut more = false;
        for s in searches.iter_mut() {
            more |= s.step::<R>(l, it, three, None);
        }
        if !more {
            break;
        }
    }
    total(searches.iter().map(|s| s.found(l)))
}

/// The sum of what searches found.
#[inline(always)]
fn total(found: impl Iterator<Item = InteriorCount>) -> InteriorCount {
    found.fold(InteriorCount::default(), |t, f| InteriorCount {
        completions: t.completions + f.completions,
        nodes: t.nodes + f.nodes,
    })
}

/// The children of one step of the wide search that fit a frame (see [`super::frames`]):
/// they leave the wide search for the narrow one of their frame.
pub(crate) struct Diverted<L: Lanes> {
    /// The children, from slot 0 (at most `W` of them, one step's).
    nodes: Level<L::Lane>,
    /// How many.
    count: usize,
    /// Their level (depth).
    level: usize,
    /// Each frame's [`Frame::test_masks`](super::frames::Frame::test_masks), in every lane.
    tests: [[L::Vector; 3]; MAX_FRAMES],
    /// The interior's columns, in every lane (for [`Diverted::fits`]).
    inner: L::Vector,
}

impl<L: Lanes> Diverted<L> {
    /// An empty buffer.
    #[inline(always)]
    pub(crate) fn new(l: L) -> Diverted<L> {
        let zero = L::Lane::default();
        Diverted {
            nodes: Level {
                free: [zero; CAP],
                cols: [zero; CAP],
                ld: [zero; CAP],
                rd: [zero; CAP],
            },
            count: 0,
            level: 0,
            tests: [[l.zero(); 3]; MAX_FRAMES],
            inner: l.zero(),
        }
    }

    /// Empties the buffer and takes the frames' tests.
    #[inline(always)]
    fn reset(&mut self, l: L, frames: &Frames) {
        self.count = 0;
        self.inner = l.splat(frames.interior().inner);
        for k in 0..frames.count() {
            self.tests[k] = frames.frame(k).test_masks().map(|m| l.splat(m));
        }
    }

    /// All ones in the lanes whose node fits frame `k` ([`Frame::fits`] in every lane), zero
    /// elsewhere.
    ///
    /// [`Frame::fits`]: super::frames::Frame::fits
    #[inline(always)]
    fn fits_frame(&self, l: L, k: usize, nodes: &Nodes<L::Vector>) -> L::Vector {
        let [outside, below, above] = self.tests[k];
        // `outside & !cols | ld & below | rd & above`: zero exactly where the node fits.
        let bad = l.or(
            l.andnot(nodes.cols, outside),
            l.or(l.and(nodes.ld, below), l.and(nodes.rd, above)),
        );
        l.zeros(bad)
    }

    /// All ones in the lanes whose node fits some frame, zero elsewhere: the span test of
    /// `Frames::fits_some` (the tests' version) in every lane, one test for all the windows
    /// instead of one per frame.
    #[inline(always)]
    fn fits(&self, l: L, nodes: &Nodes<L::Vector>) -> L::Vector {
        // `high`: the open columns and `rd` attacks, moved down by a window's 16 columns;
        // `y`: the open columns and `ld` attacks.
        let open = l.andnot(nodes.cols, self.inner);
        let high = l.shr(l.or(open, nodes.rd), 16);
        let y = l.or(open, nodes.ld);
        // `y | −y`: all ones from y's lowest bit up (−y flips every bit above it). The node
        // fits where `high` has no bit there, that is `high < y & −y`.
        l.zeros(l.and(high, l.or(y, l.sub(l.zero(), y))))
    }
}

/// The state of [`split::count_split`], kept per thread by the kernels as [`Search`] is.
pub(crate) struct SplitSearches<WL: Lanes, NL: Lanes, const E: usize> {
    /// The wide searches: every node that does not fit a frame.
    wide: [Search<WL>; E],
    /// The narrow search of each frame (one each: more searches in flight than [`count`]'s
    /// would not stay in L1).
    narrow: [Search<NL>; MAX_FRAMES],
    /// One wide step's children that fit a frame.
    diverted: Diverted<WL>,
    /// The wide search of 17 columns in 16-bit lanes ([`edges`]).
    packed: Search<NL>,
}

impl<WL: Lanes, NL: Lanes, const E: usize> SplitSearches<WL, NL, E> {
    /// Empty searches.
    #[inline(always)]
    pub(crate) fn new(wide: WL, narrow: NL) -> Self {
        SplitSearches {
            wide: std::array::from_fn(|_| Search::new(wide)),
            narrow: std::array::from_fn(|_| Search::new(narrow)),
            diverted: Diverted::new(wide),
            packed: Search::new(narrow),
        }
    }
}

/// Moves the diverted children into their frames' searches: first a frame's search whose
/// level `j` (theirs) is full steps until no level is, then the children are narrowed and
/// added to their frames' searches a vector at a time, in the lanes: each child goes to the
/// first frame it fits (as [`Frames::first_fit`] decides), its words shifted right by that
/// frame's dropped columns and their low 16 bits compress-stored into the frame's level
/// (`Frame::narrow`, the tests' version, in every lane). A level so holds fewer than `W`
/// nodes before and, as one wide step diverts at most as many nodes as a narrow
/// step takes, at most `2W − 1` after.
#[inline(always)]
fn hand_over<WL: Narrowing, NL: Lanes<Lane = u16>>(
    wl: WL,
    nl: NL,
    frames: &Frames,
    three: bool,
    diverted: &Diverted<WL>,
    narrow: &mut [Search<NL>],
) {
    const {
        assert!(WL::BLOCK * WL::LANES <= NL::BLOCK * NL::LANES);
    }
    let j = diverted.level;
    for (f, n) in narrow.iter_mut().enumerate() {
        // Each step takes a full batch from the deepest full level.
        while n.count[j] >= Search::<NL>::W && n.full != 0 {
            n.step::<Queen>(nl, &frames.frame(f).interior, three, None);
        }
    }
    for v in (0..diverted.count).step_by(WL::LANES) {
        let children = diverted.nodes.load(wl, v);
        let lanes = wl.first((diverted.count - v).min(WL::LANES));
        // All ones in the lanes already sent to an earlier frame.
        let mut sent = wl.zero();
        for (f, n) in narrow.iter_mut().enumerate() {
            let fits = wl.andnot(sent, diverted.fits_frame(wl, f, &children));
            sent = wl.or(sent, fits);
            let (m, _) = wl.nonzero_pair(lanes, fits, fits);
            let p = wl.packing16(m);
            let s = frames.frame(f).drop_low();
            let at = n.count[j];
            let level = &mut n.levels[j];
            wl.compress_store_low16(p, wl.shr(children.free, s), &mut level.free, at);
            wl.compress_store_low16(p, wl.shr(children.cols, s), &mut level.cols, at);
            wl.compress_store_low16(p, wl.shr(children.ld, s), &mut level.ld, at);
            wl.compress_store_low16(p, wl.shr(children.rd, s), &mut level.rd, at);
            n.count[j] = at + wl.count(m);
        }
    }
    for n in narrow.iter_mut() {
        n.mark(j);
    }
}

/// `x` as a lane: the callers checked that the masks fit.
#[inline(always)]
fn lane<T: TryFrom<u32>>(x: u32) -> T {
    T::try_from(x)
        .ok()
        .expect("the interior's masks fit a lane")
}

/// Defines, in a kernel's file, the entry of the batched search for one lane type and one
/// rule ([`rule::LaneRule`]): a function `fn NAME(lanes, it) -> InteriorCount` that runs
/// [`count`] compiled with the kernel's target features, on this thread's searches (kept
/// from unit to unit: allocating and clearing them per unit showed in profiles). The
/// features must be those the lane type's values prove: [`vector_kernel`] passes the list
/// its `detect` checks.
macro_rules! batched_entry {
    (
        $(#[$doc:meta])*
        $vis:vis fn $name:ident($lanes:ty), rule: $rule:ty, searches: $searches:expr,
        features: [$($feature:tt),+]
    ) => {
        $(#[$doc])*
        $vis fn $name(
            lanes: $lanes,
            it: &$crate::search::kernel::Interior,
        ) -> $crate::search::kernel::InteriorCount {
            use $crate::search::kernel::batched::{self, Search};
            use $crate::search::kernel::{Interior, InteriorCount};
            type Searches = [Search<$lanes>; $searches];
            thread_local! {
                static PER_THREAD: std::cell::RefCell<Option<Box<Searches>>> =
                    const { std::cell::RefCell::new(None) };
            }
            $(#[target_feature(enable = $feature)])+
            fn run(lanes: $lanes, it: &Interior, searches: &mut Searches) -> InteriorCount {
                batched::count::<_, $rule, _>(lanes, it, searches)
            }
            PER_THREAD.with_borrow_mut(|s| {
                let s = s.get_or_insert_with(|| {
                    Box::new(std::array::from_fn(|_| Search::with_rule::<$rule>(lanes)))
                });
                // SAFETY: a value of the lane type exists only where the features it needs,
                // the ones `run` is compiled for, were detected.
                unsafe { run(lanes, it, s) }
            })
        }
    };
}
pub(crate) use batched_entry;

/// Defines, in a kernel's file, the entry of the split search ([`split::count_split`]) for one pair
/// of lane types: a function `fn NAME(wide, narrow, frames) -> InteriorCount` compiled
/// with the kernel's target features, on this thread's searches (kept from unit to unit). The
/// features must be those both lane types' values prove.
macro_rules! split_entry {
    (
        $(#[$doc:meta])*
        $vis:vis fn $name:ident($wide:ty, $narrow:ty), searches: $searches:expr,
        features: [$($feature:tt),+]
    ) => {
        $(#[$doc])*
        $vis fn $name(
            wide: $wide,
            narrow: $narrow,
            frames: &$crate::search::kernel::frames::Frames,
        ) -> $crate::search::kernel::InteriorCount {
            use $crate::search::kernel::batched::{self, SplitSearches};
            use $crate::search::kernel::frames::Frames;
            use $crate::search::kernel::InteriorCount;
            type Searches = SplitSearches<$wide, $narrow, { $searches }>;
            thread_local! {
                static PER_THREAD: std::cell::RefCell<Option<Box<Searches>>> =
                    const { std::cell::RefCell::new(None) };
            }
            $(#[target_feature(enable = $feature)])+
            fn run(
                wide: $wide,
                narrow: $narrow,
                frames: &Frames,
                searches: &mut Searches,
            ) -> InteriorCount {
                batched::split::count_split(wide, narrow, frames, searches)
            }
            PER_THREAD.with_borrow_mut(|s| {
                let s = s.get_or_insert_with(|| Box::new(SplitSearches::new(wide, narrow)));
                // SAFETY: values of the lane types exist only where the features they need,
                // the ones `run` is compiled for, were detected.
                unsafe { run(wide, narrow, frames, s) }
            })
        }
    };
}
pub(crate) use split_entry;

/// Defines, in a vector kernel's file, everything but its lane operations, from ONE list of
/// CPU features per lane type: the registry's `INFO` (whose `needs` text is the wide lanes'
/// list), each lane type's `detect()` (a run-time check of every feature of its list), and the
/// entry points `available`, `count` and `count_wide`, whose searches are
/// compiled with `#[target_feature]` from the same lists. So the check that makes a lane value
/// (the proof that the intrinsics may run) and the features the code is compiled for cannot
/// disagree.
///
/// The wide lanes (32 bits, every n) decide whether the kernel runs at all; the narrow lanes
/// (16 bits) are used where their features are there too (their list may be longer, as
/// AVX-512's is), else the wide search counts every interior. The lane types are `imp::NAME`,
/// with a field `_proof: ()` visible in the kernel's file, and `imp::SEARCHES` the number of
/// interleaved searches.
macro_rules! vector_kernel {
    (
        kernel: $variant:ident,
        arch: $arch:tt,
        detected: $detected:ident,
        instruction_set: $set:literal,
        summary: $summary:expr,
        wide: $wide:ident [$first:tt $(, $wf:tt)*],
        narrow: $narrow:ident [$($nf:tt),+] $(,)?
    ) => {
        /// The registry's entry of this kernel.
        pub(crate) const INFO: $crate::search::kernel::KernelInfo =
            $crate::search::kernel::KernelInfo {
                kernel: $crate::search::kernel::Kernel::$variant,
                name: $crate::search::kernel::Kernel::$variant.name(),
                needs: concat!($set, " (", $arch, " with ", $first $(, ", ", $wf)*, ")"),
                summary: $summary,
                #[cfg(target_arch = $arch)]
                entry: Some($crate::search::kernel::KernelEntry {
                    available,
                    count,
                    count_wide,
                }),
                #[cfg(not(target_arch = $arch))]
                entry: None,
            };

        #[cfg(target_arch = $arch)]
        impl imp::$wide {
            /// The lane operations, if this CPU has every feature of the list their code is
            /// compiled for.
            pub(crate) fn detect() -> Option<imp::$wide> {
                (std::arch::$detected!($first) $(&& std::arch::$detected!($wf))*)
                    .then_some(imp::$wide { _proof: () })
            }
        }

        #[cfg(target_arch = $arch)]
        impl imp::$narrow {
            /// The lane operations, if this CPU has every feature of the list their code is
            /// compiled for.
            pub(crate) fn detect() -> Option<imp::$narrow> {
                ($(std::arch::$detected!($nf))&&+).then_some(imp::$narrow { _proof: () })
            }
        }

        #[cfg(target_arch = $arch)]
        $crate::search::kernel::batched::batched_entry! {
            /// Counts `it` (masks of 16 bits, four free rows or more) in 16-bit lanes.
            fn count_narrow(imp::$narrow), rule: $crate::search::kernel::rule::Queen,
            searches: imp::SEARCHES, features: [$($nf),+]
        }

        #[cfg(target_arch = $arch)]
        $crate::search::kernel::batched::batched_entry! {
            /// Counts `it` (four free rows or more) in 32-bit lanes.
            fn count_wide_lanes(imp::$wide), rule: $crate::search::kernel::rule::Queen,
            searches: imp::SEARCHES, features: [$first $(, $wf)*]
        }

        #[cfg(target_arch = $arch)]
        $crate::search::kernel::batched::batched_entry! {
            /// Counts the superqueens of `it` (masks of 16 bits, four free rows or more) in
            /// 16-bit lanes.
            fn count_narrow_superqueens(imp::$narrow),
            rule: $crate::search::kernel::rule::Superqueen,
            searches: imp::SEARCHES, features: [$($nf),+]
        }

        #[cfg(target_arch = $arch)]
        $crate::search::kernel::batched::batched_entry! {
            /// Counts the superqueens of `it` (four free rows or more) in 32-bit lanes.
            fn count_wide_superqueens(imp::$wide),
            rule: $crate::search::kernel::rule::Superqueen,
            searches: imp::SEARCHES, features: [$first $(, $wf)*]
        }

        #[cfg(target_arch = $arch)]
        $crate::search::kernel::batched::split_entry! {
            /// Counts `it` (17 columns, four free rows or more) in 32-bit lanes while its
            /// edge columns are both open and in the 16-bit lanes of its frames beyond.
            fn count_split(imp::$wide, imp::$narrow), searches: imp::SEARCHES,
            features: [$first $(, $wf)*, $($nf),+]
        }

        /// Whether this CPU runs this kernel (it has the wide lanes' features).
        #[cfg(target_arch = $arch)]
        pub(crate) fn available() -> bool {
            imp::$wide::detect().is_some()
        }

        /// The wide lanes, or a panic that says what the kernel needs.
        #[cfg(target_arch = $arch)]
        fn wide() -> imp::$wide {
            imp::$wide::detect().unwrap_or_else(|| panic!("{}", INFO.kernel.unavailable_reason()))
        }

        /// Counts the ways to fill the free rows of `it`, exactly as the scalar kernel does
        /// (same completions, same nodes): in the narrow lanes where the masks fit them (or
        /// a frame's do) and the CPU has their features, else in the wide ones; interiors of
        /// three free rows or fewer with the scalar kernel. One search per rule, chosen here
        /// once per interior: the queens', or the superqueens' (in 16-bit lanes where the
        /// interior or a frame fits them, else in 32-bit ones: they have no split search).
        ///
        /// # Panics
        ///
        /// If the CPU lacks the features ([`available`]).
        #[cfg(target_arch = $arch)]
        pub(crate) fn count(
            it: &$crate::search::kernel::Interior,
        ) -> $crate::search::kernel::InteriorCount {
            use $crate::rules::{Piece, Surface};
            use $crate::search::kernel::frames::Route;
            let wide = wide();
            if it.depth <= 3 {
                return $crate::search::kernel::scalar::count(it);
            }
            match (it.rules.piece, it.rules.surface) {
                (Piece::Queen, Surface::Plane) => {}
                (Piece::Superqueen, Surface::Plane) => {
                    let Some(narrow) = imp::$narrow::detect() else {
                        return count_wide_superqueens(wide, it);
                    };
                    return match Route::of(it) {
                        Route::Narrow => count_narrow_superqueens(narrow, it),
                        Route::Frame(frame) => count_narrow_superqueens(narrow, &frame.interior),
                        Route::Split(_) | Route::Wide => count_wide_superqueens(wide, it),
                    };
                }
                // Rules the kernels do not count: the scalar kernel says why not.
                _ => return $crate::search::kernel::scalar::count(it),
            }
            let Some(narrow) = imp::$narrow::detect() else {
                return count_wide_lanes(wide, it);
            };
            match Route::of(it) {
                Route::Narrow => count_narrow(narrow, it),
                Route::Frame(frame) => count_narrow(narrow, &frame.interior),
                Route::Split(frames) => count_split(wide, narrow, &frames),
                Route::Wide => count_wide_lanes(wide, it),
            }
        }

        /// [`count`] in the wide lanes whatever the board size (for tests of that search on
        /// sizes where [`count`] takes the narrow one).
        ///
        /// # Panics
        ///
        /// If the CPU lacks the features ([`available`]).
        #[cfg(target_arch = $arch)]
        pub(crate) fn count_wide(
            it: &$crate::search::kernel::Interior,
        ) -> $crate::search::kernel::InteriorCount {
            let wide = wide();
            if it.depth <= 3 {
                return $crate::search::kernel::scalar::count(it);
            }
            if it.rules.piece == $crate::rules::Piece::Superqueen {
                return count_wide_superqueens(wide, it);
            }
            count_wide_lanes(wide, it)
        }
    };
}
pub(crate) use vector_kernel;
