//! The generated reports: `results/lost-cities.md` (with the episodes in `games/`) and
//! `results/bench-lost-cities.md`. Every number in them comes from a run of this code.

use std::path::Path;
use std::time::Instant;

use anyhow::Result;

use super::bots::{by_name, play_game};
use super::bounds::{self, deck_from_seed};
use super::rules::Rules;
use super::tournament;
use crate::cli::Common;
use crate::lp::Sense;
use crate::render::table;

fn median(mut xs: Vec<f64>) -> f64 {
    xs.sort_by(|a, b| a.partial_cmp(b).unwrap());
    xs[xs.len() / 2]
}

pub fn bench(repeat: usize, common: &Common) -> Result<String> {
    let rules = Rules::classic(5)?;
    let mut opts = common.solve_options();
    opts.quiet = true;
    let mut rows = Vec::new();
    for (strong, label) in [("careful", "careful"), ("lookahead", "lookahead")] {
        let mut games = Vec::new();
        for _ in 0..repeat {
            let t0 = Instant::now();
            let mut a = by_name(strong)?;
            let mut b = by_name("dumb")?;
            let mut deck_rng = crate::rng::Rng::new(1);
            for g in 0..1000 {
                let mut deck = rules.full_deck();
                deck_rng.shuffle(&mut deck);
                let s = if g % 2 == 0 {
                    play_game(&rules, deck, [a.as_mut(), b.as_mut()])?
                } else {
                    play_game(&rules, deck, [b.as_mut(), a.as_mut()])?
                };
                std::hint::black_box(s.score(0));
            }
            games.push(t0.elapsed().as_secs_f64());
        }
        rows.push(vec![
            format!("1000 games {label} vs dumb (5 colours, no bounds)"),
            format!("{:.3} s", median(games)),
        ]);
    }
    for colours in [5, 6] {
        let r = Rules::classic(colours)?;
        for (sense, name) in [(Sense::Maximise, "max"), (Sense::Minimise, "min")] {
            let mut solve = Vec::new();
            let mut total = Vec::new();
            for _ in 0..repeat {
                let t0 = Instant::now();
                let env = bounds::free_bound(&r, sense, &opts)?;
                total.push(t0.elapsed().as_secs_f64());
                solve.push(env.solver.as_ref().map(|s| s.seconds).unwrap_or(0.0));
            }
            rows.push(vec![
                format!("bound --colours {colours} --objective {name}: HiGHS solve / whole (ILP + construction + replay)"),
                format!("{:.4} s / {:.4} s", median(solve), median(total)),
            ]);
        }
    }
    let mut solve = Vec::new();
    let mut total = Vec::new();
    for seed in 1..=10u64 {
        let t0 = Instant::now();
        let env = bounds::fixed_bound(&rules, &deck_from_seed(&rules, seed), Some(seed), 8, &opts)?;
        total.push(t0.elapsed().as_secs_f64());
        solve.push(env.solver.as_ref().map(|s| s.seconds).unwrap_or(0.0));
    }
    rows.push(vec![
        "bound --seed 1..10: relaxation HiGHS solve / whole (ILP runs + planner + replay)"
            .to_string(),
        format!("{:.4} s / {:.4} s", median(solve), median(total)),
    ]);
    let t0 = Instant::now();
    tournament::run(&rules, "lookahead", "dumb", 1000, 1, 20, &opts)?;
    let tour = t0.elapsed().as_secs_f64();
    rows.push(vec![
        "tournament lookahead,dumb --games 1000 (with bounds, planner on 20 deals)".to_string(),
        format!("{tour:.3} s"),
    ]);
    Ok(format!(
        "# lost-cities — benchmark\n\nMedians of {repeat} run(s) (fixed-deck: median over seeds \
         1–10; tournament: one run). Release build, HiGHS with 1 thread, on a 2-core machine \
         shared with other jobs: expect noise.\n\n{}\n\nRegenerate: `gamebounds lost-cities bench`.\n",
        table(["what", "time"], rows)
    ))
}

/// Fixed decks checked per edition in the results (the table shows the first 20).
const SEEDS: u64 = 60;

