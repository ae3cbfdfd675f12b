//! The gaps of issue 12, through the real binary: `profile`'s progress in estimated work, its
//! clean stop on SIGINT/SIGTERM and its thread cap; `classify`'s count-only progress when it
//! reads a pipe; `classify --format NOTATION`; and `classify`'s stop on input that is not
//! boards. Nothing here measures time: slow producers and the `QUEENS_HEARTBEAT_MS` knob make
//! the heartbeat come without waiting 10 s.

use crate::common::{csv_records, dir, fails_with, path_str, queens_plain, stdout_of};
use crate::running::Running;
use queens::search::profile::plain_units;
use std::fs;
use std::io::Write;
use std::path::Path;
use std::process::Stdio;
use std::thread;
use std::time::Duration;

/// The files of a directory, by name.
fn names_in(d: &Path) -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(d)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

// ---------------------------------------------------------------- profile: stop, progress, cap

#[test]
fn profile_stops_cleanly_on_sigint_and_writes_only_the_finished_sizes() {
    let d = dir();
    let csv = d.path().join("p.csv");
    let mut run = Running::spawn(
        &["profile", "8,16", "--threads", "1", "--csv", path_str(&csv)],
        &[],
        Stdio::null(),
    );
    let units = plain_units(16).len();
    let start = run.wait_err("queens: profile n=16: started: ");
    assert_eq!(
        start,
        format!("queens: profile n=16: started: {units} units, progress in estimated work")
    );
    run.signal("INT");
    let (code, out, err) = run.finish();
    assert_eq!(code, Some(1), "{err:?}");
    assert!(err.contains(
        &"queens: SIGINT: stopping after the units in flight; Ctrl-C again to stop now".into()
    ));
    assert!(
        err.iter()
            .any(|l| l.starts_with("queens: profile n=16: stopped after ")),
        "{err:?}"
    );
    let last = err.last().unwrap();
    let prefix = "queens: error: stopped by SIGINT during n = 16: ";
    let rest = last
        .strip_prefix(prefix)
        .unwrap_or_else(|| panic!("{last}"));
    let done: usize = rest.split(' ').next().unwrap().parse().unwrap();
    assert!(done < units, "{last}");
    assert!(
        rest.ends_with(&format!(
            " of {units} units of its profile were done, and a part of a profile is not a \
             profile, so none is written for n = 16; the profile of n = 8 is written (also \
             to '{}')",
            csv.display()
        )),
        "{last}"
    );
    // Only the finished size is on stdout and in the CSV: A319284 for n = 8.
    let out = out.join("\n");
    assert!(out.starts_with("n = 8, engine enumerate"), "{out}");
    assert!(out.contains("total   2057"), "{out}");
    assert!(!out.contains("n = 16"), "{out}");
    let (_, records) = csv_records(&fs::read_to_string(&csv).unwrap());
    let nodes: Vec<&str> = records.iter().map(|r| r[3].as_str()).collect();
    assert_eq!(
        nodes,
        ["1", "8", "42", "140", "344", "568", "550", "312", "92"]
    );
    assert!(records.iter().all(|r| r[0] == "8"));
    assert_eq!(names_in(d.path()), ["p.csv"]);
}

#[test]
fn a_second_sigterm_ends_profile_at_once_and_writes_nothing() {
    let d = dir();
    let csv = d.path().join("p.csv");
    // n = 20 on one thread: each unit takes seconds, so once the first unit runs (the first
    // heartbeat, 300 ms after the start, says the run is under way) the first signal cannot
    // end the run before the second one comes; then the run is gone within a second.
    let mut run = Running::spawn(
        &["profile", "20", "--threads", "1", "--csv", path_str(&csv)],
        &[("QUEENS_HEARTBEAT_MS", "300")],
        Stdio::null(),
    );
    let units = plain_units(20).len();
    run.wait_err("queens: profile n=20: started: ");
    run.wait_err(&format!("% done, 0/{units} units, "));
    run.signal("TERM");
    run.wait_err("queens: SIGTERM: stopping after the units in flight; send it again to stop now");
    run.signal("TERM");
    let (code, out, err) = run.finish();
    assert_eq!(code, Some(143), "{err:?}");
    assert!(out.is_empty(), "{out:?}");
    assert_eq!(
        err.last().unwrap(),
        &format!(
            "queens: stopped by a second SIGTERM: 0 of {units} units of the profile of n = 20 \
             were done; no size was finished"
        )
    );
    assert!(names_in(d.path()).is_empty(), "{:?}", names_in(d.path()));
}

