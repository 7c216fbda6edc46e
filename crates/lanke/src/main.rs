//! The `lanke` command line: argument parsing and dispatch only. Each
//! command's work lives in its own module; output formats (text, JSON) live
//! in the command modules, never in the library crates.

mod batch;
mod eval_cmd;

mod judge_cmd;

mod output;
mod replay_cmd;
mod score_cmd;
mod tianyi_cmd;
mod verify_cmd;

use std::path::{Path, PathBuf};

use anyhow::Context;
use clap::{Parser, Subcommand};
use lanke_rescore::judging::{parse_overrides, JudgeSpec, Override};
use lanke_rescore::rows::{KomiChoice, RunSettings};

/// mimalloc instead of the system allocator: the judge makes many small,
/// short-lived vectors (chains, liberties, regions), and glibc's malloc
/// and free took a large share of a whole-archive run's time. Built with
/// `no_thp`: transparent huge pages made the system time vary widely
/// between runs.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// Re-judge historical go game archives.
#[derive(Parser)]
#[command(name = "lanke", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Replay every game: game info, tallies, anomalies and the final position.
    Replay {
        /// SGF files, directories, .zip/.tar/.tar.gz/.tar.bz2 archives, or - for stdin.
        #[arg(required = true)]
        paths: Vec<PathBuf>,
        /// One JSON object per game (JSON Lines) instead of text.
        #[arg(long)]
        json: bool,
        /// Print only the closing counts (ok / lenient / error / anomalies).
        #[arg(long, conflicts_with = "json")]
        summary: bool,
    },
    /// Judge every game's final position: dead stones, seki, territory, dame, groups, eye points.
    Judge {
        /// SGF files, directories, .zip/.tar/.tar.gz/.tar.bz2 archives, or - for stdin.
        #[arg(required = true)]
        paths: Vec<PathBuf>,
        /// One JSON object per game (JSON Lines) instead of text.
        #[arg(long)]
        json: bool,
        /// Only the games whose id ends with this (at a `/` or `!`), e.g.
        /// `Honinbo/05/07.sgf#0`; `Honinbo/05/07.sgf` for every game of
        /// that file, `Honinbo/05/` for every game below that directory.
        #[arg(long, value_name = "ID")]
        game: Option<String>,
        #[command(flatten)]
        judging: JudgingArgs,
    },
    /// Score every game under every rule family (or --rules LIST).
    Score {
        /// SGF files, directories, .zip/.tar/.tar.gz/.tar.bz2 archives, or - for stdin.
        #[arg(required = true)]
        paths: Vec<PathBuf>,
        /// `all` or a comma-separated list of family ids (see docs/RULES.md).
        #[arg(long, default_value = "all", value_parser = parse_families)]
        rules: Families,
        /// `native`: each family's own komi; `record`: the record's KM for every family.
        #[arg(long, default_value = "native", value_parser = komi_parser())]
        komi: KomiChoice,
        /// One JSON object per game and family (JSON Lines).
        #[arg(long)]
        json: bool,
        /// Only the games whose id ends with this (at a `/` or `!`), e.g.
        /// `Honinbo/05/07.sgf#0`; `Honinbo/05/07.sgf` for every game of
        /// that file, `Honinbo/05/` for every game below that directory.
        #[arg(long, value_name = "ID")]
        game: Option<String>,
        #[command(flatten)]
        judging: JudgingArgs,
    },
    /// Rescore whole archives in parallel and write the reports (CSV, or Parquet) into --out.
    Batch {
        /// SGF files, directories, .zip/.tar/.tar.gz/.tar.bz2 archives, or - for stdin.
        #[arg(required = true)]
        paths: Vec<PathBuf>,
        /// Output directory (games, scores, discrepancies and summary tables, run.json, datapackage.json).
        #[arg(short, long)]
        out: PathBuf,
        /// `all` or a comma-separated list of family ids (see docs/RULES.md).
        #[arg(long, default_value = "all", value_parser = parse_families)]
        rules: Families,
        /// `native`: each family's own komi; `record`: the record's KM for every family.
        #[arg(long, default_value = "native", value_parser = komi_parser())]
        komi: KomiChoice,
        /// Worker threads, 1 or more (default: all cores).
        #[arg(short, long, value_parser = parse_jobs)]
        jobs: Option<usize>,
        /// Process only part K of N (e.g. 2/3); join the parts with `lanke merge`.
        #[arg(long)]
        shard: Option<String>,
        /// Continue an interrupted run in the same --out directory.
        #[arg(long)]
        resume: bool,
        /// No progress output.
        #[arg(short, long)]
        quiet: bool,
        /// Write an SVG diagram of every discrepancy game into this directory.
        #[arg(long)]
        svg: Option<PathBuf>,
        /// Write the scores table gzip-compressed as scores.csv.gz (as the
        /// committed reports are); datapackage.json names the file written.
        #[arg(long)]
        compress: bool,
        /// The tables' files: CSV, or Parquet (typed, zstd-compressed;
        /// --compress is for CSV).
        #[arg(long, value_enum, default_value = "csv")]
        format: batch::ReportFormat,
        /// Stop after writing this many games (an interruption, for testing --resume).
        #[arg(long, hide = true)]
        stop_after: Option<u64>,
        #[command(flatten)]
        judging: JudgingArgs,
    },
    /// Join the outputs of `lanke batch --shard K/N` runs into one report directory.
    Merge {
        /// The shard output directories.
        #[arg(required = true)]
        parts: Vec<PathBuf>,
        /// Output directory of the joined report.
        #[arg(short, long)]
        out: PathBuf,
        /// Draw every discrepancy game as SVG into this directory (the
        /// games are read and judged again from their sources).
        #[arg(long)]
        svg: Option<PathBuf>,
        /// Write the scores table gzip-compressed as scores.csv.gz (as the
        /// committed reports are); datapackage.json names the file written.
        #[arg(long)]
        compress: bool,
        /// The joined tables' files: CSV, or Parquet (the shards' own
        /// tables must be CSV).
        #[arg(long, value_enum, default_value = "csv")]
        format: batch::ReportFormat,
        #[command(flatten)]
        judging: JudgingArgs,
    },
    /// Draw one game's judged final position as SVG.
    Show {
        /// An SGF file, directory or archive holding the game (with more
        /// than one game, pick it with --game).
        file: PathBuf,
        /// Where to write the SVG (`-`: standard output).
        #[arg(long)]
        svg: PathBuf,
        /// The game to draw: its id, or the end of it (e.g.
        /// `Honinbo/05/07.sgf#0`).
        #[arg(long, value_name = "ID")]
        game: Option<String>,
        #[command(flatten)]
        judging: JudgingArgs,
    },
    /// Check every figure the records state (RE, GC, comments) against the rescoring.
    Verify {
        /// SGF files, directories, .zip/.tar/.tar.gz/.tar.bz2 archives, or - for stdin.
        #[arg(required = true)]
        paths: Vec<PathBuf>,
        /// Print the table but exit 0 even when a statement disagrees.
        #[arg(long)]
        report_only: bool,
        /// Only the games whose id ends with this (at a `/` or `!`), e.g.
        /// `Honinbo/05/07.sgf#0`; `Honinbo/05/07.sgf` for every game of
        /// that file, `Honinbo/05/` for every game below that directory.
        #[arg(long, value_name = "ID")]
        game: Option<String>,
        #[command(flatten)]
        judging: JudgingArgs,
    },
    /// The four random opening stones of 天弈 (seed 003), or a check of records' first four.
    TianyiOpening {
        /// Grab counts per stone, referee,white,black: `R,W,B/R,W,B/R,W,B/R,W,B`.
        #[arg(long)]
        grabs: Option<String>,
        /// Seed of the generator when no grabs are given.
        #[arg(long, default_value_t = 0)]
        seed: u64,
        #[arg(long, default_value_t = 19)]
        size: u8,
        /// Check these records' first four stones against the rule instead.
        #[arg(long, num_args = 1..)]
        check: Vec<PathBuf>,
    },
    /// Measure the built-in judge: share of counted CWI results reproduced exactly.
    Eval {
        /// Archives or directories holding the records to evaluate.
        #[arg(required = true)]
        paths: Vec<PathBuf>,
        /// Evaluate a deterministic random sample of this many games, drawn by
        /// each game's name inside the input (archive member or path below
        /// the directory given), so the path's spelling does not matter.
        #[arg(long)]
        sample: Option<usize>,
        /// Seed of the sample.
        #[arg(long, default_value_t = 1)]
        sample_seed: u64,
        #[command(flatten)]
        judging: JudgingArgs,
        /// Write every miss to this CSV file.
        #[arg(long)]
        misses: Option<PathBuf>,
        /// Write every evaluated game, exact or not, to this CSV file.
        #[arg(long)]
        rows: Option<PathBuf>,
        /// Also ask an engine for its own result of each game (GTP
        /// `final_score`, after loading the record move by move), e.g.
        /// gtp:'/usr/games/gnugo --mode gtp' (GNU Go counts Japanese-style
        /// unless started with --chinese-rules), and compare both with the
        /// records.
        #[arg(long)]
        engine_score: Option<String>,
        /// Measure the ending: keep only the records played to the last
        /// dame (no neutral point left at their end) and judge each with
        /// its last K moves removed (passes count), against its record.
        #[arg(long, value_name = "K")]
        cut_ending: Option<u32>,
    },
}

