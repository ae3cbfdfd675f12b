//! The plan factory: the one place that names the engines' plan types.

use crate::board::{MAX_N, MIN_N};
use crate::error::Error;
use crate::plan::{Engine, Plan};
use crate::rules::Rules;
use crate::search::engines::enumerate::EnumeratePlan;
use crate::search::engines::torus::TorusPlan;
use crate::search::kernel::Kernel;
use crate::search::plans::border::SymmetricPlan;
use crate::search::plans::ring::{OuterRingPlan, RingPlan};

/// Checks that `n` is a board size whose solutions can be listed (1 to 32).
pub(crate) fn check_size(n: usize) -> Result<(), Error> {
    if (MIN_N..=MAX_N).contains(&n) {
        Ok(())
    } else {
        Err(Error::SizeOutOfRange {
            n,
            min: MIN_N,
            max: MAX_N,
        })
    }
}

/// Checks that `engine` counts board size `n` of `rules` (0 to [`Engine::largest_size`]: 32,
/// or 64 for the torus plan): n = 0 is the empty board, the one placement of no queens
/// (A000170 has a(0) = 1).
pub(crate) fn check_count_size(n: usize, engine: Engine, rules: &Rules) -> Result<(), Error> {
    let max = engine.largest_size(rules);
    if n <= max {
        Ok(())
    } else {
        Err(Error::SizeOutOfRange { n, min: 0, max })
    }
}

/// How the symmetric engine splits a board size into units. The splits share only the kernels
/// and the half- and quarter-turn searches, so counting a size with the ring split (the
/// default) and the outer-ring split (the border split below n = 4) verifies it two
/// independent ways (`queens verify N --two-ways`, [`Split::second_of_two_ways`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
// `--split`'s values (the command line's names, and a shorter help than the docs here).
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
pub enum Split {
    /// One unit per D4 orbit of the innermost ring (queens of the rows and columns
    /// `(n − 2) / 2` and `n − 1 − (n − 2) / 2`), interiors of every other line, n columns
    /// (`RingPlan`): the fastest, with about 0.57× the border split's nodes.
    #[default]
    #[cfg_attr(
        feature = "cli",
        value(
            help = "One unit per D4 orbit of the innermost ring (the two middle rows and \
            columns, or those beside the middle one); interiors of every other line, n columns \
            (plan symmetric-ring): about half the border plan's nodes, the fastest"
        )
    )]
    Ring,
    /// One unit per D4 orbit of the ring one line out from the innermost (rows and columns
    /// `(n − 2) / 2 − 1` and `n − (n − 2) / 2`), interiors of every other line
    /// (`OuterRingPlan`): as fast as the ring split (within a few percent of its nodes) with
    /// its own placements, orbits, weights and interiors, so the second plan of
    /// `queens verify N --two-ways`.
    #[cfg_attr(
        feature = "cli",
        value(
            help = "One unit per D4 orbit of the ring one line out from the innermost; \
            interiors of every other line, n columns (plan symmetric-outer-ring): as fast as \
            ring, with its own placements, orbits and interiors (the second plan of `verify \
            --two-ways`)"
        )
    )]
    OuterRing,
    /// One unit per D4 orbit of border constellations (queens of rows 0 and n−1, columns 0
    /// and n−1), interiors of n−2 columns (`SymmetricPlan`).
    #[cfg_attr(
        feature = "cli",
        value(
            help = "One unit per D4 orbit of the border queens (rows 0 and n−1, columns 0 \
            and n−1); interiors of n−2 columns (plan symmetric-border-burnside)"
        )
    )]
    Border,
}

impl Split {
    /// Every split, the default first.
    pub const ALL: [Split; 3] = [Split::Ring, Split::OuterRing, Split::Border];

    /// The split that `queens verify N --two-ways` checks the default split against for board
    /// size `n`: the outer ring's from n = 4 on, where the ring splits pre-place queens
    /// (their own placements, orbits, weights and interiors, at the same speed); below, where
    /// both ring splits count the boards by the same plain backtracking, the border split's.
    pub fn second_of_two_ways(n: usize) -> Split {
        if n >= crate::search::plans::ring::MIN_RING_N {
            Split::OuterRing
        } else {
            Split::Border
        }
    }

