//! The growth plot: total solutions and classes against n on a logarithmic scale, from a table
//! of rows, with the published values (OEIS, [`crate::verify`]) marked by rings.
//!
//! Each computed value is a `<circle class="point total">` or `<circle class="point classes">`,
//! each published value a `<circle class="known total">` or `<circle class="known classes">`,
//! so a program can count what was drawn. A value of 0 (n = 2, 3) has no place on a log scale
//! and is left out, as the caption says.
//!
//! Nothing in the table is hidden: two series with the same value at one n (both are 1 at
//! n = 1) are drawn side by side; a value that disagrees with the published one is drawn and
//! crossed out in red (`class="disagrees …"`), and a board size that appears more than once
//! is drawn each time; [`check_table`] words both as warnings for the caller to print.

use crate::draw::svg::{Svg, num, text_width};
use crate::formats::named;
use crate::formats::table::{self, Row};
use crate::rules::{Group, Rules};
use crate::verify;

/// Plot area and margins, in pixels.
const WIDTH: f64 = 720.0;
const HEIGHT: f64 = 480.0;
const LEFT: f64 = 84.0;
const RIGHT: f64 = 20.0;
const TOP: f64 = 50.0;
const BOTTOM: f64 = 80.0;

/// The two series: name in class attributes, legend label, colour, the side its marks move
/// to where both series have the same value (−1 left, +1 right), and the value of a row and of
/// a published row.
struct Series {
    name: &'static str,
    side: f64,
    colour: &'static str,
    value: fn(&Row) -> u128,
    published: fn(&verify::KnownRow) -> Option<u128>,
}

const SERIES: [Series; 2] = [
    Series {
        name: "total",
        side: -1.0,
        colour: "#1f5fa8",
        value: |r| r.total,
        published: |k| k.total,
    },
    Series {
        name: "classes",
        side: 1.0,
        colour: "#d0661c",
        value: |r| r.classes.total(),
        published: |k| k.classes,
    },
];

impl Series {
    /// The series' name in the legend and the warnings, for a table of `rules` with classes
    /// under `group`: `solutions (A000170)`, `classes under D4 (A002562)`, `classes under the
    /// torus group (A053994 on the odd boards)`; without an A-number where none is published.
    fn label(&self, rules: &Rules, group: Group) -> String {
        let words = match self.name {
            "total" => "solutions".to_string(),
            _ => match group {
                Group::Square => "classes under D4".to_string(),
                Group::Torus => "classes under the torus group".to_string(),
            },
        };
        match named::a_number(self.name, rules, group) {
            Some(a) => format!("{words} ({a})"),
            None => words,
        }
    }
}

/// The title of the plot of a table of `rules`: `n-queens: …` for the queens on the plane,
/// `superqueens on the torus: …` for the others.
fn title(rules: &Rules) -> String {
    let what = match rules.is_queens() {
        true => "n-queens".to_string(),
        false => format!("{} on {}", rules.piece.plural(), rules.surface.words()),
    };
    format!("{what}: solutions and classes against n")
}

/// How far apart (in pixels, each side of the true x) two series' marks are drawn where they
/// would coincide: enough for two dots of radius 3 to stand apart.
const SIDE_BY_SIDE: f64 = 4.0;

/// The name of the value axis, drawn upright along it.
const VALUE_AXIS: &str = "solutions or classes (log scale)";

/// Superscript digits for the axis labels (`10⁶`).
fn superscript(k: i32) -> String {
    k.to_string()
        .chars()
        .map(|c| match c {
            '-' => '⁻',
            d => ['⁰', '¹', '²', '³', '⁴', '⁵', '⁶', '⁷', '⁸', '⁹'][d as usize - '0' as usize],
        })
        .collect()
}

/// Where values go: the n range across, the decades up, inside the plot area.
struct Frame {
    n_min: usize,
    n_max: usize,
    /// The lowest and highest power of ten on the value axis.
    k_lo: i32,
    k_hi: i32,
    plot_w: f64,
    plot_h: f64,
}

