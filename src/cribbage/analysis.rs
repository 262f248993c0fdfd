//! Exact answers by enumeration, on top of the referee's fast scorer: the distribution of
//! all 12,994,800 (hand, start) pairs, expected values of every keep of a deal, the
//! best-keep table over all 20,358,520 six-card deals, and constrained maxima (the
//! oracle the ILP is tested against).
//!
//! All sums are integers; expected values are [`Frac`]s. Work is split over threads by a
//! shared counter of work items and merged by addition, so the result does not depend on
//! the number of threads.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Instant;

use anyhow::{bail, Result};
use serde::{Deserialize, Serialize};

use super::engine::{HandKey, Scorer};
use super::frac::Frac;
use super::rules::{Card, Query, Variant};
use super::ruleset::{CribbageRules, Flush};

/// Highest possible score of five cards.
pub const MAX_SCORE: usize = 29;
/// All (hand, start) pairs: C(52,4) × 48.
pub const ALL_PAIRS: u64 = 270_725 * 48;
/// All six-card deals: C(52,6).
pub const ALL_DEALS: u64 = 20_358_520;

/// Run `work(state, item)` for items `0..items` on `threads` threads, each with its own
/// state from `init`; returns the states (merge them by addition).
pub fn parallel<T: Send>(
    items: usize,
    threads: usize,
    init: impl Fn() -> T + Sync,
    work: impl Fn(&mut T, usize) + Sync,
) -> Vec<T> {
    let next = AtomicUsize::new(0);
    let out = Mutex::new(Vec::new());
    std::thread::scope(|s| {
        for _ in 0..threads.max(1) {
            s.spawn(|| {
                let mut state = init();
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= items {
                        break;
                    }
                    work(&mut state, i);
                }
                out.lock().unwrap().push(state);
            });
        }
    });
    out.into_inner().unwrap()
}

// ---------------------------------------------------------------- distribution

/// How many of all (hand, start) pairs score each value.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Distribution {
    pub crib: bool,
    pub pairs: u64,
    /// `counts[s]` = number of pairs scoring s (0..=29).
    pub counts: Vec<u64>,
    pub total_points: u64,
    pub mean: Frac,
    /// Scores 0..=29 that no pair reaches.
    pub impossible: Vec<u32>,
}

/// Count every (hand, start) pair of the deck by score, by hand or crib counting under
/// `rules` (the player count does not matter: every hand is equally likely).
pub fn distribution(crib: bool, rules: &CribbageRules, threads: usize) -> Distribution {
    let sc = Scorer::get();
    let flush = rules.flush(Variant::from_crib(crib));
    let parts = parallel(
        49,
        threads,
        || [0u64; MAX_SCORE + 1],
        |counts, a| {
            let a = a as u8;
            for b in a + 1..52 {
                for c in b + 1..52 {
                    for d in c + 1..52 {
                        let key = HandKey::new([a, b, c, d]);
                        let mask = 1u64 << a | 1u64 << b | 1u64 << c | 1u64 << d;
                        for st in 0..52u8 {
                            if mask >> st & 1 == 0 {
                                counts[sc.score_key(&key, st, flush) as usize] += 1;
                            }
                        }
                    }
                }
            }
        },
    );
    let mut counts = vec![0u64; MAX_SCORE + 1];
    for p in parts {
        for (t, x) in counts.iter_mut().zip(p) {
            *t += x;
        }
    }
    let pairs: u64 = counts.iter().sum();
    let total_points: u64 = counts.iter().enumerate().map(|(s, &n)| s as u64 * n).sum();
    let impossible = (0..=MAX_SCORE as u32)
        .filter(|&s| counts[s as usize] == 0)
        .collect();
    Distribution {
        crib,
        pairs,
        mean: Frac::new(total_points as i128, pairs as i128),
        counts,
        total_points,
        impossible,
    }
}

// ---------------------------------------------------------------- discard

