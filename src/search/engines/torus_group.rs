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
    /// The group and its tables for board size `n` (2..=64).
    pub(crate) fn new(n: usize) -> G0 {
        assert!((2..=64).contains(&n), "board size {n} outside 2..=64");
        let n = n as u32;
        let inv: Vec<u32> = (0..n)
            .map(|x| (1..n).find(|&y| x * y % n == 1).unwrap_or(0))
            .collect();
        let units: Vec<u32> = (1..n).filter(|&x| inv[x as usize] != 0).collect();
        let mut generators: Vec<Matrix> = vec![[0, 1, 1, 0], [1, 0, 0, n - 1]];
        if n % 2 == 1 {
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
        let slope = |r: u32, c: u32| -> u8 {
            let i = inv[r as usize];
            if i == 0 { n as u8 } else { (c * i % n) as u8 }
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
            let g = G0::new(n as usize);
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
            let g = G0::new(n as usize);
            assert_eq!(g.transversal.len(), 4, "n = {n}");
        }
    }
}
