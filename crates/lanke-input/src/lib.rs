//! `lanke-input`: every SGF file reachable from the paths a user names.
//!
//! Inputs: a `.sgf` file, a directory tree (walked in sorted order, so runs
//! are deterministic), `.zip`, `.tar`, `.tar.gz`/`.tgz`, `.tar.bz2`/`.tbz2`
//! archives read in place (nothing is extracted to disk), and `-` for
//! standard input (plain SGF or any of those archive formats, recognised by
//! their magic bytes). Inside directories and archives only names ending in
//! `.sgf` (any case) are taken; archives found inside a directory are read.
//!
//! Files are handed to a visitor one at a time, so memory stays bounded by
//! the largest file. Every problem is handed over as an error naming the path
//! (and the archive member); reading goes on with the next input.
//!
//! A walk can count the bytes it reads from disk (`visit_paths_counted`),
//! and `input_bytes` says beforehand how many there are, from file sizes
//! alone: a progress bar needs no second pass over the inputs.
//!
//! This crate reads bytes only; decoding and parsing live in `lanke-sgf`.

use std::fs::File;
use std::io::{self, BufReader, Cursor, Read, Seek, SeekFrom};
use std::ops::ControlFlow;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

/// Files larger than this are refused (a clear error, not an allocation).
pub const MAX_FILE_BYTES: u64 = 64 * 1024 * 1024;

/// One SGF file's bytes and where they came from.
#[derive(Debug, Clone)]
pub struct SourceFile {
    /// The file or archive path as found (or `-`).
    pub source: String,
    /// The member path inside an archive.
    pub member: Option<String>,
    pub bytes: Vec<u8>,
}

impl SourceFile {
    /// `source` or `source!member`.
    #[must_use]
    pub fn display_name(&self) -> String {
        match &self.member {
            Some(m) => format!("{}!{}", self.source, m),
            None => self.source.clone(),
        }
    }
}

/// A problem reading an input.
#[derive(Debug, thiserror::Error)]
pub enum InputError {
    #[error("{path}: {source}")]
    Io {
        path: String,
        #[source]
        source: io::Error,
    },
    #[error("{path}: archive unreadable{}: {message}", member.as_ref().map(|m| format!(" at member {m}")).unwrap_or_default())]
    Archive {
        path: String,
        member: Option<String>,
        message: String,
    },
    #[error("{path}{}: {size} bytes is over the {MAX_FILE_BYTES}-byte limit for one SGF file", member.as_ref().map(|m| format!("!{m}")).unwrap_or_default())]
    TooLarge {
        path: String,
        member: Option<String>,
        size: u64,
    },
}

impl InputError {
    /// The path (and member) the error is about.
    #[must_use]
    pub fn location(&self) -> (String, Option<String>) {
        match self {
            InputError::Io { path, .. } => (path.clone(), None),
            InputError::Archive { path, member, .. }
            | InputError::TooLarge { path, member, .. } => (path.clone(), member.clone()),
        }
    }
}

/// The kinds of input by name.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Kind {
    Sgf,
    Zip,
    Tar,
    TarGz,
    TarBz2,
    Other,
}

fn kind_by_name(name: &str) -> Kind {
    let n = name.to_ascii_lowercase();
    if n.ends_with(".sgf") {
        Kind::Sgf
    } else if n.ends_with(".zip") {
        Kind::Zip
    } else if n.ends_with(".tar") {
        Kind::Tar
    } else if n.ends_with(".tar.gz") || n.ends_with(".tgz") {
        Kind::TarGz
    } else if n.ends_with(".tar.bz2") || n.ends_with(".tbz2") || n.ends_with(".tbz") {
        Kind::TarBz2
    } else {
        Kind::Other
    }
}

