//! The NEON kernel (aarch64: Apple silicon, Graviton, …): the batched search of
//! [`super::batched`] on 128-bit registers.
//!
//! Not written yet: this build has no entry for it.

use super::{Kernel, KernelEntry, KernelInfo};

/// The registry's entry of this kernel.
pub const INFO: KernelInfo = KernelInfo {
    kernel: Kernel::Neon,
    name: "neon",
    needs: "NEON (aarch64)",
    summary: "NEON (aarch64): the batched search in 128-bit registers",
    entry: ENTRY,
};

const ENTRY: Option<KernelEntry> = None;
