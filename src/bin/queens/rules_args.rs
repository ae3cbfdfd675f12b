//! `--piece` and `--board`: the rules a search counts ([`queens::rules::Rules`]), one flattened
//! argument group for every command that searches (flattened into [`crate::cli::SearchArgs`]),
//! and the engine they leave: an engine left to its default that does not count the rules
//! gives way to one that does; one asked for with `--engine` is refused in one line.
//! `--given` and `--blocked`: a partial board ([`queens::given::Partial`]) whose completions
//! `count` counts and `list` lists.

use crate::error::CommandError;
use clap::parser::ValueSource;
use clap::{ArgMatches, Args, Command, FromArgMatches};
use queens::console::rules;
use queens::formats::classify_stream::FollowInput;
use queens::given::{GivenError, Partial};
use queens::plan::Engine;
use queens::rules::{Group, Piece, Rules, Surface};

/// The three flags as clap parses them (in `--help`; `-h` keeps to a screen).
#[derive(Clone, Copy, Debug, Default, Args)]
pub struct RulesFlags {
    /// The piece on every square of a solution: `superqueen` (or `amazon`) adds the knight's
    /// move to the queen's (`queens count 10-14 --piece superqueen`). Counted by the
    /// symmetric engine, on the torus by its torus plan.
    #[arg(long, value_enum, default_value_t = Piece::Queen, display_order = 900, hide_short_help = true)]
    piece: Piece,
    /// The board: `torus` wraps both diagonals around (`queens count 5-13 --board torus`).
    /// Queens and superqueens there are counted by the symmetric engine's torus plan; classes
    /// under the torus group (`--symmetries`).
    #[arg(long, alias = "surface", value_enum, default_value_t = Surface::Plane, display_order = 901, hide_short_help = true)]
    board: Surface,
    /// The group of the classes: `square` (the square's 8 symmetries) or `torus` (those with
    /// the n² shifts of the torus, OEIS A053994: the default on `--board torus`; refused on
    /// the plane).
    #[arg(long, value_enum, display_order = 902, hide_short_help = true)]
    symmetries: Option<Group>,
}

/// The rules' flags of a command that puts nothing in classes (`profile`): `--piece` and
/// `--board`, and no `--symmetries` (neither in its help nor in the shells' completions; the
/// one-line refusal of a `--symmetries` given is [`crate::clap_errors`]' hint).
#[derive(Clone, Copy, Debug, Default, Args)]
pub struct PieceBoardFlags {
    /// The piece on every square of a solution: `superqueen` (or `amazon`) adds the knight's
    /// move to the queen's (`queens profile 10 --piece superqueen`).
    #[arg(long, value_enum, default_value_t = Piece::Queen, display_order = 900, hide_short_help = true)]
    piece: Piece,
    /// The board: `torus` wraps both diagonals around (`queens profile 7 --board torus`).
    #[arg(long, alias = "surface", value_enum, default_value_t = Surface::Plane, display_order = 901, hide_short_help = true)]
    board: Surface,
}

/// A set of the rules' flags as a command takes them: [`RulesFlags`] or [`PieceBoardFlags`].
pub trait RulesFlagSet: Args + FromArgMatches + Copy + Default {
    /// `--piece`, `--board` and `--symmetries` (`None` where not given or not taken).
    fn values(&self) -> (Piece, Surface, Option<Group>);
}

impl RulesFlagSet for RulesFlags {
    fn values(&self) -> (Piece, Surface, Option<Group>) {
        (self.piece, self.board, self.symmetries)
    }
}

impl RulesFlagSet for PieceBoardFlags {
    fn values(&self) -> (Piece, Surface, Option<Group>) {
        (self.piece, self.board, None)
    }
}

