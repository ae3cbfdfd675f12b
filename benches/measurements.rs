//! Measurements: figures that the docs quote and that no test asserts (a test must hold on any
//! machine; these are timings and fits). Each prints its figures; none runs unless named:
//!
//! ```text
//! cargo bench --bench measurements -- estimates [N…]
//! cargo bench --bench measurements -- split [N…]
//! cargo bench --bench measurements -- side-by-side [N…] [runs=R] [split=S] [kernel=K]
//! cargo bench --bench measurements -- forecast N [rules=R] [split=S] [strata=K] [cap=SECONDS]
//! ```
//!
//! - `estimates` (default n = 12 13 14): how well the work estimate (`Plan::estimated_work`,
//!   the model of `search/geometry/work.rs` with its constant `DIAGONAL_HIT`, `A`) tracks the
//!   nodes of the border plan's orbit units: the mean and the standard deviation of
//!   `log(estimate / nodes)`, and the ratio of the sums. To fit `A`, change the constant and
//!   run this again. Measured (2026-12-01): `A = 2` gives the smallest spread, sd 0.28 / 0.30
//!   / 0.32 at n = 12 / 13 / 14, and sums 1.10 / 1.14 / 1.18 times the nodes; `A = 1.5` and
//!   `2.5` are off by a factor of about 2 in the sums.
//! - `split` (default n = 16 20 23): for each split of the symmetric engine that estimates
//!   its units' work, its units, its estimated nodes, the largest unit's share of the work,
//!   and the largest of 256 parts (`--part k/256`: the units `≡ k mod 256`) against the mean
//!   part.
//! - `side-by-side` (default n = 16 17, 5 runs, the ring split, the scalar kernel): the border
//!   plan and another split timed in turns on one thread, each run building its plan and
//!   counting every unit as `queens count` does (the two alternate so that a drift of the
//!   machine's speed hits both): the median time, the nodes per second, and the median of the
//!   paired ratios.
//! - `forecast N` (rules `queens`, `superqueens` or `torus`; the ring split, or `split=S`; 8
//!   strata; cap 60 s): the CPU time and nodes of a whole count of the split's plan forecast from timed units, and the check
//!   of the method where the whole count is cheap. The units (in decreasing order of
//!   `Plan::estimated_work`) are cut into K strata of equal estimated work; in each, units are
//!   counted on one thread from its middle rank outwards while the stratum's timed units stay
//!   under `cap` seconds in all (the strata of the smallest units first, so that a unit
//!   expected to break the cap is skipped untimed), and the stratum's time is its estimated work times their
//!   seconds per estimated unit (its nodes likewise). A stratum none of whose units fits the
//!   cap (the largest units of a large n) takes the rate of the nearest timed stratum: the
//!   line says so, and how far the timed strata's rates spread. With `whole` as a last
//!   argument it also counts every unit and prints the forecast against the truth; `cap=0`
//!   prints the plan's units and estimated work alone.
//!
//! (The scalar kernel's steps per node is a test that asserts the saving, beside the kernel:
//! its steps are counted only in test builds.)

use queens::plan::{Engine, Plan, Tally};
use queens::rules::Rules;
use queens::runner::{RunOptions, Split, build_split, run_plan};
use queens::search::kernel::Kernel;
use queens::{Counter, KernelChoice};
use rayon::prelude::*;
use std::time::Instant;

