//! Cribbage: exact hand values, best discards by expected value, maximum hands by ILP,
//! and full distributions.
//!
//! - [`rules`]: cards, parsing, hand/crib variants, `max` queries.
//! - [`engine`]: the referee (itemised scoring) and the fast tabulated scorer.
//! - [`analysis`]: exact enumerations on the engine (distribution, discard EVs, the
//!   discard table, constrained maxima — the ILP's oracle).
//! - [`model`]: the ILP of `max` (never imported by the engine or analysis).
//! - [`table`]: the best keep of every six-card deal (suit classes, exact totals).
//! - [`episode`], [`mod@render`], [`cli`], [`mod@bench`].

pub mod analysis;
pub mod bench;
pub mod cli;
pub mod engine;
pub mod episode;
pub mod frac;
pub mod model;
pub mod render;
pub mod rules;
pub mod svg;
pub mod table;

use anyhow::Result;

use crate::episode::Envelope;

/// Replay an episode through the referee (see [`episode::verify`]).
pub fn verify(env: &Envelope) -> Result<String> {
    episode::verify(env)
}

/// Render an episode as markdown.
pub fn render(env: &Envelope) -> Result<String> {
    render::render(env)
}
