//! The rows of [`count_fixed`](crate::fixed::count_fixed) as text: a table for the terminal, CSV and
//! JSON, one row per size and way. The class types are derived from the published total, and
//! every output names it so (`published_total`): the total is never counted here. On the
//! torus the rows have five more columns: the boards the shifts keep (S, its nodes and
//! seconds), the classes under the torus group and their breakdown by orbit size.

use crate::fixed::FixedCounts;
use crate::plan::ClassCounts;
use crate::rules::{Group, Rules, Surface};
use crate::torus_group::orbits_text;

/// The columns, in order (CSV header, JSON keys, the table's headings).
pub const COLUMNS: [&str; 18] = [
    "piece",
    "board",
    "group",
    "n",
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

/// The columns only the torus's rows have, each after the column named with it.
const TORUS_ONLY: [(&str, &str); 5] = [
    ("fixed_by_shifts", "quarter_turn_seconds"),
    ("shift_nodes", "fixed_by_shifts"),
    ("shift_seconds", "shift_nodes"),
    ("classes", "published_total"),
    ("orbits", "asymmetric"),
];

/// The columns of the rows of `rules`, in order: [`COLUMNS`], with five more on the
/// torus.
pub fn columns(rules: &Rules) -> Vec<&'static str> {
    let mut out = COLUMNS.to_vec();
    if rules.surface == Surface::Torus {
        for (column, after) in TORUS_ONLY {
            let at = out
                .iter()
                .position(|c| *c == after)
                .expect("a column of COLUMNS");
            out.insert(at + 1, column);
        }
    }
    out
}

/// What the torus's columns mean, in CSV and JSON (`note`).
pub const TORUS_NOTE: &str = "published_total is the published total (OEIS A051906, \
    A007705), not counted here; the classes under the torus group (the 8 symmetries of the \
    square with the n^2 shifts) are derived from it and the fixed boards counted here: classes \
    = (T + S + n^2 (P + 2R)) / 8n^2 (A053994; P = fixed_half_turn and R = fixed_quarter_turn \
    about the centre, S = fixed_by_shifts summed over the n^2 - 1 shifts, T = published_total); \
    quarter_turn = R/2, half_turn = (P - R)/4, asymmetric = the rest. orbits (the plain way): \
    the classes by their number of boards, size:classes (A054500-A054502), from its list of \
    the classes an element other than the identity keeps, the rest of T in classes of 8n^2 \
    boards. types: published where the orbits are (to board 29), computed here where new. \
    verified: yes where the classes and orbits equal the published ones";

/// What the derived columns mean, in CSV and JSON (`note`): the total is the published one.
pub const NOTE: &str = "published_total is the published total (OEIS: A051223 for \
    superqueens, A000170 for queens), not counted here; the classes are derived from it and the \
    fixed boards counted here: quarter_turn = R/2, half_turn = (P - R)/4, asymmetric = (T - P)/8 \
    (P = fixed_half_turn, R = fixed_quarter_turn, T = published_total); empty where no total is \
    published. types: published where the classes by type are published (superqueens: \
    A352661-A352663, to n = 21; queens: A260318-A260320), computed here where they are new. \
    verified: yes where these classes sum to the published number of classes (A051224, \
    A002562), and equal the published classes by type where those are";

/// The headings of the table for the terminal, with their columns: the columns less the
/// rules' and threads (said under the table), P, R and S for the fixed boards, T_published for the
/// total. Those of a column the rows lack are left out.
const HUMAN: [(&str, &str); 18] = [
    ("n", "n"),
    ("way", "way"),
    ("P", "fixed_half_turn"),
    ("P_nodes", "half_turn_nodes"),
    ("P_seconds", "half_turn_seconds"),
    ("R", "fixed_quarter_turn"),
    ("R_nodes", "quarter_turn_nodes"),
    ("R_seconds", "quarter_turn_seconds"),
    ("S", "fixed_by_shifts"),
    ("S_seconds", "shift_seconds"),
    ("T_published", "published_total"),
    ("classes", "classes"),
    ("quarter_turn", "quarter_turn"),
    ("half_turn", "half_turn"),
    ("asymmetric", "asymmetric"),
    ("orbits", "orbits"),
    ("types", "types"),
    ("verified", "verified"),
];

