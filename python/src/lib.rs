//! `queens_count._native`: the queens library's front door as a Python extension module
//! (pyo3, built by maturin into one abi3 wheel). The Python package `queens_count`
//! (`queens_count/__init__.py`) wraps it: board sizes as `"4-12"`, tqdm progress bars, and the
//! docstrings with examples that `help()` shows.
//!
//! Every count runs on a worker thread with the library's stop flag while the calling thread,
//! the GIL released, waits for it and wakes every [`POLL`] to run Python's signal handlers
//! (Ctrl-C, also in Jupyter) and the progress callback: a `KeyboardInterrupt` sets the flag,
//! the units running finish, and the exception goes on up.

use numpy::ndarray::Array2;
use numpy::{IntoPyArray, PyArray2};
use pyo3::exceptions::{PyImportError, PyOSError, PyOverflowError, PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple};
use queens::board::notation::Notation;
use queens::board::reader::parse_one;
use queens::formats::merge as merging;
use queens::formats::named::group_id;
use queens::formats::part_row::{self, PartRow};
use queens::given::{Completions, GivenError, Partial};
use queens::plan::stop::StopFlag;
use queens::plan::{Part, Tally};
use queens::rules::{Group, Piece, Rules, Surface};
use queens::runner;
use queens::search::kernel::Kernel;
use queens::symmetry::Transform;
use queens::verify::{KnownTable, Verdict};
use queens::{Counter, Engine, Error, Finished, KernelChoice, Outcome};
use std::ops::ControlFlow;
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::{Mutex, MutexGuard, PoisonError};
use std::time::Duration;

/// How often the calling thread wakes during a count: Python's signal handlers (Ctrl-C) and
/// the progress callback run this often.
const POLL: Duration = Duration::from_millis(50);

/// The largest board size [`solutions_array`] returns: n = 16 is 14,772,512 boards of 16
/// bytes (236 MB); n = 17 would be 1.6 GB.
const MAX_ARRAY_N: usize = 16;

/// The library's error as a Python exception with its message: `OSError` for a failed file,
/// `RuntimeError` for threads the system refused, `ValueError` for everything the caller
/// asked (sizes, kernels, options, parts).
fn py_err(e: Error) -> PyErr {
    match e {
        Error::Callback(_) => PyOSError::new_err(e.to_string()),
        Error::Threads(_) | Error::Tally(_) => PyRuntimeError::new_err(e.to_string()),
        _ => PyValueError::new_err(e.to_string()),
    }
}

/// A board size from Python's int, for a function that takes sizes from `min` (0 or 1) to 32:
/// a negative one gets the library's message for that range rather than Python's
/// `OverflowError`.
fn size(n: i64, min: usize) -> PyResult<usize> {
    usize::try_from(n)
        .map_err(|_| PyValueError::new_err(format!("board size {n} is outside {min} to 32")))
}

/// The engine called `name` (default: the symmetric engine).
fn engine(name: Option<&str>) -> PyResult<Engine> {
    let Some(name) = name else {
        return Ok(Engine::default());
    };
    Engine::ALL
        .into_iter()
        .find(|e| e.name() == name)
        .ok_or_else(|| {
            let names: Vec<_> = Engine::ALL.iter().map(|e| e.name()).collect();
            PyValueError::new_err(format!(
                "unknown engine '{name}': choose {}",
                names.join(" or ")
            ))
        })
}

/// The kernel called `name` (default `auto`: the fastest this CPU runs).
fn kernel(name: Option<&str>) -> PyResult<KernelChoice> {
    let Some(name) = name else {
        return Ok(KernelChoice::Auto);
    };
    // In any case, as the command line's --kernel and QUEENS_KERNEL take it.
    KernelChoice::from_name(name).ok_or_else(|| {
        PyValueError::new_err(format!(
            "unknown kernel '{name}': choose auto, {}",
            Kernel::names().join(", ")
        ))
    })
}

/// The rules of `piece=`, `board=` and `symmetries=` (default: queens on the plane board, their
/// classes under the board's own group), as the command line's `--piece`, `--board` and
/// `--symmetries` take them; a name not among them is a `ValueError` naming those accepted,
/// and the torus group on the plane board is refused as the command line refuses it
/// (`board_kw`: the keyword that names the board, `board` or `surface`).
fn rules(
    piece: Option<&str>,
    board: Option<&str>,
    symmetries: Option<&str>,
    board_kw: &str,
) -> PyResult<Rules> {
    let piece = piece.unwrap_or("queen");
    let piece = Piece::named(piece).ok_or_else(|| {
        let names: Vec<_> = Piece::ALL.iter().map(|p| p.name()).collect();
        PyValueError::new_err(format!(
            "unknown piece '{piece}': choose {} or amazon (the superqueen)",
            names.join(", ")
        ))
    })?;
    let board = board.unwrap_or("plane");
    let surface = Surface::named(board).ok_or_else(|| {
        let names: Vec<_> = Surface::ALL.iter().map(|s| s.name()).collect();
        PyValueError::new_err(format!(
            "unknown board '{board}': choose {}",
            names.join(" or ")
        ))
    })?;
    let rules = Rules::new(piece, surface);
    let Some(name) = symmetries else {
        return Ok(rules);
    };
    let group = group_of(name)?;
    rules.under(group).map_err(|_| {
        PyValueError::new_err(format!(
            "symmetries='{name}' needs {board_kw}='torus': the shifts of the torus do not keep \
             the solutions of the plane board"
        ))
    })
}

/// The group `symmetries=` names, by the names `--symmetries` takes (those of the CSV tables'
/// `group` column): `square` or `torus`.
fn group_of(name: &str) -> PyResult<Group> {
    let groups = [Group::Square, Group::Torus];
    (groups.into_iter())
        .find(|&g| group_id(g) == name)
        .ok_or_else(|| {
            let names: Vec<_> = groups.iter().map(|&g| group_id(g)).collect();
            PyValueError::new_err(format!(
                "unknown symmetries '{name}': choose {}",
                names.join(" or ")
            ))
        })
}

/// The thread count of `threads=` (None: every core), as `queens --threads` takes it.
fn thread_count(threads: Option<&Bound<'_, PyAny>>) -> PyResult<Option<usize>> {
    let Some(t) = threads else {
        return Ok(None);
    };
    // The bound of `queens --threads` (a u16: 65535), so that a typo such as 10**9 is
    // refused here as there; up to it, capped as the CLI caps it (4 per core, at most
    // runner::THREADS_LIMIT: thousands of threads only slow a count down). An int too
    // large for an i64 is too many as well, not an OverflowError.
    let asked = match t.extract::<i64>() {
        Ok(t) => t,
        Err(e) if e.is_instance_of::<PyOverflowError>(t.py()) && t.gt(0)? => i64::MAX,
        Err(e) if e.is_instance_of::<PyOverflowError>(t.py()) => i64::MIN,
        Err(e) => return Err(e),
    };
    if asked > i64::from(u16::MAX) {
        return Err(PyValueError::new_err(format!(
            "threads={t} is too many: give a whole number from 1 to {} (as queens \
             --threads; a count runs on at most 4 threads per core)",
            u16::MAX
        )));
    }
    // A negative count is "at least 1" just as 0 is.
    Ok(Some(
        usize::try_from(asked)
            .unwrap_or(0)
            .min(runner::max_threads()),
    ))
}

