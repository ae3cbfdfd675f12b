//! The rules of the board, in one place: which piece stands on which board, the attack rule
//! ([`Rules::attacks`], the one predicate that validation, drawing, classification and the
//! tests' oracles use), the symmetry group the problem keeps ([`Rules::group`]), the name that
//! goes into a plan's identity ([`Rules::id`], [`Rules::identity_suffix`]: checkpoints and
//! parts of different rules never mix), and the bitmask row step the plain searches are
//! written over (`RowStep`, one type per rule set): `enumerate`, the `solutions` iterator,
//! the plain and symmetric profiles, and both Burnside searches (the half turn steps its top
//! rows and sees its mirror rows through `RowStep::advance` and `mirror`; the quarter turn
//! draws each square's attacks with the step). None of them writes a diagonal shift of its
//! own. A search is generic over the step and compiled once per rule set; `with_row_step!`
//! picks the rules' step once at its top, so the queens' search is the same code it was with
//! the queens alone.
//!
//! The rule sets ([`Rules::ALL`]): the queen and the superqueen (queen + knight, the amazon)
//! on the plane n×n board and on the n×n torus (both diagonals wrap around), combinable, each
//! counted in classes under the 8 symmetries of the square (D4). [`Rules::QUEENS`] is the
//! n-queens problem, which every engine counts; the plain engines (enumerate, and the plain
//! profile) count every rule set.
//!
//! # Adding a rule set (another piece, given squares)
//!
//! The files a newcomer touches (checked by adding a piece: only this file failed to compile):
//!
//! 1. this file: a [`Piece`] or [`Surface`] variant (or a field, such as given and blocked
//!    squares) and its entry in [`Piece::ALL`] or [`Surface::ALL`], its arms in
//!    [`Piece::name`]/[`Piece::plural`], [`Rules::attacks`], [`Rules::group`], [`Rules::id`]
//!    and `with_row_step!`, and its `RowStep` (a piece whose attack reaches only the next
//!    rows, as the knight's part of a superqueen, carries masks for those rows, as
//!    `Superqueens` does; a board whose lines wrap rotates the diagonals, as
//!    `TorusQueens` does). The plain searches, the profiles, [`crate::Counter`],
//!    checkpoints, parts, the command line's `--piece`/`--board` and Python's `piece=`/`board=`
//!    then follow; the symmetric engine refuses the new rules in one line
//!    ([`Rules::on_the_ring_plans`], [`Rules::on_the_torus_plan`]) and the enumerate engine
//!    counts them;
//! 2. `src/formats/named.rs` and `data/variants.csv`: the published values to check against
//!    (their A-numbers, and the values, which `src/verify.rs` reads by those A-numbers);
//! 3. for speed, the engines extended: the symmetric engine's border geometry and the kernels'
//!    rule traits (`search/kernel/rule.rs`, `search/kernel/batched/rule.rs`), and then
//!    [`Rules::on_the_ring_plans`].
//!
//! Written over the rules too: [`crate::board::validate`] (a [`crate::Solution`] is one of
//! the queens, the loosest rules), `draw::render`'s attack picture (`attacks_svg`), and
//! [`crate::classify::classify_under`] and [`crate::classify::for_each_class`] (classes under
//! [`Rules::group`], the torus's own group included: `crate::torus_group`). Every command
//! takes the rules (`--piece`, `--board`, `--symmetries`), and `crate::given` counts the
//! completions of a partial board under them. The symmetric engine counts the plane's
//! pieces (its ring plans and kernels follow the knight: every kernel has an instance of its
//! search for the superqueen, with the knight's word) and the queens on the torus (the torus
//! plan, `crate::search::engines::torus`), and the superqueens on the torus with the same plan
//! (its group the square's 8 alone, its search leaving out the knight's squares).
//!
//! This module is the bottom of the library: it names no other module's items, so that
//! [`crate::board`] (validation) and [`crate::symmetry`] (the group's elements) can use it.

use std::fmt;

/// The piece every square of a solution holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
// `--piece`'s values (the command line's names, and its help of each).
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
pub enum Piece {
    /// The queen: any distance along its row, its column and both diagonals.
    #[default]
    Queen,
    /// The superqueen (the amazon): the queen's moves and the knight's (OEIS A051223 on the
    /// plane board).
    #[cfg_attr(
        feature = "cli",
        value(
            alias = "amazon",
            help = "The superqueen (also `amazon`): the queen's moves and the knight's \
            (OEIS A051223)"
        )
    )]
    Superqueen,
}

impl Piece {
    /// Every piece, in the order of `--piece`'s values.
    pub const ALL: [Piece; 2] = [Piece::Queen, Piece::Superqueen];

