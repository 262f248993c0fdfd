//! The ILP of `max`: the best hand and start card under constraints.
//!
//! Variables: h_c = 1 when card c is in the hand, s_c = 1 when c is the start card, and
//! y_m = 1 for the one 5-card *rank multiset* m the five cards form (6,175 of them).
//! 15s, pairs and runs depend only on the multiset, so they enter as constants v(m)
//! computed here from rank counts (15s by a counting recurrence over ranks, not by
//! listing subsets, so this file shares no scoring code with the referee). Flush and his
//! nob depend on suits and are linear in suit-level binaries:
//!
//! ```text
//! max  Σ_m v(m)·y_m + Σ_u (4·f_u + g_u) + Σ_u n_u           (hand rules)
//! s.t. Σ_c h_c = 4,  Σ_c s_c = 1,  h_c + s_c ≤ 1,  Σ_m y_m = 1
//!      Σ_{c of rank r} (h_c + s_c) = Σ_m k_m(r)·y_m            for every rank r
//!      4·f_u ≤ Σ_{c of suit u} h_c,  g_u ≤ f_u,  g_u ≤ Σ_{c of suit u} s_c
//!      n_u ≤ h_{J of u},  n_u ≤ Σ_{c of suit u} s_c
//! ```
//! Where only the five-card flush counts (the crib, standard; the rules file decides):
//! 5·g_u with 4·g_u ≤ Σ h, g_u ≤ Σ s.

use anyhow::Result;
use good_lp::{constraint, Expression, Variable};

use super::rules::{Card, Query, Variant, JACK};
use super::ruleset::{CribbageRules, Flush};
use crate::lp::{Model, Sense, SolveOptions, SolveReport};

/// Values for 15s: A = 1, 2–10 face value, J Q K = 10.
fn fifteen_value(rank: usize) -> usize {
    (rank + 1).min(10)
}

/// C(n, k) for small n.
fn choose(n: u64, k: u64) -> u64 {
    (0..k).fold(1, |acc, i| acc * (n - i) / (i + 1))
}

/// Points for 15s of a rank multiset: 2 × the number of card subsets summing to 15,
/// counted rank by rank (choose j of the k cards of a rank: C(k, j) ways).
pub fn fifteens(counts: &[u8; 13]) -> u32 {
    let mut ways = [0u64; 16];
    ways[0] = 1;
    for (r, &k) in counts.iter().enumerate() {
        let v = fifteen_value(r);
        let mut next = [0u64; 16];
        for (sum, &w) in ways.iter().enumerate() {
            for j in 0..=k as usize {
                let t = sum + j * v;
                if t <= 15 {
                    next[t] += w * choose(k as u64, j as u64);
                }
            }
        }
        ways = next;
    }
    2 * ways[15] as u32
}

/// Points for pairs: each rank held k times gives C(k, 2) pairs of 2 points.
pub fn pairs(counts: &[u8; 13]) -> u32 {
    counts.iter().map(|&k| 2 * choose(k as u64, 2) as u32).sum()
}

/// Points for runs: a maximal block of L ≥ 3 consecutive held ranks scores L for each
/// way of taking one card per rank (the product of the counts).
pub fn runs(counts: &[u8; 13]) -> u32 {
    let mut points = 0;
    let mut start = 0;
    for r in 0..=13 {
        if r == 13 || counts[r] == 0 {
            let len = r - start;
            if len >= 3 {
                let ways: u32 = counts[start..r].iter().map(|&k| k as u32).product();
                points += len as u32 * ways;
            }
            start = r + 1;
        }
    }
    points
}

/// v(m): 15s + pairs + runs of a rank multiset.
pub fn multiset_value(counts: &[u8; 13]) -> u32 {
    fifteens(counts) + pairs(counts) + runs(counts)
}

/// Every 5-card rank multiset with at most 4 cards of a rank (6,175).
pub fn rank_multisets() -> Vec<[u8; 13]> {
    fn rec(r: usize, left: u8, cur: &mut [u8; 13], out: &mut Vec<[u8; 13]>) {
        if r == 13 {
            if left == 0 {
                out.push(*cur);
            }
            return;
        }
        for k in 0..=left.min(4) {
            cur[r] = k;
            rec(r + 1, left - k, cur, out);
        }
        cur[r] = 0;
    }
    let mut out = Vec::new();
    rec(0, 5, &mut [0; 13], &mut out);
    out
}

/// The solved `max` query.
#[derive(Debug, Clone)]
pub struct MaxSolution {
    pub hand: [Card; 4],
    pub start: Card,
    /// The objective, rounded.
    pub value: u32,
    pub report: SolveReport,
}

/// Variables of the model.
struct Vars {
    hand: Vec<Variable>,
    start: Vec<Variable>,
}

fn card(rank: usize, suit: usize) -> usize {
    rank * 4 + suit
}

