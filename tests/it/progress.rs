//! Progress on stderr, through the real binary: the start, heartbeat and finish lines of a
//! log (`count`, and `profile` in estimated work), `classify`'s count of boards read from a
//! slow pipe and its MiB done on a large file, and `--quiet`. Nothing here measures time: slow
//! producers and the `QUEENS_HEARTBEAT_MS` knob make the heartbeat come without waiting 10 s.

use crate::common::Succeeds;
use crate::common::assert_has;
use crate::common::process;
use crate::common::queens_plain;
use crate::common::{build, dir, path_str, stdout_of};
use crate::running::Running;
use queens::plan::Engine;
use queens::search::profile::plain_units;
use std::fs;
use std::io::Write;
use std::process::Stdio;
use std::thread;
use std::time::Duration;

/// Parses `queens: profile n=N: 12.5% done, 3/40 units, …, ETA …` into the percentage.
fn heartbeat_percent(line: &str, n: usize, units: usize) -> Option<f64> {
    let rest = line.strip_prefix(&format!("queens: profile n={n}: "))?;
    let (percent, rest) = rest.split_once("% done, ")?;
    let (done, rest) = rest.split_once(&format!("/{units} units, "))?;
    done.parse::<usize>().ok()?;
    (rest.contains(" boards, ") && rest.contains(" elapsed, ETA ")).then_some(())?;
    percent.parse().ok()
}

#[test]
fn profile_logs_a_start_line_heartbeats_in_estimated_work_and_a_finish_line() {
    // The plain search of n = 15 (171 million nodes, about a second on one core) against a
    // heartbeat of 1 ms: a thousand times it, so that a faster machine still beats.
    let units = plain_units(15).len();
    let out = queens_plain()
        .args(["profile", "15", "--threads", "1"])
        .env("QUEENS_HEARTBEAT_MS", "1")
        .succeeds();
    let err = String::from_utf8(out.stderr).unwrap();
    let lines: Vec<&str> = err.lines().collect();
    assert_eq!(
        lines[0],
        format!("queens: profile n=15: started: {units} units, progress in estimated work")
    );
    let percents: Vec<f64> = lines[1..lines.len() - 1]
        .iter()
        .map(|l| heartbeat_percent(l, 15, units).unwrap_or_else(|| panic!("{l:?}")))
        .collect();
    assert!(!percents.is_empty(), "{err}");
    assert!(percents.windows(2).all(|w| w[0] <= w[1]), "{percents:?}");
    assert!(percents.iter().all(|&p| (0.0..=100.0).contains(&p)));
    let finish = lines.last().unwrap();
    assert!(
        finish.starts_with("queens: profile n=15: finished after ")
            && finish.ends_with(&format!(": {units}/{units} units, 2279184 boards")),
        "{finish}"
    );
    // The profile itself is unchanged by the reporting.
    let text = String::from_utf8(out.stdout).unwrap();
    assert_has(&text, "   15    2279184    2279184");
    assert!(text.contains("verified: yes (sum A319283, last depth A000170)"));
}

// ---------------------------------------------------------------- classify: progress on a pipe

/// Runs `classify ARGS` with boards written into its stdin one at a time, 40 ms apart (30 of
/// them), heartbeat every 100 ms; returns its stderr lines.
fn classify_slowly(args: &[&str]) -> Vec<String> {
    let mut all = vec!["classify"];
    all.extend(args);
    let mut run = Running::spawn(&all, &[("QUEENS_HEARTBEAT_MS", "100")], Stdio::piped());
    let mut stdin = run.child.stdin.take().unwrap();
    for _ in 0..30 {
        stdin.write_all(b"0 4 7 5 2 6 1 3\n").unwrap();
        stdin.flush().unwrap();
        thread::sleep(Duration::from_millis(40));
    }
    drop(stdin);
    let (code, out, err) = run.finish();
    assert_eq!(code, Some(0), "{err:?}");
    assert_eq!(out.len(), 31, "{out:?}"); // the heading and the 30 boards
    err
}

/// Whether `text` is `1,234 boards read, 5,678/s, 3 s elapsed`.
fn is_count_text(text: &str) -> bool {
    let grouped = |s: &str| {
        let groups: Vec<&str> = s.split(',').collect();
        groups.iter().all(|g| g.chars().all(|c| c.is_ascii_digit()))
            && (1..=3).contains(&groups[0].len())
            && groups[1..].iter().all(|g| g.len() == 3)
    };
    let parts: Vec<&str> = text.split(", ").collect();
    parts.len() == 3
        && parts[0].strip_suffix(" boards read").is_some_and(grouped)
        && parts[1].strip_suffix("/s").is_some_and(grouped)
        && parts[2].strip_suffix(" s elapsed").is_some_and(grouped)
}