    /// The piece's name, as the command line and the published tables write it.
    pub fn name(self) -> &'static str {
        match self {
            Piece::Queen => "queen",
            Piece::Superqueen => "superqueen",
        }
    }

    /// The pieces in words, as captions and messages write them: `queens`, `superqueens`.
    pub fn plural(self) -> &'static str {
        match self {
            Piece::Queen => "queens",
            Piece::Superqueen => "superqueens",
        }
    }

    /// The piece named `name` ([`Piece::name`], or `amazon`, the superqueen's other name), as
    /// the command line and the Python module take it.
    ///
    /// ```
    /// use queens::rules::Piece;
    /// assert_eq!(Piece::named("amazon"), Some(Piece::Superqueen));
    /// assert_eq!(Piece::named("rook"), None);
    /// ```
    pub fn named(name: &str) -> Option<Piece> {
        match name {
            "amazon" => Some(Piece::Superqueen),
            _ => Piece::ALL.into_iter().find(|p| p.name() == name),
        }
    }
}

/// The board the pieces stand on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
// `--board`'s values (the command line's names, and its help of each).
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
pub enum Surface {
    /// The plane n×n board: lines end at the edges (the default, that of [`Rules::QUEENS`]).
    #[default]
    #[cfg_attr(feature = "cli", value(help = "The n×n board: lines end at its edges"))]
    Plane,
    /// The n×n torus: rows and columns wrap around, so both diagonals through `(r, c)` are
    /// the squares with `r − c`, respectively `r + c`, the same mod n, and a knight's move
    /// wraps too (queens: solutions only for gcd(n, 6) = 1, OEIS A051906: 10 for n = 5, 28 for
    /// n = 7, against the plane's 10 and 40).
    #[cfg_attr(
        feature = "cli",
        value(
            help = "The n×n torus: both diagonals (and a knight's move) wrap around (queens: \
            OEIS A051906)"
        )
    )]
    Torus,
}

impl Surface {
    /// Every board, in the order of `--board`'s values.
    pub const ALL: [Surface; 2] = [Surface::Plane, Surface::Torus];

    /// The board's name, as the command line and the published tables write it.
    pub fn name(self) -> &'static str {
        match self {
            Surface::Plane => "plane",
            Surface::Torus => "torus",
        }
    }

    /// The board in words, as captions write it: `the plane`, `the torus`.
    pub fn words(self) -> &'static str {
        match self {
            Surface::Plane => "the plane",
            Surface::Torus => "the torus",
        }
    }

    /// The board named `name` ([`Surface::name`]).
    pub fn named(name: &str) -> Option<Surface> {
        Surface::ALL.into_iter().find(|s| s.name() == name)
    }
}

/// The symmetry group under which solutions are counted in classes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
// `--symmetries`' values (the command line's names, and its help of each).
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
pub enum Group {
    /// The 8 rotations and reflections of the square (the dihedral group D4; its elements
    /// are [`crate::symmetry::Transform`]s).
    #[cfg_attr(
        feature = "cli",
        value(help = "The 8 rotations and reflections of the square")
    )]
    Square,
    /// The torus group: the 8 symmetries of the square with the n² shifts of the torus
    /// (8n² elements; [`crate::torus_group`]), on the torus board only (OEIS A053994).
    #[cfg_attr(
        feature = "cli",
        value(help = "The square's 8 with the n² shifts of the torus (the torus board only)")
    )]
    Torus,
}

