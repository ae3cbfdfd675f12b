//! The seven fields of a [`Tally`] as text, written and read in one place for every file that
//! carries them (checkpoint unit lines and part rows): boards, half-turn fixed, quarter-turn
//! fixed, the three canonical class counts, nodes, in [`TALLY_COLUMNS`] order.
//!
//! The class counts may be left empty (a part row of an engine that does not count classes
//! one by one); a reader that allows it reads them as zero and says they were absent.

use crate::plan::tally::{ClassCounts, TORUS_STABILIZERS, Tally, TorusTally};
use crate::torus_group::TorusStabilizer;
use std::io;

/// The longest torus field ([`write_torus`]): [`TORUS_STABILIZERS`] slots of two numbers of
/// up to 10 digits, `x`, `:`, two counts of up to 39 digits and `:`, a space between slots.
pub(crate) const MAX_TORUS_FIELD: usize =
    TORUS_STABILIZERS * (10 + 1 + 10 + 1 + 39 + 1 + 39) + (TORUS_STABILIZERS - 1);

/// Writes the boards of a [`TorusTally`] by stabilizer as one field, allocating nothing: a
/// slot as `SHIFTSxTURNS:BOARDS:CANONICAL`, the slots in the tally's order joined by spaces,
/// `-` for none (`1x1:3380:0 13x2:26:0`).
pub(crate) fn write_torus(out: &mut impl io::Write, t: &TorusTally) -> io::Result<()> {
    let mut first = true;
    for slot in t.used() {
        let space = if first { "" } else { " " };
        first = false;
        let s = slot.stabilizer;
        write!(
            out,
            "{space}{}x{}:{}:{}",
            s.shifts, s.turns, slot.boards, slot.canonical
        )?;
    }
    if first {
        write!(out, "-")?;
    }
    Ok(())
}

/// [`write_torus`] as a string.
pub(crate) fn torus_text(t: &TorusTally) -> String {
    let mut out = Vec::new();
    write_torus(&mut out, t).expect("writing to memory");
    String::from_utf8(out).expect("ASCII")
}

/// Reads the field [`write_torus`] writes: `None` if it is not one (a number that is not
/// digits, a stabilizer no torus board has, a stabilizer twice, too many, or boards beyond
/// 128 bits in all).
pub(crate) fn parse_torus(text: &str) -> Option<TorusTally> {
    let mut t = TorusTally::default();
    if text == "-" {
        return Some(t);
    }
    let digits = |s: &str| -> Option<u128> {
        (!s.is_empty() && s.bytes().all(|b| b.is_ascii_digit()))
            .then(|| s.parse().ok())
            .flatten()
    };
    for slot in text.split(' ') {
        let (stabilizer, counts) = slot.split_once(':')?;
        let (boards, canonical) = counts.split_once(':')?;
        let (shifts, turns) = stabilizer.split_once('x')?;
        let stabilizer = TorusStabilizer {
            shifts: u32::try_from(digits(shifts)?).ok()?,
            turns: u32::try_from(digits(turns)?).ok()?,
        };
        let (boards, canonical) = (digits(boards)?, digits(canonical)?);
        if !(1..=crate::board::MAX_COUNT_N as u32).contains(&stabilizer.shifts)
            || ![1, 2, 4, 8].contains(&stabilizer.turns)
            || canonical > boards
            || t.used().any(|s| s.stabilizer == stabilizer)
        {
            return None;
        }
        t.add(stabilizer, boards, canonical)?;
        t.used()
            .try_fold(0u128, |sum, s| sum.checked_add(s.boards))?;
    }
    Some(t)
}

/// The names of the seven fields, in order (the part rows' column names).
pub(crate) const TALLY_COLUMNS: [&str; 7] = [
    "boards",
    "fixed_half_turn",
    "fixed_quarter_turn",
    "canonical_asymmetric",
    "canonical_half_turn",
    "canonical_quarter_turn",
    "nodes",
];

/// The positions of the three class counts among the seven fields.
const CLASS_FIELDS: std::ops::Range<usize> = 3..6;

/// A field that does not parse: its position among the seven, and its text.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{column}: {value:?} is not a count")]
pub(crate) struct FieldError {
    /// Position among the seven fields (0 = boards).
    pub(crate) index: usize,
    /// [`TALLY_COLUMNS`]`[index]`.
    pub(crate) column: &'static str,
    /// The text found.
    pub(crate) value: String,
}

/// The seven values in order.
fn values(t: &Tally) -> [u128; 7] {
    [
        t.boards,
        t.fixed_half_turn,
        t.fixed_quarter_turn,
        t.canonical.asymmetric,
        t.canonical.half_turn,
        t.canonical.quarter_turn,
        t.nodes,
    ]
}

/// The seven fields as text; the class counts empty unless `with_classes`.
pub(crate) fn to_fields(t: &Tally, with_classes: bool) -> [String; 7] {
    let v = values(t);
    std::array::from_fn(|i| {
        if CLASS_FIELDS.contains(&i) && !with_classes {
            String::new()
        } else {
            v[i].to_string()
        }
    })
}

/// Writes the seven fields, comma-separated, with every class count, allocating nothing (for
/// the checkpoint's worker threads).
pub(crate) fn write_all(out: &mut impl io::Write, t: &Tally) -> io::Result<()> {
    let v = values(t);
    write!(
        out,
        "{},{},{},{},{},{},{}",
        v[0], v[1], v[2], v[3], v[4], v[5], v[6]
    )
}

