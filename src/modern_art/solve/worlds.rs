//! `modern-art bench --worlds`: issue #69's stage-1 measurements, kept as data. Each row of
//! the instance file (`models/modern-art/bench/worlds.json`) is one `solve --split whole`
//! of a variant under diagnostic fixings: a fixed ranking world, a leaf with every round's
//! first artist fixed, or the root LP alone (`relax=1`). The report gives wall and CPU
//! seconds side by side, because a shared machine stretches the first and not the second.

use super::*;
use crate::provenance::{commit, machine, today};
use serde::Deserialize;

/// The instance file shipped with the repository.
pub const DEFAULT_WORLDS: &str = "models/modern-art/bench/worlds.json";
/// The report `bench --worlds` writes.
pub const DEFAULT_WORLDS_REPORT: &str = "results/bench-modern-art-worlds.md";
/// Seconds per row when the command gives none: twice the slowest leaf measured
/// (g02-3p's, 297 s on 2026-12-01), so a row stops with its bound rather than running on.
pub const DEFAULT_WORLDS_LIMIT: f64 = 600.0;

/// The instance file: what each row solves and, for the rows, its target.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Instances {
    description: String,
    rows: Vec<Instance>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Instance {
    label: String,
    /// Relative to `models/modern-art/`.
    variant: String,
    players: usize,
    /// `--fix KEY=VALUE` items (docs/modern-art-tuning.md).
    fix: Vec<String>,
    #[serde(default)]
    target: Option<Target>,
    /// A search over the row's ranking worlds ([`world_search()`]) instead of a solve.
    #[serde(default)]
    search: Option<SearchRow>,
}

/// A world-search row: the game to beat (a score some game of the row reaches).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct SearchRow {
    beat: i64,
}

/// What the issue asks of a row: proven within `seconds`, or a root bound at most `bound`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Target {
    seconds: Option<f64>,
    bound: Option<f64>,
}

const WORLDS_COLUMNS: [&str; 8] = [
    "instance",
    "result",
    "bound",
    "wall s",
    "CPU s",
    "nodes (last solve)",
    "target",
    "met",
];

/// `modern-art bench --worlds FILE`: every row solved once, one thread, in file order; the
/// report is rewritten after each row, so a run stopped later keeps the rows it finished.
pub fn run_bench_worlds(
    file: &std::path::Path,
    report: &std::path::Path,
    limit: f64,
    common: &crate::cli::Common,
    k: &Knobs,
) -> Result<()> {
    let text = std::fs::read_to_string(file)
        .with_context(|| format!("reading the instance file {}", file.display()))?;
    let instances: Instances = serde_json::from_str(&text)
        .with_context(|| format!("{}: not an instance file", file.display()))?;
    let models = file
        .parent()
        .and_then(|p| p.parent())
        .unwrap_or(std::path::Path::new("."));
    let mut rows = Vec::new();
    for row in &instances.rows {
        let c = Config::load(&models.join(&row.variant), None, row.players)
            .with_context(|| format!("row `{}`", row.label))?;
        let fixes =
            model::Fixes::parse(&row.fix).with_context(|| format!("row `{}`", row.label))?;
        let knobs = Knobs::new(k.tuning.clone(), fixes);
        let opts = bench_options(common, limit, &knobs);
        common.note(format!("bench --worlds: {} …", row.label));
        let cpu = crate::provenance::cpu_seconds();
        let started = std::time::Instant::now();
        if let Some(search) = &row.search {
            let found = world_search(&c, &knobs.build.fixes, search.beat, limit)
                .with_context(|| format!("row `{}`", row.label))?;
            let wall = started.elapsed().as_secs_f64();
            let cpu = crate::provenance::cpu_seconds()
                .zip(cpu)
                .map(|(b, a)| b - a);
            rows.push(search_row(row, search.beat, &found, wall, cpu));
            write_worlds_report(report, &instances.description, file, limit, &rows, k)?;
            continue;
        }
        let o = whole_solve(&c, Objective::MaxPlayer, None, &opts, &knobs, common)
            .with_context(|| format!("row `{}`", row.label))?;
        let wall = started.elapsed().as_secs_f64();
        let cpu = crate::provenance::cpu_seconds()
            .zip(cpu)
            .map(|(b, a)| b - a);
        rows.push(worlds_row(row, knobs.build.relaxed(), &o, wall, cpu));
        common.note(format!(
            "bench --worlds: {}: {} in {wall:.1} s",
            row.label,
            rows.last().unwrap()[1]
        ));
        write_worlds_report(report, &instances.description, file, limit, &rows, k)?;
    }
    Ok(())
}

