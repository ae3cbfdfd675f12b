//! The symmetric engine's ring plans: the ring plan, the default (`--split ring`), which
//! pre-places the queens of the innermost ring, and the outer-ring plan (`--split
//! outer-ring`), the same method one ring further out, the second plan of `queens verify N
//! --two-ways`.
//!
//! # Method
//!
//! **Total.** The *ring* `k` lines in from the edge is rows `k` and `n − 1 − k` and columns
//! `k` and `n − 1 − k`; the innermost is `k = (n − 2) / 2` (the two middle rows and columns
//! for an even n). For n ≥ 4 its four lines are distinct, and every solution has exactly one
//! queen on each of them (a queen where one of its rows meets one of its columns serves
//! both): its *ring placement* `P`, two to four queens. The solutions are partitioned by
//! their ring placement, and each symmetry `g` of the square maps the ring onto itself, so it
//! maps the solutions with placement `P` one-to-one onto those with `g(P)`: all placements of
//! one D4 orbit have equally many completions. So `total = Σ over orbits of |orbit| ×
//! N(P_O)`, `P_O` the orbit's smallest member (by its [`Key`](crate::search::geometry::rings::Key)). Every
//! placement free of attacks is in exactly one orbit and each orbit is one unit, so every
//! board is counted exactly once, as one of the `|orbit|` equal shares of its orbit. The
//! interior counted may be that of any image of `P_O`: the plan takes the one whose search
//! tree looks smallest, among four search orders
//! ([`crate::search::geometry::ring_interior::best_order`]).
//!
//! **The interior** is every row that holds no ring queen, on every column that holds none:
//! masks of `n` bits (bit `c` = column `c`), of which the ring queens' columns are taken from
//! the start. The innermost ring is the one pre-placed because queens near the middle of the
//! board attack the most squares: its trees have a little over half the border plan's nodes.
//! Its masks are two columns wider than the border plan's, which the kernels' frames and the
//! outer columns placed below win back.
//!
//! **An independent plan.** Nothing of the border plan ([`crate::search::plans::border`]) is used:
//! not its constellations (the border queens), orbits, weights or interiors. So a size
//! counted by both is counted two independent ways.
//!
//! **The outer ring** ([`OuterRingPlan`], `RingSplit<1>`): the same method with the ring one
//! line further out, `k = (n − 2) / 2 − 1` (the border at n = 4 and 5), whose placements,
//! orbits, weights and interiors are all others than the innermost ring's (its interiors
//! search the innermost ring's lines). It builds about as many nodes in the same lanes, so
//! `queens verify N --two-ways`, which counts with the two ring plans, costs about two counts.
//!
//! **Classes** come from Burnside's lemma exactly as in the other plans: units `0..n` and
//! `n..2n` count the boards fixed by a half turn and by a quarter turn with the searches of
//! [`crate::search::engines::burnside`].
//!
//! **Small boards.** For n < 4 the ring's lines are not four distinct lines, so the plan has
//! one unit that counts the boards by plain backtracking.
//!
//! # Units
//!
//! Units `0..n` count F180 with the queen of row 0 in column `id`, units `n..2n` count F90
//! with it in column `id − n`, and from `2n` on each unit is one D4 orbit of ring
//! placements, or one piece of a large orbit, in decreasing order of the estimated work
//! ([`work::estimated_nodes`]), ties in increasing order of the orbit's smallest member's
//! [`Key`](crate::search::geometry::rings::Key) (the ring's lines in the entries of the second
//! ring; a ring queen on a border line, as one on row `k` in column 0, also fills that line's
//! entry), then of the piece. So a part of the plan, every MOD-th unit, gets its share of the
//! large units and of the small ones.
//!
//! **Pieces.** An orbit whose estimate is more than [`SPLIT_SHARE`] of the plan's total and
//! more than [`MIN_SPLIT_ESTIMATE`] (about 5 ms of work; some orbits from n = 18 on) is
//! counted as one unit per square of [`cut_squares`]: the free squares of its interior's first
//! free row, or where outer columns are placed (below), of the first of those columns that no
//! ring queen holds. A piece counts the completions with a queen on its square: the interior
//! with that queen placed and its attacks on the other rows added. Every completion has
//! exactly one queen on those squares, so the pieces' completions add up to the orbit's, and
//! so do their nodes (the first piece also counts the ring placement). No unit is then more
//! than a few hundredths of a percent of the work, and the parts of a large MOD come out even.
//!
//! **Journal pieces.** A few hundredths of a percent is still hours from n = 27 on, so with a
//! checkpoint a unit longer than the journal's interval (its estimate over
//! [`PIECES_FROM_PER_SECOND`] a second of it: a minute, 2³⁶ estimated nodes, by default), or
//! one whose pieces the journal already holds, is counted in the pieces below its first two
//! placements ([`JournalPieces`], [`crate::plan::pieces`]), the
//! same way: the completions below each placement, and the placements as nodes, add up to
//! the unit's count. Its runs of pieces are journaled as they are counted; the unit's count
//! is the same as when it is counted whole.
//!
//! **Outer columns placed (n = 18 to 22).** The kernels count an interior in 16-bit lanes
//! where its masks fit 16 bits, or are 17 columns wide (their split search: see
//! [`crate::search::kernel::frames`]), and otherwise in 32-bit lanes, half as many nodes a
//! vector. So at n = 18 to 22 a unit counts its interior (whole or piece) as the sum over
//! the placements of the queens of its outer columns ([`outer_columns`]: interior columns 0
//! and n − 1, then 1 and n − 2, from the outside in) of the interior with those queens placed
//! ([`count_columns_placed`]). Every solution has exactly one queen in each of those columns,
//! so the completions add up, and the masks left are as many columns narrower: [`columns_placed`]
//! places two columns at n = 18 (16 left) and 19, three at n = 20, four at n = 21 and five at
//! n = 22 (17 left each). The price is the search above those queens' rows, repeated for each
//! placement (1.1× to 1.3× the nodes), which the narrower lanes outweigh at these sizes but not
//! at n = 17 (whose masks mostly fit already) nor from n = 23 on.
//!
//! Plan identities `symmetric-ring-v9` and `symmetric-outer-ring-v8` ([`RING_SPLIT_VERSION`],
//! [`OUTER_RING_SPLIT_VERSION`]): a change to the units or their order is a new version, so
//! that parts and checkpoints of two versions are never mixed. What each earlier version did,
//! and the measurements behind each choice above, are in `docs/performance.md`.
//!
//! # Nodes
//!
//! A node of this plan is a partial board it builds: in an orbit unit, the ring placement (1)
//! and every partial board the kernel builds in its interior (see
//! [`crate::search::kernel::InteriorCount::nodes`]), and at n = 18 to 22 each outer column's
//! queen placed and the partial boards of the interiors they leave; in the F180 and F90
//! units, the pairs and quadruples of [`crate::search::engines::burnside`]; in the small-board unit,
//! every partial board of its backtracking (the empty board excluded).

use crate::plan::Tally;
use crate::plan::pieces::{OnPieces, PieceOptions, count_pieces};
use crate::rules::{self, Rules};
use crate::search::engines::family::{OrbitSplit, SymmetricFamily};
use crate::search::geometry::ring_interior::best_interior_within;
use crate::search::geometry::ring_orbits::{RingOrbit, ring_orbits};
use crate::search::geometry::rings::{Queens, Slots, innermost_ring, ring_lines};
use crate::search::geometry::work;
use crate::search::kernel::{Interior, InteriorCount, Kernel, MAX_DEPTH};
use std::io;
use std::time::Duration;

