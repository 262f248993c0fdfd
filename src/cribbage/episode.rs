//! Payloads of cribbage episodes (one per verb) and the referee's check of each.
//!
//! Every cribbage result is an [`Envelope`] with `game = "cribbage"` and `objective` one of
//! `score`, `discard`, `max`, `distribution`, `discard-table`. `verify` recomputes the
//! claim with the engine alone (never the ILP): a `max` episode's hand is re-scored, its
//! constraints re-checked, and — because enumeration is cheap — its optimality is
//! re-established by scoring every (hand, start) pair the constraints allow.

use anyhow::Result;
use serde::{Deserialize, Serialize};

use super::analysis::{self, Check, Distribution, Enumerated, KeepEv, Role};
use super::engine::{breakdown, Breakdown};
use super::rules::{show, Card, Query, Variant};
use super::table::{self, DiscardTable, Tables};
use crate::claims::{self, Sense};
use crate::episode::Envelope;
use crate::error::Rejected;
use crate::lp::Status;

pub const GAME: &str = "cribbage";

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScorePayload {
    pub hand: Vec<Card>,
    pub start: Card,
    pub variant: Variant,
    pub breakdown: Breakdown,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DiscardPayload {
    pub dealt: Vec<Card>,
    pub role: Role,
    /// Every keep, best first.
    pub keeps: Vec<KeepEv>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MaxPayload {
    /// The question in words, when the query came from a query file.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
    pub query: Query,
    pub hand: Vec<Card>,
    pub start: Card,
    pub score: u32,
    pub breakdown: Breakdown,
    /// With `--count`: what enumeration found (max, pairs at max, feasible pairs).
    #[serde(default)]
    pub count: Option<Enumerated>,
}

/// Re-check an episode with the engine; `Ok` is the certificate line.
pub fn verify(env: &Envelope) -> Result<String> {
    match env.objective.as_str() {
        "score" => verify_score(env),
        "max" => verify_max(env),
        "discard" => verify_discard(env),
        "distribution" => verify_distribution(env),
        "discard-table" => verify_table(env),
        o => Err(reject(format!(
            "unknown objective `{}` (known: score, discard, max, distribution, discard-table)",
            claims::clip(o, 60)
        ))),
    }
}

fn reject(msg: String) -> anyhow::Error {
    Rejected(format!("cribbage: rejected: {msg}")).into()
}

/// Four distinct hand cards and a start card not among them.
fn hand_of(hand: &[Card], start: Card) -> Result<[Card; 4]> {
    let Ok(h) = <[Card; 4]>::try_from(hand.to_vec()) else {
        return Err(reject(format!("a hand has 4 cards, got {}", hand.len())));
    };
    for i in 0..4 {
        if h[i + 1..].contains(&h[i]) {
            return Err(reject(format!("card {} is in the hand twice", h[i])));
        }
    }
    if h.contains(&start) {
        return Err(reject(format!(
            "the start card {start} is also in the hand"
        )));
    }
    Ok(h)
}

fn verify_score(env: &Envelope) -> Result<String> {
    let p: ScorePayload = env.payload_as()?;
    let hand = hand_of(&p.hand, p.start)?;
    let b = breakdown(&hand, p.start, p.variant);
    if b != p.breakdown || env.value != Some(b.total as f64) {
        return Err(reject(format!(
            "{} with start {} scores {} ({} rules), the episode claims {}",
            show(&hand),
            p.start,
            b.total,
            p.variant.name(),
            claims::show(env.value)
        )));
    }
    claims::check(env, Sense::Maximise, b.total as f64)?;
    Ok(format!(
        "cribbage score: referee agrees: {} with start {} scores {} ({} rules)",
        show(&hand),
        p.start,
        b.total,
        p.variant.name()
    ))
}

fn verify_max(env: &Envelope) -> Result<String> {
    let p: MaxPayload = env.payload_as()?;
    let hand = hand_of(&p.hand, p.start)?;
    let variant = Variant::from_crib(p.query.crib);
    let b = breakdown(&hand, p.start, variant);
    if let Some(why) = Check::new(&p.query).violation(&hand, p.start, b.total) {
        return Err(reject(format!(
            "{} with start {} does not satisfy the query ({}): {why}",
            show(&hand),
            p.start,
            p.query.describe()
        )));
    }
    let value_ok = env.value.is_some_and(|v| (v - b.total as f64).abs() < 1e-6);
    if b.total != p.score || !value_ok {
        return Err(reject(format!(
            "{} with start {} scores {} by the referee, the episode claims {} (value {})",
            show(&hand),
            p.start,
            b.total,
            p.score,
            env.value
                .map(crate::render::num)
                .unwrap_or_else(|| "missing".into())
        )));
    }
    if b != p.breakdown {
        return Err(reject(format!(
            "the episode's itemised breakdown of {} with start {} is not the referee's",
            show(&hand),
            p.start
        )));
    }
    claims::check(env, Sense::Maximise, b.total as f64)?;
    let mut msg = format!(
        "cribbage max: referee agrees: {} with start {} scores {} ({})",
        show(&hand),
        p.start,
        b.total,
        p.query.describe()
    );
    if env.status == Status::Optimal {
        let e = analysis::enumerate_max(&p.query, 2);
        if e.max != Some(b.total) {
            return Err(reject(format!(
                "the episode claims a proven maximum {}, enumeration of every allowed \
                 (hand, start) pair finds {}",
                b.total,
                e.max.map_or("no pair".into(), |m| m.to_string())
            )));
        }
        if let Some(c) = &p.count {
            if c != &e {
                return Err(reject(format!(
                    "the episode's count ({} pairs at the maximum of {} allowed) differs \
                     from enumeration ({} of {})",
                    c.at_max, c.feasible, e.at_max, e.feasible
                )));
            }
        }
        msg += &format!(
            "; enumeration of all {} allowed pairs confirms the maximum ({} reach it)",
            e.feasible, e.at_max
        );
    }
    Ok(msg)
}

fn verify_discard(env: &Envelope) -> Result<String> {
    let p: DiscardPayload = env.payload_as()?;
    let again = analysis::discard(&p.dealt, p.role)?;
    if again != p.keeps {
        return Err(reject(format!(
            "the expected values of the keeps of {} differ from the engine's",
            show(&p.dealt)
        )));
    }
    if env.value != Some(again[0].total.to_f64()) {
        return Err(reject("the episode's value is not the best keep's".into()));
    }
    claims::check(env, Sense::Maximise, again[0].total.to_f64())?;
    Ok(format!(
        "cribbage discard: referee agrees: best keep of {} is {} at {}",
        show(&p.dealt),
        show(&again[0].keep),
        again[0].total
    ))
}

fn verify_distribution(env: &Envelope) -> Result<String> {
    let p: Distribution = env.payload_as()?;
    let again = analysis::distribution(p.crib, 2);
    if again != p {
        return Err(reject(
            "the distribution differs from a fresh enumeration".into(),
        ));
    }
    claims::check(env, Sense::Maximise, again.mean.to_f64())?;
    Ok(format!(
        "cribbage distribution: referee agrees: {} pairs, mean {}",
        again.pairs, again.mean
    ))
}

fn verify_table(env: &Envelope) -> Result<String> {
    let p: DiscardTable = env.payload_as()?;
    let tables = Tables::build(p.role, 2);
    let again = table::discard_table(&tables, p.role, p.symmetry, 2);
    if again != p {
        return Err(reject(
            "the discard table differs from a fresh enumeration".into(),
        ));
    }
    claims::check(env, Sense::Maximise, again.mean.to_f64())?;
    // The extremes once more, deal by deal with the plain discard routine.
    for x in [&p.min, &p.max] {
        let best = &analysis::discard(&x.deal, p.role)?[0];
        if best.total != x.ev {
            return Err(reject(format!(
                "deal {}: best keep is worth {}, the table says {}",
                show(&x.deal),
                best.total,
                x.ev
            )));
        }
    }
    Ok(format!(
        "cribbage discard-table: referee agrees: {} deals, mean best keep {}",
        again.deals, again.mean
    ))
}
