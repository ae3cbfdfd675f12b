//! Boards drawn as SVG: a checkered board with a crown on every queen's square and a caption
//! naming the board's symmetry type; every class of a board size in a grid; the whole class
//! of one board, each captioned with its transform; an invalid board with its attacking pairs
//! marked.
//!
//! Row 0 is drawn at the top and column 0 at the left, as in the `board` text format (and as
//! a chess diagram puts rank n and file a: see [`Labels`]). Every queen is one
//! `<path class="queen" data-row="r" data-col="c">`, every attacking pair one
//! `<line class="attack" data-rows="r1 r2">`, so a program can count a picture's queens and
//! read where they stand. Every picture is sized to its text: no caption is clipped.

use crate::board::Solution;
use crate::board::notation::square_name;
use crate::board::plural;
use crate::classify::{ClassInfo, OrbitMember};
use crate::draw::svg::{Svg, num, text_width};
use crate::rules::{Group, Rules, Surface};
use crate::symmetry::{self, SymmetryType, Transform};
use crate::torus_group::TorusGroup;

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

/// Coordinates drawn along a board's edges.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
// `render --labels`'s values (the command line's names, and its help of each).
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
pub enum Labels {
    /// Column numbers (from 0) above the board, row numbers (from 0) at its left: how the
    /// `cols` notation `0 4 7 5 2 6 1 3` reads (the default: the tool's own notation).
    #[cfg_attr(
        feature = "cli",
        value(
            help = "Row and column numbers counted from 0, as the cols notation reads them \
            (row 0 at the top, column 0 at the left)"
        )
    )]
    Index,
    /// Files `a`, `b`, … under the board and ranks `n` … `1` at its left (rank n at the
    /// top): how the `algebraic` notation reads.
    #[cfg_attr(
        feature = "cli",
        value(
            help = "Files a, b, … under the board and ranks 1 to n up its side (rank n at \
            the top), as the algebraic notation reads them"
        )
    )]
    Chess,
    /// None.
    #[cfg_attr(feature = "cli", value(help = "No coordinates"))]
    None,
}

/// Red, for attacks.
const ATTACK: &str = "#d62728";

/// The label font and the space it takes at the left, above and below a board of squares of
/// side `cell`.
fn gutters(labels: Labels, cell: f64) -> (f64, f64, f64, f64) {
    let font = (cell * 0.45).clamp(7.0, 12.0);
    let gap = font + 6.0;
    match labels {
        Labels::Index => (font, gap, gap, 0.0),
        Labels::Chess => (font, gap, 0.0, gap),
        Labels::None => (font, 0.0, 0.0, 0.0),
    }
}

/// The size of a board of `n` squares of side `cell` with its labels: (width, height).
fn framed_size(n: usize, cell: f64, labels: Labels) -> (f64, f64) {
    let (_, left, top, bottom) = gutters(labels, cell);
    let side = cell * n as f64;
    // The labels sit at the left only; the same space at the right keeps the board centred.
    (side + 2.0 * left, top + side + bottom)
}

/// Draws the labels of a board of size `n` whose top-left corner is at `(x, y)`.
fn draw_labels(svg: &mut Svg, x: f64, y: f64, cell: f64, n: usize, labels: Labels) {
    let (font, left, top, bottom) = gutters(labels, cell);
    let side = cell * n as f64;
    for i in 0..n {
        let centre = i as f64 * cell + cell / 2.0;
        let (col_label, row_label, col_y) = match labels {
            Labels::None => return,
            Labels::Index => (i.to_string(), i.to_string(), y - top / 2.0 + font / 3.0),
            Labels::Chess => (
                ((b'a' + i as u8) as char).to_string(),
                (n - i).to_string(),
                y + side + bottom / 2.0 + font / 3.0,
            ),
        };
        svg.text(x + centre, col_y, "middle", font, &col_label);
        svg.text(
            x - left / 2.0,
            y + centre + font / 3.0,
            "middle",
            font,
            &row_label,
        );
    }
}

/// How a class is described in captions: `asymmetric: a class of 8 boards`.
pub fn describe(symmetry: SymmetryType, class_size: usize) -> String {
    let what = match symmetry {
        SymmetryType::Asymmetric => "asymmetric",
        SymmetryType::HalfTurn => "symmetric under a half turn",
        SymmetryType::QuarterTurn => "symmetric under a quarter turn",
    };
    format!("{what}: a class of {}", plural(class_size as u64, "board"))
}

