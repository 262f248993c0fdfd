//! Independent solves (grid cells, a comparison's rows) spread over worker processes of
//! this same binary, or written out as job files for any batch engine. HiGHS instances
//! cannot share a process across threads safely (HiGHS issue 3141), so a worker is a
//! process: `gamebounds worker JOB` runs the job's command line for its one unit and
//! writes the unit's answer to a result file.
//!
//! A command with independent units calls [`map`] once; what `map` does depends on how the
//! process was started: in order (`--jobs 1`), on a pool of N workers (`--jobs N`), write
//! the jobs (`--emit-jobs DIR`), solve one unit (a worker), or read the finished units
//! back (`join DIR`). The answers come back in unit order whatever the order the units
//! finished in, so the command's output is the same for any `--jobs`.

pub mod background;
pub mod bench;
pub mod file;
pub mod parts;
pub mod pool;
/// The scratch folders live in the core, where the LP layer keeps its HiGHS logs too.
pub use gamebounds_core::scratch;

use std::path::{Path, PathBuf};
use std::sync::OnceLock;
use std::time::Instant;

use anyhow::{anyhow, bail, Context, Result};
use serde::{de::DeserializeOwned, Serialize};

use crate::cli::Common;
use file::{Job, Manifest, Outcome};

/// How this process takes part in a set of jobs.
enum Role {
    /// Solve one unit and write its result.
    Worker { job: Job, result: PathBuf },
    /// Read every unit's result from a jobs folder (`parts`: each job's part).
    Join {
        dir: PathBuf,
        manifest: Manifest,
        parts: Vec<Option<serde_json::Value>>,
    },
}

static ROLE: OnceLock<Role> = OnceLock::new();

/// `--jobs N` of the command line, for the proofs that start workers of their own
/// ([`background`]); set once by the command line.
static WORKERS: OnceLock<usize> = OnceLock::new();

/// `--emit-jobs DIR` and `--quiet` of the command line, for the proofs that write their
/// parts as jobs once they are known ([`parts`]); set once by the command line.
static EMIT: OnceLock<(Option<PathBuf>, bool)> = OnceLock::new();

/// The command's work was done by [`map`] itself (a worker's unit, jobs written out):
/// the command stops there, successfully.
#[derive(Debug)]
pub struct Handled;

impl std::fmt::Display for Handled {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("handled by the jobs machinery")
    }
}

impl std::error::Error for Handled {}

/// One unit's answer: its value or why it failed, and its seconds.
#[derive(Debug, Clone)]
pub struct Unit<R> {
    pub result: Result<R, String>,
    pub seconds: f64,
}

/// Solve units `0..labels.len()` with `run_one`, the way the process was started (see the
/// module doc). `describe` gives a finished unit's progress text and its value (for "best
/// so far"). Returns every unit's answer in unit order, or [`Handled`].
pub fn map<R: Serialize + DeserializeOwned>(
    common: &Common,
    labels: &[String],
    mut run_one: impl FnMut(usize) -> Result<R>,
    describe: impl Fn(&R) -> (String, Option<f64>),
) -> Result<Vec<Unit<R>>> {
    match ROLE.get() {
        Some(Role::Worker { job, result }) => return work(job, result, labels, run_one),
        Some(Role::Join {
            dir,
            manifest,
            parts,
        }) => return gather(dir, manifest, parts, labels),
        None => {}
    }
    let mut progress = Progress::new(labels.len(), common.quiet);
    if let Some(dir) = &common.emit_jobs {
        emit(dir, labels, &[], common.quiet)?;
        return Err(Handled.into());
    }
    if common.jobs <= 1 || labels.len() <= 1 {
        let mut out = Vec::new();
        for (i, label) in labels.iter().enumerate() {
            let t0 = Instant::now();
            let result = if crate::options::expired() {
                Err(crate::options::NOT_REACHED.to_string())
            } else {
                run_one(i).map_err(|e| format!("{e:#}"))
            };
            let unit = Unit {
                result,
                seconds: t0.elapsed().as_secs_f64(),
            };
            progress.finished(label, &unit, &describe);
            out.push(unit);
        }
        return Ok(out);
    }
    in_parallel(common, labels, &mut progress, &describe)
}

