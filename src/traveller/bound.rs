//! `traveller bound`: the proof of the most cash, by the event search, the ILP or both,
//! within one `--time-limit` for the whole command.

use std::collections::BTreeMap;

use anyhow::{bail, Result};

use super::board::Board;
use super::cli::{game_episode, payload, variant};
use super::engine::{self, Action};
use super::episode::Variant;
use super::rules::Rules;
use super::{greedy, model, sequences, trips};
use crate::cli::Common;
use crate::episode::Envelope;
use crate::lp::{SolveReport, Status};

/// How `bound` proves the most cash.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Method {
    /// The labels, the event search where they leave the bound open; the ILP if a time
    /// limit stops them (and for stock values).
    Auto,
    /// The label-setting programme over single-load plans with the relaxed future
    /// (`sequences/labels.rs`); the event search where its escape bound is open.
    Labels,
    /// The ILP over the time-expanded board.
    Ilp,
    /// The exact search over event sequences (`sequences/`).
    Events,
    /// Diagnostics: the ILP's root LP relaxation alone (its value, time and size; no plan).
    Lp,
}

/// Solve the bound (the ILP's default [`model::Tuning`]), replay its plan, and build the
/// episode. A plan the referee rejects, or one worth other than the solver says, is an
/// error (the model would be wrong).
pub fn bound(
    board: &Board,
    rules: &Rules,
    start: u32,
    steps: usize,
    stock_value: BTreeMap<String, f64>,
    method: Method,
    common: &Common,
) -> Result<Envelope> {
    let tuning = model::Tuning::default();
    bound_with(
        board,
        rules,
        start,
        steps,
        stock_value,
        method,
        &tuning,
        common,
    )
}

/// `bound --method lp`: the root LP relaxation alone, printed as one line.
pub(super) fn relaxation_only(
    board: &Board,
    rules: &Rules,
    start: u32,
    steps: usize,
    tuning: &model::Tuning,
    common: &Common,
) -> Result<()> {
    let square = board.square(start)?;
    let r = model::relaxation(board, rules, square, steps, &common.solve_options(), tuning)?;
    println!(
        "LP relaxation: {:?} {:?} in {:.1} s, {} × {}",
        r.status, r.objective, r.seconds, r.rows, r.columns
    );
    Ok(())
}

/// [`bound`] with the ILP's optional parts as `tuning` says.
#[allow(clippy::too_many_arguments)]
pub(super) fn bound_with(
    board: &Board,
    rules: &Rules,
    start: u32,
    steps: usize,
    stock_value: BTreeMap<String, f64>,
    method: Method,
    tuning: &model::Tuning,
    common: &Common,
) -> Result<Envelope> {
    if common.emit_jobs.is_some() && method != Method::Events {
        bail!(
            "--emit-jobs: traveller bound writes the event search's branches as jobs; give \
             --method events"
        );
    }
    let v = variant(board, rules, start, steps, stock_value);
    let events = match method {
        Method::Lp => bail!("--method lp reports the LP relaxation only, not a bound"),
        Method::Ilp => false,
        Method::Events | Method::Labels if !v.stock_value.is_empty() => {
            bail!("--method events and labels count cash only: drop --stock-value, or use --method ilp")
        }
        Method::Events | Method::Labels => true,
        Method::Auto => v.stock_value.is_empty() && board.goods.len() <= sequences::MAX_GOODS,
    };
    // --time-limit covers the whole command: the ILP after the event search gets what
    // the search left.
    let began = std::time::Instant::now();
    let mut opts = common.solve_options();
    // The better of the greedy and the trip planner's plans is the first plan to beat.
    let mut hint = first_incumbent(board, rules, board.square(start)?, steps);
    let left = |limit: Option<f64>| limit.map(|l| (l - began.elapsed().as_secs_f64()).max(0.0));
    let mut stopped = false;
    if events && method != Method::Events && common.emit_jobs.is_none() {
        let (env, plan, halted) = labels_bound(board, rules, start, steps, &hint, &v, common)?;
        if env.status == Status::Optimal || (halted && method == Method::Labels) {
            return Ok(env);
        }
        (hint, stopped) = (plan, halted);
    }
    if events && !stopped {
        let limit = left(opts.time_limit);
        let (env, plan) = events_bound(board, rules, start, steps, &hint, &v, common, limit)?;
        if env.status == Status::Optimal || method != Method::Auto {
            return Ok(env);
        }
        if let Some(limit) = common.part_limit.or(common.time_limit) {
            let left = limit - began.elapsed().as_secs_f64();
            if left < 1.0 {
                common.note(
                    "traveller: --time-limit reached in the event search; its best plan, \
                     without a bound",
                );
                return Ok(env);
            }
            opts.time_limit = Some(left);
        }
        common.note(format!(
            "traveller: the event search did not finish; the ILP now with the {} s left, \
             from the search's best plan",
            opts.time_limit
                .map_or("unlimited".into(), |s| format!("{s:.0}"))
        ));
        hint = plan;
    }
    let objective = model::Objective {
        stock_value: v.stock_values(board)?,
        ..Default::default()
    };
    common.note(format!(
        "traveller: solving board {} from square {start}, {steps} steps …",
        board.name
    ));
    let b = model::solve_with(
        board,
        rules,
        board.square(start)?,
        steps,
        &objective,
        Some(&hint),
        &opts,
        tuning,
    )?;
    let rp = engine::replay(board, rules, start, &b.plan)?;
    if let Some((i, e)) = &rp.illegal {
        bail!(
            "the model's plan breaks a rule at step {} `{}`: {e} (a bug in the model)",
            i + 1,
            b.plan[*i]
        );
    }
    let worth = v.worth(board, rp.last())?;
    let claimed = b.report.objective.unwrap_or(f64::NAN);
    if (worth - claimed).abs() > 1e-6 * claimed.abs().max(1.0) {
        bail!(
            "the model's plan replays to £{worth}, but the solver claims £{claimed} (a bug in \
             the model)"
        );
    }
    let mut env = Envelope::from_report(
        "traveller",
        serde_json::to_value(&v)?,
        v.objective(),
        &b.report,
        serde_json::to_value(payload(board, "ilp", &b.plan, rp.last()))?,
    );
    // The referee's value is exact; the solver's differs only by floating-point noise.
    env.value = Some(worth);
    if b.report.proven() {
        let mut p: super::episode::Payload = env.payload_as()?;
        let mut proof = crate::proof::whole(&b.report, worth, None, &opts);
        // The model's own option (see `model::solve_with`).
        proof.highs.insert("mip_lp_solver".into(), "ipm".into());
        p.proof = Some(proof);
        env.payload = serde_json::to_value(p)?;
    }
    Ok(env)
}

