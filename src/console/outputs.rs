//! The outputs a command line asks for ([`Request`]), resolved into destinations checked
//! before any work, under one stdout rule (at most one output goes to stdout; a message names
//! the flags): [`targets`] for a command whose own table gives way to the format flags
//! (`classify`, `list`), [`Destinations`] for one that writes its table beside them
//! (`profile`), and [`TableOutputs`] for a table of result rows (`count`, `merge`, `verify`),
//! with the exporters of its flags. Each compares every output of the request with the
//! others and with the command's inputs ([`refuse_outputs_that_are_inputs`]), so that no
//! command can leave an input out of the rule.

use super::destination::{Body, Destination, deliver, refuse_outputs_that_are_inputs};
use crate::formats::export::request::Request;
use crate::formats::export::{Exporter, Format, RunMeta};
use crate::formats::table::{self, Row};
use std::io::Write;
use std::path::Path;

/// The files a command reads, by the option that names them (`("--known", path)`; `None`:
/// the option not given), which none of its outputs may be.
pub type Inputs<'a> = [(&'a str, Option<&'a Path>)];

/// Checks each of `outputs` before any work, in order: its format (`None`: the command's own
/// table), the flag a message names it by (none: the message is the destination's own), its
/// file (`-`: stdout). A usage message for an empty name, two outputs of `request` on one
/// file or one that is also one of the `inputs` ([`refuse_outputs_that_are_inputs`]), the
/// first that cannot be written, or more than one on stdout ([`Request::stdout_rule`]).
fn checked<'a>(
    request: &Request,
    inputs: &Inputs,
    outputs: impl IntoIterator<Item = (Option<Format>, Option<&'static str>, &'a str)>,
) -> Result<Vec<(Option<Format>, Destination)>, String> {
    refuse_outputs_that_are_inputs(&request.named(), inputs)?;
    let mut checked = Vec::new();
    for (format, flag, file) in outputs {
        let dest = Destination::checked(file)
            .map_err(|e| flag.map_or(e.clone(), |flag| format!("{flag}: {e}")))?;
        checked.push((format, dest));
    }
    let on_stdout = checked.iter().filter(|(_, d)| *d == Destination::Stdout);
    if on_stdout.count() > 1 {
        return Err(request.stdout_rule());
    }
    Ok(checked)
}

/// The outputs of a command whose own table gives way to the format flags (`classify`,
/// `list`): the table (`None`, where [`Request::table_to`] sends it), then each flag's
/// format, every destination checked before any work; a usage message for a
/// [`Request::check`] conflict, an output that is another's file or one of the `inputs`, a
/// destination that cannot be written (named by its flag), or more than one output on stdout.
pub fn targets(
    request: &Request,
    inputs: &Inputs,
) -> Result<Vec<(Option<Format>, Destination)>, String> {
    request.check()?;
    let table = request.table_to().map(|file| (None, None, file));
    let flags = (request.files()).map(|(i, file)| (Format::named(i.name), Some(i.flag), file));
    checked(request, inputs, table.into_iter().chain(flags))
}

/// The destinations of a command that writes its own table beside the format flags, checked.
#[derive(Debug)]
pub struct Destinations {
    /// Each format flag given, with its destination, in the order of the flags.
    pub files: Vec<(Format, Destination)>,
    /// `-o FILE` with `--format human`: the human table goes there.
    pub human_file: Option<Destination>,
    /// Whether the human table goes to stdout: no format flag writes there, and no `-o FILE`.
    pub human_on_stdout: bool,
}

impl Destinations {
    /// Checks every destination of `request` before any work: each against the others and
    /// the `inputs` ([`refuse_outputs_that_are_inputs`]), the format flags in their order (a
    /// message names the flag, but `--csv`'s, the table's own), at most one on stdout, then
    /// `-o`'s file.
    pub fn check(request: &Request, inputs: &Inputs) -> Result<Destinations, String> {
        let csv = Format::Csv.name();
        let flags = (request.files()).map(|(i, file)| {
            (
                Format::named(i.name),
                (i.name != csv).then_some(i.flag),
                file,
            )
        });
        let files: Vec<(Format, Destination)> = (checked(request, inputs, flags)?.into_iter())
            .map(|(format, dest)| (format.expect("a flag's format"), dest))
            .collect();
        let human_file = request.human_to.as_deref().map(Destination::checked);
        let human_file = human_file.transpose()?;
        Ok(Destinations {
            human_on_stdout: !request.redirected()
                && files.iter().all(|(_, d)| *d != Destination::Stdout),
            files,
            human_file,
        })
    }

