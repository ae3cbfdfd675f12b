//! The published values in `data/known.csv` (queens) and `data/variants.csv` (the other rule
//! sets: [`KnownTable::published`]), embedded in the binary. They verify computed rows, mark
//! them in plots, and scale run-time estimates (`runner::forecast`); no count, class or node
//! value the tool prints is ever taken from here.

use crate::plan::tally::ClassCounts;
use crate::rules::{Group, Rules};
use crate::search::profile::Profile;
use crate::search::profile::SymmetricProfile;
use std::sync::OnceLock;

/// The embedded table.
pub(crate) const KNOWN_CSV: &str = include_str!("../data/known.csv");

/// The embedded table of the variants (superqueens, the torus), one row per rules and n.
pub(crate) const VARIANTS_CSV: &str = include_str!("../data/variants.csv");

/// The columns of `data/variants.csv`, in order.
const VARIANTS_HEADER: &str =
    "piece,board,group,n,total,classes,asymmetric,half_turn,quarter_turn,corner,orbits";

/// Published values for one board size; `None` where no value is published.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KnownRow {
    /// Board size.
    pub n: usize,
    /// A000170.
    pub total: Option<u128>,
    /// A002562.
    pub classes: Option<u128>,
    /// A260320.
    pub asymmetric: Option<u128>,
    /// A260319.
    pub half_turn: Option<u128>,
    /// A260318.
    pub quarter_turn: Option<u128>,
    /// A032522.
    pub fixed_half_turn: Option<u128>,
    /// A033148.
    pub fixed_quarter_turn: Option<u128>,
    /// A319283: nodes of the plain backtracking tree.
    pub nodes: Option<u128>,
    /// The engine whose notion of node [`KnownRow::nodes`] counts: `enumerate` for A319283
    /// (the plain tree), the row's own engine in a table `queens count --csv` wrote. Nodes are
    /// compared only between the enumerate engine's counts: its tree is the plain one whatever
    /// its plan, while the symmetric engine's nodes depend on its split, which no table
    /// records.
    pub nodes_engine: Option<String>,
    /// The classes by orbit size, as (boards, classes) by increasing size, where published
    /// (the torus group's, A054500–A054502; `Some(empty)` for a board without a solution).
    pub orbits: Option<Vec<(u128, u128)>>,
}

/// The one engine whose node counts are compared with a table's: the enumerate engine walks
/// the plain backtracking tree (A319283) whatever its plan.
const NODES_ENGINE: &str = "enumerate";

/// Where a table of values to verify against comes from: what mismatch messages name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Source {
    /// The published values (OEIS), embedded from `data/known.csv`.
    Published,
    /// A file given with `--known`: its name as given.
    File(String),
}

impl Source {
    /// How a mismatch report names the values: `with the published values (OEIS)` or
    /// `against 'r.csv'`.
    pub fn against(&self) -> String {
        match self {
            Source::Published => "with the published values (OEIS)".to_string(),
            Source::File(name) => format!("against '{name}'"),
        }
    }
}

/// A table of published values: the embedded one, or one read from a file (`--known`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KnownTable {
    rows: Vec<KnownRow>,
    source: Source,
    /// The rules whose values these are.
    rules: Rules,
}

/// The columns a known-values table has, in order.
pub(crate) const KNOWN_HEADER: [&str; 9] = [
    "n",
    "total_A000170",
    "classes_A002562",
    "asymmetric_A260320",
    "half_turn_A260319",
    "quarter_turn_A260318",
    "fixed_half_turn_A032522",
    "fixed_quarter_turn_A033148",
    "nodes_A319283",
];

