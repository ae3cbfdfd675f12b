//! The rules as the scalar kernel's type parameter: what a node holds and how a queen step,
//! the look-ahead and the closed forms of the last rows follow the piece. One instance per
//! rule set, chosen once per interior ([`super::scalar::count`] matches on
//! [`Interior::rules`]), so that no queen step branches on the rules: [`Queen`] is the
//! queens' search as it always was (a node of 4 words: free squares, `cols`, `ld`, `rd`),
//! [`Superqueen`] adds a fifth word, the knight's squares (`kn`).
//!
//! # The knight's word
//!
//! A superqueen attacks the knight's squares too, which reach two rows down only. A node of
//! board row `R` holds in `kn` the knight squares of row `R + 1` taken by the interior queen
//! of row `R − 1` (one column either side). A queen `bit` placed at row `R`, its child `s`
//! rows down (the shift of the step):
//!
//! | s | the knight squares of the child's row | the child's `kn` |
//! | --- | --- | --- |
//! | 1 | `kn`, `bit << 2`, `bit >> 2` | `bit << 1`, `bit >> 1` |
//! | 2 | `bit << 1`, `bit >> 1` | none: row `R + 1` holds a pre-placed queen |
//! | 3 | none | none |
//!
//! The pre-placed queens' knight squares are in [`Interior::blocked`], as their lines are.
//! `s` is the same for every node of a batch, so the knight's shifts and masks are constants
//! of the batch ([`KernelRule::Step`]), not branches.

use super::Interior;

/// The rules of an interior's pieces, as the scalar search is written over them: a node of
/// `W` words (word 0 the free squares of the node's row, words 1 to 3 `cols`, `ld`, `rd`, and
/// any more the rule's own), the step to a child, the look-ahead and the last rows.
pub(crate) trait KernelRule<const W: usize>: Copy + 'static {
    /// The constants of one batch's steps, from the shifts of the step and of the one after
    /// it (`()` for queens).
    type Step: Copy;

    /// The constants of the steps from free row `d` (to row `d + 1`, `s` rows down, whose
    /// next free row is `s2` rows further).
    fn step(s: u32, s2: u32) -> Self::Step;

    /// The root node's masks: the pre-placed queens' columns `cols`, nothing else (word 0,
    /// the free squares, left 0 for the caller).
    fn root(cols: u32) -> [u32; W];

    /// The child of a node with masks `node` after a queen on `bit`, `s` rows down: its masks
    /// (word 0 left 0), and the squares of its row the rule's short moves take besides its
    /// lines (0 for queens).
    fn child(k: &Self::Step, s: u32, node: &[u32; W], bit: u32) -> ([u32; W], u32);

    /// The squares of the row `s2` rows below a child's that the queens above it attack (the
    /// child's own queen left out): the look-ahead's.
    fn ahead(k: &Self::Step, s2: u32, child: &[u32; W]) -> u32;

    /// The ways to fill the last two free rows, `d` and `d + 1`, of a node with masks `node`
    /// at row `d` whose row the short moves take `near` of.
    fn last_two_rows(it: &Interior, d: usize, node: &[u32; W], near: u32) -> u64;

    /// The ways to fill the last three free rows of a tight interior (see
    /// [`super::scalar::search::last_three_rows`]), the node as in
    /// [`KernelRule::last_two_rows`].
    fn last_three_rows(it: &Interior, d: usize, node: &[u32; W], near: u32) -> u64;
}

/// The queen: its lines only, a node of 4 words.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Queen;

impl KernelRule<4> for Queen {
    type Step = ();

    #[inline(always)]
    fn step(_: u32, _: u32) {}

    #[inline(always)]
    fn root(cols: u32) -> [u32; 4] {
        [0, cols, 0, 0]
    }

    #[inline(always)]
    fn child(_: &(), s: u32, &[_, c, l, r]: &[u32; 4], bit: u32) -> ([u32; 4], u32) {
        // Diagonals move one column per row, and `s` rows separate this free row from the
        // next: `ld` moves up `s` columns (bits past the window are masked by `inner` where
        // it is read) and `rd` down (bits past column 0 fall off the shift).
        ([0, c | bit, (l | bit) << s, (r | bit) >> s], 0)
    }

    #[inline(always)]
    fn ahead(_: &(), s2: u32, &[_, c, l, r]: &[u32; 4]) -> u32 {
        c | (l << s2) | (r >> s2)
    }

    #[inline(always)]
    fn last_two_rows(it: &Interior, d: usize, &[_, c, l, r]: &[u32; 4], _: u32) -> u64 {
        last_two_rows(it, d, c, l, r)
    }

    #[inline(always)]
    fn last_three_rows(it: &Interior, d: usize, &[_, c, l, r]: &[u32; 4], _: u32) -> u64 {
        last_three_rows(it, d, c, l, r)
    }
}

