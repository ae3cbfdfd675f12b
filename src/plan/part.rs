//! Parts of a plan: the units whose id leaves remainder `res` when divided by `modulus`
//! (`--part RES/MOD`), the split nauty's `geng res/mod` made conventional. Parts `0..MOD`
//! partition the units, so summing the tallies of all of them gives the whole result
//! (`queens merge`). `--part slurm` takes RES and MOD from a Slurm job array's environment.

use std::fmt;

/// The units `id` with `id % modulus == res` of a plan.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Part {
    res: usize,
    modulus: usize,
}

impl Part {
    /// Every unit: part 0/1.
    pub const WHOLE: Part = Part { res: 0, modulus: 1 };

    /// Part `res` of `modulus`; needs `res < modulus`.
    pub fn new(res: usize, modulus: usize) -> Result<Part, String> {
        if modulus == 0 {
            return Err("a part's MOD must be at least 1".to_string());
        }
        if res >= modulus {
            return Err(format!(
                "part {res}/{modulus}: RES must be below MOD (parts are numbered 0 to {})",
                modulus - 1
            ));
        }
        Ok(Part { res, modulus })
    }

    /// Parses `RES/MOD`, for example `3/64`.
    pub fn parse(text: &str) -> Result<Part, String> {
        let bad = || format!("'{text}' is not a part: expected RES/MOD such as 3/64");
        let (r, m) = text.split_once('/').ok_or_else(bad)?;
        let r: usize = r.trim().parse().map_err(|_| bad())?;
        let m: usize = m.trim().parse().map_err(|_| bad())?;
        Part::new(r, m)
    }

    /// The part of a Slurm job array task, from the variables Slurm sets in each task
    /// (`get` looks one up): `SLURM_ARRAY_TASK_ID`, `_COUNT`, `_MIN` and `_STEP`, with
    /// RES = (ID − MIN) / STEP and MOD = COUNT. `SLURM_ARRAY_TASK_MAX`, when set, must agree
    /// (MIN + (COUNT − 1)·STEP), so that an array that is not one evenly spaced range
    /// (`--array=1,4,9`) is refused instead of silently mapped to overlapping parts.
    pub fn from_slurm_env(get: impl Fn(&str) -> Option<String>) -> Result<Part, String> {
        let var = |name: &str| -> Result<usize, String> {
            let value = get(name).ok_or_else(|| {
                format!(
                    "--part slurm: {name} is not set; run inside a Slurm job array \
                     (sbatch --array=0-63 …) or give the part as RES/MOD"
                )
            })?;
            value.trim().parse().map_err(|_| {
                format!("--part slurm: {name}={value:?} is not a non-negative integer")
            })
        };
        let id = var("SLURM_ARRAY_TASK_ID")?;
        let count = var("SLURM_ARRAY_TASK_COUNT")?;
        let min = var("SLURM_ARRAY_TASK_MIN")?;
        let step = var("SLURM_ARRAY_TASK_STEP")?;
        let cannot = |why: String| {
            format!(
                "--part slurm: cannot map this job array to parts ({why}); submit an evenly \
                 spaced array such as --array=0-63 or --array=1-64 or --array=0-126:2"
            )
        };
        if count == 0 || step == 0 {
            return Err(cannot(format!(
                "SLURM_ARRAY_TASK_COUNT={count}, SLURM_ARRAY_TASK_STEP={step}"
            )));
        }
        if get("SLURM_ARRAY_TASK_MAX").is_some() {
            let max = var("SLURM_ARRAY_TASK_MAX")?;
            let expected = (count - 1)
                .checked_mul(step)
                .and_then(|span| span.checked_add(min));
            if expected != Some(max) {
                return Err(cannot(format!(
                    "{count} tasks from {min} in steps of {step} do not end at the highest \
                     index {max}"
                )));
            }
        }
        if id < min || (id - min) % step != 0 {
            return Err(cannot(format!(
                "task {id} is not {min} plus a multiple of the step {step}"
            )));
        }
        let res = (id - min) / step;
        if res >= count {
            return Err(cannot(format!(
                "task {id} is beyond the {count} tasks from {min} in steps of {step}"
            )));
        }
        Part::new(res, count)
    }

    /// RES: the remainder this part's unit ids leave.
    pub fn res(&self) -> usize {
        self.res
    }

    /// MOD: how many parts the plan is split into.
    pub fn modulus(&self) -> usize {
        self.modulus
    }

    /// Whether unit `id` belongs to this part.
    pub fn selects(&self, id: usize) -> bool {
        id % self.modulus == self.res
    }

    /// This part's unit ids among `0..plan_units`, in increasing order.
    pub fn ids(&self, plan_units: usize) -> Vec<usize> {
        (self.res..plan_units).step_by(self.modulus).collect()
    }

    /// How many of the units `0..plan_units` belong to this part.
    pub fn unit_count(&self, plan_units: usize) -> usize {
        plan_units.saturating_sub(self.res).div_ceil(self.modulus)
    }
}

impl fmt::Display for Part {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.res, self.modulus)
    }
}

/// The value of `--part`: a fixed part, or one read from Slurm's environment at run time.
// The command line's (`--part`, Slurm's included): not part of the library's API.
#[doc(hidden)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PartSpec {
    /// `RES/MOD`.
    Fixed(Part),
    /// `slurm`: from `SLURM_ARRAY_TASK_*`.
    Slurm,
}

