//! `queens list N --given`/`--blocked`: the completions of a partial board, streamed to
//! stdout.

use super::job::Job;
use crate::commands::CommandError;
use crate::output::write_all;
use queens::formats::solutions;
use std::io;

/// `list N --given`/`--blocked`: the completions of the partial board `p` in increasing order,
/// in the notation asked for (one per line, `board` pictures a blank line apart, one
/// `leetcode` list, `csv` with its header), at most `--limit` (the search stops there), a note
/// on stderr where there is none (unless `--quiet`); `--classes` and `--orbit` are refused.
pub fn run(job: &Job, p: &queens::given::Partial) -> Result<(), CommandError> {
    let others = [(job.classes, "--classes"), (job.orbit.is_some(), "--orbit")];
    if let Some((_, flag)) = others.iter().find(|o| o.0) {
        return Err(CommandError::Usage(format!(
            "{flag} is not taken with --given or --blocked: list writes their completions"
        )));
    }
    if let [_, (Some(format), _), ..] | [(Some(format), _), ..] = job.targets.as_slice() {
        return Err(CommandError::Usage(format!(
            "--{} is not taken with --given or --blocked: list writes their completions in \
             one notation (--format), to stdout or -o FILE",
            format.name()
        )));
    }
    let stop = crate::commands::install_signals()?;
    crate::signals::set_stopping("the boards listed so far are kept");
    let n = p.n();
    crate::signals::set_last_words(move || format!("the list of n = {n} was cut short"));
    // The search watches the flag: a signal ends it within milliseconds, the boards written
    // so far kept (a file replaced by them whole).
    let mut listed = 0;
    let mut whole = Some(());
    let written = write_all(&job.targets, |outs| {
        let (_, out) = &mut outs[0];
        let mut written = Ok(0);
        whole =
            stop.watch(|| written = solutions::write_completions(out, p, job.notation, job.limit));
        listed = written?;
        Ok(())
    });
    match written {
        // A closed pipe (`| head`) is the reader's choice, not an error.
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => return Ok(()),
        // A stop before the output was begun (a FIFO's reader waited for): exit 1.
        Err(e) if stop.is_set() => return Err(CommandError::Failed(e.to_string())),
        other => other?,
    }
    if whole.is_none() {
        let by = crate::signals::reason(stop).unwrap_or_else(|| "a stop request".to_string());
        let dests: Vec<_> = job.targets.iter().map(|t| &t.1).collect();
        let told = queens::console::stopped::list_cut_short(&by, (n, false), listed, &dests, 0);
        return Err(CommandError::Failed(told));
    }
    if listed == 0 && job.limit != Some(0) && !job.quiet {
        crate::console::note(&format!("queens: {}", p.no_completions()));
    }
    Ok(())
}
