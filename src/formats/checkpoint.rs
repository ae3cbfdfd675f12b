//! The checkpoint journal of a run (`--checkpoint FILE`): every finished unit is appended as one
//! line with its tally and a checksum, so that a run killed at any moment (a time limit,
//! preemption, a crash, SIGKILL) resumes where it stopped and gives the same result.
//!
//! The file is text, one record per line:
//!
//! ```text
//! queens-checkpoint,v1,n=15,engine=enumerate,plan=enumerate-prefix3-v1,part=0/1,units=2512,<checksum>
//! unit,17,1780,4,0,220,2,0,1234567,<checksum>
//! ```
//!
//! The header names the run (board size, engine, plan identity with its version, part, and the
//! plan's unit count); a file written by any other run is refused. A unit line holds the unit id,
//! then boards, half-turn fixed, quarter-turn fixed, the three canonical class counts and nodes
//! ([`Tally`]). Each line ends with the [`checksum`] of the text before its last
//! comma. Lines are written whole in one `write` to a file opened for appending, so a kill can
//! tear only the last line: a last line that is incomplete or fails its checksum is dropped
//! (and its unit counted again); a damaged line anywhere else is refused. The data are handed to
//! the kernel after every unit (a killed process loses nothing) and synced to disk by a
//! background thread every [`SYNC_INTERVAL`] and at the end (a crashed machine loses at most
//! that much work, and no worker waits for the disk).

use crate::formats::atomic;
use crate::formats::checksum;
use crate::plan::Plan;
use crate::plan::part::Part;
use crate::plan::tally::{ClassCounts, Tally};
use std::collections::BTreeMap;
use std::fs::{self, File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::{Mutex, mpsc};
use std::thread;
use std::time::Duration;

/// The first field of a checkpoint's header line.
pub const MAGIC: &str = "queens-checkpoint";
/// The version of the file format.
pub const FORMAT_VERSION: &str = "v1";
/// How often the journal is synced to disk while a run lasts.
pub const SYNC_INTERVAL: Duration = Duration::from_secs(1);

/// What a checkpoint belongs to: one part of one plan.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RunIdentity {
    /// Board size.
    pub n: usize,
    /// Engine name.
    pub engine: String,
    /// [`Plan::identity`]: the split and its version.
    pub plan: String,
    /// The part of the plan's units the run counts.
    pub part: Part,
    /// [`Plan::unit_count`].
    pub plan_units: usize,
}

impl RunIdentity {
    /// The identity of a run of `part` of `plan`.
    pub fn of(plan: &dyn Plan, part: Part) -> RunIdentity {
        RunIdentity {
            n: plan.n(),
            engine: plan.engine().name().to_string(),
            plan: plan.identity(),
            part,
            plan_units: plan.unit_count(),
        }
    }

    /// The header line, without its newline.
    fn header_line(&self) -> String {
        let fields: Vec<String> = self
            .pairs()
            .into_iter()
            .map(|(key, value)| format!("{key}={value}"))
            .collect();
        with_checksum(format!("{MAGIC},{FORMAT_VERSION},{}", fields.join(",")))
    }

    /// The fields of the header as (key, value) pairs, in header order (also for naming
    /// differences).
    fn pairs(&self) -> Vec<(&'static str, String)> {
        vec![
            ("n", self.n.to_string()),
            ("engine", self.engine.clone()),
            ("plan", self.plan.clone()),
            ("part", self.part.to_string()),
            ("units", self.plan_units.to_string()),
        ]
    }
}

/// A checkpoint that cannot be used.
#[derive(Debug, thiserror::Error)]
pub enum CheckpointError {
    /// The file belongs to another run.
    #[error(
        "the checkpoint '{path}' belongs to another run ({differences}); give another file, \
         or delete this one to start over"
    )]
    Foreign {
        /// The file.
        path: PathBuf,
        /// What differs, as `key FILE (this run: VALUE)`.
        differences: String,
    },
    /// The file is not a checkpoint.
    #[error("'{path}' is not a queens checkpoint (its first line is {first:?})")]
    NotACheckpoint {
        /// The file.
        path: PathBuf,
        /// Its first line (shortened).
        first: String,
    },
    /// A line other than the last is damaged.
    #[error(
        "the checkpoint '{path}' is damaged at line {line}: {what}; delete it to start over \
         (its units will be counted again)"
    )]
    Corrupt {
        /// The file.
        path: PathBuf,
        /// 1-based line number.
        line: usize,
        /// What is wrong.
        what: String,
    },
    /// Reading or writing failed.
    #[error("the checkpoint '{path}': {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// The error.
        source: io::Error,
    },
}

