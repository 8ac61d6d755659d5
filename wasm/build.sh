#!/usr/bin/env bash
# Builds koma for the browser: the `koma-wasm` crate for wasm32-unknown-unknown with Debian's
# compiler (packages rustc-web, cargo-web, rust-web-src, lld: the rustup toolchains here have no
# wasm32 standard library, so -Zbuild-std builds it from the packaged sources, once, and keeps it
# in target/wasm-build/), then wasm-bindgen's glue. Writes koma_wasm_bg.wasm and koma_wasm.js,
# and `fingerprint` (wasm/fingerprint.sh: the sources they were built from), into web/wasm/ (or
# the folder given). `koma book` embeds web/wasm/ (web/build.rs), which is committed: after a
# change to the sources, run this and commit web/wasm/. docs/web.md has the details.
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-web/wasm}
bindgen_version=$(sed -n 's/^wasm-bindgen = "=\(.*\)"$/\1/p' wasm/Cargo.toml)
if [ "$(wasm-bindgen --version 2>/dev/null)" != "wasm-bindgen $bindgen_version" ]; then
  echo "wasm/build.sh: needs wasm-bindgen $bindgen_version (cargo install wasm-bindgen-cli --version $bindgen_version --locked)" >&2
  exit 1
fi
# Taken before building, so that it names the sources the build read.
fingerprint=$(wasm/fingerprint.sh)
# The paths of this checkout and of the crate sources are rewritten, so that the module (its
# panic messages name source files) is the same from any checkout on any machine.
cargo_home=${CARGO_HOME:-$HOME/.cargo}
remap="--remap-path-prefix=$PWD=/koma --remap-path-prefix=$cargo_home/registry/src=/crates"
# RUSTC_BOOTSTRAP lets the stable packaged compiler take -Zbuild-std (and koma's let chains,
# wasm/rustc-1.85.sh), for this command only.
RUSTC=/usr/bin/rustc RUSTC_BOOTSTRAP=1 RUSTFLAGS="-C linker=wasm-ld $remap" \
  RUSTC_WORKSPACE_WRAPPER="$PWD/wasm/rustc-1.85.sh" \
  CARGO_TARGET_DIR=target/wasm-build CARGO_PROFILE_RELEASE_DEBUG=0 \
  /usr/bin/cargo build --release --locked -p koma-wasm \
  -Zbuild-std=std,panic_abort --target wasm32-unknown-unknown
mkdir -p "$out"
wasm-bindgen --target no-modules --no-typescript --out-dir "$out" \
  target/wasm-build/wasm32-unknown-unknown/release/koma_wasm.wasm
echo "$fingerprint" > "$out/fingerprint"
