//! # queens
//!
//! Count, list and classify the solutions of the n-queens problem: n queens on an n×n board,
//! none attacking another. A solution is written as the list of its queens' columns, row 0
//! first ([`Solution`]); its class is its orbit under the 8 rotations and reflections of the
//! square ([`symmetry`]).
//!
//! ## The front door
//!
//! Count a board size (the symmetric engine, the fastest kernel, every core):
//!
//! ```
//! let c = queens::count(10)?;
//! assert_eq!(c.total, 724); // OEIS A000170
//! assert_eq!(c.classes.total(), 92); // A002562
//! assert_eq!((c.classes.asymmetric, c.classes.half_turn, c.classes.quarter_turn), (89, 3, 0));
//! # Ok::<(), queens::Error>(())
//! ```
//!
//! Everything else goes through [`Counter`]: the engine, the kernel, threads, a part of the
//! plan (for a cluster), units finished earlier, a per-unit callback and a stop flag.
//!
//! ```
//! use queens::{Counter, Engine};
//! let c = Counter::new(12).engine(Engine::Enumerate).threads(2).count()?;
//! assert_eq!((c.total, c.nodes), (14_200, 856_189)); // nodes: the full tree, A319283
//! # Ok::<(), queens::Error>(())
//! ```
//!
//! Walk every solution, or every class, in lexicographic order and constant memory:
//!
//! ```
//! let first = queens::solutions(8)?.next().unwrap();
//! assert_eq!(first.to_string(), "0 4 7 5 2 6 1 3");
//! assert_eq!(queens::classes(8)?.count(), 12);
//! # Ok::<(), queens::Error>(())
//! ```
//!
//! Classify one board; every error of the front door, a board that does not parse included,
//! converts into [`Error`] with `?`:
//!
//! ```
//! use queens::SymmetryType;
//!
//! fn main() -> Result<(), queens::Error> {
//!     let c = queens::classify(&"3 0 2 4 1".parse()?);
//!     assert_eq!(c.canonical.to_string(), "1 4 2 0 3");
//!     assert_eq!((c.symmetry, c.class_size), (SymmetryType::QuarterTurn, 2));
//!     let eight = queens::classify(&"0 4 7 5 2 6 1 3".parse()?);
//!     assert_eq!((eight.symmetry, eight.class_size), (SymmetryType::Asymmetric, 8));
//!
//!     let e: queens::Error = "0 1".parse::<queens::Solution>().unwrap_err().into();
//!     assert!(matches!(e, queens::Error::Board(_)), "{e}");
//!     Ok(())
//! }
//! ```
//!
//! A [`Counts`] prints as one line, and checks itself against the published values as the
//! `verified` column of `queens count` does ([`Counts::verified`]: a [`Verdict`]):
//!
//! ```
//! let c = queens::count(8)?;
//! assert_eq!(c.to_string(), "n = 8: 92 solutions in 12 classes (11 asymmetric, 1 half-turn, 0 quarter-turn)");
//! assert_eq!(c.verified(), queens::Verdict::Verified);
//! # Ok::<(), queens::Error>(())
//! ```
//!
//! What the front door returns or yields is named here, at the crate root: [`Counts`] (its
//! [`ClassCounts`]), [`Counter`], [`Outcome`], [`Finished`], [`Plan`], [`Journaled`] and
//! [`ResumeError`] (a count with a checkpoint), [`Solutions`] of [`Solution`]s, [`Classes`]
//! of [`ClassInfo`]s, [`Classification`] (with its [`SymmetryType`]), [`Verdict`], and the
//! errors [`Error`], [`ParseSolutionError`] and [`InvalidSolution`]; and what the builder
//! takes: [`Engine`], [`Split`], [`KernelChoice`], a [`Part`], finished units' [`Tally`]s
//! and a [`StopFlag`].
//!
//! Every size outside 0 to 32 for a count (1 to 32 for listing solutions) and every kernel the
//! CPU lacks is an [`Error`], never a panic. n = 0, the empty board, is counted (one board,
//! one class, one node) by the enumerate engine whatever engine is asked for.
//!
//! ## The layers, bottom up
//!
//! Each module uses only modules of its own layer or of a layer listed before it
//! (written once, here; the test `layers` in `tests/it/` reads this list and fails on an
//! arrow that points up, on a module left out, and on a cycle between top-level modules). The
//! same test also fails on a circle between any two module paths, in the library and in the
//! binary: modules that use each other's items, siblings or a parent and its child (a
//! re-export the parent does not use itself is no use).
//!
//! - [`rules`]: the rules of the board: the attack rule, the symmetry group, the row step of
//!   the plain searches.
//! - [`board`], [`symmetry`], [`torus_group`]: solutions and their notations; D4, canonical
//!   forms, symmetry types; the torus group's canonical forms and orbits.
//! - [`plan`]: the split of a size into numbered units ([`plan::Plan`]), the [`Engine`]
//!   names, the [`plan::Tally`] of a unit, [`plan::Part`]s; knows no engine.
//! - [`search`]: the engines and their kernels (the only home of `unsafe`).
//! - [`given`]: given queens and blocked squares: a partial board, its completions counted
//!   (by the kernels where they fit) and classed under the symmetries that keep it.
//! - [`mod@error`]: the library's [`Error`], which names sizes, kernels, parts and tallies.
//! - [`verify`]: the published values (OEIS), for verification only.
//! - [`storage`]: the file machinery: atomic writes, bounded reads, reads a stop ends,
//!   checksums, the text of a tally, the checkpoint journal of a resumable count.
//! - [`runner`], [`counter`], [`mod@solutions`], [`mod@classify`]: the engines' plans run on a
//!   thread pool, and the front door on them ([`fn@count`], [`Counter`], [`fn@solutions`],
//!   [`fn@classes`], [`fn@classify`]).
//! - [`fixed`]: the boards fixed by a half or a quarter turn counted alone, two ways, and the
//!   classes by symmetry type they give with a published total (new OEIS terms).
//! - [`formats`]: the files other runs read back (result tables, part rows and their merge,
//!   lists of solutions), the exports of a table (CSV, JSON, Markdown, OEIS b-files) and the
//!   OEIS sequences a table's columns are ([`formats::sequences`], also [`sequences`]).
//! - [`draw`]: SVG boards, classes and plots.
//! - [`console`]: what the command line shares (the `cli` feature): progress, signals, output
//!   destinations.
//!
//! The `queens` binary (the default `cli` feature) adds the command line on top; the library
//! alone builds with `--no-default-features`.

