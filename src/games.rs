//! The contract every game implements, and the one registry of them: the command line,
//! `verify`, `render`, `svg` and the episode's game-name check all go through [`GAMES`], so a new
//! game is one module plus one line here (see `docs/adding-a-game.md`).

use anyhow::{anyhow, Result};

use crate::cli::Common;
use crate::episode::Envelope;
use crate::{cribbage, haggle, lost_cities, modern_art, traveller};

/// A game: its name and one-line description, its subcommands (the bound verb is `bound`
/// in every game), its rules file's keys, and the referee and renderer of its episodes.
pub trait Game: Sync {
    /// The name on the command line and in episodes (`lost-cities`).
    fn name(&self) -> &'static str;
    /// One line for `gamebounds --help`.
    fn about(&self) -> &'static str;
    /// The game's subcommands, as a `clap::Command` named [`Game::name`] (usually built
    /// from the game's derive enum with `Subcommand::augment_subcommands`).
    fn command(&self) -> clap::Command;
    /// Run one of the game's subcommands (matched by [`Game::command`]).
    fn run(&self, matches: &clap::ArgMatches, common: &Common) -> Result<()>;
    /// The default rules file as JSON: what `--set KEY=VALUE` overrides. `None` for a
    /// game whose rules are not a file yet.
    fn default_rules(&self) -> Result<Option<serde_json::Value>>;
    /// Replay an episode through the referee. `Ok` carries the certificate line; a
    /// rejected episode is an error of type [`crate::error::Rejected`] (exit code 1).
    fn verify(&self, env: &Envelope) -> Result<String>;
    /// Render an episode as markdown.
    fn render(&self, env: &Envelope) -> Result<String>;
    /// Draw an episode as a standalone SVG picture.
    fn svg(&self, env: &Envelope) -> Result<String>;

    /// Solve every part of the episode's proof record again (`gamebounds audit`, after
    /// `verify` passed): one row per part, and the seconds the proof itself took.
    fn audit(
        &self,
        env: &Envelope,
        o: &crate::audit::AuditOptions,
    ) -> Result<(Vec<crate::audit::AuditRow>, f64)> {
        let _ = o;
        Err(anyhow!(
            "audit: this {} episode has no proof record (objective {})",
            self.name(),
            crate::claims::clip(&env.objective, 40)
        ))
    }

    /// The verbs whose work splits into independent units, so `--jobs N` applies to
    /// them (see [`Splits`]); none by default, and `--jobs` is refused.
    fn splitting(&self) -> Vec<Splits> {
        Vec::new()
    }

    /// Whether `verify` re-establishes the episode's bound itself (an enumeration, an
    /// exact recomputation) rather than taking the solver's word for it: not by default.
    fn bound_rechecked(&self, env: &Envelope) -> bool {
        let _ = env;
        false
    }

    /// Whether `audit --jobs N` has parts of the episode's proof to spread over workers:
    /// not by default.
    fn audit_splits(&self, env: &Envelope) -> bool {
        let _ = env;
        false
    }

    /// The lines of `<game> keys` ([`crate::keys`]): each key of the default rules with
    /// its range and meaning; none for a game without rules.
    fn keys(&self) -> &'static [crate::keys::KeyDoc] {
        &[]
    }

    /// How the game writes its numbers (Traveller's money, Modern Art's whole bounds):
    /// [`crate::render::num`] by default.
    fn units(&self, env: &Envelope) -> crate::render::Units<'static> {
        let _ = env;
        crate::render::PLAIN
    }

    /// The keys `--set` can override in the default rules.
    fn rules_keys(&self) -> Result<Vec<String>> {
        Ok(self
            .default_rules()?
            .map(|d| crate::variants::keys(&d))
            .unwrap_or_default())
    }
}

/// A verb of a game whose work splits into independent units ([`Game::splitting`]).
#[derive(Debug, Clone, Copy)]
pub struct Splits {
    pub verb: &'static str,
    /// Whether its units can be written as job files (`--emit-jobs`): not for a verb that
    /// splits over threads or writes where it runs.
    pub job_files: bool,
}

impl Splits {
    /// A verb whose units run as job files (`--jobs N` and `--emit-jobs`).
    pub const fn jobs(verb: &'static str) -> Splits {
        Splits {
            verb,
            job_files: true,
        }
    }

    /// A verb that splits over threads or workers only (`--jobs N`, no `--emit-jobs`).
    pub const fn threads(verb: &'static str) -> Splits {
        Splits {
            verb,
            job_files: false,
        }
    }
}

