use super::*;

use std::collections::{HashMap, VecDeque};

use super::super::proof::{highs_options, split_name, Restriction};
use crate::proof::{FoundBy, Proof, ProofPart, Settled};

mod ahead;
mod emitted;
mod leading;
mod lps;
mod plan;
mod steps;
mod worker;

/// One part of [`split()`] as the proof table shows it.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct PartRow {
    /// The part's index among the split's scopes.
    pub(super) part: usize,
    /// The best game found in the part.
    pub(super) value: Option<i64>,
    /// The part's bound, rounded down.
    pub(super) bound: Option<f64>,
    pub(super) proven: bool,
    /// Some plan was excluded on the way (the part is not settled by its bound).
    pub(super) excluded: bool,
    pub(super) seconds: f64,
    /// Skipped by its LP bound.
    pub(super) skipped: bool,
}

impl PartRow {
    /// A row with only its part, bound and seconds set.
    fn new(part: usize, bound: Option<f64>, seconds: f64) -> PartRow {
        PartRow {
            part,
            value: None,
            bound,
            proven: false,
            excluded: false,
            seconds,
            skipped: false,
        }
    }
}

/// Whether a part's row calls for one more solve now that the best game is worth
/// `value`: the part was solved (`against`: the best game's value then, `Some(None)` when
/// none was known), is neither proven nor skipped, its bound is above `value`, and the
/// best game has improved since.
pub(super) fn solve_again(p: &PartRow, against: Option<Option<i64>>, value: i64) -> bool {
    let open = !p.proven && !p.skipped && p.bound.is_some_and(|b| b > value as f64);
    open && against.is_some_and(|v| v.is_none_or(|v| v < value))
}

/// `solve --split` (max-player only): the maximum as the largest of the parts' restricted
/// optima. Split by round 1's first artist, every game has exactly one; split by the
/// tokens, every game has at most one artist that ends with more than half of the award
/// tokens, so it lies in exactly one part ("artist a ends with t tokens" for t above half,
/// or "nobody above half").
/// Each part is smaller than the whole and HiGHS closes most of them where the whole
/// model stalls. The parts run in the order of their LP bounds (highest first); a part
/// whose LP bound cannot beat the best certified game so far is skipped, so the hopeless
/// parts cost one LP each. Each part gets the time limit of a whole solve.
///
/// Proven only when every part is proven or bounded (rounded down) by the best
/// certified game, and no part excluded a plan; the combined bound is the largest part
/// bound.
///
/// `seed`: a known game (e.g. the best restricted solve's) that every part starts from
/// instead of diving; it lies in one part, and the others keep it as the game to beat.
pub fn split(
    c: &Config,
    objective: Objective,
    player: Option<usize>,
    by: SplitBy,
    opts: &SolveOptions,
    seed: Option<&Outcome>,
    k: &Knobs,
) -> Result<Outcome> {
    split_keeping(c, objective, player, by, opts, seed, None, k)
}

/// A split's best game so far, as an episode that claims no proof: "best found", with
/// `bound` (the largest bound of the parts so far, LP bounds for those not yet solved)
/// when known, and no parts. What [`split_keeping`] hands to `keep`. `fixes`: the
/// diagnostic fixings of the solve (the games the episode is about).
pub fn interim(o: &Outcome, bound: Option<f64>, fixes: &model::Fixes) -> Result<Outcome> {
    let mut o = o.clone();
    o.proven = false;
    o.report.status = crate::lp::Status::Feasible;
    o.report.bound = bound
        .filter(|b| b.is_finite())
        .map(|b| b.max(o.value as f64));
    o.report.gap = o
        .report
        .bound
        .map(|b| (b - o.value as f64).abs() / (o.value as f64).abs().max(1.0));
    let mut payload: episode::Payload = o.envelope.payload_as()?;
    payload.restricted = with_diagnostic_fixings(None, fixes);
    payload.split = None;
    payload.split_by = None;
    payload.proof = None;
    o.envelope.payload = serde_json::to_value(&payload)?;
    o.envelope.status = o.report.status;
    o.envelope.bound = o.report.bound;
    o.envelope.gap = o.report.gap;
    o.envelope.solver = Some(o.report.clone());
    Ok(o)
}

