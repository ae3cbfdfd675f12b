//! What the kernels count: one interior subproblem ([`Interior`]) and what a kernel found
//! below one ([`InteriorCount`]). A leaf of `kernel/`: every kernel uses it, and it uses none
//! of them.

use crate::rules::Rules;
use crate::search::geometry::constellation::Constellation;

/// The most free rows an interior can have (n − 2 for n = 32).
pub(crate) const MAX_DEPTH: usize = 30;

/// One interior subproblem: fill the free rows that a plan's pre-placed queens leave (the
/// border plan's constellation, a ring placement, …).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Interior {
    /// The number of free rows (0 when the border queens fill the board, as for n = 1).
    pub depth: usize,
    /// The interior columns, as bits (`n − 2` of them for the border plan, `n` for the ring
    /// plans).
    pub inner: u32,
    /// Interior columns already holding a pre-placed queen.
    pub cols: u32,
    /// For each free row, the interior squares a pre-placed queen attacks along a diagonal.
    pub blocked: [u32; MAX_DEPTH],
    /// For each free row but the last, how many rows down the next free row is (1 to 3).
    pub shift: [u32; MAX_DEPTH],
    /// The rules of the pieces (the plane's: queens or superqueens). The pre-placed pieces'
    /// attacks of every kind are in `blocked`; the kernel adds those of the interior's own
    /// pieces by the rules (`kernel::rule`).
    pub rules: Rules,
}

impl Interior {
    /// The interior of constellation `c` on an `n × n` board.
    pub fn new(n: usize, c: &Constellation) -> Interior {
        // The (up to four, possibly repeated) border queens; a repeated corner queen only
        // repeats its attacks, so no deduplication is needed here. No allocation: this runs
        // for every orbit member of every unit.
        let queens = [
            (0, c.top as usize),
            (n - 1, c.bottom as usize),
            (c.left as usize, 0),
            (c.right as usize, n - 1),
        ];
        let inner_cols = n.saturating_sub(2);
        // Bit c−1 stands for column c, for c in 1..=n−2.
        let bit = |col: isize| -> u32 {
            if col >= 1 && col <= inner_cols as isize {
                1 << (col - 1)
            } else {
                0
            }
        };
        let mut cols = 0;
        for &(_, qc) in &queens {
            cols |= bit(qc as isize);
        }
        let mut free_rows = [0usize; MAX_DEPTH];
        let mut depth = 0;
        for r in 1..n.saturating_sub(1) {
            if queens.iter().all(|&(qr, _)| qr != r) {
                free_rows[depth] = r;
                depth += 1;
            }
        }
        let mut blocked = [0u32; MAX_DEPTH];
        let mut shift = [0u32; MAX_DEPTH];
        for i in 0..depth {
            let r = free_rows[i];
            for &(qr, qc) in &queens {
                let dist = r as isize - qr as isize;
                blocked[i] |= bit(qc as isize + dist) | bit(qc as isize - dist);
            }
            if i + 1 < depth {
                shift[i] = (free_rows[i + 1] - r) as u32;
            }
        }
        Interior {
            depth,
            inner: if inner_cols == 0 {
                0
            } else {
                u32::MAX >> (32 - inner_cols)
            },
            cols,
            blocked,
            shift,
            rules: Rules::QUEENS,
        }
    }
}

impl Interior {
    /// A cheap estimate of the size of the search tree, from the pre-placed queens' attacks
    /// alone: `Σ_j Π_{i<j} |free squares of row i|` over the first `depth / 2 + 2` free rows,
    /// as if the interior queens did not attack each other.
    ///
    /// The engine counts the member of each symmetry orbit with the smallest estimate: orbit
    /// members have equally many completions but trees of very different sizes, since the
    /// search goes top down and it pays to meet the pre-placed queens' constraints early (how
    /// well it picks is measured in `docs/performance.md`).
    pub fn estimated_cost(&self) -> u64 {
        let rows = (self.depth / 2 + 2).min(self.depth);
        let mut width = 1u128;
        let mut total = 0u128;
        for i in 0..rows {
            let free = self.inner & !(self.cols | self.blocked[i]);
            width = width.saturating_mul(u128::from(free.count_ones()));
            total = total.saturating_add(width);
        }
        u64::try_from(total).unwrap_or(u64::MAX)
    }
}

/// What a kernel found below one interior.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct InteriorCount {
    /// Ways to fill the free rows.
    ///
    /// A `u64` cannot overflow here: completions are counted from nodes the search built
    /// (a closed form over the last two or three rows of each, a few per node), so a unit
    /// with 2^64 completions would need centuries of computing at any feasible speed.
    pub completions: u64,
    /// Nodes: the placements of a queen in a free row other than the last two, as a plain
    /// depth-first search of the interior makes them (placements the kernel skips, such as
    /// those the look-ahead or the three-row closed form stand for, are counted all the same).
    pub nodes: u64,
}
