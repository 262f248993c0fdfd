//! Dispatch from an episode's `game` field to that game's referee, renderer and picture.

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

/// Draw an episode as a standalone SVG picture.
pub fn svg(env: &Envelope) -> Result<String> {
    match env.game.as_str() {
        "modern-art" => modern_art::svg::svg(env),
        "cribbage" => cribbage::svg::svg(env),
        "haggle" => haggle::svg::svg(env),
        "lost-cities" => lost_cities::svg::svg(env),
        "traveller" => traveller::svg::svg(env),
        g => bail!("unknown game `{g}`"),
    }
}
