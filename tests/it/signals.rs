//! Results that stream and signals that keep what was finished, through the real binary:
//! rows printed as their size finishes, SIGINT/SIGTERM writing the finished rows everywhere
//! and naming the unfinished size (for `count`, `verify` and `profile`), a checkpoint folder
//! for several sizes killed and resumed, the second signal's last words, and the warning
//! before a size that cannot finish.

use crate::common::Succeeds;
use crate::common::assert_has;
use crate::common::file_with;
use crate::common::process::queens_plain;
use crate::common::{build, csv_records, dir, fails_with, path_str};
use crate::running::Running;
use queens::plan::Engine;
use queens::search::kernel::Kernel;
use queens::search::profile::plain_units;
use std::fs;
use std::io::{BufRead, Write};
use std::path::Path;
use std::process::Stdio;
use std::thread;
use std::time::Duration;

/// The line a first signal `signal` writes at once, `again` saying how to stop at once.
fn stopping(signal: &str, again: &str) -> String {
    format!(
        "queens: {signal}: stopping: the units in flight are cut short and not kept, but for \
         their journaled pieces; {again} to stop now"
    )
}

/// What classify's first signal says it does.
const STOPPING_CLASSIFY: &str = "stopping: the rest of the input is not read (the boards \
    classified so far stay on stdout and in what is written straight through; files are left \
    as they were)";

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
        // The start line after 200 ms (2 s without it): well before n = 16 ends.
        &[("QUEENS_HEARTBEAT_MS", "200")],
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
    assert!(err.contains(&stopping("SIGINT", "Ctrl-C again")));
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
    assert_has(&out, "total   2057");
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

/// A pipe for a child's stdout that nobody reads, already full: the child's first write to
/// it blocks for good. (Filled without blocking, then made blocking again for the child.)
fn full_pipe() -> (std::io::PipeReader, std::io::PipeWriter) {
    use rustix::fs::{OFlags, fcntl_getfl, fcntl_setfl};
    let (reader, mut writer) = std::io::pipe().unwrap();
    let flags = fcntl_getfl(&writer).unwrap();
    fcntl_setfl(&writer, flags | OFlags::NONBLOCK).unwrap();
    let chunk = [b'x'; 4096];
    loop {
        match writer.write(&chunk) {
            Ok(_) => {}
            Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => break,
            Err(e) => panic!("filling the pipe: {e}"),
        }
    }
    fcntl_setfl(&writer, flags).unwrap();
    (reader, writer)
}

#[test]
fn a_second_sigterm_ends_a_stop_stuck_on_a_full_stdout_at_once_and_writes_nothing() {
    // A first signal ends a run within a second; a second one is for a stop that cannot end:
    // here its CSV cannot be written, stdout being a full pipe nobody reads. n = 8 is done
    // before n = 20 starts, so the stop has a CSV to write and hangs on it (or is still
    // running when the second signal comes): either way the second signal ends it.
    let d = dir();
    let text = d.path().join("p.txt");
    let (reader, writer) = full_pipe();
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_queens"))
        .args([
            "profile",
            "8,20",
            "--threads",
            "1",
            "--csv",
            "-",
            "-o",
            path_str(&text),
        ])
        // The start line after 300 ms (2 s without it).
        .env("QUEENS_HEARTBEAT_MS", "300")
        .stdin(Stdio::null())
        .stdout(writer)
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let units = plain_units(20).len();
    let mut err = std::io::BufReader::new(child.stderr.take().unwrap()).lines();
    let mut wait_err = |needle: &str| loop {
        let line = err.next().expect("a stderr line").unwrap();
        if line.contains(needle) {
            break;
        }
    };
    let signal = |name: &str| {
        let sent = std::process::Command::new("kill")
            .args([&format!("-{name}"), &child.id().to_string()])
            .status()
            .unwrap();
        assert!(sent.success());
    };
    wait_err("queens: profile n=20: started: ");
    signal("TERM");
    wait_err(&stopping("SIGTERM", "send it again"));
    signal("TERM");
    let last = err.map(Result::unwrap).last().expect("last words");
    assert_eq!(child.wait().unwrap().code(), Some(143), "{last}");
    assert!(
        last.starts_with("queens: stopped by a second SIGTERM: ")
            && last.contains(&format!(
                " of {units} units of the profile of n = 20 were done; "
            )),
        "{last}"
    );
    // The table of -o, written after the CSV, never was; no temporary file is left.
    assert!(names_in(d.path()).is_empty(), "{:?}", names_in(d.path()));
    drop(reader);
}

