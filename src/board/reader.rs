//! Reading boards from a stream in any [`Notation`], line by line in constant memory.
//!
//! A [`BoardReader`] reads at most `MAX_LINE` (1 MiB) bytes of a line, keeps at most one pending
//! `board` or LeetCode board, and yields every board with the 1-based number of its (first)
//! line, or the error of that line. A line longer than `MAX_LINE` (1 MiB) ends the input: no board
//! in any notation comes near that length, and an endless line (a FIFO fed from `/dev/zero`)
//! would otherwise be read forever; the reader yields that line's error and then nothing, and
//! [`BoardReader::overlong`] says where it stopped.
//! Bytes that are not UTF-8 become U+FFFD, so that the line holding them is reported as
//! malformed with its number.
//!
//! With no notation given it detects one from the first line that holds anything
//! (`detect_line`) and reads the whole input in it; a line that
//! does not read gets a hint naming the notation it looks like.
//!
//! [`BoardReader::stop_if_not_boards`] makes it give up on an input that is clearly not boards
//! at all (a binary file, say): one whose first bytes are not UTF-8 text, or none of whose
//! first `NOT_BOARDS_AFTER` (5) lines that hold anything reads as a board; then it yields
//! nothing more and [`BoardReader::not_boards`] says why.

use super::notation::{self, Notation, NotationError};
use super::solution::{LineError, ParseSolutionError, Solution, plural, validate};
use crate::rules::Rules;
use std::collections::VecDeque;
use std::fmt;
use std::io::{self, BufRead, Read};

/// The longest line read, in bytes (1 MiB): no board in any notation comes near it.
pub(crate) const MAX_LINE: usize = 1 << 20;

/// The lines that hold anything (not blank, not a comment) that [`BoardReader::stop_if_not_boards`]
/// reads before it gives up on an input where none of them read as a board.
pub(crate) const NOT_BOARDS_AFTER: usize = 5;

/// The bytes at the start of an input that [`BoardReader::stop_if_not_boards`] checks for
/// text: NUL bytes or bytes that are not UTF-8 among them mean it is not a file of boards.
pub(crate) const TEXT_CHECK_BYTES: usize = 4096;

/// Why an input is not boards at all (see [`BoardReader::stop_if_not_boards`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NotBoards {
    /// Its first bytes hold a NUL byte or are not UTF-8.
    NotText,
    /// None of its first lines that hold anything reads as a board (how many were read).
    NoBoardIn(usize),
}

impl std::fmt::Display for NotBoards {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            NotBoards::NotText => write!(f, "it is not UTF-8 text"),
            NotBoards::NoBoardIn(k) => {
                write!(
                    f,
                    "none of its first {k} lines that hold anything reads as a board"
                )
            }
        }
    }
}

/// Where a [`BoardReader`] stopped on a line longer than `MAX_LINE`, 1 MiB (see
/// [`BoardReader::overlong`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LineTooLong {
    /// The 1-based number of the line.
    pub line: usize,
    /// The bound it passed, in bytes (`MAX_LINE`, 1 MiB).
    pub limit: usize,
}

impl LineTooLong {
    /// The one-line message naming the input: `line 1 of stdin is longer than 1 MiB: not a
    /// file of boards (no board in any notation comes near that)`. `name` is how the input is
    /// called (`stdin`, or a quoted file name).
    pub fn describe(&self, name: &str) -> String {
        format!("line {} of {name} is {self}", self.line)
    }
}

impl fmt::Display for LineTooLong {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let limit = if self.limit >= 1 << 20 && self.limit.is_multiple_of(1 << 20) {
            format!("{} MiB", self.limit >> 20)
        } else {
            format!("{} bytes", self.limit)
        };
        write!(
            f,
            "longer than {limit}: not a file of boards (no board in any notation comes near \
             that)"
        )
    }
}

/// Whether `head`, the first bytes of an input, look like text: no NUL byte, and UTF-8 outside
/// comments (a `#` comment in another encoding, `# café` in Latin-1, is skipped as any comment
/// is; a character cut off at the end of `head` is allowed).
pub(crate) fn looks_like_text(head: &[u8]) -> bool {
    if head.contains(&0) {
        return false;
    }
    let lines: Vec<&[u8]> = head.split(|&b| b == b'\n').collect();
    let last = lines.len() - 1;
    lines.iter().enumerate().all(|(i, line)| {
        // `#` is ASCII: it is never part of a multi-byte UTF-8 character.
        let code = line
            .iter()
            .position(|&b| b == b'#')
            .map_or(*line, |p| &line[..p]);
        match std::str::from_utf8(code) {
            Ok(_) => true,
            Err(e) => i == last && code.len() == line.len() && e.error_len().is_none(),
        }
    })
}

