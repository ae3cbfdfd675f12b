//! One style for every error: `queens: error: …` with clap's suggestion folded in, then the
//! usage; `help --help`; `--threads 0` as all cores; `--kernel` and `--split` refused with the
//! enumerate engine; SVG outputs named .svg; ranges in words and plurals; "no solutions" and
//! "no boards" on stderr.

use crate::common::Succeeds;
use crate::common::assert_has;
use crate::common::{csv_records, dir, path_str, queens, queens_plain, stdout_of};
use std::fs;

/// Runs `queens --quiet args…`, expects exit code 2, nothing on stdout, and returns stderr.
fn usage_error(args: &[&str]) -> String {
    let out = queens().args(args).output().unwrap();
    assert_eq!(out.status.code(), Some(2), "queens {args:?}");
    assert!(out.stdout.is_empty(), "queens {args:?} wrote to stdout");
    String::from_utf8(out.stderr).unwrap()
}

#[test]
fn parse_errors_are_one_queens_error_line_with_the_hint_then_the_usage() {
    let count_usage = "Usage: queens count [OPTIONS] <NS>; for more, try 'queens count --help'.";
    let top_usage = "Usage: queens [OPTIONS] <COMMAND>; for more, try 'queens --help'.";
    // Sizes given apart: the extra one is refused, with the one list they were meant as.
    let one_list = |extra: &str, list: &str, usage: &str| {
        format!(
            "queens: error: unexpected argument '{extra}' found; several sizes are written as one list: {list}\n{usage}\n"
        )
    };
    let cases: &[(&[&str], String)] = &[
        (
            &["count", "8", "--thread", "2"],
            format!(
                "queens: error: unexpected argument '--thread' found; did you mean '--threads'?\n{count_usage}\n"
            ),
        ),
        (
            &["cnt", "8"],
            format!(
                "queens: error: unrecognized subcommand 'cnt'; did you mean 'count'?\n{top_usage}\n"
            ),
        ),
        (
            &["clasify"],
            format!(
                "queens: error: unrecognized subcommand 'clasify'; did you mean 'classify'?\n{top_usage}\n"
            ),
        ),
        (
            &["frobnicate"],
            format!("queens: error: unrecognized subcommand 'frobnicate'\n{top_usage}\n"),
        ),
        (
            &["count"],
            format!(
                "queens: error: the following required arguments were not provided: <NS>\n{count_usage}\n"
            ),
        ),
        (&["count", "8", "10"], one_list("10", "8,10", count_usage)),
        (
            // --color's value before the subcommand is not taken for it.
            &["--color", "never", "count", "8", "10"],
            one_list("10", "8,10", count_usage),
        ),
        (
            // n = 0 is a size count takes.
            &["count", "0", "8"],
            one_list("8", "0,8", count_usage),
        ),
        (
            // An option's value is no size: 2 is left out of the list.
            &["verify", "8", "--threads", "2", "10-12"],
            one_list(
                "10-12",
                "8,10-12",
                "Usage: queens verify [OPTIONS] [NS]; for more, try 'queens verify --help'.",
            ),
        ),
        (
            &["count", "8", "--engine", "enumerat"],
            format!(
                "queens: error: invalid value 'enumerat' for '--engine <ENGINE>' [possible values: enumerate, symmetric]; did you mean 'enumerate'?\n{count_usage}\n"
            ),
        ),
        (
            &["list", "8", "9"],
            "queens: error: unexpected argument '9' found\n\
             Usage: queens list [OPTIONS] <N>; for more, try 'queens list --help'.\n"
                .to_string(),
        ),
    ];
    for (args, expected) in cases {
        assert_eq!(&usage_error(args), expected, "queens {args:?}");
    }
}

#[test]
fn help_of_help_and_help_of_a_command_exit_0_on_stdout() {
    let top = stdout_of(&["--help"]);
    assert_has(&top, "Usage: queens [OPTIONS] <COMMAND>");
    assert_eq!(stdout_of(&["help"]), top);
    assert_eq!(stdout_of(&["help", "--help"]), top);
    assert_eq!(stdout_of(&["help", "-h"]), top);
    let count = stdout_of(&["count", "--help"]);
    assert_has(&count, "Usage: queens count [OPTIONS] <NS>");
    assert_eq!(stdout_of(&["help", "count"]), count);
    assert_eq!(stdout_of(&["help", "count", "--help"]), count);
}

