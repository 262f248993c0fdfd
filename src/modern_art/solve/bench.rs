use super::*;

/// Per-part time limit of `bench --certify` when none is given: the longest part of the
/// committed standard proofs took 1434 s (4 players, against 392).
pub const DEFAULT_CERTIFY_LIMIT: f64 = 1500.0;

/// `modern-art bench --certify`: how long the proof of each committed standard maximum
/// takes (the plain benchmark, [`run_bench`], times the solve from scratch). For each player
/// count the row's episode (`games/modern-art-{N}p-standard.json`) is replayed by the
/// referee and its game starts a `tokens-leads` split (as `solve --split tokens-leads
/// --start`), so every part only has to show that nothing beats it; the median wall time
/// of `runs` such splits goes to `results/bench-modern-art-certify.md`. Not a solve from
/// scratch (that needs the game first): the table says so.
pub fn run_bench_certify(
    root: &std::path::Path,
    runs: usize,
    players: &[usize],
    common: &crate::cli::Common,
    k: &Knobs,
) -> Result<()> {
    check_run(root, "bench --certify", players, k)?;
    // The parts' own progress lines would bury the notes: one note per run instead.
    let opts = bench_options(common, DEFAULT_CERTIFY_LIMIT, k);
    let path = root.join("models/modern-art/standard.json");
    let report = root.join("results/bench-modern-art-certify.md");
    let limit = opts.time_limit.unwrap_or(0.0);
    let seeds = bench_seeds(&opts, runs);
    let mut rows: Vec<Vec<String>> = Vec::new();
    for &n in players {
        let c = Config::load(&path, None, n)?;
        let file = root.join(format!("games/modern-art-{n}p-standard.json"));
        let seed =
            Outcome::from_episode(&c, Objective::MaxPlayer, None, &file).with_context(|| {
                format!(
                    "bench --certify starts from the committed episode {} (solve the row first: \
                     `gamebounds modern-art results --players {n} --variants standard`)",
                    file.display()
                )
            })?;
        let label = format!("bench --certify {n}p");
        // One seed per run, as in `bench`: the proof's trees vary with the seed too (4
        // players, the hard piece: 1124 nodes at seed 0, 2626 at seed 1).
        let (o, median, runs_s) = timed_splits(&label, runs, common, &opts, |opts| {
            split(
                &c,
                Objective::MaxPlayer,
                None,
                SplitBy::TokensLeads,
                opts,
                Some(&seed),
                k,
            )
        })?;
        let (parts, longest) = parts_cells(&o)?;
        rows.push(vec![
            n.to_string(),
            seed.value.to_string(),
            result_cell(&o),
            median,
            runs_s,
            parts,
            longest,
            model_cell(&o),
        ]);
        // After every player count, so a long run stopped later keeps this row.
        write_certify_report(&report, &rows, limit, seeds, common)?;
    }
    Ok(())
}

/// The certify table's columns.
pub(super) const CERTIFY_COLUMNS: [&str; 8] = [
    "players",
    "game to beat",
    "result",
    "median s",
    "runs s",
    "parts",
    "longest part s",
    "model (whole)",
];

