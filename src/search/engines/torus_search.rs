//! The torus engine's search: the solutions with a queen on the origin, one per orbit of the
//! group [`G0`], each weighted by its orbit's size (see [`super::torus`] for why it is exact).
//! The queens' and the superqueens' (whose group is the square's 8 alone, and whose free
//! squares also leave out the knight's squares of the queens one and two rows away).

use super::torus_group::{self, G0, Matrix};
use crate::plan::pieces::{Closed, PieceCounter, RunningSum, Step};
use crate::plan::stop::Patrol;
use crate::plan::tally::TorusTally;
use crate::rules::{Piece, Rules, Surface};
use crate::torus_group::TorusGroup;
use std::collections::BTreeMap;

/// What the search sums over a set of units. Every field adds across units, except
/// `symmetric`, whose maps are merged (a class met in two units is one class).
///
/// Two ways to the classes under the torus group: `torus`, the boards by their stabilizer
/// (what a plan's unit tallies carry, so that parts and checkpoints hold the classes), and
/// `fixed_by_shifts` with `symmetric`, Burnside's lemma and the list of the symmetric classes
/// ([`super::torus::torus_classes`], the second way; listed only when the search is asked to).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct TorusSum {
    /// Solutions with a queen on the origin (A071607): the canonical leaves times their orbit
    /// sizes under [`G0`].
    pub(crate) corner: u128,
    /// Solutions fixed by the half turn about the origin (all have a queen there).
    pub(crate) fixed_half_turn: u128,
    /// Solutions fixed by the quarter turn about the origin.
    pub(crate) fixed_quarter_turn: u128,
    /// `Σ_{v ≠ 0} Fix(v)` over the n² − 1 shifts `v`: the boards each shift keeps, summed.
    pub(crate) fixed_by_shifts: u128,
    /// Partial boards visited: the placements below a unit's fixed queens.
    pub(crate) nodes: u128,
    /// Leaves that met the blocked-square condition and were tested for being canonical.
    pub(crate) leaves: u128,
    /// The classes under the torus group that some element other than the identity keeps:
    /// their canonical board (the least of the class's boards with a queen on the origin) and
    /// the order of their stabilizer in the torus group.
    pub(crate) symmetric: BTreeMap<Vec<u8>, u64>,
    /// Every board by its stabilizer under the torus group (none of them canonical: the
    /// classes come from the boards, `boards · |S| / 8n²` for each stabilizer S).
    pub(crate) torus: TorusTally,
}

impl TorusSum {
    /// Adds `other` into `self`.
    pub(crate) fn add(&mut self, other: TorusSum) {
        self.corner += other.corner;
        self.fixed_half_turn += other.fixed_half_turn;
        self.fixed_quarter_turn += other.fixed_quarter_turn;
        self.fixed_by_shifts += other.fixed_by_shifts;
        self.nodes += other.nodes;
        self.leaves += other.leaves;
        for (board, stab) in other.symmetric {
            self.symmetric.insert(board, stab);
        }
        self.torus = self
            .torus
            .checked_add(&other.torus)
            .expect("at most 9 stabilizers on a torus board, far from 128 bits");
    }
}

impl RunningSum for TorusSum {
    fn nodes(&self) -> u128 {
        self.nodes
    }
}

impl TorusSum {
    /// What a running sum gained from `then` (a copy of it taken before) to `self`, all but
    /// the symmetric classes (left empty: a plan's tallies do not hold them).
    pub(crate) fn since(&self, then: &TorusSum) -> TorusSum {
        let less = |a: u128, b: u128| a.checked_sub(b).expect("a running sum only grows");
        TorusSum {
            corner: less(self.corner, then.corner),
            fixed_half_turn: less(self.fixed_half_turn, then.fixed_half_turn),
            fixed_quarter_turn: less(self.fixed_quarter_turn, then.fixed_quarter_turn),
            fixed_by_shifts: less(self.fixed_by_shifts, then.fixed_by_shifts),
            nodes: less(self.nodes, then.nodes),
            leaves: less(self.leaves, then.leaves),
            symmetric: BTreeMap::new(),
            torus: self.torus.since(&then.torus),
        }
    }
}

/// The canonical form of `board` (a solution of the torus, as columns by row) under the torus
/// group: the least, in the order of column lists, of its 8n² images, and the number of the
/// group's elements that take `board` to it (the order of its stabilizer). Every image with a
/// queen in row 0, column 0 is some square symmetry about the origin followed by the shift
/// that takes one of its queens to the origin, so the 8n candidates below are all that can be
/// least.
pub(crate) fn torus_canonical(board: &[u8]) -> (Vec<u8>, u64) {
    let n = board.len() as u32;
    let mut best: Vec<u8> = vec![u8::MAX; n as usize];
    let mut stab = 0;
    let mut image = vec![0u8; n as usize];
    for m in torus_group::square(n) {
        for (r, &c) in board.iter().enumerate() {
            let (r2, c2) = torus_group::apply(&m, n, r as u32, c as u32);
            image[r2 as usize] = c2 as u8;
        }
        for x0 in 0..n {
            let c0 = image[x0 as usize] as u32;
            let at = |r: u32| ((image[((r + x0) % n) as usize] as u32 + n - c0) % n) as u8;
            let mut order = std::cmp::Ordering::Equal;
            for (r, &b) in best.iter().enumerate() {
                order = at(r as u32).cmp(&b);
                if order.is_ne() {
                    break;
                }
            }
            match order {
                std::cmp::Ordering::Less => {
                    best = (0..n).map(at).collect();
                    stab = 1;
                }
                std::cmp::Ordering::Equal => stab += 1,
                std::cmp::Ordering::Greater => {}
            }
        }
    }
    (best, stab)
}

