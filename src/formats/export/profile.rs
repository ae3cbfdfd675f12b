//! Profiles of the search tree (nodes and solutions per depth, `queens profile`) in every
//! format: the aligned table for reading ([`human`]), and [`write()`] of a [`Format`]: CSV (one
//! row per n and depth), JSON with the run's metadata (with the `serde` feature) and a
//! Markdown table. Each names the rules profiled ([`RunMeta::rules`]): the CSV of other rules
//! than the queens' in its leading columns `piece,board`, the JSON in its `rules` object (the
//! queens' too), the Markdown in a caption.

use super::Format;
use super::exporter::RunMeta;
use crate::plan::Engine;
use crate::rules::Rules;
use crate::search::profile::Profile;
use std::io::{self, Write};

/// Writes `profiles` with their `verdicts` (one each) in `format`; a format profiles have no
/// form in (a b-file) is an `InvalidInput` error.
pub fn write(
    format: Format,
    profiles: &[Profile],
    verdicts: &[String],
    meta: &RunMeta,
    out: &mut dyn Write,
) -> io::Result<()> {
    match format {
        Format::Csv => write_csv(profiles, &meta.rules, out),
        #[cfg(feature = "serde")]
        Format::Json => write_json(profiles, verdicts, meta, out),
        Format::Markdown => write_markdown(profiles, verdicts, meta, out),
        other => Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            format!("a profile has no {} form", other.name()),
        )),
    }
}

/// The CSV header of `--csv`: one row per (n, depth).
pub const CSV_HEADER: [&str; 5] = ["n", "engine", "depth", "nodes", "solutions"];

/// The columns a profile of other rules than the queens' has before [`CSV_HEADER`]: its
/// piece and board (a profile has no classes, so no group).
pub const RULES_COLUMNS: [&str; 2] = ["piece", "board"];

/// Writes profiles of `rules` in the long CSV format of [`CSV_HEADER`], after the
/// [`RULES_COLUMNS`] for any rules but the queens'.
pub fn write_csv(profiles: &[Profile], rules: &Rules, out: &mut dyn Write) -> io::Result<()> {
    let lead: Vec<String> = match rules.is_queens() {
        true => Vec::new(),
        false => vec![
            rules.piece.name().to_string(),
            rules.surface.name().to_string(),
        ],
    };
    let header: Vec<&str> = match rules.is_queens() {
        true => CSV_HEADER.to_vec(),
        false => RULES_COLUMNS.iter().chain(&CSV_HEADER).copied().collect(),
    };
    let records = profiles.iter().flat_map(|p| {
        let lead = &lead;
        p.depths.iter().map(move |d| {
            lead.iter().cloned().chain([
                p.n.to_string(),
                p.engine.name().to_string(),
                d.depth.to_string(),
                d.nodes.to_string(),
                d.solutions.to_string(),
            ])
        })
    });
    crate::formats::write_csv(&header, records, out)
}

#[cfg(feature = "serde")]
/// The JSON document of `--json`: the run's metadata (as `count --json` writes it) and each
/// profile with its verdict and nodes and solutions per depth (exact integers).
pub fn write_json(
    profiles: &[Profile],
    verdicts: &[String],
    meta: &RunMeta,
    out: &mut dyn Write,
) -> io::Result<()> {
    #[derive(serde::Serialize)]
    struct Depth {
        depth: usize,
        nodes: u128,
        solutions: u128,
    }
    #[derive(serde::Serialize)]
    struct OneProfile<'a> {
        n: usize,
        engine: &'a str,
        verified: &'a str,
        depths: Vec<Depth>,
    }
    /// The rules profiled: their piece and board (a profile has no classes).
    #[derive(serde::Serialize)]
    struct RulesFields {
        piece: &'static str,
        board: &'static str,
    }
    #[derive(serde::Serialize)]
    struct Document<'a> {
        #[serde(flatten)]
        meta: super::json::MetaFields<'a>,
        rules: RulesFields,
        profiles: Vec<OneProfile<'a>>,
    }
    let doc = Document {
        meta: super::json::MetaFields::of(meta),
        rules: RulesFields {
            piece: meta.rules.piece.name(),
            board: meta.rules.surface.name(),
        },
        profiles: profiles
            .iter()
            .zip(verdicts)
            .map(|(p, verified)| OneProfile {
                n: p.n,
                engine: p.engine.name(),
                verified,
                depths: p
                    .depths
                    .iter()
                    .map(|d| Depth {
                        depth: d.depth,
                        nodes: d.nodes,
                        solutions: d.solutions,
                    })
                    .collect(),
            })
            .collect(),
    };
    serde_json::to_writer_pretty(&mut *out, &doc).map_err(io::Error::other)?;
    writeln!(out)
}

/// The Markdown table of `--markdown`: one row per (n, depth), numbers right-aligned, and a
/// line per profile with its verdict.
pub fn write_markdown(
    profiles: &[Profile],
    verdicts: &[String],
    meta: &RunMeta,
    out: &mut dyn Write,
) -> io::Result<()> {
    if !meta.rules.is_queens() {
        let (piece, board) = (meta.rules.piece.name(), meta.rules.surface.name());
        writeln!(out, "Profiles of {piece}s on the {board}.\n")?;
    }
    writeln!(out, "| n | engine | depth | nodes | solutions |")?;
    writeln!(out, "| --: | :-- | --: | --: | --: |")?;
    for p in profiles {
        for d in &p.depths {
            writeln!(
                out,
                "| {} | {} | {} | {} | {} |",
                p.n,
                p.engine.name(),
                d.depth,
                d.nodes,
                d.solutions
            )?;
        }
    }
    writeln!(out)?;
    for (p, verified) in profiles.iter().zip(verdicts) {
        writeln!(
            out,
            "n = {}, engine {}: verified {}.",
            p.n,
            p.engine.name(),
            crate::formats::table::markdown_cell(verified)
        )?;
    }
    writeln!(
        out,
        "\nComputed by queens {} on {} (started {}).",
        meta.version,
        crate::formats::table::markdown_cell(&meta.machine.summary()),
        meta.started
    )
}

/// What a profile's depths and nodes mean, per engine.
fn legend(engine: Engine) -> &'static str {
    match engine {
        Engine::Enumerate => "nodes per depth of its search tree",
        Engine::Symmetric => {
            "depth = queens on the board; one border constellation per D4 orbit, unweighted; \
             the last two rows, which its kernels count by a closed form, are built here"
        }
    }
}

/// Renders one profile as an aligned table with a total line.
pub fn human(p: &Profile, verdict: &str) -> String {
    let total_nodes = p.total_nodes().map_or("overflow".into(), |v| v.to_string());
    let total_solutions = p
        .total_solutions()
        .map_or("overflow".into(), |v| v.to_string());
    let w = total_nodes.len().max("nodes".len());
    let ws = total_solutions.len().max("solutions".len());
    let mut out = format!(
        "n = {}, engine {} ({})\n",
        p.n,
        p.engine.name(),
        legend(p.engine)
    );
    out += &format!("{:>5}  {:>w$}  {:>ws$}\n", "depth", "nodes", "solutions");
    for d in &p.depths {
        out += &format!("{:>5}  {:>w$}  {:>ws$}\n", d.depth, d.nodes, d.solutions);
    }
    out += &format!(
        "{:>5}  {total_nodes:>w$}  {total_solutions:>ws$}\n",
        "total"
    );
    out += &format!("verified: {verdict}\n");
    out
}
