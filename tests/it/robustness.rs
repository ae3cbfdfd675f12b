//! Issue 11: outputs, checkpoints and parts that hold up under attack. Every test here failed
//! before the fix it pins. Special files (devices, FIFOs, symlinks) are made inside temporary
//! directories only, never on the machine's own `/dev` entries.

use crate::common::process::{err, is_root, queens, queens_plain, refused, run, temp_files};
use crate::common::{dir, stdout_of};
use queens::formats::checksum;
use queens::formats::part_row::PART_HEADER;
use queens::plan::Part;
use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command as StdCommand, Stdio};
use std::thread;
use std::time::{Duration, Instant};

fn sh(cmd: &str, cwd: &Path) -> bool {
    StdCommand::new("sh")
        .args(["-c", cmd])
        .current_dir(cwd)
        .status()
        .is_ok_and(|s| s.success())
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

// --- every reader under random and damaged input -------------------------------------------

mod readers {
    use proptest::prelude::*;
    use queens::formats::checkpoint::{Checkpoint, RunIdentity};
    use queens::formats::merge::{self, Problems};
    use queens::formats::part_row::{PART_HEADER, PartRow};
    use queens::formats::table;
    use queens::plan::Part;
    use queens::plan::tally::{ClassCounts, Tally};
    use queens::verify::KnownTable;
    use std::fs;

    fn identity(n: usize, part: Part) -> RunIdentity {
        RunIdentity {
            n,
            engine: "symmetric".to_string(),
            plan: "prop-plan-v1".to_string(),
            part,
            plan_units: 64,
        }
    }

    /// Opens a checkpoint, waiting a little if it is locked: a process another test thread
    /// spawns holds copies of this process's descriptors (and so of a lock just released)
    /// until it executes its program.
    fn open(path: &std::path::Path, id: &RunIdentity) -> Checkpoint {
        for _ in 0..200 {
            match Checkpoint::open(path, id) {
                Err(queens::formats::checkpoint::CheckpointError::Locked { .. }) => {
                    std::thread::sleep(std::time::Duration::from_millis(10));
                }
                other => return other.unwrap(),
            }
        }
        panic!("still locked after 2 s");
    }

    /// The true tally of unit `id` in these tests.
    fn truth(id: usize) -> Tally {
        let k = id as u128;
        Tally {
            boards: 8 * k + 4,
            fixed_half_turn: 4,
            fixed_quarter_turn: 0,
            canonical: ClassCounts {
                asymmetric: k,
                half_turn: 1,
                quarter_turn: 0,
            },
            nodes: 1000 + k,
        }
    }

    /// The journal text of `identity` holding units `ids` with their true tallies.
    fn journal(dir: &std::path::Path, name: &str, id: &RunIdentity, ids: &[usize]) -> Vec<u8> {
        let path = dir.join(name);
        let c = open(&path, id);
        for &u in ids {
            c.record_timed(u, &truth(u), 0.5).unwrap();
        }
        drop(c);
        fs::read(&path).unwrap()
    }

    #[derive(Clone, Debug)]
    enum Damage {
        FlipBit(usize, u8),
        Duplicate(usize),
        Swap(usize, usize),
        Splice(usize),
        Truncate(usize),
    }

    fn damage() -> impl Strategy<Value = Damage> {
        prop_oneof![
            (any::<usize>(), 0u8..8).prop_map(|(p, b)| Damage::FlipBit(p, b)),
            any::<usize>().prop_map(Damage::Duplicate),
            (any::<usize>(), any::<usize>()).prop_map(|(a, b)| Damage::Swap(a, b)),
            any::<usize>().prop_map(Damage::Splice),
            any::<usize>().prop_map(Damage::Truncate),
        ]
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(96))]

        /// Spliced (from another n or part), duplicated, reordered, bit-flipped and truncated
        /// journals: opening never panics, and every unit it accepts has its true tally.
        #[test]
        fn a_damaged_journal_never_yields_a_wrong_unit(damages in prop::collection::vec(damage(), 1..6)) {
            let d = tempfile::tempdir().unwrap();
            let ours = identity(12, Part::new(0, 2).unwrap());
            let ids: Vec<usize> = (0..64).filter(|i| i % 2 == 0).collect();
            let text = journal(d.path(), "ours", &ours, &ids);
            // Lines of another n and of the other part, with other tallies.
            let other_n = identity(11, Part::new(0, 2).unwrap());
            let other_part = identity(12, Part::new(0, 4).unwrap());
            let mut foreign = Vec::new();
            for (k, id) in [other_n, other_part].iter().enumerate() {
                let path = d.path().join(format!("f{k}"));
                let c = open(&path, id);
                for u in (0..64).filter(|u| id.part.selects(*u)) {
                    c.record_timed(u, &Tally { boards: 7, ..truth(u) }, 0.1).unwrap();
                }
                drop(c);
                let t = fs::read_to_string(&path).unwrap();
                foreign.extend(t.lines().skip(1).map(String::from));
            }
            let header_end = text.iter().position(|&b| b == b'\n').unwrap() + 1;
            let mut lines: Vec<Vec<u8>> = text[header_end..]
                .split_inclusive(|&b| b == b'\n')
                .map(<[u8]>::to_vec)
                .collect();
            for dmg in &damages {
                let len = lines.len().max(1);
                match *dmg {
                    Damage::FlipBit(p, b) => {
                        let i = p % len;
                        if let Some(l) = lines.get_mut(i) && !l.is_empty() {
                            let at = p % l.len();
                            l[at] ^= 1 << b;
                        }
                    }
                    Damage::Duplicate(p) => {
                        if let Some(l) = lines.get(p % len).cloned() {
                            lines.insert(p % len, l);
                        }
                    }
                    Damage::Swap(a, b) => {
                        if !lines.is_empty() {
                            lines.swap(a % len, b % len);
                        }
                    }
                    Damage::Splice(p) => {
                        let l = foreign[p % foreign.len()].clone() + "\n";
                        lines.insert(p % len, l.into_bytes());
                    }
                    Damage::Truncate(p) => {
                        if let Some(l) = lines.last_mut() {
                            l.truncate(p % (l.len() + 1));
                        }
                    }
                }
            }
            let mut damaged = text[..header_end].to_vec();
            for l in &lines {
                damaged.extend_from_slice(l);
            }
            let path = d.path().join("ours");
            fs::write(&path, &damaged).unwrap();
            let c = open(&path, &ours);
            for (&id, t) in c.done() {
                prop_assert!(ours.part.selects(id), "unit {id} outside the part");
                prop_assert_eq!(*t, truth(id), "unit {} has a wrong tally", id);
            }
            // What was dropped is counted again; reopening agrees with the first opening.
            let kept: Vec<usize> = c.done().keys().copied().collect();
            drop(c);
            let again = open(&path, &ours);
            prop_assert_eq!(again.done().keys().copied().collect::<Vec<_>>(), kept);
            prop_assert_eq!(again.dropped_note(), None);
        }

        /// Random bytes as a checkpoint, a part file, a result table and a `--known` table:
        /// no panic, an answer in bounded time.
        #[test]
        fn random_bytes_never_panic_any_reader(bytes in prop::collection::vec(any::<u8>(), 0..600), header in 0usize..3) {
            let d = tempfile::tempdir().unwrap();
            let prefix: Vec<u8> = match header {
                0 => Vec::new(),
                1 => (PART_HEADER.join(",") + "\n").into_bytes(),
                _ => (table::CSV_HEADER.join(",") + "\n").into_bytes(),
            };
            let input: Vec<u8> = prefix.into_iter().chain(bytes.iter().copied()).collect();
            let path = d.path().join("c");
            fs::write(&path, &input).unwrap();
            let _ = Checkpoint::open(&path, &identity(9, Part::WHOLE));
            let mut problems = Problems::new();
            let _ = merge::read_parts("p.csv", input.as_slice(), &mut problems);
            let _ = table::read_csv(input.as_slice());
            let _ = KnownTable::parse(&String::from_utf8_lossy(&input));
        }

        /// A valid part row with one field replaced by random text: refused or read back as
        /// a row whose checksum holds, never a panic.
        #[test]
        fn a_part_row_with_a_random_field_never_panics(field in 0usize..19, value in ".{0,40}") {
            let row = PartRow {
                n: 12,
                engine: "symmetric".to_string(),
                plan: "symmetric-border-burnside-v1".to_string(),
                part: Part::new(1, 4).unwrap(),
                units: 5,
                plan_units: 20,
                tally: truth(3),
                counts_classes_directly: true,
                seconds: 0.5,
                threads: 2,
                kernel: "scalar".to_string(),
            };
            let mut fields = row.fields();
            let changed = fields[field] != value;
            fields[field] = value;
            let refs: Vec<&str> = fields.iter().map(String::as_str).collect();
            let parsed = PartRow::from_fields(&refs);
            if changed {
                prop_assert!(parsed.is_err());
            }
        }
    }
}

