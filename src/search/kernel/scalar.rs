//! The portable kernel: a batched search with no data-dependent branch per node, and the last
//! two rows counted by a closed form.
//!
//! # Method
//!
//! A plain depth-first search takes a branch per node that the CPU cannot predict (has this
//! row another free square? is the child's row full?), and a mispredicted branch costs more
//! than the node's own work. This kernel keeps the same tree and the same nodes but walks it
//! in batches, so that deciding what comes next is arithmetic rather than a branch:
//!
//! - Each level (free row) has a ring of pending nodes `[free, cols, ld, rd]`.
//! - A *batch* works on the deepest level that holds nodes. Each step pops the node at the
//!   ring's head, places a queen on its lowest free square, pushes the node back at the tail
//!   if it has free squares left, and writes the child to the next level, advancing that
//!   level's end only if the child's row has a free square (the one-row look-ahead). The two
//!   conditional pushes are additions of 0 or 1 to an index: no branch.
//! - A batch stops when its level is empty or the next level holds `BATCH` children; then
//!   the deepest non-empty level goes next, which is that next level whenever it got a child.
//! - At the level whose placements leave three free rows (for a tight interior, see
//!   [`ends_with_three_rows`]; else two), children are not written: the rows are counted by
//!   [`search::last_three_rows`] (or [`last_two_rows`]), and that level's batch runs until
//!   its ring is empty. With three rows, each placement adds to the nodes the popcount of its
//!   child's row: the placements a search one row deeper would have made, which the node
//!   count has always counted.
//!
//! The only branches left are the loop tests, mispredicted once per batch instead of about
//! once per node. Every node is popped exactly once, and each pop is one placement, so the
//! completions and the node count equal those of a depth-first search (and of the AVX-512
//! kernel, which schedules its batches differently but makes the same placements).
//!
//! Why the rings never overflow: a level is refilled only when it is empty (it is the level
//! below the deepest non-empty one), with at most `BATCH` children; after that, each step
//! pops one node and pushes back at most one, so a ring never holds more than `BATCH` nodes.
//! When a step writes its slot at the tail, the ring holds at most `BATCH − 1` others, so
//! `SLOTS = BATCH` slots suffice with the indices taken modulo `SLOTS`.

pub(crate) mod search;

use super::rule::{KernelRule, Queen, Superqueen};
use super::{Interior, InteriorCount, Kernel, KernelEntry, KernelInfo};
use crate::plan::stop::Patrol;
use crate::rules::{Piece, Surface};
use search::{LEVELS, SLOTS, search};
pub(crate) use search::ends_with_three_rows;
#[cfg(test)]
pub(crate) use super::rule::last_three_rows;
use std::cell::RefCell;

/// The registry's entry of this kernel.
pub(crate) const INFO: KernelInfo = KernelInfo {
    kernel: Kernel::Scalar,
    name: Kernel::Scalar.name(),
    needs: "nothing",
    summary: "Portable: every CPU, a batched search one node at a time with no branch per node",
    entry: Some(KernelEntry {
        available: || true,
        count,
        count_wide: count,
    }),
};
/// The rings of every level, `LEVELS × SLOTS` nodes (112 KiB for the queens' nodes).
type Rings<const W: usize> = Vec<[[u32; W]; SLOTS]>;

/// The batches of a search between two looks at the stop flag ([`crate::plan::stop`]): at
/// most `BATCH` nodes a batch, so at most about 10^6 nodes (a few milliseconds) between
/// looks, and a look costs a millionth of that. Counted across the interiors a thread
/// searches (the patrol is kept with its rings), so that many small interiors look as often
/// as one large one.
pub(crate) const BATCHES_BETWEEN_LOOKS: u32 = 4096;

thread_local! {
    /// Each thread's rings, reused from unit to unit: only slots inside a ring's bounds are
    /// read, so they need no clearing, and allocating them per unit would cost more than
    /// many small units' searches. With them, the thread's patrol of the stop flag.
    static RINGS: RefCell<(Rings<4>, Patrol)> =
        const { RefCell::new((Vec::new(), Patrol::every(BATCHES_BETWEEN_LOOKS))) };
    /// The same for the superqueens' search, whose nodes have a fifth word (the knight's).
    static SUPER_RINGS: RefCell<(Rings<5>, Patrol)> =
        const { RefCell::new((Vec::new(), Patrol::every(BATCHES_BETWEEN_LOOKS))) };
}

