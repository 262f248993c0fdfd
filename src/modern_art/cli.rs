use anyhow::{bail, Result};
use clap::Subcommand;

use crate::cli::Common;

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Placeholder.
    Todo,
}

pub fn run(_cmd: Command, _common: &Common) -> Result<()> {
    bail!("modern-art: not built yet")
}
