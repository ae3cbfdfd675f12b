//! JSON export: the rows of a `queens count` run and how it was run (tool version, command
//! line, start time, threads, machine); and [`read`], which reads the rows back (`plot`).

use super::exporter::{Exporter, RunMeta};
use super::machine::Machine;
use crate::formats::named::RulesFields;
use crate::formats::table::{self, Row};
use crate::rules::Rules;
use crate::verify::Verdict;
use serde::{Deserialize, Serialize};
use std::borrow::Cow;
use std::io;

/// The command line's `--json`.
pub const INFO: super::exporter::Info = super::exporter::Info {
    name: "json",
    flag: "--json",
    help: "Also write the rows and run metadata (version, command line, start time, threads, \
           OS, CPU) as JSON to FILE (`-`: stdout)",
    as_format: Some("JSON with the run's metadata, as `--json` writes it"),
    exporter: |_| Box::new(Json),
};

/// The run's metadata as every JSON document of the tool opens with (`count`, `merge`,
/// `verify`, `profile`): tool, version, command line, start time, threads asked for, machine.
#[derive(Serialize)]
pub struct MetaFields<'a> {
    tool: &'static str,
    version: &'a str,
    command_line: &'a [String],
    started: &'a str,
    threads_requested: Option<usize>,
    machine: &'a Machine,
}

impl<'a> MetaFields<'a> {
    /// The fields of `meta`.
    pub fn of(meta: &'a RunMeta) -> MetaFields<'a> {
        MetaFields {
            tool: "queens",
            version: &meta.version,
            command_line: &meta.command_line,
            started: &meta.started,
            threads_requested: meta.threads_requested,
            machine: &meta.machine,
        }
    }
}

/// `verified_against` where no value of the rules is published (the superqueens on the torus):
/// every row's `verified` is `unknown`, and "OEIS" would claim a check that was not made.
pub const NOTHING_PUBLISHED: &str = "nothing: no values of these rules are published";

/// The JSON document's shape.
#[derive(Serialize)]
struct Document<'a> {
    #[serde(flatten)]
    meta: MetaFields<'a>,
    /// What `verified` compares with: `OEIS`, or the `--known` file.
    verified_against: &'a str,
    /// The rules of every row and the group of their classes (the queens' too).
    rules: RulesFields,
    rows: Vec<JsonRow<'a>>,
}

/// One row, written and read back; integers are exact JSON numbers (u128 fits every count).
#[derive(Serialize, Deserialize)]
struct JsonRow<'a> {
    n: usize,
    total: u128,
    classes: u128,
    asymmetric: u128,
    half_turn: u128,
    quarter_turn: u128,
    nodes: u128,
    seconds: f64,
    engine: Cow<'a, str>,
    kernel: Cow<'a, str>,
    threads: usize,
    verified: Cow<'a, str>,
    /// Under the torus group, the classes by their number of boards (A054500–A054502), as the
    /// CSV's `orbits` column; absent under the square's 8 symmetries (the queens' rows).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    orbits: Option<Vec<OrbitClasses>>,
}

/// The classes of one orbit size under the torus group: `{"boards": 26, "classes": 1}`.
#[derive(Serialize, Deserialize)]
struct OrbitClasses {
    boards: u128,
    classes: u128,
}

/// The part of the document [`read`] needs (other fields are ignored).
#[derive(Deserialize)]
struct ReadBack<'a> {
    tool: String,
    /// The rows' rules: a document written before the rules were named has none, and holds
    /// the queens'.
    rules: Option<RulesFields>,
    #[serde(deserialize_with = "at_most_a_table")]
    rows: Vec<JsonRow<'a>>,
}

/// The rows of a document, refused once there are more than a table holds
/// ([`table::ReadLimits::TABLE`]): read in bounded memory whatever the document's size.
fn at_most_a_table<'de, D, T>(d: D) -> Result<Vec<T>, D::Error>
where
    D: serde::Deserializer<'de>,
    T: Deserialize<'de>,
{
    struct Rows<T>(std::marker::PhantomData<T>);
    impl<'de, T: Deserialize<'de>> serde::de::Visitor<'de> for Rows<T> {
        type Value = Vec<T>;
        fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
            write!(f, "a list of rows")
        }
        fn visit_seq<A: serde::de::SeqAccess<'de>>(self, mut seq: A) -> Result<Vec<T>, A::Error> {
            let limit = table::ReadLimits::TABLE.max_rows;
            let mut rows = Vec::new();
            while let Some(row) = seq.next_element()? {
                if rows.len() == limit {
                    return Err(serde::de::Error::custom(format!(
                        "more than {limit} rows: a queens table holds one row per board size \
                         (0 to {}) and engine",
                        crate::board::MAX_COUNT_N
                    )));
                }
                rows.push(row);
            }
            Ok(rows)
        }
    }
    d.deserialize_seq(Rows(std::marker::PhantomData))
}

