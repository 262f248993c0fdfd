//! Cards, how users write them, and the two scoring variants (hand and crib).
//!
//! A card is one byte, `rank * 4 + suit`, with rank 0 = ace … 12 = king and suit
//! 0..4 = clubs, diamonds, hearts, spades. Everything else (the referee, the ILP, the
//! enumerations) builds on this one encoding, so parsing and printing live here only.

use std::fmt;

use std::path::Path;

use anyhow::{anyhow, bail, Context, Result};
use serde::{Deserialize, Serialize};

/// Rank labels as users write and read them (A=1 … K=13 for runs).
pub const RANK_LABELS: [&str; 13] = [
    "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K",
];
/// Suit letters: clubs, diamonds, hearts, spades.
pub const SUIT_LETTERS: [char; 4] = ['C', 'D', 'H', 'S'];
/// The rank index of the jack (his nob).
pub const JACK: u8 = 10;

/// One of the 52 cards: `rank * 4 + suit`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Card(pub u8);

impl Card {
    pub fn new(rank: u8, suit: u8) -> Card {
        debug_assert!(rank < 13 && suit < 4);
        Card(rank * 4 + suit)
    }
    /// 0 = ace … 12 = king.
    pub fn rank(self) -> u8 {
        self.0 >> 2
    }
    /// 0 = clubs, 1 = diamonds, 2 = hearts, 3 = spades.
    pub fn suit(self) -> u8 {
        self.0 & 3
    }
    /// The value for 15s: ace 1, J Q K 10, others their number.
    pub fn value(self) -> u8 {
        (self.rank() + 1).min(10)
    }
    /// All 52 cards in id order.
    pub fn all() -> impl Iterator<Item = Card> {
        (0..52).map(Card)
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}{}",
            RANK_LABELS[self.rank() as usize],
            SUIT_LETTERS[self.suit() as usize]
        )
    }
}

const CARD_HELP: &str = "write rank then suit, e.g. 5H, 10S or TS, JD, AC (suits C D H S)";

/// Parse a rank: A, 2–10, T, J, Q, K (case-insensitive).
pub fn parse_rank(text: &str) -> Option<u8> {
    let t = text.trim().to_ascii_uppercase();
    let r = match t.as_str() {
        "A" => 0,
        "T" | "10" => 9,
        "J" => 10,
        "Q" => 11,
        "K" => 12,
        s if s.len() == 1 && ("2"..="9").contains(&s) => s.as_bytes()[0] - b'1',
        _ => return None,
    };
    Some(r)
}

/// Parse one card such as `5H`, `10s`, `TS`, `jd`.
pub fn parse_card(text: &str) -> Result<Card> {
    let t = text.trim();
    let Some(last) = t.chars().last() else {
        bail!("bad card ``: {CARD_HELP}");
    };
    let suit = match last.to_ascii_uppercase() {
        'C' => 0,
        'D' => 1,
        'H' => 2,
        'S' => 3,
        _ => bail!("bad card `{t}`: unknown suit; {CARD_HELP}"),
    };
    let rank_text = &t[..t.len() - last.len_utf8()];
    match parse_rank(rank_text) {
        Some(r) => Ok(Card::new(r, suit)),
        _ => bail!("bad card `{t}`: unknown rank; {CARD_HELP}"),
    }
}

/// Parse a list of cards (each argument may hold several, separated by spaces or commas);
/// duplicates are an error.
pub fn parse_cards<S: AsRef<str>>(args: &[S]) -> Result<Vec<Card>> {
    let mut out: Vec<Card> = Vec::new();
    for arg in args {
        for word in arg
            .as_ref()
            .split(|c: char| c == ',' || c.is_whitespace())
            .filter(|w| !w.is_empty())
        {
            let c = parse_card(word)?;
            if out.contains(&c) {
                bail!("card {c} is given twice: every card of the deck exists once");
            }
            out.push(c);
        }
    }
    Ok(out)
}

/// Cards as `5H 5S 5C JD`.
pub fn show(cards: &[Card]) -> String {
    cards
        .iter()
        .map(|c| c.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

/// Which rules score the five cards: a hand (4-card flush counts) or the crib (only a
/// 5-card flush counts). Everything else is the same.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Variant {
    Hand,
    Crib,
}

impl Variant {
    pub fn from_crib(crib: bool) -> Variant {
        if crib {
            Variant::Crib
        } else {
            Variant::Hand
        }
    }
    pub fn is_crib(self) -> bool {
        self == Variant::Crib
    }
    pub fn name(self) -> &'static str {
        match self {
            Variant::Hand => "hand",
            Variant::Crib => "crib",
        }
    }
}

