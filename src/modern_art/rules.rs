//! Rule variants and decks: the data every Modern Art component (referee, model, search)
//! reads. Both are JSON files in `models/modern-art/`, so a user can read a disputed rule
//! the other way, or supply the true symbol counts of a physical deck, without
//! recompiling. The *resolved* [`Config`] (variant + deck + player count) is what an
//! episode stores, so an episode alone reproduces its run.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use anyhow::{anyhow, bail, Context, Result};
use serde::{Deserialize, Serialize};

use crate::variants::{self, RulesKind, Setting};

/// The symbols a card can carry (at most one per card). `Plain` is a card without one.
#[derive(
    Debug, Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
#[serde(rename_all = "lowercase")]
pub enum Symbol {
    #[default]
    Plain,
    /// The player takes the top card of the deck into hand.
    Draw,
    /// The player may display a second card of the same artist face up.
    Double,
    /// The player may display a second card face down (counts only at round end).
    Hidden,
    /// Every player, the active one included, may display one card face up.
    Simultaneous,
    /// The player places an award token (worth `award_value`) on an artist.
    Award,
}

impl Symbol {
    /// The five symbols a deck file may name, in a fixed order.
    pub const ALL: [Symbol; 5] = [
        Symbol::Draw,
        Symbol::Double,
        Symbol::Hidden,
        Symbol::Simultaneous,
        Symbol::Award,
    ];

    pub fn is_plain(&self) -> bool {
        *self == Symbol::Plain
    }

    pub fn name(&self) -> &'static str {
        match self {
            Symbol::Plain => "plain",
            Symbol::Draw => "draw",
            Symbol::Double => "double",
            Symbol::Hidden => "hidden",
            Symbol::Simultaneous => "simultaneous",
            Symbol::Award => "award",
        }
    }
}

/// When the extra card (face up, nobody's, counts for its artist) is turned up.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ExtraCard {
    #[default]
    EveryRound,
    FirstRound,
    None,
}

/// Where an award token may go.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AwardTarget {
    /// Any artist.
    #[default]
    Any,
    /// Only the artist of the card that carries the award symbol.
    Own,
}

/// The disputed "additional cards during scoring".
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EndPlay {
    #[default]
    None,
    /// After the close, each player may add from hand one face-up card of each artist
    /// they already display this round.
    Blessed,
}

/// Most rounds a variant may have (`rounds`; the game has 4).
pub const MAX_ROUNDS: usize = 8;
/// Most cards of one artist in a deck (`cards.*`), dealt in one round (`deal.*`), or
/// needed to close a round (`threshold.*`); the game's largest is 21.
pub const MAX_CARDS: usize = 60;
/// Most artists in a deck (`artists`; the game has 5).
pub const MAX_ARTISTS: usize = 10;
/// Largest value point (`value_points`) and award value (`award_value`).
pub const MAX_POINTS: i64 = 100;
/// Most award tokens (`awards`; the game has 5).
pub const MAX_AWARDS: usize = 20;
/// Highest value an artist may reach (rounds × top value point + awards × award value;
/// the game's is 22): the model has a variable per level.
pub const MAX_VALUE: i64 = 400;

