//! The symmetry follow-up for single boards: canonical form, symmetry type, class size and the
//! transforms that lead to the canonical form; and the list of classes of one board size.
//!
//! Everything here is computed from the slow, obviously correct transforms of
//! [`crate::symmetry`] (one allocation per image), which is plenty for a file of boards or for
//! the classes of a board size small enough to list.

use crate::board::{InvalidSolution, Solution, validate};
use crate::rules::{Group, Rules};
use crate::search::engines::enumerate::for_each_class_candidate;
use crate::symmetry::{self, FastImages, SymmetryType, Transform};
use crate::torus_group::TorusGroup;
use std::collections::{HashMap, HashSet};
use std::fmt;
use std::hash::{Hash, Hasher};
use std::ops::ControlFlow;

/// The largest n whose classes `ClassNumbers` numbers: n = 14 lists 365,596 solutions once
/// (a fraction of a second) and keeps its 45,752 canonical forms (640 kB). Beyond it a class
/// number would mean listing millions of solutions, so none is given.
// The command line's (`queens render`, `list --classes`): not part of the library's API.
#[doc(hidden)]
pub const MAX_NUMBERED_N: usize = 14;

/// What the symmetries of the square do to one board.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Classification {
    /// The board itself.
    pub board: Solution,
    /// The canonical form of its class: the smallest of its 8 images.
    pub canonical: Solution,
    /// The symmetry type of its class.
    pub symmetry: SymmetryType,
    /// How many distinct boards its class holds (8, 4, 2; 1 for n = 1).
    pub class_size: usize,
    /// The elements of the group that map the board to the canonical form, in
    /// [`Transform::ALL`] order: under the torus group, the symmetry of the square of each
    /// ([`Classification::shifts`] its shifts).
    pub to_canonical: Vec<Transform>,
    /// Under the torus group, the shift of each element of [`Classification::to_canonical`]:
    /// (rows down, columns right) mod n, applied after the symmetry; empty under the square's
    /// 8.
    pub shifts: Vec<(usize, usize)>,
}

impl Classification {
    /// The names of [`Classification::to_canonical`] ([`element_names`]), separated by single
    /// spaces.
    pub fn transform_names(&self) -> String {
        element_names(&self.to_canonical, &self.shifts).join(" ")
    }
}

/// The names of the elements `symmetries` (with their `shifts` under the torus group; none
/// under the square's 8): `rot90`, or `rot90+shift(2,3)` (the symmetry, then the shift of 2
/// rows down and 3 columns right, mod n).
fn element_names(symmetries: &[Transform], shifts: &[(usize, usize)]) -> Vec<String> {
    match shifts.is_empty() {
        true => symmetries.iter().map(|t| t.name().to_string()).collect(),
        false => (symmetries.iter().zip(shifts))
            .map(|(t, (a, b))| format!("{}+shift({a},{b})", t.name()))
            .collect(),
    }
}

/// Classifies one board of the n-queens problem ([`Rules::QUEENS`]; [`classify_under`] for
/// other rules).
pub fn classify(board: &Solution) -> Classification {
    classify_in(Rules::QUEENS.group(), board)
}

/// Classifies one board under `rules`: the board must be a solution of those rules (else the
/// first attacking pair, as [`validate`] finds it), and its class is its orbit under their
/// group ([`Rules::group`]).
///
/// ```
/// use queens::classify::classify_under;
/// use queens::rules::Rules;
/// let c = classify_under(&"1 3 0 2".parse()?, &Rules::QUEENS)?;
/// assert_eq!(c.class_size, 2);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn classify_under(board: &Solution, rules: &Rules) -> Result<Classification, InvalidSolution> {
    validate(board.cols(), rules)?;
    Ok(classify_in(rules.group(), board))
}

/// The class of `board` under `group`.
fn classify_in(group: Group, board: &Solution) -> Classification {
    match group {
        Group::Square => Classification {
            board: board.clone(),
            canonical: symmetry::canonical(board),
            symmetry: symmetry::symmetry_type(board),
            class_size: symmetry::orbit(board).len(),
            to_canonical: symmetry::transforms_to_canonical(board),
            shifts: Vec::new(),
        },
        Group::Torus => {
            let (g, cols) = (TorusGroup::new(board.n()), board.cols());
            let elements = g.to_canonical(cols);
            Classification {
                board: board.clone(),
                canonical: Solution::from_valid(g.canonical(cols)),
                symmetry: g.stabilizer(cols).symmetry_type(),
                class_size: g.orbit_size(cols) as usize,
                to_canonical: elements.iter().map(|e| e.0).collect(),
                shifts: elements.iter().map(|e| e.1).collect(),
            }
        }
    }
}

