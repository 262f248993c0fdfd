//! Searches on the engine.
//!
//! - [`exhaustive`]: every reachable position of a miniature variant, free deck order (the
//!   top card is chosen at each draw) or a fixed one; the best and worst final score of
//!   player 1. This is the brute force the ILP is tested against.
//! - [`cooperate`]: a planner that steers both players through one fixed deck towards a
//!   target set of expedition cards for player 1 — player 2 passes the cards player 1
//!   needs through the discard piles, and both stall by cycling junk through the discard
//!   piles (which never shrinks the draw pile) while player 1 has cards to play.
//! - [`fixed_deck`]: the lower bound of `bound --seed/--deck`: the planner aimed at the
//!   ILP's expeditions, re-aimed a few times without the cards it missed; the best game
//!   the referee scores wins.

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
    let mut seen: HashSet<Vec<u8>> = HashSet::new();
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
}

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

    /// No wanted card lies in the pile of colour c.
    fn pile_clear(&self, s: &State, colour: u8) -> bool {
        s.pile(colour).iter().all(|&c| !self.wants(c))
    }

    fn top_ready(&self, s: &State, colour: u8) -> bool {
        s.pile_top(colour).is_some_and(|c| self.ready(c))
    }

    /// Player 1 has something to play soon: a ready card in a hand or on a pile top.
    fn work_queued(&self, s: &State) -> bool {
        s.hand(0).iter().chain(s.hand(1)).any(|&c| self.ready(c))
            || (0..s.rules().colour_count() as u8).any(|c| self.top_ready(s, c))
    }
}

/// Pick the draw: a wanted pile top (if `take_wanted`), a ready top (if `take_ready`),
/// a junk top to stall while work is queued, or the draw pile.
fn choose_draw(
    s: &State,
    goal: &Goal,
    discarded_on: Option<u8>,
    take_ready: bool,
    take_wanted: bool,
    stall: bool,
) -> Source {
    let n = s.rules().colour_count() as u8;
    let open = |c: u8| Some(c) != discarded_on && s.pile_top(c).is_some();
    if take_ready {
        if let Some(c) = (0..n).find(|&c| open(c) && goal.top_ready(s, c)) {
            return Source::Pile(c);
        }
    }
    if take_wanted {
        if let Some(c) = (0..n).find(|&c| open(c) && goal.wants(s.pile_top(c).unwrap())) {
            return Source::Pile(c);
        }
    }
    if stall || s.draw_pile_len() == 1 && goal.work_queued(s) {
        // Junk tops whose removal uncovers nothing wanted first.
        let junk = |c: u8| open(c) && !goal.wants(s.pile_top(c).unwrap());
        if let Some(c) = (0..n).find(|&c| junk(c)) {
            return Source::Pile(c);
        }
    }
    Source::Deck
}

/// Player 1's turn under the planner.
fn p1_move(s: &State, goal: &Goal) -> Move {
    let hand = s.hand(0);
    if let Some(&c) = hand.iter().find(|&&c| goal.ready(c) && s.can_play(0, c)) {
        let mut after = Goal {
            wanted: goal.wanted.clone(),
        };
        after.remove(c);
        let source = choose_draw(s, &after, None, true, true, after.work_queued(s));
        return Move {
            card: c,
            place: Place::Expedition,
            source,
        };
    }
    let card = discard_choice(s, goal, hand);
    let rest_has_junk = hand.iter().filter(|&&c| c != card).any(|&c| !goal.wants(c));
    let source = choose_draw(
        s,
        goal,
        Some(card.colour),
        true,
        rest_has_junk,
        goal.work_queued(s),
    );
    Move {
        card,
        place: Place::Discard,
        source,
    }
}

/// Which card to give up: junk on a pile that hides nothing wanted, then any junk on a
/// pile without a ready top, then any junk, then the highest wanted card.
fn discard_choice(s: &State, goal: &Goal, hand: &[Card]) -> Card {
    let junk: Vec<Card> = hand.iter().copied().filter(|&c| !goal.wants(c)).collect();
    if let Some(&c) = junk.iter().find(|c| goal.pile_clear(s, c.colour)) {
        return c;
    }
    if let Some(&c) = junk.iter().find(|c| !goal.top_ready(s, c.colour)) {
        return c;
    }
    if let Some(&c) = junk.first() {
        return c;
    }
    *hand
        .iter()
        .filter(|&&c| !goal.top_ready(s, c.colour))
        .max_by_key(|c| c.rank)
        .unwrap_or_else(|| hand.iter().max_by_key(|c| c.rank).unwrap())
}

/// Player 2's turn: pass a ready card, else shed junk (on its own expeditions when a
/// discard would bury a wanted card), keep wanted cards.
fn p2_move(s: &State, goal: &Goal) -> Move {
    let hand = s.hand(1);
    let (card, place) = if let Some(&c) = hand.iter().find(|&&c| goal.ready(c)) {
        (c, Place::Discard)
    } else {
        let junk: Vec<Card> = hand.iter().copied().filter(|&c| !goal.wants(c)).collect();
        if let Some(&c) = junk.iter().find(|c| goal.pile_clear(s, c.colour)) {
            (c, Place::Discard)
        } else if let Some(&c) = junk.iter().find(|&&c| s.can_play(1, c)) {
            (c, Place::Expedition)
        } else if let Some(&c) = junk.first() {
            (c, Place::Discard)
        } else {
            (*hand.iter().max_by_key(|c| c.rank).unwrap(), Place::Discard)
        }
    };
    let on = (place == Place::Discard).then_some(card.colour);
    let rest_has_junk = hand.iter().filter(|&&c| c != card).any(|&c| !goal.wants(c));
    // Leave ready tops for player 1; hold other wanted tops; stall while work is queued.
    let take_wanted = rest_has_junk && !goal.ready(card);
    let source = choose_draw(s, goal, on, false, take_wanted, goal.work_queued(s));
    let source = match source {
        Source::Pile(c) if goal.top_ready(s, c) => Source::Deck,
        x => x,
    };
    Move {
        card,
        place,
        source,
    }
}

/// Play one fixed deck with both players steered towards `target` (player 1's wanted
/// expedition cards). Returns the finished state; every move is checked by the referee.
pub fn cooperate<'r>(rules: &'r Rules, deck: &[Card], target: &[Card]) -> Result<State<'r>> {
    let mut s = State::new(rules, deck.to_vec())?;
    let mut goal = Goal {
        wanted: target.to_vec(),
    };
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

/// Upper bound (relaxation without the last card of the draw pile) and the best planner
/// game for player 1 on one deck.
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
    let mut plan = upper.clone();
    let mut best: Option<(i32, Record)> = None;
    let mut runs = 0;
    for _ in 0..rounds.max(1) {
        runs += 1;
        let s = cooperate(rules, deck, &plan.cards)?;
        let score = s.score(0);
        if best.as_ref().is_none_or(|(b, _)| score > *b) {
            best = Some((score, s.record()));
        }
        let mut played = s.expedition_cards(0);
        let mut missed = Vec::new();
        for &c in &plan.cards {
            match played.iter().position(|&p| p == c) {
                Some(i) => {
                    played.remove(i);
                }
                None => missed.push(c),
            }
        }
        if missed.is_empty() || score as i64 >= upper.score {
            break;
        }
        excluded.extend(missed);
        plan = model::solve(
            rules,
            &Limits::without(rules, &excluded),
            Sense::Maximise,
            opts,
        )?;
    }
    let (score, record) = best.expect("at least one run");
    Ok(FixedDeck {
        upper,
        record,
        score,
        runs,
    })
}
