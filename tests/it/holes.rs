//! The last holes of issue 21, each pinned through the real binary: exit codes of checkpoint
//! I/O, permission to replace, bounded readers, damaged checkpoints, a closed stderr,
//! `/dev/fd/N` paths, the checkpoint lock, small things and impossible values.
//!
//! Tests that need a full disk mount a small tmpfs in a temporary folder (as root) and are
//! SKIPPED with a message on stderr where mounting is not allowed; tests that need permissions
//! run the binary as `nobody` through `setpriv` (as root) and are SKIPPED otherwise. No test
//! touches the machine's own `/dev` entries or system files.

use crate::common::dir;
use crate::common::process::{err, is_root, queens, queens_plain, refused, run, temp_files};
use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command as StdCommand, Output};

/// Says on stderr (directly, so that it shows without --nocapture) that a test was skipped.
fn skipped(test: &str, why: &str) {
    let _ = writeln!(std::io::stderr(), "SKIPPED {test}: {why}");
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

// --- 3. readers in bounded memory ----------------------------------------------------------------

/// The peak memory (KiB) of `queens --quiet args…` in `cwd` by `/usr/bin/time`, with its output;
/// `None` where that tool is missing.
fn peak_kib(args: &[&str], cwd: &Path) -> Option<(u64, Output)> {
    if !Path::new("/usr/bin/time").exists() {
        return None;
    }
    let o = StdCommand::new("/usr/bin/time")
        .args([
            "-f",
            "%M",
            "-o",
            "rss.txt",
            env!("CARGO_BIN_EXE_queens"),
            "--quiet",
        ])
        .args(args)
        .current_dir(cwd)
        .output()
        .unwrap();
    let kib = fs::read_to_string(cwd.join("rss.txt")).unwrap();
    Some((kib.trim().lines().last().unwrap().parse().unwrap(), o))
}

#[test]
fn a_file_of_copies_of_one_part_is_refused_in_bounded_memory_and_one_short_line() {
    let d = dir();
    let o = run(&["count", "8", "--part", "0/1", "--csv", "p.csv"], d.path());
    assert!(o.status.success(), "{}", err(&o));
    let text = fs::read_to_string(d.path().join("p.csv")).unwrap();
    let (header, row) = text.split_once('\n').unwrap();
    // 200,000 copies: 23 MB, which took 185 MB to refuse, with every copy named.
    let big = format!("{header}\n{}", row.repeat(200_000));
    fs::write(d.path().join("big.csv"), big).unwrap();
    let Some((kib, o)) = peak_kib(&["merge", "big.csv"], d.path()) else {
        return skipped(
            "a_file_of_copies_of_one_part_is_refused_in_bounded_memory_and_one_short_line",
            "/usr/bin/time is missing",
        );
    };
    refused(
        &o,
        1,
        "n = 8: part 0/1 appears again in big.csv line 3 (first at line 2)",
    );
    assert!(err(&o).contains("… and 199991 more"), "{}", err(&o));
    assert!(o.stderr.len() < 2000, "{} bytes of message", o.stderr.len());
    assert!(kib < 40_000, "{kib} KiB");
}

#[test]
fn plot_and_known_refuse_a_table_of_copies_as_they_meet_it() {
    let d = dir();
    let o = run(&["count", "8", "--csv", "t.csv"], d.path());
    assert!(o.status.success(), "{}", err(&o));
    let text = fs::read_to_string(d.path().join("t.csv")).unwrap();
    let (header, row) = text.split_once('\n').unwrap();
    fs::write(
        d.path().join("big.csv"),
        format!("{header}\n{}", row.repeat(100_000)),
    )
    .unwrap();
    let Some((kib, o)) = peak_kib(&["plot", "big.csv", "-o", "p.svg"], d.path()) else {
        return skipped(
            "plot_and_known_refuse_a_table_of_copies_as_they_meet_it",
            "/usr/bin/time is missing",
        );
    };
    refused(
        &o,
        2,
        "'big.csv' is not a queens table: more than 66 rows: a queens table holds one row per \
         board size (0 to 32) and engine",
    );
    assert!(!d.path().join("p.svg").exists());
    assert!(kib < 40_000, "plot: {kib} KiB");
    let (kib, o) = peak_kib(&["count", "6", "--known", "big.csv"], d.path()).unwrap();
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
        "line 2: n = 99 is outside 0 to 32",
    );
    // A JSON document of as many rows is refused while it is read.
    let o = run(&["count", "8", "--json", "t.json"], d.path());
    assert!(o.status.success(), "{}", err(&o));
    let json = fs::read_to_string(d.path().join("t.json")).unwrap();
    let start = json.find("\"rows\": [").unwrap() + "\"rows\": [".len();
    let end = json.rfind(']').unwrap();
    let one = json[start..end].trim().to_string();
    let many = vec![one; 100].join(",");
    fs::write(
        d.path().join("big.json"),
        format!("{}{many}{}", &json[..start], &json[end..]),
    )
    .unwrap();
    refused(
        &run(&["plot", "big.json", "-o", "p.svg"], d.path()),
        2,
        "more than 66 rows",
    );
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
fn two_outputs_on_one_file_are_refused_before_the_work() {
    let d = dir();
    refused(
        &run(&["count", "6", "--csv", "x", "--markdown", "./x"], d.path()),
        2,
        "--csv 'x' and --markdown './x' name the same file",
    );
    assert!(!d.path().join("x").exists());
}

#[test]
fn concatenated_part_files_merge() {
    let d = dir();
    for r in 0..3 {
        let part = format!("{r}/3");
        let file = format!("p{r}.csv");
        let o = run(&["count", "9", "--part", &part, "--csv", &file], d.path());
        assert!(o.status.success(), "{}", err(&o));
    }
    let all: String = (0..3)
        .map(|r| fs::read_to_string(d.path().join(format!("p{r}.csv"))).unwrap())
        .collect();
    fs::write(d.path().join("all.csv"), all).unwrap();
    let o = run(&["merge", "all.csv", "--csv", "-"], d.path());
    assert!(o.status.success(), "{}", err(&o));
    let out = String::from_utf8(o.stdout).unwrap();
    assert!(
        out.lines().nth(1).unwrap().starts_with("9,352,46,"),
        "{out}"
    );
}

#[test]
fn quiet_keeps_the_note_on_dropped_checkpoint_lines() {
    let d = dir();
    let o = run(&["count", "9", "--checkpoint", "ck"], d.path());
    assert!(o.status.success(), "{}", err(&o));
    let text = fs::read_to_string(d.path().join("ck")).unwrap();
    let mut lines: Vec<String> = text.lines().map(String::from).collect();
    // Damage a line in the middle: a digit of its checksum.
    let mid = lines.len() / 2;
    let last = lines[mid].pop().unwrap();
    lines[mid].push(if last == '0' { '1' } else { '0' });
    fs::write(d.path().join("ck"), lines.join("\n") + "\n").unwrap();
    let o = run(
        &["count", "9", "--checkpoint", "ck", "--csv", "-"],
        d.path(),
    );
    assert!(o.status.success(), "{}", err(&o));
    let e = err(&o);
    assert!(
        e.contains("the checkpoint 'ck': 1 line dropped and its units will be counted again"),
        "{e}"
    );
    assert!(String::from_utf8(o.stdout).unwrap().contains("\n9,352,46,"));
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
    let log = d.path().join("log.txt");
    fs::write(&log, "earlier\n").unwrap();
    let append = fs::OpenOptions::new().append(true).open(&log).unwrap();
    let o = queens()
        .args(["count", "6", "--csv", fd2])
        .current_dir(d.path())
        .stderr(append)
        .output()
        .unwrap();
    assert!(o.status.success());
    let text = fs::read_to_string(&log).unwrap();
    assert!(text.starts_with("earlier\nn,total,"), "{text}");
    assert!(text.contains("\n6,4,1,"), "{text}");
    assert!(temp_files(d.path()).is_empty());
    // A pipe (a process substitution): written through, not refused.
    let o = queens()
        .args(["count", "6", "--csv", fd2])
        .current_dir(d.path())
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", err(&o));
    assert!(err(&o).starts_with("n,total,"), "{}", err(&o));
    assert!(err(&o).contains("\n6,4,1,"), "{}", err(&o));
}

// --- 4. small damage keeps what verifies ---------------------------------------------------------

/// Counts `n` with a complete checkpoint `ck` in `d`; returns its lines.
fn complete_checkpoint(n: &str, d: &Path) -> Vec<String> {
    let o = run(&["count", n, "--checkpoint", "ck"], d);
    assert!(o.status.success(), "{}", err(&o));
    let text = fs::read_to_string(d.join("ck")).unwrap();
    text.lines().map(String::from).collect()
}

/// The lines of a checkpoint, the header first and the unit lines sorted (a rewrite writes
/// them in unit order).
fn sorted(text: &str) -> Vec<&str> {
    let mut lines: Vec<&str> = text.lines().collect();
    lines[1..].sort_unstable();
    lines
}

/// Resumes `count 10 --checkpoint ck` in `d`, expects the right row and every unit resumed;
/// returns stderr.
fn resumes_all_of_ten(d: &Path, units: usize) -> String {
    let o = queens_plain()
        .args(["count", "10", "--checkpoint", "ck", "--csv", "-"])
        .current_dir(d)
        .output()
        .unwrap();
    let e = err(&o);
    assert!(o.status.success(), "{e}");
    assert!(
        String::from_utf8(o.stdout)
            .unwrap()
            .contains("\n10,724,92,"),
        "{e}"
    );
    assert!(
        e.contains(&format!("{units} of {units} units of n = 10 already done")),
        "{e}"
    );
    e
}

#[test]
fn a_flipped_bit_in_the_header_keeps_every_unit_that_verifies() {
    let d = dir();
    let lines = complete_checkpoint("10", d.path());
    let units = lines.len() - 1;
    let mut bytes = fs::read(d.path().join("ck")).unwrap();
    bytes[25] ^= 0x01;
    fs::write(d.path().join("ck"), &bytes).unwrap();
    let e = resumes_all_of_ten(d.path(), units);
    assert!(
        e.contains(&format!(
            "its header was damaged and is written again; the {units} units whose lines verify \
             against this run are kept"
        )),
        "{e}"
    );
    let again = fs::read_to_string(d.path().join("ck")).unwrap();
    assert_eq!(
        sorted(&again),
        sorted(&lines.join("\n")),
        "written again as it was"
    );
    // A header of another run, intact, is still refused: nothing is counted.
    let o = run(&["count", "11", "--checkpoint", "ck"], d.path());
    refused(&o, 2, "belongs to another run");
}

#[test]
fn a_zero_filled_hole_without_a_newline_loses_only_the_lines_it_covers() {
    let d = dir();
    let lines = complete_checkpoint("10", d.path());
    let units = lines.len() - 1;
    let half = lines.len() / 2;
    // A hole of 2 MiB glued to the start of a line in the middle: that line is lost.
    let mut bytes = (lines[..half].join("\n") + "\n").into_bytes();
    bytes.extend(std::iter::repeat_n(0u8, 2 << 20));
    bytes.extend((lines[half..].join("\n") + "\n").into_bytes());
    fs::write(d.path().join("ck"), &bytes).unwrap();
    let o = queens_plain()
        .args(["count", "10", "--checkpoint", "ck", "--csv", "-"])
        .current_dir(d.path())
        .output()
        .unwrap();
    let e = err(&o);
    assert!(o.status.success(), "{e}");
    assert!(e.contains("1 line dropped"), "{e}");
    assert!(
        e.contains(&format!(
            "{} of {units} units of n = 10 already done",
            units - 1
        )),
        "{e}"
    );
    assert!(
        String::from_utf8(o.stdout)
            .unwrap()
            .contains("\n10,724,92,")
    );
    // A hole that swallows the header: the unit lines still verify.
    let mut bytes = vec![0u8; 2 << 20];
    bytes.extend((lines.join("\n") + "\n").into_bytes());
    fs::write(d.path().join("ck"), &bytes).unwrap();
    let e = resumes_all_of_ten(d.path(), units);
    assert!(e.contains("its header was damaged"), "{e}");
}

#[test]
fn crlf_line_ends_are_read_and_reordered_header_fields_are_named() {
    let d = dir();
    let lines = complete_checkpoint("10", d.path());
    let units = lines.len() - 1;
    fs::write(d.path().join("ck"), lines.join("\r\n") + "\r\n").unwrap();
    resumes_all_of_ten(d.path(), units);
    let again = fs::read_to_string(d.path().join("ck")).unwrap();
    assert!(!again.contains('\r'), "written again with plain line ends");
    assert_eq!(sorted(&again), sorted(&lines.join("\n")));
    // The header alone, its fields swapped: said so, not "checksum".
    let fields: Vec<&str> = lines[0].split(',').collect();
    let mut swapped = fields.clone();
    swapped.swap(2, 3);
    fs::write(d.path().join("ck"), swapped.join(",") + "\n").unwrap();
    let o = run(&["count", "10", "--checkpoint", "ck"], d.path());
    refused(
        &o,
        1,
        "the header's fields are in another order than queens writes them",
    );
    // With its unit lines, the units are kept.
    fs::write(
        d.path().join("ck"),
        swapped.join(",") + "\n" + &lines[1..].join("\n") + "\n",
    )
    .unwrap();
    resumes_all_of_ten(d.path(), units);
}

// --- 7. the lock nothing bypasses ---------------------------------------------------------------

#[test]
fn no_output_replaces_a_checkpoint_in_use() {
    let d = dir();
    complete_checkpoint("8", d.path());
    let before = fs::read(d.path().join("ck")).unwrap();
    // As a running count holds it.
    let held = fs::OpenOptions::new()
        .read(true)
        .append(true)
        .open(d.path().join("ck"))
        .unwrap();
    held.lock().unwrap();
    refused(
        &run(&["list", "6", "-o", "ck"], d.path()),
        2,
        "cannot replace 'ck': it is locked by a running queens",
    );
    refused(
        &run(&["count", "6", "--csv", "ck"], d.path()),
        2,
        "it is locked by a running queens",
    );
    refused(
        &run(&["count", "8", "--checkpoint", "ck"], d.path()),
        2,
        "is in use by another queens run",
    );
    drop(held);
    assert_eq!(fs::read(d.path().join("ck")).unwrap(), before);
}

#[test]
fn a_checkpoint_folder_is_checked_whole_before_any_size_is_counted() {
    let d = dir();
    let o = run(
        &[
            "count",
            "8-9",
            "--checkpoint",
            "run",
            "--engine",
            "enumerate",
        ],
        d.path(),
    );
    assert!(o.status.success(), "{}", err(&o));
    // An output onto one of the folder's checkpoints.
    refused(
        &run(
            &[
                "count",
                "8-9",
                "--checkpoint",
                "run",
                "--csv",
                "run/n9.ckpt",
            ],
            d.path(),
        ),
        2,
        "--csv 'run/n9.ckpt' is also an input of this command (--checkpoint 'run/n9.ckpt')",
    );
    // Another engine: refused before n = 7 is counted (no row on stdout).
    let o = run(
        &[
            "count",
            "7-9",
            "--checkpoint",
            "run",
            "--engine",
            "symmetric",
            "--csv",
            "-",
        ],
        d.path(),
    );
    refused(&o, 2, "the checkpoint 'run/n8.ckpt' belongs to another run");
    assert!(
        o.stdout.is_empty(),
        "{}",
        String::from_utf8_lossy(&o.stdout)
    );
    assert!(!d.path().join("run/n7.ckpt").exists());
}

#[test]
fn a_symlinked_checkpoint_is_rewritten_where_it_points() {
    let d = dir();
    let lines = complete_checkpoint("10", d.path());
    fs::create_dir(d.path().join("real")).unwrap();
    // A damaged line in the middle makes the run write the file again.
    let mut damaged = lines.clone();
    damaged[3] = damaged[3].replace(",0.0", ",1.0");
    assert_ne!(damaged[3], lines[3]);
    fs::write(d.path().join("real/ck"), damaged.join("\n") + "\n").unwrap();
    fs::remove_file(d.path().join("ck")).unwrap();
    std::os::unix::fs::symlink("real/ck", d.path().join("ck")).unwrap();
    let o = run(
        &["count", "10", "--checkpoint", "ck", "--csv", "-"],
        d.path(),
    );
    assert!(o.status.success(), "{}", err(&o));
    assert!(
        fs::symlink_metadata(d.path().join("ck"))
            .unwrap()
            .file_type()
            .is_symlink()
    );
    let text = fs::read_to_string(d.path().join("real/ck")).unwrap();
    assert!(!text.contains(&damaged[3]), "the damaged line is gone");
    assert_eq!(text.lines().count(), lines.len());
    assert!(temp_files(d.path()).is_empty() && temp_files(&d.path().join("real")).is_empty());
}

// --- 8. I/O errors name the user's file ---------------------------------------------------------

#[test]
fn a_failed_checkpoint_rewrite_names_the_checkpoint_not_a_temporary_file() {
    let d = dir();
    let Some(small) = Tmpfs::mount(d.path(), "small", "64k") else {
        return skipped(
            "a_failed_checkpoint_rewrite_names_the_checkpoint_not_a_temporary_file",
            "cannot mount a tmpfs here",
        );
    };
    let lines = complete_checkpoint("8", d.path());
    let mut damaged = lines.clone();
    damaged[2] = damaged[2].replace(",0.0", ",1.0");
    fs::write(small.0.join("ck"), damaged.join("\n") + "\n").unwrap();
    small.fill_leaving(0);
    let o = run(&["count", "8", "--checkpoint", "small/ck"], d.path());
    refused(&o, 3, "the checkpoint 'small/ck': No space left on device");
    assert!(!err(&o).contains(".queens-"), "{}", err(&o));
    assert!(temp_files(&small.0).is_empty());
}

// --- 9. forgery, stated honestly: impossible values are refused whatever the checksum -------

/// `fields` with the last replaced by the checksum of the others (as a forger would).
fn with_fresh_checksum(mut fields: Vec<String>) -> String {
    fields.pop();
    let sum = queens::formats::checksum::checksum(&fields.join(","));
    fields.push(sum);
    fields.join(",")
}

#[test]
fn part_rows_with_impossible_values_are_refused_whatever_their_checksum() {
    let d = dir();
    let o = run(&["count", "9", "--part", "0/1", "--csv", "p.csv"], d.path());
    assert!(o.status.success(), "{}", err(&o));
    let text = fs::read_to_string(d.path().join("p.csv")).unwrap();
    let (header, row) = text.trim_end().split_once('\n').unwrap();
    let fields: Vec<String> = row.split(',').map(String::from).collect();
    // (column, forged value, what the message names)
    let cases = [
        (15, "NaN", "seconds"),
        (15, "inf", "seconds"),
        (15, "-1", "seconds"),
        (16, "0", "threads"),
        (14, "1", "nodes"),
    ];
    for (column, value, name) in cases {
        let mut forged = fields.clone();
        forged[column] = value.to_string();
        fs::write(
            d.path().join("f.csv"),
            format!("{header}\n{}\n", with_fresh_checksum(forged)),
        )
        .unwrap();
        let o = run(&["merge", "f.csv"], d.path());
        refused(&o, 1, "f.csv line 2");
        assert!(
            err(&o).contains(&format!("{name}: \"{value}\"")),
            "{value}: {}",
            err(&o)
        );
    }
}

#[test]
fn journal_lines_and_table_rows_with_impossible_values_are_refused() {
    let d = dir();
    let lines = complete_checkpoint("8", d.path());
    let key = queens::formats::checksum::hash(
        (lines[0].rsplit_once(',').unwrap().0.to_string() + "\n").as_bytes(),
    );
    // A unit line with seconds beyond 10^9, another with too few nodes, checksums recomputed.
    let forge = |line: &str, column: usize, value: &str| {
        let mut f: Vec<&str> = line.split(',').collect();
        f.pop();
        f[column] = value;
        let body = f.join(",");
        format!(
            "{body},{:016x}",
            queens::formats::checksum::hash_from(key, body.as_bytes())
        )
    };
    let with_boards = lines
        .iter()
        .position(|l| l.starts_with("unit,") && l.split(',').nth(2) != Some("0"))
        .unwrap();
    let mut forged = lines.clone();
    forged[1] = forge(&lines[1], 9, "1e300");
    forged[with_boards] = forge(&lines[with_boards], 8, "0");
    fs::write(d.path().join("ck"), forged.join("\n") + "\n").unwrap();
    let o = run(
        &["count", "8", "--checkpoint", "ck", "--csv", "-"],
        d.path(),
    );
    assert!(o.status.success(), "{}", err(&o));
    assert!(err(&o).contains("2 lines dropped"), "{}", err(&o));
    assert!(String::from_utf8(o.stdout).unwrap().contains("\n8,92,12,"));
    // A table row with negative seconds, or fewer nodes than an eighth of its total.
    let o = run(&["count", "8", "--csv", "t.csv"], d.path());
    assert!(o.status.success(), "{}", err(&o));
    let text = fs::read_to_string(d.path().join("t.csv")).unwrap();
    let (header, row) = text.trim_end().split_once('\n').unwrap();
    for (column, value) in [(7, "-1"), (7, "NaN"), (6, "11")] {
        let mut f: Vec<&str> = row.split(',').collect();
        f[column] = value;
        fs::write(
            d.path().join("f.csv"),
            format!("{header}\n{}\n", f.join(",")),
        )
        .unwrap();
        let o = run(&["plot", "f.csv", "-o", "p.svg"], d.path());
        refused(
            &o,
            2,
            &format!(
                "line 2: column {}: \"{value}\" is not valid",
                [
                    "n",
                    "total",
                    "classes",
                    "asymmetric",
                    "half_turn",
                    "quarter_turn",
                    "nodes",
                    "seconds"
                ][column]
            ),
        );
    }
}
