//! Criterion benchmarks: perft on the benchmark positions (`tests/fixtures/bench/positions.txt`,
//! the same list `koma bench` runs), one thread, bulk counting. `cargo bench` runs them all.

use std::path::Path;
use std::sync::Arc;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use koma_runtime::{Position, Tables};

const POSITIONS: &str = include_str!("../tests/fixtures/bench/positions.txt");

fn tables(file: &str) -> Arc<Tables> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(file);
    koma_compiler::tables(&path).unwrap_or_else(|e| panic!("{file} does not compile:\n{e}"))
}

fn perft(c: &mut Criterion) {
    let mut group = c.benchmark_group("perft");
    group.sample_size(10);
    for line in POSITIONS
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let f: Vec<&str> = line.split('|').map(str::trim).collect();
        let [label, file, fen, depth] = f[..] else {
            panic!("malformed benchmark line `{line}`");
        };
        let depth: u32 = depth.parse().expect("a depth");
        let mut pos = Position::from_text(tables(file), fen).expect("a valid position");
        let leaves = pos.perft(depth);
        group.throughput(Throughput::Elements(leaves));
        group.bench_function(format!("{label} perft({depth})"), |b| {
            b.iter(|| pos.perft(depth))
        });
    }
    group.finish();
}

criterion_group!(benches, perft);
criterion_main!(benches);
