//! The kernels: what counts the completions and the nodes of an interior, and the one list
//! of them.
//!
//! A plan pre-places the queens of some lines and leaves an `Interior`: a queen to put in
//! each *free row* (a row that holds no pre-placed queen) on the open columns, no two
//! attacking and none attacked by a pre-placed queen. Its columns are the bits of masks as
//! wide as the plan leaves them: `n` for the ring plans (the default), `n − 2` for the
//! border plan (bit `c − 1` = column `c`). At most 32 bits, so a
//! 32-bit lane holds any board up to n = 32; where the masks fit 16 bits, or can be narrowed
//! to 16 bits once edge columns are taken (`frames`), the vector kernels use 16-bit lanes,
//! twice as many a vector.
//!
//! The search state at depth `i` (the `i`-th free row) is the classic triple of masks `cols`,
//! `ld`, `rd` of the interior queens only; the pre-placed queens' attacks on that row are a
//! fixed mask per depth, `Interior::blocked`. Going from free row `i` to free row `i + 1`
//! skips `Interior::shift[i]` rows (more than 1 where the rows between hold pre-placed
//! queens), so the diagonal masks move by that many columns.
//!
//! The kernels are listed once, in `kernels!` below; [`Kernel`], [`KernelChoice`], the
//! names, and (through `for_each_kernel!`) the tests of every kernel and `build.rs`'s view of
//! which this CPU runs come from that list. A vector kernel's file holds its lane types (each
//! a table of its intrinsics for `lanes::lanes_impl!`, which writes the type and its `unsafe
//! impl` of `lanes::Lanes`) and one `vector_kernel!` (`batched`) that writes
//! its CPU features once per lane width and makes from them its `detect()`, its
//! `#[target_feature]` entry code and its `needs` text. Adding a kernel is its file and its
//! line in `kernels!`: `build.rs` reads the features from the file and detects any x86
//! feature std knows, and the `formats::table` footer tests expand from the list too.

pub(crate) use interior::{Interior, InteriorCount, MAX_DEPTH};

