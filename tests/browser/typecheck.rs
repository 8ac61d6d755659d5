//! The page's scripts against the API: `tsc` (TypeScript from npm, pinned in web/package.json
//! and installed by `npm ci` in web/, which ./test.sh runs) type-checks web/assets/app.js and
//! worker.js against web/assets/api.d.ts, the declarations koma-web's tests generate from
//! web/src/api.rs. A field renamed in api.rs fails those tests until the declarations are
//! written again, and then fails here at every use of the old name (docs/web.md, "Type-checking
//! the page").

use std::process::Command;

use super::root;

#[test]
fn the_page_type_checks_against_the_api() {
    let tsc = root().join("web/node_modules/typescript/bin/tsc");
    if !tsc.is_file() {
        assert!(
            std::env::var_os("KOMA_REQUIRE_EXTERNAL").is_none(),
            "TypeScript is missing (run `npm ci` in web/) and KOMA_REQUIRE_EXTERNAL is set"
        );
        eprintln!("skipped: TypeScript is not installed (`npm ci` in web/)");
        return;
    }
    // The page, and the worker with a worker's globals.
    for project in ["web/tsconfig.json", "web/tsconfig.worker.json"] {
        let out = Command::new("node")
            .arg(&tsc)
            .args(["--project", project, "--pretty", "false"])
            .current_dir(root())
            .output()
            .expect("node runs tsc");
        assert!(
            out.status.success(),
            "tsc --project {project} found errors:\n{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
    }
}
