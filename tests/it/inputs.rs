//! Input that is not what it should be, through the real binary: endless inputs failing fast
//! (an endless line into `classify`, from a FIFO or stdin), endless inputs that are valid
//! (blank lines into `classify`, rows into `merge`) saying how far they got, binary files and text without boards given up with one message, files of good and bad
//! lines read to their end, tables of copies refused as they are met, forged totals that would
//! wrap refused.

use crate::common::Succeeds;
use crate::common::assert_has;
use crate::common::file_with;
use crate::common::process::run_ok;
use crate::common::process::run_refused;
use crate::common::process::{mkfifo, peak_kib, queens, refused, run, sh};
use crate::common::queens_plain;
use crate::common::{dir, fails_with, path_str, stdout_of};
use crate::running::Running;
use std::fs;
use std::io::Write;
use std::path::Path;
use std::process::{Output, Stdio};
use std::thread;
use std::time::{Duration, Instant};

// --- bounded inputs ------------------------------------------------------------------------

#[test]
fn endless_inputs_fail_fast_saying_why() {
    let d = dir();
    let fifo = mkfifo(d.path(), "zeros");
    // An endless writer, as /dev/zero is; it ends when the reader goes.
    let writer = thread::spawn(move || {
        let mut f = fs::OpenOptions::new().write(true).open(fifo).unwrap();
        let block = [0u8; 1 << 16];
        while f.write_all(&block).is_ok() {}
    });
    let started = Instant::now();
    run_refused(
        &["plot", "zeros", "-o", "p.svg"],
        d.path(),
        2,
        "line 1 of 'zeros' is longer than 1 MiB: not a queens file",
    );
    writer.join().unwrap();
    // Measured: 2.3 s on a loaded 2-core machine (with a Python writer; under 0.1 s alone); the
    // limit is over ten times that. Without the 1 MiB line limit the run would never end.
    assert!(started.elapsed() < Duration::from_secs(60));
    fs::write(d.path().join("zero.csv"), vec![0u8; 2 << 20]).unwrap();
    run_refused(
        &["count", "6", "--known", "zero.csv"],
        d.path(),
        2,
        "line 1 of 'zero.csv' is longer than 1 MiB: not a queens file",
    );
    run_refused(
        &["count", "6", "--checkpoint", "zero.csv"],
        d.path(),
        2,
        "is longer than 1 MiB: not a queens file",
    );
    assert!(sh("mkfifo ckpt", d.path()));
    run_refused(
        &["count", "6", "--checkpoint", "ckpt"],
        d.path(),
        2,
        "not a regular file",
    );
}

/// Writes `block` into `sink` until the reader goes (the write fails: the test harness
/// ignores SIGPIPE), as `yes` or `/dev/zero` would.
fn write_forever(mut sink: impl Write, block: &[u8]) {
    while sink.write_all(block).is_ok() {}
}

/// An endless line of text (no line end ever: a `1` and a space over and over).
const ENDLESS_LINE: &[u8] = b"1 ";

#[test]
fn classify_stops_an_endless_line_from_a_fifo_saying_so() {
    let d = dir();
    let fifo = mkfifo(d.path(), "line");
    let block = ENDLESS_LINE.repeat(1 << 15);
    let writer = thread::spawn(move || {
        let f = fs::OpenOptions::new().write(true).open(fifo).unwrap();
        write_forever(f, &block);
    });
    let o = run(&["classify", "line", "-o", "out.txt"], d.path());
    // It read on forever, at constant memory, saying nothing.
    refused(
        &o,
        2,
        "queens: error: line 1 of 'line' is longer than 1 MiB: not a file of boards (no board \
         in any notation comes near that)",
    );
    writer.join().unwrap();
    assert!(!d.path().join("out.txt").exists());
}

