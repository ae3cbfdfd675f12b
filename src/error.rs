//! The library's error type: everything a caller can get wrong, and every way a run can fail.

use crate::board::{InvalidSolution, ParseSolutionError};
use crate::plan::TallyError;
use crate::search::kernel::{Kernel, KernelError};
use std::io;

/// What went wrong. Every message is one line that names the problem and what to do instead.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// A board size outside the supported range: 0 to 32 for a count (0 is the empty board;
    /// to 64 for the torus plan, [`crate::plan::Engine::largest_size`]), 1 to 32 for listing
    /// solutions.
    #[error("board size {n} is outside {min} to {max}")]
    SizeOutOfRange {
        /// The size asked for.
        n: usize,
        /// The smallest size accepted where it was asked for (0 or 1).
        min: usize,
        /// The largest size accepted where it was asked for.
        max: usize,
    },
    /// A kernel this CPU cannot run.
    #[error("{}", kernel_unavailable(*kernel))]
    KernelUnavailable {
        /// The kernel asked for.
        kernel: Kernel,
    },
    /// A part that is not one: `RES/MOD` with `RES ≥ MOD` or `MOD = 0`.
    #[error("{0}")]
    Part(String),
    /// The options contradict each other (for example classes asked of a part).
    #[error("{0}")]
    Options(String),
    /// The counts do not add up or overflowed: a bug or corrupted partial results.
    #[error(transparent)]
    Tally(#[from] TallyError),
    /// The per-unit callback failed (for example writing a checkpoint journal); the units
    /// reported before it are kept.
    #[error("could not record a finished unit: {0}")]
    Callback(io::Error),
    /// The operating system refused the worker threads.
    #[error("cannot start the worker threads: {0}")]
    Threads(String),
    /// A text that is no solution, or columns that form none: what parsing a
    /// [`Solution`](crate::board::Solution) (`"0 4 7 5 2 6 1 3".parse()`,
    /// [`Solution::parse_in`](crate::board::Solution::parse_in)) or
    /// [`Solution::new`](crate::board::Solution::new) refused, so that `?` on them works in a
    /// function returning this `Error`.
    #[error(transparent)]
    Board(#[from] ParseSolutionError),
    /// A checkpoint journal that cannot be used, appended to or synced: the
    /// `counter::resume::ResumeError` of a journaled count (`Counter::start`, `Journaled::run`),
    /// boxed here because this type sits below the counter; downcast it for the details.
    /// (A journaled count's own errors convert to the variants above.)
    #[error(transparent)]
    Checkpoint(Box<dyn std::error::Error + Send + Sync + 'static>),
}

impl From<InvalidSolution> for Error {
    fn from(e: InvalidSolution) -> Error {
        Error::Board(ParseSolutionError::Invalid(e))
    }
}

fn kernel_unavailable(kernel: Kernel) -> String {
    kernel.unavailable_reason()
}

impl From<KernelError> for Error {
    fn from(e: KernelError) -> Error {
        match e {
            KernelError::Unavailable { kernel } => Error::KernelUnavailable { kernel },
            KernelError::NoSuchKernel(message) => Error::Options(message),
        }
    }
}
