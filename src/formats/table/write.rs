//! The writers of result rows: CSV, the aligned human table with its footer line (at once, or
//! streamed a row at a time in widths fixed before the first), and Markdown.

use super::{COLUMNS, CSV_HEADER, Layout, Row, csv_header, heading, sizes_text};
use crate::formats::named;
use crate::plan::Engine;
use crate::rules::{Group, Rules};
use crate::verify;
use std::io;

/// What the classes by orbit size under the torus group are called in the human table's
/// lines and the Markdown's last column: `size:classes` pairs (A054500–A054502).
const ORBITS_HEADING: &str = "classes by orbit size (boards:classes)";

/// The line under a human table that sums up the columns left out of it that describe the
/// run (engine, kernel, threads, seconds): `engine symmetric, kernel scalar, threads 2, 0.051
/// seconds in all`. Where the rows differ, the value of most rows comes first and the others
/// name their sizes: `engine symmetric (enumerate for n = 0)`. A summary longer than 100
/// characters takes a line per column. When the table shows the symmetric engine's nodes, a
/// line says whose they are ([`SYMMETRIC_NODES_NOTE`]). `None` when every column that
/// describes the run is shown or there are no rows. A table of other rules than the queens'
/// ends with the line that names them and the group of their classes (`named::caption`:
/// `superqueens on the plane; classes under the 8 symmetries of the square`).
pub fn footer(rows: &[Row], columns: &[usize]) -> Option<String> {
    let first = rows.first()?;
    let run = run_footer(rows, columns);
    if first.rules.is_queens() {
        return run;
    }
    let mut caption = named::caption(&first.rules, first.group);
    // The classes by orbit size under the torus group, a line per size that has classes.
    for r in rows
        .iter()
        .filter(|r| r.orbits.as_ref().is_some_and(|o| !o.is_empty()))
    {
        let text = r.orbits_text();
        caption.push_str(&format!("\nn = {}: {ORBITS_HEADING} {text}", r.n));
    }
    Some(match run {
        Some(run) => format!("{run}\n{caption}"),
        None => caption,
    })
}

/// The lines of [`footer`] that sum up the run.
fn run_footer(rows: &[Row], columns: &[usize]) -> Option<String> {
    let shown = |name: &str| columns.iter().any(|&i| COLUMNS[i].name == name);
    let grouped = |name: &str, rows: &[&Row], value: &dyn Fn(&Row) -> String| -> Option<String> {
        if shown(name) || rows.is_empty() {
            return None;
        }
        let mut values: Vec<(String, Vec<usize>)> = Vec::new();
        for r in rows {
            let v = value(r);
            match values.iter_mut().find(|(w, _)| *w == v) {
                Some((_, ns)) => ns.push(r.n),
                None => values.push((v, vec![r.n])),
            }
        }
        // The most common value first (the first of equals), then the others.
        let main = (0..values.len())
            .max_by_key(|&i| (values[i].1.len(), std::cmp::Reverse(i)))
            .expect("there are rows");
        let others: Vec<String> = values
            .iter()
            .enumerate()
            .filter(|&(i, _)| i != main)
            .map(|(_, (v, ns))| format!("{v} for n = {}", sizes_text(ns)))
            .collect();
        Some(if others.is_empty() {
            format!("{name} {}", values[main].0)
        } else {
            format!("{name} {} ({})", values[main].0, others.join("; "))
        })
    };
    let all: Vec<&Row> = rows.iter().collect();
    // The kernel of the rows whose engine has kernels (the enumerate engine's search, which
    // also counts n = 0 for every engine, has one), unless no row's engine has any.
    let with_kernels: Vec<&Row> = rows
        .iter()
        .filter(|r| r.engine != Engine::Enumerate.name())
        .collect();
    let kernel_rows = if with_kernels.is_empty() {
        &all
    } else {
        &with_kernels
    };
    let mut parts: Vec<String> = [
        grouped("engine", &all, &|r| r.engine.clone()),
        grouped("kernel", kernel_rows, &|r| r.kernel.clone()),
        grouped("threads", &all, &|r| r.threads.to_string()),
    ]
    .into_iter()
    .flatten()
    .collect();
    if !shown("seconds") {
        let all: f64 = rows.iter().map(|r| r.seconds).sum();
        parts.push(format!("{all:.3} seconds in all"));
    }
    // The note on whose nodes the table shows, even where every other column is shown.
    let note = (shown("nodes")
        && with_kernels
            .iter()
            .any(|r| r.engine == Engine::Symmetric.name()))
    .then_some(match rows.iter().all(|r| r.rules.is_queens()) {
        true => SYMMETRIC_NODES_NOTE,
        // A319283 counts the queens' plain tree only.
        false => SYMMETRIC_NODES_NOTE_OF_OTHER_RULES,
    });
    let line = parts.join(", ");
    let lines = if line.chars().count() <= 100 {
        line
    } else {
        parts.join("\n")
    };
    match (parts.is_empty(), note) {
        (true, None) => None,
        (true, Some(note)) => Some(note.to_string()),
        (false, None) => Some(lines),
        (false, Some(note)) => Some(format!("{lines}\n{note}")),
    }
}

