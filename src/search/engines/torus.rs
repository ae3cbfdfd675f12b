//! The torus engine: toroidal queens (`--board torus`) counted one orbit at a time, with the
//! classes under the torus group, as a plan of numbered units (so threads, parts, checkpoints
//! and progress work as for the queens). The superqueens on the torus (`--piece superqueen
//! --board torus`) are counted by the same plan: see [the superqueens](#the-superqueens).
//!
//! # The shifts: a queen on the origin (× n)
//!
//! The n² shifts of the torus act on its squares transitively and every solution has n
//! queens, so the solutions with a queen on the origin `(0, 0)` are `total / n` (A071607);
//! the search fixes row 0's queen in column 0 and multiplies by n.
//!
//! # The linear maps: one board per orbit (× about 8·φ(n) / 1.5 in leaves)
//!
//! The linear maps of [`super::torus_group::G0`] (the square's 8 symmetries about the origin,
//! the scalars `x → u·x` for the units `u`, and for odd n the map taking rows to diagonals)
//! keep the problem and the origin, so they permute the solutions with a queen on the origin
//! in orbits. The search counts the *least* board of each orbit (column lists compared
//! row by row) times the orbit's size `|G0| / |stabilizer|`, found at the leaf.
//!
//! The least board's row-1 queen stands in the least column any board of the orbit has in
//! row 1, and a scalar takes any queen whose row is a unit to row 1 keeping its *slope*
//! `c / r`: so that column is the least slope `s` that any map of the transversal gives any
//! queen of the board. The search therefore starts from each `s`, puts row 1's queen in column
//! `s`, and blocks every square whose least slope ([`super::torus_group::G0`]'s `min_key`) is
//! below `s`; at a leaf it compares the board with the images `g·board` that also have `s`
//! in row 1 (the maps taking a queen of slope key `s` to row 1: a few), and keeps the board
//! if none is smaller. The leaves that meet the blocked squares are about 1.5 per orbit.
//!
//! Measured at board 19: the slope `s = 2` start holds 43,152 of the 43,184 corner boards,
//! so the condition cuts the leaves (2,555 tested for about 300 orbits) far more than the
//! tree: fixing row 1's queen is itself worth about ×(n − 3).
//!
//! # The search on lines (× 38 in nodes at board 19)
//!
//! On the torus each of the n rows, columns, diagonals and anti-diagonals holds exactly one
//! queen. Below the fixed queens the search ([`torus_search`]) computes every empty row's
//! free squares; a node where an empty row, column, diagonal or anti-diagonal has none is a
//! dead end, a line with exactly one free square gets its queen there, and otherwise the
//! row with the fewest free squares is branched on, or, where every row has three or more, a
//! column, diagonal or anti-diagonal with two (Engelhardt's split on any line family). Board
//! 19: 20,375,146 nodes row by row (the plain order), 2,651,288 with the dead-end test alone,
//! 527,718 with the forced lines and the fewest-first row, 455,171 with the two-square lines;
//! 84 → 48 ms of CPU (Zen 4). Board 23, part 0/16: 10,967,419 → 8,999,262 nodes with the
//! two-square lines, 0.87 → 0.82 s of CPU (part 3/16, a loaded machine).
//!
//! Board 25 (`torus_classes(25, 2)`): 4,206,164,540 nodes, 372.5 s of CPU on two threads
//! (Zen 4, a loaded machine: 29.6 min wall), every published figure reproduced (1,957,725,000
//! boards, 395,551 classes, A054500–A054502).
//!
//! Units: one per start (`s` and the queens of rows 2 and 3), in the order of `s`; beyond
//! board 32 (the rows are 64-bit masks: boards to 64) each start is cut where the search on
//! lines is about to branch for the third time ([`TorusSearch::sub_units`]: the squares placed
//! on the way replayed, then the search below), 8,057,600 units at board 35 instead of 1,697
//! of about 50 CPU-days each; the units' nodes are those below the cut. A unit's
//! [`Tally`] has the boards (n × its orbits' sizes), the boards a half and a quarter turn keep
//! (about the board's centre, which a shift takes to the origin for odd n), its boards by
//! their stabilizer under the torus group ([`Tally::torus`]: the classes under that group,
//! summed over units like the boards, so parts and checkpoints carry them), and its nodes (the
//! placements below the queens of rows 0 to 3).
//!
//! # The superqueens
//!
//! A toroidal superqueens' board is a toroidal queens' board whose queens are also no
//! knight's move apart. The shifts and the square's 8 symmetries about the origin keep the
//! knight's moves, the other linear maps do not (see [`super::torus_group`]), so for the
//! superqueens [`super::torus_group::G0`] is those 8 and the same argument holds: a queen on
//! the origin (× n), each start's slope the least column a map of the 8 takes a queen of row
//! ±1 to, the least board of each orbit counted with its orbit's size. The search on lines
//! is the queens' with each empty row's free squares also leaving out the knight's squares of
//! the queens one and two rows away ([`torus_search`]). Board 19: 121,832 nodes, 0.03 s,
//! against 316,961,098 nodes and 6.7 s for the enumerate engine's plain search (Zen 3, one
//! thread); board 23 (1,881,492 boards) 10.6 s, board 25 (30,207,900) 297 s.
//!
//! # Boards of no solution
//!
//! Only boards with gcd(n, 6) = 1 have solutions (Pólya); the engine does not use that: it
//! searches every n, and proves the others empty by finding nothing.
//!
//! # Classes under the torus group
//!
//! The torus group T has the 8n² maps `x → R·x + v` (R a symmetry of the square, v a shift).
//! No reflection keeps a solution (it would pair queens on a line, or its square is a shift
//! along a line that puts two queens on it), and for odd n every rotation with a shift has
//! one fixed square, so it is conjugate to the rotation about the origin. Burnside's lemma
//! gives `classes = (total + Σ_{v≠0} Fix(v) + n²·(F180 + 2·F90)) / 8n²`, all of whose
//! terms the search finds at its leaves. A count takes the classes from its units' stabilizer
//! tallies instead (each canonical leaf knows its board's stabilizer under the torus group,
//! which every board of its orbit shares); [`torus_classes`], the second way, takes them from
//! Burnside's lemma: the classes by the size of their orbit (A054500 to
//! A054502) come from listing the classes an element other than the identity keeps (each has a
//! board with a queen on the origin kept by a half turn about it or by a shift: the search
//! meets its orbit) with [`torus_search::torus_canonical`]; the other classes have 8n² boards.

