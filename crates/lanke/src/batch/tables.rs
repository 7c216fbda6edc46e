//! The report tables on disk: CSV appended as a run goes, read back on
//! `--resume` (tolerating the torn last line of an interruption) or by
//! `merge` (tolerating nothing), written atomically, and the scores table
//! optionally gzip-compressed. No row is built here.

use std::fs::{self, File, OpenOptions};
use std::io::{BufReader, BufWriter, Read, Write};
use std::path::{Path, PathBuf};

use anyhow::{Context, Result};
use flate2::read::GzDecoder;
use flate2::write::GzEncoder;
use flate2::Compression;

/// The scores table's file names, plain and compressed.
pub(super) const SCORES_CSV: &str = "scores.csv";
pub(super) const SCORES_CSV_GZ: &str = "scores.csv.gz";

pub(super) fn csv_appender(path: &Path, fresh: bool) -> Result<csv::Writer<BufWriter<File>>> {
    let file = OpenOptions::new()
        .create(true)
        .append(!fresh)
        .write(true)
        .truncate(fresh)
        .open(path)
        .with_context(|| format!("opening {}", path.display()))?;
    Ok(csv::WriterBuilder::new()
        .has_headers(fresh)
        .from_writer(BufWriter::new(file)))
}

/// Rewrites a CSV file with the given rows (header included).
pub(super) fn rewrite<T: serde::Serialize>(path: &Path, rows: &[T]) -> Result<()> {
    fs::write(path, csv_bytes(rows)?).with_context(|| format!("writing {}", path.display()))
}

/// Writes a file atomically: temporary name in the same directory, then rename.
pub(super) fn write_atomic(path: &Path, bytes: &[u8]) -> Result<()> {
    let tmp = path.with_extension("tmp-lanke");
    fs::write(&tmp, bytes).with_context(|| format!("writing {}", tmp.display()))?;
    fs::rename(&tmp, path).with_context(|| format!("renaming into {}", path.display()))?;
    Ok(())
}

pub(super) fn csv_bytes<T: serde::Serialize>(rows: &[T]) -> Result<Vec<u8>> {
    let mut w = csv::Writer::from_writer(Vec::new());
    for r in rows {
        w.serialize(r)?;
    }
    Ok(w.into_inner()?)
}

/// What reading a table does with a row that does not read.
#[derive(Clone, Copy)]
pub(super) enum BadRow {
    /// Stop there, keeping the rows before: the torn last line an
    /// interrupted run leaves in its partial files (`--resume`).
    EndsTheTable,
    /// Fail, naming the file: a finished table has no torn line, and
    /// `merge` must not drop rows.
    Fails,
}

/// The rows of a table (`.csv`, or `.csv.gz` read through gzip).
pub(super) fn read_rows<T: serde::de::DeserializeOwned>(
    path: &Path,
    bad: BadRow,
) -> Result<Vec<T>> {
    let file = File::open(path).with_context(|| format!("reading {}", path.display()))?;
    let input: Box<dyn Read> = if path.extension().is_some_and(|e| e == "gz") {
        Box::new(GzDecoder::new(BufReader::new(file)))
    } else {
        Box::new(BufReader::new(file))
    };
    let mut r = csv::Reader::from_reader(input);
    let mut v = Vec::new();
    for row in r.deserialize() {
        match (row, bad) {
            (Ok(x), _) => v.push(x),
            (Err(_), BadRow::EndsTheTable) => break,
            (Err(e), BadRow::Fails) => {
                return Err(e)
                    .with_context(|| format!("{}: a row that does not read", path.display()))
            }
        }
    }
    Ok(v)
}

/// The scores table in a finished output directory: `scores.csv`, else
/// `scores.csv.gz`.
pub(super) fn scores_in(dir: &Path) -> PathBuf {
    let plain = dir.join(SCORES_CSV);
    if plain.exists() {
        plain
    } else {
        dir.join(SCORES_CSV_GZ)
    }
}

/// Where the finished scores table comes from.
pub(super) enum ScoresFrom<'a> {
    /// A file written as the run went (moved, or read to compress).
    File(&'a Path),
    /// Rows already in memory as CSV (`merge`).
    Bytes(&'a [u8]),
}

/// Puts the finished scores table into `out`: as `scores.csv`, or with
/// `compress` gzip-compressed (deterministic bytes: no name, no time in
/// the header) as `scores.csv.gz`. The other form, left by an earlier run
/// into `out`, is removed, so one scores table stands. Returns the file
/// name written.
pub(super) fn write_scores(
    from: ScoresFrom<'_>,
    out: &Path,
    compress: bool,
) -> Result<&'static str> {
    let (name, stale) = if compress {
        (SCORES_CSV_GZ, SCORES_CSV)
    } else {
        (SCORES_CSV, SCORES_CSV_GZ)
    };
    let target = out.join(name);
    match (from, compress) {
        (ScoresFrom::File(path), false) => fs::rename(path, &target)
            .with_context(|| format!("renaming into {}", target.display()))?,
        (ScoresFrom::Bytes(bytes), false) => write_atomic(&target, bytes)?,
        (ScoresFrom::File(path), true) => {
            let input = File::open(path).with_context(|| format!("reading {}", path.display()))?;
            gzip_atomic(BufReader::new(input), &target)?;
            fs::remove_file(path)?;
        }
        (ScoresFrom::Bytes(bytes), true) => gzip_atomic(bytes, &target)?,
    }
    remove_if_there(&out.join(stale))?;
    Ok(name)
}

/// Removes a file, if it is there.
pub(super) fn remove_if_there(path: &Path) -> Result<()> {
    match fs::remove_file(path) {
        Err(e) if e.kind() != std::io::ErrorKind::NotFound => {
            Err(e).with_context(|| format!("removing {}", path.display()))
        }
        _ => Ok(()),
    }
}

/// Writes `input` gzip-compressed to `target` atomically (temporary name,
/// then rename).
fn gzip_atomic(mut input: impl Read, target: &Path) -> Result<()> {
    let tmp = target.with_extension("tmp-lanke");
    let file = File::create(&tmp).with_context(|| format!("writing {}", tmp.display()))?;
    let mut gz = GzEncoder::new(BufWriter::new(file), Compression::best());
    std::io::copy(&mut input, &mut gz)
        .with_context(|| format!("compressing into {}", tmp.display()))?;
    gz.finish()?.flush()?;
    fs::rename(&tmp, target).with_context(|| format!("renaming into {}", target.display()))
}