impl KnownTable {
    /// Parses a table in the format of `data/known.csv`: `#` comment lines, then a header with
    /// at least the columns `n,total_A000170` (further columns of `KNOWN_HEADER` optional, in
    /// that order), then one row per n; empty cells mean "not published".
    pub fn parse(text: &str) -> Result<KnownTable, String> {
        let mut reader = csv::ReaderBuilder::new()
            .comment(Some(b'#'))
            .flexible(false)
            .from_reader(text.as_bytes());
        let header = reader.headers().map_err(|e| e.to_string())?.clone();
        if header.len() < 2 || header.iter().zip(KNOWN_HEADER).any(|(a, b)| a != b) {
            return Err(format!(
                "the header must be the one `queens count --csv` writes, or start with {} (the \
                 columns of data/known.csv)",
                KNOWN_HEADER[..2].join(",")
            ));
        }
        let mut rows = Vec::new();
        for record in reader.records() {
            let r = record.map_err(|e| e.to_string())?;
            let line = r.position().map_or(0, |p| p.line());
            let field = |i: usize| -> Result<Option<u128>, String> {
                match r.get(i) {
                    None | Some("") => Ok(None),
                    Some(s) => s
                        .parse()
                        .map(Some)
                        .map_err(|_| format!("line {line}: {:?} is not a whole number", s)),
                }
            };
            let n = field(0)?.ok_or_else(|| format!("line {line}: n is missing"))?;
            let n = usize::try_from(n)
                .ok()
                .filter(|&n| n <= crate::board::MAX_COUNT_N)
                .ok_or_else(|| {
                    format!(
                        "line {line}: n = {n} is outside 0 to {}",
                        crate::board::MAX_COUNT_N
                    )
                })?;
            // Refused as met: the table holds at most one row per n, whatever the input's size.
            if rows.iter().any(|r: &KnownRow| r.n == n) {
                return Err(format!("line {line}: n = {n} appears twice"));
            }
            rows.push(KnownRow {
                n,
                total: field(1)?,
                classes: field(2)?,
                asymmetric: field(3)?,
                half_turn: field(4)?,
                quarter_turn: field(5)?,
                fixed_half_turn: field(6)?,
                fixed_quarter_turn: field(7)?,
                nodes: field(8)?,
                nodes_engine: Some(NODES_ENGINE.to_string()),
                orbits: None,
            });
        }
        Ok(KnownTable {
            rows,
            source: Source::Published,
            rules: Rules::QUEENS,
        })
    }

    /// A table of the given rows of the queens from `source` (for example a results table
    /// read back; [`KnownTable::with_rules`] names other rules): refuses two rows of one n,
    /// naming the second by its index in `rows`.
    pub fn from_rows(rows: Vec<KnownRow>, source: Source) -> Result<KnownTable, String> {
        for (i, r) in rows.iter().enumerate() {
            if rows[..i].iter().any(|o| o.n == r.n) {
                return Err(format!("row {}: n = {} appears twice", i + 1, r.n));
            }
        }
        Ok(KnownTable {
            rows,
            source,
            rules: Rules::QUEENS,
        })
    }

    /// The same table, of the values of `rules`.
    pub fn with_rules(mut self, rules: Rules) -> KnownTable {
        self.rules = rules;
        self
    }

    /// The rules whose values the table holds.
    pub fn rules(&self) -> Rules {
        self.rules
    }

    /// Refuses to verify counts of `rules` against a table of other rules, in one line that
    /// names both (a `--known` table of superqueens for a count of queens).
    ///
    /// ```
    /// use queens::rules::Rules;
    /// use queens::verify::KnownTable;
    /// assert!(KnownTable::published(&Rules::SUPERQUEENS).check_rules(&Rules::SUPERQUEENS).is_ok());
    /// assert_eq!(
    ///     KnownTable::embedded().check_rules(&Rules::TORUS_QUEENS).unwrap_err(),
    ///     "the published table holds the values of queen-plane, not of the rules counted \
    ///      (queen-torus)"
    /// );
    /// ```
    pub fn check_rules(&self, rules: &Rules) -> Result<(), String> {
        if self.rules == *rules {
            return Ok(());
        }
        let whose = match &self.source {
            Source::Published => "the published table".to_string(),
            Source::File(name) => format!("'{name}'"),
        };
        // The same rules with classes under another group: the groups tell them apart.
        let named = |r: &Rules| match (self.rules.id() == rules.id(), r.group()) {
            (false, _) => r.to_string(),
            (true, crate::rules::Group::Square) => format!("{r}, classes under D4"),
            (true, crate::rules::Group::Torus) => format!("{r}, classes under the torus group"),
        };
        Err(format!(
            "{whose} holds the values of {}, not of the rules counted ({})",
            named(&self.rules),
            named(rules)
        ))
    }

