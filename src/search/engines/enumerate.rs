//! Plain bitmask backtracking: one piece per row, every solution visited in lexicographic order.
//!
//! The board's state after placing rows `0..r` is the row step of the rules
//! ([`crate::rules::RowStep`]): bit masks over the columns of row `r` (for the queen, the
//! columns taken and the squares attacked along both diagonal families; a superqueen adds the
//! knight's squares of the next two rows). The searches here are written once and compiled
//! per rule set ([`crate::rules::with_row_step!`] picks the rules' step at the top of a
//! search); the row step is the only place that says how a piece attacks the rows below it.
//!
//! A node is a partial board (the empty board included); the full tree has OEIS A319283 nodes.
//! Trying the lowest free bit first means trying the smallest column first, so solutions come
//! out in lexicographic order of their column lists.
//!
//! As an engine, the tree is cut at depth [`PREFIX_DEPTH`]: each node at that depth (and each
//! dead end above it) is one work unit, numbered in lexicographic order. The nodes above the cut
//! are charged to the first unit below them, so the units' node counts sum to the full tree.

use crate::plan::stop::Patrol;
use crate::plan::tally::Tally;
use crate::plan::{Engine, Plan};
pub(crate) use crate::rules::full_mask;
use crate::rules::{Group, RowStep, Rules, with_row_step};
use crate::symmetry::FastImages;
use crate::torus_group::TorusGroup;
use std::ops::ControlFlow;

/// Depth at which the enumerate engine cuts the tree into work units.
pub(crate) const PREFIX_DEPTH: usize = 3;

/// What a descent carries along: the board size, its column mask, the columns chosen so far,
/// the node counter, the visitor, and the patrol of the stop flag.
struct Descent<'v, V> {
    n: usize,
    full: u32,
    path: [u8; 32],
    nodes: u64,
    visit: &'v mut V,
    /// Counts the descents between looks at the stop flag ([`crate::plan::stop`]): a unit
    /// of the enumerate plan that gives up ends its descent (`Break`), as a visitor's `Break`
    /// does. Outside a unit's watch (listing solutions) it never does.
    patrol: Patrol,
}

/// The descents (nodes with children) between two looks at the stop flag: a few
/// milliseconds of the search.
const DESCENTS_BETWEEN_LOOKS: u32 = 1 << 18;

impl<V: FnMut(&[u8]) -> ControlFlow<()>> Descent<'_, V> {
    /// Searches below a node at depth `row < n` whose next row has the free squares `free`
    /// (at least one),
    /// with the columns of rows `0..row` in `path`. Counts the node's children into `nodes`
    /// (the node itself was counted by its parent) and calls `visit` with each solution.
    ///
    /// Children that are dead ends (their next row has no free square) are counted but not
    /// entered, and children in the last row are solutions, handled here without a call: this
    /// saves most calls while the node count stays that of the full tree.
    fn descend<S: RowStep>(&mut self, row: usize, m: S, mut free: u32) -> ControlFlow<()> {
        if self.patrol.stop() {
            return ControlFlow::Break(()); // the unit gives up: partial counts
        }
        self.nodes += free.count_ones() as u64; // every free square is a child node
        if row + 1 == self.n {
            // Each child fills the last row: a solution.
            while free != 0 {
                let bit = free & free.wrapping_neg(); // lowest set bit: two's complement trick
                free ^= bit; // clear it from the candidates
                self.path[row] = bit.trailing_zeros() as u8;
                (self.visit)(&self.path[..self.n])?;
            }
            return ControlFlow::Continue(());
        }
        while free != 0 {
            let bit = free & free.wrapping_neg(); // lowest set bit: two's complement trick
            free ^= bit; // clear it from the candidates
            let child = m.place(bit, self.full);
            let child_free = child.free(self.full);
            if child_free != 0 {
                // Look-ahead: only a child with a free square in its next row is entered.
                self.path[row] = bit.trailing_zeros() as u8;
                self.descend(row + 1, child, child_free)?;
            }
        }
        ControlFlow::Continue(())
    }

    /// Visits the node at depth `row` with state `m` (counting it) and everything below it.
    fn visit_node<S: RowStep>(&mut self, row: usize, m: S) -> ControlFlow<()> {
        self.nodes += 1;
        if row == self.n {
            return (self.visit)(&self.path[..self.n]);
        }
        match m.free(self.full) {
            0 => ControlFlow::Continue(()),
            free => self.descend(row, m, free),
        }
    }
}

