//! `traveller results` and `traveller bench`: the committed tables of proven plans and
//! the benchmark report.

use super::*;

/// A proven episode already in `games/` for this board, rules, start 67 and budget, that
/// the referee replays: `results` keeps it rather than solving again (a proof can take
/// far longer than `--time-limit`, e.g. the event search at T = 100). Anything else —
/// missing, unproven, another board or budget, a plan the referee rejects — is None.
fn proven_episode(path: &Path, board: &Board, rules: &Rules, steps: usize) -> Option<Envelope> {
    let env = crate::games::load(path).ok()?;
    let want = serde_json::to_value(variant(board, rules, 67, steps, BTreeMap::new())).ok()?;
    let proven = env.game == "traveller"
        && env.status == Status::Optimal
        && env.variant == want
        && env.solver.as_ref().is_some_and(|s| s.proven());
    (proven && crate::games::verify(&env).is_ok()).then_some(env)
}

/// Start measuring the process's peak memory afresh (Linux: `/proc/self/clear_refs`; a
/// no-op elsewhere).
fn reset_peak() {
    let _ = std::fs::write("/proc/self/clear_refs", "5");
}

/// The process's peak resident memory since [`reset_peak`], in MiB (`VmHWM`), if known.
fn peak_mib() -> Option<f64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kb: f64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb / 1024.0)
}

/// The results' *method* column: which method proved the row, with its counts.
fn method_cell(env: &Envelope) -> Result<String> {
    let s = env.solver.as_ref().unwrap();
    Ok(match env.payload_as::<Payload>()? {
        Payload {
            search: Some(how),
            trader,
            ..
        } if trader == "labels" => format!("labels: {how}"),
        Payload {
            search: Some(how), ..
        } => format!("event search: {how}"),
        _ => format!("ILP {} × {} ({} int)", s.rows, s.columns, s.integers),
    })
}

