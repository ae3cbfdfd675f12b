//! The output arguments of the commands that write a table (`count`, `merge`, `verify`,
//! `profile`): one flattened group, [`Outputs`], built from the library's list of formats
//! ([`Format::ALL`]). Each format of a command's [`Layout`] is a `--NAME FILE` flag with its
//! help, and, where it has one, a value of `--format`; `-o FILE` and `--format` choose the main
//! output; `--columns` and `--sequence` are the options of the Markdown table and the b-file.
//! The stdout rule (at most one output on stdout) names the same flags. A format added to the
//! library is a flag of `count` and `merge` with nothing written here.

use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};
use clap::{Arg, ArgAction, ArgMatches, Args, Command, FromArgMatches};
use queens::formats::export::{Format, Info, Options, flags_sentence};
use queens::sequences::Sequence;
use std::marker::PhantomData;

mod notation;
pub use notation::{BoardNotationArg, ClassifyFormat, ListFormat};

/// What one command offers of the output group: its format flags and their help, `--columns`,
/// and where the flags stand in its help.
pub trait Layout: 'static {
    /// The command's format flags, in the order of its help.
    fn flags() -> Vec<&'static Info>;

    /// The help of `info`'s flag in this command (the format's own by default).
    fn help(info: &'static Info) -> &'static str {
        info.help
    }

    /// The help of `--columns`, where the command takes it (after its first flag).
    const COLUMNS: Option<&'static str> = None;

    /// Whether the format flags (and `--columns`, `--sequence`) lead the command's options in
    /// its help, ahead of the options declared before the group; `-o` and `--format` stay
    /// where the group is flattened.
    const LEAD: bool = false;

    /// The flags the stdout rule's message names (the command's own by default).
    fn stdout_rule() -> Vec<&'static str> {
        Self::flags().iter().map(|i| i.flag).collect()
    }
}

/// The infos of `formats`.
fn infos(formats: &[Format]) -> Vec<&'static Info> {
    formats.iter().map(|f| f.info()).collect()
}

/// `queens count`: every format, `--columns`, the flags first.
#[derive(Clone, Copy, Debug)]
pub struct CountLayout;

impl Layout for CountLayout {
    fn flags() -> Vec<&'static Info> {
        infos(Format::ALL)
    }
    const COLUMNS: Option<&'static str> = Some(
        "The columns of the table on stdout and of --markdown, in order: names from \
         n,total,classes,asymmetric,half_turn,quarter_turn,nodes,seconds,engine,kernel,threads,verified \
         or `all` [default: n to quarter_turn and verified, with engine, kernel, threads and the \
         time in one line under the table; --markdown: all]",
    );
    const LEAD: bool = true;
}

/// `queens merge`: every format and `--columns`.
#[derive(Clone, Copy, Debug)]
pub struct MergeLayout;

impl Layout for MergeLayout {
    fn flags() -> Vec<&'static Info> {
        infos(Format::ALL)
    }
    fn help(info: &'static Info) -> &'static str {
        match info.name {
            "csv" => {
                "Also write the merged table as CSV to FILE (`-`: stdout, which then carries \
                 only the CSV). CSV always has every column"
            }
            _ => info.help,
        }
    }
    const COLUMNS: Option<&'static str> =
        Some("The columns of the table on stdout and of --markdown (see `queens count --help`)");
}

/// `queens verify`: its rows as CSV, JSON and Markdown.
#[derive(Clone, Copy, Debug)]
pub struct VerifyLayout;

impl Layout for VerifyLayout {
    fn flags() -> Vec<&'static Info> {
        infos(&[Format::Csv, Format::Json, Format::Markdown])
    }
    fn help(info: &'static Info) -> &'static str {
        match info.name {
            "csv" => "Also write the rows as CSV (count --csv's columns) to FILE (`-`: stdout)",
            "json" => {
                "Also write the rows and run metadata as JSON (count --json's) to FILE (`-`: \
                 stdout)"
            }
            "markdown" => "Also write the rows as a Markdown table to FILE (`-`: stdout)",
            _ => info.help,
        }
    }
}

/// `queens profile`: its profiles as CSV, JSON and Markdown.
#[derive(Clone, Copy, Debug)]
pub struct ProfileLayout;

impl Layout for ProfileLayout {
    fn flags() -> Vec<&'static Info> {
        infos(&[Format::Csv, Format::Json, Format::Markdown])
    }
    fn help(info: &'static Info) -> &'static str {
        match info.name {
            "csv" => {
                "Also write the profile as CSV (`n,engine,depth,nodes,solutions`) to FILE (`-`: \
                 stdout, which then carries only the CSV)"
            }
            "json" => "Also write the profiles and run metadata as JSON to FILE (`-`: stdout)",
            "markdown" => {
                "Also write the profiles as a Markdown table (n, depth, nodes, solutions) to \
                 FILE (`-`: stdout)"
            }
            _ => info.help,
        }
    }
}

