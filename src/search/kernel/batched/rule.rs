//! The rules as the batched search's type parameter, as [`super::super::rule`]'s
//! [`KernelRule`](super::super::rule::KernelRule) is the scalar search's: what a node holds
//! besides its four words, how a step places a piece, the look-ahead and the closed forms of
//! the last rows. One instance of the search per rule ([`super::count`]'s `R`, chosen once per
//! interior by the kernel's entry), so that no queen step branches on the rules: [`Queen`]'s
//! methods are the queens' lane operations as they always were, and [`Superqueen`]'s add the
//! knight's word `kn` of [`super::super::rule`]'s module documentation, in every lane.
//!
//! The knight's word travels beside a step's [`Nodes`] (a vector of its own) and is kept in
//! [`Knights`], one array per level, which only the superqueens' searches have; the queens'
//! [`LaneRule::load_kn`] and [`LaneRule::store_kn`] touch nothing. A step's shift `s` is the
//! same in every lane, so the knight's shifts and masks are splats of the step's constants,
//! not branches.

use super::super::lanes::{CAP, Lanes, PairTest};
use super::super::rule::{Queen, Superqueen};
use super::nodes::Nodes;

/// One level's knight words (the superqueens' `kn`, slot for slot with the level's nodes),
/// aligned to a cache line as [`super::Level`]'s arrays are.
#[derive(Clone, Copy)]
#[repr(C, align(64))]
pub(crate) struct Knights<T>(pub [T; CAP]);

/// The rules of an interior's pieces, as the batched search is written over them. The
/// provided methods are the queen's (no knight's word: nothing loaded, stored or taken), which
/// a rule with a knight overrides.
pub(crate) trait LaneRule: PairTest + Copy + 'static {
    /// Whether the nodes carry the knight's word (a search for the rule allocates
    /// [`Knights`] for every level).
    const KNIGHT: bool;

    /// The knight's words of the `LANES` nodes from slot `at` of level `j`.
    #[inline(always)]
    fn load_kn<L: Lanes>(l: L, knights: &[Knights<L::Lane>], j: usize, at: usize) -> L::Vector {
        let _ = (knights, j, at);
        l.zero()
    }

    /// Writes the knight's words of the lanes `p` packs, from slot `at` of level `j` (as
    /// [`Lanes::compress_store`] writes the nodes' other words with the same `p`).
    #[inline(always)]
    fn store_kn<L: Lanes>(
        l: L,
        p: L::Packing,
        kn: L::Vector,
        knights: &mut [Knights<L::Lane>],
        j: usize,
        at: usize,
    ) {
        let _ = (l, p, kn, knights, j, at);
    }

    /// The knight's word of a root node (level 0, slot `at`): none, no interior piece above.
    #[inline(always)]
    fn root_kn<T: Copy + Default>(knights: &mut [Knights<T>], at: usize) {
        let _ = (knights, at);
    }

    /// Places a piece on each node's lowest free square, `s` rows above the child's row
    /// (whose pre-placed attacks are `blocked`): the parents without that square, the
    /// children with their row's free squares, and the children's knight words.
    #[inline(always)]
    fn place<L: Lanes>(
        l: L,
        node: Nodes<L::Vector>,
        kn: L::Vector,
        s: u32,
        blocked: L::Vector,
        inner: L::Vector,
    ) -> (Nodes<L::Vector>, Nodes<L::Vector>, L::Vector) {
        let (rest, child) = node.place(l, s, blocked, inner);
        (rest, child, kn)
    }

    /// The free squares of the free row `d` rows below the node's, ignoring the pieces of
    /// the rows between (the node's own included), `blocked` that row's pre-placed attacks.
    #[inline(always)]
    fn free_below<L: Lanes>(
        l: L,
        node: &Nodes<L::Vector>,
        kn: L::Vector,
        d: u32,
        blocked: L::Vector,
        inner: L::Vector,
    ) -> L::Vector {
        let _ = kn;
        node.free_below(l, d, blocked, inner)
    }

    /// The ways to fill the last two free rows, `s` rows apart, per lane: `f` the free
    /// squares of the first, `g` those of the second ignoring the first's piece.
    #[inline(always)]
    fn two_rows<L: Lanes>(l: L, f: L::Vector, g: L::Vector, s: u32) -> L::Vector {
        l.two_rows(f, g, s)
    }

    /// The squares of a child's row where a piece leaves the free row `s2` below with no
    /// free square, `g` that row's free squares ignoring the child's piece: the search
    /// drops those placements, counted as nodes (each is one, and makes none below it).
    /// Only such squares: a placement that leaves a square free below must be searched. The queen's: every
    /// square where `g` is empty, none elsewhere (the queens' search as it always was).
    #[inline(always)]
    fn dead_squares<L: Lanes>(l: L, g: L::Vector, s2: u32) -> L::Vector {
        let _ = s2;
        l.zeros(g)
    }
}

