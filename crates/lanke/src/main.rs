//! The `lanke` command line: argument parsing and dispatch only. Each
//! command's work lives in its own module; output formats (text, JSON) live
//! in the command modules, never in the library crates.

mod games;
mod judge_cmd;
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
        /// Monte-Carlo playouts per position for the built-in judge.
        #[arg(long, default_value_t = 96)]
        playouts: u32,
        /// Seed of the built-in judge (same seed, same judgement).
        #[arg(long, default_value_t = 0)]
        seed: u64,
    },
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
            playouts,
            seed,
        } => judge_cmd::run(&paths, json, &lanke_judge::JudgeOptions { playouts, seed }),
    }
}
