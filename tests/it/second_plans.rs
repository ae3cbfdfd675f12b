//! The symmetric engine's second plans, the ring plans, innermost and outer
//! (`src/search/plans/ring.rs`), against the border plan, the enumerate engine and the
//! published values; sums in any order; nodes, on the scalar kernel and on every vector
//! kernel of the registry (a module each, `second_plans::<kernel>::…`, expanded from
//! `queens::for_each_kernel!`; `ignored` with the reason where this CPU lacks the kernel). The
//! plans are built as `queens count --split` builds them ([`build_split`]). (A side-by-side
//! timing of the plans is `cargo bench --bench measurements -- side-by-side`.) The unit costs
//! are the library's unit tests (`src/search/plans/mod.rs`).

use crate::common::{options, units_sum_to};
use queens::plan::{ClassCounts, Engine, Plan, Tally};
use queens::runner::{Split, build_split, run_plan, run_units};
use queens::search::kernel::Kernel;

/// The plans that are not the border plan.
const SECOND: [Split; 2] = [Split::Ring, Split::OuterRing];

/// The symmetric engine's plan of `n` split by `split`, on `kernel`.
fn plan_of(split: Split, n: usize, kernel: Kernel) -> Box<dyn Plan> {
    build_split(n, Engine::Symmetric, split, kernel).expect("a symmetric plan")
}

/// The border plan of `n` on `kernel`.
fn border_plan(n: usize, kernel: Kernel) -> Box<dyn Plan> {
    plan_of(Split::Border, n, kernel)
}

fn tally(plan: &dyn Plan, threads: usize) -> Tally {
    run_plan(plan, &options(threads))
        .expect("no overflow")
        .tally
}

/// The columns every plan must agree on: boards, F180, F90 and the classes.
fn columns(plan: &dyn Plan, t: &Tally) -> (u128, u128, u128, ClassCounts) {
    let classes = t
        .classes(plan.n(), plan.counts_classes_directly())
        .expect("consistent counts");
    (t.boards, t.fixed_half_turn, t.fixed_quarter_turn, classes)
}

#[test]
fn second_plans_agree_with_the_border_plan_and_with_enumerate_to_15() {
    for n in 1..=15 {
        let symmetric = border_plan(n, Kernel::Scalar);
        let s = columns(symmetric.as_ref(), &tally(symmetric.as_ref(), 2));
        // Enumerate meets every board (2.3 million at n = 15): the plans are held to it on
        // every column, as to each other.
        let enumerate = build_split(n, Engine::Enumerate, Split::default(), Kernel::Scalar)
            .expect("an enumerate plan");
        let e = columns(enumerate.as_ref(), &tally(enumerate.as_ref(), 2));
        assert_eq!(s, e, "n={n}: border vs enumerate");
        for split in SECOND {
            let second = plan_of(split, n, Kernel::Scalar);
            let c = columns(second.as_ref(), &tally(second.as_ref(), 2));
            assert_eq!(c, s, "n={n}: {split} vs border plan");
        }
    }
}

#[test]
#[cfg_attr(
    debug_assertions,
    ignore = "a release test: n = 16, 17 take minutes unoptimized"
)]
fn second_plans_match_the_published_values_for_16_and_17() {
    for (n, split) in [16, 17].into_iter().flat_map(|n| SECOND.map(|s| (n, s))) {
        let plan = plan_of(split, n, queens::KernelChoice::Auto.resolve().unwrap());
        let (boards, f180, f90, classes) = columns(plan.as_ref(), &tally(plan.as_ref(), 2));
        let known = queens::verify::lookup(n).expect("published");
        assert_eq!(Some(boards), known.total, "n={n} {split} boards");
        assert_eq!(Some(f180), known.fixed_half_turn, "n={n} {split} F180");
        assert_eq!(Some(f90), known.fixed_quarter_turn, "n={n} {split} F90");
        assert_eq!(
            Some(classes.total()),
            known.classes,
            "n={n} {split} classes"
        );
        assert_eq!(Some(classes.asymmetric), known.asymmetric, "n={n} {split}");
        assert_eq!(Some(classes.half_turn), known.half_turn, "n={n} {split}");
        assert_eq!(
            Some(classes.quarter_turn),
            known.quarter_turn,
            "n={n} {split}"
        );
    }
}

