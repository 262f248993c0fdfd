//! Bots. They see what a player sees: their own hand, both players' expeditions, the
//! discard piles and the size of the draw pile (never its order).
//!
//! - `dumb`: the classic quiz player — the first card of its hand it can legally add to an
//!   expedition, else discard the first card; always draw from the draw pile.
//! - `careful`: opens a colour only when its hand can carry it past the 20-point cost,
//!   plays the lowest card of a colour first and avoids jumping over many unseen cards,
//!   discards what it can no longer use and the opponent cannot use, takes a discard when
//!   it can play it without a gap, and near the end plays whatever still scores.

use anyhow::{bail, Result};

use super::cards::Card;
use super::engine::{Move, Place, Source, State};
use super::rules::Rules;

pub const NAMES: [&str; 2] = ["dumb", "careful"];

/// A player program.
pub trait Bot {
    fn choose(&mut self, s: &State) -> Move;
}

pub fn by_name(name: &str) -> Result<Box<dyn Bot>> {
    match name {
        "dumb" => Ok(Box::new(Dumb)),
        "careful" => Ok(Box::new(Careful)),
        other => bail!("unknown bot `{other}` (known: {})", NAMES.join(", ")),
    }
}

pub struct Dumb;

impl Bot for Dumb {
    fn choose(&mut self, s: &State) -> Move {
        let p = s.current_player();
        let hand = s.hand(p);
        let (card, place) = match hand.iter().find(|&&c| s.can_play(p, c)) {
            Some(&c) => (c, Place::Expedition),
            None => (hand[0], Place::Discard),
        };
        Move {
            card,
            place,
            source: Source::Deck,
        }
    }
}

pub struct Careful;

/// What `careful` knows about one colour.
struct ColourView {
    started: bool,
    /// Highest number on my expedition (0 if none).
    top: u8,
    /// Sum of my expedition's numbers and wagers on it.
    sum: i32,
    wagers: i32,
    /// My hand's cards of this colour that I could still play, sorted.
    playable: Vec<Card>,
}

fn view(s: &State, p: usize, colour: u8) -> ColourView {
    let exp = s.expedition(p, colour);
    let top = exp.iter().map(|c| c.rank).max().unwrap_or(0);
    let mut playable: Vec<Card> = s
        .hand(p)
        .iter()
        .copied()
        .filter(|c| c.colour == colour && s.can_play(p, *c))
        .collect();
    playable.sort();
    ColourView {
        started: !exp.is_empty(),
        top,
        sum: exp.iter().map(|c| c.rank as i32).sum(),
        wagers: exp.iter().filter(|c| c.is_wager()).count() as i32,
        playable,
    }
}

/// Cards of `colour` with rank strictly between `lo` and `hi` that I have not seen.
fn unseen_between(s: &State, p: usize, rules: &Rules, colour: u8, lo: u8, hi: u8) -> usize {
    let seen = |k: u8| {
        let c = Card::number(colour, k);
        s.hand(p).contains(&c)
            || s.expedition(0, colour).contains(&c)
            || s.expedition(1, colour).contains(&c)
            || s.pile(colour).contains(&c)
    };
    rules
        .numbers
        .iter()
        .filter(|&&k| k > lo && k < hi && !seen(k))
        .count()
}

