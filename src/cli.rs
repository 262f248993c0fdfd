//! The command line: `gamebounds <game> <verb> [options]`, plus `render` and `verify`
//! for any episode file. Options every command shares live in [`Common`].

use std::path::{Path, PathBuf};

use anyhow::{anyhow, bail, Result};
use clap::{Args, FromArgMatches, Subcommand};

use crate::episode::Envelope;
use crate::lp::SolveOptions;
use crate::{claims, games};

const ABOUT: &str = "Exact score bounds for board and card games.

Every game's rules are written twice: once as a rules engine (the referee) and once as an
integer linear program solved by HiGHS. The solver proves the highest possible score and
returns a concrete game reaching it; the referee replays that game and must agree.";

/// Examples and exit codes, after the generated list of games.
const AFTER: &str =
    "Episodes (JSON) written with --out (beside them FILE.md and the picture FILE.svg) can be
checked, rendered and drawn by any game, and gathered into a static HTML site:
  gamebounds render games/modern-art-2p-standard.json -o out.md   (also out.svg)
  gamebounds render games/modern-art-2p-standard.json --svg board.svg
  gamebounds verify games/modern-art-2p-standard.json
  gamebounds audit games/modern-art-2p-anchor.json   (re-solve every part of the proof)
  gamebounds site target/site                                      (open target/site/index.html)

Rules: every game reads a rules file (models/<game>/); `<game> keys` lists its keys with
their defaults and ranges, --set KEY=VALUE overrides one key, and
`<game> compare --vary KEY=V1,V2` bounds every combination (docs/variants.md).
Each game's verbs, options and results: docs/<game>.md; its rules: docs/rules/<game>.md.

Examples:
  gamebounds modern-art bound --players 2 --variant models/modern-art/anchor.json
  gamebounds cribbage score 5H 5S 5C JD --start 5D
  gamebounds cribbage discard 2C 4H 6D 8H 2S JC --dealer
  gamebounds haggle goal --known 1,5,11,15 --hand 3/1/3/3/2
  gamebounds lost-cities bound --colours 6
  gamebounds lost-cities compare --vary colours=5,6 --vary wagers=2,3 --jobs 2
  gamebounds lost-cities compare --vary colours=5,6 --emit-jobs jobs/   (then: gamebounds join jobs/)
  gamebounds traveller bound --board models/traveller/classic.pl --steps 20 --set tank=30

Exit codes: 0 success, 1 an episode its referee rejects, 2 bad input or failed solve.";

/// The games and their verbs, from the registry: the verbs `<game> --help` lists (a
/// hidden one, a maintenance tool such as `proof-from-table`, neither).
fn games_help() -> String {
    let mut out = String::from("Games and verbs (`gamebounds <game> --help` explains each):\n");
    for g in games::GAMES {
        let verbs: Vec<String> = g
            .command()
            .get_subcommands()
            .filter(|c| !c.is_hide_set())
            .map(|c| c.get_name().to_string())
            .collect();
        out.push_str(&format!(
            "  {:<12} {}\n  {:<12} {}\n",
            g.name(),
            verbs.join(" | "),
            "",
            g.about()
        ));
    }
    out
}