impl Frame {
    /// The frame that holds every positive value of `rows` (sorted by n), or `None` if there
    /// is none.
    fn fit(rows: &[&Row]) -> Option<Frame> {
        let positive: Vec<f64> = rows
            .iter()
            .flat_map(|r| SERIES.iter().map(move |s| (s.value)(r)))
            .filter(|&v| v > 0)
            .map(|v| v as f64)
            .collect();
        if positive.is_empty() {
            return None;
        }
        let lo = positive.iter().copied().fold(f64::INFINITY, f64::min);
        let hi = positive.iter().copied().fold(0.0, f64::max);
        let k_lo = lo.log10().floor() as i32;
        Some(Frame {
            n_min: rows[0].n,
            n_max: rows[rows.len() - 1].n,
            k_lo,
            k_hi: (hi.log10().ceil() as i32).max(k_lo + 1),
            plot_w: WIDTH - LEFT - RIGHT,
            plot_h: HEIGHT - TOP - BOTTOM,
        })
    }

    /// The x of board size `n`: half a step of n on either side, so that no point sits on the
    /// frame.
    fn x_of(&self, n: usize) -> f64 {
        LEFT + ((n - self.n_min) as f64 + 0.5) / ((self.n_max - self.n_min) as f64 + 1.0)
            * self.plot_w
    }

    /// The y of value `v` (> 0) on the log scale, with a little room above and below the
    /// decades.
    fn y_of(&self, v: f64) -> f64 {
        let pad = 0.04 * self.plot_h;
        TOP + pad
            + (f64::from(self.k_hi) - v.log10()) / f64::from(self.k_hi - self.k_lo)
                * (self.plot_h - 2.0 * pad)
    }
}

/// The published values of `n` that disagree with `row`, as `(series, computed, published)`.
fn disagreements(row: &Row) -> Vec<(&'static Series, u128, u128)> {
    let Some(known) = verify::KnownTable::published(&row.rules).lookup(row.n) else {
        return Vec::new();
    };
    SERIES
        .iter()
        .filter_map(|s| {
            let published = (s.published)(known)?;
            let computed = (s.value)(row);
            (computed != published).then_some((s, computed, published))
        })
        .collect()
}

/// What a reader of the plot of `rows` should be told: each board size that appears more than
/// once, and each value that disagrees with the published one (both are drawn, and the
/// disagreeing ones crossed out). One line each, in order of n.
pub fn check_table(rows: &[Row]) -> Vec<String> {
    let mut sorted: Vec<&Row> = rows.iter().collect();
    sorted.sort_by_key(|r| r.n);
    let mut warnings = Vec::new();
    for group in sorted.chunk_by(|a, b| a.n == b.n) {
        if group.len() > 1 {
            warnings.push(format!(
                "n = {} appears {} times in the table; each is drawn",
                group[0].n,
                group.len()
            ));
        }
        for row in group {
            for (s, computed, published) in disagreements(row) {
                warnings.push(format!(
                    "n = {}: {} {computed} disagrees with the published {published}; drawn crossed out in red",
                    row.n,
                    s.label(&row.rules, row.group)
                ));
            }
        }
    }
    warnings
}

/// Where series `s`'s marks for row `r` go across: at `r`'s n, moved to the series' side where
/// the two series have the same value there (n = 1: one board, one class), so that both stay
/// visible.
fn x_of_marks(f: &Frame, s: &Series, r: &Row) -> f64 {
    let same = SERIES.iter().all(|o| (o.value)(r) == (s.value)(r));
    f.x_of(r.n) + if same { s.side * SIDE_BY_SIDE } else { 0.0 }
}

