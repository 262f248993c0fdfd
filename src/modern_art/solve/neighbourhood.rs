use super::*;

mod steps;

/// The work limits of [`neighbourhood_search`]: all in branch-and-bound nodes or
/// neighbourhoods, never in seconds, so the same command finds the same game.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SearchLimits {
    /// Nodes of the first short solve of the part (0: no search).
    pub probe: u64,
    /// Nodes of each neighbourhood's solve.
    pub near: u64,
    /// Fruitless neighbourhoods in a row before the search stops (0: every round once).
    pub patience: u32,
    /// Nodes of the proof attempted after each better game (0: none).
    pub proof: u64,
    /// Nodes of each piece's proof attempt, where the split divides the part by a round's
    /// ranking (0: none; `u64::MAX`: to the end).
    pub pieces: u64,
    /// The neighbourhoods from this one on (0: the first) stop at their first better game.
    pub first_from: u32,
    /// A first game within this fraction of the first solve's dual bound is attempted as
    /// the part's maximum (or its pieces are) before any neighbourhood.
    pub first_gap: f64,
    /// Nodes of each such attempt (0: none).
    pub first_nodes: u64,
    /// Nodes of a first solve that looks only at games in which no hand runs empty
    /// ([`model::Near::no_skip`]; 0: no such restriction, and the first solve has `probe`
    /// nodes). With the restriction the neighbourhoods look only at such games too (the
    /// proof attempts at every game), and a first solve that runs to its end has the best
    /// such game: the search ends there. When the part has no such game, the first solve
    /// is repeated over every game (with `probe` nodes), and so is the rest of the search.
    pub no_skip: u64,
    /// With `no_skip`, a leaf part that the split may divide by a round's ranking gets that
    /// first solve piece by piece (the tuning's `pieces_within`); `false`: the part whole.
    pub no_skip_pieces: bool,
}

/// What [`neighbourhood_search`] found.
pub struct Searched {
    /// The best game.
    pub outcome: Outcome,
    /// When the search settled the part (and so stopped early): the solve of the part it
    /// ran to the end, with the result the split's own solve of the part would return.
    /// Either a solve that proved the part with `outcome` as its maximum (`Ok`: the first
    /// short solve, or a proof attempt that found a better game and proved it), or a proof
    /// attempt against `outcome` that found nothing better (`Err`: "nothing beats the
    /// cutoff"). The split takes it as the part's result.
    pub settled: Option<Result<Outcome>>,
    /// When the split divides the part by a round's ranking and every piece closed
    /// against `outcome` (and so the search stopped): each piece with the result of its
    /// solve, which the split takes as the piece's. Pieces whose LP cannot beat `outcome`
    /// are not listed (the split skips them).
    pub pieces: Vec<(Scope, Result<Outcome>)>,
    /// The LP bounds the search solved for the split's pieces (`None`: no game in the
    /// piece), so that the split does not solve them again.
    pub lps: Vec<(Scope, Option<f64>)>,
    /// How many neighbourhoods the search solved (none when its first solve settled the
    /// part, or ran to its end among the games without an empty hand).
    pub neighbourhoods: usize,
}

/// What a proof attempt of [`neighbourhood_search`] ends with.
enum Settle {
    /// The part is settled with this game as its maximum, by this solve.
    Closed(Box<(Outcome, Result<Outcome>)>),
    /// A better game, not proven.
    Better(Box<Outcome>),
    /// Out of nodes.
    Open,
    /// Not attempted: the split divides the part again, by a round's ranking.
    Divided,
}

impl Default for SearchLimits {
    /// The limits of the built-in tuning for 2 players: every piece attempted, every game
    /// searched.
    fn default() -> Self {
        Tuning::default().search_limits(2)
    }
}

/// A good game of `scope` (a leaf part of the split, with no game known yet), found by a
/// large neighbourhood search, so that the part and the rest of the split are solved
/// against it (a proof, with HiGHS's heuristics off) instead of by a search that must both
/// find and prove. A short solve of the part (`limits.probe` nodes: its root) gives a
/// first game ([`Search::first_game`]), attempted at once when it lies near that solve's
/// bound; then, once for each round in turn, the part with that round's shape kept as in
/// the best game so far and the other rounds free ([`model::Near`]) is searched for a
/// better one ([`Search::neighbourhoods`]). After each better game a short proof of the
/// part against it may settle the part, and the search then stops; where the split would
/// divide the part by a round's ranking, its pieces are attempted instead, once per game.
/// With `limits.no_skip` the first solve looks only at games in which no hand runs empty
/// and runs to its end (piece by piece where the split may divide the part); its game,
/// the best such game, then ends the search. Work limits ([`SearchLimits`]), not clocks:
/// the same command finds the same game. `None` when the first solve finds no game (or
/// its node limit is 0). The measurements behind each step are in
/// `docs/notebook/modern-art.md`.
#[allow(clippy::too_many_arguments)]
pub fn neighbourhood_search(
    c: &Config,
    objective: Objective,
    player: Option<usize>,
    scope: &Scope,
    lp: Option<f64>,
    opts: &SolveOptions,
    limits: SearchLimits,
    k: &Knobs,
) -> Option<Searched> {
    let scoped = Scoped { scope, lp };
    neighbourhood_search_telling(c, objective, player, scoped, opts, limits, k, &|_| ())
}

