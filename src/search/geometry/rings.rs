//! The ring plans' geometry: the ring lines, up to eight queens on them as bit masks, the
//! filling of lines with queens free of attacks, and the keys that order placements.

use crate::rules::{Piece, Rules};
use crate::symmetry::Transform;

/// A line of the board: a row or a column, by index.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Line {
    /// Row `r`.
    Row(usize),
    /// Column `c`.
    Col(usize),
}

/// Up to eight queens on an `n × n` board, with the lines they hold as masks, so that an
/// attack test is four bit tests. Its fields are the geometry's: the plans read the queens
/// through [`Queens::squares`] and add them by [`Queens::place`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Queens {
    /// Bit `r`: row `r` holds a queen.
    pub(super) rows: u32,
    /// Bit `c`: column `c` holds a queen.
    pub(super) cols: u32,
    /// Bit `c + (n − 1) − r`: the diagonal on which column grows with row holds a queen
    /// (`c − r` is constant along it; the index is 0..=2n−2, so 64 bits cover every n up to
    /// 32).
    pub(super) down: u64,
    /// Bit `r + c`: the diagonal on which column shrinks as row grows holds a queen.
    pub(super) up: u64,
    /// How many entries of `at` are queens.
    len: usize,
    /// The queens' squares `(row, column)`, in the order placed.
    at: [(u8, u8); 8],
    /// The rules of the pieces (the plane's): a superqueen also attacks the knight's squares,
    /// which [`Queens::place`] tests against [`Queens::squares`].
    rules: Rules,
}

impl Queens {
    /// No queen.
    pub(crate) const EMPTY: Queens = Queens {
        rows: 0,
        cols: 0,
        down: 0,
        up: 0,
        len: 0,
        at: [(0, 0); 8],
        rules: Rules::QUEENS,
    };

    /// No piece, under `rules` (of the plane board: the ring plans' geometry is the plane's).
    pub(crate) fn under(rules: Rules) -> Queens {
        Queens {
            rules,
            ..Queens::EMPTY
        }
    }

    /// The rules of the pieces.
    pub(crate) fn rules(&self) -> Rules {
        self.rules
    }

    /// The queens' squares.
    pub(crate) fn squares(&self) -> &[(u8, u8)] {
        &self.at[..self.len]
    }

    /// The queens with one more on `(r, c)`, or `None` if a queen already holds its row,
    /// column or one of its diagonals (or, for superqueens, stands a knight's move away).
    pub(crate) fn place(&self, n: usize, r: usize, c: usize) -> Option<Queens> {
        let (rb, cb) = (1u32 << r, 1u32 << c);
        let (db, ub) = (1u64 << (c + n - 1 - r), 1u64 << (r + c));
        if (self.rows & rb) | (self.cols & cb) != 0 || (self.down & db) | (self.up & ub) != 0 {
            return None;
        }
        if self.rules.piece == Piece::Superqueen
            && self.squares().iter().any(|&(qr, qc)| {
                let (dr, dc) = ((qr as usize).abs_diff(r), (qc as usize).abs_diff(c));
                (dr, dc) == (1, 2) || (dr, dc) == (2, 1)
            })
        {
            return None;
        }
        let mut q = *self;
        q.rows |= rb;
        q.cols |= cb;
        q.down |= db;
        q.up |= ub;
        q.at[q.len] = (r as u8, c as u8);
        q.len += 1;
        Some(q)
    }
}

