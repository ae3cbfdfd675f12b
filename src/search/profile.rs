//! The shape of the plain search tree: how many partial boards (nodes) it holds at each depth.
//!
//! Depth `d` counts the placements of queens in rows `0..d` that no two attack each other: for
//! the plain backtracking tree of [`crate::search::enumerate`] this is OEIS A319284 (n = 8:
//! 1 8 42 140 344 568 550 312 92), its sum is the tree's node count A319283, and its last entry
//! is the number of solutions A000170.
//!
//! The kernel is the same bitmask backtracking as the enumerator, with one counter per depth
//! instead of a visitor. The tree is split below the root, one subtree per column of row 0,
//! and the subtrees are counted on a pool of threads.

use super::enumerate::{Masks, full_mask};
use crate::plan::Engine;
use rayon::prelude::*;

/// Nodes of one depth of a search tree.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DepthCount {
    /// Rows filled (0: the empty board).
    pub depth: usize,
    /// Partial boards at this depth.
    pub nodes: u128,
    /// Complete solutions among them (non-zero only at depth n in the plain tree).
    pub solutions: u128,
}

/// Nodes per depth of one engine's search tree for one board size.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Profile {
    /// Board size.
    pub n: usize,
    /// The engine whose tree this is.
    pub engine: Engine,
    /// Depths `0..=n`, in order.
    pub depths: Vec<DepthCount>,
}

impl Profile {
    /// All nodes of the tree (A319283 for the plain tree), or `None` on overflow.
    pub fn total_nodes(&self) -> Option<u128> {
        self.depths
            .iter()
            .try_fold(0u128, |acc, d| acc.checked_add(d.nodes))
    }

    /// All solutions met (A000170 for the plain tree), or `None` on overflow.
    pub fn total_solutions(&self) -> Option<u128> {
        self.depths
            .iter()
            .try_fold(0u128, |acc, d| acc.checked_add(d.solutions))
    }
}

/// Counts the nodes below (and including) a node at depth `row` whose next row's attacked
/// squares are `m` (the enumerator's masks), one counter per depth.
fn descend(full: u32, row: usize, m: Masks, counts: &mut [u64; 33]) {
    counts[row] += 1;
    // Free squares of the next row; none once every column holds a queen (row == n).
    let mut free = m.free(full);
    while free != 0 {
        let bit = free & free.wrapping_neg(); // lowest set bit: two's complement trick
        free ^= bit; // clear it from the candidates
        descend(full, row + 1, m.place(bit, full), counts);
    }
}

/// Nodes per depth of the plain backtracking tree of size `n` (1..=32), counted on `threads`
/// threads (at least 1). The result does not depend on the thread count.
pub fn plain_profile(n: usize, threads: usize) -> Profile {
    plain_profile_with(n, threads, &|_| {})
}

/// The number of subtrees [`plain_profile_with`] reports on: one per column of row 0.
pub fn subtree_count(n: usize) -> usize {
    n
}

/// [`plain_profile`], calling `subtree_done` with the solutions of each finished subtree
/// (for progress reports).
pub fn plain_profile_with(
    n: usize,
    threads: usize,
    subtree_done: &(dyn Fn(u128) + Sync),
) -> Profile {
    assert!((1..=32).contains(&n), "board size {n} outside 1..=32");
    let full = full_mask(n);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads.clamp(1, n))
        .thread_name(|i| format!("queens-profile-{i}"))
        .build()
        .expect("a thread pool can be built");
    // One subtree per column of row 0; the root itself is counted once, here.
    let subtrees: Vec<[u64; 33]> = pool.install(|| {
        (0..n)
            .into_par_iter()
            .with_max_len(1)
            .map(|c| {
                let mut counts = [0u64; 33];
                descend(full, 1, Masks::EMPTY.place(1 << c, full), &mut counts);
                subtree_done(u128::from(counts[n]));
                counts
            })
            .collect()
    });
    let depths = (0..=n)
        .map(|depth| {
            let nodes: u128 = if depth == 0 {
                1
            } else {
                // u64 counts summed in u128: at most 32 terms, cannot overflow.
                subtrees.iter().map(|c| u128::from(c[depth])).sum()
            };
            DepthCount {
                depth,
                nodes,
                solutions: if depth == n { nodes } else { 0 },
            }
        })
        .collect();
    Profile {
        n,
        engine: Engine::Enumerate,
        depths,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::enumerate::for_each_solution;
    use std::ops::ControlFlow;

    fn nodes(p: &Profile) -> Vec<u128> {
        p.depths.iter().map(|d| d.nodes).collect()
    }

    #[test]
    fn n8_profile_is_a319284() {
        let p = plain_profile(8, 2);
        assert_eq!(nodes(&p), vec![1, 8, 42, 140, 344, 568, 550, 312, 92]);
        assert_eq!(p.total_nodes(), Some(2057));
        assert_eq!(p.total_solutions(), Some(92));
    }

    /// A slow, obviously correct profile: every partial placement of rows 0..d, checked
    /// square by square.
    fn brute_profile(n: usize) -> Vec<u128> {
        fn extend(n: usize, path: &mut Vec<usize>, counts: &mut [u128]) {
            counts[path.len()] += 1;
            if path.len() == n {
                return;
            }
            let r = path.len();
            for c in 0..n {
                let safe = path
                    .iter()
                    .enumerate()
                    .all(|(r2, &c2)| c2 != c && c2.abs_diff(c) != r - r2);
                if safe {
                    path.push(c);
                    extend(n, path, counts);
                    path.pop();
                }
            }
        }
        let mut counts = vec![0u128; n + 1];
        extend(n, &mut Vec::new(), &mut counts);
        counts
    }

    #[test]
    fn profile_agrees_with_brute_force_and_with_the_enumerator() {
        for n in 1..=10 {
            let p = plain_profile(n, 3);
            assert_eq!(nodes(&p), brute_profile(n), "n={n}");
            let mut solutions = 0u128;
            let tree_nodes = for_each_solution(n, |_| {
                solutions += 1;
                ControlFlow::Continue(())
            });
            assert_eq!(p.total_nodes(), Some(u128::from(tree_nodes)), "n={n}");
            assert_eq!(p.total_solutions(), Some(solutions), "n={n}");
            assert_eq!(p.depths.len(), n + 1);
        }
    }

    #[test]
    fn profile_does_not_depend_on_threads() {
        assert_eq!(plain_profile(11, 1), plain_profile(11, 4));
    }
}
