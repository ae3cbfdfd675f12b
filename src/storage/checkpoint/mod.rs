//! The checkpoint journal of a run (`--checkpoint FILE`): every finished unit is appended as one
//! line with its tally and a checksum, so that a run killed at any moment (a time limit,
//! preemption, a crash, SIGKILL) resumes where it stopped and gives the same result.
//!
//! The file is text, one record per line:
//!
//! ```text
//! queens-checkpoint,v2,n=15,engine=enumerate,plan=enumerate-prefix3-v1,part=0/1,units=2512,<checksum>
//! unit,17,1780,4,0,220,2,0,1234567,0.031250,<checksum>
//! ```
//!
//! A plan whose units run long (the torus's, [`crate::plan::pieces`]) also journals runs of a
//! unit's pieces about once a minute while the unit runs, each a line of its own:
//!
//! ```text
//! piece,200,below3,0,225,30862496,0,0,0,0,0,375539921,1x1:30810528:0 1x2:51968:0,60.166531,<checksum>
//! ```
//!
//! (the unit, the scheme the pieces are numbered by, the range of pieces, the same fields as a
//! unit line's after its id). Pieces of a piece cut again are named by the scheme followed by
//! where they lie (`below3at2611below2`: [`PieceRun::within`]). A resumed run counts only the pieces of an unfinished unit that
//! no line holds; the unit's own line, once written, makes its piece lines useless (a rewrite
//! leaves them out). Two lines of the same unit and scheme whose pieces overlap and differ
//! contradict each other: all that unit's pieces are counted again.
//!
//! The header names the run (board size, engine, plan identity with its version, part, and the
//! plan's unit count); a file written by any other run is refused. A unit line holds the unit id,
//! then the seven fields of its [`Tally`] (`storage::tally_fields`) and the unit's wall-clock seconds.
//! Each line ends with the [`checksum`](crate::storage::checksum::checksum) of the text before
//! its last comma; a unit line's checksum is seeded with the header's text, so it covers the
//! run too: a line copied from the checkpoint of another n, engine, plan or part fails it.
//!
//! The checksums catch accidents (a torn write, a flipped bit, a line copied from another
//! run's checkpoint), not forgery: anyone can recompute them. A line whose values no run
//! writes (seconds that are not a finite number from 0 to 10^9, fewer nodes than an eighth of
//! the boards) is dropped whatever its checksum says.
//!
//! Each line is built whole in a buffer and appended with one `write_all` (under a lock, to a
//! file opened for appending): `write_all` issues one `write` and more only if the kernel
//! takes part of the line, so lines never interleave and a kill can tear only the last line: a
//! torn last line is cut off (and its unit counted again). Any other line
//! that fails its check (damaged, or foreign) is dropped, its unit counted again, and
//! [`Checkpoint::dropped_note`] says how many and why; every good line is kept. The file is
//! locked while a run uses it ([`File::try_lock`]): a second run on the same file is refused.
//! The data are handed to the kernel after every unit (a killed process loses nothing) and
//! synced to disk by a background thread every [`SYNC_INTERVAL`] and at the end (a crashed
//! machine loses at most that much work, and no worker waits for the disk); the directory is
//! synced after the file is created or replaced.
//!
//! The module's parts, one job each: the line format (`codec`: writing and parsing unit
//! lines, checksums), reading a file back (`recovery`: the first line, a foreign header
//! named field by field, the journal with its dropped lines), the lock (`lock`) and the
//! background sync thread (`sync`); this file holds the public types and `Checkpoint`'s
//! opening, rewriting and recording.

mod codec;
mod identity;
mod lock;
mod recovery;
mod sync;

pub use identity::{CheckpointError, Dropped, RunIdentity};
pub use sync::SYNC_INTERVAL;

use crate::plan::pieces::is_scheme;
use codec::{MAX_UNIT_LINE, PieceRecord, first_line_text, piece_line, unit_line_into};
use lock::open_locked;
use recovery::{FirstLine, Journal, read_journal};
use sync::Syncer;

use crate::plan::pieces::PieceRun;
use crate::plan::tally::Tally;
use crate::storage::atomic;
use std::cell::Cell;
use std::collections::BTreeMap;
use std::fs::{self, File};
use std::io::{self, BufReader, Write};
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

/// An open checkpoint: the units it already holds, and the journal new units go to.
#[derive(Debug)]
pub struct Checkpoint {
    path: PathBuf,
    done: BTreeMap<usize, Tally>,
    seconds: BTreeMap<usize, f64>,
    pieces: BTreeMap<usize, Vec<PieceRecord>>,
    dropped_last_line: bool,
    dropped: Dropped,
    line_key: u64,
    /// Tells this checkpoint's lines apart in the per-thread timing ([`LAST_RECORD`]).
    instance: u64,
    opened: Instant,
    file: Mutex<File>,
    syncer: Mutex<Option<Syncer>>,
}

