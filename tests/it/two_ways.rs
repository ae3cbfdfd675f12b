//! `queens verify --two-ways`: two plans of the symmetric engine (ring and outer-ring; border
//! below n = 4, where the ring plans backtrack alike) count
//! each size; a size passes only if they agree on every column, which verifies sizes nothing is
//! published for.

use crate::common::Succeeds;
use crate::common::assert_has;
use crate::common::assert_line_starts_with;
use crate::common::{csv_records, dir, queens};

#[test]
fn two_ways_passes_when_both_plans_agree_with_each_other_and_the_published_values() {
    let out = queens().args(["verify", "8-12", "--two-ways"]).succeeds();
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(text.lines().count(), 5, "{text}");
    assert!(
        text.lines()
            .all(|l| l.starts_with("PASS ") && l.contains("both plans agree"))
    );
    assert!(text.contains(
        "PASS n=12: total 14200, classes 1787 (1765 asymmetric, 18 half_turn, 4 quarter_turn)"
    ));
}

#[test]
fn an_unpublished_size_passes_two_ways_and_fails_one_way() {
    // A table of published values that stops at n = 10, as if 11 and 12 were new.
    let known =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/data/known.csv")).unwrap();
    let cut: String = known
        .lines()
        .filter(|l| {
            l.split(',')
                .next()
                .and_then(|n| n.parse::<usize>().ok())
                .is_none_or(|n| n <= 10)
        })
        .map(|l| format!("{l}\n"))
        .collect();
    let d = dir();
    let path = d.path().join("known.csv");
    std::fs::write(&path, cut).unwrap();
    let two = queens()
        .args(["verify", "11-12", "--two-ways", "--known"])
        .arg(&path)
        .output()
        .unwrap();
    let text = String::from_utf8(two.stdout).unwrap();
    assert!(
        two.status.success(),
        "{text}{}",
        String::from_utf8_lossy(&two.stderr)
    );
    assert_has(&text, "PASS n=11: total 2680, classes 341");
    assert_has(
        &text,
        &format!(
            "both plans agree on every column (ring and outer-ring; '{}' has no values for n = \
             11)",
            path.display()
        ),
    );
    // One way, a --known file without any size asked would verify nothing: refused before
    // any work (exit 2, as count and merge refuse it); one that lacks some of them fails
    // those sizes, naming the file.
    let one = queens()
        .args(["verify", "11", "--known"])
        .arg(&path)
        .exits(2);
    assert!(one.stdout.is_empty());
    let one = queens()
        .args(["verify", "10-11", "--known"])
        .arg(&path)
        .exits(1);
    let text = String::from_utf8(one.stdout).unwrap();
    assert_has(&text, "PASS n=10");
    assert_has(
        &text,
        &format!(
            "FAIL n=11: total 2680, classes 341 (329 asymmetric, 12 half_turn, 0 quarter_turn): '{}' has no values for n = 11: not verified",
            path.display()
        ),
    );
}

#[test]
fn two_ways_needs_the_symmetric_engine_and_both_splits() {
    for extra in [["--engine", "enumerate"], ["--split", "border"]] {
        let out = queens()
            .args(["verify", "8", "--two-ways"])
            .args(extra)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{extra:?}");
        assert!(out.stdout.is_empty());
    }
}

#[test]
fn count_with_the_outer_ring_split_gives_the_border_splits_row() {
    let row = |split: &str| {
        let out = queens()
            .args(["count", "13", "--csv", "-", "--split", split])
            .succeeds();
        let (_, rows) = csv_records(&String::from_utf8(out.stdout).unwrap());
        rows[0][..6].to_vec() // n, total and the classes; nodes and time differ by plan
    };
    assert_eq!(row("outer-ring"), row("border"));
    assert_eq!(row("outer-ring")[1], "73712");
}