use super::torus_search::{Start, TorusSearch, TorusSum};
use crate::plan::pieces::{Nesting, OnPieces, PieceCounter, PieceOptions};
use crate::plan::tally::{GroupClasses, Tally, TorusTally};
use crate::plan::{Engine, Plan};
use crate::rules::Rules;
use crate::search::kernel::Kernel;
use crate::torus_group::{burnside_classes, orbit_breakdown};
use std::collections::BTreeMap;
use std::io;
use std::sync::atomic::{AtomicUsize, Ordering};

/// The depth of the units' prefix below row 1: the queens of rows 2 and 3.
const PREFIX_ROWS: usize = 2;

/// Where the units of boards beyond 32 are cut below their start: at the search's third
/// branching ([`TorusSearch::sub_units`]), about 8 million units at board 35 (a few minutes
/// to an hour each on one core) instead of 1,697 of about 50 CPU-days. (The superqueens are
/// counted to board 32: [`crate::plan::Engine::largest_size`].)
const CUT_BEYOND_32: usize = 3;

/// Where a unit's pieces are cut below its node, for a journal that keeps the pieces of a
/// long unit ([`Plan::count_unit_in_pieces`]): at the search's third branching, some tens
/// to thousands of pieces a unit.
const PIECE_CUT: usize = 3;

/// Where a piece is cut again into pieces of its own ([`crate::plan::pieces`]'s pieces of
/// pieces): two branchings below it. A piece of board 35 ran for over half an hour (1,000
/// CPU-s), and a journal keeps nothing of a piece until it is counted; the pieces of pieces
/// are counted where the walk reaches them (no second walk, one running sum).
const SUB_CUT: usize = 2;

/// How many times a piece is cut again ([`SUB_CUT`]): twice, four branchings below the
/// unit's pieces. What it costs, measured on board 23 (whose pieces are tiny: the dearest
/// case), one thread with `--checkpoint`, `compare.py -n 3`, Zen 4: 1.06× the time of the
/// pieces counted whole (three times: 1.19×), and 1.02× that of the walk before pieces of
/// pieces (each piece counted from its path: 15.34 s against 15.71 s); without a checkpoint
/// nothing changes (1.00×).
const SUB_LEVELS: usize = 2;

