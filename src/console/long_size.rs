//! The warning before a size that cannot finish in reasonable time (`count`, `count --part`,
//! `verify`): a forecast from the speed measured on this machine and the growth of the
//! published totals ([`crate::runner::forecast`]).

use crate::formats::table::Row;
use crate::plan::{Engine, Part, Plan};
use crate::runner::forecast::{self, Sample};
use crate::search::kernel::Kernel;
use std::sync::Mutex;

/// The speed measured by a calibration count in this process, by engine and kernel.
static CALIBRATION: Mutex<Vec<(Engine, &'static str, Sample)>> = Mutex::new(Vec::new());

/// Sizes from which a calibration count is made when no size counted in this run tells the
/// speed: below this no size takes an hour on any machine this tool runs on.
const CALIBRATE_FROM: usize = 19;

/// The board from which a torus size without solutions takes minutes or more to search
/// (board 24: 113 s on one thread of a Zen 4, 2026-12-07; board 27 some hours), so that
/// the note below is worth its line.
const TORUS_NOTE_FROM: usize = 24;

/// The note before a torus board whose size shares a factor with 6 (from board
/// [`TORUS_NOTE_FROM`] on): no such board has a solution (Pólya, 1918; for the superqueens
/// too, whose boards are queens' boards), which the search proves by finding none, and does
/// not skip: `queens: note: n = 27: …; continuing`. `None` elsewhere.
///
/// ```
/// use queens::{console::long_size::no_torus_solutions_note, rules::Rules};
/// assert!(no_torus_solutions_note(27, &Rules::TORUS_QUEENS).unwrap().contains("Pólya"));
/// assert_eq!(no_torus_solutions_note(25, &Rules::TORUS_QUEENS), None); // gcd(25, 6) = 1
/// assert_eq!(no_torus_solutions_note(27, &Rules::QUEENS), None); // the plane
/// assert_eq!(no_torus_solutions_note(22, &Rules::TORUS_QUEENS), None); // seconds
/// ```
pub fn no_torus_solutions_note(n: usize, rules: &crate::rules::Rules) -> Option<String> {
    let coprime_to_6 = !n.is_multiple_of(2) && !n.is_multiple_of(3);
    let torus = rules.surface == crate::rules::Surface::Torus;
    (torus && n >= TORUS_NOTE_FROM && !coprime_to_6).then(|| {
        format!(
            "queens: note: n = {n}: no torus board whose size shares a factor with 6 holds a \
             solution (Pólya, 1918); the search proves this one's 0 by finding none, which \
             takes as long as a count of a board this size; continuing"
        )
    })
}

/// Warns on stderr before `part` of `plan` if it would take over an hour on `threads()`
/// threads (`resolve_kernel()`: the kernel of the count, for a calibration count): `n = 27 would take about 3,400 CPU-years on this machine (…); continuing`.
///
/// The speed comes from the largest size of `rows` (counted in this run with the same engine
/// and kernel, in at least half a CPU-second), else from a calibration count of n = 15 (13 for
/// `enumerate`) on one thread; the growth from the published totals ([`forecast`]). Both are
/// the queens' on the plane: a plan of other rules (superqueens, the torus, whose trees grow
/// otherwise) gets no forecast rather than a wrong one; a torus board of no solutions gets
/// [`no_torus_solutions_note`] instead.
pub fn warn_if_long(
    plan: &dyn Plan,
    part: Part,
    resolve_kernel: impl FnOnce() -> Option<Kernel>,
    threads: impl FnOnce() -> usize,
    rows: &[Row],
) {
    if let Some(note) = no_torus_solutions_note(plan.n(), &plan.rules()) {
        super::stderr::say(&note);
        return;
    }
    if !plan.rules().same_problem(&crate::rules::Rules::QUEENS) {
        return;
    }
    let (n, engine, kernel) = (plan.n(), plan.engine(), plan.kernel());
    let measured = rows
        .iter()
        .filter(|r| r.engine == engine.name() && r.kernel == kernel)
        .map(|r| Sample {
            n: r.n,
            cpu_seconds: r.seconds * r.threads as f64,
        })
        .filter(|s| s.cpu_seconds >= 0.5 && s.n <= n)
        .max_by_key(|s| s.n);
    let sample = match measured {
        Some(s) => s,
        None if n < CALIBRATE_FROM => return,
        None => {
            let mut cache = CALIBRATION.lock().unwrap_or_else(|p| p.into_inner());
            if let Some((_, _, s)) = cache.iter().find(|(e, k, _)| *e == engine && *k == kernel) {
                *s
            } else {
                let Some(kernel_of) = resolve_kernel() else {
                    return;
                };
                let Ok(s) = forecast::calibrate(engine, kernel_of) else {
                    return;
                };
                cache.push((engine, kernel, s));
                s
            }
        }
    };
    let cpu = forecast::cpu_seconds(n, sample) / part.modulus() as f64;
    let threads = threads().min(plan.unit_count()).max(1);
    let wall = cpu / threads as f64;
    if wall < 3600.0 {
        return;
    }
    let record = forecast::published_record();
    let published = match n {
        _ if n == record => format!("; n = {record} is the published record"),
        _ if n > record => format!("; nothing is published beyond n = {record}"),
        _ => String::new(),
    };
    let what = if part == Part::WHOLE {
        format!("n = {n}")
    } else {
        format!("part {part} of n = {n}")
    };
    super::stderr::say(&format!(
        "queens: {what} would take {} on this machine ({} on {threads} thread{}{published}); \
         continuing",
        forecast::cpu_time_text(cpu),
        forecast::wall_time_text(wall),
        if threads == 1 { "" } else { "s" }
    ));
}
