//! Given queens and blocked squares: the completions of a partial board (issue 40, point 3).
//!
//! A [`Partial`] is an n×n board with some pieces given (every completion holds a piece on
//! each) and some squares blocked (no piece stands on one), under [`Rules`] (the piece and the
//! board). Its completions are the solutions of the rules that hold the givens and leave the
//! blocked squares empty; they are counted ([`Partial::count`]), listed in increasing order
//! ([`Partial::for_each_completion`]) and counted in classes under the subgroup of the rules'
//! group that keeps the givens and the blocked squares as sets ([`Subgroup`], named in every
//! output), by Burnside's lemma over that subgroup.
//!
//! ```
//! use queens::given::{Partial, Search};
//! use queens::rules::Rules;
//! // One queen given in the top-left corner of the 8×8 board: 4 of the 92 solutions hold it.
//! let p = Partial::parse(8, Rules::QUEENS, "a8", "").unwrap();
//! let c = p.count(Search::Plain, 1);
//! assert_eq!((c.total, c.classes), (4, 2));
//! assert_eq!(c.group.name(), "{id, transpose}"); // the corner's diagonal keeps a8
//! // Two givens that attack each other are refused, naming them.
//! let e = Partial::parse(8, Rules::QUEENS, "a8 c6", "").unwrap_err();
//! assert_eq!(e.to_string(), "the given queens a8 and c6 attack each other (queen-plane)");
//! ```
//!
//! **How they are counted.** Two searches, one the other's check ([`Search`]):
//! - [`Search::Plain`]: backtracking row by row over the rows without a given, written over
//!   the rules' `RowStep` (every rule set), with each row's squares attacked
//!   by a given or blocked taken out before the search (`plain`);
//! - [`Search::Kernel`]: for queens on the plane, the givens and the blocked squares become a
//!   kernel interior (the givens' columns taken, every square they attack and every blocked
//!   square in its row's `blocked` mask) counted by the vector kernels, the placements of the
//!   top free rows split into units for the threads (`interior`). Where the interior does not
//!   fit a kernel (more than `MAX_DEPTH` free rows, or free rows more than 3 apart: three
//!   givens in consecutive rows) and for other rules, the plain search counts instead, and
//!   [`Completions::search`] says so.
//!
//! `two_ways` counts them twice, independently (the kernels and the plain backtracking, or
//! where no kernel fits the plain search and the enumerate engine's solutions filtered; the
//! classes by Burnside and by least images), for `verify --given` (`verify_line`).
//!
//! **Nodes** are each search's own: the plain search counts the board of the givens alone and
//! every placement in a free row (as the enumerate engine counts the empty board and every
//! placement); the kernel search counts the placements of the unit rows and the kernels'
//! placements (every free row but the last two).

mod error;
mod group;
mod interior;
mod parse;
mod partial;
mod plain;
mod table;
mod verify;

pub use error::GivenError;
// The JSON export names squares (`formats::given`, under `serde`).
#[cfg(feature = "serde")]
pub(crate) use error::{Square, square_name};
pub use group::{Subgroup, Symmetry};
pub use interior::kernels_count;
pub use partial::Partial;
pub(crate) use table::caption;
pub(crate) use table::cells as table_cells;
pub use table::table;
pub use verify::{SecondWay, two_ways, verify_line};

use crate::rules::Rules;
use crate::search::kernel::Kernel;
use std::ops::ControlFlow;

/// Which search counts the completions ([`Partial::count`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Search {
    /// Plain backtracking over the free rows (every rule set).
    Plain,
    /// The kernel interiors (queens on the plane, where the interior fits; else the plain
    /// search).
    Kernel(Kernel),
}

/// What [`Partial::count`] found.
#[derive(Clone, Debug, PartialEq)]
pub struct Completions {
    /// Board size.
    pub n: usize,
    /// The rules counted.
    pub rules: Rules,
    /// The completions: solutions holding the givens and no blocked square.
    pub total: u128,
    /// Classes of the completions under [`Completions::group`].
    pub classes: u128,
    /// The symmetries of the rules' group that keep the givens and the blocked squares.
    pub group: Subgroup,
    /// Nodes of the search that counted (see the module's page).
    pub nodes: u128,
    /// The search that counted: `plain`, or the kernel's name.
    pub search: &'static str,
    /// Threads used.
    pub threads: usize,
    /// Wall-clock seconds.
    pub seconds: f64,
}

/// What the searches make of a partial board.
impl Partial {
    /// The symmetries of the rules' group that keep the givens and the blocked squares.
    pub fn group(&self) -> Subgroup {
        Subgroup::keeping(self)
    }

    /// Calls `visit` with every completion (the column of each row), in increasing order,
    /// by the plain search; returns how many.
    pub fn for_each_completion(&self, mut visit: impl FnMut(&[u8])) -> u128 {
        plain::list(self, |cols| {
            visit(cols);
            ControlFlow::Continue(())
        })
    }

    /// Calls `visit` with the completions in increasing order, by the plain search, until it
    /// returns `Break` (the search stops there: `list --given --limit K`); returns how many
    /// it was called with.
    pub fn for_each_completion_while(&self, visit: impl FnMut(&[u8]) -> ControlFlow<()>) -> u128 {
        plain::list(self, visit)
    }

    /// The note of a partial board with no completion, as `list` words a size with no
    /// solution: `no solutions for n = 6 hold the given a6 and avoid the blocked c1`.
    pub fn no_completions(&self) -> String {
        let n = self.n();
        let mut what = Vec::new();
        if !self.given().is_empty() {
            what.push(format!(
                "hold the given {}",
                Partial::names(self.given(), n)
            ));
        }
        if !self.blocked().is_empty() {
            what.push(format!(
                "avoid the blocked {}",
                Partial::names(self.blocked(), n)
            ));
        }
        match what.is_empty() {
            true => format!("no solutions for n = {n}"),
            false => format!("no solutions for n = {n} {}", what.join(" and ")),
        }
    }

    /// Counts the completions and their classes under [`Partial::group`] with `search`, on
    /// `threads` threads (at least 1). Run under a [`crate::plan::stop::StopFlag::watch`], the
    /// searches on every thread watch its flag: once it is set they give up within
    /// milliseconds, and the watch returns `None`.
    pub fn count(&self, search: Search, threads: usize) -> Completions {
        let start = std::time::Instant::now();
        let threads = threads.max(1);
        let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build();
        let carried = crate::plan::stop::carry();
        let run = || match search {
            Search::Kernel(k) => match interior::count(self, k, &carried) {
                Some(c) => (c, k.name()),
                None => (plain::count(self, &carried), "plain"),
            },
            Search::Plain => (plain::count(self, &carried), "plain"),
        };
        let ((total, nodes), name) = match pool {
            Ok(pool) => pool.install(run),
            Err(_) => run(),
        };
        carried.settle();
        let group = self.group();
        let classes = group.classes(self, total);
        Completions {
            n: self.n(),
            rules: self.rules(),
            total,
            classes,
            group,
            nodes,
            search: name,
            threads,
            seconds: start.elapsed().as_secs_f64(),
        }
    }
}

#[cfg(test)]
mod tests;
