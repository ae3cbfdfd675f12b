//! One family of symmetric plans: the fixed-board (Burnside) units, the [`Plan`] impl and the
//! work estimates written once, over a split ([`OrbitSplit`]) that supplies only its orbits.
//!
//! # Units
//!
//! Units `0..n` count the boards fixed by a half turn (F180) with the queen of row 0 in column
//! `id`; units `n..2n` count those fixed by a quarter turn (F90) with it in column `id − n`
//! (the searches of [`super::burnside`]); units from `2n` on count the split's orbits, one
//! each, in the split's order. A unit's tally carries only the fields it counts, so the units
//! of the plan sum to the whole.
//!
//! # Classes
//!
//! For n > 1 no reflection fixes a solution, so Burnside's lemma gives
//! `classes = (total + F180 + 2·F90) / 8`;
//! [`crate::plan::tally::Tally::classes_by_burnside`] turns the counts into classes per
//! symmetry type and checks that every division is exact.
//!
//! # Splits
//!
//! The border split ([`crate::search::plans::border::BorderSplit`], [`crate::search::plans::border::SymmetricPlan`])
//! and the ring split ([`crate::search::plans::ring::RingSplit`], [`crate::search::plans::ring::RingPlan`])
//! share only this frame, the kernels and the Burnside searches: each has its own
//! constellations, orbits, weights and interiors, so counting a size with two of them verifies
//! it two independent ways (`queens verify N --two-ways` takes the ring split, the default,
//! and the outer-ring split, as fast and with placements of its own).

use super::burnside;
use crate::plan::pieces::{OnPieces, PieceOptions};
use crate::plan::tally::Tally;
use crate::plan::{Engine, Plan};
use crate::rules::Rules;
use crate::search::geometry::work;
use crate::search::kernel::Kernel;
use std::io;
use std::sync::OnceLock;

/// What a split supplies to a [`SymmetricFamily`] plan: its orbit units, how each is counted
/// and estimated, and its name.
pub(crate) trait OrbitSplit: Send + Sync {
    /// The split of board size `n` (1..=32) for the pieces of `rules` (those the split
    /// supports: [`crate::runner::Split::supports`]).
    fn new(n: usize, rules: Rules) -> Self;

    /// The plan identity ([`Plan::identity`]): a name and a version of the split.
    fn identity(&self) -> String;

    /// The number of orbit units (the units from `2n` on).
    fn orbit_count(&self) -> usize;

    /// Counts orbit unit `i` on `kernel`: `(boards, nodes)`, the boards already weighted by
    /// the orbit's size.
    fn count_orbit(&self, i: usize, kernel: Kernel) -> (u128, u128);

    /// The estimated nodes of orbit unit `i` (see [`SymmetricFamily::unit_cost`]).
    fn orbit_estimate(&self, i: usize) -> f64;

    /// The name of the pieces [`OrbitSplit::count_orbit_in_pieces`] cuts a long orbit unit
    /// into ([`Plan::piece_scheme`]); `None` (the default): every unit is counted whole.
    fn piece_scheme(&self) -> Option<String> {
        None
    }

    /// Counts orbit unit `i` on `kernel` piece by piece, as [`Plan::count_unit_in_pieces`]
    /// does (the same `(boards, nodes)` as [`OrbitSplit::count_orbit`]), where the unit is
    /// long enough to be cut; `None` (the default) where it is counted whole.
    fn count_orbit_in_pieces(
        &self,
        i: usize,
        kernel: Kernel,
        options: PieceOptions<'_>,
        on_pieces: OnPieces<'_>,
    ) -> Option<io::Result<(u128, u128)>> {
        let _ = (i, kernel, options, on_pieces);
        None
    }

    /// Whether the runner's [`Plan::estimated_work`] uses [`SymmetricFamily::unit_cost`]
    /// (computed once per plan for every unit) or leaves every unit at 1: a split whose
    /// estimates cost a noticeable part of a count says no.
    const ESTIMATES_WORK: bool;
}

/// What a unit of a symmetric plan counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Unit {
    /// Half-turn symmetric boards with the queen of row 0 in this column.
    FixedHalfTurn(usize),
    /// Quarter-turn symmetric boards with the queen of row 0 in this column.
    FixedQuarterTurn(usize),
    /// The orbit of the split with this index, times the orbit's size.
    Orbit(usize),
}

/// A plan of the symmetric engine for one board size: the 2n Burnside units, then the orbits
/// of the split `S` (see the [module documentation](self)).
pub(crate) struct SymmetricFamily<S: OrbitSplit> {
    n: usize,
    kernel: Kernel,
    /// The rules counted (the Burnside units' and the split's).
    rules: Rules,
    split: S,
    /// Each unit's [`SymmetricFamily::unit_cost`], computed on first use when the split
    /// [estimates work](OrbitSplit::ESTIMATES_WORK): the runner's order, the progress total
    /// and each finished unit all ask for it.
    work: OnceLock<Vec<u64>>,
}

