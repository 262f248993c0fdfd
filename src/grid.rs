//! `<game> compare --vary KEY=V1,V2`: the grid of every combination of the varied keys,
//! one bound per cell, as one table (or `--json` rows).
//!
//! Every game's `compare` goes through [`run`]: the game says how a cell's settings become
//! a problem (`prepare`, run for every cell before any solving, so a bad key or value fails
//! at once) and how a problem is solved into an episode (`solve`). Each episode is then
//! replayed by its referee (the row's certificate) and, with `--out-dir DIR`, written
//! there with the table and its chart ([`crate::chart`]); `--chart FILE.svg` draws the
//! chart anywhere. Cells are solved one after another, or on `--jobs N` worker processes,
//! or written out as jobs with `--emit-jobs DIR` ([`crate::jobs`]); the table is the same
//! either way.

use std::path::{Path, PathBuf};

use anyhow::{anyhow, bail, Result};
use serde::Serialize;

use crate::cli::Common;
use crate::episode::Envelope;
use crate::lp::Status;
use crate::variants::{Refused, Setting};
use clap::Args;

/// Where `compare` writes besides its table on stdout: a folder for the cells' episodes
/// (its own option, since `--out` names one episode file) and the grid's chart.
#[derive(Debug, Clone, Args, Default)]
pub struct GridOut {
    /// Write each cell's episode (JSON, with its .md and .svg) into DIR, a folder that
    /// exists, with the table (DIR/GAME-compare.md) and its chart (DIR/GAME-compare.svg).
    #[arg(long, value_name = "DIR")]
    pub out_dir: Option<PathBuf>,
    /// Draw the grid as a chart (SVG) in FILE.svg; the table printed then starts with the
    /// picture's link by its file name (save the table beside it).
    #[arg(long, value_name = "FILE.svg")]
    pub chart: Option<PathBuf>,
}

impl GridOut {
    /// Check both paths before any solving: the folder exists and takes files, the chart's
    /// folder exists.
    pub fn check(&self) -> Result<()> {
        if let Some(dir) = &self.out_dir {
            crate::io::check_out_dir(dir)?;
        }
        if let Some(chart) = &self.chart {
            crate::io::check_chart(chart)?;
        }
        Ok(())
    }

    /// Where a cell's episode goes: `DIR/{game}-{key}-{value}-….json`.
    fn cell(&self, game: &str, cell: &[Setting]) -> Option<PathBuf> {
        self.out_dir.as_ref().map(|d| cell_file(d, game, cell))
    }

    /// Draw the chart (`svg`) where asked, print the table (`md`) on stdout (after the
    /// chart's link when `--chart` is given) unless `--json`, and write both into
    /// `--out-dir`.
    pub fn finish(&self, game: &str, md: &str, svg: &str, common: &Common) -> Result<()> {
        let alt = format!("{game} compare: the value of every cell");
        let link = |p: &Path| {
            let name = p.file_name().unwrap_or_default().to_string_lossy();
            format!("![{alt}]({name})\n\n{md}")
        };
        if let Some(chart) = &self.chart {
            crate::io::write_noting(chart, svg.as_bytes())?;
            common.note(format!("wrote {}", chart.display()));
        }
        if let Some(dir) = &self.out_dir {
            let (page, picture) = (
                dir.join(format!("{game}-compare.md")),
                dir.join(format!("{game}-compare.svg")),
            );
            crate::io::write_noting(&picture, svg.as_bytes())?;
            crate::io::write_noting(&page, link(&picture).as_bytes())?;
            common.note(format!(
                "wrote {} and {}",
                page.display(),
                picture.display()
            ));
        }
        if !common.json {
            match &self.chart {
                Some(chart) => println!("{}", link(chart)),
                None => println!("{md}"),
            }
        }
        Ok(())
    }
}

/// One `--vary KEY=V1,V2,…`: a key and the values it takes in turn.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Vary {
    pub key: String,
    pub values: Vec<String>,
}

impl Vary {
    /// Parse `KEY=V1,V2,…`, or `KEY=V1;V2;…` where a value is itself a comma list
    /// (`deal.2=13,6,6,3;10,6,6,3`).
    pub fn parse(text: &str) -> Result<Vary> {
        let (key, list) = text
            .split_once('=')
            .filter(|(k, _)| !k.trim().is_empty())
            .ok_or_else(|| anyhow!("--vary `{text}`: write KEY=V1,V2 (e.g. --vary colours=5,6)"))?;
        let sep = if list.contains(';') { ';' } else { ',' };
        let values: Vec<String> = list
            .split(sep)
            .map(|v| v.trim().to_string())
            .filter(|v| !v.is_empty())
            .collect();
        if values.is_empty() {
            bail!("--vary `{text}`: give at least one value after `=`");
        }
        if let Some(v) = values
            .iter()
            .find(|v| values.iter().filter(|w| w == v).count() > 1)
        {
            bail!("--vary `{text}`: value `{v}` is given twice");
        }
        Ok(Vary {
            key: key.trim().to_string(),
            values,
        })
    }

