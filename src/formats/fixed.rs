//! The rows of [`count_fixed`](crate::fixed::count_fixed) as text: a table for the terminal, CSV and
//! JSON, one row per size and way. The class types are derived from the published total, and
//! every output names it so (`published_total`): the total is never counted here.

use crate::fixed::FixedCounts;
use crate::plan::ClassCounts;
use crate::rules::Group;

/// The columns, in order (CSV header, JSON keys, the table's headings).
pub const COLUMNS: [&str; 16] = [
    "n",
    "piece",
    "way",
    "fixed_half_turn",
    "half_turn_nodes",
    "half_turn_seconds",
    "fixed_quarter_turn",
    "quarter_turn_nodes",
    "quarter_turn_seconds",
    "threads",
    "published_total",
    "quarter_turn",
    "half_turn",
    "asymmetric",
    "types",
    "verified",
];

/// What the derived columns mean, in CSV and JSON (`note`): the total is the published one.
pub const NOTE: &str = "published_total is the published total (OEIS: A051223 for \
    superqueens, A000170 for queens), not counted here; the classes are derived from it and the \
    fixed boards counted here: quarter_turn = R/2, half_turn = (P - R)/4, asymmetric = (T - P)/8 \
    (P = fixed_half_turn, R = fixed_quarter_turn, T = published_total); empty where no total is \
    published. types: published where the classes by type are published (superqueens: \
    A352661-A352663, to n = 21; queens: A260318-A260320), computed here where they are new. \
    verified: yes where these classes sum to the published number of classes (A051224, \
    A002562), and equal the published classes by type where those are";

/// The headings of the table for the terminal: [`COLUMNS`] less piece and threads (said under
/// the table), P and R for the fixed boards, T_published for the total.
const HUMAN: [(&str, usize); 14] = [
    ("n", 0),
    ("way", 2),
    ("P", 3),
    ("P_nodes", 4),
    ("P_seconds", 5),
    ("R", 6),
    ("R_nodes", 7),
    ("R_seconds", 8),
    ("T_published", 10),
    ("quarter_turn", 11),
    ("half_turn", 12),
    ("asymmetric", 13),
    ("types", 14),
    ("verified", 15),
];

/// The lines under the table for the terminal: the rules, the threads, and what the columns
/// are, the published total named as such, wrapped to 100 columns.
fn human_note(rows: &[FixedCounts]) -> String {
    let Some(first) = rows.first() else {
        return String::new();
    };
    // The rules' published sequences, by column (`-` where none is).
    let a = |column| super::named::a_number(column, &first.rules, Group::Square).unwrap_or("-");
    let piece = first.rules.piece.plural();
    let (total, classes) = (a("total"), a("classes"));
    let types = format!("{}-{}", a("quarter_turn"), a("asymmetric"));
    let text = format!(
        "{piece}, {} thread{}. P, R: the boards fixed by a half turn, by a quarter turn, counted \
         here (the plain way finds R among its P boards: no nodes of its own). T_published: the \
         published total ({total}), NOT counted here; the classes follow from it: quarter_turn = \
         R/2, half_turn = (P - R)/4, asymmetric = (T - P)/8 (empty where no T is published). \
         verified: yes where they sum to the published classes ({classes}) and match the \
         published types ({types}) where known. types: `computed here` where those are not \
         published: new values.",
        first.threads,
        if first.threads == 1 { "" } else { "s" }
    );
    let mut out = String::new();
    let mut line = String::new();
    for word in text.split(' ') {
        if !line.is_empty() && line.len() + 1 + word.len() > 100 {
            out += &line;
            out.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line += word;
    }
    out + &line + "\n"
}

/// The published total and the types derived from it, or `None` where no total is published
/// or the counts do not divide into classes (which [`FixedCounts::types`] reports).
fn derived(row: &FixedCounts) -> Option<(u128, ClassCounts)> {
    row.published_types().and_then(Result::ok)
}

/// The `types` cell: `published` where the classes by type of the size are published (and
/// compared: `verified`), `computed here` where they are derived here from a published total,
/// empty where no total is published.
fn types(row: &FixedCounts) -> &'static str {
    match derived(row) {
        None => "",
        Some(_) if row.types_published() => "published",
        Some(_) => "computed here",
    }
}

/// The `verified` cell: `yes`, `no`, or empty where nothing is published to check against.
fn verified(row: &FixedCounts) -> &'static str {
    match row.verify() {
        Some(Ok(())) => "yes",
        Some(Err(_)) => "no",
        None => "",
    }
}

/// A row's cells, in [`COLUMNS`] order.
pub fn cells(row: &FixedCounts) -> Vec<String> {
    let (h, q) = (row.half_turn, row.quarter_turn);
    let derived = derived(row);
    let opt =
        |f: fn(&(u128, ClassCounts)) -> u128| derived.map_or(String::new(), |t| f(&t).to_string());
    vec![
        row.n.to_string(),
        row.rules.piece.name().to_string(),
        row.way.name().to_string(),
        h.boards.to_string(),
        h.nodes.to_string(),
        format!("{:.3}", h.seconds),
        q.boards.to_string(),
        q.nodes.to_string(),
        format!("{:.3}", q.seconds),
        row.threads.to_string(),
        opt(|t| t.0),
        opt(|t| t.1.quarter_turn),
        opt(|t| t.1.half_turn),
        opt(|t| t.1.asymmetric),
        types(row).to_string(),
        verified(row).to_string(),
    ]
}