pub(super) fn results_cmd(
    classic_steps: &[usize],
    large_steps: &[usize],
    models: &Path,
    results: &Path,
    games: &Path,
    common: &Common,
) -> Result<()> {
    let rules = Rules::load(&models.join("rules.json"))?;
    let mut rows = Vec::new();
    let mut pictures = Vec::new();
    let report = results.join("traveller.md");
    for (file, steps) in [("classic.pl", classic_steps), ("large.pl", large_steps)] {
        let board = Board::load(&models.join(file))?;
        for (i, &t) in steps.iter().enumerate() {
            let name = format!("traveller-{}-t{t}", board.name);
            let kept = proven_episode(&games.join(format!("{name}.json")), &board, &rules, t);
            let mut peak = None;
            let env = match kept {
                Some(env) => {
                    common.note(format!(
                        "  {} T={t}: kept the proven episode games/{name}.json (replayed by \
                         the referee; delete it to solve again)",
                        board.name
                    ));
                    env
                }
                None => {
                    reset_peak();
                    let env = bound(&board, &rules, 67, t, BTreeMap::new(), Method::Auto, common)?;
                    peak = peak_mib();
                    env
                }
            };
            crate::games::verify(&env).context("the bound's episode fails its referee")?;
            let g = greedy_episode(&board, &rules, 67, t)?;
            let tp = trips::plan(&board, &rules, board.square(67)?, t);
            let tv = engine::replay(&board, &rules, 67, &tp)?.last().cash;
            let path = games.join(format!("{name}.json"));
            let (_, svg) = crate::cli::save_episode(&path, &env)?;
            if i == 0 {
                pictures.push(format!(
                    "![{} board, T = {t}]({})",
                    board.name,
                    crate::cli::relative(&report, &svg)
                ));
            }
            let s = env.solver.as_ref().unwrap();
            let value = env.value.unwrap();
            let gv = g.value.unwrap();
            rows.push(vec![
                format!("{} ({} squares)", board.name, board.n()),
                t.to_string(),
                format!("£{}", money(value)),
                env.bound
                    .map(|b| format!("£{}", money(b)))
                    .unwrap_or_else(|| "-".into()),
                if env.status == Status::Optimal {
                    "**proven optimum**".to_string()
                } else {
                    format!(
                        "not proven, gap {:.1}%",
                        100.0 * env.gap.unwrap_or(f64::NAN)
                    )
                },
                format!("{:.2}", s.seconds),
                peak.map_or("-".into(), |m| format!("{m:.0}")),
                method_cell(&env)?,
                format!("£{}", money(gv)),
                format!("£{}", money(tv)),
                format!("{:.2}", (value - rules.cash) / (gv - rules.cash).max(1.0)),
                format!("`games/{name}.json`"),
            ]);
            common.note(format!(
                "  {} T={t}: bound £{} ({}), {:.2} s; greedy £{}",
                board.name,
                money(value),
                env.status,
                s.seconds,
                money(gv)
            ));
        }
    }
    let table = crate::render::table(
        [
            "board",
            "T",
            "best plan (cash)",
            "upper bound",
            "result",
            "solve s",
            "peak MiB",
            "method",
            "greedy",
            "trip planner",
            "profit ratio",
            "episode",
        ],
        rows,
    );
    let md = format!(
        "# Traveller — the most cash in T steps\n\n\
         Start square 67, £{} cash, tank {} (full), lorry {} cu ft; each action is one step \
         and the trader may stop early. *best plan* is the best plan of `bound --method auto` \
         (the labels over single-load plans, the search over event sequences from their \
         plan where they leave the bound open, and the ILP over the time-expanded board \
         where --time-limit stops the search; HiGHS, 1 thread, started from the better of \
         the greedy and trip-planner plans), replayed by the referee to the same cash; a proven \
         episode already in `games/` is kept (replayed first), its time the original \
         solve's; \
         *upper bound* is the proven bound on any plan; *method* says which proved it (the \
         labels: how many, dominated, cut by the relaxed future, escaping events bounded; \
         the event search: how many sequences end in a sale, and how many of them needed \
         their LP and their MIP; the ILP: its size); *peak MiB* the process's peak resident \
         memory during the solve (`-` for a kept episode); *greedy* is \
         the one-trip-ahead baseline; *trip planner* the whole-trip dynamic programme (the \
         usual MIP start); *profit ratio* = best-plan profit / greedy profit. *solve s* \
         includes the checkpoint LPs. A row is a proven \
         maximum only where it says \"proven optimum\" (best plan = upper bound).\n\n\
         Regenerate: `gamebounds traveller results --part-limit {}` (the Makefile's \
         `results` target). Solve times are wall clock on a 2-core machine shared with \
         other jobs: expect noise.\n\n{table}\n",
        money(rules.cash),
        rules.tank,
        money(rules.capacity),
        common
            .part_limit
            .or(common.time_limit)
            .map(money)
            .unwrap_or_else(|| "none".into()),
    );
    let md = if pictures.is_empty() {
        md
    } else {
        format!(
            "{md}\nThe shortest plan on each board, drawn (the route, where the lorry buys and \
             sells, its cash and load step by step):\n\n{}\n",
            pictures.join("\n\n")
        )
    };
    common.write_report(&report, &md)?;
    Ok(())
}

