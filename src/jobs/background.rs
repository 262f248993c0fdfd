//! Parts of one proof solved ahead on worker processes while the proof goes on: the
//! proof asks for a part's answer when it reaches the part, and gets the worker's (waiting
//! for it if need be), or nothing (never started, or its worker failed: reported), in
//! which case it solves the part itself. Each part is a job of the proof's own command
//! line with the part's description (`Job::part`), so a worker builds the same model.

use std::collections::HashMap;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use anyhow::{Context, Result};
use serde::{de::DeserializeOwned, Serialize};

use super::file::{self, Job, Outcome};

/// Worker processes solving parts ahead of a proof.
pub struct Background {
    dir: PathBuf,
    exe: PathBuf,
    template: Job,
    workers: usize,
    /// Part (its description as JSON) and its worker, until the worker has exited.
    running: Vec<(String, Child)>,
    files: HashMap<String, PathBuf>,
    /// Job files written so far (each part's file gets a new number).
    written: usize,
    /// Parts (label, description as JSON) to start as workers free ([`Background::pump`]).
    queued: Vec<(String, String)>,
}

impl Background {
    /// With `--jobs N` (N > 1) in the process that runs the proof; `None` otherwise (a
    /// worker, `--jobs 1`, a library caller).
    pub fn new() -> Result<Option<Background>> {
        if !Background::wanted() {
            return Ok(None);
        }
        let workers = super::WORKERS.get().copied().unwrap_or(1);
        let dir = super::scratch::make("parts")?;
        let argv = file::worker_argv(&super::own_argv()?);
        let files = file::files_of(&argv)?;
        let template = Job {
            version: env!("CARGO_PKG_VERSION").to_string(),
            key: file::key_of(&argv, &files),
            unit: 0,
            units: 1,
            label: String::new(),
            argv,
            cwd: std::env::current_dir()?,
            files,
            part: None,
        };
        Ok(Some(Background {
            dir,
            exe: std::env::current_exe()?,
            template,
            workers,
            running: Vec::new(),
            files: HashMap::new(),
            written: 0,
            queued: Vec::new(),
        }))
    }

    /// Whether [`Background::new`] would start workers here: `--jobs N` (N > 1) in the
    /// process that runs the proof.
    pub fn wanted() -> bool {
        super::WORKERS.get().copied().unwrap_or(1) > 1 && super::ROLE.get().is_none()
    }

    /// Whether the worker of part `key` has written its answer (it is then only exiting).
    fn answered(&self, key: &str) -> bool {
        (self.files.get(key)).is_some_and(|f| file::result_of(f).exists())
    }

    /// The workers still at work: running, their answer not written yet.
    fn busy(&self) -> usize {
        self.running
            .iter()
            .filter(|(k, _)| !self.answered(k))
            .count()
    }

    /// Note the workers that ended; whether one more can start (a worker that has written
    /// its answer counts as ended).
    pub fn has_room(&mut self) -> bool {
        let mut k = 0;
        while k < self.running.len() {
            if let Ok(Some(_)) = self.running[k].1.try_wait() {
                let (_, child) = self.running.swap_remove(k);
                super::pool::forget(child.id());
            } else {
                k += 1;
            }
        }
        self.busy() < self.workers
    }

    /// Whether one more worker can start and still leave a core to the proof's own
    /// process (which is solving beside them).
    pub fn has_room_beside_one(&mut self) -> bool {
        self.has_room() && self.busy() + 1 < self.workers
    }

    /// Stop the workers whose part (its description as JSON) `keep` refuses: parts the
    /// proof will no longer ask for.
    pub fn retain(&mut self, keep: impl Fn(&str) -> bool) {
        let mut k = 0;
        while k < self.running.len() {
            if keep(&self.running[k].0) {
                k += 1;
                continue;
            }
            let (key, mut child) = self.running.swap_remove(k);
            let _ = child.kill();
            let _ = child.wait();
            super::pool::forget(child.id());
            self.files.remove(&key);
        }
    }

    /// Whether the part's worker is still at work: running, its answer not written yet
    /// (noting the workers that ended).
    pub fn runs<S: Serialize>(&mut self, part: &S) -> bool {
        serde_json::to_string(part).is_ok_and(|key| self.at_work(&key))
    }

    /// [`Background::runs`] for the part described by `key` (JSON).
    fn at_work(&mut self, key: &str) -> bool {
        self.has_room();
        !self.answered(key) && self.running.iter().any(|(r, _)| *r == key)
    }

