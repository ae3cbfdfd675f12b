//! The completions of `count --given`/`--blocked` in the formats of `count`'s other tables
//! (`write` of a [`Format`], beside `given::table`, the human one): CSV, JSON
//! with the run's metadata (with the `serde` feature) and a Markdown table. Each row names the
//! givens and the blocked squares; each output names the rules and the group the classes are
//! under: the CSV in its leading columns `piece,board,group` and the subgroup's columns, the
//! JSON in its `rules` object and each row's `subgroup`, the Markdown in a caption
//! (`given::caption`).

use crate::formats::export::{Format, RunMeta};
use crate::formats::named::{RULES_COLUMNS, group_id};
use crate::given::{Completions, Partial, caption};
#[cfg(feature = "serde")]
use crate::given::{Square, square_name};
use std::io::{self, Write};

/// Writes the completions of each partial board (`counts[i]` of `partials[i]`) in `format`;
/// a format they have no form in (a b-file: no sequence counts completions) is an
/// `InvalidInput` error.
// The command line's (`console::given`, under `cli`): not part of the library's API.
#[doc(hidden)]
pub fn write(
    format: Format,
    partials: &[Partial],
    counts: &[Completions],
    meta: &RunMeta,
    out: &mut dyn Write,
) -> io::Result<()> {
    match format {
        Format::Csv => write_csv(partials, counts, out),
        #[cfg(feature = "serde")]
        Format::Json => write_json(partials, counts, meta, out),
        Format::Markdown => write_markdown(partials, counts, meta, out),
        other => Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            format!(
                "the completions of given squares have no {} form",
                other.name()
            ),
        )),
    }
}

/// The CSV columns after `RULES_COLUMNS`: the subgroup by its name and order.
pub(crate) const CSV_HEADER: [&str; 11] = [
    "n",
    "given",
    "blocked",
    "completions",
    "classes",
    "subgroup",
    "subgroup_order",
    "nodes",
    "search",
    "threads",
    "seconds",
];

/// The cells of one row after the rules' columns, as [`CSV_HEADER`] names them.
fn cells(p: &Partial, c: &Completions) -> [String; 11] {
    let [n, given, blocked, total, classes, group, nodes, search] = crate::given::table_cells(p, c);
    let (order, threads, seconds) = (c.group.order(), c.threads, c.seconds);
    let (order, threads, seconds) = (
        order.to_string(),
        threads.to_string(),
        format!("{seconds:.3}"),
    );
    [
        n, given, blocked, total, classes, group, order, nodes, search, threads, seconds,
    ]
}

/// Writes the rows as CSV: `RULES_COLUMNS` (the group the subgroup is of), then
/// [`CSV_HEADER`].
pub(crate) fn write_csv(
    partials: &[Partial],
    counts: &[Completions],
    out: &mut dyn Write,
) -> io::Result<()> {
    let header: Vec<&str> = RULES_COLUMNS.iter().chain(&CSV_HEADER).copied().collect();
    let records = counts.iter().zip(partials).map(|(c, p)| {
        let rules = [
            c.rules.piece.name().to_string(),
            c.rules.surface.name().to_string(),
            group_id(c.group.of()).to_string(),
        ];
        rules.into_iter().chain(cells(p, c))
    });
    crate::formats::write_csv(&header, records, out)
}

/// Writes the JSON document: the run's metadata (as `count --json` writes it), the `rules`
/// object (piece, board and group, as every JSON table's), and a row per partial board with
/// its givens and blocked squares (lists of square names), its subgroup (name, order and
/// elements) and exact integers.
#[cfg(feature = "serde")]
pub(crate) fn write_json(
    partials: &[Partial],
    counts: &[Completions],
    meta: &RunMeta,
    out: &mut dyn Write,
) -> io::Result<()> {
    use crate::formats::export::json::MetaFields;
    use crate::formats::named::RulesFields;
    #[derive(serde::Serialize)]
    struct Subgroup {
        name: String,
        order: usize,
        elements: Vec<String>,
    }
    #[derive(serde::Serialize)]
    struct Row {
        n: usize,
        given: Vec<String>,
        blocked: Vec<String>,
        completions: u128,
        classes: u128,
        subgroup: Subgroup,
        nodes: u128,
        search: &'static str,
        threads: usize,
        seconds: f64,
    }
    #[derive(serde::Serialize)]
    struct Document<'a> {
        #[serde(flatten)]
        meta: MetaFields<'a>,
        rules: RulesFields,
        rows: Vec<Row>,
    }
    let rules = counts.first().map_or(meta.rules, |c| c.rules);
    let group = counts.first().map_or(rules.group(), |c| c.group.of());
    let names = |squares: &[Square], n| -> Vec<String> {
        (squares.iter()).map(|&s| square_name(n, s)).collect()
    };
    let doc = Document {
        meta: MetaFields::of(meta),
        rules: RulesFields::of(&rules, group),
        rows: (counts.iter().zip(partials))
            .map(|(c, p)| Row {
                n: c.n,
                given: names(p.given(), p.n()),
                blocked: names(p.blocked(), p.n()),
                completions: c.total,
                classes: c.classes,
                subgroup: Subgroup {
                    name: c.group.name(),
                    order: c.group.order(),
                    elements: c.group.elements().iter().map(|g| g.name()).collect(),
                },
                nodes: c.nodes,
                search: c.search,
                threads: c.threads,
                seconds: c.seconds,
            })
            .collect(),
    };
    serde_json::to_writer_pretty(&mut *out, &doc).map_err(io::Error::other)?;
    writeln!(out)
}

