//! The board notations people and the tool write, one line (or block) of text per board, and
//! how each maps to rows and columns.
//!
//! | notation | example (n = 8) | reads |
//! | --- | --- | --- |
//! | `cols` | `0 4 7 5 2 6 1 3` | the column of the queen in each row, counted from 0, row 0 first |
//! | `cols1` | `1 5 8 6 3 7 2 4` | the same counted from 1 (rows and columns) |
//! | `digits` | `15863724` | `cols1` without separators (n ≤ 9 only) |
//! | `algebraic` | `a8 b2 c4 d1 e7 f5 g3 h6` | chess squares: file `a` is column 0, rank `n` is row 0 |
//! | `board` | 8 lines of `Q` and `.` | row 0 first, column 0 at the left; a blank line between boards |
//! | `leetcode` | `["Q.......","....Q...",…]` | LeetCode 51: one string per row; one board or a list |
//! | `csv` | `index,solution` … | the tool's own CSV (`list`, `list --classes`, `classify`) |
//!
//! Numbers may be separated by any mix of spaces, tabs, commas and semicolons, and wrapped in
//! brackets (`[0, 4, 7, …]`); a `#` starts a comment to the end of the line.
//!
//! **Algebraic squares.** The pictures (and the `board` text) put row 0 at the top and column
//! 0 at the left, as a chess diagram seen from White puts rank 8 and file a. So the square
//! `f r` (file letter `f`, rank number `r`) is column `f - 'a'` and row `n - r`, and
//! `0 4 7 5 2 6 1 3` (a queen in row 0, column 0: the top-left corner) is `a8 b2 c4 d1 e7 f5
//! g3 h6`: written one queen per file, a to h; read in any order. Files run from `a` to `z`,
//! so algebraic boards have n ≤ 26.
//!
//! **Which notation, automatically.** `detect_line` looks at one line: a CSV header of the
//! tool is `csv`; only `Q` and `.` is `board`; quoted strings are `leetcode`; letters followed
//! by a number (`a1`) are `algebraic`; one number of two or more digits is `digits`; other
//! numbers are `cols` when one of them is 0 or when they are not exactly 1 to n, and `cols1`
//! when they hold no 0 and their largest is their count (so `1 3 0 2` is 0-based, `2 4 1 3`
//! 1-based). A reader in automatic mode takes the notation of the first board of its input
//! for the whole input (see [`crate::board::reader`]).

use super::solution::{InvalidSolution, MAX_N, ParseSolutionError, Solution};
use std::fmt;
use std::str::FromStr;

/// A board notation (see the module documentation for each one).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Notation {
    /// Columns counted from 0, row 0 first: `0 4 7 5 2 6 1 3`.
    Cols,
    /// Columns counted from 1: `1 5 8 6 3 7 2 4`.
    Cols1,
    /// Columns counted from 1 without separators: `15863724` (n ≤ 9).
    Digits,
    /// Chess squares: `a8 b2 c4 d1 e7 f5 g3 h6` (n ≤ 26).
    Algebraic,
    /// n lines of `Q` and `.`, a blank line between boards.
    Board,
    /// LeetCode 51: `[".Q..","...Q","Q...","..Q."]`, one board or a list of boards.
    Leetcode,
    /// The tool's own CSV: the board column of `list`, `list --classes` and `classify` output.
    Csv,
}

/// The largest n the `digits` notation can write: one digit per column, counted from 1.
pub(crate) const MAX_DIGITS_N: usize = 9;
/// The largest n the `algebraic` notation can write: files `a` to `z`.
// The command line's (`queens render`); the library's is `Notation::max_n`.
#[doc(hidden)]
pub const MAX_ALGEBRAIC_N: usize = 26;

/// The CSV headers the tool writes, and the name of the column that holds the board.
pub(crate) const CSV_HEADERS: [(&str, &str); 4] = [
    ("index,solution", "solution"),
    ("index,canonical,symmetry,class_size", "canonical"),
    ("index,solution,transforms", "solution"),
    (
        "line,n,board,canonical,symmetry,class_size,to_canonical,class",
        "board",
    ),
];