fn kind_by_magic(head: &[u8]) -> Kind {
    if head.starts_with(b"PK\x03\x04") || head.starts_with(b"PK\x05\x06") {
        Kind::Zip
    } else if head.starts_with(&[0x1f, 0x8b]) {
        Kind::TarGz
    } else if head.starts_with(b"BZh") {
        Kind::TarBz2
    } else if head.len() > 262 && &head[257..262] == b"ustar" {
        Kind::Tar
    } else {
        Kind::Sgf
    }
}

pub type Visitor<'v> = dyn FnMut(Result<SourceFile, InputError>) -> ControlFlow<()> + 'v;

/// Hands every SGF file reachable from `paths` to `visit`, in a stable
/// order. `visit` may stop the walk by returning `ControlFlow::Break`.
pub fn visit_paths(paths: &[PathBuf], visit: &mut Visitor<'_>) -> ControlFlow<()> {
    visit_paths_counted(paths, &AtomicU64::new(0), visit)
}

/// Like [`visit_paths`], adding to `read` every byte read from disk as it
/// is read (an archive's compressed bytes, not what they unpack to), so
/// that another thread can show how far the walk has come against
/// [`input_bytes`].
pub fn visit_paths_counted(
    paths: &[PathBuf],
    read: &AtomicU64,
    visit: &mut Visitor<'_>,
) -> ControlFlow<()> {
    for p in paths {
        visit_path(p, true, read, visit)?;
    }
    ControlFlow::Continue(())
}

/// The bytes a walk of `paths` reads from disk, from the files' sizes
/// alone (nothing is opened): the total [`visit_paths_counted`] counts up
/// to. Standard input and unreadable paths count nothing.
#[must_use]
pub fn input_bytes(paths: &[PathBuf]) -> u64 {
    fn size_of(path: &Path, named: bool) -> u64 {
        let Ok(meta) = std::fs::metadata(path) else {
            return 0;
        };
        if meta.is_dir() {
            let Ok(rd) = std::fs::read_dir(path) else {
                return 0;
            };
            return rd
                .filter_map(Result::ok)
                .map(|e| size_of(&e.path(), false))
                .sum();
        }
        let wanted = named || kind_by_name(&path.display().to_string()) != Kind::Other;
        if wanted {
            meta.len()
        } else {
            0
        }
    }
    paths
        .iter()
        .filter(|p| p.as_os_str() != "-")
        .map(|p| size_of(p, true))
        .sum()
}

/// A reader that adds every byte it reads to a shared count.
struct Counting<'c, R> {
    inner: R,
    read: &'c AtomicU64,
}

impl<R: Read> Read for Counting<'_, R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.read.fetch_add(n as u64, Ordering::Relaxed);
        Ok(n)
    }
}

impl<R: Seek> Seek for Counting<'_, R> {
    fn seek(&mut self, pos: SeekFrom) -> io::Result<u64> {
        self.inner.seek(pos)
    }
}

fn io_err(path: &Path, source: io::Error) -> InputError {
    InputError::Io {
        path: path.display().to_string(),
        source,
    }
}

