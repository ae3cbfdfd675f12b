//! Results kept on their way out (issue 42), through the real binary: a table streamed into a
//! pipe, FIFO or descriptor gets its header once and each row once; a stopped run that
//! finished no size leaves the files it would have replaced as they were; a name the file
//! system cannot take is refused before any work, and a write that fails (a full disk) still
//! leaves the table on stdout; a FIFO without a reader is waited for, saying so, and a SIGTERM
//! ends the wait; temporary files of killed runs are removed by the next run (never those of
//! a live one); `man -o` on a file is a usage error; root replacing another user's file keeps
//! its owner. FIFOs, links and the tmpfs are made in temporary folders only.

use crate::common::Succeeds;
use crate::common::process::run_ok;
use crate::common::process::run_refused;
use crate::common::process::{
    ended_before_the_work, err, fifo_reader, mkfifo, needs_root, queens, refused, run, temp_files,
};
use crate::common::{assert_has, assert_last_starts_with, dir, path_str};
use crate::running::Running;
use std::fs;
use std::path::Path;
use std::process::Stdio;
use std::thread;
use std::time::{Duration, Instant};

/// The lines of the CSV of `count 6-9`, as a reader of the streamed table must get them.
fn assert_table_6_to_9_once(text: &str) {
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 5, "a header and 4 rows expected: {text}");
    assert!(lines[0].starts_with("n,total,classes,"), "{text}");
    let totals: Vec<String> = lines[1..]
        .iter()
        .map(|l| l.split(',').take(2).collect::<Vec<_>>().join(","))
        .collect();
    assert_eq!(totals, ["6,4", "7,40", "8,92", "9,352"], "{text}");
}

// --- 1. a table streamed straight through is written once ---------------------------------

#[test]
fn a_table_streamed_into_a_fifo_or_a_descriptor_gets_each_line_once() {
    let d = dir();
    // A FIFO with its reader.
    let reader = fifo_reader(d.path(), "pipe");
    run_ok(&["count", "6-9", "--csv", "pipe"], d.path());
    assert_table_6_to_9_once(&reader.join().unwrap());
    // A descriptor (a process substitution, `/dev/stdout`): a link to /proc/self/fd in the
    // temporary folder, as /dev/fd is, without the machine's own /dev.
    std::os::unix::fs::symlink("/proc/self/fd", d.path().join("fd")).unwrap();
    let o = queens()
        .args(["count", "6-9", "--csv", "fd/2"])
        .current_dir(d.path())
        .succeeds();
    assert_table_6_to_9_once(&err(&o));
    // `--csv /dev/stdout`: the CSV lines among the human table's, each once.
    let o = queens()
        .args(["count", "6-9", "--csv", "fd/1"])
        .current_dir(d.path())
        .succeeds();
    let out = String::from_utf8_lossy(&o.stdout);
    let csv: String = out
        .lines()
        .filter(|l| l.contains(',') && !l.contains(' '))
        .map(|l| format!("{l}\n"))
        .collect();
    assert_table_6_to_9_once(&csv);
    assert!(temp_files(d.path()).is_empty());
}

// --- 2. a stopped run leaves a finished result as it was ----------------------------------

/// Starts `queens COMMAND 18 --kernel scalar --threads 1 --yes ARGS…` (minutes of work;
/// paths in ARGS absolute), waits for its start line (the signal handlers are installed by
/// then), sends SIGTERM and returns the exit code and stderr lines.
fn stopped_18(command: &str, args: &[&str]) -> (Option<i32>, Vec<String>) {
    stopped_in_18(command, "18", args)
}

/// [`stopped_18`] of the board `sizes` (`8,18`: the rows of those before 18 are finished).
fn stopped_in_18(command: &str, sizes: &str, args: &[&str]) -> (Option<i32>, Vec<String>) {
    let mut argv = vec![
        command,
        sizes,
        "--kernel",
        "scalar",
        "--threads",
        "1",
        "--yes",
    ];
    argv.extend(args);
    let mut running = Running::spawn(&argv, &[("QUEENS_HEARTBEAT_MS", "200")], Stdio::null());
    running.wait_err("queens: n=18: started: ");
    running.signal("TERM");
    let (code, _, err) = running.finish();
    (code, err)
}

