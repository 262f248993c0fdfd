//! Haggle (Sid Sackson, 1969): the 15 scoring rules, computer players who know only some
//! of them, their goal hands and trades, and full-information bounds.
//!
//! `rules` (variant and rule sets, hands), `engine` (the referee: scoring and trades),
//! `model` (the ILP of N hands), `patterns` (the ILP of hand patterns, for best totals), `player` (goal, hand-in, simulation), `episode`
//! (payloads), `render` (markdown), `cli`.

pub mod bench;
pub mod cli;
pub mod engine;
pub mod episode;
pub mod model;
pub mod params;
pub mod patterns;
pub mod player;
pub mod render;
pub mod rules;
pub mod svg;

use anyhow::Result;

use crate::claims::{self, Sense};
use crate::episode::Envelope;
use crate::error::Rejected;
use episode::{BoundPayload, GoalPayload, ScorePayload};
use rules::{Hand, Variant};

fn reject<T>(msg: String) -> Result<T> {
    Err(Rejected(msg).into())
}

/// Re-score an episode's hands with the referee; exit 1 on any disagreement.
pub fn verify(env: &Envelope) -> Result<String> {
    let v: Variant = serde_json::from_value(env.variant.clone())
        .map_err(|e| anyhow::anyhow!("haggle episode has a malformed variant: {e}"))?;
    params::check(&v).map_err(|e| Rejected(format!("haggle episode's variant: {e}")))?;
    match env.objective.as_str() {
        "score" => verify_score(env, &v),
        "goal" => verify_goal(env, &v),
        "max-player" | "max-total" => verify_bound(env, &v),
        "simulate" => verify_simulation(env, &v),
        o => reject(format!(
            "haggle episode has objective `{}` (expected score, goal, max-player, max-total \
             or simulate)",
            claims::clip(o, 60)
        )),
    }
}

fn verify_score(env: &Envelope, v: &Variant) -> Result<String> {
    let p: ScorePayload = env.payload_as()?;
    let hands: Vec<Hand> = p.scores.iter().map(|s| s.hand).collect();
    let again = engine::score(&hands, p.rules, v)?;
    if again != p.scores {
        return reject("haggle score episode: the referee scores these hands differently".into());
    }
    let first = again.first().map_or(0, |s| s.total);
    claims::check(env, Sense::Maximise, first as f64)?;
    Ok(format!(
        "verified: {} hand(s) re-scored under rules {}",
        hands.len(),
        p.rules
    ))
}

fn verify_goal(env: &Envelope, v: &Variant) -> Result<String> {
    let p: GoalPayload = env.payload_as()?;
    let others = p.others.as_deref();
    let believed = engine::believed(&p.goal, p.known, others, v)?;
    if believed != p.believed {
        return reject(format!(
            "goal {} is worth {believed} under rules {}, not the claimed {}",
            p.goal, p.known, p.believed
        ));
    }
    let used: Vec<u32> = (0..5)
        .map(|i| others.unwrap_or(&[]).iter().map(|h| h.0[i] as u32).sum())
        .collect();
    let caps: [u8; 5] = std::array::from_fn(|i| {
        (2 * p.players as u32)
            .saturating_sub(used[i])
            .min(v.max_cards()) as u8
    });
    if !p.goal.within(&Hand(caps)) || p.goal.total() > v.max_cards() {
        return reject(format!(
            "goal {} needs more cards than the game has (2N per colour, {} cards)",
            p.goal,
            v.max_cards()
        ));
    }
    // Optimality by enumeration: no hand scores more, none as good is nearer.
    let mut best = (i64::MIN, u32::MAX);
    for h in engine::all_hands(caps, v.max_cards()) {
        let s = engine::believed(&h, p.known, others, v)?;
        let d = p.hand.distance(&h);
        if s > best.0 || (s == best.0 && d < best.1) {
            best = (s, d);
        }
    }
    if best != (p.believed, p.distance) || p.hand.distance(&p.goal) != p.distance {
        return reject(format!(
            "goal {} (score {}, {} cards to change) is not the best: enumeration finds score \
             {} with {} cards to change",
            p.goal, p.believed, p.distance, best.0, best.1
        ));
    }
    let mut all = vec![p.goal];
    all.extend_from_slice(others.unwrap_or(&[]));
    let t = engine::score(&all, v.rules, v)?[0].total;
    if t != p.true_score {
        return reject(format!(
            "goal {} truly scores {t}, not the claimed {}",
            p.goal, p.true_score
        ));
    }
    claims::check(env, Sense::Maximise, believed as f64)?;
    Ok(format!(
        "verified: goal {} scores {} under rules {} and is optimal among all hands \
         (enumerated); true score {}",
        p.goal, p.believed, p.known, t
    ))
}

