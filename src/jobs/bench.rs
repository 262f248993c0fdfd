//! `gamebounds bench-parallel`: `--jobs 2` against `--jobs 1`, side by side in one run,
//! on a `compare --vary` grid, and the scaling of one Modern Art proof on paper from the
//! part times of the committed episodes; written to `results/bench-parallel.md`.

use std::path::Path;
use std::time::Instant;

use anyhow::{bail, Context, Result};
use serde_json::Value;

use crate::cli::Common;

/// The grid: Traveller's committed variants (`make variants`), 9 cells of about a second.
const GRID: [&str; 14] = [
    "traveller",
    "compare",
    "--board",
    "models/traveller/classic.pl",
    "--steps",
    "50",
    "--vary",
    "capacity=500,1000,2000",
    "--vary",
    "tank=10,20,30",
    "--set",
    "fuel=10",
    "--time-limit",
    "120",
];

/// The core counts of the estimate on paper.
const CORES: [usize; 5] = [2, 8, 64, 512, 1_000_000];

/// One timed run of the grid: wall seconds, and each cell's seconds and value.
struct Run {
    wall: f64,
    cells: Vec<(f64, Option<f64>)>,
}

fn run_grid(jobs: usize) -> Result<Run> {
    let exe = std::env::current_exe()?;
    let t0 = Instant::now();
    let out = std::process::Command::new(exe)
        .args(GRID)
        .args(["--quiet", "--json", "--jobs", &jobs.to_string()])
        .output()
        .context("cannot run the grid")?;
    let wall = t0.elapsed().as_secs_f64();
    if !out.status.success() {
        bail!(
            "the grid with --jobs {jobs} failed: {}",
            String::from_utf8_lossy(&out.stderr).trim()
        );
    }
    let rows: Vec<Value> = serde_json::from_slice(&out.stdout)?;
    let cells = rows
        .iter()
        .map(|r| (r["seconds"].as_f64().unwrap_or(0.0), r["value"].as_f64()))
        .collect();
    Ok(Run { wall, cells })
}

/// The least wall time of `times` on `p` cores, each unit on one core: the longest unit,
/// or the total shared evenly, whichever is more (a bound a good schedule comes close to).
fn on_paper(times: &[f64], p: usize) -> f64 {
    let total: f64 = times.iter().sum();
    let longest = times.iter().copied().fold(0.0, f64::max);
    longest.max(total / p as f64)
}

fn cores_name(p: usize) -> String {
    if p >= 1_000_000 {
        "∞".into()
    } else {
        p.to_string()
    }
}

/// The estimate rows of one list of unit times: cores, seconds, speed-up.
fn estimate(times: &[f64]) -> String {
    let total: f64 = times.iter().sum();
    let rows = CORES.iter().map(|&p| {
        let t = on_paper(times, p);
        vec![
            cores_name(p),
            format!("{t:.1}"),
            format!("{:.2}×", total / t),
        ]
    });
    crate::render::table(["cores", "seconds", "speed-up"], rows)
}

/// The part times of a committed Modern Art proof: (value, total seconds, part seconds).
fn proof_parts(file: &Path) -> Result<(f64, f64, Vec<f64>)> {
    let env = crate::episode::Envelope::load(file)?;
    let parts: Vec<f64> = env
        .payload
        .pointer("/proof/parts")
        .and_then(Value::as_array)
        .map(|a| a.iter().filter_map(|p| p["seconds"].as_f64()).collect())
        .unwrap_or_default();
    let total = env.solver.as_ref().map_or(0.0, |s| s.seconds);
    Ok((env.value.unwrap_or(0.0), total, parts))
}

/// Run the benchmark and write the report to `out`.
pub fn run(common: &Common, out: &Path) -> Result<()> {
    let load = std::fs::read_to_string("/proc/loadavg").unwrap_or_default();
    common.note("bench-parallel: the grid with --jobs 1, then --jobs 2");
    let one = run_grid(1)?;
    let two = run_grid(2)?;
    let same = one
        .cells
        .iter()
        .map(|c| c.1)
        .eq(two.cells.iter().map(|c| c.1));
    let speed = one.wall / two.wall;
    let cell_times: Vec<f64> = one.cells.iter().map(|c| c.0).collect();
    let mut proofs = String::new();
    let mut caps = Vec::new();
    for n in [3, 5] {
        let file = Path::new("games").join(format!("modern-art-{n}p-standard.json"));
        let (value, total, parts) = proof_parts(&file)?;
        let longest = parts.iter().copied().fold(0.0, f64::max);
        let sum: f64 = parts.iter().sum();
        caps.push(format!("{:.2}× for {n} players", sum / longest.max(1e-9)));
        proofs.push_str(&format!(
            "### {n} players, standard ({value} proven in {total:.1} s; `{}`)\n\n\
             {} parts; the longest {longest:.1} s ({:.0}% of the proof; it is the part that \
             finds the maximum, the search included). The least wall time with each part \
             on its own core:\n\n{}\n\n",
            file.display(),
            parts.len(),
            100.0 * longest / sum.max(1e-9),
            estimate(&parts)
        ));
    }
    let text = format!(
        "# Parallel runs: `--jobs 2` against `--jobs 1`\n\n\
         {date}, commit {commit}, {machine}; load average at the start: {load}.\n\
         Taken on a machine shared with other work: the timings are under load.\n\
         Regenerate: `make bench-parallel` (`gamebounds bench-parallel`).\n\n\
         ## A `compare --vary` grid (9 cells)\n\n\
         `gamebounds {grid}`, wall time of the whole command (process start to exit), \
         one run each, side by side:\n\n{table}\n\n\
         Speed-up {speed:.2}× (target ≥ 1.8×); the same values in every cell: {same}.\n\
         The cells' own times ({cells}) give on paper:\n\n{grid_est}\n\n\
         ## One Modern Art proof\n\n\
         `modern-art bound --jobs N` is not built yet: a proof's parts still run one after \
         another (each part is solved against the best game the parts before it found, so \
         running them at once changes which parts are skipped or closed, and with it the \
         episode's proof table). No `--jobs 2` time is measured; the estimate below is on \
         paper, from the part times of the committed episodes (the critical path: the \
         search and its part, which is the longest, then the rest shared out).\n\n\
         {proofs}\
         What would have to change to use more cores for one proof: the longest part \
         bounds the wall time ({caps} at most, whatever the cores), so that part itself must be split — by the rounds its artist leads (the \
         `tokens-leads` refinement applied before solving rather than after its LP), or \
         by a MIP run with HiGHS threads on it alone; the other parts need the best game \
         as their cutoff, so they should start once the first game is known and be \
         re-solved against a better one found later (as the sequential split does), with \
         the proof table built in part order so that the episode does not depend on \
         which part finished first.\n",
        date = crate::modern_art::solve::today(),
        commit = crate::modern_art::solve::commit(),
        machine = crate::modern_art::solve::machine(),
        load = load.split_whitespace().take(3).collect::<Vec<_>>().join(" "),
        grid = GRID.join(" "),
        table = crate::render::table(
            ["--jobs", "wall seconds"],
            [
                vec!["1".to_string(), format!("{:.2}", one.wall)],
                vec!["2".to_string(), format!("{:.2}", two.wall)],
            ],
        ),
        same = if same { "yes" } else { "NO" },
        cells = cell_times
            .iter()
            .map(|t| format!("{t:.2}"))
            .collect::<Vec<_>>()
            .join(", "),
        grid_est = estimate(&cell_times),
        caps = caps.join(", "),
    );
    common.write_report(out, &text)
}
