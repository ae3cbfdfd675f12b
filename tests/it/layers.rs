//! The library's layers, checked: every `crate::` path in `src/` (the binary aside) points at
//! a module of its own layer or of a layer below, and the top-level modules have no cycle;
//! and in the library and the binary, every module path (`search::kernel::scalar`,
//! `commands::resumable`) is in no circle of item references (the rule is on
//! [`no_module_path_is_in_a_circle`]).
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

// ---------------------------------------------------------------------------------------------
// Every module path: the graph of item references has no circle.
// ---------------------------------------------------------------------------------------------

/// A token of Rust source, as far as paths need: comments, strings and characters are gone.
#[derive(Debug, Clone, PartialEq)]
enum Tok {
    Ident(String),
    /// `::`
    Sep,
    Punct(char),
}

/// The tokens of a file with their line numbers: identifiers, `::` and single punctuation;
/// comments, string, byte-string, raw-string and character literals and lifetimes left out.
fn tokens(text: &str) -> Vec<(Tok, usize)> {
    let s: Vec<char> = text.chars().collect();
    let (mut out, mut i, mut line) = (Vec::new(), 0, 1);
    let ident_char = |c: char| c.is_alphanumeric() || c == '_';
    // Skips a quoted literal whose opening quote is at `s[j]`; returns the index after it.
    let quoted = |mut j: usize, line: &mut usize| {
        j += 1;
        while j < s.len() && s[j] != '"' {
            if s[j] == '\\' {
                j += 1;
            }
            if s.get(j) == Some(&'\n') {
                *line += 1;
            }
            j += 1;
        }
        j + 1
    };
    while i < s.len() {
        let c = s[i];
        let next = s.get(i + 1).copied();
        if c == '\n' {
            line += 1;
            i += 1;
        } else if c.is_whitespace() {
            i += 1;
        } else if c == '/' && next == Some('/') {
            while i < s.len() && s[i] != '\n' {
                i += 1;
            }
        } else if c == '/' && next == Some('*') {
            let mut depth = 0;
            while i < s.len() {
                if s[i] == '/' && s.get(i + 1) == Some(&'*') {
                    depth += 1;
                    i += 2;
                } else if s[i] == '*' && s.get(i + 1) == Some(&'/') {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    if s[i] == '\n' {
                        line += 1;
                    }
                    i += 1;
                }
            }
        } else if c == '"' {
            i = quoted(i, &mut line);
        } else if (c == 'r' || (c == 'b' && next == Some('r')))
            && (i == 0 || !ident_char(s[i - 1]))
            && {
                let j = if c == 'b' { i + 2 } else { i + 1 };
                let hashes = s[j..].iter().take_while(|&&h| h == '#').count();
                s.get(j + hashes) == Some(&'"')
            }
        {
            // A raw string: r"…", r#"…"#, br"…".
            let j = if c == 'b' { i + 2 } else { i + 1 };
            let hashes = s[j..].iter().take_while(|&&h| h == '#').count();
            let mut k = j + hashes + 1;
            loop {
                if k >= s.len() {
                    break;
                }
                if s[k] == '\n' {
                    line += 1;
                }
                if s[k] == '"' && s[k + 1..].iter().take_while(|&&h| h == '#').count() >= hashes {
                    k += 1 + hashes;
                    break;
                }
                k += 1;
            }
            i = k;
        } else if c == 'b' && next == Some('"') && (i == 0 || !ident_char(s[i - 1])) {
            i = quoted(i + 1, &mut line);
        } else if c == '\'' {
            // A character literal ('x', '\n', '\u{…}') or a lifetime ('a).
            if next == Some('\\') {
                i += 2;
                while i < s.len() && s[i] != '\'' {
                    i += 1;
                }
                i += 1;
            } else if s.get(i + 2) == Some(&'\'') {
                i += 3;
            } else {
                i += 1;
                while i < s.len() && ident_char(s[i]) {
                    i += 1;
                }
            }
        } else if ident_char(c) {
            let start = i;
            while i < s.len() && ident_char(s[i]) {
                i += 1;
            }
            let word: String = s[start..i].iter().collect();
            if word.starts_with(|c: char| c.is_ascii_digit()) {
                continue; // a number
            }
            out.push((Tok::Ident(word.trim_start_matches("r#").to_string()), line));
        } else if c == ':' && next == Some(':') {
            out.push((Tok::Sep, line));
            i += 2;
        } else {
            out.push((Tok::Punct(c), line));
            i += 1;
        }
    }
    out
}