/// Write `results/bench-modern-art-certify.md` with `rows` and, for the player counts not
/// among them, the rows already in the report (so `--players 4` re-times 4 players and
/// keeps the others' rows).
pub(super) fn write_certify_report(
    path: &std::path::Path,
    rows: &[Vec<String>],
    limit: f64,
    (first, last): (i32, i32),
    common: &crate::cli::Common,
) -> Result<()> {
    let old = std::fs::read_to_string(path).unwrap_or_default();
    let all = merge_rows(table_rows(&old, CERTIFY_COLUMNS.len()), rows);
    let text = format!(
        "# Modern Art proof benchmark (standard variant)\n\n\
         `gamebounds modern-art bench --certify`: for each player count the committed \
         episode `games/modern-art-{{N}}p-standard.json` is replayed by the referee and its \
         game starts the split over the award tokens and the rounds their artist leads \
         (`solve --split tokens-leads --start`): every part only has to show that no game \
         beats it. This times the *proof* of a known maximum, not a solve from scratch \
         (the plain benchmark, `results/bench-modern-art.md`, times that). HiGHS with 1 thread, time limit {limit:.0} s per part; *median s* is \
         the median wall time of the runs in *runs s* (in run order), run i with HiGHS's \
         seed {first} + i − 1 (seeds {first}–{last}, `--highs-seed` sets the first): the \
         proof's branch-and-bound trees vary with the seed, so the median is over trees, \
         not one tree's clock; each run is the whole split (each part's LP, the solves, \
         the referee's replay). `--players` re-times only those rows and \
         keeps the others. The machine (2 cores) may have been shared with other jobs \
         while this ran.\n\n{}\n",
        crate::render::table(CERTIFY_COLUMNS, all),
    );
    common.write_report(path, &text)
}

/// The rows of a benchmark report's table with `width` columns (cells trimmed), by the
/// player count in the first cell; anything else in the text is ignored.
pub(super) fn table_rows(text: &str, width: usize) -> Vec<Vec<String>> {
    table_lines(text)
        .filter(|cells| {
            let n = cells[0].parse::<usize>();
            cells.len() == width && n.is_ok_and(|n| PLAYERS.contains(&n))
        })
        .collect()
}

/// Every table line of a markdown report, as its trimmed cells (at least one).
pub(super) fn table_lines(text: &str) -> impl Iterator<Item = Vec<String>> + '_ {
    text.lines().filter_map(|line| {
        let inner = line.trim().strip_prefix('|')?.strip_suffix('|')?;
        Some(inner.split('|').map(|c| c.trim().to_string()).collect())
    })
}

/// Refuses to keep rows of the report `old` (its text) when they were made with another
/// tuning than `k`'s: rows of two tunings in one table would read as one run's. A report
/// without a tuning line was made with the defaults. `redo` says how to avoid it.
pub(super) fn keeps_same_tuning(
    report: &std::path::Path,
    old: &str,
    k: &Knobs,
    redo: &str,
) -> Result<()> {
    let line = k.tuning.report_line();
    let theirs = old
        .lines()
        .find(|l| l.starts_with(TUNING_LINE))
        .map(str::to_string)
        .unwrap_or_else(|| Tuning::default().report_line());
    if theirs == line {
        return Ok(());
    }
    let of = |l: &str| {
        l.trim_start_matches(TUNING_LINE)
            .trim_end_matches('.')
            .to_string()
    };
    bail!(
        "{}'s rows were made with {}, this run with {}: {redo}",
        report.display(),
        of(&theirs),
        of(&line)
    )
}

/// A benchmark's solver options: one thread, `default_limit` unless --part-limit says
/// otherwise, no progress lines.
pub(super) fn bench_options(
    common: &crate::cli::Common,
    default_limit: f64,
    k: &Knobs,
) -> SolveOptions {
    let mut opts = k.solve_options(common.solve_options());
    opts.threads = 1;
    opts.time_limit = opts.time_limit.or(Some(default_limit));
    opts.quiet = true;
    opts
}

/// A benchmark row's "median s" and "runs s" cells: the runs in the order they ran (so
/// run i stands beside its seed), then sorted for the median.
pub(super) fn median_and_runs(times: &mut [f64]) -> (String, String) {
    let runs = times.iter().map(|t| format!("{t:.1}")).collect::<Vec<_>>();
    times.sort_by(|a, b| a.total_cmp(b));
    (format!("{:.1}", times[times.len() / 2]), runs.join(" / "))
}

/// Per-part time limit of a split when none is given: `solve` (max-player) and the plain
/// benchmark (`bench` without `--certify`).
pub const DEFAULT_SPLIT_LIMIT: f64 = 300.0;