#[test]
fn classify_from_a_slow_pipe_logs_a_count_of_boards_read() {
    let err = classify_slowly(&[]);
    let start = err[0]
        .strip_prefix("queens: classify: started: reading stdin (no total to measure against): ")
        .unwrap_or_else(|| panic!("{err:?}"));
    assert!(is_count_text(start), "{start}");
    let beats: Vec<&String> = err[1..]
        .iter()
        .take_while(|l| !l.contains("finished"))
        .collect();
    assert!(!beats.is_empty(), "{err:?}");
    for beat in &beats {
        let text = beat.strip_prefix("queens: classify: ").unwrap();
        assert!(is_count_text(text), "{beat}");
    }
    let finish = &err[beats.len() + 1];
    assert!(
        finish.starts_with("queens: classify: finished after ")
            && finish.ends_with(" s: 30 boards read"),
        "{err:?}"
    );
    assert_eq!(
        err[beats.len() + 2..],
        ["queens: 30 boards, 1 class (1 asymmetric)"]
    );
}

#[test]
fn quiet_silences_the_count_and_a_quick_pipe_stays_silent() {
    assert!(classify_slowly(&["--quiet"]).is_empty());
    let boards = stdout_of(&["list", "8"]);
    let out = queens_plain()
        .arg("classify")
        .write_stdin(boards)
        .succeeds();
    assert_eq!(
        String::from_utf8(out.stderr).unwrap(),
        "queens: 92 boards, 12 classes (11 asymmetric, 1 half_turn)\n"
    );
}

#[test]
fn a_large_file_read_to_its_end_logs_every_mib_done() {
    // 9 MiB and a bit of boards: 10 units of one MiB, the last one partial, all done.
    let d = dir();
    let big = d.path().join("boards.txt");
    let line = "0 4 7 5 2 6 1 3\n";
    let lines = (9 << 20) / line.len() + 100;
    fs::write(&big, line.repeat(lines)).unwrap();
    // A heartbeat of 1 ms: the start line comes after 1 ms instead of 2 s.
    let out = queens_plain()
        .args(["classify", path_str(&big), "--format", "csv", "-o"])
        .arg(d.path().join("out.csv"))
        .env("QUEENS_HEARTBEAT_MS", "1")
        .exits(0);
    let err = String::from_utf8_lossy(&out.stderr);
    let lines_of_err: Vec<&str> = err.lines().collect();
    assert_eq!(
        lines_of_err.first(),
        Some(&"queens: classify (MiB read): started: 10 units"),
        "{err}"
    );
    let finish = lines_of_err
        .iter()
        .find(|l| l.contains("classify (MiB read): finished after"))
        .unwrap_or_else(|| panic!("no finish line: {err}"));
    assert!(
        finish.ends_with(&format!(": 10/10 units, {lines} boards")),
        "{finish}"
    );
}

/// The estimated nodes (the default plan's [`queens::plan::Plan::estimated_work`], summed)
/// that no kernel counts within a heartbeat of 1 ms: a hundred million, about 0.15 s for the
/// AVX-512 kernel on one Zen 4 core (n = 16), a hundred times the heartbeat.
const LASTING_NODES: u64 = 100_000_000;

/// The smallest board size whose count on one thread lasts past a heartbeat of 1 ms on any
/// machine, by the plan's own estimate ([`LASTING_NODES`]), not by a timing of this machine.
fn lasting_size() -> usize {
    (12..=20)
        .find(|&n| {
            let plan = build(n, Engine::Symmetric);
            (0..plan.unit_count())
                .map(|id| plan.estimated_work(id))
                .sum::<u64>()
                >= LASTING_NODES
        })
        .expect("a size of that much work")
}

#[test]
fn a_log_gets_a_start_and_a_finish_line_once_a_size_lasts_and_quiet_gets_nothing() {
    let n = lasting_size();
    let size = n.to_string();
    let units = build(n, Engine::Symmetric).unit_count();
    let boards = queens::verify::lookup(n).unwrap().total.unwrap();
    // A heartbeat of 1 ms: the start line comes after 1 ms (or 2 s without the variable).
    let o = process::queens_plain()
        .args(["count", &size, "--threads", "1"])
        .env("QUEENS_HEARTBEAT_MS", "1")
        .succeeds();
    let err = String::from_utf8_lossy(&o.stderr);
    let lines: Vec<&str> = err.lines().collect();
    assert_eq!(
        lines[0],
        format!("queens: n={n}: started: {units} units, progress in estimated work")
    );
    let last = lines.last().unwrap();
    assert!(
        last.starts_with(&format!("queens: n={n}: finished after "))
            && last.ends_with(&format!(" s: {units}/{units} units, {boards} boards")),
        "{last}"
    );
    let o = process::queens_plain()
        .args(["count", &size, "--threads", "1", "-q"])
        .env("QUEENS_HEARTBEAT_MS", "1")
        .succeeds();
    assert!(o.stderr.is_empty());
}

