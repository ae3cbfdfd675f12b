//! `queens classify`: the symmetry follow-up for every board of a file.

use super::CommandError;
use crate::cli::{ClassifyArgs, ClassifyFormat};
use queens::board;
use queens::classify::{Classification, classify};
use std::io::{self, Read, Write};

/// The CSV header of `--format csv`.
pub const CSV_HEADER: [&str; 7] = [
    "line",
    "n",
    "board",
    "canonical",
    "symmetry",
    "class_size",
    "to_canonical",
];

/// Reads FILE, or stdin for none or `-`. Bytes that are not UTF-8 become U+FFFD, so that the
/// line holding them is reported as malformed with its number rather than failing the read.
fn read_text(file: Option<&str>) -> Result<String, CommandError> {
    let mut bytes = Vec::new();
    match file {
        None | Some("-") => io::stdin()
            .read_to_end(&mut bytes)
            .map_err(|e| CommandError::Usage(format!("cannot read stdin: {e}")))?,
        Some(path) => {
            bytes = std::fs::read(path)
                .map_err(|e| CommandError::Usage(format!("cannot read '{path}': {e}")))?;
            bytes.len()
        }
    };
    Ok(String::from_utf8_lossy(&bytes).into_owned())
}

/// Classifies every line of `text`: the good boards with their line numbers, and the bad
/// lines as one-line messages (`line 4: …`). With `size`, boards of another size are bad.
pub fn classify_text(
    text: &str,
    size: Option<usize>,
) -> (Vec<(usize, Classification)>, Vec<String>) {
    let raw_lines: Vec<&str> = text.lines().collect();
    let mut good = Vec::new();
    let mut bad = Vec::new();
    for (line, result) in board::parse_cols_lines(text) {
        // With --size, a line of the wrong number of fields is reported as such, whatever
        // else is wrong with it: that is the likelier mistake.
        let found = raw_lines[line - 1].split_whitespace().count();
        match (result, size) {
            (_, Some(n)) if found != n => bad.push(format!(
                "line {line}: wrong length: {found} columns, expected {n} (--size {n})"
            )),
            (Ok(s), _) => good.push((line, classify(&s))),
            (Err(e), _) => bad.push(e.to_string()),
        }
    }
    (good, bad)
}

/// Writes the classifications as CSV with [`CSV_HEADER`].
fn write_csv(good: &[(usize, Classification)], out: &mut dyn Write) -> io::Result<()> {
    let records = good.iter().map(|(line, c)| {
        [
            line.to_string(),
            c.board.n().to_string(),
            c.board.to_string(),
            c.canonical.to_string(),
            c.symmetry.name().to_string(),
            c.class_size.to_string(),
            c.transform_names(),
        ]
    });
    queens::formats::write_csv(&CSV_HEADER, records, out)
}

/// Writes the classifications as an aligned table.
fn write_human(good: &[(usize, Classification)], out: &mut dyn Write) -> io::Result<()> {
    let headings = [
        "line",
        "board",
        "canonical",
        "symmetry",
        "class_size",
        "to_canonical",
    ];
    if good.is_empty() {
        return Ok(());
    }
    let rows: Vec<[String; 6]> = good
        .iter()
        .map(|(line, c)| {
            [
                line.to_string(),
                c.board.to_string(),
                c.canonical.to_string(),
                c.symmetry.name().to_string(),
                c.class_size.to_string(),
                c.transform_names(),
            ]
        })
        .collect();
    // The line number and the class size are numbers, right-aligned.
    let text = queens::formats::table::aligned(&headings, &rows, |i| i != 0 && i != 4);
    out.write_all(text.as_bytes())
}

/// Runs `queens classify`.
pub fn run(args: &ClassifyArgs) -> Result<(), CommandError> {
    let dest = super::output_destination(args.output.as_deref())?;
    let text = read_text(args.file.as_deref())?;
    let (good, bad) = classify_text(&text, args.size);
    for message in &bad {
        eprintln!("queens: {message}");
    }
    dest.write_with(|w| match args.format {
        ClassifyFormat::Csv => write_csv(&good, w),
        ClassifyFormat::Human => write_human(&good, w),
    })?;
    if bad.is_empty() {
        Ok(())
    } else {
        Err(CommandError::Failed(format!(
            "{} of {} lines are not valid solutions (reported above)",
            bad.len(),
            bad.len() + good.len()
        )))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classifies_good_lines_and_names_bad_ones() {
        let text = "# n = 8\n0 4 7 5 2 6 1 3\n\n0 0\n1 3 0 2\n0 1 2\n2 0 3 1\n";
        let (good, bad) = classify_text(text, None);
        assert_eq!(good.iter().map(|g| g.0).collect::<Vec<_>>(), vec![2, 5, 7]);
        assert_eq!(bad.len(), 2);
        assert!(bad[0].starts_with("line 4: repeated column"), "{}", bad[0]);
        assert!(bad[1].starts_with("line 6: the queens at row 0 column 0 and row 1 column 1"));
        let (good, bad) = classify_text(text, Some(4));
        assert_eq!(good.len(), 2);
        assert_eq!(bad.len(), 3);
        assert_eq!(
            bad[0],
            "line 2: wrong length: 8 columns, expected 4 (--size 4)"
        );
    }
}
