//! The plain search of a partial board: backtracking row by row, written over the rules'
//! [`RowStep`] (so every rule set), the rows of the givens filled in passing and each free
//! row's squares attacked by a given or blocked taken out before the search. The nodes are the
//! board of the givens alone and every placement in a free row (the tree the oracle of
//! `tests/it/variants/oracle.rs` counts).

use super::error::MAX_N;
use super::partial::Partial;
use crate::plan::stop::{Carried, Patrol};
use crate::rules::{RowStep, full_mask, with_row_step};
use rayon::prelude::*;
use std::ops::ControlFlow;

/// What the search needs of the partial board.
struct Rows {
    n: usize,
    full: u32,
    forced: [Option<u8>; MAX_N],
    avoid: [u32; MAX_N],
}

impl Rows {
    fn of(p: &Partial) -> Rows {
        let (forced, avoid) = p.rows();
        Rows {
            n: p.n(),
            full: full_mask(p.n()),
            forced,
            avoid,
        }
    }

    /// The state before row 0: the givens' columns taken.
    fn start<S: RowStep>(&self) -> S {
        let cols = self.forced[..self.n]
            .iter()
            .flatten()
            .fold(0u32, |m, &c| m | 1 << c);
        S::start().with_columns(cols)
    }
}

/// The placements between two looks at the stop flag: well under a millisecond.
const NODES_BETWEEN_LOOKS: u32 = 1 << 14;

/// Completions and nodes below state `st` at row `r`: placements in rows `r..` (not the
/// board at `st` itself). Under a stop's watch it gives up through `patrol` (its counts
/// then partial, thrown away by the watch).
fn below<S: RowStep>(st: S, r: usize, b: &Rows, patrol: &mut Patrol) -> (u64, u64) {
    if r == b.n {
        return (1, 0);
    }
    if patrol.stop() {
        return (0, 0);
    }
    if let Some(c) = b.forced[r] {
        return below(st.place(1 << c, b.full), r + 1, b, patrol);
    }
    let mut free = st.free(b.full) & !b.avoid[r];
    let (mut total, mut nodes) = (0, 0);
    while free != 0 {
        let bit = free & free.wrapping_neg();
        free ^= bit;
        let (t, m) = below(st.place(bit, b.full), r + 1, b, patrol);
        total += t;
        nodes += m + 1;
    }
    (total, nodes)
}

/// Completions and nodes (the root included), the placements of the first free row shared
/// among the threads of the current pool, each under the `carried` watch.
fn count_with<S: RowStep>(b: &Rows, carried: &Carried) -> (u128, u128) {
    let mut st: S = b.start();
    let mut r = 0;
    while r < b.n
        && let Some(c) = b.forced[r]
    {
        st = st.place(1 << c, b.full);
        r += 1;
    }
    if r == b.n {
        return (1, 1);
    }
    let free = st.free(b.full) & !b.avoid[r];
    let bits: Vec<u32> = (0..b.n)
        .map(|c| 1 << c)
        .filter(|bit| free & bit != 0)
        .collect();
    let (total, nodes) = bits
        .par_iter()
        .map(|&bit| {
            let mut patrol = Patrol::every(NODES_BETWEEN_LOOKS);
            let search = || below(st.place(bit, b.full), r + 1, b, &mut patrol);
            carried.watch(search).unwrap_or((0, 0))
        })
        .reduce(|| (0, 0), |x, y| (x.0 + y.0, x.1 + y.1));
    (
        u128::from(total),
        1 + bits.len() as u128 + u128::from(nodes),
    )
}

/// The completions of `p` and the nodes of the plain search, under the `carried` watch.
pub(super) fn count(p: &Partial, carried: &Carried) -> (u128, u128) {
    let rows = Rows::of(p);
    with_row_step!(p.rules(), S => count_with::<S>(&rows, carried))
}

/// Calls `visit` with each completion in increasing order until it breaks; returns how many
/// it was called with.
fn list_with<S: RowStep>(b: &Rows, visit: &mut dyn FnMut(&[u8]) -> ControlFlow<()>) -> u128 {
    /// The completions below `st` at row `r`, each visited; `Break` once `visit` breaks.
    fn go<S: RowStep>(
        st: S,
        r: usize,
        b: &Rows,
        cols: &mut [u8],
        visit: &mut dyn FnMut(&[u8]) -> ControlFlow<()>,
        seen: &mut u128,
        patrol: &mut Patrol,
    ) -> ControlFlow<()> {
        if r == b.n {
            *seen += 1;
            return visit(cols);
        }
        if patrol.stop() {
            return ControlFlow::Break(());
        }
        if let Some(c) = b.forced[r] {
            cols[r] = c;
            return go(
                st.place(1 << c, b.full),
                r + 1,
                b,
                cols,
                visit,
                seen,
                patrol,
            );
        }
        let mut free = st.free(b.full) & !b.avoid[r];
        while free != 0 {
            let bit = free & free.wrapping_neg();
            free ^= bit;
            cols[r] = bit.trailing_zeros() as u8;
            go(st.place(bit, b.full), r + 1, b, cols, visit, seen, patrol)?;
        }
        ControlFlow::Continue(())
    }
    let mut cols = vec![0u8; b.n];
    let mut seen = 0;
    let mut patrol = Patrol::every(NODES_BETWEEN_LOOKS);
    let _ = go(
        b.start::<S>(),
        0,
        b,
        &mut cols,
        visit,
        &mut seen,
        &mut patrol,
    );
    seen
}

/// Calls `visit` with each completion of `p` in increasing order until it breaks (or, under
/// a stop's watch, the search gives up); returns how many it was called with.
pub(super) fn list(p: &Partial, mut visit: impl FnMut(&[u8]) -> ControlFlow<()>) -> u128 {
    let rows = Rows::of(p);
    with_row_step!(p.rules(), S => list_with::<S>(&rows, &mut visit))
}