#[test]
fn a_stop_during_the_symmetric_profile_prints_no_profile() {
    let mut run = Running::spawn(
        &["profile", "16", "--engine", "symmetric", "--threads", "1"],
        &[],
        Stdio::null(),
    );
    run.wait_err("queens: profile n=16: started: ");
    run.signal("INT");
    let (code, out, err) = run.finish();
    // A run that finished before the signal arrived would exit 0 and print its table.
    assert_eq!(code, Some(1), "{err:?}");
    assert!(out.is_empty(), "{out:?}");
    let last = err.last().unwrap();
    assert!(
        last.starts_with("queens: error: stopped by SIGINT during n = 16: ")
            && last.ends_with("so none is written for n = 16; no size was finished"),
        "{last}"
    );
}

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
    let units = plain_units(15).len();
    let out = queens_plain()
        .args(["profile", "15", "--threads", "1"])
        .env("QUEENS_HEARTBEAT_MS", "100")
        .output()
        .unwrap();
    assert!(out.status.success());
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
    assert!(text.contains("   15    2279184    2279184"), "{text}");
    assert!(text.contains("verified: yes (sum A319283, last depth A000170)"));
}

#[test]
fn profile_threads_are_capped_as_counts_are() {
    let cap = (4 * std::thread::available_parallelism().map_or(1, |n| n.get())).clamp(1, 1024);
    let out = queens_plain()
        .args(["--quiet", "profile", "8", "--threads", "60000"])
        .output()
        .unwrap();
    assert!(out.status.success());
    assert_eq!(
        String::from_utf8(out.stderr).unwrap(),
        format!("queens: --threads 60000 capped at {cap} (4 per core, at most 1024)\n")
    );
    assert!(
        String::from_utf8(out.stdout)
            .unwrap()
            .contains("total   2057")
    );
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
        .output()
        .unwrap();
    assert!(out.status.success());
    assert_eq!(
        String::from_utf8(out.stderr).unwrap(),
        "queens: 92 boards, 12 classes (11 asymmetric, 1 half_turn)\n"
    );
}

// ---------------------------------------------------------------- classify --format NOTATION

#[test]
fn classify_format_takes_the_notations_as_shorthand_for_the_table() {
    let d = dir();
    let file = d.path().join("boards.txt");
    fs::write(&file, stdout_of(&["list", "8"])).unwrap();
    let f = path_str(&file);
    for (notation, first) in [
        ("cols", "0 4 7 5 2 6 1 3"),
        ("cols1", "1 5 8 6 3 7 2 4"),
        ("digits", "15863724"),
        ("algebraic", "a8 b2 c4 d1 e7 f5 g3 h6"),
        (
            "leetcode",
            r#"["Q.......","....Q...",".......Q",".....Q..","..Q.....","......Q.",".Q......","...Q...."]"#,
        ),
    ] {
        let short = stdout_of(&["classify", f, "--format", notation]);
        let long = stdout_of(&["classify", f, "--format", "human", "--notation", notation]);
        assert_eq!(short, long, "{notation}");
        let same = stdout_of(&["classify", f, "--format", notation, "--notation", notation]);
        assert_eq!(short, same, "{notation}");
        let lines: Vec<&str> = short.lines().collect();
        assert_eq!(lines.len(), 93, "{notation}");
        assert!(lines[0].starts_with("line  board"), "{notation}");
        assert!(
            lines[1].starts_with(&format!("   1  {first}  ")),
            "{notation}: {}",
            lines[1]
        );
    }
    // --notation still combines with csv.
    let (_, rows) = csv_records(&stdout_of(&[
        "classify",
        f,
        "--format",
        "csv",
        "--notation",
        "cols1",
    ]));
    assert_eq!(rows[0][2], "1 5 8 6 3 7 2 4");
    fails_with(
        &[
            "classify",
            f,
            "--format",
            "cols1",
            "--notation",
            "algebraic",
        ],
        2,
        "--format cols1 already writes the boards in cols1, and --notation asks for algebraic: \
         give one of them (--format algebraic, or --format human --notation algebraic)",
    );
    let help = stdout_of(&["classify", "--help"]);
    assert!(
        help.contains("--format cols1` = `--format human --notation cols1"),
        "{help}"
    );
}

// ---------------------------------------------------------------- classify: not boards

/// A file that starts as an ELF executable does: magic, NUL bytes, then binary.
fn elf_like() -> Vec<u8> {
    let mut bytes = b"\x7fELF\x02\x01\x01\0\0\0\0\0\0\0\0\0\x03\0>\0\x01\0\0\0".to_vec();
    // Then pseudo-random bytes, with a line end now and then.
    let mut x: u32 = 12345;
    for _ in 0..20_000 {
        x = x.wrapping_mul(1_103_515_245).wrapping_add(12345);
        bytes.push((x >> 16) as u8);
    }
    bytes
}

