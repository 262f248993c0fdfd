//! Bots. They see what a player sees: their own hand, both players' expeditions, the
//! discard piles and the size of the draw pile (never its order).
//!
//! - `dumb`: the classic quiz player — the first card of its hand it can legally add to an
//!   expedition, else discard the first card; always draw from the draw pile.
//! - `careful`: opens a colour only when its hand can carry it past the 20-point cost,
//!   plays the lowest card of a colour first and avoids jumping over many unseen cards,
//!   discards what it can no longer use and the opponent cannot use, takes a discard when
//!   it can play it without a gap, and near the end plays whatever still scores.
//! - `lookahead`: tries every legal move (and every draw it can see) and keeps the one
//!   whose resulting hand and expeditions project best: per colour, the score of the
//!   expedition plus the hand's playable cards (weighted by the turns left to play them),
//!   plus a share of the unseen cards that could still come; minus what a discard hands to
//!   the opponent.

use anyhow::{bail, Result};

use super::cards::Card;
use super::engine::{Move, Place, Source, State};
use super::rules::Rules;

pub const NAMES: [&str; 3] = ["dumb", "careful", "lookahead"];

/// A player program.
pub trait Bot {
    fn choose(&mut self, s: &State) -> Move;
}

pub fn by_name(name: &str) -> Result<Box<dyn Bot>> {
    match name {
        "dumb" => Ok(Box::new(Dumb)),
        "careful" => Ok(Box::new(Careful)),
        "lookahead" => Ok(Box::new(Lookahead::default())),
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

/// The lookahead bot's weights.
#[derive(Debug, Clone, Copy)]
pub struct Weights {
    /// Share of the turns left that can go to playing held cards.
    pub budget: f64,
    /// The share of unseen higher cards counted is turns-left / `unseen_div` ...
    pub unseen_div: f64,
    /// ... at most this.
    pub unseen_cap: f64,
    /// An unopened colour counts only if its cards beat the cost by this much.
    pub open_margin: f64,
    /// Weight of an unopened colour's projection (an option, not a commitment).
    pub option: f64,
    /// Weight of the points a discard hands the opponent.
    pub feed: f64,
    /// Turns a draw from the draw pile costs (it moves the end closer).
    pub deck_draw: f64,
}

/// Tuned by seeded self-play (400–600 games per change against the previous weights):
/// a draw from the draw pile must cost nothing (charging for it made the bot cycle
/// through discard piles), opening a colour pays as soon as it projects above the cost.
impl Default for Weights {
    fn default() -> Self {
        Weights {
            budget: 1.0,
            unseen_div: 50.0,
            unseen_cap: 0.25,
            open_margin: 0.0,
            option: 0.5,
            feed: 0.8,
            deck_draw: 0.0,
        }
    }
}

#[derive(Default)]
pub struct Lookahead {
    pub w: Weights,
}

/// What the lookahead bot sees of one position: its hand and the public cards.
struct Seen<'a> {
    rules: &'a Rules,
    hand: Vec<Card>,
    mine: Vec<Vec<Card>>,
    theirs: Vec<Vec<Card>>,
    piles_seen: Vec<Vec<Card>>,
    my_turns: f64,
    w: Weights,
}

impl Seen<'_> {
    fn can_play(&self, c: Card) -> bool {
        match self.mine[c.colour as usize].last() {
            None => true,
            Some(t) if c.is_wager() => t.is_wager(),
            Some(t) => c.rank > t.rank,
        }
    }

    /// Projected final score of colour c.
    fn colour_value(&self, colour: u8) -> f64 {
        let r = self.rules;
        let exp = &self.mine[colour as usize];
        let mut line: Vec<Card> = exp.clone();
        let mut held: Vec<Card> = self
            .hand
            .iter()
            .copied()
            .filter(|c| c.colour == colour && self.can_play(*c))
            .collect();
        held.sort();
        // Cards still to play from the hand compete for the turns left.
        let budget = (self.my_turns * self.w.budget).max(0.0);
        let playable = (held.len() as f64).min(budget) as usize;
        line.extend(held.iter().take(playable));
        let top = line.iter().map(|c| c.rank).max().unwrap_or(0);
        // Unseen cards above the top: some will come.
        let seen = |k: u8| {
            let c = Card::number(colour, k);
            self.hand.contains(&c)
                || self.mine[colour as usize].contains(&c)
                || self.theirs[colour as usize].contains(&c)
                || self.piles_seen[colour as usize].contains(&c)
        };
        let unseen: f64 = r
            .numbers
            .iter()
            .filter(|&&k| k > top && !seen(k))
            .map(|&k| k as f64)
            .sum();
        let wagers = line.iter().filter(|c| c.is_wager()).count() as f64;
        let share = (self.my_turns / self.w.unseen_div).min(self.w.unseen_cap);
        let base = r.expedition_score(&line) as f64;
        let value = base + share * unseen * (1.0 + wagers);
        if exp.is_empty() {
            // Not opened yet: an option, worth something only if clearly profitable.
            let numbers: f64 = held.iter().map(|c| c.rank as f64).sum();
            if numbers + share * unseen < r.base as f64 + self.w.open_margin {
                return 0.0;
            }
            return self.w.option * value.max(0.0);
        }
        value
    }

    fn value(&self) -> f64 {
        (0..self.rules.colour_count() as u8)
            .map(|c| self.colour_value(c))
            .sum()
    }
}

impl Bot for Lookahead {
    fn choose(&mut self, s: &State) -> Move {
        let p = s.current_player();
        let rules = s.rules();
        let n = rules.colour_count() as u8;
        let base = Seen {
            rules,
            hand: s.hand(p).to_vec(),
            mine: (0..n).map(|c| s.expedition(p, c).to_vec()).collect(),
            theirs: (0..n).map(|c| s.expedition(1 - p, c).to_vec()).collect(),
            piles_seen: (0..n).map(|c| s.pile(c).to_vec()).collect(),
            my_turns: (s.draw_pile_len() as f64 / 2.0).ceil(),
            w: self.w,
        };
        let mut best: Option<(f64, Move)> = None;
        for m in s.legal_actions() {
            let mut v = Seen {
                rules,
                hand: base.hand.clone(),
                mine: base.mine.clone(),
                theirs: base.theirs.clone(),
                piles_seen: base.piles_seen.clone(),
                my_turns: base.my_turns - 1.0,
                w: self.w,
            };
            let i = v.hand.iter().position(|&c| c == m.card).unwrap();
            v.hand.remove(i);
            let mut penalty = 0.0;
            match m.place {
                Place::Expedition => v.mine[m.card.colour as usize].push(m.card),
                Place::Discard => {
                    let opp = &base.theirs[m.card.colour as usize];
                    let opp_can = match opp.last() {
                        None => false,
                        Some(t) if m.card.is_wager() => t.is_wager(),
                        Some(t) => m.card.rank > t.rank,
                    };
                    if opp_can {
                        let w = opp.iter().filter(|c| c.is_wager()).count() as f64;
                        penalty += (m.card.rank.max(2) as f64) * (1.0 + w) * self.w.feed;
                    }
                }
            }
            match m.source {
                Source::Deck => {
                    // Drawing from the deck moves the end closer by one card.
                    v.my_turns -= self.w.deck_draw;
                }
                Source::Pile(c) => {
                    let top = *base.piles_seen[c as usize].last().unwrap();
                    v.hand.push(top);
                }
            }
            let score = v.value() - penalty;
            if best.as_ref().is_none_or(|(b, _)| score > *b + 1e-9) {
                best = Some((score, m));
            }
        }
        best.expect("a legal move").1
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
