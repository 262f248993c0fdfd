//! `gamebounds lost-cities <verb>`.

use std::path::{Path, PathBuf};

use anyhow::{anyhow, bail, Context, Result};
use clap::{Args, Subcommand, ValueEnum};

use super::bots::{by_name, play_game};
use super::bounds::{self, deck_from_seed};
use super::cards::{check_full_deck, parse_cards, show_cards};
use super::engine::{replay, Record};
use super::rules::Rules;
use super::{reports, tournament};
use crate::cli::Common;
use crate::error::Rejected;
use crate::grid::Vary;
use crate::lp::Sense;
use crate::render::{kv_table, table};
use crate::variants::Setting;

/// Which variant: an edition by colour count, or a variant file.
#[derive(Debug, Clone, Args)]
pub struct VariantArgs {
    /// 5 colours (60 cards) or 6 with purple (72 cards).
    #[arg(long, default_value_t = 5, value_name = "5|6")]
    pub colours: usize,
    /// A variant file instead (e.g. models/lost-cities/mini-2x3.json).
    #[arg(long, value_name = "FILE", conflicts_with = "colours")]
    pub variant: Option<PathBuf>,
    /// Override one key of the rules (repeatable): colours (a number: the edition's first
    /// N), wagers, numbers (a comma list), hand_size, base, bonus_cards, bonus.
    #[arg(long = "set", value_name = "KEY=VALUE")]
    pub set: Vec<String>,
}

impl VariantArgs {
    pub fn rules(&self) -> Result<Rules> {
        self.rules_with(&[])
    }

    /// The rules with `--set` and then `more` applied (a `compare` cell's settings).
    pub fn rules_with(&self, more: &[Setting]) -> Result<Rules> {
        let mut all = Setting::parse_all(&self.set)?;
        all.extend_from_slice(more);
        Rules::resolve(self.variant.as_deref(), self.colours, &all)
    }
}

#[derive(Debug, Clone, Copy, ValueEnum)]
pub enum Objective {
    Max,
    Min,
}