/// One class of a board size, as listed by `queens list N --classes`.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct ClassInfo {
    /// 1-based index in lexicographic order of the canonical forms.
    pub index: usize,
    /// The canonical solution.
    pub canonical: Solution,
    /// The class's symmetry type.
    pub symmetry: SymmetryType,
    /// Boards in the class.
    pub class_size: usize,
}

/// Visits the canonical solutions of `rules` of size `n` (the smallest of each class under
/// [`Rules::group`]) in lexicographic order with their 1-based index, stopping early when
/// `visit` breaks.
pub fn for_each_class<V: FnMut(usize, &[u8]) -> ControlFlow<()>>(
    rules: &Rules,
    n: usize,
    mut visit: V,
) {
    let mut index = 0;
    let group = rules.group();
    for_each_class_candidate(*rules, n, |cols| {
        let canonical = match group {
            Group::Square => FastImages::new(cols).is_canonical(),
            Group::Torus => TorusGroup::new(n).is_canonical(cols),
        };
        if canonical {
            index += 1;
            visit(index, cols)
        } else {
            ControlFlow::Continue(())
        }
    });
}

/// The details of the class under the group of `rules` ([`Rules::group`]) whose canonical
/// solution is `cols`.
pub(crate) fn class_info_under(rules: &Rules, index: usize, cols: &[u8]) -> ClassInfo {
    match rules.group() {
        Group::Square => class_info(index, cols),
        Group::Torus => {
            let g = TorusGroup::new(cols.len());
            let stabilizer = g.stabilizer(cols);
            ClassInfo {
                index,
                canonical: Solution::from_valid(cols.to_vec()),
                symmetry: stabilizer.symmetry_type(),
                class_size: (g.order() / stabilizer.order()) as usize,
            }
        }
    }
}

/// The details of the class whose canonical solution is `cols`.
// The command line's (`queens render`, `list --classes`): not part of the library's API.
#[doc(hidden)]
pub fn class_info(index: usize, cols: &[u8]) -> ClassInfo {
    let canonical = Solution::from_valid(cols.to_vec());
    ClassInfo {
        index,
        symmetry: symmetry::symmetry_type(&canonical),
        class_size: symmetry::orbit(&canonical).len(),
        canonical,
    }
}

/// Every class of the n-queens problem of size `n`, in lexicographic order of the canonical
/// forms (memory grows with the number of classes: meant for the board sizes one can look
/// at).
pub fn classes(n: usize) -> Vec<ClassInfo> {
    let mut out = Vec::new();
    for_each_class(&Rules::QUEENS, n, |index, cols| {
        out.push(class_info(index, cols));
        ControlFlow::Continue(())
    });
    out
}

