//! What a `queens count` runs: its arguments resolved once (by [`super::resolve`], as
//! ripgrep's `LowArgs` become `HiArgs`) into the sizes and the search, the checkpoints, every
//! destination checked, the table verified against.

use crate::cli::SearchArgs;
use crate::output::Destination;
use queens::console::outputs::TableOutputs;
use queens::formats::export::RunMeta;
use queens::plan::Part;
use queens::verify::KnownTable;
use std::path::PathBuf;
use std::time::Duration;

/// What every count needs: the sizes, the search, where checkpoints go, what to say.
pub struct Job {
    /// The board sizes, in the order given.
    pub sizes: Vec<usize>,
    /// The search options, checked, `--threads 0` read as no `--threads`.
    pub search: SearchArgs,
    /// `--checkpoint`: a file for one size, else a folder of one checkpoint per size.
    pub checkpoint: Option<PathBuf>,
    /// `--checkpoint-every`: how often a long unit's pieces are journaled.
    pub checkpoint_every: Option<Duration>,
    /// `--quiet`.
    pub quiet: bool,
    /// Whether to warn before a size that would take over an hour (not `--quiet`, `--yes`).
    pub warn: bool,
}

/// A count of a part of the plan (`--part`): part rows, for `queens merge`.
pub struct PartJob {
    /// What every count needs.
    pub job: Job,
    /// The part counted.
    pub part: Part,
    /// `--csv`'s destination, checked.
    pub csv: Option<Destination>,
    /// Whether the human lines go to stdout: neither the CSV nor `-o FILE` takes it.
    pub human: bool,
}

/// A count of whole sizes: the rows, verified, to every output.
pub struct WholeJob {
    /// What every count needs.
    pub job: Job,
    /// The table the rows are verified against.
    pub known: KnownTable,
    /// Where the rows go.
    pub outputs: TableOutputs,
    /// The run's metadata, for the JSON export.
    pub meta: RunMeta,
}

/// The job `count` runs.
pub enum Resolved {
    /// `--part`.
    Part(PartJob),
    /// Whole sizes.
    Whole(Box<WholeJob>),
}
