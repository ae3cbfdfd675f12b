//! The text of a checkpoint's lines: unit lines written without allocating and read back
//! with their checksum seeded by the run, and the checksums of headers.

use crate::plan::tally::Tally;
use crate::storage::checksum;
use crate::storage::tally_fields;
use std::io::Write;

/// Appends `,checksum` to a line.
pub(super) fn with_checksum(text: String) -> String {
    let sum = checksum::checksum(&text);
    text + "," + &sum
}

/// The longest seconds field: a unit's seconds are clamped to 10^9 (32 years), written with 6
/// decimals.
pub(super) const MAX_SECONDS: f64 = 1e9;

/// The longest unit line: `unit,`, an id of up to 20 digits, 7 counts of up to 39 digits, their
/// commas, the torus field and its comma, the seconds (17 characters at most), a comma and 16
/// hex digits of checksum, and the newline.
pub(super) const MAX_UNIT_LINE: usize =
    5 + 20 + 7 * (1 + 39) + (1 + tally_fields::MAX_TORUS_FIELD) + (1 + 17) + 1 + 16 + 1;

/// Writes unit `id`'s line (`unit,ID,` the seven counts, `,` the torus field where the tally
/// has boards by stabilizer, `,SECONDS,CHECKSUM`), checksum (seeded with the run's `key`) and newline included, into
/// `buf` and returns its length. It allocates nothing: it runs on the worker threads between
/// units, where an allocation would move the search kernels' per-thread buffers (and measurably
/// slowed them).
pub(super) fn unit_line_into(
    buf: &mut [u8; MAX_UNIT_LINE],
    key: u64,
    id: usize,
    t: &Tally,
    seconds: f64,
) -> usize {
    let seconds = if seconds.is_finite() {
        seconds.clamp(0.0, MAX_SECONDS)
    } else {
        0.0
    };
    let mut rest: &mut [u8] = &mut buf[..];
    write!(rest, "unit,{id},").expect("MAX_UNIT_LINE holds the longest unit line");
    tally_fields::write_all(&mut rest, t).expect("MAX_UNIT_LINE holds the longest unit line");
    // The boards by their stabilizer under the torus group, where the unit has any (a unit
    // of the queens' plane writes the line it always did).
    if t.torus.used().next().is_some() {
        write!(rest, ",").expect("MAX_UNIT_LINE holds the longest unit line");
        tally_fields::write_torus(&mut rest, &t.torus)
            .expect("MAX_UNIT_LINE holds the longest unit line");
    }
    write!(rest, ",{seconds:.6}").expect("MAX_UNIT_LINE holds the longest unit line");
    let body = MAX_UNIT_LINE - rest.len();
    let sum = checksum::hash_from(key, &buf[..body]);
    let mut rest: &mut [u8] = &mut buf[body..];
    writeln!(rest, ",{sum:016x}").expect("MAX_UNIT_LINE holds the checksum");
    MAX_UNIT_LINE - rest.len()
}

/// One unit's line, without its newline.
#[cfg(test)]
pub(super) fn unit_line(key: u64, id: usize, t: &Tally, seconds: f64) -> String {
    let mut buf = [0; MAX_UNIT_LINE];
    let len = unit_line_into(&mut buf, key, id, t, seconds);
    String::from_utf8(buf[..len - 1].to_vec()).expect("a unit line is ASCII")
}

/// Why a unit line is not taken.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum LineProblem {
    /// The checksum fails for this run.
    Check,
    /// Not a unit record of this format.
    Malformed(String),
}

/// A unit line's id, tally and seconds.
type UnitRecord = (usize, Tally, f64);

/// Parses a unit line of the run whose lines are seeded with `key` (checksum checked first),
/// a search one node of which stands for at most `boards_per_node` boards.
pub(super) fn parse_unit_line(
    key: u64,
    line: &str,
    boards_per_node: u128,
) -> Result<UnitRecord, LineProblem> {
    let (body, sum) = line.rsplit_once(',').ok_or(LineProblem::Check)?;
    if format!("{:016x}", checksum::hash_from(key, body.as_bytes())) != sum {
        return Err(LineProblem::Check);
    }
    let mut fields: Vec<&str> = body.split(',').collect();
    // Eleven fields: the torus field before the seconds (ten: none, as every line before it).
    let torus = match fields.len() {
        11 => tally_fields::parse_torus(fields.remove(9)).ok_or_else(|| {
            LineProblem::Malformed("its boards by stabilizer are not readable".to_string())
        })?,
        _ => Default::default(),
    };
    if fields.len() != 10 || fields[0] != "unit" {
        return Err(LineProblem::Malformed("not a unit record".to_string()));
    }
    let id = fields[1]
        .parse::<usize>()
        .map_err(|_| LineProblem::Malformed(format!("{:?} is not a unit id", fields[1])))?;
    let (mut tally, _) = tally_fields::parse(&fields[2..9], false)
        .map_err(|e| LineProblem::Malformed(e.to_string()))?;
    tally.torus = torus;
    // The checksum guards against accidents, not forgery: values no run writes are refused
    // whatever their checksum says.
    if !tally_fields::nodes_possible(&tally, boards_per_node) {
        return Err(LineProblem::Malformed(format!(
            "fewer nodes than 1/{boards_per_node} of its boards"
        )));
    }
    let seconds = fields[9]
        .parse::<f64>()
        .ok()
        .filter(|s| s.is_finite() && (0.0..=MAX_SECONDS).contains(s))
        .ok_or_else(|| LineProblem::Malformed(format!("{:?} is not seconds", fields[9])))?;
    Ok((id, tally, seconds))
}

/// At most 120 characters of `text`.
pub(super) fn shorten(text: &str) -> String {
    text.chars().take(120).collect()
}

/// Whether a header line carries its own good checksum: then it is what some run wrote, and a
/// header other than this run's names another run (not a damaged one).
pub(super) fn header_checksum_ok(line: &str) -> bool {
    line.rsplit_once(',')
        .is_some_and(|(body, sum)| checksum::checksum(body) == sum)
}
