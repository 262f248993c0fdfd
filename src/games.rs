//! Dispatch from an episode's `game` field to that game's referee and renderer.

use anyhow::{bail, Result};

use crate::episode::Envelope;
use crate::{cribbage, haggle, lost_cities, modern_art, traveller};

/// Replay an episode through its game's referee. `Ok` carries the certificate line;
/// a rejected episode is an error of type [`crate::error::Rejected`] (exit code 1).
pub fn verify(env: &Envelope) -> Result<String> {
    match env.game.as_str() {
        "modern-art" => modern_art::verify(env),
        "cribbage" => cribbage::verify(env),
        "haggle" => haggle::verify(env),
        "lost-cities" => lost_cities::verify(env),
        "traveller" => traveller::verify(env),
        g => bail!("unknown game `{g}`"),
    }
}

/// Whether [`verify`] re-establishes the episode's bound itself (an enumeration, an exact
/// recomputation) rather than taking the solver's word for it.
pub fn bound_rechecked(env: &Envelope) -> bool {
    match env.game.as_str() {
        "cribbage" => env.objective != "max" || env.status == crate::lp::Status::Optimal,
        "haggle" => matches!(env.objective.as_str(), "score" | "goal" | "simulate"),
        _ => false,
    }
}

/// Render an episode as markdown.
pub fn render(env: &Envelope) -> Result<String> {
    match env.game.as_str() {
        "modern-art" => modern_art::render(env),
        "cribbage" => cribbage::render(env),
        "haggle" => haggle::render(env),
        "lost-cities" => lost_cities::render(env),
        "traveller" => traveller::render(env),
        g => bail!("unknown game `{g}`"),
    }
}
