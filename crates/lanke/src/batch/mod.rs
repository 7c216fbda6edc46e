//! `lanke batch` and `lanke merge`: rescore whole archives in parallel and
//! write the reports (CSV; with `--format parquet`, the finished tables
//! rewritten as Parquet by `parquet`).
//!
//! Flow: a reader thread walks the inputs in their stable order and numbers
//! every game (`seq`, its place in the whole input); rayon workers (`--jobs`)
//! replay, judge and score; the calling thread is the only writer. Games
//! travel between the threads in chunks of `CHUNK`, so a thread is woken
//! once per chunk rather than once per game. The writer puts results back
//! in input order and appends them to resumable files in
//! `DIR/.lanke-partial/`, flushing whenever it has written every game it
//! could, so an interrupted run leaves valid CSV (a torn last line is
//! dropped on `--resume`). At the end the derived reports are written and every
//! file is moved into `DIR` by rename. `--resume` continues after the last
//! complete game of the partial files. `--shard K/N` keeps the games whose id
//! hashes to part K; `merge` joins the parts in `seq` order and derives the
//! reports with the same code, so the files equal a single run's.

mod parquet;
pub(crate) mod schema;
pub(crate) mod svg;
mod tables;

use std::collections::BTreeMap;
use std::fs::{self, File, OpenOptions};
use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc::sync_channel;
use std::time::{Duration, Instant};

use anyhow::{bail, Context, Result};
use rayon::prelude::*;

use lanke_games::for_each_game_counted;
use lanke_judge::JudgeOptions;
use lanke_rescore::columns::TABLES;
use lanke_rescore::derive::{join, Derived, Joined};
use lanke_rescore::item::shard_of;
use lanke_rescore::judging::{start_engine, JudgeSpec};
use lanke_rescore::rows::{self, process, GameOutput, GameRow, KomiChoice, RunSettings, ScoreRow};
use serde::{Deserialize, Serialize};
use tables::{
    csv_appender, csv_bytes, read_rows, remove_if_there, rewrite, write_atomic, write_scores,
    BadRow, ScoresFrom,
};

/// What a batch run was asked to do.
pub(crate) struct BatchArgs {
    pub paths: Vec<PathBuf>,
    pub out: PathBuf,
    /// Families, judge, overrides and komi; pictures are kept when `svg`
    /// is given.
    pub settings: RunSettings,
    pub jobs: usize,
    pub shard: Option<(u64, u64)>,
    pub resume: bool,
    pub quiet: bool,
    pub svg: Option<PathBuf>,
    /// Write the scores table gzip-compressed (`scores.csv.gz`).
    pub compress: bool,
    /// CSV, or Parquet.
    pub format: ReportFormat,
    /// Stop after this many games have been written (for tests of --resume).
    pub stop_after: Option<u64>,
}

const PARTIAL: &str = ".lanke-partial";

/// The files the tables are written as.
#[derive(Clone, Copy, PartialEq, Eq, Debug, clap::ValueEnum)]
pub(crate) enum ReportFormat {
    /// `games.csv`, `scores.csv` (or `.csv.gz`), ...
    Csv,
    /// `games.parquet`, `scores.parquet`, ... (zstd-compressed, typed).
    Parquet,
}

/// Games per message between the reader, the workers and the writer:
/// one game per message costs the workers wake-ups, while a chunk of 16
/// takes only some 16 ms to judge, so the last chunks still balance
/// across jobs.
const CHUNK: usize = 16;
/// Chunks in flight on each channel (bounds memory: at most this many
/// chunks of raw records wait for a worker).
const CHUNKS_IN_FLIGHT: usize = 16;

/// Parses `K/N`.
pub(crate) fn parse_shard(text: &str) -> Result<(u64, u64)> {
    let (k, n) = text
        .split_once('/')
        .context("--shard takes K/N, e.g. 2/3")?;
    let (k, n): (u64, u64) = (k.trim().parse()?, n.trim().parse()?);
    if n == 0 || k == 0 || k > n {
        bail!("--shard {text}: K must be within 1..=N");
    }
    Ok((k, n))
}

/// A run's settings as `run.json` states them: what must agree between a
/// run and its resumption or its shards, and what `merge` reads back.
#[derive(Debug, PartialEq, Serialize, Deserialize)]
pub(crate) struct RunDescription {
    pub lanke: String,
    pub inputs: Vec<String>,
    pub families: Vec<String>,
    pub judge: JudgeDescription,
    pub komi: KomiChoice,
    pub overrides: Vec<OverrideDescription>,
}

