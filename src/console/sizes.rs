//! Parsing lists of board sizes: `8`, `4-12`, `8,10,12-14`.

use crate::board::{MAX_COUNT_N, MAX_N, MIN_N};
use crate::plan::Engine;
use crate::rules::Rules;

/// Parses a list of board sizes: comma-separated items, each a size or an inclusive range
/// `a-b` with `a ≤ b`. Sizes must lie in 1 to 32. Duplicates are dropped, first one kept.
pub fn parse_sizes(text: &str) -> Result<Vec<usize>, String> {
    parse_sizes_from(text, MIN_N, MAX_N)
}

/// Parses a list of board sizes to count (`count`, `verify`): as [`parse_sizes`], from 0 (the
/// empty board, A000170's a(0) = 1) to 64, the largest board the torus engine counts; what
/// the count asked for takes ([`check_counted`]) is checked once its rules are known.
pub fn parse_count_sizes(text: &str) -> Result<Vec<usize>, String> {
    parse_sizes_from(text, 0, MAX_COUNT_N)
}

/// Checks that every size of `sizes` is counted: to [`Engine::largest_size`] for the rules
/// of `counted_by` (64 for the pieces on the torus with the symmetric engine), or to 32 where
/// it is `None` (the fixed-board searches, the completions of given queens, `verify`). The
/// error names the first size beyond, in one line.
///
/// ```
/// use queens::{console::sizes::check_counted, plan::Engine, rules::Rules};
/// assert!(check_counted(&[35], Some((Engine::Symmetric, &Rules::TORUS_QUEENS))).is_ok());
/// let e = check_counted(&[30, 35], Some((Engine::Symmetric, &Rules::QUEENS))).unwrap_err();
/// assert!(e.starts_with("board size 35 is outside 0 to 32"), "{e}");
/// ```
pub fn check_counted(sizes: &[usize], counted_by: Option<(Engine, &Rules)>) -> Result<(), String> {
    let largest = counted_by.map_or(MAX_N, |(engine, rules)| engine.largest_size(rules));
    match sizes.iter().find(|&&n| n > largest) {
        None => Ok(()),
        Some(&n) if n <= MAX_COUNT_N => Err(format!(
            "board size {n} is outside 0 to {largest} here (only `queens count N --board \
             torus` counts to {MAX_COUNT_N}: the queens, the symmetric engine, without --piece \
             superqueen, --given, --blocked or --fixed-only)"
        )),
        Some(&n) => Err(format!("board size {n} is outside 0 to {largest}")),
    }
}

/// Parses a list of board sizes in `min` to `max`.
fn parse_sizes_from(text: &str, min: usize, max: usize) -> Result<Vec<usize>, String> {
    let size = |s: &str| -> Result<usize, String> {
        let s = s.trim();
        let n: usize = s
            .parse()
            .map_err(|_| format!("'{s}' is not a board size (expected a number like 8, a range like 4-12, or a list like 8,10,12-14)"))?;
        if (min..=max).contains(&n) {
            Ok(n)
        } else if n == 0 {
            Err(format!(
                "board size 0 is outside {min} to {max} here (n = 0, the empty board, is \
                 counted by `queens count 0` and `queens verify 0`)"
            ))
        } else {
            Err(format!("board size {n} is outside {min} to {max}"))
        }
    };
    let mut out = Vec::new();
    for item in text.split(',') {
        if item.trim().is_empty() {
            return Err(format!("empty item in the list '{text}'"));
        }
        let range = match item.split_once('-') {
            // `-1`, `-3-5`: a range with no start is a negative size.
            Some((a, _)) if a.trim().is_empty() => {
                return Err(format!(
                    "'{}' is not a board size: board sizes are whole numbers from {min} up",
                    item.trim()
                ));
            }
            Some((a, b)) => {
                let (a, b) = (size(a)?, size(b)?);
                if a > b {
                    return Err(format!("the range {a}-{b} runs backwards (write {b}-{a})"));
                }
                a..=b
            }
            None => {
                let n = size(item)?;
                n..=n
            }
        };
        for n in range {
            if !out.contains(&n) {
                out.push(n);
            }
        }
    }
    Ok(out)
}

/// Parses one board size in 1 to 32.
pub fn parse_size(text: &str) -> Result<usize, String> {
    // A word that is no number is not offered a range or a list, which a single size is not.
    if !text.contains([',', '-']) && text.trim().parse::<usize>().is_err() {
        return Err(format!(
            "'{}' is not a board size (expected a number like 8)",
            text.trim().escape_debug()
        ));
    }
    match parse_sizes(text)?.as_slice() {
        [n] if !text.contains([',', '-']) => Ok(*n),
        _ => Err(format!("expected a single board size, got '{text}'")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_lists_and_ranges() {
        assert_eq!(parse_sizes("8").unwrap(), vec![8]);
        assert_eq!(parse_sizes("4-6").unwrap(), vec![4, 5, 6]);
        assert_eq!(parse_sizes("8,10,12-14").unwrap(), vec![8, 10, 12, 13, 14]);
        assert_eq!(parse_sizes("8,8,7-9").unwrap(), vec![8, 7, 9]);
    }

    #[test]
    fn rejects_bad_lists() {
        for bad in ["0", "33", "abc", "9-4", "8,,9", "", "-3", "1-", "8,"] {
            assert!(parse_sizes(bad).is_err(), "{bad}");
        }
        assert!(parse_size("4-5").is_err());
        assert_eq!(
            parse_size("abc").unwrap_err(),
            "'abc' is not a board size (expected a number like 8)"
        );
        assert_eq!(parse_size(" 8 ").unwrap(), 8);
        assert_eq!(
            parse_sizes("33").unwrap_err(),
            "board size 33 is outside 1 to 32"
        );
        assert!(parse_sizes("0").unwrap_err().contains("`queens count 0`"));
        // A negative size is named as written, not as the empty start of a range.
        assert_eq!(
            parse_count_sizes("8,-1").unwrap_err(),
            "'-1' is not a board size: board sizes are whole numbers from 0 up"
        );
    }

    #[test]
    fn counts_take_the_empty_board() {
        assert_eq!(parse_count_sizes("0-3").unwrap(), vec![0, 1, 2, 3]);
        assert_eq!(parse_count_sizes("0").unwrap(), vec![0]);
        // To 64 when parsed; the rules decide what a count takes.
        assert_eq!(parse_count_sizes("33,64").unwrap(), vec![33, 64]);
        assert_eq!(
            parse_count_sizes("65").unwrap_err(),
            "board size 65 is outside 0 to 64"
        );
        let torus = Some((Engine::Symmetric, &Rules::TORUS_QUEENS));
        assert_eq!(check_counted(&[0, 35, 64], torus), Ok(()));
        assert_eq!(
            check_counted(&[65], torus),
            Err("board size 65 is outside 0 to 64".to_string())
        );
        for plain in [
            None,
            Some((Engine::Enumerate, &Rules::TORUS_QUEENS)),
            Some((Engine::Symmetric, &Rules::QUEENS)),
            Some((Engine::Symmetric, &Rules::SUPERQUEENS)),
        ] {
            assert_eq!(check_counted(&[0, 32], plain), Ok(()));
            let e = check_counted(&[8, 33], plain).unwrap_err();
            assert!(
                e.starts_with("board size 33 is outside 0 to 32 here"),
                "{e}"
            );
            assert!(e.contains("--board torus"), "{e}");
        }
    }
}
