//! The line `queens verify` writes for one board size: `PASS n=8: total 92, classes 12 (…)`
//! (other rules named: `PASS n=11 (superqueen-plane): total 44, classes 6 under D4 (…)`)
//! or `FAIL …` with the reason: the row's verdict against the table verified against, and,
//! counted two ways (`--two-ways`), whether the two plans agree.

use crate::Counts;
use crate::formats::table::Row;
use crate::verify::{KnownTable, Source, Verdict};

/// How a size was counted: once, or by two plans of the symmetric engine (`--two-ways`).
#[derive(Clone, Copy, Debug)]
pub enum Ways<'a> {
    /// Counted once.
    One,
    /// Both splits hand the size to the same plan (named; n = 0: the enumerate search): it
    /// was counted once, and the line says so rather than claiming that two plans agree.
    OnePlan(&'a str),
    /// Counted by two plans: `pair` names their splits (`ring and outer-ring`), `first` and
    /// `second` are the two counts.
    Two {
        /// The two splits, as the line names them.
        pair: &'a str,
        /// The count of the first plan (the one `row` holds).
        first: &'a Counts,
        /// The count of the second plan.
        second: &'a Counts,
    },
}

/// Whether size `row` passed, and its `PASS …`/`FAIL …` line: its verdict against `known`,
/// and counted two `ways`, whether the plans agree (a disagreement fails whatever the
/// published values say; with nothing published, agreement passes).
pub fn verify_line(row: &Row, known: &KnownTable, ways: Ways) -> (bool, String) {
    // Other rules than the queens' are named, with the group of their classes, as in
    // `Counts`' line: `n=11 (superqueen-plane): total 44, classes 6 under D4 (…)`.
    let (rules, under) = match row.rules.is_queens() {
        true => (String::new(), String::new()),
        false => (
            format!(" ({})", row.rules),
            format!(" under {}", row.group.name()),
        ),
    };
    let mut summary = format!(
        "n={}{rules}: total {}, classes {}{under} ({} asymmetric, {} half_turn, {} quarter_turn)",
        row.n,
        row.total,
        row.classes.total(),
        row.classes.asymmetric,
        row.classes.half_turn,
        row.classes.quarter_turn
    );
    if let Ways::OnePlan(plan) = ways {
        summary += &format!(
            " (one way only: both splits count n = {} with plan {plan})",
            row.n
        );
    }
    // n = 0 counted once (both ways are one plan there): the empty board is the one
    // arrangement of no pieces, a solution under every rules and a class of its own, fixed by every
    // symmetry; where nothing is published (the variants' sequences start at n = 1), that
    // definition is what it is checked against (a --known file without n = 0 still fails it).
    if row.n == 0
        && matches!(row.verdict, Verdict::Unknown | Verdict::TwoWays)
        && !matches!(ways, Ways::Two { .. })
        && matches!(known.source(), Source::Published)
    {
        let c = &row.classes;
        return match (row.total, c.asymmetric, c.half_turn, c.quarter_turn) {
            (1, 0, 0, 1) => (
                true,
                format!(
                    "PASS {summary}: the empty board, by definition (one arrangement of \
                     no pieces, a class of its own; nothing published)"
                ),
            ),
            _ => (
                false,
                format!(
                    "FAIL {summary}: the empty board is one arrangement of no pieces, a \
                     class of its own (total 1, classes 1 quarter_turn)"
                ),
            ),
        };
    }
    let pair = match ways {
        Ways::Two {
            pair,
            first,
            second,
        } => {
            if let Some(what) = disagreement(first, second) {
                return (
                    false,
                    format!("FAIL {summary}: the two plans disagree: {what}"),
                );
            }
            Some(pair)
        }
        _ => None,
    };
    match (&row.verdict, pair) {
        (Verdict::Verified, None) => (true, format!("PASS {summary}")),
        (Verdict::Verified, Some(_)) => (
            true,
            format!("PASS {summary}: both plans agree, and with the published values"),
        ),
        (Verdict::Unknown | Verdict::TwoWays, None) => (
            false,
            match known.source() {
                Source::Published => format!(
                    "FAIL {summary}: no published value to compare with (--two-ways verifies \
                     it with two independent plans)"
                ),
                source @ Source::File(_) => format!(
                    "FAIL {summary}: {}: not verified",
                    crate::formats::table::lacking_text(source, &[row.n])
                ),
            },
        ),
        (Verdict::Unknown | Verdict::TwoWays, Some(pair)) => (
            true,
            format!(
                "PASS {summary}: both plans agree on every column ({pair}; {})",
                match known.source() {
                    Source::Published => "nothing published".to_string(),
                    source => crate::formats::table::lacking_text(source, &[row.n]),
                }
            ),
        ),
        (Verdict::Mismatch(_), _) => (
            false,
            match known.source() {
                Source::Published => format!("FAIL {summary}: {}", row.verdict.describe()),
                source @ Source::File(_) => format!(
                    "FAIL {summary}: {}: {}",
                    source.against(),
                    row.verdict.describe_against(source)
                ),
            },
        ),
    }
}

