//! Colour on a terminal: the verdicts (`yes`, `PASS` in green; `MISMATCH`, `FAIL` in red) of
//! `count`'s table and `verify`'s lines, and `error:`, as `--color` says: `auto` (the default)
//! colours a stream only when it is a terminal and the environment variable `NO_COLOR` is
//! unset or empty (and `TERM` is not `dumb`); `always` and `never` do what they say (an
//! explicit `--color always` wins over `NO_COLOR`). A pipe or a file never gets colour under
//! `auto`, so what scripts read is the same bytes as before.

use clap::ValueEnum;
use std::io::IsTerminal;
use std::sync::OnceLock;

/// `--color`: when to colour.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum ColorWhen {
    /// On a terminal, unless NO_COLOR is set.
    #[default]
    Auto,
    /// Always, even into a pipe or a file.
    Always,
    /// Never.
    Never,
}

static WHEN: OnceLock<ColorWhen> = OnceLock::new();

/// Sets the choice for the whole run (the first call wins).
pub fn set(when: ColorWhen) {
    let _ = WHEN.set(when);
}

/// The `--color` value in `args` (the whole command line), read before clap parses it so
/// that a parse error and the help are coloured as asked: `--color WHEN` or `--color=WHEN`,
/// the last one winning; `auto` if none or an unknown value (clap then reports it).
pub fn from_args(args: &[String]) -> ColorWhen {
    let mut when = ColorWhen::Auto;
    let mut words = args.iter().skip(1);
    while let Some(a) = words.next() {
        if a == "--" {
            break;
        }
        let value = match a.strip_prefix("--color") {
            Some("") => words.next().map(String::as_str),
            Some(rest) => rest.strip_prefix('='),
            None => None,
        };
        if let Some(v) = value.and_then(|v| ColorWhen::from_str(v, true).ok()) {
            when = v;
        }
    }
    when
}

/// The choice set for this run (`auto` before [`set`]).
pub fn current() -> ColorWhen {
    WHEN.get().copied().unwrap_or_default()
}

/// clap's choice for its own help and errors.
pub fn clap_choice(when: ColorWhen) -> clap::ColorChoice {
    match when {
        ColorWhen::Auto => clap::ColorChoice::Auto,
        ColorWhen::Always => clap::ColorChoice::Always,
        ColorWhen::Never => clap::ColorChoice::Never,
    }
}

/// Whether a stream gets colour under `when`: `always` and `never` as they say; `auto` on a
/// terminal only, with `no_color` (the value of `NO_COLOR`) unset or empty and `term` (the
/// value of `TERM`) not `dumb`.
fn decide(
    when: ColorWhen,
    is_terminal: bool,
    no_color: Option<&std::ffi::OsStr>,
    term: Option<&std::ffi::OsStr>,
) -> bool {
    match when {
        ColorWhen::Always => true,
        ColorWhen::Never => false,
        ColorWhen::Auto => {
            is_terminal && no_color.is_none_or(|v| v.is_empty()) && term.is_none_or(|t| t != "dumb")
        }
    }
}

fn enabled(is_terminal: bool) -> bool {
    decide(
        current(),
        is_terminal,
        std::env::var_os("NO_COLOR").as_deref(),
        std::env::var_os("TERM").as_deref(),
    )
}

/// Whether lines written to stdout get colour.
pub fn on_stdout() -> bool {
    enabled(std::io::stdout().is_terminal())
}

/// Whether lines written to stderr get colour.
pub fn on_stderr() -> bool {
    enabled(std::io::stderr().is_terminal())
}

const RED: anstyle::Style = anstyle::Style::new()
    .bold()
    .fg_color(Some(anstyle::Color::Ansi(anstyle::AnsiColor::Red)));
const GREEN: anstyle::Style = anstyle::Style::new()
    .bold()
    .fg_color(Some(anstyle::Color::Ansi(anstyle::AnsiColor::Green)));

fn paint(style: anstyle::Style, text: &str) -> String {
    format!("{}{text}{}", style.render(), style.render_reset())
}

/// A line for stderr with its `error:` in red when stderr gets colour: `queens: error: …`.
pub fn error_line(line: &str) -> String {
    match line.split_once("error:") {
        Some((head, rest)) if on_stderr() && head.len() <= "queens: ".len() => {
            format!("{head}{}{rest}", paint(RED, "error:"))
        }
        _ => line.to_string(),
    }
}

