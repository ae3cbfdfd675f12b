//! What a command line asks of a command's outputs, resolved: [`Request`]. A file per format
//! flag (`--csv FILE`, `-`: stdout), `-o FILE`, and `--format` folded into the flags
//! (`--format csv -o t.csv` is `--csv t.csv`, without `-o` `--csv -`); the rule that at most
//! one output goes to stdout; what the formats need besides the rows ([`Options`]).

use super::{Info, Options, flags_sentence};
use crate::sequences::Sequence;

/// The outputs a command line asks for (see the module documentation).
#[derive(Clone, Debug)]
pub struct Request {
    /// The file of each format flag, in the order of the flags (`-`: stdout).
    files: Vec<(&'static Info, Option<String>)>,
    /// `-o FILE`.
    output: Option<String>,
    /// `--format`, where given and not a format of a flag (the command's own table: `human`,
    /// a notation).
    table_format: Option<String>,
    /// The flag `--format` was folded into, where it names a format of a flag
    /// (`--format csv`: `--csv`).
    folded: Option<&'static Info>,
    /// The file the human table goes to (`-o FILE` with `--format human`).
    pub human_to: Option<String>,
    /// A usage message: `--format` and its own flag both given.
    conflict: Option<String>,
    /// `--columns`.
    columns: Option<Vec<usize>>,
    /// `--sequence`.
    sequence: Sequence,
    /// The flags the stdout rule names.
    stdout_flags: Vec<&'static str>,
}

/// What [`Request::new`] reads: the arguments as given.
#[derive(Clone, Debug, Default)]
pub struct Given {
    /// The file of each format flag, in the order of the flags.
    pub files: Vec<(&'static Info, Option<String>)>,
    /// `-o FILE`.
    pub output: Option<String>,
    /// `--format` (its default too), and whether the command line gave it.
    pub format: Option<(String, bool)>,
    /// `--columns`.
    pub columns: Option<Vec<usize>>,
    /// `--sequence`.
    pub sequence: Option<Sequence>,
    /// The flags the stdout rule names.
    pub stdout_flags: Vec<&'static str>,
}

impl Request {
    /// The request of `given`: `--format NAME` of a flag's format (with `-o`'s FILE, or `-`)
    /// is written into that flag, and `-o FILE` with any other `--format` into
    /// [`Request::human_to`]; a flag given too is kept, and refused by [`Request::check`].
    pub fn new(given: Given) -> Request {
        let main = given.format.as_ref().and_then(|(name, _)| {
            let flags = given.files.iter().map(|(i, _)| *i);
            flags
                .filter(|i| i.as_format.is_some())
                .find(|i| i.name == *name)
        });
        let mut request = Request {
            table_format: (given.format)
                .filter(|(_, explicit)| main.is_none() && *explicit)
                .map(|(name, _)| name),
            files: given.files,
            output: given.output,
            folded: main,
            human_to: None,
            conflict: None,
            columns: given.columns,
            sequence: given.sequence.unwrap_or(Options::default().sequence),
            stdout_flags: given.stdout_flags,
        };
        let Some(info) = main else {
            request.human_to = request.output.clone().filter(|o| o != "-");
            return request;
        };
        let dest = request.output.clone().unwrap_or_else(|| "-".to_string());
        let slot = (request.files.iter_mut())
            .find(|(i, _)| i.name == info.name)
            .map(|(_, f)| f)
            .expect("the format is a flag's");
        match slot {
            Some(given) => {
                let (f, flag) = (info.name, info.flag);
                request.conflict = Some(format!(
                    "--format {f} and {flag} '{given}' both ask for {f}: give one (--format {f} \
                     -o FILE, or {flag} FILE)"
                ));
            }
            None => *slot = Some(dest),
        }
        request
    }

    /// The file `format`'s flag names, if given.
    pub fn file(&self, format: super::Format) -> Option<&str> {
        let name = format.name();
        self.files().find(|(i, _)| i.name == name).map(|(_, f)| f)
    }

    /// Every format flag given, with its file, in the order of the flags.
    pub fn files(&self) -> impl Iterator<Item = (&'static Info, &str)> {
        let given = self.files.iter();
        given.filter_map(|(i, f)| f.as_deref().map(|f| (*i, f)))
    }

    /// Every output by the option that names it: each format flag, then `-o` (the human
    /// table's file), for the check that no output is also an input.
    pub fn named(&self) -> Vec<(&'static str, Option<&str>)> {
        let flags = self.files.iter().map(|(i, f)| (i.flag, f.as_deref()));
        flags.chain([("-o", self.human_to.as_deref())]).collect()
    }

