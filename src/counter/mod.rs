//! The counting front door: [`count`] for the common case, and [`Counter`], a builder for
//! everything else (engine, kernel, threads, a part of the plan, resuming from finished units,
//! a per-unit callback, a stop flag, a checkpoint journal to resume from: see
//! [`resume`]).

mod counts;
mod into_error;
pub mod resume;

use crate::error::Error;
use crate::given::{Completions, Partial, Search};
use crate::plan::stop::StopFlag;
use crate::plan::{ClassCounts, Engine, Part, Plan, Tally};
use crate::rules::Rules;
use crate::runner::{self, OnPieceRun, PieceJournal, RunControl, RunEnd, RunOptions, Split};
use crate::search::kernel::KernelChoice;
use std::collections::BTreeMap;
use std::path::Path;
use std::time::Duration;

/// The time between two journal lines of a long unit's pieces, in a count with a checkpoint
/// whose plan counts its units in pieces ([`crate::plan::pieces`]): a run stopped in the
/// middle of a unit loses at most about this much of its work.
const PIECE_INTERVAL: Duration = Duration::from_secs(60);

/// The counts of one board size, complete and cross-checked.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Counts {
    /// Board size.
    pub n: usize,
    /// The rules counted: the piece, the board and the group of the classes
    /// ([`Rules::QUEENS`] unless [`Counter::rules`] said otherwise).
    pub rules: Rules,
    /// Solutions (boards), OEIS A000170.
    pub total: u128,
    /// Classes under the group of the rules ([`Rules::group`]), by symmetry type; their sum
    /// ([`ClassCounts::total`]) is A002562 for the queens. Under the torus group a class's
    /// type is that of the turns that, with a shift, keep it.
    pub classes: ClassCounts,
    /// The classes by the number of boards in each, as (boards, classes) by increasing size,
    /// under the torus group (A054500–A054502: `[(26, 1), (52, 2), (338, 3), (676, 5)]` for
    /// queens on the 13×13 torus); empty under D4, whose sizes are the symmetry types'.
    pub orbits: Vec<(u128, u128)>,
    /// Boards unchanged by a half turn (A032522).
    pub fixed_half_turn: u128,
    /// Boards unchanged by a quarter turn (A033148).
    pub fixed_quarter_turn: u128,
    /// Partial boards the engine visited, in each engine's own notion of node: the plain
    /// tree's (A319283, 856,189 at n = 12) for [`Engine::Enumerate`], far fewer for the
    /// symmetric engine (its kernels' placements below the pre-placed queens).
    pub nodes: u128,
    /// The engine that counted.
    pub engine: Engine,
    /// The kernel it ran on (`scalar`, `avx512`).
    pub kernel: &'static str,
    /// The plan's identity (its split into units, with a version).
    pub plan: String,
    /// Threads used.
    pub threads: usize,
    /// Wall-clock seconds of this run (resumed units took their time in earlier runs).
    pub seconds: f64,
}

/// A run that counted every unit it was given: the sum of their tallies and how it was made.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Finished {
    /// Board size.
    pub n: usize,
    /// The rules counted ([`Plan::rules`]).
    pub rules: Rules,
    /// The engine that counted.
    pub engine: Engine,
    /// The kernel it ran on.
    pub kernel: &'static str,
    /// The plan's identity.
    pub plan: String,
    /// Whether the engine counted classes one by one as well as by Burnside's lemma.
    pub counts_classes_directly: bool,
    /// The part of the plan that was counted ([`Part::WHOLE`] for all of it).
    pub part: Part,
    /// The units of the part: counted now or resumed.
    pub units: usize,
    /// The units of the whole plan.
    pub plan_units: usize,
    /// Units taken from [`Counter::resume_from`] instead of being counted.
    pub resumed: usize,
    /// The sum of the units' tallies.
    pub tally: Tally,
    /// Threads used.
    pub threads: usize,
    /// Wall-clock seconds of this run.
    pub seconds: f64,
}

impl Finished {
    /// The complete counts, classes derived and cross-checked. A part other than the whole
    /// has no class counts of its own: merge the parts first (an [`Error::Options`]).
    pub fn counts(&self) -> Result<Counts, Error> {
        if self.part != Part::WHOLE {
            return Err(Error::Options(format!(
                "part {} of n = {} is not a whole result: merge all {} parts to get its counts",
                self.part,
                self.n,
                self.part.modulus()
            )));
        }
        let classes =
            self.tally
                .classes_under(self.rules.group(), self.n, self.counts_classes_directly)?;
        Ok(Counts {
            n: self.n,
            rules: self.rules,
            total: self.tally.boards,
            classes: classes.classes,
            orbits: classes.orbits,
            fixed_half_turn: self.tally.fixed_half_turn,
            fixed_quarter_turn: self.tally.fixed_quarter_turn,
            nodes: self.tally.nodes,
            engine: self.engine,
            kernel: self.kernel,
            plan: self.plan.clone(),
            threads: self.threads,
            seconds: self.seconds,
        })
    }
}

