//! The symmetric engine's plans, one per split ([`crate::Split`]), each a
//! `super::engines::family::SymmetricFamily` over its orbits: [`ring`], the default (and the
//! outer-ring plan, its second way in `queens verify --two-ways`), [`border`] and [`coronal`].

pub(crate) mod border;
pub(crate) mod coronal;
pub(crate) mod ring;
