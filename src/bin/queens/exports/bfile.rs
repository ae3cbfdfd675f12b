//! OEIS b-files: one term per line, `n a(n)`, a single space between, LF line ends.

use super::{Exporter, RunMeta};
use queens::formats::table::Row;
use std::io;

/// Which sequence a b-file lists (`--sequence`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Sequence {
    /// Solutions (A000170).
    Total,
    /// Classes under the symmetries of the square (A002562).
    Classes,
}

impl Sequence {
    /// a(n) for a row.
    pub fn term(self, row: &Row) -> u128 {
        match self {
            Sequence::Total => row.total,
            Sequence::Classes => row.classes.total(),
        }
    }
}

/// Checks that `sizes` can make a b-file: consecutive and increasing, as OEIS requires.
pub fn check_sizes(sizes: &[usize]) -> Result<(), String> {
    match sizes.windows(2).find(|w| w[1] != w[0] + 1) {
        None => Ok(()),
        Some(w) => Err(format!(
            "a b-file lists consecutive n in increasing order, but {} follows {}",
            w[1], w[0]
        )),
    }
}

/// The b-file exporter for one sequence.
pub struct Bfile(pub Sequence);

impl Exporter for Bfile {
    fn write(&self, rows: &[Row], _meta: &RunMeta, out: &mut dyn io::Write) -> io::Result<()> {
        for row in rows {
            writeln!(out, "{} {}", row.n, self.0.term(row))?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_must_be_consecutive_and_increasing() {
        assert!(check_sizes(&[1, 2, 3]).is_ok());
        assert!(check_sizes(&[8]).is_ok());
        assert!(check_sizes(&[8, 10]).unwrap_err().contains("10 follows 8"));
        assert!(check_sizes(&[9, 8]).is_err());
    }
}
