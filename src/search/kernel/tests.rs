//! The kernels against the plain recursive count ([`reference_count`]) and against each
//! other: the scalar kernel on every orbit of n = 13 and 14 (where its batches fill up) and on
//! deep and wide random interiors; then, once per vector kernel of the registry (a module
//! each, named after the kernel's module: `search::kernel::tests::<kernel>::…`, expanded by
//! `for_each_kernel!` from `kernels!`, so that a kernel added there is tested here with no
//! line of its own), that kernel against the scalar one on every unit of n = 1..15 (in each of
//! its lane widths) and on random single units up to n = 32. [`last_rows`] checks the closed
//! forms that end the searches.
//!
//! A vector kernel's tests are `ignored`, with the reason, where the CPU that built the tests
//! lacks it (`build.rs` sets `queens_host_kernel = "<name>"` for each kernel the build
//! machine's CPU runs): shown and counted as ignored, never passed without checking. The
//! registry as the command line shows it, and the refusal of a kernel this CPU lacks, are
//! tested in `tests/it/kernels.rs`.

mod last_rows;

use super::{Interior, InteriorCount, Kernel, MAX_DEPTH, reference_count};
use crate::plan::Plan;
use crate::search::geometry::constellation::{self, orbits};
use crate::search::plans::border::{SymmetricPlan, choose_member};
use proptest::prelude::*;

/// A small xorshift generator: reproducible pseudo-random masks (seeded by proptest where a
/// failing case should replay).
pub(super) struct Rng(pub u64);