/// Writes a Markdown table: a caption naming the rules and the group, a row per partial board
/// (numbers right-aligned), and the line of the machine and start time.
pub(crate) fn write_markdown(
    partials: &[Partial],
    counts: &[Completions],
    meta: &RunMeta,
    out: &mut dyn Write,
) -> io::Result<()> {
    use crate::formats::table::markdown_cell;
    let rules = counts.first().map_or(meta.rules, |c| c.rules);
    let group = counts.first().map_or(rules.group(), |c| c.group.of());
    writeln!(out, "{}.\n", caption(&rules, group))?;
    writeln!(
        out,
        "| n | given | blocked | completions | classes | subgroup | order | nodes | search |"
    )?;
    writeln!(
        out,
        "| --: | :-- | :-- | --: | --: | :-- | --: | --: | :-- |"
    )?;
    for (c, p) in counts.iter().zip(partials) {
        let [
            n,
            given,
            blocked,
            total,
            classes,
            name,
            order,
            nodes,
            search,
            ..,
        ] = cells(p, c);
        writeln!(
            out,
            "| {n} | {} | {} | {total} | {classes} | {} | {order} | {nodes} | {search} |",
            markdown_cell(&given),
            markdown_cell(&blocked),
            markdown_cell(&name),
        )?;
    }
    writeln!(
        out,
        "\nComputed by queens {} on {} (started {}).",
        meta.version,
        markdown_cell(&meta.machine.summary()),
        meta.started
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::given::Search;
    use crate::rules::Rules;

    /// The completions of a8 on the 8×8 board, timed at a quarter of a second.
    fn a8() -> (Vec<Partial>, Vec<Completions>) {
        let p = Partial::parse(8, Rules::QUEENS, "a8", "c1").unwrap();
        let c = Completions {
            seconds: 0.25,
            ..p.count(Search::Plain, 2)
        };
        (vec![p], vec![c])
    }

    #[test]
    fn csv_names_the_rules_the_squares_and_the_subgroup() {
        let (p, c) = a8();
        let mut out = Vec::new();
        write(Format::Csv, &p, &c, &RunMeta::now(None), &mut out).unwrap();
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "piece,board,group,n,given,blocked,completions,classes,subgroup,subgroup_order,\
             nodes,search,threads,seconds\n\
             queen,plane,square,8,a8,c1,2,2,{id},1,225,plain,2,0.250\n"
        );
        let mut out = Vec::new();
        let e = write(Format::Bfile, &p, &c, &RunMeta::now(None), &mut out).unwrap_err();
        assert_eq!(e.kind(), io::ErrorKind::InvalidInput);
    }

    #[test]
    fn markdown_has_a_caption_and_a_row_per_board() {
        let (p, c) = a8();
        let mut out = Vec::new();
        write(Format::Markdown, &p, &c, &RunMeta::now(None), &mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(
            lines[..5],
            [
                "queens on the plane; classes under the symmetries of D4 that keep the givens \
                 and the blocked squares.",
                "",
                "| n | given | blocked | completions | classes | subgroup | order | nodes | search |",
                "| --: | :-- | :-- | --: | --: | :-- | --: | --: | :-- |",
                "| 8 | a8 | c1 | 2 | 2 | {id} | 1 | 225 | plain |",
            ]
        );
    }

    #[cfg(feature = "serde")]
    #[test]
    fn json_has_the_rules_and_each_rows_squares_and_subgroup() {
        let (p, c) = a8();
        let mut out = Vec::new();
        write(Format::Json, &p, &c, &RunMeta::now(None), &mut out).unwrap();
        let doc: serde_json::Value = serde_json::from_slice(&out).unwrap();
        assert_eq!(
            doc["rules"],
            serde_json::json!({"piece": "queen", "board": "plane", "group": "square"})
        );
        let row = &doc["rows"][0];
        assert_eq!(row["given"], serde_json::json!(["a8"]));
        assert_eq!(row["blocked"], serde_json::json!(["c1"]));
        assert_eq!(
            (row["completions"].as_u64(), row["classes"].as_u64()),
            (Some(2), Some(2))
        );
        assert_eq!(
            row["subgroup"],
            serde_json::json!({"name": "{id}", "order": 1, "elements": ["id"]})
        );
    }
}