#[test]
fn a_stopped_run_that_finished_no_size_leaves_the_files_as_they_were() {
    let d = dir();
    let csv = d.path().join("o.csv");
    let human = d.path().join("t.txt");
    run_ok(
        &[
            "count",
            "8",
            "--csv",
            path_str(&csv),
            "-o",
            path_str(&human),
        ],
        d.path(),
    );
    let (csv_before, human_before) = (fs::read(&csv).unwrap(), fs::read(&human).unwrap());
    assert!(String::from_utf8_lossy(&csv_before).contains("\n8,92,"));
    let ck = d.path().join("ck");
    let with_checkpoint = ["--checkpoint", path_str(&ck)];
    for extra in [&[][..], &with_checkpoint[..]] {
        let mut args = vec!["--csv", path_str(&csv), "-o", path_str(&human)];
        args.extend(extra);
        let (code, err) = stopped_18("count", &args);
        assert_eq!(code, Some(1), "{err:?}");
        assert_eq!(fs::read(&csv).unwrap(), csv_before, "{extra:?}: {err:?}");
        assert_eq!(
            fs::read(&human).unwrap(),
            human_before,
            "{extra:?}: {err:?}"
        );
        let last = err.last().unwrap();
        assert!(
            last.starts_with("queens: error: stopped by SIGTERM during n = 18: "),
            "{last}"
        );
        assert!(
            last.contains(&format!(
                "no size was finished; '{}' and '{}' were left as they were",
                csv.display(),
                human.display()
            )),
            "{last}"
        );
        assert!(temp_files(d.path()).is_empty());
    }
}

/// `count SIZES` stopped during n = 18 ([`stopped_in_18`]) with `--csv`, `--json`,
/// `--markdown` and `-o` files in `d` (not there before): the exit code, the last line on
/// stderr and the four paths.
fn stopped_with_four_outputs(d: &Path, sizes: &str) -> (Option<i32>, String, [String; 4]) {
    let p = |name: &str| d.join(name).display().to_string();
    let files = [p("c.csv"), p("j.json"), p("m.md"), p("t.txt")];
    let [csv, json, md, human] = &files;
    let args = ["--csv", csv, "--json", json, "--markdown", md, "-o", human];
    let (code, err) = stopped_in_18("count", sizes, &args);
    (code, err.last().cloned().unwrap_or_default(), files)
}

#[test]
fn a_stopped_run_that_finished_no_size_creates_no_file() {
    let d = dir();
    let (code, last, _) = stopped_with_four_outputs(d.path(), "18");
    assert_eq!(code, Some(1), "{last}");
    assert!(last.contains("no size was finished"), "{last}");
    assert!(!last.contains("left as"), "{last}");
    assert_eq!(fs::read_dir(d.path()).unwrap().count(), 0, "{last}");
    // FIFOs are written through all the same (the header, the table's head), so that their
    // readers see the stream end rather than wait for a writer that never comes.
    for name in ["c.fifo", "t.fifo"] {
        assert!(
            std::process::Command::new("mkfifo")
                .arg(d.path().join(name))
                .status()
                .unwrap()
                .success()
        );
    }
    // Each read in a thread of its own, waited for at most a minute (not for ever).
    let read = |name: &str| {
        let path = d.path().join(name);
        let (tx, rx) = std::sync::mpsc::channel();
        thread::spawn(move || tx.send(fs::read_to_string(path).unwrap()));
        rx
    };
    let (csv, human) = (read("c.fifo"), read("t.fifo"));
    let fifo = |name: &str| d.path().join(name).display().to_string();
    let (code, err) = stopped_in_18(
        "count",
        "18",
        &["--csv", &fifo("c.fifo"), "-o", &fifo("t.fifo")],
    );
    assert_eq!(code, Some(1), "{err:?}");
    let minute = Duration::from_secs(60);
    assert!(csv.recv_timeout(minute).unwrap().starts_with("n,total,"));
    assert!(human.recv_timeout(minute).unwrap().starts_with("n  total"));
}

#[test]
fn a_stopped_run_names_every_output_its_rows_are_written_to() {
    let d = dir();
    let (code, last, files) = stopped_with_four_outputs(d.path(), "8,18");
    assert_eq!(code, Some(1), "{last}");
    let [csv, json, md, human] = &files;
    assert_has(
        &last,
        &format!("rows for n = 8 are written (also to '{csv}', '{human}', '{json}' and '{md}')"),
    );
    for file in &files {
        let text = fs::read_to_string(file).unwrap();
        assert!(text.contains("92"), "{file}: {text}");
        assert!(!text.contains("666090624"), "{file}: {text}");
    }
}