// --- crash safety: kills at random moments, then resumes ------------------------------------

/// A small pseudo-random sequence (seeded from the clock; the seed is printed on failure).
struct Lcg(u64);

impl Lcg {
    fn next(&mut self, below: u64) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (self.0 >> 33) % below
    }
}

/// Runs `args` (with `--checkpoint ckpt --csv out`) again and again, each time killed after
/// a random moment by SIGKILL, SIGTERM, or SIGTERM twice, until a run finishes (or after
/// `rounds` kills, a last run to the end). Returns the kills sent.
fn kill_until_done(args: &[&str], d: &Path, rng: &mut Lcg, rounds: usize) -> usize {
    let mut kills = 0;
    for round in 0..=rounds {
        let mut child = queens()
            .args(args)
            .args(["--checkpoint", "ckpt", "--csv", "out.csv"])
            .current_dir(d)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        if round < rounds {
            thread::sleep(Duration::from_millis(50 + rng.next(400)));
            if child.try_wait().unwrap().is_none() {
                let how = match rng.next(3) {
                    0 => "kill -KILL {}".to_string(),
                    1 => "kill -TERM {}".to_string(),
                    _ => "kill -TERM {}; sleep 0.01; kill -TERM {}".to_string(),
                };
                let _ = sh(&how.replace("{}", &child.id().to_string()), d);
                kills += 1;
            }
        }
        let status = child.wait().unwrap();
        if status.success() {
            return kills;
        }
    }
    panic!("the last run did not finish");
}

