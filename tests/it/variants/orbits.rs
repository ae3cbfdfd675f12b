//! Symmetry classes by plain orbit computation, apart from the library: the 8 symmetries of the
//! square, the torus group (those 8 with the n² shifts), and the subgroup of either that keeps
//! a set of givens and blocked squares. A class is the orbit of a solution: the set of its
//! images, each computed square by square; the stabilizer is the elements that fix it.

use super::oracle::Square;
use queens::ClassCounts;
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

/// Asserts that the classes a count gave (`counted`) split by kind as the orbits `cls` do
/// (asymmetric, half turn, quarter turn), and that no class is kept by a reflection; `what`
/// names the case in the message. Only from n = 2 on: the one board of n = 1 is kept by all 8.
pub fn assert_kinds(counted: &ClassCounts, cls: &[Class], what: &str) {
    let of = |k: Kind| cls.iter().filter(|c| kind(c) == k).count() as u128;
    assert_eq!(of(Kind::Reflected), 0, "{what}");
    let kinds = (
        of(Kind::Asymmetric),
        of(Kind::HalfTurn),
        of(Kind::QuarterTurn),
    );
    let got = (counted.asymmetric, counted.half_turn, counted.quarter_turn);
    assert_eq!(got, kinds, "{what}");
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

/// The library's torus group ([`queens::torus_group::TorusGroup`]) against the orbits here, on
/// every torus solution of the boards 5, 7, 11 and 13 (4,524 boards of 1,352 images each): its
/// canonical form is the least image, a board is canonical exactly when it is its class's
/// least, and its orbit size and stabilizer are those of the images computed one by one.
#[test]
fn the_library_s_torus_group_is_the_orbits_one() {
    use super::oracle::{Problem, Rules, bitmask};
    use queens::torus_group::TorusGroup;
    for n in [5, 7, 11, 13] {
        let mut solutions = Vec::new();
        bitmask(&Problem::new(n, Rules::TORUS), |p| {
            solutions.push(p.to_vec())
        });
        let group = torus_group(n);
        let lib = TorusGroup::new(n);
        let cls = classes(&solutions, &group);
        let least: HashSet<&[u8]> = cls.iter().map(|c| c.least.as_slice()).collect();
        for p in &solutions {
            let images: HashSet<Vec<u8>> = group.iter().map(|g| g.image(p)).collect();
            let min = images.iter().min().unwrap();
            assert_eq!(&lib.canonical(p), min, "board {n}: {p:?}");
            assert_eq!(lib.is_canonical(p), least.contains(p.as_slice()), "{p:?}");
            assert_eq!(lib.orbit_size(p), images.len() as u64, "board {n}: {p:?}");
            let fixing = group.iter().filter(|g| g.image(p) == *p).count() as u64;
            assert_eq!(lib.stabilizer(p).order(), fixing, "board {n}: {p:?}");
        }
    }
}

/// The classes the library counts on the torus (the enumerate engine, under the torus group
/// by default) against the orbits here: boards 1 to 13, queens and superqueens, the classes,
/// their types (by the turns that, with a shift, keep them) and the classes by orbit size;
/// and `verified` on the published boards 5 to 17 (A053994, A054500–A054502; 17 has 97
/// classes, 40 of 2,312 boards).
#[test]
fn the_library_counts_the_torus_group_s_classes() {
    use super::oracle::{self, Problem, bitmask};
    use queens::rules::{Group, Rules};
    use queens::{Counter, Verdict};
    use std::collections::BTreeMap;
    for (rules, lib) in [
        (oracle::Rules::TORUS, Rules::TORUS_QUEENS),
        (oracle::Rules::SUPER_TORUS, Rules::TORUS_SUPERQUEENS),
    ] {
        assert_eq!(lib.group(), Group::Torus);
        for n in 1..=13 {
            let mut solutions = Vec::new();
            bitmask(&Problem::new(n, rules), |p| solutions.push(p.to_vec()));
            let c = Counter::new(n).rules(lib).count().unwrap();
            let cls = classes(&solutions, &torus_group(n));
            let what = format!("{lib} n = {n}");
            assert_eq!(c.classes.total(), cls.len() as u128, "{what}");
            if n > 1 {
                assert_kinds(&c.classes, &cls, &what);
            }
            let mut sizes = BTreeMap::new();
            for class in &cls {
                *sizes.entry(class.size as u128).or_insert(0u128) += 1;
            }
            assert_eq!(c.orbits, sizes.into_iter().collect::<Vec<_>>(), "{what}");
        }
    }
    for n in [5, 7, 11, 13, 17] {
        let c = Counter::new(n).rules(Rules::TORUS_QUEENS).count().unwrap();
        assert_eq!(c.verified(), Verdict::Verified, "board {n}: {c}");
        if n == 17 {
            assert_eq!(c.classes.total(), 97);
            assert_eq!(c.orbits.last(), Some(&(2312, 40)));
        }
    }
    // A wrong breakdown is caught, each size named.
    let mut wrong = Counter::new(11).rules(Rules::TORUS_QUEENS).count().unwrap();
    wrong.orbits = vec![(88, 2)];
    assert_eq!(
        wrong.verified().describe(),
        "classes of 44 boards computed 0 but published 2; classes of 88 boards computed 2 but \
         published 0"
    );
}

/// `--symmetries` on the command line: on the torus the torus group by default (board 13:
/// 11 classes, A053994) and `--symmetries square` the square's 8 (572 classes); `list
/// --classes` and `classify` number and size the classes under the group; `--symmetries
/// torus` on the plane is refused in one line (exit 2) by count, verify, list and classify.
#[test]
fn the_symmetries_flag_chooses_the_group() {
    use crate::common::{csv_records, fails_with, queens, stdout_of};
    let classes = |args: &[&str]| {
        let (header, rows) = csv_records(&stdout_of(args));
        let col = header.iter().position(|h| h == "classes").unwrap();
        rows[0][col].clone()
    };
    let torus = ["count", "13", "--board", "torus", "--csv", "-", "-q"];
    assert_eq!(classes(&torus), "11");
    let with = |group: &'static str| [&torus[..], &["--symmetries", group]].concat();
    assert_eq!(classes(&with("torus")), "11");
    assert_eq!(classes(&with("square")), "572");
    let verify = stdout_of(&["verify", "13", "--board", "torus"]);
    assert!(
        verify.contains("PASS n=13 (queen-torus): total 4524, classes 11"),
        "{verify}"
    );
    // The classes of board 7: one of 28 boards (a half turn keeps it).
    assert_eq!(
        stdout_of(&["list", "7", "--board", "torus", "--classes"]),
        "0 2 4 6 1 3 5  # class 1: half_turn, 28 boards under the torus group\n"
    );
    assert_eq!(
        stdout_of(&[
            "list",
            "7",
            "--board",
            "torus",
            "--classes",
            "--symmetries",
            "square"
        ])
        .lines()
        .count(),
        4
    );
    let out = queens()
        .args([
            "classify",
            "--surface",
            "torus",
            "--csv",
            "-",
            "2 4 6 1 3 5 0",
        ])
        .output()
        .unwrap();
    assert!(out.status.success());
    let (header, rows) = csv_records(&String::from_utf8(out.stdout).unwrap());
    let col = |name: &str| rows[0][header.iter().position(|h| h == name).unwrap()].clone();
    assert_eq!(
        (col("canonical"), col("class"), col("class_size")),
        (
            "0 2 4 6 1 3 5".to_string(),
            "1".to_string(),
            "28".to_string()
        )
    );
    let refusal = "--symmetries torus needs --board torus";
    for args in [
        &["count", "8", "--symmetries", "torus"][..],
        &["verify", "8", "--symmetries", "torus"],
        &["list", "8", "--classes", "--symmetries", "torus"],
    ] {
        fails_with(args, 2, refusal);
    }
    fails_with(
        &[
            "classify",
            "--symmetries",
            "torus",
            "--surface",
            "plane",
            "0 2 4 1 3",
        ],
        2,
        "--symmetries torus needs --surface torus",
    );
    // Without --surface the boards may come from a list of the torus's: refused once they
    // do not.
    fails_with(
        &["classify", "--symmetries", "torus", "0 2 4 1 3"],
        2,
        "--symmetries torus needs boards of the torus (--surface torus, or a list of the \
         tool's that names them)",
    );
}
