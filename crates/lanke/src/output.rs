//! Output plumbing shared by the commands: the Black/White pair of the JSON
//! objects, a loop that writes every game to standard output, and a single
//! write to it, both stopping quietly when the reader closes the pipe
//! (`lanke ... | head`); how numbers and the judged diagram are written
//! as text.

use std::io::{self, BufWriter, StdoutLock, Write};
use std::ops::ControlFlow;
use std::path::PathBuf;

use anyhow::Result;
use lanke_judge::{Judgement, PointClass};
use lanke_sgf::Color;
use serde::Serialize;

pub(crate) use lanke_rescore::verify::fmt;

use lanke_games::{for_each_selected, NoGameSelected, Selector};
use lanke_rescore::item::GameItem;

/// A Black/White pair in JSON: `{"B": .., "W": ..}`.
#[derive(Serialize)]
pub(crate) struct PerColor<T> {
    #[serde(rename = "B")]
    pub black: T,
    #[serde(rename = "W")]
    pub white: T,
}

impl<T: Clone> From<&[T; 2]> for PerColor<T> {
    fn from(v: &[T; 2]) -> Self {
        PerColor {
            black: v[0].clone(),
            white: v[1].clone(),
        }
    }
}

/// Writes to standard output with `write`, stopping quietly when the reader
/// closes the pipe.
pub(crate) fn write_stdout(
    write: impl FnOnce(&mut BufWriter<StdoutLock<'static>>) -> io::Result<()>,
) -> Result<()> {
    let mut w = BufWriter::new(io::stdout().lock());
    match write(&mut w).and_then(|()| w.flush()) {
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => Ok(()),
        other => other.map_err(Into::into),
    }
}

/// Writes every game `select` takes (all without one) with `each`.
/// Returns `false` when the reader closed the pipe before the end (not an
/// error), `true` otherwise; a selection that takes no game is an error.
pub(crate) fn write_each_game(
    paths: &[PathBuf],
    select: Option<&Selector>,
    mut each: impl FnMut(&mut BufWriter<StdoutLock<'static>>, GameItem) -> io::Result<()>,
) -> Result<bool> {
    let mut w = BufWriter::new(io::stdout().lock());
    let mut failure: Option<io::Error> = None;
    let handed = for_each_selected(paths, select, |item| match each(&mut w, item) {
        Ok(()) => ControlFlow::Continue(()),
        Err(e) => {
            failure = Some(e);
            ControlFlow::Break(())
        }
    });
    NoGameSelected::check(select, handed, paths)?;
    match failure {
        Some(e) if e.kind() == io::ErrorKind::BrokenPipe => Ok(false),
        Some(e) => Err(e.into()),
        None => {
            w.flush()?;
            Ok(true)
        }
    }
}

/// The judged diagram: `X O` live, `x o` dead, `+` Black's territory,
/// `-` White's, `#` seki eye, `=` shared seki liberty, `.` dame.
#[must_use]
pub(crate) fn judged_diagram(j: &Judgement, board: &lanke_board::Board) -> String {
    board.diagram_with(|p, _| match j.class(p) {
        PointClass::LiveStone(Color::Black) => 'X',
        PointClass::LiveStone(Color::White) => 'O',
        PointClass::DeadStone(Color::Black) => 'x',
        PointClass::DeadStone(Color::White) => 'o',
        PointClass::Territory(Color::Black) => '+',
        PointClass::Territory(Color::White) => '-',
        PointClass::SekiEye(_) => '#',
        PointClass::SharedLiberty => '=',
        PointClass::Dame => '.',
    })
}
