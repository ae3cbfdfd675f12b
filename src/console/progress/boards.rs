//! Progress of a list of boards written one by one (`list`): [`board_progress`].

use super::{Progress, ProgressMode};
use crate::formats::solutions::PROGRESS_EVERY;

/// A progress report for writing about `expected` boards (`noun`, in the singular: `board`,
/// or `class` for a list of classes), `None` when that is quick (under a million, well under
/// a second) or unknown; every unit is [`PROGRESS_EVERY`] of them.
pub fn board_progress(
    mode: ProgressMode,
    label: &str,
    expected: Option<u128>,
    noun: &'static str,
) -> Option<Progress> {
    let expected = expected?;
    if expected < 1_000_000 {
        return None;
    }
    let units = u64::try_from(expected.div_ceil(u128::from(PROGRESS_EVERY))).ok()?;
    Some(Progress::start_finding(mode, label, units, 0.0, noun))
}