/// One report row. A relaxation's row (`relaxed`) reports its LP; a solve's its game and
/// bound.
fn worlds_row(
    row: &Instance,
    relaxed: bool,
    o: &Outcome,
    wall: f64,
    cpu: Option<f64>,
) -> Vec<String> {
    let bound = o.report.bound;
    let result = if relaxed {
        "LP".to_string()
    } else if o.proven {
        format!("proven {}", o.value)
    } else {
        format!("best {}", o.value)
    };
    let nodes = o.report.nodes.map_or("-".into(), |n| n.to_string());
    row_cells(row, result, bound, o.proven, wall, cpu, nodes)
}

/// A report row: the instance, its result and bound, the times, the work done, and the
/// row's target with whether it is met (a time target needs a proof, `proven`).
fn row_cells(
    row: &Instance,
    result: String,
    bound: Option<f64>,
    proven: bool,
    wall: f64,
    cpu: Option<f64>,
    work: String,
) -> Vec<String> {
    let (target, met) = match &row.target {
        Some(Target {
            seconds: Some(s), ..
        }) => (format!("proven in ≤ {s} s"), yes_no(proven && wall <= *s)),
        Some(Target { bound: Some(b), .. }) => (
            format!("bound ≤ {b}"),
            yes_no(bound.is_some_and(|x| x <= *b + 1e-6)),
        ),
        _ => ("-".into(), "-".into()),
    };
    vec![
        row.label.clone(),
        result,
        bound.map_or("?".into(), |b| format!("{b:.1}")),
        format!("{wall:.1}"),
        cpu.map_or("?".into(), |c| format!("{c:.1}")),
        work,
        target,
        met,
    ]
}

/// A world search's row: the highest LP of one world (the bound of a method that keeps
/// worlds apart), the LPs solved and the worlds left for integer solves.
fn search_row(
    row: &Instance,
    beat: i64,
    found: &WorldSearch,
    wall: f64,
    cpu: Option<f64>,
) -> Vec<String> {
    let bound = found.bound(beat);
    let result = match bound {
        Some(b) => format!("max world LP {b:.1} (leaf LP {:.1})", found.root),
        None => format!("stopped (leaf LP {:.1})", found.root),
    };
    let lps: usize = found.lps.iter().sum();
    let work = format!(
        "{lps} LPs (alive by depth {:?}); {} worlds can beat {beat}",
        found.alive,
        found.worlds.len()
    );
    row_cells(row, result, bound, false, wall, cpu, work)
}

fn yes_no(b: bool) -> String {
    if b { "yes" } else { "no" }.into()
}

fn write_worlds_report(
    path: &std::path::Path,
    description: &str,
    file: &std::path::Path,
    limit: f64,
    rows: &[Vec<String>],
    k: &Knobs,
) -> Result<()> {
    let text = format!(
        "# Modern Art: ranking worlds and leaves (issue #69, stage 1)\n\n\
         `gamebounds modern-art bench --worlds` (instances: `{file}`). {description} One \
         thread, at most {limit:.0} s a row. *wall s* is the whole command's time, *CPU s* \
         the process's CPU time (on a shared machine the wall time is longer); *nodes* are \
         the last solve's branch-and-bound nodes. A row's target is the issue's, where it \
         names one.\n\n\
         Machine: {machine}. Date: {date}. Commit: {commit}. The machine may have been \
         shared with other jobs while this ran.\n\n{tuning}\n\n{table}\n",
        file = file.display(),
        machine = machine(),
        date = today(),
        commit = commit(),
        tuning = k.tuning.report_line(),
        table = crate::render::table(WORLDS_COLUMNS, rows.to_vec()),
    );
    crate::io::write_atomic(path, text.as_bytes())?;
    Ok(())
}