/// Draws the growth plot of `rows` (any order; at least one positive value), or says why not.
/// Call [`check_table`] for the warnings that go with it.
pub fn growth_svg(rows: &[Row]) -> Result<String, String> {
    let mut rows: Vec<&Row> = rows.iter().collect();
    rows.sort_by_key(|r| r.n);
    let (rules, group) = table::one_rules_and_group(rows.iter().copied())
        .map_err(|e| format!("the table holds {e}: plot each apart"))?
        .unwrap_or((Rules::QUEENS, Group::Square));
    let title = title(&rules);
    let frame =
        Frame::fit(&rows).ok_or("the table has no positive count to plot on a log scale")?;
    let note = note_lines(&rows);
    let mut svg = Svg::new(WIDTH, HEIGHT + NOTE_LINE * (note.len() - 1) as f64);
    svg.text(WIDTH / 2.0, 26.0, "middle", 16.0, &title);
    draw_axes(&mut svg, &frame);
    for s in &SERIES {
        draw_series(&mut svg, &frame, s, &rows);
    }
    draw_legend(&mut svg, &rules, group);
    for (i, line) in note.iter().enumerate() {
        let y = HEIGHT - 14.0 + NOTE_LINE * i as f64;
        svg.text(WIDTH / 2.0, y, "middle", NOTE_SIZE, line);
    }
    Ok(svg.finish(&title))
}

/// The value axis (grid lines and labels at the powers of ten, fewer labels when there are
/// many decades), the n axis (ticks and labels, at most about 20), the frame and the axis name.
fn draw_axes(svg: &mut Svg, f: &Frame) {
    let step = ((f.k_hi - f.k_lo) / 10 + 1).max(1);
    for k in (f.k_lo..=f.k_hi).step_by(step as usize) {
        let y = f.y_of(10f64.powi(k));
        svg.element(
            "line",
            &[
                ("x1", num(LEFT)),
                ("x2", num(LEFT + f.plot_w)),
                ("y1", num(y)),
                ("y2", num(y)),
                ("stroke", "#dddddd".into()),
            ],
        );
        svg.text(
            LEFT - 8.0,
            y + 4.0,
            "end",
            12.0,
            &format!("10{}", superscript(k)),
        );
    }
    // Stepping (not filtering) the n range: a table whose n spans a huge range still takes
    // about 20 steps.
    let label_every = ((f.n_max - f.n_min) / 20 + 1).max(1);
    for n in (f.n_min..=f.n_max).step_by(label_every) {
        let x = f.x_of(n);
        svg.element(
            "line",
            &[
                ("x1", num(x)),
                ("x2", num(x)),
                ("y1", num(TOP + f.plot_h)),
                ("y2", num(TOP + f.plot_h + 5.0)),
                ("stroke", "#333333".into()),
            ],
        );
        svg.text(x, TOP + f.plot_h + 18.0, "middle", 12.0, &n.to_string());
    }
    svg.rect(
        LEFT,
        TOP,
        f.plot_w,
        f.plot_h,
        &[("fill", "none".into()), ("stroke", "#333333".into())],
    );
    svg.text(
        LEFT + f.plot_w / 2.0,
        TOP + f.plot_h + 38.0,
        "middle",
        13.0,
        "n",
    );
    // The value axis's name, turned a quarter left about its own anchor, left of the labels.
    let (x, y) = (20.0, TOP + f.plot_h / 2.0);
    svg.text_element(
        "text",
        &[
            ("class", "axis-name".into()),
            ("x", num(x)),
            ("y", num(y)),
            ("text-anchor", "middle".into()),
            ("font-family", "sans-serif".into()),
            ("font-size", "13".into()),
            ("fill", "#222222".into()),
            ("transform", format!("rotate(-90 {} {})", num(x), num(y))),
        ],
        VALUE_AXIS,
    );
}

