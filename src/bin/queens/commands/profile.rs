//! `queens profile`: nodes per depth of the search tree, verified where published, with
//! progress in estimated work and a clean stop on SIGINT/SIGTERM.

use super::{CommandError, install_signals};
use crate::cli::ProfileArgs;
use crate::output::Destination;
use crate::progress::Progress;
use crate::signals;
use queens::formats::export::{Format, profile};
use queens::plan::{Engine, Tally};
use queens::runner::profiler::{Profiled, Profiler};
use queens::runner::stop::StopFlag;
use queens::search::profile::{Profile, ProfileEnd};
use queens::verify::{verify_profile, verify_symmetric_profile};
use std::io::{self, Write};
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

/// A destination given as `flag`, checked before any work.
fn checked(flag: &str, path: Option<&str>) -> Result<Option<Destination>, CommandError> {
    path.map(|p| {
        let dest = Destination::parse(p);
        dest.check()
            .map_err(|e| CommandError::Usage(format!("{flag}: {e}")))?;
        Ok(dest)
    })
    .transpose()
}

/// One size's profile and its `verified:` text, or how far a stopped search got.
enum SizeEnd {
    Done(Profile, String),
    Stopped { finished: usize, total: usize },
}

/// Profiles size `n` with `args`' engine on `threads` threads ([`Profiler`]), with progress in
/// estimated work, stopped soon by `stop` (the units running give up); a disagreement with the published values
/// is added to `failures`.
fn profile_size(
    n: usize,
    args: &ProfileArgs,
    threads: usize,
    stop: &StopFlag,
    quiet: bool,
    written: &str,
    failures: &mut Vec<String>,
) -> Result<SizeEnd, CommandError> {
    let profiler = Profiler::new(n)
        .engine(Engine::from(args.engine))
        .threads(threads);
    let plan = profiler
        .plan()
        .map_err(|e| CommandError::Failed(e.to_string()))?;
    let units = plan.as_plan();
    let total = units.unit_count();
    let progress = Progress::start(
        super::progress_mode(quiet),
        &format!("profile n={n}"),
        total as u64,
        (0..total).map(|id| units.estimated_work(id) as f64).sum(),
    );
    let finished = Arc::new(AtomicUsize::new(0));
    {
        let finished = Arc::clone(&finished);
        let written = written.to_string();
        signals::set_last_words(move || {
            format!(
                "{} of {total} units of the profile of n = {n} were done; {written}",
                finished.load(Ordering::Relaxed)
            )
        });
    }
    let on_unit = |id: usize, t: &Tally, _: Duration| {
        finished.fetch_add(1, Ordering::Relaxed);
        progress.unit_done(units.estimated_work(id), t.boards);
        Ok(())
    };
    let end = profiler
        .on_unit(&on_unit)
        .stop_flag(stop)
        .run_plan(&plan)
        .map_err(|e| CommandError::Failed(e.to_string()));
    progress.finish();
    Ok(match end? {
        ProfileEnd::Complete(Profiled::Plain(p)) => {
            let verdict = verdict_text(
                verify_profile(&p),
                "yes (sum A319283, last depth A000170)".to_string(),
                "unknown (no published node count)",
                failures,
            );
            SizeEnd::Done(p, verdict)
        }
        ProfileEnd::Complete(Profiled::Symmetric(sp)) => {
            let verdict = verdict_text(
                verify_symmetric_profile(&sp),
                format!(
                    "yes (solutions × orbit sizes = {} = A000170)",
                    sp.weighted_solutions
                ),
                "unknown (no published total)",
                failures,
            );
            SizeEnd::Done(sp.profile, verdict)
        }
        ProfileEnd::Stopped { finished, total } => SizeEnd::Stopped { finished, total },
    })
}

/// What is written when a run stops: the finished sizes and where they went.
fn written_text(profiles: &[Profile], csv: Option<&Destination>) -> String {
    if profiles.is_empty() {
        return "no size was finished".to_string();
    }
    let ns: Vec<String> = profiles.iter().map(|p| p.n.to_string()).collect();
    let file = match csv {
        Some(Destination::File(p)) => format!(" (also to '{}')", p.display()),
        _ => String::new(),
    };
    if let [n] = ns.as_slice() {
        format!("the profile of n = {n} is written{file}")
    } else {
        format!("the profiles of n = {} are written{file}", ns.join(", "))
    }
}

