//! The rules of the board, in one place: which piece stands on which board, the attack rule
//! ([`Rules::attacks`], the one predicate that validation, drawing, classification and the
//! tests' oracles use), the symmetry group the problem keeps ([`Rules::group`]), the name that
//! goes into a plan's identity ([`Rules::id`], [`Rules::identity_suffix`]: checkpoints and
//! parts of different rules never mix), and the one bitmask row step the plain searches are
//! written over ([`RowState`]): `enumerate`, the `solutions` iterator, the plain and
//! symmetric profiles, and both Burnside searches (the half turn steps its top rows and sees
//! its mirror rows through [`RowState::advance`] and [`mirror`]; the quarter turn draws each
//! square's attacks with the step). None of them writes a diagonal shift of its own.
//!
//! Today there is one rule set, [`Rules::QUEENS`]: the queen on the plane n×n board, under the
//! 8 symmetries of the square (D4). The unit tests add a second board, the torus
//! (`Surface::TestOnly`, compiled into the unit tests alone), and show that the plain searches, the Burnside searches, the
//! library's [`crate::Counter`] and its checkpoints follow it with no edit outside this file.
//!
//! # Adding a rule set (another piece, a torus)
//!
//! The files a newcomer touches:
//!
//! 1. this file: a [`Piece`] or [`Surface`] variant (or a field, such as given and blocked
//!    squares), and its arms in [`Rules::attacks`], [`Rules::group`], [`Rules::id`],
//!    [`RowState::place`], [`RowState::place_down`] and [`RowState::advance`] (a piece whose
//!    attack reaches only the next rows, as the knight's part of a superqueen, adds masks for
//!    those rows to [`RowState`]; a board whose lines wrap rotates the diagonals, as the
//!    test-only torus does). The plain searches, the profiles, the Burnside searches,
//!    [`crate::Counter`], checkpoints and parts then follow;
//! 2. `src/plan/mod.rs` and `src/runner/build.rs`: the engines and splits that count the new
//!    rules say so in [`crate::plan::Engine::supports`] and
//!    [`crate::runner::Split::supports`] (every other one refuses them in one line);
//! 3. the engines extended: the symmetric engine's border geometry
//!    (`search/constellation.rs`, the kernels' interiors) is the queen's, written for speed;
//! 4. `data/known.csv` and `src/verify.rs`: the published values to check against.
//!
//! Written over the rules too: [`crate::board::validate`] (a [`crate::Solution`] is one of
//! the queens, the loosest rules), `draw::render`'s attack picture (`attacks_svg`), and
//! [`crate::classify::classify_under`] and [`crate::classify::for_each_class`] (classes under
//! [`Rules::group`]). Not yet (what the variants issue plumbs through): the command line has
//! no flag to choose the rules, so it passes [`Rules::QUEENS`] to those; `classify::classes`,
//! `class_number` and `ClassNumbers` (the numbers of `list N --classes`) are the queens'; with
//! a second rule set compiled in, [`RowState`] carries its rules (today only in the unit
//! tests, so that the plain searches' state stays three masks).
//!
//! This module is the bottom of the library: it names no other module's items, so that
//! [`crate::board`] (validation) and [`crate::symmetry`] (the group's elements) can use it.

use std::fmt;

/// The piece every square of a solution holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Piece {
    /// The queen: any distance along its row, its column and both diagonals.
    Queen,
}

/// The board the pieces stand on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Surface {
    /// The plane n×n board: lines end at the edges.
    Plane,
    /// A second board for the unit tests alone, so that they can show that other rules are
    /// kept apart and that everything written over [`Rules`] follows them: the n×n torus,
    /// whose diagonals wrap around (solutions only for gcd(n, 6) = 1: 10 for n = 5, 28 for
    /// n = 7, against the plane's 10 and 40). A sketch of the torus for the unit tests, under
    /// D4 only.
    #[cfg(test)]
    TestOnly,
}

