//! The squares of a partial board, from text: chess squares, or a partial board in the tool's
//! other notations with a placeholder for an empty row.
//!
//! | form | example (n = 8) | reads |
//! | --- | --- | --- |
//! | squares | `a8 e7` | chess squares in any order: file `a` is column 0, rank `n` is row 0 (n ≤ 26) |
//! | squares | `r0c0 r1c4` | rows and columns counted from 0, row 0 first (any n; how squares are named where n > 26) |
//! | `cols` | `0 - - 5 - - - -` | one entry per row, row 0 first: a column counted from 0, or `-` for a row with no square |
//! | `digits` | `1--6----` | the same counted from 1, one character per row (n ≤ 9) |
//! | `board` | n lines of `Q`, `x` and `.` | row 0 first: `Q` a given queen, `x` a blocked square, `.` neither (an empty row is all dots) |
//! | `leetcode` | `["Q.......","........",…]` | the `board` rows as LeetCode 51's strings |
//!
//! Squares and numbers may be separated by spaces, tabs, commas and semicolons, and wrapped in
//! brackets; a `#` starts a comment to the end of the line. Which form: quoted strings are
//! `leetcode`; lines of `Q`, `x` and `.` alone are `board`; words that start with a letter are
//! squares; one word of n digits and dashes (2 ≤ n ≤ 9) is `digits`; other numbers and dashes
//! are `cols`.

use super::error::{GivenError, MAX_N, Square};

/// The most characters of the text an error quotes ([`shown`]).
const SHOWN: usize = 40;

/// `text` as an error quotes it: control characters (a NUL read from a file) escaped, not
/// sent raw, and cut to its first [`SHOWN`] characters, with `…` and its length, where
/// longer: a word of megabytes read from a file gives a line of a message, not megabytes.
pub(crate) fn shown(text: &str) -> String {
    let length = text.chars().count();
    if length <= SHOWN {
        return text.escape_debug().to_string();
    }
    let head: String = text.chars().take(SHOWN).collect();
    format!("{}… ({length} characters)", head.escape_debug())
}

/// What a square read from text holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Mark {
    /// `Q` of a board: a given piece.
    Queen,
    /// `x` of a board: a blocked square.
    Blocked,
    /// A square listed (chess squares, `cols`, `digits`): a given or a blocked square, as the
    /// text's option says.
    Listed,
}

/// The squares of `text` on an n×n board, each with its [`Mark`], in the order written (see
/// the module's page for the forms). Empty text has none. Errors name what they could not
/// read or the square off the board.
pub(crate) fn read_marks(n: usize, text: &str) -> Result<Vec<(Square, Mark)>, GivenError> {
    if !(1..=MAX_N).contains(&n) {
        return Err(GivenError::Size(n));
    }
    let text: String = text
        .lines()
        .map(|l| l.split('#').next().unwrap_or(""))
        .collect::<Vec<_>>()
        .join("\n");
    if text.contains('"') {
        let rows: Vec<&str> = text.split('"').skip(1).step_by(2).collect();
        return board_rows(n, &rows, "leetcode");
    }
    let lines: Vec<&str> = text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect();
    let is_row = |l: &str| l.chars().all(|ch| matches!(ch, 'Q' | 'x' | 'X' | '.'));
    if !lines.is_empty() && lines.iter().all(|l| is_row(l)) {
        return board_rows(n, &lines, "board");
    }
    let words: Vec<&str> = text
        .split(|ch: char| ch.is_whitespace() || ",;[]()".contains(ch))
        .filter(|w| !w.is_empty())
        .collect();
    if words.is_empty() {
        return Ok(Vec::new());
    }
    if words
        .iter()
        .any(|w| w.starts_with(|ch: char| ch.is_ascii_alphabetic()))
    {
        return words.iter().map(|w| algebraic(n, w)).collect();
    }
    if let [one] = words[..]
        && (2..=9).contains(&n)
        && one.len() == n
        && one.chars().all(|ch| ch == '-' || ch.is_ascii_digit())
    {
        return one
            .chars()
            .enumerate()
            .filter(|&(_, ch)| ch != '-')
            .map(|(r, ch)| {
                let c = ch.to_digit(10).unwrap_or(0) as usize;
                if c == 0 || c > n {
                    Err(GivenError::OffBoard {
                        square: format!("column {ch} of row {} in '{}'", r + 1, shown(one)),
                        n,
                    })
                } else {
                    Ok(((r, c - 1), Mark::Listed))
                }
            })
            .collect();
    }
    if words.len() != n {
        return Err(GivenError::Unreadable(format!(
            "'{}': {} {}, not a square nor a column (or `-`) for each of the {n} rows",
            shown(text.trim()),
            words.len(),
            if words.len() == 1 { "entry" } else { "entries" }
        )));
    }
    let mut marks = Vec::new();
    for (r, w) in words.iter().enumerate() {
        if *w == "-" {
            continue;
        }
        let c: usize = w.parse().map_err(|_| {
            GivenError::Unreadable(format!(
                "'{}' is not a column (counted from 0) nor `-` for an empty row",
                shown(w)
            ))
        })?;
        if c >= n {
            return Err(GivenError::OffBoard {
                square: format!("column {c} of row {r}"),
                n,
            });
        }
        marks.push(((r, c), Mark::Listed));
    }
    Ok(marks)
}

