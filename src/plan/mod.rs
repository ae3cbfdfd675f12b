//! The split of one board size into numbered work units: the [`Plan`] trait, the [`Engine`]
//! names, the [`Tally`] a unit yields and the [`Part`]s a plan is split into. This layer knows
//! no engine: the plans themselves live in [`crate::search`], and [`crate::runner::build()`]
//! makes them.
//!
//! Below the engines too: the `schedule` that hands units to threads and the [`stop`] flag
//! it reads between them, shared by the runner and the profile searches.
//!
//! A [`Plan`] is a deterministic, ordered list of units for one `n`: unit `i` is the same
//! subproblem on every machine and every run of the same plan identity. Counting every unit and
//! summing the [`Tally`]s (in any order) gives the result for `n`.

pub mod part;
pub mod pieces;
pub(crate) mod schedule;
pub mod stop;
pub mod tally;

use crate::rules::Rules;
pub use part::{Part, PartSpec};
use pieces::{OnPieces, PieceOptions};
use std::fmt;
pub use tally::{ClassCounts, Tally, TallyError};

/// A search engine: how a board size is split into units and how a unit is counted.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
// `--engine`'s values, named and explained by the variants (the command line's).
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
pub enum Engine {
    /// Plain backtracking that meets every solution and canonicalizes it.
    Enumerate,
    /// Pre-placed queens (the innermost ring's, or with --split the border's) weighted by
    /// their D4 orbit size; classes by Burnside's lemma.
    #[default]
    Symmetric,
}

impl Engine {
    /// Every engine, in the order the command line lists them.
    pub const ALL: [Engine; 2] = [Engine::Enumerate, Engine::Symmetric];

    /// The engine's name as used on the command line and in tables.
    pub fn name(self) -> &'static str {
        match self {
            Engine::Enumerate => "enumerate",
            Engine::Symmetric => "symmetric",
        }
    }

    /// Whether the engine counts the problem of `rules`: the enumerate engine counts every
    /// rule set (its plain search is written over the rules' row step,
    /// `RowStep`); the symmetric engine counts the pieces of the plane board
    /// (queens and superqueens: its ring geometry and kernels follow the knight too), and with
    /// the torus plan (`crate::search::engines::torus`) the queens and superqueens on the
    /// torus.
    pub fn supports(self, rules: &Rules) -> bool {
        match self {
            Engine::Enumerate => true,
            Engine::Symmetric => rules.on_the_ring_plans() || rules.on_the_torus_plan(),
        }
    }

    /// `Ok` if the engine counts `rules` ([`Engine::supports`]), else its one-line refusal.
    /// The refusal names every rule set the engine counts.
    pub fn check_rules(self, rules: &Rules) -> Result<(), String> {
        if self.supports(rules) {
            return Ok(());
        }
        Err(crate::rules::refusal(
            &format!("the {self} engine"),
            rules,
            |r| self.supports(r),
        ))
    }

    /// The largest board size the engine counts for `rules`: 64 for the queens on the torus
    /// with the symmetric engine (the torus plan's rows are 64-bit masks), 32 otherwise (the
    /// superqueens on the torus too: their search under the square's 8 alone would need some
    /// 10⁶ CPU-hours at board 35, and its start-sized units are too large to share).
    ///
    /// ```
    /// use queens::{plan::Engine, rules::Rules};
    /// assert_eq!(Engine::Symmetric.largest_size(&Rules::TORUS_QUEENS), 64);
    /// assert_eq!(Engine::Symmetric.largest_size(&Rules::TORUS_SUPERQUEENS), 32);
    /// assert_eq!(Engine::Enumerate.largest_size(&Rules::TORUS_QUEENS), 32);
    /// assert_eq!(Engine::Symmetric.largest_size(&Rules::QUEENS), 32);
    /// ```
    pub fn largest_size(self, rules: &Rules) -> usize {
        if self == Engine::Symmetric && rules.same_problem(&Rules::TORUS_QUEENS) {
            crate::board::MAX_COUNT_N
        } else {
            crate::board::MAX_N
        }
    }

    /// Parses a name written by [`Engine::name`].
    pub fn from_name(s: &str) -> Option<Engine> {
        Engine::ALL.into_iter().find(|e| e.name() == s)
    }
}