    /// The same table, named as coming from `source`.
    pub fn with_source(mut self, source: Source) -> KnownTable {
        self.source = source;
        self
    }

    /// Where the table comes from.
    pub fn source(&self) -> &Source {
        &self.source
    }

    /// The table embedded from `data/known.csv`.
    pub fn embedded() -> &'static KnownTable {
        static TABLE: OnceLock<KnownTable> = OnceLock::new();
        TABLE.get_or_init(|| KnownTable::parse(KNOWN_CSV).expect("data/known.csv is well-formed"))
    }

    /// The published values of `rules`: the embedded `data/known.csv` for the queens
    /// ([`KnownTable::embedded`]), the rows of `data/variants.csv` for the other rules. The
    /// classes of a variant are compared where they are published under the group of the
    /// rules ([`Rules::group`]): the square's 8 symmetries for superqueens (A051224 and
    /// A352661 to A352663), the torus group on the torus (A053994, and the classes by orbit
    /// size A054500–A054502); the torus under D4 has only its totals (A051906) compared. No
    /// nodes are published for a variant.
    ///
    /// ```
    /// use queens::rules::Rules;
    /// use queens::verify::KnownTable;
    /// let sq = KnownTable::published(&Rules::SUPERQUEENS).lookup(10).unwrap();
    /// assert_eq!((sq.total, sq.classes, sq.half_turn), (Some(4), Some(1), Some(1)));
    /// let torus = KnownTable::published(&Rules::TORUS_QUEENS).lookup(13).unwrap();
    /// assert_eq!((torus.total, torus.classes), (Some(4524), Some(11)));
    /// assert_eq!(torus.orbits, Some(vec![(26, 1), (52, 2), (338, 3), (676, 5)]));
    /// let square = Rules::TORUS_QUEENS.under(queens::rules::Group::Square).unwrap();
    /// let torus = KnownTable::published(&square).lookup(13).unwrap();
    /// assert_eq!((torus.total, torus.classes, torus.orbits.clone()), (Some(4524), None, None));
    /// assert!(KnownTable::published(&Rules::TORUS_SUPERQUEENS).rows().is_empty());
    /// ```
    pub fn published(rules: &Rules) -> &'static KnownTable {
        static TABLES: OnceLock<Vec<(Rules, KnownTable)>> = OnceLock::new();
        if rules.is_queens() {
            return KnownTable::embedded();
        }
        let tables = TABLES.get_or_init(|| {
            // Each rule set under each group it allows.
            let mut all: Vec<Rules> = Vec::new();
            for r in &Rules::ALL[1..] {
                for g in [Group::Square, Group::Torus] {
                    if let Ok(r) = r.under(g)
                        && !all.contains(&r)
                    {
                        all.push(r);
                    }
                }
            }
            all.into_iter()
                .map(|r| {
                    let table = KnownTable::parse_variants(VARIANTS_CSV, r)
                        .expect("data/variants.csv is well-formed");
                    (r, table)
                })
                .collect()
        });
        &tables
            .iter()
            .find(|(r, _)| r == rules)
            .expect("every rule set has a table")
            .1
    }

    /// The rows of `rules` in a table in the format of `data/variants.csv`, as
    /// [`KnownTable::published`] reads them: the classes (and orbits) only where the row's
    /// group is that of the rules; at n = 1 the one class, kept by all 8 symmetries, counted with the
    /// quarter-turn classes, as the tool (and `data/known.csv`) count it.
    fn parse_variants(text: &str, rules: Rules) -> Result<KnownTable, String> {
        let mut lines = text.lines().filter(|l| !l.starts_with('#'));
        if lines.next() != Some(VARIANTS_HEADER) {
            return Err(format!("the header must be {VARIANTS_HEADER}"));
        }
        let mut rows = Vec::new();
        for line in lines {
            let f: Vec<&str> = line.split(',').collect();
            if f.len() != 11 {
                return Err(format!("{line}: 11 fields expected"));
            }
            if (f[0], f[1]) != (rules.piece.name(), rules.surface.name()) {
                continue;
            }
            let num = |s: &str| -> Result<Option<u128>, String> {
                match s {
                    "" => Ok(None),
                    s => s.parse().map(Some).map_err(|_| format!("{line}: {s:?}")),
                }
            };
            let n: usize = f[3].parse().map_err(|_| format!("{line}: n"))?;
            let group = match f[2] {
                "square" => Group::Square,
                "torus" => Group::Torus,
                other => return Err(format!("{line}: group {other:?}")),
            };
            let same_group = group == rules.group();
            let class = |i: usize| if same_group { num(f[i]) } else { Ok(None) };
            let orbits = match f[10] {
                _ if !same_group => None,
                "" => None,
                "-" => Some(Vec::new()),
                cell => Some(
                    crate::torus_group::parse_orbits(cell)
                        .ok_or_else(|| format!("{line}: orbits {cell:?}"))?,
                ),
            };
            let (classes, mut asymmetric, mut half_turn, mut quarter_turn) =
                (class(5)?, class(6)?, class(7)?, class(8)?);
            if n == 1 && classes == Some(1) {
                (asymmetric, half_turn, quarter_turn) = (Some(0), Some(0), Some(1));
            }
            rows.push(KnownRow {
                n,
                total: num(f[4])?,
                classes,
                asymmetric,
                half_turn,
                quarter_turn,
                fixed_half_turn: None,
                fixed_quarter_turn: None,
                nodes: None,
                nodes_engine: None,
                orbits,
            });
        }
        Ok(KnownTable::from_rows(rows, Source::Published)?.with_rules(rules))
    }

    /// All rows, in file order.
    pub fn rows(&self) -> &[KnownRow] {
        &self.rows
    }

    /// The published values for `n`, if any.
    pub fn lookup(&self, n: usize) -> Option<&KnownRow> {
        self.rows.iter().find(|r| r.n == n)
    }

    /// Whether the table holds a value for `n` that a count is compared with: a total, a
    /// class count or the classes by orbit size (the nodes alone are compared with the
    /// enumerate engine's only, so they do not make a size verifiable).
    ///
    /// ```
    /// use queens::verify::KnownTable;
    /// let table = KnownTable::embedded();
    /// assert!(table.has_values(8) && !table.has_values(28));
    /// ```
    pub fn has_values(&self, n: usize) -> bool {
        self.lookup(n).is_some_and(|k| {
            [
                k.total,
                k.classes,
                k.asymmetric,
                k.half_turn,
                k.quarter_turn,
            ]
            .iter()
            .any(Option::is_some)
                || k.orbits.is_some()
        })
    }

    /// The sizes of `ns` for which the table holds no value ([`KnownTable::has_values`]): a
    /// count of them is [`Verdict::Unknown`] against it.
    pub fn lacking(&self, ns: &[usize]) -> Vec<usize> {
        ns.iter()
            .copied()
            .filter(|&n| !self.has_values(n))
            .collect()
    }

    /// Checks a computed total and class breakdown for `n` against this table.
    pub fn verify(&self, n: usize, total: u128, classes: &ClassCounts) -> Verdict {
        self.verify_with_nodes(n, total, classes, None)
    }

    /// Whether a run of `engine` would have its node count for `n` compared, but the table's
    /// comes from another engine and so is not: that engine's name. Only an enumerate run
    /// compares nodes (see [`KnownRow::nodes_engine`]).
    pub fn nodes_of_another_engine(&self, n: usize, engine: &str) -> Option<&str> {
        if engine != NODES_ENGINE {
            return None;
        }
        let known = self.lookup(n)?;
        known.nodes?;
        known.nodes_engine.as_deref().filter(|e| *e != engine)
    }

    /// Checks a computed total and class breakdown for `n` against this table, and the node
    /// count `nodes` of the engine it names where the table's nodes come from that engine.
    pub fn verify_with_nodes(
        &self,
        n: usize,
        total: u128,
        classes: &ClassCounts,
        nodes: Option<(u128, &str)>,
    ) -> Verdict {
        self.verify_with_orbits(n, total, classes, None, nodes)
    }

    /// [`KnownTable::verify_with_nodes`], and the classes by orbit size (`orbits`, as
    /// [`crate::Counts::orbits`]) where they were computed and are published: each size's
    /// classes, a mismatch named `classes of S boards`.
    ///
    /// ```
    /// use queens::rules::Rules;
    /// use queens::verify::{KnownTable, Verdict};
    /// let table = KnownTable::published(&Rules::TORUS_QUEENS);
    /// let c = queens::ClassCounts { asymmetric: 0, half_turn: 2, quarter_turn: 0 };
    /// assert_eq!(table.verify_with_orbits(11, 88, &c, Some(&[(44, 2)]), None), Verdict::Verified);
    /// let wrong = table.verify_with_orbits(11, 88, &c, Some(&[(44, 1), (88, 1)]), None);
    /// assert_eq!(wrong.describe(), "classes of 44 boards computed 1 but published 2; \
    ///     classes of 88 boards computed 1 but published 0");
    /// ```
    pub fn verify_with_orbits(
        &self,
        n: usize,
        total: u128,
        classes: &ClassCounts,
        orbits: Option<&[(u128, u128)]>,
        nodes: Option<(u128, &str)>,
    ) -> Verdict {
        let Some(known) = self.lookup(n) else {
            return Verdict::Unknown;
        };
        let same_engine = |(_, engine): (u128, &str)| {
            engine == NODES_ENGINE && known.nodes_engine.as_deref() == Some(NODES_ENGINE)
        };
        let (known_nodes, computed_nodes) = match nodes.filter(|&nd| same_engine(nd)) {
            Some((v, _)) => (known.nodes, v),
            None => (None, 0),
        };
        let mut pairs = vec![
            ("total", known.total, total),
            ("classes", known.classes, classes.total()),
            ("asymmetric", known.asymmetric, classes.asymmetric),
            ("half_turn", known.half_turn, classes.half_turn),
            ("quarter_turn", known.quarter_turn, classes.quarter_turn),
            ("nodes", known_nodes, computed_nodes),
        ];
        if let (Some(published), Some(computed)) = (&known.orbits, orbits) {
            let classes_of = |list: &[(u128, u128)], size: u128| {
                list.iter().find(|o| o.0 == size).map_or(0, |o| o.1)
            };
            let mut sizes: Vec<u128> = published.iter().chain(computed).map(|o| o.0).collect();
            sizes.sort_unstable();
            sizes.dedup();
            for size in sizes {
                let (p, c) = (classes_of(published, size), classes_of(computed, size));
                if p != c {
                    pairs.push((orbit_field(size), Some(p), c));
                }
            }
        }
        if pairs.iter().all(|(_, k, _)| k.is_none()) {
            return Verdict::Unknown;
        }
        let mismatches: Vec<Mismatch> = pairs
            .iter()
            .filter_map(|&(field, expected, computed)| {
                let expected = expected?;
                (expected != computed).then_some(Mismatch {
                    field,
                    expected,
                    computed,
                })
            })
            .collect();
        if mismatches.is_empty() {
            Verdict::Verified
        } else {
            Verdict::Mismatch(mismatches)
        }
    }
}

