//! The result of one part (`queens count N --part RES/MOD`): the summed tally of the part's
//! units and everything needed to merge it safely with the other parts. A part is not a result
//! for n; its CSV row has its own header ([`PART_HEADER`], first column `format`) so it can never
//! be mistaken for a row of `queens count --csv`, and it names its plan (with the plan's
//! version) so parts of different plans are never summed. A checksum over the row's text
//! catches a damaged or edited row.

use crate::board::{MAX_COUNT_N, MIN_N};
use crate::counter::Finished;
use crate::plan::part::Part;
use crate::plan::tally::Tally;
use crate::storage::checksum;
use crate::storage::tally_fields;
use std::io;

/// The position of the first of the seven tally columns ([`tally_fields::TALLY_COLUMNS`]).
const TALLY_START: usize = 8;

/// The value of the `format` column: the kind of row and its version.
pub(crate) const PART_FORMAT: &str = "queens-part-v1";

/// The `format` of the part rows of the rules on the torus, which carry their boards by
/// stabilizer under the torus group besides ([`PART_HEADER_TORUS`]), so that merged parts
/// give the classes under that group as a whole count does. A torus part row of
/// [`PART_FORMAT`] (written before) is still read: its merge gives the classes under the
/// square's 8 symmetries alone, as it always did.
pub(crate) const PART_FORMAT_TORUS: &str = "queens-part-v2";

/// The CSV header of the part rows of [`PART_FORMAT_TORUS`]: [`PART_HEADER`] with the column
/// `torus_stabilizers` before the checksum (the boards by stabilizer:
/// `SHIFTSxTURNS:BOARDS:CANONICAL` joined by spaces, `-` for none).
pub(crate) const PART_HEADER_TORUS: [&str; 20] = {
    let mut header = [""; 20];
    let mut i = 0;
    // [`PART_HEADER`] up to its checksum, then the stabilizers and the checksum.
    while i < PART_HEADER.len() - 1 {
        header[i] = PART_HEADER[i];
        i += 1;
    }
    header[i] = "torus_stabilizers";
    header[i + 1] = PART_HEADER[i];
    header
};

/// The CSV header of part rows, in column order.
pub const PART_HEADER: [&str; 19] = {
    const HEAD: [&str; 8] = [
        "format",
        "n",
        "engine",
        "plan",
        "res",
        "mod",
        "units",
        "plan_units",
    ];
    const TAIL: [&str; 4] = ["seconds", "threads", "kernel", "checksum"];
    // The tally's seven columns between the plan's and the run's.
    let tally = tally_fields::TALLY_COLUMNS;
    let mut header = [""; 19];
    let mut i = 0;
    while i < header.len() {
        header[i] = match i {
            0..8 => HEAD[i],
            8..15 => tally[i - 8],
            _ => TAIL[i - 15],
        };
        i += 1;
    }
    header
};

/// The result of one part of a plan.
#[derive(Clone, Debug, PartialEq)]
pub struct PartRow {
    /// Board size.
    pub n: usize,
    /// Engine name.
    pub engine: String,
    /// [`crate::plan::Plan::identity`] (the split and its version).
    pub plan: String,
    /// Which part.
    pub part: Part,
    /// Units in this part.
    pub units: usize,
    /// Units in the whole plan ([`crate::plan::Plan::unit_count`]).
    pub plan_units: usize,
    /// The sum of the part's unit tallies.
    pub tally: Tally,
    /// Whether the plan counts classes one by one (the canonical columns are filled in).
    pub counts_classes_directly: bool,
    /// Wall-clock seconds of this part's run (the resumed units' time not included).
    pub seconds: f64,
    /// Threads used.
    pub threads: usize,
    /// The counting kernel the units ran on ([`crate::plan::Plan::kernel`]); parts of one set may differ.
    pub kernel: String,
}

/// Why a CSV row is not a valid part row.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PartRowError {
    /// The row's checksum does not match its text.
    #[error("its checksum does not match: the row is damaged or was edited")]
    Checksum,
    /// A field does not parse, or the fields contradict each other.
    #[error("column {column}: {value:?} is not valid")]
    Field {
        /// Column name.
        column: &'static str,
        /// The text found.
        value: String,
    },
}

