//! The classes of one size as `queens list N --classes` writes them, streamed in constant
//! memory: one per line in a single-line notation with a `#` comment, a JSON list, a Markdown
//! table, or CSV ([`write_classes`]).

use super::Format;
use crate::board::notation::{self, Notation};
use crate::classify;
use crate::formats::named;
use crate::formats::solutions::{self, ListOptions};
use crate::rules::Group;
use std::io::{self, Write};

/// Writes the classes of `n` under `options.rules` (`options.classes` is taken as set): in
/// `format`, or without one (`None`) one per line in `options.notation` (a single-line one), each canonical board followed by a `#` comment with its
/// class number, symmetry type and class size (`0 4 7 5 2 6 1 3  # class 1: asymmetric, 8
/// boards`), which every reader of boards skips; JSON and Markdown write the boards in cols,
/// CSV as [`solutions::write_solutions`] does. At most `options.limit`; calls `progress` every
/// [`solutions::PROGRESS_EVERY`] classes. Returns the number written; a format class lists
/// have no form in (a b-file) is an `InvalidInput` error.
pub fn write_classes(
    out: &mut dyn Write,
    n: usize,
    format: Option<Format>,
    options: &ListOptions,
    mut progress: impl FnMut(u64),
) -> io::Result<u64> {
    match format {
        None | Some(Format::Markdown) => {}
        #[cfg(feature = "serde")]
        Some(Format::Json) => {}
        Some(Format::Csv) => {
            let options = ListOptions {
                notation: Notation::Csv,
                classes: true,
                ..*options
            };
            return solutions::write_solutions(out, n, &options, progress);
        }
        Some(f) => {
            return Err(io::Error::new(
                io::ErrorKind::InvalidInput,
                format!("a list of classes has no {} form", f.name()),
            ));
        }
    }
    let json = format.is_some_and(|f| f.name() == "json");
    let (notation, limit) = (options.notation, options.limit.unwrap_or(u64::MAX));
    let mut written = 0u64;
    let mut error = None;
    let mut line = Vec::with_capacity(256);
    let rules = &options.rules;
    // What names the rules where they are not the queens': the JSON objects' first keys, a
    // caption above the Markdown table, the group after the class size of a plain line.
    let (json_lead, under) = match rules.is_queens() {
        true => (String::new(), String::new()),
        false => (
            {
                let [piece, board, group] = named::rules_values(rules);
                format!("\"piece\":\"{piece}\",\"board\":\"{board}\",\"group\":\"{group}\",")
            },
            match rules.group {
                Group::Torus => " under the torus group".to_string(),
                Group::Square => String::new(),
            },
        ),
    };
    if json {
        out.write_all(b"[")?;
    } else if format.is_some() {
        out.write_all(named::markdown_caption(rules, rules.group).as_bytes())?;
        out.write_all(
            b"| class | canonical | symmetry | class_size |\n| --: | :-- | :-- | --: |\n",
        )?;
    }
    if limit > 0 {
        classify::for_each_class(&options.rules, n, |index, cols| {
            let info = classify::class_info_under(&options.rules, index, cols);
            let (symmetry, size) = (info.symmetry.name(), info.class_size);
            line.clear();
            if format.is_none() {
                notation::write(&mut line, notation, cols);
                let boards = crate::board::plural(size as u64, "board");
                line.extend_from_slice(
                    format!("  # class {index}: {symmetry}, {boards}{under}\n").as_bytes(),
                );
            } else if json {
                let board = notation::to_string(Notation::Cols, cols);
                let sep = if written == 0 { "" } else { "," };
                line.extend_from_slice(
                    format!(
                        "{sep}\n  {{{json_lead}\"class\":{index},\"canonical\":\"{board}\",\
                         \"symmetry\":\"{symmetry}\",\"class_size\":{size}}}"
                    )
                    .as_bytes(),
                );
            } else {
                let board = notation::to_string(Notation::Cols, cols);
                line.extend_from_slice(
                    format!("| {index} | {board} | {symmetry} | {size} |\n").as_bytes(),
                );
            }
            let result = out.write_all(&line).map(|()| {
                written += 1;
                written
            });
            solutions::go_on(result, limit, &mut error, &mut progress)
        });
    }
    if let Some(e) = error {
        return Err(e);
    }
    if json {
        out.write_all(b"\n]\n")?;
    }
    out.flush().map(|()| written)
}
