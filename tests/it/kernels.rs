//! The kernels against the plain recursive count and against each other: the scalar kernel on
//! every orbit of n = 13 and 14 (where its batches fill up), the vector kernel against the
//! scalar one on every unit of n = 1..15, and random single units. On a CPU without AVX-512
//! the vector kernel's tests say so on stderr (past the test harness's capture) and check only
//! that the kernel is not chosen.

use proptest::prelude::*;
use queens::plan::{Engine, Plan};
use queens::runner::build_with_kernel;
use queens::search::constellation::orbits;
use queens::search::kernel::{Interior, Kernel, KernelChoice};
use queens::search::symmetric::SymmetricPlan;
use std::io::Write;

/// Whether the vector kernel can run here; if not, says so where a test log shows it.
fn avx512_or_skip(test: &str) -> bool {
    if Kernel::Avx512.is_available() {
        return true;
    }
    // Written to the process's stderr directly, not through `eprintln!`, which the test
    // harness captures and hides for passing tests.
    let _ = writeln!(
        std::io::stderr(),
        "SKIPPED {test}: this CPU lacks AVX-512 (avx512f, avx512vpopcntdq); the avx512 kernel is not tested here"
    );
    assert_eq!(Kernel::best(), Kernel::Scalar);
    assert!(KernelChoice::Avx512.resolve().is_err());
    false
}

