//! `lanke-gtp`: an external engine as a source of judgement.
//!
//! The engine is started once from a shell-like command line and reused for
//! every position. For each position a temporary SGF file holding the final
//! position as setup stones is loaded with `loadsgf` (GNU Go and KataGo both
//! read AB/AW), then `final_status_list dead` and `final_status_list seki`
//! are asked. Everything else (status merging, scoring) is the judge's.
//!
//! `final_score` asks the engine for its own result of a whole game (loaded
//! move by move from a scratch SGF): `lanke eval --engine-score` sets it
//! beside the built-in judge's, which is how GNU Go's play-out of the
//! ending is measured against the records.
//!
//! An engine that does not speak GTP is given up, not waited for: an
//! answer must open with `=` or `?` and come within [`ANSWER_TIMEOUT`]
//! (the output is read by a thread of its own), and an engine that does
//! not leave on `quit` is stopped. Commands carry GTP ids, so an answer
//! that comes after its command was given up on is skipped, not taken for
//! the next one's.
//!
//! This crate spawns processes and writes temporary files; nothing else does.

use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::time::Duration;

use lanke_board::Board;
use lanke_sgf::{Color, Event, GameRecord, MoveTarget, Point, SetupOp};

/// A GTP failure.
#[derive(Debug, thiserror::Error)]
pub enum GtpError {
    /// The OS's reason is part of the message and not the error's source,
    /// so both a plain message and a printed chain (`{:#}`) name it once.
    #[error("cannot start engine `{command}`: {reason}")]
    Spawn {
        command: String,
        reason: std::io::Error,
    },
    #[error("engine `{command}`: {message}")]
    Protocol { command: String, message: String },
    #[error("engine I/O: {0}")]
    Io(#[from] std::io::Error),
}

/// How long one answer may take. GNU Go's slowest, `final_score` on a
/// crowded ending, takes seconds; a program that is not a GTP engine (GNU
/// Go without `--mode gtp` speaks the binary Go Modem Protocol on a pipe)
/// never ends an answer.
pub const ANSWER_TIMEOUT: Duration = Duration::from_secs(120);

/// A thread that reads `out` line by line (invalid UTF-8 replaced) into a
/// channel, until the engine closes it or the receiver is gone.
fn read_lines(out: ChildStdout) -> Receiver<std::io::Result<String>> {
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let mut out = BufReader::new(out);
        let mut buf = Vec::new();
        loop {
            buf.clear();
            match out.read_until(b'\n', &mut buf) {
                Ok(0) => break,
                Ok(_) => {
                    if tx
                        .send(Ok(String::from_utf8_lossy(&buf).into_owned()))
                        .is_err()
                    {
                        break;
                    }
                }
                Err(e) => {
                    let _ = tx.send(Err(e));
                    break;
                }
            }
        }
    });
    rx
}

/// A running GTP engine.
pub struct GtpEngine {
    command: String,
    child: Child,
    stdin: ChildStdin,
    /// The engine's output lines, read by a thread of their own so that
    /// an engine that stops answering is given up after
    /// [`ANSWER_TIMEOUT`] instead of blocking lanke.
    lines: Receiver<std::io::Result<String>>,
    timeout: Duration,
    /// The id of the last command sent.
    next_id: u32,
    /// Has the engine answered a command yet? A timeout after that is a
    /// slow position, not an engine that does not speak GTP.
    answered: bool,
    scratch: PathBuf,
}

/// GTP vertex of a point: letters without `I`, rows counted from the bottom.
#[must_use]
pub fn vertex(p: Point, size: u8) -> String {
    let letters = b"ABCDEFGHJKLMNOPQRSTUVWXYZ";
    format!("{}{}", letters[p.x as usize] as char, size - p.y)
}

/// Parses a GTP vertex.
#[must_use]
pub fn parse_vertex(v: &str, size: u8) -> Option<Point> {
    let v = v.trim().to_ascii_uppercase();
    let mut chars = v.chars();
    let letter = chars.next()?;
    let letters = "ABCDEFGHJKLMNOPQRSTUVWXYZ";
    let x = letters.find(letter)? as u8;
    let row: u8 = chars.as_str().parse().ok()?;
    if x >= size || row == 0 || row > size {
        return None;
    }
    Some(Point::new(x, size - row))
}