/// Every game, in the order `gamebounds --help` lists them. Adding a game: one line here.
pub static GAMES: &[&dyn Game] = &[
    &modern_art::ModernArt,
    &cribbage::Cribbage,
    &haggle::Haggle,
    &lost_cities::LostCities,
    &traveller::Traveller,
];

/// The game of that name.
pub fn find(name: &str) -> Result<&'static dyn Game> {
    GAMES
        .iter()
        .copied()
        .find(|g| g.name() == name)
        .ok_or_else(|| anyhow!("unknown game `{name}` (known: {})", names().join(", ")))
}

/// Read an episode file ([`Envelope::load`]) whose game is one of [`GAMES`]: an unknown
/// game is refused with the file's name, before anything renders or replays it.
pub fn load(path: &std::path::Path) -> Result<Envelope> {
    let env = Envelope::load(path)?;
    find(&env.game).map_err(|e| anyhow!("{}: {e}", path.display()))?;
    Ok(env)
}

/// The names of every game.
pub fn names() -> Vec<&'static str> {
    GAMES.iter().map(|g| g.name()).collect()
}

/// Replay an episode through its game's referee. `Ok` carries the certificate line;
/// a rejected episode is an error of type [`crate::error::Rejected`] (exit code 1).
pub fn verify(env: &Envelope) -> Result<String> {
    find(&env.game)?.verify(env)
}

/// Whether [`verify`] re-establishes the episode's bound itself (an enumeration, an exact
/// recomputation) rather than taking the solver's word for it ([`Game::bound_rechecked`]).
pub fn bound_rechecked(env: &Envelope) -> bool {
    find(&env.game).is_ok_and(|g| g.bound_rechecked(env))
}

/// Whether `audit --jobs N` has parts of the episode to spread over workers
/// ([`Game::audit_splits`]).
pub fn audit_splits(env: &Envelope) -> bool {
    find(&env.game).is_ok_and(|g| g.audit_splits(env))
}

/// Every game's splitting verbs as commands (`game verb`), in the order of [`GAMES`].
pub fn splitting() -> Vec<crate::jobs::Splitting> {
    GAMES
        .iter()
        .flat_map(|g| {
            g.splitting().into_iter().map(|s| crate::jobs::Splitting {
                command: format!("{} {}", g.name(), s.verb),
                job_files: s.job_files,
            })
        })
        .collect()
}

/// The line `verify` adds for an episode whose game is not proven best: "not proven",
/// then what it found and the bound, in the game's units; `None` for a proven one.
pub fn unproven_note(env: &Envelope) -> Option<String> {
    if env.status == crate::lp::Status::Optimal || env.value.is_none() {
        return None;
    }
    let units = find(&env.game).map_or(crate::render::PLAIN, |g| g.units(env));
    let verdict = crate::render::verdict_in(env, units);
    let found = verdict.strip_suffix(" (not proven)").unwrap_or(&verdict);
    Some(format!(
        "not proven: {found}; the optimum lies between the game's value and the bound"
    ))
}

/// Render an episode as markdown.
pub fn render(env: &Envelope) -> Result<String> {
    find(&env.game)?.render(env)
}

/// Draw an episode as a standalone SVG picture.
pub fn svg(env: &Envelope) -> Result<String> {
    find(&env.game)?.svg(env)
}

/// A game's `clap::Command` from its derive enum: `name`, `about`, the enum's
/// subcommands, one of which is required, and `keys` ([`crate::keys`], run by the CLI).
pub fn command_of<S: clap::Subcommand>(name: &'static str, about: &'static str) -> clap::Command {
    S::augment_subcommands(
        clap::Command::new(name)
            .about(about)
            .after_help(format!(
                "Every verb, option and result: docs/{name}.md; the rules: docs/rules/{name}.md."
            ))
            .subcommand_required(true)
            .arg_required_else_help(true),
    )
    .subcommand(crate::keys::command())
}

