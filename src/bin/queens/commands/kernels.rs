//! `queens kernels`: the registry of counting kernels, as this CPU sees it.

use super::CommandError;
use crate::cli::{KernelsArgs, KernelsFormat};
use queens::formats::table::table_line;
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
    let mut text = String::new();
    match args.format {
        KernelsFormat::Csv => {
            let mut w = csv::Writer::from_writer(Vec::new());
            w.write_record(["kernel", "here", "auto", "needs"])
                .and_then(|()| rows.iter().try_for_each(|r| w.write_record(r)))
                .map_err(|e| CommandError::Failed(e.to_string()))?;
            let bytes = w
                .into_inner()
                .map_err(|e| CommandError::Failed(e.to_string()))?;
            text = String::from_utf8_lossy(&bytes).into_owned();
        }
        KernelsFormat::Table => {
            let header = ["kernel", "here", "auto", "needs"];
            let mut widths = header.map(str::len);
            for r in &rows {
                for (w, f) in widths.iter_mut().zip(r) {
                    *w = (*w).max(f.chars().count());
                }
            }
            let left = [true; 4];
            text += &table_line(&header, &widths, &left);
            for r in &rows {
                text += &table_line(r, &widths, &left);
            }
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