/// Options shared by every command.
#[derive(Debug, Clone, Args, Default)]
pub struct Common {
    /// Print machine-readable JSON on stdout instead of tables.
    #[arg(long, global = true)]
    pub json: bool,
    /// Write the episode (JSON) to FILE; FILE.md (rendered) and FILE.svg (its picture,
    /// embedded in the markdown) are written beside it. `compare`, which writes one
    /// episode per cell, takes --out-dir DIR instead; a verb that writes no episode
    /// refuses it.
    #[arg(long, global = true, value_name = "FILE")]
    pub out: Option<PathBuf>,
    /// The whole command's budget: stop after S seconds over all its solves and report
    /// what it has (the best game is then "best found", not a maximum).
    #[arg(long, global = true, value_name = "S", allow_hyphen_values = true, value_parser = crate::options::seconds)]
    pub time_limit: Option<f64>,
    /// Seconds for each solve of a command made of many (a Modern Art split's part, a
    /// grid's cell), within --time-limit.
    #[arg(long, global = true, value_name = "S", allow_hyphen_values = true, value_parser = crate::options::seconds)]
    pub part_limit: Option<f64>,
    /// Solver threads (1 keeps results reproducible).
    #[arg(long, global = true, default_value_t = 1, value_name = "N", value_parser = crate::options::threads)]
    pub threads: u32,
    /// No progress lines on stderr.
    #[arg(long, global = true)]
    pub quiet: bool,
    /// Relay the full HiGHS log, and the solvers' internal steps (presolve re-checked,
    /// seeds retried, plans excluded), to stderr.
    #[arg(long, global = true)]
    pub verbose: bool,
    /// HiGHS's random seed (`random_seed`). The same seed gives the same result; another
    /// seed takes another search path to the same proven maximum, sometimes in a very
    /// different time (`results/bench-modern-art.md` times three seeds).
    #[arg(long, global = true, default_value_t = 0, value_name = "N")]
    pub highs_seed: i32,
    /// Solve the independent parts (grid cells, a comparison's rows, a Modern Art proof's
    /// LPs and parts, a Traveller event search's branches, the audit of either) on N
    /// worker processes at once; the answer is the same for any N (docs/parallel.md).
    #[arg(long, global = true, default_value_t = 1, value_name = "N", value_parser = crate::options::cores)]
    pub jobs: usize,
    /// Write the independent parts (grid cells, a comparison's rows, a Modern Art proof's
    /// parts once its first game is found, a Traveller event search's branches) as job files
    /// in DIR, with jobs.txt (one command line each) for a batch engine, and solve nothing
    /// else; `gamebounds join DIR` then assembles the answer.
    #[arg(long, global = true, value_name = "DIR")]
    pub emit_jobs: Option<PathBuf>,
}

impl Common {
    pub fn solve_options(&self) -> SolveOptions {
        SolveOptions {
            time_limit: self.part_limit.or(self.time_limit),
            threads: self.threads.max(1),
            verbose: self.verbose,
            quiet: self.quiet,
            seed: self.highs_seed,
            ..SolveOptions::default()
        }
    }

    /// The threads of an enumeration with its own `--cores N`: `--jobs N` when given
    /// (more than 1), so one option spreads any command's work.
    pub fn cores_or(&self, cores: usize) -> usize {
        if self.jobs > 1 {
            self.jobs
        } else {
            cores
        }
    }

    /// A progress or status note on stderr (suppressed by --quiet).
    pub fn note(&self, msg: impl AsRef<str>) {
        if !self.quiet {
            eprintln!("{}", msg.as_ref());
        }
    }

    /// Write a report (results/…, a benchmark) with [`write_file`] and note where.
    pub fn write_report(&self, path: &Path, text: &str) -> Result<()> {
        write_file(path, text)?;
        self.note(format!("wrote {}", path.display()));
        Ok(())
    }

    /// Hand an episode to the user: saved with --out (JSON plus a rendered .md and its
    /// picture .svg beside it), printed as JSON with --json, else as markdown.
    pub fn emit(&self, env: &Envelope) -> Result<()> {
        let md = games::render(env)?;
        if let Some(path) = &self.out {
            self.save_episode(path, env)?;
        }
        if self.json {
            println!("{}", serde_json::to_string_pretty(env)?);
        } else {
            print!("{md}");
        }
        Ok(())
    }

    /// Write an episode to `path` with its rendering and picture beside it (see
    /// [`save_episode`]), and note where. Replacing an episode that was there before the
    /// command started is said on stderr even with --quiet (the command's own interim
    /// saves are not).
    pub fn save_episode(&self, path: &Path, env: &Envelope) -> Result<()> {
        let replaced = crate::io::existed_before(path);
        let (md, svg) = save_episode(path, env)?;
        if replaced {
            eprintln!("replaced the existing {}", path.display());
        }
        self.note(format!(
            "wrote {}, {} and {}",
            path.display(),
            md.display(),
            svg.display()
        ));
        Ok(())
    }