/// How a [`Counter`] run ended.
#[derive(Clone, Debug, PartialEq)]
#[allow(clippy::large_enum_variant)] // one per run: boxing would only add an allocation
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Outcome {
    /// Every unit was counted.
    Complete(Finished),
    /// The stop flag was set first: the units finished (earlier ones included) all went
    /// through the per-unit callback, so a journal of them resumes the run.
    Stopped {
        /// Units finished.
        finished: usize,
        /// Units in the run (0 when the stop came while the plan was being built).
        total: usize,
    },
}

/// The per-unit callback: the unit's id and tally, on the worker thread that counted it.
pub(crate) use crate::runner::OnUnit;

/// Counts board size `n` (0..=32) with the default engine (symmetric), the fastest kernel this
/// CPU runs, on every core. n = 0, the empty board, is counted by the enumerate engine (the
/// symmetric engine needs a border to start from; [`Counts::engine`] says which counted): one
/// board, one class fixed by all 8 symmetries, one node.
///
/// ```
/// let c = queens::count(8)?;
/// assert_eq!((c.total, c.classes.total()), (92, 12));
/// assert_eq!((c.classes.asymmetric, c.classes.half_turn, c.classes.quarter_turn), (11, 1, 0));
/// assert_eq!((c.fixed_half_turn, c.fixed_quarter_turn), (4, 0));
/// assert!(queens::count(33).is_err());
/// let empty = queens::count(0)?;
/// assert_eq!((empty.total, empty.classes.quarter_turn, empty.nodes), (1, 1, 1));
/// assert_eq!(empty.engine, queens::Engine::Enumerate);
/// # Ok::<(), queens::Error>(())
/// ```
pub fn count(n: usize) -> Result<Counts, Error> {
    Counter::new(n).count()
}

/// A count with every option: build it with [`Counter::new`], set what differs from the
/// defaults, then [`Counter::count`] (the complete counts) or [`Counter::run`] (how far it
/// got, for parts and stoppable runs).
///
/// ```
/// use queens::{Counter, Engine, KernelChoice, Outcome};
/// use queens::plan::Part;
///
/// // Every option at once: the plain engine, one thread.
/// let c = Counter::new(10).engine(Engine::Enumerate).threads(1).count()?;
/// assert_eq!((c.total, c.nodes), (724, 35_539));
///
/// // Part 1 of 3 of the symmetric plan, and a callback per finished unit.
/// let seen = std::sync::atomic::AtomicUsize::new(0);
/// let on_unit = |_id: usize, _t: &queens::plan::Tally, _took: std::time::Duration| {
///     seen.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
///     Ok(())
/// };
/// let part = Part::new(1, 3).map_err(queens::Error::Part)?;
/// let Outcome::Complete(done) = Counter::new(12)
///     .kernel(KernelChoice::Scalar)
///     .part(part)
///     .on_unit(&on_unit)
///     .run()?
/// else {
///     unreachable!("no stop flag was given")
/// };
/// assert_eq!(done.units, seen.into_inner());
/// assert!(done.counts().is_err()); // a part has no class counts of its own
/// # Ok::<(), queens::Error>(())
/// ```
#[derive(Clone, Copy)]
pub struct Counter<'a> {
    n: usize,
    rules: Rules,
    /// The engine asked for; `None`: the default engine that counts the rules
    /// ([`Counter::engine`]).
    engine: Option<Engine>,
    split: Split,
    kernel: KernelChoice,
    threads: Option<usize>,
    part: Part,
    done: Option<&'a BTreeMap<usize, Tally>>,
    on_unit: Option<OnUnit<'a>>,
    on_pieces: Option<OnPieceRun<'a>>,
    stop: Option<&'a StopFlag>,
    pieces: Option<PieceJournal<'a>>,
    /// The time between two journal lines of a long unit's pieces ([`PIECE_INTERVAL`]).
    piece_interval: Duration,
    checkpoint: Option<&'a Path>,
    partial: Option<&'a Partial>,
}