/// The symmetry group under which solutions are counted in classes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Group {
    /// The 8 rotations and reflections of the square (the dihedral group D4; its elements
    /// are [`crate::symmetry::Transform`]s).
    Square,
}

impl Group {
    /// The group's name, as outputs write it.
    pub fn name(self) -> &'static str {
        match self {
            Group::Square => "D4",
        }
    }

    /// The number of elements.
    pub fn order(self) -> usize {
        match self {
            Group::Square => 8,
        }
    }
}

/// The rules of one counting problem: a piece on a board, counted under a symmetry group.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rules {
    /// The piece.
    pub piece: Piece,
    /// The board.
    pub surface: Surface,
}

impl Default for Rules {
    fn default() -> Rules {
        Rules::QUEENS
    }
}

impl Rules {
    /// The n-queens problem: queens on the plane board, under D4. Every engine counts it.
    pub const QUEENS: Rules = Rules {
        piece: Piece::Queen,
        surface: Surface::Plane,
    };

    /// Whether these are the rules of the n-queens problem ([`Rules::QUEENS`]), the rules
    /// every engine and plan supports.
    pub fn is_queens(&self) -> bool {
        *self == Rules::QUEENS
    }

    /// Whether a piece on square `a` attacks one on square `b` of an `n`×`n` board, squares
    /// as (row, column): the one attack predicate. A square does not attack itself. (The
    /// plane's queen does not need `n`; a board whose lines wrap does.)
    ///
    /// ```
    /// use queens::rules::Rules;
    /// let q = Rules::QUEENS;
    /// assert!(q.attacks(6, (0, 0), (3, 3)) && q.attacks(6, (2, 5), (2, 0)) && q.attacks(6, (1, 4), (3, 2)));
    /// assert!(!q.attacks(6, (0, 0), (1, 2)) && !q.attacks(6, (4, 4), (4, 4)));
    /// ```
    #[inline]
    pub fn attacks(&self, n: usize, a: (usize, usize), b: (usize, usize)) -> bool {
        if a == b {
            return false;
        }
        let (dr, dc) = (a.0.abs_diff(b.0), a.1.abs_diff(b.1));
        match (self.piece, self.surface) {
            (Piece::Queen, Surface::Plane) => {
                let _ = n;
                dr == 0 || dc == 0 || dr == dc
            }
            #[cfg(test)]
            (Piece::Queen, Surface::TestOnly) => dr == 0 || dc == 0 || dr == dc || dr + dc == n,
        }
    }

    /// Whether the queens of `cols` (row `r` holds column `cols[r]`, `n` = `cols.len()`)
    /// include two that attack each other.
    pub fn any_attack(&self, cols: &[u8]) -> bool {
        (1..cols.len()).any(|second| {
            (0..second).any(|first| {
                self.attacks(
                    cols.len(),
                    (first, cols[first] as usize),
                    (second, cols[second] as usize),
                )
            })
        })
    }

    /// The symmetry group the rules keep, under which classes are counted.
    pub fn group(&self) -> Group {
        match self.surface {
            Surface::Plane => Group::Square,
            #[cfg(test)]
            Surface::TestOnly => Group::Square,
        }
    }

    /// A stable name of the rules (`queen-plane`), for messages and plan identities.
    pub fn id(&self) -> &'static str {
        match (self.piece, self.surface) {
            (Piece::Queen, Surface::Plane) => "queen-plane",
            #[cfg(test)]
            (Piece::Queen, Surface::TestOnly) => "queen-test",
        }
    }

    /// What the rules add to a plan's identity (written into part rows and checkpoints): nothing
    /// for [`Rules::QUEENS`], so that every file written before the rules were named reads
    /// the same; `+` and [`Rules::id`] for any other rules, so that a part or a checkpoint of
    /// one problem is never taken for another's.
    pub fn identity_suffix(&self) -> String {
        if self.is_queens() {
            String::new()
        } else {
            format!("+{}", self.id())
        }
    }

    /// The state of the row search ([`RowState`]) before any row is filled.
    #[inline(always)]
    pub fn start(&self) -> RowState {
        #[cfg(not(test))]
        debug_assert!(
            self.is_queens(),
            "the queens are the only rules compiled in"
        );
        RowState {
            cols: 0,
            left: 0,
            right: 0,
            #[cfg(test)]
            rules: *self,
        }
    }
}

