//! The symmetric engine's second plan: two rings of pre-placed queens (the "coronal"
//! pre-placement of the Q27 project), an interior of `n − 4` columns, and Burnside's lemma
//! for the classes.
//!
//! # Method
//!
//! **The rings.** For n ≥ 4 the rows 0, 1, n−2, n−1 and the columns 0, 1, n−2, n−1 are eight
//! distinct lines, and every solution has exactly one queen on each of them (a queen where a
//! ring row meets a ring column serves both). The *outer ring* is rows 0, n−1 and columns 0,
//! n−1; the *second ring* is rows 1, n−2 and columns 1, n−2. The queens of a solution on the
//! outer ring form its outer placement `B`, those on both rings its coronal placement `C`
//! (four to eight queens). Each of the 8 symmetries of the square maps each ring onto itself
//! (a half turn maps row 1 to row n−2, a quarter turn maps rows to columns, and so on), so it
//! maps coronal placements to coronal placements and the solutions with placement `C`
//! one-to-one onto those with placement `g(C)`.
//!
//! **Why every board is counted exactly once.** Write `N(C)` for the number of solutions with
//! coronal placement `C`. The solutions are partitioned by their outer placement `B`, and those
//! of one `B` by their coronal placement `C ⊇ B`, so
//! `total = Σ_B Σ_{C ⊇ B} N(C)`. Group the `B` into D4 orbits: all members of an orbit `O`
//! have the same sum (a symmetry maps the `C ⊇ B` one-to-one onto the `C ⊇ g(B)`, keeping
//! `N`), so `total = Σ_O |O| · Σ_{C ⊇ B_O} N(C)` with `B_O` the orbit's smallest member. Inside
//! one unit, the stabilizer `H` of `B_O` (the symmetries with `g(B_O) = B_O`) permutes the
//! `C ⊇ B_O` and keeps `N`, so the inner sum is `Σ w_C · N(C)` over one `C` per `H`-orbit (the
//! one with the smallest key), where `w_C = |H| / |{g ∈ H : g(C) = C}|` is the size of its
//! `H`-orbit. Every coronal placement of a solution is thus in exactly one unit (that of its
//! outer orbit) and stands for exactly one `H`-orbit, whose size is its weight: each board is
//! counted once, as one of the `|O| · w_C` equal shares of the D4 orbit of its placement
//! (which has exactly `|O| · w_C` members, by the orbit–stabilizer theorem twice). Finally
//! `N(C) = N(g(C))` for every symmetry `g`, so the interior counted for `C` may be that of any
//! of its images: the plan takes the image whose search tree looks smallest
//! ([`Interior::estimated_cost`]), as the border plan does for its orbits. Only four images
//! need to be tried, those that search the rows top down or bottom up or the columns left to
//! right or right to left: each of the other four mirrors one of them left to right, and a
//! mirrored interior has a mirrored search tree of the same size. Which image is counted
//! changes only the work, never the count.
//!
//! **The interior** of a coronal placement is rows 2..n−3 less the rows its column queens
//! hold, on columns 2..n−3 less the columns its row queens hold: masks of `n − 4` bits
//! (bit `c − 2` = column `c`), so 16-bit lanes hold it up to n = 20. It is built here from the
//! placement's squares, independently of the border plan's [`super::constellation`] and
//! `Interior::new`, and counted by the same [`Kernel`]s.
//!
//! **Classes** come from Burnside's lemma exactly as in [`super::symmetric`]: units `0..n` and
//! `n..2n` count the boards fixed by a half turn and by a quarter turn with the searches of
//! [`super::burnside`].
//!
//! **Small boards.** For n < 4 the rings overlap (for n = 3 row 1 is row n−2), so the plan has
//! one unit that counts the boards by plain backtracking instead; n = 4 (interior of no
//! column) already takes the general route.
//!
//! # Units
//!
//! Units `0..n` count F180 with the queen of row 0 in column `id`, units `n..2n` count F90
//! with it in column `id − n`, and from `2n` on each unit is one D4 orbit of outer placements,
//! in increasing order of the orbit's smallest member `(top, bottom, left, right)` (the order
//! of the border plan's orbit units, so unit `id` of both plans counts the same boards, by two
//! independent routes), whose coronal placements are expanded inside the unit: 9,562 units
//! and 58,039,527 coronal placements at n = 20, 18,456 units and 319,505,960 placements at
//! n = 23 (a unit per placement would make tens of millions of units). The interiors of a unit
//! go to the kernel in groups of `GROUP` ([`Kernel::count_weighted`]). Plan identity
//! `symmetric-coronal-v1`.
//!
//! # Speed with the scalar kernel
//!
//! Slower than the border plan: it builds 1.68 times the nodes at n = 16 (336,114,645
//! against 199,647,282) and 1.67 times at n = 17 (2,327,996,379 against 1,398,043,208), since
//! the search above the rows of the column-1 and column-(n−2) queens, shared in the border
//! plan by all their positions, is repeated for each coronal placement; choosing the best of
//! the four search orders by an oracle would save only 11% of that (measured at n = 14). Its
//! trees are small (about a hundred nodes); the grouped search keeps them from costing much
//! more per node, and building each placement's interior adds about a seventh. Measured with
//! `bench_border_and_coronal_plans_side_by_side` (`tests/coronal.rs`: one thread, 5
//! alternating pairs, 2-core AMD EPYC Zen 3 shared with other work, load average 8 to 340):
//! n = 16, medians 5.27 s against 2.07 s, paired ratio 2.48 (2.37–2.77); n = 17, 25.7 s against
//! 14.5 s, paired ratio 2.23 (1.25–2.37). The n − 4 interior pays off where masks of 16 bits
//! double the lanes of a vector
//! kernel: up to n = 20 instead of n = 18.
//!
//! # Nodes
//!
//! A node of this plan is a partial board it builds: in an orbit unit, the outer placement
//! (1), every coronal placement extending it that the unit enumerates (skipped as a
//! non-smallest stabilizer image or not), and every partial board the kernel builds in the
//! interiors it counts (see [`super::kernel::InteriorCount::nodes`]); in the F180 and F90
//! units, the pairs and quadruples of [`super::burnside`]; in the small-board unit, every
//! partial board of its backtracking (the empty board excluded). A unit's nodes do not depend
//! on when or where it runs, so their sum does not depend on the order or the threads.

