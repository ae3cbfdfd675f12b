//! The output arguments of every command that writes a table or a list (`count`, `merge`,
//! `verify`, `profile`, `classify`, `list`): one flattened group, [`Outputs`], built from the
//! library's list of formats ([`Format::ALL`]). Each format of a command's [`Layout`] is a
//! `--NAME FILE` flag with its help, and, where it has one, a value of `--format`; `-o FILE` and
//! `--format` choose the main output; `--columns` and `--sequence` are the options of the
//! Markdown table and the b-file. The stdout rule (at most one output on stdout) names the same
//! flags. A format added to the library is a flag of `count` and `merge` with nothing written
//! here.

use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};
use clap::parser::ValueSource;
use clap::{Arg, ArgAction, ArgMatches, Args, Command, FromArgMatches};
use queens::formats::export::request::{Given, Request};
use queens::formats::export::{Format, Info, flags_sentence};
use queens::sequences::Sequence;
use std::marker::PhantomData;
use std::ops::Deref;

/// What one command offers of the output group: its format flags and their help, the values
/// of `--format`, `--columns`, and where the flags stand in its help.
pub trait Layout: 'static {
    /// The command's format flags, in the order of its help.
    fn flags() -> Vec<&'static Info>;

    /// The help of `info`'s flag in this command (the format's own by default).
    fn help(info: &'static Info) -> &'static str {
        info.help
    }

    /// The values of `--format`, given those of its main formats (`human` and them by
    /// default); a value that is not a main format's chooses the command's own table.
    fn values(mains: Vec<PossibleValue>) -> Vec<PossibleValue> {
        let human =
            PossibleValue::new("human").help("The table for reading (the command's own lines)");
        [human].into_iter().chain(mains).collect()
    }

    /// The help of `--format`, before the sentence on the flags that write more outputs.
    const FORMAT_HELP: &'static str = "The format of the table on stdout or in -o's FILE";

    /// `--format`'s default, if it has one.
    const DEFAULT: Option<&'static str> = Some("human");

    /// The argument the format flags need, if any (`list`'s `--classes`).
    const REQUIRES: Option<&'static str> = None;

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
pub fn infos(formats: &[Format]) -> Vec<&'static Info> {
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
            _ => "Also write the rows as a Markdown table to FILE (`-`: stdout)",
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
            _ => {
                "Also write the profiles as a Markdown table (n, depth, nodes, solutions) to \
                 FILE (`-`: stdout)"
            }
        }
    }
}

/// The outputs of a command, as its [`Layout`] offers them: the library's [`Request`] (which
/// it dereferences to), read from the command line.
#[derive(Debug)]
pub struct Outputs<L> {
    request: Request,
    layout: PhantomData<L>,
}

impl<L> Deref for Outputs<L> {
    type Target = Request;
    fn deref(&self) -> &Request {
        &self.request
    }
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

impl<L: Layout> FromArgMatches for Outputs<L> {
    fn from_arg_matches(m: &ArgMatches) -> Result<Self, clap::Error> {
        let files = L::flags().into_iter();
        let explicit = m.value_source("format") == Some(ValueSource::CommandLine);
        let request = Request::new(Given {
            files: files
                .map(|i| (i, m.get_one::<String>(i.name).cloned()))
                .collect(),
            output: m.get_one::<String>("output").cloned(),
            format: m.get_one::<String>("format").map(|f| (f.clone(), explicit)),
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
                .copied(),
            stdout_flags: L::stdout_rule(),
        });
        let layout = PhantomData;
        Ok(Outputs { request, layout })
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
            let flag = Arg::new(info.name)
                .long(info.name)
                .value_name("FILE")
                .action(ArgAction::Set)
                .help(L::help(info));
            lead.push(match L::REQUIRES {
                Some(other) => flag.requires(other),
                None => flag,
            });
            if k == 0
                && let Some(help) = L::COLUMNS
            {
                lead.push(
                    Arg::new("columns")
                        .long("columns")
                        .value_name("NAMES")
                        .action(ArgAction::Set)
                        .value_parser(queens::formats::table::parse_columns)
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
                        // In --help only: its possible values (17 A-numbers) would take -h
                        // past a screen.
                        .hide_short_help(true)
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
        let mains: Vec<&Info> = (L::flags().into_iter())
            .filter(|i| i.as_format.is_some())
            .collect();
        let main_flags: Vec<&str> = mains.iter().map(|i| i.flag).collect();
        let values = mains.iter().map(|i| {
            PossibleValue::new(i.name).help(i.as_format.expect("a main format has its help"))
        });
        let format = Arg::new("format")
            .long("format")
            .value_name("FORMAT")
            .action(ArgAction::Set)
            .value_parser(PossibleValuesParser::new(L::values(values.collect())))
            .help(format!(
                "{}; {} FILE write more outputs at once",
                L::FORMAT_HELP,
                flags_sentence(&main_flags)
            ));
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
        .arg(match L::DEFAULT {
            Some(default) => format.default_value(default),
            None => format,
        })
    }

    fn augment_args_for_update(cmd: Command) -> Command {
        Self::augment_args(cmd)
    }
}
