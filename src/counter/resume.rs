//! A count journaled to a checkpoint: the units a checkpoint already holds are resumed (not
//! counted again), every newly finished unit is appended to it before it counts in the result,
//! and the earlier runs' counting time is included in the result's seconds.
//!
//! Build a [`Counter`] with [`Counter::checkpoint`], then [`Counter::start`] a [`Journaled`] run
//! on its plan: before it runs it says what the checkpoint held (for progress and notices), and
//! [`Journaled::run`] counts the rest, returning how far it got ([`Outcome`]).
//!
//! ```
//! use queens::{Counter, KernelChoice, Outcome};
//! use queens::plan::stop::StopFlag;
//!
//! let dir = std::env::temp_dir().join(format!("queens-doc-resume-{}", std::process::id()));
//! std::fs::create_dir_all(&dir)?;
//! let path = dir.join("n10.ckpt");
//! let counter = Counter::new(10).kernel(KernelChoice::Scalar).threads(1);
//! let plan = counter.plan()?;
//!
//! // A run stopped after its first unit: that unit is in the journal.
//! let stop = StopFlag::new();
//! let first = |_: usize, _: &queens::plan::Tally, _: std::time::Duration| {
//!     stop.request();
//!     Ok(())
//! };
//! let run = counter.checkpoint(&path).stop_flag(&stop).on_unit(&first).start(plan.as_ref())?;
//! assert!(matches!(run.run()?, Outcome::Stopped { finished: 1, .. }));
//! drop(run);
//!
//! // The same count again resumes it and ends with the uninterrupted counts.
//! let run = counter.checkpoint(&path).start(plan.as_ref())?;
//! assert_eq!(run.resumed(), 1);
//! let Outcome::Complete(done) = run.run()? else { unreachable!("no stop flag") };
//! assert_eq!((done.resumed, done.counts()?.total), (1, 724));
//! # drop(run);
//! # std::fs::remove_dir_all(&dir)?;
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use super::{Counter, Outcome};
use crate::error::Error;
use crate::plan::pieces::PieceRun;
use crate::plan::{Plan, Tally};
use crate::runner::PieceJournal;
use crate::storage::checkpoint::{Checkpoint, CheckpointError, RunIdentity};
use std::collections::BTreeMap;
use std::io;
use std::time::Duration;

/// Why a journaled run failed.
#[derive(Debug, thiserror::Error)]
pub enum ResumeError {
    /// The checkpoint cannot be used: another run's (n, engine, plan or part), locked by a
    /// running count, not a checkpoint, or unreadable ([`CheckpointError::is_usage`] and
    /// [`CheckpointError::is_io`] tell which).
    #[error(transparent)]
    Checkpoint(#[from] CheckpointError),
    /// A finished unit could not be appended to the journal (a full disk, a file system gone
    /// read-only): the units saved before it are kept.
    #[error("cannot append to the checkpoint '{path}': {source}")]
    Record {
        /// The checkpoint.
        path: String,
        /// What the write said.
        source: io::Error,
    },
    /// The journal could not be synced to disk at the end of the run.
    #[error("cannot sync the checkpoint '{path}': {source}")]
    Sync {
        /// The checkpoint.
        path: String,
        /// What the sync said.
        source: io::Error,
    },
    /// The count itself failed (options, threads, tallies).
    #[error(transparent)]
    Count(#[from] Error),
}

/// A count of one plan ready to run, with its checkpoint (if any) read back: see the
/// [module](self).
pub struct Journaled<'p, 'a> {
    counter: Counter<'a>,
    plan: &'p dyn Plan,
    journal: Option<Checkpoint>,
    ids: Vec<usize>,
    resumed: usize,
}

impl<'a> Counter<'a> {
    /// Opens the count on `plan` (made by [`Counter::plan`]): with a [`Counter::checkpoint`],
    /// the journal is opened (created if missing, locked while the run lasts) and the units it
    /// holds are resumed. A checkpoint of another run (another n, engine, plan or part) is
    /// refused ([`ResumeError::Checkpoint`]).
    pub fn start<'p>(&self, plan: &'p dyn Plan) -> Result<Journaled<'p, 'a>, ResumeError> {
        self.check_plan(plan)?;
        let journal = match self.journal_path() {
            None => None,
            Some(path) => Some(Checkpoint::open(
                path,
                &RunIdentity::of(plan, self.part_of()),
            )?),
        };
        let ids = self.part_of().ids(plan.unit_count());
        let resumed = journal.as_ref().map_or(0, |j| {
            ids.iter().filter(|id| j.done().contains_key(id)).count()
        });
        Ok(Journaled {
            counter: self.without_checkpoint(),
            plan,
            journal,
            ids,
            resumed,
        })
    }
}

impl Journaled<'_, '_> {
    /// The checkpoint, if the count has one.
    pub fn checkpoint(&self) -> Option<&Checkpoint> {
        self.journal.as_ref()
    }

