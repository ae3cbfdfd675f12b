//! Reading a checkpoint back: its first line in bounded memory, how a foreign header differs
//! from the run's, and the unit lines after it, keeping every line that verifies and
//! counting (and naming) the ones dropped.

use super::codec::{
    LineProblem, PieceRecord, Record, first_line_text, header_checksum_ok, parse_line, shorten,
};
use super::identity::{CheckpointError, Dropped, FORMAT_VERSION, MAGIC, RunIdentity};
use crate::plan::tally::Tally;
use crate::storage::bounded::{self, Overlong};
use std::collections::BTreeMap;
use std::io::{self, BufRead};
use std::path::Path;

/// Names how a header line differs from `expected`, or says it is no checkpoint header.
pub(super) fn header_differences(
    path: &Path,
    line: &str,
    expected: &RunIdentity,
) -> CheckpointError {
    let fields: Vec<&str> = line.split(',').collect();
    if fields.first() != Some(&MAGIC) {
        return CheckpointError::NotACheckpoint {
            path: path.to_path_buf(),
            what: first_line_text(line),
        };
    }
    if let Some(version) = fields.get(1).filter(|v| **v != FORMAT_VERSION) {
        return CheckpointError::OlderVersion {
            path: path.to_path_buf(),
            version: shorten(version),
        };
    }
    let mut differences = Vec::new();
    let found: BTreeMap<&str, &str> = fields
        .iter()
        .skip(2)
        .filter_map(|f| f.split_once('='))
        .collect();
    for (key, value) in expected.pairs() {
        match found.get(key) {
            Some(v) if *v == value => {}
            Some(v) => differences.push(format!("{key} {} (this run: {value})", shorten(v))),
            None => differences.push(format!("no {key} (this run: {value})")),
        }
    }
    if differences.is_empty() {
        let mine = expected.header_body();
        let mut theirs: Vec<&str> = fields[..fields.len() - 1].to_vec();
        let mut ours: Vec<&str> = mine.split(',').collect();
        theirs.sort_unstable();
        ours.sort_unstable();
        let what = if theirs == ours && fields.len() == ours.len() + 1 {
            "the header's fields are in another order than queens writes them (was it edited?)"
        } else {
            // Every field agrees, so only the checksum can be wrong.
            "the header's checksum does not match"
        };
        return CheckpointError::Corrupt {
            path: path.to_path_buf(),
            line: 1,
            what: what.to_string(),
        };
    }
    CheckpointError::Foreign {
        path: path.to_path_buf(),
        differences: differences.join(", "),
    }
}

/// The first line of a checkpoint, read in bounded memory.
pub(super) struct FirstLine {
    /// The line without its line end (LF, or CRLF), or the start of an overlong one.
    pub(super) bytes: Vec<u8>,
    /// The bytes it took, line end included.
    pub(super) consumed: u64,
    /// Whether it ended in a newline (and was not overlong).
    pub(super) complete: bool,
    /// Whether it ended in CRLF.
    pub(super) crlf: bool,
    /// Whether it was longer than [`bounded::MAX_LINE`].
    pub(super) overlong: bool,
}

impl FirstLine {
    pub(super) fn read(reader: &mut impl BufRead) -> io::Result<FirstLine> {
        let mut bytes = Vec::new();
        let (consumed, overlong) =
            bounded::read_line_capped(reader, &mut bytes, bounded::MAX_LINE)?;
        let complete = !overlong && bytes.last() == Some(&b'\n');
        if complete {
            bytes.pop();
        }
        let crlf = complete && bytes.last() == Some(&b'\r');
        if crlf {
            bytes.pop();
        }
        Ok(FirstLine {
            bytes,
            consumed,
            complete,
            crlf,
            overlong,
        })
    }

    pub(super) fn text(&self) -> String {
        String::from_utf8_lossy(&self.bytes).into_owned()
    }

    /// Whether the line looks like a damaged checkpoint header rather than another kind of
    /// file: too long (a hole), not text, or starting as a header does.
    pub(super) fn may_be_damaged_header(&self) -> bool {
        self.overlong
            || std::str::from_utf8(&self.bytes).is_err()
            || self.bytes.contains(&0)
            || self.bytes.starts_with(MAGIC.as_bytes())
    }

    /// Why this first line is not this run's header.
    pub(super) fn refusal(&self, path: &Path, identity: &RunIdentity) -> CheckpointError {
        if self.overlong {
            return CheckpointError::NotACheckpoint {
                path: path.to_path_buf(),
                what: Overlong::Line {
                    line: 1,
                    limit: bounded::MAX_LINE,
                }
                .describe(&path.display().to_string()),
            };
        }
        header_differences(path, &self.text(), identity)
    }

    /// Whether the header names another run, or version, for certain (its own checksum is
    /// good, or its version field differs): a usage error, never repaired.
    pub(super) fn is_another_runs(&self, path: &Path, identity: &RunIdentity) -> bool {
        !self.overlong
            && (header_checksum_ok(&self.text())
                || matches!(
                    self.refusal(path, identity),
                    CheckpointError::OlderVersion { .. }
                ))
    }
}