impl PartRow {
    /// The row of a finished run of a part.
    pub fn from_finished(run: &Finished) -> PartRow {
        PartRow {
            n: run.n,
            engine: run.engine.name().to_string(),
            plan: run.plan.clone(),
            part: run.part,
            units: run.units,
            plan_units: run.plan_units,
            tally: run.tally.clone(),
            counts_classes_directly: run.counts_classes_directly,
            seconds: run.seconds,
            threads: run.threads,
            kernel: run.kernel.to_string(),
        }
    }

    /// Whether the row is of the rules on the torus, and so of `PART_FORMAT_TORUS`.
    pub fn on_torus(&self) -> bool {
        crate::rules::Rules::of_identity(&self.plan).surface == crate::rules::Surface::Torus
    }

    /// The fields as text, in [`PART_HEADER`] order (`PART_HEADER_TORUS` on the torus),
    /// the checksum last.
    pub fn fields(&self) -> Vec<String> {
        let torus = self.on_torus();
        let mut f = vec![
            if torus {
                PART_FORMAT_TORUS
            } else {
                PART_FORMAT
            }
            .to_string(),
            self.n.to_string(),
            self.engine.clone(),
            self.plan.clone(),
            self.part.res().to_string(),
            self.part.modulus().to_string(),
            self.units.to_string(),
            self.plan_units.to_string(),
        ];
        f.extend(tally_fields::to_fields(
            &self.tally,
            self.counts_classes_directly,
        ));
        f.extend([
            format!("{:.6}", self.seconds),
            self.threads.to_string(),
            self.kernel.clone(),
        ]);
        if torus {
            f.push(tally_fields::torus_text(&self.tally.torus));
        }
        f.push(checksum::checksum(&f.join(",")));
        f
    }

    /// Parses the fields of one CSV record (in [`PART_HEADER`] order), checking the checksum
    /// first and then that the fields are consistent.
    pub fn from_fields(fields: &[&str]) -> Result<PartRow, PartRowError> {
        let torus = fields.len() == PART_HEADER_TORUS.len();
        if fields.len() != PART_HEADER.len() && !torus {
            return Err(PartRowError::Field {
                column: "format",
                value: format!("{} columns", fields.len()),
            });
        }
        let (body, sum) = fields.split_at(fields.len() - 1);
        if !checksum::matches(&body.join(","), sum[0]) {
            return Err(PartRowError::Checksum);
        }
        let bad = |i: usize| PartRowError::Field {
            column: PART_HEADER_TORUS[i],
            value: fields[i].to_string(),
        };
        let size = |i: usize| fields[i].parse::<usize>().map_err(|_| bad(i));
        if fields[0]
            != if torus {
                PART_FORMAT_TORUS
            } else {
                PART_FORMAT
            }
        {
            return Err(bad(0));
        }
        let part = Part::new(size(4)?, size(5)?).map_err(|_| bad(4))?;
        let units = size(6)?;
        let plan_units = size(7)?;
        if units != part.unit_count(plan_units) {
            return Err(bad(6));
        }
        let (mut tally, direct) = tally_fields::parse(&fields[TALLY_START..TALLY_START + 7], true)
            .map_err(|e| bad(TALLY_START + e.index))?;
        let n = size(1)?;
        if !(MIN_N..=MAX_COUNT_N).contains(&n) {
            return Err(bad(1));
        }
        if torus {
            // The boards by stabilizer: of the rules on the torus only, and never more boards
            // than the row counts.
            let on_torus =
                crate::rules::Rules::of_identity(fields[3]).surface == crate::rules::Surface::Torus;
            tally.torus = tally_fields::parse_torus(fields[18])
                .filter(|t| on_torus && t.boards() <= tally.boards)
                .ok_or_else(|| bad(18))?;
        }
        // The checksum guards against accidents, not forgery: values no run can produce are
        // refused whatever their checksum says.
        let rules = crate::rules::Rules::of_identity(fields[3]);
        if !tally_fields::nodes_possible(&tally, rules.boards_per_node(n)) {
            return Err(bad(TALLY_START + 6));
        }
        let seconds = fields[15]
            .parse::<f64>()
            .ok()
            .filter(|s| s.is_finite() && *s >= 0.0)
            .ok_or_else(|| bad(15))?;
        let threads = size(16)?;
        if threads == 0 {
            return Err(bad(16));
        }
        Ok(PartRow {
            n,
            engine: fields[2].to_string(),
            plan: fields[3].to_string(),
            part,
            units,
            plan_units,
            tally,
            counts_classes_directly: direct,
            seconds,
            threads,
            kernel: fields[17].to_string(),
        })
    }

