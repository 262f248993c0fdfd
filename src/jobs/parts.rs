//! `--emit-jobs DIR` and `join DIR` for the parts of one proof: a Modern Art split's
//! top-level parts, a Traveller event search's branches. Unlike a grid's cells, these
//! parts need a game to beat, known only once the proof has started, so the proof itself
//! writes them ([`emit`]) and, in `join`, reads them back with their answers ([`joined`]).
//! A part's description goes into its job ([`Job::part`]) and into the set's key, so a
//! result of a set written against another game is refused as foreign.

use anyhow::{anyhow, bail, Result};
use serde::{de::DeserializeOwned, Serialize};

use super::file::{self, Job, Outcome};
use super::{Handled, Role, EMIT, ROLE};

/// One part read back by `join`: its job file, label, description and answer.
pub struct Joined<P, R> {
    pub job: String,
    pub label: String,
    pub part: P,
    pub answer: R,
    pub seconds: f64,
}

/// Whether this process writes a proof's parts as jobs (`--emit-jobs DIR`, not a worker
/// nor `join`).
pub fn emitting() -> bool {
    ROLE.get().is_none() && EMIT.get().is_some_and(|(dir, _)| dir.is_some())
}

/// Whether this process is a `join` (it reads answers rather than solving).
pub fn joining() -> bool {
    super::joining()
}

/// Write one job per part (its label and description), `jobs.json` and `jobs.txt`; the
/// command then stops: the returned error is [`Handled`].
pub fn emit<P: Serialize>(parts: &[(String, P)]) -> Result<anyhow::Error> {
    let Some((Some(dir), quiet)) = EMIT.get() else {
        bail!("--emit-jobs: no folder given");
    };
    let labels: Vec<String> = parts.iter().map(|p| p.0.clone()).collect();
    let values = parts
        .iter()
        .map(|p| serde_json::to_value(&p.1))
        .collect::<Result<Vec<_>, _>>()?;
    super::emit(dir, &labels, &values, *quiet)?;
    Ok(Handled.into())
}

/// In `join`: every part's description and answer in job order, or `None` when this
/// process is no join. `labels`: the command's own parts; a set with other parts, a job
/// with no result or a foreign one (each named), or a part whose worker failed, is
/// refused.
pub fn joined<P: DeserializeOwned, R: DeserializeOwned>(
    labels: &[String],
) -> Option<Result<Vec<Joined<P, R>>>> {
    let Some(Role::Join {
        dir,
        manifest,
        parts,
    }) = ROLE.get()
    else {
        return None;
    };
    Some((|| {
        let units = super::gather::<R>(dir, manifest, parts, labels)?;
        let mut out = Vec::new();
        let mut failed = Vec::new();
        for (i, unit) in units.into_iter().enumerate() {
            let name = file::job_name(i);
            let job = Job::load(&dir.join(&name))?;
            let part = job
                .part
                .filter(|_| job.key == manifest.key && job.unit == i)
                .ok_or_else(|| anyhow!("{name}: not a part of this set of jobs"))?;
            let part = serde_json::from_value(part)
                .map_err(|e| anyhow!("{name}: not a part of this command ({e})"))?;
            match unit.result {
                Ok(answer) => out.push(Joined {
                    job: name,
                    label: labels[i].clone(),
                    part,
                    answer,
                    seconds: unit.seconds,
                }),
                Err(why) => failed.push(format!(
                    "{name} ({}) failed: {}",
                    labels[i],
                    crate::claims::clip(&why, 160)
                )),
            }
        }
        if !failed.is_empty() {
            bail!(
                "join {}: {} of {} jobs failed: {}; run them again",
                dir.display(),
                failed.len(),
                labels.len(),
                failed.join("; ")
            );
        }
        Ok(out)
    })())
}

/// In a worker started for one part: its description (`None` when this process is no
/// such worker, or its part is of another kind).
pub fn request<P: DeserializeOwned>() -> Option<P> {
    super::background::part_request::<P>()?.ok()
}

/// In a worker started for one part: write the part's answer, or why it failed (so that
/// `join` names the failure); the command then stops with [`Handled`] or that error.
pub fn reply<R: Serialize>(solved: Result<R>, seconds: f64) -> anyhow::Error {
    let Some(Role::Worker { job, result }) = ROLE.get() else {
        return anyhow!("not a worker");
    };
    let (value, error) = match &solved {
        Ok(answer) => match serde_json::to_value(answer) {
            Ok(v) => (Some(v), None),
            Err(e) => return e.into(),
        },
        Err(e) => (None, Some(format!("{e:#}"))),
    };
    let o = Outcome {
        key: job.unit_key(),
        unit: job.unit,
        label: job.label.clone(),
        seconds,
        value,
        error,
    };
    let written = serde_json::to_string(&o)
        .map_err(anyhow::Error::from)
        .and_then(|text| crate::io::write_atomic(result, text.as_bytes()).map(|_| ()));
    match (written, solved) {
        (Err(e), _) => e,
        (Ok(()), Ok(_)) => Handled.into(),
        (Ok(()), Err(e)) => e,
    }
}