/// Whose crib it is when discarding.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Role {
    /// Hand value only.
    None,
    /// Your crib: its expected value is added.
    Dealer,
    /// The opponent's crib: its expected value is subtracted.
    Pone,
}

/// One way to split a deal: the four cards kept and their exact expected values.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct KeepEv {
    pub keep: Vec<Card>,
    pub discard: Vec<Card>,
    /// Expected hand value over every start card not dealt to you.
    pub hand: Frac,
    /// Expected crib value (your discards, unknown cards to fill it, the start), when a
    /// role is given.
    pub crib: Option<Frac>,
    /// hand + crib (dealer), hand − crib (pone), or hand.
    pub total: Frac,
}

/// Every keep of a deal (6 cards with two players, 5 with three or four) with its exact
/// expected value, best first. The start is any card not dealt to you; the crib is your
/// discards plus `rules.crib_unknown()` of those cards (the others' discards and, with
/// three players, the card from the deck), every completion equally likely.
pub fn discard(dealt: &[Card], role: Role, rules: &CribbageRules) -> Result<Vec<KeepEv>> {
    if dealt.len() != rules.deal() {
        let other = if rules.players == 2 {
            "5 cards are the deal of three or four players: add --players 3 or 4"
        } else {
            "6 cards are the deal of two players: drop --players or give --players 2"
        };
        bail!(
            "discard needs the {} dealt cards of a {}-player game, got {}{}",
            rules.deal(),
            rules.players,
            dealt.len(),
            if dealt.len() == 5 || dealt.len() == 6 {
                format!(" ({other})")
            } else {
                String::new()
            }
        );
    }
    let sc = Scorer::get();
    let (hand_flush, crib_flush) = (rules.flush(Variant::Hand), rules.flush(Variant::Crib));
    let dealt_mask: u64 = dealt.iter().map(|c| 1u64 << c.0).sum();
    let unseen: Vec<u8> = (0..52u8).filter(|c| dealt_mask >> c & 1 == 0).collect();
    let n = dealt.len();
    let mut out = Vec::new();
    // Keeps in a fixed order: by the discarded positions, lexicographic.
    for disc in subsets(n, n - 4) {
        let keep: Vec<Card> = (0..n)
            .filter(|i| !disc.contains(i))
            .map(|i| dealt[i])
            .collect();
        let discard: Vec<Card> = disc.iter().map(|&i| dealt[i]).collect();
        let key = HandKey::new([keep[0].0, keep[1].0, keep[2].0, keep[3].0]);
        let hand_sum: u64 = unseen
            .iter()
            .map(|&st| sc.score_key(&key, st, hand_flush) as u64)
            .sum();
        let hand = Frac::new(hand_sum as i128, unseen.len() as i128);
        let crib = match role {
            Role::None => None,
            Role::Dealer | Role::Pone => Some(crib_ev(&discard, &unseen, crib_flush)),
        };
        let total = match (role, crib) {
            (Role::Dealer, Some(c)) => hand.plus(c),
            (Role::Pone, Some(c)) => hand.minus(c),
            _ => hand,
        };
        out.push(KeepEv {
            keep,
            discard,
            hand,
            crib,
            total,
        });
    }
    // Best first; ties keep the fixed order (the sort is stable).
    out.sort_by(|a, b| b.total.cmp(&a.total).then(b.hand.cmp(&a.hand)));
    Ok(out)
}

/// Expected crib value: the discards plus (4 − discards) unknown cards, then a start
/// card, all drawn from the unseen cards, every completion equally likely.
pub fn crib_ev(discard: &[Card], unseen: &[u8], flush: Flush) -> Frac {
    let sc = Scorer::get();
    let k = 4 - discard.len();
    let mut sum = 0u64;
    let mut completions = 0u64;
    for pick in subsets(unseen.len(), k) {
        let mut cards = [0u8; 4];
        for (i, c) in discard.iter().enumerate() {
            cards[i] = c.0;
        }
        let mut mask = 0u64;
        for (j, &p) in pick.iter().enumerate() {
            cards[discard.len() + j] = unseen[p];
            mask |= 1u64 << unseen[p];
        }
        let key = HandKey::new(cards);
        for &st in unseen {
            if mask >> st & 1 == 0 {
                sum += sc.score_key(&key, st, flush) as u64;
                completions += 1;
            }
        }
    }
    Frac::new(sum as i128, completions as i128)
}