impl Notation {
    /// Every notation, in the order of the documentation.
    pub const ALL: [Notation; 7] = [
        Notation::Cols,
        Notation::Cols1,
        Notation::Digits,
        Notation::Algebraic,
        Notation::Board,
        Notation::Leetcode,
        Notation::Csv,
    ];

    /// The name used on the command line (`cols`, `cols1`, …).
    pub fn name(self) -> &'static str {
        match self {
            Notation::Cols => "cols",
            Notation::Cols1 => "cols1",
            Notation::Digits => "digits",
            Notation::Algebraic => "algebraic",
            Notation::Board => "board",
            Notation::Leetcode => "leetcode",
            Notation::Csv => "csv",
        }
    }

    /// The notation called `name`, if any.
    pub fn from_name(name: &str) -> Option<Notation> {
        Notation::ALL.into_iter().find(|n| n.name() == name)
    }

    /// A few words on the notation, for messages: `cols1 (columns counted from 1)`.
    pub fn describe(self) -> &'static str {
        match self {
            Notation::Cols => "cols (columns counted from 0)",
            Notation::Cols1 => "cols1 (columns counted from 1)",
            Notation::Digits => "digits (columns counted from 1, no separators)",
            Notation::Algebraic => "algebraic (chess squares, file a = column 0, rank n = row 0)",
            Notation::Board => "board (lines of Q and .)",
            Notation::Leetcode => "leetcode (LeetCode 51 strings)",
            Notation::Csv => "csv (the tool's own CSV)",
        }
    }

    /// One line of help on reading the notation, for a command line's list of notations:
    /// `Columns counted from 1: \`1 5 8 6 3 7 2 4\``.
    pub fn help(self) -> &'static str {
        match self {
            Notation::Cols => {
                "Columns counted from 0, row 0 first: `0 4 7 5 2 6 1 3` (any separators, brackets)"
            }
            Notation::Cols1 => "Columns counted from 1: `1 5 8 6 3 7 2 4`",
            Notation::Digits => "Columns counted from 1 without separators: `15863724` (n ≤ 9)",
            Notation::Algebraic => {
                "Chess squares, file a = column 0, rank n = row 0: `a8 b2 c4 d1 e7 f5 g3 h6`"
            }
            Notation::Board => "n lines of `Q` and `.`, a blank line between boards",
            Notation::Leetcode => {
                "LeetCode 51: `[\".Q..\",\"...Q\",\"Q...\",\"..Q.\"]`, one board or a list"
            }
            Notation::Csv => "The CSV that `list --format csv` and `classify --format csv` write",
        }
    }

    /// Whether one board of this notation fits on one line of its own (every notation but
    /// `board`, `leetcode` lists and `csv`, which need a header).
    pub fn is_single_line(self) -> bool {
        matches!(
            self,
            Notation::Cols | Notation::Cols1 | Notation::Digits | Notation::Algebraic
        )
    }

    /// The largest board this notation can write, if it has a limit below `MAX_N` (32).
    pub fn max_n(self) -> Option<usize> {
        match self {
            Notation::Digits => Some(MAX_DIGITS_N),
            Notation::Algebraic => Some(MAX_ALGEBRAIC_N),
            _ => None,
        }
    }

    /// A usage message when this notation cannot write boards of size `n`.
    pub fn check_n(self, n: usize) -> Result<(), String> {
        match self.max_n() {
            Some(max) if n > max => Err(match self {
                Notation::Digits => format!(
                    "the digits notation is for n ≤ {max} (one digit per column: with n = {n}, \
                     \"10\" could be 1 then 0 or column 10); use cols or cols1"
                ),
                _ => format!(
                    "the algebraic notation is for n ≤ {max} (files a to z); n = {n}: use cols \
                     or cols1"
                ),
            }),
            _ => Ok(()),
        }
    }
}

impl fmt::Display for Notation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Why a line does not read as a board in a given notation, before any check of the board.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub(crate) enum NotationError {
    /// The text is not the notation.
    #[error("malformed: {0}")]
    Malformed(String),
    /// The text reads, but holds something that no board of its size can (a file beyond the
    /// board, two queens in one row).
    #[error("{0}")]
    Impossible(String),
}

