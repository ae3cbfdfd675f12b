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
    if args.given.has_squares() {
        return given(&args);
    }
    match resolve::resolve(args, quiet)? {
        job::Resolved::Part(job) => part::run(&job),
        job::Resolved::Whole(job) => whole::run(&job),
    }
}

/// `count --given`/`--blocked`: the completions of each size's partial board, counted by
/// [`queens::Counter::completions`] with the search options, one row each on stdout
/// ([`queens::given::table`]: `n`, the givens, the blocked squares, the completions, their
/// classes, the group they are classes under, the nodes and the search), then a line of
/// threads and seconds. `--part`, `--checkpoint` and the output files are refused, before any
/// work.
fn given(args: &CountArgs) -> Result<(), CommandError> {
    let s = args.search.resolved().map_err(CommandError::Usage)?;
    let others = [
        (args.part.is_some(), "--part"),
        (args.checkpoint.is_some(), "--checkpoint"),
    ];
    let others = others.iter().find(|o| o.0).map(|o| o.1);
    if let Some(flag) = others.or(args.outputs.files().next().map(|(info, _)| info.flag)) {
        return Err(CommandError::Usage(format!(
            "{flag} is not taken with --given or --blocked: their counts are a table on stdout"
        )));
    }
    let rules = s.rules.rules();
    let partials: Vec<_> = (args.sizes.0.iter())
        .filter_map(|&n| args.given.partial(n, rules).transpose())
        .collect::<Result<_, _>>()?;
    let mut rows = Vec::with_capacity(partials.len());
    for p in &partials {
        let c = queens::Counter::new(p.n()).rules(p.rules()).given(p);
        let c = c.engine(s.engine()).kernel(s.kernel);
        let c = s.threads.map_or(c, |t| c.threads(t.into()));
        rows.push(
            c.completions()
                .map_err(|e| CommandError::Usage(e.to_string()))?,
        );
    }
    super::to_stdout(queens::given::table(&partials, &rows).as_bytes())
}
