//! The real Slurm test: `examples/slurm/count.sbatch` submitted as a job array of 8 tasks with
//! `sbatch --wait` for n = 12 (and for two variants, with PIECE and BOARD), merged with `queens
//! merge`, equal to the unsharded count.
//!
//! Needs a running cluster that `sinfo` can reach (`tests/slurm/local-cluster.sh start` makes a
//! one-node one), so it is `#[ignore]`d: `cargo test --release` lists it as ignored, with the
//! reason. `.ci/run` starts the cluster and runs it with `cargo test --release --test it --
//! --ignored slurm::`; run that way, a missing or unusable Slurm is a failure, never a pass.

use crate::common::Succeeds;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::thread;
use std::time::{Duration, Instant};

/// How long the array job may take before the test gives up (and cancels it).
const DEADLINE: Duration = Duration::from_secs(180);

/// Why Slurm cannot be used here, if it cannot.
fn unavailable() -> Option<String> {
    match Command::new("sinfo")
        .args(["-h", "-N", "-o", "%t"])
        .output()
    {
        Err(e) => Some(format!("sinfo cannot run ({e})")),
        Ok(o) if !o.status.success() => Some(format!(
            "sinfo finds no cluster ({})",
            String::from_utf8_lossy(&o.stderr)
                .lines()
                .last()
                .unwrap_or("")
                .trim()
        )),
        Ok(o) => {
            let states = String::from_utf8_lossy(&o.stdout).to_string();
            let usable = states
                .lines()
                .any(|s| matches!(s.trim().trim_end_matches('*'), "idle" | "mix" | "alloc"));
            (!usable).then(|| format!("no usable node (states: {:?})", states.trim()))
        }
    }
}

fn result_columns(csv: &[u8]) -> Vec<String> {
    let text = String::from_utf8_lossy(csv);
    let mut lines = text.lines();
    let header: Vec<&str> = lines.next().unwrap_or("").split(',').collect();
    let row: Vec<&str> = lines.next().unwrap_or("").split(',').collect();
    header
        .iter()
        .zip(row)
        .filter(|(h, _)| !matches!(**h, "seconds" | "threads"))
        .map(|(h, v)| format!("{h}={v}"))
        .collect()
}

fn logs(dir: &Path) -> String {
    let mut out = String::new();
    if let Ok(entries) = std::fs::read_dir(dir) {
        for e in entries.flatten() {
            let p = e.path();
            if p.extension().is_some_and(|x| x == "log") {
                out += &format!(
                    "--- {}\n{}",
                    p.display(),
                    std::fs::read_to_string(&p).unwrap_or_default()
                );
            }
        }
    }
    out
}

/// Runs `sbatch --wait` and waits for it, cancelling the job past the deadline.
fn sbatch_wait(args: &[String]) -> Output {
    let mut child = Command::new("sbatch")
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("sbatch runs");
    let started = Instant::now();
    while child
        .try_wait()
        .expect("sbatch can be waited for")
        .is_none()
    {
        if started.elapsed() > DEADLINE {
            let _ = Command::new("scancel")
                .args(["--name", "queens-test"])
                .status();
            let _ = child.kill();
            break;
        }
        thread::sleep(Duration::from_millis(200));
    }
    child.wait_with_output().expect("sbatch output")
}

/// Submits the script as an 8-task array for size `n` with the extra settings `env` (`,K=V`
/// pairs for `--export`), merges the parts and compares the row with the unsharded count of
/// `count` (its arguments after `count N`); returns the merged row's `column=value` cells.
fn array_merges_to_the_unsharded_count(n: usize, env: &str, count: &[&str]) -> Vec<String> {
    if let Some(why) = unavailable() {
        panic!(
            "Slurm cannot be used: {why}. Start a local cluster with \
             `sudo tests/slurm/local-cluster.sh start` and set SLURM_CONF."
        );
    }
    let queens = env!("CARGO_BIN_EXE_queens");
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/slurm/count.sbatch");
    let dir = tempfile::tempdir().unwrap();
    let parts = dir.path().join("parts");
    let args: Vec<String> = vec![
        "--wait".into(),
        "--array=0-7".into(),
        "--cpus-per-task=1".into(),
        "--time=5".into(),
        "--job-name=queens-test".into(),
        format!("--chdir={}", dir.path().display()),
        format!("--output={}/task-%a.log", dir.path().display()),
        format!(
            "--export=ALL,N={n},QUEENS={queens},OUT={}{env}",
            parts.display()
        ),
        script.display().to_string(),
    ];
    let o = sbatch_wait(&args);
    assert!(
        o.status.success(),
        "sbatch --wait failed: {}{}\n{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr),
        logs(dir.path())
    );
    let mut files: Vec<PathBuf> = std::fs::read_dir(&parts)
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "csv"))
        .collect();
    files.sort();
    assert_eq!(
        files.len(),
        8,
        "one part file per task\n{}",
        logs(dir.path())
    );
    let merged = Command::new(queens)
        .args(["merge", "--csv", "-"])
        .args(&files)
        .succeeds();
    let whole = Command::new(queens)
        .args(["count", &n.to_string(), "--csv", "-", "-q"])
        .args(count)
        .succeeds();
    let merged = result_columns(&merged.stdout);
    assert_eq!(merged, result_columns(&whole.stdout));
    assert!(merged.contains(&"verified=yes".to_string()), "{merged:?}");
    merged
}

#[test]
#[ignore = "needs a Slurm cluster: `sudo tests/slurm/local-cluster.sh start`, set SLURM_CONF, \
            then `cargo test --release --test it -- --ignored slurm::` (as .ci/run does)"]
fn a_slurm_array_job_of_8_parts_merges_to_the_unsharded_count() {
    let merged = array_merges_to_the_unsharded_count(12, "", &[]);
    assert!(merged.contains(&"total=14200".to_string()), "{merged:?}");
}

#[test]
#[ignore = "needs a Slurm cluster: `sudo tests/slurm/local-cluster.sh start`, set SLURM_CONF, \
            then `cargo test --release --test it -- --ignored slurm::` (as .ci/run does)"]
fn a_variant_runs_as_an_array_job_too() {
    // PIECE and BOARD reach `queens count`: the superqueens of n = 13 (A051223: 1876) and
    // the queens on the torus of board 13 (A051906: 4524).
    let merged =
        array_merges_to_the_unsharded_count(13, ",PIECE=superqueen", &["--piece", "superqueen"]);
    assert!(merged.contains(&"total=1876".to_string()), "{merged:?}");
    let merged = array_merges_to_the_unsharded_count(13, ",BOARD=torus", &["--board", "torus"]);
    assert!(merged.contains(&"total=4524".to_string()), "{merged:?}");
}
