//! Issue 11: outputs, checkpoints and parts that hold up under attack. Every test here failed
//! before the fix it pins. Special files (devices, FIFOs, symlinks) are made inside temporary
//! directories only, never on the machine's own `/dev` entries.

use crate::common::{dir, stdout_of};
use queens::formats::checksum;
use queens::formats::part_row::PART_HEADER;
use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command as StdCommand, Output, Stdio};
use std::thread;
use std::time::{Duration, Instant};

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

/// Whether this test runs as root (special files and dropping privileges need it).
fn is_root() -> bool {
    StdCommand::new("id")
        .arg("-u")
        .output()
        .is_ok_and(|o| String::from_utf8_lossy(&o.stdout).trim() == "0")
}

fn sh(cmd: &str, cwd: &Path) -> bool {
    StdCommand::new("sh")
        .args(["-c", cmd])
        .current_dir(cwd)
        .status()
        .is_ok_and(|s| s.success())
}

fn temp_files(d: &Path) -> Vec<String> {
    fs::read_dir(d)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with(".queens-"))
        .collect()
}

// --- checkpoints bound to their run ----------------------------------------------------------

/// The boards column of the part row of `count N --part P` (a clean run, no checkpoint).
fn part_boards(n: &str, part: &str, d: &Path) -> String {
    let o = run(&["count", n, "--part", part, "--csv", "-"], d);
    assert!(o.status.success(), "{}", err(&o));
    let text = String::from_utf8(o.stdout).unwrap();
    let (header, rows) = crate::common::csv_records(&text);
    let col = header.iter().position(|h| h == "boards").unwrap();
    rows[0][col].clone()
}

#[test]
fn unit_lines_of_another_n_or_engine_are_not_accepted_into_a_checkpoint() {
    let d = dir();
    let good = part_boards("12", "1/2", d.path());
    for (n, engine) in [("11", "symmetric"), ("12", "enumerate")] {
        let ours = d.path().join("ours.ckpt");
        let theirs = d.path().join("theirs.ckpt");
        let _ = fs::remove_file(&ours);
        let _ = fs::remove_file(&theirs);
        // A whole run of ours, then its unit lines replaced by the other run's.
        let o = run(
            &["count", "12", "--part", "1/2", "--checkpoint", "ours.ckpt"],
            d.path(),
        );
        assert!(o.status.success(), "{}", err(&o));
        let o = run(
            &[
                "count",
                n,
                "--engine",
                engine,
                "--part",
                "1/2",
                "--checkpoint",
                "theirs.ckpt",
            ],
            d.path(),
        );
        assert!(o.status.success(), "{}", err(&o));
        let header = fs::read_to_string(&ours).unwrap();
        let header = header.lines().next().unwrap();
        let foreign: Vec<String> = fs::read_to_string(&theirs)
            .unwrap()
            .lines()
            .skip(1)
            .map(String::from)
            .collect();
        assert!(!foreign.is_empty());
        fs::write(&ours, format!("{header}\n{}\n", foreign.join("\n"))).unwrap();
        let o = run(
            &[
                "count",
                "12",
                "--part",
                "1/2",
                "--checkpoint",
                "ours.ckpt",
                "--csv",
                "-",
            ],
            d.path(),
        );
        assert!(o.status.success(), "{}", err(&o));
        let text = String::from_utf8(o.stdout).unwrap();
        let (h, rows) = crate::common::csv_records(&text);
        let col = h.iter().position(|c| c == "boards").unwrap();
        assert_eq!(
            rows[0][col], good,
            "lines of n = {n}, {engine} were accepted"
        );
    }
}

#[test]
fn a_damaged_line_in_the_middle_costs_only_its_unit() {
    let d = dir();
    let o = run(&["count", "11", "--checkpoint", "c.ckpt"], d.path());
    assert!(o.status.success(), "{}", err(&o));
    let path = d.path().join("c.ckpt");
    let text = fs::read_to_string(&path).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines.len() > 10);
    // Flip one digit of the boards field of line 5.
    let mut fields: Vec<String> = lines[4].split(',').map(String::from).collect();
    fields[2] = format!("{}", fields[2].parse::<u128>().unwrap() + 1);
    let mut damaged: Vec<String> = lines.iter().map(|l| l.to_string()).collect();
    damaged[4] = fields.join(",");
    fs::write(&path, damaged.join("\n") + "\n").unwrap();
    let o = run(
        &["count", "11", "--checkpoint", "c.ckpt", "--csv", "-"],
        d.path(),
    );
    assert!(o.status.success(), "{}", err(&o));
    let out = String::from_utf8(o.stdout).unwrap();
    let published = queens::verify::lookup(11).unwrap().total.unwrap();
    assert!(out.contains(&format!("\n11,{published},")), "{out}");
    // The file holds every unit again, the damaged line replaced by a good one.
    let again = fs::read_to_string(&path).unwrap();
    assert_eq!(again.lines().count(), lines.len());
    assert!(!again.contains(&damaged[4]));
}

