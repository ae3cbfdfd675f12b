//! Boards read from a stream, classified and written at once, in constant memory: what `queens
//! classify` does between its arguments and its messages ([`classify_all`]).
//!
//! The boards come from a [`BoardReader`] (a file or stdin: one line of at most 1 MiB at a
//! time, and it gives up on an input that is clearly not boards) or from a list of boards
//! already read ([`Source`]); each is classified ([`crate::classify`](mod@crate::classify)), numbered and written by
//! the [`Writer`] of [`crate::formats::export::classified`]. What happens on the way (the
//! notation detected, a line that is not a board, progress) goes to an [`Observer`]; how the
//! input ended is the [`End`] of the [`Outcome`].

use crate::board::notation::Notation;
use crate::board::reader::{BoardReader, LineTooLong, NotBoards, RawBoard, ReadResult};
use crate::board::{LineError, ParseSolutionError};
use crate::classify::{ClassNumbers, Summary, classify_under};
use crate::formats::export::Format;
use crate::formats::export::classified::{Classified, Writer};
use crate::formats::named;
use crate::rules::Rules;
use std::io::{self, BufRead, Write};

/// Where the boards come from.
pub enum Source<R> {
    /// A stream (a file, stdin), read line by line.
    Reader(BoardReader<R>),
    /// Boards already read (command-line arguments), each numbered by its place among them.
    Boards {
        /// The boards, in order.
        boards: std::vec::IntoIter<RawBoard>,
        /// The notation of every board, or cols when they differ.
        notation: Option<Notation>,
    },
}

impl<R: BufRead> Source<R> {
    /// The boards of `input`, in notation `from` (`None`: detected from the first board); an
    /// input that is clearly not boards ends the reading ([`BoardReader::stop_if_not_boards`]).
    pub fn stream(input: R, from: Option<Notation>) -> Self {
        Source::Reader(BoardReader::new(input, from).stop_if_not_boards())
    }

    /// Boards already read: written in their notation if they share one, else in cols.
    pub fn boards(boards: Vec<RawBoard>) -> Self {
        let first = boards.first().map(|b| b.notation);
        let notation = first
            .filter(|&n| boards.iter().all(|b| b.notation == n))
            .or(Some(Notation::Cols));
        Source::Boards {
            boards: boards.into_iter(),
            notation,
        }
    }

    fn next(&mut self) -> Option<ReadResult> {
        match self {
            Source::Reader(r) => r.next(),
            Source::Boards { boards, .. } => boards.next().map(Ok),
        }
    }

    /// The notation of the input, once known.
    fn notation(&self) -> Option<Notation> {
        match self {
            Source::Reader(r) => r.notation(),
            Source::Boards { notation, .. } => *notation,
        }
    }

    /// What the reader learnt: whether the notation was detected, the bytes read, the line
    /// too long that ended it, why it is not boards.
    fn reader(&self) -> Option<&BoardReader<R>> {
        match self {
            Source::Reader(r) => Some(r),
            Source::Boards { .. } => None,
        }
    }

    /// How a bad board is named in messages: its line, or its place among the arguments.
    pub fn what(&self) -> &'static str {
        match self {
            Source::Reader(_) => "line",
            Source::Boards { .. } => "board",
        }
    }
}

/// What is written: the notation of the board columns, the size expected.
#[derive(Clone, Copy, Debug)]
pub struct Options {
    /// The notation of the board and canonical columns (`None`: the one the boards were read
    /// in, where a table cell can hold it).
    pub notation: Option<Notation>,
    /// Boards of another size than this are bad.
    pub size: Option<usize>,
    /// The rules a board must be a solution of ([`Rules::QUEENS`] for the n-queens problem):
    /// a board they do not allow is bad; classes under their group, numbered as `list N
    /// --classes` with the rules numbers them.
    pub rules: Rules,
    /// The parts of [`Options::rules`] that a CSV of the tool's that names its rules
    /// (`piece,board,group`, its first record's leading columns) replaces with its own: those
    /// the caller left open ([`FollowInput::NONE`]: the rules stand as given).
    pub follow_input: FollowInput,
}

/// Which parts of the rules (piece, surface, group) follow the input where it names its rules:
/// `queens classify` takes each of `--piece`, `--surface` and `--symmetries` not given from a
/// list of the tool's.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FollowInput {
    /// The piece.
    pub piece: bool,
    /// The board's surface.
    pub surface: bool,
    /// The group of the classes.
    pub group: bool,
}

impl FollowInput {
    /// The rules as given, whatever the input names.
    pub const NONE: FollowInput = FollowInput {
        piece: false,
        surface: false,
        group: false,
    };