/// What receives a split's better games as they are found.
pub type Keep<'a> = dyn Fn(&Outcome) -> Result<()> + 'a;

/// [`split()`], handing every better game a part finds to `keep` as soon as it is found (as
/// an [`interim`] episode), so a long split that is stopped loses no game.
#[allow(clippy::too_many_arguments)]
pub fn split_keeping(
    c: &Config,
    objective: Objective,
    player: Option<usize>,
    by: SplitBy,
    opts: &SolveOptions,
    seed: Option<&Outcome>,
    keep: Option<&Keep>,
    k: &Knobs,
) -> Result<Outcome> {
    if objective != Objective::MaxPlayer {
        bail!(
            "--split: only --objective max-player can be split over {} (got {})",
            by.describe(),
            objective.name()
        );
    }
    // A worker started for one part of a proof solves that part alone: a part written by
    // --emit-jobs, or what a proof's --jobs N asked for.
    if let Some(answered) = emitted::as_worker(c, objective, player, by, opts, k) {
        return Err(answered);
    }
    if let Some(answered) = worker_answer(c, objective, player, opts, k) {
        return Err(answered);
    }
    // `join` of the parts written by --emit-jobs: their answers, no solving.
    if let Some(joined) = emitted::joined(c, objective, player, by, opts, k) {
        return joined;
    }
    let mut s = Splitter::new(c, objective, player, by, opts, seed, keep, k)?;
    s.run()?;
    if crate::jobs::parts::emitting() {
        bail!(
            "--emit-jobs: the split found no game to beat (--time-limit?), so no jobs were written"
        );
    }
    s.finish()
}

/// In a worker started by one proof's `--jobs N`: solve its job and hand back the answer
/// (`None` when this process is no such worker: its job has no `solve` tag).
fn worker_answer(
    c: &Config,
    objective: Objective,
    player: Option<usize>,
    opts: &SolveOptions,
    k: &Knobs,
) -> Option<anyhow::Error> {
    let part = crate::jobs::background::part_request::<serde_json::Value>()?.ok()?;
    part.get("solve")?;
    let job = match serde_json::from_value::<worker::WorkerJob>(part) {
        Ok(job) => job,
        Err(e) => return Some(anyhow::Error::new(e).context("the worker's job")),
    };
    Some(match job {
        worker::WorkerJob::Lps { lps } => {
            lps::solve_job(c, objective, player, opts, k, worker::LpJob { lps })
        }
        worker::WorkerJob::Part { scope, rows } => ahead::solve_job(
            c,
            objective,
            player,
            opts,
            k,
            worker::PartJob { scope, rows },
        ),
    })
}

/// A part waiting in the queue: its index, LP bound and the seconds spent on it so far.
type Queued = (usize, Option<f64>, f64);

/// A split under way.
struct Splitter<'a> {
    /// With `--jobs N`: workers solving the parts ahead ([`ahead`]).
    ahead: Option<crate::jobs::background::Background>,
    c: &'a Config,
    objective: Objective,
    player: Option<usize>,
    by: SplitBy,
    opts: &'a SolveOptions,
    seed: Option<&'a Outcome>,
    keep: Option<&'a Keep<'a>>,
    k: &'a Knobs,
    started: std::time::Instant,
    /// Every part so far, with its label (sub-parts are added as parts are refined).
    scopes: Vec<(Scope, String)>,
    /// The parts whose LP is solved: the search for the first leaf solves the LPs of the
    /// pieces the halving meets on its way to it, which are queued next.
    solved_lps: Vec<(Scope, Option<f64>)>,
    /// With `--jobs N`: LP bounds being solved on workers ([`lps`]).
    lp_jobs: Vec<worker::LpJob>,
    /// With `--jobs N`: the split's own parts whose LPs are still being solved while it
    /// goes down to the first leaf in the highest of the others ([`leading`]).
    pending: Vec<usize>,
    /// LPs solved so far and their seconds (here or on a worker): whether a worker is
    /// worth its start-up (the tuning's `worker_lp_seconds`).
    lp_clock: (usize, f64),
    /// The LPs and the parts whose answers came from workers (said at the end).
    on_workers: (usize, usize),
    /// (Tests) each time the split first solves a part against a new best game: the plan
    /// against it ([`Splitter::plan`]), and the parts then solved while it stayed best.
    #[cfg(test)]
    checked_plans: Vec<(Vec<worker::PartJob>, Vec<worker::PartJob>)>,
    queue: VecDeque<Queued>,
    best: Option<Outcome>,
    parts: Vec<PartRow>,
    /// The best game's value each part was solved against (a part is solved again when a
    /// later part beats that game).
    solved_against: HashMap<usize, Option<i64>>,
    /// The seconds of a part's earlier solves.
    earlier: HashMap<usize, f64>,
    /// Parts the neighbourhood search already solved to the end (its leaf), with the
    /// result the split's own solve of the part would return.
    presolved: Vec<(Scope, Result<Outcome>)>,
    /// The game of a neighbourhood search that did not prove its part (for `found_by`).
    searched_game: Option<SearchedGame>,
}