/// `--given` and `--blocked`: a partial board, whose completions `count` counts and `list`
/// lists (flattened into their arguments, last, so that the display order of the options
/// before them stays as it was).
#[derive(Clone, Copy, Debug, Default, Args)]
pub struct GivenArgs {
    /// Given queens: every solution counted or listed holds them. Chess squares (`"a8 e7"`:
    /// file a is column 0, rank N is row 0; `r0c4`, row and column from 0, for any N), or a
    /// partial board in another notation with a
    /// placeholder for an empty row: cols `"0 - - 5 - - - -"`, digits `1--6----`, board or
    /// leetcode rows of `Q`, `x` (blocked) and `.` (an empty row all dots); `@FILE` reads
    /// FILE (up to 1 MiB; `@-` stdin). Classes are under the symmetries that keep the givens
    /// and the blocked squares
    #[arg(long, value_name = "SQUARES", value_parser = squares_arg, allow_hyphen_values = true, display_order = 903, hide_short_help = true)]
    given: Option<SquaresArg>,
    /// Blocked squares: no piece of a solution stands on one. Chess squares (`"c1 d4"`), the
    /// cols or digits notation with `-` for a row with none, board or leetcode rows with `x`
    /// for each blocked square, or `@FILE` (`@-`: stdin)
    #[arg(long, value_name = "SQUARES", value_parser = squares_arg, allow_hyphen_values = true, display_order = 904, hide_short_help = true)]
    blocked: Option<SquaresArg>,
}

impl GivenArgs {
    /// Whether `--given` or `--blocked` was given.
    pub fn has_squares(&self) -> bool {
        self.given.is_some() || self.blocked.is_some()
    }

    /// The files `--given @FILE` and `--blocked @FILE` read: inputs no output may be.
    pub fn files(&self) -> [(&'static str, Option<&'static std::path::Path>); 2] {
        let file = |arg: Option<SquaresArg>| arg.and_then(|a| a.0.strip_prefix('@'));
        let path = |arg| file(arg).map(std::path::Path::new);
        [
            ("--given", path(self.given)),
            ("--blocked", path(self.blocked)),
        ]
    }

    /// The partial board of `--given` and `--blocked` on the n×n board, `None` without them.
    pub fn partial(&self, n: usize, rules: Rules) -> Result<Option<Partial>, CommandError> {
        if !self.has_squares() {
            return Ok(None);
        }
        // A file named on the command line that cannot be read is a usage error (exit 2), as
        // for the other inputs (classify, plot, merge, --known); so is a flag with no square.
        let text = |flag: &str, arg: Option<SquaresArg>| -> Result<String, CommandError> {
            let text = match arg.map(|a| a.0) {
                None => return Ok(String::new()),
                Some(t) => match t.strip_prefix('@') {
                    Some(path) => read_squares_once(path).map_err(|e| {
                        CommandError::Usage(format!("{flag} @{path}: cannot read '{path}': {e}"))
                    })?,
                    None => t.to_string(),
                },
            };
            match text.trim().is_empty() {
                true => Err(CommandError::Usage(format!(
                    "{flag}: no squares given: name at least one square, such as a8"
                ))),
                false => Ok(text),
            }
        };
        let given = text("--given", self.given)?;
        let blocked = text("--blocked", self.blocked)?;
        let refused = |flag: &str, e| CommandError::Usage(format!("{flag}: n = {n}: {e}"));
        // Each text read alone first, so that an error names the flag whose text it is in;
        // then together (a given on a blocked square is `--given`'s).
        let flag = if self.given.is_some() {
            "--given"
        } else {
            "--blocked"
        };
        // A board size the partial boards do not take is the first flag's to name.
        Partial::parse(n, rules, "", &blocked).map_err(|e| match e {
            GivenError::Size(_) => refused(flag, e),
            _ => refused("--blocked", e),
        })?;
        Partial::parse(n, rules, &given, &blocked)
            .map(Some)
            .map_err(|e| refused(flag, e))
    }
}

/// The most a file of squares (`--given @FILE`) may hold: a partial board of the largest
/// size, 32 rows of 32 squares, is about a KiB, so 1 MiB leaves room for any comments.
const MAX_SQUARES_FILE: u64 = 1 << 20;

/// The files of squares read so far, by path, with what reading each gave.
static SQUARES_READ: std::sync::Mutex<Vec<(String, Result<String, String>)>> =
    std::sync::Mutex::new(Vec::new());