/// One starting point of the search: the column `s` of the queen of row 1 (the least slope any
/// queen of a canonical solution can be taken to) and the queens of the rows that follow it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Start {
    /// The column of row 1's queen.
    pub(crate) s: u8,
    /// The columns of the queens of rows 2, 3, … that the unit fixes.
    pub(crate) prefix: Vec<u8>,
}

/// The search over one board size: the group's tables and the starting points.
pub(crate) struct TorusSearch {
    n: usize,
    full: u64,
    /// Whether the pieces also move as knights (the superqueens).
    knight: bool,
    group: G0,
    /// Whether the leaves list the symmetric classes ([`TorusSum::symmetric`]): only for
    /// the second way, Burnside's count.
    list_symmetric: bool,
    /// Whether a queens' search sums, instead of its queens' boards, those of them that are
    /// superqueens' boards ([`TorusSearch::sifting`]: the superqueens' second way).
    sift_knights: bool,
}

/// The state of one depth-first search from a [`Start`]; `KNIGHT`: the pieces also move as
/// knights (the search's own [`TorusSearch::knight`], made a constant so that the queens'
/// search compiles without the knight's test).
struct Walk<'a, const KNIGHT: bool> {
    search: &'a TorusSearch,
    s: u8,
    /// `blocked[r]`: the squares of row r whose least slope is below `s`.
    blocked: Vec<u64>,
    board: Vec<u8>,
    image: Vec<u8>,
    sum: TorusSum,
    /// Counts the nodes between two looks at the stop flag ([`crate::plan::stop`]).
    patrol: Patrol,
    /// Whether the walk gave up on a stop: its sums are partial (and thrown away).
    gave_up: bool,
    /// The placements [`Walk::cut`] made on its way to the nodes it cuts at (not in `sum`:
    /// a unit's pieces hold their own nodes only).
    above: u128,
}

/// The nodes between two looks at the stop flag: about a millisecond of the search on lines
/// (a node takes 0.1 to 0.3 µs).
const NODES_BETWEEN_LOOKS: u32 = 8192;

/// The lines of a node of the search: the rows still empty, and the columns, diagonals
/// (`c − r`) and anti-diagonals (`c + r`) already taken, one bit per line.
#[derive(Clone, Copy, Debug)]
struct Lines {
    rows: u64,
    cols: u64,
    diags: u64,
    antis: u64,
}

impl Lines {
    /// The lines after a queen on `(r, c)`: row `r` filled, its column, diagonal
    /// `(c − r) mod n` and anti-diagonal `(c + r) mod n` taken.
    #[inline]
    fn with(self, r: usize, c: usize, n: usize) -> Lines {
        Lines {
            rows: self.rows & !(1 << r),
            cols: self.cols | 1 << c,
            diags: self.diags | 1 << ((c + n - r) % n),
            antis: self.antis | 1 << ((c + r) % n),
        }
    }
}

/// Where [`TorusSearch::sub_units`] hands each unit's path: the squares `(row, column)` placed
/// below the start, in order.
type Visit<'a> = dyn FnMut(&[(u8, u8)]) + 'a;

/// Where [`Walk::cut`] hands each node at its cut: the walk itself, the node, and the squares
/// placed on the way to it.
/// (What the search does there, [`Walk::choose`], is handed along: a piece is counted
/// from it without choosing again.)
type AtCut<'a, W> = dyn FnMut(&mut W, Lines, Choice, &mut Vec<(u8, u8)>) + 'a;

/// What the search on lines does at a node ([`Walk::choose`]).
#[derive(Clone, Copy, Debug)]
enum Choice {
    /// Every row is filled: a complete board.
    Leaf,
    /// Some empty line has no free square.
    Dead,
    /// A line with one free square: its queen goes there, the only branch.
    One(usize, usize),
    /// A column, diagonal or anti-diagonal with two free squares: one branch each.
    Two([(usize, usize); 2]),
    /// Row `.0`, whose free squares are the mask `.1`: one branch each.
    Row(usize, u64),
}

/// `x` rotated one place towards the high bits within `n` bits (`2 ≤ n ≤ 64`): the bit
/// that leaves at the top (bit `n − 1`) comes back as bit 0.
#[inline]
fn rotl(x: u64, n: usize, full: u64) -> u64 {
    ((x << 1) | (x >> (n - 1))) & full
}