#[test]
fn sizes_done_within_two_seconds_write_no_progress_lines() {
    // Without QUEENS_HEARTBEAT_MS a start line waits 2 s: n = 1 to 12 take milliseconds each.
    let o = process::queens_plain()
        .args(["count", "1-12", "--threads", "1"])
        .env_remove("QUEENS_HEARTBEAT_MS")
        .succeeds();
    assert_eq!(String::from_utf8_lossy(&o.stderr), "");
    let out = String::from_utf8(o.stdout).unwrap();
    assert_eq!(out.lines().count(), 14, "{out}"); // heading, 12 rows, the footer
    assert_has(&out, "\n12  14200 ");
}

#[test]
fn a_list_written_to_its_end_says_finished_with_every_unit_and_board() {
    let d = dir();
    let file = d.path().join("l15.txt");
    let o = process::queens_plain()
        .args(["list", "15", "-o", path_str(&file)])
        .env("QUEENS_HEARTBEAT_MS", "1")
        .succeeds();
    assert_eq!(fs::read_to_string(&file).unwrap().lines().count(), 2279184);
    let err = String::from_utf8_lossy(&o.stderr);
    // 2,279,184 boards in units of 65,536: 34 whole units and a last partial one.
    let label = "queens: list n=15 (units of 65536 boards)";
    assert_eq!(
        err.lines().next(),
        Some(&*format!("{label}: started: 35 units"))
    );
    let last = err.lines().last().unwrap();
    assert!(
        last.starts_with(&format!("{label}: finished after "))
            && last.ends_with(" s: 35/35 units, 2279184 boards"),
        "{err}"
    );
    assert!(!err.contains("stopped"), "{err}");
}

#[test]
fn a_list_of_classes_reports_classes() {
    let d = dir();
    let file = d.path().join("c16.txt");
    let o = process::queens_plain()
        .args(["list", "16", "--classes", "-o", path_str(&file)])
        .env("QUEENS_HEARTBEAT_MS", "1")
        .succeeds();
    assert_eq!(fs::read_to_string(&file).unwrap().lines().count(), 1846955); // A002562(16)
    let err = String::from_utf8_lossy(&o.stderr);
    let label = "queens: list n=16 (units of 65536 classes)";
    assert_eq!(
        err.lines().next(),
        Some(&*format!("{label}: started: 29 units"))
    );
    let last = err.lines().last().unwrap();
    assert!(
        last.starts_with(&format!("{label}: finished after "))
            && last.ends_with(" s: 29/29 units, 1846955 classes"),
        "{err}"
    );
    assert!(!err.contains("board"), "{err}");
}

/// Parses `queens: n=15: 12.5% done, 3/40 units, …` into the percentage and the units done.
fn count_heartbeat(line: &str, label: &str, units: usize) -> Option<(f64, usize)> {
    let rest = line.strip_prefix(&format!("queens: {label}: "))?;
    let (percent, rest) = rest.split_once("% done, ")?;
    let (done, _) = rest.split_once(&format!("/{units} units, "))?;
    Some((percent.parse().ok()?, done.parse().ok()?))
}

#[test]
fn units_and_percentages_never_go_backwards_with_many_threads() {
    // Units finish on 8 threads at once, a heartbeat every millisecond reads them.
    for (args, label, units) in [
        (
            ["count", "15", "--threads", "8"],
            "n=15",
            build(15, Engine::Symmetric).unit_count(),
        ),
        (
            ["profile", "13", "--threads", "8"],
            "profile n=13",
            plain_units(13).len(),
        ),
    ] {
        let o = process::queens_plain()
            .args(args)
            .env("QUEENS_HEARTBEAT_MS", "1")
            .succeeds();
        let err = String::from_utf8_lossy(&o.stderr);
        let beats: Vec<(f64, usize)> = err
            .lines()
            .filter_map(|l| count_heartbeat(l, label, units))
            .collect();
        assert!(
            beats
                .windows(2)
                .all(|w| w[0].0 <= w[1].0 && w[0].1 <= w[1].1),
            "{args:?}: {beats:?}"
        );
        assert!(beats.iter().all(|&(p, u)| p <= 100.0 && u <= units));
        let last = err.lines().last().unwrap();
        assert!(
            last.ends_with(&format!(" s: {units}/{units} units, {} boards", {
                if label == "n=15" { 2279184 } else { 73712 }
            })) && last.contains(": finished after "),
            "{err}"
        );
    }
}
