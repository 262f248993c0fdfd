//! `gamebounds traveller <verb>`: show a board, replay a plan, prove the most cash in T
//! steps, run the greedy baseline, regenerate results, benchmark, generate a large board.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::Instant;

use anyhow::{anyhow, bail, Context, Result};
use clap::Subcommand;

use super::board::Board;
use super::bound::{bound, bound_with, relaxation_only, Method};
use super::engine::{self, money, Action};
use super::episode::{Payload, StateView, Variant};
use super::rules::Rules;
use super::setup::Game;
use super::{draw, generate, greedy, model, render, trips};
use crate::cli::Common;
use crate::episode::Envelope;
use crate::error::Rejected;
use crate::grid::Vary;
use crate::lp::Status;

mod results;

use results::{bench, results_cmd};

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Draw a board: text on stdout (--json: the board as JSON), optionally an SVG file.
    ///
    /// Example: gamebounds traveller show --board models/traveller/classic.pl --svg classic.svg
    Show {
        /// Board file: Prolog facts (.pl) or the same content as JSON (.json).
        #[arg(long, value_name = "FILE")]
        board: PathBuf,
        /// Also write the drawing as SVG to this file.
        #[arg(long, value_name = "FILE.svg")]
        svg: Option<PathBuf>,
    },
    /// Run a plan (one action a line: `move 12`, `buy coal 40`, `sell coal 40`,
    /// `buy fuel 5`) through the referee and print the state after each step. An illegal
    /// step ends the game: the rule broken is named and the exit code is 1.
    ///
    /// Example: gamebounds traveller replay --board models/traveller/classic.pl --start 67 models/traveller/example.plan
    Replay {
        #[command(flatten)]
        game: Game,
        /// The plan file.
        plan: PathBuf,
    },
    /// The most cash after at most T steps, proven by an ILP over the time-expanded
    /// board or by an exact search over event sequences (see --method), with the plan
    /// that reaches it (replayed by the referee before it is shown).
    ///
    /// Example: gamebounds traveller bound --board models/traveller/classic.pl --start 67 --steps 50
    Bound {
        #[command(flatten)]
        game: Game,
        /// Step budget T (each action is one step; the trader may stop early).
        #[arg(long, value_name = "T", value_parser = crate::options::steps)]
        steps: usize,
        /// How to prove it: `labels` (a dynamic programme over single-load plans that
        /// merges equal states, with a bound on every other plan; where that bound stays
        /// open, the event search from its plan), `events` (every sequence of purchases,
        /// sales and fuel stops, its quantities by LP and MIP: exact; the sequences grow
        /// about tenfold every ten steps, see results/traveller.md),
        /// `ilp` (the time-expanded ILP: a bound with a gap for long budgets; the only one
        /// for --stock-value) or `auto` (labels, then events; if --time-limit stops them,
        /// the ILP from their best plan, with another --time-limit). With --jobs N the
        /// event search's branches (one per first event) run on N worker processes, to the
        /// same episode; the labels run on one.
        #[arg(long, value_enum, default_value_t = Method::Auto)]
        method: Method,
        /// Count stock still carried at the end at this price, e.g. `--stock-value coal=6`
        /// (repeatable); the objective becomes cash + stock value.
        #[arg(long, value_name = "GOOD=PRICE")]
        stock_value: Vec<String>,
        /// Developer option for the ILP: split each node by wealth bands POUNDS wide
        /// (tighter LP, many more nodes; default: no bands).
        #[arg(long, value_name = "POUNDS")]
        band: Option<f64>,
        /// Developer option for the ILP: leave out the target cuts of the first plan's cash.
        #[arg(long)]
        no_target_cuts: bool,
    },
    /// The bound for every combination of rule values: one row per combination, each a
    /// plan replayed by the referee and, where the search or the ILP finished, proven.
    ///
    /// --vary KEY=V1,V2 (repeatable: the grid of all combinations) varies a key of the
    /// rules (board, cash, tank, fuel, capacity); --set fixes others; --out-dir DIR writes
    /// each cell's episode there, --chart FILE.svg draws the grid.
    ///
    /// Example: gamebounds traveller compare --board models/traveller/classic.pl --steps 30 --vary capacity=500,1000,2000 --vary tank=10,20,30 --set fuel=10
    ///
    /// Example: gamebounds traveller compare --steps 10 --vary board=classic,large
    Compare {
        #[command(flatten)]
        game: Game,
        /// Step budget T.
        #[arg(long, value_name = "T")]
        steps: usize,
        /// How each cell is proven (as `bound --method`).
        #[arg(long, value_enum, default_value_t = Method::Auto)]
        method: Method,
        /// A key and the values it takes, e.g. `capacity=500,1000` (repeatable).
        #[arg(long, value_name = "KEY=V1,V2", required = true)]
        vary: Vec<String>,
        #[command(flatten)]
        out: crate::grid::GridOut,
    },
    /// A window bound: the most a trader can be worth (cash + stock at its cheapest
    /// wholesale price plus a potential that grows as the lorry nears a retailer;
    /// --cash-only: cash) after L steps from ANY state (square, fuel,
    /// cash, stock) worth at most W, less (1 + b) × the starting worth (b = --slope;
    /// −1, the default, counts the end alone). The solver's upper bound is valid for every
    /// stretch of L steps of every plan; `bound` chains such windows for long budgets.
    ///
    /// Example: gamebounds traveller window --board models/traveller/classic.pl --steps 10 --wealth 9000
    ///
    /// With --json: the windows as {columns, rows} (with --chain also {chain: {steps, of, bound}}).
    Window {
        #[command(flatten)]
        game: Game,
        /// Window length L.
        #[arg(long, value_name = "L", value_parser = crate::options::steps)]
        steps: usize,
        /// Cap W on the starting worth.
        #[arg(long, value_name = "W", value_parser = crate::options::non_negative)]
        wealth: f64,
        #[arg(long, default_value_t = -1.0, allow_hyphen_values = true, value_name = "B", value_parser = crate::options::slope)]
        slope: f64,
        /// Count only cash at the end.
        #[arg(long)]
        cash_only: bool,
        /// Chain windows of L steps (the last one shorter, cash only) from worth W
        /// until this many steps: a bound on the cash after them.
        #[arg(long, value_name = "T", value_parser = crate::options::steps)]
        chain: Option<usize>,
    },
    /// The greedy trader (best profit per step, one round trip at a time): the baseline.
    ///
    /// Example: gamebounds traveller greedy --board models/traveller/classic.pl --start 67 --steps 50
    Greedy {
        #[command(flatten)]
        game: Game,
        #[arg(long, value_name = "T", value_parser = crate::options::steps)]
        steps: usize,
    },
    /// Regenerate results/traveller.md and the episodes in games/: bound and greedy for
    /// each board and step budget (a solve not proven within --part-limit, each, is
    /// reported as such; --time-limit caps the whole run).
    ///
    /// Example: gamebounds traveller results --part-limit 300
    Results {
        /// Step budgets on the classic board.
        #[arg(long, value_delimiter = ',', default_value = "20,30,50,60,70,80,100", value_parser = crate::options::steps)]
        classic_steps: Vec<usize>,
        /// Step budgets on the large board.
        #[arg(long, value_delimiter = ',', default_value = "20,30,40", value_parser = crate::options::steps)]
        large_steps: Vec<usize>,
        #[arg(long, default_value = "models/traveller", value_name = "DIR")]
        models: PathBuf,
        #[arg(long, default_value = "results", value_name = "DIR")]
        results: PathBuf,
        #[arg(long, default_value = "games", value_name = "DIR")]
        games: PathBuf,
    },
    /// Time the bound (median of --repeat solves per step budget) and write
    /// results/bench-traveller.md.
    ///
    /// Example: gamebounds traveller bench --board models/traveller/classic.pl --steps 20,50 --repeat 3
    Bench {
        #[arg(
            long,
            value_name = "FILE",
            default_value = "models/traveller/classic.pl"
        )]
        board: PathBuf,
        #[arg(long, default_value_t = 67)]
        start: u32,
        #[arg(long, value_delimiter = ',', default_value = "20,50", value_parser = crate::options::steps)]
        steps: Vec<usize>,
        #[arg(long, default_value_t = 3, value_parser = crate::options::count)]
        repeat: usize,
        /// Time the label programme alone (`bound --method labels` without the event
        /// search after it): its best plan, whether it proved it, its counts, escape bound
        /// and peak memory, one run per budget (--repeat is ignored).
        ///
        /// Example: gamebounds traveller bench --labels --steps 20,50,100,150,200 --report results/bench-traveller-labels.md
        #[arg(long)]
        labels: bool,
        /// Where the report goes.
        #[arg(
            long,
            default_value = "results/bench-traveller.md",
            value_name = "FILE.md"
        )]
        report: PathBuf,
    },
    /// Print a generated board as Prolog facts (deterministic for a seed and size).
    ///
    /// Example: gamebounds traveller generate --seed 1 --width 24 --height 16 > models/traveller/large.pl
    Generate {
        #[arg(long, default_value_t = 1)]
        seed: u64,
        #[arg(long, default_value_t = 24)]
        width: i64,
        #[arg(long, default_value_t = 16)]
        height: i64,
    },
}

