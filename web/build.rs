//! Embeds the WebAssembly build of koma (the `wasm/` crate after wasm-bindgen) in `koma book`
//! when the environment variable `KOMA_WASM` names the folder that holds it (`wasm/build.sh`
//! writes it; `./test.sh` sets the variable). Without it the book is the static page that shows
//! the start position only, so a machine without the WebAssembly toolchain still builds koma.

use std::path::Path;

/// The files wasm-bindgen writes for the `koma_wasm` crate with `--target no-modules`.
const FILES: [&str; 2] = ["koma_wasm_bg.wasm", "koma_wasm.js"];

fn main() {
    println!("cargo:rustc-check-cfg=cfg(koma_wasm)");
    println!("cargo:rerun-if-env-changed=KOMA_WASM");
    // The WebAssembly build itself compiles this crate too: it embeds nothing.
    let target_is_wasm = std::env::var("CARGO_CFG_TARGET_ARCH").is_ok_and(|a| a == "wasm32");
    let Some(dir) = std::env::var_os("KOMA_WASM").filter(|_| !target_is_wasm) else {
        return;
    };
    let dir = Path::new(&dir);
    for file in FILES {
        let path = dir.join(file);
        assert!(
            path.is_file(),
            "KOMA_WASM={} has no {file}: run wasm/build.sh first, or unset KOMA_WASM",
            dir.display()
        );
        println!("cargo:rerun-if-changed={}", path.display());
    }
    let dir = dir
        .canonicalize()
        .expect("KOMA_WASM names a readable folder");
    println!("cargo:rustc-cfg=koma_wasm");
    println!("cargo:rustc-env=KOMA_WASM_DIR={}", dir.display());
}
