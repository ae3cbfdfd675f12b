//! `queens man`: the manual page in roff, from clap_mangen, describing the command line as
//! [`crate::app::command`] builds it, so that it cannot drift from it.

use super::CommandError;
use crate::output::Destination;
use clap::Args;

/// The text under the options of `queens man --help`: the examples, the outputs, the exit codes.
pub const LONG_HELP: &str = "\
Examples:
  queens man > queens.1                 the main page; read it with `man ./queens.1`
  queens man -o man1                    every page: man1/queens.1, man1/queens-count.1, …

The pages hold the full --help texts: every option, example and exit code. To install them,
copy the folder's pages into a man1 folder of your MANPATH (e.g. ~/.local/share/man/man1).";

/// `queens man`.
#[derive(Debug, Args)]
pub struct ManArgs {
    /// Write one page per command into DIR (created if missing): queens.1, queens-count.1, …
    /// instead of the main page on stdout (`-o -`: the main page on stdout).
    #[arg(short, long, value_name = "DIR")]
    pub output: Option<std::path::PathBuf>,
}

/// Runs `queens man`: the main page on stdout (also with `-o -`), or every page into
/// `-o DIR`, each written atomically (a page is replaced whole or left as it was).
pub fn run(args: &ManArgs, cmd: clap::Command) -> Result<(), CommandError> {
    match &args.output {
        None => main_page(cmd),
        Some(dir) if dir.as_os_str() == "-" => main_page(cmd),
        Some(dir) => {
            // A file (or a link to one) in the folder's place is a mistake on the command
            // line, found before anything is written.
            if dir.exists() && !dir.is_dir() {
                return Err(CommandError::Usage(format!(
                    "man -o '{}': it is a file; -o takes a folder for the pages (man1/queens.1, \
                     man1/queens-count.1, …), or leave it out for the main page on stdout",
                    dir.display()
                )));
            }
            let failed = |e: std::io::Error| {
                CommandError::Io(format!(
                    "cannot write the manual pages into '{}': {e}",
                    dir.display()
                ))
            };
            // Every page rendered first, then each written whole (a full disk leaves no
            // page cut short: the pages written before it are whole, the others as they were).
            let pages = pages(cmd).map_err(failed)?;
            std::fs::create_dir_all(dir).map_err(failed)?;
            for (name, page) in pages {
                Destination::File(dir.join(name))
                    .write_with(|w| w.write_all(&page))
                    .map_err(failed)?;
            }
            Ok(())
        }
    }
}

/// The main page on stdout.
fn main_page(cmd: clap::Command) -> Result<(), CommandError> {
    let mut page = Vec::new();
    clap_mangen::Man::new(cmd).render(&mut page)?;
    super::to_stdout(&page)
}

/// Every page, by file name (`queens.1`, `queens-count.1`, …): the command's and each visible
/// subcommand's, as `clap_mangen::generate_to` names and renders them.
fn pages(cmd: clap::Command) -> std::io::Result<Vec<(String, Vec<u8>)>> {
    fn add(cmd: clap::Command, pages: &mut Vec<(String, Vec<u8>)>) -> std::io::Result<()> {
        for sub in cmd.get_subcommands().filter(|s| !s.is_hide_set()).cloned() {
            add(sub, pages)?;
        }
        let man = clap_mangen::Man::new(cmd);
        let mut page = Vec::new();
        man.render(&mut page)?;
        pages.push((man.get_filename(), page));
        Ok(())
    }
    let mut cmd = cmd.disable_help_subcommand(true);
    cmd.build();
    let mut pages = Vec::new();
    add(cmd, &mut pages)?;
    Ok(pages)
}