impl<'a> Splitter<'a> {
    /// A split of every part of `by`, starting from `seed` when given.
    #[allow(clippy::too_many_arguments)]
    fn new(
        c: &'a Config,
        objective: Objective,
        player: Option<usize>,
        by: SplitBy,
        opts: &'a SolveOptions,
        seed: Option<&'a Outcome>,
        keep: Option<&'a Keep<'a>>,
        k: &'a Knobs,
    ) -> Result<Splitter<'a>> {
        Ok(Splitter {
            ahead: crate::jobs::background::Background::new()?,
            c,
            objective,
            player,
            by,
            opts,
            seed,
            keep,
            k,
            started: std::time::Instant::now(),
            scopes: by.parts(c, k),
            solved_lps: Vec::new(),
            lp_jobs: Vec::new(),
            pending: Vec::new(),
            lp_clock: (0, 0.0),
            on_workers: (0, 0),
            #[cfg(test)]
            checked_plans: Vec::new(),
            queue: VecDeque::new(),
            best: seed.cloned(),
            parts: Vec::new(),
            solved_against: HashMap::new(),
            earlier: HashMap::new(),
            presolved: Vec::new(),
            searched_game: None,
        })
    }
}

impl Splitter<'_> {
    /// Parts that replace one part (its sub-parts): their labels and LPs, then queued
    /// next, highest LP first, the first one carrying `carried` seconds of the part they
    /// replace.
    fn queue_ahead(&mut self, subs: Vec<Scope>, carried: f64) -> Result<()> {
        let mut order = Vec::new();
        let lps = self.lps_of(&subs)?;
        for (sub, (lp, secs)) in subs.into_iter().zip(lps) {
            order.push((self.scopes.len(), lp, secs));
            self.scopes.push((sub, part_label(self.c, &sub)));
        }
        order.sort_by(by_lp);
        if let Some(first) = order.first_mut() {
            first.2 += carried;
        }
        for sub in order.into_iter().rev() {
            self.queue.push_front(sub);
        }
        Ok(())
    }

    /// Every part, highest LP first; then, while the best game improved, the parts left
    /// open against a lower one, again.
    fn run(&mut self) -> Result<()> {
        // With --emit-jobs, the parts become jobs as soon as a game to beat is known.
        self.emit_when_ready()?;
        let scopes: Vec<Scope> = self.scopes.iter().map(|s| s.0).collect();
        let lps = self.leading_lps(&scopes)?;
        let mut order: Vec<Queued> = (lps.into_iter().enumerate())
            .filter_map(|(i, lp)| lp.map(|(lp, secs)| (i, lp, secs)))
            .collect();
        order.sort_by(by_lp);
        self.queue = order.into();
        loop {
            while let Some((i, lp, lp_seconds)) = self.queue.pop_front() {
                self.emit_when_ready()?;
                let expired = crate::options::expired();
                if !self.pending.is_empty() && (expired || !self.searches_first(i, lp)) {
                    // Only the search for the first leaf goes on before every LP is in.
                    self.queue.push_front((i, lp, lp_seconds));
                    self.settle_pending(self.scopes.len(), None)?;
                    continue;
                }
                if expired {
                    // Not reached: open at its LP bound (a valid bound, no game).
                    self.parts.push(PartRow::new(i, lp, lp_seconds));
                    continue;
                }
                if self.refine(i, lp, lp_seconds)? {
                    continue;
                }
                self.solve_part(i, lp, lp_seconds)?;
            }
            if !self.pending.is_empty() {
                self.settle_pending(self.scopes.len(), None)?;
                continue;
            }
            if !self.requeue_open() {
                // The first game may come from the last part queued.
                return self.emit_when_ready();
            }
        }
    }

    /// A part left open (its bound above the best game) while a later part found a better
    /// game is solved once more, now only looking for a game better than that one: the
    /// cutoff is higher, so HiGHS prunes more of the part than on its first solve.
    /// Whether any part was queued again.
    fn requeue_open(&mut self) -> bool {
        if crate::options::expired() {
            return false;
        }
        let Some(value) = self.best.as_ref().map(|o| o.value) else {
            return false;
        };
        let parts = std::mem::take(&mut self.parts);
        let against = &self.solved_against;
        let (again, settled): (Vec<PartRow>, Vec<PartRow>) = parts
            .into_iter()
            .partition(|p| solve_again(p, against.get(&p.part).copied(), value));
        self.parts = settled;
        if again.is_empty() {
            return false;
        }
        for p in again {
            self.earlier.insert(p.part, p.seconds);
            self.solved_against.remove(&p.part);
            let lp = p.bound;
            if self.opts.verbose {
                eprintln!(
                    "split: {}: open at bound {:.0}, solved again against the best game {value}",
                    self.scopes[p.part].1,
                    lp.unwrap_or(f64::INFINITY)
                );
            }
            self.queue.push_back((p.part, lp, 0.0));
        }
        true
    }

    /// The split's result: the best game with the parts' table, proven when every part is
    /// proven or closed by the best game.
    fn finish(mut self) -> Result<Outcome> {
        let o = match self.best.take() {
            Some(o) => o,
            // Stopped by --time-limit before any part found a game: the parts' bounds
            // still hold, so they are kept beside the first legal game, not thrown away.
            None if crate::options::expired() => {
                if !self.opts.quiet {
                    eprintln!(
                        "split: --time-limit ran out before any part found a game; the \
                         first legal game stands beside the parts' bounds"
                    );
                }
                playout::first_legal_game(self.c, self.objective, self.player)?
            }
            None => bail!(
                "--split: no part found a game (variant {}, {} players)",
                self.c.variant.name,
                self.c.players
            ),
        };
        let found_by = self.found_by(o.value);
        let seconds = self.started.elapsed().as_secs_f64();
        if self.ahead.is_some() && !self.opts.quiet {
            let (lps, parts) = self.on_workers;
            eprintln!("jobs: the answers of {lps} LPs and {parts} parts came from workers");
        }
        let rows = self.settlings();
        assemble(
            self.c, self.by, self.opts, self.k, o, &rows, seconds, found_by,
        )
    }

    /// How the best game, worth `value`, was found, when the neighbourhood search found
    /// it (the episode's `found_by`).
    fn found_by(&self, value: i64) -> Option<FoundBy> {
        self.searched_game
            .as_ref()
            .filter(|g| g.value == value)
            .map(|g| g.describe())
    }

    /// Every part's row with its restriction and LP bound, in part order.
    fn settlings(&self) -> Vec<Settling> {
        let mut parts = self.parts.clone();
        parts.sort_by_key(|p| p.part);
        parts
            .into_iter()
            .map(|p| {
                let scope = &self.scopes[p.part].0;
                let lp = self
                    .solved_lps
                    .iter()
                    .find(|x| x.0 == *scope)
                    .and_then(|x| x.1);
                (Restriction::of(self.c, scope), lp, p)
            })
            .collect()
    }
}

