//! The best keep of every six-card deal: its exact expected value over all 20,358,520
//! deals, by hand value alone or with the crib (dealer adds it, pone subtracts it).
//!
//! Two shortcuts make this take about a second, and a test checks each against the plain
//! `discard` routine on random deals:
//! - **Suit symmetry.** Scores are blind to which suit is which, so a deal is reduced to
//!   its four suits' rank sets in decreasing order; each such class is evaluated once and
//!   weighted by its size (962,988 classes).
//! - **Totals instead of loops.** A keep's hand sum over the 46 unseen starts is its sum
//!   over all 48 starts (a table over all 270,725 hands) minus the two discards as starts.
//!   A discard pair's crib sum over every completion from the 46 unseen cards is a sum
//!   over the 50 cards other than the pair, corrected by inclusion–exclusion for the four
//!   kept cards: tables of sums over completions containing one or two given cards, and
//!   three direct scores per triple of kept cards.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::analysis::{parallel, Role};
use super::engine::{HandKey, Scorer};
use super::frac::Frac;
use super::rules::Card;

/// Completions of a crib from 46 unseen cards: C(46, 2) pairs × 44 start cards.
pub const CRIB_COMPLETIONS: i64 = 1035 * 44;
/// Common denominator of hand + crib values: 46 × 990 = 45,540.
const HAND_TO_CRIB: i64 = CRIB_COMPLETIONS / 46;

/// Binomial coefficients C(n, k) for n < 53, k ≤ 4 (the colex index of 4-card hands).
fn binom(n: usize, k: usize) -> usize {
    if k > n {
        return 0;
    }
    let mut r = 1usize;
    for i in 0..k {
        r = r * (n - i) / (i + 1);
    }
    r
}

/// Sum of a hand's score over all 48 start cards, for every 4-card hand (colex index).
pub struct HandTotals {
    totals: Vec<u16>,
    binom: [[usize; 5]; 53],
}

impl HandTotals {
    pub fn build(threads: usize) -> HandTotals {
        let mut binom_t = [[0usize; 5]; 53];
        for (n, row) in binom_t.iter_mut().enumerate() {
            for (k, x) in row.iter_mut().enumerate() {
                *x = binom(n, k);
            }
        }
        let sc = Scorer::get();
        // Work item = the largest card d; hands with that d have colex indices
        // C(d,4) .. C(d+1,4).
        let parts = parallel(
            52,
            threads,
            Vec::new,
            |acc: &mut Vec<(usize, Vec<u16>)>, d| {
                let d = d as u8;
                let mut v = Vec::with_capacity(binom(d as usize, 3));
                for c in 2..d {
                    for b in 1..c {
                        for a in 0..b {
                            let key = HandKey::new([a, b, c, d]);
                            let mask = 1u64 << a | 1u64 << b | 1u64 << c | 1u64 << d;
                            let mut t = 0u16;
                            for st in 0..52u8 {
                                if mask >> st & 1 == 0 {
                                    t += sc.score_key(&key, st, false) as u16;
                                }
                            }
                            v.push(t);
                        }
                    }
                }
                acc.push((d as usize, v));
            },
        );
        let mut totals = vec![0u16; binom(52, 4)];
        for part in parts {
            for (d, v) in part {
                let base = binom(d, 4);
                totals[base..base + v.len()].copy_from_slice(&v);
            }
        }
        HandTotals {
            totals,
            binom: binom_t,
        }
    }

    /// Colex index of a sorted hand: C(a,1) + C(b,2) + C(c,3) + C(d,4). Iterating c
    /// ascending, then b, then a, enumerates exactly this order.
    #[inline(always)]
    fn index(&self, h: [u8; 4]) -> usize {
        self.binom[h[0] as usize][1]
            + self.binom[h[1] as usize][2]
            + self.binom[h[2] as usize][3]
            + self.binom[h[3] as usize][4]
    }

    /// Total score of a sorted hand over all 48 starts.
    pub fn total(&self, h: [u8; 4]) -> u32 {
        self.totals[self.index(h)] as u32
    }
}

/// Index of a two-card set {x < y} among the 1,326: C(y, 2) + x.
fn pair_index(x: u8, y: u8) -> usize {
    let (x, y) = (x.min(y) as usize, x.max(y) as usize);
    y * (y - 1) / 2 + x
}

