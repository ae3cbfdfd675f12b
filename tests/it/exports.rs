//! Count's exports through the real binary: JSON, Markdown and b-files that agree with the
//! CSV, every destination checked before computing; b-files of every sequence with their OEIS
//! offsets (n = 0 counted where a sequence defines it), `--known` with a table of an earlier
//! run, and a human table that fits 100 columns (`--columns`).

use crate::common::Succeeds;
use crate::common::assert_has;
use crate::common::cells;
use crate::common::file_with;
use crate::common::{
    csv_records, dir, fails_with, path_str, queens, queens_plain, stdout_of, usage_errors,
};
use queens::rules::Rules;
use queens::symmetry::Transform;
use std::fs;

/// What the slow, obvious search finds for one n: every placement of one queen per row
/// checked against every earlier queen, the images of each solution by the 8 transforms
/// applied one by one.
#[derive(Debug, Default, PartialEq)]
struct Slow {
    total: u128,
    nodes: u128,
    fixed_half_turn: u128,
    fixed_quarter_turn: u128,
    asymmetric: u128,
    half_turn: u128,
    quarter_turn: u128,
}

fn slow(n: usize) -> Slow {
    fn walk(n: usize, cols: &mut Vec<u8>, out: &mut Slow) {
        out.nodes += 1; // this partial board, the empty one included
        if cols.len() == n {
            out.total += 1;
            let fixed = |t: Transform| t.apply_cols(cols) == *cols;
            let (half, quarter) = (fixed(Transform::Rot180), fixed(Transform::Rot90));
            out.fixed_half_turn += u128::from(half);
            out.fixed_quarter_turn += u128::from(quarter);
            let canonical = Transform::ALL.iter().all(|t| t.apply_cols(cols) >= *cols);
            if canonical {
                match (quarter, half) {
                    (true, _) => out.quarter_turn += 1,
                    (false, true) => out.half_turn += 1,
                    (false, false) => out.asymmetric += 1,
                }
            }
            return;
        }
        let row = cols.len();
        for c in 0..n as u8 {
            let attacked = cols
                .iter()
                .enumerate()
                .any(|(r, &q)| Rules::QUEENS.attacks(n, (r, q.into()), (row, c.into())));
            if !attacked {
                cols.push(c);
                walk(n, cols, out);
                cols.pop();
            }
        }
    }
    let mut out = Slow::default();
    walk(n, &mut Vec::new(), &mut out);
    out
}

/// The `n a(n)` lines of a b-file.
fn terms(bfile: &str) -> Vec<(usize, u128)> {
    bfile
        .lines()
        .map(|l| {
            let (n, a) = l.split_once(' ').expect("n a(n)");
            (n.parse().unwrap(), a.parse().unwrap())
        })
        .collect()
}

#[test]
fn a_bfile_of_every_sequence_agrees_with_the_slow_search_and_the_published_values() {
    let slow: Vec<Slow> = (0..=10).map(slow).collect();
    assert_eq!((slow[0].total, slow[0].nodes), (1, 1), "the empty board");
    type Term = fn(&Slow) -> u128;
    let cases: [(&str, usize, &[&str], Term); 8] = [
        ("A000170", 0, &[], |s| s.total),
        ("A002562", 1, &[], |s| {
            s.asymmetric + s.half_turn + s.quarter_turn
        }),
        ("A260320", 1, &[], |s| s.asymmetric),
        ("A260319", 1, &[], |s| s.half_turn),
        ("A260318", 1, &[], |s| s.quarter_turn),
        ("A032522", 1, &[], |s| s.fixed_half_turn),
        ("A033148", 1, &[], |s| s.fixed_quarter_turn),
        ("A319283", 0, &["--engine", "enumerate"], |s| s.nodes),
    ];
    for (seq, offset, extra, term) in cases {
        let range = format!("{offset}-10");
        for engine in [&["--engine", "symmetric"][..], &["--engine", "enumerate"]] {
            let engine = if extra.is_empty() { engine } else { extra };
            let lower = seq.to_lowercase();
            let mut args = vec!["count", &range, "--bfile", "-", "--sequence", &lower];
            args.extend_from_slice(engine);
            let out = queens().args(&args).output().unwrap();
            let err = String::from_utf8_lossy(&out.stderr);
            assert!(out.status.success(), "{args:?}: {err}");
            assert_eq!(err, "", "{args:?}: no note when it starts at the offset");
            let got = terms(&String::from_utf8(out.stdout).unwrap());
            let want: Vec<(usize, u128)> = (offset..=10).map(|n| (n, term(&slow[n]))).collect();
            assert_eq!(got, want, "{args:?}");
        }
    }
    // And with the published values, where data/known.csv has them (verification only).
    let fixed = terms(&stdout_of(&[
        "count",
        "1-14",
        "--bfile",
        "-",
        "--sequence",
        "A032522",
    ]));
    let quarter = terms(&stdout_of(&[
        "count",
        "1-14",
        "--bfile",
        "-",
        "--sequence",
        "A033148",
    ]));
    for ((n, f180), (_, f90)) in fixed.into_iter().zip(quarter) {
        let k = queens::verify::lookup(n).unwrap();
        assert_eq!(
            (Some(f180), Some(f90)),
            (k.fixed_half_turn, k.fixed_quarter_turn)
        );
        // The engine's own fixed counts (Burnside's searches) give the same.
        let c = queens::count(n).unwrap();
        assert_eq!(
            (c.fixed_half_turn, c.fixed_quarter_turn),
            (f180, f90),
            "n = {n}"
        );
    }
}