/// Numbers the open checkpoints (for [`LAST_RECORD`]).
static INSTANCES: AtomicU64 = AtomicU64::new(1);

thread_local! {
    /// The checkpoint instance this thread last recorded a unit into, and when.
    static LAST_RECORD: Cell<(u64, Option<Instant>)> = const { Cell::new((0, None)) };
}

/// Checks, before any work, that the checkpoint at `path` (if there is one) may be used by the
/// run `identity`: a file another run holds (locked), or whose header names another run, or
/// another version, is refused here, so that a folder of checkpoints in use or of another
/// engine or split is refused before any size is counted. A damaged header is left to
/// [`Checkpoint::open`], which keeps the units that verify.
pub fn check(path: &Path, identity: &RunIdentity) -> Result<(), CheckpointError> {
    let Ok(file) = File::open(path) else {
        return Ok(());
    };
    if !file.metadata().is_ok_and(|m| m.is_file()) {
        return Ok(());
    }
    lock::check_free(&file, path)?;
    let first =
        FirstLine::read(&mut BufReader::new(file)).map_err(|source| CheckpointError::Io {
            path: path.to_path_buf(),
            source,
        })?;
    if !first.complete || first.text() == identity.header_line() {
        return Ok(());
    }
    if first.is_another_runs(path, identity) || !first.may_be_damaged_header() {
        return Err(first.refusal(path, identity));
    }
    Ok(())
}

impl Checkpoint {
    /// Opens the checkpoint at `path` for the run `identity`, creating it if it does not exist
    /// (or holds only a torn header), and locks it for this run. Reads back the finished units,
    /// cuts off a torn last line, drops (and rewrites the file without) any other line that
    /// fails its check, and refuses a file of another run, of an older format, one that is not
    /// a regular file, or one another run holds.
    pub fn open(path: &Path, identity: &RunIdentity) -> Result<Checkpoint, CheckpointError> {
        let io_err = |source: io::Error| CheckpointError::Io {
            path: path.to_path_buf(),
            source,
        };
        let not_one = |what: String| CheckpointError::NotACheckpoint {
            path: path.to_path_buf(),
            what,
        };
        // A FIFO or a device would block or never end: a checkpoint is a regular file.
        match fs::metadata(path) {
            Ok(m) if !m.is_file() => {
                return Err(not_one("it is not a regular file".to_string()));
            }
            Ok(_) => {}
            Err(e) if e.kind() == io::ErrorKind::NotFound => {}
            Err(e) => return Err(io_err(e)),
        }
        let file = open_locked(path)?;
        let header = identity.header_line();
        let mut reader = BufReader::new(&file);
        let first = FirstLine::read(&mut reader).map_err(io_err)?;
        let mut journal = Journal {
            good_len: Some(0),
            ..Journal::default()
        };
        if !first.complete && !first.overlong {
            // A new file, or one whose header was torn while being written.
            if !header.as_bytes().starts_with(&first.bytes) {
                return Err(not_one(first_line_text(&first.text())));
            }
            file.set_len(0).map_err(io_err)?;
            (&file)
                .write_all(format!("{header}\n").as_bytes())
                .map_err(io_err)?;
            file.sync_all().map_err(io_err)?;
            atomic::sync_parent_dir(path).map_err(io_err)?;
        } else if first.text() == header && !first.overlong {
            journal = read_journal(path, &mut reader, first.consumed, identity)?;
            if first.crlf {
                // Written again with plain line ends.
                journal.good_len = None;
            }
        } else {
            // Another run's header is refused; a damaged one is written again if any unit
            // line verifies against this run (their checksums are seeded with this run's
            // header, so such a line was written by this run, whatever became of the header).
            let refusal = first.refusal(path, identity);
            if first.is_another_runs(path, identity) || !first.may_be_damaged_header() {
                return Err(refusal);
            }
            journal = read_journal(path, &mut reader, first.consumed, identity)?;
            if journal.done.is_empty() {
                return Err(refusal);
            }
            journal.good_len = None;
            journal.dropped.header = true;
        }
        drop(reader);
        let mut checkpoint = Checkpoint {
            path: path.to_path_buf(),
            done: journal.done,
            seconds: journal.seconds,
            pieces: journal.pieces,
            dropped_last_line: journal.dropped_last_line,
            dropped: journal.dropped,
            line_key: identity.line_key(),
            instance: INSTANCES.fetch_add(1, Ordering::Relaxed),
            opened: Instant::now(),
            file: Mutex::new(file),
            syncer: Mutex::new(None),
        };
        match journal.good_len {
            // A torn last line is cut off: its unit is counted again.
            Some(len) if checkpoint.dropped_last_line => {
                let file = checkpoint.file.get_mut().unwrap_or_else(|p| p.into_inner());
                file.set_len(len).map_err(io_err)?;
                file.sync_all().map_err(io_err)?;
            }
            Some(_) => {}
            // Lines were dropped in the middle, or copied: the file is written again with the
            // good ones.
            None => checkpoint.rewrite(&header).map_err(io_err)?,
        }
        let file = checkpoint
            .file
            .get_mut()
            .unwrap_or_else(|p| p.into_inner())
            .try_clone()
            .map_err(io_err)?;
        *checkpoint
            .syncer
            .get_mut()
            .unwrap_or_else(|p| p.into_inner()) = Some(Syncer::start(file).map_err(io_err)?);
        Ok(checkpoint)
    }

