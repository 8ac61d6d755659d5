//! The compiler's own limits on what it reads: how large a source file may be and how long an
//! `extends` chain. The runtime's capacities (board size, piece types, ...) are in
//! [`koma_runtime::limits`].

/// Most bytes of one variant source file (the file given and every file it extends, and a
/// document an editor sends): far above any real variant (the largest shipped one is under
/// 100 KiB), low enough that a wrong path (a device, a log) is refused at once.
pub const MAX_SOURCE_BYTES: u64 = 8 << 20;

/// How many parents an `extends` chain may have before it is taken for a cycle.
pub const MAX_EXTENDS_DEPTH: usize = 32;