/// The class with 1-based index `k`, or `Err(count)` with the number of classes when there
/// are fewer than `k` (or `k` is 0).
// The command line's (`queens render`, `list --classes`): not part of the library's API.
#[doc(hidden)]
pub fn class_number(n: usize, k: usize) -> Result<ClassInfo, usize> {
    let mut found = None;
    let mut count = 0;
    for_each_class(&Rules::QUEENS, n, |index, cols| {
        count = index;
        if index == k {
            found = Some(class_info(index, cols));
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    });
    found.ok_or(count)
}

/// The class numbers of `list N --classes` (1-based, in lexicographic order of the canonical
/// forms) for boards up to [`MAX_NUMBERED_N`]: the canonical forms of each size are listed
/// once, on the first board of that size, and looked up by binary search. The classes are
/// those of one rule set ([`ClassNumbers::under`]; the queens' by default), numbered as
/// `list N --classes` with the same rules numbers them.
#[derive(Debug, Default)]
pub(crate) struct ClassNumbers {
    /// Per n, the canonical forms in order, packed n bytes each.
    sorted: HashMap<usize, Vec<u8>>,
    /// The rules whose classes are numbered (`None`: [`Rules::QUEENS`]).
    rules: Option<Rules>,
}

impl ClassNumbers {
    /// An empty cache of the class numbers of `rules`.
    pub fn under(rules: Rules) -> Self {
        ClassNumbers {
            sorted: HashMap::new(),
            rules: Some(rules),
        }
    }

    /// The class number of the canonical form `canonical`, or `None` beyond
    /// [`MAX_NUMBERED_N`] (or for a board that is not canonical).
    pub fn number(&mut self, canonical: &[u8]) -> Option<usize> {
        let n = canonical.len();
        if n == 0 || n > MAX_NUMBERED_N {
            return None;
        }
        let rules = self.rules.unwrap_or(Rules::QUEENS);
        let packed = self.sorted.entry(n).or_insert_with(|| {
            let mut packed = Vec::new();
            for_each_class(&rules, n, |_, cols| {
                packed.extend_from_slice(cols);
                ControlFlow::Continue(())
            });
            packed
        });
        let count = packed.len() / n;
        let (mut lo, mut hi) = (0, count);
        while lo < hi {
            let mid = (lo + hi) / 2;
            match packed[mid * n..(mid + 1) * n].cmp(canonical) {
                std::cmp::Ordering::Less => lo = mid + 1,
                std::cmp::Ordering::Greater => hi = mid,
                std::cmp::Ordering::Equal => return Some(mid + 1),
            }
        }
        None
    }
}

/// The most distinct classes of sizes beyond [`MAX_NUMBERED_N`] that a [`Summary`] tells
/// apart (16 bytes each): 4,194,304, more than the 1,846,955 classes of n = 16.
pub(crate) const MAX_TRACKED_CLASSES: usize = 1 << 22;

/// What a stream of classified boards held: boards, distinct classes, and the classes by
/// symmetry type. Memory is bounded: a bit per class for numbered sizes, a 64-bit hash per
/// class beyond (up to `MAX_TRACKED_CLASSES`, 2²²).
// The command line's (`classify`'s summary, by `formats::classify_stream`): not API.
#[doc(hidden)]
#[derive(Debug, Default)]
pub struct Summary {
    boards: u64,
    classes: u64,
    by_type: [u64; 3],
    seen_numbered: HashMap<usize, Vec<u64>>,
    seen_hashed: HashSet<u64>,
    overflowed: bool,
}

impl Summary {
    /// An empty summary.
    pub fn new() -> Self {
        Self::default()
    }

    /// Records one board, with its class number if it has one.
    pub fn record(&mut self, c: &Classification, number: Option<usize>) {
        self.boards += 1;
        let new = match number {
            Some(k) => {
                let bits = self.seen_numbered.entry(c.board.n()).or_default();
                // Bit k % 64 of word k / 64 marks class k.
                let (word, bit) = (k / 64, k % 64);
                if bits.len() <= word {
                    bits.resize(word + 1, 0);
                }
                let fresh = bits[word] & (1 << bit) == 0;
                bits[word] |= 1 << bit;
                fresh
            }
            None => {
                let mut h = std::hash::DefaultHasher::new();
                c.canonical.cols().hash(&mut h);
                let key = h.finish();
                if self.seen_hashed.contains(&key) {
                    false
                } else if self.seen_hashed.len() >= MAX_TRACKED_CLASSES {
                    self.overflowed = true;
                    false
                } else {
                    self.seen_hashed.insert(key)
                }
            }
        };
        if new {
            self.classes += 1;
            self.by_type[match c.symmetry {
                SymmetryType::Asymmetric => 0,
                SymmetryType::HalfTurn => 1,
                SymmetryType::QuarterTurn => 2,
            }] += 1;
        }
    }

    /// Boards recorded.
    pub fn boards(&self) -> u64 {
        self.boards
    }

    /// Distinct classes recorded (a lower bound when more than `MAX_TRACKED_CLASSES` (2²²)).
    pub fn classes(&self) -> u64 {
        self.classes
    }
}

use crate::board::plural;

impl fmt::Display for Summary {
    /// `92 boards, 12 classes (11 asymmetric, 1 half_turn)`: only the types present.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let at_least = if self.overflowed { "at least " } else { "" };
        write!(
            f,
            "{}, {at_least}{}",
            plural(self.boards, "board"),
            plural(self.classes, "class")
        )?;
        let names = ["asymmetric", "half_turn", "quarter_turn"];
        let parts: Vec<String> = names
            .iter()
            .zip(self.by_type)
            .filter(|(_, k)| *k > 0)
            .map(|(name, k)| format!("{k} {name}"))
            .collect();
        if !parts.is_empty() {
            write!(f, " ({})", parts.join(", "))?;
        }
        Ok(())
    }
}

