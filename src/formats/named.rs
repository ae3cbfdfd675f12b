//! The rules of a table as its outputs name them, and read them back: the leading columns
//! `piece,board,group` of a variant's CSV (`RULES_COLUMNS`), the `rules` object of the JSON
//! documents (`RulesFields`), the line that names them under a human table and above a
//! Markdown one (`caption`), and the OEIS numbers of a table's headings under each rule
//! set (`a_number`).
//!
//! The group of the classes is named beside the piece and the board because one rule set may
//! be counted under more than one group (on the torus: the square's 8 symmetries, or those
//! with the n² shifts). A new [`Group`] gets its arms in [`group_id`] and `group_words`;
//! `group_named` reads every group `GROUPS` lists back.

use crate::rules::{Group, Piece, Rules, Surface};

/// The leading columns of a variant's results CSV, before the queens' columns.
pub(crate) const RULES_COLUMNS: [&str; 3] = ["piece", "board", "group"];

/// Every group a table names, for [`group_named`].
pub(crate) const GROUPS: [Group; 2] = [Group::Square, Group::Torus];

/// The group's name in a CSV or JSON table (`square`, as `data/variants.csv` names it).
pub fn group_id(group: Group) -> &'static str {
    match group {
        Group::Square => "square",
        Group::Torus => "torus",
    }
}

/// The group in words, for people: `the 8 symmetries of the square`.
pub(crate) fn group_words(group: Group) -> &'static str {
    match group {
        Group::Square => "the 8 symmetries of the square",
        Group::Torus => "the 8 symmetries of the square with the n² shifts of the torus",
    }
}

/// The group a table names `name` ([`group_id`]), or an error listing the names.
pub(crate) fn group_named(name: &str) -> Result<Group, String> {
    GROUPS
        .iter()
        .copied()
        .find(|&g| group_id(g) == name)
        .ok_or_else(|| {
            let names: Vec<&str> = GROUPS.iter().map(|&g| group_id(g)).collect();
            format!("group {name:?} is not one of {}", names.join(", "))
        })
}

/// The rules a table names by their piece and board (`superqueen`, `torus`), or an error
/// listing the names.
pub(crate) fn rules_named(piece: &str, board: &str) -> Result<Rules, String> {
    Rules::ALL
        .iter()
        .copied()
        .find(|r| r.piece.name() == piece && r.surface.name() == board)
        .ok_or_else(|| {
            format!(
                "piece {piece:?} on board {board:?}: the pieces are queen, superqueen and the \
                 boards plane, torus"
            )
        })
}

/// The rules a list's leading columns name (`superqueen,torus,torus`: piece, board, group, as
/// [`rules_values`] writes them), or `None` where they name no rules the tool has.
///
/// ```
/// use queens::formats::named::listed_rules;
/// use queens::rules::{Group, Rules};
/// assert_eq!(listed_rules("superqueen,torus,torus"), Some(Rules::TORUS_SUPERQUEENS));
/// let square = Rules::TORUS_QUEENS.under(Group::Square).unwrap();
/// assert_eq!(listed_rules("queen,torus,square"), Some(square));
/// assert_eq!(listed_rules("queen,plane,torus"), None);
/// assert_eq!(listed_rules("bishop,plane,square"), None);
/// assert_eq!(listed_rules("amazon, plane, square"), Some(Rules::SUPERQUEENS));
/// ```
pub fn listed_rules(listed: &str) -> Option<Rules> {
    let fields: Vec<&str> = listed.split(',').map(str::trim).collect();
    let [piece, board, group] = fields[..] else {
        return None;
    };
    let rules = Rules::new(Piece::named(piece)?, Surface::named(board)?);
    rules.under(group_named(group).ok()?).ok()
}

/// The values of the rules' columns ([`RULES_COLUMNS`]): the piece, the board and the group
/// of the classes, as tables write them (`superqueen`, `torus`, `torus`).
pub(crate) fn rules_values(rules: &Rules) -> [&'static str; 3] {
    [
        rules.piece.name(),
        rules.surface.name(),
        group_id(rules.group),
    ]
}

