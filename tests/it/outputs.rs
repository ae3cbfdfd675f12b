//! Output files through the real binary: devices, FIFOs and `/dev/fd/N` paths written
//! through, symlinks followed, read-only files and unwritable folders refused before any work
//! (also for another user's file, as the kernel would), the umask honoured, an output that is
//! also an input or two outputs on one file refused, no temporary file left by an interrupt,
//! and a closed stdout or stderr. Special files are made inside temporary directories only,
//! never on the machine's own `/dev` entries; tests that need root (device nodes, another
//! user: the binary run as `nobody` through `setpriv`) sit in `outputs::as_root`, `ignored` by a
//! plain `cargo test` and run by `.ci/run` (as root) with `--ignored`.

use crate::common::Succeeds;
use crate::common::assert_has;
use crate::common::file_with;
use crate::common::process::queens;
use crate::common::process::queens_plain;
use crate::common::process::run_ok;
use crate::common::process::run_refused;
use crate::common::process::{
    as_nobody, ended_before_the_work, err, fifo_reader, is_root, needs_root, refused, run, sh,
    temp_files,
};
use crate::common::{dir, path_str};
use crate::running::Running;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command as StdCommand;
use std::process::{Output, Stdio};
use std::time::{Duration, Instant};

// --- output destinations --------------------------------------------------------------------

/// The type of the file at `p`, not following a link.
fn file_type(p: impl AsRef<Path>) -> fs::FileType {
    fs::symlink_metadata(p).unwrap().file_type()
}

#[test]
fn a_fifo_is_written_through_to_its_reader() {
    let d = dir();
    let reader = fifo_reader(d.path(), "pipe");
    run_ok(&["count", "8", "--csv", "pipe"], d.path());
    let got = reader.join().unwrap();
    assert!(got.starts_with("n,total,"), "{got}");
    assert_has(&got, "\n8,92,");
    use std::os::unix::fs::FileTypeExt;
    assert!(file_type(d.path().join("pipe")).is_fifo());
}

#[test]
fn a_symlink_is_followed_and_a_descriptor_link_written_through() {
    let d = dir();
    fs::create_dir(d.path().join("real")).unwrap();
    fs::write(d.path().join("real/t.csv"), "old\n").unwrap();
    std::os::unix::fs::symlink("real/t.csv", d.path().join("link.csv")).unwrap();
    run_ok(&["count", "8", "--csv", "link.csv"], d.path());
    assert!(file_type(d.path().join("link.csv")).is_symlink());
    assert!(
        fs::read_to_string(d.path().join("real/t.csv"))
            .unwrap()
            .contains("\n8,92,")
    );
    assert!(temp_files(d.path()).is_empty() && temp_files(&d.path().join("real")).is_empty());
    // A link to the process's stdout, as /dev/stdout is.
    std::os::unix::fs::symlink("/proc/self/fd/1", d.path().join("out")).unwrap();
    let o = run_ok(&["count", "8", "--csv", "out"], d.path());
    assert!(String::from_utf8_lossy(&o.stdout).contains("\n8,92,"));
    assert!(file_type(d.path().join("out")).is_symlink());
}

#[test]
fn a_read_only_output_is_refused_and_kept() {
    let d = dir();
    let p = file_with(d.path(), "keep.csv", "mine\n");
    use std::os::unix::fs::PermissionsExt;
    fs::set_permissions(&p, fs::Permissions::from_mode(0o444)).unwrap();
    run_refused(
        &["count", "8", "--csv", "keep.csv"],
        d.path(),
        2,
        "'keep.csv' is read-only",
    );
    assert_eq!(fs::read_to_string(&p).unwrap(), "mine\n");
}

