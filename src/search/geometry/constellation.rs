//! Border constellations: the queens of the outer ring of the board, one layout per D4 orbit.
//!
//! Every solution has exactly one queen in row 0, one in row n−1, one in column 0 and one in
//! column n−1 (a queen in a corner serves a row and a column at once). Those (up to four)
//! queens form the solution's *border constellation*, written `(top, bottom, left, right)`:
//! the column of the queen in row 0, the column of the queen in row n−1, the row of the queen
//! in column 0 and the row of the queen in column n−1.
//!
//! The 8 symmetries of the square map the outer ring onto itself, so they act on
//! constellations, and a symmetry `g` maps the solutions with constellation `B` one-to-one onto
//! those with constellation `g(B)`. Constellations of one orbit therefore have equally many
//! completions, and it suffices to count the completions of one member per orbit and weight
//! them by the orbit's size (the engine searches the member whose tree looks cheapest,
//! `symmetric::choose_member`; ties go to the smallest `(top, bottom, left, right)`).

use crate::rules::Rules;
use crate::symmetry::Transform;

/// A border constellation with its D4 orbit size.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(crate) struct Constellation {
    /// Column of the queen in row 0.
    pub(crate) top: u8,
    /// Column of the queen in row n−1.
    pub(crate) bottom: u8,
    /// Row of the queen in column 0.
    pub(crate) left: u8,
    /// Row of the queen in column n−1.
    pub(crate) right: u8,
    /// How many distinct constellations the symmetries of the square map this one to (1, 2,
    /// 4 or 8): the number of solution sets of equal size it stands for.
    pub(crate) weight: u8,
}

impl Constellation {
    /// `(top, bottom, left, right)`.
    #[cfg(test)]
    pub(crate) fn key(&self) -> [u8; 4] {
        [self.top, self.bottom, self.left, self.right]
    }
}

/// The distinct squares of the constellation `[top, bottom, left, right]`, sorted, in a fixed
/// array (the first `len` entries), without allocating: this runs for every candidate
/// constellation when a plan is built.
fn squares(n: usize, [top, bottom, left, right]: [u8; 4]) -> ([(usize, usize); 4], usize) {
    let mut q = [
        (0, top as usize),
        (n - 1, bottom as usize),
        (left as usize, 0),
        (right as usize, n - 1),
    ];
    q.sort_unstable();
    let mut len = 1;
    for i in 1..4 {
        if q[i] != q[len - 1] {
            q[len] = q[i];
            len += 1;
        }
    }
    (q, len)
}

/// Reads a set of border squares back as `[top, bottom, left, right]`; `None` unless the set
/// holds exactly one queen in each of row 0, row n−1, column 0 and column n−1.
fn key_of(n: usize, queens: &[(usize, usize)]) -> Option<[u8; 4]> {
    let one = |pred: &dyn Fn(&(usize, usize)) -> bool, pick: &dyn Fn(&(usize, usize)) -> usize| {
        let mut it = queens.iter().filter(|q| pred(q));
        match (it.next(), it.next()) {
            (Some(q), None) => Some(pick(q) as u8),
            _ => None,
        }
    };
    Some([
        one(&|q| q.0 == 0, &|q| q.1)?,
        one(&|q| q.0 == n - 1, &|q| q.1)?,
        one(&|q| q.1 == 0, &|q| q.0)?,
        one(&|q| q.1 == n - 1, &|q| q.0)?,
    ])
}

/// Whether `[top, bottom, left, right]` is a layout some solution could have: its squares are
/// one queen per border line (corners shared consistently) and no two of them attack.
fn is_valid(n: usize, key: [u8; 4]) -> bool {
    let (q, len) = squares(n, key);
    let q = &q[..len];
    if key_of(n, q) != Some(key) {
        return false; // e.g. top = 0 but left ≠ 0: two queens in column 0
    }
    q.iter()
        .enumerate()
        .all(|(i, &a)| q[i + 1..].iter().all(|&b| !Rules::QUEENS.attacks(n, a, b)))
}