/// The unit ids of a checkpoint, each once, and no temporary file beside it.
fn check_journal(d: &Path, expected_units: usize) {
    let text = fs::read_to_string(d.join("ckpt")).unwrap();
    let mut ids: Vec<usize> = text
        .lines()
        .skip(1)
        .map(|l| l.split(',').nth(1).unwrap().parse().unwrap())
        .collect();
    ids.sort_unstable();
    ids.dedup();
    assert_eq!(ids.len(), expected_units, "every unit journaled");
    assert_eq!(text.lines().count(), expected_units + 1, "each once");
    assert!(temp_files(d).is_empty(), "{:?}", temp_files(d));
}

#[test]
fn random_kills_and_resumes_end_with_the_right_count_and_no_leftover() {
    let seed = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_nanos() as u64;
    let mut rng = Lcg(seed);
    eprintln!("crash-safety seed {seed}");
    let n = 16;
    let published = queens::verify::lookup(n).unwrap().total.unwrap();
    // A whole count.
    let whole = dir();
    let args = ["count", "16", "--kernel", "scalar", "--threads", "1"];
    let kills = kill_until_done(&args, whole.path(), &mut rng, 6);
    assert!(kills > 0, "the run ended before any kill: pick a larger n");
    let out = fs::read_to_string(whole.path().join("out.csv")).unwrap();
    assert!(
        out.contains(&format!("\n{n},{published},")),
        "seed {seed}, {kills} kills: {out}"
    );
    let units = queens::runner::build(n, queens::Engine::Symmetric)
        .unwrap()
        .unit_count();
    check_journal(whole.path(), units);
    // A part, merged with the other one.
    let part = dir();
    let args = [
        "count",
        "16",
        "--kernel",
        "scalar",
        "--threads",
        "1",
        "--part",
        "1/2",
    ];
    let kills = kill_until_done(&args, part.path(), &mut rng, 4);
    eprintln!("{kills} kills of the part");
    check_journal(part.path(), Part::new(1, 2).unwrap().unit_count(units));
    let o = run(
        &[
            "count", "16", "--kernel", "scalar", "--part", "0/2", "--csv", "p0.csv",
        ],
        part.path(),
    );
    assert!(o.status.success(), "{}", err(&o));
    let o = run(&["merge", "p0.csv", "out.csv", "--csv", "-"], part.path());
    assert!(o.status.success(), "seed {seed}: {}", err(&o));
    let merged = String::from_utf8(o.stdout).unwrap();
    assert!(
        merged.contains(&format!("\n{n},{published},")),
        "seed {seed}: {merged}"
    );
}
