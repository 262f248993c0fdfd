//! The record of one whole game: every chance outcome (which cards each deal brings,
//! which extra card is turned up, which card each `draw` brings) and every decision
//! (which card each player displays, second cards, simultaneous cards, award targets,
//! end-play cards), in order. The referee replays a record from scratch; the ILP builds
//! one from its optimum; the exhaustive search writes one. Seats are 0-based in JSON and
//! code, shown to people as P1, P2, …
//!
//! Chance is explicit, as in OpenSpiel: the solver chooses the deal (the maximum is over
//! all shuffles), so a record fixes it, and the referee checks that the whole game never
//! uses more cards of an artist, or of a symbol, than the deck holds.

use serde::{Deserialize, Serialize};

use super::rules::Symbol;

/// One card: an artist (index into the deck's artist list) and its symbol.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Card {
    pub artist: usize,
    #[serde(default, skip_serializing_if = "Symbol::is_plain")]
    pub symbol: Symbol,
}

impl Card {
    pub fn plain(artist: usize) -> Card {
        Card {
            artist,
            symbol: Symbol::Plain,
        }
    }

    pub fn new(artist: usize, symbol: Symbol) -> Card {
        Card { artist, symbol }
    }
}

/// One turn of one player.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Turn {
    /// The active seat (0-based).
    pub player: usize,
    /// The card displayed face up from hand.
    pub card: Card,
    /// `double`: a second card of the same artist, face up; `hidden`: a second card, face
    /// down. Absent when the player declines (or the symbol is not resolved).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub second: Option<Card>,
    /// `simultaneous`: one entry per seat (index = seat, the active one included): the
    /// card that player displays face up, or `null` for none. Empty when the symbol is
    /// not resolved.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub simultaneous: Vec<Option<Card>>,
    /// `award`: the artist receiving each award token placed this turn, in the order the
    /// symbols are resolved (one entry unless `chain_symbols` resolves more).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub awards: Vec<usize>,
    /// `draw`: the card each draw brought from the deck, in resolution order. A draw from
    /// an empty deck brings nothing and has no entry.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub drawn: Vec<Card>,
}

impl Turn {
    /// A turn that displays one card and resolves nothing.
    pub fn play(player: usize, card: Card) -> Turn {
        Turn {
            player,
            card,
            second: None,
            simultaneous: Vec::new(),
            awards: Vec::new(),
            drawn: Vec::new(),
        }
    }
}

/// One round: its chance outcomes, then its turns, then the end play (if any).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RoundRecord {
    /// Cards dealt to each seat before this round (index = seat). Round 1: the opening
    /// hands. A seat gets fewer than the deal table says only when the deck ran out.
    pub deal: Vec<Vec<Card>>,
    /// The extra card turned up at the start of the round, when the variant has one and
    /// the deck is not empty.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub extra: Option<Card>,
    /// Every turn of the round, in order.
    pub turns: Vec<Turn>,
    /// `end_play = blessed`: per seat, the cards added face up after the close.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub end_play: Vec<Vec<Card>>,
}

/// A whole game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Record {
    pub rounds: Vec<RoundRecord>,
}