impl Careful {
    /// The play to make, if any.
    fn play(&self, s: &State, p: usize) -> Option<Card> {
        let rules = s.rules();
        let left = s.draw_pile_len();
        let my_turns_left = left.div_ceil(2);
        let mut best: Option<(i32, Card)> = None;
        for colour in 0..rules.colour_count() as u8 {
            let v = view(s, p, colour);
            let Some(&low) = v.playable.first() else {
                continue;
            };
            let hand_sum: i32 = v.playable.iter().map(|c| c.rank as i32).sum();
            let cost;
            if v.started {
                if low.is_wager() {
                    // More wagers only on a colour that is clearly profitable.
                    if v.sum + hand_sum < 30 || left < 15 {
                        continue;
                    }
                    cost = 2;
                } else {
                    let gap = unseen_between(s, p, rules, colour, v.top, low.rank) as i32;
                    // Late in the round any gap is fine: the cards would be stranded.
                    if gap > 2 && my_turns_left > v.playable.len() + 2 {
                        continue;
                    }
                    cost = gap;
                }
            } else {
                // Open only what the hand can carry past the cost, with time to play it.
                let numbers: Vec<&Card> = v.playable.iter().filter(|c| !c.is_wager()).collect();
                let num_sum: i32 = numbers.iter().map(|c| c.rank as i32).sum();
                let wagers = v.playable.len() - numbers.len();
                let need = if wagers > 0 { 26 } else { 22 };
                if num_sum < need || my_turns_left < v.playable.len() + 1 {
                    continue;
                }
                if low.is_wager() && left < 20 {
                    continue;
                }
                cost = if low.is_wager() {
                    1
                } else {
                    unseen_between(s, p, rules, colour, 1, low.rank) as i32 + 2
                };
            }
            let _ = v.wagers;
            if best.is_none_or(|(b, _)| cost < b) {
                best = Some((cost, low));
            }
        }
        best.map(|(_, c)| c)
    }

    /// The card to discard: the least useful to me, weighted by how much it helps the
    /// opponent.
    fn discard(&self, s: &State, p: usize) -> Card {
        let rules = s.rules();
        let opp = 1 - p;
        let mut best: Option<(i32, Card)> = None;
        for &c in s.hand(p) {
            let mine = view(s, p, c.colour);
            let usable = s.can_play(p, c);
            let mut keep = if !usable {
                0
            } else if mine.started {
                20 + c.rank as i32
            } else {
                let colour_sum: i32 = mine.playable.iter().map(|x| x.rank as i32).sum();
                colour_sum / 2 + if c.is_wager() { 4 } else { c.rank as i32 / 2 }
            };
            if s.expedition(opp, c.colour).is_empty() {
                keep += 1;
            } else if s.can_play(opp, c) {
                // Feeding the opponent: keep it unless it is also dead for me.
                keep += 12 + c.rank as i32;
            }
            let _ = rules;
            if best.is_none_or(|(b, _)| keep < b) {
                best = Some((keep, c));
            }
        }
        best.expect("a hand is never empty").1
    }

    /// Draw a discard I can play right away without a gap; else the draw pile.
    fn draw(&self, s: &State, p: usize, discarded_on: Option<u8>) -> Source {
        let rules = s.rules();
        for colour in 0..rules.colour_count() as u8 {
            if Some(colour) == discarded_on {
                continue;
            }
            let Some(top) = s.pile_top(colour) else {
                continue;
            };
            let v = view(s, p, colour);
            if v.started
                && s.can_play(p, top)
                && !top.is_wager()
                && unseen_between(s, p, rules, colour, v.top, top.rank) == 0
            {
                return Source::Pile(colour);
            }
        }
        Source::Deck
    }
}

impl Bot for Careful {
    fn choose(&mut self, s: &State) -> Move {
        let p = s.current_player();
        if let Some(card) = self.play(s, p) {
            return Move {
                card,
                place: Place::Expedition,
                source: self.draw(s, p, None),
            };
        }
        let card = self.discard(s, p);
        Move {
            card,
            place: Place::Discard,
            source: self.draw(s, p, Some(card.colour)),
        }
    }
}

/// Play one game; `bots[0]` is player 1.
pub fn play_game<'r>(
    rules: &'r Rules,
    deck: Vec<Card>,
    bots: [&mut dyn Bot; 2],
) -> Result<State<'r>> {
    let [a, b] = bots;
    let mut s = State::new(rules, deck)?;
    let cap = 40 * rules.deck_size();
    while !s.is_terminal() {
        let mut m = if s.current_player() == 0 {
            a.choose(&s)
        } else {
            b.choose(&s)
        };
        if s.turn() > cap {
            m.source = Source::Deck;
        }
        if let Err(e) = s.apply_action(m) {
            bail!("a bot made an illegal move at turn {}: {e}", s.turn() + 1);
        }
    }
    Ok(s)
}