/// The judge of a run: `builtin`, `gtp` (an engine) or `consult` (the
/// built-in judge, the engine where it is unsure), with the built-in
/// judge's settings and the engine's command where they apply.
#[derive(Debug, PartialEq, Serialize, Deserialize)]
pub(crate) struct JudgeDescription {
    pub kind: String,
    pub engine: Option<String>,
    pub playouts: Option<u32>,
    pub seed: Option<u64>,
    pub ending: Option<String>,
}

/// One line of the overrides file a run used, its points in SGF.
#[derive(Debug, PartialEq, Serialize, Deserialize)]
pub(crate) struct OverrideDescription {
    pub key: String,
    pub dead: Vec<String>,
    /// `None` when the line names no seki (the judge finds them).
    pub seki: Option<Vec<String>>,
}

impl RunDescription {
    fn of(a: &BatchArgs) -> RunDescription {
        let s = &a.settings;
        let builtin = |kind: &str, o: &JudgeOptions, engine: Option<&String>| JudgeDescription {
            kind: kind.to_string(),
            engine: engine.cloned(),
            playouts: Some(o.playouts),
            seed: Some(o.seed),
            ending: Some(o.ending.name().to_string()),
        };
        let judge = match &s.spec {
            JudgeSpec::Builtin(o) => builtin("builtin", o, None),
            JudgeSpec::Consult(o, cmd) => builtin("consult", o, Some(cmd)),
            JudgeSpec::Gtp(cmd) => JudgeDescription {
                kind: "gtp".to_string(),
                engine: Some(cmd.clone()),
                playouts: None,
                seed: None,
                ending: None,
            },
        };
        let points = |ps: &[lanke_sgf::Point]| ps.iter().map(|p| p.to_sgf()).collect();
        RunDescription {
            lanke: env!("CARGO_PKG_VERSION").to_string(),
            inputs: a.paths.iter().map(|p| p.display().to_string()).collect(),
            families: s.families.iter().map(|f| f.id.to_string()).collect(),
            judge,
            komi: s.komi,
            overrides: s
                .overrides
                .iter()
                .map(|o| OverrideDescription {
                    key: o.key.clone(),
                    dead: points(&o.dead),
                    seki: o.seki.as_deref().map(points),
                })
                .collect(),
        }
    }

    /// The text of `run.json`.
    fn to_json(&self) -> String {
        let mut text = serde_json::to_string_pretty(self).expect("plain data serializes");
        text.push('\n');
        text
    }
}

/// Progress on standard error: a bar on a terminal (the input bytes read
/// against their total, and the games written), a line every ten seconds
/// otherwise, nothing when quiet.
struct Progress {
    bar: Option<indicatif::ProgressBar>,
    plain: bool,
    last: Instant,
    start: Instant,
}

impl Progress {
    /// `total`: the inputs' bytes on disk (a spinner without it, as for
    /// standard input).
    fn new(quiet: bool, total: Option<u64>) -> Progress {
        let terminal = std::io::stderr().is_terminal();
        let bar = (!quiet && terminal).then(|| {
            let (bar, template) = match total {
                Some(t) => (
                    indicatif::ProgressBar::new(t),
                    "{spinner} {bar:30} {bytes}/{total_bytes} read, {msg} [{elapsed_precise}] eta {eta}",
                ),
                None => (
                    indicatif::ProgressBar::new_spinner(),
                    "{spinner} {msg} [{elapsed_precise}]",
                ),
            };
            bar.set_style(
                indicatif::ProgressStyle::with_template(template).expect("valid template"),
            );
            bar
        });
        Progress {
            bar,
            plain: !quiet && !terminal,
            last: Instant::now(),
            start: Instant::now(),
        }
    }

    /// `done` games written, `read` input bytes read.
    fn tick(&mut self, done: u64, read: u64) {
        let rate = || done as f64 / self.start.elapsed().as_secs_f64().max(1e-9);
        if let Some(b) = &self.bar {
            b.set_position(read);
            b.set_message(format!("{done} games, {:.0}/s", rate()));
        } else if self.plain && self.last.elapsed() >= Duration::from_secs(10) {
            eprintln!("lanke batch: {done} games, {:.0} games/s", rate());
            self.last = Instant::now();
        }
    }

