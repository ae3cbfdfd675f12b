//! The shape of the `symmetric` engine's search: partial boards per depth, where the depth is
//! the number of queens on the board.
//!
//! The engine searches one border constellation per D4 orbit ([`super::symmetric`]): its root
//! is the constellation itself (its 2 to 4 border queens, so its depth is `n − k` for `k` free
//! rows), and below it one queen is added per free row. This profile counts every partial board
//! of those searches, one representative per orbit, unweighted, exactly as the engine's kernels
//! explore them, with one difference: the kernels count the last two free rows by a closed form
//! instead of building them; here they are built and counted too. So:
//!
//! - the nodes at depths `≤ n − 2` below the roots are the nodes the kernels visit (their sum
//!   over a plan's orbit units is the `nodes` of `count --engine symmetric`, less one root per
//!   orbit and less the Burnside units);
//! - the solutions at depth `n` are the completions found, one representative per orbit; with
//!   each orbit's weight (its size) they sum to the total, A000170 ([`SymmetricProfile`]).
//!
//! The Burnside searches that count the symmetric boards are not part of this profile.

use super::constellation::Constellation;
use super::kernel::Interior;
use super::profile::{DepthCount, Profile};
use super::symmetric::choose_member;
use crate::plan::Engine;
use rayon::prelude::*;

/// The profile of the symmetric engine's orbit searches, and the total their solutions stand
/// for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SymmetricProfile {
    /// Nodes and solutions per depth (queens on the board), unweighted.
    pub profile: Profile,
    /// Σ over orbits of weight × solutions: the number of boards, A000170.
    pub weighted_solutions: u128,
    /// Nodes below the roots at depths `≤ n − 2`: what the kernels visit.
    pub kernel_nodes: u128,
}

/// Counts the partial boards below a node of `it` with `i` free rows filled, by depth
/// `base + i + 1` of each child; `cols`, `ld`, `rd` are the interior queens' masks as seen
/// from free row `i` (as in [`super::kernel::scalar`]).
fn descend(
    it: &Interior,
    i: usize,
    cols: u32,
    ld: u32,
    rd: u32,
    base: usize,
    counts: &mut [u64; 33],
) {
    if i == it.depth {
        return; // every free row holds a queen: a solution, counted by the caller
    }
    // Free squares of free row i: interior columns not taken and not attacked by an interior
    // queen (cols, ld, rd) or a border queen (blocked).
    let mut free = it.inner & !(cols | ld | rd | it.blocked[i]);
    // Rows between free row i and the next one: the diagonals move one column per row.
    let s = if i + 1 < it.depth { it.shift[i] } else { 0 };
    while free != 0 {
        let bit = free & free.wrapping_neg(); // lowest set bit: two's complement trick
        free ^= bit; // clear it from the candidates
        counts[base + i + 1] += 1;
        // Rising diagonals shift up (bits past the window are masked by `inner`), falling ones
        // down (bits past column 1 fall off).
        descend(
            it,
            i + 1,
            cols | bit,
            (ld | bit) << s,
            (rd | bit) >> s,
            base,
            counts,
        );
    }
}

/// The profile of the symmetric engine for board size `n` (1..=32), given its constellation
/// orbits ([`super::constellation::orbits`]), on `threads` threads, calling `orbit_done` with
/// the solutions each orbit search found (for progress reports). The result does not depend
/// on the thread count.
pub fn symmetric_profile_with(
    n: usize,
    orbits: &[Vec<Constellation>],
    threads: usize,
    orbit_done: &(dyn Fn(u128) + Sync),
) -> SymmetricProfile {
    assert!((1..=32).contains(&n), "board size {n} outside 1..=32");
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads.max(1))
        .thread_name(|i| format!("queens-profile-{i}"))
        .build()
        .expect("a thread pool can be built");
    // Per orbit: counts per depth (the root included), its weight, and the nodes its kernel
    // search builds (depths below the root down to n − 2).
    let per_orbit: Vec<([u64; 33], u8, u128)> = pool.install(|| {
        orbits
            .par_iter()
            .with_max_len(1)
            .map(|orbit| {
                let (it, weight) = choose_member(n, orbit);
                let root = n - it.depth; // the border queens already on the board
                let mut counts = [0u64; 33];
                counts[root] += 1;
                descend(&it, 0, it.cols, 0, 0, root, &mut counts);
                orbit_done(u128::from(counts[n]));
                let kernel_nodes = (root + 1..=n.saturating_sub(2))
                    .map(|d| u128::from(counts[d]))
                    .sum();
                (counts, weight, kernel_nodes)
            })
            .collect()
    });
    // u64 counts summed in u128, weights at most 8: no overflow for any feasible n.
    let depths = (0..=n)
        .map(|depth| {
            let nodes: u128 = per_orbit.iter().map(|(c, ..)| u128::from(c[depth])).sum();
            DepthCount {
                depth,
                nodes,
                solutions: if depth == n { nodes } else { 0 },
            }
        })
        .collect();
    let weighted_solutions = per_orbit
        .iter()
        .map(|(c, w, _)| u128::from(*w) * u128::from(c[n]))
        .sum();
    let kernel_nodes = per_orbit.iter().map(|(.., k)| k).sum();
    SymmetricProfile {
        profile: Profile {
            n,
            engine: Engine::Symmetric,
            depths,
        },
        weighted_solutions,
        kernel_nodes,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::plan::Plan;
    use crate::search::constellation::orbits;
    use crate::search::enumerate::EnumeratePlan;
    use crate::search::symmetric::SymmetricPlan;

    #[test]
    fn weighted_solutions_are_the_total_and_kernel_nodes_match_the_engine() {
        for n in 1..=12 {
            let p = symmetric_profile_with(n, &orbits(n), 2, &|_| {});
            let whole = EnumeratePlan::new(n);
            let total: u128 = (0..whole.unit_count())
                .map(|i| whole.count_unit(i).boards)
                .sum();
            assert_eq!(p.weighted_solutions, total, "n = {n}");
            let sym = SymmetricPlan::new(n, crate::search::kernel::Kernel::Scalar);
            let orbit_nodes: u128 = (2 * n..sym.unit_count())
                .map(|i| sym.count_unit(i).nodes - 1) // less the root each unit counts
                .sum();
            assert_eq!(p.kernel_nodes, orbit_nodes, "n = {n}");
            assert_eq!(p.profile.depths.len(), n + 1);
        }
    }

    #[test]
    fn profile_does_not_depend_on_thread_count() {
        assert_eq!(
            symmetric_profile_with(11, &orbits(11), 1, &|_| {}),
            symmetric_profile_with(11, &orbits(11), 3, &|_| {})
        );
    }
}