    /// Print any serialisable value as JSON (for commands that are not episodes).
    pub fn print_json<T: serde::Serialize>(&self, value: &T) -> Result<()> {
        println!("{}", serde_json::to_string_pretty(value)?);
        Ok(())
    }
}

/// The commands that work on any game's episode; the games' own come from the registry.
#[derive(Debug, Subcommand)]
pub enum Builtin {
    /// Assemble the answer of jobs written by --emit-jobs DIR once every job has run:
    /// the table (or --json, --out) of the command that wrote them, or its proof's episode.
    /// Refuses a folder with a job missing its result or a result of another set, naming
    /// each.
    #[command(after_help = "Example (docs/parallel.md):
  gamebounds lost-cities compare --vary colours=5,6 --vary wagers=2,3 --emit-jobs jobs/
  (cd jobs && parallel < jobs.txt)
  gamebounds join jobs/")]
    Join {
        /// The folder --emit-jobs wrote.
        dir: PathBuf,
        /// For a `compare`'s jobs: write each cell's episode, the table and its chart into
        /// this folder (as compare --out-dir DIR does).
        #[arg(long, value_name = "DIR")]
        out_dir: Option<PathBuf>,
        /// For a `compare`'s jobs: draw the grid's chart in FILE.svg (as compare --chart).
        #[arg(long, value_name = "FILE.svg")]
        chart: Option<PathBuf>,
    },
    /// Time `--jobs 2` against `--jobs 1`, side by side, on a compare grid and the 3- and
    /// 5-player Modern Art proofs, and estimate the scaling from the part times
    /// (docs/parallel.md).
    #[command(name = "bench-parallel")]
    BenchParallel {
        /// Where to write the report.
        #[arg(long, default_value = "results/bench-parallel.md", value_name = "FILE")]
        report: PathBuf,
    },
    /// Solve one job file written by --emit-jobs (or by --jobs N for its workers) and
    /// write its result beside it (JOB.result.json).
    #[command(hide = true)]
    Worker {
        /// The job file.
        job: PathBuf,
        /// Where to write the result instead.
        #[arg(long, value_name = "FILE")]
        result: Option<PathBuf>,
        /// The parent's deadline, seconds since the Unix epoch (the time left is the job's).
        #[arg(long, value_name = "T", value_parser = crate::options::epoch)]
        until: Option<f64>,
        /// The process that started this worker: when it ends (killed, or by a closed
        /// pipe), the worker stops too instead of solving on for nobody.
        #[arg(long, value_name = "PID")]
        parent: Option<u32>,
    },
    /// Render an episode file as markdown tables and draw its picture (SVG).
    #[command(after_help = "Examples:
  gamebounds render games/modern-art-2p-standard.json --svg board.svg
  gamebounds render games/cribbage-max-29.json -o out/max.md   (also out/max.svg)")]
    Render {
        /// The episode (JSON) to render.
        file: PathBuf,
        /// Write the markdown here instead of stdout, and its picture beside it (.svg),
        /// embedded in the markdown. (--out names an episode file, which render reads, not
        /// writes: it is refused here.)
        #[arg(short = 'o', long = "output", value_name = "FILE.md")]
        output: Option<PathBuf>,
        /// Write the episode's picture (SVG) here.
        #[arg(long, value_name = "OUT.svg")]
        svg: Option<PathBuf>,
    },
    /// Draw a compare table saved as markdown (results/*-variants.md) as a chart, FILE.svg
    /// beside it, and embed the chart above the table; nothing is solved again.
    #[command(after_help = "Example:
  gamebounds chart results/modern-art-readings.md   (writes results/modern-art-readings.svg)")]
    Chart {
        /// The markdown file holding the table `compare` printed.
        file: PathBuf,
    },
    /// Build a static HTML site of the episodes and result pages (no server, no script).
    #[command(after_help = "Example:
  gamebounds site target/site && xdg-open target/site/index.html")]
    Site {
        /// The folder to write the site into (made if missing, inside a folder that exists,
        /// as --out FILE is).
        dir: PathBuf,
        /// The episodes' folder.
        #[arg(long, default_value = "games", value_name = "DIR")]
        games: PathBuf,
        /// The result pages' folder.
        #[arg(long, default_value = "results", value_name = "DIR")]
        results: PathBuf,
    },
    /// Replay an episode through its game's referee; exit 0 only if every claim holds.
    ///
    /// Example: gamebounds verify games/cribbage-max-29.json
    ///
    /// With --json: {file, game, objective, verified, proven, value, bound,
    /// bound_rechecked, messages}, also for a refuted episode (verified: false).
    Verify {
        /// The episode (JSON) to verify.
        file: PathBuf,
    },
    /// Verify, then solve every part of the episode's proof record again (a fresh model,
    /// another HiGHS seed, presolve off) and bound each LP safely from its duals; one row
    /// per part, exit 0 only if every part holds (docs/proofs.md).
    ///
    /// Example: gamebounds audit games/modern-art-2p-anchor.json
    ///
    /// Every proven episode, one row each: gamebounds audit games/*.json --report results/audit.md
    Audit {
        /// The episodes (JSON) to audit; with several, one summary row each.
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// Write the summary of every episode audited as markdown to FILE (episodes with
        /// no HiGHS proof are left out; a proven one without a record is listed).
        #[arg(long, value_name = "FILE")]
        report: Option<PathBuf>,
        /// HiGHS random_seed of the fresh solves.
        #[arg(long, default_value_t = 1)]
        seed: i32,
        /// Solve each MIP part to its own maximum instead of only showing that nothing
        /// beats the claimed one, and give every part its LP and safe bound (slower).
        #[arg(long)]
        exact: bool,
    },
}