    /// Takes the bar off the terminal, for a line of its own.
    fn clear(&self) {
        if let Some(b) = &self.bar {
            b.finish_and_clear();
        }
    }

    /// Clears the bar and, unless quiet, says what was written where.
    fn finish(&self, done: u64, out: &Path, derived: &Derived) {
        self.clear();
        if self.plain || self.bar.is_some() {
            let secs = self.start.elapsed().as_secs_f64();
            let resumed = derived.games() - done;
            let earlier = if resumed > 0 {
                format!(" ({resumed} of them from the run resumed)")
            } else {
                String::new()
            };
            eprintln!(
                "lanke batch: {} games{earlier}, {} errors, {} discrepancy rows, written to {} in {secs:.1} s",
                derived.games(),
                derived.errors(),
                derived.discrepancies.len(),
                out.display()
            );
        }
    }
}

/// Runs a batch.
pub(crate) fn run(a: &BatchArgs) -> Result<()> {
    fs::create_dir_all(&a.out).with_context(|| format!("creating {}", a.out.display()))?;
    let _lock = OutLock::take(&a.out)?;
    watch_for_interrupt();
    let partial = a.out.join(PARTIAL);
    let description = RunDescription::of(a).to_json();
    let shard_line = a.shard.map(|(k, n)| format!("{k}/{n}")).unwrap_or_default();
    let games_path = partial.join("games.csv");
    let scores_path = partial.join(tables::SCORES_CSV);
    let mut derived = Derived::new(a.settings.komi);
    let mut resume_after: Option<u64> = None;
    let fresh = !(a.resume && games_path.exists());
    if fresh {
        if partial.exists() {
            fs::remove_dir_all(&partial)?;
        }
        fs::create_dir_all(&partial)?;
        fs::write(partial.join("run.json"), &description)?;
        fs::write(partial.join("shard"), &shard_line)?;
    } else {
        let before = fs::read_to_string(partial.join("run.json")).unwrap_or_default();
        let before_shard = fs::read_to_string(partial.join("shard")).unwrap_or_default();
        if before != description || before_shard != shard_line {
            bail!(
                "--resume: {} was started with other settings; rerun without --resume",
                partial.display()
            );
        }
        let games: Vec<GameRow> = read_rows(&games_path, BadRow::EndsTheTable)?;
        let last = games.last().map(|g| g.seq);
        let scores: Vec<ScoreRow> = read_rows(&scores_path, BadRow::EndsTheTable)?;
        let scores: Vec<ScoreRow> = scores
            .into_iter()
            .filter(|s| last.is_some_and(|l| s.seq <= l))
            .collect();
        rewrite(&games_path, &games)?;
        rewrite(&scores_path, &scores)?;
        let mut by_seq: BTreeMap<u64, Vec<ScoreRow>> = BTreeMap::new();
        for s in scores {
            by_seq.entry(s.seq).or_default().push(s);
        }
        for g in &games {
            derived.feed(g, by_seq.get(&g.seq).map_or(&[][..], Vec::as_slice));
        }
        resume_after = last;
    }
    let mut games_w = csv_appender(&games_path, fresh)?;
    let mut scores_w = csv_appender(&scores_path, fresh)?;
    if !fresh && resume_after.is_none() {
        // Nothing complete was written: start the files over.
        games_w = csv_appender(&games_path, true)?;
        scores_w = csv_appender(&scores_path, true)?;
    }
    if let Some(dir) = &a.svg {
        fs::create_dir_all(dir)?;
    }
    let settings = &a.settings;
    // The bar measures the bytes read from disk against the inputs' sizes:
    // no second pass over the inputs to count their games.
    let read = AtomicU64::new(0);
    let total = (!a.quiet && std::io::stderr().is_terminal())
        .then(|| lanke_input::input_bytes(&a.paths))
        .filter(|&t| t > 0);
    let mut progress = Progress::new(a.quiet, total);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(a.jobs.max(1))
        .build()?;
    type Chunk = Vec<(u64, u64, lanke_rescore::item::GameItem)>;
    let (tx_in, rx_in) = sync_channel::<Chunk>(CHUNKS_IN_FLIGHT);
    let (tx_out, rx_out) = sync_channel::<Vec<(u64, GameOutput)>>(CHUNKS_IN_FLIGHT);
    let mut written = 0u64;
    let mut stopped = false;
    std::thread::scope(|scope| -> Result<()> {
        let paths = &a.paths;
        let shard = a.shard;
        let read = &read;
        scope.spawn(move || {
            let mut seq = 0u64;
            let mut ord = 0u64;
            let mut chunk: Chunk = Vec::with_capacity(CHUNK);
            for_each_game_counted(paths, read, |item| {
                seq += 1;
                if resume_after.is_some_and(|l| seq <= l) {
                    return std::ops::ControlFlow::Continue(());
                }
                if let Some((k, n)) = shard {
                    if shard_of(&item.id.to_string(), n) != k {
                        return std::ops::ControlFlow::Continue(());
                    }
                }
                chunk.push((ord, seq, item));
                ord += 1;
                if chunk.len() < CHUNK {
                    return std::ops::ControlFlow::Continue(());
                }
                let full = std::mem::replace(&mut chunk, Vec::with_capacity(CHUNK));
                if tx_in.send(full).is_err() {
                    std::ops::ControlFlow::Break(())
                } else {
                    std::ops::ControlFlow::Continue(())
                }
            });
            if !chunk.is_empty() {
                let _ = tx_in.send(chunk);
            }
        });
        let settings = &settings;
        scope.spawn(move || {
            pool.install(|| {
                rx_in.into_iter().par_bridge().for_each_init(
                    || (start_engine(&settings.spec).ok().flatten(), tx_out.clone()),
                    |(engine, tx), chunk| {
                        let outs = chunk
                            .iter()
                            .map(|(ord, seq, item)| {
                                (*ord, process(*seq, item, settings, engine.as_mut()))
                            })
                            .collect();
                        let _ = tx.send(outs);
                    },
                );
            });
            drop(tx_out);
        });
        let mut pending: BTreeMap<u64, GameOutput> = BTreeMap::new();
        let mut next = 0u64;
        for outs in rx_out.iter() {
            pending.extend(outs);
            // The games now writable in order (up to `--stop-after`).
            let mut ready: Vec<GameOutput> = Vec::new();
            while let Some(out) = pending.remove(&next) {
                next += 1;
                ready.push(out);
                if a.stop_after
                    .is_some_and(|n| written + ready.len() as u64 >= n)
                {
                    stopped = true;
                    break;
                }
            }
            // Their scores reach the disk before their game rows: a game row
            // on disk always has all its scores, which `--resume` relies on.
            for out in &ready {
                for s in &out.scores {
                    scores_w.serialize(s)?;
                }
            }
            scores_w.flush()?;
            for out in &ready {
                games_w.serialize(&out.game)?;
            }
            games_w.flush()?;
            for out in &ready {
                let before = derived.discrepancies.len();
                derived.feed(&out.game, &out.scores);
                if let (Some(dir), Some(picture)) = (&a.svg, &out.picture) {
                    if derived.discrepancies.len() > before {
                        let name = svg::file_name(&out.game.game_id);
                        write_atomic(
                            &dir.join(name),
                            svg::render(picture, &out.game.game_id, &out.game, &out.scores)
                                .as_bytes(),
                        )?;
                    }
                }
            }
            written += ready.len() as u64;
            progress.tick(written, read.load(Ordering::Relaxed));
            if INTERRUPTED.load(Ordering::SeqCst) {
                progress.clear();
                eprintln!(
                    "lanke batch: interrupted after {written} games, kept in {}; run the same command with --resume to continue",
                    partial.display()
                );
                std::process::exit(130);
            }
            if stopped {
                break;
            }
        }
        Ok(())
    })?;
    drop(games_w);
    drop(scores_w);
    if stopped {
        progress.clear();
        eprintln!("lanke batch: stopped after {written} games; continue with --resume");
        return Ok(());
    }
    finish(&a.out, &partial, &derived, a.compress, a.format)?;
    progress.finish(written, &a.out, &derived);
    Ok(())
}