fn verify_bound(env: &Envelope, v: &Variant) -> Result<String> {
    let p: BoundPayload = env.payload_as()?;
    if p.hands.len() != p.players {
        return reject(format!(
            "the episode has {} hands for {} players",
            p.hands.len(),
            p.players
        ));
    }
    let deck = 2 * p.players as u32;
    for i in 0..5 {
        let used: u32 = p.hands.iter().map(|h| h.0[i] as u32).sum();
        if used > deck || (p.hand_in_all && used != deck) {
            return reject(format!(
                "the hands use {used} {} cards; the deck has {deck}{}",
                rules::COLOURS[i],
                if p.hand_in_all {
                    " and all must be handed in"
                } else {
                    ""
                }
            ));
        }
    }
    let scores = engine::score(&p.hands, v.rules, v)?;
    if scores != p.scores {
        return reject("the referee scores the bound's hands differently".into());
    }
    let value = match env.objective.as_str() {
        "max-player" => scores[0].total,
        _ => scores.iter().map(|s| s.total).sum(),
    };
    for (i, (m, s)) in p.model_scores.iter().zip(&scores).enumerate() {
        if m.is_some_and(|m| m != s.total) {
            return reject(format!(
                "the model's score of hand {} is {}, the referee's {}",
                i + 1,
                m.unwrap_or_default(),
                s.total
            ));
        }
    }
    claims::check(env, Sense::Maximise, value as f64)?;
    if let Some(proof) = &p.proof {
        crate::proof::check_whole("haggle", proof, value as f64, true)?;
    }
    Ok(format!(
        "verified: {} hands re-scored by the referee, {} = {value} ({})",
        p.players,
        env.objective,
        crate::render::verdict(env)
    ))
}

/// `audit` of a bound: the same problem solved again by the bound's own method (the
/// automatic formulation) with the audit's seed and presolve off; no safe bound (the
/// max-player solve is several models, its objective carries a tie-break key).
fn audit_bound(
    env: &Envelope,
    o: &crate::audit::AuditOptions,
) -> Result<(Vec<crate::audit::AuditRow>, f64)> {
    let v: Variant = serde_json::from_value(env.variant.clone())
        .map_err(|e| anyhow::anyhow!("haggle episode has a malformed variant: {e}"))?;
    let p: BoundPayload = env.payload_as()?;
    let Some(proof) = &p.proof else {
        anyhow::bail!("audit: the episode has no proof record (not a proven bound)");
    };
    let (Some(part), Some(value)) = (proof.parts.first(), env.value) else {
        anyhow::bail!("audit: the proof record has no part, or the episode no value");
    };
    let objective = match env.objective.as_str() {
        "max-player" => cli::BoundObjective::MaxPlayer,
        _ => cli::BoundObjective::MaxTotal,
    };
    let hand_in = match p.hand_in_all {
        true => cli::HandIn::All,
        false => cli::HandIn::Any,
    };
    let t = std::time::Instant::now();
    let again = cli::bound(
        p.players,
        objective,
        hand_in,
        cli::Formulation::Auto,
        &v,
        &o.solve_options(),
    )?;
    let Some(mut report) = again.solver.clone() else {
        anyhow::bail!("audit: the bound solved again carries no solver report");
    };
    (report.status, report.objective, report.bound) = (again.status, again.value, again.bound);
    let mut row = crate::audit::resolved(part, value, true, true, &report);
    row.seconds = t.elapsed().as_secs_f64();
    Ok((vec![row], proof.parts.iter().map(|x| x.seconds).sum()))
}