#[test]
fn n0_is_counted_the_empty_board_one_class_one_node() {
    for engine in ["symmetric", "enumerate"] {
        let (header, rows) = csv_records(&stdout_of(&[
            "count", "0-1", "--csv", "-", "--engine", engine,
        ]));
        let at = |name: &str| header.iter().position(|h| h == name).unwrap();
        let r0 = &rows[0];
        let columns = "n,total,classes,asymmetric,half_turn,quarter_turn,nodes";
        let cells: Vec<&str> = columns.split(',').map(|c| r0[at(c)].as_str()).collect();
        assert_eq!(cells, ["0", "1", "1", "0", "0", "1", "1"], "{engine}");
        // The symmetric engine has no border to start from: the row says who counted.
        assert_eq!(r0[at("engine")], "enumerate");
        assert_eq!(r0[at("verified")], "yes");
        assert_eq!(rows[1][at("engine")], engine);
    }
    assert_eq!(
        stdout_of(&["verify", "0"]),
        "PASS n=0: total 1, classes 1 (0 asymmetric, 0 half_turn, 1 quarter_turn)\n"
    );
    // A part of it could not be merged: refused before any work.
    fails_with(
        &["count", "0-3", "--part", "0/2", "--csv", "-"],
        2,
        "count it without --part",
    );
    // The commands that list boards refuse it, saying where it is counted.
    fails_with(&["list", "0"], 2, "`queens count 0`");
    fails_with(&["count", "33"], 2, "board size 33 is outside 0 to 32");
}

#[test]
fn a_bfile_after_the_offset_gets_a_note_and_one_before_it_is_refused() {
    for quiet in [true, false] {
        let mut cmd = if quiet { queens() } else { queens_plain() };
        let out = cmd
            .args(["count", "1-5", "--bfile", "-", "--sequence", "A000170"])
            .succeeds();
        assert_eq!(
            String::from_utf8(out.stdout).unwrap(),
            "1 1\n2 0\n3 0\n4 2\n5 10\n"
        );
        // A note about the output, not progress: --quiet keeps it.
        assert!(String::from_utf8_lossy(&out.stderr).contains(
            "queens: note: the b-file of A000170 starts at n = 1, after its OEIS offset 0: \
             OEIS b-files begin at the offset (add n = 0)"
        ));
    }
    let out = queens()
        .args(["count", "3-5", "--bfile", "-", "--sequence", "classes"])
        .succeeds();
    assert!(
        String::from_utf8_lossy(&out.stderr)
            .contains("the b-file of A002562 starts at n = 3, after its OEIS offset 1")
    );
    fails_with(
        &["count", "1-4", "--bfile", "-", "--sequence", "A170"],
        2,
        "invalid value 'A170'",
    );
    for seq in [
        "A002562", "A260320", "A260319", "A260318", "A032522", "A033148",
    ] {
        fails_with(
            &["count", "0-4", "--bfile", "-", "--sequence", seq],
            2,
            &format!("{seq} starts at n = 1 (its OEIS offset)"),
        );
    }
}

