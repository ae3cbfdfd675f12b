//! The D4 orbits of the placements on one ring (the outer ring for the coronal plan, the
//! second ring for the ring plan) and, inside one outer orbit's unit, one coronal placement
//! per orbit of the outer placement's stabilizer, with its weight.

use super::rings::{Key, Line, Queens, Slots, fill_lines, outer_lines, second_lines};
use crate::symmetry::Transform;

/// One D4 orbit of placements on a ring: its smallest member, the orbit's size and the
/// member's stabilizer.
#[derive(Clone, Debug)]
pub(crate) struct RingOrbit {
    /// The member with the smallest key.
    pub(crate) rep: Queens,
    /// The number of distinct members (1, 2, 4 or 8).
    pub(crate) weight: u8,
    /// The symmetries that map `rep` onto itself (the identity first); `stabilizer_len` of
    /// them.
    pub(crate) stabilizer: [Transform; 8],
    /// How many entries of `stabilizer` are used (`8 / weight`).
    pub(crate) stabilizer_len: usize,
}

/// The D4 orbits of the outer placements of size `n` (≥ [`crate::search::plans::coronal::MIN_RING_N`]), in increasing order
/// of their smallest member's key. Every outer placement that is free of attacks is in
/// exactly one orbit: the one listed under its smallest image.
pub(crate) fn outer_orbits(n: usize, slots: &Slots) -> Vec<RingOrbit> {
    ring_orbits(n, slots, &outer_lines(n))
}

/// The D4 orbits of the placements of size `n` with one queen on each of `lines` (a ring:
/// lines that every symmetry of the square maps onto each other, whose key entries `slots`
/// holds), in increasing order of their smallest member's key.
pub(crate) fn ring_orbits(n: usize, slots: &Slots, lines: &[Line; 4]) -> Vec<RingOrbit> {
    let mut out = Vec::new();
    fill_lines(n, lines, &Queens::EMPTY, &mut |q| {
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
        out.push(RingOrbit {
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

/// Calls `visit(c, w)` for one coronal placement `c` per stabilizer orbit among those
/// extending `orbit`'s representative, with `w` the size of its stabilizer orbit, and returns
/// the number of coronal placements enumerated (the skipped ones included).
pub(crate) fn for_each_placement(
    n: usize,
    slots: &Slots,
    orbit: &RingOrbit,
    mut visit: impl FnMut(&Queens, u8),
) -> u64 {
    let stabilizer = &orbit.stabilizer[..orbit.stabilizer_len];
    let mut enumerated = 0;
    fill_lines(n, &second_lines(n), &orbit.rep, &mut |c| {
        enumerated += 1;
        let mut fixed = 1; // the identity fixes C
        if stabilizer.len() > 1 {
            let key: Key = slots.image_key(Transform::Identity, c);
            for &g in &stabilizer[1..] {
                let image = slots.image_key(g, c);
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