/// Declares the kernels: for each, its name, its module (one file), its [`Kernel`] and
/// [`KernelChoice`] variant, and its place in the registry, [`Kernel::ALL`], in the order
/// `auto` prefers them (the last one this CPU runs wins); and `for_each_kernel!`, which
/// hands the same list to a macro (the tests of every kernel expand from it). Adding a kernel
/// is its file and one line here.
macro_rules! kernels {
    ($($(#[$doc:meta])* $variant:ident = $name:literal => $module:ident,)+) => {
        kernels!(@for_each ($) $($variant = $name => $module,)+);

        $(pub(crate) mod $module;)+

        /// The counting kernels: every one this build knows, whether or not this CPU runs it
        /// ([`Kernel::is_available`]).
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        #[cfg_attr(feature = "serde", derive(serde::Serialize))]
        #[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
        #[non_exhaustive]
        pub enum Kernel {
            $($(#[$doc])* $variant,)+
        }

        /// The kernel asked for: a particular one, or the fastest this CPU runs.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
        #[cfg_attr(feature = "serde", derive(serde::Serialize))]
        #[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
        #[non_exhaustive]
        pub enum KernelChoice {
            /// The fastest kernel this CPU runs (the last of [`Kernel::ALL`] it has), unless
            /// the environment variable `QUEENS_KERNEL` names one ([`KERNEL_ENV`]).
            #[default]
            Auto,
            $($(#[$doc])* $variant,)+
        }

        impl Kernel {
            /// Every kernel, in the order `auto` prefers them: the scalar kernel first, the
            /// fastest last.
            pub const ALL: &[Kernel] = &[$(Kernel::$variant),+];

            /// The kernel's name as shown in tables and taken by `--kernel`.
            pub const fn name(self) -> &'static str {
                match self {
                    $(Kernel::$variant => $name,)+
                }
            }

            /// What the registry knows of this kernel: its name, the CPU features it needs,
            /// its entry points (each kernel's file defines its `INFO`).
            pub fn info(self) -> &'static KernelInfo {
                match self {
                    $(Kernel::$variant => &$module::INFO,)+
                }
            }
        }

        impl From<Kernel> for KernelChoice {
            fn from(k: Kernel) -> KernelChoice {
                match k {
                    $(Kernel::$variant => KernelChoice::$variant,)+
                }
            }
        }

        impl KernelChoice {
            /// The kernel this choice names, or `None` for [`KernelChoice::Auto`].
            pub fn kernel(self) -> Option<Kernel> {
                match self {
                    KernelChoice::Auto => None,
                    $(KernelChoice::$variant => Some(Kernel::$variant),)+
                }
            }
        }
    };
    (@for_each ($d:tt) $($variant:ident = $name:literal => $module:ident,)+) => {
        /// Hands the kernel registry to the macro `callback`, as `callback! { VARIANT "name"
        /// module; … }` in [`Kernel::ALL`]'s order: how the tests of every kernel (a test
        /// module per kernel, `ignored` where the CPU lacks it: the cfg
        /// `queens_host_kernel = "name"` that `build.rs` sets) expand from the registry
        /// instead of a list of their own.
        #[macro_export]
        #[doc(hidden)]
        macro_rules! for_each_kernel {
            ($d callback:ident) => {
                $d callback! { $($variant $name $module;)+ }
            };
        }
    };
}

kernels! {
    /// The portable kernel: a batched search, one node at a time with no branch per node
    /// (`scalar`); every CPU, every n from 1 to 32.
    Scalar = "scalar" => scalar,
    /// AVX2: the batched search of `batched`, 192 nodes a step in 16-bit lanes where the
    /// interior's masks fit 16 bits (or a node fits a frame of `frames`), 192 in 32-bit lanes
    /// beyond.
    Avx2 = "avx2" => avx2,
    /// AVX-512: the batched search of `batched`, 384 nodes a step in 16-bit lanes where the
    /// interior's masks fit 16 bits (or a node fits a frame of `frames`) and the CPU has
    /// avx512bw, avx512vbmi2 and avx512bitalg, 384 in 32-bit lanes beyond.
    Avx512 = "avx512" => avx512,
    /// NEON (aarch64: Apple silicon, Graviton, …): the batched search of `batched` in
    /// 128-bit registers.
    Neon = "neon" => neon,
}

#[cfg(test)]
pub(crate) use for_each_kernel;

pub(crate) mod batched;
pub(crate) mod frames;
pub(crate) mod interior;
pub(crate) mod lanes;
pub(crate) mod rule;
#[cfg(test)]
mod tests;
#[cfg(target_arch = "x86_64")]
mod x86_bmi;

/// The environment variable that [`KernelChoice::Auto`] obeys: a kernel's name (or `auto`)
/// forces that kernel for a whole run, for example to test every kernel this CPU has with
/// the same test suite. A kernel the CPU lacks, or a name that is no kernel's, is an error,
/// never a silent fallback.
pub const KERNEL_ENV: &str = "QUEENS_KERNEL";

/// What the registry knows of one kernel.
#[derive(Debug)]
pub struct KernelInfo {
    /// The kernel.
    pub kernel: Kernel,
    /// Its name on the command line and in tables (`scalar`, `avx2`, …).
    pub name: &'static str,
    /// The CPU features it needs, in words (`avx2, bmi1, bmi2, popcnt (x86-64)`).
    pub needs: &'static str,
    /// One line for `--kernel`'s help.
    pub summary: &'static str,
    /// Its entry points, where this build has them (`None` for another architecture's
    /// kernel).
    pub(crate) entry: Option<KernelEntry>,
}

/// A kernel's entry points.
#[derive(Debug, Clone, Copy)]
pub(crate) struct KernelEntry {
    /// Whether this CPU runs it (checked at run time).
    pub available: fn() -> bool,
    /// Counts one interior (see [`Kernel::count`]); checks the CPU's features and panics
    /// without them.
    pub count: fn(&Interior) -> InteriorCount,
    /// Counts one interior in the kernel's widest lanes whatever its size: the same as
    /// `count` for a kernel of one lane width, else a test of the wide search on the sizes
    /// where `count` takes narrower lanes.
    #[cfg_attr(not(test), allow(dead_code))]
    pub count_wide: fn(&Interior) -> InteriorCount,
}

/// Why a [`KernelChoice`] resolves to no kernel (the library's [`crate::Error`] wraps it).
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum KernelError {
    /// The kernel asked for (by name or by [`KERNEL_ENV`]) needs CPU features this CPU lacks.
    Unavailable {
        /// The kernel asked for.
        kernel: Kernel,
    },
    /// [`KERNEL_ENV`] holds a value that names no kernel: the message says which.
    NoSuchKernel(String),
}

impl std::fmt::Display for KernelError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            KernelError::Unavailable { kernel } => f.write_str(&kernel.unavailable_reason()),
            KernelError::NoSuchKernel(message) => f.write_str(message),
        }
    }
}

impl std::error::Error for KernelError {}

impl KernelChoice {
    /// The kernel to run: `Auto` resolves to the kernel named by `QUEENS_KERNEL`
    /// ([`KERNEL_ENV`]) where it is set, else the fastest one the CPU runs; a kernel the CPU
    /// lacks is an error that says what to do.
    pub fn resolve(self) -> Result<Kernel, KernelError> {
        let no_such = |value: &str| {
            KernelError::NoSuchKernel(format!(
                "{KERNEL_ENV}={}: no such kernel; the kernels are auto, {}",
                // A newline or other control character shown escaped: the message stays one line.
                value.escape_debug(),
                Kernel::names().join(", ")
            ))
        };
        let kernel = match self.kernel() {
            Some(k) => k,
            // Read as the command line reads `--kernel`'s values ([`KernelChoice::from_name`]).
            None => match std::env::var(KERNEL_ENV) {
                Ok(name) if !name.trim().is_empty() => {
                    let choice = KernelChoice::from_name(&name).ok_or_else(|| no_such(&name))?;
                    choice.kernel().unwrap_or_else(Kernel::best)
                }
                Err(std::env::VarError::NotUnicode(value)) => {
                    return Err(no_such(&value.to_string_lossy()));
                }
                _ => Kernel::best(),
            },
        };
        if kernel.is_available() {
            Ok(kernel)
        } else {
            Err(KernelError::Unavailable { kernel })
        }
    }

    /// The kernel `engine` runs on: [`KernelChoice::resolve`] for the symmetric engine, the
    /// scalar search for the enumerate engine, which has no kernels (so neither the choice nor
    /// `QUEENS_KERNEL` concerns it).
    pub fn resolve_for(self, engine: crate::plan::Engine) -> Result<Kernel, KernelError> {
        match engine {
            crate::plan::Engine::Enumerate => Ok(Kernel::Scalar),
            _ => self.resolve(),
        }
    }

    /// The choice named `name` (`auto` or a kernel's name, in any case, around spaces), if
    /// there is one.
    pub fn from_name(name: &str) -> Option<KernelChoice> {
        if name.trim().eq_ignore_ascii_case("auto") {
            return Some(KernelChoice::Auto);
        }
        Kernel::from_name(name).map(KernelChoice::from)
    }

    /// The choice's name: `auto` or the kernel's.
    pub fn name(self) -> &'static str {
        self.kernel().map_or("auto", Kernel::name)
    }
}

