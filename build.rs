//! Tells the tests which kernels the machine that builds can run, so that a kernel's tests
//! show as `ignored` (with the reason) where the CPU lacks it, instead of passing without
//! checking anything. Sets, for the package's own targets:
//!
//! - `queens_host_kernel = "NAME"` for each kernel of the registry (the `kernels!` list of
//!   `src/search/kernel/mod.rs`) that the tests can run: the scalar kernel always; a vector
//!   kernel where the target has its architecture and every feature of its wide lanes' list
//!   in its file's `vector_kernel!` (the same list its `detect()` checks and its code is
//!   compiled for, read from the source here, so that there is no second list to keep in
//!   step): detected on this CPU when the build runs where the tests will (host == target),
//!   else only where the target enables them at compile time (NEON on aarch64, whose tests
//!   run under qemu in CI);
//! - `queens_native`: the build runs where the tests will (host == target);
//! - `queens_host_gnu_time`: GNU time is at `/usr/bin/time` (the tests that bound a run's peak
//!   memory measure it with `time -f %M`; where it is missing they show as `ignored`, with the
//!   reason, and `.ci/run` installs it so that CI always runs them). Read when this script runs
//!   (no rerun on installing it later, which would rebuild the package on every build where it
//!   is missing: `touch build.rs` after installing it).
//!
//! Nothing here changes the library or the binary: they choose their kernel at run time.

use std::env;
use std::fs;

/// The registry's file.
const REGISTRY: &str = "src/search/kernel/mod.rs";

fn main() {
    println!("cargo::rerun-if-changed=build.rs");
    println!("cargo::rerun-if-changed={REGISTRY}");
    let kernels = registry();
    let names: Vec<String> = kernels
        .iter()
        .map(|(name, _)| format!("{name:?}"))
        .collect();
    println!(
        "cargo::rustc-check-cfg=cfg(queens_host_kernel, values({}))",
        names.join(", ")
    );
    for cfg in ["queens_native", "queens_host_gnu_time"] {
        println!("cargo::rustc-check-cfg=cfg({cfg})");
    }
    let native = env::var("HOST").ok() == env::var("TARGET").ok();
    let arch = env::var("CARGO_CFG_TARGET_ARCH").unwrap_or_default();
    let enabled = env::var("CARGO_CFG_TARGET_FEATURE").unwrap_or_default();
    for (name, module) in &kernels {
        let file = format!("src/search/kernel/{module}.rs");
        println!("cargo::rerun-if-changed={file}");
        let source = fs::read_to_string(&file).unwrap_or_else(|e| panic!("{file}: {e}"));
        let runs = match vector_kernel(&source) {
            None => true,
            Some((kernel_arch, features)) => {
                kernel_arch == arch
                    && features
                        .iter()
                        .all(|f| enabled.split(',').any(|e| e == f) || (native && host_has(f)))
            }
        };
        if runs {
            println!("cargo::rustc-cfg=queens_host_kernel={name:?}");
        }
    }
    if native {
        println!("cargo::rustc-cfg=queens_native");
        if std::path::Path::new("/usr/bin/time").exists() {
            println!("cargo::rustc-cfg=queens_host_gnu_time");
        }
    }
}

/// The registry's kernels, as (name, module): the lines `Variant = "name" => module,` of the
/// `kernels!` invocation.
fn registry() -> Vec<(String, String)> {
    let source = fs::read_to_string(REGISTRY).expect("the kernel registry");
    let start = source
        .find("\nkernels! {")
        .expect("the kernels! invocation");
    let block = &source[start..];
    let block = &block[..block.find("\n}").expect("the end of kernels!")];
    let kernels: Vec<(String, String)> = block
        .lines()
        .filter_map(|line| {
            let (_, rest) = line.trim().split_once(" = \"")?;
            let (name, rest) = rest.split_once("\" => ")?;
            Some((name.to_string(), rest.trim_end_matches(',').to_string()))
        })
        .collect();
    assert!(!kernels.is_empty(), "no kernel in {REGISTRY}");
    kernels
}

/// A vector kernel's architecture and its wide lanes' features, from its file's
/// `vector_kernel!` invocation (`arch: "x86_64",` and `wide: Wide ["avx2", …],`); `None` for a
/// kernel without one (the scalar kernel, which runs everywhere).
fn vector_kernel(source: &str) -> Option<(String, Vec<String>)> {
    let start = source.find("vector_kernel! {")?;
    let block = &source[start..];
    let block = &block[..block.find("\n}").expect("the end of vector_kernel!")];
    let field = |key: &str| {
        let at = block
            .find(key)
            .unwrap_or_else(|| panic!("no {key} in vector_kernel!"));
        &block[at + key.len()..]
    };
    let arch = field("arch: \"")
        .split('"')
        .next()
        .unwrap_or_default()
        .to_string();
    let wide = field("wide: ");
    let list = &wide[wide.find('[').expect("wide: [") + 1..wide.find(']').expect("]")];
    let features = list
        .split(',')
        .map(|f| f.trim().trim_matches('"').to_string())
        .filter(|f| !f.is_empty())
        .collect();
    Some((arch, features))
}

/// Whether this CPU has `feature`. `is_x86_feature_detected!` takes only literals: this is
/// every x86 feature that std detects on the oldest toolchain the package builds with
/// (`rust-version`), not the kernels' list, so that a kernel added with features of its own
/// needs no line here (a feature std does not know fails the build, as it would fail the
/// kernel's `#[target_feature]`).
#[cfg(target_arch = "x86_64")]
fn host_has(feature: &str) -> bool {
    macro_rules! detect {
        ($($name:tt)+) => {
            match feature {
                $($name => is_x86_feature_detected!($name),)+
                other => panic!("build.rs: std does not detect the x86 feature {other:?}"),
            }
        };
    }
    detect!(
        "aes" "pclmulqdq" "rdrand" "rdseed" "tsc" "mmx" "sse" "sse2" "sse3" "ssse3" "sse4.1"
        "sse4.2" "sse4a" "sha" "avx" "avx2" "f16c" "fma" "bmi1" "bmi2" "abm" "lzcnt" "tbm"
        "popcnt" "fxsr" "xsave" "xsaveopt" "xsaves" "xsavec" "cmpxchg16b" "adx" "rtm" "movbe"
        "avx512f" "avx512cd" "avx512bw" "avx512dq" "avx512vl" "avx512ifma" "avx512vbmi"
        "avx512vpopcntdq" "avx512vbmi2" "gfni" "vaes" "vpclmulqdq" "avx512vnni" "avx512bitalg"
        "avx512bf16" "avx512vp2intersect" "avx512fp16"
    )
}

/// Off x86-64, the features the target enables at compile time (checked by the caller).
#[cfg(not(target_arch = "x86_64"))]
fn host_has(_feature: &str) -> bool {
    false
}