/// The version of the innermost ring's unit split, part of
/// [`crate::plan::Plan::identity`].
pub(crate) const RING_SPLIT_VERSION: u32 = 9;

/// The version of the outer ring's unit split, part of [`crate::plan::Plan::identity`].
pub(crate) const OUTER_RING_SPLIT_VERSION: u32 = 8;

/// The smallest board size the ring plans pre-place queens on (the outer-ring plan's ring,
/// one line out from the innermost, needs four rows); smaller boards are counted by the
/// small-board unit.
pub(crate) const MIN_RING_N: usize = 4;

/// The symmetric engine's ring plan for one board size: the Burnside units, then one unit per
/// D4 orbit of the innermost ring's placements ([`RingSplit`]; see the
/// [module documentation](self)).
pub(crate) type RingPlan = SymmetricFamily<RingSplit<0>>;

/// The symmetric engine's outer-ring plan: the ring plan of the ring one line further out
/// than the innermost (rows and columns `(n − 2) / 2 − 1` and `n − (n − 2) / 2`), its own
/// placements, orbits, weights and interiors: the second plan of `queens verify N
/// --two-ways`.
pub(crate) type OuterRingPlan = SymmetricFamily<RingSplit<1>>;

/// The ring split: the queens of the ring `OUT` lines out from the innermost pre-placed (0:
/// the innermost ring, [`RingPlan`]; 1: the next one out, [`OuterRingPlan`]), an interior of
/// `n` columns. For n < [`MIN_RING_N`] its one orbit unit counts every board by plain
/// backtracking.
pub(crate) struct RingSplit<const OUT: usize> {
    n: usize,
    /// The rules of the pieces (the plane's: queens or superqueens).
    rules: Rules,
    /// The orbits, in increasing order of their smallest member's key.
    orbits: Vec<RingOrbit>,
    /// The orbit units in unit order (largest estimate first): each an orbit whole or one
    /// of its pieces.
    units: Vec<RingUnit>,
    /// Each orbit unit's [`OrbitSplit::orbit_estimate`], in the same order (for n < 4, the
    /// small-board unit's).
    estimates: Vec<f64>,
    /// How many of the interior's outer columns the units place the queens of
    /// ([`count_columns_placed`], [`outer_columns`]): [`columns_placed`] of the size.
    columns: usize,
}

/// One orbit unit of a ring split: an orbit of ring placements, whole or one piece of it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct RingUnit {
    /// The orbit's index in [`RingSplit::orbits`].
    orbit: u32,
    /// Which part of the orbit's interior the unit counts.
    piece: Piece,
}

/// The part of an orbit's interior that a unit counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Piece {
    /// All of it.
    Whole,
    /// The completions with a queen on this square of the interior, its free row `row` and
    /// interior column `column`: an orbit larger than [`SPLIT_SHARE`] of the work is one unit
    /// per square of [`cut_squares`] (those of its first free row, or where the edge columns'
    /// queens are placed, those of its lowest column).
    Queen {
        /// The free row (0 for the first).
        row: u8,
        /// The interior column.
        column: u8,
    },
}

/// An orbit whose estimate exceeds this share of the split's total estimate is split into
/// pieces, one per free square of its interior's first row (see [`RingSplit::with_cut`]),
/// if its estimate also exceeds [`MIN_SPLIT_ESTIMATE`]. With the largest units so cut to a
/// few hundredths of a percent of the work, the parts of a large MOD come out even: by the
/// estimates, at MOD = 512 the largest part is 1.05 times the median at n = 22 (1.76 with
/// whole orbits), at MOD = 1024 1.11 (2.51).
const SPLIT_SHARE: f64 = 1.0 / 8192.0;

/// The least estimate of an orbit that is split into pieces (about 5 ms of work on one
/// core): smaller pieces would leave the vector kernels' lanes idle for what they save, and
/// below n = 18 no orbit is this large.
const MIN_SPLIT_ESTIMATE: f64 = 16_777_216.0;

/// The most outer columns a unit places the queens of ([`columns_placed`]).
const MAX_COLUMNS_PLACED: usize = 5;

/// How many of its interior's outer columns ([`outer_columns`]) a unit of board size `n`
/// places the queens of before the kernel counts the rest ([`count_columns_placed`]): so
/// many that the masks left fit 16 bits (n = 18) or the kernels' split search of 17 columns
/// (n = 19 to 22: 16-bit lanes throughout, the wide nodes packed: see
/// [`crate::search::kernel::frames`]) instead of 32-bit
/// lanes, which outweighs the search above those queens' rows being repeated for each
/// placement (1.1× to 1.3× the nodes). None at n = 17, where the masks already fit and the
/// interiors' many small trees lose, nor from n = 23 on, where the repeated search above them
/// outweighs the lanes (the measurements are in `docs/performance.md`).
pub(crate) fn columns_placed(n: usize) -> usize {
    match n {
        18 | 19 => 2,
        20 => 3,
        21 => 4,
        22 => 5,
        _ => 0,
    }
}

/// The fewest free rows an interior must have to be split into pieces: the pieces' roots
/// are placements in a row that is not one of the last two, so the nodes still add up.
const MIN_SPLIT_DEPTH: usize = 6;

impl<const OUT: usize> RingSplit<OUT> {
    /// The ring the split pre-places, lines in from the edge (`n` ≥ [`MIN_RING_N`], so the
    /// innermost ring is at least 1 in and the one out from it on the board).
    fn ring(n: usize) -> usize {
        innermost_ring(n) - OUT
    }

    /// The interior that the unit of `orbit` counts: that of the image of the orbit's
    /// smallest member whose search tree looks smallest (margin 0: every line without a ring
    /// queen).
    fn interior_of(n: usize, orbit: &RingOrbit) -> Interior {
        best_interior_within(n, &orbit.rep, 0)
    }

    /// The interior of orbit `o` (by key order).
    fn orbit_interior(&self, o: usize) -> Interior {
        Self::interior_of(self.n, &self.orbits[o])
    }

    /// The interior orbit unit `i` counts (its orbit's, or for a piece that interior with
    /// the piece's queen placed) and the nodes the unit counts besides the kernel's: the
    /// ring placement, counted by the whole orbit's unit or by its first piece (the first of
    /// [`cut_squares`]), and a piece's queen. That queen is a node of the whole interior's
    /// count (a first-row queen is one of its search, its row not one of the last two; an
    /// outer column's queen one of [`count_columns_placed`]), so the pieces' nodes add up to
    /// the whole orbit's.
    fn unit_interior(&self, i: usize) -> (Interior, u128) {
        let unit = self.units[i];
        let whole = self.orbit_interior(unit.orbit as usize);
        match unit.piece {
            Piece::Whole => (whole, 1),
            Piece::Queen { row, column } => {
                let square = (usize::from(row), 1 << column);
                let first = cut_squares(&whole, self.columns).first() == Some(&square);
                (
                    with_queen(&whole, square.0, square.1),
                    1 + u128::from(first),
                )
            }
        }
    }

    /// The interior orbit unit `i` counts.
    #[cfg(test)]
    fn interior(&self, i: usize) -> Interior {
        self.unit_interior(i).0
    }

