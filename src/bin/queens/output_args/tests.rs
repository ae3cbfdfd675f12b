//! Tests of the output group. The format seam seen from the command line: a format added to
//! a layout's list (here a TSV exporter that exists only in this test) is a flag with its
//! help, a value of `--format`, named by the stdout rule, and written by the same plan as the
//! others.

use super::*;
use crate::commands::exports;
use queens::formats::export::{Exporter, RunMeta};
use queens::formats::table::{self, Row};
use std::io;

/// Tab-separated `n` and `total`, a format the library does not have.
struct Tsv;

impl Exporter for Tsv {
    fn write(&self, rows: &[Row], _: &RunMeta, out: &mut dyn io::Write) -> io::Result<()> {
        rows.iter()
            .try_for_each(|r| writeln!(out, "{}\t{}", r.n, r.total))
    }
}

/// What the TSV file adds: its `INFO`, as a format's file holds it.
static TSV: Info = Info {
    name: "tsv",
    flag: "--tsv",
    help: "Also write n and total as TSV to FILE (`-`: stdout)",
    as_format: Some("Tab-separated n and total, as `--tsv` writes it"),
    exporter: |_| Box::new(Tsv),
};

/// `count`'s layout with the test's format added to the list: the one line a format adds.
struct WithTsv;

impl Layout for WithTsv {
    fn flags() -> Vec<&'static Info> {
        let mut flags = CountLayout::flags();
        flags.push(&TSV);
        flags
    }
    const COLUMNS: Option<&'static str> = CountLayout::COLUMNS;
    const LEAD: bool = true;
}

fn command() -> Command {
    Outputs::<WithTsv>::augment_args(Command::new("count"))
}

fn parse(args: &[&str]) -> Outputs<WithTsv> {
    let m = command().try_get_matches_from([&["count"], args].concat());
    Outputs::from_arg_matches(&m.unwrap()).unwrap()
}

#[test]
fn a_format_added_to_the_list_is_a_flag_with_its_help_and_a_format_value() {
    let cmd = command();
    let arg = |id: &str| cmd.get_arguments().find(|a| a.get_id() == id).unwrap();
    let tsv = arg("tsv");
    assert_eq!(tsv.get_long(), Some("tsv"));
    assert_eq!(
        tsv.get_help().unwrap().to_string(),
        "Also write n and total as TSV to FILE (`-`: stdout)"
    );
    let values = arg("format").get_possible_values();
    let tsv = values.last().unwrap();
    assert_eq!(tsv.get_name(), "tsv");
    let help = tsv.get_help().unwrap().to_string();
    assert_eq!(help, "Tab-separated n and total, as `--tsv` writes it");
    assert!(
        (arg("format").get_help().unwrap().to_string())
            .contains("; --csv, --json, --markdown and --tsv FILE write more outputs"),
    );
    // In the help, the library's flags in their order, then the new one.
    let help = cmd.clone().render_help().to_string();
    let flags = [
        "--csv",
        "--json",
        "--markdown",
        "--bfile",
        "--tsv",
        "--output",
    ];
    let at: Vec<usize> = (flags.iter())
        .map(|f| help.find(&format!("{f} <FILE>")).unwrap())
        .collect();
    assert!(at.is_sorted(), "{help}");
}

#[test]
fn a_format_added_to_the_list_is_written_and_counted_by_the_stdout_rule() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("t.tsv");
    let outputs = parse(&["--tsv", path.to_str().unwrap()]);
    assert_eq!(outputs.file(Format::Csv), None);
    let plan = exports::plan(&outputs, None).unwrap();
    let csv = "n,total,classes,asymmetric,half_turn,quarter_turn,nodes,seconds,engine,kernel,\
               threads,verified\n4,2,1,0,0,1,7,0.1,symmetric,avx512,2,yes\n\
               5,10,2,1,0,1,9,0.1,symmetric,avx512,2,yes\n";
    let rows = table::read_csv(csv.as_bytes()).unwrap();
    plan.write(&rows, &RunMeta::now(None)).unwrap();
    assert_eq!(std::fs::read_to_string(&path).unwrap(), "4\t2\n5\t10\n");

    // `--format tsv` is `--tsv -`; beside `--json -` it is a second output on stdout.
    let both = parse(&["--format", "tsv", "--json", "-"]);
    assert_eq!(both.files().count(), 2);
    let Err(crate::commands::CommandError::Usage(message)) = exports::plan(&both, None) else {
        panic!("two outputs on stdout were accepted");
    };
    assert_eq!(
        message,
        "only one of --csv, --json, --markdown, --bfile and --tsv can write to stdout (-)"
    );
    // And `--format tsv` beside its own flag is refused, as for the library's formats.
    let twice = parse(&["--format", "tsv", "--tsv", "x.tsv"]);
    assert_eq!(
        twice.check().unwrap_err(),
        "--format tsv and --tsv 'x.tsv' both ask for tsv: give one (--format tsv -o FILE, \
         or --tsv FILE)"
    );
}

#[test]
fn count_flags_lead_its_help_and_its_arguments() {
    let cmd = Outputs::<CountLayout>::augment_args(
        Command::new("count").arg(Arg::new("engine").long("engine")),
    )
    .arg(Arg::new("yes").long("yes"));
    let order: Vec<&str> = cmd.get_arguments().map(|a| a.get_id().as_str()).collect();
    assert_eq!(
        order,
        [
            "csv", "columns", "json", "markdown", "bfile", "sequence", "engine", "output",
            "format", "yes"
        ]
    );
    let shown: Vec<usize> = cmd.get_arguments().map(|a| a.get_display_order()).collect();
    assert_eq!(shown, [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
}