impl GtpEngine {
    /// Starts the engine. `command` is split on white space (no shell).
    pub fn spawn(command: &str) -> Result<GtpEngine, GtpError> {
        let mut words = command.split_whitespace();
        let program = words.next().ok_or_else(|| GtpError::Protocol {
            command: command.to_string(),
            message: "empty engine command".to_string(),
        })?;
        let mut child = Command::new(program)
            .args(words)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|reason| GtpError::Spawn {
                command: command.to_string(),
                reason,
            })?;
        let stdin = child.stdin.take().expect("piped stdin");
        let lines = read_lines(child.stdout.take().expect("piped stdout"));
        let scratch = std::env::temp_dir().join(format!(
            "lanke-gtp-{}-{}.sgf",
            std::process::id(),
            child.id()
        ));
        Ok(GtpEngine {
            command: command.to_string(),
            child,
            stdin,
            lines,
            timeout: ANSWER_TIMEOUT,
            next_id: 0,
            answered: false,
            scratch,
        })
    }

    /// The same engine, giving up on an answer after `timeout` instead of
    /// [`ANSWER_TIMEOUT`].
    #[must_use]
    pub fn with_answer_timeout(mut self, timeout: Duration) -> GtpEngine {
        self.timeout = timeout;
        self
    }

    /// Sends one command and returns the answer's text. Commands are
    /// numbered (GTP ids), so that an answer left over from a command given
    /// up on (it came after the timeout) is recognised by its id and
    /// skipped, not taken for this command's.
    pub fn send(&mut self, line: &str) -> Result<String, GtpError> {
        self.next_id += 1;
        let id = self.next_id;
        writeln!(self.stdin, "{id} {line}")?;
        self.stdin.flush()?;
        loop {
            let answer = self.read_answer(line)?;
            let (success, rest) = answer.split_at(1);
            let digits = rest.len() - rest.trim_start_matches(|c: char| c.is_ascii_digit()).len();
            // An engine that leaves the id out answers this command.
            if digits > 0 && rest[..digits].parse::<u32>().ok() != Some(id) {
                continue;
            }
            let text = rest[digits..].trim().to_string();
            return if success == "=" {
                Ok(text)
            } else {
                Err(GtpError::Protocol {
                    command: self.command.clone(),
                    message: format!("`{line}` failed: ? {text}"),
                })
            };
        }
    }

    /// The next answer block: its lines from the one that opens with `=`
    /// or `?` to the blank line that ends it, trimmed.
    fn read_answer(&mut self, line: &str) -> Result<String, GtpError> {
        let mut answer = String::new();
        loop {
            let l = match self.lines.recv_timeout(self.timeout) {
                Ok(l) => l?,
                Err(RecvTimeoutError::Disconnected) => {
                    return Err(GtpError::Protocol {
                        command: self.command.clone(),
                        message: format!("engine closed its output after `{line}`"),
                    })
                }
                Err(RecvTimeoutError::Timeout) => {
                    let hint = if self.answered {
                        "it answered before, so this position is too slow for it"
                    } else {
                        "GNU Go needs --mode gtp"
                    };
                    return Err(GtpError::Protocol {
                        command: self.command.clone(),
                        message: format!(
                            "no answer to `{line}` within {} s ({hint})",
                            self.timeout.as_secs_f64()
                        ),
                    });
                }
            };
            if l.trim().is_empty() && !answer.is_empty() {
                self.answered = true;
                return Ok(answer.trim().to_string());
            }
            if l.trim().is_empty() {
                continue;
            }
            // A GTP answer opens with `=` or `?`; anything else is not a
            // GTP engine (GNU Go without `--mode gtp` prints its board),
            // and waiting for the blank line that ends an answer would
            // wait forever.
            if answer.is_empty() && !l.starts_with(['=', '?']) {
                return Err(GtpError::Protocol {
                    command: self.command.clone(),
                    message: format!(
                        "does not answer in GTP: `{line}` got `{}` (GNU Go needs --mode gtp)",
                        l.trim()
                    ),
                });
            }
            answer.push_str(&l);
        }
    }

    /// Dead stones and seki stones of a final position, as the engine sees them.
    pub fn statuses(
        &mut self,
        board: &Board,
        to_move: Color,
    ) -> Result<(Vec<Point>, Vec<Point>), GtpError> {
        // A rectangular board is written as one (SZ[columns:rows]); an
        // engine that plays square boards only refuses it, an error for
        // that game.
        let size = board.size();
        let shape = if board.is_square() {
            size.to_string()
        } else {
            format!("{}:{}", board.width(), board.height())
        };
        let mut sgf = format!("(;GM[1]FF[4]SZ[{shape}]PL[{}]", to_move.letter());
        for (tag, cell) in [
            ("AB", lanke_board::Cell::Black),
            ("AW", lanke_board::Cell::White),
        ] {
            let pts: Vec<String> = board
                .points()
                .filter(|&i| board.cell(i) == cell)
                .map(|i| format!("[{}]", Board::point(i).to_sgf()))
                .collect();
            if !pts.is_empty() {
                sgf.push_str(tag);
                sgf.push_str(&pts.concat());
            }
        }
        sgf.push(')');
        std::fs::write(&self.scratch, sgf)?;
        let path = self.scratch.display().to_string();
        self.send(&format!("loadsgf {path}"))?;
        let list = |s: String| -> Vec<Point> {
            s.split_whitespace()
                .filter_map(|v| parse_vertex(v, size))
                .collect()
        };
        let dead = list(self.send("final_status_list dead")?);
        let seki = list(self.send("final_status_list seki")?);
        Ok((dead, seki))
    }

    /// The engine's own result of a whole game: the record is loaded move
    /// by move (so the engine knows the captures and whose turn it is),
    /// the komi set, and `final_score` asked — GNU Go plays the ending out
    /// (dame, protective moves) before it counts. Returns Black's margin
    /// (negative for White; 0 for a draw) under the rules the engine was
    /// started with.
    pub fn final_score(&mut self, record: &GameRecord, komi: f64) -> Result<f64, GtpError> {
        std::fs::write(&self.scratch, sgf_of_record(record, komi))?;
        let path = self.scratch.display().to_string();
        self.send(&format!("loadsgf {path}"))?;
        self.send(&format!("komi {komi}"))?;
        let answer = self.send("final_score")?;
        parse_score(&answer).ok_or_else(|| GtpError::Protocol {
            command: self.command.clone(),
            message: format!("`final_score` answered `{answer}`, not B+N, W+N or 0"),
        })
    }
}