/// The torus engine's plan for one board size (see the [module documentation](self)).
pub(crate) struct TorusPlan {
    n: usize,
    kernel: Kernel,
    /// The queens on the torus, under the group the count takes their classes under (the
    /// plan counts the same boards under either).
    rules: Rules,
    /// `None` for n ≤ 1, counted without a search.
    search: Option<TorusSearch>,
    starts: Vec<Start>,
    /// For boards beyond 32: the cut ([`CUT_BEYOND_32`]) and the id of each start's first
    /// unit (a last entry holds the number of units), so that unit `id` is the path of the
    /// start `i` with `first[i] ≤ id < first[i + 1]` numbered `id − first[i]`.
    cut: Option<(usize, Vec<usize>)>,
}

impl TorusPlan {
    /// The plan for board size `n` (1..=64) and the pieces of `rules` on the torus (queens or
    /// superqueens, their classes under `rules`' group), reporting `kernel` (its search is
    /// scalar code of its own, the same on every kernel). Beyond 32 its units are cut finer
    /// ([`CUT_BEYOND_32`]).
    pub(crate) fn new(n: usize, kernel: Kernel, rules: Rules) -> TorusPlan {
        TorusPlan::listing(n, kernel, rules, false).cut_at((n > 32).then_some(CUT_BEYOND_32))
    }

    /// The plan with each start's units cut at the search's `cut`-th branching (`None`: a
    /// unit per start). Listing the units walks the search down to the cut from every start
    /// (board 40: some 15 CPU-seconds, board 64: many minutes), so it watches the stop flag
    /// as a unit's search does: built under a [`crate::plan::stop::StopFlag::watch`] whose
    /// flag is set, it gives up within milliseconds, and the plan it returns is unfinished
    /// (the watch returns `None`: it must not be used).
    fn cut_at(self, cut: Option<usize>) -> TorusPlan {
        let (Some(cut), Some(search)) = (cut, &self.search) else {
            return TorusPlan { cut: None, ..self };
        };
        let mut first = vec![0];
        for start in &self.starts {
            // A start's walk looks at the flag every few thousand nodes; small starts, here.
            if crate::plan::stop::should_give_up() {
                break;
            }
            let mut units = 0;
            search.sub_units(start, &[], cut, &mut |_| units += 1);
            first.push(first.last().copied().unwrap_or(0) + units);
        }
        TorusPlan {
            cut: Some((cut, first)),
            ..self
        }
    }

    /// [`TorusPlan::new`], whose units also list the symmetric classes when `list_symmetric`
    /// (for Burnside's count, [`torus_classes`]).
    fn listing(n: usize, kernel: Kernel, rules: Rules, list_symmetric: bool) -> TorusPlan {
        assert!(rules.on_the_torus_plan(), "the torus plan counts {rules}");
        let search = (n >= 2).then(|| TorusSearch::new(n, rules.piece, list_symmetric));
        let starts = search
            .as_ref()
            .map_or_else(Vec::new, |s| s.starts(PREFIX_ROWS));
        TorusPlan {
            n,
            kernel,
            rules,
            search,
            starts,
            cut: None,
        }
    }

    /// Unit `id`'s start and the squares the search on lines placed below it to reach the
    /// unit's node (none where units are whole starts), for a plan with a search; `None` if
    /// the walk to it gave up on a stop ([`TorusSearch::sub_units`]), its unit then not
    /// counted.
    fn unit_path(&self, search: &TorusSearch, id: usize) -> Option<(&Start, Vec<(u8, u8)>)> {
        match &self.cut {
            None => Some((&self.starts[id], Vec::new())),
            Some((cut, first)) => {
                let i = first.partition_point(|&f| f <= id) - 1;
                let (start, wanted) = (&self.starts[i], id - first[i]);
                let (mut seen, mut path) = (0, None);
                search.sub_units(start, &[], *cut, &mut |p| {
                    if seen == wanted {
                        path = Some(p.to_vec());
                    }
                    seen += 1;
                });
                if path.is_none() {
                    assert!(
                        crate::plan::stop::gave_up(),
                        "every unit id names a path of its start"
                    );
                }
                Some((start, path?))
            }
        }
    }

