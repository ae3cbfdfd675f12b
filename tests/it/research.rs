//! The research outputs through the real binary: classify, list --classes/--orbit, profile,
//! count's exports, render and plot, and their answers to bad input.

use crate::common::{csv_records, dir, fails_with, path_str, queens_plain as queens, stdout_of};
use predicates::prelude::*;
use std::collections::{BTreeMap, BTreeSet};

// ---------------------------------------------------------------- classify

#[test]
fn classify_answers_the_symmetry_follow_up_for_all_92_boards_of_n8() {
    let boards = stdout_of(&["list", "8"]);
    let out = queens()
        .args(["classify", "--format", "csv"])
        .write_stdin(boards)
        .output()
        .unwrap();
    assert!(out.status.success());
    let (header, rows) = csv_records(&String::from_utf8(out.stdout).unwrap());
    assert_eq!(
        header,
        [
            "line",
            "n",
            "board",
            "canonical",
            "symmetry",
            "class_size",
            "to_canonical",
            "class"
        ]
    );
    assert_eq!(rows.len(), 92);
    // Each board carries its class number as `list 8 --classes` numbers them.
    let numbered: BTreeSet<(String, String)> =
        rows.iter().map(|r| (r[7].clone(), r[3].clone())).collect();
    let listed: BTreeSet<(String, String)> = stdout_of(&["list", "8", "--classes"])
        .lines()
        .enumerate()
        .map(|(i, l)| ((i + 1).to_string(), l.to_string()))
        .collect();
    assert_eq!(numbered, listed);
    // Group the boards by canonical form: 12 classes, each as large as it says.
    let mut classes: BTreeMap<String, Vec<&Vec<String>>> = BTreeMap::new();
    for r in &rows {
        classes.entry(r[3].clone()).or_default().push(r);
    }
    assert_eq!(classes.len(), 12);
    for (canonical, members) in &classes {
        let size: usize = members[0][5].parse().unwrap();
        assert_eq!(members.len(), size, "class of {canonical}");
        assert!(members.iter().any(|m| m[2] == *canonical));
    }
    let half_turn: Vec<_> = classes
        .values()
        .filter(|m| m[0][4] == "half_turn")
        .collect();
    assert_eq!(half_turn.len(), 1);
    assert_eq!(half_turn[0].len(), 4);
    // The canonical forms are exactly what `list 8 --classes` gives.
    let listed: BTreeSet<String> = stdout_of(&["list", "8", "--classes"])
        .lines()
        .map(String::from)
        .collect();
    assert_eq!(listed, classes.keys().cloned().collect());
    // A half-turn symmetric board reaches its canonical form by two transforms.
    for r in &rows {
        let transforms = r[6].split(' ').count();
        assert_eq!(transforms * r[5].parse::<usize>().unwrap(), 8, "{r:?}");
    }
}

#[test]
fn classify_reports_bad_lines_with_numbers_and_still_classifies_the_good_ones() {
    let d = dir();
    let file = d.path().join("boards.txt");
    std::fs::write(
        &file,
        "# two good boards and three bad ones\n\
         0 4 7 5 2 6 1 3\n\
         \n\
         0 0\n\
         0 2 4 1 3\n\
         0 1 3 2\n\
         1 2 3 4\n",
    )
    .unwrap();
    let out = queens()
        .args(["classify", path_str(&file)])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let stdout = String::from_utf8(out.stdout).unwrap();
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(stdout.starts_with("line"), "{stdout}");
    assert_eq!(stdout.lines().count(), 3, "{stdout}");
    assert!(stdout.contains("0 4 7 5 2 6 1 3  0 4 7 5 2 6 1 3      1  asymmetric"));
    assert!(stdout.contains("0 2 4 1 3"));
    let lines: Vec<&str> = stderr.lines().collect();
    // Three bad lines, the summary of the good ones, the final count.
    assert_eq!(lines.len(), 5, "{stderr}");
    assert_eq!(lines[3], "queens: 2 boards, 2 classes (2 asymmetric)");
    assert!(lines[0].contains("line 4: repeated column"), "{}", lines[0]);
    assert!(
        lines[1].contains("line 6: the queens at row 0 column 0 and row 1 column 1 attack"),
        "{}",
        lines[1]
    );
    assert!(lines[2].contains("line 7: column 4 in row 3 is outside"));
    assert!(lines[4].contains("3 of 5 lines are not valid"));
}