/// One board of a class, with the transforms that map the starting board to it.
// The command line's (`queens render`, `list --classes`): not part of the library's API.
#[doc(hidden)]
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OrbitMember {
    /// The image.
    pub board: Solution,
    /// Every element of D4 that maps the starting board to this image; under the torus
    /// group, the symmetry of the square of each element that does ([`OrbitMember::shifts`]
    /// its shifts).
    pub from: Vec<Transform>,
    /// Under the torus group, the shift of each element of [`OrbitMember::from`]: (rows down,
    /// columns right) mod n, applied after the symmetry; empty under the square's 8.
    pub shifts: Vec<(usize, usize)>,
}

impl OrbitMember {
    /// The names of the elements that make this image: `rot90` under the square's 8
    /// symmetries, `rot90+shift(2,3)` under the torus group (the symmetry, then the shift of
    /// 2 rows down and 3 columns right, mod n).
    pub fn names(&self) -> Vec<String> {
        element_names(&self.from, &self.shifts)
    }
}

/// The class of `board` under the group of `rules` ([`Rules::group`]): under the square's 8
/// symmetries [`orbit_members`]; under the torus group its images by the 8n² elements (each
/// symmetry of the square followed by each of the n² shifts), in lexicographic order, each
/// with every element that makes it: as many images as `classify --surface torus` says the
/// class has.
// The command line's (`queens list --orbit`): not part of the library's API.
#[doc(hidden)]
pub fn orbit_members_under(board: &Solution, rules: &Rules) -> Vec<OrbitMember> {
    if rules.group() != Group::Torus {
        return orbit_members(board);
    }
    let n = board.n();
    let mut images: std::collections::BTreeMap<Vec<u8>, OrbitMember> = Default::default();
    for t in Transform::ALL {
        let turned = t.apply(board);
        for a in 0..n {
            for b in 0..n {
                let mut cols = vec![0u8; n];
                for (r, &c) in turned.cols().iter().enumerate() {
                    cols[(r + a) % n] = ((usize::from(c) + b) % n) as u8;
                }
                let member = images.entry(cols.clone()).or_insert_with(|| OrbitMember {
                    board: Solution::from_valid(cols),
                    from: Vec::new(),
                    shifts: Vec::new(),
                });
                member.from.push(t);
                member.shifts.push((a, b));
            }
        }
    }
    images.into_values().collect()
}

