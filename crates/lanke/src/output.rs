//! Output plumbing shared by the commands: the Black/White pair of the JSON
//! objects, a loop that writes every game to standard output, and a single
//! write to it, both stopping quietly when the reader closes the pipe
//! (`lanke ... | head`); and, from the library, how numbers and the judged
//! diagram are written as text.

use std::io::{self, BufWriter, StdoutLock, Write};
use std::ops::ControlFlow;
use std::path::PathBuf;

use anyhow::Result;

pub(crate) use lanke_rescore::judged::judged_diagram;
pub(crate) use lanke_rescore::verify::fmt;

use lanke_games::{for_each_selected, NoGameSelected, Selector};
use lanke_rescore::item::GameItem;

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
