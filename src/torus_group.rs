//! The torus group: the classes of solutions on the n×n torus (OEIS A053994, and by orbit size
//! A054500–A054502).
//!
//! # The group
//!
//! The torus group of size n is the 8 symmetries of the square ([`Transform`], as maps of
//! `Z_n × Z_n` about the corner: `(r, c) → (c, n−1−r)` and so on), each followed by each of
//! the n² shifts `(r, c) → (r + a, c + b) mod n`: the maps `x → L·x + v` of `Z_n²` with `L` one
//! of the 8 signed permutation matrices and `v` any vector, 8n² elements. (About the centre
//! instead of the corner it is the same set of maps: the two differ by a shift.) It keeps the
//! solutions of every rule set on the torus: a shift keeps rows, columns and both families of
//! wrapped diagonals `r − c` and `r + c` (mod n), and each symmetry of the square permutes
//! those four families (and the knight's 8 moves).
//!
//! This is the group of the published values: its orbits on the torus solutions reproduce
//! A053994 and the orbit sizes A054500–A054502 (`data/variants.csv`) on every odd board to 17
//! (`tests/it/variants/published.rs`, by brute force over all 8n² images; the enumerate engine
//! with this module on boards 5 to 17, and 19 in release builds). For example board 13 has 11
//! classes, of 26, 52 (two), 338 (three) and 676 (five) boards; board 17 has 97.
//!
//! # Canonical form and orbit size
//!
//! The canonical form of a solution is its least image (its column list, lexicographically).
//! Some image has its row-0 queen in column 0, so the least one does: for each of the 8
//! symmetries and each row `r`, only the one shift that takes the image's queen of row `r` to
//! `(0, 0)` can give it. That is 8n candidates instead of 8n², each compared row by row with an
//! early exit. The same 8n candidates give the stabilizer: an element fixes a solution whose
//! row-0 queen is in column 0 only if it is one of them and its image is the solution itself.
//! The orbit holds 8n² / |stabilizer| boards (the orbit-stabilizer theorem, which holds for
//! the 8n² elements as a group even on the boards 1 and 2 where some of them are the same
//! map).
//!
//! Which elements can fix a solution: a shift fixes only the solutions that are unions of its
//! cosets, so the shifts that fix one form a cyclic group whose order d divides n; the
//! stabilizer's symmetries of the square (its elements' linear parts) are the identity, the
//! half turn or the four rotations for n > 1 (no reflection-type element fixes a solution:
//! checked here on every solution the tests meet, and it is what makes the classes by symmetry
//! type of [`TorusStabilizer::symmetry_type`] cover every class). So the stabilizer has
//! `d · e` elements, e = 1, 2 or 4 (8 at n = 1, whose one board every element fixes).

use crate::board::MAX_COUNT_N as MAX_TORUS_N;
use crate::symmetry::{Images, SymmetryType, Transform};
use std::cmp::Ordering;
use std::collections::BTreeMap;

/// The torus group of one board size: canonical forms, stabilizers and orbit sizes of the
/// solutions on the n×n torus (see the module's page for the group and the method).
///
/// ```
/// use queens::torus_group::TorusGroup;
/// let g = TorusGroup::new(5);
/// // The 10 solutions of the 5×5 torus are one class: the two "knight's move" boards and
/// // their shifts.
/// assert_eq!(g.canonical(&[2, 4, 1, 3, 0]), vec![0, 2, 4, 1, 3]);
/// assert_eq!(g.orbit_size(&[0, 2, 4, 1, 3]), 10);
/// assert!(g.is_canonical(&[0, 2, 4, 1, 3]) && !g.is_canonical(&[0, 3, 1, 4, 2]));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TorusGroup {
    n: usize,
}

/// The stabilizer of a solution under the torus group, by its two parts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct TorusStabilizer {
    /// The shifts that fix the solution (the identity included): a divisor of n.
    pub shifts: u32,
    /// The symmetries of the square that, with some shift, fix it (the identity included):
    /// 1, 2 (the half turn) or 4 (the rotations); 8 at n = 1.
    pub turns: u32,
}

impl TorusStabilizer {
    /// The number of elements of the group that fix the solution: `shifts · turns`.
    pub fn order(self) -> u64 {
        u64::from(self.shifts) * u64::from(self.turns)
    }

    /// The symmetry type of the class: by the turns that, with a shift, keep it (a half turn
    /// or a quarter turn about some point of the torus); n = 1 counts as a quarter turn, as
    /// for the square.
    pub fn symmetry_type(self) -> SymmetryType {
        match self.turns {
            1 => SymmetryType::Asymmetric,
            2 => SymmetryType::HalfTurn,
            _ => SymmetryType::QuarterTurn,
        }
    }
}