/// [`read_squares`] once per path and run: the partial board is read for each board size
/// (`count 6-9 --given @-`), and stdin can be read only once (a file is not read again
/// either: every size gets the same squares).
fn read_squares_once(path: &str) -> Result<String, String> {
    let mut read = SQUARES_READ.lock().unwrap_or_else(|p| p.into_inner());
    if let Some((_, text)) = read.iter().find(|(p, _)| p == path) {
        return text.clone();
    }
    let text = read_squares(path).map_err(|e| e.to_string());
    read.push((path.to_string(), text.clone()));
    text
}

/// The text of the file `path` (`-`: stdin) of `--given @FILE` or `--blocked @FILE`, read to
/// at most [`MAX_SQUARES_FILE`] (an endless input, such as a device, stops there).
fn read_squares(path: &str) -> std::io::Result<String> {
    use queens::storage::bounded::{Overlong, read_to_string_at_most};
    let input = queens::console::destination::open_input(path)?;
    read_to_string_at_most(input, MAX_SQUARES_FILE).map_err(|e| {
        let why = match Overlong::find(&e) {
            Some(Overlong::File { .. }) => "it is larger than 1 MiB: not a partial board".into(),
            Some(Overlong::Line { line, .. }) => {
                format!("its line {line} is longer than 1 MiB: not a partial board")
            }
            None => return e,
        };
        std::io::Error::new(std::io::ErrorKind::InvalidData, why)
    })
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

/// The rules of a command whose `--board` already names a board (`classify`): `--piece`, and
/// the board's surface as `--surface` (also accepted as `--board`'s alias elsewhere), and
/// which of them were given on the command line (each one not given follows the rules a CSV
/// of the tool's names).
#[derive(Clone, Copy, Debug)]
pub struct SurfaceRulesArgs {
    flags: SurfaceRulesFlags,
    follow: FollowInput,
}

/// [`SurfaceRulesArgs`]'s flags as clap parses them.
#[derive(Clone, Copy, Debug, Args)]
struct SurfaceRulesFlags {
    /// The piece of the boards: `superqueen` (or `amazon`) adds the knight's move to the
    /// queen's; a board it does not allow is bad. A CSV of the tool's that names its rules
    /// (its `piece,board,group` columns) is classified under those, each of `--piece`,
    /// `--surface` and `--symmetries` given in place of its own.
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

/// The parts of the rules that follow the input: those whose flag was not given on the
/// command line.
fn follow(m: &ArgMatches) -> FollowInput {
    let open = |id| m.value_source(id) != Some(ValueSource::CommandLine);
    FollowInput {
        piece: open("piece"),
        surface: open("surface"),
        group: open("symmetries"),
    }
}

impl FromArgMatches for SurfaceRulesArgs {
    fn from_arg_matches(m: &ArgMatches) -> Result<Self, clap::Error> {
        Ok(SurfaceRulesArgs {
            flags: SurfaceRulesFlags::from_arg_matches(m)?,
            follow: follow(m),
        })
    }

    fn update_from_arg_matches(&mut self, m: &ArgMatches) -> Result<(), clap::Error> {
        self.flags.update_from_arg_matches(m)?;
        self.follow = follow(m);
        Ok(())
    }
}

impl Args for SurfaceRulesArgs {
    fn augment_args(cmd: Command) -> Command {
        SurfaceRulesFlags::augment_args(cmd)
    }

    fn augment_args_for_update(cmd: Command) -> Command {
        SurfaceRulesFlags::augment_args_for_update(cmd)
    }
}

impl SurfaceRulesArgs {
    /// The rules asked for (a group the board does not allow is left out: see
    /// [`SurfaceRulesArgs::check_group`]), except where the surface follows the input: there
    /// `--symmetries torus` is kept whatever the default surface, for the input to name the
    /// torus (or the run to refuse it, [`SURFACE_GROUP`]).
    pub fn rules(&self) -> Rules {
        let flags = &self.flags;
        match (self.follow.surface, flags.symmetries) {
            (true, Some(group)) => Rules {
                group,
                ..Rules::new(flags.piece, flags.surface)
            },
            _ => rules::rules(flags.piece, flags.surface, flags.symmetries),
        }
    }

    /// The parts of the rules that follow a CSV of the tool's that names its own: those of
    /// `--piece`, `--surface` and `--symmetries` not given.
    pub fn follow(&self) -> FollowInput {
        self.follow
    }

    /// Refuses `--symmetries torus` with `--surface plane`, in one line (without `--surface`
    /// the input may name the torus: [`SURFACE_GROUP`] once the first board shows it does not).
    pub fn check_group(&self) -> Result<(), String> {
        match self.follow.surface {
            true => Ok(()),
            false => rules::check_group(self.flags.surface, self.flags.symmetries, "--surface"),
        }
    }
}

/// The refusal of `--symmetries torus` for boards of the plane, where `--surface` was left to
/// the input and it named the plane, or nothing.
pub const SURFACE_GROUP: &str = "--symmetries torus needs boards of the torus (--surface \
    torus, or a list of the tool's that names them): the shifts of the torus do not keep the \
    solutions of the plane board";

/// The rules of a search (`--piece`, `--board`, and where the command takes it
/// `--symmetries`: the flag set `F`), and whether `--engine` was given on the command line
/// (read from the same matches, so that a default engine can give way).
#[derive(Clone, Copy, Debug, Default)]
pub struct RulesArgs<F = RulesFlags> {
    flags: F,
    engine_given: bool,
}

/// The rules of `profile`: no `--symmetries` ([`PieceBoardFlags`]).
pub type ProfileRulesArgs = RulesArgs<PieceBoardFlags>;

/// Whether the command has `--engine` and it was given on the command line.
fn engine_given(m: &ArgMatches) -> bool {
    m.ids().any(|id| id.as_str() == "engine")
        && m.value_source("engine") == Some(ValueSource::CommandLine)
}

impl<F: RulesFlagSet> FromArgMatches for RulesArgs<F> {
    fn from_arg_matches(m: &ArgMatches) -> Result<Self, clap::Error> {
        Ok(RulesArgs {
            flags: F::from_arg_matches(m)?,
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

impl<F: RulesFlagSet> Args for RulesArgs<F> {
    fn augment_args(cmd: Command) -> Command {
        listed_last(cmd, F::augment_args)
    }

    fn augment_args_for_update(cmd: Command) -> Command {
        listed_last(cmd, F::augment_args_for_update)
    }
}

impl<F: RulesFlagSet> RulesArgs<F> {
    /// The rules asked for.
    pub fn rules(&self) -> Rules {
        let (piece, board, symmetries) = self.flags.values();
        rules::rules(piece, board, symmetries)
    }

    /// Refuses `--symmetries torus` on the plane, in one line.
    pub fn check_group(&self) -> Result<(), String> {
        let (_, board, symmetries) = self.flags.values();
        rules::check_group(board, symmetries, "--board")
    }

    /// Refuses `--symmetries` in a command that puts nothing in classes under it (`why`:
    /// what the command does instead), in one line: taken and ignored, it would mislead.
    pub fn refuse_symmetries(&self, command: &str, why: &str) -> Result<(), String> {
        match self.flags.values().2 {
            Some(_) => Err(format!("--symmetries is not taken by {command}: {why}")),
            None => Ok(()),
        }
    }

    /// The engine that counts the rules ([`rules::engine`]: `asked`, or when `--engine` was
    /// left to its default and does not count them, the first engine that does).
    pub fn engine(&self, asked: Engine) -> Engine {
        rules::engine(&self.rules(), asked, self.engine_given)
    }

    /// Refuses the torus group on the plane ([`RulesArgs::check_group`]) and an engine given
    /// with `--engine` that does not count the rules ([`rules::check_engine`]), in one line.
    pub fn check(&self, asked: Engine) -> Result<(), String> {
        self.check_group()?;
        rules::check_engine(&self.rules(), asked, self.engine_given)
    }
}