impl PairTest for Queen {
    /// The queens of columns `cj < ck`, `delta` rows apart, share a diagonal where `cj`
    /// shifted up by `delta` lands on `ck`.
    #[inline(always)]
    fn clash<L: Lanes>(l: L, cj: L::Vector, ck: L::Vector, delta: u32) -> L::Vector {
        l.eq(l.shl(cj, delta), ck)
    }
}

/// The queen: the provided methods of [`LaneRule`], no knight's word.
impl LaneRule for Queen {
    const KNIGHT: bool = false;
}

/// All ones if `b`, else 0.
#[inline(always)]
fn all(b: bool) -> u32 {
    0u32.wrapping_sub(u32::from(b))
}

/// The columns a knight moves sideways to reach a row `rows` apart: 2 for 1 row, 1 for 2
/// (and, masked off by the callers, something below 4 for any other distance, so that no
/// lane shift goes past the lane).
#[inline(always)]
fn knight_reach(rows: u32) -> u32 {
    3u32.wrapping_sub(rows) & 3
}

/// The squares `by` columns either side of the squares `v`, in every lane.
#[inline(always)]
fn beside<L: Lanes>(l: L, v: L::Vector, by: u32) -> L::Vector {
    l.or(l.shl(v, by), l.shr(v, by))
}

impl PairTest for Superqueen {
    /// As the queens' ([`Queen`]'s), or a knight's move apart: `cj` shifted up by 2 for rows
    /// 1 apart, by 1 for rows 2 apart, lands on `ck`.
    #[inline(always)]
    fn clash<L: Lanes>(l: L, cj: L::Vector, ck: L::Vector, delta: u32) -> L::Vector {
        let knight = l.and(
            l.eq(l.shl(cj, knight_reach(delta)), ck),
            l.splat(all(delta == 1 || delta == 2)),
        );
        l.or(l.eq(l.shl(cj, delta), ck), knight)
    }
}

impl LaneRule for Superqueen {
    const KNIGHT: bool = true;

    #[inline(always)]
    fn load_kn<L: Lanes>(l: L, knights: &[Knights<L::Lane>], j: usize, at: usize) -> L::Vector {
        l.load(&knights[j].0, at)
    }

    #[inline(always)]
    fn store_kn<L: Lanes>(
        l: L,
        p: L::Packing,
        kn: L::Vector,
        knights: &mut [Knights<L::Lane>],
        j: usize,
        at: usize,
    ) {
        l.compress_store(p, kn, &mut knights[j].0, at);
    }

    #[inline(always)]
    fn root_kn<T: Copy + Default>(knights: &mut [Knights<T>], at: usize) {
        knights[0].0[at] = T::default();
    }

