//! The interior of a ring placement: the attacks of the ring queens read by rows and by
//! columns, the four search orders, their estimated costs, and the interior the kernel counts.

use super::rings::Queens;
use crate::rules::{Piece, Rules};
use crate::search::kernel::{Interior, MAX_DEPTH};
#[cfg(test)]
use crate::symmetry::Transform;

/// The low `width` bits (0 to 32): the columns of an interior `width` columns wide.
fn low_bits(width: usize) -> u32 {
    // `u32::MAX >> (32 − width)` keeps the low `width` bits (and would overflow for width 0).
    if width == 0 {
        0
    } else {
        u32::MAX >> (32 - width)
    }
}

/// An interior of the pieces of `rules` on the columns `inner`, of which `cols` are held,
/// with no free line yet.
fn no_line(inner: u32, cols: u32, rules: Rules) -> Interior {
    Interior {
        depth: 0,
        inner,
        cols,
        blocked: [0; MAX_DEPTH],
        shift: [0; MAX_DEPTH],
        rules,
    }
}

/// The interior of a ring placement given by its squares (no two attacking; any orientation,
/// as the rings are symmetric) inside `margin` lines on each side: the free rows
/// `margin..n − margin` on the columns `margin..n − margin`, in masks of `n − 2·margin` bits
/// (bit `c − margin` = column `c`); margin 0 for a placement of the ring plans. A plain
/// builder, square by square, that the tests hold [`oriented_interior`] to: a square is
/// blocked where a ring piece attacks it by the rules' one predicate, [`Rules::attacks`].
#[cfg(test)]
pub(crate) fn interior_within(
    n: usize,
    squares: &[(usize, usize)],
    margin: usize,
    rules: Rules,
) -> Interior {
    let inner = low_bits(n - 2 * margin);
    // The board's row `c` bit mask, shifted down `margin` so that column `margin` is bit 0;
    // the columns below fall off the shift and those from n − margin on are cut off by `inner`.
    let to_inner = |full: u64| (full >> margin) as u32 & inner;
    let mut held_rows = 0u64;
    let mut held_cols = 0u64;
    for &(r, c) in squares {
        held_rows |= 1 << r;
        held_cols |= 1 << c;
    }
    let mut it = no_line(inner, to_inner(held_cols), rules);
    let mut previous = 0;
    for r in margin..n - margin {
        if held_rows & (1 << r) != 0 {
            continue;
        }
        let mut attacked = 0u64;
        for c in 0..n {
            // The ring pieces' columns are held: only the other attacks are blocked squares.
            if held_cols & (1 << c) == 0 && squares.iter().any(|&q| rules.attacks(n, q, (r, c))) {
                attacked |= 1 << c;
            }
        }
        let i = it.depth;
        it.blocked[i] = to_inner(attacked);
        if i > 0 {
            it.shift[i - 1] = (r - previous) as u32;
        }
        previous = r;
        it.depth += 1;
    }
    it
}

/// The attacks of a ring placement on its interior, read both ways: by rows (for searches
/// that go down or up the board) and by columns (for the transposed searches). The interior
/// is the lines `margin..n − margin` of each direction: margin 0 for a placement of the ring
/// plans (every line of the board that holds no ring queen).
pub(crate) struct Attacks {
    /// The number of ring lines on each side (0, 1 or 2).
    pub(crate) margin: usize,
    /// Bit `r`: row `r` holds a ring queen.
    pub(crate) held_rows: u64,
    /// Bit `c`: column `c` holds a ring queen.
    pub(crate) held_cols: u64,
    /// `by_row[r]`, bit `c`: a ring queen attacks `(r, c)` along a diagonal (interior rows).
    pub(crate) by_row: [u64; 32],
    /// `by_col[c]`, bit `r`: a ring queen attacks `(r, c)` along a diagonal (interior
    /// columns).
    pub(crate) by_col: [u64; 32],
    /// The rules of the pieces: a superqueen's knight squares are in `by_row` and `by_col`
    /// too.
    pub(crate) rules: Rules,
}

