//! `haggle bench`: goal time for several rule subsets, trade-listing time, bound time for
//! N players (both objectives). Medians over repeats; the report notes the machine load.

use std::path::Path;
use std::time::Instant;

use anyhow::Result;

use super::cli::{bound_problem, BoundObjective, Formulation, HandIn};
use super::engine;
use super::player;
use super::rules::{Hand, RuleSet, Variant};
use crate::cli::Common;
use crate::lp::SolveOptions;
use crate::rng::Rng;

fn median(mut xs: Vec<f64>) -> f64 {
    xs.sort_by(|a, b| a.total_cmp(b));
    xs[xs.len() / 2]
}

/// Run the Haggle benchmarks and write the markdown report (one section per helper below).
pub fn run(repeats: usize, report: &Path, players: usize, common: &Common) -> Result<()> {
    let v = Variant::standard()?;
    let quiet = SolveOptions {
        quiet: true,
        ..common.solve_options()
    };
    let mut md = String::from("# Haggle benchmarks\n\n");
    md += &format!(
        "Written by `gamebounds haggle bench --repeats {repeats} --players {players}`: release \
         build, HiGHS with 1 thread, medians over {repeats} runs. The machine (2 cores) was \
         shared with other jobs; load average at start: {}.\n\n",
        std::fs::read_to_string("/proc/loadavg")
            .map(|s| s.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
            .unwrap_or_else(|_| "unknown".into())
    );

    let hand = Hand([3, 1, 3, 3, 2]);
    md += &bench_goal_fixed(repeats, &hand, &v, &quiet, common)?;
    md += &bench_goal_random(repeats, &hand, &v, &quiet, common)?;
    md += &bench_goal_all(&hand, &v, common)?;
    md += &bench_trades(repeats, &v, &quiet, common)?;
    md += &bench_bounds(repeats, players, &v, &quiet, common)?;
    md.push('\n');
    common.write_report(report, &md)?;
    print!("{md}");
    Ok(())
}

/// The `## goal` section: goal time (median of `repeats`) for a fixed list of rule
/// subsets, with each goal and its believed and true scores.
fn bench_goal_fixed(
    repeats: usize,
    hand: &Hand,
    v: &Variant,
    quiet: &SolveOptions,
    common: &Common,
) -> Result<String> {
    let mut md = String::new();
    // Goal: one ILP per rule subset.
    md += "## goal (hand 3/1/3/3/2, 15 players, other hands ignored)\n\n";
    let mut rows = Vec::new();
    for subset in [
        "1",
        "1,3",
        "1-3",
        "1,5,11,15",
        "4,5,10,13,14",
        "1-5,9-11,13-15",
        "1-15",
    ] {
        let known = RuleSet::parse(subset)?;
        let mut times = Vec::new();
        let mut last = None;
        for _ in 0..repeats {
            let t = Instant::now();
            let g = player::goal(known, hand, 15, None, v, quiet)?;
            times.push(t.elapsed().as_secs_f64() * 1e3);
            last = Some(g);
        }
        let g = last.unwrap();
        common.note(format!("goal {subset}: {:.2} ms", median(times.clone())));
        rows.push(vec![
            subset.to_string(),
            g.goal.to_string(),
            g.believed.to_string(),
            g.true_score.to_string(),
            format!("{:.2}", median(times)),
        ]);
    }
    md += &crate::render::table(
        ["known rules", "goal", "believed", "true", "median ms"],
        rows,
    );
    Ok(md)
}

/// The random-subsets section: goal time over 100 random rule subsets (seed 6), as
/// median, 90th percentile and slowest.
fn bench_goal_random(
    repeats: usize,
    hand: &Hand,
    v: &Variant,
    quiet: &SolveOptions,
    common: &Common,
) -> Result<String> {
    let mut md = String::new();
    // Goal over random rule subsets (each rule in with probability 1/2), same hand.
    let subsets = 100;
    md += &format!(
        "\n\n## goal over {subsets} random rule subsets (hand 3/1/3/3/2, 15 players, seed 6)\n\n"
    );
    let mut rng = Rng::new(6);
    let mut per_subset: Vec<(f64, String)> = Vec::new();
    for _ in 0..subsets {
        let rules: Vec<u8> = (1..=15).filter(|_| rng.below(2) == 1).collect();
        let known = RuleSet::from_list(&rules);
        let mut times = Vec::new();
        for _ in 0..repeats.min(3) {
            let t = Instant::now();
            player::goal(known, hand, 15, None, v, quiet)?;
            times.push(t.elapsed().as_secs_f64() * 1e3);
        }
        per_subset.push((median(times), known.to_string()));
    }
    per_subset.sort_by(|a, b| a.0.total_cmp(&b.0));
    let ms: Vec<f64> = per_subset.iter().map(|p| p.0).collect();
    let slowest: Vec<String> = per_subset
        .iter()
        .rev()
        .take(3)
        .map(|(t, r)| format!("{r} ({t:.2})"))
        .collect();
    common.note(format!(
        "goal, random subsets: median {:.2} ms, max {:.2} ms",
        median(ms.clone()),
        ms[ms.len() - 1]
    ));
    md += &crate::render::kv_table([
        (
            "median of per-subset medians, ms",
            format!("{:.2}", median(ms.clone())),
        ),
        (
            "90th percentile, ms",
            format!("{:.2}", ms[ms.len() * 9 / 10]),
        ),
        ("slowest, ms", format!("{:.2}", ms[ms.len() - 1])),
        (
            "subsets over 10 ms",
            ms.iter().filter(|&&t| t > 10.0).count().to_string(),
        ),
        ("slowest subsets (ms)", slowest.join(", ")),
    ]);
    Ok(md)
}

/// The all-subsets section: goal time over every rule subset of [`goal_subsets`] (best
/// of 2 runs each), as median, percentiles and slowest.
fn bench_goal_all(hand: &Hand, v: &Variant, common: &Common) -> Result<String> {
    let mut md = String::new();
    // Goal over every rule subset that can change a goal (the maximum is the target).
    let all = goal_subsets().len();
    md += &format!(
        "\n\n## goal over all {all} rule subsets that change a goal (rules 1-5, 9-11, 13, \
         14 in or out; 6-8, 12 need other hands, 15 always holds), hand 3/1/3/3/2, 15 \
         players, best of 2 runs each\n\n"
    );
    let sweep = goal_sweep(hand, 15, v, 2)?;
    let mut ms: Vec<f64> = sweep.iter().map(|p| p.0).collect();
    ms.sort_by(|a, b| a.total_cmp(b));
    let slowest: Vec<String> = sweep
        .iter()
        .take(3)
        .map(|(t, r)| format!("{r} ({t:.2})"))
        .collect();
    common.note(format!(
        "goal, all subsets: median {:.2} ms, max {:.2} ms",
        median(ms.clone()),
        ms[ms.len() - 1]
    ));
    md += &crate::render::kv_table([
        ("median ms", format!("{:.2}", median(ms.clone()))),
        (
            "90th percentile, ms",
            format!("{:.2}", ms[ms.len() * 9 / 10]),
        ),
        (
            "99th percentile, ms",
            format!("{:.2}", ms[ms.len() * 99 / 100]),
        ),
        ("slowest, ms", format!("{:.2}", ms[ms.len() - 1])),
        (
            "subsets over 10 ms",
            ms.iter().filter(|&&t| t > 10.0).count().to_string(),
        ),
        ("slowest subsets (ms)", slowest.join(", ")),
    ]);
    Ok(md)
}

/// The trade-listing section: time to list the acceptable trades of every pair of 15
/// players dealt with seed 1 (goals from their two rules).
fn bench_trades(
    repeats: usize,
    v: &Variant,
    quiet: &SolveOptions,
    common: &Common,
) -> Result<String> {
    let mut md = String::new();
    // Trade listing between dealt players.
    md += "\n\n## trade listing (15 players dealt with seed 1, goals from their two rules)\n\n";
    let mut rng = Rng::new(1);
    let seats = player::deal(15, &mut rng);
    let goals: Vec<Hand> = seats
        .iter()
        .map(|s| Ok(player::goal(s.known, &s.hand, 15, None, v, quiet)?.goal))
        .collect::<Result<_>>()?;
    let mut times = Vec::new();
    let mut counts = Vec::new();
    for a in 0..15 {
        for b in (a + 1)..15 {
            let mut ts = Vec::new();
            let mut n = 0;
            for _ in 0..repeats {
                let t = Instant::now();
                n = engine::acceptable_trades(
                    (&seats[a].hand, &goals[a]),
                    (&seats[b].hand, &goals[b]),
                )
                .len();
                ts.push(t.elapsed().as_secs_f64() * 1e3);
            }
            times.push(median(ts));
            counts.push(n);
        }
    }
    let max = times.iter().cloned().fold(0.0, f64::max);
    md += &crate::render::kv_table([
        ("pairs", times.len().to_string()),
        (
            "median ms per listing",
            format!("{:.3}", median(times.clone())),
        ),
        ("slowest listing ms", format!("{max:.3}")),
        (
            "median acceptable trades",
            format!("{}", {
                let mut c = counts.clone();
                c.sort_unstable();
                c[c.len() / 2]
            }),
        ),
        (
            "most acceptable trades",
            counts.iter().max().unwrap().to_string(),
        ),
    ]);
    common.note(format!("trades: median {:.3} ms", median(times)));
    Ok(md)
}

/// The bound section: time of the `players`-player bound for both objectives and both
/// hand-in rules, with model size and nodes.
fn bench_bounds(
    repeats: usize,
    players: usize,
    v: &Variant,
    quiet: &SolveOptions,
    common: &Common,
) -> Result<String> {
    let mut md = String::new();
    // Bounds.
    md += &format!("\n\n## bound ({players} players, all 15 rules, standard variant)\n\n");
    let mut rows = Vec::new();
    for (obj, hand_in) in [
        (BoundObjective::MaxPlayer, HandIn::Any),
        (BoundObjective::MaxPlayer, HandIn::All),
        (BoundObjective::MaxTotal, HandIn::Any),
        (BoundObjective::MaxTotal, HandIn::All),
    ] {
        let reps = repeats.min(3);
        let mut times = Vec::new();
        let mut last = None;
        for _ in 0..reps {
            let t = Instant::now();
            let env = super::cli::bound(players, obj, hand_in, Formulation::Auto, v, quiet)?;
            times.push(t.elapsed().as_secs_f64());
            last = Some(env);
        }
        let env = last.unwrap();
        let s = env.solver.clone().unwrap();
        let p = bound_problem(players, obj, hand_in, v);
        common.note(format!(
            "bound {} hand-in {:?}: {} in {:.2} s",
            super::cli::objective_name(obj),
            hand_in,
            crate::render::verdict(&env),
            median(times.clone())
        ));
        rows.push(vec![
            super::cli::objective_name(obj).to_string(),
            format!("{hand_in:?}").to_lowercase(),
            crate::render::verdict(&env),
            format!("{} × {} ({} integer)", s.rows, s.columns, s.integers),
            s.nodes.map(|n| n.to_string()).unwrap_or_default(),
            format!("{:.2}", median(times)),
            reps.to_string(),
        ]);
        let _ = p;
    }
    md += &crate::render::table(
        [
            "objective",
            "hand-in",
            "result",
            "rows × columns",
            "nodes",
            "median s (build + solve + re-score)",
            "runs",
        ],
        rows,
    );
    Ok(md)
}

/// Every rule subset that can change a goal when other hands are ignored: the subsets of
/// rules 1–5, 9–11, 13, 14 (1024). Rules 6, 7, 8 and 12 compare hands and are dropped
/// without other hands; rule 15 (13 cards) always holds for a goal.
pub fn goal_subsets() -> Vec<RuleSet> {
    let free: [u8; 10] = [1, 2, 3, 4, 5, 9, 10, 11, 13, 14];
    (0..1u32 << free.len())
        .map(|mask| {
            let rules: Vec<u8> = (0..free.len())
                .filter(|&b| mask & (1 << b) != 0)
                .map(|b| free[b])
                .collect();
            RuleSet::from_list(&rules)
        })
        .collect()
}

/// Milliseconds of one goal (the best of `repeats` runs: the least disturbed by other
/// jobs on a shared machine), for every rule subset of [`goal_subsets`]; slowest first.
pub fn goal_sweep(
    hand: &Hand,
    players: usize,
    v: &Variant,
    repeats: usize,
) -> Result<Vec<(f64, RuleSet)>> {
    let quiet = SolveOptions::quiet();
    let mut out = Vec::new();
    for known in goal_subsets() {
        let mut best = f64::INFINITY;
        for _ in 0..repeats.max(1) {
            let t = Instant::now();
            player::goal(known, hand, players, None, v, &quiet)?;
            best = best.min(t.elapsed().as_secs_f64() * 1e3);
        }
        out.push((best, known));
    }
    out.sort_by(|a, b| b.0.total_cmp(&a.0));
    Ok(out)
}