/// The report to be written as `report` (its pictures are linked relative to it).
pub fn results(games_dir: &Path, report: &Path, common: &Common) -> Result<String> {
    let mut opts = common.solve_options();
    opts.quiet = true;
    let mut out = String::from(
        "# lost-cities — results\n\nRegenerate: `gamebounds lost-cities results` (also in \
         `make results`). Every game below was replayed by the referee.\n\n## Free deck order, \
         cooperating opponent (player 1)\n\n",
    );
    let mut rows = Vec::new();
    let mut pictures = String::new();
    for colours in [5, 6] {
        let rules = Rules::classic(colours)?;
        for (sense, name) in [(Sense::Maximise, "max"), (Sense::Minimise, "min")] {
            let env = bounds::free_bound(&rules, sense, &opts)?;
            let cert = bounds::verify(&env)?;
            let p: super::episode::BoundPayload = env.payload_as()?;
            let file = games_dir.join(format!("lost-cities-{colours}-{name}.json"));
            let (_, svg) = crate::cli::save_episode(&file, &env)?;
            if sense == Sense::Maximise {
                pictures += &format!(
                    "![{colours} colours, the maximum]({})\n\n",
                    crate::cli::relative(report, &svg)
                );
            }
            rows.push(vec![
                format!("{colours} colours"),
                name.to_string(),
                crate::render::verdict(&env),
                p.expeditions
                    .iter()
                    .filter(|e| !e.is_empty())
                    .cloned()
                    .collect::<Vec<_>>()
                    .join(" / "),
                format!("{} turns", p.record.moves.len()),
                if cert.contains("proven optimum") {
                    "yes".into()
                } else {
                    "no".into()
                },
                file.display().to_string(),
            ]);
        }
    }
    out += &table(
        [
            "variant",
            "objective",
            "result",
            "player 1's expeditions",
            "game",
            "referee agrees",
            "episode",
        ],
        rows,
    );
    out += "\n\nThe maximum games' expeditions (both players; the opponent cooperates by \
            playing none):\n\n";
    out += pictures.trim_end();
    out += "\n\n## Fixed deck orders\n\nUpper bound: the ILP relaxation (card \
            order dropped, the last card of the draw pile excluded). Lower bound: the best game \
            of the cooperative planner, replayed by the referee. Where they meet, the value is \
            the proven optimum for that deck.\n\n";
    let mut rows = Vec::new();
    let mut summary = Vec::new();
    for colours in [5usize, 6] {
        let rules = Rules::classic(colours)?;
        let mut closed = 0;
        let mut open = Vec::new();
        for seed in 1..=SEEDS {
            let env =
                bounds::fixed_bound(&rules, &deck_from_seed(&rules, seed), Some(seed), 8, &opts)?;
            bounds::verify(&env)?;
            if seed == 1 {
                let file = games_dir.join(format!("lost-cities-{colours}-seed-1.json"));
                crate::cli::save_episode(&file, &env)?;
            }
            let (v, b) = (env.value.unwrap_or(0.0), env.bound.unwrap_or(0.0));
            if (b - v).abs() < 1e-9 {
                closed += 1;
            } else {
                open.push(format!(
                    "seed {seed}: {} of {}",
                    crate::render::num(v),
                    crate::render::num(b)
                ));
            }
            if seed > 20 {
                continue;
            }
            let p: super::episode::BoundPayload = env.payload_as()?;
            rows.push(vec![
                format!("{colours} colours"),
                seed.to_string(),
                crate::render::num(b),
                crate::render::num(v),
                crate::render::num(b - v),
                p.record.moves.len().to_string(),
                p.runs.unwrap_or(0).to_string(),
            ]);
        }
        summary.push(format!(
            "{colours} colours: {closed} of {SEEDS}{}",
            if open.is_empty() {
                String::new()
            } else {
                format!(" (open: {})", open.join(", "))
            }
        ));
    }
    out += &table(
        [
            "variant",
            "seed",
            "upper bound",
            "planner game",
            "gap",
            "turns",
            "planner runs",
        ],
        rows,
    );
    out += &format!(
        "\n\nThe table shows seeds 1–20; over seeds 1–{SEEDS} the gap is closed (a proven \
         optimum for that deck) on {}.\n\n",
        summary.join("; ")
    );
    let rules = Rules::classic(5)?;
    out += "## Tournaments (5 colours, seed 1, 1000 games each)\n\n";
    for (a, b, sample) in [
        ("lookahead", "dumb", 20),
        ("careful", "dumb", 0),
        ("lookahead", "careful", 0),
    ] {
        let t = tournament::run(&rules, a, b, 1000, 1, sample, &opts)?;
        let md = tournament::markdown(&t);
        out += &format!(
            "### {a} vs {b}\n\n`gamebounds lost-cities tournament --bots {a},{b} --games 1000 --seed 1{}`\n\n",
            if sample == 20 { "" } else { " --planner-sample 0" }
        );
        // Drop the tournament's own title line.
        out += md.split_once("\n\n").map(|x| x.1).unwrap_or(&md);
        out += "\n";
    }
    Ok(out)
}