/// The opening of each CSV record of a list of boards of `rules` (solutions, classes, a
/// class's members, classified boards): `superqueen,torus,torus,` for rules other than the
/// queens' (the values of [`RULES_COLUMNS`]), nothing for the queens, whose lists read as
/// they always have.
pub(crate) fn csv_lead(rules: &Rules) -> String {
    match rules.is_queens() {
        true => String::new(),
        false => format!("{},", rules_values(rules).join(",")),
    }
}

/// The header of [`csv_lead`]: `piece,board,group,` for rules other than the queens'.
pub(crate) fn csv_lead_header(rules: &Rules) -> String {
    match rules.is_queens() {
        true => String::new(),
        false => format!("{},", RULES_COLUMNS.join(",")),
    }
}

/// The leading columns of `classify`'s CSV for rules other than the queens': its `board`
/// column holds the board classified, so the board of the rules is `surface`, as
/// `classify --surface` names it.
pub(crate) const CLASSIFY_RULES_COLUMNS: [&str; 3] = ["piece", "surface", "group"];

/// The note of boards read from a list that names other rules (`listed`, its leading columns'
/// values: `queen,torus,torus`) than those they are classified under (`rules`), or `None`
/// where they agree: the classes are then the command's, not the list's.
///
/// ```
/// use queens::formats::named::other_rules_note;
/// use queens::rules::Rules;
/// assert_eq!(other_rules_note("superqueen,plane,square", &Rules::SUPERQUEENS), None);
/// let note = other_rules_note("queen,torus,torus", &Rules::QUEENS).unwrap();
/// assert!(note.starts_with("queens: note: the input lists queens on the torus, classes under \
///     the torus group; its boards were classified as queens on the plane, classes under the \
///     square's group: "), "{note}");
/// ```
pub fn other_rules_note(listed: &str, rules: &Rules) -> Option<String> {
    let ours = rules_values(rules).join(",");
    if listed_rules(listed) == Some(*rules) {
        return None;
    }
    let words = |text: &str| -> String {
        let fields: Vec<&str> = text.split(',').map(str::trim).collect();
        match fields[..] {
            [piece, board, group] => match (
                Piece::named(piece),
                Surface::named(board),
                group_named(group),
            ) {
                (Some(p), Some(s), Ok(g)) => format!(
                    "{} on {}, classes under the {} group",
                    p.plural(),
                    s.words(),
                    match g {
                        Group::Square => "square's",
                        Group::Torus => "torus",
                    }
                ),
                _ => format!("'{text}' (rules the tool does not have)"),
            },
            _ => format!("'{text}' (rules the tool does not have)"),
        }
    };
    Some(format!(
        "queens: note: the input lists {}; its boards were classified as {}: --piece, \
         --surface and --symmetries choose the rules",
        words(listed),
        words(&ours)
    ))
}

/// `superqueens on the plane; classes under the 8 symmetries of the square`: the rules and
/// the group of a table's classes, in words.
pub(crate) fn caption(rules: &Rules, group: Group) -> String {
    let (piece, board) = (rules.piece.plural(), rules.surface.words());
    format!("{piece} on {board}; classes under {}", group_words(group))
}

/// The caption above a Markdown table of rules other than the queens': [`caption`] as a
/// sentence, then a blank line (`Superqueens on the plane; classes under …`); nothing for the
/// queens, whose tables read as they always have.
pub(crate) fn markdown_caption(rules: &Rules, group: Group) -> String {
    if rules.is_queens() {
        return String::new();
    }
    let caption = caption(rules, group);
    let mut first = caption.chars();
    let capital: String = first
        .next()
        .into_iter()
        .flat_map(char::to_uppercase)
        .collect();
    format!("{capital}{}.\n\n", first.as_str())
}

/// The rules of a JSON document (`"rules": {"piece": "queen", "board": "plane", "group":
/// "square"}`), written for every table, the queens' too, and read back.
#[cfg(feature = "serde")]
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub(crate) struct RulesFields {
    /// The piece ([`Piece::name`]).
    pub piece: String,
    /// The board ([`Surface::name`]).
    pub board: String,
    /// The group of the classes ([`group_id`]).
    pub group: String,
}

#[cfg(feature = "serde")]
impl RulesFields {
    /// The fields of `rules` counted under `group`.
    pub fn of(rules: &Rules, group: Group) -> RulesFields {
        RulesFields {
            piece: rules.piece.name().to_string(),
            board: rules.surface.name().to_string(),
            group: group_id(group).to_string(),
        }
    }