/// Runs `queens profile`. SIGINT/SIGTERM stop it within a second: the sizes finished are
/// written (the human tables as they finish, `--csv` atomically at the end), the stopped one
/// is not (a part of a profile is not a profile), and the exit code is 1.
pub fn run(args: &ProfileArgs, quiet: bool) -> Result<(), CommandError> {
    super::refuse_outputs_that_are_inputs(
        &[
            ("--csv", args.outputs.file(Format::Csv)),
            ("--json", args.outputs.file(Format::Json)),
            ("--markdown", args.outputs.file(Format::Markdown)),
            ("-o", args.outputs.human_to.as_deref()),
        ],
        &[],
    )?;
    let csv = super::csv_destination(args.outputs.file(Format::Csv))?;
    let json = checked("--json", args.outputs.file(Format::Json))?;
    let markdown = checked("--markdown", args.outputs.file(Format::Markdown))?;
    let human_file = super::human_destination(args.outputs.human_to.as_deref())?;
    let on_stdout = [csv.as_ref(), json.as_ref(), markdown.as_ref()]
        .iter()
        .filter(|d| **d == Some(&Destination::Stdout))
        .count();
    if on_stdout > 1 {
        return Err(CommandError::Usage(format!(
            "only one of {} can write to stdout (-)",
            Format::flags_text(&[Format::Csv, Format::Json, Format::Markdown])
        )));
    }
    let human_on_stdout = on_stdout == 0 && !args.outputs.redirected();
    let meta = queens::formats::export::RunMeta::now(args.threads.map(usize::from));
    let mut human_text = String::new();
    let mut verdicts = Vec::new();
    let threads = args.thread_count();
    install_signals()?;
    let stop = signals::install()?; // installed above: the same flag
    let mut profiles = Vec::with_capacity(args.sizes.0.len());
    let mut failures = Vec::new();
    let mut stopped = None;
    for &n in &args.sizes.0 {
        let written = written_text(&profiles, csv.as_ref());
        let (p, verdict) =
            match profile_size(n, args, threads, stop, quiet, &written, &mut failures)? {
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
        if human_on_stdout {
            let mut out = io::stdout().lock();
            out.write_all(text.as_bytes())?;
            out.flush()?;
        }
        human_text += &text;
        profiles.push(p);
        verdicts.push(verdict);
    }
    if stopped.is_none() || !profiles.is_empty() {
        if let Some(dest) = &csv {
            dest.write_with(|w| profile::write(Format::Csv, &profiles, &verdicts, &meta, w))?;
        }
        if let Some(dest) = &human_file {
            dest.write_with(|w| w.write_all(human_text.as_bytes()))?;
        }
        if let Some(dest) = &json {
            dest.write_with(|w| profile::write(Format::Json, &profiles, &verdicts, &meta, w))?;
        }
        if let Some(dest) = &markdown {
            dest.write_with(|w| profile::write(Format::Markdown, &profiles, &verdicts, &meta, w))?;
        }
    }
    if let Some((n, finished, total)) = stopped {
        return Err(CommandError::Failed(format!(
            "stopped by {} during n = {n}: {finished} of {total} units of its profile were \
             done, and a part of a profile is not a profile, so none is written for n = {n}; {}",
            signals::reason(stop).unwrap_or_else(|| "a stop request".to_string()),
            written_text(&profiles, csv.as_ref())
        )));
    }
    super::fail_on_mismatches(&failures)
}

/// The `verified:` text of a profile check (`Ok(true)` verified, `Ok(false)` nothing
/// published, `Err` a disagreement, which is also added to `failures`).
fn verdict_text(
    check: Result<bool, String>,
    yes: String,
    unknown: &str,
    failures: &mut Vec<String>,
) -> String {
    match check {
        Ok(true) => yes,
        Ok(false) => unknown.to_string(),
        Err(e) => {
            let text = format!("MISMATCH: {e}");
            failures.push(e);
            text
        }
    }
}
