//! The files other runs read back: result tables ([`table`]), part rows ([`part_row`]) and
//! their [`merge`], and lists of solutions in every notation ([`solutions`]); and the exports
//! of a table for other tools and papers ([`export`]: CSV, JSON, Markdown, OEIS b-files). The file
//! machinery under them (atomic writes, bounded reads, checksums, the tally codec, the
//! checkpoint journal) is [`crate::storage`].

// The writers the command line shares (`classify_input`, `classify_stream`, `export`, `table`,
// `solutions`) are not part of the library's documented API; part rows, their merge and the
// sequences are.
#[doc(hidden)]
pub mod classify_input;
#[doc(hidden)]
pub mod classify_stream;
#[doc(hidden)]
pub mod export;
pub mod fixed;
pub mod given;
pub mod merge;
pub mod named;
pub mod part_row;
pub mod sequences;
#[doc(hidden)]
pub mod solutions;
#[doc(hidden)]
pub mod table;
#[doc(hidden)]
pub mod verify_line;

use std::io;

/// Writes a CSV file: `header`, then one record per item of `records`. The one CSV writer
/// loop of the result tables, part rows, profiles and classifications.
pub(crate) fn write_csv<W, I, R, F>(header: &[&str], records: I, out: W) -> io::Result<()>
where
    W: io::Write,
    I: IntoIterator<Item = R>,
    R: IntoIterator<Item = F>,
    F: AsRef<[u8]>,
{
    let mut w = csv::Writer::from_writer(out);
    w.write_record(header)?;
    for record in records {
        w.write_record(record)?;
    }
    w.flush()
}