impl TorusGroup {
    /// The group of the n×n torus, for n in 1..=64 (the torus engine counts boards to 64;
    /// a [`crate::Solution`] has at most 32 rows).
    ///
    /// # Panics
    ///
    /// If n is outside 1..=64.
    pub fn new(n: usize) -> TorusGroup {
        assert!(
            (1..=MAX_TORUS_N).contains(&n),
            "board size {n} outside 1..={MAX_TORUS_N}"
        );
        TorusGroup { n }
    }

    /// The board size.
    pub fn n(self) -> usize {
        self.n
    }

    /// The number of elements: 8n².
    pub fn order(self) -> u64 {
        8 * (self.n as u64) * (self.n as u64)
    }

    /// The least image of the solution `cols` (n columns, a solution on the torus).
    pub fn canonical(self, cols: &[u8]) -> Vec<u8> {
        let images = Candidates::new(self.n, cols);
        let mut best = normalized(cols);
        let mut image = [0u8; MAX_TORUS_N];
        for t in Transform::ALL {
            for r in 0..self.n {
                if images.compare(t, r, &best) == Ordering::Less {
                    images.write(t, r, &mut image[..self.n]);
                    best.copy_from_slice(&image[..self.n]);
                }
            }
        }
        best
    }

    /// Whether `cols` is the canonical form of its class (no image is smaller): false at once
    /// unless its row-0 queen is in column 0.
    #[inline]
    pub fn is_canonical(self, cols: &[u8]) -> bool {
        if cols[0] != 0 {
            return false;
        }
        let images = Candidates::new(self.n, cols);
        Transform::ALL
            .into_iter()
            .all(|t| (0..self.n).all(|r| images.compare(t, r, cols) != Ordering::Less))
    }

    /// The elements that fix the solution `cols`, by their two parts.
    ///
    /// # Panics
    ///
    /// If a reflection-type element fixes a solution of n > 1: no solution of any rule set on
    /// the torus has one (see the module's page), so `cols` was not a solution.
    #[inline]
    pub fn stabilizer(self, cols: &[u8]) -> TorusStabilizer {
        let own = normalized(cols);
        let images = Candidates::new(self.n, &own);
        let (mut shifts, mut turns) = (0, 0);
        for t in Transform::ALL {
            let fixing = (0..self.n)
                .filter(|&r| images.compare(t, r, &own) == Ordering::Equal)
                .count() as u32;
            if fixing > 0 {
                // The elements with the same symmetry of the square that fix a board are a
                // coset of the fixing shifts: as many as they are.
                shifts = fixing;
                turns += 1;
                assert!(
                    self.n == 1
                        || matches!(
                            t,
                            Transform::Identity
                                | Transform::Rot90
                                | Transform::Rot180
                                | Transform::Rot270
                        ),
                    "{t} with a shift fixes {cols:?}: not a solution on the torus"
                );
            }
        }
        TorusStabilizer { shifts, turns }
    }

    /// Every element that takes `cols` to its canonical form (as many as its stabilizer
    /// has): a symmetry of the square ([`Transform::apply_cols`]) followed by the shift
    /// `(a, b)`, which takes row `r` to row `r + a` and column `c` to `c + b` (mod n); in
    /// [`Transform::ALL`] order, then by `a`.
    pub fn to_canonical(self, cols: &[u8]) -> Vec<(Transform, (usize, usize))> {
        let (n, least) = (self.n, self.canonical(cols));
        let mut elements = Vec::new();
        for t in Transform::ALL {
            let turned = t.apply_cols(cols);
            for a in 0..n {
                // The image's row 0 comes from row n − a: that queen fixes the column shift.
                let b = (usize::from(least[0]) + n - usize::from(turned[(n - a) % n])) % n;
                let onto = |(r, &c): (usize, &u8)| {
                    usize::from(least[(r + a) % n]) == (usize::from(c) + b) % n
                };
                if turned.iter().enumerate().all(onto) {
                    elements.push((t, (a, b)));
                }
            }
        }
        elements
    }

    /// The number of boards in the class of `cols`: 8n² / |stabilizer|.
    pub fn orbit_size(self, cols: &[u8]) -> u64 {
        self.order() / self.stabilizer(cols).order()
    }
}

/// The classes under the torus group of the n×n torus (n odd, above 1) by Burnside's lemma:
/// `(T + S + n²(P + 2R)) / 8n²` with T the boards, S the boards each shift other than none
/// keeps summed over the shifts, P and R those the half and the quarter turn about the centre
/// keep (every rotation with a shift is conjugate to one of those for odd n, and no reflection
/// keeps a solution). `Err(why)` where that is not whole.
pub(crate) fn burnside_classes(
    n: usize,
    total: u128,
    s: u128,
    p: u128,
    r: u128,
) -> Result<u128, String> {
    let (n2, group) = ((n * n) as u128, 8 * (n * n) as u128);
    let kept = total + s + n2 * (p + 2 * r);
    match kept.is_multiple_of(group) {
        true => Ok(kept / group),
        false => Err(format!(
            "the boards the torus group keeps, T + S + n²(P + 2R) = {total} + {s} + \
             {n2}·({p} + 2·{r}) = {kept}, are not a multiple of 8n² = {group}"
        )),
    }
}