/// One board as read: its line, the notation it was read in, and its 0-based columns,
/// unchecked (they may be out of range, or queens may attack each other).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RawBoard {
    /// The 1-based number of the board's (first) line.
    pub line: usize,
    /// The notation it was read in.
    pub notation: Notation,
    /// The column of the queen in each row, counted from 0; unchecked.
    pub cols: Vec<u32>,
    /// When the board is no solution but its line reads as one in another notation: a hint
    /// naming it (attached to the errors of [`RawBoard::in_range`] and [`RawBoard::solution`]).
    pub hint: Option<String>,
}

impl RawBoard {
    /// The board size (its number of rows).
    pub fn n(&self) -> usize {
        self.cols.len()
    }

    /// The columns, checked to lie on the board (queens may still attack each other).
    pub fn in_range(&self) -> Result<Vec<u8>, LineError> {
        notation::in_range(&self.cols, self.notation).map_err(|m| LineError {
            line: self.line,
            error: ParseSolutionError::Other(m),
            hint: self.hint.clone(),
        })
    }

    /// The board as a valid solution, or why it is not one (phrased in its notation).
    pub fn solution(&self) -> Result<Solution, LineError> {
        let cols = self.in_range()?;
        Solution::new(cols).map_err(|e| LineError {
            line: self.line,
            error: ParseSolutionError::Other(notation::explain(&e, self.notation, self.n())),
            hint: self.hint.clone(),
        })
    }
}

/// What one call of [`BoardReader::next`] yields.
pub type ReadResult = Result<RawBoard, LineError>;

/// Boards read from `input` (see the module documentation).
pub struct BoardReader<R> {
    input: R,
    given: Option<Notation>,
    notation: Option<Notation>,
    line_no: usize,
    queue: VecDeque<ReadResult>,
    rows: Vec<String>,
    rows_start: usize,
    /// The board column of the CSV header read, and how many fields the header has.
    csv_column: Option<(usize, usize)>,
    /// Whether that header opens with the rules' columns (`piece,board,group`, or
    /// `classify`'s `piece,surface,group`), and the rules the first record names there.
    csv_rules: bool,
    listed_rules: Option<String>,
    io_error: Option<io::Error>,
    eof: bool,
    buf: Vec<u8>,
    bytes: u64,
    /// Whether to give up on an input that is not boards, and why it did.
    check_boards: bool,
    not_boards: Option<NotBoards>,
    /// Before the first board: the bad lines read so far.
    bad_before_board: usize,
    seen_board: bool,
    /// The line longer than [`MAX_LINE`] that ended the input, if one did.
    overlong: Option<LineTooLong>,
}

impl<R: BufRead> BoardReader<R> {
    /// Reads `input` in `notation`, or in the notation of its first board for `None`.
    pub fn new(input: R, notation: Option<Notation>) -> Self {
        BoardReader {
            input,
            given: notation,
            notation,
            line_no: 0,
            queue: VecDeque::new(),
            rows: Vec::new(),
            rows_start: 0,
            csv_column: None,
            csv_rules: false,
            listed_rules: None,
            io_error: None,
            eof: false,
            buf: Vec::new(),
            bytes: 0,
            check_boards: false,
            not_boards: None,
            bad_before_board: 0,
            seen_board: false,
            overlong: None,
        }
    }

    /// Makes the reader give up on an input that is clearly not boards: if its first
    /// `TEXT_CHECK_BYTES` (4,096) bytes (as far as the first read gets them) are not text
    /// (`looks_like_text`) it yields nothing; if its first `NOT_BOARDS_AFTER` (5) lines that
    /// hold anything are all bad, it yields their errors and nothing more. Then
    /// [`BoardReader::not_boards`] says why. An input with one board among its first lines is
    /// read to its end as before.
    pub fn stop_if_not_boards(mut self) -> Self {
        self.check_boards = true;
        self
    }

    /// Why the reader gave up on the input as not boards, if it did (only with
    /// [`BoardReader::stop_if_not_boards`]).
    pub fn not_boards(&self) -> Option<NotBoards> {
        self.not_boards
    }

