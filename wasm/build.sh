#!/usr/bin/env bash
# Builds koma for the browser: the `koma-wasm` crate for wasm32-unknown-unknown with Debian's
# compiler (packages rustc-web, cargo-web, rust-web-src, lld: the rustup toolchains here have no
# wasm32 standard library, so -Zbuild-std builds it from the packaged sources, once, and keeps it
# in target/wasm-build/), then wasm-bindgen's glue. Writes koma_wasm_bg.wasm and koma_wasm.js into
# target/wasm/ (or the folder given); `KOMA_WASM=<that folder> cargo build` embeds them in
# `koma book` (web/build.rs). docs/web.md has the details.
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-target/wasm}
bindgen_version=$(sed -n 's/^wasm-bindgen = "=\(.*\)"$/\1/p' wasm/Cargo.toml)
if [ "$(wasm-bindgen --version 2>/dev/null)" != "wasm-bindgen $bindgen_version" ]; then
  echo "wasm/build.sh: needs wasm-bindgen $bindgen_version (cargo install wasm-bindgen-cli --version $bindgen_version --locked)" >&2
  exit 1
fi
# RUSTC_BOOTSTRAP lets the stable packaged compiler take -Zbuild-std (and koma's let chains,
# wasm/rustc-1.85.sh), for this command only.
RUSTC=/usr/bin/rustc RUSTC_BOOTSTRAP=1 RUSTFLAGS="-C linker=wasm-ld" \
  RUSTC_WORKSPACE_WRAPPER="$PWD/wasm/rustc-1.85.sh" \
  CARGO_TARGET_DIR=target/wasm-build CARGO_PROFILE_RELEASE_DEBUG=0 \
  /usr/bin/cargo build --release --locked -p koma-wasm \
  -Zbuild-std=std,panic_abort --target wasm32-unknown-unknown
wasm-bindgen --target no-modules --no-typescript --out-dir "$out" \
  target/wasm-build/wasm32-unknown-unknown/release/koma_wasm.wasm