/// The classes by orbit size (orbit size → classes) of the n×n torus (n above 1): the classes
/// an element other than the identity keeps, `symmetric` as (orbit size, classes) pairs, and
/// the rest of the `total` boards in classes of 8n² boards. `Err(why)` where the rest is not
/// whole classes, then where `classes` (Burnside's lemma, [`burnside_classes`]) failed or
/// differs.
pub(crate) fn orbit_breakdown(
    n: usize,
    total: u128,
    symmetric: impl IntoIterator<Item = (u128, u128)>,
    classes: Result<u128, String>,
) -> Result<BTreeMap<u128, u128>, String> {
    let group = 8 * (n * n) as u128;
    let mut by_size: BTreeMap<u128, u128> = BTreeMap::new();
    for (size, count) in symmetric {
        *by_size.entry(size).or_default() += count;
    }
    let boards: u128 = by_size.iter().map(|(size, count)| size * count).sum();
    match total.checked_sub(boards) {
        Some(rest) if rest.is_multiple_of(group) => {
            if rest > 0 {
                *by_size.entry(group).or_default() += rest / group;
            }
        }
        _ => {
            return Err(format!(
                "{total} boards less the symmetric classes' {boards} are not whole classes of \
                 {group}"
            ));
        }
    }
    let counted: u128 = by_size.values().sum();
    let classes = classes?;
    match counted == classes {
        true => Ok(by_size),
        false => Err(format!(
            "{counted} classes by orbit size, {classes} by Burnside's lemma"
        )),
    }
}

/// Classes by orbit size as `data/variants.csv` writes them: `26:1 52:2` ((boards, classes)
/// pairs by increasing size), `-` for none.
///
/// ```
/// assert_eq!(queens::torus_group::orbits_text(&[(26, 1), (52, 2)]), "26:1 52:2");
/// assert_eq!(queens::torus_group::orbits_text(&[]), "-");
/// ```
pub fn orbits_text(orbits: &[(u128, u128)]) -> String {
    if orbits.is_empty() {
        return "-".to_string();
    }
    let pairs: Vec<String> = orbits.iter().map(|(s, c)| format!("{s}:{c}")).collect();
    pairs.join(" ")
}

/// The breakdown [`orbits_text`] writes, read back (`None` if `text` is not one).
///
/// ```
/// use queens::torus_group::{orbits_text, parse_orbits};
/// assert_eq!(parse_orbits("26:1 52:2"), Some(vec![(26, 1), (52, 2)]));
/// assert_eq!(parse_orbits("-"), Some(vec![]));
/// assert_eq!(parse_orbits("26:x"), None);
/// ```
pub fn parse_orbits(text: &str) -> Option<Vec<(u128, u128)>> {
    if text == "-" {
        return Some(Vec::new());
    }
    text.split(' ')
        .map(|pair| {
            let (size, count) = pair.split_once(':')?;
            Some((size.parse().ok()?, count.parse().ok()?))
        })
        .collect()
}

/// `cols` shifted along the rows so that its row-0 queen is in column 0.
fn normalized(cols: &[u8]) -> Vec<u8> {
    let n = cols.len() as u8;
    cols.iter().map(|&c| (c + n - cols[0]) % n).collect()
}

/// The 8n candidates for the least image of one solution: for a symmetry of the square `t` and
/// a row `r`, the image under `t` shifted so that its queen of row `r` is at `(0, 0)`.
struct Candidates {
    images: Images<{ MAX_TORUS_N }>,
    n: usize,
}

impl Candidates {
    fn new(n: usize, cols: &[u8]) -> Candidates {
        Candidates {
            images: Images::new(cols),
            n,
        }
    }

    /// Row `i` of candidate `(t, r)`: row `i + r` of the image under `t`, its column less
    /// that of row `r` (mod n).
    #[inline(always)]
    fn row(&self, t: Transform, r: usize, i: usize) -> u8 {
        let n = self.n as u8;
        let row = (i + r) % self.n;
        let c = self.images.image_row(t, row);
        let origin = self.images.image_row(t, r);
        (c + n - origin) % n
    }

    /// Candidate `(t, r)` compared with `other`, lexicographically.
    #[inline]
    fn compare(&self, t: Transform, r: usize, other: &[u8]) -> Ordering {
        // Row 0 of every candidate is column 0.
        for (i, &o) in other.iter().enumerate() {
            let ord = self.row(t, r, i).cmp(&o);
            if ord != Ordering::Equal {
                return ord;
            }
        }
        Ordering::Equal
    }

