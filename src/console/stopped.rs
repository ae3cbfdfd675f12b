//! How a run that a signal stopped is told: [`Stopped`], the resume hint ("run the same
//! command again"), what a second signal prints, the note of a size resumed from its
//! journal, a list cut short ([`list_cut_short`]), and sizes a closed stdout left undone
//! ([`stdout_closed`]).

use super::destination::Destination;
use super::signals;
use crate::Finished;
use crate::counter::resume::Journaled;

/// The command line as typed, for the "run this again to resume" hint.
fn command_line() -> String {
    let words: Vec<String> = std::env::args().map(|a| shell_word(&a, "=")).collect();
    words.join(" ")
}

/// A run that a signal stopped (its units in flight cut short and not kept): what to say
/// about it.
#[derive(Clone, Debug)]
pub struct Stopped {
    /// What stopped it: `SIGINT`, `SIGTERM`, …
    pub reason: String,
    /// How far it got, for example `12 of 830 units of n = 18 are done and saved in 'c'`.
    pub progress: String,
    /// Whether a checkpoint holds the finished units (so that running the same command
    /// again resumes).
    pub resumable: bool,
}

impl Stopped {
    /// `; ` and the resume hint where a checkpoint holds the finished units, else nothing.
    pub fn resume_text(&self) -> String {
        match self.resumable {
            true => format!("; {}", resume_hint()),
            false => String::new(),
        }
    }
}

/// How a count of one size that a signal may stop ended (the binary's `run_part_stoppable`).
#[allow(clippy::large_enum_variant)] // one per board size
pub enum PartEnd {
    /// Every unit was counted.
    Done(Finished),
    /// A signal stopped the run first.
    Stopped(Stopped),
}

/// The resume hint: `to resume, run the same command again: …`.
fn resume_hint() -> String {
    format!("to resume, run the same command again: {}", command_line())
}

/// Sets what a second signal prints: how far the run got (`how_far`), what the command has
/// `written` already, and with a checkpoint (`resumable`) the resume hint.
pub fn set_last_words(
    how_far: impl Fn() -> String + Send + Sync + 'static,
    written: &str,
    resumable: bool,
) {
    let written = written.to_string();
    signals::set_last_words(move || {
        let mut words = how_far();
        if !written.is_empty() {
            words += &format!("; {written}");
        }
        if resumable {
            words += &format!("; {}", resume_hint());
        }
        words
    });
}

/// Says that size `n` (`part_text`: ` (part 3/64)` or nothing) was resumed from the journal at
/// `path`, which held `resumed_seconds` of counting, and what its seconds then mean.
pub fn note_resumed(
    n: usize,
    done: &Finished,
    part_text: &str,
    path: &std::path::Path,
    resumed_seconds: f64,
) {
    signals::say(&format!(
        "queens: n = {n}{part_text} was resumed: {} of {} units were counted by \
         earlier runs (journal '{}', {:.3} s of counting); its seconds include \
         their time spread over {} thread{}; kernel and threads describe this run",
        done.resumed,
        done.units,
        path.display(),
        resumed_seconds,
        done.threads,
        if done.threads == 1 { "" } else { "s" }
    ));
}

/// Says what the checkpoint of a journaled `run` of size `n` (`part_text`: ` (part 3/64)`
/// or nothing) held: the lines it dropped (a data-loss notice, said even when `quiet`), and
/// the units done and the units counted in part (their pieces, [`crate::plan::pieces`]).
pub fn note_resuming(run: &Journaled<'_, '_>, n: usize, part_text: &str, quiet: bool) {
    let Some(j) = run.checkpoint() else {
        return;
    };
    if let Some(note) = j.dropped_note() {
        signals::say(&format!("queens: {note}"));
    }
    let in_pieces = run.units_in_pieces();
    // A journal whose only unit line was torn (or damaged) still says that it was dropped.
    if !quiet && j.done().is_empty() && in_pieces == 0 && j.dropped_last_line() {
        signals::say(&format!(
            "queens: the checkpoint '{}': a torn last line was dropped and its unit will be \
             counted again",
            j.path().display()
        ));
    }
    if !quiet && (!j.done().is_empty() || in_pieces > 0) {
        signals::say(&format!(
            "queens: resuming from '{}': {} of {} units of n = {n}{part_text} already done{}{}",
            j.path().display(),
            j.done().len(),
            run.units().len(),
            match in_pieces {
                0 => String::new(),
                k => format!(", and pieces of {k} more"),
            },
            if j.dropped_last_line() {
                "; a torn last line was dropped and its unit will be counted again"
            } else {
                ""
            }
        ));
    }
}

