//! `queens profile`: nodes per depth of the search tree, verified where published, with
//! progress in estimated work and a clean stop on SIGINT/SIGTERM. The arguments ([`args`])
//! are resolved once into a [`Job`] with its [`outputs`]; each size is run by [`size`].

mod args;
mod outputs;
mod size;

use super::{CommandError, install_signals};
use crate::signals;
pub use args::{LONG_HELP, ProfileArgs};
use outputs::written_text;
use queens::console::outputs::Destinations;
use queens::console::stopped::stdout_closed;
use queens::formats::export::profile;
use queens::plan::Engine;
use queens::runner::profiler::Profiler;
use size::{SizeEnd, profile_size};

/// `profile`'s arguments resolved: what the run needs, every destination checked.
struct Job {
    sizes: Vec<usize>,
    engine: Engine,
    /// `--piece`, `--board`.
    rules: queens::rules::Rules,
    /// `--threads`, `0` read as none (all cores).
    threads: Option<u16>,
    outputs: Destinations,
}

/// Resolves `args` (a usage error, before any work, if they cannot be run).
fn resolve(args: ProfileArgs) -> Result<Job, CommandError> {
    args.outputs.check().map_err(CommandError::Usage)?;
    let usage = CommandError::Usage;
    // `--symmetries` is not among profile's flags: clap refuses it, with the hint of
    // `clap_errors::NOT_TAKEN`.
    args.rules.check(args.engine).map_err(CommandError::Usage)?;
    let rules = args.rules.rules();
    if args.engine == Engine::Symmetric && !rules.is_queens() {
        let what = "the symmetric engine's profile";
        return Err(CommandError::Usage(queens::rules::unsupported(
            what, &rules,
        )));
    }
    Ok(Job {
        outputs: Destinations::check(&args.outputs, &[]).map_err(usage)?,
        sizes: args.sizes.0,
        engine: args.engine,
        rules: args.rules.rules(),
        threads: queens::console::threads::all_cores_if_0(args.threads),
    })
}

/// Runs `queens profile`. SIGINT/SIGTERM stop it within a second: the sizes finished are
/// written (the human tables as they finish, `--csv` atomically at the end), the stopped one
/// is not (a part of a profile is not a profile), and the exit code is 1.
pub fn run(args: ProfileArgs, quiet: bool) -> Result<(), CommandError> {
    let job = resolve(args)?;
    let out = &job.outputs;
    let meta = queens::formats::export::RunMeta::now(job.threads.map(usize::from)).under(job.rules);
    let mut human_text = String::new();
    let mut verdicts = Vec::new();
    let threads = queens::console::threads::count(job.threads);
    let stop = install_signals()?;
    let mut profiles = Vec::with_capacity(job.sizes.len());
    let mut failures = Vec::new();
    let mut stopped = None;
    // The size whose table met a closed stdout (`| head`), if one did.
    let mut stdout_was_closed = false;
    for &n in &job.sizes {
        // What a second signal, which ends the run at once, leaves: the tables on stdout
        // (the files are written at the end).
        let written = match out.human_on_stdout {
            true => written_text(&profiles, &[]),
            false => "no profile is written (the outputs are written at the end)".to_string(),
        };
        let search = Profiler::new(n).engine(job.engine).threads(threads);
        let search = search.rules(job.rules);
        let end = profile_size(n, search, stop, quiet, &written, &mut failures)?;
        let (p, verdict) = match end {
            SizeEnd::Done(p, verdict) => (p, verdict),
            SizeEnd::Stopped { finished, total } => {
                stopped = Some((n, finished, total));
                break;
            }
        };
        let text = if profiles.is_empty() {
            profile::human(&p, &verdict)
        } else {
            format!("\n{}", profile::human(&p, &verdict))
        };
        human_text += &text;
        profiles.push(p);
        verdicts.push(verdict);
        if out.human_on_stdout {
            match super::to_stdout(text.as_bytes()) {
                // A closed stdout (`| head`) ends the run, the sizes profiled still written
                // to the other outputs and their verdict said.
                Err(CommandError::BrokenPipe) => {
                    stdout_was_closed = true;
                    break;
                }
                other => other?,
            }
        }
    }
    let mut written = Ok(());
    if stopped.is_none() || !profiles.is_empty() {
        written = outputs::write(out, &profiles, &verdicts, &human_text, &meta);
    }
    let written = super::rows::failure(written);
    // The files that hold the profiles: each, unless some output failed (its message says).
    let files: Vec<_> = match written {
        None => (out.human_file.iter())
            .chain(out.files.iter().map(|f| &f.1))
            .collect(),
        Some(_) => Vec::new(),
    };
    if stdout_was_closed {
        let done: Vec<usize> = profiles.iter().map(|p| p.n).collect();
        if let Some(note) = stdout_closed(&job.sizes, &done, &files, "profiled") {
            crate::note(&note);
        }
    }
    if let Some((n, finished, total)) = stopped {
        let stop = CommandError::Failed(format!(
            "stopped by {} during n = {n}: {finished} of {total} units of its profile were \
             done, and a part of a profile is not a profile, so none is written for n = {n}; {}",
            signals::reason(stop).unwrap_or_else(|| "a stop request".to_string()),
            written_text(&profiles, &files)
        ));
        return super::rows::ended(written, Err(stop));
    }
    let verdict = super::fail_on_mismatches(&failures, &queens::verify::Source::Published);
    super::rows::ended(written, verdict)
}
