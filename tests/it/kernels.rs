//! The kernel registry as the library and the command line show it: `auto`'s pick, names,
//! `queens kernels`, `QUEENS_KERNEL`, `--kernel`'s help, and the refusal of a kernel this CPU
//! lacks. The kernels' counts against the plain recursive search and against each other
//! (per kernel, `ignored` with the reason where the CPU lacks it) are the library's unit
//! tests, in `src/search/kernel/tests.rs`.

use crate::common::Succeeds;
use crate::common::assert_has;
use crate::common::cells;
use queens::plan::Engine;
use queens::runner::build_with_kernel;
use queens::search::kernel::{Kernel, KernelChoice};

#[test]
fn auto_picks_the_last_kernel_of_the_registry_that_the_cpu_runs() {
    let best = *Kernel::ALL.iter().rev().find(|k| k.is_available()).unwrap();
    assert_eq!(Kernel::best(), best);
    let plan = build_with_kernel(8, Engine::Symmetric, Kernel::best()).unwrap();
    assert_eq!(plan.kernel(), best.name());
    // The scalar kernel runs everywhere; every name is its kernel's, every entry its own.
    assert!(Kernel::Scalar.is_available());
    for &k in Kernel::ALL {
        assert_eq!(k.info().kernel, k);
        assert_eq!(Kernel::from_name(k.name()), Some(k));
        assert_eq!(KernelChoice::from_name(k.name()), Some(k.into()));
    }
    assert_eq!(KernelChoice::from_name("auto"), Some(KernelChoice::Auto));
    assert_eq!(KernelChoice::from_name("avx3"), None);
}

#[test]
fn a_kernel_this_cpu_lacks_is_refused() {
    for &kernel in Kernel::ALL.iter().filter(|k| !k.is_available()) {
        assert!(KernelChoice::from(kernel).resolve().is_err(), "{kernel:?}");
        assert_ne!(Kernel::best(), kernel);
    }
    // The build script's view (the tests of a kernel run only where it says the CPU has it)
    // agrees with the kernels' own detection wherever the tests run on the build machine.
    if cfg!(queens_native) {
        macro_rules! build_script_agrees {
            ($($variant:ident $name:literal $module:ident;)+) => {$(
                assert_eq!(
                    cfg!(queens_host_kernel = $name),
                    Kernel::$variant.is_available(),
                    "build.rs and the {} kernel's detect() disagree", $name
                );
            )+};
        }
        queens::for_each_kernel!(build_script_agrees);
    }
}

/// `queens kernels --format csv` with `QUEENS_KERNEL` as given (`None`: unset).
fn kernels_csv(env: Option<&str>) -> Vec<Vec<String>> {
    let mut cmd = crate::common::queens();
    cmd.env_remove(queens::search::kernel::KERNEL_ENV);
    if let Some(v) = env {
        cmd.env(queens::search::kernel::KERNEL_ENV, v);
    }
    let out = cmd.args(["kernels", "--format", "csv"]).succeeds();
    let (header, rows) = crate::common::csv_records(&String::from_utf8(out.stdout).unwrap());
    assert_eq!(header, ["kernel", "here", "auto", "needs"]);
    rows
}

#[test]
fn the_kernels_command_lists_the_registry_as_this_cpu_sees_it() {
    let rows = kernels_csv(None);
    assert_eq!(rows.len(), Kernel::ALL.len());
    for (row, &k) in rows.iter().zip(Kernel::ALL) {
        assert_eq!(row[0], k.name());
        assert_eq!(row[1] == "yes", k.is_available(), "{row:?}");
        assert_eq!(row[2] == "yes", k == Kernel::best(), "{row:?}");
        assert_eq!(row[3], k.info().needs);
    }
    // QUEENS_KERNEL moves auto's pick.
    let rows = kernels_csv(Some("scalar"));
    let picked: Vec<&str> = rows
        .iter()
        .filter(|r| r[2] == "yes")
        .map(|r| r[0].as_str())
        .collect();
    assert_eq!(picked, ["scalar"]);
    let table = crate::common::stdout_of(&["kernels"]);
    assert!(table.starts_with("kernel  here  auto  needs\n"), "{table}");
}

