//! The console side of a partial board's commands: `count --given`'s outputs, each in its
//! destination, and `verify --given`'s lines (the two ways of `given::two_ways`).

use super::outputs::Destinations;
use crate::KernelChoice;
use crate::formats::export::RunMeta;
use crate::formats::table::sizes_text;
use crate::given::{Completions, Partial};
use crate::plan::stop::StopFlag;
use std::io::{self, Write};

/// Writes `count --given`'s rows (one per partial board) to every destination of `dests`: the
/// human table (`given::table`) to `-o`'s file or stdout, and each format flag's file
/// (`formats::given::write`), each tried whatever became of the others, the table on stdout
/// where a file failed and no output has stdout ([`deliver`]). A closed pipe stops nothing
/// but its own output.
pub fn write_counts(
    dests: &Destinations,
    partials: &[Partial],
    rows: &[Completions],
    meta: &RunMeta,
) -> io::Result<()> {
    let table = crate::given::table(partials, rows);
    let human = |w: &mut dyn Write| w.write_all(table.as_bytes());
    let file = |format| {
        move |w: &mut dyn Write| crate::formats::given::write(format, partials, rows, meta, w)
    };
    let ns: Vec<usize> = partials.iter().map(|p| p.n()).collect();
    let what = format!("completions of n = {}", sizes_text(&ns));
    closed_pipe_ok(dests.deliver((&human, false), file, &what))
}

/// `verify --given`: counts each partial board two ways (`given::two_ways`, the first
/// on `kernel` with `threads` threads, every core without) and writes its PASS or FAIL line to
/// `out` as it finishes (a closed `out` stops it: [`VerifyError::Io`]); then fails naming how
/// many disagreed. A kernel this CPU lacks is a
/// usage message. The searches watch `stop`: once it is set, the size being checked gives up
/// within milliseconds ([`VerifyError::Stopped`], naming it and the sizes whose lines are out).
pub fn verify(
    partials: &[Partial],
    kernel: KernelChoice,
    threads: Option<usize>,
    out: &mut dyn Write,
    stop: &StopFlag,
) -> Result<(), VerifyError> {
    // The plain search counts the completions of rules other than the queens': a kernel is
    // resolved only where one counts (a `QUEENS_KERNEL` this CPU lacks does not stop the rest).
    let kernel = match partials
        .iter()
        .any(|p| crate::given::kernels_count(&p.rules()))
    {
        true => kernel.resolve(),
        false => Ok(crate::search::kernel::Kernel::Scalar),
    };
    let kernel = kernel.map_err(|e| VerifyError::Usage(e.to_string()))?;
    let threads = threads.unwrap_or_else(crate::runner::available_threads);
    let mut failures = 0;
    for (i, p) in partials.iter().enumerate() {
        let done: Vec<usize> = partials[..i].iter().map(Partial::n).collect();
        let finished = match done.is_empty() {
            true => "no size was finished".to_string(),
            false => format!(
                "the lines of n = {} are written",
                crate::formats::table::sizes_text(&done)
            ),
        };
        let n = p.n();
        let being = format!("n = {n} was being checked; {finished}");
        super::signals::set_last_words(move || being.clone());
        let Some((first, second)) = stop.watch(|| crate::given::two_ways(p, kernel, threads))
        else {
            let by = super::signals::reason(stop).unwrap_or_else(|| "a stop request".into());
            return Err(VerifyError::Stopped(format!(
                "stopped by {by} during n = {n}: its completions were being counted; {finished}"
            )));
        };
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
    /// A signal stopped the check (`stopped by SIGINT during n = 22: …`).
    Stopped(String),
}

/// `result`, with a write to a closed pipe (`| head`) counted as done: the reader's choice,
/// which leaves the other outputs to be written.
fn closed_pipe_ok(result: io::Result<()>) -> io::Result<()> {
    match result {
        Err(e) if e.kind() != io::ErrorKind::BrokenPipe => Err(e),
        _ => Ok(()),
    }
}