/// One leaf of a path or use tree: its segments, its `as` name, whether it ends in `*`.
#[derive(Debug, Clone, PartialEq)]
struct Leaf {
    segments: Vec<String>,
    alias: Option<String>,
    glob: bool,
}

/// Reads a path or use tree starting at `toks[i]` (`a::b`, `a::{b, c::{d, e as f}}`, `a::*`)
/// under `prefix`; returns its leaves and the index after it.
fn use_tree(toks: &[(Tok, usize)], mut i: usize, prefix: &[String], out: &mut Vec<Leaf>) -> usize {
    let mut segments = prefix.to_vec();
    loop {
        match toks.get(i).map(|t| &t.0) {
            Some(Tok::Ident(word)) => {
                segments.push(word.clone());
                i += 1;
            }
            Some(Tok::Punct('*')) => {
                out.push(Leaf {
                    segments,
                    alias: None,
                    glob: true,
                });
                return i + 1;
            }
            Some(Tok::Punct('{')) => {
                i += 1;
                loop {
                    match toks.get(i).map(|t| &t.0) {
                        Some(Tok::Punct('}')) | None => return i + 1,
                        Some(Tok::Punct(',')) => i += 1,
                        _ => {
                            let before = i;
                            i = use_tree(toks, i, &segments, out);
                            if i == before {
                                i += 1; // something this reader does not know: step over it
                            }
                        }
                    }
                }
            }
            _ => return i,
        }
        if toks.get(i).map(|t| &t.0) == Some(&Tok::Sep) {
            i += 1;
            continue;
        }
        // The end of this path: `self` names the module before it.
        let mut named_self = false;
        if segments.last().is_some_and(|s| s == "self") && segments.len() > 1 {
            segments.pop();
            named_self = true;
        }
        let mut alias = None;
        if toks.get(i).map(|t| &t.0) == Some(&Tok::Ident("as".into()))
            && let Some((Tok::Ident(name), _)) = toks.get(i + 1)
        {
            alias = Some(name.clone());
            i += 2;
        }
        if segments.len() > prefix.len() || named_self || alias.is_some() {
            out.push(Leaf {
                segments,
                alias,
                glob: false,
            });
        }
        return i;
    }
}

/// A module of a crate: its path, its parent, its children and what its `use` lines name.
#[derive(Debug, Default)]
struct Module {
    /// `search::kernel::scalar`; empty for the crate root.
    path: String,
    /// The file the module is written in (an inline module shares its file).
    file: String,
    parent: Option<usize>,
    children: BTreeMap<String, usize>,
    /// Names brought in by `use` (the path they stand for, as written, relative to here).
    imports: BTreeMap<String, Vec<String>>,
    /// The modules of `use …::*` lines, as written.
    globs: Vec<Vec<String>>,
    /// Every path written in the module: its leaf, the line, and whether it is a re-export
    /// (`pub use`, `pub(crate) use`, …).
    paths: Vec<(Leaf, usize, bool)>,
    /// Every identifier of the module's code outside its `use` lines.
    words: BTreeSet<String>,
}

/// A file's name as messages show it: from the package's folder (`src/cli.rs`).
fn shown(file: &Path) -> String {
    let package = Path::new(env!("CARGO_MANIFEST_DIR"));
    file.strip_prefix(package)
        .unwrap_or(file)
        .display()
        .to_string()
}

/// `a/b/mod` or `a/b` as the module path `a::b`.
trait ModulePath {
    fn strip_suffix_mod(&self) -> String;
}

impl ModulePath for Path {
    fn strip_suffix_mod(&self) -> String {
        let parts: Vec<String> = self
            .components()
            .map(|c| c.as_os_str().to_string_lossy().into_owned())
            .collect();
        let keep = if parts.last().is_some_and(|p| p == "mod") {
            parts.len() - 1
        } else {
            parts.len()
        };
        parts[..keep].join("::")
    }
}

/// A crate read from its root file by following its `mod` declarations.
struct Crate {
    modules: Vec<Module>,
}

