//! `gamebounds haggle <verb>`: score, goal, trade, bound, simulate, bench.

use std::path::PathBuf;
use std::time::Instant;

use anyhow::{anyhow, bail, Context, Result};
use clap::{Args, Subcommand, ValueEnum};

use super::engine;
use super::episode::{BoundPayload, GoalPayload, ScorePayload};
use super::model::{Objective, Problem};
use super::player;
use super::rules::{self, Hand, RuleSet, Variant};
use crate::cli::Common;
use crate::episode::Envelope;
use crate::grid::Vary;
use crate::lp::SolveOptions;
use crate::variants::Setting;

mod bound;
mod trade;

use bound::table;
pub use bound::{bound, bound_problem, objective_name};
use trade::run_trade;
pub use trade::Cmd;

/// The rules: a variant file and `--set` overrides.
#[derive(Debug, Clone, Args)]
pub struct VariantArgs {
    /// Variant file (models/haggle/*.json; default: the standard rules).
    #[arg(long, value_name = "FILE")]
    pub variant: Option<PathBuf>,
    /// Override one key of the rules (repeatable): rules (e.g. 1-8,10), yellow_tie
    /// (cascade|one_step), seven_rule (eliminate|minus10_per_colour), eliminated_compete,
    /// and each rule's numbers, e.g. rule9.penalty=20, rule6.blues=4 (docs/rules/haggle.md).
    #[arg(long = "set", value_name = "KEY=VALUE")]
    pub set: Vec<String>,
}

impl VariantArgs {
    pub fn resolve(&self) -> Result<Variant> {
        self.resolve_with(&[])
    }

    /// The rules with `--set` and then `more` applied (a `compare` cell's settings).
    pub fn resolve_with(&self, more: &[Setting]) -> Result<Variant> {
        let mut all = Setting::parse_all(&self.set)?;
        all.extend_from_slice(more);
        Variant::from_option(self.variant.as_deref())?.with_settings(&all)
    }
}

#[derive(Debug, Clone, Copy, ValueEnum)]
pub enum BoundObjective {
    /// The highest score of one hand (hand 1), the others cooperating.
    MaxPlayer,
    /// The highest sum of all hands' scores.
    MaxTotal,
}