/// The footer's line under a table that shows the symmetric engine's nodes: whose nodes they
/// are, and how to get the plain tree's (A319283).
pub const SYMMETRIC_NODES_NOTE: &str = "nodes: the symmetric engine's partial boards; \
     A319283 (plain tree): --engine enumerate or profile";

/// [`SYMMETRIC_NODES_NOTE`] under a table of other rules than the queens' (superqueens, the
/// torus), whose plain tree has no OEIS sequence.
pub const SYMMETRIC_NODES_NOTE_OF_OTHER_RULES: &str = "nodes: the symmetric engine's partial \
     boards; the plain tree's: --engine enumerate or profile";

/// The [`Layout`] of the table of `columns` (indices in [`COLUMNS`], in order): their CSV
/// names as headings, text left-aligned, numbers right-aligned.
pub fn layout(columns: &[usize]) -> Layout {
    let headings: Vec<&str> = columns.iter().map(|&i| CSV_HEADER[i]).collect();
    Layout::new(&headings, |k| COLUMNS[columns[k]].text)
}

/// The Markdown table of `rows` in `columns` (indices in [`COLUMNS`], in order): their
/// headings for people ([`heading`]: the OEIS numbers of the rows' rules), numbers
/// right-aligned, the fields as [`Row::display_fields`]. A table of other rules than the
/// queens' opens with a caption that names them (`named::caption`) and a blank line; one of
/// classes under the torus group ends with a column of the classes by orbit size
/// ([`Row::orbits_text`]: empty where a row does not know them).
pub fn markdown_table(rows: &[Row], columns: &[usize]) -> String {
    let (rules, group) = rows
        .first()
        .map_or((Rules::QUEENS, Rules::QUEENS.group()), |r| {
            (r.rules, r.group)
        });
    let mut headings: Vec<String> = columns.iter().map(|&i| heading(i, &rules, group)).collect();
    // Under the torus group, the classes by orbit size last (the human table's lines under it).
    let orbits = group == Group::Torus;
    if orbits {
        headings.push(ORBITS_HEADING.to_string());
    }
    let t = Layout::new(&headings, |k| {
        columns.get(k).is_none_or(|&i| COLUMNS[i].text)
    });
    let mut out = named::markdown_caption(&rules, group);
    out += &t.markdown_header();
    for row in rows {
        let fields = row.display_fields();
        let mut picked: Vec<String> = columns.iter().map(|&i| fields[i].clone()).collect();
        if orbits {
            picked.push(row.orbits_text());
        }
        out += &t.markdown_line(&picked);
    }
    out
}

/// Writes rows as CSV: the [`CSV_HEADER`] and [`Row::fields`] for the queens, the header of
/// the rows' rules ([`csv_header`]: `piece,board,group` first) and [`Row::csv_record`] for
/// any other rules. The rows of one table share their rules (the readers refuse a mix).
pub fn write_csv<W: io::Write>(rows: &[Row], out: W) -> io::Result<()> {
    let rules = rows.first().map_or(Rules::QUEENS, |r| r.rules);
    crate::formats::write_csv(&csv_header(&rules), rows.iter().map(Row::csv_record), out)
}

