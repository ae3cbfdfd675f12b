//! Every integration test in one binary (as ripgrep and hyperfine lay theirs out): one module
//! per area, the shared helpers in [`common`].

mod common;
mod running;

mod cli;
mod cli_style;
mod cluster_cli;
mod cols_parser;
mod coronal;
mod docs_examples;
mod engines;
mod foundations;
mod holes;
mod kernels;
mod notations;
mod oeis_tables;
mod parts;
mod pictures;
mod plots;
mod progress_gaps;
mod research;
mod robustness;
mod slurm;
mod streaming;
mod tables;
mod two_ways;
