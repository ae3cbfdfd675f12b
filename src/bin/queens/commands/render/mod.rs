//! `queens render`: boards as SVG pictures. Its arguments are in [`args`]; a class found by
//! its number in [`class`].

mod args;
mod class;

use super::CommandError;
use super::list::board_arg_read;
use crate::output::Destination;
pub use args::{LONG_HELP, RenderArgs};
use class::{check_class, class_number, count_classes, no_such_class};
use queens::board::reader;
use queens::classify;
use queens::draw::render::{self, Labels};

/// The largest n `--all-classes` draws (n = 11: 341 classes; n = 12 would be 1,787).
pub const MAX_ALL_CLASSES_N: usize = 11;

/// The largest n for which a `--class` caption says how many classes there are (n = 14:
/// 365,596 solutions to list, a fraction of a second).
pub const MAX_COUNTED_N: usize = classify::MAX_NUMBERED_N;

/// Runs `queens render`.
pub fn run(args: &RenderArgs) -> Result<(), CommandError> {
    args.svg.check_name().map_err(CommandError::Usage)?;
    // --solution captions its board's class under the group asked for; the other pictures
    // draw classes under the square's 8 symmetries alone.
    if args.solution.is_none() {
        let why = "--orbit, --class and --all-classes draw classes under the square's 8 \
                   symmetries (--solution captions its class under the group asked for)";
        args.rules
            .refuse_symmetries("render", why)
            .map_err(CommandError::Usage)?;
    }
    args.rules.check_group().map_err(CommandError::Usage)?;
    let n = args.n;
    let labels = args.labels;
    if labels == Labels::Chess && n > queens::board::notation::MAX_ALGEBRAIC_N {
        return Err(CommandError::Usage(format!(
            "--labels chess: files run from a to z, so n ≤ {}; use --labels index",
            queens::board::notation::MAX_ALGEBRAIC_N
        )));
    }
    let rules = args.rules.rules();
    if !rules.is_queens() && args.solution.is_none() && args.orbit.is_none() {
        return Err(CommandError::Usage(format!(
            "--class and --all-classes draw the queens' classes; draw a board of the rules {rules} with --solution or --orbit"
        )));
    }
    if let Some(k) = args.class {
        check_class(n, k)?;
    }
    let dest = Destination::checked(&args.svg.output).map_err(CommandError::Usage)?;
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
            render::attacks_svg(&cols, &rules, labels)
        } else {
            let read = board_arg_read(text, args.from, n, "--solution");
            let (board, _) = read.map_err(|e| match e {
                CommandError::Usage(m) if m.contains("attack") => CommandError::Usage(format!(
                    "{m} (--allow-attacks draws it with the attacking pairs marked)"
                )),
                other => other,
            })?;
            queens::console::rules::check_board(Some(&board), &rules, "--solution")
                .map_err(CommandError::Usage)?;
            render::board_svg(&board, None, labels, &rules)
        }
    } else if let Some(text) = &args.orbit {
        // Titled and captioned in the notation the board was given in.
        let (board, read) = board_arg_read(text, args.from, n, "--orbit")?;
        queens::console::rules::check_board(Some(&board), &rules, "--orbit")
            .map_err(CommandError::Usage)?;
        if rules.surface == queens::rules::Surface::Torus {
            // Not the class under the torus group (as `list --orbit` lists it): said, even
            // with --quiet, since the picture is not what the torus's classes count.
            crate::note(&format!(
                "queens: note: render --orbit draws the board's images under the square's 8 \
                 symmetries; its class under the torus group: `queens list {n} --board torus \
                 --orbit …`"
            ));
        }
        render::orbit_svg_in(
            &board,
            &classify::orbit_members(&board),
            labels,
            read,
            &rules,
        )
    } else if let Some(k) = args.class {
        let class = class_number(n, k, args.quiet)
            .map_err(|count| CommandError::Usage(no_such_class(n, k, count as u128)))?;
        // Counting every class means listing every solution: done only where that is quick.
        let heading = if n <= MAX_COUNTED_N {
            format!("class {k} of {}", count_classes(n))
        } else {
            format!("class {k}")
        };
        render::board_svg(&class.canonical, Some(&heading), labels, &rules)
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