    /// Keep the workers busy with the parts of `ahead` not started yet (in order, as room
    /// frees) until `part`'s worker has ended (or was never started).
    pub fn wait_starting<S: Serialize>(&mut self, part: &S, ahead: &[(String, S)]) -> Result<()> {
        loop {
            for (label, job) in ahead {
                if self.knows(job) {
                    continue;
                }
                if !self.has_room() {
                    break;
                }
                self.start(label, job)?;
            }
            if !self.runs(part) {
                return Ok(());
            }
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// Whether the part was started already.
    pub fn knows<S: Serialize>(&self, part: &S) -> bool {
        serde_json::to_string(part).is_ok_and(|k| self.files.contains_key(&k))
    }

    /// Start a worker on `part` (described by `part`, shown as `label`).
    pub fn start<S: Serialize>(&mut self, label: &str, part: &S) -> Result<()> {
        self.start_key(label, serde_json::to_string(part)?)
    }

    /// The parts to start, in this order, whenever [`Background::pump`] finds room
    /// (replacing the earlier list).
    pub fn queue<S: Serialize>(&mut self, parts: &[(String, S)]) {
        self.queued = parts
            .iter()
            .filter_map(|(l, p)| Some((l.clone(), serde_json::to_string(p).ok()?)))
            .collect();
        self.queued.reverse();
    }

    /// Start the queued parts while one more worker can run beside the proof's own
    /// process (called while that process solves).
    pub fn pump(&mut self) -> Result<()> {
        while self.has_room_beside_one() {
            let Some((label, key)) = self.queued.pop() else {
                return Ok(());
            };
            self.start_key(&label, key)?;
        }
        Ok(())
    }

    /// Start a worker on the part described by `key` (JSON), shown as `label`.
    fn start_key(&mut self, label: &str, key: String) -> Result<()> {
        if self.files.contains_key(&key) {
            return Ok(());
        }
        let part: serde_json::Value = serde_json::from_str(&key)?;
        self.written += 1;
        let path = self.dir.join(format!("part-{:03}.json", self.written));
        let mut job = self.template.clone();
        job.label = label.to_string();
        job.part = Some(part);
        crate::io::write_atomic(&path, serde_json::to_string(&job)?.as_bytes())?;
        let log = std::fs::File::create(path.with_extension("log"))?;
        let mut cmd = Command::new(&self.exe);
        cmd.args(super::worker_args(path.clone()));
        let child = cmd
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(log)
            .spawn()
            .with_context(|| format!("cannot start {}", self.exe.display()))?;
        super::pool::remember(child.id());
        self.files.insert(key.clone(), path);
        self.running.push((key, child));
        Ok(())
    }

    /// The answer of `part` and its worker's seconds, waiting for its worker if it still
    /// runs; `None` when it was never started or its worker failed (said on stderr).
    pub fn answer<S: Serialize, R: DeserializeOwned>(&mut self, part: &S) -> Option<(R, f64)> {
        let key = serde_json::to_string(part).ok()?;
        let job = self.files.get(&key)?.clone();
        // A worker writes its answer whole (by renaming) before it exits: the answer is
        // taken as soon as it is there (the exit is noted later), and looked for often,
        // since the proof waits meanwhile.
        while self.at_work(&key) {
            std::thread::sleep(Duration::from_millis(2));
        }
        let result = file::result_of(&job);
        let expected = Job::load(&job).map(|j| j.unit_key()).ok();
        let read = Outcome::load(&result)
            .ok()
            .filter(|o| Some(&o.key) == expected.as_ref());
        let read = read.and_then(|o| {
            let seconds = o.seconds;
            o.value
                .and_then(|v| serde_json::from_value(v).ok())
                .map(|r| (r, seconds))
        });
        if read.is_none() {
            let log = std::fs::read_to_string(job.with_extension("log")).unwrap_or_default();
            let last = log
                .lines()
                .rev()
                .find(|l| !l.trim().is_empty())
                .unwrap_or("");
            eprintln!(
                "jobs: the worker of part {} left no answer ({}); solving it here",
                self.template_label(&job),
                crate::claims::clip(last, 200)
            );
        }
        read
    }

    fn template_label(&self, job: &std::path::Path) -> String {
        Job::load(job).map(|j| j.label).unwrap_or_default()
    }
}

impl Drop for Background {
    /// Workers still solving parts the proof no longer needs are stopped.
    fn drop(&mut self) {
        for (_, child) in &mut self.running {
            let _ = child.kill();
            let _ = child.wait();
            super::pool::forget(child.id());
        }
        super::scratch::remove(&self.dir);
    }
}

/// In a worker started for one part: the part's description.
pub fn part_request<S: DeserializeOwned>() -> Option<Result<S>> {
    match super::ROLE.get() {
        Some(super::Role::Worker { job, .. }) => job
            .part
            .clone()
            .map(|v| serde_json::from_value(v).context("the job's part")),
        _ => None,
    }
}

/// In a worker started for one part: write the part's answer; the command then stops
/// (the returned error is [`super::Handled`]).
pub fn part_answer<R: Serialize>(answer: &R, seconds: f64) -> anyhow::Error {
    let Some(super::Role::Worker { job, result }) = super::ROLE.get() else {
        return anyhow::anyhow!("not a worker");
    };
    let out = (|| -> Result<()> {
        let o = Outcome {
            key: job.unit_key(),
            unit: job.unit,
            label: job.label.clone(),
            seconds,
            value: Some(serde_json::to_value(answer)?),
            error: None,
        };
        crate::io::write_atomic(result, serde_json::to_string(&o)?.as_bytes())?;
        Ok(())
    })();
    match out {
        Ok(()) => super::Handled.into(),
        Err(e) => e,
    }
}
