//! The growth plot: total solutions and classes against n on a logarithmic scale, from a table
//! of rows, with the published values (OEIS, [`crate::verify`]) marked by rings.
//!
//! Each computed value is a `<circle class="point total">` or `<circle class="point classes">`,
//! each published value a `<circle class="known total">` or `<circle class="known classes">`,
//! so a program can count what was drawn. A value of 0 (n = 2, 3) has no place on a log scale
//! and is left out, as the caption says.

use crate::draw::svg::{Svg, num};
use crate::formats::table::Row;
use crate::verify;

/// Plot area and margins, in pixels.
const WIDTH: f64 = 720.0;
const HEIGHT: f64 = 480.0;
const LEFT: f64 = 70.0;
const RIGHT: f64 = 20.0;
const TOP: f64 = 50.0;
const BOTTOM: f64 = 80.0;

/// The two series: name in class attributes, legend label, colour, and the value of a row
/// and of a published row.
struct Series {
    name: &'static str,
    label: &'static str,
    colour: &'static str,
    value: fn(&Row) -> u128,
    published: fn(&verify::KnownRow) -> Option<u128>,
}

const SERIES: [Series; 2] = [
    Series {
        name: "total",
        label: "solutions (A000170)",
        colour: "#1f5fa8",
        value: |r| r.total,
        published: |k| k.total,
    },
    Series {
        name: "classes",
        label: "classes under D4 (A002562)",
        colour: "#d0661c",
        value: |r| r.classes.total(),
        published: |k| k.classes,
    },
];

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

/// Draws the growth plot of `rows` (any order; at least one positive value), or says why not.
pub fn growth_svg(rows: &[Row]) -> Result<String, String> {
    let mut rows: Vec<&Row> = rows.iter().collect();
    rows.sort_by_key(|r| r.n);
    let frame =
        Frame::fit(&rows).ok_or("the table has no positive count to plot on a log scale")?;
    let mut svg = Svg::new(WIDTH, HEIGHT);
    svg.text(
        WIDTH / 2.0,
        26.0,
        "middle",
        16.0,
        "n-queens: solutions and classes against n",
    );
    draw_axes(&mut svg, &frame);
    for s in &SERIES {
        draw_series(&mut svg, &frame, s, &rows);
    }
    draw_legend(&mut svg);
    draw_note(&mut svg, &rows);
    Ok(svg.finish("n-queens: solutions and classes against n"))
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
}

/// One series: the published values as rings first (a computed dot sits in the ring when the
/// two agree), then lines between computed values of consecutive n (broken at zeros and
/// gaps), then the computed dots.
fn draw_series(svg: &mut Svg, f: &Frame, s: &Series, rows: &[&Row]) {
    for r in rows {
        if let Some(v) = verify::lookup(r.n)
            .and_then(|k| (s.published)(k))
            .filter(|&v| v > 0)
        {
            svg.element(
                "circle",
                &[
                    ("class", format!("known {}", s.name)),
                    ("cx", num(f.x_of(r.n))),
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
    for (x, y) in runs.iter().flatten() {
        svg.element(
            "circle",
            &[
                ("class", format!("point {}", s.name)),
                ("cx", num(*x)),
                ("cy", num(*y)),
                ("r", "3".into()),
                ("fill", s.colour.into()),
            ],
        );
    }
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
        let point = (f.x_of(r.n), f.y_of(v as f64));
        match (previous, runs.last_mut()) {
            (Some(p), Some(run)) if p + 1 == r.n => run.push(point),
            _ => runs.push(vec![point]),
        }
        previous = Some(r.n);
    }
    runs
}

/// The legend, top left inside the plot area: one line per series and one for the rings.
fn draw_legend(svg: &mut Svg) {
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
        svg.text(legend_x + 20.0, y - 3.0, "start", 12.0, s.label);
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

/// The caption under the plot: what dots and rings are, and the sizes with no solutions.
fn draw_note(svg: &mut Svg, rows: &[&Row]) {
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
    svg.text(WIDTH / 2.0, HEIGHT - 14.0, "middle", 11.0, &note);
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
        }
    }

    #[test]
    fn a_table_spanning_a_huge_n_range_is_drawn_with_about_20_ticks() {
        // Before the axis stepped, this looped over 10^15 values of n.
        let svg = growth_svg(&[row(1, 1), row(1_000_000_000_000_000, 1 << 100)]).unwrap();
        let ticks = svg.matches("stroke=\"#333333\"").count() - 1; // less the frame
        assert!((2..=22).contains(&ticks), "{ticks} ticks");
    }

    #[test]
    fn a_table_without_a_positive_count_is_refused() {
        assert!(growth_svg(&[row(2, 0), row(3, 0)]).is_err());
    }
}