/// How games are judged (shared by every command that judges).
#[derive(clap::Args)]
struct JudgingArgs {
    /// `builtin`, `gtp:COMMAND` for an engine such as gtp:'/usr/games/gnugo --mode gtp', or
    /// `builtin+gtp:COMMAND`: the engine only where the built-in confidence is below 0.5.
    #[arg(long, default_value = "builtin")]
    judge: String,
    /// A file of per-game dead/seki corrections (format in README).
    #[arg(long)]
    overrides: Option<PathBuf>,
    /// Monte-Carlo playouts per position for the built-in judge.
    #[arg(long, default_value_t = 64)]
    playouts: u32,
    /// Seed of the built-in judge (same seed, same judgement).
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// How the built-in judge plays a finished position's remaining
    /// moves: `filler` (the dame filling, default), `read` (the local
    /// fights read out by minimax, then the filling; experimental, as
    /// exact so far and slower) or `played` (the ending played out by
    /// tactical reading; experimental, less exact so far).
    #[arg(long, default_value = "filler", value_parser = ending_parser())]
    ending: lanke_judge::EndingMode,
}

impl JudgingArgs {
    /// The settings of a run scoring `families` under `komi`, keeping
    /// each game's picture when `keep_pictures`.
    fn settings(
        &self,
        families: Vec<&'static lanke_rules::Family>,
        komi: KomiChoice,
        keep_pictures: bool,
    ) -> anyhow::Result<RunSettings> {
        let (spec, overrides) = self.resolve()?;
        Ok(RunSettings {
            families,
            spec,
            overrides,
            komi,
            keep_pictures,
        })
    }

