//! The referee: the whole game of `docs/rules/modern-art.md` as a state machine, in the
//! shape of OpenSpiel (a [`State`] with [`State::legal_actions`], [`State::apply_action`],
//! [`State::is_terminal`], [`State::returns`]). Chance is explicit: every dealt card, the
//! extra card and every drawn card is a chance [`Action`], so a record (which fixes
//! them) can be replayed from scratch by [`fn@replay`], and the exhaustive search can treat
//! the deal as a choice (the maximum is over all shuffles).
//!
//! This module never looks at the ILP. It reads only the rules and the variant.
//!
//! Readings the rules leave open, fixed here (and in `docs/rules/modern-art.md`):
//! - Dealing goes seat by seat (P1 gets all its cards, then P2, …). When the deck runs out
//!   dealing stops, so later seats get fewer cards. The extra card is turned up after
//!   the deal.
//! - Placing an `award` token is compulsory while tokens remain; the second card of
//!   `double`/`hidden` and the simultaneous cards are optional.
//! - A round that ends because every hand is empty has no closer; the next round starts
//!   left of the player who took the last turn (or with the same starter if nobody could
//!   play at all).
//! - `chain_symbols = true` resolves the `draw` and `award` symbols of cards displayed
//!   through `double`, `hidden` or `simultaneous` (each by the card's owner, in the order
//!   the cards were displayed; simultaneous cards in seat order from the active player).
//!   Chained `double`, `hidden` and `simultaneous` symbols are never resolved: a turn has
//!   at most one second card and one simultaneous play.
//! - `resolve_closing_symbol = true` resolves `draw` and `award` on the card(s) whose
//!   display closed the round (after a simultaneous close: every simultaneous card whose
//!   symbols are resolved at all, i.e. only with `chain_symbols`).
//! - `award_pays_unranked = true`: an unranked artist pays its award tokens (2 each), not
//!   its value points.
//! - The blessed end play adds, per seat in seat order, at most one card of each artist the
//!   seat displays (face up or hidden, now revealed); symbols on those cards are ignored.

use serde::{Deserialize, Serialize};

use super::record::Card;
use super::rules::{Config, Symbol};

mod core;
mod replay;
mod state;

pub use self::core::{Core, Grid};
pub use self::replay::{replay, supported, Violation};
pub use self::state::State;

/// Symbols in card-index order (`Card` orders the same way).
pub const SYMBOL_ORDER: [Symbol; 6] = [
    Symbol::Plain,
    Symbol::Draw,
    Symbol::Double,
    Symbol::Hidden,
    Symbol::Simultaneous,
    Symbol::Award,
];

/// Index of a symbol in [`SYMBOL_ORDER`].
pub fn symbol_index(s: Symbol) -> usize {
    match s {
        Symbol::Plain => 0,
        Symbol::Draw => 1,
        Symbol::Double => 2,
        Symbol::Hidden => 3,
        Symbol::Simultaneous => 4,
        Symbol::Award => 5,
    }
}

/// Dense index of a card kind (artist × symbol).
pub fn card_index(c: Card) -> usize {
    c.artist * 6 + symbol_index(c.symbol)
}

/// The card kind with dense index `i`.
pub fn card_at(i: usize) -> Card {
    Card::new(i / 6, SYMBOL_ORDER[i % 6])
}

/// A card as people read it: `Lite Metal` or `Lite Metal (draw)`.
pub fn card_name(cfg: &Config, c: Card) -> String {
    if c.symbol.is_plain() {
        cfg.artist_name(c.artist).to_string()
    } else {
        format!("{} ({})", cfg.artist_name(c.artist), c.symbol.name())
    }
}

/// One move of the game: chance outcomes and player decisions.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Action {
    /// Chance: the next card of the deal goes to the seat being dealt.
    Deal(Card),
    /// Chance: the extra card turned up at the start of the round.
    Extra(Card),
    /// Chance: the card a `draw` brings.
    Draw(Card),
    /// The active player displays a card from hand face up.
    Play(Card),
    /// `double` / `hidden`: the second card, or `None` to decline.
    Second(Option<Card>),
    /// `simultaneous`: the deciding seat's card, or `None`.
    Simultaneous(Option<Card>),
    /// `award`: the artist receiving the token.
    Award(usize),
    /// Blessed end play: a card of the artist being asked about, or `None`.
    EndPlay(Option<Card>),
}

/// Who moves next.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mover {
    /// A chance outcome is due (deal, extra card, draw).
    Chance,
    Seat(usize),
    Terminal,
}