    /// Replaces the file with the header and the good lines: a new file beside it, locked
    /// before it is renamed into place (so no other run can take it in between), then synced
    /// with its directory.
    fn rewrite(&mut self, header: &str) -> io::Result<()> {
        // A symlinked checkpoint is rewritten where the link points, and the link stays.
        let target = fs::canonicalize(&self.path)?;
        self.rewrite_at(&target, header)
            .map_err(|e| atomic::without_temp_path(&e))
    }

    /// [`Checkpoint::rewrite`] of the file at `target`, the path with its links followed.
    fn rewrite_at(&mut self, target: &Path, header: &str) -> io::Result<()> {
        // Named as every temporary file of this tool, so that one left by a killed run is
        // recognised and removed by a later run ([`atomic::remove_stale_temp_files`]).
        let tmp = tempfile::Builder::new()
            .prefix(&atomic::temp_prefix())
            .suffix(".tmp")
            .tempfile_in(atomic::parent_dir(target))?;
        tmp.as_file().try_lock().map_err(io::Error::other)?;
        {
            let mut w = io::BufWriter::new(tmp.as_file());
            writeln!(w, "{header}")?;
            let mut buf = [0; MAX_UNIT_LINE];
            for (&id, t) in &self.done {
                let secs = self.seconds.get(&id).copied().unwrap_or(0.0);
                let len = unit_line_into(&mut buf, self.line_key, id, t, secs);
                w.write_all(&buf[..len])?;
            }
            for (&unit, runs) in &self.pieces {
                for p in runs {
                    let line = piece_line(self.line_key, unit, &p.scheme, &p.run, p.seconds);
                    w.write_all(line.as_bytes())?;
                }
            }
            w.flush()?;
        }
        let old = self.file.get_mut().unwrap_or_else(|p| p.into_inner());
        if let Ok(meta) = old.metadata() {
            tmp.as_file().set_permissions(meta.permissions())?;
        }
        tmp.as_file().sync_all()?;
        let file = tmp.persist(target).map_err(|e| e.error)?;
        atomic::sync_parent_dir(target)?;
        // Reopened for appending; the lock travels with the open file description.
        let mut file = file;
        use std::io::Seek;
        file.seek(io::SeekFrom::End(0))?;
        *old = file;
        Ok(())
    }

    /// The file.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The units finished by earlier runs, with their tallies.
    pub fn done(&self) -> &BTreeMap<usize, Tally> {
        &self.done
    }

    /// The wall-clock seconds of each unit in [`Checkpoint::done`], as journaled.
    pub fn seconds(&self) -> &BTreeMap<usize, f64> {
        &self.seconds
    }

    /// The runs of pieces ([`crate::plan::pieces`]) numbered by `scheme` that earlier runs
    /// counted of the units they did not finish, by unit: the unit's own pieces, and those
    /// of its pieces cut again ([`PieceRun::within`], the rest of their scheme's name).
    pub fn pieces(&self, scheme: &str) -> BTreeMap<usize, Vec<PieceRun>> {
        let mut by_unit = BTreeMap::new();
        for (&unit, runs) in &self.pieces {
            let mine: Vec<PieceRun> = (runs.iter())
                .filter_map(|p| {
                    let within = within_scheme(&p.scheme, scheme)?;
                    Some(PieceRun {
                        within: within.to_string(),
                        ..p.run.clone()
                    })
                })
                .collect();
            if !mine.is_empty() {
                by_unit.insert(unit, mine);
            }
        }
        by_unit
    }

    /// The seconds earlier runs spent on the pieces numbered by `scheme` of `unit` (and on
    /// their pieces cut again), as journaled.
    pub fn piece_seconds(&self, scheme: &str, unit: usize) -> f64 {
        self.pieces.get(&unit).map_or(0.0, |runs| {
            (runs.iter())
                .filter(|p| within_scheme(&p.scheme, scheme).is_some())
                .map(|p| p.seconds)
                .sum()
        })
    }