impl Attacks {
    pub(crate) fn new(n: usize, q: &Queens, margin: usize) -> Attacks {
        // The down diagonals indexed the other way round, `r + (n − 1) − c`, which is what
        // reading them by columns needs (the transposed board's `down`).
        let mut down_t = 0u64;
        for &(r, c) in q.squares() {
            down_t |= 1 << (r as usize + n - 1 - c as usize);
        }
        let mut a = Attacks {
            margin,
            held_rows: u64::from(q.rows),
            held_cols: u64::from(q.cols),
            by_row: [0; 32],
            by_col: [0; 32],
            rules: q.rules(),
        };
        for line in margin..n - margin {
            // Row `line`: square (line, c) is on the up diagonal `line + c`, so `up >> line`
            // has bit c set where an up diagonal through it holds a queen; it is on the down
            // diagonal `c + (n − 1) − line`, so `down >> (n − 1 − line)` does the same for
            // those. Bits at c ≥ n are off the board and cut off later (by `inner`).
            a.by_row[line] = (q.up >> line) | (q.down >> (n - 1 - line));
            // Column `line` likewise, with rows as the bits: (r, line) is on the up diagonal
            // `r + line` and on the down diagonal whose other index is `r + (n − 1) − line`.
            a.by_col[line] = (q.up >> line) | (down_t >> (n - 1 - line));
        }
        if a.rules.piece == Piece::Superqueen {
            // A knight's squares: one line away two across, two lines away one across, in
            // both directions (the move is its own transpose). Lines off the board are
            // skipped; squares off it are bits ≥ n, cut off later by `inner`, or fall off
            // the shift.
            for &(r, c) in q.squares() {
                let (r, c) = (r as usize, c as usize);
                for (d, across) in [(1, 2), (2, 1)] {
                    let mark = |masks: &mut [u64; 32], line: usize, at: usize| {
                        let squares = (1u64 << at << across) | (1u64 << at >> across);
                        if let Some(l) = line.checked_sub(d) {
                            masks[l] |= squares;
                        }
                        if line + d < n {
                            masks[line + d] |= squares;
                        }
                    };
                    mark(&mut a.by_row, r, c);
                    mark(&mut a.by_col, c, r);
                }
            }
        }
        a
    }

    /// The interior lines as full-board bits: `margin..n − margin`.
    pub(crate) fn interior_lines(&self, n: usize) -> u64 {
        // All bits below n − margin, less those below margin.
        ((1u64 << (n - self.margin)) - 1) & !((1u64 << self.margin) - 1)
    }

    /// The number of interior rows without a ring queen (as many as such columns: each
    /// ring queen off the ring's rows holds one interior row, each off its columns one
    /// interior column, and a ring queen is off both or on a corner of both).
    #[cfg(test)]
    pub(crate) fn depth(&self, n: usize) -> usize {
        (n - 2 * self.margin) - (self.held_rows & self.interior_lines(n)).count_ones() as usize
    }

    /// `(held lines, lines held across, attack masks)` of the direction `order` searches.
    pub(crate) fn direction(&self, order: Order) -> (u64, u64, &[u64; 32]) {
        match order {
            Order::Down | Order::Up => (self.held_rows, self.held_cols, &self.by_row),
            Order::Right | Order::Left => (self.held_cols, self.held_rows, &self.by_col),
        }
    }

    /// Calls `visit` with the interior lines of `order`'s direction that hold no ring queen,
    /// in search order.
    pub(crate) fn for_each_free_line(&self, n: usize, order: Order, mut visit: impl FnMut(usize)) {
        let (held, _, _) = self.direction(order);
        let lines = self.margin..n - self.margin;
        let mut step = |line: usize| {
            if held & (1 << line) == 0 {
                visit(line);
            }
        };
        match order {
            Order::Down | Order::Right => lines.for_each(&mut step),
            Order::Up | Order::Left => lines.rev().for_each(&mut step),
        }
    }
}

/// The four orders in which the interior search can take the lines of a ring placement.
/// The other four symmetries mirror one of these left to right, which mirrors the search tree
/// and leaves its size unchanged, so they need not be tried.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Order {
    /// Rows top down: the placement itself.
    Down,
    /// Rows bottom up: its image under
    /// [`Transform::FlipRows`](crate::symmetry::Transform::FlipRows).
    Up,
    /// Columns left to right: its image under
    /// [`Transform::Transpose`](crate::symmetry::Transform::Transpose).
    Right,
    /// Columns right to left: its image under
    /// [`Transform::Rot270`](crate::symmetry::Transform::Rot270).
    Left,
}

impl Order {
    /// All four, in the order ties are broken.
    pub(crate) const ALL: [Order; 4] = [Order::Down, Order::Up, Order::Right, Order::Left];