/// Sizes where levels hold thousands of nodes, so the scalar kernel's batches stop at their
/// limit and resume: completions and nodes equal the plain recursive count's on the member
/// the engine searches of every orbit.
#[test]
fn scalar_matches_the_reference_count_on_every_orbit_for_n_13_and_14() {
    use queens::search::kernel::reference_count;
    use queens::search::symmetric::choose_member;
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

#[test]
fn avx512_matches_scalar_on_every_unit_for_n_1_to_15() {
    if !avx512_or_skip("avx512_matches_scalar_on_every_unit_for_n_1_to_15") {
        return;
    }
    for n in 1..=15 {
        let scalar = SymmetricPlan::new(n, Kernel::Scalar);
        let vector = SymmetricPlan::new(n, Kernel::Avx512);
        assert_eq!(vector.kernel(), "avx512");
        assert_eq!(scalar.unit_count(), vector.unit_count());
        for id in 0..scalar.unit_count() {
            assert_eq!(
                scalar.count_unit(id),
                vector.count_unit(id),
                "n={n} unit {id}"
            );
        }
    }
}

#[test]
fn avx512_wide_lanes_match_scalar_on_every_member_for_n_1_to_13() {
    // `count` takes 16-bit lanes up to n = 18: this checks the 32-bit search (n ≥ 19) on
    // every member of every orbit of the sizes it can check quickly.
    if !avx512_or_skip("avx512_wide_lanes_match_scalar_on_every_member_for_n_1_to_13") {
        return;
    }
    for n in 1..=13 {
        for orbit in orbits(n) {
            for c in &orbit {
                let it = Interior::new(n, c);
                assert_eq!(
                    queens::search::kernel::avx512::count_wide(&it),
                    Kernel::Scalar.count(&it),
                    "n={n} {c:?}"
                );
            }
        }
    }
}

#[test]
fn auto_picks_avx512_where_the_cpu_has_it() {
    if !avx512_or_skip("auto_picks_avx512_where_the_cpu_has_it") {
        return;
    }
    assert_eq!(KernelChoice::Auto.resolve().unwrap(), Kernel::Avx512);
    let plan = build_with_kernel(8, Engine::Symmetric, Kernel::best()).unwrap();
    assert_eq!(plan.kernel(), "avx512");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// Any member of any orbit (not only the one the engine would pick), n up to 17.
    #[test]
    fn avx512_matches_scalar_on_random_single_units(
        n in 4usize..=17,
        orbit_pick in any::<prop::sample::Index>(),
        member_pick in any::<prop::sample::Index>(),
    ) {
        if !avx512_or_skip("avx512_matches_scalar_on_random_single_units") {
            return Ok(());
        }
        let all = orbits(n);
        prop_assume!(!all.is_empty());
        let orbit = orbit_pick.get(&all);
        let member = member_pick.get(orbit);
        let it = Interior::new(n, member);
        let scalar = Kernel::Scalar.count(&it);
        prop_assert_eq!(Kernel::Avx512.count(&it), scalar, "n={} {:?}", n, member);
        prop_assert_eq!(queens::search::kernel::avx512::count_wide(&it), scalar, "n={} {:?}", n, member);
    }
}

/// An interior like those of boards up to n = 32 (masks of up to 30 bits, 1 to 3 rows between
/// free rows), with random border attacks dense enough that its tree stays small (over 200
/// cases the reference counts about 5 million completions: the cases are not all empty).
fn wide_interior() -> impl Strategy<Value = Interior> {
    (19usize..=32, 4usize..=6).prop_flat_map(|(n, depth)| {
        let inner = u32::MAX >> (32 - (n - 2));
        (
            Just(depth),
            Just(inner),
            any::<u32>(),
            prop::collection::vec((any::<u32>(), any::<u32>(), 1u32..=3), depth),
        )
            .prop_map(|(depth, inner, cols, rows)| {
                let mut it = Interior {
                    depth,
                    inner,
                    // A few columns taken by border queens.
                    cols: cols & (cols >> 7) & (cols >> 13) & inner,
                    blocked: [0; queens::search::kernel::MAX_DEPTH],
                    shift: [0; queens::search::kernel::MAX_DEPTH],
                };
                for (i, (a, b, s)) in rows.into_iter().enumerate() {
                    // About half the squares of each row blocked, three quarters in odd rows.
                    it.blocked[i] = if i % 2 == 0 { a } else { a | b } & inner;
                    it.shift[i] = if i + 1 < depth { s } else { 0 };
                }
                it
            })
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
    let extras = || prop::collection::vec(any::<u32>(), queens::search::kernel::MAX_DEPTH);
    // About one bit in 16 of a random word: a random extra square in about one row in three.
    let sparse = |x: u32| x & (x >> 8) & (x >> 16) & (x >> 24);
    let real = (24usize..=32, extras()).prop_map(move |(n, extras)| {
        let cols = constructed_solution(n);
        let [top, bottom, left, right] = queens::search::constellation::of_solution(&cols);
        let c = queens::search::constellation::Constellation {
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
    let synthetic =
        (20usize..=queens::search::kernel::MAX_DEPTH, extras()).prop_map(move |(depth, extras)| {
            let cols = constructed_solution(depth);
            let inner = u32::MAX >> (32 - depth);
            let mut it = Interior {
                depth,
                inner,
                cols: 0,
                blocked: [0; queens::search::kernel::MAX_DEPTH],
                shift: [0; queens::search::kernel::MAX_DEPTH],
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

    /// Trees reaching the deepest levels the kernels have: every kernel agrees with the plain
    /// recursive count, completions and nodes, and finds the solution the interior came from.
    #[test]
    fn kernels_agree_on_deep_narrow_interiors(it in deep_interior()) {
        prop_assert!(it.depth >= 20, "depth {}", it.depth);
        let reference = queens::search::kernel::reference_count(&it);
        prop_assert!(reference.completions >= 1);
        prop_assert_eq!(Kernel::Scalar.count(&it), reference);
        if Kernel::Avx512.is_available() {
            prop_assert_eq!(Kernel::Avx512.count(&it), reference);
            prop_assert_eq!(queens::search::kernel::avx512::count_wide(&it), reference);
        } else {
            avx512_or_skip("kernels_agree_on_deep_narrow_interiors (avx512 part)");
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// Masks as wide as n = 32 needs: every kernel agrees with the plain recursive count.
    #[test]
    fn kernels_agree_on_wide_random_interiors(it in wide_interior()) {
        let reference = queens::search::kernel::reference_count(&it);
        let scalar = Kernel::Scalar.count(&it);
        prop_assert_eq!(scalar, reference);
        if Kernel::Avx512.is_available() {
            prop_assert_eq!(Kernel::Avx512.count(&it), scalar);
            prop_assert_eq!(queens::search::kernel::avx512::count_wide(&it), scalar);
        } else {
            avx512_or_skip("kernels_agree_on_wide_random_interiors (avx512 part)");
        }
    }
}