#[test]
fn a319283_needs_the_enumerate_engine_before_any_work() {
    let d = dir();
    let b = d.path().join("b.txt");
    let out = queens_plain()
        .args(["count", "0-8", "--sequence", "A319283", "--bfile"])
        .arg(&b)
        .exits(2);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(
        err,
        "queens: error: --bfile: A319283 counts the nodes of the plain backtracking tree: add --engine \
         enumerate\n"
    );
    assert!(out.stdout.is_empty() && !b.exists(), "nothing was counted");

    // merge: the parts must come from the enumerate engine.
    let part = |r: usize, engine: &str| {
        let p = d.path().join(format!("{engine}-{r}.csv"));
        let o = queens()
            .args([
                "count",
                "6-9",
                "--part",
                &format!("{r}/2"),
                "--engine",
                engine,
            ])
            .arg("--csv")
            .arg(&p)
            .output()
            .unwrap();
        assert!(o.status.success());
        p
    };
    let sym = [part(0, "symmetric"), part(1, "symmetric")];
    queens_plain()
        .args(["merge", "--bfile", "-", "--sequence", "A319283"])
        .args(&sym)
        .refuses(2, "add --engine enumerate to the counts of the parts");
    let en = [part(0, "enumerate"), part(1, "enumerate")];
    let o = queens()
        .args(["merge", "--bfile", "-", "--sequence", "a319283"])
        .args(&en)
        .succeeds();
    let want: Vec<(usize, u128)> = (6..=9).map(|n| (n, slow(n).nodes)).collect();
    assert_eq!(terms(&String::from_utf8(o.stdout).unwrap()), want);
}

#[test]
fn known_takes_the_csv_of_an_earlier_run_and_names_it() {
    let d = dir();
    let own = d.path().join("r.csv");
    let own_s = path_str(&own);
    stdout_of(&["count", "0-10", "--engine", "enumerate", "--csv", own_s]);
    // The same values verify: the nodes too, since the engine is the same.
    let (_, rows) = csv_records(&stdout_of(&[
        "count",
        "0-10",
        "--engine",
        "enumerate",
        "--known",
        own_s,
        "--csv",
        "-",
    ]));
    assert!(rows.iter().all(|r| r[11] == "yes"), "{rows:?}");

    // A doctored total and node count: a MISMATCH that names the file, exit 1.
    let text = fs::read_to_string(&own).unwrap();
    let doctored = d.path().join("doctored.csv");
    let doctored_s = path_str(&doctored);
    let changed = text
        .replace("\n8,92,12,11,1,0,2057,", "\n8,93,12,11,1,0,2057,")
        .replace("\n9,352,46,42,4,0,8394,", "\n9,352,46,42,4,0,8395,");
    assert_ne!(changed, text);
    fs::write(&doctored, changed).unwrap();
    let out = queens()
        .args([
            "count",
            "7-9",
            "--engine",
            "enumerate",
            "--known",
            doctored_s,
        ])
        .exits(1);
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert_has(&stdout, "MISMATCH");
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(
        err.trim_end(),
        format!(
            "queens: error: MISMATCH against '{doctored_s}': n = 8: total 93 there, 92 here; \
             n = 9: nodes 8395 there, 8394 here"
        )
    );
    assert!(!err.contains("OEIS"));
    // verify says the same on its FAIL line.
    let out = queens()
        .args(["verify", "8", "--known", doctored_s])
        .exits(1);
    assert!(String::from_utf8(out.stdout).unwrap().starts_with(&format!(
        "FAIL n=8: total 92, classes 12 (11 asymmetric, 1 half_turn, 0 quarter_turn): against \
         '{doctored_s}': total 93 there, 92 here"
    )));

    // A symmetric run's nodes depend on its split and are never compared: no note.
    let out = queens()
        .args([
            "count",
            "8-9",
            "--known",
            doctored_s,
            "--columns",
            "n,total",
        ])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(!err.contains("note"), "{err}");
    assert!(err.contains("n = 8: total 93 there, 92 here") && !err.contains("n = 9:"));
    // An enumerate run against a symmetric table finds no plain-tree nodes there, and says so.
    let symmetric = d.path().join("symmetric.csv");
    queens()
        .args(["count", "8-9", "--csv", path_str(&symmetric)])
        .assert()
        .success();
    let out = queens()
        .args(["count", "8-9", "--engine", "enumerate", "--known"])
        .arg(&symmetric)
        .succeeds();
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        format!(
            "queens: note: nodes not compared with '{}' for n = 8, 9: engine symmetric counted \
             them there, enumerate here (each engine has its own tree)\n",
            path_str(&symmetric)
        )
    );
}

