//! The classes of the torus under the torus group from the fixed boards alone and a published
//! total: A053994 and its breakdown by orbit size (A054500–A054502) where the total is known
//! (A007705, to board 31) and the classes are not (A053994 to board 29).
//!
//! The torus group has 8n² elements `x → L·x + v` (L one of the square's 8 symmetries, v a
//! shift). No element whose L is a reflection keeps a solution, and for odd n every element
//! whose L is a rotation other than the identity is conjugate, by a shift, to that rotation
//! about the board's centre, so Burnside's lemma reads
//!
//! `classes = (T + S + n²·(P + 2R)) / 8n²`
//!
//! with T the total, S = `Σ_{v ≠ 0} Fix(v)` the boards kept by the shifts ([`super::shifts`]),
//! P and R the boards kept by the half and the quarter turn about the centre. A class whose
//! stabilizer has d shifts and e turns (e = 1, 2, 4) has 8n²/(d·e) boards, of which 8/e are
//! kept by the half turn about the centre (e ≥ 2) and 2 by the quarter turn (e = 4): so the
//! classes by symmetry type are, as on the plane, R/2 (quarter turn), (P − R)/4 (half turn
//! only) and the rest asymmetric.
//!
//! The plain way lists the classes that an element other than the identity keeps instead: each
//! has a board kept by the half turn about the centre (e ≥ 2) or by a shift (d > 1), which
//! its two searches list; [`crate::torus_group::TorusGroup`] gives each board's canonical form
//! and stabilizer. The classes of 8n² boards are then `(T − the listed classes' boards) / 8n²`,
//! and S is `Σ orbit · (d − 1)` over the listed classes: an independent count of what the
//! Burnside way's shift search sums shift by shift.

use crate::error::Error;
use crate::plan::{ClassCounts, TallyError};
use crate::torus_group::{TorusGroup, TorusStabilizer, burnside_classes, orbit_breakdown};
use std::collections::BTreeMap;

/// The classes that an element other than the identity keeps, as the plain way lists them:
/// each class's canonical board with its stabilizer.
#[derive(Debug, Default)]
pub(super) struct Listing {
    classes: BTreeMap<Vec<u8>, TorusStabilizer>,
}

impl Listing {
    /// Adds the class of `board` (a solution of the n×n torus) if it is new.
    pub(super) fn add(&mut self, group: TorusGroup, board: &[u8]) {
        let canonical = group.canonical(board);
        if let std::collections::btree_map::Entry::Vacant(class) = self.classes.entry(canonical) {
            let stabilizer = group.stabilizer(class.key());
            class.insert(stabilizer);
        }
    }

    /// Adds every class of `other`.
    pub(super) fn merge(&mut self, other: Listing) {
        self.classes.extend(other.classes);
    }

    /// The classes by orbit size, ascending, and `Σ orbit · (shifts − 1)`: the boards the
    /// shifts other than none keep, summed over the shifts.
    pub(super) fn orbits(&self, group: TorusGroup) -> (Vec<(u128, u128)>, u128) {
        let mut by_size: BTreeMap<u128, u128> = BTreeMap::new();
        let mut shifted = 0u128;
        for stabilizer in self.classes.values() {
            let size = u128::from(group.order() / stabilizer.order());
            *by_size.entry(size).or_default() += 1;
            shifted += size * u128::from(stabilizer.shifts - 1);
        }
        (by_size.into_iter().collect(), shifted)
    }
}

/// The counts of one board the derivations take: its size and P, R, S (see the module's page).
#[derive(Clone, Copy, Debug)]
pub(super) struct Fixed {
    /// The board size.
    pub(super) n: usize,
    /// The boards the half turn about the centre keeps.
    pub(super) p: u128,
    /// The boards the quarter turn about the centre keeps.
    pub(super) r: u128,
    /// The boards the shifts other than none keep, summed over the shifts.
    pub(super) s: u128,
}

fn inconsistent(n: usize, what: String) -> Error {
    TallyError::Inconsistent { n, what }.into()
}

/// The classes under the torus group by Burnside's lemma, from the total `total` and the
/// fixed boards of `row` ([`burnside_classes`]); fails where they are not whole.
pub(super) fn classes(row: Fixed, total: u128) -> Result<u128, Error> {
    if row.n == 1 {
        // The one board, which every element keeps: one class.
        return match total {
            1 => Ok(1),
            t => Err(inconsistent(1, format!("total {t} on the 1×1 torus"))),
        };
    }
    burnside_classes(row.n, total, row.s, row.p, row.r).map_err(|what| inconsistent(row.n, what))
}

/// The classes by symmetry type: R/2 kept by a quarter turn, (P − R)/4 by a half turn only,
/// the rest of `classes` asymmetric.
pub(super) fn types(row: Fixed, classes: u128) -> Result<ClassCounts, Error> {
    if row.n == 1 {
        return Ok(ClassCounts {
            quarter_turn: classes,
            ..ClassCounts::default()
        });
    }
    let (p, r) = (row.p, row.r);
    let bad = || {
        inconsistent(
            row.n,
            format!("P = {p}, R = {r} and {classes} classes do not divide into types"),
        )
    };
    if r > p || !r.is_multiple_of(2) || !(p - r).is_multiple_of(4) {
        return Err(bad());
    }
    let (quarter_turn, half_turn) = (r / 2, (p - r) / 4);
    let asymmetric = (classes.checked_sub(quarter_turn + half_turn)).ok_or_else(bad)?;
    Ok(ClassCounts {
        asymmetric,
        half_turn,
        quarter_turn,
    })
}

/// The classes by orbit size (A054500–A054502): the plain way's `listed` classes, and the
/// rest `(T − their boards) / 8n²` classes of 8n² boards ([`orbit_breakdown`]). Fails where
/// the rest is not whole classes or the classes disagree with Burnside's lemma.
pub(super) fn orbits(
    row: Fixed,
    listed: &[(u128, u128)],
    total: u128,
) -> Result<Vec<(u128, u128)>, Error> {
    if row.n == 1 {
        return Ok(vec![(1, 1)]);
    }
    let classes = burnside_classes(row.n, total, row.s, row.p, row.r);
    let by_size = orbit_breakdown(row.n, total, listed.iter().copied(), classes)
        .map_err(|what| inconsistent(row.n, what))?;
    Ok(by_size.into_iter().collect())
}
