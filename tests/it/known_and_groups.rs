//! Verification and groups through the binary: a `--known` file that
//! lacks sizes (said, the same way by count, merge and verify; one that lacks every size
//! refused), the group of merged torus parts (`merge --symmetries`), `count --given --known`
//! refused, merge's b-file hints, `list --orbit` under the torus group, and a table whose
//! total its nodes cannot count.

use crate::common::process::{err, refused, run, run_ok, run_refused};
use crate::common::{CsvTable, dir, fails_with, file_with, path_str};
use std::path::Path;

/// The stdout of `o`, as text.
fn out(o: &std::process::Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// Writes `r.csv` (count 8-11), `miss.csv` (without n = 10) and `hdr.csv` (a header alone)
/// in `d`.
fn known_files(d: &Path) {
    run_ok(&["count", "8-11", "-t1", "--csv", "r.csv"], d);
    let r = std::fs::read_to_string(d.join("r.csv")).unwrap();
    let miss: String = r
        .lines()
        .filter(|l| !l.starts_with("10,"))
        .map(|l| format!("{l}\n"))
        .collect();
    file_with(d, "miss.csv", miss);
    let header = r.lines().next().unwrap();
    file_with(d, "hdr.csv", format!("{header}\n"));
}

/// The note every command writes for a `--known` file without a size.
const MISSING_10: &str =
    "queens: note: 'miss.csv' has no values for n = 10: not verified (verified: unknown)";

#[test]
fn a_known_file_without_a_size_says_so_in_every_command() {
    let d = dir();
    known_files(d.path());
    // count: the table says unknown for n = 10, stderr says why; the others are verified.
    let o = run(
        &["count", "8-11", "-t1", "--known", "miss.csv", "--csv", "-"],
        d.path(),
    );
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    assert_eq!(err(&o).trim_end(), MISSING_10);
    let t = CsvTable::parse(&out(&o));
    let verdicts: Vec<&str> = (0..4).map(|i| t.cell(i, "verified")).collect();
    assert_eq!(verdicts, ["yes", "yes", "unknown", "yes"]);
    // verify: FAIL for n = 10 in the same words, exit 1, and the same note.
    let o = run(&["verify", "8-11", "-t1", "--known", "miss.csv"], d.path());
    assert_eq!(o.status.code(), Some(1));
    assert!(out(&o).contains(
        "FAIL n=10: total 724, classes 92 (89 asymmetric, 3 half_turn, 0 quarter_turn): \
         'miss.csv' has no values for n = 10: not verified\n"
    ));
    assert!(
        err(&o).starts_with(&format!("{MISSING_10}\n")),
        "{}",
        err(&o)
    );
    assert!(err(&o).contains("queens: error: 1 of 4 board sizes failed verification"));
    // merge: the parts of n = 9 and 10, against the file without n = 10: the same note.
    for k in 0..2 {
        let part = format!("{k}/2");
        run_ok(
            &[
                "count",
                "9-10",
                "-t1",
                "--part",
                &part,
                "--csv",
                &format!("p{k}.csv"),
            ],
            d.path(),
        );
    }
    let o = run(
        &[
            "merge", "p0.csv", "p1.csv", "--known", "miss.csv", "--csv", "-",
        ],
        d.path(),
    );
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    assert_eq!(err(&o).trim_end(), MISSING_10);
    let t = CsvTable::parse(&out(&o));
    assert_eq!(
        [t.cell(0, "verified"), t.cell(1, "verified")],
        ["yes", "unknown"]
    );
    // merge with a file that lacks every size merged: refused, nothing written.
    let o = run(
        &[
            "merge", "p0.csv", "p1.csv", "--known", "hdr.csv", "--csv", "-",
        ],
        d.path(),
    );
    refused(
        &o,
        2,
        "--known: 'hdr.csv' has no values for n = 9, 10: it would verify none",
    );
    assert!(out(&o).is_empty());
}

#[test]
fn a_known_file_without_any_size_asked_is_refused_before_any_work() {
    let d = dir();
    known_files(d.path());
    let why = "--known: 'hdr.csv' has no values for n = 8 to 11: it would verify none of the \
               sizes asked; give a table that holds them, or leave out --known";
    for cmd in ["count", "verify"] {
        let o = run_refused(&[cmd, "8-11", "--known", "hdr.csv"], d.path(), 2, why);
        assert!(out(&o).is_empty(), "{cmd}");
    }
    // A table of other sizes is no better; one that holds some of them is taken.
    run_refused(
        &["count", "12", "--known", "r.csv"],
        d.path(),
        2,
        "has no values for n = 12",
    );
    let o = run_ok(&["count", "11-12", "-t1", "--known", "r.csv"], d.path());
    assert_eq!(
        err(&o).trim_end(),
        "queens: note: 'r.csv' has no values for n = 12: not verified (verified: unknown)"
    );
    // The published values are not refused: nothing published is the documented `unknown`.
    let o = run_ok(
        &[
            "count",
            "13",
            "--board",
            "torus",
            "--piece",
            "superqueen",
            "-t1",
        ],
        d.path(),
    );
    assert!(err(&o).is_empty(), "{}", err(&o));
}

#[test]
fn merged_torus_parts_take_the_group_merge_is_given() {
    let d = dir();
    let p = d.path();
    for k in 0..3 {
        let part = format!("{k}/3");
        let csv = format!("t{k}.csv");
        let args = [
            "count",
            "19",
            "--board",
            "torus",
            "--symmetries",
            "square",
            "--part",
            &part,
        ];
        let o = run_ok(&[&args[..], &["-t1", "--csv", &csv]].concat(), p);
        // Said at once, --quiet or not: the part does not keep the group.
        assert_eq!(
            err(&o).trim_end(),
            "queens: note: a part holds no classes, so --symmetries square is not kept in it: \
             the group is chosen when the parts are merged; give `queens merge --symmetries \
             square` (without it the classes are under the torus group)"
        );
    }
    let parts = ["merge", "t0.csv", "t1.csv", "t2.csv", "--csv", "-"];
    let whole = |group: &str| {
        let args = [
            "count",
            "19",
            "--board",
            "torus",
            "--symmetries",
            group,
            "-t1",
            "--csv",
            "-",
        ];
        CsvTable::parse(&out(&run_ok(&args, p)))
    };
    for (group, classes) in [("square", "102630"), ("torus", "354")] {
        let o = run_ok(&[&parts[..], &["--symmetries", group]].concat(), p);
        let merged = CsvTable::parse(&out(&o));
        // The group, then the human table's columns after n.
        let cols: Vec<&str> = ["group"]
            .into_iter()
            .chain(queens::formats::table::HUMAN_COLUMNS[1..].iter().copied())
            .collect();
        assert_eq!(
            merged.cells(0, &cols),
            whole(group).cells(0, &cols),
            "{group}"
        );
        assert_eq!(merged.cells(0, &["group", "classes"]), [group, classes]);
    }
    // Without --symmetries: the torus group, as `count --board torus` takes it, verified
    // against its published classes (A053994: 354 at board 19).
    let merged = CsvTable::parse(&out(&run_ok(&parts, p)));
    assert_eq!(
        merged.cells(0, &["group", "classes", "verified"]),
        ["torus", "354", "yes"]
    );
    // The torus group of parts on the plane is refused.
    run_ok(&["count", "8", "--part", "0/1", "--csv", "q.csv"], p);
    run_refused(
        &["merge", "q.csv", "--symmetries", "torus"],
        p,
        2,
        "--symmetries torus: the parts of n = 8 count queen-plane",
    );
    let o = run_ok(
        &["merge", "q.csv", "--symmetries", "square", "--csv", "-"],
        p,
    );
    assert_eq!(
        CsvTable::parse(&out(&o)).cells(0, &["total", "verified"]),
        ["92", "yes"]
    );
}

#[test]
fn count_given_and_count_part_refuse_known() {
    fails_with(
        &[
            "count",
            "8",
            "--part",
            "0/2",
            "--known",
            "/nonexistent/k.csv",
        ],
        2,
        "--known verifies whole results, not parts: give it to `queens merge` with the parts",
    );
    fails_with(
        &[
            "count",
            "8",
            "--given",
            "a8",
            "--known",
            "/nonexistent/k.csv",
        ],
        2,
        "--known is not taken with --given or --blocked: no table holds their completions",
    );
}

#[test]
fn merge_bfile_hints_name_what_merge_needs() {
    let d = dir();
    let p = d.path();
    run_ok(&["count", "12", "--part", "0/1", "--csv", "q.csv"], p);
    run_ok(
        &[
            "count", "11", "--board", "torus", "--part", "0/1", "--csv", "t.csv",
        ],
        p,
    );
    let o = run_refused(
        &["merge", "q.csv", "--bfile", "-", "--sequence", "A051223"],
        p,
        2,
        "",
    );
    assert_eq!(
        err(&o).trim_end(),
        "queens: error: --bfile: A051223 lists superqueens on the plane, and the parts hold \
         queens on the plane: give --sequence A000170, A002562, A260320, A260319, A260318, \
         A032522, A033148 or A319283, or merge parts counted with --piece superqueen --board \
         plane"
    );
    let o = run_refused(
        &["merge", "t.csv", "--bfile", "-", "--sequence", "A000170"],
        p,
        2,
        "",
    );
    assert!(
        err(&o).contains("and the parts hold queens on the torus: give --sequence A051906")
            && err(&o).contains("or merge parts counted without --piece and --board"),
        "{}",
        err(&o)
    );
    assert!(!err(&o).contains("add --piece"), "{}", err(&o));
    // The torus group's sequences want the torus group, which merge now takes or leaves.
    run_refused(
        &[
            "merge",
            "t.csv",
            "--symmetries",
            "square",
            "--bfile",
            "-",
            "--sequence",
            "A053994",
        ],
        p,
        2,
        "A053994 counts the classes under the torus group: leave out --symmetries square",
    );
    let o = run_ok(
        &["merge", "t.csv", "--bfile", "-", "--sequence", "A053994"],
        p,
    );
    assert_eq!(out(&o), "5 2\n"); // A053994 is indexed by k, board 2k + 1
}

#[test]
fn list_orbit_on_the_torus_lists_the_class_of_the_group_in_force() {
    let board = "0 2 4 6 1 3 5";
    let list = |extra: &[&str]| {
        let d = dir();
        let args = [
            &["list", "7", "--board", "torus", "--orbit", board][..],
            extra,
        ]
        .concat();
        out(&run_ok(&args, d.path()))
    };
    // The torus group (the default, or named): the 28 boards classify counts.
    let torus = list(&[]);
    assert_eq!(torus, list(&["--symmetries", "torus"]));
    assert_eq!(torus.lines().count(), 28);
    let d = dir();
    let c = run_ok(
        &["classify", board, "--surface", "torus", "--format", "csv"],
        d.path(),
    );
    assert_eq!(CsvTable::parse(&out(&c)).cell(0, "class_size"), "28");
    // classify's CSV of the boards of a file, on the torus.
    let classify_on_the_torus = |f: &Path| {
        let args = [
            "classify",
            path_str(f),
            "--surface",
            "torus",
            "--format",
            "csv",
        ];
        CsvTable::parse(&out(&run_ok(&args, d.path())))
    };
    // Every board listed is a torus solution in the class of the first (classify says so).
    let f = file_with(d.path(), "orbit.txt", &torus);
    let t = classify_on_the_torus(&f);
    assert!(
        (0..28)
            .all(|i| t.cell(i, "canonical") == "0 2 4 6 1 3 5" && t.cell(i, "class_size") == "28")
    );
    // The csv names the rules, then each element: the symmetry, then the shift, in a quoted
    // field (the shift's comma), so that it reads back: classify takes it, every board in the class.
    let csv = list(&["--format", "csv"]);
    assert_eq!(csv.lines().count(), 29);
    assert!(
        csv.lines()
            .nth(1)
            .unwrap()
            .starts_with("queen,torus,torus,1,0 2 4 6 1 3 5,\"id+shift(0,0) id+shift(1,2) ")
    );
    let f = file_with(d.path(), "orbit.csv", &csv);
    let t = classify_on_the_torus(&f);
    assert!((0..28).all(|i| t.cell(i, "class_size") == "28"));
    // The square's 8 symmetries alone: the 8 boards of that class.
    let square = list(&["--symmetries", "square"]);
    assert_eq!(square.lines().count(), 8);
    assert!(square.lines().all(|l| torus.lines().any(|m| m == l)));
}

#[test]
fn a_total_its_nodes_cannot_count_is_named_with_both_columns() {
    let d = dir();
    let p = d.path();
    run_ok(&["count", "1-10", "-t1", "--csv", "t.csv"], p);
    let t = std::fs::read_to_string(p.join("t.csv")).unwrap();
    let edited = t.replace("\n8,92,", "\n8,100000000000000000000,");
    assert_ne!(edited, t);
    file_with(p, "pv.csv", edited);
    let why = "line 9: columns total and nodes: a total of 100000000000000000000 boards is \
               more than a search of ";
    let o = run_refused(&["plot", "pv.csv", "-o", "pl.svg"], p, 2, why);
    assert!(!err(&o).contains("column nodes: "), "{}", err(&o));
    run_refused(&["count", "8", "--known", "pv.csv"], p, 2, why);
}