#[test]
fn queens_kernel_forces_autos_pick_for_a_whole_run_and_a_bad_value_is_a_usage_error() {
    for &k in Kernel::ALL {
        let mut cmd = crate::common::queens_plain();
        cmd.env(queens::search::kernel::KERNEL_ENV, k.name());
        let out = cmd
            .args(["count", "9-10", "--csv", "-", "-q"])
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        if k.is_available() {
            assert!(out.status.success(), "{}: {err}", k.name());
            let (_, rows) = crate::common::csv_records(&String::from_utf8(out.stdout).unwrap());
            for row in rows {
                assert_eq!(row[9], k.name(), "{row:?}");
            }
        } else {
            assert_eq!(out.status.code(), Some(2), "{}: {err}", k.name());
            assert_eq!(
                err.trim_end(),
                format!(
                    "queens: error: QUEENS_KERNEL={}: the {} kernel needs {}, which this CPU \
                     lacks; this CPU runs {} (or auto)",
                    k.name(),
                    k.name(),
                    k.info().needs,
                    Kernel::names()
                        .into_iter()
                        .filter(|&n| Kernel::from_name(n).unwrap().is_available())
                        .collect::<Vec<_>>()
                        .join(", ")
                )
            );
            crate::common::fails_with(
                &["count", "9", "--kernel", k.name()],
                2,
                &format!("--kernel {}: the {} kernel needs", k.name(), k.name()),
            );
        }
    }
    let out = crate::common::queens_plain()
        .env(queens::search::kernel::KERNEL_ENV, "avx3")
        .args(["count", "9"])
        .exits(2);
    assert_eq!(
        String::from_utf8_lossy(&out.stderr).trim_end(),
        format!(
            "queens: error: QUEENS_KERNEL=avx3: no such kernel; the kernels are auto, {}",
            Kernel::names().join(", ")
        )
    );
    // A value with a newline is shown escaped: the error stays one line.
    let out = crate::common::queens_plain()
        .env(queens::search::kernel::KERNEL_ENV, "avx\n3")
        .args(["count", "9"])
        .exits(2);
    assert!(
        String::from_utf8_lossy(&out.stderr)
            .starts_with("queens: error: QUEENS_KERNEL=avx\\n3: no such kernel; "),
        "{out:?}"
    );
    // Names in any case and around spaces, in the variable and on the command line alike
    // (the scalar kernel: every CPU has it).
    for (env, flag) in [("SCALAR", "auto"), (" Scalar ", "AUTO"), ("avx3", "Scalar")] {
        let out = crate::common::queens()
            .env(queens::search::kernel::KERNEL_ENV, env)
            .args(["count", "9", "--kernel", flag, "--columns", "n,kernel"])
            .succeeds();
        assert!(
            String::from_utf8_lossy(&out.stdout).contains("9  scalar"),
            "{env:?} {flag:?}: {out:?}"
        );
    }
    // The enumerate engine has no kernels: the variable does not concern it.
    crate::common::queens()
        .env(queens::search::kernel::KERNEL_ENV, "avx3")
        .args(["count", "0-8", "--engine", "enumerate", "--csv", "-"])
        .succeeds();
    // An explicit --kernel wins over the variable.
    let out = crate::common::queens()
        .env(queens::search::kernel::KERNEL_ENV, "avx3")
        .args(["count", "9", "--kernel", "scalar", "--columns", "n,kernel"])
        .succeeds();
    assert!(String::from_utf8_lossy(&out.stdout).contains("9  scalar"));
}

#[test]
fn kernel_help_lists_every_kernel_of_the_registry() {
    let help = crate::common::stdout_of(&["count", "--help"]);
    // Lines wrap to the terminal: compare with the white space folded.
    let help = cells(&help).join(" ");
    for &k in Kernel::ALL {
        assert_has(&help, &format!("- {}:", k.name()));
        if !k.is_available() {
            assert_has(&help, &format!("[this CPU lacks {}]", k.info().needs));
        }
    }
}
