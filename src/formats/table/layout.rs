//! One table layout for every table the crate prints: headings and rows laid out as an
//! aligned text table for people, as CSV, or as a Markdown pipe table. The result tables
//! ([`super`]), `queens count`'s streamed table and `queens classify` all use it.

use std::io;

/// The layout of a table: its headings, which columns are aligned left (text) rather than
/// right (numbers), and the width of every column in the aligned text form.
///
/// ```
/// use queens::formats::table::Layout;
/// let mut t = Layout::new(&["n", "board"], |i| i == 1);
/// t.fit(&["10", "1 3 5"]);
/// assert_eq!(t.header(), " n  board\n");
/// assert_eq!(t.line(&["8", "2 4"]), " 8  2 4\n");
/// assert_eq!(t.markdown_header(), "| n | board |\n| --: | :-- |\n");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Layout {
    headings: Vec<String>,
    left: Vec<bool>,
    widths: Vec<usize>,
}

impl Layout {
    /// A layout of `headings`, column `i` aligned left where `left(i)` and right otherwise,
    /// each column as wide as its heading until [`Layout::fit`] widens it.
    pub fn new<S: AsRef<str>>(headings: &[S], left: impl Fn(usize) -> bool) -> Layout {
        Layout {
            headings: headings.iter().map(|h| h.as_ref().to_string()).collect(),
            left: (0..headings.len()).map(left).collect(),
            widths: headings.iter().map(|h| h.as_ref().len()).collect(),
        }
    }

    /// The same layout with its column widths set to `widths` (fixed before the first row, as
    /// a streamed table needs); a field wider than its column still shows in full.
    pub fn with_widths(mut self, widths: &[usize]) -> Layout {
        self.widths = widths.to_vec();
        self
    }

    /// Widens the columns to hold `row`.
    pub fn fit<S: AsRef<str>>(&mut self, row: &[S]) {
        for (w, f) in self.widths.iter_mut().zip(row) {
            *w = (*w).max(f.as_ref().len());
        }
    }

    /// The headings as one aligned line.
    pub fn header(&self) -> String {
        self.line(&self.headings)
    }

    /// One aligned line: `fields` in the columns' widths, two spaces apart, no trailing
    /// spaces, a line end.
    pub fn line<S: AsRef<str>>(&self, fields: &[S]) -> String {
        let parts: Vec<String> = fields
            .iter()
            .zip(self.widths.iter().zip(&self.left))
            .map(|(f, (&w, &left))| {
                let f = f.as_ref();
                if left {
                    format!("{f:<w$}")
                } else {
                    format!("{f:>w$}")
                }
            })
            .collect();
        parts.join("  ").trim_end().to_string() + "\n"
    }

    /// The whole aligned table of `rows`: the columns fitted to every row, the header, then
    /// a line per row.
    pub fn human<R: AsRef<[S]>, S: AsRef<str>>(mut self, rows: &[R]) -> String {
        for r in rows {
            self.fit(r.as_ref());
        }
        let mut out = self.header();
        for r in rows {
            out += &self.line(r.as_ref());
        }
        out
    }

    /// The headings of a Markdown pipe table and its alignment line.
    pub fn markdown_header(&self) -> String {
        let align: Vec<&str> = self
            .left
            .iter()
            .map(|&left| if left { ":--" } else { "--:" })
            .collect();
        self.markdown_line(&self.headings) + &format!("| {} |\n", align.join(" | "))
    }

    /// One row of a Markdown pipe table, its cells escaped ([`markdown_cell`]).
    pub fn markdown_line<S: AsRef<str>>(&self, fields: &[S]) -> String {
        let cells: Vec<String> = fields.iter().map(|f| markdown_cell(f.as_ref())).collect();
        format!("| {} |\n", cells.join(" | "))
    }

    /// The headings as one CSV record.
    pub fn csv_header(&self) -> io::Result<String> {
        csv_line(&self.headings)
    }
}

/// Escapes the characters that would break a Markdown table cell (`|` and `\`).
pub fn markdown_cell(text: &str) -> String {
    text.replace('\\', "\\\\").replace('|', "\\|")
}

/// One CSV record with its line end, fields quoted where CSV needs it.
pub fn csv_line<S: AsRef<[u8]>>(fields: &[S]) -> io::Result<String> {
    let mut w = csv::WriterBuilder::new()
        .has_headers(false)
        .from_writer(Vec::new());
    w.write_record(fields)?;
    let bytes = w.into_inner().map_err(|e| e.into_error())?;
    Ok(String::from_utf8_lossy(&bytes).into_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_aligned_table_fits_its_widest_cell_and_trims_the_line_end() {
        let t = Layout::new(&["line", "board", "class"], |i| i == 1);
        let rows = [["1", "2 4 1 3", ""], ["12", "1", "7"]];
        assert_eq!(
            t.human(&rows),
            "line  board    class\n   1  2 4 1 3\n  12  1            7\n"
        );
    }

    #[test]
    fn fixed_widths_stretch_for_a_wider_field() {
        let t = Layout::new(&["n", "x"], |_| false).with_widths(&[2, 1]);
        assert_eq!(t.line(&["123", "4"]), "123  4\n");
        assert_eq!(t.header(), " n  x\n");
    }

    #[test]
    fn markdown_escapes_cells_and_csv_quotes_where_needed() {
        let t = Layout::new(&["a", "b"], |i| i == 0);
        assert_eq!(t.markdown_line(&["x|y", "1\\2"]), "| x\\|y | 1\\\\2 |\n");
        assert_eq!(t.markdown_header(), "| a | b |\n| :-- | --: |\n");
        assert_eq!(
            csv_line(&["a,b", "c\"d", "e"]).unwrap(),
            "\"a,b\",\"c\"\"d\",e\n"
        );
        assert_eq!(t.csv_header().unwrap(), "a,b\n");
    }
}
