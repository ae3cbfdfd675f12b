//! Boards drawn as SVG: a checkered board with a crown on every queen's square and a caption
//! naming the board's symmetry type; or every class of a board size in a grid.
//!
//! Row 0 is drawn at the top and column 0 at the left, as in the `board` text format. Every
//! queen is one `<path class="queen" data-row="r" data-col="c">`, so a program can count a
//! picture's queens and read where they stand.

use crate::board::Solution;
use crate::classify::ClassInfo;
use crate::draw::svg::{Svg, num};
use crate::symmetry::{self, SymmetryType};

/// Light squares.
const LIGHT: &str = "#f0d9b5";
/// Dark squares.
const DARK: &str = "#b58863";
/// The queens.
const QUEEN: &str = "#1d1d1d";
/// Space around and between boards, in pixels.
const MARGIN: f64 = 16.0;
/// Height of one caption line, in pixels.
const LINE: f64 = 18.0;

/// The outline of a crown filling the unit square (x to the right, y down), as
/// `(x, y)` corners: a base and five points, closed back to the first corner.
const CROWN: [(f64, f64); 9] = [
    (0.18, 0.82),
    (0.82, 0.82),
    (0.86, 0.30),
    (0.70, 0.52),
    (0.62, 0.22),
    (0.50, 0.48),
    (0.38, 0.22),
    (0.30, 0.52),
    (0.14, 0.30),
];

/// How a class is described in captions: `asymmetric: a class of 8 boards`.
pub fn describe(symmetry: SymmetryType, class_size: usize) -> String {
    let what = match symmetry {
        SymmetryType::Asymmetric => "asymmetric",
        SymmetryType::HalfTurn => "symmetric under a half turn",
        SymmetryType::QuarterTurn => "symmetric under a quarter turn",
    };
    let boards = if class_size == 1 { "board" } else { "boards" };
    format!("{what}: a class of {class_size} {boards}")
}

/// Splits `text` at spaces into lines of at most `max` characters (a longer word stays whole).
fn wrap(text: &str, max: usize) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    for word in text.split(' ') {
        match lines.last_mut() {
            Some(line) if line.len() + 1 + word.len() <= max => {
                line.push(' ');
                line.push_str(word);
            }
            _ => lines.push(word.to_string()),
        }
    }
    lines
}

/// Draws the board `cols` with its top-left corner at `(x, y)` and squares of side `cell`.
fn draw_board(svg: &mut Svg, x: f64, y: f64, cell: f64, cols: &[u8]) {
    let n = cols.len();
    let side = cell * n as f64;
    svg.rect(x, y, side, side, &[("fill", LIGHT.into())]);
    for r in 0..n {
        for c in (0..n).filter(|c| (r + c) % 2 == 1) {
            svg.rect(
                x + c as f64 * cell,
                y + r as f64 * cell,
                cell,
                cell,
                &[("fill", DARK.into())],
            );
        }
    }
    for (r, &c) in cols.iter().enumerate() {
        let (qx, qy) = (x + f64::from(c) * cell, y + r as f64 * cell);
        let mut d = String::new();
        for (i, (px, py)) in CROWN.iter().enumerate() {
            d += if i == 0 { "M" } else { "L" };
            d += &format!("{},{} ", num(qx + px * cell), num(qy + py * cell));
        }
        d += "Z";
        svg.element(
            "path",
            &[
                ("class", "queen".into()),
                ("data-row", r.to_string()),
                ("data-col", c.to_string()),
                ("d", d),
                ("fill", QUEEN.into()),
                ("stroke", "#ffffff".into()),
                ("stroke-width", num((cell / 25.0).max(0.5))),
                ("stroke-linejoin", "round".into()),
            ],
        );
    }
    svg.rect(
        x,
        y,
        side,
        side,
        &[
            ("fill", "none".into()),
            ("stroke", "#333333".into()),
            ("stroke-width", "1".into()),
        ],
    );
}

