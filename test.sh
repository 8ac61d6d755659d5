#!/usr/bin/env bash
# The whole test suite on a fresh machine: installs the real programs the end-to-end tests drive
# (XBoard under Xvfb, HaChu, headless Chromium with ChromeDriver, headless Neovim) when they are
# missing, then runs every cargo test in release mode, deep perft included.
set -euo pipefail
cd "$(dirname "$0")"

# Debian installs xboard and hachu in /usr/games, which is not on every PATH.
export PATH="$PATH:/usr/games"

# Debian package -> a command (or file) it provides.
packages=(xvfb:Xvfb xboard:xboard hachu:hachu fairymax:fairymax fairy-stockfish:fairy-stockfish chromium:chromium chromium-driver:chromedriver neovim:nvim nodejs:node npm:npm)
# koma's WebAssembly build is committed in web/wasm/ with the fingerprint of its sources
# (wasm/fingerprint.sh). Only when they have changed since is it rebuilt, with Debian's compiler
# for wasm32 (docs/web.md).
wasm_stale=
if [ "$(wasm/fingerprint.sh)" != "$(cat web/wasm/fingerprint 2>/dev/null)" ]; then
  wasm_stale=1
  packages+=(rustc-web:/usr/bin/rustc cargo-web:/usr/bin/cargo rust-web-src:/usr/lib/rustlib/src/rust/library/Cargo.lock lld:wasm-ld)
fi
missing=()
for entry in "${packages[@]}"; do
  command -v "${entry#*:}" >/dev/null 2>&1 || [ -e "${entry#*:}" ] || missing+=("${entry%%:*}")
done
# Python's virtual environments (the Python module's and the analyse cluster's tests).
python3 -c 'import ensurepip' >/dev/null 2>&1 || missing+=(python3-venv)
# The browser test's kanji boards need a Japanese font.
fc-list :lang=ja 2>/dev/null | grep -q . || missing+=(fonts-noto-cjk)
if [ ${#missing[@]} -gt 0 ]; then
  if [ "$(id -u)" -eq 0 ]; then
    echo "test.sh: installing ${missing[*]}" >&2
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
  else
    echo "test.sh: missing ${missing[*]}; run as root to install them" >&2
    exit 1
  fi
fi

# A stale web/wasm/ is rebuilt (the first time, wasm-bindgen's CLI at the version the crate pins
# takes about 55 min to install and the cold build about 13 min on the 2-core machine).
if [ -n "$wasm_stale" ]; then
  wasm_bindgen_version=$(sed -n 's/^wasm-bindgen = "=\(.*\)"$/\1/p' wasm/Cargo.toml)
  if [ "$(wasm-bindgen --version 2>/dev/null)" != "wasm-bindgen $wasm_bindgen_version" ]; then
    echo "test.sh: installing wasm-bindgen-cli $wasm_bindgen_version" >&2
    cargo install wasm-bindgen-cli --version "$wasm_bindgen_version" --locked --quiet
  fi
  echo "test.sh: web/wasm is stale: rebuilding it (wasm/build.sh)" >&2
  wasm/build.sh
fi

# TypeScript, at the version web/package-lock.json pins, for the type check of the page's script
# against the API's types (tests/browser/typecheck.rs, docs/web.md).
(cd web && npm ci --no-audit --no-fund --loglevel=error)

# Tests that drive an outside program fail (rather than skip) when it is missing.
export KOMA_REQUIRE_EXTERNAL=1
cargo test --workspace --profile ci --locked -- --include-ignored
# The runtime's and the compiler's API docs build without a warning (their crate doctests ran above).
RUSTDOCFLAGS="-D warnings" cargo doc --no-deps -p koma-runtime -p koma-compiler --profile ci --locked

# Fuzzing smoke run (issue 12): every cargo-fuzz target for KOMA_FUZZ_SECONDS seconds (default
# 12; 0 turns it off) from the committed seed corpus (docs/fuzzing.md). A smoke run looks for
# panics, so an input may take up to 10 s here (FUZZ_TIMEOUT); long campaigns keep the 2 s bound.
# Needs the nightly toolchain; cargo-fuzz is installed when missing. The targets' cold nightly
# build (about 3 min on the 2-core machine) runs in the background while the Python steps below
# mostly wait on pip and the cluster's workers.
fuzz_seconds=${KOMA_FUZZ_SECONDS:-12}
export FUZZ_TIMEOUT=${FUZZ_TIMEOUT:-10}
fuzz_build=
if [ "$fuzz_seconds" -gt 0 ]; then
  if ! cargo +nightly --version >/dev/null 2>&1; then
    echo "test.sh: no nightly toolchain; fuzzing smoke run skipped" >&2
  else
    if ! cargo fuzz --version >/dev/null 2>&1; then
      echo "test.sh: installing cargo-fuzz" >&2
      timeout 900 cargo install cargo-fuzz --locked >/dev/null 2>&1 \
        || echo "test.sh: cargo-fuzz could not be installed" >&2
    fi
    if cargo fuzz --version >/dev/null 2>&1; then
      (cd fuzz && timeout 1200 cargo +nightly fuzz build -O -s none --no-trace-compares) \
        >target/fuzz-build.log 2>&1 &
      fuzz_build=$!
    else
      echo "test.sh: no cargo-fuzz; fuzzing smoke run skipped" >&2
    fi
  fi
fi

# The Python module (docs/python.md): its wheel built with maturin in a virtual environment,
# installed there, and its pytest suite, which compares perft with the CLI built above.
python/run-tests.sh

# koma analyse on a local Dask cluster (issue 26, docs/analyse.md): a venv with `distributed`,
# a `dask scheduler` and two `dask worker` processes; one worker is killed mid-shard and the
# merged report must equal the single run's byte for byte. Cold on the 2-core machine: about
# 1.5 min for the venv and pip, 25 to 40 s for the test.
python3 -m venv target/cluster-venv \
  || { echo "test.sh: python3 -m venv failed; install python3-venv" >&2; exit 1; }
target/cluster-venv/bin/pip install -q --disable-pip-version-check distributed
target/cluster-venv/bin/python python/koma_cluster/tests/test_cluster.py --koma target/ci/koma

if [ -n "$fuzz_build" ]; then
  wait "$fuzz_build" || { cat target/fuzz-build.log >&2; echo "test.sh: the fuzz build failed" >&2; exit 1; }
  timeout $(( fuzz_seconds * 10 + 300 )) fuzz/run.sh "$fuzz_seconds"
fi

if [ -n "$wasm_stale" ]; then
  echo "test.sh: web/wasm was stale and has been rebuilt: commit web/wasm/ (docs/web.md)" >&2
  exit 1
fi
