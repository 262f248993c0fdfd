//! `--emit-jobs DIR` for one proof: the first game is found here (the split's own search
//! for it, or `--start`), then every top-level part of the split becomes a job that solves
//! the part alone, with its own refinement, against that game ([`as_worker`]). `join DIR`
//! ([`joined`]) takes the best of the first game and the parts' games (the first of equal
//! ones in part order), replays it with the referee, and builds the proof table from every
//! part's rows against it, as [`Splitter::finish`] does.

use super::*;
use serde::{Deserialize, Serialize};

use record::Record;

/// One top-level part as a job: which part, and the game every part must beat.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct EmittedPart {
    /// The part's index among the split's top-level parts ([`SplitBy::parts`]).
    part: usize,
    /// The first game's record: replayed by the referee where it is read.
    first: Record,
    /// The solve that found it (the model's size the episode reports).
    report: SolveReport,
    /// How the first game was found (the episode's `found_by` while it stays the best).
    found_by: Option<crate::proof::FoundBy>,
    /// Seconds spent finding it.
    seconds: f64,
}

/// One row of a part's proof as its worker hands it back (floats as bits: exact, and an
/// LP bound may be infinite).
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Row {
    restriction: Restriction,
    lp: Option<u64>,
    value: Option<i64>,
    bound: Option<u64>,
    proven: bool,
    excluded: bool,
    skipped: bool,
    seconds: f64,
}

/// A part's outcome: every row of its proof (its sub-parts, in order), and the best game
/// it found when that beats the first game (its record and solve report).
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct EmittedAnswer {
    rows: Vec<Row>,
    better: Option<(Record, SolveReport)>,
}

impl Row {
    fn of(restriction: Restriction, lp: Option<f64>, p: &PartRow) -> Row {
        Row {
            restriction,
            lp: lp.map(f64::to_bits),
            value: p.value,
            bound: p.bound.map(f64::to_bits),
            proven: p.proven,
            excluded: p.excluded,
            skipped: p.skipped,
            seconds: p.seconds,
        }
    }

    /// The row as the proof table takes it (`part`: its place in the table).
    fn settling(&self, part: usize) -> Settling {
        let row = PartRow {
            part,
            value: self.value,
            bound: self.bound.map(f64::from_bits),
            proven: self.proven,
            excluded: self.excluded,
            seconds: self.seconds,
            skipped: self.skipped,
        };
        (self.restriction.clone(), self.lp.map(f64::from_bits), row)
    }
}

impl Splitter<'_> {
    /// With --emit-jobs, once a game to beat is known: one job per top-level part
    /// against it, and the command stops (the error is [`crate::jobs::Handled`]).
    pub(super) fn emit_when_ready(&self) -> Result<()> {
        let Some(first) = self
            .best
            .as_ref()
            .filter(|_| crate::jobs::parts::emitting())
        else {
            return Ok(());
        };
        let found_by = self.found_by(first.value);
        let seconds = self.started.elapsed().as_secs_f64();
        let parts: Vec<(String, EmittedPart)> = self
            .by
            .parts(self.c, self.k)
            .into_iter()
            .enumerate()
            .map(|(part, (_, label))| {
                let job = EmittedPart {
                    part,
                    first: first.record.clone(),
                    report: first.report.clone(),
                    found_by: found_by.clone(),
                    seconds,
                };
                (label, job)
            })
            .collect();
        if !self.opts.quiet {
            eprintln!(
                "split: the first game ({}) is the game to beat; each of the {} parts is a job",
                first.value,
                parts.len()
            );
        }
        Err(crate::jobs::parts::emit(&parts)?)
    }

    /// A worker's part solved: its rows, and its best game when it beats `first`.
    fn answer(&self, first: i64) -> EmittedAnswer {
        let rows = self.settlings();
        EmittedAnswer {
            rows: rows
                .iter()
                .map(|(r, lp, p)| Row::of(r.clone(), *lp, p))
                .collect(),
            better: self
                .best
                .as_ref()
                .filter(|b| b.value > first)
                .map(|b| (b.record.clone(), b.report.clone())),
        }
    }
}