    /// Gives up on the input: nothing more is read or yielded.
    fn give_up(&mut self, why: NotBoards) {
        self.not_boards = Some(why);
        self.eof = true;
        self.queue.clear();
        self.rows.clear();
    }

    /// Checks the first bytes of the input for text; `false` once it gave up.
    fn check_text(&mut self) -> bool {
        match self.input.fill_buf() {
            Ok(head) => {
                let head = &head[..head.len().min(TEXT_CHECK_BYTES)];
                if !looks_like_text(head) {
                    self.give_up(NotBoards::NotText);
                    return false;
                }
                true
            }
            // Left to the first read, which reports it.
            Err(_) => true,
        }
    }

    /// Counts `item` towards the decision of [`BoardReader::stop_if_not_boards`].
    fn judge(&mut self, item: &ReadResult) {
        if !self.check_boards || self.seen_board {
            return;
        }
        if item.is_ok() {
            self.seen_board = true;
            return;
        }
        self.bad_before_board += 1;
        if self.bad_before_board >= NOT_BOARDS_AFTER {
            self.give_up(NotBoards::NoBoardIn(self.bad_before_board));
        }
    }

    /// The rules the tool's CSV read names for its boards, as its first record's leading
    /// columns write them (`superqueen,torus,torus`); `None` for input that names none (the
    /// queens' lists, other notations).
    pub fn listed_rules(&self) -> Option<&str> {
        self.listed_rules.as_deref()
    }

    /// The notation in use: the one given, or the one detected (`None` before the first line
    /// that holds anything).
    pub fn notation(&self) -> Option<Notation> {
        self.notation
    }

    /// Whether the notation was detected rather than given.
    pub fn detected(&self) -> bool {
        self.given.is_none() && self.notation.is_some()
    }

    /// The bytes read so far.
    pub fn bytes_read(&self) -> u64 {
        self.bytes
    }

    /// The line longer than `MAX_LINE` (1 MiB) that ended the input, if one did: the reader
    /// yielded its error (`longer than 1 MiB`) and nothing after it.
    pub fn overlong(&self) -> Option<LineTooLong> {
        self.overlong
    }

    /// The read error that ended the input early, if one did.
    pub fn take_io_error(&mut self) -> Option<io::Error> {
        self.io_error.take()
    }

    /// Reads the next line into `buf` (without its line end): `Ok(None)` at the end,
    /// `Ok(Some(true))` for a line longer than [`MAX_LINE`], of which at most
    /// `MAX_LINE + 1` bytes are read (the input then ends there: an endless line is never
    /// read to its end).
    fn read_line(&mut self) -> io::Result<Option<bool>> {
        self.buf.clear();
        let limit = MAX_LINE as u64 + 1;
        let got = Read::take(&mut self.input, limit).read_until(b'\n', &mut self.buf)?;
        if got == 0 {
            return Ok(None);
        }
        self.bytes += got as u64;
        if self.buf.last() == Some(&b'\n') {
            self.buf.pop();
            return Ok(Some(false));
        }
        if self.buf.len() <= MAX_LINE {
            return Ok(Some(false)); // the last line, without a line end
        }
        self.buf.clear();
        Ok(Some(true))
    }

    fn error(&self, line: usize, message: String) -> ReadResult {
        Err(LineError {
            line,
            error: ParseSolutionError::Other(message),
            hint: None,
        })
    }

    fn malformed(line: usize, e: NotationError, text: &str, notation: Notation) -> ReadResult {
        Err(LineError {
            line,
            error: match e {
                NotationError::Malformed(m) => ParseSolutionError::Malformed(m),
                NotationError::Impossible(m) => ParseSolutionError::Other(m),
            },
            hint: hint_for(text, notation),
        })
    }

    /// Reports the pending board rows, if any, as an unfinished board.
    fn flush_rows(&mut self, why: &str) {
        if let Some(first) = self.rows.first() {
            let message = format!(
                "unfinished board: {} of {} {why} (a board has as many rows as squares in a \
                 row)",
                plural(self.rows.len() as u64, "row"),
                plural(first.len() as u64, "square")
            );
            let e = self.error(self.rows_start, message);
            self.queue.push_back(e);
            self.rows.clear();
        }
    }

