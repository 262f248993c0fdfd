//! The files of a set of jobs: one self-contained job file per unit (the command line,
//! the unit, and a copy of every rules file it reads), the set's `jobs.json` manifest and
//! `jobs.txt` (one command line per job), and the result file each worker writes.

use std::ffi::OsString;
use std::path::{Component, Path, PathBuf};

use anyhow::{anyhow, bail, Context, Result};
use serde::{Deserialize, Serialize};

/// The manifest's name in a jobs folder.
pub const MANIFEST: &str = "jobs.json";
/// The list of command lines, one per job, in a jobs folder.
pub const LIST: &str = "jobs.txt";
/// Options of the parent run that a worker must not see (each takes a value).
const PARENT_ONLY: [&str; 6] = [
    "--jobs",
    "--emit-jobs",
    "--out",
    "--report",
    "--out-dir",
    "--chart",
];
/// Options that write files or start workers: a job's command line never holds them (a
/// worker writes its one result file, nothing else), and `join` keeps only `--out`,
/// `--report`, `--out-dir` and `--chart` of them, inside its folder.
const WRITERS: [&str; 10] = [
    "--out",
    "--report",
    "--out-dir",
    "--chart",
    "--jobs",
    "--emit-jobs",
    "--result",
    "--svg",
    "--output",
    "-o",
];
/// Largest file copied into a job (rules, decks and boards are a few kB).
const MAX_EMBED: u64 = 4 << 20;

/// A rules file the command reads, copied into the job, at the path the command names it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Embedded {
    pub path: PathBuf,
    pub text: String,
}

/// One unit of work: everything a worker on any machine needs to solve it.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Job {
    /// The gamebounds version that wrote it (a worker of another version refuses it).
    pub version: String,
    /// The set's fingerprint: every job and result of one set carries it.
    pub key: String,
    pub unit: usize,
    pub units: usize,
    /// The unit's label (`colours=5, wagers=2`), checked against the command's own.
    pub label: String,
    /// The command line (program name first), without the parent's own options.
    pub argv: Vec<String>,
    /// The folder the command was given in; used when its files are there unchanged.
    pub cwd: PathBuf,
    pub files: Vec<Embedded>,
    /// One part of one proof (the command's own description of it), for a worker that
    /// solves that part alone; `None` for a unit of [`super::map`].
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub part: Option<serde_json::Value>,
}

/// The set of jobs of one command, as `join` reads it back.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Manifest {
    pub version: String,
    pub key: String,
    /// The command line `join` runs again with the results (its `--out` and `--json`
    /// kept).
    pub argv: Vec<String>,
    pub cwd: PathBuf,
    pub labels: Vec<String>,
}

/// What a worker writes: the unit's answer (any serialisable value) or why it failed.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Outcome {
    /// The fingerprint of what the worker ran ([`Job::unit_key`]): a reader refuses an
    /// answer to any other command line, files, unit or part.
    pub key: String,
    pub unit: usize,
    pub label: String,
    pub seconds: f64,
    pub value: Option<serde_json::Value>,
    pub error: Option<String>,
}

/// A job's file name in its folder: `job-007.json` (numbered from 1).
pub fn job_name(unit: usize) -> String {
    format!("job-{:03}.json", unit + 1)
}

/// Where a worker writes a job's result by default: `job-007.result.json` beside it.
pub fn result_of(job: &Path) -> PathBuf {
    let stem = job
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_else(|| "job".into());
    job.with_file_name(format!("{stem}.result.json"))
}

/// The command line without the options in `drop` (as `--opt V` or `--opt=V`).
pub fn strip(argv: &[String], drop: &[&str]) -> Vec<String> {
    let mut out = Vec::new();
    let mut skip = false;
    for a in argv {
        if std::mem::take(&mut skip) {
            continue;
        }
        if drop.contains(&a.as_str()) {
            skip = true;
        } else if !drop.iter().any(|d| a.starts_with(&format!("{d}="))) {
            out.push(a.clone());
        }
    }
    out
}

/// The worker's command line: the parent's without `--jobs`, `--emit-jobs` and what the
/// parent writes (`--out`, `--out-dir`, `--chart`).
pub fn worker_argv(argv: &[String]) -> Vec<String> {
    strip(argv, &PARENT_ONLY)
}

