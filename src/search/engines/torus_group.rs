//! The linear symmetries of the toroidal queens problem that fix the origin, as tables for the
//! torus engine's search ([`super::torus`]).
//!
//! A toroidal board of size n is the plane Z_n × Z_n, a square `(r, c)`; a queen attacks along
//! the four line families: rows, columns, diagonals (`c − r` constant) and anti-diagonals
//! (`c + r` constant), each wrapping around. A linear map `x → M·x` (mod n) that is invertible
//! and takes each of the four directions to one of them (up to a unit factor) takes lines to
//! lines, so solutions with a queen on the origin to solutions with a queen on the origin.
//! [`G0`] is the group of those maps that this engine uses:
//!
//! - the scalars `u·I` for every unit `u` (φ(n) of them; `−I` is the half turn about the
//!   origin);
//! - the transpose `(r, c) → (c, r)` and the reflection `(r, c) → (r, −c)`, which with `−I`
//!   make the 8 symmetries of the square about the origin;
//! - for odd n, `(r, c) → (r + c, r − c)`, which takes rows and columns to diagonals (its
//!   determinant is −2, a unit when n is odd).
//!
//! For odd n the group has 8·φ(n) elements (the scalars times 8 coset representatives, the
//! *transversal*); for even n, 4·φ(n). A scalar keeps every line through the origin, so the
//! *slope* `c / r` of a square whose row `r` is a unit is kept by the scalars and permuted by
//! the transversal: [`G0::min_key`] is the least slope a square can be taken to, what the
//! search's canonical condition reads.
//!
//! # The superqueens: the square's 8 alone
//!
//! A superqueen also moves as a knight, and of these maps only the square's 8 symmetries
//! about the origin take knight's moves to knight's moves (a scalar `u` takes the move
//! `(1, 2)` to `(u, 2u)`, a knight's move only for `u = ±1` once n > 5, and the map to the
//! diagonals takes it to `(3, −1)`). So for the superqueens [`G0`] is those 8: the scalars
//! `±1` times a transversal of 4. The same search works over it: a queen can be taken to row
//! 1 by a scalar of the group only from row `±1` of an image under the transversal, so a
//! square's slope key is the column it lands on there (`c / r` with `r = ±1`), and none for
//! the other rows; the search's argument (the least board of an orbit has in row 1 the least
//! key of its queens) holds for any group that is its scalars times a transversal.

use crate::rules::Piece;
use std::collections::HashSet;

/// A linear map of Z_n × Z_n: `(r, c) → (a·r + b·c, c_·r + d·c)`, stored as `[a, b, c_, d]`.
pub(crate) type Matrix = [u32; 4];

/// Applies `m` to the square `(r, c)` of a board of size `n`.
#[inline]
pub(crate) fn apply(m: &Matrix, n: u32, r: u32, c: u32) -> (u32, u32) {
    ((m[0] * r + m[1] * c) % n, (m[2] * r + m[3] * c) % n)
}

/// The product `x·y` (first `y`, then `x`) mod `n`.
pub(crate) fn mul(x: &Matrix, y: &Matrix, n: u32) -> Matrix {
    [
        (x[0] * y[0] + x[1] * y[2]) % n,
        (x[0] * y[1] + x[1] * y[3]) % n,
        (x[2] * y[0] + x[3] * y[2]) % n,
        (x[2] * y[1] + x[3] * y[3]) % n,
    ]
}

/// The group of linear maps that keep the torus problem and the origin, with the tables the
/// search reads (see the [module documentation](self)).
pub(crate) struct G0 {
    /// `inv[x]`: the inverse of `x` mod n, or 0 when `x` is not a unit.
    pub(crate) inv: Vec<u32>,
    /// Every element of the group.
    pub(crate) elements: Vec<Matrix>,
    /// One element of each coset of the scalars, the identity first.
    pub(crate) transversal: Vec<Matrix>,
    /// `key[h][r·n + c]`: the slope of the image of `(r, c)` under `transversal[h]`: `c'/r'`
    /// when its row `r'` is a unit, else `n` (no slope).
    pub(crate) key: Vec<Vec<u8>>,
    /// `min_key[r·n + c]`: the least of `key[h][r·n + c]` over the transversal.
    pub(crate) min_key: Vec<u8>,
}

/// The half turn about the origin, `(r, c) → (−r, −c)`.
pub(crate) fn half_turn(n: u32) -> Matrix {
    [n - 1, 0, 0, n - 1]
}

/// The quarter turn about the origin, `(r, c) → (c, −r)`.
pub(crate) fn quarter_turn(n: u32) -> Matrix {
    [0, 1, n - 1, 0]
}

/// The 8 symmetries of the square about the origin, as linear maps: the identity first.
pub(crate) fn square(n: u32) -> [Matrix; 8] {
    let m = n - 1;
    [
        [1, 0, 0, 1],
        [0, 1, m, 0],
        [m, 0, 0, m],
        [0, m, 1, 0],
        [0, 1, 1, 0],
        [1, 0, 0, m],
        [m, 0, 0, 1],
        [0, m, m, 0],
    ]
}

