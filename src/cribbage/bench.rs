//! `cribbage bench`: the speed targets of the issue, measured and written to
//! `results/bench-cribbage.md`. Medians of repeated runs; the machine is shared, so
//! the numbers are noisy and said to be.

use std::path::Path;
use std::time::Instant;

use anyhow::Result;

use super::analysis::{self, Role};
use super::cli::max_episode;
use super::engine::Scorer;
use super::rules::{parse_cards, Query, QuerySpec};
use super::ruleset::{CribbageRules, Flush};
use super::table::{self, Tables};
use crate::cli::Common;
use crate::lp::SolveOptions;
use crate::render::table;
use crate::rng::Rng;

fn median(mut xs: Vec<f64>) -> f64 {
    xs.sort_by(|a, b| a.partial_cmp(b).unwrap());
    let n = xs.len();
    if n % 2 == 1 {
        xs[n / 2]
    } else {
        (xs[n / 2 - 1] + xs[n / 2]) / 2.0
    }
}

fn time<T>(repeat: usize, mut f: impl FnMut() -> T) -> (f64, T) {
    let mut times = Vec::new();
    let mut last = None;
    for _ in 0..repeat {
        let t = Instant::now();
        let out = f();
        times.push(t.elapsed().as_secs_f64());
        last = Some(out);
    }
    (median(times), last.expect("repeat ≥ 1"))
}

pub fn run(file: &Path, repeat: usize, common: &Common) -> Result<()> {
    let mut rows: Vec<[String; 3]> = Vec::new();
    let mut add = |what: &str, value: String, target: &str| {
        common.note(format!("{what}: {value}"));
        rows.push([what.to_string(), value, target.to_string()]);
    };
    Scorer::get(); // the table is built once, outside the timings
    let std = CribbageRules::default();
    let three = CribbageRules {
        players: 3,
        ..CribbageRules::default()
    };

    bench_scoring(repeat, &std, &mut add);
    bench_discard(repeat, &std, &three, &mut add)?;
    let opts = SolveOptions::quiet();
    bench_ilp_queries(repeat, &std, &opts, &mut add)?;
    bench_random_queries(&std, &opts, &mut add);
    bench_discard_tables(&std, &mut add);

    let md = format!(
        "# cribbage — benchmarks\n\n`gamebounds cribbage bench` (release build). Medians of \
         {repeat} runs unless the row says otherwise (discard hand-only: {} runs; ILP: up to \
         3 runs; discard-table: 1 run; the 50 random queries: one run each, infeasible ones excluded from the times). The machine has 2 cores shared with other jobs, so \
         the numbers are noisy and pessimistic.\n\n{}\n",
        repeat * 20,
        table(["measurement", "result", "target"], rows)
    );
    common.write_report(file, &md)?;
    print!("{md}");
    Ok(())
}

/// Scoring speed on one core (2 M seeded random pairs, then every pair in order) and
/// the hand and crib distributions on 2 cores; each row goes to `add`.
fn bench_scoring(repeat: usize, std: &CribbageRules, add: &mut impl FnMut(&str, String, &str)) {
    // Scoring on one core: random pairs through the general entry point.
    let mut rng = Rng::new(1);
    let pairs: Vec<([u8; 4], u8)> = (0..2_000_000)
        .map(|_| {
            let mut deck: Vec<u8> = (0..52).collect();
            for i in 0..5 {
                let j = i + rng.index(52 - i);
                deck.swap(i, j);
            }
            ([deck[0], deck[1], deck[2], deck[3]], deck[4])
        })
        .collect();
    let sc = Scorer::get();
    let (t, sum) = time(repeat, || {
        pairs
            .iter()
            .map(|&(h, s)| sc.score(h, s, Flush::FourOrFive) as u64)
            .sum::<u64>()
    });
    add(
        "scoring, random pairs, 1 core",
        format!(
            "{:.1} M pairs/s (checksum {sum})",
            pairs.len() as f64 / t / 1e6
        ),
        "≥ 20 M/s",
    );
    let (t, d) = time(repeat, || analysis::distribution(false, std, 1));
    add(
        "scoring, all pairs in order (distribution on 1 core)",
        format!("{:.1} M pairs/s ({:.3} s)", d.pairs as f64 / t / 1e6, t),
        "≥ 20 M/s",
    );
    let (t, _) = time(repeat, || analysis::distribution(false, std, 2));
    add(
        "distribution (hand), 2 cores",
        format!("{:.3} s", t),
        "< 1 s",
    );
    let (t, _) = time(repeat, || analysis::distribution(true, std, 2));
    add(
        "distribution (crib), 2 cores",
        format!("{:.3} s", t),
        "< 1 s",
    );
}