/// The outputs of a table command: a file per format flag, `-o` and `--format` (folded into
/// the flags: `--format csv -o t.csv` is `--csv t.csv`, without `-o` `--csv -`), `--columns`
/// and `--sequence`.
#[derive(Debug)]
pub struct Outputs<L> {
    /// The file of each flag of the layout, in its order (`-`: stdout).
    files: Vec<(&'static Info, Option<String>)>,
    /// `-o FILE`.
    output: Option<String>,
    /// The file the human table goes to (`-o FILE` with `--format human`).
    pub human_to: Option<String>,
    /// A usage message: `--format` and its own flag both given.
    conflict: Option<String>,
    /// `--columns`.
    columns: Option<Vec<usize>>,
    /// `--sequence`.
    sequence: Sequence,
    layout: PhantomData<L>,
}

/// The value parser of `--sequence`: the library's list of sequences ([`Sequence::ALL`]), by
/// A-number or alias, with their descriptions as help.
fn sequence_parser() -> impl TypedValueParser<Value = Sequence> {
    let values = Sequence::ALL.iter().map(|s| {
        PossibleValue::new(s.a_number())
            .aliases(s.alias())
            .help(s.description())
    });
    PossibleValuesParser::new(values)
        .map(|name| Sequence::from_name(&name).expect("clap checked the name against the list"))
}

/// The value parser of `--columns`: names of the table's columns.
fn parse_columns(s: &str) -> Result<Vec<usize>, String> {
    queens::formats::table::parse_columns(s)
}

impl<L: Layout> Outputs<L> {
    /// The main formats of the layout: those that are also values of `--format`.
    fn main_formats() -> Vec<&'static Info> {
        L::flags()
            .into_iter()
            .filter(|i| i.as_format.is_some())
            .collect()
    }

    /// The file `format`'s flag names, if given.
    pub fn file(&self, format: Format) -> Option<&str> {
        self.file_of(format.name())
    }

    /// The file of the flag of the format `name`, if given.
    fn file_of(&self, name: &str) -> Option<&str> {
        self.files
            .iter()
            .find(|(i, _)| i.name == name)
            .and_then(|(_, f)| f.as_deref())
    }

    /// Every format flag given, with its file, in the order of the flags.
    pub fn files(&self) -> impl Iterator<Item = (&'static Info, &str)> {
        self.files
            .iter()
            .filter_map(|(i, f)| f.as_deref().map(|f| (*i, f)))
    }

    /// Every output by the option that names it: each format flag, then `-o` (the human
    /// table's file), for the check that no output is also an input.
    pub fn named(&self) -> Vec<(&'static str, Option<&str>)> {
        let flags = self.files.iter().map(|(i, f)| (i.flag, f.as_deref()));
        flags.chain([("-o", self.human_to.as_deref())]).collect()
    }

    /// The flags of the exports, every format flag but `--csv`, as a message lists them:
    /// `--json, --markdown and --bfile`.
    pub fn exports_text(&self) -> String {
        let flags: Vec<&str> = (self.files.iter())
            .map(|(i, _)| i.flag)
            .filter(|&f| f != Format::Csv.info().flag)
            .collect();
        flags_sentence(&flags)
    }

    /// `--columns`, if given.
    pub fn columns(&self) -> Option<&[usize]> {
        self.columns.as_deref()
    }

    /// `--sequence`: the sequence of the b-file.
    pub fn sequence(&self) -> Sequence {
        self.sequence
    }

    /// What the formats need besides the rows: `--columns` (every column without it) and
    /// `--sequence`.
    pub fn options(&self) -> Options {
        let mut options = Options {
            sequence: self.sequence,
            ..Options::default()
        };
        if let Some(columns) = &self.columns {
            options.columns.clone_from(columns);
        }
        options
    }

    /// Whether `-o` sends the table to a file: stdout then carries none of it (not the human
    /// table beside a `--format csv -o t.csv` either).
    pub fn redirected(&self) -> bool {
        self.output.as_deref().is_some_and(|o| o != "-")
    }

    /// The usage message of a `--format` whose own flag is given too.
    pub fn check(&self) -> Result<(), String> {
        self.conflict.clone().map_or(Ok(()), Err)
    }

    /// The usage message of more than one output on stdout.
    pub fn stdout_rule(&self) -> String {
        format!(
            "only one of {} can write to stdout (-)",
            flags_sentence(&L::stdout_rule())
        )
    }

