//! The event search's proof record: its branches are the plans' first events (from the
//! board alone: a reachable wholesaler whose good some retailer pays more for within the
//! steps left, or a fuel station; a first sale holds nothing), plus the plan with no event.
//! `verify` derives the branches again and checks the record has exactly them; `audit`
//! searches each branch again with the claimed maximum as the plan to beat.

use std::path::PathBuf;
use std::time::Instant;

use anyhow::{bail, Result};
use serde_json::{json, Value};

use super::{Future, Kind, Node, Search, Tables};
use crate::audit::{AuditOptions, AuditRow};
use crate::error::Rejected;
use crate::lp::SolveOptions;
use crate::proof::{highs_options, DataProof, Proof, ProofPart, Settled};
use crate::traveller::board::Board;
use crate::traveller::rules::Rules;

/// The split's name in the record.
const SPLIT: &str = "first-event";

/// One branch of a search: the sequences that start with one event, or the plan with
/// none (`site` None: it keeps the starting cash).
#[derive(Debug, Clone, Default)]
pub struct Branch {
    pub site: Option<usize>,
    pub sequences: u64,
    pub lps: u64,
    pub mips: u64,
    pub cut: u64,
    /// The cash of the best plan when this branch found it.
    pub found: Option<f64>,
    pub seconds: f64,
}

/// The first events a sequence may start with (sites), as the search's first level
/// admits them, from the board and rules alone.
pub(super) fn firsts(tab: &Tables, rules: &Rules, steps: usize) -> Vec<usize> {
    (0..tab.sites.len())
        .filter(|&i| {
            let leg = tab.from_start[tab.sites[i].square];
            if leg == usize::MAX || leg > rules.fuel as usize || leg + 1 > steps {
                return false;
            }
            match tab.sites[i].kind {
                Kind::Buy { .. } => tab.gain[i] != usize::MAX && leg + 1 + tab.gain[i] < steps,
                Kind::Sell { .. } => false,
                Kind::Fuel { .. } => true,
            }
        })
        .collect()
}

/// Search every branch in turn (the order the whole search takes them); with `--jobs N`
/// the branches are searched ahead on workers ([`super::parallel`]), to the same result.
pub(super) fn run(s: &mut Search) -> Result<Vec<Branch>> {
    let sites = firsts(&s.tab, s.rules, s.steps);
    if let Some(mut bg) = crate::jobs::background::Background::new()? {
        return super::parallel::run(s, &sites, &mut bg);
    }
    let mut out = vec![Branch::default()];
    for i in sites {
        if s.stopped {
            break;
        }
        out.push(branch(s, i)?);
    }
    s.first = None;
    Ok(out)
}

/// Search the branch of first event `i` against the search's best plan, which it
/// replaces when the branch holds a better one.
pub(super) fn branch(s: &mut Search, i: usize) -> Result<Branch> {
    let before = (s.sequences, s.lps, s.mips, s.cut, s.best);
    let t = Instant::now();
    s.first = Some(i);
    let root = Node::root(s.rules);
    s.dfs(&mut Vec::new(), root, &mut Vec::new(), &mut Vec::new())?;
    Ok(Branch {
        site: Some(i),
        sequences: s.sequences - before.0,
        lps: s.lps - before.1,
        mips: s.mips - before.2,
        cut: s.cut - before.3,
        found: (s.best > before.4).then_some(s.best),
        seconds: t.elapsed().as_secs_f64(),
    })
}

/// A branch's restriction as data: `{"first": "none"}` or the first event's square and
/// what happens there (`buy` a good, `fuel`).
fn restriction(board: &Board, tab: &Tables, site: Option<usize>) -> Value {
    let Some(i) = site else {
        return json!({ "first": "none" });
    };
    let s = tab.sites[i];
    let square = board.ids[s.square];
    match s.kind {
        Kind::Buy { good, .. } => {
            json!({ "first": { "square": square, "buy": board.goods[good] } })
        }
        Kind::Sell { good, .. } => {
            json!({ "first": { "square": square, "sell": board.goods[good] } })
        }
        Kind::Fuel { .. } => json!({ "first": { "square": square, "fuel": true } }),
    }
}