/// The rows as CSV, with a header.
pub fn csv(rows: &[FixedCounts]) -> String {
    let mut w = csv::Writer::from_writer(Vec::new());
    let io = "writing CSV to memory cannot fail";
    w.write_record(COLUMNS).expect(io);
    for row in rows {
        w.write_record(cells(row)).expect(io);
    }
    String::from_utf8(w.into_inner().expect(io)).expect("the cells are UTF-8")
}

/// The rows as a table for the terminal: right-aligned columns, and under them what they are
/// (the published total named as such).
pub fn text(rows: &[FixedCounts]) -> String {
    let body: Vec<Vec<String>> = rows.iter().map(cells).collect();
    let widths: Vec<usize> = (HUMAN.iter())
        .map(|&(h, i)| body.iter().map(|r| r[i].len()).fold(h.len(), usize::max))
        .collect();
    let line = |cell: &dyn Fn(usize) -> String| {
        let padded: Vec<String> = (0..HUMAN.len())
            .map(|k| format!("{:>w$}", cell(k), w = widths[k]))
            .collect();
        padded.join("  ") + "\n"
    };
    let mut out = line(&|k| HUMAN[k].0.to_string());
    for r in &body {
        out += &line(&|k| r[HUMAN[k].1].clone());
    }
    out + &human_note(rows)
}

/// The rows as a JSON array of objects (numbers as numbers, the derived cells `null` where no
/// total is published), with [`NOTE`] beside them: `{"note": …, "rows": [...]}`.
#[cfg(feature = "serde")]
pub fn json(rows: &[FixedCounts]) -> String {
    use serde_json::{Value, json};
    let rows: Vec<Value> = rows
        .iter()
        .map(|r| {
            let t = derived(r);
            // The published totals reach 2.9e14 at n = 26: numbers, under 2^53.
            let d = |f: fn(&(u128, ClassCounts)) -> u128| t.and_then(|t| u64::try_from(f(&t)).ok());
            json!({
                "n": r.n,
                "piece": r.rules.piece.name(),
                "way": r.way.name(),
                "fixed_half_turn": r.half_turn.boards,
                "half_turn_nodes": r.half_turn.nodes,
                "half_turn_seconds": r.half_turn.seconds,
                "fixed_quarter_turn": r.quarter_turn.boards,
                "quarter_turn_nodes": r.quarter_turn.nodes,
                "quarter_turn_seconds": r.quarter_turn.seconds,
                "threads": r.threads,
                "published_total": d(|t| t.0),
                "quarter_turn": d(|t| t.1.quarter_turn),
                "half_turn": d(|t| t.1.half_turn),
                "asymmetric": d(|t| t.1.asymmetric),
                "types": Some(types(r)).filter(|t| !t.is_empty()),
                "verified": r.verify().map(|v| v.is_ok()),
            })
        })
        .collect();
    let doc = json!({ "note": NOTE, "rows": rows });
    serde_json::to_string_pretty(&doc).expect("a JSON value prints") + "\n"
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fixed::{Way, count_fixed};
    use crate::rules::Rules;

    fn rows() -> Vec<FixedCounts> {
        let count = |n, way| count_fixed(Rules::SUPERQUEENS, n, way, Some(1), &|_| ()).unwrap();
        vec![count(12, Way::Burnside), count(12, Way::Plain)]
    }

    #[test]
    fn the_csv_has_every_column_and_the_derived_types() {
        let text = csv(&rows());
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], COLUMNS.join(","));
        // Seconds vary: compare the cells around them.
        let cells: Vec<Vec<&str>> = lines[1..].iter().map(|l| l.split(',').collect()).collect();
        assert_eq!(cells[0][..5], ["12", "superqueen", "burnside", "12", "324"]);
        assert_eq!(cells[0][6..8], ["4", "38"]);
        assert_eq!(
            cells[0][9..],
            ["1", "156", "2", "2", "18", "published", "yes"]
        );
        assert_eq!(cells[1][..5], ["12", "superqueen", "plain", "12", "324"]);
        assert_eq!(cells[1][6..8], ["4", "0"]);
    }

    #[test]
    fn the_table_names_the_total_as_published() {
        let text = text(&rows());
        let head: Vec<&str> = text.lines().next().unwrap().split_whitespace().collect();
        assert_eq!(head, HUMAN.map(|h| h.0));
        let words = text.replace('\n', " ");
        assert!(words.contains("T_published: the published total (A051223), NOT counted here"));
        // The note under the three lines of the table is wrapped to 100 columns.
        assert!(text.lines().skip(3).all(|l| l.len() <= 100), "{text}");
        assert!(text.contains("\nsuperqueens, 1 thread. P, R:"), "{text}");
    }

    #[test]
    fn the_json_has_null_where_nothing_is_published() {
        // n = 27: no superqueen total published (a tiny search: n = 3's).
        let r = count_fixed(Rules::SUPERQUEENS, 3, Way::Burnside, Some(1), &|_| ()).unwrap();
        let mut r27 = r;
        r27.n = 27;
        let v: serde_json::Value = serde_json::from_str(&json(&[r, r27])).unwrap();
        assert_eq!(v["rows"][0]["published_total"], 0);
        assert_eq!(v["rows"][0]["verified"], true);
        assert!(v["rows"][1]["published_total"].is_null());
        assert!(v["rows"][1]["verified"].is_null());
        assert_eq!(v["rows"][0]["types"], "published");
        assert!(v["rows"][1]["types"].is_null());
        assert_eq!(v["note"], NOTE);
    }
}