/// How the class of a solution of `rules` is described in captions, under the rules' group:
/// `asymmetric: a class of 8 boards` under the square's 8 symmetries, `symmetric under a
/// quarter turn: a class of 10 boards under the torus group` under the torus group.
pub fn describe_under(board: &Solution, rules: &Rules) -> String {
    match rules.group {
        Group::Square => describe(symmetry::symmetry_type(board), symmetry::orbit(board).len()),
        Group::Torus => {
            let group = TorusGroup::new(board.n());
            let stabilizer = group.stabilizer(board.cols());
            let size = group.order() / stabilizer.order();
            format!(
                "{} under the torus group",
                describe(stabilizer.symmetry_type(), size as usize)
            )
        }
    }
}

/// The rules in a caption, for rules other than the queens': `superqueens on the torus`.
fn rules_line(rules: &Rules) -> Option<String> {
    (!rules.is_queens()).then(|| format!("{} on {}", rules.piece.plural(), rules.surface.words()))
}

/// The picture's title: `8-queens solution 0 4 7 5 2 6 1 3`, `10-superqueens solution …`,
/// `7-queens solution … on the torus`.
fn title(n: usize, rules: &Rules, what: &str, board: &str) -> String {
    let on = match rules.surface {
        Surface::Plane => String::new(),
        other => format!(" on {}", other.words()),
    };
    format!("{n}-{} {what} {board}{on}", rules.piece.plural())
}

/// What a transform does, in words, for legends.
pub(crate) fn transform_words(t: Transform) -> &'static str {
    match t {
        Transform::Identity => "the board as given",
        Transform::Rot90 => "a quarter turn clockwise",
        Transform::Rot180 => "a half turn",
        Transform::Rot270 => "a quarter turn counter-clockwise",
        Transform::FlipColumns => "mirrored left to right",
        Transform::FlipRows => "mirrored top to bottom",
        Transform::Transpose => "mirrored in the main diagonal",
        Transform::AntiTranspose => "mirrored in the anti-diagonal",
    }
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

/// The pairs of rows `(first, second)` whose pieces attack each other under `rules`
/// ([`Rules::attacks`]).
pub(crate) fn attacking_pairs(cols: &[u8], rules: &Rules) -> Vec<(usize, usize)> {
    let mut pairs = Vec::new();
    for second in 1..cols.len() {
        for first in 0..second {
            let (a, b) = (
                (first, cols[first] as usize),
                (second, cols[second] as usize),
            );
            if rules.attacks(cols.len(), a, b) {
                pairs.push((first, second));
            }
        }
    }
    pairs
}

