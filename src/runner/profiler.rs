//! Profiles of the search trees (nodes per depth), run as counts are: a profile is a plan
//! (`PlainProfilePlan`, `SymmetricProfilePlan`) whose units the runner counts
//! ([`super::run_units_with`]), on threads, largest estimate first, each reported as it
//! finishes, stopped soon when asked (the units running give up).
//!
//! ```
//! use queens::plan::Engine;
//! use queens::runner::profiler::{Profiled, Profiler};
//! use queens::search::profile::ProfileEnd;
//!
//! let ProfileEnd::Complete(Profiled::Plain(p)) = Profiler::new(8).threads(2).run()? else {
//!     unreachable!("no stop flag was given");
//! };
//! let nodes: Vec<u128> = p.depths.iter().map(|d| d.nodes).collect();
//! assert_eq!(nodes, [1, 8, 42, 140, 344, 568, 550, 312, 92]); // A319284
//!
//! let ProfileEnd::Complete(Profiled::Symmetric(sp)) =
//!     Profiler::new(8).engine(Engine::Symmetric).run()?
//! else {
//!     unreachable!("the symmetric engine's profile");
//! };
//! assert_eq!(sp.weighted_solutions, 92);
//! # Ok::<(), queens::Error>(())
//! ```

use super::build::check_size;
use super::{OnUnit, RunControl, RunEnd, RunOptions, available_threads, run_units_with};
use crate::error::Error;
use crate::plan::{Engine, Plan};
use crate::rules::{Rules, unsupported};
use crate::search::profile::SymmetricProfile;
use crate::search::profile::symmetric::SymmetricProfilePlan;
use crate::search::profile::{PlainProfilePlan, Profile, ProfileEnd};
use crate::verify::{verify_profile_under, verify_symmetric_profile};
use std::collections::BTreeMap;

/// The plan of one engine's profile ([`Profiler::plan`]), for [`Profiler::run_plan`].
pub struct ProfilePlan(EnginePlan);

/// The plan of one engine's profile, per engine.
enum EnginePlan {
    /// The plain backtracking tree ([`Engine::Enumerate`]).
    Plain(PlainProfilePlan),
    /// The symmetric engine's orbit searches ([`Engine::Symmetric`]).
    Symmetric(SymmetricProfilePlan),
}

impl ProfilePlan {
    /// The plan's units, as the runner sees them (their number and estimated work).
    pub fn as_plan(&self) -> &dyn Plan {
        match &self.0 {
            EnginePlan::Plain(p) => p,
            EnginePlan::Symmetric(p) => p,
        }
    }

    /// The profile, once every unit has been counted; `None` before.
    pub fn profiled(&self) -> Option<Profiled> {
        match &self.0 {
            EnginePlan::Plain(p) => p.profile().map(Profiled::Plain),
            EnginePlan::Symmetric(p) => p.profile().map(Profiled::Symmetric),
        }
    }
}

/// A finished profile, per engine.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Profiled {
    /// Nodes per depth of the plain backtracking tree.
    Plain(Profile),
    /// Nodes per depth of the symmetric engine's orbit searches, and the total they stand for.
    Symmetric(SymmetricProfile),
}

impl Profiled {
    /// The nodes per depth.
    pub fn profile(&self) -> &Profile {
        match self {
            Profiled::Plain(p) => p,
            Profiled::Symmetric(sp) => &sp.profile,
        }
    }

    /// The profile checked against the published values of `rules` (moved from the binary,
    /// whose outputs carry the text): the profile, its `verified:` text, and the disagreement
    /// if there is one (the text is then `MISMATCH: ` and it). The plain tree is checked as
    /// [`verify_profile_under`] does, the symmetric engine's by its solutions weighted by
    /// their orbit sizes ([`verify_symmetric_profile`]); `unknown (…)` where nothing is
    /// published.
    pub fn verified(self, rules: &Rules) -> (Profile, String, Option<String>) {
        let (profile, check, yes, unknown) = match self {
            Profiled::Plain(p) => {
                let check = verify_profile_under(&p, rules);
                let yes = if rules.is_queens() {
                    "yes (sum A319283, last depth A000170)".to_string()
                } else {
                    format!("yes (last depth = the published total of {rules})")
                };
                (p, check, yes, "unknown (no published node count)")
            }
            Profiled::Symmetric(sp) => {
                let check = verify_symmetric_profile(&sp);
                let weighted = sp.weighted_solutions;
                let yes = format!("yes (solutions × orbit sizes = {weighted} = A000170)");
                (sp.profile, check, yes, "unknown (no published total)")
            }
        };
        match check {
            Ok(true) => (profile, yes, None),
            Ok(false) => (profile, unknown.to_string(), None),
            Err(e) => (profile, format!("MISMATCH: {e}"), Some(e)),
        }
    }
}

