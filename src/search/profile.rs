//! The shape of the plain search tree: how many partial boards (nodes) it holds at each depth.
//!
//! Depth `d` counts the placements of queens in rows `0..d` that no two attack each other: for
//! the plain backtracking tree of [`crate::search::enumerate`] this is OEIS A319284 (n = 8:
//! 1 8 42 140 344 568 550 312 92), its sum is the tree's node count A319283, and its last entry
//! is the number of solutions A000170.
//!
//! The kernel is the same bitmask backtracking as the enumerator, with one counter per depth
//! instead of a visitor. The tree is cut into the enumerate engine's units (the partial boards
//! of its first [`PREFIX_DEPTH`] rows, [`prefix_units`]), with that engine's estimate of their
//! work ([`Plan::estimated_work`]); the units are counted on a pool of threads, largest
//! estimate first, and a [`ProfileOptions`] reports each finished unit and stops the search
//! between units when asked (a [`ProfileEnd::Stopped`] search gives no profile).

use super::enumerate::{EnumeratePlan, Masks, PREFIX_DEPTH, full_mask, prefix_units};
use crate::plan::stop::StopFlag;
use crate::plan::{Engine, Plan, schedule};
use std::collections::BTreeSet;

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

/// One finished unit of a profile search, as [`ProfileOptions::on_unit`] is told of it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct UnitDone {
    /// The unit's number, `0..units` of the search.
    pub id: usize,
    /// Its estimated work, in the search's own units (comparable between its units only).
    pub work: u64,
    /// The complete solutions it met.
    pub solutions: u128,
}

/// How a profile search runs: on how many threads, whom it tells of each finished unit, and
/// what stops it.
#[derive(Clone, Copy)]
pub struct ProfileOptions<'a> {
    /// Threads to use at most (at least 1 is used).
    pub threads: usize,
    /// Called once per finished unit, on the worker thread that counted it (for progress).
    pub on_unit: &'a (dyn Fn(&UnitDone) + Sync),
    /// Read before each unit starts; once set, no new unit starts, the units already running
    /// finish (and reach `on_unit`), and the search ends [`ProfileEnd::Stopped`].
    pub stop: Option<&'a StopFlag>,
}

fn ignore(_: &UnitDone) {}

impl ProfileOptions<'static> {
    /// `threads` threads, no callback, no stop flag.
    pub fn threads(threads: usize) -> ProfileOptions<'static> {
        ProfileOptions {
            threads,
            on_unit: &ignore,
            stop: None,
        }
    }
}

/// How a profile search ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ProfileEnd<T> {
    /// Every unit was counted: the result.
    Complete(T),
    /// The stop flag was set first: no result (a part of a tree's depths is not its profile).
    Stopped {
        /// Units finished (each went through `on_unit`).
        finished: usize,
        /// Units of the search.
        total: usize,
    },
}

impl<T> ProfileEnd<T> {
    /// The result, or `None` if the search was stopped.
    pub fn complete(self) -> Option<T> {
        match self {
            ProfileEnd::Complete(t) => Some(t),
            ProfileEnd::Stopped { .. } => None,
        }
    }
}

/// Counts unit `id` of `work.len()` units with `count` (which returns the unit's result and
/// its solutions) on a pool of `options.threads` threads, largest `work` first, through the
/// runner's scheduler ([`schedule::run_ordered`]). Returns the results in id order, or how
/// many units finished if the stop flag ended the search first.
pub(crate) fn run_units<C: Send>(
    work: &[u64],
    options: &ProfileOptions<'_>,
    count: impl Fn(usize) -> (C, u128) + Sync,
) -> ProfileEnd<Vec<C>> {
    let total = work.len();
    let order = schedule::largest_first(work.iter().copied().enumerate());
    let threads = schedule::pool_size(options.threads, total);
    let results = schedule::run_ordered(&order, threads, "queens-profile", options.stop, |id| {
        let (result, solutions) = count(id);
        (options.on_unit)(&UnitDone {
            id,
            work: work[id],
            solutions,
        });
        Some(result)
    })
    .expect("a thread pool can be built");
    if results.len() < total {
        return ProfileEnd::Stopped {
            finished: results.len(),
            total,
        };
    }
    ProfileEnd::Complete(results.into_iter().map(|(_, c)| c).collect())
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
    match plain_profile_with(n, &ProfileOptions::threads(threads)) {
        ProfileEnd::Complete(p) => p,
        // No stop flag: nothing can stop it.
        ProfileEnd::Stopped { .. } => unreachable!("a search without a stop flag stopped"),
    }
}

