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
//!
//! Its units are the orbits, with the engine's estimate of their work ([`orbit_cost`]); they
//! run as the plain profile's do ([`super::profile::ProfileOptions`]: largest estimate first,
//! each reported as it finishes, stopped between units when asked).

use super::constellation::Constellation;
use super::kernel::Interior;
use super::profile::{DepthCount, Profile, ProfileEnd, ProfileOptions, run_units};
use super::symmetric::{choose_member, orbit_cost};
use crate::plan::Engine;

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
/// orbits ([`super::constellation::orbits`]), on `threads` threads. The result does not depend
/// on the thread count.
pub fn symmetric_profile(
    n: usize,
    orbits: &[Vec<Constellation>],
    threads: usize,
) -> SymmetricProfile {
    match symmetric_profile_with(n, orbits, &ProfileOptions::threads(threads)) {
        ProfileEnd::Complete(p) => p,
        // No stop flag: nothing can stop it.
        ProfileEnd::Stopped { .. } => unreachable!("a search without a stop flag stopped"),
    }
}

/// [`symmetric_profile`] as `options` say: one unit per orbit (unit `i` is `orbits[i]`, its
/// work [`orbit_cost`]), reported to `options.on_unit` with the solutions its search found
/// (one representative each, unweighted), and stopped between units by `options.stop`.
pub fn symmetric_profile_with(
    n: usize,
    orbits: &[Vec<Constellation>],
    options: &ProfileOptions<'_>,
) -> ProfileEnd<SymmetricProfile> {
    assert!((1..=32).contains(&n), "board size {n} outside 1..=32");
    let work: Vec<u64> = orbits.iter().map(|o| orbit_cost(n, o)).collect();
    // Per orbit: counts per depth (the root included), its weight, and the nodes its kernel
    // search builds (depths below the root down to n − 2).
    let end = run_units(&work, options, |i| {
        let (it, weight) = choose_member(n, &orbits[i]);
        let root = n - it.depth; // the border queens already on the board
        let mut counts = [0u64; 33];
        counts[root] += 1;
        descend(&it, 0, it.cols, 0, 0, root, &mut counts);
        let kernel_nodes: u128 = (root + 1..=n.saturating_sub(2))
            .map(|d| u128::from(counts[d]))
            .sum();
        let solutions = u128::from(counts[n]);
        ((counts, weight, kernel_nodes), solutions)
    });
    let per_orbit = match end {
        ProfileEnd::Complete(c) => c,
        ProfileEnd::Stopped { finished, total } => {
            return ProfileEnd::Stopped { finished, total };
        }
    };
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
    ProfileEnd::Complete(SymmetricProfile {
        profile: Profile {
            n,
            engine: Engine::Symmetric,
            depths,
        },
        weighted_solutions,
        kernel_nodes,
    })
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
            let p = symmetric_profile(n, &orbits(n), 2);
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
            symmetric_profile(11, &orbits(11), 1),
            symmetric_profile(11, &orbits(11), 3)
        );
    }

    #[test]
    fn orbit_cost_is_the_engines_estimate_and_every_orbit_is_reported() {
        use crate::search::profile::UnitDone;
        use std::sync::Mutex;
        let n = 11;
        let os = orbits(n);
        let plan = SymmetricPlan::new(n, crate::search::kernel::Kernel::Scalar);
        let seen = Mutex::new(Vec::new());
        let on_unit = |u: &UnitDone| seen.lock().unwrap().push(*u);
        let options = ProfileOptions {
            threads: 2,
            on_unit: &on_unit,
            stop: None,
        };
        let p = symmetric_profile_with(n, &os, &options).complete().unwrap();
        let mut seen = seen.into_inner().unwrap();
        seen.sort_by_key(|u| u.id);
        assert_eq!(seen.len(), os.len());
        for (i, u) in seen.iter().enumerate() {
            // The orbit units follow the 2n Burnside units in the engine's plan.
            assert_eq!(u.work, plan.estimated_work(2 * n + i), "orbit {i}");
        }
        let solutions: u128 = seen.iter().map(|u| u.solutions).sum();
        assert_eq!(solutions, p.profile.depths[n].solutions);
    }

    #[test]
    fn a_stopped_search_gives_no_profile() {
        let stop = crate::plan::stop::StopFlag::new();
        stop.request();
        let os = orbits(10);
        let options = ProfileOptions {
            stop: Some(&stop),
            ..ProfileOptions::threads(2)
        };
        assert_eq!(
            symmetric_profile_with(10, &os, &options),
            ProfileEnd::Stopped {
                finished: 0,
                total: os.len()
            }
        );
    }
}