    /// Writes a command's result to every destination ([`deliver`]): the CSV first, then the
    /// human table (`human`; on stdout unless `streamed` there already, or to `-o`'s file),
    /// then the other flags, each in its format as `file` writes it; each tried whatever
    /// became of the others, and the table on stdout where a file failed and no output has
    /// stdout. `what` names the result in the message (`rows for n = 8`).
    pub fn deliver<B>(
        &self,
        (human, streamed): (Body, bool),
        file: impl Fn(Format) -> B,
        what: &str,
    ) -> std::io::Result<()>
    where
        B: Fn(&mut dyn Write) -> std::io::Result<()>,
    {
        let bodies: Vec<_> = (self.files.iter())
            .map(|(f, d)| (*f == Format::Csv, d, file(*f)))
            .collect();
        let pick = |csv: bool| -> Vec<(&Destination, Body)> {
            let picked = bodies.iter().filter(|b| b.0 == csv);
            picked.map(|(_, d, body)| (*d, body as Body)).collect()
        };
        let table = (self.human_file.as_ref(), self.human_on_stdout, human);
        deliver_table(&pick(true), table, &pick(false), streamed, what)
    }

    /// The destination of `format`'s flag, if given.
    pub fn file(&self, format: Format) -> Option<&Destination> {
        self.files
            .iter()
            .find_map(|(f, d)| (*f == format).then_some(d))
    }
}

/// The outputs of a table of result rows (`count` of whole sizes, `merge`, `verify`),
/// checked: the human table (on stdout, or `-o FILE`), `--csv`, which the command writes
/// itself (streamed by `count`), and the exports (`--json`, `--markdown`, `--bfile`).
pub struct TableOutputs {
    /// `--csv`.
    pub csv: Option<Destination>,
    /// `--json`, `--markdown`, `--bfile`.
    pub exports: Exports,
    /// `-o FILE` with `--format human`: the human table goes there.
    pub human_file: Option<Destination>,
    /// Whether the human table goes to stdout: no other output takes it, no `-o FILE`.
    pub human_on_stdout: bool,
    /// The columns of the human table (`--columns`, or the default ones).
    pub human_columns: Vec<usize>,
}

impl TableOutputs {
    /// Checks every destination of `request` before any work, against the others and the
    /// `inputs` too ([`Destinations::check`]), and refuses `--columns` where nothing it
    /// chooses is written: it picks the columns of the human table and of `--markdown`; CSV
    /// has every column.
    pub fn check(request: &Request, inputs: &Inputs) -> Result<TableOutputs, String> {
        let Destinations {
            files,
            human_file,
            human_on_stdout,
        } = Destinations::check(request, inputs)?;
        let human = files.iter().all(|(_, d)| *d != Destination::Stdout);
        let columns = request.columns();
        if columns.is_some()
            && !human
            && human_file.is_none()
            && request.file(Format::Markdown).is_none()
        {
            return Err(
                "--columns chooses the columns of the table on stdout and of \
                        --markdown, and neither is written here: CSV always has every column"
                    .to_string(),
            );
        }
        let options = request.options();
        let (csv, exports): (Vec<_>, Vec<_>) =
            files.into_iter().partition(|(f, _)| *f == Format::Csv);
        Ok(TableOutputs {
            csv: csv.into_iter().next().map(|(_, dest)| dest),
            exports: Exports {
                targets: (exports.into_iter())
                    .map(|(format, dest)| (dest, format.exporter(&options)))
                    .collect(),
            },
            human_file,
            human_on_stdout,
            human_columns: columns.map_or_else(table::human_columns, <[_]>::to_vec),
        })
    }
}

impl TableOutputs {
    /// The files the rows are written to: `--csv`, `-o`'s and the exports' (stdout left out).
    pub fn files(&self) -> Vec<&Destination> {
        let csv = self.csv.iter().filter(|d| **d != Destination::Stdout);
        csv.chain(&self.human_file)
            .chain(self.exports.files())
            .collect()
    }

    /// Writes the finished `rows` to every output ([`deliver`]): `--csv`, the human table
    /// (`human`: on stdout, unless `streamed` there already, or to `-o`'s file), then the
    /// exports; each tried whatever became of the others, and the human table on stdout where
    /// a file failed and no output has stdout, the error naming each file that failed.
    pub fn deliver(
        &self,
        rows: &[Row],
        meta: &RunMeta,
        human: &str,
        streamed: bool,
    ) -> std::io::Result<()> {
        let csv = |w: &mut dyn Write| table::write_csv(rows, w);
        let human_text = |w: &mut dyn Write| w.write_all(human.as_bytes());
        let exports: Vec<_> = (self.exports.targets.iter())
            .map(|(dest, exporter)| (dest, move |w: &mut dyn Write| exporter.write(rows, meta, w)))
            .collect();
        let csv: Vec<(&Destination, Body)> = self.csv.iter().map(|d| (d, &csv as Body)).collect();
        let others: Vec<(&Destination, Body)> = (exports.iter())
            .map(|(d, body)| (*d, body as Body))
            .collect();
        let table = (
            self.human_file.as_ref(),
            self.human_on_stdout,
            &human_text as Body,
        );
        let ns: Vec<usize> = rows.iter().map(|r| r.n).collect();
        let what = format!("rows for n = {}", table::sizes_text(&ns));
        deliver_table(&csv, table, &others, streamed, &what)
    }
}

