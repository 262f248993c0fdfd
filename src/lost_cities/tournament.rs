//! Seeded tournaments: each deal is played twice with the seats swapped, so luck of the
//! deal cancels. Intervals are over deals (the two games of a deal are not independent):
//! mean ± 1.96·sd/√deals. Each bot's score is also set against the fixed-deck upper bound
//! of its deal (the ILP relaxation; it depends only on the last card of the draw pile, so
//! it is solved once per distinct last card and cached — exact, not an approximation),
//! and, on a seeded subsample of deals, against the cooperative planner's game.

use std::collections::HashMap;

use anyhow::{bail, Result};
use serde::Serialize;

use super::bots::{by_name, play_game};
use super::cards::Card;
use super::model::{self, Limits};
use super::rules::Rules;
use super::search;
use crate::lp::{Sense, SolveOptions};
use crate::render::{kv_table, table};
use crate::rng::Rng;

/// Mean with a 95% interval.
#[derive(Debug, Clone, Copy, Serialize)]
pub struct Estimate {
    pub mean: f64,
    pub half_width: f64,
}

impl Estimate {
    pub fn of(xs: &[f64]) -> Estimate {
        let n = xs.len() as f64;
        let mean = xs.iter().sum::<f64>() / n.max(1.0);
        let var = if xs.len() > 1 {
            xs.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1.0)
        } else {
            0.0
        };
        Estimate {
            mean,
            half_width: 1.96 * (var / n.max(1.0)).sqrt(),
        }
    }

    pub fn show(&self, scale: f64, digits: usize) -> String {
        format!(
            "{:.d$} ± {:.d$}",
            self.mean * scale,
            self.half_width * scale,
            d = digits
        )
    }
}

#[derive(Debug, Clone, Serialize)]
pub struct BotLine {
    pub name: String,
    pub mean_score: Estimate,
    /// Mean of score / upper bound of the deal.
    pub share_of_upper: Estimate,
    /// On the subsample: mean of score / planner's game score.
    pub share_of_planner: Option<Estimate>,
}

#[derive(Debug, Clone, Serialize)]
pub struct Tournament {
    pub variant: String,
    pub seed: u64,
    pub games: usize,
    pub deals: usize,
    /// The games asked for, when `--time-limit` stopped the tournament before them.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stopped_of: Option<usize>,
    /// Win rate of the first bot (a tie counts one half).
    pub win_rate: Estimate,
    /// Mean margin first − second per game.
    pub margin: Estimate,
    pub bots: [BotLine; 2],
    pub mean_upper: f64,
    pub planner_sample: usize,
    pub mean_planner: Option<f64>,
    pub seconds: f64,
}

