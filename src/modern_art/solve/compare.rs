use super::*;

/// `modern-art compare`: one table, variants × player counts. Every variant file and
/// player count is read before anything is solved (a bad file fails at once, not after an
/// hour of solving); a cell whose solve fails is a row saying why, the other cells are
/// still solved and shown, and the command then exits non-zero. With `--out FILE.json`
/// each cell's episode is written beside it as `FILE-{variant}-{N}p.json` (and `.md`).
pub fn run_compare(
    variants: &[std::path::PathBuf],
    deck: Option<&std::path::Path>,
    players: &[usize],
    split_by: Option<SplitBy>,
    goal: &Goal,
    common: &crate::cli::Common,
    k: &Knobs,
) -> Result<()> {
    refuse_diagnostic_fixings("compare", &k.build.fixes)?;
    if variants.is_empty() {
        bail!("compare needs at least one --variant FILE");
    }
    check_no_repeats(players)?;
    if let Some(path) = first_repeat(variants) {
        bail!(
            "variant {} is given twice: compare each variant once",
            path.display()
        );
    }
    let mut cells = Vec::new();
    // Rows and `--out` files are named by the variant's name: two files with one name (a
    // copy edited but not renamed) would be told apart by nothing.
    let mut named: std::collections::BTreeMap<String, &std::path::Path> = Default::default();
    for path in variants {
        for (k, &n) in players.iter().enumerate() {
            let c = Config::load(path, deck, n)?;
            // The name is the file's, whatever the player count: checked once per file.
            if k == 0 {
                if let Some(first) = named.insert(c.variant.name.clone(), path) {
                    bail!(
                        "two variants are named \"{}\": {} and {}; give each file its own \"name\"",
                        c.variant.name,
                        first.display(),
                        path.display()
                    );
                }
            }
            let (objective, seat) = goal.parse(n)?;
            cells.push((c, objective, seat));
        }
    }
    let labels: Vec<String> = cells
        .iter()
        .map(|(c, _, _)| format!("{} {}p", c.variant.name, c.players))
        .collect();
    let solve_one = |i: usize| -> Result<Cell> {
        let (c, objective, seat) = &cells[i];
        let (by, opts) = split_plan(split_by, false, *objective, common, k);
        let solved = match by {
            Some(by) => split(c, *objective, *seat, by, &opts, None, k),
            None => solve(c, *objective, *seat, &Scope::all(), &opts, k),
        };
        let o = or_first_legal_game(solved, c, *objective, *seat, common)?;
        Ok(Cell::of(c, *objective, &o))
    };
    let describe = |cell: &Cell| (cell.verdict.clone(), Some(cell.value as f64));
    let units = crate::jobs::map(common, &labels, solve_one, describe)?;
    let mut rows = Vec::new();
    let mut json = Vec::new();
    let mut failed = Vec::new();
    for ((c, objective, _), unit) in cells.iter().zip(units) {
        let n = c.players;
        let cell = match unit.result {
            Ok(cell) => cell,
            Err(why) => {
                // Past the deadline a cell that did not finish is "stopped", not failed:
                // the command reports what it has and exits 0, as a time-limited solve.
                let stopped = crate::options::expired();
                let status = match (stopped, why == crate::options::NOT_REACHED) {
                    (true, true) => why.clone(),
                    (true, false) => format!("stopped by --time-limit: {why}"),
                    _ => format!("failed: {why}"),
                };
                rows.push(vec![
                    c.variant.name.clone(),
                    n.to_string(),
                    "-".into(),
                    "-".into(),
                    "-".into(),
                    status,
                    "-".into(),
                ]);
                json.push(serde_json::json!({
                    "variant": c.variant.name, "players": n, "objective": objective.name(),
                    "error": why, "stopped": stopped,
                }));
                if !stopped {
                    failed.push(format!("{} {n}p: {why}", c.variant.name));
                }
                continue;
            }
        };
        if let Some(out) = &common.out {
            // A file that cannot be written fails the cell, not the table.
            let file = cell_file(out, &c.variant.name, n);
            let saved = common.save_episode(&file, &cell.envelope);
            if let Err(e) = saved {
                failed.push(format!(
                    "{} {n}p: solved, but not saved: {e:#}",
                    c.variant.name
                ));
            }
        }
        rows.push(cell.row);
        json.push(cell.json);
    }
    if common.json {
        common.print_json(&json)?;
    } else {
        println!("{}", crate::render::table(ROW_HEADER, rows));
    }
    if !failed.is_empty() {
        bail!(
            "{} of {} cells failed: {}",
            failed.len(),
            cells.len(),
            failed.join("; ")
        );
    }
    Ok(())
}

/// One solved cell of `compare`, as a worker process hands it back: the episode and
/// what the table and `--json` show of it.
#[derive(serde::Serialize, serde::Deserialize)]
struct Cell {
    envelope: Envelope,
    value: i64,
    row: Vec<String>,
    json: serde_json::Value,
    verdict: String,
}

impl Cell {
    fn of(c: &Config, objective: Objective, o: &Outcome) -> Cell {
        let n = c.players;
        Cell {
            envelope: o.envelope.clone(),
            value: o.value,
            row: row(&c.variant.name, n, o, status_cell(o)),
            json: serde_json::json!({
                "variant": c.variant.name, "players": n, "objective": objective.name(),
                "seat": o.plan.seat + 1, "value": o.value, "bound": o.report.bound,
                "proven": o.proven, "scores": o.scores, "seconds": o.report.seconds,
            }),
            verdict: verdict(o, objective),
        }
    }
}

/// Where `compare --out FILE.json` writes one cell: `FILE-{variant}-{N}p.json`.
pub(super) fn cell_file(
    out: &std::path::Path,
    variant: &str,
    players: usize,
) -> std::path::PathBuf {
    let stem = out
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_else(|| "compare".into());
    out.with_file_name(format!("{stem}-{}-{players}p.json", file_safe(variant)))
}

/// The columns of [`row`].
pub(super) const ROW_HEADER: [&str; 7] = [
    "variant",
    "players",
    "seat",
    "maximum",
    "other players",
    "status",
    "seconds",
];

/// One solve as a table row of `compare` and `results`.
pub(super) fn row(variant: &str, players: usize, o: &Outcome, status: String) -> Vec<String> {
    vec![
        variant.to_string(),
        players.to_string(),
        format!("P{}", o.plan.seat + 1),
        value_cell(o),
        others(o),
        status,
        format!("{:.1}", o.report.seconds),
    ]
}