/// Delivers a command's result ([`deliver`]): the `csv` outputs first, then its human table
/// (`-o`'s file, or stdout where the table goes there and was not `streamed` there already,
/// and what writes it), then the `others`; the table on stdout where a file failed and no
/// output has stdout. `what` names the result in the message (`rows for n = 8`).
fn deliver_table(
    csv: &[(&Destination, Body)],
    (file, on_stdout, human): (Option<&Destination>, bool, Body),
    others: &[(&Destination, Body)],
    streamed: bool,
    what: &str,
) -> std::io::Result<()> {
    let stdout = (on_stdout && !streamed).then_some(&Destination::Stdout);
    let mut outputs = csv.to_vec();
    outputs.extend(file.or(stdout).map(|d| (d, human)));
    outputs.extend_from_slice(others);
    deliver(&outputs, (!(streamed && on_stdout)).then_some(human), what)
}

/// The exports one run asks for, checked.
pub struct Exports {
    targets: Vec<(Destination, Box<dyn Exporter>)>,
}

impl Exports {
    /// Whether an export writes to stdout (the human table is then left out).
    pub fn use_stdout(&self) -> bool {
        self.targets.iter().any(|(d, _)| *d == Destination::Stdout)
    }

    /// The files the exports write (stdout left out).
    pub fn files(&self) -> impl Iterator<Item = &Destination> {
        let dests = self.targets.iter().map(|(d, _)| d);
        dests.filter(|d| **d != Destination::Stdout)
    }

    /// Writes every export of `rows`: one that fails does not stop the others (the errors
    /// are joined into one, of the first one's kind).
    pub fn write(&self, rows: &[Row], meta: &RunMeta) -> std::io::Result<()> {
        // Every export is tried: one that fails does not cost the others.
        let mut failed: Option<std::io::Error> = None;
        for (dest, exporter) in &self.targets {
            if let Err(e) = dest.write_with(|w| exporter.write(rows, meta, w)) {
                failed = Some(match failed {
                    None => e,
                    Some(first) => std::io::Error::new(first.kind(), format!("{first}; {e}")),
                });
            }
        }
        failed.map_or(Ok(()), Err)
    }
}

