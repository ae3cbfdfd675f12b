//! The closed forms that end the kernels' searches, against the plain recursive search
//! ([`reference_count`]) on random units of boards up to n = 32: the three-row count of tight
//! interiors ([`scalar::last_three_rows`], and [`crate::search::kernel::lanes::Lanes::three_rows`]
//! inside every vector kernel this CPU runs, in each lane width), with the nodes the kernels
//! report, which must not depend on where their searches end.
//!
//! A *random unit* here is the bottom of a random solution of the n-queens problem: a few of
//! its rows (the free rows, 1 to 3 rows apart) are emptied and the other queens stay as
//! pre-placed ones, whose columns and diagonals the interior's `cols` and `blocked` hold. It
//! is tight (as many open columns as free rows), as every interior of a border constellation
//! is, and has at least the solution's own completion; random extra blocked squares then
//! remove some completions, so that counts of zero are tested too.

use super::Rng;
use crate::search::kernel::{Interior, Kernel, MAX_DEPTH, reference_count, scalar};
use proptest::prelude::*;

/// A solution of the n-queens problem (the column of each row), found by a search that tries
/// the columns in a random order; `None` if it takes more than a budget of placements.
fn random_solution(n: usize, rng: &mut Rng) -> Option<Vec<usize>> {
    fn go(n: usize, row: usize, sol: &mut Vec<usize>, rng: &mut Rng, budget: &mut u32) -> bool {
        if row == n {
            return true;
        }
        let mut order: Vec<usize> = (0..n).collect();
        for i in (1..n).rev() {
            order.swap(i, rng.below(i + 1));
        }
        for c in order {
            let free = sol
                .iter()
                .enumerate()
                .all(|(r, &q)| q != c && q.abs_diff(c) != row - r);
            if free {
                if *budget == 0 {
                    return false;
                }
                *budget -= 1;
                sol.push(c);
                if go(n, row + 1, sol, rng, budget) {
                    return true;
                }
                sol.pop();
            }
        }
        false
    }
    let mut sol = Vec::with_capacity(n);
    let mut budget = 200_000;
    go(n, 0, &mut sol, rng, &mut budget).then_some(sol)
}

/// A random tight unit of `depth` free rows on an `n × n` board (see the module's
/// documentation), or `None` when the solution search ran out of budget.
fn random_unit(n: usize, depth: usize, seed: u64) -> Option<Interior> {
    let mut rng = Rng(seed | 1);
    let sol = random_solution(n, &mut rng)?;
    // Rows that may be free: inner rows whose queen is on an interior column (at most two
    // inner rows have their queen on a border column, so consecutive ones are 1 to 3 apart).
    let candidates: Vec<usize> = (1..n - 1)
        .filter(|&r| (1..n - 1).contains(&sol[r]))
        .collect();
    if candidates.len() < depth {
        return None;
    }
    let first = rng.below(candidates.len() - depth + 1);
    let rows = &candidates[first..first + depth];
    // Interior column c is bit c − 1; columns 0 and n − 1 have no bit.
    let bit = |c: isize| -> u32 {
        if c >= 1 && c <= n as isize - 2 {
            1 << (c - 1)
        } else {
            0
        }
    };
    let mut it = Interior {
        depth,
        inner: u32::MAX >> (32 - (n - 2)),
        cols: 0,
        blocked: [0; MAX_DEPTH],
        shift: [0; MAX_DEPTH],
        rules: crate::rules::Rules::QUEENS,
    };
    for (r, &q) in sol.iter().enumerate() {
        if rows.contains(&r) {
            continue;
        }
        it.cols |= bit(q as isize);
        for (i, &free_row) in rows.iter().enumerate() {
            let dist = free_row as isize - r as isize;
            it.blocked[i] |= bit(q as isize + dist) | bit(q as isize - dist);
        }
    }
    for i in 0..depth {
        if i + 1 < depth {
            it.shift[i] = (rows[i + 1] - rows[i]) as u32;
        }
        // About one row in three gets a random extra blocked square.
        if rng.below(3) == 0 {
            it.blocked[i] |= bit(1 + rng.below(n - 2) as isize);
        }
    }
    Some(it)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// The last three rows of a tight unit, counted in closed form, as the plain search
    /// counts them.
    #[test]
    fn three_rows_in_closed_form_match_the_plain_search(
        n in 5usize..=32,
        seed in any::<u64>(),
    ) {
        let it = random_unit(n, 3, seed);
        prop_assume!(it.is_some());
        let it = it.unwrap();
        prop_assert_eq!(
            scalar::last_three_rows(&it, 0, it.cols, 0, 0),
            reference_count(&it).completions,
            "{:?}", it
        );
    }

    /// Every kernel this CPU runs, in each of its lane widths, ends the search of a tight
    /// unit (four to ten free rows) with the three-row count, and finds the plain search's
    /// completions and nodes.
    #[test]
    fn every_kernel_ends_tight_units_as_the_plain_search_does(
        n in 6usize..=32,
        depth in 4usize..=10,
        seed in any::<u64>(),
    ) {
        let it = random_unit(n, depth.min(n - 2), seed);
        prop_assume!(it.is_some());
        let it = it.unwrap();
        prop_assert!(scalar::ends_with_three_rows(&it));
        let reference = reference_count(&it);
        for kernel in Kernel::available() {
            prop_assert_eq!(kernel.count(&it), reference, "{} {:?}", kernel.name(), it);
            prop_assert_eq!(kernel.count_wide(&it), reference, "{} wide {:?}", kernel.name(), it);
        }
    }
}

/// The generator makes what the tests need: tight units whose solution is among their
/// completions when nothing extra is blocked, and counts of several sizes.
#[test]
fn random_units_are_tight_and_have_their_solution() {
    let mut seen = std::collections::BTreeSet::new();
    for seed in 0..200u64 {
        let Some(it) = random_unit(20, 6, seed) else {
            continue;
        };
        assert_eq!((it.inner & !it.cols).count_ones(), 6);
        assert!(it.shift[..5].iter().all(|&s| (1..=3).contains(&s)));
        seen.insert(reference_count(&it).completions);
    }
    // Zero (an extra blocked square took the only one) and more than one completion.
    assert!(seen.contains(&0) && seen.iter().any(|&c| c > 1), "{seen:?}");
}