/// The files a command line reads: every argument (or `--opt=` value) naming a file, and
/// the game's own folder `models/<game>/` when the command is given in the project (what a
/// variant's deck or a default reads by a path of its own).
pub fn files_of(argv: &[String]) -> Result<Vec<Embedded>> {
    let mut paths: Vec<PathBuf> = Vec::new();
    for a in argv.iter().skip(1) {
        let value = a
            .split_once('=')
            .filter(|_| a.starts_with("--"))
            .map(|x| x.1);
        let p = Path::new(value.unwrap_or(a));
        if p.is_file() && !paths.iter().any(|q| q == p) {
            paths.push(p.to_path_buf());
        }
    }
    // The game is the first argument that names one (global options may come before it).
    let game = argv.iter().skip(1).find(|a| crate::games::find(a).is_ok());
    let game_dir = game.map(|g| Path::new("models").join(g));
    if let Some(dir) = game_dir.filter(|d| d.is_dir()) {
        let mut found = Vec::new();
        walk(&dir, &mut found)?;
        found.sort();
        for p in found {
            if !paths.contains(&p) {
                paths.push(p);
            }
        }
    }
    let mut out = Vec::new();
    for path in paths {
        let len = std::fs::metadata(&path)?.len();
        let text = std::fs::read(&path)
            .ok()
            .and_then(|b| String::from_utf8(b).ok());
        match text {
            Some(text) if len <= MAX_EMBED => out.push(Embedded { path, text }),
            // A binary or huge file is no rules file: the job does not carry it.
            _ => {}
        }
    }
    Ok(out)
}

fn walk(dir: &Path, out: &mut Vec<PathBuf>) -> Result<()> {
    for entry in std::fs::read_dir(dir).with_context(|| format!("reading {}", dir.display()))? {
        let p = entry?.path();
        if p.is_dir() {
            walk(&p, out)?;
        } else if p.is_file() {
            out.push(p);
        }
    }
    Ok(())
}

/// A fingerprint of a set of jobs: FNV-1a (64 bits) of its version, command line and
/// files, in hex, so a worker can check its job against them. Stable across machines and
/// runs (no random state).
pub fn key_of(argv: &[String], files: &[Embedded]) -> String {
    fnv(&serde_json::to_string(&(env!("CARGO_PKG_VERSION"), argv, files)).unwrap_or_default())
}

/// The fingerprint of one unit of a set (`key`): its number, label and part (a proof's
/// part carries the game to beat), so an answer is taken only for the unit it solves.
pub fn unit_key(key: &str, unit: usize, label: &str, part: Option<&serde_json::Value>) -> String {
    fnv(&serde_json::to_string(&(key, unit, label, part)).unwrap_or_default())
}

/// Whether `key` is a fingerprint (16 hex digits): it names a scratch folder.
fn is_key(key: &str) -> bool {
    key.len() == 16 && key.bytes().all(|b| b.is_ascii_hexdigit())
}

/// Refuse a command line that writes files or starts workers ([`WRITERS`] but `keep`).
pub fn check_writers(argv: &[String], keep: &[&str], whose: &str) -> Result<()> {
    let writes = |a: &String, w: &&str| a == *w || a.starts_with(&format!("{w}="));
    for (i, a) in argv.iter().enumerate() {
        let Some(w) = WRITERS.iter().find(|w| writes(a, w)) else {
            continue;
        };
        let value = a
            .split_once('=')
            .map(|x| x.1)
            .or(argv.get(i + 1).map(|s| s.as_str()));
        let inside = value.is_some_and(|v| {
            let p = Path::new(v);
            p.is_relative()
                && p.components()
                    .all(|c| matches!(c, Component::Normal(_) | Component::CurDir))
        });
        if !(keep.contains(w) && inside) {
            bail!(
                "{whose} command line writes with {w}{}: refused (a job writes only its result)",
                value
                    .map(|v| format!(" {}", crate::claims::clip(v, 80)))
                    .unwrap_or_default()
            );
        }
    }
    Ok(())
}

fn fnv(text: &str) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in text.bytes() {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    format!("{h:016x}")
}

/// The command line as strings (a non-UTF-8 argument is refused: a job file is JSON).
pub fn argv_strings(args: impl Iterator<Item = OsString>) -> Result<Vec<String>> {
    args.map(|a| {
        a.into_string()
            .map_err(|a| anyhow!("argument {a:?} is not UTF-8: it cannot go into a job file"))
    })
    .collect()
}

impl Job {
    pub fn load(path: &Path) -> Result<Job> {
        let text = std::fs::read_to_string(path)
            .with_context(|| format!("cannot read job {}", path.display()))?;
        let job: Job = serde_json::from_str(&text)
            .with_context(|| format!("{}: not a gamebounds job file", path.display()))?;
        if job.version != env!("CARGO_PKG_VERSION") {
            bail!(
                "{}: written by gamebounds {}, this is {}: run it with the same version",
                path.display(),
                job.version,
                env!("CARGO_PKG_VERSION")
            );
        }
        job.check().with_context(|| format!("{}", path.display()))?;
        Ok(job)
    }

    /// A job is refused unless its key is the fingerprint of its command line and files,
    /// its unit is one of its units, and its command line writes nothing.
    fn check(&self) -> Result<()> {
        if !is_key(&self.key) {
            bail!(
                "its key {:?} is no fingerprint (16 hex digits)",
                crate::claims::clip(&self.key, 40)
            );
        }
        if self.key != key_of(&self.argv, &self.files) {
            bail!("its key is not that of its command line and files: the job was edited");
        }
        if self.unit >= self.units {
            bail!(
                "its unit {} is past its {} units",
                self.unit + 1,
                self.units
            );
        }
        if self.argv.first().map(String::as_str) != Some("gamebounds") {
            bail!("its command line is not a gamebounds command");
        }
        check_writers(&self.argv, &[], "its")
    }

