//! The variant: colours, cards per colour, hand size and the scoring constants, read from
//! `models/lost-cities/*.json`. The two editions (5 and 6 colours) are built in from those
//! files; miniature decks (2–3 colours, a few numbers) exist so that exhaustive searches
//! can check the ILP, and use the same code paths.

use std::path::Path;

use anyhow::{anyhow, bail, Context, Result};
use serde::{Deserialize, Serialize};

use super::cards::Card;
use crate::keys::KeyDoc;
use crate::variants::{self, RulesKind, Setting};

/// One colour (expedition): the letter used in card text and its edition name.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Colour {
    pub letter: String,
    pub name: String,
}

/// Largest `base` (expedition cost) and `bonus` (the game's are 20): scores stay far
/// inside 32-bit integers.
pub const MAX_POINTS: i32 = 1000;

/// A fully resolved variant. Allowed ranges: 1 to 8 `colours`; 0 to 9 `wagers`;
/// `numbers` increasing from 1 to at most 99; `hand_size` ≥ 1 with a draw pile of 3 left;
/// `base` and `bonus` 0 to [`MAX_POINTS`]; `bonus_cards` 1 to 100.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Rules {
    pub name: String,
    pub colours: Vec<Colour>,
    /// Identical wager (investment) cards per colour.
    pub wagers: u8,
    /// The number cards of each colour, one of each.
    pub numbers: Vec<u8>,
    /// Cards dealt to each player; a hand always holds this many between turns.
    pub hand_size: usize,
    /// The expedition cost subtracted from the sum of numbers (20).
    pub base: i32,
    /// An expedition with at least this many cards (wagers count) earns the bonus.
    pub bonus_cards: usize,
    /// The bonus (20), not multiplied by wagers.
    pub bonus: i32,
}

/// Every key of the rules, for `lost-cities keys` and `docs/variants.md`
/// ([`crate::keys`]); the ranges are those [`Rules::parse`] enforces.
pub const KEYS: &[KeyDoc] = &[
    KeyDoc::new("name", "any text", "the variant's name"),
    KeyDoc::new(
        "colours",
        "1 to 6 (in a file: 1 to 8 `{letter, name}` tables)",
        "the edition's first N colours: desert, ocean, mountain, jungle, volcano, purple",
    )
    .typed("integer"),
    KeyDoc::new("wagers", "0 to 9", "identical wager cards per colour"),
    KeyDoc::new(
        "numbers",
        "increasing, 1 to 99",
        "the number cards of each colour, one of each",
    ),
    KeyDoc::new(
        "hand_size",
        "1 or more, two hands and a draw pile of 3 from the deck",
        "cards in a hand between turns",
    ),
    KeyDoc::new(
        "base",
        "0 to 1000",
        "the expedition cost subtracted from its numbers",
    ),
    KeyDoc::new(
        "bonus_cards",
        "1 to 100",
        "cards on an expedition (wagers count) that earn the bonus",
    ),
    KeyDoc::new("bonus", "0 to 1000", "the bonus, not multiplied by wagers"),
];

const CLASSIC_5: &str = include_str!("../../models/lost-cities/classic-5.json");
const CLASSIC_6: &str = include_str!("../../models/lost-cities/classic-6.json");

/// `colours=N`: the first N colours of the 6-colour edition (5 is the classic game).
fn colours_shorthand(
    _doc: &serde_json::Value,
    key: &str,
    value: &str,
) -> Option<Result<serde_json::Value>> {
    if key != "colours" {
        return None;
    }
    let all = Rules::classic(6).map(|r| r.colours);
    Some(all.and_then(|all| match value.parse::<usize>() {
        Ok(n) if (1..=all.len()).contains(&n) => Ok(serde_json::to_value(&all[..n])?),
        _ => Err(anyhow!(
            "key `colours` takes a number of colours, 1 to {} (the edition's {}, in that order)",
            all.len(),
            all.iter()
                .map(|c| c.name.as_str())
                .collect::<Vec<_>>()
                .join(", ")
        )),
    }))
}

