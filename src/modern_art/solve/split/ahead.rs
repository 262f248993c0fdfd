//! `--jobs N` for one proof: once a best game is known, the parts the split will solve
//! next against it are started on worker processes ([`crate::jobs::background`]), and
//! the split takes each part's answer when it reaches the part. A part's solve depends
//! only on its scope, the best game's value (its cutoff) and its hand rows, so the answer
//! is the one the split would compute itself, and the proof's table is built in the same
//! order as with `--jobs 1`. A worker sends its part's game whole (all but the model
//! variables' values), so a part whose game beats the best becomes the best as if solved
//! here; a part started for a best game that has since improved is not used.

use super::worker::PartJob;
use super::*;
use serde::{Deserialize, Serialize};

/// What a part's solve tells the split (floats as bits: bounds may be infinite).
#[derive(Debug, Clone, Copy, Serialize, Deserialize)]
pub(super) enum PartAnswer {
    /// A game: its value, HiGHS's bound, proven, and the plans excluded on the way.
    Game {
        value: i64,
        bound: Option<u64>,
        proven: bool,
        excluded: usize,
        excluded_bound: u64,
    },
    /// No game in the part (beating the cutoff), perhaps only once plans were excluded:
    /// (plans, their bound).
    Infeasible { exclusions: Option<(usize, u64)> },
    /// No game found in the time; HiGHS's dual bound.
    NoSolution { bound: Option<u64> },
}

/// A worker's answer: with a game, the game whole, so that a part whose game beats the
/// best is not solved a second time in the split.
#[derive(Debug, Clone, Serialize, Deserialize)]
struct WorkerAnswer {
    answer: PartAnswer,
    game: Option<Box<WholeGame>>,
}

/// What the split keeps of a part's game (with [`PartAnswer::Game`]'s numbers): its model
/// variables' values are not sent (only a solve of a wider scope would start from them).
#[derive(Debug, Clone, Serialize, Deserialize)]
struct WholeGame {
    report: crate::lp::SolveReport,
    envelope: crate::episode::Envelope,
    scores: Vec<i64>,
    seat: usize,
    record: super::super::record::Record,
}

impl WorkerAnswer {
    fn of(solved: &Result<Outcome>) -> Option<WorkerAnswer> {
        let game = solved.as_ref().ok().map(|o| {
            Box::new(WholeGame {
                report: o.report.clone(),
                envelope: o.envelope.clone(),
                scores: o.scores.clone(),
                seat: o.plan.seat,
                record: o.record.clone(),
            })
        });
        let answer = PartAnswer::of(solved)?;
        Some(WorkerAnswer { answer, game })
    }

    /// The part's game as the split's own solve would have returned it.
    fn outcome(self, players: usize) -> Option<Outcome> {
        let PartAnswer::Game {
            value,
            proven,
            excluded,
            excluded_bound,
            ..
        } = self.answer
        else {
            return None;
        };
        let g = *self.game?;
        Some(Outcome {
            report: g.report,
            plan: model::Plan {
                players,
                seat: g.seat,
                rounds: Vec::new(),
            },
            envelope: g.envelope,
            scores: g.scores,
            value,
            proven,
            excluded,
            excluded_bound: f64::from_bits(excluded_bound),
            assignment: Vec::new(),
            record: g.record,
        })
    }
}

impl PartAnswer {
    /// The answer of a solve, or `None` for an error the split handles itself.
    pub(super) fn of(solved: &Result<Outcome>) -> Option<PartAnswer> {
        match solved {
            Ok(o) => Some(PartAnswer::Game {
                value: o.value,
                bound: o.report.bound.map(f64::to_bits),
                proven: o.proven,
                excluded: o.excluded,
                excluded_bound: o.excluded_bound.to_bits(),
            }),
            Err(e) if is_infeasible(e) => Some(PartAnswer::Infeasible {
                exclusions: e
                    .downcast_ref::<AfterExclusions>()
                    .map(|x| (x.plans, x.best.to_bits())),
            }),
            Err(e) => crate::lp::no_solution(e).map(|x| PartAnswer::NoSolution {
                bound: x.bound.map(f64::to_bits),
            }),
        }
    }