/// Whether the nodes of `t` can be: every board counted is a solution the search reached (a
/// node) or one of its at most `boards_per_node` images under the symmetries the engine uses
/// ([`crate::rules::Rules::boards_per_node`]: 8 on the plane), so no run visits fewer nodes
/// than boards / `boards_per_node`. Tallies are not otherwise bounded unit by
/// unit (a unit of a Burnside plan may count fixed boards and no board); their sums are
/// checked where a result is derived.
pub(crate) fn nodes_possible(t: &Tally, boards_per_node: u128) -> bool {
    t.nodes.saturating_mul(boards_per_node) >= t.boards
}

/// Reads the seven fields (exactly seven). With `classes_optional`, the three class counts may
/// all be empty (read as zero); the second value says whether they were given.
pub(crate) fn parse(fields: &[&str], classes_optional: bool) -> Result<(Tally, bool), FieldError> {
    let bad = |index: usize| FieldError {
        index,
        column: TALLY_COLUMNS[index],
        value: fields.get(index).unwrap_or(&"").to_string(),
    };
    if fields.len() != TALLY_COLUMNS.len() {
        return Err(bad(fields.len().min(TALLY_COLUMNS.len() - 1)));
    }
    let with_classes = !(classes_optional && fields[CLASS_FIELDS.start].is_empty());
    let mut v = [0u128; 7];
    for (i, slot) in v.iter_mut().enumerate() {
        if !with_classes && CLASS_FIELDS.contains(&i) {
            if !fields[i].is_empty() {
                return Err(bad(i));
            }
            continue;
        }
        // `u128::from_str` takes a leading `+`; a count is digits only.
        if !fields[i].bytes().all(|b| b.is_ascii_digit()) {
            return Err(bad(i));
        }
        *slot = fields[i].parse().map_err(|_| bad(i))?;
    }
    Ok((
        Tally {
            boards: v[0],
            fixed_half_turn: v[1],
            fixed_quarter_turn: v[2],
            canonical: ClassCounts {
                asymmetric: v[3],
                half_turn: v[4],
                quarter_turn: v[5],
            },
            nodes: v[6],
            torus: Default::default(),
        },
        with_classes,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> Tally {
        Tally {
            boards: 1780,
            fixed_half_turn: 6,
            fixed_quarter_turn: 2,
            canonical: ClassCounts {
                asymmetric: 220,
                half_turn: 1,
                quarter_turn: 1,
            },
            nodes: u128::MAX,
            ..Tally::default()
        }
    }

    #[test]
    fn the_torus_field_round_trips_and_refuses_what_no_run_writes() {
        let mut t = TorusTally::default();
        assert_eq!(torus_text(&t), "-");
        assert_eq!(parse_torus("-"), Some(t.clone()));
        let one = |shifts, turns| TorusStabilizer { shifts, turns };
        t.add(one(1, 1), 3380, 5).unwrap();
        t.add(one(13, 2), u128::MAX - 3380, 0).unwrap();
        let text = torus_text(&t);
        assert_eq!(text, format!("1x1:3380:5 13x2:{}:0", u128::MAX - 3380));
        assert_eq!(parse_torus(&text), Some(t));
        let mut longest = TorusTally::default();
        for i in 0..TORUS_STABILIZERS as u32 {
            longest
                .add(one(u32::MAX - i, u32::MAX), u128::MAX, u128::MAX)
                .unwrap();
        }
        assert_eq!(torus_text(&longest).len(), MAX_TORUS_FIELD);
        for bad in [
            "",
            "1x1",
            "1x1:5",
            "1x3:5:0",
            "0x1:5:0",
            "65x1:5:0",
            "1x1:5:6",
            "1x1:+5:0",
            "1x1:5:0 1x1:5:0",
            "1x1:5:0  2x1:5:0",
            "x1:5:0",
            &format!("1x1:{}:0 5x1:1:0", u128::MAX),
        ] {
            assert_eq!(parse_torus(bad), None, "{bad:?}");
        }
    }

    #[test]
    fn both_forms_round_trip() {
        let t = sample();
        let full = to_fields(&t, true);
        let refs: Vec<&str> = full.iter().map(String::as_str).collect();
        assert_eq!(parse(&refs, false), Ok((t.clone(), true)));
        let mut written = Vec::new();
        write_all(&mut written, &t).unwrap();
        assert_eq!(String::from_utf8(written).unwrap(), full.join(","));
        let bare = to_fields(&t, false);
        let refs: Vec<&str> = bare.iter().map(String::as_str).collect();
        let expected = Tally {
            canonical: ClassCounts::default(),
            ..t
        };
        assert_eq!(parse(&refs, true), Ok((expected, false)));
        // Empty classes are an error where they are required.
        assert_eq!(parse(&refs, false).unwrap_err().index, 3);
    }

    #[test]
    fn bad_fields_are_named() {
        let fields = ["1", "2", "+3", "4", "5", "6", "7"];
        let e = parse(&fields, false).unwrap_err();
        assert_eq!((e.index, e.column), (2, "fixed_quarter_turn"));
        let e = parse(&["1", "2"], false).unwrap_err();
        assert_eq!(e.index, 2);
        let e = parse(&["1", "2", "3", "", "5", "", "7"], true).unwrap_err();
        assert_eq!(e.index, 4);
    }
}
