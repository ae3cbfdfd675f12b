//! `queens list N --given`/`--blocked`: the completions of a partial board, streamed to
//! stdout.

use super::job::Job;
use crate::commands::CommandError;
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
    let stop = crate::commands::install_signals()?;
    crate::signals::set_stopping("the boards listed so far are kept");
    let n = p.n();
    crate::signals::set_last_words(move || format!("the list of n = {n} was cut short"));
    let out = io::BufWriter::new(io::stdout().lock());
    // The search watches the flag: a signal ends it within milliseconds.
    let mut written = Ok(0);
    let whole =
        stop.watch(|| written = solutions::write_completions(out, p, job.notation, job.limit));
    let listed = written?;
    if whole.is_none() {
        let by = crate::signals::reason(stop).unwrap_or_else(|| "a stop request".to_string());
        let stdout = [&crate::output::Destination::Stdout];
        let told = queens::console::stopped::list_cut_short(&by, (n, false), listed, &stdout, 0);
        return Err(CommandError::Failed(told));
    }
    if listed == 0 && job.limit != Some(0) && !job.quiet {
        crate::console::note(&format!("queens: {}", p.no_completions()));
    }
    Ok(())
}