#[test]
fn a_stopped_verify_that_checked_no_size_leaves_the_files_as_they_were() {
    let d = dir();
    let csv = d.path().join("v.csv");
    run_ok(&["verify", "8", "--csv", path_str(&csv)], d.path());
    let before = fs::read(&csv).unwrap();
    assert!(String::from_utf8_lossy(&before).contains("\n8,92,"));
    let (code, err) = stopped_18("verify", &["--csv", path_str(&csv)]);
    assert_eq!(code, Some(1), "{err:?}");
    assert_last_starts_with(&err, "queens: error: stopped by SIGTERM");
    assert_eq!(fs::read(&csv).unwrap(), before);
}

// --- 3. a name the file system cannot take, a full disk ----------------------------------

#[test]
fn a_name_too_long_for_the_file_system_is_refused_before_any_work() {
    let d = dir();
    let name = format!("{}.csv", "x".repeat(300));
    let started = Instant::now();
    let o = run_refused(
        &["count", "18", "--kernel", "scalar", "--csv", &name],
        d.path(),
        2,
        "is 304 bytes long, longer than the 255 the file system takes",
    );
    assert!(err(&o).starts_with(&format!("queens: error: cannot write '{name}': ")));
    // Measured: 0.01 s (the count itself takes minutes); the limit is far above.
    ended_before_the_work(started, Duration::from_secs(10));
}

// --- 5. a FIFO without a reader ----------------------------------------------------------

#[test]
fn a_fifo_without_a_reader_is_waited_for_saying_so_and_a_sigterm_ends_the_wait() {
    let d = dir();
    let fifo = path_str(&mkfifo(d.path(), "pipe")).to_string();
    run_ok(&["count", "8", "--part", "0/1", "--csv", "p.csv"], d.path());
    let part = d.path().join("p.csv");
    let gave_up = format!("cannot write '{fifo}': stopped by SIGTERM while waiting for its reader");
    let nothing = format!(
        "queens: stopped by SIGTERM while waiting for a reader on FIFO '{fifo}': nothing was \
         written to it"
    );
    // A command with a result to keep gives up the wait and puts the result on stdout (a
    // count stops there, as a stop does); list and classify stop, exit 1; one with nothing
    // yet (render) ends at once.
    let commands: [(&[&str], i32, &str, &str); 5] = [
        (&["count", "6-9", "--csv"], 1, &gave_up, "6      4"),
        (
            &["merge", path_str(&part), "--csv"],
            3,
            &gave_up,
            "8     92",
        ),
        (&["list", "8", "-o"], 1, &gave_up, ""),
        (&["classify", "0 4 7 5 2 6 1 3", "-o"], 1, &gave_up, ""),
        (&["render", "8", "--class", "1", "-o"], 143, &nothing, ""),
    ];
    for (args, exit, said, out_line) in commands {
        let mut argv = vec!["-q"];
        argv.extend(args);
        argv.push(&fifo);
        let mut running = Running::spawn(&argv, &[], Stdio::null());
        let line = running.wait_err("waiting for a reader");
        assert_eq!(
            line,
            format!(
                "queens: waiting for a reader on FIFO '{fifo}' (open it for reading, or stop \
                 with Ctrl-C)"
            )
        );
        let signalled = Instant::now();
        running.signal("TERM");
        let (code, out, err) = running.finish();
        assert_eq!(code, Some(exit), "{args:?}: {err:?}");
        // Measured: 0.05 s; the limit is generous for a loaded machine.
        assert!(signalled.elapsed() < Duration::from_secs(10), "{args:?}");
        assert!(err.iter().any(|l| l.contains(said)), "{args:?}: {err:?}");
        assert!(out.join("\n").contains(out_line), "{args:?}: {out:?}");
        // The first signal's notice says what it stops: the wait, not a count (all is
        // counted that will be).
        if exit != 143 {
            let notice = format!(
                "queens: SIGTERM: stopping: no longer waiting for a reader on FIFO '{fifo}' \
                 (nothing is written to it); send it again to stop now"
            );
            assert!(err.contains(&notice), "{args:?}: {err:?}");
        }
    }
}