// ------------------------------------------------------- a stop ends any run within seconds

/// How long a first stop may take in these tests. The searches look at the flag every few
/// milliseconds, so a stop takes well under a second (0.01 to 0.07 s measured on a loaded
/// 2-core machine); the limit is generous for a slower or busier one. Before the searches
/// looked, `count 27` ran on for days.
const STOP_LIMIT: Duration = Duration::from_secs(10);

/// Sends `signal` to `run` and waits for it to exit, at most [`STOP_LIMIT`] (past it, the run
/// is killed and the test fails); returns its exit code and its stdout and stderr lines.
fn stop_within_the_limit(
    mut run: Running,
    signal: &str,
) -> (Option<i32>, Vec<String>, Vec<String>) {
    run.signal(signal);
    let sent = std::time::Instant::now();
    while run.child.try_wait().unwrap().is_none() {
        if sent.elapsed() > STOP_LIMIT {
            run.child.kill().unwrap();
            let (_, _, err) = run.finish();
            panic!("still running {STOP_LIMIT:?} after SIG{signal}: {err:?}");
        }
        thread::sleep(Duration::from_millis(10));
    }
    run.finish()
}

#[test]
fn one_sigterm_ends_profile_32_and_verify_32_two_ways_within_seconds() {
    for args in [
        &["profile", "32", "--threads", "1"][..],
        &["profile", "32", "--engine", "symmetric", "--threads", "1"],
        &["verify", "32", "--two-ways", "--threads", "1", "--yes"],
        &[
            "count",
            "32",
            "--engine",
            "enumerate",
            "--threads",
            "1",
            "--yes",
        ],
        &[
            "count",
            "32",
            "--split",
            "border",
            "--threads",
            "1",
            "--yes",
        ],
    ] {
        let mut run = Running::spawn(args, &[("QUEENS_HEARTBEAT_MS", "100")], Stdio::null());
        // Started: the plan is built and the first unit, which takes hours, runs.
        run.wait_err("n=32: started: ");
        let (code, out, err) = stop_within_the_limit(run, "TERM");
        assert_eq!(code, Some(1), "{args:?}: {err:?}");
        assert!(out.is_empty(), "{args:?}: {out:?}");
        let last = err.last().unwrap();
        assert!(
            last.starts_with("queens: error: stopped by SIGTERM")
                && last.contains(" units of ")
                && last.contains(" were done"),
            "{args:?}: {last}"
        );
    }
}

#[test]
fn one_sigint_ends_the_listing_of_the_units_of_torus_64_within_seconds() {
    // Beyond 32 the torus plan lists its units by walking the search from every start: some
    // 15 s at board 40, many minutes at 64, which used to ignore the first signal throughout.
    let run = Running::spawn(
        &["count", "64", "--board", "torus", "-q", "--threads", "1"],
        &[],
        Stdio::null(),
    );
    // No line comes before the plan is built: a second is well inside the listing.
    thread::sleep(Duration::from_secs(1));
    let (code, out, err) = stop_within_the_limit(run, "INT");
    assert_eq!(code, Some(1), "{err:?}");
    assert!(out.is_empty(), "{out:?}");
    assert!(err.contains(&stopping("SIGINT", "Ctrl-C again")), "{err:?}");
    assert_eq!(
        err.last().unwrap(),
        "queens: error: stopped by SIGINT during n = 64: the units of n = 64 were being \
         listed, none was counted; no size was finished"
    );
}

/// Starts `queens args…` (a search of seconds or more), waits until it surely runs (no line
/// comes before), stops it with one SIGINT within [`STOP_LIMIT`], and checks the exit code
/// and the notice; its stdout and stderr lines.
fn stop_after_a_second(args: &[&str], stopping_words: &str) -> (Vec<String>, Vec<String>) {
    let run = Running::spawn(args, &[], Stdio::null());
    thread::sleep(Duration::from_secs(1));
    let (code, out, err) = stop_within_the_limit(run, "INT");
    assert_eq!(code, Some(1), "{args:?}: {err:?}");
    let notice = format!("queens: SIGINT: stopping: {stopping_words}; Ctrl-C again to stop now");
    assert!(err.contains(&notice), "{args:?}: {err:?}");
    (out, err)
}

