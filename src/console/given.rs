//! The console side of a partial board's commands: `count --given`'s outputs, each in its
//! destination, and `verify --given`'s lines (the two ways of [`crate::given::two_ways`]).

use super::outputs::Destinations;
use crate::KernelChoice;
use crate::formats::export::RunMeta;
use crate::given::{Completions, Partial};
use std::io::{self, Write};

/// Writes `count --given`'s rows (one per partial board) to every destination of `dests`: the
/// human table ([`crate::given::table`]) to `-o`'s file or stdout, and each format flag's file
/// ([`crate::formats::given::write`]). A closed pipe stops nothing but its own output.
pub fn write_counts(
    dests: &Destinations,
    partials: &[Partial],
    rows: &[Completions],
    meta: &RunMeta,
) -> io::Result<()> {
    let table = crate::given::table(partials, rows);
    match (&dests.human_file, dests.human_on_stdout) {
        (Some(dest), _) => dest.write_with(|w| w.write_all(table.as_bytes()))?,
        (None, true) => write_ignoring_closed(&mut io::stdout().lock(), table.as_bytes())?,
        (None, false) => {}
    }
    for (format, dest) in &dests.files {
        let write =
            |w: &mut dyn Write| crate::formats::given::write(*format, partials, rows, meta, w);
        match dest.write_with(write) {
            Err(e) if e.kind() != io::ErrorKind::BrokenPipe => return Err(e),
            _ => {}
        }
    }
    Ok(())
}

/// `verify --given`: counts each partial board two ways ([`crate::given::two_ways`], the first
/// on `kernel` with `threads` threads, every core without) and writes its PASS or FAIL line to
/// `out` as it finishes; then fails naming how many disagreed. A kernel this CPU lacks is a
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
        write_ignoring_closed(out, format!("{line}\n").as_bytes()).map_err(VerifyError::Io)?;
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

/// Writes `bytes` to `out` and flushes; a closed pipe (`| head`) is the reader's choice.
fn write_ignoring_closed(out: &mut dyn Write, bytes: &[u8]) -> io::Result<()> {
    match out.write_all(bytes).and_then(|()| out.flush()) {
        Err(e) if e.kind() != io::ErrorKind::BrokenPipe => Err(e),
        _ => Ok(()),
    }
}