/// Constraints of a `max` query. Counted cards are the five cards scored (hand + start).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Query {
    /// Rules the five cards are scored by.
    pub crib: bool,
    /// These cards must be among the five.
    #[serde(default)]
    pub contains_cards: Vec<Card>,
    /// (rank, n): at least n cards of this rank among the five.
    #[serde(default)]
    pub contains_ranks: Vec<(u8, u8)>,
    /// No card of these ranks among the five.
    #[serde(default)]
    pub without: Vec<u8>,
    /// The start card is fixed.
    #[serde(default)]
    pub start: Option<Card>,
    /// The four hand cards are chosen from these (the start is any other card).
    #[serde(default)]
    pub from: Option<Vec<Card>>,
    /// The start card is one of these (with `from` set to the same cards: all five
    /// scored cards come from one pool).
    #[serde(default)]
    pub start_from: Option<Vec<Card>>,
    /// The score must be at least this.
    #[serde(default)]
    pub min_score: Option<u32>,
}

impl Query {
    /// A random query (seeded): the generator of the ILP-vs-enumeration test and the
    /// ILP benchmark. Mixes hand/crib rules, required cards and ranks, excluded ranks, a
    /// fixed start, a card pool and a minimum score; some draws are infeasible.
    pub fn random(rng: &mut crate::rng::Rng) -> Query {
        let mut q = Query {
            crib: rng.below(10) < 3,
            ..Query::default()
        };
        if rng.below(3) == 0 {
            // A pool query: the hand (and maybe the start) from a few cards, with at
            // most one more constraint drawn from the pool, so most are feasible.
            let mut deck: Vec<u8> = (0..52).collect();
            rng.shuffle(&mut deck);
            let pool: Vec<Card> = deck[..6 + rng.index(7)].iter().map(|&c| Card(c)).collect();
            match rng.below(3) {
                0 => q.contains_cards.push(pool[rng.index(pool.len())]),
                1 => q.without.push(pool[rng.index(pool.len())].rank()),
                _ => {}
            }
            if rng.below(2) == 0 {
                q.start_from = Some(pool.clone());
            }
            q.from = Some(pool);
        } else {
            for _ in 0..rng.below(3) {
                let c = Card(rng.below(52) as u8);
                if !q.contains_cards.contains(&c) {
                    q.contains_cards.push(c);
                }
            }
            for _ in 0..rng.below(3) {
                let r = rng.below(13) as u8;
                if !q.contains_ranks.iter().any(|x| x.0 == r) {
                    q.contains_ranks.push((r, 1 + rng.below(2) as u8));
                }
            }
            for _ in 0..rng.below(3) {
                let r = rng.below(13) as u8;
                if !q.without.contains(&r) {
                    q.without.push(r);
                }
            }
            if rng.below(4) == 0 {
                q.start = Some(Card(rng.below(52) as u8));
            }
        }
        if rng.below(7) == 0 {
            q.min_score = Some(4 + rng.below(14) as u32);
        }
        q
    }

    /// The query in words, for headings and model names.
    pub fn describe(&self) -> String {
        let mut parts = vec![Variant::from_crib(self.crib).name().to_string()];
        for c in &self.contains_cards {
            parts.push(format!("contains {c}"));
        }
        for &(r, n) in &self.contains_ranks {
            parts.push(format!("≥{n}×{}", RANK_LABELS[r as usize]));
        }
        for &r in &self.without {
            parts.push(format!("without {}", RANK_LABELS[r as usize]));
        }
        if let Some(s) = self.start {
            parts.push(format!("start {s}"));
        }
        if let Some(f) = &self.from {
            parts.push(format!("hand from {}", show(f)));
        }
        if let Some(f) = &self.start_from {
            parts.push(format!("start from {}", show(f)));
        }
        if let Some(m) = self.min_score {
            parts.push(format!("score ≥ {m}"));
        }
        parts.join(", ")
    }
}

/// A `max` query as a user writes it: on the command line (`cribbage max --contains 5
/// --without J`) or as an entry of a query file (`models/cribbage/queries.json`).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct QuerySpec {
    /// Short name (file entries: names the episode `games/cribbage-max-<name>.json`).
    #[serde(default)]
    pub name: String,
    /// What the query asks, in words (file entries).
    #[serde(default)]
    pub note: Option<String>,
    #[serde(default)]
    pub crib: bool,
    /// Cards (5H) or ranks (5, J) that must be among the five; a rank given twice asks
    /// for two cards of it.
    #[serde(default)]
    pub contains: Vec<String>,
    /// Ranks that must not be among the five.
    #[serde(default)]
    pub without: Vec<String>,
    #[serde(default)]
    pub start: Option<String>,
    /// The hand's four cards come from these.
    #[serde(default)]
    pub from: Vec<String>,
    /// The start card comes from these.
    #[serde(default)]
    pub start_from: Vec<String>,
    #[serde(default)]
    pub min_score: Option<u32>,
}