#[test]
fn an_unwritable_directory_is_a_usage_error_before_any_work() {
    let d = dir();
    fs::create_dir(d.path().join("ro")).unwrap();
    use std::os::unix::fs::PermissionsExt;
    fs::set_permissions(d.path().join("ro"), fs::Permissions::from_mode(0o555)).unwrap();
    fs::set_permissions(d.path(), fs::Permissions::from_mode(0o755)).unwrap();
    let bin = PathBuf::from(env!("CARGO_BIN_EXE_queens"));
    // Root writes anywhere: run as nobody then.
    let mut cmd = if is_root() {
        let mut c = StdCommand::new("setpriv");
        c.args(["--reuid=65534", "--regid=65534", "--clear-groups"])
            .arg(&bin);
        c
    } else {
        StdCommand::new(&bin)
    };
    let started = Instant::now();
    let o = cmd
        .args(["count", "18", "--kernel", "scalar", "--csv", "ro/x.csv"])
        .current_dir(d.path())
        .output()
        .unwrap();
    refused(
        &o,
        2,
        "cannot write 'ro/x.csv': cannot create files in 'ro'",
    );
    // Measured: 0.18 s on a loaded 2-core machine (the count itself takes minutes); the
    // limit is over ten times that.
    ended_before_the_work(started, Duration::from_secs(5));
}

#[test]
fn new_outputs_honour_the_umask() {
    let d = dir();
    let bin = PathBuf::from(env!("CARGO_BIN_EXE_queens"));
    assert!(sh(
        &format!(
            "umask 077 && '{}' -q count 6 --csv private.csv",
            bin.display()
        ),
        d.path()
    ));
    assert!(sh(
        &format!(
            "umask 022 && '{}' -q count 6 --csv shared.csv",
            bin.display()
        ),
        d.path()
    ));
    use std::os::unix::fs::PermissionsExt;
    let mode = |n: &str| fs::metadata(d.path().join(n)).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode("private.csv"), 0o600);
    assert_eq!(mode("shared.csv"), 0o644);
}

#[test]
fn an_output_that_is_also_an_input_is_refused() {
    let d = dir();
    for r in ["0", "1"] {
        run_ok(
            &[
                "count",
                "8",
                "--part",
                &format!("{r}/2"),
                "--csv",
                &format!("p{r}.csv"),
            ],
            d.path(),
        );
    }
    let before = fs::read(d.path().join("p0.csv")).unwrap();
    run_refused(
        &["merge", "p0.csv", "p1.csv", "--csv", "./p0.csv"],
        d.path(),
        2,
        "is also an input of this command",
    );
    assert_eq!(fs::read(d.path().join("p0.csv")).unwrap(), before);
    run_refused(
        &["count", "8", "--checkpoint", "x.csv", "--csv", "x.csv"],
        d.path(),
        2,
        "--csv 'x.csv' is also an input of this command (--checkpoint 'x.csv')",
    );
    assert!(!d.path().join("x.csv").exists());
}

#[test]
fn an_interrupted_list_keeps_the_boards_written_and_no_temporary_file() {
    let d = dir();
    let big = d.path().join("big.txt");
    for signal in ["INT", "TERM"] {
        // The signal comes on the run's start line (a heartbeat of 1 ms: the line comes once
        // the run has lasted 1 ms), while the list is written to its temporary file: no
        // timing of ours, so a faster search cannot finish first (`list 16` writes 14.7
        // million boards).
        let mut run = Running::spawn(
            &["list", "16", "-o", path_str(&big)],
            &[("QUEENS_HEARTBEAT_MS", "1")],
            Stdio::null(),
        );
        run.wait_err(": started: ");
        assert_eq!(temp_files(d.path()).len(), 1, "{:?}", temp_files(d.path()));
        run.signal(signal);
        let (code, _, err) = run.finish();
        // A stop within milliseconds: the boards written so far are closed and kept (the
        // file replaced atomically), the error says how many; no temporary file is left.
        assert_eq!(code, Some(1), "{err:?}");
        assert!(
            temp_files(d.path()).is_empty(),
            "{:?}",
            temp_files(d.path())
        );
        let lines = fs::read_to_string(&big).unwrap().lines().count();
        let told = format!(
            "the first {} are written to '{}' (the list is cut short)",
            queens::board::plural(lines as u64, "board"),
            big.display()
        );
        assert!(err.last().unwrap().ends_with(&told), "{err:?}");
        fs::remove_file(&big).unwrap();
    }
}

