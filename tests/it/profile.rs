//! `queens profile` through the real binary: the node profile of n = 8 (A319284), its CSV
//! summing to the engine's node count, the symmetric engine's labelled profile, bad input
//! refused before any work, and the thread cap.

use crate::common::Succeeds;
use crate::common::assert_has;
use crate::common::queens_plain;
use crate::common::{csv_records, dir, fails_with, path_str, stdout_of};

#[test]
fn profile_threads_are_capped_as_counts_are() {
    let cap = (4 * std::thread::available_parallelism().map_or(1, |n| n.get())).clamp(1, 1024);
    let out = queens_plain()
        .args(["--quiet", "profile", "8", "--threads", "60000"])
        .succeeds();
    assert_eq!(
        String::from_utf8(out.stderr).unwrap(),
        format!("queens: --threads 60000 capped at {cap} (4 per core, at most 1024)\n")
    );
    assert_has(&String::from_utf8(out.stdout).unwrap(), "total   2057");
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
    assert_has(&out, "total   2057");
    assert!(out.contains("verified: yes"));
    assert!(out.contains("engine enumerate"));
}

#[test]
fn profile_csv_sums_to_the_engine_node_count() {
    let d = dir();
    let file = d.path().join("profile.csv");
    queens_plain()
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

/// Runs `queens args…` with its progress on, expects success, returns stdout.
fn plain_stdout(args: &[&str]) -> String {
    String::from_utf8(queens_plain().args(args).succeeds().stdout).unwrap()
}

#[test]
fn profile_of_the_symmetric_engine_is_labelled_and_weighs_up_to_the_total() {
    let text = plain_stdout(&["profile", "10", "--engine", "symmetric"]);
    assert!(text.starts_with("n = 10, engine symmetric (depth = queens on the board"));
    assert!(text.contains("verified: yes (solutions × orbit sizes = 724 = A000170)"));
    let csv = plain_stdout(&["profile", "8,12", "--engine", "symmetric", "--csv", "-"]);
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
