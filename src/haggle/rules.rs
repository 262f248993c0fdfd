//! The 15 rules and the variant keys, read from `models/haggle/rules.json` (embedded in
//! the binary, so it works from any directory) and optional variant files.
//!
//! A [`Variant`] is the fully resolved configuration: which rules are in play, how yellow
//! ties are broken, what rule 9 does and whether hands it hits still count in the rules
//! that compare hands (6, 8, 12). Hands are five colour counts in the order Y/B/R/O/W.

use std::fmt;
use std::path::Path;

use anyhow::{anyhow, bail, Context, Result};
use serde::{Deserialize, Serialize};

use super::params::{
    self, Rule1, Rule10, Rule11, Rule12, Rule13, Rule14, Rule15, Rule4, Rule6, Rule7, Rule8, Rule9,
};
use crate::keys::KeyDoc;
use crate::variants::{self, RulesKind, Setting};

/// The rules file, compiled in.
pub const RULES_JSON: &str = include_str!("../../models/haggle/rules.json");

/// Colour names in hand order.
pub const COLOURS: [&str; 5] = ["yellow", "blue", "red", "orange", "white"];
pub const Y: usize = 0;
pub const B: usize = 1;
pub const R: usize = 2;
pub const O: usize = 3;
pub const W: usize = 4;

/// One rule slip.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Rule {
    pub number: u8,
    /// `self` (depends on the hand only), `others` (compares hands), `disqualify`.
    pub kind: String,
    pub text: String,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
struct RulesFile {
    rules: Vec<Rule>,
    /// Every key of a [`Variant`] but `name`; a variant file overrides any of them.
    defaults: serde_json::Value,
}

/// Rule 8 when the most yellows is tied.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum YellowTie {
    /// Step down to the first count held by exactly one hand.
    Cascade,
    /// Step down once: the next-highest count, if held by exactly one hand.
    OneStep,
}

/// Rule 9: what `rule9.count` (7) or more cards of one colour do.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SevenRule {
    /// The hand scores 0.
    Eliminate,
    /// The hand loses `rule9.penalty` (10) points per colour held `rule9.count` (7) or
    /// more times (the name keeps the spec's numbers, so older files still read).
    Minus10PerColour,
}

/// A set of rule numbers 1..=15 as a bit mask.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct RuleSet(pub u16);

impl RuleSet {
    pub const ALL: RuleSet = RuleSet(0xFFFE);
    pub fn empty() -> RuleSet {
        RuleSet(0)
    }
    pub fn has(self, r: u8) -> bool {
        self.0 & (1 << r) != 0
    }
    pub fn with(self, r: u8) -> RuleSet {
        RuleSet(self.0 | (1 << r))
    }
    pub fn without(self, r: u8) -> RuleSet {
        RuleSet(self.0 & !(1 << r))
    }
    pub fn union(self, o: RuleSet) -> RuleSet {
        RuleSet(self.0 | o.0)
    }
    pub fn minus(self, o: RuleSet) -> RuleSet {
        RuleSet(self.0 & !o.0)
    }
    pub fn list(self) -> Vec<u8> {
        (1..=15).filter(|&r| self.has(r)).collect()
    }
    pub fn len(self) -> usize {
        self.list().len()
    }
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }
    pub fn from_list(rs: &[u8]) -> RuleSet {
        rs.iter().fold(RuleSet(0), |s, &r| s.with(r))
    }
    /// The rules that compare hands: a player who ignores other hands drops them.
    pub fn comparing() -> RuleSet {
        RuleSet::from_list(&[6, 7, 8, 12])
    }

    /// Parse `1-15`, `1,5,11,15`, `1-3,5` (empty string = no rules).
    pub fn parse(s: &str) -> Result<RuleSet> {
        let mut set = RuleSet(0);
        for part in s.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            let (lo, hi) = match part.split_once('-') {
                Some((a, b)) => (num(a, s)?, num(b, s)?),
                None => (num(part, s)?, num(part, s)?),
            };
            if lo > hi {
                bail!("rule range `{part}` in `{s}` runs backwards (write e.g. 1-8)");
            }
            for r in lo..=hi {
                set = set.with(r);
            }
        }
        Ok(set)
    }
}

fn num(t: &str, whole: &str) -> Result<u8> {
    let n: u8 = t
        .trim()
        .parse()
        .map_err(|_| anyhow!("`{t}` in rule list `{whole}` is not a rule number 1-15"))?;
    if !(1..=15).contains(&n) {
        bail!("rule {n} in `{whole}` does not exist: Haggle has rules 1-15");
    }
    Ok(n)
}

