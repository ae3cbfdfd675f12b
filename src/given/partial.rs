//! The partial board itself: its squares, checked, and each row's given column and the
//! squares no piece of a completion can take.

use super::error::{GivenError, MAX_N, Square, square_name};
use super::parse::{Mark, read_marks};
use crate::rules::Rules;

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

impl Partial {
    /// The partial board of `given` and `blocked` squares on an n×n board under `rules`,
    /// checked in this order: the size, squares off the board, more givens than rows, a square
    /// given twice or two givens in one row, a square blocked twice, a given on a blocked
    /// square, two givens that attack each other (the first such pair in the order given).
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
        if let Some((i, _)) = (blocked.iter().enumerate()).find(|&(i, b)| blocked[..i].contains(b))
        {
            return Err(GivenError::BlockedTwice(name(blocked[i])));
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
        Ok(Partial {
            n,
            rules,
            given,
            blocked,
        })
    }

    /// The partial board of the texts `given` and `blocked` (each may be empty), read by
    /// `read_marks`: squares (`"a8 e7"`), or a partial board in the `cols`, `digits`,
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
        rules.check().map_err(GivenError::Rules)?;
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
    /// `square_name`, `-` for none (`a8 e7`).
    pub fn names(squares: &[Square], n: usize) -> String {
        if squares.is_empty() {
            return "-".to_string();
        }
        let names: Vec<String> = squares.iter().map(|&s| square_name(n, s)).collect();
        names.join(" ")
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
}
