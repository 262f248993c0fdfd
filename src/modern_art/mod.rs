//! Modern Art: Masters Gallery (Reiner Knizia, 2009): exact maximum scores.
//!
//! Rooms: [`rules`] (variant and deck files), [`record`] (the game record every
//! component exchanges), [`engine`] (the referee), `model` (the ILP), [`episode`],
//! [`mod@render`], [`search`] (exhaustive search for miniatures) and [`cli`].

pub mod cli;
pub mod engine;
pub mod episode;
pub mod model;
pub mod proof;
pub mod record;
pub mod render;
pub mod rules;
pub mod schedule;
pub mod search;
pub mod solve;
pub mod svg;

use anyhow::Result;

use crate::episode::Envelope;
use crate::error::Rejected;
use engine::RoundSummary;
use episode::{objective_value, Payload};
use rules::Config;

/// Replay the episode's record through the referee and compare every claimed number.
/// `Ok` is the certificate line; a broken rule or a wrong claim is [`Rejected`].
pub fn verify(env: &Envelope) -> Result<String> {
    let cfg = Config::from_value(&env.variant)?;
    let payload: Payload = env.payload_as()?;
    if let Some(p) = payload.player {
        if p >= cfg.players {
            return Err(Rejected(format!(
                "the payload names player P{} but the game has {} players",
                p + 1,
                cfg.players
            ))
            .into());
        }
    }
    let outcome = engine::replay(&cfg, &payload.record).map_err(|v| Rejected(v.to_string()))?;
    if payload.rounds.len() != outcome.rounds.len() {
        return Err(Rejected(format!(
            "the episode summarises {} rounds; the game has {}",
            payload.rounds.len(),
            outcome.rounds.len()
        ))
        .into());
    }
    for (r, (claim, truth)) in payload.rounds.iter().zip(&outcome.rounds).enumerate() {
        if let Some(m) = compare_round(&cfg, claim, truth) {
            return Err(Rejected(format!("round {}, scoring: {m}", r + 1)).into());
        }
    }
    if payload.scores != outcome.scores {
        return Err(Rejected(format!(
            "final scores: the episode claims {}, the referee computes {}",
            seats(&payload.scores),
            seats(&outcome.scores)
        ))
        .into());
    }
    let value = objective_value(&env.objective, payload.player, &outcome.scores)?;
    match env.value {
        Some(v) if (v - value as f64).abs() < 1e-6 => {}
        claimed => {
            return Err(Rejected(format!(
                "the episode's value is {}, but the replayed game gives {value} ({})",
                claimed
                    .map(|v| v.to_string())
                    .unwrap_or_else(|| "missing".into()),
                match (env.objective.as_str(), payload.player) {
                    ("max-player", Some(p)) => format!("P{}'s score", p + 1),
                    (o, _) => format!("objective {o}"),
                }
            ))
            .into());
        }
    }
    check_proof(&cfg, env, &payload, value as f64)?;
    let all = seats(&outcome.scores);
    Ok(match (env.objective.as_str(), payload.player) {
        ("max-player", Some(p)) => {
            format!(
                "certified: player P{} scores {value} (all players: {all})",
                p + 1
            )
        }
        (o, Some(p)) => format!(
            "certified: player P{} scores {}, {o} {value} (all players: {all})",
            p + 1,
            outcome.scores[p]
        ),
        (o, None) => format!("certified: {o} {value} (all players: {all})"),
    })
}

/// The proof record's shape ([`proof::check`]): its parts cover every game once, each
/// settled at or below the value when the episode claims a proven maximum.
fn check_proof(cfg: &Config, env: &Envelope, payload: &Payload, value: f64) -> Result<()> {
    let Some(p) = &payload.proof else {
        return Ok(());
    };
    let maximum = env.objective == "max-player" && env.status == crate::lp::Status::Optimal;
    let restricted = payload.restricted.as_deref();
    proof::check(cfg, p, value, maximum, payload.split.as_deref(), restricted)
}

/// `P1 37, P2 21`.
pub fn seats(scores: &[i64]) -> String {
    scores
        .iter()
        .enumerate()
        .map(|(s, v)| format!("P{} {v}", s + 1))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The first claimed number of a round summary that differs from the referee's.
fn compare_round(cfg: &Config, claim: &RoundSummary, truth: &RoundSummary) -> Option<String> {
    let art = |t: usize| cfg.artist_name(t).to_string();
    let diff = |what: &str, c: String, t: String| {
        Some(format!(
            "the episode claims {what} {c}; the referee computes {t}"
        ))
    };
    if claim.starter != truth.starter {
        return diff(
            "starter",
            format!("P{}", claim.starter + 1),
            format!("P{}", truth.starter + 1),
        );
    }
    if claim.closer != truth.closer {
        let f = |c: Option<usize>| c.map(|p| format!("P{}", p + 1)).unwrap_or("none".into());
        return diff("closer", f(claim.closer), f(truth.closer));
    }
    for (name, c, t) in [
        ("face-up", &claim.face_up, &truth.face_up),
        ("hidden", &claim.hidden, &truth.hidden),
        ("end-play", &claim.end_play, &truth.end_play),
    ] {
        if c != t {
            for (s, (cr, tr)) in c.iter().zip(t.iter()).enumerate() {
                for (a, (x, y)) in cr.iter().zip(tr.iter()).enumerate() {
                    if x != y {
                        return diff(
                            &format!("P{} has {name} {} cards:", s + 1, art(a)),
                            x.to_string(),
                            y.to_string(),
                        );
                    }
                }
            }
            return diff(&format!("{name} cards"), format!("{c:?}"), format!("{t:?}"));
        }
    }
    if claim.extra != truth.extra {
        return diff(
            "extra card",
            format!("{:?}", claim.extra),
            format!("{:?}", truth.extra),
        );
    }
    for (name, c, t) in [
        ("count", &claim.counts, &truth.counts),
        ("awards", &claim.awards, &truth.awards),
    ] {
        if c != t {
            return diff(
                &format!("{name} per artist"),
                format!("{c:?}"),
                format!("{t:?}"),
            );
        }
    }
    if claim.ranking != truth.ranking {
        let f = |v: &Vec<usize>| v.iter().map(|&a| art(a)).collect::<Vec<_>>().join(" > ");
        return diff("ranking", f(&claim.ranking), f(&truth.ranking));
    }
    for (name, c, t) in [
        ("value points", &claim.points, &truth.points),
        ("paid values", &claim.paid, &truth.paid),
    ] {
        if c != t {
            return diff(
                &format!("{name} per artist"),
                format!("{c:?}"),
                format!("{t:?}"),
            );
        }
    }
    if claim.scores != truth.scores {
        return diff("round scores", seats(&claim.scores), seats(&truth.scores));
    }
    None
}

/// Render an episode as markdown.
pub fn render(env: &Envelope) -> Result<String> {
    render::render(env)
}