impl Group {
    /// The group's name, as outputs write it: `D4`, `torus`.
    pub fn name(self) -> &'static str {
        match self {
            Group::Square => "D4",
            Group::Torus => "torus",
        }
    }

    /// The number of elements on an n×n board: 8, or 8n² for the torus group.
    pub fn order(self, n: usize) -> u128 {
        match self {
            Group::Square => 8,
            Group::Torus => 8 * (n as u128) * (n as u128),
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
    /// The group of the classes ([`Rules::group`]): by default the torus group on the
    /// torus ([`Rules::new`]); [`Rules::under`] chooses.
    pub group: Group,
}

impl Default for Rules {
    fn default() -> Rules {
        Rules::QUEENS
    }
}

/// The knight's 8 moves, as (rows, columns).
const KNIGHT: [(i64, i64); 8] = [
    (1, 2),
    (1, -2),
    (-1, 2),
    (-1, -2),
    (2, 1),
    (2, -1),
    (-2, 1),
    (-2, -1),
];

impl Rules {
    /// The n-queens problem: queens on the plane board, under D4. Every engine counts it.
    pub const QUEENS: Rules = Rules::new(Piece::Queen, Surface::Plane);

    /// Superqueens (amazons) on the plane board (OEIS A051223).
    pub const SUPERQUEENS: Rules = Rules::new(Piece::Superqueen, Surface::Plane);

    /// Queens on the torus (OEIS A051906).
    pub const TORUS_QUEENS: Rules = Rules::new(Piece::Queen, Surface::Torus);

    /// Superqueens on the torus (nothing published).
    pub const TORUS_SUPERQUEENS: Rules = Rules::new(Piece::Superqueen, Surface::Torus);

    /// A piece on a board, its classes under the board's own group: the 8 symmetries of the
    /// square on the plane, the torus group on the torus.
    pub const fn new(piece: Piece, surface: Surface) -> Rules {
        let group = match surface {
            Surface::Plane => Group::Square,
            Surface::Torus => Group::Torus,
        };
        Rules {
            piece,
            surface,
            group,
        }
    }

    /// These rules with their classes under `group`; the torus group on the plane board is
    /// refused (its shifts do not keep the plane's solutions), as the error says.
    ///
    /// ```
    /// use queens::rules::{Group, Rules};
    /// assert_eq!(Rules::TORUS_QUEENS.group(), Group::Torus);
    /// assert_eq!(Rules::TORUS_QUEENS.under(Group::Square)?.group(), Group::Square);
    /// assert!(Rules::QUEENS.under(Group::Torus).is_err());
    /// # Ok::<(), String>(())
    /// ```
    pub fn under(self, group: Group) -> Result<Rules, String> {
        match (self.surface, group) {
            (Surface::Plane, Group::Torus) => Err(format!(
                "the torus group keeps the solutions of the torus board only, not those of {}",
                self.id()
            )),
            _ => Ok(Rules { group, ..self }),
        }
    }

    /// Whether these rules are one the library counts: `Err` (the message of
    /// [`Rules::under`]) for the torus group on the plane board, which the fields, being
    /// public, can name although [`Rules::under`] refuses it. Every entry point that takes
    /// rules (the [`crate::Counter`], [`crate::classify::classify_under`],
    /// [`crate::given::Partial::parse`], [`crate::fixed::count_fixed`]) asks here first.
    ///
    /// ```
    /// use queens::rules::{Group, Piece, Rules, Surface};
    /// assert!(Rules::TORUS_QUEENS.check().is_ok());
    /// let odd = Rules { piece: Piece::Queen, surface: Surface::Plane, group: Group::Torus };
    /// assert!(odd.check().is_err());
    /// ```
    pub fn check(&self) -> Result<(), String> {
        self.under(self.group).map(|_| ())
    }

    /// Every rule set, queens first.
    pub const ALL: [Rules; 4] = [
        Rules::QUEENS,
        Rules::SUPERQUEENS,
        Rules::TORUS_QUEENS,
        Rules::TORUS_SUPERQUEENS,
    ];

    /// Whether the symmetric engine's ring plans and kernels count these rules: the queen and
    /// the superqueen on the plane board (their border geometry and the kernels' words follow
    /// those two pieces; a piece added here is counted by the enumerate engine until they
    /// follow it too, and every other engine and split refuses it in one line).
    pub fn on_the_ring_plans(&self) -> bool {
        self.surface == Surface::Plane && matches!(self.piece, Piece::Queen | Piece::Superqueen)
    }

    /// Whether the symmetric engine's torus plan counts these rules: the queens and the
    /// superqueens on the torus.
    pub fn on_the_torus_plan(&self) -> bool {
        self.surface == Surface::Torus && matches!(self.piece, Piece::Queen | Piece::Superqueen)
    }

    /// Whether these are the rules of the n-queens problem ([`Rules::QUEENS`]), the rules
    /// every engine and plan supports.
    pub fn is_queens(&self) -> bool {
        *self == Rules::QUEENS
    }

    /// The most boards one node of a search can stand for on an n×n board: a solution found
    /// and its images under the symmetries an engine uses, 8 on the plane (the square's), at
    /// most 8n² on the torus (the torus engine's orbits of the n shifts and 8φ(n) linear maps).
    /// Readers of tallies refuse fewer nodes than boards / this: values no run writes.
    ///
    /// ```
    /// use queens::rules::Rules;
    /// assert_eq!(Rules::QUEENS.boards_per_node(13), 8);
    /// assert_eq!(Rules::TORUS_QUEENS.boards_per_node(13), 8 * 169);
    /// ```
    pub fn boards_per_node(&self, n: usize) -> u128 {
        match self.surface {
            Surface::Plane => 8,
            Surface::Torus => 8 * (n as u128).max(1).pow(2),
        }
    }

    /// Whether `self` and `other` are the same problem, the same piece on the same board,
    /// whatever group their classes are taken under.
    pub fn same_problem(&self, other: &Rules) -> bool {
        (self.piece, self.surface) == (other.piece, other.surface)
    }

    /// Whether a piece on square `a` attacks one on square `b` of an `n`×`n` board, squares
    /// as (row, column): the one attack predicate. A square does not attack itself. (The
    /// plane's pieces do not need `n`; a board whose lines wrap does.)
    ///
    /// ```
    /// use queens::rules::Rules;
    /// let q = Rules::QUEENS;
    /// assert!(q.attacks(6, (0, 0), (3, 3)) && q.attacks(6, (2, 5), (2, 0)) && q.attacks(6, (1, 4), (3, 2)));
    /// assert!(!q.attacks(6, (0, 0), (1, 2)) && !q.attacks(6, (4, 4), (4, 4)));
    /// // The superqueen adds the knight's move; the torus wraps the diagonals round.
    /// assert!(Rules::SUPERQUEENS.attacks(6, (0, 0), (1, 2)));
    /// assert!(Rules::TORUS_QUEENS.attacks(6, (0, 0), (5, 1)) && !q.attacks(6, (0, 0), (5, 1)));
    /// ```
    #[inline]
    pub fn attacks(&self, n: usize, a: (usize, usize), b: (usize, usize)) -> bool {
        if a == b {
            return false;
        }
        let (dr, dc) = (a.0.abs_diff(b.0), a.1.abs_diff(b.1));
        let line = match self.surface {
            Surface::Plane => dr == 0 || dc == 0 || dr == dc,
            // A difference of d mod n is d or n − d as a distance (both below n).
            Surface::Torus => dr == 0 || dc == 0 || dr == dc || dr + dc == n,
        };
        let knight = || match self.surface {
            Surface::Plane => (dr, dc) == (1, 2) || (dr, dc) == (2, 1),
            // The 8 moves are closed under the sign of either coordinate, so the distances
            // stand for the signed differences; a move counts mod n.
            Surface::Torus => {
                let n = n as i64;
                KNIGHT.iter().any(|&(x, y)| {
                    x.rem_euclid(n) == dr as i64 % n && y.rem_euclid(n) == dc as i64 % n
                })
            }
        };
        line || (self.piece == Piece::Superqueen && knight())
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

    /// The symmetry group under which the rules' classes are counted: the square's 8
    /// symmetries (D4) on the plane; on the torus the torus group (with its n² shifts) unless
    /// [`Rules::under`] chose D4. Each of them keeps the attacks of every rule set it is
    /// allowed for (the knight's move and the torus's wrapped lines included), so the classes
    /// are well defined.
    pub fn group(&self) -> Group {
        self.group
    }

    /// A stable name of the rules (`queen-plane`, `superqueen-plane`, `queen-torus`,
    /// `superqueen-torus`), for messages and plan identities.
    pub fn id(&self) -> &'static str {
        match (self.piece, self.surface) {
            (Piece::Queen, Surface::Plane) => "queen-plane",
            (Piece::Superqueen, Surface::Plane) => "superqueen-plane",
            (Piece::Queen, Surface::Torus) => "queen-torus",
            (Piece::Superqueen, Surface::Torus) => "superqueen-torus",
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

    /// The rules a plan identity names ([`Rules::identity_suffix`] ends it): the queens' for
    /// an identity without a suffix of other rules; their classes under the square's 8
    /// symmetries, the classes a part row or a checkpoint carries (the torus group's are
    /// counted in one run only: [`crate::plan::Tally::torus`]).
    ///
    /// ```
    /// use queens::rules::{Group, Rules};
    /// let torus = Rules::of_identity("enumerate-prefix3-v1+superqueen-torus");
    /// assert_eq!(torus, Rules::TORUS_SUPERQUEENS.under(Group::Square)?);
    /// assert_eq!(Rules::of_identity("symmetric-ring-v9"), Rules::QUEENS);
    /// # Ok::<(), String>(())
    /// ```
    pub fn of_identity(identity: &str) -> Rules {
        let rules = Rules::ALL[1..]
            .iter()
            .copied()
            .find(|r| identity.ends_with(&r.identity_suffix()))
            .unwrap_or(Rules::QUEENS);
        Rules {
            group: Group::Square,
            ..rules
        }
    }

    /// Whether no reflection of the square fixes a solution of `n` > 1 under these rules:
    /// true for every rule set at least as strict as the plane's queen (whose attacks
    /// include the queen's on the plane), which is every rule set here. A solution fixed by
    /// a reflection in a side's axis would hold two pieces in one row (or a piece on the
    /// centre line of an even board's row, which is no square); one fixed by a reflection in
    /// a diagonal is a permutation that is its own inverse, whose pairs of squares
    /// `(i, j)`, `(j, i)` share an anti-diagonal and whose fixed squares share the diagonal.
    /// [`crate::plan::Tally::classes`] counts classes by Burnside's lemma on that ground.
    pub fn no_reflection_fixes_a_solution(&self) -> bool {
        // Each rule set's attacks contain the plane queen's (the torus adds wrapped lines,
        // the superqueen the knight's squares); `rules::tests` checks it square by square.
        true
    }
}

/// The unit tests' second rule set, queens on the torus ([`Rules::TORUS_QUEENS`]): the
/// rules the plain searches, the Burnside searches, [`crate::Counter`] and its checkpoints are
/// shown to follow and keep apart from the queens'.
#[cfg(test)]
pub(crate) const TEST_RULES: Rules = Rules::TORUS_QUEENS;

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

/// The one-line refusal of an engine or plan that counts the queens alone and not `rules`.
// The command line's refusals (and the library's own): not part of the library's API.
#[doc(hidden)]
pub fn unsupported(what: &str, rules: &Rules) -> String {
    refusal(what, rules, Rules::is_queens)
}

/// The one-line refusal of `what`, which does not count `rules`, naming every rule set it
/// does count (those `counts` says yes to, in the order of [`Rules::ALL`]).
pub(crate) fn refusal(what: &str, rules: &Rules, counts: impl Fn(&Rules) -> bool) -> String {
    let counted: Vec<&str> = Rules::ALL
        .iter()
        .filter(|r| counts(r))
        .map(Rules::id)
        .collect();
    let list = match counted.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
        _ => counted.join(""),
    };
    format!("{what} does not count the rules {rules}; it counts only {list}")
}

/// The state of a row-by-row bitmask search after some rows are filled, for one rule set:
/// masks over the columns of the next row to fill (bit `c` = column `c`, `n ≤ 32`). Every
/// plain search (`enumerate`, the `solutions` iterator, the plain and symmetric profiles, the
/// Burnside searches) is written over this trait and compiled once per rule set
/// (`with_row_step!` picks the one of a [`Rules`] once, at the top of a search); none of
/// them knows how a piece attacks. Each rule set's state holds only the masks its piece
/// needs: the queens' step stays three masks in registers (a field of 2 bytes more cost the
/// plain profile of 14 about 1.2× its time).
///
/// The queen's masks: the columns taken, and the squares of the next row attacked along the
/// diagonals whose column grows by one per row (`left`, shifted `<< 1` from one row to the
/// next) and along those whose column shrinks (`right`, `>> 1`); on the torus the diagonals
/// rotate within the n columns instead. The knight's part of a superqueen reaches only the
/// next two rows: its state adds the knight's squares of the next row and of the one after.
pub(crate) trait RowStep: Copy + fmt::Debug + Send + Sync + 'static {
    /// The rules the state follows.
    const RULES: Rules;

    /// The state before any row is filled.
    fn start() -> Self;

    /// The same state with the columns `cols` also taken (by pieces placed outside the row
    /// order, such as the border queens of the symmetric engine, whose other attacks the
    /// caller keeps itself).
    fn with_columns(self, cols: u32) -> Self;

    /// Squares of the next row (within `full`, the mask of the board's columns) attacked by
    /// no piece placed so far.
    fn free(self, full: u32) -> u32;

    /// The state after a piece on the square `bit` (a single set bit) of the next row, seen
    /// from the row below it.
    fn place(self, bit: u32, full: u32) -> Self;

    /// The state after a piece on the square `bit` of the next row, seen from `rows` rows
    /// below that row (`1 ≤ rows < 32`): [`RowStep::place`] then [`RowStep::advance`] by
    /// `rows − 1` (the symmetric profile's free rows are 1 to 3 rows apart).
    #[inline(always)]
    fn place_down(self, bit: u32, rows: u32, full: u32) -> Self {
        self.place(bit, full).advance(rows - 1, full)
    }

    /// The state `rows` rows further down (`rows < 32`) with nothing placed in between: the
    /// rows skipped are filled some other way (the symmetric engine's border rows) or are
    /// looked at from afar (the half-turn search looks at the mirror row of the next one).
    fn advance(self, rows: u32, full: u32) -> Self;
}

/// Runs `$body` with the type `$S` standing for the [`RowStep`] of the rules `$rules`: one
/// match at the top of a search, and below it a search compiled for that rule set alone.
///
/// ```ignore
/// let nodes = with_row_step!(rules, S => search::<S>(n));
/// ```
macro_rules! with_row_step {
    ($rules:expr, $S:ident => $body:expr) => {{
        let rules: $crate::rules::Rules = $rules;
        match (rules.piece, rules.surface) {
            ($crate::rules::Piece::Queen, $crate::rules::Surface::Plane) => {
                type $S = $crate::rules::Queens;
                $body
            }
            ($crate::rules::Piece::Queen, $crate::rules::Surface::Torus) => {
                type $S = $crate::rules::TorusQueens;
                $body
            }
            ($crate::rules::Piece::Superqueen, $crate::rules::Surface::Plane) => {
                type $S = $crate::rules::Superqueens;
                $body
            }
            ($crate::rules::Piece::Superqueen, $crate::rules::Surface::Torus) => {
                type $S = $crate::rules::TorusSuperqueens;
                $body
            }
        }
    }};
}
pub(crate) use with_row_step;

/// The row step of queens on the plane ([`Rules::QUEENS`]): the diagonal attacks move one
/// column per row, `left` shifts up and `right` down; the bits shifted past column n−1 are
/// cut off by `full`, those past column 0 fall off.
pub(crate) type Queens = QueenMasks<false>;

/// The row step of queens on the torus ([`Rules::TORUS_QUEENS`]): the queen's masks, with
/// the diagonals rotated within the n columns (a diagonal leaving column n−1 comes back in
/// column 0).
pub(crate) type TorusQueens = QueenMasks<true>;

/// The queen's three masks (the columns taken, the two diagonals' squares of the next row),
/// on the plane (`WRAP` false: [`Queens`]) or on the torus (`WRAP` true: `TorusQueens`).
/// `WRAP` is a constant, so each board compiles to its own step with no branch.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct QueenMasks<const WRAP: bool> {
    cols: u32,
    left: u32,
    right: u32,
}

