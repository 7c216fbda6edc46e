//! From user paths to games: walks the inputs (lanke-input), loads each file
//! (lanke-sgf) with a running per-archive encoding vote, and hands every game
//! — or the error that stopped it — to a callback with a stable id.
//!
//! Output formats do not live here.

use std::collections::HashMap;
use std::fmt;
use std::ops::ControlFlow;
use std::path::PathBuf;
use std::sync::Arc;

use lanke_sgf::{load_collection, DecodeStep, GameRecord, LoadedFile};

/// A game's stable identity: where it came from and its place in the collection.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct GameId {
    pub source: String,
    pub member: Option<String>,
    pub index: usize,
}

impl fmt::Display for GameId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.member {
            Some(m) => write!(f, "{}!{}#{}", self.source, m, self.index),
            None => write!(f, "{}#{}", self.source, self.index),
        }
    }
}

/// What is known of the file a game came from.
#[derive(Debug, Clone)]
pub struct FileMeta {
    pub encoding: &'static str,
    pub decode_step: DecodeStep,
    pub declared_charset: Option<String>,
    pub decode_malformed: bool,
    pub decode_note: Option<String>,
    pub file_issues: Vec<String>,
}

/// One game or the reason there is none.
pub struct GameItem {
    pub id: GameId,
    pub file: Option<Arc<FileMeta>>,
    pub game: Result<GameRecord, String>,
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

/// Loads one file's bytes into games.
pub fn load_file(
    source: &str,
    member: Option<&str>,
    bytes: &[u8],
    hint: Option<&'static encoding_rs::Encoding>,
) -> (Arc<FileMeta>, Vec<GameItem>) {
    let loaded: LoadedFile = load_collection(bytes, hint);
    let meta = Arc::new(FileMeta {
        encoding: loaded.encoding,
        decode_step: loaded.decode_step,
        declared_charset: loaded.declared_charset.clone(),
        decode_malformed: loaded.decode_malformed,
        decode_note: loaded.decode_note.clone(),
        file_issues: loaded.file_issues.iter().map(ToString::to_string).collect(),
    });
    let items = loaded
        .games
        .into_iter()
        .enumerate()
        .map(|(index, g)| GameItem {
            id: GameId {
                source: source.to_string(),
                member: member.map(str::to_string),
                index,
            },
            file: Some(Arc::clone(&meta)),
            game: g.map_err(|e| e.to_string()),
        })
        .collect();
    (meta, items)
}

/// Calls `each` for every game reachable from `paths`, in input order.
pub fn for_each_game(paths: &[PathBuf], mut each: impl FnMut(GameItem) -> ControlFlow<()>) {
    let mut vote = Vote::default();
    let _ = lanke_input::visit_paths(paths, &mut |file| match file {
        Ok(f) => {
            let hint = vote.hint(&f.source);
            let (meta, items) = load_file(&f.source, f.member.as_deref(), &f.bytes, hint);
            vote.record(&f.source, &meta);
            for item in items {
                each(item)?;
            }
            ControlFlow::Continue(())
        }
        Err(e) => {
            let (source, member) = e.location();
            each(GameItem {
                id: GameId {
                    source,
                    member,
                    index: 0,
                },
                file: None,
                game: Err(e.to_string()),
            })
        }
    });
}
