//! The portable kernel: an iterative depth-first search with an explicit stack, one node at a
//! time, with a one-row look-ahead and the last row counted by a popcount.

use super::{Interior, InteriorCount, MAX_DEPTH};

/// Counts the ways to fill the free rows of `it`.
///
/// Nodes counted: every partial board built by placing a queen in a free row other than the
/// last one (the last row's squares are counted by a popcount, not built).
pub fn count(it: &Interior) -> InteriorCount {
    let k = it.depth;
    let inner = it.inner;
    if k == 0 {
        // The border queens fill the board (n = 1): one solution, nothing searched.
        return InteriorCount {
            completions: 1,
            nodes: 0,
        };
    }
    // Free squares of the first free row: interior columns not taken by a border queen's
    // column and not on a border queen's diagonal.
    let first = inner & !(it.cols | it.blocked[0]);
    if k == 1 {
        return InteriorCount {
            completions: first.count_ones() as u64,
            nodes: 0,
        };
    }
    let mut free = [0u32; MAX_DEPTH];
    let mut cols = [0u32; MAX_DEPTH];
    let mut ld = [0u32; MAX_DEPTH];
    let mut rd = [0u32; MAX_DEPTH];
    free[0] = first;
    cols[0] = it.cols;
    // At depth `last` a placement leaves one free row, whose free squares are the completions.
    let last = k - 2;
    let mut d = 0usize;
    let mut completions = 0u64;
    let mut nodes = 0u64;
    loop {
        let f = free[d];
        if f == 0 {
            if d == 0 {
                break;
            }
            d -= 1;
            continue;
        }
        let bit = f & f.wrapping_neg(); // lowest free square (two's complement trick)
        free[d] = f ^ bit; // tried: remove it from this row's candidates
        nodes += 1;
        let s = it.shift[d];
        let nc = cols[d] | bit;
        // Diagonals move one column per row, and `s` rows separate this free row from the
        // next: `ld` moves up (bits past the window are lost in the shift or masked by
        // `inner` below), `rd` moves down (bits past column 1 fall off).
        let nl = (ld[d] | bit) << s;
        let nr = (rd[d] | bit) >> s;
        let nf = inner & !(nc | nl | nr | it.blocked[d + 1]);
        if d == last {
            completions += nf.count_ones() as u64;
        } else if nf != 0 {
            // Look-ahead: a child whose next row is already full is never pushed.
            d += 1;
            free[d] = nf;
            cols[d] = nc;
            ld[d] = nl;
            rd[d] = nr;
        }
    }
    InteriorCount { completions, nodes }
}
