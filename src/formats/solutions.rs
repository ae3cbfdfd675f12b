//! Lists of solutions in every notation: what `queens list` writes, streamed.
//!
//! [`write_solutions`] writes a list of boards in one [`Notation`]: single-line notations one
//! board per line; `board` with a blank line between boards; `leetcode` as one JSON list, one
//! board per line (`[` … `]`, LeetCode 51's answer); `csv` with a header that depends on what
//! is listed, the boards in `cols`.

use crate::board::notation::{self, Notation};
use crate::classify::{self, ClassInfo, OrbitMember};
use crate::given::Partial;
use crate::rules::Rules;
use crate::search::engines::enumerate::for_each_solution_under;
use std::io::{self, Write};
use std::ops::ControlFlow;

/// What a list holds, which sets its CSV header.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum ListKind {
    /// Every solution: `index,solution`.
    Solutions,
    /// The canonical representative of each class: `index,canonical,symmetry,class_size`.
    Classes,
    /// The boards of one class: `index,solution,transforms`.
    Orbit,
}

impl ListKind {
    /// The CSV header of this kind of list.
    pub fn csv_header(self) -> &'static str {
        match self {
            ListKind::Solutions => "index,solution",
            ListKind::Classes => "index,canonical,symmetry,class_size",
            ListKind::Orbit => "index,solution,transforms",
        }
    }
}

/// Writes a list of boards to `out` in one notation (see the module documentation).
pub(crate) struct ListWriter<W: Write> {
    out: W,
    notation: Notation,
    kind: ListKind,
    written: u64,
    buf: Vec<u8>,
    /// What opens each CSV record: the rules' `piece,board,group,` for rules other than the
    /// queens' ([`crate::formats::named::rules_fields`]), nothing for the queens.
    lead: String,
}

impl<W: Write> ListWriter<W> {
    /// A writer of `kind` lists of boards of `rules` in `notation`; writes the CSV header
    /// (led by `piece,board,group` for rules other than the queens', as the tables' CSV is)
    /// or the opening bracket.
    pub fn new(mut out: W, notation: Notation, kind: ListKind, rules: &Rules) -> io::Result<Self> {
        let lead = crate::formats::named::csv_lead(rules);
        match notation {
            Notation::Csv => {
                let names = crate::formats::named::csv_lead_header(rules);
                writeln!(out, "{names}{}", kind.csv_header())?
            }
            Notation::Leetcode => out.write_all(b"[")?,
            _ => {}
        }
        Ok(ListWriter {
            out,
            notation,
            kind,
            written: 0,
            buf: Vec::with_capacity(1024),
            lead,
        })
    }

    /// Boards written so far.
    pub fn written(&self) -> u64 {
        self.written
    }

    /// Writes one board; `extra` is the rest of its CSV record (after the board), if any.
    fn board(&mut self, cols: &[u8], extra: &str) -> io::Result<()> {
        self.buf.clear();
        match self.notation {
            Notation::Board if self.written > 0 => self.buf.push(b'\n'),
            Notation::Leetcode => {
                self.buf
                    .extend_from_slice(if self.written > 0 { b",\n" } else { b"\n" });
            }
            Notation::Csv => {
                self.buf.extend_from_slice(self.lead.as_bytes());
                self.buf
                    .extend_from_slice((self.written + 1).to_string().as_bytes());
                self.buf.push(b',');
            }
            _ => {}
        }
        notation::write(&mut self.buf, self.notation, cols);
        if self.notation == Notation::Csv {
            // Every field is digits, names and single spaces: no CSV quoting is ever needed.
            self.buf.extend_from_slice(extra.as_bytes());
        }
        if self.notation != Notation::Board && self.notation != Notation::Leetcode {
            self.buf.push(b'\n');
        }
        self.out.write_all(&self.buf)?;
        self.written += 1;
        Ok(())
    }

    /// Writes one solution of a [`ListKind::Solutions`] list.
    pub fn solution(&mut self, cols: &[u8]) -> io::Result<()> {
        debug_assert_eq!(self.kind, ListKind::Solutions);
        self.board(cols, "")
    }

