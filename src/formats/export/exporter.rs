//! What every exporter shares: the [`Exporter`] trait and the run's metadata ([`RunMeta`]).

use super::machine::Machine;
use crate::formats::table::{self, Row};
use crate::sequences::Sequence;
use std::io;

/// How and where a run happened, for the exports that record it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RunMeta {
    /// The tool's version (`CARGO_PKG_VERSION`).
    pub version: String,
    /// The command line, program name first.
    pub command_line: Vec<String>,
    /// When the run started, RFC 3339 in UTC.
    pub started: String,
    /// Threads asked for with `--threads`, if any (each row records the threads used).
    pub threads_requested: Option<usize>,
    /// The machine.
    pub machine: Machine,
    /// What the rows' `verified` compares with: `None` for the published values (OEIS), the
    /// `--known` file's name otherwise.
    pub known_file: Option<String>,
    /// The rules counted or profiled ([`RunMeta::under`]; the queens' unless said), for the
    /// outputs that have no rows to name them (profiles).
    pub rules: crate::rules::Rules,
}

impl RunMeta {
    /// The metadata of a run starting now in this process.
    pub fn now(threads_requested: Option<usize>) -> RunMeta {
        RunMeta {
            version: env!("CARGO_PKG_VERSION").to_string(),
            command_line: std::env::args().collect(),
            started: rfc3339_now(),
            threads_requested,
            machine: Machine::current(),
            known_file: None,
            rules: crate::rules::Rules::QUEENS,
        }
    }

    /// The same, of a run of `rules`.
    pub fn under(mut self, rules: crate::rules::Rules) -> RunMeta {
        self.rules = rules;
        self
    }

    /// The same, verified against `source` (the published values or a `--known` file).
    pub fn verified_against(mut self, source: &crate::verify::Source) -> RunMeta {
        self.known_file = match source {
            crate::verify::Source::Published => None,
            crate::verify::Source::File(name) => Some(name.clone()),
        };
        self
    }
}

/// Whether nothing is published of the rules of `rows` under their group (the superqueens on
/// the torus): what `verified` compares with is then nothing, and the exports say so rather
/// than name OEIS. The rows of one table share their rules; no rows: the queens'.
pub(crate) fn nothing_published(rows: &[Row]) -> bool {
    let rules = rows.first().map_or(crate::rules::Rules::QUEENS, |r| {
        r.rules.under(r.group).unwrap_or(r.rules)
    });
    crate::verify::KnownTable::published(&rules)
        .rows()
        .is_empty()
}

/// The current time in RFC 3339, UTC, to the second (`2026-11-30T13:45:07Z`).
pub fn rfc3339_now() -> String {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    rfc3339(secs)
}

/// `secs` seconds after the Unix epoch in RFC 3339, UTC (the proleptic Gregorian calendar,
/// by Howard Hinnant's `civil_from_days`).
pub fn rfc3339(secs: u64) -> String {
    let (days, rem) = (secs / 86_400, secs % 86_400);
    // Days since 0000-03-01, in 400-year eras of 146 097 days.
    let z = days + 719_468;
    let (era, doe) = (z / 146_097, z % 146_097);
    let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + u64::from(month <= 2);
    format!(
        "{year:04}-{month:02}-{day:02}T{:02}:{:02}:{:02}Z",
        rem / 3_600,
        rem / 60 % 60,
        rem % 60
    )
}

/// One export format of a table of rows.
pub trait Exporter {
    /// Writes `rows` (and what of `meta` the format keeps) to `out`.
    fn write(&self, rows: &[Row], meta: &RunMeta, out: &mut dyn io::Write) -> io::Result<()>;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn time_is_rfc3339_utc() {
        let t = rfc3339_now();
        let b = t.as_bytes();
        assert_eq!(t.len(), 20, "{t}");
        assert!(t.ends_with('Z'));
        for (i, &c) in b.iter().enumerate() {
            match i {
                4 | 7 => assert_eq!(c, b'-'),
                10 => assert_eq!(c, b'T'),
                13 | 16 => assert_eq!(c, b':'),
                19 => assert_eq!(c, b'Z'),
                _ => assert!(c.is_ascii_digit(), "{t}"),
            }
        }
    }

    #[test]
    fn rfc3339_of_known_instants() {
        assert_eq!(rfc3339(0), "1970-01-01T00:00:00Z");
        // `date -u -d @951782400`: the leap day of a year divisible by 400.
        assert_eq!(rfc3339(951_782_400), "2000-02-29T00:00:00Z");
        assert_eq!(rfc3339(1_796_045_107), "2026-11-30T13:25:07Z");
        assert_eq!(rfc3339(4_107_542_399), "2100-02-28T23:59:59Z");
        assert_eq!(rfc3339(4_107_542_400), "2100-03-01T00:00:00Z");
    }
}

/// What the command line says of a format, and how to make its exporter: each format's file
/// holds its own (`csv::INFO`).
#[derive(Clone, Copy, Debug)]
pub struct Info {
    /// The format's name (`--format NAME`).
    pub name: &'static str,
    /// Its flag, `--` and the name: the flag that writes it to a file.
    pub flag: &'static str,
    /// The help of its flag in the commands that write a table (`count`, `merge`).
    pub help: &'static str,
    /// Its help as a value of `--format` (the main output of a table command), or `None`
    /// when it is a flag only (a b-file).
    pub as_format: Option<&'static str>,
    /// Its exporter, with what `options` choose for it.
    pub exporter: fn(&Options) -> Box<dyn Exporter>,
}

/// What some formats need besides the rows: their choices on the command line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    /// The Markdown table's columns (indices in [`table::COLUMNS`], in order).
    pub columns: Vec<usize>,
    /// The sequence a b-file lists.
    pub sequence: Sequence,
}

impl Default for Options {
    /// Every column, and the total (A000170).
    fn default() -> Options {
        Options {
            columns: (0..table::COLUMNS.len()).collect(),
            sequence: Sequence::A000170,
        }
    }
}
