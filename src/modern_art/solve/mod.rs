//! The `solve`, `compare`, `results` and `bench` commands: build and solve the ILP
//! ([`super::model`]), turn its optimum into a game ([`super::schedule`]), and let the
//! referee replay it ([`super::episode::envelope`]). A number is called a maximum only
//! when HiGHS proved it (zero gap) *and* the replayed game reaches it.

use anyhow::{anyhow, bail, Context, Result};

mod audit;
mod bench;
mod cmd_solve;
mod compare;
mod dive;
mod neighbourhood;
mod outcome;
mod parts;
mod playout;
mod results;
mod split;
mod suite;
#[cfg(test)]
mod tests;
mod tuning;
mod whole;
mod world_search;
mod worlds;

pub use audit::*;
pub use bench::*;
pub use cmd_solve::*;
pub use compare::*;
use dive::*;
pub use neighbourhood::*;
pub use outcome::*;
pub use parts::*;
use playout::*;
pub use results::*;
pub use split::*;
pub use suite::*;
pub use tuning::*;
pub use whole::*;
pub use world_search::{world_search, WorldSearch};
pub use worlds::*;

use super::episode;
use super::model::{self, Dive, Leads, Objective, Plan, Scope, Tokens};
use super::rules::{self, Config, PLAYERS};
use super::schedule;
use super::{engine, record, render, verify};
use crate::episode::Envelope;
use crate::lp::{SolveOptions, SolveReport};

/// The part bound of a whole-number objective: `b` rounded down (with a tolerance).
fn whole(b: f64) -> f64 {
    (b + 1e-6).floor()
}

/// Whether a part that excluded `plans` unschedulable plans, whose solves bounded their
/// skeletons by `excluded_bound` (see [`Attempt::excluded_bound`]), is left unsettled by
/// them: some game of an excluded skeleton might still exceed `bound`, the part's bound
/// over every other game. Not when nothing was excluded, or when the exclusions' bound
/// (to a whole score) is no higher.
fn tainted(plans: usize, excluded_bound: f64, bound: f64) -> bool {
    plans > 0 && whole(excluded_bound) > bound
}

/// Whether a HiGHS error says the model has no feasible point.
fn is_infeasible(e: &anyhow::Error) -> bool {
    crate::lp::infeasible(e).is_some()
}

/// An episode's `restricted` (the games a solve covers, `None`: every game) with the
/// restricting diagnostic fixings set (`--fix`, [`model::build::RESTRICTING_FIXES`])
/// added: a solve under them is about a restricted game, so its verdict never calls the
/// value the game's maximum.
fn with_diagnostic_fixings(restricted: Option<String>, fixes: &model::Fixes) -> Option<String> {
    let fixed = fixes.restricting();
    if fixed.is_empty() {
        return restricted;
    }
    let allowed = format!("the diagnostics {} allow", fixed.join(", "));
    Some(match restricted {
        Some(r) => format!("{r}, of those {allowed}"),
        None => format!("the games {allowed}"),
    })
}

/// Refuse a command that tabulates maxima (`results`, `compare`, `bench`) while a
/// diagnostic fixing is set: its rows would be maxima of a restricted game.
fn refuse_diagnostic_fixings(command: &str, fixes: &model::Fixes) -> Result<()> {
    let fixed = fixes.restricting();
    if fixed.is_empty() {
        return Ok(());
    }
    bail!(
        "{}: {} restrict{} the game (diagnostics for solver work), so `modern-art \
         {command}` would tabulate maxima of a restricted game; drop {} (or use `modern-art \
         solve`, whose episode says what was restricted)",
        fixed.join(", "),
        if fixed.len() == 1 { "it" } else { "they" },
        if fixed.len() == 1 { "s" } else { "" },
        if fixed.len() == 1 { "it" } else { "them" },
    )
}