fn main() {
    // `cargo bench` hands every bench `--bench`; a plain `cargo bench` names no measurement.
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with("--"))
        .collect();
    let Some((name, rest)) = args.split_first() else {
        eprintln!(
            "measurements: name one: estimates, split or side-by-side (see benches/measurements.rs)"
        );
        return;
    };
    let sizes = |default: &[usize]| -> Vec<usize> {
        let given: Vec<usize> = rest.iter().filter_map(|a| a.parse().ok()).collect();
        if given.is_empty() {
            default.to_vec()
        } else {
            given
        }
    };
    let option = |key: &str, default: &str| -> String {
        rest.iter()
            .find_map(|a| a.strip_prefix(key)?.strip_prefix('='))
            .unwrap_or(default)
            .to_string()
    };
    match name.as_str() {
        "estimates" => sizes(&[12, 13, 14]).into_iter().for_each(estimates),
        "split" => sizes(&[16, 20, 23]).into_iter().for_each(split_figures),
        "side-by-side" => {
            let runs = option("runs", "5").parse().expect("runs=R: a whole number");
            let split = option("split", "ring");
            let split = Split::ALL
                .into_iter()
                .find(|s| s.name() == split && *s != Split::Border)
                .expect("split=S: a split other than the border split");
            let kernel = Kernel::from_name(&option("kernel", "scalar"))
                .filter(|k| k.is_available())
                .expect("kernel=K: a kernel this CPU runs");
            for n in sizes(&[16, 17]) {
                side_by_side(n, split, kernel, runs);
            }
        }
        "forecast" => {
            let rules = match option("rules", "superqueens").as_str() {
                "queens" => Rules::QUEENS,
                "superqueens" => Rules::SUPERQUEENS,
                "torus" => Rules::TORUS_QUEENS,
                other => panic!("rules={other}: queens, superqueens or torus"),
            };
            let strata = option("strata", "8")
                .parse()
                .expect("strata=K: a whole number");
            let cap = option("cap", "60").parse().expect("cap=SECONDS: a number");
            let whole = rest.last().is_some_and(|a| a == "whole");
            let split = option("split", "ring");
            let split = Split::ALL
                .into_iter()
                .find(|s| s.name() == split)
                .expect("split=S: a split of the symmetric engine");
            for n in sizes(&[21]) {
                forecast(n, rules, split, strata, cap, whole);
            }
        }
        other => panic!("no measurement {other:?}: estimates, split, side-by-side or forecast"),
    }
}

/// The symmetric engine's plan of `n` split by `split`, on `kernel`.
fn plan_of(split: Split, n: usize, kernel: Kernel) -> Box<dyn Plan> {
    build_split(n, Engine::Symmetric, split, kernel).expect("a symmetric plan")
}

/// The work estimate against the nodes over the border plan's orbit units (the units after
/// the 2n units of the boards fixed by a half or a quarter turn).
fn estimates(n: usize) {
    let plan = plan_of(Split::Border, n, Kernel::Scalar);
    let ids: Vec<usize> = (2 * n..plan.unit_count()).collect();
    let nodes: Vec<f64> = ids
        .par_iter()
        .map(|&id| plan.count_unit(id).nodes as f64 + 1.0)
        .collect();
    let est: Vec<f64> = ids
        .iter()
        .map(|&id| plan.estimated_work(id) as f64 + 1.0)
        .collect();
    let logs: Vec<f64> = est.iter().zip(&nodes).map(|(e, x)| (e / x).ln()).collect();
    let mean = logs.iter().sum::<f64>() / logs.len() as f64;
    let sd = (logs.iter().map(|l| (l - mean).powi(2)).sum::<f64>() / logs.len() as f64).sqrt();
    let ratio = est.iter().sum::<f64>() / nodes.iter().sum::<f64>();
    println!(
        "n={n} border plan, {} orbit units: mean log(est/nodes) {mean:.3} sd {sd:.3} sum ratio {ratio:.3}",
        ids.len()
    );
}

