//! The split of one board size into numbered work units, and the engines that count them.
//!
//! A [`Plan`] is a deterministic, ordered list of units for one `n`: unit `i` is the same
//! subproblem on every machine and every run of the same plan identity. Counting every unit and
//! summing the [`Tally`]s (in any order) gives the result for `n`.

use crate::tally::Tally;
use std::fmt;

/// A search engine: how a board size is split into units and how a unit is counted.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, clap::ValueEnum)]
pub enum Engine {
    /// Plain backtracking that meets every solution and canonicalizes it.
    Enumerate,
    /// Border constellations weighted by their D4 orbit size; classes by Burnside's lemma.
    Symmetric,
}

impl Engine {
    /// The engine's name as used on the command line and in tables.
    pub fn name(self) -> &'static str {
        match self {
            Engine::Enumerate => "enumerate",
            Engine::Symmetric => "symmetric",
        }
    }

    /// Parses a name written by [`Engine::name`].
    pub fn from_name(s: &str) -> Option<Engine> {
        <Engine as clap::ValueEnum>::value_variants()
            .iter()
            .copied()
            .find(|e| e.name() == s)
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
    /// A name for the split (its parameters and a version): two plans with equal identities
    /// and equal `n` have the same units.
    fn identity(&self) -> String;
    /// How many units there are; they are numbered `0..unit_count()`.
    fn unit_count(&self) -> usize;
    /// Counts unit `id` (`id < unit_count()`).
    fn count_unit(&self, id: usize) -> Tally;
    /// Whether units count classes one by one ([`Tally::canonical`]) as well as the
    /// symmetric boards that Burnside's lemma needs.
    fn counts_classes_directly(&self) -> bool;
}

/// Builds the plan of `engine` for board size `n` (1..=32), on the fastest kernel the CPU
/// supports.
pub fn build(n: usize, engine: Engine) -> Box<dyn Plan> {
    build_with_kernel(n, engine, crate::search::kernel::Kernel::best())
}

/// Builds the plan of `engine` for board size `n` (1..=32) on `kernel`, which the CPU must
/// support ([`crate::search::kernel::Kernel::is_available`]; engines with a single kernel
/// ignore it).
pub fn build_with_kernel(
    n: usize,
    engine: Engine,
    kernel: crate::search::kernel::Kernel,
) -> Box<dyn Plan> {
    assert!(
        (crate::board::MIN_N..=crate::board::MAX_N).contains(&n),
        "board size {n} outside the supported range"
    );
    match engine {
        Engine::Enumerate => Box::new(crate::search::enumerate::EnumeratePlan::new(n)),
        Engine::Symmetric => Box::new(crate::search::symmetric::SymmetricPlan::new(n, kernel)),
    }
}