/// A number written in decimal digits alone, without a sign or a leading zero (`0` itself
/// aside): `a08` and `a+8` are not squares.
fn plain_number(text: &str) -> Option<usize> {
    let digits = !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit());
    (digits && (text == "0" || !text.starts_with('0')))
        .then(|| text.parse().ok())
        .flatten()
}

/// A chess square (`a8`: file letter, rank number), or a row and a column counted from 0
/// (`r3c5`), the form squares are named in where n > 26 (no files beyond `z`).
fn algebraic(n: usize, word: &str) -> Result<(Square, Mark), GivenError> {
    let bad = || {
        let example = if n <= crate::board::notation::MAX_ALGEBRAIC_N {
            format!(
                "a file letter and a rank, such as a{n}, or a row and a column from 0, such as r0c0"
            )
        } else {
            "a row and a column from 0, such as r0c0 (files run from a to z only)".to_string()
        };
        GivenError::Unreadable(format!(
            "'{}' is not a square: write {example}",
            shown(word)
        ))
    };
    if let Some((r, c)) = word.strip_prefix('r').and_then(|rc| rc.split_once('c')) {
        let (r, c) = (
            plain_number(r).ok_or_else(bad)?,
            plain_number(c).ok_or_else(bad)?,
        );
        if r >= n || c >= n {
            return Err(GivenError::OffBoard {
                square: shown(word),
                n,
            });
        }
        return Ok(((r, c), Mark::Listed));
    }
    let mut chars = word.chars();
    let file = chars
        .next()
        .filter(char::is_ascii_lowercase)
        .ok_or_else(bad)?;
    let rank = plain_number(chars.as_str()).ok_or_else(bad)?;
    let c = file as usize - 'a' as usize;
    if c >= n || rank == 0 || rank > n {
        return Err(GivenError::OffBoard {
            square: shown(word),
            n,
        });
    }
    Ok(((n - rank, c), Mark::Listed))
}

/// The squares of a `board` or `leetcode` partial board: n rows of n of `Q`, `x` and `.`.
fn board_rows(n: usize, rows: &[&str], notation: &str) -> Result<Vec<(Square, Mark)>, GivenError> {
    if rows.len() != n {
        return Err(GivenError::Unreadable(format!(
            "a partial board in the {notation} notation with {} {}: the board has {n}",
            rows.len(),
            if rows.len() == 1 { "row" } else { "rows" }
        )));
    }
    let mut marks = Vec::new();
    for (r, row) in rows.iter().enumerate() {
        let row = row.trim();
        if row.chars().count() != n {
            return Err(GivenError::Unreadable(format!(
                "row {r} of the {notation} partial board, '{}', has {} squares, not {n}",
                shown(row),
                row.chars().count()
            )));
        }
        for (c, ch) in row.chars().enumerate() {
            match ch {
                'Q' => marks.push(((r, c), Mark::Queen)),
                'x' | 'X' => marks.push(((r, c), Mark::Blocked)),
                '.' => {}
                other => {
                    return Err(GivenError::Unreadable(format!(
                        "'{}' in row {r} of the {notation} partial board: write Q for a \
                         given queen, x for a blocked square, . for neither",
                        other.escape_debug()
                    )));
                }
            }
        }
    }
    Ok(marks)
}