/// Where a path leads: into a module, or to an item defined in a module.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Target {
    Module(usize),
    Item(usize),
}

impl Crate {
    fn read(root: &Path) -> Crate {
        let mut krate = Crate {
            modules: Vec::new(),
        };
        krate.read_file(root, String::new(), None, true);
        // Files no `mod` line reaches are declared by a macro (`kernels!` writes
        // `mod $module;`): read them by their place in the tree, parents first.
        let dir = root.parent().unwrap();
        let mut files = Vec::new();
        rust_files(dir, &mut files);
        let read: BTreeSet<String> = krate.modules.iter().map(|m| m.file.clone()).collect();
        let mut unread: Vec<(String, PathBuf)> = files
            .into_iter()
            // `bin/` beside the library's root holds other crates.
            .filter(|f| !f.starts_with(dir.join("bin")) && !read.contains(&shown(f)))
            .map(|f| {
                let rel = f.strip_prefix(dir).unwrap().with_extension("");
                let rel = rel.strip_suffix_mod();
                (rel, f)
            })
            .collect();
        unread.sort_by_key(|(path, _)| path.matches("::").count());
        for (path, file) in unread {
            let (parent_path, name) = path.rsplit_once("::").unwrap_or(("", &path));
            let parent = krate
                .modules
                .iter()
                .position(|m| m.path == parent_path)
                .unwrap_or_else(|| panic!("{}: no parent module `{parent_path}`", file.display()));
            let owns_dir = file.file_name().is_some_and(|n| n == "mod.rs");
            let id = krate.read_file(&file, path.clone(), Some(parent), owns_dir);
            krate.modules[parent].children.insert(name.to_string(), id);
        }
        krate
    }

    /// Reads one file as the module `path`; `owns_dir` when the file's own folder holds its
    /// children (`lib.rs`, `main.rs`, `mod.rs`).
    fn read_file(
        &mut self,
        file: &Path,
        path: String,
        parent: Option<usize>,
        owns_dir: bool,
    ) -> usize {
        let text = fs::read_to_string(file).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        let toks = tokens(&text);
        let child_dir = if owns_dir {
            file.parent().unwrap().to_path_buf()
        } else {
            file.with_extension("")
        };
        let name = shown(file);
        let id = self.modules.len();
        self.modules.push(Module {
            path,
            file: name.clone(),
            parent,
            ..Module::default()
        });
        // The open inline modules: (module, the brace depth at which it closes).
        let mut scopes: Vec<(usize, usize)> = vec![(id, 0)];
        let mut depth = 0usize;
        let mut i = 0;
        let ident = |i: usize| match toks.get(i) {
            Some((Tok::Ident(w), _)) => Some(w.as_str()),
            _ => None,
        };
        while i < toks.len() {
            let here = scopes.last().unwrap().0;
            let (tok, line) = &toks[i];
            match tok {
                Tok::Punct('{') => depth += 1,
                Tok::Punct('}') => {
                    depth -= 1;
                    if scopes.len() > 1 && scopes.last().unwrap().1 == depth {
                        scopes.pop();
                    }
                }
                Tok::Ident(w) if w == "mod" => {
                    if let Some(child) = ident(i + 1) {
                        let child_path = self.child_path(here, child);
                        match toks.get(i + 2).map(|t| &t.0) {
                            Some(Tok::Punct(';')) => {
                                // Only modules declared at file level have files of their own.
                                assert_eq!(
                                    here, id,
                                    "{name}:{line}: `mod {child};` inside an inline module"
                                );
                                let flat = child_dir.join(format!("{child}.rs"));
                                let c = if flat.exists() {
                                    self.read_file(&flat, child_path, Some(here), false)
                                } else {
                                    self.read_file(
                                        &child_dir.join(child).join("mod.rs"),
                                        child_path,
                                        Some(here),
                                        true,
                                    )
                                };
                                self.modules[here].children.insert(child.to_string(), c);
                                i += 3;
                                continue;
                            }
                            Some(Tok::Punct('{')) => {
                                let c = self.modules.len();
                                let file = self.modules[id].file.clone();
                                self.modules.push(Module {
                                    path: child_path,
                                    file,
                                    parent: Some(here),
                                    ..Module::default()
                                });
                                self.modules[here].children.insert(child.to_string(), c);
                                scopes.push((c, depth));
                                depth += 1;
                                i += 3;
                                continue;
                            }
                            _ => {}
                        }
                    }
                }
                Tok::Ident(w) if w == "use" => {
                    // `pub use`, `pub(crate) use`, `pub(in …) use`: a re-export.
                    let reexport = match toks[..i].last().map(|t| &t.0) {
                        Some(Tok::Ident(p)) => p == "pub",
                        Some(Tok::Punct(')')) => toks[..i]
                            .iter()
                            .rposition(|t| t.0 == Tok::Punct('('))
                            .is_some_and(|open| {
                                open > 0 && toks[open - 1].0 == Tok::Ident("pub".into())
                            }),
                        _ => false,
                    };
                    let mut leaves = Vec::new();
                    i = use_tree(&toks, i + 1, &[], &mut leaves);
                    let module = &mut self.modules[here];
                    for leaf in leaves {
                        if leaf.glob {
                            module.globs.push(leaf.segments.clone());
                        } else if let Some(name) =
                            leaf.alias.clone().or_else(|| leaf.segments.last().cloned())
                            && name != "_"
                        {
                            module.imports.insert(name, leaf.segments.clone());
                        }
                        module.paths.push((leaf, *line, reexport));
                    }
                    continue;
                }
                Tok::Ident(word) => {
                    self.modules[here].words.insert(word.clone());
                    // A path in code: an identifier followed by `::`, not itself after `::`,
                    // `$` (`$crate::`) or `.`.
                    let after_sep_or_dollar = i > 0
                        && matches!(toks[i - 1].0, Tok::Sep | Tok::Punct('$') | Tok::Punct('.'));
                    if !after_sep_or_dollar && toks.get(i + 1).map(|t| &t.0) == Some(&Tok::Sep) {
                        let mut leaves = Vec::new();
                        let end = use_tree(&toks, i, &[], &mut leaves);
                        for mut leaf in leaves {
                            leaf.alias = None; // `x as T` in code is a cast
                            self.modules[here].paths.push((leaf, *line, false));
                        }
                        i = end.max(i + 1);
                        continue;
                    }
                }
                _ => {}
            }
            i += 1;
        }
        id
    }