    fn resolve(&self) -> anyhow::Result<(JudgeSpec, Vec<Override>)> {
        let opts = lanke_judge::JudgeOptions {
            playouts: self.playouts,
            seed: self.seed,
            stage: lanke_judge::Stage::Final,
            ending: self.ending,
        };
        let spec = JudgeSpec::parse(&self.judge, opts)?;
        let overrides = match &self.overrides {
            Some(p) => read_overrides(p)?,
            None => Vec::new(),
        };
        Ok((spec, overrides))
    }
}

/// Reads an overrides file; errors name the file and the line.
fn read_overrides(path: &Path) -> anyhow::Result<Vec<Override>> {
    let text = std::fs::read_to_string(path)
        .with_context(|| format!("overrides file {}", path.display()))?;
    parse_overrides(&text).with_context(|| format!("overrides file {}", path.display()))
}

/// `--komi`: one of [`KomiChoice::NAMES`] (listed in `--help`).
fn komi_parser() -> impl clap::builder::TypedValueParser<Value = KomiChoice> {
    use clap::builder::TypedValueParser;
    clap::builder::PossibleValuesParser::new(KomiChoice::NAMES)
        .map(|s| KomiChoice::named(&s).expect("one of the listed names"))
}

/// `--ending`: one of [`lanke_judge::EndingMode::NAMES`] (listed in `--help`).
fn ending_parser() -> impl clap::builder::TypedValueParser<Value = lanke_judge::EndingMode> {
    use clap::builder::TypedValueParser;
    clap::builder::PossibleValuesParser::new(lanke_judge::EndingMode::NAMES)
        .map(|s| lanke_judge::EndingMode::named(&s).expect("one of the listed names"))
}

