//! From user paths to games: walks the inputs (lanke-input), loads each file
//! (lanke-sgf) with a running per-archive encoding vote, and hands every game
//! — or the error that stopped it — to a callback with a stable id.
//!
//! Output formats do not live here.

use std::collections::HashMap;
use std::fmt;
use std::ops::ControlFlow;
use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicU64;

use lanke_rescore::item::{file_label, load_file, FileMeta, GameId, GameItem};
use lanke_sgf::DecodeStep;

/// The name a path found under one of `roots` is shown by: the root's own
/// name (its last component; for `.`, `..` or `/`, the last component of
/// the directory it stands for), then the path below the root, with `/`
/// between components. `-` (standard input) stays `-`; a path under no
/// root is shown as found.
pub fn shown_name(found: &str, roots: &[PathBuf]) -> String {
    if found == "-" {
        return found.to_string();
    }
    let path = Path::new(found);
    let below = roots
        .iter()
        .filter_map(|r| Some((r, path.strip_prefix(r).ok()?)))
        .min_by_key(|(_, rel)| rel.as_os_str().len());
    let Some((root, rel)) = below else {
        return found.replace('\\', "/");
    };
    let root_name = root
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .or_else(|| {
            std::fs::canonicalize(root)
                .ok()?
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
        })
        .unwrap_or_else(|| root.display().to_string());
    let mut name = root_name;
    for c in rel.components() {
        name.push('/');
        name.push_str(&c.as_os_str().to_string_lossy());
    }
    name
}

/// Encodings chosen statistically or by `CA[]` for non-UTF-8 files, per
/// archive/directory source: short files of the same source follow the
/// majority (deterministic: inputs are walked in sorted order).
#[derive(Default)]
struct Vote {
    counts: HashMap<String, HashMap<&'static str, u32>>,
}

impl Vote {
    fn hint(&self, source: &str) -> Option<&'static encoding_rs::Encoding> {
        let counts = self.counts.get(source)?;
        let (name, _) = counts
            .iter()
            .max_by(|a, b| a.1.cmp(b.1).then(b.0.cmp(a.0)))?;
        encoding_rs::Encoding::for_label(name.as_bytes())
    }

    fn record(&mut self, source: &str, file: &FileMeta) {
        let decided = matches!(
            file.decode_step,
            DecodeStep::Detected | DecodeStep::CaProperty
        );
        if decided && file.encoding != "UTF-8" && !file.decode_malformed {
            *self
                .counts
                .entry(source.to_string())
                .or_default()
                .entry(file.encoding)
                .or_default() += 1;
        }
    }
}

/// Calls `each` for every game reachable from `paths`, in input order.
pub fn for_each_game(paths: &[PathBuf], each: impl FnMut(GameItem) -> ControlFlow<()>) {
    for_each_selected(paths, None, each);
}

/// `--game KEY`: the games whose id ends with `KEY` at a boundary (the
/// whole id, or after a `/` or `!`). A key without `#index` takes every
/// game of the files it names; a key ending in `/` takes every game below
/// the directories it names (`ancient/old_chinese/`).
#[derive(Debug, Clone)]
pub struct Selector {
    key: String,
    reach: Reach,
}

/// What a `--game` key names.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Reach {
    /// One game: `...#index`.
    Game,
    /// Every game of a file.
    File,
    /// Every game below a directory: `.../`.
    Directory,
}

impl Selector {
    pub fn new(key: &str) -> Selector {
        let key = key.trim().replace('\\', "/");
        let reach = if key.ends_with('/') {
            Reach::Directory
        } else if key
            .rsplit_once('#')
            .is_some_and(|(_, i)| !i.is_empty() && i.bytes().all(|b| b.is_ascii_digit()))
        {
            Reach::Game
        } else {
            Reach::File
        };
        Selector { key, reach }
    }

    pub fn key(&self) -> &str {
        &self.key
    }

    /// Could a file shown as `file` (`name` or `name!member`) hold a
    /// selected game? (Files that cannot are not parsed.)
    fn takes_file(&self, file: &str) -> bool {
        match self.reach {
            Reach::Game => {
                let (file_key, _) = self.key.rsplit_once('#').unwrap_or((&self.key, ""));
                ends_at_boundary(file, file_key)
            }
            Reach::File => ends_at_boundary(file, &self.key),
            Reach::Directory => file
                .match_indices(self.key.as_str())
                .any(|(at, _)| at == 0 || file[..at].ends_with('/') || file[..at].ends_with('!')),
        }
    }

    pub fn takes(&self, id: &GameId) -> bool {
        match self.reach {
            Reach::Game => ends_at_boundary(&id.to_string(), &self.key),
            Reach::File | Reach::Directory => self.takes_file(&id.file_name()),
        }
    }
}

