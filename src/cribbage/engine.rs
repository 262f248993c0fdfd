//! The referee: scores four hand cards plus the start card, item by item (each 15, each
//! pair, each run, the flush, his nob), and a fast scorer for the enumerations.
//!
//! Two scorers, one set of rules. [`breakdown`] follows the rules literally (every subset
//! of the five cards for 15s, every two cards for pairs, every choice of one card per rank
//! of a maximal run), so it is the reference. [`Scorer`] is the same arithmetic tabulated:
//! 15s + pairs + runs depend only on the five ranks, so they are looked up in a
//! 13⁵-entry table filled by [`rank_points`]; flush and nob are two bit tests. A test
//! checks that the two agree on 3.7 million pairs (every 7th hand, every start card, hand
//! and crib rules).

use std::sync::OnceLock;

use serde::{Deserialize, Serialize};

use super::rules::{Card, JACK};
use super::ruleset::Flush;

/// What one scoring item is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Kind {
    Fifteen,
    Pair,
    Run,
    Flush,
    Nob,
}

/// One scoring item: the cards that make it and its points.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Item {
    pub kind: Kind,
    pub cards: Vec<Card>,
    pub points: u32,
}

/// Every item of a hand, and the total.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Breakdown {
    pub items: Vec<Item>,
    pub total: u32,
}

impl Breakdown {
    /// Points of one kind.
    pub fn points(&self, kind: Kind) -> u32 {
        self.items
            .iter()
            .filter(|i| i.kind == kind)
            .map(|i| i.points)
            .sum()
    }
}

/// Score a hand with its start card, item by item, exactly as the rules read.
pub fn breakdown(hand: &[Card; 4], start: Card, flush: Flush) -> Breakdown {
    let five = [hand[0], hand[1], hand[2], hand[3], start];
    let mut items = Vec::new();
    // 15s: every subset of the five cards whose values sum to 15 scores 2.
    for mask in 1u32..32 {
        let cards: Vec<Card> = (0..5)
            .filter(|i| mask >> i & 1 == 1)
            .map(|i| five[i])
            .collect();
        if cards.iter().map(|c| c.value() as u32).sum::<u32>() == 15 {
            items.push(Item {
                kind: Kind::Fifteen,
                cards,
                points: 2,
            });
        }
    }
    // Pairs: every two cards of equal rank score 2.
    for i in 0..5 {
        for j in i + 1..5 {
            if five[i].rank() == five[j].rank() {
                items.push(Item {
                    kind: Kind::Pair,
                    cards: vec![five[i], five[j]],
                    points: 2,
                });
            }
        }
    }
    // Runs: a maximal run of 3+ consecutive ranks scores its length for every way of
    // choosing one card of each of its ranks.
    let mut by_rank: Vec<Vec<Card>> = vec![Vec::new(); 13];
    for c in five {
        by_rank[c.rank() as usize].push(c);
    }
    let mut r = 0;
    while r < 13 {
        if by_rank[r].is_empty() {
            r += 1;
            continue;
        }
        let lo = r;
        while r < 13 && !by_rank[r].is_empty() {
            r += 1;
        }
        if r - lo >= 3 {
            let mut combos: Vec<Vec<Card>> = vec![Vec::new()];
            for cards in &by_rank[lo..r] {
                combos = combos
                    .iter()
                    .flat_map(|prefix| {
                        cards.iter().map(move |&c| {
                            let mut p = prefix.clone();
                            p.push(c);
                            p
                        })
                    })
                    .collect();
            }
            for cards in combos {
                let points = cards.len() as u32;
                items.push(Item {
                    kind: Kind::Run,
                    cards,
                    points,
                });
            }
        }
    }
    // Flush: four hand cards of one suit score 4, 5 with the start; where only the
    // five-card flush counts (the crib, standard), 5 or nothing.
    let suit = hand[0].suit();
    if hand.iter().all(|c| c.suit() == suit) {
        if start.suit() == suit {
            items.push(Item {
                kind: Kind::Flush,
                cards: five.to_vec(),
                points: 5,
            });
        } else if flush == Flush::FourOrFive {
            items.push(Item {
                kind: Kind::Flush,
                cards: hand.to_vec(),
                points: 4,
            });
        }
    }
    // His nob: the jack in hand of the start card's suit.
    for &c in hand {
        if c.rank() == JACK && c.suit() == start.suit() {
            items.push(Item {
                kind: Kind::Nob,
                cards: vec![c],
                points: 1,
            });
        }
    }
    let total = items.iter().map(|i| i.points).sum();
    Breakdown { items, total }
}

