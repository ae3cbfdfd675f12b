//! The library's layers, checked: every `crate::` path in `src/` (the binary aside) points at
//! a module of its own layer or of a layer below, and the modules have no cycle.
//!
//! The order is written once, on the crate page (`src/lib.rs`, section "The layers, bottom
//! up"): one bullet per layer, bottom first, whose links before the first colon name the
//! layer's top-level modules. This test reads that list, so the page and the check cannot
//! disagree; a module the list leaves out is a failure too.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// The crate's source folder.
fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

/// The layers as the crate page lists them, bottom first: each a set of top-level modules.
fn layers_from_crate_page(lib_rs: &str) -> Vec<BTreeSet<String>> {
    let mut lines = lib_rs
        .lines()
        .skip_while(|l| l.trim() != "//! ## The layers, bottom up")
        .skip(1);
    let mut layers = Vec::new();
    let mut seen_bullet = false;
    for line in lines.by_ref() {
        let Some(text) = line.strip_prefix("//!") else {
            break;
        };
        let text = text.trim();
        if text.starts_with("##") {
            break;
        }
        let Some(bullet) = text.strip_prefix("- ") else {
            if seen_bullet && text.is_empty() {
                break; // the list ends at its first blank line
            }
            continue;
        };
        seen_bullet = true;
        // The layer's modules: the links before the bullet's first colon, as [`name`] or
        // [`mod@name`].
        let head = bullet.split(':').next().unwrap_or("");
        let modules: BTreeSet<String> = head
            .split("[`")
            .skip(1)
            .filter_map(|link| link.split('`').next())
            .map(|name| name.trim_start_matches("mod@").to_string())
            .collect();
        assert!(!modules.is_empty(), "a layer with no module: {text:?}");
        layers.push(modules);
    }
    assert!(
        layers.len() >= 3,
        "the crate page's layer list was not found or is too short: {layers:?}"
    );
    layers
}

/// The top-level modules of the library: `src/NAME.rs` and `src/NAME/` (the binary aside).
fn top_level_modules() -> BTreeSet<String> {
    let mut modules = BTreeSet::new();
    for entry in fs::read_dir(src()).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_stem().unwrap().to_string_lossy().into_owned();
        let module_dir = path.is_dir() && name != "bin";
        let module_file = path.extension().is_some_and(|e| e == "rs") && name != "lib";
        if module_dir || module_file {
            modules.insert(name);
        }
    }
    modules
}

/// Every `.rs` file below `dir`.
fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The crate root's re-exports, `pub use module::…::{A, B};` → `A` → `module`, so that
/// `crate::A` counts as an arrow to `module`.
fn root_reexports(lib_rs: &str) -> BTreeMap<String, String> {
    let mut map = BTreeMap::new();
    for line in lib_rs.lines() {
        let Some(rest) = line.trim().strip_prefix("pub use ") else {
            continue;
        };
        let rest = rest.trim_end_matches(';');
        let module = rest.split("::").next().unwrap().to_string();
        let names = match rest.split_once('{') {
            Some((_, inner)) => inner.trim_end_matches('}').to_string(),
            None => rest.rsplit("::").next().unwrap().to_string(),
        };
        for name in names.split(',').map(str::trim).filter(|s| !s.is_empty()) {
            let name = name.rsplit(" as ").next().unwrap().trim();
            map.insert(name.to_string(), module.clone());
        }
    }
    map
}

/// The first path segments after each `crate::` in one line of code: `crate::a::b` gives
/// `a`, `crate::{a::b, c}` gives `a` and `c`.
fn crate_targets(code: &str) -> Vec<String> {
    let mut targets = Vec::new();
    let mut rest = code;
    while let Some(at) = rest.find("crate::") {
        // `crate::` preceded by an identifier character is another path (`$crate::`, …).
        let before = rest[..at].chars().next_back();
        rest = &rest[at + "crate::".len()..];
        if before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == '$') {
            continue;
        }
        if let Some(inner) = rest.strip_prefix('{') {
            // Top-level names of the group: split at commas outside nested braces.
            let (mut depth, mut start) = (0usize, 0usize);
            for (i, c) in inner.char_indices() {
                match c {
                    '{' => depth += 1,
                    '}' if depth == 0 => {
                        targets.push(first_segment(&inner[start..i]));
                        break;
                    }
                    '}' => depth -= 1,
                    ',' if depth == 0 => {
                        targets.push(first_segment(&inner[start..i]));
                        start = i + 1;
                    }
                    _ => {}
                }
            }
        } else {
            targets.push(first_segment(rest));
        }
    }
    targets.retain(|t| !t.is_empty() && t != "self");
    targets
}

fn first_segment(path: &str) -> String {
    path.trim()
        .chars()
        .take_while(|c| c.is_alphanumeric() || *c == '_')
        .collect()
}

/// The line without its comment: doc comments and `//` comments name modules without
/// depending on them. (A `//` inside a string literal would cut the line early, which can
/// only hide an arrow written after it on the same line: none is.)
fn code_of(line: &str) -> &str {
    match line.find("//") {
        Some(at) => &line[..at],
        None => line,
    }
}