#[test]
fn a_binary_file_is_not_boards_one_message_exit_2_and_no_output_file() {
    let d = dir();
    let bin = d.path().join("a.out");
    fs::write(&bin, elf_like()).unwrap();
    // Invalid UTF-8 without a NUL byte, and a UTF-16 text.
    let latin = d.path().join("latin1.txt");
    fs::write(&latin, b"0 4 7 5 2 6 1 3 caf\xe9\n").unwrap();
    let utf16 = d.path().join("utf16.txt");
    let mut wide = vec![0xff, 0xfe];
    wide.extend(
        "0 4 7 5 2 6 1 3\n"
            .encode_utf16()
            .flat_map(u16::to_le_bytes),
    );
    fs::write(&utf16, wide).unwrap();
    for path in [&bin, &latin, &utf16] {
        fails_with(
            &["classify", path_str(path)],
            2,
            &format!(
                "queens: error: '{}' is not a file of boards (it is not UTF-8 text); see --from \
                 for the notations read",
                path.display()
            ),
        );
    }
    let out = d.path().join("out.txt");
    fails_with(
        &["classify", path_str(&bin), "-o", path_str(&out)],
        2,
        "is not a file of boards",
    );
    assert!(!out.exists());
    // The same bytes on stdin.
    let run = queens_plain()
        .args(["classify", "--format", "csv"])
        .write_stdin(elf_like())
        .output()
        .unwrap();
    assert_eq!(run.status.code(), Some(2));
    assert!(run.stdout.is_empty());
    assert_eq!(
        String::from_utf8(run.stderr).unwrap(),
        "queens: error: stdin is not a file of boards (it is not UTF-8 text); see --from for the \
         notations read\n"
    );
}

#[test]
fn text_without_a_board_in_its_first_lines_stops_after_five_bad_lines() {
    let d = dir();
    let file = d.path().join("notes.txt");
    let mut text = "# shopping\n\n".to_string();
    for i in 0..40 {
        text.push_str(&format!("buy {i} apples\n"));
    }
    text.push_str("0 4 7 5 2 6 1 3\n"); // too late to count
    fs::write(&file, text).unwrap();
    let out = queens_plain()
        .args(["classify", path_str(&file)])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    let err = String::from_utf8(out.stderr).unwrap();
    let lines: Vec<&str> = err.lines().collect();
    assert_eq!(lines.len(), 6, "{err}");
    for (i, line) in lines[..5].iter().enumerate() {
        assert!(
            line.starts_with(&format!("queens: line {}: ", i + 3)),
            "{line}"
        );
    }
    assert_eq!(
        lines[5],
        format!(
            "queens: error: '{}' is not a file of boards (none of its first 5 lines that hold \
             anything reads as a board); see --from for the notations read",
            file.display()
        )
    );
}

#[test]
fn a_file_with_good_and_bad_lines_is_still_read_to_its_end() {
    let d = dir();
    let file = d.path().join("mixed.txt");
    // Latin-1 in a comment is skipped as any comment is.
    let mut bytes = b"# caf\xe9\n".to_vec();
    bytes.extend_from_slice(
        b"hello\nhello\nhello\nhello\n7 1 3 0 6 4 2 5\nhello\nhello\nhello\nhello\nhello\n0 0\n",
    );
    fs::write(&file, bytes).unwrap();
    let out = queens_plain()
        .args(["classify", path_str(&file)])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert_eq!(stdout.lines().count(), 2, "{stdout}");
    assert!(
        stdout.contains("   6  7 1 3 0 6 4 2 5  0 4 7 5 2 6 1 3"),
        "{stdout}"
    );
    let err = String::from_utf8(out.stderr).unwrap();
    for line in [2, 3, 4, 5, 7, 8, 9, 10, 11, 12] {
        assert!(
            err.contains(&format!("queens: line {line}: ")),
            "{line}: {err}"
        );
    }
    assert!(
        err.ends_with("queens: error: 10 of 11 lines are not valid solutions (reported above)\n"),
        "{err}"
    );
}

#[test]
fn a_large_binary_file_gets_its_one_message_and_no_progress_lines() {
    // Files of 8 MiB or more show progress in MiB read; input that is not boards must still
    // end with one message and nothing else on stderr.
    let d = dir();
    let big = d.path().join("big.bin");
    let mut bytes = elf_like();
    bytes.resize(9 << 20, 0);
    fs::write(&big, bytes).unwrap();
    let out = queens_plain()
        .args(["classify", path_str(&big)])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        format!(
            "queens: error: '{}' is not a file of boards (it is not UTF-8 text); see --from for \
             the notations read\n",
            big.display()
        )
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
    let out = queens_plain()
        .args(["classify", path_str(&big), "--format", "csv", "-o"])
        .arg(d.path().join("out.csv"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
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

#[test]
fn an_output_notation_that_cannot_write_a_board_names_the_option_given() {
    let eleven = "0 2 4 6 8 10 1 3 5 7 9\n";
    for option in ["--format", "--notation"] {
        let out = queens_plain()
            .args(["classify", "-q", option, "digits"])
            .write_stdin(eleven)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2));
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            err.starts_with(&format!(
                "queens: error: {option} digits: line 1: the digits notation is for n ≤ 9"
            )),
            "{err}"
        );
    }
}
