//! `render --class K`: the class of a number, checked before any work, walked with progress.

use crate::commands::{CommandError, progress_mode};
use crate::progress::Progress;
use queens::classify;
use std::ops::ControlFlow;

/// Classes visited between two progress reports of `--class K`.
const CLASSES_PER_UNIT: usize = 1 << 12;

/// The largest `--class K` taken for an n whose class count is not published (n > 27): the
/// walk to class K visits K classes in order, about 400,000 a second on one core (n = 16, AMD
/// EPYC Zen 4), so 10¹² classes is about a month of walking; a larger K could not be reached.
pub const MAX_UNPUBLISHED_CLASS: usize = 1_000_000_000_000;

/// Refuses a class number that names no class, before any work: 0, one beyond the published
/// class count of `n` (OEIS A002562), or, where that count is not published, one beyond
/// [`MAX_UNPUBLISHED_CLASS`]. Without this, `render 27 --class 18446744073709551615` walked
/// all 2.9 × 10¹⁶ classes of n = 27 before it found that there was no such class.
pub fn check_class(n: usize, k: usize) -> Result<(), CommandError> {
    let published = queens::verify::lookup(n).and_then(|row| row.classes);
    let refuse = |m: String| Err(CommandError::Usage(m));
    match published {
        Some(count) if k == 0 || k as u128 > count => refuse(no_such_class(n, k, count)),
        None if k == 0 || k > MAX_UNPUBLISHED_CLASS => refuse(format!(
            "--class must be 1 to {MAX_UNPUBLISHED_CLASS} for n = {n}: its class count is not \
             published, and the walk to class K visits K classes in order (about 400,000 a \
             second)"
        )),
        _ => Ok(()),
    }
}

/// The message of `--class K` beyond the `count` classes of `n`.
pub fn no_such_class(n: usize, k: usize, count: impl Into<u128>) -> String {
    match count.into() {
        0 => format!("n = {n} has no solutions, so no class {k}"),
        1 => format!("n = {n} has 1 class: --class must be 1"),
        count => format!("n = {n} has {count} classes: --class must be 1 to {count}"),
    }
}

/// The class with 1-based index `k` (as [`classify::class_number`]), with progress on
/// stderr when that means walking many classes.
pub fn class_number(n: usize, k: usize, quiet: bool) -> Result<classify::ClassInfo, usize> {
    let expected = queens::verify::lookup(n)
        .and_then(|row| row.classes)
        .and_then(|c| usize::try_from(c).ok());
    let walk = expected.map_or(k, |c| c.min(k));
    if walk < 1 << 16 {
        return classify::class_number(n, k);
    }
    let progress = Progress::start(
        progress_mode(quiet),
        &format!("render n={n} class {k} (units of {CLASSES_PER_UNIT} classes)"),
        walk.div_ceil(CLASSES_PER_UNIT) as u64,
        0.0,
    );
    let mut found = None;
    let mut count = 0;
    classify::for_each_class(&queens::rules::Rules::QUEENS, n, |index, cols| {
        count = index;
        if index % CLASSES_PER_UNIT == 0 {
            progress.unit_done(0, CLASSES_PER_UNIT as u128);
        }
        if index == k {
            found = Some(classify::class_info(index, cols));
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    });
    // The walk ends when it finds class k or runs out of classes: done either way (its last
    // unit seldom whole).
    progress.complete(count as u128);
    found.ok_or(count)
}

/// The number of classes of `n`, counted by listing them.
pub fn count_classes(n: usize) -> usize {
    let mut count = 0;
    classify::for_each_class(&queens::rules::Rules::QUEENS, n, |_, _| {
        count += 1;
        ControlFlow::Continue(())
    });
    count
}
