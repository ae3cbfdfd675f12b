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
mod fixed;
mod job;
mod part;
mod resolve;
mod stop;
mod whole;

use super::CommandError;
pub use args::{CountArgs, LONG_HELP};
use queens::console::outputs::Destinations;
use queens::formats::export::Format;

/// Runs `queens count`.
pub fn run(args: CountArgs, quiet: bool) -> Result<(), CommandError> {
    let plain = args.fixed_only.is_none() && !args.given.has_squares();
    let by = plain.then(|| (args.search.engine(), args.search.rules.rules()));
    let by = by.as_ref().map(|(engine, rules)| (*engine, rules));
    queens::console::sizes::check_counted(&args.sizes.0, by).map_err(CommandError::Usage)?;
    if let Some(way) = args.fixed_only {
        return fixed::run(&args, way, quiet);
    }
    if args.given.has_squares() {
        return given(&args);
    }
    match resolve::resolve(args, quiet)? {
        job::Resolved::Part(job) => part::run(&job),
        job::Resolved::Whole(job) => whole::run(&job),
    }
}

/// `count --given`/`--blocked`: the completions of each size's partial board, counted by
/// [`queens::Counter::completions`] with the search options, one row each in every output
/// ([`queens::console::given::write_counts`]: the human table on stdout or `-o`'s file,
/// `--csv`, `--json`, `--markdown`). `--part`, `--checkpoint`, `--bfile`, `--columns` and
/// `--known` (nothing is published about completions, and no table holds them) are refused,
/// before any work.
fn given(args: &CountArgs) -> Result<(), CommandError> {
    let s = args.search.resolved().map_err(CommandError::Usage)?;
    s.check_given().map_err(CommandError::Usage)?;
    let others = [
        (args.part.is_some(), "--part"),
        (args.checkpoint.is_some(), "--checkpoint"),
        (args.outputs.file(Format::Bfile).is_some(), "--bfile"),
        (args.outputs.columns().is_some(), "--columns"),
        (args.known.known.is_some(), "--known"),
    ];
    let others = others.iter().find(|o| o.0).map(|o| o.1);
    if let Some(flag) = others {
        let why = match flag {
            "--known" => {
                "no table holds their completions to verify against (`queens verify --given` \
                 counts them two ways)"
            }
            _ => "their completions are counted whole, in a table of their own",
        };
        return Err(CommandError::Usage(format!(
            "{flag} is not taken with --given or --blocked: {why}"
        )));
    }
    let inputs = checks::read_files(args);
    let dests = Destinations::check(&args.outputs, &inputs).map_err(CommandError::Usage)?;
    let rules = s.rules.rules();
    let partials: Vec<_> = (args.sizes.0.iter())
        .filter_map(|&n| args.given.partial(n, rules).transpose())
        .collect::<Result<_, _>>()?;
    let stop = super::install_signals()?;
    crate::signals::set_stopping("the size being counted is cut short and not kept");
    let count = |p: &queens::given::Partial| {
        let c = queens::Counter::new(p.n()).rules(p.rules()).given(p);
        let c = c.engine(s.engine()).kernel(s.kernel);
        let c = s.threads.map_or(c, |t| c.threads(t.into()));
        // The searches watch the flag: a signal ends the size within milliseconds (`None`).
        stop.watch(|| c.completions())
    };
    let mut rows = Vec::new();
    let mut stopped = None;
    for p in &partials {
        let done: Vec<usize> = rows
            .iter()
            .map(|r: &queens::given::Completions| r.n)
            .collect();
        let (n, finished) = (
            p.n(),
            stop::finished_sizes(&done, "counted but not written"),
        );
        crate::signals::set_last_words(move || format!("n = {n} was being counted; {finished}"));
        match count(p) {
            Some(row) => rows.push(row.map_err(|e| CommandError::Usage(e.to_string()))?),
            None => {
                stopped = Some(p.n());
                break;
            }
        }
    }
    let meta = queens::formats::export::RunMeta::now(None).under(rules);
    let write = queens::console::given::write_counts;
    // A run stopped before any size was counted leaves the outputs as they were.
    let mut written = Ok(());
    if !rows.is_empty() {
        written = write(&dests, &partials[..rows.len()], &rows, &meta);
    }
    let written = crate::commands::rows::failure(written);
    let verdict = match stopped {
        None => Ok(()),
        Some(n) => {
            let done: Vec<usize> = rows.iter().map(|r| r.n).collect();
            let flags = dests.files.iter().map(|f| &f.1);
            let files: Vec<_> = dests.human_file.iter().chain(flags).collect();
            let what = match stop::files_text(&files) {
                Some(f) => format!("written (also to {f})"),
                None => "written".to_string(),
            };
            Err(CommandError::Failed(format!(
                "stopped by {} during n = {n}: its completions were being counted; {}",
                crate::signals::reason(stop).unwrap_or_else(|| "a stop request".to_string()),
                stop::finished_sizes(&done, &what)
            )))
        }
    };
    crate::commands::rows::ended(written, verdict)
}