#[test]
fn one_sigint_stops_the_counts_of_partial_boards_cleanly() {
    // Used to exit 130 at once, silently: these searches did not watch the flag.
    let counting = "the size being counted is cut short and not kept";
    let (out, err) = stop_after_a_second(&["count", "8,29", "--given", "a1", "-t1"], counting);
    // The finished size's row is written, as a count's.
    assert!(out.iter().any(|l| l.starts_with("8 ")), "{out:?}");
    assert!(!out.iter().any(|l| l.starts_with("29 ")), "{out:?}");
    assert_eq!(
        err.last().unwrap(),
        "queens: error: stopped by SIGINT during n = 29: its completions were being counted; \
         the rows for n = 8 are written"
    );
    let checking = "the size being checked is cut short and not kept";
    let (out, err) = stop_after_a_second(&["verify", "22", "--given", "a22", "-t1"], checking);
    assert!(out.is_empty(), "{out:?}");
    assert!(
        err.last()
            .unwrap()
            .starts_with("queens: error: stopped by SIGINT during n = 22: "),
        "{err:?}"
    );
}

#[test]
fn one_sigint_stops_a_list_and_names_the_boards_written() {
    for args in [
        &["list", "18", "--limit", "100000000", "-q"][..],
        &["list", "17", "--classes", "-q"],
        &["list", "23", "--board", "torus", "--classes", "-q"],
        &["list", "29", "--given", "a29 b27", "-q"],
    ] {
        let what = if args.contains(&"--classes") {
            "classes"
        } else {
            "boards"
        };
        let kept = format!("the {what} listed so far are kept");
        let (out, err) = stop_after_a_second(args, &kept);
        let last = err.last().unwrap();
        let told = format!(
            " {} {what} are written to stdout (the list is cut short)",
            out.len()
        );
        assert!(
            last.starts_with(&format!(
                "queens: error: stopped by SIGINT during the list of n = {}: the first",
                args[1]
            )) && last.ends_with(&told),
            "{args:?}: {last} ({} lines out)",
            out.len()
        );
    }
}