/// Does `text` end with `key` at a boundary: all of it, or after `/` or `!`?
fn ends_at_boundary(text: &str, key: &str) -> bool {
    text == key
        || text
            .strip_suffix(key)
            .is_some_and(|head| head.ends_with('/') || head.ends_with('!'))
}

/// Like [`for_each_game`], adding to `read` the bytes read from disk as
/// the walk goes (for a progress bar against `lanke_input::input_bytes`).
pub fn for_each_game_counted(
    paths: &[PathBuf],
    read: &AtomicU64,
    each: impl FnMut(GameItem) -> ControlFlow<()>,
) {
    walk(paths, None, read, each);
}

/// Like [`for_each_game`], only the games `select` takes (all without
/// one). Returns how many games were handed to `each`.
pub fn for_each_selected(
    paths: &[PathBuf],
    select: Option<&Selector>,
    each: impl FnMut(GameItem) -> ControlFlow<()>,
) -> usize {
    walk(paths, select, &AtomicU64::new(0), each)
}

fn walk(
    paths: &[PathBuf],
    select: Option<&Selector>,
    read: &AtomicU64,
    mut each: impl FnMut(GameItem) -> ControlFlow<()>,
) -> usize {
    let mut vote = Vote::default();
    let mut handed = 0usize;
    let _ = lanke_input::visit_paths_counted(paths, read, &mut |file| match file {
        Ok(f) => {
            let name = shown_name(&f.source, paths);
            if select.is_some_and(|sel| !sel.takes_file(&file_label(&name, f.member.as_deref()))) {
                return ControlFlow::Continue(());
            }
            let hint = vote.hint(&f.source);
            let (meta, items) = load_file(&f.source, &name, f.member.as_deref(), &f.bytes, hint);
            vote.record(&f.source, &meta);
            for item in items {
                if select.is_some_and(|sel| !sel.takes(&item.id)) {
                    continue;
                }
                handed += 1;
                each(item)?;
            }
            ControlFlow::Continue(())
        }
        Err(e) => {
            let (source, member) = e.location();
            let item = GameItem {
                id: GameId {
                    name: shown_name(&source, paths),
                    source,
                    member,
                    index: 0,
                },
                file: None,
                game: Err(e.to_string()),
            };
            // An unreadable input is reported whatever the selection: its
            // games cannot be told apart.
            handed += 1;
            each(item)
        }
    });
    handed
}

/// `--game KEY` matched no game of the inputs (exit status 2).
#[derive(Debug)]
pub struct NoGameSelected {
    pub key: String,
    pub inputs: String,
}

impl fmt::Display for NoGameSelected {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "no game of {} has an id ending with `{}` (ids look like `data/classics/huang-zhou.sgf#0`; `lanke replay` lists them)",
            self.inputs, self.key
        )
    }
}

impl std::error::Error for NoGameSelected {}

impl NoGameSelected {
    /// The error when `select` took none of `paths`' games (`handed` of
    /// them were handed on); none without a selection.
    pub fn check(
        select: Option<&Selector>,
        handed: usize,
        paths: &[PathBuf],
    ) -> Result<(), NoGameSelected> {
        match (select, handed) {
            (Some(sel), 0) => Err(NoGameSelected::new(sel, paths)),
            _ => Ok(()),
        }
    }

    pub fn new(select: &Selector, paths: &[PathBuf]) -> NoGameSelected {
        NoGameSelected {
            key: select.key().to_string(),
            inputs: paths
                .iter()
                .map(|p| p.display().to_string())
                .collect::<Vec<_>>()
                .join(", "),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A game's id starts at the input named, however it was typed.
    #[test]
    fn ids_start_at_the_input_named() {
        let roots = |r: &[&str]| r.iter().map(PathBuf::from).collect::<Vec<_>>();
        assert_eq!(
            shown_name("data/classics/x.sgf", &roots(&["data/"])),
            "data/classics/x.sgf"
        );
        assert_eq!(
            shown_name(
                "/work/main/data/classics/x.sgf",
                &roots(&["/work/main/data"])
            ),
            "data/classics/x.sgf"
        );
        assert_eq!(
            shown_name(
                "/tmp/a/cwi-games.tar.gz",
                &roots(&["/tmp/a/cwi-games.tar.gz"])
            ),
            "cwi-games.tar.gz"
        );
        // The longest root that holds the path wins: the nearest input.
        assert_eq!(shown_name("d/e/f.sgf", &roots(&["d", "d/e"])), "e/f.sgf");
        assert_eq!(shown_name("-", &roots(&["-"])), "-");
        // `.` is named by the directory it stands for.
        let here = std::env::current_dir().unwrap();
        let here_name = here.file_name().unwrap().to_string_lossy().into_owned();
        assert_eq!(
            shown_name("./k/x.sgf", &roots(&["."])),
            format!("{here_name}/k/x.sgf")
        );
    }
}