impl<const WRAP: bool> QueenMasks<WRAP> {
    /// `left`'s diagonals `rows` rows further down: shifted up and cut at column n−1 on the
    /// plane, rotated on the torus.
    #[inline(always)]
    fn up(mask: u32, rows: u32, full: u32) -> u32 {
        if WRAP {
            rotate(mask, rows as i32, full)
        } else {
            (mask << rows) & full
        }
    }

    /// `right`'s diagonals `rows` rows further down: shifted down (falling off column 0) on
    /// the plane, rotated on the torus.
    #[inline(always)]
    fn down(mask: u32, rows: u32, full: u32) -> u32 {
        if WRAP {
            rotate(mask, -(rows as i32), full)
        } else {
            mask >> rows
        }
    }
}

impl<const WRAP: bool> RowStep for QueenMasks<WRAP> {
    const RULES: Rules = if WRAP {
        Rules::TORUS_QUEENS
    } else {
        Rules::QUEENS
    };

    #[inline(always)]
    fn start() -> Self {
        QueenMasks {
            cols: 0,
            left: 0,
            right: 0,
        }
    }

    #[inline(always)]
    fn with_columns(self, cols: u32) -> Self {
        QueenMasks {
            cols: self.cols | cols,
            ..self
        }
    }

    #[inline(always)]
    fn free(self, full: u32) -> u32 {
        full & !(self.cols | self.left | self.right)
    }