/// Whether `c` separates numbers: whitespace, commas, semicolons and brackets.
fn is_separator(c: char) -> bool {
    c.is_whitespace() || matches!(c, ',' | ';' | '[' | ']' | '(' | ')' | '{' | '}')
}

/// The tokens of a line: the runs of characters between separators.
// The readers' own, public for tests/it/cols_parser.rs: not part of the library's API.
#[doc(hidden)]
pub fn tokens(text: &str) -> impl Iterator<Item = &str> {
    text.split(is_separator).filter(|t| !t.is_empty())
}

/// The line without its comment (from the first `#`), its byte-order mark and surrounding
/// whitespace.
// The readers' own, public for tests/it/cols_parser.rs: not part of the library's API.
#[doc(hidden)]
pub fn content(line: &str) -> &str {
    let line = line.strip_prefix('\u{FEFF}').unwrap_or(line);
    let line = line.split('#').next().unwrap_or("");
    line.trim()
}

/// Whether `text` is a row of a `board`: only `Q` and `.`.
pub(crate) fn is_board_row(text: &str) -> bool {
    !text.is_empty() && text.bytes().all(|b| b == b'Q' || b == b'.')
}

/// Whether `token` is a chess square: ASCII letters, then digits.
fn is_square(token: &str) -> bool {
    let letters = token.bytes().take_while(u8::is_ascii_lowercase).count();
    letters > 0 && letters < token.len() && token.bytes().skip(letters).all(|b| b.is_ascii_digit())
}

/// The board column of the tool's CSV header `text` (led or not by a list's rules'
/// `piece,board,group`, or `classify`'s `piece,surface,group`), if it is one.
pub(crate) fn csv_header_column(text: &str) -> Option<usize> {
    let text = text.replace(' ', "");
    // The lists of rules other than the queens' lead with their rules' columns.
    let lead = ["piece,board,group,", "piece,surface,group,"]
        .iter()
        .find_map(|lead| text.strip_prefix(lead));
    let (text, lead) = match lead {
        Some(rest) => (rest.to_string(), 3),
        None => (text.clone(), 0),
    };
    CSV_HEADERS.iter().find_map(|(header, column)| {
        // Older classify output has no `class` column: accept a header that is a prefix of
        // a known one, as long as it reaches the board column.
        let known: Vec<&str> = header.split(',').collect();
        let found: Vec<&str> = text.split(',').collect();
        let at = known.iter().position(|k| k == column)?;
        (found.len() > at && found.len() <= known.len() && known[..found.len()] == found[..])
            .then_some(lead + at)
    })
}

/// The notation one line of content (see [`content`]) looks like (module documentation:
/// the rule).
pub(crate) fn detect_line(text: &str) -> Notation {
    if csv_header_column(text).is_some() {
        return Notation::Csv;
    }
    if is_board_row(text) {
        return Notation::Board;
    }
    if text.contains('"') {
        return Notation::Leetcode;
    }
    let toks: Vec<&str> = tokens(text).collect();
    if !toks.is_empty() && toks.iter().all(|t| is_square(t)) {
        return Notation::Algebraic;
    }
    if let [one] = toks[..]
        && one.len() >= 2
        && one.bytes().all(|b| b.is_ascii_digit())
    {
        return Notation::Digits;
    }
    if !toks.is_empty() && toks.iter().all(|t| t.bytes().all(|b| b.is_ascii_digit())) {
        // Saturating: a number too large for u64 is simply "large".
        let values: Vec<u64> = toks.iter().map(|t| t.parse().unwrap_or(u64::MAX)).collect();
        let has_zero = values.contains(&0);
        let max = values.iter().copied().max().unwrap_or(0);
        if !has_zero && max == values.len() as u64 {
            return Notation::Cols1;
        }
    }
    Notation::Cols
}