/// Play `games` games (games/2 deals, both seats) between bots `a` and `b`.
pub fn run(
    rules: &Rules,
    a: &str,
    b: &str,
    games: usize,
    seed: u64,
    planner_sample: usize,
    opts: &SolveOptions,
) -> Result<Tournament> {
    if games < 2 || games % 2 == 1 {
        bail!("--games {games}: need an even number of games, at least 2 (each deal is played in both seats)");
    }
    let started = std::time::Instant::now();
    let deals = games / 2;
    let mut bot_a = by_name(a)?;
    let mut bot_b = by_name(b)?;
    let mut rng = Rng::new(seed);
    let mut uppers: HashMap<Card, f64> = HashMap::new();
    let (mut wins, mut margins) = (Vec::new(), Vec::new());
    let (mut score_a, mut score_b, mut share_a, mut share_b) =
        (Vec::new(), Vec::new(), Vec::new(), Vec::new());
    let (mut plan_a, mut plan_b, mut planner_scores) = (Vec::new(), Vec::new(), Vec::new());
    let mut upper_sum = 0.0;
    let sample_every = if planner_sample == 0 {
        usize::MAX
    } else {
        deals.div_ceil(planner_sample).max(1)
    };
    let mut played = 0;
    for d in 0..deals {
        // --time-limit covers the whole tournament: the deals played so far are reported.
        if d > 0
            && opts
                .time_limit
                .is_some_and(|t| started.elapsed().as_secs_f64() >= t)
        {
            break;
        }
        played += 1;
        let mut deck = rules.full_deck();
        rng.shuffle(&mut deck);
        let g1 = play_game(rules, deck.clone(), [bot_a.as_mut(), bot_b.as_mut()])?;
        let g2 = play_game(rules, deck.clone(), [bot_b.as_mut(), bot_a.as_mut()])?;
        let (a1, b1) = (g1.score(0) as f64, g1.score(1) as f64);
        let (b2, a2) = (g2.score(0) as f64, g2.score(1) as f64);
        let outcome = |x: f64, y: f64| {
            if x > y {
                1.0
            } else if x == y {
                0.5
            } else {
                0.0
            }
        };
        wins.push((outcome(a1, b1) + outcome(a2, b2)) / 2.0);
        margins.push(((a1 - b1) + (a2 - b2)) / 2.0);
        score_a.push((a1 + a2) / 2.0);
        score_b.push((b1 + b2) / 2.0);
        let last = *deck.last().unwrap();
        let upper = match uppers.get(&last) {
            Some(&u) => u,
            None => {
                // An exact step of a few milliseconds: it runs to its end even when the
                // tournament's --time-limit has run out during the deal.
                let exact = SolveOptions {
                    time_limit: None,
                    ..opts.clone()
                };
                let plan = model::solve(
                    rules,
                    &Limits::without(rules, &[last]),
                    Sense::Maximise,
                    &exact,
                )?;
                uppers.insert(last, plan.score as f64);
                plan.score as f64
            }
        };
        upper_sum += upper;
        share_a.push((a1 + a2) / 2.0 / upper);
        share_b.push((b1 + b2) / 2.0 / upper);
        let time_left = opts
            .time_limit
            .is_none_or(|t| started.elapsed().as_secs_f64() < t);
        if d % sample_every == 0 && planner_scores.len() < planner_sample && time_left {
            let fd = match search::fixed_deck(rules, &deck, 6, opts) {
                Ok(fd) => fd,
                // The limit ran out inside the planner: the deal keeps no planner sample.
                Err(e) if crate::lp::no_solution(&e).is_some() => continue,
                Err(e) => return Err(e),
            };
            let lb = fd.score as f64;
            planner_scores.push(lb);
            plan_a.push((a1 + a2) / 2.0 / lb);
            plan_b.push((b1 + b2) / 2.0 / lb);
        }
    }
    let sampled = !planner_scores.is_empty();
    let line = |name: &str, s: &[f64], u: &[f64], p: &[f64]| BotLine {
        name: name.to_string(),
        mean_score: Estimate::of(s),
        share_of_upper: Estimate::of(u),
        share_of_planner: sampled.then(|| Estimate::of(p)),
    };
    Ok(Tournament {
        variant: rules.name.clone(),
        seed,
        games: 2 * played,
        deals: played,
        stopped_of: (played < deals).then_some(games),
        win_rate: Estimate::of(&wins),
        margin: Estimate::of(&margins),
        bots: [
            line(a, &score_a, &share_a, &plan_a),
            line(b, &score_b, &share_b, &plan_b),
        ],
        mean_upper: upper_sum / played as f64,
        planner_sample: planner_scores.len(),
        mean_planner: sampled
            .then(|| planner_scores.iter().sum::<f64>() / planner_scores.len() as f64),
        seconds: started.elapsed().as_secs_f64(),
    })
}

/// Markdown for a tournament.
pub fn markdown(t: &Tournament) -> String {
    let [a, b] = &t.bots;
    let mut out = format!("# lost-cities — tournament {} vs {}\n\n", a.name, b.name);
    out += &kv_table([
        ("variant", t.variant.clone()),
        (
            "games",
            format!(
                "{} ({} deals, each played in both seats), seed {}{}",
                t.games,
                t.deals,
                t.seed,
                t.stopped_of
                    .map(|n| format!("; stopped by --time-limit before the {n} asked for"))
                    .unwrap_or_default()
            ),
        ),
        (
            "win rate of first bot",
            format!(
                "{} % (95% interval over deals; a tie counts ½)",
                t.win_rate.show(100.0, 1)
            ),
        ),
        (
            "mean margin first − second",
            format!("{} points per game", t.margin.show(1.0, 1)),
        ),
        (
            "fixed-deck upper bound",
            format!("mean {:.1} (ILP relaxation, every deal)", t.mean_upper),
        ),
        (
            "cooperative planner game",
            match t.mean_planner {
                Some(m) => format!(
                    "mean {m:.1} on a seeded subsample of {} deals",
                    t.planner_sample
                ),
                None => "not computed".into(),
            },
        ),
    ]);
    out += "\n\n";
    let mut header = vec![
        "bot".to_string(),
        "mean score".into(),
        "share of upper bound".into(),
    ];
    if t.mean_planner.is_some() {
        header.push("share of planner game".into());
    }
    out += &table(
        header,
        t.bots.iter().map(|l| {
            let mut row = vec![
                l.name.clone(),
                l.mean_score.show(1.0, 1),
                format!("{} %", l.share_of_upper.show(100.0, 1)),
            ];
            if let Some(p) = l.share_of_planner {
                row.push(format!("{} %", p.show(100.0, 1)));
            }
            row
        }),
    );
    out += "\n";
    out
}