/// Visits every solution of size `n` in lexicographic order, stopping early if `visit` breaks.
/// Uses constant memory. Returns the number of nodes visited (A319283 when not stopped early).
pub(crate) fn for_each_solution<V: FnMut(&[u8]) -> ControlFlow<()>>(n: usize, visit: V) -> u64 {
    for_each_solution_under(Rules::QUEENS, n, visit)
}

/// [`for_each_solution`] under other rules: every placement of one piece per row that no
/// two attack each other under `rules`.
pub(crate) fn for_each_solution_under<V: FnMut(&[u8]) -> ControlFlow<()>>(
    rules: Rules,
    n: usize,
    visit: V,
) -> u64 {
    assert!((1..=32).contains(&n), "board size {n} outside 1..=32");
    for_each_solution_below(rules, n, &[], visit)
}

/// The solutions under `rules` that can be the canonical representative of their class under
/// the group of `rules` ([`Rules::group`]), in lexicographic order, stopping early when
/// `visit` breaks; returns the nodes visited. Under the square's symmetries only those whose
/// queen of row 0 stands in the left half
/// ([`last_canonical_first_column`](crate::symmetry::last_canonical_first_column)): the right
/// half of the search (about half of it) is skipped.
/// Under the torus group, every solution.
pub(crate) fn for_each_class_candidate<V: FnMut(&[u8]) -> ControlFlow<()>>(
    rules: Rules,
    n: usize,
    mut visit: V,
) -> u64 {
    if rules.group() != Group::Square {
        return for_each_solution_under(rules, n, visit);
    }
    assert!((1..=32).contains(&n), "board size {n} outside 1..=32");
    let mut nodes = 1; // the empty board's node, as the whole search counts it
    let mut broke = false;
    for c in 0..=crate::symmetry::last_canonical_first_column(n) {
        nodes += for_each_solution_below(rules, n, &[c as u8], |cols| {
            let next = visit(cols);
            broke = next.is_break();
            next
        });
        if broke {
            break;
        }
    }
    nodes
}

/// The same search as [`for_each_solution`], walked with an explicit stack, one level per
/// row, so that it can pause after each solution (the `solutions` iterator); solutions in
/// the same lexicographic order.
#[derive(Clone, Debug)]
pub(crate) struct Walk<S: RowStep = crate::rules::Queens> {
    n: usize,
    /// The mask of the board's columns.
    full: u32,
    /// The row the search is placing a queen in.
    depth: usize,
    /// Per row: the squares not yet tried (bit `c` = column `c`).
    untried: Vec<u32>,
    /// Per row: the state of the row step before that row is filled.
    state: Vec<S>,
    /// The columns placed so far, row 0 first.
    cols: Vec<u8>,
}

impl<S: RowStep> Walk<S> {
    /// The walk of size `n` (1..=32) under the rules of `S`, before its first solution.
    pub(crate) fn new(n: usize) -> Walk<S> {
        assert!((1..=32).contains(&n), "board size {n} outside 1..=32");
        let full = full_mask(n);
        let start = S::start();
        let mut untried = vec![0; n];
        untried[0] = start.free(full);
        Walk {
            n,
            full,
            depth: 0,
            untried,
            state: vec![start; n],
            cols: vec![0; n],
        }
    }

    /// The columns of the next solution, or `None` when the search is over.
    pub(crate) fn next_solution(&mut self) -> Option<&[u8]> {
        loop {
            let r = self.depth;
            if self.untried[r] == 0 {
                if r == 0 {
                    return None; // every square of row 0 tried: the search is over
                }
                self.depth -= 1;
                continue;
            }
            // The lowest set bit is the leftmost untried column, which keeps the order
            // lexicographic; `x & -x` isolates it and `^=` marks it tried.
            let bit = self.untried[r] & self.untried[r].wrapping_neg();
            self.untried[r] ^= bit;
            self.cols[r] = bit.trailing_zeros() as u8;
            if r + 1 == self.n {
                // Stays on the last row: the next call tries its next square.
                return Some(&self.cols);
            }
            let next = self.state[r].place(bit, self.full);
            self.state[r + 1] = next;
            self.untried[r + 1] = next.free(self.full);
            self.depth = r + 1;
        }
    }
}

