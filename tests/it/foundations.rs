//! The core library: D4 group laws, canonical forms, the enumerator against a slow reference,
//! and the enumerate engine's totals, classes and node counts against the published values.

use crate::common::assert_has;
use crate::common::row;
use proptest::prelude::*;
use queens::board::{Solution, validate};
use queens::plan::Engine;
use queens::rules::Rules;
use queens::symmetry::{self, SymmetryType, Transform};
use queens::verify;
use std::collections::BTreeSet;
use std::ops::ControlFlow;
use std::sync::OnceLock;

/// The obviously correct reference: every permutation of 0..n in lexicographic order, kept when
/// no two queens share a diagonal (permutations already use each row and column once).
fn slow_solutions(n: usize) -> Vec<Vec<u8>> {
    fn rec(n: usize, used: &mut Vec<bool>, perm: &mut Vec<u8>, out: &mut Vec<Vec<u8>>) {
        if perm.len() == n {
            let ok = !Rules::QUEENS.any_attack(perm);
            if ok {
                out.push(perm.clone());
            }
            return;
        }
        for c in 0..n {
            if !used[c] {
                used[c] = true;
                perm.push(c as u8);
                rec(n, used, perm, out);
                perm.pop();
                used[c] = false;
            }
        }
    }
    let mut out = Vec::new();
    rec(n, &mut vec![false; n], &mut Vec::new(), &mut out);
    out
}

/// The front door's walk over every solution, which returns the partial boards it visited.
fn for_each_solution(n: usize, visit: impl FnMut(&[u8]) -> ControlFlow<()>) -> u64 {
    queens::for_each_solution(n, visit).expect("a size from 1 to 32")
}

fn fast_solutions(n: usize) -> Vec<Vec<u8>> {
    let mut out = Vec::new();
    for_each_solution(n, |cols| {
        out.push(cols.to_vec());
        ControlFlow::Continue(())
    });
    out
}

/// All solutions for n = 4..=10 (n = 2, 3 have none), computed once for the property tests.
fn solution_pool() -> &'static Vec<Solution> {
    static POOL: OnceLock<Vec<Solution>> = OnceLock::new();
    POOL.get_or_init(|| {
        (1..=10)
            .flat_map(fast_solutions)
            .map(|c| Solution::new(c).unwrap())
            .collect()
    })
}

fn any_solution() -> impl Strategy<Value = Solution> {
    (0..solution_pool().len()).prop_map(|i| solution_pool()[i].clone())
}

#[test]
fn enumerator_matches_slow_reference_in_order_for_n_1_to_10() {
    for n in 1..=10 {
        assert_eq!(fast_solutions(n), slow_solutions(n), "n = {n}");
    }
}

#[test]
fn full_tree_node_counts_are_a319283() {
    assert_eq!(for_each_solution(8, |_| ControlFlow::Continue(())), 2_057);
    assert_eq!(
        for_each_solution(12, |_| ControlFlow::Continue(())),
        856_189
    );
}

