//! Parsing lists of board sizes: `8`, `4-12`, `8,10,12-14`.

use crate::board::{MAX_N, MIN_N};

/// Parses a list of board sizes: comma-separated items, each a size or an inclusive range
/// `a-b` with `a ≤ b`. Sizes must lie in 1 to 32. Duplicates are dropped, first one kept.
pub fn parse_sizes(text: &str) -> Result<Vec<usize>, String> {
    parse_sizes_from(text, MIN_N)
}

/// Parses a list of board sizes to count (`count`, `verify`): as [`parse_sizes`], from 0 (the
/// empty board, A000170's a(0) = 1) to 32.
pub fn parse_count_sizes(text: &str) -> Result<Vec<usize>, String> {
    parse_sizes_from(text, 0)
}

/// Parses a list of board sizes in `min` to 32.
fn parse_sizes_from(text: &str, min: usize) -> Result<Vec<usize>, String> {
    let size = |s: &str| -> Result<usize, String> {
        let s = s.trim();
        let n: usize = s
            .parse()
            .map_err(|_| format!("'{s}' is not a board size (expected a number like 8, a range like 4-12, or a list like 8,10,12-14)"))?;
        if (min..=MAX_N).contains(&n) {
            Ok(n)
        } else if n == 0 {
            Err(format!(
                "board size 0 is outside {min} to {MAX_N} here (n = 0, the empty board, is \
                 counted by `queens count 0` and `queens verify 0`)"
            ))
        } else {
            Err(format!("board size {n} is outside {min} to {MAX_N}"))
        }
    };
    let mut out = Vec::new();
    for item in text.split(',') {
        if item.trim().is_empty() {
            return Err(format!("empty item in the list '{text}'"));
        }
        let range = match item.split_once('-') {
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
            parse_sizes("33").unwrap_err(),
            "board size 33 is outside 1 to 32"
        );
        assert!(parse_sizes("0").unwrap_err().contains("`queens count 0`"));
    }

    #[test]
    fn counts_take_the_empty_board() {
        assert_eq!(parse_count_sizes("0-3").unwrap(), vec![0, 1, 2, 3]);
        assert_eq!(parse_count_sizes("0").unwrap(), vec![0]);
        assert_eq!(
            parse_count_sizes("33").unwrap_err(),
            "board size 33 is outside 0 to 32"
        );
    }
}
