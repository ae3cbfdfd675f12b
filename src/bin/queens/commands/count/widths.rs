//! The streamed human table's lines, in widths fixed before the first row from the published
//! counts of the sizes asked for.

use crate::cli::SearchArgs;
use queens::formats::table;

/// One line of the streamed human table: the `columns` of `fields`, in `widths`.
pub fn human_line(fields: &[String; 12], widths: &[usize; 12], columns: &[usize]) -> String {
    let picked: Vec<&str> = columns.iter().map(|&i| fields[i].as_str()).collect();
    let w: Vec<usize> = columns.iter().map(|&i| widths[i]).collect();
    table::layout(columns).with_widths(&w).line(&picked)
}

/// The widths of the streamed human table: [`table::streamed_widths`] of the sizes, engine and
/// threads asked for.
pub fn column_widths(sizes: &[usize], search: &SearchArgs) -> [usize; 12] {
    table::streamed_widths(sizes, search.engine(), search.thread_count())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::{Cli, Command};
    use clap::Parser;

    /// The header line of the streamed table of `count ARGS…`, as its widths lay it out.
    fn header_line(args: &[&str]) -> String {
        let cli = Cli::try_parse_from([&["queens", "count"], args].concat()).unwrap();
        let Command::Count(count) = cli.command else {
            unreachable!("a count")
        };
        let widths = column_widths(&count.sizes.0, &count.search);
        let columns = (count.outputs.columns()).map_or_else(table::human_columns, <[_]>::to_vec);
        human_line(&table::CSV_HEADER.map(String::from), &widths, &columns)
    }

    #[test]
    fn the_default_table_fits_100_columns_up_to_the_published_record() {
        // Widths only grow with the sizes asked for, so 0-27 bounds every range up to 27.
        for threads in ["1", "2", "64"] {
            let line = header_line(&["0-27", "--threads", threads]);
            let width = line.trim_end().chars().count();
            assert!(
                width <= 100,
                "{width} characters on {threads} threads: {line}"
            );
        }
        let line = header_line(&["0-27", "--threads", "1"]);
        // What the header measures for n up to 27 (README: "Exports for papers and OEIS").
        assert_eq!(line.trim_end().chars().count(), 95, "{line}");
        assert_eq!(
            line.split_whitespace().collect::<Vec<_>>(),
            table::HUMAN_COLUMNS
        );
        assert!(header_line(&["1-16", "--threads", "1"]).trim_end().len() <= 100);
        // Every column at once is wider: that is what --columns all is for.
        let all = header_line(&["0-27", "--threads", "1", "--columns", "all"]);
        assert!(all.trim_end().chars().count() > 100, "{all}");
    }
}