/// Writes caption lines centred under a board.
fn caption(svg: &mut Svg, centre_x: f64, top: f64, lines: &[String], size: f64) {
    for (i, line) in lines.iter().enumerate() {
        svg.text(
            centre_x,
            top + (i as f64 + 1.0) * LINE,
            "middle",
            size,
            line,
        );
    }
}

/// One board with a caption: the board in cols format, a `heading` if given, and its
/// symmetry type and class size.
pub fn board_svg(board: &Solution, heading: Option<&str>) -> String {
    let n = board.n();
    let cell = (400.0 / n as f64).clamp(12.0, 48.0);
    let side = cell * n as f64;
    let mut lines = Vec::new();
    if let Some(h) = heading {
        lines.push(h.to_string());
    }
    let width = (side + 2.0 * MARGIN).max(360.0);
    // Long column lists (large n) are wrapped to the picture's width: a 14 px sans-serif
    // character is about 8 px wide.
    lines.extend(wrap(&format!("n = {n}: {board}"), (width / 8.0) as usize));
    lines.push(describe(
        symmetry::symmetry_type(board),
        symmetry::orbit(board).len(),
    ));
    let height = side + 2.0 * MARGIN + LINE * lines.len() as f64;
    let mut svg = Svg::new(width, height);
    let x = (width - side) / 2.0;
    draw_board(&mut svg, x, MARGIN, cell, board.cols());
    caption(&mut svg, width / 2.0, MARGIN + side, &lines, 14.0);
    svg.finish(&format!("{n}-queens solution {board}"))
}

/// Every class of board size `n` in a grid, each board captioned with its class index,
/// symmetry type and class size.
pub fn classes_svg(n: usize, classes: &[ClassInfo]) -> String {
    let per_row = (classes.len() as f64).sqrt().ceil().max(1.0) as usize;
    let rows = classes.len().div_ceil(per_row);
    let cell = (160.0 / n as f64).clamp(8.0, 24.0);
    let side = cell * n as f64;
    let tile_w = side.max(150.0) + MARGIN;
    let tile_h = side + MARGIN + 2.0 * LINE;
    let head = 2.0 * LINE;
    let width = per_row as f64 * tile_w + MARGIN;
    let height = head + rows as f64 * tile_h + MARGIN;
    let mut svg = Svg::new(width, height);
    let by_type = |t: SymmetryType| classes.iter().filter(|c| c.symmetry == t).count();
    caption(
        &mut svg,
        width / 2.0,
        0.0,
        &[format!(
            "n = {n}: {} classes ({} asymmetric, {} half-turn, {} quarter-turn)",
            classes.len(),
            by_type(SymmetryType::Asymmetric),
            by_type(SymmetryType::HalfTurn),
            by_type(SymmetryType::QuarterTurn)
        )],
        15.0,
    );
    for (i, class) in classes.iter().enumerate() {
        let (gx, gy) = ((i % per_row) as f64, (i / per_row) as f64);
        let left = MARGIN + gx * tile_w;
        let top = head + MARGIN / 2.0 + gy * tile_h;
        svg.group(&[("class", "class".into())]);
        draw_board(
            &mut svg,
            left + (tile_w - MARGIN - side) / 2.0,
            top,
            cell,
            class.canonical.cols(),
        );
        let short = match class.symmetry {
            SymmetryType::Asymmetric => "asymmetric",
            SymmetryType::HalfTurn => "half-turn",
            SymmetryType::QuarterTurn => "quarter-turn",
        };
        caption(
            &mut svg,
            left + (tile_w - MARGIN) / 2.0,
            top + side - 4.0,
            &[
                format!("#{} {short} ({})", class.index, class.class_size),
                class.canonical.to_string(),
            ],
            11.0,
        );
        svg.end_group();
    }
    svg.finish(&format!(
        "the {} classes of the {n}-queens problem",
        classes.len()
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wraps_long_captions_at_spaces() {
        assert_eq!(wrap("n = 8: 0 4 7", 40), vec!["n = 8: 0 4 7"]);
        assert_eq!(wrap("aa bb cc", 5), vec!["aa bb", "cc"]);
        assert_eq!(wrap("toolongword x", 4), vec!["toolongword", "x"]);
    }
}