#[test]
fn known_refuses_a_table_with_a_mismatch_and_names_bad_lines() {
    let d = dir();
    let wrong = file_with(d.path(), "wrong.csv", "n,total_A000170\n8,93\n");
    let marked = d.path().join("marked.csv");
    // A run against the wrong table writes a row marked MISMATCH…
    queens()
        .args([
            "count",
            "7-8",
            "--known",
            path_str(&wrong),
            "--csv",
            path_str(&marked),
        ])
        .exits(1);
    assert!(fs::read_to_string(&marked).unwrap().contains(",MISMATCH"));
    // … which cannot vouch for another run.
    fails_with(
        &["count", "8", "--known", path_str(&marked)],
        2,
        &format!(
            "--known file '{}': line 3: n = 8 is marked MISMATCH there",
            path_str(&marked)
        ),
    );
    let bad = d.path().join("bad.csv");
    let header = queens::formats::table::CSV_HEADER.join(",");
    fs::write(
        &bad,
        format!("{header}\n8,92,12,11,1,0,2057,0.1,enumerate,scalar,1,yes\n9,35x,46,42,4,0,1,0.1,enumerate,scalar,1,yes\n"),
    )
    .unwrap();
    fails_with(
        &["count", "8", "--known", path_str(&bad)],
        2,
        "line 3: column total: \"35x\" is not valid",
    );
    let twice = d.path().join("twice.csv");
    fs::write(
        &twice,
        format!("{header}\n8,92,12,11,1,0,2057,0.1,enumerate,scalar,1,yes\n8,92,12,11,1,0,2057,0.1,enumerate,scalar,1,yes\n"),
    )
    .unwrap();
    fails_with(
        &["count", "8", "--known", path_str(&twice)],
        2,
        "line 3: n = 8 appears twice",
    );
}

#[test]
fn columns_choose_the_table_and_markdown_and_never_the_csv() {
    let out = stdout_of(&[
        "count",
        "8",
        "--engine",
        "enumerate",
        "--columns",
        "n,total,nodes",
    ]);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(cells(lines[0]), ["n", "total", "nodes"]);
    assert_eq!(cells(lines[1]), ["8", "92", "2057"]);
    // The columns left out that describe the run, in one line under the table.
    assert!(
        lines[2].starts_with("engine enumerate, kernel scalar, threads ")
            && lines[2].ends_with(" seconds in all"),
        "{out}"
    );
    assert_eq!(lines.len(), 3);
    let all = stdout_of(&["count", "8", "--columns", "all"]);
    assert_eq!(
        all.lines()
            .next()
            .unwrap()
            .split_whitespace()
            .collect::<Vec<_>>(),
        queens::formats::table::CSV_HEADER
    );
    // Every column is shown, so the footer is only the note on whose nodes they are.
    assert_eq!(all.lines().count(), 3, "{all}");
    assert_eq!(
        all.lines().last().unwrap(),
        queens::formats::table::SYMMETRIC_NODES_NOTE
    );

    let d = dir();
    let (md, csv) = (d.path().join("t.md"), d.path().join("t.csv"));
    stdout_of(&[
        "count",
        "8",
        "--columns",
        "n,classes,verified",
        "--markdown",
        path_str(&md),
        "--csv",
        path_str(&csv),
    ]);
    let md = fs::read_to_string(&md).unwrap();
    assert!(
        md.starts_with(
            "| n | classes (A002562) | verified |\n| --: | --: | :-- |\n| 8 | 12 | yes |\n"
        ),
        "{md}"
    );
    let (header, _) = csv_records(&fs::read_to_string(&csv).unwrap());
    assert_eq!(header, queens::formats::table::CSV_HEADER);

    fails_with(
        &["count", "8", "--columns", "n,total,speed"],
        2,
        "unknown column 'speed': the columns are all, or a list of n,total,classes,",
    );
    fails_with(&["count", "8", "--columns", "n,n"], 2, "named twice");
    fails_with(
        &["count", "8", "--columns", "n", "--csv", "-"],
        2,
        "CSV always has every column",
    );
}

