//! The split search of 17 columns with its wide part in 16-bit lanes as well: the *edge
//! search*.
//!
//! # Why a 17-column node that fits no frame fits 16 bits
//!
//! A node of a 17-column interior fits the frame of columns 0..15 exactly when column 16 is
//! taken (no `rd` attack ever reaches the top column), and the frame of columns 1..16 exactly
//! when column 0 is taken (no `ld` attack ever reaches column 0): see [`super::super::frames`].
//! So the nodes the split search keeps in its wide search are exactly those whose two edge
//! columns are both open, and their masks fit 16 bits in the *packed* columns, column `c` at
//! bit `c − 1`:
//!
//! - `cols` has columns 1..15 only (bits 0..14);
//! - `ld` has columns 1..16 (bits 0..15): no `ld` attack reaches column 0;
//! - `rd` has columns 0..15, of which column 0 matters for that row alone (an attack there
//!   moves off the board with the next row): the node keeps columns 1..15 (bits 0..14), and
//!   the step that makes a child computes its column 0 before dropping it;
//! - `free` holds the row's free squares in columns 1..15 only: the squares of the two edge
//!   columns are placed as soon as the node is made (below), never stored.
//!
//! # One step
//!
//! A step takes up to `W` nodes of one level and, in every lane, places a queen on the
//! node's lowest free square (an inner column: the node holds no other). The child's row gets
//! its free squares in all 17 columns, and the look-ahead of [`super::Search`] (the row after
//! it, ignoring the child's queen) drops the dead children as there. A live child goes to the
//! next level with its inner free squares, and its edge squares are placed at once: the
//! grandchild with a queen in column 16 goes, in the columns of the frame 0..15, to that
//! frame's search, two levels down; the one with a queen in column 0 to the frame 1..16. Both
//! get their own look-ahead, as the frames' searches would have given them. Every placement is
//! made once, in a step's lane or an edge placement (counted by a popcount), so the node count
//! stays that of [`super::count`].
//!
//! The grandchildren of a child at level `last − 1` would fall below the frames' last
//! searched level: nodes of that level go, widened, to the split search's 32-bit search,
//! which places their inner squares, hands the children that take an edge column to the
//! frames, and counts the last rows in closed form as [`super::split::count_split`] does. About a
//! sixth of the wide nodes of n = 20 are stepped there, the rest here in lanes twice as many.
//! Each is one search (the kernels that interleave two searches elsewhere use the first of
//! their 32-bit ones here).

use super::super::Interior;
use super::super::frames::Frames;
use super::super::lanes::{Lanes, Narrowing};
use super::super::rule::Queen;
use super::{Diverted, InteriorCount, Nodes, Search, SplitSearches, hand_over, total};

/// Whether [`count_edges`] takes `frames`: two windows (17 columns) and levels enough above
/// the 32-bit search's two.
pub(super) fn takes(frames: &Frames, three: bool) -> bool {
    frames.count() == 2 && last_level(frames.interior(), three) >= 3
}

/// The last level a search steps: its placements leave three free rows (`three`) or two.
fn last_level(it: &Interior, three: bool) -> usize {
    it.depth.saturating_sub(if three { 4 } else { 3 })
}