#[test]
fn bare_queens_prints_the_help_on_stderr_and_exits_2() {
    let out = queens_plain().exits(2);
    assert!(out.stdout.is_empty());
    let err = String::from_utf8(out.stderr).unwrap();
    assert_has(&err, "Usage: queens [OPTIONS] <COMMAND>");
    assert_has(&err, "Commands:");
}

/// The `threads` column of the only row of a CSV.
fn threads_column(csv: &str) -> String {
    let (header, records) = csv_records(csv);
    let i = header.iter().position(|h| h == "threads").unwrap();
    assert_eq!(records.len(), 1, "{csv}");
    records[0][i].clone()
}

#[test]
fn threads_0_means_all_cores_like_no_threads_option() {
    let omitted = threads_column(&stdout_of(&["count", "8", "--csv", "-"]));
    assert_eq!(
        threads_column(&stdout_of(&["count", "8", "--threads", "0", "--csv", "-"])),
        omitted
    );
    assert_eq!(
        threads_column(&stdout_of(&["count", "8", "-t0", "--csv", "-"])),
        omitted
    );
    // The column does follow --threads: 1 is 1.
    assert_eq!(
        threads_column(&stdout_of(&["count", "8", "--threads", "1", "--csv", "-"])),
        "1"
    );
    let part = ["count", "8", "--part", "1/2", "--csv", "-"];
    let part_zero = [
        "count",
        "8",
        "--part",
        "1/2",
        "--csv",
        "-",
        "--threads",
        "0",
    ];
    assert_eq!(
        threads_column(&stdout_of(&part_zero)),
        threads_column(&stdout_of(&part))
    );
    // The run metadata records no thread request, as when --threads is left out.
    let json = stdout_of(&["count", "8", "--threads", "0", "--json", "-"]);
    assert_has(&json, "\"threads_requested\": null");
    assert_eq!(
        stdout_of(&["verify", "8", "--threads", "0"]),
        stdout_of(&["verify", "8"])
    );
    assert_eq!(
        stdout_of(&["profile", "8", "--threads", "0", "--csv", "-"]),
        stdout_of(&["profile", "8", "--csv", "-"])
    );
    let help = stdout_of(&["count", "--help"]);
    assert_has(&help, "0 or omitted: all cores");
    assert_eq!(
        usage_error(&["count", "8", "--threads", "x"]),
        "queens: error: invalid value 'x' for '--threads <T>': not a thread count: give 0 (all \
         cores) or a whole number from 1 to 65535\n\
         Usage: queens count [OPTIONS] <NS>; for more, try 'queens count --help'.\n"
    );
}

#[test]
fn kernel_and_split_are_refused_with_the_enumerate_engine() {
    let kernel = "queens: error: --kernel applies to the symmetric engine; the enumerate engine \
                  has no kernels\n";
    let split = "queens: error: --split applies to the symmetric engine; the enumerate engine \
                 does not split\n";
    for command in [
        &["count", "8"][..],
        &["verify", "8"],
        &["count", "8", "--part", "1/2"],
    ] {
        for k in queens::search::kernel::Kernel::names() {
            let args = [command, &["--engine", "enumerate", "--kernel", k]].concat();
            assert_eq!(usage_error(&args), kernel, "{args:?}");
        }
        for s in ["border", "outer-ring"] {
            let args = [command, &["--engine", "enumerate", "--split", s]].concat();
            assert_eq!(usage_error(&args), split, "{args:?}");
        }
    }
    // The defaults, spelled out, are fine.
    let out = stdout_of(&[
        "verify",
        "6",
        "--engine",
        "enumerate",
        "--kernel",
        "auto",
        "--split",
        "ring",
    ]);
    assert!(out.starts_with("PASS n=6"), "{out}");
}

