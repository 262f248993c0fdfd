//! The rules a game is played under, read from `models/cribbage/*.json`: the number of
//! players (which fixes the deal, the discard and how the crib is filled) and the house
//! rules that change what a hand or crib counts. Every verb reads one; the episode records
//! it, so `verify` replays under the same rules.
//!
//! Keys are documented in `docs/cribbage-rules-keys.md`; a file names only the keys it
//! changes, the others keep the standard two-player game's values.

use std::path::Path;

use anyhow::{anyhow, bail, Context, Result};
use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::rules::Variant;
use crate::keys::KeyDoc;

/// The rules of the show and the deal. Defaults are the standard two-player game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct CribbageRules {
    /// A short label for tables and headings.
    pub name: String,
    /// 2, 3 or 4 (four play as two partnerships). Deal 6/5/5, discard 2/1/1; with three
    /// players one card from the deck completes the crib.
    pub players: u8,
    /// A hand's four cards of one suit score 4 (5 with the start). `false`: only the
    /// five-card flush counts in a hand too.
    pub hand_four_card_flush: bool,
    /// A crib's four cards of one suit score 4 (5 with the start), as in a hand. The
    /// standard rule (`false`) counts only the five-card flush in the crib.
    pub crib_four_card_flush: bool,
}

impl Default for CribbageRules {
    fn default() -> Self {
        CribbageRules {
            name: "standard".into(),
            players: 2,
            hand_four_card_flush: true,
            crib_four_card_flush: false,
        }
    }
}

/// Which flushes count when five cards are scored.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Flush {
    /// Four cards of one suit score 4, five score 5 (the hand, standard).
    FourOrFive,
    /// Only five cards of one suit score (5): the crib, standard.
    FiveOnly,
}

/// Every key of a rules file, with what it allows and means (error messages,
/// `cribbage keys` and `docs/variants.md`).
pub const KEYS: &[KeyDoc] = &[
    KeyDoc::new(
        "name",
        "a label: letters, digits, dashes",
        "the label in tables and headings",
    ),
    KeyDoc::new(
        "players",
        "2, 3 or 4",
        "the deal: 6/5/5 cards each, 2/1/1 to the crib; 4 play as two partnerships",
    ),
    KeyDoc::new(
        "hand_four_card_flush",
        "true or false",
        "a hand's four cards of one suit score 4 (`false`: only with the start, 5)",
    ),
    KeyDoc::new(
        "crib_four_card_flush",
        "true or false",
        "the crib's four cards of one suit score 4, as in a hand (a house rule)",
    ),
];

/// The standard two-player rules, as shipped in `models/cribbage/rules.json`.
pub const STANDARD_FILE: &str = "models/cribbage/rules.json";

fn valid_keys() -> String {
    KEYS.iter()
        .map(|d| format!("`{}`", d.key))
        .collect::<Vec<_>>()
        .join(", ")
}

impl CribbageRules {
    /// Read and validate a rules file; errors name the file and the key.
    pub fn load(path: &Path) -> Result<CribbageRules> {
        let text = std::fs::read_to_string(path)
            .with_context(|| format!("cannot read rules file {}", path.display()))?;
        let value: Value = serde_json::from_str(&text)
            .map_err(|e| anyhow!("{}: not JSON: {e}", path.display()))?;
        CribbageRules::from_value(value).map_err(|e| anyhow!("{}: {e:#}", path.display()))
    }

    /// Rules from a JSON object (a file's contents, after any overrides), key by key so a
    /// bad value names its key, then validated.
    pub fn from_value(value: Value) -> Result<CribbageRules> {
        let Value::Object(map) = &value else {
            bail!("expected a JSON object of rules keys ({})", valid_keys());
        };
        for (key, v) in map {
            let Some(allowed) = KEYS.iter().find(|d| d.key == key).map(|d| d.range) else {
                bail!("unknown key `{key}` (valid keys: {})", valid_keys());
            };
            let one = Value::Object([(key.clone(), v.clone())].into_iter().collect());
            if serde_json::from_value::<CribbageRules>(one).is_err() {
                bail!("key `{key}`: {v} is not allowed ({allowed})");
            }
        }
        let rules: CribbageRules = serde_json::from_value(value)?;
        rules.validate()?;
        Ok(rules)
    }