/// `--jobs`: a count of worker threads, at least one.
fn parse_jobs(s: &str) -> Result<usize, String> {
    match s.parse::<usize>() {
        Ok(0) => Err("must be 1 or more (leave --jobs out to use every core)".to_string()),
        Ok(n) => Ok(n),
        Err(e) => Err(e.to_string()),
    }
}

impl Command {
    /// The input paths typed on the command line (not the outputs).
    fn inputs(&self) -> Vec<&Path> {
        let list: &[PathBuf] = match self {
            Command::Replay { paths, .. }
            | Command::Judge { paths, .. }
            | Command::Score { paths, .. }
            | Command::Batch { paths, .. }
            | Command::Verify { paths, .. }
            | Command::Eval { paths, .. } => paths,
            Command::Merge { parts, .. } => parts,
            Command::Show { file, .. } => std::slice::from_ref(file),
            Command::TianyiOpening { check, .. } => check,
        };
        list.iter().map(PathBuf::as_path).collect()
    }
}

/// `--compress` gzips a CSV table; Parquet compresses its own columns.
fn refuse_compressed_parquet(compress: bool, format: batch::ReportFormat) -> anyhow::Result<()> {
    if compress && format == batch::ReportFormat::Parquet {
        anyhow::bail!("--compress gzips CSV tables; Parquet tables are compressed already (zstd): give one of --compress and --format parquet");
    }
    Ok(())
}

