//! Two lengths of help: `-h` a screen (under 40 lines for every command: one line per option
//! and a few examples), `--help` everything (each option's full text, every example, the
//! outputs and exit codes).
//!
//! The full texts live in [`crate::cli`] (doc comments, `after_long_help`); this module holds
//! the short ones: [`SHORT`] gives the options whose full text takes several lines a one-line
//! summary for `-h` ([`command`] applies it). The `-h` examples of each command (`after_help`)
//! are in [`crate::examples`], below [`crate::cli`], which names them.

/// One-line `-h` texts: (subcommand, or `""` for every one that has the option; option id;
/// text). `--help` keeps the option's full text.
const SHORT: &[(&str, &str, &str)] = &[
    (
        "count",
        "sizes",
        "Board sizes: 8, a range 4-12, or a list 8,10,12-14 (0 to 32)",
    ),
    (
        "count",
        "csv",
        "Also write the table as CSV to FILE (`-`: stdout)",
    ),
    (
        "count",
        "columns",
        "The table's columns, e.g. n,total,nodes (`all`: every one; see --help)",
    ),
    (
        "",
        "json",
        "Also write the rows and run metadata as JSON to FILE (`-`: stdout)",
    ),
    (
        "",
        "bfile",
        "Also write an OEIS b-file of --sequence to FILE (`-`: stdout)",
    ),
    ("", "sequence", "The b-file's sequence, by its A-number"),
    (
        "",
        "kernel",
        "The counting kernel: `auto`, the fastest this CPU runs",
    ),
    ("", "split", "How the symmetric engine splits n into units"),
    (
        "",
        "color",
        "Colour: auto (a terminal, unless NO_COLOR), always, never",
    ),
    (
        "",
        "known",
        "Verify against the table in FILE instead of the published values",
    ),
    (
        "",
        "part",
        "Count only part RES of MOD, for `queens merge` (`slurm`: see --help)",
    ),
    (
        "",
        "checkpoint",
        "Journal finished units to PATH: rerun the same command to resume",
    ),
    (
        "verify",
        "two_ways",
        "Count with both plans of the symmetric engine; pass only if they agree",
    ),
    (
        "profile",
        "csv",
        "Also write the profile as CSV to FILE (`-`: stdout)",
    ),
    (
        "profile",
        "engine",
        "The engine whose search is profiled (enumerate: the plain tree)",
    ),
    (
        "",
        "orbit",
        "Only the class of this board (any notation), e.g. 15863724",
    ),
    (
        "classify",
        "format",
        "Output format: human, csv, or a notation",
    ),
    (
        "classify",
        "notation",
        "The notation of the board columns [default: cols]",
    ),
    (
        "render",
        "allow_attacks",
        "With --solution: draw attacking queens, joined by red lines",
    ),
    ("render", "output", "The SVG file to write (`-`: stdout)"),
    ("plot", "output", "The SVG file to write (`-`: stdout)"),
];

/// `cmd` (the whole command line) with the short `-h` texts applied: every option of
/// [`SHORT`] gets its one-line text as `help` and keeps its full text as `long_help` (for
/// `--help`).
pub fn with_short_texts(mut cmd: clap::Command) -> clap::Command {
    // The global options first: clap copies them into every subcommand when it builds them.
    for &(_, id, short) in SHORT.iter().filter(|(s, _, _)| s.is_empty()) {
        if cmd.get_arguments().any(|a| a.get_id() == id) {
            cmd = cmd.mut_arg(id, |a| shortened(a, short));
        }
    }
    let names: Vec<String> = cmd
        .get_subcommands()
        .map(|s| s.get_name().to_string())
        .collect();
    for name in names {
        cmd = cmd.mut_subcommand(&name, |mut sub| {
            for &(_, id, short) in SHORT.iter().filter(|(s, _, _)| s.is_empty() || *s == name) {
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
        for &(sub, id, short) in SHORT {
            let mut subs = std::iter::once(&cmd)
                .chain(cmd.get_subcommands())
                .filter(|s| sub.is_empty() || s.get_name() == sub);
            assert!(
                subs.any(|s| s.get_arguments().any(|a| a.get_id() == id)),
                "{sub} --{id}"
            );
            assert!(short.chars().count() <= 72, "{short}");
        }
    }
}
