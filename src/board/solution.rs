//! A [`Solution`]: the type, its checks ([`validate`]) and its errors, and the plain
//! writers of its columns; the leaf of [`crate::board`], which the notations and the reader
//! build on.

use crate::rules::Rules;
use std::fmt;

/// The smallest board size the tool accepts.
pub(crate) const MIN_N: usize = 1;
/// The largest board size the tool accepts (bit masks are 32 bits wide at most).
pub(crate) const MAX_N: usize = 32;
/// The largest board size any engine counts: the torus engine's rows are 64-bit masks, so
/// `count --board torus` reaches 64 (its boards are never listed: a [`Solution`] has at
/// most [`MAX_N`] rows). Every other count stops at [`MAX_N`].
pub(crate) const MAX_COUNT_N: usize = 64;

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
    /// The list is empty or longer than `MAX_N` (32).
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
    /// Rules the library does not count ([`Rules::check`]: the torus group on the plane
    /// board), the message saying why.
    #[error("{0}")]
    Rules(String),
    /// Two pieces attack each other other than along a column or a plain diagonal: along a
    /// diagonal that wraps around a torus, say (only under rules other than
    /// [`Rules::QUEENS`]).
    #[error(
        "the pieces at row {first} column {first_col} and row {second} column {second_col} attack each other under the rules {rules}"
    )]
    Attack {
        /// The earlier row.
        first: usize,
        /// The later row.
        second: usize,
        /// The column of the piece in the earlier row.
        first_col: usize,
        /// The column of the piece in the later row.
        second_col: usize,
        /// The rules under which they attack.
        rules: Rules,
    },
}

impl Solution {
    /// Checks `cols` and wraps it as a solution.
    pub fn new(cols: Vec<u8>) -> Result<Self, InvalidSolution> {
        validate(&cols, &Rules::QUEENS)?;
        Ok(Solution { cols })
    }

    /// Wraps `cols` without checking it. The caller guarantees it is a valid solution
    /// (the search kernels, which only ever produce valid ones).
    pub fn from_valid(cols: Vec<u8>) -> Self {
        debug_assert_eq!(validate(&cols, &Rules::QUEENS), Ok(()));
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

/// Checks that `cols` is a valid solution of `rules` for `n = cols.len()`: one piece per row
/// and column, no two attacking each other ([`Rules::attacks`]). A [`Solution`] is one of
/// [`Rules::QUEENS`]; every rule set of the tool is at least as strict, so a board valid
/// under it makes a [`Solution`] too.
///
/// ```
/// use queens::board::{InvalidSolution, validate};
/// use queens::rules::Rules;
/// assert_eq!(validate(&[1, 3, 0, 2], &Rules::QUEENS), Ok(()));
/// assert!(matches!(
///     validate(&[0, 2, 1], &Rules::QUEENS),
///     Err(InvalidSolution::DiagonalAttack { first: 1, second: 2, .. })
/// ));
/// ```
pub fn validate(cols: &[u8], rules: &Rules) -> Result<(), InvalidSolution> {
    rules.check().map_err(InvalidSolution::Rules)?;
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
            // Columns differ (checked above): a queen's attack left is along a diagonal.
            if rules.attacks(n, (first, first_col), (second, second_col)) {
                let plain_diagonal = second - first == first_col.abs_diff(second_col);
                return Err(if plain_diagonal {
                    InvalidSolution::DiagonalAttack {
                        first,
                        second,
                        first_col,
                        second_col,
                    }
                } else {
                    InvalidSolution::Attack {
                        first,
                        second,
                        first_col,
                        second_col,
                        rules: *rules,
                    }
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
// The command line's wording (`queens render`, `verify`): not part of the library's API.
#[doc(hidden)]
pub fn plural(n: u64, thing: &str) -> String {
    if n == 1 {
        format!("1 {thing}")
    } else if thing.ends_with('s') {
        format!("{n} {thing}es")
    } else {
        format!("{n} {thing}s")
    }
}