/// A rule variant, as written in `models/modern-art/*.json`. Every rule the spec names as
/// disputed is a key ([`READINGS`]); so are the deal table, the thresholds and the point
/// scales. A reading the file leaves out is read at its default (the standard rules'), so
/// a new reading needs no edit of the files already written; [`Variant::defaulted`] names
/// the readings a file left out.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Variant {
    /// Short name (`standard`, `anchor`, …).
    pub name: String,
    #[serde(default)]
    pub description: String,
    /// The deck file, relative to the variant file's folder.
    pub deck: String,
    /// Number of rounds (4 in the game).
    pub rounds: usize,
    /// Cards dealt to each player before each round, by player count ("2".."5").
    pub deal: BTreeMap<String, Vec<usize>>,
    /// Face-up count of one artist that closes a round, by player count ("2".."5").
    pub threshold: BTreeMap<String, usize>,
    /// Value points given to the first, second, third … ranked artist each round.
    pub value_points: Vec<i64>,
    /// Number of award tokens in the game.
    pub awards: usize,
    /// Value of one award token.
    pub award_value: i64,
    #[serde(default)]
    pub extra_card: ExtraCard,
    /// Resolve `draw` (the card arrives next round) and `award` of the closing card.
    #[serde(default)]
    pub resolve_closing_symbol: bool,
    #[serde(default)]
    pub award_target: AwardTarget,
    /// The `hidden` second card must be of the same artist.
    #[serde(default)]
    pub hidden_same_artist: bool,
    /// Hidden cards count toward the threshold while face down.
    #[serde(default)]
    pub hidden_counts_for_close: bool,
    /// Symbols on cards played through `double`, `hidden` or `simultaneous` are resolved
    /// (the referee resolves their `draw` and `award`; see `engine`).
    #[serde(default)]
    pub chain_symbols: bool,
    #[serde(default)]
    pub end_play: EndPlay,
    /// An artist that is not ranked this round still pays its award tokens
    /// (`award_value` each; its value points are paid only when ranked).
    #[serde(default)]
    pub award_pays_unranked: bool,
    /// The readings ([`READINGS`]) the variant file left out, read at their defaults: set
    /// when the file is read, kept in the episode so its rules line can say so. Absent
    /// (empty) when the file names every reading, as every committed one does.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub defaulted: Vec<String>,
}

/// The disputed readings: the keys of a variant file that may be left out (then read at
/// their defaults, the standard rules').
pub const READINGS: [&str; 8] = [
    "extra_card",
    "resolve_closing_symbol",
    "award_target",
    "hidden_same_artist",
    "hidden_counts_for_close",
    "chain_symbols",
    "end_play",
    "award_pays_unranked",
];

/// A deck: artists in tie-break order (index 0 wins ties), cards per artist, and how
/// many cards of each artist carry each symbol. The rest of an artist's cards are plain.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Deck {
    pub name: String,
    #[serde(default)]
    pub description: String,
    /// Artist names in tie-break order.
    pub artists: Vec<String>,
    /// Cards per artist, by artist name.
    pub cards: BTreeMap<String, usize>,
    /// `symbols[artist][symbol]`: cards of that artist carrying that symbol.
    #[serde(default)]
    pub symbols: BTreeMap<String, BTreeMap<String, usize>>,
}

/// The fully resolved configuration a game is played (and solved, and verified) under.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Config {
    pub players: usize,
    pub variant: Variant,
    pub deck: Deck,
}

/// Player counts the game supports.
pub const PLAYERS: std::ops::RangeInclusive<usize> = 2..=5;

/// The default variant file, relative to the repository root. Where that path does not
/// exist (a command run outside the checkout, e.g. an installed binary), the copy built
/// into the binary stands in for it ([`Config::built_in`]).
pub const DEFAULT_VARIANT: &str = "models/modern-art/standard.json";

/// [`DEFAULT_VARIANT`] and the deck it names, as they were when the binary was built.
const BUILT_IN_VARIANT: &str = include_str!("../../models/modern-art/standard.json");
const BUILT_IN_DECK: &str = include_str!("../../models/modern-art/decks/default.json");

/// The player count a command uses when none is given: the variant's only one when its
/// `deal` table has a single row, else 2.
pub fn default_players(variant_path: &Path) -> Result<usize> {
    let variant = read_variant(variant_path)?;
    let counts: Vec<usize> = variant.deal.keys().filter_map(|k| k.parse().ok()).collect();
    Ok(match counts.as_slice() {
        [only] => *only,
        _ => 2,
    })
}

impl Config {
    /// Read a variant file (and the deck it names, unless `deck` overrides it) for
    /// `players` players, and validate everything.
    pub fn load(variant_path: &Path, deck_path: Option<&Path>, players: usize) -> Result<Config> {
        Config::load_with(variant_path, deck_path, players, &[])
    }