    /// Part `i`'s row from the answer (`lp`: its LP bound; `best`: the best game's value
    /// it was solved against; `secs`: its seconds with the LP's, `elapsed`: without).
    pub(super) fn row(
        &self,
        i: usize,
        lp: Option<f64>,
        best: Option<i64>,
        secs: f64,
        elapsed: f64,
    ) -> PartRow {
        let f = f64::from_bits;
        match *self {
            PartAnswer::Game {
                value,
                bound,
                proven,
                excluded,
                excluded_bound,
            } => {
                let bound = bound.map(f).map_or(f64::INFINITY, whole);
                // Under a cutoff HiGHS may keep a game that does not beat it (found before
                // the cutoff pruned its branch); its "optimal" then only says that no game
                // beats the best: the part is closed at the best's value, not proven at
                // this game's. Every bound under a cutoff is a bound on the games that beat
                // it, so the part's bound is at least the best's value.
                let beats = best.is_none_or(|v| value > v);
                let bound = best.map_or(bound, |v| bound.max(v as f64));
                PartRow {
                    part: i,
                    value: Some(value),
                    bound: Some(bound),
                    proven: proven && beats,
                    excluded: tainted(excluded, f(excluded_bound), bound),
                    seconds: secs,
                    skipped: false,
                }
            }
            // No game in the part beats the best: settled at the best's value (unless a
            // plan that claimed to beat it was excluded on the way).
            PartAnswer::Infeasible { exclusions } if best.is_some() => {
                let b = best.map(|v| v as f64);
                let mut row = PartRow::new(i, b, secs);
                row.excluded =
                    exclusions.is_some_and(|(plans, x)| b.is_none_or(|b| tainted(plans, f(x), b)));
                row
            }
            // (No LP seconds: the part is empty or was emptied by exclusions.)
            PartAnswer::Infeasible { exclusions } => match exclusions {
                // Empty only once its plans were excluded: not proven.
                Some((_, x)) => {
                    let mut row = PartRow::new(i, Some(whole(f(x))), elapsed);
                    row.excluded = true;
                    row
                }
                None => {
                    let mut row = PartRow::new(i, None, elapsed);
                    row.proven = true;
                    row
                }
            },
            // No better game found in the time: the part stays open, bounded by HiGHS's
            // dual bound (or its LP); under a cutoff, only the games that beat the best.
            PartAnswer::NoSolution { bound } => {
                let b = match (bound.map(f), lp) {
                    (Some(d), Some(l)) => Some(whole(d.min(l))),
                    (d, l) => d.or(l).map(whole),
                };
                let b = match best {
                    Some(v) => b.map(|b| b.max(v as f64)),
                    None => b,
                };
                PartRow::new(i, b, secs)
            }
        }
    }
}

/// In a worker started for one part ([`super::worker`]): solve it and hand back its
/// answer.
pub(super) fn solve_job(
    c: &Config,
    objective: Objective,
    player: Option<usize>,
    opts: &SolveOptions,
    k: &Knobs,
    job: PartJob,
) -> anyhow::Error {
    let t = std::time::Instant::now();
    let solved = solve_from(
        c,
        objective,
        player,
        &job.scope,
        opts,
        None,
        &k.with_hand(job.rows),
    );
    match WorkerAnswer::of(&solved) {
        Some(answer) => crate::jobs::background::part_answer(&answer, t.elapsed().as_secs_f64()),
        // An error the split reports itself: it solves the part again and says why.
        None => solved.err().unwrap_or_else(|| anyhow!("no answer")),
    }
}

impl Splitter<'_> {
    /// The solve of a part with LP bound `lp` against the best game `best`.
    pub(super) fn part_job(&self, scope: &Scope, lp: Option<f64>, best: Option<i64>) -> PartJob {
        let near = lp
            .zip(best)
            .is_some_and(|(l, v)| within_share(l, v, self.k.tuning.hand_within));
        PartJob {
            scope: match best {
                Some(v) => scope.beating(v),
                None => *scope,
            },
            rows: match near {
                true => model::vars::HandRows::TokenArtist,
                false => model::vars::HandRows::None,
            },
        }
    }

    /// Start workers on `first` and then on the parts the split will solve against the
    /// best game `best` if it does not improve ([`Splitter::plan`]), while workers are
    /// free, and one on LPs the plan must know.
    fn start_ahead(&mut self, first: (String, PartJob), best: i64) -> Result<()> {
        self.gather_lps(false);
        let (planned, needed) = self.plan(best);
        let mut want = vec![first];
        want.extend(planned);
        let Some(bg) = self.ahead.as_mut() else {
            return Ok(());
        };
        bg.retain(|key| super::worker::for_best(key, best));
        for (label, job) in want {
            if bg.knows(&job) {
                continue;
            }
            if !bg.has_room() {
                break;
            }
            bg.start(&label, &job)?;
        }
        self.prefetch_lps(&needed);
        Ok(())
    }

    /// While the split's own search runs and has just found a game worth `best`: the
    /// parts the split will solve against it, queued for the workers beside the search
    /// ([`crate::jobs::background::Background::pump`]), and the LPs that plan must know.
    pub(super) fn ahead_of_search(&mut self, best: i64) {
        self.gather_lps(false);
        let (planned, needed) = self.plan(best);
        self.prefetch_lps(&needed);
        if let Some(bg) = self.ahead.as_mut() {
            bg.retain(|key| super::worker::for_best(key, best));
            bg.queue(&planned);
            if let Err(e) = bg.pump() {
                eprintln!("jobs: {e:#}");
            }
        }
    }

    /// The worker's answer for part `job` (started now if it was not), its seconds, and
    /// the part's game when it beats the best (`best`), when there are workers.
    pub(super) fn answer_ahead(
        &mut self,
        name: &str,
        job: &PartJob,
        best: i64,
    ) -> Result<Option<(PartAnswer, f64, Option<Outcome>)>> {
        if self.ahead.is_none() {
            return Ok(None);
        }
        self.start_ahead((name.to_string(), *job), best)?;
        let Some(bg) = self.ahead.as_mut() else {
            return Ok(None);
        };
        let Some((answer, secs)) = bg.answer::<PartJob, WorkerAnswer>(job) else {
            return Ok(None);
        };
        let part = answer.answer;
        let better = matches!(part, PartAnswer::Game { value, .. } if value > best);
        let game = match better {
            true => match answer.outcome(self.c.players) {
                Some(o) => Some(o),
                // (Not reached: a worker sends every game whole.)
                None => return Ok(None),
            },
            false => None,
        };
        self.on_workers.1 += 1;
        Ok(Some((part, secs, game)))
    }
}