impl fmt::Display for RuleSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Compact ranges: 1-3,5,11-15.
        let l = self.list();
        let mut out: Vec<String> = Vec::new();
        let mut i = 0;
        while i < l.len() {
            let mut j = i;
            while j + 1 < l.len() && l[j + 1] == l[j] + 1 {
                j += 1;
            }
            out.push(if j > i {
                format!("{}-{}", l[i], l[j])
            } else {
                l[i].to_string()
            });
            i = j + 1;
        }
        if out.is_empty() {
            f.write_str("none")
        } else {
            f.write_str(&out.join(","))
        }
    }
}

impl Serialize for RuleSet {
    fn serialize<S: serde::Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
        s.serialize_str(&self.to_string())
    }
}

impl<'de> Deserialize<'de> for RuleSet {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> std::result::Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        if s == "none" {
            return Ok(RuleSet(0));
        }
        RuleSet::parse(&s).map_err(serde::de::Error::custom)
    }
}

/// Every key of a variant, for `haggle keys` and `docs/variants.md` ([`crate::keys`]); the
/// numbers' ranges are those [`super::params::check`] enforces, as the rules page shows.
pub const KEYS: &[KeyDoc] = &[
    KeyDoc::new("name", "any text", "the variant's name; a --set appends the settings to it"),
    KeyDoc::new(
        "rules",
        "rule numbers 1 to 15 and ranges, e.g. `1-8,10-15`",
        "the rules in play",
    ),
    KeyDoc::new(
        "yellow_tie",
        "`cascade` or `one_step`",
        "rule 8 when the most yellows is tied: down the counts, or one step only",
    ),
    KeyDoc::new(
        "seven_rule",
        "`eliminate` or `minus10_per_colour`",
        "rule 9: the hand scores 0, or loses `rule9.penalty` per colour held `rule9.count` or more times",
    ),
    KeyDoc::new(
        "eliminated_compete",
        "true or false",
        "hands rule 9 hits still count in rules 6, 8 and 12",
    ),
    KeyDoc::new(
        "rule1.orange",
        "4 to 40, a multiple of 4",
        "the orange value; rules 1-3 then fix Y = O/4, B = O/2, R = O - Y, W = R + B",
    ),
    KeyDoc::new("rule4.whites", "0 to 20", "a hand with more whites than this scores none of them"),
    KeyDoc::new("rule6.blues", "1 to 20", "blues that make a hand cost every other hand"),
    KeyDoc::new(
        "rule6.penalty",
        "0 to 100",
        "what each such hand costs (and what rule 7 gives back)",
    ),
    KeyDoc::new("rule7.reds", "1 to 20", "reds per cancelled rule-6 penalty"),
    KeyDoc::new("rule8.power", "1 to 3", "the yellow bonus is Y to this power"),
    KeyDoc::new(
        "rule9.count",
        "5 to 20",
        "cards of one colour that trigger rule 9 (above a pyramid's 4)",
    ),
    KeyDoc::new(
        "rule9.penalty",
        "0 to 100",
        "points off per such colour under `seven_rule` = `minus10_per_colour`",
    ),
    KeyDoc::new("rule10.bonus", "0 to 100", "points per set of five colours"),
    KeyDoc::new("rule11.factor", "1 to 4", "a pyramid's whole score is multiplied by this"),
    KeyDoc::new(
        "rule12.factor",
        "1 to 4",
        "the most-reds hand's red value is multiplied by this",
    ),
    KeyDoc::new("rule13.yellows", "1 to 20", "yellows per multiplied white"),
    KeyDoc::new("rule13.factor", "1 to 4", "each such white's value is multiplied by this"),
    KeyDoc::new("rule14.blues", "1 to 20", "blues per multiplied scoring orange"),
    KeyDoc::new("rule14.factor", "1 to 8", "each such orange's value is multiplied by this"),
    KeyDoc::new(
        "rule15.cards",
        "5 to 20",
        "cards a hand may hold when scored (and a goal at most)",
    ),
];

/// The resolved variant: what an episode records and every scorer reads.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Variant {
    pub name: String,
    pub rules: RuleSet,
    pub yellow_tie: YellowTie,
    pub seven_rule: SevenRule,
    pub eliminated_compete: bool,
    #[serde(default = "params::standard")]
    pub rule1: Rule1,
    #[serde(default = "params::standard")]
    pub rule4: Rule4,
    #[serde(default = "params::standard")]
    pub rule6: Rule6,
    #[serde(default = "params::standard")]
    pub rule7: Rule7,
    #[serde(default = "params::standard")]
    pub rule8: Rule8,
    #[serde(default = "params::standard")]
    pub rule9: Rule9,
    #[serde(default = "params::standard")]
    pub rule10: Rule10,
    #[serde(default = "params::standard")]
    pub rule11: Rule11,
    #[serde(default = "params::standard")]
    pub rule12: Rule12,
    #[serde(default = "params::standard")]
    pub rule13: Rule13,
    #[serde(default = "params::standard")]
    pub rule14: Rule14,
    #[serde(default = "params::standard")]
    pub rule15: Rule15,
}