/// Cards: four in hand, one start, no card twice.
fn card_choice(m: &mut Model) -> Vars {
    let hand: Vec<Variable> = (0..52)
        .map(|c| m.binary(format!("h_{}", Card(c))))
        .collect();
    let start: Vec<Variable> = (0..52)
        .map(|c| m.binary(format!("s_{}", Card(c))))
        .collect();
    let sum_h: Expression = hand.iter().sum();
    let sum_s: Expression = start.iter().sum();
    m.constrain(constraint!(sum_h == 4));
    m.constrain(constraint!(sum_s == 1));
    for c in 0..52 {
        m.constrain(constraint!(hand[c] + start[c] <= 1));
    }
    Vars { hand, start }
}

/// Bounds on how many cards of each rank the five can hold, implied by the query
/// (--without, --contains, --start, --from, --start-from). Multisets outside them could only take the
/// value 0 in any solution, so they are left out of the model.
pub fn rank_bounds(q: &Query) -> ([u8; 13], [u8; 13]) {
    let mut lo = [0u8; 13];
    let mut hi = [4u8; 13];
    let mut required: Vec<Card> = q.contains_cards.clone();
    required.extend(q.start);
    for r in 0..13u8 {
        let n = required
            .iter()
            .filter(|c| c.rank() == r)
            .fold(Vec::new(), |mut acc: Vec<Card>, c| {
                if !acc.contains(c) {
                    acc.push(*c);
                }
                acc
            })
            .len() as u8;
        lo[r as usize] = n;
    }
    for &(r, n) in &q.contains_ranks {
        lo[r as usize] = lo[r as usize].max(n);
    }
    // Cards of rank r the start may be (all four unless --start or --start-from).
    let start_can = |r: u8| -> u8 {
        match (q.start, &q.start_from) {
            (Some(s), _) => u8::from(s.rank() == r),
            (None, Some(f)) => u8::from(f.iter().any(|c| c.rank() == r)),
            (None, None) => 1,
        }
    };
    if let Some(from) = &q.from {
        for r in 0..13u8 {
            let in_hand = from
                .iter()
                .filter(|c| c.rank() == r && Some(**c) != q.start)
                .count() as u8;
            hi[r as usize] = (in_hand + start_can(r)).min(4);
        }
    }
    for &r in &q.without {
        hi[r as usize] = 0;
    }
    (lo, hi)
}

/// 15s, pairs and runs: exactly one rank multiset, matching the cards' rank counts.
fn rank_points(m: &mut Model, v: &Vars, q: &Query) -> Expression {
    let (lo, hi) = rank_bounds(q);
    let sets: Vec<[u8; 13]> = rank_multisets()
        .into_iter()
        .filter(|s| (0..13).all(|r| lo[r] <= s[r] && s[r] <= hi[r]))
        .collect();
    let y: Vec<Variable> = (0..sets.len())
        .map(|i| m.binary(format!("y_{i}")))
        .collect();
    let one: Expression = y.iter().sum();
    m.constrain(constraint!(one == 1));
    for r in 0..13 {
        let held: Expression = (0..4)
            .map(|u| v.hand[card(r, u)] + v.start[card(r, u)])
            .sum();
        let chosen: Expression = sets
            .iter()
            .zip(&y)
            .filter(|(s, _)| s[r] > 0)
            .map(|(s, &yi)| s[r] as f64 * yi)
            .sum();
        m.constrain(constraint!(held == chosen));
    }
    sets.iter()
        .zip(&y)
        .map(|(s, &yi)| multiset_value(s) as f64 * yi)
        .sum()
}

/// Flush: four hand cards of suit u (f_u), and the start too (g_u). Four or five: 4 + 1;
/// five only: 5.
fn flush(m: &mut Model, v: &Vars, rule: Flush) -> Expression {
    let mut points = Expression::from(0.0);
    for u in 0..4 {
        let in_hand: Expression = (0..13).map(|r| v.hand[card(r, u)]).sum();
        let as_start: Expression = (0..13).map(|r| v.start[card(r, u)]).sum();
        let g = m.binary(format!("flush5_{}", super::rules::SUIT_LETTERS[u]));
        m.constrain(constraint!(4 * g <= in_hand.clone()));
        m.constrain(constraint!(g <= as_start));
        if rule == Flush::FiveOnly {
            points += 5 * g;
        } else {
            let f = m.binary(format!("flush4_{}", super::rules::SUIT_LETTERS[u]));
            m.constrain(constraint!(4 * f <= in_hand));
            m.constrain(constraint!(g <= f));
            points += 4 * f + g;
        }
    }
    points
}

/// His nob: the jack of the start card's suit in hand.
fn nob(m: &mut Model, v: &Vars) -> Expression {
    let mut points = Expression::from(0.0);
    for u in 0..4 {
        let n = m.binary(format!("nob_{}", super::rules::SUIT_LETTERS[u]));
        let as_start: Expression = (0..13).map(|r| v.start[card(r, u)]).sum();
        m.constrain(constraint!(n <= v.hand[card(JACK as usize, u)]));
        m.constrain(constraint!(n <= as_start));
        points += n;
    }
    points
}

