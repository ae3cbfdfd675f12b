//! `queens render`: boards as SVG pictures.

use super::CommandError;
use crate::cli::RenderArgs;
use queens::classify;
use queens::draw::render;

/// The largest n `--all-classes` draws (n = 11: 341 classes; n = 12 would be 1,787).
pub const MAX_ALL_CLASSES_N: usize = 11;

/// The largest n for which a `--class` caption says how many classes there are (n = 14:
/// 365,596 solutions to list, a fraction of a second).
pub const MAX_COUNTED_N: usize = 14;

/// Runs `queens render`.
pub fn run(args: &RenderArgs) -> Result<(), CommandError> {
    let dest = super::destination(&args.output)?;
    let n = args.n;
    let svg = if let Some(board) = &args.solution {
        if board.n() != n {
            return Err(CommandError::Usage(format!(
                "--solution has {} columns but N is {n}",
                board.n()
            )));
        }
        render::board_svg(board, None)
    } else if let Some(k) = args.class {
        let class = classify::class_number(n, k).map_err(|count| {
            CommandError::Usage(match count {
                0 => format!("n = {n} has no solutions, so no class {k}"),
                _ => format!("n = {n} has {count} classes: --class must lie in 1..={count}"),
            })
        })?;
        // Counting every class means listing every solution: done only where that is quick.
        let heading = if n <= MAX_COUNTED_N {
            format!("class {k} of {}", count_classes(n))
        } else {
            format!("class {k}")
        };
        render::board_svg(&class.canonical, Some(&heading))
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
        render::classes_svg(n, &classes)
    };
    dest.write_with(|w| w.write_all(svg.as_bytes()))?;
    Ok(())
}

/// The number of classes of `n`, counted by listing them.
fn count_classes(n: usize) -> usize {
    let mut count = 0;
    classify::for_each_class(n, |_, _| {
        count += 1;
        std::ops::ControlFlow::Continue(())
    });
    count
}
