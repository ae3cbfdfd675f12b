//! The remaining time of a long run, from the rate of its recent progress.
//!
//! A rate over the whole run (`elapsed × remaining / done`) never forgets: a run that was
//! stopped (`SIGSTOP`, a suspended laptop) or shared its cores for an hour keeps quoting the
//! slow hour long after it ended (a resumed n = 21 count said "ETA 5.0 h" with 45 minutes of
//! work left). [`RecentRate`] measures the rate over the last [`WINDOW`] instead, so the ETA
//! follows the machine as it is now; until the run has lasted that long, and where nothing was
//! done in the window, it is the whole run's rate, as before.

use std::collections::VecDeque;

/// How far back the rate looks: long enough that units finishing in bursts (they are handed
/// out largest first) do not make it jump, short enough to forget a pause within minutes.
pub const WINDOW: f64 = 600.0;

/// Samples closer together than this (in seconds) are not kept: at most `WINDOW` of them.
const SPACING: f64 = 1.0;

/// Samples `(seconds since the start, fraction of the work done)`, oldest first, from the
/// newest one at least [`WINDOW`] old (the base of the rate) to the newest.
#[derive(Debug)]
pub struct RecentRate {
    samples: VecDeque<(f64, f64)>,
}

impl Default for RecentRate {
    fn default() -> Self {
        RecentRate::new()
    }
}

impl RecentRate {
    /// A run that starts now, with nothing done.
    pub fn new() -> RecentRate {
        RecentRate {
            samples: VecDeque::from([(0.0, 0.0)]),
        }
    }

    /// Records that `fraction` (0 to 1) of the work was done after `secs` seconds, and returns
    /// the remaining seconds at the rate of the last [`WINDOW`] seconds (of the whole run,
    /// where it is shorter or did nothing in the window); `None` while nothing is done.
    pub fn eta(&mut self, secs: f64, fraction: f64) -> Option<f64> {
        let fraction = fraction.clamp(0.0, 1.0);
        if fraction <= 0.0 || !secs.is_finite() {
            return None;
        }
        let &(last, _) = self.samples.back().expect("a sample is always kept");
        if secs >= last + SPACING {
            self.samples.push_back((secs, fraction));
        }
        // Keep one sample at least WINDOW old as the base: drop those before it.
        while self.samples.len() > 1 && self.samples[1].0 <= secs - WINDOW {
            self.samples.pop_front();
        }
        let remaining = 1.0 - fraction;
        let (t0, f0) = self.samples[0];
        if fraction > f0 && secs > t0 {
            Some(remaining * (secs - t0) / (fraction - f0))
        } else {
            // Nothing done in the window: the whole run's rate.
            Some(remaining * secs / fraction)
        }
    }

    /// How many samples are kept (for the tests: at most about `WINDOW / SPACING`).
    #[cfg(test)]
    fn len(&self) -> usize {
        self.samples.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: Option<f64>, b: f64) -> bool {
        a.is_some_and(|a| (a - b).abs() <= 1e-6 * b.max(1.0))
    }

    #[test]
    fn before_the_window_it_is_the_whole_runs_rate() {
        let mut r = RecentRate::new();
        assert_eq!(r.eta(5.0, 0.0), None);
        // A tenth in 60 s: 540 s to go.
        assert!(close(r.eta(60.0, 0.1), 540.0));
        assert!(close(r.eta(300.0, 0.5), 300.0));
    }

    #[test]
    fn a_pause_is_forgotten_once_the_window_has_passed_it() {
        let mut r = RecentRate::new();
        // 1% a minute for 10 minutes, a pause of two hours, then 1% a minute again.
        let mut t = 0.0;
        let mut f = 0.0;
        for _ in 0..10 {
            t += 60.0;
            f += 0.01;
            r.eta(t, f);
        }
        t += 7200.0;
        let just_after = r.eta(t, f).unwrap();
        // Right after the pause the window spans it: slow, like the whole run's rate.
        assert!(just_after > 10_000.0, "{just_after}");
        let mut last = None;
        for _ in 0..20 {
            t += 60.0;
            f += 0.01;
            last = r.eta(t, f);
        }
        // 70% left at 1% a minute: 70 minutes, whatever the pause was.
        assert!(close(last, 70.0 * 60.0), "{last:?}");
        // The whole run's rate would say far more.
        assert!((1.0 - f) * t / f > 3.0 * 4200.0);
    }

    #[test]
    fn nothing_done_in_the_window_falls_back_to_the_whole_run() {
        let mut r = RecentRate::new();
        r.eta(100.0, 0.2);
        // No progress for longer than the window (one huge unit).
        assert!(close(r.eta(100.0 + 2.0 * WINDOW, 0.2), 0.8 * 1300.0 / 0.2));
    }

    #[test]
    fn samples_stay_bounded_and_the_end_is_zero() {
        let mut r = RecentRate::new();
        let mut eta = None;
        for i in 1..=20_000 {
            let secs = f64::from(i) * 0.25;
            eta = r.eta(secs, secs / 5000.0);
            assert!(r.len() <= (WINDOW / SPACING) as usize + 2, "{}", r.len());
        }
        assert!(close(eta, 0.0) || eta == Some(0.0), "{eta:?}");
        // Fractions outside 0..1 and times that are not finite do not panic.
        assert_eq!(r.eta(f64::NAN, 0.5), None);
        assert!(r.eta(6000.0, 1.5).is_some_and(|e| e == 0.0));
    }
}
