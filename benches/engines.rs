//! Criterion benchmarks: each engine counting n = 12..14 on one thread (totals and classes).
//!
//! Run with `cargo bench --bench engines`. For timings against the plain C reference, use
//! `benches/compare.sh`.

use criterion::{Criterion, criterion_group, criterion_main};
use queens::plan::{self, Engine, Plan};
use queens::progress::ProgressMode;
use queens::run::{RunOptions, run_plan};
use queens::table::Row;
use std::hint::black_box;
use std::time::Duration;

/// Counts `n` with `plan` on one thread and derives the classes, as `queens count` does.
fn count(plan: &dyn Plan) -> Row {
    let options = RunOptions {
        threads: 1,
        progress: ProgressMode::Quiet,
    };
    let outcome = run_plan(plan, &options).expect("no overflow");
    Row::from_run(plan, &outcome).expect("consistent counts")
}

fn engines(c: &mut Criterion) {
    let mut group = c.benchmark_group("count");
    group
        .sample_size(10)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(3));
    for engine in [Engine::Symmetric, Engine::Enumerate] {
        for n in 12..=14 {
            group.bench_function(format!("{engine}/n={n}"), |b| {
                b.iter(|| {
                    // Plan construction is part of a count.
                    let plan = plan::build(black_box(n), engine);
                    count(plan.as_ref())
                })
            });
        }
    }
    group.finish();
}

criterion_group!(benches, engines);
criterion_main!(benches);