    /// The split with the orbits whose estimate exceeds both `share` of the total and
    /// `least` cut into pieces: [`OrbitSplit::new`] with [`SPLIT_SHARE`] and
    /// [`MIN_SPLIT_ESTIMATE`]; the tests cut small boards too.
    #[cfg(test)]
    fn with_cut(n: usize, share: f64, least: f64) -> RingSplit<OUT> {
        RingSplit::with_cut_and_columns(n, share, least, columns_placed(n))
    }

    /// [`RingSplit::with_cut`] with the queens of `columns` outer columns placed in every
    /// unit (0: none; the tests try several on small boards).
    #[cfg(test)]
    fn with_cut_and_columns(n: usize, share: f64, least: f64, columns: usize) -> RingSplit<OUT> {
        RingSplit::with_cut_under(Rules::QUEENS, n, share, least, columns)
    }

    /// [`RingSplit::with_cut_and_columns`] for the pieces of `rules` (of the plane).
    fn with_cut_under(
        rules: Rules,
        n: usize,
        share: f64,
        least: f64,
        columns: usize,
    ) -> RingSplit<OUT> {
        assert!((1..=32).contains(&n), "board size {n} outside 1..=32");
        if n < MIN_RING_N {
            // The small-board unit: a handful of nodes below 4 × 4.
            return RingSplit {
                n,
                rules,
                orbits: Vec::new(),
                units: Vec::new(),
                estimates: vec![1.0],
                columns: 0,
            };
        }
        let k = Self::ring(n);
        let orbits = ring_orbits(n, &Slots::with_inner_ring(n, k), &ring_lines(n, k), rules);
        // Each orbit's interior and estimate (the ring placement is a node too).
        let interiors: Vec<Interior> = orbits.iter().map(|o| Self::interior_of(n, o)).collect();
        let whole: Vec<f64> = interiors
            .iter()
            .map(|it| 1.0 + work::estimated_nodes(it))
            .collect();
        let total: f64 = whole.iter().sum();
        // The units in key order, each large orbit as its pieces in the order of cut_squares.
        let mut units: Vec<(f64, RingUnit)> = Vec::with_capacity(orbits.len());
        for (o, it) in interiors.iter().enumerate() {
            let orbit = o as u32;
            let large = whole[o] > share * total && whole[o] > least;
            if large && it.depth >= MIN_SPLIT_DEPTH {
                for (row, bit) in cut_squares(it, columns) {
                    let piece = with_queen(it, row, bit);
                    units.push((
                        1.0 + work::estimated_nodes(&piece),
                        RingUnit {
                            orbit,
                            piece: Piece::Queen {
                                row: row as u8,
                                column: bit.trailing_zeros() as u8,
                            },
                        },
                    ));
                }
            } else {
                units.push((
                    whole[o],
                    RingUnit {
                        orbit,
                        piece: Piece::Whole,
                    },
                ));
            }
        }
        // Units in decreasing order of estimated work (a stable sort: ties stay in key
        // order), so that the parts `--part RES/MOD`, every MOD-th unit, deal the units out
        // like cards and come out of equal work. In key order the large units bunch up by
        // the positions of the ring's queens (at n = 19, MOD = 64, one part had 1.39 times
        // the median part's nodes). The estimate is plain `f64` arithmetic (no fused or
        // library operations), so it and the order are the same on every machine; a change
        // to `work::estimated_nodes` or to the split's rule renumbers the units and must bump
        // the split's version.
        units.sort_by(|a, b| b.0.total_cmp(&a.0));
        let (estimates, units) = units.into_iter().unzip();
        RingSplit {
            n,
            rules,
            orbits,
            units,
            estimates,
            columns,
        }
    }

    /// Whether a journal that reports runs of pieces `every` so often keeps orbit unit `i` in
    /// pieces: where its estimate is [`PIECES_FROM_PER_SECOND`] a second of that or more, or
    /// the journal holds some of them already (`resumed`); never on a small board.
    fn journals_in_pieces(&self, i: usize, every: Duration, resumed: bool) -> bool {
        let long = self.estimates[i] >= PIECES_FROM_PER_SECOND * every.as_secs_f64();
        self.n >= MIN_RING_N && (long || resumed)
    }

    /// The pieces a journal keeps of orbit unit `i` ([`JournalPieces`]) where
    /// [`RingSplit::journals_in_pieces`]; `None` for a shorter unit or a small board.
    fn journal_pieces(&self, i: usize, every: Duration, resumed: bool) -> Option<JournalPieces> {
        if !self.journals_in_pieces(i, every, resumed) {
            return None;
        }
        let (interior, own) = self.unit_interior(i);
        let columns = outer_columns(&interior, self.columns);
        let mut pieces = JournalPieces {
            interiors: Vec::new(),
            columns: columns.iter().skip(JOURNAL_PIECE_LEVELS).copied().collect(),
            above: own,
        };
        let first = &columns[..columns.len().min(JOURNAL_PIECE_LEVELS)];
        pieces.cut(&interior, first, JOURNAL_PIECE_LEVELS - first.len());
        Some(pieces)
    }
}

/// The least estimate of an orbit unit that a journal keeps in pieces, per second of the
/// journal's interval between two runs of pieces (a unit that takes longer than that loses
/// at most the interval's work to a stop, one that takes less at most its own): about the
/// estimated nodes of a second of the queens' work on one core (some 4 seconds of the
/// superqueens', whose nodes are fewer than their estimates). At the default interval, a
/// minute, 6 × 10¹⁰ ≈ 2³⁶ estimated nodes.
const PIECES_FROM_PER_SECOND: f64 = 1e9;

/// How many placements deep a long unit is cut into the pieces a journal keeps: those of its
/// first two outer columns where it places outer columns, else of its first two free rows
/// (about n² pieces, each a few hundredths of the unit or less).
const JOURNAL_PIECE_LEVELS: usize = 2;

/// A long orbit unit cut for a journal ([`crate::plan::pieces`]): the interiors below its
/// first [`JOURNAL_PIECE_LEVELS`] placements, each counted as the unit counts its interior
/// (the rest of its outer columns placed, then the kernel), and the nodes above them. Every
/// completion of the unit's interior is below exactly one of those placements, and each
/// placement is a node of the unit's own count (an outer column's queen, or a queen in a
/// free row that is not one of the last two), so the pieces with `above` add up to the
/// unit's count, nodes included.
struct JournalPieces {
    /// The interiors, in the order of the placements (outer columns or rows, then columns
    /// from the lowest bit).
    interiors: Vec<Interior>,
    /// The outer columns whose queens each piece places before the kernel counts the rest.
    columns: Vec<u32>,
    /// The unit's nodes above the pieces: its own ([`RingSplit::unit_interior`]) and the
    /// placements that made the pieces.
    above: u128,
}

impl JournalPieces {
    /// Adds the pieces below `it`: the placements of the queens of `columns`, then of the
    /// first `rows` free rows (fewer where the interior would be left with two free rows or
    /// fewer: the kernels count those in closed form, placing no node).
    fn cut(&mut self, it: &Interior, columns: &[u32], rows: usize) {
        if let Some((&bit, rest)) = columns.split_first() {
            let placed = for_each_queen_in_column(it, bit, |next| self.cut(next, rest, rows));
            self.above += u128::from(placed);
        } else if rows == 0 || it.depth <= 2 {
            self.interiors.push(it.clone());
        } else {
            // The free squares of the first free row (no outer column asked for): each a
            // node, its row not one of the last two (depth > 2).
            for (row, bit) in cut_squares(it, 0) {
                self.above += 1;
                self.cut(&with_queen(it, row, bit), &[], rows - 1);
            }
        }
    }
}

