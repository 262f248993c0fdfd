//! The best keep of every deal: its exact expected value over all 20,358,520 six-card
//! deals (two players) or all 2,598,960 five-card deals (three or four), by hand value
//! alone or with the crib (dealer adds it, pone subtracts it), under a rules file.
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
//!   three direct scores per triple of kept cards. A single discard (five-card deals)
//!   works the same way with the tables of [`super::table5`].

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::analysis::{parallel, Role};
use super::engine::{HandKey, Scorer};
use super::frac::Frac;
use super::rules::{Card, Variant};
use super::ruleset::{CribbageRules, Flush};
use super::table5::SingleCribTotals;

/// Completions of a crib from 46 unseen cards: C(46, 2) pairs × 44 start cards.
pub const CRIB_COMPLETIONS: i64 = 1035 * 44;
/// Common denominator of hand + crib values: 46 × 990 = 45,540.
const HAND_TO_CRIB: i64 = CRIB_COMPLETIONS / 46;

/// Binomial coefficients C(n, k) for n < 53, k ≤ 4 (the colex index of 4-card hands).
pub fn binom(n: usize, k: usize) -> usize {
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
    pub fn build(flush: Flush, threads: usize) -> HandTotals {
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
                                    t += sc.score_key(&key, st, flush) as u16;
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
pub fn pair_index(x: u8, y: u8) -> usize {
    let (x, y) = (x.min(y) as usize, x.max(y) as usize);
    y * (y - 1) / 2 + x
}

/// Crib sums for every discard pair over completions from the 50 other cards, and the
/// same restricted to completions containing one given card (`one`) or two (`two`).
pub struct CribTotals {
    all: Vec<u32>,
    one: Vec<u32>,
    two: Vec<u32>,
    flush: Flush,
}

impl CribTotals {
    /// About 78 million crib scores (1,326 pairs × 1,225 × 48 completions).
    pub fn build(flush: Flush, threads: usize) -> CribTotals {
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
                                let v = sc.score_key(&key, s as u8, flush);
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
            flush,
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
                    let f = self.flush;
                    let three = sc.score(sorted4([x, y, a, b]), c, f)
                        + sc.score(sorted4([x, y, a, c]), b, f)
                        + sc.score(sorted4([x, y, b, c]), a, f);
                    sum -= three as i64;
                }
            }
        }
        sum
    }
}

pub fn sorted4(mut h: [u8; 4]) -> [u8; 4] {
    h.sort_unstable();
    h
}

/// What the table needs: hand totals always, crib totals for dealer and pone (by discard
/// pairs with two players, by single discards with three or four).
pub struct Tables {
    pub hand: HandTotals,
    pub crib: Option<CribTotals>,
    pub single: Option<SingleCribTotals>,
    hand_flush: Flush,
}

impl Tables {
    pub fn build(role: Role, rules: &CribbageRules, threads: usize) -> Tables {
        let hand_flush = rules.flush(Variant::Hand);
        let crib_flush = rules.flush(Variant::Crib);
        let with_crib = role != Role::None;
        Tables {
            hand: HandTotals::build(hand_flush, threads),
            crib: (with_crib && rules.discards() == 2)
                .then(|| CribTotals::build(crib_flush, threads)),
            single: (with_crib && rules.discards() == 1)
                .then(|| SingleCribTotals::build(crib_flush, threads)),
            hand_flush,
        }
    }