impl<'a> Counter<'a> {
    /// A count of board size `n` with the defaults of [`count`]; the size is checked when the
    /// count runs.
    pub fn new(n: usize) -> Counter<'a> {
        Counter {
            n,
            rules: Rules::QUEENS,
            engine: None,
            split: Split::default(),
            kernel: KernelChoice::Auto,
            threads: None,
            part: Part::WHOLE,
            done: None,
            on_unit: None,
            on_pieces: None,
            stop: None,
            pieces: None,
            piece_interval: PIECE_INTERVAL,
            checkpoint: None,
            partial: None,
        }
    }

    /// The rules to count (default [`Rules::QUEENS`]): rules the engine or its split does not
    /// count ([`Engine::supports`], [`Split::supports`]) are an [`Error::Options`] when the
    /// count runs, and a plan ([`Counter::run_plan`]) or checkpoint of other rules is refused.
    ///
    /// ```
    /// use queens::{Counter, rules::Rules};
    /// let c = Counter::new(8).rules(Rules::QUEENS).count()?;
    /// assert_eq!((c.rules, c.total), (Rules::QUEENS, 92));
    /// # Ok::<(), queens::Error>(())
    /// ```
    pub fn rules(mut self, rules: Rules) -> Self {
        self.rules = rules;
        self
    }

    /// The search engine (default [`Engine::Symmetric`], which counts every rule set today;
    /// for rules it would not count, the first engine that counts them). An engine asked for
    /// that does not count the rules is an [`Error::Options`] when the count runs.
    ///
    /// ```
    /// use queens::{Counter, Engine, rules::Rules};
    /// let c = Counter::new(10).rules(Rules::SUPERQUEENS).count()?;
    /// assert_eq!((c.engine, c.total, c.classes.total()), (Engine::Symmetric, 4, 1));
    /// let torus = Counter::new(7).rules(Rules::TORUS_QUEENS).count()?;
    /// assert_eq!((torus.engine, torus.total, torus.classes.total()), (Engine::Symmetric, 28, 1));
    /// let plain = Counter::new(11)
    ///     .rules(Rules::TORUS_SUPERQUEENS)
    ///     .engine(Engine::Enumerate)
    ///     .count()?;
    /// assert_eq!((plain.engine, plain.total, plain.classes.total()), (Engine::Enumerate, 44, 1));
    /// # Ok::<(), queens::Error>(())
    /// ```
    pub fn engine(mut self, engine: Engine) -> Self {
        self.engine = Some(engine);
        self
    }

    /// The engine the count runs: the one asked for, else the default engine if it counts
    /// the rules, else the first that does ([`Engine::supports`]).
    pub fn chosen_engine(&self) -> Engine {
        self.engine.unwrap_or_else(|| {
            std::iter::once(Engine::default())
                .chain(Engine::ALL)
                .find(|e| e.supports(&self.rules))
                .unwrap_or_default()
        })
    }

    /// How the symmetric engine splits the board into units (default [`Split::Ring`]; the
    /// enumerate engine has no splits and takes only the default: another is an
    /// [`Error::Options`] when the count runs).
    pub fn split(mut self, split: Split) -> Self {
        self.split = split;
        self
    }

    /// The counting kernel of the symmetric engine (default: the fastest this CPU runs). A
    /// kernel the CPU lacks is an [`Error::KernelUnavailable`] when the count runs.
    pub fn kernel(mut self, kernel: KernelChoice) -> Self {
        self.kernel = kernel;
        self
    }

    /// Threads to use at most (default: every core, see `runner::thread_count`), capped at 4
    /// per core (and 1,024), as the command line caps `--threads`: more would only wait on
    /// each other. 0 is an error when the count runs.
    pub fn threads(mut self, threads: usize) -> Self {
        self.threads = Some(threads);
        self
    }

    /// Counts only `part` of the plan's units (default: all of them).
    pub fn part(mut self, part: Part) -> Self {
        self.part = part;
        self
    }

    /// Units finished earlier, with their tallies (for example read back from a checkpoint
    /// journal): not counted again, but included in the sum. Ids outside the part are
    /// ignored.
    pub fn resume_from(mut self, done: &'a BTreeMap<usize, Tally>) -> Self {
        self.done = Some(done);
        self
    }

    /// Called once per newly finished unit with its id, tally and counting time, before it
    /// counts in the result (progress, a journal). An error stops the run (no new unit starts) and is returned as
    /// [`Error::Callback`].
    pub fn on_unit(mut self, on_unit: OnUnit<'a>) -> Self {
        self.on_unit = Some(on_unit);
        self
    }

    /// Called, in a count with a [`Counter::checkpoint`] whose plan counts long units in
    /// pieces ([`crate::plan::pieces`]), once per run of pieces journaled (the unit's id,
    /// the run, the time it took), after it is written: what a stop in the middle of a unit
    /// keeps. An error stops the run as [`Counter::on_unit`]'s does.
    pub fn on_pieces(mut self, on_pieces: OnPieceRun<'a>) -> Self {
        self.on_pieces = Some(on_pieces);
        self
    }

    /// A flag read between units and by the searches of the units running: once set, no new
    /// unit starts, the units running give up within a few milliseconds and are not counted
    /// (nor passed to [`Counter::on_unit`], nor journaled: a resumed run counts them again),
    /// and [`Counter::run`] returns [`Outcome::Stopped`].
    pub fn stop_flag(mut self, stop: &'a StopFlag) -> Self {
        self.stop = Some(stop);
        self
    }

    /// Journals every finished unit to the checkpoint at `path` and resumes the units it
    /// holds: run such a count with [`Counter::start`] ([`Counter::run`] and
    /// [`Counter::count`] refuse it with an [`Error::Options`] rather than ignore it).
    pub fn checkpoint(mut self, path: &'a Path) -> Self {
        self.checkpoint = Some(path);
        self
    }

    /// How often a count with a checkpoint journals what it has counted of a long unit (the
    /// runs of its pieces, [`crate::plan::pieces`], where its plan cuts units): a stop loses
    /// at most about this much of each unit in flight, and the plan cuts only the units it
    /// estimates to take longer, or whose pieces the checkpoint holds. Default: a minute;
    /// zero journals every piece.
    pub fn checkpoint_every(mut self, every: Duration) -> Self {
        self.piece_interval = every;
        self
    }

    /// The checkpoint given to [`Counter::checkpoint`].
    pub(crate) fn journal_path(&self) -> Option<&'a Path> {
        self.checkpoint
    }

    /// The same count without its checkpoint (what [`Counter::start`] runs once the journal
    /// is open).
    pub(crate) fn without_checkpoint(mut self) -> Self {
        self.checkpoint = None;
        self
    }

    /// The part given to [`Counter::part`].
    pub(crate) fn part_of(&self) -> Part {
        self.part
    }

    /// The pieces of long units: those a checkpoint holds and where new ones are journaled
    /// ([`crate::plan::pieces`]; a journaled run's, [`Counter::start`]).
    pub(crate) fn pieces(mut self, pieces: PieceJournal<'a>) -> Self {
        self.pieces = Some(pieces);
        self
    }

    /// The callback given to [`Counter::on_unit`].
    pub(crate) fn unit_callback(&self) -> Option<OnUnit<'a>> {
        self.on_unit
    }

    pub(crate) fn pieces_callback(&self) -> Option<OnPieceRun<'a>> {
        self.on_pieces
    }

    /// Given queens and blocked squares (a [`Partial`] board of this size and rules): the
    /// count is then of its completions, run with [`Counter::completions`] ([`Counter::run`],
    /// [`Counter::count`] and [`Counter::plan`] refuse it with an [`Error::Options`] rather
    /// than count the whole board). The engine picks the search: [`Engine::Enumerate`] the
    /// plain backtracking, the default the kernels (where the partial board fits them).
    ///
    /// ```
    /// use queens::{Counter, Engine, given::Partial, rules::Rules};
    /// let p = Partial::parse(8, Rules::QUEENS, "a8", "").unwrap();
    /// let c = Counter::new(8).given(&p).threads(1).completions()?;
    /// assert_eq!((c.total, c.classes, c.group.name().as_str()), (4, 2, "{id, transpose}"));
    /// let plain = Counter::new(8).given(&p).engine(Engine::Enumerate).completions()?;
    /// assert_eq!((plain.total, plain.nodes, plain.search), (4, 227, "plain"));
    /// assert!(Counter::new(8).given(&p).count().is_err());
    /// # Ok::<(), queens::Error>(())
    /// ```
    pub fn given(mut self, partial: &'a Partial) -> Self {
        self.partial = Some(partial);
        self
    }

    /// Counts the completions of the partial board of [`Counter::given`] (an
    /// [`Error::Options`] without one, or for one of another size or rules than the count's),
    /// with the kernel and threads asked for.
    pub fn completions(&self) -> Result<Completions, Error> {
        let Some(p) = self.partial else {
            return Err(Error::Options(
                "Counter::completions counts a partial board: give one with Counter::given"
                    .to_string(),
            ));
        };
        if (p.n(), p.rules()) != (self.n, self.rules) {
            return Err(Error::Options(format!(
                "the partial board is of n = {} under {}, the count of n = {} under {}",
                p.n(),
                p.rules(),
                self.n,
                self.rules
            )));
        }
        self.check_completion_options()?;
        let threads = match self.threads {
            Some(0) => return Err(Error::Options("threads must be at least 1".to_string())),
            Some(t) => runner::thread_count(Some(t)),
            None => runner::available_threads(),
        };
        // The plain search counts the completions of rules other than the queens': no kernel
        // is resolved for them (a `QUEENS_KERNEL` this CPU lacks does not stop it).
        let search = match self.chosen_engine() {
            Engine::Enumerate => Search::Plain,
            _ if !crate::given::kernels_count(&self.rules) => Search::Plain,
            _ => Search::Kernel(self.kernel.resolve()?),
        };
        Ok(p.count(search, threads))
    }

    /// Refuses the options a count of completions has no use for, rather than ignore them
    /// ([`Counter::completions`] calls it first): a split or a part (the completions are
    /// counted by one search, not split into units), a checkpoint, units to resume from, a
    /// callback per unit or a journal of pieces (there are no units), a stop flag (run it
    /// under [`StopFlag::watch`] instead), and a kernel other than `auto` for rules whose
    /// completions the plain search counts.
    ///
    /// ```
    /// use queens::{Counter, given::Partial, rules::Rules, search::kernel::KernelChoice};
    /// let p = Partial::parse(8, Rules::SUPERQUEENS, "a8", "").unwrap();
    /// let c = Counter::new(8).rules(Rules::SUPERQUEENS).given(&p);
    /// assert!(c.check_completion_options().is_ok());
    /// let e = c.kernel(KernelChoice::Scalar).completions().unwrap_err();
    /// assert!(e.to_string().contains("counted by the plain search"), "{e}");
    /// ```
    pub fn check_completion_options(&self) -> Result<(), Error> {
        let refused = if self.split != Split::default() {
            Some(format!(
                "a split ({}) is not taken with a partial board: its completions are counted \
                 by one search, not split into units",
                self.split.name()
            ))
        } else if self.part != Part::WHOLE {
            Some(format!(
                "a part ({}) is not taken with a partial board: its completions are counted \
                 whole",
                self.part
            ))
        } else if let Some(what) = [
            (self.checkpoint.is_some(), "Counter::checkpoint"),
            (self.done.is_some(), "Counter::resume_from"),
            (self.on_unit.is_some(), "Counter::on_unit"),
            (
                self.on_pieces.is_some() || self.pieces.is_some(),
                "Counter::on_pieces",
            ),
        ]
        .iter()
        .find_map(|&(asked, what)| asked.then_some(what))
        {
            Some(format!(
                "{what} is not taken with a partial board: its completions are counted by one \
                 search, with no units to journal or report"
            ))
        } else if self.stop.is_some() {
            Some(
                "Counter::stop_flag is not taken with a partial board: run Counter::completions \
                 under StopFlag::watch, which stops its searches on every thread"
                    .to_string(),
            )
        } else if self.kernel != KernelChoice::Auto && !crate::given::kernels_count(&self.rules) {
            Some(format!(
                "a kernel ({}) is not taken with a partial board of {}: its completions are \
                 counted by the plain search, which has no kernels",
                self.kernel.name(),
                self.rules
            ))
        } else {
            None
        };
        refused.map_or(Ok(()), |why| Err(Error::Options(why)))
    }

    /// The plan this count runs: its units, identity and kernel (for a journal that must name
    /// them before the run starts).
    ///
    /// Building it ignores [`Counter::stop_flag`]: the torus plan beyond board 32 walks the
    /// search from every start to list its units (board 40: some 15 CPU-seconds; board 64:
    /// many minutes), so a caller that must stop soon builds it under the flag's
    /// [`StopFlag::watch`], which returns `None` for a build the flag cut short.
    pub fn plan(&self) -> Result<Box<dyn Plan>, Error> {
        if self.partial.is_some() {
            return Err(Error::Options(
                "a count of given or blocked squares runs with Counter::completions".to_string(),
            ));
        }
        let engine = self.chosen_engine();
        runner::build::check_rules(engine, self.split, &self.rules)?;
        let kernel = self.kernel.resolve_for(engine)?;
        runner::build::build_rules(self.n, self.rules, engine, self.split, kernel)
    }

    /// Runs the count: every unit of the part, or until the stop flag is set (while the plan
    /// is being built too: [`Outcome::Stopped`] with no unit).
    pub fn run(&self) -> Result<Outcome, Error> {
        let plan = match self.stop {
            Some(stop) => match stop.watch(|| self.plan()) {
                Some(plan) => plan?,
                None => {
                    return Ok(Outcome::Stopped {
                        finished: 0,
                        total: 0,
                    });
                }
            },
            None => self.plan()?,
        };
        self.run_plan(plan.as_ref())
    }

    /// Refuses a plan this count would not make: another size, rules, engine or kernel (an
    /// [`Error::Options`] naming both), rather than count with it and report its engine and
    /// kernel in place of the ones asked for. With the kernel left to `auto`, the plan's
    /// kernel must be the one `auto` picks.
    pub(crate) fn check_plan(&self, plan: &dyn Plan) -> Result<(), Error> {
        if plan.rules() != self.rules {
            return Err(Error::Options(format!(
                "the plan counts the rules {}, the count asks for the rules {}",
                plan.rules(),
                self.rules
            )));
        }
        if plan.n() != self.n {
            return Err(Error::Options(format!(
                "the plan is for n = {}, the count for n = {}",
                plan.n(),
                self.n
            )));
        }
        // The empty board is counted by the enumerate plan whatever the engine.
        let engine = if self.n == 0 {
            Engine::Enumerate
        } else {
            self.chosen_engine()
        };
        if plan.engine() != engine {
            return Err(Error::Options(format!(
                "the plan is of the {} engine, the count asks for the {engine} engine",
                plan.engine()
            )));
        }
        let kernel = self.kernel.resolve_for(engine)?;
        if plan.kernel() != kernel.name() {
            return Err(Error::Options(format!(
                "the plan runs on the {} kernel, the count asks for the {} kernel",
                plan.kernel(),
                kernel.name()
            )));
        }
        Ok(())
    }

    /// Runs the count on `plan`, made by [`Counter::plan`]: a plan of another size, engine or
    /// kernel is an [`Error::Options`], and so is a count with a [`Counter::checkpoint`]
    /// (run it with [`Counter::start`]).
    pub fn run_plan(&self, plan: &dyn Plan) -> Result<Outcome, Error> {
        if let Some(path) = self.checkpoint {
            return Err(Error::Options(format!(
                "a count with the checkpoint '{}' runs with Counter::start",
                path.display()
            )));
        }
        self.check_plan(plan)?;
        let threads = match self.threads {
            Some(0) => return Err(Error::Options("threads must be at least 1".to_string())),
            Some(t) => runner::thread_count(Some(t)),
            None => runner::available_threads(),
        };
        let ids = self.part.ids(plan.unit_count());
        let none = BTreeMap::new();
        let control = RunControl {
            done: self.done.unwrap_or(&none),
            on_unit: self.on_unit.unwrap_or(&|_, _, _| Ok(())),
            stop: self.stop,
            pieces: self.pieces,
        };
        let end = runner::run_units_with(plan, &ids, &RunOptions { threads }, &control)?;
        Ok(match end {
            RunEnd::Complete(outcome) => Outcome::Complete(Finished {
                n: plan.n(),
                rules: plan.rules(),
                engine: plan.engine(),
                kernel: plan.kernel(),
                plan: plan.identity(),
                counts_classes_directly: plan.counts_classes_directly(),
                part: self.part,
                units: outcome.units,
                plan_units: plan.unit_count(),
                resumed: outcome.resumed,
                tally: outcome.tally,
                threads: outcome.threads,
                seconds: outcome.seconds,
            }),
            RunEnd::Stopped { finished, total } => Outcome::Stopped { finished, total },
        })
    }

    /// Runs the count to the end and returns the complete counts: the whole plan must be
    /// counted (an [`Error::Options`] for a part, or when the stop flag was set).
    pub fn count(&self) -> Result<Counts, Error> {
        match self.run()? {
            Outcome::Complete(done) => done.counts(),
            Outcome::Stopped { finished, total } => Err(Error::Options(format!(
                "n = {}: stopped after {finished} of {total} units",
                self.n
            ))),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Rules whose public fields name the torus group on the plane board (which
    /// [`Rules::under`] refuses) are refused with an error at every entry point, never a
    /// panic nor a count under a group that does not keep the board (`count_fixed`: in its
    /// own tests).
    #[test]
    fn rules_of_a_group_the_board_lacks_are_refused_at_every_entry() {
        use crate::rules::{Group, Piece, Surface};
        let odd = Rules {
            piece: Piece::Queen,
            surface: Surface::Plane,
            group: Group::Torus,
        };
        let why = "the torus group keeps the solutions of the torus board only";
        for engine in Engine::ALL {
            let e = Counter::new(8).rules(odd).engine(engine).threads(1).count();
            assert!(
                matches!(&e, Err(Error::Options(m)) if m.contains(why)),
                "{engine:?}: {:?}",
                e.err()
            );
        }
        let board: crate::board::Solution = "0 4 7 5 2 6 1 3".parse().unwrap();
        let e = crate::classify::classify_under(&board, &odd).unwrap_err();
        assert!(e.to_string().contains(why), "{e}");
        let e = crate::given::Partial::parse(8, odd, "a8", "").unwrap_err();
        assert!(e.to_string().contains(why), "{e}");
    }

    /// A count of completions refuses what it has no use for rather than ignore it: a
    /// checkpoint, units to resume from, a callback per unit, a stop flag.
    #[test]
    fn completions_refuse_the_options_of_a_count_in_units() {
        let p = crate::given::Partial::parse(8, Rules::QUEENS, "a8", "").unwrap();
        let base = Counter::new(8).given(&p).threads(1);
        assert_eq!(base.completions().unwrap().total, 4);
        let d = tempfile::tempdir().unwrap();
        let path = d.path().join("c.ckpt");
        let done = BTreeMap::new();
        let on_unit = |_: usize, _: &Tally, _: Duration| Ok(());
        let stop = StopFlag::new();
        let refused = [
            (
                base.checkpoint(&path),
                "Counter::checkpoint is not taken with a partial board: its completions",
            ),
            (base.resume_from(&done), "Counter::resume_from is not taken"),
            (base.on_unit(&on_unit), "Counter::on_unit is not taken"),
            (
                base.stop_flag(&stop),
                "run Counter::completions under StopFlag::watch",
            ),
        ];
        for (counter, why) in refused {
            let e = counter.completions().unwrap_err();
            assert!(matches!(&e, Error::Options(m) if m.contains(why)), "{e}");
        }
        assert!(!path.exists(), "no journal written");
    }

    #[test]
    fn counts_name_their_rules_and_a_count_refuses_rules_or_plans_it_does_not_count() {
        use crate::rules::TEST_RULES;
        use crate::search::engines::enumerate::EnumeratePlan;
        for engine in Engine::ALL {
            let queens = Counter::new(8).engine(engine).threads(1).count().unwrap();
            assert_eq!((queens.rules, queens.total), (Rules::QUEENS, 92));
        }
        // The superqueens on the torus: the symmetric engine's torus plan counts them (left
        // to choose, the count takes it); a split that does not count them is refused in one
        // line naming them, before any plan is made.
        {
            let rules = &Rules::TORUS_SUPERQUEENS;
            let auto = Counter::new(11).rules(*rules).threads(1);
            assert_eq!(auto.chosen_engine(), Engine::Symmetric);
            let counts = auto.count().unwrap();
            assert_eq!((counts.rules, counts.engine), (*rules, Engine::Symmetric));
            assert_eq!(counts.plan, format!("symmetric-torus-slopes2-v2+{rules}"));
            assert_eq!((counts.total, counts.classes.total()), (44, 1));
            let e = Counter::new(8)
                .engine(Engine::Symmetric)
                .split(Split::OuterRing)
                .rules(*rules)
                .count();
            let Err(Error::Options(e)) = e else {
                panic!("{e:?}")
            };
            assert!(!e.contains('\n') && e.contains("superqueen-torus"), "{e}");
        }
        assert_eq!(Counter::new(8).chosen_engine(), Engine::Symmetric);
        // A plan of other rules is not counted as the queens', nor the queens' as theirs.
        let scalar = Counter::new(7).engine(Engine::Enumerate).threads(1);
        let other = EnumeratePlan::under(TEST_RULES, 7);
        let Err(Error::Options(e)) = scalar.run_plan(&other) else {
            panic!("a plan of other rules was counted")
        };
        assert_eq!(
            e,
            "the plan counts the rules queen-torus, the count asks for the rules queen-plane"
        );
        let queens = EnumeratePlan::new(7);
        assert!(scalar.rules(TEST_RULES).run_plan(&queens).is_err());
        // Given its own plan, the count of other rules counts them and says so: the 7×7
        // torus has 28 solutions (the plane 40) in 1 class under the torus group (the plane 6
        // under D4).
        let Outcome::Complete(done) = scalar.rules(TEST_RULES).run_plan(&other).unwrap() else {
            panic!("no stop flag")
        };
        let counts = done.counts().unwrap();
        assert_eq!((counts.rules, counts.total), (TEST_RULES, 28));
        assert_eq!(
            (counts.classes.total(), counts.orbits.clone()),
            (1, vec![(28, 1)])
        );
        assert_eq!(counts.plan, "enumerate-prefix3-v1+queen-torus");
    }

    #[test]
    fn bad_sizes_threads_and_kernels_are_errors() {
        for n in [33, 1000] {
            let e = count(n).unwrap_err();
            assert_eq!(e.to_string(), format!("board size {n} is outside 0 to 32"));
        }
        let e = Counter::new(8).threads(0).count().unwrap_err();
        assert_eq!(e.to_string(), "threads must be at least 1");
        // Threads beyond 4 per core are capped, as the command line caps them.
        let c = Counter::new(8).threads(5000).count().unwrap();
        assert_eq!((c.total, c.threads), (92, runner::max_threads()));
        // Every kernel this CPU lacks is an error, whatever the CPU (neon or avx2 is missing
        // on every machine).
        let missing: Vec<_> = crate::search::kernel::Kernel::ALL
            .iter()
            .filter(|k| !k.is_available())
            .collect();
        assert!(!missing.is_empty());
        for &kernel in missing {
            let e = Counter::new(8).kernel(kernel.into()).count().unwrap_err();
            assert!(matches!(e, Error::KernelUnavailable { .. }), "{e}");
            assert!(e.to_string().contains("which this CPU lacks"), "{e}");
        }
    }

    #[test]
    fn the_empty_board_is_counted_by_the_enumerate_search_whatever_the_engine() {
        for engine in Engine::ALL {
            let c = Counter::new(0).engine(engine).threads(2).count().unwrap();
            assert_eq!((c.n, c.total, c.nodes), (0, 1, 1), "{engine}");
            assert_eq!((c.fixed_half_turn, c.fixed_quarter_turn), (1, 1));
            assert_eq!(
                c.classes,
                ClassCounts {
                    quarter_turn: 1,
                    ..ClassCounts::default()
                }
            );
            assert_eq!((c.engine, c.threads), (Engine::Enumerate, 1));
        }
    }

    #[test]
    fn a_stop_flag_set_before_the_run_stops_it_at_once() {
        let stop = StopFlag::new();
        stop.request();
        let out = Counter::new(10).stop_flag(&stop).run().unwrap();
        assert!(
            matches!(out, Outcome::Stopped { finished: 0, .. }),
            "{out:?}"
        );
    }

    #[test]
    fn a_stop_flag_set_stops_the_listing_of_a_torus_plan_beyond_32() {
        // Board 40's plan takes some 15 CPU-seconds to list its units: a stop ends it first.
        let stop = StopFlag::new();
        stop.request();
        let count = Counter::new(40).rules(Rules::TORUS_QUEENS).threads(1);
        let out = count.stop_flag(&stop).run().unwrap();
        let stopped = Outcome::Stopped {
            finished: 0,
            total: 0,
        };
        assert_eq!(out, stopped);
    }

    #[test]
    fn the_timed_callback_sees_every_unit_and_the_order_does_not_change_the_sum() {
        let seen = std::sync::Mutex::new(Vec::new());
        let timed = |id: usize, _: &Tally, _: std::time::Duration| {
            seen.lock().unwrap().push(id);
            Ok(())
        };
        let counter = Counter::new(11).kernel(KernelChoice::Scalar);
        let plan = counter.plan().unwrap();
        let one = counter.threads(1).on_unit(&timed).count().unwrap();
        let seen = seen.into_inner().unwrap();
        // One thread takes the units in the order they are handed out: largest estimate
        // first (so not in id order), every unit once.
        let work: Vec<u64> = seen.iter().map(|&id| plan.estimated_work(id)).collect();
        assert!(work.windows(2).all(|w| w[0] >= w[1]), "{work:?}");
        assert_ne!(seen, (0..plan.unit_count()).collect::<Vec<_>>());
        let mut sorted = seen.clone();
        sorted.sort_unstable();
        assert_eq!(sorted, (0..plan.unit_count()).collect::<Vec<_>>());
        let three = counter.threads(3).count().unwrap();
        let key = |c: &Counts| {
            (
                c.total,
                c.classes,
                c.nodes,
                c.fixed_half_turn,
                c.fixed_quarter_turn,
            )
        };
        assert_eq!(key(&one), key(&three));
        assert_eq!(one.total, 2680);
    }

    #[test]
    fn a_plan_of_another_engine_kernel_or_size_is_refused_not_reported_as_asked() {
        let symmetric = Counter::new(9).kernel(KernelChoice::Scalar);
        let enumerate = Counter::new(9).engine(Engine::Enumerate);
        let plan = enumerate.plan().unwrap();
        let e = symmetric.run_plan(plan.as_ref()).unwrap_err();
        assert_eq!(
            e.to_string(),
            "the plan is of the enumerate engine, the count asks for the symmetric engine"
        );
        assert!(enumerate.run_plan(plan.as_ref()).is_ok());
        let e = Counter::new(10).run_plan(plan.as_ref()).unwrap_err();
        assert_eq!(e.to_string(), "the plan is for n = 9, the count for n = 10");
        // Another kernel than the one asked for, where this CPU has one.
        let scalar_plan = symmetric.plan().unwrap();
        if let Some(other) = crate::search::kernel::Kernel::ALL
            .iter()
            .find(|k| k.is_available() && k.name() != "scalar")
        {
            let e = Counter::new(9)
                .kernel((*other).into())
                .run_plan(scalar_plan.as_ref())
                .unwrap_err();
            assert!(e.to_string().contains("runs on the scalar kernel"), "{e}");
        }
        // The empty board's plan is the enumerate one, whatever the engine asked for.
        let empty = Counter::new(0).kernel(KernelChoice::Scalar);
        let plan = empty.plan().unwrap();
        assert!(matches!(
            empty.run_plan(plan.as_ref()).unwrap(),
            Outcome::Complete(_)
        ));
        // A checkpoint is not silently ignored by run.
        let path = std::path::Path::new("never-written.ckpt");
        let e = symmetric.checkpoint(path).run().unwrap_err();
        assert!(e.to_string().contains("runs with Counter::start"), "{e}");
        assert!(!path.exists());
    }

    #[test]
    fn the_split_chooses_the_plan() {
        for split in Split::ALL {
            let counter = Counter::new(12).kernel(KernelChoice::Scalar).split(split);
            let plan = counter.plan().unwrap();
            let other = runner::build_split(
                12,
                Engine::Symmetric,
                split,
                crate::search::kernel::Kernel::Scalar,
            )
            .unwrap();
            assert_eq!(plan.identity(), other.identity());
            assert_eq!(counter.count().unwrap().total, 14_200);
        }
        assert_ne!(
            Counter::new(12).plan().unwrap().identity(),
            Counter::new(12)
                .split(Split::Border)
                .plan()
                .unwrap()
                .identity()
        );
        let e = Counter::new(8)
            .engine(Engine::Enumerate)
            .split(Split::Border)
            .count()
            .unwrap_err();
        assert!(matches!(e, Error::Options(_)), "{e}");
    }

    #[test]
    fn resumed_units_count_in_the_sum_without_being_counted_again() {
        let counter = Counter::new(9).threads(1);
        let plan = counter.plan().unwrap();
        let done: BTreeMap<usize, Tally> = (0..plan.unit_count())
            .step_by(2)
            .map(|id| (id, plan.count_unit(id)))
            .collect();
        let calls = std::sync::atomic::AtomicUsize::new(0);
        let on_unit = |_: usize, _: &Tally, _: std::time::Duration| {
            calls.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            Ok(())
        };
        let Outcome::Complete(f) = counter
            .resume_from(&done)
            .on_unit(&on_unit)
            .run_plan(plan.as_ref())
            .unwrap()
        else {
            panic!("not stopped")
        };
        assert_eq!(f.resumed, done.len());
        assert_eq!(calls.into_inner(), plan.unit_count() - done.len());
        assert_eq!(f.counts().unwrap().total, 352);
    }
}