/// All k-subsets of 0..n as sorted index lists, in lexicographic order.
pub fn subsets(n: usize, k: usize) -> Vec<Vec<usize>> {
    let mut out = Vec::new();
    let mut cur = Vec::with_capacity(k);
    fn rec(start: usize, n: usize, k: usize, cur: &mut Vec<usize>, out: &mut Vec<Vec<usize>>) {
        if cur.len() == k {
            out.push(cur.clone());
            return;
        }
        for i in start..n {
            if n - i < k - cur.len() {
                break;
            }
            cur.push(i);
            rec(i + 1, n, k, cur, out);
            cur.pop();
        }
    }
    rec(0, n, k, &mut cur, &mut out);
    out
}

// ---------------------------------------------------------------- constrained maxima

/// A `max` query compiled to bit masks for fast checking.
#[derive(Debug, Clone)]
pub struct Check {
    required: u64,
    forbidden: u64,
    rank_min: Vec<(u8, u32)>,
    start: Option<u8>,
    from: Option<u64>,
    start_from: Option<u64>,
    min_score: u32,
    flush: Flush,
}

impl Check {
    pub fn new(q: &Query, rules: &CribbageRules) -> Check {
        let required = q
            .contains_cards
            .iter()
            .map(|c| 1u64 << c.0)
            .fold(0, |a, b| a | b);
        let forbidden = q.without.iter().fold(0u64, |a, &r| a | 0xF << (4 * r));
        Check {
            required,
            forbidden,
            rank_min: q
                .contains_ranks
                .iter()
                .map(|&(r, n)| (r, n as u32))
                .collect(),
            start: q.start.map(|c| c.0),
            from: q
                .from
                .as_ref()
                .map(|f| f.iter().fold(0u64, |a, c| a | 1u64 << c.0)),
            start_from: q
                .start_from
                .as_ref()
                .map(|f| f.iter().fold(0u64, |a, c| a | 1u64 << c.0)),
            min_score: q.min_score.unwrap_or(0),
            flush: rules.flush(Variant::from_crib(q.crib)),
        }
    }

    /// Whether a hand (bit mask) and start satisfy every card constraint (the score
    /// constraint is checked by the caller, which has the score).
    #[inline]
    pub fn cards_ok(&self, hand: u64, start: u8) -> bool {
        let five = hand | 1u64 << start;
        five & self.required == self.required
            && five & self.forbidden == 0
            && self.start.is_none_or(|s| s == start)
            && self.from.is_none_or(|f| hand & !f == 0)
            && self.start_from.is_none_or(|f| f >> start & 1 == 1)
            && self
                .rank_min
                .iter()
                .all(|&(r, n)| (five >> (4 * r) & 0xF).count_ones() >= n)
    }

    /// Why a hand and start break the query, or `None` if they satisfy it.
    pub fn violation(&self, hand: &[Card; 4], start: Card, score: u32) -> Option<String> {
        let mask = hand.iter().fold(0u64, |a, c| a | 1u64 << c.0);
        let five = mask | 1u64 << start.0;
        let cards = |m: u64| {
            let v: Vec<Card> = (0..52u8).filter(|c| m >> c & 1 == 1).map(Card).collect();
            super::rules::show(&v)
        };
        if five & self.required != self.required {
            return Some(format!(
                "--contains {} is missing",
                cards(self.required & !five)
            ));
        }
        if five & self.forbidden != 0 {
            return Some(format!("{} breaks --without", cards(five & self.forbidden)));
        }
        if let Some(s) = self.start.filter(|&s| s != start.0) {
            return Some(format!("the start card must be {}", Card(s)));
        }
        if let Some(f) = self.from.filter(|&f| mask & !f != 0) {
            return Some(format!("{} is not in --from", cards(mask & !f)));
        }
        if self.start_from.is_some_and(|f| f >> start.0 & 1 == 0) {
            return Some(format!("the start card {start} is not in --start-from"));
        }
        for &(r, n) in &self.rank_min {
            if (five >> (4 * r) & 0xF).count_ones() < n {
                return Some(format!(
                    "fewer than {n} cards of rank {}",
                    super::rules::RANK_LABELS[r as usize]
                ));
            }
        }
        if score < self.min_score {
            return Some(format!(
                "score {score} is below --min-score {}",
                self.min_score
            ));
        }
        debug_assert!(self.cards_ok(mask, start.0));
        None
    }
}