/// The best discard for fixed deals: hand only, as dealer (with the crib), and a
/// 5-card deal for three players as pone.
fn bench_discard(
    repeat: usize,
    std: &CribbageRules,
    three: &CribbageRules,
    add: &mut impl FnMut(&str, String, &str),
) -> Result<()> {
    let deal = parse_cards(&["2C 4H 6D 8H 2S JC"])?;
    let (t, _) = time(repeat * 20, || analysis::discard(&deal, Role::None, std));
    add(
        "discard 2C 4H 6D 8H 2S JC, hand only",
        format!("{:.3} ms", t * 1e3),
        "< 1 ms",
    );
    let (t, _) = time(repeat * 2, || analysis::discard(&deal, Role::Dealer, std));
    add(
        "discard 2C 4H 6D 8H 2S JC --dealer (with crib)",
        format!("{:.1} ms", t * 1e3),
        "< 50 ms",
    );
    let five = parse_cards(&["5H 5S JD QC KC"])?;
    let (t, _) = time(repeat, || analysis::discard(&five, Role::Pone, three));
    add(
        "discard 5H 5S JD QC KC --pone (5-card deal, with crib)",
        format!("{:.1} ms", t * 1e3),
        "(none)",
    );
    Ok(())
}

/// The ILP for four fixed `max` queries: wall time (median of up to 3 runs), time
/// inside HiGHS and the value found.
fn bench_ilp_queries(
    repeat: usize,
    std: &CribbageRules,
    opts: &SolveOptions,
    add: &mut impl FnMut(&str, String, &str),
) -> Result<()> {
    let s = |v: &[&str]| v.iter().map(|x| x.to_string()).collect::<Vec<_>>();
    let spec =
        |contains: &[&str], without: &[&str], start: Option<&str>, from: &[&str]| QuerySpec {
            contains: s(contains),
            without: s(without),
            start: start.map(str::to_string),
            from: s(from),
            ..QuerySpec::default()
        };
    let queries = [
        ("max (unconstrained)", spec(&[], &[], None, &[]).to_query()?),
        ("max --without 5", spec(&[], &["5"], None, &[]).to_query()?),
        (
            "max --contains 7H --contains 8 --crib",
            QuerySpec {
                crib: true,
                ..spec(&["7H", "8"], &[], None, &[])
            }
            .to_query()?,
        ),
        (
            "max --from \"2C 4H 6D 8H 2S JC\" --start 9S",
            spec(&[], &[], Some("9S"), &["2C 4H 6D 8H 2S JC"]).to_query()?,
        ),
    ];
    for (name, q) in &queries {
        let mut solver = Vec::new();
        let (t, env) = time(repeat.min(3), || {
            let e = max_episode(q, std, false, opts);
            if let Ok(e) = &e {
                solver.push(e.solver.as_ref().map(|s| s.seconds).unwrap_or(0.0));
            }
            e
        });
        let env = env?;
        add(
            &format!("ILP {name}"),
            format!(
                "{:.2} s wall ({:.2} s in HiGHS), value {}",
                t,
                median(solver),
                env.value.unwrap_or(f64::NAN)
            ),
            "< 2 s",
        );
    }
    Ok(())
}

/// The ILP for the 50 seeded random constrained queries of the ILP-vs-enumeration test:
/// median and worst time over the feasible ones.
fn bench_random_queries(
    std: &CribbageRules,
    opts: &SolveOptions,
    add: &mut impl FnMut(&str, String, &str),
) {
    let mut rng = Rng::new(2026);
    let mut secs = Vec::new();
    let mut infeasible = 0;
    for _ in 0..50 {
        let q = Query::random(&mut rng);
        let t = Instant::now();
        match max_episode(&q, std, false, opts) {
            Ok(_) => secs.push(t.elapsed().as_secs_f64()),
            Err(_) => infeasible += 1,
        }
    }
    let worst = secs.iter().copied().fold(0.0, f64::max);
    add(
        "ILP, 50 seeded random constrained queries",
        format!(
            "median {:.2} s, max {:.2} s over {} feasible ({} proven infeasible)",
            median(secs.clone()),
            worst,
            secs.len(),
            infeasible
        ),
        "< 2 s",
    );
}

/// The whole discard table, one run each: by suit classes, as dealer (with the crib),
/// and over every deal (the cross-check).
fn bench_discard_tables(std: &CribbageRules, add: &mut impl FnMut(&str, String, &str)) {
    let (t, _) = time(1, || {
        let tables = Tables::build(Role::None, std, 2);
        table::discard_table(&tables, std, Role::None, true, 2)
    });
    add(
        "discard-table (suit classes, 2 cores)",
        format!("{:.2} s", t),
        "minutes at most",
    );
    let (t, _) = time(1, || {
        let tables = Tables::build(Role::Dealer, std, 2);
        table::discard_table(&tables, std, Role::Dealer, true, 2)
    });
    add(
        "discard-table --dealer (crib by inclusion–exclusion, 2 cores)",
        format!("{:.2} s", t),
        "(none)",
    );
    let (t, _) = time(1, || {
        let tables = Tables::build(Role::None, std, 2);
        table::discard_table(&tables, std, Role::None, false, 2)
    });
    add(
        "discard-table, every deal (cross-check, 2 cores)",
        format!("{:.2} s", t),
        "(none)",
    );
}