/// The 15 rule slips of `rules.json`, validated.
pub fn rules() -> Result<Vec<Rule>> {
    Ok(rules_file()?.rules)
}

fn rules_file() -> Result<RulesFile> {
    let f: RulesFile =
        serde_json::from_str(RULES_JSON).map_err(|e| anyhow!("models/haggle/rules.json: {e}"))?;
    if f.rules.len() != 15 {
        bail!(
            "models/haggle/rules.json: key `rules` has {} entries; Haggle has 15",
            f.rules.len()
        );
    }
    for (i, r) in f.rules.iter().enumerate() {
        if r.number as usize != i + 1 {
            bail!(
                "models/haggle/rules.json: rule at position {} has number {} (expected {})",
                i + 1,
                r.number,
                i + 1
            );
        }
        if !["self", "others", "disqualify"].contains(&r.kind.as_str()) {
            bail!(
                "models/haggle/rules.json: rule {}: kind `{}` is not self, others or disqualify",
                r.number,
                r.kind
            );
        }
    }
    Ok(f)
}

impl Variant {
    /// The defaults of `rules.json`.
    pub fn standard() -> Result<Variant> {
        resolve(serde_json::json!({}), "models/haggle/rules.json")
    }

    /// Defaults overridden by a variant file (any key of the defaults, nested keys one
    /// by one: `{"rule9": {"penalty": 5}}` keeps `rule9.count`).
    pub fn load(path: &Path) -> Result<Variant> {
        let text = std::fs::read_to_string(path)
            .with_context(|| format!("cannot read variant file {}", path.display()))?;
        let v: serde_json::Value = serde_json::from_str(&text)
            .map_err(|e| anyhow!("{}: not JSON: {e}", path.display()))?;
        resolve(v, &path.display().to_string())
    }

    /// The standard variant or the file's.
    pub fn from_option(path: Option<&Path>) -> Result<Variant> {
        match path {
            Some(p) => Variant::load(p),
            None => Variant::standard(),
        }
    }

    /// This variant with `settings` (`--set KEY=VALUE`) applied; the name records them.
    pub fn with_settings(&self, settings: &[Setting]) -> Result<Variant> {
        if settings.is_empty() {
            return Ok(self.clone());
        }
        let check = |v: &serde_json::Value| -> Result<()> {
            params::check(&serde_json::from_value::<Variant>(v.clone())?)
        };
        let kind = RulesKind {
            game: "haggle",
            shorthand: None,
            check: &check,
        };
        let out = variants::apply(&serde_json::to_value(self)?, settings, &kind)?;
        let mut v: Variant = serde_json::from_value(out)?;
        if !settings.iter().any(|s| s.key == "name") {
            let list: Vec<String> = settings.iter().map(|s| s.to_string()).collect();
            v.name = format!("{} ({})", self.name, list.join(", "));
        }
        Ok(v)
    }

    /// The settings of the spec's worked examples (minus 10 per colour, compete).
    pub fn spec_tests() -> Variant {
        Variant {
            name: "spec tests".into(),
            rules: RuleSet::ALL,
            seven_rule: SevenRule::Minus10PerColour,
            eliminated_compete: true,
            ..Variant::standard().expect("the embedded rules file reads")
        }
    }

    /// The card values the rules `known` fix under this variant's orange value.
    pub fn values(&self, known: RuleSet) -> [i64; 5] {
        params::values(known, self.rule1.orange)
    }

    /// Hands of more cards are refused (rule 15 in play) or never formed by a solver.
    pub fn max_cards(&self) -> u32 {
        self.rule15.cards as u32
    }

    /// Whether `count` cards of one colour trigger rule 9.
    pub fn is_seven(&self, count: u8) -> bool {
        count as i64 >= self.rule9.count
    }
}

