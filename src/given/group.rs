//! The symmetries that keep a partial board, and the classes of its completions under them.
//!
//! The subgroup H of the rules' group ([`Group`]: the square's 8 symmetries, D4, or on the
//! torus by default the torus group of those with the n² shifts, 8n² elements) that maps the
//! givens onto the givens and the blocked squares onto the blocked squares keeps the set of
//! completions, so the completions fall into classes under H; their number is Burnside's
//! `(1/|H|) Σ_{g ∈ H} Fix(g)`. No reflection fixes a solution of n > 1
//! ([`crate::rules::Rules::no_reflection_fixes_a_solution`]; on the torus neither does a
//! reflection followed by a shift: a diagonal reflection's square is the shift by (s, s)
//! that keeps a diagonal, so s = 0, and each queen off the reflection's line then shares a
//! diagonal with its image; a flip's square is a shift along a row or column, so likewise no
//! shift, and its images share a column or row), the identity fixes every completion, and a
//! turn or a shift in H fixes the completions that a search placing each piece with its
//! images under the element finds (`fixed`: a tree about the square root of the full one's
//! size for a turn, a few placements for a shift).

use super::error::Square;
use super::partial::Partial;
use crate::rules::Group;
use crate::symmetry::Transform;
use std::fmt;

/// One symmetry of the board: a symmetry of the square ([`Transform`]) followed by a shift of
/// the torus, `(r, c) → (r' + a, c' + b) mod n` (no shift in the square's group).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Symmetry {
    /// The symmetry of the square.
    pub transform: Transform,
    /// The shift (rows, columns) after it, each below n: (0, 0) in the square's group.
    pub shift: (usize, usize),
}

impl Symmetry {
    /// The image of square `sq` of the n×n board.
    pub fn apply(self, n: usize, (r, c): Square) -> Square {
        let (r, c) = self.transform.apply_to_square(n, r, c);
        ((r + self.shift.0) % n, (c + self.shift.1) % n)
    }

    /// Whether it is a rotation (the identity included) with or without a shift: the
    /// elements that can fix a solution (see the module's page).
    fn turns(self) -> bool {
        matches!(
            self.transform,
            Transform::Identity | Transform::Rot90 | Transform::Rot180 | Transform::Rot270
        )
    }

    /// `rot180`, or with a shift `rot180+shift(2,3)` (as `classify` and `list --orbit` name
    /// the torus group's elements).
    pub fn name(self) -> String {
        match self.shift {
            (0, 0) => self.transform.name().to_string(),
            (a, b) => format!("{}+shift({a},{b})", self.transform.name()),
        }
    }
}

/// The symmetries of the rules' group that keep a partial board's givens and blocked squares
/// (as sets).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Subgroup {
    n: usize,
    group: Group,
    elements: Vec<Symmetry>,
}

/// Subgroups of more elements than this are named by their order, not their elements.
const LISTED: usize = 4;

impl Subgroup {
    /// The elements of `p`'s rules' group that keep `p`'s givens and blocked squares.
    pub fn keeping(p: &Partial) -> Subgroup {
        let n = p.n();
        let group = p.rules().group();
        let shifts: Vec<(usize, usize)> = match group {
            Group::Square => vec![(0, 0)],
            Group::Torus => (0..n).flat_map(|a| (0..n).map(move |b| (a, b))).collect(),
        };
        let keeps = |g: Symmetry, set: &[Square]| set.iter().all(|&s| set.contains(&g.apply(n, s)));
        let mut elements: Vec<Symmetry> = Transform::ALL
            .into_iter()
            .flat_map(|transform| {
                shifts
                    .iter()
                    .map(move |&shift| Symmetry { transform, shift })
            })
            .filter(|&g| keeps(g, p.given()) && keeps(g, p.blocked()))
            .collect();
        if n == 1 {
            elements.truncate(1); // every symmetry of one square is the identity
        }
        Subgroup { n, group, elements }
    }

    /// The group it is a subgroup of: the rules' group.
    pub fn of(&self) -> Group {
        self.group
    }

    /// The elements, identity first; those of the square's group in [`Transform::ALL`]'s
    /// order, each with its shifts in increasing order.
    pub fn elements(&self) -> &[Symmetry] {
        &self.elements
    }

    /// The number of elements (a divisor of 8, or of 8n² on the torus).
    pub fn order(&self) -> usize {
        self.elements.len()
    }

    /// The group's name: `D4` for all 8 of the square's, `torus` for all 8n² of the torus's,
    /// else its elements (`{id, rot180}`, `{id, rot180+shift(2,3)}`) where they are at most 4, else
    /// its order (`{26 elements}`).
    pub fn name(&self) -> String {
        let whole = self.group.order(self.n) as usize;
        match self.group {
            Group::Square if self.order() == whole => return "D4".to_string(),
            Group::Torus if self.order() == whole => return "torus".to_string(),
            _ => {}
        }
        if self.order() > LISTED {
            return format!("{{{} elements}}", self.order());
        }
        let names: Vec<String> = self.elements.iter().map(|g| g.name()).collect();
        format!("{{{}}}", names.join(", "))
    }

    /// The completions of `p` that `g` (an element of this group) fixes.
    pub fn fixed(&self, p: &Partial, g: Symmetry) -> u128 {
        fixed(p, g)
    }

    /// The classes of `p`'s `total` completions under this group, by Burnside's lemma.
    pub fn classes(&self, p: &Partial, total: u128) -> u128 {
        if self.order() == 1 {
            return total;
        }
        let identity = Symmetry {
            transform: Transform::Identity,
            shift: (0, 0),
        };
        let others: u128 = (self.elements.iter())
            .filter(|&&g| g.turns() && g != identity)
            .map(|&g| fixed(p, g))
            .sum();
        (total + others) / self.order() as u128
    }

    /// The least image of the completion `cols` (the column of each row) under this group's
    /// elements, for a count of classes by their canonical forms (a class is counted where
    /// its completion is its own least image).
    pub fn canonical(&self, cols: &[u8]) -> Vec<u8> {
        let n = self.n;
        let mut best = cols.to_vec();
        let mut image = vec![0u8; n];
        for &g in &self.elements {
            for (r, &c) in cols.iter().enumerate() {
                let (ir, ic) = g.apply(n, (r, usize::from(c)));
                image[ir] = ic as u8;
            }
            if image < best {
                best.copy_from_slice(&image);
            }
        }
        best
    }
}

impl fmt::Display for Subgroup {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name())
    }
}

/// The completions of `p` fixed by `g` (which keeps the givens and blocked squares): rows top
/// down, each empty row's piece placed together with its images under the powers of `g` (a
/// half turn's orbit of a square has 1 or 2 squares, a quarter turn's 1 or 4, a shift's a
/// divisor of n), each checked against the pieces placed with the rules' attack predicate.
fn fixed(p: &Partial, g: Symmetry) -> u128 {
    let n = p.n();
    let mut cols: Vec<Option<usize>> = vec![None; n];
    for &(r, c) in p.given() {
        cols[r] = Some(c);
    }
    fn go(p: &Partial, g: Symmetry, r: usize, cols: &mut Vec<Option<usize>>) -> u128 {
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
            let mut sq = g.apply(n, (r, c));
            while sq != (r, c) {
                orbit.push(sq);
                sq = g.apply(n, sq);
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