    /// One clear line for the first bad value.
    pub fn validate(&self) -> Result<()> {
        if !(2..=4).contains(&self.players) {
            bail!("key `players`: {} is not allowed (2, 3 or 4)", self.players);
        }
        if self.name.is_empty()
            || !self
                .name
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '-')
        {
            bail!(
                "key `name`: `{}` is not allowed (letters, digits, dashes)",
                self.name
            );
        }
        Ok(())
    }

    /// `--players N` on top of a file: the same check as the file's key.
    /// These rules with `--set KEY=VALUE` overrides applied and checked, key by key.
    pub fn with_settings(&self, settings: &[crate::variants::Setting]) -> Result<CribbageRules> {
        if settings.is_empty() {
            return Ok(self.clone());
        }
        let check = |v: &Value| CribbageRules::from_value(v.clone()).map(|_| ());
        let kind = crate::variants::RulesKind {
            game: "cribbage",
            shorthand: None,
            check: &check,
        };
        let out = crate::variants::apply(&serde_json::to_value(self)?, settings, &kind)?;
        CribbageRules::from_value(out)
    }

    pub fn with_players(mut self, players: Option<u8>) -> Result<CribbageRules> {
        if let Some(n) = players {
            self.players = n;
            self.validate().with_context(|| format!("--players {n}"))?;
            if self.name == "standard" && n != 2 {
                self.name = format!("{n}-players");
            }
        }
        Ok(self)
    }

    /// Cards dealt to each player: 6 with two players, 5 with three or four.
    pub fn deal(&self) -> usize {
        4 + self.discards()
    }

    /// Cards each player lays away to the crib: 2 with two players, else 1.
    pub fn discards(&self) -> usize {
        if self.players == 2 {
            2
        } else {
            1
        }
    }

    /// Cards the dealer takes from the deck to complete the crib: 1 with three players.
    pub fn crib_from_deck(&self) -> usize {
        4 - self.players as usize * self.discards()
    }

    /// Crib cards a player does not know after discarding: the others' discards and the
    /// card from the deck.
    pub fn crib_unknown(&self) -> usize {
        4 - self.discards()
    }

    /// Which flushes count for a hand or for the crib under these rules.
    pub fn flush(&self, variant: Variant) -> Flush {
        let four = match variant {
            Variant::Hand => self.hand_four_card_flush,
            Variant::Crib => self.crib_four_card_flush,
        };
        if four {
            Flush::FourOrFive
        } else {
            Flush::FiveOnly
        }
    }

    /// Who fills the crib, in words (for the discard's explanation).
    pub fn crib_fill(&self) -> String {
        match (self.players, self.crib_from_deck()) {
            (2, _) => "the other player's 2 discards".into(),
            (p, 0) => format!("the other {} players' discards", p - 1),
            (p, d) => format!(
                "the other {} players' discards and {d} card from the deck",
                p - 1
            ),
        }
    }

    /// The rules in a few words: `3 players, crib four-card flush`.
    pub fn describe(&self) -> String {
        let mut parts = vec![format!("{} players", self.players)];
        if !self.hand_four_card_flush {
            parts.push("hand flush needs five".into());
        }
        if self.crib_four_card_flush {
            parts.push("crib four-card flush".into());
        }
        parts.join(", ")
    }

    /// The rules an episode was made under: its `variant.rules` object, or the standard
    /// rules for episodes written before rules files existed (they recorded only `hand` or
    /// `crib` there, or nothing).
    pub fn of_episode(variant: &Value) -> Result<CribbageRules> {
        match variant.get("rules") {
            Some(v @ Value::Object(_)) => {
                CribbageRules::from_value(v.clone()).context("the episode's rules")
            }
            _ => Ok(CribbageRules::default()),
        }
    }
}

/// `--rules FILE` and `--players N`: the rules file (standard two-player rules when none
/// is given), then the player count on top.
pub fn resolve(file: Option<&Path>, players: Option<u8>) -> Result<CribbageRules> {
    let rules = match file {
        Some(p) => CribbageRules::load(p)?,
        None => CribbageRules::default(),
    };
    rules.with_players(players)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn derived_quantities() {
        let r = |p| CribbageRules {
            players: p,
            ..CribbageRules::default()
        };
        let got: Vec<_> = [2, 3, 4]
            .map(|p| {
                let x = r(p);
                (x.deal(), x.discards(), x.crib_from_deck(), x.crib_unknown())
            })
            .to_vec();
        assert_eq!(got, [(6, 2, 0, 2), (5, 1, 1, 3), (5, 1, 0, 3)]);
    }

    #[test]
    fn bad_keys_and_values_name_the_key() {
        for (v, want) in [
            (json!({"players": 5}), "key `players`: 5"),
            (json!({"players": "3"}), "key `players`: \"3\""),
            (
                json!({"crib_four_card_flush": 1}),
                "key `crib_four_card_flush`",
            ),
            (json!({"plyers": 3}), "unknown key `plyers`"),
            (json!([]), "JSON object"),
        ] {
            let e = format!("{:#}", CribbageRules::from_value(v).unwrap_err());
            assert!(e.contains(want), "{e}");
        }
        let ok = CribbageRules::from_value(json!({"players": 3})).unwrap();
        assert_eq!(ok.players, 3);
        assert!(!ok.crib_four_card_flush);
    }

    #[test]
    fn shipped_standard_file_is_the_default() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        let r = CribbageRules::load(&root.join(STANDARD_FILE)).unwrap();
        assert_eq!(r, CribbageRules::default());
    }
}
