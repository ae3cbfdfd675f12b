//! `queens kernels`: the registry of counting kernels, as this CPU sees it.

use super::CommandError;
use clap::{Args, ValueEnum};
use queens::formats::table::{self, Layout};
use queens::plan::Engine;
use queens::search::kernel::{KERNEL_ENV, Kernel, KernelChoice};

/// The text under the options of `queens kernels --help`: the examples, the outputs, the exit codes.
pub const LONG_HELP: &str = "\
Examples:
  queens kernels                     the kernels, whether this CPU runs each, what each needs
  queens kernels --format csv        the same as CSV (kernel,here,auto,needs), for scripts
  QUEENS_KERNEL=scalar queens count 16    force a kernel for a whole run (what auto picks)

Every kernel gives the same counts and the same nodes; they differ in speed only. auto (the
default of --kernel) picks the last kernel of the list that this CPU runs, unless the
environment variable QUEENS_KERNEL names one (a kernel this CPU lacks is then an error).";

/// `queens kernels`.
#[derive(Debug, Args)]
pub struct KernelsArgs {
    /// The output format: an aligned table, or CSV with a header.
    #[arg(long, value_enum, default_value_t = KernelsFormat::Table)]
    pub format: KernelsFormat,
}

/// `queens kernels --format`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum KernelsFormat {
    /// An aligned table and a line saying what auto picks.
    Table,
    /// CSV: kernel,here,auto,needs.
    Csv,
}

/// Runs `queens kernels`: one row per kernel (name, whether this CPU runs it, whether `auto`
/// picks it, what it needs). `auto`'s pick follows `QUEENS_KERNEL`; a value of it that names
/// no kernel, or one this CPU lacks, is a usage error, as it is for `count`.
pub fn run(args: &KernelsArgs) -> Result<(), CommandError> {
    let auto = crate::cli::resolve_kernel(KernelChoice::Auto, Engine::Symmetric)
        .map_err(CommandError::Usage)?;
    let yes_no = |b: bool| if b { "yes" } else { "no" };
    let rows: Vec<[&str; 4]> = Kernel::ALL
        .iter()
        .map(|&k| {
            [
                k.name(),
                yes_no(k.is_available()),
                yes_no(k == auto),
                k.info().needs,
            ]
        })
        .collect();
    let table = Layout::new(&["kernel", "here", "auto", "needs"], |_| true);
    let mut text = String::new();
    match args.format {
        KernelsFormat::Csv => {
            text += &table.csv_header()?;
            for r in &rows {
                text += &table::csv_line(r)?;
            }
        }
        KernelsFormat::Table => {
            text += &table.human(&rows);
            let why = match std::env::var(KERNEL_ENV) {
                Ok(v) if KernelChoice::from_name(&v).is_some_and(|c| c.kernel().is_some()) => {
                    format!("{KERNEL_ENV}={v}")
                }
                _ => "the fastest this CPU runs".to_string(),
            };
            text += &format!("auto runs {} ({why})\n", auto.name());
        }
    }
    super::to_stdout(text.as_bytes())
}