/// Columns of the plain benchmark's table.
pub(super) const BENCH_COLUMNS: [&str; 7] = [
    "players",
    "result",
    "median s",
    "runs s",
    "parts",
    "longest part s",
    "model (whole)",
];

/// `modern-art bench`: the standard solve for each player count from scratch, as a user
/// runs it (`solve --players N --split tokens-leads`), 1 thread, `runs` runs; the report
/// (`results/bench-modern-art.md`) gives the median wall time, the parts and the model
/// size, and keeps the rows of player counts not re-timed.
pub fn run_bench(
    root: &std::path::Path,
    runs: usize,
    players: &[usize],
    common: &crate::cli::Common,
    k: &Knobs,
) -> Result<()> {
    check_run(root, "bench", players, k)?;
    let opts = bench_options(common, DEFAULT_SPLIT_LIMIT, k);
    let path = root.join("models/modern-art/standard.json");
    let report = root.join("results/bench-modern-art.md");
    let limit = opts.time_limit.unwrap_or(0.0);
    let (first, last) = bench_seeds(&opts, runs);
    // Before any solve, so a refused run loses no solving time.
    if PLAYERS.clone().any(|p| !players.contains(&p)) {
        let old = std::fs::read_to_string(&report).unwrap_or_default();
        let redo = "re-time every player count (no --players), or use the report's tuning";
        keeps_same_tuning(&report, &old, k, redo)?;
    }
    let mut rows: Vec<Vec<String>> = Vec::new();
    for &n in players {
        let c = Config::load(&path, None, n)?;
        // One seed per run: the search's time depends on its path.
        let label = format!("bench {n}p");
        let (o, median, runs_s) = timed_splits(&label, runs, common, &opts, |opts| {
            from_scratch(&c, opts, k)
        })?;
        let (parts, longest) = parts_cells(&o)?;
        rows.push(vec![
            n.to_string(),
            result_cell(&o),
            median,
            runs_s,
            parts,
            longest,
            model_cell(&o),
        ]);
        // After every player count, so a long run stopped later keeps this row.
        let old = std::fs::read_to_string(&report).unwrap_or_default();
        let all = merge_rows(table_rows(&old, BENCH_COLUMNS.len()), &rows);
        // The notebook is named as a path, not linked: the site of games/ and results/
        // (`gamebounds site`) has no docs/, so a link would be broken there.
        let text = format!(
            "# Modern Art ILP benchmark (standard variant)\n\n\
             `gamebounds modern-art bench`: the standard solve of each player count from \
             scratch, as `gamebounds modern-art solve --players N --split tokens-leads` runs \
             it: max-player (the best seat), HiGHS with 1 thread, \
             time limit {limit:.0} s per part, no game given. The split's parts are the award tokens (one part for \
             all artists with the same symbols, which the model renames) and then the \
             rounds their artist leads; a neighbourhood search of the first part (the \
             highest LP) finds a first game, usually the maximum, and every part then only \
             has to show that nothing beats it. *median s* is the median wall \
             time of the runs in *runs s*, run i with HiGHS's seed {first} + i − 1 (seeds \
             {first}–{last}, `--highs-seed` sets the first): another seed takes another \
             search path to the same maximum, sometimes in a very different time, so the \
             median is over paths, not one path's clock (*runs s* in run order; the other cells are \
             the last run's). Each run is the whole solve (every part's LP and MIP, \
             the schedule, the referee's replay). `--players` re-times only those rows and \
             keeps the others. The machine (2 cores) may have been shared with other jobs \
             while this ran. The proofs of the committed maxima alone are in \
             `results/bench-modern-art-certify.md` (`bench --certify`).\n\n{}\n\n{}\n\n\
             The formulations tried and what each measured are recorded in the Modern Art \
             notebook, `docs/notebook/modern-art.md`.\n",
            k.tuning.report_line(),
            crate::render::table(BENCH_COLUMNS, all),
        );
        common.write_report(&report, &text)?;
    }
    Ok(())
}