    /// Writes one class of a [`ListKind::Classes`] list.
    pub fn class(&mut self, class: &ClassInfo) -> io::Result<()> {
        let extra = if self.notation == Notation::Csv {
            format!(",{},{}", class.symmetry, class.class_size)
        } else {
            String::new()
        };
        self.board(class.canonical.cols(), &extra)
    }

    /// Writes one board of a [`ListKind::Orbit`] list.
    pub fn member(&mut self, member: &OrbitMember) -> io::Result<()> {
        let extra = if self.notation == Notation::Csv {
            // Quoted where a name holds a comma (the torus's `rot90+shift(1,2)`).
            let names = member.names().join(" ");
            match names.contains(',') {
                true => format!(",\"{names}\""),
                false => format!(",{names}"),
            }
        } else {
            String::new()
        };
        self.board(member.board.cols(), &extra)
    }

    /// Closes the list (the bracket of `leetcode`) and returns the output.
    pub fn finish(mut self) -> io::Result<W> {
        if self.notation == Notation::Leetcode {
            self.out
                .write_all(if self.written > 0 { b"\n]\n" } else { b"]\n" })?;
        }
        self.out.flush()?;
        Ok(self.out)
    }
}

/// What [`write_solutions`] lists.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ListOptions {
    /// The notation.
    pub notation: Notation,
    /// Only the canonical representative of each class.
    pub classes: bool,
    /// Stop after this many boards.
    pub limit: Option<u64>,
    /// The rules whose solutions are listed ([`Rules::QUEENS`] for the n-queens problem);
    /// their classes are under [`Rules::group`].
    pub rules: Rules,
}

/// How often [`write_solutions`] reports progress: every 65,536 boards.
pub const PROGRESS_EVERY: u64 = 1 << 16;

/// Writes the solutions of size `n` under `options.rules` (or its classes) in lexicographic
/// order, in constant
/// memory; calls `progress` with the boards written every [`PROGRESS_EVERY`] boards. Returns
/// the number written. The caller checks [`Notation::check_n`] first.
pub fn write_solutions<W: Write>(
    out: W,
    n: usize,
    options: &ListOptions,
    mut progress: impl FnMut(u64),
) -> io::Result<u64> {
    let kind = if options.classes {
        ListKind::Classes
    } else {
        ListKind::Solutions
    };
    let mut writer = ListWriter::new(out, options.notation, kind, &options.rules)?;
    let limit = options.limit.unwrap_or(u64::MAX);
    let mut error = None;
    if limit > 0 && options.classes {
        // The classes' own search (`classify::for_each_class`: only where a canonical board
        // can be), each class written with its details.
        classify::for_each_class(&options.rules, n, |index, cols| {
            let info = classify::class_info_under(&options.rules, index, cols);
            let result = writer.class(&info).map(|()| writer.written());
            go_on(result, limit, &mut error, &mut progress)
        });
    } else if limit > 0 {
        for_each_solution_under(options.rules, n, |cols| {
            let result = writer.solution(cols).map(|()| writer.written());
            go_on(result, limit, &mut error, &mut progress)
        });
    }
    if let Some(e) = error {
        return Err(e);
    }
    let written = writer.written();
    writer.finish()?;
    Ok(written)
}