    fn child_path(&self, parent: usize, child: &str) -> String {
        match self.modules[parent].path.as_str() {
            "" => child.to_string(),
            p => format!("{p}::{child}"),
        }
    }

    /// Where `segments`, written in module `from`, lead; `None` for paths outside the crate
    /// (`std::…`, other crates, local names such as `Self::` and enum variants of local types).
    fn resolve(&self, from: usize, segments: &[String], depth: usize) -> Option<Target> {
        if depth > 16 {
            return None;
        }
        let mut at = from;
        let mut rest = segments;
        // The start: `crate`, `self`, `super` (repeated), or a name visible in `from`.
        match rest.first().map(String::as_str) {
            Some("crate") => {
                at = 0;
                rest = &rest[1..];
            }
            Some("self") => rest = &rest[1..],
            Some("super") => {
                while rest.first().is_some_and(|s| s == "super") {
                    at = self.modules[at].parent?;
                    rest = &rest[1..];
                }
            }
            Some(first) => {
                // A relative path must start at a child module or an imported name.
                self.step(at, first, depth)?;
            }
            None => return None,
        }
        for segment in rest {
            match self.step(at, segment, depth) {
                Some(Target::Module(m)) => at = m,
                Some(item) => return Some(item),
                // Not a module or an import of `at`: an item `at` defines (or a name this
                // reader cannot see, such as a macro's; it is counted as `at`'s).
                None => return Some(Target::Item(at)),
            }
        }
        Some(Target::Module(at))
    }

    /// The name `name` seen from inside module `at`: a child module, or what an import or a
    /// glob import of `at` makes of it.
    fn step(&self, at: usize, name: &str, depth: usize) -> Option<Target> {
        let module = &self.modules[at];
        if let Some(&child) = module.children.get(name) {
            return Some(Target::Module(child));
        }
        if let Some(path) = module.imports.get(name) {
            return self.resolve(at, path, depth + 1);
        }
        for glob in &module.globs {
            if let Some(Target::Module(m)) = self.resolve(at, glob, depth + 1)
                && m != at
                && let Some(found) = self.step(m, name, depth + 1)
            {
                return Some(found);
            }
        }
        None
    }