    /// [`Config::load`] with `settings` (`--set KEY=VALUE`) applied to the variant file.
    pub fn load_with(
        variant_path: &Path,
        deck_path: Option<&Path>,
        players: usize,
        settings: &[Setting],
    ) -> Result<Config> {
        let file = read_variant(variant_path)?;
        let deck_of = |v: &Variant| -> PathBuf {
            match deck_path {
                Some(p) => p.to_path_buf(),
                None => variant_path
                    .parent()
                    .unwrap_or(Path::new("."))
                    .join(&v.deck),
            }
        };
        let base_deck: Deck = read_json(&deck_of(&file), "deck")?;
        let variant = file.with_settings(settings, &base_deck, players)?;
        let deck_file: PathBuf = match deck_path {
            Some(p) => p.to_path_buf(),
            None => variant_path
                .parent()
                .unwrap_or(Path::new("."))
                .join(&variant.deck),
        };
        let deck: Deck = read_json(&deck_file, "deck")?;
        Config::checked(
            variant,
            &variant_path.display().to_string(),
            deck,
            &deck_file.display().to_string(),
            players,
        )
    }

    /// The standard variant ([`DEFAULT_VARIANT`]) as built into the binary, with its own
    /// deck unless `deck` names a deck file: what a command uses when no `--variant` is
    /// given and the file is not there to read.
    pub fn built_in(deck_path: Option<&Path>, players: usize) -> Result<Config> {
        Config::built_in_with(deck_path, players, &[])
    }

    /// [`Config::built_in`] with `settings` (`--set KEY=VALUE`) applied to the variant.
    pub fn built_in_with(
        deck_path: Option<&Path>,
        players: usize,
        settings: &[Setting],
    ) -> Result<Config> {
        // How errors name the built-in copy.
        let name = format!("{DEFAULT_VARIANT} (built in)");
        let variant = Variant::from_file(BUILT_IN_VARIANT)
            .map_err(|e| anyhow!("variant file {name}: {e}"))?;
        let (deck, deck_name): (Deck, String) = match deck_path {
            Some(p) => (read_json(p, "deck")?, p.display().to_string()),
            None => (
                serde_json::from_str(BUILT_IN_DECK)
                    .map_err(|e| anyhow!("deck file {} (built in): {e}", variant.deck))?,
                format!("{} (built in)", variant.deck),
            ),
        };
        let variant = variant.with_settings(settings, &deck, players)?;
        Config::checked(variant, &name, deck, &deck_name, players)
    }

    /// `variant` and `deck` (read from the files named `variant_name` and `deck_name`)
    /// for `players` players, once both are valid; errors name the file at fault.
    fn checked(
        variant: Variant,
        variant_name: &str,
        deck: Deck,
        deck_name: &str,
        players: usize,
    ) -> Result<Config> {
        deck.validate()
            .with_context(|| format!("deck file {deck_name}"))?;
        let config = Config {
            players,
            variant,
            deck,
        };
        config
            .validate()
            .with_context(|| format!("variant file {variant_name}"))?;
        Ok(config)
    }

    /// Parse and validate a resolved configuration (an episode's `variant` field).
    pub fn from_value(value: &serde_json::Value) -> Result<Config> {
        let config: Config = serde_json::from_value(value.clone())
            .map_err(|e| anyhow!("the episode's variant is not a Modern Art configuration: {e}"))?;
        config.deck.validate().context("the episode's deck")?;
        config.validate().context("the episode's variant")?;
        Ok(config)
    }