pub(super) fn bench(
    path: &Path,
    start: u32,
    steps: &[usize],
    repeat: usize,
    report: &Path,
    common: &Common,
) -> Result<()> {
    let board = Board::load(path)?;
    let rules = Rules::default();
    let quiet = Common {
        quiet: true,
        ..common.clone()
    };
    let mut rows = Vec::new();
    for &t in steps {
        let mut times = Vec::new();
        let mut last = None;
        for _ in 0..repeat.max(1) {
            let started = Instant::now();
            let env = bound(
                &board,
                &rules,
                start,
                t,
                BTreeMap::new(),
                Method::Ilp,
                &quiet,
            )?;
            times.push(started.elapsed().as_secs_f64());
            last = Some(env);
        }
        times.sort_by(f64::total_cmp);
        let env = last.unwrap();
        // The root LP bound (with the checkpoint ceilings, without a known plan).
        let lp = model::relaxation(
            &board,
            &rules,
            board.square(start)?,
            t,
            &quiet.solve_options(),
            &model::Tuning::default(),
        )?;
        let s = env.solver.as_ref().unwrap();
        let median = times[times.len() / 2];
        common.note(format!(
            "  T={t}: median {median:.2} s over {} runs",
            times.len()
        ));
        rows.push(vec![
            t.to_string(),
            format!("£{}", money(env.value.unwrap())),
            env.status.to_string(),
            format!("{median:.2}"),
            format!("{:.2}", times[0]),
            format!("{:.2}", times[times.len() - 1]),
            format!("{} × {}", s.rows, s.columns),
            s.nodes.map(|n| n.to_string()).unwrap_or_default(),
            lp.objective
                .map(|b| format!("£{}", money((b * 100.0).round() / 100.0)))
                .unwrap_or_default(),
            format!("{:.2}", lp.seconds),
        ]);
    }
    let md = format!(
        "# Traveller bound — solve times\n\nBoard `{}` ({} squares), start {start}, HiGHS 1 \
         thread, {} run(s) each, checkpoint LPs + model build + solve + referee replay, wall \
         clock on a 2-core machine shared with other jobs (noisy). *root LP*: the LP \
         relaxation with the checkpoint ceilings but without the known plan's targets (its \
         time excludes the checkpoints).\n\nRegenerate: `gamebounds traveller \
         bench --board {} --steps {} --repeat {}`\n\n{}\n",
        board.name,
        board.n(),
        repeat.max(1),
        path.display(),
        steps
            .iter()
            .map(|t| t.to_string())
            .collect::<Vec<_>>()
            .join(","),
        repeat.max(1),
        crate::render::table(
            [
                "T",
                "bound",
                "status",
                "median s",
                "min s",
                "max s",
                "rows × cols",
                "nodes",
                "root LP",
                "root LP s"
            ],
            rows
        )
    );
    crate::cli::write_file(report, &md)?;
    print!("{md}");
    Ok(())
}

/// `bench --labels`: the label programme alone per budget, started from the better of the
/// greedy and trip-planner plans (as `bound` starts it), with its counts and peak memory.
pub(super) fn bench_labels(
    path: &Path,
    start: u32,
    steps: &[usize],
    report: &Path,
    common: &Common,
) -> Result<()> {
    let board = Board::load(path)?;
    let rules = Rules::default();
    let square = board.square(start)?;
    let mut rows = Vec::new();
    for &t in steps {
        reset_peak();
        let began = Instant::now();
        let known = super::super::bound::first_incumbent(&board, &rules, square, t);
        let o =
            super::super::sequences::solve_labels(&board, &rules, square, t, &known, None, None)?;
        let seconds = began.elapsed().as_secs_f64();
        let rp = engine::replay(&board, &rules, start, &o.plan)?;
        if rp.illegal.is_some() || (rp.last().cash - o.cash).abs() > 1e-6 * o.cash.max(1.0) {
            bail!("the label method's plan does not replay to its cash (a bug in the labels)");
        }
        common.note(format!("  T={t}: £{} in {seconds:.2} s", money(o.cash)));
        rows.push(vec![
            t.to_string(),
            format!("£{}", money(o.cash)),
            if o.proven {
                "proven"
            } else {
                "escape bound open"
            }
            .to_string(),
            format!("{seconds:.2}"),
            peak_mib().map_or("-".into(), |m| format!("{m:.0}")),
            o.created.to_string(),
            o.dominated.to_string(),
            o.pruned.to_string(),
            o.escapes.to_string(),
            o.escape_bound.map_or("-".into(), |b| {
                format!("£{}", money((b * 100.0).round() / 100.0))
            }),
        ]);
    }
    let md = format!(
        "# Traveller labels — the single-load programme alone\n\nBoard `{}` ({} squares), \
         start {start}, default rules, one thread, one run per budget: the label programme \
         of `bound --method labels` without the event search that follows it when its escape \
         bound is open (see docs/traveller.md). *s* includes the starting plans and the \
         relaxed future's table; *peak MiB* is the process's peak resident memory during \
         the run. Wall clock on a 2-core machine shared with other jobs (noisy).\n\n\
         Regenerate: `gamebounds traveller bench --labels --board {} --steps {} --report {}`\n\n{}\n",
        board.name,
        board.n(),
        path.display(),
        steps.iter().map(|t| t.to_string()).collect::<Vec<_>>().join(","),
        report.display(),
        crate::render::table(
            [
                "T",
                "best plan",
                "result",
                "s",
                "peak MiB",
                "labels",
                "dominated",
                "cut by the relaxed future",
                "escaping events",
                "escape bound",
            ],
            rows
        )
    );
    crate::cli::write_file(report, &md)?;
    print!("{md}");
    Ok(())
}
