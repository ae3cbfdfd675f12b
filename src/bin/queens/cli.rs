//! The argument groups the commands share (clap): the search options ([`SearchArgs`]), the
//! published values to verify against ([`KnownArgs`]), board sizes, notations;
//! parsing only. Each command's own arguments live in its module of [`crate::commands`].

use crate::ns;
use clap::Args;
use queens::board::notation::Notation;
use queens::console::threads;
use queens::plan::Engine;
use queens::runner::Split;
use queens::search::kernel::{Kernel, KernelChoice, KernelError};

/// Board sizes: `8`, `4-12`, or `8,10,12-14`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sizes(pub Vec<usize>);

/// `NS` of `profile`: board sizes from 1.
pub fn parse_sizes_arg(s: &str) -> Result<Sizes, String> {
    ns::parse_sizes(s).map(Sizes)
}

/// `NS` of `count` and `verify`: board sizes from 0 (the empty board).
pub fn parse_count_sizes_arg(s: &str) -> Result<Sizes, String> {
    ns::parse_count_sizes(s).map(Sizes)
}

/// `--threads`: a whole number from 0 (all cores) to 65535 (capped at
/// [`queens::runner::max_threads`] when the run starts).
pub fn parse_threads_arg(s: &str) -> Result<u16, String> {
    s.parse().map_err(|_| {
        "not a thread count: give 0 (all cores) or a whole number from 1 to 65535".to_string()
    })
}

/// Options shared by the commands that run a search.
#[derive(Clone, Copy, Debug, Args)]
pub struct SearchArgs {
    /// The rules: `--piece`, `--board` (first, so that they read whether `--engine` was given
    /// before it is taken from the matches; listed after the other options).
    #[command(flatten)]
    pub rules: crate::rules_args::RulesArgs,
    /// The search engine.
    #[arg(long, value_enum, default_value = "symmetric")]
    pub engine: Engine,
    /// The counting kernel of the symmetric engine: `auto` picks the fastest one this CPU
    /// runs, or the one the environment variable QUEENS_KERNEL names
    #[arg(long, value_name = "KERNEL", default_value = "auto", value_parser = kernel_parser(), ignore_case = true, help = "The counting kernel: `auto`, the fastest this CPU runs", long_help)]
    pub kernel: KernelChoice,
    /// How the symmetric engine splits n into units: independent plans that give the same
    /// counts (`queens verify N --two-ways` counts with ring and outer-ring and compares)
    #[arg(
        long,
        value_enum,
        default_value = "ring",
        help = "How the symmetric engine splits n into units",
        long_help
    )]
    pub split: Split,
    /// Threads to use; 0 or omitted: all cores (as `xz -T0`).
    #[arg(long, short = 't', value_name = "T", value_parser = parse_threads_arg)]
    pub threads: Option<u16>,
}

/// `--kernel`'s values: `auto` and every kernel of the registry ([`Kernel::ALL`]), each with
/// its one-line summary and, where this CPU lacks it, what it needs.
fn kernel_parser() -> impl clap::builder::TypedValueParser<Value = KernelChoice> {
    let auto = clap::builder::PossibleValue::new("auto").help(
        "The fastest kernel this CPU runs, or the one the environment variable QUEENS_KERNEL \
         names",
    );
    let kernels = Kernel::ALL.iter().map(|k| {
        let info = k.info();
        let help = if k.is_available() {
            info.summary.to_string()
        } else {
            format!("{} [this CPU lacks {}]", info.summary, info.needs)
        };
        clap::builder::PossibleValue::new(info.name).help(help)
    });
    clap::builder::TypedValueParser::map(
        clap::builder::PossibleValuesParser::new(std::iter::once(auto).chain(kernels)),
        // Taken in any case (`--kernel AVX2`, as QUEENS_KERNEL): clap passes the name as typed,
        // which `from_name` reads in any case.
        |name| KernelChoice::from_name(&name).expect("clap checked the name against the registry"),
    )
}

impl SearchArgs {
    /// The engine that counts: the one asked for (`--engine`) if it counts the rules, else
    /// the first that does ([`crate::rules_args::RulesArgs::engine`]).
    pub fn engine(&self) -> Engine {
        self.rules.engine(self.engine)
    }

    /// The options resolved: `--threads 0` read as no `--threads` (all cores), so that the two
    /// behave alike everywhere (the thread count of the rows and run metadata included), and
    /// those the engine does not have refused ([`SearchArgs::check`]).
    pub fn resolved(mut self) -> Result<SearchArgs, String> {
        self.threads = threads::all_cores_if_0(self.threads);
        self.check()?;
        Ok(self)
    }