/// A GTP score (`B+7.5`, `W+3`, `0`) as Black's margin.
#[must_use]
pub fn parse_score(answer: &str) -> Option<f64> {
    let t = answer.trim();
    if t == "0" {
        return Some(0.0);
    }
    let (sign, rest) = match t.get(..2)? {
        "B+" | "b+" => (1.0, &t[2..]),
        "W+" | "w+" => (-1.0, &t[2..]),
        _ => return None,
    };
    let v: f64 = rest.parse().ok()?;
    v.is_finite().then_some(sign * v)
}

/// The main line of `record` as a plain SGF: size and komi at the root,
/// each node's setup stones, then each move in a node of its own (a node
/// holding several moves is split). A move off the board is written as a
/// pass, as the replay plays it.
#[must_use]
pub fn sgf_of_record(record: &GameRecord, komi: f64) -> String {
    let size = if record.width == record.height {
        record.size.to_string()
    } else {
        format!("{}:{}", record.width, record.height)
    };
    let mut sgf = format!("(;GM[1]FF[4]SZ[{size}]KM[{komi}]");
    let mut node = 0;
    for event in &record.events {
        match event {
            Event::Setup { node: n, op, point } => {
                if *n != node {
                    sgf.push(';');
                    node = *n;
                }
                let tag = match op {
                    SetupOp::Add(Color::Black) => "AB",
                    SetupOp::Add(Color::White) => "AW",
                    SetupOp::Clear => "AE",
                };
                sgf.push_str(&format!("{tag}[{}]", point.to_sgf()));
            }
            Event::Move {
                node: n,
                color,
                target,
            } => {
                let at = match target {
                    MoveTarget::Point(p) => p.to_sgf(),
                    MoveTarget::Pass | MoveTarget::OffBoard(_) => String::new(),
                };
                sgf.push_str(&format!(";{}[{at}]", color.letter()));
                node = *n;
            }
        }
    }
    sgf.push_str(")\n");
    sgf
}

impl Drop for GtpEngine {
    fn drop(&mut self) {
        let _ = writeln!(self.stdin, "quit");
        let _ = self.stdin.flush();
        // A GTP engine leaves on `quit`; a program that is not one may
        // never leave, so it gets two seconds and is then stopped.
        for _ in 0..200 {
            if !matches!(self.child.try_wait(), Ok(None)) {
                break;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        if matches!(self.child.try_wait(), Ok(None)) {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
        let _ = std::fs::remove_file(&self.scratch);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn vertices_skip_i_and_count_from_the_bottom() {
        let p = Point::from_sgf("qj").unwrap();
        assert_eq!(vertex(p, 19), "R10");
        assert_eq!(parse_vertex("R10", 19), Some(p));
        assert_eq!(parse_vertex("J1", 19), Some(Point::new(8, 18)));
        assert_eq!(parse_vertex("I5", 19), None);
        assert_eq!(parse_vertex("Z99", 19), None);
    }

    /// An engine whose first answer comes after the timeout: that command
    /// fails, and the late answer (id 1) is skipped when the second
    /// command's (id 2) is read, not taken for it.
    #[test]
    fn a_late_answer_is_not_taken_for_the_next_commands() {
        let script = std::env::temp_dir().join(format!("lanke-gtp-late-{}.sh", std::process::id()));
        std::fs::write(
            &script,
            "read a; sleep 2; echo '=1 late'; echo; read b; echo '=2 fresh'; echo; read c\n",
        )
        .unwrap();
        let mut engine = GtpEngine::spawn(&format!("sh {}", script.display()))
            .unwrap()
            .with_answer_timeout(Duration::from_secs(1));
        let err = engine.send("name").unwrap_err().to_string();
        assert!(err.contains("no answer to `name` within 1 s"), "{err}");
        engine = engine.with_answer_timeout(Duration::from_secs(10));
        assert_eq!(engine.send("version").unwrap(), "fresh");
        drop(engine);
        std::fs::remove_file(&script).unwrap();
    }

    #[test]
    fn scores_read_as_blacks_margin() {
        assert_eq!(parse_score("B+7.5"), Some(7.5));
        assert_eq!(parse_score("W+12"), Some(-12.0));
        assert_eq!(parse_score("0"), Some(0.0));
        assert_eq!(parse_score("B+R"), None);
        assert_eq!(parse_score("?"), None);
        assert_eq!(parse_score(""), None);
    }
}