/// One part of a proof: its restriction, LP bound and row.
type Settling = (Restriction, Option<f64>, PartRow);

/// The proof's parts against the best game's value `value`: their records, whether every
/// part is proven or closed by it, and the largest bound.
fn records(rows: &[Settling], value: i64) -> (Vec<ProofPart<Restriction>>, bool, Option<f64>) {
    let mut records = Vec::new();
    let mut proven = true;
    let mut bound: Option<f64> = None;
    for (restriction, lp, p) in rows {
        let closed = !p.excluded && p.bound.is_none_or(|b| b <= value as f64);
        let status = if p.value.is_none() && p.bound.is_none() {
            "empty"
        } else if p.proven {
            "proven"
        } else if p.skipped {
            "skipped (LP bound)"
        } else if closed {
            "closed (bound ≤ best)"
        } else {
            "open"
        };
        proven &= p.proven || closed;
        if let Some(b) = p.bound {
            bound = Some(bound.map_or(b, |x: f64| x.max(b)));
        }
        records.push(ProofPart {
            restriction: restriction.clone(),
            lp: *lp,
            value: p.value,
            bound: p.bound,
            settled: Settled::from_status(status).unwrap_or(Settled::Open),
            seconds: (p.seconds * 10.0).round() / 10.0,
        });
    }
    (records, proven, bound)
}