    /// The units of the count's part, resumed or not.
    pub fn units(&self) -> &[usize] {
        &self.ids
    }

    /// How many of [`Journaled::units`] the checkpoint already holds.
    pub fn resumed(&self) -> usize {
        self.resumed
    }

    /// The units still to count, in id order.
    pub fn todo(&self) -> Vec<usize> {
        let done = self.done();
        self.ids
            .iter()
            .copied()
            .filter(|id| !done.contains_key(id))
            .collect()
    }

    /// The sum of the [`Plan::estimated_work`] of the units still to count (a float: the
    /// estimates of big boards are large).
    pub fn todo_work(&self) -> f64 {
        self.todo()
            .iter()
            .map(|&id| self.plan.estimated_work(id) as f64)
            .sum()
    }

    /// The counting time of the resumed units in earlier runs: each unit's own time, on one
    /// thread, and that of the pieces journaled of the units still to count.
    pub fn resumed_seconds(&self) -> f64 {
        self.journal.as_ref().map_or(0.0, |j| {
            let units: f64 = self.ids.iter().filter_map(|id| j.seconds().get(id)).sum();
            let pieces: f64 = self.plan.piece_scheme().map_or(0.0, |scheme| {
                (self.todo().iter())
                    .map(|&id| j.piece_seconds(&scheme, id))
                    .sum()
            });
            units + pieces
        })
    }

    /// How many of the units still to count the checkpoint holds pieces of
    /// ([`crate::plan::pieces`]): counted in part by earlier runs, whose pieces are not
    /// counted again.
    pub fn units_in_pieces(&self) -> usize {
        match (&self.journal, self.plan.piece_scheme()) {
            (Some(j), Some(scheme)) => {
                let pieces = j.pieces(&scheme);
                (self.todo().iter())
                    .filter(|id| pieces.contains_key(id))
                    .count()
            }
            _ => 0,
        }
    }

    fn done(&self) -> &BTreeMap<usize, Tally> {
        static NONE: BTreeMap<usize, Tally> = BTreeMap::new();
        self.journal.as_ref().map_or(&NONE, |j| j.done())
    }