#[test]
fn classify_with_size_reports_wrong_lengths() {
    let out = queens()
        .args(["classify", "--size", "5", "--format", "csv"])
        .write_stdin("1 4 2 0 3\n1 3 0 2\n")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let (_, rows) = csv_records(&String::from_utf8(out.stdout).unwrap());
    assert_eq!(rows.len(), 1);
    assert_eq!(rows[0][4], "quarter_turn");
    assert!(
        String::from_utf8_lossy(&out.stderr)
            .contains("line 2: wrong length: 4 columns, expected 5")
    );
}

#[test]
fn classify_rejects_unreadable_input_and_survives_binary_garbage() {
    fails_with(&["classify", "/no/such/file.txt"], 2, "cannot read");
    fails_with(&["classify", "--format", "xml"], 2, "invalid value");
    let d = dir();
    fails_with(
        &[
            "classify",
            "-o",
            path_str(&d.path().join("no/such/out.txt")),
        ],
        2,
        "does not exist",
    );
    let out = queens()
        .arg("classify")
        .write_stdin(vec![
            0xff, 0xfe, b'\n', b'1', b' ', b'3', b'\n', 0, 7, b'\n',
        ])
        .output()
        .unwrap();
    // Not text: one message, exit 2 (tests/it/progress_gaps.rs has more).
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "queens: error: stdin is not a file of boards (it is not UTF-8 text); see --from for the \
         notations read\n"
    );
    // Text with bad lines: each is reported with its number.
    let out = queens()
        .arg("classify")
        .write_stdin("x y\n1 3\n0 4 7 5 2 6 1 3\n")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("line 1: malformed"), "{err}");
    assert!(err.contains("line 2:"), "{err}");
    assert!(!err.contains("panicked"));
}

// ---------------------------------------------------------------- list --classes / --orbit

#[test]
fn list_classes_csv_gives_index_canonical_symmetry_and_size() {
    let (header, rows) = csv_records(&stdout_of(&["list", "8", "--classes", "--format", "csv"]));
    assert_eq!(header, ["index", "canonical", "symmetry", "class_size"]);
    assert_eq!(rows.len(), 12);
    for (i, r) in rows.iter().enumerate() {
        assert_eq!(r[0], (i + 1).to_string());
        let expected = if r[2] == "half_turn" { "4" } else { "8" };
        assert_eq!(r[3], expected);
    }
    assert_eq!(rows.iter().filter(|r| r[2] == "half_turn").count(), 1);
    let sizes: usize = rows.iter().map(|r| r[3].parse::<usize>().unwrap()).sum();
    assert_eq!(sizes, 92);
    // n = 12 has 4 quarter-turn classes, 18 half-turn, 1765 asymmetric (A260318-20).
    let (_, rows) = csv_records(&stdout_of(&["list", "12", "--classes", "--format", "csv"]));
    let count = |t: &str| rows.iter().filter(|r| r[2] == t).count();
    assert_eq!(
        (
            count("asymmetric"),
            count("half_turn"),
            count("quarter_turn")
        ),
        (1765, 18, 4)
    );
    let (header, rows) = csv_records(&stdout_of(&["list", "6", "--format", "csv"]));
    assert_eq!(header, ["index", "solution"]);
    assert_eq!(rows.len(), 4);
}

#[test]
fn list_orbit_prints_the_whole_class() {
    let out = stdout_of(&["list", "8", "--orbit", "0 4 7 5 2 6 1 3"]);
    let boards: Vec<&str> = out.lines().collect();
    assert_eq!(boards.len(), 8);
    assert!(boards.windows(2).all(|w| w[0] < w[1]), "sorted, distinct");
    // Every image classifies back to the same canonical form.
    let classified = queens()
        .args(["classify", "--format", "csv"])
        .write_stdin(out.clone())
        .output()
        .unwrap();
    assert!(classified.status.success());
    let (_, rows) = csv_records(&String::from_utf8(classified.stdout).unwrap());
    assert!(rows.iter().all(|r| r[3] == "0 4 7 5 2 6 1 3"));
    // Every listed image is a real solution of n = 8.
    let all: BTreeSet<String> = stdout_of(&["list", "8"])
        .lines()
        .map(String::from)
        .collect();
    assert!(boards.iter().all(|b| all.contains(*b)));
    // The half-turn symmetric class has 4 boards, each reached by 2 transforms.
    let (header, rows) = csv_records(&stdout_of(&[
        "list",
        "8",
        "--orbit",
        "2 4 1 7 0 6 3 5",
        "--format",
        "csv",
    ]));
    assert_eq!(header, ["index", "solution", "transforms"]);
    assert_eq!(rows.len(), 4);
    assert!(rows.iter().all(|r| r[2].split(' ').count() == 2));
}

