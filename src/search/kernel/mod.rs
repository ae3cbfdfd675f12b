//! The interior count of one border constellation, and the kernels that do it.
//!
//! With the border queens placed, what is left is to put one queen in each *free row* (rows
//! 1..n−2 that hold no border queen) on columns 1..n−2, no two attacking and none attacked by
//! a border queen. An [`Interior`] describes that subproblem in masks of `n − 2` bits (bit
//! `c − 1` = column `c`), which is what lets a 32-bit lane hold any board up to n = 32.
//!
//! The search state at depth `i` (the `i`-th free row) is the classic triple of masks `cols`,
//! `ld`, `rd` of the *interior* queens only; the border queens' attacks on that row are a fixed
//! mask per depth, [`Interior::blocked`]. Going from free row `i` to free row `i + 1` skips
//! [`Interior::shift`]`[i]` rows (1, or 2 or 3 when the rows between hold border queens), so
//! the diagonal masks move by that many columns.

#[cfg(target_arch = "x86_64")]
pub mod avx512;
pub mod group;
pub mod scalar;

use super::constellation::Constellation;

/// The most free rows an interior can have (n − 2 for n = 32).
pub const MAX_DEPTH: usize = 30;

/// One interior subproblem: fill the free rows of a constellation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Interior {
    /// The number of free rows (0 when the border queens fill the board, as for n = 1).
    pub depth: usize,
    /// The `n − 2` interior columns, as bits.
    pub inner: u32,
    /// Interior columns already holding a border queen.
    pub cols: u32,
    /// For each free row, the interior squares a border queen attacks along a diagonal.
    pub blocked: [u32; MAX_DEPTH],
    /// For each free row but the last, how many rows down the next free row is (1 to 3).
    pub shift: [u32; MAX_DEPTH],
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
        }
    }
}

impl Interior {
    /// A cheap estimate of the size of the search tree, from the border queens' attacks
    /// alone: `Σ_j Π_{i<j} |free squares of row i|` over the first `depth / 2 + 2` free rows,
    /// as if the interior queens did not attack each other.
    ///
    /// The engine counts the member of each symmetry orbit with the smallest estimate: orbit
    /// members have equally many completions but trees of very different sizes, since the
    /// search goes top down and it pays to meet the border queens' constraints early.
    /// (Measured with the scalar kernel's nodes: at n = 14 this picks trees 40% smaller than
    /// the orbits' smallest members and within 8% of the best member; at n = 16, 38% smaller
    /// and within 9%. Probing the real tree's upper levels chose better but cost more than it
    /// saved.)
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
pub struct InteriorCount {
    /// Ways to fill the free rows.
    ///
    /// A `u64` cannot overflow here: every completion is found by the search one at a time
    /// (at most 16 per vector step or one per popcount bit of a last row), so a unit with
    /// 2^64 completions would need centuries of computing at any feasible speed.
    pub completions: u64,
    /// Partial boards the kernel built (see the README: nodes of the symmetric engine).
    pub nodes: u64,
}

/// What a kernel found below a group of interiors, each with a weight.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct WeightedCount {
    /// `Σ weight · completions` over the group.
    ///
    /// A `u64` cannot overflow for the same reason as [`InteriorCount::completions`]: weights
    /// are at most 8 and every completion is found one at a time.
    pub weighted: u64,
    /// The nodes of all the group's trees.
    pub nodes: u64,
}

/// The kernel asked for: a particular one, or the fastest this CPU runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum KernelChoice {
    /// The fastest kernel this CPU supports: avx512 where it runs, else scalar.
    #[default]
    Auto,
    /// The portable scalar kernel: every CPU, every n from 1 to 32.
    Scalar,
    /// AVX-512, every n from 1 to 32: 32 nodes at a time (16-bit lanes) for n ≤ 18 on CPUs
    /// with avx512bw, avx512vbmi2 and avx512bitalg, else 16 at a time (32-bit lanes; needs
    /// avx512f and avx512vpopcntdq).
    Avx512,
}

