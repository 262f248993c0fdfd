use super::*;
use crate::provenance::{commit, machine, today};

/// The general suite `bench --suite` reads when none is given: variants nobody tuned for.
pub const DEFAULT_SUITE: &str = "models/modern-art/general";

/// Where `bench --suite` writes its report when `--report` is not given.
pub const DEFAULT_SUITE_REPORT: &str = "results/bench-modern-art-general.md";

/// Columns of the suite's table.
pub(super) const SUITE_COLUMNS: [&str; 8] = [
    "variant", "players", "value", "status", "bound", "median s", "runs s", "parts",
];

/// `modern-art bench --suite DIR`: every `*.json` variant of `dir` (sorted by name, each
/// dealing for one player count) solved from scratch as `modern-art bound` solves it (the
/// tokens-leads split, 1 thread, `runs` seeds), its game replayed by the referee; one
/// row per variant, then the median time per player count, into `report`. A variant
/// nobody tuned for shows whether the solver's defaults generalise. Each run of a variant
/// has at most `variant_limit` seconds (by default the suite's ceiling, 600): a variant not
/// proven by then keeps its best game and bound. The variants are independent units
/// ([`crate::jobs::map`]): `--jobs N` solves N at once, each on one thread. `only`: solve
/// just these variants (file names) and keep the report's rows of the others.
pub fn run_bench_suite(
    dir: &std::path::Path,
    report: &std::path::Path,
    runs: usize,
    variant_limit: f64,
    only: &[String],
    common: &crate::cli::Common,
    k: &Knobs,
) -> Result<()> {
    refuse_diagnostic_fixings("bench --suite", &k.build.fixes)?;
    let all = suite_files(dir)?;
    let names: Vec<String> = all.iter().map(|f| file_name(f)).collect();
    if let Some(x) = only.iter().find(|x| !names.contains(x)) {
        bail!(
            "--only {x}: not a variant of {} (its variants: {})",
            dir.display(),
            names.join(", ")
        );
    }
    let chosen = |name: &String| only.is_empty() || only.contains(name);
    let (files, labels): (Vec<&std::path::PathBuf>, Vec<String>) = all
        .iter()
        .zip(&names)
        .filter(|(_, n)| chosen(n))
        .map(|(f, n)| (f, n.clone()))
        .unzip();
    // The rows of the variants not re-run, from the report as it stands.
    let old = std::fs::read_to_string(report).unwrap_or_default();
    let kept: Vec<Vec<String>> = match only.is_empty() {
        true => Vec::new(),
        false => suite_rows(&old)
            .into_iter()
            .filter(|r| !chosen(&r[0]) && names.contains(&r[0]))
            .collect(),
    };
    if !kept.is_empty() {
        let redo = "re-run every variant (no --only), write this run to another --report, \
                    or use the report's tuning";
        keeps_same_tuning(report, &old, k, redo)?;
    }
    let opts = bench_options(common, DEFAULT_SPLIT_LIMIT, k);
    let head = SuiteHead {
        dir,
        total: all.len(),
        limit: opts.time_limit.unwrap_or(0.0),
        variant_limit,
        seeds: bench_seeds(&opts, runs),
        tuning: k.tuning.report_line(),
    };
    // Rows as variants finish, so a long run stopped later keeps the rows it finished.
    let done = std::cell::RefCell::new(kept.clone());
    let describe = |row: &Vec<String>| {
        let mut rows = done.borrow_mut();
        rows.push(row.clone());
        rows.sort();
        let _ = common.write_report(report, &suite_report(&head, &rows));
        let value = if row[2] == "-" { "" } else { &row[2] };
        (format!("{} {value} in {} s", row[3], row[5]), None)
    };
    let solve_one = |i: usize| suite_row(files[i], runs, variant_limit, common, &opts, k);
    let units = crate::jobs::map(common, &labels, solve_one, describe)?;
    let mut rows = kept;
    for (label, unit) in labels.iter().zip(units) {
        rows.push(
            unit.result
                .map_err(|e| anyhow!("bench --suite {label}: {e}"))?,
        );
    }
    rows.sort();
    common.write_report(report, &suite_report(&head, &rows))
}

/// The variant rows of a suite report's table (first cell a `*.json` file name).
fn suite_rows(text: &str) -> Vec<Vec<String>> {
    table_lines(text)
        .filter(|cells| cells[0].ends_with(".json") && cells.len() == SUITE_COLUMNS.len())
        .collect()
}

/// The innermost reason of an error, for a table cell.
fn root_cause(e: &anyhow::Error) -> String {
    e.root_cause().to_string().replace('|', "/")
}

/// A suite file's name, the row's first cell.
fn file_name(file: &std::path::Path) -> String {
    file.file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default()
}