/// Crib sums for every discard pair over completions from the 50 other cards, and the
/// same restricted to completions containing one given card (`one`) or two (`two`).
pub struct CribTotals {
    all: Vec<u32>,
    one: Vec<u32>,
    two: Vec<u32>,
}

impl CribTotals {
    /// About 78 million crib scores (1,326 pairs × 1,225 × 48 completions).
    pub fn build(threads: usize) -> CribTotals {
        let sc = Scorer::get();
        let parts = parallel(
            52,
            threads,
            Vec::new,
            |acc: &mut Vec<(usize, u32, Vec<u32>, Vec<u32>)>, y| {
                let y = y as u8;
                for x in 0..y {
                    let w: Vec<u8> = (0..52).filter(|&c| c != x && c != y).collect();
                    let mut all = 0u32;
                    let mut one = vec![0u32; 52];
                    let mut two = vec![0u32; 52 * 52];
                    for i in 0..w.len() {
                        for j in i + 1..w.len() {
                            let (a, b) = (w[i] as usize, w[j] as usize);
                            let key = HandKey::new([x, y, w[i], w[j]]);
                            for &s in &w {
                                let s = s as usize;
                                if s == a || s == b {
                                    continue;
                                }
                                let v = sc.score_key(&key, s as u8, true);
                                all += v;
                                one[a] += v;
                                one[b] += v;
                                one[s] += v;
                                two[a * 52 + b] += v;
                                two[a * 52 + s] += v;
                                two[b * 52 + s] += v;
                            }
                        }
                    }
                    // Make `two` symmetric (each unordered pair was added in one order).
                    for p in 0..52 {
                        for q in p + 1..52 {
                            let t = two[p * 52 + q] + two[q * 52 + p];
                            two[p * 52 + q] = t;
                            two[q * 52 + p] = t;
                        }
                    }
                    acc.push((pair_index(x, y), all, one, two));
                }
            },
        );
        let mut t = CribTotals {
            all: vec![0; 1326],
            one: vec![0; 1326 * 52],
            two: vec![0; 1326 * 52 * 52],
        };
        for (p, all, one, two) in parts.into_iter().flatten() {
            t.all[p] = all;
            t.one[p * 52..(p + 1) * 52].copy_from_slice(&one);
            t.two[p * 2704..(p + 1) * 2704].copy_from_slice(&two);
        }
        t
    }

    /// The sum of crib scores over every completion (two unseen cards and an unseen
    /// start) of the discards x, y when the kept cards are `keep`: completions avoiding
    /// the kept cards, by inclusion–exclusion.
    pub fn crib_sum(&self, x: u8, y: u8, keep: [u8; 4]) -> i64 {
        let sc = Scorer::get();
        let p = pair_index(x, y);
        let k = keep.map(|c| c as usize);
        let mut sum = self.all[p] as i64;
        for &a in &k {
            sum -= self.one[p * 52 + a] as i64;
        }
        for i in 0..4 {
            for j in i + 1..4 {
                sum += self.two[p * 2704 + k[i] * 52 + k[j]] as i64;
            }
        }
        for i in 0..4 {
            for j in i + 1..4 {
                for l in j + 1..4 {
                    let (a, b, c) = (keep[i], keep[j], keep[l]);
                    let three = sc.score(sorted4([x, y, a, b]), c, true)
                        + sc.score(sorted4([x, y, a, c]), b, true)
                        + sc.score(sorted4([x, y, b, c]), a, true);
                    sum -= three as i64;
                }
            }
        }
        sum
    }
}

fn sorted4(mut h: [u8; 4]) -> [u8; 4] {
    h.sort_unstable();
    h
}

/// What the table needs: hand totals always, crib totals for dealer and pone.
pub struct Tables {
    pub hand: HandTotals,
    pub crib: Option<CribTotals>,
}

impl Tables {
    pub fn build(role: Role, threads: usize) -> Tables {
        Tables {
            hand: HandTotals::build(threads),
            crib: (role != Role::None).then(|| CribTotals::build(threads)),
        }
    }

