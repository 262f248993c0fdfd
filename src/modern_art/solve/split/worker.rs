//! What a worker of one proof (`--jobs N`) is asked to solve: LP bounds ([`LpJob`],
//! solved by [`super::lps`]) or one part against the best game ([`PartJob`], by
//! [`super::ahead`]). Both travel as one tagged job (the job file's `part`:
//! `{"solve": "lps", …}` or `{"solve": "part", …}`), so a worker knows which it was
//! given ([`super::worker_answer`]), and the split which of its running workers to keep.
//! (The parts of `--emit-jobs` are another kind of job: [`super::emitted`].)

use serde::{Deserialize, Serialize};

use super::*;

/// LP bounds solved by one worker, one after another.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(into = "WorkerJob", try_from = "WorkerJob")]
pub(super) struct LpJob {
    pub(super) lps: Vec<Scope>,
}

/// One part's solve, as a worker is asked for it.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(into = "WorkerJob", try_from = "WorkerJob")]
pub(super) struct PartJob {
    pub(super) scope: Scope,
    pub(super) rows: model::vars::HandRows,
}

/// A worker's job as written: [`LpJob`] and [`PartJob`] serialize through it.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(tag = "solve", rename_all = "snake_case")]
pub(super) enum WorkerJob {
    Lps {
        lps: Vec<Scope>,
    },
    Part {
        scope: Scope,
        rows: model::vars::HandRows,
    },
}

impl From<LpJob> for WorkerJob {
    fn from(j: LpJob) -> WorkerJob {
        WorkerJob::Lps { lps: j.lps }
    }
}

impl From<PartJob> for WorkerJob {
    fn from(j: PartJob) -> WorkerJob {
        WorkerJob::Part {
            scope: j.scope,
            rows: j.rows,
        }
    }
}

impl TryFrom<WorkerJob> for LpJob {
    type Error = &'static str;
    fn try_from(j: WorkerJob) -> Result<LpJob, Self::Error> {
        match j {
            WorkerJob::Lps { lps } => Ok(LpJob { lps }),
            WorkerJob::Part { .. } => Err("a part's solve, not LP bounds"),
        }
    }
}

impl TryFrom<WorkerJob> for PartJob {
    type Error = &'static str;
    fn try_from(j: WorkerJob) -> Result<PartJob, Self::Error> {
        match j {
            WorkerJob::Part { scope, rows } => Ok(PartJob { scope, rows }),
            WorkerJob::Lps { .. } => Err("LP bounds, not a part's solve"),
        }
    }
}

/// Whether a running worker's job (as JSON) is still wanted once the best game is worth
/// `best`: LP bounds always, a part only when solved against that game.
pub(super) fn for_best(key: &str, best: i64) -> bool {
    match serde_json::from_str::<WorkerJob>(key) {
        Ok(WorkerJob::Lps { .. }) => true,
        Ok(WorkerJob::Part { scope, .. }) => scope.beating == Some(best),
        Err(_) => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each job names its kind, reads back as itself and as no other kind, and only a
    /// part solved against another game is dropped.
    #[test]
    fn worker_jobs_say_what_they_are() {
        let lps = LpJob {
            lps: vec![Scope::all()],
        };
        let part = PartJob {
            scope: Scope::all().beating(40),
            rows: model::vars::HandRows::None,
        };
        let (lps_key, part_key) = (
            serde_json::to_string(&lps).unwrap(),
            serde_json::to_string(&part).unwrap(),
        );
        assert!(lps_key.starts_with(r#"{"solve":"lps","#), "{lps_key}");
        assert!(part_key.starts_with(r#"{"solve":"part","#), "{part_key}");
        assert_eq!(serde_json::from_str::<LpJob>(&lps_key).unwrap(), lps);
        assert_eq!(serde_json::from_str::<PartJob>(&part_key).unwrap(), part);
        assert!(serde_json::from_str::<LpJob>(&part_key).is_err());
        assert!(serde_json::from_str::<PartJob>(&lps_key).is_err());
        assert!(for_best(&lps_key, 41) && for_best(&part_key, 40));
        assert!(!for_best(&part_key, 41) && !for_best("{}", 40));
    }
}
