//! Embeds the WebAssembly build of koma (the `wasm/` crate after wasm-bindgen) in `koma book`:
//! the committed build in `web/wasm/`, or the folder that the environment variable `KOMA_WASM`
//! names. `wasm/build.sh` writes it; docs/web.md says when to rebuild and commit it. A copy of
//! the crate without the build makes the book that shows the start position only.

use std::path::{Path, PathBuf};

/// The files wasm-bindgen writes for the `koma_wasm` crate with `--target no-modules`.
const FILES: [&str; 2] = ["koma_wasm_bg.wasm", "koma_wasm.js"];

fn main() {
    println!("cargo:rustc-check-cfg=cfg(koma_wasm)");
    println!("cargo:rerun-if-env-changed=KOMA_WASM");
    // The WebAssembly build itself compiles this crate too: it embeds nothing.
    if std::env::var("CARGO_CFG_TARGET_ARCH").is_ok_and(|a| a == "wasm32") {
        return;
    }
    let chosen = std::env::var_os("KOMA_WASM").map(PathBuf::from);
    let dir = chosen.clone().unwrap_or_else(|| {
        Path::new(&std::env::var_os("CARGO_MANIFEST_DIR").expect("cargo sets it")).join("wasm")
    });
    for file in FILES {
        let path = dir.join(file);
        println!("cargo:rerun-if-changed={}", path.display());
        if !path.is_file() {
            assert!(
                chosen.is_none(),
                "KOMA_WASM={} has no {file}: run wasm/build.sh DIR first, or unset KOMA_WASM",
                dir.display()
            );
            println!(
                "cargo:warning=no {}: `koma book` will only show the start position",
                path.display()
            );
            return;
        }
    }
    let dir = dir
        .canonicalize()
        .expect("the WebAssembly build's folder is readable");
    println!("cargo:rustc-cfg=koma_wasm");
    println!("cargo:rustc-env=KOMA_WASM_DIR={}", dir.display());
}
