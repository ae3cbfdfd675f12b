//! Solutions of the n-queens problem and their text notations.
//!
//! A solution is a permutation: `cols[r]` is the column (0-based) of the queen in row `r`,
//! row 0 first. It is written and read in several notations ([`notation`]: `cols`
//! `0 4 7 5 2 6 1 3`, `cols1` `1 5 8 6 3 7 2 4`, `digits`, chess `algebraic`, `board`,
//! `leetcode`, the tool's `csv`); [`reader`] reads a stream of them in constant memory.

pub mod notation;
pub mod reader;

mod solution;

pub use reader::{parse_cols_lines, parse_cols_text};
pub use solution::{InvalidSolution, LineError, ParseSolutionError, Solution, plural, validate};
pub(crate) use solution::{MAX_COUNT_N, MAX_N, MIN_N};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Rules, TEST_RULES};

    #[test]
    fn parses_and_prints_cols() {
        let s: Solution = "0 4 7 5 2 6 1 3".parse().unwrap();
        assert_eq!(s.cols(), &[0, 4, 7, 5, 2, 6, 1, 3]);
        assert_eq!(s.to_string(), "0 4 7 5 2 6 1 3");
        assert_eq!(s.n(), 8);
    }

    #[test]
    fn prints_board() {
        let s: Solution = "1 3 0 2".parse().unwrap();
        assert_eq!(s.to_board_string(), ".Q..\n...Q\nQ...\n..Q.\n");
    }

    #[test]
    fn rejects_bad_lines_with_reasons() {
        let e = |t: &str| t.parse::<Solution>().unwrap_err().to_string();
        assert!(e("").contains("empty"));
        assert!(e("0  1").contains("diagonal"));
        assert_eq!(
            "[1, 3,0 ,2]".parse::<Solution>().unwrap().to_string(),
            "1 3 0 2"
        );
        assert!(e("0 x 2").contains("field 2"));
        assert!(e("0 1 2").contains("diagonal"));
        assert!(e("0 0").contains("column 0"));
        assert!(e("0 5").contains("outside"));
        assert!(e("0 99999999999999999999999").contains("outside"));
        let long = vec!["0"; 40].join(" ");
        assert!(e(&long).contains("1 to 32"));
    }

    #[test]
    fn text_parser_names_line_numbers_and_skips_comments() {
        let text = "# eight queens\n\n0 4 7 5 2 6 1 3\n0 1\n";
        let results: Vec<_> = parse_cols_text(text).collect();
        assert_eq!(results.len(), 2);
        assert!(results[0].is_ok());
        assert_eq!(results[1].as_ref().unwrap_err().line, 4);
    }

    #[test]
    fn validate_follows_the_rules() {
        // A solution of the plane's 6 queens; the torus of 6 has none: rows 0 and 2 (columns
        // 1 and 5) share a diagonal that wraps around the board.
        let six = [1, 3, 5, 0, 2, 4];
        assert_eq!(validate(&six, &Rules::QUEENS), Ok(()));
        let wrapped = InvalidSolution::Attack {
            first: 0,
            second: 2,
            first_col: 1,
            second_col: 5,
            rules: TEST_RULES,
        };
        assert_eq!(validate(&six, &TEST_RULES), Err(wrapped.clone()));
        assert_eq!(
            wrapped.to_string(),
            "the pieces at row 0 column 1 and row 2 column 5 attack each other under the rules queen-torus"
        );
        assert_eq!(
            notation::explain(&wrapped, notation::Notation::Cols1, 6),
            "the queens at row 1 column 2 and row 3 column 6 (counted from 1) attack each other under the rules queen-torus"
        );
        assert_eq!(
            notation::explain(&wrapped, notation::Notation::Algebraic, 6),
            "b6 and f4 attack each other under the rules queen-torus"
        );
        // A plain diagonal is one under both rules.
        assert!(matches!(
            validate(&[0, 1], &TEST_RULES),
            Err(InvalidSolution::DiagonalAttack {
                first: 0,
                second: 1,
                ..
            })
        ));
        // The torus of 5 keeps the plane's 10 solutions, and they are valid under both.
        for cols in crate::rules::brute_force_solutions(TEST_RULES, 5) {
            assert_eq!(validate(&cols, &Rules::QUEENS), Ok(()));
            assert_eq!(validate(&cols, &TEST_RULES), Ok(()));
        }
    }
}
