use super::*;

/// `modern-art compare`: one table, variants × player counts. Every variant file and
/// player count is read before anything is solved (a bad file fails at once, not after an
/// hour of solving); a cell whose solve fails is a row saying why, the other cells are
/// still solved and shown, and the command then exits non-zero. With `--out-dir DIR` each
/// cell's episode is written there as `modern-art-{variant}-{N}p.json` (with its `.md`
/// and `.svg`), with the table and its chart.
#[allow(clippy::too_many_arguments)]
pub fn run_compare(
    variants: &[std::path::PathBuf],
    deck: Option<&std::path::Path>,
    players: &[usize],
    split_by: Option<SplitBy>,
    goal: &Goal,
    common: &crate::cli::Common,
    out: &crate::grid::GridOut,
    k: &Knobs,
) -> Result<()> {
    out.check()?;
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
    for (i, ((c, _, _), u)) in cells.iter().zip(&units).enumerate() {
        if let Ok(cell) = &u.result {
            cell.check_joined(i, &labels[i], c)?;
        }
    }
    let mut rows = Vec::new();
    let mut json = Vec::new();
    let mut failed = Vec::new();
    let mut drawn = Vec::new();
    for ((c, objective, _), unit) in cells.iter().zip(units) {
        let n = c.players;
        drawn.push(chart_row(c, unit.result.as_ref().ok()));
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
        if let Some(dir) = &out.out_dir {
            // A file that cannot be written fails the cell, not the table.
            let file = cell_file(dir, &c.variant.name, n);
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
    }
    let dims = chart_dims(variants.len(), players, &drawn);
    let title = "modern-art compare: the maximum of every variant and player count";
    let svg = crate::chart::draw(title, &dims, &drawn);
    out.finish(
        "modern-art",
        &crate::render::table(ROW_HEADER, rows),
        &svg,
        common,
    )?;
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

impl Cell {
    /// In `join` (a no-op otherwise): the cell's episode is this command's
    /// ([`crate::jobs::check_joined`]) and what the table shows is the episode's: its
    /// variant, players and value, and "proven" only for a proven episode.
    fn check_joined(&self, unit: usize, label: &str, c: &Config) -> Result<()> {
        if !crate::jobs::joining() {
            return Ok(());
        }
        crate::jobs::check_joined(episode::GAME, unit, label, &self.envelope, &c.to_value())?;
        let proven = self.json["proven"].as_bool() == Some(true);
        let same = self.envelope.value == Some(self.value as f64)
            && self.json["value"] == self.value
            && (!proven || self.envelope.status == crate::lp::Status::Optimal)
            && self.row.first() == Some(&c.variant.name)
            && self.row.get(1) == Some(&c.players.to_string());
        if !same {
            return Err(crate::jobs::refused(
                unit,
                label,
                "its table row is not its episode's",
            ));
        }
        Ok(())
    }
}

/// Where `compare --out-dir DIR` writes one cell: `DIR/modern-art-{variant}-{N}p.json`.
pub(super) fn cell_file(
    dir: &std::path::Path,
    variant: &str,
    players: usize,
) -> std::path::PathBuf {
    dir.join(format!("modern-art-{}-{players}p.json", file_safe(variant)))
}

/// A cell as the chart reads it: the variant's name and the player count, the value and
/// the bound (none for a cell that failed).
fn chart_row(c: &Config, cell: Option<&Cell>) -> crate::grid::Row {
    let settings = [
        ("variant".to_string(), c.variant.name.clone()),
        ("players".to_string(), c.players.to_string()),
    ];
    let proven = cell.is_some_and(|x| x.json["proven"].as_bool() == Some(true));
    crate::grid::Row {
        settings: settings.into_iter().collect(),
        status: if proven { "proven" } else { "best found" }.into(),
        proven,
        value: cell.map(|x| x.value as f64),
        bound: cell.and_then(|x| x.json["bound"].as_f64()),
        certified: None,
        error: None,
        seconds: 0.0,
        episode: None,
    }
}

/// The chart's keys: the variants and the player counts, each when it takes more than
/// one value.
fn chart_dims(
    files: usize,
    players: &[usize],
    rows: &[crate::grid::Row],
) -> Vec<crate::grid::Vary> {
    let mut names: Vec<String> = Vec::new();
    for r in rows {
        let n = &r.settings["variant"];
        if !names.contains(n) {
            names.push(n.clone());
        }
    }
    let mut dims = Vec::new();
    if files > 1 {
        dims.push(crate::grid::Vary {
            key: "variant".into(),
            values: names,
        });
    }
    if players.len() > 1 {
        dims.push(crate::grid::Vary {
            key: "players".into(),
            values: players.iter().map(|n| n.to_string()).collect(),
        });
    }
    dims
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