impl CheckpointError {
    /// Whether the error comes from the command line pointing at the wrong file (a usage
    /// error) rather than from a damaged file or a failed write.
    pub fn is_usage(&self) -> bool {
        matches!(
            self,
            CheckpointError::Foreign { .. } | CheckpointError::NotACheckpoint { .. }
        )
    }
}

/// An open checkpoint: the units it already holds, and the journal new units go to.
#[derive(Debug)]
pub struct Checkpoint {
    path: PathBuf,
    done: BTreeMap<usize, Tally>,
    dropped_last_line: bool,
    file: Mutex<File>,
    syncer: Mutex<Option<Syncer>>,
}

/// The background thread that syncs the journal to disk every [`SYNC_INTERVAL`], so that no
/// worker ever waits for the disk.
#[derive(Debug)]
struct Syncer {
    stop: mpsc::Sender<()>,
    handle: thread::JoinHandle<io::Result<()>>,
}

impl Syncer {
    fn start(file: File) -> io::Result<Syncer> {
        let (stop, stopped) = mpsc::channel::<()>();
        let handle = thread::Builder::new()
            .name("queens-checkpoint-sync".to_string())
            .spawn(move || {
                // Wakes every SYNC_INTERVAL until the checkpoint drops the sender.
                while let Err(mpsc::RecvTimeoutError::Timeout) = stopped.recv_timeout(SYNC_INTERVAL)
                {
                    file.sync_data()?;
                }
                Ok(())
            })?;
        Ok(Syncer { stop, handle })
    }

    /// Stops the thread; returns the first error it met.
    fn stop(self) -> io::Result<()> {
        drop(self.stop);
        self.handle
            .join()
            .unwrap_or_else(|_| Err(io::Error::other("the checkpoint sync thread panicked")))
    }
}

/// Appends `,checksum` to a line.
fn with_checksum(text: String) -> String {
    let sum = checksum::checksum(&text);
    text + "," + &sum
}

/// Splits `body,checksum` and checks the checksum; returns the body.
fn checked_body(line: &str) -> Option<&str> {
    let (body, sum) = line.rsplit_once(',')?;
    checksum::matches(body, sum).then_some(body)
}

/// The longest unit line: `unit,`, an id of up to 20 digits, 7 counts of up to 39 digits, their
/// commas, a comma and 16 hex digits of checksum, and the newline.
const MAX_UNIT_LINE: usize = 5 + 20 + 7 * (1 + 39) + 1 + 16 + 1;

/// Writes unit `id`'s line, checksum and newline included, into `buf` and returns its length.
/// It allocates nothing: it runs on the worker threads between units, where an allocation
/// would move the search kernels' per-thread buffers (and measurably slowed them).
fn unit_line_into(buf: &mut [u8; MAX_UNIT_LINE], id: usize, t: &Tally) -> usize {
    let mut rest: &mut [u8] = &mut buf[..];
    write!(
        rest,
        "unit,{id},{},{},{},{},{},{},{}",
        t.boards,
        t.fixed_half_turn,
        t.fixed_quarter_turn,
        t.canonical.asymmetric,
        t.canonical.half_turn,
        t.canonical.quarter_turn,
        t.nodes
    )
    .expect("MAX_UNIT_LINE holds the longest unit line");
    let body = MAX_UNIT_LINE - rest.len();
    let sum = checksum::hash(&buf[..body]);
    let mut rest: &mut [u8] = &mut buf[body..];
    writeln!(rest, ",{sum:016x}").expect("MAX_UNIT_LINE holds the checksum");
    MAX_UNIT_LINE - rest.len()
}

/// One unit's line, without its newline.
#[cfg(test)]
fn unit_line(id: usize, t: &Tally) -> String {
    let mut buf = [0; MAX_UNIT_LINE];
    let len = unit_line_into(&mut buf, id, t);
    String::from_utf8(buf[..len - 1].to_vec()).expect("a unit line is ASCII")
}