/// A counter with the options every counting function takes. With the engine left unsaid,
/// the counter takes the first engine that counts the rules (the symmetric engine for the
/// queens).
fn counter<'a>(
    n: i64,
    rules: Rules,
    engine_name: Option<&str>,
    kernel_name: Option<&str>,
    threads: Option<&Bound<'_, PyAny>>,
    split: Option<&str>,
) -> PyResult<Counter<'a>> {
    let mut c = Counter::new(size(n, 0)?)
        .rules(rules)
        .kernel(kernel(kernel_name)?);
    if engine_name.is_some() {
        c = c.engine(engine(engine_name)?);
    }
    if let Some(t) = thread_count(threads)? {
        c = c.threads(t);
    }
    if let Some(split) = split {
        use runner::Split;
        let s = Split::ALL
            .into_iter()
            .find(|s| s.name() == split)
            .ok_or_else(|| {
                let names: Vec<&str> = Split::ALL.iter().map(|s| s.name()).collect();
                PyValueError::new_err(format!(
                    "unknown split '{split}': choose {}",
                    names.join(", ")
                ))
            })?;
        c = c.split(s);
    }
    Ok(c)
}

/// What a count has done so far, for its progress reports.
#[derive(Clone, Copy, Default, PartialEq)]
struct Done {
    /// Estimated work of the finished units (the plan's arbitrary units).
    work: u64,
    /// Finished units.
    units: u64,
    /// Boards (solutions) the finished units found.
    boards: u128,
}

/// Runs `counter` on `part` of its plan on a worker thread, the GIL released, until it is
/// complete: Ctrl-C (a `KeyboardInterrupt`, or any exception a signal handler raises) and an
/// exception from `progress` stop it within about a second (the units in flight are cut short
/// and not kept) and are raised here. `progress` is called
/// on this thread with (work done, work total), in the plan's estimate of work per unit (the
/// fraction done, in arbitrary units); with `detail`, with (work done, work total, units
/// done, units total, boards found), for the package's own progress reports.
fn run(
    py: Python<'_>,
    counter: Counter<'_>,
    part: Part,
    progress: Option<&Bound<'_, PyAny>>,
    detail: bool,
) -> PyResult<Finished> {
    // The plan of a large torus board takes seconds to build: other threads run meanwhile.
    let plan = py.detach(|| counter.plan()).map_err(py_err)?;
    let work: Vec<u64> = (0..plan.unit_count())
        .map(|id| plan.estimated_work(id))
        .collect();
    let ids = part.ids(plan.unit_count());
    let total: u64 = ids.iter().map(|&id| work[id]).sum();
    let units = ids.len() as u64;
    let done = Mutex::new(Done::default());
    let on_unit = |id: usize, tally: &Tally, _: Duration| {
        let mut d = done.lock().unwrap_or_else(PoisonError::into_inner);
        d.work += work[id];
        d.units += 1;
        d.boards += tally.boards;
        Ok(())
    };
    let stop = StopFlag::new();
    let counter = counter.part(part).stop_flag(&stop).on_unit(&on_unit);
    let mut reported = None;
    let report = || -> PyResult<()> {
        let now = *done.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(progress) = progress
            && reported != Some(now)
        {
            reported = Some(now);
            if detail {
                progress.call1((now.work, total, now.units, units, now.boards))?;
            } else {
                progress.call1((now.work, total))?;
            }
        }
        Ok(())
    };
    let plan = plan.as_ref();
    // The units running when it stops finish; their result is dropped.
    let outcome = on_worker(py, &stop, move || counter.run_plan(plan), report)?;
    match outcome.map_err(py_err)? {
        Outcome::Complete(finished) => Ok(finished),
        Outcome::Stopped { finished, total } => Err(PyRuntimeError::new_err(format!(
            "stopped after {finished} of {total} units"
        ))),
    }
}

/// The counts of one board size, complete and checked against the published values; or, with
/// given queens or blocked squares, the completions of that partial board and their classes.
///
/// Every attribute is read-only: `n`, the rules counted (`piece`, `board`, and `group`, the
/// symmetries the classes are taken under), `total` (solutions, OEIS A000170 for the queens),
/// `classes` (A002562) and their symmetry types `asymmetric`, `half_turn` and `quarter_turn`,
/// `orbits` (under the torus group: the classes by their number of boards), the boards
/// unchanged by a half and a quarter turn (`fixed_half_turn`, `fixed_quarter_turn`),
/// `nodes` (partial boards the engine visited), `seconds`, `engine`, `kernel`, `threads`,
/// `plan` (the plan's identity), `verified` (True when the published values of these
/// rules agree, None where none are published, False when they disagree) and `mismatch`
/// (what disagrees, where `verified` is False).
///
/// A count of completions (`given=`, `blocked=`) names its `given` and `blocked` squares and
/// the `subgroup` of the group that keeps them (its name and `subgroup_order`), under which
/// its `classes` are taken; it has no symmetry types, fixed boards, plan or published values
/// (None), and its `kernel` is the search that counted (a kernel, or `plain`).
#[pyclass(name = "Counts", module = "queens_count", frozen, get_all, eq)]
#[derive(Clone, Debug, PartialEq)]
struct PyCounts {
    /// The board size.
    n: usize,
    /// The piece: "queen" or "superqueen" (`piece=`).
    piece: String,
    /// The board: "plane" or "torus" (`board=`).
    board: String,
    /// The group of the classes, as CSV tables name it: "square" (the 8 symmetries of the
    /// square) or "torus" (those with the n² shifts of the torus, the default on the torus;
    /// `symmetries=`). With given or blocked squares, the group `subgroup` is a subgroup of.
    group: String,
    /// Solutions (OEIS A000170 for the queens); with given or blocked squares, the
    /// completions.
    total: u128,
    /// Classes under `group` (A002562 for the queens); with given or blocked squares, the
    /// completions' classes under `subgroup`.
    classes: u128,
    /// Classes of 8 boards, no symmetry (A260320); None for completions.
    asymmetric: Option<u128>,
    /// Classes of 4 boards, unchanged by a half turn only (A260319); None for completions.
    half_turn: Option<u128>,
    /// Classes of 2 boards, unchanged by a quarter turn (A260318); None for completions.
    quarter_turn: Option<u128>,
    /// Under the torus group: the classes by their number of boards, as a list of
    /// (boards, classes) by increasing size (A054500–A054502); None under the square's 8.
    orbits: Option<Vec<(u128, u128)>>,
    /// Boards unchanged by a half turn (A032522); None for completions.
    fixed_half_turn: Option<u128>,
    /// Boards unchanged by a quarter turn (A033148); None for completions.
    fixed_quarter_turn: Option<u128>,
    /// Partial boards the engine visited (the enumerate engine's are A319283).
    nodes: u128,
    /// Seconds the count took.
    seconds: f64,
    /// The engine: "symmetric" or "enumerate".
    engine: String,
    /// The kernel that counted ("scalar", "avx2", "avx512", "neon"; the enumerate engine
    /// reports "scalar"); for completions, the search: a kernel, or "plain".
    kernel: String,
    /// Threads the count ran on.
    threads: usize,
    /// The identity of the plan, as in part files (e.g. "symmetric-ring-v9"); None for
    /// completions.
    plan: Option<String>,
    /// True when the published values agree, None where none are published (completions
    /// included), False when they disagree.
    verified: Option<bool>,
    /// Where `verified` is False, the values that disagree as `queens verify` words them
    /// (`total computed 93 but published 92; …`); else None.
    mismatch: Option<String>,
    /// The given squares, as `queens count --given` names them ("a8 e7"; "-" for none);
    /// None for a count of the whole board.
    given: Option<String>,
    /// The blocked squares, named as `given`; None for a count of the whole board.
    blocked: Option<String>,
    /// The symmetries of `group` that keep the given and the blocked squares, as `queens
    /// count --given` names them ("D4", "{id, transpose}", "{8 elements}"): the group of
    /// the completions' classes; None for a count of the whole board.
    subgroup: Option<String>,
    /// The number of elements of `subgroup`; None for a count of the whole board.
    subgroup_order: Option<usize>,
}