/// A branch in words.
pub(super) fn label(board: &Board, tab: &Tables, site: Option<usize>) -> String {
    let Some(i) = site else {
        return "no event (the starting cash)".into();
    };
    let s = tab.sites[i];
    let square = board.ids[s.square];
    match s.kind {
        Kind::Buy { good, .. } => format!("first: buy {} at {square}", board.goods[good]),
        Kind::Sell { good, .. } => format!("first: sell {} at {square}", board.goods[good]),
        Kind::Fuel { .. } => format!("first: fuel at {square}"),
    }
}

/// The branches the board implies, in the search's order: (site, restriction).
fn expected(board: &Board, rules: &Rules, start: usize, steps: usize) -> (Tables, Vec<Value>) {
    let tab = Tables::new(board, start);
    let mut out = vec![restriction(board, &tab, None)];
    for i in firsts(&tab, rules, steps) {
        out.push(restriction(board, &tab, Some(i)));
    }
    (tab, out)
}

/// The record of a proven search (`cash` its maximum): one part per branch, settled by
/// the game it found (`proven`), by MIPs that could not beat the best (`closed`), by the
/// sequences' LPs, or by the search's own bounds with no LP (`pruned`).
pub fn record(
    board: &Board,
    rules: &Rules,
    start: usize,
    cash: f64,
    branches: &[Branch],
    opts: &SolveOptions,
) -> DataProof {
    let tab = Tables::new(board, start);
    let parts = branches
        .iter()
        .map(|b| {
            let settled = match (b.site, b.found, b.mips, b.lps) {
                (None, ..) => Settled::Pruned,
                (_, Some(_), ..) => Settled::MipOptimal,
                (_, None, m, _) if m > 0 => Settled::MipCutoff,
                (_, None, _, l) if l > 0 => Settled::LpBound,
                _ => Settled::Pruned,
            };
            ProofPart {
                restriction: restriction(board, &tab, b.site),
                lp: None,
                bound: Some(if b.site.is_none() { rules.cash } else { cash }),
                value: match b.site {
                    None => Some(rules.cash.round() as i64),
                    Some(_) => b.found.map(|v| v.round() as i64),
                },
                settled,
                seconds: (b.seconds * 1000.0).round() / 1000.0,
            }
        })
        .collect();
    Proof {
        split: SPLIT.into(),
        highs: highs_options(opts),
        source: None,
        parts,
    }
}

fn reject(msg: String) -> anyhow::Error {
    Rejected(format!("traveller: rejected: proof record: {msg}")).into()
}

/// `verify`'s check of an event search's record, no solving: its parts are exactly the
/// branches the board implies (none missing, none twice, none altered), each settled
/// with a bound and a game no better than `value`.
pub fn check(
    board: &Board,
    rules: &Rules,
    start: usize,
    steps: usize,
    p: &DataProof,
    value: f64,
) -> Result<()> {
    if p.split != SPLIT {
        return Err(reject(format!(
            "the split is `{}`, the event search's is `{SPLIT}`",
            crate::claims::clip(&p.split, 40)
        )));
    }
    let (_, want) = expected(board, rules, start, steps);
    let tol = 1e-6 * value.abs().max(1.0);
    let mut seen = vec![None; want.len()];
    for (i, part) in p.parts.iter().enumerate() {
        let r = crate::claims::clip(&part.restriction.to_string(), 80);
        let Some(k) = want.iter().position(|w| *w == part.restriction) else {
            return Err(reject(format!(
                "part {} ({r}) is not a branch of the search on this board",
                i + 1
            )));
        };
        if let Some(j) = seen[k] {
            return Err(reject(format!(
                "part {} ({r}) repeats part {}",
                i + 1,
                j + 1
            )));
        }
        seen[k] = Some(i);
        if part.settled == Settled::Open || part.settled == Settled::Empty {
            return Err(reject(format!(
                "part {} ({r}) is settled `{}`: a search's branch is searched",
                i + 1,
                part.settled.status()
            )));
        }
        let above = |x: f64| x > value + tol;
        if part.bound.is_none_or(above) || part.value.is_some_and(|v| above(v as f64 - 0.5)) {
            return Err(reject(format!(
                "part {} ({r}) claims bound {} and game {}, above the maximum {}",
                i + 1,
                part.bound.map_or("none".into(), crate::render::num),
                part.value.map_or("none".into(), |v| v.to_string()),
                crate::render::num(value)
            )));
        }
        if let Some(why) = part.impossible(true) {
            return Err(reject(format!("part {} ({r}): {why}", i + 1)));
        }
    }
    if let Some(k) = seen.iter().position(Option::is_none) {
        return Err(reject(format!(
            "the branch {} is missing: the parts do not cover every plan",
            crate::claims::clip(&want[k].to_string(), 80)
        )));
    }
    Ok(())
}

