//! Lost Cities (Reiner Knizia, 1999), two players, one round, 5 or 6 colours.
//!
//! - `rules`, `cards`: the variant files and card text (`InvD`, `2D` … `10D`);
//! - `engine`: the referee (OpenSpiel-shaped state, replay naming the first illegal move);
//! - `model`: the ILP over one player's final expeditions;
//! - `construct`: a full game reaching any ILP plan when the deck order is free;
//! - `search`: exhaustive search (miniature decks) and the cooperative fixed-deck planner;
//! - `bots`, `tournament`: the dumb and careful players, seeded tournaments;
//! - `bounds`: the bound episodes; `reports`: results and benchmark files;
//!   `episode`, `render`, `cli`.

pub mod bots;
pub mod bounds;
pub mod cards;
pub mod cli;
pub mod construct;
pub mod engine;
pub mod episode;
pub mod model;
pub mod render;
pub mod reports;
pub mod rules;
pub mod search;
pub mod svg;
pub mod tournament;

use anyhow::Result;

use crate::episode::Envelope;

/// Replay an episode's game record through the referee and check its claims.
pub fn verify(env: &Envelope) -> Result<String> {
    bounds::verify(env)
}

pub fn render(env: &Envelope) -> Result<String> {
    render::render(env)
}

/// Lost Cities in the game registry.
pub struct LostCities;

impl crate::games::Game for LostCities {
    fn name(&self) -> &'static str {
        "lost-cities"
    }
    fn about(&self) -> &'static str {
        "Lost Cities — bounds with replayable games, bots and tournaments."
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
    fn default_rules(&self) -> Result<Option<serde_json::Value>> {
        Ok(Some(rules::Rules::default_value()?))
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
        vec![crate::games::Splits::jobs("compare")]
    }
    fn audit(
        &self,
        env: &Envelope,
        o: &crate::audit::AuditOptions,
    ) -> Result<(Vec<crate::audit::AuditRow>, f64)> {
        bounds::audit(env, o)
    }
}