    /// The rules and group they name, or what is wrong with them.
    pub fn read(&self) -> Result<(Rules, Group), String> {
        let group = group_named(&self.group)?;
        Ok((rules_named(&self.piece, &self.board)?.under(group)?, group))
    }
}

/// The OEIS number of a table's column (by its CSV name: `total`, `classes`, `asymmetric`,
/// `half_turn`, `quarter_turn`) for `rules` with classes under `group`, where the sequence is
/// published: the queens' A000170, A002562 and A260318–A260320; the superqueens' A051223,
/// A051224 and A352661–A352663; the torus queens' A051906 and, under the torus group,
/// `A053994 on the odd boards` (indexed by k for board 2k + 1; their classes under the
/// square's symmetries are not published).
pub(crate) fn a_number(column: &str, rules: &Rules, group: Group) -> Option<&'static str> {
    let square = group == Group::Square;
    match (rules.piece, rules.surface, column) {
        (Piece::Queen, Surface::Plane, "total") => Some("A000170"),
        (Piece::Queen, Surface::Plane, "classes") if square => Some("A002562"),
        (Piece::Queen, Surface::Plane, "asymmetric") if square => Some("A260320"),
        (Piece::Queen, Surface::Plane, "half_turn") if square => Some("A260319"),
        (Piece::Queen, Surface::Plane, "quarter_turn") if square => Some("A260318"),
        (Piece::Superqueen, Surface::Plane, "total") => Some("A051223"),
        (Piece::Superqueen, Surface::Plane, "classes") if square => Some("A051224"),
        (Piece::Superqueen, Surface::Plane, "asymmetric") if square => Some("A352663"),
        (Piece::Superqueen, Surface::Plane, "half_turn") if square => Some("A352662"),
        (Piece::Superqueen, Surface::Plane, "quarter_turn") if square => Some("A352661"),
        (Piece::Queen, Surface::Torus, "total") => Some("A051906"),
        (Piece::Queen, Surface::Torus, "classes") if group == Group::Torus => {
            Some("A053994 on the odd boards")
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_caption_names_the_rules_and_the_group() {
        assert_eq!(
            caption(&Rules::TORUS_QUEENS, Rules::TORUS_QUEENS.group()),
            "queens on the torus; classes under the 8 symmetries of the square with the n² shifts of the torus"
        );
    }

    #[test]
    fn every_rule_set_and_group_reads_back_from_its_names() {
        for rules in Rules::ALL {
            assert_eq!(
                rules_named(rules.piece.name(), rules.surface.name()),
                Ok(rules)
            );
        }
        for group in GROUPS {
            assert_eq!(group_named(group_id(group)), Ok(group));
        }
        assert_eq!(
            rules_named("knight", "plane").unwrap_err(),
            "piece \"knight\" on board \"plane\": the pieces are queen, superqueen and the \
             boards plane, torus"
        );
        assert_eq!(
            group_named("cube").unwrap_err(),
            "group \"cube\" is not one of square, torus"
        );
    }

    #[test]
    fn the_queens_headings_keep_their_numbers_and_the_others_get_their_own() {
        let q = |c| a_number(c, &Rules::QUEENS, Group::Square);
        let s = |c| a_number(c, &Rules::SUPERQUEENS, Group::Square);
        let t = |c| a_number(c, &Rules::TORUS_QUEENS, Group::Square);
        assert_eq!(q("total"), Some("A000170"));
        assert_eq!(q("quarter_turn"), Some("A260318"));
        assert_eq!(s("total"), Some("A051223"));
        assert_eq!(s("classes"), Some("A051224"));
        assert_eq!(s("asymmetric"), Some("A352663"));
        assert_eq!(t("total"), Some("A051906"));
        assert_eq!(t("classes"), None);
        assert_eq!(
            a_number("total", &Rules::TORUS_SUPERQUEENS, Group::Square),
            None
        );
        assert_eq!(
            caption(&Rules::SUPERQUEENS, Group::Square),
            "superqueens on the plane; classes under the 8 symmetries of the square"
        );
    }
}
