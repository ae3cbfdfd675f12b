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
use queens::formats::export::Format;

/// Runs `queens count`.
pub fn run(args: CountArgs, quiet: bool) -> Result<(), CommandError> {
    if args.given.has_squares() {
        return given(&args);
    }
    match resolve::resolve(args, quiet)? {
        job::Resolved::Part(job) => part::run(&job),
        job::Resolved::Whole(job) => whole::run(&job),
    }
}

/// `count --given`/`--blocked`: the completions of a partial board, counted by
/// [`queens::Counter::completions`] with the search options ([`crate::rules_args::count_given`]).
fn given(args: &CountArgs) -> Result<(), CommandError> {
    let s = args.search.resolved().map_err(CommandError::Usage)?;
    let others = [
        (args.part.is_some(), "--part"),
        (args.checkpoint.is_some(), "--checkpoint"),
        (args.outputs.file(Format::Bfile).is_some(), "--bfile"),
        (args.outputs.columns().is_some(), "--columns"),
    ];
    let others = others.iter().find(|o| o.0).map(|o| o.1);
    let counter = |p: &queens::given::Partial| {
        let c = queens::Counter::new(p.n()).rules(p.rules()).given(p);
        let c = c.engine(s.engine()).kernel(s.kernel);
        let c = s.threads.map_or(c, |t| c.threads(t.into()));
        c.completions().map_err(|e| e.to_string())
    };
    let (sizes, outputs) = (&args.sizes.0, &args.outputs);
    crate::rules_args::count_given(sizes, &args.given, &s.rules, &counter, others, outputs)
        .map_err(CommandError::from)
}

/// A partial board that cannot be counted, verified or listed, as the command's error.
impl From<crate::rules_args::GivenFailure> for CommandError {
    fn from(e: crate::rules_args::GivenFailure) -> Self {
        use crate::rules_args::GivenFailure;
        match e {
            GivenFailure::Usage(m) => CommandError::Usage(m),
            GivenFailure::Io(m) => CommandError::Io(m),
            GivenFailure::Failed(m) => CommandError::Failed(m),
        }
    }
}