/// The squares along which a large orbit's interior `it` is cut into pieces, one piece
/// each, as (free row, interior column bit), in increasing order: where the queens of
/// `columns` outer columns are placed ([`outer_columns`]), the free squares (each free row
/// it is not attacked in) of the first of those columns that no ring queen holds, so that
/// each piece is one of the placements [`count_columns_placed`] makes first and their
/// nodes add up to the whole orbit's; else (none placed, or ring queens hold them all) the
/// free squares of the first free row. Every completion has exactly one queen on these
/// squares.
fn cut_squares(it: &Interior, columns: usize) -> Vec<(usize, u32)> {
    let open = outer_columns(it, columns)
        .into_iter()
        .find(|&bit| it.cols & bit == 0);
    if let Some(column) = open {
        return (0..it.depth)
            .filter(|&j| it.blocked[j] & column == 0)
            .map(|j| (j, column))
            .collect();
    }
    let mut free = first_row_squares(it);
    std::iter::from_fn(|| {
        (free != 0).then(|| {
            let bit = free & free.wrapping_neg(); // the lowest free square
            free ^= bit;
            (0, bit)
        })
    })
    .collect()
}

/// The squares of `it`'s first free row that a queen can take: its interior columns that
/// are neither held nor attacked by a pre-placed queen.
fn first_row_squares(it: &Interior) -> u32 {
    it.inner & !(it.cols | it.blocked[0])
}

/// The interior `it` with a queen placed in its free row `row` at interior column `bit` (a
/// square of that row neither held nor attacked): one free row fewer, `bit`'s column held,
/// and the queen's diagonal attacks (and a superqueen's knight squares) added to every other
/// free row's blocked squares, those above it as well as those below. Entries past the new
/// depth are zero.
fn with_queen(it: &Interior, row: usize, bit: u32) -> Interior {
    debug_assert!(row < it.depth && bit.is_power_of_two());
    debug_assert_eq!(
        it.inner & !(it.cols | it.blocked[row]) & bit,
        bit,
        "a free square"
    );
    // Each free row's board row, counted from the first free row.
    let mut at = [0u32; MAX_DEPTH];
    for j in 1..it.depth {
        at[j] = at[j - 1] + it.shift[j - 1];
    }
    let mut next = Interior {
        depth: 0,
        inner: it.inner,
        cols: it.cols | bit,
        blocked: [0; MAX_DEPTH],
        shift: [0; MAX_DEPTH],
        rules: it.rules,
    };
    let mut previous = None; // the board row of the last free row kept
    for j in (0..it.depth).filter(|&j| j != row) {
        // The queen's diagonals `apart` rows away: one column up and one down per row.
        // Shifts of 32 or more leave nothing (checked_sh*: no overflow).
        let apart = at[j].abs_diff(at[row]);
        let up = bit.checked_shl(apart).unwrap_or(0);
        let down = bit.checked_shr(apart).unwrap_or(0);
        // A knight's squares: two columns away one row off, one column away two rows off.
        let knight = match (it.rules.piece, apart) {
            (rules::Piece::Superqueen, 1) => bit << 2 | bit >> 2,
            (rules::Piece::Superqueen, 2) => bit << 1 | bit >> 1,
            _ => 0,
        };
        let k = next.depth;
        next.blocked[k] = it.blocked[j] | ((up | down | knight) & it.inner);
        if let Some(p) = previous {
            next.shift[k - 1] = at[j] - p; // across the queen's row where it lay between
        }
        previous = Some(at[j]);
        next.depth += 1;
    }
    next
}

/// Counts `it` as the sum, over the placements of the queens of `columns` (interior columns
/// as bits, each one queen in every solution: see [`outer_columns`]), of the interior with
/// them placed, one column after the other in that order: whose masks then fit as many
/// columns fewer as the columns are outer ones. The nodes are the kernel's in those
/// interiors and one per queen placed; a column already held is not placed again.
fn count_columns_placed(it: &Interior, columns: &[u32], kernel: Kernel) -> InteriorCount {
    let Some((&bit, rest)) = columns.split_first() else {
        return kernel.count(it);
    };
    let mut found = InteriorCount::default();
    let placed = for_each_queen_in_column(it, bit, |next| {
        let c = count_columns_placed(next, rest, kernel);
        found.completions += c.completions;
        found.nodes += c.nodes;
    });
    found.nodes += placed;
    found
}

/// The first `count` of the interior's outer columns, as bits, from the outside in:
/// its lowest and highest columns, then the next one in from each, and so on (at most
/// [`MAX_COLUMNS_PLACED`]). Placing the queens of the first `2j` (or `2j + 1`) leaves masks
/// that the kernels narrow by as many columns (see [`crate::search::kernel::frames`]:
/// the columns dropped are the interior's edges, held).
fn outer_columns(it: &Interior, count: usize) -> Vec<u32> {
    assert!(count <= MAX_COLUMNS_PLACED, "{count} outer columns");
    let (low, high) = edge_columns(it);
    (0..count)
        .map(|j| {
            let step = (j / 2) as u32;
            if j % 2 == 0 {
                low << step
            } else {
                high >> step
            }
        })
        .collect()
}

/// The interior's lowest and highest columns, as bits (an interior of at least one column:
/// every ring plan's, n ≥ 4).
fn edge_columns(it: &Interior) -> (u32, u32) {
    debug_assert_ne!(it.inner, 0, "an interior with columns");
    (
        // x & −x keeps the lowest set bit (two's complement).
        it.inner & it.inner.wrapping_neg(),
        // The highest set bit: 1 shifted to the position of the last one before the
        // leading zeros.
        1u32 << (31 - it.inner.leading_zeros()),
    )
}

/// Calls `visit` with `it` and a queen in column `bit` (an outer column: see
/// [`outer_columns`]), for each free row where that square is free; with `it` itself if the
/// column is already held. Returns the queens placed.
fn for_each_queen_in_column(it: &Interior, bit: u32, mut visit: impl FnMut(&Interior)) -> u64 {
    if it.cols & bit != 0 {
        visit(it);
        return 0;
    }
    let mut placed = 0;
    for row in (0..it.depth).filter(|&j| it.blocked[j] & bit == 0) {
        visit(&with_queen(it, row, bit));
        placed += 1;
    }
    placed
}

impl<const OUT: usize> OrbitSplit for RingSplit<OUT> {
    /// The split of board size `n`.
    ///
    /// # Panics
    ///
    /// If `n` is outside 1..=32.
    fn new(n: usize, rules: Rules) -> RingSplit<OUT> {
        // The outer columns placed narrow the vector kernels' lanes; the other rules are
        // counted by the scalar kernel (`Kernel::count`), which they would only cost nodes.
        let columns = if rules.is_queens() {
            columns_placed(n)
        } else {
            0
        };
        RingSplit::with_cut_under(rules, n, SPLIT_SHARE, MIN_SPLIT_ESTIMATE, columns)
    }

    fn identity(&self) -> String {
        match OUT {
            0 => format!("symmetric-ring-v{RING_SPLIT_VERSION}"),
            _ => format!("symmetric-outer-ring-v{OUTER_RING_SPLIT_VERSION}"),
        }
    }