/// The message of a board `classify` refused under `rules`: the library's, which names the
/// rules where the pieces attack under them only; the rules added where it does not.
fn classify_error(e: &queens::board::InvalidSolution, rules: &Rules) -> String {
    let text = e.to_string();
    match text.contains(&format!("under the rules {rules}")) {
        true => text,
        false => format!("{text} under the rules {rules}"),
    }
}

/// `verified` and `mismatch` of a verdict: True when the published values agree (or, in a row
/// `queens verify --two-ways` wrote, its two ways where nothing is published), None where
/// none are published, False (and the mismatches as `queens verify` words them) when they
/// disagree.
fn verified(verdict: &Verdict) -> (Option<bool>, Option<String>) {
    match verdict {
        Verdict::Verified | Verdict::TwoWays => (Some(true), None),
        Verdict::Unknown => (None, None),
        Verdict::Mismatch(_) => (Some(false), Some(verdict.describe())),
    }
}

impl PyCounts {
    /// The counts of a complete run, their classes under the group of its rules (the torus
    /// group on the torus unless the rules say otherwise), as `queens count` gives them.
    fn new(finished: &Finished) -> PyResult<PyCounts> {
        let c = finished.counts().map_err(py_err)?;
        let orbits = (c.rules.group() == Group::Torus).then(|| c.orbits.clone());
        let verdict = KnownTable::published(&c.rules).verify_with_orbits(
            c.n,
            c.total,
            &c.classes,
            orbits.as_deref(),
            Some((c.nodes, c.engine.name())),
        );
        let (verified, mismatch) = verified(&verdict);
        Ok(PyCounts {
            n: c.n,
            piece: c.rules.piece.name().to_string(),
            board: c.rules.surface.name().to_string(),
            group: group_id(c.rules.group()).to_string(),
            total: c.total,
            classes: c.classes.total(),
            asymmetric: Some(c.classes.asymmetric),
            half_turn: Some(c.classes.half_turn),
            quarter_turn: Some(c.classes.quarter_turn),
            orbits,
            fixed_half_turn: Some(c.fixed_half_turn),
            fixed_quarter_turn: Some(c.fixed_quarter_turn),
            nodes: c.nodes,
            seconds: c.seconds,
            engine: c.engine.name().to_string(),
            kernel: c.kernel.to_string(),
            threads: c.threads,
            plan: Some(c.plan),
            verified,
            mismatch,
            given: None,
            blocked: None,
            subgroup: None,
            subgroup_order: None,
        })
    }

    /// The counts of the merged parts `m`, as `queens merge` gives them
    /// ([`merging::Merged::row_under`]): the classes under `asked` (`symmetries=`), or without
    /// it under the group of the rules its plan names (the torus group on the torus where the
    /// parts carry every board's stabilizer, the square's 8 symmetries otherwise), checked
    /// against those rules' published values.
    fn of_merged(m: &merging::Merged, asked: Option<Group>) -> PyResult<PyCounts> {
        let group = m.group(asked).map_err(|e| {
            // The command line's words, in the module's: `symmetries=` for `--symmetries`.
            PyValueError::new_err(e.replacen("--symmetries torus", "symmetries='torus'", 1))
        })?;
        let row = m
            .row_under(group)
            .map_err(|e| PyValueError::new_err(format!("the merged parts of n = {}: {e}", m.n)))?;
        let (verified, mismatch) = verified(&row.verdict);
        Ok(PyCounts {
            n: m.n,
            piece: row.rules.piece.name().to_string(),
            board: row.rules.surface.name().to_string(),
            group: group_id(row.group).to_string(),
            orbits: row.orbits.clone(),
            total: row.total,
            classes: row.classes.total(),
            asymmetric: Some(row.classes.asymmetric),
            half_turn: Some(row.classes.half_turn),
            quarter_turn: Some(row.classes.quarter_turn),
            fixed_half_turn: Some(m.tally.fixed_half_turn),
            fixed_quarter_turn: Some(m.tally.fixed_quarter_turn),
            nodes: m.tally.nodes,
            seconds: m.seconds,
            engine: m.engine.clone(),
            kernel: m.kernel.clone(),
            threads: m.threads,
            plan: Some(m.plan.clone()),
            verified,
            mismatch,
            given: None,
            blocked: None,
            subgroup: None,
            subgroup_order: None,
        })
    }

    /// The completions `c` of the partial board `p`, counted by `engine`'s search (`queens
    /// count --given` gives the same row): nothing published to verify them against.
    fn of_completions(p: &Partial, c: &Completions, engine: Engine) -> PyCounts {
        PyCounts {
            n: c.n,
            piece: c.rules.piece.name().to_string(),
            board: c.rules.surface.name().to_string(),
            group: group_id(c.group.of()).to_string(),
            total: c.total,
            classes: c.classes,
            asymmetric: None,
            half_turn: None,
            quarter_turn: None,
            orbits: None,
            fixed_half_turn: None,
            fixed_quarter_turn: None,
            nodes: c.nodes,
            seconds: c.seconds,
            engine: engine.name().to_string(),
            kernel: c.search.to_string(),
            threads: c.threads,
            plan: None,
            verified: None,
            mismatch: None,
            given: Some(Partial::names(p.given(), p.n())),
            blocked: Some(Partial::names(p.blocked(), p.n())),
            subgroup: Some(c.group.name()),
            subgroup_order: Some(c.group.order()),
        }
    }
}