/// Counts the ways to fill the free rows of `it`.
///
/// Nodes counted: every placement of a queen in a free row other than the last two (those
/// rows are counted in closed form). The placements of the first of three rows counted in
/// closed form, and those in the rows of children the two-row look-ahead drops, are counted
/// by popcounts without being made, so the count is that of the plain search.
///
/// On x86-64 CPUs with the bit-manipulation instructions (popcnt, bmi1, bmi2, lzcnt) the search
/// runs in a copy compiled for them, else in the baseline one: the same code, chosen at run
/// time.
pub(crate) fn count(it: &Interior) -> InteriorCount {
    // One match per interior: below it, a search compiled for the rules alone.
    match (it.rules.piece, it.rules.surface) {
        (Piece::Queen, Surface::Plane) => {
            if let Some(small) = count_without_search(it) {
                return small;
            }
            RINGS.with_borrow_mut(|(rings, patrol)| count_in::<Queen, 4>(it, rings, patrol))
        }
        (Piece::Superqueen, Surface::Plane) => {
            if let Some(small) = count_without_search_under::<Superqueen, 5>(it) {
                return small;
            }
            SUPER_RINGS.with_borrow_mut(|(rings, patrol)| count_in::<Superqueen, 5>(it, rings, patrol))
        }
        _ => unreachable!(
            "the kernels count the ring plans' rules only (Rules::on_the_ring_plans; \
             Split::supports refuses the others)"
        ),
    }
}

/// [`count`]'s search of `it` (three free rows or more, a free square in the first) under the
/// rule `R`, in the thread's `rings`.
#[inline(always)]
fn count_in<R: KernelRule<W>, const W: usize>(
    it: &Interior,
    rings: &mut Rings<W>,
    patrol: &mut Patrol,
) -> InteriorCount {
    let first = it.inner & !(it.cols | it.blocked[0]);
    if rings.len() < LEVELS {
        rings.resize(LEVELS, [[0; W]; SLOTS]);
    }
    #[cfg(target_arch = "x86_64")]
    if let Some(bmi) = super::x86_bmi::Bmi::detect() {
        return bmi.search::<R, W>(it, first, rings, patrol);
    }
    search::<R, W>(it, first, rings, patrol)
}

/// The count of an interior that needs no search: fewer than three free rows (counted in
/// closed form) or a first free row with no free square. `None` for every other interior.
#[inline(always)]
pub(crate) fn count_without_search(it: &Interior) -> Option<InteriorCount> {
    count_without_search_under::<Queen, 4>(it)
}

/// [`count_without_search`] under the rule `R`.
#[inline(always)]
fn count_without_search_under<R: KernelRule<W>, const W: usize>(
    it: &Interior,
) -> Option<InteriorCount> {
    // Free squares of the first free row: interior columns not taken by a border queen's
    // column and not on a border queen's diagonal.
    let first = it.inner & !(it.cols | it.blocked[0]);
    match it.depth {
        // The border queens fill the board (n = 1): one solution, nothing searched.
        0 => Some(InteriorCount {
            completions: 1,
            nodes: 0,
        }),
        1 => Some(InteriorCount {
            completions: u64::from(first.count_ones()),
            nodes: 0,
        }),
        2 => Some(InteriorCount {
            completions: R::last_two_rows(it, 0, &R::root(it.cols), 0),
            nodes: 0,
        }),
        _ if first == 0 => Some(InteriorCount::default()),
        _ => None,
    }
}
#[cfg(test)]
pub(super) mod tests {
    use super::search::{BATCH, COUNTED_NOT_PLACED, expand};
    use super::*;
    use crate::search::kernel::MAX_DEPTH;
    use crate::search::geometry::constellation;
    use crate::search::plans::border::choose_member;

