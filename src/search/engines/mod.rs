//! The engines' searches: the enumerate engine ([`enumerate`], plain backtracking), and the
//! symmetric engine's plan family ([`family`]: its Burnside units, which count the boards
//! fixed by a half and a quarter turn with the searches of [`burnside`], and the frame that
//! every plan of `super::plans` fills in with its orbits).

pub(crate) mod burnside;
pub(crate) mod enumerate;
pub(crate) mod family;