/// What enumeration says about a `max` query.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Enumerated {
    /// The best score, `None` when no pair satisfies the constraints.
    pub max: Option<u32>,
    /// Pairs reaching the best score.
    pub at_max: u64,
    /// Pairs satisfying all constraints.
    pub feasible: u64,
    /// The first pair (in card order) reaching the best score.
    pub example: Option<(Vec<Card>, Card)>,
}

/// Every (hand, start) pair satisfying the query, scored: the maximum and how many reach it.
pub fn enumerate_max(q: &Query, rules: &CribbageRules, threads: usize) -> Enumerated {
    let chk = Check::new(q, rules);
    let sc = Scorer::get();
    // Cards that may be in the hand / be the start, before the joint checks.
    let hand_ok = |c: u8| {
        chk.forbidden >> c & 1 == 0
            && chk.from.is_none_or(|f| f >> c & 1 == 1)
            && chk.start != Some(c)
    };
    let hand_cards: Vec<u8> = (0..52).filter(|&c| hand_ok(c)).collect();
    let starts: Vec<u8> = (0..52)
        .filter(|&c| {
            chk.forbidden >> c & 1 == 0
                && chk.start.is_none_or(|s| s == c)
                && chk.start_from.is_none_or(|f| f >> c & 1 == 1)
        })
        .collect();
    let n = hand_cards.len();
    type Acc = (Option<u32>, u64, u64, Option<([u8; 4], u8)>);
    let parts: Vec<Vec<(usize, Acc)>> =
        parallel(n, threads, Vec::new, |out: &mut Vec<(usize, Acc)>, i| {
            let mut acc: Acc = (None, 0, 0, None);
            let h = &hand_cards;
            for j in i + 1..n {
                for k in j + 1..n {
                    for l in k + 1..n {
                        let hand = [h[i], h[j], h[k], h[l]];
                        let mask = hand.iter().fold(0u64, |a, &c| a | 1u64 << c);
                        let key = HandKey::new(hand);
                        for &st in &starts {
                            if mask >> st & 1 == 1 || !chk.cards_ok(mask, st) {
                                continue;
                            }
                            let s = sc.score_key(&key, st, chk.flush);
                            if s < chk.min_score {
                                continue;
                            }
                            acc.2 += 1;
                            match acc.0 {
                                Some(m) if s < m => {}
                                Some(m) if s == m => acc.1 += 1,
                                _ => {
                                    acc.0 = Some(s);
                                    acc.1 = 1;
                                    acc.3 = Some((hand, st));
                                }
                            }
                        }
                    }
                }
            }
            out.push((i, acc));
        });
    let mut parts: Vec<(usize, Acc)> = parts.into_iter().flatten().collect();
    parts.sort_by_key(|p| p.0);
    let mut total: Acc = (None, 0, 0, None);
    for (_, a) in parts {
        total.2 += a.2;
        match (total.0, a.0) {
            (_, None) => {}
            (Some(m), Some(x)) if x < m => {}
            (Some(m), Some(x)) if x == m => total.1 += a.1,
            _ => {
                total.0 = a.0;
                total.1 = a.1;
                total.3 = a.3;
            }
        }
    }
    Enumerated {
        max: total.0,
        at_max: total.1,
        feasible: total.2,
        example: total
            .3
            .map(|(h, s)| (h.iter().map(|&c| Card(c)).collect(), Card(s))),
    }
}