/// Calls `visit` once for every way to extend `q` so that each of `lines` holds exactly one
/// queen and no two queens attack each other, adding queens only on `lines`.
///
/// Lines are filled in order: one that already holds a queen (a corner shared with an earlier
/// line, or a queen of `q`) is skipped, otherwise each free square of the line is tried in
/// increasing order. A final set of queens determines every choice (each line's queen is
/// forced or chosen), so each extension is visited exactly once, in increasing order of the
/// squares chosen.
pub(crate) fn fill_lines(n: usize, lines: &[Line], q: &Queens, visit: &mut impl FnMut(&Queens)) {
    let Some((&line, rest)) = lines.split_first() else {
        visit(q);
        return;
    };
    match line {
        Line::Row(r) if q.rows & (1 << r) != 0 => fill_lines(n, rest, q, visit),
        Line::Col(c) if q.cols & (1 << c) != 0 => fill_lines(n, rest, q, visit),
        Line::Row(r) => {
            for c in 0..n {
                if let Some(next) = q.place(n, r, c) {
                    fill_lines(n, rest, &next, visit);
                }
            }
        }
        Line::Col(c) => {
            for r in 0..n {
                if let Some(next) = q.place(n, r, c) {
                    fill_lines(n, rest, &next, visit);
                }
            }
        }
    }
}

/// Where the queen of each ring line is stored in a [`Key`], for one board size.
#[derive(Clone, Debug)]
pub(crate) struct Slots {
    pub(crate) n: usize,
    /// `row_slot[r]`: the key entry holding the column of row `r`'s queen, or `NONE`.
    pub(crate) row_slot: [u8; 32],
    /// `col_slot[c]`: the key entry holding the row of column `c`'s queen, or `NONE`.
    pub(crate) col_slot: [u8; 32],
}

/// A placement written as the position of the queen on each ring line, in the entries
/// `[row 0, row n−1, column 0, column n−1, row 1, row n−2, column 1, column n−2]` (the
/// column of a row's queen, the row of a column's queen); `NONE` for a line without one. The
/// outer ring comes first, so the key of a placement on both rings begins with that of its outer
/// placement. Keys compare lexicographically.
pub(crate) type Key = [u8; 8];

/// A key entry for a line without a queen (or a line not in any ring).
pub(crate) const NONE: u8 = u8::MAX;

impl Slots {
    /// The slots of the outer ring and of the ring `k` lines in from the edge (rows `k` and
    /// `n − 1 − k`, columns `k` and `n − 1 − k`), which take the entries of the second ring.
    pub(crate) fn with_inner_ring(n: usize, k: usize) -> Slots {
        let mut s = Slots {
            n,
            row_slot: [NONE; 32],
            col_slot: [NONE; 32],
        };
        // Inner lines first, so that for n < 4, where rings overlap, the outer entries win;
        // the plans only use rings for n ≥ MIN_RING_N, where their lines are distinct.
        let far = n.saturating_sub(1 + k);
        for (line, slot) in [(k, 4), (far, 5), (0, 0), (n - 1, 1)] {
            s.row_slot[line] = slot;
            s.col_slot[line] = slot + 2;
        }
        s
    }

    /// The key of a set of queens on ring lines.
    pub(crate) fn key(&self, squares: impl IntoIterator<Item = (usize, usize)>) -> Key {
        let mut key = [NONE; 8];
        for (r, c) in squares {
            if let Some(k) = key.get_mut(self.row_slot[r] as usize) {
                *k = c as u8;
            }
            if let Some(k) = key.get_mut(self.col_slot[c] as usize) {
                *k = r as u8;
            }
        }
        key
    }

    /// The key of the image of `q` under `g`.
    pub(crate) fn image_key(&self, g: Transform, q: &Queens) -> Key {
        let n = self.n;
        self.key(
            q.squares()
                .iter()
                .map(|&(r, c)| g.apply_to_square(n, r as usize, c as usize)),
        )
    }
}

/// The lines of the ring `k` lines in from the edge (`k < n − 1 − k`), in the order of their
/// key entries: rows `k` and `n − 1 − k`, columns `k` and `n − 1 − k`.
pub(crate) fn ring_lines(n: usize, k: usize) -> [Line; 4] {
    [
        Line::Row(k),
        Line::Row(n - 1 - k),
        Line::Col(k),
        Line::Col(n - 1 - k),
    ]
}

/// The innermost ring of size `n` (≥ 4): the one `(n − 2) / 2` lines in from the edge, whose
/// rows are the two middle ones for an even `n` and those on either side of the middle one
/// for an odd `n`.
pub(crate) fn innermost_ring(n: usize) -> usize {
    (n - 2) / 2
}