impl Kernel {
    /// The names of every kernel, in [`Kernel::ALL`]'s order.
    pub fn names() -> Vec<&'static str> {
        Kernel::ALL.iter().map(|k| k.name()).collect()
    }

    /// The kernel named `name` (in any case, around spaces: `AVX2`, ` scalar `), if there is
    /// one.
    pub fn from_name(name: &str) -> Option<Kernel> {
        let name = name.trim();
        Kernel::ALL
            .iter()
            .copied()
            .find(|k| k.name().eq_ignore_ascii_case(name))
    }

    /// The kernels this CPU runs, in [`Kernel::ALL`]'s order.
    pub fn available() -> Vec<Kernel> {
        Kernel::ALL
            .iter()
            .copied()
            .filter(|k| k.is_available())
            .collect()
    }

    /// Whether this CPU can run the kernel (checked at run time).
    pub fn is_available(self) -> bool {
        self.info().entry.is_some_and(|e| (e.available)())
    }

    /// The fastest kernel this CPU runs: the last of [`Kernel::ALL`] it has.
    pub fn best() -> Kernel {
        Kernel::ALL
            .iter()
            .rev()
            .copied()
            .find(|k| k.is_available())
            .unwrap_or(Kernel::Scalar)
    }

    /// The message for a kernel this CPU cannot run: what it needs and what to use instead.
    pub fn unavailable_reason(self) -> String {
        format!(
            "the {} kernel needs {}, which this CPU lacks; this CPU runs {} (or auto)",
            self.name(),
            self.info().needs,
            Kernel::available()
                .iter()
                .map(|k| k.name())
                .collect::<Vec<_>>()
                .join(", ")
        )
    }

    /// The entry points (each checks the CPU's features itself, and panics without them).
    fn entry(self) -> KernelEntry {
        match self.info().entry {
            Some(e) => e,
            None => panic!("{}", self.unavailable_reason()),
        }
    }

    /// Counts the completions of `interior`. Every kernel gives the same completions and the
    /// same nodes.
    ///
    /// # Panics
    ///
    /// If the CPU cannot run the kernel ([`Kernel::is_available`]).
    pub(crate) fn count(self, interior: &Interior) -> InteriorCount {
        // Each kernel chooses its search for the interior's rules (one instance per rule).
        (self.entry().count)(interior)
    }

    /// [`Kernel::count`] in the kernel's widest lanes whatever the interior's size (see
    /// [`KernelEntry::count_wide`]), for tests.
    ///
    /// # Panics
    ///
    /// If the CPU cannot run the kernel ([`Kernel::is_available`]).
    #[cfg(test)]
    pub(crate) fn count_wide(self, interior: &Interior) -> InteriorCount {
        (self.entry().count_wide)(interior)
    }
}

