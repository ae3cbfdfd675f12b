//! Exports of a `queens count` table for other tools and for papers, one module per format
//! behind the small [`Exporter`] trait: JSON with run metadata ([`json`]), a Markdown table
//! ([`markdown`]) and an OEIS b-file ([`bfile`]).

pub mod bfile;
pub mod json;
pub mod markdown;

use crate::machine::Machine;
use queens::formats::table::Row;
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
        }
    }

    /// The same, verified against `source` (the published values or a `--known` file).
    pub fn verified_against(mut self, source: &queens::verify::Source) -> RunMeta {
        self.known_file = match source {
            queens::verify::Source::Published => None,
            queens::verify::Source::File(name) => Some(name.clone()),
        };
        self
    }
}

/// The current time in RFC 3339, UTC, to the second (`2026-11-30T13:45:07Z`).
pub fn rfc3339_now() -> String {
    let now = time::OffsetDateTime::now_utc()
        .replace_nanosecond(0)
        .expect("0 is a valid nanosecond");
    now.format(&time::format_description::well_known::Rfc3339)
        .expect("a UTC time in years 0..9999 formats as RFC 3339")
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
}
