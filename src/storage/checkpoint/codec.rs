//! The text of a checkpoint's lines: unit lines written without allocating and read back
//! with their checksum seeded by the run, and the checksums of headers.

use crate::plan::pieces::{PieceRun, is_scheme};
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

/// Writes the fields of a unit or piece line after its id: the seven counts, `,` the torus
/// field where the tally has boards by stabilizer (a unit of the queens' plane writes the
/// line it always did), and `,SECONDS` (clamped to 0..=[`MAX_SECONDS`], 0 if not finite).
fn write_fields(out: &mut impl Write, t: &Tally, seconds: f64) -> std::io::Result<()> {
    let seconds = if seconds.is_finite() {
        seconds.clamp(0.0, MAX_SECONDS)
    } else {
        0.0
    };
    tally_fields::write_all(out, t)?;
    if t.torus.used().next().is_some() {
        write!(out, ",")?;
        tally_fields::write_torus(out, &t.torus)?;
    }
    write!(out, ",{seconds:.6}")
}

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
    let mut rest: &mut [u8] = &mut buf[..];
    write!(rest, "unit,{id},").expect("MAX_UNIT_LINE holds the longest unit line");
    write_fields(&mut rest, t, seconds).expect("MAX_UNIT_LINE holds the longest unit line");
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

/// Writes a run of unit `unit`'s pieces (numbered by `scheme`: [`is_scheme`]) as a line:
/// `piece,UNIT,SCHEME,FROM,TO,` the seven counts (and the torus field), `,SECONDS,CHECKSUM`
/// seeded with the run's `key`, and the newline. (A piece line is written once a minute or so, not once a unit: it may allocate.)
pub(super) fn piece_line(
    key: u64,
    unit: usize,
    scheme: &str,
    run: &PieceRun,
    seconds: f64,
) -> String {
    let mut body = format!(
        "piece,{unit},{scheme},{},{},",
        run.range.start, run.range.end
    );
    let mut fields = Vec::new();
    write_fields(&mut fields, &run.tally, seconds).expect("a Vec takes every write");
    body.push_str(std::str::from_utf8(&fields).expect("the fields are ASCII"));
    let sum = checksum::hash_from(key, body.as_bytes());
    format!("{body},{sum:016x}\n")
}

/// A run of one unit's pieces read back from a piece line.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct PieceRecord {
    /// The unit.
    pub(super) unit: usize,
    /// The scheme the pieces are numbered by.
    pub(super) scheme: String,
    /// The pieces and their summed tally.
    pub(super) run: PieceRun,
    /// The time they took.
    pub(super) seconds: f64,
}

/// A line of a checkpoint's journal.
#[derive(Clone, Debug, PartialEq)]
pub(super) enum Record {
    /// A finished unit: its id, tally and seconds.
    Unit(usize, Tally, f64),
    /// A run of pieces of a unit not finished.
    Piece(PieceRecord),
}

/// Parses a line of the journal of the run whose lines are seeded with `key` (checksum
/// checked first), a search one node of which stands for at most `boards_per_node` boards.
pub(super) fn parse_line(
    key: u64,
    line: &str,
    boards_per_node: u128,
) -> Result<Record, LineProblem> {
    let (body, sum) = line.rsplit_once(',').ok_or(LineProblem::Check)?;
    if format!("{:016x}", checksum::hash_from(key, body.as_bytes())) != sum {
        return Err(LineProblem::Check);
    }
    let fields: Vec<&str> = body.split(',').collect();
    let number = |i: usize, what: &str| {
        fields[i]
            .parse::<usize>()
            .map_err(|_| LineProblem::Malformed(format!("{:?} is not {what}", fields[i])))
    };
    match fields[0] {
        "unit" if fields.len() >= 2 => {
            let id = number(1, "a unit id")?;
            let (tally, seconds) = parse_counts(&fields[2..], boards_per_node)?;
            Ok(Record::Unit(id, tally, seconds))
        }
        "piece" if fields.len() >= 5 => {
            let unit = number(1, "a unit id")?;
            let scheme = fields[2];
            if !is_scheme(scheme) {
                return Err(LineProblem::Malformed(format!(
                    "{scheme:?} is not a piece scheme"
                )));
            }
            let (from, to) = (number(3, "a piece")?, number(4, "a piece")?);
            if from >= to {
                return Err(LineProblem::Malformed(format!(
                    "no pieces from {from} to {to}"
                )));
            }
            let (tally, seconds) = parse_counts(&fields[5..], boards_per_node)?;
            Ok(Record::Piece(PieceRecord {
                unit,
                scheme: scheme.to_string(),
                // (Pieces of pieces are told apart by their scheme's name alone.)
                run: PieceRun {
                    range: from..to,
                    tally,
                    within: String::new(),
                },
                seconds,
            }))
        }
        _ => Err(LineProblem::Malformed("not a unit record".to_string())),
    }
}

