//! Searches on the engine.
//!
//! - [`exhaustive`]: every reachable position of a miniature variant, free deck order (the
//!   top card is chosen at each draw) or a fixed one; the best and worst final score of
//!   player 1. This is the brute force the ILP is tested against.
//! - [`cooperate`]: a planner that steers both players through one fixed deck towards a
//!   target set of expedition cards for player 1 — player 2 passes the cards player 1
//!   needs through the discard piles, and both stall by cycling junk through the discard
//!   piles (which never shrinks the draw pile) while player 1 has cards to play. Player 2
//!   plays only when every discard would force the round's last draw: at the end each of
//!   player 1's last plays uses up one discard, so every card on player 2's expeditions
//!   is a card player 1 cannot play.
//! - [`fixed_deck`]: the lower bound of `bound --seed/--deck`: three pile policies aimed
//!   at three ILP plans of the relaxation's value, re-aimed without the cards the best run
//!   missed; the best game the referee scores wins.

use std::collections::HashSet;

use anyhow::{bail, Result};

use super::cards::Card;
use super::engine::{Move, Place, Record, Source, State};
use super::model::{self, Limits, Plan};
use super::rules::Rules;
use crate::lp::{Sense, SolveOptions};

/// Best and worst score of player 1 over all reachable ends of the round.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Extremes {
    pub max: i32,
    pub min: i32,
    /// Distinct positions visited.
    pub positions: usize,
}

/// Exhaustive search. `deck = None`: free deck order (all deals, any top card at each
/// draw); `Some(deck)`: that fixed order. Refuses to visit more than `limit` positions.
pub fn exhaustive(rules: &Rules, deck: Option<&[Card]>, limit: usize) -> Result<Extremes> {
    let free = deck.is_none();
    let mut starts: Vec<State> = Vec::new();
    match deck {
        Some(d) => starts.push(State::new(rules, d.to_vec())?),
        None => {
            let full = rules.full_deck();
            let n = full.len();
            let h = rules.hand_size;
            if n > 16 {
                bail!("exhaustive search is for miniature variants (at most 16 cards)");
            }
            for m1 in 0u32..(1 << n) {
                if m1.count_ones() as usize != h {
                    continue;
                }
                let rest1: Vec<usize> = (0..n).filter(|i| m1 & (1 << i) == 0).collect();
                for m2 in 0u32..(1 << rest1.len()) {
                    if m2.count_ones() as usize != h {
                        continue;
                    }
                    let mut d: Vec<Card> = (0..n)
                        .filter(|i| m1 & (1 << i) != 0)
                        .map(|i| full[i])
                        .collect();
                    let mut tail = Vec::new();
                    for (j, &i) in rest1.iter().enumerate() {
                        if m2 & (1 << j) != 0 {
                            d.push(full[i]);
                        } else {
                            tail.push(full[i]);
                        }
                    }
                    d.extend(tail);
                    starts.push(State::new(rules, d)?);
                }
            }
        }
    }
    let mut seen: HashSet<Vec<u16>> = HashSet::new();
    let mut stack: Vec<State> = Vec::new();
    for s in starts {
        if seen.insert(s.key(free)) {
            stack.push(s);
        }
    }
    let mut best = Extremes {
        max: i32::MIN,
        min: i32::MAX,
        positions: 0,
    };
    while let Some(s) = stack.pop() {
        if s.is_terminal() {
            let v = s.score(0);
            best.max = best.max.max(v);
            best.min = best.min.min(v);
            continue;
        }
        for m in s.legal_actions() {
            let tops: Vec<usize> = if free && m.source == Source::Deck {
                let pile = s.draw_pile();
                (0..pile.len())
                    .filter(|&i| !pile[..i].contains(&pile[i]))
                    .collect()
            } else {
                vec![0]
            };
            for i in tops {
                let mut t = s.clone();
                if i > 0 {
                    t.bring_to_top(i);
                }
                t.apply_unchecked(m);
                t.clear_history();
                if seen.insert(t.key(free)) {
                    if seen.len() > limit {
                        bail!("exhaustive search stopped after {limit} positions");
                    }
                    stack.push(t);
                }
            }
        }
    }
    best.positions = seen.len();
    Ok(best)
}

/// The cooperative planner's view: which cards player 1 still wants.
struct Goal {
    wanted: Vec<Card>,
    /// How the planner uses the discard piles.
    policy: Policy,
}

/// Planner policies (the search runs each and keeps the best game).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Policy {
    /// Take only ready cards and junk (to stall) from the piles.
    Tops,
    /// Also take wanted cards off the piles into hands that hold junk (keeps them safe).
    Hold,
    /// Also pull cards off the piles to reach buried wanted cards.
    Dig,
}