/// One series: the published values as rings first (a computed dot sits in the ring when the
/// two agree), then lines between computed values of consecutive n (broken at zeros and
/// gaps), then the computed dots.
fn draw_series(svg: &mut Svg, f: &Frame, s: &Series, rows: &[&Row]) {
    for r in rows {
        let known = verify::KnownTable::published(&r.rules).lookup(r.n);
        if let Some(v) = known.and_then(|k| (s.published)(k)).filter(|&v| v > 0) {
            // Centred on its dot, which stands aside where the computed values coincide.
            let x = x_of_marks(f, s, r);
            svg.element(
                "circle",
                &[
                    ("class", format!("known {}", s.name)),
                    ("cx", num(x)),
                    ("cy", num(f.y_of(v as f64))),
                    ("r", "6".into()),
                    ("fill", "none".into()),
                    ("stroke", s.colour.into()),
                    ("stroke-width", "1.5".into()),
                ],
            );
        }
    }
    let runs = runs_of(f, s, rows);
    for run in runs.iter().filter(|run| run.len() > 1) {
        let points: Vec<String> = run
            .iter()
            .map(|(x, y)| format!("{},{}", num(*x), num(*y)))
            .collect();
        svg.element(
            "polyline",
            &[
                ("points", points.join(" ")),
                ("fill", "none".into()),
                ("stroke", s.colour.into()),
                ("stroke-width", "1.5".into()),
            ],
        );
    }
    for r in rows {
        let v = (s.value)(r);
        if v == 0 {
            continue;
        }
        let (x, y) = (x_of_marks(f, s, r), f.y_of(v as f64));
        svg.element(
            "circle",
            &[
                ("class", format!("point {}", s.name)),
                ("cx", num(x)),
                ("cy", num(y)),
                ("r", "3".into()),
                ("fill", s.colour.into()),
            ],
        );
        if disagreements(r).iter().any(|(d, _, _)| d.name == s.name) {
            draw_cross(svg, (x, y), s.name);
        }
    }
}

/// A red × over the point at `(x, y)`: its value disagrees with the published one.
fn draw_cross(svg: &mut Svg, (x, y): (f64, f64), series: &str) {
    const ARM: f64 = 6.0;
    svg.group(&[
        ("class", format!("disagrees {series}")),
        ("stroke", "#c00000".into()),
        ("stroke-width", "2".into()),
    ]);
    svg.line((x - ARM, y - ARM), (x + ARM, y + ARM), &[]);
    svg.line((x - ARM, y + ARM), (x + ARM, y - ARM), &[]);
    svg.end_group();
}

/// The computed points of series `s`, split into runs of consecutive n with positive values.
fn runs_of(f: &Frame, s: &Series, rows: &[&Row]) -> Vec<Vec<(f64, f64)>> {
    let mut runs: Vec<Vec<(f64, f64)>> = Vec::new();
    let mut previous: Option<usize> = None;
    for r in rows {
        let v = (s.value)(r);
        if v == 0 {
            previous = None;
            continue;
        }
        let point = (x_of_marks(f, s, r), f.y_of(v as f64));
        match (previous, runs.last_mut()) {
            (Some(p), Some(run)) if p + 1 == r.n => run.push(point),
            _ => runs.push(vec![point]),
        }
        previous = Some(r.n);
    }
    runs
}

/// The legend, top left inside the plot area: one line per series and one for the rings.
fn draw_legend(svg: &mut Svg, rules: &Rules, group: Group) {
    let legend_x = LEFT + 12.0;
    for (i, s) in SERIES.iter().enumerate() {
        let y = TOP + 18.0 + i as f64 * 18.0;
        svg.element(
            "rect",
            &[
                ("x", num(legend_x)),
                ("y", num(y - 9.0)),
                ("width", "14".into()),
                ("height", "3".into()),
                ("fill", s.colour.into()),
            ],
        );
        svg.text(
            legend_x + 20.0,
            y - 3.0,
            "start",
            12.0,
            &s.label(rules, group),
        );
    }
    let ring_y = TOP + 18.0 + 2.0 * 18.0;
    svg.element(
        "circle",
        &[
            ("cx", num(legend_x + 7.0)),
            ("cy", num(ring_y - 7.0)),
            ("r", "5".into()),
            ("fill", "none".into()),
            ("stroke", "#555555".into()),
        ],
    );
    svg.text(
        legend_x + 20.0,
        ring_y - 3.0,
        "start",
        12.0,
        "published value (OEIS)",
    );
}

