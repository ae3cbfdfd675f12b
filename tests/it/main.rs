//! Every integration test in one binary (as ripgrep and hyperfine lay theirs out): one module
//! per area, the shared helpers in [`common`].

mod common;
mod running;

mod bin_moved;
mod bin_moved2;
mod checkpoints;
mod classify;
mod cli;
mod cli_style;
mod cluster;
mod cols_parser;
mod conveniences;
mod docs_examples;
mod engines;
mod exports;
mod foundations;
mod grammar;
mod inputs;
mod kept;
mod kernels;
mod known_and_groups;
mod layers;
mod new_terms;
mod notations;
mod outputs;
mod overlaps;
mod parts;
mod pictures;
mod plots;
mod profile;
mod progress;
mod second_plans;
mod signals;
mod slurm;
mod tables;
mod two_ways;
mod variants;