pub const POLICIES: [Policy; 3] = [Policy::Tops, Policy::Hold, Policy::Dig];

impl Goal {
    fn wants(&self, c: Card) -> bool {
        self.wanted.contains(&c)
    }

    /// Wanted and next in its colour: player 1 can play it now.
    fn ready(&self, c: Card) -> bool {
        self.wants(c)
            && !self
                .wanted
                .iter()
                .any(|w| w.colour == c.colour && w.rank < c.rank)
    }

    fn remove(&mut self, c: Card) {
        if let Some(i) = self.wanted.iter().position(|&w| w == c) {
            self.wanted.remove(i);
        }
    }

    /// Depth (0 = top) of the first ready card in the pile of colour c.
    fn ready_depth(&self, s: &State, colour: u8) -> Option<usize> {
        s.pile(colour).iter().rev().position(|&c| self.ready(c))
    }

    /// Player 1 has something to play: a ready card in a hand or anywhere in a pile.
    fn work_queued(&self, s: &State) -> bool {
        s.hand(0).iter().chain(s.hand(1)).any(|&c| self.ready(c))
            || (0..s.rules().colour_count() as u8).any(|c| self.ready_depth(s, c).is_some())
    }

    /// Keep playing without touching the draw pile: work is queued, or only the last card
    /// is left (drawing it ends the round) and wanted cards are still out of the pile.
    fn must_stall(&self, s: &State) -> bool {
        self.work_queued(s)
            || (s.draw_pile_len() == 1 && self.wanted.iter().any(|c| !s.draw_pile().contains(c)))
    }
}

/// How much harm putting `x` on its discard pile does (lower is better).
fn discard_harm(s: &State, goal: &Goal, x: Card) -> i32 {
    let c = x.colour;
    let pile = s.pile(c);
    if goal.ready_depth(s, c) == Some(0) {
        return 100; // it would cover the card player 1 is about to take
    }
    let wanted_below: Vec<Card> = pile.iter().copied().filter(|&w| goal.wants(w)).collect();
    let top_wanted = pile.last().is_none_or(|&t| goal.wants(t));
    if goal.wants(x) {
        if goal.ready(x) {
            return 50;
        }
        // A sorted push: everything wanted below comes later than x.
        let sorted = wanted_below.iter().all(|w| w.rank >= x.rank);
        match (sorted, top_wanted) {
            (true, true) => 2,
            (true, false) => 6,
            _ => 30 + x.rank as i32,
        }
    } else if wanted_below.is_empty() {
        0
    } else if !top_wanted {
        4
    } else {
        10
    }
}

/// Harm of a discard, plus a penalty when only the last card is left in the draw pile,
/// the player must stall, and the discard would leave no other pile to draw from (the
/// round would end on this draw).
fn discard_cost(s: &State, goal: &Goal, x: Card) -> i32 {
    let n = s.rules().colour_count() as u8;
    let other_pile = (0..n).any(|c| c != x.colour && !s.pile(c).is_empty());
    let stuck = s.draw_pile_len() == 1 && goal.must_stall(s) && !other_pile;
    // Near the end, junk on an empty pile gives the players something to stall with.
    let open_piles = (0..n).filter(|&c| !s.pile(c).is_empty()).count();
    let seeds =
        s.draw_pile_len() <= 4 && open_piles < 3 && !goal.wants(x) && s.pile(x.colour).is_empty();
    discard_harm(s, goal, x) + if stuck { 1000 } else { 0 } - if seeds { 5 } else { 0 }
}

/// How useful drawing the top of pile `c` is for player `p` (None: do not).
fn draw_value(s: &State, goal: &Goal, p: usize, c: u8) -> Option<i32> {
    let pile = s.pile(c);
    let top = *pile.last()?;
    let depth = goal.ready_depth(s, c);
    if depth == Some(0) {
        return if p == 0 { Some(100) } else { None };
    }
    match goal.policy {
        Policy::Tops => return Some(if goal.wants(top) { -1 } else { 1 }),
        Policy::Hold => {
            let room = s.hand(p).iter().filter(|&&c| !goal.wants(c)).count() >= 2;
            return Some(if !goal.wants(top) {
                1
            } else if room {
                16
            } else {
                -1
            });
        }
        Policy::Dig => {}
    }
    if depth.is_some() {
        return Some(25); // dig towards a ready card
    }
    if !goal.wants(top) {
        let below_wanted = pile.len() >= 2 && goal.wants(pile[pile.len() - 2]);
        return Some(if below_wanted { 20 } else { 1 });
    }
    let blocks = pile[..pile.len() - 1]
        .iter()
        .any(|&w| goal.wants(w) && w.rank < top.rank);
    Some(if blocks { 15 } else { -1 })
}