impl QuerySpec {
    /// Build the [`Query`], with one-line errors naming the bad option.
    pub fn to_query(&self) -> Result<Query> {
        let QuerySpec {
            crib,
            contains,
            without,
            start,
            from,
            start_from,
            min_score,
            ..
        } = self;
        let (crib, min_score, start) = (*crib, *min_score, start.as_deref());
        let mut q = Query {
            crib,
            min_score,
            ..Query::default()
        };
        for c in contains {
            if let Some(r) = parse_rank(c) {
                match q.contains_ranks.iter_mut().find(|x| x.0 == r) {
                    Some(x) => x.1 += 1,
                    None => q.contains_ranks.push((r, 1)),
                }
            } else {
                let card = parse_card(c).with_context(|| {
                    format!("bad --contains `{c}`: give a card (5H) or a rank (A, 2–10, J, Q, K)")
                })?;
                if q.contains_cards.contains(&card) {
                    bail!("--contains {card} is given twice");
                }
                q.contains_cards.push(card);
            }
        }
        for &(r, n) in &q.contains_ranks {
            if n > 4 {
                bail!(
                    "--contains {} is given {n} times: a rank has only 4 cards",
                    RANK_LABELS[r as usize]
                );
            }
        }
        for w in without {
            let Some(r) = parse_rank(w) else {
                bail!("bad --without `{w}`: give a rank (A, 2–10 or T, J, Q, K)");
            };
            if !q.without.contains(&r) {
                q.without.push(r);
            }
        }
        q.start = start.map(parse_card).transpose()?;
        if !from.is_empty() {
            let cards = parse_cards(from)?;
            if cards.len() < 4 {
                bail!(
                    "--from needs at least 4 cards to choose a hand from, got {}",
                    cards.len()
                );
            }
            if let Some(s) = q.start.filter(|s| cards.contains(s)) {
                let rest = cards.iter().filter(|&&c| c != s).count();
                if rest < 4 {
                    bail!("--from leaves fewer than 4 hand cards once the start card {s} is set aside");
                }
            }
            q.from = Some(cards);
        }
        if !start_from.is_empty() {
            let cards = parse_cards(start_from)?;
            if let Some(s) = q.start.filter(|s| !cards.contains(s)) {
                bail!("--start {s} is not among the --start-from cards");
            }
            q.start_from = Some(cards);
        }
        if let Some(m) = min_score {
            if m > 29 {
                bail!("--min-score {m} is impossible: no hand scores more than 29");
            }
        }
        Ok(q)
    }
}

/// A file of named `max` queries (`models/cribbage/queries.json`).
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
struct QueryFile {
    queries: Vec<QuerySpec>,
}

/// Read a query file: every entry needs a unique name of lowercase letters, digits and
/// dashes, and must parse; errors name the file, the entry and the reason.
pub fn load_queries(path: &Path) -> Result<Vec<(QuerySpec, Query)>> {
    let text = std::fs::read_to_string(path)
        .with_context(|| format!("cannot read query file {}", path.display()))?;
    let file: QueryFile = serde_json::from_str(&text).map_err(|e| {
        anyhow!(
            "{}: {e} (expected {{\"queries\": [{{\"name\": \"…\", \"without\": [\"5\"], …}}]}})",
            path.display()
        )
    })?;
    let mut out: Vec<(QuerySpec, Query)> = Vec::new();
    for (i, spec) in file.queries.into_iter().enumerate() {
        let at = format!("{}: queries[{i}]", path.display());
        if spec.name.is_empty()
            || !spec
                .name
                .chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
        {
            bail!(
                "{at}: key `name` must be lowercase letters, digits and dashes, got `{}`",
                spec.name
            );
        }
        if out.iter().any(|(s, _)| s.name == spec.name) {
            bail!("{at}: name `{}` is used twice", spec.name);
        }
        let q = spec
            .to_query()
            .with_context(|| format!("{at} (`{}`)", spec.name))?;
        out.push((spec, q));
    }
    if out.is_empty() {
        bail!("{}: key `queries` is empty", path.display());
    }
    Ok(out)
}

impl Serialize for Card {
    fn serialize<S: serde::Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
        s.serialize_str(&self.to_string())
    }
}

impl<'de> Deserialize<'de> for Card {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> std::result::Result<Card, D::Error> {
        let s = String::deserialize(d)?;
        parse_card(&s).map_err(|e| serde::de::Error::custom(format!("{e:#}")))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parse_and_show() {
        for (t, s) in [
            ("5h", "5H"),
            ("10S", "10S"),
            ("ts", "10S"),
            ("AC", "AC"),
            ("jd", "JD"),
        ] {
            assert_eq!(parse_card(t).unwrap().to_string(), s);
        }
        for bad in ["", "5X", "1S", "11H", "ZZ", "5", "QQ", "+5H", "05H", "0H"] {
            assert!(parse_card(bad).is_err(), "{bad}");
        }
        let e = parse_cards(&["5H", "5h"]).unwrap_err().to_string();
        assert!(e.contains("given twice"), "{e}");
        assert_eq!(parse_cards(&["5H,6H 7H"]).unwrap().len(), 3);
        assert_eq!(Card::all().count(), 52);
        assert_eq!(parse_card("KS").unwrap().value(), 10);
        assert_eq!(parse_card("AS").unwrap().value(), 1);
    }
}