/// The part a search runs in, and its LP bound.
pub(super) struct Scoped<'a> {
    pub(super) scope: &'a Scope,
    pub(super) lp: Option<f64>,
}

/// [`neighbourhood_search`], telling `better` the value of each game it holds as its best
/// when it is found (so that `--jobs N` can start the split's later parts against it).
#[allow(clippy::too_many_arguments)]
pub(super) fn neighbourhood_search_telling(
    c: &Config,
    objective: Objective,
    player: Option<usize>,
    Scoped { scope, lp }: Scoped,
    opts: &SolveOptions,
    limits: SearchLimits,
    k: &Knobs,
    better: &dyn Fn(i64),
) -> Option<Searched> {
    if limits.probe == 0 {
        return None;
    }
    let search = Search {
        c,
        objective,
        player,
        scope,
        lp,
        opts,
        quiet: SolveOptions {
            quiet: true,
            ..opts.clone()
        },
        limits,
        k,
        started: std::time::Instant::now(),
        all: (1u32 << c.variant.rounds) - 1,
        no_skip: std::cell::Cell::new(limits.no_skip > 0),
        better,
    };
    search.run()
}

/// One neighbourhood search's fixed inputs and its one switch (`no_skip`).
struct Search<'a> {
    c: &'a Config,
    objective: Objective,
    player: Option<usize>,
    scope: &'a Scope,
    /// The part's LP bound.
    lp: Option<f64>,
    opts: &'a SolveOptions,
    /// `opts` without progress lines, for the search's own solves.
    quiet: SolveOptions,
    limits: SearchLimits,
    k: &'a Knobs,
    started: std::time::Instant,
    /// Every round free.
    all: u32,
    /// Whether the first solve and the neighbourhoods look only at games without an empty
    /// hand ([`SearchLimits::no_skip`]; off again when the part has none).
    no_skip: std::cell::Cell<bool>,
    /// Told the value of each best game as it is found.
    better: &'a dyn Fn(i64),
}

/// The state of the search's rounds of neighbourhoods.
struct Progress {
    best: Outcome,
    /// The game whose pieces were attempted (once per game).
    attempted: Option<i64>,
    /// The pieces that closed against the best game.
    pieces: Vec<(Scope, Result<Outcome>)>,
    /// The pieces' LPs, for the split.
    lps: Vec<(Scope, Option<f64>)>,
    neighbourhoods: usize,
    /// The solve that settled the part, when a proof attempt did.
    settled: Option<Result<Outcome>>,
}

