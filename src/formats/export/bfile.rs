//! OEIS b-files: one term per line, `n a(n)`, a single space between, LF line ends, for every
//! sequence the tool computes ([`crate::sequences::Sequence`]), with each sequence's OEIS
//! offset.

use super::exporter::{Exporter, RunMeta};
use crate::formats::table::Row;
pub use crate::sequences::Sequence;
use std::io;

/// The command line's `--bfile`, of the sequence `--sequence` chooses.
pub const INFO: super::exporter::Info = super::exporter::Info {
    name: "bfile",
    flag: "--bfile",
    help: "Also write an OEIS b-file (`n a(n)` per line) of the --sequence to FILE (`-`: \
           stdout). The sizes must be consecutive and increasing and start at the sequence's \
           OEIS offset (0-14 for A000170 and A319283, 1-14 for the others; a later start is \
           written, with a note on stderr)",
    as_format: None,
    exporter: |options| Box::new(Bfile(options.sequence)),
};

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
        // Every term first: a row that cannot give one (checked before the run, so a bug)
        // leaves no half-written file.
        let terms: Vec<(usize, u128)> = rows
            .iter()
            .map(|r| self.0.term(r).map(|t| (r.n, t)))
            .collect::<Result<_, String>>()
            .map_err(io::Error::other)?;
        for (n, t) in terms {
            writeln!(out, "{n} {t}")?;
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
