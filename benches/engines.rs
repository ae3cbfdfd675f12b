//! Criterion benchmarks: each engine (and each kernel of the symmetric engine) counting
//! n = 12..14 on one thread (totals and classes).
//!
//! Run with `cargo bench --bench engines`. For timings against the plain C reference, use
//! `benches/compare.sh`.

use criterion::{Criterion, criterion_group, criterion_main};
use queens::plan::{self, Engine, Plan};
use queens::progress::ProgressMode;
use queens::run::{RunOptions, run_plan};
use queens::search::kernel::Kernel;
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
    let mut configs = vec![
        (Engine::Symmetric, Kernel::Scalar),
        (Engine::Enumerate, Kernel::Scalar),
    ];
    if Kernel::Avx512.is_available() {
        configs.insert(1, (Engine::Symmetric, Kernel::Avx512));
    } else {
        eprintln!("symmetric/avx512 not benchmarked: this CPU lacks AVX-512");
    }
    for (engine, kernel) in configs {
        for n in 12..=14 {
            group.bench_function(format!("{engine}/{}/n={n}", kernel.name()), |b| {
                b.iter(|| {
                    // Plan construction is part of a count.
                    let plan = plan::build_with_kernel(black_box(n), engine, kernel);
                    count(plan.as_ref())
                })
            });
        }
    }
    group.finish();
}

criterion_group!(benches, engines);
criterion_main!(benches);
