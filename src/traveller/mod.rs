//! Traveller: a trading lorry on a board of squares. The board is Prolog facts (or the
//! same as JSON) read by [`board`]; [`engine`] is the referee; [`model`] is the ILP over
//! the time-expanded board that proves the most cash a trader can make in T steps;
//! [`greedy`] is the baseline; [`draw`] shows boards; [`generate`] makes large ones.

pub mod board;
pub mod bound;
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
pub mod setup;
pub mod svg;
pub mod trips;
pub mod window;

use anyhow::Result;

use crate::episode::Envelope;

/// Replay a traveller episode's plan through the referee (see [`episode::verify`]).
pub fn verify(env: &Envelope) -> Result<String> {
    episode::verify(env)
}

/// Whether `env` is a Traveller episode proven by the event search: its `audit` splits
/// over `--jobs` (one part per branch).
pub fn searched(env: &Envelope) -> bool {
    env.game == "traveller" && env.payload.get("trader").and_then(|t| t.as_str()) == Some("events")
}

/// Render a traveller episode: header, run, and the state after each step.
pub fn render(env: &Envelope) -> Result<String> {
    render::render(env)
}

/// Traveller in the game registry.
pub struct Traveller;

impl crate::games::Game for Traveller {
    fn name(&self) -> &'static str {
        "traveller"
    }
    fn about(&self) -> &'static str {
        "Traveller — the most cash a trading lorry can make in T steps."
    }
    fn command(&self) -> clap::Command {
        crate::games::command_of::<cli::Command>(self.name(), self.about())
    }
    fn run(&self, matches: &clap::ArgMatches, common: &crate::cli::Common) -> Result<()> {
        cli::run(crate::games::parse_matches(matches)?, common)
    }
    fn keys(&self) -> &'static [crate::keys::KeyDoc] {
        rules::KEYS
    }
    fn units(&self, env: &Envelope) -> crate::render::Units<'static> {
        let _ = env;
        render::UNITS
    }
    fn default_rules(&self) -> Result<Option<serde_json::Value>> {
        // The board is a key too (`--set board=large`), the default's by name.
        let mut doc = serde_json::to_value(rules::Rules::default())?;
        doc["board"] = setup::DEFAULT_BOARD.into();
        Ok(Some(doc))
    }
    fn verify(&self, env: &Envelope) -> Result<String> {
        verify(env)
    }
    fn render(&self, env: &Envelope) -> Result<String> {
        render(env)
    }
    fn svg(&self, env: &Envelope) -> Result<String> {
        svg::svg(env)
    }
    fn splitting(&self) -> Vec<crate::games::Splits> {
        use crate::games::Splits;
        vec![Splits::jobs("bound"), Splits::jobs("compare")]
    }
    /// An event search's proof has one part per branch.
    fn audit_splits(&self, env: &Envelope) -> bool {
        searched(env)
    }
    fn audit(
        &self,
        env: &Envelope,
        o: &crate::audit::AuditOptions,
    ) -> Result<(Vec<crate::audit::AuditRow>, f64)> {
        episode::audit(env, o)
    }
}