fn visit_path(
    path: &Path,
    named: bool,
    read: &AtomicU64,
    visit: &mut Visitor<'_>,
) -> ControlFlow<()> {
    let shown = path.display().to_string();
    if shown == "-" {
        let mut bytes = Vec::new();
        if let Err(e) = io::stdin()
            .lock()
            .take(MAX_FILE_BYTES + 1)
            .read_to_end(&mut bytes)
        {
            return visit(Err(io_err(path, e)));
        }
        if bytes.len() as u64 > MAX_FILE_BYTES {
            return visit(Err(InputError::TooLarge {
                path: shown,
                member: None,
                size: bytes.len() as u64,
            }));
        }
        return visit_bytes("-", bytes, visit);
    }
    let meta = match std::fs::metadata(path) {
        Ok(m) => m,
        Err(e) => return visit(Err(io_err(path, e))),
    };
    if meta.is_dir() {
        let mut entries: Vec<PathBuf> = match std::fs::read_dir(path) {
            Ok(rd) => rd.filter_map(Result::ok).map(|e| e.path()).collect(),
            Err(e) => return visit(Err(io_err(path, e))),
        };
        entries.sort();
        for e in entries {
            visit_path(&e, false, read, visit)?;
        }
        return ControlFlow::Continue(());
    }
    let kind = kind_by_name(&shown);
    let kind = match (kind, named) {
        (Kind::Other, false) => return ControlFlow::Continue(()),
        (Kind::Other, true) => Kind::Sgf,
        (k, _) => k,
    };
    let file = match File::open(path) {
        Ok(f) => Counting { inner: f, read },
        Err(e) => return visit(Err(io_err(path, e))),
    };
    match kind {
        Kind::Sgf => {
            if meta.len() > MAX_FILE_BYTES {
                return visit(Err(InputError::TooLarge {
                    path: shown,
                    member: None,
                    size: meta.len(),
                }));
            }
            let mut bytes = Vec::with_capacity(meta.len() as usize);
            match BufReader::new(file).read_to_end(&mut bytes) {
                Ok(_) => visit(Ok(SourceFile {
                    source: shown,
                    member: None,
                    bytes,
                })),
                Err(e) => visit(Err(io_err(path, e))),
            }
        }
        Kind::Zip => visit_zip(&shown, BufReader::new(file), visit),
        Kind::Tar => visit_tar(&shown, BufReader::new(file), visit),
        Kind::TarGz => visit_tar(
            &shown,
            flate2::read::MultiGzDecoder::new(BufReader::new(file)),
            visit,
        ),
        Kind::TarBz2 => visit_tar(
            &shown,
            bzip2::read::MultiBzDecoder::new(BufReader::new(file)),
            visit,
        ),
        Kind::Other => ControlFlow::Continue(()),
    }
}

fn visit_bytes(shown: &str, bytes: Vec<u8>, visit: &mut Visitor<'_>) -> ControlFlow<()> {
    match kind_by_magic(&bytes) {
        Kind::Zip => visit_zip(shown, Cursor::new(bytes), visit),
        Kind::Tar => visit_tar(shown, Cursor::new(bytes), visit),
        Kind::TarGz => visit_tar(
            shown,
            flate2::read::MultiGzDecoder::new(Cursor::new(bytes)),
            visit,
        ),
        Kind::TarBz2 => visit_tar(
            shown,
            bzip2::read::MultiBzDecoder::new(Cursor::new(bytes)),
            visit,
        ),
        _ => visit(Ok(SourceFile {
            source: shown.to_string(),
            member: None,
            bytes,
        })),
    }
}

fn archive_err(path: &str, member: Option<String>, e: impl std::fmt::Display) -> InputError {
    InputError::Archive {
        path: path.to_string(),
        member,
        message: e.to_string(),
    }
}

fn visit_tar(path: &str, reader: impl Read, visit: &mut Visitor<'_>) -> ControlFlow<()> {
    let mut archive = tar::Archive::new(reader);
    let entries = match archive.entries() {
        Ok(e) => e,
        Err(e) => return visit(Err(archive_err(path, None, e))),
    };
    let mut last_member: Option<String> = None;
    for entry in entries {
        let mut entry = match entry {
            Ok(e) => e,
            Err(e) => {
                let after = last_member.as_ref().map(|m| format!("after {m}"));
                return visit(Err(archive_err(path, after, e)));
            }
        };
        if !entry.header().entry_type().is_file() {
            continue;
        }
        let name = match entry.path() {
            Ok(p) => p.display().to_string(),
            Err(e) => {
                visit(Err(archive_err(path, last_member.clone(), e)))?;
                continue;
            }
        };
        last_member = Some(name.clone());
        if kind_by_name(&name) != Kind::Sgf {
            continue;
        }
        let size = entry.size();
        if size > MAX_FILE_BYTES {
            visit(Err(InputError::TooLarge {
                path: path.to_string(),
                member: Some(name),
                size,
            }))?;
            continue;
        }
        let mut bytes = Vec::with_capacity(size as usize);
        match entry.read_to_end(&mut bytes) {
            Ok(_) => visit(Ok(SourceFile {
                source: path.to_string(),
                member: Some(name),
                bytes,
            }))?,
            Err(e) => return visit(Err(archive_err(path, Some(name), e))),
        }
    }
    ControlFlow::Continue(())
}