    /// Appends a run of pieces of unit `unit`, numbered by `scheme` (letters and digits,
    /// [`is_scheme`]; a run of pieces cut again from one of them is named by `scheme` and
    /// its [`PieceRun::within`]), that took `seconds`: one whole line, as
    /// [`Checkpoint::record_timed`] appends a unit's.
    pub fn record_pieces(
        &self,
        unit: usize,
        scheme: &str,
        run: &PieceRun,
        seconds: f64,
    ) -> io::Result<()> {
        let scheme = format!("{scheme}{}", run.within);
        if !is_scheme(&scheme) || run.range.is_empty() {
            return Err(io::Error::other(format!(
                "no journal line for the pieces {:?} of scheme {scheme:?}",
                run.range
            )));
        }
        let line = piece_line(self.line_key, unit, &scheme, run, seconds);
        let mut file = self.file.lock().unwrap_or_else(|p| p.into_inner());
        file.write_all(line.as_bytes())
    }

    /// Whether a torn or damaged last line was dropped on opening.
    pub fn dropped_last_line(&self) -> bool {
        self.dropped_last_line
    }

    /// The lines other than the last dropped on opening, by reason.
    pub fn dropped(&self) -> &Dropped {
        &self.dropped
    }

    /// A one-line note on the lines dropped on opening (other than a torn last line), for
    /// stderr; `None` when every line was good.
    pub fn dropped_note(&self) -> Option<String> {
        let d = &self.dropped;
        if d.header && d.total() == 0 {
            return Some(format!(
                "the checkpoint '{}': its header was damaged and is written again; the {} units \
                 whose lines verify against this run are kept",
                self.path.display(),
                self.done.len()
            ));
        }
        if d.total() == 0 {
            return None;
        }
        let mut why = Vec::new();
        let mut say = |k: usize, what: &str| {
            if k > 0 {
                why.push(format!("{k} {what}"));
            }
        };
        say(
            d.failed_check,
            "failed the check for this run (damaged, or copied from another run's checkpoint)",
        );
        say(d.malformed, "were no unit record");
        say(d.outside_part, "named units outside this part");
        say(
            d.contradicting,
            "contradicted another line of the same unit",
        );
        if d.header {
            why.push("the header was damaged and is written again".to_string());
        }
        Some(format!(
            "the checkpoint '{}': {} line{} dropped and {} units will be counted again: {}",
            self.path.display(),
            d.total(),
            if d.total() == 1 { "" } else { "s" },
            if d.total() == 1 { "its" } else { "their" },
            why.join(", ")
        ))
    }

    /// Appends a finished unit: one whole line, built in a buffer and handed to the kernel by
    /// one `write_all` under the file's lock (lines never interleave). The line reaches the kernel at
    /// once (a killed process loses nothing) and the disk within [`SYNC_INTERVAL`]. Its
    /// seconds are the time since the same thread's previous unit in this checkpoint (or since
    /// the checkpoint was opened): on the runner's worker threads, which count units one after
    /// another, the unit's own wall-clock time.
    pub fn record(&self, id: usize, tally: &Tally) -> io::Result<()> {
        let now = Instant::now();
        let (instance, last) = LAST_RECORD.get();
        let since = match last {
            Some(t) if instance == self.instance => t,
            _ => self.opened,
        };
        LAST_RECORD.set((self.instance, Some(now)));
        self.record_timed(id, tally, now.duration_since(since).as_secs_f64())
    }

    /// Appends a finished unit that took `seconds` of wall-clock time.
    pub fn record_timed(&self, id: usize, tally: &Tally, seconds: f64) -> io::Result<()> {
        let mut buf = [0; MAX_UNIT_LINE];
        let len = unit_line_into(&mut buf, self.line_key, id, tally, seconds);
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

/// Where a journal's `scheme` names pieces of a plan whose scheme is `plan`: the rest of the
/// name, empty for the plan's own pieces, `at…` for pieces of a piece cut again
/// ([`PieceRun::within`]); `None` for another plan's.
fn within_scheme<'s>(scheme: &'s str, plan: &str) -> Option<&'s str> {
    let rest = scheme.strip_prefix(plan)?;
    (rest.is_empty() || rest.starts_with("at")).then_some(rest)
}

