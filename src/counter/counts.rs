//! What a [`Counts`] says for people ([`fmt::Display`]) and how it compares with the published
//! values ([`Counts::verified`]).

use super::Counts;
use crate::rules::Group;
use crate::torus_group::orbits_text;
use crate::verify::{self, Verdict};
use std::fmt;

impl Counts {
    /// Checks the counts against the published values of their rules (OEIS, embedded from
    /// `data/known.csv`, and `data/variants.csv` for the variants: [`verify::KnownTable::published`]),
    /// exactly as the `verified` column of `queens count` and the `verified` attribute of the
    /// Python `Counts` do: the total, the classes and their three symmetry types, and the
    /// nodes where they are the plain tree's (A319283: the enumerate engine's only; the
    /// symmetric engine's nodes are its own plan's). The boards fixed by a half and a quarter
    /// turn are checked through the classes, from which they follow for n > 1 (4 · half-turn
    /// + 2 · quarter-turn classes, and 2 · quarter-turn classes).
    ///
    /// [`Verdict::Verified`]: every published value agrees (Python's `True`);
    /// [`Verdict::Mismatch`]: the fields that disagree, with both values (`False`);
    /// [`Verdict::Unknown`]: nothing is published for this n (`None`).
    ///
    /// ```
    /// use queens::{Counter, Engine, Verdict};
    /// assert_eq!(queens::count(12)?.verified(), Verdict::Verified);
    /// assert_eq!(Counter::new(10).engine(Engine::Enumerate).count()?.verified(), Verdict::Verified);
    ///
    /// let mut wrong = queens::count(8)?;
    /// wrong.total += 1;
    /// let Verdict::Mismatch(fields) = wrong.verified() else { unreachable!() };
    /// assert_eq!((fields[0].field, fields[0].expected, fields[0].computed), ("total", 92, 93));
    /// assert_eq!(wrong.verified().describe(), "total computed 93 but published 92");
    ///
    /// let mut beyond = queens::count(8)?;
    /// beyond.n = 28; // no value is published beyond n = 27
    /// assert_eq!(beyond.verified(), Verdict::Unknown);
    /// # Ok::<(), queens::Error>(())
    /// ```
    pub fn verified(&self) -> Verdict {
        // The classes by orbit size are the torus group's (empty under D4).
        let orbits = (self.rules.group() == Group::Torus).then_some(self.orbits.as_slice());
        verify::KnownTable::published(&self.rules).verify_with_orbits(
            self.n,
            self.total,
            &self.classes,
            orbits,
            Some((self.nodes, self.engine.name())),
        )
    }
}

/// `1 class`, `2 classes`.
fn counted(f: &mut fmt::Formatter<'_>, count: u128, one: &str, many: &str) -> fmt::Result {
    write!(f, "{count} {}", if count == 1 { one } else { many })
}

/// One line of counts: `n = 8: 92 solutions in 12 classes (11 asymmetric, 1 half-turn,
/// 0 quarter-turn)`. The alternate form (`{:#}`) adds how the run went: `; 259 nodes,
/// symmetric engine, plan symmetric-ring-v9, avx512 kernel, 2 threads, 0.002 s` (the nodes
/// are the engine's own, see [`Counts::nodes`]). Numbers are written in plain digits, as in
/// the tables; the verdict is not part of it (see [`Counts::verified`]).
///
/// ```
/// let c = queens::count(8)?;
/// assert_eq!(c.to_string(), "n = 8: 92 solutions in 12 classes (11 asymmetric, 1 half-turn, 0 quarter-turn)");
/// assert!(format!("{c:#}").starts_with("n = 8: 92 solutions in 12 classes (11 asymmetric, 1 half-turn, 0 quarter-turn); "));
/// assert!(format!("{c:#}").contains(" nodes, symmetric engine, plan symmetric-"));
/// assert_eq!(queens::count(1)?.to_string(), "n = 1: 1 solution in 1 class (0 asymmetric, 0 half-turn, 1 quarter-turn)");
/// // Other rules are named, and the group of their classes.
/// let sq = queens::Counter::new(10).rules(queens::rules::Rules::SUPERQUEENS).count()?;
/// assert_eq!(sq.to_string(), "n = 10 (superqueen-plane): 4 solutions in 1 class under D4 (0 asymmetric, 1 half-turn, 0 quarter-turn)");
/// // On the torus, the torus group's classes by orbit size.
/// let t = queens::Counter::new(13).rules(queens::rules::Rules::TORUS_QUEENS).count()?;
/// assert_eq!(t.to_string(), "n = 13 (queen-torus): 4524 solutions in 11 classes under torus (orbits 26:1 52:2 338:3 676:5)");
/// # Ok::<(), queens::Error>(())
/// ```
impl fmt::Display for Counts {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Other rules than the queens' are named, with the group of their classes.
        let queens = self.rules.is_queens();
        match queens {
            true => write!(f, "n = {}: ", self.n)?,
            false => write!(f, "n = {} ({}): ", self.n, self.rules)?,
        }
        counted(f, self.total, "solution", "solutions")?;
        f.write_str(" in ")?;
        counted(f, self.classes.total(), "class", "classes")?;
        if !queens {
            write!(f, " under {}", self.rules.group().name())?;
        }
        if self.rules.group() == Group::Torus {
            // The classes by orbit size where the types go for D4.
            write!(f, " (orbits {})", orbits_text(&self.orbits))?;
        } else {
            write!(
                f,
                " ({} asymmetric, {} half-turn, {} quarter-turn)",
                self.classes.asymmetric, self.classes.half_turn, self.classes.quarter_turn
            )?;
        }
        if f.alternate() {
            write!(f, "; ")?;
            counted(f, self.nodes, "node", "nodes")?;
            write!(
                f,
                ", {} engine, plan {}, {} kernel, ",
                self.engine, self.plan, self.kernel
            )?;
            counted(f, self.threads as u128, "thread", "threads")?;
            write!(f, ", {:.3} s", self.seconds)?;
        }
        Ok(())
    }
}
