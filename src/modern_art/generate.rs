//! Seeded Modern Art variants within the rules' ranges: a benchmark nobody tuned for.
//!
//! The solver's defaults were chosen on the shipped variants; a variant drawn here varies
//! what a user may change (deal sizes, rounds, the close threshold, value points, the
//! number and value of award tokens, cards and symbols per artist, every disputed
//! reading) while staying a game of the shipped size class: 3 or 4 rounds, about as many
//! cards dealt per player as the standard game (±3), a deck of 5 artists with 12–21
//! cards each (more only where the deal needs them). Each variant deals for one player
//! count and names its own deck file (`decks/NAME.json` beside the variant). The same
//! seed and player count always give the same files ([`crate::rng::Rng`] never changes).

use std::collections::BTreeMap;

use anyhow::{bail, Context, Result};

use super::rules::{AwardTarget, Config, Deck, EndPlay, ExtraCard, Symbol, Variant, PLAYERS};
use crate::rng::Rng;

/// The artists, in tie-break order: the shipped decks' names.
pub const ARTISTS: [&str; 5] = ["Lite Metal", "Yoko", "Christin P.", "Karl Gitter", "Krypto"];

/// Cards dealt to each player over the standard game (13 + the later deals), by player
/// count 2..=5: the centre of the generated totals.
const STANDARD_DEALT: [usize; 4] = [28, 25, 21, 17];

/// The standard close threshold by player count 2..=5: the generated one is within ±1.
const STANDARD_THRESHOLD: [usize; 4] = [5, 6, 6, 6];

/// Cards per artist before the deal's needs are met: the shipped decks have 17–21.
const CARDS_PER_ARTIST: std::ops::RangeInclusive<usize> = 12..=21;

/// Cards of one artist carrying one symbol: the default deck assumes 1.
const SYMBOLS_PER_ARTIST: u64 = 3; // 0, 1 or 2

/// A generated variant and the deck it names.
#[derive(Debug, Clone, PartialEq)]
pub struct Generated {
    pub variant: Variant,
    pub deck: Deck,
    pub players: usize,
}

impl Generated {
    /// The name every generated file carries: `gSS-Pp` (seed, players).
    pub fn name(seed: u64, players: usize) -> String {
        format!("g{seed:02}-{players}p")
    }

    /// The variant file's text (pretty JSON, newline-terminated).
    pub fn variant_json(&self) -> String {
        json(&self.variant)
    }

    /// The deck file's text, to be written at `variant.deck` relative to the variant.
    pub fn deck_json(&self) -> String {
        json(&self.deck)
    }

    /// The resolved configuration (what `Config::load` gives for the written files).
    pub fn config(&self) -> Config {
        Config {
            players: self.players,
            variant: self.variant.clone(),
            deck: self.deck.clone(),
        }
    }
}

fn json<T: serde::Serialize>(x: &T) -> String {
    let mut s = serde_json::to_string_pretty(x).expect("variants and decks serialise");
    s.push('\n');
    s
}

/// The variant of `seed` for `players` players; it always passes [`Config::validate`].
pub fn generate(seed: u64, players: usize) -> Result<Generated> {
    if !PLAYERS.contains(&players) {
        bail!("--players {players}: Modern Art is played by 2 to 5 players");
    }
    // One stream per (seed, players): a 3-player variant is not the 2-player one's twin.
    let mut rng = Rng::new(seed.wrapping_mul(8).wrapping_add(players as u64));
    let name = Generated::name(seed, players);
    let p = players - 2;
    let rounds = [3, 4, 4, 4][rng.index(4)];
    let deal = deal_sizes(&mut rng, rounds, STANDARD_DEALT[p]);
    let threshold = STANDARD_THRESHOLD[p] - 1 + rng.index(3);
    let value_points = value_points(&mut rng);
    let awards = rng.index(8); // 0..=7 tokens (5 in the game)
    let award_value = 1 + rng.index(4) as i64; // 1..=4 (2 in the game)
    let symbols = symbols(&mut rng);
    // Reach the deal, the extra cards and every draw, so the deck never runs dry.
    let draws: usize = symbols.iter().map(|m| m.get("draw").unwrap_or(&0)).sum();
    let need = players * deal.iter().sum::<usize>() + rounds + draws;
    let cards = cards_per_artist(&mut rng, need);
    let readings = Readings::draw(&mut rng);
    let key = players.to_string();
    let variant = Variant {
        name: name.clone(),
        description: format!(
            "Generated: `gamebounds modern-art generate --seed {seed} --players {players}`."
        ),
        deck: format!("decks/{name}.json"),
        rounds,
        deal: BTreeMap::from([(key.clone(), deal)]),
        threshold: BTreeMap::from([(key, threshold)]),
        value_points,
        awards,
        award_value,
        extra_card: readings.extra_card,
        resolve_closing_symbol: readings.flags[0],
        award_target: readings.award_target,
        hidden_same_artist: readings.flags[1],
        hidden_counts_for_close: readings.flags[2],
        chain_symbols: readings.flags[3],
        end_play: readings.end_play,
        award_pays_unranked: readings.flags[4],
        defaulted: Vec::new(),
    };
    let deck = Deck {
        name: name.clone(),
        description: format!("The deck of the generated variant {name}."),
        artists: ARTISTS.iter().map(|a| a.to_string()).collect(),
        cards: ARTISTS
            .iter()
            .zip(&cards)
            .map(|(a, &n)| (a.to_string(), n))
            .collect(),
        symbols: ARTISTS
            .iter()
            .zip(symbols)
            .filter(|(_, m)| !m.is_empty())
            .map(|(a, m)| (a.to_string(), m))
            .collect(),
    };
    let g = Generated {
        variant,
        deck,
        players,
    };
    let c = g.config();
    c.deck.validate().context("generated deck")?;
    c.validate().context("generated variant")?;
    Ok(g)
}