    /// The best keep of a sorted six-card deal: its value as a numerator over
    /// [`Tables::denominator`] and the two discarded positions (first best in position
    /// order).
    #[inline]
    pub fn best_keep(&self, deal: [u8; 6], role: Role) -> (i64, (usize, usize)) {
        let sc = Scorer::get();
        let mut best = (i64::MIN, (0, 0));
        for i in 0..6 {
            for j in i + 1..6 {
                let mut keep = [0u8; 4];
                let mut k = 0;
                for (p, &c) in deal.iter().enumerate() {
                    if p != i && p != j {
                        keep[k] = c;
                        k += 1;
                    }
                }
                let key = HandKey::new(keep);
                let hand = self.hand.total(keep) as i64
                    - sc.score_key(&key, deal[i], false) as i64
                    - sc.score_key(&key, deal[j], false) as i64;
                let value = match (role, &self.crib) {
                    (Role::None, _) | (_, None) => hand,
                    (Role::Dealer, Some(c)) => {
                        hand * HAND_TO_CRIB + c.crib_sum(deal[i], deal[j], keep)
                    }
                    (Role::Pone, Some(c)) => {
                        hand * HAND_TO_CRIB - c.crib_sum(deal[i], deal[j], keep)
                    }
                };
                if value > best.0 {
                    best = (value, (i, j));
                }
            }
        }
        best
    }

    /// The denominator of [`Tables::best_keep`]'s numerators.
    pub fn denominator(role: Role) -> i64 {
        match role {
            Role::None => 46,
            _ => CRIB_COMPLETIONS,
        }
    }
}

/// The best keep's expected value over all six-card deals.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DiscardTable {
    /// Hand only, dealer (+ own crib) or pone (− opponent's crib).
    pub role: Role,
    /// Deals covered (weighted): 20,358,520.
    pub deals: u64,
    /// Deals actually evaluated (suit classes with symmetry, else all deals).
    pub evaluated: u64,
    pub symmetry: bool,
    /// Mean of the best keep's expected value, exact.
    pub mean: Frac,
    pub min: Extreme,
    pub max: Extreme,
    /// `hist[i]` = deals whose best value lies in `[hist_from + i, hist_from + i + 1)`.
    pub hist_from: i64,
    pub hist: Vec<u64>,
    /// Distinct exact values that occur.
    pub distinct: u64,
    /// (46 × EV, deals) for every value that occurs: the exact histogram (hand only; with
    /// the crib there are too many distinct values to list).
    #[serde(default)]
    pub exact: Option<Vec<(i64, u64)>>,
}

/// A deal reaching the minimum or maximum best-keep value.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Extreme {
    pub ev: Frac,
    pub deal: Vec<Card>,
    pub keep: Vec<Card>,
    /// How many deals reach this value.
    pub deals: u64,
}

type Best = (i64, [u8; 6], (usize, usize));

/// Accumulator of per-value weights and extreme examples.
struct TableAcc {
    weights: BTreeMap<i64, u64>,
    evaluated: u64,
    min: Option<Best>,
    max: Option<Best>,
}

impl TableAcc {
    fn new() -> Self {
        TableAcc {
            weights: BTreeMap::new(),
            evaluated: 0,
            min: None,
            max: None,
        }
    }
    /// Ties: the lexicographically smallest deal, so the example is thread-independent.
    fn offer(&mut self, c: Best) {
        if self.min.is_none_or(|m| (c.0, c.1) < (m.0, m.1)) {
            self.min = Some(c);
        }
        if self
            .max
            .is_none_or(|m| c.0 > m.0 || (c.0 == m.0 && c.1 < m.1))
        {
            self.max = Some(c);
        }
    }
    fn add(&mut self, deal: [u8; 6], weight: u64, best: (i64, (usize, usize))) {
        *self.weights.entry(best.0).or_insert(0) += weight;
        self.evaluated += 1;
        self.offer((best.0, deal, best.1));
    }
    fn merge(mut self, o: TableAcc) -> TableAcc {
        for (v, w) in o.weights {
            *self.weights.entry(v).or_insert(0) += w;
        }
        self.evaluated += o.evaluated;
        for c in [o.min, o.max].into_iter().flatten() {
            self.offer(c);
        }
        self
    }
}

/// The 13-bit rank sets with at most 6 ranks, largest first, and the same grouped by
/// size (each group largest first).
struct Masks {
    all: Vec<u16>,
    by_size: Vec<Vec<u16>>,
}

