//! `queens completions SHELL`: a shell's completion script, from clap_complete, describing
//! the command line as [`crate::app::command`] builds it, so that it cannot drift from it.

use super::CommandError;
use clap::Args;

/// The text under the options of `queens completions --help`: the examples, the outputs, the exit codes.
pub const LONG_HELP: &str = "\
Examples:
  queens completions bash > queens.bash        then `source queens.bash`, or copy it to
                                               ~/.local/share/bash-completion/completions/queens
  queens completions zsh > _queens             into a folder of $fpath
  queens completions fish > queens.fish        into ~/.config/fish/completions/
  queens completions powershell > queens.ps1   then `. ./queens.ps1` in your profile

The script completes subcommands, options and their values (engines, kernels, notations,
sequences), as this version of queens defines them: regenerate it after an upgrade.";

/// `queens completions`.
#[derive(Debug, Args)]
pub struct CompletionsArgs {
    /// The shell to write the completion script for.
    #[arg(value_enum, value_name = "SHELL")]
    pub shell: clap_complete::Shell,
}

/// Runs `queens completions SHELL`: the script on stdout.
pub fn run(args: &CompletionsArgs, mut cmd: clap::Command) -> Result<(), CommandError> {
    // Generated into memory first: clap_complete panics on a failed write.
    let mut script = Vec::new();
    clap_complete::generate(args.shell, &mut cmd, "queens", &mut script);
    super::to_stdout(&script)
}
