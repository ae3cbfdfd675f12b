//! Bounded reading of the files other runs wrote: no line of a queens file (table, part row,
//! checkpoint journal) comes near [`MAX_LINE`], so a longer one, or an endless input such as
//! `/dev/zero`, is refused after reading at most that much instead of filling the memory.

use std::fmt;
use std::io::{self, Read};
use std::sync::atomic::{AtomicU64, Ordering};

/// The longest line any queens file may hold: 1 MiB.
pub const MAX_LINE: usize = 1 << 20;

/// The largest whole file read into memory at once (a table, a `--known` file): 64 MiB.
pub const MAX_FILE: u64 = 64 << 20;

/// Why a bounded read stopped; carried inside an [`io::Error`] of kind `InvalidData`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Overlong {
    /// Line `line` (1-based) is longer than `limit` bytes.
    Line {
        /// 1-based line number.
        line: u64,
        /// The bound.
        limit: usize,
    },
    /// The input is larger than `limit` bytes.
    File {
        /// The bound.
        limit: u64,
    },
}

/// `1 MiB`, `64 MiB`, or plain bytes.
fn size(bytes: u64) -> String {
    if bytes >= 1 << 20 && bytes.is_multiple_of(1 << 20) {
        format!("{} MiB", bytes >> 20)
    } else {
        format!("{bytes} bytes")
    }
}

impl fmt::Display for Overlong {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Overlong::Line { line, limit } => write!(
                f,
                "line {line} is longer than {}: not a queens file",
                size(*limit as u64)
            ),
            Overlong::File { limit } => {
                write!(f, "it is larger than {}: not a queens file", size(*limit))
            }
        }
    }
}

impl std::error::Error for Overlong {}

impl Overlong {
    /// The message naming the file: `line 3 of 'x' is longer than 1 MiB: not a queens file`.
    pub fn describe(&self, name: &str) -> String {
        match self {
            Overlong::Line { line, limit } => format!(
                "line {line} of '{name}' is longer than {}: not a queens file",
                size(*limit as u64)
            ),
            Overlong::File { limit } => {
                format!(
                    "'{name}' is larger than {}: not a queens file",
                    size(*limit)
                )
            }
        }
    }

    /// The [`Overlong`] inside `e`, if a bounded reader stopped there (also through a CSV
    /// reader's error).
    pub fn find(e: &io::Error) -> Option<&Overlong> {
        let inner = e.get_ref()?;
        if let Some(o) = inner.downcast_ref::<Overlong>() {
            return Some(o);
        }
        match inner.downcast_ref::<csv::Error>()?.kind() {
            csv::ErrorKind::Io(io) => Overlong::find(io),
            _ => None,
        }
    }

    /// The [`Overlong`] inside a CSV reader's error, if any.
    pub fn in_csv(e: &csv::Error) -> Option<&Overlong> {
        match e.kind() {
            csv::ErrorKind::Io(io) => Overlong::find(io),
            _ => None,
        }
    }
}

/// A reader that fails (an [`io::Error`] holding an [`Overlong`]) once a line is longer than
/// `max_line` bytes or the input longer than `max_total`.
#[derive(Debug)]
pub(crate) struct Bounded<R> {
    inner: R,
    max_line: usize,
    max_total: u64,
    /// Bytes since the last newline.
    in_line: usize,
    /// Newlines seen.
    lines: u64,
    total: u64,
}

impl<R: Read> Bounded<R> {
    /// Lines of at most `max_line` bytes, at most `max_total` bytes in all.
    pub fn new(inner: R, max_line: usize, max_total: u64) -> Bounded<R> {
        Bounded {
            inner,
            max_line,
            max_total,
            in_line: 0,
            lines: 0,
            total: 0,
        }
    }

    /// Lines of at most [`MAX_LINE`], any length in all.
    pub fn lines(inner: R) -> Bounded<R> {
        Bounded::new(inner, MAX_LINE, u64::MAX)
    }
}

impl<R: Read> Read for Bounded<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        // Never read further than one byte past either bound, so an endless input stops.
        let line_room = self.max_line - self.in_line.min(self.max_line) + 1;
        let total_room = (self.max_total - self.total.min(self.max_total)).saturating_add(1);
        let room = buf
            .len()
            .min(line_room)
            .min(usize::try_from(total_room).unwrap_or(usize::MAX));
        let got = self.inner.read(&mut buf[..room])?;
        for &b in &buf[..got] {
            if b == b'\n' {
                self.lines += 1;
                self.in_line = 0;
            } else {
                self.in_line += 1;
                if self.in_line > self.max_line {
                    return Err(io::Error::new(
                        io::ErrorKind::InvalidData,
                        Overlong::Line {
                            line: self.lines + 1,
                            limit: self.max_line,
                        },
                    ));
                }
            }
        }
        self.total += got as u64;
        if self.total > self.max_total {
            return Err(io::Error::new(
                io::ErrorKind::InvalidData,
                Overlong::File {
                    limit: self.max_total,
                },
            ));
        }
        Ok(got)
    }
}

/// A reader that adds the line ends it passes on to a shared counter, so that another thread
/// (a progress report) can tell how far an input of unknown length has been read, blank lines
/// and all, while the reader that consumes it is busy (a CSV reader skips blank lines without
/// returning).
#[derive(Debug)]
pub(crate) struct CountLines<'a, R> {
    inner: R,
    lines: &'a AtomicU64,
}