    /// Refuses `--kernel` (other than `auto`) and `--split` (other than `ring`, the default) with
    /// `--engine enumerate`, which has neither: they would be silently ignored.
    pub fn check(&self) -> Result<(), String> {
        self.rules.check(self.engine)?;
        if self.engine != Engine::Enumerate {
            return Ok(());
        }
        if self.kernel != KernelChoice::Auto {
            return Err(
                "--kernel applies to the symmetric engine; the enumerate engine has no kernels"
                    .to_string(),
            );
        }
        if self.split != Split::Ring {
            return Err(
                "--split applies to the symmetric engine; the enumerate engine does not split"
                    .to_string(),
            );
        }
        Ok(())
    }

    /// Refuses, for the completions of a partial board (`--given`, `--blocked`), what their
    /// search does not have: `--split` (other than `ring`, the default: they are counted by
    /// one search, not split into units) and, for rules other than the queens on the plane
    /// (counted by the plain search), `--kernel` other than `auto`.
    pub fn check_given(&self) -> Result<(), String> {
        if self.split != Split::Ring {
            return Err(
                "--split is not taken with --given or --blocked: the completions of a \
                 partial board are counted by one search, not split into units"
                    .to_string(),
            );
        }
        let rules = self.rules.rules();
        if self.kernel != KernelChoice::Auto && !queens::given::kernels_count(&rules) {
            return Err(format!(
                "--kernel is not taken with --given or --blocked for {rules}: their completions \
                 are counted by the plain search, which has no kernels"
            ));
        }
        Ok(())
    }

    /// The kernel asked for; one this CPU cannot run is a one-line usage message.
    pub fn kernel(&self) -> Result<Kernel, String> {
        resolve_kernel(self.kernel, self.engine)
    }

    /// The threads to run on: see [`threads::count`].
    pub fn thread_count(&self) -> usize {
        threads::count(self.threads)
    }
}

/// The kernel `choice` names for `engine`; one this CPU cannot run is a one-line usage
/// message naming where it was asked for: `--kernel avx512: …`, or for `auto`
/// `QUEENS_KERNEL=avx512: …`.
pub fn resolve_kernel(choice: KernelChoice, engine: Engine) -> Result<Kernel, String> {
    choice.resolve_for(engine).map_err(|e| match e {
        KernelError::Unavailable { kernel } => {
            let asked = match choice {
                KernelChoice::Auto => format!("{}=", queens::search::kernel::KERNEL_ENV),
                _ => "--kernel ".to_string(),
            };
            format!("{asked}{}: {}", kernel.name(), kernel.unavailable_reason())
        }
        other => other.to_string(),
    })
}

/// Where published values to verify against come from.
#[derive(Debug, Args)]
pub struct KnownArgs {
    /// Verify against the table in FILE instead of the embedded OEIS values: a CSV that
    /// `count --csv` or `merge --csv` wrote (an earlier run; nodes are compared only between
    /// enumerate counts, and a row marked MISMATCH there is refused), or a table in
    /// the format of data/known.csv. Mismatches then name FILE
    #[arg(
        long,
        value_name = "FILE",
        help = "Verify against the table in FILE instead of the published values",
        long_help
    )]
    pub known: Option<String>,
}

/// The value parser of a notation argument, over the library's list of notations
/// ([`Notation::ALL`], by [`Notation::name`]): the argument's own `words` first (name and
/// help: `auto`, `human`…), then the notations `help` gives a help line for, in the library's
/// order; `value` turns the word given (a notation, or one of `words`) into the argument.
pub(crate) fn notation_parser<T: Clone + Send + Sync + 'static>(
    words: &'static [(&'static str, &'static str)],
    help: fn(Notation) -> Option<&'static str>,
    value: fn(Result<Notation, &'static str>) -> T,
) -> impl clap::builder::TypedValueParser<Value = T> {
    use clap::builder::PossibleValue;
    let own = words.iter().map(|&(w, h)| PossibleValue::new(w).help(h));
    let notations = Notation::ALL
        .into_iter()
        .filter_map(move |n| help(n).map(|h| PossibleValue::new(n.name()).help(h)));
    clap::builder::TypedValueParser::map(
        clap::builder::PossibleValuesParser::new(own.chain(notations)),
        move |name: String| {
            value(match words.iter().find(|(w, _)| *w == name) {
                Some(&(w, _)) => Err(w),
                None => Ok(Notation::from_name(&name).expect("clap checked the name")),
            })
        },
    )
}

/// `--from`: the notation boards are read in, or `None` for automatic detection.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FromArg(Option<Notation>);

impl FromArg {
    /// `--from`'s values: `auto` and every notation, with [`Notation::help`].
    pub fn parser() -> impl clap::builder::TypedValueParser<Value = FromArg> {
        notation_parser(
            &[(
                "auto",
                "Detect it from the first board (see `queens classify --help`)",
            )],
            |n| Some(n.help()),
            |v| FromArg(v.ok()),
        )
    }

    /// The notation, or `None` for automatic detection.
    pub fn notation(self) -> Option<Notation> {
        self.0
    }
}