/// The families `--rules` names.
#[derive(Clone)]
struct Families(Vec<&'static lanke_rules::Family>);

/// `--rules`: a bad id is a usage error (exit 2) naming the known ones.
fn parse_families(text: &str) -> Result<Families, String> {
    score_cmd::parse_rules(text)
        .map(Families)
        .map_err(|e| e.to_string())
}

/// A path typed on the command line that cannot be read is an error on
/// stderr and exit status 2 before any work starts; a bad game inside a
/// readable input stays an error row. `-` is standard input.
fn require_readable(paths: &[&Path]) {
    for p in paths {
        if p.as_os_str() == "-" {
            continue;
        }
        let readable = match std::fs::metadata(p) {
            Ok(m) if m.is_dir() => std::fs::read_dir(p).map(drop),
            Ok(_) => std::fs::File::open(p).map(drop),
            Err(e) => Err(e),
        };
        if let Err(e) = readable {
            eprintln!("error: cannot read {}: {e}", p.display());
            std::process::exit(2);
        }
    }
}

fn main() {
    let cli = Cli::parse();
    require_readable(&cli.command.inputs());
    match run(cli.command) {
        Ok(()) => {}
        // A `--game` that names nothing is a usage error, as an unreadable
        // path is: nothing could run.
        Err(e) if e.downcast_ref::<lanke_games::NoGameSelected>().is_some() => {
            eprintln!("error: {e}");
            std::process::exit(2);
        }
        // The message and its causes, one line: a failed run (a record
        // that disagrees with its rescoring, a file that cannot be
        // written) is the user's news, not a crash to trace.
        Err(e) => {
            eprintln!("error: {e:#}");
            std::process::exit(1);
        }
    }
}

fn run(command: Command) -> anyhow::Result<()> {
    match command {
        Command::Replay {
            paths,
            json,
            summary,
        } => {
            let mode = if json {
                replay_cmd::Output::Json
            } else if summary {
                replay_cmd::Output::Summary
            } else {
                replay_cmd::Output::Text
            };
            replay_cmd::run(&paths, mode)
        }
        Command::Judge {
            paths,
            json,
            game,
            judging,
        } => {
            let (spec, overrides) = judging.resolve()?;
            let select = game.as_deref().map(lanke_games::Selector::new);
            judge_cmd::run(&paths, select.as_ref(), json, &spec, &overrides)
        }
        Command::Score {
            paths,
            rules,
            komi,
            json,
            game,
            judging,
        } => {
            let settings = judging.settings(rules.0, komi, !json)?;
            let select = game.as_deref().map(lanke_games::Selector::new);
            score_cmd::run(&paths, select.as_ref(), &settings, json)
        }
        Command::Batch {
            paths,
            out,
            rules,
            komi,
            jobs,
            shard,
            resume,
            quiet,
            svg,
            compress,
            format,
            stop_after,
            judging,
        } => {
            refuse_compressed_parquet(compress, format)?;
            let keep_pictures = svg.is_some();
            let args = batch::BatchArgs {
                paths,
                out,
                settings: judging.settings(rules.0, komi, keep_pictures)?,
                jobs: jobs
                    .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get())),
                shard: shard.as_deref().map(batch::parse_shard).transpose()?,
                resume,
                quiet,
                svg,
                compress,
                format,
                stop_after,
            };
            batch::run(&args)
        }
        Command::Merge {
            parts,
            out,
            svg,
            compress,
            format,
            judging,
        } => {
            refuse_compressed_parquet(compress, format)?;
            let komi = batch::komi_of(&parts[0])?;
            let settings = judging.settings(lanke_rules::FAMILIES.iter().collect(), komi, true)?;
            batch::merge(
                &parts,
                &out,
                komi,
                compress,
                format,
                svg.as_deref().map(|d| (d, &settings)),
            )
        }
        Command::Show {
            file,
            svg,
            game,
            judging,
        } => {
            // Every family, for the margins in the caption.
            let settings = judging.settings(
                lanke_rules::FAMILIES.iter().collect(),
                KomiChoice::Native,
                true,
            )?;
            let select = game.as_deref().map(lanke_games::Selector::new);
            score_cmd::show(&file, select.as_ref(), &settings, &svg)
        }
        Command::Verify {
            paths,
            report_only,
            game,
            judging,
        } => {
            let (spec, overrides) = judging.resolve()?;
            let select = game.as_deref().map(lanke_games::Selector::new);
            verify_cmd::run(&paths, select.as_ref(), &spec, &overrides, report_only)
        }
        Command::TianyiOpening {
            grabs,
            seed,
            size,
            check,
        } => tianyi_cmd::run(grabs.as_deref(), seed, size, &check),
        Command::Eval {
            paths,
            sample,
            sample_seed,
            judging,
            misses,
            rows,
            engine_score,
            cut_ending,
        } => {
            let (spec, overrides) = judging.resolve()?;
            let opts = eval_cmd::EvalOptions {
                sample,
                sample_seed,
                engine_score: engine_score
                    .as_deref()
                    .map(eval_cmd::engine_score_command)
                    .transpose()?,
                cut_ending,
            };
            eval_cmd::run(
                &paths,
                &opts,
                &spec,
                &overrides,
                misses.as_deref(),
                rows.as_deref(),
            )
        }
    }
}
