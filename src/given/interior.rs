//! The kernel path of a partial board of queens on the plane: the givens and the blocked
//! squares become a kernel [`Interior`] (the givens' columns taken, every square a given
//! attacks and every blocked square in its row's `blocked` mask, the free rows and the rows
//! between them), and the placements of the top free rows split it into units for the
//! threads, each unit an interior of its own with its unit rows' queens pre-placed as givens.

use super::error::MAX_N;
use super::partial::Partial;
use crate::plan::stop::Carried;
use crate::rules::{Rules, full_mask};
use crate::search::kernel::{Interior, Kernel, MAX_DEPTH};
use rayon::prelude::*;

/// A partial board of queens on the plane as the kernel path grows it: the column of each
/// filled row, and each row's squares that no further queen may take.
#[derive(Clone, Copy, Debug)]
struct Board {
    n: usize,
    forced: [Option<u8>; MAX_N],
    avoid: [u32; MAX_N],
}

impl Board {
    /// The board of `p`'s givens and blocked squares.
    fn of(p: &Partial) -> Board {
        let (forced, avoid) = p.rows();
        Board {
            n: p.n(),
            forced,
            avoid,
        }
    }

    /// The same board with a queen on `(r, c)`: its row filled, its column and both its
    /// diagonals taken from every other row.
    fn with_queen(&self, r: usize, c: usize) -> Board {
        let mut b = *self;
        let full = full_mask(self.n);
        let bit = 1u32 << c;
        for (rr, row) in b.avoid.iter_mut().enumerate().take(self.n) {
            let d = rr.abs_diff(r) as u32;
            *row |=
                bit | (bit.checked_shl(d).unwrap_or(0) & full) | bit.checked_shr(d).unwrap_or(0);
        }
        b.forced[r] = Some(c as u8);
        b
    }

    /// The rows without a queen, top down.
    fn free_rows(&self) -> Vec<usize> {
        (0..self.n).filter(|&r| self.forced[r].is_none()).collect()
    }
}

/// The kernel interior of `b`: its free rows (at most [`MAX_DEPTH`], each at most 3 rows
/// below the one before), the queens' columns, and each free row's squares taken; `None`
/// where it does not fit a kernel.
fn interior_of(b: &Board) -> Option<Interior> {
    let rows = b.free_rows();
    if rows.len() > MAX_DEPTH || rows.windows(2).any(|w| w[1] - w[0] > 3) {
        return None;
    }
    let full = full_mask(b.n);
    let cols = b.forced[..b.n]
        .iter()
        .flatten()
        .fold(0u32, |m, &c| m | 1 << c);
    let mut blocked = [0u32; MAX_DEPTH];
    let mut shift = [0u32; MAX_DEPTH];
    for (i, &r) in rows.iter().enumerate() {
        blocked[i] = b.avoid[r] & full;
        if let Some(&next) = rows.get(i + 1) {
            shift[i] = (next - r) as u32;
        }
    }
    Some(Interior {
        depth: rows.len(),
        inner: full,
        cols,
        blocked,
        shift,
        rules: crate::rules::Rules::QUEENS,
    })
}

/// Whether the vector kernels count completions of partial boards of `rules`: the queens'
/// only (the plain search counts every other rule set's). The one place that decides it: the
/// interiors' count, the kernel a count resolves and the options it refuses all ask here.
pub fn kernels_count(rules: &Rules) -> bool {
    rules.is_queens()
}

/// How many units the unit rows aim for per thread (many more than threads, so that the
/// threads finish together).
const UNITS_PER_THREAD: usize = 64;

/// The completions of `p` and the nodes (the unit rows' placements and the kernels'),
/// counted on `kernel` by the threads of the current pool; `None` where the kernels do not
/// count it (other rules than the queens on the plane, or an interior that does not fit).
/// Each unit runs under the `carried` watch (a unit that gave up counts nothing: the caller
/// throws the counts away).
pub(super) fn count(p: &Partial, kernel: Kernel, carried: &Carried) -> Option<(u128, u128)> {
    if !kernels_count(&p.rules()) {
        return None;
    }
    let start = Board::of(p);
    interior_of(&start)?;
    let rows = start.free_rows();
    let want = UNITS_PER_THREAD * rayon::current_num_threads();
    let mut units = vec![start];
    let mut unit_nodes = 0u128;
    // Fill the top free rows while the units are few, leaving at least 4 rows to a kernel
    // (whose last two rows are closed forms): every unit's interior is the rows below.
    for &r in rows.iter().take(rows.len().saturating_sub(4)) {
        if units.len() >= want {
            break;
        }
        units = units
            .iter()
            .flat_map(|b| {
                (0..b.n)
                    .filter(move |&c| b.avoid[r] & (1 << c) == 0)
                    .map(move |c| b.with_queen(r, c))
            })
            .collect();
        unit_nodes += units.len() as u128;
    }
    let (total, nodes) = units
        .par_iter()
        // A unit's free rows are the start's less its top ones, so its interior fits too;
        // a board with no free row left is its own one completion.
        .map(|b| match interior_of(b) {
            Some(it) if it.depth > 0 => carried
                .watch(|| kernel.count(&it))
                .map_or((0, 0), |c| (u128::from(c.completions), u128::from(c.nodes))),
            _ => (1, 0),
        })
        .reduce(|| (0, 0), |x, y| (x.0 + y.0, x.1 + y.1));
    Some((total, unit_nodes + nodes))
}