/// The test-only second rules ([`Surface::TestOnly`]).
#[cfg(test)]
pub(crate) const TEST_RULES: Rules = Rules {
    piece: Piece::Queen,
    surface: Surface::TestOnly,
};

/// The solutions of `rules` on an `n`×`n` board by brute force, for the tests' oracles: every
/// permutation of the columns, in lexicographic order, kept when no two pieces attack under
/// the one predicate ([`Rules::any_attack`]).
#[cfg(test)]
pub(crate) fn brute_force_solutions(rules: Rules, n: usize) -> Vec<Vec<u8>> {
    fn permutations(n: usize, p: &mut Vec<u8>, out: &mut Vec<Vec<u8>>) {
        if p.len() == n {
            return out.push(p.clone());
        }
        for c in 0..n as u8 {
            if !p.contains(&c) {
                p.push(c);
                permutations(n, p, out);
                p.pop();
            }
        }
    }
    let mut all = Vec::new();
    permutations(n, &mut Vec::new(), &mut all);
    all.retain(|p| !rules.any_attack(p));
    all
}

impl fmt::Display for Rules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

/// Written as its [`Rules::id`] (`"queen-plane"`), as messages and plan identities name it.
#[cfg(feature = "serde")]
impl serde::Serialize for Rules {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.id())
    }
}

/// The one-line refusal of an engine or plan that does not count `rules`.
pub fn unsupported(what: &str, rules: &Rules) -> String {
    format!("{what} does not count the rules {rules}; it counts only queen-plane")
}

/// The state of a row-by-row bitmask search after some rows are filled: masks over the
/// columns of the next row to fill (bit `c` = column `c`, `n ≤ 32`), and the rules whose
/// attacks they hold. Every plain search (`enumerate`, the `solutions` iterator, the plain
/// and symmetric profiles, the half-turn Burnside search) steps rows with it alone; none of
/// them knows how a piece attacks.
///
/// - `cols`: columns already holding a piece;
/// - `left`: squares of the next row attacked along the diagonals whose column grows by one
///   per row (the mask shifts `<< 1` from one row to the next);
/// - `right`: squares attacked along the diagonals whose column shrinks by one per row (`>> 1`).
///
/// A piece whose attack reaches only the next rows (the knight's part of a superqueen) adds
/// masks for the rows it reaches here; a board whose diagonals wrap rotates them in
/// [`RowState::place`] and [`RowState::advance`] instead of shifting. The step matches on the
/// rules: with one rule set compiled in, the match costs nothing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RowState {
    cols: u32,
    left: u32,
    right: u32,
    /// With one rule set compiled in, every state follows it and carries nothing: the state
    /// stays three registers' worth in the plain searches' recursion (a field of 2 bytes cost
    /// the plain profile of 14 about 1.2× its time). The unit tests' second rules are carried.
    #[cfg(test)]
    rules: Rules,
}

impl RowState {
    /// The rules the state follows.
    #[inline(always)]
    pub fn rules(&self) -> Rules {
        #[cfg(test)]
        return self.rules;
        #[cfg(not(test))]
        Rules::QUEENS
    }

    /// The state with these masks, following the same rules.
    #[inline(always)]
    fn with(self, cols: u32, left: u32, right: u32) -> RowState {
        RowState {
            cols,
            left,
            right,
            #[cfg(test)]
            rules: self.rules,
        }
    }

    /// The same state with the columns `cols` also taken (by pieces placed outside the row
    /// order, such as the border queens of the symmetric engine, whose diagonal attacks the
    /// caller keeps itself).
    #[inline(always)]
    pub fn with_columns(self, cols: u32) -> RowState {
        self.with(self.cols | cols, self.left, self.right)
    }

