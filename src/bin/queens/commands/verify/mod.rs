//! `queens verify`: compute board sizes and compare with the published values, one line per
//! size as it finishes; SIGINT/SIGTERM stop it within a second, naming the unfinished size.
//! The arguments ([`args`]) are resolved once into a [`job::Job`]; each size is checked by
//! [`size`] (its line written by the library's `formats::verify_line`).

mod args;
mod job;
mod size;

use super::{CommandError, install_signals};
pub use args::{LONG_HELP, VerifyArgs};
use queens::console::given::VerifyError;
use queens::console::stopped::stdout_closed;
use queens::formats::table::Row;

/// `verify --given`/`--blocked`: nothing is published about completions, so each size's
/// partial board is counted two ways ([`queens::console::given::verify`]), one PASS or FAIL
/// line per size on stdout; a disagreement exits 1. `--known` and the outputs are refused.
fn given(args: &VerifyArgs) -> Result<(), CommandError> {
    let s = args.search.resolved().map_err(CommandError::Usage)?;
    s.check_given().map_err(CommandError::Usage)?;
    let named = args.outputs.named().into_iter().find(|o| o.1.is_some());
    let named = named.map(|(flag, _)| args.outputs.written(flag));
    if let Some(flag) = (args.known.known.as_ref().map(|_| "--known".to_string())).or(named) {
        return Err(CommandError::Usage(format!(
            "{flag} is not taken with --given or --blocked: their completions are verified \
             two ways, one line per size on stdout"
        )));
    }
    let partials: Vec<_> = (args.sizes.0.iter())
        .filter_map(|&n| args.given.partial(n, s.rules.rules()).transpose())
        .collect::<Result<_, _>>()?;
    let out = &mut std::io::stdout().lock();
    let threads = s.threads.map(usize::from);
    let stop = install_signals()?;
    crate::signals::set_stopping("the size being checked is cut short and not kept");
    match queens::console::given::verify(&partials, s.kernel, threads, out, stop) {
        Err(VerifyError::Usage(m)) => Err(CommandError::Usage(m)),
        Err(VerifyError::Failed(m) | VerifyError::Stopped(m)) => Err(CommandError::Failed(m)),
        Err(VerifyError::Io(e)) => Err(e.into()),
        Ok(()) => Ok(()),
    }
}

/// Runs `queens verify`: one PASS/FAIL line per size on stdout.
pub fn run(args: VerifyArgs, quiet: bool) -> Result<(), CommandError> {
    queens::console::sizes::check_counted(&args.sizes.0, None).map_err(CommandError::Usage)?;
    if args.given.has_squares() {
        return given(&args);
    }
    let job = job::resolve(args, quiet)?;
    let mut lines = String::new();
    // The FAIL lines, kept as `size::check` gives them (the error repeats them where they
    // are not on stdout).
    let mut failed: Vec<String> = Vec::new();
    let mut rows: Vec<Row> = Vec::new();
    // Whether a line met a closed stdout (`| head`).
    let mut stdout_was_closed = false;
    install_signals()?;
    // The sizes are checked in a closure so that a stop (an error naming the unfinished size)
    // still writes the outputs of the sizes checked before it, as `count` does.
    let mut check_all = || -> Result<(), CommandError> {
        for &n in &job.sizes {
            // A stop is an error naming the unfinished size; the sizes checked are printed
            // above (or written to -o's file) and in the other outputs.
            let (passed, line, row) = size::check(&job, n, &rows)?;
            if !passed {
                failed.push(line.clone());
            }
            lines += &line;
            lines.push('\n');
            rows.push(row);
            if job.outputs.human_on_stdout {
                let line = crate::style::verdicts(&line, true);
                match super::to_stdout(format!("{line}\n").as_bytes()) {
                    // A closed stdout (`| head`) ends the run, the sizes checked still
                    // written to the other outputs and their verdict said.
                    Err(CommandError::BrokenPipe) => {
                        stdout_was_closed = true;
                        break;
                    }
                    other => other?,
                }
            }
        }
        Ok(())
    };
    let checked = check_all();
    // A run stopped before any size was checked leaves the outputs as they were (as `count`).
    let mut written = Ok(());
    if checked.is_ok() || !rows.is_empty() {
        written = (job.outputs).deliver(&rows, &job.meta, &lines, job.outputs.human_on_stdout);
    }
    let written = super::rows::failure(written);
    if stdout_was_closed && written.is_none() {
        let done: Vec<usize> = rows.iter().map(|r| r.n).collect();
        let files = job.outputs.files();
        if let Some(note) = stdout_closed(&job.sizes, &done, &files, "checked") {
            crate::note(&note);
        }
    }
    let stopped = checked.is_err();
    let verdict = match checked {
        // A stop, its message with what the outputs could not take.
        Err(stopped) => Err(stopped),
        Ok(()) if failed.is_empty() => Ok(()),
        Ok(()) => {
            // The FAIL lines say why; where they are not on stdout (another format, or -o's
            // file), the error says it too.
            let why = match job.outputs.human_on_stdout {
                true => String::new(),
                false => format!(": {}", failed.join("; ")),
            };
            Err(CommandError::Failed(format!(
                "{} of {} failed verification{why}",
                failed.len(),
                queens::board::plural(rows.len() as u64, "board size")
            )))
        }
    };
    if !stopped {
        super::rows::notes(&rows, &job.known);
    }
    super::rows::ended(written, verdict)
}