/// Draws the board `cols` with its top-left corner at `(x, y)` and squares of side `cell`;
/// with `attacks` (the rules to draw the attacks of), the attacked queens' squares tinted and
/// every attacking pair joined.
fn draw_board(svg: &mut Svg, x: f64, y: f64, cell: f64, cols: &[u8], attacks: Option<&Rules>) {
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
    let pairs = attacks.map_or_else(Vec::new, |rules| attacking_pairs(cols, rules));
    let mut attacked = vec![false; n];
    for &(a, b) in &pairs {
        attacked[a] = true;
        attacked[b] = true;
    }
    for (r, &c) in cols.iter().enumerate().filter(|&(r, _)| attacked[r]) {
        svg.rect(
            x + f64::from(c) * cell,
            y + r as f64 * cell,
            cell,
            cell,
            &[
                ("class", "attacked".into()),
                ("fill", ATTACK.into()),
                ("fill-opacity", "0.45".into()),
            ],
        );
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
    let centre = |r: usize| {
        (
            x + f64::from(cols[r]) * cell + cell / 2.0,
            y + r as f64 * cell + cell / 2.0,
        )
    };
    for &(a, b) in &pairs {
        svg.line(
            centre(a),
            centre(b),
            &[
                ("class", "attack".into()),
                ("data-rows", format!("{a} {b}")),
                ("stroke", ATTACK.into()),
                ("stroke-width", num((cell / 12.0).max(1.5))),
                ("stroke-linecap", "round".into()),
                ("stroke-opacity", "0.85".into()),
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

/// Draws a board with its labels in a box of `(width, height)` = [`framed_size`] whose
/// top-left corner is `(x, y)`.
fn draw_framed(
    svg: &mut Svg,
    x: f64,
    y: f64,
    cell: f64,
    cols: &[u8],
    labels: Labels,
    attacks: Option<&Rules>,
) {
    let (_, left, top, _) = gutters(labels, cell);
    draw_board(svg, x + left, y + top, cell, cols, attacks);
    draw_labels(svg, x + left, y + top, cell, cols.len(), labels);
}

/// Writes caption lines centred at `centre_x`, the first baseline one line below `top`.
fn caption(svg: &mut Svg, centre_x: f64, top: f64, lines: &[String], size: f64) {
    for (i, line) in lines.iter().enumerate() {
        svg.text(
            centre_x,
            top + (i as f64 + 1.0) * LINE * size / 14.0,
            "middle",
            size,
            line,
        );
    }
}

/// The width the widest of `lines` takes at `size` px.
fn widest(lines: &[String], size: f64) -> f64 {
    lines
        .iter()
        .map(|l| text_width(l, size))
        .fold(0.0, f64::max)
}

/// One board with captions below it, the picture sized to both.
fn single(
    cols: &[u8],
    lines: &[String],
    labels: Labels,
    attacks: Option<&Rules>,
    title: &str,
) -> String {
    let n = cols.len();
    let cell = (400.0 / n as f64).clamp(12.0, 48.0);
    let (bw, bh) = framed_size(n, cell, labels);
    let width = (bw.max(widest(lines, 14.0)) + 2.0 * MARGIN).max(240.0);
    let height = bh + 2.0 * MARGIN + LINE * lines.len() as f64 + MARGIN / 2.0;
    let mut svg = Svg::new(width, height);
    draw_framed(
        &mut svg,
        (width - bw) / 2.0,
        MARGIN,
        cell,
        cols,
        labels,
        attacks,
    );
    caption(&mut svg, width / 2.0, MARGIN + bh + 4.0, lines, 14.0);
    svg.finish(title)
}

/// The caption lines of a board in cols notation, wrapped at about 52 characters (n = 20
/// and beyond take two lines).
fn cols_lines(prefix: &str, cols: &[u8]) -> Vec<String> {
    let text = crate::board::notation::to_string(crate::board::notation::Notation::Cols, cols);
    wrap(&format!("{prefix}{text}"), 52)
}

/// One solution of `rules` with a caption: a `heading` if given, the rules (where they are
/// not the queens'), the board in cols notation, and its symmetry type and class size under
/// the rules' group ([`describe_under`]).
pub fn board_svg(board: &Solution, heading: Option<&str>, labels: Labels, rules: &Rules) -> String {
    let n = board.n();
    let mut lines = Vec::new();
    if let Some(h) = heading {
        lines.push(h.to_string());
    }
    lines.extend(rules_line(rules));
    lines.extend(cols_lines(&format!("n = {n}: "), board.cols()));
    if labels == Labels::Chess {
        let squares = crate::board::notation::to_string(
            crate::board::notation::Notation::Algebraic,
            board.cols(),
        );
        lines.extend(wrap(&squares, 52));
    }
    lines.push(describe_under(board, rules));
    single(
        board.cols(),
        &lines,
        labels,
        None,
        &title(n, rules, "solution", &board.to_string()),
    )
}

/// A board that need not be a solution (any column in `0..n` for each row), every pair that
/// attacks under `rules` joined by a red line and the attacked queens' squares tinted;
/// captioned with the number of attacking pairs (none: it is a solution, drawn as
/// [`board_svg`] would with the same caption plus its symmetry).
pub fn attacks_svg(cols: &[u8], rules: &Rules, labels: Labels) -> String {
    let n = cols.len();
    let pairs = attacking_pairs(cols, rules);
    let mut lines: Vec<String> = rules_line(rules).into_iter().collect();
    lines.extend(cols_lines(&format!("n = {n}: "), cols));
    if pairs.is_empty() {
        let s = Solution::from_valid(cols.to_vec());
        lines.push(format!(
            "a solution: no two {} attack each other",
            rules.piece.plural()
        ));
        lines.push(describe_under(&s, rules));
    } else {
        lines.push(format!(
            "not a solution: {} (red)",
            plural(pairs.len() as u64, "attacking pair")
        ));
        let shown: Vec<String> = pairs
            .iter()
            .take(6)
            .map(|&(a, b)| match labels {
                Labels::Chess => format!(
                    "{}–{}",
                    square_name(n, a, usize::from(cols[a])),
                    square_name(n, b, usize::from(cols[b]))
                ),
                _ => format!("rows {a} and {b}"),
            })
            .collect();
        let more = if pairs.len() > 6 { ", …" } else { "" };
        lines.extend(wrap(&format!("{}{more}", shown.join(", ")), 52));
    }
    single(
        cols,
        &lines,
        labels,
        Some(rules),
        &format!(
            "{} with {}",
            title(
                n,
                rules,
                "board",
                &crate::board::notation::to_string(crate::board::notation::Notation::Cols, cols)
            ),
            plural(pairs.len() as u64, "attacking pair")
        ),
    )
}

/// Boards laid out in a grid with a heading, each tile a board and its caption lines: the
/// picture sized to the widest text.
fn grid(
    n: usize,
    heading: &[String],
    tiles: &[(Vec<String>, &[u8])],
    group_class: &str,
    labels: Labels,
    title: &str,
) -> String {
    let per_row = (tiles.len() as f64).sqrt().ceil().max(1.0) as usize;
    let rows = tiles.len().div_ceil(per_row);
    let cell = (160.0 / n as f64).clamp(8.0, 24.0);
    let (bw, bh) = framed_size(n, cell, labels);
    let caption_lines = tiles.iter().map(|t| t.0.len()).max().unwrap_or(0);
    let tile_w = tiles.iter().map(|t| widest(&t.0, 11.0)).fold(bw, f64::max) + MARGIN;
    let small_line = LINE * 11.0 / 14.0;
    let tile_h = bh + MARGIN + small_line * caption_lines as f64;
    let head = LINE * 15.0 / 14.0 * heading.len() as f64 + MARGIN / 2.0;
    let width = (per_row as f64 * tile_w + MARGIN).max(widest(heading, 15.0) + 2.0 * MARGIN);
    let height = MARGIN / 2.0 + head + rows as f64 * tile_h + MARGIN / 2.0;
    let mut svg = Svg::new(width, height);
    caption(&mut svg, width / 2.0, MARGIN / 4.0, heading, 15.0);
    // Centre the grid when the heading is the widest thing.
    let left0 = (width - per_row as f64 * tile_w - MARGIN) / 2.0 + MARGIN;
    for (i, (lines, cols)) in tiles.iter().enumerate() {
        let (gx, gy) = ((i % per_row) as f64, (i / per_row) as f64);
        let left = left0 + gx * tile_w;
        let top = MARGIN / 2.0 + head + gy * tile_h;
        svg.group(&[("class", group_class.into())]);
        draw_framed(
            &mut svg,
            left + (tile_w - MARGIN - bw) / 2.0,
            top,
            cell,
            cols,
            labels,
            None,
        );
        caption(
            &mut svg,
            left + (tile_w - MARGIN) / 2.0,
            top + bh - 2.0,
            lines,
            11.0,
        );
        svg.end_group();
    }
    svg.finish(title)
}

/// Every class of board size `n` in a grid, each board captioned with its class index,
/// symmetry type and class size.
pub fn classes_svg(n: usize, classes: &[ClassInfo], labels: Labels) -> String {
    let by_type = |t: SymmetryType| classes.iter().filter(|c| c.symmetry == t).count();
    let heading = vec![format!(
        "n = {n}: {} ({} asymmetric, {} half-turn, {} quarter-turn)",
        plural(classes.len() as u64, "class"),
        by_type(SymmetryType::Asymmetric),
        by_type(SymmetryType::HalfTurn),
        by_type(SymmetryType::QuarterTurn)
    )];
    let tiles: Vec<(Vec<String>, &[u8])> = classes
        .iter()
        .map(|class| {
            let short = match class.symmetry {
                SymmetryType::Asymmetric => "asymmetric",
                SymmetryType::HalfTurn => "half-turn",
                SymmetryType::QuarterTurn => "quarter-turn",
            };
            (
                vec![
                    format!("#{} {short} ({})", class.index, class.class_size),
                    class.canonical.to_string(),
                ],
                class.canonical.cols(),
            )
        })
        .collect();
    grid(
        n,
        &heading,
        &tiles,
        "class",
        labels,
        &format!(
            "the {} of the {n}-queens problem",
            plural(classes.len() as u64, "class")
        ),
    )
}

/// The whole class of `board`: every distinct image (`members`, from
/// [`crate::classify::orbit_members`]), each captioned with the transforms that make it from
/// `board`, and a legend saying what each transform does.
pub fn orbit_svg(board: &Solution, members: &[OrbitMember], labels: Labels) -> String {
    orbit_svg_in(
        board,
        members,
        labels,
        crate::board::notation::Notation::Cols,
        &Rules::QUEENS,
    )
}

/// [`orbit_svg`] with the boards of the heading and the captions written in `notation`
/// (the one the board was given in); `cols` for a notation that spans lines or needs more
/// room than a caption has (`board`, `leetcode`, `csv`), and for a board too large for it.
///
/// A board of other `rules` is headed by them (`superqueens on the plane`); on the torus the
/// members are the board's images under the square's 8 symmetries, which the heading and the
/// title say, with the size of its class under the torus group.
pub fn orbit_svg_in(
    board: &Solution,
    members: &[OrbitMember],
    labels: Labels,
    notation: crate::board::notation::Notation,
    rules: &Rules,
) -> String {
    use crate::board::notation::{self, Notation};
    let n = board.n();
    let notation = match notation {
        Notation::Cols1 | Notation::Digits | Notation::Algebraic if notation.check_n(n).is_ok() => {
            notation
        }
        _ => Notation::Cols,
    };
    let text = |cols: &[u8]| notation::to_string(notation, cols);
    let torus = rules.group == Group::Torus;
    let what = match torus {
        true => "the images under the square's 8 symmetries of",
        false => "the class of",
    };
    let mut heading: Vec<String> = rules_line(rules).into_iter().collect();
    heading.extend(wrap(&format!("n = {n}: {what} {}", text(board.cols())), 52));
    heading.push(match torus {
        true => format!(
            "{}; {}",
            plural(members.len() as u64, "board"),
            describe_under(board, rules).replace(": a class of", ": its class has")
        ),
        false => describe(symmetry::symmetry_type(board), members.len()),
    });
    let tiles: Vec<(Vec<String>, &[u8])> = members
        .iter()
        .map(|m| {
            let names: Vec<&str> = m.from.iter().map(|t| t.name()).collect();
            let mut lines = vec![names.join(" = ")];
            lines.extend(wrap(&text(m.board.cols()), 30));
            (lines, m.board.cols())
        })
        .collect();
    let mut used: Vec<Transform> = members.iter().flat_map(|m| m.from.clone()).collect();
    used.sort();
    let legend: Vec<String> = used
        .iter()
        .map(|&t| format!("{}: {}", t.name(), transform_words(t)))
        .collect();
    for chunk in legend.chunks(2) {
        heading.push(chunk.join("; "));
    }
    grid(
        n,
        &heading,
        &tiles,
        "member",
        labels,
        &format!(
            "{what} the {}: {}",
            title(n, rules, "solution", &text(board.cols())),
            plural(members.len() as u64, "board")
        ),
    )
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

    #[test]
    fn the_attack_picture_follows_the_rules() {
        use crate::rules::TEST_RULES;
        // A solution of the plane's 6 queens; on the torus three pairs attack along diagonals
        // that wrap around the board (rows 0 and 2: columns 1 and 5, one row apart twice).
        let six = [1, 3, 5, 0, 2, 4];
        let plane = attacks_svg(&six, &Rules::QUEENS, Labels::Index);
        assert!(!plane.contains(r#"class="attack""#), "{plane}");
        assert!(plane.contains("a solution: no two queens attack each other"));
        let torus = attacks_svg(&six, &TEST_RULES, Labels::Index);
        assert_eq!(torus.matches(r#"class="attack""#).count(), 3, "{torus}");
        for rows in ["0 2", "2 3", "3 5"] {
            assert!(torus.contains(&format!(r#"data-rows="{rows}""#)), "{rows}");
        }
        assert!(torus.contains("not a solution: 3 attacking pairs (red)"));
        assert_eq!(attacking_pairs(&six, &TEST_RULES), [(0, 2), (2, 3), (3, 5)]);
    }
}
