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
use std::ops::ControlFlow;

/// How a search ended: `Break` when its unit gave up on a stop ([`crate::plan::stop`]).
type Flow = ControlFlow<()>;

/// The nodes (pairs placed) of the half-turn search between two looks at the stop flag: a
/// few milliseconds (about 70 ns a node at n = 28, where a unit runs for minutes: 2.5 × 10⁹
/// nodes for the queen of row 0 in column 13).
const NODES_BETWEEN_LOOKS: u32 = 1 << 16;

/// The occupied lines of a partial board: columns, rows and both diagonal families, as bit
/// sets (64 bits hold the 2n − 1 diagonals of n ≤ 32).
#[derive(Clone, Copy, Default)]
struct Lines {
    rows: u64,
    cols: u64,
    /// Diagonals by `r − c + n − 1`.
    down: u64,
    /// Anti-diagonals by `r + c`.
    up: u64,
}

impl Lines {
    /// The board with a queen added on `(r, c)`, or `None` if a queen already attacks it.
    #[inline]
    fn place(self, n: usize, r: usize, c: usize) -> Option<Lines> {
        let (rb, cb) = (1u64 << r, 1u64 << c);
        let (db, ub) = (1u64 << (r + n - 1 - c), 1u64 << (r + c));
        if (self.rows & rb) | (self.cols & cb) | (self.down & db) | (self.up & ub) != 0 {
            return None;
        }
        Some(Lines {
            rows: self.rows | rb,
            cols: self.cols | cb,
            down: self.down | db,
            up: self.up | ub,
        })
    }
}

/// A count with the nodes (pairs or quadruples placed) it took.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct FixedCount {
    /// Boards found.
    pub(crate) boards: u64,
    /// Partial boards built (one per pair or quadruple placed).
    pub(crate) nodes: u64,
}

/// The lines of the centre queen for odd n (every half- or quarter-turn symmetric board of odd
/// size has one there), or the empty board for even n.
fn centre(n: usize) -> Lines {
    if n % 2 == 1 {
        Lines::default()
            .place(n, n / 2, n / 2)
            .expect("the empty board has room")
    } else {
        Lines::default()
    }
}

/// Counts the half-turn symmetric solutions of size `n` whose queen in row 0 is in column
/// `first` (summed over `first` in `0..n`: A032522).
pub(crate) fn fixed_half_turn(n: usize, first: usize) -> FixedCount {
    fn go(n: usize, r: usize, lines: Lines, out: &mut FixedCount, p: &mut Patrol) -> Flow {
        if r == n / 2 {
            out.boards += 1;
            return Flow::Continue(());
        }
        if p.stop() {
            return Flow::Break(());
        }
        for c in 0..n {
            if let Some(l) = lines
                .place(n, r, c)
                .and_then(|l| l.place(n, n - 1 - r, n - 1 - c))
            {
                out.nodes += 1;
                go(n, r + 1, l, out, p)?;
            }
        }
        Flow::Continue(())
    }
    let mut out = FixedCount::default();
    let mut patrol = Patrol::every(NODES_BETWEEN_LOOKS);
    let start = centre(n);
    if n == 1 {
        // The only row is the centre row.
        out.boards = u64::from(first == 0);
        return out;
    }
    if let Some(l) = start
        .place(n, 0, first)
        .and_then(|l| l.place(n, n - 1, n - 1 - first))
    {
        out.nodes += 1;
        // A unit that gives up on a stop returns partial counts (thrown away by its watch).
        let _ = go(n, 1, l, &mut out, &mut patrol);
    }
    out
}

/// Places the quadruple of `(r, c)` under quarter turns, or `None` if it is not four distinct
/// non-attacking squares on free lines.
fn place_quadruple(n: usize, lines: Lines, r: usize, c: usize) -> Option<Lines> {
    let m = n - 1;
    if c == r || c == m - r {
        return None; // the quadruple would need two queens in one row
    }
    lines
        .place(n, r, c)?
        .place(n, c, m - r)?
        .place(n, m - r, m - c)?
        .place(n, m - c, r)
}

/// Counts the quarter-turn symmetric solutions of size `n` whose queen in row 0 is in column
/// `first` (summed over `first` in `0..n`: A033148).
///
/// Unlike the half-turn search, this one does not look at the stop flag: its trees are tiny
/// (15,153 nodes for the unit of column 13 at n = 28, against 2.5 × 10⁹ for the half turn's).
pub(crate) fn fixed_quarter_turn(n: usize, first: usize) -> FixedCount {
    fn go(n: usize, r: usize, lines: Lines, out: &mut FixedCount) {
        if r == n / 2 {
            out.boards += 1;
            return;
        }
        if lines.rows & (1 << r) != 0 {
            return go(n, r + 1, lines, out); // row taken by an earlier quadruple
        }
        for c in 0..n {
            if let Some(l) = place_quadruple(n, lines, r, c) {
                out.nodes += 1;
                go(n, r + 1, l, out);
            }
        }
    }
    let mut out = FixedCount::default();
    if n == 1 {
        out.boards = u64::from(first == 0);
        return out;
    }
    if n % 4 == 2 || n % 4 == 3 {
        return out; // quadruples and at most a centre queen cannot make n queens
    }
    if let Some(l) = place_quadruple(n, centre(n), 0, first) {
        out.nodes += 1;
        go(n, 1, l, &mut out);
    }
    out
}

/// The tally of the half-turn unit whose row-0 queen is in column `first`: the boards it
/// finds count as fixed by a half turn (both plans of the symmetric engine share this unit).
pub(crate) fn half_turn_unit(n: usize, first: usize) -> crate::plan::Tally {
    let f = fixed_half_turn(n, first);
    crate::plan::Tally {
        fixed_half_turn: f.boards.into(),
        nodes: f.nodes.into(),
        ..crate::plan::Tally::default()
    }
}

/// The tally of the quarter-turn unit whose row-0 queen is in column `first`.
pub(crate) fn quarter_turn_unit(n: usize, first: usize) -> crate::plan::Tally {
    let f = fixed_quarter_turn(n, first);
    crate::plan::Tally {
        fixed_quarter_turn: f.boards.into(),
        nodes: f.nodes.into(),
        ..crate::plan::Tally::default()
    }
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
    fn fixed_counts_match_brute_force_up_to_12() {
        for n in 1..=12 {
            let f180: u64 = (0..n).map(|c| fixed_half_turn(n, c).boards).sum();
            let f90: u64 = (0..n).map(|c| fixed_quarter_turn(n, c).boards).sum();
            assert_eq!((f180, f90), brute(n), "n={n}");
        }
    }
}