    fn orbit_count(&self) -> usize {
        orbit_units(self.n, self.units.len())
    }

    fn count_orbit(&self, i: usize, kernel: Kernel) -> (u128, u128) {
        if let Some(small) = small_board_unit(self.rules, self.n) {
            return small;
        }
        let (interior, own) = self.unit_interior(i);
        let counted =
            count_columns_placed(&interior, &outer_columns(&interior, self.columns), kernel);
        let weight = self.orbits[self.units[i].orbit as usize].weight;
        // At most 8 × 2^64: fits a u128 with room to spare.
        (
            u128::from(weight) * u128::from(counted.completions),
            u128::from(counted.nodes) + own,
        )
    }

    /// [`work::estimated_nodes`] of the interior the unit counts, and the ring placement
    /// itself, computed once when the plan is built (O(n²) per unit). Measured against the
    /// scalar kernel's nodes over all orbit units (the `unit_costs_track_the_measured_nodes`
    /// test of `src/search/plans/mod.rs`): the ratio of estimate to nodes has a geometric
    /// standard deviation of 1.24 at n = 12 and 1.22 at n = 14 (the border plan's: 1.33 and
    /// 1.38), and the sums are 0.95 and 0.98 times the nodes (1.10 and 1.18); at n = 19,
    /// against the avx512 kernel's nodes, 1.15 and 0.94.
    fn orbit_estimate(&self, i: usize) -> f64 {
        self.estimates[i]
    }

    /// Named by how deep a long unit is cut (`levels2`: two placements deep; letters and
    /// digits, as a journal keeps it): a piece numbered by another cut is another piece.
    /// Which units are cut does not change a unit's pieces, so it is not in the name.
    fn piece_scheme(&self) -> Option<String> {
        Some(format!("levels{JOURNAL_PIECE_LEVELS}"))
    }

    fn count_orbit_in_pieces(
        &self,
        i: usize,
        kernel: Kernel,
        options: PieceOptions<'_>,
        on_pieces: OnPieces<'_>,
    ) -> Option<io::Result<(u128, u128)>> {
        let resumed = !options.done.is_empty();
        let pieces = self.journal_pieces(i, options.every, resumed)?;
        let weight = u128::from(self.orbits[self.units[i].orbit as usize].weight);
        let sum = count_pieces(pieces.interiors.len(), options, on_pieces, |k| {
            let counted = count_columns_placed(&pieces.interiors[k], &pieces.columns, kernel);
            Tally {
                // At most 8 × 2^64: fits a u128 with room to spare.
                boards: weight * u128::from(counted.completions),
                nodes: counted.nodes.into(),
                ..Tally::default()
            }
        });
        Some(sum.map(|t| (t.boards, t.nodes + pieces.above)))
    }

    const ESTIMATES_WORK: bool = true;
}

/// The orbit units of a ring plan of size `n` with `orbits` orbits: one each, or for
/// n < [`MIN_RING_N`] the one small-board unit.
fn orbit_units(n: usize, orbits: usize) -> usize {
    if n < MIN_RING_N { 1 } else { orbits }
}

/// For n < [`MIN_RING_N`], the small-board unit's `(boards, nodes)` ([`small_board`]); `None`
/// for a board with rings.
fn small_board_unit(rules: Rules, n: usize) -> Option<(u128, u128)> {
    (n < MIN_RING_N).then(|| {
        let (boards, nodes) = small_board_under(rules, n);
        (boards.into(), nodes.into())
    })
}

/// Counts the solutions of size `n` by plain backtracking: `(boards, nodes)`, nodes being
/// every partial board but the empty one.
#[cfg(test)]
fn small_board(n: usize) -> (u64, u64) {
    small_board_under(Rules::QUEENS, n)
}

