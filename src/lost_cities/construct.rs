//! Building a full game (deck order and every move of both players) in which player 1
//! ends with exactly a given set of expedition cards, when the deck order is free.
//!
//! The pipeline: player 1 takes T = deck − 2·hand − 1 turns and plays (or discards) one
//! card of a sequence q₁ … q_T per turn. Its hand is q_k plus hand−1 cards it never
//! touches. Player 2 is a conveyor belt: each turn it discards the card player 1 needs
//! next-but-one and draws from the draw pile; player 1 picks that discard up. So only
//! player 2's draws shrink the draw pile, plus player 1's first draw (no discard pile is
//! open yet) and last draw (which ends the round). Counting: 1 + (T − 1) + 1 = deck − 2·hand
//! draws — the whole draw pile — so player 1 gets exactly T turns, the most possible.
//! Junk discarded by player 1 is ordered so that two consecutive junk cards differ in
//! colour (player 1 never discards onto the pile it must draw from).

use anyhow::{bail, Result};

use super::cards::Card;
use super::engine::{Move, Place, Record, Source};
use super::rules::Rules;

/// Remove one copy of each of `take` from `from`.
fn minus(from: &[Card], take: &[Card]) -> Result<Vec<Card>> {
    let mut rest = from.to_vec();
    for c in take {
        match rest.iter().position(|d| d == c) {
            Some(i) => {
                rest.remove(i);
            }
            None => bail!("card {c} is used more often than the deck holds it"),
        }
    }
    Ok(rest)
}

/// Order `n` junk cards from `pool` so that neighbours differ in colour (greedy: always
/// take from the colour with most cards left, other than the previous one).
fn alternate(pool: &mut Vec<Card>, n: usize) -> Result<Vec<Card>> {
    let mut out: Vec<Card> = Vec::with_capacity(n);
    for _ in 0..n {
        let prev = out.last().map(|c| c.colour);
        let mut best: Option<(usize, usize)> = None;
        for (i, c) in pool.iter().enumerate() {
            if Some(c.colour) == prev {
                continue;
            }
            let left = pool.iter().filter(|d| d.colour == c.colour).count();
            if best.is_none_or(|(_, l)| left > l) {
                best = Some((i, left));
            }
        }
        let Some((i, _)) = best else {
            bail!("cannot order the discarded cards so that neighbours differ in colour")
        };
        out.push(pool.remove(i));
    }
    Ok(out)
}

/// A record in which player 1's expeditions end as exactly `plays` (given in a legal play
/// order: per colour wagers first, then increasing numbers). Needs `plays.len()` ≤ capacity.
pub fn free_order_game(rules: &Rules, plays: &[Card]) -> Result<Record> {
    let h = rules.hand_size;
    let t = rules.expedition_capacity();
    if plays.len() > t {
        bail!(
            "{} expedition cards cannot all be played: player 1 gets at most {t} turns",
            plays.len()
        );
    }
    let mut rest = minus(&rules.full_deck(), plays)?;
    let junk = alternate(&mut rest, t - plays.len())?;
    // q: what player 1 plays or discards, turn by turn.
    let q: Vec<Card> = plays.iter().copied().chain(junk).collect();
    let x = rest.pop().expect("one card for player 2's last discard");
    let e2: Vec<Card> = rest.drain(..h).collect();
    let e1: Vec<Card> = rest.drain(..h).collect();
    debug_assert!(rest.is_empty());
    // Player 2 discards q_3 … q_T, then x; its belt is that list followed by its final hand.
    let p: Vec<Card> = q[2..].iter().copied().chain([x]).collect();
    let belt: Vec<Card> = p.iter().copied().chain(e2).collect();
    let mut deck = vec![q[0]];
    deck.extend(&e1[..h - 1]);
    deck.extend(&belt[..h]);
    deck.push(q[1]);
    deck.extend(&belt[h..]);
    deck.push(e1[h - 1]);
    let mut moves = Vec::with_capacity(2 * t - 1);
    for k in 1..=t {
        let card = q[k - 1];
        let place = if k <= plays.len() {
            Place::Expedition
        } else {
            Place::Discard
        };
        let source = if k == 1 || k == t {
            Source::Deck
        } else {
            Source::Pile(p[k - 2].colour)
        };
        moves.push(Move {
            card,
            place,
            source,
        });
        if k < t {
            moves.push(Move {
                card: p[k - 1],
                place: Place::Discard,
                source: Source::Deck,
            });
        }
    }
    Ok(Record { deck, moves })
}