use super::burnside;
use super::kernel::{Interior, Kernel, MAX_DEPTH};
use super::work;
use crate::plan::tally::Tally;
use crate::plan::{Engine, Plan};
use crate::symmetry::Transform;

/// The version of the unit split, part of [`Plan::identity`].
pub const CORONAL_SPLIT_VERSION: u32 = 1;

/// The smallest board size on which the eight ring lines are distinct; smaller boards are
/// counted by the small-board unit.
pub const MIN_RING_N: usize = 4;

/// A line of the board: a row or a column, by index.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Line {
    /// Row `r`.
    Row(usize),
    /// Column `c`.
    Col(usize),
}

/// Up to eight queens on an `n × n` board, with the lines they hold as masks, so that an
/// attack test is four bit tests.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Queens {
    /// Bit `r`: row `r` holds a queen.
    rows: u32,
    /// Bit `c`: column `c` holds a queen.
    cols: u32,
    /// Bit `c + (n − 1) − r`: the diagonal on which column grows with row holds a queen
    /// (`c − r` is constant along it; the index is 0..=2n−2, so 64 bits cover every n up to
    /// 32).
    down: u64,
    /// Bit `r + c`: the diagonal on which column shrinks as row grows holds a queen.
    up: u64,
    /// How many entries of `at` are queens.
    len: usize,
    /// The queens' squares `(row, column)`, in the order placed.
    at: [(u8, u8); 8],
}

impl Queens {
    /// No queen.
    const EMPTY: Queens = Queens {
        rows: 0,
        cols: 0,
        down: 0,
        up: 0,
        len: 0,
        at: [(0, 0); 8],
    };

    /// The queens' squares.
    fn squares(&self) -> &[(u8, u8)] {
        &self.at[..self.len]
    }