    /// Counts the units the checkpoint does not hold, appending each to it (before the
    /// counter's own per-unit callback sees it, so that what a stop reports as saved is
    /// saved), until every unit is counted or the stop flag is set; then syncs the journal.
    /// A complete run's seconds include the earlier runs' share of the work: the resumed
    /// units' counting time divided by this run's threads.
    pub fn run(&self) -> Result<Outcome, ResumeError> {
        let path = || {
            self.journal
                .as_ref()
                .map_or(String::new(), |j| j.path().display().to_string())
        };
        let next = self.counter.unit_callback();
        let scheme = self.plan.piece_scheme();
        let record = |id: usize, t: &Tally, took: std::time::Duration| {
            if let Some(j) = &self.journal {
                // A unit counted in pieces over several runs took their time too.
                let earlier = scheme.as_ref().map_or(0.0, |s| j.piece_seconds(s, id));
                j.record_timed(id, t, took.as_secs_f64() + earlier)?;
            }
            next.map_or(Ok(()), |f| f(id, t, took))
        };
        let done_pieces = match (&self.journal, &scheme) {
            (Some(j), Some(s)) => j.pieces(s),
            _ => BTreeMap::new(),
        };
        let next_pieces = self.counter.pieces_callback();
        let record_pieces = |id: usize, run: &PieceRun, took: Duration| {
            if let (Some(j), Some(s)) = (&self.journal, &scheme) {
                j.record_pieces(id, s, run, took.as_secs_f64())?;
            }
            next_pieces.map_or(Ok(()), |f| f(id, run, took))
        };
        let mut counter = self.counter.resume_from(self.done()).on_unit(&record);
        if self.journal.is_some() && scheme.is_some() {
            counter = counter.pieces(PieceJournal {
                done: &done_pieces,
                every: self.counter.piece_interval,
                on_pieces: &record_pieces,
            });
        }
        let end = counter.run_plan(self.plan);
        if let Some(j) = &self.journal {
            j.sync().map_err(|source| ResumeError::Sync {
                path: path(),
                source,
            })?;
        }
        match end {
            Ok(Outcome::Complete(mut done)) => {
                done.seconds += self.resumed_seconds() / done.threads.max(1) as f64;
                Ok(Outcome::Complete(done))
            }
            Ok(stopped) => Ok(stopped),
            Err(Error::Callback(source)) if self.journal.is_some() => Err(ResumeError::Record {
                path: path(),
                source,
            }),
            Err(e) => Err(e.into()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::plan::stop::StopFlag;
    use crate::plan::{Engine, Part};
    use crate::search::kernel::KernelChoice;
    use std::path::PathBuf;
    use std::sync::atomic::{AtomicUsize, Ordering};

    /// A fresh temporary folder for one test.
    fn temp_dir(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!(
            "queens-resume-{name}-{}-{:?}",
            std::process::id(),
            std::thread::current().id()
        ));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn a_stopped_and_resumed_count_equals_an_uninterrupted_one() {
        let dir = temp_dir("equal");
        let path = dir.join("n11.ckpt");
        for engine in Engine::ALL {
            let _ = std::fs::remove_file(&path);
            let counter = Counter::new(11)
                .engine(engine)
                .kernel(KernelChoice::Scalar)
                .threads(2);
            let plan = counter.plan().unwrap();
            let whole = counter.count().unwrap();
            // Stopped after 3 units, twice over: each run resumes the last.
            let mut resumed_before = 0;
            for round in 0..2 {
                let stop = StopFlag::new();
                let seen = AtomicUsize::new(0);
                let three = |_: usize, _: &Tally, _: std::time::Duration| {
                    if seen.fetch_add(1, Ordering::Relaxed) + 1 >= 3 {
                        stop.request();
                    }
                    Ok(())
                };
                let run = counter
                    .checkpoint(&path)
                    .stop_flag(&stop)
                    .on_unit(&three)
                    .start(plan.as_ref())
                    .unwrap();
                assert_eq!(run.resumed(), resumed_before, "{engine} round {round}");
                let Outcome::Stopped { finished, total } = run.run().unwrap() else {
                    panic!("{engine}: the stop flag was set")
                };
                assert_eq!(total, plan.unit_count());
                assert!(finished >= resumed_before + 3, "{finished}");
                assert!(finished < total, "{engine}: {finished} of {total}");
                resumed_before = finished;
            }
            let run = counter.checkpoint(&path).start(plan.as_ref()).unwrap();
            assert_eq!(run.resumed(), resumed_before);
            assert_eq!(run.todo().len(), plan.unit_count() - resumed_before);
            assert!(run.resumed_seconds() >= 0.0);
            let Outcome::Complete(done) = run.run().unwrap() else {
                panic!("no stop flag")
            };
            assert_eq!(done.resumed, resumed_before);
            let counts = done.counts().unwrap();
            assert_eq!(counts.total, 2680);
            assert_eq!(
                (counts.total, counts.classes, counts.nodes),
                (whole.total, whole.classes, whole.nodes),
                "{engine}"
            );
            assert_eq!(
                (counts.fixed_half_turn, counts.fixed_quarter_turn),
                (whole.fixed_half_turn, whole.fixed_quarter_turn)
            );
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_count_stopped_in_the_middle_of_a_unit_keeps_its_pieces_and_resumes_them() {
        let dir = temp_dir("pieces");
        let path = dir.join("torus19.ckpt");
        let counter = Counter::new(19)
            .rules(crate::rules::Rules::TORUS_QUEENS)
            .threads(1)
            .checkpoint_every(Duration::ZERO);
        let plan = counter.plan().unwrap();
        let whole = counter.count().unwrap();
        let stop = StopFlag::new();
        let first = StopsDuring::after_pieces(plan.as_ref(), 5, &stop);
        let run = counter
            .checkpoint(&path)
            .stop_flag(&stop)
            .start(&first)
            .unwrap();
        let Outcome::Stopped { finished, .. } = run.run().unwrap() else {
            panic!("the stop flag was set")
        };
        drop(run);
        let before = first.reported.into_inner().unwrap();
        assert_eq!(before.len(), 5);
        // Stopped within the unit of the fifth run: its pieces are in the journal.
        let journal = std::fs::read_to_string(&path).unwrap();
        let piece_lines = journal.lines().filter(|l| l.starts_with("piece,")).count();
        assert_eq!(piece_lines, 5, "{journal}");
        let (unit, _, _) = before[4].clone();
        assert!(!journal.contains(&format!("\nunit,{unit},")), "{journal}");
        // Resumed: the pieces journaled are not counted again, and the count is the
        // uninterrupted one, nodes included.
        let never = StopFlag::new();
        let second = StopsDuring::after_pieces(plan.as_ref(), usize::MAX, &never);
        let run = counter.checkpoint(&path).start(&second).unwrap();
        assert_eq!(run.resumed(), finished);
        let Outcome::Complete(done) = run.run().unwrap() else {
            panic!("no stop flag")
        };
        let counts = done.counts().unwrap();
        assert_eq!(
            (
                counts.total,
                counts.classes.total(),
                counts.nodes,
                counts.orbits.clone()
            ),
            (
                whole.total,
                whole.classes.total(),
                whole.nodes,
                whole.orbits.clone()
            )
        );
        assert_eq!(counts.total, 820_496);
        let after = second.reported.into_inner().unwrap();
        for (u, w, r) in &after {
            for (v, x, q) in &before {
                assert!(
                    u != v || w != x || r.end <= q.start || q.end <= r.start,
                    "{u} {w} {r:?} {q:?}"
                );
            }
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// A plan that asks `stop` to stop as its unit `at` starts, and then counts it: a stop in
    /// the middle of that unit's search, whatever the speed of the machine. With `last`, the
    /// unit goes out last (its estimated work 0). Or, counted in pieces, once `after_pieces`
    /// runs of pieces are reported (kept in `reported`).
    struct StopsDuring<'a> {
        plan: &'a dyn Plan,
        at: usize,
        last: bool,
        stop: &'a StopFlag,
        after_pieces: usize,
        reported: std::sync::Mutex<Vec<(usize, String, std::ops::Range<usize>)>>,
    }

    impl<'a> StopsDuring<'a> {
        /// Stops as unit `at` starts.
        fn at(plan: &'a dyn Plan, at: usize, last: bool, stop: &'a StopFlag) -> Self {
            let reported = Default::default();
            StopsDuring {
                plan,
                at,
                last,
                stop,
                after_pieces: usize::MAX,
                reported,
            }
        }

        /// Stops once `after` runs of pieces are reported (never for `usize::MAX`).
        fn after_pieces(plan: &'a dyn Plan, after: usize, stop: &'a StopFlag) -> Self {
            StopsDuring {
                after_pieces: after,
                ..StopsDuring::at(plan, usize::MAX, false, stop)
            }
        }
    }

    impl Plan for StopsDuring<'_> {
        fn n(&self) -> usize {
            self.plan.n()
        }
        fn engine(&self) -> Engine {
            self.plan.engine()
        }
        fn kernel(&self) -> &'static str {
            self.plan.kernel()
        }
        fn split_identity(&self) -> String {
            self.plan.split_identity()
        }
        fn rules(&self) -> crate::rules::Rules {
            self.plan.rules()
        }
        fn unit_count(&self) -> usize {
            self.plan.unit_count()
        }
        fn count_unit(&self, id: usize) -> Tally {
            if id == self.at {
                self.stop.request();
            }
            self.plan.count_unit(id)
        }
        fn counts_classes_directly(&self) -> bool {
            self.plan.counts_classes_directly()
        }
        fn estimated_work(&self, id: usize) -> u64 {
            if self.last && id == self.at {
                0
            } else {
                self.plan.estimated_work(id)
            }
        }
        fn piece_scheme(&self) -> Option<String> {
            self.plan.piece_scheme()
        }
        fn count_unit_in_pieces(
            &self,
            id: usize,
            options: crate::plan::pieces::PieceOptions<'_>,
            on_pieces: crate::plan::pieces::OnPieces<'_>,
        ) -> io::Result<Tally> {
            self.plan
                .count_unit_in_pieces(id, options, &mut |run, took| {
                    on_pieces(run, took)?;
                    let mut reported = self.reported.lock().unwrap();
                    reported.push((id, run.within.clone(), run.range.clone()));
                    if reported.len() == self.after_pieces {
                        self.stop.request();
                    }
                    Ok(())
                })
        }
    }

    /// A count of one part of n = 19 with the border split (whose units are one interior
    /// each) on one thread, its plan, and the unit of the whole plan with the largest
    /// estimated work, which the part holds: 79 million nodes, so that its searches look at
    /// the stop flag many times before they end, on every kernel.
    fn a_part_with_the_largest_unit_of_n_19() -> (Counter<'static>, Box<dyn Plan>, usize) {
        let whole = Counter::new(19).split(crate::runner::Split::Border);
        let plan = whole.plan().unwrap();
        let largest = (0..plan.unit_count())
            .max_by_key(|&id| (plan.estimated_work(id), std::cmp::Reverse(id)))
            .unwrap();
        let part = Part::new(largest % 1024, 1024).unwrap();
        (whole.part(part).threads(1), plan, largest)
    }

    #[test]
    fn a_count_stopped_in_its_first_unit_ends_at_once_with_nothing_counted() {
        let (counter, plan, largest) = a_part_with_the_largest_unit_of_n_19();
        let stop = StopFlag::new();
        let stopping = StopsDuring::at(plan.as_ref(), largest, false, &stop);
        let counted = AtomicUsize::new(0);
        let on_unit = |_: usize, _: &Tally, _: std::time::Duration| {
            counted.fetch_add(1, Ordering::Relaxed);
            Ok(())
        };
        // The largest unit goes out first, is stopped in its search, and ends the run:
        // nothing reached the callback.
        let end = counter
            .stop_flag(&stop)
            .on_unit(&on_unit)
            .run_plan(&stopping);
        let total = counter.part_of().ids(plan.unit_count()).len();
        assert!(total > 1);
        assert_eq!(end.unwrap(), Outcome::Stopped { finished: 0, total });
        assert_eq!(counted.load(Ordering::Relaxed), 0);
    }

    #[test]
    fn a_unit_stopped_mid_search_is_neither_journaled_nor_summed_and_is_counted_on_resume() {
        let dir = temp_dir("mid-unit");
        let path = dir.join("n19.ckpt");
        let (counter, plan, largest) = a_part_with_the_largest_unit_of_n_19();
        let ids = counter.part_of().ids(plan.unit_count());
        // The other units of the part finish first; then the largest, stopped in its search.
        let stop = StopFlag::new();
        let stopping = StopsDuring::at(plan.as_ref(), largest, true, &stop);
        let seen = std::sync::Mutex::new(Vec::new());
        let on_unit = |id: usize, _: &Tally, _: std::time::Duration| {
            seen.lock().unwrap().push(id);
            Ok(())
        };
        let run = counter
            .checkpoint(&path)
            .stop_flag(&stop)
            .on_unit(&on_unit)
            .start(&stopping)
            .unwrap();
        let end = run.run().unwrap();
        drop(run);
        let others: Vec<usize> = ids.iter().copied().filter(|&id| id != largest).collect();
        assert_eq!(
            end,
            Outcome::Stopped {
                finished: others.len(),
                total: ids.len()
            }
        );
        let mut seen = seen.into_inner().unwrap();
        seen.sort_unstable();
        assert_eq!(seen, others);
        // The journal holds the finished units, not the one stopped.
        let run = counter.checkpoint(&path).start(plan.as_ref()).unwrap();
        let journaled: Vec<usize> = run.checkpoint().unwrap().done().keys().copied().collect();
        assert_eq!(journaled, others);
        assert_eq!(run.todo(), [largest]);
        // Resumed, the stopped unit is counted whole: the part's tally is the uninterrupted one.
        let Outcome::Complete(done) = run.run().unwrap() else {
            panic!("no stop flag")
        };
        let Outcome::Complete(whole) = counter.run_plan(plan.as_ref()).unwrap() else {
            panic!("no stop flag")
        };
        assert_eq!(
            (done.resumed, done.tally),
            (others.len(), whole.tally.clone())
        );
        assert!(whole.tally.nodes > 50_000_000, "{:?}", whole.tally);
        drop(run);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_journal_of_other_rules_is_refused_both_ways() {
        use crate::rules::{Rules, TEST_RULES};
        use crate::search::engines::enumerate::EnumeratePlan;
        let dir = temp_dir("rules");
        let path = dir.join("c.ckpt");
        let count = |rules: Rules| Counter::new(6).engine(Engine::Enumerate).rules(rules);
        let plan = |rules: Rules| EnumeratePlan::under(rules, 6);
        for (first, then) in [(TEST_RULES, Rules::QUEENS), (Rules::QUEENS, TEST_RULES)] {
            let _ = std::fs::remove_file(&path);
            let written = plan(first);
            let run = count(first).checkpoint(&path).start(&written).unwrap();
            let Outcome::Complete(done) = run.run().unwrap() else {
                panic!("no stop flag")
            };
            assert_eq!(done.rules, first);
            drop(run);
            let Err(e) = count(then).checkpoint(&path).start(&plan(then)) else {
                panic!("a checkpoint of {first} was resumed as {then}")
            };
            let ResumeError::Checkpoint(c) = &e else {
                panic!("{e}")
            };
            assert!(c.is_usage(), "{e}");
            let message = e.to_string();
            assert!(!message.contains('\n'), "{message}");
            assert!(
                message.contains("enumerate-prefix3-v1+queen-torus"),
                "{message}"
            );
            // The rules it was written for resume it whole.
            let again = count(first).checkpoint(&path).start(&written).unwrap();
            assert_eq!(again.resumed(), written.unit_count());
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_journal_of_another_size_engine_or_part_is_refused() {
        let dir = temp_dir("refused");
        let path = dir.join("c.ckpt");
        let counter = Counter::new(9).kernel(KernelChoice::Scalar).threads(1);
        let plan = counter.plan().unwrap();
        let run = counter.checkpoint(&path).start(plan.as_ref()).unwrap();
        assert!(matches!(run.run().unwrap(), Outcome::Complete(_)));
        drop(run);
        let others = [
            Counter::new(10).kernel(KernelChoice::Scalar),
            Counter::new(9).engine(Engine::Enumerate),
            Counter::new(9)
                .kernel(KernelChoice::Scalar)
                .part(Part::new(0, 2).unwrap()),
        ];
        for other in others {
            let plan = other.plan().unwrap();
            let Err(e) = other.checkpoint(&path).start(plan.as_ref()) else {
                panic!("a foreign checkpoint was accepted")
            };
            let ResumeError::Checkpoint(c) = &e else {
                panic!("{e}")
            };
            assert!(c.is_usage(), "{e}");
        }
        // The right run resumes every unit and counts none.
        let run = counter.checkpoint(&path).start(plan.as_ref()).unwrap();
        assert_eq!(run.resumed(), plan.unit_count());
        assert!(run.todo().is_empty());
        let Outcome::Complete(done) = run.run().unwrap() else {
            panic!("no stop flag")
        };
        assert_eq!(done.counts().unwrap().total, 352);
        drop(run);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