impl Search<'_> {
    /// Report a game the search holds as its best; an interrupted run keeps it
    /// ([`crate::interrupt::offer_found`], as an episode that claims no bound).
    fn say(&self, what: &str, o: &Outcome) {
        (self.better)(o.value);
        if crate::interrupt::wants_found() {
            if let Ok(kept) = interim(o, None, &self.k.build.fixes) {
                crate::interrupt::offer_found(&kept.envelope);
            }
        }
        if !self.opts.quiet {
            let secs = self.started.elapsed().as_secs_f64();
            eprintln!("search: {what}: {} ({secs:.1} s)", o.value);
        }
    }

    /// The knobs with the hand-budget rows the tuning gives solves of kind `kind`.
    fn knobs(&self, kind: SearchSolve) -> Knobs {
        let rows = match self
            .k
            .tuning
            .search_hand
            .get(self.c.players)
            .contains(&kind)
        {
            true => model::vars::HandRows::All,
            false => model::vars::HandRows::None,
        };
        self.k.with_hand(rows)
    }

    /// `part` solved with every round free and no plan, for at most `nodes`, with HiGHS's
    /// seed `seed`: the first solve, and the proof attempts.
    fn seeded(&self, part: &Scope, nodes: u64, strong: bool, seed: i32) -> Result<Outcome> {
        let o = SolveOptions {
            seed,
            ..self.quiet.clone()
        };
        let near = model::Near {
            plan: None,
            free: self.all,
            beat: None,
            nodes,
            strong,
            first: false,
            // Not a proof attempt, which must cover every game.
            no_skip: part.beating.is_none() && self.no_skip.get(),
        };
        let kind = match (part.beating, part.ranked) {
            (None, _) => SearchSolve::First,
            (Some(_), None) => SearchSolve::Proof,
            (Some(_), Some(_)) => SearchSolve::Pieces,
        };
        let (c, objective, player) = (self.c, self.objective, self.player);
        solve_near(
            c,
            objective,
            player,
            part,
            &o,
            None,
            Some(near),
            &self.knobs(kind),
        )
    }

    fn unplanned(&self, part: &Scope, nodes: u64, strong: bool) -> Result<Outcome> {
        self.seeded(part, nodes, strong, self.opts.seed)
    }

    /// The first solve's nodes: `no_skip`'s while it looks only at games without an empty
    /// hand.
    fn probe(&self) -> u64 {
        match self.no_skip.get() {
            true => self.limits.no_skip,
            false => self.limits.probe,
        }
    }

    fn part_lp(&self, piece: &Scope) -> Result<Option<f64>> {
        part_lp(
            self.c,
            self.objective,
            self.player,
            piece,
            self.opts,
            self.k,
        )
    }

    /// The search: its first game, then its neighbourhoods.
    fn run(&self) -> Option<Searched> {
        let mut piece_lps: Vec<(Scope, Option<f64>)> = Vec::new();
        let by_pieces = self.first_by_pieces(&mut piece_lps);
        // (The pieces' rows: `ranks_exactly`, one.)
        let piece_rows = usize::from(by_pieces.is_some());
        let first = self.first_game(by_pieces);
        // A first solve without empty hands that ran to its end has the best such game:
        // every neighbourhood would look only at such games too, so none could beat it.
        let exhausted = matches!(&first, Ok(o) if self.no_skip.get() && o.proven);
        let best = match first {
            // A first solve without empty hands proves nothing about the part.
            Ok(o) if self.no_skip.get() => Outcome { proven: false, ..o },
            Ok(o) => o,
            Err(e) => {
                if self.opts.verbose {
                    eprintln!("search: no first game ({e:#}); the part is solved without one");
                }
                return None;
            }
        };
        if best.proven {
            self.say("first solve, proven for the part", &best);
            return Some(Searched {
                outcome: best.clone(),
                settled: Some(Ok(best)),
                pieces: Vec::new(),
                lps: Vec::new(),
                neighbourhoods: 0,
            });
        }
        self.say("first game", &best);
        // The part's own model size, for the report (a neighbourhood's has its fixings
        // too, and a first solve without empty hands one row per seat and round:
        // `no_empty_hand`).
        let skip_rows = match self.no_skip.get() {
            true => self.c.players * self.c.variant.rounds + piece_rows,
            false => 0,
        };
        let size = (
            best.report.rows.saturating_sub(skip_rows),
            best.report.columns,
            best.report.integers,
        );
        let mut p = Progress {
            best,
            attempted: None,
            pieces: Vec::new(),
            lps: piece_lps,
            neighbourhoods: 0,
            settled: None,
        };
        if !self.first_attempt(&mut p, exhausted) {
            self.neighbourhoods(&mut p);
        }
        let reached = self.reached(&p.best);
        if p.settled.is_none() && p.pieces.is_empty() && !reached && !exhausted {
            self.say("best game", &p.best);
        }
        (
            p.best.report.rows,
            p.best.report.columns,
            p.best.report.integers,
        ) = size;
        Some(Searched {
            outcome: p.best,
            settled: p.settled,
            pieces: p.pieces,
            lps: p.lps,
            neighbourhoods: p.neighbourhoods,
        })
    }
}

/// The round by whose ranking the split divides a part once more: the first round its
/// artist does not lead, when the part is a leaf of the leads split (every round decided,
/// not yet divided by ranking) whose LP `lp` exceeds the best game `best` by more than
/// the tuning's `ranked_beyond`. `None`: the part is solved whole.
pub(super) fn ranking_round(
    c: &Config,
    scope: &Scope,
    lp: f64,
    best: i64,
    k: &Knobs,
) -> Option<usize> {
    let beyond = !within_share(lp, best, k.tuning.split_shares(c.players).1);
    leaf_ranking_round(c, scope).filter(|_| beyond)
}

/// The round by whose ranking the split may divide a part, whatever its LP: the first
/// round its artist does not lead, when the part is a leaf of the leads split (every round
/// decided, not yet divided by ranking). See [`ranking_round`].
pub(super) fn leaf_ranking_round(c: &Config, scope: &Scope) -> Option<usize> {
    let leads = scope.leads?;
    let rounds = c.variant.rounds;
    let leaf = scope.ranked.is_none() && leads.settled(rounds);
    (0..rounds)
        .find(|r| leads.led >> r & 1 == 0)
        .filter(|_| leaf)
}