impl G0 {
    /// The group and its tables for board size `n` (2..=64) and the pieces `piece` (see the
    /// [module documentation](self): every map above for the queens, the square's 8 for the
    /// superqueens).
    pub(crate) fn new(n: usize, piece: Piece) -> G0 {
        assert!((2..=64).contains(&n), "board size {n} outside 2..=64");
        let n = n as u32;
        let inv: Vec<u32> = (0..n)
            .map(|x| (1..n).find(|&y| x * y % n == 1).unwrap_or(0))
            .collect();
        // The scalars of the group: every unit for the queens, ±1 for the superqueens.
        let units: Vec<u32> = (1..n)
            .filter(|&x| inv[x as usize] != 0)
            .filter(|&x| piece == Piece::Queen || x == 1 || x == n - 1)
            .collect();
        let mut generators: Vec<Matrix> = vec![[0, 1, 1, 0], [1, 0, 0, n - 1]];
        if n % 2 == 1 && piece == Piece::Queen {
            generators.push([1, 1, 1, n - 1]);
        }
        generators.extend(units.iter().map(|&u| [u, 0, 0, u]));
        // The closure of the generators: a finite group, so products alone reach it.
        let identity: Matrix = [1, 0, 0, 1];
        let mut seen: HashSet<Matrix> = HashSet::from([identity]);
        let mut elements = vec![identity];
        let mut i = 0;
        while i < elements.len() {
            let x = elements[i];
            for g in &generators {
                let y = mul(g, &x, n);
                if seen.insert(y) {
                    elements.push(y);
                }
            }
            i += 1;
        }
        let scaled = |m: &Matrix, u: u32| m.map(|e| e * u % n);
        let mut transversal: Vec<Matrix> = Vec::new();
        for m in &elements {
            if !transversal
                .iter()
                .any(|t| units.iter().any(|&u| scaled(t, u) == *m))
            {
                transversal.push(*m);
            }
        }
        assert_eq!(transversal.len() * units.len(), elements.len());
        // A square's slope: where a scalar of the group takes it in row 1, if one does (its
        // row's inverse is one of the scalars), else n (none).
        let slope = |r: u32, c: u32| -> u8 {
            let i = inv[r as usize];
            if units.contains(&i) {
                (c * i % n) as u8
            } else {
                n as u8
            }
        };
        let key: Vec<Vec<u8>> = transversal
            .iter()
            .map(|t| {
                (0..n * n)
                    .map(|sq| {
                        let (r, c) = apply(t, n, sq / n, sq % n);
                        slope(r, c)
                    })
                    .collect()
            })
            .collect();
        let min_key = (0..(n * n) as usize)
            .map(|sq| key.iter().map(|k| k[sq]).min().unwrap_or(n as u8))
            .collect();
        G0 {
            inv,
            elements,
            transversal,
            key,
            min_key,
        }
    }

    /// The group's order.
    pub(crate) fn order(&self) -> usize {
        self.elements.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The direction of a line family a map takes `(dr, dc)` to, as one of 0..4 (row,
    /// column, diagonal, anti-diagonal), or `None`.
    fn family(n: u32, (dr, dc): (u32, u32)) -> Option<usize> {
        let same = |a: (u32, u32)| (1..n).any(|u| (a.0 * u % n, a.1 * u % n) == (dr, dc));
        [(0, 1), (1, 0), (1, 1), (1, n - 1)]
            .iter()
            .position(|&d| same(d))
    }

    #[test]
    fn the_group_has_8_phi_elements_for_odd_n_and_keeps_the_four_line_families() {
        for n in [5u32, 7, 9, 11, 13, 15, 25] {
            let g = G0::new(n as usize, Piece::Queen);
            let phi = (1..n).filter(|&x| g.inv[x as usize] != 0).count();
            assert_eq!(g.order(), 8 * phi, "n = {n}");
            assert_eq!(g.transversal.len(), 8);
            for m in &g.elements {
                let mut images: Vec<usize> = [(0, 1), (1, 0), (1, 1), (1, n - 1)]
                    .iter()
                    .map(|&(r, c)| family(n, apply(m, n, r, c)).expect("a line family"))
                    .collect();
                images.sort();
                assert_eq!(images, [0, 1, 2, 3], "n = {n}, {m:?}");
            }
        }
        for n in [4u32, 8, 16] {
            let g = G0::new(n as usize, Piece::Queen);
            assert_eq!(g.transversal.len(), 4, "n = {n}");
        }
    }

    #[test]
    fn the_superqueens_group_is_the_square_about_the_origin_and_keeps_the_knights_moves() {
        for n in [5u32, 7, 11, 13, 16, 25, 64] {
            let g = G0::new(n as usize, Piece::Superqueen);
            let mut elements = g.elements.clone();
            elements.sort();
            let mut d4 = square(n).to_vec();
            d4.sort();
            assert_eq!(elements, d4, "n = {n}");
            assert_eq!(g.transversal.len(), 4, "n = {n}");
            let knight = |(r, c): (u32, u32)| {
                let (a, b) = (r.min(n - r), c.min(n - c));
                (a, b) == (1, 2) || (a, b) == (2, 1)
            };
            for m in &g.elements {
                assert!(
                    knight(apply(m, n, 1, 2)) && knight(apply(m, n, 2, 1)),
                    "{m:?}"
                );
            }
            // Only rows ±1 have slopes: the scalars ±1 take nothing else to row 1.
            for sq in 0..(n * n) as usize {
                let r = sq as u32 / n;
                let expected = match r {
                    1 => (sq as u32 % n) as u8,
                    _ if r == n - 1 => ((n - sq as u32 % n) % n) as u8,
                    _ => n as u8,
                };
                assert_eq!(g.key[0][sq], expected, "n = {n}, square {sq}");
            }
        }
    }
}
