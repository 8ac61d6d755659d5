#!/usr/bin/env bash
# Prints the fingerprint of every source input of koma's WebAssembly build: one SHA-256 over the
# path and contents of each tracked file of the crates it compiles (grammar, compiler, runtime,
# engine, web, wasm), the workspace's Cargo.toml and Cargo.lock and .cargo/config.toml. The build
# itself (web/wasm/) is left out. Contents are read from the work tree, so an uncommitted edit
# counts, and a clean checkout gives the same answer on any machine. wasm/build.sh writes it to
# web/wasm/fingerprint; ./test.sh and the suite (tests/wasm_module.rs) compare the two.
set -euo pipefail
cd "$(dirname "$0")/.."
git ls-files -z -- grammar compiler runtime engine web wasm Cargo.toml Cargo.lock .cargo/config.toml \
  ':!:web/wasm' \
  | LC_ALL=C sort -z \
  | xargs -0 sha256sum -- \
  | sha256sum | cut -d' ' -f1
