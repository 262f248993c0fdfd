//! Modern Art: Masters Gallery (Reiner Knizia, 2009): exact maximum scores.
//!
//! Rooms: [`rules`] (variant and deck files), [`record`] (the game record every
//! component exchanges), `engine` (the referee), `model` (the ILP), `episode`, `render`,
//! `search` (exhaustive search for miniatures) and `cli`.

pub mod cli;
pub mod record;
pub mod rules;

use anyhow::{bail, Result};

use crate::episode::Envelope;

pub fn verify(_env: &Envelope) -> Result<String> {
    bail!("modern-art: the referee is not built yet")
}

pub fn render(env: &Envelope) -> Result<String> {
    Ok(crate::render::envelope_header(env))
}