/// The name of the classes of `size` boards as a mismatch names them (`classes of 676 boards`):
/// made once per size and kept (the sizes divide 8n² for n ≤ 32: a few hundred at most).
fn orbit_field(size: u128) -> &'static str {
    static NAMES: OnceLock<std::sync::Mutex<std::collections::BTreeMap<u128, &'static str>>> =
        OnceLock::new();
    let mut names = NAMES
        .get_or_init(Default::default)
        .lock()
        .unwrap_or_else(|e| e.into_inner());
    names
        .entry(size)
        .or_insert_with(|| Box::leak(format!("classes of {size} boards").into_boxed_str()))
}

/// The embedded table's values for `n`, if any.
pub fn lookup(n: usize) -> Option<&'static KnownRow> {
    KnownTable::embedded().lookup(n)
}

/// One computed value that disagrees with the published one.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Mismatch {
    /// The column (`total`, `classes`, …).
    pub field: &'static str,
    /// The published value.
    pub expected: u128,
    /// The computed value.
    pub computed: u128,
}

/// The outcome of checking one computed result against the published values.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Verdict {
    /// Every published value for this n agrees.
    Verified,
    /// Nothing is published for this n.
    Unknown,
    /// Nothing is published for this n (or in the `--known` file), and two independent ways
    /// counted the same values: `queens verify --two-ways` (its two plans, or the symmetric
    /// and the enumerate engines) set it on the row it writes.
    #[cfg_attr(feature = "serde", serde(rename = "two-ways"))]
    TwoWays,
    /// At least one published value disagrees.
    Mismatch(Vec<Mismatch>),
}

