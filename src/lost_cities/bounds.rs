//! The bound episodes: solve the ILP, build or search a full game, certify it by replay,
//! and `verify` for episode files.

use anyhow::{anyhow, bail, Result};

use super::cards::{show_cards, Card};
use super::construct;
use super::engine::{replay, Record, State};
use super::episode::{BoundPayload, Kind};
use super::model::{self, Limits};
use super::rules::Rules;
use super::search;
use crate::episode::Envelope;
use crate::error::Rejected;
use crate::lp::{Sense, SolveOptions, Status};
use crate::rng::Rng;

pub const GAME: &str = "lost-cities";

/// The deck a seed shuffles (SplitMix64 Fisher–Yates over the variant's full deck).
pub fn deck_from_seed(rules: &Rules, seed: u64) -> Vec<Card> {
    let mut deck = rules.full_deck();
    Rng::new(seed).shuffle(&mut deck);
    deck
}

fn expedition_strings(rules: &Rules, cards: &[Card]) -> Vec<String> {
    (0..rules.colour_count() as u8)
        .map(|c| {
            let mut e: Vec<Card> = cards.iter().copied().filter(|x| x.colour == c).collect();
            e.sort();
            show_cards(rules, &e)
        })
        .collect()
}

fn objective_name(kind: Kind, sense: Sense) -> String {
    let dir = match sense {
        Sense::Maximise => "max",
        Sense::Minimise => "min",
    };
    match kind {
        Kind::FreeDeck => format!("player-1-{dir}-free-deck"),
        Kind::FixedDeck => format!("player-1-{dir}-fixed-deck"),
    }
}

/// Replay a record the tool itself built; a rejection here is a bug, said plainly.
fn certify<'r>(rules: &'r Rules, record: &Record) -> Result<State<'r>> {
    replay(rules, record)?
        .map_err(|e| anyhow!("internal error: the referee rejects the constructed game: {e}"))
}

/// `bound` with a free deck order: the ILP optimum and a game reaching it.
pub fn free_bound(rules: &Rules, sense: Sense, opts: &SolveOptions) -> Result<Envelope> {
    let lim = Limits::free(rules);
    let plan = model::solve(rules, &lim, sense, opts)?;
    let record = construct::free_order_game(rules, &plan.cards)?;
    let state = certify(rules, &record)?;
    let score = state.score(0);
    if score as i64 != plan.score {
        bail!(
            "internal error: the ILP claims {} but the referee scores the constructed game {score}",
            plan.score
        );
    }
    let payload = BoundPayload {
        kind: Kind::FreeDeck,
        sense: match sense {
            Sense::Maximise => "max".into(),
            Sense::Minimise => "min".into(),
        },
        expeditions: expedition_strings(rules, &state.expedition_cards(0)),
        score,
        ilp_expeditions: expedition_strings(rules, &plan.cards),
        capacity: rules.expedition_capacity(),
        seed: None,
        runs: None,
        record: record.to_text(rules),
        proof: record_of(rules, &lim, sense, &plan.report, score, opts)?,
    };
    Ok(Envelope::from_report(
        GAME,
        serde_json::to_value(rules)?,
        &objective_name(Kind::FreeDeck, sense),
        &plan.report,
        serde_json::to_value(payload)?,
    ))
}

/// `bound --seed/--deck`: relaxation upper bound, best planner game, gap.
pub fn fixed_bound(
    rules: &Rules,
    deck: &[Card],
    seed: Option<u64>,
    rounds: usize,
    opts: &SolveOptions,
) -> Result<Envelope> {
    let fd = search::fixed_deck(rules, deck, rounds, opts)?;
    let state = certify(rules, &fd.record)?;
    let score = state.score(0);
    if score != fd.score {
        bail!(
            "internal error: planner score {} but referee {score}",
            fd.score
        );
    }
    let upper = fd.upper.score as f64;
    let proven = fd.upper.report.proven() && (upper - score as f64).abs() < 1e-9;
    let lim = Limits::without(rules, &[*deck.last().expect("non-empty deck")]);
    let proof = match proven {
        true => record_of(rules, &lim, Sense::Maximise, &fd.upper.report, score, opts)?,
        false => None,
    };
    let payload = BoundPayload {
        kind: Kind::FixedDeck,
        sense: "max".into(),
        expeditions: expedition_strings(rules, &state.expedition_cards(0)),
        score,
        ilp_expeditions: expedition_strings(rules, &fd.upper.cards),
        capacity: rules.expedition_capacity(),
        seed,
        runs: Some(fd.runs),
        record: fd.record.to_text(rules),
        proof,
    };
    let mut env = Envelope::from_report(
        GAME,
        serde_json::to_value(rules)?,
        &objective_name(Kind::FixedDeck, Sense::Maximise),
        &fd.upper.report,
        serde_json::to_value(payload)?,
    );
    env.value = Some(score as f64);
    env.bound = Some(upper);
    env.gap = Some((upper - score as f64).abs() / (score as f64).abs().max(1.0));
    env.status = if proven {
        Status::Optimal
    } else {
        Status::Feasible
    };
    Ok(env)
}

/// The proof record of a proven bound (one part, every game within `lim`, with its LP
/// relaxation's optimum); `None` when the solve did not prove it.
fn record_of(
    rules: &Rules,
    lim: &Limits,
    sense: Sense,
    report: &crate::lp::SolveReport,
    score: i32,
    opts: &SolveOptions,
) -> Result<Option<crate::proof::DataProof>> {
    if !report.proven() {
        return Ok(None);
    }
    let lp = model::relaxation(
        rules,
        lim,
        sense,
        &SolveOptions {
            quiet: true,
            ..opts.clone()
        },
    )?;
    Ok(Some(crate::proof::whole(
        report,
        score as f64,
        Some(lp),
        opts,
    )))
}

