//! One game as the rescoring sees it: its stable id, what is known of the
//! file it came from, and the record or the error that stopped it; and the
//! decoding of one file's bytes into such games. Walking paths and opening
//! files is the caller's (the binary's `games`); nothing here touches the
//! file system.

use std::fmt;
use std::sync::Arc;

use lanke_sgf::{load_collection, DecodeStep, GameRecord, LoadedFile};

/// A game's stable identity: where it came from and its place in the
/// collection. It is written `name!member#index` (`name#index` for a plain
/// file), where `name` starts at the input the user named — that input's
/// own file or directory name, then the path below it — so the same games
/// get the same ids however the path was typed (relative, absolute, `.`).
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct GameId {
    /// The file or archive path as found (what the program opens again).
    pub source: String,
    pub member: Option<String>,
    pub index: usize,
    /// `source` from the named input on (see above).
    pub name: String,
}

impl fmt::Display for GameId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}#{}", self.file_name(), self.index)
    }
}

impl GameId {
    /// The id without its index: `name!member` or `name`.
    pub fn file_name(&self) -> String {
        file_label(&self.name, self.member.as_deref())
    }
}

/// A file as ids show it: `name!member` inside an archive, else `name`.
pub fn file_label(name: &str, member: Option<&str>) -> String {
    match member {
        Some(m) => format!("{name}!{m}"),
        None => name.to_string(),
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

/// Loads one file's bytes into games.
pub fn load_file(
    source: &str,
    name: &str,
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
                name: name.to_string(),
            },
            file: Some(Arc::clone(&meta)),
            game: g.map_err(|e| e.to_string()),
        })
        .collect();
    (meta, items)
}

/// The part (1-based) a game id belongs to among `n` (FNV-1a).
#[must_use]
pub fn shard_of(game_id: &str, n: u64) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in game_id.bytes() {
        h = (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
    }
    h % n + 1
}