/// In a worker started for one emitted part: solve the part alone against the job's first
/// game and write its answer (`None` when this process is no such worker).
pub(super) fn as_worker(
    c: &Config,
    objective: Objective,
    player: Option<usize>,
    by: SplitBy,
    opts: &SolveOptions,
    k: &Knobs,
) -> Option<anyhow::Error> {
    let job: EmittedPart = crate::jobs::parts::request()?;
    let t = std::time::Instant::now();
    let solved = (|| -> Result<EmittedAnswer> {
        let mut parts = by.parts(c, k);
        if job.part >= parts.len() {
            bail!(
                "the job's part {} is not one of the split's {}",
                job.part + 1,
                parts.len()
            );
        }
        let what = "the job's first game";
        let first = Outcome::from_record(c, objective, player, job.first, Some(&job.report), what)?;
        let mut s = Splitter::new(c, objective, player, by, opts, Some(&first), None, k)?;
        s.scopes = vec![parts.swap_remove(job.part)];
        s.run()?;
        Ok(s.answer(first.value))
    })();
    Some(crate::jobs::parts::reply(solved, t.elapsed().as_secs_f64()))
}

/// In `join` of a split's emitted parts: the split's episode from the parts' answers
/// (`None` when this process is no join).
pub(super) fn joined(
    c: &Config,
    objective: Objective,
    player: Option<usize>,
    by: SplitBy,
    opts: &SolveOptions,
    k: &Knobs,
) -> Option<Result<Outcome>> {
    let labels: Vec<String> = by.parts(c, k).into_iter().map(|p| p.1).collect();
    let jobs = crate::jobs::parts::joined::<EmittedPart, EmittedAnswer>(&labels)?;
    Some((|| {
        let jobs = jobs?;
        let Some(head) = jobs.first() else {
            bail!("join: the set has no jobs");
        };
        // Replayed by the referee; the report is that of the solve that found it.
        let game = |record: &Record, report: &SolveReport, what: &str| -> Result<Outcome> {
            let mut o =
                Outcome::from_record(c, objective, player, record.clone(), Some(report), what)?;
            o.report = report.clone();
            Ok(o)
        };
        let mut best = game(&head.part.first, &head.part.report, "the jobs' first game")?;
        let mut found_by = head.part.found_by.clone();
        let mut seconds = head.part.seconds;
        let mut rows = Vec::new();
        for (i, j) in jobs.iter().enumerate() {
            let same_first = EmittedPart {
                part: i,
                ..head.part.clone()
            };
            if j.part != same_first {
                bail!(
                    "join: {} ({}) is not part {} against the set's first game",
                    j.job,
                    j.label,
                    i + 1
                );
            }
            seconds += j.seconds;
            if let Some((record, report)) = &j.answer.better {
                let o = game(record, report, &format!("the game of {}", j.job))?;
                // Equal games: the first in part order stays.
                if o.value > best.value {
                    (best, found_by) = (o, None);
                }
            }
            for r in &j.answer.rows {
                if let Err(e) = r.restriction.scope(c) {
                    bail!(
                        "join: {} ({}): a row names no part of this game: {e}",
                        j.job,
                        j.label
                    );
                }
                rows.push(r.settling(rows.len()));
            }
        }
        if let Some((r, ..)) = rows
            .iter()
            .find(|x| x.2.value.is_some_and(|v| v > best.value))
        {
            bail!(
                "join: the part {} claims a game above {} that no job hands back",
                part_label(c, &r.scope(c).map_err(anyhow::Error::msg)?),
                best.value
            );
        }
        let o = assemble(c, by, opts, k, best, &rows, seconds, found_by)?;
        if !opts.quiet {
            eprintln!(
                "split: joined {} parts; the best game is {}",
                jobs.len(),
                o.value
            );
        }
        Ok(o)
    })())
}
