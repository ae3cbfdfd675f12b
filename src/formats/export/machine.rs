//! A description of the machine a result was computed on, for the metadata of exports and
//! published tables: operating system, kernel, CPU model and logical CPUs. Best effort: a
//! field that cannot be read says `unknown`.

/// The machine's description.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
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

/// What a [`Machine`] is read from: the texts of the files it reads (empty where one cannot be
/// read) and what this build and process know of themselves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sources {
    /// The text of /etc/os-release.
    pub os_release: String,
    /// The text of /proc/sys/kernel/osrelease.
    pub kernel_release: String,
    /// The text of /proc/cpuinfo.
    pub cpuinfo: String,
    /// The target OS (`linux`, …), the fallback for the operating system.
    pub target_os: String,
    /// The CPU architecture (`x86_64`, `aarch64`, …).
    pub arch: String,
    /// Logical CPUs available to this process.
    pub logical_cpus: usize,
}

impl Sources {
    /// Reads the sources of the machine this process runs on.
    pub fn current() -> Sources {
        let read = |path: &str| std::fs::read_to_string(path).unwrap_or_default();
        Sources {
            os_release: read("/etc/os-release"),
            kernel_release: read("/proc/sys/kernel/osrelease"),
            cpuinfo: read("/proc/cpuinfo"),
            target_os: std::env::consts::OS.to_string(),
            arch: std::env::consts::ARCH.to_string(),
            logical_cpus: crate::runner::available_threads(),
        }
    }
}

impl Machine {
    /// Describes the machine this process runs on.
    pub fn current() -> Machine {
        Machine::from_sources(&Sources::current())
    }

    /// The machine that `sources` describe; a field they lack says `unknown` (the operating
    /// system falls back to the target OS).
    pub fn from_sources(sources: &Sources) -> Machine {
        let os = os_release_pretty_name(&sources.os_release)
            .unwrap_or_else(|| sources.target_os.clone());
        let kernel = sources.kernel_release.trim().to_string();
        Machine {
            os,
            kernel: if kernel.is_empty() {
                "unknown".into()
            } else {
                kernel
            },
            arch: sources.arch.clone(),
            cpu: cpu_model(&sources.cpuinfo).unwrap_or_else(|| "unknown".into()),
            logical_cpus: sources.logical_cpus,
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

    /// Fixed sources of a Debian machine on an AMD EPYC.
    fn debian_sources() -> Sources {
        Sources {
            os_release:
                "PRETTY_NAME=\"Debian GNU/Linux 12 (bookworm)\"\nNAME=\"Debian GNU/Linux\"\n\
                         VERSION_ID=\"12\"\nID=debian\n"
                    .into(),
            kernel_release: "6.1.0-18-cloud-amd64\n".into(),
            cpuinfo: "processor\t: 0\nvendor_id\t: AuthenticAMD\ncpu family\t: 26\n\
                      model name\t: AMD EPYC 9B45\nflags\t\t: fpu vme\n\nprocessor\t: 1\n\
                      model name\t: AMD EPYC 9B45\n"
                .into(),
            target_os: "linux".into(),
            arch: "x86_64".into(),
            logical_cpus: 2,
        }
    }

    #[test]
    fn every_field_comes_from_its_source() {
        let m = Machine::from_sources(&debian_sources());
        assert_eq!(
            m,
            Machine {
                os: "Debian GNU/Linux 12 (bookworm)".into(),
                kernel: "6.1.0-18-cloud-amd64".into(),
                arch: "x86_64".into(),
                cpu: "AMD EPYC 9B45".into(),
                logical_cpus: 2,
            }
        );
        assert_eq!(
            m.summary(),
            "Debian GNU/Linux 12 (bookworm), kernel 6.1.0-18-cloud-amd64, x86_64, \
             AMD EPYC 9B45, 2 logical CPUs"
        );
        // An ARM board's cpuinfo names its model under `Model`.
        let arm = Sources {
            cpuinfo: "processor\t: 0\nBogoMIPS\t: 108.00\n\nModel\t\t: Raspberry Pi 4 Model B\n"
                .into(),
            arch: "aarch64".into(),
            ..debian_sources()
        };
        let m = Machine::from_sources(&arm);
        assert_eq!(
            (m.cpu.as_str(), m.arch.as_str()),
            ("Raspberry Pi 4 Model B", "aarch64")
        );
    }

    #[test]
    fn a_source_that_could_not_be_read_says_unknown() {
        let bare = Sources {
            os_release: String::new(),
            kernel_release: String::new(),
            cpuinfo: String::new(),
            ..debian_sources()
        };
        let m = Machine::from_sources(&bare);
        assert_eq!(
            (m.os.as_str(), m.kernel.as_str(), m.cpu.as_str()),
            ("linux", "unknown", "unknown")
        );
        assert_eq!(
            m.summary(),
            "linux, kernel unknown, x86_64, unknown, 2 logical CPUs"
        );
    }

    #[test]
    fn the_current_machine_is_what_its_sources_say() {
        let sources = Sources::current();
        assert_eq!(sources.arch, std::env::consts::ARCH);
        assert_eq!(sources.logical_cpus, crate::runner::available_threads());
        assert_eq!(Machine::current(), Machine::from_sources(&sources));
    }
}