/// The columns on which two complete counts of one size differ, or `None` if they agree on
/// every one (total, the three class types, the half- and quarter-turn fixed boards).
fn disagreement(a: &Counts, b: &Counts) -> Option<String> {
    let columns = [
        ("total", a.total, b.total),
        ("asymmetric", a.classes.asymmetric, b.classes.asymmetric),
        ("half_turn", a.classes.half_turn, b.classes.half_turn),
        (
            "quarter_turn",
            a.classes.quarter_turn,
            b.classes.quarter_turn,
        ),
        ("fixed by a half turn", a.fixed_half_turn, b.fixed_half_turn),
        (
            "fixed by a quarter turn",
            a.fixed_quarter_turn,
            b.fixed_quarter_turn,
        ),
    ];
    let differ: Vec<String> = columns
        .iter()
        .filter(|(_, x, y)| x != y)
        .map(|(name, x, y)| format!("{name} {x} ({}) against {y} ({})", a.plan, b.plan))
        .collect();
    (!differ.is_empty()).then(|| differ.join(", "))
}

#[cfg(test)]
mod tests {
    use super::*;

    const SUMMARY_8: &str =
        "n=8: total 92, classes 12 (11 asymmetric, 1 half_turn, 0 quarter_turn)";

    fn row_of(counts: &Counts) -> Row {
        Row::from_counts(counts)
    }

    #[test]
    fn disagreement_names_every_column_that_differs_and_both_plans() {
        let a = crate::count(8).unwrap();
        assert_eq!(disagreement(&a, &a), None);
        let mut b = a.clone();
        b.plan = "symmetric-border-burnside-v1".into();
        b.total += 8;
        b.classes.asymmetric += 1;
        let what = disagreement(&a, &b).unwrap();
        assert!(
            what.starts_with(&format!(
                "total 92 ({}) against 100 (symmetric-border-burnside-v1)",
                a.plan
            )),
            "{what}"
        );
        assert!(what.contains("asymmetric 11"), "{what}");
        assert!(!what.contains("half_turn"), "{what}");
    }

    #[test]
    fn one_way_lines_pass_on_the_published_values_only() {
        let a = crate::count(8).unwrap();
        let known = KnownTable::embedded();
        assert_eq!(
            verify_line(&row_of(&a), known, Ways::One),
            (true, format!("PASS {SUMMARY_8}"))
        );
        assert_eq!(
            verify_line(&row_of(&a), known, Ways::OnePlan("enumerate")),
            (
                true,
                format!(
                    "PASS {SUMMARY_8} (one way only: both splits count n = 8 with plan enumerate)"
                )
            )
        );
        let mut wrong = a.clone();
        wrong.total = 93;
        let (passed, line) = verify_line(&row_of(&wrong), known, Ways::One);
        assert!(!passed);
        assert!(
            line.ends_with(": total computed 93 but published 92"),
            "{line}"
        );
        let mut unpublished = row_of(&a);
        unpublished.verdict = Verdict::Unknown;
        let (passed, line) = verify_line(&unpublished, known, Ways::One);
        assert!(!passed);
        assert!(
            line.contains("no published value to compare with"),
            "{line}"
        );
    }

