//! The dihedral group D4 of the square acting on n-queens solutions, canonical forms and
//! symmetry types.
//!
//! A transform maps the square `(row, col)` of an `n × n` board to another square. Applied to a
//! solution (one queen per row) it gives another solution. The canonical form of a solution is
//! the lexicographically smallest column list among its 8 images.

use crate::board::Solution;
use std::cmp::Ordering;
use std::fmt;

/// One of the 8 symmetries of the square. With the `serde` feature it serializes as its name
/// ([`Transform::name`]), as it prints.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum Transform {
    /// Leaves every square where it is.
    #[cfg_attr(feature = "serde", serde(rename = "id"))]
    Identity,
    /// Quarter turn clockwise: `(r, c) → (c, n−1−r)`.
    Rot90,
    /// Half turn: `(r, c) → (n−1−r, n−1−c)`.
    Rot180,
    /// Quarter turn counter-clockwise: `(r, c) → (n−1−c, r)`.
    Rot270,
    /// Mirror in the vertical axis (columns reversed): `(r, c) → (r, n−1−c)`.
    #[cfg_attr(feature = "serde", serde(rename = "flipcols"))]
    FlipColumns,
    /// Mirror in the horizontal axis (rows reversed): `(r, c) → (n−1−r, c)`.
    FlipRows,
    /// Mirror in the main diagonal: `(r, c) → (c, r)`.
    Transpose,
    /// Mirror in the anti-diagonal: `(r, c) → (n−1−c, n−1−r)`.
    AntiTranspose,
}

impl Transform {
    /// All 8 elements, identity first.
    pub const ALL: [Transform; 8] = [
        Transform::Identity,
        Transform::Rot90,
        Transform::Rot180,
        Transform::Rot270,
        Transform::FlipColumns,
        Transform::FlipRows,
        Transform::Transpose,
        Transform::AntiTranspose,
    ];

    /// The short name used in outputs (`id`, `rot90`, …, `antitranspose`).
    pub fn name(self) -> &'static str {
        match self {
            Transform::Identity => "id",
            Transform::Rot90 => "rot90",
            Transform::Rot180 => "rot180",
            Transform::Rot270 => "rot270",
            Transform::FlipColumns => "flipcols",
            Transform::FlipRows => "fliprows",
            Transform::Transpose => "transpose",
            Transform::AntiTranspose => "antitranspose",
        }
    }

    /// Where the square `(r, c)` of an `n × n` board goes.
    pub fn apply_to_square(self, n: usize, r: usize, c: usize) -> (usize, usize) {
        let m = n - 1;
        match self {
            Transform::Identity => (r, c),
            Transform::Rot90 => (c, m - r),
            Transform::Rot180 => (m - r, m - c),
            Transform::Rot270 => (m - c, r),
            Transform::FlipColumns => (r, m - c),
            Transform::FlipRows => (m - r, c),
            Transform::Transpose => (c, r),
            Transform::AntiTranspose => (m - c, m - r),
        }
    }

    /// The image of a column list (any permutation, valid solution or not).
    pub fn apply_cols(self, cols: &[u8]) -> Vec<u8> {
        let n = cols.len();
        let mut out = vec![0u8; n];
        for (r, &c) in cols.iter().enumerate() {
            let (r2, c2) = self.apply_to_square(n, r, c as usize);
            out[r2] = c2 as u8;
        }
        out
    }

    /// The image of a solution; symmetries of the square map solutions to solutions.
    pub fn apply(self, s: &Solution) -> Solution {
        Solution::from_valid(self.apply_cols(s.cols()))
    }

    /// `self ∘ other`: first `other`, then `self`.
    pub fn compose(self, other: Transform) -> Transform {
        // On a 4×4 board the square (0, 1) has 8 distinct images, one per element,
        // so the image of that square identifies the composite.
        let (r, c) = other.apply_to_square(4, 0, 1);
        let target = self.apply_to_square(4, r, c);
        Transform::ALL
            .into_iter()
            .find(|t| t.apply_to_square(4, 0, 1) == target)
            .expect("D4 is closed under composition")
    }

    /// The element that undoes this one.
    pub fn inverse(self) -> Transform {
        Transform::ALL
            .into_iter()
            .find(|t| t.compose(self) == Transform::Identity)
            .expect("every element of D4 has an inverse")
    }
}

impl fmt::Display for Transform {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The symmetry type of a class, named as in OEIS.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum SymmetryType {
    /// No symmetry but the identity: 8 boards per class (A260320).
    Asymmetric,
    /// Unchanged by a half turn but not a quarter turn: 4 boards per class (A260319).
    HalfTurn,
    /// Unchanged by a quarter turn: 2 boards per class (A260318); the 1×1 board counts here.
    QuarterTurn,
}

impl SymmetryType {
    /// The name used in tables: `asymmetric`, `half_turn` or `quarter_turn`.
    pub fn name(self) -> &'static str {
        match self {
            SymmetryType::Asymmetric => "asymmetric",
            SymmetryType::HalfTurn => "half_turn",
            SymmetryType::QuarterTurn => "quarter_turn",
        }
    }
}