/// Counts the interior of `frames` (17 columns, [`takes`]) exactly as
/// [`super::split::count_split`] does, with its wide nodes in 16-bit lanes down to level
/// `last − 2` (see the module's doc).
#[inline(always)]
pub(super) fn count_edges<WL: Narrowing<Lane = u32>, NL: Lanes<Lane = u16>, const E: usize>(
    wl: WL,
    nl: NL,
    frames: &Frames,
    three: bool,
    s: &mut SplitSearches<WL, NL, E>,
) -> InteriorCount {
    let it = frames.interior();
    let last = last_level(it, three);
    // The level of the packed search's children that go to the 32-bit search.
    let tail = last - 1;
    // Nodes a step takes: a level holds fewer than that many before it receives children.
    let (w, ww) = (Search::<NL>::W, Search::<WL>::W);
    for search in s.wide.iter_mut() {
        search.reset(wl);
    }
    s.packed.reset(nl);
    for n in &mut s.narrow[..2] {
        n.reset(nl);
    }
    s.diverted.reset(wl, frames);
    let (wide, packed, narrow) = (&mut s.wide[0], &mut s.packed, &mut s.narrow[..2]);
    let diverted = &mut s.diverted;
    // Row 0's squares: the inner ones to the packed search, one node each; the edge ones to
    // the 32-bit search, whose children all go to the frames.
    let mut rest = it.inner & !(it.cols | it.blocked[0]);
    while rest != 0 {
        let bit = rest & rest.wrapping_neg(); // lowest free square
        rest ^= bit;
        if bit & EDGES != 0 {
            wide.push_root(bit, it.cols);
        } else {
            // Packed: column c at bit c − 1 (the masks fit: 17 columns).
            packed.push_root((bit >> 1) as u16, (it.cols >> 1) as u16);
        }
    }
    loop {
        let stepped = packed.step_edges(nl, frames, three, last, narrow);
        // Hand the tail level to the 32-bit search before it could overflow, and at the end.
        while packed.count[tail] >= w || (!stepped && packed.count[tail] > 0) {
            while wide.count[tail] >= ww {
                step_wide(wl, nl, frames, three, wide, diverted, narrow);
            }
            widen_top(packed, wide, tail, ww);
        }
        if !stepped {
            break;
        }
    }
    while step_wide(wl, nl, frames, three, wide, diverted, narrow) {}
    for (f, n) in narrow.iter_mut().enumerate() {
        let frame = &frames.frame(f).interior;
        while n.step::<Queen>(nl, frame, three, None) {}
    }
    total(
        [wide.found(wl), packed.found(nl)]
            .into_iter()
            .chain(narrow.iter().map(|n| n.found(nl))),
    )
}

/// One step of the 32-bit search, its children that take an edge column handed over to the
/// frames; `false` when it had nothing left. (A function, not a closure: a closure would not
/// inherit the kernel's target features, and its lane operations would not inline.)
#[inline(always)]
fn step_wide<WL: Narrowing<Lane = u32>, NL: Lanes<Lane = u16>>(
    wl: WL,
    nl: NL,
    frames: &Frames,
    three: bool,
    wide: &mut Search<WL>,
    diverted: &mut Diverted<WL>,
    narrow: &mut [Search<NL>],
) -> bool {
    let more = wide.step::<Queen>(wl, frames.interior(), three, Some(&mut *diverted));
    if diverted.count > 0 {
        hand_over(wl, nl, frames, three, diverted, narrow);
        diverted.count = 0;
    }
    more
}

/// The interior's two edge columns (0 and 16).
const EDGES: u32 = 1 | 1 << 16;

/// Moves up to `w` nodes (a 32-bit step's) from the top of the packed search's level `j` to
/// the 32-bit search's (which holds fewer than `w`), back in the interior's columns: every
/// mask shifted up by one (column `c` at bit `c`; the dropped `rd` bit of column 0 is one no
/// child sees).
#[inline(always)]
fn widen_top<WL: Lanes<Lane = u32>, NL: Lanes<Lane = u16>>(
    packed: &mut Search<NL>,
    wide: &mut Search<WL>,
    j: usize,
    w: usize,
) {
    let k = packed.count[j].min(w);
    let from = packed.count[j] - k;
    let to = wide.count[j];
    let (src, dst) = (&packed.levels[j], &mut wide.levels[j]);
    widen(&src.free[from..from + k], &mut dst.free[to..to + k]);
    widen(&src.cols[from..from + k], &mut dst.cols[to..to + k]);
    widen(&src.ld[from..from + k], &mut dst.ld[to..to + k]);
    widen(&src.rd[from..from + k], &mut dst.rd[to..to + k]);
    packed.count[j] = from;
    packed.mark(j);
    wide.count[j] = to + k;
    wide.mark(j);
}

/// `d[k] = s[k] << 1`, widened: a plain loop, compiled into the kernel's entry and so run in
/// its vectors.
#[inline(always)]
fn widen(s: &[u16], d: &mut [u32]) {
    for (d, &s) in d.iter_mut().zip(s) {
        *d = u32::from(s) << 1;
    }
}