/// `x` rotated `k` places towards the high bits within `n` bits (`k < n ≤ 64`). The bits
/// that leave at the top come back at the bottom: `x >> (n − k)`. For `k = 0` that shift is
/// by n, which is 64 at n = 64 and would overflow: `wrapping_shr` shifts by `n mod 64`
/// instead, 0 there, so both halves are `x` and their union is `x` as it must be (below 64
/// the shift by n gives 0, as wanted).
#[inline]
fn rot_by(x: u64, k: usize, n: usize, full: u64) -> u64 {
    ((x << k) | x.wrapping_shr((n - k) as u32)) & full
}

/// `x` rotated one place towards the low bits within `n` bits (`2 ≤ n ≤ 64`): bit 0 comes
/// back as bit `n − 1`.
#[inline]
fn rotr(x: u64, n: usize, full: u64) -> u64 {
    ((x >> 1) | (x << (n - 1))) & full
}

/// Runs `$body` on the walk of `$search` from `$start` and the squares `$path`
/// ([`TorusSearch::walk_from`], bound to `$walk` and its node to `$at`), the walk compiled for
/// the search's own piece (`KNIGHT` true for the superqueen, chosen once per call, not at each
/// node); `$none` where the squares leave no walk.
macro_rules! with_walk {
    ($search:ident, $start:expr, $path:expr, $none:expr, |$walk:ident, $at:ident| $body:expr) => {
        match $search.knight {
            true => match $search.walk_from::<true>($start, $path) {
                Some((mut $walk, $at)) => $body,
                None => $none,
            },
            false => match $search.walk_from::<false>($start, $path) {
                Some((mut $walk, $at)) => $body,
                None => $none,
            },
        }
    };
}

impl TorusSearch {
    /// The search for board size `n` (2..=64) and the pieces `piece`; with `list_symmetric`,
    /// its leaves list the symmetric classes too ([`TorusSum::symmetric`]).
    pub(crate) fn new(n: usize, piece: Piece, list_symmetric: bool) -> TorusSearch {
        TorusSearch {
            n,
            full: if n == 64 { u64::MAX } else { (1u64 << n) - 1 },
            knight: piece == Piece::Superqueen,
            group: G0::new(n, piece),
            list_symmetric,
            sift_knights: false,
        }
    }

    /// The queens' search, summing only the boards it finds that are also superqueens' boards
    /// (no two queens a knight's move apart): every board of each orbit it counts is tested
    /// one by one. The superqueens on the torus counted a second way, under the queens' group
    /// (the scalars and the map to the diagonals too) and without the knight in the search:
    /// slower than the superqueens' own search, and sharing with it only the search on lines.
    pub(crate) fn sifting(self) -> TorusSearch {
        assert!(!self.knight, "the queens' search sifts for the superqueens");
        TorusSearch {
            sift_knights: true,
            ..self
        }
    }

    /// The rules this search counts: its pieces on the torus.
    fn rules(&self) -> Rules {
        let piece = if self.knight {
            Piece::Superqueen
        } else {
            Piece::Queen
        };
        Rules::new(piece, Surface::Torus)
    }

    /// The squares of each row whose least slope is below `s`.
    fn blocked(&self, s: u8) -> Vec<u64> {
        let n = self.n;
        (0..n)
            .map(|r| {
                (0..n)
                    .filter(|&c| self.group.min_key[r * n + c] < s)
                    .fold(0u64, |m, c| m | 1 << c)
            })
            .collect()
    }

    /// The masks after placing `columns` in rows 0, 1, 2, …: `(cols, ld, rd)` for the next
    /// row, or `None` if two of them attack each other or one stands on a blocked square.
    /// (A superqueen's knight's moves are checked with the rules' predicate: a start's few
    /// queens, not the search's hot path.)
    fn place(&self, columns: &[u8], blocked: &[u64]) -> Option<(u64, u64, u64)> {
        let (n, full) = (self.n, self.full);
        let (mut cols, mut ld, mut rd) = (0u64, 0u64, 0u64);
        let rules = self.rules();
        for (r, &c) in columns.iter().enumerate() {
            let bit = 1u64 << c;
            if (cols | ld | rd | blocked[r]) & bit != 0 {
                return None;
            }
            let square = (r, usize::from(c));
            if self.knight
                && (columns[..r].iter().enumerate())
                    .any(|(r2, &c2)| rules.attacks(n, (r2, usize::from(c2)), square))
            {
                return None;
            }
            cols |= bit;
            ld = rotl(ld | bit, n, full);
            rd = rotr(rd | bit, n, full);
        }
        Some((cols, ld, rd))
    }

    /// The starting points, in a fixed order: every column `s` of row 1 that a canonical
    /// solution can have, then every placement of the next `depth` rows (fewer where the
    /// board is small) that the blocked squares and the queens above allow.
    pub(crate) fn starts(&self, depth: usize) -> Vec<Start> {
        let n = self.n;
        let depth = depth.min(n.saturating_sub(2));
        let mut out = Vec::new();
        for s in 0..n as u8 {
            let blocked = self.blocked(s);
            if self.place(&[0, s], &blocked).is_none() {
                continue;
            }
            let mut prefix = Vec::new();
            self.extend(s, &blocked, &mut prefix, depth, &mut out);
        }
        out
    }