    #[inline(always)]
    fn place(self, bit: u32, full: u32) -> Self {
        self.place_down(bit, 1, full)
    }

    #[inline(always)]
    fn place_down(self, bit: u32, rows: u32, full: u32) -> Self {
        QueenMasks {
            cols: self.cols | bit,
            left: Self::up(self.left | bit, rows, full),
            right: Self::down(self.right | bit, rows, full),
        }
    }

    #[inline(always)]
    fn advance(self, rows: u32, full: u32) -> Self {
        QueenMasks {
            cols: self.cols,
            left: Self::up(self.left, rows, full),
            right: Self::down(self.right, rows, full),
        }
    }
}

/// The knight's part of a superqueen's state: its squares in the next row (`near`: two
/// columns from a piece one row up, one column from a piece two rows up) and in the row after
/// it (`far`: one column from the piece just placed).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
struct Knight {
    near: u32,
    far: u32,
}

impl Knight {
    /// After a piece whose knight squares are `two` (two columns away, the next row) and
    /// `one` (one column away, the row after).
    #[inline(always)]
    fn place(self, two: u32, one: u32) -> Knight {
        Knight {
            near: self.far | two,
            far: one,
        }
    }

    /// `rows` rows further down with nothing placed: the knight reaches two rows only.
    #[inline(always)]
    fn advance(self, rows: u32) -> Knight {
        match rows {
            0 => self,
            1 => Knight {
                near: self.far,
                far: 0,
            },
            _ => Knight::default(),
        }
    }
}