/// `word` as one word of a POSIX shell command line: as it is when it is made of safe
/// characters only (and those of `also_safe`: `=` in an argument), else in single quotes (a
/// quote inside written `'\''`).
pub fn shell_word(word: &str, also_safe: &str) -> String {
    let safe =
        |c: char| c.is_ascii_alphanumeric() || "-_./+,:@%".contains(c) || also_safe.contains(c);
    if !word.is_empty() && word.chars().all(safe) {
        word.to_string()
    } else {
        format!("'{}'", word.replace('\'', "'\\''"))
    }
}

/// What a list of board size `n` that a signal (`by`) stopped says: `k` boards (or classes,
/// the pair's `bool`) were written to the `i`-th of its outputs `dests`; one output keeps
/// them, of several none is kept but stdout.
pub fn list_cut_short(
    by: &str,
    (n, classes): (usize, bool),
    k: u64,
    dests: &[&Destination],
    i: usize,
) -> String {
    let boards = crate::board::plural(k, if classes { "class" } else { "board" });
    let are = if k == 1 { "is" } else { "are" };
    let kept = match (dests.len(), dests[i]) {
        (1, Destination::Stdout) => format!("the first {boards} {are} written to stdout"),
        (1, Destination::File(p)) => {
            format!("the first {boards} {are} written to '{}'", p.display())
        }
        (_, Destination::Stdout) => {
            format!("the first {boards} {are} written to stdout; the files were left as they were")
        }
        (_, Destination::File(_)) => {
            let were = if k == 1 { "was" } else { "were" };
            format!("{boards} {were} listed; the files were left as they were")
        }
    };
    format!("stopped by {by} during the list of n = {n}: {kept} (the list is cut short)")
}

/// The files of `dests`, quoted, as a message lists them: `'o.csv', 'j.json' and 't.txt'`
/// (stdout left out); `None` for none.
pub fn files_text(dests: &[&Destination]) -> Option<String> {
    let names: Vec<String> = (dests.iter())
        .filter_map(|d| match d {
            Destination::File(p) => Some(format!("'{}'", p.display())),
            Destination::Stdout => None,
        })
        .collect();
    let names: Vec<&str> = names.iter().map(String::as_str).collect();
    (!names.is_empty()).then(|| crate::formats::export::flags_sentence(&names))
}

/// What a command that writes a line or table per size says when stdout was closed (`| head`)
/// while the last of the sizes `done` was written there, which ends it (each size is kept
/// before it is written): the sizes `asked` after it were not `done_word` (`counted`), and
/// the `files` hold only the sizes `done`. Said even with `--quiet`: those files are short of
/// what was asked. `None` where no size was done or left, or no file is written (the closed
/// stdout is then the whole story: the reader chose to stop).
pub fn stdout_closed(
    asked: &[usize],
    done: &[usize],
    files: &[&Destination],
    done_word: &str,
) -> Option<String> {
    let &n = done.last()?;
    let left: Vec<usize> = (asked.iter().copied())
        .skip_while(|&m| m != n)
        .skip(1)
        .collect();
    let verb = if files.len() > 1 { "hold" } else { "holds" };
    let files = files_text(files).filter(|_| !left.is_empty())?;
    let sizes = crate::formats::table::sizes_text;
    Some(format!(
        "queens: note: stdout was closed at n = {n}: n = {} not {done_word} ({files} {verb} \
         n = {})",
        sizes(&left),
        sizes(done)
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_closed_stdout_is_said_only_where_a_file_is_short_of_what_was_asked() {
        let csv = Destination::File("t.csv".into());
        let json = Destination::File("t.json".into());
        let asked = [8, 9, 10, 11];
        let note = stdout_closed(&asked, &[8, 9], &[&csv, &json], "counted");
        assert_eq!(
            note.as_deref(),
            Some(
                "queens: note: stdout was closed at n = 9: n = 10, 11 not counted ('t.csv' and \
                 't.json' hold n = 8, 9)"
            )
        );
        // Nothing left to do, or no file: the closed stdout is the whole story.
        assert_eq!(stdout_closed(&asked, &asked, &[&csv], "counted"), None);
        let stdout = Destination::Stdout;
        assert_eq!(stdout_closed(&asked, &[8, 9], &[&stdout], "counted"), None);
        assert_eq!(stdout_closed(&asked, &[8, 9], &[], "checked"), None);
    }
}