    /// Every part from the input, where it names its rules.
    pub const ALL: FollowInput = FollowInput {
        piece: true,
        surface: true,
        group: true,
    };

    /// The rules `ours` with the parts this follows taken from `listed` (`None`: the input
    /// names no rules the tool has): a group followed is the listed one on the listed surface,
    /// else that surface's default. `Err` ([`Rules::check`]'s message) for the torus group on
    /// the plane, as when the group is given and the surface the input's.
    ///
    /// ```
    /// use queens::formats::classify_stream::FollowInput;
    /// use queens::rules::{Group, Rules};
    /// let group_given = FollowInput { group: false, ..FollowInput::ALL };
    /// let square = Rules::QUEENS; // --symmetries square
    /// assert_eq!(
    ///     group_given.rules(square, Some(Rules::TORUS_QUEENS)),
    ///     Rules::TORUS_QUEENS.under(Group::Square)
    /// );
    /// assert_eq!(FollowInput::ALL.rules(Rules::QUEENS, None), Ok(Rules::QUEENS));
    /// let torus_on_plane = Rules { group: Group::Torus, ..Rules::QUEENS };
    /// assert!(group_given.rules(torus_on_plane, Some(Rules::SUPERQUEENS)).is_err());
    /// ```
    pub fn rules(self, ours: Rules, listed: Option<Rules>) -> Result<Rules, String> {
        let Some(listed) = listed else {
            ours.check()?;
            return Ok(ours);
        };
        let surface = if self.surface {
            listed.surface
        } else {
            ours.surface
        };
        let piece = if self.piece { listed.piece } else { ours.piece };
        let base = Rules::new(piece, surface);
        let group = match (self.group, surface == listed.surface) {
            (false, _) => ours.group,
            (true, true) => listed.group,
            (true, false) => base.group,
        };
        base.under(group)
    }
}

/// What a run reports as it goes.
pub trait Observer {
    /// The notation of the input, once known; `detected`: found from a file's first board.
    fn notation(&mut self, notation: Notation, detected: bool);
    /// A board that is bad (`what`: `line` or `board`, as [`Source::what`]).
    fn bad(&mut self, what: &str, error: &LineError);
    /// After each line or board read (`board`: whether it was classified), with the bytes
    /// read so far.
    fn step(&mut self, board: bool, bytes_read: u64);
    /// The reading is over; `whole`: the input was read to its end.
    fn finish(&mut self, whole: bool);
}

/// How the input ended.
pub enum End {
    /// Read to its end.
    Whole,
    /// A board too large for the output notation (the output is finished, not to be kept).
    NotationTooSmall {
        /// The output notation.
        notation: Notation,
        /// The board's line.
        line: usize,
        /// Why the notation cannot write it.
        error: String,
    },
    /// A line longer than the reader's bound (the output is not finished).
    Overlong(LineTooLong),
    /// The input is clearly not boards (the output is not finished).
    NotBoards(NotBoards),
    /// Reading the input failed.
    InputFailed(io::Error),
    /// The rules given and those the input names make no rules the tool has (the torus group
    /// on the plane), before any board: why, as [`Rules::check`] says it.
    Rules(String),
}

/// What a run found.
pub struct Outcome {
    /// The boards classified.
    pub good: u64,
    /// The lines or boards that are not solutions (of the size asked for).
    pub bad: u64,
    /// The classes and symmetries of the boards classified.
    pub summary: Summary,
    /// How the input ended.
    pub end: End,
    /// The rules the tool's CSV read names for its boards (`superqueen,torus,torus`), if it
    /// names them ([`crate::board::reader::BoardReader::listed_rules`]).
    pub listed_rules: Option<String>,
    /// The rules the boards were classified under: [`Options::rules`], or with
    /// [`Options::follow_input`] those the input names.
    pub rules: Rules,
}

/// The notation the table writes a board read in `read`: the same, where a table cell can
/// hold it (not `board`, whose boards span lines, nor the tool's own CSV, whose boards are
/// `cols`).
fn written_in(read: Notation) -> Notation {
    match read {
        Notation::Board | Notation::Csv => Notation::Cols,
        other => other,
    }
}