#[test]
fn an_interrupted_classify_names_the_output_it_did_not_write() {
    let d = dir();
    let boards = d.path().join("b14.txt");
    run_ok(&["list", "14", "-o", path_str(&boards)], d.path());
    let out = d.path().join("out.csv");
    for signal in ["INT", "TERM"] {
        // Some 365,000 boards to classify (seconds): the signal comes on the start line.
        let mut run = Running::spawn(
            &["classify", "-o", path_str(&out)],
            &[("QUEENS_HEARTBEAT_MS", "1")],
            Stdio::from(fs::File::open(&boards).unwrap()),
        );
        run.wait_err(": started: ");
        run.signal(signal);
        let (code, _, err) = run.finish();
        // A stop, exit 1 (the process was killed by the signal, 130 or 143, before the
        // classification stopped on it).
        assert_eq!(code, Some(1), "{err:?}");
        let told = format!(
            " boards classified, and '{}' was not written (nothing there was changed); the \
             rest of the input was not read",
            out.display()
        );
        let last = err.last().unwrap();
        assert!(
            last.starts_with(&format!("queens: error: stopped by SIG{signal}: "))
                && last.ends_with(&told),
            "{err:?}"
        );
        assert!(!out.exists() && temp_files(d.path()).is_empty());
    }
}

#[test]
fn a_render_stopped_while_it_computes_names_the_output_it_did_not_write() {
    let d = dir();
    let out = d.path().join("class.svg");
    // Finding class 2,000,000 of n = 20 lists that many classes (seconds): the signal comes on
    // the start line, before the picture's file is begun.
    let mut run = Running::spawn(
        &["render", "20", "--class", "2000000", "-o", path_str(&out)],
        &[("QUEENS_HEARTBEAT_MS", "1")],
        Stdio::null(),
    );
    run.wait_err(": started: ");
    run.signal("INT");
    let (code, _, err) = run.finish();
    assert_eq!(code, Some(130), "{err:?}");
    let told = format!(
        "queens: stopped by SIGINT: '{}' was not written (nothing there was changed)",
        out.display()
    );
    assert!(err.contains(&told), "{err:?}");
    assert!(!out.exists() && temp_files(d.path()).is_empty());
}

// --- no panics ---------------------------------------------------------------------------------

#[test]
fn a_closed_stderr_or_a_non_utf8_path_is_no_panic() {
    let d = dir();
    let (reader, writer) = std::io::pipe().unwrap();
    drop(reader);
    queens_plain()
        .args(["count", "5", "--csv", "no/such/dir/x.csv"])
        .stderr(writer)
        .exits(2);
    use std::os::unix::ffi::OsStrExt;
    let name = std::ffi::OsStr::from_bytes(b"a\xff.ckpt");
    let o = queens_plain()
        .args(["count", "5", "--checkpoint"])
        .arg(name)
        .current_dir(d.path())
        .output()
        .unwrap();
    refused(&o, 2, "is not valid UTF-8");
}

#[test]
fn a_closed_stdout_is_a_normal_end_for_every_command() {
    let d = dir();
    run_ok(&["count", "8", "--part", "0/1", "--csv", "p.csv"], d.path());
    run_ok(&["count", "4-9", "--csv", "t.csv"], d.path());
    let commands: [&[&str]; 6] = [
        &["count", "4-12"],
        &["count", "4-12", "--csv", "-"],
        &["verify", "4-12"],
        &["merge", "p.csv"],
        &["plot", "t.csv", "-o", "-"],
        &["list", "12"],
    ];
    for args in commands {
        let (reader, writer) = std::io::pipe().unwrap();
        drop(reader);
        let o = queens()
            .args(args)
            .current_dir(d.path())
            .stdout(writer)
            .output()
            .unwrap();
        assert_eq!(o.status.code(), Some(0), "{args:?}: {}", err(&o));
        assert!(err(&o).is_empty(), "{args:?}: {}", err(&o));
    }
}