    fn extend(
        &self,
        s: u8,
        blocked: &[u64],
        prefix: &mut Vec<u8>,
        depth: usize,
        out: &mut Vec<Start>,
    ) {
        if prefix.len() == depth {
            out.push(Start {
                s,
                prefix: prefix.clone(),
            });
            return;
        }
        for c in 0..self.n as u8 {
            let mut columns = vec![0, s];
            columns.extend_from_slice(prefix);
            columns.push(c);
            if self.place(&columns, blocked).is_some() {
                prefix.push(c);
                self.extend(s, blocked, prefix, depth, out);
                prefix.pop();
            }
        }
    }

    /// The walk from `start` with its queens and those of `path` (squares `(row, column)`
    /// that the search on lines placed below it, [`TorusSearch::sub_units`]) on the board, or
    /// `None` if they attack each other (a start the blocked squares refuse).
    fn walk_from<const KNIGHT: bool>(
        &self,
        start: &Start,
        path: &[(u8, u8)],
    ) -> Option<(Walk<'_, KNIGHT>, Lines)> {
        debug_assert_eq!(KNIGHT, self.knight);
        let n = self.n;
        let blocked = self.blocked(start.s);
        let mut columns = vec![0, start.s];
        columns.extend_from_slice(&start.prefix);
        let (cols, ld, rd) = self.place(&columns, &blocked)?;
        let mut board = vec![0u8; n];
        board[..columns.len()].copy_from_slice(&columns);
        let mut walk = Walk {
            search: self,
            s: start.s,
            blocked,
            board,
            image: vec![0; n],
            sum: TorusSum::default(),
            patrol: Patrol::every(NODES_BETWEEN_LOOKS),
            gave_up: false,
            above: 0,
        };
        // The taken diagonals and anti-diagonals from their columns in the next row, k.
        let k = columns.len();
        let mut at = Lines {
            rows: self.full & !((1u64 << k) - 1),
            cols,
            diags: rot_by(ld, n - k % n, n, self.full),
            antis: rot_by(rd, k % n, n, self.full),
        };
        for &(r, c) in path {
            walk.board[r as usize] = c;
            at = at.with(r as usize, c as usize, n);
        }
        Some((walk, at))
    }

    /// Counts the solutions below `start` and the squares of `path` (none for a whole
    /// start, or one of [`TorusSearch::sub_units`]): see [`TorusSum`].
    pub(crate) fn count(&self, start: &Start, path: &[(u8, u8)]) -> TorusSum {
        with_walk!(self, start, path, TorusSum::default(), |walk, at| {
            walk.lines(at);
            walk.sum
        })
    }

    /// The search on lines from `start` and the squares of `below` (none, or a path this
    /// method handed out), cut where it is about to branch for the `cut`-th time: `visit`
    /// gets the squares placed on the way to each such node (`below`'s first, then those
    /// placed below them, forced and chosen, in order), and to each complete board met above
    /// the cut; dead ends give nothing. Counting every path ([`TorusSearch::count`]) counts
    /// the node of `below` exactly once: the nodes below the cut, each once, and the same
    /// leaves; the placements above the cut are not counted as nodes. Returns the placements
    /// above the cut (below `below`'s node). Under a stop flag's watch it gives up once the
    /// flag is set, its paths then partial ([`crate::plan::stop::gave_up`] says so).
    pub(crate) fn sub_units(
        &self,
        start: &Start,
        below: &[(u8, u8)],
        cut: usize,
        visit: &mut Visit,
    ) -> u128 {
        with_walk!(self, start, below, 0, |walk, at| {
            walk.cut(at, cut, &mut below.to_vec(), &mut |_, _, _, path| {
                visit(path)
            });
            walk.above
        })
    }

    /// Counts the node of `start` and `below` piece by piece: its pieces are the nodes of
    /// [`TorusSearch::sub_units`] with the same `cut` (numbered in the same order), each
    /// counted where the walk reaches it as `counter` says ([`PieceCounter::begin`]): whole,
    /// skipped, or cut again `sub_cut` branchings further down, and so on; the counter is shown the walk's
    /// one running sum. Returns the placements above the pieces (nodes of the unit that no
    /// piece holds); on a stop, or a report that failed, the walk gives up
    /// ([`PieceCounter::finish`] says which).
    pub(crate) fn count_in_pieces(
        &self,
        start: &Start,
        below: &[(u8, u8)],
        cut: usize,
        sub_cut: usize,
        counter: &mut PieceCounter<'_, TorusSum>,
    ) -> (u128, TorusSum) {
        with_walk!(self, start, below, (0, TorusSum::default()), |walk, at| {
            let mut path = below.to_vec();
            walk.cut(at, cut, &mut path, &mut |walk, at, choice, path| {
                walk.piece(at, choice, path, sub_cut, counter)
            });
            (walk.above, walk.sum)
        })
    }
}