#[test]
fn list_orbit_rejects_bad_boards() {
    fails_with(
        &["list", "7", "--orbit", "0 4 7 5 2 6 1 3"],
        2,
        "the board has 8 columns but N is 7",
    );
    fails_with(
        &["list", "8", "--orbit", "0 4 7 5 2 6 1 2"],
        2,
        "repeated column",
    );
    fails_with(&["list", "8", "--orbit", "0 4 x"], 2, "not a solution");
    fails_with(
        &["list", "8", "--orbit", "0 4 7 5 2 6 1 3", "--classes"],
        2,
        "cannot be used with",
    );
}

// ---------------------------------------------------------------- profile

#[test]
fn profile_n8_is_a319284() {
    let out = stdout_of(&["profile", "8", "--threads", "2"]);
    let nodes: Vec<&str> = out
        .lines()
        .filter(|l| l.trim_start().starts_with(|c: char| c.is_ascii_digit()))
        .map(|l| l.split_whitespace().nth(1).unwrap())
        .collect();
    assert_eq!(
        nodes,
        ["1", "8", "42", "140", "344", "568", "550", "312", "92"]
    );
    assert!(out.contains("total   2057"), "{out}");
    assert!(out.contains("verified: yes"));
    assert!(out.contains("engine enumerate"));
}

#[test]
fn profile_csv_sums_to_the_engine_node_count() {
    let d = dir();
    let file = d.path().join("profile.csv");
    queens()
        .args(["profile", "1-11", "--csv", path_str(&file), "--quiet"])
        .assert()
        .success();
    let (header, rows) = csv_records(&std::fs::read_to_string(&file).unwrap());
    assert_eq!(header, ["n", "engine", "depth", "nodes", "solutions"]);
    // The enumerate engine walks exactly the plain tree that the profile counts.
    let (_, counted) = csv_records(&stdout_of(&[
        "count",
        "1-11",
        "--engine",
        "enumerate",
        "--csv",
        "-",
        "--quiet",
    ]));
    for c in &counted {
        let n = &c[0];
        let mine: Vec<&Vec<String>> = rows.iter().filter(|r| &r[0] == n).collect();
        assert_eq!(mine.len(), n.parse::<usize>().unwrap() + 1);
        assert!(mine.iter().all(|r| r[1] == "enumerate"));
        let sum: u128 = mine.iter().map(|r| r[3].parse::<u128>().unwrap()).sum();
        assert_eq!(sum.to_string(), c[6], "nodes, n = {n}");
        let solutions: u128 = mine.iter().map(|r| r[4].parse::<u128>().unwrap()).sum();
        assert_eq!(solutions.to_string(), c[1], "solutions, n = {n}");
    }
}

#[test]
fn profile_rejects_bad_input_before_working() {
    fails_with(&["profile", "0"], 2, "outside 1 to 32");
    fails_with(&["profile", "eight"], 2, "not a board size");
    fails_with(
        &["profile", "8", "--csv", "/no/such/dir/p.csv"],
        2,
        "does not exist",
    );
    fails_with(&["profile", "8", "--engine", "fastest"], 2, "invalid value");
}