#[test]
fn a_checkpoint_of_the_older_format_is_refused_with_advice() {
    let d = dir();
    fs::write(
        d.path().join("old.ckpt"),
        "queens-checkpoint,v1,n=9,engine=symmetric,plan=x,part=0/1,units=1,0\n",
    )
    .unwrap();
    let o = run(&["count", "9", "--checkpoint", "old.ckpt"], d.path());
    refused(&o, 2, "written by an older version of queens");
    assert!(err(&o).contains("delete it or finish with that version"));
}

#[test]
fn a_second_run_on_one_checkpoint_is_refused_naming_the_file() {
    let d = dir();
    let ckpt = d.path().join("busy.ckpt");
    let mut first = queens_plain()
        .args(["count", "18", "--kernel", "scalar", "--threads", "1", "-q"])
        .arg("--checkpoint")
        .arg(&ckpt)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let started = Instant::now();
    while fs::read_to_string(&ckpt).map_or(true, |t| !t.contains('\n')) {
        assert!(started.elapsed() < Duration::from_secs(60), "no header");
        thread::sleep(Duration::from_millis(20));
    }
    let o = run(
        &[
            "count",
            "18",
            "--kernel",
            "scalar",
            "--checkpoint",
            "busy.ckpt",
        ],
        d.path(),
    );
    first.kill().unwrap();
    first.wait().unwrap();
    refused(&o, 2, "'");
    assert!(
        err(&o).contains("busy.ckpt' is in use by another queens run"),
        "{}",
        err(&o)
    );
}

// --- merge -------------------------------------------------------------------------------

/// A part file of `count 8 --part 0/2`, with `change` applied to its row and the checksum
/// written again (a forged but well-formed row).
fn forged_part(d: &Path, name: &str, change: impl Fn(&mut Vec<String>)) -> PathBuf {
    let o = run(&["count", "8", "--part", "0/2", "--csv", "-"], d);
    assert!(o.status.success(), "{}", err(&o));
    let text = String::from_utf8(o.stdout).unwrap();
    let (_, rows) = crate::common::csv_records(&text);
    let mut row = rows[0].clone();
    row.pop();
    change(&mut row);
    let sum = checksum::checksum(&row.join(","));
    row.push(sum);
    let path = d.join(name);
    fs::write(
        &path,
        format!("{}\n{}\n", PART_HEADER.join(","), row.join(",")),
    )
    .unwrap();
    path
}

#[test]
fn merge_refuses_sizes_outside_1_to_32_and_unit_counts_of_another_plan() {
    let d = dir();
    for n in ["0", "33", "1000000"] {
        forged_part(d.path(), "p.csv", |r| r[1] = n.to_string());
        let o = run(&["merge", "p.csv"], d.path());
        refused(&o, 1, &format!("column n: \"{n}\" is not valid"));
    }
    // Two parts that agree with each other on 95 plan units; n = 8 has 94 (or another count:
    // the message names the real one).
    let units = queens::runner::build(8, queens::Engine::Symmetric)
        .unwrap()
        .unit_count();
    for (res, name) in [("0", "a.csv"), ("1", "b.csv")] {
        forged_part(d.path(), name, |r| {
            r[4] = res.to_string();
            let part = queens::plan::Part::new(res.parse().unwrap(), 2).unwrap();
            r[6] = part.unit_count(units + 1).to_string();
            r[7] = (units + 1).to_string();
        });
    }
    let o = run(&["merge", "a.csv", "b.csv"], d.path());
    refused(
        &o,
        1,
        &format!("has {} units but it has {units}", units + 1),
    );
}

#[test]
fn merge_of_one_part_of_a_billion_is_bounded() {
    let d = dir();
    let o = run(
        &["count", "8", "--part", "0/1000000000", "--csv", "p.csv"],
        d.path(),
    );
    assert!(o.status.success(), "{}", err(&o));
    let started = Instant::now();
    let o = run(&["merge", "p.csv"], d.path());
    refused(
        &o,
        1,
        "999999999 of the 1000000000 parts missing (RES 1-999999999)",
    );
    assert!(started.elapsed() < Duration::from_secs(10));
}

