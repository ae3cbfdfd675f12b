//! Solutions of the n-queens problem and their text notations.
//!
//! A solution is a permutation: `cols[r]` is the column (0-based) of the queen in row `r`,
//! row 0 first. It is written and read in several notations ([`notation`]: `cols`
//! `0 4 7 5 2 6 1 3`, `cols1` `1 5 8 6 3 7 2 4`, `digits`, chess `algebraic`, `board`,
//! `leetcode`, the tool's `csv`); [`reader`] reads a stream of them in constant memory.

pub mod notation;
pub mod reader;

use crate::rules::Rules;
use std::fmt;
use std::str::FromStr;

/// The smallest board size the tool accepts.
pub const MIN_N: usize = 1;
/// The largest board size the tool accepts (bit masks are 32 bits wide at most).
pub const MAX_N: usize = 32;

/// A valid n-queens solution: the column of the queen in each row, row 0 first.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(transparent))]
pub struct Solution {
    cols: Vec<u8>,
}

/// Why a list of columns is not a valid solution.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum InvalidSolution {
    /// The list is empty or longer than [`MAX_N`].
    #[error("wrong length: a board has 1 to {MAX_N} rows, this one has {0}")]
    BadSize(usize),
    /// A column lies outside `0..n`.
    #[error(
        "column {col} in row {row} is outside the board: it has {rows}, so columns 0 to {last} (wrong length, or columns counted from 1?)",
        last = .n - 1,
        rows = plural(*.n as u64, "row")
    )]
    ColumnOutOfRange {
        /// Row of the bad entry.
        row: usize,
        /// The column found there.
        col: usize,
        /// The board size.
        n: usize,
    },
    /// Two queens share a column.
    #[error(
        "repeated column: the queens in rows {first} and {second} both use column {col} and attack each other"
    )]
    RepeatedColumn {
        /// The earlier row.
        first: usize,
        /// The later row.
        second: usize,
        /// The shared column.
        col: usize,
    },
    /// Two queens share a diagonal.
    #[error(
        "the queens at row {first} column {first_col} and row {second} column {second_col} attack each other along a diagonal"
    )]
    DiagonalAttack {
        /// The earlier row.
        first: usize,
        /// The later row.
        second: usize,
        /// The column of the queen in the earlier row.
        first_col: usize,
        /// The column of the queen in the later row.
        second_col: usize,
    },
}

impl Solution {
    /// Checks `cols` and wraps it as a solution.
    pub fn new(cols: Vec<u8>) -> Result<Self, InvalidSolution> {
        validate(&cols)?;
        Ok(Solution { cols })
    }

    /// Wraps `cols` without checking it. The caller guarantees it is a valid solution
    /// (the search kernels, which only ever produce valid ones).
    pub fn from_valid(cols: Vec<u8>) -> Self {
        debug_assert_eq!(validate(&cols), Ok(()));
        Solution { cols }
    }

    /// The board size.
    pub fn n(&self) -> usize {
        self.cols.len()
    }

    /// The column of the queen in each row.
    pub fn cols(&self) -> &[u8] {
        &self.cols
    }

    /// The solution in `board` format: `n` lines of `Q` and `.`, each ending in a newline.
    pub fn to_board_string(&self) -> String {
        let mut s = String::with_capacity(self.cols.len() * (self.cols.len() + 1));
        write_board(&mut s, &self.cols).expect("writing to a String cannot fail");
        s
    }
}

impl fmt::Display for Solution {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_cols(f, &self.cols)
    }
}

