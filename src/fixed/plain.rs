//! The second way to P and R, written apart from the symmetric engine's Burnside searches
//! (`search::engines::burnside`) and sharing nothing with them but the rules' attack test
//! ([`Rules::attacks`]): a table of each square's attacks drawn square by square from that
//! test, and a plain search over the top rows that places each queen together with its image
//! under the half turn in the mirror row (and, for odd n, a queen on the centre square first,
//! its own image). Every board it completes is fixed by the half turn (P); each is then tested
//! for the quarter turn directly on its columns (R): a board fixed by a quarter turn is fixed
//! by the half turn, so R needs no search of its own.

use crate::rules::Rules;

/// One unit's counts: the boards fixed by the half turn, those of them fixed by the quarter
/// turn too, and the pairs placed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PlainCount {
    /// Boards fixed by the half turn.
    pub half_turn: u64,
    /// Boards fixed by the quarter turn (among the above).
    pub quarter_turn: u64,
    /// Pairs of queens placed (a queen and its image: one partial board each).
    pub nodes: u64,
}

/// The search of size `n` under some rules: their attacks as a table.
#[derive(Clone, Debug)]
pub struct Pairs {
    n: usize,
    /// Per square `r·n + c`: the squares of each row that a piece there attacks, as column
    /// bits, its whole own row included (one piece per row).
    attacks: Vec<[u32; 32]>,
    /// Per top row `r`: the columns `c` whose piece does not attack its own image
    /// `(n−1−r, n−1−c)`.
    pair_ok: Vec<u32>,
}

/// The state of the search: the squares attacked in each row, and the columns placed.
#[derive(Clone, Copy)]
struct Board {
    attacked: [u32; 32],
    cols: [u8; 32],
}

impl Pairs {
    /// The search of size `n` (1 to 32) under `rules` (the plane's: their attacks are kept by
    /// the half and quarter turns).
    pub fn new(rules: Rules, n: usize) -> Pairs {
        assert!((1..=32).contains(&n), "board size {n} outside 1 to 32");
        let attacks = (0..n * n)
            .map(|sq| {
                let (r, c) = (sq / n, sq % n);
                let mut rows = [0u32; 32];
                for (row, bits) in rows.iter_mut().enumerate().take(n) {
                    for col in 0..n {
                        if row == r || rules.attacks(n, (r, c), (row, col)) {
                            *bits |= 1 << col;
                        }
                    }
                }
                rows
            })
            .collect();
        let m = n - 1;
        let pair_ok = (0..n / 2)
            .map(|r| {
                (0..n)
                    .filter(|&c| !rules.attacks(n, (r, c), (m - r, m - c)))
                    .fold(0, |bits, c| bits | 1 << c)
            })
            .collect();
        Pairs {
            n,
            attacks,
            pair_ok,
        }
    }

    /// `board` with a piece on `(r, c)`.
    fn place(&self, mut board: Board, r: usize, c: usize) -> Board {
        for (a, b) in board.attacked.iter_mut().zip(&self.attacks[r * self.n + c]) {
            *a |= b;
        }
        board.cols[r] = c as u8;
        board
    }

    /// The columns of row `r` where a piece and its image in row `n−1−r` both stand free.
    fn candidates(&self, r: usize, board: &Board) -> u32 {
        let (n, m) = (self.n, self.n - 1);
        let free = |row: usize| !board.attacked[row] & (u32::MAX >> (32 - n));
        // The image of column c is column m − c: reverse the bits of the mirror row's free
        // squares within the n columns.
        let mirrored = free(m - r).reverse_bits() >> (32 - n);
        free(r) & mirrored & self.pair_ok[r]
    }

    /// The boards fixed by the half turn whose piece in row 0 is in column `first`, and how
    /// many of them the quarter turn fixes.
    pub fn count(&self, first: usize) -> PlainCount {
        self.count_listing(first, &mut |_| ())
    }

    /// [`Pairs::count`], passing every board fixed by the half turn to `on_board` (its column
    /// list, row 0 first).
    pub fn count_listing(&self, first: usize, on_board: &mut dyn FnMut(&[u8])) -> PlainCount {
        let (n, m) = (self.n, self.n - 1);
        let mut out = PlainCount::default();
        let mut board = Board {
            attacked: [0; 32],
            cols: [0; 32],
        };
        if n % 2 == 1 {
            board = self.place(board, n / 2, n / 2);
        }
        if n == 1 {
            if first == 0 {
                self.leaf(&board, &mut out, on_board);
            }
            return out;
        }
        if self.candidates(0, &board) & 1 << first == 0 {
            return out;
        }
        out.nodes += 1;
        let board = self.place(self.place(board, 0, first), m, m - first);
        self.go(1, board, &mut out, on_board);
        out
    }

    fn go(&self, r: usize, board: Board, out: &mut PlainCount, on_board: &mut dyn FnMut(&[u8])) {
        if r == self.n / 2 {
            return self.leaf(&board, out, on_board);
        }
        let m = self.n - 1;
        let mut cands = self.candidates(r, &board);
        while cands != 0 {
            let c = cands.trailing_zeros() as usize;
            cands &= cands - 1;
            out.nodes += 1;
            self.go(
                r + 1,
                self.place(self.place(board, r, c), m - r, m - c),
                out,
                on_board,
            );
        }
    }

    /// A complete board: fixed by the half turn by construction; fixed by the quarter turn
    /// `(r, c) → (c, n−1−r)` when the piece of row `p[r]` stands in column `n−1−r` for every r.
    fn leaf(&self, board: &Board, out: &mut PlainCount, on_board: &mut dyn FnMut(&[u8])) {
        let (n, p) = (self.n, &board.cols);
        on_board(&p[..n]);
        out.half_turn += 1;
        let quarter = (0..n).all(|r| p[p[r] as usize] as usize == n - 1 - r);
        out.quarter_turn += u64::from(quarter);
    }
}