/// With `--out`, every better plan of a search is written there at once (as "best found"),
/// so a long search that is stopped loses no plan; the final episode replaces it.
fn keeper<'a>(
    board: &'a Board,
    rules: &'a Rules,
    start: u32,
    v: &'a Variant,
    common: &'a Common,
    trader: &'a str,
) -> impl Fn(&[Action], f64) + 'a {
    move |plan: &[Action], cash: f64| {
        let Some(path) = &common.out else { return };
        let written = (|| -> Result<()> {
            let rp = engine::replay(board, rules, start, plan)?;
            let mut p = payload(board, trader, plan, rp.last());
            p.search = Some("the search was still running when this plan was found".into());
            let env = game_episode(v, cash, p)?;
            crate::interrupt::offer(&env, path);
            crate::cli::save_episode(path, &env)?;
            Ok(())
        })();
        if let Err(e) = written {
            eprintln!(
                "gamebounds: could not write the better plan to {}: {e:#}",
                path.display()
            );
        }
    }
}

/// `bound --method labels`: the label-setting programme ([`sequences::solve_labels`]),
/// started from the better of the greedy and trip-planner plans. Proven when its escape
/// bound is not above the best plan; otherwise (or when `--time-limit` stops it) its best
/// plan, with no bound, for the event search to start from.
fn labels_bound(
    board: &Board,
    rules: &Rules,
    start: u32,
    steps: usize,
    hint: &[Action],
    v: &Variant,
    common: &Common,
) -> Result<(Envelope, Vec<Action>, bool)> {
    common.note(format!(
        "traveller: labelling single-load plans on board {} from square {start}, {steps} \
         steps …",
        board.name
    ));
    let opts = common.solve_options();
    let keep = keeper(board, rules, start, v, common, "labels");
    keep_start(&keep, board, rules, start, hint, steps);
    let square = board.square(start)?;
    let o = sequences::solve_labels(
        board,
        rules,
        square,
        steps,
        hint,
        opts.time_limit,
        Some(&keep),
    )?;
    let rp = engine::replay(board, rules, start, &o.plan)?;
    if rp.illegal.is_some() || o.plan.len() > steps {
        bail!("the label method's plan is not legal within {steps} steps (a bug in the labels)");
    }
    let cash = rp.last().cash;
    let report = search_report(o.proven, cash, o.seconds, &opts, (0, 0, 0));
    let mut p = payload(board, "labels", &o.plan, rp.last());
    p.search = Some(sequences::labels_summary(&o));
    if o.proven {
        p.proof = Some(sequences::labels_record(cash, o.seconds, &opts));
    } else {
        common.note(format!(
            "traveller: {} (best £{} in {:.2} s); the event search now, from the labels' best \
             plan",
            p.search.as_deref().unwrap_or_default(),
            engine::money(cash),
            o.seconds
        ));
    }
    let env = search_episode(v, &report, p, cash)?;
    Ok((env, o.plan, o.stopped))
}