    /// The search's steps (placements it makes) against the nodes it reports, over the
    /// border plan's orbit units (the member the engine counts), for n = 12 to 14 (or the
    /// sizes in `QUEENS_STEPS_N`): the three-row count and the two-row look-ahead count about a
    /// quarter of the nodes without a step (before them every node was a step), and the
    /// completions are the published totals. Measured (2026-12-01): steps/nodes 0.743, 0.754,
    /// 0.754, 0.751 at n = 12, 14, 16, 18 (n = 18: 7.69 G steps for 10.24 G nodes, about 8
    /// minutes in a release build: `QUEENS_STEPS_N=18 cargo test --release --lib steps_per_node
    /// -- --nocapture`).
    #[test]
    fn steps_per_node() {
        let sizes = std::env::var("QUEENS_STEPS_N").unwrap_or_else(|_| "12 13 14".into());
        for n in sizes.split_whitespace().filter_map(|w| w.parse::<usize>().ok()) {
            COUNTED_NOT_PLACED.with(|c| c.set(0));
            let (mut nodes, mut weighted) = (0u64, 0u64);
            for orbit in constellation::orbits(n) {
                let (it, weight) = choose_member(n, &orbit);
                let got = count(&it);
                nodes += got.nodes;
                weighted += got.completions * u64::from(weight);
            }
            let steps = nodes - COUNTED_NOT_PLACED.with(|c| c.get());
            let ratio = steps as f64 / nodes as f64;
            println!(
                "n={n} nodes {nodes} steps {steps} steps/nodes {ratio:.3} weighted completions {weighted}",
            );
            assert!((0.7..0.8).contains(&ratio), "n={n}: steps/nodes {ratio:.3}");
            // A000170 (written here: the kernel sits below `verify`, which holds the table).
            const A000170: [(usize, u64); 7] = [
                (12, 14_200),
                (13, 73_712),
                (14, 365_596),
                (15, 2_279_184),
                (16, 14_772_512),
                (17, 95_815_104),
                (18, 666_090_624),
            ];
            if let Some(&(_, total)) = A000170.iter().find(|&&(m, _)| m == n) {
                assert_eq!(weighted, total, "n={n}: weighted completions");
            }
        }
    }

    /// An interior of `depth` free rows one row apart on `n − 2` columns, nothing blocked.
    fn open_interior(n: usize, depth: usize) -> Interior {
        let mut shift = [0; MAX_DEPTH];
        shift[..depth - 1].fill(1);
        Interior {
            depth,
            inner: u32::MAX >> (32 - (n - 2)),
            cols: 0,
            blocked: [0; MAX_DEPTH],
            shift,
            rules: crate::rules::Rules::QUEENS,
        }
    }

    #[test]
    fn a_batch_stops_at_the_limit_and_leaves_the_rest_of_its_level_pending() {
        let it = open_interior(16, 14);
        let mut ring = [[0; 4]; SLOTS];
        let mut next = [[0; 4]; SLOTS];
        // 30 nodes of 14 free squares each, in the last slots of the ring so that its indices
        // wrap: 420 placements, and every child keeps free squares.
        let start = SLOTS - 10;
        for i in start..start + 30 {
            ring[i % SLOTS] = [it.inner, 0, 0, 0];
        }
        let (popped, end, children, dropped) =
            expand::<Queen, 4>(&it, 0, &mut ring, start, start + 30, &mut next);
        assert_eq!(dropped, 0);
        assert_eq!((popped, children), (BATCH, BATCH));
        // The pending nodes hold exactly the placements not yet made: 30 nodes, those popped
        // more often first.
        assert_eq!(end - (start + popped), 30);
        let pending: u32 = (start + popped..end)
            .map(|i| ring[i % SLOTS][0].count_ones())
            .sum();
        assert_eq!(pending as usize, 420 - BATCH);
        // The nodes take turns: child k has the queen of round k / 30, the (k / 30)-th lowest
        // square of its parent.
        for (k, child) in next[..children].iter().enumerate() {
            assert_eq!(child[1], 1 << (k / 30), "child {k}");
        }
    }

    #[test]
    fn the_open_board_counts_match_the_reference() {
        // The interior of an empty border ring: a deep tree whose batches stop at the limit
        // and whose ring indices wrap.
        for (n, depth) in [(12, 8), (14, 10)] {
            let it = open_interior(n, depth);
            assert_eq!(count(&it), super::super::reference_count(&it), "n={n}");
        }
    }
}
