//! A timing sweep of `goal` over every rule subset that changes a goal (not a test of
//! speed: it only prints). Run with
//! `cargo test --release --test haggle_sweep -- --ignored --nocapture`.

use gamebounds::haggle::bench::goal_subsets;
use gamebounds::haggle::player;
use gamebounds::haggle::rules::{Hand, Variant};
use gamebounds::lp::SolveOptions;

#[repr(C)]
struct Timespec {
    sec: i64,
    nsec: i64,
}
extern "C" {
    fn clock_gettime(clock: i32, ts: *mut Timespec) -> i32;
}
/// CPU seconds of this process (less disturbed by other jobs than wall time).
fn cpu() -> f64 {
    let mut ts = Timespec { sec: 0, nsec: 0 };
    // SAFETY: CLOCK_PROCESS_CPUTIME_ID = 2; ts is a valid timespec.
    unsafe { clock_gettime(2, &mut ts) };
    ts.sec as f64 + ts.nsec as f64 * 1e-9
}

#[test]
#[ignore = "timing sweep: prints the slowest rule subsets"]
fn goal_sweep_prints_slowest() {
    let hands: Vec<(String, usize, Variant)> = std::env::var("SWEEP")
        .unwrap_or_else(|_| "3/1/3/3/2:15:standard,1/4/0/2/3:15:standard,2/2/2/2/2:4:spec".into())
        .split(',')
        .map(|s| {
            let p: Vec<&str> = s.split(':').collect();
            let v = if p[2] == "spec" {
                Variant::spec_tests()
            } else {
                Variant::standard().unwrap()
            };
            (p[0].to_string(), p[1].parse().unwrap(), v)
        })
        .collect();
    let repeats: usize = std::env::var("REPEATS").map_or(2, |r| r.parse().unwrap());
    let top: usize = std::env::var("TOP").map_or(15, |r| r.parse().unwrap());
    let quiet = SolveOptions::quiet();
    // OTHERS=H,H,..: the other hands as given (rules 6, 7, 8, 12 then count).
    let others: Option<Vec<Hand>> = std::env::var("OTHERS")
        .ok()
        .map(|o| o.split(',').map(|h| Hand::parse(h).unwrap()).collect());
    for (hand, players, v) in hands {
        let hand = Hand::parse(&hand).unwrap();
        let t = std::time::Instant::now();
        let mut times = Vec::new();
        let only: Option<Vec<gamebounds::haggle::rules::RuleSet>> =
            std::env::var("ONLY").ok().map(|o| {
                o.split(';')
                    .map(|r| gamebounds::haggle::rules::RuleSet::parse(r).unwrap())
                    .collect()
            });
        for known in only.clone().unwrap_or_else(goal_subsets) {
            let (mut wall, mut cpu_ms) = (f64::INFINITY, f64::INFINITY);
            for _ in 0..repeats {
                let (w, c) = (std::time::Instant::now(), cpu());
                player::goal(known, &hand, players, others.as_deref(), &v, &quiet).unwrap();
                wall = wall.min(w.elapsed().as_secs_f64() * 1e3);
                cpu_ms = cpu_ms.min((cpu() - c) * 1e3);
            }
            times.push((cpu_ms, wall, known));
        }
        times.sort_by(|a, b| b.0.total_cmp(&a.0));
        let stats = |mut ms: Vec<f64>| {
            ms.sort_by(|a, b| a.total_cmp(b));
            format!(
                "median {:.2}, p90 {:.2}, p99 {:.2}, max {:.2}, over 10 ms: {}",
                ms[ms.len() / 2],
                ms[ms.len() * 9 / 10],
                ms[ms.len() * 99 / 100],
                ms[ms.len() - 1],
                ms.iter().filter(|&&x| x > 10.0).count()
            )
        };
        println!(
            "hand {hand}, {players} players, {} ({:.1} s, load {}):\n  cpu ms: {}\n  wall ms: {}",
            v.name,
            t.elapsed().as_secs_f64(),
            std::fs::read_to_string("/proc/loadavg")
                .unwrap_or_default()
                .trim(),
            stats(times.iter().map(|x| x.0).collect()),
            stats(times.iter().map(|x| x.1).collect()),
        );
        for (c, w, r) in times.iter().take(top) {
            println!("  {c:7.2} cpu {w:7.2} wall  {r}");
        }
    }
}