#[derive(Debug, Clone, Copy, ValueEnum)]
pub enum HandIn {
    /// Each player hands in any part of its cards (the spec's rule).
    Any,
    /// Every card of the deck is handed in (each hand at most 13 cards).
    All,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Formulation {
    /// Types for max-total (how many hands of each colour pattern) when rule 15 is in
    /// play, hands otherwise.
    Auto,
    /// One hand = five counts with indicator expansions (any objective).
    Hands,
    /// How many hands of each pattern (max-total only; needs rule 15).
    Types,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Score hands under any rules, with every rule's contribution.
    ///
    /// Example: gamebounds haggle score --hand 2/1/3/3/4 --hand 3/5/3/0/1 --hand 3/1/1/7/1
    ///   --hand 0/3/4/2/1 --variant models/haggle/spec-tests.json
    #[command(verbatim_doc_comment)]
    Score {
        /// A hand as Y/B/R/O/W counts (repeat for several hands).
        #[arg(long = "hand", required = true, value_name = "Y/B/R/O/W")]
        hands: Vec<String>,
        /// Rules in play (default: the variant's, normally 1-15).
        #[arg(long, value_name = "LIST")]
        rules: Option<String>,
        #[command(flatten)]
        variant: VariantArgs,
    },
    /// A computer player's goal hand: the best hand under the rules it knows (ILP),
    /// nearest to its current hand among equals, and its true score under all rules.
    ///
    /// Example: gamebounds haggle goal --known 1,5,11,15 --hand 3/1/3/3/2 --players 15
    #[command(verbatim_doc_comment)]
    Goal {
        /// The rules the player knows, e.g. 1,5,11,15 or 1-3.
        #[arg(long, value_name = "LIST")]
        known: String,
        /// Its current hand.
        #[arg(long, value_name = "Y/B/R/O/W")]
        hand: String,
        /// Players in the game (the deck has 2N cards of each colour).
        #[arg(long, default_value_t = 15)]
        players: usize,
        /// Take these other hands as given (comma-separated) instead of ignoring
        /// rules 6, 7, 8 and 12.
        #[arg(long, value_name = "H,H,..")]
        others: Option<String>,
        #[command(flatten)]
        variant: VariantArgs,
    },
    /// The trades two computer players would both accept, best first; or judge one trade
    /// with --offer (cards the player receives) and --request (cards it gives).
    ///
    /// A player is KNOWN:HAND or KNOWN:HAND:GOAL (the goal is computed when left out).
    /// Example: gamebounds haggle trade --player 1,3:3/1/3/3/2 --other 2,5:1/4/1/2/2
    ///          gamebounds haggle trade --player 1,3:3/1/3/3/2 --offer 0/2/0/0/0 --request 2/0/0/0/0
    #[command(verbatim_doc_comment)]
    Trade {
        /// The player: known rules, hand and (optionally) goal, e.g. 1,3:3/1/3/3/2.
        #[arg(long, value_name = "KNOWN:HAND[:GOAL]")]
        player: String,
        /// The other player (needed to list trades).
        #[arg(long, value_name = "KNOWN:HAND[:GOAL]")]
        other: Option<String>,
        /// Cards the player would receive.
        #[arg(long, value_name = "Y/B/R/O/W")]
        offer: Option<String>,
        /// Cards the player would give.
        #[arg(long, value_name = "Y/B/R/O/W")]
        request: Option<String>,
        /// Players in the game (for computing goals: 2N cards per colour).
        #[arg(long, default_value_t = 15)]
        players: usize,
        /// Rows shown in the table (all are in --json).
        #[arg(long, default_value_t = 15, value_parser = crate::options::count)]
        limit: usize,
        #[command(flatten)]
        variant: VariantArgs,
    },
    /// Full information, all rules in play: the highest score one hand can reach (or the
    /// highest total), proven by an ILP, with every hand of that game re-scored by the
    /// referee.
    ///
    /// Example: gamebounds haggle bound --players 15 --objective max-total
    #[command(verbatim_doc_comment)]
    Bound {
        /// Players N: N hands, a deck of 2N cards per colour.
        #[arg(long)]
        players: usize,
        #[arg(long, value_enum, default_value = "max-player")]
        objective: BoundObjective,
        /// Which cards are handed in.
        #[arg(long, value_enum, default_value = "any")]
        hand_in: HandIn,
        /// Which ILP: `hands` (N hands of indicator-expanded counts) or `types` (counts
        /// of hand patterns; max-total only).
        #[arg(long, value_enum, default_value = "auto")]
        model: Formulation,
        #[command(flatten)]
        variant: VariantArgs,
    },
    /// The bound for every combination of rule values: one row per combination, each a
    /// proven bound whose hands the referee re-scores.
    ///
    /// --vary KEY=V1,V2 (repeatable: the grid of all combinations; separate values with
    /// `;` when they hold commas) varies a key of the rules; --set fixes others; --out-dir
    /// DIR writes each cell's episode there, --chart FILE.svg draws the grid.
    ///
    /// Examples:
    ///   gamebounds haggle compare --players 15 --vary seven_rule=eliminate,minus10_per_colour
    ///   gamebounds haggle compare --players 4 --vary "rules=2-15;1,3-15;1-2,4-15"
    ///   gamebounds haggle compare --players 3 --vary rule6.penalty=10,30 --vary rule11.factor=2,3
    #[command(verbatim_doc_comment)]
    Compare {
        /// Players N: N hands, a deck of 2N cards per colour.
        #[arg(long)]
        players: usize,
        #[arg(long, value_enum, default_value = "max-player")]
        objective: BoundObjective,
        #[command(flatten)]
        variant: VariantArgs,
        /// A key and the values it takes, e.g. `seven_rule=eliminate,minus10_per_colour`.
        #[arg(long, value_name = "KEY=V1,V2", required = true)]
        vary: Vec<String>,
        #[command(flatten)]
        out: crate::grid::GridOut,
    },
    /// N computer players (10 cards and two rules each) meet in random pairs, show rules
    /// when both gain, and trade; believed and true scores round by round.
    ///
    /// Example: gamebounds haggle simulate --players 15 --seed 1 --rounds 5
    #[command(verbatim_doc_comment)]
    Simulate {
        /// Players (2-40).
        #[arg(long)]
        players: usize,
        /// Seed of the deal and the pairings (same seed, same game).
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Rounds of meetings.
        #[arg(long, default_value_t = 5, value_parser = crate::options::count)]
        rounds: usize,
        #[command(flatten)]
        variant: VariantArgs,
    },
    /// Bounds for a range of player counts (both objectives) as a markdown table; every
    /// game re-scored by the referee.
    ///
    /// Example: gamebounds haggle table --players 2-15 --report results/haggle-bounds.md
    #[command(verbatim_doc_comment)]
    Table {
        /// Player counts: a range like 2-15 or a list like 2,3,15.
        #[arg(long, default_value = "2-6,8,10,12,15")]
        players: String,
        /// Also write the table to FILE (`make results` writes results/haggle-bounds.md);
        /// without it the table is printed only.
        #[arg(long, value_name = "FILE")]
        report: Option<PathBuf>,
        #[command(flatten)]
        variant: VariantArgs,
    },
    /// Time goal (rule subsets), trade listing and bound (15 players); medians written to
    /// results/bench-haggle.md.
    ///
    /// Example: gamebounds haggle bench --repeats 5
    #[command(verbatim_doc_comment)]
    Bench {
        #[arg(long, default_value_t = 7, value_parser = crate::options::count)]
        repeats: usize,
        /// Where to write the report.
        #[arg(long, default_value = "results/bench-haggle.md")]
        report: PathBuf,
        /// Players for the bound timings.
        #[arg(long, default_value_t = 15)]
        players: usize,
    },
}

pub fn run(cmd: Command, common: &Common) -> Result<()> {
    match cmd {
        Command::Score {
            hands,
            rules,
            variant,
        } => run_score(hands, rules, &variant, common),
        Command::Goal {
            known,
            hand,
            players,
            others,
            variant,
        } => run_goal(known, hand, players, others, &variant, common),
        Command::Trade {
            player,
            other,
            offer,
            request,
            players,
            limit,
            variant,
        } => run_trade(
            player,
            other,
            (offer, request),
            players,
            limit,
            &variant,
            common,
        ),
        Command::Bound {
            players,
            objective,
            hand_in,
            model,
            variant,
        } => {
            let v = variant.resolve()?;
            check_players(players)?;
            let env = bound(
                players,
                objective,
                hand_in,
                model,
                &v,
                &common.solve_options(),
            )?;
            common.emit(&env)
        }
        Command::Compare {
            players,
            objective,
            variant,
            vary,
            out,
        } => run_compare(players, objective, &variant, vary, common, &out),
        Command::Simulate {
            players,
            seed,
            rounds,
            variant,
        } => run_simulate(players, seed, rounds, &variant, common),
        Command::Table {
            players,
            report,
            variant,
        } => {
            if let Some(report) = &report {
                crate::io::check_report(report)?;
            }
            table(&players, report.as_deref(), &variant.resolve()?, common)
        }
        Command::Bench {
            repeats,
            report,
            players,
        } => {
            crate::io::check_report(&report)?;
            super::bench::run(repeats.max(1), &report, players, common)
        }
    }
}

/// `haggle score`: score the hands under the rules given (default: the variant's) and
/// emit the scores with every rule's contribution.
fn run_score(
    hands: Vec<String>,
    rules: Option<String>,
    variant: &VariantArgs,
    common: &Common,
) -> Result<()> {
    let v = variant.resolve()?;
    let rules = match rules {
        Some(r) => RuleSet::parse(&r).context("--rules")?,
        None => v.rules,
    };
    let hands = parse_hands(&hands)?;
    let scores = engine::score(&hands, rules, &v)?;
    let value = scores[0].total as f64;
    let env = Envelope::exact(
        "haggle",
        serde_json::to_value(&v)?,
        "score",
        value,
        serde_json::to_value(ScorePayload { rules, scores })?,
    );
    common.emit(&env)
}

/// `haggle goal`: a computer player's goal hand under the rules it knows (ILP), with
/// its believed and true scores.
fn run_goal(
    known: String,
    hand: String,
    players: usize,
    others: Option<String>,
    variant: &VariantArgs,
    common: &Common,
) -> Result<()> {
    let v = variant.resolve()?;
    let known = RuleSet::parse(&known).context("--known")?;
    let hand = Hand::parse(&hand).context("--hand")?;
    let others = others
        .map(|o| parse_hands(&o.split(',').map(String::from).collect::<Vec<_>>()))
        .transpose()?;
    check_players(players)?;
    let g = player::goal(
        known,
        &hand,
        players,
        others.as_deref(),
        &v,
        &common.solve_options(),
    )?;
    let payload = GoalPayload {
        known,
        hand,
        players,
        others,
        goal: g.goal,
        believed: g.believed,
        distance: g.distance,
        true_score: g.true_score,
    };
    let env = Envelope::from_report(
        "haggle",
        serde_json::to_value(&v)?,
        "goal",
        &g.report,
        serde_json::to_value(payload)?,
    );
    common.emit(&env)
}

/// `haggle compare`: the bound for every combination of the `--vary` values, one grid
/// cell per combination.
fn run_compare(
    players: usize,
    objective: BoundObjective,
    variant: &VariantArgs,
    vary: Vec<String>,
    common: &Common,
    out: &crate::grid::GridOut,
) -> Result<()> {
    check_players(players)?;
    let dims = Vary::parse_grid(&vary, &variant.set)?;
    let opts = common.solve_options();
    crate::grid::run(
        "haggle",
        &dims,
        common,
        out,
        |cell| variant.resolve_with(cell),
        |v| Ok(serde_json::to_value(v)?),
        |v| {
            bound(
                players,
                objective,
                HandIn::Any,
                Formulation::Auto,
                &v,
                &opts,
            )
        },
    )
}

/// `haggle simulate`: play the computer players' game round by round (within
/// --time-limit, keeping the rounds played) and emit the result.
fn run_simulate(
    players: usize,
    seed: u64,
    rounds: usize,
    variant: &VariantArgs,
    common: &Common,
) -> Result<()> {
    let v = variant.resolve()?;
    // --time-limit covers the whole simulation: the rounds played are kept.
    let deadline = common
        .time_limit
        .map(|t| std::time::Instant::now() + std::time::Duration::from_secs_f64(t));
    let s = player::simulate_until(players, seed, rounds, &v, deadline)?;
    if s.rounds.len() < rounds {
        common.note(format!(
            "haggle simulate: --time-limit reached after {} of {rounds} rounds",
            s.rounds.len()
        ));
    }
    let best = s.rounds.last().map(|r| r.table[s.standings[0]].true_score);
    let env = Envelope::exact(
        "haggle",
        serde_json::to_value(&v)?,
        "simulate",
        best.unwrap_or(0) as f64,
        serde_json::to_value(&s)?,
    );
    common.emit(&env)
}

fn check_players(n: usize) -> Result<()> {
    if !(1..=40).contains(&n) {
        bail!("--players must be 1-40 (got {n})");
    }
    Ok(())
}

fn parse_hands(hs: &[String]) -> Result<Vec<Hand>> {
    hs.iter().map(|h| Hand::parse(h)).collect()
}