/// The caption's font size and line height, in pixels.
const NOTE_SIZE: f64 = 11.0;
const NOTE_LINE: f64 = 14.0;

/// The caption under the plot, in lines that fit the picture's width: what dots and rings are,
/// the sizes with no solutions, and the values crossed out.
fn note_lines(rows: &[&Row]) -> Vec<String> {
    let zeros: Vec<String> = rows
        .iter()
        .filter(|r| r.total == 0)
        .map(|r| r.n.to_string())
        .collect();
    let mut note = format!(
        "Dots: computed by queens ({}); rings: published values.",
        engines(rows)
    );
    if !zeros.is_empty() {
        note += &format!(
            " No solutions for n = {}: not drawn on the log scale.",
            zeros.join(", ")
        );
    }
    let mut crossed: Vec<String> = rows
        .iter()
        .filter(|r| !disagreements(r).is_empty())
        .map(|r| r.n.to_string())
        .collect();
    crossed.dedup();
    if !crossed.is_empty() {
        note += &format!(
            " Red crosses: values that disagree with OEIS (n = {}).",
            crossed.join(", ")
        );
    }
    wrap(&note, WIDTH - 20.0)
}

/// Splits `text` at spaces into lines no wider than `width` at the caption's size (a single
/// word wider than that gets a line of its own).
fn wrap(text: &str, width: f64) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    for word in text.split(' ') {
        match lines.last_mut() {
            Some(line) if text_width(&format!("{line} {word}"), NOTE_SIZE) <= width => {
                line.push(' ');
                line.push_str(word);
            }
            _ => lines.push(word.to_string()),
        }
    }
    lines
}

