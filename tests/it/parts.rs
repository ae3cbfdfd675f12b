//! Parts and resumable runs at the library level, for every engine: the parts of any split sum
//! to the whole, refine consistently, and a run resumed from any set of finished units (or
//! stopped and resumed) gives the uninterrupted result.

use crate::common::{build, options};
use queens::plan::{Engine, Part, Plan, Tally};
use queens::runner::Split;
use queens::runner::stop::StopFlag;
use queens::runner::{self as run, RunControl, RunEnd};
use std::collections::BTreeMap;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

fn part_tally(plan: &dyn Plan, part: Part) -> Tally {
    let ids = part.ids(plan.unit_count());
    run::run_units(plan, &ids, &options(2)).unwrap().tally
}

/// Every engine and the symmetric engine's other (border and outer-ring) plans, each with a
/// few sizes.
fn plans() -> Vec<Box<dyn Plan>> {
    let second = |(split, n)| {
        queens::runner::build_split(
            n,
            Engine::Symmetric,
            split,
            queens::KernelChoice::Auto.resolve().unwrap(),
        )
        .unwrap()
    };
    let sizes = [1, 4, 6, 8, 10, 11];
    Engine::ALL
        .iter()
        .flat_map(|&e| sizes.map(|n| build(n, e)))
        .chain(
            [Split::Border, Split::OuterRing]
                .into_iter()
                .flat_map(|s| sizes.map(|n| second((s, n)))),
        )
        .collect()
}

#[test]
fn parts_sum_to_the_whole_for_several_mods() {
    for plan in plans() {
        let whole = run::run_plan(plan.as_ref(), &options(2)).unwrap().tally;
        let published = queens::verify::lookup(plan.n()).and_then(|k| k.total);
        assert_eq!(
            Some(whole.boards),
            published,
            "{} n={}",
            plan.engine(),
            plan.n()
        );
        for m in [1, 2, 3, 5, 8, 64] {
            let parts: Vec<Tally> = (0..m)
                .map(|r| part_tally(plan.as_ref(), Part::new(r, m).unwrap()))
                .collect();
            assert_eq!(
                Tally::sum(&parts).unwrap(),
                whole,
                "{} n={} MOD={m}",
                plan.engine(),
                plan.n()
            );
        }
    }
}

#[test]
fn part_r_of_m_is_parts_r_and_r_plus_m_of_2m() {
    for plan in plans() {
        for m in [1, 3, 4] {
            for r in 0..m {
                let coarse = part_tally(plan.as_ref(), Part::new(r, m).unwrap());
                let fine =
                    [r, r + m].map(|s| part_tally(plan.as_ref(), Part::new(s, 2 * m).unwrap()));
                assert_eq!(
                    Tally::sum(&fine).unwrap(),
                    coarse,
                    "{} n={} part {r}/{m}",
                    plan.engine(),
                    plan.n()
                );
            }
        }
    }
}

/// The plan of `n`, all its unit ids, and the tally of all of them.
fn plan_ids_and_whole(n: usize, engine: Engine) -> (Box<dyn Plan>, Vec<usize>, Tally) {
    let plan = build(n, engine);
    let ids: Vec<usize> = (0..plan.unit_count()).collect();
    let whole = run::run_units(plan.as_ref(), &ids, &options(2))
        .unwrap()
        .tally;
    (plan, ids, whole)
}

#[test]
fn a_run_resumed_from_finished_units_equals_the_whole() {
    for engine in &Engine::ALL {
        let (plan, ids, whole) = plan_ids_and_whole(11, *engine);
        // Every third unit is "already done" (as read back from a checkpoint).
        let done: BTreeMap<usize, Tally> = ids
            .iter()
            .filter(|id| *id % 3 == 1)
            .map(|&id| (id, plan.count_unit(id)))
            .collect();
        let counted = Mutex::new(Vec::new());
        let record = |id: usize, _: &Tally, _: Duration| {
            counted.lock().unwrap().push(id);
            Ok(())
        };
        let control = RunControl {
            done: &done,
            on_unit: &record,
            stop: None,
            pieces: None,
        };
        let end = run::run_units_with(plan.as_ref(), &ids, &options(2), &control).unwrap();
        let RunEnd::Complete(outcome) = end else {
            panic!("a run without a stop request stopped");
        };
        assert_eq!(outcome.tally, whole, "{engine}");
        assert_eq!(outcome.resumed, done.len());
        let mut counted = counted.into_inner().unwrap();
        counted.sort_unstable();
        let expected: Vec<usize> = ids.iter().copied().filter(|id| id % 3 != 1).collect();
        assert_eq!(
            counted, expected,
            "only the units not done are counted, once each"
        );
    }
}

#[test]
fn a_stopped_run_reports_only_units_it_journaled_and_resumes_to_the_whole() {
    for engine in &Engine::ALL {
        let (plan, ids, whole) = plan_ids_and_whole(11, *engine);
        let stop = StopFlag::new();
        let journal = Mutex::new(BTreeMap::new());
        let seen = AtomicUsize::new(0);
        // Ask to stop after the fifth finished unit, as a signal would.
        let record = |id: usize, t: &Tally, _: Duration| {
            journal.lock().unwrap().insert(id, t.clone());
            if seen.fetch_add(1, Ordering::SeqCst) + 1 == 5 {
                stop.request();
            }
            Ok(())
        };
        let empty = BTreeMap::new();
        let control = RunControl {
            done: &empty,
            on_unit: &record,
            stop: Some(&stop),
            pieces: None,
        };
        let end = run::run_units_with(plan.as_ref(), &ids, &options(2), &control).unwrap();
        let journal = journal.into_inner().unwrap();
        match end {
            RunEnd::Stopped { finished, total } => {
                assert_eq!(finished, journal.len(), "{engine}");
                assert_eq!(total, ids.len());
                assert!(finished < total && finished >= 5);
            }
            RunEnd::Complete(_) => panic!("{engine}: the run did not stop"),
        }
        let control = RunControl {
            done: &journal,
            on_unit: &|_, _, _| Ok(()),
            stop: None,
            pieces: None,
        };
        let RunEnd::Complete(outcome) =
            run::run_units_with(plan.as_ref(), &ids, &options(1), &control).unwrap()
        else {
            panic!("the resumed run stopped");
        };
        assert_eq!(outcome.tally, whole, "{engine}");
    }
}

#[test]
fn a_failing_journal_stops_the_run_with_an_error() {
    let plan = build(9, Engine::ALL[0]);
    let ids: Vec<usize> = (0..plan.unit_count()).collect();
    let failing = |_: usize, _: &Tally, _: Duration| Err(std::io::Error::other("disk full"));
    let empty = BTreeMap::new();
    let control = RunControl {
        done: &empty,
        on_unit: &failing,
        stop: None,
        pieces: None,
    };
    let e = run::run_units_with(plan.as_ref(), &ids, &options(2), &control).unwrap_err();
    assert!(e.to_string().contains("disk full"), "{e}");
}
