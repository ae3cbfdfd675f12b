//! One output grammar (issue 20, point 4), through the binary: every command that writes a
//! table (count, verify, profile, classify, merge) takes `-o FILE` and `--format
//! human|csv|json|markdown`, keeps `--csv/--json/--markdown FILE` for several outputs at once,
//! and a flag that needs a file name says so.

use crate::common::Succeeds;
use crate::common::assert_has;
use crate::common::assert_line_starts_with;
use crate::common::{
    csv_records, dir, fails_with, json_u64s, path_str, queens, stdout_of, usage_errors,
};
use std::fs;
use std::path::Path;

fn json(text: &str) -> serde_json::Value {
    serde_json::from_str(text).unwrap_or_else(|e| panic!("{e}: {text}"))
}

/// Runs `queens --quiet args…` in `cwd`, expects success, returns stdout.
fn stdout_in(cwd: &Path, args: &[&str]) -> String {
    let out = queens().args(args).current_dir(cwd).succeeds();
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn count_takes_format_and_o() {
    let (header, rows) = csv_records(&stdout_of(&["count", "4-6", "--format", "csv"]));
    assert_eq!(header[..3], ["n", "total", "classes"]);
    let totals: Vec<&str> = rows.iter().map(|r| r[1].as_str()).collect();
    assert_eq!(totals, ["2", "10", "4"]);
    let doc = json(&stdout_of(&["count", "4-6", "--format", "json"]));
    let totals = json_u64s(&doc, "rows", "total");
    assert_eq!(totals, [2, 10, 4]);
    assert_eq!(doc["rows"][1]["classes"], 2);
    let md = stdout_of(&["count", "6", "--format", "markdown"]);
    assert!(md.starts_with('|'), "{md}");
    assert_line_starts_with(&md, 2, "| 6 | 4 | 1 |");
    // -o: the human table goes to the file, nothing to stdout.
    let d = dir();
    assert_eq!(stdout_in(d.path(), &["count", "8", "-o", "t.txt"]), "");
    let table = fs::read_to_string(d.path().join("t.txt")).unwrap();
    let lines: Vec<&str> = table.lines().collect();
    assert!(
        lines[0].trim_start().starts_with("n  total  classes"),
        "{table}"
    );
    assert_eq!(
        lines[1].split_whitespace().take(3).collect::<Vec<_>>(),
        ["8", "92", "12"]
    );
    // --format csv -o FILE is --csv FILE; with --json FILE both are written.
    assert_eq!(
        stdout_in(
            d.path(),
            &[
                "count", "8", "--format", "csv", "-o", "t.csv", "--json", "t.json"
            ]
        ),
        ""
    );
    let (_, rows) = csv_records(&fs::read_to_string(d.path().join("t.csv")).unwrap());
    assert_eq!((rows[0][0].as_str(), rows[0][1].as_str()), ("8", "92"));
    let doc = json(&fs::read_to_string(d.path().join("t.json")).unwrap());
    assert_eq!(doc["rows"][0]["total"], 92);
    // One format asked for twice is refused before any work; verify names its own flags (it
    // has no --bfile).
    usage_errors(&[
        (
            &["count", "8", "--format", "csv", "--csv", "x.csv"],
            "--format csv and --csv 'x.csv' both ask for csv",
        ),
        (
            &["count", "8", "--format", "json", "--csv", "-"],
            "only one of --csv, --json, --markdown and --bfile can write to stdout",
        ),
        (
            &["verify", "8", "--csv", "-", "--json", "-"],
            "only one of --csv, --json and --markdown can write to stdout",
        ),
        (
            &["count", "8", "--part", "0/2", "-o", "p.txt"],
            "a part is written as CSV",
        ),
    ]);
}

#[test]
fn a_flag_without_its_file_name_says_what_it_needs() {
    for (args, flag, stream) in [
        (&["count", "1-12", "--csv"][..], "--csv", "stdout"),
        (&["merge", "p.csv", "--json"], "--json", "stdout"),
        (&["verify", "8", "--known"], "--known", "stdin"),
        (&["list", "8", "-o"], "--output", "stdout"),
    ] {
        fails_with(
            args,
            2,
            &format!("{flag} needs a file name; use `{flag} -` for {stream}"),
        );
    }
}

#[test]
fn verify_writes_its_rows_as_csv_json_or_markdown() {
    let (header, rows) = csv_records(&stdout_of(&["verify", "6-8", "--format", "csv"]));
    assert_eq!(header[1], "total");
    let got: Vec<(&str, &str, &str)> = rows
        .iter()
        .map(|r| (r[0].as_str(), r[1].as_str(), r[11].as_str()))
        .collect();
    assert_eq!(
        got,
        [("6", "4", "yes"), ("7", "40", "yes"), ("8", "92", "yes")]
    );
    let md = stdout_of(&["verify", "8", "--format", "markdown"]);
    assert!(
        md.starts_with('|') && md.contains("| 8 | 92 | 12 |"),
        "{md}"
    );
    let d = dir();
    let out = stdout_in(
        d.path(),
        &["verify", "8", "--json", "v.json", "-o", "v.txt"],
    );
    assert_eq!(out, "");
    assert_eq!(
        fs::read_to_string(d.path().join("v.txt")).unwrap(),
        "PASS n=8: total 92, classes 12 (11 asymmetric, 1 half_turn, 0 quarter_turn)\n"
    );
    let doc = json(&fs::read_to_string(d.path().join("v.json")).unwrap());
    assert_eq!(doc["rows"][0]["total"], 92);
    assert_eq!(doc["rows"][0]["verified"], "yes");
    // The PASS lines stay on stdout beside a --csv file.
    let out = stdout_in(d.path(), &["verify", "5", "--csv", "v.csv"]);
    assert!(out.starts_with("PASS n=5: total 10"), "{out}");
    let (_, rows) = csv_records(&fs::read_to_string(d.path().join("v.csv")).unwrap());
    assert_eq!(rows[0][1], "10");
}

#[test]
fn profile_writes_json_markdown_and_to_a_file() {
    // n = 5: 54 nodes in all (A319283), 10 solutions at depth 5 (A000170).
    let doc = json(&stdout_of(&["profile", "5", "--format", "json"]));
    let depths = doc["profiles"][0]["depths"].as_array().unwrap();
    assert_eq!(depths.len(), 6);
    let nodes: u64 = depths.iter().map(|d| d["nodes"].as_u64().unwrap()).sum();
    assert_eq!(nodes, 54);
    assert_eq!(depths[5]["solutions"], 10);
    assert_eq!(doc["profiles"][0]["engine"], "enumerate");
    assert!(
        doc["profiles"][0]["verified"]
            .as_str()
            .unwrap()
            .starts_with("yes")
    );
    // The same numbers as the CSV.
    let (_, rows) = csv_records(&stdout_of(&["profile", "5", "--format", "csv"]));
    let csv_nodes: Vec<u64> = rows.iter().map(|r| r[3].parse().unwrap()).collect();
    let json_nodes: Vec<u64> = depths
        .iter()
        .map(|d| d["nodes"].as_u64().unwrap())
        .collect();
    assert_eq!(csv_nodes, json_nodes);
    let md = stdout_of(&["profile", "5", "--format", "markdown"]);
    assert_has(&md, "| 5 | enumerate | 5 | 10 | 10 |");
    fails_with(
        &["profile", "4", "--json", "-", "--markdown", "-"],
        2,
        "only one of --csv, --json and --markdown can write to stdout",
    );
    let d = dir();
    assert_eq!(stdout_in(d.path(), &["profile", "4", "-o", "p.txt"]), "");
    let text = fs::read_to_string(d.path().join("p.txt")).unwrap();
    assert!(text.starts_with("n = 4, engine enumerate"), "{text}");
    assert_has(&text, "verified: yes");
}

#[test]
fn merge_takes_format_and_o() {
    let d = dir();
    for part in ["0/2", "1/2"] {
        let file = format!("p{}.csv", &part[..1]);
        stdout_in(d.path(), &["count", "10", "--part", part, "--csv", &file]);
    }
    let doc = json(&stdout_in(
        d.path(),
        &["merge", "p0.csv", "p1.csv", "--format", "json"],
    ));
    assert_eq!(doc["rows"][0]["total"], 724);
    assert_eq!(doc["rows"][0]["classes"], 92);
    assert_eq!(
        stdout_in(d.path(), &["merge", "p0.csv", "p1.csv", "-o", "m.txt"]),
        ""
    );
    let text = fs::read_to_string(d.path().join("m.txt")).unwrap();
    assert_eq!(
        text.lines()
            .nth(1)
            .unwrap()
            .split_whitespace()
            .take(3)
            .collect::<Vec<_>>(),
        ["10", "724", "92"]
    );
    queens()
        .args(["merge", "p0.csv", "p1.csv", "-o", "p0.csv"])
        .current_dir(d.path())
        .refuses(2, "is also an input");
}

#[test]
fn classify_writes_json_and_markdown() {
    let doc = json(&stdout_of(&[
        "classify",
        "15863724",
        "2 4 1 7 0 6 3 5",
        "--format",
        "json",
    ]));
    let boards = doc.as_array().unwrap();
    assert_eq!(boards.len(), 2);
    assert_eq!(boards[0]["canonical"], "0 4 7 5 2 6 1 3");
    assert_eq!(boards[0]["class"], 1);
    assert_eq!(boards[1]["symmetry"], "half_turn");
    assert_eq!(boards[1]["class_size"], 4);
    assert_eq!(
        boards[1]["to_canonical"],
        serde_json::json!(["id", "rot180"])
    );
    assert_eq!(
        json(&stdout_of(&["classify", "--format", "json", "-"])),
        serde_json::json!([])
    );
    let md = stdout_of(&["classify", "35281746", "--format", "markdown"]);
    assert_eq!(
        md,
        "| line | n | board | canonical | symmetry | class_size | to_canonical | class |\n\
         | --: | --: | :-- | :-- | :-- | --: | :-- | --: |\n\
         | 1 | 8 | 35281746 | 35281746 | half_turn | 4 | id rot180 | 10 |\n"
    );
    let d = dir();
    let out = path_str(&d.path().join("c.json")).to_string();
    assert_eq!(
        stdout_of(&["classify", "15863724", "--format", "json", "-o", &out]),
        ""
    );
    assert_eq!(json(&fs::read_to_string(&out).unwrap())[0]["class"], 1);
}

#[test]
fn list_classes_writes_json_and_markdown() {
    let doc = json(&stdout_of(&["list", "8", "--classes", "--format", "json"]));
    let classes = doc.as_array().unwrap();
    assert_eq!(classes.len(), 12);
    assert_eq!(
        classes[9],
        serde_json::json!({"class": 10, "canonical": "2 4 1 7 0 6 3 5",
                           "symmetry": "half_turn", "class_size": 4})
    );
    let sizes: u64 = classes
        .iter()
        .map(|c| c["class_size"].as_u64().unwrap())
        .sum();
    assert_eq!(sizes, 92);
    assert_eq!(
        stdout_of(&["list", "4", "--classes", "--format", "markdown"]),
        "| class | canonical | symmetry | class_size |\n| --: | :-- | :-- | --: |\n\
         | 1 | 1 3 0 2 | quarter_turn | 2 |\n"
    );
    assert_eq!(
        json(&stdout_of(&["list", "3", "--classes", "--format", "json"])),
        serde_json::json!([])
    );
    fails_with(
        &["list", "8", "--format", "json"],
        2,
        "--format json and markdown write the table of --classes",
    );
}

#[test]
fn classify_and_list_classes_take_json_csv_and_markdown_file_flags() {
    let d = dir();
    fs::write(d.path().join("b.txt"), "15863724\n35281746\n").unwrap();
    // `--json FILE` writes what `--format json -o FILE` writes, and nothing on stdout.
    assert_eq!(
        stdout_in(d.path(), &["classify", "b.txt", "--json", "a.json"]),
        ""
    );
    stdout_in(
        d.path(),
        &["classify", "b.txt", "--format", "json", "-o", "b.json"],
    );
    let a = fs::read_to_string(d.path().join("a.json")).unwrap();
    assert_eq!(a, fs::read_to_string(d.path().join("b.json")).unwrap());
    let doc = json(&a);
    let sizes: Vec<u64> = doc
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["class_size"].as_u64().unwrap())
        .collect();
    assert_eq!(sizes, [8, 4]);
    // `-` is stdout.
    let (header, rows) = csv_records(&stdout_in(d.path(), &["classify", "b.txt", "--csv", "-"]));
    assert!(header.contains(&"symmetry".to_string()), "{header:?}");
    assert_eq!(rows.len(), 2);
    let md = stdout_in(d.path(), &["classify", "b.txt", "--markdown", "-"]);
    assert!(md.starts_with('|') && md.lines().count() == 4, "{md}");
    // list --classes: the 12 classes of n = 8 as JSON in a file.
    assert_eq!(
        stdout_in(d.path(), &["list", "8", "--classes", "--json", "c.json"]),
        ""
    );
    let classes = json(&fs::read_to_string(d.path().join("c.json")).unwrap());
    assert_eq!(classes.as_array().unwrap().len(), 12);
    let md = stdout_in(d.path(), &["list", "8", "--classes", "--markdown", "-"]);
    assert_eq!(md.lines().count(), 2 + 12, "{md}");
    // One output on stdout, --format json beside --json, and --json on list without
    // --classes: usage errors, no file.
    for args in [
        &[
            "classify",
            "b.txt",
            "--json",
            "x.json",
            "--csv",
            "-",
            "--markdown",
            "-",
        ][..],
        &["classify", "b.txt", "--json", "x.json", "--format", "json"],
        &["list", "8", "--json", "x.json"],
    ] {
        let o = queens().args(args).current_dir(d.path()).output().unwrap();
        assert_eq!(o.status.code(), Some(2), "{args:?}: {o:?}");
        assert_eq!(
            String::from_utf8_lossy(&o.stderr).matches("error:").count(),
            1
        );
        assert!(!d.path().join("x.json").exists(), "{args:?}");
    }
}