/// A fixed pseudo-random permutation of `0..len` (xorshift, Fisher–Yates).
fn shuffled(len: usize, mut seed: u64) -> Vec<usize> {
    let mut ids: Vec<usize> = (0..len).collect();
    for i in (1..len).rev() {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        ids.swap(i, (seed % (i as u64 + 1)) as usize);
    }
    ids
}

#[test]
fn units_sum_to_the_same_tally_in_any_order_and_grouping() {
    for (n, split) in [1, 3, 4, 5, 9, 12]
        .into_iter()
        .flat_map(|n| SECOND.map(|s| (n, s)))
    {
        let plan = plan_of(split, n, Kernel::Scalar);
        let whole = tally(plan.as_ref(), 1);
        // Shuffled, on two threads.
        for seed in [1, 0x9e37_79b9_7f4a_7c15] {
            let ids = shuffled(plan.unit_count(), seed);
            let t = run_units(plan.as_ref(), &ids, &options(2)).unwrap().tally;
            assert_eq!(t, whole, "n={n} {split} seed {seed}");
        }
        units_sum_to(plan.as_ref(), 5, &whole, &format!("n={n} {split}"));
    }
}

/// A unit's tally, nodes included, is a property of the unit: two plans agree unit by unit;
/// the F180 and F90 units are the border plan's, node for node.
#[test]
fn nodes_are_a_property_of_the_unit() {
    for (n, split) in [6, 8, 11, 13]
        .into_iter()
        .flat_map(|n| SECOND.map(|s| (n, s)))
    {
        let plan = plan_of(split, n, Kernel::Scalar);
        let again = plan_of(split, n, Kernel::Scalar);
        for id in 0..plan.unit_count() {
            assert_eq!(
                plan.count_unit(id),
                again.count_unit(id),
                "n={n} {split} unit {id}"
            );
        }
    }
    let s = border_plan(12, Kernel::Scalar);
    for split in SECOND {
        let c = plan_of(split, 12, Kernel::Scalar);
        for id in 0..24 {
            assert_eq!(c.count_unit(id), s.count_unit(id), "{split} unit {id}");
        }
    }
}

