#!/usr/bin/env bash
# The Python module's tests (docs/python.md): builds the wheel with maturin in a virtual
# environment (target/python-venv), installs it there and runs the pytest suite in python/tests,
# which compares perft with the CLI ($KOMA, default target/ci/koma).
set -euo pipefail
cd "$(dirname "$0")/.."

venv=target/python-venv
if [ ! -x "$venv/bin/python" ]; then
  python3 -m venv "$venv" || {
    echo "python/run-tests.sh: python3 cannot make a virtual environment (Debian: python3-venv)" >&2
    exit 1
  }
fi
"$venv/bin/pip" install -q --disable-pip-version-check "maturin>=1.5,<2" "pytest>=7"
rm -rf target/wheels
"$venv/bin/maturin" build --quiet --locked -m python/Cargo.toml --out target/wheels \
  --interpreter "$venv/bin/python"
"$venv/bin/pip" install -q --disable-pip-version-check --force-reinstall --no-deps \
  target/wheels/koma-*.whl
KOMA=${KOMA:-target/ci/koma} "$venv/bin/python" -m pytest -q python/tests
