//! `modern-art compare --vary KEY=V1,V2` (and `--set`): the shared grid of
//! [`crate::grid`] over the variant files, the player counts and the varied keys.

use std::path::{Path, PathBuf};

use anyhow::{anyhow, Result};

use super::model::Scope;
use super::rules::{default_players, Config, DEFAULT_VARIANT};
use super::solve::{solve, split, split_plan, Goal, Knobs, SplitBy};
use crate::cli::Common;
use crate::grid::Vary;
use crate::lp::Status;
use crate::variants::Setting;

/// The grid's own keys besides the variant's: which file, how many players.
const VARIANT: &str = "variant";
const PLAYERS: &str = "players";

/// What `compare` asks for, with `--vary` or `--set` given.
pub struct Request<'a> {
    pub variants: &'a [PathBuf],
    pub deck: Option<&'a Path>,
    /// Explicit player counts; `None`: each variant's default.
    pub players: Option<&'a [usize]>,
    pub split: Option<SplitBy>,
    pub goal: &'a Goal,
    pub set: &'a [String],
    pub vary: &'a [String],
    /// The varied values one at a time (each file's own row first), not combined.
    pub one_at_a_time: bool,
    /// `--out-dir` and `--chart`.
    pub out: &'a crate::grid::GridOut,
}

/// Solve every combination: variant files × player counts × varied keys, one row each.
pub fn run(req: &Request, common: &Common, k: &Knobs) -> Result<()> {
    req.out.check()?;
    let fixed = Setting::parse_all(req.set)?;
    let mut dims = Vec::new();
    let files: Vec<String> = match req.variants {
        [] => vec![DEFAULT_VARIANT.to_string()],
        v => v.iter().map(|p| p.display().to_string()).collect(),
    };
    if files.len() > 1 {
        dims.push(Vary {
            key: VARIANT.into(),
            values: files.clone(),
        });
    }
    if let Some(ps) = req.players.filter(|p| p.len() > 1) {
        dims.push(Vary {
            key: PLAYERS.into(),
            values: ps.iter().map(|n| n.to_string()).collect(),
        });
    }
    let base = dims.len();
    for v in Vary::parse_grid(req.vary, req.set)? {
        if v.key == VARIANT || v.key == PLAYERS {
            return Err(anyhow!(
                "--vary {}: give the {} with --{} instead",
                v.key,
                v.key,
                v.key
            ));
        }
        dims.push(v);
    }
    let prepare = |cell: &[Setting]| -> Result<Config> {
        let get = |k: &str| cell.iter().find(|s| s.key == k).map(|s| s.value.clone());
        let file = get(VARIANT).unwrap_or_else(|| files[0].clone());
        let path = Path::new(&file);
        let players = match (get(PLAYERS), req.players) {
            (Some(n), _) => n.parse()?,
            (None, Some([n])) => *n,
            _ => default_players(path)?,
        };
        let mut settings = fixed.clone();
        settings.extend(
            cell.iter()
                .filter(|s| s.key != VARIANT && s.key != PLAYERS)
                .cloned(),
        );
        if req.variants.is_empty() && !path.exists() {
            return Config::built_in_with(req.deck, players, &settings);
        }
        Config::load_with(path, req.deck, players, &settings)
    };
    let solve_cell = |c: Config| {
        let (objective, seat) = req.goal.parse(c.players)?;
        let (by, opts) = split_plan(req.split, false, objective, common, k);
        let o = match by {
            Some(by) => split(&c, objective, seat, by, &opts, None, k)?,
            None => solve(&c, objective, seat, &Scope::all(), &opts, k)?,
        };
        let mut env = o.envelope;
        if !o.proven && env.status == Status::Optimal {
            env.status = Status::Feasible;
        }
        Ok(env)
    };
    let cells = if req.one_at_a_time {
        crate::grid::one_at_a_time(&dims[..base], &dims[base..])
    } else {
        crate::grid::cells(&dims)
    };
    crate::grid::run_cells(
        "modern-art",
        &dims,
        cells,
        common,
        req.out,
        prepare,
        |c: &Config| Ok(c.to_value()),
        solve_cell,
    )
}