    /// Adds one row of a `board` or LeetCode board; emits the board when it is complete.
    fn push_row(&mut self, row: &str, notation: Notation) {
        if let Some(first) = self.rows.first()
            && first.len() != row.len()
        {
            let why = format!(
                "and then a row of {} (line {})",
                plural(row.len() as u64, "square"),
                self.line_no
            );
            self.flush_rows(&why);
        }
        if self.rows.is_empty() {
            self.rows_start = self.line_no;
        }
        self.rows.push(row.to_string());
        if self.rows.len() >= self.rows[0].len() {
            let result = notation::parse_board_rows(&self.rows);
            let item = match result {
                Ok(cols) => Ok(RawBoard {
                    line: self.rows_start,
                    notation,
                    cols,
                    hint: None,
                }),
                Err(e) => Self::malformed(self.rows_start, e, "", notation),
            };
            self.queue.push_back(item);
            self.rows.clear();
        }
    }

    /// Reads one line of text: skips what holds nothing, settles the notation on the first
    /// line that holds something, and hands the line to the reader of that notation.
    fn process(&mut self, raw: &str) {
        let text = notation::content(raw);
        // A line of brackets and commas alone (the opening `[` of a LeetCode list) holds
        // nothing, in every notation.
        if !text.is_empty() && notation::tokens(text).next().is_none() {
            return;
        }
        if text.is_empty() {
            if self.notation == Some(Notation::Board) {
                self.flush_rows("before a blank line");
            }
            return;
        }
        let notation = *self
            .notation
            .get_or_insert_with(|| notation::detect_line(text));
        match notation {
            Notation::Board => self.process_board_row(text),
            Notation::Leetcode => self.process_leetcode(text),
            Notation::Csv => self.process_csv(text),
            single => self.process_single(text, single),
        }
    }

    /// A line of a drawn board (`Q` and `.`): one more row, or the end of the board before it
    /// and an error for the line.
    fn process_board_row(&mut self, text: &str) {
        if notation::is_board_row(text) {
            self.push_row(text, Notation::Board);
        } else {
            self.flush_rows("before a line that is not a row");
            let e = Self::malformed(
                self.line_no,
                NotationError::Malformed(format!(
                    "{:?} is not a board row (only Q and .)",
                    shorten(text)
                )),
                text,
                Notation::Board,
            );
            self.queue.push_back(e);
        }
    }

    /// A line of a LeetCode list: its strings are rows of boards.
    fn process_leetcode(&mut self, text: &str) {
        match notation::leetcode_strings(text) {
            Ok(strings) => {
                for s in strings {
                    if s.is_empty() {
                        let e = self.error(self.line_no, "an empty row \"\"".into());
                        self.queue.push_back(e);
                    } else {
                        self.push_row(s, Notation::Leetcode);
                    }
                }
            }
            Err(e) => {
                self.rows.clear();
                let e = Self::malformed(self.line_no, e, text, Notation::Leetcode);
                self.queue.push_back(e);
            }
        }
    }

    /// A line of one of the tool's CSV tables: a header names the board column, a record
    /// holds one board there, in any one-line notation.
    fn process_csv(&mut self, text: &str) {
        let line = self.line_no;
        if let Some(column) = notation::csv_header_column(text) {
            let fields = csv_fields(text);
            self.csv_rules = fields.first().is_some_and(|f| f.trim() == "piece");
            self.csv_column = Some((column, fields.len()));
            return;
        }
        let Some((column, width)) = self.csv_column else {
            let e = self.error(
                line,
                "CSV without one of the tool's headers before it (index,solution; \
                 index,canonical,…; line,n,board,…; each led by piece,board,group or \
                 piece,surface,group for other rules than the queens')"
                    .into(),
            );
            self.queue.push_back(e);
            return;
        };
        let fields = csv_fields(text);
        if self.csv_rules && self.listed_rules.is_none() && fields.len() > 3 {
            self.listed_rules = Some(fields[..3].join(","));
        }
        // Quotes come in pairs (`""` in a quoted field is one): an odd count leaves one open.
        let unclosed = text.bytes().filter(|&b| b == b'"').count() % 2 == 1;
        let item = if unclosed {
            self.error(line, "malformed: a quote that is not closed".into())
        } else if fields.len() != width {
            let got = fields.len();
            self.error(
                line,
                format!("malformed: {got} fields, where the header has {width}"),
            )
        } else {
            // The board column may be in any one-line notation.
            let field = fields[column].trim();
            let mut inner = notation::detect_line(field);
            if !inner.is_single_line() && inner != Notation::Leetcode {
                inner = Notation::Cols;
            }
            match notation::parse_line(inner, field) {
                Ok(cols) => Ok(RawBoard {
                    line,
                    notation: inner,
                    cols,
                    hint: None,
                }),
                Err(e) => Self::malformed(line, e, "", inner),
            }
        };
        self.queue.push_back(item);
    }

