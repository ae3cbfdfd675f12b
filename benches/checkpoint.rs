//! The cost of journaling one finished unit (`Checkpoint::record`: format the line with its
//! checksum, append it in one write; a background thread syncs), to compare with the time a
//! unit takes. `cargo bench --bench checkpoint`.

use criterion::{Criterion, criterion_group, criterion_main};
use queens::plan::part::Part;
use queens::plan::tally::{ClassCounts, Tally};
use queens::storage::checkpoint::{Checkpoint, RunIdentity};
use std::hint::black_box;

fn record(c: &mut Criterion) {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let identity = RunIdentity {
        n: 18,
        engine: "bench".to_string(),
        plan: "bench-v1".to_string(),
        part: Part::WHOLE,
        plan_units: usize::MAX,
    };
    let ckpt = Checkpoint::open(&dir.path().join("bench.ckpt"), &identity).expect("a checkpoint");
    let tally = Tally {
        boards: 123_456_789,
        fixed_half_turn: 1_234,
        fixed_quarter_turn: 56,
        canonical: ClassCounts {
            asymmetric: 15_000_000,
            half_turn: 300,
            quarter_turn: 28,
        },
        nodes: 98_765_432_109,
        ..Tally::default()
    };
    let mut id = 0usize;
    c.bench_function("checkpoint_record_one_unit", |b| {
        b.iter(|| {
            id += 1;
            ckpt.record(black_box(id), black_box(&tally))
                .expect("the line is written");
        })
    });
}

criterion_group!(benches, record);
criterion_main!(benches);