impl Verdict {
    /// `yes`, `unknown`, `two-ways` or `MISMATCH`, as written in tables.
    pub fn label(&self) -> &'static str {
        match self {
            Verdict::Verified => "yes",
            Verdict::Unknown => "unknown",
            Verdict::TwoWays => "two-ways",
            Verdict::Mismatch(_) => "MISMATCH",
        }
    }

    /// Parses a label written by [`Verdict::label`] (a mismatch parses with no details).
    pub fn from_label(s: &str) -> Option<Verdict> {
        match s {
            "yes" => Some(Verdict::Verified),
            "unknown" => Some(Verdict::Unknown),
            "two-ways" => Some(Verdict::TwoWays),
            "MISMATCH" => Some(Verdict::Mismatch(Vec::new())),
            _ => None,
        }
    }

    /// A one-line description of the mismatches with the published values (empty unless
    /// [`Verdict::Mismatch`]).
    pub fn describe(&self) -> String {
        self.describe_against(&Source::Published)
    }

    /// A one-line description of the mismatches with the values of `source` (empty unless
    /// [`Verdict::Mismatch`]): `total computed 93 but published 92` for the published
    /// values, `total 92 there, 93 here` for a file.
    pub fn describe_against(&self, source: &Source) -> String {
        match self {
            Verdict::Mismatch(list) => list
                .iter()
                .map(|m| match source {
                    Source::Published => format!(
                        "{} computed {} but published {}",
                        m.field, m.computed, m.expected
                    ),
                    Source::File(_) => {
                        format!("{} {} there, {} here", m.field, m.expected, m.computed)
                    }
                })
                .collect::<Vec<_>>()
                .join("; "),
            _ => String::new(),
        }
    }
}

