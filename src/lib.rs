//! # queens
//!
//! Counting, listing and classifying the solutions of the n-queens problem.
//!
//! A solution places one queen per row; it is written as the list of columns of rows
//! `0..n` ([`board::Solution`]). Solutions are grouped into classes under the 8 symmetries of
//! the square ([`symmetry`]). A board size is split into numbered work units by a
//! [`plan::Plan`]; [`run`] counts units on many threads and sums their [`tally::Tally`]s;
//! [`table`] turns the sum into a verified [`table::Row`].

pub mod board;
pub mod checkpoint;
pub mod checksum;
pub mod classify;
pub mod cli;
pub mod commands;
pub mod export;
pub mod known;
pub mod machine;
pub mod merge;
pub mod ns;
pub mod output;
pub mod part;
pub mod part_row;
pub mod plan;
pub mod plot;
pub mod progress;
pub mod render;
pub mod run;
pub mod search;
pub mod stop;
pub mod svg;
pub mod symmetry;
pub mod table;
pub mod tally;