/// `line`, bound for stdout, with its verdict words coloured when stdout gets colour: green
/// for a pass (`yes`, `PASS`), red for a failure (`MISMATCH`, `FAIL`). Only whole words (between
/// spaces) are coloured, and only the first word when `first_only` (a `verify` line, whose
/// summary is free text); padding is already in place, so column widths are unchanged.
pub fn verdicts(line: &str, first_only: bool) -> String {
    if !on_stdout() {
        return line.to_string();
    }
    paint_verdicts(line, first_only)
}

fn paint_verdicts(line: &str, first_only: bool) -> String {
    let mut out = String::with_capacity(line.len() + 16);
    let mut first = true;
    for (i, piece) in line.split(' ').enumerate() {
        if i > 0 {
            out.push(' ');
        }
        let word = piece.trim_end_matches('\n');
        let style = match word {
            _ if first_only && !first => None,
            "yes" | "PASS" => Some(GREEN),
            "MISMATCH" | "FAIL" => Some(RED),
            _ => None,
        };
        if !piece.is_empty() {
            first = false;
        }
        match style {
            Some(style) => {
                out += &paint(style, word);
                out += &piece[word.len()..];
            }
            None => out += piece,
        }
    }
    out
}

#[cfg(test)]
mod tests {

    #[test]
    fn auto_colours_a_terminal_only_as_no_color_and_term_allow() {
        use std::ffi::OsStr;
        let (tty, pipe) = (true, false);
        let one = Some(OsStr::new("1"));
        let empty = Some(OsStr::new(""));
        let dumb = Some(OsStr::new("dumb"));
        let xterm = Some(OsStr::new("xterm-256color"));
        assert!(decide(ColorWhen::Auto, tty, None, xterm));
        assert!(decide(ColorWhen::Auto, tty, None, None));
        assert!(
            decide(ColorWhen::Auto, tty, empty, xterm),
            "an empty NO_COLOR is unset"
        );
        assert!(!decide(ColorWhen::Auto, tty, one, xterm), "NO_COLOR=1");
        assert!(!decide(ColorWhen::Auto, tty, None, dumb), "TERM=dumb");
        assert!(
            !decide(ColorWhen::Auto, pipe, None, xterm),
            "a pipe or a file"
        );
        // An explicit choice wins over the environment and the stream.
        assert!(decide(ColorWhen::Always, pipe, one, dumb));
        assert!(!decide(ColorWhen::Never, tty, None, xterm));
    }
    use super::*;

    fn args(line: &str) -> Vec<String> {
        line.split_whitespace().map(String::from).collect()
    }

    #[test]
    fn the_color_flag_is_read_before_parsing_the_last_one_winning() {
        assert_eq!(from_args(&args("queens count 8")), ColorWhen::Auto);
        assert_eq!(
            from_args(&args("queens --color never count 8")),
            ColorWhen::Never
        );
        assert_eq!(
            from_args(&args("queens count 8 --color=always")),
            ColorWhen::Always
        );
        assert_eq!(
            from_args(&args("queens --color always count 8 --color never")),
            ColorWhen::Never
        );
        assert_eq!(from_args(&args("queens --color pink")), ColorWhen::Auto);
        assert_eq!(
            from_args(&args("queens classify -- --color=never")),
            ColorWhen::Auto
        );
    }

    #[test]
    fn only_whole_verdict_words_are_painted_and_the_rest_is_unchanged() {
        let green = |w: &str| paint(GREEN, w);
        let red = |w: &str| paint(RED, w);
        assert_eq!(
            paint_verdicts(" 8     92  yes\n", false),
            format!(" 8     92  {}\n", green("yes"))
        );
        assert_eq!(
            paint_verdicts("10    724  MISMATCH", false),
            format!("10    724  {}", red("MISMATCH"))
        );
        assert_eq!(
            paint_verdicts("n  total  verified", false),
            "n  total  verified"
        );
        assert_eq!(
            paint_verdicts("FAIL n = 8: yes", true),
            format!("{} n = 8: yes", red("FAIL"))
        );
        assert_eq!(
            paint_verdicts("PASS n = 8", true),
            format!("{} n = 8", green("PASS"))
        );
        assert_eq!(paint_verdicts("yesterday", false), "yesterday");
    }
}
