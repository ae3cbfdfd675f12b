//! The `-h` examples of each command (clap's `after_help`), applied by [`with_examples`]; the
//! one-line `-h` texts of the options are in [`crate::help`].

/// `queens -h`'s examples.
pub const MAIN_EXAMPLES: &str = "\
Examples:
  queens count 1-14                 a verified table for n = 1 to 14
  queens list 8 --classes           the 12 canonical solutions for n = 8
  queens list 8 | queens classify   canonical form and symmetry of each board

'queens --help' has more examples; 'queens COMMAND -h' the options of a command.";

/// The `-h` examples of each subcommand: its name on a line, then its examples, each
/// indented by two spaces.
const EXAMPLES: &str = "
count
  queens count 8                        one row, printed as a table
  queens count 4-12 --csv table.csv     a table on stdout, and the same as CSV in table.csv
  queens count 10-14 --piece superqueen   superqueens (amazons): OEIS A051223
  queens count 5-13 --board torus       queens on the torus: OEIS A051906
list
  queens list 8 --classes               the 12 canonical representatives
  queens list 8 --format cols1          counted from 1: 1 5 8 6 3 7 2 4
  queens list 10 --piece superqueen     the 4 superqueen solutions of n = 10
  queens list 7 --board torus --classes    the torus's 28 solutions in classes
verify
  queens verify                         n = 1 to 12
  queens verify 16 --two-ways           both plans of the symmetric engine must agree
classify
  queens classify 15863724 \"2 4 1 7 0 6 3 5\"    boards as arguments, each in any notation
  queens list 8 | queens classify       classify all 92 solutions read from stdin
  echo 15863724 | queens classify --format algebraic    the table with chess squares
profile
  queens profile 8                      1 8 42 140 344 568 550 312 92 by depth
  queens profile 12 --csv profile.csv   also write n,engine,depth,nodes,solutions
render
  queens render 8 --class 10 -o class10.svg     the 10th class (as numbered by list --classes)
  queens render 8 --all-classes -o classes.svg  the 12 classes of n = 8 in a grid
plot
  queens count 1-14 --csv t.csv && queens plot t.csv -o growth.svg
merge
  queens merge parts/part-*.csv              the merged table
  queens merge parts/*.csv --csv n18.csv     also write it as CSV
kernels
  queens kernels                     the kernels, whether this CPU runs each, what each needs
completions
  queens completions bash > queens.bash        then `source queens.bash`
man
  queens man > queens.1                 the main page; read it with `man ./queens.1`
";

/// `cmd` (the whole command line) with each subcommand's `-h` examples of [`EXAMPLES`] as its
/// `after_help`, under an `Examples:` line.
pub fn with_examples(mut cmd: clap::Command) -> clap::Command {
    for block in EXAMPLES
        .lines()
        .collect::<Vec<_>>()
        .chunk_by(|_, l| l.starts_with(' '))
    {
        if let [name, lines @ ..] = block
            && !lines.is_empty()
        {
            let text = format!("Examples:\n{}", lines.join("\n"));
            cmd = cmd.mut_subcommand(*name, |s| s.after_help(text));
        }
    }
    cmd
}