/// The user's constraints (see [`Query`]).
fn query_constraints(m: &mut Model, v: &Vars, q: &Query, score: &Expression) {
    let five = |c: usize| v.hand[c] + v.start[c];
    for c in &q.contains_cards {
        m.constrain(constraint!(five(c.0 as usize) == 1));
    }
    for &(r, n) in &q.contains_ranks {
        let held: Expression = (0..4).map(|u| five(card(r as usize, u))).sum();
        m.constrain(constraint!(held >= n as f64));
    }
    for &r in &q.without {
        let held: Expression = (0..4).map(|u| five(card(r as usize, u))).sum();
        m.constrain(constraint!(held == 0));
    }
    if let Some(s) = q.start {
        m.constrain(constraint!(v.start[s.0 as usize] == 1));
    }
    if let Some(from) = &q.from {
        for c in 0..52u8 {
            if !from.contains(&Card(c)) {
                m.constrain(constraint!(v.hand[c as usize] == 0));
            }
        }
    }
    if let Some(from) = &q.start_from {
        for c in 0..52u8 {
            if !from.contains(&Card(c)) {
                m.constrain(constraint!(v.start[c as usize] == 0));
            }
        }
    }
    if let Some(min) = q.min_score {
        m.constrain(constraint!(score.clone() >= min as f64));
    }
}

/// The `max` model of a query: the model, its card variables and the score; `relax`:
/// built as its LP relaxation.
fn build_max(q: &Query, rules: &CribbageRules, relax: bool) -> (Model, Vars, Expression) {
    let mut m = Model::new(format!("cribbage max ({})", q.describe()));
    if relax {
        m.relax_integers();
    }
    // HiGHS's presolve spends seconds probing the 6,175 multiset binaries and removes
    // nothing; the root LP with cuts proves the maximum in a fraction of that.
    m.highs_option("presolve", "off");
    let v = card_choice(&mut m);
    let rule = rules.flush(Variant::from_crib(q.crib));
    let score = rank_points(&mut m, &v, q) + flush(&mut m, &v, rule) + nob(&mut m, &v);
    query_constraints(&mut m, &v, q, &score);
    (m, v, score)
}

/// The `max` model afresh (for `audit`): the model and the score to maximise.
pub fn fresh_max(q: &Query, rules: &CribbageRules, relax: bool) -> (Model, Expression) {
    let (m, _, score) = build_max(q, rules, relax);
    (m, score)
}

/// The optimum of the `max` model's LP relaxation (the proof record's LP bound).
pub fn max_relaxation(q: &Query, rules: &CribbageRules, opts: &SolveOptions) -> Result<f64> {
    let (m, score) = fresh_max(q, rules, true);
    let solved = m.solve(Sense::Maximise, score, opts)?;
    Ok(solved.report.objective.unwrap_or(f64::NAN))
}

/// Solve a `max` query: the best (hand, start) and HiGHS's proof.
pub fn solve_max(q: &Query, rules: &CribbageRules, opts: &SolveOptions) -> Result<MaxSolution> {
    let (m, v, score) = build_max(q, rules, false);
    let solved = m.solve(Sense::Maximise, score, opts)?;
    let hand: Vec<Card> = (0..52u8)
        .filter(|&c| solved.is_set(v.hand[c as usize]))
        .map(Card)
        .collect();
    let start = (0..52u8)
        .find(|&c| solved.is_set(v.start[c as usize]))
        .map(Card);
    let (Ok(hand), Some(start)) = (<[Card; 4]>::try_from(hand.clone()), start) else {
        anyhow::bail!(
            "model `{}`: the solution does not pick four hand cards and a start card",
            q.describe()
        );
    };
    let value = solved.report.objective.unwrap_or(0.0).round() as u32;
    Ok(MaxSolution {
        hand,
        start,
        value,
        report: solved.report,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn counts(ranks: &[usize]) -> [u8; 13] {
        let mut c = [0u8; 13];
        for &r in ranks {
            c[r] += 1;
        }
        c
    }

    #[test]
    fn multisets_and_values() {
        assert_eq!(rank_multisets().len(), 6175);
        // 5 5 5 5 J: 8 fifteens, 6 pairs → 28 (the nob makes 29).
        assert_eq!(multiset_value(&counts(&[4, 4, 4, 4, 10])), 28);
        // 6 7 8 8 9: 15s 6, pair 2, double run of 4: 8.
        assert_eq!(fifteens(&counts(&[5, 6, 7, 7, 8])), 6);
        assert_eq!(runs(&counts(&[5, 6, 7, 7, 8])), 8);
        assert_eq!(pairs(&counts(&[5, 6, 7, 7, 8])), 2);
        // A 2 3 4 5: one run of 5, 15 once.
        assert_eq!(multiset_value(&counts(&[0, 1, 2, 3, 4])), 7);
        // J Q K at the top end: a run of three.
        assert_eq!(runs(&counts(&[10, 11, 12, 0, 2])), 3);
    }
}
