//! JSON export: the rows of a `queens count` run and how it was run (tool version, command
//! line, start time, threads, machine).

use super::{Exporter, RunMeta};
use crate::machine::Machine;
use queens::formats::table::Row;
use serde::Serialize;
use std::io;

/// The JSON document's shape.
#[derive(Serialize)]
struct Document<'a> {
    tool: &'static str,
    version: &'a str,
    command_line: &'a [String],
    started: &'a str,
    threads_requested: Option<usize>,
    machine: &'a Machine,
    /// What `verified` compares with: `OEIS`, or the `--known` file.
    verified_against: &'a str,
    rows: Vec<JsonRow<'a>>,
}

/// One row; integers are exact JSON numbers (u128 fits every count).
#[derive(Serialize)]
struct JsonRow<'a> {
    n: usize,
    total: u128,
    classes: u128,
    asymmetric: u128,
    half_turn: u128,
    quarter_turn: u128,
    nodes: u128,
    seconds: f64,
    engine: &'a str,
    kernel: &'a str,
    threads: usize,
    verified: &'static str,
}

/// The JSON exporter.
pub struct Json;

impl Exporter for Json {
    fn write(&self, rows: &[Row], meta: &RunMeta, out: &mut dyn io::Write) -> io::Result<()> {
        let doc = Document {
            tool: "queens",
            version: &meta.version,
            command_line: &meta.command_line,
            started: &meta.started,
            threads_requested: meta.threads_requested,
            machine: &meta.machine,
            verified_against: meta.known_file.as_deref().unwrap_or("OEIS"),
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
                    engine: &r.engine,
                    kernel: &r.kernel,
                    threads: r.threads,
                    verified: r.verdict.label(),
                })
                .collect(),
        };
        serde_json::to_writer_pretty(&mut *out, &doc).map_err(io::Error::other)?;
        writeln!(out)
    }
}
