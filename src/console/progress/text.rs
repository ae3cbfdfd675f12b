//! Numbers, durations and rates as people read them, in the progress lines.

/// `v` with its digits grouped by threes: `1,234,567`.
pub fn grouped(v: u64) -> String {
    let digits = v.to_string();
    let mut out = String::with_capacity(digits.len() * 4 / 3);
    for (i, d) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(d);
    }
    out
}

/// `seconds` as people read a duration: `42 s`, `12 min`, `3.4 h`, `5.1 days`.
pub fn duration_text(seconds: f64) -> String {
    match seconds {
        s if s < 100.0 => format!("{s:.0} s"),
        s if s < 100.0 * 60.0 => format!("{:.0} min", s / 60.0),
        s if s < 48.0 * 3600.0 => format!("{:.1} h", s / 3600.0),
        s => format!("{:.1} days", s / 86400.0),
    }
}

/// A rate as people read it, three significant digits and a word for the thousands:
/// `29.9 M boards/s`, `412 k boards/s`, `87 boards/s`, `0 boards/s`.
pub fn rate_text(per_second: f64, what: &str) -> String {
    let r = if per_second.is_finite() {
        per_second.max(0.0)
    } else {
        0.0
    };
    // Rounded to the three significant digits shown before the unit is chosen, so that
    // 999,950/s reads `1.00 M`, not `1000 k`.
    let r = if r > 0.0 {
        let step = 10f64.powi(r.log10().floor() as i32 - 2);
        (r / step).round() * step
    } else {
        r
    };
    let (value, prefix) = [
        (1e15, " P"),
        (1e12, " T"),
        (1e9, " G"),
        (1e6, " M"),
        (1e3, " k"),
    ]
    .into_iter()
    .find(|&(scale, _)| r >= scale)
    .map_or((r, ""), |(scale, prefix)| (r / scale, prefix));
    let number = if value == 0.0 {
        "0".to_string()
    } else if value >= 100.0 || (prefix.is_empty() && value >= 10.0) {
        format!("{value:.0}")
    } else if value >= 10.0 {
        format!("{value:.1}")
    } else {
        format!("{value:.2}")
    };
    format!("{number}{prefix} {what}/s")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn grouped_puts_a_comma_every_three_digits() {
        assert_eq!(grouped(0), "0");
        assert_eq!(grouped(999), "999");
        assert_eq!(grouped(1000), "1,000");
        assert_eq!(grouped(1_234_567), "1,234,567");
        assert_eq!(grouped(u64::MAX), "18,446,744,073,709,551,615");
    }

    #[test]
    fn rates_are_written_in_words_with_three_digits() {
        assert_eq!(rate_text(2.99e7, "boards"), "29.9 M boards/s");
        assert_eq!(rate_text(2.995e7, "boards"), "30.0 M boards/s");
        // Rounding that reaches the next unit moves to it.
        assert_eq!(rate_text(999_950.0, "boards"), "1.00 M boards/s");
        assert_eq!(rate_text(9.999, "boards"), "10 boards/s");
        assert_eq!(rate_text(99_960.0, "boards"), "100 k boards/s");
        assert_eq!(rate_text(0.0, "boards"), "0 boards/s");
        assert_eq!(rate_text(87.4, "boards"), "87 boards/s");
        assert_eq!(rate_text(5.5, "boards"), "5.50 boards/s");
        assert_eq!(rate_text(412_000.0, "boards"), "412 k boards/s");
        assert_eq!(rate_text(1.234e9, "boards"), "1.23 G boards/s");
        assert_eq!(rate_text(f64::NAN, "boards"), "0 boards/s");
        assert_eq!(rate_text(f64::INFINITY, "boards"), "0 boards/s");
    }
}