/// A worker's arguments: its job, the command's deadline so it gets the time left, and
/// this process, so that the worker ends when it does.
pub(super) fn worker_args(job: PathBuf) -> Vec<std::ffi::OsString> {
    let mut args = vec!["worker".into(), job.into_os_string()];
    if let Some(t) = crate::options::until() {
        args.extend(["--until".into(), format!("{t:.3}").into()]);
    }
    args.extend(["--parent".into(), std::process::id().to_string().into()]);
    args
}

/// In a worker of this binary (`worker --parent PID`): exit as interrupted once `pid` is
/// no longer the parent (checked now and every 0.2 s), since a parent killed outright
/// (or by a closed pipe) cannot stop its workers itself.
pub fn end_with_parent(pid: u32) {
    #[cfg(unix)]
    {
        let orphaned = move || std::os::unix::process::parent_id() != pid;
        let stop = move || -> ! {
            eprintln!("worker: the process that started it ({pid}) has ended; stopping");
            std::process::exit(crate::interrupt::EXIT_INTERRUPTED)
        };
        if orphaned() {
            stop();
        }
        std::thread::spawn(move || loop {
            std::thread::sleep(std::time::Duration::from_millis(200));
            if orphaned() {
                stop();
            }
        });
    }
    #[cfg(not(unix))]
    let _ = pid;
}

/// `--jobs N`: the units as job files in a scratch folder, solved by a pool of workers.
fn in_parallel<R: DeserializeOwned>(
    common: &Common,
    labels: &[String],
    progress: &mut Progress,
    describe: &impl Fn(&R) -> (String, Option<f64>),
) -> Result<Vec<Unit<R>>> {
    let dir = scratch::make("jobs")?;
    // Each job file is written as its worker starts: a grid of thousands of cells cut
    // by --time-limit writes only the jobs it runs.
    let set = Set::new(labels)?;
    set.write_manifest(&dir)?;
    let manifest = set.manifest.clone();
    let exe = std::env::current_exe().context("cannot find this program to start workers")?;
    let tasks: Vec<pool::Task> = labels
        .iter()
        .enumerate()
        .map(|(i, label)| {
            let job = dir.join(file::job_name(i));
            pool::Task {
                label: label.clone(),
                program: exe.clone(),
                args: worker_args(job),
                log: dir.join(format!("job-{:03}.log", i + 1)),
            }
        })
        .collect();
    common.note(format!(
        "jobs: {} units on {} worker processes",
        labels.len(),
        common.jobs.min(labels.len())
    ));
    let units: std::cell::RefCell<Vec<Option<Unit<R>>>> =
        std::cell::RefCell::new((0..labels.len()).map(|_| None).collect());
    let progress = std::cell::RefCell::new(progress);
    let outcome = pool::run(
        &tasks,
        common.jobs,
        |i| set.write_job(&dir, i, None).map_err(|e| format!("{e:#}")),
        |i| {
            let unit = read_result::<R>(&dir, &manifest, i, &labels[i], None)
                .map_err(|e| format!("{e:#}"))?;
            progress.borrow_mut().finished(&labels[i], &unit, describe);
            units.borrow_mut()[i] = Some(unit);
            Ok(())
        },
        |i, r| {
            if let Err(why) = r {
                let unit: Unit<R> = Unit {
                    result: Err(why.clone()),
                    seconds: 0.0,
                };
                progress.borrow_mut().finished(&labels[i], &unit, describe);
            }
        },
    );
    let mut out = Vec::new();
    for (slot, ran) in units.into_inner().into_iter().zip(outcome) {
        out.push(match (slot, ran) {
            (Some(u), _) => u,
            (None, Err(why)) => Unit {
                result: Err(why),
                seconds: 0.0,
            },
            (None, Ok(())) => Unit {
                result: Err("the worker left no result".into()),
                seconds: 0.0,
            },
        });
    }
    scratch::remove(&dir);
    Ok(out)
}

/// The parent's command line, as its workers and `join` see it.
fn own_argv() -> Result<Vec<String>> {
    let mut argv = file::argv_strings(std::env::args_os())?;
    if let Some(first) = argv.first_mut() {
        *first = "gamebounds".into();
    }
    Ok(argv)
}

/// A set of jobs before its files are written: the job every unit shares (its unit,
/// label and part aside) and the manifest.
struct Set {
    job: Job,
    manifest: Manifest,
}