/// A plain, obviously correct recursive count of an interior, for tests of the kernels: the
/// completions, and the nodes as the kernels count them (every placement in a free row other
/// than the last two). It walks the free rows at their board rows (the sums of `shift`) and
/// tests each new piece against the interior's pieces placed so far with the rules' one
/// predicate, [`crate::rules::Rules::attacks`] (the interior's columns as the board's: the
/// plane's attacks depend on differences only), and against the pre-placed ones through
/// `cols` and `blocked`: no mask trick of the kernels'. The queens on the plane are counted
/// by [`queen_reference_count`], the plain bitmask backtracking.
#[cfg(test)]
pub(crate) fn reference_count(interior: &Interior) -> InteriorCount {
    if interior.rules.is_queens() {
        return queen_reference_count(interior);
    }
    fn go(
        it: &Interior,
        i: usize,
        row: usize,
        placed: &mut Vec<(usize, usize)>,
        total: &mut InteriorCount,
    ) {
        if i == it.depth {
            total.completions += 1;
            return;
        }
        for c in 0..32 {
            let b = 1u32 << c;
            let taken = it.cols | it.blocked[i] | placed.iter().fold(0, |m, &(_, pc)| m | 1 << pc);
            if it.inner & b == 0 || taken & b != 0 {
                continue;
            }
            if placed.iter().any(|&q| it.rules.attacks(64, q, (row, c))) {
                continue;
            }
            if i + 2 < it.depth {
                total.nodes += 1;
            }
            placed.push((row, c));
            go(it, i + 1, row + it.shift[i] as usize, placed, total);
            placed.pop();
        }
    }
    let mut total = InteriorCount::default();
    go(interior, 0, 0, &mut Vec::new(), &mut total);
    total
}

/// [`reference_count`] for the queens on the plane: the plain bitmask backtracking the
/// kernels were checked against before other rules came (each queen's column and diagonals
/// as masks, the diagonals moved `shift` rows down: no look-ahead, no batches, no closed
/// forms), an order of magnitude faster than testing every pair of pieces, which the
/// per-kernel test runs need.
#[cfg(test)]
fn queen_reference_count(interior: &Interior) -> InteriorCount {
    fn go(it: &Interior, i: usize, cols: u32, ld: u32, rd: u32, total: &mut InteriorCount) {
        if i == it.depth {
            total.completions += 1;
            return;
        }
        for c in 0..32 {
            let b = 1u32 << c;
            if it.inner & b != 0 && (cols | ld | rd | it.blocked[i]) & b == 0 {
                if i + 2 < it.depth {
                    total.nodes += 1;
                }
                let s = it.shift[i];
                go(
                    it,
                    i + 1,
                    cols | b,
                    (ld | b).checked_shl(s).unwrap_or(0),
                    (rd | b).checked_shr(s).unwrap_or(0),
                    total,
                );
            }
        }
    }
    let mut total = InteriorCount::default();
    go(interior, 0, interior.cols, 0, 0, &mut total);
    total
}