/// Parses a unit line (checksum checked); a message says what is wrong.
fn parse_unit_line(line: &str) -> Result<(usize, Tally), String> {
    let body = checked_body(line).ok_or("the checksum does not match")?;
    let fields: Vec<&str> = body.split(',').collect();
    if fields.len() != 9 || fields[0] != "unit" {
        return Err("not a unit record".to_string());
    }
    let int = |i: usize| {
        fields[i]
            .parse::<u128>()
            .map_err(|_| format!("{:?} is not a count", fields[i]))
    };
    let id = fields[1]
        .parse::<usize>()
        .map_err(|_| format!("{:?} is not a unit id", fields[1]))?;
    Ok((
        id,
        Tally {
            boards: int(2)?,
            fixed_half_turn: int(3)?,
            fixed_quarter_turn: int(4)?,
            canonical: ClassCounts {
                asymmetric: int(5)?,
                half_turn: int(6)?,
                quarter_turn: int(7)?,
            },
            nodes: int(8)?,
        },
    ))
}

/// Names how a header line differs from `expected`, or says it is no checkpoint header.
fn header_differences(path: &Path, line: &str, expected: &RunIdentity) -> CheckpointError {
    let not_one = || CheckpointError::NotACheckpoint {
        path: path.to_path_buf(),
        first: line.chars().take(120).collect(),
    };
    let fields: Vec<&str> = line.split(',').collect();
    if fields.first() != Some(&MAGIC) {
        return not_one();
    }
    let mut differences = Vec::new();
    if fields.get(1) != Some(&FORMAT_VERSION) {
        differences.push(format!(
            "format {} (this program: {FORMAT_VERSION})",
            fields.get(1).unwrap_or(&"?")
        ));
    }
    let found: BTreeMap<&str, &str> = fields
        .iter()
        .skip(2)
        .filter_map(|f| f.split_once('='))
        .collect();
    for (key, value) in expected.pairs() {
        match found.get(key) {
            Some(v) if *v == value => {}
            Some(v) => differences.push(format!("{key} {v} (this run: {value})")),
            None => differences.push(format!("no {key} (this run: {value})")),
        }
    }
    if differences.is_empty() {
        // Every field agrees, so only the checksum can be wrong.
        return CheckpointError::Corrupt {
            path: path.to_path_buf(),
            line: 1,
            what: "the header's checksum does not match".to_string(),
        };
    }
    CheckpointError::Foreign {
        path: path.to_path_buf(),
        differences: differences.join(", "),
    }
}

/// Reads the unit lines that follow the header (`journal`, the file's bytes after the header
/// line) of a checkpoint of the run `identity`: the finished units, and how many bytes of
/// `journal` hold them. A torn or garbled *last* line is left out of both (its unit is counted
/// again); a bad line before it is corruption.
fn parse_journal(
    path: &Path,
    journal: &[u8],
    identity: &RunIdentity,
) -> Result<(BTreeMap<usize, Tally>, usize), CheckpointError> {
    let mut done = BTreeMap::new();
    let mut good_len = 0;
    let mut lines = journal.split_inclusive(|&b| b == b'\n').peekable();
    // The header is line 1.
    let mut line_no = 1;
    while let Some(raw) = lines.next() {
        line_no += 1;
        let is_last = lines.peek().is_none();
        let parsed = match raw.strip_suffix(b"\n") {
            None => Err("the line is incomplete".to_string()),
            Some(line) => std::str::from_utf8(line)
                .map_err(|_| "not text".to_string())
                .and_then(parse_unit_line)
                .and_then(|(id, t)| {
                    if id >= identity.plan_units || !identity.part.selects(id) {
                        Err(format!("unit {id} is not in part {}", identity.part))
                    } else if done.contains_key(&id) {
                        Err(format!("unit {id} appears twice"))
                    } else {
                        Ok((id, t))
                    }
                }),
        };
        match parsed {
            Ok((id, t)) => {
                done.insert(id, t);
                good_len += raw.len();
            }
            Err(_) if is_last => break,
            Err(what) => {
                return Err(CheckpointError::Corrupt {
                    path: path.to_path_buf(),
                    line: line_no,
                    what,
                });
            }
        }
    }
    Ok((done, good_len))
}

