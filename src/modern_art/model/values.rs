//! Artist values and award tokens. An artist's value after round r is the value points
//! it was ranked for in rounds 1..=r plus the award value of every token placed on it so
//! far. It is modelled as a choice of one value level per artist and round, so a paid
//! value is a constant times a binary and the score stays linear.

use good_lp::constraint::{eq, geq, leq};
use good_lp::Expression;

use super::vars::{Vars, AWARD};
use crate::lp::Model;
use crate::modern_art::rules::{AwardTarget, Config};

/// Every award card resolved places a token while tokens remain (on any artist, or on the
/// card's own artist with `award_target = own`); once all are placed, award cards do nothing.
pub fn awards(m: &mut Model, c: &Config, v: &Vars) {
    let d = &v.d;
    let tokens = c.variant.awards as f64;
    let big = tokens + (d.n * d.a * d.k) as f64;
    let mut so_far = Expression::default();
    for r in 0..d.r {
        let mut plays: Expression = (0..d.n)
            .flat_map(|p| (0..d.a).map(move |a| (p, a)))
            .map(|(p, a)| v.res[r][p][a][AWARD])
            .sum();
        for a in 0..d.a {
            plays += v.closing_awards(r, a) + v.chained_awards(r, a);
        }
        let placed: Expression = v.placed[r].iter().copied().sum();
        m.constrain(leq(placed.clone(), plays.clone()));
        m.constrain(geq(placed.clone(), plays - big * v.exhausted[r]));
        so_far += placed;
        m.constrain(geq(so_far.clone(), tokens * v.exhausted[r]));
        if c.variant.award_target == AwardTarget::Own {
            for a in 0..d.a {
                let own: Expression = (0..d.n).map(|p| v.res[r][p][a][AWARD]).sum::<Expression>()
                    + v.closing_awards(r, a)
                    + v.chained_awards(r, a);
                m.constrain(leq(Expression::from(v.placed[r][a]), own));
            }
        }
    }
    m.constrain(leq(so_far, tokens));
}

/// Values as paths: from its level after round r − 1, an artist moves to a level higher
/// by the points of its place this round plus the award value times the tokens placed on
/// it this round. Each such move is an arc with a flow; arcs leaving a level sum to that
/// level's binary, arcs entering one sum to the next level's binary, and arcs are tied to
/// the ranking (flow on arcs of place k = the artist takes place k) and to the tokens.
/// Much tighter than a level that only has the right average.
pub fn values(m: &mut Model, c: &Config, v: &Vars) {
    let d = &v.d;
    let tokens = c.variant.awards;
    let aw = c.variant.award_value.max(0) as usize;
    let pts: Vec<usize> = c.variant.value_points[..d.places]
        .iter()
        .map(|&p| p.max(0) as usize)
        .collect();
    for a in 0..d.a {
        let mut earned = Expression::default();
        for r in 0..d.r {
            let one: Expression = v.level[r][a].iter().copied().sum();
            m.constrain(eq(one, 1.0));
            // Arcs: (from, place or None, tokens, flow).
            let from_levels: Vec<usize> = if r == 0 {
                vec![0]
            } else {
                (0..=d.value_max[r - 1]).collect()
            };
            let mut out_of = vec![Expression::default(); from_levels.len()];
            let mut into = vec![Expression::default(); d.value_max[r] + 1];
            let mut at_place = vec![Expression::default(); d.places];
            let mut unranked = Expression::default();
            let mut placed = Expression::default();
            for (i, &from) in from_levels.iter().enumerate() {
                for place in (0..d.places).map(Some).chain([None]) {
                    let gain = place.map(|k| pts[k]).unwrap_or(0);
                    for w in 0..=tokens {
                        let to = from + gain + aw * w;
                        if to > d.value_max[r] {
                            continue;
                        }
                        let f = m.continuous(format!("arc_{r}_{a}_{from}_{place:?}_{w}"), 0.0, 1.0);
                        out_of[i] += f;
                        into[to] += f;
                        match place {
                            Some(k) => at_place[k] += f,
                            None => unranked += f,
                        }
                        placed += w as f64 * f;
                    }
                }
            }
            for (i, &from) in from_levels.iter().enumerate() {
                let level = if r == 0 {
                    Expression::from(1.0)
                } else {
                    Expression::from(v.level[r - 1][a][from])
                };
                m.constrain(eq(out_of[i].clone(), level));
            }
            for (to, e) in into.into_iter().enumerate() {
                m.constrain(eq(e, v.level[r][a][to]));
            }
            for (k, e) in at_place.into_iter().enumerate() {
                m.constrain(eq(e, v.place(r, a, k)));
            }
            m.constrain(eq(unranked, 1.0 - v.ranked(r, a)));
            m.constrain(eq(placed, v.placed[r][a]));
            for (place, p) in c.variant.value_points.iter().enumerate().take(d.places) {
                earned += *p as f64 * v.place(r, a, place);
            }
            earned += c.variant.award_value as f64 * v.placed[r][a];
            m.constrain(eq(v.value(r, a), earned.clone()));
        }
    }
}