/// The superqueen (the queen and the knight, on the plane): a node of 5 words, the fifth the
/// knight's squares `kn` of the row below the node's (see the [module documentation](self)).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Superqueen;

/// The knight's constants of a step `s` rows down: all ones or all zeros as masks, and the
/// columns a knight reaches `s` rows away.
#[derive(Clone, Copy, Debug)]
pub(crate) struct KnightStep {
    /// All ones where `s` = 1: the node's `kn` reaches the child's row, and the queen placed
    /// gives the child a `kn`.
    one: u32,
    /// All ones where `s` ≤ 2: the queen placed reaches the child's row, `near` columns away.
    reach: u32,
    /// The columns the queen placed reaches on the child's row (2 for `s` = 1, 1 for `s` = 2).
    near: u32,
    /// All ones where the look-ahead's row is the one the child's `kn` covers (`s2` = 1).
    ahead: u32,
}

/// All ones if `b`, else 0.
#[inline(always)]
fn all(b: bool) -> u32 {
    0u32.wrapping_sub(u32::from(b))
}

/// A knight's squares `by` columns either side of the squares `bit`.
#[inline(always)]
fn beside(bit: u32, by: u32) -> u32 {
    bit.wrapping_shl(by) | bit.wrapping_shr(by)
}

/// The knight's squares on a row `rows` apart from a queen on `bit`'s: 2 columns away for 1
/// row, 1 column for 2, none beyond (or for 0 rows).
#[inline(always)]
fn knight(bit: u32, rows: u32) -> u32 {
    beside(bit, 3u32.wrapping_sub(rows)) & all(rows == 1 || rows == 2)
}

impl KernelRule<5> for Superqueen {
    type Step = KnightStep;

    #[inline(always)]
    fn step(s: u32, s2: u32) -> KnightStep {
        KnightStep {
            one: all(s == 1),
            reach: all(s <= 2),
            near: 3u32.wrapping_sub(s) & 3,
            ahead: all(s2 == 1),
        }
    }

    #[inline(always)]
    fn root(cols: u32) -> [u32; 5] {
        [0, cols, 0, 0, 0]
    }

    #[inline(always)]
    fn child(k: &KnightStep, s: u32, &[_, c, l, r, kn]: &[u32; 5], bit: u32) -> ([u32; 5], u32) {
        let near = (kn & k.one) | (beside(bit, k.near) & k.reach);
        let next_kn = beside(bit, 1) & k.one;
        ([0, c | bit, (l | bit) << s, (r | bit) >> s, next_kn], near)
    }

    #[inline(always)]
    fn ahead(k: &KnightStep, s2: u32, &[_, c, l, r, kn]: &[u32; 5]) -> u32 {
        c | (l << s2) | (r >> s2) | (kn & k.ahead)
    }

    /// As the queens' closed form (see [`last_two_rows`]): a queen on `b ∈ f` removes from
    /// `g` its column, its two diagonals and its two knight squares `s` rows down, five
    /// distinct bits (the knight's are 3 − s columns away, the diagonals' s), so the
    /// clashes are five popcounts of shifted `f` against `g`.
    #[inline(always)]
    fn last_two_rows(it: &Interior, d: usize, &[_, c, l, r, kn]: &[u32; 5], near: u32) -> u64 {
        let s = it.shift[d];
        let f = it.inner & !(c | l | r | near | it.blocked[d]);
        let g = it.inner & !(c | (l << s) | (r >> s) | (kn & all(s == 1)) | it.blocked[d + 1]);
        let by = 3u32.wrapping_sub(s);
        let reach = all(s <= 2);
        let pairs = f.count_ones() * g.count_ones();
        let clashes = (f & g).count_ones()
            + ((f << s) & g).count_ones()
            + ((f >> s) & g).count_ones()
            + (f.wrapping_shl(by) & g & reach).count_ones()
            + (f.wrapping_shr(by) & g & reach).count_ones();
        u64::from(pairs - clashes)
    }

    /// As the queens' (see [`last_three_rows`]), each pair of the three queens also tested
    /// for a knight's move.
    #[inline(always)]
    fn last_three_rows(it: &Interior, d: usize, &[_, c, l, r, kn]: &[u32; 5], near: u32) -> u64 {
        let (s1, s2) = (it.shift[d], it.shift[d + 1]);
        let t = s1 + s2;
        let a = it.inner & !(c | l | r | near | it.blocked[d]);
        let b = it.inner & !(c | (l << s1) | (r >> s1) | (kn & all(s1 == 1)) | it.blocked[d + 1]);
        let cc = it.inner & !(c | (l << t) | (r >> t) | it.blocked[d + 2]);
        // Columns p and q in rows δ apart: neither on a common diagonal nor a knight's move
        // apart.
        let apart = |p: u32, q: u32, delta: u32| {
            let (lo, hi) = (p.min(q), p.max(q));
            ((lo << delta) | knight(lo, delta)) & hi == 0
        };
        orders_of_three([a, b, cc], it.inner & !c, s1, s2, apart)
    }
}