/// Write an episode as `path` (JSON), `path.md` (rendered, embedding the picture) and
/// `path.svg` (the picture); returns the markdown's and the picture's paths.
/// The episode is written last, so a rendering that cannot be written (FILE.md a folder,
/// a full disk) leaves an existing FILE.json as it was.
pub fn save_episode(path: &Path, env: &Envelope) -> Result<(PathBuf, PathBuf)> {
    let text = env.to_file_text(path)?;
    let (md, svg) = (path.with_extension("md"), path.with_extension("svg"));
    write_rendering(env, &md, &svg)?;
    crate::io::write_atomic(path, text.as_bytes())?;
    Ok((md, svg))
}

/// Write an episode's markdown to `md` and its picture to `svg`, the markdown embedding
/// the picture by a path relative to the markdown's folder.
pub fn write_rendering(env: &Envelope, md: &Path, svg: &Path) -> Result<()> {
    write_file(svg, &games::svg(env)?)?;
    let text = crate::render::with_picture(&games::render(env)?, &relative(md, svg), &env.game);
    write_file(md, &text)
}

/// `target` as a link from a page at `from`: the file name when both share a folder,
/// `../folder/name` when their folders are siblings (`results/` and `games/`), else
/// `target`'s absolute path.
pub fn relative(from: &Path, target: &Path) -> String {
    let dir = |p: &Path| p.parent().map(Path::to_path_buf).unwrap_or_default();
    let name = |p: &Path| {
        p.file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default()
    };
    let (a, b) = (dir(from), dir(target));
    if a == b {
        name(target)
    } else if a.parent().is_some() && a.parent() == b.parent() && !name(&b).is_empty() {
        format!("../{}/{}", name(&b), name(target))
    } else {
        std::path::absolute(target)
            .unwrap_or_else(|_| target.to_path_buf())
            .display()
            .to_string()
    }
}

