//! The results of `queens classify`, streamed: one [`Classified`] board at a time, written at
//! once in constant memory as the human table, CSV, a JSON list (with the `serde` feature) or
//! a Markdown table ([`Writer`]).

use super::Format;
use crate::board::notation::{self, Notation};
use crate::classify::Classification;
use crate::formats::named;
use crate::formats::table::{self, Layout};
use crate::rules::Rules;
use std::io::{self, Write};

/// The CSV header of `--format csv` (also the JSON fields and the Markdown columns).
pub const CSV_HEADER: [&str; 8] = [
    "line",
    "n",
    "board",
    "canonical",
    "symmetry",
    "class_size",
    "to_canonical",
    "class",
];

/// The headings of the human table.
const HEADINGS: [&str; 7] = [
    "line",
    "board",
    "canonical",
    "class",
    "symmetry",
    "class_size",
    "to_canonical",
];

/// Rows the human table holds back to size its columns; later rows use those widths (and
/// stretch their own field when it is wider).
const SIZING_ROWS: usize = 256;

/// One classified board, as written.
pub struct Classified {
    /// Its line in the input (or its place among the boards given).
    pub line: usize,
    /// The board's classification.
    pub c: Classification,
    /// Its class's number, where the board is small enough to be numbered.
    pub number: Option<usize>,
}

/// Writes classifications one by one in one format: the human table (`None`), or CSV, JSON
/// or Markdown. The boards are written in [`Writer::notation`], which may be set until the
/// first board is pushed.
pub struct Writer<'a> {
    out: &'a mut dyn Write,
    format: Option<Format>,
    /// The notation of the board and canonical columns.
    pub notation: Notation,
    held: Vec<[String; 7]>,
    /// The human table's layout, once its first rows sized it.
    table: Option<Layout>,
    started: bool,
    /// The rules the boards are classified under: named by the CSV's leading
    /// `piece,board,group` columns, the JSON objects' first keys, a caption above the
    /// Markdown table and a line under the human one, where they are not the queens'. May be
    /// set until the first board is pushed.
    pub rules: Rules,
}

