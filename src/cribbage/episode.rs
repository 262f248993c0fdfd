//! Payloads of cribbage episodes (one per verb) and the referee's check of each.
//!
//! Every cribbage result is an [`Envelope`] with `game = "cribbage"` and `objective` one of
//! `score`, `discard`, `max`, `distribution`, `discard-table`. `verify` recomputes the
//! claim with the engine alone (never the ILP): a `max` episode's hand is re-scored, its
//! constraints re-checked, and — because enumeration is cheap — its optimality is
//! re-established by scoring every (hand, start) pair the constraints allow.
//!
//! The episode's `variant.rules` holds the rules file it was made under (players, house
//! rules); `verify` replays under them. Episodes from before rules files have none there
//! and are replayed under the standard rules.

use anyhow::Result;
use serde::{Deserialize, Serialize};

use super::analysis::{self, Check, Distribution, Enumerated, KeepEv, Role};
use super::engine::{breakdown, Breakdown};
use super::rules::{show, Card, Query, Variant};
use super::ruleset::CribbageRules;
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
    /// What the expected values average over: the start cards, and (with a role) the
    /// ways to complete the crib with a start.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub averaged: Option<Averaged>,
}

/// The equally likely cases behind a discard's expected values.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Averaged {
    /// Start cards: every card not dealt to you.
    pub starts: u64,
    /// Crib cards you do not know: the others' discards and any card from the deck.
    pub crib_unknown: u64,
    /// Crib completions (unknown crib cards, then a start), with a role.
    pub crib_completions: Option<u64>,
}

impl Averaged {
    pub fn of(rules: &CribbageRules, role: Role) -> Averaged {
        let unseen = 52 - rules.deal() as u64;
        let k = rules.crib_unknown() as u64;
        let choose = (0..k).fold(1u64, |acc, i| acc * (unseen - i) / (i + 1));
        Averaged {
            starts: unseen,
            crib_unknown: k,
            crib_completions: (role != Role::None).then_some(choose * (unseen - k)),
        }
    }
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
    /// The proof of a proven maximum: one part, every allowed pair, settled by HiGHS.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub proof: Option<crate::proof::DataProof>,
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

/// The rules the episode was made under.
fn rules_of(env: &Envelope) -> Result<CribbageRules> {
    CribbageRules::of_episode(&env.variant)
}

fn verify_score(env: &Envelope) -> Result<String> {
    let p: ScorePayload = env.payload_as()?;
    let rules = rules_of(env)?;
    let hand = hand_of(&p.hand, p.start)?;
    let b = breakdown(&hand, p.start, rules.flush(p.variant));
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
        "cribbage score: referee agrees: {} with start {} scores {} ({} counting; {})",
        show(&hand),
        p.start,
        b.total,
        p.variant.name(),
        rules.describe()
    ))
}

/// `audit` of a `max` episode: its one part solved again ([`crate::audit::whole`]).
pub fn audit_max(
    env: &Envelope,
    o: &crate::audit::AuditOptions,
) -> Result<(Vec<crate::audit::AuditRow>, f64)> {
    let p: MaxPayload = env.payload_as()?;
    let Some(proof) = &p.proof else {
        anyhow::bail!("audit: the episode has no proof record (not a proven `max`)");
    };
    let rules = rules_of(env)?;
    let build = |relax: bool| -> Result<crate::audit::Built> {
        let (m, score) = super::model::fresh_max(&p.query, &rules, relax);
        Ok((m, crate::lp::Sense::Maximise, score))
    };
    let rows = crate::audit::whole(proof, p.score as f64, true, o, &build)?;
    Ok((rows, proof.parts.iter().map(|x| x.seconds).sum()))
}

fn verify_max(env: &Envelope) -> Result<String> {
    let p: MaxPayload = env.payload_as()?;
    let rules = rules_of(env)?;
    let hand = hand_of(&p.hand, p.start)?;
    let variant = Variant::from_crib(p.query.crib);
    let b = breakdown(&hand, p.start, rules.flush(variant));
    if let Some(why) = Check::new(&p.query, &rules).violation(&hand, p.start, b.total) {
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
        "cribbage max: referee agrees: {} with start {} scores {} ({}; {})",
        show(&hand),
        p.start,
        b.total,
        p.query.describe(),
        rules.describe()
    );
    if env.status == Status::Optimal {
        let e = analysis::enumerate_max(&p.query, &rules, 2);
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
    // After the enumeration: a forged maximum is named by the stronger check first.
    if let Some(proof) = &p.proof {
        crate::proof::check_whole(GAME, proof, b.total as f64, true)?;
    }
    Ok(msg)
}

fn verify_discard(env: &Envelope) -> Result<String> {
    let p: DiscardPayload = env.payload_as()?;
    let mut rules = rules_of(env)?;
    if env.variant.get("rules").is_none() && p.dealt.len() == 5 {
        // Before rules files a five-card deal meant three or four players (the same
        // expected values).
        rules.players = 3;
    }
    let again = analysis::discard(&p.dealt, p.role, &rules)?;
    if p.averaged
        .as_ref()
        .is_some_and(|a| *a != Averaged::of(&rules, p.role))
    {
        return Err(reject(format!(
            "the episode's averaging ({:?}) is not that of its rules ({})",
            p.averaged,
            rules.describe()
        )));
    }
    if again != p.keeps {
        return Err(reject(format!(
            "the expected values of the keeps of {} differ from the engine's",
            show(&p.dealt)
        )));
    }
    // The exact value is the payload's fraction; the float may lose its last bit in a
    // JSON round trip.
    if !env
        .value
        .is_some_and(|v| (v - again[0].total.to_f64()).abs() < 1e-9)
    {
        return Err(reject("the episode's value is not the best keep's".into()));
    }
    claims::check(env, Sense::Maximise, again[0].total.to_f64())?;
    Ok(format!(
        "cribbage discard: referee agrees ({}): best keep of {} is {} at {}",
        rules.describe(),
        show(&p.dealt),
        show(&again[0].keep),
        again[0].total
    ))
}

fn verify_distribution(env: &Envelope) -> Result<String> {
    let p: Distribution = env.payload_as()?;
    let rules = rules_of(env)?;
    let again = analysis::distribution(p.crib, &rules, 2);
    if again != p {
        return Err(reject(
            "the distribution differs from a fresh enumeration".into(),
        ));
    }
    claims::check(env, Sense::Maximise, again.mean.to_f64())?;
    Ok(format!(
        "cribbage distribution: referee agrees ({}): {} pairs, mean {}",
        rules.describe(),
        again.pairs,
        again.mean
    ))
}

fn verify_table(env: &Envelope) -> Result<String> {
    let p: DiscardTable = env.payload_as()?;
    let rules = rules_of(env)?;
    if rules.deal() != p.deal {
        return Err(reject(format!(
            "the table covers {}-card deals, its rules ({}) deal {}",
            p.deal,
            rules.describe(),
            rules.deal()
        )));
    }
    let tables = Tables::build(p.role, &rules, 2);
    let again = table::discard_table(&tables, &rules, p.role, p.symmetry, 2);
    if again != p {
        return Err(reject(
            "the discard table differs from a fresh enumeration".into(),
        ));
    }
    claims::check(env, Sense::Maximise, again.mean.to_f64())?;
    // The extremes once more, deal by deal with the plain discard routine.
    for x in [&p.min, &p.max] {
        let best = &analysis::discard(&x.deal, p.role, &rules)?[0];
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
        "cribbage discard-table: referee agrees ({}): {} deals, mean best keep {}",
        rules.describe(),
        again.deals,
        again.mean
    ))
}