    /// Squares of the next row (within `full`, the mask of the board's columns) attacked by
    /// no piece placed so far.
    #[inline(always)]
    pub fn free(self, full: u32) -> u32 {
        full & !(self.cols | self.left | self.right)
    }

    /// The state after a piece on the square `bit` (a single set bit) of the next row, seen
    /// from the row below it. For the queen the diagonal attacks move one column per row:
    /// `left` shifts up, `right` shifts down; the bits shifted past column n−1 are cut off by
    /// `full`, those past column 0 fall off.
    #[inline(always)]
    pub fn place(self, bit: u32, full: u32) -> RowState {
        let rules = self.rules();
        match (rules.piece, rules.surface) {
            (Piece::Queen, Surface::Plane) => self.with(
                self.cols | bit,
                ((self.left | bit) << 1) & full,
                (self.right | bit) >> 1,
            ),
            #[cfg(test)]
            (Piece::Queen, Surface::TestOnly) => self.with(
                self.cols | bit,
                rotate(self.left | bit, 1, full),
                rotate(self.right | bit, -1, full),
            ),
        }
    }

    /// The state after a piece on the square `bit` of the next row, seen from `rows` rows
    /// below that row (`1 ≤ rows < 32`): [`RowState::place`] then [`RowState::advance`] by
    /// `rows − 1`, in one step (the symmetric profile's free rows are 1 to 3 rows apart).
    #[inline(always)]
    pub fn place_down(self, bit: u32, rows: u32, full: u32) -> RowState {
        let rules = self.rules();
        match (rules.piece, rules.surface) {
            (Piece::Queen, Surface::Plane) => self.with(
                self.cols | bit,
                ((self.left | bit) << rows) & full,
                (self.right | bit) >> rows,
            ),
            #[cfg(test)]
            (Piece::Queen, Surface::TestOnly) => self.place(bit, full).advance(rows - 1, full),
        }
    }

    /// The state `rows` rows further down (`rows < 32`) with nothing placed in between: the
    /// rows skipped are filled some other way (the symmetric engine's border rows) or are
    /// looked at from afar (the half-turn search looks at the mirror row of the next one).
    #[inline(always)]
    pub fn advance(self, rows: u32, full: u32) -> RowState {
        let rules = self.rules();
        match (rules.piece, rules.surface) {
            (Piece::Queen, Surface::Plane) => {
                self.with(self.cols, (self.left << rows) & full, self.right >> rows)
            }
            #[cfg(test)]
            (Piece::Queen, Surface::TestOnly) => self.with(
                self.cols,
                rotate(self.left, rows as i32, full),
                rotate(self.right, -(rows as i32), full),
            ),
        }
    }
}

/// `mask` rotated `by` columns up (down when negative) within the columns of `full`: the
/// diagonals of a board whose lines wrap.
#[cfg(test)]
fn rotate(mask: u32, by: i32, full: u32) -> u32 {
    let n = full.count_ones();
    let by = by.rem_euclid(n as i32) as u32;
    let wide = u64::from(mask) << by;
    ((wide | wide >> n) as u32) & full
}

/// The columns of `mask` (a mask of an `n`-column row, `1 ≤ n ≤ 32`) mirrored: column `c`
/// becomes column `n − 1 − c`.
#[inline(always)]
pub fn mirror(mask: u32, n: usize) -> u32 {
    mask.reverse_bits() >> (32 - n)
}