#[test]
fn svg_outputs_must_be_named_svg() {
    let d = dir();
    let png = d.path().join("x.png");
    let png = path_str(&png);
    let svg = png.replace("x.png", "x.svg");
    assert_eq!(
        usage_error(&["render", "8", "--class", "1", "-o", png]),
        format!(
            "queens: error: -o {png}: queens writes SVG, not PNG; write {svg} and convert it \
             with rsvg-convert -f png -o {png} {svg}\n"
        )
    );
    assert!(!d.path().join("x.png").exists());
    assert_eq!(
        usage_error(&["render", "8", "--class", "1", "-o", "b.PDF"]),
        "queens: error: -o b.PDF: queens writes SVG, not PDF; write b.svg and convert it with \
         rsvg-convert -f pdf -o b.PDF b.svg\n"
    );
    assert_eq!(
        usage_error(&["render", "8", "--class", "1", "-o", "b.txt"]),
        "queens: error: -o b.txt: queens writes SVG; name the file b.svg\n"
    );
    // Before any work: the table is not even read.
    assert_eq!(
        usage_error(&["plot", "/no/such/t.csv", "-o", "g.png"]),
        "queens: error: -o g.png: queens writes SVG, not PNG; write g.svg and convert it with \
         rsvg-convert -f png -o g.png g.svg\n"
    );
    // .svg in any case, no extension at all, and stdout are written.
    let picture = stdout_of(&["render", "8", "--class", "1", "-o", "-"]);
    for name in ["a.svg", "B.SVG", "board"] {
        let path = d.path().join(name);
        stdout_of(&["render", "8", "--class", "1", "-o", path_str(&path)]);
        assert_eq!(fs::read_to_string(&path).unwrap(), picture, "{name}");
    }
    let table = d.path().join("t.csv");
    stdout_of(&["count", "4-8", "--csv", path_str(&table)]);
    let plot = d.path().join("growth.Svg");
    stdout_of(&["plot", path_str(&table), "-o", path_str(&plot)]);
    assert!(fs::read_to_string(&plot).unwrap().contains("<svg"));
}

#[test]
fn ranges_are_in_words_and_counts_take_plurals() {
    assert_eq!(
        usage_error(&["render", "8", "--class", "13", "-o", "-"]),
        "queens: error: n = 8 has 12 classes: --class must be 1 to 12\n"
    );
    assert_eq!(
        usage_error(&["list", "8", "--orbit", "0"]),
        "queens: error: --orbit: the board has 1 column but N is 8\n"
    );
    assert_eq!(
        usage_error(&[
            "render",
            "8",
            "--solution",
            "0 1",
            "--allow-attacks",
            "-o",
            "-"
        ]),
        "queens: error: --solution: the board has 2 columns but N is 8\n"
    );
    assert_eq!(
        usage_error(&["list", "1", "--orbit", "[\"..\"]"]),
        "queens: error: --orbit: not a solution: unfinished board: 1 row of 2 squares at the \
         end of the input (a board has as many rows as squares in a row)\n"
    );
    assert_eq!(
        usage_error(&["list", "1", "--orbit", "b1", "--from", "algebraic"]),
        "queens: error: --orbit: not a solution: b1 is off the board: n = 1, so files a to a \
         and ranks 1 to 1\n"
    );
    assert_eq!(
        usage_error(&["list", "1", "--orbit", "1", "--from", "cols"]),
        "queens: error: --orbit: not a solution: column 1 in row 0 is outside the board: it \
         has 1 row, so columns 0 to 0 (wrong length, or columns counted from 1?) (it reads as \
         a valid board in cols1 (columns counted from 1): use --from cols1)\n"
    );
}

#[test]
fn no_solutions_and_no_boards_are_said_on_stderr() {
    for n in ["2", "3"] {
        queens_plain()
            .args(["list", n])
            .assert()
            .success()
            .stdout("")
            .stderr(format!("queens: no solutions for n = {n}\n"));
    }
    for input in ["", "# only a comment\n\n"] {
        queens_plain()
            .arg("classify")
            .write_stdin(input)
            .assert()
            .success()
            .stdout("")
            .stderr("queens: no boards in the input\n");
    }
}