/// The fixed deck's limits (its last card is never played), or the free deck's.
fn limits(rules: &Rules, p: &BoundPayload) -> Result<Limits> {
    Ok(match p.kind {
        Kind::FreeDeck => Limits::free(rules),
        Kind::FixedDeck => {
            let record = Record::from_text(rules, &p.record)?;
            let last = *record
                .deck
                .last()
                .ok_or_else(|| reject("the deck is empty"))?;
            Limits::without(rules, &[last])
        }
    })
}

/// `audit`: the bound's one part solved again ([`crate::audit::whole`]).
pub fn audit(
    env: &Envelope,
    o: &crate::audit::AuditOptions,
) -> Result<(Vec<crate::audit::AuditRow>, f64)> {
    let rules = Rules::parse(&env.variant.to_string(), "lost-cities episode `variant`")?;
    let p: BoundPayload = env.payload_as()?;
    let Some(proof) = &p.proof else {
        bail!("audit: the episode has no proof record (not a proven bound)");
    };
    let sense = if p.sense == "min" {
        Sense::Minimise
    } else {
        Sense::Maximise
    };
    let lim = limits(&rules, &p)?;
    let build = |relax: bool| -> Result<crate::audit::Built> {
        let (m, obj) = model::fresh(&rules, &lim, sense, relax);
        Ok((m, sense, obj))
    };
    let rows = crate::audit::whole(proof, p.score as f64, true, o, &build)?;
    Ok((rows, proof.parts.iter().map(|x| x.seconds).sum()))
}

fn reject(msg: impl Into<String>) -> anyhow::Error {
    Rejected(format!("lost-cities: {}", msg.into())).into()
}

/// Replay the episode's record and check what it claims.
pub fn verify(env: &Envelope) -> Result<String> {
    let rules = Rules::parse(&env.variant.to_string(), "lost-cities episode `variant`")?;
    let p: BoundPayload = env.payload_as()?;
    let record = Record::from_text(&rules, &p.record)?;
    let state = match replay(&rules, &record)? {
        Ok(s) => s,
        Err(illegal) => return Err(reject(format!("the game record is illegal at {illegal}"))),
    };
    let score = state.score(0);
    if score != p.score {
        return Err(reject(format!(
            "the payload says player 1 scores {} but the referee scores {score}",
            p.score
        )));
    }
    let sense = match (p.kind, p.sense.as_str()) {
        (_, "max") => Sense::Maximise,
        (Kind::FreeDeck, "min") => Sense::Minimise,
        (k, s) => {
            return Err(reject(format!(
                "the payload's sense `{}` is not one a {} bound has",
                crate::claims::clip(s, 40),
                if k == Kind::FreeDeck {
                    "free-deck"
                } else {
                    "fixed-deck"
                }
            )))
        }
    };
    let objective = objective_name(p.kind, sense);
    if env.objective != objective {
        return Err(reject(format!(
            "the objective is `{}`, but the game record is a {objective} bound",
            crate::claims::clip(&env.objective, 60)
        )));
    }
    crate::claims::check(env, sense, score as f64)?;
    if let Some(proof) = &p.proof {
        crate::proof::check_whole(GAME, proof, score as f64, sense == Sense::Maximise)?;
    }
    if p.capacity != rules.expedition_capacity() {
        return Err(reject(format!(
            "the payload's expedition capacity is {}, the rules give {}",
            p.capacity,
            rules.expedition_capacity()
        )));
    }
    if p.kind == Kind::FreeDeck && p.ilp_expeditions != p.expeditions {
        return Err(reject(
            "a free-deck game plays the ILP's expeditions, the payload lists others",
        ));
    }
    if expedition_strings(&rules, &state.expedition_cards(0)) != p.expeditions {
        return Err(reject(
            "the listed expeditions differ from the replayed game",
        ));
    }
    let turns = record.moves.len();
    match p.kind {
        Kind::FreeDeck => {
            let minimise = p.sense == "min";
            if let Some(b) = env.bound {
                let beyond = if minimise {
                    (score as f64) < b - 1e-6
                } else {
                    (score as f64) > b + 1e-6
                };
                if beyond {
                    return Err(reject(format!(
                        "the game scores {score}, beyond the proven bound {b}"
                    )));
                }
            }
            let proven = env.status == Status::Optimal
                && env.bound.is_some_and(|b| (b - score as f64).abs() < 1e-6);
            Ok(format!(
                "lost-cities: the referee replayed all {turns} turns; player 1 scores {score}, as \
                 claimed{}",
                if proven {
                    " — it equals the ILP bound: a proven optimum"
                } else {
                    " (not proven optimal)"
                }
            ))
        }
        Kind::FixedDeck => {
            if let Some(seed) = p.seed {
                if deck_from_seed(&rules, seed) != record.deck {
                    return Err(reject(format!(
                        "the record's deck is not the deck shuffled with seed {seed}"
                    )));
                }
            }
            Ok(format!(
                "lost-cities: the referee replayed all {turns} turns of the fixed deck; player 1 \
                 scores {score}, as claimed (upper bound {})",
                env.bound
                    .map(crate::render::num)
                    .unwrap_or_else(|| "-".into())
            ))
        }
    }
}
