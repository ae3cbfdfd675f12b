//! The symmetries that keep a partial board, and the classes of its completions under them.
//!
//! The subgroup H of the rules' group (the square's 8 symmetries, D4, for every rule set
//! today) that maps the givens onto the givens and the blocked squares onto the blocked
//! squares keeps the set of completions, so the completions fall into classes under H;
//! their number is Burnside's `(1/|H|) Σ_{g ∈ H} Fix(g)`. No reflection fixes a solution of
//! n > 1 ([`crate::rules::Rules::no_reflection_fixes_a_solution`]), the identity fixes
//! every completion, and a turn in H fixes the completions that a search placing each piece
//! with its images under the turn finds (`fixed`: a tree about the square root of the full
//! one's size).

use super::error::Square;
use super::partial::Partial;
use crate::symmetry::Transform;
use std::fmt;

/// The symmetries of the rules' group that keep a partial board's givens and blocked squares
/// (as sets), each a distinct map of the board (n = 1 has one).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Subgroup {
    elements: Vec<Transform>,
}

impl Subgroup {
    /// The elements of the square's symmetries (D4) that keep `p`'s givens and blocked
    /// squares.
    pub fn keeping(p: &Partial) -> Subgroup {
        let n = p.n();
        let keeps = |g: Transform, set: &[Square]| {
            set.iter()
                .all(|&(r, c)| set.contains(&g.apply_to_square(n, r, c)))
        };
        let mut elements: Vec<Transform> = Transform::ALL
            .into_iter()
            .filter(|&g| keeps(g, p.given()) && keeps(g, p.blocked()))
            .collect();
        if n == 1 {
            elements.truncate(1); // every symmetry of one square is the identity
        }
        Subgroup { elements }
    }

    /// The elements, identity first, in [`Transform::ALL`]'s order.
    pub fn elements(&self) -> &[Transform] {
        &self.elements
    }

    /// The number of elements (1, 2, 4 or 8).
    pub fn order(&self) -> usize {
        self.elements.len()
    }

    /// The group's name: `D4` for all 8, else its elements, `{id, rot180}`.
    pub fn name(&self) -> String {
        if self.elements.len() == 8 {
            return "D4".to_string();
        }
        let names: Vec<&str> = self.elements.iter().map(|g| g.name()).collect();
        format!("{{{}}}", names.join(", "))
    }

    /// The completions of `p` that the turn `g` (an element of this group) fixes.
    pub fn fixed(&self, p: &Partial, g: Transform) -> u128 {
        fixed(p, g)
    }

    /// The classes of `p`'s `total` completions under this group, by Burnside's lemma.
    pub fn classes(&self, p: &Partial, total: u128) -> u128 {
        if self.order() == 1 {
            return total;
        }
        let turns: u128 = self
            .elements
            .iter()
            .filter(|g| matches!(g, Transform::Rot90 | Transform::Rot180 | Transform::Rot270))
            .map(|&g| fixed(p, g))
            .sum();
        (total + turns) / self.order() as u128
    }
}

impl fmt::Display for Subgroup {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name())
    }
}

/// The completions of `p` fixed by the turn `g` (which keeps the givens and blocked squares):
/// rows top down, each empty row's piece placed together with its images under the powers
/// of `g` (a half turn's orbit of a square has 1 or 2 squares, a quarter turn's 1 or 4), each
/// checked against the pieces placed with the rules' attack predicate.
fn fixed(p: &Partial, g: Transform) -> u128 {
    let n = p.n();
    let mut cols: Vec<Option<usize>> = vec![None; n];
    for &(r, c) in p.given() {
        cols[r] = Some(c);
    }
    fn go(p: &Partial, g: Transform, r: usize, cols: &mut Vec<Option<usize>>) -> u128 {
        let n = p.n();
        if r == n {
            return 1;
        }
        if cols[r].is_some() {
            return go(p, g, r + 1, cols);
        }
        let mut total = 0;
        'columns: for c in 0..n {
            let mut orbit = vec![(r, c)];
            let mut sq = g.apply_to_square(n, r, c);
            while sq != (r, c) {
                orbit.push(sq);
                sq = g.apply_to_square(n, sq.0, sq.1);
            }
            for (i, &(qr, qc)) in orbit.iter().enumerate() {
                if cols[qr].is_some() || p.blocked().contains(&(qr, qc)) {
                    continue 'columns;
                }
                if orbit[..i]
                    .iter()
                    .any(|&o| o.0 == qr || p.rules().attacks(n, o, (qr, qc)))
                {
                    continue 'columns;
                }
                let placed = (0..n).filter_map(|row| cols[row].map(|col| (row, col)));
                if placed.clone().any(|q| p.rules().attacks(n, q, (qr, qc))) {
                    continue 'columns;
                }
            }
            for &(qr, qc) in &orbit {
                cols[qr] = Some(qc);
            }
            total += go(p, g, r + 1, cols);
            for &(qr, _) in &orbit {
                cols[qr] = None;
            }
        }
        total
    }
    go(p, g, 0, &mut cols)
}
