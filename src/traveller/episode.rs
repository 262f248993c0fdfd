//! The episode payload: everything `verify` needs to replay a traveller result without
//! any file but the episode — the board's full content, the rules, the start, the step
//! budget and the plan.

use std::collections::BTreeMap;

use anyhow::{bail, Context, Result};
use serde::{Deserialize, Serialize};

use super::board::{Board, BoardFile};
use super::engine::{self, Action, Replay, State};
use super::rules::Rules;
use crate::episode::Envelope;
use crate::error::Rejected;

/// The resolved run: what was solved (the envelope's `variant`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Variant {
    /// Board name (the file stem).
    pub board: String,
    /// The board itself.
    pub content: BoardFile,
    pub rules: Rules,
    /// Start square (id).
    pub start: u32,
    /// Most actions the plan may take.
    pub steps: usize,
    /// £ per unit for stock still carried at the end (empty: cash only).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub stock_value: BTreeMap<String, f64>,
}

/// The game: who made the plan and the plan itself.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Payload {
    /// `ilp` (the bound's plan by the ILP), `events` (by the search over event
    /// sequences, `bound --method events`) or `greedy`.
    pub trader: String,
    /// How the event search settled the bound (sequences, LPs, MIPs), for `events`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub search: Option<String>,
    /// One action a line, as a plan file writes them.
    pub plan: Vec<String>,
    /// The proof of a proven bound: the ILP's one part, or the event search's branches.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub proof: Option<crate::proof::DataProof>,
    /// The state after the last action.
    #[serde(rename = "final")]
    pub end: StateView,
}

/// A state as people read it: square id, fuel, cash, load and stock by good.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StateView {
    pub square: u32,
    pub fuel: u32,
    pub cash: f64,
    pub load: f64,
    pub stock: BTreeMap<String, u64>,
}

impl StateView {
    pub fn of(board: &Board, s: &State) -> StateView {
        StateView {
            square: board.ids[s.square],
            fuel: s.fuel,
            cash: s.cash,
            load: s.load(board),
            stock: board
                .goods
                .iter()
                .cloned()
                .zip(s.stock.iter().copied())
                .collect(),
        }
    }
}

impl Variant {
    /// The stock values in board goods order (zeros for goods not named).
    pub fn stock_values(&self, board: &Board) -> Result<Vec<f64>> {
        for g in self.stock_value.keys() {
            if board.good(g).is_none() {
                bail!(
                    "stock value for `{g}`: not a good on board `{}` ({})",
                    board.name,
                    board.goods.join(", ")
                );
            }
        }
        Ok(board
            .goods
            .iter()
            .map(|g| self.stock_value.get(g).copied().unwrap_or(0.0))
            .collect())
    }

    /// The objective's value of a state: cash plus valued stock.
    pub fn worth(&self, board: &Board, s: &State) -> Result<f64> {
        let v = self.stock_values(board)?;
        Ok(s.cash
            + s.stock
                .iter()
                .zip(&v)
                .map(|(&q, p)| q as f64 * p)
                .sum::<f64>())
    }

    pub fn objective(&self) -> &'static str {
        if self.stock_value.is_empty() {
            "max-cash"
        } else {
            "max-cash-plus-stock"
        }
    }
}

/// Board, rules, plan and replay of an episode (errors for malformed content).
pub struct Loaded {
    pub variant: Variant,
    pub payload: Payload,
    pub board: Board,
    pub plan: Vec<Action>,
    pub replay: Replay,
}

pub fn load(env: &Envelope) -> Result<Loaded> {
    let variant: Variant = serde_json::from_value(env.variant.clone())
        .context("traveller episode has a malformed variant")?;
    let payload: Payload = env.payload_as()?;
    let board =
        Board::from_file(&variant.board, variant.content.clone()).context("the episode's board")?;
    variant.rules.check().context("the episode's rules")?;
    let plan = engine::parse_plan(&payload.plan.join("\n")).context("the episode's plan")?;
    let replay = engine::replay(&board, &variant.rules, variant.start, &plan)?;
    Ok(Loaded {
        variant,
        payload,
        board,
        plan,
        replay,
    })
}

