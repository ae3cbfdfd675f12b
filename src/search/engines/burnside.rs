//! Direct counts of the solutions fixed by a half turn (F180, OEIS A032522) and by a quarter
//! turn (F90, A033148), which Burnside's lemma needs to turn a total into classes.
//!
//! A board fixed by the half turn `(r, c) → (n−1−r, n−1−c)` is determined by its top half: the
//! queen in row `r` fixes the one in row `n−1−r`, and for odd n the middle row's queen must sit
//! on the centre square. The search places queens in such *pairs*, row 0 first.
//!
//! A board fixed by the quarter turn `(r, c) → (c, n−1−r)` has its queens in *quadruples*
//! `(r, c), (c, n−1−r), (n−1−r, n−1−c), (n−1−c, r)` (four distinct squares unless on the centre),
//! so it exists only for n ≡ 0 or 1 (mod 4). The search fills the top rows in order, placing a
//! whole quadruple for each row not yet taken; once rows `0..⌊n/2⌋` are taken, so are their
//! mirror rows, and the board is full.
//!
//! Both searches are split by the column of the queen in row 0, so that they are `n` small work
//! units each. They are tiny next to the main count: their trees have about half as many
//! levels.

use crate::plan::stop::Patrol;
#[cfg(test)]
use crate::rules::Queens;
use crate::rules::{RowStep, Rules, full_mask, mirror, with_row_step};
use std::cmp::Ordering;
use std::ops::ControlFlow;

/// How a search ended: `Break` when its unit gave up on a stop ([`crate::plan::stop`]).
type Flow = ControlFlow<()>;

/// The nodes (pairs placed) of the half-turn search between two looks at the stop flag: a
/// few milliseconds (about 70 ns a node at n = 28, where a unit runs for minutes: 2.5 × 10⁹
/// nodes for the queen of row 0 in column 13).
const NODES_BETWEEN_LOOKS: u32 = 1 << 16;

/// A count with the nodes (pairs or quadruples placed) it took.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct FixedCount {
    /// Boards found.
    pub(crate) boards: u64,
    /// Partial boards built (one per pair or quadruple placed).
    pub(crate) nodes: u64,
}

/// The centre square of an odd board, which every half- or quarter-turn symmetric board of odd
/// size holds (its own image); `None` for even n.
fn centre(n: usize) -> Option<(usize, usize)> {
    (n % 2 == 1).then_some((n / 2, n / 2))
}

/// The half-turn search of size `n` under `rules`: rows `0..n/2` are filled in order with the
/// rules' row step ([`RowStep`]), each queen with its image under the half turn in the
/// mirror row.
struct HalfTurn {
    n: usize,
    full: u32,
    /// Per top row `r`: the columns `c` where a queen may stand as far as the fixed queens
    /// go, that is neither attacked by the centre queen (odd n) nor attacking its own image
    /// `(n−1−r, n−1−c)`.
    allowed: Vec<u32>,
}

impl HalfTurn {
    fn new(rules: Rules, n: usize) -> HalfTurn {
        let m = n - 1;
        let allowed = (0..n / 2)
            .map(|r| {
                (0..n)
                    .filter(|&c| {
                        let image = (m - r, m - c);
                        !rules.attacks(n, (r, c), image)
                            && centre(n).is_none_or(|z| !rules.attacks(n, z, (r, c)))
                    })
                    .fold(0u32, |mask, c| mask | 1 << c)
            })
            .collect();
        HalfTurn {
            n,
            full: full_mask(n),
            allowed,
        }
    }

    /// The free squares of top row `r`, where `top` holds the queens of rows `0..r`. Their
    /// images fill rows `n−r..n`: by the half turn, which keeps every rule's attacks, an image
    /// attacks `(r, c)` exactly when its queen attacks `(n−1−r, n−1−c)`, so the squares the
    /// images leave free in row `r` are the mirror of those the top queens leave free in row
    /// `n−1−r`. A queen placed there does not attack the images either, and its own image
    /// then attacks none of them.
    #[inline(always)]
    fn free<S: RowStep>(&self, r: usize, top: S) -> u32 {
        let below = top.advance((self.n - 1 - 2 * r) as u32, self.full);
        top.free(self.full) & mirror(below.free(self.full), self.n) & self.allowed[r]
    }

    fn go<S: RowStep>(&self, r: usize, top: S, out: &mut FixedCount, p: &mut Patrol) -> Flow {
        if r == self.n / 2 {
            out.boards += 1;
            return Flow::Continue(());
        }
        if p.stop() {
            return Flow::Break(());
        }
        let mut free = self.free(r, top);
        while free != 0 {
            let bit = free & free.wrapping_neg(); // lowest set bit: two's complement trick
            free ^= bit;
            out.nodes += 1;
            self.go(r + 1, top.place(bit, self.full), out, p)?;
        }
        Flow::Continue(())
    }
}