impl<const KNIGHT: bool> Walk<'_, KNIGHT> {
    /// The search on lines from the node `at`: see [`Walk::choose`]. On a stop the walk
    /// gives up and returns at once from every level.
    fn lines(&mut self, at: Lines) {
        if self.gave_up || self.patrol.stop() {
            self.gave_up = true;
            return;
        }
        let choice = self.choose(at);
        self.branch(at, choice);
    }

    /// What [`Walk::lines`] does at the node `at` once it has chosen `choice` there.
    #[inline(always)]
    fn branch(&mut self, at: Lines, choice: Choice) {
        match choice {
            Choice::Leaf => self.leaf(),
            Choice::Dead => {}
            Choice::One(r, c) => self.place_at(r, c, at),
            Choice::Two(squares) => {
                for (r, c) in squares {
                    self.place_at(r, c, at);
                }
            }
            Choice::Row(r, mut f) => {
                while f != 0 {
                    let c = f.trailing_zeros() as usize;
                    f &= f - 1;
                    self.place_at(r, c, at);
                }
            }
        }
    }

    /// [`Walk::lines`] down to the node where the search is about to branch for the
    /// `cut`-th time (counting from 0 at `at`), then `visit` with `path`, the squares placed
    /// on the way: see [`TorusSearch::sub_units`].
    /// On a stop (under a [`crate::plan::stop::StopFlag::watch`]) the walk gives up and
    /// returns at once from every level, handing out no more paths.
    fn cut(
        &mut self,
        at: Lines,
        cut: usize,
        path: &mut Vec<(u8, u8)>,
        visit: &mut AtCut<'_, Self>,
    ) {
        if self.gave_up || self.patrol.stop() {
            self.gave_up = true;
            return;
        }
        let choice = self.choose(at);
        self.cut_at(at, choice, cut, path, visit);
    }

    /// [`Walk::cut`] at the node `at`, where the search chose `choice`.
    fn cut_at(
        &mut self,
        at: Lines,
        choice: Choice,
        cut: usize,
        path: &mut Vec<(u8, u8)>,
        visit: &mut AtCut<'_, Self>,
    ) {
        let n = self.search.n;
        let mut down = |r: usize, c: usize, cut: usize| {
            self.above += 1;
            // (The board is read below for the knight's squares of the queens placed.)
            self.board[r] = c as u8;
            path.push((r as u8, c as u8));
            self.cut(at.with(r, c, n), cut, path, visit);
            path.pop();
        };
        match choice {
            Choice::Leaf => visit(self, at, choice, path),
            Choice::Dead => {}
            Choice::One(r, c) => down(r, c, cut),
            Choice::Two(_) | Choice::Row(..) if cut == 0 => visit(self, at, choice, path),
            Choice::Two(squares) => {
                for (r, c) in squares {
                    down(r, c, cut - 1);
                }
            }
            Choice::Row(r, mut f) => {
                while f != 0 {
                    let c = f.trailing_zeros() as usize;
                    f &= f - 1;
                    down(r, c, cut - 1);
                }
            }
        }
    }

    /// Counts the node `at` (`path` placed on the way, `choice` chosen there) as the next
    /// piece of `counter`
    /// ([`TorusSearch::count_in_pieces`]): whole, or cut again as `cut` says into pieces
    /// counted the same way (again, afresh, if the runs an earlier run counted of them do
    /// not fit them). Gives up on a stop.
    fn piece(
        &mut self,
        at: Lines,
        choice: Choice,
        path: &mut Vec<(u8, u8)>,
        cut: usize,
        counter: &mut PieceCounter<'_, TorusSum>,
    ) {
        match counter.begin(&self.sum) {
            Step::Skip => {}
            Step::Stop => self.gave_up = true,
            Step::Whole => {
                self.branch(at, choice);
                if !self.gave_up {
                    counter.end(&self.sum);
                }
            }
            Step::Cut => {
                let mut afresh = false;
                let above = self.above;
                loop {
                    counter.open(&self.sum, afresh);
                    let visit = &mut |walk: &mut Self, at, choice, path: &mut Vec<_>| {
                        walk.piece(at, choice, path, cut, counter)
                    };
                    self.cut_at(at, choice, cut, path, visit);
                    if self.gave_up {
                        return;
                    }
                    if !counter.cut_in_journal() {
                        // The piece joins its level's run, the way to its pieces with it.
                        self.sum.nodes += self.above - above;
                        self.above = above;
                    }
                    match counter.close(&self.sum) {
                        Closed::Counted => return,
                        Closed::Stop => {
                            self.gave_up = true;
                            return;
                        }
                        Closed::Again(sum) => {
                            // Counted again from where it began.
                            (self.sum, self.above) = (sum, above);
                            afresh = true;
                        }
                    }
                }
            }
        }
    }

    /// What the search does at the node `at`. Each of the n lines of each family holds
    /// exactly one queen, so the node is a dead end when a line still empty has no free
    /// square; a line with exactly one is filled there (the only branch); otherwise the row
    /// with the fewest free squares is branched on, or, where every row has three or more, a
    /// column, diagonal or anti-diagonal with two (Engelhardt's split on any line family).
    #[inline]
    fn choose(&self, at: Lines) -> Choice {
        let Lines {
            rows,
            cols,
            diags,
            antis,
        } = at;
        let (n, full) = (self.search.n, self.search.full);
        if rows == 0 {
            return Choice::Leaf;
        }
        let mut free = [0u64; 64];
        let (mut once, mut twice, mut thrice) = ([0u64; 3], [0u64; 3], [0u64; 3]);
        let (mut best, mut best_count) = (0usize, u32::MAX);
        let mut left = rows;
        while left != 0 {
            let r = left.trailing_zeros() as usize;
            left &= left - 1;
            // Square (r, c) is on diagonal c − r and anti-diagonal c + r.
            let mut f = !(cols
                | rot_by(diags, r, n, full)
                | rot_by(antis, (n - r) % n, n, full)
                | self.blocked[r])
                & full;
            if KNIGHT {
                f &= !self.knight_squares(r, rows);
            }
            let count = f.count_ones();
            if count == 0 {
                return Choice::Dead;
            }
            if count < best_count {
                (best, best_count) = (r, count);
            }
            free[r] = f;
            for (k, image) in [f, rot_by(f, (n - r) % n, n, full), rot_by(f, r, n, full)]
                .into_iter()
                .enumerate()
            {
                thrice[k] |= twice[k] & image;
                twice[k] |= once[k] & image;
                once[k] |= image;
            }
        }
        let empty = [!cols & full, !diags & full, !antis & full];
        if (0..3).any(|k| empty[k] & !once[k] != 0) {
            return Choice::Dead;
        }
        // A line with one free square: its queen is there.
        if best_count > 1
            && let Some(k) = (0..3).find(|&k| empty[k] & !twice[k] != 0)
        {
            let line = (empty[k] & !twice[k]).trailing_zeros() as usize;
            let (r, c) = line_squares(&free, rows, k, line, n)
                .next()
                .expect("a line with one free square");
            return Choice::One(r, c);
        }
        // A column, diagonal or anti-diagonal with two free squares where every row has
        // more: branch on its two squares (Engelhardt's split on any line family).
        if best_count > 2
            && let Some(k) = (0..3).find(|&k| empty[k] & twice[k] & !thrice[k] != 0)
        {
            let line = (empty[k] & twice[k] & !thrice[k]).trailing_zeros() as usize;
            let mut squares = line_squares(&free, rows, k, line, n);
            let first = squares.next().expect("a line with two free squares");
            let second = squares.next().expect("a line with two free squares");
            return Choice::Two([first, second]);
        }
        Choice::Row(best, free[best])
    }

    /// The squares of row `r` a superqueen's knight's move reaches from the queens placed so
    /// far (the rows not in `rows`, the empty ones): two columns either side of the queens
    /// one row away, one column either side of those two rows away, around the torus.
    #[inline]
    fn knight_squares(&self, r: usize, rows: u64) -> u64 {
        let n = self.search.n;
        let mut squares = 0u64;
        for (apart, sideways) in [(1, 2), (2, 1)] {
            for row in [(r + apart) % n, (r + n - apart % n) % n] {
                if rows >> row & 1 == 0 {
                    let c = usize::from(self.board[row]);
                    squares |= 1 << ((c + sideways) % n) | 1 << ((c + n - sideways % n) % n);
                }
            }
        }
        squares
    }

    /// A queen on `(r, c)` below the node `at`, and the search below it.
    #[inline]
    fn place_at(&mut self, r: usize, c: usize, at: Lines) {
        self.sum.nodes += 1;
        self.board[r] = c as u8;
        self.lines(at.with(r, c, self.search.n));
    }

    /// `m` applied to the board, into `self.image`.
    fn map(&mut self, m: &Matrix) {
        let n = self.search.n as u32;
        for (r, &c) in self.board.iter().enumerate() {
            let (r2, c2) = torus_group::apply(m, n, r as u32, c as u32);
            self.image[r2 as usize] = c2 as u8;
        }
    }

    /// A complete board that no queen stands on a blocked square of: counted if it is the
    /// least of its orbit's boards with row 1's queen in column `s` (every other board of the
    /// orbit meets this condition as some image `g·board` with `g` taking a queen of slope key
    /// `s` to row 1), with its orbit's size `|G0| / |stabilizer|`.
    fn leaf(&mut self) {
        self.sum.leaves += 1;
        let group = &self.search.group;
        let n = self.search.n;
        let mut stabilizer: Vec<Matrix> = Vec::new();
        for h in 0..group.transversal.len() {
            for r in 1..n {
                let sq = r * n + self.board[r] as usize;
                if group.key[h][sq] != self.s {
                    continue;
                }
                let t = group.transversal[h];
                let (r2, _) = torus_group::apply(&t, n as u32, r as u32, self.board[r] as u32);
                let u = group.inv[r2 as usize];
                let g = t.map(|e| e * u % n as u32);
                self.map(&g);
                match self.image.cmp(&self.board) {
                    std::cmp::Ordering::Less => return,
                    std::cmp::Ordering::Equal => stabilizer.push(g),
                    std::cmp::Ordering::Greater => {}
                }
            }
        }
        if self.search.sift_knights {
            self.sift();
            return;
        }
        let order = group.order() as u128;
        let stab = stabilizer.len() as u128;
        debug_assert!(stab >= 1 && order.is_multiple_of(stab));
        let orbit = order / stab;
        self.sum.corner += orbit;
        // The boards of the orbit kept by a rotation R about the origin: g·board is kept by R
        // when g⁻¹·R·g keeps the board, a condition on the coset g·stabilizer.
        let kept_by = |rot: Matrix| -> u128 {
            if stab == 1 {
                return 0;
            }
            let nn = n as u32;
            let hits = group
                .elements
                .iter()
                .filter(|g| {
                    let gi = group
                        .elements
                        .iter()
                        .find(|x| torus_group::mul(x, g, nn) == [1, 0, 0, 1])
                        .expect("an inverse");
                    let conj = torus_group::mul(gi, &torus_group::mul(&rot, g, nn), nn);
                    stabilizer.contains(&conj)
                })
                .count() as u128;
            hits / stab
        };
        let half = kept_by(torus_group::half_turn(n as u32));
        let quarter = kept_by(torus_group::quarter_turn(n as u32));
        self.sum.fixed_half_turn += half;
        self.sum.fixed_quarter_turn += quarter;
        // The shifts that keep the board. Linear maps take shifts that keep a board to shifts
        // that keep its image, so every board of the orbit has as many.
        let shifts = shifts_keeping(&self.board);
        // Σ_{v≠0} Fix(v) = n · Σ over boards with a queen on the origin of their shifts.
        self.sum.fixed_by_shifts += n as u128 * orbit * shifts;
        // The orbit's boards, and their n shifts each (the boards of the torus whose queen of
        // some row is on the origin, shifted: every board n times), all have a stabilizer in
        // the torus group of the same shifts and turns: a map of G0 normalizes the torus
        // group (it takes shifts to shifts and rotations to rotations), so it conjugates the
        // stabilizer of a board into that of its image.
        let stabilizer = TorusGroup::new(n).stabilizer(&self.board);
        self.sum
            .torus
            .add(stabilizer, n as u128 * orbit, 0)
            .expect("at most 9 stabilizers on a torus board");
        if self.search.list_symmetric && (half > 0 || shifts > 0) {
            // Every class that an element other than the identity keeps has a board kept by
            // a rotation about the origin or by a shift (reflections keep no board): list the
            // classes of this orbit's boards.
            let mut seen = std::collections::BTreeSet::new();
            for g in &group.elements {
                let image = image_of(g, &self.board);
                if seen.insert(image.clone()) {
                    let (canonical, stab) = torus_canonical(&image);
                    self.sum.symmetric.insert(canonical, stab);
                }
            }
        }
    }
}