#[test]
fn the_default_table_fits_100_columns() {
    let out = stdout_of(&["count", "1-16"]);
    let widest = out.lines().map(|l| l.chars().count()).max().unwrap();
    assert!(widest <= 100, "{widest}:\n{out}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(cells(lines[0]), queens::formats::table::HUMAN_COLUMNS);
    assert_eq!(lines.len(), 18, "header, 16 rows, the line under them");
    let n16: Vec<&str> = lines[16].split_whitespace().collect();
    assert_eq!(
        n16,
        ["16", "14772512", "1846955", "1846189", "734", "32", "yes"]
    );
    // merge prints the same table.
    let d = dir();
    let parts: Vec<String> = (0..2)
        .map(|r| {
            let p = d.path().join(format!("p{r}.csv"));
            stdout_of(&[
                "count",
                "9-10",
                "--part",
                &format!("{r}/2"),
                "--csv",
                path_str(&p),
            ]);
            path_str(&p).to_string()
        })
        .collect();
    let mut args = vec!["merge"];
    args.extend(parts.iter().map(String::as_str));
    let merged = stdout_of(&args);
    let first: Vec<&str> = merged.lines().next().unwrap().split_whitespace().collect();
    assert_eq!(first, queens::formats::table::HUMAN_COLUMNS);
    let n10: Vec<&str> = merged.lines().nth(2).unwrap().split_whitespace().collect();
    assert_eq!(&n10[..2], ["10", "724"], "{merged}");
}

#[test]
fn known_from_a_run_of_the_other_split_verifies_without_comparing_plan_nodes() {
    // The symmetric engine's nodes depend on its split; a table does not record the split,
    // so an own CSV of the default (ring) split must verify a border run (and the other way
    // round).
    let d = dir();
    let ring = d.path().join("ring.csv");
    queens()
        .args(["count", "8-12", "--csv"])
        .arg(&ring)
        .assert()
        .success();
    let out = queens()
        .args(["count", "8-12", "--split", "border", "--known"])
        .arg(&ring)
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(String::from_utf8_lossy(&out.stderr), "");
    let (header, rows) = csv_records(
        &String::from_utf8(
            queens()
                .args([
                    "count", "8-12", "--split", "border", "--csv", "-", "--known",
                ])
                .arg(&ring)
                .output()
                .unwrap()
                .stdout,
        )
        .unwrap(),
    );
    let verified = header.iter().position(|h| h == "verified").unwrap();
    assert!(rows.iter().all(|r| r[verified] == "yes"), "{rows:?}");
}

// ---------------------------------------------------------------- count exports

#[test]
fn count_writes_json_markdown_and_bfile_that_agree_with_the_csv() {
    let d = dir();
    let p = |name: &str| d.path().join(name);
    queens_plain()
        .args([
            "count",
            "1-10",
            "--engine",
            "enumerate",
            "--quiet",
            "--threads",
            "2",
            "--csv",
            path_str(&p("t.csv")),
            "--json",
            path_str(&p("t.json")),
            "--markdown",
            path_str(&p("t.md")),
            "--bfile",
            path_str(&p("b.txt")),
        ])
        .assert()
        .success();
    let rows = queens::formats::table::read_csv(std::fs::File::open(p("t.csv")).unwrap()).unwrap();
    assert_eq!(rows.len(), 10);

    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(p("t.json")).unwrap()).unwrap();
    assert_eq!(json["tool"], "queens");
    assert_eq!(json["version"], env!("CARGO_PKG_VERSION"));
    assert_eq!(json["threads_requested"], 2);
    let started = json["started"].as_str().unwrap();
    assert!(
        started.len() == 20 && started.ends_with('Z') && &started[10..11] == "T",
        "{started}"
    );
    let argv: Vec<&str> = json["command_line"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap())
        .collect();
    assert!(
        argv.contains(&"--json") && argv.contains(&"1-10"),
        "{argv:?}"
    );
    for key in ["os", "kernel", "arch", "cpu", "logical_cpus"] {
        assert!(!json["machine"][key].is_null(), "machine.{key}");
    }
    let jrows = json["rows"].as_array().unwrap();
    assert_eq!(jrows.len(), 10);
    for (j, r) in jrows.iter().zip(&rows) {
        assert_eq!(j["n"].as_u64().unwrap() as usize, r.n);
        assert_eq!(u128::from(j["total"].as_u64().unwrap()), r.total);
        assert_eq!(
            u128::from(j["classes"].as_u64().unwrap()),
            r.classes.total()
        );
        assert_eq!(u128::from(j["nodes"].as_u64().unwrap()), r.nodes);
        assert_eq!(j["verified"], "yes");
        assert_eq!(j["engine"], "enumerate");
    }

    let md = std::fs::read_to_string(p("t.md")).unwrap();
    let table: Vec<&str> = md.lines().take_while(|l| l.starts_with('|')).collect();
    assert_eq!(table.len(), 12);
    assert!(table[0].starts_with("| n | total (A000170) | classes (A002562) |"));
    assert!(table[1].starts_with("| --: |"));
    assert!(
        table[9].starts_with("| 8 | 92 | 12 | 11 | 1 | 0 | 2057 | "),
        "{}",
        table[9]
    );
    assert!(md.contains("Computed by queens"));

    let bfile = std::fs::read(p("b.txt")).unwrap();
    assert_eq!(
        String::from_utf8(bfile).unwrap(),
        "1 1\n2 0\n3 0\n4 2\n5 10\n6 4\n7 40\n8 92\n9 352\n10 724\n"
    );
}