/// `bound --method events`: the search over event sequences, started from the better of
/// the greedy and trip-planner plans. Proven when every sequence is settled; a time limit
/// that stops it leaves the best plan found, with no bound.
#[allow(clippy::too_many_arguments)]
fn events_bound(
    board: &Board,
    rules: &Rules,
    start: u32,
    steps: usize,
    hint: &[Action],
    v: &Variant,
    common: &Common,
    time_limit: Option<f64>,
) -> Result<(Envelope, Vec<Action>)> {
    // (`join` searches nothing: it reads the branches' answers, or refuses the set.)
    if !crate::jobs::parts::joining() {
        common.note(format!(
            "traveller: searching every event sequence on board {} from square {start}, \
             {steps} steps …",
            board.name
        ));
    }
    let mut opts = common.solve_options();
    opts.time_limit = time_limit;
    let keep = keeper(board, rules, start, v, common, "events");
    keep_start(&keep, board, rules, start, hint, steps);
    let o = sequences::solve_keeping(
        board,
        rules,
        board.square(start)?,
        steps,
        hint,
        &opts,
        &keep,
    )?;
    let rp = engine::replay(board, rules, start, &o.plan)?;
    if rp.illegal.is_some() || o.plan.len() > steps {
        bail!("the event search's plan is not legal within {steps} steps (a bug in the search)");
    }
    let cash = rp.last().cash;
    // The largest LP or MIP HiGHS solved; the sequences are counted in the payload.
    let integers = if o.mips > 0 { o.longest } else { 0 };
    let sizes = (o.rows, o.longest, integers);
    let report = search_report(o.proven, cash, o.seconds, &opts, sizes);
    let mut p = payload(board, "events", &o.plan, rp.last());
    p.search = Some(format!(
        "{} sequences ending in a sale{}: {} needed their LP, {} their MIP; {} prefixes cut \
         by the relaxed future",
        o.sequences,
        if o.proven {
            ""
        } else {
            ", stopped by the time limit"
        },
        o.lps,
        o.mips,
        o.cut
    ));
    if o.proven {
        let square = board.square(start)?;
        p.proof = Some(sequences::record(
            board,
            rules,
            square,
            cash,
            &o.branches,
            &opts,
        ));
    }
    let env = search_episode(v, &report, p, cash)?;
    Ok((env, o.plan))
}

/// The starting plan is the first game kept (an interrupt writes it), when it is legal
/// within `steps`.
fn keep_start(
    keep: &impl Fn(&[Action], f64),
    board: &Board,
    rules: &Rules,
    start: u32,
    hint: &[Action],
    steps: usize,
) {
    if let Ok(rp) = engine::replay(board, rules, start, hint) {
        if rp.illegal.is_none() && hint.len() <= steps {
            keep(hint, rp.last().cash);
        }
    }
}

/// The episode of an exact search's plan worth `cash` (the referee's value).
fn search_episode(
    v: &Variant,
    report: &SolveReport,
    p: super::episode::Payload,
    cash: f64,
) -> Result<Envelope> {
    let mut env = Envelope::from_report(
        "traveller",
        serde_json::to_value(v)?,
        v.objective(),
        report,
        serde_json::to_value(p)?,
    );
    env.value = Some(cash);
    Ok(env)
}

/// The report of an exact search's plan worth `cash` (proven: no plan beats it). `sizes`:
/// the rows, columns and integers of the largest model it solved (zeros for none).
fn search_report(
    proven: bool,
    cash: f64,
    seconds: f64,
    opts: &crate::lp::SolveOptions,
    (rows, columns, integers): (usize, usize, usize),
) -> SolveReport {
    SolveReport {
        status: if proven {
            Status::Optimal
        } else {
            Status::Feasible
        },
        objective: Some(cash),
        bound: proven.then_some(cash),
        gap: proven.then_some(0.0),
        seconds,
        nodes: None,
        rows,
        columns,
        integers,
        threads: opts.threads,
        seed: opts.seed,
        time_limit: opts.time_limit,
    }
}

/// The richer of the greedy plan and the trip planner's plan (both replayed by the
/// referee; an illegal one is not used).
pub(super) fn first_incumbent(
    board: &Board,
    rules: &Rules,
    start: usize,
    steps: usize,
) -> Vec<Action> {
    let worth = |plan: &[Action]| -> f64 {
        match engine::replay(board, rules, board.ids[start], plan) {
            Ok(rp) if rp.illegal.is_none() && plan.len() <= steps => rp.last().cash,
            _ => f64::NEG_INFINITY,
        }
    };
    let greedy = greedy::plan(board, rules, start, steps);
    let trips = trips::plan(board, rules, start, steps);
    if worth(&trips) > worth(&greedy) {
        trips
    } else {
        greedy
    }
}