    /// A line in a one-line notation: one board, with a hint where it reads as a board but
    /// not as a solution.
    fn process_single(&mut self, text: &str, notation: Notation) {
        let line = self.line_no;
        let item = match notation::parse_line(notation, text) {
            Ok(cols) => {
                let hint = if is_solution(&cols, notation) {
                    None
                } else {
                    hint_for(text, notation)
                };
                Ok(RawBoard {
                    line,
                    notation,
                    cols,
                    hint,
                })
            }
            Err(e) => Self::malformed(line, e, text, notation),
        };
        self.queue.push_back(item);
    }
}

/// The fields of one CSV record, as the csv crate reads them (the tool writes its CSV with
/// it): commas separate, a field that starts with a double quote is quoted (`""` in it is a
/// quote, commas are text). A line holds one record: only a line feed would end it, and a
/// line has none. An empty line is one empty field.
fn csv_fields(text: &str) -> Vec<String> {
    let mut reader = csv::ReaderBuilder::new()
        .has_headers(false)
        .flexible(true)
        .terminator(csv::Terminator::Any(b'\n'))
        .from_reader(text.as_bytes());
    let mut record = csv::StringRecord::new();
    match reader.read_record(&mut record) {
        Ok(true) => record.iter().map(String::from).collect(),
        // No record (an empty line), or an error, which text (valid UTF-8) cannot give.
        Ok(false) | Err(_) => vec![String::new()],
    }
}

/// At most 40 characters of `text`, for messages.
fn shorten(text: &str) -> String {
    if text.chars().count() <= 40 {
        text.to_string()
    } else {
        text.chars().take(40).collect::<String>() + "…"
    }
}

/// Whether 0-based `cols` read in `notation` are a valid solution of the queens, the loosest
/// rules (a hint names the notation a line reads in, whatever rules the boards are for).
fn is_solution(cols: &[u32], notation: Notation) -> bool {
    notation::in_range(cols, notation).is_ok_and(|cols| validate(&cols, &Rules::QUEENS).is_ok())
}

/// A hint for a line of `text` that did not read in `notation`: the notation it looks like,
/// if that is another one and the line reads there (or is of another kind altogether).
pub(crate) fn hint_for(text: &str, notation: Notation) -> Option<String> {
    if text.is_empty() {
        return None;
    }
    let other = notation::detect_line(text);
    if other == notation {
        return None;
    }
    let valid = other.is_single_line()
        && notation::parse_line(other, text).is_ok_and(|cols| is_solution(&cols, other));
    let numbers = |n: Notation| matches!(n, Notation::Cols | Notation::Cols1 | Notation::Digits);
    if valid {
        Some(format!(
            "it reads as a valid board in {}: use --from {}",
            other.describe(),
            other.name()
        ))
    } else if numbers(other) && numbers(notation) {
        None
    } else {
        Some(format!(
            "it looks like {}: use --from {}",
            other.describe(),
            other.name()
        ))
    }
}

impl<R: BufRead> Iterator for BoardReader<R> {
    type Item = ReadResult;

    fn next(&mut self) -> Option<ReadResult> {
        loop {
            if let Some(item) = self.queue.pop_front() {
                self.judge(&item);
                return Some(item);
            }
            if self.eof {
                return None;
            }
            if self.check_boards && self.line_no == 0 && !self.check_text() {
                return None;
            }
            match self.read_line() {
                Ok(None) => {
                    self.eof = true;
                    self.flush_rows("at the end of the input");
                }
                Ok(Some(too_long)) => {
                    self.line_no += 1;
                    if too_long {
                        // The input ends here: what came before is reported, not what the
                        // rest of an endless line might hold.
                        let stop = LineTooLong {
                            line: self.line_no,
                            limit: MAX_LINE,
                        };
                        self.flush_rows("before an overlong line");
                        let e = self.error(self.line_no, stop.to_string());
                        self.queue.push_back(e);
                        self.overlong = Some(stop);
                        self.eof = true;
                    } else {
                        let buf = std::mem::take(&mut self.buf);
                        let text = String::from_utf8_lossy(&buf);
                        let text = text.strip_suffix('\r').unwrap_or(&text);
                        self.process(text);
                        self.buf = buf;
                    }
                }
                Err(e) => {
                    self.io_error = Some(e);
                    self.eof = true;
                    self.rows.clear();
                }
            }
        }
    }
}

