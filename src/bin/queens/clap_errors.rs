//! clap's parse errors in the tool's own style: `queens: error: <message>; <hint>` on one
//! line, then one line with the usage of the command and where to read more.
//!
//! The message is clap's own (its first paragraph); the hint comes from the error's context
//! (clap's suggested argument, subcommand or value), or from here where clap has none: a
//! subcommand the typed word abbreviates (`cnt` → `count`), a flag written as a subcommand
//! (`queens version` → `--version`), and one size list for several sizes given apart
//! (`count 8 10` → `8,10`).

use clap::error::{ContextKind, ContextValue, ErrorKind};

/// The subcommands whose positional argument is a list of board sizes.
const SIZE_LIST_COMMANDS: [&str; 3] = ["count", "verify", "profile"];

/// Flags of the rules that a command leaves out, with the reason its refusal gives: `(command,
/// flag, why)`.
const NOT_TAKEN: [(&str, &str, &str); 1] = [(
    "profile",
    "--symmetries",
    "a profile counts nodes and solutions per depth, not classes",
)];

/// The lines (without a final newline) that report `e`, a parse error of `args` (the whole
/// command line, program name first).
pub fn report(e: &clap::Error, args: &[String]) -> String {
    let mut cmd = crate::app::command();
    cmd.build();
    let sub = subcommand_of(&cmd, args);
    let mut line = format!("queens: error: {}", message(e));
    if let Some(hint) = hint(e, &cmd, sub, args) {
        line.push_str("; ");
        line.push_str(&hint);
    }
    let (usage, help) = match sub.and_then(|s| cmd.find_subcommand_mut(s)) {
        Some(c) => (c.render_usage(), format!("queens {} --help", c.get_name())),
        None => (cmd.render_usage(), "queens --help".to_string()),
    };
    let usage = usage.to_string();
    let usage = usage.trim();
    format!("{line}\n{usage}; for more, try '{help}'.")
}

/// clap's message: the first paragraph of its rendered error, `error: ` left out, its lines
/// joined (a list of missing arguments, the possible values).
fn message(e: &clap::Error) -> String {
    let text = e.render().to_string();
    let head: Vec<&str> = text
        .lines()
        .take_while(|l| !l.trim().is_empty())
        .map(str::trim)
        .collect();
    let head = head.join(" ");
    head.strip_prefix("error: ").unwrap_or(&head).to_string()
}

/// The name of the subcommand `args` run, if they name one: the first argument that is
/// neither a flag (`--quiet`, `--help`, `--version`) nor the value of `--color WHEN` (the one
/// option before a subcommand that takes a value; `--color=WHEN` is one argument).
fn subcommand_of<'a>(cmd: &clap::Command, args: &'a [String]) -> Option<&'a str> {
    let mut rest = args.iter().skip(1);
    let word = loop {
        let a = rest.next()?;
        if a == "--color" {
            rest.next();
        } else if !a.starts_with('-') {
            break a;
        }
    };
    cmd.get_subcommands()
        .any(|s| s.get_name() == word && s.get_name() != "help")
        .then_some(word.as_str())
}