#[test]
fn a_fifo_reader_that_comes_later_gets_the_whole_output() {
    let d = dir();
    let fifo = mkfifo(d.path(), "pipe");
    let mut running = Running::spawn(
        &["-q", "count", "6-9", "--csv", path_str(&fifo)],
        &[],
        Stdio::null(),
    );
    running.wait_err("waiting for a reader on FIFO");
    let text = fs::read_to_string(&fifo).unwrap();
    let (code, _, err) = running.finish();
    assert_eq!(code, Some(0), "{err:?}");
    assert_table_6_to_9_once(&text);
    // Said once, not once a row.
    let waits = err.iter().filter(|l| l.contains("waiting for")).count();
    assert_eq!(waits, 1, "{err:?}");
}

#[test]
fn a_fifo_reader_that_leaves_early_is_said_and_the_rows_stay_on_stdout() {
    let d = dir();
    let fifo = mkfifo(d.path(), "pipe");
    let running = Running::spawn(
        &["-q", "count", "4-17", "--csv", path_str(&fifo)],
        &[],
        Stdio::null(),
    );
    // The reader takes the header line and leaves; n = 16 and 17 take a good part of a
    // second, so their rows meet a FIFO without a reader.
    let mut reader = std::io::BufReader::new(fs::File::open(&fifo).unwrap());
    let mut header = String::new();
    std::io::BufRead::read_line(&mut reader, &mut header).unwrap();
    assert!(header.starts_with("n,total,"), "{header}");
    drop(reader);
    let (code, out, err) = running.finish();
    assert_eq!(code, Some(0), "{err:?}");
    let said = format!(
        "queens: note: the reader of '{}' left early: it got ",
        path_str(&fifo)
    );
    let note = err.iter().find(|l| l.starts_with(&said));
    let note = note.unwrap_or_else(|| panic!("no note: {err:?}"));
    assert!(
        note.ends_with("; the rows for n = 4 to 17 are on stdout"),
        "{note}"
    );
    assert!(
        out.iter().any(|l| l.starts_with("17  95815104 ")),
        "{out:?}"
    );
}

// --- 12. temporary files of killed runs, man -o, another user's file ------------------------

/// Starts `list 16 -o NAME` in `d` and waits until its temporary file is there; returns the
/// process and that file's name. The probe file a destination makes and deletes at once
/// (`…-probe0.tmp`, `storage::atomic::new_file_mode`) is not that file: a poll that met it
/// took it for the run's, which then was gone (seen once in CI).
fn list_writing(d: &Path, name: &str) -> (std::process::Child, String) {
    let before = temp_files(d);
    let mut child = queens()
        .args(["list", "16", "-o", name])
        .current_dir(d)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let started = Instant::now();
    loop {
        let new: Vec<String> = temp_files(d)
            .into_iter()
            .filter(|t| !before.contains(t))
            .filter(|t| !t.rsplit('-').next().is_some_and(|l| l.starts_with("probe")))
            .collect();
        if let Some(t) = new.into_iter().next() {
            return (child, t);
        }
        assert!(
            child.try_wait().unwrap().is_none(),
            "list 16 ended too soon"
        );
        // Measured: the temporary file appears after 0.15 s; the limit is far above.
        assert!(started.elapsed() < Duration::from_secs(60));
        thread::sleep(Duration::from_millis(5));
    }
}

#[test]
fn temporary_files_of_killed_runs_are_removed_and_a_live_runs_kept() {
    let d = dir();
    let (mut killed, stale) = list_writing(d.path(), "big.txt");
    killed.kill().unwrap();
    killed.wait().unwrap();
    assert_eq!(
        temp_files(d.path()),
        std::slice::from_ref(&stale),
        "SIGKILL leaves it"
    );
    let (mut live, in_flight) = list_writing(d.path(), "big2.txt");
    // Another tool's file of a like name, and one this tool never names so: kept.
    fs::write(d.path().join(".queens-other.tmp"), "x").unwrap();
    run_ok(&["count", "6", "--csv", "o.csv"], d.path());
    let mut left = temp_files(d.path());
    left.sort();
    let mut expected = vec![".queens-other.tmp".to_string(), in_flight];
    expected.sort();
    assert_eq!(left, expected, "the stale {stale} goes, the live one stays");
    live.kill().unwrap();
    live.wait().unwrap();
}

