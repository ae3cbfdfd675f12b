//! The plain reference searches for the variants of issue 40, written apart from the library:
//! nothing here calls `queens`. Three searches of one definition, each simple enough to read in
//! one sitting, so that the engines have something independent to be checked against:
//!
//! - [`brute_force`]: every permutation of the columns, kept when no two pieces attack
//!   ([`attacks`], the definition itself) and the givens and blocked squares are respected;
//! - [`bitmask`]: the row-by-row bitmask backtracking of `../shared/bench/plain_variants.c`
//!   (columns and diagonals as masks, shifted on the plane and rotated on the torus; the knight
//!   squares from the queens of the rows around), with the givens pre-placed; it counts nodes;
//! - [`backtrack`]: row-by-row backtracking that checks each new piece against every placed one
//!   with [`attacks`]: the node counts' second opinion.
//!
//! A solution is the column of each row's piece, row 0 the top row (rank n in the tool's
//! algebraic notation). Squares are `(row, column)`.
//!
//! **Nodes** count as the library's `nodes` does for queens (`queens count N --engine enumerate
//! --csv -`, A319283): the partial boards of the backtracking tree, the empty board included.
//! With givens, the tree is the one over the remaining rows: its root is the board of the givens
//! alone, and its nodes are the non-attacking placements of a prefix (in row order) of the rows
//! without a given, each clear of the givens' attacks and the blocked squares. So a torus search
//! with the queen of row 0 given in column 0 (A071607) counts the nodes of that tree.

/// The piece: what it attacks besides its row and its column.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Piece {
    /// The diagonals.
    Queen,
    /// The diagonals and the knight's 8 squares (an amazon).
    Superqueen,
}

/// The board: whether lines of attack wrap around.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Board {
    /// The ordinary n x n board.
    Plane,
    /// The n x n torus: rows and columns wrap around, so both diagonals through (r, c) are the
    /// squares with r - c, respectively r + c, the same mod n; a knight's move wraps too
    /// (nothing is published for superqueens on a torus: this is the definition we settled).
    Torus,
}

/// A piece on a board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rules {
    /// What attacks.
    pub piece: Piece,
    /// Where.
    pub board: Board,
}

impl Rules {
    /// `piece` on `board`.
    const fn new(piece: Piece, board: Board) -> Rules {
        Rules { piece, board }
    }

    /// The n-queens problem itself.
    pub const QUEEN: Rules = Rules::new(Piece::Queen, Board::Plane);
    /// Superqueens on the plane (A051223).
    pub const SUPERQUEEN: Rules = Rules::new(Piece::Superqueen, Board::Plane);
    /// Queens on the torus (A051906).
    pub const TORUS: Rules = Rules::new(Piece::Queen, Board::Torus);
    /// Superqueens on the torus (nothing published).
    pub const SUPER_TORUS: Rules = Rules::new(Piece::Superqueen, Board::Torus);
    /// The four combinations.
    pub const ALL: [Rules; 4] = [
        Rules::QUEEN,
        Rules::SUPERQUEEN,
        Rules::TORUS,
        Rules::SUPER_TORUS,
    ];
}

/// A square: (row, column), both from 0.
pub type Square = (usize, usize);

/// The knight's 8 moves.
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

/// Whether a piece on `a` attacks the square `b` of an n x n board (never its own square): the
/// definition every search here follows. Symmetric in `a` and `b`.
pub fn attacks(rules: Rules, n: usize, a: Square, b: Square) -> bool {
    if a == b {
        return false;
    }
    let n = n as i64;
    let dr = b.0 as i64 - a.0 as i64;
    let dc = b.1 as i64 - a.1 as i64;
    // On the torus a difference counts mod n.
    let same = |x: i64, y: i64| match rules.board {
        Board::Plane => x == y,
        Board::Torus => (x - y).rem_euclid(n) == 0,
    };
    let line = dr == 0 || dc == 0 || same(dr, dc) || same(dr, -dc);
    let knight =
        rules.piece == Piece::Superqueen && KNIGHT.iter().any(|&(x, y)| same(dr, x) && same(dc, y));
    line || knight
}

/// One instance: the board size, the rules, the given pieces and the blocked squares.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    /// Board size, 1 to 32.
    pub n: usize,
    /// Piece and board.
    pub rules: Rules,
    /// Squares holding a given piece: every solution has a piece on each.
    pub given: Vec<Square>,
    /// Squares no piece may stand on.
    pub blocked: Vec<Square>,
}

impl Problem {
    /// The whole problem: nothing given, nothing blocked.
    pub fn new(n: usize, rules: Rules) -> Problem {
        assert!((1..=32).contains(&n), "the oracle counts boards of 1 to 32");
        Problem {
            n,
            rules,
            given: Vec::new(),
            blocked: Vec::new(),
        }
    }

    /// The same problem with these squares given.
    pub fn with_given(mut self, squares: &[Square]) -> Problem {
        self.given.extend_from_slice(squares);
        self
    }