#![warn(missing_docs)]
// `unsafe` lives only in the instruction-set files of `search::kernel` (avx2, avx512, neon,
// x86_bmi), each of which allows it for itself.
#![deny(unsafe_code)]
// Lines on stderr go through `console::stderr::note`, which a closed stderr cannot panic.
#![deny(clippy::print_stderr)]

pub mod board;
pub mod classify;
#[cfg(feature = "cli")]
#[doc(hidden)]
pub mod console;
pub mod counter;
// The command line's: `queens draw` and `plot`, not part of the library's API.
#[doc(hidden)]
pub mod draw;
pub mod error;
pub mod fixed;
pub mod formats;
pub mod given;
pub mod plan;
pub mod rules;
pub mod runner;
pub mod search;
pub mod solutions;
// The file machinery of the command line and of the checkpoint journal (whose errors the
// front door names: `CheckpointError`, below), not part of the library's API.
#[doc(hidden)]
pub mod storage;
pub mod symmetry;
pub mod torus_group;
pub mod verify;

// The OEIS sequences live with the b-file that lists them; `queens::sequences` stays their path.
pub use formats::sequences;

pub use board::{InvalidSolution, ParseSolutionError, Solution};
pub use classify::{ClassInfo, Classification, classify};
pub use counter::resume::{Journaled, ResumeError};
pub use counter::{Counter, Counts, Finished, Outcome, count};
pub use error::Error;
pub use plan::stop::StopFlag;
pub use plan::{ClassCounts, Engine, Part, Plan, Tally};
pub use runner::Split;
pub use search::kernel::KernelChoice;
pub use solutions::{Classes, Solutions, classes, for_each_solution, solutions};
pub use storage::checkpoint::CheckpointError;
pub use symmetry::SymmetryType;
pub use verify::Verdict;