#[test]
fn profile_of_the_symmetric_engine_is_labelled_and_weighs_up_to_the_total() {
    let out = queens()
        .args(["profile", "10", "--engine", "symmetric"])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let text = String::from_utf8(out).unwrap();
    assert!(text.starts_with("n = 10, engine symmetric (depth = queens on the board"));
    assert!(text.contains("verified: yes (solutions × orbit sizes = 724 = A000170)"));
    let csv = queens()
        .args(["profile", "8,12", "--engine", "symmetric", "--csv", "-"])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let csv = String::from_utf8(csv).unwrap();
    assert_eq!(csv.lines().count(), 1 + 9 + 13);
    assert!(
        csv.lines()
            .skip(1)
            .all(|l| l.split(',').nth(1) == Some("symmetric"))
    );
    // Fewer partial boards than the plain tree: the engine searches one constellation per orbit.
    let nodes: u128 = csv
        .lines()
        .filter(|l| l.starts_with("12,"))
        .map(|l| l.split(',').nth(3).unwrap().parse::<u128>().unwrap())
        .sum();
    assert!(nodes * 3 < 856_189, "{nodes}");
}

// ---------------------------------------------------------------- count exports

#[test]
fn count_writes_json_markdown_and_bfile_that_agree_with_the_csv() {
    let d = dir();
    let p = |name: &str| d.path().join(name);
    queens()
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
    fails_with(
        &["count", "8", "--json", path_str(d.path())],
        2,
        "is a directory",
    );
    fails_with(&["count", "8,10", "--bfile", "-"], 2, "consecutive");
    fails_with(&["count", "9,8", "--bfile", "-"], 2, "8 follows 9");
    fails_with(&["count", "8", "--sequence", "total"], 2, "--bfile");
    fails_with(
        &["count", "8", "--bfile", "-", "--sequence", "nodes"],
        2,
        "invalid value",
    );
    fails_with(
        &["count", "8", "--csv", "-", "--json", "-"],
        2,
        "only one of",
    );
    assert_eq!(std::fs::read_dir(d.path()).unwrap().count(), 0);
}

// ---------------------------------------------------------------- render

/// The queens of an SVG picture: (row, col) of every `<path class="queen">`.
fn queens_in(svg: &str) -> Vec<(usize, usize)> {
    let doc = roxmltree::Document::parse(svg).expect("well-formed SVG");
    assert_eq!(doc.root_element().tag_name().name(), "svg");
    doc.descendants()
        .filter(|e| e.attribute("class") == Some("queen"))
        .map(|e| {
            let get = |a: &str| e.attribute(a).unwrap().parse().unwrap();
            (get("data-row"), get("data-col"))
        })
        .collect()
}