    /// The search's sums for unit `id`.
    pub(crate) fn sum_unit(&self, id: usize) -> TorusSum {
        match &self.search {
            Some(search) => match self.unit_path(search, id) {
                Some((start, path)) => search.count(start, &path),
                // Stopped on the way: partial sums, which the stop's watch throws away.
                None => TorusSum::default(),
            },
            None => {
                // n = 1: the one board, which every element of the group keeps.
                let mut torus = TorusTally::default();
                torus
                    .add(
                        crate::torus_group::TorusGroup::new(1).stabilizer(&[0]),
                        1,
                        0,
                    )
                    .expect("one slot");
                TorusSum {
                    corner: 1,
                    fixed_half_turn: 1,
                    fixed_quarter_turn: 1,
                    nodes: 1,
                    leaves: 1,
                    torus,
                    ..TorusSum::default()
                }
            }
        }
    }
}

impl TorusPlan {
    /// The tally of a unit (or piece) whose search's sums are `sum`: each board with a queen
    /// in the corner stands for its n shifts along the rows' diagonal.
    fn tally(&self, sum: TorusSum) -> Tally {
        Tally {
            boards: sum.corner * self.n as u128,
            fixed_half_turn: sum.fixed_half_turn,
            fixed_quarter_turn: sum.fixed_quarter_turn,
            nodes: sum.nodes,
            torus: sum.torus,
            ..Tally::default()
        }
    }
}

impl Plan for TorusPlan {
    fn n(&self) -> usize {
        self.n
    }

    fn engine(&self) -> Engine {
        Engine::Symmetric
    }

    fn kernel(&self) -> &'static str {
        self.kernel.name()
    }

    /// Version 2: the search branches on a line with two free squares where every row has
    /// three or more (a unit's nodes differ from version 1's, so their parts do not mix).
    /// Beyond 32 the units are cut at the search's [`CUT_BEYOND_32`]-th branching, named
    /// `-cut3`.
    fn split_identity(&self) -> String {
        match &self.cut {
            None => format!("symmetric-torus-slopes{PREFIX_ROWS}-v2"),
            Some((cut, _)) => format!("symmetric-torus-slopes{PREFIX_ROWS}-cut{cut}-v2"),
        }
    }

    fn rules(&self) -> Rules {
        self.rules
    }

    fn unit_count(&self) -> usize {
        match &self.cut {
            Some((_, first)) => first.last().copied().unwrap_or(0),
            None => self.starts.len().max(usize::from(self.search.is_none())),
        }
    }

    fn count_unit(&self, id: usize) -> Tally {
        assert!(id < self.unit_count(), "unit {id} out of range");
        self.tally(self.sum_unit(id))
    }

    /// A unit's pieces: the search on lines from the unit's node cut at its
    /// [`PIECE_CUT`]-th branching ([`TorusSearch::sub_units`]), numbered in the search's
    /// order; each cut again [`SUB_CUT`] branchings below, [`SUB_LEVELS`] times
    /// (`below3at{k}below2…`).
    fn piece_scheme(&self) -> Option<String> {
        Some(format!("below{PIECE_CUT}"))
    }

    fn count_unit_in_pieces(
        &self,
        id: usize,
        options: PieceOptions<'_>,
        on_pieces: OnPieces<'_>,
    ) -> io::Result<Tally> {
        assert!(id < self.unit_count(), "unit {id} out of range");
        let Some(search) = &self.search else {
            return Ok(self.count_unit(id));
        };
        let Some((start, path)) = self.unit_path(search, id) else {
            // Stopped on the way: nothing counted, which the stop's watch throws away.
            return Ok(Tally::default());
        };
        // The unit's pieces, numbered (a walk above them only): the runs counted earlier
        // are checked against them.
        let mut pieces = 0;
        search.sub_units(start, &path, PIECE_CUT, &mut |_| pieces += 1);
        if crate::plan::stop::gave_up() {
            return Ok(Tally::default());
        }
        let cut = format!("below{SUB_CUT}");
        let nesting = Nesting {
            levels: SUB_LEVELS,
            cut: &cut,
        };
        // A run's tally: what the walk's running sum gained over it.
        let since = |now: &TorusSum, then: &TorusSum| self.tally(now.since(then));
        let start_sum = TorusSum::default();
        let mut counter = PieceCounter::new(
            options,
            on_pieces,
            nesting,
            Some(pieces),
            (&start_sum, &since),
        );
        let (above, sum) = search.count_in_pieces(start, &path, PIECE_CUT, SUB_CUT, &mut counter);
        let tally = counter.finish(&sum)?;
        // The placements between the unit's node and its pieces' are its nodes too.
        let above = Tally {
            nodes: above,
            ..Tally::default()
        };
        tally.checked_add(&above).map_err(io::Error::other)
    }

    fn counts_classes_directly(&self) -> bool {
        false
    }
}