    /// The same problem with these squares blocked.
    pub fn with_blocked(mut self, squares: &[Square]) -> Problem {
        self.blocked.extend_from_slice(squares);
        self
    }

    /// The usage errors of issue 40 point 3, naming the squares: a given or blocked square off
    /// the board, a given on a blocked square, two givens that attack each other (two in one
    /// row among them, so also more givens than rows).
    pub fn check(&self) -> Result<(), String> {
        let n = self.n;
        for &(r, c) in self.given.iter().chain(&self.blocked) {
            if r >= n || c >= n {
                return Err(format!("({r}, {c}) is off the {n} x {n} board"));
            }
        }
        for (i, &a) in self.given.iter().enumerate() {
            if self.blocked.contains(&a) {
                return Err(format!("the given {a:?} is blocked"));
            }
            for &b in &self.given[..i] {
                if a == b || attacks(self.rules, n, a, b) {
                    return Err(format!("the givens {b:?} and {a:?} attack each other"));
                }
            }
        }
        Ok(())
    }

    /// Whether `p` (the column of each row) is a solution: the givens on it, no piece on a
    /// blocked square, no two pieces attacking.
    pub fn admits(&self, p: &[u8]) -> bool {
        let n = self.n;
        p.len() == n
            && self.given.iter().all(|&(r, c)| p[r] as usize == c)
            && self.blocked.iter().all(|&(r, c)| p[r] as usize != c)
            && (0..n).all(|i| {
                (0..i).all(|j| !attacks(self.rules, n, (j, p[j] as usize), (i, p[i] as usize)))
            })
    }

    /// The given column of each row, if any.
    fn forced(&self) -> Vec<Option<usize>> {
        let mut forced = vec![None; self.n];
        for &(r, c) in &self.given {
            forced[r] = Some(c);
        }
        forced
    }
}

/// Every solution of `problem`, in increasing order, found by trying every placement of one
/// piece per row and per column that holds the givens: each permutation of the columns left
/// over the rows left ((n - givens)! of them: meant for up to 9 rows left).
pub fn brute_force(problem: &Problem) -> Vec<Vec<u8>> {
    problem.check().expect("a well-formed problem");
    let forced = problem.forced();
    let mut p = vec![0u8; problem.n];
    let mut rows = Vec::new();
    for (r, f) in forced.iter().enumerate() {
        match f {
            Some(c) => p[r] = *c as u8,
            None => rows.push(r),
        }
    }
    let mut cols: Vec<u8> = (0..problem.n as u8)
        .filter(|&c| !problem.given.iter().any(|g| g.1 == c as usize))
        .collect();
    assert_eq!(
        rows.len(),
        cols.len(),
        "givens in distinct rows and columns"
    );
    let mut found = Vec::new();
    loop {
        for (&r, &c) in rows.iter().zip(&cols) {
            p[r] = c;
        }
        if problem.admits(&p) {
            found.push(p.clone());
        }
        if !next_permutation(&mut cols) {
            return found;
        }
    }
}

/// The next permutation in lexicographic order, or false after the last one.
fn next_permutation(p: &mut [u8]) -> bool {
    let Some(i) = (1..p.len()).rev().find(|&i| p[i - 1] < p[i]) else {
        return false;
    };
    let j = (i..p.len()).rev().find(|&j| p[j] > p[i - 1]).unwrap();
    p.swap(i - 1, j);
    p[i..].reverse();
    true
}

/// What a search found.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Solutions.
    pub solutions: u64,
    /// Partial boards visited, the root included (see the module's page).
    pub nodes: u64,
}

/// Row-by-row backtracking over the rows without a given, checking each new piece against every
/// placed piece and given with [`attacks`]; calls `visit` with each solution, in increasing
/// order. Slow, and plain: the second opinion on [`bitmask`]'s nodes.
pub fn backtrack(problem: &Problem, mut visit: impl FnMut(&[u8])) -> Tally {
    fn go(
        pb: &Problem,
        forced: &[Option<usize>],
        p: &mut Vec<u8>,
        t: &mut Tally,
        visit: &mut dyn FnMut(&[u8]),
    ) {
        let r = p.len();
        if r == pb.n {
            t.solutions += 1;
            visit(p);
            return;
        }
        let choices: Vec<usize> = match forced[r] {
            Some(c) => vec![c],
            None => (0..pb.n).collect(),
        };
        for c in choices {
            let clear = !pb.blocked.contains(&(r, c))
                && (0..r).all(|s| !attacks(pb.rules, pb.n, (s, p[s] as usize), (r, c)))
                && pb
                    .given
                    .iter()
                    .all(|&g| g == (r, c) || !attacks(pb.rules, pb.n, g, (r, c)));
            if clear {
                if forced[r].is_none() {
                    t.nodes += 1;
                }
                p.push(c as u8);
                go(pb, forced, p, t, visit);
                p.pop();
            }
        }
    }
    problem.check().expect("a well-formed problem");
    let mut t = Tally {
        solutions: 0,
        nodes: 1,
    };
    go(
        problem,
        &problem.forced(),
        &mut Vec::with_capacity(problem.n),
        &mut t,
        &mut visit,
    );
    t
}