/// First deal 10–13; the rest of `standard` (±3) spread at random over the later rounds,
/// none more than 2 above an even share nor as large as the first.
fn deal_sizes(rng: &mut Rng, rounds: usize, standard: usize) -> Vec<usize> {
    let first = 10 + rng.index(4);
    let total = (standard + rng.index(7)).saturating_sub(3).max(first);
    // No later deal as large as the first.
    let later = (total - first).min((first - 1) * (rounds - 1));
    let cap = (later.div_ceil(rounds - 1) + 2).min(first - 1);
    let mut deal = vec![0; rounds];
    deal[0] = first;
    for _ in 0..later {
        let open: Vec<usize> = (1..rounds).filter(|&r| deal[r] < cap).collect();
        deal[open[rng.index(open.len())]] += 1;
    }
    deal
}

/// 2–4 ranked places, strictly decreasing, the last worth 1–2 and each step 1–2.
fn value_points(rng: &mut Rng) -> Vec<i64> {
    let places = [2, 3, 3, 3, 4][rng.index(5)];
    let mut points = vec![1 + rng.index(2) as i64];
    while points.len() < places {
        let next = points[points.len() - 1] + 1 + rng.index(2) as i64;
        points.push(next);
    }
    points.reverse();
    points
}

/// For each artist, 0–2 cards of each symbol (symbols with none are left out).
fn symbols(rng: &mut Rng) -> Vec<BTreeMap<String, usize>> {
    ARTISTS
        .iter()
        .map(|_| {
            Symbol::ALL
                .iter()
                .filter_map(|s| {
                    let n = rng.below(SYMBOLS_PER_ARTIST) as usize;
                    (n > 0).then(|| (s.name().to_string(), n))
                })
                .collect()
        })
        .collect()
}

/// Cards per artist in [`CARDS_PER_ARTIST`], ascending (as in the game), then one more
/// card at a time to a random artist until the deck holds `need` cards.
fn cards_per_artist(rng: &mut Rng, need: usize) -> Vec<usize> {
    let span = CARDS_PER_ARTIST.end() - CARDS_PER_ARTIST.start() + 1;
    let mut cards: Vec<usize> = ARTISTS
        .iter()
        .map(|_| CARDS_PER_ARTIST.start() + rng.index(span))
        .collect();
    cards.sort_unstable();
    while cards.iter().sum::<usize>() < need {
        cards[rng.index(ARTISTS.len())] += 1;
    }
    cards
}

/// The disputed readings: each away from its default one time in three.
struct Readings {
    extra_card: ExtraCard,
    award_target: AwardTarget,
    end_play: EndPlay,
    /// resolve_closing_symbol, hidden_same_artist, hidden_counts_for_close,
    /// chain_symbols, award_pays_unranked.
    flags: [bool; 5],
}

impl Readings {
    fn draw(rng: &mut Rng) -> Readings {
        let mut odd = || rng.index(3) == 0;
        let extra_card = match (odd(), odd()) {
            (false, _) => ExtraCard::EveryRound,
            (true, false) => ExtraCard::FirstRound,
            (true, true) => ExtraCard::None,
        };
        let award_target = if odd() {
            AwardTarget::Own
        } else {
            AwardTarget::Any
        };
        let end_play = if odd() {
            EndPlay::Blessed
        } else {
            EndPlay::None
        };
        let flags = [odd(), odd(), odd(), odd(), odd()];
        Readings {
            extra_card,
            award_target,
            end_play,
            flags,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_same_variant_and_seeds_differ() {
        for players in PLAYERS {
            let a = generate(7, players).unwrap();
            assert_eq!(a, generate(7, players).unwrap());
            assert_eq!(
                a.variant_json(),
                generate(7, players).unwrap().variant_json()
            );
            // Another seed is another game, not only another name.
            let mut b = generate(8, players).unwrap();
            b.variant.name = a.variant.name.clone();
            b.variant.description = a.variant.description.clone();
            b.variant.deck = a.variant.deck.clone();
            b.deck.name = a.deck.name.clone();
            b.deck.description = a.deck.description.clone();
            assert_ne!(a, b);
        }
    }

    #[test]
    fn bad_player_count_is_refused() {
        let e = generate(1, 6).unwrap_err().to_string();
        assert!(e.contains("2 to 5 players"), "{e}");
    }
}
