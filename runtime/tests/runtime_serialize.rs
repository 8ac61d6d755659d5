//! The compiled-variant file: round trip, and clear errors for damaged or foreign files.

mod common;

use koma_runtime::serialize::{LoadError, decode, encode};

#[test]
fn round_trip_rebuilds_identical_tables() {
    let spec = common::chess_spec();
    let bytes = encode(&spec);
    let back = decode(&bytes).expect("decodes");
    assert_eq!(back, spec);
    let mut a = koma_runtime::Position::start(common::tables(spec)).expect("setup");
    let mut b = koma_runtime::Position::start(common::tables(back)).expect("setup");
    assert_eq!(a.hash(), b.hash(), "Zobrist keys are deterministic");
    assert_eq!(a.perft(3), b.perft(3));
}

#[test]
fn every_truncation_is_rejected() {
    let bytes = encode(&common::chess_spec());
    for len in 0..bytes.len() {
        assert!(decode(&bytes[..len]).is_err(), "truncated to {len} bytes");
    }
    assert_eq!(decode(&bytes[..bytes.len() - 1]), Err(LoadError::Truncated));
}

#[test]
fn every_flipped_byte_is_rejected_without_panic() {
    let bytes = encode(&common::chess_spec());
    for i in 0..bytes.len() {
        let mut bad = bytes.clone();
        bad[i] ^= 0x5a;
        assert!(decode(&bad).is_err(), "byte {i} flipped");
    }
}

#[test]
fn foreign_and_future_files() {
    assert_eq!(
        decode(b"variant \"Chess\"\nboard 8 x 8\n"),
        Err(LoadError::NotCompiled)
    );
    let mut bytes = encode(&common::chess_spec());
    bytes[8] = 99;
    assert!(matches!(
        decode(&bytes),
        Err(LoadError::Version { found: 99, .. })
    ));
    let mut extra = encode(&common::chess_spec());
    extra.push(0);
    assert!(decode(&extra).is_err());
}