/// The row step of superqueens on the plane ([`Rules::SUPERQUEENS`]): the queen's masks
/// and the knight's squares of the next two rows (`Knight`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Superqueens {
    queen: Queens,
    knight: Knight,
}

impl RowStep for Superqueens {
    const RULES: Rules = Rules::SUPERQUEENS;

    #[inline(always)]
    fn start() -> Self {
        Superqueens {
            queen: Queens::start(),
            knight: Knight::default(),
        }
    }

    #[inline(always)]
    fn with_columns(self, cols: u32) -> Self {
        Superqueens {
            queen: self.queen.with_columns(cols),
            ..self
        }
    }

    #[inline(always)]
    fn free(self, full: u32) -> u32 {
        self.queen.free(full) & !self.knight.near
    }

    #[inline(always)]
    fn place(self, bit: u32, full: u32) -> Self {
        Superqueens {
            queen: self.queen.place(bit, full),
            knight: self
                .knight
                .place((bit << 2 | bit >> 2) & full, (bit << 1 | bit >> 1) & full),
        }
    }

    #[inline(always)]
    fn advance(self, rows: u32, full: u32) -> Self {
        Superqueens {
            queen: self.queen.advance(rows, full),
            knight: self.knight.advance(rows),
        }
    }
}

/// The row step of superqueens on the torus ([`Rules::TORUS_SUPERQUEENS`]): the torus
/// queen's masks and the knight's squares of the next two rows, rotated; and, since a
/// knight's move also wraps from the first two rows to the last two, the row to fill next
/// and the knight's squares the pieces of rows 0 and 1 reach across the edge in row n−1
/// (`wrap_last`: rows 0 → n−1 two columns away, 1 → n−1 one column away) and in row n−2
/// (`wrap_second`: rows 0 → n−2 one column away).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct TorusSuperqueens {
    queen: TorusQueens,
    knight: Knight,
    row: u32,
    wrap_last: u32,
    wrap_second: u32,
}

impl RowStep for TorusSuperqueens {
    const RULES: Rules = Rules::TORUS_SUPERQUEENS;

    #[inline(always)]
    fn start() -> Self {
        TorusSuperqueens {
            queen: TorusQueens::start(),
            knight: Knight::default(),
            row: 0,
            wrap_last: 0,
            wrap_second: 0,
        }
    }

    #[inline(always)]
    fn with_columns(self, cols: u32) -> Self {
        TorusSuperqueens {
            queen: self.queen.with_columns(cols),
            ..self
        }
    }