/// Counts the half-turn symmetric solutions of size `n` whose queen in row 0 is in column
/// `first` (summed over `first` in `0..n`: A032522).
#[cfg(test)]
pub(crate) fn fixed_half_turn(n: usize, first: usize) -> FixedCount {
    fixed_half_turn_under::<Queens>(n, first)
}

/// [`fixed_half_turn`] under the rules of `S` (whose attacks the half turn keeps, as every
/// rule set's group does). The mirror rows are seen through [`RowStep::advance`], which
/// carries the queen's lines to any row, and the knight's squares to the two rows they reach
/// (the mirror row `n−1−r` is the next row only in the middle of an even board, where the
/// knight's squares of row `r − 1` are those `advance(1)` keeps); on the torus a knight's
/// move also wraps from the first rows to the last, which `advance` does not carry: for the
/// plane's pieces and the torus's queens (the units of the plans that count them).
pub(crate) fn fixed_half_turn_under<S: RowStep>(n: usize, first: usize) -> FixedCount {
    let rules = S::RULES;
    debug_assert!(rules != Rules::TORUS_SUPERQUEENS);
    let mut out = FixedCount::default();
    if n == 1 {
        // The only row is the centre row.
        out.boards = u64::from(first == 0);
        return out;
    }
    let search = HalfTurn::new(rules, n);
    let top = S::start();
    let bit = search.free(0, top) & 1 << first;
    if bit != 0 {
        out.nodes += 1;
        let mut patrol = Patrol::every(NODES_BETWEEN_LOOKS);
        // A unit that gives up on a stop returns partial counts (thrown away by its watch).
        let _ = search.go(1, top.place(bit, search.full), &mut out, &mut patrol);
    }
    out
}

/// The quarter-turn search of size `n`: its quadruples fill rows out of order, so its boards
/// ([`Quarters`]) keep the squares attacked in every row, from a table of each square's
/// attacks drawn with the rules' row step ([`RowStep`]): down the board directly, up the
/// board as the vertical reflection (which every rule set's group holds) sees them.
struct QuarterTurn {
    n: usize,
    /// Per square `(r, c)` (index `r·n + c`), the squares it attacks in each row (the whole
    /// of row `r`: one queen per row).
    attacks: Vec<[u32; 32]>,
}

/// A board of the quarter-turn search.
#[derive(Clone, Copy)]
struct Quarters {
    /// Rows holding a queen, as bits.
    rows: u32,
    /// Per row, the squares a queen attacks.
    attacked: [u32; 32],
}

impl QuarterTurn {
    fn new<S: RowStep>(n: usize) -> QuarterTurn {
        let (full, m) = (full_mask(n), n - 1);
        // The squares of row `below` (> r) that a queen on (r, c) attacks.
        let below = |r: usize, c: usize, below: usize| {
            let one = S::start().place(1 << c, full);
            !one.advance((below - r - 1) as u32, full).free(full) & full
        };
        let attacks = (0..n * n)
            .map(|square| {
                let (r, c) = (square / n, square % n);
                let mut rows = [0u32; 32];
                for (row, mask) in rows[..n].iter_mut().enumerate() {
                    *mask = match row.cmp(&r) {
                        Ordering::Greater => below(r, c, row),
                        Ordering::Less => below(m - r, c, m - row),
                        Ordering::Equal => full,
                    };
                }
                rows
            })
            .collect();
        QuarterTurn { n, attacks }
    }

    /// `board` with a queen added on `(r, c)`, or `None` if a queen already attacks it or
    /// holds its row.
    #[inline]
    fn place(&self, mut board: Quarters, (r, c): (usize, usize)) -> Option<Quarters> {
        if board.attacked[r] & 1 << c != 0 {
            return None;
        }
        let attacks = &self.attacks[r * self.n + c];
        for (mask, a) in board.attacked.iter_mut().zip(attacks) {
            *mask |= a;
        }
        board.rows |= 1 << r;
        Some(board)
    }