#[test]
fn man_into_a_regular_file_is_a_usage_error() {
    let d = dir();
    fs::write(d.path().join("page"), "mine\n").unwrap();
    run_refused(
        &["man", "-o", "page"],
        d.path(),
        2,
        "man -o 'page': it is a file; -o takes a folder for the pages",
    );
    assert_eq!(fs::read_to_string(d.path().join("page")).unwrap(), "mine\n");
}

/// The tests that need root (a tmpfs mounted in a temporary folder, another user's file):
/// `ignored` by a plain `cargo test`, run by `.ci/run` (as root) with `--ignored as_root::`,
/// where a missing permission fails.
mod as_root {
    use super::*;
    use crate::common::Tmpfs;

    /// The `n` and `total` of each row of a human table or CSV `text`.
    fn totals(text: &str) -> Vec<Vec<&str>> {
        let rows = text.lines().skip(1).filter(|l| !l.starts_with("engine"));
        rows.map(|l| {
            l.split([' ', ','])
                .filter(|w| !w.is_empty())
                .take(2)
                .collect()
        })
        .collect()
    }

    /// `man -o DIR` on a disk that fills up: exit 3, and every page in the folder is whole
    /// (each written atomically; it left a page cut short where the disk filled).
    #[test]
    #[ignore = "needs root to mount a tmpfs: .ci/run runs it with --ignored"]
    fn man_pages_are_whole_or_absent_on_a_full_disk() {
        needs_root("to mount a tmpfs");
        let d = dir();
        run_ok(&["man", "-o", "all"], d.path());
        let t = Tmpfs::mount(d.path(), "t", "64k");
        t.fill_leaving(20_000);
        let o = run(&["man", "-o", "t/man1"], d.path());
        refused(&o, 3, "cannot write the manual pages into 't/man1': ");
        let written: Vec<_> = fs::read_dir(d.path().join("t/man1"))
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        assert!(
            temp_files(&d.path().join("t/man1")).is_empty(),
            "{written:?}"
        );
        for name in &written {
            let page = fs::read(d.path().join("t/man1").join(name)).unwrap();
            let whole = fs::read(d.path().join("all").join(name)).unwrap();
            assert!(
                page == whole,
                "{name}: {} of {} bytes",
                page.len(),
                whole.len()
            );
        }
        let all = fs::read_dir(d.path().join("all")).unwrap().count();
        assert!(written.len() < all, "{written:?}");
    }

    #[test]
    #[ignore = "needs root to mount a tmpfs: .ci/run runs it with --ignored"]
    fn a_full_disk_leaves_the_table_on_stdout_and_says_the_file_was_not_written() {
        needs_root("to mount a tmpfs");
        let d = dir();
        let t = Tmpfs::mount(d.path(), "t", "64k");
        t.fill();
        // `--csv` streams its rows to stdout too; `-o`'s table goes there when its file fails.
        for (flag, file) in [("--csv", "t/o.csv"), ("-o", "t/o.txt")] {
            let o = run(&["count", "8,9", flag, file], d.path());
            refused(
                &o,
                3,
                &format!(
                    "cannot write '{file}': No space left on device (os error 28): the file \
                     was not written; the rows for n = 8, 9 are on stdout"
                ),
            );
            let out = String::from_utf8_lossy(&o.stdout);
            assert_eq!(totals(&out), [["8", "92"], ["9", "352"]], "{out}");
            assert!(!d.path().join(file).exists());
            assert!(temp_files(&t.0).is_empty());
        }
    }