/// Checks a computed total and class breakdown for `n` against the embedded table.
pub fn verify(n: usize, total: u128, classes: &ClassCounts) -> Verdict {
    KnownTable::embedded().verify(n, total, classes)
}

/// Compares a profile's sums with the published node count (A319283) and total (A000170).
/// Returns `Ok(true)` if both are published and agree, `Ok(false)` if nothing is published,
/// and the disagreement otherwise.
pub(crate) fn verify_profile(p: &Profile) -> Result<bool, String> {
    let nodes = p.total_nodes().ok_or("the node count overflowed")?;
    let solutions = p.total_solutions().ok_or("the solution count overflowed")?;
    let Some(k) = lookup(p.n) else {
        return Ok(false);
    };
    for (what, published, computed) in [
        ("nodes (A319283)", k.nodes, nodes),
        ("solutions (A000170)", k.total, solutions),
    ] {
        if let Some(published) = published
            && published != computed
        {
            return Err(format!(
                "n = {}: {what} computed {computed} but published {published}",
                p.n
            ));
        }
    }
    Ok(k.nodes.is_some() && k.total.is_some())
}

/// Compares a plain profile of `rules` with their published values: for queens
/// [`verify_profile`]; for another rule set the last depth (its solutions) with the rules'
/// published total ([`KnownTable::published`]; no nodes are published for a variant).
/// `Ok(true)` if published and equal, `Ok(false)` if not published, the disagreement
/// otherwise.
pub(crate) fn verify_profile_under(p: &Profile, rules: &Rules) -> Result<bool, String> {
    if rules.is_queens() {
        return verify_profile(p);
    }
    let solutions = p.total_solutions().ok_or("the solution count overflowed")?;
    match KnownTable::published(rules)
        .lookup(p.n)
        .and_then(|k| k.total)
    {
        None => Ok(false),
        Some(t) if t == solutions => Ok(true),
        Some(t) => Err(format!(
            "n = {}: solutions computed {solutions} but published {t} for {rules}",
            p.n
        )),
    }
}