/// Error from parsing one line (or block) of text as a board.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParseSolutionError {
    /// A field is not a number, a square or a row, or the separators are wrong.
    #[error("malformed: {0}")]
    Malformed(String),
    /// The numbers parse but do not form a valid solution.
    #[error("{0}")]
    Invalid(#[from] InvalidSolution),
    /// The text reads but is no valid solution, phrased in its notation's terms.
    #[error("{0}")]
    Other(String),
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
    pub fn parse_in(text: &str, notation: notation::Notation) -> Result<Self, ParseSolutionError> {
        let from_notation = |e| match e {
            notation::NotationError::Malformed(m) => ParseSolutionError::Malformed(m),
            notation::NotationError::Impossible(m) => ParseSolutionError::Other(m),
        };
        let cols = if notation == notation::Notation::Board {
            let rows: Vec<&str> = text
                .lines()
                .map(notation::content)
                .filter(|row| !row.is_empty())
                .collect();
            if rows.is_empty() {
                return Err(ParseSolutionError::Malformed("no rows".into()));
            }
            notation::parse_board_rows(&rows).map_err(from_notation)?
        } else {
            let line = notation::content(text.trim());
            if line.is_empty() {
                return Err(ParseSolutionError::Malformed("empty line".into()));
            }
            notation::parse_line(notation, line).map_err(from_notation)?
        };
        let cols = notation::in_range(&cols, notation).map_err(ParseSolutionError::Other)?;
        let n = cols.len();
        Solution::new(cols)
            .map_err(|e| ParseSolutionError::Other(notation::explain(&e, notation, n)))
    }
}

impl FromStr for Solution {
    type Err = ParseSolutionError;

    /// Parses one line of `cols` notation: columns counted from 0, separated by any mix of
    /// whitespace, commas and semicolons, optionally in brackets (`[0, 4, 7, …]`).
    fn from_str(line: &str) -> Result<Self, Self::Err> {
        let line = notation::content(line);
        if line.is_empty() {
            return Err(ParseSolutionError::Malformed("empty line".into()));
        }
        let cols = notation::parse_line(notation::Notation::Cols, line).map_err(|e| match e {
            notation::NotationError::Malformed(m) => ParseSolutionError::Malformed(m),
            notation::NotationError::Impossible(m) => ParseSolutionError::Other(m),
        })?;
        let cols = notation::in_range(&cols, notation::Notation::Cols)
            .map_err(ParseSolutionError::Other)?;
        Ok(Solution::new(cols)?)
    }
}

/// An error from reading a text of boards: the 1-based line number, what is wrong, and
/// possibly a hint naming the notation the line looks like.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {}", self.message())]
pub struct LineError {
    /// 1-based line number.
    pub line: usize,
    /// What is wrong with that line.
    pub error: ParseSolutionError,
    /// Which notation the line looks like, when it is another one (`it reads as … : use
    /// --from cols1`).
    pub hint: Option<String>,
}

impl LineError {
    /// The message without the line number: the error and its hint.
    pub fn message(&self) -> String {
        match &self.hint {
            Some(h) => format!("{} ({h})", self.error),
            None => self.error.to_string(),
        }
    }
}

/// Parses a `cols` text: every line one solution. Blank lines and comments (from `#`) are
/// skipped. Yields each solution or the error of its line.
pub fn parse_cols_text(text: &str) -> impl Iterator<Item = Result<Solution, LineError>> + '_ {
    parse_cols_lines(text).map(|(_, result)| result)
}

/// Like [`parse_cols_text`], with the 1-based line number of every solution too.
pub fn parse_cols_lines(
    text: &str,
) -> impl Iterator<Item = (usize, Result<Solution, LineError>)> + '_ {
    reader::BoardReader::new(text.as_bytes(), Some(notation::Notation::Cols)).map(|r| match r {
        Ok(raw) => (raw.line, raw.solution()),
        Err(e) => (e.line, Err(e)),
    })
}

/// Checks that `cols` is a valid n-queens solution for `n = cols.len()`.
pub fn validate(cols: &[u8]) -> Result<(), InvalidSolution> {
    let n = cols.len();
    if !(MIN_N..=MAX_N).contains(&n) {
        return Err(InvalidSolution::BadSize(n));
    }
    let mut first_row_of_col = [usize::MAX; MAX_N];
    for (row, &c) in cols.iter().enumerate() {
        let col = c as usize;
        if col >= n {
            return Err(InvalidSolution::ColumnOutOfRange { row, col, n });
        }
        if first_row_of_col[col] != usize::MAX {
            return Err(InvalidSolution::RepeatedColumn {
                first: first_row_of_col[col],
                second: row,
                col,
            });
        }
        first_row_of_col[col] = row;
    }
    for second in 1..n {
        for first in 0..second {
            let (first_col, second_col) = (cols[first] as usize, cols[second] as usize);
            // Columns differ (checked above): any attack left is along a diagonal.
            if Rules::QUEENS.attacks(n, (first, first_col), (second, second_col)) {
                return Err(InvalidSolution::DiagonalAttack {
                    first,
                    second,
                    first_col,
                    second_col,
                });
            }
        }
    }
    Ok(())
}