/// The HiGHS seeds of a benchmark's runs: run i runs with `opts.seed + i - 1` (one seed's
/// runs would time one search path or proof tree, and the machine's noise). First and last.
pub(super) fn bench_seeds(opts: &SolveOptions, runs: usize) -> (i32, i32) {
    (opts.seed, opts.seed + runs.max(1) as i32 - 1)
}

/// The proof a user's `bound` makes of the best score of one seat, from scratch (no game
/// to start from): the `tokens-leads` split, as `bench` and `bench --suite` time it.
pub(super) fn from_scratch(c: &Config, opts: &SolveOptions, k: &Knobs) -> Result<Outcome> {
    split(
        c,
        Objective::MaxPlayer,
        None,
        SplitBy::TokensLeads,
        opts,
        None,
        k,
    )
}

/// `runs` (at least one) timed runs of a split, run i with `opts` at HiGHS's seed
/// `opts.seed + i - 1` ([`bench_seeds`]), each noted as `label run i: verdict in s`: the
/// last run's outcome, the median seconds and every run's seconds.
pub(super) fn timed_splits(
    label: &str,
    runs: usize,
    common: &crate::cli::Common,
    opts: &SolveOptions,
    mut run_once: impl FnMut(&SolveOptions) -> Result<Outcome>,
) -> Result<(Outcome, String, String)> {
    let mut times = Vec::new();
    let mut last = None;
    for run in 1..=runs.max(1) {
        let opts = SolveOptions {
            seed: opts.seed + run as i32 - 1,
            ..opts.clone()
        };
        let started = std::time::Instant::now();
        let o = run_once(&opts).with_context(|| format!("{label}, run {run}"))?;
        let secs = started.elapsed().as_secs_f64();
        common.note(format!(
            "{label} run {run}: {} in {secs:.1} s",
            verdict(&o, Objective::MaxPlayer)
        ));
        times.push(secs);
        last = Some(o);
    }
    let (median, runs_s) = median_and_runs(&mut times);
    let o = last.ok_or_else(|| anyhow!("{label}: no run"))?;
    Ok((o, median, runs_s))
}

/// "proven 441", or the unproven status.
pub(super) fn result_cell(o: &Outcome) -> String {
    if o.proven {
        format!("proven {}", o.value)
    } else {
        status_cell(o)
    }
}

/// A split's parts in words ("91 (81 solved, 10 skipped by LP, 0 empty, 0 open)") and its
/// longest part's seconds.
pub(super) fn parts_cells(o: &Outcome) -> Result<(String, String)> {
    let payload: episode::Payload = o.envelope.payload_as()?;
    let parts = payload.split.unwrap_or_default();
    let count = |what: &str| parts.iter().filter(|p| p.status.starts_with(what)).count();
    let solved = parts
        .iter()
        .filter(|p| !p.status.starts_with("skipped") && p.status != "empty")
        .count();
    let longest = parts.iter().map(|p| p.seconds).fold(0.0, f64::max);
    Ok((
        format!(
            "{} ({} solved, {} skipped by LP, {} empty, {} open)",
            parts.len(),
            solved,
            count("skipped"),
            count("empty"),
            count("open")
        ),
        format!("{longest:.1}"),
    ))
}

/// The whole model's size, "rows × columns (integers int)".
pub(super) fn model_cell(o: &Outcome) -> String {
    format!(
        "{} × {} ({} int)",
        o.report.rows, o.report.columns, o.report.integers
    )
}

/// The rows of `old` for player counts not in `new`, then `new`, by player count.
pub(super) fn merge_rows(old: Vec<Vec<String>>, new: &[Vec<String>]) -> Vec<Vec<String>> {
    let mut all: Vec<Vec<String>> = old
        .into_iter()
        .filter(|r| new.iter().all(|n| n[0] != r[0]))
        .chain(new.iter().cloned())
        .collect();
    all.sort_by_key(|r| r[0].parse::<usize>().unwrap_or(usize::MAX));
    all
}