impl<'a> Writer<'a> {
    /// A writer of `format` (`None`: the human table) onto `out`; a format classify results
    /// have no form in (a b-file) is refused with its message.
    pub fn new(
        out: &'a mut dyn Write,
        format: Option<Format>,
        notation: Notation,
        rules: Rules,
    ) -> Result<Writer<'a>, String> {
        const WRITTEN: &[Format] = &[
            Format::Csv,
            #[cfg(feature = "serde")]
            Format::Json,
            Format::Markdown,
        ];
        if let Some(f) = format
            && !WRITTEN.contains(&f)
        {
            return Err(format!("classify results have no {} form", f.name()));
        }
        Ok(Writer {
            out,
            format,
            notation,
            held: Vec::new(),
            table: None,
            started: false,
            rules,
        })
    }

    fn fields(&self, k: &Classified) -> [String; 7] {
        [
            k.line.to_string(),
            notation::to_string(self.notation, k.c.board.cols()),
            notation::to_string(self.notation, k.c.canonical.cols()),
            k.number.map_or_else(String::new, |k| k.to_string()),
            k.c.symmetry.name().to_string(),
            k.c.class_size.to_string(),
            k.c.transform_names(),
        ]
    }

    fn flush_held(&mut self) -> io::Result<()> {
        if self.table.is_none() {
            if self.held.is_empty() {
                return Ok(());
            }
            // Numbers right-aligned (line, class, class_size), words left-aligned.
            let mut table = Layout::new(&HEADINGS, |i| !matches!(i, 0 | 3 | 5));
            for row in &self.held {
                table.fit(row);
            }
            self.out.write_all(table.header().as_bytes())?;
            self.table = Some(table);
        }
        let table = self.table.as_ref().expect("sized");
        for row in std::mem::take(&mut self.held) {
            self.out.write_all(table.line(&row).as_bytes())?;
        }
        Ok(())
    }

    /// Starts the CSV, the JSON list or the Markdown table.
    fn start(&mut self) -> io::Result<()> {
        self.started = true;
        match self.format {
            #[cfg(feature = "serde")]
            Some(Format::Json) => self.out.write_all(b"["),
            Some(Format::Markdown) => {
                let caption = named::markdown_caption(&self.rules, self.rules.group);
                let line = format!("{caption}| {} |\n", CSV_HEADER.join(" | "));
                self.out.write_all(line.as_bytes())?;
                self.out
                    .write_all(b"| --: | --: | :-- | :-- | :-- | --: | :-- | --: |\n")
            }
            _ => {
                let line = match self.rules.is_queens() {
                    true => table::csv_line(&CSV_HEADER)?,
                    false => {
                        let lead = named::CLASSIFY_RULES_COLUMNS.iter();
                        let names: Vec<&str> = lead.chain(&CSV_HEADER).copied().collect();
                        table::csv_line(&names)?
                    }
                };
                self.out.write_all(line.as_bytes())
            }
        }
    }

    /// Writes one board (the human table holds its first rows back to size its columns).
    pub fn push(&mut self, k: &Classified) -> io::Result<()> {
        let f = self.fields(k);
        let Some(format) = self.format else {
            if let Some(table) = &self.table {
                return self.out.write_all(table.line(&f).as_bytes());
            }
            self.held.push(f);
            return if self.held.len() >= SIZING_ROWS {
                self.flush_held()
            } else {
                Ok(())
            };
        };
        let first = !self.started;
        if first {
            self.start()?;
        }
        let n = k.c.board.n().to_string();
        let record = [&f[0], &n, &f[1], &f[2], &f[4], &f[5], &f[6], &f[3]];
        let text = match format {
            #[cfg(feature = "serde")]
            Format::Json => json_record(k, &f, first, &self.rules)?,
            Format::Markdown => {
                let cells: Vec<String> = record.iter().map(|c| table::markdown_cell(c)).collect();
                format!("| {} |\n", cells.join(" | "))
            }
            _ => named::csv_lead(&self.rules) + &table::csv_line(&record)?,
        };
        self.out.write_all(text.as_bytes())
    }

    /// Ends the output: the header of an empty CSV or table, the end of the JSON list, the
    /// held rows of the human table.
    pub fn finish(&mut self) -> io::Result<()> {
        if self.format.is_some() && !self.started {
            self.start()?;
        }
        #[cfg(feature = "serde")]
        if self.format == Some(Format::Json) {
            self.out.write_all(b"\n]\n")?;
        }
        self.flush_held()?;
        if self.table.is_some() && !self.rules.is_queens() {
            let caption = named::caption(&self.rules, self.rules.group);
            self.out.write_all(format!("{caption}\n").as_bytes())?;
        }
        Ok(())
    }
}

/// One board as a JSON object, on a line of its own (`,` before every one but the first):
/// the CSV's fields, numbers as numbers, the transforms as a list, `class` null when the
/// board is too large to be numbered.
#[cfg(feature = "serde")]
fn json_record(k: &Classified, f: &[String; 7], first: bool, rules: &Rules) -> io::Result<String> {
    #[derive(serde::Serialize)]
    struct Record<'a> {
        /// The rules, where they are not the queens'.
        #[serde(skip_serializing_if = "Option::is_none")]
        piece: Option<&'a str>,
        /// The board of the rules, `surface` as `classify --surface` names it (`board` is
        /// the board classified).
        #[serde(skip_serializing_if = "Option::is_none")]
        surface: Option<&'a str>,
        #[serde(skip_serializing_if = "Option::is_none")]
        group: Option<&'a str>,
        line: usize,
        n: usize,
        board: &'a str,
        canonical: &'a str,
        symmetry: &'a str,
        class_size: usize,
        to_canonical: Vec<&'a str>,
        class: Option<usize>,
    }
    let [piece, surface, group] =
        named::rules_values(rules).map(|v| (!rules.is_queens()).then_some(v));
    let record = Record {
        piece,
        surface,
        group,
        line: k.line,
        n: k.c.board.n(),
        board: &f[1],
        canonical: &f[2],
        symmetry: &f[4],
        class_size: k.c.class_size,
        to_canonical: f[6].split(' ').collect(),
        class: k.number,
    };
    let text = serde_json::to_string(&record).map_err(io::Error::other)?;
    Ok(format!("{}\n  {text}", if first { "" } else { "," }))
}