impl Rules {
    /// The 5- or 6-colour edition (from the model files compiled into the binary).
    pub fn classic(colours: usize) -> Result<Rules> {
        let (text, file) = match colours {
            5 => (CLASSIC_5, "models/lost-cities/classic-5.json"),
            6 => (CLASSIC_6, "models/lost-cities/classic-6.json"),
            n => bail!("--colours {n}: Lost Cities has 5 colours, or 6 with purple"),
        };
        Rules::parse(text, file)
    }

    /// The edition or variant file, as JSON, with `settings` applied (`--set KEY=VALUE`)
    /// and the result validated; `colours=N` takes the edition's first N colours.
    pub fn resolve(file: Option<&Path>, colours: usize, settings: &[Setting]) -> Result<Rules> {
        let base = match file {
            Some(p) => Rules::load(p)?,
            None => Rules::classic(colours)?,
        };
        base.with_settings(settings)
    }

    /// These rules with `settings` applied; the name records them.
    pub fn with_settings(&self, settings: &[Setting]) -> Result<Rules> {
        if settings.is_empty() {
            return Ok(self.clone());
        }
        let doc = serde_json::to_value(self)?;
        let check = |v: &serde_json::Value| -> Result<()> {
            Rules::parse(&v.to_string(), "rules").map(|_| ())
        };
        let kind = RulesKind {
            game: "lost-cities",
            shorthand: Some(colours_shorthand),
            check: &check,
        };
        let out = variants::apply(&doc, settings, &kind)?;
        let mut r: Rules = serde_json::from_value(out)?;
        if !settings.iter().any(|s| s.key == "name") {
            let list: Vec<String> = settings.iter().map(|s| s.to_string()).collect();
            r.name = format!("{} {}", self.name, list.join(" "));
        }
        Ok(r)
    }

    /// The built-in rules (the 5-colour edition) as JSON: what `--set` overrides.
    pub fn default_value() -> Result<serde_json::Value> {
        Ok(serde_json::to_value(Rules::classic(5)?)?)
    }

    /// Read a variant file.
    pub fn load(path: &Path) -> Result<Rules> {
        let text = std::fs::read_to_string(path)
            .with_context(|| format!("cannot read variant file {}", path.display()))?;
        Rules::parse(&text, &path.display().to_string())
    }

    /// Parse and validate; errors name the file, the key and the reason.
    pub fn parse(text: &str, file: &str) -> Result<Rules> {
        let r: Rules = serde_json::from_str(text)
            .map_err(|e| anyhow!("{file}: not a Lost Cities variant: {e}"))?;
        r.validate().map_err(|e| anyhow!("{file}: {e}"))?;
        Ok(r)
    }

    fn validate(&self) -> Result<()> {
        if self.colours.is_empty() || self.colours.len() > 8 {
            bail!(
                "key `colours`: need 1 to 8 colours, found {}",
                self.colours.len()
            );
        }
        for (i, c) in self.colours.iter().enumerate() {
            if c.letter.len() != 1 || !c.letter.chars().all(|ch| ch.is_ascii_uppercase()) {
                bail!(
                    "key `colours[{i}].letter`: `{}` must be one capital letter",
                    c.letter
                );
            }
            if c.letter == "I" {
                bail!("key `colours[{i}].letter`: `I` would clash with `Inv` wager cards");
            }
            if self.colours[..i].iter().any(|d| d.letter == c.letter) {
                bail!("key `colours[{i}].letter`: `{}` is used twice", c.letter);
            }
        }
        if self.numbers.is_empty() {
            bail!("key `numbers`: at least one number card per colour is needed");
        }
        if self.numbers.windows(2).any(|w| w[0] >= w[1]) || self.numbers[0] < 1 {
            bail!("key `numbers`: must be increasing values of at least 1");
        }
        if *self.numbers.last().unwrap() > 99 {
            bail!("key `numbers`: values above 99 are not supported");
        }
        if self.wagers > 9 {
            bail!("key `wagers`: at most 9 wager cards per colour");
        }
        if self.hand_size == 0 {
            bail!("key `hand_size`: must be at least 1");
        }
        for (key, x) in [("base", self.base), ("bonus", self.bonus)] {
            if !(0..=MAX_POINTS).contains(&x) {
                bail!("key `{key}`: must be 0 to {MAX_POINTS}, not {x}");
            }
        }
        if self.bonus_cards == 0 || self.bonus_cards > 100 {
            bail!(
                "key `bonus_cards`: must be 1 to 100, not {}",
                self.bonus_cards
            );
        }
        let n = self.deck_size();
        if n < 3 || self.hand_size > (n - 3) / 2 {
            bail!(
                "key `hand_size`: {} cards cannot deal two hands of {} and leave a draw pile of \
                 at least 3",
                n,
                self.hand_size
            );
        }
        Ok(())
    }