/// The number of ways to fill the last two free rows, given the masks `cols`, `ld`, `rd` of
/// the interior queens as seen from the first of them (free row `d`), with no branch.
///
/// Let `f` be the free squares of row `d` and `g` those of row `d + 1` ignoring the queen put
/// in row `d`. A queen on `b ∈ f` removes from `g` exactly the squares `b` (its column),
/// `b << s` and `b >> s` (its two diagonals, `s` rows down; three distinct bits as `s ≥ 1`).
/// So the count is `Σ_b |g| − |g ∩ {b, b<<s, b>>s}|`
/// `= |f|·|g| − |f ∩ g| − |(f << s) ∩ g| − |(f >> s) ∩ g|`
/// (shifting a set of single bits is one-to-one on the bits that stay in the window).
#[inline(always)]
pub(crate) fn last_two_rows(it: &Interior, d: usize, cols: u32, ld: u32, rd: u32) -> u64 {
    let s = it.shift[d];
    let f = it.inner & !(cols | ld | rd | it.blocked[d]);
    let g = it.inner & !(cols | (ld << s) | (rd >> s) | it.blocked[d + 1]);
    let pairs = f.count_ones() * g.count_ones();
    let clashes = (f & g).count_ones() + ((f << s) & g).count_ones() + ((f >> s) & g).count_ones();
    u64::from(pairs - clashes)
}

/// The number of ways to fill the last three free rows of a *tight* interior (as many open
/// columns as free rows, so that exactly three columns are left for them), given the masks
/// `cols`, `ld`, `rd` of the interior queens as seen from the first of them (free row `d`),
/// with no branch: what [`Lanes::three_rows`](crate::search::kernel::lanes::Lanes::three_rows)
/// computes in lanes, in words.
///
/// The three rows take the three open columns `c1 < c2 < c3` in one of six orders
/// `(x, y, z)`; an order is valid when each column is free in its row (`a`, `b`, `c`: the
/// free squares of the three rows ignoring each other's queens) and no two of the three
/// queens share a diagonal: columns `cj < ck` in rows `δ` apart do exactly when
/// `cj << δ == ck`.
#[inline(always)]
pub(crate) fn last_three_rows(it: &Interior, d: usize, cols: u32, ld: u32, rd: u32) -> u64 {
    let (s1, s2) = (it.shift[d], it.shift[d + 1]);
    let t = s1 + s2;
    // Free squares of the three rows; the diagonals move one column per row between them.
    let a = it.inner & !(cols | ld | rd | it.blocked[d]);
    let b = it.inner & !(cols | (ld << s1) | (rd >> s1) | it.blocked[d + 1]);
    let c = it.inner & !(cols | (ld << t) | (rd >> t) | it.blocked[d + 2]);
    // Whether the queens of columns p and q, in rows δ apart, share no diagonal: the lower
    // column shifted up by δ misses the higher one.
    let apart = |p: u32, q: u32, delta: u32| (p.min(q) << delta) & p.max(q) == 0;
    orders_of_three([a, b, c], it.inner & !cols, s1, s2, apart)
}

/// The valid orders of the three `open` columns (one bit each, the tight interior's last
/// three) in three rows whose free squares are `free` and which lie `s1` and `s2` rows apart:
/// an order `(x, y, z)` is valid when each column is free in its row and every pair is
/// `apart` (the rules' test of two pieces `δ` rows apart), with no branch. The closed form of
/// [`last_three_rows`] and of each rule's [`KernelRule::last_three_rows`].
#[inline(always)]
fn orders_of_three(
    [a, b, c]: [u32; 3],
    open: u32,
    s1: u32,
    s2: u32,
    apart: impl Fn(u32, u32, u32) -> bool,
) -> u64 {
    let t = s1 + s2;
    // The open columns, low to high, one bit each (v & −v is the lowest bit of v).
    let c1 = open & open.wrapping_neg();
    let rest = open ^ c1;
    let c2 = rest & rest.wrapping_neg();
    let c3 = rest ^ c2;
    // Whether rows 1, 2, 3 can take columns x, y, z (`&` of bools: no branch).
    let valid = |x: u32, y: u32, z: u32| {
        (a & x != 0)
            & (b & y != 0)
            & (c & z != 0)
            & apart(x, y, s1)
            & apart(y, z, s2)
            & apart(x, z, t)
    };
    [
        valid(c1, c2, c3),
        valid(c1, c3, c2),
        valid(c2, c1, c3),
        valid(c2, c3, c1),
        valid(c3, c1, c2),
        valid(c3, c2, c1),
    ]
    .into_iter()
    .map(u64::from)
    .sum()
}
