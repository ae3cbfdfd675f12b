//! Reading part files for a merge: the part rows of one file, streamed in bounded memory, each
//! damaged row named in the [`Problems`].

use super::{Problems, SetKey, SourcedPart};
use crate::formats::part_row::{PART_HEADER, PART_HEADER_TORUS, PartRow};
use crate::formats::table;
use crate::storage::bounded::{self, Overlong};
use std::io::Read;
use std::sync::atomic::AtomicU64;

/// Reads the part rows of one file, streamed from `input`; `name` is used in messages.
/// Problems (a file that is no part file, a damaged row, a line longer than
/// [`bounded::MAX_LINE`]) go to `problems`. Once `problems` is full, a file's damaged rows are
/// only counted, so an input of any size is read in bounded memory.
pub fn read_parts(name: &str, input: impl Read, problems: &mut Problems) -> Vec<SourcedPart> {
    read_parts_counting(name, input, problems, &AtomicU64::new(0))
}

/// [`read_parts`], adding every line read (blank lines too) to `lines` as it goes, so that a
/// progress report on another thread can show how far an input of unknown length (a pipe of
/// endless rows) has been read.
// The command line's (`queens merge`): not part of the library's API.
#[doc(hidden)]
pub fn read_parts_counting(
    name: &str,
    input: impl Read,
    problems: &mut Problems,
    lines: &AtomicU64,
) -> Vec<SourcedPart> {
    // `problems` gathers those of every file; this file's are the ones pushed from here on.
    let before = problems.len();
    let mut reader = csv::ReaderBuilder::new()
        .flexible(true)
        .from_reader(bounded::Bounded::lines(bounded::CountLines::new(
            input, lines,
        )));
    let overlong = |e: &csv::Error| Overlong::in_csv(e).map(|o| o.describe(name));
    match reader.headers() {
        Ok(h) if h.iter().eq(PART_HEADER) || h.iter().eq(PART_HEADER_TORUS) => {}
        Ok(h) if h.iter().eq(table::CSV_HEADER) => {
            problems.push(format!(
                "{name} holds whole results (queens count --csv), not parts (queens count --part \
                 RES/MOD --csv)"
            ));
            return Vec::new();
        }
        Err(e) if overlong(&e).is_some() => {
            problems.push(overlong(&e).unwrap_or_default());
            return Vec::new();
        }
        _ => {
            problems.push(format!(
                "{name} is not a part file (its header is not the one `queens count --part` \
                 writes)"
            ));
            return Vec::new();
        }
    }
    let mut rows = Vec::new();
    // The line of each part read from this file so far: a copy is refused as it is met, so
    // that a file of a million copies of one row holds one row, not a million.
    let mut first_line: std::collections::HashMap<(usize, SetKey, usize), u64> =
        std::collections::HashMap::new();
    let mut record = csv::StringRecord::new();
    loop {
        match reader.read_record(&mut record) {
            Ok(true) => {}
            Ok(false) => break,
            Err(e) => {
                // A read error ends the file (it would repeat); a line too long says so.
                problems.push(overlong(&e).unwrap_or_else(|| format!("{name}: {e}")));
                if e.is_io_error() {
                    break;
                }
                continue;
            }
        }
        let line = record.position().map_or(0, |p| p.line());
        // Part files concatenated (`cat p*.csv > all.csv`) repeat the header: not a row.
        if record.iter().eq(PART_HEADER) || record.iter().eq(PART_HEADER_TORUS) {
            continue;
        }
        let fields: Vec<&str> = record.iter().collect();
        match PartRow::from_fields(&fields) {
            Ok(row) => {
                let key = (row.n, SetKey::of(&row), row.part.res());
                match first_line.get(&key) {
                    Some(first) => problems.push(format!(
                        "n = {}: part {} appears again in {name} line {line} (first at line \
                         {first})",
                        row.n, row.part
                    )),
                    None => {
                        first_line.insert(key, line);
                        rows.push((line, row));
                    }
                }
            }
            Err(_) if problems.is_full() => problems.push(String::new()),
            Err(e) => {
                // Name what the damaged row claims to be, if that much can be read.
                let claim = match (fields.get(1), fields.get(4), fields.get(5)) {
                    (Some(n), Some(r), Some(m)) => {
                        format!(" (claims n = {}, part {}/{})", short(n), short(r), short(m))
                    }
                    _ => String::new(),
                };
                problems.push(format!("{name} line {line}{claim} is corrupted: {e}"));
            }
        }
    }
    if rows.is_empty() && problems.len() == before {
        problems.push(format!("{name} holds no part"));
    }
    let single = rows.len() == 1;
    rows.into_iter()
        .map(|(line, row)| SourcedPart {
            source: if single {
                name.to_string()
            } else {
                format!("{name} line {line}")
            },
            row,
        })
        .collect()
}

/// At most 24 characters of a field read from a damaged row, for a message.
fn short(text: &str) -> String {
    if text.chars().count() <= 24 {
        text.to_string()
    } else {
        text.chars().take(24).collect::<String>() + "…"
    }
}
