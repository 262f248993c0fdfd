//! Crib sums for a single discard (three or four players: the crib is your one card, three
//! unknown cards and the start), for the best-keep table of five-card deals.
//!
//! A completion of discard x is a set Q of four other cards, one of which is the start:
//! F(x, Q) sums the crib's score over the four choices of start. The sum over completions
//! avoiding the four kept cards K is, by inclusion–exclusion over the cards of K a
//! completion contains, Σ_Q F − Σ_{a∈K} Σ_{Q∋a} F + Σ_{pairs} … − Σ_{triples} … + F(x, K);
//! the sums over Q containing one, two or three given cards are tabulated once (52 million
//! crib scores), F(x, K) is four direct scores.

use super::analysis::parallel;
use super::engine::{HandKey, Scorer};
use super::ruleset::Flush;
use super::table::{binom, pair_index, sorted4};

/// Index of a three-card set {a < b < c} among the 22,100: C(c, 3) + C(b, 2) + a.
fn triple_index(a: u8, b: u8, c: u8) -> usize {
    binom(c as usize, 3) + binom(b as usize, 2) + a as usize
}

const TRIPLES: usize = 22_100;

/// Per discard x: the sum over all completions, and over those containing one, two or
/// three given cards.
pub struct SingleCribTotals {
    all: Vec<u32>,
    one: Vec<u32>,
    two: Vec<u32>,
    three: Vec<u32>,
    flush: Flush,
}

/// F(x, Q): the crib {x} ∪ Q minus the start, over the four starts in Q.
fn four_starts(sc: &Scorer, x: u8, q: [u8; 4], flush: Flush) -> u32 {
    (0..4)
        .map(|s| {
            let mut hand = [x, 0, 0, 0];
            let mut k = 1;
            for (i, &c) in q.iter().enumerate() {
                if i != s {
                    hand[k] = c;
                    k += 1;
                }
            }
            sc.score_key(&HandKey::new(hand), q[s], flush)
        })
        .sum()
}

impl SingleCribTotals {
    /// 52 discards × C(51, 4) completion sets × 4 starts.
    pub fn build(flush: Flush, threads: usize) -> SingleCribTotals {
        let sc = Scorer::get();
        type Part = (usize, u32, Vec<u32>, Vec<u32>, Vec<u32>);
        let parts = parallel(52, threads, Vec::new, |acc: &mut Vec<Part>, x| {
            let x = x as u8;
            let w: Vec<u8> = (0..52).filter(|&c| c != x).collect();
            let mut all = 0u32;
            let mut one = vec![0u32; 52];
            let mut two = vec![0u32; 1326];
            let mut three = vec![0u32; TRIPLES];
            let n = w.len();
            for i in 0..n {
                for j in i + 1..n {
                    for k in j + 1..n {
                        for l in k + 1..n {
                            let q = [w[i], w[j], w[k], w[l]];
                            let f = four_starts(sc, x, q, flush);
                            all += f;
                            for a in 0..4 {
                                one[q[a] as usize] += f;
                                for b in a + 1..4 {
                                    two[pair_index(q[a], q[b])] += f;
                                    for c in b + 1..4 {
                                        three[triple_index(q[a], q[b], q[c])] += f;
                                    }
                                }
                            }
                        }
                    }
                }
            }
            acc.push((x as usize, all, one, two, three));
        });
        let mut t = SingleCribTotals {
            all: vec![0; 52],
            one: vec![0; 52 * 52],
            two: vec![0; 52 * 1326],
            three: vec![0; 52 * TRIPLES],
            flush,
        };
        for (x, all, one, two, three) in parts.into_iter().flatten() {
            t.all[x] = all;
            t.one[x * 52..(x + 1) * 52].copy_from_slice(&one);
            t.two[x * 1326..(x + 1) * 1326].copy_from_slice(&two);
            t.three[x * TRIPLES..(x + 1) * TRIPLES].copy_from_slice(&three);
        }
        t
    }

    /// The sum of crib scores over every completion (three unseen cards and an unseen
    /// start) of the discard x when the sorted kept cards are `keep`.
    pub fn crib_sum(&self, x: u8, keep: [u8; 4]) -> i64 {
        let x_ = x as usize;
        let mut sum = self.all[x_] as i64;
        for a in 0..4 {
            sum -= self.one[x_ * 52 + keep[a] as usize] as i64;
            for b in a + 1..4 {
                sum += self.two[x_ * 1326 + pair_index(keep[a], keep[b])] as i64;
                for c in b + 1..4 {
                    let t = triple_index(keep[a], keep[b], keep[c]);
                    sum -= self.three[x_ * TRIPLES + t] as i64;
                }
            }
        }
        sum + four_starts(Scorer::get(), x, sorted4(keep), self.flush) as i64
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn triple_index_is_a_bijection() {
        let mut seen = vec![false; TRIPLES];
        for c in 2..52u8 {
            for b in 1..c {
                for a in 0..b {
                    let i = triple_index(a, b, c);
                    assert!(!seen[i]);
                    seen[i] = true;
                }
            }
        }
        assert!(seen.iter().all(|&s| s));
    }
}