impl KernelChoice {
    /// The kernel to run: `Auto` resolves to the fastest one the CPU supports; `Avx512` on a
    /// CPU without it is an error that says what to do.
    pub fn resolve(self) -> Result<Kernel, crate::Error> {
        match self {
            KernelChoice::Auto => Ok(Kernel::best()),
            KernelChoice::Scalar => Ok(Kernel::Scalar),
            KernelChoice::Avx512 if Kernel::Avx512.is_available() => Ok(Kernel::Avx512),
            KernelChoice::Avx512 => Err(crate::Error::KernelUnavailable {
                kernel: Kernel::Avx512,
            }),
        }
    }
}

/// The counting kernels.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kernel {
    /// Portable batched search, one node at a time with no branch per node ([`scalar`]).
    Scalar,
    /// Level-synchronous batched search, 16 nodes at a time ([`avx512`]).
    Avx512,
}

impl Kernel {
    /// The kernel's name as shown in tables.
    pub fn name(self) -> &'static str {
        match self {
            Kernel::Scalar => "scalar",
            Kernel::Avx512 => "avx512",
        }
    }

    /// Whether this CPU can run the kernel (checked at run time).
    pub fn is_available(self) -> bool {
        match self {
            Kernel::Scalar => true,
            #[cfg(target_arch = "x86_64")]
            Kernel::Avx512 => avx512::available(),
            #[cfg(not(target_arch = "x86_64"))]
            Kernel::Avx512 => false,
        }
    }

    /// The fastest kernel this CPU runs.
    pub fn best() -> Kernel {
        if Kernel::Avx512.is_available() {
            Kernel::Avx512
        } else {
            Kernel::Scalar
        }
    }

    /// Counts the completions of `interior`. Both kernels give the same completions and the
    /// same nodes.
    ///
    /// # Panics
    ///
    /// If the CPU cannot run the kernel ([`Kernel::is_available`]).
    pub fn count(self, interior: &Interior) -> InteriorCount {
        match self {
            Kernel::Scalar => scalar::count(interior),
            #[cfg(target_arch = "x86_64")]
            Kernel::Avx512 => avx512::count(interior),
            #[cfg(not(target_arch = "x86_64"))]
            Kernel::Avx512 => panic!("the avx512 kernel exists only on x86-64"),
        }
    }
}

impl Kernel {
    /// Counts a group of interiors: `Σ weights[i] · completions(its[i])` and the nodes of all
    /// their trees, the same as [`Kernel::count`] on each. The scalar kernel searches the group
    /// together ([`group`]), which keeps its batches full when the interiors are small; the
    /// avx512 kernel counts them one by one.
    ///
    /// # Panics
    ///
    /// If the CPU cannot run the kernel or `its` and `weights` differ in length.
    pub fn count_weighted(self, its: &[Interior], weights: &[u8]) -> WeightedCount {
        match self {
            Kernel::Scalar => group::count_weighted(its, weights),
            Kernel::Avx512 => {
                assert_eq!(its.len(), weights.len(), "one weight per interior");
                let mut total = WeightedCount::default();
                for (it, &w) in its.iter().zip(weights) {
                    let c = self.count(it);
                    total.weighted += u64::from(w) * c.completions;
                    total.nodes += c.nodes;
                }
                total
            }
        }
    }
}

/// A plain, obviously correct recursive count of an interior, for tests of the kernels: the
/// completions, and the nodes as the kernels count them (every placement in a free row other
/// than the last two).
pub fn reference_count(interior: &Interior) -> InteriorCount {
    fn go(it: &Interior, i: usize, cols: u32, ld: u32, rd: u32, total: &mut InteriorCount) {
        if i == it.depth {
            total.completions += 1;
            return;
        }
        for c in 0..32 {
            let b = 1u32 << c;
            if it.inner & b != 0 && (cols | ld | rd | it.blocked[i]) & b == 0 {
                if i + 2 < it.depth {
                    total.nodes += 1;
                }
                let s = it.shift[i];
                go(
                    it,
                    i + 1,
                    cols | b,
                    (ld | b).checked_shl(s).unwrap_or(0),
                    (rd | b).checked_shr(s).unwrap_or(0),
                    total,
                );
            }
        }
    }
    let mut total = InteriorCount::default();
    go(interior, 0, interior.cols, 0, 0, &mut total);
    total
}