/// The bitmask backtracking search: calls `visit` with each solution, in increasing order, and
/// counts solutions and nodes (see the module's page).
pub fn bitmask(problem: &Problem, mut visit: impl FnMut(&[u8])) -> Tally {
    problem.check().expect("a well-formed problem");
    let n = problem.n;
    let full = (1u64 << n) - 1;
    // The squares of each row that the givens attack or that are blocked.
    let mut pre = vec![0u64; n];
    for (r, mask) in pre.iter_mut().enumerate() {
        for c in 0..n {
            let hit = problem.blocked.contains(&(r, c))
                || problem
                    .given
                    .iter()
                    .any(|&g| g.0 != r && attacks(problem.rules, n, g, (r, c)));
            if hit {
                *mask |= 1 << c;
            }
        }
    }
    let mut walk = Walk {
        n,
        full,
        rules: problem.rules,
        forced: problem.forced(),
        pre,
        placed: vec![0; n],
        tally: Tally {
            solutions: 0,
            nodes: 1,
        },
        visit: &mut visit,
    };
    walk.row(0, 0, 0, 0);
    walk.tally
}

/// The state of one [`bitmask`] search.
struct Walk<'a> {
    n: usize,
    full: u64,
    rules: Rules,
    forced: Vec<Option<usize>>,
    /// Per row: attacked by a given, or blocked.
    pre: Vec<u64>,
    /// The column of each placed row.
    placed: Vec<u8>,
    tally: Tally,
    visit: &'a mut dyn FnMut(&[u8]),
}

impl Walk<'_> {
    /// `cols`: the columns taken; `left`, `right`: the squares of row `r` on a diagonal of a
    /// placed piece (moving one column per row, shifted out on the plane, wrapping on the torus).
    fn row(&mut self, r: usize, cols: u64, left: u64, right: u64) {
        if r == self.n {
            self.tally.solutions += 1;
            (self.visit)(&self.placed);
            return;
        }
        let taken = cols | left | right | self.knight(r);
        if let Some(c) = self.forced[r] {
            // A given: its square is clear of every placed piece, which avoided its attacks.
            let bit = 1u64 << c;
            if taken & bit == 0 {
                self.step(r, c, cols, left, right);
            }
            return;
        }
        let mut free = self.full & !(taken | self.pre[r]);
        while free != 0 {
            let c = free.trailing_zeros() as usize;
            free &= free - 1;
            self.tally.nodes += 1;
            self.step(r, c, cols, left, right);
        }
    }

    /// Places the piece of row `r` in column `c` and goes on to the next row.
    fn step(&mut self, r: usize, c: usize, cols: u64, left: u64, right: u64) {
        let bit = 1u64 << c;
        self.placed[r] = c as u8;
        let (l, rt) = match self.rules.board {
            Board::Plane => (((left | bit) << 1) & self.full, (right | bit) >> 1),
            Board::Torus => (self.rot(left | bit, 1), self.rot(right | bit, -1)),
        };
        self.row(r + 1, cols | bit, l, rt);
    }

    /// `x` rotated by `k` columns towards the higher ones (lower ones for k < 0), on the torus.
    fn rot(&self, x: u64, k: i64) -> u64 {
        let k = k.rem_euclid(self.n as i64) as usize;
        if k == 0 {
            x
        } else {
            ((x << k) | (x >> (self.n - k))) & self.full
        }
    }

    /// The squares of row `r` a knight's move from a placed piece (the givens' are in `pre`).
    fn knight(&self, r: usize) -> u64 {
        if self.rules.piece != Piece::Superqueen {
            return 0;
        }
        let bit = |s: usize| 1u64 << self.placed[s];
        match self.rules.board {
            Board::Plane => {
                let p1 = if r >= 1 { bit(r - 1) } else { 0 };
                let p2 = if r >= 2 { bit(r - 2) } else { 0 };
                ((p1 << 2) | (p1 >> 2) | (p2 << 1) | (p2 >> 1)) & self.full
            }
            Board::Torus => {
                // The placed rows 1 or 2 away mod n: above, or wrapped round from rows 0 and 1
                // when r is one of the last two. A knight's move (x, y) from row s reaches row
                // r when x = r - s mod n, and then the column y away, mod n.
                let n = self.n as i64;
                let mut mask = 0;
                let mut seen = Vec::with_capacity(4);
                for off in [-2, -1, 1, 2] {
                    let s = (r as i64 + off).rem_euclid(n) as usize;
                    if s >= r || seen.contains(&s) {
                        continue;
                    }
                    seen.push(s);
                    let d = (r - s) as i64;
                    for (x, y) in KNIGHT {
                        if (d - x).rem_euclid(n) == 0 {
                            mask |= self.rot(bit(s), y);
                        }
                    }
                }
                mask
            }
        }
    }
}
