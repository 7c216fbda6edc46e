//! Test support only: finds the repository's `data/` directory and reads the
//! embedded CWI archive (once per test binary) and the classical diagrams.
//! Production code never depends on this crate.

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::OnceLock;

/// The repository's `data/` directory.
#[must_use]
pub fn data_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../data")
}

/// Path of the embedded CWI archive.
#[must_use]
pub fn cwi_archive() -> PathBuf {
    data_dir().join("cwi-games.tar.gz")
}

/// Every member of the CWI archive: member path → bytes, read once.
pub fn cwi() -> &'static BTreeMap<String, Vec<u8>> {
    static CWI: OnceLock<BTreeMap<String, Vec<u8>>> = OnceLock::new();
    CWI.get_or_init(|| {
        let mut all = BTreeMap::new();
        let _ = lanke_input::visit_paths(&[cwi_archive()], &mut |f| {
            let f = f.expect("the embedded CWI archive reads cleanly");
            all.insert(f.member.expect("archive member"), f.bytes);
            std::ops::ControlFlow::Continue(())
        });
        all
    })
}

/// One CWI record by its member path, e.g. `games/ancient/old_chinese/2.sgf`.
#[must_use]
pub fn cwi_file(member: &str) -> &'static [u8] {
    cwi()
        .get(member)
        .unwrap_or_else(|| panic!("{member} is not in the CWI archive"))
}

/// One classical diagram from `data/classics/`, e.g. `lanke-paused.sgf`.
#[must_use]
pub fn classic(name: &str) -> Vec<u8> {
    let p = data_dir().join("classics").join(name);
    std::fs::read(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

/// Where the engine tests find GNU Go.
pub const GNUGO: &str = "/usr/games/gnugo";

/// Whether the tests that need GNU Go can run here. Without it they are
/// skipped with a note on stderr, so the test command passes on a machine
/// with only the Rust toolchain; with `LANKE_REQUIRE_GNUGO=1` (which
/// `.ci/run` sets after installing it) a missing GNU Go fails the test
/// instead, so CI never skips them.
#[must_use]
pub fn gnugo_available(test: &str) -> bool {
    if std::path::Path::new(GNUGO).exists() {
        return true;
    }
    assert!(
        std::env::var("LANKE_REQUIRE_GNUGO").as_deref() != Ok("1"),
        "{test}: GNU Go is required here (LANKE_REQUIRE_GNUGO=1) but {GNUGO} is missing: apt-get install gnugo"
    );
    eprintln!("{test}: skipped, GNU Go is not installed ({GNUGO}; apt-get install gnugo)");
    false
}
