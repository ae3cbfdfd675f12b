//! A vector's worth of the batched search's nodes, each word in its own vector, and the step
//! that places a queen on each node's lowest free square.

use super::super::lanes::Lanes;

/// A vector's worth of nodes: each word of a node in its own vector.
#[derive(Clone, Copy)]
pub(crate) struct Nodes<V> {
    pub(super) free: V,
    pub(super) cols: V,
    pub(super) ld: V,
    pub(super) rd: V,
}

impl<V: Copy> Nodes<V> {
    /// Places a queen on each node's lowest free square: the parents without that square,
    /// and the children one free row down (`s` rows, whose border attacks are `blocked`)
    /// with that row's free squares.
    #[inline(always)]
    pub(super) fn place<L: Lanes<Vector = V>>(
        self,
        l: L,
        s: u32,
        blocked: V,
        inner: V,
    ) -> (Self, Self) {
        // Lowest free square per lane: f & (0 − f), the two's complement trick.
        let bit = l.lowest_bit(self.free);
        let rest = Nodes {
            free: l.xor(self.free, bit),
            ..self
        };
        // The child's masks, diagonals moved `s` columns for the `s` rows to the next free
        // row (bits shifted past the lane are off the board and lost).
        let cols = l.or(self.cols, bit);
        let ld = l.shl(l.or(self.ld, bit), s);
        let rd = l.shr(l.or(self.rd, bit), s);
        // Free squares of the child's row: inner & !(cols | ld | rd | blocked).
        let free = l.andnot(l.or(l.or(cols, ld), l.or(rd, blocked)), inner);
        (rest, Nodes { free, cols, ld, rd })
    }

    /// The free squares of the free row `d` rows below this node's, ignoring the queens of
    /// the rows between (which only take squares away): `inner & !(cols | ld << d | rd >> d
    /// | blocked)`, with `blocked` that row's pre-placed attacks.
    #[inline(always)]
    pub(super) fn free_below<L: Lanes<Vector = V>>(self, l: L, d: u32, blocked: V, inner: V) -> V {
        let diagonals = l.or(l.shl(self.ld, d), l.shr(self.rd, d));
        l.andnot(l.or(l.or(self.cols, diagonals), blocked), inner)
    }
}