/// One work unit of the enumerate engine: a partial board of the first rows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct PrefixUnit {
    /// Columns of the queens in rows `0..prefix.len()`.
    pub(crate) prefix: Vec<u8>,
    /// Nodes above the cut charged to this unit (its not-yet-counted ancestors).
    pub(crate) ancestor_nodes: u64,
}

/// Cuts the tree of size `n` under `rules` at `depth`: every node at that depth, and every
/// node above it without children, becomes a unit, in lexicographic order.
pub(crate) fn prefix_units(rules: Rules, n: usize, depth: usize) -> Vec<PrefixUnit> {
    fn walk<S: RowStep>(
        n: usize,
        full: u32,
        depth: usize,
        m: S,
        path: &mut Vec<u8>,
        pending: &mut u64,
        out: &mut Vec<PrefixUnit>,
    ) {
        let free = m.free(full);
        if path.len() == depth || path.len() == n || free == 0 {
            out.push(PrefixUnit {
                prefix: path.clone(),
                ancestor_nodes: std::mem::take(pending),
            });
            return;
        }
        *pending += 1; // this inner node is charged to the next unit emitted below it
        let mut rest = free;
        while rest != 0 {
            let bit = rest & rest.wrapping_neg(); // lowest set bit
            rest ^= bit;
            path.push(bit.trailing_zeros() as u8);
            walk(n, full, depth, m.place(bit, full), path, pending, out);
            path.pop();
        }
    }
    let mut out = Vec::new();
    let mut pending = 0;
    let (full, path) = (full_mask(n), &mut Vec::new());
    with_row_step!(rules, S => walk(n, full, depth, S::start(), path, &mut pending, &mut out));
    out
}

/// Visits the solutions below `prefix` under `rules` in lexicographic order; returns the
/// nodes visited (the prefix's own node included, its ancestors not).
pub(crate) fn for_each_solution_below<V: FnMut(&[u8]) -> ControlFlow<()>>(
    rules: Rules,
    n: usize,
    prefix: &[u8],
    visit: V,
) -> u64 {
    with_row_step!(rules, S => solutions_below::<S, V>(n, prefix, visit))
}

/// [`for_each_solution_below`] compiled for the rules of `S`.
fn solutions_below<S: RowStep, V: FnMut(&[u8]) -> ControlFlow<()>>(
    n: usize,
    prefix: &[u8],
    mut visit: V,
) -> u64 {
    let mut d = Descent {
        n,
        full: full_mask(n),
        path: [0u8; 32],
        nodes: 0,
        visit: &mut visit,
        patrol: Patrol::every(DESCENTS_BETWEEN_LOOKS),
    };
    let mut m = S::start();
    for (r, &c) in prefix.iter().enumerate() {
        m = m.place(1 << c, d.full);
        d.path[r] = c;
    }
    let _ = d.visit_node(prefix.len(), m);
    d.nodes
}

/// Adds one solution to a tally: the board, its half- and quarter-turn symmetry, and its class
/// if it is the canonical representative (the smallest of its 8 images).
#[inline]
pub(crate) fn tally_solution(t: &mut Tally, cols: &[u8]) {
    let images = FastImages::new(cols);
    t.boards += 1;
    let half = images.fixed_by_half_turn();
    // A quarter-turn-symmetric board is also half-turn symmetric, so test it only then.
    let quarter = half && images.fixed_by_quarter_turn();
    t.fixed_half_turn += half as u128;
    t.fixed_quarter_turn += quarter as u128;
    if images.is_canonical() {
        match (quarter, half) {
            (true, _) => t.canonical.quarter_turn += 1,
            (false, true) => t.canonical.half_turn += 1,
            (false, false) => t.canonical.asymmetric += 1,
        }
    }
}