    /// Parse every `--vary` of a command beside its `--set`s (`set`, as typed): a key both
    /// fixed and varied is refused, since the grid's values would silently replace the
    /// fixed one.
    pub fn parse_grid(texts: &[String], set: &[String]) -> Result<Vec<Vary>> {
        let dims = Vary::parse_all(texts)?;
        for s in set.iter().filter_map(|t| Setting::parse(t).ok()) {
            if let Some(d) = dims.iter().find(|d| d.key == s.key) {
                bail!(
                    "--set {s} and --vary {}={}: key `{}` is either fixed or varied; drop one",
                    d.key,
                    d.values.join(if d.values.iter().any(|v| v.contains(',')) {
                        ";"
                    } else {
                        ","
                    }),
                    d.key
                );
            }
        }
        Ok(dims)
    }

    /// Parse every `--vary` of a command; a key varied twice is refused.
    pub fn parse_all(texts: &[String]) -> Result<Vec<Vary>> {
        let all: Vec<Vary> = texts
            .iter()
            .map(|t| Vary::parse(t))
            .collect::<Result<_>>()?;
        for (i, v) in all.iter().enumerate() {
            if all[..i].iter().any(|w| w.key == v.key) {
                bail!(
                    "--vary {}: the key is varied twice; list its values once",
                    v.key
                );
            }
        }
        Ok(all)
    }
}

/// Every combination of the varied values, the first key changing slowest.
pub fn cells(dims: &[Vary]) -> Vec<Vec<Setting>> {
    let mut out: Vec<Vec<Setting>> = vec![Vec::new()];
    for d in dims {
        out = out
            .into_iter()
            .flat_map(|cell| {
                d.values.iter().map(move |v| {
                    let mut c = cell.clone();
                    c.push(Setting {
                        key: d.key.clone(),
                        value: v.clone(),
                    });
                    c
                })
            })
            .collect();
    }
    out
}

/// One factor at a time: each cell of the product of `base`, first as it is, then with
/// each value of `each` alone (every other key as the rules file has it), e.g. a
/// standard game and one disputed reading flipped per row.
pub fn one_at_a_time(base: &[Vary], each: &[Vary]) -> Vec<Vec<Setting>> {
    let mut out = Vec::new();
    for cell in cells(base) {
        out.push(cell.clone());
        for d in each {
            for v in &d.values {
                let mut c = cell.clone();
                c.push(Setting {
                    key: d.key.clone(),
                    value: v.clone(),
                });
                out.push(c);
            }
        }
    }
    out
}

/// One solved (or failed) cell, as `--json` prints it.
#[derive(Debug, Clone, Serialize)]
pub struct Row {
    /// The cell's varied keys and values.
    pub settings: std::collections::BTreeMap<String, String>,
    /// `proven` (the bound is the episode's value), `best found` (a limit stopped the
    /// solve), `failed`, or past `--time-limit` `not reached: …` / `stopped by …`.
    pub status: String,
    pub proven: bool,
    pub value: Option<f64>,
    pub bound: Option<f64>,
    /// The referee's certificate line, when it accepted the episode.
    pub certified: Option<String>,
    /// Why the cell failed or its episode was rejected.
    pub error: Option<String>,
    pub seconds: f64,
    /// Where `--out-dir DIR` wrote the episode.
    pub episode: Option<PathBuf>,
}

/// Solve every cell of `dims` (fixed settings are the game's business: it folds them into
/// `prepare`) and print the table. Fails (exit 2) after the table when a cell failed.
/// `rules`: the `variant` a cell's episode carries, which `join` checks its answers
/// against ([`crate::jobs::check_joined`]).
pub fn run<T>(
    game: &str,
    dims: &[Vary],
    common: &Common,
    out: &GridOut,
    prepare: impl Fn(&[Setting]) -> Result<T>,
    rules: impl Fn(&T) -> Result<serde_json::Value>,
    solve: impl Fn(T) -> Result<Envelope>,
) -> Result<()> {
    run_cells(game, dims, cells(dims), common, out, prepare, rules, solve)
}

