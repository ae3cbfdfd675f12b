//! A short checksum over a line of text, used to detect corrupted or hand-edited part rows and
//! checkpoint lines. It guards against accidents (truncation, bit rot, a stray edit), not against
//! tampering: FNV-1a, 64 bits, written as 16 lowercase hex digits.

/// The FNV-1a 64-bit offset basis.
const OFFSET: u64 = 0xcbf2_9ce4_8422_2325;
/// The FNV-1a 64-bit prime.
const PRIME: u64 = 0x0000_0100_0000_01b3;

/// The FNV-1a hash of `bytes` (the checksum before it is written in hex).
pub(crate) fn hash(bytes: &[u8]) -> u64 {
    hash_from(OFFSET, bytes)
}

/// The FNV-1a hash of `bytes` continued from `seed`, the hash of what comes before them:
/// `hash_from(hash(a), b) == hash(a ++ b)`. A checkpoint seeds its unit lines with the hash of
/// its header, so that each line's checksum covers the run it belongs to.
pub(crate) fn hash_from(seed: u64, bytes: &[u8]) -> u64 {
    bytes
        .iter()
        .fold(seed, |h, &b| (h ^ u64::from(b)).wrapping_mul(PRIME))
}

/// The checksum of `text` as 16 lowercase hex digits.
pub fn checksum(text: &str) -> String {
    format!("{:016x}", hash(text.as_bytes()))
}

/// Whether `sum` is the checksum of `text`.
pub(crate) fn matches(text: &str, sum: &str) -> bool {
    checksum(text) == sum
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_fnv1a_values() {
        // Published FNV-1a 64 test vectors.
        assert_eq!(checksum(""), "cbf29ce484222325");
        assert_eq!(checksum("a"), "af63dc4c8601ec8c");
        assert_eq!(checksum("foobar"), "85944171f73967e8");
    }

    #[test]
    fn a_continued_hash_is_the_hash_of_the_concatenation() {
        assert_eq!(hash_from(hash(b"foo"), b"bar"), hash(b"foobar"));
    }

    #[test]
    fn any_changed_digit_is_detected() {
        let line = "unit,17,1780,4,0,220,2,0,123456";
        let sum = checksum(line);
        assert!(matches(line, &sum));
        for (i, c) in line.char_indices().filter(|(_, c)| c.is_ascii_digit()) {
            let d = if c == '9' { '0' } else { (c as u8 + 1) as char };
            let mut changed = line.to_string();
            changed.replace_range(i..i + 1, &d.to_string());
            assert!(!matches(&changed, &sum), "change at {i} undetected");
        }
    }
}