impl Checkpoint {
    /// Opens the checkpoint at `path` for the run `identity`, creating it if it does not exist
    /// (or holds only a torn header). Reads back the finished units, drops a torn last line,
    /// and refuses a file of another run or one damaged before its last line.
    pub fn open(path: &Path, identity: &RunIdentity) -> Result<Checkpoint, CheckpointError> {
        let io_err = |source: io::Error| CheckpointError::Io {
            path: path.to_path_buf(),
            source,
        };
        let header = identity.header_line();
        let bytes = match fs::read(path) {
            Ok(b) => b,
            Err(e) if e.kind() == io::ErrorKind::NotFound => Vec::new(),
            Err(e) => return Err(io_err(e)),
        };
        let mut done = BTreeMap::new();
        let mut dropped_last_line = false;
        let header_end = bytes.iter().position(|&b| b == b'\n');
        match header_end {
            // A new file, or one whose header was torn while being written.
            None if header.as_bytes().starts_with(&bytes) => {
                atomic::write_file_atomically(path, format!("{header}\n").as_bytes())
                    .map_err(io_err)?;
            }
            None => {
                return Err(CheckpointError::NotACheckpoint {
                    path: path.to_path_buf(),
                    first: String::from_utf8_lossy(&bytes).chars().take(120).collect(),
                });
            }
            Some(end) => {
                let first = String::from_utf8_lossy(&bytes[..end]);
                if first != header {
                    return Err(header_differences(path, &first, identity));
                }
                let (units, journal_len) = parse_journal(path, &bytes[end + 1..], identity)?;
                done = units;
                let good_end = end + 1 + journal_len;
                // A torn or garbled last line is cut off: its unit is counted again.
                dropped_last_line = good_end < bytes.len();
                if dropped_last_line {
                    let f = OpenOptions::new().write(true).open(path).map_err(io_err)?;
                    f.set_len(good_end as u64).map_err(io_err)?;
                    f.sync_all().map_err(io_err)?;
                }
            }
        }
        let file = OpenOptions::new().append(true).open(path).map_err(io_err)?;
        let syncer = Syncer::start(file.try_clone().map_err(io_err)?).map_err(io_err)?;
        Ok(Checkpoint {
            path: path.to_path_buf(),
            done,
            dropped_last_line,
            file: Mutex::new(file),
            syncer: Mutex::new(Some(syncer)),
        })
    }

    /// The file.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The units finished by earlier runs, with their tallies.
    pub fn done(&self) -> &BTreeMap<usize, Tally> {
        &self.done
    }

    /// Whether a torn or damaged last line was dropped on opening.
    pub fn dropped_last_line(&self) -> bool {
        self.dropped_last_line
    }

    /// Appends a finished unit: one whole line in one write. The line reaches the kernel at
    /// once (a killed process loses nothing) and the disk within [`SYNC_INTERVAL`].
    pub fn record(&self, id: usize, tally: &Tally) -> io::Result<()> {
        let mut buf = [0; MAX_UNIT_LINE];
        let len = unit_line_into(&mut buf, id, tally);
        let mut file = self.file.lock().unwrap_or_else(|p| p.into_inner());
        file.write_all(&buf[..len])
    }

    /// Stops the background syncing and syncs everything recorded to disk; reports any
    /// error the background syncing met.
    pub fn sync(&self) -> io::Result<()> {
        let syncer = self.syncer.lock().unwrap_or_else(|p| p.into_inner()).take();
        let background = syncer.map_or(Ok(()), Syncer::stop);
        let file = self.file.lock().unwrap_or_else(|p| p.into_inner());
        file.sync_data()?;
        background
    }
}