    /// A human-readable block: it says first, and loudly, that this is a part and not a result.
    pub fn human(&self) -> String {
        let t = &self.tally;
        let m = self.part.modulus();
        let mut out = format!(
            "n = {}: PART {} of plan {} (engine {}) - not a result for n = {}: merge all {m} \
             parts with `queens merge`\n",
            self.n, self.part, self.plan, self.engine, self.n
        );
        let mut line = |k: &str, v: String| out.push_str(&format!("  {k:<19} {v}\n"));
        line("units", format!("{} of {}", self.units, self.plan_units));
        line("boards", t.boards.to_string());
        line("fixed_half_turn", t.fixed_half_turn.to_string());
        line("fixed_quarter_turn", t.fixed_quarter_turn.to_string());
        if self.counts_classes_directly {
            line(
                "canonical classes",
                format!(
                    "{} asymmetric, {} half_turn, {} quarter_turn",
                    t.canonical.asymmetric, t.canonical.half_turn, t.canonical.quarter_turn
                ),
            );
        }
        line("nodes", t.nodes.to_string());
        line(
            "seconds",
            format!(
                "{:.3} ({} thread{}, {} kernel)",
                self.seconds,
                self.threads,
                if self.threads == 1 { "" } else { "s" },
                self.kernel
            ),
        );
        out
    }
}

/// Writes part rows as CSV with the [`PART_HEADER`], or the `PART_HEADER_TORUS` for rows of
/// the rules on the torus (the rows of one run are of one rule set).
pub fn write_csv<W: io::Write>(rows: &[PartRow], out: W) -> io::Result<()> {
    if rows.iter().any(PartRow::on_torus) {
        super::write_csv(&PART_HEADER_TORUS, rows.iter().map(PartRow::fields), out)
    } else {
        super::write_csv(&PART_HEADER, rows.iter().map(PartRow::fields), out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::plan::tally::ClassCounts;

    #[test]
    fn the_tally_columns_are_the_codecs() {
        assert_eq!(
            PART_HEADER[TALLY_START..TALLY_START + 7],
            tally_fields::TALLY_COLUMNS
        );
    }

    fn sample(direct: bool) -> PartRow {
        PartRow {
            n: 12,
            engine: "enumerate".to_string(),
            plan: "enumerate-prefix3-v1".to_string(),
            part: Part::new(3, 8).unwrap(),
            units: 13,
            plan_units: 100,
            tally: Tally {
                boards: 1780,
                fixed_half_turn: 6,
                fixed_quarter_turn: 2,
                canonical: if direct {
                    ClassCounts {
                        asymmetric: 220,
                        half_turn: 1,
                        quarter_turn: 1,
                    }
                } else {
                    ClassCounts::default()
                },
                nodes: 107_000,
                ..Tally::default()
            },
            counts_classes_directly: direct,
            seconds: 0.25,
            threads: 2,
            kernel: "scalar".to_string(),
        }
    }

    #[test]
    fn fields_round_trip() {
        for direct in [true, false] {
            let row = sample(direct);
            let fields = row.fields();
            let refs: Vec<&str> = fields.iter().map(String::as_str).collect();
            assert_eq!(PartRow::from_fields(&refs), Ok(row));
        }
    }

    #[test]
    fn a_size_outside_1_to_64_is_refused_even_with_a_good_checksum() {
        // Boards to 64: the torus engine's (the rules decide where the plan is looked up).
        for n in [0, 65, 1_000_000] {
            let mut row = sample(true);
            row.n = n;
            let fields = row.fields();
            let refs: Vec<&str> = fields.iter().map(String::as_str).collect();
            assert_eq!(
                PartRow::from_fields(&refs),
                Err(PartRowError::Field {
                    column: "n",
                    value: n.to_string()
                })
            );
        }
    }

    #[test]
    fn a_changed_field_fails_the_checksum() {
        let fields = sample(true).fields();
        for i in 0..PART_HEADER.len() - 1 {
            let mut changed = fields.clone();
            changed[i].push('1');
            let refs: Vec<&str> = changed.iter().map(String::as_str).collect();
            assert_eq!(
                PartRow::from_fields(&refs),
                Err(PartRowError::Checksum),
                "{}",
                PART_HEADER[i]
            );
        }
    }

    #[test]
    fn the_human_form_says_it_is_a_part() {
        let text = sample(true).human();
        assert!(text.starts_with("n = 12: PART 3/8 of plan enumerate-prefix3-v1"));
        assert!(text.contains("not a result"));
    }
}
