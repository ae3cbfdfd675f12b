//! The one way numbered units are handed to threads: in a given order (largest estimated work
//! first, [`largest_first`]), one at a time from a shared cursor, with a stop flag read between
//! units (inside a unit, its searches read it: the runner counts each under
//! [`StopFlag::watch`]). The runner counts a plan's tallies with it, and the profile
//! searches ([`crate::search::profile`]) their nodes per depth.

use super::stop::StopFlag;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

/// The ids of `work` (`(id, estimated work)`) in the order they go out: largest estimate
/// first, ties by id, so that no big unit starts last and keeps one thread busy while the
/// others idle.
pub(crate) fn largest_first(work: impl IntoIterator<Item = (usize, u64)>) -> Vec<usize> {
    let mut order: Vec<(u64, usize)> = work.into_iter().map(|(id, w)| (w, id)).collect();
    order.sort_unstable_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
    order.into_iter().map(|(_, id)| id).collect()
}

/// The threads a run of `units` units uses when `asked` for: at least 1, never more than there
/// are units.
pub(crate) fn pool_size(asked: usize, units: usize) -> usize {
    asked.max(1).min(units.max(1))
}

/// Counts each unit of `order`, handed out in that order to a pool of `threads` threads (named
/// `{name}-{i}`), with `count(id)`; `None` from it ends the run (no new unit starts; the units
/// running finish). No new unit starts once `stop` is set either. Returns what each counted
/// unit gave, sorted by id: all of `order` unless the run ended early.
pub(crate) fn run_ordered<R: Send>(
    order: &[usize],
    threads: usize,
    name: &'static str,
    stop: Option<&StopFlag>,
    count: impl Fn(usize) -> Option<R> + Sync,
) -> Result<Vec<(usize, R)>, rayon::ThreadPoolBuildError> {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .thread_name(move |i| format!("{name}-{i}"))
        .build()?;
    let ended = AtomicBool::new(false);
    let next = AtomicUsize::new(0);
    let counted: Mutex<Vec<(usize, R)>> = Mutex::new(Vec::with_capacity(order.len()));
    let worker = || {
        let mut mine = Vec::new();
        // Between units, never inside one.
        while !ended.load(Ordering::Relaxed) && !stop.is_some_and(StopFlag::is_set) {
            let Some(&id) = order.get(next.fetch_add(1, Ordering::Relaxed)) else {
                break;
            };
            match count(id) {
                Some(r) => mine.push((id, r)),
                None => ended.store(true, Ordering::Relaxed),
            }
        }
        counted
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .append(&mut mine);
    };
    pool.scope(|s| {
        for _ in 0..threads {
            s.spawn(|_| worker());
        }
    });
    let mut results = counted.into_inner().unwrap_or_else(|p| p.into_inner());
    results.sort_unstable_by_key(|(id, _)| *id);
    Ok(results)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn units_go_out_largest_first_and_come_back_by_id() {
        assert_eq!(
            largest_first([(0, 5), (1, 9), (2, 5), (3, 1)]),
            [1, 0, 2, 3]
        );
        let order = largest_first((0..50).map(|id| (id, (id % 7) as u64)));
        let got = run_ordered(&order, 3, "test", None, |id| Some(id * id)).unwrap();
        assert_eq!(got, (0..50).map(|id| (id, id * id)).collect::<Vec<_>>());
        assert_eq!(
            (pool_size(0, 10), pool_size(8, 3), pool_size(4, 0)),
            (1, 3, 1)
        );
    }

    #[test]
    fn a_stop_or_a_none_starts_no_new_unit() {
        let order: Vec<usize> = (0..100).collect();
        // One thread: the flag is read before each unit, so exactly 5 are counted.
        let stop = StopFlag::new();
        let done = AtomicUsize::new(0);
        let got = run_ordered(&order, 1, "test", Some(&stop), |id| {
            if done.fetch_add(1, Ordering::SeqCst) + 1 == 5 {
                stop.request();
            }
            Some(id)
        })
        .unwrap();
        assert_eq!(got.len(), 5);
        // `None` ends the run at that unit, which gives nothing.
        let got = run_ordered(&order, 1, "test", None, |id| (id < 7).then_some(id)).unwrap();
        assert_eq!(got.len(), 7);
    }
}