impl Objective {
    /// The solver's direction for this objective.
    fn sense(self) -> Sense {
        match self {
            Objective::Max => Sense::Maximise,
            Objective::Min => Sense::Minimise,
        }
    }
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Highest (or lowest) score player 1 can reach in a round, with a full game reaching it.
    ///
    /// Without --seed/--deck the deck order is free and the opponent cooperates: the ILP
    /// picks the final expeditions, the tool builds the deck order and every move of both
    /// players, and the referee replays that game to the same score.
    /// With --seed N or --deck FILE the deck order is fixed: an ILP relaxation gives an upper
    /// bound, a cooperative planner plays a concrete game (lower bound), and the gap is shown.
    ///
    /// Examples:
    ///   gamebounds lost-cities bound --colours 6
    ///   gamebounds lost-cities bound --objective min
    ///   gamebounds lost-cities bound --seed 7 --out games/lost-cities-seed-7.json
    #[command(verbatim_doc_comment)]
    Bound {
        #[command(flatten)]
        variant: VariantArgs,
        /// Maximise or minimise player 1's score (free deck order only).
        #[arg(long, value_enum, default_value = "max")]
        objective: Objective,
        /// Fix the deck: shuffled with this seed.
        #[arg(long, conflicts_with = "deck")]
        seed: Option<u64>,
        /// Fix the deck: a file listing all cards (P1's hand, P2's hand, draw pile top first).
        #[arg(long, value_name = "FILE")]
        deck: Option<PathBuf>,
        /// Fixed decks: planner runs (each re-aims without the cards the last run missed).
        #[arg(long, default_value_t = 8, value_parser = crate::options::count)]
        rounds: usize,
    },
    /// The free-deck bound for every combination of rule values: one row per
    /// combination, each a proven bound with its game certified by the referee.
    ///
    /// --vary KEY=V1,V2 (repeatable: the grid of all combinations) varies a key of the
    /// rules; --set fixes others; --out-dir DIR writes each cell's episode there, --chart
    /// FILE.svg draws the grid.
    ///
    /// Examples:
    ///   gamebounds lost-cities compare --vary colours=5,6
    ///   gamebounds lost-cities compare --vary colours=5,6 --vary bonus_cards=7,8,9 --vary wagers=2,3
    #[command(verbatim_doc_comment)]
    Compare {
        #[command(flatten)]
        variant: VariantArgs,
        /// A key and the values it takes, e.g. `wagers=2,3` (repeatable).
        #[arg(long, value_name = "KEY=V1,V2", required = true)]
        vary: Vec<String>,
        /// Maximise or minimise player 1's score.
        #[arg(long, value_enum, default_value = "max")]
        objective: Objective,
        #[command(flatten)]
        out: crate::grid::GridOut,
    },
    /// Replay a game record file through the referee; names the first illegal move.
    ///
    /// The file: a line `deck CARD CARD ...` (all cards: player 1's hand, player 2's hand,
    /// then the draw pile top first), then one move per line: `CARD play|discard deck|COLOUR`.
    ///
    /// Example:
    ///   gamebounds lost-cities replay game.txt
    #[command(verbatim_doc_comment)]
    Replay {
        file: PathBuf,
        #[command(flatten)]
        variant: VariantArgs,
    },
    /// Score expeditions given as cards, e.g. `InvD 4D 7D 9O 10O`.
    ///
    /// Example:
    ///   gamebounds lost-cities score InvD InvD 5D 6D 7D 8D 9D 10D
    ///
    /// With --json: {columns, rows, total}, one row per expedition.
    #[command(verbatim_doc_comment)]
    Score {
        cards: Vec<String>,
        #[command(flatten)]
        variant: VariantArgs,
    },
    /// One game between two bots on a seeded deck; prints the scores and the record.
    ///
    /// Example:
    ///   gamebounds lost-cities play --bots lookahead,dumb --seed 3 --record game.txt
    #[command(verbatim_doc_comment)]
    Play {
        /// Two bots, player 1 first (dumb, careful, lookahead).
        #[arg(long, default_value = "lookahead,dumb")]
        bots: String,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Write the game record (text) here.
        #[arg(long, value_name = "FILE")]
        record: Option<PathBuf>,
        #[command(flatten)]
        variant: VariantArgs,
    },
    /// Seeded tournament: win rate and mean margin with 95% intervals, share of the bound.
    ///
    /// Each deal is played twice with the seats swapped (--games must be even).
    ///
    /// Example:
    ///   gamebounds lost-cities tournament --bots lookahead,dumb --games 1000 --seed 1
    #[command(verbatim_doc_comment)]
    Tournament {
        /// Two bots (dumb, careful, lookahead).
        #[arg(long, default_value = "lookahead,dumb")]
        bots: String,
        #[arg(long, default_value_t = 1000, value_parser = crate::options::count)]
        games: usize,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Deals (spread evenly) on which the cooperative planner game is also computed.
        #[arg(long, default_value_t = 20)]
        planner_sample: usize,
        #[command(flatten)]
        variant: VariantArgs,
    },
    /// Time 1000 games and the bound solves (medians); writes results/bench-lost-cities.md.
    ///
    /// Example:
    ///   gamebounds lost-cities bench
    #[command(verbatim_doc_comment)]
    Bench {
        /// Repetitions of each measurement (the median is reported).
        #[arg(long, default_value_t = 3, value_parser = crate::options::count)]
        repeat: usize,
        #[arg(long, default_value = "results/bench-lost-cities.md")]
        output: PathBuf,
    },
    /// Regenerate results/lost-cities.md and the games/lost-cities-*.json episodes.
    ///
    /// Example:
    ///   gamebounds lost-cities results
    #[command(verbatim_doc_comment)]
    Results {
        #[arg(long, default_value = "results/lost-cities.md")]
        output: PathBuf,
        /// Directory for the episodes.
        #[arg(long, default_value = "games")]
        games_dir: PathBuf,
    },
}

fn two_bots(spec: &str) -> Result<(String, String)> {
    let parts: Vec<&str> = spec.split(',').map(|s| s.trim()).collect();
    if parts.len() != 2 {
        bail!("--bots `{spec}`: name two bots separated by a comma, e.g. careful,dumb");
    }
    by_name(parts[0])?;
    by_name(parts[1])?;
    Ok((parts[0].to_string(), parts[1].to_string()))
}

