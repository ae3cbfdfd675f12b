//! Helpers shared by every test module: the binary, its outputs, and one count of one n.

#![allow(dead_code)] // each helper is used by some modules, not all

use assert_cmd::Command;
use queens::formats::table::Row;
use queens::plan::Tally;
use queens::{Counter, Counts, Engine, KernelChoice};
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Output;

/// The Slurm job array variables, which `--part slurm` reads: never inherited by the binary
/// from the test's own environment (the tests may run inside a Slurm job).
pub const SLURM_VARS: [&str; 5] = [
    "SLURM_ARRAY_TASK_ID",
    "SLURM_ARRAY_TASK_COUNT",
    "SLURM_ARRAY_TASK_MIN",
    "SLURM_ARRAY_TASK_MAX",
    "SLURM_ARRAY_TASK_STEP",
];

/// The `queens` binary with `--quiet` (no progress on stderr), run by assert_cmd.
pub fn queens() -> Command {
    let mut cmd = queens_plain();
    cmd.arg("--quiet");
    cmd
}

/// The `queens` binary as a user runs it: progress on, nothing added (no Slurm array
/// variables inherited). assert_cmd runs it through a cross runner (qemu) where
/// `CARGO_TARGET_<TRIPLE>_RUNNER` names one; [`process`]'s flavour does not.
pub fn queens_plain() -> Command {
    let mut cmd = Command::cargo_bin("queens").expect("the binary is built");
    for v in SLURM_VARS {
        cmd.env_remove(v);
    }
    cmd
}

/// Every subcommand but `help`, as `queens --help` lists them under "Commands:".
pub fn subcommands() -> Vec<String> {
    stdout_of(&["--help"])
        .lines()
        .skip_while(|l| !l.starts_with("Commands:"))
        .skip(1)
        .take_while(|l| !l.trim().is_empty())
        .filter(|l| l.starts_with("  ") && !l.starts_with("   "))
        .filter_map(|l| l.split_whitespace().next())
        .filter(|w| *w != "help")
        .map(str::to_owned)
        .collect()
}

/// Runs a command to its end and checks how it exited: `.output().unwrap()` and an `assert!`
/// of its exit status in one call, the command and its stderr in the message.
pub trait Succeeds {
    /// Runs the command to its end: its description (for messages) and its output.
    fn run_to_end(&mut self) -> (String, Output);

    /// Runs the command; panics unless it started and exited 0. Returns its output.
    fn succeeds(&mut self) -> Output {
        let (what, out) = self.run_to_end();
        succeeded(what, out)
    }

    /// Runs the command; panics unless it started and exited `code` (the message shows the
    /// command and its stderr). Returns its output.
    fn exits(&mut self, code: i32) -> Output {
        let (what, out) = self.run_to_end();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(code), "{what}: {err}");
        out
    }

    /// Runs the command; panics unless it exited `code` with `needle` in its stderr. Returns
    /// its stderr, as text.
    fn refuses(&mut self, code: i32, needle: &str) -> String {
        let err = String::from_utf8_lossy(&self.exits(code).stderr).into_owned();
        assert!(err.contains(needle), "{err:?} lacks {needle:?}");
        err
    }
}

impl Succeeds for Command {
    fn run_to_end(&mut self) -> (String, Output) {
        (format!("{self:?}"), self.output().unwrap())
    }
}

impl Succeeds for std::process::Command {
    fn run_to_end(&mut self) -> (String, Output) {
        (format!("{self:?}"), self.output().unwrap())
    }
}

