//! Cribbage: exact hand values, best discards by expected value, maximum hands by ILP,
//! and full distributions.
//!
//! - [`rules`]: cards, parsing, hand/crib variants, `max` queries.
//! - [`ruleset`]: the rules file (players, house rules) every verb reads.
//! - [`engine`]: the referee (itemised scoring) and the fast tabulated scorer.
//! - [`analysis`]: exact enumerations on the engine (distribution, discard EVs, the
//!   discard table, constrained maxima — the ILP's oracle).
//! - [`model`]: the ILP of `max` (never imported by the engine or analysis).
//! - [`table`], [`table5`]: the best keep of every deal (suit classes, exact totals).
//! - [`episode`], [`mod@render`], [`cli`], [`mod@bench`], [`variants`] (the rules table).

pub mod analysis;
pub mod bench;
pub mod cli;
pub mod engine;
pub mod episode;
pub mod frac;
pub mod model;
pub mod render;
pub mod rules;
pub mod ruleset;
pub mod svg;
pub mod table;
pub mod table5;
pub mod variants;

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

/// Cribbage in the game registry.
pub struct Cribbage;

impl crate::games::Game for Cribbage {
    fn name(&self) -> &'static str {
        "cribbage"
    }
    fn about(&self) -> &'static str {
        "Cribbage — hand values, best discards, maximum hands, distributions."
    }
    fn command(&self) -> clap::Command {
        crate::games::command_of::<cli::Command>(self.name(), self.about())
    }
    fn run(&self, matches: &clap::ArgMatches, common: &crate::cli::Common) -> Result<()> {
        cli::run(crate::games::parse_matches(matches)?, common)
    }
    fn keys(&self) -> &'static [crate::keys::KeyDoc] {
        ruleset::KEYS
    }
    fn default_rules(&self) -> Result<Option<serde_json::Value>> {
        Ok(Some(serde_json::to_value(
            ruleset::CribbageRules::default(),
        )?))
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
        vec![
            Splits::jobs("compare"),
            Splits::threads("discard-table"),
            Splits::threads("distribution"),
        ]
    }
    /// A hand's value and a distribution are enumerated again; a maximum is re-checked
    /// when proven.
    fn bound_rechecked(&self, env: &Envelope) -> bool {
        env.objective != "max" || env.status == crate::lp::Status::Optimal
    }
    fn audit(
        &self,
        env: &Envelope,
        o: &crate::audit::AuditOptions,
    ) -> Result<(Vec<crate::audit::AuditRow>, f64)> {
        match env.objective.as_str() {
            "max" => episode::audit_max(env, o),
            o => anyhow::bail!("audit: a cribbage `{o}` episode has no proof record (only `max`)"),
        }
    }
}