/// The Rust examples of `docs/guide.md`, run as doctests so that the guide's library code
/// keeps compiling and passing.
#[cfg(doctest)]
#[doc = include_str!("../docs/guide.md")]
pub struct GuideExamples;

/// The `serde` feature: what the front door returns serializes as its fields, with the names
/// the command line uses for engines, splits, kernels, symmetries and verdicts.
#[cfg(all(test, feature = "serde"))]
mod serde_tests {
    use crate::{Counter, Engine, KernelChoice, Part, Split, Verdict, search::kernel::Kernel};
    use serde_json::{json, to_value};

    #[test]
    fn counts_and_outcomes_serialize_with_their_fields() -> Result<(), crate::Error> {
        let c = to_value(crate::count(8)?).unwrap();
        assert_eq!(c["n"], 8);
        assert_eq!(c["total"], 92);
        assert_eq!(
            c["classes"],
            json!({"asymmetric": 11, "half_turn": 1, "quarter_turn": 0})
        );
        assert_eq!(
            (&c["fixed_half_turn"], &c["fixed_quarter_turn"]),
            (&json!(4), &json!(0))
        );
        assert_eq!(c["engine"], "symmetric");
        assert_eq!(c["plan"], "symmetric-ring-v9");
        let done = to_value(Counter::new(6).threads(1).run()?).unwrap();
        let finished = &done["complete"];
        assert_eq!(finished["tally"]["boards"], 4);
        assert_eq!(finished["part"], json!({"res": 0, "modulus": 1}));
        assert_eq!(to_value(crate::count(8)?.verified()).unwrap(), "verified");
        assert_eq!(to_value(Verdict::Unknown).unwrap(), "unknown");
        Ok(())
    }

    #[test]
    fn boards_classes_and_profiles_serialize_with_their_fields() -> Result<(), crate::Error> {
        let eight: crate::Solution = "0 4 7 5 2 6 1 3".parse()?;
        assert_eq!(to_value(&eight).unwrap(), json!([0, 4, 7, 5, 2, 6, 1, 3]));
        let c = to_value(crate::classify(&"3 0 2 4 1".parse()?)).unwrap();
        assert_eq!(c["canonical"], json!([1, 4, 2, 0, 3]));
        assert_eq!(
            (&c["symmetry"], &c["class_size"]),
            (&json!("quarter_turn"), &json!(2))
        );
        let names = "id rot90 rot180 rot270 flipcols fliprows transpose antitranspose";
        let to_canonical = c["to_canonical"].as_array().unwrap();
        assert!(!to_canonical.is_empty());
        for g in to_canonical {
            assert!(names.split(' ').any(|name| g == name), "{g}");
        }
        let first = to_value(crate::classes(8)?.next().unwrap()).unwrap();
        assert_eq!(first["class_size"], 8);
        let p = to_value(crate::search::profile::plain_profile(8)).unwrap();
        let nodes: Vec<u64> = p["depths"]
            .as_array()
            .unwrap()
            .iter()
            .map(|d| d["nodes"].as_u64().unwrap())
            .collect();
        assert_eq!(nodes, [1, 8, 42, 140, 344, 568, 550, 312, 92]); // A319284
        Ok(())
    }

    #[test]
    fn names_serialize_as_the_command_line_writes_them() {
        assert_eq!(to_value(Engine::Enumerate).unwrap(), "enumerate");
        assert_eq!(to_value(Split::OuterRing).unwrap(), "outer-ring");
        assert_eq!(to_value(Kernel::Avx512).unwrap(), "avx512");
        assert_eq!(to_value(KernelChoice::Auto).unwrap(), "auto");
        assert_eq!(
            to_value(Part::WHOLE).unwrap(),
            json!({"res": 0, "modulus": 1})
        );
    }
}