#[test]
fn parts_of_the_outer_ring_plan_merge_to_the_whole_and_do_not_mix_with_the_border_plans() {
    let d = dir();
    let part = |split: &str, r: usize| {
        let path = d.path().join(format!("{split}-{r}.csv"));
        queens()
            .args([
                "count",
                "11",
                "--split",
                split,
                "--part",
                &format!("{r}/3"),
                "--csv",
            ])
            .arg(&path)
            .succeeds();
        path
    };
    let outer: Vec<_> = (0..3).map(|r| part("outer-ring", r)).collect();
    assert!(
        std::fs::read_to_string(&outer[0])
            .unwrap()
            .contains("symmetric-outer-ring-v8")
    );
    let merged = queens()
        .args(["merge", "--csv", "-"])
        .args(&outer)
        .succeeds();
    let text = String::from_utf8(merged.stdout).unwrap();
    assert_line_starts_with(&text, 1, "11,2680,341,329,12,0,");
    // One border part in place of an outer-ring one: refused, not summed.
    let mixed = queens()
        .args(["merge"])
        .args([&outer[0], &outer[1], &part("border", 2)])
        .exits(1);
    assert!(mixed.stdout.is_empty());
}

#[test]
fn n0_is_verified_one_way_and_says_so() {
    // Both splits hand the empty board to the enumerate search: no second plan to agree.
    let out = crate::common::stdout_of(&["verify", "0", "--two-ways"]);
    assert_eq!(
        out,
        "PASS n=0: total 1, classes 1 (0 asymmetric, 0 half_turn, 1 quarter_turn) (one way \
         only: both splits count n = 0 with plan enumerate-prefix3-v1)\n"
    );
}

/// A size nothing is published for, verified two ways, says so in its record: `verified` is
/// `two-ways` in the CSV and the JSON (one way it stays `unknown`), the human table shows it,
/// and the file reads back (as a `--known` file, and into `merge`'s readers).
#[test]
fn a_size_verified_two_ways_is_recorded_so() {
    let sizes = [
        "verify",
        "11-13",
        "--piece",
        "superqueen",
        "--board",
        "torus",
    ];
    let csv = |extra: &[&str]| {
        let out = queens()
            .args(sizes)
            .args(extra)
            .args(["--format", "csv"])
            .succeeds();
        String::from_utf8(out.stdout).unwrap()
    };
    let (header, rows) = csv_records(&csv(&["--two-ways"]));
    let at = header.iter().position(|h| h == "verified").unwrap();
    let verdicts: Vec<&str> = rows.iter().map(|r| r[at].as_str()).collect();
    assert_eq!(verdicts, ["two-ways", "two-ways", "two-ways"]);
    let out = queens()
        .args(sizes)
        .args(["--two-ways", "--format", "json"])
        .succeeds();
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["rows"][2]["verified"], "two-ways");
    // One way nothing is verified: the count is not recorded as checked (and verify fails).
    let out = queens().args(sizes).args(["--format", "csv"]).exits(1);
    let (_, rows) = csv_records(&String::from_utf8(out.stdout).unwrap());
    assert!(rows.iter().all(|r| r[at] == "unknown"), "{rows:?}");
    // The file reads back: as the values a later count is verified against.
    let d = dir();
    let path = d.path().join("two-ways.csv");
    std::fs::write(&path, csv(&["--two-ways"])).unwrap();
    let again = queens()
        .args([
            "count",
            "11-13",
            "--piece",
            "superqueen",
            "--board",
            "torus",
            "--csv",
            "-",
        ])
        .arg("--known")
        .arg(&path)
        .succeeds();
    let (_, rows) = csv_records(&String::from_utf8(again.stdout).unwrap());
    assert!(rows.iter().all(|r| r[at] == "yes"), "{rows:?}");
    // The queens' published sizes stay `yes` with --two-ways.
    let out = queens()
        .args(["verify", "12", "--two-ways", "--format", "csv"])
        .succeeds();
    let (header, rows) = csv_records(&String::from_utf8(out.stdout).unwrap());
    let at = header.iter().position(|h| h == "verified").unwrap();
    assert_eq!(rows[0][at], "yes");
}