    #[test]
    #[ignore = "needs root to mount a tmpfs: .ci/run runs it with --ignored"]
    fn every_command_with_a_finished_result_leaves_it_on_stdout_when_its_file_fails() {
        needs_root("to mount a tmpfs");
        let d = dir();
        run_ok(&["count", "8", "--part", "0/1", "--csv", "p.csv"], d.path());
        let t = Tmpfs::mount(d.path(), "t", "64k");
        t.fill();
        let no_space = "No space left on device (os error 28): the file was not written";
        // (arguments, the file that fails, what the message says is on stdout, a line of it)
        let cases: [(&[&str], &str, &str, &str); 8] = [
            (
                &["merge", "p.csv", "-o"],
                "t/m.txt",
                "rows for n = 8",
                "8     92",
            ),
            (
                &["merge", "p.csv", "--json"],
                "t/m.json",
                "rows for n = 8",
                "8     92",
            ),
            (
                &["verify", "8", "-o"],
                "t/v.txt",
                "rows for n = 8",
                "PASS n=8: total 92",
            ),
            (
                &["verify", "8", "--csv"],
                "t/v.csv",
                "rows for n = 8",
                "PASS n=8: total 92",
            ),
            (
                &["profile", "8", "-o"],
                "t/p.txt",
                "profiles of n = 8",
                "total   2057",
            ),
            (
                &["count", "8", "--part", "0/1", "--csv"],
                "t/p.csv",
                "part rows for n = 8 (CSV, for queens merge)",
                "queens-part-v1,8,",
            ),
            (
                &["count", "8", "--given", "a8", "-o"],
                "t/g.txt",
                "completions of n = 8",
                "a8",
            ),
            (
                &["count", "8", "--fixed-only", "-o"],
                "t/f.txt",
                "rows for n = 8",
                "burnside",
            ),
        ];
        // A part's CSV alone on stdout, as merge reads it; a b-file on stdout is not the rows.
        let o = run(
            &["count", "8", "--part", "0/1", "--csv", "t/q.csv"],
            d.path(),
        );
        let out = String::from_utf8_lossy(&o.stdout);
        assert!(
            out.starts_with("format,n,") && out.lines().count() == 2,
            "{out}"
        );
        let o = run(
            &["merge", "p.csv", "--bfile", "-", "--csv", "t/b.csv"],
            d.path(),
        );
        assert_eq!(o.status.code(), Some(3), "{}", err(&o));
        assert_has(&err(&o), &format!("cannot write 't/b.csv': {no_space}\n"));
        for (args, file, what, line) in cases {
            let o = run(&[args, &[file, "-q"]].concat(), d.path());
            refused(
                &o,
                3,
                &format!("cannot write '{file}': {no_space}; the {what} are on stdout"),
            );
            let out = String::from_utf8_lossy(&o.stdout);
            assert_has(&out, line);
            // Said once: a table streamed to stdout is not written there again.
            assert_eq!(out.matches(line).count(), 1, "{args:?}: {out}");
            assert!(!d.path().join(file).exists(), "{file}");
            assert!(temp_files(&t.0).is_empty());
        }
    }

    #[test]
    #[ignore = "needs root to mount a tmpfs: .ci/run runs it with --ignored"]
    fn a_csv_file_the_disk_filled_under_is_said_to_keep_its_first_rows() {
        needs_root("to mount a tmpfs");
        let d = dir();
        let t = Tmpfs::mount(d.path(), "t", "64k");
        // Room for one page: the file of n = 1, not its rewrite beside it.
        t.fill_leaving(4096);
        let o = run(&["count", "1-3", "--csv", "t/o.csv"], d.path());
        refused(
            &o,
            3,
            "cannot write 't/o.csv': No space left on device (os error 28): 't/o.csv' keeps \
             the rows for n = 1; the rows for n = 1 to 3 are on stdout",
        );
        let out = String::from_utf8_lossy(&o.stdout);
        assert_eq!(totals(&out), [["1", "1"], ["2", "0"], ["3", "0"]], "{out}");
        let kept = fs::read_to_string(t.0.join("o.csv")).unwrap();
        assert_eq!(totals(&kept), [["1", "1"]], "{kept}");
        assert!(temp_files(&t.0).is_empty());
    }

    #[test]
    #[ignore = "needs root to replace another user's file: .ci/run runs it with --ignored"]
    fn root_replacing_another_users_file_keeps_its_owner_and_group() {
        needs_root("to write another user's file");
        use std::os::unix::fs::MetadataExt;
        let d = dir();
        for (name, args) in [
            ("o.csv", &["count", "6", "--csv", "o.csv"][..]),
            ("b.txt", &["list", "6", "-o", "b.txt"][..]),
        ] {
            fs::write(d.path().join(name), "nobody's\n").unwrap();
            std::os::unix::fs::chown(d.path().join(name), Some(65534), Some(65534)).unwrap();
            run_ok(args, d.path());
            let m = fs::metadata(d.path().join(name)).unwrap();
            assert_eq!((m.uid(), m.gid()), (65534, 65534), "{name}");
            assert_ne!(
                fs::read_to_string(d.path().join(name)).unwrap(),
                "nobody's\n"
            );
        }
        // A new file is root's own.
        run_ok(&["count", "6", "--csv", "new.csv"], d.path());
        assert_eq!(fs::metadata(d.path().join("new.csv")).unwrap().uid(), 0);
    }
}