pub fn run(cmd: Command, common: &Common) -> Result<()> {
    match cmd {
        Command::Show { board, svg } => show(&board, svg.as_deref(), common),
        Command::Replay { game, plan } => replay(&game, &plan, common),
        Command::Compare {
            game,
            steps,
            method,
            vary,
            out,
        } => compare_cmd(&game, steps, method, &vary, common, &out),
        Command::Bound {
            game,
            steps,
            method,
            stock_value,
            band,
            no_target_cuts,
        } => bound_cmd(
            &game,
            steps,
            method,
            &stock_value,
            band,
            no_target_cuts,
            common,
        ),
        Command::Window {
            game,
            steps,
            wealth,
            slope,
            cash_only,
            chain,
        } => window_cmd(&game, steps, wealth, slope, cash_only, chain, common),
        Command::Greedy { game, steps } => {
            let (board, rules) = game.load()?;
            common.emit(&greedy_episode(&board, &rules, game.start, steps)?)
        }
        Command::Results {
            classic_steps,
            large_steps,
            models,
            results,
            games,
        } => results_cmd(
            &classic_steps,
            &large_steps,
            &models,
            &results,
            &games,
            common,
        ),
        Command::Bench {
            board,
            start,
            steps,
            repeat,
            labels,
            report,
        } => {
            crate::io::check_report(&report)?;
            if labels {
                return results::bench_labels(&board, start, &steps, &report, common);
            }
            bench(&board, start, &steps, repeat, &report, common)
        }
        Command::Generate {
            seed,
            width,
            height,
        } => generate_cmd(seed, width, height),
    }
}