    #[inline(always)]
    fn free(self, full: u32) -> u32 {
        let n = full.count_ones();
        let mut taken = self.knight.near;
        if self.row + 1 == n {
            taken |= self.wrap_last;
        }
        if self.row + 2 == n {
            taken |= self.wrap_second;
        }
        self.queen.free(full) & !taken
    }

    #[inline(always)]
    fn place(self, bit: u32, full: u32) -> Self {
        let two = rotate(bit, 2, full) | rotate(bit, -2, full);
        let one = rotate(bit, 1, full) | rotate(bit, -1, full);
        let (mut wrap_last, mut wrap_second) = (self.wrap_last, self.wrap_second);
        match self.row {
            0 => {
                wrap_last |= two;
                wrap_second |= one;
            }
            1 => wrap_last |= one,
            _ => {}
        }
        TorusSuperqueens {
            queen: self.queen.place(bit, full),
            knight: self.knight.place(two, one),
            row: self.row + 1,
            wrap_last,
            wrap_second,
        }
    }

    #[inline(always)]
    fn advance(self, rows: u32, full: u32) -> Self {
        TorusSuperqueens {
            queen: self.queen.advance(rows, full),
            knight: self.knight.advance(rows),
            row: self.row + rows,
            ..self
        }
    }
}

/// `mask` rotated `by` columns up (down when negative) within the columns of `full`: the
/// diagonals of a board whose lines wrap (and the knight's squares there).
#[inline(always)]
fn rotate(mask: u32, by: i32, full: u32) -> u32 {
    let n = full.count_ones();
    let by = by.rem_euclid(n as i32) as u32;
    let wide = u64::from(mask) << by;
    ((wide | wide >> n) as u32) & full
}

/// The columns of `mask` (a mask of an `n`-column row, `1 ≤ n ≤ 32`) mirrored: column `c`
/// becomes column `n − 1 − c`.
#[inline(always)]
pub(crate) fn mirror(mask: u32, n: usize) -> u32 {
    mask.reverse_bits() >> (32 - n)
}