/// Classifies every board of `source` onto each of `outs`, in its format (`None`: the human
/// table), as `options` say, telling `observer` as it goes; an error writing one ends it.
pub fn classify_all<R: BufRead>(
    mut source: Source<R>,
    options: &Options,
    outs: &mut [(Option<Format>, &mut dyn Write)],
    observer: &mut dyn Observer,
) -> io::Result<Outcome> {
    let mut rules = options.rules;
    let mut numbers = ClassNumbers::under(rules);
    let mut summary = Summary::new();
    let (mut good, mut bad) = (0, 0);
    let mut notation = options.notation.unwrap_or(Notation::Cols);
    let mut writers = (outs.iter_mut())
        .map(|(format, out)| Writer::new(&mut **out, *format, notation, options.rules))
        .collect::<Result<Vec<_>, _>>()
        .map_err(io::Error::other)?;
    let mut reported_notation = false;
    let mut notation_set = false;
    let mut rules_set = options.follow_input == FollowInput::NONE;
    let mut end = End::Whole;
    while let Some(item) = source.next() {
        if !reported_notation && let Some(found) = source.notation() {
            reported_notation = true;
            observer.notation(found, source.reader().is_some_and(|r| r.detected()));
        }
        // The rules a CSV of the tool's names come with its first record (after its header,
        // and any bad lines before it): taken there, or at the first board read if it names
        // none, before any board is classified or written.
        let listed = source.reader().and_then(|r| r.listed_rules());
        if !rules_set && (listed.is_some() || item.is_ok()) {
            rules_set = true;
            match options
                .follow_input
                .rules(rules, listed.and_then(named::listed_rules))
            {
                Ok(followed) => {
                    rules = followed;
                    numbers = ClassNumbers::under(rules);
                    writers.iter_mut().for_each(|w| w.rules = rules);
                }
                Err(why) => {
                    end = End::Rules(why);
                    break;
                }
            }
        }
        // Boards are written in the notation they were read in, unless one is chosen: the
        // input's, or for the tool's own CSV that of its board column.
        if options.notation.is_none()
            && !notation_set
            && let Ok(raw) = &item
        {
            notation_set = true;
            notation = written_in(match source.notation() {
                Some(Notation::Csv) | None => raw.notation,
                Some(read) => read,
            });
            writers.iter_mut().for_each(|w| w.notation = notation);
        }
        let checked = item.and_then(|raw| match options.size {
            Some(n) if raw.n() != n => Err(LineError {
                line: raw.line,
                error: ParseSolutionError::Other(format!(
                    "wrong length: {} columns, expected {n} (--size {n})",
                    raw.n()
                )),
                hint: None,
            }),
            _ => raw.solution().and_then(|s| {
                let c = classify_under(&s, &rules).map_err(|e| LineError {
                    line: raw.line,
                    // Read as a queens' board it is one: what the rules add names them.
                    error: ParseSolutionError::Other(e.to_string()),
                    hint: None,
                })?;
                Ok((raw.line, c))
            }),
        });
        let board = match checked {
            Ok((line, c)) => {
                if let Err(error) = notation.check_n(c.board.n()) {
                    end = End::NotationTooSmall {
                        notation,
                        line,
                        error,
                    };
                    break;
                }
                let number = numbers.number(c.canonical.cols());
                summary.record(&c, number);
                let k = Classified { line, c, number };
                writers.iter_mut().try_for_each(|w| w.push(&k))?;
                good += 1;
                true
            }
            // A line too long to be a board ends the input (it may never end): the outcome
            // names it.
            Err(e) if overlong(&source).is_some_and(|o| o.line == e.line) => break,
            Err(e) => {
                observer.bad(source.what(), &e);
                bad += 1;
                false
            }
        };
        observer.step(board, source.reader().map_or(0, |r| r.bytes_read()));
    }
    let io_error = match &mut source {
        Source::Reader(r) => r.take_io_error(),
        Source::Boards { .. } => None,
    };
    let not_boards = source.reader().and_then(|r| r.not_boards());
    let overlong = overlong(&source);
    let refused = matches!(end, End::Rules(_));
    let whole = matches!(end, End::Whole)
        && not_boards.is_none()
        && overlong.is_none()
        && io_error.is_none();
    observer.finish(whole);
    // An input that is not boards or that never ends leaves the output unfinished.
    if let Some(stop) = overlong {
        end = End::Overlong(stop);
    } else if let Some(why) = not_boards {
        end = End::NotBoards(why);
    } else if !refused {
        writers.iter_mut().try_for_each(Writer::finish)?;
        if let Some(e) = io_error {
            end = End::InputFailed(e);
        }
    }
    let listed_rules = source
        .reader()
        .and_then(|r| r.listed_rules().map(str::to_string));
    Ok(Outcome {
        good,
        bad,
        summary,
        end,
        listed_rules,
        rules,
    })
}