#[pymethods]
impl PyCounts {
    /// The counts as a dict (column name → value), ready for `pandas.DataFrame`.
    fn as_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        set_counts(
            &d,
            [
                Some(self.n as u128),
                Some(self.total),
                Some(self.classes),
                self.asymmetric,
                self.half_turn,
                self.quarter_turn,
                self.fixed_half_turn,
                self.fixed_quarter_turn,
                Some(self.nodes),
            ],
        )?;
        d.set_item("seconds", self.seconds)?;
        d.set_item("engine", &self.engine)?;
        d.set_item("kernel", &self.kernel)?;
        d.set_item("threads", self.threads)?;
        d.set_item("plan", &self.plan)?;
        d.set_item("verified", self.verified)?;
        d.set_item("mismatch", &self.mismatch)?;
        d.set_item("piece", &self.piece)?;
        d.set_item("board", &self.board)?;
        d.set_item("group", &self.group)?;
        d.set_item("orbits", self.orbits.clone())?;
        d.set_item("given", &self.given)?;
        d.set_item("blocked", &self.blocked)?;
        d.set_item("subgroup", &self.subgroup)?;
        d.set_item("subgroup_order", self.subgroup_order)?;
        Ok(d)
    }

    fn __repr__(&self) -> String {
        let verified = match self.verified {
            Some(true) => "True",
            Some(false) => "False",
            None => "None",
        };
        // The symmetry types where they were counted; the partial board where there is one.
        let types = match (self.asymmetric, self.half_turn, self.quarter_turn) {
            (Some(a), Some(h), Some(q)) => {
                format!(", asymmetric={a}, half_turn={h}, quarter_turn={q}")
            }
            _ => String::new(),
        };
        let marks = match (&self.given, &self.blocked, &self.subgroup) {
            (Some(g), Some(b), Some(s)) => format!(", given='{g}', blocked='{b}', subgroup='{s}'"),
            _ => String::new(),
        };
        // The rules are named after the counts, the orbit sizes where there are some.
        let orbits = match &self.orbits {
            Some(list) => {
                let pairs: Vec<String> = list.iter().map(|(s, c)| format!("({s}, {c})")).collect();
                format!(", orbits=[{}]", pairs.join(", "))
            }
            None => String::new(),
        };
        format!(
            "Counts(n={}, total={}, classes={}{types}{marks}, piece='{}', board='{}', \
             group='{}'{orbits}, engine='{}', kernel='{}', threads={}, seconds={:.3}, \
             verified={verified})",
            self.n,
            self.total,
            self.classes,
            self.piece,
            self.board,
            self.group,
            self.engine,
            self.kernel,
            self.threads,
            self.seconds
        )
    }
}

/// The text of `given=` or `blocked=` (`kw`): a string of squares in any form the command
/// line's `--given` and `--blocked` read (chess squares, or a partial board in another
/// notation; `@FILE` reads FILE, as there), or a list of chess squares such as `["a8", "e7"]`.
fn marks_text(arg: Option<&Bound<'_, PyAny>>, kw: &str) -> PyResult<String> {
    let Some(arg) = arg else {
        return Ok(String::new());
    };
    let text = match arg.extract::<String>() {
        Ok(text) => text,
        Err(_) => arg
            .extract::<Vec<String>>()
            .map_err(|_| {
                PyValueError::new_err(format!(
                    "{kw}= is a string of squares (\"a8 e7\", or a partial board in a notation \
                     the CLI reads) or a list of squares such as [\"a8\", \"e7\"]"
                ))
            })?
            .join(" "),
    };
    match text.strip_prefix('@') {
        Some(path) => std::fs::read_to_string(path)
            .map_err(|e| PyOSError::new_err(format!("{kw}=@{path}: cannot read '{path}': {e}"))),
        None => Ok(text),
    }
}

/// The partial board of `given=` and `blocked=` on the n×n board under `rules` (read by the
/// library's `given` module, as `queens count --given --blocked` reads them), or None without
/// either. A board the library refuses (two givens that attack each other, a given on a
/// blocked square, a square off the board, more givens than rows, …) is a `ValueError` with
/// the command line's message after its flag: `n = 8: the given queens a8 and c6 attack each
/// other (queen-plane)`.
fn partial(
    n: i64,
    rules: Rules,
    given: Option<&Bound<'_, PyAny>>,
    blocked: Option<&Bound<'_, PyAny>>,
) -> PyResult<Option<Partial>> {
    if given.is_none() && blocked.is_none() {
        return Ok(None);
    }
    let n = size(n, 1)?;
    let (g, b) = (marks_text(given, "given")?, marks_text(blocked, "blocked")?);
    Partial::parse(n, rules, &g, &b)
        .map(Some)
        .map_err(|e| match e {
            GivenError::Size(_) => PyValueError::new_err(e.to_string()),
            e => PyValueError::new_err(format!("n = {n}: {e}")),
        })
}

/// Counts the completions of `p` with `counter`'s engine, kernel and threads on a worker
/// thread, the GIL released (the library's search of completions takes no stop flag: Ctrl-C
/// is raised when it ends).
fn count_completions(py: Python<'_>, counter: Counter<'_>, p: &Partial) -> PyResult<PyCounts> {
    let engine = counter.chosen_engine();
    let counter = counter.given(p);
    let c = interruptible(py, || counter.completions())?.map_err(py_err)?;
    Ok(PyCounts::of_completions(p, &c, engine))
}

/// Runs `work` (a search of completions, which has no units to stop between) on a worker
/// thread under a stop's watch, the GIL released, running Python's signal handlers every
/// [`POLL`]: Ctrl-C (a `KeyboardInterrupt`, or any exception a handler raises) makes the
/// searches give up within milliseconds, on every thread, and is raised here.
fn interruptible<T: Send>(py: Python<'_>, work: impl FnOnce() -> T + Send) -> PyResult<T> {
    let stop = StopFlag::new();
    let watched = &stop;
    // A search that gave up counted part of its work: dropped.
    on_worker(py, &stop, move || watched.watch(work), || Ok(()))?
        .ok_or_else(|| PyRuntimeError::new_err("the search was stopped"))
}

/// Runs `work` on a worker thread, the GIL released, waking every [`POLL`] to run Python's
/// signal handlers and then `tick` (a progress report) on this thread: an exception from
/// either (Ctrl-C's `KeyboardInterrupt`) sets `stop`, which `work` obeys, waits for `work` to
/// end and is raised here.
fn on_worker<T: Send>(
    py: Python<'_>,
    stop: &StopFlag,
    work: impl FnOnce() -> T + Send,
    mut tick: impl FnMut() -> PyResult<()>,
) -> PyResult<T> {
    std::thread::scope(|scope| {
        let (tx, mut rx) = mpsc::channel::<()>();
        let worker = scope.spawn(move || {
            let out = work();
            drop(tx); // wakes the waiting thread
            out
        });
        loop {
            let (finished, back) = py.detach(move || {
                let r = rx.recv_timeout(POLL);
                (r != Err(RecvTimeoutError::Timeout), rx)
            });
            rx = back;
            if let Err(e) = py.check_signals().and_then(|()| tick()) {
                if !finished {
                    stop.request();
                }
                let _ = py.detach(|| worker.join());
                return Err(e);
            }
            if finished {
                break;
            }
        }
        py.detach(|| worker.join())
            .map_err(|_| PyRuntimeError::new_err("the counting thread panicked"))
    })
}

/// Counts board size `n` (0 to 32), or the completions of its partial board; see
/// `queens_count.count`.
#[pyfunction]
#[pyo3(signature = (n, *, engine=None, kernel=None, threads=None, split=None, progress=None, progress_detail=false, piece=None, board=None, symmetries=None, given=None, blocked=None))]
#[allow(clippy::too_many_arguments)] // the options of a count, and how to report progress
fn count(
    py: Python<'_>,
    n: i64,
    engine: Option<&str>,
    kernel: Option<&str>,
    threads: Option<&Bound<'_, PyAny>>,
    split: Option<&str>,
    progress: Option<&Bound<'_, PyAny>>,
    progress_detail: bool,
    piece: Option<&str>,
    board: Option<&str>,
    symmetries: Option<&str>,
    given: Option<&Bound<'_, PyAny>>,
    blocked: Option<&Bound<'_, PyAny>>,
) -> PyResult<PyCounts> {
    let rules = rules(piece, board, symmetries, "board")?;
    let p = partial(n, rules, given, blocked)?;
    let c = counter(n, rules, engine, kernel, threads, split)?;
    match &p {
        Some(p) => count_completions(py, c, p),
        None => PyCounts::new(&run(py, c, Part::WHOLE, progress, progress_detail)?),
    }
}