/// `audit`: every branch searched again, alone, with `value` as the plan to beat: fresh
/// LPs (HiGHS seed `o.seed`, presolve off, each bounded safely from its duals) and MIPs
/// (the same seed, presolve off). A branch holds when no plan in it beats `value` and no
/// LP's safe bound exceeds it.
#[allow(clippy::too_many_arguments)]
pub fn audit(
    board: &Board,
    rules: &Rules,
    start: usize,
    steps: usize,
    p: &DataProof,
    value: f64,
    o: &AuditOptions,
) -> Result<Vec<AuditRow>> {
    let (tab, want) = expected(board, rules, start, steps);
    let sites: Vec<Option<usize>> = std::iter::once(None)
        .chain(firsts(&tab, rules, steps).into_iter().map(Some))
        .collect();
    let mut of_part = Vec::new();
    for part in &p.parts {
        let Some(k) = want.iter().position(|w| *w == part.restriction) else {
            bail!("audit: a part is not a branch of the search (verify rejects it)");
        };
        of_part.push(sites[k]);
    }
    let mut s = Search::new(board, rules, start, steps, &o.solve_options());
    s.safe = Some(o.seed);
    // A worker for one part (`--jobs N`) reads the relaxed future its parent wrote once
    // for all of them.
    let shared = match crate::audit::shared_with_part::<Option<PathBuf>>() {
        Some(file) => {
            s.future = super::parallel::future_of(&s, file?.as_deref());
            None
        }
        None => {
            s.future = Future::new(board, rules, &s.tab, steps);
            crate::audit::on_workers(p.parts.len())
                .then(|| super::parallel::Shared::write(s.future.as_ref()))
        }
    };
    let file = shared.as_ref().and_then(super::parallel::Shared::path);
    crate::audit::part_rows(p.parts.len(), file, |n| {
        audit_part(&mut s, of_part[n], &p.parts[n], value)
    })
}

/// One part of an `audit`: its branch (`site`) searched alone against `value`.
fn audit_part(
    s: &mut Search,
    site: Option<usize>,
    part: &ProofPart<Value>,
    value: f64,
) -> Result<AuditRow> {
    let tol = 1e-6 * value.abs().max(1.0);
    let t = Instant::now();
    let (resolved, safe, holds, verdict) = match site {
        None => {
            let holds = s.rules.cash <= value + tol;
            let verdict = match holds {
                true => "holds (the starting cash)",
                false => "the starting cash is above it",
            };
            (Some(s.rules.cash), None, holds, verdict.to_string())
        }
        Some(i) => {
            (s.best, s.plan, s.first) = (value, Vec::new(), Some(i));
            (s.safe_top, s.last_safe, s.stopped) = (f64::NEG_INFINITY, None, false);
            let root = Node::root(s.rules);
            s.dfs(&mut Vec::new(), root, &mut Vec::new(), &mut Vec::new())?;
            let safe = s.safe_top.is_finite().then_some(s.safe_top);
            let beaten = s.best > value + tol;
            let unsafe_lp = safe.is_some_and(|x| x > value + tol);
            let verdict = match (beaten, unsafe_lp, s.stopped) {
                (true, ..) => format!("a plan of £{} beats it", crate::render::num(s.best)),
                (_, true, _) => "an LP's safe bound is above it".into(),
                (_, _, true) => "stopped by the time limit".into(),
                _ => "holds (no plan beats it)".into(),
            };
            let holds = !beaten && !unsafe_lp && !s.stopped;
            (Some(s.best), safe, holds, verdict)
        }
    };
    Ok(AuditRow {
        part: label(s.board, &s.tab, site),
        settled: part.settled,
        claimed: part.bound,
        resolved,
        safe,
        holds,
        verdict,
        seconds: t.elapsed().as_secs_f64(),
    })
}
