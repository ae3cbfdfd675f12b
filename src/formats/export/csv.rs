//! CSV export: the table with a header and every column, as `count --csv` writes it and
//! `merge` and `--known` read it back ([`table::read_csv`]).

use super::exporter::{Exporter, RunMeta};
use crate::formats::table::{self, Row};
use std::io;

/// The command line's `--csv`.
pub const INFO: super::exporter::Info = super::exporter::Info {
    name: "csv",
    flag: "--csv",
    help: "Also write the table as CSV to FILE (`-`: stdout, which then carries only the CSV). \
           CSV always has every column",
    as_format: Some("CSV with a header, as `--csv` writes it"),
    exporter: |_| Box::new(Csv),
};

/// The CSV exporter (it keeps nothing of the run's metadata).
pub struct Csv;

impl Exporter for Csv {
    fn write(&self, rows: &[Row], _meta: &RunMeta, out: &mut dyn io::Write) -> io::Result<()> {
        table::write_csv(rows, out)
    }
}