/// The mask of the `n` columns of a board (`n ≤ 32`; 0 for the empty board).
#[inline]
pub(crate) fn full_mask(n: usize) -> u32 {
    ((1u64 << n) - 1) as u32
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The attack rule written from its definition: the signed differences, counted mod n on
    /// the torus, against the queen's lines and (superqueens) the knight's 8 moves.
    fn defined(rules: Rules, n: usize, a: (usize, usize), b: (usize, usize)) -> bool {
        let n = n as i64;
        let (dr, dc) = (b.0 as i64 - a.0 as i64, b.1 as i64 - a.1 as i64);
        let same = |x: i64, y: i64| match rules.surface {
            Surface::Plane => x == y,
            Surface::Torus => (x - y).rem_euclid(n) == 0,
        };
        let line = dr == 0 || dc == 0 || same(dr, dc) || same(dr, -dc);
        let knight = rules.piece == Piece::Superqueen
            && KNIGHT.iter().any(|&(x, y)| same(dr, x) && same(dc, y));
        a != b && (line || knight)
    }

    #[test]
    fn each_piece_attacks_as_defined() {
        let q = Rules::QUEENS;
        for n in 1..=7 {
            for a in 0..n {
                for b in 0..n {
                    for c in 0..n {
                        for d in 0..n {
                            for rules in Rules::ALL {
                                let attacks = rules.attacks(n, (a, b), (c, d));
                                assert_eq!(
                                    attacks,
                                    defined(rules, n, (a, b), (c, d)),
                                    "{rules} {n}: {a} {b} {c} {d}"
                                );
                                assert_eq!(attacks, rules.attacks(n, (c, d), (a, b)));
                                // Every rule set is at least as strict as the plane's queen
                                // (what `no_reflection_fixes_a_solution` stands on).
                                assert!(attacks || !q.attacks(n, (a, b), (c, d)));
                            }
                        }
                    }
                }
            }
        }
        assert!(!q.any_attack(&[1, 3, 0, 2]) && q.any_attack(&[0, 2, 1, 3]));
        let torus = Rules::TORUS_QUEENS;
        assert!(torus.attacks(6, (0, 0), (5, 1)) && !q.attacks(6, (0, 0), (5, 1)));
        assert!(!torus.any_attack(&[0, 2, 4, 1, 3]) && torus.any_attack(&[1, 3, 0, 2]));
        // A knight's move: the superqueen's alone; on the torus also across the edge.
        let (sq, st) = (Rules::SUPERQUEENS, Rules::TORUS_SUPERQUEENS);
        assert!(sq.attacks(8, (0, 0), (1, 2)) && !q.attacks(8, (0, 0), (1, 2)));
        assert!(st.attacks(8, (0, 0), (7, 2)) && !sq.attacks(8, (0, 0), (7, 2)));
        assert!(!sq.any_attack(&[2, 5, 8, 0, 3, 6, 9, 1, 4, 7]));
    }

    /// Every partial board of up to `depth` rows on `n` columns under `S`: the row step's
    /// free squares, in the next row and (advanced, for pieces whose attacks the step
    /// carries to any row) in every row below it, are the squares that `attacks` leaves
    /// free. Returns the partial boards met.
    fn walk_tree<S: RowStep>(n: usize, depth: usize, far_rows: bool) -> usize {
        fn expected(q: Rules, n: usize, path: &[usize], row: usize) -> u32 {
            (0..n)
                .filter(|&c| {
                    path.iter()
                        .enumerate()
                        .all(|(r, &pc)| !q.attacks(n, (r, pc), (row, c)))
                })
                .fold(0u32, |m, c| m | 1 << c)
        }
        fn walk<S: RowStep>(
            n: usize,
            depth: usize,
            far: bool,
            s: S,
            path: &mut Vec<usize>,
        ) -> usize {
            let (row, full, q) = (path.len(), full_mask(n), S::RULES);
            assert_eq!(s.free(full), expected(q, n, path, row), "{q} {n} {path:?}");
            if far {
                for below in row + 1..n {
                    let ahead = s.advance((below - row) as u32, full).free(full);
                    assert_eq!(ahead, expected(q, n, path, below), "{q} {path:?} {below}");
                }
            }
            if row == depth.min(n) {
                return 1;
            }
            let mut boards = 1;
            for c in 0..n {
                if s.free(full) & 1 << c != 0 {
                    path.push(c);
                    boards += walk(n, depth, far, s.place(1 << c, full), path);
                    path.pop();
                }
            }
            boards
        }
        walk(n, depth, far_rows, S::start(), &mut Vec::new())
    }

    #[test]
    fn the_row_step_leaves_free_exactly_the_unattacked_squares() {
        // The queens' tree of 6 columns to depth 4 (1 + 6 + 20 + 36 + 46, A319284 for n = 6),
        // and the torus's (1 + 6 + 18 + 24 + 24).
        assert_eq!(
            (
                walk_tree::<Queens>(6, 4, true),
                walk_tree::<TorusQueens>(6, 4, true)
            ),
            (109, 73)
        );
        // The superqueens' steps, whole trees (a knight's move reaches two rows, so only the
        // next row's free squares are the step's to say), the torus's across its edge too.
        for n in 1..=9 {
            walk_tree::<Queens>(n, n, true);
            walk_tree::<TorusQueens>(n, n, true);
            walk_tree::<Superqueens>(n, n, false);
            walk_tree::<TorusSuperqueens>(n, n, false);
        }
        assert_eq!(walk_tree::<Superqueens>(10, 10, false), 893);
        assert_eq!(Queens::start().with_columns(0b101).free(0b111), 0b010);
        assert_eq!(
            (mirror(0b0011, 4), mirror(0b1, 1), mirror(1, 32)),
            (0b1100, 1, 1 << 31)
        );
        // One dispatch picks each rule set's step.
        for rules in Rules::ALL {
            assert_eq!(with_row_step!(rules, S => S::RULES), rules);
        }
    }

    #[test]
    fn no_reflection_fixes_a_solution_of_any_rules() {
        // Every solution of n = 2 to 8 under every rules, by brute force: none is its own
        // image under the 4 reflections of the square (the axes: columns or rows reversed;
        // the diagonals: the inverse permutation, and its image under the half turn).
        for rules in Rules::ALL {
            assert!(rules.no_reflection_fixes_a_solution());
            for n in 2..=8 {
                for p in brute_force_solutions(rules, n) {
                    let m = n as u8 - 1;
                    let mut inverse = vec![0u8; n];
                    for (r, &c) in p.iter().enumerate() {
                        inverse[c as usize] = r as u8;
                    }
                    let anti: Vec<u8> = inverse.iter().rev().map(|&c| m - c).collect();
                    let columns: Vec<u8> = p.iter().map(|&c| m - c).collect();
                    let rows: Vec<u8> = p.iter().rev().copied().collect();
                    for image in [inverse, anti, columns, rows] {
                        assert_ne!(image, p, "{rules} {p:?}");
                    }
                }
            }
        }
    }

    #[test]
    fn only_other_rules_change_a_plan_identity() {
        assert_eq!(Rules::QUEENS.identity_suffix(), "");
        assert_eq!(Rules::default(), Rules::QUEENS);
        assert_eq!(
            (Rules::QUEENS.id(), Rules::QUEENS.group().name()),
            ("queen-plane", "D4")
        );
        assert_eq!(Rules::QUEENS.group().order(13), 8);
        assert_eq!(Rules::TORUS_QUEENS.group().order(13), 8 * 169);
        let ids: Vec<String> = Rules::ALL.iter().map(Rules::identity_suffix).collect();
        assert_eq!(
            ids,
            ["", "+superqueen-plane", "+queen-torus", "+superqueen-torus"]
        );
        assert!(Rules::ALL[1..].iter().all(|r| !r.is_queens()));
        assert!(
            Rules::ALL
                .iter()
                .all(|r| r.no_reflection_fixes_a_solution())
        );
    }
}