fn svg_text(svg: &str) -> String {
    let doc = roxmltree::Document::parse(svg).unwrap();
    doc.descendants()
        .filter(|e| e.has_tag_name("text"))
        .filter_map(|e| e.text())
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn render_draws_one_solution_with_its_symmetry() {
    let d = dir();
    let file = d.path().join("b.svg");
    queens()
        .args(["render", "8", "--solution", "0 4 7 5 2 6 1 3", "-o"])
        .arg(&file)
        .assert()
        .success();
    let svg = std::fs::read_to_string(&file).unwrap();
    let qs = queens_in(&svg);
    assert_eq!(qs, (0..8).zip([0, 4, 7, 5, 2, 6, 1, 3]).collect::<Vec<_>>());
    assert!(svg_text(&svg).contains("asymmetric: a class of 8 boards"));
}

#[test]
fn render_class_draws_the_canonical_solution() {
    let svg = stdout_of(&["render", "8", "--class", "10", "-o", "-"]);
    let canonical: Vec<usize> = "2 4 1 7 0 6 3 5"
        .split(' ')
        .map(|c| c.parse().unwrap())
        .collect();
    assert_eq!(
        queens_in(&svg),
        canonical.into_iter().enumerate().collect::<Vec<_>>()
    );
    let text = svg_text(&svg);
    assert!(text.contains("class 10 of 12"), "{text}");
    assert!(text.contains("symmetric under a half turn: a class of 4 boards"));
    let svg = stdout_of(&["render", "4", "--class", "1", "-o", "-"]);
    assert!(svg_text(&svg).contains("quarter turn: a class of 2 boards"));
    // Beyond n = 14 the caption does not count the classes (that would list every solution).
    let svg = stdout_of(&["render", "20", "--class", "1", "-o", "-"]);
    assert_eq!(queens_in(&svg).len(), 20);
    let text = svg_text(&svg);
    assert!(
        text.contains("class 1\n") && !text.contains("class 1 of"),
        "{text}"
    );
}

#[test]
fn render_all_classes_lays_out_the_12_classes_of_n8() {
    let svg = stdout_of(&["render", "8", "--all-classes", "-o", "-"]);
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let groups: Vec<_> = doc
        .descendants()
        .filter(|e| e.attribute("class") == Some("class"))
        .collect();
    assert_eq!(groups.len(), 12);
    for g in &groups {
        let qs = g
            .descendants()
            .filter(|e| e.attribute("class") == Some("queen"))
            .count();
        assert_eq!(qs, 8);
    }
    assert_eq!(queens_in(&svg).len(), 96);
    let text = svg_text(&svg);
    assert!(text.contains("12 classes (11 asymmetric, 1 half-turn, 0 quarter-turn)"));
    assert_eq!(text.matches("half-turn (4)").count(), 1);
}

#[test]
fn render_rejects_bad_requests() {
    fails_with(
        &["render", "8", "--solution", "1 3 0 2", "-o", "-"],
        2,
        "4 columns but N is 8",
    );
    fails_with(
        &["render", "8", "--solution", "0 1", "-o", "-"],
        2,
        "the board has 2 columns but N is 8",
    );
    fails_with(
        &["render", "8", "--solution", "0 1 2 3 4 5 6 7", "-o", "-"],
        2,
        "not a solution",
    );
    fails_with(
        &["render", "8", "--class", "13", "-o", "-"],
        2,
        "--class must be 1 to 12",
    );
    fails_with(&["render", "8", "--class", "0", "-o", "-"], 2, "1 to 12");
    fails_with(
        &["render", "3", "--class", "1", "-o", "-"],
        2,
        "no solutions",
    );
    fails_with(
        &["render", "3", "--all-classes", "-o", "-"],
        2,
        "no solutions",
    );
    fails_with(&["render", "12", "--all-classes", "-o", "-"], 2, "up to 11");
    fails_with(&["render", "8", "-o", "-"], 2, "required");
    fails_with(
        &["render", "8", "--class", "1", "--all-classes", "-o", "-"],
        2,
        "cannot be used with",
    );
    fails_with(&["render", "8", "--class", "1"], 2, "--output");
    fails_with(
        &["render", "8", "--class", "1", "-o", "/no/such/dir/x.svg"],
        2,
        "does not exist",
    );
}

// ---------------------------------------------------------------- plot

#[test]
fn plot_draws_every_count_and_marks_the_published_values() {
    let d = dir();
    let table = d.path().join("t.csv");
    let picture = d.path().join("growth.svg");
    queens()
        .args(["count", "1-10", "--quiet", "--csv"])
        .arg(&table)
        .assert()
        .success();
    queens()
        .arg("plot")
        .arg(&table)
        .arg("-o")
        .arg(&picture)
        .assert()
        .success();
    let svg = std::fs::read_to_string(&picture).unwrap();
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let count = |class: &str| {
        doc.descendants()
            .filter(|e| e.attribute("class") == Some(class))
            .count()
    };
    // n = 2 and 3 have no solutions: 8 of the 10 sizes have a point on the log scale.
    assert_eq!(count("point total"), 8);
    assert_eq!(count("point classes"), 8);
    assert_eq!(count("known total"), 8);
    assert_eq!(count("known classes"), 8);
    assert!(svg_text(&svg).contains("No solutions for n = 2, 3"));
}

#[test]
fn plot_rejects_what_is_not_a_count_table() {
    let d = dir();
    let bad = d.path().join("bad.csv");
    std::fs::write(&bad, "a,b\n1,2\n").unwrap();
    fails_with(
        &["plot", path_str(&bad), "-o", "-"],
        2,
        "is not a queens table",
    );
    fails_with(&["plot", "/no/such/t.csv", "-o", "-"], 2, "cannot read");
    let zeros = d.path().join("zeros.csv");
    queens()
        .args(["count", "2-3", "--quiet", "--csv"])
        .arg(&zeros)
        .assert()
        .success();
    fails_with(
        &["plot", path_str(&zeros), "-o", "-"],
        2,
        "no positive count",
    );
    fails_with(&["plot", path_str(&zeros)], 2, "--output");
    queens()
        .args(["plot", "-", "-o", "-"])
        .write_stdin("")
        .assert()
        .code(2)
        .stderr(predicate::str::contains("stdin"));
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