/// `queens args…` in `d` with its stdout a pipe whose reader is gone.
fn with_closed_stdout(args: &[&str], d: &Path) -> Output {
    let (reader, writer) = std::io::pipe().unwrap();
    drop(reader);
    let mut cmd = queens();
    cmd.args(args).current_dir(d).stdout(writer);
    cmd.output().unwrap()
}

#[test]
fn a_closed_stdout_hides_no_wrong_value_and_no_file() {
    let d = dir();
    run_ok(&["count", "8,9", "--csv", "k.csv"], d.path());
    let good = fs::read_to_string(d.path().join("k.csv")).unwrap();
    fs::write(d.path().join("bad.csv"), good.replace("\n8,92,", "\n8,93,")).unwrap();
    // The sizes finished before stdout closed are checked, loudly, and written to the files.
    for (args, file, said) in [
        (
            &["count", "8,9", "--known", "bad.csv", "--csv", "c.csv"][..],
            "c.csv",
            "MISMATCH against 'bad.csv': n = 8",
        ),
        (
            &["verify", "8,9", "--known", "bad.csv", "--csv", "v.csv"][..],
            "v.csv",
            "1 of 1 board size failed verification",
        ),
    ] {
        let o = with_closed_stdout(args, d.path());
        assert_eq!(o.status.code(), Some(1), "{args:?}: {}", err(&o));
        assert_has(&err(&o), said);
        assert_has(&fs::read_to_string(d.path().join(file)).unwrap(), "\n8,92,");
        // The size the closed stdout left undone is said.
        let word = if args[0] == "count" {
            "counted"
        } else {
            "checked"
        };
        assert_has(
            &err(&o),
            &format!("stdout was closed at n = 8: n = 9 not {word} ('{file}' holds n = 8)"),
        );
    }
    // The sizes a closed stdout left uncounted are said, even with --quiet (as here): the
    // file is short of what was asked.
    let o = with_closed_stdout(&["count", "8-10", "--csv", "c.csv"], d.path());
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    assert_has(
        &err(&o),
        "queens: note: stdout was closed at n = 8: n = 9, 10 not counted ('c.csv' holds n = 8)",
    );
    // A profile's files are written, and named when a stop says what is written.
    let o = with_closed_stdout(&["profile", "8,9", "--csv", "p.csv"], d.path());
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    assert_has(&fs::read_to_string(d.path().join("p.csv")).unwrap(), "\n8,");
    assert_has(
        &err(&o),
        "stdout was closed at n = 8: n = 9 not profiled ('p.csv' holds n = 8)",
    );
    // list --given writes to -o's file, not stdout.
    let o = run_ok(&["list", "8", "--given", "a8", "-o", "g.txt"], d.path());
    assert!(o.stdout.is_empty());
    let listed = fs::read_to_string(d.path().join("g.txt")).unwrap();
    assert_eq!(listed.lines().count(), 4, "{listed}");
}

// --- 5. a closed stderr never fails a command ---------------------------------------------------

/// `cmd` with its stderr a pipe whose reader is gone (every write to it fails).
fn with_closed_stderr(cmd: &mut StdCommand) -> Output {
    let (reader, writer) = std::io::pipe().unwrap();
    drop(reader);
    cmd.stderr(writer).output().unwrap()
}

