//! The scalar kernel compiled a second time for x86-64's bit-manipulation instructions
//! (popcnt, bmi1 `blsi`/`blsr`/`tzcnt`, bmi2, lzcnt), which every x86-64 CPU of the last
//! decade has but the baseline x86-64 target may not assume. The code is the scalar kernel's
//! own ([`super::scalar`]), inlined here into a function compiled with those features;
//! `scalar::count` chooses this copy at run time, and borrows the thread's rings outside it (a
//! closure would not be compiled with the features).
//!
//! With the vector kernels' files, one of the files that hold `unsafe` code: the calls of the
//! `#[target_feature]` functions, behind a type whose values exist only on a CPU that has the
//! features.

#![allow(unsafe_code)] // Calls of #[target_feature] functions: see the SAFETY notes.

use super::rule::KernelRule;
use super::scalar::search::{SLOTS, search};
use super::{Interior, InteriorCount};
use crate::plan::stop::Patrol;

/// Proof that this CPU has popcnt, bmi1, bmi2 and lzcnt.
#[derive(Clone, Copy)]
pub(crate) struct Bmi {
    /// Private: a value exists only where [`Bmi::detect`] found the features.
    _proof: (),
}

impl Bmi {
    /// The proof, if this CPU has the features.
    #[inline]
    pub(crate) fn detect() -> Option<Bmi> {
        (is_x86_feature_detected!("popcnt")
            && is_x86_feature_detected!("bmi1")
            && is_x86_feature_detected!("bmi2")
            && is_x86_feature_detected!("lzcnt"))
        .then_some(Bmi { _proof: () })
    }

    /// The scalar kernel's [`search`] compiled for the features.
    pub(crate) fn search<R: KernelRule<W>, const W: usize>(
        self,
        it: &Interior,
        first: u32,
        rings: &mut [[[u32; W]; SLOTS]],
        patrol: &mut Patrol,
    ) -> InteriorCount {
        // SAFETY: `self` proves the CPU has the features `search_bmi` is compiled for.
        unsafe { search_bmi::<R, W>(it, first, rings, patrol) }
    }
}

#[target_feature(enable = "popcnt,bmi1,bmi2,lzcnt")]
fn search_bmi<R: KernelRule<W>, const W: usize>(
    it: &Interior,
    first: u32,
    rings: &mut [[[u32; W]; SLOTS]],
    patrol: &mut Patrol,
) -> InteriorCount {
    search::<R, W>(it, first, rings, patrol)
}
