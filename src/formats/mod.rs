//! The files other runs read back: result tables ([`table`]), part rows ([`part_row`]) and
//! their [`merge`], the checkpoint journal ([`checkpoint`]), the checksums that guard them
//! ([`checksum`]), the one codec of their tally fields ([`tally_fields`]), their bounded
//! reading ([`bounded`]), the atomic writes that publish them ([`atomic`]), and lists of
//! solutions in every notation ([`solutions`]).

pub mod atomic;
pub mod bounded;
pub mod checkpoint;
pub mod checksum;
pub mod merge;
pub mod part_row;
pub mod solutions;
pub mod table;
pub mod tally_fields;

use std::io;

/// Writes a CSV file: `header`, then one record per item of `records`. The one CSV writer
/// loop of the result tables, part rows, profiles and classifications.
pub fn write_csv<W, I, R, F>(header: &[&str], records: I, out: W) -> io::Result<()>
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
