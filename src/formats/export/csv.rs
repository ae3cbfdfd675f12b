//! CSV export: the table with a header and every column, as `count --csv` writes it and
//! `merge` and `--known` read it back ([`table::read_csv`]).

use super::exporter::{Exporter, RunMeta};
use crate::formats::table::{self, Row};
use std::io;

/// The CSV exporter (it keeps nothing of the run's metadata).
pub struct Csv;

impl Exporter for Csv {
    fn write(&self, rows: &[Row], _meta: &RunMeta, out: &mut dyn io::Write) -> io::Result<()> {
        table::write_csv(rows, out)
    }
}
