//! The D4 orbits of the placements on one ring (the ring the ring plan pre-places, or the one
//! the outer-ring plan does).

use super::rings::{Line, Queens, Slots, fill_lines};
use crate::rules::Rules;
use crate::symmetry::Transform;

/// One D4 orbit of placements on a ring: its smallest member and the orbit's size.
#[derive(Clone, Debug)]
pub(crate) struct RingOrbit {
    /// The member with the smallest key.
    pub(crate) rep: Queens,
    /// The number of distinct members (1, 2, 4 or 8).
    pub(crate) weight: u8,
}

/// The D4 orbits of the placements of size `n` (≥ [`crate::search::plans::ring::MIN_RING_N`])
/// with one piece of `rules` on each of `lines` (a ring: lines that every symmetry of the
/// square maps onto each other, whose key entries `slots` holds), in increasing order of
/// their smallest member's key. Every placement that is free of attacks is in exactly one
/// orbit: the one listed under its smallest image (every symmetry of the square keeps the
/// rules' attacks, the knight's move included).
pub(crate) fn ring_orbits(
    n: usize,
    slots: &Slots,
    lines: &[Line; 4],
    rules: Rules,
) -> Vec<RingOrbit> {
    let mut out = Vec::new();
    fill_lines(n, lines, &Queens::under(rules), &mut |q| {
        let key = slots.key(q.squares().iter().map(|&(r, c)| (r as usize, c as usize)));
        let mut stabilizer_len = 0;
        for g in Transform::ALL {
            let image = slots.image_key(g, q);
            if image < key {
                return; // not the smallest member: its orbit is listed under that one
            }
            stabilizer_len += usize::from(image == key);
        }
        out.push(RingOrbit {
            rep: *q,
            weight: (8 / stabilizer_len) as u8,
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
