//! How long a board size would take on this machine, before counting it: from a measured
//! speed (a size counted here, or a short calibration count) and the growth of the sequence.
//!
//! The work of both engines grows from one size to the next about as the number of solutions
//! does, a little faster: the nodes per solution grow too. So the forecast multiplies the CPU
//! time of a measured size `m` by `Π_{k=m+1..n} r(k) · GROWTH_EXCESS`, where `r(k) =
//! a(k)/a(k−1)` is the ratio of successive published totals (OEIS A000170, known up to n = 27)
//! and, beyond the published record, the last ratio extrapolated linearly (the ratios grow by
//! about 0.4 per size near n = 27). It is an order of magnitude, meant for "this would take
//! centuries" warnings, not a schedule.

use crate::error::Error;
use crate::plan::Engine;
use crate::search::kernel::Kernel;
use crate::verify;
use std::time::Instant;

/// How much faster than the totals the time grows from one size to the next (measured: the
/// symmetric engine's time per solution grows 3–8% per size from n = 13 to 17).
pub(crate) const GROWTH_EXCESS: f64 = 1.05;

/// A measured speed: board size `n` took `cpu_seconds` of CPU time (wall-clock seconds ×
/// threads) with one engine and kernel on this machine.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sample {
    /// The board size counted.
    pub n: usize,
    /// Its CPU time in seconds.
    pub cpu_seconds: f64,
}

/// The largest n whose total is published in the embedded table (27).
pub fn published_record() -> usize {
    verify::KnownTable::embedded()
        .rows()
        .iter()
        .filter(|r| r.total.is_some())
        .map(|r| r.n)
        .max()
        .unwrap_or(0)
}

/// The published total of `n`, as a float.
fn published(n: usize) -> Option<f64> {
    verify::lookup(n).and_then(|r| r.total).map(|t| t as f64)
}

/// `a(k) / a(k − 1)`: the published ratio where both are known (k ≥ 5, as the small sizes are
/// irregular: a(2) = a(3) = 0), else extrapolated from the last two published ratios.
pub(crate) fn growth_ratio(k: usize) -> f64 {
    let k = k.max(5);
    if let (Some(a), Some(b)) = (published(k), published(k - 1)) {
        return a / b;
    }
    let last = published_record();
    let r = |k: usize| published(k).unwrap_or(1.0) / published(k - 1).unwrap_or(1.0);
    let (r1, r0) = (r(last), r(last - 1));
    r1 + (r1 - r0).max(0.0) * (k - last) as f64
}

/// The CPU seconds board size `n` would take, from the measured `sample` of the same engine
/// and kernel.
pub fn cpu_seconds(n: usize, sample: Sample) -> f64 {
    let mut s = sample.cpu_seconds;
    if n >= sample.n {
        for k in sample.n + 1..=n {
            s *= growth_ratio(k) * GROWTH_EXCESS;
        }
    } else {
        for k in n + 1..=sample.n {
            s /= growth_ratio(k) * GROWTH_EXCESS;
        }
    }
    s
}

/// Measures this machine's speed with `engine` on `kernel`: counts a small size on one thread
/// (n = 15 for the symmetric engine, 13 for enumerate, and one size more if that took under
/// 50 ms), a fraction of a second.
pub fn calibrate(engine: Engine, kernel: Kernel) -> Result<Sample, Error> {
    let first = match engine {
        Engine::Symmetric => 15,
        Engine::Enumerate => 13,
    };
    let mut sample = Sample {
        n: first,
        cpu_seconds: 0.0,
    };
    for n in first..first + 2 {
        let plan = crate::runner::build_with_kernel(n, engine, kernel)?;
        let started = Instant::now();
        crate::runner::run_plan(plan.as_ref(), &crate::runner::RunOptions { threads: 1 })
            .map_err(|e| Error::Options(e.to_string()))?;
        sample = Sample {
            n,
            cpu_seconds: started.elapsed().as_secs_f64(),
        };
        if sample.cpu_seconds >= 0.05 {
            break;
        }
    }
    Ok(sample)
}

/// A CPU time as people read it: `about 40 CPU-minutes`, `about 5.2 CPU-hours`, `about 3 CPU-days`,
/// `about 3,400 CPU-years`.
pub fn cpu_time_text(seconds: f64) -> String {
    time_text(
        seconds,
        ["CPU-minutes", "CPU-hours", "CPU-days", "CPU-years"],
    )
}

/// A wall-clock time as people read it: `about 5.2 hours`, `about 1,700 years`.
pub fn wall_time_text(seconds: f64) -> String {
    time_text(seconds, ["minutes", "hours", "days", "years"])
}

/// `seconds` in the largest of minutes, hours, days and years (named by `units`, in that
/// order) that leaves it at least 2 minutes, 3 hours or 1 day (years from 365.25 days on).
fn time_text(seconds: f64, units: [&str; 4]) -> String {
    const YEAR: f64 = 365.25 * 86400.0;
    let (value, unit) = match seconds {
        s if s < 2.0 * 3600.0 => (s / 60.0, units[0]),
        s if s < 3.0 * 86400.0 => (s / 3600.0, units[1]),
        s if s < YEAR => (s / 86400.0, units[2]),
        s => (s / YEAR, units[3]),
    };
    format!("about {} {unit}", round_text(value))
}

/// Two significant figures, thousands separated by commas: `5.2`, `42`, `3,400`, `1.2e+15`.
fn round_text(v: f64) -> String {
    if !v.is_finite() || v >= 1e15 {
        return format!("{v:.1e}");
    }
    if v < 10.0 {
        return format!("{v:.1}");
    }
    let digits = v.log10().floor() as i32;
    let scale = 10f64.powi(digits - 1);
    let rounded = ((v / scale).round() * scale) as u64;
    let s = rounded.to_string();
    let mut out = String::new();
    for (i, ch) in s.chars().enumerate() {
        if i > 0 && (s.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(ch);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn growth_follows_the_published_totals_and_extrapolates_beyond() {
        assert_eq!(published_record(), 27);
        // a(16)/a(15) = 14772512/2279184
        assert!((growth_ratio(16) - 6.4815).abs() < 1e-3);
        let (r27, r28, r29) = (growth_ratio(27), growth_ratio(28), growth_ratio(29));
        assert!(r27 > 10.0 && r28 > r27 && r29 > r28, "{r27} {r28} {r29}");
        let s = Sample {
            n: 16,
            cpu_seconds: 1.0,
        };
        assert_eq!(cpu_seconds(16, s), 1.0);
        let up = cpu_seconds(17, s);
        assert!((up - 95815104.0 / 14772512.0 * GROWTH_EXCESS).abs() < 1e-9);
        assert!(
            (cpu_seconds(
                16,
                Sample {
                    n: 17,
                    cpu_seconds: up
                }
            ) - 1.0)
                .abs()
                < 1e-9
        );
    }

    #[test]
    fn times_read_as_people_write_them() {
        assert_eq!(cpu_time_text(90.0 * 60.0), "about 90 CPU-minutes");
        assert_eq!(cpu_time_text(5.24 * 3600.0), "about 5.2 CPU-hours");
        assert_eq!(
            cpu_time_text(3456.0 * 365.25 * 86400.0),
            "about 3,500 CPU-years"
        );
        assert_eq!(
            wall_time_text(1234.0 * 365.25 * 86400.0),
            "about 1,200 years"
        );
    }
}
