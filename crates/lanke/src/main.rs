//! The `lanke` command line: argument parsing and dispatch only. Each
//! command's work lives in its own module; output formats (text, JSON) live
//! in the command modules, never in the library crates.

mod eval_cmd;
mod games;
mod judge_cmd;
mod judging;
mod replay_cmd;

use std::path::PathBuf;

use clap::{Parser, Subcommand};

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
        /// SGF files, directories, archives, or - for stdin.
        #[arg(required = true)]
        paths: Vec<PathBuf>,
        /// One JSON object per game (JSON Lines) instead of text.
        #[arg(long)]
        json: bool,
        #[command(flatten)]
        judging: JudgingArgs,
    },
    /// Measure the built-in judge: share of counted CWI results reproduced exactly.
    Eval {
        /// Archives or directories holding the records to evaluate.
        #[arg(required = true)]
        paths: Vec<PathBuf>,
        /// Evaluate a deterministic random sample of this many games.
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
    },
}

/// How games are judged (shared by every command that judges).
#[derive(clap::Args)]
struct JudgingArgs {
    /// `builtin`, or `gtp:COMMAND` for an engine such as gtp:'/usr/games/gnugo --mode gtp'.
    #[arg(long, default_value = "builtin")]
    judge: String,
    /// A file of per-game dead/seki corrections (format in README).
    #[arg(long)]
    overrides: Option<PathBuf>,
    /// Monte-Carlo playouts per position for the built-in judge.
    #[arg(long, default_value_t = 96)]
    playouts: u32,
    /// Seed of the built-in judge (same seed, same judgement).
    #[arg(long, default_value_t = 0)]
    seed: u64,
}

impl JudgingArgs {
    fn resolve(&self) -> anyhow::Result<(judging::JudgeSpec, Vec<judging::Override>)> {
        let opts = lanke_judge::JudgeOptions {
            playouts: self.playouts,
            seed: self.seed,
        };
        let spec = judging::JudgeSpec::parse(&self.judge, opts)?;
        let overrides = match &self.overrides {
            Some(p) => judging::read_overrides(p)?,
            None => Vec::new(),
        };
        Ok((spec, overrides))
    }
}

fn main() -> anyhow::Result<()> {
    let cli = Cli::parse();
    match cli.command {
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
            judging,
        } => {
            let (spec, overrides) = judging.resolve()?;
            judge_cmd::run(&paths, json, &spec, &overrides)
        }
        Command::Eval {
            paths,
            sample,
            sample_seed,
            judging,
            misses,
        } => {
            let (spec, overrides) = judging.resolve()?;
            eval_cmd::run(
                &paths,
                sample,
                sample_seed,
                &spec,
                &overrides,
                misses.as_deref(),
            )
        }
    }
}
