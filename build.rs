//! Tells the tests which vector kernels the machine that builds can run, so that a kernel's
//! tests show as `ignored` (with the reason) where the CPU lacks it, instead of passing
//! without checking anything. Sets, for the package's own targets:
//!
//! - `queens_host_avx2`: the features of the avx2 kernel (avx2, bmi1, bmi2, popcnt, lzcnt);
//! - `queens_host_avx512`: those of the avx512 kernel's 32-bit lanes (avx512f,
//!   avx512vpopcntdq, popcnt, bmi1, lzcnt), which decide whether it runs at all;
//! - `queens_host_neon`: on aarch64, where NEON is part of the base architecture;
//! - `queens_native`: the build runs where the tests will (host == target);
//! - `queens_host_gnu_time`: GNU time is at `/usr/bin/time` (the tests that bound a run's peak
//!   memory measure it with `time -f %M`; where it is missing they show as `ignored`, with the
//!   reason, and `.ci/run` installs it so that CI always runs them). Read when this script runs
//!   (no rerun on installing it later, which would rebuild the package on every build where it
//!   is missing: `touch build.rs` after installing it).
//!
//! The x86 features are detected only when the build runs where the tests will (host ==
//! target); a cross build sets none of them. Nothing here changes the library or the binary:
//! they choose their kernel at run time.

use std::env;

fn main() {
    println!("cargo::rerun-if-changed=build.rs");
    for cfg in [
        "queens_native",
        "queens_host_avx2",
        "queens_host_avx512",
        "queens_host_neon",
        "queens_host_gnu_time",
    ] {
        println!("cargo::rustc-check-cfg=cfg({cfg})");
    }
    let arch = env::var("CARGO_CFG_TARGET_ARCH").unwrap_or_default();
    if arch == "aarch64" {
        println!("cargo::rustc-cfg=queens_host_neon");
    }
    if env::var("HOST").ok() == env::var("TARGET").ok() {
        println!("cargo::rustc-cfg=queens_native");
        for cfg in host_x86_kernels() {
            println!("cargo::rustc-cfg={cfg}");
        }
        if std::path::Path::new("/usr/bin/time").exists() {
            println!("cargo::rustc-cfg=queens_host_gnu_time");
        }
    }
}

/// The x86 kernels this machine runs, as their cfg names.
#[cfg(target_arch = "x86_64")]
fn host_x86_kernels() -> Vec<&'static str> {
    let bmi = is_x86_feature_detected!("popcnt")
        && is_x86_feature_detected!("bmi1")
        && is_x86_feature_detected!("lzcnt");
    let mut kernels = Vec::new();
    if bmi && is_x86_feature_detected!("avx2") && is_x86_feature_detected!("bmi2") {
        kernels.push("queens_host_avx2");
    }
    if bmi && is_x86_feature_detected!("avx512f") && is_x86_feature_detected!("avx512vpopcntdq") {
        kernels.push("queens_host_avx512");
    }
    kernels
}

/// None off x86-64.
#[cfg(not(target_arch = "x86_64"))]
fn host_x86_kernels() -> Vec<&'static str> {
    Vec::new()
}