/// The toroidal queens of one board size with their classes under the torus group (the 8
/// symmetries of the square with the n² shifts), from the torus engine's search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TorusClasses {
    /// The board size.
    pub n: usize,
    /// Solutions (A051906).
    pub total: u128,
    /// Solutions with a queen in row 0, column 0 (A071607).
    pub corner: u128,
    /// Solutions kept by a half turn about the board's centre.
    pub fixed_half_turn: u128,
    /// Solutions kept by a quarter turn about the board's centre.
    pub fixed_quarter_turn: u128,
    /// The boards kept by each shift other than none, summed over the n² − 1 shifts.
    pub fixed_by_shifts: u128,
    /// Classes under the torus group (A053994), by Burnside's lemma.
    pub classes: u128,
    /// The classes by the number of boards in each (A054500 to A054502: orbit size → classes),
    /// from the list of symmetric classes; checked against `classes`.
    pub by_orbit_size: BTreeMap<u128, u128>,
    /// The search's nodes (placements below each unit's fixed queens).
    pub nodes: u128,
}

/// Counts the toroidal queens of board size `n` (1..=32) and their classes under the torus
/// group on `threads` threads (at least 1), with the torus engine's search. A size outside
/// 1..=32, no thread, or counts that do not divide into whole classes (a bug, never a property
/// of the problem) are an error in one line.
///
/// ```
/// let c = queens::search::torus_classes(13, 1).unwrap();
/// assert_eq!((c.total, c.corner, c.classes), (4524, 348, 11));
/// ```
pub fn torus_classes(n: usize, threads: usize) -> Result<TorusClasses, String> {
    torus_classes_under(Rules::TORUS_QUEENS, n, threads)
}

/// [`torus_classes`] for the pieces of `rules` on the torus: the queens, or the superqueens
/// (whose search takes the square's 8 symmetries about the origin alone, the maps that keep
/// the knight's moves; nothing is published for them). Rules of the plane are an error in
/// one line.
///
/// ```
/// use queens::rules::Rules;
/// let c = queens::search::torus_classes_under(Rules::TORUS_SUPERQUEENS, 13, 1).unwrap();
/// assert_eq!((c.total, c.classes), (1092, 4));
/// ```
pub fn torus_classes_under(rules: Rules, n: usize, threads: usize) -> Result<TorusClasses, String> {
    if !rules.on_the_torus_plan() {
        return Err(format!(
            "the torus engine counts the torus's pieces, not {rules}"
        ));
    }
    check_size_and_threads(n, threads)?;
    summed(TorusPlan::listing(n, Kernel::Scalar, rules, true), threads)
}

/// The superqueens on the torus counted a second way: the queens' search of the torus
/// engine (under the queens' group: the scalars and the map to the diagonals too, no knight
/// in the search), each board of each orbit it finds tested for two queens a knight's move
/// apart, the others summed as [`torus_classes_under`] sums them. It shares with the
/// superqueens' own search only the search on lines, and takes about the queens' time (board
/// 25: some 6 CPU-minutes); its `nodes` are the queens' search's.
///
/// ```
/// let c = queens::search::torus_superqueens_among_queens(13, 1).unwrap();
/// assert_eq!((c.total, c.classes), (1092, 4));
/// ```
pub fn torus_superqueens_among_queens(n: usize, threads: usize) -> Result<TorusClasses, String> {
    check_size_and_threads(n, threads)?;
    let mut plan = TorusPlan::listing(n, Kernel::Scalar, Rules::TORUS_QUEENS, true);
    plan.search = plan.search.map(TorusSearch::sifting);
    summed(plan, threads)
}

/// `Ok` for a board size of 1 to 32 and at least one thread, else the error in one line.
fn check_size_and_threads(n: usize, threads: usize) -> Result<(), String> {
    if !(1..=32).contains(&n) {
        return Err(format!("board size {n} is outside 1 to 32"));
    }
    if threads == 0 {
        return Err("threads must be at least 1".to_string());
    }
    Ok(())
}