/// Compares the boards a symmetric-engine profile stands for (solutions × orbit sizes) with
/// the published total (A000170): `Ok(true)` if published and equal, `Ok(false)` if not
/// published, the disagreement otherwise.
pub(crate) fn verify_symmetric_profile(sp: &SymmetricProfile) -> Result<bool, String> {
    match lookup(sp.profile.n).and_then(|k| k.total) {
        None => Ok(false),
        Some(t) if t == sp.weighted_solutions => Ok(true),
        Some(t) => Err(format!(
            "n = {}: solutions × orbit sizes computed {} but A000170 is {t}",
            sp.profile.n, sp.weighted_solutions
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_covers_0_to_27_with_identities() {
        let t = KnownTable::embedded().rows();
        assert_eq!(t.len(), 28);
        assert_eq!(t[0].n, 0);
        assert_eq!(
            (t[0].total, t[0].nodes, t[0].classes),
            (Some(1), Some(1), None)
        );
        for r in t.iter().filter(|r| r.n >= 2) {
            if let (Some(a), Some(h), Some(q)) = (r.asymmetric, r.half_turn, r.quarter_turn) {
                assert_eq!(r.total, Some(8 * a + 4 * h + 2 * q), "n={}", r.n);
                assert_eq!(r.classes, Some(a + h + q), "n={}", r.n);
            }
        }
    }

    /// Checks a computed total, class breakdown and node count of `engine` for `n` against the
    /// embedded table (nodes are compared for the enumerate engine only: A319283 is its tree).
    fn verify_with_nodes(
        n: usize,
        total: u128,
        classes: &ClassCounts,
        nodes: u128,
        engine: &str,
    ) -> Verdict {
        KnownTable::embedded().verify_with_nodes(n, total, classes, Some((nodes, engine)))
    }

    #[test]
    fn verify_flags_a_wrong_total() {
        let c = ClassCounts {
            asymmetric: 11,
            half_turn: 1,
            quarter_turn: 0,
        };
        assert_eq!(verify(8, 92, &c), Verdict::Verified);
        assert!(matches!(verify(8, 93, &c), Verdict::Mismatch(_)));
        assert_eq!(verify(30, 1, &c), Verdict::Unknown);
        // Nodes count for the engine of A319283 only.
        assert_eq!(
            verify_with_nodes(8, 92, &c, 2057, "enumerate"),
            Verdict::Verified
        );
        assert_eq!(
            verify_with_nodes(8, 92, &c, 999, "symmetric"),
            Verdict::Verified
        );
        let v = verify_with_nodes(8, 92, &c, 2058, "enumerate");
        assert_eq!(v.describe(), "nodes computed 2058 but published 2057");
        let file = Source::File("r.csv".into());
        assert_eq!(v.describe_against(&file), "nodes 2057 there, 2058 here");
        assert_eq!(file.against(), "against 'r.csv'");
        // A symmetric run never compares nodes, so there is nothing to note.
        assert_eq!(
            KnownTable::embedded().nodes_of_another_engine(8, "symmetric"),
            None
        );
        assert_eq!(
            KnownTable::embedded().nodes_of_another_engine(8, "enumerate"),
            None
        );
    }
}