#[cfg(test)]
mod tests {
    use super::codec::{MAX_SECONDS, parse_unit_line, unit_line};
    use super::lock::still_named;
    use super::*;
    use crate::plan::part::Part;
    use crate::plan::tally::ClassCounts;
    use std::thread;
    use std::time::Duration;

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
            ..Tally::default()
        }
    }

    /// Opens the checkpoint, waiting a little while it is locked: a process another test
    /// thread spawns holds copies of this process's descriptors (and so of a lock just
    /// released) until it executes its program.
    fn reopen(path: &Path, part: Part) -> Result<Checkpoint, CheckpointError> {
        for _ in 0..100 {
            match Checkpoint::open(path, &identity(part)) {
                Err(CheckpointError::Locked { .. }) => {
                    thread::sleep(Duration::from_millis(10));
                }
                other => return other,
            }
        }
        Checkpoint::open(path, &identity(part))
    }

    /// A checkpoint of the whole run holding units `ids` (seconds: the id / 4).
    fn written(path: &Path, ids: impl IntoIterator<Item = usize>) -> String {
        let c = reopen(path, Part::WHOLE).unwrap();
        for id in ids {
            c.record_timed(id, &tally(id as u128), id as f64 / 4.0)
                .unwrap();
        }
        drop(c);
        fs::read_to_string(path).unwrap()
    }

    /// The run of pieces `range` of unit `unit` (tally `tally(unit * 100 + start)`).
    fn run(unit: usize, range: std::ops::Range<usize>) -> PieceRun {
        PieceRun {
            tally: tally((unit * 100 + range.start) as u128),
            range,
            within: String::new(),
        }
    }

    #[test]
    fn runs_of_pieces_of_pieces_are_named_by_the_piece_they_lie_in() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("nested.ckpt");
        let c = reopen(&path, Part::WHOLE).unwrap();
        let within = |mut r: PieceRun, w: &str| {
            r.within = w.to_string();
            r
        };
        c.record_pieces(2, "below3", &run(2, 0..4), 2.5).unwrap();
        let inner = within(run(2, 0..7), "at4below2");
        c.record_pieces(2, "below3", &inner, 1.5).unwrap();
        let deeper = within(run(2, 3..5), "at4below2at7below2");
        c.record_pieces(2, "below3", &deeper, 0.25).unwrap();
        // Another plan's scheme that starts with the same letters is not this one's.
        c.record_pieces(2, "below3x", &run(2, 0..1), 9.0).unwrap();
        // A name past the longest a journal keeps is no line.
        let long = within(run(2, 0..1), &"at1below2".repeat(20));
        assert!(c.record_pieces(2, "below3", &long, 1.0).is_err());
        drop(c);
        let text = fs::read_to_string(&path).unwrap();
        assert!(
            text.contains("\npiece,2,below3at4below2at7below2,3,5,"),
            "{text}"
        );
        let c = reopen(&path, Part::WHOLE).unwrap();
        assert_eq!(c.dropped().total(), 0);
        assert_eq!(c.pieces("below3")[&2], [run(2, 0..4), inner, deeper]);
        assert_eq!(c.piece_seconds("below3", 2), 4.25);
        assert_eq!(c.pieces("below3x")[&2], [run(2, 0..1)]);
    }

    #[test]
    fn runs_of_pieces_are_kept_by_unit_and_scheme_until_their_unit_is_done() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("pieces.ckpt");
        let c = reopen(&path, Part::WHOLE).unwrap();
        c.record_timed(1, &tally(1), 1.0).unwrap();
        c.record_pieces(1, "below3", &run(1, 0..4), 2.0).unwrap();
        c.record_pieces(2, "below3", &run(2, 0..4), 2.5).unwrap();
        c.record_pieces(2, "below3", &run(2, 4..5), 0.5).unwrap();
        c.record_pieces(2, "below2", &run(2, 0..9), 7.0).unwrap();
        c.record_pieces(3, "below3", &run(3, 7..9), 1.0).unwrap();
        // A scheme that is no word, or no pieces, is no line.
        assert!(c.record_pieces(3, "below 3", &run(3, 0..1), 1.0).is_err());
        assert!(c.record_pieces(3, "below3", &run(3, 2..2), 1.0).is_err());
        drop(c);
        let text = fs::read_to_string(&path).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 7, "{text}");
        assert!(lines[4].starts_with("piece,2,below3,4,5,"), "{}", lines[4]);
        let c = reopen(&path, Part::WHOLE).unwrap();
        assert_eq!(c.dropped().total(), 0);
        // Unit 1 is done: its pieces are of no more use.
        let pieces = c.pieces("below3");
        assert_eq!(
            pieces.into_iter().collect::<Vec<_>>(),
            [
                (2, vec![run(2, 0..4), run(2, 4..5)]),
                (3, vec![run(3, 7..9)])
            ]
        );
        assert_eq!(c.pieces("below2")[&2], [run(2, 0..9)]);
        assert!(c.pieces("below4").is_empty());
        assert_eq!(c.piece_seconds("below3", 2), 3.0);
        assert_eq!(c.piece_seconds("below3", 1), 0.0);
        // Two lines for the same pieces that differ lose all the unit's pieces of the
        // scheme; a copy of a line changes nothing; the file is written again without them.
        c.record_pieces(3, "below3", &run(3, 8..10), 1.0).unwrap();
        (c.file.lock().unwrap())
            .write_all(format!("{}\n", lines[4]).as_bytes())
            .unwrap();
        drop(c);
        let c = reopen(&path, Part::WHOLE).unwrap();
        assert_eq!(c.dropped().contradicting, 2, "{:?}", c.dropped());
        assert!(!c.pieces("below3").contains_key(&3));
        assert_eq!(c.pieces("below3")[&2].len(), 2);
        drop(c);
        let text = fs::read_to_string(&path).unwrap();
        assert_eq!(text.lines().count(), 5, "{text}");
        assert!(
            !text.contains("piece,1,") && !text.contains("piece,3,"),
            "{text}"
        );
        // A piece line of another run fails its check; one of a unit outside the part is
        // dropped.
        let other = Checkpoint::open(
            &dir.path().join("other.ckpt"),
            &identity(Part::new(1, 2).unwrap()),
        )
        .unwrap();
        other
            .record_pieces(4, "below3", &run(4, 0..1), 1.0)
            .unwrap();
        drop(other);
        let text = fs::read_to_string(dir.path().join("other.ckpt")).unwrap();
        let line = text.lines().nth(1).unwrap();
        let c = reopen(&path, Part::WHOLE).unwrap();
        (c.file.lock().unwrap())
            .write_all(format!("{line}\n").as_bytes())
            .unwrap();
        drop(c);
        let c = reopen(&path, Part::WHOLE).unwrap();
        assert!(c.dropped_last_line());
        drop(c);
        let path = dir.path().join("other.ckpt");
        let c = Checkpoint::open(&path, &identity(Part::new(1, 2).unwrap())).unwrap();
        assert_eq!((c.dropped().total(), c.pieces("below3").len()), (1, 0));
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
            torus: {
                let mut torus = crate::plan::tally::TorusTally::default();
                for i in 0..crate::plan::tally::TORUS_STABILIZERS as u32 {
                    let s = crate::torus_group::TorusStabilizer {
                        shifts: u32::MAX - i,
                        turns: u32::MAX,
                    };
                    torus.add(s, u128::MAX, u128::MAX).unwrap();
                }
                torus
            },
        };
        let key = identity(Part::WHOLE).line_key();
        let line = unit_line(key, usize::MAX, &t, f64::MAX);
        assert_eq!(line.len() + 1, MAX_UNIT_LINE);
        // What no run writes (a stabilizer of 2^32 − 1 shifts) is refused, checksum or not.
        assert!(matches!(
            parse_unit_line(key, &line, 8),
            Err(super::codec::LineProblem::Malformed(_))
        ));
        let t = Tally {
            torus: {
                let mut torus = crate::plan::tally::TorusTally::default();
                let s = |shifts, turns| crate::torus_group::TorusStabilizer { shifts, turns };
                torus.add(s(1, 1), 1 << 100, 0).unwrap();
                torus.add(s(5, 2), u128::MAX >> 1, 0).unwrap();
                torus.add(s(13, 4), 12, 7).unwrap();
                torus
            },
            ..t
        };
        let line = unit_line(key, usize::MAX, &t, f64::MAX);
        assert_eq!(
            parse_unit_line(key, &line, 8),
            Ok((usize::MAX, t, MAX_SECONDS))
        );
        let small = unit_line(key, 3, &Tally::default(), 0.5);
        assert!(
            small.starts_with("unit,3,0,0,0,0,0,0,0,0.500000,"),
            "{small}"
        );
    }

    #[test]
    fn a_checkpoint_of_other_rules_is_refused() {
        use crate::search::engines::enumerate::EnumeratePlan;
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("ckpt");
        let queens = RunIdentity::of(&EnumeratePlan::new(9), Part::WHOLE);
        let other = RunIdentity::of(
            &crate::plan::UnderOtherRules(Box::new(EnumeratePlan::new(9))),
            Part::WHOLE,
        );
        assert_eq!(queens.plan, "enumerate-prefix3-v1");
        assert_eq!(other.plan, "enumerate-prefix3-v1+queen-torus");
        let c = Checkpoint::open(&path, &other).unwrap();
        c.record(0, &tally(1)).unwrap();
        drop(c);
        for _ in 0..100 {
            match Checkpoint::open(&path, &queens) {
                Err(CheckpointError::Locked { .. }) => thread::sleep(Duration::from_millis(10)),
                Err(e @ CheckpointError::Foreign { .. }) => {
                    assert!(e.to_string().contains("queen-torus"), "{e}");
                    return;
                }
                other => panic!("not refused: {:?}", other.map(|c| c.done().len())),
            }
        }
        panic!("still locked");
    }

    #[test]
    fn records_and_their_seconds_come_back_on_reopening() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("ckpt");
        let part = Part::new(1, 3).unwrap();
        let c = reopen(&path, part).unwrap();
        assert!(c.done().is_empty());
        for id in [1, 4] {
            c.record(id, &tally(id as u128)).unwrap();
        }
        c.record_timed(7, &tally(7), 2.5).unwrap();
        drop(c);
        let c = reopen(&path, part).unwrap();
        assert_eq!(c.done().len(), 3);
        assert_eq!(c.done()[&4], tally(4));
        assert_eq!(c.seconds()[&7], 2.5);
        assert!(c.seconds()[&1] >= 0.0 && c.seconds()[&1] < 60.0);
        assert!(!c.dropped_last_line());
        assert_eq!(c.dropped_note(), None);
    }

    #[test]
    fn a_torn_last_line_is_dropped_and_overwritten() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("ckpt");
        let full = written(&path, [0, 1]);
        // Cut the file in the middle of the last line, as a kill during the write would.
        fs::write(&path, &full[..full.len() - 7]).unwrap();
        let c = reopen(&path, Part::WHOLE).unwrap();
        assert!(c.dropped_last_line());
        assert_eq!(c.dropped_note(), None);
        assert_eq!(c.done().keys().copied().collect::<Vec<_>>(), vec![0]);
        c.record_timed(1, &tally(1), 0.25).unwrap();
        drop(c);
        // The torn bytes are gone: the file is exactly what an uninterrupted run writes.
        assert_eq!(fs::read_to_string(&path).unwrap(), full);
    }

    #[test]
    fn a_damaged_line_in_the_middle_is_dropped_and_every_good_line_kept() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("ckpt");
        let text = written(&path, 0..5);
        let damaged = text.replacen("unit,2,16,", "unit,2,17,", 1);
        assert_ne!(damaged, text);
        fs::write(&path, damaged).unwrap();
        let c = reopen(&path, Part::WHOLE).unwrap();
        assert_eq!(
            c.done().keys().copied().collect::<Vec<_>>(),
            vec![0, 1, 3, 4]
        );
        assert_eq!(c.dropped().failed_check, 1);
        let note = c.dropped_note().unwrap();
        assert!(
            note.contains("1 line dropped and its units will be counted again: 1 failed the check"),
            "{note}"
        );
        c.record_timed(2, &tally(2), 0.5).unwrap();
        drop(c);
        // The file was written again without the bad line: nothing is dropped any more.
        let c = reopen(&path, Part::WHOLE).unwrap();
        assert_eq!(c.done().len(), 5);
        assert_eq!(c.done()[&2], tally(2));
        assert_eq!(c.dropped_note(), None);
    }

    #[test]
    fn lines_copied_from_another_run_fail_the_check() {
        let dir = tempfile::tempdir().unwrap();
        let part = Part::new(1, 2).unwrap();
        let mut others = Vec::new();
        // Another n, another engine, another part of the same plan.
        for change in 0..3 {
            let mut other = identity(part);
            match change {
                0 => other.n = 10,
                1 => other.engine = "symmetric".to_string(),
                _ => other.part = Part::new(1, 4).unwrap(),
            }
            let path = dir.path().join(format!("other{change}"));
            let c = Checkpoint::open(&path, &other).unwrap();
            c.record_timed(5, &tally(99), 1.0).unwrap();
            drop(c);
            let text = fs::read_to_string(&path).unwrap();
            others.push(text.lines().nth(1).unwrap().to_string());
        }
        let path = dir.path().join("ckpt");
        let c = reopen(&path, part).unwrap();
        c.record_timed(1, &tally(1), 1.0).unwrap();
        c.record_timed(3, &tally(3), 1.0).unwrap();
        drop(c);
        let mut text = fs::read_to_string(&path).unwrap();
        for line in &others {
            text.push_str(line);
            text.push('\n');
        }
        // A good last line, so that the foreign ones are not the torn last one.
        let good = unit_line(identity(part).line_key(), 7, &tally(7), 1.0);
        fs::write(&path, text + &good + "\n").unwrap();
        let c = reopen(&path, part).unwrap();
        assert_eq!(c.done().keys().copied().collect::<Vec<_>>(), vec![1, 3, 7]);
        assert_eq!(c.dropped().failed_check, 3);
        assert!(!c.done().contains_key(&5));
    }

    #[test]
    fn a_second_run_on_the_same_file_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("ckpt");
        let first = reopen(&path, Part::WHOLE).unwrap();
        let e = reopen(&path, Part::WHOLE).unwrap_err();
        assert!(matches!(e, CheckpointError::Locked { .. }), "{e}");
        assert!(e.is_usage());
        assert!(
            e.to_string()
                .contains(&format!("'{}' is in use", path.display())),
            "{e}"
        );
        drop(first);
        reopen(&path, Part::WHOLE).unwrap();
    }

    #[test]
    fn a_rewritten_file_stays_locked() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("ckpt");
        let text = written(&path, 0..3);
        fs::write(&path, text.replacen("unit,1,8,", "unit,1,9,", 1)).unwrap();
        let c = reopen(&path, Part::WHOLE).unwrap();
        assert_eq!(c.dropped().failed_check, 1);
        let e = reopen(&path, Part::WHOLE).unwrap_err();
        assert!(matches!(e, CheckpointError::Locked { .. }), "{e}");
        // No temporary file is left beside it.
        assert_eq!(fs::read_dir(dir.path()).unwrap().count(), 1);
    }

    #[cfg(unix)]
    #[test]
    fn a_lock_on_a_file_renamed_away_is_not_kept() {
        // What a second run sees when the first renames a rewritten checkpoint over the file
        // it had just opened: its open file is an orphan, which the path no longer names.
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("ckpt");
        fs::write(&path, "old\n").unwrap();
        let orphan = File::open(&path).unwrap();
        assert!(still_named(&orphan, &path));
        fs::write(dir.path().join("new"), "new\n").unwrap();
        fs::rename(dir.path().join("new"), &path).unwrap();
        assert!(!still_named(&orphan, &path));
        // Opening again takes the file the path names now.
        let file = open_locked(&path).unwrap();
        assert!(still_named(&file, &path));
        let mut text = String::new();
        io::Read::read_to_string(&mut &file, &mut text).unwrap();
        assert_eq!(text, "new\n");
    }

    #[test]
    fn copies_are_harmless_and_contradictions_are_recounted() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("ckpt");
        let text = written(&path, 0..3);
        let key = identity(Part::WHOLE).line_key();
        let copy = unit_line(key, 1, &tally(1), 0.25);
        let contra = unit_line(key, 2, &tally(20), 0.5);
        let last = unit_line(key, 3, &tally(3), 0.75);
        fs::write(&path, format!("{text}{copy}\n{contra}\n{last}\n")).unwrap();
        let c = reopen(&path, Part::WHOLE).unwrap();
        assert_eq!(c.done().keys().copied().collect::<Vec<_>>(), vec![0, 1, 3]);
        assert_eq!(c.dropped().contradicting, 2);
    }

    #[test]
    fn a_file_of_another_run_or_format_is_refused_naming_the_difference() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("ckpt");
        drop(reopen(&path, Part::new(0, 2).unwrap()).unwrap());
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
        fs::write(
            &path,
            "queens-checkpoint,v1,n=9,engine=enumerate,plan=test-plan-v1,part=0/1,units=40,0\n",
        )
        .unwrap();
        let e = reopen(&path, Part::WHOLE).unwrap_err();
        assert!(e.is_usage());
        assert!(
            e.to_string()
                .contains("written by an older version of queens (format v1"),
            "{e}"
        );
        assert!(
            e.to_string()
                .contains("delete it or finish with that version"),
            "{e}"
        );
    }

    #[test]
    fn units_outside_the_part_are_dropped() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("ckpt");
        let part = Part::new(1, 2).unwrap();
        drop(reopen(&path, part).unwrap());
        let header = fs::read_to_string(&path).unwrap();
        let key = identity(part).line_key();
        let body = format!(
            "{}\n{}\n{}\n",
            unit_line(key, 2, &tally(2), 0.0),
            unit_line(key, 41, &tally(2), 0.0),
            unit_line(key, 3, &tally(3), 0.0)
        );
        fs::write(&path, header + &body).unwrap();
        let c = reopen(&path, part).unwrap();
        assert_eq!(c.done().keys().copied().collect::<Vec<_>>(), vec![3]);
        assert_eq!(c.dropped().outside_part, 2);
        assert!(
            c.dropped_note()
                .unwrap()
                .contains("2 named units outside this part")
        );
    }

    #[cfg(unix)]
    #[test]
    fn endless_or_special_files_are_refused_at_once() {
        let dir = tempfile::tempdir().unwrap();
        let fifo = dir.path().join("fifo");
        let made = std::process::Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .unwrap();
        assert!(made.success());
        let e = reopen(&fifo, Part::WHOLE).unwrap_err();
        assert!(e.to_string().contains("not a regular file"), "{e}");
        // A header line of 2 MiB without a newline: refused after 1 MiB.
        let long = dir.path().join("long");
        fs::write(&long, vec![b'q'; 2 << 20]).unwrap();
        let e = reopen(&long, Part::WHOLE).unwrap_err();
        assert!(
            e.to_string().contains("line 1 of")
                && e.to_string()
                    .contains("is longer than 1 MiB: not a queens file"),
            "{e}"
        );
    }
}