/// The line longer than the reader's bound that ended the input, if one did.
fn overlong<R: BufRead>(source: &Source<R>) -> Option<LineTooLong> {
    source.reader().and_then(|r| r.overlong())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Records what a run tells its observer.
    #[derive(Default)]
    struct Seen {
        notation: Option<(Notation, bool)>,
        bad: Vec<String>,
        boards: usize,
        whole: Option<bool>,
    }

    impl Observer for Seen {
        fn notation(&mut self, notation: Notation, detected: bool) {
            self.notation = Some((notation, detected));
        }
        fn bad(&mut self, what: &str, error: &LineError) {
            self.bad.push(format!("{what} {}", error.line));
        }
        fn step(&mut self, board: bool, _: u64) {
            self.boards += usize::from(board);
        }
        fn finish(&mut self, whole: bool) {
            self.whole = Some(whole);
        }
    }

    fn run(input: &str, options: Options) -> (Outcome, Seen, String) {
        let mut out = Vec::new();
        let mut seen = Seen::default();
        let source = Source::stream(input.as_bytes(), None);
        let mut outs = [(Some(Format::Csv), &mut out as &mut dyn Write)];
        let outcome = classify_all(source, &options, &mut outs, &mut seen).unwrap();
        (outcome, seen, String::from_utf8(out).unwrap())
    }

    const CSV: Options = Options {
        notation: None,
        size: None,
        rules: Rules::QUEENS,
        follow_input: FollowInput::NONE,
    };

    #[test]
    fn a_stream_is_classified_in_the_notation_it_was_read_in() {
        let (outcome, seen, out) = run("15863724\n12345678\n# a comment\n35281746\n", CSV);
        assert!(matches!(outcome.end, End::Whole));
        assert_eq!((outcome.good, outcome.bad), (2, 1));
        assert_eq!(seen.notation, Some((Notation::Digits, true)));
        assert_eq!(seen.bad, ["line 2"]);
        assert_eq!((seen.boards, seen.whole), (2, Some(true)));
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(
            lines[0],
            "line,n,board,canonical,symmetry,class_size,to_canonical,class"
        );
        assert_eq!(lines.len(), 3);
        assert!(lines[1].starts_with("1,8,15863724,"), "{}", lines[1]);
        assert!(lines[2].starts_with("4,8,35281746,"), "{}", lines[2]);
    }

    #[test]
    fn a_board_of_another_size_is_bad_and_a_notation_too_small_ends_the_run() {
        let sized = Options {
            size: Some(5),
            ..CSV
        };
        let (outcome, seen, _) = run("15863724\n", sized);
        assert_eq!((outcome.good, outcome.bad), (0, 1));
        assert_eq!(seen.bad, ["line 1"]);
        let digits = Options {
            notation: Some(Notation::Digits),
            ..CSV
        };
        let ten = "0 2 5 7 9 4 8 1 3 6\n";
        let (outcome, _, _) = run(ten, digits);
        assert!(
            matches!(outcome.end, End::NotationTooSmall { line: 1, .. }),
            "{:?}",
            outcome.good
        );
    }

    #[test]
    fn a_list_that_names_its_rules_is_classified_under_them_when_asked() {
        let list = "piece,board,group,index,solution\n\
                    superqueen,plane,square,1,2 5 8 0 3 6 9 1 4 7\n";
        let follow = Options {
            follow_input: FollowInput::ALL,
            ..CSV
        };
        let (outcome, _, out) = run(list, follow);
        assert_eq!(outcome.rules, Rules::SUPERQUEENS);
        assert_eq!(
            outcome.listed_rules.as_deref(),
            Some("superqueen,plane,square")
        );
        assert!(out.starts_with("piece,surface,group,line,"), "{out}");
        assert!(out.contains("\nsuperqueen,plane,square,2,10,"), "{out}");
        // Rules chosen by the caller stand.
        let (outcome, _, out) = run(list, CSV);
        assert_eq!(outcome.rules, Rules::QUEENS);
        assert!(out.starts_with("line,n,board,"), "{out}");
        // A list that names no rules the tool has keeps the caller's.
        let odd = list.replace("superqueen,plane,square", "queen,plane,torus");
        let (outcome, _, _) = run(&odd, follow);
        assert_eq!(outcome.rules, Rules::QUEENS);
    }

    #[test]
    fn an_input_that_is_not_boards_ends_unfinished() {
        let (outcome, seen, out) = run("a\nb\nc\nd\ne\nf\n", CSV);
        assert!(matches!(outcome.end, End::NotBoards(_)));
        assert_eq!(seen.whole, Some(false));
        assert_eq!(out, "", "nothing written, not even the header");
    }
}
