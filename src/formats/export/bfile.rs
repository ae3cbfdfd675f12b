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

/// The b-file exporter for one sequence.
pub struct Bfile(pub Sequence);

impl Exporter for Bfile {
    fn write(&self, rows: &[Row], _meta: &RunMeta, out: &mut dyn io::Write) -> io::Result<()> {
        // Every term first: a row that cannot give one (checked before the run, so a bug)
        // leaves no half-written file. A sequence of odd boards leaves the even ones out and
        // numbers its terms by k (board 2k+1).
        // A table by entry (A054500–A054502) has a term per orbit size of each board,
        // numbered from 1 over the boards from 1 on.
        let mut terms: Vec<(usize, u128)> = Vec::new();
        for r in rows {
            let Some(k) = self.0.index(r.n) else {
                continue;
            };
            let row_terms = self.0.terms(r).map_err(io::Error::other)?;
            if self.0.by_entry() {
                let next = terms.len() + 1;
                terms.extend(
                    row_terms
                        .into_iter()
                        .enumerate()
                        .map(|(i, t)| (next + i, t)),
                );
            } else {
                terms.extend(row_terms.into_iter().map(|t| (k, t)));
            }
        }
        for (n, t) in terms {
            writeln!(out, "{n} {t}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use crate::sequences::Sequence;

    #[test]
    fn sizes_must_be_consecutive_and_increasing() {
        let s = Sequence::A000170;
        assert!(s.check_sizes(&[1, 2, 3]).is_ok());
        assert!(s.check_sizes(&[8]).is_ok());
        assert!(
            s.check_sizes(&[8, 10])
                .unwrap_err()
                .contains("10 follows 8")
        );
        assert!(s.check_sizes(&[9, 8]).is_err());
        // The odd boards' sequences take their odd sizes, with or without the even ones.
        let odd = Sequence::A007705;
        assert!(odd.check_sizes(&[1, 2, 3, 4, 5]).is_ok());
        assert!(odd.check_sizes(&[1, 3, 5]).is_ok());
        assert_eq!(
            odd.check_sizes(&[1, 5]).unwrap_err(),
            "a b-file lists consecutive terms in increasing order, but board 5 follows board 1 \
             (A007705 lists the odd boards)"
        );
        assert!(
            odd.check_sizes(&[4])
                .unwrap_err()
                .contains("no size asked for is odd")
        );
    }
}