/// A profile of one board size, configured step by step, as [`crate::Counter`] configures a
/// count (see the [module documentation](self)).
#[derive(Clone, Copy)]
pub struct Profiler<'a> {
    n: usize,
    engine: Engine,
    rules: Rules,
    threads: Option<usize>,
    on_unit: Option<OnUnit<'a>>,
    stop: Option<&'a crate::plan::stop::StopFlag>,
}

impl<'a> Profiler<'a> {
    /// A profile of board size `n` (1..=32, checked when it runs) of the plain tree
    /// ([`Engine::Enumerate`]) on every core.
    pub fn new(n: usize) -> Profiler<'a> {
        Profiler {
            n,
            engine: Engine::Enumerate,
            rules: Rules::QUEENS,
            threads: None,
            on_unit: None,
            stop: None,
        }
    }

    /// Whose tree: the plain backtracking tree ([`Engine::Enumerate`], the default) or the
    /// symmetric engine's orbit searches ([`Engine::Symmetric`]).
    pub fn engine(mut self, engine: Engine) -> Self {
        self.engine = engine;
        self
    }

    /// The rules whose tree is profiled (default [`Rules::QUEENS`]); the symmetric engine's
    /// profile is of queens on the plane only (another rule set is an error when it runs).
    pub fn rules(mut self, rules: Rules) -> Self {
        self.rules = rules;
        self
    }

    /// The rules profiled ([`Profiler::rules`]).
    pub fn rules_profiled(&self) -> Rules {
        self.rules
    }

    /// Threads to use at most (default: every core). 0 is an error when the profile runs.
    pub fn threads(mut self, threads: usize) -> Self {
        self.threads = Some(threads);
        self
    }

    /// Called once per finished unit with its id, tally (its solutions as `boards`, its
    /// nodes) and counting time, on the worker thread that counted it (progress). An error
    /// stops the run (no new unit starts) and is returned as [`Error::Callback`].
    pub fn on_unit(mut self, on_unit: OnUnit<'a>) -> Self {
        self.on_unit = Some(on_unit);
        self
    }

    /// A flag read between units and by the searches of the units running: once set, no new
    /// unit starts, the units running give up within a few milliseconds (and are not passed to
    /// [`Profiler::on_unit`]), and the run ends [`ProfileEnd::Stopped`] (a part of a tree's
    /// depths is not its profile).
    pub fn stop_flag(mut self, stop: &'a crate::plan::stop::StopFlag) -> Self {
        self.stop = Some(stop);
        self
    }

    /// The plan this profile runs: its units and their estimated work (for progress that must
    /// know them before the run starts).
    pub fn plan(&self) -> Result<ProfilePlan, Error> {
        check_size(self.n)?;
        Ok(match self.engine {
            Engine::Enumerate => ProfilePlan(EnginePlan::Plain(PlainProfilePlan::under(
                self.rules, self.n,
            ))),
            Engine::Symmetric if !self.rules.is_queens() => {
                return Err(Error::Options(unsupported(
                    "the symmetric engine's profile",
                    &self.rules,
                )));
            }
            Engine::Symmetric => {
                ProfilePlan(EnginePlan::Symmetric(SymmetricProfilePlan::new(self.n)))
            }
        })
    }

    /// Runs the profile: every unit, or until the stop flag is set.
    pub fn run(&self) -> Result<ProfileEnd<Profiled>, Error> {
        self.run_plan(&self.plan()?)
    }

    /// Runs the profile on `plan`, made by [`Profiler::plan`] (a plan of another size is an
    /// [`Error::Options`]).
    pub fn run_plan(&self, plan: &ProfilePlan) -> Result<ProfileEnd<Profiled>, Error> {
        let units = plan.as_plan();
        if units.n() != self.n {
            return Err(Error::Options(format!(
                "the plan is for n = {}, the profile for n = {}",
                units.n(),
                self.n
            )));
        }
        let threads = match self.threads {
            Some(0) => return Err(Error::Options("threads must be at least 1".to_string())),
            Some(t) => super::thread_count(Some(t)),
            None => available_threads(),
        };
        let ids: Vec<usize> = (0..units.unit_count()).collect();
        let none = BTreeMap::new();
        let control = RunControl {
            done: &none,
            on_unit: self.on_unit.unwrap_or(&|_, _, _| Ok(())),
            stop: self.stop,
            pieces: None,
        };
        match run_units_with(units, &ids, &RunOptions { threads }, &control)? {
            RunEnd::Complete(_) => plan.profiled().map(ProfileEnd::Complete).ok_or_else(|| {
                Error::Options("a complete run left a unit of the profile uncounted".to_string())
            }),
            RunEnd::Stopped { finished, total } => Ok(ProfileEnd::Stopped { finished, total }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::plan::stop::StopFlag;
    use crate::plan::tally::Tally;
    use crate::search::engines::enumerate::EnumeratePlan;
    use crate::search::profile::plain_profile;
    use std::sync::Mutex;
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::time::Duration;

    fn complete(end: ProfileEnd<Profiled>) -> Profiled {
        end.complete().expect("no stop flag was set")
    }

    #[test]
    fn a_profile_is_verified_against_the_published_values() {
        let plain = complete(Profiler::new(8).run().unwrap());
        let (mut p, text, mismatch) = plain.verified(&Rules::QUEENS);
        assert_eq!(
            (text.as_str(), mismatch),
            ("yes (sum A319283, last depth A000170)", None)
        );
        let symmetric = complete(Profiler::new(8).engine(Engine::Symmetric).run().unwrap());
        let (_, text, mismatch) = symmetric.verified(&Rules::QUEENS);
        let yes = "yes (solutions × orbit sizes = 92 = A000170)";
        assert_eq!((text.as_str(), mismatch), (yes, None));
        p.depths.last_mut().unwrap().solutions += 1;
        let (_, text, mismatch) = Profiled::Plain(p).verified(&Rules::QUEENS);
        let mismatch = mismatch.expect("93 solutions of n = 8 disagree with A000170");
        assert_eq!(text, format!("MISMATCH: {mismatch}"));
    }

    #[test]
    fn profiles_do_not_depend_on_the_threads() {
        for engine in Engine::ALL {
            let one = complete(Profiler::new(11).engine(engine).threads(1).run().unwrap());
            let four = complete(Profiler::new(11).engine(engine).threads(4).run().unwrap());
            assert_eq!(one, four, "{engine}");
        }
        let Profiled::Plain(p) = complete(Profiler::new(11).threads(3).run().unwrap()) else {
            panic!("the plain tree's profile");
        };
        assert_eq!(p, plain_profile(11));
    }

    #[test]
    fn every_unit_is_reported_once_with_its_solutions() {
        let n = 9;
        let seen = Mutex::new(Vec::new());
        let on_unit = |id: usize, t: &Tally, _: Duration| {
            seen.lock().unwrap().push((id, t.boards));
            Ok(())
        };
        let profiler = Profiler::new(n).threads(3).on_unit(&on_unit);
        complete(profiler.run().unwrap());
        let mut seen = seen.into_inner().unwrap();
        seen.sort();
        let plan = EnumeratePlan::new(n);
        assert_eq!(seen.len(), plan.unit_count());
        for (i, &(id, solutions)) in seen.iter().enumerate() {
            assert_eq!(id, i);
            assert_eq!(solutions, plan.count_unit(i).boards, "unit {i}");
        }
    }

    #[test]
    fn a_stopped_profile_gives_no_profile_and_says_how_far_it_got() {
        for engine in Engine::ALL {
            let stop = StopFlag::new();
            let done = AtomicUsize::new(0);
            // One thread: the flag is read before each unit, so exactly 5 finish.
            let on_unit = |_: usize, _: &Tally, _: Duration| {
                if done.fetch_add(1, Ordering::SeqCst) + 1 == 5 {
                    stop.request();
                }
                Ok(())
            };
            let profiler = Profiler::new(10).engine(engine).threads(1);
            let total = profiler.plan().unwrap().as_plan().unit_count();
            let end = profiler.on_unit(&on_unit).stop_flag(&stop).run().unwrap();
            assert_eq!(end, ProfileEnd::Stopped { finished: 5, total }, "{engine}");
            // Set before the start: nothing is counted.
            let end = profiler.threads(2).stop_flag(&stop).run().unwrap();
            assert_eq!(end, ProfileEnd::Stopped { finished: 0, total }, "{engine}");
        }
    }

    #[test]
    fn the_plain_profile_follows_the_rules_and_the_symmetric_one_refuses_them() {
        let run = |rules| complete(Profiler::new(11).rules(rules).threads(2).run().unwrap());
        // The last depth is the rules' solutions: A051223 (44) and A051906 (88) at n = 11.
        let last = |p: Profiled| p.profile().depths.last().unwrap().nodes;
        assert_eq!(last(run(Rules::SUPERQUEENS)), 44);
        assert_eq!(last(run(Rules::TORUS_QUEENS)), 88);
        assert_eq!(last(run(Rules::QUEENS)), 2680);
        let symmetric = Profiler::new(8)
            .engine(Engine::Symmetric)
            .rules(Rules::SUPERQUEENS);
        assert!(matches!(symmetric.plan(), Err(Error::Options(_))));
    }

    #[test]
    fn sizes_and_threads_out_of_range_are_errors() {
        for n in [0, 33] {
            let e = Profiler::new(n).run().unwrap_err();
            assert_eq!(e.to_string(), format!("board size {n} is outside 1 to 32"));
        }
        assert!(Profiler::new(8).threads(0).run().is_err());
        let plan = Profiler::new(8).plan().unwrap();
        assert!(Profiler::new(9).run_plan(&plan).is_err());
    }
}