/// The largest board size `engine` counts under the rules of `piece`, `board` and
/// `symmetries` (64 for the queens on the torus with the symmetric engine, else 32), for
/// `queens_count.table` to check every size before it counts the first.
#[pyfunction(name = "_largest_size")]
#[pyo3(signature = (*, engine=None, piece=None, board=None, symmetries=None))]
fn largest_size(
    engine: Option<&str>,
    piece: Option<&str>,
    board: Option<&str>,
    symmetries: Option<&str>,
) -> PyResult<usize> {
    let rules = rules(piece, board, symmetries, "board")?;
    Ok(self::engine(engine)?.largest_size(&rules))
}

/// Checks the partial board of `given=` and `blocked=` on board size `n` without counting it
/// (`queens_count.table` checks every size's before it counts the first).
#[pyfunction(name = "_check_partial")]
#[pyo3(signature = (n, *, piece=None, board=None, symmetries=None, given=None, blocked=None))]
fn check_partial(
    n: i64,
    piece: Option<&str>,
    board: Option<&str>,
    symmetries: Option<&str>,
    given: Option<&Bound<'_, PyAny>>,
    blocked: Option<&Bound<'_, PyAny>>,
) -> PyResult<()> {
    partial(n, rules(piece, board, symmetries, "board")?, given, blocked).map(|_| ())
}

/// Counts the completions of the partial board of `given=` and `blocked=` two independent
/// ways, as `queens verify N --given` does (the kernels, or where none fits the plain search,
/// against the plain backtracking, or the enumerate engine's solutions filtered): the counts
/// of the first (`verified` True where the two agree) and the line `queens verify` writes
/// (`PASS n=8, given a8, …` or `FAIL …`); see `queens_count.verify`.
#[pyfunction(name = "_verify_completions")]
#[pyo3(signature = (n, *, kernel=None, threads=None, piece=None, board=None, symmetries=None, given=None, blocked=None))]
#[allow(clippy::too_many_arguments)] // the options of `count` that a two-way check uses
fn verify_completions(
    py: Python<'_>,
    n: i64,
    kernel: Option<&str>,
    threads: Option<&Bound<'_, PyAny>>,
    piece: Option<&str>,
    board: Option<&str>,
    symmetries: Option<&str>,
    given: Option<&Bound<'_, PyAny>>,
    blocked: Option<&Bound<'_, PyAny>>,
) -> PyResult<(PyCounts, String)> {
    let rules = rules(piece, board, symmetries, "board")?;
    let Some(p) = partial(n, rules, given, blocked)? else {
        return Err(PyValueError::new_err(
            "a check of completions takes given= or blocked=",
        ));
    };
    let c = counter(n, rules, None, kernel, threads, None)?.given(&p);
    c.check_completion_options().map_err(py_err)?;
    let threads = match thread_count(threads)? {
        Some(0) => return Err(py_err(Error::Options("threads must be at least 1".into()))),
        Some(t) => t,
        None => runner::thread_count(None),
    };
    let kernel = self::kernel(kernel)?
        .resolve()
        .map_err(|e| PyValueError::new_err(e.to_string()))?;
    let (first, second) = interruptible(py, || queens::given::two_ways(&p, kernel, threads))?;
    let (passed, line) = queens::given::verify_line(&p, &first, &second);
    let counts = PyCounts {
        verified: Some(passed),
        ..PyCounts::of_completions(&p, &first, c.chosen_engine())
    };
    Ok((counts, line))
}

/// Counts the part `part` ("RES/MOD") of board size `n`'s plan; see
/// `queens_count.count_part`.
#[pyfunction]
#[pyo3(signature = (n, part, *, engine=None, kernel=None, threads=None, split=None, progress=None, progress_detail=false, piece=None, board=None, symmetries=None))]
#[allow(clippy::too_many_arguments)] // the options of `count`, and the part
fn count_part(
    py: Python<'_>,
    n: i64,
    part: &str,
    engine: Option<&str>,
    kernel: Option<&str>,
    threads: Option<&Bound<'_, PyAny>>,
    split: Option<&str>,
    progress: Option<&Bound<'_, PyAny>>,
    progress_detail: bool,
    piece: Option<&str>,
    board: Option<&str>,
    symmetries: Option<&str>,
) -> PyResult<String> {
    let part = Part::parse(part).map_err(PyValueError::new_err)?;
    let rules = rules(piece, board, symmetries, "board")?;
    let c = counter(n, rules, engine, kernel, threads, split)?;
    let finished = run(py, c, part, progress, progress_detail)?;
    let mut out = Vec::new();
    part_row::write_csv(&[PartRow::from_finished(&finished)], &mut out)
        .map_err(|e| PyOSError::new_err(e.to_string()))?;
    String::from_utf8(out).map_err(|e| PyRuntimeError::new_err(e.to_string()))
}

/// Merges the part files `paths`, the classes under `symmetries=` (None: the default group of
/// their rules); see `queens_count.merge`.
#[pyfunction]
#[pyo3(signature = (paths, *, symmetries=None))]
fn merge(
    py: Python<'_>,
    paths: Vec<std::path::PathBuf>,
    symmetries: Option<&str>,
) -> PyResult<Vec<PyCounts>> {
    let asked = symmetries.map(group_of).transpose()?;
    py.detach(|| {
        let mut problems = merging::Problems::new();
        let mut parts = Vec::new();
        for path in &paths {
            let name = path.display().to_string();
            let file = std::fs::File::open(path)
                .map_err(|e| PyOSError::new_err(format!("cannot read '{name}': {e}")))?;
            parts.extend(merging::read_parts(
                &name,
                std::io::BufReader::new(file),
                &mut problems,
            ));
        }
        if !problems.is_empty() {
            return Err(PyValueError::new_err(problems.into_error().to_string()));
        }
        let merged = merging::merge(&parts).map_err(|e| PyValueError::new_err(e.to_string()))?;
        merged
            .iter()
            .map(|m| PyCounts::of_merged(m, asked))
            .collect()
    })
}

/// The published values of board size `n` under the rules of `piece=`, `board=` and
/// `symmetries=` (OEIS; the table `queens verify` checks against), or None where none are
/// known; see `queens_count.published`.
#[pyfunction]
#[pyo3(signature = (n, *, piece=None, board=None, symmetries=None))]
fn published<'py>(
    py: Python<'py>,
    n: i64,
    piece: Option<&str>,
    board: Option<&str>,
    symmetries: Option<&str>,
) -> PyResult<Option<Bound<'py, PyDict>>> {
    let rules = rules(piece, board, symmetries, "board")?;
    let Ok(n) = usize::try_from(n) else {
        return Ok(None);
    };
    let Some(row) = KnownTable::published(&rules).lookup(n) else {
        return Ok(None);
    };
    let d = PyDict::new(py);
    set_counts(
        &d,
        [
            Some(row.n as u128),
            row.total,
            row.classes,
            row.asymmetric,
            row.half_turn,
            row.quarter_turn,
            row.fixed_half_turn,
            row.fixed_quarter_turn,
            row.nodes,
        ],
    )?;
    d.set_item("orbits", row.orbits.clone())?;
    Ok(Some(d))
}