/// `compare`: the bound for every cell of the `--vary` grid, one row and episode a cell.
fn compare_cmd(
    game: &Game,
    steps: usize,
    method: Method,
    vary: &[String],
    common: &Common,
    out: &crate::grid::GridOut,
) -> Result<()> {
    let dims = Vary::parse_grid(vary, game.settings())?;
    crate::grid::run(
        "traveller",
        &dims,
        common,
        out,
        |cell| game.load_with(cell),
        |(board, rules)| {
            let v = variant(board, rules, game.start, steps, BTreeMap::new());
            Ok(serde_json::to_value(v)?)
        },
        |(board, rules)| {
            bound(
                &board,
                &rules,
                game.start,
                steps,
                BTreeMap::new(),
                method,
                common,
            )
        },
    )
}

/// `bound`: check the options, then prove the most cash in T steps (or, for `--method lp`,
/// print the LP relaxation only) and emit the episode.
fn bound_cmd(
    game: &Game,
    steps: usize,
    method: Method,
    stock_value: &[String],
    band: Option<f64>,
    no_target_cuts: bool,
    common: &Common,
) -> Result<()> {
    let (board, rules) = game.load()?;
    let values = parse_values(&board, stock_value)?;
    if band.is_some_and(|w| !(w.is_finite() && w > 0.0)) {
        bail!(
            "--band {}: the band width must be a positive amount of £",
            band.unwrap()
        );
    }
    let tuning = model::Tuning {
        band,
        targets: !no_target_cuts,
    };
    if method == Method::Lp {
        return relaxation_only(&board, &rules, game.start, steps, &tuning, common);
    }
    let env = bound_with(
        &board, &rules, game.start, steps, values, method, &tuning, common,
    )?;
    common.emit(&env)
}

