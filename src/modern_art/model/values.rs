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

/// Values as paths: an artist's state after round r is the pair (value points so far,
/// award tokens on it so far), and its value is points + award value × tokens. From its
/// state after round r − 1 an artist moves by the points of its place this round and the
/// tokens placed on it this round. Each such move is an arc with a flow; arcs leaving a
/// state carry the flow that entered it, arcs entering the states of one value sum to
/// that value level's binary, and arcs are tied to the ranking (flow on arcs of place k =
/// the artist takes place k) and to the tokens.
///
/// Much tighter than a level that only has the right average. Tracking the tokens in the
/// state (not only the value) keeps every path within the deck's tokens: with values
/// alone, a path could take one token in round 1 and five more in round 2 (value 16
/// after round 2 from second place twice), and the relaxation used such paths.
///
/// The path's last state fixes the tokens the artist ends the game with
/// (`Vars::tokens_end`), which the token split ([`super::scope`]) restricts.
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
        // The flow into each (points, tokens) state after the previous round.
        let mut states: std::collections::BTreeMap<(usize, usize), Expression> =
            std::collections::BTreeMap::new();
        states.insert((0, 0), Expression::from(1.0));
        for r in 0..d.r {
            let one: Expression = v.level[r][a].iter().copied().sum();
            m.constrain(eq(one, 1.0));
            let mut next: std::collections::BTreeMap<(usize, usize), Expression> =
                std::collections::BTreeMap::new();
            let mut into = vec![Expression::default(); d.value_max[r] + 1];
            let mut at_place = vec![Expression::default(); d.places];
            let mut unranked = Expression::default();
            let mut placed = Expression::default();
            for (&(from_pts, from_tok), inflow) in &states {
                let mut out = Expression::default();
                for place in (0..d.places).map(Some).chain([None]) {
                    let gain = place.map(|k| pts[k]).unwrap_or(0);
                    for w in 0..=tokens - from_tok {
                        let (p2, t2) = (from_pts + gain, from_tok + w);
                        let to = p2 + aw * t2;
                        if to > d.value_max[r] {
                            continue;
                        }
                        let f = m.continuous(
                            format!("arc_{r}_{a}_{from_pts}_{from_tok}_{place:?}_{w}"),
                            0.0,
                            1.0,
                        );
                        out += f;
                        into[to] += f;
                        *next.entry((p2, t2)).or_default() += f;
                        match place {
                            Some(k) => at_place[k] += f,
                            None => unranked += f,
                        }
                        placed += w as f64 * f;
                    }
                }
                m.constrain(eq(out, inflow.clone()));
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
            states = next;
        }
        // The tokens the artist ends the game with.
        let mut by_tokens = vec![Expression::default(); tokens + 1];
        for (&(_, t), inflow) in &states {
            by_tokens[t] += inflow.clone();
        }
        for (e, x) in by_tokens.into_iter().zip(&v.tokens_end[a]) {
            m.constrain(eq(e, *x));
        }
    }
}