/// Reads exactly one board from `text` (a command-line argument) in `notation`, or in the
/// detected one: the board with its notation, or a one-line reason.
pub fn parse_one(text: &str, notation: Option<Notation>) -> Result<RawBoard, String> {
    let lines = text.trim().lines().count();
    let strip = |e: LineError| {
        if lines <= 1 {
            e.message()
        } else {
            e.to_string()
        }
    };
    let mut reader = BoardReader::new(text.trim().as_bytes(), notation);
    let first = match reader.next() {
        None => return Err("no board".into()),
        Some(r) => r.map_err(strip)?,
    };
    match reader.next() {
        None => Ok(first),
        Some(Ok(_)) => Err("more than one board".into()),
        Some(Err(e)) => Err(strip(e)),
    }
}

/// Reads one solution of size `n` from `text` (a command-line argument) in `notation`, or in
/// the detected one: the board with the notation it was read in, or a one-line reason (`not a
/// solution: …`, `the board has 7 columns but N is 8`).
// The command line's (`list`'s board argument): not part of the library's API.
#[doc(hidden)]
pub fn parse_solution(
    text: &str,
    notation: Option<Notation>,
    n: usize,
) -> Result<(Solution, Notation), String> {
    let raw = parse_one(text, notation).map_err(|e| format!("not a solution: {e}"))?;
    if raw.n() != n {
        return Err(format!(
            "the board has {} but N is {n}",
            plural(raw.n() as u64, "column")
        ));
    }
    let board = raw
        .solution()
        .map_err(|e| format!("not a solution: {}", e.message()))?;
    Ok((board, raw.notation))
}

/// Parses a `cols` text: every line one solution. Blank lines and comments (from `#`) are
/// skipped. Yields each solution or the error of its line.
pub fn parse_cols_text(text: &str) -> impl Iterator<Item = Result<Solution, LineError>> + '_ {
    parse_cols_lines(text).map(|(_, result)| result)
}

