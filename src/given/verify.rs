//! `verify --given`: the completions of a partial board and their classes counted two
//! independent ways, and the line that judges them. Nothing is published about completions,
//! so the check is the two ways' agreement:
//! - the first is [`Partial::count`] on the kernels (the givens and blocked squares as a
//!   kernel interior, classes by Burnside's lemma over the subgroup);
//! - the second lists every completion and counts the classes as the completions that are
//!   their own least image under the subgroup (orbits, no fixed-point search): by the plain
//!   backtracking over the free rows where the first ran on a kernel, else (rules or boards
//!   the kernels do not take, where the first was the plain search) by the enumerate
//!   engine's every solution of the rules, filtered for the givens and the blocked squares.

use super::{Completions, Partial, Search};
use crate::search::kernel::Kernel;
use std::ops::ControlFlow;

/// What the second way found: the completions, their classes, and the way's name.
// The command line's (`console::given`, under `cli`): not part of the library's API.
#[doc(hidden)]
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SecondWay {
    /// The completions.
    pub total: u128,
    /// Their classes, by least images.
    pub classes: u128,
    /// `plain backtracking`, or `enumerate-and-filter`.
    pub way: &'static str,
}

/// The two ways' counts of `p` (the first on `kernel` with `threads` threads).
// The command line's (`console::given`, under `cli`): not part of the library's API.
#[doc(hidden)]
pub fn two_ways(p: &Partial, kernel: Kernel, threads: usize) -> (Completions, SecondWay) {
    let first = p.count(Search::Kernel(kernel), threads);
    let group = p.group();
    let (mut total, mut classes) = (0u128, 0u128);
    let mut visit = |cols: &[u8]| {
        total += 1;
        classes += u128::from(group.canonical(cols) == cols);
    };
    let way = if first.search == "plain" {
        let given = p.given();
        let blocked = p.blocked();
        let holds = |cols: &[u8]| {
            given.iter().all(|&(r, c)| usize::from(cols[r]) == c)
                && blocked.iter().all(|&(r, c)| usize::from(cols[r]) != c)
        };
        crate::search::engines::enumerate::for_each_solution_under(p.rules(), p.n(), |cols| {
            if holds(cols) {
                visit(cols);
            }
            ControlFlow::Continue(())
        });
        "enumerate-and-filter"
    } else {
        p.for_each_completion(visit);
        "plain backtracking"
    };
    (
        first,
        SecondWay {
            total,
            classes,
            way,
        },
    )
}

/// The verdict of the two ways: whether they agree, and the line naming the board size, the
/// givens, the blocked squares, the rules, the group and both counts: `PASS n=8, given a8,
/// blocked c1 (queen-plane): 2 completions, 2 classes under {id}, a subgroup of D4: the
/// avx512 kernel and the plain backtracking agree`.
// The command line's (`console::given`, under `cli`): not part of the library's API.
#[doc(hidden)]
pub fn verify_line(p: &Partial, first: &Completions, second: &SecondWay) -> (bool, String) {
    let passed = (first.total, first.classes) == (second.total, second.classes);
    let head = format!(
        "n={}, given {}, blocked {} ({})",
        p.n(),
        Partial::names(p.given(), p.n()),
        Partial::names(p.blocked(), p.n()),
        p.rules()
    );
    let of = match first.group.of() {
        crate::rules::Group::Square => "D4",
        crate::rules::Group::Torus => "the torus group",
    };
    let group = format!("{}, a subgroup of {of}", first.group.name());
    let first_way = match first.search {
        "plain" => "the plain search".to_string(),
        kernel => format!("the {kernel} kernel"),
    };
    let counts = |total: u128, classes: u128| {
        let total = crate::board::plural(total as u64, "completion");
        format!("{total}, {}", crate::board::plural(classes as u64, "class"))
    };
    let line = if passed {
        format!(
            "PASS {head}: {} under {group}: {first_way} and the {} agree",
            counts(first.total, first.classes),
            second.way
        )
    } else {
        format!(
            "FAIL {head}: {first_way} counts {} under {group}; the {} {}",
            counts(first.total, first.classes),
            second.way,
            counts(second.total, second.classes)
        )
    };
    (passed, line)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Rules;

    #[test]
    fn the_two_ways_agree_and_a_disagreement_fails_naming_both() {
        let p = Partial::parse(8, Rules::QUEENS, "a8", "").unwrap();
        let kernel = Kernel::available()[0];
        let (first, second) = two_ways(&p, kernel, 1);
        assert_eq!(
            (second.total, second.classes, second.way),
            (4, 2, "plain backtracking")
        );
        let (passed, line) = verify_line(&p, &first, &second);
        assert!(passed);
        assert_eq!(
            line,
            format!(
                "PASS n=8, given a8, blocked - (queen-plane): 4 completions, 2 classes under \
                 {{id, transpose}}, a subgroup of D4: the {} kernel and the plain backtracking \
                 agree",
                kernel.name()
            )
        );
        let wrong = SecondWay { total: 5, ..second };
        let (passed, line) = verify_line(&p, &first, &wrong);
        assert!(!passed);
        assert!(line.starts_with("FAIL n=8, given a8, blocked - (queen-plane): the "));
        assert!(line.ends_with("the plain backtracking 5 completions, 2 classes"));
        // The torus: the kernels do not take it, so the second way enumerates and filters.
        let t = Partial::parse(7, Rules::TORUS_QUEENS, "a7", "").unwrap();
        let (first, second) = two_ways(&t, kernel, 1);
        assert_eq!(
            (first.search, second.way),
            ("plain", "enumerate-and-filter")
        );
        assert_eq!((first.total, first.classes), (4, 1)); // A071607(7) = 4
        assert_eq!((second.total, second.classes), (4, 1));
    }
}