    /// Checks that the numbers fit together; errors name the key and the reason.
    pub fn validate(&self) -> Result<()> {
        let v = &self.variant;
        if !PLAYERS.contains(&self.players) {
            bail!(
                "{} players: Modern Art is played by 2 to 5 players",
                self.players
            );
        }
        if v.rounds == 0 || v.rounds > MAX_ROUNDS {
            bail!("key `rounds`: must be 1 to {MAX_ROUNDS}, not {}", v.rounds);
        }
        for (k, row) in &v.deal {
            player_key("deal", k)?;
            if row.len() != v.rounds {
                bail!(
                    "key `deal.{k}`: {} entries for {} rounds (one per round, e.g. [13, 6, 6, 3])",
                    row.len(),
                    v.rounds
                );
            }
            if row[0] == 0 {
                bail!("key `deal.{k}`: the first deal must give at least one card");
            }
            if let Some(&big) = row.iter().find(|&&d| d > MAX_CARDS) {
                bail!("key `deal.{k}`: a deal of {big} cards; at most {MAX_CARDS} a round");
            }
        }
        for (k, &t) in &v.threshold {
            player_key("threshold", k)?;
            if t == 0 || t > MAX_CARDS {
                bail!("key `threshold.{k}`: must be 1 to {MAX_CARDS}, not {t}");
            }
        }
        let key = self.players.to_string();
        if !v.deal.contains_key(&key) {
            bail!(
                "key `deal` has no row for {} players (it has: {})",
                self.players,
                keys(&v.deal)
            );
        }
        if !v.threshold.contains_key(&key) {
            bail!(
                "key `threshold` has no entry for {} players (it has: {})",
                self.players,
                keys(&v.threshold)
            );
        }
        if v.value_points.is_empty() {
            bail!("key `value_points`: at least one ranked place must score (e.g. [3, 2, 1])");
        }
        if v.value_points.len() > self.deck.artists.len() {
            bail!(
                "key `value_points`: {} places but only {} artists",
                v.value_points.len(),
                self.deck.artists.len()
            );
        }
        if v.value_points
            .iter()
            .any(|&p| !(0..=MAX_POINTS).contains(&p))
        {
            bail!("key `value_points`: points must be 0 to {MAX_POINTS}");
        }
        if !(0..=MAX_POINTS).contains(&v.award_value) {
            bail!(
                "key `award_value`: must be 0 to {MAX_POINTS}, not {}",
                v.award_value
            );
        }
        if v.awards > MAX_AWARDS {
            bail!(
                "key `awards`: at most {MAX_AWARDS} tokens, not {}",
                v.awards
            );
        }
        // The model has one variable per value level an artist can reach.
        let top = v.value_points.iter().copied().max().unwrap_or(0);
        let levels = v.rounds as i64 * top + v.awards as i64 * v.award_value;
        if levels > MAX_VALUE {
            bail!(
                "keys `rounds`, `value_points`, `awards`, `award_value`: an artist's value could \
                 reach {levels}, at most {MAX_VALUE} is supported (rounds × the top value point \
                 + awards × award_value)"
            );
        }
        Ok(())
    }

    /// Number of artists.
    pub fn artists(&self) -> usize {
        self.deck.artists.len()
    }

    /// Ranked places per round: one per value-point entry, at most one per artist.
    pub fn places(&self) -> usize {
        self.variant.value_points.len().min(self.artists())
    }

    /// The closing threshold K for this player count.
    pub fn threshold(&self) -> usize {
        self.variant.threshold[&self.players.to_string()]
    }

    /// Cards dealt to each player before round `round` (0-based).
    pub fn deal(&self, round: usize) -> usize {
        self.variant.deal[&self.players.to_string()][round]
    }

    /// Cards of `artist` in the deck.
    pub fn cards_of(&self, artist: usize) -> usize {
        self.deck.cards[&self.deck.artists[artist]]
    }

    /// Cards of `artist` carrying `symbol` (plain cards for `Symbol::Plain`).
    pub fn supply(&self, artist: usize, symbol: Symbol) -> usize {
        let name = &self.deck.artists[artist];
        let marked = self.deck.symbols.get(name);
        let count = |s: Symbol| marked.and_then(|m| m.get(s.name())).copied().unwrap_or(0);
        match symbol {
            Symbol::Plain => {
                self.cards_of(artist) - Symbol::ALL.iter().map(|&s| count(s)).sum::<usize>()
            }
            s => count(s),
        }
    }

