//! Checkpoints (`--checkpoint`) through the real binary and the library's reader: bound to
//! their run, damaged lines costing only their unit (flipped bits, zero-filled holes, CRLF,
//! random damage), the older format refused, the lock against a second run, folders checked
//! whole, symlinks, failed rewrites, I/O failures (a full disk, a read-only folder: exit 3),
//! runs killed by SIGKILL or stopped by SIGTERM/SIGINT resuming to the published count, and
//! random kills (a replayable seed: `QUEENS_TEST_SEED`).
//!
//! Tests that need a full disk mount a small tmpfs in a temporary folder; tests that need
//! permissions run the binary as `nobody` through `setpriv`. Both need root: they sit in
//! `checkpoints::as_root`, `ignored` by a plain `cargo test` and run by `.ci/run` (as root)
//! with `--ignored`, where a missing permission fails them. No test touches the machine's own
//! `/dev` entries or system files.

use crate::common::assert_has;
use crate::common::assert_no_stdout;
use crate::common::process::queens;
use crate::common::process::queens_plain;
use crate::common::process::run_ok;
use crate::common::process::run_refused;
use crate::common::process::{as_nobody, err, needs_root, refused, run, sh, temp_files};
use crate::common::{Succeeds, build, dir, results, whole};
use queens::plan::{Engine, Part};
use queens::search::kernel::Kernel;
use std::fs;
use std::path::Path;
use std::process::Command as StdCommand;
use std::process::{Output, Stdio};
use std::thread;
use std::time::{Duration, Instant};

// --- checkpoints bound to their run ----------------------------------------------------------