fn read_deck(rules: &Rules, path: &Path) -> Result<Vec<crate::lost_cities::cards::Card>> {
    let text = std::fs::read_to_string(path)
        .with_context(|| format!("cannot read deck file {}", path.display()))?;
    let body: String = text
        .lines()
        .map(|l| l.split('#').next().unwrap_or(""))
        .collect::<Vec<_>>()
        .join(" ");
    let body = body.trim().strip_prefix("deck").unwrap_or(body.trim());
    let deck = parse_cards(rules, body).map_err(|e| anyhow!("{}: {e}", path.display()))?;
    check_full_deck(rules, &deck).map_err(|e| anyhow!("{}: {e}", path.display()))?;
    Ok(deck)
}

pub fn run(cmd: Command, common: &Common) -> Result<()> {
    match cmd {
        Command::Bound {
            variant,
            objective,
            seed,
            deck,
            rounds,
        } => bound_cmd(&variant, objective, seed, deck.as_deref(), rounds, common),
        Command::Compare {
            variant,
            vary,
            objective,
            out,
        } => compare_cmd(&variant, &vary, objective, common, &out),
        Command::Replay { file, variant } => replay_cmd(&file, &variant, common),
        Command::Score { cards, variant } => score_cmd(&cards, &variant, common),
        Command::Play {
            bots,
            seed,
            record,
            variant,
        } => play_cmd(&bots, seed, record.as_deref(), &variant, common),
        Command::Tournament {
            bots,
            games,
            seed,
            planner_sample,
            variant,
        } => {
            let rules = variant.rules()?;
            let (a, b) = two_bots(&bots)?;
            let mut opts = common.solve_options();
            opts.quiet = true;
            let t = tournament::run(&rules, &a, &b, games, seed, planner_sample, &opts)?;
            if common.json {
                return common.print_json(&t);
            }
            print!("{}", tournament::markdown(&t));
            Ok(())
        }
        Command::Bench { repeat, output } => {
            let md = reports::bench(repeat.max(1), common)?;
            crate::cli::write_file(&output, &md)?;
            common.note(format!("wrote {}", output.display()));
            print!("{md}");
            Ok(())
        }
        Command::Results { output, games_dir } => {
            let md = reports::results(&games_dir, &output, common)?;
            crate::cli::write_file(&output, &md)?;
            common.note(format!("wrote {}", output.display()));
            Ok(())
        }
    }
}

/// `bound`: the free-deck bound (max or min), or with `--seed`/`--deck` the fixed-deck
/// bound and planner game; the episode is checked by the referee before it is emitted.
fn bound_cmd(
    variant: &VariantArgs,
    objective: Objective,
    seed: Option<u64>,
    deck: Option<&Path>,
    rounds: usize,
    common: &Common,
) -> Result<()> {
    let rules = variant.rules()?;
    let opts = common.solve_options();
    let env = if seed.is_some() || deck.is_some() {
        if matches!(objective, Objective::Min) {
            bail!("--objective min is for the free deck order; a fixed deck is bounded from above");
        }
        let d = match (deck, seed) {
            (Some(p), _) => read_deck(&rules, p)?,
            (None, Some(s)) => deck_from_seed(&rules, s),
            _ => unreachable!(),
        };
        bounds::fixed_bound(&rules, &d, seed, rounds, &opts)?
    } else {
        bounds::free_bound(&rules, objective.sense(), &opts)?
    };
    common.note(bounds::verify(&env)?);
    common.emit(&env)
}

/// `compare`: the free-deck bound for every cell of the `--vary` grid.
fn compare_cmd(
    variant: &VariantArgs,
    vary: &[String],
    objective: Objective,
    common: &Common,
    out: &crate::grid::GridOut,
) -> Result<()> {
    let dims = Vary::parse_grid(vary, &variant.set)?;
    let sense = objective.sense();
    let opts = common.solve_options();
    crate::grid::run(
        "lost-cities",
        &dims,
        common,
        out,
        |cell| variant.rules_with(cell),
        |rules| Ok(serde_json::to_value(rules)?),
        |rules| bounds::free_bound(&rules, sense, &opts),
    )
}