#[test]
fn classify_stops_an_endless_line_on_stdin_after_the_boards_before_it() {
    let mut child = queens()
        .args(["classify", "--format", "csv"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let writer = thread::spawn(move || {
        // Two good boards, then a line that never ends.
        if stdin.write_all(b"0 4 7 5 2 6 1 3\n\n2 0 3 1\n").is_ok() {
            write_forever(stdin, &ENDLESS_LINE.repeat(1 << 15));
        }
    });
    let o = child.wait_with_output().unwrap();
    writer.join().unwrap();
    refused(
        &o,
        2,
        "queens: error: line 4 of stdin is longer than 1 MiB: not a file of boards",
    );
    // Straight through stdout: the boards before it were written as they were read.
    let out = String::from_utf8(o.stdout).unwrap();
    assert_eq!(
        out.lines()
            .skip(1)
            .map(|l| l.split(',').next().unwrap())
            .collect::<Vec<_>>(),
        ["1", "3"],
        "{out}"
    );
}

/// Waits for the heartbeat of `run` (a log, not a terminal) naming `what`, then kills it.
fn heartbeat_of(mut run: Running, label: &str, what: &str) -> (String, String) {
    let start = run.wait_err(&format!(
        "queens: {label}: started: reading stdin (no total to measure against): "
    ));
    let beat = run.wait_err(&format!("queens: {label}: "));
    assert!(beat.contains(what) && beat.ends_with(" elapsed"), "{beat}");
    run.signal("KILL");
    run.finish();
    (start, beat)
}

#[test]
fn classify_reading_endless_blank_lines_shows_its_heartbeat() {
    // Without it a pipe of blank lines was read forever without a word: the count only
    // started with the first board.
    let mut run = Running::spawn(
        &["classify"],
        &[("QUEENS_HEARTBEAT_MS", "100")],
        Stdio::piped(),
    );
    let stdin = run.child.stdin.take().unwrap();
    let writer = thread::spawn(move || write_forever(stdin, &[b'\n'; 1 << 16]));
    let (start, beat) = heartbeat_of(run, "classify", "0 boards read, 0/s, ");
    assert!(start.ends_with(" elapsed"), "{start}");
    assert!(
        beat.starts_with("queens: classify: 0 boards read, 0/s, "),
        "{beat}"
    );
    writer.join().unwrap();
}

#[test]
fn quiet_silences_the_heartbeat_of_blank_lines() {
    // Blank lines for at least a second, in 20 pieces 50 ms apart (each far longer than the
    // heartbeat): a log gets its lines, --quiet gets nothing.
    let slowly = |args: &[&str]| {
        let mut run = Running::spawn(args, &[("QUEENS_HEARTBEAT_MS", "10")], Stdio::piped());
        let mut stdin = run.child.stdin.take().unwrap();
        for _ in 0..20 {
            stdin.write_all(&[b'\n'; 1000]).unwrap();
            stdin.flush().unwrap();
            thread::sleep(Duration::from_millis(50));
        }
        drop(stdin);
        let (code, out, err) = run.finish();
        assert_eq!(code, Some(0), "{err:?}");
        assert!(out.is_empty(), "{out:?}");
        err
    };
    let err = slowly(&["classify"]);
    assert!(
        err[0].starts_with("queens: classify: started: reading stdin"),
        "{err:?}"
    );
    assert!(
        err.contains(&"queens: no boards in the input".to_string()),
        "{err:?}"
    );
    assert!(slowly(&["--quiet", "classify"]).is_empty());
}

#[test]
fn merge_of_endless_valid_rows_shows_its_heartbeat() {
    let d = dir();
    run_ok(&["count", "8", "--part", "0/2", "--csv", "p.csv"], d.path());
    let text = fs::read_to_string(d.path().join("p.csv")).unwrap();
    let (header, row) = text.split_once('\n').unwrap();
    let (header, row) = (format!("{header}\n"), row.to_string());
    let mut run = Running::spawn(
        &["merge", "-"],
        &[("QUEENS_HEARTBEAT_MS", "100")],
        Stdio::piped(),
    );
    let mut stdin = run.child.stdin.take().unwrap();
    let writer = thread::spawn(move || {
        // The same valid row over and over (each copy refused as it is met, so memory stays
        // bounded); the merge never ends, but says how far it got.
        if stdin.write_all(header.as_bytes()).is_ok() {
            write_forever(stdin, row.repeat(100).as_bytes());
        }
    });
    let (_, beat) = heartbeat_of(run, "merge", " lines read, ");
    let read: u64 = beat
        .strip_prefix("queens: merge: ")
        .and_then(|b| b.split(" lines read").next())
        .map(|n| n.replace(',', "").parse().unwrap())
        .unwrap();
    assert!(read > 0, "{beat}");
    writer.join().unwrap();
}

#[test]
fn a_forged_class_total_that_would_wrap_is_refused() {
    let d = dir();
    let text = stdout_of(&["count", "8", "--csv", "-"]);
    let mut lines: Vec<String> = text.lines().map(String::from).collect();
    let mut f: Vec<String> = lines[1].split(',').map(String::from).collect();
    // asymmetric + half_turn wraps to 0 in 128 bits.
    f[2] = "0".to_string();
    f[3] = u128::MAX.to_string();
    f[4] = "1".to_string();
    f[5] = "0".to_string();
    lines[1] = f.join(",");
    fs::write(d.path().join("t.csv"), lines.join("\n") + "\n").unwrap();
    run_refused(
        &["plot", "t.csv", "-o", "p.svg"],
        d.path(),
        2,
        "is not a queens table",
    );
    assert!(!d.path().join("p.svg").exists());
}

#[test]
#[cfg_attr(
    not(queens_host_gnu_time),
    ignore = "measures peak memory with GNU time, which this machine lacks at /usr/bin/time (apt-get install time; .ci/run does)"
)]
fn plot_and_known_refuse_a_table_of_copies_as_they_meet_it() {
    let d = dir();
    run_ok(&["count", "8", "--csv", "t.csv"], d.path());
    let text = fs::read_to_string(d.path().join("t.csv")).unwrap();
    let (header, row) = text.split_once('\n').unwrap();
    fs::write(
        d.path().join("big.csv"),
        format!("{header}\n{}", row.repeat(100_000)),
    )
    .unwrap();
    let (kib, o) = peak_kib(&["plot", "big.csv", "-o", "p.svg"], d.path());
    refused(
        &o,
        2,
        "'big.csv' is not a queens table: more than 130 rows: a queens table holds one row per \
         board size (0 to 64) and engine",
    );
    assert!(!d.path().join("p.svg").exists());
    assert!(kib < 40_000, "plot: {kib} KiB");
    let (kib, o) = peak_kib(&["count", "6", "--known", "big.csv"], d.path());
    refused(&o, 2, "--known file 'big.csv': line 3: n = 8 appears twice");
    assert!(kib < 40_000, "--known: {kib} KiB");
    // A size no board has is no queens row.
    fs::write(
        d.path().join("far.csv"),
        format!("{header}\n{}", row.replacen("8,", "99,", 1)),
    )
    .unwrap();
    refused(
        &run(&["plot", "far.csv", "-o", "p.svg"], d.path()),
        2,
        "line 2: n = 99 is outside 0 to 64",
    );
    // A JSON document of as many rows is refused while it is read.
    run_ok(&["count", "8", "--json", "t.json"], d.path());
    let json = fs::read_to_string(d.path().join("t.json")).unwrap();
    let start = json.find("\"rows\": [").unwrap() + "\"rows\": [".len();
    let end = json.rfind(']').unwrap();
    let one = json[start..end].trim().to_string();
    let many = vec![one; 200].join(",");
    fs::write(
        d.path().join("big.json"),
        format!("{}{many}{}", &json[..start], &json[end..]),
    )
    .unwrap();
    refused(
        &run(&["plot", "big.json", "-o", "p.svg"], d.path()),
        2,
        "more than 130 rows",
    );
}

// ---------------------------------------------------------------- classify: not boards

/// Runs `queens classify FILE` as a user does (progress on).
fn classify(file: &Path) -> Output {
    queens_plain()
        .args(["classify", path_str(file)])
        .output()
        .unwrap()
}

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
    let bin = file_with(d.path(), "a.out", elf_like());
    // Invalid UTF-8 without a NUL byte, and a UTF-16 text.
    let latin = file_with(d.path(), "latin1.txt", b"0 4 7 5 2 6 1 3 caf\xe9\n");
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
        .exits(2);
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
    let out = classify(&file);
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
    let out = classify(&file);
    assert_eq!(out.status.code(), Some(1));
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert_eq!(stdout.lines().count(), 2, "{stdout}");
    assert_has(&stdout, "   6  7 1 3 0 6 4 2 5  0 4 7 5 2 6 1 3");
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
    let out = classify(&big);
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
