//! The engines agree with each other and with brute force; results do not depend on threads
//! or on how units are grouped.

use crate::common::{build, options, plan_row, units_sum_to};
use queens::plan::Engine;
use queens::runner::run_plan;
use std::ops::ControlFlow;

const ENGINES: [Engine; 2] = Engine::ALL;

#[test]
fn symmetric_matches_enumerate_on_totals_and_every_class_column_for_n_1_to_14() {
    for n in 1..=14 {
        let e = plan_row(build(n, Engine::Enumerate).as_ref(), 2);
        let s = plan_row(build(n, Engine::Symmetric).as_ref(), 2);
        assert_eq!(s.total, e.total, "n={n} total");
        assert_eq!(s.classes.asymmetric, e.classes.asymmetric, "n={n} asym");
        assert_eq!(s.classes.half_turn, e.classes.half_turn, "n={n} half");
        assert_eq!(
            s.classes.quarter_turn, e.classes.quarter_turn,
            "n={n} quarter"
        );
        assert_eq!(s.classes.total(), e.classes.total(), "n={n} classes");
    }
}

#[test]
fn symmetric_fixed_board_counts_match_brute_force_up_to_12() {
    for n in 1..=12 {
        // Brute force: every solution, its images under the half and quarter turn compared
        // with it directly.
        let (mut total, mut f180, mut f90) = (0u128, 0u128, 0u128);
        queens::for_each_solution(n, |p| {
            let m = n - 1;
            total += 1;
            f180 += (0..n).all(|r| p[m - r] as usize == m - p[r] as usize) as u128;
            f90 += (0..n).all(|r| p[p[r] as usize] as usize == m - r) as u128;
            ControlFlow::Continue(())
        })
        .unwrap();
        let plan = build(n, Engine::Symmetric);
        let t = run_plan(plan.as_ref(), &options(1)).unwrap().tally;
        assert_eq!(
            (t.boards, t.fixed_half_turn, t.fixed_quarter_turn),
            (total, f180, f90),
            "n={n}"
        );
    }
}

#[test]
fn one_two_and_four_threads_give_identical_rows() {
    for engine in ENGINES {
        for n in [1, 5, 10, 12] {
            let plan = build(n, engine);
            let one = plan_row(plan.as_ref(), 1);
            let mut two = plan_row(plan.as_ref(), 2);
            let mut four = plan_row(plan.as_ref(), 4);
            two.threads = one.threads;
            four.threads = one.threads;
            assert_eq!(one, two, "{engine} n={n}");
            assert_eq!(one, four, "{engine} n={n}");
        }
    }
}

#[test]
fn units_of_a_plan_sum_to_the_whole_in_any_grouping() {
    for engine in ENGINES {
        for n in [1, 4, 8, 11] {
            let plan = build(n, engine);
            let whole = run_plan(plan.as_ref(), &options(2)).unwrap().tally;
            units_sum_to(plan.as_ref(), 3, &whole, &format!("{engine} n={n}"));
        }
    }
}

#[test]
fn every_engine_counts_n_1_to_6() {
    // Checked by hand, not by the library's own tally (which would compare the enumerate
    // engine with itself): n = 1 is one board fixed by every turn; 2 and 3 have none; 4 has
    // 2,4,1,3 and its mirror, one class fixed by a quarter turn; 5 has 10 boards, the class
    // of 1,3,5,2,4 (8 boards) and that of 2,5,3,1,4 (2 boards, fixed by a quarter turn);
    // 6 has 2,4,6,1,3,5 and its 3 images, one class fixed by a half turn only.
    // (n, boards, asymmetric, half-turn, quarter-turn classes)
    const BY_HAND: [(usize, u128, u128, u128, u128); 6] = [
        (1, 1, 0, 0, 1),
        (2, 0, 0, 0, 0),
        (3, 0, 0, 0, 0),
        (4, 2, 0, 0, 1),
        (5, 10, 1, 0, 1),
        (6, 4, 0, 1, 0),
    ];
    for engine in ENGINES {
        for (n, boards, asymmetric, half, quarter) in BY_HAND {
            let r = plan_row(build(n, engine).as_ref(), 2);
            assert_eq!(r.total, boards, "{engine} n={n}");
            assert_eq!(r.classes.asymmetric, asymmetric, "{engine} n={n}");
            assert_eq!(r.classes.half_turn, half, "{engine} n={n}");
            assert_eq!(r.classes.quarter_turn, quarter, "{engine} n={n}");
        }
    }
}

#[test]
fn symmetric_plan_identity_names_split_and_version() {
    let plan = build(10, Engine::Symmetric);
    assert!(plan.identity().starts_with("symmetric-"));
    assert!(plan.identity().contains("-v"));
    assert!(!plan.counts_classes_directly());
    // Units are numbered deterministically: two builds agree unit by unit.
    let again = build(10, Engine::Symmetric);
    assert_eq!(plan.unit_count(), again.unit_count());
    for id in 0..plan.unit_count() {
        assert_eq!(plan.count_unit(id), again.count_unit(id));
    }
}

#[test]
fn symmetric_n16_is_correct_and_visits_under_a_third_of_the_full_tree() {
    // The full tree of n = 16 has 1,141,190,303 nodes (A319283, data/known.csv).
    let plan = build(16, Engine::Symmetric);
    let r = plan_row(plan.as_ref(), 2);
    assert_eq!(r.verdict, queens::verify::Verdict::Verified);
    let full = queens::verify::lookup(16).unwrap().nodes.unwrap();
    assert!(
        r.nodes * 3 <= full,
        "nodes {} vs full tree {}",
        r.nodes,
        full
    );
}