    /// The queens with one more on `(r, c)`, or `None` if a queen already holds its row,
    /// column or one of its diagonals.
    fn place(&self, n: usize, r: usize, c: usize) -> Option<Queens> {
        let (rb, cb) = (1u32 << r, 1u32 << c);
        let (db, ub) = (1u64 << (c + n - 1 - r), 1u64 << (r + c));
        if (self.rows & rb) | (self.cols & cb) != 0 || (self.down & db) | (self.up & ub) != 0 {
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
fn fill_lines(n: usize, lines: &[Line], q: &Queens, visit: &mut impl FnMut(&Queens)) {
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
struct Slots {
    n: usize,
    /// `row_slot[r]`: the key entry holding the column of row `r`'s queen, or `NONE`.
    row_slot: [u8; 32],
    /// `col_slot[c]`: the key entry holding the row of column `c`'s queen, or `NONE`.
    col_slot: [u8; 32],
}

/// A placement written as the position of the queen on each ring line, in the entries
/// `[row 0, row n−1, column 0, column n−1, row 1, row n−2, column 1, column n−2]` (the
/// column of a row's queen, the row of a column's queen); `NONE` for a line without one. The
/// outer ring comes first, so the key of a coronal placement begins with that of its outer
/// placement. Keys compare lexicographically.
type Key = [u8; 8];

/// A key entry for a line without a queen (or a line not in any ring).
const NONE: u8 = u8::MAX;

impl Slots {
    fn new(n: usize) -> Slots {
        let mut s = Slots {
            n,
            row_slot: [NONE; 32],
            col_slot: [NONE; 32],
        };
        // Inner lines first, so that for n < 4, where rings overlap, the outer entries win;
        // the plan only uses rings for n ≥ MIN_RING_N, where the eight lines are distinct.
        for (line, slot) in [(1, 4), (n.saturating_sub(2), 5), (0, 0), (n - 1, 1)] {
            s.row_slot[line] = slot;
            s.col_slot[line] = slot + 2;
        }
        s
    }

    /// The key of a set of queens on ring lines.
    fn key(&self, squares: impl IntoIterator<Item = (usize, usize)>) -> Key {
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
    fn image_key(&self, g: Transform, q: &Queens) -> Key {
        let n = self.n;
        self.key(
            q.squares()
                .iter()
                .map(|&(r, c)| g.apply_to_square(n, r as usize, c as usize)),
        )
    }
}

/// One D4 orbit of outer placements: its smallest member, the orbit's size and the member's
/// stabilizer.
#[derive(Clone, Debug)]
struct OuterOrbit {
    /// The member with the smallest key.
    rep: Queens,
    /// The number of distinct members (1, 2, 4 or 8).
    weight: u8,
    /// The symmetries that map `rep` onto itself (the identity first); `stabilizer_len` of
    /// them.
    stabilizer: [Transform; 8],
    /// How many entries of `stabilizer` are used (`8 / weight`).
    stabilizer_len: usize,
}

/// The outer ring's lines, in the order of their key entries.
fn outer_lines(n: usize) -> [Line; 4] {
    [
        Line::Row(0),
        Line::Row(n - 1),
        Line::Col(0),
        Line::Col(n - 1),
    ]
}

/// The second ring's lines, in the order of their key entries.
fn second_lines(n: usize) -> [Line; 4] {
    [
        Line::Row(1),
        Line::Row(n - 2),
        Line::Col(1),
        Line::Col(n - 2),
    ]
}

/// The D4 orbits of the outer placements of size `n` (≥ [`MIN_RING_N`]), in increasing order
/// of their smallest member's key. Every outer placement that is free of attacks is in
/// exactly one orbit: the one listed under its smallest image.
fn outer_orbits(n: usize, slots: &Slots) -> Vec<OuterOrbit> {
    let mut out = Vec::new();
    fill_lines(n, &outer_lines(n), &Queens::EMPTY, &mut |q| {
        let key = slots.key(q.squares().iter().map(|&(r, c)| (r as usize, c as usize)));
        let mut stabilizer = [Transform::Identity; 8];
        let mut stabilizer_len = 0;
        for g in Transform::ALL {
            let image = slots.image_key(g, q);
            if image < key {
                return; // not the smallest member: its orbit is listed under that one
            }
            if image == key {
                stabilizer[stabilizer_len] = g;
                stabilizer_len += 1;
            }
        }
        out.push(OuterOrbit {
            rep: *q,
            weight: (8 / stabilizer_len) as u8,
            stabilizer,
            stabilizer_len,
        });
    });
    // `fill_lines` visits in increasing order of the squares chosen, which is increasing key
    // order already; sorting makes the unit order independent of that detail.
    out.sort_by_key(|o| {
        slots.key(
            o.rep
                .squares()
                .iter()
                .map(|&(r, c)| (r as usize, c as usize)),
        )
    });
    out
}

/// The interior of a coronal placement given by its squares (queens on all eight ring lines,
/// no two attacking; any orientation, as the rings are symmetric): the free rows 2..n−3 on the
/// columns 2..n−3, in masks of `n − 4` bits (bit `c − 2` = column `c`). A plain builder,
/// square by square, that the tests hold [`oriented_interior`] to.
#[cfg(test)]
fn interior(n: usize, squares: &[(usize, usize)]) -> Interior {
    let width = n - 4;
    // `u32::MAX >> (32 − width)` keeps the low `width` bits (and is undefined for width 0).
    let inner = if width == 0 {
        0
    } else {
        u32::MAX >> (32 - width)
    };
    // The board's row `c` bit mask, shifted down two so that column 2 is bit 0; columns 0, 1
    // fall off the shift and columns n−2, n−1 are cut off by `inner`.
    let to_inner = |full: u64| (full >> 2) as u32 & inner;
    let mut held_rows = 0u64;
    let mut held_cols = 0u64;
    for &(r, c) in squares {
        held_rows |= 1 << r;
        held_cols |= 1 << c;
    }
    let mut it = Interior {
        depth: 0,
        inner,
        cols: to_inner(held_cols),
        blocked: [0; MAX_DEPTH],
        shift: [0; MAX_DEPTH],
    };
    let mut previous = 0;
    for r in 2..n - 2 {
        if held_rows & (1 << r) != 0 {
            continue;
        }
        let mut attacked = 0u64;
        for &(qr, qc) in squares {
            // A queen `d` rows away attacks columns qc ± d of this row along its diagonals.
            let d = r.abs_diff(qr);
            if qc + d < n {
                attacked |= 1 << (qc + d);
            }
            if qc >= d {
                attacked |= 1 << (qc - d);
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
/// is the lines `margin..n − margin` of each direction: margin 2 for a coronal placement,
/// margin 1 for an outer placement alone (used for work estimates).
struct Attacks {
    /// The number of ring lines on each side (1 or 2).
    margin: usize,
    /// Bit `r`: row `r` holds a ring queen.
    held_rows: u64,
    /// Bit `c`: column `c` holds a ring queen.
    held_cols: u64,
    /// `by_row[r]`, bit `c`: a ring queen attacks `(r, c)` along a diagonal (interior rows).
    by_row: [u64; 32],
    /// `by_col[c]`, bit `r`: a ring queen attacks `(r, c)` along a diagonal (interior
    /// columns).
    by_col: [u64; 32],
}

impl Attacks {
    fn new(n: usize, q: &Queens, margin: usize) -> Attacks {
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
        a
    }

    /// The interior lines as full-board bits: `margin..n − margin`.
    fn interior_lines(&self, n: usize) -> u64 {
        // All bits below n − margin, less those below margin.
        ((1u64 << (n - self.margin)) - 1) & !((1u64 << self.margin) - 1)
    }

    /// The number of interior rows without a ring queen (as many as such columns: each
    /// ring queen off the ring's rows holds one interior row, each off its columns one
    /// interior column, and a ring queen is off both or on a corner of both).
    #[cfg(test)]
    fn depth(&self, n: usize) -> usize {
        (n - 2 * self.margin) - (self.held_rows & self.interior_lines(n)).count_ones() as usize
    }

    /// `(held lines, lines held across, attack masks)` of the direction `order` searches.
    fn direction(&self, order: Order) -> (u64, u64, &[u64; 32]) {
        match order {
            Order::Down | Order::Up => (self.held_rows, self.held_cols, &self.by_row),
            Order::Right | Order::Left => (self.held_cols, self.held_rows, &self.by_col),
        }
    }

    /// Calls `visit` with the interior lines of `order`'s direction that hold no ring queen,
    /// in search order.
    fn for_each_free_line(&self, n: usize, order: Order, mut visit: impl FnMut(usize)) {
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
enum Order {
    /// Rows top down: the placement itself.
    Down,
    /// Rows bottom up: its image under [`Transform::FlipRows`].
    Up,
    /// Columns left to right: its image under [`Transform::Transpose`].
    Right,
    /// Columns right to left: its image under [`Transform::Rot270`].
    Left,
}

impl Order {
    /// All four, in the order ties are broken.
    const ALL: [Order; 4] = [Order::Down, Order::Up, Order::Right, Order::Left];

    /// The symmetry whose image of the placement this order searches top down.
    #[cfg(test)]
    fn transform(self) -> Transform {
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
fn oriented_interior(n: usize, a: &Attacks, order: Order) -> Interior {
    let width = n - 2 * a.margin;
    // `u32::MAX >> (32 − width)` keeps the low `width` bits (and would overflow for width 0).
    let inner = if width == 0 {
        0
    } else {
        u32::MAX >> (32 - width)
    };
    // A board line's mask shifted down `margin` so that the first interior line is bit 0: the
    // ring lines below fall off the shift, those above are cut off by `inner`.
    let to_inner = |full: u64| (full >> a.margin) as u32 & inner;
    let (_, across, masks) = a.direction(order);
    let mut it = Interior {
        depth: 0,
        inner,
        cols: to_inner(across),
        blocked: [0; MAX_DEPTH],
        shift: [0; MAX_DEPTH],
    };
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
fn order_costs(n: usize, a: &Attacks) -> [u64; 4] {
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
fn best_order(n: usize, a: &Attacks) -> Order {
    let costs = order_costs(n, a);
    let mut best = 0;
    for k in 1..4 {
        if costs[k] < costs[best] {
            best = k;
        }
    }
    Order::ALL[best]
}

/// The interior of the coronal placement `q`'s image whose search tree looks smallest
/// ([`best_order`]): all images have equally many completions.
fn best_interior(n: usize, q: &Queens) -> Interior {
    let a = Attacks::new(n, q, 2);
    oriented_interior(n, &a, best_order(n, &a))
}

/// The interiors handed to the kernel at once: enough to keep the scalar kernel's batches
/// full, few enough (about 130 KiB) to stay in the L2 cache.
const GROUP: usize = 512;

/// What a unit of the coronal plan counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CoronalUnit {
    /// Half-turn symmetric boards with the queen of row 0 in this column.
    FixedHalfTurn(usize),
    /// Quarter-turn symmetric boards with the queen of row 0 in this column.
    FixedQuarterTurn(usize),
    /// The boards whose outer placement is in the D4 orbit with this index, by their coronal
    /// placements.
    Orbit(usize),
    /// Every board, by plain backtracking (n < [`MIN_RING_N`] only).
    SmallBoard,
}

/// The symmetric engine's coronal plan for one board size: two rings of pre-placed queens, an
/// interior of `n − 4` columns (see the [module documentation](self)).
pub struct CoronalPlan {
    n: usize,
    kernel: Kernel,
    slots: Slots,
    orbits: Vec<OuterOrbit>,
}

impl CoronalPlan {
    /// The plan for board size `n` (1..=32) counted with `kernel`.
    ///
    /// # Panics
    ///
    /// If `n` is outside 1..=32.
    pub fn new(n: usize, kernel: Kernel) -> CoronalPlan {
        assert!((1..=32).contains(&n), "board size {n} outside 1..=32");
        let slots = Slots::new(n);
        let orbits = if n >= MIN_RING_N {
            outer_orbits(n, &slots)
        } else {
            Vec::new()
        };
        CoronalPlan {
            n,
            kernel,
            slots,
            orbits,
        }
    }

    /// What unit `id` counts.
    pub fn unit(&self, id: usize) -> CoronalUnit {
        let n = self.n;
        match id {
            _ if id < n => CoronalUnit::FixedHalfTurn(id),
            _ if id < 2 * n => CoronalUnit::FixedQuarterTurn(id - n),
            _ if n < MIN_RING_N => CoronalUnit::SmallBoard,
            _ => CoronalUnit::Orbit(id - 2 * n),
        }
    }

    /// Calls `visit(c, w)` for one coronal placement `c` per stabilizer orbit among those
    /// extending outer orbit `i`'s representative, with `w` the size of its stabilizer orbit,
    /// and returns the number of coronal placements enumerated (the skipped ones included).
    fn for_each_placement(&self, i: usize, mut visit: impl FnMut(&Queens, u8)) -> u64 {
        let n = self.n;
        let orbit = &self.orbits[i];
        let stabilizer = &orbit.stabilizer[..orbit.stabilizer_len];
        let mut enumerated = 0;
        fill_lines(n, &second_lines(n), &orbit.rep, &mut |c| {
            enumerated += 1;
            let mut fixed = 1; // the identity fixes C
            if stabilizer.len() > 1 {
                let key = self.slots.image_key(Transform::Identity, c);
                for &g in &stabilizer[1..] {
                    let image = self.slots.image_key(g, c);
                    if image < key {
                        return; // C's stabilizer orbit is counted under its smallest member
                    }
                    fixed += usize::from(image == key);
                }
            }
            visit(c, (stabilizer.len() / fixed) as u8);
        });
        enumerated
    }

    /// Counts the boards of outer orbit `i`: `(boards, nodes)`.
    ///
    /// The interiors are handed to the kernel in groups of [`GROUP`]
    /// ([`Kernel::count_weighted`]), each with its stabilizer weight.
    fn count_orbit(&self, i: usize) -> (u128, u128) {
        let n = self.n;
        // Σ w_C · N(C) over one C per stabilizer orbit: at most 8 × (the unit's boards).
        let mut weighted: u128 = 0;
        let mut kernel_nodes: u128 = 0;
        let mut interiors = Vec::with_capacity(GROUP);
        let mut weights = Vec::with_capacity(GROUP);
        let mut flush = |interiors: &mut Vec<Interior>, weights: &mut Vec<u8>| {
            let counted = self.kernel.count_weighted(interiors, weights);
            weighted += u128::from(counted.weighted);
            kernel_nodes += u128::from(counted.nodes);
            interiors.clear();
            weights.clear();
        };
        let enumerated = self.for_each_placement(i, |c, w| {
            interiors.push(best_interior(n, c));
            weights.push(w);
            if interiors.len() == GROUP {
                flush(&mut interiors, &mut weights);
            }
        });
        flush(&mut interiors, &mut weights);
        // Nodes: the outer placement, the coronal placements, the kernel's.
        let nodes = 1 + u128::from(enumerated) + kernel_nodes;
        (u128::from(self.orbits[i].weight) * weighted, nodes)
    }

    /// The estimated nodes of outer orbit `i`'s unit from its coronal placements: one node
    /// each, and the model of [`work::estimated_nodes`] on the interiors the unit counts.
    fn placement_estimate(&self, i: usize) -> f64 {
        let mut total = 1.0;
        let enumerated = self.for_each_placement(i, |c, _| {
            total += work::estimated_nodes(&best_interior(self.n, c));
        });
        total + enumerated as f64
    }

    /// The estimated work of unit `id`, in estimated nodes (the plan's nodes, see the module
    /// documentation), for an ETA and for parts of equal work.
    ///
    /// An outer orbit's unit is estimated from its coronal placements: one node each, plus
    /// [`work::estimated_nodes`] of each interior the unit counts, found as the unit finds them
    /// but not searched (all 18,456 units of n = 23, 319,505,960 placements, took about 100 s on
    /// 2 cores, against days of counting). Measured against the scalar kernel's nodes over all
    /// orbit units (the `unit_costs_track_the_measured_nodes` test of `tests/coronal.rs`): the
    /// ratio of estimate to nodes has a geometric standard deviation of 1.08 at n = 12 and 1.11
    /// at n = 14, and the sums are 1.04 and 1.16 times the nodes (1.25 at n = 15: the model
    /// underestimates the diagonal attacks more as n grows, so an ETA from it is pessimistic).
    /// The F180 and F90 units use [`work::estimated_fixed_nodes`].
    pub fn unit_cost(&self, id: usize) -> u64 {
        assert!(id < self.unit_count(), "unit {id} out of range");
        let estimate = match self.unit(id) {
            CoronalUnit::FixedHalfTurn(_) => work::estimated_fixed_nodes(self.n, 2),
            CoronalUnit::FixedQuarterTurn(_) => work::estimated_fixed_nodes(self.n, 4),
            CoronalUnit::Orbit(i) => self.placement_estimate(i),
            // Below 4 × 4: a handful of nodes.
            CoronalUnit::SmallBoard => 1.0,
        };
        // At least 1: every unit costs something.
        (estimate as u64).max(1)
    }

    /// The number of coronal placements unit `id` enumerates (0 for units that are not
    /// outer orbits), for measurements.
    pub fn placements(&self, id: usize) -> u64 {
        match self.unit(id) {
            CoronalUnit::Orbit(i) => {
                let mut count = 0;
                fill_lines(
                    self.n,
                    &second_lines(self.n),
                    &self.orbits[i].rep,
                    &mut |_| count += 1,
                );
                count
            }
            _ => 0,
        }
    }
}

/// Counts the solutions of size `n` by plain backtracking: `(boards, nodes)`, nodes being
/// every partial board but the empty one.
fn small_board(n: usize) -> (u64, u64) {
    fn go(n: usize, r: usize, q: &Queens, out: &mut (u64, u64)) {
        if r == n {
            out.0 += 1;
            return;
        }
        for c in 0..n {
            if let Some(next) = q.place(n, r, c) {
                out.1 += 1;
                go(n, r + 1, &next, out);
            }
        }
    }
    assert!(
        n < MIN_RING_N,
        "the small-board unit is for boards below 4 x 4"
    );
    let mut out = (0, 0);
    go(n, 0, &Queens::EMPTY, &mut out);
    out
}

impl Plan for CoronalPlan {
    fn n(&self) -> usize {
        self.n
    }

    fn engine(&self) -> Engine {
        Engine::Symmetric
    }

    fn kernel(&self) -> &'static str {
        self.kernel.name()
    }

    fn identity(&self) -> String {
        format!("symmetric-coronal-v{CORONAL_SPLIT_VERSION}")
    }

    fn unit_count(&self) -> usize {
        2 * self.n
            + if self.n < MIN_RING_N {
                1
            } else {
                self.orbits.len()
            }
    }

    fn count_unit(&self, id: usize) -> Tally {
        assert!(id < self.unit_count(), "unit {id} out of range");
        match self.unit(id) {
            CoronalUnit::FixedHalfTurn(first) => burnside::half_turn_unit(self.n, first),
            CoronalUnit::FixedQuarterTurn(first) => burnside::quarter_turn_unit(self.n, first),
            CoronalUnit::Orbit(i) => {
                let (boards, nodes) = self.count_orbit(i);
                Tally {
                    boards,
                    nodes,
                    ..Tally::default()
                }
            }
            CoronalUnit::SmallBoard => {
                let (boards, nodes) = small_board(self.n);
                Tally {
                    boards: boards.into(),
                    nodes: nodes.into(),
                    ..Tally::default()
                }
            }
        }
    }

    fn counts_classes_directly(&self) -> bool {
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::enumerate::for_each_solution;
    use crate::search::kernel::reference_count;
    use std::collections::{BTreeMap, HashSet};
    use std::ops::ControlFlow;

    /// Every coronal placement of size `n` (not reduced by symmetry), by its key.
    fn all_coronal(n: usize) -> BTreeMap<Key, Queens> {
        let slots = Slots::new(n);
        let mut out = BTreeMap::new();
        fill_lines(n, &outer_lines(n), &Queens::EMPTY, &mut |b| {
            fill_lines(n, &second_lines(n), b, &mut |c| {
                let key = slots.image_key(Transform::Identity, c);
                assert!(out.insert(key, *c).is_none(), "n={n}: {key:?} met twice");
            });
        });
        out
    }

    /// The squares of `q`'s image under `g`.
    fn image(n: usize, g: Transform, q: &Queens) -> Vec<(usize, usize)> {
        q.squares()
            .iter()
            .map(|&(r, c)| g.apply_to_square(n, r as usize, c as usize))
            .collect()
    }

    #[test]
    fn oriented_interiors_are_the_plain_interiors_of_the_images() {
        for n in 4..=11 {
            for q in all_coronal(n).values() {
                let a = Attacks::new(n, q, 2);
                for order in Order::ALL {
                    let plain = interior(n, &image(n, order.transform(), q));
                    assert_eq!(oriented_interior(n, &a, order), plain, "n={n} {order:?}");
                    assert_eq!(a.depth(n), plain.depth);
                }
                let costs = order_costs(n, &a);
                for (k, order) in Order::ALL.into_iter().enumerate() {
                    let plain = interior(n, &image(n, order.transform(), q));
                    assert_eq!(costs[k], plain.estimated_cost(), "n={n} {order:?}");
                }
            }
        }
    }

    #[test]
    fn mirrored_interiors_have_equal_trees_and_counts() {
        // Why four orders suffice: an image mirrored left to right searches a mirrored tree.
        for n in [8, 10] {
            for q in all_coronal(n).values() {
                for order in Order::ALL {
                    let g = order.transform();
                    let mirrored = Transform::FlipColumns.compose(g);
                    let a = reference_count(&interior(n, &image(n, g, q)));
                    let b = reference_count(&interior(n, &image(n, mirrored, q)));
                    assert_eq!(a, b, "n={n} {order:?}");
                }
            }
        }
    }

    #[test]
    fn each_solution_has_one_enumerated_coronal_placement_with_its_count() {
        for n in 4..=10 {
            let slots = Slots::new(n);
            let placements = all_coronal(n);
            // N(C) by brute force: the solutions, grouped by the queens on ring lines.
            let mut by_key: BTreeMap<Key, u64> = BTreeMap::new();
            for_each_solution(n, |p| {
                let ring = p
                    .iter()
                    .enumerate()
                    .map(|(r, &c)| (r, c as usize))
                    .filter(|&(r, c)| slots.row_slot[r] != NONE || slots.col_slot[c] != NONE);
                *by_key.entry(slots.key(ring)).or_default() += 1;
                ControlFlow::Continue(())
            });
            for (key, count) in &by_key {
                let q = placements
                    .get(key)
                    .expect("a solution's placement is enumerated");
                let counted = Kernel::Scalar.count(&best_interior(n, q));
                assert_eq!(counted.completions, *count, "n={n} {key:?}");
                assert_eq!(counted, reference_count(&best_interior(n, q)));
            }
            // And every other enumerated placement has no completion.
            for (key, q) in &placements {
                if !by_key.contains_key(key) {
                    assert_eq!(Kernel::Scalar.count(&best_interior(n, q)).completions, 0);
                }
            }
        }
    }

    #[test]
    fn orbit_weights_times_stabilizer_weights_are_the_coronal_orbit_sizes() {
        for n in 4..=11 {
            let slots = Slots::new(n);
            let mut seen = HashSet::new();
            let total = all_coronal(n).len();
            let orbits = outer_orbits(n, &slots);
            for o in &orbits {
                let stabilizer = &o.stabilizer[..o.stabilizer_len];
                assert_eq!(o.weight as usize * stabilizer.len(), 8);
                fill_lines(n, &second_lines(n), &o.rep, &mut |c| {
                    let key = slots.image_key(Transform::Identity, c);
                    if stabilizer.iter().any(|&g| slots.image_key(g, c) < key) {
                        return;
                    }
                    let fixed = stabilizer
                        .iter()
                        .filter(|&&g| slots.image_key(g, c) == key)
                        .count();
                    let weight = o.weight as usize * (stabilizer.len() / fixed);
                    let d4: HashSet<Key> = Transform::ALL
                        .iter()
                        .map(|&g| slots.image_key(g, c))
                        .collect();
                    assert_eq!(weight, d4.len(), "n={n} {key:?}");
                    for k in d4 {
                        assert!(seen.insert(k), "n={n}: {k:?} in two orbits");
                    }
                });
            }
            // The orbits counted cover every coronal placement exactly once.
            assert_eq!(seen.len(), total, "n={n}");
        }
    }

    #[test]
    fn the_small_board_unit_counts_boards_below_4() {
        assert_eq!(small_board(1), (1, 1));
        assert_eq!(small_board(2).0, 0);
        assert_eq!(small_board(3).0, 0);
    }
}
