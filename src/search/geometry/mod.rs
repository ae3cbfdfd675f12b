//! What the plans build on: the border constellations ([`constellation`]), the ring lines and
//! their placements ([`rings`]), the D4 orbits of those placements ([`ring_orbits`]), the
//! interiors they leave ([`ring_interior`]), and the estimated size of an interior's search
//! tree ([`work`]).

pub(crate) mod constellation;
pub(crate) mod ring_interior;
pub(crate) mod ring_orbits;
pub(crate) mod rings;
pub(crate) mod work;