/// What to suggest, if anything.
fn hint(
    e: &clap::Error,
    cmd: &clap::Command,
    sub: Option<&str>,
    args: &[String],
) -> Option<String> {
    if let Some(hint) = missing_file_hint(e) {
        return Some(hint);
    }
    // A flag of other commands that this one does not take, and why.
    if e.kind() == ErrorKind::UnknownArgument
        && let Some(ContextValue::String(unexpected)) = e.get(ContextKind::InvalidArg)
        && let Some((_, flag, why)) = NOT_TAKEN.iter().find(|(command, flag, _)| {
            sub == Some(*command) && unexpected.split('=').next() == Some(*flag)
        })
    {
        return Some(format!("{flag} is not taken by {}: {why}", sub?));
    }
    if e.kind() == ErrorKind::UnknownArgument
        && let Some(ContextValue::String(unexpected)) = e.get(ContextKind::InvalidArg)
        && crate::ns::parse_count_sizes(unexpected).is_ok()
        && let Some(sub) = sub.filter(|s| SIZE_LIST_COMMANDS.contains(s))
        && let Some(list) = size_list(sub, args)
    {
        return Some(format!("several sizes are written as one list: {list}"));
    }
    // `queens version`, `queens quiet`: a flag of the tool written as a subcommand.
    if e.kind() == ErrorKind::InvalidSubcommand
        && let Some(ContextValue::String(word)) = e.get(ContextKind::InvalidSubcommand)
        && cmd
            .get_arguments()
            .any(|a| a.get_long() == Some(word.as_str()))
    {
        return Some(format!("did you mean '--{word}'?"));
    }
    let suggested = |kind| match e.get(kind) {
        Some(ContextValue::String(s)) => vec![s.clone()],
        Some(ContextValue::Strings(v)) => v.clone(),
        _ => Vec::new(),
    };
    let mut names = suggested(ContextKind::SuggestedArg);
    // clap's similar subcommands, those that begin as the typed word does (`lst` → `list`,
    // not `plot`).
    let typed_first = match e.get(ContextKind::InvalidSubcommand) {
        Some(ContextValue::String(word)) => word.chars().next(),
        _ => None,
    };
    names.extend(
        suggested(ContextKind::SuggestedSubcommand)
            .into_iter()
            .filter(|s| typed_first.is_none() || s.chars().next() == typed_first),
    );
    names.extend(suggested(ContextKind::SuggestedValue));
    if names.is_empty()
        && e.kind() == ErrorKind::InvalidSubcommand
        && let Some(ContextValue::String(word)) = e.get(ContextKind::InvalidSubcommand)
    {
        names = abbreviated(cmd, word);
    }
    if names.is_empty() {
        return None;
    }
    let quoted: Vec<String> = names.iter().map(|n| format!("'{n}'")).collect();
    Some(format!("did you mean {}?", quoted.join(" or ")))
}

/// The subcommands `word` could abbreviate: its letters appear in the name in order, the
/// first letters alike (`cnt`, `cout` → `count`; `clasify` → `classify`).
fn abbreviated(cmd: &clap::Command, word: &str) -> Vec<String> {
    let word = word.to_lowercase();
    cmd.get_subcommands()
        .map(clap::Command::get_name)
        .filter(|name| *name != "help" && word.len() >= 2 && is_abbreviation(&word, name))
        .map(String::from)
        .collect()
}

/// Whether the letters of `word` appear in `name` in order, starting with its first.
fn is_abbreviation(word: &str, name: &str) -> bool {
    if word.chars().next() != name.chars().next() {
        return false;
    }
    let mut letters = name.chars();
    word.chars().all(|c| letters.any(|l| l == c))
}

/// The board-size arguments of `sub` in `args`, joined into one list, when there are several
/// (`count 8 10` → `8,10`): `args` parsed again by clap with `sub`'s sizes taking any number
/// of values, so that option values stay out as clap reads them (a fresh command line: a
/// built one keeps its arguments' number of values).
fn size_list(sub: &str, args: &[String]) -> Option<String> {
    let several = crate::app::command().mut_subcommand(sub, |s| {
        s.mut_arg("sizes", |a| a.num_args(1..).action(clap::ArgAction::Append))
    });
    let matches = several.try_get_matches_from(args).ok()?;
    let sizes: Vec<&str> = (matches.subcommand_matches(sub)?.get_raw("sizes")?)
        .filter_map(|s| s.to_str())
        .collect();
    (sizes.len() >= 2).then(|| sizes.join(","))
}

/// The hint for an option that names a file and was given none (`count 1-12 --csv`): `--csv
/// needs a file name; use `--csv -` for stdout` (`--known -` reads stdin). `None` for any
/// other parse error.
fn missing_file_hint(e: &clap::Error) -> Option<String> {
    if e.kind() != ErrorKind::InvalidValue {
        return None;
    }
    let Some(ContextValue::String(value)) = e.get(ContextKind::InvalidValue) else {
        return None;
    };
    let Some(ContextValue::String(arg)) = e.get(ContextKind::InvalidArg) else {
        return None;
    };
    // `--csv <FILE>`, `--output <FILE>`, `--output <FILE.svg>`: the flag and its value's name.
    let (flag, value_name) = arg.split_once(' ')?;
    if !value.is_empty() || !value_name.starts_with("<FILE") {
        return None;
    }
    let flag = flag.trim_end_matches(',');
    let std = if flag == "--known" { "stdin" } else { "stdout" };
    Some(format!(
        "{flag} needs a file name; use `{flag} -` for {std}"
    ))
}