/// The classes of board `plan.n` from the sums of every unit of `plan`, counted on `threads`
/// threads (at least 1).
fn summed(plan: TorusPlan, threads: usize) -> Result<TorusClasses, String> {
    let n = plan.n;
    let next = AtomicUsize::new(0);
    let units = plan.unit_count();
    let sums: Vec<TorusSum> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|_| {
                scope.spawn(|| {
                    let mut sum = TorusSum::default();
                    loop {
                        let id = next.fetch_add(1, Ordering::Relaxed);
                        if id >= units {
                            return sum;
                        }
                        sum.add(plan.sum_unit(id));
                    }
                })
            })
            .collect();
        workers
            .into_iter()
            .map(|w| w.join().expect("a torus worker panicked"))
            .collect()
    });
    let mut sum = TorusSum::default();
    for s in sums {
        sum.add(s);
    }
    classes_of(n, sum)
}

impl TorusClasses {
    /// The classes as a count's [`GroupClasses`]: by orbit size, and by symmetry type. On an
    /// odd board (the only ones with solutions beyond n = 1) a class's stabilizer is its
    /// shifts, of odd order d dividing n, with its turns (1, 2 or 4), so the power of 2 in
    /// 8n² / orbit size is the turns: 1 asymmetric, 2 half turn, 4 (8 at n = 1) quarter turn.
    pub fn group_classes(&self) -> Result<GroupClasses, String> {
        let group = 8 * (self.n as u128) * (self.n as u128);
        let mut out = GroupClasses::default();
        for (&size, &classes) in &self.by_orbit_size {
            let stabilizer = group / size;
            let turns = 1u128 << stabilizer.trailing_zeros();
            let by_type = match turns {
                1 => &mut out.classes.asymmetric,
                2 => &mut out.classes.half_turn,
                4 | 8 => &mut out.classes.quarter_turn,
                _ => {
                    return Err(format!(
                        "n = {}: a class of {size} boards has no stabilizer of the torus group",
                        self.n
                    ));
                }
            };
            *by_type += classes;
            out.orbits.push((size, classes));
        }
        Ok(out)
    }
}