    /// Every arrow between modules: (from, to) → the first `file:line` that draws it. A path
    /// to an item is an arrow to the module that defines the item (through re-exports); a glob
    /// import is an arrow to its module; a path that only names a module (`use crate::x;`,
    /// `mod x;`) is none.
    fn arrows(&self) -> BTreeMap<(usize, usize), String> {
        let mut found = BTreeMap::new();
        for (from, module) in self.modules.iter().enumerate() {
            for (leaf, line, reexport) in &module.paths {
                // A re-export the module's own code does not use forwards a name: whoever
                // uses the name gets the arrow, not the module that passes it on.
                let name = leaf.alias.as_ref().or(leaf.segments.last());
                if *reexport && (leaf.glob || name.is_none_or(|n| !module.words.contains(n))) {
                    continue;
                }
                let to = match self.resolve(from, &leaf.segments, 0) {
                    Some(Target::Item(m)) => m,
                    Some(Target::Module(m)) if leaf.glob => m,
                    _ => continue,
                };
                if to != from {
                    found
                        .entry((from, to))
                        .or_insert_with(|| format!("{}:{line}", module.file));
                }
            }
        }
        found
    }

    fn name(&self, m: usize) -> &str {
        match self.modules[m].path.as_str() {
            "" => "(crate root)",
            p => p,
        }
    }

    /// The circles of the arrows: each strongly connected set of two or more modules, as its
    /// members and the arrows between them.
    fn circles(&self) -> Vec<(BTreeSet<String>, Vec<String>)> {
        let arrows = self.arrows();
        let n = self.modules.len();
        let mut next = vec![Vec::new(); n];
        for &(a, b) in arrows.keys() {
            next[a].push(b);
        }
        // Which modules reach which: a transitive closure is plenty for a few hundred modules.
        let mut reach = vec![vec![false; n]; n];
        for (start, row) in reach.iter_mut().enumerate() {
            let mut stack = next[start].clone();
            while let Some(m) = stack.pop() {
                if !row[m] {
                    row[m] = true;
                    stack.extend(&next[m]);
                }
            }
        }
        let mut done = vec![false; n];
        let mut circles = Vec::new();
        for m in 0..n {
            if done[m] || !reach[m][m] {
                continue;
            }
            let members: Vec<usize> = (0..n).filter(|&k| reach[m][k] && reach[k][m]).collect();
            for &k in &members {
                done[k] = true;
            }
            // The shortest circle through each member (each circle once), then every arrow.
            let mut shortest = BTreeSet::new();
            for &start in &members {
                let mut came_from = vec![None; n];
                let mut queue = std::collections::VecDeque::from([start]);
                'search: while let Some(at) = queue.pop_front() {
                    for &to in &next[at] {
                        if !members.contains(&to) || came_from[to].is_some() {
                            continue;
                        }
                        came_from[to] = Some(at);
                        if to == start {
                            break 'search;
                        }
                        queue.push_back(to);
                    }
                }
                let mut circle = vec![start];
                let mut at = came_from[start].unwrap();
                while at != start {
                    circle.push(at);
                    at = came_from[at].unwrap();
                }
                circle.reverse(); // start's predecessor … back to start, as arrows go
                let first = (0..circle.len()).min_by_key(|&i| circle[i]).unwrap();
                circle.rotate_left(first);
                shortest.insert(circle);
            }
            let mut lines: Vec<String> = shortest
                .iter()
                .map(|circle| {
                    let names: Vec<&str> = circle.iter().map(|&k| self.name(k)).collect();
                    format!("  circle: {} → {}", names.join(" → "), names[0])
                })
                .collect();
            lines.extend(
                arrows
                    .iter()
                    .filter(|((a, b), _)| members.contains(a) && members.contains(b))
                    .map(|((a, b), at)| {
                        format!("    {} → {} ({at})", self.name(*a), self.name(*b))
                    }),
            );
            let names = members.iter().map(|&k| self.name(k).to_string()).collect();
            circles.push((names, lines));
        }
        circles
    }
}