/// `replay`: run a record file through the referee and print each player's expeditions
/// and score (an illegal move is a `Rejected` error).
fn replay_cmd(file: &Path, variant: &VariantArgs, common: &Common) -> Result<()> {
    let rules = variant.rules()?;
    let text = std::fs::read_to_string(file)
        .with_context(|| format!("cannot read record file {}", file.display()))?;
    let rec = Record::parse_file(&rules, &text).map_err(|e| anyhow!("{}: {e}", file.display()))?;
    let s = replay(&rules, &rec)
        .map_err(|e| anyhow!("{}: {e}", file.display()))?
        .map_err(|e| Rejected(format!("{}: {e}", file.display())))?;
    let rows: Vec<Vec<String>> = (0..2)
        .map(|p| {
            let mut row = vec![format!("player {}", p + 1)];
            for c in 0..rules.colour_count() as u8 {
                let e = s.expedition(p, c);
                row.push(format!(
                    "{} ({})",
                    show_cards(&rules, e),
                    rules.expedition_score(e)
                ));
            }
            row.push(s.score(p).to_string());
            row
        })
        .collect();
    if common.json {
        return common.print_json(&serde_json::json!({
            "turns": rec.moves.len(), "scores": [s.score(0), s.score(1)]
        }));
    }
    let mut header = vec!["".to_string()];
    header.extend(rules.colours.iter().map(|c| c.name.clone()));
    header.push("total".into());
    println!(
        "legal game of {} turns\n\n{}",
        rec.moves.len(),
        table(header, rows)
    );
    Ok(())
}

/// `score`: score the given cards as expeditions, one per colour, after checking that
/// no number card is doubled and no colour has too many wagers.
fn score_cmd(cards: &[String], variant: &VariantArgs, common: &Common) -> Result<()> {
    let rules = variant.rules()?;
    if cards.is_empty() {
        bail!("give cards to score, e.g. `InvD 4D 7D 9O`");
    }
    let cs = parse_cards(&rules, &cards.join(" "))?;
    let mut rows = Vec::new();
    let mut total = 0;
    for c in 0..rules.colour_count() as u8 {
        let mut e: Vec<_> = cs.iter().copied().filter(|x| x.colour == c).collect();
        if e.is_empty() {
            continue;
        }
        e.sort();
        if e.windows(2).any(|w| w[0] == w[1] && !w[0].is_wager()) {
            bail!(
                "{} appears twice: each number card exists once",
                e.iter()
                    .find(|x| e.iter().filter(|y| y == x).count() > 1)
                    .unwrap()
                    .show(&rules)
            );
        }
        if e.iter().filter(|x| x.is_wager()).count() > rules.wagers as usize {
            bail!(
                "more than {} wagers in {}",
                rules.wagers,
                rules.colours[c as usize].name
            );
        }
        let v = rules.expedition_score(&e);
        total += v;
        rows.push((
            rules.colours[c as usize].name.clone(),
            show_cards(&rules, &e),
            v,
        ));
    }
    let columns = ["colour", "expedition", "score"];
    if common.json {
        // The table's rows (the score a number) and the total beside them.
        let rows: Vec<_> = rows
            .into_iter()
            .map(|(c, e, v)| serde_json::json!([c, e, v]))
            .collect();
        return common.print_json(&serde_json::json!({
            "columns": columns, "rows": rows, "total": total
        }));
    }
    let mut rows: Vec<Vec<String>> = rows
        .into_iter()
        .map(|(c, e, v)| vec![c, e, v.to_string()])
        .collect();
    rows.push(vec!["total".into(), String::new(), total.to_string()]);
    println!("{}", table(columns, rows));
    Ok(())
}

/// `play`: one game between two bots on the deck shuffled with `seed`; prints the scores
/// and optionally writes the record.
fn play_cmd(
    bots: &str,
    seed: u64,
    record: Option<&Path>,
    variant: &VariantArgs,
    common: &Common,
) -> Result<()> {
    let rules = variant.rules()?;
    let (a, b) = two_bots(bots)?;
    let (mut ba, mut bb) = (by_name(&a)?, by_name(&b)?);
    let s = play_game(
        &rules,
        deck_from_seed(&rules, seed),
        [ba.as_mut(), bb.as_mut()],
    )?;
    let rec = s.record();
    if let Some(p) = record {
        crate::io::write_noting(p, rec.to_file(&rules).as_bytes())?;
        common.note(format!("wrote {}", p.display()));
    }
    if common.json {
        return common.print_json(&serde_json::json!({
            "bots": [a, b], "seed": seed, "scores": [s.score(0), s.score(1)],
            "record": rec.to_text(&rules),
        }));
    }
    println!(
        "{}",
        kv_table([
            ("player 1", format!("{a}: {}", s.score(0))),
            ("player 2", format!("{b}: {}", s.score(1))),
            ("turns", rec.moves.len().to_string()),
            ("deck", format!("seed {seed}")),
        ])
    );
    Ok(())
}
