//! Stopping a long run cleanly, and soon: a flag that the runner reads between work units and
//! that the searches of a unit read while it runs.
//!
//! The `queens` binary sets the flag from SIGINT and SIGTERM (what Slurm sends at a time limit
//! or on preemption); a library user sets it with [`StopFlag::request`]. Once it is set, no new
//! unit starts, and the units running give up within a few milliseconds: the runner counts
//! each unit under [`StopFlag::watch`], which tells the searches of this thread to look at
//! the flag every so often (`should_give_up`, through a `Patrol` that counts the steps or
//! nodes between looks, so that a look costs nothing measurable), and which returns `None`
//! for a unit whose search gave up. Such a unit's partial counts are thrown away: it is
//! neither summed nor journaled, and a resumed run counts it again.
//!
//! A search that runs outside a watch (a library user who never stops, a test) never gives up:
//! `should_give_up` is then `false`.

use std::cell::{Cell, RefCell};
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

/// A request to stop, shared between whoever asks (a signal handler, another thread) and the
/// runner. Clones share one flag.
#[derive(Clone, Debug, Default)]
pub struct StopFlag {
    /// 0 while running; otherwise the number of the signal that asked to stop (or
    /// [`StopFlag::REQUESTED`] for a stop asked by the program itself).
    signal: Arc<AtomicUsize>,
}

thread_local! {
    /// The flag the searches on this thread obey: the one of the innermost
    /// [`StopFlag::watch`] running on it, or none.
    static WATCHED: RefCell<Option<Arc<AtomicUsize>>> = const { RefCell::new(None) };
    /// Whether a search on this thread gave up since that watch began: what it counted is
    /// partial.
    static GAVE_UP: Cell<bool> = const { Cell::new(false) };
}

impl StopFlag {
    /// The value stored by [`StopFlag::request`]: not a signal number.
    pub const REQUESTED: usize = usize::MAX;

    /// A flag that is not set.
    pub fn new() -> StopFlag {
        StopFlag::default()
    }

    /// The shared cell behind the flag, for a signal handler to store its signal number in
    /// (non-zero means stop).
    pub fn cell(&self) -> Arc<AtomicUsize> {
        Arc::clone(&self.signal)
    }

    /// Asks the run to stop, as a signal would.
    pub fn request(&self) {
        self.signal.store(StopFlag::REQUESTED, Ordering::SeqCst);
    }

    /// Whether a stop was asked for.
    pub fn is_set(&self) -> bool {
        self.signal.load(Ordering::Relaxed) != 0
    }

    /// What asked to stop: the signal number stored in [`StopFlag::cell`],
    /// [`StopFlag::REQUESTED`], or `None` if nothing did.
    pub fn code(&self) -> Option<usize> {
        match self.signal.load(Ordering::SeqCst) {
            0 => None,
            s => Some(s),
        }
    }

    /// Runs `work` (the count of one unit) on this thread with its searches watching this
    /// flag: once the flag is set they give up within a few milliseconds and return at once
    /// with partial counts. Returns `work`'s result, or `None` if a search gave up, so that
    /// the partial counts are never used. A unit that finished before any search saw the flag
    /// is returned whole, even if the flag is set by then.
    pub fn watch<T>(&self, work: impl FnOnce() -> T) -> Option<T> {
        /// Puts back the watch this one is inside of, even if `work` panics.
        struct Restore {
            watched: Option<Arc<AtomicUsize>>,
            gave_up: bool,
        }
        impl Drop for Restore {
            fn drop(&mut self) {
                WATCHED.set(self.watched.take());
                GAVE_UP.set(self.gave_up);
            }
        }
        let _restore = Restore {
            watched: WATCHED.replace(Some(self.cell())),
            gave_up: GAVE_UP.replace(false),
        };
        let out = work();
        (!GAVE_UP.get()).then_some(out)
    }
}

/// Whether the search running on this thread is to give up now: the flag of the
/// [`StopFlag::watch`] it runs under is set (or a search of that watch gave up already). A
/// search that is told so returns at once, with whatever it counted (the watch throws it
/// away). Outside a watch, `false`.
///
/// It costs a thread-local read and an atomic load: searches look through a [`Patrol`], not
/// at every node.
#[cold]
#[inline(never)]
pub(crate) fn should_give_up() -> bool {
    if GAVE_UP.get() {
        return true;
    }
    let set = WATCHED.with_borrow(|w| w.as_ref().is_some_and(|s| s.load(Ordering::Relaxed) != 0));
    if set {
        GAVE_UP.set(true);
    }
    set
}

/// Whether a search on this thread gave up under the current [`StopFlag::watch`]: its counts
/// are partial and must not be kept (a plan that keeps what a unit counted, as the profiles
/// do, asks before keeping it).
pub(crate) fn gave_up() -> bool {
    GAVE_UP.get()
}