#[test]
fn count_bfile_of_classes_can_go_to_stdout_alone() {
    let out = stdout_of(&[
        "count",
        "4-9",
        "--quiet",
        "--bfile",
        "-",
        "--sequence",
        "classes",
    ]);
    assert_eq!(out, "4 1\n5 2\n6 1\n7 6\n8 12\n9 46\n");
}

#[test]
fn count_exports_check_every_destination_before_computing() {
    let d = dir();
    let csv = d.path().join("t.csv");
    let missing = d.path().join("missing/t.json");
    for (flag, needle) in [
        ("--json", "--json: cannot write"),
        ("--markdown", "--markdown: cannot write"),
        ("--bfile", "--bfile: cannot write"),
    ] {
        fails_with(
            &[
                "count",
                "8",
                "--csv",
                path_str(&csv),
                flag,
                path_str(&missing),
            ],
            2,
            needle,
        );
        assert!(
            !csv.exists(),
            "nothing is written when a destination is bad"
        );
    }
    usage_errors(&[
        (
            &["count", "8", "--json", path_str(d.path())],
            "is a directory",
        ),
        (&["count", "8,10", "--bfile", "-"], "consecutive"),
        (&["count", "9,8", "--bfile", "-"], "8 follows 9"),
        (&["count", "8", "--sequence", "total"], "--bfile"),
        (
            &["count", "8", "--bfile", "-", "--sequence", "nodes"],
            "invalid value",
        ),
        (&["count", "8", "--csv", "-", "--json", "-"], "only one of"),
    ]);
    assert_eq!(std::fs::read_dir(d.path()).unwrap().count(), 0);
}

#[test]
fn count_json_or_markdown_on_stdout_replaces_the_table() {
    let json: serde_json::Value =
        serde_json::from_str(&stdout_of(&["count", "6-8", "--quiet", "--json", "-"])).unwrap();
    assert_eq!(json["rows"].as_array().unwrap().len(), 3);
    assert_eq!(json["rows"][2]["classes"], 12);
    let d = dir();
    let csv = d.path().join("t.csv");
    let md = stdout_of(&[
        "count",
        "8",
        "--quiet",
        "--markdown",
        "-",
        "--csv",
        path_str(&csv),
    ]);
    assert!(md.starts_with("| n | total (A000170)"), "{md}");
    assert_eq!(
        queens::formats::table::read_csv(std::fs::File::open(&csv).unwrap())
            .unwrap()
            .len(),
        1
    );
}