/// Whether a list goes on after a board written (`result`: the boards written so far, or the
/// error that ends it, kept in `error`): below `limit`, and no stop asked for under the
/// [`StopFlag::watch`](crate::plan::stop::StopFlag::watch) it runs in (which then returns
/// `None`); `progress` is called every [`PROGRESS_EVERY`] boards.
pub(crate) fn go_on(
    result: io::Result<u64>,
    limit: u64,
    error: &mut Option<io::Error>,
    progress: &mut impl FnMut(u64),
) -> ControlFlow<()> {
    match result {
        Err(e) => {
            *error = Some(e);
            ControlFlow::Break(())
        }
        Ok(written) => {
            if written.is_multiple_of(PROGRESS_EVERY) {
                progress(written);
            }
            // A stop looked for after every board (a thread-local read and an atomic load,
            // next to writing a line): a short list, or one held up by a slow reader, stops
            // too, not only a search that runs for long between boards.
            if written >= limit || crate::plan::stop::should_give_up() {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        }
    }
}

/// Writes the class of `members` (from [`classify::orbit_members`], or its torus group's
/// members) of `rules` in `notation`, at most `limit` boards. Returns the number written.
pub fn write_orbit<W: Write>(
    out: W,
    members: &[OrbitMember],
    notation: Notation,
    limit: Option<u64>,
    rules: &Rules,
) -> io::Result<u64> {
    let mut writer = ListWriter::new(out, notation, ListKind::Orbit, rules)?;
    for member in members
        .iter()
        .take(usize::try_from(limit.unwrap_or(u64::MAX)).unwrap_or(usize::MAX))
    {
        writer.member(member)?;
    }
    let written = writer.written();
    writer.finish()?;
    Ok(written)
}

/// Writes the completions of a partial board (`queens list N --given`), in increasing order,
/// in `notation`, at most `limit`, streamed: each as the search finds it. The first write
/// error ends the list (the rest of the search is left unwritten). Returns the number written.
pub fn write_completions<W: Write>(
    out: W,
    partial: &Partial,
    notation: Notation,
    limit: Option<u64>,
) -> io::Result<u64> {
    let mut writer = ListWriter::new(out, notation, ListKind::Solutions, &partial.rules())?;
    let limit = limit.unwrap_or(u64::MAX);
    let mut error = None;
    if limit > 0 {
        // The search stops at the limit or the first write error.
        partial.for_each_completion_while(|cols| {
            error = writer.solution(cols).err();
            // A stop looked for after every board, as in `go_on`.
            let stop = crate::plan::stop::should_give_up();
            match error.is_none() && writer.written() < limit && !stop {
                true => ControlFlow::Continue(()),
                false => ControlFlow::Break(()),
            }
        });
    }
    if let Some(e) = error {
        return Err(e);
    }
    let written = writer.written();
    writer.finish()?;
    Ok(written)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn listed(n: usize, notation: Notation, classes: bool) -> String {
        let mut out = Vec::new();
        let options = ListOptions {
            notation,
            classes,
            limit: None,
            rules: Rules::QUEENS,
        };
        write_solutions(&mut out, n, &options, |_| {}).unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn lists_in_every_notation() {
        assert_eq!(listed(4, Notation::Cols, false), "1 3 0 2\n2 0 3 1\n");
        assert_eq!(listed(4, Notation::Cols1, false), "2 4 1 3\n3 1 4 2\n");
        assert_eq!(listed(4, Notation::Digits, false), "2413\n3142\n");
        assert_eq!(
            listed(4, Notation::Algebraic, false),
            "a2 b4 c1 d3\na3 b1 c4 d2\n"
        );
        assert_eq!(
            listed(4, Notation::Board, false),
            ".Q..\n...Q\nQ...\n..Q.\n\n..Q.\nQ...\n...Q\n.Q..\n"
        );
        assert_eq!(
            listed(4, Notation::Leetcode, false),
            "[\n[\".Q..\",\"...Q\",\"Q...\",\"..Q.\"],\n[\"..Q.\",\"Q...\",\"...Q\",\".Q..\"]\n]\n"
        );
        assert_eq!(listed(2, Notation::Leetcode, false), "[]\n");
        assert_eq!(
            listed(4, Notation::Csv, true),
            "index,canonical,symmetry,class_size\n1,1 3 0 2,quarter_turn,2\n"
        );
    }

    #[test]
    fn lists_the_completions_of_a_partial_board() {
        let p = Partial::parse(8, Rules::QUEENS, "a8", "").unwrap();
        let listed = |notation, limit| {
            let mut out = Vec::new();
            let written = write_completions(&mut out, &p, notation, limit).unwrap();
            (written, String::from_utf8(out).unwrap())
        };
        assert_eq!(
            listed(Notation::Csv, Some(2)),
            (
                2,
                "index,solution\n1,0 4 7 5 2 6 1 3\n2,0 5 7 2 6 3 1 4\n".into()
            )
        );
        assert_eq!(listed(Notation::Digits, None).0, 4);
        assert_eq!(listed(Notation::Leetcode, Some(0)), (0, "[]\n".into()));
    }
}
