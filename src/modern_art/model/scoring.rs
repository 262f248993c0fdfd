//! Scoring: a seat's cards of an artist score the artist's value when the artist is
//! ranked this round (or always, with `award_pays_unranked`). The cards are split by
//! the artist's value level (`paid[v]` can be positive only at the chosen level), so the
//! score is a sum of constants times counts.

use good_lp::constraint::{eq, leq};
use good_lp::Expression;

use super::vars::Vars;
use crate::lp::Model;
use crate::modern_art::rules::Config;

pub fn scoring(m: &mut Model, c: &Config, v: &Vars) {
    let d = &v.d;
    if c.variant.award_pays_unranked {
        // Tokens on each artist so far, as a level (for `award_pays_unranked`).
        for a in 0..d.a {
            let mut so_far = Expression::default();
            for r in 0..d.r {
                so_far += v.placed[r][a];
                let one: Expression = v.tokens[r][a].iter().copied().sum();
                m.constrain(eq(one, 1.0));
                let level: Expression = v.tokens[r][a]
                    .iter()
                    .enumerate()
                    .map(|(t, x)| t as f64 * *x)
                    .sum();
                m.constrain(eq(level, so_far.clone()));
            }
        }
    }
    // A seat shows at most K face-up cards of one artist in a round (K − 1 before the
    // close, plus its own closing card), plus one end-play card.
    let shown_max = (d.k + usize::from(d.blessed)) as f64;
    let hidden_max: f64 = (0..d.a)
        .map(|a| c.supply(a, crate::modern_art::rules::Symbol::Hidden))
        .sum::<usize>()
        .min(d.turn_max) as f64;
    for &p in &v.scored {
        for r in 0..d.r {
            for a in 0..d.a {
                let mut shown = v.faceup_own(r, p, a);
                if let Some(ep) = &v.ep {
                    shown += ep[r][p][a];
                }
                let parts = [
                    (shown, &v.paid[r][p][a], v.unpaid[r][p][a], shown_max),
                    (
                        Expression::from(v.hid[r][p][a]),
                        &v.paid_hid[r][p][a],
                        v.unpaid_hid[r][p][a],
                        hidden_max,
                    ),
                ];
                for (cards, paid_at, unpaid, cap) in parts {
                    let paid: Expression = paid_at.iter().copied().sum();
                    m.constrain(eq(cards, paid.clone() + unpaid));
                    for (lv, x) in paid_at.iter().enumerate() {
                        m.constrain(leq(Expression::from(*x), cap * v.level[r][a][lv]));
                    }
                    let ranked = v.ranked(r, a);
                    m.constrain(leq(paid, cap * ranked.clone()));
                    m.constrain(leq(Expression::from(unpaid), cap * (1.0 - ranked)));
                }
                if c.variant.award_pays_unranked {
                    // Unranked cards are paid the artist's award tokens only.
                    let at: Expression = v.paid_tokens[r][p][a].iter().copied().sum();
                    m.constrain(eq(at, v.unpaid[r][p][a] + v.unpaid_hid[r][p][a]));
                    let cm = (shown_max + hidden_max).max(1.0);
                    for (t, x) in v.paid_tokens[r][p][a].iter().enumerate() {
                        m.constrain(leq(Expression::from(*x), cm * v.tokens[r][a][t]));
                    }
                }
            }
        }
    }
}