impl<S: OrbitSplit> SymmetricFamily<S> {
    /// The plan of the queens for board size `n` (1..=32) counted with `kernel`.
    pub(crate) fn new(n: usize, kernel: Kernel) -> Self {
        Self::under(n, kernel, Rules::QUEENS)
    }

    /// The plan of the pieces of `rules` (rules the split supports:
    /// [`crate::runner::Split::supports`]) for board size `n` (1..=32) counted with `kernel`.
    pub(crate) fn under(n: usize, kernel: Kernel, rules: Rules) -> Self {
        SymmetricFamily {
            n,
            kernel,
            rules,
            split: S::new(n, rules),
            work: OnceLock::new(),
        }
    }

    /// What unit `id` counts.
    pub(crate) fn unit(&self, id: usize) -> Unit {
        let n = self.n;
        match id {
            _ if id < n => Unit::FixedHalfTurn(id),
            _ if id < 2 * n => Unit::FixedQuarterTurn(id - n),
            _ => Unit::Orbit(id - 2 * n),
        }
    }

    /// The estimated work of unit `id`, in estimated nodes (those of
    /// [`crate::plan::tally::Tally::nodes`]), for an ETA and for parts of equal work: for an
    /// orbit, the split's [`OrbitSplit::orbit_estimate`]; for the F180 and F90 units,
    /// [`work::estimated_fixed_nodes`]. At least 1: every unit costs something.
    pub(crate) fn unit_cost(&self, id: usize) -> u64 {
        assert!(id < self.unit_count(), "unit {id} out of range");
        let estimate = match self.unit(id) {
            Unit::FixedHalfTurn(_) => work::estimated_fixed_nodes(self.n, 2),
            Unit::FixedQuarterTurn(_) => work::estimated_fixed_nodes(self.n, 4),
            Unit::Orbit(i) => self.split.orbit_estimate(i),
        };
        (estimate as u64).max(1)
    }
}

/// The tally of an orbit unit's `(boards, nodes)` ([`OrbitSplit::count_orbit`]).
fn orbit_tally((boards, nodes): (u128, u128)) -> Tally {
    Tally {
        boards,
        nodes,
        ..Tally::default()
    }
}

impl<S: OrbitSplit> Plan for SymmetricFamily<S> {
    fn n(&self) -> usize {
        self.n
    }

    fn engine(&self) -> Engine {
        Engine::Symmetric
    }

    fn kernel(&self) -> &'static str {
        self.kernel.name()
    }

    fn split_identity(&self) -> String {
        self.split.identity()
    }

    fn rules(&self) -> Rules {
        self.rules
    }

    fn unit_count(&self) -> usize {
        2 * self.n + self.split.orbit_count()
    }

    fn count_unit(&self, id: usize) -> Tally {
        assert!(id < self.unit_count(), "unit {id} out of range");
        match self.unit(id) {
            Unit::FixedHalfTurn(first) => burnside::half_turn_unit(self.rules, self.n, first),
            Unit::FixedQuarterTurn(first) => burnside::quarter_turn_unit(self.rules, self.n, first),
            Unit::Orbit(i) => orbit_tally(self.split.count_orbit(i, self.kernel)),
        }
    }

    fn piece_scheme(&self) -> Option<String> {
        self.split.piece_scheme()
    }

    /// An orbit unit long enough for its split to cut it is counted in the split's pieces;
    /// every other unit whole (the Burnside units take seconds even at n = 27).
    fn count_unit_in_pieces(
        &self,
        id: usize,
        options: PieceOptions<'_>,
        on_pieces: OnPieces<'_>,
    ) -> io::Result<Tally> {
        assert!(id < self.unit_count(), "unit {id} out of range");
        let Unit::Orbit(i) = self.unit(id) else {
            return Ok(self.count_unit(id));
        };
        let split = &self.split;
        match split.count_orbit_in_pieces(i, self.kernel, options, on_pieces) {
            Some(counted) => counted.map(orbit_tally),
            None => Ok(self.count_unit(id)),
        }
    }

    fn counts_classes_directly(&self) -> bool {
        false
    }

    fn estimated_work(&self, id: usize) -> u64 {
        if !S::ESTIMATES_WORK {
            return 1;
        }
        // One estimate for the runner's order, the progress bar and parts: [`Self::unit_cost`],
        // computed once per plan (every caller asks for every unit).
        self.work
            .get_or_init(|| (0..self.unit_count()).map(|u| self.unit_cost(u)).collect())[id]
    }
}
