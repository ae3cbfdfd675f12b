//! A description of the machine a result was computed on, for the metadata of exports and
//! published tables: operating system, kernel, CPU model and logical CPUs. Best effort: a
//! field that cannot be read says `unknown`.

use serde::Serialize;

/// The machine's description.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Machine {
    /// Operating system: `PRETTY_NAME` of /etc/os-release, or the target OS (`linux`, …).
    pub os: String,
    /// Kernel release (/proc/sys/kernel/osrelease), or `unknown`.
    pub kernel: String,
    /// CPU architecture (`x86_64`, `aarch64`, …).
    pub arch: String,
    /// CPU model (`model name` in /proc/cpuinfo), or `unknown`.
    pub cpu: String,
    /// Logical CPUs available to this process.
    pub logical_cpus: usize,
}

impl Machine {
    /// Describes the machine this process runs on.
    pub fn current() -> Machine {
        let read = |path: &str| std::fs::read_to_string(path).unwrap_or_default();
        let os = os_release_pretty_name(&read("/etc/os-release"))
            .unwrap_or_else(|| std::env::consts::OS.to_string());
        let kernel = read("/proc/sys/kernel/osrelease").trim().to_string();
        Machine {
            os,
            kernel: if kernel.is_empty() {
                "unknown".into()
            } else {
                kernel
            },
            arch: std::env::consts::ARCH.to_string(),
            cpu: cpu_model(&read("/proc/cpuinfo")).unwrap_or_else(|| "unknown".into()),
            logical_cpus: queens::runner::available_threads(),
        }
    }

    /// One line: `Debian GNU/Linux 12 (bookworm), kernel 6.1, x86_64, AMD EPYC, 2 logical CPUs`.
    pub fn summary(&self) -> String {
        format!(
            "{}, kernel {}, {}, {}, {} logical CPUs",
            self.os, self.kernel, self.arch, self.cpu, self.logical_cpus
        )
    }
}

/// The `PRETTY_NAME` of an os-release text, unquoted.
fn os_release_pretty_name(text: &str) -> Option<String> {
    text.lines()
        .find_map(|l| l.strip_prefix("PRETTY_NAME="))
        .map(|v| v.trim().trim_matches('"').to_string())
        .filter(|v| !v.is_empty())
}

/// The CPU model from /proc/cpuinfo: the first `model name` (x86), `Model` or `Hardware` (ARM).
fn cpu_model(text: &str) -> Option<String> {
    text.lines()
        .filter_map(|l| l.split_once(':'))
        .find(|(k, _)| matches!(k.trim(), "model name" | "Model" | "Hardware"))
        .map(|(_, v)| v.trim().to_string())
        .filter(|v| !v.is_empty())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_os_release_and_cpuinfo() {
        let os = "NAME=\"Debian\"\nPRETTY_NAME=\"Debian GNU/Linux 12 (bookworm)\"\n";
        assert_eq!(
            os_release_pretty_name(os).as_deref(),
            Some("Debian GNU/Linux 12 (bookworm)")
        );
        assert_eq!(os_release_pretty_name("NAME=x\n"), None);
        let cpu = "processor\t: 0\nvendor_id\t: AuthenticAMD\nmodel name\t: AMD EPYC 9B45\n";
        assert_eq!(cpu_model(cpu).as_deref(), Some("AMD EPYC 9B45"));
        assert_eq!(cpu_model(""), None);
    }

    #[test]
    fn current_machine_has_every_field() {
        let m = Machine::current();
        assert!(m.logical_cpus >= 1);
        for f in [&m.os, &m.kernel, &m.arch, &m.cpu] {
            assert!(!f.is_empty());
        }
        assert!(m.summary().contains(&m.arch));
    }
}
