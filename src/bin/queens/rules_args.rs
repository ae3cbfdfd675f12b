//! `--piece` and `--board`: the rules a search counts ([`queens::rules::Rules`]), one flattened
//! argument group for every command that searches (flattened into [`crate::cli::SearchArgs`]),
//! and the engine they leave: an engine left to its default that does not count the rules
//! gives way to one that does; one asked for with `--engine` is refused in one line.
//! `--given` and `--blocked`: a partial board ([`queens::given::Partial`]) whose completions
//! `count` counts and `list` lists ([`count_given`], [`list_given`]).

use clap::parser::ValueSource;
use clap::{ArgMatches, Args, Command, FromArgMatches};
use queens::given::{Completions, Partial};
use queens::plan::Engine;
use queens::rules::{Group, Piece, Rules, Surface};
use queens::sequences::Sequence;

/// The three flags as clap parses them (in `--help`; `-h` keeps to a screen).
#[derive(Clone, Copy, Debug, Default, Args)]
struct RulesFlags {
    /// The piece on every square of a solution: `superqueen` (or `amazon`) adds the knight's
    /// move to the queen's (`queens count 10-14 --piece superqueen`). Counted by the
    /// symmetric engine on the plane, by the enumerate engine on the torus.
    #[arg(long, value_enum, default_value_t = Piece::Queen, display_order = 900, hide_short_help = true)]
    piece: Piece,
    /// The board: `torus` wraps both diagonals around (`queens count 5-13 --board torus`).
    /// Queens there are counted by the symmetric engine's torus plan; classes under the torus
    /// group (`--symmetries`).
    #[arg(long, alias = "surface", value_enum, default_value_t = Surface::Plane, display_order = 901, hide_short_help = true)]
    board: Surface,
    /// The group of the classes: `square` (the square's 8 symmetries) or `torus` (those with
    /// the n² shifts of the torus, OEIS A053994: the default on `--board torus`; refused on
    /// the plane).
    #[arg(long, value_enum, display_order = 902, hide_short_help = true)]
    symmetries: Option<Group>,
}

/// `--given` and `--blocked`: a partial board, whose completions `count` counts and `list`
/// lists (flattened into their arguments, last, so that the display order of the options
/// before them stays as it was).
#[derive(Clone, Copy, Debug, Default, Args)]
pub struct GivenArgs {
    /// Given queens: every solution counted or listed holds them. Chess squares (`"a8 e7"`:
    /// file a is column 0, rank N is row 0), or a partial board in another notation with a
    /// placeholder for an empty row: cols `"0 - - 5 - - - -"`, digits `1--6----`, board or
    /// leetcode rows of `Q`, `x` (blocked) and `.` (an empty row all dots); `@FILE` reads
    /// FILE. Classes are under the symmetries that keep the givens and the blocked squares
    #[arg(long, value_name = "SQUARES", value_parser = squares_arg, allow_hyphen_values = true, display_order = 903, hide_short_help = true)]
    given: Option<SquaresArg>,
    /// Blocked squares: no piece of a solution stands on one. Chess squares (`"c1 d4"`), the
    /// cols or digits notation with `-` for a row with none, board or leetcode rows with `x`
    /// for each blocked square, or `@FILE`
    #[arg(long, value_name = "SQUARES", value_parser = squares_arg, allow_hyphen_values = true, display_order = 904, hide_short_help = true)]
    blocked: Option<SquaresArg>,
}

impl GivenArgs {
    /// Whether `--given` or `--blocked` was given.
    pub fn has_squares(&self) -> bool {
        self.given.is_some() || self.blocked.is_some()
    }

    /// The partial board of `--given` and `--blocked` on the n×n board, `None` without them.
    pub fn partial(&self, n: usize, rules: Rules) -> Result<Option<Partial>, GivenFailure> {
        if !self.has_squares() {
            return Ok(None);
        }
        let text = |flag: &str, arg: Option<SquaresArg>| -> Result<String, GivenFailure> {
            match arg.map(|a| a.0) {
                None => Ok(String::new()),
                Some(t) => match t.strip_prefix('@') {
                    Some(path) => std::fs::read_to_string(path).map_err(|e| {
                        GivenFailure::Io(format!("{flag} @{path}: cannot read '{path}': {e}"))
                    }),
                    None => Ok(t.to_string()),
                },
            }
        };
        let given = text("--given", self.given)?;
        let blocked = text("--blocked", self.blocked)?;
        let flag = if self.given.is_some() {
            "--given"
        } else {
            "--blocked"
        };
        Partial::parse(n, rules, &given, &blocked)
            .map(Some)
            .map_err(|e| GivenFailure::Usage(format!("{flag}: n = {n}: {e}")))
    }
}