/// The rule: nodes are module paths (each file, and each inline `mod x { … }`, such as
/// `search::kernel::scalar` or `commands::resumable` in the binary); an arrow goes from a
/// module to the module that defines an item it names, through `crate::`, `super::`, `self::`
/// and relative paths, `use` groups, re-exports (a name a module re-exports counts as its
/// defining module's) and glob imports (`use super::*` is an arrow to the parent). `mod x;`
/// is no arrow, nor is naming a module alone (`use crate::formats;`: the items named through
/// it are). So a parent that re-exports a child's items and a child that uses the parent's
/// own items (`super::Thing` defined in the parent) form a circle, as two siblings that use
/// each other's items do; the cure is to move the shared item down into a module both use.
/// Items invisible to a path reader (macros used by their bare name) draw no arrow.
///
/// The library (`src/lib.rs`) and the binary (`src/bin/queens/main.rs`, whose `crate::` is
/// its own root) are read as two crates.
#[test]
fn no_module_path_is_in_a_circle() {
    let mut report = Vec::new();
    for root in ["lib.rs", "bin/queens/main.rs"] {
        let krate = Crate::read(&src().join(root));
        assert!(krate.modules.len() > 10, "src/{root}: too few modules read");
        for (members, arrows) in krate.circles() {
            report.push(format!(
                "src/{root}: a circle through {}:\n{}",
                members.iter().cloned().collect::<Vec<_>>().join(", "),
                arrows.join("\n")
            ));
        }
    }
    assert!(report.is_empty(), "import circles:\n{}", report.join("\n"));
}

#[test]
fn the_module_reader_finds_arrows_through_every_kind_of_path() {
    let toks = tokens(
        "use crate::{a, b::{c as d, self}, e::*}; // crate::z\nlet s = \"crate::y\"; super::f::g();",
    );
    let mut leaves = Vec::new();
    use_tree(&toks, 1, &[], &mut leaves);
    let seg = |l: &Leaf| l.segments.join("::");
    assert_eq!(
        leaves.iter().map(seg).collect::<Vec<_>>(),
        ["crate::a", "crate::b::c", "crate::b", "crate::e"]
    );
    assert_eq!(leaves[1].alias.as_deref(), Some("d"));
    assert!(leaves[3].glob);
    // Comments and strings are gone; the second line's path is still read.
    assert!(!toks.contains(&(Tok::Ident("z".into()), 1)));
    assert!(!toks.contains(&(Tok::Ident("y".into()), 2)));
    assert!(toks.contains(&(Tok::Ident("g".into()), 2)));
}

/// The rule on a crate of its own: siblings that use each other's items are a circle, and so
/// are a parent and a child that do; a parent that only re-exports its child's item, which
/// uses the parent's own, is not; nor is a test module that uses its parent's items.
#[test]
fn the_rule_finds_sibling_and_parent_child_circles_and_lets_re_exports_pass() {
    let dir = tempfile::tempdir().unwrap();
    let write = |name: &str, text: &str| {
        let path = dir.path().join(name);
        fs::create_dir_all(path.parent().unwrap()).unwrap();
        fs::write(path, text).unwrap();
    };
    write("lib.rs", "mod a;\nmod b;\npub mod p;\nmod q;\n");
    // Siblings: a → b through a group, b → a through `super::`.
    write("a.rs", "use crate::{b::{X, self}};\npub struct Y;\n");
    write("b.rs", "pub struct X;\nfn f() -> super::a::Y { todo!() }\n");
    // A facade: p re-exports c's Z, c uses p's W; p's tests use everything.
    write(
        "p/mod.rs",
        "mod c;\npub use c::Z;\npub struct W;\n#[cfg(test)]\nmod tests {\n    use super::*;\n}\n",
    );
    write("p/c.rs", "use super::W;\npub struct Z(W);\n");
    // A parent that uses its child's function, which uses the parent's V: a circle.
    write("q/mod.rs", "mod d;\npub struct V;\nfn g() { d::h() }\n");
    write("q/d.rs", "use super::V;\npub fn h() { let _ = V; }\n");
    let circles: Vec<BTreeSet<String>> = Crate::read(&dir.path().join("lib.rs"))
        .circles()
        .into_iter()
        .map(|(members, _)| members)
        .collect();
    let set = |names: &[&str]| names.iter().map(|s| s.to_string()).collect::<BTreeSet<_>>();
    assert_eq!(circles, [set(&["a", "b"]), set(&["q", "q::d"])]);
}