/// The units of [`plain_profile_with`] for size `n` (1..=32): the enumerate engine's, with
/// its estimates of their work, in its order (unit `id` of the search is unit `id` of
/// [`EnumeratePlan`]).
pub fn plain_units(n: usize) -> Vec<u64> {
    let plan = EnumeratePlan::new(n);
    (0..plan.unit_count())
        .map(|id| plan.estimated_work(id))
        .collect()
}

/// [`plain_profile`] as `options` say: its units ([`plain_units`]) reported to
/// `options.on_unit` as they finish, and stopped between units by `options.stop`.
pub fn plain_profile_with(n: usize, options: &ProfileOptions<'_>) -> ProfileEnd<Profile> {
    assert!((1..=32).contains(&n), "board size {n} outside 1..=32");
    let full = full_mask(n);
    let units = prefix_units(n, PREFIX_DEPTH.min(n));
    let work = plain_units(n);
    debug_assert_eq!(units.len(), work.len());
    // Each unit counts its own node (its prefix) and every node below it.
    let end = run_units(&work, options, |id| {
        let prefix = &units[id].prefix;
        let m = prefix
            .iter()
            .fold(Masks::EMPTY, |m, &c| m.place(1 << c, full));
        let mut counts = [0u64; 33];
        descend(full, prefix.len(), m, &mut counts);
        let solutions = u128::from(counts[n]);
        (counts, solutions)
    });
    let per_unit = match end {
        ProfileEnd::Complete(c) => c,
        ProfileEnd::Stopped { finished, total } => {
            return ProfileEnd::Stopped { finished, total };
        }
    };
    // The nodes above the cut that are no unit (they have children): the proper prefixes of
    // the units, each once.
    let inner: BTreeSet<&[u8]> = units
        .iter()
        .flat_map(|u| (0..u.prefix.len()).map(|d| &u.prefix[..d]))
        .collect();
    let depths = (0..=n)
        .map(|depth| {
            let above = inner.iter().filter(|p| p.len() == depth).count() as u128;
            // u64 counts summed in u128: at most 32³ terms, cannot overflow.
            let nodes = above + per_unit.iter().map(|c| u128::from(c[depth])).sum::<u128>();
            DepthCount {
                depth,
                nodes,
                solutions: if depth == n { nodes } else { 0 },
            }
        })
        .collect();
    ProfileEnd::Complete(Profile {
        n,
        engine: Engine::Enumerate,
        depths,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::enumerate::for_each_solution;
    use std::ops::ControlFlow;
    use std::sync::Mutex;
    use std::sync::atomic::{AtomicUsize, Ordering};

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

    #[test]
    fn every_unit_is_reported_once_with_the_engines_estimate() {
        let n = 9;
        let seen = Mutex::new(Vec::new());
        let on_unit = |u: &UnitDone| seen.lock().unwrap().push(*u);
        let options = ProfileOptions {
            threads: 3,
            on_unit: &on_unit,
            stop: None,
        };
        let p = plain_profile_with(n, &options).complete().unwrap();
        assert_eq!(p, plain_profile(n, 1));
        let mut seen = seen.into_inner().unwrap();
        seen.sort_by_key(|u| u.id);
        let plan = EnumeratePlan::new(n);
        assert_eq!(seen.len(), plan.unit_count());
        for (i, u) in seen.iter().enumerate() {
            assert_eq!(u.id, i);
            assert_eq!(u.work, plan.estimated_work(i));
            assert_eq!(u.solutions, plan.count_unit(i).boards, "unit {i}");
        }
    }

    #[test]
    fn a_stopped_search_gives_no_profile_and_says_how_far_it_got() {
        let stop = StopFlag::new();
        let done = AtomicUsize::new(0);
        // One thread: the flag is read before each unit, so exactly 5 finish.
        let on_unit = |_: &UnitDone| {
            if done.fetch_add(1, Ordering::SeqCst) + 1 == 5 {
                stop.request();
            }
        };
        let options = ProfileOptions {
            threads: 1,
            on_unit: &on_unit,
            stop: Some(&stop),
        };
        let total = plain_units(10).len();
        assert_eq!(
            plain_profile_with(10, &options),
            ProfileEnd::Stopped { finished: 5, total }
        );
        // Set before the start: nothing is counted.
        let options = ProfileOptions {
            threads: 2,
            on_unit: &ignore,
            stop: Some(&stop),
        };
        assert_eq!(
            plain_profile_with(10, &options),
            ProfileEnd::Stopped { finished: 0, total }
        );
    }
}
