//! `verify`'s verdict on one size: the `PASS …`/`FAIL …` line, and where two plans disagree.

use queens::formats::table::Row;
use queens::verify::{Source, Verdict};

/// The columns on which two complete counts of one size differ, or `None` if they agree on
/// every one (total, the three class types, the half- and quarter-turn fixed boards).
pub fn disagreement(a: &queens::Counts, b: &queens::Counts) -> Option<String> {
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

/// Whether a size passed, and its `PASS …`/`FAIL …` line: `summary` with the verdict of
/// `row` against `known`, and with `two_ways` (the two splits, `ring and outer-ring`) the
/// second plan's agreement (`disagreement`: the columns on which the two plans differ).
pub fn verdict_line(
    row: &Row,
    known: &queens::verify::KnownTable,
    two_ways: Option<&str>,
    summary: &str,
    disagreement: Option<String>,
) -> (bool, String) {
    match (&row.verdict, two_ways, disagreement) {
        (_, _, Some(what)) => (
            false,
            format!("FAIL {summary}: the two plans disagree: {what}"),
        ),
        (Verdict::Verified, None, _) => (true, format!("PASS {summary}")),
        (Verdict::Verified, Some(_), _) => (
            true,
            format!("PASS {summary}: both plans agree, and with the published values"),
        ),
        (Verdict::Unknown, None, _) => (
            false,
            format!(
                "FAIL {summary}: no published value to compare with (--two-ways verifies \
                 it with two independent plans)"
            ),
        ),
        (Verdict::Unknown, Some(pair), _) => (
            true,
            format!("PASS {summary}: both plans agree on every column ({pair}; nothing published)"),
        ),
        (Verdict::Mismatch(_), _, _) => (
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn disagreement_names_every_column_that_differs_and_both_plans() {
        let a = queens::count(8).unwrap();
        assert_eq!(disagreement(&a, &a), None);
        let mut b = a.clone();
        b.plan = "symmetric-border-burnside-v1".into();
        b.total += 8;
        b.classes.asymmetric += 1;
        let what = disagreement(&a, &b).unwrap();
        assert!(
            what.starts_with(
                "total 92 (symmetric-ring-v9) against 100 (symmetric-border-burnside-v1)"
            ),
            "{what}"
        );
        assert!(what.contains("asymmetric 11"), "{what}");
        assert!(!what.contains("half_turn"), "{what}");
    }
}