/// Reads numbers separated as the module documentation says, counted from `base` (0 or 1),
/// as 0-based columns. Columns too large for a `u32` saturate (they are out of range anyway).
fn parse_numbers(text: &str, base: u32) -> Result<Vec<u32>, NotationError> {
    let mut cols = Vec::new();
    for (i, field) in tokens(text).enumerate() {
        if !field.bytes().all(|b| b.is_ascii_digit()) {
            return Err(NotationError::Malformed(format!(
                "field {} ({field:?}) is not a column number",
                i + 1
            )));
        }
        if cols.len() >= MAX_N {
            return Err(NotationError::Impossible(format!(
                "wrong length: a board has 1 to {MAX_N} rows, this one has {}",
                tokens(text).count()
            )));
        }
        let value: u32 = field.parse().unwrap_or(u32::MAX);
        if value < base {
            return Err(NotationError::Impossible(format!(
                "column 0 in row {}: 1-based columns run from 1 to n (0-based? use --from cols)",
                i + 1
            )));
        }
        cols.push(value - base);
    }
    if cols.is_empty() {
        return Err(NotationError::Malformed("no columns".into()));
    }
    Ok(cols)
}

/// Reads a digit string counted from 1 (`15863724`).
fn parse_digits(text: &str) -> Result<Vec<u32>, NotationError> {
    let text: String = text.split(is_separator).collect();
    if text.is_empty() {
        return Err(NotationError::Malformed("no digits".into()));
    }
    if let Some(bad) = text.chars().find(|c| !c.is_ascii_digit()) {
        return Err(NotationError::Malformed(format!(
            "{bad:?} is not a digit (digits notation: one digit per column, counted from 1)"
        )));
    }
    if text.len() > MAX_DIGITS_N {
        return Err(NotationError::Impossible(format!(
            "{} digits: the digits notation is for n ≤ {MAX_DIGITS_N} (one digit per column); \
             separate the columns with spaces (cols1)",
            text.len()
        )));
    }
    text.bytes()
        .enumerate()
        .map(|(row, b)| {
            let digit = u32::from(b - b'0');
            if digit == 0 {
                Err(NotationError::Impossible(format!(
                    "digit 0 in row {}: digit strings count columns from 1 (0-based? separate \
                     the columns with spaces: --from cols)",
                    row + 1
                )))
            } else {
                Ok(digit - 1)
            }
        })
        .collect()
}

/// Reads chess squares (module documentation: the mapping) into the column of each row.
fn parse_algebraic(text: &str) -> Result<Vec<u32>, NotationError> {
    let squares: Vec<&str> = tokens(text).collect();
    let n = squares.len();
    if n == 0 {
        return Err(NotationError::Malformed("no squares".into()));
    }
    if let Some(bad) = squares.iter().find(|s| !is_square(s)) {
        return Err(NotationError::Malformed(format!(
            "{bad:?} is not a chess square (a file letter and a rank number, like e4)"
        )));
    }
    if n > MAX_ALGEBRAIC_N {
        return Err(NotationError::Impossible(format!(
            "{n} squares: algebraic boards have n ≤ {MAX_ALGEBRAIC_N} (files a to z)"
        )));
    }
    let mut cols = vec![u32::MAX; n];
    let mut square_of_row: Vec<&str> = vec![""; n];
    for square in squares {
        let letters = square.bytes().take_while(u8::is_ascii_lowercase).count();
        let (file, rank) = square.split_at(letters);
        let rank: usize = rank.parse().unwrap_or(usize::MAX);
        let last_file = (b'a' + n as u8 - 1) as char;
        if letters != 1 || (file.as_bytes()[0] - b'a') as usize >= n || rank == 0 || rank > n {
            return Err(NotationError::Impossible(format!(
                "{square} is off the board: n = {n}, so files a to {last_file} and ranks 1 \
                 to {n}"
            )));
        }
        let row = n - rank;
        if cols[row] != u32::MAX {
            let first = square_of_row[row];
            return Err(NotationError::Impossible(match first == square {
                true => format!("{square} appears twice"),
                false => {
                    format!("{first} and {square} are both on rank {rank} and attack each other")
                }
            }));
        }
        cols[row] = u32::from(file.as_bytes()[0] - b'a');
        square_of_row[row] = square;
    }
    Ok(cols)
}

/// The chess square of row `row`, column `col` on a board of size `n` (`a8` for the top-left
/// corner of n = 8).
pub(crate) fn square_name(n: usize, row: usize, col: usize) -> String {
    format!("{}{}", (b'a' + col as u8) as char, n - row)
}