/// [`small_board`] for the pieces of `rules`.
fn small_board_under(rules: Rules, n: usize) -> (u64, u64) {
    fn go(n: usize, r: usize, q: &Queens, out: &mut (u64, u64)) {
        if r == n {
            out.0 += 1;
            return;
        }
        for c in 0..n {
            if let Some(next) = q.place(n, r, c) {
                out.1 += 1;
                go(n, r + 1, &next, out);
            }
        }
    }
    assert!(
        n < MIN_RING_N,
        "the small-board unit is for boards below 4 x 4"
    );
    let mut out = (0, 0);
    go(n, 0, &Queens::under(rules), &mut out);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::engines::enumerate::for_each_solution;
    use crate::search::geometry::ring_interior::{
        Attacks, Order, interior_within, order_costs, oriented_interior,
    };
    use crate::search::geometry::rings::{Key, Queens, fill_lines};
    use crate::search::kernel::{MAX_DEPTH, reference_count};
    use crate::symmetry::Transform;
    use std::collections::{BTreeMap, HashSet};
    use std::ops::ControlFlow;

    /// The squares of the placement `q` of size `n` under the symmetry `g`.
    fn image(n: usize, q: &Queens, g: Transform) -> Vec<(usize, usize)> {
        let square = |&(r, c): &(u8, u8)| g.apply_to_square(n, r.into(), c.into());
        q.squares().iter().map(square).collect()
    }

    /// Every placement on the ring `k` lines in of size `n` (not reduced by symmetry), by
    /// its key.
    fn all_placements(n: usize, k: usize) -> BTreeMap<Key, Queens> {
        let slots = Slots::with_inner_ring(n, k);
        let mut out = BTreeMap::new();
        fill_lines(n, &ring_lines(n, k), &Queens::EMPTY, &mut |q| {
            let key = slots.image_key(Transform::Identity, q);
            assert!(out.insert(key, *q).is_none(), "n={n}: {key:?} met twice");
        });
        out
    }

    /// `it` with its blocked squares on held columns left out: those are held whatever else
    /// attacks them (the square-by-square builder blocks only the others).
    fn open(mut it: Interior) -> Interior {
        for b in &mut it.blocked[..it.depth] {
            *b &= !it.cols;
        }
        it
    }

    #[test]
    fn oriented_interiors_are_the_plain_interiors_of_the_images() {
        for n in 4..=10 {
            for q in all_placements(n, innermost_ring(n)).values() {
                let a = Attacks::new(n, q, 0);
                for order in Order::ALL {
                    let squares = image(n, q, order.transform());
                    let plain = interior_within(n, &squares, 0, Rules::QUEENS);
                    assert_eq!(
                        open(oriented_interior(n, &a, order)),
                        plain,
                        "n={n} {order:?}"
                    );
                    assert_eq!(a.depth(n), plain.depth);
                }
            }
        }
    }

    /// Why four search orders suffice: an image mirrored left to right searches a mirrored
    /// tree, with the same completions and nodes; and [`order_costs`] is each order's
    /// estimate of its plain interior.
    #[test]
    fn mirrored_interiors_have_equal_trees_and_order_costs_are_their_estimates() {
        for n in [8, 10] {
            for q in all_placements(n, innermost_ring(n)).values() {
                let costs = order_costs(n, &Attacks::new(n, q, 0));
                for (k, order) in Order::ALL.into_iter().enumerate() {
                    let g = order.transform();
                    let plain = interior_within(n, &image(n, q, g), 0, Rules::QUEENS);
                    assert_eq!(costs[k], plain.estimated_cost(), "n={n} {order:?}");
                    let mirrored = Transform::FlipColumns.compose(g);
                    let mirrored = interior_within(n, &image(n, q, mirrored), 0, Rules::QUEENS);
                    assert_eq!(
                        reference_count(&plain),
                        reference_count(&mirrored),
                        "n={n} {order:?}"
                    );
                }
            }
        }
    }

    /// Superqueens on the ring plans: the interiors that `Attacks` builds (the knight's
    /// squares of the ring pieces by rows and by columns) are those of the square-by-square
    /// builder under `Rules::attacks`, in every order; each unit's interior (whole or a piece,
    /// with outer columns placed or not) counts on the scalar kernel what the rules-aware
    /// reference count does; and the units' weighted completions are A051223's totals.
    #[test]
    fn superqueen_interiors_follow_the_knight() {
        let rules = Rules::SUPERQUEENS;
        for n in 4..=11 {
            let k = innermost_ring(n);
            fill_lines(n, &ring_lines(n, k), &Queens::under(rules), &mut |q| {
                let a = Attacks::new(n, q, 0);
                for order in Order::ALL {
                    let squares = image(n, q, order.transform());
                    let plain = interior_within(n, &squares, 0, rules);
                    let built = oriented_interior(n, &a, order);
                    assert_eq!(built.rules, rules);
                    assert_eq!(open(built), open(plain), "n={n} {order:?} {squares:?}");
                }
            });
        }
        for (n, total) in [(10, 4u128), (11, 44), (12, 156), (13, 1876)] {
            for columns in [0, 2] {
                let split = RingSplit::<0>::with_cut_under(rules, n, 0.0, 0.0, columns);
                let mut weighted = 0;
                for i in 0..split.orbit_count() {
                    let it = split.interior(i);
                    assert_eq!(it.rules, rules);
                    let kernel = Kernel::Scalar.count(&it);
                    assert_eq!(kernel, reference_count(&it), "n={n} unit {i}");
                    weighted += split.count_orbit(i, Kernel::Scalar).0;
                }
                assert_eq!(weighted, total, "n={n} columns {columns}");
            }
        }
    }

    #[test]
    fn each_solution_is_counted_under_its_ring_placements_orbit() {
        each_solution_is_counted_once::<0>();
        each_solution_is_counted_once::<1>();
    }

    /// The ring split `OUT` lines out from the innermost counts each solution once, under the
    /// orbit of its placement on that ring, with the orbit's size as weight.
    fn each_solution_is_counted_once<const OUT: usize>() {
        for n in 4..=10 {
            let k = RingSplit::<OUT>::ring(n);
            let slots = Slots::with_inner_ring(n, k);
            let on_ring = |r: usize| r == k || r == n - 1 - k;
            // N(P) by brute force: the solutions, grouped by their queens on the ring.
            let mut by_key: BTreeMap<Key, u64> = BTreeMap::new();
            for_each_solution(n, |p| {
                let ring = p
                    .iter()
                    .enumerate()
                    .map(|(r, &c)| (r, c as usize))
                    .filter(|&(r, c)| on_ring(r) || on_ring(c));
                *by_key.entry(slots.key(ring)).or_default() += 1;
                ControlFlow::Continue(())
            });
            let placements = all_placements(n, k);
            let split = RingSplit::<OUT>::new(n, Rules::QUEENS);
            let mut seen = HashSet::new();
            for (i, orbit) in split.orbits.iter().enumerate() {
                let interior = split.orbit_interior(i);
                let images: HashSet<Key> = Transform::ALL
                    .iter()
                    .map(|&g| slots.image_key(g, &orbit.rep))
                    .collect();
                // The weight is the orbit's size, and the representative its smallest member.
                assert_eq!(usize::from(orbit.weight), images.len(), "n={n} orbit {i}");
                let key = slots.image_key(Transform::Identity, &orbit.rep);
                assert_eq!(images.iter().min(), Some(&key));
                // The interior counted has the completions of every member.
                let counted = Kernel::Scalar.count(&interior);
                assert_eq!(counted, reference_count(&interior), "n={n} orbit {i}");
                for k in &images {
                    assert_eq!(
                        by_key.get(k).copied().unwrap_or(0),
                        counted.completions,
                        "n={n} {k:?}"
                    );
                    assert!(seen.insert(*k), "n={n}: {k:?} in two orbits");
                }
            }
            // The orbits cover every placement exactly once, and every solution has one.
            assert_eq!(seen.len(), placements.len(), "n={n}");
            assert!(by_key.keys().all(|k| placements.contains_key(k)));
        }
    }

    #[test]
    fn units_go_largest_estimate_first_ties_by_key() {
        units_in_order::<0>();
        units_in_order::<1>();
    }

    /// The units of the ring split `OUT` lines out from the innermost go largest estimate
    /// first, ties by key.
    fn units_in_order<const OUT: usize>() {
        for n in [4, 9, 12, 19, 20] {
            let split = RingSplit::<OUT>::new(n, Rules::QUEENS);
            let slots = Slots::with_inner_ring(n, RingSplit::<OUT>::ring(n));
            // Ties go by the orbit's key, then by the piece.
            let key = |i: usize| {
                let u = split.units[i];
                let rep = &split.orbits[u.orbit as usize].rep;
                (slots.image_key(Transform::Identity, rep), u.piece)
            };
            for i in 1..split.units.len() {
                let (a, b) = (split.orbit_estimate(i - 1), split.orbit_estimate(i));
                assert!(a > b || (a == b && key(i - 1) < key(i)), "n={n} units {i}");
                // The estimate is that of the interior the unit counts.
                let it = split.interior(i);
                assert_eq!(b, 1.0 + work::estimated_nodes(&it), "n={n} unit {i}");
            }
        }
    }

    /// The pieces of every orbit of sizes 8 to 12 with six free rows or more, cut whatever
    /// their size (an unoptimized build: 8 to 10), count what their orbit counts, nodes
    /// included, on every kernel this CPU runs, and each piece as the plain recursive count
    /// does.
    #[test]
    fn pieces_add_up_to_their_orbit() {
        let last = if cfg!(debug_assertions) { 10 } else { 12 };
        for (n, columns) in (8..=last).flat_map(|n| [(n, 0), (n, 2), (n, 4)]) {
            let cut = RingSplit::<0>::with_cut_and_columns(n, 0.0, 0.0, columns);
            let whole =
                RingSplit::<0>::with_cut_and_columns(n, f64::INFINITY, f64::INFINITY, columns);
            assert!(
                n < 10 || cut.units.len() > whole.units.len(),
                "n={n}: some orbit cut"
            );
            assert!(whole.units.iter().all(|u| u.piece == Piece::Whole));
            for kernel in Kernel::ALL.iter().copied().filter(|k| k.is_available()) {
                let sum = |s: &RingSplit<0>| {
                    (0..s.orbit_count())
                        .map(|i| s.count_orbit(i, kernel))
                        .fold((0, 0), |(b, m), (x, y)| (b + x, m + y))
                };
                assert_eq!(
                    sum(&cut),
                    sum(&whole),
                    "n={n}, {columns} columns, {kernel:?}"
                );
            }
            for i in 0..cut.units.len() {
                let it = cut.interior(i);
                assert_eq!(Kernel::Scalar.count(&it), reference_count(&it), "n={n} {i}");
            }
        }
    }

    /// A piece's interior is its orbit's with the queen placed by hand: the same board as
    /// the plain builder's from the ring queens and that queen.
    #[test]
    fn a_piece_is_its_orbits_interior_with_one_more_queen() {
        for n in [7, 10, 13] {
            let cut = RingSplit::<0>::with_cut(n, 0.0, 0.0);
            for (i, u) in cut.units.iter().enumerate() {
                if u.piece == Piece::Whole {
                    continue;
                }
                let Piece::Queen { row: 0, column: c } = u.piece else {
                    panic!("n={n}: without the edges placed, pieces are first-row squares");
                };
                let whole = cut.orbit_interior(u.orbit as usize);
                let piece = cut.interior(i);
                assert_eq!(piece.depth + 1, whole.depth, "n={n} {i}");
                assert_eq!(piece.cols, whole.cols | 1 << c);
                // The queen attacks every later row on the two squares `d` columns to
                // either side, `d` rows down.
                let mut d = 0;
                for j in 0..piece.depth {
                    d += whole.shift[j];
                    let mut attacked = 0u64;
                    attacked |= 1u64 << (u64::from(c) + u64::from(d)).min(63);
                    if d <= u32::from(c) {
                        attacked |= 1 << (u32::from(c) - d);
                    }
                    let attacked = attacked as u32 & whole.inner;
                    assert_eq!(piece.blocked[j], whole.blocked[j + 1] | attacked, "n={n}");
                    assert_eq!(piece.shift[j], whole.shift[j + 1]);
                }
            }
        }
    }

    /// From n = 18 on the large orbits are cut (at 17 none is large enough): each orbit is one
    /// unit whole or one unit per square of [`cut_squares`] (at n = 18 to 22, where the
    /// outer columns' queens are placed, those of the first outer column no ring queen holds;
    /// else those of its first row), and no unit is more than a few hundredths of the work.
    #[test]
    fn large_boards_cut_their_largest_orbits_into_pieces() {
        for n in [17, 18, 19, 20, 21, 23, 27] {
            let split = RingSplit::<0>::new(n, Rules::QUEENS);
            let mut pieces: BTreeMap<u32, Vec<(usize, u32)>> = BTreeMap::new();
            let mut whole = HashSet::new();
            for u in &split.units {
                match u.piece {
                    Piece::Whole => assert!(whole.insert(u.orbit), "n={n}"),
                    Piece::Queen { row, column } => pieces
                        .entry(u.orbit)
                        .or_default()
                        .push((usize::from(row), 1 << column)),
                }
            }
            assert_eq!(whole.len() + pieces.len(), split.orbits.len(), "n={n}");
            let mut edge_cuts = 0;
            for (o, mut squares) in pieces {
                assert!(!whole.contains(&o));
                squares.sort_unstable();
                let it = split.orbit_interior(o as usize);
                let all = cut_squares(&it, split.columns);
                let open = outer_columns(&it, split.columns)
                    .into_iter()
                    .find(|&bit| it.cols & bit == 0);
                if let Some(column) = open {
                    assert!(
                        all.iter().all(|&(_, bit)| bit == column),
                        "n={n}: the first open outer column"
                    );
                    edge_cuts += 1;
                } else {
                    assert!(all.iter().all(|&(row, _)| row == 0), "n={n}: the first row");
                }
                assert_eq!(squares, all, "n={n} orbit {o}");
            }
            assert_eq!(edge_cuts > 0, columns_placed(n) > 0, "n={n}");
            let total: f64 = split.estimates.iter().sum();
            let share = split.estimates[0] / total;
            if n == 17 {
                assert_eq!(split.units.len(), split.orbits.len(), "n = 17: nothing cut");
            } else {
                assert!(split.units.len() > split.orbits.len(), "n={n}");
                assert!(share < 0.003, "n={n}: the largest unit {share}");
                if n >= 19 {
                    assert!(share < 0.0005, "n={n}: the largest unit {share}");
                }
            }
        }
    }

    /// The completions of `it` whose queen in free row `row` stands on `bit`, by a plain
    /// recursive search of `it` itself (not of [`with_queen`]'s interior).
    fn completions_through(it: &Interior, row: usize, bit: u32) -> u64 {
        fn go(it: &Interior, i: usize, q: (usize, u32), cols: u32, ld: u32, rd: u32) -> u64 {
            if i == it.depth {
                return 1;
            }
            let mut free = it.inner & !(it.cols | cols | ld | rd | it.blocked[i]);
            if i == q.0 {
                free &= q.1;
            }
            let (s, mut total) = (it.shift.get(i).copied().unwrap_or(0), 0);
            while free != 0 {
                let b = free & free.wrapping_neg();
                free ^= b;
                let (l, r) = ((ld | b).checked_shl(s), (rd | b).checked_shr(s));
                total += go(it, i + 1, q, cols | b, l.unwrap_or(0), r.unwrap_or(0));
            }
            total
        }
        go(it, 0, (row, bit), 0, 0, 0)
    }

    /// A queen placed in any free row, on any free square of it, leaves an interior with
    /// exactly the completions of the original that have that queen (the rows above it get
    /// its attacks as well as those below), and nothing past its depth.
    #[test]
    fn a_queen_in_any_row_keeps_the_completions_through_it() {
        for n in [7, 10, 12] {
            let split = RingSplit::<0>::new(n, Rules::QUEENS);
            for i in (0..split.units.len()).step_by(7) {
                let it = split.interior(i);
                for row in 0..it.depth {
                    let mut free = it.inner & !(it.cols | it.blocked[row]);
                    while free != 0 {
                        let bit = free & free.wrapping_neg();
                        free ^= bit;
                        let placed = with_queen(&it, row, bit);
                        assert_eq!(placed.depth + 1, it.depth);
                        assert_eq!(placed.cols, it.cols | bit);
                        assert!(placed.blocked[placed.depth..].iter().all(|&b| b == 0));
                        assert!(
                            placed.shift[placed.depth.saturating_sub(1)..]
                                .iter()
                                .all(|&s| s == 0)
                        );
                        assert_eq!(
                            reference_count(&placed).completions,
                            completions_through(&it, row, bit),
                            "n={n} unit {i} row {row} bit {bit:#x}"
                        );
                    }
                }
            }
        }
    }

    /// With the queens of 1 to 5 outer columns placed, every unit counts the completions it
    /// counts without, on every kernel this CPU runs; the nodes are the same on every kernel,
    /// and those of the plain recursive count of each placement's interior plus one per
    /// queen placed.
    #[test]
    fn columns_placed_count_what_the_interior_counts() {
        /// Each placement of the queens of `columns`, one column after the other, a queen
        /// in every free row where its square is free, counted by the plain recursive count.
        fn reference(it: &Interior, columns: &[u32]) -> InteriorCount {
            let Some((&bit, rest)) = columns.split_first() else {
                return reference_count(it);
            };
            if it.cols & bit != 0 {
                return reference(it, rest);
            }
            let mut total = InteriorCount::default();
            for row in 0..it.depth {
                if it.blocked[row] & bit == 0 {
                    let placed = with_queen(it, row, bit);
                    assert_eq!(placed.cols & bit, bit);
                    let r = reference(&placed, rest);
                    total.completions += r.completions;
                    total.nodes += r.nodes + 1;
                }
            }
            total
        }
        let last = if cfg!(debug_assertions) { 10 } else { 13 };
        for n in 4..=last {
            let split = RingSplit::<0>::with_cut(n, 0.0, 0.0);
            for i in 0..split.units.len() {
                let it = split.interior(i);
                let whole = reference_count(&it).completions;
                for count in 1..=MAX_COLUMNS_PLACED {
                    let columns = outer_columns(&it, count);
                    let outside_in = [1, 1 << (n - 1), 1 << 1, 1 << (n - 2), 1 << 2];
                    assert_eq!(columns, outside_in[..count], "n={n}");
                    let expected = reference(&it, &columns);
                    assert_eq!(
                        expected.completions, whole,
                        "n={n} unit {i}, {count} columns"
                    );
                    for kernel in Kernel::ALL.iter().copied().filter(|k| k.is_available()) {
                        assert_eq!(
                            count_columns_placed(&it, &columns, kernel),
                            expected,
                            "n={n} unit {i}, {count} columns, {kernel:?}"
                        );
                    }
                }
            }
        }
    }

    /// Whole plans with 1 to 5 outer columns placed count the boards they count with none,
    /// for both rings (with every orbit cut: along the first open outer column where they
    /// are placed, along the first row without); by default n = 18 and 19 place two, 20
    /// three, 21 four and 22 five, the other sizes none.
    #[test]
    fn outer_columns_are_placed_at_18_to_22_and_change_no_count() {
        for n in 4..=12 {
            let boards = |columns| -> u128 {
                let s = RingSplit::<1>::with_cut_and_columns(n, 0.0, 0.0, columns);
                (0..s.orbit_count())
                    .map(|i| s.count_orbit(i, Kernel::Scalar).0)
                    .sum()
            };
            let off = boards(0);
            for columns in 1..=MAX_COLUMNS_PLACED {
                assert_eq!(boards(columns), off, "n={n}, {columns} columns");
            }
        }
        for n in 4..=32 {
            let expected = match n {
                18 | 19 => 2,
                20 => 3,
                21 => 4,
                22 => 5,
                _ => 0,
            };
            assert_eq!(
                RingSplit::<0>::new(n, Rules::QUEENS).columns,
                expected,
                "n={n}"
            );
            assert_eq!(
                RingSplit::<1>::new(n, Rules::QUEENS).columns,
                expected,
                "n={n}"
            );
        }
    }

    /// The outer columns go from the outside in, alternately low and high.
    #[test]
    fn outer_columns_go_from_the_outside_in() {
        let mut it = RingSplit::<0>::new(12, Rules::QUEENS).interior(0);
        it.inner = 0b1111_1111_1111;
        assert_eq!(outer_columns(&it, 0), Vec::<u32>::new());
        assert_eq!(outer_columns(&it, 3), vec![1, 1 << 11, 1 << 1]);
        assert_eq!(outer_columns(&it, 4), vec![1, 1 << 11, 1 << 1, 1 << 10]);
    }

    #[test]
    fn interiors_are_tight_and_n_columns_wide() {
        // As many free rows as open columns (the kernels' closed form of the last three rows
        // needs it), every column of the board an interior column.
        for n in [4, 9, 16, 32] {
            let split = RingSplit::<0>::new(n, Rules::QUEENS);
            for i in (0..split.orbits.len()).step_by(41) {
                let it = split.interior(i);
                assert_eq!(it.inner.count_ones() as usize, n);
                assert_eq!(
                    (it.inner & !it.cols).count_ones() as usize,
                    it.depth,
                    "n={n} {i}"
                );
                assert!(it.depth <= n - 2 && it.depth <= MAX_DEPTH);
            }
        }
    }

    #[test]
    fn the_small_board_unit_counts_boards_below_4() {
        assert_eq!(small_board(1), (1, 1));
        assert_eq!(small_board(2).0, 0);
        assert_eq!(small_board(3).0, 0);
    }

    /// A long unit counted in the pieces a journal keeps is the unit counted whole, nodes
    /// included, and resumed from any of its runs of pieces counts each piece once: every
    /// orbit unit (all of them cut: every piece reported, no time between reports) of the
    /// queens at n = 12 and 13, of the superqueens at n = 13 and 14, and of the queens at n =
    /// 18, whose units place two outer columns (the pieces: those two columns' queens), the
    /// first 40 units there. Which units are cut follows the interval: at a minute none of
    /// n = 18's, unless the journal holds some of a unit's pieces already.
    #[test]
    fn a_unit_counted_in_journal_pieces_is_the_unit_counted_whole() {
        use crate::plan::pieces::PieceRun;
        let cases = [
            (Rules::QUEENS, 12, usize::MAX),
            (Rules::QUEENS, 13, usize::MAX),
            (Rules::SUPERQUEENS, 13, usize::MAX),
            (Rules::SUPERQUEENS, 14, usize::MAX),
            (Rules::QUEENS, 18, 40),
        ];
        let mut cut = 0;
        for (rules, n, most) in cases {
            let split = RingSplit::<0>::new(n, rules);
            assert_eq!(split.columns, columns_placed(n));
            let scheme = split.piece_scheme().unwrap();
            assert_eq!(scheme, "levels2");
            assert!(crate::plan::pieces::is_scheme(&scheme));
            for i in 0..split.orbit_count().min(most) {
                let whole = split.count_orbit(i, Kernel::Scalar);
                let what = format!("{rules} n = {n} unit {i}");
                let pieces = split.journal_pieces(i, Duration::ZERO, false).unwrap();
                cut += usize::from(pieces.interiors.len() > 1);
                // Every piece reported on its own (no time between reports).
                let mut runs = Vec::new();
                let options = PieceOptions {
                    done: &[],
                    every: Duration::ZERO,
                };
                let mut keep = |run: &PieceRun, _: Duration| {
                    runs.push(run.clone());
                    Ok(())
                };
                let counted = split.count_orbit_in_pieces(i, Kernel::Scalar, options, &mut keep);
                assert_eq!(counted.unwrap().unwrap(), whole, "{what}");
                // Resumed from every other run: the rest counted, the same unit.
                let done: Vec<PieceRun> = runs.iter().step_by(2).cloned().collect();
                let mut again = Vec::new();
                let options = PieceOptions {
                    done: &done,
                    every: Duration::ZERO,
                };
                let mut keep = |run: &PieceRun, _: Duration| {
                    again.push(run.range.clone());
                    Ok(())
                };
                let resumed = split.count_orbit_in_pieces(i, Kernel::Scalar, options, &mut keep);
                assert_eq!(resumed.unwrap().unwrap(), whole, "{what} resumed");
                for range in &again {
                    assert!(
                        done.iter()
                            .all(|d| d.range.end <= range.start || range.end <= d.range.start),
                        "{what}: {range:?} counted again"
                    );
                }
            }
        }
        assert!(cut > 100, "{cut} units cut into pieces");
        // A run of pieces a minute: no unit of n = 18 takes that long (2³⁶ estimated nodes),
        // so none is cut, but for one whose pieces are journaled already.
        let split = RingSplit::<0>::new(18, Rules::QUEENS);
        let minute = Duration::from_secs(60);
        assert!((0..split.orbit_count()).all(|i| !split.journals_in_pieces(i, minute, false)));
        assert!(split.journal_pieces(0, minute, true).is_some());
        // n = 24's superqueens: some of the units are cut at a minute, all at a second.
        let split = RingSplit::<0>::new(24, Rules::SUPERQUEENS);
        let cut_at = |every: Duration| {
            (0..split.orbit_count())
                .filter(|&i| split.journals_in_pieces(i, every, false))
                .count()
        };
        let all = split.orbit_count();
        assert!((1..all).contains(&cut_at(minute)));
        assert_eq!(cut_at(Duration::from_secs(1)), all);
    }
}
