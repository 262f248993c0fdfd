//! Modern Art: Masters Gallery (Reiner Knizia, 2009): exact maximum scores.
//!
//! Rooms: [`rules`] (variant and deck files), [`record`] (the game record every
//! component exchanges), [`engine`] (the referee), `model` (the ILP), [`episode`],
//! [`mod@render`], [`search`] (exhaustive search for miniatures) and [`cli`].

pub mod cli;
pub mod engine;
pub mod episode;
pub mod generate;
pub mod grid;
pub mod keys;
pub mod model;
pub mod parts;
pub mod proof;
pub mod record;
pub mod render;
pub mod rules;
pub mod schedule;
pub mod search;
pub mod solve;
pub mod svg;

use anyhow::Result;

use crate::claims;
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
    let objective = solve::parse_objective(&env.objective)
        .map_err(|e| Rejected(format!("modern-art: rejected: {e}")))?;
    check_objective(env, &payload, objective)?;
    let value = objective_value(&env.objective, payload.player, &outcome.scores)?;
    let sense = objective.sense();
    claims::check(env, sense, value as f64)?;
    check_split(env, sense, payload.split.as_deref().unwrap_or(&[]))?;
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

/// The objective against what the episode's record shows: only a max-player solve is
/// split or leaves a proof record, and the exhaustive search (the only source of an
/// episode without a solver report) never minimises.
fn check_objective(env: &Envelope, payload: &Payload, objective: model::Objective) -> Result<()> {
    use model::Objective::{MaxPlayer, MinWinner};
    let shows = if payload.split.is_some() {
        Some("was proven by a split, which only max-player solves use")
    } else if payload.proof.is_some() {
        Some("carries a proof record, which only max-player solves leave")
    } else if env.solver.is_none() && objective == MinWinner {
        Some("comes from the exhaustive search (no solver report), which never minimises")
    } else {
        None
    };
    match shows {
        Some(why) if objective != MaxPlayer => Err(Rejected(format!(
            "modern-art: rejected: the episode {why}, but claims objective {}",
            claims::clip(&env.objective, 40)
        ))
        .into()),
        _ => Ok(()),
    }
}

/// A split's parts against the envelope: no part's game beats the episode's value, and
/// the episode's bound is the best part bound (scores are whole numbers: rounded down).
fn check_split(env: &Envelope, sense: claims::Sense, parts: &[episode::SplitPart]) -> Result<()> {
    if sense == claims::Sense::Minimise || parts.is_empty() {
        return Ok(());
    }
    let value = env.value.unwrap_or(f64::NAN);
    for part in parts {
        if part.value.is_some_and(|v| v as f64 > value + 1e-6) {
            return Err(Rejected(format!(
                "modern-art: rejected: split part `{}` claims a game of {}, above the episode's \
                 value {}",
                claims::clip(&part.part, 80),
                part.value.unwrap_or_default(),
                claims::show(env.value)
            ))
            .into());
        }
    }
    let top = parts
        .iter()
        .filter_map(|p| p.bound)
        .fold(f64::NEG_INFINITY, f64::max);
    if let Some(b) = env.bound {
        if top.is_finite() && b + 1e-6 < top.floor() {
            return Err(Rejected(format!(
                "modern-art: rejected: the bound {} is below the split's highest part bound {}",
                claims::show(Some(b)),
                claims::show(Some(top))
            ))
            .into());
        }
    }
    Ok(())
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

/// A claimed value as JSON for a message (never Rust syntax), cut when long.
fn json<T: serde::Serialize>(x: &T) -> String {
    let text = serde_json::to_string(x).unwrap_or_default();
    claims::clip(&text.replace(',', ", "), 200)
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
            return diff(&format!("{name} cards"), json(c), json(t));
        }
    }
    if claim.extra != truth.extra {
        return diff("extra card", json(&claim.extra), json(&truth.extra));
    }
    for (name, c, t) in [
        ("count", &claim.counts, &truth.counts),
        ("awards", &claim.awards, &truth.awards),
    ] {
        if c != t {
            return diff(&format!("{name} per artist"), json(c), json(t));
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
            return diff(&format!("{name} per artist"), json(c), json(t));
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

/// ModernArt in the game registry.
pub struct ModernArt;

impl crate::games::Game for ModernArt {
    fn name(&self) -> &'static str {
        "modern-art"
    }
    fn about(&self) -> &'static str {
        "Modern Art: Masters Gallery — exact maximum scores for 2–5 players."
    }
    fn command(&self) -> clap::Command {
        crate::games::command_of::<cli::Command>(self.name(), self.about())
    }
    fn run(&self, matches: &clap::ArgMatches, common: &crate::cli::Common) -> Result<()> {
        cli::run(crate::games::parse_matches(matches)?, common)
    }
    fn keys(&self) -> &'static [crate::keys::KeyDoc] {
        keys::KEYS
    }
    fn units(&self, env: &Envelope) -> crate::render::Units<'static> {
        render::units(env)
    }
    fn default_rules(&self) -> Result<Option<serde_json::Value>> {
        Ok(Some(rules::default_value()?))
    }
    fn verify(&self, env: &Envelope) -> Result<String> {
        verify(env)
    }
    fn render(&self, env: &Envelope) -> Result<String> {
        render(env)
    }
    fn svg(&self, env: &Envelope) -> Result<String> {
        svg::svg(env)
    }

    fn splitting(&self) -> Vec<crate::games::Splits> {
        use crate::games::Splits;
        vec![
            Splits::jobs("bench"),
            Splits::jobs("bound"),
            Splits::jobs("solve"),
            Splits::jobs("compare"),
            Splits::threads("results"),
        ]
    }
    /// A split proof has more than one part.
    fn audit_splits(&self, env: &Envelope) -> bool {
        crate::audit::proof_parts(env) > 1
    }
    fn audit(
        &self,
        env: &Envelope,
        o: &crate::audit::AuditOptions,
    ) -> Result<(Vec<crate::audit::AuditRow>, f64)> {
        let cfg = Config::from_value(&env.variant)?;
        let payload: Payload = env.payload_as()?;
        let Some(proof) = &payload.proof else {
            anyhow::bail!("audit: the episode has no proof record (not a proven max-player solve)");
        };
        let value = env.value.unwrap_or(f64::NAN).round() as i64;
        let rows = solve::audit(&cfg, payload.player, proof, value, o)?;
        Ok((rows, proof.parts.iter().map(|p| p.seconds).sum()))
    }
}