/// Renders rows as an aligned table of `columns` (indices in [`COLUMNS`], in order): numbers
/// right-aligned, text left-aligned, then the [`footer`] line, if any.
pub fn human_table(rows: &[Row], columns: &[usize]) -> String {
    let cells: Vec<Vec<String>> = rows
        .iter()
        .map(|r| {
            let f = r.display_fields();
            columns.iter().map(|&i| f[i].clone()).collect()
        })
        .collect();
    let mut out = layout(columns).human(&cells);
    if let Some(f) = footer(rows, columns) {
        out += &f;
        out.push('\n');
    }
    out
}

/// The most nodes per solution an engine visits up to n = 17 (measured: 80 for `enumerate`,
/// 20 for `symmetric`), for the widths of [`streamed_widths`].
pub(crate) fn nodes_per_solution(engine: Engine) -> f64 {
    match engine {
        Engine::Enumerate => 80.0,
        Engine::Symmetric => 20.0,
    }
}

/// How much `nodes_per_solution` grows per size beyond n = 17 (measured: about 6%).
pub const NODES_GROWTH: f64 = 1.06;

/// The widths of a human table streamed a row at a time, fixed before the first row: each column as wide as
/// its heading and the largest value it is expected to hold for the `sizes` asked for: the
/// published counts (A000170, A002562, …) or, beyond them, the totals extrapolated with
/// `growth_ratio`; the nodes as that total times the nodes per solution of the
/// `engine` (`nodes_per_solution`, growing by [`NODES_GROWTH`] per size beyond n = 17); the seconds from a forecast of 1 CPU-second at n = 16. A value wider
/// than foreseen shifts its own line only.
pub fn streamed_widths(sizes: &[usize], engine: Engine, threads: usize) -> [usize; 12] {
    let digits = |v: f64| format!("{:.0}", v.max(1.0)).len();
    let mut widths: [usize; 12] = CSV_HEADER.map(str::len);
    let mut grow = |i: usize, w: usize| widths[i] = widths[i].max(w);
    // The text columns: every engine and kernel name, the verdicts.
    let names = |list: &[&str]| list.iter().map(|s| s.len()).max().unwrap_or(0);
    grow(8, names(&Engine::ALL.map(Engine::name)));
    grow(9, names(&crate::search::kernel::Kernel::names()));
    grow(11, names(&["yes", "unknown", "two-ways", "MISMATCH"]));
    for &n in sizes {
        let known = verify::lookup(n);
        let total = known.and_then(|k| k.total).map_or_else(
            || {
                let last = crate::runner::forecast::published_record();
                let mut t = verify::lookup(last)
                    .and_then(|k| k.total)
                    .map_or(1.0, |t| t as f64);
                for k in last + 1..=n {
                    t *= crate::runner::forecast::growth_ratio(k);
                }
                t
            },
            |t| t as f64,
        );
        let field = |get: fn(&verify::KnownRow) -> Option<u128>, fallback: f64| {
            known.and_then(get).map_or(fallback, |v| v as f64)
        };
        grow(0, n.to_string().len());
        grow(1, digits(total));
        grow(2, digits(field(|k| k.classes, total / 8.0 + 1.0)));
        grow(3, digits(field(|k| k.asymmetric, total / 8.0 + 1.0)));
        grow(4, digits(field(|k| k.half_turn, total.sqrt())));
        grow(5, digits(field(|k| k.quarter_turn, total.sqrt())));
        let per_solution = nodes_per_solution(engine) * NODES_GROWTH.powi(n as i32 - 17).max(1.0);
        let nodes = match engine {
            Engine::Enumerate => known.and_then(|k| k.nodes).map(|v| v as f64),
            Engine::Symmetric => None,
        };
        grow(6, digits(nodes.unwrap_or(total * per_solution).max(60.0)));
        let seconds = crate::runner::forecast::cpu_seconds(
            n,
            crate::runner::forecast::Sample {
                n: 16,
                cpu_seconds: 1.0,
            },
        ) / threads as f64;
        grow(7, digits(seconds) + 4);
        grow(10, threads.to_string().len());
    }
    widths
}
