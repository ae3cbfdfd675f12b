//! `--piece` and `--board`: the rules a search counts ([`queens::rules::Rules`]), one flattened
//! argument group for every command that searches (flattened into [`crate::cli::SearchArgs`]),
//! and the engine they leave: an engine left to its default that does not count the rules
//! gives way to one that does; one asked for with `--engine` is refused in one line.

use clap::parser::ValueSource;
use clap::{ArgMatches, Args, Command, FromArgMatches, ValueEnum};
use queens::plan::Engine;
use queens::rules::{Group, Piece, Rules, Surface};

/// `--piece`: the command line's names of [`Piece`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum PieceArg {
    /// The queen: any distance along its row, its column and both diagonals.
    Queen,
    /// The superqueen (also `amazon`): the queen's moves and the knight's (OEIS A051223).
    #[value(alias = "amazon")]
    Superqueen,
}

/// `--board`: the command line's names of [`Surface`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum BoardArg {
    /// The n×n board: lines end at its edges.
    Plane,
    /// The n×n torus: both diagonals (and a knight's move) wrap around (queens: OEIS A051906).
    Torus,
}

/// `--symmetries`: the command line's names of [`Group`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum SymmetriesArg {
    /// The 8 rotations and reflections of the square.
    Square,
    /// The square's 8 with the n² shifts of the torus (the torus board only).
    Torus,
}

/// The three flags as clap parses them (in `--help`; `-h` keeps to a screen).
#[derive(Clone, Copy, Debug, Args)]
struct RulesFlags {
    /// The piece on every square of a solution: `superqueen` (or `amazon`) adds the knight's
    /// move to the queen's (`queens count 10-14 --piece superqueen`). Counted by the
    /// enumerate engine.
    #[arg(long, value_enum, default_value_t = PieceArg::Queen, display_order = 900, hide_short_help = true)]
    piece: PieceArg,
    /// The board: `torus` wraps both diagonals around (`queens count 5-13 --board torus`).
    /// Counted by the enumerate engine; classes under the torus group (`--symmetries`).
    #[arg(long, alias = "surface", value_enum, default_value_t = BoardArg::Plane, display_order = 901, hide_short_help = true)]
    board: BoardArg,
    /// The group of the classes: `square` (the square's 8 symmetries) or `torus` (those with
    /// the n² shifts of the torus, OEIS A053994: the default on `--board torus`; refused on
    /// the plane).
    #[arg(long, value_enum, display_order = 902, hide_short_help = true)]
    symmetries: Option<SymmetriesArg>,
}

/// The rules of a command whose `--board` already names a board (`classify`): `--piece`, and
/// the board's surface as `--surface` (also accepted as `--board`'s alias elsewhere).
#[derive(Clone, Copy, Debug, Args)]
pub struct SurfaceRulesArgs {
    /// The piece of the boards: `superqueen` (or `amazon`) adds the knight's move to the
    /// queen's; a board it does not allow is bad.
    #[arg(long, value_enum, default_value_t = PieceArg::Queen, display_order = 900, hide_short_help = true)]
    piece: PieceArg,
    /// The board's surface: `torus` wraps both diagonals around (as `--board torus` on the
    /// commands that count).
    #[arg(long, value_enum, default_value_t = BoardArg::Plane, display_order = 901, hide_short_help = true)]
    surface: BoardArg,
    /// The group of the classes: `square` (the square's 8 symmetries) or `torus` (those with
    /// the n² shifts of the torus: the default on `--surface torus`; refused on the plane).
    #[arg(long, value_enum, display_order = 902, hide_short_help = true)]
    symmetries: Option<SymmetriesArg>,
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
fn group_check(
    board: BoardArg,
    symmetries: Option<SymmetriesArg>,
    board_flag: &str,
) -> Result<(), String> {
    match (board, symmetries) {
        (BoardArg::Plane, Some(SymmetriesArg::Torus)) => Err(format!(
            "--symmetries torus needs {board_flag} torus: the shifts of the torus do not keep \
             the solutions of the plane board"
        )),
        _ => Ok(()),
    }
}

/// The rules of a piece and a board as the command line names them, with their classes under
/// `symmetries` (the board's own group when not given, or when the board does not allow it).
fn rules_of(piece: PieceArg, board: BoardArg, symmetries: Option<SymmetriesArg>) -> Rules {
    let piece = match piece {
        PieceArg::Queen => Piece::Queen,
        PieceArg::Superqueen => Piece::Superqueen,
    };
    let surface = match board {
        BoardArg::Plane => Surface::Plane,
        BoardArg::Torus => Surface::Torus,
    };
    let rules = Rules::new(piece, surface);
    let group = match symmetries {
        None => return rules,
        Some(SymmetriesArg::Square) => Group::Square,
        Some(SymmetriesArg::Torus) => Group::Torus,
    };
    rules.under(group).unwrap_or(rules)
}

/// The rules of a search (`--piece`, `--board`), and whether `--engine` was given on the
/// command line (read from the same matches, so that a default engine can give way).
#[derive(Clone, Copy, Debug)]
pub struct RulesArgs {
    flags: RulesFlags,
    engine_given: bool,
}

impl Default for RulesArgs {
    fn default() -> RulesArgs {
        RulesArgs {
            flags: RulesFlags {
                piece: PieceArg::Queen,
                board: BoardArg::Plane,
                symmetries: None,
            },
            engine_given: false,
        }
    }
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

/// Refuses `--bfile` (`asked`) for rules other than the queens', in one line: its sequences
/// (A000170, A002562, …) are the queens', and a variant's values under their A-numbers would
/// be wrong figures.
pub fn check_bfile(rules: &Rules, asked: bool) -> Result<(), String> {
    if !asked || rules.is_queens() {
        return Ok(());
    }
    Err(format!(
        "--bfile writes the queens' sequences (A000170 and its kin); no b-file of --piece {} \
         --board {} is written yet: leave out --bfile",
        rules.piece.name(),
        rules.surface.name()
    ))
}
