//! Two lengths of help: `-h` a screen (under 40 lines for every command: one line per option
//! and a few examples), `--help` everything (each option's full text, every example, the
//! outputs and exit codes).
//!
//! An option whose full text takes several lines gets a one-line `-h` text beside it, as
//! clap's `help` (its doc comment, without a final period, is the `long_help`). The options
//! built by [`crate::output_args`], and those of `list` and `classify`, get theirs here, from
//! [`SHORT`] ([`with_short_texts`] applies it). The `-h` examples of each command
//! (`after_help`) are in [`crate::examples`], which applies them.

/// One-line `-h` texts: (the subcommands whose option it shortens; option id; text). `--help`
/// keeps the option's full text.
const SHORT: &[(&[&str], &str, &str)] = &[
    (
        &["count"],
        "csv",
        "Also write the table as CSV to FILE (`-`: stdout)",
    ),
    (
        &["count"],
        "columns",
        "The table's columns, e.g. n,total,nodes (`all`: every one; see --help)",
    ),
    (
        &["count", "merge", "verify"],
        "json",
        "Also write the rows and run metadata as JSON to FILE (`-`: stdout)",
    ),
    // `profile`'s and `classify`'s own texts fit a line: they are here to keep the order of
    // the options (a shortened option goes to the end of the list, which completions follow).
    (
        &["profile"],
        "json",
        "Also write the profiles and run metadata as JSON to FILE (`-`: stdout)",
    ),
    (
        &["list"],
        "json",
        "With --classes: the classes as JSON in FILE (`-`: stdout)",
    ),
    (
        &["classify"],
        "json",
        "The table as JSON in FILE (`-`: stdout): `--format json -o FILE`",
    ),
    (
        &["count", "merge"],
        "bfile",
        "Also write an OEIS b-file of --sequence to FILE (`-`: stdout)",
    ),
    (
        &["count", "merge"],
        "sequence",
        "The b-file's sequence, by its A-number",
    ),
    (
        &["profile"],
        "csv",
        "Also write the profile as CSV to FILE (`-`: stdout)",
    ),
    (
        &["list"],
        "orbit",
        "Only the class of this board (any notation), e.g. 15863724",
    ),
    (
        &["classify"],
        "format",
        "Output format: human, csv, or a notation",
    ),
    (
        &["classify"],
        "notation",
        "The notation of the board columns [default: cols]",
    ),
];

/// `cmd` (the whole command line) with the short `-h` texts applied: every option of
/// [`SHORT`] gets its one-line text as `help` and keeps its full text as `long_help` (for
/// `--help`).
pub fn with_short_texts(mut cmd: clap::Command) -> clap::Command {
    let names: Vec<String> = cmd
        .get_subcommands()
        .map(|s| s.get_name().to_string())
        .collect();
    for name in names {
        cmd = cmd.mut_subcommand(&name, |mut sub| {
            for &(_, id, short) in SHORT.iter().filter(|(s, _, _)| s.contains(&name.as_str())) {
                if sub.get_arguments().any(|a| a.get_id() == id) {
                    sub = sub.mut_arg(id, |a| shortened(a, short));
                }
            }
            sub
        });
    }
    cmd
}

/// `arg` with `short` as its `-h` text, its full text kept for `--help`.
fn shortened(arg: clap::Arg, short: &'static str) -> clap::Arg {
    match arg.get_long_help().or(arg.get_help()).cloned() {
        Some(long) => arg.long_help(long).help(short),
        None => arg.help(short),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every entry of [`SHORT`] names an option its command has (a renamed option would
    /// silently keep its long text in `-h`), and fits one line beside the option's name.
    #[test]
    fn every_short_text_names_an_option_and_fits_a_line() {
        let cmd = crate::app::command();
        for &(subs, id, short) in SHORT {
            for &sub in subs {
                let mut args = cmd.find_subcommand(sub).unwrap().get_arguments();
                assert!(args.any(|a| a.get_id() == id), "{sub} --{id}");
            }
            assert!(short.chars().count() <= 72, "{short}");
        }
    }
}