impl<L: Lanes<Lane = u16>> Search<L> {
    /// One step of the packed wide search (see the module's doc) on the deepest full level
    /// above `last − 1` (else the shallowest with a node); `false` when those levels are
    /// empty, or when the unit gives up on a stop (every pending node dropped). Each frame's search first steps until the level the grandchildren go to holds
    /// fewer than `W` nodes (a step adds at most `W`).
    #[inline(always)]
    fn step_edges(
        &mut self,
        l: L,
        frames: &Frames,
        three: bool,
        last: usize,
        narrow: &mut [Search<L>],
    ) -> bool {
        // Every few thousand steps, a look at the stop flag (as in `Search::step`).
        if self.patrol.stop() {
            self.give_up();
            return false;
        }
        // Levels 0..last − 2 are stepped here; level last − 1 is the 32-bit search's.
        let above = (1u32 << (last - 1)) - 1;
        let (full, busy) = (self.full & above, self.busy & above);
        let i = if full != 0 {
            31 - full.leading_zeros() as usize // the deepest full level
        } else if busy != 0 {
            busy.trailing_zeros() as usize // else the shallowest with a node
        } else {
            return false;
        };
        let it = frames.interior();
        // f16: the frame of columns 0..15 (a queen in column 16); f0: of columns 1..16 (a
        // queen in column 0), whose columns are the packed ones.
        let (f16, f0) = (&frames.frame(0).interior, &frames.frame(1).interior);
        let j = i + 2;
        for (f, n) in narrow.iter_mut().enumerate() {
            while n.count[j] >= Self::W {
                n.step::<Queen>(l, &frames.frame(f).interior, three, None);
            }
        }
        let m = self.count[i].min(Self::W);
        let start = self.count[i] - m;
        self.nodes += m as u64;
        // The rows of the child (i + 1), of the grandchildren (i + 2) and after (i + 3).
        let (s, s2, s3) = (it.shift[i], it.shift[i + 1], it.shift[i + 2]);
        let ones = l.splat(0xFFFF);
        let one = l.splat(1);
        // Row i + 1 and i + 2's border attacks in the packed columns 1..16, and in column 0.
        let packed1 = l.splat(f0.blocked[i + 1]);
        let edge1 = l.splat(it.blocked[i + 1] & 1);
        let packed2 = l.splat(f0.blocked[i + 2]);
        let edge2 = l.splat(it.blocked[i + 2] & 1);
        // Rows i + 2 and i + 3 in each frame's columns (frame 0..16's are the packed ones).
        let (f16_2, f16_3) = (l.splat(f16.blocked[i + 2]), l.splat(f16.blocked[i + 3]));
        let f0_3 = l.splat(f0.blocked[i + 3]);
        // The edge queens' own diagonal bits in their grandchild's row, in the frame's
        // columns: column 16's `rd` moves down s2 columns (to 16 − s2), column 0's `ld`
        // up s2 (to s2, packed bit s2 − 1). Past the lane they are off the board: 0.
        let rd16 = l.splat((1u32 << 16) >> s2);
        let ld0 = l.splat(1u32.checked_shl(s2 - 1).unwrap_or(0));
        let (upper, lower) = self.levels.split_at_mut(i + 1);
        let (level, next) = (&mut upper[i], &mut lower[0]);
        let (n16, n0) = narrow.split_at_mut(1);
        let (n16, n0) = (&mut n16[0], &mut n0[0]);
        let (mut kept, mut born) = (start, self.count[i + 1]);
        let (mut at16, mut at0) = (n16.count[j], n0.count[j]);
        let mut acc_nodes = self.acc_nodes;
        for h in 0..L::BLOCK {
            let mh = m.saturating_sub(h * L::LANES).min(L::LANES);
            if mh == 0 {
                break;
            }
            let lanes = l.first(mh);
            let p = level.load(l, start + h * L::LANES);
            // Lowest free square per lane (f & −f), taken from the parent.
            let bit = l.lowest_bit(p.free);
            let rest = l.xor(p.free, bit);
            // The child: `t` its `rd` in the interior's columns (bit 0 is column 0, which
            // the packed `rd` drops): (rd | bit) moved down s columns, from packed bits (one
            // below the interior's) so by s − 1.
            let cols = l.or(p.cols, bit);
            let t = l.shr(l.or(p.rd, bit), s - 1);
            let rd = l.shr(t, 1);
            let ld = l.shl(l.or(p.ld, bit), s);
            // Its row's free squares: columns 1..16 (packed) and column 0 (bit 0 of `x0`).
            let free = l.andnot(l.or(l.or(cols, ld), l.or(rd, packed1)), ones);
            let x0 = l.andnot(l.or(t, edge1), one);
            // Look-ahead: the row after the child's, ignoring the child's queen, in columns
            // 1..16 and in column 0 (where only `rd`, moved on, and the border attack).
            // (Written out rather than with `Nodes::free_below`, whose ors nest three deep
            // where these nest two: with the helper the step took 1.017× the time, 7 pairs, on
            // `count 20 --part 1/32`.)
            let g = l.andnot(
                l.or(l.or(cols, l.shl(ld, s2)), l.or(l.shr(rd, s2), packed2)),
                ones,
            );
            let g0 = l.andnot(l.or(l.shr(t, s2), edge2), one);
            let dead = l.and(l.zeros(g), l.zeros(g0));
            // Placements counted here: every child's edge squares, and all the squares of a
            // dead child (bit 15 is column 16).
            let mut counted = l.add(l.popcount(l.and(free, l.or(dead, l.splat(0x8000)))), x0);
            let inner = l.andnot(dead, l.and(free, l.splat(0x7FFF)));
            // All ones in the lanes whose live child has column 16, or 0, free: 0 − bit.
            let has16 = l.andnot(dead, l.sub(l.zero(), l.shr(free, 15)));
            let has0 = l.andnot(dead, l.sub(l.zero(), x0));
            // The grandchild with a queen in column 16, in the columns 0..15: column 16
            // dropped (taken), `ld` from the interior's columns (packed << 1) on by s2.
            let q16 = {
                let cols = l.shl(cols, 1);
                let ld = l.shl(ld, s2 + 1);
                let rd = l.or(l.shr(t, s2), rd16);
                let taken = l.or(l.or(cols, ld), l.or(rd, f16_2));
                let free = l.and(has16, l.andnot(taken, ones));
                Nodes { free, cols, ld, rd }
            };
            // The grandchild with a queen in column 0, in the packed columns 1..16: column 0
            // dropped (taken).
            let q0 = {
                let ld = l.or(l.shl(ld, s2), ld0);
                let rd = l.shr(t, s2 + 1);
                let taken = l.or(l.or(cols, ld), l.or(rd, packed2));
                let free = l.and(has0, l.andnot(taken, ones));
                Nodes { free, cols, ld, rd }
            };
            // Their look-ahead, as the frames' searches make it: a dead grandchild's
            // placements are counted and it is dropped.
            let dead16 = l.zeros(q16.free_below(l, s3, f16_3, ones));
            let dead0 = l.zeros(q0.free_below(l, s3, f0_3, ones));
            counted = l.add(counted, l.popcount(l.and(dead16, q16.free)));
            counted = l.add(counted, l.popcount(l.and(dead0, q0.free)));
            acc_nodes = l.add_first(acc_nodes, mh, counted);
            let q16 = Nodes {
                free: l.andnot(dead16, q16.free),
                ..q16
            };
            let q0 = Nodes {
                free: l.andnot(dead0, q0.free),
                ..q0
            };
            let child = Nodes {
                free: inner,
                cols,
                ld,
                rd,
            };
            let (keep, back) = l.nonzero_pair(lanes, inner, rest);
            let (keep16, keep0) = l.nonzero_pair(lanes, q16.free, q0.free);
            born += next.compress_store(l, keep, child, born);
            at16 += n16.levels[j].compress_store(l, keep16, q16, at16);
            at0 += n0.levels[j].compress_store(l, keep0, q0, at0);
            let back_nodes = Nodes { free: rest, ..p };
            kept += level.compress_store(l, back, back_nodes, kept);
        }
        // At most BLOCK additions into `acc_nodes`, each at most 17 + 2 · 16 < 256 per lane
        // (the narrow step's bound).
        self.acc_nodes = acc_nodes;
        self.added_a_block(l);
        self.count[i + 1] = born;
        self.mark(i + 1);
        n16.count[j] = at16;
        n16.mark(j);
        n0.count[j] = at0;
        n0.mark(j);
        self.count[i] = kept;
        self.mark(i);
        true
    }
}