/// The seven counts, the torus field if any, and the seconds of a unit or piece line (the
/// fields after its id).
fn parse_counts(fields: &[&str], boards_per_node: u128) -> Result<(Tally, f64), LineProblem> {
    let mut fields = fields.to_vec();
    // Nine fields: the torus field before the seconds (eight: none, as every line before it).
    let torus = match fields.len() {
        9 => tally_fields::parse_torus(fields.remove(7)).ok_or_else(|| {
            LineProblem::Malformed("its boards by stabilizer are not readable".to_string())
        })?,
        _ => Default::default(),
    };
    if fields.len() != 8 {
        return Err(LineProblem::Malformed("not a unit record".to_string()));
    }
    let (mut tally, _) = tally_fields::parse(&fields[..7], false)
        .map_err(|e| LineProblem::Malformed(e.to_string()))?;
    tally.torus = torus;
    // The checksum guards against accidents, not forgery: values no run writes are refused
    // whatever their checksum says.
    if !tally_fields::nodes_possible(&tally, boards_per_node) {
        return Err(LineProblem::Malformed(format!(
            "fewer nodes than 1/{boards_per_node} of its boards"
        )));
    }
    let seconds = fields[7]
        .parse::<f64>()
        .ok()
        .filter(|s| s.is_finite() && (0.0..=MAX_SECONDS).contains(s))
        .ok_or_else(|| LineProblem::Malformed(format!("{:?} is not seconds", fields[7])))?;
    Ok((tally, seconds))
}

/// Parses a unit line (see [`parse_line`]): a piece line is not one.
#[cfg(test)]
pub(super) fn parse_unit_line(
    key: u64,
    line: &str,
    boards_per_node: u128,
) -> Result<(usize, Tally, f64), LineProblem> {
    match parse_line(key, line, boards_per_node)? {
        Record::Unit(id, tally, seconds) => Ok((id, tally, seconds)),
        Record::Piece(_) => Err(LineProblem::Malformed("not a unit record".to_string())),
    }
}

/// At most 120 characters of `text`.
pub(super) fn shorten(text: &str) -> String {
    text.chars().take(120).collect()
}

/// What a file's first line that is no checkpoint header looks like, for an error: the line
/// quoted (its first 60 characters, then `…`), or, where it holds control characters or
/// bytes that are not UTF-8, that it is binary data (no escaped bytes in a one-line error).
pub(super) fn first_line_text(line: &str) -> String {
    let binary = line
        .chars()
        .any(|c| (c.is_control() && c != '\t') || c == char::REPLACEMENT_CHARACTER);
    match (binary, line.chars().count() > 60) {
        (true, _) => "it starts with binary data, not text".to_string(),
        (false, true) => format!(
            "its first line is \"{}…\"",
            line.chars().take(60).collect::<String>()
        ),
        (false, false) => format!("its first line is {line:?}"),
    }
}

/// Whether a header line carries its own good checksum: then it is what some run wrote, and a
/// header other than this run's names another run (not a damaged one).
pub(super) fn header_checksum_ok(line: &str) -> bool {
    line.rsplit_once(',')
        .is_some_and(|(body, sum)| checksum::checksum(body) == sum)
}

#[cfg(test)]
mod first_line_tests {
    use super::first_line_text;

    #[test]
    fn a_first_line_is_quoted_short_and_binary_is_named_not_escaped() {
        assert_eq!(
            first_line_text("hello,world"),
            "its first line is \"hello,world\""
        );
        let long = "x".repeat(200);
        assert_eq!(
            first_line_text(&long),
            format!("its first line is \"{}…\"", "x".repeat(60))
        );
        for binary in ["\u{7f}ELF\u{2}\u{1}", "a\0b", "ok \u{FFFD} not"] {
            assert_eq!(
                first_line_text(binary),
                "it starts with binary data, not text"
            );
        }
    }
}
