//! Symmetry classes by plain orbit computation, apart from the library: the 8 symmetries of the
//! square, the torus group (those 8 with the n² shifts), and the subgroup of either that keeps
//! a set of givens and blocked squares. A class is the orbit of a solution: the set of its
//! images, each computed square by square; the stabilizer is the elements that fix it.

use super::oracle::Square;
use std::collections::HashSet;

/// One symmetry of the board: an element of D4 (`d4`, 0 to 7, see [`d4_map`]) followed by a
/// shift of the torus by `shift` = (rows, columns) (0, 0 on the plane).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Symmetry {
    /// Which symmetry of the square: 0 identity, 1 quarter turn, 2 half turn, 3 three-quarter
    /// turn, 4 to 7 the reflections.
    pub d4: u8,
    /// The shift applied after it, mod n.
    pub shift: (usize, usize),
}

/// The element `k` of D4 on the square (r, c) of an n x n board: 0 identity, 1 the quarter turn
/// clockwise (the top-left corner to the top-right one), 2 the half turn, 3 the quarter turn
/// anticlockwise, 4 the left-right mirror, 5 the top-bottom mirror, 6 the transpose (the main
/// diagonal kept), 7 the anti-transpose.
pub fn d4_map(k: u8, n: usize, (r, c): Square) -> Square {
    let m = n - 1;
    match k {
        0 => (r, c),
        1 => (c, m - r),
        2 => (m - r, m - c),
        3 => (m - c, r),
        4 => (r, m - c),
        5 => (m - r, c),
        6 => (c, r),
        7 => (m - c, m - r),
        _ => unreachable!("D4 has 8 elements"),
    }
}

impl Symmetry {
    /// Where this symmetry takes the square `sq` of an n x n board.
    pub fn map(self, n: usize, sq: Square) -> Square {
        let (r, c) = d4_map(self.d4, n, sq);
        ((r + self.shift.0) % n, (c + self.shift.1) % n)
    }

    /// The image of the solution `p` (the column of each row): the piece of row r on
    /// `map((r, p[r]))`. Every symmetry here takes a permutation to a permutation.
    pub fn image(self, p: &[u8]) -> Vec<u8> {
        let n = p.len();
        let mut q = vec![u8::MAX; n];
        for (r, &c) in p.iter().enumerate() {
            let (r2, c2) = self.map(n, (r, c as usize));
            assert_eq!(
                q[r2],
                u8::MAX,
                "a symmetry maps a permutation to a permutation"
            );
            q[r2] = c2 as u8;
        }
        q
    }

    /// Whether this is a rotation (no reflection).
    pub fn is_rotation(self) -> bool {
        self.d4 < 4
    }
}

/// The 8 symmetries of the square.
pub fn square_group() -> Vec<Symmetry> {
    (0..8).map(|d4| Symmetry { d4, shift: (0, 0) }).collect()
}

/// The torus group of an n x n torus: the 8 symmetries of the square, each followed by each of
/// the n² shifts (8n² elements; distinct maps for n ≥ 3). It keeps the set of torus solutions:
/// a shift keeps rows, columns and both families of wrapped diagonals, and each symmetry of the
/// square maps the diagonals r - c and r + c (mod n) to diagonals.
pub fn torus_group(n: usize) -> Vec<Symmetry> {
    let mut g = Vec::with_capacity(8 * n * n);
    for d4 in 0..8 {
        for a in 0..n {
            for b in 0..n {
                g.push(Symmetry { d4, shift: (a, b) });
            }
        }
    }
    g
}

/// The elements of `group` that keep the set `given` and the set `blocked`, each one distinct as
/// a map of the board (so that Burnside's count can divide by their number).
pub fn keeping(
    group: &[Symmetry],
    n: usize,
    given: &[Square],
    blocked: &[Square],
) -> Vec<Symmetry> {
    let keeps = |g: Symmetry, set: &[Square]| set.iter().all(|&s| set.contains(&g.map(n, s)));
    let mut maps = HashSet::new();
    group
        .iter()
        .copied()
        .filter(|&g| keeps(g, given) && keeps(g, blocked))
        .filter(|&g| {
            let all: Vec<Square> = (0..n * n).map(|i| g.map(n, (i / n, i % n))).collect();
            maps.insert(all)
        })
        .collect()
}

/// One class: a representative (its least member), the number of boards in it, and the
/// elements of the group that fix the representative.
#[derive(Clone, Debug)]
pub struct Class {
    /// The least board of the class.
    pub least: Vec<u8>,
    /// How many boards the class holds (its orbit's size).
    pub size: usize,
    /// The elements of the group that fix `least`.
    pub stabilizer: Vec<Symmetry>,
}

/// The classes of `solutions` under `group`, by orbits. Panics if an image of a solution is not
/// among them (the group must keep the set: this checks that it does).
pub fn classes(solutions: &[Vec<u8>], group: &[Symmetry]) -> Vec<Class> {
    let all: HashSet<&[u8]> = solutions.iter().map(Vec::as_slice).collect();
    let mut seen: HashSet<Vec<u8>> = HashSet::with_capacity(solutions.len());
    let mut out = Vec::new();
    for p in solutions {
        if seen.contains(p) {
            continue;
        }
        let mut orbit = HashSet::new();
        for &g in group {
            let q = g.image(p);
            assert!(
                all.contains(q.as_slice()),
                "{g:?} takes the solution {p:?} to {q:?}, which is not one"
            );
            orbit.insert(q);
        }
        let least = orbit.iter().min().unwrap().clone();
        let stabilizer = group
            .iter()
            .copied()
            .filter(|g| g.image(&least) == least)
            .collect();
        out.push(Class {
            least,
            size: orbit.len(),
            stabilizer,
        });
        seen.extend(orbit);
    }
    out
}

/// The number of classes by Burnside's lemma: the mean over the group (distinct maps) of the
/// number of solutions each fixes. A count apart from [`classes`].
pub fn burnside(solutions: &[Vec<u8>], group: &[Symmetry]) -> u64 {
    let fixed: usize = group
        .iter()
        .map(|&g| solutions.iter().filter(|p| g.image(p) == **p).count())
        .sum();
    assert_eq!(
        fixed % group.len(),
        0,
        "Burnside's sum divides by the group's order"
    );
    (fixed / group.len()) as u64
}

/// How a class of a board under the square's 8 symmetries is kept, as A352661–A352663 and
/// A260318–A260320 sort them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Kind {
    /// Only the identity keeps it (8 boards in the class).
    Asymmetric,
    /// The half turn keeps it, the quarter turn does not, nor any reflection (4 boards).
    HalfTurn,
    /// The quarter turn keeps it, no reflection does (2 boards).
    QuarterTurn,
    /// A reflection keeps it (impossible for queens and superqueens from n = 2 on: a piece on a
    /// diagonal or an axis would attack its mirror image).
    Reflected,
}

/// The kind of a class under [`square_group`], from its stabilizer.
pub fn kind(class: &Class) -> Kind {
    let has = |d4: u8| class.stabilizer.iter().any(|g| g.d4 == d4);
    if class.stabilizer.iter().any(|g| !g.is_rotation()) {
        Kind::Reflected
    } else if has(1) {
        Kind::QuarterTurn
    } else if has(2) {
        Kind::HalfTurn
    } else {
        Kind::Asymmetric
    }
}