/// What the lines after the header hold.
#[derive(Debug, Default)]
pub(super) struct Journal {
    pub(super) done: BTreeMap<usize, Tally>,
    pub(super) seconds: BTreeMap<usize, f64>,
    /// The runs of pieces of the units not in `done`, by unit (disjoint within a scheme).
    pub(super) pieces: BTreeMap<usize, Vec<PieceRecord>>,
    pub(super) dropped: Dropped,
    /// The last line was torn or failed its check.
    pub(super) dropped_last_line: bool,
    /// When the file's bytes up to this length are exactly the header and the good lines, in
    /// order (nothing but the last line dropped, no copies): that length.
    pub(super) good_len: Option<u64>,
}

/// Reads the unit lines after the header (`reader` is past it; `header_len` bytes with its
/// newline) of a checkpoint of the run `identity`.
pub(super) fn read_journal(
    path: &Path,
    reader: &mut impl BufRead,
    header_len: u64,
    identity: &RunIdentity,
) -> Result<Journal, CheckpointError> {
    let key = identity.line_key();
    let boards_per_node =
        crate::rules::Rules::of_identity(&identity.plan).boards_per_node(identity.n);
    let mut j = Journal::default();
    let mut good_len = header_len;
    // Units that two good lines gave different tallies: counted again.
    let mut contradicted = std::collections::BTreeSet::new();
    // Units two good lines of which gave the same pieces different tallies.
    let mut contradicted_pieces = std::collections::BTreeSet::new();
    let mut in_order = true;
    let mut raw = Vec::new();
    // The problem of the line before, held back until it is known not to be the last.
    let mut pending: Option<LineProblem> = None;
    loop {
        // A line longer than any unit line (a zero-filled hole) is skipped, not held.
        let (read, overlong) = bounded::read_line_capped(reader, &mut raw, bounded::MAX_LINE)
            .map_err(|e| CheckpointError::Io {
                path: path.to_path_buf(),
                source: e,
            })?;
        if read == 0 {
            break;
        }
        if let Some(problem) = pending.take() {
            j.dropped.count(&problem);
            in_order = false;
        }
        if overlong {
            pending = Some(LineProblem::Malformed(
                "a line longer than 1 MiB".to_string(),
            ));
            continue;
        }
        let Some(line) = raw.strip_suffix(b"\n") else {
            // Incomplete: only the last line can be.
            j.dropped_last_line = true;
            break;
        };
        // A line end turned into CRLF (by a text tool) is read as LF; the file is then
        // written again without it.
        let line = match line.strip_suffix(b"\r") {
            Some(l) => {
                in_order = false;
                l
            }
            None => line,
        };
        let parsed = std::str::from_utf8(line)
            .map_err(|_| LineProblem::Malformed("not text".to_string()))
            .and_then(|l| parse_line(key, l, boards_per_node));
        match parsed {
            Ok(Record::Piece(piece)) => {
                let unit = piece.unit;
                if unit >= identity.plan_units || !identity.part.selects(unit) {
                    j.dropped.outside_part += 1;
                    in_order = false;
                    continue;
                }
                let runs = j.pieces.entry(unit).or_default();
                if runs
                    .iter()
                    .any(|r| r.scheme == piece.scheme && r.run == piece.run)
                {
                    // A copy of a good line changes nothing.
                    in_order = false;
                } else if runs.iter().any(|r| {
                    r.scheme == piece.scheme
                        && r.run.range.start < piece.run.range.end
                        && piece.run.range.start < r.run.range.end
                }) {
                    // Two runs of the same pieces that differ: the unit's pieces are all
                    // counted again.
                    contradicted_pieces.insert(unit);
                    j.dropped.contradicting += 1;
                } else {
                    runs.push(piece);
                    if in_order {
                        good_len += read;
                    }
                }
            }
            Ok(Record::Unit(id, t, secs)) => {
                if id >= identity.plan_units || !identity.part.selects(id) {
                    j.dropped.outside_part += 1;
                    in_order = false;
                } else if let Some(earlier) = j.done.get(&id) {
                    // A copy of a good line changes nothing; a contradiction loses both.
                    if *earlier != t {
                        contradicted.insert(id);
                        j.dropped.contradicting += 1;
                    }
                    in_order = false;
                } else if contradicted.contains(&id) {
                    j.dropped.contradicting += 1;
                } else {
                    j.done.insert(id, t);
                    j.seconds.insert(id, secs);
                    if in_order {
                        good_len += read;
                    }
                }
            }
            Err(problem) => pending = Some(problem),
        }
    }
    if pending.is_some() {
        // A complete last line that fails its check: torn by a kill as well as any.
        j.dropped_last_line = true;
    }
    for id in &contradicted {
        if j.done.remove(id).is_some() {
            j.seconds.remove(id);
            j.dropped.contradicting += 1;
        }
    }
    for unit in &contradicted_pieces {
        if let Some(runs) = j.pieces.remove(unit) {
            j.dropped.contradicting += runs.len();
        }
    }
    // The pieces of a finished unit are of no more use (a rewrite leaves them out).
    j.pieces.retain(|unit, _| !j.done.contains_key(unit));
    j.good_len =
        (in_order && contradicted.is_empty() && contradicted_pieces.is_empty()).then_some(good_len);
    Ok(j)
}

impl Dropped {
    pub(super) fn count(&mut self, problem: &LineProblem) {
        match problem {
            LineProblem::Check => self.failed_check += 1,
            LineProblem::Malformed(_) => self.malformed += 1,
        }
    }
}