/// `window`: one window bound of L steps, or with `--chain` the chained bound (see
/// [`chain_cmd`]).
fn window_cmd(
    game: &Game,
    steps: usize,
    wealth: f64,
    slope: f64,
    cash_only: bool,
    chain: Option<usize>,
    common: &Common,
) -> Result<()> {
    let (board, rules) = game.load()?;
    if let Some(total) = chain {
        return chain_cmd(&board, &rules, game.start, steps, wealth, total, common);
    }
    if steps == 0 || !(wealth.is_finite() && wealth >= 0.0) || slope < -1.0 {
        bail!("--steps must be at least 1, --wealth a number ≥ 0 and --slope ≥ −1");
    }
    let w = super::window::window(
        &board,
        &rules,
        board.square(game.start)?,
        steps,
        wealth,
        slope,
        cash_only,
        &common.solve_options(),
    )?
    .ok_or_else(|| anyhow!("the window's solver ended without a bound"))?;
    if common.json {
        return common.print_json(&window_table(std::slice::from_ref(&w), None));
    }
    println!(
        "window: {} steps from any state worth ≤ {}, slope {}{}: upper bound {:.4}, \
         best found {:.4}, {}, {:.2} s",
        w.steps,
        w.wmax,
        w.slope,
        if w.cash_only { ", cash only" } else { "" },
        w.bound,
        w.found,
        if w.proven { "proven" } else { "not proven" },
        w.seconds
    );
    Ok(())
}

/// `window --chain T`: chain windows of `steps` from worth `wealth` up to `total` steps
/// and print each window and the bound on the cash after them.
fn chain_cmd(
    board: &Board,
    rules: &Rules,
    start: u32,
    steps: usize,
    wealth: f64,
    total: usize,
    common: &Common,
) -> Result<()> {
    // --time-limit covers the whole chain: each window gets what is left.
    let deadline = common
        .time_limit
        .map(|s| Instant::now() + std::time::Duration::from_secs_f64(s));
    let c = super::window::chain(
        board,
        rules,
        board.square(start)?,
        0,
        wealth,
        total,
        steps.max(1),
        &common.solve_options(),
        deadline,
    )?
    .ok_or_else(|| anyhow!("a window's solver ended without a bound"))?;
    if common.json {
        let chain = serde_json::json!({ "steps": c.steps, "of": total, "bound": c.bound });
        return common.print_json(&window_table(&c.windows, Some(chain)));
    }
    for w in &c.windows {
        println!(
            "  {} steps from ≤ {:.2}: ≤ {:.2} ({}, {:.2} s)",
            w.steps,
            w.wmax,
            w.bound,
            if w.proven { "proven" } else { "not proven" },
            w.seconds
        );
    }
    if c.steps < total {
        println!(
            "--time-limit reached after {} of {total} steps: the worth after {} \
             steps is at most {:.2}; no bound after {total} steps",
            c.steps, c.steps, c.bound
        );
    } else {
        println!("chained bound after {total} steps: {:.2}", c.bound);
    }
    Ok(())
}

/// `window --json`: the windows as `{columns, rows}` (numbers as numbers), and with
/// `--chain` what the chain reached: `{steps, of, bound}` (`bound` on the cash when
/// `steps` = `of`, else on the worth).
fn window_table(
    windows: &[super::window::Window],
    chain: Option<serde_json::Value>,
) -> serde_json::Value {
    let columns = [
        "steps",
        "wealth",
        "slope",
        "cash_only",
        "bound",
        "found",
        "proven",
        "seconds",
    ];
    let rows: Vec<serde_json::Value> = windows
        .iter()
        .map(|w| {
            serde_json::json!([
                w.steps,
                w.wmax,
                w.slope,
                w.cash_only,
                w.bound,
                w.found,
                w.proven,
                w.seconds
            ])
        })
        .collect();
    let mut t = serde_json::json!({ "columns": columns, "rows": rows });
    if let Some(chain) = chain {
        t["chain"] = chain;
    }
    t
}

/// `generate`: check the size, then print the seeded board as Prolog facts.
fn generate_cmd(seed: u64, width: i64, height: i64) -> Result<()> {
    if !(4..=200).contains(&width) || !(4..=200).contains(&height) {
        bail!("--width and --height must be between 4 and 200");
    }
    let file = generate::generate(seed, width, height);
    let header = format!(
        "A generated traveller board (seed {seed}, {width} × {height} grid).\n\
         Made by: gamebounds traveller generate --seed {seed} --width {width} --height {height}"
    );
    let b = Board::from_file("generated", file).context("the generated board")?;
    print!("{}", b.to_facts(&header));
    Ok(())
}

