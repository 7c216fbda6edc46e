//! Helpers shared by the binary's integration tests: run the `lanke`
//! binary, run a batch, make a scratch directory. No test's assertions
//! about results live here.
#![allow(dead_code)] // each test file uses a different subset

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// Runs the binary with `args`.
pub(crate) fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_lanke"))
        .args(args)
        .output()
        .unwrap()
}

/// Runs the binary with `args`; it must succeed (its standard error is
/// shown when it does not).
pub(crate) fn lanke(args: &[&str]) {
    let out = run(args);
    assert!(
        out.status.success(),
        "lanke {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// `lanke batch INPUT --out OUT --quiet EXTRA...`, which must succeed.
pub(crate) fn batch(input: &Path, out: &Path, extra: &[&str]) {
    let mut args = vec![
        "batch",
        input.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
        "--quiet",
    ];
    args.extend_from_slice(extra);
    lanke(&args);
}

/// An empty scratch directory's path under the target's temporary
/// directory, unique to the test process (`tag` names the test file).
pub(crate) fn scratch(tag: &str, name: &str) -> PathBuf {
    let d = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("lanke-{tag}-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    d
}
