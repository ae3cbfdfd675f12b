//! Criterion benchmarks: each engine (and each kernel of the symmetric engine) counting
//! n = 12..14 on one thread (totals and classes).
//!
//! Run with `cargo bench --bench engines`. For timings against the plain C reference, use
//! `benches/compare.sh`.

use criterion::{Criterion, criterion_group, criterion_main};
use queens::{Counter, Engine, KernelChoice};
use std::hint::black_box;
use std::time::Duration;

fn engines(c: &mut Criterion) {
    let mut group = c.benchmark_group("count");
    group
        .sample_size(10)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(3));
    let mut configs = vec![
        (Engine::Symmetric, KernelChoice::Scalar),
        (Engine::Enumerate, KernelChoice::Scalar),
    ];
    if KernelChoice::Avx512.resolve().is_ok() {
        configs.insert(1, (Engine::Symmetric, KernelChoice::Avx512));
    } else {
        eprintln!("symmetric/avx512 not benchmarked: this CPU lacks AVX-512");
    }
    for (engine, kernel) in configs {
        for n in 12..=14 {
            let name = format!("{kernel:?}").to_lowercase();
            group.bench_function(format!("{engine}/{name}/n={n}"), |b| {
                b.iter(|| {
                    // Plan construction is part of a count, and so are the classes.
                    Counter::new(black_box(n))
                        .engine(engine)
                        .kernel(kernel)
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