/// The class of `board`: its distinct images in lexicographic order, each with the transforms
/// that produce it.
// The command line's (`queens render`, `list --classes`): not part of the library's API.
#[doc(hidden)]
pub fn orbit_members(board: &Solution) -> Vec<OrbitMember> {
    symmetry::orbit(board)
        .into_iter()
        .map(|image| OrbitMember {
            from: Transform::ALL
                .into_iter()
                .filter(|t| t.apply(board) == image)
                .collect(),
            shifts: Vec::new(),
            board: image,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{TEST_RULES, brute_force_solutions};
    use crate::search::engines::enumerate::for_each_solution;

    fn sol(t: &str) -> Solution {
        t.parse().unwrap()
    }

    #[test]
    fn classifies_a_rotated_n8_board() {
        let start = sol("0 4 7 5 2 6 1 3");
        let rotated = Transform::Rot90.apply(&start);
        let c = classify(&rotated);
        assert_eq!(c.canonical, start);
        assert_eq!(c.symmetry, SymmetryType::Asymmetric);
        assert_eq!(c.class_size, 8);
        // Rot90 then Rot270 is the identity, and nothing else leads back (asymmetric board).
        assert_eq!(c.to_canonical, vec![Transform::Rot270]);
        assert_eq!(c.transform_names(), "rot270");
    }

    #[test]
    fn symmetric_boards_have_several_transforms_to_canonical() {
        // n = 4: the quarter-turn symmetric class of two boards.
        let c = classify(&sol("2 0 3 1"));
        assert_eq!(c.canonical, sol("1 3 0 2"));
        assert_eq!(c.symmetry, SymmetryType::QuarterTurn);
        assert_eq!(c.class_size, 2);
        assert_eq!(c.to_canonical.len(), 4);
        for t in &c.to_canonical {
            assert_eq!(t.apply(&c.board), c.canonical);
        }
        let one = classify(&sol("0"));
        assert_eq!((one.class_size, one.to_canonical.len()), (1, 8));
    }

    #[test]
    fn n8_classes_answer_the_symmetry_follow_up() {
        let all = classes(8);
        assert_eq!(all.len(), 12);
        let half: Vec<_> = all
            .iter()
            .filter(|c| c.symmetry == SymmetryType::HalfTurn)
            .collect();
        assert_eq!(half.len(), 1);
        assert_eq!(half[0].class_size, 4);
        assert_eq!(all.iter().map(|c| c.class_size).sum::<usize>(), 92);
        for (i, c) in all.iter().enumerate() {
            assert_eq!(c.index, i + 1);
            assert_eq!(symmetry::canonical(&c.canonical), c.canonical);
        }
        assert!(all.windows(2).all(|w| w[0].canonical < w[1].canonical));
        assert_eq!(class_number(8, 12).unwrap(), all[11]);
        assert_eq!(class_number(8, 13), Err(12));
        assert_eq!(class_number(8, 0), Err(12));
        assert_eq!(class_number(3, 1), Err(0));
    }

    #[test]
    fn class_numbers_follow_list_classes_and_the_summary_counts_classes() {
        let mut numbers = ClassNumbers::default(); // the queens'
        let mut summary = Summary::new();
        for class in classes(8) {
            assert_eq!(numbers.number(class.canonical.cols()), Some(class.index));
        }
        assert_eq!(numbers.number(&[0; 15]), None);
        for_each_solution(8, |cols| {
            let c = classify(&Solution::from_valid(cols.to_vec()));
            let k = numbers.number(c.canonical.cols());
            summary.record(&c, k);
            ControlFlow::Continue(())
        });
        assert_eq!(
            summary.to_string(),
            "92 boards, 12 classes (11 asymmetric, 1 half_turn)"
        );
        let mut one = Summary::new();
        one.record(&classify(&sol("0")), None);
        assert_eq!(one.to_string(), "1 board, 1 class (1 quarter_turn)");
        assert_eq!(Summary::new().to_string(), "0 boards, 0 classes");
    }

    #[test]
    fn orbit_members_cover_every_transform_once() {
        for text in ["0 4 7 5 2 6 1 3", "1 3 0 2", "1 3 5 0 2 4"] {
            let s = sol(text);
            let members = orbit_members(&s);
            assert_eq!(members.len(), classify(&s).class_size);
            let mut all: Vec<Transform> = members.iter().flat_map(|m| m.from.clone()).collect();
            all.sort();
            assert_eq!(all, Transform::ALL.to_vec());
            for m in &members {
                for t in &m.from {
                    assert_eq!(t.apply(&s), m.board);
                }
            }
        }
    }

    #[test]
    fn classes_and_boards_follow_the_rules() {
        // A plane solution of 6 queens is no solution on the torus, which has none of 6.
        let six = sol("1 3 5 0 2 4");
        assert_eq!(classify_under(&six, &Rules::QUEENS), Ok(classify(&six)));
        assert!(matches!(
            classify_under(&six, &TEST_RULES),
            Err(InvalidSolution::Attack {
                first: 0,
                second: 2,
                ..
            })
        ));
        // The torus of 7 keeps 28 of the plane's 40 solutions; its classes, under the torus
        // group (one class), and under D4 (4), are the canonical ones among them, and their
        // class sizes add up to its 28 boards.
        let classes_of = |rules: &Rules, n: usize| {
            let mut found = Vec::new();
            for_each_class(rules, n, |index, cols| {
                assert_eq!(index, found.len() + 1);
                found.push(cols.to_vec());
                ControlFlow::Continue(())
            });
            found
        };
        let square = TEST_RULES.under(Group::Square).unwrap();
        let torus = classes_of(&TEST_RULES, 7);
        let plane = classes_of(&Rules::QUEENS, 7);
        let torus_d4 = classes_of(&square, 7);
        assert_eq!((plane.len(), torus.len(), torus_d4.len()), (6, 1, 4));
        let boards = brute_force_solutions(TEST_RULES, 7);
        assert_eq!(boards.len(), 28);
        for (rules, classes) in [(TEST_RULES, &torus), (square, &torus_d4)] {
            let mut sizes = 0;
            for cols in classes {
                let c = classify_under(&Solution::from_valid(cols.clone()), &rules).unwrap();
                assert_eq!(c.canonical.cols(), cols.as_slice());
                sizes += c.class_size;
            }
            assert_eq!(sizes, boards.len());
        }
        assert!(classes_of(&TEST_RULES, 6).is_empty());
    }
}