#[test]
fn a_stop_during_the_symmetric_profile_prints_no_profile() {
    let mut run = Running::spawn(
        &["profile", "16", "--engine", "symmetric", "--threads", "1"],
        // The start line after 200 ms (2 s without it): well before n = 16 ends.
        &[("QUEENS_HEARTBEAT_MS", "200")],
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

/// Starts `queens args…` (no `--quiet` added), stdin inherited.
fn spawn(args: &[&str]) -> Running {
    Running::spawn(args, &[], Stdio::inherit())
}

/// `count 27 --threads 1 flags… --checkpoint ckpt`: a size that cannot finish (years), started.
fn spawn_27(flags: &[&str], ckpt: &Path) -> Running {
    let mut args = vec!["count", "27", "--threads", "1"];
    args.extend(flags);
    args.extend(["--checkpoint", path_str(ckpt)]);
    spawn(&args)
}

/// A size whose symmetric count takes seconds on one thread on the kernel `auto` runs (the
/// vector kernels, where the CPU has them, are 4 to 15 times as fast as the scalar one), as in
/// the checkpoint tests of `checkpoints`.
fn long_symmetric_n() -> usize {
    if queens::KernelChoice::Auto.resolve().unwrap() == Kernel::Scalar {
        17
    } else {
        18
    }
}

/// Counts the sizes `ns` with the plain engine on one thread, all columns, quiet, the rows
/// also to the CSV file `csv`.
fn enumerate_rows(ns: &str, csv: &Path) -> Running {
    spawn(&[
        "count",
        ns,
        "--engine",
        "enumerate",
        "--threads",
        "1",
        "--csv",
        path_str(csv),
        "--columns",
        "all",
        "-q",
    ])
}

#[test]
fn rows_stream_and_a_sigint_writes_the_finished_rows_to_every_output() {
    let d = dir();
    let csv = d.path().join("r.csv");
    // n = 20 with the plain engine takes hours on one thread: it is never done when the
    // signal comes, and its units are small, so the run stops soon after it.
    let mut run = enumerate_rows("8,10", &csv);
    // Both rows, then the process ends: the plain case first.
    let header = run.next_out();
    assert!(header.starts_with(" n  total  classes"), "{header:?}");
    assert!(run.next_out().starts_with(" 8     92       12"));
    let (code, rest, _) = run.finish();
    assert_eq!(code, Some(0));
    assert!(rest[0].starts_with("10    724       92"), "{rest:?}");

    let mut run = enumerate_rows("8,10,20", &csv);
    let header = run.next_out();
    // The rows of n = 8 and 10 arrive while n = 20 runs.
    let line8 = run.next_out();
    let row8: Vec<&str> = line8.split_whitespace().collect();
    assert_eq!(&row8[..7], ["8", "92", "12", "11", "1", "0", "2057"]);
    let line10 = run.next_out();
    assert!(line10.starts_with("10 "), "{line10}");
    // Aligned for the sizes to come: the numbers end where their headings end, the text
    // columns start where theirs start.
    for line in [&line8, &line10] {
        let (h_ends, ends) = (field_ends(&header), field_ends(line));
        let (h_starts, starts) = (field_starts(&header), field_starts(line));
        for i in [0, 1, 2, 3, 4, 5, 6, 7, 10] {
            assert_eq!(h_ends[i], ends[i], "column {i}:\n{header}\n{line}");
        }
        for i in [8, 9, 11] {
            assert_eq!(h_starts[i], starts[i], "column {i}:\n{header}\n{line}");
        }
    }
    // The CSV file holds the finished rows already, and a SIGINT keeps them.
    let (_, records) = csv_records(&fs::read_to_string(&csv).unwrap());
    assert_eq!(records.len(), 2);
    run.signal("INT");
    let (code, rest, err) = run.finish();
    assert_eq!(code, Some(1), "{err:?}");
    assert!(rest.is_empty(), "{rest:?}");
    let err = err.join("\n");
    assert_has(&err, &stopping("SIGINT", "Ctrl-C again"));
    assert_has(&err, "stopped by SIGINT during n = 20: ");
    assert!(
        err.contains(&format!(
            "rows for n = 8, 10 are written (also to '{}')",
            csv.display()
        )),
        "{err}"
    );
    let (header, records) = csv_records(&fs::read_to_string(&csv).unwrap());
    assert_eq!(header[0], "n");
    let totals: Vec<(&str, &str, &str)> = records
        .iter()
        .map(|r| (r[0].as_str(), r[1].as_str(), r[11].as_str()))
        .collect();
    assert_eq!(totals, [("8", "92", "yes"), ("10", "724", "yes")]);
}

#[test]
fn csv_on_stdout_streams_record_by_record_and_a_sigterm_keeps_the_records() {
    let mut run = spawn(&[
        "count",
        "9,20",
        "--engine",
        "enumerate",
        "--threads",
        "1",
        "--csv",
        "-",
        "-q",
    ]);
    assert_eq!(
        run.next_out(),
        "n,total,classes,asymmetric,half_turn,quarter_turn,nodes,seconds,engine,kernel,threads,verified"
    );
    let nine = run.next_out();
    assert!(nine.starts_with("9,352,46,42,4,0,8394,"), "{nine}");
    run.signal("TERM");
    let (code, rest, err) = run.finish();
    assert_eq!(code, Some(1));
    assert!(rest.is_empty(), "{rest:?}");
    let err = err.join("\n");
    assert_has(&err, "stopped by SIGTERM during n = 20");
    assert_has(&err, "rows for n = 9 are written");
}

/// Where each whitespace-separated field of `line` ends.
fn field_ends(line: &str) -> Vec<usize> {
    let b = line.as_bytes();
    (0..b.len())
        .filter(|&i| b[i] != b' ' && (i + 1 == b.len() || b[i + 1] == b' '))
        .collect()
}

/// Where each whitespace-separated field of `line` starts.
fn field_starts(line: &str) -> Vec<usize> {
    let b = line.as_bytes();
    (0..b.len())
        .filter(|&i| b[i] != b' ' && (i == 0 || b[i - 1] == b' '))
        .collect()
}

fn unit_lines(checkpoint: &Path) -> usize {
    fs::read_to_string(checkpoint)
        .map_or(0, |t| t.lines().filter(|l| l.starts_with("unit,")).count())
}

#[test]
fn a_checkpoint_folder_for_several_sizes_survives_a_kill_and_resumes() {
    let d = dir();
    let ckpt = d.path().join("run");
    let csv = d.path().join("t.csv");
    let long = long_symmetric_n();
    let sizes = format!("15,16,{long}");
    let args = [
        "count",
        &sizes,
        "--engine",
        "symmetric",
        "--threads",
        "1",
        "--checkpoint",
        path_str(&ckpt),
        "--csv",
        path_str(&csv),
    ];
    let mut run = spawn(&args);
    // The rows of 15 and 16 arrive; once the last size's checkpoint holds a unit, stop it.
    assert!(run.next_out().starts_with(" n"));
    assert!(run.next_out().starts_with("15"));
    assert!(run.next_out().starts_with("16"));
    let last = ckpt.join(format!("n{long}.ckpt"));
    while unit_lines(&last) == 0 {
        thread::sleep(Duration::from_millis(20));
    }
    run.signal("TERM");
    let (code, _, err) = run.finish();
    assert_eq!(code, Some(1));
    let err = err.join("\n");
    let saved = unit_lines(&last);
    assert_has(
        &err,
        &format!("stopped by SIGTERM during n = {long}: {saved} of "),
    );
    assert_has(&err, &format!("saved in '{}'", last.display()));
    assert_has(&err, "rows for n = 15, 16 are written");
    assert_has(&err, "to resume, run the same command again: ");
    for n in [15, 16] {
        let units = build(n, Engine::Symmetric).unit_count();
        assert_eq!(unit_lines(&ckpt.join(format!("n{n}.ckpt"))), units);
    }
    assert_eq!(csv_records(&fs::read_to_string(&csv).unwrap()).1.len(), 2);

    // The same command again: 15 and 16 come from their checkpoints, the last size resumes.
    let o = queens_plain().args(args).succeeds();
    let err = String::from_utf8_lossy(&o.stderr);
    let units = build(long, Engine::Symmetric).unit_count();
    assert_has(
        &err,
        &format!(
            "queens: n = {long} was resumed: {saved} of {units} units were counted by earlier runs"
        ),
    );
    assert_has(&err, "queens: n = 15 was resumed: ");
    let (_, records) = csv_records(&fs::read_to_string(&csv).unwrap());
    let totals: Vec<(String, String)> = records
        .iter()
        .map(|r| (r[0].clone(), r[1].clone()))
        .collect();
    let published = |n: usize| {
        queens::verify::lookup(n)
            .unwrap()
            .total
            .unwrap()
            .to_string()
    };
    assert_eq!(
        totals,
        [15, 16, long].map(|n| (n.to_string(), published(n)))
    );
    assert_eq!(unit_lines(&last), units, "every unit journaled once");
}

#[test]
fn a_checkpoint_in_a_folder_that_is_not_there_is_a_usage_error_before_any_work() {
    // As for --csv and -o: exit 2, not an I/O failure when the first unit is journaled.
    let d = dir();
    let file = file_with(d.path(), "afile.txt", "");
    for (ckpt, needle) in [
        (d.path().join("missing/x.ckpt"), "the directory '"),
        (file.join("x.ckpt"), "afile.txt' is a file, not a directory"),
    ] {
        fails_with(
            &["count", "8", "-q", "--checkpoint", path_str(&ckpt)],
            2,
            needle,
        );
    }
    assert_eq!(names_in(d.path()), ["afile.txt"]);
}

#[test]
fn several_sizes_need_a_checkpoint_folder_not_a_file() {
    let d = dir();
    let file = file_with(d.path(), "c.ckpt", "");
    fails_with(
        &["count", "8-9", "--checkpoint", path_str(&file)],
        2,
        "with several board sizes it names a folder",
    );
    // Into a folder that does not exist yet (its parent does): one file per size.
    let folder = d.path().join("new");
    queens_plain()
        .args(["count", "8-9", "-q", "--checkpoint", path_str(&folder)])
        .succeeds();
    assert!(folder.join("n8.ckpt").is_file() && folder.join("n9.ckpt").is_file());
    // And a part into the same folder: the part is in the name.
    queens_plain()
        .args(["count", "9", "--part", "1/2", "-q", "--checkpoint"])
        .arg(&folder)
        .succeeds();
    assert!(folder.join("n9.part1of2.ckpt").is_file());
}

#[test]
fn a_size_that_cannot_finish_is_announced_and_one_sigint_ends_it_within_seconds() {
    let d = dir();
    let ckpt = d.path().join("n27.ckpt");
    let mut run = spawn_27(&[], &ckpt);
    let warning = run.wait_err("would take about");
    assert!(
        warning.starts_with("queens: n = 27 would take about ")
            && warning.contains(" CPU-years on this machine (about ")
            && warning.ends_with(" years on 1 thread; n = 27 is the published record); continuing"),
        "{warning}"
    );
    let start = run.wait_err("queens: n=27: started: ");
    let units = build(27, Engine::Symmetric).unit_count();
    assert_has(&start, &format!("{units} units"));
    // The largest unit goes first and takes days: one signal cuts it short.
    let (code, out, err) = stop_within_the_limit(run, "INT");
    assert_eq!(code, Some(1), "{err:?}");
    assert!(out.is_empty());
    assert!(err.contains(&stopping("SIGINT", "Ctrl-C again")), "{err:?}");
    let last = err.last().unwrap();
    assert!(
        last.starts_with(&format!(
            "queens: error: stopped by SIGINT during n = 27: 0 of {units} units of n = 27 are \
             done and saved in '{}'; no size was finished; to resume, run the same command \
             again: ",
            ckpt.display()
        )),
        "{last}"
    );
    assert_eq!(unit_lines(&ckpt), 0, "the unit cut short is not journaled");
}

#[test]
fn a_unit_cut_short_by_sigterm_is_not_saved_and_the_resumed_run_counts_it_whole() {
    // The largest unit of n = 21 alone (part L/65536 of 41,733 units), on the scalar kernel:
    // seconds of one search (10 s on a loaded 2-core Zen 4), so the signal after the start
    // line lands in its middle.
    let part = largest_unit_alone(build(21, Engine::Symmetric).as_ref());
    let d = dir();
    let ckpt = d.path().join("c.ckpt");
    let args = [
        "count",
        "21",
        "--part",
        &part,
        "--kernel",
        "scalar",
        "--threads",
        "1",
        "--checkpoint",
        path_str(&ckpt),
    ];
    let mut run = Running::spawn(&args, &[("QUEENS_HEARTBEAT_MS", "100")], Stdio::null());
    run.wait_err("queens: n=21: started: 1 unit,");
    let (code, _, err) = stop_within_the_limit(run, "TERM");
    assert_eq!(code, Some(1), "{err:?}");
    let last = err.last().unwrap();
    // Had the unit finished before the run stopped, it would be "1 of 1", and journaled.
    assert!(
        last.starts_with(&format!(
            "queens: error: stopped by SIGTERM: 0 of 1 units of n = 21 (part {part}) are done \
             and saved in '{}'",
            ckpt.display()
        )),
        "{last}"
    );
    assert_eq!(unit_lines(&ckpt), 0);
    // Resumed (on the fastest kernel: a kernel is no part of a checkpoint's run), it counts
    // the unit whole: the part row of a run that was never stopped.
    let resumed = part_row(&[&args[..4], &args[6..]].concat());
    assert_eq!(unit_lines(&ckpt), 1);
    assert_eq!(resumed, part_row(&["count", "21", "--part", &part]));
}

/// The part `L/65536` that holds the largest unit `L` of `plan` (of fewer than 65,536 units)
/// alone.
fn largest_unit_alone(plan: &dyn queens::plan::Plan) -> String {
    assert!(plan.unit_count() < 65536);
    let largest = (0..plan.unit_count())
        .max_by_key(|&id| (plan.estimated_work(id), std::cmp::Reverse(id)))
        .unwrap();
    format!("{largest}/65536")
}

/// The part row `count … --part …` prints with `args`: its n, units, boards and nodes.
fn part_row(args: &[&str]) -> Vec<String> {
    let o = queens_plain()
        .args(args)
        .args(["--csv", "-", "-q"])
        .succeeds();
    let (header, records) = csv_records(&String::from_utf8(o.stdout).unwrap());
    let keep = ["n", "units", "boards", "nodes"];
    let row: Vec<String> = header
        .iter()
        .zip(&records[0])
        .filter(|(h, _)| keep.contains(&h.as_str()))
        .map(|(h, v)| format!("{h}={v}"))
        .collect();
    assert_eq!(row.len(), keep.len(), "{row:?}");
    row
}

#[test]
fn a_long_ring_unit_stopped_keeps_its_journaled_pieces_and_the_resumed_run_counts_the_rest() {
    // The superqueens' largest unit of n = 23 alone (part L/65536 of 29,797 units): about a
    // second and a half on AVX2 (Zen 3), estimated at 1.6 × 10¹⁰ nodes, far above what a
    // tenth of a second between two runs of pieces cuts (10⁸), and below a minute's (6 × 10¹⁰).
    let plan = queens::Counter::new(23)
        .rules(queens::rules::Rules::SUPERQUEENS)
        .plan()
        .unwrap();
    let part = largest_unit_alone(plan.as_ref());
    let largest = part.split('/').next().unwrap();
    let d = dir();
    let ckpt = d.path().join("c.ckpt");
    let path = path_str(&ckpt);
    let args = ["count", "23", "--piece", "superqueen", "--part", &part];
    let journaled = [&args[..], &["--threads", "1", "--checkpoint", path]].concat();
    let every = [&journaled[..], &["--checkpoint-every", "100ms"]].concat();
    let run = Running::spawn(&every, &[], Stdio::null());
    // Stopped once the journal holds a run of pieces.
    let pieces = |t: &str| t.lines().filter(|l| l.starts_with("piece,")).count();
    let started = std::time::Instant::now();
    while pieces(&fs::read_to_string(&ckpt).unwrap_or_default()) == 0 {
        assert!(
            started.elapsed() < Duration::from_secs(120),
            "no piece journaled"
        );
        thread::sleep(Duration::from_millis(5));
    }
    let (code, _, err) = stop_within_the_limit(run, "INT");
    assert_eq!(code, Some(1), "{err:?}");
    let journal = fs::read_to_string(&ckpt).unwrap();
    let kept = pieces(&journal);
    assert!(
        journal
            .lines()
            .any(|l| l.starts_with(&format!("piece,{largest},levels2,0,"))),
        "{journal}"
    );
    let last = err.last().unwrap();
    let runs = if kept == 1 {
        "1 run"
    } else {
        &format!("{kept} runs")
    };
    assert!(
        last.starts_with(&format!(
            "queens: error: stopped by SIGINT: 0 of 1 units of n = 23 (part {part}) are done \
             and saved in '{path}', with "
        )) && last.contains(&format!(" s of the units in flight ({runs} of pieces)")),
        "{last}"
    );
    assert_eq!(unit_lines(&ckpt), 0);
    // Resumed at the default interval, a minute, which would count this unit whole: the
    // pieces journaled are kept all the same, and the unit's count is the one a run never
    // stopped gives.
    let resumed = part_row(&journaled);
    assert_eq!(unit_lines(&ckpt), 1);
    assert_eq!(resumed, part_row(&args));
}

#[test]
fn a_torus_unit_killed_in_its_pieces_of_pieces_resumes_to_the_count_of_a_run_never_stopped() {
    // One unit of board 25 (part 5/526: about 1.5 s), its pieces journaled every 100 ms:
    // most runs of pieces are then runs of pieces of a piece (`below3at…below2at…below2`),
    // the unit's own pieces being cut again twice. Killed (SIGKILL, nothing cleaned up) three times, each
    // once the journal holds a new run of them, it resumes to the same tally, nodes
    // included.
    let d = dir();
    let ckpt = d.path().join("c.ckpt");
    let path = path_str(&ckpt);
    let args = ["count", "25", "--board", "torus", "--part", "5/526"];
    let journaled = [&args[..], &["--threads", "1", "--checkpoint", path]].concat();
    let every = [&journaled[..], &["--checkpoint-every", "100ms", "-q"]].concat();
    let nested = |t: &str| {
        (t.lines())
            .filter(|l| {
                l.split(',')
                    .nth(2)
                    .is_some_and(|s| s.starts_with("below3at"))
            })
            .count()
    };
    for _ in 0..3 {
        let before = nested(&fs::read_to_string(&ckpt).unwrap_or_default());
        let mut run = Running::spawn(&every, &[], Stdio::null());
        let started = std::time::Instant::now();
        while nested(&fs::read_to_string(&ckpt).unwrap_or_default()) == before {
            assert!(
                started.elapsed() < Duration::from_secs(120),
                "no pieces of pieces journaled"
            );
            thread::sleep(Duration::from_millis(2));
        }
        run.child.kill().unwrap();
        run.child.wait().unwrap();
    }
    let journal = fs::read_to_string(&ckpt).unwrap();
    assert!(nested(&journal) >= 3, "{journal}");
    assert!(
        journal.contains(",below3at") && journal.contains("below2at"),
        "{journal}"
    );
    assert_eq!(unit_lines(&ckpt), 0);
    let resumed = part_row(&journaled);
    assert_eq!(unit_lines(&ckpt), 1);
    assert_eq!(resumed, part_row(&args));
}

#[test]
fn yes_and_quiet_leave_out_only_the_warning() {
    for flag in ["--yes", "-q"] {
        let d = dir();
        let ckpt = d.path().join("c");
        let mut run = spawn_27(&[flag], &ckpt);
        if flag == "--yes" {
            run.wait_err("queens: n=27: started: ");
        } else {
            // Nothing on stderr: the checkpoint, created once the handlers are installed,
            // says the run is going.
            while !ckpt.exists() {
                thread::sleep(Duration::from_millis(20));
            }
        }
        let (code, _, err) = stop_within_the_limit(run, "INT");
        assert!(
            !err.iter().any(|l| l.contains("would take")),
            "{flag}: {err:?}"
        );
        if flag == "-q" {
            assert!(
                err.iter().all(|l| !l.contains("started")),
                "{flag}: {err:?}"
            );
        }
        assert_eq!(code, Some(1), "{flag}: {err:?}");
        assert!(
            err.last()
                .unwrap()
                .starts_with("queens: error: stopped by SIGINT during n = 27: 0 of "),
            "{flag}: {err:?}"
        );
    }
}

#[test]
fn verify_streams_its_lines_and_names_the_unfinished_size() {
    let mut run = spawn(&[
        "verify",
        "8,20",
        "--engine",
        "enumerate",
        "--threads",
        "1",
        "-q",
    ]);
    assert_eq!(
        run.next_out(),
        "PASS n=8: total 92, classes 12 (11 asymmetric, 1 half_turn, 0 quarter_turn)"
    );
    run.signal("INT");
    let (code, _, err) = run.finish();
    assert_eq!(code, Some(1));
    let err = err.join("\n");
    assert_has(&err, "stopped by SIGINT: ");
    assert_has(&err, " units of n = 20 were done");
}

/// `classify` of a named FIFO that no writer opens: one SIGTERM ends the wait for the writer
/// (the open ran before the reading thread, so it waited for a second signal), exit 1.
#[test]
fn one_signal_stops_classify_waiting_for_a_fifos_writer() {
    let d = dir();
    assert!(crate::common::process::sh("mkfifo in", d.path()));
    let fifo = d.path().join("in");
    let mut run = Running::spawn(&["classify", path_str(&fifo)], &[], Stdio::null());
    thread::sleep(Duration::from_millis(500));
    let signalled = std::time::Instant::now();
    run.signal("TERM");
    run.wait_err(STOPPING_CLASSIFY);
    let (code, out, err) = run.finish();
    assert_eq!(code, Some(1), "{err:?}");
    assert!(signalled.elapsed() < Duration::from_secs(10));
    assert!(out.is_empty(), "{out:?}");
    assert_eq!(
        err.last().unwrap(),
        "queens: error: stopped by SIGTERM: no board was classified (nothing on stdout); the \
         rest of the input was not read"
    );
}

/// `classify` reading a pipe that falls silent: one SIGINT (or SIGTERM) ends the read that
/// waits for the next line; the boards classified so far are written and kept on stdout (it
/// ended with 130 or 143 and nothing written: the table was still in its buffer), an output
/// file is left as it was, and the error says so, exit 1.
#[test]
fn one_signal_stops_classify_waiting_for_input_and_keeps_the_boards_classified() {
    for (signal, output) in [("INT", None), ("TERM", Some("cl.txt"))] {
        let d = dir();
        let out = d.path().join("cl.txt");
        let mut args = vec!["classify"];
        if output.is_some() {
            args.extend(["-o", path_str(&out)]);
        }
        let mut run = Running::spawn(&args, &[], Stdio::piped());
        let mut stdin = run.child.stdin.take().unwrap();
        stdin
            .write_all(b"0 4 7 5 2 6 1 3\n0 5 7 2 6 3 1 4\n")
            .unwrap();
        stdin.flush().unwrap();
        // The pipe stays open and silent: classify waits for its third line.
        thread::sleep(Duration::from_millis(500));
        run.signal(signal);
        run.wait_err(STOPPING_CLASSIFY);
        let (code, out_lines, err) = run.finish();
        drop(stdin);
        assert_eq!(code, Some(1), "{err:?}");
        let told = match output {
            None => {
                let table = out_lines.join("\n");
                assert_has(
                    &table,
                    "   2  0 5 7 2 6 3 1 4  0 5 7 2 6 3 1 4      2  asymmetric",
                );
                "the first 2 boards are classified on stdout".to_string()
            }
            Some(_) => {
                assert!(out_lines.is_empty() && !out.exists(), "{out_lines:?}");
                format!(
                    "2 boards classified, and '{}' was not written (nothing there was changed)",
                    out.display()
                )
            }
        };
        let last = err.last().unwrap();
        assert_eq!(
            last,
            &format!(
                "queens: error: stopped by SIG{signal}: {told}; the rest of the input was not \
                 read"
            )
        );
    }
}