/// The whole command line: the shared options, one subcommand per registered game, then
/// `render` and `verify`.
pub fn command() -> clap::Command {
    let mut cmd = Common::augment_args(clap::Command::new("gamebounds"));
    for g in games::GAMES {
        cmd = cmd.subcommand(g.command());
    }
    // The derives' doc comments set `about` as they augment: the program's own text last.
    Builtin::augment_subcommands(cmd)
        .version(env!("CARGO_PKG_VERSION"))
        .about(ABOUT)
        .after_help(format!("{}\n{AFTER}", games_help()))
        .subcommand_required(true)
        .arg_required_else_help(true)
}

/// Write a text file atomically ([`crate::io::write_atomic`]); a missing directory is
/// an error naming it (the project's `results/` and `games/` excepted).
pub fn write_file(path: &Path, text: &str) -> Result<()> {
    crate::io::write_atomic(path, text.as_bytes()).map(|_| ())
}

/// Run the command `matches` (from [`command`]) names. A command whose work the jobs
/// machinery did (a worker's unit, jobs written out) ends here successfully.
pub fn run(matches: &clap::ArgMatches) -> Result<()> {
    match run_command(matches) {
        Err(e) if e.is::<crate::jobs::Handled>() => Ok(()),
        other => other,
    }
}

/// The commands whose work splits into units (`--jobs`, job files): every game's splitting
/// verbs, then `audit`.
pub(crate) fn splitting() -> Vec<crate::jobs::Splitting> {
    let mut all = games::splitting();
    all.push(crate::jobs::Splitting {
        command: "audit".into(),
        job_files: false,
    });
    all
}

fn run_command(matches: &clap::ArgMatches) -> Result<()> {
    let common = Common::from_arg_matches(matches).map_err(|e| anyhow!("{e}"))?;
    let game = matches.subcommand_name();
    if game != Some("worker") {
        crate::options::start_deadline(common.time_limit);
    }
    let verb = matches
        .subcommand()
        .and_then(|(_, sub)| sub.subcommand_name());
    crate::jobs::check_supported(&common, game, verb, &splitting())?;
    crate::out_option::check(common.out.as_deref(), game, verb)?;
    if let Some((name, sub)) = matches.subcommand() {
        if let Ok(game) = games::find(name) {
            if sub.subcommand_name() == Some("keys") {
                return crate::keys::run(game, &common);
            }
            return game.run(sub, &common);
        }
    }
    match Builtin::from_arg_matches(matches).map_err(|e| anyhow!("{e}"))? {
        Builtin::Join {
            dir,
            out_dir,
            chart,
        } => {
            let mut extra = Vec::new();
            extra.extend(common.json.then(|| "--json".to_string()));
            extra.extend(common.quiet.then(|| "--quiet".to_string()));
            if let Some(out) = &common.out {
                // Against this folder: join runs the command where the jobs were written.
                let out = std::path::absolute(out)?;
                extra.extend(["--out".to_string(), out.display().to_string()]);
            }
            for (flag, path) in [("--out-dir", out_dir), ("--chart", chart)] {
                if let Some(p) = path {
                    let p = std::path::absolute(p)?;
                    extra.extend([flag.to_string(), p.display().to_string()]);
                }
            }
            crate::jobs::run_join(&dir, &extra)
        }
        Builtin::BenchParallel { report } => crate::jobs::bench::run(&common, &report),
        Builtin::Worker {
            job,
            result,
            until,
            parent,
        } => {
            if let Some(t) = until {
                crate::options::start_until(t);
            }
            if let Some(pid) = parent {
                crate::jobs::end_with_parent(pid);
            }
            crate::jobs::run_worker(&job, result.as_deref())
        }
        Builtin::Audit {
            files,
            report,
            seed,
            exact,
        } => {
            let o = crate::audit::AuditOptions {
                seed,
                exact,
                time_limit: common.time_limit,
            };
            match (files.as_slice(), &report) {
                ([file], None) => {
                    let env = crate::games::load(file)?;
                    if common.jobs > 1 && !games::audit_splits(&env) {
                        bail!(
                            "--jobs: `audit` spreads the parts of a Modern Art split or a \
                             Traveller event search over workers; {} is one solve",
                            file.display()
                        );
                    }
                    crate::audit::run(&env, &file.display().to_string(), &o, common.json)
                }
                _ if common.jobs > 1 => bail!(
                    "--jobs: `audit` spreads one episode's parts over workers: give one \
                     episode, without --report"
                ),
                _ => crate::audit::summary::run(&files, report.as_deref(), &o, &common),
            }
        }
        Builtin::Chart { file } => {
            let svg = crate::chart::redraw(&file)?;
            common.note(format!("wrote {}", svg.display()));
            Ok(())
        }
        Builtin::Render { file, output, svg } => {
            render_file(&file, output.as_deref(), svg.as_deref())
        }
        Builtin::Site {
            dir,
            games,
            results,
        } => {
            let built = crate::site::build(&crate::site::Sources { games, results }, &dir)?;
            common.note(format!(
                "wrote {} pages ({} episodes, {} result pages) to {}; open {}",
                built.pages,
                built.episodes,
                built.results,
                dir.display(),
                dir.join("index.html").display()
            ));
            Ok(())
        }
        Builtin::Verify { file } => verify_file(&file, &common),
    }
}

