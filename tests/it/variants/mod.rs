//! The variants of issue 40 (superqueens, queens on a torus, given queens and blocked squares),
//! checked before their engines exist: a plain reference written apart from the library
//! ([`oracle`]: brute force over permutations, a bitmask search with node counts, a pairwise
//! backtracking), orbit computations under each group ([`orbits`]), the published values
//! (`data/variants.csv`) reproduced ([`published`]), and the searches against one another on
//! every rules and on random givens and blocked squares ([`agreement`]).
//!
//! Nothing here uses the library: the engines of issue 40 are to be checked against
//! [`oracle::bitmask`] (counts, nodes, solutions) and [`orbits::classes`] (classes by group).

mod agreement;
mod cli;
mod engines;
mod given;
pub mod oracle;
pub mod orbits;
mod outputs;
mod published;