/// The format seam: every [`Format`](queens::formats::export::Format) of the library is an
/// option of `count` and `merge` (its flag in their help) and writes something of a small
/// table, from the library's exporter and from the command line; its name in the message of
/// two outputs on stdout. A format added to the enum and not to the command line fails here.
#[test]
fn every_export_format_is_a_flag_of_count_and_merge_and_writes_a_table() {
    use queens::formats::export::{Format, Options, RunMeta};
    use queens::formats::table::Row;
    let rows: Vec<Row> = (1..=4)
        .map(|n| crate::common::row(n, queens::plan::Engine::Enumerate, 1))
        .collect();
    let meta = RunMeta::now(None);
    let count_help = stdout_of(&["count", "--help"]);
    let merge_help = stdout_of(&["merge", "--help"]);
    for &format in Format::ALL {
        let flag = format.flag();
        for (command, help) in [("count", &count_help), ("merge", &merge_help)] {
            assert!(
                help.contains(&format!("{flag} <FILE>")),
                "{command} --help lacks {flag}"
            );
        }
        let mut written = Vec::new();
        format
            .exporter(&Options::default())
            .write(&rows, &meta, &mut written)
            .unwrap();
        let written = String::from_utf8(written).unwrap();
        // n = 4 has 2 solutions in 1 class: every format names the size and its total.
        assert!(
            written.contains('4') && written.contains('2'),
            "{format:?}: {written}"
        );
        // The command line writes it too (its metadata differs: command line, start time).
        let cli = stdout_of(&["count", "1-4", &flag, "-"]);
        assert!(cli.contains('4') && cli.contains('2'), "{flag} -: {cli}");
    }
    let flags: Vec<String> = Format::ALL.iter().map(|f| f.flag()).collect();
    let o = queens()
        .args(["count", "4"])
        .args([&flags[0], "-", &flags[1], "-"])
        .exits(2);
    let err = String::from_utf8_lossy(&o.stderr);
    for flag in &flags {
        assert!(err.contains(flag.as_str()), "{flag} not in: {err}");
    }
}

/// Under the torus group the JSON rows carry the classes by orbit size, as the CSV's `orbits`
/// column does (A054500-A054502: board 13 has classes of 26, 52, 338 and 676 boards); rows of
/// the square's group have no such field, the queens' JSON as it was.
#[test]
fn json_rows_of_the_torus_group_carry_the_classes_by_orbit_size() {
    let json: serde_json::Value = serde_json::from_str(&stdout_of(&[
        "count", "11,13", "--board", "torus", "--json", "-",
    ]))
    .unwrap();
    let rows = json["rows"].as_array().unwrap();
    let pairs = |row: &serde_json::Value| -> Vec<(u64, u64)> {
        row["orbits"]
            .as_array()
            .unwrap_or_else(|| panic!("no orbits in {row}"))
            .iter()
            .map(|o| {
                (
                    o["boards"].as_u64().unwrap(),
                    o["classes"].as_u64().unwrap(),
                )
            })
            .collect()
    };
    assert_eq!(pairs(&rows[0]), [(44, 2)]);
    assert_eq!(pairs(&rows[1]), [(26, 1), (52, 2), (338, 3), (676, 5)]);
    // Read back (as `queens plot` reads a JSON table), the rows keep them.
    let text = stdout_of(&["count", "13", "--board", "torus", "--json", "-"]);
    let back = queens::formats::export::json::read(&text).unwrap();
    assert_eq!(
        back[0].orbits,
        Some(vec![(26, 1), (52, 2), (338, 3), (676, 5)])
    );
    for args in [
        &[
            "count",
            "13",
            "--board",
            "torus",
            "--symmetries",
            "square",
            "--json",
            "-",
        ][..],
        &["count", "8", "--json", "-"][..],
    ] {
        let json: serde_json::Value = serde_json::from_str(&stdout_of(args)).unwrap();
        assert!(json["rows"][0].get("orbits").is_none(), "{args:?}");
    }
}