/// `out`, checked to be that of a run that exited 0 (`what` names the run).
fn succeeded(what: String, out: Output) -> Output {
    assert!(
        out.status.success(),
        "{what} failed ({}): {}",
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
    out
}

/// Runs `queens --quiet args…`, expects success, returns stdout.
pub fn stdout_of(args: &[&str]) -> String {
    String::from_utf8(queens().args(args).succeeds().stdout).unwrap()
}

/// Runs `queens args…` and expects exit code `code`, one line on stderr containing `needle`
/// (and, for an error of the command line's parser, one more with the usage), and no panic.
pub fn fails_with(args: &[&str], code: i32, needle: &str) {
    let err = stderr_of(args, code);
    assert!(
        err.contains(needle),
        "queens {args:?}: {err:?} lacks {needle:?}"
    );
    let lines: Vec<&str> = err.trim_end().lines().collect();
    assert!(
        lines.len() == 1 || (lines.len() == 2 && lines[1].starts_with("Usage: queens")),
        "one line (and the usage) expected: {err:?}"
    );
    assert!(
        lines[0].contains(needle),
        "queens {args:?}: {needle:?} is not on the first line: {err:?}"
    );
}

/// Runs `queens args…` and expects exit code `code` and no panic; returns stderr.
pub fn stderr_of(args: &[&str], code: i32) -> String {
    let out = queens_plain().args(args).output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    assert_eq!(out.status.code(), Some(code), "queens {args:?}: {err}");
    assert!(!err.contains("panicked"), "queens {args:?} panicked: {err}");
    err
}

/// The unsigned field `field` of every element of the array `rows` of a JSON document.
pub fn json_u64s(doc: &serde_json::Value, rows: &str, field: &str) -> Vec<u64> {
    doc[rows]
        .as_array()
        .unwrap_or_else(|| panic!("no array {rows:?}: {doc}"))
        .iter()
        .map(|r| {
            r[field]
                .as_u64()
                .unwrap_or_else(|| panic!("{field:?} of {r}"))
        })
        .collect()
}

/// [`fails_with`] exit code 2, a usage error, for each `(args, needle)` of a table.
pub fn usage_errors(cases: &[(&[&str], &str)]) {
    for (args, needle) in cases {
        fails_with(args, 2, needle);
    }
}

/// Asserts that `text` contains `needle`; the message shows both.
#[track_caller]
pub fn assert_has(text: &str, needle: &str) {
    assert!(text.contains(needle), "{needle:?} is not in: {text}");
}

/// Asserts that the last of the lines `err` starts with `prefix`; the message shows them all.
#[track_caller]
pub fn assert_last_starts_with(err: &[String], prefix: &str) {
    let last = err.last().map(String::as_str).unwrap_or_default();
    assert!(
        last.starts_with(prefix),
        "{prefix:?} does not start the last of {err:?}"
    );
}

/// Asserts that line `index` (from 0) of `text` starts with `prefix`; the message shows the text.
#[track_caller]
pub fn assert_line_starts_with(text: &str, index: usize, prefix: &str) {
    let line = text.lines().nth(index).unwrap_or_default();
    assert!(
        line.starts_with(prefix),
        "line {index} does not start with {prefix:?}: {text}"
    );
}

/// Asserts that the run `o` wrote nothing on stdout; the message shows what it wrote.
#[track_caller]
pub fn assert_no_stdout(o: &Output) {
    assert!(
        o.stdout.is_empty(),
        "{}",
        String::from_utf8_lossy(&o.stdout)
    );
}

/// The cells of a line of a human table (split at white space).
pub fn cells(line: &str) -> Vec<&str> {
    line.split_whitespace().collect()
}

/// Parses a CSV text into header and records.
pub fn csv_records(text: &str) -> (Vec<String>, Vec<Vec<String>>) {
    let mut r = csv::Reader::from_reader(text.as_bytes());
    let header = r.headers().unwrap().iter().map(String::from).collect();
    let records = r
        .records()
        .map(|rec| rec.unwrap().iter().map(String::from).collect())
        .collect();
    (header, records)
}

/// A CSV text read by column name, as the tests look at the rows of a table.
pub struct CsvTable {
    /// The names of the columns.
    pub header: Vec<String>,
    /// The records, their cells in the header's order.
    pub rows: Vec<Vec<String>>,
}

impl CsvTable {
    /// Parses `text` (a header line, then the records).
    pub fn parse(text: &str) -> Self {
        let (header, rows) = csv_records(text);
        CsvTable { header, rows }
    }

    /// The position of the column `name`; panics naming it when there is none.
    pub fn column(&self, name: &str) -> usize {
        let at = self.header.iter().position(|h| h == name);
        at.unwrap_or_else(|| panic!("no column {name} in {:?}", self.header))
    }

    /// The cell of record `row` in the column `name`.
    pub fn cell(&self, row: usize, name: &str) -> &str {
        &self.rows[row][self.column(name)]
    }

    /// The cells of record `row` in the columns `names`, in that order.
    pub fn cells(&self, row: usize, names: &[&str]) -> Vec<&str> {
        names.iter().map(|name| self.cell(row, name)).collect()
    }
}

/// A fresh temporary directory.
pub fn dir() -> tempfile::TempDir {
    tempfile::tempdir().unwrap()
}

/// Writes `text` to a new file `name` in `d`; its path.
pub fn file_with(d: &Path, name: &str, text: impl AsRef<[u8]>) -> PathBuf {
    let path = d.join(name);
    fs::write(&path, text).unwrap();
    path
}

/// A path as the `&str` a command line takes.
pub fn path_str(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// The complete counts of `n` with `engine` on `threads` threads, through the front door.
pub fn counts(n: usize, engine: Engine, threads: usize) -> Counts {
    Counter::new(n)
        .engine(engine)
        .threads(threads)
        .count()
        .unwrap_or_else(|e| panic!("n = {n}, {engine}: {e}"))
}

/// The same on a given kernel.
pub fn counts_on(n: usize, engine: Engine, kernel: KernelChoice, threads: usize) -> Counts {
    Counter::new(n)
        .engine(engine)
        .kernel(kernel)
        .threads(threads)
        .count()
        .unwrap_or_else(|e| panic!("n = {n}, {engine}, {kernel:?}: {e}"))
}

/// The result row of `n`, with the timing zeroed so rows compare by content.
pub fn row(n: usize, engine: Engine, threads: usize) -> Row {
    let mut row = Row::from_counts(&counts(n, engine, threads));
    row.seconds = 0.0;
    row
}

/// The plan of `engine` for `n` on the fastest kernel (the size must be valid).
pub fn build(n: usize, engine: Engine) -> Box<dyn queens::plan::Plan> {
    queens::runner::build(n, engine).unwrap_or_else(|e| panic!("n = {n}: {e}"))
}

/// Runner options for `threads` threads.
pub fn options(threads: usize) -> queens::runner::RunOptions {
    queens::runner::RunOptions { threads }
}

/// The result row of every unit of `plan` on `threads` threads, timing zeroed.
pub fn plan_row(plan: &dyn queens::plan::Plan, threads: usize) -> Row {
    let done = queens::runner::run_plan(plan, &options(threads)).expect("no overflow");
    let mut row = Row::from_tally(
        plan.n(),
        plan.engine().name(),
        plan.kernel(),
        plan.counts_classes_directly(),
        &done.tally,
        0.0,
        done.threads,
    )
    .expect("consistent counts");
    row.seconds = 0.0;
    row
}

/// The binary as a plain `std::process::Command` (its standard streams can be set, it can be
/// signalled or run as another user), and what the tests of files and devices check of it.
pub mod process {
    use std::fs;
    use std::path::Path;
    use std::process::{Command as StdCommand, Output};

    /// The binary, as a plain process: progress on, no Slurm array variables inherited.
    pub fn queens_plain() -> StdCommand {
        let mut c = StdCommand::new(env!("CARGO_BIN_EXE_queens"));
        for v in super::SLURM_VARS {
            c.env_remove(v);
        }
        c
    }

    /// The same with `--quiet`.
    pub fn queens() -> StdCommand {
        let mut c = queens_plain();
        c.arg("--quiet");
        c
    }

    /// Runs `queens --quiet args…` in `cwd`.
    pub fn run(args: &[&str], cwd: &Path) -> Output {
        queens().args(args).current_dir(cwd).output().unwrap()
    }

    /// Runs `queens --quiet args…` in `cwd` and expects it to succeed (the message shows the
    /// command and its stderr).
    pub fn run_ok(args: &[&str], cwd: &Path) -> Output {
        use super::Succeeds;
        queens().args(args).current_dir(cwd).succeeds()
    }

    /// Runs `queens --quiet args…` in `cwd` and expects it refused as [`refused`] checks.
    pub fn run_refused(args: &[&str], cwd: &Path, code: i32, needle: &str) -> Output {
        let o = run(args, cwd);
        refused(&o, code, needle);
        o
    }

    /// The standard error of `o`, as text.
    pub fn err(o: &Output) -> String {
        String::from_utf8_lossy(&o.stderr).into_owned()
    }

    /// Asserts exit code `code`, one line on stderr containing `needle`, no panic.
    pub fn refused(o: &Output, code: i32, needle: &str) {
        let e = err(o);
        assert_eq!(o.status.code(), Some(code), "{e}");
        assert!(e.contains(needle), "{e:?} lacks {needle:?}");
        assert!(!e.contains("panicked"), "{e}");
        assert_eq!(e.trim_end().lines().count(), 1, "one line expected: {e:?}");
    }

    /// Whether this test runs as root (special files and dropping privileges need it).
    pub fn is_root() -> bool {
        StdCommand::new("id")
            .arg("-u")
            .output()
            .is_ok_and(|o| String::from_utf8_lossy(&o.stdout).trim() == "0")
    }

    /// Fails the test unless it runs as root; `why` says what for ("to mount a tmpfs").
    pub fn needs_root(why: &str) {
        assert!(is_root(), "this test needs root, {why}");
    }

    /// Makes a FIFO named `name` in `d`; its path.
    pub fn mkfifo(d: &Path, name: &str) -> std::path::PathBuf {
        assert!(sh(&format!("mkfifo {name}"), d), "mkfifo {name}");
        d.join(name)
    }

    /// Makes a FIFO named `name` in `d` with a thread that reads it to its end: the thread.
    pub fn fifo_reader(d: &Path, name: &str) -> std::thread::JoinHandle<String> {
        let fifo = mkfifo(d, name);
        std::thread::spawn(move || fs::read_to_string(fifo).unwrap())
    }

    /// Asserts that a run begun at `started` ended within `limit`, which is far more than a
    /// refusal takes and far less than the work: it refused before computing.
    #[track_caller]
    pub fn ended_before_the_work(started: std::time::Instant, limit: std::time::Duration) {
        assert!(started.elapsed() < limit, "it computed first");
    }

    /// The files whose names start with `.queens-` in `d` (temporary files left behind).
    pub fn temp_files(d: &Path) -> Vec<String> {
        fs::read_dir(d)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .filter(|n| n.starts_with(".queens-"))
            .collect()
    }

    /// Runs `cmd` with `sh -c` in `cwd`; whether it succeeded.
    pub fn sh(cmd: &str, cwd: &Path) -> bool {
        StdCommand::new("sh")
            .args(["-c", cmd])
            .current_dir(cwd)
            .status()
            .is_ok_and(|s| s.success())
    }

    /// The binary as the user `nobody` (uid and gid 65534, no groups), `--quiet`, in `cwd`.
    pub fn as_nobody(cwd: &Path) -> StdCommand {
        let mut c = StdCommand::new("setpriv");
        c.args(["--reuid=65534", "--regid=65534", "--clear-groups"])
            .arg(env!("CARGO_BIN_EXE_queens"))
            .arg("--quiet")
            .current_dir(cwd);
        c
    }

    /// The peak memory (KiB) of `queens --quiet args…` in `cwd` by GNU time (`/usr/bin/time`),
    /// with its output. Its tests are ignored where the build found no GNU time
    /// (`cfg(queens_host_gnu_time)`, set by build.rs).
    pub fn peak_kib(args: &[&str], cwd: &Path) -> (u64, Output) {
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
        (kib.trim().lines().last().unwrap().parse().unwrap(), o)
    }
}

/// `fields` with the last replaced by the checksum of the others (as a forger would).
pub fn with_fresh_checksum(mut fields: Vec<String>) -> String {
    fields.pop();
    let sum = queens::storage::checksum::checksum(&fields.join(","));
    fields.push(sum);
    fields.join(",")
}

/// The text of every `<text>` element of an SVG document, one per line.
pub fn svg_text(svg: &str) -> String {
    let doc = roxmltree::Document::parse(svg).unwrap();
    doc.descendants()
        .filter(|e| e.has_tag_name("text"))
        .filter_map(|e| e.text())
        .collect::<Vec<_>>()
        .join("\n")
}

/// The result columns of a `--csv -` table that do not depend on timing or threads.
pub fn results(csv: &[u8]) -> Vec<Vec<String>> {
    let mut r = csv::Reader::from_reader(csv);
    let header: Vec<String> = r.headers().unwrap().iter().map(String::from).collect();
    r.records()
        .map(|rec| {
            let rec = rec.unwrap();
            header
                .iter()
                .zip(rec.iter())
                .filter(|(h, _)| !matches!(h.as_str(), "seconds" | "threads"))
                .map(|(_, v)| v.to_string())
                .collect()
        })
        .collect()
}

/// The result columns of `count SIZES --csv -` (with `engine`'s arguments) in one run.
pub fn whole_with(sizes: &str, engine: &[&str]) -> Vec<Vec<String>> {
    let o = process::queens()
        .args(["count", sizes, "--csv", "-"])
        .args(engine)
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", process::err(&o));
    results(&o.stdout)
}

/// The result columns of `count SIZES --csv -`.
pub fn whole(sizes: &str) -> Vec<Vec<String>> {
    whole_with(sizes, &[])
}

/// Checks that the units of `plan` sum to `whole` counted one by one in reverse order, and
/// as `parts` parts (id mod `parts`) each run on its own; `what` names the case.
pub fn units_sum_to(plan: &dyn queens::plan::Plan, parts: usize, whole: &Tally, what: &str) {
    let singles: Vec<Tally> = (0..plan.unit_count())
        .rev()
        .map(|id| plan.count_unit(id))
        .collect();
    assert_eq!(Tally::sum(&singles).unwrap(), *whole, "{what}");
    let sums: Vec<Tally> = (0..parts)
        .map(|k| {
            let ids: Vec<usize> = (0..plan.unit_count()).filter(|i| i % parts == k).collect();
            queens::runner::run_units(plan, &ids, &options(2))
                .unwrap()
                .tally
        })
        .collect();
    assert_eq!(Tally::sum(&sums).unwrap(), *whole, "{what}");
}

/// A tmpfs of `size` mounted on a new folder `name` in `d`, unmounted when dropped.
pub struct Tmpfs(pub PathBuf);

impl Tmpfs {
    /// Mounts it; fails the test where mounting is not allowed (it needs root).
    pub fn mount(d: &Path, name: &str, size: &str) -> Tmpfs {
        let at = d.join(name);
        fs::create_dir(&at).unwrap();
        let mounted = std::process::Command::new("mount")
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
        assert!(
            mounted,
            "cannot mount a tmpfs on {} (this test needs root)",
            at.display()
        );
        Tmpfs(at)
    }

    /// Fills the file system, then frees `keep` bytes.
    pub fn fill_leaving(&self, keep: u64) {
        let fill = self.0.join("fill");
        let _ = std::process::Command::new("dd")
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

    /// Fills the file system to its last byte.
    pub fn fill(&self) {
        use std::io::Write;
        let mut f = fs::File::create(self.0.join("fill")).unwrap();
        let block = [0u8; 4096];
        while f.write_all(&block).is_ok() {}
        while f.write_all(&[0]).is_ok() {}
    }
}

impl Drop for Tmpfs {
    fn drop(&mut self) {
        let _ = std::process::Command::new("umount").arg(&self.0).status();
    }
}
