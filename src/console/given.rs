//! The console side of a partial board's commands: `count --given`'s outputs, each in its
//! destination, and `verify --given`'s lines (the two ways of `given::two_ways`).

use super::destination::Destination;
use super::outputs::Destinations;
use crate::KernelChoice;
use crate::formats::export::RunMeta;
use crate::given::{Completions, Partial};
use std::io::{self, Write};

/// Writes `count --given`'s rows (one per partial board) to every destination of `dests`: the
/// human table (`given::table`) to `-o`'s file or stdout, and each format flag's file
/// (`formats::given::write`). A closed pipe stops nothing but its own output.
pub fn write_counts(
    dests: &Destinations,
    partials: &[Partial],
    rows: &[Completions],
    meta: &RunMeta,
) -> io::Result<()> {
    let table = crate::given::table(partials, rows);
    let stdout = dests.human_on_stdout.then_some(&Destination::Stdout);
    if let Some(dest) = dests.human_file.as_ref().or(stdout) {
        closed_pipe_ok(dest.write_with(|w| w.write_all(table.as_bytes())))?;
    }
    for (format, dest) in &dests.files {
        let write =
            |w: &mut dyn Write| crate::formats::given::write(*format, partials, rows, meta, w);
        closed_pipe_ok(dest.write_with(write))?;
    }
    Ok(())
}

/// `verify --given`: counts each partial board two ways (`given::two_ways`, the first
/// on `kernel` with `threads` threads, every core without) and writes its PASS or FAIL line to
/// `out` as it finishes (a closed `out` stops it: [`VerifyError::Io`]); then fails naming how
/// many disagreed. A kernel this CPU lacks is a
/// usage message.
pub fn verify(
    partials: &[Partial],
    kernel: KernelChoice,
    threads: Option<usize>,
    out: &mut dyn Write,
) -> Result<(), VerifyError> {
    let kernel = kernel.resolve();
    let kernel = kernel.map_err(|e| VerifyError::Usage(e.to_string()))?;
    let threads = threads.unwrap_or_else(crate::runner::available_threads);
    let mut failures = 0;
    for p in partials {
        let (first, second) = crate::given::two_ways(p, kernel, threads);
        let (passed, line) = crate::given::verify_line(p, &first, &second);
        failures += usize::from(!passed);
        writeln!(out, "{line}")
            .and_then(|()| out.flush())
            .map_err(VerifyError::Io)?;
    }
    match failures {
        0 => Ok(()),
        f => Err(VerifyError::Failed(format!(
            "{f} of {} failed verification",
            crate::board::plural(partials.len() as u64, "board size")
        ))),
    }
}

/// Why [`verify`] failed: a kernel that cannot run here, an output that cannot be written, or
/// a disagreement of the two ways.
#[derive(Debug)]
pub enum VerifyError {
    /// The kernel asked for does not run on this CPU (one line).
    Usage(String),
    /// stdout could not be written.
    Io(io::Error),
    /// The two ways disagreed for some sizes (their lines say FAIL): how many.
    Failed(String),
}

/// `result`, with a write to a closed pipe (`| head`) counted as done: the reader's choice,
/// which leaves the other outputs to be written.
fn closed_pipe_ok(result: io::Result<()>) -> io::Result<()> {
    match result {
        Err(e) if e.kind() != io::ErrorKind::BrokenPipe => Err(e),
        _ => Ok(()),
    }
}