impl<const KNIGHT: bool> Walk<'_, KNIGHT> {
    /// The superqueens' boards among the boards of this canonical leaf's orbit (see
    /// [`TorusSearch::sifting`]): each distinct image `g·board` that no two queens a knight's
    /// move apart stand on is summed as one board with a queen on the origin, with the turns
    /// about the origin and the shifts that keep it and its stabilizer under the torus group,
    /// as [`Walk::leaf`] sums an orbit.
    fn sift(&mut self) {
        let n = self.search.n;
        let superqueens = Rules::TORUS_SUPERQUEENS;
        let torus = TorusGroup::new(n);
        let mut seen = std::collections::BTreeSet::new();
        for g in &self.search.group.elements {
            let image = image_of(g, &self.board);
            // A queens' board: only the knight's moves one and two rows apart can attack.
            let knights_meet = (0..n).any(|r| {
                [1, 2].into_iter().any(|apart| {
                    let r2 = (r + apart) % n;
                    r2 != r
                        && superqueens.attacks(
                            n,
                            (r, usize::from(image[r])),
                            (r2, usize::from(image[r2])),
                        )
                })
            });
            if knights_meet || !seen.insert(image.clone()) {
                continue;
            }
            let at = |r: usize| usize::from(image[r % n]);
            // The half turn about the origin: (r, c) → (−r, −c); the quarter turn: (c, −r).
            let half = (0..n).all(|r| at(n - r) == (n - at(r)) % n);
            let quarter = (0..n).all(|r| at(at(r)) == (n - r) % n);
            let shifts = shifts_keeping(&image);
            self.sum.corner += 1;
            self.sum.fixed_half_turn += u128::from(half);
            self.sum.fixed_quarter_turn += u128::from(quarter);
            self.sum.fixed_by_shifts += n as u128 * shifts;
            self.sum
                .torus
                .add(torus.stabilizer(&image), n as u128, 0)
                .expect("at most 9 stabilizers on a torus board");
            if self.search.list_symmetric && (half || shifts > 0) {
                let (canonical, stab) = torus_canonical(&image);
                self.sum.symmetric.insert(canonical, stab);
            }
        }
    }
}