    /// Writes `--format NAME` (with `-o`'s FILE, or `-`) into the flag of that format, and
    /// `-o FILE` with `--format human` into [`Outputs::human_to`]; a flag given too is kept,
    /// and refused by [`Outputs::check`].
    fn fold(&mut self, format: Option<&'static Info>) {
        let Some(info) = format else {
            self.human_to = self.output.clone().filter(|o| o != "-");
            return;
        };
        let dest = self.output.clone().unwrap_or_else(|| "-".to_string());
        let slot = self
            .files
            .iter_mut()
            .find(|(i, _)| i.name == info.name)
            .map(|(_, f)| f)
            .expect("--format names a flag of the layout");
        match slot {
            Some(given) => {
                let (f, flag) = (info.name, info.flag);
                self.conflict = Some(format!(
                    "--format {f} and {flag} '{given}' both ask for {f}: give one (--format {f} \
                     -o FILE, or {flag} FILE)"
                ));
            }
            None => *slot = Some(dest),
        }
    }
}

impl<L: Layout> FromArgMatches for Outputs<L> {
    fn from_arg_matches(m: &ArgMatches) -> Result<Self, clap::Error> {
        let files = L::flags()
            .into_iter()
            .map(|i| (i, m.get_one::<String>(i.name).cloned()))
            .collect();
        let mut outputs = Outputs {
            files,
            output: m.get_one::<String>("output").cloned(),
            human_to: None,
            conflict: None,
            // Neither is an argument of every layout.
            columns: m
                .try_get_one::<Vec<usize>>("columns")
                .ok()
                .flatten()
                .cloned(),
            sequence: m
                .try_get_one::<Sequence>("sequence")
                .ok()
                .flatten()
                .copied()
                .unwrap_or(Options::default().sequence),
            layout: PhantomData,
        };
        let format = m
            .get_one::<String>("format")
            .and_then(|name| Self::main_formats().into_iter().find(|i| i.name == name));
        outputs.fold(format);
        Ok(outputs)
    }

    fn update_from_arg_matches(&mut self, m: &ArgMatches) -> Result<(), clap::Error> {
        *self = Self::from_arg_matches(m)?;
        Ok(())
    }
}

impl<L: Layout> Args for Outputs<L> {
    fn augment_args(cmd: Command) -> Command {
        let mut lead = Vec::new();
        for (k, info) in L::flags().into_iter().enumerate() {
            lead.push(
                Arg::new(info.name)
                    .long(info.name)
                    .value_name("FILE")
                    .action(ArgAction::Set)
                    .help(L::help(info)),
            );
            if k == 0
                && let Some(help) = L::COLUMNS
            {
                lead.push(
                    Arg::new("columns")
                        .long("columns")
                        .value_name("NAMES")
                        .action(ArgAction::Set)
                        .value_parser(parse_columns)
                        .help(help),
                );
            }
            if info.name == Format::Bfile.name() {
                lead.push(
                    Arg::new("sequence")
                        .long("sequence")
                        .value_name("SEQUENCE")
                        .action(ArgAction::Set)
                        .value_parser(sequence_parser())
                        .ignore_case(true)
                        .default_value("A000170")
                        .requires(info.name)
                        .help("The sequence the b-file lists, by its A-number (any case)"),
                );
            }
        }
        let mut cmd = cmd;
        if L::LEAD {
            // The flags go first, in the help (display orders are given in declaration
            // order) and in the list of arguments that completions follow: the options
            // declared before the group move down by as many places, and behind the flags
            // (`mut_arg` moves an argument to the end of the list).
            let before: Vec<(clap::Id, usize)> = cmd
                .get_arguments()
                .filter(|a| !a.is_positional())
                .map(|a| (a.get_id().clone(), a.get_display_order()))
                .collect();
            let count = lead.len();
            cmd = cmd.args(
                lead.into_iter()
                    .enumerate()
                    .map(|(k, a)| a.display_order(k)),
            );
            for (id, order) in before {
                cmd = cmd.mut_arg(id, |a| a.display_order(order + count));
            }
        } else {
            cmd = cmd.args(lead);
        }
        let mains = Self::main_formats();
        let main_flags: Vec<&str> = mains.iter().map(|i| i.flag).collect();
        let values = std::iter::once(
            PossibleValue::new("human").help("The table for reading (the command's own lines)"),
        )
        .chain(mains.iter().map(|i| {
            PossibleValue::new(i.name).help(i.as_format.expect("a main format has its help"))
        }));
        cmd.arg(
            Arg::new("output")
                .short('o')
                .long("output")
                .value_name("FILE")
                .action(ArgAction::Set)
                .help(
                    "Write the table to FILE instead of stdout, which then carries none of \
                         it (atomically; `-`: stdout)",
                ),
        )
        .arg(
            Arg::new("format")
                .long("format")
                .value_name("FORMAT")
                .action(ArgAction::Set)
                .value_parser(PossibleValuesParser::new(values))
                .default_value("human")
                .help(format!(
                    "The format of the table on stdout or in -o's FILE; {} FILE write more \
                         outputs at once",
                    flags_sentence(&main_flags)
                )),
        )
    }

    fn augment_args_for_update(cmd: Command) -> Command {
        Self::augment_args(cmd)
    }
}

#[cfg(test)]
mod tests;