#[test]
fn classify_and_list_classes_write_several_outputs_at_once() {
    let d = dir();
    fs::write(d.path().join("b.txt"), "15863724\n35281746\n").unwrap();
    let read = |name: &str| fs::read_to_string(d.path().join(name)).unwrap();
    // Each file holds what a run that writes it alone writes; the table, asked for by -o,
    // goes to its own file, and stdout carries nothing.
    let all = [
        "classify",
        "b.txt",
        "--csv",
        "a.csv",
        "--json",
        "a.json",
        "--markdown",
        "a.md",
        "-o",
        "a.txt",
    ];
    assert_eq!(stdout_in(d.path(), &all), "");
    for (flag, name) in [
        ("--csv", "a.csv"),
        ("--json", "a.json"),
        ("--markdown", "a.md"),
    ] {
        let alone = stdout_in(d.path(), &["classify", "b.txt", flag, "-"]);
        assert_eq!(read(name), alone, "{flag}");
    }
    assert_eq!(read("a.txt"), stdout_in(d.path(), &["classify", "b.txt"]));
    // One flag to stdout, with the table in cols1 beside it in a file: the notation --format
    // names is that of every output's board columns.
    let csv = stdout_in(
        d.path(),
        &[
            "classify", "b.txt", "--csv", "-", "--format", "cols1", "-o", "c.txt",
        ],
    );
    let csv1 = ["classify", "b.txt", "--csv", "-", "--notation", "cols1"];
    assert_eq!(csv, stdout_in(d.path(), &csv1));
    assert!(csv.contains(",1 5 8 6 3 7 2 4,"), "{csv}");
    let cols1 = stdout_in(d.path(), &["classify", "b.txt", "--format", "cols1"]);
    assert_eq!(read("c.txt"), cols1);
    assert!(cols1.contains("1 5 8 6 3 7 2 4"), "{cols1}");

    // list --classes: the list in csv on stdout, and the JSON in a file.
    let listed = stdout_in(
        d.path(),
        &[
            "list",
            "8",
            "--classes",
            "--format",
            "csv",
            "--json",
            "c.json",
        ],
    );
    assert_eq!(
        listed,
        stdout_of(&["list", "8", "--classes", "--format", "csv"])
    );
    assert_eq!(listed.lines().count(), 13, "{listed}");
    assert_eq!(
        read("c.json"),
        stdout_of(&["list", "8", "--classes", "--format", "json"])
    );
    let both = [
        "list",
        "6",
        "--classes",
        "--json",
        "l.json",
        "--markdown",
        "l.md",
    ];
    assert_eq!(stdout_in(d.path(), &both), "");
    assert_eq!(
        read("l.json"),
        stdout_of(&["list", "6", "--classes", "--json", "-"])
    );
    assert_eq!(
        read("l.md"),
        stdout_of(&["list", "6", "--classes", "--markdown", "-"])
    );

    // Two outputs on stdout: one line, exit 2, and no file written.
    fails_with(
        &[
            "classify", "--board", "15863724", "--csv", "-", "--json", "-",
        ],
        2,
        "only one of --format, --csv, --json and --markdown can write to stdout (-)",
    );
    let o = queens()
        .args([
            "list",
            "8",
            "--classes",
            "--json",
            "-",
            "--format",
            "cols",
            "--markdown",
        ])
        .arg(d.path().join("x.md"))
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2), "{o:?}");
    assert_eq!(
        String::from_utf8_lossy(&o.stderr),
        "queens: error: only one of --format, --json and --markdown can write to stdout (-)\n"
    );
    assert!(!d.path().join("x.md").exists());

    // An input that is not boards ends the run: neither file is written, and a file that
    // was there is left as it was.
    fs::write(d.path().join("junk.txt"), "a\nb\nc\nd\ne\nf\n").unwrap();
    let junk = ["classify", "junk.txt", "--csv", "a.csv", "--json", "j.json"];
    let o = queens().args(junk).current_dir(d.path()).output().unwrap();
    assert_eq!(o.status.code(), Some(2), "{o:?}");
    assert_eq!(
        read("a.csv"),
        stdout_in(d.path(), &["classify", "b.txt", "--csv", "-"])
    );
    assert!(!d.path().join("j.json").exists());
}