/// 15s + pairs + runs of five ranks (0 = ace … 12 = king), counted from rank counts.
/// Fills the fast scorer's table; tests check it against [`breakdown`].
pub fn rank_points(ranks: [u8; 5]) -> u8 {
    let mut points = 0u32;
    for mask in 1u32..32 {
        let sum: u32 = (0..5)
            .filter(|i| mask >> i & 1 == 1)
            .map(|i| (ranks[i] as u32 + 1).min(10))
            .sum();
        if sum == 15 {
            points += 2;
        }
    }
    let mut count = [0u32; 13];
    for r in ranks {
        count[r as usize] += 1;
    }
    for &k in &count {
        points += k * (k.saturating_sub(1)); // 2 × C(k, 2)
    }
    let mut r = 0;
    while r < 13 {
        let lo = r;
        let mut ways = 1;
        while r < 13 && count[r] > 0 {
            ways *= count[r];
            r += 1;
        }
        if r - lo >= 3 {
            points += (r - lo) as u32 * ways;
        }
        r += 1;
    }
    points as u8
}

/// Index of five ranks in the 13⁵ table (any order).
#[inline(always)]
fn rank_index(r: [u8; 5]) -> usize {
    (((r[0] as usize * 13 + r[1] as usize) * 13 + r[2] as usize) * 13 + r[3] as usize) * 13
        + r[4] as usize
}

/// The fast scorer: a table of 15s + pairs + runs by five ranks, plus bit tests for
/// flush and nob. About 10 ns a random (hand, start) pair, 3 ns when a hand is scored
/// against all its start cards (see `results/bench-cribbage.md`).
pub struct Scorer {
    ranks: Vec<u8>,
}

impl Scorer {
    /// The shared table (built once per process, about 10 ms).
    pub fn get() -> &'static Scorer {
        static S: OnceLock<Scorer> = OnceLock::new();
        S.get_or_init(|| {
            let mut ranks = vec![0u8; 13usize.pow(5)];
            for (i, slot) in ranks.iter_mut().enumerate() {
                let mut r = [0u8; 5];
                let mut x = i;
                for k in (0..5).rev() {
                    r[k] = (x % 13) as u8;
                    x /= 13;
                }
                *slot = rank_points(r);
            }
            Scorer { ranks }
        })
    }

    /// The score of a hand (card ids) with a start card.
    #[inline(always)]
    pub fn score(&self, hand: [u8; 4], start: u8, flush: Flush) -> u32 {
        let h = HandKey::new(hand);
        self.score_key(&h, start, flush)
    }

    /// The score of a prepared hand with a start card.
    #[inline(always)]
    pub fn score_key(&self, h: &HandKey, start: u8, flush: Flush) -> u32 {
        let s_suit = start & 3;
        let base = self.ranks[h.partial * 13 + (start >> 2) as usize] as u32;
        let nob = (h.jack_suits >> s_suit) as u32 & 1;
        let flush = match h.flush_suit {
            Some(f) if f == s_suit => 5,
            Some(_) if flush == Flush::FourOrFive => 4,
            _ => 0,
        };
        base + nob + flush
    }
}

/// What the fast scorer needs to know about four hand cards, computed once per hand.
#[derive(Debug, Clone, Copy)]
pub struct HandKey {
    partial: usize,
    jack_suits: u8,
    flush_suit: Option<u8>,
}

impl HandKey {
    #[inline(always)]
    pub fn new(hand: [u8; 4]) -> HandKey {
        let partial = rank_index([hand[0] >> 2, hand[1] >> 2, hand[2] >> 2, hand[3] >> 2, 0]) / 13;
        let mut jack_suits = 0u8;
        for c in hand {
            if c >> 2 == JACK {
                jack_suits |= 1 << (c & 3);
            }
        }
        let s = hand[0] & 3;
        let flush_suit = (hand.iter().all(|c| c & 3 == s)).then_some(s);
        HandKey {
            partial,
            jack_suits,
            flush_suit,
        }
    }
}