    /// The best keep of a sorted deal (six cards or five): its value as a numerator over
    /// [`Tables::denominator`] and the discarded positions as a bit mask (the first best
    /// keep in position order).
    #[inline]
    pub fn best_keep<const N: usize>(&self, deal: [u8; N], role: Role) -> (i64, u8) {
        let sc = Scorer::get();
        let mut best = (i64::MIN, 0u8);
        let mut consider = |out: u8| {
            let mut keep = [0u8; 4];
            let mut k = 0;
            for (p, &c) in deal.iter().enumerate() {
                if out >> p & 1 == 0 {
                    keep[k] = c;
                    k += 1;
                }
            }
            let key = HandKey::new(keep);
            let mut hand = self.hand.total(keep) as i64;
            for (p, &c) in deal.iter().enumerate() {
                if out >> p & 1 == 1 {
                    hand -= sc.score_key(&key, c, self.hand_flush) as i64;
                }
            }
            let crib = || -> i64 {
                let mut ps = (0..N).filter(|p| out >> p & 1 == 1);
                let i = ps.next().expect("one discard");
                match (ps.next(), &self.crib, &self.single) {
                    (Some(j), Some(c), _) => c.crib_sum(deal[i], deal[j], keep),
                    (None, _, Some(c)) => c.crib_sum(deal[i], keep),
                    _ => unreachable!("crib tables match the deal"),
                }
            };
            let value = match role {
                Role::None => hand,
                Role::Dealer => hand * hand_to_crib(N) + crib(),
                Role::Pone => hand * hand_to_crib(N) - crib(),
            };
            if value > best.0 {
                best = (value, out);
            }
        };
        for i in 0..N {
            if N == 5 {
                consider(1 << i);
            } else {
                for j in i + 1..N {
                    consider(1 << i | 1 << j);
                }
            }
        }
        best
    }

    /// The denominator of [`Tables::best_keep`]'s numerators for an `n`-card deal: the
    /// start cards (hand only), or the crib's completions.
    pub fn denominator(role: Role, n: usize) -> i64 {
        match (role, n) {
            (Role::None, _) => 52 - n as i64,
            (_, 5) => SINGLE_COMPLETIONS,
            _ => CRIB_COMPLETIONS,
        }
    }
}

/// Completions of a crib from 47 unseen cards around one discard: C(47, 3) triples × 44
/// start cards.
pub const SINGLE_COMPLETIONS: i64 = 16_215 * 44;

/// Hand sums (over 52 − n starts) times this share the crib's denominator.
fn hand_to_crib(n: usize) -> i64 {
    if n == 5 {
        SINGLE_COMPLETIONS / 47
    } else {
        HAND_TO_CRIB
    }
}

/// The best keep's expected value over all deals of one size.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DiscardTable {
    /// Hand only, dealer (+ own crib) or pone (− opponent's crib).
    pub role: Role,
    /// Cards in a deal: 6 (two players) or 5 (three or four).
    #[serde(default = "six")]
    pub deal: usize,
    /// Deals covered (weighted): C(52, deal).
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
    /// ((52 − deal) × EV, deals) for every value that occurs: the exact histogram (hand
    /// only; with the crib there are too many distinct values to list).
    #[serde(default)]
    pub exact: Option<Vec<(i64, u64)>>,
}

