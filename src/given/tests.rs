//! The partial board's forms and refusals, and its two searches against each other.

use super::*;
use crate::rules::Rules;

#[test]
fn every_form_reads_the_same_partial_board() {
    let q = Rules::QUEENS;
    let squares = Partial::parse(8, q, "e7, a8", "c1").unwrap();
    assert_eq!(squares.given(), &[(0, 0), (1, 4)]);
    assert_eq!(squares.blocked(), &[(7, 2)]);
    let cols = Partial::parse(8, q, "0 4 - - - - - -", "- - - - - - - 2").unwrap();
    let digits = Partial::parse(8, q, "15------", "-------3").unwrap();
    let board = "Q.......\n....Q...\n........\n........\n........\n........\n........\n..x.....";
    let board = Partial::parse(8, q, board, "").unwrap();
    let leetcode = r#"["Q.......","....Q...","........","........","........","........","........","..x....."]"#;
    let leetcode = Partial::parse(8, q, leetcode, "").unwrap();
    for p in [cols, digits, board, leetcode] {
        assert_eq!(p, squares);
    }
    assert_eq!(Partial::parse(8, q, "", "").unwrap().given(), &[]);
}

#[test]
fn refusals_name_the_squares() {
    let q = Rules::QUEENS;
    let e = |g: &str, b: &str| Partial::parse(8, q, g, b).unwrap_err().to_string();
    assert_eq!(e("a8 i1", ""), "i1 is off the 8×8 board");
    assert_eq!(e("a9", ""), "a9 is off the 8×8 board");
    assert_eq!(e("a8 h8", ""), "the given queens a8 and h8 share a row");
    assert_eq!(e("a8 a8", ""), "a8 is given twice");
    assert_eq!(e("", "c1 d4 c1"), "c1 is blocked twice");
    // An `x` of the givens' board and the same square among the blocked ones.
    let board = format!("x.......{}", "\n........".repeat(7));
    assert_eq!(e(&board, "a8"), "a8 is blocked twice");
    assert_eq!(e("b8", "b8"), "the given queen b8 is on a blocked square");
    assert_eq!(e("a8 b6 c8", ""), "the given queens a8 and c8 share a row");
    assert_eq!(
        e("a8 h1", ""),
        "the given queens a8 and h1 attack each other (queen-plane)"
    );
    let write = "write a file letter and a rank, such as a8, or a row and a column from 0, \
                 such as r0c0";
    assert_eq!(e("z", ""), format!("'z' is not a square: {write}"));
    assert_eq!(
        e("a8\0b2", ""),
        format!("'a8\\0b2' is not a square: {write}")
    );
    // A rank or a row is digits alone: no sign, no leading zero.
    for word in ["a+1", "a08", "a0x", "r+1c2", "r01c2", "r1c", "rc"] {
        assert_eq!(
            e(word, ""),
            format!("'{word}' is not a square: {write}"),
            "{word}"
        );
    }
    assert_eq!(e("r8c0", ""), "r8c0 is off the 8×8 board");
    assert_eq!(
        e("r0c0 r7c7", ""),
        "the given queens a8 and h1 attack each other (queen-plane)"
    );
    // Where n > 26 the squares are named by row and column, and read back so.
    let big = Partial::parse(30, q, "r0c0 r29c5 b2", "r3c3").unwrap();
    let names = Partial::names(big.given(), 30);
    assert_eq!(names, "r0c0 r28c1 r29c5");
    let again = Partial::parse(30, q, &names, "r3c3").unwrap();
    assert_eq!(
        (again.given(), again.blocked()),
        (big.given(), big.blocked())
    );
    assert_eq!(
        Partial::parse(30, q, "aa1", "").unwrap_err().to_string(),
        "'aa1' is not a square: write a row and a column from 0, such as r0c0 (files run from a \
         to z only)"
    );
    let s = Partial::parse(8, Rules::SUPERQUEENS, "a8 b6", "").unwrap_err();
    assert_eq!(
        s.to_string(),
        "the given queens a8 and b6 attack each other (superqueen-plane)"
    );
    let too_many: Vec<Square> = vec![(0, 0), (1, 1), (2, 2), (0, 1)];
    assert_eq!(
        Partial::new(3, q, &too_many, &[]).unwrap_err(),
        GivenError::TooMany { given: 4, n: 3 }
    );
    assert_eq!(
        Partial::parse(33, q, "", "").unwrap_err(),
        GivenError::Size(33)
    );
}

#[test]
fn the_plain_and_kernel_searches_agree_and_the_plain_one_lists_what_it_counts() {
    let p = Partial::parse(10, Rules::QUEENS, "b10", "e5 f6").unwrap();
    let mut listed = Vec::new();
    let total = p.for_each_completion(|cols| listed.push(cols.to_vec()));
    assert_eq!(total as usize, listed.len());
    assert!(listed.windows(2).all(|w| w[0] < w[1]));
    let plain = p.count(Search::Plain, 2);
    assert_eq!(plain.total, total);
    for k in Kernel::available() {
        let kernel = p.count(Search::Kernel(k), 2);
        assert_eq!((kernel.total, kernel.search), (total, k.name()));
        assert_eq!(kernel.classes, plain.classes);
    }
}
