//! `queens count`: a verified table of totals and classes, streamed: each row is printed (human
//! table or CSV on stdout) as its size finishes, the `--csv` file is rewritten atomically with
//! the finished rows after each size (a pipe, FIFO or device gets each line once), and a
//! SIGINT/SIGTERM writes the finished rows to every output and names the unfinished size. A
//! run stopped before any size finished leaves an existing file as it was; a `--csv` file that
//! cannot be written does not stop the count, whose rows still reach stdout (exit 3 at the
//! end, naming the file).
//!
//! The arguments ([`args`]) are resolved once ([`resolve`]) into a job ([`job`]: sizes, search,
//! checkpoints, destinations checked, the table verified against), which the whole count ([`whole`]) or a
//! part of it ([`part`]) runs.

mod args;
mod checkpoint;
mod checks;
mod job;
mod part;
mod resolve;
mod stop;
mod whole;

use super::CommandError;
pub use args::{CountArgs, LONG_HELP};

/// Runs `queens count`.
pub fn run(args: CountArgs, quiet: bool) -> Result<(), CommandError> {
    match resolve::resolve(args, quiet)? {
        job::Resolved::Part(job) => part::run(&job),
        job::Resolved::Whole(job) => whole::run(&job),
    }
}