#[test]
fn merge_of_a_junk_file_names_a_few_problems_and_counts_the_rest() {
    let d = dir();
    let mut text = PART_HEADER.join(",") + "\n";
    for i in 0..200_000 {
        text.push_str(&format!("junk,{i},x\n"));
    }
    fs::write(d.path().join("junk.csv"), text).unwrap();
    let o = run(&["merge", "junk.csv"], d.path());
    refused(&o, 1, "… and 199992 more; nothing was merged");
    assert!(err(&o).len() < 2000, "{} bytes of message", err(&o).len());
    // An endless line after the header.
    let mut long = PART_HEADER.join(",").into_bytes();
    long.push(b'\n');
    long.extend(std::iter::repeat_n(b'7', 3 << 20));
    fs::write(d.path().join("long.csv"), long).unwrap();
    let o = run(&["merge", "long.csv"], d.path());
    refused(
        &o,
        1,
        "line 2 of 'long.csv' is longer than 1 MiB: not a queens file",
    );
}

// --- output destinations --------------------------------------------------------------------

#[test]
fn a_character_device_is_written_through_not_replaced() {
    if !is_root() {
        return; // mknod needs root
    }
    let d = dir();
    assert!(sh("mknod null c 1 3 && mknod full c 1 7", d.path()));
    let o = run(&["count", "6", "--csv", "null"], d.path());
    assert!(o.status.success(), "{}", err(&o));
    let o = run(&["count", "6", "--csv", "full"], d.path());
    refused(&o, 1, "cannot write 'full': No space left on device");
    use std::os::unix::fs::FileTypeExt;
    for dev in ["null", "full"] {
        let t = fs::symlink_metadata(d.path().join(dev))
            .unwrap()
            .file_type();
        assert!(t.is_char_device(), "{dev} was replaced");
    }
    assert!(temp_files(d.path()).is_empty());
}

#[test]
fn a_fifo_is_written_through_to_its_reader() {
    let d = dir();
    assert!(sh("mkfifo pipe", d.path()));
    let fifo = d.path().join("pipe");
    let reader = thread::spawn(move || fs::read_to_string(fifo).unwrap());
    let o = run(&["count", "8", "--csv", "pipe"], d.path());
    assert!(o.status.success(), "{}", err(&o));
    let got = reader.join().unwrap();
    assert!(got.starts_with("n,total,"), "{got}");
    assert!(got.contains("\n8,92,"), "{got}");
    use std::os::unix::fs::FileTypeExt;
    assert!(
        fs::symlink_metadata(d.path().join("pipe"))
            .unwrap()
            .file_type()
            .is_fifo()
    );
}

#[test]
fn a_symlink_is_followed_and_a_descriptor_link_written_through() {
    let d = dir();
    fs::create_dir(d.path().join("real")).unwrap();
    fs::write(d.path().join("real/t.csv"), "old\n").unwrap();
    std::os::unix::fs::symlink("real/t.csv", d.path().join("link.csv")).unwrap();
    let o = run(&["count", "8", "--csv", "link.csv"], d.path());
    assert!(o.status.success(), "{}", err(&o));
    assert!(
        fs::symlink_metadata(d.path().join("link.csv"))
            .unwrap()
            .file_type()
            .is_symlink()
    );
    assert!(
        fs::read_to_string(d.path().join("real/t.csv"))
            .unwrap()
            .contains("\n8,92,")
    );
    assert!(temp_files(d.path()).is_empty() && temp_files(&d.path().join("real")).is_empty());
    // A link to the process's stdout, as /dev/stdout is.
    std::os::unix::fs::symlink("/proc/self/fd/1", d.path().join("out")).unwrap();
    let o = run(&["count", "8", "--csv", "out"], d.path());
    assert!(o.status.success(), "{}", err(&o));
    assert!(String::from_utf8_lossy(&o.stdout).contains("\n8,92,"));
    assert!(
        fs::symlink_metadata(d.path().join("out"))
            .unwrap()
            .file_type()
            .is_symlink()
    );
}

#[test]
fn a_read_only_output_is_refused_and_kept() {
    let d = dir();
    let p = d.path().join("keep.csv");
    fs::write(&p, "mine\n").unwrap();
    use std::os::unix::fs::PermissionsExt;
    fs::set_permissions(&p, fs::Permissions::from_mode(0o444)).unwrap();
    let o = run(&["count", "8", "--csv", "keep.csv"], d.path());
    refused(&o, 2, "'keep.csv' is read-only");
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
    assert!(
        started.elapsed() < Duration::from_secs(5),
        "it computed first"
    );
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
        let o = run(
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
        assert!(o.status.success(), "{}", err(&o));
    }
    let before = fs::read(d.path().join("p0.csv")).unwrap();
    let o = run(
        &["merge", "p0.csv", "p1.csv", "--csv", "./p0.csv"],
        d.path(),
    );
    refused(&o, 2, "is also an input of this command");
    assert_eq!(fs::read(d.path().join("p0.csv")).unwrap(), before);
    let o = run(
        &["count", "8", "--checkpoint", "x.csv", "--csv", "x.csv"],
        d.path(),
    );
    refused(
        &o,
        2,
        "--csv 'x.csv' is also an input of this command (--checkpoint 'x.csv')",
    );
    assert!(!d.path().join("x.csv").exists());
}