/// The nine columns of the counts of one board size, as `Counts.as_dict` and `published`
/// name them.
const COUNT_COLUMNS: &str =
    "n total classes asymmetric half_turn quarter_turn fixed_half_turn fixed_quarter_turn nodes";

/// Sets the [`COUNT_COLUMNS`] of `d` to `values`, in that order.
fn set_counts<'py, V: IntoPyObject<'py>>(d: &Bound<'py, PyDict>, values: [V; 9]) -> PyResult<()> {
    for (column, value) in COUNT_COLUMNS.split(' ').zip(values) {
        d.set_item(column, value)?;
    }
    Ok(())
}

/// The most boards the search thread of [`solutions`] hands over at a time: the first hand-over
/// holds one board (the first solution comes at once), each next one twice as many, up to this.
const MAX_CHUNK: usize = 4096;

/// Chunks waiting between the search thread and the iterator: with [`MAX_CHUNK`], at most
/// 4 × 4096 boards of 32 bytes (512 kB) are held at any time, whatever n.
const CHUNKS_AHEAD: usize = 2;

/// How long a thread that finds another thread of the same iterator waiting for the search
/// sleeps (without the GIL) before it looks again.
const TURN: Duration = Duration::from_millis(1);

/// An iterator over every solution of a board size (or every completion of a partial board),
/// in lexicographic order and constant memory: each a tuple of the queens' columns (0-based),
/// row 0 first.
///
/// A search thread (the library's fast `for_each_solution`) fills chunks of boards into a
/// bounded channel while Python consumes the previous chunk; it stops when the iterator is
/// dropped (its next hand-over fails).
///
/// Shared by threads, it hands each board to one of them (frozen, its state behind a mutex
/// that is only taken with the GIL held and let go before any wait or Python code, so it is
/// never contended and never held by another thread when the process forks). Copied into a child by
/// `os.fork()`, whose search thread stayed in the parent, it starts a search thread of its
/// own in the child that skips the boards already received, and goes on where it was.
#[pyclass(name = "Solutions", module = "queens_count", frozen)]
struct PySolutions {
    n: usize,
    /// The boards listed: the solutions of some rules, or the completions of a partial board.
    source: Source,
    state: Mutex<SolutionsState>,
}

/// The state of a [`PySolutions`].
struct SolutionsState {
    /// The boards of the chunk being consumed, n cells each.
    chunk: Vec<u8>,
    /// The offset of the next board in `chunk`.
    pos: usize,
    /// Boards received from the search so far, those of `chunk` included: where a search
    /// restarted after a fork starts.
    received: u64,
    /// Where the next chunk comes from.
    feed: Feed,
}

/// Where a [`PySolutions`] gets its next chunk from.
enum Feed {
    /// The search thread started in process `pid`, handing over chunks through `rx`.
    Ready { rx: Receiver<Vec<u8>>, pid: u32 },
    /// A thread of process `pid` has taken the receiver and waits for the next chunk, the
    /// GIL released; other threads wait for it to bring the receiver back.
    Busy { pid: u32 },
    /// The search has handed over its last chunk.
    Done,
}

impl Drop for SolutionsState {
    fn drop(&mut self) {
        // In a forked child the receiver's channel is a copy of the parent's, which the
        // parent's search thread may have been changing at the fork: it is left alone.
        if let Feed::Ready { pid, .. } = self.feed
            && pid != std::process::id()
            && let Feed::Ready { rx, .. } = std::mem::replace(&mut self.feed, Feed::Done)
        {
            std::mem::forget(rx);
        }
    }
}

