//! The rules a command line asks for (`--piece`, `--board` or `--surface`, `--symmetries`):
//! their classes' group ([`rules`], [`check_group`]), the engine that counts them ([`engine`],
//! [`check_engine`]), and a board given on the command line checked under them
//! ([`check_board`]).

use crate::board::Solution;
use crate::plan::Engine;
use crate::rules::{Group, Piece, Rules, Surface};

/// The rules of `piece` on `board`, their classes under `symmetries` (the board's own group
/// when not given, or when the board does not allow it: [`check_group`] refuses that).
pub fn rules(piece: Piece, board: Surface, symmetries: Option<Group>) -> Rules {
    let rules = Rules::new(piece, board);
    symmetries.map_or(rules, |group| rules.under(group).unwrap_or(rules))
}

/// Refuses the torus group on the plane board, in one line (`board_flag`: the flag that names
/// the board, `--board` or `--surface`).
pub fn check_group(board: Surface, symmetries: Option<Group>, flag: &str) -> Result<(), String> {
    match (board, symmetries) {
        (Surface::Plane, Some(Group::Torus)) => Err(format!(
            "--symmetries torus needs {flag} torus: the shifts of the torus do not keep the \
             solutions of the plane board"
        )),
        _ => Ok(()),
    }
}

/// The engine that counts `rules`: `asked` if it counts them ([`Engine::supports`]) or was
/// `given` on the command line; else (`--engine` left to its default) the first that does.
pub fn engine(rules: &Rules, asked: Engine, given: bool) -> Engine {
    if asked.supports(rules) || given {
        return asked;
    }
    Engine::ALL
        .into_iter()
        .find(|e| e.supports(rules))
        .unwrap_or(asked)
}

/// Refuses an engine given with `--engine` that does not count `rules`, in one line naming
/// those that do.
pub fn check_engine(rules: &Rules, asked: Engine, given: bool) -> Result<(), String> {
    if engine(rules, asked, given).supports(rules) {
        return Ok(());
    }
    let counts: Vec<&str> = Engine::ALL
        .into_iter()
        .filter(|e| e.supports(rules))
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

/// Refuses a board given on the command line (`what`: its option) that is not a solution
/// under `rules` (read as a queens' board, it may still break the knight's or the torus's
/// rule), in one line naming the pair that attacks.
pub fn check_board(board: Option<&Solution>, rules: &Rules, what: &str) -> Result<(), String> {
    match board.map(|b| crate::board::validate(b.cols(), rules)) {
        Some(Err(e)) => Err(format!(
            "{what}: not a solution for --piece {} --board {}: {e}",
            rules.piece.name(),
            rules.surface.name()
        )),
        _ => Ok(()),
    }
}