    /// The symmetry whose image of the placement this order searches top down.
    #[cfg(test)]
    pub(crate) fn transform(self) -> Transform {
        match self {
            Order::Down => Transform::Identity,
            Order::Up => Transform::FlipRows,
            Order::Right => Transform::Transpose,
            Order::Left => Transform::Rot270,
        }
    }
}

/// The interior that `order` searches: its free lines in search order, each with its
/// attacked squares, the squares being the interior lines of the other direction
/// (bit `i − margin` = line `i`).
pub(crate) fn oriented_interior(n: usize, a: &Attacks, order: Order) -> Interior {
    let inner = low_bits(n - 2 * a.margin);
    // A board line's mask shifted down `margin` so that the first interior line is bit 0: the
    // ring lines below fall off the shift, those above are cut off by `inner`.
    let to_inner = |full: u64| (full >> a.margin) as u32 & inner;
    let (_, across, masks) = a.direction(order);
    let mut it = no_line(inner, to_inner(across), a.rules);
    let mut previous = 0usize;
    a.for_each_free_line(n, order, |line| {
        let i = it.depth;
        it.blocked[i] = to_inner(masks[line]);
        if i > 0 {
            it.shift[i - 1] = line.abs_diff(previous) as u32;
        }
        previous = line;
        it.depth += 1;
    });
    it
}

/// [`Interior::estimated_cost`] of the interiors that the four orders search, in the order of
/// [`Order::ALL`], computed from the attack masks without building them:
/// `Σ_j Π_{i≤j} |free squares of line i|` over the first `depth / 2 + 2` free lines in search
/// order (the count and the reversed count of the rows, then of the columns).
pub(crate) fn order_costs(n: usize, a: &Attacks) -> [u64; 4] {
    let lines = a.interior_lines(n);
    // The squares of a row are the interior columns no ring queen holds, and vice versa.
    let (row_open, col_open) = (lines & !a.held_cols, lines & !a.held_rows);
    // Free squares of each free row and each free column, in increasing order. Every line
    // is written; the index moves on (by 0 or 1, no branch) only for a line that holds no
    // ring queen, so a held line's entry is overwritten by the next one.
    let (mut rows, mut cols) = ([0u8; 32], [0u8; 32]);
    let (mut nr, mut nc) = (0, 0);
    for line in a.margin..n - a.margin {
        rows[nr] = (row_open & !a.by_row[line]).count_ones() as u8;
        nr += usize::from(a.held_rows & (1 << line) == 0);
        cols[nc] = (col_open & !a.by_col[line]).count_ones() as u8;
        nc += usize::from(a.held_cols & (1 << line) == 0);
    }
    debug_assert_eq!(nr, nc, "as many free rows as free columns");
    let depth = nr;
    let k = (depth / 2 + 2).min(depth);
    // Σ_j Π_{i≤j}, saturating: equal to estimated_cost's u128 sum clamped to u64.
    let cost = |counts: &mut dyn Iterator<Item = &u8>| {
        let (mut width, mut total) = (1u64, 0u64);
        for &c in counts {
            width = width.saturating_mul(u64::from(c));
            total = total.saturating_add(width);
        }
        total
    };
    [
        cost(&mut rows[..k].iter()),
        cost(&mut rows[depth - k..depth].iter().rev()),
        cost(&mut cols[..k].iter()),
        cost(&mut cols[depth - k..depth].iter().rev()),
    ]
}

/// The order whose search tree looks smallest by [`order_costs`] (the measure of
/// [`Interior::estimated_cost`]; ties to the first of [`Order::ALL`]).
pub(crate) fn best_order(n: usize, a: &Attacks) -> Order {
    let costs = order_costs(n, a);
    let mut best = 0;
    for k in 1..4 {
        if costs[k] < costs[best] {
            best = k;
        }
    }
    Order::ALL[best]
}

/// The interior inside `margin` ring lines on each side of the image of the ring placement
/// `q` whose search tree looks smallest ([`best_order`]; all images have equally many
/// completions): margin 0 for the ring plans, whose interior is every line of the board that
/// holds no ring queen.
pub(crate) fn best_interior_within(n: usize, q: &Queens, margin: usize) -> Interior {
    let a = Attacks::new(n, q, margin);
    oriented_interior(n, &a, best_order(n, &a))
}
