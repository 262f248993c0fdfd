//! Markdown for a Modern Art episode.
use anyhow::Result;

use crate::episode::Envelope;

pub fn render(env: &Envelope) -> Result<String> {
    Ok(crate::render::envelope_header(env))
}
