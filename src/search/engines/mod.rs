//! The engines' searches: the enumerate engine ([`enumerate`], plain backtracking), and the
//! symmetric engine's plan family ([`family`]: its Burnside units, which count the boards
//! fixed by a half and a quarter turn with the searches of [`burnside`], and the frame that
//! every plan of `super::plans` fills in with its orbits), and the torus engine's plan
//! ([`torus`]: toroidal queens one orbit of linear maps at a time, [`torus_group`] its group,
//! [`torus_search`] its search).

pub(crate) mod burnside;
pub(crate) mod enumerate;
pub(crate) mod family;
pub(crate) mod torus;
pub(crate) mod torus_group;
pub(crate) mod torus_search;