#[test]
fn a_closed_stderr_never_fails_a_command() {
    let d = dir();
    let boards = crate::common::stdout_of(&["list", "8", "--format", "cols1"]);
    fs::write(d.path().join("b.txt"), &boards).unwrap();
    // A notation other than cols is announced on stderr: the output is still written.
    let o = with_closed_stderr(
        queens_plain()
            .args(["classify", "b.txt", "-o", "c.txt"])
            .current_dir(d.path()),
    );
    assert_eq!(o.status.code(), Some(0));
    let out = fs::read_to_string(d.path().join("c.txt")).unwrap();
    assert_eq!(out.lines().count(), 93, "a heading and 92 boards: {out}");
    assert!(temp_files(d.path()).is_empty());
    // The summary and "no solutions" notes.
    let o = with_closed_stderr(
        queens_plain()
            .args(["classify", "b.txt"])
            .current_dir(d.path()),
    );
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(String::from_utf8_lossy(&o.stdout).lines().count(), 93);
    let o = with_closed_stderr(queens_plain().args(["list", "2"]));
    assert_eq!(o.status.code(), Some(0));
    assert!(o.stdout.is_empty());
    // An error still has its exit code.
    let o = with_closed_stderr(queens_plain().args(["count", "99"]));
    assert_eq!(o.status.code(), Some(2));
}

// --- 2. permission to replace, checked before the work ----------------------------------------

/// A folder `name` in `d` with `mode`, holding root's `o.csv` with `file_mode`.
fn folder_with_roots_file(d: &Path, name: &str, mode: u32, file_mode: u32) -> PathBuf {
    use std::os::unix::fs::PermissionsExt;
    fs::set_permissions(d, fs::Permissions::from_mode(0o755)).unwrap();
    let f = d.join(name);
    fs::create_dir(&f).unwrap();
    fs::set_permissions(&f, fs::Permissions::from_mode(mode)).unwrap();
    fs::write(f.join("o.csv"), "root's\n").unwrap();
    fs::set_permissions(f.join("o.csv"), fs::Permissions::from_mode(file_mode)).unwrap();
    f.join("o.csv")
}

// --- 8. small things --------------------------------------------------------------------------

#[test]
fn a_parent_that_is_a_file_is_named_as_one() {
    let d = dir();
    fs::write(d.path().join("f"), "a file\n").unwrap();
    refused(
        &run(&["count", "6", "--csv", "f/x.csv"], d.path()),
        2,
        "cannot write 'f/x.csv': 'f' is a file, not a directory",
    );
}

#[test]
fn a_name_ending_in_a_slash_is_refused_before_the_work() {
    let d = dir();
    fs::write(d.path().join("f"), "a file\n").unwrap();
    for (flag, name) in [("--csv", "newdir/"), ("-o", "f/"), ("--json", "newdir/")] {
        refused(
            &run(&["count", "6", flag, name], d.path()),
            2,
            &format!("cannot write '{name}': a name ending in '/' is a folder's; give a file name"),
        );
    }
    refused(
        &run(&["list", "6", "-o", "."], d.path()),
        2,
        "'.' is a directory, not a file",
    );
    assert!(!d.path().join("newdir").exists());
}

#[test]
fn two_outputs_on_one_file_are_refused_before_the_work() {
    let d = dir();
    refused(
        &run(&["count", "6", "--csv", "x", "--markdown", "./x"], d.path()),
        2,
        "--csv 'x' and --markdown './x' name the same file",
    );
    assert!(!d.path().join("x").exists());
}

// --- 6. descriptors: /dev/fd/N and /proc/self/fd/N ---------------------------------------------

#[test]
fn a_descriptor_path_is_written_through_and_appended_to() {
    let d = dir();
    // A link to /proc/self/fd in the temporary folder: what /dev/fd is, without the machine's
    // own /dev.
    std::os::unix::fs::symlink("/proc/self/fd", d.path().join("fd")).unwrap();
    let fd2 = d.path().join("fd/2");
    let fd2 = fd2.to_str().unwrap();
    // A file opened for appending (`2>>log.txt`): its earlier lines stay.
    let log = file_with(d.path(), "log.txt", "earlier\n");
    let append = fs::OpenOptions::new().append(true).open(&log).unwrap();
    queens()
        .args(["count", "6", "--csv", fd2])
        .current_dir(d.path())
        .stderr(append)
        .succeeds();
    let text = fs::read_to_string(&log).unwrap();
    assert!(text.starts_with("earlier\nn,total,"), "{text}");
    assert_has(&text, "\n6,4,1,");
    assert!(temp_files(d.path()).is_empty());
    // A pipe (a process substitution): written through, not refused.
    let o = queens()
        .args(["count", "6", "--csv", fd2])
        .current_dir(d.path())
        .succeeds();
    assert!(err(&o).starts_with("n,total,"), "{}", err(&o));
    assert_has(&err(&o), "\n6,4,1,");
}