impl Drop for Checkpoint {
    fn drop(&mut self) {
        let syncer = self
            .syncer
            .get_mut()
            .unwrap_or_else(|p| p.into_inner())
            .take();
        if let Some(syncer) = syncer {
            let _ = syncer.stop();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn identity(part: Part) -> RunIdentity {
        RunIdentity {
            n: 9,
            engine: "enumerate".to_string(),
            plan: "test-plan-v1".to_string(),
            part,
            plan_units: 40,
        }
    }

    fn tally(k: u128) -> Tally {
        Tally {
            boards: 8 * k,
            fixed_half_turn: 4,
            fixed_quarter_turn: 2,
            canonical: ClassCounts {
                asymmetric: k,
                half_turn: 1,
                quarter_turn: 1,
            },
            nodes: 1000 + k,
        }
    }

    fn reopen(path: &Path, part: Part) -> Result<Checkpoint, CheckpointError> {
        Checkpoint::open(path, &identity(part))
    }

    #[test]
    fn the_longest_unit_line_fits_and_round_trips() {
        let t = Tally {
            boards: u128::MAX,
            fixed_half_turn: u128::MAX,
            fixed_quarter_turn: u128::MAX,
            canonical: ClassCounts {
                asymmetric: u128::MAX,
                half_turn: u128::MAX,
                quarter_turn: u128::MAX,
            },
            nodes: u128::MAX,
        };
        let line = unit_line(usize::MAX, &t);
        assert_eq!(line.len() + 1, MAX_UNIT_LINE);
        assert_eq!(parse_unit_line(&line), Ok((usize::MAX, t)));
        let small = unit_line(3, &Tally::default());
        assert_eq!(checked_body(&small), Some("unit,3,0,0,0,0,0,0,0"));
    }

    #[test]
    fn records_come_back_on_reopening() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("ckpt");
        let part = Part::new(1, 3).unwrap();
        let c = reopen(&path, part).unwrap();
        assert!(c.done().is_empty());
        for id in [1, 4, 7] {
            c.record(id, &tally(id as u128)).unwrap();
        }
        drop(c);
        let c = reopen(&path, part).unwrap();
        assert_eq!(c.done().len(), 3);
        assert_eq!(c.done()[&4], tally(4));
        assert!(!c.dropped_last_line());
    }

    #[test]
    fn a_torn_last_line_is_dropped_and_overwritten() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("ckpt");
        let c = reopen(&path, Part::WHOLE).unwrap();
        c.record(0, &tally(0)).unwrap();
        c.record(1, &tally(1)).unwrap();
        drop(c);
        let full = fs::read_to_string(&path).unwrap();
        // Cut the file in the middle of the last line, as a kill during the write would.
        fs::write(&path, &full[..full.len() - 7]).unwrap();
        let c = reopen(&path, Part::WHOLE).unwrap();
        assert!(c.dropped_last_line());
        assert_eq!(c.done().keys().copied().collect::<Vec<_>>(), vec![0]);
        c.record(1, &tally(1)).unwrap();
        drop(c);
        // The torn bytes are gone: the file is exactly what an uninterrupted run writes.
        assert_eq!(fs::read_to_string(&path).unwrap(), full);
    }

    #[test]
    fn a_damaged_line_before_the_last_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("ckpt");
        let c = reopen(&path, Part::WHOLE).unwrap();
        for id in 0..3 {
            c.record(id, &tally(id as u128)).unwrap();
        }
        drop(c);
        let text = fs::read_to_string(&path).unwrap();
        let damaged = text.replacen("unit,1,8,", "unit,1,9,", 1);
        assert_ne!(damaged, text);
        fs::write(&path, damaged).unwrap();
        let e = reopen(&path, Part::WHOLE).unwrap_err();
        assert!(matches!(e, CheckpointError::Corrupt { line: 3, .. }), "{e}");
    }

    #[test]
    fn a_file_of_another_run_is_refused_naming_the_difference() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("ckpt");
        reopen(&path, Part::new(0, 2).unwrap()).unwrap();
        let e = reopen(&path, Part::new(1, 2).unwrap()).unwrap_err();
        assert!(e.is_usage());
        assert!(e.to_string().contains("part 0/2 (this run: 1/2)"), "{e}");
        let mut other = identity(Part::new(0, 2).unwrap());
        other.n = 10;
        other.plan = "test-plan-v2".to_string();
        let e = Checkpoint::open(&path, &other).unwrap_err().to_string();
        assert!(e.contains("n 9 (this run: 10)"), "{e}");
        assert!(
            e.contains("plan test-plan-v1 (this run: test-plan-v2)"),
            "{e}"
        );
        fs::write(&path, "n,total\n8,92\n").unwrap();
        let e = reopen(&path, Part::WHOLE).unwrap_err();
        assert!(matches!(e, CheckpointError::NotACheckpoint { .. }), "{e}");
    }

    #[test]
    fn units_outside_the_part_or_twice_are_corruption() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("ckpt");
        let part = Part::new(1, 2).unwrap();
        reopen(&path, part).unwrap();
        let header = fs::read_to_string(&path).unwrap();
        let body = format!("{}\n{}\n", unit_line(2, &tally(2)), unit_line(3, &tally(3)));
        fs::write(&path, header.clone() + &body).unwrap();
        let e = reopen(&path, part).unwrap_err().to_string();
        assert!(e.contains("unit 2 is not in part 1/2"), "{e}");
        let body = format!(
            "{}\n{}\n{}\n",
            unit_line(3, &tally(3)),
            unit_line(3, &tally(3)),
            unit_line(5, &tally(5))
        );
        fs::write(&path, header + &body).unwrap();
        let e = reopen(&path, part).unwrap_err().to_string();
        assert!(e.contains("unit 3 appears twice"), "{e}");
    }
}
