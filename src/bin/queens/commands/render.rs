//! `queens render`: boards as SVG pictures.

use super::CommandError;
use super::list::{board_arg, board_arg_read};
use crate::cli::{LabelsArg, RenderArgs};
use crate::progress::Progress;
use queens::board::reader;
use queens::classify;
use queens::draw::render::{self, Labels};
use std::ops::ControlFlow;

/// The largest n `--all-classes` draws (n = 11: 341 classes; n = 12 would be 1,787).
pub const MAX_ALL_CLASSES_N: usize = 11;

/// The largest n for which a `--class` caption says how many classes there are (n = 14:
/// 365,596 solutions to list, a fraction of a second).
pub const MAX_COUNTED_N: usize = classify::MAX_NUMBERED_N;

/// Classes visited between two progress reports of `--class K`.
const CLASSES_PER_UNIT: usize = 1 << 12;

/// The labels `--labels` asks for.
fn labels(arg: LabelsArg) -> Labels {
    match arg {
        LabelsArg::Index => Labels::Index,
        LabelsArg::Chess => Labels::Chess,
        LabelsArg::None => Labels::None,
    }
}

/// Runs `queens render`.
pub fn run(args: &RenderArgs) -> Result<(), CommandError> {
    crate::output::check_svg_name("-o", &args.output).map_err(CommandError::Usage)?;
    let n = args.n;
    let labels = labels(args.labels);
    if labels == Labels::Chess && n > queens::board::notation::MAX_ALGEBRAIC_N {
        return Err(CommandError::Usage(format!(
            "--labels chess: files run from a to z, so n ≤ {}; use --labels index",
            queens::board::notation::MAX_ALGEBRAIC_N
        )));
    }
    if let Some(k) = args.class {
        check_class(n, k)?;
    }
    let dest = super::destination(&args.output)?;
    let svg = if let Some(text) = &args.solution {
        if args.allow_attacks {
            let raw = reader::parse_one(text, args.from.notation())
                .map_err(|e| CommandError::Usage(format!("--solution: not a board: {e}")))?;
            if raw.n() != n {
                return Err(CommandError::Usage(format!(
                    "--solution: the board has {} but N is {n}",
                    queens::board::plural(raw.n() as u64, "column")
                )));
            }
            let cols = raw.in_range().map_err(|e| {
                CommandError::Usage(format!("--solution: not a board: {}", e.message()))
            })?;
            render::attacks_svg(&cols, labels)
        } else {
            let board = board_arg(text, args.from, n, "--solution").map_err(|e| match e {
                CommandError::Usage(m) if m.contains("attack") => CommandError::Usage(format!(
                    "{m} (--allow-attacks draws it with the attacking pairs marked)"
                )),
                other => other,
            })?;
            render::board_svg(&board, None, labels)
        }
    } else if let Some(text) = &args.orbit {
        // Titled and captioned in the notation the board was given in.
        let (board, read) = board_arg_read(text, args.from, n, "--orbit")?;
        render::orbit_svg_in(&board, &classify::orbit_members(&board), labels, read)
    } else if let Some(k) = args.class {
        let class = class_number(n, k, args.quiet).map_err(|count| {
            CommandError::Usage(match count {
                0 => format!("n = {n} has no solutions, so no class {k}"),
                1 => format!("n = {n} has 1 class: --class must be 1"),
                _ => format!("n = {n} has {count} classes: --class must be 1 to {count}"),
            })
        })?;
        // Counting every class means listing every solution: done only where that is quick.
        let heading = if n <= MAX_COUNTED_N {
            format!("class {k} of {}", count_classes(n))
        } else {
            format!("class {k}")
        };
        render::board_svg(&class.canonical, Some(&heading), labels)
    } else {
        if n > MAX_ALL_CLASSES_N {
            return Err(CommandError::Usage(format!(
                "--all-classes draws n up to {MAX_ALL_CLASSES_N}; n = {n} has too many classes for one picture (draw one with --class K)"
            )));
        }
        let classes = classify::classes(n);
        if classes.is_empty() {
            return Err(CommandError::Usage(format!(
                "n = {n} has no solutions to draw"
            )));
        }
        render::classes_svg(n, &classes, labels)
    };
    dest.write_with(|w| w.write_all(svg.as_bytes()))?;
    Ok(())
}

/// The largest `--class K` taken for an n whose class count is not published (n > 27): the
/// walk to class K visits K classes in order, about 400,000 a second on one core (n = 16, AMD
/// EPYC Zen 4), so 10¹² classes is about a month of walking; a larger K could not be reached.
pub const MAX_UNPUBLISHED_CLASS: usize = 1_000_000_000_000;

/// Refuses a class number that names no class, before any work: 0, one beyond the published
/// class count of `n` (OEIS A002562), or, where that count is not published, one beyond
/// [`MAX_UNPUBLISHED_CLASS`]. Without this, `render 27 --class 18446744073709551615` walked
/// all 2.9 × 10¹⁶ classes of n = 27 before it found that there was no such class.
fn check_class(n: usize, k: usize) -> Result<(), CommandError> {
    let published = queens::verify::lookup(n).and_then(|row| row.classes);
    let refuse = |m: String| Err(CommandError::Usage(m));
    match published {
        Some(count) if k == 0 || k as u128 > count => refuse(match count {
            0 => format!("n = {n} has no solutions, so no class {k}"),
            1 => format!("n = {n} has 1 class: --class must be 1"),
            _ => format!("n = {n} has {count} classes: --class must be 1 to {count}"),
        }),
        None if k == 0 || k > MAX_UNPUBLISHED_CLASS => refuse(format!(
            "--class must be 1 to {MAX_UNPUBLISHED_CLASS} for n = {n}: its class count is not \
             published, and the walk to class K visits K classes in order (about 400,000 a \
             second)"
        )),
        _ => Ok(()),
    }
}

/// The class with 1-based index `k` (as [`classify::class_number`]), with progress on
/// stderr when that means walking many classes.
fn class_number(n: usize, k: usize, quiet: bool) -> Result<classify::ClassInfo, usize> {
    let expected = queens::verify::lookup(n)
        .and_then(|row| row.classes)
        .and_then(|c| usize::try_from(c).ok());
    let walk = expected.map_or(k, |c| c.min(k));
    if walk < 1 << 16 {
        return classify::class_number(n, k);
    }
    let progress = Progress::start(
        super::progress_mode(quiet),
        &format!("render n={n} class {k} (units of {CLASSES_PER_UNIT} classes)"),
        walk.div_ceil(CLASSES_PER_UNIT) as u64,
        0.0,
    );
    let mut found = None;
    let mut count = 0;
    classify::for_each_class(n, |index, cols| {
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
fn count_classes(n: usize) -> usize {
    let mut count = 0;
    classify::for_each_class(n, |_, _| {
        count += 1;
        ControlFlow::Continue(())
    });
    count
}