/// [`run`] over chosen cells of `dims` (e.g. [`one_at_a_time`]) instead of all of them.
#[allow(clippy::too_many_arguments)]
pub fn run_cells<T>(
    game: &str,
    dims: &[Vary],
    grid: Vec<Vec<Setting>>,
    common: &Common,
    out: &GridOut,
    prepare: impl Fn(&[Setting]) -> Result<T>,
    rules: impl Fn(&T) -> Result<serde_json::Value>,
    solve: impl Fn(T) -> Result<Envelope>,
) -> Result<()> {
    out.check()?;
    let labels: Vec<String> = grid.iter().map(|c| label(c)).collect();
    let mut problems = Vec::with_capacity(grid.len());
    for (cell, name) in grid.iter().zip(&labels) {
        problems.push(Some(prepared(prepare(cell), name)?));
    }
    // Nothing to solve: the grid itself is refused, by its first cell's reason.
    if problems.iter().all(|p| matches!(p, Some(Err(_)))) {
        if let Some(Some(Err(first))) = problems.first() {
            let every = if labels.len() > 1 {
                " (every cell is refused)"
            } else {
                ""
            };
            bail!("{}: {first}{every}", labels[0]);
        }
    }
    let solve_one = |i: usize| match problems[i].take() {
        Some(Ok(p)) => solve(p),
        Some(Err(why)) => Err(anyhow!(why)),
        None => bail!("cell {} solved twice", labels[i]),
    };
    let describe = |env: &Envelope| {
        let status = if env.status == Status::Optimal {
            "proven"
        } else {
            "best found"
        };
        (
            format!("{status} {}", env.value.map(show).unwrap_or_default()),
            env.value,
        )
    };
    let units = crate::jobs::map(common, &labels, solve_one, describe)?;
    if crate::jobs::joining() {
        for (i, u) in units.iter().enumerate() {
            if let (Ok(env), Some(Ok(p))) = (&u.result, &problems[i]) {
                crate::jobs::check_joined(game, i, &labels[i], env, &rules(p)?)?;
            }
        }
    }
    let rows: Vec<Row> = grid
        .iter()
        .zip(units)
        .map(|(cell, u)| match u.result {
            Ok(env) => finish(cell, env, u.seconds, out.cell(game, cell), common),
            Err(e) => failed(cell, e, u.seconds),
        })
        .collect();
    if common.json {
        common.print_json(&rows)?;
    }
    let title = format!("{game} compare: the value of every cell");
    out.finish(
        game,
        &table(dims, &rows),
        &crate::chart::draw(&title, dims, &rows),
        common,
    )?;
    let bad: Vec<String> = rows
        .iter()
        .filter(|r| r.error.is_some())
        .map(|r| format!("{}: {}", label_of(r), r.error.as_deref().unwrap_or("")))
        .collect();
    if !bad.is_empty() {
        bail!(
            "{} of {} cells failed: {}",
            bad.len(),
            rows.len(),
            bad.join("; ")
        );
    }
    Ok(())
}

/// A cell's problem, or why the rules refuse its values ([`Refused`]: the cell becomes a
/// failed row); any other error (an unknown key, a value not of its key's type) is the
/// command line's and refuses the whole grid before anything is solved.
fn prepared<T>(problem: Result<T>, label: &str) -> Result<std::result::Result<T, String>> {
    match problem {
        Ok(p) => Ok(Ok(p)),
        Err(e) if e.is::<Refused>() => Ok(Err(format!("{e:#}"))),
        Err(e) => Err(anyhow!("{label}: {e:#}")),
    }
}

/// Certify a cell's episode with its referee and write it to `file` (`--out-dir`).
fn finish(
    cell: &[Setting],
    env: Envelope,
    elapsed: f64,
    file: Option<PathBuf>,
    common: &Common,
) -> Row {
    let seconds = env.solver.as_ref().map(|s| s.seconds).unwrap_or(elapsed);
    let proven = env.status == Status::Optimal;
    let (certified, mut error) = match crate::games::verify(&env) {
        Ok(line) => (Some(line), None),
        Err(e) => (
            None,
            Some(format!("the referee rejects the episode: {e:#}")),
        ),
    };
    let mut episode = None;
    if let (Some(path), None) = (file, &error) {
        match common.save_episode(&path, &env) {
            Ok(()) => episode = Some(path),
            Err(e) => error = Some(format!("solved, but not saved: {e:#}")),
        }
    }
    Row {
        settings: settings_map(cell),
        status: if error.is_some() {
            "failed".into()
        } else if proven {
            "proven".into()
        } else {
            "best found".into()
        },
        proven: proven && error.is_none(),
        value: env.value,
        bound: env.bound,
        certified,
        error,
        seconds,
        episode,
    }
}