fn six() -> usize {
    6
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

/// A best keep: its numerator, the deal, the discarded positions (bit mask).
type Best<const N: usize> = (i64, [u8; N], u8);

/// Accumulator of per-value weights and extreme examples.
struct TableAcc<const N: usize> {
    weights: BTreeMap<i64, u64>,
    evaluated: u64,
    min: Option<Best<N>>,
    max: Option<Best<N>>,
}

impl<const N: usize> TableAcc<N> {
    fn new() -> Self {
        TableAcc {
            weights: BTreeMap::new(),
            evaluated: 0,
            min: None,
            max: None,
        }
    }
    /// Ties: the lexicographically smallest deal, so the example is thread-independent.
    fn offer(&mut self, c: Best<N>) {
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
    fn add(&mut self, deal: [u8; N], weight: u64, best: (i64, u8)) {
        *self.weights.entry(best.0).or_insert(0) += weight;
        self.evaluated += 1;
        self.offer((best.0, deal, best.1));
    }
    fn merge(mut self, o: TableAcc<N>) -> TableAcc<N> {
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

/// The 13-bit rank sets with at most `n` ranks, largest first, and the same grouped by
/// size (each group largest first).
struct Masks {
    all: Vec<u16>,
    by_size: Vec<Vec<u16>>,
}

impl Masks {
    fn new(n: u32) -> Masks {
        let mut all: Vec<u16> = (0u16..1 << 13).filter(|m| m.count_ones() <= n).collect();
        all.sort_unstable_by(|a, b| b.cmp(a));
        let by_size = (0..=n)
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

/// Suit classes of N-card deals: the four suits' rank sets, sorted (m1 ≥ m2 ≥ m3 ≥ m4),
/// with the number of deals in the class, 4! / ∏(multiplicity of equal sets)!. Cribbage
/// scores are blind to which suit is which, so every deal in a class has the same best
/// keep value. Calls `f(deal, weight)` for the classes whose m1 is `masks.all[i]`.
fn for_classes_with_first<const N: usize>(
    masks: &Masks,
    i: usize,
    mut f: impl FnMut([u8; N], u64),
) {
    let n = N as u32;
    let m1 = masks.all[i];
    let p1 = m1.count_ones();
    for s2 in 0..=(n - p1) {
        for &m2 in masks.at_most(s2, m1) {
            let p2 = p1 + s2;
            for s3 in 0..=(n - p2) {
                for &m3 in masks.at_most(s3, m2) {
                    let p3 = p2 + s3;
                    for &m4 in masks.at_most(n - p3, m3) {
                        let ms = [m1, m2, m3, m4];
                        f(deal_of(ms), orbit(ms));
                    }
                }
            }
        }
    }
}

/// The sorted deal whose suits 0..4 hold the rank sets `ms`.
fn deal_of<const N: usize>(ms: [u16; 4]) -> [u8; N] {
    let mut deal = [0u8; N];
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
pub fn canonical<const N: usize>(deal: [u8; N]) -> [u8; N] {
    let mut ms = [0u16; 4];
    for c in deal {
        ms[(c & 3) as usize] |= 1 << (c >> 2);
    }
    ms.sort_unstable_by(|a, b| b.cmp(a));
    deal_of(ms)
}

/// Every sorted N-card deal whose lowest card is `a`, in lexicographic order.
fn for_deals_from<const N: usize>(a: u8, mut f: impl FnMut([u8; N])) {
    let mut deal = [0u8; N];
    for (k, c) in deal.iter_mut().enumerate() {
        *c = a + k as u8;
    }
    if deal[N - 1] >= 52 {
        return;
    }
    loop {
        f(deal);
        // The next combination with the same first card.
        let mut k = N - 1;
        while k > 0 && deal[k] as usize == 52 - N + k {
            k -= 1;
        }
        if k == 0 {
            return;
        }
        deal[k] += 1;
        for m in k + 1..N {
            deal[m] = deal[m - 1] + 1;
        }
    }
}

/// The best-keep table over all deals of the rules' size (six cards with two players,
/// five with three or four): by suit classes (`symmetry`), or deal by deal (the
/// cross-check).
pub fn discard_table(
    tables: &Tables,
    rules: &CribbageRules,
    role: Role,
    symmetry: bool,
    threads: usize,
) -> DiscardTable {
    match rules.deal() {
        5 => table_of::<5>(tables, role, symmetry, threads),
        _ => table_of::<6>(tables, role, symmetry, threads),
    }
}

fn table_of<const N: usize>(
    tables: &Tables,
    role: Role,
    symmetry: bool,
    threads: usize,
) -> DiscardTable {
    let acc = if symmetry {
        let masks = Masks::new(N as u32);
        parallel(masks.all.len(), threads, TableAcc::<N>::new, |acc, i| {
            for_classes_with_first::<N>(&masks, i, |deal, w| {
                acc.add(deal, w, tables.best_keep(deal, role));
            })
        })
    } else {
        parallel(52 - N + 1, threads, TableAcc::<N>::new, |acc, a| {
            for_deals_from::<N>(a as u8, |deal| {
                acc.add(deal, 1, tables.best_keep(deal, role));
            })
        })
    };
    let acc = acc
        .into_iter()
        .reduce(TableAcc::merge)
        .expect("at least one thread");
    summarise(acc, role, symmetry)
}

/// The table from the accumulated weights: mean, histogram, extremes.
fn summarise<const N: usize>(acc: TableAcc<N>, role: Role, symmetry: bool) -> DiscardTable {
    let den = Tables::denominator(role, N);
    let deals: u64 = acc.weights.values().sum();
    let sum: i128 = acc
        .weights
        .iter()
        .map(|(&n, &w)| n as i128 * w as i128)
        .sum();
    let first = |k: Option<&i64>| k.copied().unwrap_or(0).div_euclid(den);
    let (lo, hi) = (
        first(acc.weights.keys().next()),
        first(acc.weights.keys().last()),
    );
    let hist_from = if role == Role::None { 0 } else { lo };
    let mut hist = vec![0u64; (hi - hist_from + 1) as usize];
    for (&n, &w) in &acc.weights {
        hist[(n.div_euclid(den) - hist_from) as usize] += w;
    }
    let extreme = |x: Best<N>| {
        let (num, deal, out) = x;
        Extreme {
            ev: Frac::new(num as i128, den as i128),
            deal: deal.iter().map(|&c| Card(c)).collect(),
            keep: (0..N)
                .filter(|&p| out >> p & 1 == 0)
                .map(|p| Card(deal[p]))
                .collect(),
            deals: acc.weights[&num],
        }
    };
    DiscardTable {
        role,
        deal: N,
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

    fn classes<const N: usize>() -> (u64, u64) {
        let masks = Masks::new(N as u32);
        let (mut weight, mut classes) = (0u64, 0u64);
        for i in 0..masks.all.len() {
            for_classes_with_first::<N>(&masks, i, |deal, w| {
                assert_eq!(canonical(deal), deal);
                weight += w;
                classes += 1;
            });
        }
        (weight, classes)
    }

    #[test]
    fn canonical_classes_cover_every_deal_once() {
        assert_eq!(classes::<6>(), (ALL_DEALS, 962_988));
        assert_eq!(classes::<5>().0, 2_598_960);
        let mut n = 0u64;
        for a in 0..48u8 {
            for_deals_from::<5>(a, |_| n += 1);
        }
        assert_eq!(n, 2_598_960);
    }

    /// The shortcuts (hand totals, crib inclusion–exclusion, suit classes) against the
    /// plain `discard` routine on random deals: every keep's crib sum, and the best
    /// keep's value for each role; six-card deals under the standard rules and five-card
    /// deals of three players with the crib's four-card flush.
    #[test]
    fn shortcuts_equal_discard_on_random_deals() {
        let two = CribbageRules::default();
        let three = CribbageRules {
            players: 3,
            crib_four_card_flush: true,
            ..CribbageRules::default()
        };
        for rules in [two, three] {
            let tables = Tables::build(Role::Dealer, &rules, 2);
            let n = rules.deal();
            let mut rng = crate::rng::Rng::new(5);
            for round in 0..200 {
                let mut deck: Vec<u8> = (0..52).collect();
                rng.shuffle(&mut deck);
                let mut deal = deck[..n].to_vec();
                deal.sort_unstable();
                let cards: Vec<Card> = deal.iter().map(|&c| Card(c)).collect();
                let best = |role| -> i64 {
                    if n == 5 {
                        let d: [u8; 5] = deal.clone().try_into().unwrap();
                        tables.best_keep(canonical(d), role).0
                    } else {
                        let d: [u8; 6] = deal.clone().try_into().unwrap();
                        tables.best_keep(canonical(d), role).0
                    }
                };
                let direct = discard(&cards, Role::None, &rules).unwrap()[0].hand;
                let den = Tables::denominator(Role::None, n) as i128;
                assert_eq!(Frac::new(best(Role::None) as i128, den), direct);
                if round % 10 != 0 {
                    continue;
                }
                let den = Tables::denominator(Role::Dealer, n) as i128;
                for e in &discard(&cards, Role::Dealer, &rules).unwrap() {
                    let mut keep: [u8; 4] = std::array::from_fn(|i| e.keep[i].0);
                    keep.sort_unstable();
                    let sum = match (&tables.crib, &tables.single) {
                        (Some(c), _) => c.crib_sum(e.discard[0].0, e.discard[1].0, keep),
                        (_, Some(c)) => c.crib_sum(e.discard[0].0, keep),
                        _ => unreachable!(),
                    };
                    assert_eq!(Frac::new(sum as i128, den), e.crib.unwrap());
                }
                for role in [Role::Dealer, Role::Pone] {
                    let want = discard(&cards, role, &rules).unwrap()[0].total;
                    assert_eq!(Frac::new(best(role) as i128, den), want, "{role:?}");
                }
            }
        }
    }
}
