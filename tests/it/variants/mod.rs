//! The variants of issue 40 (superqueens, queens on a torus, given queens and blocked squares),
//! checked before their engines exist: a plain reference written apart from the library
//! ([`oracle`]: brute force over permutations, a bitmask search with node counts, a pairwise
//! backtracking), orbit computations under each group ([`orbits`]), the published values
//! (`data/variants.csv`) reproduced ([`published`]), and the searches against one another on
//! every rules and on random givens and blocked squares ([`agreement`]).
//!
//! The oracle and the orbits do not use the library: the engines are checked against
//! [`oracle::bitmask`] (counts, nodes, solutions) and [`orbits::classes`] (classes by group);
//! [`library_rules`] names the library's rules of the oracle's.

mod agreement;
mod cli;
mod engines;
mod given;
pub mod oracle;
pub mod orbits;
mod outputs;
mod published;

use oracle::{Board, Piece};
use queens::rules::Rules;

/// The library's rules of the oracle's.
fn library_rules(rules: oracle::Rules) -> Rules {
    match (rules.piece, rules.board) {
        (Piece::Queen, Board::Plane) => Rules::QUEENS,
        (Piece::Superqueen, Board::Plane) => Rules::SUPERQUEENS,
        (Piece::Queen, Board::Torus) => Rules::TORUS_QUEENS,
        (Piece::Superqueen, Board::Torus) => Rules::TORUS_SUPERQUEENS,
    }
}

/// The library's count of `rules` for `n` by the plain search (the enumerate engine), on one
/// thread.
fn enumerate_count(rules: Rules, n: usize) -> queens::Counts {
    let counter = queens::Counter::new(n).rules(rules).threads(1);
    counter.engine(queens::Engine::Enumerate).count().unwrap()
}