    pub fn colour_count(&self) -> usize {
        self.colours.len()
    }

    /// Cards of one colour: wagers plus numbers.
    pub fn per_colour(&self) -> usize {
        self.wagers as usize + self.numbers.len()
    }

    pub fn deck_size(&self) -> usize {
        self.colours.len() * self.per_colour()
    }

    /// Every card once (wagers repeated), colour by colour, wagers first.
    pub fn full_deck(&self) -> Vec<Card> {
        let mut v = Vec::with_capacity(self.deck_size());
        for c in 0..self.colours.len() as u8 {
            for _ in 0..self.wagers {
                v.push(Card::wager(c));
            }
            for &k in &self.numbers {
                v.push(Card::number(c, k));
            }
        }
        v
    }

    /// The most cards one player can have on expeditions when the round ends: the two
    /// final hands hold `2 × hand_size` cards, and the card the opponent played or
    /// discarded on its last turn is never picked up (the argument is in `docs/rules/lost-cities.md`).
    pub fn expedition_capacity(&self) -> usize {
        self.deck_size() - 2 * self.hand_size - 1
    }

    /// Score of one expedition given as its cards (any order).
    pub fn expedition_score(&self, cards: &[Card]) -> i32 {
        if cards.is_empty() {
            return 0;
        }
        let wagers = cards.iter().filter(|c| c.is_wager()).count() as i32;
        let sum: i32 = cards.iter().map(|c| c.rank as i32).sum();
        let bonus = if cards.len() >= self.bonus_cards {
            self.bonus
        } else {
            0
        };
        (sum - self.base) * (1 + wagers) + bonus
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn editions_load_and_size() {
        let r5 = Rules::classic(5).unwrap();
        assert_eq!(r5.deck_size(), 60);
        assert_eq!(r5.expedition_capacity(), 43);
        let r6 = Rules::classic(6).unwrap();
        assert_eq!(r6.deck_size(), 72);
        assert_eq!(r6.expedition_capacity(), 55);
        assert!(Rules::classic(4)
            .unwrap_err()
            .to_string()
            .contains("5 colours"));
    }

    #[test]
    fn bad_files_name_key() {
        let bad = CLASSIC_5.replace("\"hand_size\": 8", "\"hand_size\": 30");
        let e = Rules::parse(&bad, "x.json").unwrap_err().to_string();
        assert!(e.contains("x.json") && e.contains("hand_size"), "{e}");
        let bad = CLASSIC_5.replace("\"bonus\": 20", "\"bonus\": 20, \"extra\": 1");
        let e = Rules::parse(&bad, "x.json").unwrap_err().to_string();
        assert!(e.contains("unknown field `extra`"), "{e}");
    }

    #[test]
    fn spec_scores() {
        let r = Rules::classic(5).unwrap();
        let p = |s: &str| super::super::cards::parse_cards(&r, s).unwrap();
        // Empty: 0. A wager alone: (0 - 20) * 2 = -40.
        assert_eq!(r.expedition_score(&[]), 0);
        assert_eq!(r.expedition_score(&p("InvD")), -40);
        // 2..10 with three wagers: (54 - 20) * 4 + 20 = 156.
        assert_eq!(
            r.expedition_score(&p("InvD InvD InvD 2D 3D 4D 5D 6D 7D 8D 9D 10D")),
            156
        );
        // 4 5 7 9: 25 - 20 = 5; with one wager 10; 7 cards: no bonus.
        assert_eq!(r.expedition_score(&p("InvO 4O 5O 7O 9O")), 10);
        // Eight cards, bonus not multiplied: (6+7+8+9+10 - 20) * 4 + 20 = 100.
        assert_eq!(
            r.expedition_score(&p("InvM InvM InvM 6M 7M 8M 9M 10M")),
            100
        );
    }
}