    /// The option as the command line wrote it that asked for the output of `flag` (a format
    /// flag, as [`Request::named`] names it): `--format csv` where `--format` was folded into
    /// `--csv`, else `flag` itself; for messages that refuse an output.
    pub fn written(&self, flag: &str) -> String {
        match self.folded {
            Some(info) if info.flag == flag => format!("--format {}", info.name),
            _ => flag.to_string(),
        }
    }

    /// The flags of the exports, every format flag but `--csv`, as a message lists them:
    /// `--json, --markdown and --bfile`.
    pub fn exports_text(&self) -> String {
        let flags = self.files.iter().map(|(i, _)| i.flag);
        flags_sentence(&flags.filter(|&f| f != "--csv").collect::<Vec<_>>())
    }

    /// `--columns`, if given.
    pub fn columns(&self) -> Option<&[usize]> {
        self.columns.as_deref()
    }

    /// `--sequence`: the sequence of the b-file.
    pub fn sequence(&self) -> Sequence {
        self.sequence
    }

    /// `--format`, where given and not a flag's format: `human`, or a notation of the command.
    pub fn table_format(&self) -> Option<&str> {
        self.table_format.as_deref()
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
        let flags = flags_sentence(&self.stdout_flags);
        format!("only one of {flags} can write to stdout (-)")
    }

    /// Where a command whose own table gives way to the format flags (`classify`, `list`)
    /// writes that table: `-o`'s file, or stdout where `-o -` or `--format` asks for it or no
    /// flag is given; `None` where only flags are given or `--format` names a flag's format.
    pub fn table_to(&self) -> Option<&str> {
        let asked = self.table_format.is_some() || self.output.is_some();
        match &self.human_to {
            Some(file) => Some(file),
            None => {
                (self.folded.is_none() && (asked || self.files().next().is_none())).then_some("-")
            }
        }
    }
}

#[cfg(test)]
mod tests {
    //! The format seam from the request's side (moved from the binary's output-group tests):
    //! a format added to the list (here a TSV format that exists only in this test) is
    //! folded from `--format`, refused beside its own flag, and named by the stdout rule, as
    //! the library's formats are.

    use super::*;
    use crate::formats::export::Format;

    /// What a TSV format's file would add: its `INFO` (a request writes nothing, so CSV's
    /// exporter stands in for its own).
    static TSV: Info = Info {
        name: "tsv",
        flag: "--tsv",
        help: "Also write n and total as TSV to FILE (`-`: stdout)",
        as_format: Some("Tab-separated n and total, as `--tsv` writes it"),
        exporter: |options| (Format::Csv.info().exporter)(options),
    };

    /// The request of `count`'s flags and TSV, with `tsv`'s file, `-o` and `--format`.
    fn request(tsv: Option<&str>, output: Option<&str>, format: Option<&str>) -> Request {
        let mut files: Vec<_> = (Format::ALL.iter()).map(|f| (f.info(), None)).collect();
        files.push((&TSV, tsv.map(String::from)));
        let stdout_flags = files.iter().map(|(i, _)| i.flag).collect();
        Request::new(Given {
            files,
            output: output.map(String::from),
            format: format.map(|f| (f.to_string(), true)),
            stdout_flags,
            ..Given::default()
        })
    }

    #[test]
    fn a_format_added_to_the_list_is_folded_from_format_and_named_by_the_stdout_rule() {
        let flag = request(Some("t.tsv"), None, None);
        assert_eq!(
            flag.files().map(|(i, f)| (i.name, f)).collect::<Vec<_>>(),
            [("tsv", "t.tsv")]
        );
        assert_eq!(flag.file(Format::Csv), None);
        assert_eq!(flag.table_to(), None);

        // `--format tsv` is `--tsv -`, `--format tsv -o FILE` `--tsv FILE`.
        let folded = request(None, None, Some("tsv"));
        assert_eq!(folded.files().map(|(_, f)| f).collect::<Vec<_>>(), ["-"]);
        assert_eq!(folded.table_format(), None);
        let to_file = request(None, Some("t.tsv"), Some("tsv"));
        assert_eq!(
            to_file.files().map(|(_, f)| f).collect::<Vec<_>>(),
            ["t.tsv"]
        );
        assert!(to_file.redirected());

        assert_eq!(
            flag.stdout_rule(),
            "only one of --csv, --json, --markdown, --bfile and --tsv can write to stdout (-)"
        );
        // And `--format tsv` beside its own flag is refused, as for the library's formats.
        let twice = request(Some("x.tsv"), None, Some("tsv"));
        assert_eq!(
            twice.check().unwrap_err(),
            "--format tsv and --tsv 'x.tsv' both ask for tsv: give one (--format tsv -o FILE, \
             or --tsv FILE)"
        );
        assert_eq!(flag.check(), Ok(()));
    }
}