impl Masks {
    fn new() -> Masks {
        let mut all: Vec<u16> = (0u16..1 << 13).filter(|m| m.count_ones() <= 6).collect();
        all.sort_unstable_by(|a, b| b.cmp(a));
        let by_size = (0..=6)
            .map(|k| {
                all.iter()
                    .copied()
                    .filter(|m| m.count_ones() == k)
                    .collect()
            })
            .collect();
        Masks { all, by_size }
    }

    /// Sets of `size` ranks that are ≤ `upto` (as numbers).
    fn at_most(&self, size: u32, upto: u16) -> &[u16] {
        let g = &self.by_size[size as usize];
        &g[g.partition_point(|&m| m > upto)..]
    }
}

/// Suit classes of six-card deals: the four suits' rank sets, sorted (m1 ≥ m2 ≥ m3 ≥ m4),
/// with the number of deals in the class, 4! / ∏(multiplicity of equal sets)!. Cribbage
/// scores are blind to which suit is which, so every deal in a class has the same best
/// keep value. Calls `f(deal, weight)` for the classes whose m1 is `masks.all[i]`.
fn for_classes_with_first(masks: &Masks, i: usize, mut f: impl FnMut([u8; 6], u64)) {
    let m1 = masks.all[i];
    let p1 = m1.count_ones();
    for s2 in 0..=(6 - p1) {
        for &m2 in masks.at_most(s2, m1) {
            let p2 = p1 + s2;
            for s3 in 0..=(6 - p2) {
                for &m3 in masks.at_most(s3, m2) {
                    let p3 = p2 + s3;
                    for &m4 in masks.at_most(6 - p3, m3) {
                        let ms = [m1, m2, m3, m4];
                        f(deal_of(ms), orbit(ms));
                    }
                }
            }
        }
    }
}

/// The sorted deal whose suits 0..4 hold the rank sets `ms`.
fn deal_of(ms: [u16; 4]) -> [u8; 6] {
    let mut deal = [0u8; 6];
    let mut k = 0;
    for (suit, &m) in ms.iter().enumerate() {
        for r in 0..13u8 {
            if m >> r & 1 == 1 {
                deal[k] = r * 4 + suit as u8;
                k += 1;
            }
        }
    }
    deal.sort_unstable();
    deal
}

/// Deals in a class with sorted rank sets `ms`: 24 / product of factorials of runs of
/// equal sets.
fn orbit(ms: [u16; 4]) -> u64 {
    let mut div = 1u64;
    let mut run = 1u64;
    for w in 1..4 {
        if ms[w] == ms[w - 1] {
            run += 1;
            div *= run;
        } else {
            run = 1;
        }
    }
    24 / div
}

/// The canonical (suit-class) representative of a sorted deal: suits relabelled so their
/// rank sets are in decreasing order.
pub fn canonical(deal: [u8; 6]) -> [u8; 6] {
    let mut ms = [0u16; 4];
    for c in deal {
        ms[(c & 3) as usize] |= 1 << (c >> 2);
    }
    ms.sort_unstable_by(|a, b| b.cmp(a));
    deal_of(ms)
}