/// Refuses a b-file that cannot be written, a usage message: a sequence of other rules than
/// those counted (`rules`, each size's or the run's: [`crate::sequences::Sequence::check_rules`];
/// a variant's values under the queens' A-numbers would be wrong figures), board sizes that
/// are not consecutive and increasing (naming the gap, followed by `hint`, what to do about it), a
/// size below the sequence's OEIS offset, or A319283 of rows not all counted by the
/// enumerate engine (`engines`: the engine of each size, or of the run). `parts`: the rows
/// are merged parts (`queens merge`), whose rules and engine were chosen when they were
/// counted, so the messages say which parts to merge, not which flags to add. A b-file that starts after the offset gets a note on stderr (even with
/// --quiet: it is about the output, not progress). Anything goes without `--bfile`.
pub fn check_bfile(
    request: &Request,
    sizes: &[usize],
    hint: &str,
    engines: &[&str],
    rules: &[crate::rules::Rules],
    parts: bool,
) -> Result<(), String> {
    if request.file(Format::Bfile).is_none() {
        return Ok(());
    }
    let seq = request.sequence();
    for r in rules {
        match parts {
            true => seq.check_rules_of_parts(r),
            false => seq.check_rules(r),
        }
        .map_err(|e| format!("--bfile: {e}"))?;
    }
    if seq.needs_enumerate() && engines.iter().any(|e| *e != "enumerate") {
        return Err(format!(
            "--bfile: {} counts the nodes of the plain backtracking tree: add --engine enumerate{}",
            seq.a_number(),
            if parts {
                " to the counts of the parts"
            } else {
                ""
            }
        ));
    }
    seq.check_sizes(sizes)
        .map_err(|e| format!("--bfile: {e} ({hint})"))?;
    seq.check_offset(sizes)
        .map_err(|e| format!("--bfile: {e}"))?;
    if let Some(note) = seq.late_start_note(sizes) {
        super::stderr::note(&note);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::export::request::Given;

    /// What the command line gives `count`'s flags: the files `flags` names, `-o` and
    /// `--format`.
    fn given(flags: &[(Format, &str)], output: Option<&str>, format: Option<&str>) -> Given {
        let file = |f: Format| {
            flags
                .iter()
                .find(|(g, _)| *g == f)
                .map(|(_, p)| p.to_string())
        };
        Given {
            files: (Format::ALL.iter()).map(|&f| (f.info(), file(f))).collect(),
            output: output.map(String::from),
            format: format.map(|f| (f.to_string(), true)),
            stdout_flags: Format::ALL.iter().map(|f| f.info().flag).collect(),
            ..Given::default()
        }
    }

    /// The request of [`given`]'s arguments.
    fn request(flags: &[(Format, &str)], output: Option<&str>, format: Option<&str>) -> Request {
        Request::new(given(flags, output, format))
    }

    /// A file in a folder that does not exist: a destination that cannot be written.
    fn missing(dir: &tempfile::TempDir, name: &str) -> String {
        dir.path().join("missing").join(name).display().to_string()
    }

    #[test]
    fn at_most_one_output_goes_to_stdout_under_every_resolution() {
        let rule = "only one of --csv, --json, --markdown and --bfile can write to stdout (-)";
        let two = request(&[(Format::Csv, "-"), (Format::Markdown, "-")], None, None);
        assert_eq!(Destinations::check(&two, &[]).unwrap_err(), rule);
        assert_eq!(TableOutputs::check(&two, &[]).err().unwrap(), rule);
        // The table on stdout (as `--format human`) and a flag's `-` are two as well.
        let table_and_flag = request(&[(Format::Markdown, "-")], None, Some("human"));
        assert_eq!(targets(&table_and_flag, &[]).unwrap_err(), rule);
        // One flag on stdout takes it from the human table; none on stdout leaves it there.
        let one = TableOutputs::check(&request(&[(Format::Csv, "-")], None, None), &[]).unwrap();
        assert_eq!(one.csv, Some(Destination::Stdout));
        assert!(!one.human_on_stdout && !one.exports.use_stdout());
        let json = TableOutputs::check(&request(&[(Format::Json, "-")], None, None), &[]).unwrap();
        assert!(!json.human_on_stdout && json.exports.use_stdout() && json.csv.is_none());
        assert!(
            Destinations::check(&request(&[], None, None), &[])
                .unwrap()
                .human_on_stdout
        );
        // `--format markdown` is the flag's `-`, alone on stdout: the table is not written.
        let folded = targets(&request(&[], None, Some("markdown")), &[]).unwrap();
        assert_eq!(folded, [(Some(Format::Markdown), Destination::Stdout)]);
    }

    #[test]
    fn a_destination_that_cannot_be_written_is_named_by_its_flag_but_the_tables_own() {
        let dir = tempfile::tempdir().unwrap();
        let (csv, md) = (missing(&dir, "t.csv"), missing(&dir, "t.md"));
        let markdown = request(&[(Format::Markdown, &md)], None, None);
        let e = Destinations::check(&markdown, &[]).unwrap_err();
        assert!(e.starts_with("--markdown: ") && e.contains("t.md"), "{e}");
        // `--csv` is the table's own form for `count`, `merge`, `verify`, `profile`: its
        // message is the destination's; `classify` names every flag.
        let table = request(&[(Format::Csv, &csv)], None, None);
        let e = Destinations::check(&table, &[]).unwrap_err();
        assert!(!e.starts_with("--csv") && e.contains("t.csv"), "{e}");
        assert!(targets(&table, &[]).unwrap_err().starts_with("--csv: "));
        // `-o FILE` is checked after the flags, in its own words.
        let human = request(&[], Some(&csv), None);
        let e = Destinations::check(&human, &[]).unwrap_err();
        assert!(!e.starts_with('-') && e.contains("t.csv"), "{e}");
    }

    #[test]
    fn columns_are_refused_where_nothing_they_choose_is_written() {
        let columns = |flags: &[(Format, &str)]| {
            let given = Given {
                columns: Some(vec![0, 1]),
                ..given(flags, None, None)
            };
            TableOutputs::check(&Request::new(given), &[]).map(|t| t.human_columns)
        };
        assert_eq!(columns(&[]).unwrap(), [0, 1]);
        assert_eq!(columns(&[(Format::Markdown, "-")]).unwrap(), [0, 1]);
        let e = columns(&[(Format::Csv, "-")]).err().unwrap();
        assert!(e.starts_with("--columns chooses the columns"), "{e}");
    }
}