    /// Whether the split's plan counts the problem of `rules`: the ring splits count the
    /// pieces of the plane board (queens and superqueens), the border split the queens; the
    /// queens on the torus have one plan of the symmetric engine, the torus plan, which the
    /// default split (ring) names.
    pub fn supports(self, rules: &Rules) -> bool {
        match self {
            Split::Ring => rules.on_the_ring_plans() || rules.on_the_torus_plan(),
            Split::OuterRing => rules.on_the_ring_plans(),
            Split::Border => rules.is_queens(),
        }
    }

    /// The split's name on the command line (`ring`, `outer-ring`, `border`).
    pub fn name(self) -> &'static str {
        match self {
            Split::Ring => "ring",
            Split::OuterRing => "outer-ring",
            Split::Border => "border",
        }
    }
}

impl std::fmt::Display for Split {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// Builds the plan of `engine` for board size `n` (1..=32), on the kernel `auto` picks
/// ([`crate::KernelChoice::resolve`]).
pub fn build(n: usize, engine: Engine) -> Result<Box<dyn Plan>, Error> {
    build_with_kernel(n, engine, crate::KernelChoice::Auto.resolve_for(engine)?)
}

/// Builds the plan of `engine` for board size `n` (1..=32) on `kernel`, which the CPU must
/// support ([`Kernel::is_available`]; engines with a single kernel ignore it).
pub fn build_with_kernel(n: usize, engine: Engine, kernel: Kernel) -> Result<Box<dyn Plan>, Error> {
    build_split(n, engine, Split::default(), kernel)
}

/// Builds the plan of `engine` split by `split` for board size `n` (0..=32) on `kernel`. The
/// enumerate engine has no splits: it takes the default one, which it ignores (a request for
/// another is an [`Error::Options`]).
///
/// n = 0, the empty board, has no border for the symmetric engine to start from: it is
/// counted by the enumerate engine's plan whatever engine is asked for (its plain search meets
/// one node, the root, which is a complete board), and the plan's [`Plan::engine`] says so.
pub fn build_split(
    n: usize,
    engine: Engine,
    split: Split,
    kernel: Kernel,
) -> Result<Box<dyn Plan>, Error> {
    build_rules(n, Rules::QUEENS, engine, split, kernel)
}

/// [`build_split`] for the problem of `rules`: an engine or split that does not count them
/// ([`check_rules`]) is an [`Error::Options`].
pub(crate) fn build_rules(
    n: usize,
    rules: Rules,
    engine: Engine,
    split: Split,
    kernel: Kernel,
) -> Result<Box<dyn Plan>, Error> {
    check_rules(engine, split, &rules)?;
    check_count_size(n, engine, &rules)?;
    if engine == Engine::Symmetric && !kernel.is_available() {
        return Err(Error::KernelUnavailable { kernel });
    }
    Ok(match (engine, split) {
        (Engine::Enumerate, other) if other != Split::default() => {
            return Err(Error::Options(format!(
                "the {other} split is a plan of the symmetric engine; the enumerate engine has \
                 one split"
            )));
        }
        // The empty board has no border to start from: the enumerate plan counts it.
        _ if n == 0 => Box::new(EnumeratePlan::under(rules, 0)),
        (Engine::Enumerate, _) => Box::new(EnumeratePlan::under(rules, n)),
        // The pieces on the torus: the torus plan, one orbit of linear maps at a time.
        (Engine::Symmetric, _) if rules.on_the_torus_plan() => {
            Box::new(TorusPlan::new(n, kernel, rules))
        }
        (Engine::Symmetric, Split::Border) => Box::new(SymmetricPlan::new(n, kernel)),
        (Engine::Symmetric, Split::Ring) => Box::new(RingPlan::under(n, kernel, rules)),
        (Engine::Symmetric, Split::OuterRing) => Box::new(OuterRingPlan::under(n, kernel, rules)),
    })
}

/// `Ok` if `engine` and its `split` count the problem of `rules` ([`Engine::supports`],
/// [`Split::supports`]; the enumerate engine has one split and ignores `split`), else an
/// [`Error::Options`] whose one line names the rules and who refuses them.
pub(crate) fn check_rules(engine: Engine, split: Split, rules: &Rules) -> Result<(), Error> {
    rules.check().map_err(Error::Options)?;
    engine.check_rules(rules).map_err(Error::Options)?;
    if engine == Engine::Symmetric && !split.supports(rules) {
        let what = format!("the {split} split");
        let refusal = crate::rules::refusal(&what, rules, |r| split.supports(r));
        return Err(Error::Options(refusal));
    }
    Ok(())
}

/// The plan of `engine` for `n` whose identity is `identity` (any split, any rules the
/// engine counts, on the fastest kernel), or `None` if this version has no such plan: what
/// `merge` checks parts against.
pub(crate) fn plan_with_identity(
    n: usize,
    engine: Engine,
    identity: &str,
) -> Result<Option<Box<dyn Plan>>, Error> {
    for rules in Rules::ALL {
        // The rules' suffix ends the identity: only the rules named there are built.
        if !identity.ends_with(&rules.identity_suffix())
            || check_rules(engine, Split::default(), &rules).is_err()
            || n > engine.largest_size(&rules)
        {
            continue;
        }
        for split in Split::ALL {
            // The enumerate engine has one split; the symmetric engine's splits count only
            // the rules they support.
            let skip = match engine {
                Engine::Enumerate => split != Split::default(),
                Engine::Symmetric => !split.supports(&rules),
            };
            if skip {
                continue;
            }
            let plan = build_rules(n, rules, engine, split, Kernel::best())?;
            if plan.identity() == identity {
                return Ok(Some(plan));
            }
        }
    }
    Ok(None)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_outside_0_to_32_are_errors_not_panics() {
        for n in [33, 1000, usize::MAX] {
            for engine in Engine::ALL {
                let e = build(n, engine).err().expect("refused");
                assert_eq!(e.to_string(), format!("board size {n} is outside 0 to 32"));
            }
        }
        assert_eq!(build(32, Engine::Symmetric).unwrap().n(), 32);
        // The torus plan counts boards to 64 (its rows are 64-bit masks); the enumerate
        // engine's plain search on the torus stops at 32 like every other.
        let torus = |n, engine| {
            build_rules(n, Rules::TORUS_QUEENS, engine, Split::Ring, Kernel::Scalar)
                .map(|p| p.n())
                .map_err(|e| e.to_string())
        };
        assert_eq!(torus(37, Engine::Symmetric), Ok(37));
        assert_eq!(
            torus(65, Engine::Symmetric),
            Err("board size 65 is outside 0 to 64".to_string())
        );
        assert_eq!(
            torus(33, Engine::Enumerate),
            Err("board size 33 is outside 0 to 32".to_string())
        );
        assert_eq!(
            check_size(0).unwrap_err().to_string(),
            "board size 0 is outside 1 to 32"
        );
    }

    #[test]
    fn the_empty_board_is_counted_by_the_enumerate_plan_for_every_engine_and_split() {
        for engine in Engine::ALL {
            for split in Split::ALL {
                let Ok(plan) = build_split(0, engine, split, Kernel::Scalar) else {
                    assert_eq!(engine, Engine::Enumerate);
                    assert_ne!(split, Split::default());
                    continue;
                };
                assert_eq!((plan.n(), plan.engine()), (0, Engine::Enumerate));
                assert_eq!(plan.unit_count(), 1);
                let t = plan.count_unit(0);
                // One node, the root, which is complete: the empty board, fixed by all 8
                // symmetries.
                assert_eq!((t.boards, t.nodes), (1, 1));
                assert_eq!((t.fixed_half_turn, t.fixed_quarter_turn), (1, 1));
                assert_eq!(t.canonical.quarter_turn, 1);
            }
        }
    }

    #[test]
    fn other_rules_are_refused_in_one_line_and_never_taken_for_the_queens_plan() {
        for engine in Engine::ALL {
            for split in Split::ALL {
                assert!(check_rules(engine, split, &Rules::QUEENS).is_ok());
                // The enumerate engine (one split, which it ignores) counts every rule set;
                // the symmetric engine's ring splits the plane's pieces (and the default one
                // the pieces on the torus: the torus plan), its border split the queens alone.
                for rules in &Rules::ALL[1..] {
                    let checked = check_rules(engine, split, rules);
                    let built = build_rules(7, *rules, engine, split, Kernel::Scalar);
                    if engine == Engine::Symmetric && split.supports(rules) {
                        assert!(rules.on_the_ring_plans() || rules.on_the_torus_plan());
                        assert!(checked.is_ok() && split != Split::Border);
                        assert_eq!(built.unwrap().rules(), *rules);
                        continue;
                    }
                    if engine == Engine::Enumerate {
                        assert!(checked.is_ok());
                        if split == Split::default() {
                            assert_eq!(built.unwrap().rules(), *rules);
                        }
                        continue;
                    }
                    let e = checked.unwrap_err().to_string();
                    assert!(!e.contains('\n'), "{e}");
                    assert!(
                        e.contains(&format!("does not count the rules {rules}")),
                        "{e}"
                    );
                    assert_eq!(built.err().unwrap().to_string(), e);
                }
            }
        }
        // A plan of each rule set is found again by its identity, and by no other rules'.
        for rules in Rules::ALL {
            let plan = build_rules(
                9,
                rules,
                Engine::Enumerate,
                Split::default(),
                Kernel::Scalar,
            )
            .unwrap();
            let found = plan_with_identity(9, Engine::Enumerate, &plan.identity())
                .unwrap()
                .unwrap();
            assert_eq!((found.rules(), found.identity()), (rules, plan.identity()));
        }
        // The queens' identities are unchanged; the same split under other rules has another,
        // which no plan of this version answers to (what `merge` checks parts against).
        for split in Split::ALL {
            let plan = build_split(9, Engine::Symmetric, split, Kernel::Scalar).unwrap();
            assert_eq!(plan.identity(), plan.split_identity());
            let other = crate::plan::UnderOtherRules(plan);
            assert_eq!(
                other.identity(),
                format!("{}+queen-torus", other.split_identity())
            );
            assert!(
                plan_with_identity(9, Engine::Symmetric, &other.identity())
                    .unwrap()
                    .is_none()
            );
        }
        let enumerate = build(9, Engine::Enumerate).unwrap();
        assert_eq!(enumerate.identity(), "enumerate-prefix3-v1");
        assert_eq!(
            build(9, Engine::Symmetric).unwrap().identity(),
            "symmetric-ring-v9"
        );
    }

    #[test]
    fn every_plan_is_found_by_its_identity_and_only_the_symmetric_engine_has_several_splits() {
        for split in Split::ALL {
            let plan = build_split(9, Engine::Symmetric, split, Kernel::Scalar).unwrap();
            let found = plan_with_identity(9, Engine::Symmetric, &plan.identity())
                .unwrap()
                .expect("found");
            assert_eq!(found.unit_count(), plan.unit_count(), "{split}");
        }
        let identities: std::collections::HashSet<String> = Split::ALL
            .iter()
            .map(|&s| {
                build_split(9, Engine::Symmetric, s, Kernel::Scalar)
                    .unwrap()
                    .identity()
            })
            .collect();
        assert_eq!(identities.len(), Split::ALL.len(), "one identity per split");
        for split in [Split::OuterRing, Split::Border] {
            assert!(build_split(9, Engine::Enumerate, split, Kernel::Scalar).is_err());
        }
        assert!(
            plan_with_identity(9, Engine::Symmetric, "symmetric-other-v9")
                .unwrap()
                .is_none()
        );
    }
}
