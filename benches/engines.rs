//! Criterion benchmarks: each engine (and each kernel of the symmetric engine) counting
//! n = 12..14 on one thread (totals and classes).
//!
//! Run with `cargo bench --bench engines`. For timings against the plain C reference, use
//! `benches/compare.sh`.

use criterion::{Criterion, criterion_group, criterion_main};
use queens::search::kernel::Kernel;
use queens::{Counter, Engine};
use std::hint::black_box;
use std::time::Duration;

fn engines(c: &mut Criterion) {
    let mut group = c.benchmark_group("count");
    group
        .sample_size(10)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(3));
    // The symmetric engine on every kernel of the registry this CPU runs (one it lacks is
    // said on stderr), then the enumerate engine, which has no kernels.
    let mut configs = Vec::new();
    for &kernel in Kernel::ALL {
        if kernel.is_available() {
            configs.push((Engine::Symmetric, kernel));
        } else {
            let why = kernel.unavailable_reason();
            eprintln!("symmetric/{} not benchmarked: {why}", kernel.name());
        }
    }
    configs.push((Engine::Enumerate, Kernel::Scalar));
    for (engine, kernel) in configs {
        for n in 12..=14 {
            group.bench_function(format!("{engine}/{}/n={n}", kernel.name()), |b| {
                b.iter(|| {
                    // Plan construction is part of a count, and so are the classes.
                    Counter::new(black_box(n))
                        .engine(engine)
                        .kernel(kernel.into())
                        .threads(1)
                        .count()
                        .expect("a count")
                })
            });
        }
    }
    group.finish();
}

criterion_group!(benches, engines);
criterion_main!(benches);