/// The best-keep table over all six-card deals: by suit classes (`symmetry`), or deal by
/// deal (the cross-check).
pub fn discard_table(tables: &Tables, role: Role, symmetry: bool, threads: usize) -> DiscardTable {
    let acc = if symmetry {
        let masks = Masks::new();
        parallel(masks.all.len(), threads, TableAcc::new, |acc, i| {
            for_classes_with_first(&masks, i, |deal, w| {
                acc.add(deal, w, tables.best_keep(deal, role));
            })
        })
    } else {
        parallel(47, threads, TableAcc::new, |acc, a| {
            let a = a as u8;
            for b in a + 1..52 {
                for c in b + 1..52 {
                    for d in c + 1..52 {
                        for e in d + 1..52 {
                            for f in e + 1..52 {
                                let deal = [a, b, c, d, e, f];
                                acc.add(deal, 1, tables.best_keep(deal, role));
                            }
                        }
                    }
                }
            }
        })
    };
    let acc = acc
        .into_iter()
        .reduce(TableAcc::merge)
        .expect("at least one thread");
    let den = Tables::denominator(role);
    let deals: u64 = acc.weights.values().sum();
    let sum: i128 = acc
        .weights
        .iter()
        .map(|(&n, &w)| n as i128 * w as i128)
        .sum();
    let lo = acc
        .weights
        .keys()
        .next()
        .copied()
        .unwrap_or(0)
        .div_euclid(den);
    let hi = acc
        .weights
        .keys()
        .last()
        .copied()
        .unwrap_or(0)
        .div_euclid(den);
    let hist_from = if role == Role::None { 0 } else { lo };
    let mut hist = vec![0u64; (hi - hist_from + 1) as usize];
    for (&n, &w) in &acc.weights {
        hist[(n.div_euclid(den) - hist_from) as usize] += w;
    }
    let extreme = |x: Best| {
        let (num, deal, (i, j)) = x;
        Extreme {
            ev: Frac::new(num as i128, den as i128),
            deal: deal.iter().map(|&c| Card(c)).collect(),
            keep: (0..6)
                .filter(|&p| p != i && p != j)
                .map(|p| Card(deal[p]))
                .collect(),
            deals: acc.weights[&num],
        }
    };
    DiscardTable {
        role,
        deals,
        evaluated: acc.evaluated,
        symmetry,
        mean: Frac::new(sum, den as i128 * deals as i128),
        min: extreme(acc.min.expect("deals exist")),
        max: extreme(acc.max.expect("deals exist")),
        hist_from,
        hist,
        distinct: acc.weights.len() as u64,
        exact: (role == Role::None).then(|| acc.weights.iter().map(|(&n, &w)| (n, w)).collect()),
    }
}

#[cfg(test)]
mod tests {
    use super::super::analysis::{discard, ALL_DEALS};
    use super::*;

    #[test]
    fn canonical_classes_cover_every_deal_once() {
        let masks = Masks::new();
        let (mut weight, mut classes) = (0u64, 0u64);
        for i in 0..masks.all.len() {
            for_classes_with_first(&masks, i, |deal, w| {
                assert_eq!(canonical(deal), deal);
                weight += w;
                classes += 1;
            });
        }
        assert_eq!(weight, ALL_DEALS);
        assert_eq!(classes, 962_988);
    }

    /// The shortcuts (hand totals, crib inclusion–exclusion, suit classes) against the
    /// plain `discard` routine on random deals: every keep's crib sum, and the best
    /// keep's value for each role.
    #[test]
    fn shortcuts_equal_discard_on_random_deals() {
        let tables = Tables::build(Role::Dealer, 2);
        let mut rng = crate::rng::Rng::new(5);
        for n in 0..300 {
            let mut deck: Vec<u8> = (0..52).collect();
            rng.shuffle(&mut deck);
            let mut deal = [deck[0], deck[1], deck[2], deck[3], deck[4], deck[5]];
            deal.sort_unstable();
            let cards: Vec<Card> = deal.iter().map(|&c| Card(c)).collect();
            let direct = discard(&cards, Role::None).unwrap()[0].hand;
            let (num, _) = tables.best_keep(canonical(deal), Role::None);
            assert_eq!(Frac::new(num as i128, 46), direct, "{cards:?}");
            if n % 10 != 0 {
                continue;
            }
            let evs = discard(&cards, Role::Dealer).unwrap();
            for e in &evs {
                let keep: Vec<u8> = e.keep.iter().map(|c| c.0).collect();
                let mut keep = [keep[0], keep[1], keep[2], keep[3]];
                keep.sort_unstable();
                let sum =
                    tables
                        .crib
                        .as_ref()
                        .unwrap()
                        .crib_sum(e.discard[0].0, e.discard[1].0, keep);
                assert_eq!(
                    Frac::new(sum as i128, CRIB_COMPLETIONS as i128),
                    e.crib.unwrap()
                );
            }
            for role in [Role::Dealer, Role::Pone] {
                let best = discard(&cards, role).unwrap()[0].total;
                let (num, _) = tables.best_keep(canonical(deal), role);
                assert_eq!(
                    Frac::new(num as i128, CRIB_COMPLETIONS as i128),
                    best,
                    "{role:?}"
                );
            }
        }
    }
}
