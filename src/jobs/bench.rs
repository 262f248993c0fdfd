//! `gamebounds bench-parallel`: `--jobs 2` against `--jobs 1`, side by side in one run,
//! on a `compare --vary` grid, on the 3- and 5-player Modern Art standard proofs from
//! scratch and on one Traveller event search, with the scaling on paper from the measured
//! part times; written to `results/bench-parallel.md`.

use std::path::Path;
use std::time::Instant;

use anyhow::{bail, Context, Result};
use serde_json::Value;

use crate::cli::Common;

/// The grids: Traveller's committed variants (`make variants`), 9 cells, run at two
/// lengths: 50 steps (cells of about half a second, where a worker's start shows) and 70
/// steps (cells of one to ten seconds, the size a user's grid has).
const GRID_STEPS: [&str; 2] = ["50", "70"];

/// The grid's command line at `steps` steps.
fn grid_args(steps: &str) -> Vec<&str> {
    vec![
        "traveller",
        "compare",
        "--board",
        "models/traveller/classic.pl",
        "--steps",
        steps,
        "--vary",
        "capacity=500,1000,2000",
        "--vary",
        "tank=10,20,30",
        "--set",
        "fuel=10",
        "--part-limit",
        "120",
    ]
}

/// The core counts of the estimate on paper.
const CORES: [usize; 5] = [2, 8, 64, 512, 1_000_000];

/// How many times each side runs (`--jobs 1`, then `--jobs 2`, alternating): the report
/// compares medians, since one run of a proof varies by a few per cent on a shared host.
const RUNS: usize = 3;

/// `run(1)` and `run(2)` [`RUNS`] times each, alternating: each side's results, in order.
fn side_by_side_runs<T>(mut run: impl FnMut(usize) -> Result<T>) -> Result<(Vec<T>, Vec<T>)> {
    let (mut one, mut two) = (Vec::new(), Vec::new());
    for _ in 0..RUNS {
        one.push(run(1)?);
        two.push(run(2)?);
    }
    Ok((one, two))
}

/// Both sides' runs by wall time: each run's seconds, the medians, and which `--jobs 1` run
/// is the median one (the report shows its details).
struct Walls {
    one: Vec<f64>,
    two: Vec<f64>,
    t1: f64,
    t2: f64,
    at: usize,
}

impl Walls {
    fn of<T>(ones: &[T], twos: &[T], wall: impl Fn(&T) -> f64) -> Walls {
        let one: Vec<f64> = ones.iter().map(&wall).collect();
        let two: Vec<f64> = twos.iter().map(&wall).collect();
        let ((t1, at), (t2, _)) = (median_at(&one), median_at(&two));
        Walls {
            one,
            two,
            t1,
            t2,
            at,
        }
    }
}

/// The median of `times` (the lower middle one of an even count) and its index.
fn median_at(times: &[f64]) -> (f64, usize) {
    let mut order: Vec<usize> = (0..times.len()).collect();
    order.sort_by(|&a, &b| times[a].total_cmp(&times[b]));
    let at = order[(times.len().max(1) - 1) / 2];
    (times[at], at)
}

/// One timed run of the grid: wall seconds, and each cell's seconds and value.
struct Run {
    wall: f64,
    cells: Vec<(f64, Option<f64>)>,
}