impl Rng {
    /// The next word.
    pub fn next(&mut self) -> u64 {
        // xorshift64: three shifts and xors, a full period over the nonzero words.
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    /// The next word's low 32 bits.
    pub fn mask(&mut self) -> u32 {
        self.next() as u32
    }

    /// A number below `k`.
    pub fn below(&mut self, k: usize) -> usize {
        (self.next() % k as u64) as usize
    }
}

/// Sizes where levels hold thousands of nodes, so the scalar kernel's batches stop at their
/// limit and resume: completions and nodes equal the plain recursive count's on the member
/// the engine searches of every orbit.
#[test]
fn scalar_matches_the_reference_count_on_every_orbit_for_n_13_and_14() {
    for n in [13, 14] {
        for orbit in orbits(n) {
            let (it, _) = choose_member(n, &orbit);
            assert_eq!(
                Kernel::Scalar.count(&it),
                reference_count(&it),
                "n={n} {orbit:?}"
            );
        }
    }
}

/// An interior like those of boards up to n = 32 (masks of up to 30 bits, 1 to 3 rows between
/// free rows), with random border attacks dense enough that its tree stays small (over 200
/// cases the reference counts about 5 million completions: the cases are not all empty).
fn wide_interior() -> impl Strategy<Value = Interior> {
    (19usize..=32, 4usize..=6).prop_flat_map(|(n, depth)| {
        // A few columns taken by border queens; about half the squares of each row blocked,
        // a quarter in odd rows.
        let taken = |c: u32| c & (c >> 7) & (c >> 13);
        random_interior(depth, u32::MAX >> (32 - (n - 2)), taken, |a, _| a)
    })
}

/// Interiors of `depth` free rows of the columns `inner`: the columns `taken` of a random
/// word taken, each row's blocked squares from two random words (`even` of them in even
/// rows, their common bits in odd ones), 1 to 3 rows to the next free row (the last none).
fn random_interior(
    depth: usize,
    inner: u32,
    taken: fn(u32) -> u32,
    even: fn(u32, u32) -> u32,
) -> impl Strategy<Value = Interior> {
    let rows = prop::collection::vec((any::<u32>(), any::<u32>(), 1u32..=3), depth);
    (any::<u32>(), rows).prop_map(move |(cols, rows)| {
        let mut it = Interior {
            depth,
            inner,
            cols: taken(cols) & inner,
            blocked: [0; MAX_DEPTH],
            shift: [0; MAX_DEPTH],
            rules: crate::rules::Rules::QUEENS,
        };
        for (i, (a, b, s)) in rows.into_iter().enumerate() {
            it.blocked[i] = if i % 2 == 0 { even(a, b) } else { a & b } & inner;
            it.shift[i] = if i + 1 < depth { s } else { 0 };
        }
        it
    })
}

/// A solution of the n-queens problem for n ≥ 4 by the classic explicit construction (1-based
/// columns: the even ones, then the odd ones; for n ≡ 2 (mod 6) the odd list starts 3, 1 and
/// ends with 5; for n ≡ 3 (mod 6) 2 moves to the end of the even list and 1, 3 to the end of
/// the odd list), checked here to be one.
fn constructed_solution(n: usize) -> Vec<u8> {
    let mut evens: Vec<usize> = (2..=n).step_by(2).collect();
    let mut odds: Vec<usize> = (1..=n).step_by(2).collect();
    match n % 6 {
        2 => {
            odds.swap(0, 1);
            let five = odds.remove(2);
            odds.push(five);
        }
        3 => {
            let two = evens.remove(0);
            evens.push(two);
            odds.drain(..2);
            odds.extend([1, 3]);
        }
        _ => {}
    }
    let cols: Vec<u8> = evens
        .into_iter()
        .chain(odds)
        .map(|c| (c - 1) as u8)
        .collect();
    for a in 0..n {
        for b in a + 1..n {
            let (ca, cb) = (i64::from(cols[a]), i64::from(cols[b]));
            assert!(ca != cb && (ca - cb).abs() != (b - a) as i64, "n = {n}");
        }
    }
    cols
}

/// Narrow trees with at least one completion, as deep as interiors go: each free row's squares
/// cut down to those of a known solution plus about one random square in three rows. Either
/// the interior of a real solution's border queens on a board of 24 to 32 (20 to 29 free rows,
/// 1 to 3 rows apart), or an interior of `depth` consecutive free rows and no border queen in
/// the way, up to the 30 free rows the kernels allow (`MAX_DEPTH`).
fn deep_interior() -> impl Strategy<Value = Interior> {
    let extras = || prop::collection::vec(any::<u32>(), MAX_DEPTH);
    // About one bit in 16 of a random word: a random extra square in about one row in three.
    let sparse = |x: u32| x & (x >> 8) & (x >> 16) & (x >> 24);
    let real = (24usize..=32, extras()).prop_map(move |(n, extras)| {
        let cols = constructed_solution(n);
        let [top, bottom, left, right] = constellation::of_solution(&cols);
        let c = constellation::Constellation {
            top,
            bottom,
            left,
            right,
            weight: 1,
        };
        let mut it = Interior::new(n, &c);
        let border_rows = [0, n - 1, left as usize, right as usize];
        let free_rows = (1..n - 1).filter(|r| !border_rows.contains(r));
        for (i, row) in free_rows.enumerate() {
            // Interior column c is bit c − 1.
            let own = 1u32 << (cols[row] - 1);
            it.blocked[i] |= it.inner & !(own | sparse(extras[i]));
        }
        it
    });
    let synthetic = (20usize..=MAX_DEPTH, extras()).prop_map(move |(depth, extras)| {
        let cols = constructed_solution(depth);
        let inner = u32::MAX >> (32 - depth);
        let mut it = Interior {
            depth,
            inner,
            cols: 0,
            blocked: [0; MAX_DEPTH],
            shift: [0; MAX_DEPTH],
            rules: crate::rules::Rules::QUEENS,
        };
        for i in 0..depth {
            it.blocked[i] = inner & !((1u32 << cols[i]) | sparse(extras[i]));
            it.shift[i] = u32::from(i + 1 < depth);
        }
        it
    });
    prop_oneof![real, synthetic]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(100))]

    /// Trees reaching the deepest levels the kernels have: the scalar kernel agrees with the
    /// plain recursive count, completions and nodes, and finds the solution the interior came
    /// from. (Each vector kernel is checked against the scalar one on the same trees below.)
    #[test]
    fn scalar_agrees_with_the_reference_on_deep_narrow_interiors(it in deep_interior()) {
        prop_assert!(it.depth >= 20, "depth {}", it.depth);
        let reference = reference_count(&it);
        prop_assert!(reference.completions >= 1);
        prop_assert_eq!(Kernel::Scalar.count(&it), reference);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// Masks as wide as n = 32 needs: the scalar kernel agrees with the plain recursive count.
    #[test]
    fn scalar_agrees_with_the_reference_on_wide_random_interiors(it in wide_interior()) {
        let reference = reference_count(&it);
        prop_assert_eq!(Kernel::Scalar.count(&it), reference);
    }
}

