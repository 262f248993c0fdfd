//! `gamebounds modern-art <verb>`.

use std::path::PathBuf;

use anyhow::{bail, Result};
use clap::{Args, Subcommand};

use super::rules::{Config, DEFAULT_VARIANT};
use crate::cli::Common;

/// Which variant, deck and player count a command works on.
#[derive(Debug, Clone, Args)]
pub struct Setup {
    /// Variant file (rules and the deck it names).
    #[arg(long, value_name = "FILE", default_value = DEFAULT_VARIANT)]
    pub variant: PathBuf,
    /// Deck file overriding the one the variant names.
    #[arg(long, value_name = "FILE")]
    pub deck: Option<PathBuf>,
    /// Number of players (2–5).
    #[arg(long, default_value_t = 2)]
    pub players: usize,
}

impl Setup {
    pub fn config(&self) -> Result<Config> {
        Config::load(&self.variant, self.deck.as_deref(), self.players)
    }
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Exhaustive search through the referee: the true maximum of a miniature variant.
    ///
    /// Every deal and every play is tried (with memoisation), so use it only on small
    /// variants such as those in models/modern-art/mini/.
    ///
    /// Example: gamebounds modern-art search --variant models/modern-art/mini/m01-plain.json --out m01.json
    Search {
        #[command(flatten)]
        setup: Setup,
        /// The seat whose score is maximised (1-based); 0 maximises the total of all seats.
        #[arg(long, default_value_t = 1)]
        player: usize,
    },
}

pub fn run(cmd: Command, common: &Common) -> Result<()> {
    match cmd {
        Command::Search { setup, player } => {
            let _cfg = setup.config()?;
            let _ = (player, common);
            bail!("modern-art search: not built yet")
        }
    }
}