/// A descriptor that is the process's own stdout or stderr, a regular file the shell opened
/// (`> log`), is written through that very descriptor: the shell's next write on it follows
/// the output instead of overwriting it from the start (as it did when the path was opened
/// anew: `done` over the table's first bytes).
#[test]
fn the_own_stdout_or_stderr_as_a_path_shares_the_shells_offset() {
    let d = dir();
    std::os::unix::fs::symlink("/proc/self/fd", d.path().join("fd")).unwrap();
    let q = env!("CARGO_BIN_EXE_queens");
    let script = format!(
        "{{ '{q}' count 8 -q --threads 1 -o fd/1; echo done; }} > log1.txt; \
         {{ '{q}' list 5 -q -o fd/1; echo done; }} > log2.txt; \
         {{ '{q}' count 6 -q --threads 1 --csv fd/2; echo done >&2; }} 2> log3.txt"
    );
    assert!(sh(&script, d.path()));
    let log1 = fs::read_to_string(d.path().join("log1.txt")).unwrap();
    assert!(log1.starts_with("n  total  classes"), "{log1}");
    assert!(
        log1.contains("\n8     92       12") && log1.ends_with("\ndone\n"),
        "{log1}"
    );
    let log2 = fs::read_to_string(d.path().join("log2.txt")).unwrap();
    assert!(
        log2.starts_with("0 2 4 1 3\n") && log2.ends_with("4 2 0 3 1\ndone\n"),
        "{log2}"
    );
    assert_eq!(log2.lines().count(), 11, "{log2}");
    let log3 = fs::read_to_string(d.path().join("log3.txt")).unwrap();
    assert!(
        log3.starts_with("n,total,") && log3.ends_with("\ndone\n"),
        "{log3}"
    );
    assert_has(&log3, "\n6,4,1,");
}

/// The tests that need root (a tmpfs mounted in a temporary folder, the binary run as
/// `nobody`, device nodes made in a temporary folder): `ignored` by a plain `cargo test`,
/// run by `.ci/run` (as root) with `--ignored as_root::`, where a missing permission fails.
mod as_root {
    use super::*;

    #[test]
    #[ignore = "needs root for mknod(2): .ci/run runs it with --ignored"]
    fn a_character_device_is_written_through_not_replaced() {
        needs_root("for mknod");
        let d = dir();
        assert!(sh("mknod null c 1 3 && mknod full c 1 7", d.path()));
        run_ok(&["count", "6", "--csv", "null"], d.path());
        let o = run(&["count", "6", "--csv", "full"], d.path());
        // An I/O failure has its own exit code, 3 (1 is a check that did not pass).
        refused(&o, 3, "cannot write 'full': No space left on device");
        use std::os::unix::fs::FileTypeExt;
        for dev in ["null", "full"] {
            let t = fs::symlink_metadata(d.path().join(dev))
                .unwrap()
                .file_type();
            assert!(t.is_char_device(), "{dev} was replaced");
        }
        assert!(temp_files(d.path()).is_empty());
    }