/// The enumerate engine: the plain tree cut into prefix units; every solution is met and
/// canonicalized, so classes are counted one by one.
pub(crate) struct EnumeratePlan {
    n: usize,
    rules: Rules,
    units: Vec<PrefixUnit>,
}

impl EnumeratePlan {
    /// The plan for board size `n` (0..=32): for n = 0 one unit, the empty board, whose
    /// search meets one node (the root, a complete board).
    pub(crate) fn new(n: usize) -> Self {
        EnumeratePlan::under(Rules::QUEENS, n)
    }

    /// The plan for board size `n` under `rules`: its search steps rows with the rules'
    /// [`RowStep`]; its classes are counted under D4 (no reflection fixes a solution of any
    /// rule set: [`Rules::no_reflection_fixes_a_solution`], which [`tally_solution`]'s classes
    /// rely on), and, where the rules' group is the torus group ([`Rules::group`]), under it
    /// too: each board's stabilizer and whether it is canonical ([`crate::torus_group`]) go
    /// into [`Tally::torus`].
    pub(crate) fn under(rules: Rules, n: usize) -> Self {
        EnumeratePlan {
            n,
            rules,
            units: prefix_units(rules, n, PREFIX_DEPTH.min(n)),
        }
    }
}

impl Plan for EnumeratePlan {
    fn n(&self) -> usize {
        self.n
    }

    fn engine(&self) -> Engine {
        Engine::Enumerate
    }