/// Each split's units at `n`, the largest unit's estimated share of the work, and the largest
/// of 256 parts against the mean part.
fn split_figures(n: usize) {
    for split in Split::ALL {
        let started = Instant::now();
        let plan = plan_of(split, n, Kernel::Scalar);
        let costs: Vec<u64> = (0..plan.unit_count())
            .map(|id| plan.estimated_work(id))
            .collect();
        if costs.iter().all(|&c| c == 1) {
            // A plan that does not estimate its units' work (`ESTIMATES_WORK` false) leaves
            // every unit at 1.
            println!(
                "n={n} {split} plan: {} units, no estimate of their work",
                costs.len()
            );
            continue;
        }
        let total: f64 = costs.iter().map(|&c| c as f64).sum();
        let (largest, id) = costs
            .iter()
            .enumerate()
            .map(|(i, &c)| (c, i))
            .max()
            .expect("units");
        let mut parts = [0f64; 256];
        for (id, &c) in costs.iter().enumerate() {
            parts[id % 256] += c as f64;
        }
        let max_part = parts.iter().cloned().fold(0.0, f64::max);
        println!(
            "n={n} {split} plan: {} units, estimated nodes {total:.3e}, largest unit {id} with \
             {:.4}% of the work ({:.3} of a 256th), largest of 256 parts {:.3}x the mean \
             ({:.1} s)",
            costs.len(),
            100.0 * largest as f64 / total,
            largest as f64 / (total / 256.0),
            max_part / (total / 256.0),
            started.elapsed().as_secs_f64(),
        );
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

/// The border plan and `second` timed side by side at `n` on `kernel`, `runs` times each.
fn side_by_side(n: usize, second: Split, kernel: Kernel, runs: usize) {
    let names = ["border", second.name()];
    let mut times = [Vec::new(), Vec::new()];
    let mut nodes = [0u128; 2];
    for run in 0..runs {
        for (k, split) in [Split::Border, second].into_iter().enumerate() {
            let started = Instant::now();
            let plan = plan_of(split, n, kernel);
            let t: Tally = run_plan(plan.as_ref(), &RunOptions { threads: 1 })
                .expect("no overflow")
                .tally;
            let seconds = started.elapsed().as_secs_f64();
            println!("n={n} run {run} {split}: {seconds:.3} s, {} nodes", t.nodes);
            times[k].push(seconds);
            nodes[k] = t.nodes;
        }
    }
    let ratios: Vec<f64> = times[1].iter().zip(&times[0]).map(|(c, b)| c / b).collect();
    for (k, name) in names.into_iter().enumerate() {
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
        "n={n} {second} / border ({}): median of paired ratios {:.3} ({:.3}-{:.3})",
        kernel.name(),
        median(ratios.clone()),
        ratios.iter().cloned().fold(f64::MAX, f64::min),
        ratios.iter().cloned().fold(0.0, f64::max)
    );
}

/// A stratum of [`forecast`]: its first and last unit (exclusive), its estimated work, and
/// what was timed of it (seconds, nodes, estimated work, units), if anything.
type Stratum = (usize, usize, f64, Option<(f64, f64, f64, usize)>);

/// One unit counted on this thread: its seconds and nodes.
fn timed_unit(plan: &dyn Plan, id: usize) -> (f64, f64) {
    let started = Instant::now();
    let tally = plan.count_unit(id);
    (started.elapsed().as_secs_f64(), tally.nodes as f64)
}

/// The forecast of a whole count from timed units (see the module's page).
fn forecast(n: usize, rules: Rules, split: Split, strata: usize, cap: f64, whole: bool) {
    let started = Instant::now();
    let plan = Counter::new(n)
        .rules(rules)
        .split(split)
        .kernel(KernelChoice::Auto)
        .plan()
        .expect("a plan of the default engine");
    let units = plan.unit_count();
    let est: Vec<f64> = (0..units)
        .map(|id| plan.estimated_work(id) as f64)
        .collect();
    let total: f64 = est.iter().sum();
    println!(
        "n={n} {}: {units} units, plan {} on {} built in {:.1} s, estimated work {total:.3e}",
        rules.identity_suffix(),
        plan.identity(),
        plan.kernel(),
        started.elapsed().as_secs_f64()
    );
    // Strata of equal estimated work: unit ranges [first, last).
    let mut bounds = vec![0];
    let mut sum = 0.0;
    for (id, e) in est.iter().enumerate() {
        sum += e;
        if sum >= total * bounds.len() as f64 / strata as f64 && bounds.len() < strata {
            bounds.push(id + 1);
        }
    }
    bounds.push(units);
    bounds.dedup();
    if cap == 0.0 {
        // The plan alone: its strata, nothing timed.
        let sizes: Vec<String> = bounds
            .windows(2)
            .map(|w| (w[1] - w[0]).to_string())
            .collect();
        let largest = est.iter().cloned().fold(0.0, f64::max);
        println!(
            "  strata of {} units; the largest unit {:.4}% of the work; cap=0: nothing timed",
            sizes.join(", "),
            100.0 * largest / total
        );
        return;
    }
    // Per stratum: (estimated work, Some((seconds, nodes, timed estimate, units timed))).
    // The strata of the smallest units first, so that the rate is known before a large unit
    // is met.
    let mut rows: Vec<Stratum> = Vec::new();
    for w in bounds.windows(2).rev() {
        let (first, last) = (w[0], w[1]);
        let work: f64 = est[first..last].iter().sum();
        // From the middle rank outwards, alternately, while the next unit's expected time
        // (by the rate seen so far, or the stratum's least estimate first) keeps within cap.
        let mid = (first + last) / 2;
        let order = (0..last - first).map(|k| {
            let step = k.div_ceil(2);
            if k % 2 == 1 {
                mid + step
            } else {
                mid.wrapping_sub(step)
            }
        });
        let order: Vec<usize> = order.filter(|&id| (first..last).contains(&id)).collect();
        let (mut secs, mut nodes, mut timed_est, mut count) = (0.0, 0.0, 0.0, 0);
        let rate_so_far = rows
            .iter()
            .rev()
            .find_map(|r| r.3.map(|(s, _, e, _)| s / e))
            .unwrap_or(0.0);
        for id in order {
            let rate = if count > 0 {
                secs / timed_est
            } else {
                rate_so_far
            };
            if rate > 0.0 && secs + rate * est[id] > cap {
                continue;
            }
            let (s, x) = timed_unit(plan.as_ref(), id);
            secs += s;
            nodes += x;
            timed_est += est[id];
            count += 1;
            if secs > cap {
                break;
            }
        }
        let sample = (count > 0).then_some((secs, nodes, timed_est, count));
        rows.push((first, last, work, sample));
    }
    rows.reverse();
    // Untimed strata: the rate of the nearest timed one (by position).
    let timed: Vec<usize> = (0..rows.len()).filter(|&i| rows[i].3.is_some()).collect();
    let (mut seconds, mut node_sum) = (0.0, 0.0);
    let mut rates = Vec::new();
    for (i, (first, last, work, sample)) in rows.iter().enumerate() {
        let (from, borrowed) = match sample {
            Some(_) => (i, false),
            None => (
                *timed
                    .iter()
                    .min_by_key(|&&t| t.abs_diff(i))
                    .expect("some stratum timed"),
                true,
            ),
        };
        let (s, x, e, count) = rows[from].3.expect("timed");
        let (rate, node_rate) = (s / e, x / e);
        rates.push(rate);
        seconds += work * rate;
        node_sum += work * node_rate;
        println!(
            "  stratum units {first}..{last}: est {work:.3e} ({:.1}%), {}: {:.3e} s/est, {:.3} nodes/est -> {:.0} CPU-s",
            100.0 * work / total,
            if borrowed {
                format!("none under the cap: the rate of stratum {from}'s")
            } else {
                format!("{count} units timed, {s:.1} s")
            },
            rate,
            node_rate,
            work * rate
        );
    }
    let lo = rates.iter().cloned().fold(f64::INFINITY, f64::min);
    let hi = rates.iter().cloned().fold(0.0, f64::max);
    println!(
        "  forecast: {seconds:.0} CPU-s ({:.2} CPU-hours), {node_sum:.3e} nodes; the strata's rates spread {:.2}x; measured in {:.0} s",
        seconds / 3600.0,
        hi / lo,
        started.elapsed().as_secs_f64()
    );
    if whole {
        let started = Instant::now();
        let (s, x): (Vec<f64>, Vec<f64>) = (0..units)
            .into_par_iter()
            .map(|id| timed_unit(plan.as_ref(), id))
            .unzip();
        let (s, x): (f64, f64) = (s.iter().sum(), x.iter().sum());
        println!(
            "  whole count: {s:.0} CPU-s, {x:.3e} nodes ({:.0} s wall): the forecast is {:.3}x the time, {:.3}x the nodes",
            started.elapsed().as_secs_f64(),
            seconds / s,
            node_sum / x
        );
    }
}