    /// Help and version texts written to a full device: exit 3 with the error, as every
    /// command's output (clap's own print dropped the error and exited 0).
    #[test]
    #[ignore = "needs root for mknod(2): .ci/run runs it with --ignored"]
    fn help_and_version_on_a_full_device_are_an_io_error() {
        needs_root("for mknod");
        let d = dir();
        assert!(sh("mknod full c 1 7", d.path()));
        for args in [
            &["--help"][..],
            &["-h"],
            &["-V"],
            &["help", "count"],
            &["count", "-h"],
        ] {
            let full = fs::OpenOptions::new()
                .write(true)
                .open(d.path().join("full"))
                .unwrap();
            let o = queens_plain().args(args).stdout(full).output().unwrap();
            assert_eq!(o.status.code(), Some(3), "{args:?}");
            assert_eq!(
                err(&o),
                "queens: error: cannot write to stdout: No space left on device (os error 28)\n",
                "{args:?}"
            );
        }
    }

    #[test]
    #[ignore = "needs root for mknod(2): .ci/run runs it with --ignored"]
    fn every_output_that_fails_is_named_and_the_others_are_written() {
        needs_root("for mknod");
        let d = dir();
        assert!(sh("mknod full c 1 7 && ln -s full full2", d.path()));
        // -o and --json both fail: both said, the rows on stdout, exit 3.
        let o = run(
            &["count", "6-7", "-q", "-o", "full", "--json", "full2"],
            d.path(),
        );
        refused(&o, 3, "cannot write 'full': No space left on device");
        assert_has(
            &err(&o),
            "the rows for n = 6, 7 are on stdout; cannot write 'full2'",
        );
        assert_has(&String::from_utf8_lossy(&o.stdout), "\n7     40");
        // A failed --json does not cost the --markdown written after it.
        let o = run(
            &["count", "6-7", "-q", "--json", "full", "--markdown", "m.md"],
            d.path(),
        );
        refused(&o, 3, "cannot write 'full'");
        assert_has(&fs::read_to_string(d.path().join("m.md")).unwrap(), "| 7 |");
    }

    #[test]
    #[ignore = "needs root to run the binary as nobody (setpriv): .ci/run runs it with --ignored"]
    fn another_users_file_is_refused_before_the_work_as_the_kernel_would() {
        needs_root("to run the binary as nobody");
        let d = dir();
        // A folder anyone may write in (777, not sticky): root's 644 file is not nobody's to
        // overwrite, as `>` or `cp` would say.
        let open = folder_with_roots_file(d.path(), "w", 0o777, 0o644);
        // A sticky folder (1777, as /tmp): root's file, even writable by all, is only its owner's
        // to replace.
        let sticky = folder_with_roots_file(d.path(), "s", 0o1777, 0o666);
        let cases: [(&[&str], &str); 5] = [
            (&["count", "16", "--csv", "w/o.csv"], "you may not write it"),
            (
                &["count", "16", "--csv", "s/o.csv"],
                "in the sticky folder 's'",
            ),
            (&["list", "14", "-o", "s/o.csv"], "in the sticky folder 's'"),
            (
                &["profile", "10-12", "--csv", "s/o.csv"],
                "in the sticky folder 's'",
            ),
            (&["list", "14", "-o", "w/o.csv"], "you may not write it"),
        ];
        for (args, needle) in cases {
            let started = std::time::Instant::now();
            let o = as_nobody(d.path()).args(args).output().unwrap();
            refused(&o, 2, needle);
            assert_has(&err(&o), "cannot replace '");
            // Measured: 0.07 to 0.13 s each on a loaded 2-core machine (the work itself takes 0.2
            // to 3.7 s); the limit is over ten times that.
            assert!(
                started.elapsed() < std::time::Duration::from_secs(3),
                "{args:?} computed first"
            );
        }
        assert_eq!(fs::read_to_string(&open).unwrap(), "root's\n");
        assert_eq!(fs::read_to_string(&sticky).unwrap(), "root's\n");
        // nobody's own file in the sticky folder is nobody's to replace.
        as_nobody(d.path())
            .args(["count", "6", "--csv", "s/mine.csv"])
            .succeeds();
        as_nobody(d.path())
            .args(["count", "7", "--csv", "s/mine.csv"])
            .succeeds();
        assert!(
            fs::read_to_string(d.path().join("s/mine.csv"))
                .unwrap()
                .contains("\n7,40,")
        );
    }
}