/// `it` under the superqueen's rules: the same pre-placed attacks, the interior's pieces also
/// attacking the knight's squares.
fn superqueens(mut it: Interior) -> Interior {
    it.rules = crate::rules::Rules::SUPERQUEENS;
    it
}

/// Interiors whose masks fit 16-bit lanes (8 to 16 columns, the vector kernels' narrow
/// search), 4 to 14 free rows 1 to 3 apart, a quarter to half of each row's squares blocked:
/// under the superqueen's rules, trees of up to about 10^5 nodes, where the levels of a
/// vector step fill and empty.
fn narrow_interior() -> impl Strategy<Value = Interior> {
    (8u32..=16, 4usize..=14).prop_flat_map(|(width, depth)| {
        // A column or two taken by pre-placed pieces; about half the squares of each row
        // blocked, a quarter in odd rows.
        let taken = |c: u32| c & (c >> 5) & (c >> 11);
        random_interior(depth, (1u32 << width) - 1, taken, |a, b| a & (b | b >> 3))
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// Superqueens (the knight's word of `kernel::rule`): the scalar kernel agrees with the
    /// rules-aware plain recursive count, completions and nodes, on interiors of 4 to 12 free
    /// rows 1 to 3 apart, 17 to 30 columns; and every kernel this CPU runs counts them so
    /// (each in its own superqueen search; every lane width is tested per kernel below).
    #[test]
    fn superqueens_match_the_reference_on_random_interiors(
        it in prop_oneof![wide_interior(), frame_interior()].prop_map(superqueens)
    ) {
        let reference = reference_count(&it);
        prop_assert_eq!(Kernel::Scalar.count(&it), reference);
        for kernel in Kernel::available() {
            prop_assert_eq!(kernel.count(&it), reference, "{}", kernel.name());
        }
    }

    /// Superqueens on deep trees (20 to 30 free rows), some of them tight (the three-row
    /// closed form): the scalar kernel agrees with the reference. The interiors come from a
    /// queens' solution, so most have no superqueen completion; the nodes still must agree.
    #[test]
    fn superqueens_match_the_reference_on_deep_interiors(it in deep_interior().prop_map(superqueens)) {
        prop_assert_eq!(Kernel::Scalar.count(&it), reference_count(&it));
    }
}

/// Interiors of 17 to 19 columns (n = 19 to 21, where the vector kernels drop the edge
/// columns the border queens take and search 17 columns in 16-bit frames once an edge column
/// is taken: see `frames`), 6 to 12 free rows 1 to 3 apart, a quarter to half of each row's
/// squares blocked (trees of about 140,000 nodes, nine in ten with completions), and random
/// border columns (sometimes edge columns, so that the interior narrows from the start).
fn frame_interior() -> impl Strategy<Value = Interior> {
    (17u32..=19, 6usize..=12, 0u32..6).prop_flat_map(|(width, depth, edge)| {
        let inner = (1u32 << width) - 1;
        (
            Just((width, depth, edge, inner)),
            any::<u32>(),
            prop::collection::vec((any::<u32>(), any::<u32>(), 1u32..=3), depth),
        )
            .prop_map(|((width, depth, edge, inner), cols, rows)| {
                // Columns taken from the start: none, the low edge, the high one, both, the
                // two lowest or the two highest.
                let top = 1 << (width - 1);
                let edges = [0, 1, top, 1 | top, 0b11, top | top >> 1][edge as usize];
                let mut it = Interior {
                    depth,
                    inner,
                    cols: (cols & (cols >> 9) & 0x7FFC | edges) & inner,
                    blocked: [0; MAX_DEPTH],
                    shift: [0; MAX_DEPTH],
                    rules: crate::rules::Rules::QUEENS,
                };
                for (i, (a, b, s)) in rows.into_iter().enumerate() {
                    // About half the squares of each row blocked, a quarter in odd rows.
                    it.blocked[i] = if i % 2 == 0 { a } else { a & b } & inner;
                    it.shift[i] = if i + 1 < depth { s } else { 0 };
                }
                it
            })
    })
}

/// `it` with queens placed in its first `picks.len()` free rows (each on the free square
/// `pick mod` the row's free squares), as pre-placed queens: their columns taken, their
/// diagonal attacks blocked in the rows below. `None` where a row has no free square. A
/// real interior of n = 21 so becomes a tree a thousand times smaller, with the same shape
/// of rows and border attacks.
fn descend(it: &Interior, picks: &[usize]) -> Option<Interior> {
    // The squares of free row `j` the `placed` queens (free row, column) attack diagonally.
    let diagonals = |placed: &[(usize, u32)], j: usize| -> u32 {
        placed.iter().fold(0, |attacked, &(row, column)| {
            let d: u32 = it.shift[row..j].iter().sum();
            let up = 1u32.checked_shl(column + d).unwrap_or(0);
            let down = (1u32 << column).checked_shr(d).unwrap_or(0);
            attacked | up | down
        })
    };
    let r = picks.len();
    let mut sub = it.clone();
    let mut placed = Vec::new();
    for (i, &pick) in picks.iter().enumerate() {
        let mut free = sub.inner & !(sub.cols | sub.blocked[i] | diagonals(&placed, i));
        let count = free.count_ones() as usize;
        if count == 0 {
            return None;
        }
        for _ in 0..pick % count {
            free &= free - 1; // drop the lowest free square
        }
        let column = free.trailing_zeros();
        sub.cols |= 1 << column;
        placed.push((i, column));
    }
    // The rows left, with the placed queens' diagonals among their border attacks.
    for j in r..it.depth {
        sub.blocked[j] |= diagonals(&placed, j) & sub.inner;
    }
    sub.depth = it.depth - r;
    sub.blocked.copy_within(r..it.depth, 0);
    sub.shift.copy_within(r..it.depth, 0);
    Some(sub)
}

/// The largest unit of size `n` by the engine's estimate (the member it searches), with its
/// first `rows` free rows filled by [`descend`] (each queen on the row's lowest free square).
fn largest_unit(n: usize, rows: usize) -> Interior {
    use crate::search::geometry::work::estimated_nodes;
    let (it, _) = orbits(n)
        .iter()
        .map(|o| choose_member(n, o))
        .max_by(|a, b| estimated_nodes(&a.0).total_cmp(&estimated_nodes(&b.0)))
        .expect("orbits");
    descend(&it, &vec![0; rows]).expect("a free square in each row")
}

/// Interiors of millions of nodes on every route of the vector kernels, each with its name:
/// 16-bit lanes (n = 18, 7.9 M nodes), the edge search of 17 columns (n = 19, 79 M), the split
/// search of three windows (n = 20, a row in: 19 M) and 32-bit lanes (n = 21, two rows in:
/// 11 M).
fn large_interiors() -> Vec<(&'static str, Interior)> {
    use super::batched::edge_search_of;
    use super::frames::Route;
    let all = vec![
        ("16-bit lanes, n = 18", largest_unit(18, 0)),
        ("the edge search, n = 19", largest_unit(19, 0)),
        ("the split search, n = 20", largest_unit(20, 1)),
        ("32-bit lanes, n = 21", largest_unit(21, 2)),
    ];
    let routes: Vec<&str> = all
        .iter()
        .map(|(_, it)| match Route::of(it) {
            Route::Narrow => "narrow",
            Route::Split(_) if edge_search_of(it).is_some() => "edges",
            Route::Split(_) => "split",
            Route::Frame(_) => "frame",
            Route::Wide => "wide",
        })
        .collect();
    assert_eq!(routes, ["narrow", "edges", "split", "wide"]);
    all
}

/// A count stopped in the middle: with its watch's flag set, `count` gives up (the watch
/// returns `None`) after less than half of `whole`'s nodes (a look every few thousand steps of
/// each search), and leaves the thread's kernel state clean: counted again outside any
/// watch, and under the watch of a flag never set, it gives `whole` exactly.
fn gives_up_and_counts_right_after<C: PartialEq + std::fmt::Debug>(
    what: &str,
    count: impl Fn() -> C,
    nodes: impl Fn(&C) -> u64,
) {
    use crate::plan::stop::StopFlag;
    let whole = count();
    let stop = StopFlag::new();
    stop.request();
    let mut partial = None;
    assert!(
        stop.watch(|| partial = Some(count())).is_none(),
        "{what}: not given up"
    );
    let partial = partial.expect("counted");
    assert!(
        nodes(&partial) < nodes(&whole) / 2,
        "{what}: gave up after {partial:?} of {whole:?}"
    );
    assert_eq!(count(), whole, "{what}: counted after a give-up");
    assert_eq!(
        StopFlag::new().watch(&count),
        Some(whole),
        "{what}: a flag never set"
    );
}

/// The scalar kernel gives up on a stop in the middle of an interior and counts right
/// afterwards (the vector kernels' tests do the same on each of their routes).
#[test]
fn scalar_gives_up_mid_search_on_a_stop_and_counts_right_after() {
    for (what, it) in [&large_interiors()[0], &large_interiors()[3]] {
        gives_up_and_counts_right_after(what, || Kernel::Scalar.count(it), |c| c.nodes);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// The frames' argument on whole trees, in plain words: an interior of 17 to 19 columns
    /// whose border queens take edge columns counts the same in the narrower interior its
    /// route counts (a 16-bit frame, or the 17 columns left), completions and nodes.
    #[test]
    fn the_scalar_kernel_counts_the_same_in_its_route(it in frame_interior()) {
        use super::frames::Route;
        let narrowed = match Route::of(&it) {
            Route::Frame(frame) => frame.interior,
            Route::Split(frames) if frames.interior().inner < it.inner => frames.interior().clone(),
            _ => {
                prop_assume!(false, "no edge column taken");
                unreachable!()
            }
        };
        let reference = reference_count(&it);
        prop_assert_eq!(Kernel::Scalar.count(&narrowed), reference);
    }
}

/// The interior of any member of any orbit (not only the one the engine would pick) of a
/// size in `sizes`; sizes without orbits are rejected.
fn any_unit(sizes: std::ops::RangeInclusive<usize>) -> impl Strategy<Value = Interior> {
    let picks = (any::<prop::sample::Index>(), any::<prop::sample::Index>());
    (sizes, picks).prop_filter_map("no orbit of this size", |(n, (orbit, member))| {
        let all = orbits(n);
        let orbit = (!all.is_empty()).then(|| orbit.get(&all))?;
        Some(Interior::new(n, member.get(orbit)))
    })
}

/// The tests of one vector kernel against the scalar one, in a module named after it; each
/// `ignored` (with the reason) where the CPU lacks the kernel.
macro_rules! kernel_tests {
    // The scalar kernel is what the others are tested against: no module of its own.
    (Scalar $name:literal $module:ident; $($rest:tt)*) => {
        kernel_tests!($($rest)*);
    };
    ($variant:ident $name:literal $module:ident; $($rest:tt)*) => {
        mod $module {
            use super::*;

            const KERNEL: Kernel = Kernel::$variant;

            /// The kernel, checked to run here (`build.rs` said it does).
            fn kernel() -> Kernel {
                assert!(KERNEL.is_available(), "build.rs found {KERNEL:?} on this CPU, the kernel does not");
                KERNEL
            }

            /// The kernel counts `it` as `expected` (completions and nodes), in its usual
            /// lanes and in its widest.
            fn counts_as(it: &Interior, expected: InteriorCount) -> Result<(), TestCaseError> {
                let kernel = kernel();
                prop_assert_eq!(kernel.count(it), expected, "{:?}", it);
                prop_assert_eq!(kernel.count_wide(it), expected, "wide {:?}", it);
                Ok(())
            }

            #[test]
            #[cfg_attr(not(queens_host_kernel = $name), ignore = "this CPU lacks the kernel (`queens kernels` says what it needs), or the tests were cross-built")]
            fn matches_scalar_on_every_unit_for_n_1_to_15() {
                let kernel = kernel();
                for n in 1..=15 {
                    let scalar = SymmetricPlan::new(n, Kernel::Scalar);
                    let vector = SymmetricPlan::new(n, kernel);
                    assert_eq!(vector.kernel(), kernel.name());
                    assert_eq!(scalar.unit_count(), vector.unit_count());
                    for id in 0..scalar.unit_count() {
                        assert_eq!(scalar.count_unit(id), vector.count_unit(id), "n={n} unit {id}");
                    }
                }
            }

            /// `count` takes 16-bit lanes up to n = 18: this checks the 32-bit search (n ≥ 19)
            /// on every member of every orbit of the sizes it can check quickly.
            #[test]
            #[cfg_attr(not(queens_host_kernel = $name), ignore = "this CPU lacks the kernel (`queens kernels` says what it needs), or the tests were cross-built")]
            fn in_wide_lanes_matches_scalar_on_every_member_for_n_1_to_13() {
                let kernel = kernel();
                for n in 1..=13 {
                    for orbit in orbits(n) {
                        for c in &orbit {
                            let it = Interior::new(n, c);
                            assert_eq!(kernel.count_wide(&it), Kernel::Scalar.count(&it), "n={n} {c:?}");
                        }
                    }
                }
            }


            /// A stop in the middle of an interior, on every route (see [`large_interiors`]):
            /// the search gives up, and the kernel counts right afterwards.
            #[test]
            #[cfg_attr(not(queens_host_kernel = $name), ignore = "this CPU lacks the kernel (`queens kernels` says what it needs), or the tests were cross-built")]
            fn gives_up_mid_search_on_a_stop_and_counts_right_after() {
                let kernel = kernel();
                for (what, it) in large_interiors() {
                    gives_up_and_counts_right_after(what, || kernel.count(&it), |c| c.nodes);
                }
            }

            proptest! {
                #![proptest_config(ProptestConfig::with_cases(48))]

                /// Any member of any orbit (not only the one the engine would pick), n up to
                /// 18: the largest interior that 16-bit lanes hold (every bit of the lane a
                /// column).
                #[test]
                #[cfg_attr(not(queens_host_kernel = $name), ignore = "this CPU lacks the kernel (`queens kernels` says what it needs), or the tests were cross-built")]
                fn matches_scalar_on_random_single_units(it in any_unit(4..=18)) {
                    counts_as(&it, Kernel::Scalar.count(&it))?;
                }
            }

            proptest! {
                #![proptest_config(ProptestConfig::with_cases(200))]

                /// 17 to 19 columns, where `count` searches in 16-bit frames once the edge
                /// columns are taken (whole interiors, or the subtrees of the split search):
                /// the same completions and nodes as the plain recursive count.
                #[test]
                #[cfg_attr(not(queens_host_kernel = $name), ignore = "this CPU lacks the kernel (`queens kernels` says what it needs), or the tests were cross-built")]
                fn matches_the_reference_on_17_to_19_columns(it in frame_interior()) {
                    counts_as(&it, reference_count(&it))?;
                }

                /// Masks as wide as n = 32 needs, in both lane widths.
                #[test]
                #[cfg_attr(not(queens_host_kernel = $name), ignore = "this CPU lacks the kernel (`queens kernels` says what it needs), or the tests were cross-built")]
                fn matches_scalar_on_wide_random_interiors(it in wide_interior()) {
                    counts_as(&it, Kernel::Scalar.count(&it))?;
                }
            }

            /// The edge search (the split search of 17 columns with its wide nodes packed in
            /// 16-bit lanes: `batched::edges`), taken by interiors of both kinds: random
            /// ones that end with two rows, against the plain recursive count, and real units
            /// of n = 19 three rows in (see [`descend`]), which end with three, against the
            /// scalar kernel; completions and nodes.
            #[test]
            #[cfg_attr(not(queens_host_kernel = $name), ignore = "this CPU lacks the kernel (`queens kernels` says what it needs), or the tests were cross-built")]
            fn the_edge_search_matches_on_17_columns_ending_with_two_or_three_rows() {
                use super::super::batched::edge_search_of;
                let kernel = kernel();
                let mut rng = Rng(0x2545_F491_4F6C_DD1D);
                let mut next = || rng.mask();
                let (mut two, mut three, mut completed) = (0, 0, 0);
                for case in 0..300 {
                    let depth = 7 + case % 4;
                    let inner = 0x1_FFFF;
                    let mut it = Interior {
                        depth,
                        inner,
                        // A few inner columns taken, the edges open.
                        cols: next() & next() & next() & 0xFFFE,
                        blocked: [0; MAX_DEPTH],
                        shift: [0; MAX_DEPTH],
                        rules: crate::rules::Rules::QUEENS,
                    };
                    for i in 0..depth {
                        it.blocked[i] = (next() | next() & next()) & inner;
                        it.shift[i] = if i + 1 < depth { 1 + next() % 3 } else { 0 };
                    }
                    if edge_search_of(&it) == Some(false) {
                        two += 1;
                        let reference = reference_count(&it);
                        completed += usize::from(reference.completions > 0);
                        assert_eq!(kernel.count(&it), reference, "{it:?}");
                    }
                }
                for (k, orbit) in orbits(19).iter().enumerate().step_by(97) {
                    let Some(it) = descend(&Interior::new(19, &orbit[0]), &[k, k / 3, k / 7]) else {
                        continue;
                    };
                    if edge_search_of(&it) == Some(true) {
                        three += 1;
                        assert_eq!(kernel.count(&it), Kernel::Scalar.count(&it), "{orbit:?} {k}");
                    }
                }
                assert!(
                    two >= 100 && completed >= 50 && three >= 20,
                    "{two} ending with two rows ({completed} with completions), {three} with three"
                );
            }

            proptest! {
                #![proptest_config(ProptestConfig::with_cases(10))]

                /// Real units of n = 19 and 20 (any member of any orbit), whole trees of
                /// millions of nodes where the split search hands over thousands of subtrees.
                #[test]
                #[cfg_attr(not(queens_host_kernel = $name), ignore = "this CPU lacks the kernel (`queens kernels` says what it needs), or the tests were cross-built")]
                fn matches_scalar_on_random_units_of_n_19_and_20(it in any_unit(19..=20)) {
                    prop_assert_eq!(kernel().count(&it), Kernel::Scalar.count(&it), "{:?}", it);
                }

                /// Real units of n = 21 (any member of any orbit), their first two free rows
                /// filled at random (see [`descend`]): trees of hundreds of thousands of
                /// nodes where the split search hands subtrees to four frames.
                #[test]
                #[cfg_attr(not(queens_host_kernel = $name), ignore = "this CPU lacks the kernel (`queens kernels` says what it needs), or the tests were cross-built")]
                fn matches_scalar_on_random_units_of_n_21_two_rows_in(
                    unit in any_unit(21..=21),
                    picks in prop::collection::vec(any::<usize>(), 2),
                ) {
                    let sub = descend(&unit, &picks);
                    prop_assume!(sub.is_some(), "no free square in the first two rows");
                    let it = sub.unwrap();
                    prop_assert_eq!(kernel().count(&it), Kernel::Scalar.count(&it), "{:?} {:?}", unit, picks);
                }
            }

            proptest! {
                #![proptest_config(ProptestConfig::with_cases(64))]

                /// Superqueens (the batched search with the knight's word, `batched::rule`):
                /// completions and nodes of the plain recursive count, in the kernel's usual
                /// lanes (16-bit ones for up to 16 columns, and in a frame where edge columns
                /// are taken; 32-bit ones beyond) and in its widest, on interiors of 8 to 30
                /// columns whose free rows are 1 to 3 apart. (Before the kernels had their
                /// own superqueen search, `count_wide` counted them as queens.)
                #[test]
                #[cfg_attr(not(queens_host_kernel = $name), ignore = "this CPU lacks the kernel (`queens kernels` says what it needs), or the tests were cross-built")]
                fn counts_superqueens_as_the_reference_on_random_interiors(
                    it in prop_oneof![narrow_interior(), frame_interior(), wide_interior()]
                        .prop_map(superqueens)
                ) {
                    counts_as(&it, reference_count(&it))?;
                }
            }

            proptest! {
                #![proptest_config(ProptestConfig::with_cases(32))]

                /// Superqueens on trees as deep as interiors go (20 to 30 free rows, some
                /// tight: the three-row closed form with the knight's test), in both lane
                /// widths, against the plain recursive count.
                #[test]
                #[cfg_attr(not(queens_host_kernel = $name), ignore = "this CPU lacks the kernel (`queens kernels` says what it needs), or the tests were cross-built")]
                fn counts_superqueens_as_the_reference_on_deep_interiors(
                    it in deep_interior().prop_map(superqueens)
                ) {
                    counts_as(&it, reference_count(&it))?;
                }
            }

            proptest! {
                #![proptest_config(ProptestConfig::with_cases(100))]

                /// Trees reaching the deepest levels the kernels have, in both lane widths.
                #[test]
                #[cfg_attr(not(queens_host_kernel = $name), ignore = "this CPU lacks the kernel (`queens kernels` says what it needs), or the tests were cross-built")]
                fn matches_scalar_on_deep_narrow_interiors(it in deep_interior()) {
                    counts_as(&it, Kernel::Scalar.count(&it))?;
                }
            }
        }

        kernel_tests!($($rest)*);
    };
    () => {};
}

for_each_kernel!(kernel_tests);