/// Set by Ctrl-C: the writer stops after the games it has just written
/// (the partial files are complete up to them) and says how to resume.
static INTERRUPTED: AtomicBool = AtomicBool::new(false);

/// Installs the Ctrl-C handler: the first press asks the writer to stop
/// cleanly, a second one ends the process at once.
fn watch_for_interrupt() {
    let _ = ctrlc::set_handler(|| {
        if INTERRUPTED.swap(true, Ordering::SeqCst) {
            std::process::exit(130);
        }
    });
}

/// The lock that keeps two runs from writing into one output directory:
/// an exclusive lock on `DIR/.lanke-lock`, which the system releases when
/// the process ends however it ends (Ctrl-C included), so no stale lock
/// is left to clear by hand. The file is removed when the run is done.
struct OutLock {
    path: PathBuf,
    _file: File,
}

impl OutLock {
    fn take(out: &Path) -> Result<OutLock> {
        let path = out.join(".lanke-lock");
        let file = OpenOptions::new()
            .create(true)
            .truncate(false)
            .write(true)
            .open(&path)
            .with_context(|| format!("creating {}", path.display()))?;
        match file.try_lock() {
            Ok(()) => Ok(OutLock { path, _file: file }),
            Err(std::fs::TryLockError::WouldBlock) => bail!(
                "another lanke run is writing into {} (it holds {}); wait for it to end or give another --out",
                out.display(),
                path.display()
            ),
            Err(std::fs::TryLockError::Error(e)) => {
                Err(e).with_context(|| format!("locking {}", path.display()))
            }
        }
    }
}