/// A cell with no episode: failed, or (past `--time-limit`) stopped or not reached,
/// which is what a time-limited grid reports, not an error.
fn failed(cell: &[Setting], why: String, seconds: f64) -> Row {
    let stopped = crate::options::expired();
    let status = match (stopped, why == crate::options::NOT_REACHED) {
        (true, true) => why.clone(),
        (true, false) => format!("stopped by --time-limit: {why}"),
        _ => "failed".into(),
    };
    Row {
        settings: settings_map(cell),
        status,
        proven: false,
        value: None,
        bound: None,
        certified: None,
        error: (!stopped).then_some(why),
        seconds,
        episode: None,
    }
}

fn settings_map(cell: &[Setting]) -> std::collections::BTreeMap<String, String> {
    cell.iter()
        .map(|s| (s.key.clone(), s.value.clone()))
        .collect()
}

/// `colours=5, wagers=2` (`as given` for a cell that changes nothing).
pub fn label(cell: &[Setting]) -> String {
    if cell.is_empty() {
        return "as given".into();
    }
    cell.iter()
        .map(|s| s.to_string())
        .collect::<Vec<_>>()
        .join(", ")
}

fn label_of(r: &Row) -> String {
    r.settings
        .iter()
        .map(|(k, v)| format!("{k}={v}"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// Where `--out-dir DIR` writes a cell: `DIR/{game}-{key}-{value}-….json`.
pub fn cell_file(dir: &Path, game: &str, cell: &[Setting]) -> PathBuf {
    let mut name = game.to_string();
    for s in cell {
        name.push_str(&format!("-{}-{}", safe(&s.key), safe(&s.value)));
    }
    dir.join(format!("{name}.json"))
}

fn safe(text: &str) -> String {
    text.chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '_' || c == '.' {
                c
            } else {
                '_'
            }
        })
        .collect()
}

/// A whole number as one (solver values carry float noise), else two decimals.
pub(crate) fn show(x: f64) -> String {
    if (x - x.round()).abs() < 1e-6 && x.abs() < 1e15 {
        format!("{}", x.round() as i64)
    } else {
        format!("{x:.2}")
    }
}

/// The markdown table of the grid (what `compare` prints and [`crate::chart::read_table`] reads).
pub(crate) fn table(dims: &[Vary], rows: &[Row]) -> String {
    let mut header: Vec<String> = dims.iter().map(|d| d.key.clone()).collect();
    header.extend(
        [
            "value",
            "bound",
            "status",
            "certified",
            "seconds",
            "episode",
        ]
        .iter()
        .map(|s| s.to_string()),
    );
    let body = rows.iter().map(|r| {
        let mut cells: Vec<String> = dims
            .iter()
            .map(|d| r.settings.get(&d.key).cloned().unwrap_or_default())
            .collect();
        cells.push(r.value.map(show).unwrap_or_else(|| "-".into()));
        cells.push(r.bound.map(show).unwrap_or_else(|| "-".into()));
        cells.push(match &r.error {
            Some(e) => format!("failed: {e}"),
            None => r.status.clone(),
        });
        cells.push(if r.certified.is_some() { "yes" } else { "no" }.into());
        cells.push(format!("{:.2}", r.seconds));
        cells.push(
            r.episode
                .as_ref()
                .map(|p| format!("`{}`", p.display()))
                .unwrap_or_else(|| "-".into()),
        );
        cells
    });
    crate::render::table(header, body)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn grid_of_all_combinations() {
        let dims = Vary::parse_all(&["a=1,2".into(), "b=x;y,z".into()]).unwrap();
        assert_eq!(dims[1].values, ["x", "y,z"]);
        let c = cells(&dims);
        let labels: Vec<String> = c.iter().map(|c| label(c)).collect();
        assert_eq!(labels, ["a=1, b=x", "a=1, b=y,z", "a=2, b=x", "a=2, b=y,z"]);
        assert!(Vary::parse("a").is_err());
        assert!(Vary::parse("a=").is_err());
        assert!(Vary::parse("a=1,1").is_err());
        assert!(Vary::parse_all(&["a=1".into(), "a=2".into()]).is_err());
        let f = cell_file(Path::new("out"), "g", &c[1]);
        assert_eq!(f, Path::new("out/g-a-1-b-y_z.json"));
        let once = one_at_a_time(&dims[..1], &dims[1..]);
        let labels: Vec<String> = once.iter().map(|c| label(c)).collect();
        assert_eq!(
            labels,
            [
                "a=1",
                "a=1, b=x",
                "a=1, b=y,z",
                "a=2",
                "a=2, b=x",
                "a=2, b=y,z"
            ]
        );
        assert_eq!(label(&one_at_a_time(&[], &dims)[0]), "as given");
    }
}