#[test]
fn an_interrupted_list_leaves_no_temporary_file() {
    let d = dir();
    for signal in ["INT", "TERM"] {
        let mut child = queens()
            .args(["list", "16", "-o", "big.txt"])
            .current_dir(d.path())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let started = Instant::now();
        while temp_files(d.path()).is_empty() {
            assert!(
                child.try_wait().unwrap().is_none(),
                "list 16 ended too soon"
            );
            assert!(started.elapsed() < Duration::from_secs(30));
            thread::sleep(Duration::from_millis(5));
        }
        thread::sleep(Duration::from_millis(100));
        assert!(sh(&format!("kill -{signal} {}", child.id()), d.path()));
        let status = child.wait().unwrap();
        let code = if signal == "INT" { 130 } else { 143 };
        assert_eq!(status.code(), Some(code));
        assert!(
            temp_files(d.path()).is_empty(),
            "{:?}",
            temp_files(d.path())
        );
        assert!(!d.path().join("big.txt").exists());
    }
}

// --- no panics ---------------------------------------------------------------------------------

#[test]
fn a_closed_stderr_or_a_non_utf8_path_is_no_panic() {
    let d = dir();
    let (reader, writer) = std::io::pipe().unwrap();
    drop(reader);
    let o = queens_plain()
        .args(["count", "5", "--csv", "no/such/dir/x.csv"])
        .stderr(writer)
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2));
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
    let o = run(&["count", "8", "--part", "0/1", "--csv", "p.csv"], d.path());
    assert!(o.status.success());
    let o = run(&["count", "4-9", "--csv", "t.csv"], d.path());
    assert!(o.status.success());
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

// --- bounded inputs ------------------------------------------------------------------------

#[test]
fn endless_inputs_fail_fast_saying_why() {
    let d = dir();
    assert!(sh("mkfifo zeros", d.path()));
    let fifo = d.path().join("zeros");
    // An endless writer, as /dev/zero is; it ends when the reader goes.
    let writer = thread::spawn(move || {
        let mut f = fs::OpenOptions::new().write(true).open(fifo).unwrap();
        let block = [0u8; 1 << 16];
        while f.write_all(&block).is_ok() {}
    });
    let started = Instant::now();
    let o = run(&["plot", "zeros", "-o", "p.svg"], d.path());
    refused(
        &o,
        2,
        "line 1 of 'zeros' is longer than 1 MiB: not a queens file",
    );
    writer.join().unwrap();
    assert!(started.elapsed() < Duration::from_secs(10));
    fs::write(d.path().join("zero.csv"), vec![0u8; 2 << 20]).unwrap();
    let o = run(&["count", "6", "--known", "zero.csv"], d.path());
    refused(
        &o,
        2,
        "line 1 of 'zero.csv' is longer than 1 MiB: not a queens file",
    );
    let o = run(&["count", "6", "--checkpoint", "zero.csv"], d.path());
    refused(&o, 2, "is longer than 1 MiB: not a queens file");
    assert!(sh("mkfifo ckpt", d.path()));
    let o = run(&["count", "6", "--checkpoint", "ckpt"], d.path());
    refused(&o, 2, "not a regular file");
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
    let o = run(&["plot", "t.csv", "-o", "p.svg"], d.path());
    refused(&o, 2, "is not a queens table");
    assert!(!d.path().join("p.svg").exists());
}

// --- threads --------------------------------------------------------------------------------

#[test]
fn threads_are_capped_at_a_multiple_of_the_cores() {
    let o = queens_plain()
        .args(["count", "9", "--threads", "60000", "--csv", "-", "-q"])
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", err(&o));
    assert!(err(&o).contains("--threads 60000 capped at"), "{}", err(&o));
    let text = String::from_utf8(o.stdout).unwrap();
    let (h, rows) = crate::common::csv_records(&text);
    let col = h.iter().position(|c| c == "threads").unwrap();
    let used: usize = rows[0][col].parse().unwrap();
    let cores = std::thread::available_parallelism().map_or(1, usize::from);
    assert!(used <= 4 * cores && used <= 1024, "{used} threads");
}