    /// `board` with the quadruple of `(r, c)` under quarter turns, or `None` if it is not
    /// four distinct non-attacking squares on free rows.
    fn place_quadruple(&self, board: Quarters, r: usize, c: usize) -> Option<Quarters> {
        let m = self.n - 1;
        if c == r || c == m - r {
            return None; // the quadruple would need two queens in one row
        }
        let squares = [(r, c), (c, m - r), (m - r, m - c), (m - c, r)];
        if squares
            .iter()
            .any(|&(row, col)| board.attacked[row] & 1 << col != 0)
        {
            return None; // the cheap test first: most candidates fail here
        }
        let board = self.place(board, (r, c))?;
        let board = self.place(board, (c, m - r))?;
        let board = self.place(board, (m - r, m - c))?;
        self.place(board, (m - c, r))
    }

    fn go(&self, r: usize, board: Quarters, out: &mut FixedCount) {
        if r == self.n / 2 {
            out.boards += 1;
            return;
        }
        if board.rows & (1 << r) != 0 {
            return self.go(r + 1, board, out); // row taken by an earlier quadruple
        }
        for c in 0..self.n {
            if let Some(b) = self.place_quadruple(board, r, c) {
                out.nodes += 1;
                self.go(r + 1, b, out);
            }
        }
    }
}

/// Counts the quarter-turn symmetric solutions of size `n` whose queen in row 0 is in column
/// `first` (summed over `first` in `0..n`: A033148).
///
/// Unlike the half-turn search, this one does not look at the stop flag: its trees are tiny
/// (15,153 nodes for the unit of column 13 at n = 28, against 2.5 × 10⁹ for the half turn's).
#[cfg(test)]
pub(crate) fn fixed_quarter_turn(n: usize, first: usize) -> FixedCount {
    fixed_quarter_turn_under::<Queens>(n, first)
}

/// [`fixed_quarter_turn`] under the rules of `S` (whose attacks the quarter turn keeps; the
/// attacks are drawn with [`RowStep::advance`]: for the rules of [`fixed_half_turn_under`]).
pub(crate) fn fixed_quarter_turn_under<S: RowStep>(n: usize, first: usize) -> FixedCount {
    debug_assert!(S::RULES != Rules::TORUS_SUPERQUEENS);
    let mut out = FixedCount::default();
    if n == 1 {
        out.boards = u64::from(first == 0);
        return out;
    }
    if n % 4 == 2 || n % 4 == 3 {
        return out; // quadruples and at most a centre queen cannot make n queens
    }
    let search = QuarterTurn::new::<S>(n);
    let empty = Quarters {
        rows: 0,
        attacked: [0; 32],
    };
    let start = match centre(n) {
        Some(z) => search.place(empty, z).expect("the empty board has room"),
        None => empty,
    };
    if let Some(b) = search.place_quadruple(start, 0, first) {
        out.nodes += 1;
        search.go(1, b, &mut out);
    }
    out
}

/// The tally of the half-turn unit of `rules` whose row-0 piece is in column `first`: the
/// boards it finds count as fixed by a half turn (every plan of the symmetric engine shares
/// this unit).
pub(crate) fn half_turn_unit(rules: Rules, n: usize, first: usize) -> crate::plan::Tally {
    let f = half_turn_count(rules, n, first);
    crate::plan::Tally {
        fixed_half_turn: f.boards.into(),
        nodes: f.nodes.into(),
        ..crate::plan::Tally::default()
    }
}

/// The tally of the quarter-turn unit of `rules` whose row-0 piece is in column `first`.
pub(crate) fn quarter_turn_unit(rules: Rules, n: usize, first: usize) -> crate::plan::Tally {
    let f = quarter_turn_count(rules, n, first);
    crate::plan::Tally {
        fixed_quarter_turn: f.boards.into(),
        nodes: f.nodes.into(),
        ..crate::plan::Tally::default()
    }
}

/// The boards of `rules` fixed by a half turn whose row-0 piece is in column `first`, and the
/// nodes of their search.
pub(crate) fn half_turn_count(rules: Rules, n: usize, first: usize) -> FixedCount {
    with_row_step!(rules, S => fixed_half_turn_under::<S>(n, first))
}

