//! Tests of what only the binary shows, for code moved out of it or made smaller: each
//! command's `-h` gives its options their own one-line texts, not another command's, and
//! `count`'s help leads with the format flags, in the library's order of formats.

use crate::common::stdout_of;

/// The `-h` line of `option` in `command`'s short help.
fn short_line(command: &str, option: &str) -> String {
    let help = stdout_of(&[command, "-h"]);
    let line = help.lines().find(|l| l.trim_start().starts_with(option));
    line.unwrap_or_else(|| panic!("{command} -h has no {option}:\n{help}"))
        .to_string()
}

#[test]
fn every_short_help_text_is_the_commands_own() {
    let cases = [
        (
            "render",
            "--orbit",
            "Draw the whole class of this board (any notation)",
        ),
        (
            "list",
            "--orbit",
            "Only the class of this board (any notation), e.g. 15863724",
        ),
        (
            "list",
            "--json",
            "With --classes: the classes as JSON in FILE",
        ),
        (
            "classify",
            "--json",
            "The table as JSON in FILE (`-`: stdout)",
        ),
        (
            "profile",
            "--json",
            "Also write the profiles and run metadata as JSON",
        ),
        (
            "count",
            "--json",
            "Also write the rows and run metadata as JSON to FILE",
        ),
        (
            "merge",
            "--json",
            "Also write the rows and run metadata as JSON to FILE",
        ),
    ];
    for (command, option, text) in cases {
        let line = short_line(command, option);
        assert!(line.contains(text), "{command} {option}: {line}");
    }
}

#[test]
fn count_help_leads_with_the_format_flags_in_the_order_of_the_formats() {
    let help = stdout_of(&["count", "--help"]);
    let flags = [
        "--csv <FILE>",
        "--columns <NAMES>",
        "--json <FILE>",
        "--markdown <FILE>",
        "--bfile <FILE>",
        "--sequence <SEQUENCE>",
        "--engine <ENGINE>",
        "--output <FILE>",
        "--format <FORMAT>",
        "--yes",
    ];
    let at: Vec<usize> = (flags.iter())
        .map(|f| help.find(f).unwrap_or_else(|| panic!("{f}")))
        .collect();
    assert!(at.is_sorted(), "{help}");
}