/// Reads the rows of one `board` (or one LeetCode board): the column of the `Q` in each row.
/// `rows` are the row texts; every row must be as long as there are rows.
pub(crate) fn parse_board_rows<S: AsRef<str>>(rows: &[S]) -> Result<Vec<u32>, NotationError> {
    let n = rows.len();
    if n == 0 {
        return Err(NotationError::Malformed("no rows".into()));
    }
    if n > MAX_N {
        return Err(NotationError::Impossible(format!(
            "wrong length: a board has 1 to {MAX_N} rows, this one has {n}"
        )));
    }
    let mut cols = Vec::with_capacity(n);
    for (r, row) in rows.iter().enumerate() {
        let row = row.as_ref();
        if !is_board_row(row) {
            return Err(NotationError::Malformed(format!(
                "row {r} ({row:?}) is not made of Q and ."
            )));
        }
        if row.len() != n {
            return Err(NotationError::Impossible(format!(
                "row {r} has {} but the board has {} (a board is square)",
                super::solution::plural(row.len() as u64, "square"),
                super::solution::plural(n as u64, "row")
            )));
        }
        let queens = row.bytes().filter(|&b| b == b'Q').count();
        match queens {
            0 => {
                return Err(NotationError::Impossible(format!(
                    "row {r} has no queen (n queens on an n×n board: one in every row)"
                )));
            }
            1 => cols.push(row.find('Q').expect("one Q") as u32),
            k => {
                return Err(NotationError::Impossible(format!(
                    "row {r} has {k} queens, which attack each other along the row"
                )));
            }
        }
    }
    Ok(cols)
}

/// The quoted strings of a LeetCode line and what lies between them (which must be brackets,
/// commas and whitespace).
pub(crate) fn leetcode_strings(text: &str) -> Result<Vec<&str>, NotationError> {
    let mut strings = Vec::new();
    let mut rest = text;
    while let Some(open) = rest.find('"') {
        if let Some(bad) = rest[..open].chars().find(|&c| !is_separator(c)) {
            return Err(NotationError::Malformed(format!(
                "{bad:?} between the quoted rows (leetcode: [\".Q..\",\"...Q\",…])"
            )));
        }
        let after = &rest[open + 1..];
        let Some(close) = after.find('"') else {
            return Err(NotationError::Malformed("unclosed quote".into()));
        };
        strings.push(&after[..close]);
        rest = &after[close + 1..];
    }
    if let Some(bad) = rest.chars().find(|&c| !is_separator(c)) {
        return Err(NotationError::Malformed(format!(
            "{bad:?} between the quoted rows (leetcode: [\".Q..\",\"...Q\",…])"
        )));
    }
    Ok(strings)
}

/// Reads one line of content in a single-line notation (`cols`, `cols1`, `digits`,
/// `algebraic`; a one-line `board` or `leetcode` board too) as 0-based columns, unchecked:
/// columns may be out of range and queens may attack each other ([`in_range`] and [`crate::board::validate`] say).
pub(crate) fn parse_line(notation: Notation, text: &str) -> Result<Vec<u32>, NotationError> {
    match notation {
        Notation::Cols | Notation::Csv => parse_numbers(text, 0),
        Notation::Cols1 => parse_numbers(text, 1),
        Notation::Digits => parse_digits(text),
        Notation::Algebraic => parse_algebraic(text),
        Notation::Board => parse_board_rows(&[text]),
        Notation::Leetcode => parse_board_rows(&leetcode_strings(text)?),
    }
}

/// Checks that 0-based `cols` are inside the board and returns them as bytes, phrasing the
/// error in `notation`'s terms.
pub(crate) fn in_range(cols: &[u32], notation: Notation) -> Result<Vec<u8>, String> {
    let n = cols.len();
    if !(1..=MAX_N).contains(&n) {
        return Err(InvalidSolution::BadSize(n).to_string());
    }
    match cols.iter().enumerate().find(|&(_, &c)| c as usize >= n) {
        None => Ok(cols.iter().map(|&c| c as u8).collect()),
        Some((row, &col)) => Err(match notation {
            Notation::Cols1 | Notation::Digits => format!(
                "column {} in row {} is outside 1 to {n}: the board has {} (wrong length?)",
                col.saturating_add(1),
                row + 1,
                super::solution::plural(n as u64, "row")
            ),
            _ => InvalidSolution::ColumnOutOfRange {
                row,
                col: col as usize,
                n,
            }
            .to_string(),
        }),
    }
}

