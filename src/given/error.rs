//! The squares of a partial board and why one is refused: the leaf of `given` that the
//! others read.

use crate::rules::Rules;
use std::fmt;

/// A square of the board: (row, column), both from 0, row 0 the top row (rank n in the
/// algebraic notation).
pub(crate) type Square = (usize, usize);

/// The largest board a partial board can be (the masks' 32 bits).
pub(crate) const MAX_N: usize = 32;

/// The name of square `sq` of an n×n board: algebraic (`a8`: file `a` is column 0, rank `n` is
/// row 0) where n ≤ 26, else `r3c5` (row and column from 0).
pub(crate) fn square_name(n: usize, (r, c): Square) -> String {
    if n <= crate::board::notation::MAX_ALGEBRAIC_N && c < 26 && r < n {
        format!("{}{}", char::from(b'a' + c as u8), n - r)
    } else {
        format!("r{r}c{c}")
    }
}

/// Why a partial board is refused: each names the squares (as written, or by
/// `square_name`).
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum GivenError {
    /// The board size is outside 1 to 32.
    Size(usize),
    /// Text that is no square nor a partial board in any notation read here.
    Unreadable(String),
    /// A square outside the board, as written.
    OffBoard {
        /// The square as written (`i8`, `a9`).
        square: String,
        /// The board size.
        n: usize,
    },
    /// More givens than the board has rows.
    TooMany {
        /// How many were given.
        given: usize,
        /// The board size.
        n: usize,
    },
    /// One square given twice.
    Repeated(String),
    /// One square blocked twice (by `--blocked`, or by it and an `x` of the givens' board).
    BlockedTwice(String),
    /// Two givens in one row.
    SameRow(String, String),
    /// Two givens that attack each other under the rules.
    Attack(String, String, Rules),
    /// A given on a blocked square.
    OnBlocked(String),
    /// Rules the library does not count ([`Rules::check`]: the torus group on the plane
    /// board), the message saying why.
    Rules(String),
}

impl fmt::Display for GivenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GivenError::Size(n) => write!(f, "board size {n} is outside 1 to {MAX_N}"),
            GivenError::Unreadable(why) => f.write_str(why),
            GivenError::OffBoard { square, n } => {
                write!(f, "{square} is off the {n}×{n} board")
            }
            GivenError::TooMany { given, n } => write!(
                f,
                "{given} given queens on the {n}×{n} board: more than its {n} rows"
            ),
            GivenError::Repeated(s) => write!(f, "{s} is given twice"),
            GivenError::BlockedTwice(s) => write!(f, "{s} is blocked twice"),
            GivenError::SameRow(a, b) => {
                write!(f, "the given queens {a} and {b} share a row")
            }
            GivenError::Attack(a, b, rules) => {
                write!(
                    f,
                    "the given queens {a} and {b} attack each other ({rules})"
                )
            }
            GivenError::OnBlocked(s) => write!(f, "the given queen {s} is on a blocked square"),
            GivenError::Rules(why) => f.write_str(why),
        }
    }
}

impl std::error::Error for GivenError {}