    /// Whether the extra card is turned up before round `round` (0-based).
    pub fn has_extra(&self, round: usize) -> bool {
        match self.variant.extra_card {
            ExtraCard::EveryRound => true,
            ExtraCard::FirstRound => round == 0,
            ExtraCard::None => false,
        }
    }

    /// The artist's name, for messages and tables.
    pub fn artist_name(&self, artist: usize) -> &str {
        self.deck
            .artists
            .get(artist)
            .map(String::as_str)
            .unwrap_or("?")
    }

    /// The configuration as the JSON an episode stores.
    pub fn to_value(&self) -> serde_json::Value {
        serde_json::to_value(self).expect("a Config always serialises")
    }
}

impl Deck {
    /// Artist names unique and non-empty; every artist has a card count; symbols name
    /// known artists and symbols; no artist has more symbol cards than cards.
    pub fn validate(&self) -> Result<()> {
        if self.artists.is_empty() || self.artists.len() > MAX_ARTISTS {
            bail!(
                "key `artists`: 1 to {MAX_ARTISTS} artists are supported, not {}",
                self.artists.len()
            );
        }
        for (i, a) in self.artists.iter().enumerate() {
            if self.artists[..i].contains(a) {
                bail!("key `artists`: `{a}` is listed twice");
            }
        }
        for a in &self.artists {
            match self.cards.get(a) {
                None => bail!("key `cards`: no card count for artist `{a}`"),
                Some(0) => bail!("key `cards.{a}`: an artist needs at least one card"),
                Some(&n) if n > MAX_CARDS => {
                    bail!("key `cards.{a}`: {n} cards; at most {MAX_CARDS} per artist")
                }
                Some(_) => {}
            }
        }
        for k in self.cards.keys() {
            if !self.artists.contains(k) {
                bail!(
                    "key `cards.{k}`: `{k}` is not an artist of this deck (artists: {})",
                    self.artists.join(", ")
                );
            }
        }
        for (a, marks) in &self.symbols {
            let Some(&cards) = self.cards.get(a) else {
                bail!(
                    "key `symbols.{a}`: `{a}` is not an artist of this deck (artists: {})",
                    self.artists.join(", ")
                );
            };
            for s in marks.keys() {
                if !Symbol::ALL.iter().any(|x| x.name() == s) {
                    bail!(
                        "key `symbols.{a}.{s}`: unknown symbol `{s}` (known: draw, double, hidden, simultaneous, award)"
                    );
                }
            }
            let total: usize = marks.values().sum();
            if total > cards {
                bail!(
                    "key `symbols.{a}`: {total} symbol cards but the artist has only {cards} cards"
                );
            }
        }
        Ok(())
    }
}

fn player_key(key: &str, k: &str) -> Result<usize> {
    match k.parse::<usize>() {
        Ok(n) if PLAYERS.contains(&n) => Ok(n),
        _ => bail!("key `{key}.{k}`: `{k}` is not a player count (Modern Art is played by 2 to 5)"),
    }
}

fn keys<V>(m: &BTreeMap<String, V>) -> String {
    m.keys().cloned().collect::<Vec<_>>().join(", ")
}

impl Variant {
    /// A variant file's text: the readings it leaves out at their defaults, and named in
    /// [`Variant::defaulted`] (a file cannot name them itself).
    pub fn from_file(text: &str) -> Result<Variant> {
        let mut variant: Variant = serde_json::from_str(text)?;
        let value: serde_json::Value = serde_json::from_str(text)?;
        if value.get("defaulted").is_some() {
            bail!("key `defaulted`: the readings a file leaves out are found, not written");
        }
        variant.defaulted = READINGS
            .iter()
            .filter(|k| value.get(**k).is_none())
            .map(|k| k.to_string())
            .collect();
        Ok(variant)
    }