/// `m` applied to `board` (a solution with a queen on the origin, columns by row): the image's
/// columns by row. (The leaf's comparisons use [`Walk::map`], which allocates nothing.)
fn image_of(m: &Matrix, board: &[u8]) -> Vec<u8> {
    let n = board.len() as u32;
    let mut image = vec![0u8; board.len()];
    for (r, &c) in board.iter().enumerate() {
        let (r2, c2) = torus_group::apply(m, n, r as u32, c as u32);
        image[r2 as usize] = c2 as u8;
    }
    image
}

/// The shifts other than none that keep `board` (a solution with a queen on the origin): a
/// shift keeping it takes the origin's queen to a queen, so it is one of the queens' squares
/// `(r0, board[r0])`.
fn shifts_keeping(board: &[u8]) -> u128 {
    let n = board.len();
    let at = |r: usize| usize::from(board[r % n]);
    (1..n)
        .filter(|&r0| (0..n).all(|r| at(r + r0) == (at(r) + at(r0)) % n))
        .count() as u128
}

/// The free squares `(row, column)` of line `line` of family `k` (0: columns, 1: diagonals
/// `c − r`, 2: anti-diagonals `c + r`) in the empty rows `rows`, whose free squares are `free`.
fn line_squares(
    free: &[u64; 64],
    rows: u64,
    k: usize,
    line: usize,
    n: usize,
) -> impl Iterator<Item = (usize, usize)> + '_ {
    (0..n)
        .filter(move |&r| rows >> r & 1 != 0)
        .map(move |r| match k {
            0 => (r, line),
            1 => (r, (line + r) % n),
            _ => (r, (line + n - r) % n),
        })
        .filter(|&(r, c)| free[r] >> c & 1 != 0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rotations_within_n_bits_match_rotating_the_bits_one_by_one() {
        for n in [2usize, 5, 31, 32, 33, 35, 63, 64] {
            let full = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
            let x = 0x9e37_79b9_7f4a_7c15u64 & full;
            let by_hand = |k: usize| (0..n).fold(0u64, |m, b| m | ((x >> b) & 1) << ((b + k) % n));
            for k in 0..n {
                assert_eq!(rot_by(x, k, n, full), by_hand(k), "n = {n}, k = {k}");
            }
            assert_eq!(rotl(x, n, full), by_hand(1), "n = {n}");
            assert_eq!(rotr(x, n, full), by_hand(n - 1), "n = {n}");
        }
    }

    /// The completions of the board with the queens of `start` and `path` that no queen
    /// stands on a blocked square of, by plain backtracking: the taken columns, diagonals and
    /// anti-diagonals as lists of flags, each empty row's free squares checked one by one,
    /// and the row with the fewest filled next (a row with none ends the branch).
    fn plain_completions(search: &TorusSearch, start: &Start, path: &[(u8, u8)]) -> u128 {
        let n = search.n;
        let blocked = search.blocked(start.s);
        let mut board: Vec<Option<usize>> = vec![None; n];
        let fixed = [0, start.s].into_iter().chain(start.prefix.iter().copied());
        for (r, c) in fixed
            .enumerate()
            .chain(path.iter().map(|&(r, c)| (r as usize, c)))
        {
            board[r] = Some(c as usize);
        }
        fn go(n: usize, board: &mut Vec<Option<usize>>, blocked: &[u64]) -> u128 {
            let (mut col, mut diag, mut anti) = (vec![false; n], vec![false; n], vec![false; n]);
            for (r, c) in board.iter().enumerate() {
                if let Some(c) = *c {
                    col[c] = true;
                    diag[(c + n - r) % n] = true;
                    anti[(c + r) % n] = true;
                }
            }
            let free = |r: usize| -> Vec<usize> {
                (0..n)
                    .filter(|&c| {
                        !col[c]
                            && !diag[(c + n - r) % n]
                            && !anti[(c + r) % n]
                            && blocked[r] >> c & 1 == 0
                    })
                    .collect()
            };
            let empty = (0..n).filter(|&r| board[r].is_none());
            let Some((r, squares)) = empty.map(|r| (r, free(r))).min_by_key(|(_, f)| f.len())
            else {
                return 1;
            };
            let mut found = 0;
            for c in squares {
                board[r] = Some(c);
                found += go(n, board, blocked);
                board[r] = None;
            }
            found
        }
        go(n, &mut board, &blocked)
    }

    #[test]
    fn beyond_32_the_search_on_lines_meets_the_completions_plain_backtracking_finds() {
        // Boards 35 and 37 (64-bit rows): the starts of the largest slopes, whose blocked
        // squares leave little (board 35's last ones have no completion, board 37's last
        // slope-7 ones 1 or 8 each), whole and cut at the plan's depth, against plain
        // backtracking of each unit's partial board.
        for (n, take) in [(35, 4), (37, 24)] {
            let search = TorusSearch::new(n, Piece::Queen, false);
            let starts = search.starts(2);
            let (mut units, mut leaves) = (0, 0);
            for start in starts.iter().rev().take(take) {
                let whole = search.count(start, &[]);
                assert_eq!(
                    whole.leaves,
                    plain_completions(&search, start, &[]),
                    "{start:?}"
                );
                let mut paths = Vec::new();
                search.sub_units(start, &[], 3, &mut |p| paths.push(p.to_vec()));
                let mut parts = 0;
                for path in &paths {
                    let sum = search.count(start, path);
                    assert_eq!(
                        sum.leaves,
                        plain_completions(&search, start, path),
                        "{path:?}"
                    );
                    parts += sum.leaves;
                }
                assert_eq!(parts, whole.leaves, "n = {n}, {start:?}");
                units += paths.len();
                leaves += whole.leaves;
            }
            match n {
                35 => assert_eq!(leaves, 0),
                _ => assert!(
                    units > 500 && leaves > 20,
                    "n = {n}: {units} units, {leaves} leaves"
                ),
            }
        }
    }
}