/// Every arrow between top-level modules: (from, to) → the first `file:line` that draws it.
fn arrows(
    modules: &BTreeSet<String>,
    reexports: &BTreeMap<String, String>,
) -> BTreeMap<(String, String), String> {
    let mut files = Vec::new();
    rust_files(&src(), &mut files);
    let mut found = BTreeMap::new();
    for file in files {
        let rel = file.strip_prefix(src()).unwrap();
        let first = rel
            .components()
            .next()
            .unwrap()
            .as_os_str()
            .to_string_lossy();
        if first == "bin" || first == "lib.rs" {
            continue;
        }
        let from = first.trim_end_matches(".rs").to_string();
        let text = fs::read_to_string(&file).unwrap();
        for (i, line) in text.lines().enumerate() {
            for target in crate_targets(code_of(line)) {
                let to = match reexports.get(&target) {
                    Some(module) => module.clone(),
                    None => target,
                };
                assert!(
                    modules.contains(&to),
                    "src/{}:{}: `crate::{to}` is not a top-level module",
                    rel.display(),
                    i + 1
                );
                if to != from {
                    found
                        .entry((from.clone(), to))
                        .or_insert_with(|| format!("src/{}:{}", rel.display(), i + 1));
                }
            }
        }
    }
    found
}

#[test]
fn every_crate_path_points_down_the_layers_of_the_crate_page() {
    let lib_rs = fs::read_to_string(src().join("lib.rs")).unwrap();
    let layers = layers_from_crate_page(&lib_rs);
    let modules = top_level_modules();
    let mut layer_of = BTreeMap::new();
    for (level, layer) in layers.iter().enumerate() {
        for module in layer {
            assert!(
                modules.contains(module),
                "the crate page lists `{module}`, which is not a top-level module of src/"
            );
            assert!(
                layer_of.insert(module.clone(), level).is_none(),
                "the crate page lists `{module}` in two layers"
            );
        }
    }
    let unlisted: Vec<_> = modules
        .iter()
        .filter(|m| !layer_of.contains_key(*m))
        .collect();
    assert!(
        unlisted.is_empty(),
        "top-level modules missing from the crate page's layer list: {unlisted:?}"
    );

    let arrows = arrows(&modules, &root_reexports(&lib_rs));
    let upward: Vec<String> = arrows
        .iter()
        .filter(|((from, to), _)| layer_of[to] > layer_of[from])
        .map(|((from, to), at)| format!("{from} → {to} ({at})"))
        .collect();
    assert!(
        upward.is_empty(),
        "arrows pointing up the layers of src/lib.rs:\n{}",
        upward.join("\n")
    );
}

#[test]
fn the_top_level_modules_have_no_cycle() {
    let lib_rs = fs::read_to_string(src().join("lib.rs")).unwrap();
    let modules = top_level_modules();
    let arrows = arrows(&modules, &root_reexports(&lib_rs));
    let mut next: BTreeMap<&str, Vec<&str>> = BTreeMap::new();
    for (from, to) in arrows.keys() {
        next.entry(from.as_str()).or_default().push(to.as_str());
    }
    // Depth-first search with three colours; a grey module met again closes a cycle.
    fn visit<'a>(
        m: &'a str,
        next: &BTreeMap<&'a str, Vec<&'a str>>,
        colour: &mut BTreeMap<&'a str, u8>,
        path: &mut Vec<&'a str>,
    ) -> Option<Vec<String>> {
        match colour.get(m) {
            Some(2) => return None,
            Some(1) => {
                let start = path.iter().position(|p| *p == m).unwrap();
                let mut cycle: Vec<String> = path[start..].iter().map(|s| s.to_string()).collect();
                cycle.push(m.to_string());
                return Some(cycle);
            }
            _ => {}
        }
        colour.insert(m, 1);
        path.push(m);
        for to in next.get(m).into_iter().flatten() {
            if let Some(cycle) = visit(to, next, colour, path) {
                return Some(cycle);
            }
        }
        path.pop();
        colour.insert(m, 2);
        None
    }
    let mut colour = BTreeMap::new();
    for m in &modules {
        if let Some(cycle) = visit(m, &next, &mut colour, &mut Vec::new()) {
            let at: Vec<String> = cycle
                .windows(2)
                .map(|w| arrows[&(w[0].clone(), w[1].clone())].clone())
                .collect();
            panic!("a cycle: {} (at {})", cycle.join(" → "), at.join(", "));
        }
    }
}

#[test]
fn the_path_reader_finds_grouped_and_plain_paths() {
    assert_eq!(crate_targets("use crate::board::Solution;"), ["board"]);
    assert_eq!(
        crate_targets("use crate::{plan::{Tally, Part}, search::kernel, self};"),
        ["plan", "search"]
    );
    assert_eq!(
        crate_targets("let x = crate::verify::f() + crate::Error::X;"),
        ["verify", "Error"]
    );
    assert!(crate_targets("$crate::search::x; my_crate::y").is_empty());
    assert_eq!(code_of("use crate::a; // crate::b"), "use crate::a; ");
}