/// The lines under the table for the terminal: the rules, the threads, and what the columns
/// are, the published total named as such, wrapped to 100 columns.
fn human_note(rows: &[FixedCounts]) -> String {
    let Some(first) = rows.first() else {
        return String::new();
    };
    // The rules' published sequences, by column (`-` where none is).
    let rules = &first.rules;
    let a = |column, group| super::named::a_number(column, rules, group).unwrap_or("-");
    let piece = rules.piece.plural();
    let total = a("total", Group::Square);
    let threads = format!(
        "{} thread{}",
        first.threads,
        if first.threads == 1 { "" } else { "s" }
    );
    let text = match rules.surface {
        Surface::Torus => format!(
            "{piece} on the torus, {threads}. P, R: the boards fixed by a half turn, by a \
             quarter turn about the centre; S: those kept by the shifts, summed over the n^2 - 1 \
             shifts (the plain way derives S from its list of the symmetric classes); all \
             counted here. T_published: the published total ({total}), NOT counted here; the \
             classes under the torus group follow from it: classes = (T + S + n^2 (P + 2R)) / \
             8n^2 (A053994 on the odd boards), quarter_turn = R/2, half_turn = (P - R)/4, asymmetric = the rest; \
             orbits (the plain way): size:classes (A054500-A054502). verified: yes where they \
             match the published classes and orbits. types: `computed here` where those are \
             not published: new values."
        ),
        Surface::Plane => format!(
            "{piece}, {threads}. P, R: the boards fixed by a half turn, by a quarter turn, \
             counted here (the plain way finds R among its P boards: no nodes of its own). \
             T_published: the published total ({total}), NOT counted here; the classes follow \
             from it: quarter_turn = R/2, half_turn = (P - R)/4, asymmetric = (T - P)/8 (empty \
             where no T is published). verified: yes where they sum to the published classes \
             ({}) and match the published types ({}-{}) where known. types: `computed here` \
             where those are not published: new values.",
            a("classes", Group::Square),
            a("quarter_turn", Group::Square),
            a("asymmetric", Group::Square)
        ),
    };
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

/// The classes by orbit size derived from the published total (the torus's plain way).
fn derived_orbits(row: &FixedCounts) -> Option<Vec<(u128, u128)>> {
    let (total, _) = derived(row)?;
    row.orbits(total)?.ok()
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

/// The `verified` cell: `yes`, `no`, or `unknown` where nothing is published to check against
/// (as in `count`'s tables).
fn verified(row: &FixedCounts) -> &'static str {
    match row.verify() {
        Some(Ok(())) => "yes",
        Some(Err(_)) => "no",
        None => "unknown",
    }
}

/// The rules' cells of a row: the piece, the board and the group of the classes derived
/// (`superqueen`, `plane`, `square`), as every table of the tool names them.
fn rules_cells(rules: &Rules) -> [&'static str; 3] {
    let under = Rules {
        group: rules.group(),
        ..*rules
    };
    super::named::rules_values(&under)
}

/// A row's cells, in the order of [`columns`] for its rules.
pub fn cells(row: &FixedCounts) -> Vec<String> {
    let (h, q, sh) = (row.half_turn, row.quarter_turn, row.shifts);
    let derived = derived(row);
    let opt =
        |f: fn(&(u128, ClassCounts)) -> u128| derived.map_or(String::new(), |t| f(&t).to_string());
    let classes = derived.and_then(|(t, _)| row.classes(t).ok());
    let [piece, board, group] = rules_cells(&row.rules);
    let all = [
        ("piece", piece.to_string()),
        ("board", board.to_string()),
        ("group", group.to_string()),
        ("n", row.n.to_string()),
        ("way", row.way.name().to_string()),
        ("fixed_half_turn", h.boards.to_string()),
        ("half_turn_nodes", h.nodes.to_string()),
        ("half_turn_seconds", format!("{:.3}", h.seconds)),
        ("fixed_quarter_turn", q.boards.to_string()),
        ("quarter_turn_nodes", q.nodes.to_string()),
        ("quarter_turn_seconds", format!("{:.3}", q.seconds)),
        ("fixed_by_shifts", sh.boards.to_string()),
        ("shift_nodes", sh.nodes.to_string()),
        ("shift_seconds", format!("{:.3}", sh.seconds)),
        ("threads", row.threads.to_string()),
        ("published_total", opt(|t| t.0)),
        ("classes", classes.map_or(String::new(), |c| c.to_string())),
        ("quarter_turn", opt(|t| t.1.quarter_turn)),
        ("half_turn", opt(|t| t.1.half_turn)),
        ("asymmetric", opt(|t| t.1.asymmetric)),
        (
            "orbits",
            derived_orbits(row).map_or(String::new(), |o| orbits_text(&o)),
        ),
        ("types", types(row).to_string()),
        ("verified", verified(row).to_string()),
    ];
    let wanted = columns(&row.rules);
    let cells: Vec<(&str, String)> = all.into_iter().filter(|c| wanted.contains(&c.0)).collect();
    debug_assert_eq!(cells.iter().map(|c| c.0).collect::<Vec<_>>(), wanted);
    cells.into_iter().map(|c| c.1).collect()
}

/// The rows as CSV, with a header.
pub fn csv(rows: &[FixedCounts]) -> String {
    let mut w = csv::Writer::from_writer(Vec::new());
    let io = "writing CSV to memory cannot fail";
    let rules = rows.first().map_or(Rules::QUEENS, |r| r.rules);
    w.write_record(columns(&rules)).expect(io);
    for row in rows {
        w.write_record(cells(row)).expect(io);
    }
    String::from_utf8(w.into_inner().expect(io)).expect("the cells are UTF-8")
}

/// The rows as a table for the terminal: right-aligned columns, and under them what they are
/// (the published total named as such).
pub fn text(rows: &[FixedCounts]) -> String {
    let body: Vec<Vec<String>> = rows.iter().map(cells).collect();
    let rules = rows.first().map_or(Rules::QUEENS, |r| r.rules);
    let names = columns(&rules);
    // Each heading with the index of its column, for the columns the rows have.
    let shown: Vec<(&str, usize)> = (HUMAN.iter())
        .filter_map(|&(h, c)| Some((h, names.iter().position(|n| *n == c)?)))
        .collect();
    let widths: Vec<usize> = (shown.iter())
        .map(|&(h, i)| body.iter().map(|r| r[i].len()).fold(h.len(), usize::max))
        .collect();
    let line = |cell: &dyn Fn(usize) -> String| {
        let padded: Vec<String> = (0..shown.len())
            .map(|k| format!("{:>w$}", cell(k), w = widths[k]))
            .collect();
        padded.join("  ") + "\n"
    };
    let mut out = line(&|k| shown[k].0.to_string());
    for r in &body {
        out += &line(&|k| r[shown[k].1].clone());
    }
    out + &human_note(rows)
}

/// The rows as a JSON array of objects (numbers as numbers, the derived cells `null` where no
/// total is published), after the run's metadata (`meta`: tool, version, command line, start,
/// threads, machine, as every JSON document of the tool opens with) and the rules counted,
/// with [`NOTE`] beside them: `{"tool": …, "rules": …, "note": …, "rows": [...]}`.
#[cfg(feature = "serde")]
pub fn json(rows_in: &[FixedCounts], meta: &crate::formats::export::RunMeta) -> String {
    use serde_json::json;
    let rows: Vec<OrderedRow> = rows_in
        .iter()
        .map(|r| {
            let t = derived(r);
            // The published totals reach 2.9e14 at n = 26: numbers, under 2^53.
            let d = |f: fn(&(u128, ClassCounts)) -> u128| t.and_then(|t| u64::try_from(f(&t)).ok());
            let classes = t.and_then(|(total, _)| r.classes(total).ok());
            let [piece, board, group] = rules_cells(&r.rules);
            let all = [
                ("piece", json!(piece)),
                ("board", json!(board)),
                ("group", json!(group)),
                ("n", json!(r.n)),
                ("way", json!(r.way.name())),
                ("fixed_half_turn", json!(r.half_turn.boards)),
                ("half_turn_nodes", json!(r.half_turn.nodes)),
                ("half_turn_seconds", json!(r.half_turn.seconds)),
                ("fixed_quarter_turn", json!(r.quarter_turn.boards)),
                ("quarter_turn_nodes", json!(r.quarter_turn.nodes)),
                ("quarter_turn_seconds", json!(r.quarter_turn.seconds)),
                ("fixed_by_shifts", json!(r.shifts.boards)),
                ("shift_nodes", json!(r.shifts.nodes)),
                ("shift_seconds", json!(r.shifts.seconds)),
                ("threads", json!(r.threads)),
                ("published_total", json!(d(|t| t.0))),
                (
                    "classes",
                    json!(classes.and_then(|c| u64::try_from(c).ok())),
                ),
                ("quarter_turn", json!(d(|t| t.1.quarter_turn))),
                ("half_turn", json!(d(|t| t.1.half_turn))),
                ("asymmetric", json!(d(|t| t.1.asymmetric))),
                ("orbits", json!(derived_orbits(r).map(|o| orbits_text(&o)))),
                ("types", json!(Some(types(r)).filter(|t| !t.is_empty()))),
                ("verified", json!(verified(r))),
            ];
            // The CSV's columns, in its order.
            let wanted = columns(&r.rules);
            OrderedRow(
                all.into_iter()
                    .filter(|(k, _)| wanted.contains(k))
                    .collect(),
            )
        })
        .collect();
    let torus = rows_in
        .first()
        .is_some_and(|r| r.rules.surface == Surface::Torus);
    let rules = rows_in.first().map_or(meta.rules, |r| r.rules);
    let doc = FixedDoc {
        meta: crate::formats::export::json::MetaFields::of(meta),
        rules: crate::formats::named::RulesFields::of(&rules, rules.group()),
        note: if torus { TORUS_NOTE } else { NOTE },
        rows,
    };
    serde_json::to_string_pretty(&doc).expect("a JSON value prints") + "\n"
}

/// A row's cells as a JSON object whose keys keep the CSV's order (a `serde_json::Map` would
/// sort them).
#[cfg(feature = "serde")]
struct OrderedRow(Vec<(&'static str, serde_json::Value)>);

#[cfg(feature = "serde")]
impl serde::Serialize for OrderedRow {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut map = s.serialize_map(Some(self.0.len()))?;
        for (key, value) in &self.0 {
            map.serialize_entry(key, value)?;
        }
        map.end()
    }
}

/// The JSON document of the rows: the run's metadata, the rules, the note, the rows.
#[cfg(feature = "serde")]
#[derive(serde::Serialize)]
struct FixedDoc<'a> {
    #[serde(flatten)]
    meta: crate::formats::export::json::MetaFields<'a>,
    rules: crate::formats::named::RulesFields,
    note: &'static str,
    rows: Vec<OrderedRow>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fixed::{Way, count_fixed};
    use crate::rules::Rules;

    /// The keys of the first row of a JSON document, in the order written.
    fn json_keys(text: &str) -> Vec<String> {
        let row = &text[text.find("\"rows\"").unwrap()..];
        let row = &row[..row.find('}').unwrap()];
        (row.lines().skip(2))
            .filter_map(|l| Some(l.trim().strip_prefix('"')?.split_once('"')?.0.to_string()))
            .collect()
    }

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
        let rules = ["superqueen", "plane", "square"];
        assert_eq!(
            cells[0][..7],
            [&rules[..], &["12", "burnside", "12", "324"]].concat()
        );
        assert_eq!(cells[0][8..10], ["4", "38"]);
        assert_eq!(
            cells[0][11..],
            ["1", "156", "2", "2", "18", "published", "yes"]
        );
        assert_eq!(
            cells[1][..7],
            [&rules[..], &["12", "plain", "12", "324"]].concat()
        );
        assert_eq!(cells[1][8..10], ["4", "0"]);
        // The JSON objects hold the CSV's columns, in its order.
        let meta = crate::formats::export::RunMeta::now(Some(1));
        assert_eq!(json_keys(&json(&rows(), &meta)), COLUMNS);
    }

    #[test]
    fn the_table_names_the_total_as_published() {
        let text = text(&rows());
        let head: Vec<&str> = text.lines().next().unwrap().split_whitespace().collect();
        let plane = HUMAN.iter().filter(|h| COLUMNS.contains(&h.1)).map(|h| h.0);
        assert_eq!(head, plane.collect::<Vec<_>>());
        let words = text.replace('\n', " ");
        assert!(words.contains("T_published: the published total (A051223), NOT counted here"));
        // The note under the three lines of the table is wrapped to 100 columns.
        assert!(text.lines().skip(3).all(|l| l.len() <= 100), "{text}");
        assert!(text.contains("\nsuperqueens, 1 thread. P, R:"), "{text}");
    }

    #[test]
    fn the_torus_rows_have_the_shifts_the_classes_and_the_orbits() {
        let count = |way| count_fixed(Rules::TORUS_QUEENS, 13, way, Some(1), &|_| ()).unwrap();
        let rows = [count(Way::Burnside), count(Way::Plain)];
        let names = columns(&Rules::TORUS_QUEENS);
        assert_eq!(names.len(), COLUMNS.len() + 5);
        let at = |name| names.iter().position(|n| *n == name).unwrap();
        assert_eq!(at("fixed_by_shifts"), at("quarter_turn_seconds") + 1);
        assert_eq!(at("classes"), at("published_total") + 1);
        assert_eq!(at("orbits"), at("asymmetric") + 1);
        let text = csv(&rows);
        let lines: Vec<Vec<&str>> = text.lines().map(|l| l.split(',').collect()).collect();
        assert_eq!(lines[0], names);
        let cell = |row: usize, name| lines[row][at(name)];
        for row in [1, 2] {
            let got = [
                "fixed_half_turn",
                "fixed_quarter_turn",
                "fixed_by_shifts",
                "classes",
            ]
            .map(|name| cell(row, name));
            assert_eq!(got, ["36", "8", "1560", "11"], "{text}");
            let types = [
                "quarter_turn",
                "half_turn",
                "asymmetric",
                "types",
                "verified",
            ];
            assert_eq!(
                types.map(|t| cell(row, t)),
                ["4", "7", "0", "published", "yes"]
            );
        }
        assert_eq!(cell(1, "orbits"), "");
        assert_eq!(cell(2, "orbits"), "26:1 52:2 338:3 676:5");
        let human = super::text(&rows);
        let head: Vec<&str> = human.lines().next().unwrap().split_whitespace().collect();
        assert_eq!(head.len(), HUMAN.len());
        assert!(head.contains(&"S") && head.contains(&"orbits"), "{human}");
        assert!(
            human.contains("\nqueens on the torus, 1 thread. P, R:"),
            "{human}"
        );
        assert!(human.lines().skip(3).all(|l| l.len() <= 100), "{human}");
        let meta = crate::formats::export::RunMeta::now(Some(1));
        let v: serde_json::Value = serde_json::from_str(&json(&rows, &meta)).unwrap();
        assert_eq!(
            (&v["tool"], &v["rules"]["board"]),
            (&"queens".into(), &"torus".into())
        );
        assert_eq!(v["note"], TORUS_NOTE);
        assert_eq!(v["rows"][1]["orbits"], "26:1 52:2 338:3 676:5");
        assert!(v["rows"][0]["orbits"].is_null());
        assert_eq!(v["rows"][0]["classes"], 11);
        assert_eq!(v["rows"][1]["fixed_by_shifts"], 1560);
        assert_eq!(v["rows"][1]["group"], "torus");
        assert_eq!(json_keys(&json(&rows, &meta)), names);
        // The plane's rows keep their columns.
        assert_eq!(columns(&Rules::SUPERQUEENS), COLUMNS);
    }

    #[test]
    fn the_json_has_null_where_nothing_is_published() {
        // n = 27: no superqueen total published (a tiny search: n = 3's).
        let r = count_fixed(Rules::SUPERQUEENS, 3, Way::Burnside, Some(1), &|_| ()).unwrap();
        let mut r27 = r.clone();
        r27.n = 27;
        let meta = crate::formats::export::RunMeta::now(None);
        let v: serde_json::Value = serde_json::from_str(&json(&[r, r27], &meta)).unwrap();
        assert_eq!(v["rows"][0]["published_total"], 0);
        assert_eq!(v["rows"][0]["verified"], "yes");
        assert!(v["rows"][1]["published_total"].is_null());
        assert_eq!(v["rows"][1]["verified"], "unknown");
        assert_eq!(v["rules"]["piece"], "superqueen");
        assert_eq!(v["rows"][0]["types"], "published");
        assert!(v["rows"][1]["types"].is_null());
        assert_eq!(v["note"], NOTE);
    }
}