impl fmt::Display for SymmetryType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The last column the queen of row 0 of a canonical board of size `n` (the smallest of its
/// 8 images, [`FastImages::is_canonical`]) can stand in: (n − 1) / 2, as the reflection in the
/// vertical axis takes column c of row 0 to n − 1 − c. The searches for classes stop there.
pub(crate) fn last_canonical_first_column(n: usize) -> usize {
    n.saturating_sub(1) / 2
}

/// The canonical form of `s`: the lexicographically smallest of its 8 images.
pub fn canonical(s: &Solution) -> Solution {
    Transform::ALL
        .into_iter()
        .map(|t| t.apply(s))
        .min()
        .expect("D4 has 8 elements")
}

/// The elements of D4 that map `s` to its canonical form.
pub fn transforms_to_canonical(s: &Solution) -> Vec<Transform> {
    let c = canonical(s);
    Transform::ALL
        .into_iter()
        .filter(|t| t.apply(s) == c)
        .collect()
}

/// The elements of D4 that leave `s` unchanged (its stabilizer).
pub fn stabilizer(s: &Solution) -> Vec<Transform> {
    Transform::ALL
        .into_iter()
        .filter(|t| t.apply(s) == *s)
        .collect()
}

/// The distinct images of `s` (its class, or orbit), sorted lexicographically.
pub fn orbit(s: &Solution) -> Vec<Solution> {
    let mut images: Vec<Solution> = Transform::ALL.into_iter().map(|t| t.apply(s)).collect();
    images.sort();
    images.dedup();
    images
}

/// The symmetry type of the class of `s`.
pub fn symmetry_type(s: &Solution) -> SymmetryType {
    if Transform::Rot90.apply(s) == *s {
        SymmetryType::QuarterTurn
    } else if Transform::Rot180.apply(s) == *s {
        SymmetryType::HalfTurn
    } else {
        SymmetryType::Asymmetric
    }
}

/// A solution prepared for fast symmetry tests: its columns and its inverse permutation,
/// so that any element of any image is one table look-up. Used inside the search kernels,
/// where every solution found is tested; comparisons stop at the first differing row. `N`
/// bounds the board size: 32 for the plane's solutions ([`FastImages`]), 64 for the torus
/// engine's boards.
pub(crate) struct Images<const N: usize> {
    n: usize,
    /// `p[r]`: column of the queen in row `r`.
    p: [u8; N],
    /// `q[c]`: row of the queen in column `c` (the inverse permutation).
    q: [u8; N],
}

/// [`Images`] of a board of at most 32 rows, the size of a [`Solution`].
pub(crate) type FastImages = Images<32>;

impl<const N: usize> Images<N> {
    /// Prepares `cols`, which must be a permutation of `0..n` with `n ≤ N`.
    #[inline]
    pub fn new(cols: &[u8]) -> Self {
        let mut p = [0u8; N];
        let mut q = [0u8; N];
        for (r, &c) in cols.iter().enumerate() {
            p[r] = c;
            q[c as usize] = r as u8;
        }
        Images {
            n: cols.len(),
            p,
            q,
        }
    }

    /// Row `i` of the image of the solution under `t`.
    #[inline(always)]
    pub(crate) fn image_row(&self, t: Transform, i: usize) -> u8 {
        let m = (self.n - 1) as u8;
        let j = self.n - 1 - i;
        match t {
            Transform::Identity => self.p[i],
            Transform::Rot90 => m - self.q[i],
            Transform::Rot180 => m - self.p[j],
            Transform::Rot270 => self.q[j],
            Transform::FlipColumns => m - self.p[i],
            Transform::FlipRows => self.p[j],
            Transform::Transpose => self.q[i],
            Transform::AntiTranspose => m - self.q[j],
        }
    }

    /// Compares the image under `t` with the solution itself, lexicographically.
    #[inline]
    fn compare_image(&self, t: Transform) -> Ordering {
        for i in 0..self.n {
            let ord = self.image_row(t, i).cmp(&self.p[i]);
            if ord != Ordering::Equal {
                return ord;
            }
        }
        Ordering::Equal
    }

    /// Whether the solution is the canonical form of its class (no image is smaller).
    #[inline]
    pub fn is_canonical(&self) -> bool {
        Transform::ALL[1..]
            .iter()
            .all(|&t| self.compare_image(t) != Ordering::Less)
    }

    /// Whether a half turn leaves the solution unchanged.
    #[inline]
    pub fn fixed_by_half_turn(&self) -> bool {
        self.compare_image(Transform::Rot180) == Ordering::Equal
    }

    /// Whether a quarter turn leaves the solution unchanged.
    #[inline]
    pub fn fixed_by_quarter_turn(&self) -> bool {
        self.compare_image(Transform::Rot90) == Ordering::Equal
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The solution whose columns are `cols`.
    fn sol(cols: &[u8]) -> Solution {
        Solution::new(cols.to_vec()).unwrap()
    }

    #[test]
    fn n8_first_solution_is_canonical_and_asymmetric() {
        let s = sol(&[0, 4, 7, 5, 2, 6, 1, 3]);
        assert_eq!(canonical(&s), s);
        assert_eq!(symmetry_type(&s), SymmetryType::Asymmetric);
        assert_eq!(orbit(&s).len(), 8);
    }

    #[test]
    fn n4_solution_is_quarter_turn_symmetric() {
        let s = sol(&[1, 3, 0, 2]);
        assert_eq!(symmetry_type(&s), SymmetryType::QuarterTurn);
        assert_eq!(orbit(&s).len(), 2);
        assert_eq!(stabilizer(&s).len(), 4);
    }

    #[cfg(feature = "serde")]
    #[test]
    fn every_transform_serializes_as_its_name() {
        for t in Transform::ALL {
            assert_eq!(serde_json::to_value(t).unwrap(), t.name());
        }
    }

    #[test]
    fn fast_images_agree_with_slow_transforms() {
        let s = sol(&[2, 4, 1, 7, 0, 6, 3, 5]);
        let fast = FastImages::new(s.cols());
        for t in Transform::ALL {
            let img = t.apply_cols(s.cols());
            for (i, &v) in img.iter().enumerate() {
                assert_eq!(fast.image_row(t, i), v, "{t} row {i}");
            }
        }
        assert_eq!(fast.is_canonical(), canonical(&s) == s);
    }
}