    /// This variant with `settings` applied (checked against `deck` for `players`); the
    /// name records the settings, so rows and files of a comparison tell cells apart.
    pub fn with_settings(
        &self,
        settings: &[Setting],
        deck: &Deck,
        players: usize,
    ) -> Result<Variant> {
        if settings.is_empty() {
            return Ok(self.clone());
        }
        let check = |v: &serde_json::Value| -> Result<()> {
            let variant: Variant = serde_json::from_value(v.clone())?;
            Config {
                players,
                variant,
                deck: deck.clone(),
            }
            .validate()
        };
        let kind = RulesKind {
            game: "modern-art",
            shorthand: None,
            check: &check,
        };
        // The readings left out are the file's, not keys to set: a reading set here is
        // no longer at its default.
        let file = Variant {
            defaulted: Vec::new(),
            ..self.clone()
        };
        let out = variants::apply(&serde_json::to_value(&file)?, settings, &kind)?;
        let mut v: Variant = serde_json::from_value(out)?;
        v.defaulted = self.defaulted.clone();
        v.defaulted
            .retain(|k| !settings.iter().any(|s| s.key == *k));
        if !settings.iter().any(|s| s.key == "name") {
            let list: Vec<String> = settings.iter().map(|s| s.to_string()).collect();
            v.name = format!("{} {}", self.name, list.join(" "));
        }
        Ok(v)
    }
}

/// The standard variant as JSON: what `--set` overrides when no `--variant` is given.
pub fn default_value() -> Result<serde_json::Value> {
    serde_json::from_str(BUILT_IN_VARIANT)
        .map_err(|e| anyhow!("variant file {DEFAULT_VARIANT} (built in): {e}"))
}

/// A variant file, its left-out readings named ([`Variant::from_file`]).
fn read_variant(path: &Path) -> Result<Variant> {
    let text = std::fs::read_to_string(path)
        .with_context(|| format!("cannot read variant file {}", path.display()))?;
    Variant::from_file(&text).map_err(|e| anyhow!("variant file {}: {e}", path.display()))
}

