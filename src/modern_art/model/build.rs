//! How a model is built: the switches the solver and the command line choose (the
//! hand-budget rows, the cut families, diagnostic fixings, HiGHS options for one kind of
//! search solve), handed to [`super::build()`] as one explicit argument.

use std::collections::BTreeMap;

use anyhow::{bail, Result};

use super::cuts::CutFamily;
use super::vars::HandRows;

/// The keys of `--fix KEY=VALUE` that restrict the game (see
/// [`super::scope::diagnostic_fixings`] for each one's values), and `relax` (every
/// integer continuous: the LP relaxation). A solve under any of them is about fewer games
/// than the rules allow, or about no game at all: `solve` says so in its episode, and the
/// commands that tabulate maxima refuse to run.
pub const RESTRICTING_FIXES: [&str; 14] = [
    "patterns",
    "closemask",
    "firsts",
    "seconds",
    "unranked",
    "awards",
    "awardmax",
    "tokens",
    "leads",
    "placed",
    "ranked",
    "noskip",
    "someskip",
    "relax",
];

/// `--fix debug=1`: the solution's main quantities on stderr after each solve (nothing
/// restricted).
pub const DEBUG_FIX: &str = "debug";

/// The developer's diagnostic fixings (`--fix KEY=VALUE`, repeatable): what a piece of
/// knowledge does to the relaxation or to a solve. Empty in a normal run.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Fixes(BTreeMap<String, String>);

impl Fixes {
    /// `KEY=VALUE` items as the command line gives them; an unknown key or an item without
    /// `=` is an error naming it. A key given twice keeps the last value.
    pub fn parse(items: &[String]) -> Result<Fixes> {
        let mut map = BTreeMap::new();
        for item in items {
            let Some((key, value)) = item.split_once('=') else {
                bail!("--fix {item}: not KEY=VALUE (e.g. --fix noskip=1110)");
            };
            let key = key.trim().to_lowercase();
            if !RESTRICTING_FIXES.contains(&key.as_str()) && key != DEBUG_FIX {
                bail!(
                    "--fix {item}: unknown key `{key}` (known: {}, {DEBUG_FIX})",
                    RESTRICTING_FIXES.join(", ")
                );
            }
            map.insert(key, value.trim().to_string());
        }
        Ok(Fixes(map))
    }

    /// The value of `key`, when set.
    pub fn get(&self, key: &str) -> Option<&str> {
        self.0.get(key).map(String::as_str)
    }

    /// The restricting fixings set, as `--fix key=value` (none in a normal run).
    pub fn restricting(&self) -> Vec<String> {
        self.0
            .iter()
            .filter(|(k, _)| RESTRICTING_FIXES.contains(&k.as_str()))
            .map(|(k, v)| format!("--fix {k}={v}"))
            .collect()
    }

    /// `--fix relax=1`: every model built as its LP relaxation.
    pub fn relax(&self) -> bool {
        self.get("relax").is_some_and(|v| v != "0")
    }

    /// `--fix debug=1`: the solution's quantities on stderr.
    pub fn debug(&self) -> bool {
        self.get(DEBUG_FIX).is_some_and(|v| v != "0")
    }
}

/// What [`super::build()`] builds besides the rules and the scope.
#[derive(Debug, Clone, PartialEq)]
pub struct Build {
    /// The LP relaxation (every integer continuous, every hand-budget row): the LP bounds.
    pub relax: bool,
    /// The hand-budget rows of an integer model.
    pub hand: HandRows,
    /// The cut families added (all of them by default).
    pub cuts: Vec<CutFamily>,
    /// The diagnostic fixings (`--fix`).
    pub fixes: Fixes,
    /// Extra HiGHS options for the search's first solves only.
    pub highs_first: Vec<(String, String)>,
    /// Extra HiGHS options for the search's neighbourhoods only.
    pub highs_near: Vec<(String, String)>,
    /// Extra HiGHS options for the search's proof attempts only (a scope beating a game).
    pub highs_proof: Vec<(String, String)>,
}

impl Default for Build {
    fn default() -> Self {
        Build {
            relax: false,
            hand: HandRows::None,
            cuts: CutFamily::ALL.to_vec(),
            fixes: Fixes::default(),
            highs_first: Vec::new(),
            highs_near: Vec::new(),
            highs_proof: Vec::new(),
        }
    }
}

impl Build {
    /// The same build with the hand-budget rows `hand`.
    pub fn with_hand(&self, hand: HandRows) -> Build {
        Build {
            hand,
            ..self.clone()
        }
    }

    /// Whether the model is the LP relaxation (asked for, or `--fix relax=1`).
    pub fn relaxed(&self) -> bool {
        self.relax || self.fixes.relax()
    }

    /// Whether cut family `f` is added.
    pub fn cut(&self, f: CutFamily) -> bool {
        self.cuts.contains(&f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Unknown keys and items without `=` are refused with the item named; the
    /// restricting ones are listed as the command line spells them.
    #[test]
    fn fixes_parse_known_keys_only() {
        let f = Fixes::parse(&["noskip=1110".into(), "debug=1".into()]).unwrap();
        assert_eq!(f.get("noskip"), Some("1110"));
        assert!(f.debug() && !f.relax());
        assert_eq!(f.restricting(), vec!["--fix noskip=1110".to_string()]);
        let e = Fixes::parse(&["bogus=1".into()]).unwrap_err().to_string();
        assert!(e.contains("--fix bogus=1: unknown key `bogus`"), "{e}");
        let e = Fixes::parse(&["noskip".into()]).unwrap_err().to_string();
        assert!(e.contains("not KEY=VALUE"), "{e}");
    }
}