/// `verify FILE`: the referee's verdict, then what it could not re-check (an unproven game,
/// a solver's bound); with --json one object `{file, game, objective, verified, proven,
/// value, bound, bound_rechecked, messages}`. A refuted episode is printed too (with
/// `verified: false`) before the error that sets the exit code.
fn verify_file(file: &Path, common: &Common) -> Result<()> {
    let env = crate::games::load(file)?;
    let shown = file.display().to_string();
    let verdict = games::verify(&env);
    let rechecked = games::bound_rechecked(&env);
    let mut messages = Vec::new();
    if let Ok(msg) = &verdict {
        messages.push(msg.clone());
        messages.extend(games::unproven_note(&env));
        messages.extend(claims::bound_note(&env, rechecked, &shown));
    }
    if common.json {
        let mut all = messages.clone();
        if let Err(e) = &verdict {
            all.push(crate::error::one_line(e));
        }
        common.print_json(&serde_json::json!({
            "file": shown,
            "game": env.game,
            "objective": env.objective,
            "verified": verdict.is_ok(),
            "proven": env.status == crate::lp::Status::Optimal,
            "value": env.value,
            "bound": env.bound,
            "bound_rechecked": rechecked && env.bound.is_some(),
            "messages": all,
        }))?;
    } else {
        for m in &messages {
            println!("{m}");
        }
    }
    verdict.map(|_| ())
}

fn render_file(file: &Path, output: Option<&Path>, svg: Option<&Path>) -> Result<()> {
    if let Some(p) = output.filter(|p| crate::io::same_file(p, file)) {
        anyhow::bail!(
            "render -o {}: that is the episode being rendered; give another file (e.g. {})",
            p.display(),
            file.with_extension("md").display()
        );
    }
    let beside = output.map(|p| p.with_extension("svg"));
    if let Some(p) = svg
        .or(beside.as_deref())
        .filter(|p| crate::io::same_file(p, file))
    {
        anyhow::bail!(
            "render: the picture {} would replace the episode being rendered; give another \
             file (e.g. {})",
            p.display(),
            file.with_extension("svg").display()
        );
    }
    let env = crate::games::load(file)?;
    // Rendered first whatever is asked: an episode the markdown cannot show is refused,
    // also with --svg alone.
    let md = games::render(&env)?;
    if let Some(p) = svg {
        write_file(p, &games::svg(&env)?)?;
    }
    match output {
        Some(p) => write_rendering(&env, p, &p.with_extension("svg")),
        None if svg.is_none() => {
            print!("{md}");
            Ok(())
        }
        None => Ok(()),
    }
}