fn verify_simulation(env: &Envelope, v: &Variant) -> Result<String> {
    let s: player::Simulation = env.payload_as()?;
    let n = s.players;
    if s.start.len() != n {
        return reject(format!("{} starting seats for {n} players", s.start.len()));
    }
    for i in 0..5 {
        let used: u32 = s.start.iter().map(|x| x.hand.0[i] as u32).sum();
        if used != 2 * n as u32 {
            return reject(format!(
                "the deal has {used} {} cards, not 2N = {}",
                rules::COLOURS[i],
                2 * n
            ));
        }
    }
    if s.start
        .iter()
        .any(|x| x.hand.total() != 10 || x.known.len() != 2)
    {
        return reject("every player starts with 10 cards and two different rules".into());
    }
    let mut seats = s.start.clone();
    for (r, round) in s.rounds.iter().enumerate() {
        for m in &round.meetings {
            let (a, b) = (m.a, m.b);
            if a >= n || b >= n || a == b {
                return reject(format!("round {}: bad pair {}, {}", r + 1, a + 1, b + 1));
            }
            if m.shared != player::both_gain(seats[a].known, seats[b].known) {
                return reject(format!(
                    "round {}: players {} and {} share rules only when both gain",
                    r + 1,
                    a + 1,
                    b + 1
                ));
            }
            if m.shared {
                let u = seats[a].known.union(seats[b].known);
                seats[a].known = u;
                seats[b].known = u;
            }
            if let Some(t) = m.trade {
                let (ah, bh) = (seats[a].hand, seats[b].hand);
                if !engine::accepts(&ah, &m.a_goal, &t.b_gives, &t.a_gives)
                    || !engine::accepts(&bh, &m.b_goal, &t.a_gives, &t.b_gives)
                {
                    return reject(format!(
                        "round {}: players {} and {} would not both accept {} for {}",
                        r + 1,
                        a + 1,
                        b + 1,
                        t.a_gives,
                        t.b_gives
                    ));
                }
                seats[a].hand = engine::after(&ah, &t.a_gives, &t.b_gives);
                seats[b].hand = engine::after(&bh, &t.b_gives, &t.a_gives);
            }
        }
        let handed: Vec<Hand> = round.table.iter().map(|x| x.handed_in).collect();
        let truth = engine::totals(&handed, v.rules, v)?;
        for (p, row) in round.table.iter().enumerate() {
            if row.hand != seats[p].hand || row.known != seats[p].known {
                return reject(format!(
                    "round {}: player {}'s hand or rules do not follow from the trades",
                    r + 1,
                    p + 1
                ));
            }
            if !row.handed_in.within(&row.hand) {
                return reject(format!(
                    "round {}: player {} hands in cards it does not hold",
                    r + 1,
                    p + 1
                ));
            }
            let believed = engine::believed(&row.handed_in, row.known, None, v)?;
            if believed != row.believed || truth[p] != row.true_score {
                return reject(format!(
                    "round {}: player {}'s scores differ from the referee's ({believed}, {})",
                    r + 1,
                    p + 1,
                    truth[p]
                ));
            }
        }
    }
    check_standings(env, &s)?;
    Ok(format!(
        "verified: {n} players, {} rounds replayed; every trade acceptable to both, every \
         score re-scored by the referee",
        s.rounds.len()
    ))
}

/// The standings (players by final true score, best first, ties by seat) and the value
/// (the leader's true score) of a simulation, against its last round.
fn check_standings(env: &Envelope, s: &player::Simulation) -> Result<()> {
    let last: Vec<i64> = match s.rounds.last() {
        Some(r) if r.table.len() == s.players => r.table.iter().map(|x| x.true_score).collect(),
        Some(r) => {
            return reject(format!(
                "the last round lists {} players, the game has {}",
                r.table.len(),
                s.players
            ))
        }
        None => return claims::check(env, Sense::Maximise, 0.0),
    };
    let mut standings: Vec<usize> = (0..s.players).collect();
    standings.sort_by_key(|&p| (-last[p], p));
    if standings != s.standings {
        let seats = |v: &[usize]| {
            let all: Vec<String> = v.iter().map(|p| format!("P{}", p + 1)).collect();
            claims::clip(&all.join(", "), 120)
        };
        return reject(format!(
            "the standings are {}, the last round's scores give {}",
            seats(&s.standings),
            seats(&standings)
        ));
    }
    let best = standings.first().map_or(0, |&p| last[p]);
    claims::check(env, Sense::Maximise, best as f64)
}

pub fn render(env: &Envelope) -> Result<String> {
    render::render(env)
}

/// Haggle in the game registry.
pub struct Haggle;

impl crate::games::Game for Haggle {
    fn name(&self) -> &'static str {
        "haggle"
    }
    fn about(&self) -> &'static str {
        "Haggle (Sid Sackson) — the 15 rules, goal hands, trades, bounds."
    }
    fn command(&self) -> clap::Command {
        crate::games::command_of::<cli::Command>(self.name(), self.about())
    }
    fn run(&self, matches: &clap::ArgMatches, common: &crate::cli::Common) -> Result<()> {
        cli::run(crate::games::parse_matches(matches)?, common)
    }
    fn keys(&self) -> &'static [crate::keys::KeyDoc] {
        rules::KEYS
    }
    fn default_rules(&self) -> Result<Option<serde_json::Value>> {
        Ok(Some(serde_json::to_value(rules::Variant::standard()?)?))
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
        vec![crate::games::Splits::jobs("compare")]
    }
    /// A hand's score, a goal and a simulation are recomputed exactly.
    fn bound_rechecked(&self, env: &Envelope) -> bool {
        matches!(env.objective.as_str(), "score" | "goal" | "simulate")
    }
    fn audit(
        &self,
        env: &Envelope,
        o: &crate::audit::AuditOptions,
    ) -> Result<(Vec<crate::audit::AuditRow>, f64)> {
        match env.objective.as_str() {
            "max-player" | "max-total" => audit_bound(env, o),
            o => anyhow::bail!("audit: a haggle `{o}` episode has no proof record (only bounds)"),
        }
    }
}
