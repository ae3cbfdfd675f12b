//! The coronal plan of the symmetric engine (`src/search/coronal.rs`) against the border plan,
//! the enumerate engine and the published values; sums in any order; nodes; work estimates.
//! Measurements (`--ignored`): the size of the plan at n = 20 and 23, and a side-by-side timing
//! of the two plans.

use queens::plan::Plan;
use queens::plan::{ClassCounts, Tally};
use queens::runner::{RunOptions, run_plan, run_units};
use queens::search::coronal::CoronalPlan;
use queens::search::enumerate::EnumeratePlan;
use queens::search::kernel::Kernel;
use queens::search::symmetric::SymmetricPlan;
use std::io::Write;
use std::time::Instant;

fn options(threads: usize) -> RunOptions {
    RunOptions { threads }
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
fn coronal_agrees_with_the_border_plan_to_15_and_with_enumerate_to_13() {
    for n in 1..=15 {
        let coronal = CoronalPlan::new(n, Kernel::Scalar);
        let c = columns(&coronal, &tally(&coronal, 2));
        let symmetric = SymmetricPlan::new(n, Kernel::Scalar);
        let s = columns(&symmetric, &tally(&symmetric, 2));
        assert_eq!(c, s, "n={n}: coronal vs border plan");
        if n <= 13 {
            let enumerate = EnumeratePlan::new(n);
            let e = columns(&enumerate, &tally(&enumerate, 2));
            assert_eq!(c, e, "n={n}: coronal vs enumerate");
        }
    }
}

#[test]
fn each_unit_counts_the_same_boards_as_the_border_plans_unit() {
    // Both plans number their orbit units by the outer placement's orbit, in the same order,
    // so each unit's boards are counted twice, by independent routes.
    for n in 4..=12 {
        let c = CoronalPlan::new(n, Kernel::Scalar);
        let s = SymmetricPlan::new(n, Kernel::Scalar);
        assert_eq!(c.unit_count(), s.unit_count(), "n={n}");
        for id in 0..c.unit_count() {
            let (a, b) = (c.count_unit(id), s.count_unit(id));
            assert_eq!(
                (a.boards, a.fixed_half_turn, a.fixed_quarter_turn),
                (b.boards, b.fixed_half_turn, b.fixed_quarter_turn),
                "n={n} unit {id}"
            );
        }
    }
}

#[test]
#[cfg_attr(
    debug_assertions,
    ignore = "a release test: n = 16, 17 take minutes unoptimized"
)]
fn coronal_matches_the_published_values_for_16_and_17() {
    for n in [16, 17] {
        let plan = CoronalPlan::new(n, queens::KernelChoice::Auto.resolve().unwrap());
        let (boards, f180, f90, classes) = columns(&plan, &tally(&plan, 2));
        let known = queens::verify::lookup(n).expect("published");
        assert_eq!(Some(boards), known.total, "n={n} boards");
        assert_eq!(Some(f180), known.fixed_half_turn, "n={n} F180");
        assert_eq!(Some(f90), known.fixed_quarter_turn, "n={n} F90");
        assert_eq!(Some(classes.total()), known.classes, "n={n} classes");
        assert_eq!(Some(classes.asymmetric), known.asymmetric, "n={n}");
        assert_eq!(Some(classes.half_turn), known.half_turn, "n={n}");
        assert_eq!(Some(classes.quarter_turn), known.quarter_turn, "n={n}");
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
    for n in [1, 3, 4, 5, 9, 12] {
        let plan = CoronalPlan::new(n, Kernel::Scalar);
        let whole = tally(&plan, 1);
        // Shuffled, on two threads.
        for seed in [1, 0x9e37_79b9_7f4a_7c15] {
            let ids = shuffled(plan.unit_count(), seed);
            let t = run_units(&plan, &ids, &options(2)).unwrap().tally;
            assert_eq!(t, whole, "n={n} seed {seed}");
        }
        // One by one, in reverse order.
        let singles: Vec<Tally> = (0..plan.unit_count())
            .rev()
            .map(|id| plan.count_unit(id))
            .collect();
        assert_eq!(Tally::sum(&singles).unwrap(), whole, "n={n}");
        // Five parts (id mod 5), each run on its own.
        let parts: Vec<Tally> = (0..5)
            .map(|k| {
                let ids: Vec<usize> = (0..plan.unit_count()).filter(|i| i % 5 == k).collect();
                run_units(&plan, &ids, &options(2)).unwrap().tally
            })
            .collect();
        assert_eq!(Tally::sum(&parts).unwrap(), whole, "n={n}");
    }
}

#[test]
fn nodes_are_the_placements_and_the_kernel_nodes_whatever_the_kernel() {
    for n in [6, 8, 11, 13] {
        let plan = CoronalPlan::new(n, Kernel::Scalar);
        let again = CoronalPlan::new(n, Kernel::Scalar);
        // Every other kernel this CPU runs; those it lacks are named as skipped.
        let mut vectors = Vec::new();
        for &kernel in Kernel::ALL.iter().filter(|&&k| k != Kernel::Scalar) {
            if kernel.is_available() {
                vectors.push(CoronalPlan::new(n, kernel));
            } else if n == 6 {
                let _ = writeln!(
                    std::io::stderr(),
                    "SKIPPED the coronal {} comparison: this CPU lacks {}",
                    kernel.name(),
                    kernel.info().needs
                );
            }
        }
        for id in 0..plan.unit_count() {
            let t = plan.count_unit(id);
            // A unit's nodes are a property of the unit.
            assert_eq!(t, again.count_unit(id), "n={n} unit {id}");
            for v in &vectors {
                assert_eq!(
                    t,
                    v.count_unit(id),
                    "n={n} unit {id}: {} vs scalar",
                    v.kernel()
                );
            }
            if id >= 2 * n {
                // The outer placement and every coronal placement are nodes; the kernel's
                // interior nodes come on top.
                assert!(t.nodes > u128::from(plan.placements(id)), "n={n} unit {id}");
            }
        }
    }
    // The F180 and F90 units are the border plan's, node for node.
    let (c, s) = (
        CoronalPlan::new(12, Kernel::Scalar),
        SymmetricPlan::new(12, Kernel::Scalar),
    );
    for id in 0..24 {
        assert_eq!(c.count_unit(id), s.count_unit(id), "unit {id}");
    }
}

#[test]
fn identity_and_unit_numbering() {
    let plan = CoronalPlan::new(10, Kernel::Scalar);
    assert_eq!(plan.identity(), "symmetric-coronal-v1");
    assert_ne!(
        plan.identity(),
        SymmetricPlan::new(10, Kernel::Scalar).identity()
    );
    assert!(!plan.counts_classes_directly());
    assert_eq!(plan.engine(), queens::plan::Engine::Symmetric);
    // One unit per outer orbit: as many as the border plan has constellation orbits.
    for n in 4..=32 {
        let plan = CoronalPlan::new(n, Kernel::Scalar);
        let orbits = queens::search::constellation::orbits(n).len();
        assert_eq!(plan.unit_count(), 2 * n + orbits, "n={n}");
    }
    for n in 1..4 {
        assert_eq!(CoronalPlan::new(n, Kernel::Scalar).unit_count(), 2 * n + 1);
    }
}

/// How well `cost` tracks the measured nodes over a plan's orbit units: the geometric
/// standard deviation of cost / nodes and the ratio of the sums.
fn estimate_quality(plan: &dyn Plan, cost: impl Fn(usize) -> u64) -> (f64, f64) {
    let ids: Vec<usize> = (2 * plan.n()..plan.unit_count()).collect();
    let nodes: Vec<f64> = ids
        .iter()
        .map(|&id| plan.count_unit(id).nodes as f64)
        .collect();
    let costs: Vec<f64> = ids.iter().map(|&id| cost(id) as f64).collect();
    let logs: Vec<f64> = costs
        .iter()
        .zip(&nodes)
        .map(|(c, x)| (c / x).ln())
        .collect();
    let mean = logs.iter().sum::<f64>() / logs.len() as f64;
    let var = logs.iter().map(|l| (l - mean).powi(2)).sum::<f64>() / logs.len() as f64;
    let ratio = costs.iter().sum::<f64>() / nodes.iter().sum::<f64>();
    (var.sqrt().exp(), ratio)
}

#[test]
fn unit_costs_track_the_measured_nodes() {
    for n in [12, 14] {
        let s = SymmetricPlan::new(n, Kernel::Scalar);
        let (spread, ratio) = estimate_quality(&s, |id| s.unit_cost(id));
        println!("n={n} border plan: cost/nodes geometric sd {spread:.3}, sums {ratio:.3}");
        assert!(spread < 1.6 && (0.5..2.0).contains(&ratio), "n={n}");
        let c = CoronalPlan::new(n, Kernel::Scalar);
        let (spread, ratio) = estimate_quality(&c, |id| c.unit_cost(id));
        println!("n={n} coronal plan: cost/nodes geometric sd {spread:.3}, sums {ratio:.3}");
        assert!(spread < 1.25 && (0.5..2.0).contains(&ratio), "n={n}");
        // The F180 and F90 units are estimated too, and small.
        for id in 0..2 * n {
            assert!(c.unit_cost(id) >= 1 && s.unit_cost(id) == c.unit_cost(id));
        }
    }
}

/// The units of each plan at `n`, the largest unit's estimated share of the work, and the
/// largest of 256 parts (`--part k/256`: ids ≡ k mod 256) against the mean part.
fn split_figures(n: usize) {
    use rayon::prelude::*;
    let started = Instant::now();
    let coronal = CoronalPlan::new(n, Kernel::Scalar);
    let symmetric = SymmetricPlan::new(n, Kernel::Scalar);
    let report = |name: &str, costs: Vec<u64>| {
        let total: f64 = costs.iter().map(|&c| c as f64).sum();
        let (largest, id) = costs
            .iter()
            .enumerate()
            .map(|(i, &c)| (c, i))
            .max()
            .unwrap();
        let mut parts = [0f64; 256];
        for (id, &c) in costs.iter().enumerate() {
            parts[id % 256] += c as f64;
        }
        let max_part = parts.iter().cloned().fold(0.0, f64::max);
        println!(
            "n={n} {name}: {} units, estimated nodes {total:.3e}, largest unit {id} with \
             {:.4}% of the work ({:.3} of a 256th), largest of 256 parts {:.3}x the mean",
            costs.len(),
            100.0 * largest as f64 / total,
            largest as f64 / (total / 256.0),
            max_part / (total / 256.0),
        );
    };
    let s: Vec<u64> = (0..symmetric.unit_count())
        .into_par_iter()
        .map(|id| symmetric.unit_cost(id))
        .collect();
    report("border plan", s);
    let c: Vec<u64> = (0..coronal.unit_count())
        .into_par_iter()
        .map(|id| coronal.unit_cost(id))
        .collect();
    let placements: u64 = (0..coronal.unit_count())
        .into_par_iter()
        .map(|id| coronal.placements(id))
        .sum();
    println!("n={n} coronal plan: {placements} coronal placements");
    report("coronal plan", c);
    println!("({:.1} s)", started.elapsed().as_secs_f64());
}

#[test]
#[ignore = "a measurement: minutes at n = 23 (run with --release --nocapture)"]
fn measure_the_split_at_20_and_23() {
    for n in [16, 20, 23] {
        split_figures(n);
    }
}

fn median(mut xs: Vec<f64>) -> f64 {
    xs.sort_by(f64::total_cmp);
    let m = xs.len() / 2;
    if xs.len() % 2 == 1 {
        xs[m]
    } else {
        (xs[m - 1] + xs[m]) / 2.0
    }
}

#[test]
#[ignore = "a measurement: run with --release --nocapture; BENCH_NS (16,17) and BENCH_RUNS (5)"]
fn bench_border_and_coronal_plans_side_by_side() {
    let env = |name: &str, default: &str| std::env::var(name).unwrap_or(default.to_string());
    let ns: Vec<usize> = env("BENCH_NS", "16,17")
        .split(',')
        .map(|s| s.trim().parse().unwrap())
        .collect();
    let runs: usize = env("BENCH_RUNS", "5").parse().unwrap();
    for n in ns {
        // Each run builds its plan and counts every unit on one thread, as `queens count`
        // does; the two plans alternate so that a drift of the machine's speed hits both.
        let mut times = [Vec::new(), Vec::new()];
        let mut nodes = [0u128; 2];
        for run in 0..runs {
            for (k, name) in ["border", "coronal"].into_iter().enumerate() {
                let started = Instant::now();
                let plan: Box<dyn Plan> = if k == 0 {
                    Box::new(SymmetricPlan::new(n, Kernel::Scalar))
                } else {
                    Box::new(CoronalPlan::new(n, Kernel::Scalar))
                };
                let t = tally(plan.as_ref(), 1);
                let seconds = started.elapsed().as_secs_f64();
                println!("n={n} run {run} {name}: {seconds:.3} s, {} nodes", t.nodes);
                times[k].push(seconds);
                nodes[k] = t.nodes;
            }
        }
        let ratios: Vec<f64> = times[1].iter().zip(&times[0]).map(|(c, b)| c / b).collect();
        for (k, name) in ["border", "coronal"].into_iter().enumerate() {
            let m = median(times[k].clone());
            println!(
                "n={n} {name}: median {m:.3} s ({:.3}-{:.3}), {} nodes, {:.1} M nodes/s",
                times[k].iter().cloned().fold(f64::MAX, f64::min),
                times[k].iter().cloned().fold(0.0, f64::max),
                nodes[k],
                nodes[k] as f64 / m / 1e6
            );
        }
        println!(
            "n={n} coronal / border: median of paired ratios {:.3} ({:.3}-{:.3})",
            median(ratios.clone()),
            ratios.iter().cloned().fold(f64::MAX, f64::min),
            ratios.iter().cloned().fold(0.0, f64::max)
        );
    }
}