/// The draw for player `p` after putting a card on pile `discarded_on` (if any).
fn choose_draw(s: &State, goal: &Goal, p: usize, discarded_on: Option<u8>) -> Source {
    let n = s.rules().colour_count() as u8;
    let best = (0..n)
        .filter(|&c| Some(c) != discarded_on)
        .filter_map(|c| draw_value(s, goal, p, c).map(|v| (v, c)))
        .max_by_key(|&(v, c)| (v, std::cmp::Reverse(c)));
    let stall = goal.must_stall(s);
    match best {
        Some((v, c)) if v >= 15 => Source::Pile(c),
        Some((v, c)) if stall && v >= 1 => Source::Pile(c),
        Some((_, c)) if stall && s.draw_pile_len() == 1 => Source::Pile(c),
        _ => Source::Deck,
    }
}

/// Player 1's turn under the planner: play a ready card, else shed the least harmful card.
fn p1_move(s: &State, goal: &Goal) -> Move {
    let hand = s.hand(0);
    if let Some(&c) = hand.iter().find(|&&c| goal.ready(c) && s.can_play(0, c)) {
        let mut after = Goal {
            wanted: goal.wanted.clone(),
            policy: goal.policy,
        };
        after.remove(c);
        return Move {
            card: c,
            place: Place::Expedition,
            source: choose_draw(s, &after, 0, None),
        };
    }
    let card = *hand
        .iter()
        .min_by_key(|&&c| discard_cost(s, goal, c))
        .expect("non-empty hand");
    Move {
        card,
        place: Place::Discard,
        source: choose_draw(s, goal, 0, Some(card.colour)),
    }
}

/// Player 2's turn: pass a ready card through its discard pile, else shed the least
/// harmful card, keeping wanted cards. It never plays on its own expeditions.
fn p2_move(s: &State, goal: &Goal) -> Move {
    let hand = s.hand(1);
    let n = s.rules().colour_count() as u8;
    // Passing is pointless if the pass leaves no other pile and the draw would end the round.
    let can_pass =
        |c: Card| s.draw_pile_len() > 1 || (0..n).any(|d| d != c.colour && !s.pile(d).is_empty());
    let (card, place) = if let Some(&c) = hand
        .iter()
        .find(|&&c| goal.ready(c) && goal.ready_depth(s, c.colour).is_none() && can_pass(c))
    {
        (c, Place::Discard)
    } else {
        // Not onto its own expeditions: every card there is a card the piles lack at
        // the end, when each of player 1's last plays uses up one discard. Except when
        // every discard would end the round (one pile left, all of its colour in hand):
        // a junk card played keeps the round going.
        let c = *hand
            .iter()
            .min_by_key(|&&c| discard_cost(s, goal, c))
            .expect("non-empty hand");
        let stuck = discard_cost(s, goal, c) >= 1000;
        match hand.iter().find(|&&j| !goal.wants(j) && s.can_play(1, j)) {
            Some(&j) if stuck => (j, Place::Expedition),
            _ => (c, Place::Discard),
        }
    };
    let on = (place == Place::Discard).then_some(card.colour);
    Move {
        card,
        place,
        source: choose_draw(s, goal, 1, on),
    }
}

/// Play one fixed deck with both players steered towards `target` (player 1's wanted
/// expedition cards). Returns the finished state; every move is checked by the referee.
///
/// A move that would repeat an earlier position draws from another pile (a new
/// position) or, failing that, from the draw pile, so the planner never cycles.
pub fn cooperate<'r>(
    rules: &'r Rules,
    deck: &[Card],
    target: &[Card],
    policy: Policy,
) -> Result<State<'r>> {
    let mut s = State::new(rules, deck.to_vec())?;
    let mut goal = Goal {
        wanted: target.to_vec(),
        policy,
    };
    let mut seen: HashSet<Vec<u16>> = HashSet::new();
    let cap = 12 * rules.deck_size();
    while !s.is_terminal() {
        let mut m = if s.current_player() == 0 {
            p1_move(&s, &goal)
        } else {
            p2_move(&s, &goal)
        };
        if s.turn() > cap {
            // Safety net against cycles: only draw pile draws from here on.
            m.source = Source::Deck;
        }
        if s.check(&m).is_err() {
            m.source = Source::Deck;
        }
        if m.source != Source::Deck {
            // Another pile (a position not seen before) rather than repeat; the draw pile last.
            let n = rules.colour_count() as u8;
            let options = std::iter::once(m.source).chain((0..n).map(Source::Pile));
            let mut chosen = Source::Deck;
            for source in options {
                let alt = Move { source, ..m };
                if s.check(&alt).is_err() {
                    continue;
                }
                let mut t = s.clone();
                t.apply_unchecked(alt);
                if seen.insert(t.key(false)) {
                    chosen = source;
                    break;
                }
            }
            m.source = chosen;
        }
        if let Err(e) = s.apply_action(m) {
            bail!("cooperative planner made an illegal move: {e}");
        }
        if s.current_player() == 1 && m.place == Place::Expedition {
            goal.remove(m.card);
        }
    }
    Ok(s)
}