impl Set {
    /// The set of this command's units `labels`.
    fn new(labels: &[String]) -> Result<Set> {
        let argv = own_argv()?;
        let worker = file::worker_argv(&argv);
        let files = file::files_of(&worker)?;
        let key = file::key_of(&worker, &files);
        let cwd = std::env::current_dir().context("cannot read the current folder")?;
        let version = env!("CARGO_PKG_VERSION").to_string();
        let job = Job {
            version: version.clone(),
            key: key.clone(),
            unit: 0,
            units: labels.len(),
            label: String::new(),
            argv: worker,
            cwd: cwd.clone(),
            files,
            part: None,
        };
        let manifest = Manifest {
            version,
            key,
            argv: file::strip(&argv, &["--jobs", "--emit-jobs"]),
            cwd,
            labels: labels.to_vec(),
        };
        Ok(Set { job, manifest })
    }

    /// Write unit `unit`'s job file into `dir` (`part`: its part of one proof).
    fn write_job(&self, dir: &Path, unit: usize, part: Option<serde_json::Value>) -> Result<()> {
        let mut job = self.job.clone();
        job.unit = unit;
        job.label = self.manifest.labels[unit].clone();
        job.part = part;
        let path = dir.join(file::job_name(unit));
        crate::io::write_atomic(&path, serde_json::to_string_pretty(&job)?.as_bytes())?;
        Ok(())
    }

    fn write_manifest(&self, dir: &Path) -> Result<()> {
        let path = dir.join(file::MANIFEST);
        let text = serde_json::to_string_pretty(&self.manifest)?;
        crate::io::write_atomic(&path, text.as_bytes())?;
        Ok(())
    }
}

/// Write one job file per unit and the manifest into `dir`. `parts`: each unit's part of
/// one proof ([`Job::part`]), or empty for the units of [`map`].
fn write_jobs(dir: &Path, labels: &[String], parts: &[serde_json::Value]) -> Result<()> {
    let set = Set::new(labels)?;
    for unit in 0..labels.len() {
        set.write_job(dir, unit, parts.get(unit).cloned())?;
    }
    set.write_manifest(dir)
}

/// `--emit-jobs DIR`: the jobs, `jobs.json` and `jobs.txt`, and how to run them (`parts`
/// as for [`write_jobs`]).
fn emit(dir: &Path, labels: &[String], parts: &[serde_json::Value], quiet: bool) -> Result<()> {
    if !dir.is_dir() {
        std::fs::create_dir(dir)
            .with_context(|| format!("--emit-jobs {}: cannot create the folder", dir.display()))?;
    }
    check_emit_dir(dir)?;
    write_jobs(dir, labels, parts)?;
    let list: String = (0..labels.len())
        .map(|i| format!("gamebounds worker {}\n", file::job_name(i)))
        .collect();
    crate::io::write_atomic(&dir.join(file::LIST), list.as_bytes())?;
    if !quiet {
        eprintln!(
            "wrote {} jobs to {d}: run each line of {d}/{} in {d} (e.g. `cd {d} && parallel < \
             {}`), then `gamebounds join {d}`",
            labels.len(),
            file::LIST,
            file::LIST,
            d = dir.display()
        );
    }
    Ok(())
}

/// A jobs folder must not hold a set already (checked before any work: a proof's parts
/// are written only once its first game is found).
fn check_emit_dir(dir: &Path) -> Result<()> {
    if dir.join(file::MANIFEST).exists() {
        bail!(
            "--emit-jobs {}: the folder already holds a set of jobs; give an empty one",
            dir.display()
        );
    }
    Ok(())
}

/// A worker: check the job against the command's own units, solve its unit, write it.
fn work<R: Serialize>(
    job: &Job,
    result: &Path,
    labels: &[String],
    mut run_one: impl FnMut(usize) -> Result<R>,
) -> Result<Vec<Unit<R>>> {
    if labels.len() != job.units || labels.get(job.unit) != Some(&job.label) {
        bail!(
            "the job's unit {} ({}) is not this command's (its units: {}): the job was \
             written by another build or from other files",
            job.unit + 1,
            job.label,
            labels.len()
        );
    }
    let t0 = Instant::now();
    let solved = if crate::options::expired() {
        Err(anyhow!(crate::options::NOT_REACHED))
    } else {
        run_one(job.unit)
    };
    let (value, error) = match solved {
        Ok(v) => (Some(serde_json::to_value(&v)?), None),
        Err(e) => (None, Some(format!("{e:#}"))),
    };
    let out = Outcome {
        key: job.unit_key(),
        unit: job.unit,
        label: job.label.clone(),
        seconds: t0.elapsed().as_secs_f64(),
        value,
        error,
    };
    crate::io::write_atomic(result, serde_json::to_string(&out)?.as_bytes())?;
    Err(Handled.into())
}