/// The classes from the search's sums over every unit, every division checked.
fn classes_of(n: usize, sum: TorusSum) -> Result<TorusClasses, String> {
    let n128 = n as u128;
    let total = sum.corner * n128;
    let group = 8 * n128 * n128;
    let inconsistent = |what: String| format!("inconsistent torus counts for n = {n}: {what}");
    let (classes, by_orbit_size) = if n == 1 {
        (1, BTreeMap::from([(1, 1)]))
    } else {
        let (s, p, r) = (
            sum.fixed_by_shifts,
            sum.fixed_half_turn,
            sum.fixed_quarter_turn,
        );
        let classes = burnside_classes(n, total, s, p, r);
        let sizes = sum
            .symmetric
            .values()
            .map(|&stab| (group / stab as u128, 1));
        let by_size = orbit_breakdown(n, total, sizes, classes.clone()).map_err(inconsistent)?;
        (classes.map_err(inconsistent)?, by_size)
    };
    Ok(TorusClasses {
        n,
        total,
        corner: sum.corner,
        fixed_half_turn: sum.fixed_half_turn,
        fixed_quarter_turn: sum.fixed_quarter_turn,
        fixed_by_shifts: sum.fixed_by_shifts,
        classes,
        by_orbit_size,
        nodes: sum.nodes,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::engines::torus_search::torus_canonical as canonical;

    /// Plain backtracking over the torus, every row free: its solutions.
    fn plain(n: usize) -> Vec<Vec<u8>> {
        fn go(n: usize, r: usize, b: &mut Vec<u8>, out: &mut Vec<Vec<u8>>) {
            if r == n {
                out.push(b.clone());
                return;
            }
            for c in 0..n {
                let ok = b.iter().enumerate().all(|(r2, &c2)| {
                    let c2 = c2 as usize;
                    c2 != c
                        && (c + n - r % n) % n != (c2 + n - r2) % n
                        && (c + r) % n != (c2 + r2) % n
                });
                if ok {
                    b.push(c as u8);
                    go(n, r + 1, b, out);
                    b.pop();
                }
            }
        }
        let mut out = Vec::new();
        go(n, 0, &mut Vec::new(), &mut out);
        out
    }

    #[test]
    fn the_search_finds_the_plain_totals_fixed_boards_and_classes_to_13() {
        for n in 1..=13 {
            let sols = plain(n);
            let c = torus_classes(n, 2).unwrap();
            assert_eq!(c.total, sols.len() as u128, "n = {n}");
            if n < 2 {
                continue;
            }
            let half = |b: &Vec<u8>| (0..n).all(|r| b[n - 1 - r] as usize == n - 1 - b[r] as usize);
            let quarter = |b: &Vec<u8>| (0..n).all(|r| b[b[r] as usize] as usize == n - 1 - r);
            let f180 = sols.iter().filter(|b| half(b)).count() as u128;
            let f90 = sols.iter().filter(|b| quarter(b)).count() as u128;
            assert_eq!(
                (c.fixed_half_turn, c.fixed_quarter_turn),
                (f180, f90),
                "n = {n}"
            );
            let mut by_class: BTreeMap<Vec<u8>, u64> = BTreeMap::new();
            for b in &sols {
                let (k, stab) = canonical(b);
                by_class.insert(k, stab);
            }
            let mut by_size: BTreeMap<u128, u128> = BTreeMap::new();
            for stab in by_class.values() {
                *by_size
                    .entry(8 * (n * n) as u128 / *stab as u128)
                    .or_default() += 1;
            }
            assert_eq!(c.classes, by_class.len() as u128, "n = {n}");
            assert_eq!(c.by_orbit_size, by_size, "n = {n}");
        }
    }

    #[test]
    fn cut_units_count_what_whole_starts_count() {
        // Every cut, against the plan of one unit per start: the same boards, fixed boards
        // and stabilizers; the nodes less those above the cut.
        for n in [13, 17, 19] {
            let whole = TorusPlan::new(n, Kernel::Scalar, Rules::TORUS_QUEENS);
            let all = |plan: &TorusPlan| {
                (0..plan.unit_count()).fold(Tally::default(), |t, id| {
                    t.checked_add(&plan.count_unit(id)).expect("no overflow")
                })
            };
            let expected = all(&whole);
            let search = whole.search.as_ref().expect("a search");
            for cut in 0..=4 {
                let plan = TorusPlan::listing(n, Kernel::Scalar, Rules::TORUS_QUEENS, false)
                    .cut_at(Some(cut));
                assert!(plan.unit_count() > 0, "n = {n}, cut {cut}");
                let got = all(&plan);
                let above: u128 = (plan.starts.iter())
                    .map(|s| search.sub_units(s, &[], cut, &mut |_| {}))
                    .sum();
                assert_eq!(got.nodes + above, expected.nodes, "n = {n}, cut {cut}");
                let without_nodes = |t: &Tally| Tally {
                    nodes: 0,
                    ..t.clone()
                };
                assert_eq!(without_nodes(&got), without_nodes(&expected), "n = {n}");
            }
        }
    }

    #[test]
    fn a_unit_counted_in_pieces_is_the_unit_counted_whole() {
        use crate::plan::pieces::PieceRun;
        use std::time::Duration;
        let cases = [
            (
                TorusPlan::new(13, Kernel::Scalar, Rules::TORUS_QUEENS),
                None,
            ),
            (
                TorusPlan::new(17, Kernel::Scalar, Rules::TORUS_QUEENS),
                None,
            ),
            (
                TorusPlan::new(17, Kernel::Scalar, Rules::TORUS_SUPERQUEENS),
                None,
            ),
            // Board 35's last units (slopes that leave no completion: fast), cut below
            // their node at the plan's third branching.
            (
                TorusPlan::new(35, Kernel::Scalar, Rules::TORUS_QUEENS),
                Some(40),
            ),
        ];
        for (plan, last) in cases {
            let (n, units) = (plan.n(), plan.unit_count());
            assert_eq!(plan.piece_scheme().as_deref(), Some("below3"));
            assert!(crate::plan::pieces::is_scheme("below3"));
            let ids = last.map_or(0, |k| units - k)..units;
            let mut pieces = 0;
            let mut nested = 0;
            for id in ids {
                let whole = plan.count_unit(id);
                let mut runs: Vec<PieceRun> = Vec::new();
                let every = Duration::ZERO;
                let options = PieceOptions { done: &[], every };
                let counted = plan.count_unit_in_pieces(id, options, &mut |run, _| {
                    runs.push(run.clone());
                    Ok(())
                });
                assert_eq!(counted.unwrap(), whole, "n = {n}, unit {id}");
                // Every other run taken as counted before: the others counted again, and
                // none of those.
                let done: Vec<PieceRun> = runs.iter().step_by(2).cloned().collect();
                let mut again = Vec::new();
                let options = PieceOptions { done: &done, every };
                let resumed = plan.count_unit_in_pieces(id, options, &mut |run, _| {
                    again.push(run.clone());
                    Ok(())
                });
                assert_eq!(resumed.unwrap(), whole, "n = {n}, unit {id}");
                let expected: Vec<_> = runs.iter().skip(1).step_by(2).cloned().collect();
                assert_eq!(again, expected, "n = {n}, unit {id}");
                // Each of the unit's own pieces is in the journal: as a run of them, or by
                // runs of its pieces (`at{k}below2…`), and every board once.
                let mut own = std::collections::BTreeSet::new();
                for run in &runs {
                    match run.within.strip_prefix("at") {
                        None => own.extend(run.range.clone()),
                        Some(rest) => {
                            let k = rest.split("below").next().unwrap();
                            own.insert(k.parse::<usize>().unwrap());
                            nested += 1;
                        }
                    }
                    assert!(crate::plan::pieces::is_scheme(&format!(
                        "below3{}",
                        run.within
                    )));
                }
                assert!(own.iter().copied().eq(0..own.len()), "n = {n}, unit {id}");
                let boards: u128 = runs.iter().map(|r| r.tally.boards).sum();
                assert_eq!(boards, whole.boards, "n = {n}, unit {id}");
                pieces += own.len();
            }
            // The scheme's pieces, numbered as journals hold them: a change here must come
            // with another scheme name (journaled pieces would name other pieces).
            let expected = match (n, plan.rules.piece) {
                (13, _) => 31,
                (17, crate::rules::Piece::Queen) => 5142,
                (17, _) => 1361,
                _ => 48,
            };
            assert_eq!(pieces, expected, "n = {n}, {} units", units);
            // Pieces of pieces, where a unit has any.
            assert!(
                nested > 0 || n == 35,
                "n = {n}: no runs of pieces of pieces"
            );
        }
    }

    #[test]
    fn a_unit_killed_in_its_pieces_of_pieces_resumes_to_the_same_tally() {
        use crate::plan::pieces::PieceRun;
        use std::time::Duration;
        for rules in [Rules::TORUS_QUEENS, Rules::TORUS_SUPERQUEENS] {
            let plan = TorusPlan::new(17, Kernel::Scalar, rules);
            // The unit with the most nodes.
            let id = (0..plan.unit_count())
                .max_by_key(|&id| plan.count_unit(id).nodes)
                .unwrap();
            let whole = plan.count_unit(id);
            for (kill_after, every) in [(1, 0), (7, 0), (40, 0), (1, 1), (3, 1)] {
                let every = Duration::from_nanos(every);
                let mut journal: Vec<PieceRun> = Vec::new();
                let mut rounds = 0;
                let tally = loop {
                    rounds += 1;
                    let mut runs = Vec::new();
                    let options = PieceOptions {
                        done: &journal,
                        every,
                    };
                    let counted = plan.count_unit_in_pieces(id, options, &mut |run, _| {
                        if runs.len() == kill_after {
                            return Err(std::io::Error::other("killed"));
                        }
                        runs.push(run.clone());
                        Ok(())
                    });
                    journal.extend(runs);
                    match counted {
                        Ok(t) => break t,
                        Err(e) => assert_eq!(e.to_string(), "killed"),
                    }
                    assert!(rounds < 100_000, "no progress");
                };
                let case = format!("{rules}, every {every:?}, killed after {kill_after}");
                assert_eq!(tally, whole, "{case}");
                assert!(rounds > 1 || !every.is_zero(), "{case}: {rounds} rounds");
                let boards: u128 = journal.iter().map(|r| r.tally.boards).sum();
                match every.is_zero() {
                    true => assert_eq!(boards, whole.boards, "{case}"),
                    false => assert!(boards <= whole.boards, "{case}"),
                }
            }
        }
    }

    #[test]
    fn boards_beyond_32_are_cut_finer_under_their_own_identity() {
        let plan = TorusPlan::new(35, Kernel::Scalar, Rules::TORUS_QUEENS);
        assert_eq!(plan.split_identity(), "symmetric-torus-slopes2-cut3-v2");
        assert_eq!((plan.starts.len(), plan.unit_count()), (1697, 8_057_600));
        let small = TorusPlan::new(31, Kernel::Scalar, Rules::TORUS_QUEENS);
        assert_eq!(small.split_identity(), "symmetric-torus-slopes2-v2");
        assert_eq!(small.unit_count(), small.starts.len());
        // The last units of board 35, of slopes that leave no completion.
        let last = plan.unit_count() - 1;
        assert_eq!(plan.count_unit(last).boards, 0);
    }
}