/// The boards column of the part row of `count N --part P` (a clean run, no checkpoint).
fn part_boards(n: &str, part: &str, d: &Path) -> String {
    let o = run_ok(&["count", n, "--part", part, "--csv", "-"], d);
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
        run_ok(
            &["count", "12", "--part", "1/2", "--checkpoint", "ours.ckpt"],
            d.path(),
        );
        run_ok(
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
        let o = run_ok(
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
        let text = String::from_utf8(o.stdout).unwrap();
        let (h, rows) = crate::common::csv_records(&text);
        let col = h.iter().position(|c| c == "boards").unwrap();
        assert_eq!(
            rows[0][col], good,
            "lines of n = {n}, {engine} were accepted"
        );
    }
}

/// A journal whose only unit line is torn (a kill while the first line was written) or
/// damaged: the run says it dropped it, as it does beside the units it resumes (it said
/// nothing where no unit was left to resume).
#[test]
fn a_torn_only_line_is_dropped_and_said_so() {
    let d = dir();
    run_ok(&["count", "11", "--checkpoint", "c.ckpt"], d.path());
    let text = fs::read_to_string(d.path().join("c.ckpt")).unwrap();
    let (header, first) = (text.lines().next().unwrap(), text.lines().nth(1).unwrap());
    for tail in [&first[..first.len() / 2], "garbage\n"] {
        fs::write(d.path().join("t.ckpt"), format!("{header}\n{tail}")).unwrap();
        let o = queens_plain()
            .args(["count", "11", "--checkpoint", "t.ckpt", "--csv", "-"])
            .current_dir(d.path())
            .succeeds();
        assert_has(
            &String::from_utf8_lossy(&o.stderr),
            "queens: the checkpoint 't.ckpt': a torn last line was dropped and its unit will be \
             counted again",
        );
        assert_has(&String::from_utf8_lossy(&o.stdout), "\n11,2680,");
    }
}

#[test]
fn a_damaged_line_in_the_middle_costs_only_its_unit() {
    let d = dir();
    run_ok(&["count", "11", "--checkpoint", "c.ckpt"], d.path());
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
    let o = run_ok(
        &["count", "11", "--checkpoint", "c.ckpt", "--csv", "-"],
        d.path(),
    );
    let out = String::from_utf8(o.stdout).unwrap();
    let published = queens::verify::lookup(11).unwrap().total.unwrap();
    assert_has(&out, &format!("\n11,{published},"));
    // The file holds every unit again, the damaged line replaced by a good one.
    let again = fs::read_to_string(&path).unwrap();
    assert_eq!(again.lines().count(), lines.len());
    assert!(!again.contains(&damaged[4]));
}

#[test]
fn a_journal_interval_below_a_tenth_of_a_second_or_unreadable_is_a_usage_error() {
    let d = dir();
    let every = |value: &str| {
        let args = [
            "count",
            "8",
            "--checkpoint",
            "e.ckpt",
            "--checkpoint-every",
            value,
        ];
        run(&args, d.path())
    };
    // The parser's error: one line, and the usage.
    let usage_error = |o: &Output, needle: &str| {
        let e = err(o);
        assert_eq!(o.status.code(), Some(2), "{e}");
        let lines: Vec<&str> = e.trim_end().lines().collect();
        assert!(lines[0].contains(needle), "{e:?} lacks {needle:?}");
        assert!(
            lines.len() == 2 && lines[1].starts_with("Usage: queens count"),
            "{e}"
        );
    };
    for value in ["0", "0s", "99ms", "10us", "0.05"] {
        usage_error(&every(value), "give at least 100ms");
    }
    usage_error(&every("soon"), "give a duration such as 30s, 5m, 1h");
    assert!(!d.path().join("e.ckpt").exists());
    for value in ["100ms", "1", "1.5", "1h 30m"] {
        assert!(every(value).status.success(), "{value}");
    }
    let alone = run(&["count", "8", "--checkpoint-every", "1m"], d.path());
    usage_error(&alone, "--checkpoint <PATH>");
}

/// `--checkpoint NAME/` names a folder, as with several sizes: created (its parent must
/// exist), the size's checkpoint in it.
#[test]
fn a_checkpoint_name_ending_in_a_slash_is_a_folder() {
    let d = dir();
    run_ok(&["count", "8", "--checkpoint", "ck/", "--quiet"], d.path());
    assert!(d.path().join("ck/n8.ckpt").is_file());
    run_refused(
        &["count", "8", "--checkpoint", "no/ck/"],
        d.path(),
        2,
        "--checkpoint: cannot create the folder 'no/ck/'",
    );
}

#[test]
fn a_checkpoint_of_the_older_format_is_refused_with_advice() {
    let d = dir();
    fs::write(
        d.path().join("old.ckpt"),
        "queens-checkpoint,v1,n=9,engine=symmetric,plan=x,part=0/1,units=1,0\n",
    )
    .unwrap();
    let o = run_refused(
        &["count", "9", "--checkpoint", "old.ckpt"],
        d.path(),
        2,
        "written by an older version of queens",
    );
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
        // Measured: the header is there after 0.3 s; the limit is far above.
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
    assert_has(&err(&o), "busy.ckpt' is in use by another queens run");
}

// --- every reader under random and damaged input -------------------------------------------

mod readers {
    use crate::common::file_with;
    use proptest::prelude::*;
    use queens::formats::merge::{self, Problems};
    use queens::formats::part_row::{PART_HEADER, PartRow};
    use queens::formats::table;
    use queens::plan::Part;
    use queens::plan::tally::{ClassCounts, Tally};
    use queens::storage::checkpoint::{Checkpoint, RunIdentity};
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
                Err(queens::storage::checkpoint::CheckpointError::Locked { .. }) => {
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
            ..Tally::default()
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
            let path = file_with(d.path(), "ours", &damaged);
            let c = open(&path, &ours);
            for (&id, t) in c.done() {
                prop_assert!(ours.part.selects(id), "unit {id} outside the part");
                prop_assert_eq!(t.clone(), truth(id), "unit {} has a wrong tally", id);
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
            let path = file_with(d.path(), "c", &input);
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

/// The unit ids of the unit lines of a checkpoint's text (its header line left out), sorted.
fn journaled_ids(text: &str) -> Vec<usize> {
    let mut ids: Vec<usize> = text
        .lines()
        .skip(1)
        .map(|l| l.split(',').nth(1).unwrap().parse().unwrap())
        .collect();
    ids.sort_unstable();
    ids
}

/// The unit ids of a checkpoint, each once, and no temporary file beside it.
fn check_journal(d: &Path, expected_units: usize) {
    let text = fs::read_to_string(d.join("ckpt")).unwrap();
    let mut ids = journaled_ids(&text);
    ids.dedup();
    assert_eq!(ids.len(), expected_units, "every unit journaled");
    assert_eq!(text.lines().count(), expected_units + 1, "each once");
    assert!(temp_files(d).is_empty(), "{:?}", temp_files(d));
}

#[test]
fn random_kills_and_resumes_end_with_the_right_count_and_no_leftover() {
    // A new seed each run (from the clock), or the one `QUEENS_TEST_SEED` gives: a failure
    // names its seed, and `QUEENS_TEST_SEED=<seed> cargo test --release --test it --
    // random_kills` replays its kill times (as far as the machine's timing allows).
    let seed = match std::env::var("QUEENS_TEST_SEED") {
        Ok(v) => v
            .parse()
            .unwrap_or_else(|_| panic!("QUEENS_TEST_SEED={v:?} is not a number")),
        Err(_) => std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .as_nanos() as u64,
    };
    let mut rng = Lcg(seed);
    eprintln!("crash-safety seed {seed} (replay with QUEENS_TEST_SEED={seed})");
    // n = 17 on the scalar kernel, one thread: about 2.7 s on a Zen 5 (n = 16 took 0.3 to
    // 0.6 s, and a first kill drawn late could come after the end).
    let n = 17;
    let size = n.to_string();
    let published = queens::verify::lookup(n).unwrap().total.unwrap();
    // A whole count.
    let whole = dir();
    let args = ["count", &size, "--kernel", "scalar", "--threads", "1"];
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
        &size,
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
    run_ok(
        &[
            "count", &size, "--kernel", "scalar", "--part", "0/2", "--csv", "p0.csv",
        ],
        part.path(),
    );
    let o = run_ok(&["merge", "p0.csv", "out.csv", "--csv", "-"], part.path());
    let merged = String::from_utf8(o.stdout).unwrap();
    assert!(
        merged.contains(&format!("\n{n},{published},")),
        "seed {seed}: {merged}"
    );
}

// --- 1. checkpoint I/O failures exit 3 --------------------------------------------------------

#[test]
fn quiet_keeps_the_note_on_dropped_checkpoint_lines() {
    let d = dir();
    let mut lines = complete_checkpoint("9", d.path());
    // Damage a line in the middle: a digit of its checksum.
    let mid = lines.len() / 2;
    let last = lines[mid].pop().unwrap();
    lines[mid].push(if last == '0' { '1' } else { '0' });
    fs::write(d.path().join("ck"), lines.join("\n") + "\n").unwrap();
    let o = run_ok(
        &["count", "9", "--checkpoint", "ck", "--csv", "-"],
        d.path(),
    );
    let e = err(&o);
    assert_has(
        &e,
        "the checkpoint 'ck': 1 line dropped and its units will be counted again",
    );
    assert_has(&String::from_utf8(o.stdout).unwrap(), "\n9,352,46,");
}

// --- 4. small damage keeps what verifies ---------------------------------------------------------

/// Counts `n` with a complete checkpoint `ck` in `d`; returns its lines.
fn complete_checkpoint(n: &str, d: &Path) -> Vec<String> {
    run_ok(&["count", n, "--checkpoint", "ck"], d);
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
    assert_has(
        &e,
        &format!("{units} of {units} units of n = 10 already done"),
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
    assert_has(
        &e,
        &format!(
            "its header was damaged and is written again; the {units} units whose lines verify \
             against this run are kept"
        ),
    );
    let again = fs::read_to_string(d.path().join("ck")).unwrap();
    assert_eq!(
        sorted(&again),
        sorted(&lines.join("\n")),
        "written again as it was"
    );
    // A header of another run, intact, is still refused: nothing is counted.
    run_refused(
        &["count", "11", "--checkpoint", "ck"],
        d.path(),
        2,
        "belongs to another run",
    );
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
    assert_has(&e, "1 line dropped");
    assert_has(
        &e,
        &format!("{} of {units} units of n = 10 already done", units - 1),
    );
    assert_has(&String::from_utf8(o.stdout).unwrap(), "\n10,724,92,");
    // A hole that swallows the header: the unit lines still verify.
    let mut bytes = vec![0u8; 2 << 20];
    bytes.extend((lines.join("\n") + "\n").into_bytes());
    fs::write(d.path().join("ck"), &bytes).unwrap();
    let e = resumes_all_of_ten(d.path(), units);
    assert_has(&e, "its header was damaged");
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
    run_refused(
        &["count", "10", "--checkpoint", "ck"],
        d.path(),
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
    run_ok(
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
    let o = run_refused(
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
        2,
        "the checkpoint 'run/n8.ckpt' belongs to another run",
    );
    assert_no_stdout(&o);
    assert!(!d.path().join("run/n7.ckpt").exists());
}

#[test]
fn a_locked_checkpoint_in_a_folder_is_refused_before_the_first_size() {
    let d = dir();
    let ck = d.path().join("ck");
    fs::create_dir(&ck).unwrap();
    // n = 17's checkpoint held as a running `count 17 --checkpoint` holds it: created and
    // locked (the lock the journal takes), its header not written yet.
    let held = fs::OpenOptions::new()
        .read(true)
        .append(true)
        .create(true)
        .open(ck.join("n17.ckpt"))
        .unwrap();
    held.lock().unwrap();
    let o = run_refused(
        &["count", "15,16,17", "--checkpoint", "ck", "--csv", "-"],
        d.path(),
        2,
        "the checkpoint 'ck/n17.ckpt' is in use by another queens run (it is locked)",
    );
    // Refused before n = 15 started: no row, no checkpoint of n = 15 or 16.
    assert_no_stdout(&o);
    let names: Vec<String> = fs::read_dir(&ck)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(names, ["n17.ckpt"]);
    drop(held);
    // Once the other run is gone, the same command counts every size.
    run_ok(&["count", "15,16,17", "--checkpoint", "ck", "-q"], d.path());
    assert_eq!(fs::read_dir(&ck).unwrap().count(), 3);
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
    run_ok(
        &["count", "10", "--checkpoint", "ck", "--csv", "-"],
        d.path(),
    );
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
fn journal_lines_and_table_rows_with_impossible_values_are_refused() {
    let d = dir();
    let lines = complete_checkpoint("8", d.path());
    // The journal's checksums are FNV-1a (64 bits), each unit line's seeded with the hash
    // of the header line; written out here, as a reader of the format would.
    fn fnv1a_from(seed: u64, bytes: &[u8]) -> u64 {
        bytes.iter().fold(seed, |h, &b| {
            (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
        })
    }
    let key = fnv1a_from(
        0xcbf2_9ce4_8422_2325,
        (lines[0].rsplit_once(',').unwrap().0.to_string() + "\n").as_bytes(),
    );
    // A unit line with seconds beyond 10^9, another with too few nodes, checksums recomputed.
    let forge = |line: &str, column: usize, value: &str| {
        let mut f: Vec<&str> = line.split(',').collect();
        f.pop();
        f[column] = value;
        let body = f.join(",");
        format!("{body},{:016x}", fnv1a_from(key, body.as_bytes()))
    };
    // A unit line with boards other than line 1, which is forged on its own.
    let with_boards = 2 + lines[2..]
        .iter()
        .position(|l| l.starts_with("unit,") && l.split(',').nth(2) != Some("0"))
        .unwrap();
    let mut forged = lines.clone();
    forged[1] = forge(&lines[1], 9, "1e300");
    forged[with_boards] = forge(&lines[with_boards], 8, "0");
    fs::write(d.path().join("ck"), forged.join("\n") + "\n").unwrap();
    let o = run_ok(
        &["count", "8", "--checkpoint", "ck", "--csv", "-"],
        d.path(),
    );
    assert_has(&err(&o), "2 lines dropped");
    assert_has(&String::from_utf8(o.stdout).unwrap(), "\n8,92,12,");
    // A table row with negative seconds, or fewer nodes than an eighth of its total.
    run_ok(&["count", "8", "--csv", "t.csv"], d.path());
    let text = fs::read_to_string(d.path().join("t.csv")).unwrap();
    let (header, row) = text.trim_end().split_once('\n').unwrap();
    for (column, name, value) in [
        (7, "seconds", "-1"),
        (7, "seconds", "NaN"),
        (6, "nodes", "11"),
    ] {
        // Too few nodes for the total: both columns are named, either may be the wrong one.
        let why = match name {
            "nodes" => format!(
                "line 2: columns total and nodes: a total of 92 boards is more than a search of \
                 {value} nodes can count"
            ),
            _ => format!("line 2: column {name}: \"{value}\" is not valid"),
        };
        let mut f: Vec<&str> = row.split(',').collect();
        f[column] = value;
        fs::write(
            d.path().join("f.csv"),
            format!("{header}\n{}\n", f.join(",")),
        )
        .unwrap();
        run_refused(&["plot", "f.csv", "-o", "p.svg"], d.path(), 2, &why);
    }
}

// --- checkpoints -------------------------------------------------------------------------

/// Runs `cmd` and returns its output.
fn output(cmd: &mut StdCommand) -> Output {
    cmd.output().expect("the binary runs")
}

/// Runs long enough to be interrupted after a second, one per engine: several seconds on one
/// thread on the kernel `auto` runs (the vector kernels, where the CPU has them, are 4 to 15
/// times as fast as the scalar one; the scalar kernel counts n = 16 in about a second, too
/// close).
fn long_runs() -> [(&'static str, usize); 2] {
    let symmetric_n = if queens::KernelChoice::Auto.resolve().unwrap() == Kernel::Scalar {
        17
    } else {
        18
    };
    [("enumerate", 16), ("symmetric", symmetric_n)]
}

fn long_run(engine: &str, n: usize, checkpoint: &Path) -> StdCommand {
    let mut c = queens_plain();
    c.args([
        "count",
        &n.to_string(),
        "--engine",
        engine,
        "--threads",
        "1",
        "-q",
    ])
    .arg("--checkpoint")
    .arg(checkpoint);
    c
}

fn unit_lines(checkpoint: &Path) -> usize {
    fs::read_to_string(checkpoint)
        .map_or(0, |t| t.lines().filter(|l| l.starts_with("unit,")).count())
}

/// Starts the long run and returns it after about a second, once its checkpoint holds a unit,
/// still running.
fn start_and_wait(engine: &str, n: usize, checkpoint: &Path) -> std::process::Child {
    let mut child = long_run(engine, n, checkpoint)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let started = Instant::now();
    while started.elapsed() < Duration::from_secs(1) || unit_lines(checkpoint) == 0 {
        assert!(
            child.try_wait().unwrap().is_none(),
            "{engine} n={n} ended before it could be interrupted: pick a larger n"
        );
        // Measured: the first unit line comes after 1.1 s (n = 18, scalar, one thread, on a
        // loaded 2-core machine); the limit is over ten times that.
        assert!(
            started.elapsed() < Duration::from_secs(60),
            "no unit in the checkpoint after a minute"
        );
        thread::sleep(Duration::from_millis(20));
    }
    child
}

/// Resumes the long run and checks it against the published count, and that every unit is
/// in the checkpoint exactly once.
fn resume_and_check(engine: &str, n: usize, checkpoint: &Path, done_before: usize) {
    let o = output(long_run(engine, n, checkpoint).args(["--csv", "-"]));
    assert!(o.status.success(), "{}", err(&o));
    let rows = results(&o.stdout);
    let published = queens::verify::lookup(n).unwrap().total.unwrap();
    assert_eq!(rows[0][1], published.to_string(), "{engine} n={n}");
    assert_eq!(rows[0].last().unwrap(), "yes");
    let units = build(n, Engine::from_name(engine).unwrap()).unit_count();
    assert!(
        done_before > 0 && done_before < units,
        "{engine} n={n}: {done_before} of {units} units were done before the resume"
    );
    let text = fs::read_to_string(checkpoint).unwrap();
    assert_eq!(
        journaled_ids(&text),
        (0..units).collect::<Vec<_>>(),
        "every unit journaled exactly once"
    );
}

#[test]
fn a_run_killed_with_sigkill_resumes_to_the_published_count() {
    for (engine, n) in long_runs() {
        let d = dir();
        let ckpt = d.path().join("long.ckpt");
        let mut child = start_and_wait(engine, n, &ckpt);
        child.kill().unwrap(); // SIGKILL: no chance to clean up
        child.wait().unwrap();
        let done = unit_lines(&ckpt);
        resume_and_check(engine, n, &ckpt, done);
    }
}

/// Sends `signal` to the run and checks that it stops cleanly: exit code 1, a message that
/// counts the saved units and says how to resume. Returns the units saved.
fn stop_with(signal: &str, child: std::process::Child, checkpoint: &Path) -> usize {
    let sent = StdCommand::new("kill")
        .args([&format!("-{signal}"), &child.id().to_string()])
        .status()
        .unwrap();
    assert!(sent.success());
    let o = child.wait_with_output().unwrap();
    assert_eq!(o.status.code(), Some(1), "a stopped run is not a success");
    let e = err(&o);
    assert_has(&e, &format!("stopped by SIG{signal}"));
    assert_has(&e, "to resume, run the same command again");
    let done = unit_lines(checkpoint);
    assert!(
        e.contains(&format!(": {done} of ")),
        "the message counts the saved units: {e}"
    );
    done
}

#[test]
fn a_run_stopped_by_sigterm_says_how_to_resume_and_resumes_to_the_published_count() {
    for (engine, n) in long_runs() {
        let d = dir();
        let ckpt = d.path().join("long.ckpt");
        let child = start_and_wait(engine, n, &ckpt);
        let done = stop_with("TERM", child, &ckpt);
        resume_and_check(engine, n, &ckpt, done);
    }
}

#[test]
fn a_run_stopped_by_sigint_stops_cleanly_too() {
    let (engine, n) = long_runs()[1];
    let d = dir();
    let ckpt = d.path().join("long.ckpt");
    let child = start_and_wait(engine, n, &ckpt);
    let done = stop_with("INT", child, &ckpt);
    assert!(done > 0);
}

#[test]
fn a_checkpoint_of_another_run_is_refused() {
    let d = dir();
    let ckpt = d.path().join("c");
    queens_plain()
        .args(["count", "9", "-q", "--checkpoint"])
        .arg(&ckpt)
        .succeeds();
    queens_plain()
        .args(["count", "10", "-q", "--checkpoint"])
        .arg(&ckpt)
        .refuses(2, "belongs to another run (n 9 (this run: 10)");
    let o = queens_plain()
        .args(["count", "9", "--part", "1/2", "-q", "--checkpoint"])
        .arg(&ckpt)
        .exits(2);
    assert_has(&err(&o), "part 0/1 (this run: 1/2)");
    // A finished checkpoint gives the same result again without counting anything.
    let o = output(
        queens_plain()
            .args(["count", "9", "--csv", "-", "--checkpoint"])
            .arg(&ckpt),
    );
    assert!(o.status.success());
    assert_eq!(results(&o.stdout), whole("9"));
}

/// The tests that need root (a tmpfs mounted in a temporary folder, the binary run as
/// `nobody`, device nodes made in a temporary folder): `ignored` by a plain `cargo test`,
/// run by `.ci/run` (as root) with `--ignored as_root::`, where a missing permission fails.
mod as_root {
    use super::*;
    use crate::common::Tmpfs;

    #[test]
    #[ignore = "needs root and mount(2) on tmpfs: .ci/run runs it with --ignored"]
    fn a_checkpoint_on_a_full_disk_is_an_io_failure_exit_3() {
        let d = dir();
        let small = Tmpfs::mount(d.path(), "small", "64k");
        // No room for the header.
        small.fill_leaving(0);
        run_refused(
            &["count", "8", "--checkpoint", "small/ck"],
            d.path(),
            3,
            "No space left on device",
        );
        // Room for the header and a few units, not for the 800 units of n = 12.
        fs::remove_file(small.0.join("ck")).unwrap();
        small.fill_leaving(4096);
        let o = run_refused(
            &["count", "12", "--checkpoint", "small/ck"],
            d.path(),
            3,
            "cannot append to the checkpoint 'small/ck'",
        );
        assert_has(&err(&o), "No space left on device");
    }

    #[test]
    #[ignore = "needs root to run the binary as nobody (setpriv): .ci/run runs it with --ignored"]
    fn a_checkpoint_in_a_read_only_folder_is_an_io_failure_exit_3() {
        needs_root("to run the binary as nobody");
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

    #[test]
    #[ignore = "needs root and mount(2) on tmpfs: .ci/run runs it with --ignored"]
    fn a_failed_checkpoint_rewrite_names_the_checkpoint_not_a_temporary_file() {
        let d = dir();
        let small = Tmpfs::mount(d.path(), "small", "64k");
        let lines = complete_checkpoint("8", d.path());
        let mut damaged = lines.clone();
        damaged[2] = damaged[2].replace(",0.0", ",1.0");
        fs::write(small.0.join("ck"), damaged.join("\n") + "\n").unwrap();
        small.fill_leaving(0);
        let o = run_refused(
            &["count", "8", "--checkpoint", "small/ck"],
            d.path(),
            3,
            "the checkpoint 'small/ck': No space left on device",
        );
        assert!(!err(&o).contains(".queens-"), "{}", err(&o));
        assert!(temp_files(&small.0).is_empty());
    }
}