/// Like [`parse_cols_text`], with the 1-based line number of every solution too.
pub fn parse_cols_lines(
    text: &str,
) -> impl Iterator<Item = (usize, Result<Solution, LineError>)> + '_ {
    BoardReader::new(text.as_bytes(), Some(Notation::Cols)).map(|r| match r {
        Ok(raw) => (raw.line, raw.solution()),
        Err(e) => (e.line, Err(e)),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(text: &str, notation: Option<Notation>) -> Vec<Result<(usize, String), String>> {
        BoardReader::new(text.as_bytes(), notation)
            .map(|r| {
                r.and_then(|b| b.solution().map(|s| (b.line, s.to_string())))
                    .map_err(|e| e.to_string())
            })
            .collect()
    }

    #[test]
    fn reads_every_notation() {
        let eight = "0 4 7 5 2 6 1 3".to_string();
        for text in [
            "0 4 7 5 2 6 1 3",
            "0,4,7,5,2,6,1,3",
            "[0, 4, 7, 5, 2, 6, 1, 3]",
            "\t0  4 7\t5 2 6 1 3   # comment",
            "\u{FEFF} 0 4 7 5 2 6 1 3\r",
            "1 5 8 6 3 7 2 4",
            "15863724",
            "a8 b2 c4 d1 e7 f5 g3 h6",
            "Q.......\n....Q...\n.......Q\n.....Q..\n..Q.....\n......Q.\n.Q......\n...Q....\n",
            r#"["Q.......","....Q...",".......Q",".....Q..","..Q.....","......Q.",".Q......","...Q...."]"#,
            "index,solution\n1,0 4 7 5 2 6 1 3\n",
        ] {
            let got = read(text, None);
            assert_eq!(got.len(), 1, "{text:?}: {got:?}");
            assert_eq!(got[0].as_ref().map(|g| &g.1), Ok(&eight), "{text:?}");
        }
    }

    #[test]
    fn boards_and_leetcode_lists_give_several_boards() {
        let text = ".Q..\n...Q\nQ...\n..Q.\n\n..Q.\nQ...\n...Q\n.Q..\n";
        let got = read(text, None);
        assert_eq!(
            got,
            vec![Ok((1, "1 3 0 2".into())), Ok((6, "2 0 3 1".into()))]
        );
        let text =
            "[[\".Q..\",\"...Q\",\"Q...\",\"..Q.\"],\n[\"..Q.\",\"Q...\",\"...Q\",\".Q..\"]]";
        let got = read(text, None);
        assert_eq!(
            got,
            vec![Ok((1, "1 3 0 2".into())), Ok((2, "2 0 3 1".into()))]
        );
        let got = read(".Q..\n...Q\n\nQ\n", None);
        assert!(
            got[0]
                .as_ref()
                .unwrap_err()
                .contains("line 1: unfinished board: 2 rows")
        );
        assert_eq!(got[1], Ok((4, "0".into())));
    }

    #[test]
    fn the_first_board_settles_the_notation_and_others_get_hints() {
        let got = read("2 4 1 3\n1 3 0 2\n", None);
        assert!(got[0].is_ok());
        let e = got[1].as_ref().unwrap_err();
        assert!(e.contains("line 2: column 0"), "{e}");
        assert!(e.contains("--from cols"), "{e}");
        let got = read("0 4 7 5 2 6 1 3\na8 b2 c4 d1 e7 f5 g3 h6\n", None);
        assert!(got[1].as_ref().unwrap_err().contains("--from algebraic"));
        let got = read("1 3 0 2\n", Some(Notation::Cols1));
        assert!(got[0].as_ref().unwrap_err().contains("--from cols"));
    }

    #[test]
    fn csv_fields_follow_the_quoting_rules() {
        assert_eq!(
            csv_fields("1,\"[\"\".Q\"\",\"\"Q.\"\"]\",x"),
            ["1", "[\".Q\",\"Q.\"]", "x"]
        );
        assert_eq!(csv_fields(""), [""]);
        assert_eq!(csv_fields("a,,\"b,c\","), ["a", "", "b,c", ""]);
        assert_eq!(csv_fields("1,\"x\r\",2\r"), ["1", "x\r", "2\r"]);
    }

    #[test]
    fn a_csv_record_must_match_its_header() {
        let header = "index,solution\n";
        let got = read(&format!("{header}1,\"1 3 0 2\"\n"), None);
        assert_eq!(got, vec![Ok((2, "1 3 0 2".into()))]);
        let got = read(&format!("{header}1,\"1 3 0 2\n"), None);
        let e = got[0].as_ref().unwrap_err();
        assert!(
            e.contains("line 2: malformed: a quote that is not closed"),
            "{e}"
        );
        let got = read(&format!("{header}1,1 3 0 2,x\n2,2 0 3 1\n"), None);
        let e = got[0].as_ref().unwrap_err();
        assert!(
            e.contains("line 2: malformed: 3 fields, where the header has 2"),
            "{e}"
        );
        assert_eq!(got[1], Ok((3, "2 0 3 1".into())));
    }

    #[test]
    fn an_overlong_line_ends_the_input_with_its_number() {
        let mut text = "0\n".to_string();
        text.push_str(&"1 ".repeat(MAX_LINE));
        text.push_str("\n0\n");
        let mut r = BoardReader::new(text.as_bytes(), None);
        let got: Vec<ReadResult> = r.by_ref().collect();
        assert_eq!(got.len(), 2, "{got:?}");
        assert_eq!(got[0].as_ref().map(|b| b.line), Ok(1));
        assert_eq!(
            got[1].as_ref().unwrap_err().to_string(),
            "line 2: longer than 1 MiB: not a file of boards (no board in any notation \
             comes near that)"
        );
        let stop = r.overlong().unwrap();
        assert_eq!(
            stop,
            LineTooLong {
                line: 2,
                limit: MAX_LINE
            }
        );
        assert_eq!(
            stop.describe("stdin"),
            "line 2 of stdin is longer than 1 MiB: not a file of boards (no board in any \
             notation comes near that)"
        );
    }

    #[test]
    fn an_endless_line_is_given_up_after_the_bound() {
        // Endless input without a line end, as a FIFO fed from /dev/zero or `yes | tr -d '\n'`:
        // the reader stops after at most MAX_LINE + 1 bytes of it.
        let endless = io::BufReader::new(io::repeat(b'7'));
        let mut r = BoardReader::new(endless, None);
        let first = r.next().unwrap().unwrap_err();
        assert_eq!(first.line, 1);
        assert!(r.next().is_none());
        assert_eq!(r.overlong().map(|o| o.line), Some(1));
        assert_eq!(r.bytes_read(), MAX_LINE as u64 + 1);
    }

    #[test]
    fn parse_one_reads_an_argument() {
        assert_eq!(
            parse_one("1 5 8 6 3 7 2 4", None).unwrap().cols,
            [0, 4, 7, 5, 2, 6, 1, 3]
        );
        assert_eq!(
            parse_one("0 1", None)
                .unwrap()
                .solution()
                .unwrap_err()
                .message(),
            "the queens at row 0 column 0 and row 1 column 1 attack each other along a diagonal"
        );
        assert!(parse_one("0\n\n0", None).is_err());
    }

    #[test]
    fn binary_input_is_given_up_at_once() {
        let mut elf = b"\x7fELF\x02\x01\x01\0\0\0\0\0\0\0\0\0\x03\0>\0\n0 4 7 5 2 6 1 3\n".to_vec();
        elf.extend((0..=255u8).cycle().take(3000));
        for input in [
            elf,
            vec![0xff, 0xfe, b'0', b'\n'],
            b"0 4 7 5 2 6 1 3\n\xc3(\n".to_vec(),
        ] {
            let mut r = BoardReader::new(&input[..], None).stop_if_not_boards();
            assert!(r.next().is_none(), "{input:?}");
            assert_eq!(r.not_boards(), Some(NotBoards::NotText));
            assert_eq!(r.not_boards().unwrap().to_string(), "it is not UTF-8 text");
        }
        // Without the check, the same bytes are lines to report.
        let r = BoardReader::new(&b"\0\n\0\n"[..], None);
        assert_eq!(r.count(), 2);
    }

    #[test]
    fn text_is_text_even_with_a_character_cut_at_the_end_of_the_check() {
        assert!(looks_like_text("0 4 7 é".as_bytes()));
        assert!(looks_like_text(&"é".as_bytes()[..1]));
        assert!(!looks_like_text(b"0 \xff"));
        assert!(!looks_like_text(b"0\x004"));
        assert!(looks_like_text(
            b"# caf\xe9 (Latin-1)\n0 4 7 5 2 6 1 3 # \xff\n"
        ));
        assert!(!looks_like_text(b"# ok\n0 4 \xe9\n"));
    }

    #[test]
    fn lines_that_never_read_as_boards_are_given_up_after_a_few() {
        let text = "hello\n# a comment\n\nworld\nfoo\nbar\nbaz\nqux\n0 4 7 5 2 6 1 3\n";
        let mut r = BoardReader::new(text.as_bytes(), None).stop_if_not_boards();
        let got: Vec<ReadResult> = r.by_ref().collect();
        assert_eq!(got.len(), NOT_BOARDS_AFTER);
        assert!(got.iter().all(Result::is_err));
        assert_eq!(r.not_boards(), Some(NotBoards::NoBoardIn(NOT_BOARDS_AFTER)));
        // One board among the first lines: everything is read, bad lines and all.
        let text = "x\nx\nx\nx\n0 4 7 5 2 6 1 3\nx\nx\nx\nx\nx\nx\n";
        let mut r = BoardReader::new(text.as_bytes(), None).stop_if_not_boards();
        let got: Vec<ReadResult> = r.by_ref().collect();
        assert_eq!(got.len(), 11);
        assert_eq!(got.iter().filter(|g| g.is_ok()).count(), 1);
        assert_eq!(r.not_boards(), None);
    }

    #[test]
    fn parse_solution_reads_one_solution_of_the_size_asked_for() {
        let (board, read) = parse_solution("15863724", None, 8).unwrap();
        assert_eq!(
            (board.to_string(), read),
            ("0 4 7 5 2 6 1 3".to_string(), Notation::Digits)
        );
        assert_eq!(
            parse_solution("15863724", None, 9).unwrap_err(),
            "the board has 8 columns but N is 9"
        );
        let attacks = parse_solution("12345678", None, 8).unwrap_err();
        assert!(attacks.starts_with("not a solution: "), "{attacks}");
        let nothing = parse_solution("", None, 8).unwrap_err();
        assert_eq!(nothing, "not a solution: no board");
    }
}
