//! `queens classify`: the symmetry follow-up for every board of a file, streamed: boards in
//! any notation are read line by line ([`queens::board::reader`]), classified and written at
//! once, in constant memory. Progress: in MiB read for a file of 8 MiB or more, else (stdin,
//! small files) a count of the boards read once the run lasts a few seconds (also while no
//! board comes: a pipe of endless blank lines gets its heartbeat). An input that is clearly
//! not boards (binary, or no board among its first lines), or a line longer than 1 MiB (an
//! endless line), stops the run with one message (exit 2).
//!
//! The arguments ([`args`]) are resolved once into a [`job::Job`] (the input opened by
//! [`queens::formats::classify_input`]); the boards are read, classified and written by
//! [`queens::formats::classify_stream`], which tells [`report`] what to say on stderr.

mod args;
mod job;
mod report;

use super::CommandError;
use crate::output::Destination;
pub use args::ClassifyArgs;
use queens::formats::classify_stream::{self, End, Outcome};
use queens::storage::stoppable::Stoppable;
use std::io;

/// Runs `queens classify`.
pub fn run(args: &ClassifyArgs) -> Result<(), CommandError> {
    // A first SIGINT or SIGTERM ends the input's reads, even one that waits for a line: the
    // boards classified so far stay on stdout; a file is only replaced by a whole result.
    let stop = super::install_signals()?;
    crate::signals::set_stopping(
        "the rest of the input is not read (the boards classified so far stay on stdout and \
         in what is written straight through; files are left as they were)",
    );
    crate::signals::set_last_words(|| "the classification was cut short".to_string());
    let job::Job {
        input,
        options,
        notation_option,
        targets,
        quiet,
    } = job::resolve(args, stop)?;
    let (name, items) = (input.name, input.items);
    // Files replaced whole (regular files), as against stdout and what is written straight
    // through (a FIFO, a device, a descriptor), which have the boards as they come.
    let has_files = targets.iter().any(|(_, d)| !d.writes_through());
    let mut result = None;
    let written = crate::output::write_all(&targets, |outs| {
        let progress = queens::console::progress::ReadProgress::start(
            super::progress_mode(quiet),
            "classify",
            &name,
            input.size,
        );
        let mut report = report::Report { quiet, progress };
        let outcome = classify_stream::classify_all(input.source, &options, outs, &mut report)?;
        let ended = !matches!(outcome.end, End::Whole);
        let cut = stopped(&outcome.end);
        result = Some(outcome);
        if cut {
            // Stdout keeps the boards written; a file is only ever replaced by a whole
            // classification, so none is kept (each is left as it was).
            return match has_files {
                false => Ok(()),
                true => Err(io::Error::other("stopped")),
            };
        }
        if ended {
            // An error that ends the run: the output file is not kept.
            return Err(io::Error::other("the run ended early"));
        }
        Ok(())
    });
    if let Some(outcome) = &result
        && stopped(&outcome.end)
    {
        let dests: Vec<_> = targets.iter().map(|t| &t.1).collect();
        let by = crate::signals::reason(stop).unwrap_or_else(|| "a stop request".to_string());
        return Err(CommandError::Failed(cut_short(&by, outcome.good, &dests)));
    }
    if let Some(outcome) = &result
        && let Some(e) = ended(&outcome.end, &name, notation_option)
    {
        return Err(e);
    }
    match written {
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => return Ok(()),
        // A stop before the outputs were begun (a FIFO's reader waited for) is a stop, exit
        // 1, not an I/O failure.
        Err(e) if stop.is_set() => return Err(CommandError::Failed(e.to_string())),
        other => other?,
    }
    let Outcome {
        good,
        bad,
        summary,
        listed_rules,
        rules,
        ..
    } = result.expect("the body ran");
    // Said even with --quiet: the classes are not those of the list's rules.
    if let Some(note) = (listed_rules.as_deref())
        .and_then(|listed| queens::formats::named::other_rules_note(listed, &rules))
    {
        crate::note(&note);
    }
    if !quiet {
        if summary.boards() == 0 {
            // Boards that were not solutions have had their lines and get the error below.
            if bad == 0 {
                crate::note("queens: no boards in the input");
            }
        } else {
            crate::note(&format!("queens: {summary}"));
        }
    }
    if bad == 0 {
        Ok(())
    } else {
        Err(CommandError::Failed(format!(
            "{bad} of {} {items} are not valid solutions (reported above)",
            bad + good
        )))
    }
}

/// The error of an input that ended the run early, if it did (`name`: the input in messages;
/// `option`: the one that chose the output notation).
fn ended(end: &End, name: &str, option: &str) -> Option<CommandError> {
    Some(match end {
        End::Whole => return None,
        End::NotationTooSmall {
            notation,
            line,
            error,
        } => CommandError::Usage(format!("{option} {notation}: line {line}: {error}")),
        End::Overlong(stop) => CommandError::Usage(stop.describe(name)),
        End::NotBoards(why) => CommandError::Usage(format!(
            "{name} is not a file of boards ({why}); see --from for the notations read"
        )),
        // An input that fails while the command runs is an I/O failure (exit 3), not a check.
        End::InputFailed(e) => CommandError::Io(format!("cannot read the input: {e}")),
        End::Rules(_) => CommandError::Usage(crate::rules_args::SURFACE_GROUP.to_string()),
    })
}

/// Whether a signal ended the input's reads (not merely came after they ended).
fn stopped(end: &End) -> bool {
    matches!(end, End::InputFailed(e) if Stoppable::is_stop(e))
}

/// The error of a classification that a signal (`by`) stopped after `good` boards: those are
/// on stdout and in the outputs written straight through (a FIFO, a descriptor), and every
/// file is left as it was.
fn cut_short(by: &str, good: u64, dests: &[&Destination]) -> String {
    let boards = queens::board::plural(good, "board");
    let are = if good == 1 { "is" } else { "are" };
    let quoted = |d: &Destination| match d {
        Destination::Stdout => "stdout".to_string(),
        Destination::File(p) => format!("'{}'", p.display()),
    };
    let (through, files): (Vec<&Destination>, Vec<&Destination>) =
        dests.iter().partition(|d| d.writes_through());
    let mut told = Vec::new();
    if !through.is_empty() {
        let places: Vec<String> = through.iter().map(|d| quoted(d)).collect();
        let places: Vec<&str> = places.iter().map(String::as_str).collect();
        let places = queens::formats::export::flags_sentence(&places);
        told.push(match good {
            0 => format!("no board was classified (nothing on {places})"),
            _ => format!("the first {boards} {are} classified on {places}"),
        });
    } else {
        told.push(format!("{boards} classified"));
    }
    if !files.is_empty() {
        let names: Vec<String> = files.iter().map(|d| quoted(d)).collect();
        let names: Vec<&str> = names.iter().map(String::as_str).collect();
        let was = if files.len() == 1 { "was" } else { "were" };
        told.push(format!(
            "{} {was} not written (nothing there was changed)",
            queens::formats::export::flags_sentence(&names)
        ));
    }
    format!(
        "stopped by {by}: {}; the rest of the input was not read",
        told.join(if through.is_empty() { ", and " } else { "; " })
    )
}
