//! What a checkpoint belongs to and what can go wrong with one: the header's run identity
//! ([`RunIdentity`]), the errors ([`CheckpointError`]) and the lines dropped on opening
//! ([`Dropped`]). A leaf of the checkpoint module: its journal, lock and recovery all use it.

use super::codec::with_checksum;
use crate::plan::Plan;
use crate::plan::part::Part;
use crate::storage::checksum;
use std::io;
use std::path::PathBuf;

/// The first field of a checkpoint's header line.
pub(super) const MAGIC: &str = "queens-checkpoint";
/// The version of the file format (v2: unit lines bound to their run, with seconds).
pub(super) const FORMAT_VERSION: &str = "v2";

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

    /// The header line without its checksum.
    pub(super) fn header_body(&self) -> String {
        let fields: Vec<String> = self
            .pairs()
            .into_iter()
            .map(|(key, value)| format!("{key}={value}"))
            .collect();
        format!("{MAGIC},{FORMAT_VERSION},{}", fields.join(","))
    }

    /// The header line, without its newline.
    pub(super) fn header_line(&self) -> String {
        with_checksum(self.header_body())
    }

    /// The seed of the unit lines' checksums: the hash of the header's text and a newline.
    pub(super) fn line_key(&self) -> u64 {
        checksum::hash((self.header_body() + "\n").as_bytes())
    }

    /// The fields of the header as (key, value) pairs, in header order (also for naming
    /// differences).
    pub(super) fn pairs(&self) -> Vec<(&'static str, String)> {
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
    /// The file was written by an older version of the program, in another format.
    #[error(
        "the checkpoint '{path}' was written by an older version of queens (format {version}, \
         this one reads {FORMAT_VERSION}); delete it or finish with that version"
    )]
    OlderVersion {
        /// The file.
        path: PathBuf,
        /// The format version it names.
        version: String,
    },
    /// The file is not a checkpoint.
    #[error("'{path}' is not a queens checkpoint ({what})")]
    NotACheckpoint {
        /// The file.
        path: PathBuf,
        /// Why not: its first line, or what kind of file it is.
        what: String,
    },
    /// Another run holds the file.
    #[error(
        "the checkpoint '{path}' is in use by another queens run (it is locked); wait for that \
         run to end, or give another file"
    )]
    Locked {
        /// The file.
        path: PathBuf,
    },
    /// The header line is damaged.
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
    /// error: nothing is counted) rather than from a damaged file or a failed write.
    pub fn is_usage(&self) -> bool {
        matches!(
            self,
            CheckpointError::Foreign { .. }
                | CheckpointError::NotACheckpoint { .. }
                | CheckpointError::OlderVersion { .. }
                | CheckpointError::Locked { .. }
        )
    }

    /// Whether reading or writing the file failed (a full disk, a folder that takes no new
    /// file, a failed rewrite): an I/O failure rather than a damaged file.
    pub fn is_io(&self) -> bool {
        matches!(self, CheckpointError::Io { .. })
    }
}

/// Lines dropped on opening, by reason (none of them the torn last line).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Dropped {
    /// Lines whose checksum fails for this run: damaged, or copied from another run's
    /// checkpoint.
    pub failed_check: usize,
    /// Lines that are no unit record of this format.
    pub malformed: usize,
    /// Lines naming a unit outside this run's part.
    pub outside_part: usize,
    /// Lines that contradict another good line of the same unit (both are dropped).
    pub contradicting: usize,
    /// Whether the header was damaged (and written again, since unit lines verified against
    /// this run).
    pub header: bool,
}

impl Dropped {
    /// All dropped lines.
    pub fn total(&self) -> usize {
        self.failed_check + self.malformed + self.outside_part + self.contradicting
    }
}