/// The defaults of `rules.json` with the keys of `over` (a variant file) laid on top,
/// read and range-checked.
fn resolve(over: serde_json::Value, source: &str) -> Result<Variant> {
    let serde_json::Value::Object(over) = over else {
        bail!("{source}: a variant file is a JSON object of rules keys");
    };
    let mut doc = rules_file()?.defaults;
    doc["name"] = "standard".into();
    for (k, v) in over {
        match (doc.get_mut(&k), v) {
            (Some(serde_json::Value::Object(inner)), serde_json::Value::Object(o)) => {
                inner.extend(o);
            }
            (_, v) => doc[k.as_str()] = v,
        }
    }
    let v: Variant = serde_json::from_value(doc).map_err(|e| {
        anyhow!(
            "{source}: {e} (keys: name, rules, yellow_tie = cascade|one_step, seven_rule = \
             eliminate|minus10_per_colour, eliminated_compete = true|false, and each rule's \
             numbers, e.g. rule9.penalty; see docs/rules/haggle.md)"
        )
    })?;
    params::check(&v).with_context(|| source.to_string())?;
    Ok(v)
}

/// A hand: counts of Y, B, R, O, W.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
pub struct Hand(pub [u8; 5]);

impl Hand {
    pub fn total(&self) -> u32 {
        self.0.iter().map(|&c| c as u32).sum()
    }
    pub fn get(&self, i: usize) -> i64 {
        self.0[i] as i64
    }

    /// Parse `Y/B/R/O/W`, e.g. `0/3/4/2/1`.
    pub fn parse(s: &str) -> Result<Hand> {
        let parts: Vec<&str> = s.trim().split('/').collect();
        if parts.len() != 5 {
            bail!("hand `{s}` must be five counts Y/B/R/O/W, e.g. 0/3/4/2/1");
        }
        let mut h = [0u8; 5];
        for (i, p) in parts.iter().enumerate() {
            h[i] = p.trim().parse().map_err(|_| {
                anyhow!(
                    "hand `{s}`: `{p}` is not a count of {} cards (0-99)",
                    COLOURS[i]
                )
            })?;
            if h[i] > 99 {
                bail!("hand `{s}`: {} {} cards is too many", h[i], COLOURS[i]);
            }
        }
        Ok(Hand(h))
    }

    /// Component-wise minimum, positive difference and sum (multisets of cards).
    pub fn meet(&self, o: &Hand) -> Hand {
        Hand(std::array::from_fn(|i| self.0[i].min(o.0[i])))
    }
    pub fn minus(&self, o: &Hand) -> Hand {
        Hand(std::array::from_fn(|i| self.0[i].saturating_sub(o.0[i])))
    }
    pub fn plus(&self, o: &Hand) -> Hand {
        Hand(std::array::from_fn(|i| self.0[i] + o.0[i]))
    }
    /// True when every count is at most `o`'s.
    pub fn within(&self, o: &Hand) -> bool {
        (0..5).all(|i| self.0[i] <= o.0[i])
    }
    /// Cards that must change hands to turn `self` into `o` (given plus received).
    pub fn distance(&self, o: &Hand) -> u32 {
        (0..5)
            .map(|i| (self.0[i] as i32 - o.0[i] as i32).unsigned_abs())
            .sum()
    }
}

impl fmt::Display for Hand {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let h = self.0;
        write!(f, "{}/{}/{}/{}/{}", h[0], h[1], h[2], h[3], h[4])
    }
}

impl Serialize for Hand {
    fn serialize<S: serde::Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
        s.serialize_str(&self.to_string())
    }
}

impl<'de> Deserialize<'de> for Hand {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> std::result::Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        Hand::parse(&s).map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rules_file_is_valid_and_defaults_resolve() {
        assert_eq!(rules().unwrap().len(), 15);
        let v = Variant::standard().unwrap();
        assert_eq!(v.rules, RuleSet::ALL);
        assert_eq!(v.seven_rule, SevenRule::Eliminate);
        assert!(!v.eliminated_compete);
    }

    #[test]
    fn rule_sets_parse_and_print() {
        let s = RuleSet::parse("1-3,5,11-15").unwrap();
        assert_eq!(s.list(), vec![1, 2, 3, 5, 11, 12, 13, 14, 15]);
        assert_eq!(s.to_string(), "1-3,5,11-15");
        assert!(RuleSet::parse("0").is_err());
        assert!(RuleSet::parse("16").is_err());
        assert!(RuleSet::parse("5-2").is_err());
        assert_eq!(RuleSet::parse("1-15").unwrap(), RuleSet::ALL);
    }

    #[test]
    fn hands_parse() {
        assert_eq!(Hand::parse("0/3/4/2/1").unwrap(), Hand([0, 3, 4, 2, 1]));
        assert!(Hand::parse("1/2/3").is_err());
        assert!(Hand::parse("1/2/x/4/5").is_err());
    }
}
