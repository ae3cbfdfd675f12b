//! The search engines. Each turns one work unit of a [`crate::plan::Plan`] into a
//! [`crate::plan::tally::Tally`].
//!
//! The folders are the roles:
//!
//! - `engines`: the two engines' searches: the enumerate engine's plain backtracking, and
//!   the symmetric engine's plan family (its Burnside units and the frame every plan of it
//!   shares) with the half- and quarter-turn searches of those units;
//! - `plans`: the symmetric engine's plans, one file each: the ring plans (the default,
//!   `ring.rs`, and the outer ring) and the border plan;
//! - `geometry`: what the plans build on: border constellations, the ring lines, their
//!   orbits and interiors, and the work estimates of an interior's tree;
//! - [`profile`]: the shape of the search trees (nodes per depth);
//! - [`kernel`]: the interior counts, the only home of `unsafe`.

pub(crate) mod engines;
pub(crate) mod geometry;
pub mod kernel;
pub(crate) mod plans;
pub mod profile;

pub use engines::torus::{
    TorusClasses, torus_classes, torus_classes_under, torus_superqueens_among_queens,
};