impl<'a, R: Read> CountLines<'a, R> {
    /// Counts the line ends read from `inner` into `lines`.
    pub fn new(inner: R, lines: &'a AtomicU64) -> CountLines<'a, R> {
        CountLines { inner, lines }
    }
}

impl<R: Read> Read for CountLines<'_, R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let got = self.inner.read(buf)?;
        let ends = buf[..got].iter().filter(|&&b| b == b'\n').count();
        if ends > 0 {
            self.lines.fetch_add(ends as u64, Ordering::Relaxed);
        }
        Ok(got)
    }
}

/// Reads one line (up to and including its newline) from `reader` into `buf`, keeping at most
/// `cap + 1` of its bytes: a longer line is consumed to its end but not held, so that a
/// damaged stretch (a zero-filled hole of gigabytes without a newline) is skipped in bounded
/// memory. Returns the bytes consumed (0 at the end) and whether the line was longer than
/// `cap` (then `buf` holds only its start).
pub(crate) fn read_line_capped(
    reader: &mut impl io::BufRead,
    buf: &mut Vec<u8>,
    cap: usize,
) -> io::Result<(u64, bool)> {
    buf.clear();
    let mut consumed = 0u64;
    // The line's length without its newline.
    let mut line_len = 0u64;
    loop {
        let chunk = match reader.fill_buf() {
            Ok(c) => c,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if chunk.is_empty() {
            break;
        }
        let (take, done) = match chunk.iter().position(|&b| b == b'\n') {
            Some(i) => (i + 1, true),
            None => (chunk.len(), false),
        };
        line_len += (take - usize::from(done)) as u64;
        let room = (cap + 1).saturating_sub(buf.len());
        buf.extend_from_slice(&chunk[..take.min(room)]);
        reader.consume(take);
        consumed += take as u64;
        if done {
            break;
        }
    }
    Ok((consumed, line_len > cap as u64))
}

/// Reads all of `input` as UTF-8 text, lines of at most [`MAX_LINE`], at most [`MAX_FILE`] in
/// all.
pub fn read_to_string(input: impl Read) -> io::Result<String> {
    read_to_string_at_most(input, MAX_FILE)
}

/// Reads all of `input` as UTF-8 text, lines of at most [`MAX_LINE`], at most `max_total`
/// bytes in all (for inputs far smaller than a table: a partial board).
pub fn read_to_string_at_most(input: impl Read, max_total: u64) -> io::Result<String> {
    let mut text = String::new();
    Bounded::new(input, MAX_LINE, max_total).read_to_string(&mut text)?;
    Ok(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_endless_line_stops_after_the_bound() {
        let e = read_to_string(io::repeat(0)).unwrap_err();
        let o = Overlong::find(&e).unwrap();
        assert_eq!(
            o,
            &Overlong::Line {
                line: 1,
                limit: MAX_LINE
            }
        );
        assert_eq!(
            o.describe("x"),
            "line 1 of 'x' is longer than 1 MiB: not a queens file"
        );
    }

    #[test]
    fn a_capped_line_is_consumed_to_its_end_and_held_in_part() {
        let text = b"ab\n0123456789\nxy";
        let mut r = io::BufReader::with_capacity(3, &text[..]);
        let mut buf = Vec::new();
        assert_eq!(read_line_capped(&mut r, &mut buf, 4).unwrap(), (3, false));
        assert_eq!(buf, b"ab\n");
        assert_eq!(read_line_capped(&mut r, &mut buf, 4).unwrap(), (11, true));
        assert_eq!(buf, b"01234");
        assert_eq!(read_line_capped(&mut r, &mut buf, 4).unwrap(), (2, false));
        assert_eq!(buf, b"xy");
        assert_eq!(read_line_capped(&mut r, &mut buf, 4).unwrap(), (0, false));
        assert!(buf.is_empty());
    }

    #[test]
    fn line_ends_are_added_to_the_shared_counter_as_they_are_read() {
        let lines = AtomicU64::new(5);
        let mut r = CountLines::new(&b"a\n\n\nbb\nc"[..], &lines);
        let mut two = [0u8; 2];
        r.read_exact(&mut two).unwrap();
        assert_eq!(lines.load(Ordering::Relaxed), 6);
        r.read_to_end(&mut Vec::new()).unwrap();
        assert_eq!(lines.load(Ordering::Relaxed), 9);
    }

    #[test]
    fn the_line_number_and_the_total_are_counted() {
        let text = "a\nbb\nccccc\n";
        let e = Bounded::new(text.as_bytes(), 4, 100)
            .read_to_end(&mut Vec::new())
            .unwrap_err();
        assert_eq!(
            Overlong::find(&e),
            Some(&Overlong::Line { line: 3, limit: 4 })
        );
        let mut ok = String::new();
        Bounded::new(text.as_bytes(), 5, 100)
            .read_to_string(&mut ok)
            .unwrap();
        assert_eq!(ok, text);
        let endless_lines = io::repeat(b'\n');
        let e = Bounded::new(endless_lines, 5, 1000)
            .read_to_end(&mut Vec::new())
            .unwrap_err();
        assert_eq!(Overlong::find(&e), Some(&Overlong::File { limit: 1000 }));
    }
}
