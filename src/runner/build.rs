//! The plan factory: the one place that names the engines' plan types.

use crate::board::{MAX_N, MIN_N};
use crate::error::Error;
use crate::plan::{Engine, Plan};
use crate::search::enumerate::EnumeratePlan;
use crate::search::kernel::Kernel;
use crate::search::symmetric::SymmetricPlan;

/// Checks that `n` is a supported board size (1..=32).
pub fn check_size(n: usize) -> Result<(), Error> {
    if (MIN_N..=MAX_N).contains(&n) {
        Ok(())
    } else {
        Err(Error::SizeOutOfRange { n })
    }
}

/// Builds the plan of `engine` for board size `n` (1..=32), on the fastest kernel the CPU
/// supports.
pub fn build(n: usize, engine: Engine) -> Result<Box<dyn Plan>, Error> {
    build_with_kernel(n, engine, Kernel::best())
}

/// Builds the plan of `engine` for board size `n` (1..=32) on `kernel`, which the CPU must
/// support ([`Kernel::is_available`]; engines with a single kernel ignore it).
pub fn build_with_kernel(n: usize, engine: Engine, kernel: Kernel) -> Result<Box<dyn Plan>, Error> {
    check_size(n)?;
    if engine == Engine::Symmetric && !kernel.is_available() {
        return Err(Error::KernelUnavailable { kernel });
    }
    Ok(match engine {
        Engine::Enumerate => Box::new(EnumeratePlan::new(n)),
        Engine::Symmetric => Box::new(SymmetricPlan::new(n, kernel)),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_outside_1_to_32_are_errors_not_panics() {
        for n in [0, 33, 1000, usize::MAX] {
            for engine in Engine::ALL {
                let e = build(n, engine).err().expect("refused");
                assert_eq!(e.to_string(), format!("board size {n} is outside 1..=32"));
            }
        }
        assert_eq!(build(32, Engine::Symmetric).unwrap().n(), 32);
    }
}