/// The split's episode: the best game `o` with the proof table of `rows`, proven when
/// every part is proven or closed by it. `seconds`: the split's; `found_by`: how the best
/// game was found, when a neighbourhood search found it.
#[allow(clippy::too_many_arguments)]
fn assemble(
    c: &Config,
    by: SplitBy,
    opts: &SolveOptions,
    k: &Knobs,
    mut o: Outcome,
    rows: &[Settling],
    seconds: f64,
    found_by: Option<FoundBy>,
) -> Result<Outcome> {
    let value = o.value;
    let (records, proven, bound) = records(rows, value);
    let proof = Proof {
        split: split_name(by).into(),
        highs: highs_options(opts),
        source: None,
        parts: records,
    };
    let mut report = o.report.clone();
    report.bound = bound.map(|b| b.max(value as f64));
    report.objective = Some(value as f64);
    report.gap = report
        .bound
        .map(|b| (b - value as f64).abs() / (value as f64).abs().max(1.0));
    report.seconds = seconds;
    report.status = if proven {
        crate::lp::Status::Optimal
    } else {
        crate::lp::Status::Feasible
    };
    let mut payload: episode::Payload = o.envelope.payload_as()?;
    payload.split = Some(super::super::proof::table(c, &proof)?);
    payload.proof = Some(proof);
    // The best game may be the seed's, found by a restricted solve: the split's result
    // is about every game (every game the diagnostic fixings allow, when any is set).
    payload.restricted = with_diagnostic_fixings(None, &k.build.fixes);
    payload.split_by = Some(by.describe().to_string());
    payload.found_by = found_by;
    o.envelope.payload = serde_json::to_value(&payload)?;
    o.envelope.status = report.status;
    o.envelope.bound = report.bound;
    o.envelope.gap = report.gap;
    o.envelope.solver = Some(report.clone());
    o.report = report;
    o.proven = proven;
    Ok(o)
}

/// Highest LP bound first (parts with no game last).
fn by_lp(x: &Queued, y: &Queued) -> std::cmp::Ordering {
    let key = |b: Option<f64>| b.unwrap_or(f64::NEG_INFINITY);
    key(y.1).total_cmp(&key(x.1)).then(x.0.cmp(&y.0))
}

/// The game a neighbourhood search found without proving its part: what the episode's
/// `found_by` says when that game is the split's result.
pub(super) struct SearchedGame {
    pub(super) value: i64,
    /// The label of the part the search ran in.
    pub(super) part: String,
    pub(super) seconds: f64,
    /// Whether the search's proof attempt then closed that part against the game.
    pub(super) closed: bool,
}

impl SearchedGame {
    pub(super) fn describe(&self) -> FoundBy {
        FoundBy {
            part: self.part.clone(),
            seconds: self.seconds,
            closed: self.closed,
        }
    }
}