fn visit_zip(path: &str, reader: impl Read + Seek, visit: &mut Visitor<'_>) -> ControlFlow<()> {
    let mut archive = match zip::ZipArchive::new(reader) {
        Ok(a) => a,
        Err(e) => return visit(Err(archive_err(path, None, e))),
    };
    let mut names: Vec<(String, usize)> = (0..archive.len())
        .filter_map(|i| archive.name_for_index(i)?.ok().map(|n| (n.to_string(), i)))
        .filter(|(n, _)| kind_by_name(n) == Kind::Sgf)
        .collect();
    names.sort();
    for (name, i) in names {
        let mut file = match archive.by_index(i) {
            Ok(f) => f,
            Err(e) => {
                visit(Err(archive_err(path, Some(name), e)))?;
                continue;
            }
        };
        if file.size() > MAX_FILE_BYTES {
            visit(Err(InputError::TooLarge {
                path: path.to_string(),
                member: Some(name),
                size: file.size(),
            }))?;
            continue;
        }
        let mut bytes = Vec::with_capacity(file.size() as usize);
        let read = file.read_to_end(&mut bytes);
        drop(file);
        match read {
            Ok(_) => visit(Ok(SourceFile {
                source: path.to_string(),
                member: Some(name),
                bytes,
            }))?,
            Err(e) => visit(Err(archive_err(path, Some(name), e)))?,
        }
    }
    ControlFlow::Continue(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kinds_by_name_and_magic() {
        assert_eq!(kind_by_name("a/B.SGF"), Kind::Sgf);
        assert_eq!(kind_by_name("x.tar.gz"), Kind::TarGz);
        assert_eq!(kind_by_name("x.tgz"), Kind::TarGz);
        assert_eq!(kind_by_name("x.tar.bz2"), Kind::TarBz2);
        assert_eq!(kind_by_name("README.md"), Kind::Other);
        assert_eq!(kind_by_magic(b"PK\x03\x04rest"), Kind::Zip);
        assert_eq!(kind_by_magic(b"(;GM[1])"), Kind::Sgf);
    }

    /// The walk counts what it reads from disk up to what `input_bytes`
    /// foretold from the sizes alone: the embedded archive (compressed
    /// bytes, not what they unpack to) and a directory whose non-SGF file
    /// is neither read nor counted.
    #[test]
    fn the_bytes_read_add_up_to_the_inputs_sizes() {
        let archive = lanke_testdata::cwi_archive();
        let on_disk = std::fs::metadata(&archive).unwrap().len();
        let paths = [archive];
        assert_eq!(input_bytes(&paths), on_disk);
        let read = AtomicU64::new(0);
        let mut files = 0u32;
        let _ = visit_paths_counted(&paths, &read, &mut |f| {
            files += u32::from(f.is_ok());
            ControlFlow::Continue(())
        });
        assert!(files > 77_000);
        assert_eq!(read.load(Ordering::Relaxed), on_disk);

        let dir = std::env::temp_dir().join(format!("lanke-input-bytes-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("sub")).unwrap();
        std::fs::write(dir.join("a.sgf"), "(;GM[1]SZ[9];B[ee])").unwrap();
        std::fs::write(dir.join("sub/b.SGF"), "(;GM[1]SZ[19])").unwrap();
        std::fs::write(dir.join("notes.txt"), "not a record").unwrap();
        let paths = [dir.clone()];
        assert_eq!(input_bytes(&paths), 19 + 14);
        let read = AtomicU64::new(0);
        let _ = visit_paths_counted(&paths, &read, &mut |_| ControlFlow::Continue(()));
        assert_eq!(read.load(Ordering::Relaxed), 19 + 14);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
