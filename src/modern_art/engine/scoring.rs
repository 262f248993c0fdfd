//! Scoring a round: ranking the artists, their values and each player's pay.

use super::state::State;
use super::{rank, Phase, RoundSummary};

impl<'a> State<'a> {
    /// Rank, pay and score the round, then start the next one (or end the game).
    pub(super) fn score_round(&mut self) {
        let cfg = self.cfg;
        let (n, a) = (cfg.players, cfg.artists());
        let c = &mut self.core;
        let mut counts = vec![0usize; a];
        for s in 0..n {
            for (t, k) in counts.iter_mut().enumerate() {
                *k += (c.up[s][t] + c.hid[s][t] + c.endp[s][t]) as usize;
            }
        }
        if let Some(e) = c.extra {
            counts[e.artist] += 1;
        }
        let ranking = rank(&counts, cfg.variant.value_points.len());
        let mut points = vec![0i64; a];
        for (place, &t) in ranking.iter().enumerate() {
            points[t] = cfg.variant.value_points[place];
            c.values[t] += points[t];
        }
        let award = cfg.variant.award_value;
        let paid: Vec<i64> = (0..a)
            .map(|t| {
                let tokens = award * c.awards_on[t] as i64;
                if ranking.contains(&t) {
                    c.values[t] + tokens
                } else if cfg.variant.award_pays_unranked {
                    tokens
                } else {
                    0
                }
            })
            .collect();
        let round_scores: Vec<i64> = (0..n)
            .map(|s| {
                (0..a)
                    .map(|t| (c.up[s][t] + c.hid[s][t] + c.endp[s][t]) as i64 * paid[t])
                    .sum()
            })
            .collect();
        let summary = RoundSummary {
            starter: c.starter,
            closer: c.closer,
            face_up: c.up.to_usize(),
            hidden: c.hid.to_usize(),
            end_play: c.endp.to_usize(),
            extra: c.extra,
            counts,
            ranking,
            points,
            awards: c.awards_on.iter().map(|&x| x as usize).collect(),
            paid,
            scores: round_scores.clone(),
        };
        if self.recording {
            self.summaries.push(summary);
        }
        for (s, v) in round_scores.iter().enumerate() {
            self.scores[s] += v;
        }
        c.starter = match (c.closer, c.last_player) {
            (Some(p), _) | (None, Some(p)) => (p + 1) % n,
            (None, None) => c.starter,
        };
        c.round += 1;
        if c.round >= cfg.variant.rounds {
            c.phase = Phase::GameOver;
        } else {
            self.start_round();
        }
    }
}