/// The mask of the `n` columns of a board (`n ≤ 32`; 0 for the empty board).
#[inline]
pub fn full_mask(n: usize) -> u32 {
    ((1u64 << n) - 1) as u32
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_queen_attacks_along_its_lines_only() {
        let q = Rules::QUEENS;
        for a in 0..6 {
            for b in 0..6 {
                for c in 0..6 {
                    for d in 0..6 {
                        let expected = (a, b) != (c, d)
                            && (a == c || b == d || a + d == b + c || a + b == c + d);
                        let attacks = q.attacks(6, (a, b), (c, d));
                        assert_eq!(attacks, expected, "{a} {b} {c} {d}");
                        assert_eq!(attacks, q.attacks(6, (c, d), (a, b)));
                        // On the torus the diagonals wrap: (0, 0) and (5, 1) share one.
                        let torus = expected
                            || (a, b) != (c, d) && ((a + 6 - c) % 6 + (b + 6 - d) % 6) % 6 == 0
                            || (a, b) != (c, d) && (a + 6 - c) % 6 == (b + 6 - d) % 6;
                        assert_eq!(TEST_RULES.attacks(6, (a, b), (c, d)), torus);
                    }
                }
            }
        }
        assert!(!q.any_attack(&[1, 3, 0, 2]) && q.any_attack(&[0, 2, 1, 3]));
        assert!(TEST_RULES.attacks(6, (0, 0), (5, 1)) && !q.attacks(6, (0, 0), (5, 1)));
        assert!(!TEST_RULES.any_attack(&[0, 2, 4, 1, 3]) && TEST_RULES.any_attack(&[1, 3, 0, 2]));
    }

    #[test]
    fn the_row_step_leaves_free_exactly_the_unattacked_squares() {
        // Every partial board of up to 4 rows on 6 columns, under both rule sets: the row
        // step's free squares, in the next row and (advanced) in every row below it, are the
        // squares that `attacks` leaves free.
        fn expected(q: Rules, n: usize, path: &[usize], row: usize) -> u32 {
            (0..n)
                .filter(|&c| {
                    path.iter()
                        .enumerate()
                        .all(|(r, &pc)| !q.attacks(n, (r, pc), (row, c)))
                })
                .fold(0u32, |m, c| m | 1 << c)
        }
        fn walk(n: usize, q: Rules, s: RowState, path: &mut Vec<usize>, boards: &mut usize) {
            let (row, full) = (path.len(), full_mask(n));
            *boards += 1;
            assert_eq!(s.rules(), q);
            assert_eq!(s.free(full), expected(q, n, path, row), "{q} {path:?}");
            for below in row + 1..n {
                let ahead = s.advance((below - row) as u32, full).free(full);
                assert_eq!(ahead, expected(q, n, path, below), "{q} {path:?} {below}");
            }
            if row == 4 {
                return;
            }
            for c in 0..n {
                if s.free(full) & 1 << c != 0 {
                    path.push(c);
                    walk(n, q, s.place(1 << c, full), path, boards);
                    path.pop();
                }
            }
        }
        let count = |q: Rules| {
            let mut boards = 0;
            walk(6, q, q.start(), &mut Vec::new(), &mut boards);
            boards
        };
        // The queens' tree of 6 columns to depth 4 (1 + 6 + 20 + 36 + 46, A319284 for n = 6),
        // and the torus's (1 + 6 + 18 + 24 + 24).
        assert_eq!((count(Rules::QUEENS), count(TEST_RULES)), (109, 73));
        assert_eq!(Rules::QUEENS.start().with_columns(0b101).free(0b111), 0b010);
        assert_eq!(
            (mirror(0b0011, 4), mirror(0b1, 1), mirror(1, 32)),
            (0b1100, 1, 1 << 31)
        );
    }

    #[test]
    fn only_other_rules_change_a_plan_identity() {
        assert_eq!(Rules::QUEENS.identity_suffix(), "");
        assert_eq!(Rules::default(), Rules::QUEENS);
        assert_eq!(
            (Rules::QUEENS.id(), Rules::QUEENS.group().name()),
            ("queen-plane", "D4")
        );
        assert_eq!(Rules::QUEENS.group().order(), 8);
        assert_eq!(TEST_RULES.identity_suffix(), "+queen-test");
        assert!(!TEST_RULES.is_queens());
    }
}