/// The boards of `rules` fixed by a quarter turn whose row-0 piece is in column `first`, and
/// the nodes of their search.
pub(crate) fn quarter_turn_count(rules: Rules, n: usize, first: usize) -> FixedCount {
    with_row_step!(rules, S => fixed_quarter_turn_under::<S>(n, first))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::engines::enumerate::for_each_solution;
    use std::ops::ControlFlow;

    /// Brute force: every solution, tested for rot180 and rot90 invariance directly.
    fn brute(n: usize) -> (u64, u64) {
        let (mut f180, mut f90) = (0, 0);
        for_each_solution(n, |p| {
            let m = n - 1;
            let half = (0..n).all(|r| p[m - r] as usize == m - p[r] as usize);
            // rot90 maps (r, p[r]) to (p[r], m − r): fixed iff p[p[r]] = m − r for all r.
            let quarter = (0..n).all(|r| p[p[r] as usize] as usize == m - r);
            f180 += half as u64;
            f90 += quarter as u64;
            ControlFlow::Continue(())
        });
        (f180, f90)
    }

    #[test]
    fn a_stop_ends_the_half_turn_search_in_its_middle() {
        use crate::plan::stop::StopFlag;
        let stop = StopFlag::new();
        stop.request();
        // The unit of column 10 at n = 22: 2.3 million nodes.
        let whole = fixed_half_turn(22, 10);
        let mut partial = FixedCount::default();
        assert_eq!(stop.watch(|| partial = fixed_half_turn(22, 10)), None);
        assert!(
            whole.nodes > 4 * u64::from(NODES_BETWEEN_LOOKS) && partial.nodes < whole.nodes / 2,
            "{partial:?} of {whole:?}"
        );
        // Outside the watch it counts whole again.
        assert_eq!(fixed_half_turn(22, 10), whole);
    }

    #[test]
    fn the_searches_build_the_nodes_they_always_built() {
        // (boards, nodes) summed over the units of n = 1..=16, as the searches of one queen
        // bitmask per line family counted them before they were written over the rules.
        let half = [
            (1, 0),
            (0, 0),
            (0, 0),
            (2, 4),
            (2, 4),
            (4, 16),
            (8, 20),
            (4, 54),
            (16, 68),
            (12, 250),
            (48, 332),
            (80, 1406),
            (136, 1718),
            (420, 8938),
            (1240, 12248),
            (3000, 65986),
        ];
        let quarter = [
            (1, 0),
            (0, 0),
            (0, 0),
            (2, 2),
            (2, 2),
            (0, 0),
            (0, 0),
            (0, 6),
            (0, 6),
            (0, 0),
            (0, 0),
            (8, 50),
            (8, 50),
            (0, 0),
            (0, 0),
            (64, 366),
        ];
        let sum = |f: fn(usize, usize) -> FixedCount, n: usize| {
            (0..n)
                .map(|c| f(n, c))
                .fold((0, 0), |(b, k), x| (b + x.boards, k + x.nodes))
        };
        for n in 1..=16 {
            assert_eq!(sum(fixed_half_turn, n), half[n - 1], "half turn, n = {n}");
            assert_eq!(
                sum(fixed_quarter_turn, n),
                quarter[n - 1],
                "quarter turn, n = {n}"
            );
        }
    }

    #[test]
    fn under_other_rules_the_searches_follow_them() {
        // The test-only rules: queens on the torus. Brute force over the permutations, with
        // the one attack predicate, written here.
        use crate::rules::TEST_RULES;
        use crate::rules::TorusQueens;
        for n in 1..=8 {
            let all = crate::rules::brute_force_solutions(TEST_RULES, n);
            let m = n - 1;
            let half = all
                .iter()
                .filter(|p| (0..n).all(|r| p[m - r] as usize == m - p[r] as usize))
                .count() as u64;
            let quarter = all
                .iter()
                .filter(|p| (0..n).all(|r| p[p[r] as usize] as usize == m - r))
                .count() as u64;
            let f180: u64 = (0..n)
                .map(|c| fixed_half_turn_under::<TorusQueens>(n, c).boards)
                .sum();
            let f90: u64 = (0..n)
                .map(|c| fixed_quarter_turn_under::<TorusQueens>(n, c).boards)
                .sum();
            assert_eq!((f180, f90), (half, quarter), "n = {n}");
        }
        // Not the queens' counts: on the 7×7 torus 28 solutions, 4 fixed by a half turn
        // and none by a quarter turn, against the plane's 40, 8 and 0.
        let sum =
            |f: fn(usize, usize) -> FixedCount| -> u64 { (0..7).map(|c| f(7, c).boards).sum() };
        assert_eq!(
            (
                sum(fixed_half_turn_under::<TorusQueens>),
                sum(fixed_quarter_turn_under::<TorusQueens>)
            ),
            (4, 0)
        );
        assert_eq!(
            (
                sum(fixed_half_turn_under::<Queens>),
                sum(fixed_quarter_turn_under::<Queens>)
            ),
            (8, 0)
        );
    }

    #[test]
    fn fixed_counts_match_brute_force_up_to_12() {
        for n in 1..=12 {
            let f180: u64 = (0..n).map(|c| fixed_half_turn(n, c).boards).sum();
            let f90: u64 = (0..n).map(|c| fixed_quarter_turn(n, c).boards).sum();
            assert_eq!((f180, f90), brute(n), "n={n}");
        }
    }
}