    fn kernel(&self) -> &'static str {
        "scalar"
    }

    fn split_identity(&self) -> String {
        format!("enumerate-prefix{}-v1", PREFIX_DEPTH)
    }

    fn rules(&self) -> Rules {
        self.rules
    }

    fn unit_count(&self) -> usize {
        self.units.len()
    }

    fn count_unit(&self, id: usize) -> Tally {
        let unit = &self.units[id];
        let mut t = Tally::default();
        let nodes = match self.rules.group() {
            Group::Torus if self.n > 0 => {
                // Each board's stabilizer under the torus group, and whether it is canonical,
                // besides its D4 counts.
                let group = TorusGroup::new(self.n);
                for_each_solution_below(self.rules, self.n, &unit.prefix, |cols| {
                    tally_solution(&mut t, cols);
                    t.torus
                        .add_board(group.stabilizer(cols), group.is_canonical(cols));
                    ControlFlow::Continue(())
                })
            }
            _ => for_each_solution_below(self.rules, self.n, &unit.prefix, |cols| {
                tally_solution(&mut t, cols);
                ControlFlow::Continue(())
            }),
        };
        t.nodes = nodes as u128 + unit.ancestor_nodes as u128;
        t
    }

    fn counts_classes_directly(&self) -> bool {
        true
    }

    fn estimated_work(&self, id: usize) -> u64 {
        // The subtrees at the cut are alike (measured at n = 16: 80% of them within 0.64 to
        // 1.9 times the median time, none over 3.1 times); the dead ends above it are empty.
        if self.units[id].prefix.len() == PREFIX_DEPTH.min(self.n) {
            1000
        } else {
            1
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn full_tree_node_counts_match_a319283() {
        assert_eq!(for_each_solution(8, |_| ControlFlow::Continue(())), 2057);
        assert_eq!(for_each_solution(1, |_| ControlFlow::Continue(())), 2);
        assert_eq!(for_each_solution(2, |_| ControlFlow::Continue(())), 3);
        assert_eq!(full_mask(0), 0);
        assert_eq!(full_mask(32), u32::MAX);
        // The empty board: the root alone, a complete board (A319283 a(0) = 1).
        let mut boards = 0;
        let nodes = for_each_solution_below(Rules::QUEENS, 0, &[], |cols| {
            assert!(cols.is_empty());
            boards += 1;
            ControlFlow::Continue(())
        });
        assert_eq!((boards, nodes), (1, 1));
    }

    #[test]
    fn under_other_rules_the_plain_searches_follow_their_row_step() {
        // The test-only rules (queens on the torus) against a brute force over permutations
        // with the one attack predicate: the solutions, in lexicographic order, by the
        // callback search, the paused walk and the plan's units.
        use crate::rules::TEST_RULES;
        for n in 1..=8 {
            let brute = crate::rules::brute_force_solutions(TEST_RULES, n);
            let mut found = Vec::new();
            for_each_solution_under(TEST_RULES, n, |cols| {
                found.push(cols.to_vec());
                ControlFlow::Continue(())
            });
            assert_eq!(found, brute, "n = {n}");
            let mut walk = Walk::<crate::rules::TorusQueens>::new(n);
            let mut walked = Vec::new();
            while let Some(cols) = walk.next_solution() {
                walked.push(cols.to_vec());
            }
            assert_eq!(walked, brute, "n = {n}");
            let plan = EnumeratePlan::under(TEST_RULES, n);
            let boards: u128 = (0..plan.unit_count())
                .map(|i| plan.count_unit(i).boards)
                .sum();
            assert_eq!(boards, brute.len() as u128, "n = {n}");
        }
        // Not the queens' search: 28 solutions of 7 on the torus, 40 on the plane.
        let count = |rules| for_each_solution_under(rules, 7, |_| ControlFlow::Continue(()));
        let mut torus = 0;
        for_each_solution_under(TEST_RULES, 7, |_| {
            torus += 1;
            ControlFlow::Continue(())
        });
        assert_eq!(torus, 28);
        assert!(count(TEST_RULES) < count(Rules::QUEENS));
    }

    #[test]
    fn units_cover_the_tree() {
        for n in 1..=9 {
            let plan = EnumeratePlan::new(n);
            let total = Tally::sum(
                (0..plan.unit_count())
                    .map(|i| plan.count_unit(i))
                    .collect::<Vec<_>>()
                    .iter(),
            )
            .unwrap();
            let mut boards = 0u128;
            let nodes = for_each_solution(n, |_| {
                boards += 1;
                ControlFlow::Continue(())
            });
            assert_eq!(total.boards, boards, "n={n}");
            assert_eq!(total.nodes, nodes as u128, "n={n}");
        }
    }

    /// The candidates of the classes (the left half of row 0 under the square's group) hold
    /// every canonical board, in the same order as the whole search, and only about half of
    /// its nodes; under the torus group they are the whole search. Stopping early stops.
    #[test]
    fn class_candidates_hold_every_canonical_board() {
        let canonical = |rules: Rules, cols: &[u8]| match rules.group() {
            Group::Square => FastImages::new(cols).is_canonical(),
            Group::Torus => TorusGroup::new(cols.len()).is_canonical(cols),
        };
        let square_torus = Rules {
            group: Group::Square,
            ..Rules::TORUS_QUEENS
        };
        for rules in [
            Rules::QUEENS,
            Rules::SUPERQUEENS,
            Rules::TORUS_QUEENS,
            square_torus,
        ] {
            for n in 1..=11 {
                let (mut all, mut some) = (Vec::new(), Vec::new());
                let whole = for_each_solution_under(rules, n, |cols| {
                    if canonical(rules, cols) {
                        all.push(cols.to_vec());
                    }
                    ControlFlow::Continue(())
                });
                let part = for_each_class_candidate(rules, n, |cols| {
                    if canonical(rules, cols) {
                        some.push(cols.to_vec());
                    }
                    ControlFlow::Continue(())
                });
                assert_eq!(some, all, "{rules} n={n}");
                match rules.group() {
                    Group::Torus => assert_eq!(part, whole, "{rules} n={n}"),
                    Group::Square if n >= 8 => {
                        assert!(part * 10 < whole * 6, "{rules} n={n}: {part} of {whole}")
                    }
                    Group::Square => assert!(part <= whole, "{rules} n={n}"),
                }
            }
        }
        let mut seen = 0;
        for_each_class_candidate(Rules::QUEENS, 10, |_| {
            seen += 1;
            match seen {
                3 => ControlFlow::Break(()),
                _ => ControlFlow::Continue(()),
            }
        });
        assert_eq!(seen, 3);
    }
}
