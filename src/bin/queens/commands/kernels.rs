//! `queens kernels`: the registry of counting kernels, as this CPU sees it.

use super::CommandError;
use crate::cli::{KernelsArgs, KernelsFormat};
use queens::formats::table::{self, Layout};
use queens::search::kernel::{KERNEL_ENV, Kernel, KernelChoice, KernelError};
use std::io::Write;

/// Runs `queens kernels`: one row per kernel (name, whether this CPU runs it, whether `auto`
/// picks it, what it needs). `auto`'s pick follows `QUEENS_KERNEL`; a value of it that names
/// no kernel, or one this CPU lacks, is a usage error, as it is for `count`.
pub fn run(args: &KernelsArgs) -> Result<(), CommandError> {
    let auto = KernelChoice::Auto.resolve().map_err(|e| {
        CommandError::Usage(match e {
            KernelError::Unavailable { kernel } => {
                format!(
                    "{KERNEL_ENV}={}: {}",
                    kernel.name(),
                    kernel.unavailable_reason()
                )
            }
            other => other.to_string(),
        })
    })?;
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
                Ok(v) if !v.is_empty() && v != "auto" => format!("{KERNEL_ENV}={v}"),
                _ => "the fastest this CPU runs".to_string(),
            };
            text += &format!("auto runs {} ({why})\n", auto.name());
        }
    }
    let mut out = std::io::stdout().lock();
    out.write_all(text.as_bytes())?;
    out.flush()?;
    Ok(())
}
