//! The last holes of issue 21, each pinned through the real binary: exit codes of checkpoint
//! I/O, permission to replace, bounded readers, damaged checkpoints, a closed stderr,
//! `/dev/fd/N` paths, the checkpoint lock, small things and impossible values.
//!
//! Tests that need a full disk mount a small tmpfs in a temporary folder (as root) and are
//! SKIPPED with a message on stderr where mounting is not allowed; tests that need permissions
//! run the binary as `nobody` through `setpriv` (as root) and are SKIPPED otherwise. No test
//! touches the machine's own `/dev` entries or system files.

use crate::common::dir;
use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command as StdCommand, Output};

/// The binary, as a plain process (its standard streams can be set).
fn queens_plain() -> StdCommand {
    StdCommand::new(env!("CARGO_BIN_EXE_queens"))
}

/// The same with `--quiet`.
fn queens() -> StdCommand {
    let mut c = queens_plain();
    c.arg("--quiet");
    c
}

fn run(args: &[&str], cwd: &Path) -> Output {
    queens().args(args).current_dir(cwd).output().unwrap()
}

fn err(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// Asserts exit code `code`, one line on stderr containing `needle`, no panic.
fn refused(o: &Output, code: i32, needle: &str) {
    let e = err(o);
    assert_eq!(o.status.code(), Some(code), "{e}");
    assert!(e.contains(needle), "{e:?} lacks {needle:?}");
    assert!(!e.contains("panicked"), "{e}");
    assert_eq!(e.trim_end().lines().count(), 1, "one line expected: {e:?}");
}

/// Whether this test runs as root.
fn is_root() -> bool {
    StdCommand::new("id")
        .arg("-u")
        .output()
        .is_ok_and(|o| String::from_utf8_lossy(&o.stdout).trim() == "0")
}

/// Says on stderr (directly, so that it shows without --nocapture) that a test was skipped.
fn skipped(test: &str, why: &str) {
    let _ = writeln!(std::io::stderr(), "SKIPPED {test}: {why}");
}

/// The files whose names start with `.queens-` in `d` (temporary files left behind).
fn temp_files(d: &Path) -> Vec<String> {
    fs::read_dir(d)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with(".queens-"))
        .collect()
}

/// The binary as the user `nobody` (uid and gid 65534, no groups), `--quiet`, in `cwd`.
fn as_nobody(cwd: &Path) -> StdCommand {
    let mut c = StdCommand::new("setpriv");
    c.args(["--reuid=65534", "--regid=65534", "--clear-groups"])
        .arg(env!("CARGO_BIN_EXE_queens"))
        .arg("--quiet")
        .current_dir(cwd);
    c
}

/// A tmpfs of `size` mounted on a new folder `name` in `d`, unmounted when dropped.
struct Tmpfs(PathBuf);

impl Tmpfs {
    /// `None` (the test is then skipped) where mounting is not allowed.
    fn mount(d: &Path, name: &str, size: &str) -> Option<Tmpfs> {
        let at = d.join(name);
        fs::create_dir(&at).unwrap();
        let mounted = StdCommand::new("mount")
            .args([
                "-t",
                "tmpfs",
                "-o",
                &format!("size={size},mode=1777"),
                "tmpfs",
            ])
            .arg(&at)
            .stderr(std::process::Stdio::null())
            .status()
            .is_ok_and(|s| s.success());
        mounted.then_some(Tmpfs(at))
    }

    /// Fills the file system, then frees `keep` bytes.
    fn fill_leaving(&self, keep: u64) {
        let fill = self.0.join("fill");
        let _ = StdCommand::new("dd")
            .args(["if=/dev/zero", "bs=4096"])
            .arg(format!("of={}", fill.display()))
            .stderr(std::process::Stdio::null())
            .status();
        let len = fs::metadata(&fill).unwrap().len();
        fs::OpenOptions::new()
            .write(true)
            .open(&fill)
            .unwrap()
            .set_len(len.saturating_sub(keep))
            .unwrap();
    }
}

impl Drop for Tmpfs {
    fn drop(&mut self) {
        let _ = StdCommand::new("umount").arg(&self.0).status();
    }
}

// --- 1. checkpoint I/O failures exit 3 --------------------------------------------------------

#[test]
fn a_checkpoint_on_a_full_disk_is_an_io_failure_exit_3() {
    let d = dir();
    let Some(small) = Tmpfs::mount(d.path(), "small", "64k") else {
        return skipped(
            "a_checkpoint_on_a_full_disk_is_an_io_failure_exit_3",
            "cannot mount a tmpfs here",
        );
    };
    // No room for the header.
    small.fill_leaving(0);
    let o = run(&["count", "8", "--checkpoint", "small/ck"], d.path());
    refused(&o, 3, "No space left on device");
    // Room for the header and a few units, not for the 800 units of n = 12.
    fs::remove_file(small.0.join("ck")).unwrap();
    small.fill_leaving(4096);
    let o = run(&["count", "12", "--checkpoint", "small/ck"], d.path());
    refused(&o, 3, "cannot append to the checkpoint 'small/ck'");
    assert!(err(&o).contains("No space left on device"), "{}", err(&o));
}

#[test]
fn a_checkpoint_in_a_read_only_folder_is_an_io_failure_exit_3() {
    if !is_root() {
        return skipped(
            "a_checkpoint_in_a_read_only_folder_is_an_io_failure_exit_3",
            "needs root to run as nobody",
        );
    }
    let d = dir();
    use std::os::unix::fs::PermissionsExt;
    fs::set_permissions(d.path(), fs::Permissions::from_mode(0o755)).unwrap();
    fs::create_dir(d.path().join("ro")).unwrap();
    let o = as_nobody(d.path())
        .args(["count", "8", "--checkpoint", "ro/ck"])
        .output()
        .unwrap();
    refused(&o, 3, "the checkpoint 'ro/ck': Permission denied");
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

#[test]
fn another_users_file_is_refused_before_the_work_as_the_kernel_would() {
    if !is_root() {
        return skipped(
            "another_users_file_is_refused_before_the_work_as_the_kernel_would",
            "needs root to run as nobody",
        );
    }
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
        assert!(err(&o).contains("cannot replace '"), "{}", err(&o));
        assert!(
            started.elapsed() < std::time::Duration::from_secs(3),
            "{args:?} computed first"
        );
    }
    assert_eq!(fs::read_to_string(&open).unwrap(), "root's\n");
    assert_eq!(fs::read_to_string(&sticky).unwrap(), "root's\n");
    // nobody's own file in the sticky folder is nobody's to replace.
    let o = as_nobody(d.path())
        .args(["count", "6", "--csv", "s/mine.csv"])
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", err(&o));
    let o = as_nobody(d.path())
        .args(["count", "7", "--csv", "s/mine.csv"])
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", err(&o));
    assert!(
        fs::read_to_string(d.path().join("s/mine.csv"))
            .unwrap()
            .contains("\n7,40,")
    );
}