/// The engines named in the rows, deduplicated, in order of first use.
fn engines(rows: &[&Row]) -> String {
    let mut names: Vec<&str> = Vec::new();
    for r in rows {
        if !names.contains(&r.engine.as_str()) {
            names.push(&r.engine);
        }
    }
    format!("engine {}", names.join(", "))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::plan::ClassCounts;
    use crate::verify::Verdict;

    fn row(n: usize, total: u128) -> Row {
        Row {
            rules: crate::rules::Rules::QUEENS,
            group: crate::rules::Group::Square,
            n,
            total,
            classes: ClassCounts {
                asymmetric: total / 8,
                ..ClassCounts::default()
            },
            nodes: 0,
            seconds: 0.0,
            engine: "symmetric".into(),
            kernel: "scalar".into(),
            threads: 1,
            verdict: Verdict::Unknown,
            orbits: None,
        }
    }

    #[test]
    fn the_title_legend_and_warnings_name_the_rules_and_their_sequences() {
        let queens = growth_svg(&[row(8, 92)]).unwrap();
        assert!(queens.contains("n-queens: solutions and classes against n"));
        assert!(
            queens.contains("solutions (A000170)") && queens.contains("classes under D4 (A002562)")
        );
        let of = |rules: Rules, group: Group, n: usize, total: u128| Row {
            rules,
            group,
            ..row(n, total)
        };
        let torus = [of(Rules::TORUS_QUEENS, Group::Torus, 7, 28)];
        let svg = growth_svg(&torus).unwrap();
        assert!(
            svg.contains("queens on the torus: solutions and classes against n"),
            "{svg}"
        );
        assert!(svg.contains("solutions (A051906)"), "{svg}");
        assert!(
            svg.contains("classes under the torus group (A053994 on the odd boards)"),
            "{svg}"
        );
        assert!(
            !svg.contains("A000170") && !svg.contains("A002562"),
            "{svg}"
        );
        // A wrong torus total is named by the torus's sequence (A051906(7) = 28).
        let wrong = [of(Rules::TORUS_QUEENS, Group::Torus, 7, 29)];
        assert_eq!(
            check_table(&wrong)[0],
            "n = 7: solutions (A051906) 29 disagrees with the published 28; drawn crossed out in red"
        );
        let square = growth_svg(&[of(Rules::TORUS_QUEENS, Group::Square, 7, 28)]).unwrap();
        assert!(
            square.contains("classes under D4<"),
            "no A-number: {square}"
        );
        let superqueens = growth_svg(&[of(Rules::SUPERQUEENS, Group::Square, 10, 4)]).unwrap();
        assert!(superqueens.contains("superqueens on the plane: solutions"));
        assert!(superqueens.contains("solutions (A051223)") && superqueens.contains("(A051224)"));
        // Rows of two rules are not one picture.
        let mixed = [row(8, 92), of(Rules::TORUS_QUEENS, Group::Torus, 7, 28)];
        assert_eq!(
            growth_svg(&mixed).unwrap_err(),
            "the table holds rows of different rules or groups: queen-torus under torus (n = \
             7); queen-plane under D4 (n = 8): plot each apart"
        );
    }

    #[test]
    fn a_table_spanning_a_huge_n_range_is_drawn_with_about_20_ticks() {
        // Before the axis stepped, this looped over 10^15 values of n.
        let svg = growth_svg(&[row(1, 1), row(1_000_000_000_000_000, 1 << 100)]).unwrap();
        let ticks = svg.matches("stroke=\"#333333\"").count() - 1; // less the frame
        assert!((2..=22).contains(&ticks), "{ticks} ticks");
    }

    #[test]
    fn long_captions_wrap_inside_the_picture() {
        let text = "word ".repeat(200);
        let lines = wrap(text.trim_end(), 300.0);
        assert!(lines.len() > 1);
        assert!(lines.iter().all(|l| text_width(l, NOTE_SIZE) <= 300.0));
        assert_eq!(lines.join(" "), text.trim_end());
    }

    #[test]
    fn equal_values_at_one_n_are_drawn_side_by_side() {
        // n = 1: one solution, one class.
        let mut one = row(1, 1);
        one.classes.asymmetric = 0;
        one.classes.quarter_turn = 1;
        let svg = growth_svg(&[one, row(8, 92)]).unwrap();
        let doc = roxmltree::Document::parse(&svg).unwrap();
        let cx = |class: &str| -> Vec<f64> {
            doc.descendants()
                .filter(|e| e.attribute("class") == Some(class))
                .map(|e| e.attribute("cx").unwrap().parse().unwrap())
                .collect()
        };
        let (total, classes) = (cx("point total"), cx("point classes"));
        assert_eq!(total[0] + 2.0 * SIDE_BY_SIDE, classes[0], "n = 1 apart");
        assert_eq!(total[1], classes[1], "n = 8 differ in value, so share x");
    }

    #[test]
    fn a_wrong_value_and_a_repeated_n_are_drawn_and_reported() {
        let with_classes = |n, total, asymmetric, half_turn| {
            let mut r = row(n, total);
            r.classes = ClassCounts {
                asymmetric,
                half_turn,
                quarter_turn: 0,
            };
            r
        };
        let rows = [
            with_classes(7, 40, 4, 2),
            with_classes(8, 93, 11, 1),
            with_classes(8, 92, 11, 1),
        ];
        let warnings = check_table(&rows);
        assert_eq!(warnings.len(), 2, "{warnings:?}");
        assert!(warnings[0].contains("n = 8 appears 2 times"));
        assert!(warnings[1].contains("solutions (A000170) 93 disagrees with the published 92"));
        let svg = growth_svg(&rows).unwrap();
        assert_eq!(svg.matches("class=\"disagrees total\"").count(), 1);
        assert_eq!(svg.matches("class=\"point total\"").count(), 3);
        let refs: Vec<&Row> = rows.iter().collect();
        let note = note_lines(&refs);
        assert!(note.len() > 1, "the caption wraps: {note:?}");
        assert!(
            note.join(" ")
                .contains("Red crosses: values that disagree with OEIS (n = 8).")
        );
        assert!(note.iter().all(|l| svg.contains(l.as_str())));
    }

    #[test]
    fn a_table_without_a_positive_count_is_refused() {
        assert!(growth_svg(&[row(2, 0), row(3, 0)]).is_err());
    }
}