/// Score with the referee's item list (convenience for callers holding `Card`s).
pub fn score(hand: &[Card; 4], start: Card, flush: Flush) -> u32 {
    breakdown(hand, start, flush).total
}

#[cfg(test)]
mod tests {
    use super::super::rules::parse_cards;
    use super::*;
    const HAND: Flush = Flush::FourOrFive;
    const CRIB: Flush = Flush::FiveOnly;

    fn case(hand: &str, start: &str) -> (Breakdown, u32) {
        let h = parse_cards(&[hand]).unwrap();
        let s = parse_cards(&[start]).unwrap()[0];
        let hand = [h[0], h[1], h[2], h[3]];
        let b = breakdown(&hand, s, HAND);
        let fast = Scorer::get().score(hand.map(|c| c.0), s.0, HAND);
        (b, fast)
    }

    #[test]
    fn spec_worked_cases() {
        for (hand, start, want) in [
            ("7C QH 2C JC", "9H", 0),
            ("AS 3H KH 7H", "KS", 2),
            ("AS 3H KH 7H", "2D", 5),
            ("6C 7C 8C 9C", "8S", 20),
            ("7H 9S 8C 7C", "8H", 24),
            ("5H 5S 5C JD", "5D", 29),
        ] {
            let (b, fast) = case(hand, start);
            assert_eq!(b.total, want, "{hand} / {start}: {b:?}");
            assert_eq!(fast, want, "{hand} / {start} (fast)");
        }
    }

    #[test]
    fn breakdown_items_of_29() {
        let (b, _) = case("5H 5S 5C JD", "5D");
        assert_eq!(b.points(Kind::Fifteen), 16); // 8 fifteens
        assert_eq!(b.points(Kind::Pair), 12);
        assert_eq!(b.points(Kind::Nob), 1);
        assert_eq!(b.points(Kind::Run), 0);
        let (b, _) = case("6C 7C 8C 9C", "8S");
        assert_eq!(b.points(Kind::Flush), 4);
        assert_eq!(b.points(Kind::Run), 8);
        assert_eq!(b.points(Kind::Fifteen), 6);
        assert_eq!(b.points(Kind::Pair), 2);
    }

    #[test]
    fn crib_flush_needs_five() {
        let h = parse_cards(&["2H 4H 6H 8H"]).unwrap();
        let hand = [h[0], h[1], h[2], h[3]];
        let off = parse_cards(&["KS"]).unwrap()[0];
        let on = parse_cards(&["KH"]).unwrap()[0];
        assert_eq!(breakdown(&hand, off, HAND).points(Kind::Flush), 4);
        assert_eq!(breakdown(&hand, off, CRIB).points(Kind::Flush), 0);
        assert_eq!(breakdown(&hand, on, CRIB).points(Kind::Flush), 5);
    }

    /// The fast scorer equals the literal referee on a deterministic sweep of pairs
    /// (every 7th hand of all 270,725, every start, both variants).
    #[test]
    fn fast_scorer_matches_referee() {
        let s = Scorer::get();
        let mut n = 0u64;
        let mut checked = 0;
        for a in 0..52u8 {
            for b in a + 1..52 {
                for c in b + 1..52 {
                    for d in c + 1..52 {
                        n += 1;
                        if !n.is_multiple_of(7) {
                            continue;
                        }
                        let hand = [Card(a), Card(b), Card(c), Card(d)];
                        for st in 0..52u8 {
                            if [a, b, c, d].contains(&st) {
                                continue;
                            }
                            for v in [HAND, CRIB] {
                                let want = breakdown(&hand, Card(st), v).total;
                                let got = s.score([a, b, c, d], st, v);
                                assert_eq!(got, want, "{hand:?} {st} {v:?}");
                                checked += 1;
                            }
                        }
                    }
                }
            }
        }
        assert!(checked > 3_000_000);
    }
}