fn show(path: &Path, svg: Option<&Path>, common: &Common) -> Result<()> {
    let board = Board::load(path)?;
    if let Some(p) = svg {
        crate::io::write_noting(p, draw::svg(&board).as_bytes())?;
        common.note(format!("wrote {}", p.display()));
    }
    if common.json {
        common.print_json(&board.file)
    } else {
        print!("{}", draw::text(&board));
        Ok(())
    }
}

fn replay(game: &Game, plan_path: &Path, common: &Common) -> Result<()> {
    let (board, rules) = game.load()?;
    let text = std::fs::read_to_string(plan_path)
        .with_context(|| format!("cannot read plan file {}", plan_path.display()))?;
    let plan = engine::parse_plan(&text).with_context(|| plan_path.display().to_string())?;
    let rp = engine::replay(&board, &rules, game.start, &plan)?;
    if common.json {
        let states: Vec<StateView> = rp.states.iter().map(|s| StateView::of(&board, s)).collect();
        common.print_json(&serde_json::json!({
            "states": states,
            "illegal": rp.illegal.as_ref().map(|(i, e)| serde_json::json!({
                "step": i + 1, "action": plan[*i].to_string(), "rule": e.rule, "reason": e.reason
            })),
        }))?;
    } else {
        println!("{}", render::state_table(&board, &plan, &rp));
    }
    if let Some(line) = render::illegal_line(&plan, &rp) {
        return Err(Rejected(line).into());
    }
    if !common.json {
        let end = rp.last();
        println!(
            "\n{} steps, legal; final cash £{}, square {}, fuel {}",
            plan.len(),
            money(end.cash),
            board.ids[end.square],
            end.fuel
        );
    }
    Ok(())
}

fn parse_values(board: &Board, args: &[String]) -> Result<BTreeMap<String, f64>> {
    let mut out = BTreeMap::new();
    for a in args {
        let (g, p) = a
            .split_once('=')
            .ok_or_else(|| anyhow!("--stock-value `{a}`: expected GOOD=PRICE, e.g. coal=6"))?;
        let p: f64 = p
            .parse()
            .ok()
            .filter(|p: &f64| p.is_finite() && *p >= 0.0)
            .ok_or_else(|| anyhow!("--stock-value `{a}`: `{p}` is not a price ≥ 0"))?;
        if board.good(g).is_none() {
            bail!(
                "--stock-value `{a}`: `{g}` is not a good on this board ({})",
                board.goods.join(", ")
            );
        }
        out.insert(g.to_string(), p);
    }
    Ok(out)
}

pub(super) fn variant(
    board: &Board,
    rules: &Rules,
    start: u32,
    steps: usize,
    stock_value: BTreeMap<String, f64>,
) -> Variant {
    Variant {
        board: board.name.clone(),
        content: board.file.clone(),
        rules: rules.clone(),
        start,
        steps,
        stock_value,
    }
}

pub(super) fn payload(
    board: &Board,
    trader: &str,
    plan: &[Action],
    end: &engine::State,
) -> Payload {
    Payload {
        trader: trader.into(),
        search: None,
        proof: None,
        plan: plan.iter().map(|a| a.to_string()).collect(),
        end: StateView::of(board, end),
    }
}

/// The greedy trader's episode: a game, not a bound (status `feasible`, no bound).
pub fn greedy_episode(board: &Board, rules: &Rules, start: u32, steps: usize) -> Result<Envelope> {
    let plan = greedy::plan(board, rules, board.square(start)?, steps);
    let rp = engine::replay(board, rules, start, &plan)?;
    if let Some((i, e)) = &rp.illegal {
        bail!(
            "the greedy plan breaks a rule at step {}: {e} (a bug)",
            i + 1
        );
    }
    let v = variant(board, rules, start, steps, BTreeMap::new());
    game_episode(
        &v,
        rp.last().cash,
        payload(board, "greedy", &plan, rp.last()),
    )
}

/// An episode that is a game, not a bound: status `feasible`, no bound, no solver.
pub(super) fn game_episode(v: &Variant, cash: f64, p: Payload) -> Result<Envelope> {
    Ok(Envelope {
        game: "traveller".into(),
        variant: serde_json::to_value(v)?,
        objective: v.objective().into(),
        status: Status::Feasible,
        value: Some(cash),
        bound: None,
        gap: None,
        solver: None,
        version: env!("CARGO_PKG_VERSION").to_string(),
        payload: serde_json::to_value(p)?,
    })
}
