#!/bin/sh
# The RUSTC_WORKSPACE_WRAPPER of wasm/build.sh. Debian's rustc is 1.85, and koma's own crates use
# a few things stabilised since (let chains in 1.88, `is_multiple_of` in 1.87): 1.85 takes them
# as the unstable features they were then (RUSTC_BOOTSTRAP allows it, for that build only).
case " $* " in
  *" --crate-name "*)
    exec "$@" -Zcrate-attr='feature(let_chains)' -Zcrate-attr='feature(unsigned_is_multiple_of)' ;;
esac
exec "$@"