    /// The queen's step, and the knight's squares of the child's row (the node's `kn` where
    /// `s` = 1, the new piece's `3 − s` columns either side where `s` ≤ 2) taken from the
    /// child's free squares; the child's `kn` is the new piece's squares one column either
    /// side, where `s` = 1 (else the row below the child's holds a pre-placed piece, or the
    /// knight does not reach it).
    #[inline(always)]
    fn place<L: Lanes>(
        l: L,
        node: Nodes<L::Vector>,
        kn: L::Vector,
        s: u32,
        blocked: L::Vector,
        inner: L::Vector,
    ) -> (Nodes<L::Vector>, Nodes<L::Vector>, L::Vector) {
        let (rest, child) = node.place(l, s, blocked, inner);
        // The piece placed: the square the parent lost.
        let bit = l.xor(node.free, rest.free);
        let one = l.splat(all(s == 1));
        let near = l.or(
            l.and(kn, one),
            l.and(beside(l, bit, knight_reach(s)), l.splat(all(s <= 2))),
        );
        let child = Nodes {
            free: l.andnot(near, child.free),
            ..child
        };
        (rest, child, l.and(beside(l, bit, 1), one))
    }

    /// The queens' ([`Nodes::free_below`]), less the node's `kn` where `d` = 1.
    #[inline(always)]
    fn free_below<L: Lanes>(
        l: L,
        node: &Nodes<L::Vector>,
        kn: L::Vector,
        d: u32,
        blocked: L::Vector,
        inner: L::Vector,
    ) -> L::Vector {
        let knight = l.and(kn, l.splat(all(d == 1)));
        l.andnot(knight, node.free_below(l, d, blocked, inner))
    }

    /// The queens' ([`Lanes::zeros`] of `g`), and where `s2` ≤ 2 every square `c` whose
    /// piece takes all of `g`. A superqueen on column `c` takes exactly the five squares
    /// `c − 2 ..= c + 2` of a row one or two rows below (its column, its diagonals `s2`
    /// columns either side and a knight's `3 − s2`), so `g` is left empty exactly where
    /// `max g − 2 ≤ c ≤ min g + 2`: the columns up to `min g + 2` (`(g & −g) << 3`, less
    /// one, all ones for an empty `g`) that are not below `max g − 2` (those below are the
    /// bits under the highest of `g >> 3`, smeared down). Near the leaves rows are short,
    /// and a child's square there often empties the row below: at n = 19 the window drops
    /// 16% of the children's squares besides the 13% of those with `g` empty, and the
    /// search steps 19% fewer lanes, for about 16 more operations a vector.
    ///
    /// (Dropping also the squares that empty the row after, `s2 + 1` below, drops 12%
    /// more, but each of those placements makes the placements of the row between, which
    /// are nodes: a sum over the squares, as in [`LaneRule::two_rows`], that would cost
    /// what it saves.)
    #[inline(always)]
    fn dead_squares<L: Lanes>(l: L, g: L::Vector, s2: u32) -> L::Vector {
        let up_to_min = l.sub(l.shl(l.lowest_bit(g), 3), l.splat(1));
        let mut below_max = l.shr(g, 3);
        let mut by = 1;
        while by < L::MAX_MASK.count_ones() {
            below_max = l.or(below_max, l.shr(below_max, by));
            by *= 2;
        }
        let window = l.andnot(below_max, up_to_min);
        l.or(l.and(window, l.splat(all(s2 <= 2))), l.zeros(g))
    }

    /// The queens' count ([`Lanes::two_rows`]) less the pairs a knight's move apart: a piece
    /// on `b ∈ f` also takes `b << k` and `b >> k` from `g`, `k = 3 − s` (where `s` ≤ 2),
    /// two more bits distinct from its column and diagonals (see
    /// [`super::super::rule::Superqueen`]'s `last_two_rows`).
    #[inline(always)]
    fn two_rows<L: Lanes>(l: L, f: L::Vector, g: L::Vector, s: u32) -> L::Vector {
        let by = knight_reach(s);
        let reached = l.and(g, l.splat(all(s <= 2)));
        let knights = l.add(
            l.popcount(l.and(l.shl(f, by), reached)),
            l.popcount(l.and(l.shr(f, by), reached)),
        );
        l.sub(l.two_rows(f, g, s), knights)
    }
}