impl Drop for OutLock {
    fn drop(&mut self) {
        let _ = fs::remove_file(&self.path);
    }
}

/// Writes the files derived from the rows (and the run description) into
/// `out`.
fn write_derived(out: &Path, derived: &Derived, run: &str) -> Result<()> {
    write_atomic(
        &out.join("discrepancies.csv"),
        &csv_bytes(&derived.discrepancies)?,
    )?;
    write_atomic(&out.join("summary.csv"), &csv_bytes(&derived.summary())?)?;
    write_atomic(&out.join("run.json"), run.as_bytes())
}

/// Puts the finished CSV tables of `out` into their final form — as they
/// are, or each converted to Parquet with its CSV removed — removes the
/// other form an earlier run into `out` left, so one form of each table
/// stands, and describes what stands in `datapackage.json`. `scores` is
/// the scores CSV's file name (`scores.csv` or `scores.csv.gz`).
fn settle(out: &Path, format: ReportFormat, scores: &str) -> Result<()> {
    let mut paths: Vec<String> = Vec::with_capacity(TABLES.len());
    for (name, fields) in TABLES {
        let csv_name = if name == "scores" {
            scores.to_string()
        } else {
            format!("{name}.csv")
        };
        let parquet_name = format!("{name}.parquet");
        let (kept, stale) = match format {
            ReportFormat::Csv => (csv_name, parquet_name),
            ReportFormat::Parquet => {
                let csv_path = out.join(&csv_name);
                let target = out.join(&parquet_name);
                let tmp = target.with_extension("tmp-lanke");
                let input = File::open(&csv_path)
                    .with_context(|| format!("reading {}", csv_path.display()))?;
                parquet::write_table(std::io::BufReader::new(input), name, fields, &tmp)?;
                fs::rename(&tmp, &target)
                    .with_context(|| format!("renaming into {}", target.display()))?;
                (parquet_name, csv_name)
            }
        };
        remove_if_there(&out.join(&stale))?;
        paths.push(kept);
    }
    write_atomic(
        &out.join("datapackage.json"),
        schema::datapackage(&paths).as_bytes(),
    )
}

/// Moves the tables into `out` (the scores compressed with `compress`)
/// and writes the derived files beside them, in `format`.
fn finish(
    out: &Path,
    partial: &Path,
    derived: &Derived,
    compress: bool,
    format: ReportFormat,
) -> Result<()> {
    let run = fs::read_to_string(partial.join("run.json")).unwrap_or_default();
    let scores = write_scores(
        ScoresFrom::File(&partial.join(tables::SCORES_CSV)),
        out,
        compress,
    )?;
    write_derived(out, derived, &run)?;
    fs::rename(partial.join("games.csv"), out.join("games.csv"))?;
    settle(out, format, scores)?;
    fs::remove_dir_all(partial)?;
    Ok(())
}