/// A unit's result file (`part`: the unit's part of a proof), checked against its set:
/// the answer of another command line, files, unit or part is refused.
fn read_result<R: DeserializeOwned>(
    dir: &Path,
    m: &Manifest,
    unit: usize,
    label: &str,
    part: Option<&serde_json::Value>,
) -> Result<Unit<R>> {
    let path = file::result_of(&dir.join(file::job_name(unit)));
    let o =
        Outcome::load(&path).with_context(|| format!("no readable result {}", path.display()))?;
    if o.key != file::unit_key(&m.key, unit, label, part) || o.unit != unit || o.label != label {
        bail!(
            "{}: the result of another set of jobs (another command line, unit or part: unit {} `{}`)",
            path.display(),
            o.unit + 1,
            crate::claims::clip(&o.label, 80),
        );
    }
    if !(o.seconds.is_finite() && o.seconds >= 0.0) {
        bail!("{}: its seconds {} are no time", path.display(), o.seconds);
    }
    let result = match (o.value, o.error) {
        (Some(v), None) => Ok(serde_json::from_value(v)
            .with_context(|| format!("{}: not this command's answer", path.display()))?),
        (None, Some(e)) => Err(e),
        _ => bail!("{}: neither an answer nor an error", path.display()),
    };
    Ok(Unit {
        result,
        seconds: o.seconds,
    })
}

/// `join`: every unit's result, or an error naming the missing and foreign ones.
fn gather<R: DeserializeOwned>(
    dir: &Path,
    m: &Manifest,
    parts: &[Option<serde_json::Value>],
    labels: &[String],
) -> Result<Vec<Unit<R>>> {
    if labels != m.labels.as_slice() {
        bail!(
            "{}: the jobs' units ({}) are not this command's ({}): the files changed since \
             they were written",
            dir.display(),
            m.labels.len(),
            labels.len()
        );
    }
    let mut out = Vec::new();
    let (mut missing, mut bad) = (Vec::new(), Vec::new());
    for (i, label) in labels.iter().enumerate() {
        let job = file::job_name(i);
        if !file::result_of(&dir.join(&job)).exists() {
            missing.push(format!("{job} ({label})"));
            continue;
        }
        match read_result(dir, m, i, label, parts.get(i).and_then(Option::as_ref)) {
            Ok(u) => out.push(u),
            Err(e) => bad.push(format!("{e:#}")),
        }
    }
    if !missing.is_empty() || !bad.is_empty() {
        let mut why = Vec::new();
        if !missing.is_empty() {
            why.push(format!("no result yet for {}", missing.join(", ")));
        }
        why.extend(bad);
        bail!(
            "join {}: {} of {} jobs are not done: {}",
            dir.display(),
            labels.len() - out.len(),
            labels.len(),
            why.join("; ")
        );
    }
    Ok(out)
}

/// Whether this process is `join`ing a set of jobs: its units' answers were read from
/// result files anyone can write, so a command checks each episode before it counts.
pub fn joining() -> bool {
    matches!(ROLE.get(), Some(Role::Join { .. }))
}

/// In `join`, unit `unit`'s (`label`) episode must be one this command could have
/// written: this version's, of `game`, with the rules `variant` the command gives the
/// unit (the resolved `--set`, `--vary` and files), and accepted by its referee (the
/// `verify` path: the game replayed, its score and proof record re-checked). A result file
/// that passes its fingerprint can still carry any episode, since FNV is no signature.
pub fn check_joined(
    game: &str,
    unit: usize,
    label: &str,
    env: &crate::episode::Envelope,
    variant: &serde_json::Value,
) -> Result<()> {
    if !joining() {
        return Ok(());
    }
    // The expected rules go through JSON text as the episode did, so numbers compare alike.
    let expected: serde_json::Value = serde_json::from_str(&serde_json::to_string(variant)?)?;
    let why = if env.version != env!("CARGO_PKG_VERSION") {
        Some(format!(
            "its episode was written by gamebounds {}, this is {}",
            crate::claims::clip(&env.version, 40),
            env!("CARGO_PKG_VERSION")
        ))
    } else if env.game != game {
        Some(format!(
            "its episode is of {}, not {game}",
            crate::claims::clip(&env.game, 40)
        ))
    } else if env.variant != expected {
        Some("its episode claims other rules than the cell's".to_string())
    } else {
        crate::games::verify(env)
            .err()
            .map(|e| format!("its episode does not verify: {e:#}"))
    };
    match why {
        Some(why) => Err(refused(unit, label, &why)),
        None => Ok(()),
    }
}

