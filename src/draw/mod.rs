//! Pictures as SVG: the drawing primitives ([`svg`]), boards and classes ([`render`]), and the
//! growth plot of a result table ([`plot`]).

pub mod plot;
pub mod render;
pub mod svg;