impl PySolutions {
    /// The state, locked (with the GIL held: never contended, see [`PySolutions`]).
    fn state(&self) -> MutexGuard<'_, SolutionsState> {
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

#[pymethods]
impl PySolutions {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyTuple>>> {
        let n = self.n;
        loop {
            let mut state = self.state();
            if state.pos < state.chunk.len() {
                let at = state.pos;
                state.pos += n;
                // The tuple is made after the lock is let go: making it may run the garbage
                // collector, whose finalizers are Python code that another thread may
                // interrupt to call this iterator.
                let mut board = [0u8; 32];
                board[..n].copy_from_slice(&state.chunk[at..at + n]);
                drop(state);
                return PyTuple::new(py, &board[..n]).map(Some);
            }
            // A system call: once a chunk, not once a board.
            let here = std::process::id();
            let rx = match &state.feed {
                Feed::Done => return Ok(None),
                Feed::Busy { pid } if *pid == here => {
                    // Another thread waits for the next chunk: wait for it, the GIL
                    // released, running Python's signal handlers.
                    drop(state);
                    py.detach(|| std::thread::sleep(TURN));
                    py.check_signals()?;
                    continue;
                }
                Feed::Ready { pid, .. } if *pid == here => {
                    let Feed::Ready { rx, .. } =
                        std::mem::replace(&mut state.feed, Feed::Busy { pid: here })
                    else {
                        unreachable!("the feed was just matched as ready");
                    };
                    rx
                }
                // A child of os.fork(): the search thread (and a thread waiting for it) stayed
                // in the parent. A search of this process's own goes on where this one was.
                Feed::Ready { .. } | Feed::Busy { .. } => {
                    let rx = spawn_search(n, self.source.clone(), state.received)?;
                    if let Feed::Ready { rx, .. } =
                        std::mem::replace(&mut state.feed, Feed::Busy { pid: here })
                    {
                        std::mem::forget(rx); // see `SolutionsState::drop`
                    }
                    rx
                }
            };
            drop(state);
            // Waits for the search thread a POLL at a time (a large n can take a while
            // between solutions), running Python's signal handlers in between.
            let (next, rx) = py.detach(move || (rx.recv_timeout(POLL), rx));
            let mut state = self.state();
            match next {
                Ok(chunk) => {
                    state.received += (chunk.len() / n) as u64;
                    state.chunk = chunk;
                    state.pos = 0;
                    state.feed = Feed::Ready { rx, pid: here };
                }
                Err(RecvTimeoutError::Disconnected) => state.feed = Feed::Done,
                Err(RecvTimeoutError::Timeout) => {
                    state.feed = Feed::Ready { rx, pid: here };
                    drop(state);
                    py.check_signals()?;
                }
            }
        }
    }
}

/// The boards a [`PySolutions`] lists.
#[derive(Clone)]
enum Source {
    /// The solutions of these rules.
    Rules(Rules),
    /// The completions of this partial board (of the size listed).
    Completions(Partial),
}

/// Starts a search thread for the boards of `source` of size `n` after the first `skip`, in
/// increasing order: it hands them over in chunks through the receiver returned.
fn spawn_search(n: usize, source: Source, skip: u64) -> PyResult<Receiver<Vec<u8>>> {
    let (tx, rx) = mpsc::sync_channel::<Vec<u8>>(CHUNKS_AHEAD);
    std::thread::Builder::new()
        .name(format!("queens solutions({n})"))
        .spawn(move || {
            let mut skip = skip;
            let mut boards = 1;
            let mut chunk = Vec::with_capacity(n);
            let mut visit = |cols: &[u8]| {
                if skip > 0 {
                    skip -= 1;
                    return ControlFlow::Continue(());
                }
                chunk.extend_from_slice(cols);
                if chunk.len() < boards * n {
                    return ControlFlow::Continue(());
                }
                boards = (boards * 2).min(MAX_CHUNK);
                let full = std::mem::replace(&mut chunk, Vec::with_capacity(boards * n));
                match tx.send(full) {
                    Ok(()) => ControlFlow::Continue(()),
                    Err(_) => ControlFlow::Break(()), // the iterator is gone
                }
            };
            match &source {
                Source::Rules(rules) => {
                    let _ = queens::solutions::for_each_solution_under(rules, n, &mut visit);
                }
                Source::Completions(p) => {
                    p.for_each_completion_while(&mut visit);
                }
            }
            if !chunk.is_empty() {
                let _ = tx.send(chunk);
            }
        })
        .map_err(|e| PyRuntimeError::new_err(format!("cannot start the search thread: {e}")))?;
    Ok(rx)
}

/// Every solution of board size `n` (1 to 32), or the completions of its partial board; see
/// `queens_count.solutions`.
#[pyfunction]
#[pyo3(signature = (n, *, piece=None, board=None, given=None, blocked=None))]
fn solutions(
    n: i64,
    piece: Option<&str>,
    board: Option<&str>,
    given: Option<&Bound<'_, PyAny>>,
    blocked: Option<&Bound<'_, PyAny>>,
) -> PyResult<PySolutions> {
    let rules = rules(piece, board, None, "board")?;
    let source = match partial(n, rules, given, blocked)? {
        Some(p) => Source::Completions(p),
        None => Source::Rules(rules),
    };
    let n = size(n, 1)?;
    // The size is checked here, so that the search thread has nothing to report but boards.
    queens::solutions(n).map_err(py_err)?;
    let rx = spawn_search(n, source.clone(), 0)?;
    Ok(PySolutions {
        n,
        source,
        state: Mutex::new(SolutionsState {
            chunk: Vec::new(),
            pos: 0,
            received: 0,
            feed: Feed::Ready {
                rx,
                pid: std::process::id(),
            },
        }),
    })
}

/// Every solution of board size `n` (1 to 16) as a NumPy array; see
/// `queens_count.solutions_array`.
#[pyfunction]
fn solutions_array(py: Python<'_>, n: i64) -> PyResult<Bound<'_, PyArray2<u8>>> {
    let n = size(n, 1)?;
    // Without NumPy the array cannot be made: say so before the walk, as an ImportError
    // (the numpy crate would panic when it makes the array).
    py.import("numpy").map_err(|e| {
        let err = PyImportError::new_err(format!(
            "solutions_array returns a NumPy array, and NumPy cannot be imported ({}): \
             pip install numpy, or iterate solutions({n}), which needs no NumPy",
            e.value(py)
        ));
        err.set_cause(py, Some(e));
        err
    })?;
    if n > MAX_ARRAY_N {
        return Err(PyValueError::new_err(format!(
            "solutions_array({n}) would not fit in memory (n = 17 alone is 1.6 GB); it takes \
             n up to {MAX_ARRAY_N}: iterate solutions({n}) instead"
        )));
    }
    // Python's signal handlers run every `CHECK_EVERY` boards (a few milliseconds of the
    // walk), so that Ctrl-C stops it.
    const CHECK_EVERY: usize = 1 << 16;
    let mut interrupted: Option<PyErr> = None;
    let cells = py.detach(|| -> Result<Vec<u8>, Error> {
        let mut cells = Vec::new();
        queens::for_each_solution(n, |cols| {
            cells.extend_from_slice(cols);
            if (cells.len() / n).is_multiple_of(CHECK_EVERY)
                && let Err(e) = Python::attach(|py| py.check_signals())
            {
                interrupted = Some(e);
                return ControlFlow::Break(());
            }
            ControlFlow::Continue(())
        })?;
        Ok(cells)
    });
    if let Some(e) = interrupted {
        return Err(e);
    }
    let cells = cells.map_err(py_err)?;
    let rows = cells.len() / n;
    let array = Array2::from_shape_vec((rows, n), cells)
        .map_err(|e| PyRuntimeError::new_err(e.to_string()))?;
    Ok(array.into_pyarray(py))
}

/// An iterator over the classes of a board size in lexicographic order of their canonical
/// forms, in constant memory: each a tuple (canonical board, symmetry type, class size).
#[pyclass(name = "Classes", module = "queens_count")]
struct PyClasses {
    inner: ClassList,
}

/// The classes a [`PyClasses`] gives: the queens' streamed in constant memory, those of other
/// rules listed when asked for (`(canonical, symmetry, class size)` each).
enum ClassList {
    /// The queens' classes.
    Queens(queens::Classes),
    /// The classes of other rules.
    Listed(std::vec::IntoIter<(Vec<u8>, &'static str, usize)>),
}

#[pymethods]
impl PyClasses {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__<'py>(
        mut slf: PyRefMut<'py, Self>,
        py: Python<'py>,
    ) -> PyResult<Option<Bound<'py, PyTuple>>> {
        let next = match &mut slf.inner {
            ClassList::Queens(classes) => classes
                .next()
                .map(|c| (c.canonical.cols().to_vec(), c.symmetry.name(), c.class_size)),
            ClassList::Listed(classes) => classes.next(),
        };
        match next {
            Some((canonical, symmetry, class_size)) => {
                let canonical = PyTuple::new(py, canonical)?;
                Ok(Some((canonical, symmetry, class_size).into_pyobject(py)?))
            }
            None => Ok(None),
        }
    }
}

/// The classes of board size `n` (1 to 32), or those of the completions of its partial
/// board; see `queens_count.classes`.
#[pyfunction]
#[pyo3(signature = (n, *, piece=None, board=None, symmetries=None, given=None, blocked=None))]
fn classes(
    py: Python<'_>,
    n: i64,
    piece: Option<&str>,
    board: Option<&str>,
    symmetries: Option<&str>,
    given: Option<&Bound<'_, PyAny>>,
    blocked: Option<&Bound<'_, PyAny>>,
) -> PyResult<PyClasses> {
    let rules = rules(piece, board, symmetries, "board")?;
    if let Some(p) = partial(n, rules, given, blocked)? {
        return Ok(PyClasses {
            inner: ClassList::Listed(interruptible(py, || completion_classes(&p))?.into_iter()),
        });
    }
    let queens = queens::classes(size(n, 1)?).map_err(py_err)?;
    if rules.is_queens() {
        return Ok(PyClasses {
            inner: ClassList::Queens(queens),
        });
    }
    // Each class's canonical board (the smallest of its images under the rules' group),
    // classified under the rules.
    let mut listed = Vec::new();
    let mut invalid = None;
    queens::classify::for_each_class(&rules, n as usize, |_, cols| {
        let class = queens::Solution::new(cols.to_vec())
            .map_err(|e| e.to_string())
            .and_then(|s| queens::classify::classify_under(&s, &rules).map_err(|e| e.to_string()));
        match class {
            Ok(c) => {
                listed.push((cols.to_vec(), c.symmetry.name(), c.class_size));
                ControlFlow::Continue(())
            }
            Err(e) => {
                invalid = Some(e);
                ControlFlow::Break(())
            }
        }
    });
    if let Some(e) = invalid {
        return Err(PyRuntimeError::new_err(e));
    }
    Ok(PyClasses {
        inner: ClassList::Listed(listed.into_iter()),
    })
}

/// The classes of the completions of `p` under the symmetries that keep its givens and
/// blocked squares ([`Partial::group`], the group `queens count --given` counts them under),
/// in increasing order of their canonical forms (the completions that are their own least
/// image, [`queens::given::Subgroup::canonical`]): each with the symmetry type of its
/// stabilizer in that group (a quarter turn, else a half turn, with or without a shift of the
/// torus, else none) and its number of completions.
fn completion_classes(p: &Partial) -> Vec<(Vec<u8>, &'static str, usize)> {
    let (n, group) = (p.n(), p.group());
    let mut listed = Vec::new();
    p.for_each_completion(|cols| {
        if group.canonical(cols) != cols {
            return;
        }
        let mut image = vec![0u8; n];
        let fixing: Vec<Transform> = (group.elements().iter())
            .filter(|g| {
                for (r, &c) in cols.iter().enumerate() {
                    let (ir, ic) = g.apply(n, (r, usize::from(c)));
                    image[ir] = ic as u8;
                }
                image == cols
            })
            .map(|g| g.transform)
            .collect();
        let symmetry = if fixing.contains(&Transform::Rot90) {
            "quarter_turn"
        } else if fixing.contains(&Transform::Rot180) {
            "half_turn"
        } else {
            "asymmetric"
        };
        listed.push((cols.to_vec(), symmetry, group.order() / fixing.len()));
    });
    listed
}

/// What the symmetries of the rules' group do to one board: `board` and `canonical` (tuples
/// of 0-based columns), `symmetry` (`asymmetric`, `half_turn` or `quarter_turn`),
/// `class_size` (the boards of its class: 8, 4 or 2 under the square's symmetries, 1 for
/// n = 1; up to 8n² under the torus group, 28 for `(0, 2, 4, 6, 1, 3, 5)`), `transforms` (the names of the elements that map
/// the board to its canonical form: `rot90`, or `rot90+shift(2,3)` under the torus group)
/// and `notation` (the notation the board was read in).
#[pyclass(name = "Classification", module = "queens_count", frozen, eq)]
#[derive(Clone, Debug, PartialEq)]
struct PyClassification {
    board: Vec<u8>,
    canonical: Vec<u8>,
    /// The symmetry type: "asymmetric", "half_turn" or "quarter_turn".
    #[pyo3(get)]
    symmetry: &'static str,
    /// Boards in its class: 8, 4 or 2 (1 for n = 1).
    #[pyo3(get)]
    class_size: usize,
    transforms: Vec<String>,
    /// The notation the board was read in ("cols", "digits", "leetcode", …).
    #[pyo3(get)]
    notation: &'static str,
}

#[pymethods]
impl PyClassification {
    /// The board as read, as a tuple of 0-based columns.
    #[getter]
    fn board<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, &self.board)
    }