    #[test]
    fn the_empty_board_is_checked_against_its_definition_where_nothing_is_published() {
        let rules = crate::rules::Rules::SUPERQUEENS;
        let zero = crate::Counter::new(0).rules(rules).count().unwrap();
        let known = KnownTable::published(&rules);
        let mut row = row_of(&zero);
        row.reverify(known);
        assert_eq!(row.verdict, Verdict::Unknown, "nothing published at n = 0");
        let (passed, line) = verify_line(&row, known, Ways::OnePlan("enumerate"));
        assert!(passed, "{line}");
        assert!(
            line.ends_with(": the empty board, by definition (one arrangement of no pieces, a class of its own; nothing published)"),
            "{line}"
        );
        // A wrong count of the empty board fails, whatever the plans.
        for wrong in [(0, 0, 0, 0), (2, 0, 0, 1), (1, 1, 0, 0), (1, 0, 1, 0)] {
            let mut bad = row.clone();
            (bad.total, bad.classes.asymmetric, bad.classes.half_turn) =
                (wrong.0, wrong.1, wrong.2);
            bad.classes.quarter_turn = wrong.3;
            let (passed, line) = verify_line(&bad, known, Ways::OnePlan("enumerate"));
            assert!(!passed, "{line}");
            assert!(
                line.contains("the empty board is one arrangement"),
                "{line}"
            );
        }
        // Counted once (no --two-ways), the same check.
        let (passed, line) = verify_line(&row, known, Ways::One);
        assert!(passed, "{line}");
        assert!(line.ends_with(": the empty board, by definition (one arrangement of no pieces, a class of its own; nothing published)"), "{line}");
        assert!(!line.contains("one way only"), "{line}");
    }

    #[test]
    fn two_way_lines_fail_on_any_disagreement_and_pass_on_agreement() {
        let a = crate::count(8).unwrap();
        let known = KnownTable::embedded();
        let two = |first, second| Ways::Two {
            pair: "ring and outer-ring",
            first,
            second,
        };
        assert_eq!(
            verify_line(&row_of(&a), known, two(&a, &a)),
            (
                true,
                format!("PASS {SUMMARY_8}: both plans agree, and with the published values")
            )
        );
        let mut unpublished = row_of(&a);
        unpublished.verdict = Verdict::Unknown;
        assert_eq!(
            verify_line(&unpublished, known, two(&a, &a)).1,
            format!(
                "PASS {SUMMARY_8}: both plans agree on every column (ring and outer-ring; \
                 nothing published)"
            )
        );
        let mut b = a.clone();
        b.fixed_half_turn += 1;
        let (passed, line) = verify_line(&row_of(&a), known, two(&a, &b));
        assert!(!passed);
        assert!(
            line.starts_with(&format!(
                "FAIL {SUMMARY_8}: the two plans disagree: fixed by a half turn"
            )),
            "{line}"
        );
    }

    #[test]
    fn a_mismatch_with_a_known_file_names_the_file() {
        let a = crate::count(8).unwrap();
        let mut known_row = KnownTable::embedded().lookup(8).unwrap().clone();
        known_row.total = Some(93);
        let file = KnownTable::from_rows(vec![known_row], Source::File("r.csv".into())).unwrap();
        let mut row = row_of(&a);
        row.reverify(&file);
        let (passed, line) = verify_line(&row, &file, Ways::One);
        assert!(!passed);
        assert_eq!(
            line,
            format!("FAIL {SUMMARY_8}: against 'r.csv': total 93 there, 92 here")
        );
    }
}
