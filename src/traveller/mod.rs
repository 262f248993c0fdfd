//! Traveller: a trading lorry on a board of squares. The board is Prolog facts (or the
//! same as JSON) read by [`board`]; [`engine`] is the referee; [`model`] is the ILP over
//! the time-expanded board that proves the most cash a trader can make in T steps;
//! [`greedy`] is the baseline; [`draw`] shows boards; [`generate`] makes large ones.

pub mod board;
pub mod cli;
pub mod draw;
pub mod engine;
pub mod episode;
pub mod generate;
pub mod greedy;
pub mod model;
pub mod render;
pub mod rules;
pub mod sequences;
pub mod svg;
pub mod trips;
pub mod window;

use anyhow::Result;

use crate::episode::Envelope;

/// Replay a traveller episode's plan through the referee (see [`episode::verify`]).
pub fn verify(env: &Envelope) -> Result<String> {
    episode::verify(env)
}

/// Render a traveller episode: header, run, and the state after each step.
pub fn render(env: &Envelope) -> Result<String> {
    render::render(env)
}