/// The watch running on this thread, carried into the threads that a search spreads its work
/// over (a rayon pool): [`carry`] on the watched thread, [`Carried::watch`] around each task.
/// Without a watch the tasks run unwatched, as the search would.
#[derive(Clone, Debug)]
pub(crate) struct Carried(Option<Arc<AtomicUsize>>);

/// The watch of this thread, to carry into other threads ([`Carried`]).
pub(crate) fn carry() -> Carried {
    Carried(WATCHED.with_borrow(|w| w.clone()))
}

impl Carried {
    /// Runs `work` (a task of the search, on any thread) under the carried watch: `None` if a
    /// search in it gave up, and then at once (the flag already set) without running it.
    pub(crate) fn watch<T>(&self, work: impl FnOnce() -> T) -> Option<T> {
        match &self.0 {
            None => Some(work()),
            Some(cell) if cell.load(Ordering::Relaxed) != 0 => None,
            Some(cell) => StopFlag {
                signal: Arc::clone(cell),
            }
            .watch(work),
        }
    }

    /// Back on the watched thread once the tasks are done: if the flag is set (some task may
    /// have given up, its counts partial), marks this thread's watch as given up, so that it
    /// throws the counts away.
    pub(crate) fn settle(&self) {
        if self
            .0
            .as_ref()
            .is_some_and(|c| c.load(Ordering::Relaxed) != 0)
        {
            let _ = should_give_up();
        }
    }
}

/// A countdown between two looks at the stop flag, for the inner loop of a search: it counts
/// the search's steps (or nodes) and looks ([`should_give_up`]) once every `every` of them,
/// so that the loop pays one decrement and one well-predicted branch per step.
///
/// Pick `every` so that that many steps take about a millisecond: a stop then ends the search
/// within a few milliseconds, and the look costs a millionth of the time.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Patrol {
    left: u32,
    every: u32,
}

impl Patrol {
    /// A patrol that looks once every `every` steps (at least 1).
    pub(crate) const fn every(every: u32) -> Patrol {
        let every = if every == 0 { 1 } else { every };
        Patrol { left: every, every }
    }

    /// Counts one step; `true` if this step is the one to look and the search is to give up.
    /// After a `true`, the search must end; a patrol kept for later searches (a thread's
    /// kernel state) then looks at their first step, so that the other searches of a unit
    /// that gave up end at once too, and looks `every` steps apart again once the watch is
    /// over.
    #[inline(always)]
    pub(crate) fn stop(&mut self) -> bool {
        self.left -= 1;
        self.left == 0 && self.look()
    }

    /// The look itself, out of the loop's way.
    #[cold]
    #[inline(never)]
    fn look(&mut self) -> bool {
        let give_up = should_give_up();
        self.left = if give_up { 1 } else { self.every };
        give_up
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn request_sets_the_flag() {
        let f = StopFlag::new();
        assert!(!f.is_set());
        assert_eq!(f.code(), None);
        let g = f.clone();
        g.request();
        assert!(f.is_set());
        assert_eq!(f.code(), Some(StopFlag::REQUESTED));
    }

    #[test]
    fn a_watch_discards_only_work_whose_search_gave_up() {
        let f = StopFlag::new();
        // Outside a watch nothing gives up, set flag or not.
        assert!(!should_give_up());
        assert_eq!(f.watch(|| (should_give_up(), 7)), Some((false, 7)));
        f.request();
        assert!(!should_give_up(), "no watch: the flag is not this thread's");
        // The flag set, but the work never looked: it finished, and is kept.
        assert_eq!(f.watch(|| 8), Some(8));
        // The work looked: it gave up, and its result is thrown away.
        assert_eq!(f.watch(|| (should_give_up(), gave_up())), None);
        // The watch is over: the thread's next search, outside any watch, does not give up.
        assert!(!should_give_up() && !gave_up());
        // A patrol looks every third step; once told to give up, at every step until the
        // watch is over.
        let mut p = Patrol::every(3);
        let g = StopFlag::new();
        assert_eq!(g.watch(|| (0..9).filter(|_| p.stop()).count()), Some(0));
        let mut told = Vec::new();
        assert_eq!(f.watch(|| (0..5).for_each(|_| told.push(p.stop()))), None);
        assert_eq!(told, [false, false, true, true, true]);
        // Outside the watch it finds nothing, and looks every third step again.
        assert!((0..4).all(|_| !p.stop()));
        assert_eq!(p.left, 3);
    }

    #[test]
    fn a_watch_inside_another_puts_the_outer_one_back() {
        let (outer, inner) = (StopFlag::new(), StopFlag::new());
        inner.request();
        let got = outer.watch(|| {
            assert_eq!(inner.watch(should_give_up), None);
            // Back under the outer flag, which is not set.
            should_give_up()
        });
        assert_eq!(got, Some(false));
        // A panic inside a watch leaves no watch behind.
        let caught = std::panic::catch_unwind(|| inner.watch(|| panic!("in the unit")));
        assert!(caught.is_err());
        assert!(!should_give_up());
    }
}