/// `lanke merge`: joins shard outputs into the files one run would write.
pub(crate) fn merge(
    parts: &[PathBuf],
    out: &Path,
    komi: KomiChoice,
    compress: bool,
    format: ReportFormat,
    svg: Option<(&Path, &RunSettings)>,
) -> Result<()> {
    if parts.is_empty() {
        bail!("merge needs at least one shard directory");
    }
    for p in parts {
        if !p.join("games.csv").exists() && p.join("games.parquet").exists() {
            bail!(
                "{}: its tables are Parquet; merge reads the CSV tables of shards run with --format csv (the default), and writes Parquet with merge --format parquet",
                p.display()
            );
        }
    }
    let runs: Vec<String> = parts
        .iter()
        .map(|p| {
            fs::read_to_string(p.join("run.json")).with_context(|| {
                format!(
                    "{}: no run.json (not a finished lanke batch output)",
                    p.display()
                )
            })
        })
        .collect::<Result<_>>()?;
    if runs.iter().any(|r| *r != runs[0]) {
        bail!("the shards were run with different settings (compare their run.json)");
    }
    let mut games: Vec<GameRow> = Vec::new();
    let mut scores: Vec<ScoreRow> = Vec::new();
    for p in parts {
        games.extend(read_rows::<GameRow>(&p.join("games.csv"), BadRow::Fails)?);
        scores.extend(read_rows::<ScoreRow>(&tables::scores_in(p), BadRow::Fails)?);
    }
    let Joined {
        games,
        scores: score_rows,
        derived,
    } = join(games, scores, komi).context("merge: the shards overlap")?;
    fs::create_dir_all(out)?;
    let _lock = OutLock::take(out)?;
    write_atomic(&out.join("games.csv"), &csv_bytes(&games)?)?;
    let scores = write_scores(ScoresFrom::Bytes(&csv_bytes(&score_rows)?), out, compress)?;
    write_derived(out, &derived, &runs[0])?;
    settle(out, format, scores)?;
    if let Some((dir, settings)) = svg {
        draw_discrepancies(&games, &derived, dir, settings)?;
    }
    Ok(())
}

/// Draws the judged position of every discrepancy game into `dir`, as
/// `batch --svg` does. Shards hold rows, not positions, so the games are
/// read again from the sources `games.csv` names and judged again with
/// `settings` (the same judge options give the same pictures).
fn draw_discrepancies(
    games: &[GameRow],
    derived: &Derived,
    dir: &Path,
    settings: &RunSettings,
) -> Result<()> {
    let discrepant: std::collections::BTreeSet<&str> = derived
        .discrepancies
        .iter()
        .map(|d| d.game_id.as_str())
        .collect();
    // Read again from its source alone, a game is found by where it lies
    // (source, member, index): its id started at the input the run named.
    let wanted: std::collections::BTreeMap<(&str, &str, usize), &str> = games
        .iter()
        .filter(|g| discrepant.contains(g.game_id.as_str()))
        .map(|g| {
            (
                (g.source.as_str(), g.member.as_str(), g.collection_index),
                g.game_id.as_str(),
            )
        })
        .collect();
    let mut sources: Vec<&str> = wanted.keys().map(|&(source, _, _)| source).collect();
    sources.sort_unstable();
    sources.dedup();
    fs::create_dir_all(dir)?;
    let mut engine = lanke_rescore::judging::start_engine(&settings.spec)?;
    let mut drawn = 0usize;
    let mut failure: Option<anyhow::Error> = None;
    for source in sources {
        lanke_games::for_each_game(&[PathBuf::from(source)], |item| {
            let at = (
                item.id.source.as_str(),
                item.id.member.as_deref().unwrap_or(""),
                item.id.index,
            );
            let Some(&id) = wanted.get(&at) else {
                return std::ops::ControlFlow::Continue(());
            };
            let o = rows::process(0, &item, settings, engine.as_mut());
            if let Some(picture) = &o.picture {
                let name = svg::file_name(id);
                // The caption's id is the run's (the id read again from the
                // source alone starts elsewhere); the rest is as judged now.
                let picture = svg::render(picture, id, &o.game, &o.scores);
                if let Err(e) = write_atomic(&dir.join(name), picture.as_bytes()) {
                    failure = Some(e);
                    return std::ops::ControlFlow::Break(());
                }
                drawn += 1;
            }
            std::ops::ControlFlow::Continue(())
        });
        if let Some(e) = failure.take() {
            return Err(e);
        }
    }
    if drawn < wanted.len() {
        bail!(
            "merge --svg: drew {drawn} of {} discrepancy games; the others could not be read again from their sources",
            wanted.len()
        );
    }
    Ok(())
}

/// The komi a finished run used, read from its run.json.
pub(crate) fn komi_of(dir: &Path) -> Result<KomiChoice> {
    let path = dir.join("run.json");
    let text = fs::read_to_string(&path).with_context(|| path.display().to_string())?;
    let run: RunDescription = serde_json::from_str(&text)
        .with_context(|| format!("{}: not a lanke run description", path.display()))?;
    Ok(run.komi)
}