/// The second plans on one vector kernel against the scalar kernel, unit by unit, nodes
/// included, in a module named after the kernel; `ignored` (with the reason) where the CPU
/// lacks it (`build.rs` sets the cfgs from the build machine's CPU).
macro_rules! vector_kernel_tests {
    ($($variant:ident $name:literal $module:ident;)+) => {
        $(vector_kernel_tests!(@one $variant $name $module);)+
    };
    // The scalar kernel is what the others are tested against.
    (@one Scalar $name:literal $module:ident) => {};
    (@one $variant:ident $name:literal $module:ident) => {
        mod $module {
            use super::*;

            #[test]
            #[cfg_attr(not(queens_host_kernel = $name), ignore = "this CPU lacks the kernel (`queens kernels` says what it needs), or the tests were cross-built")]
            fn second_plans_units_match_the_scalar_kernels_nodes_included() {
                let kernel = Kernel::$variant;
                assert!(kernel.is_available(), "build.rs found {kernel:?} on this CPU, the kernel does not");
                for (n, split) in [6, 8, 11, 13].into_iter().flat_map(|n| SECOND.map(|s| (n, s))) {
                    let scalar = plan_of(split, n, Kernel::Scalar);
                    let vector = plan_of(split, n, kernel);
                    assert_eq!(vector.kernel(), kernel.name());
                    for id in 0..scalar.unit_count() {
                        assert_eq!(
                            scalar.count_unit(id),
                            vector.count_unit(id),
                            "n={n} {split} unit {id}: {} vs scalar",
                            kernel.name()
                        );
                    }
                }
            }

            /// The ring plans' interiors are n columns wide: at n = 17 and 18 the vector
            /// kernels count them with the split search (32-bit lanes, 16-bit frames once a
            /// queen takes column 0 or n − 1), at n = 19 in 32-bit lanes; every 53rd orbit
            /// unit of each plan (every 997th in an unoptimized build), nodes included,
            /// against the scalar kernel.
            #[test]
            #[cfg_attr(not(queens_host_kernel = $name), ignore = "this CPU lacks the kernel (`queens kernels` says what it needs), or the tests were cross-built")]
            fn ring_units_of_17_to_19_match_the_scalar_kernels_nodes_included() {
                let kernel = Kernel::$variant;
                let step = if cfg!(debug_assertions) { 997 } else { 53 };
                for (n, split) in (17..=19).flat_map(|n| [(n, Split::Ring), (n, Split::OuterRing)]) {
                    let scalar = plan_of(split, n, Kernel::Scalar);
                    let vector = plan_of(split, n, kernel);
                    for id in (2 * n..scalar.unit_count()).step_by(step) {
                        assert_eq!(
                            scalar.count_unit(id),
                            vector.count_unit(id),
                            "n={n} {split} unit {id}: {} vs scalar",
                            kernel.name()
                        );
                    }
                }
            }
        }
    };
}

queens::for_each_kernel!(vector_kernel_tests);

#[test]
fn ring_identity_and_unit_numbering() {
    let plan = plan_of(Split::Ring, 10, Kernel::Scalar);
    assert_eq!(plan.identity(), "symmetric-ring-v9");
    assert!(!plan.counts_classes_directly());
    assert_eq!(plan.engine(), Engine::Symmetric);
    // Its own orbits (of the innermost ring's placements): 2n Burnside units, then one per
    // orbit, of which there are fewer than the border plan's (the ring's queens cannot stand
    // in the corners of the board), up to n = 17; from n = 18 on the largest orbits are
    // cut into pieces (the unit tests of src/search/plans/ring.rs).
    for n in 4..=32 {
        let (ring, border) = (
            plan_of(Split::Ring, n, Kernel::Scalar),
            border_plan(n, Kernel::Scalar),
        );
        assert!(ring.unit_count() > 2 * n, "n={n}");
        if n <= 17 {
            assert!(ring.unit_count() < border.unit_count(), "n={n}");
        }
    }
    for n in 1..4 {
        let ring = plan_of(Split::Ring, n, Kernel::Scalar);
        assert_eq!(ring.unit_count(), 2 * n + 1);
    }
}

#[test]
fn outer_ring_identity_and_unit_numbering() {
    let plan = plan_of(Split::OuterRing, 10, Kernel::Scalar);
    assert_eq!(plan.identity(), "symmetric-outer-ring-v8");
    assert!(!plan.counts_classes_directly());
    // Its own orbits, of another ring's placements: 2n Burnside units, then one per orbit,
    // fewer than the border plan's from n = 6 to 17 (at 4 and 5 the outer ring is the
    // border, and its orbits are the border plan's constellations; from 18 on large orbits
    // are cut into pieces, as the ring plan's).
    for n in 4..=17 {
        let (outer, border) = (
            plan_of(Split::OuterRing, n, Kernel::Scalar),
            border_plan(n, Kernel::Scalar),
        );
        assert!(outer.unit_count() > 2 * n, "n={n}");
        if n >= 6 {
            assert!(outer.unit_count() < border.unit_count(), "n={n}");
        } else {
            assert_eq!(outer.unit_count(), border.unit_count(), "n={n}");
        }
    }
}