    /// The fingerprint of this job's unit ([`unit_key`]), which its answer carries.
    pub fn unit_key(&self) -> String {
        unit_key(&self.key, self.unit, &self.label, self.part.as_ref())
    }

    /// Where the job runs: its own folder when every file it carries is there unchanged
    /// (the machine that wrote it, a shared disk), else a scratch folder with the files
    /// written out at the same relative paths. Returns the folder and the command line
    /// (absolute paths of files not found are rewritten into the scratch folder).
    pub fn place(&self) -> Result<(PathBuf, Vec<String>)> {
        self.place_argv(&self.argv)
    }

    /// [`Job::place`] for another command line of the same set (`join`'s).
    pub fn place_argv(&self, argv: &[String]) -> Result<(PathBuf, Vec<String>)> {
        let here = |e: &Embedded| {
            std::fs::read_to_string(self.cwd.join(&e.path)).is_ok_and(|t| t == e.text)
        };
        if self.cwd.is_dir() && self.files.iter().all(here) {
            return Ok((self.cwd.clone(), argv.to_vec()));
        }
        let scratch = std::env::temp_dir().join(format!("gamebounds-job-{}", self.key));
        let mut argv = argv.to_vec();
        for e in &self.files {
            let rel: PathBuf = e
                .path
                .components()
                .filter(|c| matches!(c, Component::Normal(_)))
                .collect();
            let target = if e.path.is_absolute() {
                Path::new("abs").join(&rel)
            } else {
                rel.clone()
            };
            if e.path.is_absolute() {
                let (from, to) = (e.path.display().to_string(), target.display().to_string());
                for a in argv.iter_mut() {
                    *a = a.replace(&from, &to);
                }
            }
            let dest = scratch.join(&target);
            if let Some(dir) = dest.parent() {
                std::fs::create_dir_all(dir)
                    .with_context(|| format!("cannot create {}", dir.display()))?;
            }
            // Atomic: the set's other workers may write the same file at the same time.
            crate::io::write_atomic(&dest, e.text.as_bytes())?;
        }
        Ok((scratch, argv))
    }
}

impl Manifest {
    pub fn load(dir: &Path) -> Result<Manifest> {
        let path = dir.join(MANIFEST);
        let text = std::fs::read_to_string(&path).with_context(|| {
            format!(
                "{} has no {MANIFEST}: give the folder written by --emit-jobs",
                dir.display()
            )
        })?;
        let m: Manifest = serde_json::from_str(&text)
            .with_context(|| format!("{}: not a jobs manifest", path.display()))?;
        if !is_key(&m.key) {
            bail!(
                "{}: its key is no fingerprint (16 hex digits)",
                path.display()
            );
        }
        Ok(m)
    }
}

impl Outcome {
    pub fn load(path: &Path) -> Result<Outcome> {
        let text = std::fs::read_to_string(path)?;
        Ok(serde_json::from_str(&text)?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strips_parent_options_and_keys_are_stable() {
        let argv: Vec<String> = [
            "gb",
            "x",
            "--jobs",
            "2",
            "--out=a",
            "--emit-jobs",
            "d",
            "--quiet",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect();
        assert_eq!(worker_argv(&argv), ["gb", "x", "--quiet"]);
        let k = key_of(&argv, &[]);
        assert!(is_key(&k));
        assert_eq!(k, key_of(&argv, &[]));
        assert_ne!(k, key_of(&argv[1..], &[]));
        let u = unit_key(&k, 0, "a", None);
        assert_ne!(u, unit_key(&k, 0, "b", None));
        assert_ne!(u, unit_key(&k, 1, "a", None));
        assert_ne!(u, unit_key(&k, 0, "a", Some(&1.into())));
        assert!(check_writers(&argv, &[], "its").is_err());
        let out: Vec<String> = ["gb", "x", "--out", "a.json"].map(String::from).into();
        assert!(check_writers(&out, &["--out"], "its").is_ok());
        let up: Vec<String> = ["gb", "x", "--out=../a.json"].map(String::from).into();
        assert!(check_writers(&up, &["--out"], "its").is_err());
        assert_eq!(
            result_of(Path::new("d/job-001.json")),
            Path::new("d/job-001.result.json")
        );
    }

    #[test]
    fn the_game_folder_is_carried_after_global_options() {
        let argv: Vec<String> = ["gb", "--quiet", "--time-limit", "9", "traveller", "bound"]
            .iter()
            .map(|s| s.to_string())
            .collect();
        let files = files_of(&argv).unwrap();
        let classic = Path::new("models/traveller/classic.pl");
        assert!(files.iter().any(|e| e.path == classic), "{files:?}");
    }
}