fn read_json<T: serde::de::DeserializeOwned>(path: &Path, what: &str) -> Result<T> {
    let text = std::fs::read_to_string(path)
        .with_context(|| format!("cannot read {what} file {}", path.display()))?;
    serde_json::from_str(&text).map_err(|e| anyhow!("{what} file {}: {e}", path.display()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn root() -> PathBuf {
        PathBuf::from(env!("CARGO_MANIFEST_DIR"))
    }

    #[test]
    fn shipped_variants_load_for_every_player_count() {
        for name in ["standard", "anchor", "blessed"] {
            for n in PLAYERS {
                let p = root().join(format!("models/modern-art/{name}.json"));
                let c = Config::load(&p, None, n).unwrap_or_else(|e| panic!("{name}: {e:#}"));
                assert_eq!(c.artists(), 5);
                assert_eq!(c.threshold(), if n == 2 { 5 } else { 6 });
            }
        }
    }

    /// The built-in copy is the file (as built), for every player count and with a deck
    /// given on the command line.
    #[test]
    fn built_in_standard_is_the_default_variant_file() {
        for n in PLAYERS {
            let file = Config::load(&root().join(DEFAULT_VARIANT), None, n).unwrap();
            assert_eq!(Config::built_in(None, n).unwrap(), file);
        }
        let anchor = root().join("models/modern-art/decks/anchor.json");
        let file = Config::load(&root().join(DEFAULT_VARIANT), Some(&anchor), 4).unwrap();
        assert_eq!(Config::built_in(Some(&anchor), 4).unwrap(), file);
    }

    #[test]
    fn default_deck_counts() {
        let c = Config::load(&root().join(DEFAULT_VARIANT), None, 2).unwrap();
        let total: usize = (0..5).map(|a| c.cards_of(a)).sum();
        assert_eq!(total, 95);
        assert_eq!(c.supply(0, Symbol::Plain), 12);
        assert_eq!(c.supply(4, Symbol::Award), 1);
        assert_eq!(c.deal(3), 3);
    }

    #[test]
    fn bad_input_is_named() {
        let c = Config::load(&root().join(DEFAULT_VARIANT), None, 6).unwrap_err();
        assert!(format!("{c:#}").contains("2 to 5 players"), "{c:#}");
        let mut deck = Config::load(&root().join(DEFAULT_VARIANT), None, 2)
            .unwrap()
            .deck;
        deck.symbols
            .get_mut("Yoko")
            .unwrap()
            .insert("draw".into(), 30);
        let e = deck.validate().unwrap_err().to_string();
        assert!(
            e.contains("symbols.Yoko") && e.contains("only 18 cards"),
            "{e}"
        );
        let e: Result<Variant, _> = serde_json::from_str(r#"{"name":"x","bogus":1}"#);
        assert!(e.unwrap_err().to_string().contains("unknown field `bogus`"));
    }

    /// A variant file without some readings loads with them at the standard rules'
    /// values and names them; `--set` of one makes it the file's again; a file cannot
    /// write the list itself.
    #[test]
    fn a_reading_left_out_is_read_at_its_default_and_named() {
        let mut value: serde_json::Value = serde_json::from_str(BUILT_IN_VARIANT).unwrap();
        let map = value.as_object_mut().unwrap();
        map.remove("end_play");
        map.remove("chain_symbols");
        let dir = root().join("target/tmp/rules-readings");
        std::fs::create_dir_all(dir.join("decks")).unwrap();
        std::fs::write(dir.join("decks/default.json"), BUILT_IN_DECK).unwrap();
        let path = dir.join("short.json");
        std::fs::write(&path, value.to_string()).unwrap();
        let short = Config::load(&path, None, 3).unwrap();
        let full = Config::built_in(None, 3).unwrap();
        assert_eq!(short.variant.defaulted, ["chain_symbols", "end_play"]);
        let unnamed = Variant {
            defaulted: Vec::new(),
            ..short.variant.clone()
        };
        assert_eq!(unnamed, full.variant);
        let set = Setting::parse("end_play=blessed").unwrap();
        let blessed = Config::load_with(&path, None, 3, &[set]).unwrap();
        assert_eq!(blessed.variant.defaulted, ["chain_symbols"]);
        assert_eq!(blessed.variant.end_play, EndPlay::Blessed);
        // An episode keeps the list, and reads back the same.
        let json = serde_json::to_value(&short).unwrap();
        assert_eq!(Config::from_value(&json).unwrap(), short);
        assert!(full.variant.defaulted.is_empty());
        assert!(serde_json::to_value(&full).unwrap()["variant"]
            .get("defaulted")
            .is_none());
        let mut written = value.clone();
        written["defaulted"] = serde_json::json!(["end_play"]);
        let e = Variant::from_file(&written.to_string()).unwrap_err();
        assert!(e.to_string().contains("key `defaulted`"), "{e}");
    }

    /// Every committed Modern Art episode's configuration reads back and writes out the
    /// same JSON: no reading of theirs counts as left out.
    #[test]
    fn committed_episodes_keep_their_configuration() {
        let mut seen = 0;
        for entry in std::fs::read_dir(root().join("games")).unwrap() {
            let path = entry.unwrap().path();
            let name = path.file_name().unwrap().to_string_lossy().to_string();
            if !(name.starts_with("modern-art") && name.ends_with(".json")) {
                continue;
            }
            let env = crate::episode::Envelope::load(&path).unwrap();
            let c = Config::from_value(&env.variant).unwrap_or_else(|e| panic!("{name}: {e:#}"));
            assert!(c.variant.defaulted.is_empty(), "{name}");
            assert_eq!(serde_json::to_value(&c).unwrap(), env.variant, "{name}");
            seen += 1;
        }
        assert!(seen > 0);
    }
}
