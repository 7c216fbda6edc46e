//! `lanke tianyi-opening`: the four random opening stones of 天弈 (seed 003)
//! from grab counts or a seed, printed as a table and an SGF setup; with
//! `--check`, each record's first four stones are checked against the rule
//! (reachable from the centre, colours in the order W, B, W, B). The rule
//! itself lives in `lanke_rules::tianyi`.

use std::io::{self, Write};
use std::path::PathBuf;

use anyhow::{bail, Context, Result};
use lanke_rules::tianyi::{from_grabs, from_seed, reachable, OpeningStone, ORDER};
use lanke_sgf::{Color, Event, MoveTarget, Point, SetupOp};

use crate::output::{write_each_game, write_stdout};

/// Parses `R,W,B/R,W,B/R,W,B/R,W,B`.
fn parse_grabs(text: &str) -> Result<[(u32, u32, u32); 4]> {
    let parts: Vec<&str> = text.split('/').collect();
    if parts.len() != 4 {
        bail!(
            "--grabs needs four groups R,W,B separated by `/`, got {}",
            parts.len()
        );
    }
    let mut out = [(0, 0, 0); 4];
    for (k, p) in parts.iter().enumerate() {
        let n: Vec<u32> = p
            .split(',')
            .map(|v| v.trim().parse::<u32>())
            .collect::<Result<_, _>>()
            .with_context(|| format!("--grabs group {}: `{p}` is not three counts", k + 1))?;
        let [r, w, b] = n[..] else {
            bail!(
                "--grabs group {}: `{p}` needs exactly three counts R,W,B",
                k + 1
            );
        };
        out[k] = (r, w, b);
    }
    Ok(out)
}

fn print_stones(w: &mut impl Write, size: u8, stones: &[OpeningStone]) -> io::Result<()> {
    writeln!(w, "stone colour quadrant  x  y  point  placed")?;
    let mut setup = String::new();
    for (k, s) in stones.iter().enumerate() {
        writeln!(
            w,
            "{:>5} {:>6} {:>8} {:>2} {:>2}  {:>5}  {}",
            k + 1,
            s.color.letter(),
            s.quadrant,
            s.x,
            s.y,
            s.point.to_sgf(),
            if s.discarded {
                "no (on an earlier stone: discarded)"
            } else {
                "yes"
            }
        )?;
        if !s.discarded {
            setup.push_str(&format!("A{}[{}]", s.color.letter(), s.point.to_sgf()));
        }
    }
    writeln!(w, "sgf: (;GM[1]FF[4]SZ[{size}]RU[Tianyi]{setup})")
}

/// The first four stones of a record: root setup stones if there are any,
/// else the first four moves. `(colour, point, from setup)`.
fn first_four(events: &[Event]) -> Vec<(Color, Point, bool)> {
    let setup: Vec<(Color, Point, bool)> = events
        .iter()
        .filter_map(|e| match e {
            Event::Setup {
                node: 0,
                op: SetupOp::Add(c),
                point,
            } => Some((*c, *point, true)),
            _ => None,
        })
        .collect();
    if !setup.is_empty() {
        return setup;
    }
    events
        .iter()
        .filter_map(|e| match e {
            Event::Move {
                color,
                target: MoveTarget::Point(p),
                ..
            } => Some((*color, *p, false)),
            _ => None,
        })
        .take(4)
        .collect()
}

/// Checks every record; `false` when one breaks the rule.
fn check(paths: &[PathBuf]) -> Result<bool> {
    let mut all_ok = true;
    write_each_game(paths, None, |w, item| -> io::Result<()> {
        let record = match &item.game {
            Ok(g) => g,
            Err(e) => {
                all_ok = false;
                return writeln!(w, "{}: not checkable: {e}", item.id);
            }
        };
        if record.width != record.height || record.width % 2 == 0 {
            return writeln!(
                w,
                "{}: not checkable: the rule needs a square board with a centre point, not {}x{}",
                item.id, record.width, record.height
            );
        }
        let stones = first_four(&record.events);
        let mut problems = Vec::new();
        if stones.len() < 4 {
            problems.push(format!("only {} stones", stones.len()));
        }
        let from_setup = stones.first().is_some_and(|s| s.2);
        for (k, (c, p, _)) in stones.iter().take(4).enumerate() {
            if !from_setup && *c != ORDER[k] {
                problems.push(format!(
                    "stone {} is {} (the rule places {})",
                    k + 1,
                    c.letter(),
                    ORDER[k].letter()
                ));
            }
            if reachable(record.size, *p).is_empty() {
                problems.push(format!(
                    "stone {} at {} is beyond the rule's reach (8 lines from the centre, off the first line)",
                    k + 1,
                    p.to_sgf()
                ));
            }
        }
        if from_setup {
            let count = |c: Color| stones.iter().filter(|s| s.0 == c).count();
            if count(Color::White) != 2 || count(Color::Black) != 2 {
                problems.push("setup does not hold two stones of each colour".to_string());
            }
        }
        let listed: Vec<String> = stones
            .iter()
            .take(4)
            .map(|(c, p, _)| format!("{}{}", c.letter(), p.to_sgf()))
            .collect();
        let source = if from_setup { "setup" } else { "moves" };
        if problems.is_empty() {
            writeln!(
                w,
                "{}: consistent with the rule ({source}: {})",
                item.id,
                listed.join(" ")
            )
        } else {
            all_ok = false;
            writeln!(
                w,
                "{}: not a Tianyi opening ({source}: {}): {}",
                item.id,
                listed.join(" "),
                problems.join("; ")
            )
        }
    })?;
    Ok(all_ok)
}

/// Runs the command. Exits non-zero when `--check` finds a record that
/// breaks the rule.
pub(crate) fn run(grabs: Option<&str>, seed: u64, size: u8, checks: &[PathBuf]) -> Result<()> {
    if !checks.is_empty() {
        if !check(checks)? {
            bail!("some records do not open as the Tianyi rule places stones");
        }
        return Ok(());
    }
    if size.is_multiple_of(2) || !(3..=25).contains(&size) {
        bail!("--size must be odd and within 3..=25 (the centre point is 0,0)");
    }
    let stones = match grabs {
        Some(g) => from_grabs(size, &parse_grabs(g)?).map_err(anyhow::Error::msg)?,
        None => from_seed(size, seed),
    };
    write_stdout(|w| print_stones(w, size, &stones))
}