impl PartSpec {
    /// Parses `RES/MOD` or `slurm`.
    pub fn parse(text: &str) -> Result<PartSpec, String> {
        if text.eq_ignore_ascii_case("slurm") {
            Ok(PartSpec::Slurm)
        } else {
            // The command line's word for a Slurm task's part is named beside RES/MOD.
            Part::parse(text)
                .map(PartSpec::Fixed)
                .map_err(|e| match text.contains('/') {
                    true => e,
                    false => format!("{e}, or 'slurm'"),
                })
        }
    }

    /// The part, reading the process environment for `slurm`.
    pub fn resolve(&self) -> Result<Part, String> {
        match self {
            PartSpec::Fixed(p) => Ok(*p),
            PartSpec::Slurm => Part::from_slurm_env(|k| std::env::var(k).ok()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    fn slurm(vars: &[(&str, &str)]) -> Result<Part, String> {
        let map: HashMap<String, String> = vars
            .iter()
            .map(|(k, v)| (format!("SLURM_ARRAY_TASK_{k}"), v.to_string()))
            .collect();
        Part::from_slurm_env(|k| map.get(k).cloned())
    }

    #[test]
    fn parses_res_mod_and_refuses_nonsense() {
        assert_eq!(Part::parse("3/64"), Part::new(3, 64));
        assert_eq!(Part::parse("0/1"), Ok(Part::WHOLE));
        for bad in ["64/64", "1/0", "3", "a/4", "-1/4", "3/4/5", ""] {
            assert!(Part::parse(bad).is_err(), "{bad:?} accepted");
        }
        assert_eq!(PartSpec::parse("slurm"), Ok(PartSpec::Slurm));
    }

    #[test]
    fn parts_partition_the_units() {
        for units in [0, 1, 5, 64, 100, 101] {
            for m in 1..=9 {
                let mut seen = vec![0u32; units];
                for r in 0..m {
                    let part = Part::new(r, m).unwrap();
                    let ids = part.ids(units);
                    assert_eq!(ids.len(), part.unit_count(units));
                    assert!(ids.iter().all(|&id| part.selects(id)));
                    ids.iter().for_each(|&id| seen[id] += 1);
                }
                assert!(seen.iter().all(|&c| c == 1), "units={units} m={m}");
            }
        }
    }

    /// `slurm` for task `id` of an array of `count` tasks numbered `min` to `max` by `step`.
    fn slurm_task(id: &str, [count, min, max, step]: [&str; 4]) -> Result<Part, String> {
        slurm(&[
            ("ID", id),
            ("COUNT", count),
            ("MIN", min),
            ("MAX", max),
            ("STEP", step),
        ])
    }

    #[test]
    fn slurm_zero_based_array_maps_ids_directly() {
        let array = ["64", "0", "63", "1"];
        assert_eq!(slurm_task("0", array), Part::new(0, 64));
        assert_eq!(slurm_task("63", array), Part::new(63, 64));
    }

    #[test]
    fn slurm_one_based_array_is_shifted_by_its_minimum() {
        let array = ["8", "1", "8", "1"];
        assert_eq!(slurm_task("1", array), Part::new(0, 8));
        assert_eq!(slurm_task("8", array), Part::new(7, 8));
    }

    #[test]
    fn slurm_stepped_array_divides_by_its_step() {
        // --array=10-40:10 → tasks 10, 20, 30, 40.
        let array = ["4", "10", "40", "10"];
        assert_eq!(slurm_task("10", array), Part::new(0, 4));
        assert_eq!(slurm_task("30", array), Part::new(2, 4));
        assert_eq!(slurm_task("40", array), Part::new(3, 4));
        // Without the optional MAX the mapping is the same.
        let no_max = [("ID", "30"), ("COUNT", "4"), ("MIN", "10"), ("STEP", "10")];
        assert_eq!(slurm(&no_max), Part::new(2, 4));
    }

    #[test]
    fn slurm_refuses_arrays_it_cannot_map() {
        // --array=1,4,9: three tasks that are not one evenly spaced range.
        let uneven = [
            ("ID", "4"),
            ("COUNT", "3"),
            ("MIN", "1"),
            ("MAX", "9"),
            ("STEP", "1"),
        ];
        let e = slurm(&uneven).unwrap_err();
        assert!(e.contains("cannot map"), "{e}");
        // A task off the step grid, a task beyond the count, a zero step.
        let off = [("ID", "15"), ("COUNT", "4"), ("MIN", "10"), ("STEP", "10")];
        assert!(slurm(&off).unwrap_err().contains("multiple of the step"));
        let beyond = [("ID", "9"), ("COUNT", "4"), ("MIN", "0"), ("STEP", "1")];
        assert!(slurm(&beyond).unwrap_err().contains("beyond"));
        let below = [("ID", "0"), ("COUNT", "4"), ("MIN", "1"), ("STEP", "1")];
        assert!(slurm(&below).is_err());
        let zero = [("ID", "0"), ("COUNT", "4"), ("MIN", "0"), ("STEP", "0")];
        assert!(slurm(&zero).is_err());
    }

    #[test]
    fn slurm_names_a_missing_or_malformed_variable() {
        let e = slurm(&[]).unwrap_err();
        assert!(e.contains("SLURM_ARRAY_TASK_ID is not set"), "{e}");
        let e = slurm(&[("ID", "3"), ("COUNT", "8"), ("MIN", "0")]).unwrap_err();
        assert!(e.contains("SLURM_ARRAY_TASK_STEP is not set"), "{e}");
        let e = slurm(&[("ID", "x"), ("COUNT", "8"), ("MIN", "0"), ("STEP", "1")]).unwrap_err();
        assert!(e.contains("SLURM_ARRAY_TASK_ID=\"x\""), "{e}");
    }
}
