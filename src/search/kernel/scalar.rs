//! The portable kernel: an iterative depth-first search with an explicit stack, one node at a
//! time, with a one-row look-ahead and the last two rows counted by a closed form.

use super::{Interior, InteriorCount, MAX_DEPTH};

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
pub fn last_two_rows(it: &Interior, d: usize, cols: u32, ld: u32, rd: u32) -> u64 {
    let s = it.shift[d];
    let f = it.inner & !(cols | ld | rd | it.blocked[d]);
    let g = it.inner & !(cols | (ld << s) | (rd >> s) | it.blocked[d + 1]);
    let pairs = f.count_ones() * g.count_ones();
    let clashes = (f & g).count_ones() + ((f << s) & g).count_ones() + ((f >> s) & g).count_ones();
    u64::from(pairs - clashes)
}

/// Counts the ways to fill the free rows of `it`.
///
/// Nodes counted: every partial board built by placing a queen in a free row other than the
/// last two (those are counted by [`last_two_rows`], not built).
pub fn count(it: &Interior) -> InteriorCount {
    let k = it.depth;
    let inner = it.inner;
    // Free squares of the first free row: interior columns not taken by a border queen's
    // column and not on a border queen's diagonal.
    let first = inner & !(it.cols | it.blocked[0]);
    let completions = match k {
        // The border queens fill the board (n = 1): one solution, nothing searched.
        0 => 1,
        1 => u64::from(first.count_ones()),
        2 => last_two_rows(it, 0, it.cols, 0, 0),
        _ => 0,
    };
    if k == 3 {
        // The first row's placements each leave two free rows.
        let (mut f, mut n) = (first, 0u64);
        let mut completions = 0;
        while f != 0 {
            let bit = f & f.wrapping_neg(); // lowest free square
            f ^= bit;
            n += 1;
            let s = it.shift[0];
            completions += last_two_rows(it, 1, it.cols | bit, bit << s, bit >> s);
        }
        return InteriorCount {
            completions,
            nodes: n,
        };
    }
    if k <= 2 {
        return InteriorCount {
            completions,
            nodes: 0,
        };
    }
    // The stack holds the masks of the levels above the current one; the current level's
    // masks live in locals (registers).
    let mut stack = [[0u32; 4]; MAX_DEPTH];
    let (mut f, mut c, mut l, mut r) = (first, it.cols, 0u32, 0u32);
    // The level whose placements leave two free rows, counted in closed form.
    let last = k - 3;
    let mut d = 0usize;
    let mut completions = 0u64;
    let mut nodes = 0u64;
    loop {
        if f == 0 {
            if d == 0 {
                break;
            }
            d -= 1;
            [f, c, l, r] = stack[d];
            continue;
        }
        let bit = f & f.wrapping_neg(); // lowest free square (two's complement trick)
        f ^= bit; // tried: remove it from this row's candidates
        nodes += 1;
        let s = it.shift[d];
        let nc = c | bit;
        // Diagonals move one column per row, and `s` rows separate this free row from the
        // next: `ld` moves up (bits past the window are lost in the shift or masked by
        // `inner` below), `rd` moves down (bits past column 1 fall off).
        let nl = (l | bit) << s;
        let nr = (r | bit) >> s;
        let mut nf = inner & !(nc | nl | nr | it.blocked[d + 1]);
        if d + 1 == last {
            // Every placement in the next row leaves two free rows: count them in closed
            // form, in a tight loop, without pushing the level.
            let s2 = it.shift[d + 1];
            while nf != 0 {
                let b2 = nf & nf.wrapping_neg(); // lowest free square
                nf ^= b2;
                nodes += 1;
                completions += last_two_rows(it, d + 2, nc | b2, (nl | b2) << s2, (nr | b2) >> s2);
            }
        } else if nf != 0 {
            // Look-ahead: a child whose next row is already full is never pushed.
            stack[d] = [f, c, l, r];
            d += 1;
            (f, c, l, r) = (nf, nc, nl, nr);
        }
    }
    InteriorCount { completions, nodes }
}