/// An [`InvalidSolution`] phrased in `notation`'s terms: rows and columns counted from 1 for
/// `cols1` and `digits`, chess squares for `algebraic`, counted from 0 otherwise.
pub(crate) fn explain(error: &InvalidSolution, notation: Notation, n: usize) -> String {
    let one_based = matches!(notation, Notation::Cols1 | Notation::Digits);
    if !one_based && notation != Notation::Algebraic {
        return error.to_string();
    }
    // The two queens, and how they attack.
    let (first, first_col, second, second_col, how) = match *error {
        InvalidSolution::RepeatedColumn { first, second, col } => {
            (first, col, second, col, String::new())
        }
        InvalidSolution::DiagonalAttack {
            first,
            second,
            first_col,
            second_col,
        } => (
            first,
            first_col,
            second,
            second_col,
            " along a diagonal".into(),
        ),
        InvalidSolution::Attack {
            first,
            second,
            first_col,
            second_col,
            rules,
        } => (
            first,
            first_col,
            second,
            second_col,
            format!(" under the rules {rules}"),
        ),
        _ => return error.to_string(),
    };
    let repeated = first_col == second_col;
    match (one_based, repeated) {
        (true, true) => format!(
            "repeated column: the queens in rows {} and {} both use column {} (counted from 1) and attack each other",
            first + 1,
            second + 1,
            first_col + 1
        ),
        (true, false) => format!(
            "the queens at row {} column {} and row {} column {} (counted from 1) attack each other{how}",
            first + 1,
            first_col + 1,
            second + 1,
            second_col + 1
        ),
        (false, true) => format!(
            "{} and {} are both on file {} and attack each other",
            square_name(n, first, first_col),
            square_name(n, second, second_col),
            (b'a' + first_col as u8) as char
        ),
        (false, false) => format!(
            "{} and {} attack each other{how}",
            square_name(n, first, first_col),
            square_name(n, second, second_col)
        ),
    }
}

/// Writes `cols` (a board of size `cols.len()`) in a single-line notation, or in `board`
/// (n lines, each ending in `\n`) or `leetcode` (one line) to `out`; `csv` writes `cols`.
/// The caller checks [`Notation::check_n`] first: `digits` beyond n = 9 and `algebraic`
/// beyond n = 26 write nonsense, never panic.
pub(crate) fn write(out: &mut Vec<u8>, notation: Notation, cols: &[u8]) {
    let n = cols.len();
    match notation {
        Notation::Cols | Notation::Csv => super::solution::push_cols_bytes(out, cols),
        Notation::Cols1 => {
            for (i, &c) in cols.iter().enumerate() {
                if i > 0 {
                    out.push(b' ');
                }
                push_number(out, usize::from(c) + 1);
            }
        }
        Notation::Digits => {
            // One digit per column, counted from 1 (a wrong digit past 9, never a panic).
            out.extend(cols.iter().map(|&c| b'1'.wrapping_add(c)));
        }
        Notation::Algebraic => {
            // One queen per file, a to the last file: invert the permutation.
            let mut row_of_col = vec![0usize; n];
            for (r, &c) in cols.iter().enumerate() {
                if let Some(slot) = row_of_col.get_mut(usize::from(c)) {
                    *slot = r;
                }
            }
            for (c, &r) in row_of_col.iter().enumerate() {
                if c > 0 {
                    out.push(b' ');
                }
                out.push(b'a'.wrapping_add(c as u8));
                push_number(out, n - r);
            }
        }
        Notation::Board => {
            for &c in cols {
                out.extend((0..n).map(|col| if col == usize::from(c) { b'Q' } else { b'.' }));
                out.push(b'\n');
            }
        }
        Notation::Leetcode => {
            out.push(b'[');
            for (r, &c) in cols.iter().enumerate() {
                if r > 0 {
                    out.push(b',');
                }
                out.push(b'"');
                out.extend((0..n).map(|col| if col == usize::from(c) { b'Q' } else { b'.' }));
                out.push(b'"');
            }
            out.push(b']');
        }
    }
}