/// Parse a game's subcommand matches back into its derive enum.
pub fn parse_matches<S: clap::FromArgMatches>(matches: &clap::ArgMatches) -> Result<S> {
    S::from_arg_matches(matches).map_err(|e| anyhow!("{e}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn registry_names_are_unique_and_match_commands() {
        let n = names();
        for (i, name) in n.iter().enumerate() {
            assert!(!n[..i].contains(name), "{name} twice");
            assert_eq!(find(name).unwrap().command().get_name(), *name);
        }
        assert!(find("chess").is_err());
    }

    #[test]
    fn an_episode_of_an_unknown_game_is_refused_with_its_file() {
        let dir = std::env::temp_dir().join(format!("gb-games-load-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("e.json");
        let e = Envelope::exact("cribbage", serde_json::json!({}), "max", 29.0, 0.into());
        e.save(&path).unwrap();
        assert_eq!(load(&path).unwrap(), e);
        let mut bad = e.clone();
        bad.game = "chess".into();
        bad.save(&path).unwrap();
        assert_eq!(
            Envelope::load(&path).unwrap(),
            bad,
            "the core reads any game"
        );
        let err = load(&path).unwrap_err().to_string();
        assert!(err.contains("e.json: unknown game `chess`"), "{err}");
        std::fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn every_game_with_rules_lists_keys() {
        for g in GAMES {
            if g.default_rules().unwrap().is_some() {
                assert!(!g.rules_keys().unwrap().is_empty(), "{}", g.name());
            }
        }
    }

    /// `docs/adding-a-game.md`'s `impl Game`, compiled here against the trait with
    /// stand-ins for the rooms it calls; [`the_page_shows_the_recipe_that_compiles`]
    /// checks that the page shows this block word for word.
    mod recipe {
        use anyhow::Result;

        use crate::episode::Envelope;

        mod cli {
            /// The game's verbs.
            #[derive(clap::Subcommand)]
            pub enum Command {
                /// The bound.
                Bound,
            }

            pub fn run(_: Command, _: &crate::cli::Common) -> anyhow::Result<()> {
                Ok(())
            }
        }

        mod rules {
            #[derive(Default, serde::Serialize)]
            pub struct Rules {
                pub cards: usize,
            }
        }

        mod svg {
            pub fn svg(_: &crate::episode::Envelope) -> anyhow::Result<String> {
                Ok("<svg/>".into())
            }
        }

        fn verify(_: &Envelope) -> Result<String> {
            Ok("certified".into())
        }

        fn render(_: &Envelope) -> Result<String> {
            Ok("# My Game".into())
        }

        // The page's block:
        pub struct MyGame;

        #[rustfmt::skip]
        impl crate::games::Game for MyGame {
            fn name(&self) -> &'static str { "my-game" }
            fn about(&self) -> &'static str { "My Game — what the tool proves about it." }
            fn command(&self) -> clap::Command {
                crate::games::command_of::<cli::Command>(self.name(), self.about())
            }
            fn run(&self, m: &clap::ArgMatches, common: &crate::cli::Common) -> Result<()> {
                cli::run(crate::games::parse_matches(m)?, common)
            }
            fn default_rules(&self) -> Result<Option<serde_json::Value>> {
                Ok(Some(serde_json::to_value(rules::Rules::default())?))
            }
            fn verify(&self, env: &Envelope) -> Result<String> { verify(env) }
            fn render(&self, env: &Envelope) -> Result<String> { render(env) }
            fn svg(&self, env: &Envelope) -> Result<String> { svg::svg(env) }
            // Only what differs from the defaults: here, `--jobs N` splits `compare`.
            fn splitting(&self) -> Vec<crate::games::Splits> {
                vec![crate::games::Splits::jobs("compare")]
            }
        }
        // End of the page's block.
    }

    /// The page's `impl Game` is the block above (whitespace aside), so it compiles; and
    /// the recipe's game answers through the trait as the registry asks it.
    #[test]
    fn the_page_shows_the_recipe_that_compiles() {
        let squeeze = |s: &str| -> String {
            s.lines()
                .filter(|l| !l.trim_start().starts_with("#[rustfmt::skip]"))
                .collect::<String>()
                .split_whitespace()
                .collect()
        };
        let page = include_str!("../docs/adding-a-game.md");
        let start = page
            .find("```rust\npub struct MyGame;")
            .expect("the page's impl")
            + 8;
        let shown = &page[start..start + page[start..].find("```").unwrap()];
        let here = include_str!("games.rs");
        let mark = "// The page's block:";
        let from = here.find(mark).unwrap() + mark.len();
        let to = here.find("// End of the page's block.").unwrap();
        assert_eq!(squeeze(shown), squeeze(&here[from..to]));
        let g: &dyn Game = &recipe::MyGame;
        assert_eq!(g.command().get_name(), "my-game");
        assert!(g.rules_keys().unwrap().contains(&"cards".to_string()));
        assert_eq!(g.splitting()[0].verb, "compare");
        assert!(g.command().find_subcommand("bound").is_some());
    }
}
