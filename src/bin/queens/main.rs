//! The `queens` binary: parses the command line, dispatches, maps errors to exit codes.
//!
//! Everything command-line lives here, beside the library: the clap arguments ([`cli`]) mapped
//! onto library types, the thin commands ([`commands`]), the exports ([`exports`]), output
//! destinations ([`output`]), progress on stderr ([`progress`]) and signals ([`signals`]).

mod cli;
mod commands;
mod exports;
mod machine;
mod ns;
mod output;
mod progress;
mod signals;

use clap::Parser;
use clap::error::ErrorKind;
use cli::{Cli, Command};
use commands::CommandError;
use std::process::ExitCode;

/// Renders a clap error as one line: its text up to the first blank line, lines joined.
fn one_line(e: &clap::Error) -> String {
    let text = e.render().to_string();
    let head: Vec<&str> = text
        .lines()
        .take_while(|l| !l.trim().is_empty())
        .map(str::trim)
        .collect();
    format!("{} (see --help)", head.join(" "))
}

fn run(cli: &Cli) -> Result<(), CommandError> {
    match &cli.command {
        Command::Count(args) => commands::count::run(args, cli.quiet),
        Command::List(args) => commands::list::run(args),
        Command::Verify(args) => commands::verify::run(args, cli.quiet),
        Command::Classify(args) => commands::classify::run(args),
        Command::Profile(args) => commands::profile::run(args, cli.quiet),
        Command::Render(args) => commands::render::run(args),
        Command::Plot(args) => commands::plot::run(args),
        Command::Merge(args) => commands::merge::run(args, cli.quiet),
    }
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => match e.kind() {
            ErrorKind::DisplayHelp
            | ErrorKind::DisplayVersion
            | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
                let _ = e.print();
                return ExitCode::from(e.exit_code() as u8);
            }
            _ => {
                eprintln!("{}", one_line(&e));
                return ExitCode::from(2);
            }
        },
    };
    match run(&cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("queens: error: {e}");
            ExitCode::from(e.exit_code() as u8)
        }
    }
}