/// `write` into a new `String`.
pub fn to_string(notation: Notation, cols: &[u8]) -> String {
    let mut out = Vec::new();
    write(&mut out, notation, cols);
    String::from_utf8(out).expect("every notation is ASCII")
}

/// Appends the decimal digits of `v`.
fn push_number(out: &mut Vec<u8>, v: usize) {
    out.extend_from_slice(v.to_string().as_bytes());
}

impl Solution {
    /// Reads one board written in `notation`, in one call: a line of `cols`, `cols1`,
    /// `digits` or `algebraic`; a LeetCode board (`[".Q..","...Q",…]`); or the `n` lines of a
    /// `board` picture (rows of `Q` and `.`, one per line). Surrounding whitespace, brackets
    /// and a trailing comment (`# …`) are ignored, as in files. An invalid board is an error
    /// phrased in the notation's own terms (rows and columns counted from 1 for `cols1` and
    /// `digits`, squares for `algebraic`).
    ///
    /// ```
    /// use queens::Solution;
    /// use queens::board::notation::Notation;
    ///
    /// let eight = Solution::parse_in("15863724", Notation::Digits)?;
    /// assert_eq!(eight.to_string(), "0 4 7 5 2 6 1 3");
    /// assert_eq!(Solution::parse_in("a1 b5 c8 d6 e3 f7 g2 h4", Notation::Algebraic)?.n(), 8);
    /// let four = Solution::parse_in(r#"[".Q..","...Q","Q...","..Q."]"#, Notation::Leetcode)?;
    /// assert_eq!(four, Solution::parse_in(".Q..\n...Q\nQ...\n..Q.", Notation::Board)?);
    /// assert!(Solution::parse_in("1 1", Notation::Cols1).is_err()); // two queens in column 1
    /// # Ok::<(), queens::board::ParseSolutionError>(())
    /// ```
    pub fn parse_in(text: &str, notation: Notation) -> Result<Self, ParseSolutionError> {
        let from_notation = |e| match e {
            NotationError::Malformed(m) => ParseSolutionError::Malformed(m),
            NotationError::Impossible(m) => ParseSolutionError::Other(m),
        };
        let cols = if notation == Notation::Board {
            let rows: Vec<&str> = text
                .lines()
                .map(content)
                .filter(|row| !row.is_empty())
                .collect();
            if rows.is_empty() {
                return Err(ParseSolutionError::Malformed("no rows".into()));
            }
            parse_board_rows(&rows).map_err(from_notation)?
        } else {
            let line = content(text.trim());
            if line.is_empty() {
                return Err(ParseSolutionError::Malformed("empty line".into()));
            }
            parse_line(notation, line).map_err(from_notation)?
        };
        let cols = in_range(&cols, notation).map_err(ParseSolutionError::Other)?;
        let n = cols.len();
        Solution::new(cols).map_err(|e| ParseSolutionError::Other(explain(&e, notation, n)))
    }
}

impl FromStr for Solution {
    type Err = ParseSolutionError;

