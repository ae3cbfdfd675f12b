//! Given queens and blocked squares: the completions of a partial board (issue 40, point 3).
//!
//! A [`Partial`] is an n×n board with some pieces given (every completion holds a piece on
//! each) and some squares blocked (no piece stands on one), under [`Rules`] (the piece and the
//! board). Its completions are the solutions of the rules that hold the givens and leave the
//! blocked squares empty; they are counted ([`Partial::count`]), listed in increasing order
//! ([`Partial::for_each_completion`]) and counted in classes under the subgroup of the rules'
//! group that keeps the givens and the blocked squares as sets ([`Subgroup`], named in every
//! output), by Burnside's lemma over that subgroup.
//!
//! ```
//! use queens::given::{Partial, Search};
//! use queens::rules::Rules;
//! // One queen given in the top-left corner of the 8×8 board: 4 of the 92 solutions hold it.
//! let p = Partial::parse(8, Rules::QUEENS, "a8", "").unwrap();
//! let c = p.count(Search::Plain, 1);
//! assert_eq!((c.total, c.classes), (4, 2));
//! assert_eq!(c.group.name(), "{id, transpose}"); // the corner's diagonal keeps a8
//! // Two givens that attack each other are refused, naming them.
//! let e = Partial::parse(8, Rules::QUEENS, "a8 c6", "").unwrap_err();
//! assert_eq!(e.to_string(), "the given queens a8 and c6 attack each other (queen-plane)");
//! ```
//!
//! **How they are counted.** Two searches, one the other's check ([`Search`]):
//! - [`Search::Plain`]: backtracking row by row over the rows without a given, written over
//!   the rules' [`crate::rules::RowStep`] (every rule set), with each row's squares attacked
//!   by a given or blocked taken out before the search (`plain`);
//! - [`Search::Kernel`]: for queens on the plane, the givens and the blocked squares become a
//!   kernel interior (the givens' columns taken, every square they attack and every blocked
//!   square in its row's `blocked` mask) counted by the vector kernels, the placements of the
//!   top free rows split into units for the threads (`interior`). Where the interior does not
//!   fit a kernel (more than `MAX_DEPTH` free rows, or free rows more than 3 apart: three
//!   givens in consecutive rows) and for other rules, the plain search counts instead, and
//!   [`Completions::search`] says so.
//!
//! **Nodes** are each search's own: the plain search counts the board of the givens alone and
//! every placement in a free row (as the enumerate engine counts the empty board and every
//! placement); the kernel search counts the placements of the unit rows and the kernels'
//! placements (every free row but the last two).

mod group;
mod interior;
mod parse;
mod plain;

pub use group::Subgroup;
pub use parse::{Mark, read_marks};

use crate::rules::Rules;
use crate::search::kernel::Kernel;
use std::fmt;

/// A square of the board: (row, column), both from 0, row 0 the top row (rank n in the
/// algebraic notation).
pub type Square = (usize, usize);

/// The largest board a partial board can be (the masks' 32 bits).
pub const MAX_N: usize = 32;

/// The name of square `sq` of an n×n board: algebraic (`a8`: file `a` is column 0, rank `n` is
/// row 0) where n ≤ 26, else `r3c5` (row and column from 0).
pub fn square_name(n: usize, (r, c): Square) -> String {
    if n <= crate::board::notation::MAX_ALGEBRAIC_N && c < 26 && r < n {
        format!("{}{}", char::from(b'a' + c as u8), n - r)
    } else {
        format!("r{r}c{c}")
    }
}

/// Why a partial board is refused: each names the squares (as written, or by
/// [`square_name`]).
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
    /// Two givens in one row.
    SameRow(String, String),
    /// Two givens that attack each other under the rules.
    Attack(String, String, Rules),
    /// A given on a blocked square.
    OnBlocked(String),
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
        }
    }
}

impl std::error::Error for GivenError {}

/// A partial board: n, the rules, the given pieces and the blocked squares, checked (no two
/// givens attack each other, none is blocked, every square is on the board).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Partial {
    n: usize,
    rules: Rules,
    /// Sorted by row.
    given: Vec<Square>,
    /// Sorted, without repeats.
    blocked: Vec<Square>,
}

/// Which search counts the completions ([`Partial::count`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Search {
    /// Plain backtracking over the free rows (every rule set).
    Plain,
    /// The kernel interiors (queens on the plane, where the interior fits; else the plain
    /// search).
    Kernel(Kernel),
}

/// What [`Partial::count`] found.
#[derive(Clone, Debug, PartialEq)]
pub struct Completions {
    /// Board size.
    pub n: usize,
    /// The rules counted.
    pub rules: Rules,
    /// The completions: solutions holding the givens and no blocked square.
    pub total: u128,
    /// Classes of the completions under [`Completions::group`].
    pub classes: u128,
    /// The symmetries of the rules' group that keep the givens and the blocked squares.
    pub group: Subgroup,
    /// Nodes of the search that counted (see the module's page).
    pub nodes: u128,
    /// The search that counted: `plain`, or the kernel's name.
    pub search: &'static str,
    /// Threads used.
    pub threads: usize,
    /// Wall-clock seconds.
    pub seconds: f64,
}