/// Replay the plan; every claim (legality, length, final state, value) must hold.
pub fn verify(env: &Envelope) -> Result<String> {
    let l = load(env)?;
    if let Some((i, e)) = &l.replay.illegal {
        return Err(Rejected(format!(
            "traveller: step {} `{}` is illegal — {e}",
            i + 1,
            l.plan[*i]
        ))
        .into());
    }
    if l.plan.len() > l.variant.steps {
        return Err(Rejected(format!(
            "traveller: the plan takes {} actions, more than the {} steps allowed",
            l.plan.len(),
            l.variant.steps
        ))
        .into());
    }
    let end = StateView::of(&l.board, l.replay.last());
    if end != l.payload.end {
        return Err(Rejected(format!(
            "traveller: the plan ends at square {} with £{} and fuel {}, not the claimed \
             square {} with £{} and fuel {}",
            end.square,
            end.cash,
            end.fuel,
            l.payload.end.square,
            l.payload.end.cash,
            l.payload.end.fuel
        ))
        .into());
    }
    let worth = l.variant.worth(&l.board, l.replay.last())?;
    if env.objective != l.variant.objective() {
        return Err(Rejected(format!(
            "traveller: rejected: the objective is `{}`, but the run {} (objective `{}`)",
            crate::claims::clip(&env.objective, 60),
            if l.variant.stock_value.is_empty() {
                "values cash only"
            } else {
                "values cash plus stock"
            },
            l.variant.objective()
        ))
        .into());
    }
    crate::claims::check(env, crate::claims::Sense::Maximise, worth)?;
    if let Some(proof) = &l.payload.proof {
        check_proof(&l, proof, worth)?;
    }
    Ok(format!(
        "traveller: verified — {} actions (≤ {} steps) on board {} from square {} replay \
         legally to £{} ({}, {})",
        l.plan.len(),
        l.variant.steps,
        l.variant.board,
        l.variant.start,
        engine::money(worth),
        l.variant.objective(),
        crate::render::verdict_in(env, super::render::UNITS)
    ))
}

/// The proof record's shape: the ILP's one part, or exactly the event search's branches.
fn check_proof(l: &Loaded, proof: &crate::proof::DataProof, worth: f64) -> Result<()> {
    if l.payload.trader == "labels" {
        return super::sequences::check_labels(proof, worth);
    }
    if l.payload.trader != "events" {
        return crate::proof::check_whole("traveller", proof, worth, true);
    }
    let v = &l.variant;
    let start = l.board.square(v.start)?;
    super::sequences::check(&l.board, &v.rules, start, v.steps, proof, worth)
}

/// `audit`: the ILP solved again (its own procedure, the audit's seed, presolve off), or
/// every branch of the event search searched again.
pub fn audit(
    env: &Envelope,
    o: &crate::audit::AuditOptions,
) -> Result<(Vec<crate::audit::AuditRow>, f64)> {
    let l = load(env)?;
    let Some(proof) = &l.payload.proof else {
        bail!("audit: the episode has no proof record (not a proven bound)");
    };
    let (v, board) = (&l.variant, &l.board);
    let worth = v.worth(board, l.replay.last())?;
    let start = board.square(v.start)?;
    let own: f64 = proof.parts.iter().map(|p| p.seconds).sum();
    if l.payload.trader == "labels" {
        let row = super::sequences::audit_labels(board, &v.rules, start, v.steps, proof, worth)?;
        return Ok((vec![row], own));
    }
    if l.payload.trader == "events" {
        let rows = super::sequences::audit(board, &v.rules, start, v.steps, proof, worth, o)?;
        return Ok((rows, own));
    }
    let Some(part) = proof.parts.first() else {
        bail!("audit: the proof record has no part");
    };
    let objective = super::model::Objective {
        stock_value: v.stock_values(board)?,
        ..Default::default()
    };
    let t = std::time::Instant::now();
    let b = super::model::solve(
        board,
        &v.rules,
        start,
        v.steps,
        &objective,
        None,
        &o.solve_options(),
    )?;
    let mut row = crate::audit::resolved(part, worth, true, false, &b.report);
    row.seconds = t.elapsed().as_secs_f64();
    Ok((vec![row], own))
}
