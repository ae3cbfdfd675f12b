//! `queens plot`: every count drawn with the published values marked, the tool's JSON read
//! like its CSV, nothing hidden (equal values side by side, wrong values crossed out, repeated
//! sizes drawn), the value axis named, and what is not a count table refused.

use crate::common::Succeeds;
use crate::common::assert_has;
use crate::common::queens;
use crate::common::queens_plain;
use crate::common::{dir, fails_with, path_str, svg_text};
use predicates::prelude::*;

/// The elements of `svg` with exactly this class attribute.
fn with_class<'a>(doc: &'a roxmltree::Document<'a>, class: &str) -> Vec<roxmltree::Node<'a, 'a>> {
    doc.descendants()
        .filter(|e| e.attribute("class") == Some(class))
        .collect()
}

/// A new folder in which `queens count ARGS…` has run (writing the tables ARGS name).
fn counted(args: &[&str]) -> tempfile::TempDir {
    let d = dir();
    queens()
        .arg("count")
        .args(args)
        .current_dir(d.path())
        .succeeds();
    d
}

/// Runs `queens plot table -o picture` in `d`, returning the SVG and stderr.
fn plot(d: &tempfile::TempDir, table: &str) -> (String, String) {
    let picture = d.path().join("p.svg");
    let out = queens()
        .args(["plot", table, "-o", path_str(&picture)])
        .current_dir(d.path())
        .succeeds();
    (
        std::fs::read_to_string(&picture).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

#[test]
fn plot_reads_the_json_of_count_as_it_reads_the_csv() {
    let d = counted(&["1-10", "--csv", "t.csv", "--json", "t.json"]);
    let (from_csv, csv_err) = plot(&d, "t.csv");
    let (from_json, json_err) = plot(&d, "t.json");
    assert_eq!(from_csv, from_json, "one run, two formats, one picture");
    assert_eq!((csv_err.as_str(), json_err.as_str()), ("", ""));
    // A JSON document that is not queens's is refused like a foreign CSV.
    std::fs::write(d.path().join("other.json"), r#"{"tool":"other","rows":[]}"#).unwrap();
    let out = queens()
        .args(["plot", "other.json", "-o", "x.svg"])
        .current_dir(d.path())
        .exits(2);
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "queens: error: 'other.json' is not a queens table: a JSON document of 'other', not of queens\n"
    );
    assert!(!d.path().join("x.svg").exists());
}

#[test]
fn plot_names_its_value_axis_and_keeps_equal_values_apart() {
    let d = counted(&["1-8", "--csv", "t.csv"]);
    let (svg, _) = plot(&d, "t.csv");
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let axis = with_class(&doc, "axis-name");
    assert_eq!(axis.len(), 1);
    assert_eq!(axis[0].text(), Some("solutions or classes (log scale)"));
    assert!(
        axis[0]
            .attribute("transform")
            .unwrap()
            .starts_with("rotate(-90")
    );
    // n = 1 has one solution and one class: the two dots (and the two rings) stand apart.
    let cx = |class: &str| -> f64 {
        with_class(&doc, class)[0]
            .attribute("cx")
            .unwrap()
            .parse()
            .unwrap()
    };
    assert!(cx("point classes") - cx("point total") >= 6.0);
    assert!(cx("known classes") - cx("known total") >= 6.0);
}

#[test]
fn plot_draws_and_reports_a_wrong_value_and_a_repeated_size() {
    let d = counted(&["6-9", "--csv", "t.csv"]);
    // Another row for n = 8 claiming 93 boards: a wrong value, and n = 8 twice.
    let mut table = std::fs::read_to_string(d.path().join("t.csv")).unwrap();
    table.push_str("8,93,12,11,1,0,2057,0.001,enumerate,scalar,1,yes\n");
    std::fs::write(d.path().join("t.csv"), table).unwrap();
    let (svg, stderr) = plot(&d, "t.csv");
    assert_eq!(
        stderr,
        "queens: warning: 't.csv': n = 8 appears 2 times in the table; each is drawn\n\
         queens: warning: 't.csv': n = 8: solutions (A000170) 93 disagrees with the published 92; \
         drawn crossed out in red\n"
    );
    let doc = roxmltree::Document::parse(&svg).unwrap();
    assert_eq!(
        with_class(&doc, "point total").len(),
        5,
        "both rows of n = 8 drawn"
    );
    let crosses = with_class(&doc, "disagrees total");
    assert_eq!(crosses.len(), 1);
    assert_eq!(
        crosses[0]
            .children()
            .filter(|c| c.has_tag_name("line"))
            .count(),
        2
    );
    assert!(
        with_class(&doc, "disagrees classes").is_empty(),
        "12 classes is right"
    );
    let caption: String = doc
        .descendants()
        .filter(|e| e.has_tag_name("text"))
        .filter_map(|e| e.text())
        .collect::<Vec<_>>()
        .join(" ");
    assert_has(
        &caption,
        "Red crosses: values that disagree with OEIS (n = 8).",
    );
}

#[test]
fn every_ring_is_centred_on_its_dot_n0_included() {
    // n = 0: one board and one class computed, but A002562 has no term for n = 0, so only the
    // total has a ring; it must sit on the total's dot, which stands aside from the class dot.
    let d = counted(&["0-8", "--csv", "t.csv"]);
    let (svg, _) = plot(&d, "t.csv");
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let centres = |class: &str| -> Vec<(String, String)> {
        with_class(&doc, class)
            .iter()
            .map(|e| {
                (
                    e.attribute("cx").unwrap().into(),
                    e.attribute("cy").unwrap().into(),
                )
            })
            .collect()
    };
    for series in ["total", "classes"] {
        let dots = centres(&format!("point {series}"));
        for ring in centres(&format!("known {series}")) {
            assert!(
                dots.contains(&ring),
                "{series}: ring {ring:?} on no dot of {dots:?}"
            );
        }
    }
    assert_eq!(centres("known total").len(), 7, "n = 0, 1, 4..8");
    assert_eq!(centres("known classes").len(), 6, "n = 1, 4..8");
}

#[test]
fn a_json_row_whose_classes_do_not_add_up_is_refused_as_the_csv_one_is() {
    let d = counted(&["8", "--json", "t.json", "--csv", "t.csv"]);
    let json = std::fs::read_to_string(d.path().join("t.json")).unwrap();
    let doctored = json.replace("\"classes\": 12,", "\"classes\": 13,");
    assert_ne!(doctored, json);
    std::fs::write(d.path().join("bad.json"), doctored).unwrap();
    let csv = std::fs::read_to_string(d.path().join("t.csv")).unwrap();
    std::fs::write(
        d.path().join("bad.csv"),
        csv.replace("\n8,92,12,", "\n8,92,13,"),
    )
    .unwrap();
    for (file, why) in [
        (
            "bad.json",
            "row 1 (n = 8): classes 13 is not asymmetric + half_turn + quarter_turn",
        ),
        ("bad.csv", "line 2: column classes: \"13\" is not valid"),
    ] {
        let out = queens()
            .args(["plot", file, "-o", "p.svg"])
            .current_dir(d.path())
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{file}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            err.starts_with(&format!("queens: error: '{file}' is not a queens table: "))
                && err.contains(why),
            "{err}"
        );
    }
}

// ---------------------------------------------------------------- plot

#[test]
fn plot_draws_every_count_and_marks_the_published_values() {
    let d = counted(&["1-10", "--csv", "t.csv"]);
    let table = d.path().join("t.csv");
    let picture = d.path().join("growth.svg");
    queens_plain()
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
    let z = counted(&["2-3", "--csv", "zeros.csv"]);
    let zeros = z.path().join("zeros.csv");
    fails_with(
        &["plot", path_str(&zeros), "-o", "-"],
        2,
        "no positive count",
    );
    fails_with(&["plot", path_str(&zeros)], 2, "--output");
    queens_plain()
        .args(["plot", "-", "-o", "-"])
        .write_stdin("")
        .assert()
        .code(2)
        .stderr(predicate::str::contains("stdin"));
}