/// Seconds since `t`, for reports.
pub fn since(t: Instant) -> f64 {
    t.elapsed().as_secs_f64()
}

#[cfg(test)]
mod tests {
    use super::super::engine::{breakdown, score};
    use super::super::rules::parse_cards;
    use super::*;

    fn std2() -> CribbageRules {
        CribbageRules::default()
    }
    fn std3() -> CribbageRules {
        CribbageRules::default().with_players(Some(3)).unwrap()
    }

    #[test]
    fn subsets_count() {
        assert_eq!(subsets(6, 2).len(), 15);
        assert_eq!(subsets(46, 2).len(), 1035);
        assert_eq!(subsets(5, 1).len(), 5);
        assert_eq!(subsets(4, 0), vec![Vec::<usize>::new()]);
    }

    #[test]
    fn best_keep_of_spec_example() {
        let dealt = parse_cards(&["2C 4H 6D 8H 2S JC"]).unwrap();
        let evs = discard(&dealt, Role::None, &std2()).unwrap();
        assert_eq!(evs.len(), 15);
        let mut best = evs[0].keep.clone();
        best.sort();
        let mut want = parse_cards(&["2C 4H 6D 2S"]).unwrap();
        want.sort();
        assert_eq!(best, want);
        // Descending, and each EV equals a direct average with the referee.
        for w in evs.windows(2) {
            assert!(w[0].total >= w[1].total);
        }
        let e = &evs[0];
        let keep = [e.keep[0], e.keep[1], e.keep[2], e.keep[3]];
        let sum: u32 = Card::all()
            .filter(|c| !dealt.contains(c))
            .map(|s| score(&keep, s, Flush::FourOrFive))
            .sum();
        assert_eq!(e.hand, Frac::new(sum as i128, 46));
    }

    #[test]
    fn crib_ev_matches_literal_average() {
        // Five-card deal: one discard, three unknown crib cards; check against a direct
        // (slow) average with the referee on a smaller pool.
        let dealt = parse_cards(&["5H 5S JD QC KC 2D"]).unwrap();
        let evs = discard(&dealt, Role::Dealer, &std2()).unwrap();
        for e in &evs {
            assert_eq!(e.total, e.hand.plus(e.crib.unwrap()));
        }
        let pone = discard(&dealt, Role::Pone, &std2()).unwrap();
        assert!(pone
            .iter()
            .all(|e| e.total == e.hand.minus(e.crib.unwrap())));
        // Literal crib average for one discard pair, with the referee.
        let disc = parse_cards(&["5H 5S"]).unwrap();
        let unseen: Vec<Card> = Card::all().filter(|c| !dealt.contains(c)).collect();
        let (mut sum, mut n) = (0u64, 0u64);
        for (i, &x) in unseen.iter().enumerate() {
            for &y in &unseen[i + 1..] {
                for &s in &unseen {
                    if s != x && s != y {
                        sum +=
                            breakdown(&[disc[0], disc[1], x, y], s, Flush::FiveOnly).total as u64;
                        n += 1;
                    }
                }
            }
        }
        let ids: Vec<u8> = unseen.iter().map(|c| c.0).collect();
        assert_eq!(
            crib_ev(&disc, &ids, Flush::FiveOnly),
            Frac::new(sum as i128, n as i128)
        );
        let five = discard(
            &parse_cards(&["5H 5S JD QC KC"]).unwrap(),
            Role::Pone,
            &std3(),
        )
        .unwrap();
        assert_eq!(five.len(), 5);
        assert!(discard(&parse_cards(&["5H 5S JD QC"]).unwrap(), Role::None, &std2()).is_err());
        assert!(discard(
            &parse_cards(&["5H 5S JD QC KC"]).unwrap(),
            Role::None,
            &std2()
        )
        .is_err());
    }
}