fn run_grid(args: &[&str], jobs: usize) -> Result<Run> {
    let exe = std::env::current_exe()?;
    let t0 = Instant::now();
    let out = std::process::Command::new(exe)
        .args(args)
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

/// One Modern Art proof from scratch with `--jobs N`: wall seconds and its episode.
fn run_proof(players: usize, jobs: usize, dir: &Path) -> Result<(f64, Value)> {
    let file = dir.join(format!("bench-parallel-{players}p-jobs{jobs}.json"));
    let n = players.to_string();
    run_episode(&["modern-art", "solve", "--players", &n], jobs, &file)
}

/// The Traveller event search timed on workers: the classic board, 80 steps (13 parts:
/// the plan with no event and 12 branches of up to about 2 s).
const SEARCH_ARGS: [&str; 10] = [
    "traveller",
    "bound",
    "--board",
    "models/traveller/classic.pl",
    "--start",
    "67",
    "--steps",
    "80",
    "--method",
    "events",
];

/// One command writing an episode (`args`, then `--jobs N --out file`): wall seconds and
/// the episode.
fn run_episode(args: &[&str], jobs: usize, file: &Path) -> Result<(f64, Value)> {
    let exe = std::env::current_exe()?;
    let t0 = Instant::now();
    let out = std::process::Command::new(exe)
        .arg("--quiet")
        .args(args)
        .args(["--jobs", &jobs.to_string(), "--out"])
        .arg(file)
        .output()
        .context("cannot run the proof")?;
    let wall = t0.elapsed().as_secs_f64();
    if !out.status.success() {
        bail!(
            "{} --jobs {jobs} failed: {}",
            args.join(" "),
            String::from_utf8_lossy(&out.stderr).trim()
        );
    }
    let episode: Value = serde_json::from_str(&std::fs::read_to_string(file)?)?;
    Ok((wall, episode))
}

/// The Traveller event search with `--jobs 1` and `--jobs 2`: its section of the report.
fn search_section(dir: &Path) -> Result<String> {
    let (ones, twos) = side_by_side_runs(|jobs| {
        let file = dir.join(format!("bench-parallel-t80-jobs{jobs}.json"));
        run_episode(&SEARCH_ARGS, jobs, &file)
    })?;
    let w = Walls::of(&ones, &twos, |r| r.0);
    let e1 = &ones[w.at].1;
    let branches = part_seconds(e1);
    let same = (ones.iter().chain(&twos)).all(|r| untimed(&r.1) == untimed(e1));
    Ok(format!(
        "## One Traveller event search\n\n\
         `gamebounds {args} --jobs J`: the branches (a plan's first event) searched ahead on \
         J workers against the best cash of their turn, a branch whose best has since \
         improved searched again (docs/parallel.md).\n\n{}\n\n\
         Speed-up {:.2}× of the medians (no target); value {} in every run; the episodes \
         are the same apart from timings: {}.\n\n\
         In the median `--jobs 1` run, {} branches ({:.1} s in all); on paper, each on its \
         own core:\n\n{}\n",
        side_by_side(&w.one, &w.two, 2),
        w.t1 / w.t2,
        crate::claims::show(e1["value"].as_f64()),
        if same { "yes" } else { "NO" },
        branches.len(),
        branches.iter().sum::<f64>(),
        estimate(&branches),
        args = SEARCH_ARGS.join(" "),
    ))
}

/// The seconds of each part of an episode's proof record.
fn part_seconds(episode: &Value) -> Vec<f64> {
    episode
        .pointer("/payload/proof/parts")
        .and_then(Value::as_array)
        .map(|a| a.iter().filter_map(|p| p["seconds"].as_f64()).collect())
        .unwrap_or_default()
}

/// An episode without its timings (`seconds`, `time_limit`: what a part had left, and
/// the seconds in its texts).
fn untimed(v: &Value) -> Value {
    match v {
        Value::Object(m) => Value::Object(
            m.iter()
                .filter(|(k, _)| *k != "seconds" && *k != "time_limit")
                .map(|(k, x)| (k.clone(), untimed(x)))
                .collect(),
        ),
        Value::Array(a) => Value::Array(a.iter().map(untimed).collect()),
        Value::String(t) => Value::String(without_seconds(t)),
        x => x.clone(),
    }
}

/// A text without its `(12.3 s)` timings (the episode's `found_by` carries one).
fn without_seconds(text: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(at) = rest.find('(') {
        out.push_str(&rest[..at]);
        let tail = &rest[at + 1..];
        let timed = tail.find(" s)").filter(|&end| {
            !tail[..end].is_empty() && tail[..end].chars().all(|c| c.is_ascii_digit() || c == '.')
        });
        match timed {
            Some(end) => rest = &tail[end + 3..],
            None => {
                out.push('(');
                rest = tail;
            }
        }
    }
    out.push_str(rest);
    out
}

/// The seconds of the neighbourhood search that found an episode's best game (its
/// `found_by`), when one did.
fn search_seconds(episode: &Value) -> Option<f64> {
    let found = episode.pointer("/payload/found_by")?;
    let found: crate::proof::FoundBy = serde_json::from_value(found.clone()).ok()?;
    Some(found.seconds)
}

/// The units of work of a proof for the estimate on paper: the part that holds the
/// search (`search` seconds of its longest part's) is the search plus half the rest (at
/// best, the LPs on the way to it go two at a time), and the other half a unit of its own;
/// the other parts are units as they are. The units add up to the proof's seconds.
fn proof_units(parts: &[f64], search: Option<f64>) -> Vec<f64> {
    let mut units = parts.to_vec();
    let longest = parts.iter().copied().fold(0.0, f64::max);
    if let (Some(s), Some(at)) = (search, parts.iter().position(|&t| t == longest)) {
        let rest = (longest - s).max(0.0);
        units[at] = s + rest / 2.0;
        units.push(rest / 2.0);
    }
    units
}

/// One proof with `--jobs 1` and `--jobs 2`: its section of the report, and its
/// critical-path bound (the speed-up no number of cores can beat while the search stays
/// one run).
fn proof_section(players: usize, dir: &Path) -> Result<(String, f64)> {
    let (ones, twos) = side_by_side_runs(|jobs| run_proof(players, jobs, dir))?;
    let w = Walls::of(&ones, &twos, |r| r.0);
    let e1 = &ones[w.at].1;
    let parts = part_seconds(e1);
    let sum: f64 = parts.iter().sum();
    let longest = parts.iter().copied().fold(0.0, f64::max);
    // The search is one sequential run, and the rest of its part comes before it (the
    // LPs on the way to it, the two halves of each step at once) or after it (its own
    // proof).
    let search = search_seconds(e1).filter(|s| *s <= longest);
    let units = proof_units(&parts, search);
    let critical = match search {
        Some(s) => {
            format!(
                "the search that found the first game took {s:.1} s ({:.0}% of the proof) \
                 and runs alone; its part's other {:.1} s come before it (the LPs on the \
                 way to it, at best two at a time: the two halves of each step) or after \
                 it (the rest of its proof), so that part takes at least the search and \
                 half the rest; the other parts can share the cores",
                100.0 * s / sum.max(1e-9),
                longest - s
            )
        }
        None => format!(
            "the longest part took {longest:.1} s ({:.0}% of the proof)",
            100.0 * longest / sum.max(1e-9)
        ),
    };
    let bound = units.iter().copied().fold(0.0, f64::max);
    let same = (ones.iter().chain(&twos)).all(|r| untimed(&r.1) == untimed(e1));
    let text = format!(
        "### {players} players, standard, from scratch\n\n{}\n\n\
         Speed-up {:.2}× of the medians (target ≥ 1.3×); value {} in every run; the \
         episodes are the same apart from timings: {}.\n\n\
         In the median `--jobs 1` run, {} parts ({sum:.1} s in all); {critical}. The \
         least wall time on each number of cores (that part, or the total shared \
         out):\n\n{}\n\n",
        side_by_side(&w.one, &w.two, 1),
        w.t1 / w.t2,
        crate::claims::show(e1["value"].as_f64()),
        if same { "yes" } else { "NO" },
        parts.len(),
        estimate(&units)
    );
    Ok((text, sum / bound.max(1e-9)))
}

/// One grid run with `--jobs 1` then `--jobs 2`, as a report section; and its speed-up.
fn grid_section(common: &Common, steps: &str) -> Result<(String, f64)> {
    let args = grid_args(steps);
    common.note(format!(
        "bench-parallel: the {steps}-step grid with --jobs 1, then --jobs 2"
    ));
    let (ones, twos) = side_by_side_runs(|jobs| run_grid(&args, jobs))?;
    let w = Walls::of(&ones, &twos, |r| r.wall);
    let values = |r: &Run| r.cells.iter().map(|c| c.1).collect::<Vec<_>>();
    let same = (ones.iter().chain(&twos)).all(|r| values(r) == values(&ones[0]));
    let speed = w.t1 / w.t2;
    let cell_times: Vec<f64> = ones[w.at].cells.iter().map(|c| c.0).collect();
    let text = format!(
        "## A `compare --vary` grid of {n} cells, {steps} steps\n\n\
         `gamebounds {grid}`, wall time of the whole command (process start to exit), \
         {RUNS} runs each, alternating:\n\n{table}\n\n\
         Speed-up {speed:.2}× of the medians (target ≥ 1.8×); the same values in every \
         cell and run: {same}.\n\
         The cells' own times in the median `--jobs 1` run ({cells}) give on paper:\n\n\
         {grid_est}\n\n",
        n = cell_times.len(),
        grid = args.join(" "),
        table = side_by_side(&w.one, &w.two, 2),
        same = if same { "yes" } else { "NO" },
        cells = cell_times
            .iter()
            .map(|t| format!("{t:.2}"))
            .collect::<Vec<_>>()
            .join(", "),
        grid_est = estimate(&cell_times),
    );
    Ok((text, speed))
}

/// The wall seconds of the runs with `--jobs 1` and `--jobs 2` as a table (each run and
/// the median), with `digits` decimals.
fn side_by_side(one: &[f64], two: &[f64], digits: usize) -> String {
    let row = |jobs: &str, t: &[f64]| {
        let runs: Vec<String> = t.iter().map(|x| format!("{x:.digits$}")).collect();
        vec![
            jobs.to_string(),
            runs.join(", "),
            format!("{:.digits$}", median_at(t).0),
        ]
    };
    let head = ["--jobs", "wall seconds, run by run", "median"];
    crate::render::table(head, [row("1", one), row("2", two)])
}

/// Run the benchmark and write the report to `out`.
pub fn run(common: &Common, out: &Path) -> Result<()> {
    let load = std::fs::read_to_string("/proc/loadavg").unwrap_or_default();
    let load: Vec<&str> = load.split_whitespace().take(3).collect();
    let mut grids = String::new();
    for steps in GRID_STEPS {
        grids.push_str(&grid_section(common, steps)?.0);
    }
    let scratch = std::env::temp_dir().join(format!("gamebounds-bench-{}", std::process::id()));
    std::fs::create_dir_all(&scratch)?;
    let mut proofs = String::new();
    let mut caps = Vec::new();
    for n in [3, 5] {
        common.note(format!(
            "bench-parallel: modern-art solve --players {n}, --jobs 1 then --jobs 2"
        ));
        let (text, cap) = proof_section(n, &scratch)?;
        proofs.push_str(&text);
        caps.push(format!("{cap:.2}× for {n} players"));
    }
    common.note("bench-parallel: the Traveller event search, --jobs 1 then --jobs 2");
    let search = search_section(&scratch)?;
    let _ = std::fs::remove_dir_all(&scratch);
    let text = format!(
        "# Parallel runs: `--jobs 2` against `--jobs 1`\n\n\
         {date}, commit {commit}, {machine}; load average at the start: {load}.\n\
         Regenerate: `make bench-parallel` (`gamebounds bench-parallel`, about 15 minutes).\n\n\
         {grids}\
         ## One Modern Art proof\n\n\
         `modern-art solve --players N --jobs J`: the LPs the split needs are solved on J \
         worker processes at once (the split's first two parts, then the two halves of \
         each step of the search for the first leaf; the other parts' LPs beside the \
         search, which is set aside if one of them is higher); the neighbourhood search for the first game \
         runs in the proof's own process while J − 1 workers beside it solve the LPs and \
         then the parts the split will solve against its best game so far (planned again \
         at each better game); after the search the split takes their answers in its own \
         order (a worker sends a better game whole).\n\n\
         {proofs}\
         What would have to change to use more cores for one proof: the neighbourhood \
         search bounds the wall time ({caps} at most, whatever the cores), because its \
         first solve, its neighbourhoods and its proof attempts run one after another, \
         and before it the LPs on the way to its part take one round per step of the \
         halving. The search itself would have to be divided: the next neighbourhoods \
         solved at once against the current game (keeping the first that improves, in \
         order), the proof attempt beside the next neighbourhood, or the first solve (a \
         single HiGHS root solve) replaced by pieces (a round's ranking) solved on \
         workers, which changes the `--jobs 1` search too. \
         HiGHS's own threads do not shorten that root solve (measured: the same time).\n\n\
         {search}",
        date = crate::provenance::today(),
        commit = crate::provenance::commit(),
        machine = crate::provenance::machine(),
        load = load.join(" "),
        caps = caps.join(", "),
    );
    common.write_report(out, &text)
}

#[cfg(test)]
mod tests {
    /// The search's part: the search and half its LPs in a row, the other half beside.
    #[test]
    fn the_search_part_keeps_half_its_rest_beside_it() {
        let units = super::proof_units(&[2.0, 13.0, 1.0], Some(8.0));
        assert_eq!(units, vec![2.0, 10.5, 1.0, 2.5]);
        assert_eq!(super::on_paper(&units, 2), 10.5);
        assert_eq!(super::proof_units(&[2.0, 3.0], None), vec![2.0, 3.0]);
    }

    #[test]
    fn the_median_is_the_lower_middle_run() {
        assert_eq!(super::median_at(&[3.0, 1.0, 2.0]), (2.0, 2));
        assert_eq!(super::median_at(&[4.0, 1.0, 3.0, 2.0]), (2.0, 3));
        assert_eq!(super::median_at(&[5.0]), (5.0, 0));
    }

    #[test]
    fn the_search_seconds_are_those_of_found_by() {
        let found = "a neighbourhood search of the part \"x (y)\" (58.8 s)";
        let e = serde_json::json!({"payload": {"found_by": found}});
        assert_eq!(super::search_seconds(&e), Some(58.8));
        let none = serde_json::json!({"payload": {}});
        assert_eq!(super::search_seconds(&none), None);
    }

    #[test]
    fn texts_lose_their_timings_only() {
        let t = "a search of the part \"x (y)\" (58.8 s), whose proof (2 s) closed it (ok)";
        assert_eq!(
            super::without_seconds(t),
            "a search of the part \"x (y)\" , whose proof  closed it (ok)"
        );
    }
}