    /// Parses one line of `cols` notation: columns counted from 0, separated by any mix of
    /// whitespace, commas and semicolons, optionally in brackets (`[0, 4, 7, …]`).
    fn from_str(line: &str) -> Result<Self, Self::Err> {
        let line = content(line);
        if line.is_empty() {
            return Err(ParseSolutionError::Malformed("empty line".into()));
        }
        let cols = parse_line(Notation::Cols, line).map_err(|e| match e {
            NotationError::Malformed(m) => ParseSolutionError::Malformed(m),
            NotationError::Impossible(m) => ParseSolutionError::Other(m),
        })?;
        let cols = in_range(&cols, Notation::Cols).map_err(ParseSolutionError::Other)?;
        Ok(Solution::new(cols)?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const EIGHT: [u8; 8] = [0, 4, 7, 5, 2, 6, 1, 3];

    #[test]
    fn writes_every_notation() {
        assert_eq!(to_string(Notation::Cols, &EIGHT), "0 4 7 5 2 6 1 3");
        assert_eq!(to_string(Notation::Cols1, &EIGHT), "1 5 8 6 3 7 2 4");
        assert_eq!(to_string(Notation::Digits, &EIGHT), "15863724");
        assert_eq!(
            to_string(Notation::Algebraic, &EIGHT),
            "a8 b2 c4 d1 e7 f5 g3 h6"
        );
        assert_eq!(
            to_string(Notation::Leetcode, &[1, 3, 0, 2]),
            r#"[".Q..","...Q","Q...","..Q."]"#
        );
        assert_eq!(
            to_string(Notation::Board, &[1, 3, 0, 2]),
            ".Q..\n...Q\nQ...\n..Q.\n"
        );
    }

    #[test]
    fn detects_notations_by_the_documented_rule() {
        let d = |t: &str| detect_line(content(t));
        assert_eq!(d("0 4 7 5 2 6 1 3"), Notation::Cols);
        assert_eq!(d("1 3 0 2"), Notation::Cols);
        assert_eq!(d("2 4 1 3"), Notation::Cols1);
        assert_eq!(d("[1, 5, 8, 6, 3, 7, 2, 4]"), Notation::Cols1);
        assert_eq!(d("15863724"), Notation::Digits);
        assert_eq!(d("0"), Notation::Cols);
        assert_eq!(d("a1 b5 c8 d6 e3 f7 g2 h4"), Notation::Algebraic);
        assert_eq!(d(".Q.."), Notation::Board);
        assert_eq!(d(r#"[".Q..","...Q"]"#), Notation::Leetcode);
        assert_eq!(d("index,solution"), Notation::Csv);
        assert_eq!(
            d("line,n,board,canonical,symmetry,class_size,to_canonical"),
            Notation::Csv
        );
        assert_eq!(d("\u{FEFF}0 4 7 5 2 6 1 3 # a comment"), Notation::Cols);
    }

    #[test]
    fn algebraic_maps_files_to_columns_and_rank_n_to_row_0() {
        assert_eq!(
            parse_line(Notation::Algebraic, "a8 b2 c4 d1 e7 f5 g3 h6").unwrap(),
            EIGHT.map(u32::from)
        );
        // Any order of the squares.
        assert_eq!(
            parse_line(Notation::Algebraic, "h6 a8 b2 c4 d1 e7 f5 g3").unwrap(),
            EIGHT.map(u32::from)
        );
        let twice = parse_line(Notation::Algebraic, "a2 a2").unwrap_err();
        assert!(twice.to_string().ends_with("a2 appears twice"), "{twice}");
        let rank = parse_line(Notation::Algebraic, "a2 b2").unwrap_err();
        assert!(
            rank.to_string()
                .ends_with("a2 and b2 are both on rank 2 and attack each other"),
            "{rank}"
        );
        assert!(
            parse_line(Notation::Algebraic, "a8 b8")
                .unwrap_err()
                .to_string()
                .contains("rank 8")
                || parse_line(Notation::Algebraic, "a2 b2")
                    .unwrap_err()
                    .to_string()
                    .contains("rank 2")
        );
        assert!(
            parse_line(Notation::Algebraic, "a1 c2")
                .unwrap_err()
                .to_string()
                .contains("off the board")
        );
    }

    #[test]
    fn explains_errors_in_the_notation() {
        let e = InvalidSolution::DiagonalAttack {
            first: 0,
            second: 1,
            first_col: 0,
            second_col: 1,
        };
        assert!(explain(&e, Notation::Cols1, 8).contains("row 1 column 1 and row 2 column 2"));
        assert!(explain(&e, Notation::Algebraic, 8).contains("a8 and b7"));
        assert!(parse_line(Notation::Digits, "1234567891").is_err());
        assert!(
            parse_line(Notation::Digits, "04752613")
                .unwrap_err()
                .to_string()
                .contains("digit 0")
        );
    }
}
