//! The listing front door: every solution of a board size as an iterator ([`solutions`]) or
//! through a callback ([`for_each_solution`], the fast path), and the canonical representative
//! of every class ([`classes`]), all in lexicographic order and constant memory.

use crate::board::Solution;
use crate::classify::{ClassInfo, class_info};
use crate::error::Error;
use crate::runner::build::check_size;
use crate::symmetry::FastImages;
use std::ops::ControlFlow;

/// Every solution of board size `n` (1..=32), in lexicographic order of the column lists, in
/// constant memory.
///
/// ```
/// let mut all = queens::solutions(8)?;
/// assert_eq!(all.next().unwrap().cols(), [0, 4, 7, 5, 2, 6, 1, 3]);
/// assert_eq!(1 + all.count(), 92);
/// # Ok::<(), queens::Error>(())
/// ```
pub fn solutions(n: usize) -> Result<Solutions, Error> {
    check_size(n)?;
    Ok(Solutions::new(n))
}

/// Calls `visit` with the columns of every solution of board size `n` (1..=32), in
/// lexicographic order, until it breaks; returns the partial boards the search visited, the
/// empty one included (A319283 when `visit` never breaks: 2,057 for n = 8). Faster than
/// [`solutions`]: no allocation per solution.
///
/// ```
/// use std::ops::ControlFlow;
/// let mut corner = 0;
/// queens::for_each_solution(8, |cols| {
///     corner += usize::from(cols[0] == 0);
///     ControlFlow::Continue(())
/// })?;
/// assert_eq!(corner, 4);
/// let nodes = queens::for_each_solution(8, |_| ControlFlow::Continue(()))?;
/// assert_eq!(nodes, 2_057);
/// # Ok::<(), queens::Error>(())
/// ```
pub fn for_each_solution<V: FnMut(&[u8]) -> ControlFlow<()>>(
    n: usize,
    visit: V,
) -> Result<u64, Error> {
    check_size(n)?;
    Ok(crate::search::enumerate::for_each_solution(n, visit))
}

/// The canonical representative of every class of board size `n` (1..=32), numbered from 1 in
/// lexicographic order (as `queens list N --classes` and `render --class K` number them),
/// with its symmetry type and class size; constant memory.
///
/// ```
/// use queens::symmetry::SymmetryType;
/// let classes: Vec<_> = queens::classes(8)?.collect();
/// assert_eq!(classes.len(), 12);
/// let symmetric: Vec<_> = classes.iter().filter(|c| c.symmetry == SymmetryType::HalfTurn).collect();
/// assert_eq!((symmetric.len(), symmetric[0].index, symmetric[0].class_size), (1, 10, 4));
/// # Ok::<(), queens::Error>(())
/// ```
pub fn classes(n: usize) -> Result<Classes, Error> {
    check_size(n)?;
    Ok(Classes {
        solutions: Solutions::new(n),
        index: 0,
    })
}

/// The iterator of [`solutions`]: a row-by-row bitmask search with an explicit stack, one
/// level per row, so that it can pause after each solution.
#[derive(Clone, Debug)]
pub struct Solutions {
    n: usize,
    /// Bit `c` set: column `c` is on the board (`(1 << n) - 1`).
    full: u64,
    /// The row the search is placing a queen in.
    depth: usize,
    /// Per row: the squares not yet tried (bit `c` = column `c`).
    untried: Vec<u64>,
    /// Per row: the columns taken by the queens above it.
    taken_cols: Vec<u64>,
    /// Per row: the squares attacked along "down-right" diagonals by the queens above it.
    taken_down_right: Vec<u64>,
    /// Per row: the squares attacked along "down-left" diagonals by the queens above it.
    taken_down_left: Vec<u64>,
    /// The columns placed so far, row 0 first.
    cols: Vec<u8>,
}

impl Solutions {
    fn new(n: usize) -> Solutions {
        let full = (1u64 << n) - 1;
        let mut untried = vec![0; n];
        untried[0] = full;
        Solutions {
            n,
            full,
            depth: 0,
            untried,
            taken_cols: vec![0; n],
            taken_down_right: vec![0; n],
            taken_down_left: vec![0; n],
            cols: vec![0; n],
        }
    }
}

impl Iterator for Solutions {
    type Item = Solution;

    fn next(&mut self) -> Option<Solution> {
        loop {
            let r = self.depth;
            if self.untried[r] == 0 {
                if r == 0 {
                    return None; // every square of row 0 tried: the search is over
                }
                self.depth -= 1;
                continue;
            }
            // The lowest set bit is the leftmost untried column, which keeps the order
            // lexicographic; `x & -x` isolates it and `^=` marks it tried.
            let bit = self.untried[r] & self.untried[r].wrapping_neg();
            self.untried[r] ^= bit;
            self.cols[r] = bit.trailing_zeros() as u8;
            if r + 1 == self.n {
                // Stays on the last row: the next call tries its next square.
                return Some(Solution::from_valid(self.cols.clone()));
            }
            let cols = self.taken_cols[r] | bit;
            // A queen attacks one column further right on the next row along a down-right
            // diagonal (shift left: bit c -> c + 1) and one further left along a down-left
            // one (shift right); bits shifted past column n - 1 are masked off by `full`.
            let down_right = (self.taken_down_right[r] | bit) << 1;
            let down_left = (self.taken_down_left[r] | bit) >> 1;
            self.taken_cols[r + 1] = cols;
            self.taken_down_right[r + 1] = down_right;
            self.taken_down_left[r + 1] = down_left;
            self.untried[r + 1] = self.full & !(cols | down_right | down_left);
            self.depth = r + 1;
        }
    }
}

/// The iterator of [`classes`]: the solutions that are the canonical form of their class.
#[derive(Clone, Debug)]
pub struct Classes {
    solutions: Solutions,
    index: usize,
}

impl Iterator for Classes {
    type Item = ClassInfo;

    fn next(&mut self) -> Option<ClassInfo> {
        for s in self.solutions.by_ref() {
            if FastImages::new(s.cols()).is_canonical() {
                self.index += 1;
                return Some(class_info(self.index, s.cols()));
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_iterator_meets_the_callbacks_solutions_in_the_same_order() {
        for n in 1..=10 {
            let mut expected = Vec::new();
            crate::search::enumerate::for_each_solution(n, |cols| {
                expected.push(cols.to_vec());
                ControlFlow::Continue(())
            });
            let got: Vec<Vec<u8>> = solutions(n).unwrap().map(|s| s.cols().to_vec()).collect();
            assert_eq!(got, expected, "n = {n}");
        }
    }

    #[test]
    fn classes_equal_the_callback_listing() {
        for n in 1..=10 {
            let got: Vec<ClassInfo> = classes(n).unwrap().collect();
            assert_eq!(got, crate::classify::classes(n), "n = {n}");
        }
    }

    #[test]
    fn sizes_outside_1_to_32_are_errors() {
        for n in [0, 33] {
            assert!(solutions(n).is_err());
            assert!(classes(n).is_err());
            assert!(for_each_solution(n, |_| ControlFlow::Continue(())).is_err());
        }
        assert!(solutions(32).is_ok() && classes(1).unwrap().count() == 1);
    }
}