/// The text of `--given` or `--blocked`, as written: its squares depend on the board size, so
/// it is read per size ([`GivenArgs::partial`]). Kept for the whole run (leaked once, a few
/// bytes per process), so that the rules' flags stay `Copy` as the search options are.
#[derive(Clone, Copy, Debug)]
pub struct SquaresArg(&'static str);

/// `--given`'s and `--blocked`'s parser: the text kept as written.
fn squares_arg(s: &str) -> Result<SquaresArg, String> {
    Ok(SquaresArg(Box::leak(s.to_owned().into_boxed_str())))
}

/// Why a partial board cannot be counted: a usage error (exit 2) or a `@FILE` that cannot be
/// read (exit 3).
#[derive(Debug)]
pub enum GivenFailure {
    /// The squares are refused (one line naming them).
    Usage(String),
    /// `@FILE` could not be read, or the output could not be written.
    Io(String),
    /// The two ways of `verify` disagree (exit 1).
    Failed(String),
}

/// The rules of a command whose `--board` already names a board (`classify`): `--piece`, and
/// the board's surface as `--surface` (also accepted as `--board`'s alias elsewhere).
#[derive(Clone, Copy, Debug, Args)]
pub struct SurfaceRulesArgs {
    /// The piece of the boards: `superqueen` (or `amazon`) adds the knight's move to the
    /// queen's; a board it does not allow is bad.
    #[arg(long, value_enum, default_value_t = Piece::Queen, display_order = 900, hide_short_help = true)]
    piece: Piece,
    /// The board's surface: `torus` wraps both diagonals around (as `--board torus` on the
    /// commands that count).
    #[arg(long, value_enum, default_value_t = Surface::Plane, display_order = 901, hide_short_help = true)]
    surface: Surface,
    /// The group of the classes: `square` (the square's 8 symmetries) or `torus` (those with
    /// the n² shifts of the torus: the default on `--surface torus`; refused on the plane).
    #[arg(long, value_enum, display_order = 902, hide_short_help = true)]
    symmetries: Option<Group>,
}

impl SurfaceRulesArgs {
    /// The rules asked for (a group the board does not allow is left out: see
    /// [`SurfaceRulesArgs::check_group`]).
    pub fn rules(&self) -> Rules {
        rules_of(self.piece, self.surface, self.symmetries)
    }

    /// Refuses `--symmetries torus` on the plane, in one line.
    pub fn check_group(&self) -> Result<(), String> {
        group_check(self.surface, self.symmetries, "--surface")
    }
}

/// Refuses the torus group on the plane board (`board_flag`: the flag that names the board).
fn group_check(board: Surface, symmetries: Option<Group>, board_flag: &str) -> Result<(), String> {
    match (board, symmetries) {
        (Surface::Plane, Some(Group::Torus)) => Err(format!(
            "--symmetries torus needs {board_flag} torus: the shifts of the torus do not keep \
             the solutions of the plane board"
        )),
        _ => Ok(()),
    }
}

/// The rules of a piece and a board as the command line names them, with their classes under
/// `symmetries` (the board's own group when not given, or when the board does not allow it).
fn rules_of(piece: Piece, board: Surface, symmetries: Option<Group>) -> Rules {
    let rules = Rules::new(piece, board);
    symmetries.map_or(rules, |group| rules.under(group).unwrap_or(rules))
}

/// The rules of a search (`--piece`, `--board`), and whether `--engine` was given on the
/// command line (read from the same matches, so that a default engine can give way).
#[derive(Clone, Copy, Debug, Default)]
pub struct RulesArgs {
    flags: RulesFlags,
    engine_given: bool,
}

/// Whether the command has `--engine` and it was given on the command line.
fn engine_given(m: &ArgMatches) -> bool {
    m.ids().any(|id| id.as_str() == "engine")
        && m.value_source("engine") == Some(ValueSource::CommandLine)
}

impl FromArgMatches for RulesArgs {
    fn from_arg_matches(m: &ArgMatches) -> Result<Self, clap::Error> {
        Ok(RulesArgs {
            flags: RulesFlags::from_arg_matches(m)?,
            engine_given: engine_given(m),
        })
    }

    fn update_from_arg_matches(&mut self, m: &ArgMatches) -> Result<(), clap::Error> {
        self.flags.update_from_arg_matches(m)?;
        self.engine_given = engine_given(m);
        Ok(())
    }
}

/// `cmd` with the flags added by `add`, listed after the other options (their own display
/// order) and leaving the display order of the options after them as it was without them:
/// clap counts every option added, even one with its own order, so the count is put back.
fn listed_last(cmd: Command, add: fn(Command) -> Command) -> Command {
    let before = cmd.get_arguments().filter(|a| !a.is_positional()).count();
    add(cmd).next_display_order(before)
}

impl Args for RulesArgs {
    fn augment_args(cmd: Command) -> Command {
        listed_last(cmd, RulesFlags::augment_args)
    }

    fn augment_args_for_update(cmd: Command) -> Command {
        listed_last(cmd, RulesFlags::augment_args_for_update)
    }
}

impl RulesArgs {
    /// The rules asked for.
    pub fn rules(&self) -> Rules {
        rules_of(self.flags.piece, self.flags.board, self.flags.symmetries)
    }

    /// Refuses `--symmetries torus` on the plane, in one line.
    pub fn check_group(&self) -> Result<(), String> {
        group_check(self.flags.board, self.flags.symmetries, "--board")
    }

    /// The engine that counts the rules: `asked` if it counts them ([`Engine::supports`]);
    /// else, when `--engine` was left to its default, the first engine that does.
    pub fn engine(&self, asked: Engine) -> Engine {
        let rules = self.rules();
        if asked.supports(&rules) || self.engine_given {
            return asked;
        }
        Engine::ALL
            .into_iter()
            .find(|e| e.supports(&rules))
            .unwrap_or(asked)
    }

    /// Refuses an engine given with `--engine` that does not count the rules, or the torus
    /// group on the plane ([`RulesArgs::check_group`]), in one line.
    pub fn check(&self, asked: Engine) -> Result<(), String> {
        self.check_group()?;
        let rules = self.rules();
        if self.engine(asked).supports(&rules) {
            return Ok(());
        }
        let counts: Vec<&str> = Engine::ALL
            .into_iter()
            .filter(|e| e.supports(&rules))
            .map(Engine::name)
            .collect();
        Err(format!(
            "--engine {asked} does not count --piece {} --board {}; give --engine {} or leave \
             --engine out",
            rules.piece.name(),
            rules.surface.name(),
            counts.join(" or ")
        ))
    }
}

/// Refuses a board given on the command line (`what`: its option) that is not a solution
/// under `rules` (read as a queens' board, it may still break the knight's or the torus's
/// rule), in one line naming the pair that attacks.
pub fn check_board(
    board: Option<&queens::board::Solution>,
    rules: &Rules,
    what: &str,
) -> Result<(), String> {
    match board.map(|b| queens::board::validate(b.cols(), rules)) {
        Some(Err(e)) => Err(format!(
            "{what}: not a solution for --piece {} --board {}: {e}",
            rules.piece.name(),
            rules.surface.name()
        )),
        _ => Ok(()),
    }
}

/// Refuses a b-file of `sequence` (`None`: no `--bfile`) for counts of other rules than the
/// sequence's, in one line naming the flags or sequences that go together
/// ([`Sequence::check_rules`]): a variant's values under the queens' A-numbers would be wrong
/// figures.
pub fn check_bfile(rules: &Rules, sequence: Option<Sequence>) -> Result<(), String> {
    match sequence {
        None => Ok(()),
        Some(s) => s.check_rules(rules).map_err(|e| format!("--bfile: {e}")),
    }
}

/// `count --given`/`--blocked`: the completions of each size's partial board, one row each,
/// in every output of `outputs` (its destinations checked before any work): the human table
/// (`n`, the givens, the blocked squares, the completions, their classes, the group they are
/// classes under, the nodes and the search, then a line of the rules, threads and seconds) on
/// stdout or `-o`'s file, and `--csv`, `--json`, `--markdown` ([`queens::formats::given`]).
/// `counter` makes each count (the engine, kernel and threads asked for); `others` names an
/// option of `count` that a partial board does not take (refused, before any work).
pub fn count_given(
    sizes: &[usize],
    given: &GivenArgs,
    rules: &RulesArgs,
    counter: &dyn Fn(&Partial) -> Result<Completions, String>,
    others: Option<&str>,
    outputs: &queens::formats::export::request::Request,
) -> Result<(), GivenFailure> {
    if let Some(flag) = others {
        return Err(GivenFailure::Usage(format!(
            "{flag} is not taken with --given or --blocked: their completions are counted whole, in a table of their own"
        )));
    }
    let usage = GivenFailure::Usage;
    let dests = queens::console::outputs::Destinations::check(outputs).map_err(usage)?;
    let mut partials = Vec::with_capacity(sizes.len());
    for &n in sizes {
        match given.partial(n, rules.rules())? {
            Some(p) => partials.push(p),
            None => return Ok(()),
        }
    }
    let meta = queens::formats::export::RunMeta::now(None).under(rules.rules());
    let mut rows = Vec::with_capacity(partials.len());
    for p in &partials {
        rows.push(counter(p).map_err(GivenFailure::Usage)?);
    }
    let io = |e: std::io::Error| GivenFailure::Io(e.to_string());
    let table = queens::given::table(&partials, &rows);
    match (&dests.human_file, dests.human_on_stdout) {
        (Some(dest), _) => dest
            .write_with(|w| w.write_all(table.as_bytes()))
            .map_err(io)?,
        (None, true) => write_stdout(table.as_bytes())?,
        (None, false) => {}
    }
    for (format, dest) in &dests.files {
        let write = |w: &mut dyn std::io::Write| {
            queens::formats::given::write(*format, &partials, &rows, &meta, w)
        };
        match dest.write_with(write) {
            Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => return Err(io(e)),
            _ => {}
        }
    }
    Ok(())
}

/// `verify --given`/`--blocked`, with or without `--two-ways` (nothing is published about
/// completions, so the check is two ways' agreement, [`queens::given::two_ways`]): one PASS or
/// FAIL line per size on stdout as it finishes; a disagreement exits 1 as `verify` does.
/// The search options are the rules, the kernel and `--threads`; `others` names an option of
/// `verify` that a partial board does not take.
pub fn verify_given(
    sizes: &[usize],
    given: &GivenArgs,
    (rules, kernel, threads): (&RulesArgs, queens::KernelChoice, Option<u16>),
    others: Option<&str>,
) -> Result<(), GivenFailure> {
    if let Some(flag) = others {
        return Err(GivenFailure::Usage(format!(
            "{flag} is not taken with --given or --blocked: their completions are verified \
             two ways, one line per size on stdout"
        )));
    }
    let kernel = kernel.resolve();
    let kernel = kernel.map_err(|e| GivenFailure::Usage(e.to_string()))?;
    let threads = threads.map_or_else(queens::runner::available_threads, usize::from);
    let mut partials = Vec::with_capacity(sizes.len());
    for &n in sizes {
        partials.extend(given.partial(n, rules.rules())?);
    }
    let mut failures = 0;
    for p in &partials {
        let (first, second) = queens::given::two_ways(p, kernel, threads);
        let (passed, line) = queens::given::verify_line(p, &first, &second);
        failures += usize::from(!passed);
        write_stdout(format!("{line}\n").as_bytes())?;
    }
    match failures {
        0 => Ok(()),
        f => Err(GivenFailure::Failed(format!(
            "{f} of {} failed verification",
            queens::board::plural(partials.len() as u64, "board size")
        ))),
    }
}

/// Writes `bytes` to stdout; a closed stdout (`| head`) is the reader's choice.
fn write_stdout(bytes: &[u8]) -> Result<(), GivenFailure> {
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    match out.write_all(bytes).and_then(|()| out.flush()) {
        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => {
            Err(GivenFailure::Io(format!("cannot write to stdout: {e}")))
        }
        _ => Ok(()),
    }
}

/// `list N --given`/`--blocked`: the completions of the partial board in increasing order, in
/// `notation` (one per line, `board` pictures a blank line apart, one `leetcode` list, `csv`
/// with its header), at most `limit` (the search stops there), a note on stderr where there is
/// none (unless `quiet`); `others` names an option that a partial board does not take. Returns whether the partial board was listed (`false` without `--given` and
/// `--blocked`).
pub fn list_given(
    n: usize,
    given: &GivenArgs,
    rules: &RulesArgs,
    notation: queens::board::notation::Notation,
    limit: Option<u64>,
    others: Option<&str>,
    quiet: bool,
) -> Result<bool, GivenFailure> {
    let Some(p) = given.partial(n, rules.rules())? else {
        return Ok(false);
    };
    if let Some(flag) = others {
        return Err(GivenFailure::Usage(format!(
            "{flag} is not taken with --given or --blocked: list writes their completions"
        )));
    }
    let out = std::io::BufWriter::new(std::io::stdout().lock());
    match queens::formats::solutions::write_completions(out, &p, notation, limit) {
        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => {
            Err(GivenFailure::Io(format!("cannot write to stdout: {e}")))
        }
        Ok(0) if limit != Some(0) && !quiet => {
            crate::console::note(&format!("queens: {}", p.no_completions()));
            Ok(true)
        }
        _ => Ok(true),
    }
}
