//! Work estimates: the expected number of nodes an interior's search tree has, for the
//! plans' `unit_cost` (an ETA, and parts of equal work).
//!
//! The kernels count a node per queen placed in a free row other than the last two
//! ([`crate::search::kernel::InteriorCount::nodes`]). With `D` free rows (and so `D` open columns),
//! `f_k` squares of free row `k` not attacked by the pre-placed queens, and `m` interior
//! columns, the model takes the `k` interior queens above row `k` as placed at random: each
//! of the `f_k` squares survives their columns with probability `(D − k) / D` (they hold `k`
//! of the `D` open columns) and their diagonals with probability `(1 − A/m)^k` (each attacks
//! about two squares of the row; [`DIAGONAL_HIT`] is `A`, fitted to measured trees). So the
//! expected placements in row `k` are
//! `P_k = P_{k−1} · f_k · (D − k)/D · (1 − A/m)^k` (with `P_{−1} = 1`), and the estimate is
//! `Σ_{k < D−2} P_k`. It ignores that queens prefer the columns left open, so it is an
//! estimate of the tree's size, not a bound; the tests measure how well it tracks the trees.

use crate::search::kernel::Interior;

/// `A` of the model: the squares of a row that one queen above it attacks along its
/// diagonals, as a multiple of `1/m`: 2, the two diagonals, which is also the best fit on the
/// border plan's units for n = 12..14 (`cargo bench --bench measurements -- estimates`).
pub(crate) const DIAGONAL_HIT: f64 = 2.0;

/// The estimated nodes of `it`'s search tree (see the module documentation).
pub(crate) fn estimated_nodes(it: &Interior) -> f64 {
    estimated_nodes_with(it, DIAGONAL_HIT)
}

/// [`estimated_nodes`] with the model's constant `a` instead of [`DIAGONAL_HIT`].
pub(crate) fn estimated_nodes_with(it: &Interior, a: f64) -> f64 {
    let d = it.depth;
    if d < 3 {
        return 0.0; // the kernels count the last two rows in closed form: no node
    }
    let m = f64::from(it.inner.count_ones());
    let survive = (1.0 - a / m).max(0.0);
    let (mut level, mut total, mut diagonals) = (1.0f64, 0.0f64, 1.0f64);
    for k in 0..d - 2 {
        // Free squares of row k as the pre-placed queens leave them.
        let f = f64::from((it.inner & !(it.cols | it.blocked[k])).count_ones());
        level *= f * (d - k) as f64 / d as f64 * diagonals;
        total += level;
        diagonals *= survive;
    }
    total
}

/// The estimated nodes of a search of [`crate::search::engines::burnside`] for the boards fixed by a
/// half turn (`group = 2`: pairs of queens) or a quarter turn (`group = 4`: quadruples) whose
/// queen of row 0 is given: one node per group placed, the same model as
/// [`estimated_nodes`] with `group` queens per row pair, `(n − group·k)` candidate columns
/// after `k` groups, each of the group's squares surviving the diagonals of the `group·k`
/// queens placed with probability `(1 − A/n)^{group·k}`.
pub(crate) fn estimated_fixed_nodes(n: usize, group: usize) -> f64 {
    let rows = n / 2;
    if group == 4 && n % 4 >= 2 {
        return 0.0; // no quarter-turn symmetric board: the search returns at once
    }
    let survive = (1.0 - DIAGONAL_HIT / n as f64).max(0.0);
    // The first group is given: one node (if its squares are free, which the model takes).
    let (mut level, mut total) = (1.0f64, 1.0f64);
    for k in 1..rows {
        let placed = group * k;
        let columns = n.saturating_sub(placed) as f64;
        level *= columns * survive.powi((group * placed) as i32);
        total += level;
    }
    total
}