impl fmt::Display for Engine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One board size split into numbered work units.
pub trait Plan: Send + Sync {
    /// The board size.
    fn n(&self) -> usize;
    /// The engine that made the plan.
    fn engine(&self) -> Engine;
    /// The counting kernel the plan's units run on (`scalar`, …).
    fn kernel(&self) -> &'static str;
    /// A name for the split (its parameters and a version), without the rules: what each plan
    /// writes; [`Plan::identity`] adds the rules to it.
    fn split_identity(&self) -> String;
    /// The rules the plan counts ([`Rules::QUEENS`] unless it says otherwise).
    fn rules(&self) -> Rules {
        Rules::QUEENS
    }
    /// The plan's identity, as part rows and checkpoints record it: the split's name and
    /// version, then the rules' [`Rules::identity_suffix`] (nothing for [`Rules::QUEENS`], so
    /// the queens' files read as before). Two plans with equal identities and equal `n` have
    /// the same units and count the same problem; parts or checkpoints of plans with different
    /// identities are never mixed.
    fn identity(&self) -> String {
        format!(
            "{}{}",
            self.split_identity(),
            self.rules().identity_suffix()
        )
    }
    /// How many units there are; they are numbered `0..unit_count()`.
    fn unit_count(&self) -> usize;
    /// Counts unit `id` (`id < unit_count()`).
    fn count_unit(&self, id: usize) -> Tally;
    /// Whether units count classes one by one ([`Tally::canonical`]) as well as the
    /// symmetric boards that Burnside's lemma needs.
    fn counts_classes_directly(&self) -> bool;
    /// A cheap estimate of the work of unit `id` (`id < unit_count()`), in arbitrary units
    /// that are comparable between the units of one plan (not between plans): the runner hands
    /// out the largest first and progress reports measure done work with it. The default, 1
    /// for every unit, says nothing about their sizes.
    fn estimated_work(&self, id: usize) -> u64 {
        let _ = id;
        1
    }
    /// The name of the pieces [`Plan::count_unit_in_pieces`] cuts a unit into, which a
    /// journal keeps with each run of pieces (a piece numbered by another scheme is another
    /// piece); `None` (the default): units are counted whole.
    fn piece_scheme(&self) -> Option<String> {
        None
    }
    /// Counts unit `id` piece by piece (see [`pieces`]): the runs of pieces in
    /// `options.done` are taken as they are, the others counted and reported to `on_pieces`
    /// in runs. Returns the unit's tally, the same as [`Plan::count_unit`]'s; a failed report
    /// ends it with that error. The default (no [`Plan::piece_scheme`]): the whole unit,
    /// nothing reported.
    fn count_unit_in_pieces(
        &self,
        id: usize,
        options: PieceOptions<'_>,
        on_pieces: OnPieces<'_>,
    ) -> std::io::Result<Tally> {
        let _ = (options, on_pieces);
        Ok(self.count_unit(id))
    }
}

/// For the unit tests: a plan counted under other rules ([`crate::rules::TEST_RULES`]), its
/// units and split those of the plan it wraps.
#[cfg(test)]
pub(crate) struct UnderOtherRules<P>(pub(crate) P);

#[cfg(test)]
impl<P: Plan + ?Sized> Plan for UnderOtherRules<Box<P>> {
    fn n(&self) -> usize {
        self.0.n()
    }
    fn engine(&self) -> Engine {
        self.0.engine()
    }
    fn kernel(&self) -> &'static str {
        self.0.kernel()
    }
    fn split_identity(&self) -> String {
        self.0.split_identity()
    }
    fn rules(&self) -> Rules {
        crate::rules::TEST_RULES
    }
    fn unit_count(&self) -> usize {
        self.0.unit_count()
    }
    fn count_unit(&self, id: usize) -> Tally {
        self.0.count_unit(id)
    }
    fn counts_classes_directly(&self) -> bool {
        self.0.counts_classes_directly()
    }
}