    /// Writes candidate `(t, r)` into `out` (n columns).
    fn write(&self, t: Transform, r: usize, out: &mut [u8]) {
        for (i, o) in out.iter_mut().enumerate() {
            *o = self.row(t, r, i);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Rules;
    use std::collections::{BTreeMap, BTreeSet};

    /// Every image of `cols` under the 8n² elements, one by one.
    fn all_images(cols: &[u8]) -> Vec<Vec<u8>> {
        let n = cols.len();
        let mut out = Vec::new();
        for t in Transform::ALL {
            let image = t.apply_cols(cols);
            for a in 0..n {
                for b in 0..n {
                    let mut q = vec![0u8; n];
                    for (r, &c) in image.iter().enumerate() {
                        q[(r + a) % n] = ((c as usize + b) % n) as u8;
                    }
                    out.push(q);
                }
            }
        }
        out
    }

    /// Every queens' solution on the n×n torus, by a backtracking over the attack rule.
    fn torus_solutions(n: usize) -> Vec<Vec<u8>> {
        fn place(n: usize, cols: &mut Vec<u8>, out: &mut Vec<Vec<u8>>) {
            if cols.len() == n {
                out.push(cols.clone());
                return;
            }
            let row = cols.len();
            for c in 0..n {
                let free = cols.iter().enumerate().all(|(r, &d)| {
                    !Rules::TORUS_QUEENS.attacks(n, (r, d as usize), (row, c)) && d as usize != c
                });
                if free {
                    cols.push(c as u8);
                    place(n, cols, out);
                    cols.pop();
                }
            }
        }
        let mut out = Vec::new();
        place(n, &mut Vec::new(), &mut out);
        out
    }

    #[test]
    fn canonical_forms_and_stabilizers_agree_with_every_image() {
        for n in [1, 5, 7, 11] {
            let g = TorusGroup::new(n);
            for s in torus_solutions(n) {
                let images = all_images(&s);
                let least = images.iter().min().unwrap().clone();
                assert_eq!(g.canonical(&s), least, "n = {n}, {s:?}");
                // Every element whose image is the least one, each applied by hand.
                let to_least: Vec<(Transform, (usize, usize))> = (Transform::ALL.into_iter())
                    .flat_map(|t| (0..n).flat_map(move |a| (0..n).map(move |b| (t, (a, b)))))
                    .filter(|&(t, (a, b))| {
                        let mut image = vec![0u8; n];
                        for (r, &c) in t.apply_cols(&s).iter().enumerate() {
                            image[(r + a) % n] = ((usize::from(c) + b) % n) as u8;
                        }
                        image == least
                    })
                    .collect();
                assert_eq!(g.to_canonical(&s), to_least, "n = {n}, {s:?}");
                assert_eq!(to_least.len() as u64, g.stabilizer(&s).order());
                assert_eq!(g.is_canonical(&s), s == least, "n = {n}, {s:?}");
                let fixing = images.iter().filter(|q| **q == s).count() as u64;
                assert_eq!(g.stabilizer(&s).order(), fixing, "n = {n}, {s:?}");
                let distinct: BTreeSet<&Vec<u8>> = images.iter().collect();
                assert_eq!(g.orbit_size(&s), distinct.len() as u64, "n = {n}, {s:?}");
            }
        }
    }

    #[test]
    fn board_13_has_a053994_s_11_classes_of_a054500_s_sizes() {
        let g = TorusGroup::new(13);
        let mut by_size = BTreeMap::new();
        for s in torus_solutions(13).iter().filter(|s| g.is_canonical(s)) {
            *by_size.entry(g.orbit_size(s)).or_insert(0) += 1;
        }
        let expected = BTreeMap::from([(26, 1), (52, 2), (338, 3), (676, 5)]);
        assert_eq!(by_size, expected);
        // The line of slope 5 (5² = −1 mod 13): the shifts along it and the quarter turns
        // keep it, a class of 26 boards; the line of slope 2 only the half turn, 52 boards.
        let line = |k: usize| (0..13).map(|r| (k * r % 13) as u8).collect::<Vec<u8>>();
        let s = line(5);
        let stab = g.stabilizer(&s);
        assert_eq!((stab.shifts, stab.turns, g.orbit_size(&s)), (13, 4, 26));
        assert_eq!(stab.symmetry_type(), SymmetryType::QuarterTurn);
        let stab = g.stabilizer(&line(2));
        assert_eq!(
            (stab.shifts, stab.turns, stab.symmetry_type()),
            (13, 2, SymmetryType::HalfTurn)
        );
    }
}