/// Writes `cols` in `cols` format (no line end).
pub(crate) fn write_cols<W: fmt::Write>(out: &mut W, cols: &[u8]) -> fmt::Result {
    let mut buf = Vec::with_capacity(cols.len() * 4);
    push_cols_bytes(&mut buf, cols);
    out.write_str(std::str::from_utf8(&buf).expect("digits and spaces are ASCII"))
}

/// Appends `cols` in `cols` format (no line end) to a byte buffer, without going through the
/// formatting machinery: the fast path for streaming millions of solutions.
#[inline]
pub(crate) fn push_cols_bytes(buf: &mut Vec<u8>, cols: &[u8]) {
    for (i, &c) in cols.iter().enumerate() {
        if i > 0 {
            buf.push(b' ');
        }
        if c >= 10 {
            buf.push(b'0' + c / 10);
        }
        buf.push(b'0' + c % 10);
    }
}

/// Writes `cols` in `board` format: one line of `Q` and `.` per row, each ending in `\n`.
pub(crate) fn write_board<W: fmt::Write>(out: &mut W, cols: &[u8]) -> fmt::Result {
    let n = cols.len();
    for &c in cols {
        for col in 0..n {
            out.write_char(if col == c as usize { 'Q' } else { '.' })?;
        }
        out.write_char('\n')?;
    }
    Ok(())
}

/// `n thing` or `n things` (`1 board`, `92 boards`, `2 classes`).
pub fn plural(n: u64, thing: &str) -> String {
    if n == 1 {
        format!("1 {thing}")
    } else if thing.ends_with('s') {
        format!("{n} {thing}es")
    } else {
        format!("{n} {thing}s")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_and_prints_cols() {
        let s: Solution = "0 4 7 5 2 6 1 3".parse().unwrap();
        assert_eq!(s.cols(), &[0, 4, 7, 5, 2, 6, 1, 3]);
        assert_eq!(s.to_string(), "0 4 7 5 2 6 1 3");
        assert_eq!(s.n(), 8);
    }

    #[test]
    fn prints_board() {
        let s: Solution = "1 3 0 2".parse().unwrap();
        assert_eq!(s.to_board_string(), ".Q..\n...Q\nQ...\n..Q.\n");
    }

    #[test]
    fn rejects_bad_lines_with_reasons() {
        let e = |t: &str| t.parse::<Solution>().unwrap_err().to_string();
        assert!(e("").contains("empty"));
        assert!(e("0  1").contains("diagonal"));
        assert_eq!(
            "[1, 3,0 ,2]".parse::<Solution>().unwrap().to_string(),
            "1 3 0 2"
        );
        assert!(e("0 x 2").contains("field 2"));
        assert!(e("0 1 2").contains("diagonal"));
        assert!(e("0 0").contains("column 0"));
        assert!(e("0 5").contains("outside"));
        assert!(e("0 99999999999999999999999").contains("outside"));
        let long = vec!["0"; 40].join(" ");
        assert!(e(&long).contains("1 to 32"));
    }

    #[test]
    fn text_parser_names_line_numbers_and_skips_comments() {
        let text = "# eight queens\n\n0 4 7 5 2 6 1 3\n0 1\n";
        let results: Vec<_> = parse_cols_text(text).collect();
        assert_eq!(results.len(), 2);
        assert!(results[0].is_ok());
        assert_eq!(results[1].as_ref().unwrap_err().line, 4);
    }
}
