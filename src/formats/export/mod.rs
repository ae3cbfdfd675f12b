//! Exports of a table of results for other tools and for papers, one module per format behind
//! the small [`Exporter`] trait and one [`Format`] enum (as hyperfine's `export/`): CSV
//! ([`csv`]), JSON with run metadata ([`json`], with the `serde` feature), a Markdown table
//! ([`markdown`]) and an OEIS b-file ([`bfile`]). The binary's `--csv`, `--json`,
//! `--markdown` and `--bfile` flags, and the rule that at most one of them writes to stdout,
//! come from [`Format::ALL`].
//!
//! Adding a format: its file here, its variant in [`Format`] with its lines in the matches
//! of `impl Format` in [`format`](mod@format) (the compiler points at each).

pub mod bfile;
pub mod classes;
pub mod classified;
pub mod csv;
pub mod exporter;
pub mod format;
#[cfg(feature = "serde")]
pub mod json;
pub mod machine;
pub mod markdown;
pub mod profile;

pub use exporter::{Exporter, RunMeta, rfc3339, rfc3339_now};
pub use format::{Format, Options};
pub use machine::Machine;