    /// The canonical form of its class (the smallest of its images), 0-based columns.
    #[getter]
    fn canonical<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, &self.canonical)
    }

    /// The names of the symmetries that map the board to its canonical form.
    #[getter]
    fn transforms<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, &self.transforms)
    }

    fn __repr__(&self) -> String {
        let cols = |c: &[u8]| {
            let items: Vec<_> = c.iter().map(u8::to_string).collect();
            if items.len() == 1 {
                format!("({},)", items[0])
            } else {
                format!("({})", items.join(", "))
            }
        };
        format!(
            "Classification(board={}, canonical={}, symmetry='{}', class_size={})",
            cols(&self.board),
            cols(&self.canonical),
            self.symmetry,
            self.class_size
        )
    }
}

/// Classifies one board, read in `notation`; see `queens_count.classify`.
#[pyfunction]
#[pyo3(signature = (board, notation="auto", *, piece=None, surface=None, symmetries=None))]
fn classify(
    board: &Bound<'_, PyAny>,
    notation: &str,
    piece: Option<&str>,
    surface: Option<&str>,
    symmetries: Option<&str>,
) -> PyResult<PyClassification> {
    let rules = rules(piece, surface, symmetries, "surface")?;
    let named = match notation {
        "auto" => None,
        name => Some(Notation::from_name(name).ok_or_else(|| {
            let names: Vec<_> = Notation::ALL.iter().map(|n| n.name()).collect();
            PyValueError::new_err(format!(
                "unknown notation '{name}': choose auto, {}",
                names.join(", ")
            ))
        })?),
    };
    let (text, named) = if let Ok(text) = board.extract::<String>() {
        (text, named)
    } else {
        let cols: Vec<i64> = board.extract().map_err(|_| {
            PyValueError::new_err(
                "a board is a string in a notation the CLI reads or a sequence of columns",
            )
        })?;
        // A sequence is a permutation: with a 0 it counts from 0, without one from 1.
        let named = named.or(Some(if cols.contains(&0) {
            Notation::Cols
        } else {
            Notation::Cols1
        }));
        let text: Vec<_> = cols.iter().map(i64::to_string).collect();
        (text.join(" "), named)
    };
    let raw = parse_one(&text, named).map_err(PyValueError::new_err)?;
    let solution = raw
        .solution()
        .map_err(|e| PyValueError::new_err(e.message()))?;
    let c = queens::classify::classify_under(&solution, &rules)
        .map_err(|e| PyValueError::new_err(classify_error(&e, &rules)))?;
    Ok(PyClassification {
        board: c.board.cols().to_vec(),
        canonical: c.canonical.cols().to_vec(),
        symmetry: c.symmetry.name(),
        class_size: c.class_size,
        transforms: c.transform_names().split(' ').map(String::from).collect(),
        notation: raw.notation.name(),
    })
}

/// The kernels this CPU runs, fastest last (the `kernel=` values besides `auto`); with
/// `every`, every kernel of the library's registry, whether this CPU runs it or not.
#[pyfunction]
#[pyo3(signature = (every=false))]
fn kernels(every: bool) -> Vec<&'static str> {
    let listed = if every {
        Kernel::ALL.to_vec()
    } else {
        Kernel::available()
    };
    listed.into_iter().map(Kernel::name).collect()
}

/// The queens library (n-queens counts, solutions and classes) for Python.
#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyCounts>()?;
    m.add_class::<PySolutions>()?;
    m.add_class::<PyClasses>()?;
    m.add_class::<PyClassification>()?;
    m.add_function(wrap_pyfunction!(count, m)?)?;
    m.add_function(wrap_pyfunction!(count_part, m)?)?;
    m.add_function(wrap_pyfunction!(check_partial, m)?)?;
    m.add_function(wrap_pyfunction!(largest_size, m)?)?;
    m.add_function(wrap_pyfunction!(verify_completions, m)?)?;
    m.add_function(wrap_pyfunction!(merge, m)?)?;
    m.add_function(wrap_pyfunction!(published, m)?)?;
    m.add_function(wrap_pyfunction!(solutions, m)?)?;
    m.add_function(wrap_pyfunction!(solutions_array, m)?)?;
    m.add_function(wrap_pyfunction!(classes, m)?)?;
    m.add_function(wrap_pyfunction!(classify, m)?)?;
    m.add_function(wrap_pyfunction!(kernels, m)?)?;
    m.add("MAX_ARRAY_N", MAX_ARRAY_N)?;
    Ok(())
}