impl Partial {
    /// The partial board of `given` and `blocked` squares on an n×n board under `rules`,
    /// checked in this order: the size, squares off the board, more givens than rows, a square
    /// given twice, two givens in one row, a given on a blocked square, two givens that attack
    /// each other (the first such pair in the order given).
    pub fn new(
        n: usize,
        rules: Rules,
        given: &[Square],
        blocked: &[Square],
    ) -> Result<Partial, GivenError> {
        if !(1..=MAX_N).contains(&n) {
            return Err(GivenError::Size(n));
        }
        let name = |s: Square| square_name(n, s);
        if let Some(&(r, c)) = given
            .iter()
            .chain(blocked)
            .find(|&&(r, c)| r >= n || c >= n)
        {
            return Err(GivenError::OffBoard {
                square: format!("r{r}c{c}"),
                n,
            });
        }
        if given.len() > n {
            return Err(GivenError::TooMany {
                given: given.len(),
                n,
            });
        }
        for (i, &a) in given.iter().enumerate() {
            for &b in &given[..i] {
                if a == b {
                    return Err(GivenError::Repeated(name(a)));
                }
                if a.0 == b.0 {
                    return Err(GivenError::SameRow(name(b), name(a)));
                }
            }
        }
        if let Some(&g) = given.iter().find(|g| blocked.contains(g)) {
            return Err(GivenError::OnBlocked(name(g)));
        }
        for (i, &a) in given.iter().enumerate() {
            if let Some(&b) = given[..i].iter().find(|&&b| rules.attacks(n, a, b)) {
                return Err(GivenError::Attack(name(b), name(a), rules));
            }
        }
        let mut given = given.to_vec();
        given.sort_unstable();
        let mut blocked = blocked.to_vec();
        blocked.sort_unstable();
        blocked.dedup();
        Ok(Partial {
            n,
            rules,
            given,
            blocked,
        })
    }

    /// The partial board of the texts `given` and `blocked` (each may be empty), read by
    /// [`read_marks`]: squares (`"a8 e7"`), or a partial board in the `cols`, `digits`,
    /// `board` or `leetcode` notation. The squares of `given`'s text are givens (in a board,
    /// `x` marks a blocked square); those of `blocked`'s are blocked (a board there marks them
    /// `x`, and holds no `Q`).
    pub fn parse(
        n: usize,
        rules: Rules,
        given: &str,
        blocked: &str,
    ) -> Result<Partial, GivenError> {
        if !(1..=MAX_N).contains(&n) {
            return Err(GivenError::Size(n));
        }
        let (mut g, mut b) = (Vec::new(), Vec::new());
        for (sq, mark) in read_marks(n, given)? {
            match mark {
                Mark::Blocked => b.push(sq),
                Mark::Queen | Mark::Listed => g.push(sq),
            }
        }
        for (sq, mark) in read_marks(n, blocked)? {
            match mark {
                Mark::Queen => {
                    return Err(GivenError::Unreadable(format!(
                        "a board of blocked squares marks them x, not Q ({})",
                        square_name(n, sq)
                    )));
                }
                Mark::Blocked | Mark::Listed => b.push(sq),
            }
        }
        Partial::new(n, rules, &g, &b)
    }

    /// The board size.
    pub fn n(&self) -> usize {
        self.n
    }

    /// The rules.
    pub fn rules(&self) -> Rules {
        self.rules
    }

    /// The given squares, by row.
    pub fn given(&self) -> &[Square] {
        &self.given
    }

    /// The blocked squares, sorted.
    pub fn blocked(&self) -> &[Square] {
        &self.blocked
    }

    /// The squares as one word each: the givens then the blocked squares, by
    /// [`square_name`], `-` for none (`a8 e7`).
    pub fn names(squares: &[Square], n: usize) -> String {
        if squares.is_empty() {
            return "-".to_string();
        }
        let names: Vec<String> = squares.iter().map(|&s| square_name(n, s)).collect();
        names.join(" ")
    }

    /// The symmetries of the rules' group that keep the givens and the blocked squares.
    pub fn group(&self) -> Subgroup {
        Subgroup::keeping(self)
    }

    /// The column given in each row, if any, and the squares of each row that no piece of a
    /// completion can take: blocked, or attacked by a given (under the rules).
    pub(crate) fn rows(&self) -> ([Option<u8>; MAX_N], [u32; MAX_N]) {
        let n = self.n;
        let mut forced = [None; MAX_N];
        let mut avoid = [0u32; MAX_N];
        for &(r, c) in &self.given {
            forced[r] = Some(c as u8);
        }
        for &(r, c) in &self.blocked {
            avoid[r] |= 1 << c;
        }
        for &g in &self.given {
            for (r, row) in avoid.iter_mut().enumerate().take(n) {
                for c in 0..n {
                    if self.rules.attacks(n, g, (r, c)) {
                        *row |= 1 << c;
                    }
                }
            }
        }
        (forced, avoid)
    }

    /// Calls `visit` with every completion (the column of each row), in increasing order,
    /// by the plain search; returns how many.
    pub fn for_each_completion(&self, visit: impl FnMut(&[u8])) -> u128 {
        plain::list(self, visit)
    }

    /// Counts the completions and their classes under [`Partial::group`] with `search`, on
    /// `threads` threads (at least 1).
    pub fn count(&self, search: Search, threads: usize) -> Completions {
        let start = std::time::Instant::now();
        let threads = threads.max(1);
        let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build();
        let run = || match search {
            Search::Kernel(k) => match interior::count(self, k) {
                Some(c) => (c, k.name()),
                None => (plain::count(self), "plain"),
            },
            Search::Plain => (plain::count(self), "plain"),
        };
        let ((total, nodes), name) = match pool {
            Ok(pool) => pool.install(run),
            Err(_) => run(),
        };
        let group = self.group();
        let classes = group.classes(self, total);
        Completions {
            n: self.n,
            rules: self.rules,
            total,
            classes,
            group,
            nodes,
            search: name,
            threads,
            seconds: start.elapsed().as_secs_f64(),
        }
    }
}

#[cfg(test)]
mod tests;
