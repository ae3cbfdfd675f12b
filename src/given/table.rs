//! The table of `count --given`/`--blocked`: one row per board size, aligned, then a line of
//! the rules, the group, the threads and the seconds.

use super::{Completions, Partial};
use crate::rules::{Group, Rules};

/// The columns of [`table`], in order.
const HEADER: [&str; 8] = [
    "n",
    "given",
    "blocked",
    "completions",
    "classes",
    "group",
    "nodes",
    "search",
];

/// The completions of each partial board (`counts[i]` of `partials[i]`) as an aligned table:
/// a row each of `n`, the givens, the blocked squares, the completions, their classes, the
/// group they are classes under, the nodes and the search (numbers right-aligned, words
/// left-aligned, two spaces apart), then a line of the threads and the seconds in all.
// The command line's (`console::given`, under `cli`): not part of the library's API.
#[doc(hidden)]
pub fn table(partials: &[Partial], counts: &[Completions]) -> String {
    let cells: Vec<[String; 8]> = counts
        .iter()
        .zip(partials)
        .map(|(c, p)| cells(p, c))
        .collect();
    let widths: [usize; 8] = std::array::from_fn(|i| {
        let widest = cells.iter().map(|r| r[i].chars().count()).max();
        widest.unwrap_or(0).max(HEADER[i].len())
    });
    let line = |r: [&str; 8]| {
        let mut out = String::new();
        for (i, cell) in r.iter().enumerate() {
            let pad = " ".repeat(widths[i] - cell.chars().count());
            if matches!(i, 0 | 3 | 4 | 6) {
                out += &format!("{pad}{cell}  ");
            } else {
                out += &format!("{cell}{pad}  ");
            }
        }
        out.trim_end().to_string() + "\n"
    };
    let mut text = line(HEADER);
    for r in &cells {
        text += &line(std::array::from_fn(|i| r[i].as_str()));
    }
    let seconds: f64 = counts.iter().map(|c| c.seconds).sum();
    let threads = counts.first().map_or(1, |c| c.threads);
    let caption = counts
        .first()
        .map_or_else(String::new, |c| caption(&c.rules, c.group.of()) + "; ");
    text += &format!("{caption}threads {threads}, {seconds:.2} seconds in all\n");
    text
}

/// `queens on the plane; classes under the symmetries of D4 that keep the givens and the
/// blocked squares`: the rules and the group the subgroup of the classes is of, in words.
pub(crate) fn caption(rules: &Rules, group: Group) -> String {
    let piece = rules.piece.plural();
    let group = match group {
        Group::Square => "D4",
        Group::Torus => "the torus group (D4 with the n² shifts)",
    };
    format!(
        "{piece} on the {}; classes under the symmetries of {group} that keep the givens and \
         the blocked squares",
        rules.surface.name()
    )
}

/// The cells of one row of the table: n, the givens, the blocked squares, the completions,
/// their classes, the group they are classes under, the nodes and the search.
pub(crate) fn cells(p: &Partial, c: &Completions) -> [String; 8] {
    [
        c.n.to_string(),
        Partial::names(p.given(), p.n()),
        Partial::names(p.blocked(), p.n()),
        c.total.to_string(),
        c.classes.to_string(),
        c.group.name(),
        c.nodes.to_string(),
        c.search.to_string(),
    ]
}

#[cfg(test)]
mod tests {
    use super::super::Search;
    use super::*;

    #[test]
    fn the_table_aligns_numbers_right_and_words_left() {
        let p8 = Partial::parse(8, Rules::QUEENS, "a8", "").unwrap();
        let p10 = Partial::parse(10, Rules::QUEENS, "a10", "c1 d4").unwrap();
        let partials = [p8, p10];
        let counts: Vec<Completions> = partials
            .iter()
            .map(|p| Completions {
                seconds: 0.25,
                ..p.count(Search::Plain, 2)
            })
            .collect();
        let expected = [
            " n  given  blocked  completions  classes  group            nodes  search",
            " 8  a8     -                  4        2  {id, transpose}    227  plain",
            "10  a10    d4 c1             48       48  {id}              2995  plain",
            "queens on the plane; classes under the symmetries of D4 that keep the givens and \
             the blocked squares; threads 2, 0.50 seconds in all",
        ];
        assert_eq!(table(&partials, &counts), expected.join("\n") + "\n");
    }
}