/// `join`'s one line refusing unit `unit`'s (`label`) result for `why`.
pub fn refused(unit: usize, label: &str, why: &str) -> anyhow::Error {
    let dir = match ROLE.get() {
        Some(Role::Join { dir, .. }) => dir.display().to_string(),
        _ => String::new(),
    };
    anyhow!(
        "join {dir}: {} ({}): {why}: refused",
        file::result_of(Path::new(&file::job_name(unit))).display(),
        crate::claims::clip(label, 80)
    )
}

/// `gamebounds worker JOB [--result FILE]`: run the job's command for its unit.
pub fn run_worker(job_path: &Path, result: Option<&Path>) -> Result<()> {
    let job = Job::load(job_path)?;
    let result = result
        .map(Path::to_path_buf)
        .unwrap_or_else(|| file::result_of(job_path));
    let result = std::path::absolute(&result)?;
    let (cwd, argv) = job.place()?;
    std::env::set_current_dir(&cwd).with_context(|| format!("cannot enter {}", cwd.display()))?;
    let matches = crate::cli::command()
        .try_get_matches_from(&argv)
        .map_err(|e| anyhow!("the job's command line: {}", e.render()))?;
    check_command(&matches, "the job's")?;
    ROLE.set(Role::Worker { job, result })
        .map_err(|_| anyhow!("one job per worker"))?;
    crate::cli::run(&matches)
}

/// `gamebounds join DIR`: run the jobs' command again with their results. `extra`: the
/// join's own `--json`, `--quiet`, `--out`, `--out-dir` and `--chart`, which replace the
/// command's.
pub fn run_join(dir: &Path, extra: &[String]) -> Result<()> {
    let manifest = Manifest::load(dir)?;
    if manifest.version != env!("CARGO_PKG_VERSION") {
        bail!(
            "join {}: the jobs were written by gamebounds {}, this is {}",
            dir.display(),
            manifest.version,
            env!("CARGO_PKG_VERSION")
        );
    }
    let mut argv = manifest.argv.clone();
    for flag in ["--out", "--out-dir", "--chart"] {
        if extra.iter().any(|a| a == flag) {
            argv = file::strip(&argv, &[flag]);
        }
    }
    let path = dir.join(file::MANIFEST);
    file::check_writers(&argv, &["--out", "--report", "--out-dir", "--chart"], "its")
        .with_context(|| format!("{}", path.display()))?;
    let parts = check_set(dir, &manifest)?;
    for flag in ["--json", "--quiet"] {
        argv.retain(|a| a != flag);
    }
    argv.extend(extra.iter().cloned());
    // Where the jobs were written, or (on another machine) a scratch folder with the
    // files the first job carries, as a worker would.
    let first = Job::load(&dir.join(file::job_name(0)))?;
    let dir = std::path::absolute(dir)?;
    let (cwd, argv) = first.place_argv(&argv)?;
    std::env::set_current_dir(&cwd).with_context(|| format!("cannot enter {}", cwd.display()))?;
    let matches = crate::cli::command()
        .try_get_matches_from(&argv)
        .map_err(|e| anyhow!("the jobs' command line: {}", e.render()))?;
    check_command(&matches, "the jobs'")?;
    ROLE.set(Role::Join {
        dir,
        manifest,
        parts,
    })
    .map_err(|_| anyhow!("one join per process"))?;
    crate::cli::run(&matches)
}

/// Every job of a set against its manifest: the fingerprint of the manifest's command line
/// and the files carried, and each job's command line, files, unit and label the same.
/// Returns each job's part.
fn check_set(dir: &Path, m: &Manifest) -> Result<Vec<Option<serde_json::Value>>> {
    let argv = file::worker_argv(&m.argv);
    let mut parts = Vec::new();
    let mut files = None;
    for (i, label) in m.labels.iter().enumerate() {
        let name = file::job_name(i);
        let job = Job::load(&dir.join(&name))?;
        let files = files.get_or_insert_with(|| job.files.clone());
        let same = job.key == m.key
            && job.argv == argv
            && job.files == *files
            && (job.unit, job.units) == (i, m.labels.len())
            && job.label == *label;
        if !same {
            bail!(
                "{}: {name} is not a job of its {} (another command line, files or unit)",
                dir.display(),
                file::MANIFEST
            );
        }
        parts.push(job.part);
    }
    if m.key != file::key_of(&argv, files.as_deref().unwrap_or_default()) {
        bail!(
            "{}: its key is not that of its command line and files: the set was edited",
            dir.join(file::MANIFEST).display()
        );
    }
    Ok(parts)
}