/// The images of a valid constellation under the 8 symmetries (with repetitions).
fn images(n: usize, key: [u8; 4]) -> [[u8; 4]; 8] {
    let (q, len) = squares(n, key);
    Transform::ALL.map(|t| {
        let moved = q.map(|(r, c)| t.apply_to_square(n, r, c));
        let moved = &moved[..len];
        key_of(n, moved).expect("a symmetry maps the border ring onto itself")
    })
}

/// The D4 orbits of all valid border constellations of size `n`, in increasing order of their
/// smallest member; each orbit lists its distinct members in increasing order, each with the
/// orbit's size as its weight. Every valid constellation is in exactly one orbit.
pub(crate) fn orbits(n: usize) -> Vec<Vec<Constellation>> {
    assert!((1..=32).contains(&n), "board size {n} outside 1..=32");
    let mut out = Vec::new();
    for key in all_valid(n) {
        let mut imgs = images(n, key);
        if imgs.iter().any(|img| *img < key) {
            continue; // not the smallest of its orbit: the orbit was met already
        }
        imgs.sort_unstable();
        let mut members = imgs.to_vec();
        members.dedup();
        let weight = members.len() as u8;
        out.push(
            members
                .into_iter()
                .map(|[top, bottom, left, right]| Constellation {
                    top,
                    bottom,
                    left,
                    right,
                    weight,
                })
                .collect(),
        );
    }
    out
}

/// The smallest member of each orbit ([`orbits`]), with its orbit size as weight. Their
/// weights sum to the number of valid constellations.
#[cfg(test)]
fn representatives(n: usize) -> Vec<Constellation> {
    orbits(n).into_iter().map(|o| o[0]).collect()
}

/// Every valid constellation of size `n` (not reduced by symmetry), in increasing order.
pub(crate) fn all_valid(n: usize) -> Vec<[u8; 4]> {
    let mut out = Vec::new();
    for top in 0..n as u8 {
        for bottom in 0..n as u8 {
            for left in 0..n as u8 {
                for right in 0..n as u8 {
                    if is_valid(n, [top, bottom, left, right]) {
                        out.push([top, bottom, left, right]);
                    }
                }
            }
        }
    }
    out
}

/// The constellation of a solution (column list): where its border queens are.
#[cfg(test)]
pub(crate) fn of_solution(cols: &[u8]) -> [u8; 4] {
    let n = cols.len();
    let row_of = |c: usize| cols.iter().position(|&x| x as usize == c).unwrap() as u8;
    [cols[0], cols[n - 1], row_of(0), row_of(n - 1)]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::engines::enumerate::for_each_solution;
    use std::collections::HashSet;
    use std::ops::ControlFlow;

    #[test]
    fn weights_sum_to_the_number_of_valid_constellations() {
        for n in 1..=12 {
            let reps = representatives(n);
            let sum: usize = reps.iter().map(|c| c.weight as usize).sum();
            assert_eq!(sum, all_valid(n).len(), "n={n}");
            assert!(reps.iter().all(|c| [1, 2, 4, 8].contains(&c.weight)));
        }
    }

    #[test]
    fn orbits_partition_the_valid_constellations() {
        for n in 1..=10 {
            let mut seen = HashSet::new();
            for c in representatives(n) {
                let imgs: HashSet<[u8; 4]> = images(n, c.key()).into_iter().collect();
                assert!(imgs.iter().all(|img| *img >= c.key()));
                assert_eq!(imgs.len(), c.weight as usize);
                for img in imgs {
                    assert!(is_valid(n, img));
                    assert!(seen.insert(img), "n={n}: {img:?} in two orbits");
                }
            }
            assert_eq!(seen.len(), all_valid(n).len());
            for (o, rep) in orbits(n).iter().zip(representatives(n)) {
                assert_eq!(o[0], rep);
                assert!(o.iter().all(|m| images(n, rep.key()).contains(&m.key())));
                assert!(o.iter().all(|m| m.weight as usize == o.len()));
            }
        }
    }

    #[test]
    fn every_solution_has_a_valid_constellation() {
        for n in 1..=9 {
            let valid: HashSet<[u8; 4]> = all_valid(n).into_iter().collect();
            for_each_solution(n, |cols| {
                assert!(valid.contains(&of_solution(cols)), "{cols:?}");
                ControlFlow::Continue(())
            });
        }
    }
}
