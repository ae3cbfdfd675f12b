//! The listing front door: every solution of a board size as an iterator ([`solutions`]) or
//! through a callback ([`for_each_solution`], the fast path), and the canonical representative
//! of every class ([`classes`]), all in lexicographic order and constant memory.

use crate::board::Solution;
use crate::classify::{ClassInfo, class_info};
use crate::error::Error;
use crate::runner::build::check_size;
use crate::search::engines::enumerate::Walk;
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
    Ok(crate::search::engines::enumerate::for_each_solution(
        n, visit,
    ))
}

/// [`for_each_solution`] of `rules` (superqueens, the torus: [`crate::rules::Rules`]): every
/// placement of one piece per row on the n×n board (1..=32) that no two attack under them, in
/// lexicographic order, until `visit` breaks; returns the partial boards visited.
///
/// ```
/// use std::ops::ControlFlow;
/// use queens::rules::Rules;
/// let mut all = Vec::new();
/// queens::solutions::for_each_solution_under(&Rules::SUPERQUEENS, 10, |cols| {
///     all.push(cols.to_vec());
///     ControlFlow::Continue(())
/// })?;
/// assert_eq!(all.len(), 4); // A051223(10)
/// # Ok::<(), queens::Error>(())
/// ```
pub fn for_each_solution_under<V: FnMut(&[u8]) -> ControlFlow<()>>(
    rules: &crate::rules::Rules,
    n: usize,
    visit: V,
) -> Result<u64, Error> {
    check_size(n)?;
    Ok(crate::search::engines::enumerate::for_each_solution_under(
        *rules, n, visit,
    ))
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
        past_the_last: false,
    })
}

/// The iterator of [`solutions`]: the plain search of the enumerate engine, walked with an
/// explicit stack (`search::engines::enumerate::Walk`) so that it can pause after each
/// solution.
#[derive(Clone, Debug)]
pub struct Solutions {
    walk: Walk,
}

impl Solutions {
    fn new(n: usize) -> Solutions {
        Solutions { walk: Walk::new(n) }
    }
}

impl Iterator for Solutions {
    type Item = Solution;

    fn next(&mut self) -> Option<Solution> {
        let cols = self.walk.next_solution()?;
        Some(Solution::from_valid(cols.to_vec()))
    }
}

/// The iterator of [`classes`]: the solutions that are the canonical form of their class.
#[derive(Clone, Debug)]
pub struct Classes {
    solutions: Solutions,
    index: usize,
    /// Whether the search went past the last board that can be canonical.
    past_the_last: bool,
}

impl Iterator for Classes {
    type Item = ClassInfo;

    fn next(&mut self) -> Option<ClassInfo> {
        if self.past_the_last {
            return None;
        }
        for s in self.solutions.by_ref() {
            // Past the left half of row 0 no board is canonical: the rest of the search is
            // left undone.
            let last = crate::symmetry::last_canonical_first_column(s.cols().len());
            if usize::from(s.cols()[0]) > last {
                self.past_the_last = true;
                return None;
            }
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
            crate::search::engines::enumerate::for_each_solution(n, |cols| {
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