/// Where in the game the state is. `Resolve` and `RoundEnd` are internal: [`State`]
/// always settles past them before returning.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Phase {
    /// Dealing to `seat`; `left` cards still due.
    Deal {
        seat: usize,
        left: usize,
    },
    Extra,
    /// The active player must display a card.
    Turn,
    Resolve,
    /// Chance: a card for `seat` (a `draw` symbol).
    Draw {
        seat: usize,
    },
    /// `seat` places an award token; `own` is the artist of the card carrying it.
    Award {
        seat: usize,
        own: usize,
    },
    /// `seat` may display a second card (`double`: face up, of `artist`; `hidden`: face
    /// down).
    Second {
        seat: usize,
        hidden: bool,
        artist: usize,
    },
    /// `seat` may display a card in the simultaneous play; `step` counts seats asked.
    Simultaneous {
        seat: usize,
        step: usize,
    },
    /// Blessed end play: `seat` may add a card of `artist`.
    EndPlay {
        seat: usize,
        artist: usize,
    },
    RoundEnd,
    GameOver,
}

/// What one round came to: the referee's account, stored in episodes.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RoundSummary {
    /// Seat that took the first turn.
    pub starter: usize,
    /// Seat whose display closed the round (none when hands ran out).
    pub closer: Option<usize>,
    /// `[seat][artist]` face-up cards (turns, doubles, simultaneous plays).
    pub face_up: Vec<Vec<usize>>,
    /// `[seat][artist]` hidden cards (revealed at round end).
    pub hidden: Vec<Vec<usize>>,
    /// `[seat][artist]` cards added by the blessed end play.
    pub end_play: Vec<Vec<usize>>,
    pub extra: Option<Card>,
    /// Cards per artist this round (everything above, extra card included).
    pub counts: Vec<usize>,
    /// Ranked artists, first place first.
    pub ranking: Vec<usize>,
    /// Value points each artist received this round.
    pub points: Vec<i64>,
    /// Award tokens on each artist at scoring (cumulative).
    pub awards: Vec<usize>,
    /// Value each artist's cards paid this round (0 when unranked).
    pub paid: Vec<i64>,
    /// Round score per seat.
    pub scores: Vec<i64>,
}

/// The result of a replay.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Outcome {
    pub rounds: Vec<RoundSummary>,
    /// Final score per seat.
    pub scores: Vec<i64>,
}

/// Artists with at least one card, by count (ties to the lower index), top `places`.
pub fn rank(counts: &[usize], places: usize) -> Vec<usize> {
    let mut order: Vec<usize> = (0..counts.len()).filter(|&t| counts[t] > 0).collect();
    order.sort_by(|&x, &y| counts[y].cmp(&counts[x]).then(x.cmp(&y)));
    order.truncate(places);
    order
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::modern_art::rules::Config;
    use crate::rng::Rng;
    use std::path::PathBuf;

    fn load(name: &str, players: usize) -> Config {
        let p = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
            .join(format!("models/modern-art/{name}.json"));
        Config::load(&p, None, players).unwrap()
    }

    #[test]
    fn ranking_ties_go_to_lower_index() {
        assert_eq!(rank(&[5, 1, 1, 1, 2], 3), vec![0, 4, 1]);
        assert_eq!(rank(&[0, 0, 2, 0, 0], 3), vec![2]);
        assert_eq!(rank(&[0, 3, 3, 3, 0], 2), vec![1, 2]);
    }

    #[test]
    fn random_playthroughs_replay() {
        for (name, players) in [
            ("standard", 2),
            ("standard", 3),
            ("anchor", 2),
            ("blessed", 4),
            ("standard", 5),
        ] {
            let cfg = load(name, players);
            for seed in 0..20 {
                let mut rng = Rng::new(seed);
                let mut st = State::new(&cfg);
                let mut steps = 0;
                while !st.is_terminal() {
                    let acts = st.legal_actions();
                    assert!(
                        !acts.is_empty(),
                        "{name}: no legal action in {:?}",
                        st.phase()
                    );
                    let a = acts[rng.index(acts.len())];
                    st.apply_action(a).unwrap();
                    steps += 1;
                    assert!(steps < 10_000);
                }
                let out =
                    replay(&cfg, st.record()).unwrap_or_else(|v| panic!("{name} seed {seed}: {v}"));
                assert_eq!(out, st.outcome());
                assert_eq!(out.rounds.len(), 4);
            }
        }
    }
}