/// One variant of the suite, timed: its row.
fn suite_row(
    file: &std::path::Path,
    runs: usize,
    variant_limit: f64,
    common: &crate::cli::Common,
    opts: &SolveOptions,
    k: &Knobs,
) -> Result<Vec<String>> {
    let name = file_name(file);
    let n = rules::default_players(file)?;
    let c = Config::load(file, None, n).with_context(|| format!("suite variant {name}"))?;
    let label = format!("bench --suite {name} ({n}p)");
    let quiet = crate::cli::Common {
        quiet: true,
        ..common.clone()
    };
    let t0 = std::time::Instant::now();
    let timed = timed_splits(&label, runs, &quiet, opts, |opts| {
        crate::options::within_unit_limit(Some(variant_limit), || from_scratch(&c, opts, k))
    });
    let (o, median, runs_s) = match timed {
        Ok(timed) => timed,
        // No game by the variant's limit (the search still looking), or a variant the
        // model refuses: a row all the same, the refusal's reason in its last cell.
        Err(e) => {
            let secs = t0.elapsed().as_secs_f64();
            let stopped = secs >= variant_limit;
            let (status, secs, why) = match stopped {
                true => ("no game", format!("{secs:.1}"), "-".to_string()),
                false => (
                    "not solved",
                    "-".into(),
                    crate::claims::clip(&root_cause(&e), 90),
                ),
            };
            common.note(format!("{label}: {status}: {e:#}"));
            let cells = [
                name.as_str(),
                &n.to_string(),
                "-",
                status,
                "?",
                &secs,
                &secs,
                &why,
            ];
            return Ok(cells.map(String::from).to_vec());
        }
    };
    let (parts, _) = parts_cells(&o)?;
    let status = if o.proven { "proven" } else { "best found" };
    let bound = o
        .report
        .bound
        .map(|b| format!("{:.0}", whole(b)))
        .unwrap_or_else(|| "?".into());
    common.note(format!(
        "{label}: {status} {} (bound {bound}) in {median} s",
        o.value
    ));
    Ok(vec![
        name,
        n.to_string(),
        o.value.to_string(),
        status.to_string(),
        bound,
        median,
        runs_s,
        parts,
    ])
}

/// The suite's variants: the `*.json` files directly in `dir`, sorted by name.
pub(super) fn suite_files(dir: &std::path::Path) -> Result<Vec<std::path::PathBuf>> {
    let entries = std::fs::read_dir(dir)
        .with_context(|| format!("--suite {}: cannot read the folder", dir.display()))?;
    let mut files: Vec<std::path::PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.is_file() && p.extension().is_some_and(|x| x == "json"))
        .collect();
    files.sort();
    if files.is_empty() {
        bail!("--suite {}: no *.json variant in it", dir.display());
    }
    Ok(files)
}

/// What the suite report says of its run, above the rows.
pub(super) struct SuiteHead<'a> {
    pub dir: &'a std::path::Path,
    /// Variants in the suite.
    pub total: usize,
    /// Seconds per part.
    pub limit: f64,
    /// Seconds per run of a variant.
    pub variant_limit: f64,
    /// HiGHS seeds of the first and last run.
    pub seeds: (i32, i32),
    /// The tuning's line ([`Tuning::report_line`]).
    pub tuning: String,
}

/// The suite report's text: header (machine, date, commit), one row per variant, then
/// the median time per player count and how many variants are proven.
pub(super) fn suite_report(head: &SuiteHead, rows: &[Vec<String>]) -> String {
    let (first, last) = head.seeds;
    let mut summary: Vec<Vec<String>> = Vec::new();
    for n in PLAYERS {
        let of_n: Vec<&Vec<String>> = rows.iter().filter(|r| r[1] == n.to_string()).collect();
        if of_n.is_empty() {
            continue;
        }
        let mut times: Vec<f64> = of_n.iter().filter_map(|r| r[5].parse().ok()).collect();
        let median = match times.is_empty() {
            true => "-".to_string(),
            false => median_and_runs(&mut times).0,
        };
        let proven = of_n.iter().filter(|r| r[3] == "proven").count();
        summary.push(vec![
            n.to_string(),
            of_n.len().to_string(),
            format!("{proven}/{}", of_n.len()),
            median,
        ]);
    }
    let proven = rows.iter().filter(|r| r[3] == "proven").count();
    format!(
        "# Modern Art general benchmark (variants nobody tuned for)\n\n\
         `gamebounds modern-art bench --suite {dir}`: every variant of the suite solved from \
         scratch as `gamebounds modern-art bound --variant FILE` solves it (the split over \
         the award tokens and the rounds their artist leads), max-player, HiGHS with 1 \
         thread, time limit {limit:.0} s per part, and its game replayed by the referee. \
         Rows kept by `--only` (which re-runs some variants) keep their own run's numbers. \
         Each run of a variant stops after {cap:.0} s (`--variant-limit`): a variant not \
         proven by then shows its best game and bound and counts at its time, so a median \
         with such a variant in it is a lower bound. A variant the model refuses is *not \
         solved*, with the reason in its last cell, and counts in no median. *median s* is \
         the median wall time (time to proof when proven) of the runs in \
         *runs s*, run i with HiGHS's seed {first} + i − 1 (seeds {first}–{last}); the \
         other cells are the last run's.\n\n\
         Machine: {machine}. Date: {date}. Commit: {commit}. The machine may have been \
         shared with other jobs while this ran.\n\n{tuning}\n\n{table}\n\n\
         ## Per player count\n\n{proven} of {done} variants proven ({total} in the suite).\n\n{per}\n",
        dir = head.dir.display(),
        limit = head.limit,
        cap = head.variant_limit,
        total = head.total,
        machine = machine(),
        date = today(),
        commit = commit(),
        tuning = head.tuning,
        table = crate::render::table(SUITE_COLUMNS, rows.to_vec()),
        done = rows.len(),
        per = crate::render::table(["players", "variants", "proven", "median s"], summary),
    )
}