/// The JSON exporter: the rows and the run's metadata, pretty-printed, as [`read`] reads them
/// back.
pub struct Json;

impl Exporter for Json {
    fn write(&self, rows: &[Row], meta: &RunMeta, out: &mut dyn io::Write) -> io::Result<()> {
        // The rows of one table share their rules (the readers refuse a mix).
        let (rules, group) = rows
            .first()
            .map_or((Rules::QUEENS, Rules::QUEENS.group()), |r| {
                (r.rules, r.group)
            });
        let doc = Document {
            meta: MetaFields::of(meta),
            verified_against: meta.known_file.as_deref().unwrap_or(
                match super::exporter::nothing_published(rows) {
                    true => NOTHING_PUBLISHED,
                    false => "OEIS",
                },
            ),
            rules: RulesFields::of(&rules, group),
            rows: rows
                .iter()
                .map(|r| JsonRow {
                    n: r.n,
                    total: r.total,
                    classes: r.classes.total(),
                    asymmetric: r.classes.asymmetric,
                    half_turn: r.classes.half_turn,
                    quarter_turn: r.classes.quarter_turn,
                    nodes: r.nodes,
                    seconds: r.seconds,
                    engine: Cow::Borrowed(&r.engine),
                    kernel: Cow::Borrowed(&r.kernel),
                    threads: r.threads,
                    verified: Cow::Borrowed(r.verdict.label()),
                    orbits: r.orbits.as_ref().map(|list| {
                        list.iter()
                            .map(|&(boards, classes)| OrbitClasses { boards, classes })
                            .collect()
                    }),
                })
                .collect(),
        };
        serde_json::to_writer_pretty(&mut *out, &doc).map_err(io::Error::other)?;
        writeln!(out)
    }
}

/// Reads the rows of a document [`Json`] wrote, checking what can be checked: that it is
/// queens's, that each row's classes add up, and that its verdict is one queens writes. The
/// rows are of the document's `rules` (the queens' where it names none).
pub fn read(text: &str) -> Result<Vec<Row>, String> {
    let doc: ReadBack = serde_json::from_str(text)
        .map_err(|e| format!("not the JSON `queens count --json` writes ({e})"))?;
    if doc.tool != "queens" {
        return Err(format!("a JSON document of '{}', not of queens", doc.tool));
    }
    let (rules, group) = match &doc.rules {
        None => (Rules::QUEENS, Rules::QUEENS.group()),
        Some(fields) => fields.read().map_err(|e| format!("rules: {e}"))?,
    };
    doc.rows
        .into_iter()
        .enumerate()
        .map(|(i, r)| {
            let classes =
                table::stated_classes(r.classes, r.asymmetric, r.half_turn, r.quarter_turn)
                    .ok_or_else(|| {
                        format!(
                            "row {} (n = {}): classes {} is not asymmetric + half_turn + \
                             quarter_turn",
                            i + 1,
                            r.n,
                            r.classes
                        )
                    })?;
            let verdict = Verdict::from_label(&r.verified).ok_or_else(|| {
                format!(
                    "row {} (n = {}): verified {:?} is not yes, unknown or MISMATCH",
                    i + 1,
                    r.n,
                    r.verified
                )
            })?;
            if r.n > crate::board::MAX_COUNT_N {
                return Err(format!(
                    "row {}: n = {} is outside 0 to {}: not a queens row",
                    i + 1,
                    r.n,
                    crate::board::MAX_COUNT_N
                ));
            }
            if !(table::possible(r.total, r.nodes, rules.boards_per_node(r.n))
                && r.seconds.is_finite()
                && r.seconds >= 0.0)
            {
                return Err(format!(
                    "row {} (n = {}): nodes {} with total {}, seconds {}: values no run writes",
                    i + 1,
                    r.n,
                    r.nodes,
                    r.total,
                    r.seconds
                ));
            }
            Ok(Row {
                rules,
                group,
                n: r.n,
                total: r.total,
                classes,
                nodes: r.nodes,
                seconds: r.seconds,
                engine: r.engine.into_owned(),
                kernel: r.kernel.into_owned(),
                threads: r.threads,
                verdict,
                orbits: r
                    .orbits
                    .map(|list| list.iter().map(|o| (o.boards, o.classes)).collect()),
            })
        })
        .collect()
}