#[test]
fn enumerator_stops_when_asked() {
    let mut seen = 0;
    for_each_solution(8, |_| {
        seen += 1;
        if seen == 5 {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    });
    assert_eq!(seen, 5);
}

#[test]
fn n8_has_92_boards_in_12_classes_one_half_turn_symmetric() {
    let r = row(8, Engine::Enumerate, 2);
    assert_eq!(r.total, 92);
    assert_eq!(r.classes.total(), 12);
    assert_eq!(r.classes.asymmetric, 11);
    assert_eq!(r.classes.half_turn, 1);
    assert_eq!(r.classes.quarter_turn, 0);
    assert_eq!(r.nodes, 2_057);
    assert_eq!(r.verdict, verify::Verdict::Verified);
}

#[test]
fn enumerate_engine_matches_published_values_for_n_1_to_13() {
    for n in 1..=13 {
        let r = row(n, Engine::Enumerate, 2);
        let k = verify::lookup(n).unwrap();
        assert_eq!(Some(r.total), k.total, "total, n = {n}");
        assert_eq!(Some(r.classes.total()), k.classes, "classes, n = {n}");
        assert_eq!(
            Some(r.classes.asymmetric),
            k.asymmetric,
            "asymmetric, n = {n}"
        );
        assert_eq!(Some(r.classes.half_turn), k.half_turn, "half_turn, n = {n}");
        assert_eq!(
            Some(r.classes.quarter_turn),
            k.quarter_turn,
            "quarter_turn, n = {n}"
        );
        assert_eq!(Some(r.nodes), k.nodes, "nodes, n = {n}");
        if n >= 2 {
            let c = r.classes;
            assert_eq!(
                r.total,
                8 * c.asymmetric + 4 * c.half_turn + 2 * c.quarter_turn
            );
        }
    }
}

#[test]
fn enumerate_rows_do_not_depend_on_thread_count() {
    let base = row(11, Engine::Enumerate, 1);
    for threads in [2, 4] {
        let r = row(11, Engine::Enumerate, threads);
        assert_eq!(
            (r.total, r.classes, r.nodes),
            (base.total, base.classes, base.nodes)
        );
    }
}

#[test]
fn classes_by_canonicalization_match_a_set_of_canonical_forms() {
    // Slow path: canonicalize every solution with the generic transforms and collect the set.
    for n in 1..=9 {
        let forms: BTreeSet<Solution> = slow_solutions(n)
            .into_iter()
            .map(|c| symmetry::canonical(&Solution::new(c).unwrap()))
            .collect();
        let r = row(n, Engine::Enumerate, 1);
        assert_eq!(forms.len() as u128, r.classes.total(), "n = {n}");
        let half = forms
            .iter()
            .filter(|s| symmetry::symmetry_type(s) == SymmetryType::HalfTurn)
            .count();
        assert_eq!(half as u128, r.classes.half_turn, "n = {n}");
    }
}

#[test]
fn d4_has_eight_distinct_elements_and_an_identity() {
    let s: Solution = "0 4 7 5 2 6 1 3".parse().unwrap();
    let images: BTreeSet<Solution> = Transform::ALL.iter().map(|t| t.apply(&s)).collect();
    assert_eq!(images.len(), 8);
    assert_eq!(Transform::Identity.apply(&s), s);
    for t in Transform::ALL {
        assert_eq!(Transform::Identity.compose(t), t);
        assert_eq!(t.compose(Transform::Identity), t);
    }
}

#[test]
fn quarter_turn_four_times_is_the_identity() {
    let r = Transform::Rot90;
    assert_eq!(r.compose(r).compose(r).compose(r), Transform::Identity);
    assert_eq!(r.compose(r), Transform::Rot180);
    assert_eq!(r.inverse(), Transform::Rot270);
}

proptest! {
    #[test]
    fn d4_is_closed_under_composition(s in any_solution(), a in 0..8usize, b in 0..8usize) {
        let (a, b) = (Transform::ALL[a], Transform::ALL[b]);
        prop_assert_eq!(a.compose(b).apply(&s), a.apply(&b.apply(&s)));
    }

    #[test]
    fn every_element_has_an_inverse(s in any_solution(), g in 0..8usize) {
        let g = Transform::ALL[g];
        prop_assert_eq!(g.inverse().apply(&g.apply(&s)), s.clone());
        prop_assert_eq!(g.compose(g.inverse()), Transform::Identity);
    }

    #[test]
    fn every_element_maps_solutions_to_solutions(s in any_solution(), g in 0..8usize) {
        prop_assert_eq!(validate(&Transform::ALL[g].apply_cols(s.cols()), &Rules::QUEENS), Ok(()));
    }

    #[test]
    fn canonical_form_is_invariant(s in any_solution(), g in 0..8usize) {
        let image = Transform::ALL[g].apply(&s);
        prop_assert_eq!(symmetry::canonical(&image), symmetry::canonical(&s));
        prop_assert!(symmetry::canonical(&s) <= s.clone());
    }

    #[test]
    fn orbit_times_stabilizer_is_eight(s in any_solution()) {
        let orbit = symmetry::orbit(&s).len();
        let stabilizer = symmetry::stabilizer(&s).len();
        prop_assert_eq!(orbit * stabilizer, 8);
        let expected = match (s.n(), symmetry::symmetry_type(&s)) {
            (1, _) => 1,
            (_, SymmetryType::Asymmetric) => 8,
            (_, SymmetryType::HalfTurn) => 4,
            (_, SymmetryType::QuarterTurn) => 2,
        };
        prop_assert_eq!(orbit, expected);
    }

    #[test]
    fn transforms_to_canonical_really_map_there(s in any_solution()) {
        let c = symmetry::canonical(&s);
        let ts = symmetry::transforms_to_canonical(&s);
        prop_assert_eq!(ts.len(), symmetry::stabilizer(&s).len());
        for t in ts {
            prop_assert_eq!(t.apply(&s), c.clone());
        }
    }
}

/// Every error a documented front-door call can return converts into `queens::Error` with `?`:
/// a board that does not parse (`str::parse`, `Solution::parse_in`), columns that are no
/// solution (`Solution::new`), a checkpoint a journaled count cannot use (`Counter::start`),
/// and the count's own errors (sizes, kernels, options).
#[test]
fn every_front_door_error_converts_into_queens_error_with_question_mark() {
    fn parse(text: &str) -> Result<queens::Classification, queens::Error> {
        Ok(queens::classify(&text.parse()?))
    }
    fn parse_in(text: &str) -> Result<Solution, queens::Error> {
        Ok(Solution::parse_in(
            text,
            queens::board::notation::Notation::Digits,
        )?)
    }
    fn new(cols: Vec<u8>) -> Result<Solution, queens::Error> {
        Ok(Solution::new(cols)?)
    }
    fn journaled(path: &std::path::Path) -> Result<queens::Outcome, queens::Error> {
        let counter = queens::Counter::new(8).checkpoint(path);
        let plan = counter.plan()?;
        Ok(counter.start(plan.as_ref())?.run()?)
    }
    assert_eq!(
        parse("0 4 7 5 2 6 1 3").unwrap().symmetry,
        SymmetryType::Asymmetric
    );
    let e = parse("0 1").unwrap_err();
    assert!(matches!(e, queens::Error::Board(_)), "{e:?}");
    assert_eq!(
        e.to_string(),
        "the queens at row 0 column 0 and row 1 column 1 attack each other along a diagonal"
    );
    assert!(matches!(parse("x y"), Err(queens::Error::Board(_))));
    assert_eq!(
        parse_in("15863724").unwrap().cols(),
        [0, 4, 7, 5, 2, 6, 1, 3]
    );
    assert!(matches!(parse_in("11"), Err(queens::Error::Board(_))));
    let e = new(vec![0, 0]).unwrap_err();
    assert!(
        matches!(
            e,
            queens::Error::Board(queens::ParseSolutionError::Invalid(
                queens::InvalidSolution::RepeatedColumn { col: 0, .. }
            ))
        ),
        "{e:?}"
    );
    // A checkpoint that is not one: refused, boxed as what Counter::start said.
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("n8.ckpt");
    std::fs::write(&bad, "not a checkpoint\n").unwrap();
    let e = journaled(&bad).unwrap_err();
    let queens::Error::Checkpoint(inner) = &e else {
        panic!("{e:?}")
    };
    let resume = inner.downcast_ref::<queens::ResumeError>().unwrap();
    assert!(
        matches!(resume, queens::ResumeError::Checkpoint(c) if c.is_usage()),
        "{resume:?}"
    );
    assert_eq!(e.to_string(), resume.to_string());
    assert_eq!(std::fs::read_to_string(&bad).unwrap(), "not a checkpoint\n");
    // A count's own error comes out as itself, not boxed.
    let fresh = dir.path().join("n33.ckpt");
    let counter = queens::Counter::new(33).checkpoint(&fresh);
    let e = counter.plan().map(|_| ()).unwrap_err();
    assert!(
        matches!(e, queens::Error::SizeOutOfRange { n: 33, .. }),
        "{e:?}"
    );
    // And a good checkpoint runs to the end through the same `?`s.
    let good = dir.path().join("n8-good.ckpt");
    let queens::Outcome::Complete(done) = journaled(&good).unwrap() else {
        panic!("no stop flag")
    };
    assert_eq!(done.counts().unwrap().total, 92);
}

/// Every type a front-door function returns or yields is named at the crate root.
#[test]
fn every_type_the_front_door_returns_or_yields_is_at_the_crate_root() {
    let counts: queens::Counts = queens::count(8).unwrap();
    let _: queens::ClassCounts = counts.classes;
    let _: queens::Verdict = counts.verified();
    let counter: queens::Counter = queens::Counter::new(8);
    let plan: Box<dyn queens::Plan> = counter.plan().unwrap();
    assert!(queens::Plan::unit_count(plan.as_ref()) > 0);
    let journaled: Result<queens::Journaled, queens::ResumeError> = counter.start(plan.as_ref());
    let outcome: queens::Outcome = journaled.unwrap().run().unwrap();
    let queens::Outcome::Complete(finished) = outcome else {
        panic!("no stop flag")
    };
    let _: queens::Finished = finished;
    let mut solutions: queens::Solutions = queens::solutions(8).unwrap();
    let _: queens::Solution = solutions.next().unwrap();
    let mut classes: queens::Classes = queens::classes(8).unwrap();
    let first: queens::ClassInfo = classes.next().unwrap();
    let _: queens::SymmetryType = first.symmetry;
    let c: queens::Classification = queens::classify(&first.canonical);
    assert_eq!(c.canonical, first.canonical);
    let _: queens::ParseSolutionError = "".parse::<queens::Solution>().unwrap_err();
    let _: queens::InvalidSolution = queens::Solution::new(vec![]).unwrap_err();
    // And what the builder takes.
    let stop = queens::StopFlag::new();
    let done = std::collections::BTreeMap::<usize, queens::Tally>::new();
    let part: queens::Part = queens::Part::new(0, 1).unwrap();
    let c = queens::Counter::new(8)
        .engine(queens::Engine::Symmetric)
        .split(queens::Split::Ring)
        .kernel(queens::KernelChoice::Auto)
        .part(part)
        .resume_from(&done)
        .stop_flag(&stop)
        .count()
        .unwrap();
    assert_eq!(c.total, 92);
}

/// `Counts` prints as one line (its format is documented on the `Display` impl), and checks
/// itself against the published values as the CLI's `verified` column does: matches,
/// disagrees (naming the fields), or nothing published.
#[test]
fn counts_display_and_verified_mirror_the_cli() {
    use queens::Verdict;
    let c = queens::Counter::new(12)
        .engine(Engine::Enumerate)
        .threads(2)
        .count()
        .unwrap();
    assert_eq!(
        c.to_string(),
        "n = 12: 14200 solutions in 1787 classes (1765 asymmetric, 18 half-turn, 4 quarter-turn)"
    );
    let long = format!("{c:#}");
    let run = long
        .strip_prefix(&format!("{c}; "))
        .unwrap_or_else(|| panic!("{long}"));
    assert!(
        run.starts_with("856189 nodes, enumerate engine, plan enumerate-"),
        "{run}"
    );
    assert_has(run, ", scalar kernel, 2 threads, ");
    assert!(run.ends_with(" s"), "{run}");
    assert_eq!(
        queens::count(2).unwrap().to_string(),
        "n = 2: 0 solutions in 0 classes (0 asymmetric, 0 half-turn, 0 quarter-turn)"
    );
    // Matches, as the CLI's row does.
    assert_eq!(c.verified(), Verdict::Verified);
    assert_eq!(
        queens::formats::table::Row::from_counts(&c).verdict,
        c.verified()
    );
    // Disagrees: every field that does, with both values. The plain tree's nodes count for
    // the enumerate engine only.
    let mut wrong = c.clone();
    wrong.classes.half_turn += 1;
    wrong.nodes += 1;
    let Verdict::Mismatch(fields) = wrong.verified() else {
        panic!("{:?}", wrong.verified())
    };
    let named: Vec<_> = fields
        .iter()
        .map(|m| (m.field, m.expected, m.computed))
        .collect();
    assert_eq!(
        named,
        [
            ("classes", 1787, 1788),
            ("half_turn", 18, 19),
            ("nodes", 856_189, 856_190)
        ]
    );
    assert_eq!(
        queens::formats::table::Row::from_counts(&wrong).verdict,
        wrong.verified()
    );
    let mut symmetric = queens::count(12).unwrap();
    symmetric.nodes += 1; // its own plan's nodes: nothing published to compare
    assert_eq!(symmetric.verified(), Verdict::Verified);
    // Nothing published beyond n = 27.
    let mut beyond = c;
    beyond.n = 28;
    assert_eq!(beyond.verified(), Verdict::Unknown);
}