/// Result of the fixed-deck search.
#[derive(Debug, Clone)]
pub struct FixedDeck {
    /// The ILP relaxation: the upper bound.
    pub upper: Plan,
    /// The best game found.
    pub record: Record,
    pub score: i32,
    /// Planner runs tried.
    pub runs: usize,
}

/// When each card comes out: its deck position, or 0 for the two opening hands (the last
/// copy for wagers).
fn appearance(rules: &Rules, deck: &[Card], x: Card) -> usize {
    let h2 = 2 * rules.hand_size;
    deck.iter()
        .rposition(|&d| d == x)
        .map(|i| if i < h2 { 0 } else { i })
        .unwrap_or(0)
}

/// Tie-break cost for aiming: how many higher cards of the same colour come out before
/// `x` (each must be stored until `x` is played), scaled so a plan's total stays below 1.
fn storage_cost(rules: &Rules, deck: &[Card], x: Card) -> f64 {
    let t = appearance(rules, deck, x);
    let n = deck.len() as f64;
    let earlier = deck
        .iter()
        .filter(|y| y.colour == x.colour && y.rank > x.rank && appearance(rules, deck, **y) < t)
        .count() as f64;
    earlier / (n * n)
}

/// Upper bound (relaxation without the last card of the draw pile) and the best planner
/// game for player 1 on one deck. Each round aims the planner (every policy) at three
/// plans of the same value — the solver's, the one that stores fewest cards out of order,
/// and one picked by a seeded random tie-break — then drops the cards the best run missed
/// and solves again.
pub fn fixed_deck(
    rules: &Rules,
    deck: &[Card],
    rounds: usize,
    opts: &SolveOptions,
) -> Result<FixedDeck> {
    let last = *deck.last().expect("non-empty deck");
    let mut excluded = vec![last];
    let upper = model::solve(
        rules,
        &Limits::without(rules, &excluded),
        Sense::Maximise,
        opts,
    )?;
    let cost = |x: Card| storage_cost(rules, deck, x);
    let mut best: Option<(i32, Record)> = None;
    let mut runs = 0;
    for round in 0..rounds.max(1) {
        let lim = Limits::without(rules, &excluded);
        let plain = if round == 0 {
            upper.clone()
        } else {
            model::solve(rules, &lim, Sense::Maximise, opts)?
        };
        // A third plan of the same value, picked by a seeded random tie-break.
        let n2 = (deck.len() * deck.len()) as f64;
        let shake = |x: Card| {
            let seed = (round as u64) << 16 | (x.colour as u64) << 8 | x.rank as u64;
            crate::rng::Rng::new(seed).unit() * 10.0 / n2
        };
        let mut round_best: Option<(i32, Vec<Card>, Vec<Card>)> = None;
        for aim in 0..3 {
            // The other aims are solved only while the bound is not reached.
            if best.as_ref().is_some_and(|(b, _)| *b as i64 >= upper.score) {
                break;
            }
            let plan = match aim {
                0 => plain.clone(),
                1 => model::solve_preferring(rules, &lim, opts, &cost)?,
                _ => model::solve_preferring(rules, &lim, opts, &shake)?,
            };
            for policy in POLICIES {
                runs += 1;
                let s = cooperate(rules, deck, &plan.cards, policy)?;
                let score = s.score(0);
                if best.as_ref().is_none_or(|(b, _)| score > *b) {
                    best = Some((score, s.record()));
                }
                if round_best.as_ref().is_none_or(|(b, _, _)| score > *b) {
                    round_best = Some((score, plan.cards.clone(), s.expedition_cards(0)));
                }
            }
        }
        let (score, target, mut played) = round_best.expect("at least three runs");
        if score as i64 >= upper.score {
            break;
        }
        let mut missed = Vec::new();
        for &c in &target {
            match played.iter().position(|&p| p == c) {
                Some(i) => {
                    played.remove(i);
                }
                None => missed.push(c),
            }
        }
        if missed.is_empty() {
            break;
        }
        excluded.extend(missed);
    }
    let (score, record) = best.expect("at least one run");
    Ok(FixedDeck {
        upper,
        record,
        score,
        runs,
    })
}