/// Jobs run only the commands that split into units (a `render -o FILE` or any other
/// command in a job file is refused): they stop at their units with the answer.
fn check_command(matches: &clap::ArgMatches, whose: &str) -> Result<()> {
    let what = match matches.subcommand() {
        Some(("audit", _)) => "audit".to_string(),
        Some((game, sub)) => format!("{game} {}", sub.subcommand_name().unwrap_or("")),
        None => String::new(),
    };
    if !crate::cli::splitting()
        .iter()
        .any(|s| s.command == what.trim())
    {
        bail!(
            "{whose} command `{}` does not split into jobs: refused",
            crate::claims::clip(what.trim(), 80)
        );
    }
    Ok(())
}

/// One line per finished unit on stderr: done/total, elapsed, the unit, best so far.
struct Progress {
    total: usize,
    done: usize,
    started: Instant,
    best: Option<f64>,
    quiet: bool,
}

impl Progress {
    fn new(total: usize, quiet: bool) -> Progress {
        Progress {
            total,
            done: 0,
            started: Instant::now(),
            best: None,
            quiet,
        }
    }

    fn finished<R>(
        &mut self,
        label: &str,
        u: &Unit<R>,
        describe: &impl Fn(&R) -> (String, Option<f64>),
    ) {
        self.done += 1;
        let text = match &u.result {
            Ok(r) => {
                let (text, value) = describe(r);
                if let Some(v) = value {
                    self.best = Some(self.best.map_or(v, |b: f64| b.max(v)));
                }
                text
            }
            Err(e) if e == crate::options::NOT_REACHED => e.clone(),
            Err(e) => format!("failed: {}", crate::claims::clip(e, 160)),
        };
        if !self.quiet {
            let best = self
                .best
                .map(|b| format!(", best so far {}", crate::claims::show(Some(b))));
            eprintln!(
                "[{}/{}] {:.1} s  {label}: {text} ({:.1} s){}",
                self.done,
                self.total,
                self.started.elapsed().as_secs_f64(),
                u.seconds,
                best.unwrap_or_default()
            );
        }
    }
}

/// A command whose work splits into independent units, so `--jobs N` applies to it.
#[derive(Debug, Clone)]
pub struct Splitting {
    /// `game verb`, or a built-in command's name (`audit`).
    pub command: String,
    /// Whether its units can be written as job files (`--emit-jobs`): not for a command
    /// that splits over threads or writes where it runs.
    pub job_files: bool,
}

/// `--jobs N` (N > 1) and `--emit-jobs` only where the work splits (`splitting`, the
/// commands in the order the refusal lists them): anywhere else they would be silently
/// ignored, so they are refused (exit 2).
pub fn check_supported(
    common: &Common,
    game: Option<&str>,
    verb: Option<&str>,
    splitting: &[Splitting],
) -> Result<()> {
    let _ = WORKERS.set(common.jobs);
    let _ = EMIT.set((common.emit_jobs.clone(), common.quiet));
    if common.jobs <= 1 && common.emit_jobs.is_none() {
        return Ok(());
    }
    let what = format!("{} {}", game.unwrap_or(""), verb.unwrap_or(""));
    let option = if common.emit_jobs.is_some() {
        "--emit-jobs"
    } else {
        "--jobs"
    };
    let splits = splitting.iter().find(|s| s.command == what.trim());
    if splits.is_some_and(|s| s.job_files || common.emit_jobs.is_none()) {
        return match &common.emit_jobs {
            Some(dir) => check_emit_dir(dir),
            None => Ok(()),
        };
    }
    if matches!(game, Some("join" | "worker")) {
        bail!("{option}: join and worker run jobs already written; give it to the command that writes them");
    }
    bail!(
        "{option}: `{}` is one solve; it applies to {} (docs/parallel.md)",
        what.trim(),
        splitting
            .iter()
            .map(|s| s.command.as_str())
            .collect::<Vec<_>>()
            .join(", ")
    )
}
