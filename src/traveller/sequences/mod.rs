//! The exact search over **event sequences**: the most cash in T steps without the time-
//! expanded ILP's relaxation.
//!
//! A plan is a sequence of *events* — buy a good at a wholesaler, sell a good at a
//! retailer, buy fuel at a station — with drives in between. Everything else about a plan
//! follows from that sequence and its quantities, and some optimal plan has these
//! properties, so only such sequences are searched:
//!
//! * **Between two events the lorry drives a shortest road.** A drive does nothing but
//!   spend steps and fuel; a shorter one spends less of both, and a plan may end early.
//! * **A wholesaler is visited at most once between two sales.** Cash only falls and the
//!   load only grows between sales, so a later purchase there could have been made on the
//!   first visit: every cash and load in between is still within bounds (each is at
//!   least what it is at the later purchase).
//! * **A retailer is visited at most once between two purchases of goods**, for the mirror
//!   reason: stock only falls between purchases, cash only rises but for fuel.
//! * **Goods are bought only where some retailer pays more and can still be reached** in
//!   the steps left, and sold only after a purchase of that good: anything else loses
//!   cash or does nothing (a purchase of zero is the same plan without the event).
//! * **Cash is counted after the last sale**: events after it only spend.
//!
//! For each sequence that ends in a sale, the quantities are a small linear programme
//! (cash ≥ 0 after every purchase, stock ≥ 0 after every sale, load ≤ the lorry, enough
//! fuel for every drive, no fuel above the tank), solved by HiGHS. Its optimum is an upper
//! bound on every plan with that sequence; the largest over all sequences bounds every
//! plan. Sequences whose bound beats the best plan known are solved again with whole
//! quantities (a MIP): the best of those is the optimum, proven once every sequence is
//! settled. Two cheaper bounds keep the LPs and the sequences few: a worth bound per
//! sequence ([`Node::sell`], [`Node::cash_bound`]) settles most sequences without their
//! LP, and the relaxed future ([`Future`]) cuts off prefixes that cannot beat the best.
//!
//! The sequences still grow about tenfold every ten steps (classic board, bounded: about
//! 11 000 at T = 50, 1.4 million at T = 70, 14 million at T = 80, 179 million at T = 90),
//! so the search proves budgets the ILP's relaxation cannot (T = 50 to 100, the last in
//! about an hour), not arbitrarily long ones.

use std::time::Instant;

use anyhow::{bail, Result};
use good_lp::constraint::{geq, leq};
use good_lp::{Expression, Variable};

use super::board::Board;
use super::engine::{self, Action};
use super::rules::Rules;
use crate::lp::{Model, Sense, SolveOptions};
use crate::safe_bound::{self, SafeLp};

mod branches;
pub use branches::{audit, check, record, Branch};

/// What an event site does.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Kind {
    Buy { good: usize, price: f64 },
    Sell { good: usize, price: f64 },
    Fuel { price: f64 },
}

/// One trader on one square: the place of an event.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Site {
    pub square: usize,
    pub kind: Kind,
}

/// One event of a sequence: a site, reached by a drive of `leg` squares.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Event {
    site: usize,
    leg: usize,
}

/// How the search ended.
#[derive(Debug, Clone)]
pub struct Outcome {
    /// The best plan found (the known plan if no sequence beat it).
    pub plan: Vec<Action>,
    /// Its cash, as the referee replays it.
    pub cash: f64,
    /// Every sequence settled: `cash` is the maximum.
    pub proven: bool,
    /// Sequences that end in a sale that the search reached (each one bounded).
    pub sequences: u64,
    /// Prefixes whose every continuation the relaxed future showed cannot beat the best.
    pub cut: u64,
    /// Of the sequences, how many needed their LP (the rest were settled by the worth
    /// bound).
    pub lps: u64,
    /// Sequences solved with whole quantities.
    pub mips: u64,
    /// The largest LP solved: events (columns) and constraints (rows).
    pub longest: usize,
    pub rows: usize,
    pub seconds: f64,
    /// What each branch of the search (its first event) took and found.
    pub branches: Vec<Branch>,
}

/// Every event site on the board (a square with several traders gives several sites).
pub fn sites(board: &Board) -> Vec<Site> {
    let mut out = Vec::new();
    for s in 0..board.n() {
        for g in 0..board.goods.len() {
            if let Some(price) = board.wholesale[s][g] {
                out.push(Site {
                    square: s,
                    kind: Kind::Buy { good: g, price },
                });
            }
            if let Some(price) = board.retail[s][g] {
                out.push(Site {
                    square: s,
                    kind: Kind::Sell { good: g, price },
                });
            }
        }
        if let Some(price) = board.fuel_price[s] {
            out.push(Site {
                square: s,
                kind: Kind::Fuel { price },
            });
        }
    }
    out
}

/// The board's distances and the pruning tables the search reads.
struct Tables {
    sites: Vec<Site>,
    /// `dist[i][s]`: squares from site i's square to square s.
    dist: Vec<Vec<usize>>,
    /// `from_start[s]`.
    from_start: Vec<usize>,
    /// `gain[i]`: for a buy site, the squares to the nearest retailer of its good that
    /// pays more than its price (`usize::MAX` if none).
    gain: Vec<usize>,
    /// The cheapest wholesale price of each good (`f64::INFINITY` if nobody sells it).
    cheapest: Vec<f64>,
    /// The cheapest fuel (0 when nobody sells fuel: then none can be bought).
    fuel_price: f64,
}

impl Tables {
    fn new(board: &Board, start: usize) -> Tables {
        let sites = sites(board);
        let dist: Vec<Vec<usize>> = sites.iter().map(|s| board.distances(s.square)).collect();
        let from_start = board.distances(start);
        let gain = sites
            .iter()
            .enumerate()
            .map(|(i, s)| match s.kind {
                Kind::Buy { good, price } => sites
                    .iter()
                    .filter(|r| matches!(r.kind, Kind::Sell { good: h, price: p } if h == good && p > price))
                    .map(|r| dist[i][r.square])
                    .min()
                    .unwrap_or(usize::MAX),
                _ => usize::MAX,
            })
            .collect();
        let cheapest = (0..board.goods.len())
            .map(|g| {
                (0..board.n())
                    .filter_map(|s| board.wholesale[s][g])
                    .fold(f64::INFINITY, f64::min)
            })
            .collect();
        let fuel_price = board
            .fuel_price
            .iter()
            .flatten()
            .copied()
            .fold(f64::INFINITY, f64::min);
        Tables {
            sites,
            dist,
            from_start,
            gain,
            cheapest,
            fuel_price: if fuel_price.is_finite() {
                fuel_price
            } else {
                0.0
            },
        }
    }
}

/// **The relaxed future**: an upper bound on the cash a trader can still reach, used to
/// cut off whole branches of the search. In the relaxation a trader keeps only its
/// position, at most one good it may hold, and a bound B on its worth plus the fuel in
/// its tank at the cheapest fuel price. A drive of d squares takes d steps and lowers B
/// by d × the cheapest fuel price; every event takes a step. Selling the good it holds
/// raises B by min(lorry / volume, B / cheapest) × M and empties the lorry, where M is
/// the best margin (retail − cheapest wholesale price) at this retailer or any retailer
/// of that good still reachable in the steps left; buying a good while holding another
/// first credits the one held the same way (M from the wholesaler's square), then holds
/// the new one.
///
/// Why it bounds every plan: map a plan's events to the relaxation's, in order and at
/// the same steps (fuel stops and sales of goods the relaxation no longer holds left out,
/// which only shortens the drives). B stays at least cash, plus stock at the cheapest
/// prices, plus the tank at the cheapest fuel price: a drive burns fuel worth at least its
/// cheapest price,
/// buying fuel or goods never raises that sum, and when a good is credited the units held
/// are at most min(lorry / volume, B / cheapest), and every unit of it sold until its
/// next purchase is among them and is sold at a retailer still reachable, earning at
/// most M over its cheapest price. So the cash at the end is at most B.
///
/// Tabulated once per search: `value[r][site][held][k]` is the grid index of the most B
/// after at most r more steps from `site` (a buy or sell site) holding `held` (a good,
/// or `goods` for none) and B at grid point k. The grid is geometric (1% apart) and
/// every B is rounded *up* to it, so the table only overstates.
struct Future {
    /// Grid of worths (geometric).
    grid: Vec<f64>,
    /// The buy and sell sites (indices into `Tables::sites`).
    sites: Vec<usize>,
    /// `after_drive[d][k]`: the grid point of `grid[k]` − d × the cheapest fuel price.
    after_drive: Vec<Vec<usize>>,
    /// `margin[square][g][left]` for the squares of all sites (fuel stations included):
    /// see [`Future::margins`].
    margin: Vec<Vec<Vec<f64>>>,
    capacity: f64,
    volume: Vec<f64>,
    cheapest: Vec<f64>,
    goods: usize,
    /// Flattened `[r][site][held][k]` → grid index (`grid.len()`: unbounded).
    value: Vec<u16>,
    fuel_price: f64,
}

impl Future {
    /// None when the table would be too large (a long budget, a big grid).
    fn new(board: &Board, rules: &Rules, tab: &Tables, steps: usize) -> Option<Future> {
        let goods = board.goods.len();
        if rules.cash <= 0.0 {
            return None;
        }
        let sites: Vec<usize> = (0..tab.sites.len())
            .filter(|&i| !matches!(tab.sites[i].kind, Kind::Fuel { .. }))
            .collect();
        let top = rules.cash * 1000.0;
        let mut grid = vec![rules.cash / 10.0];
        while *grid.last().unwrap() < top {
            grid.push(grid.last().unwrap() * 1.01);
        }
        let ng = grid.len();
        let nh = goods + 1;
        let ns = sites.len();
        let size = (steps + 1) * ns * nh * ng;
        if size > 200_000_000 || ng >= u16::MAX as usize {
            return None;
        }
        let up = |w: f64| grid.partition_point(|&x| x < w - 1e-9 * w.abs().max(1.0));
        let after_drive: Vec<Vec<usize>> = (0..=steps)
            .map(|d| {
                grid.iter()
                    .map(|&w| up(w - d as f64 * tab.fuel_price))
                    .collect()
            })
            .collect();
        // Every site's square, fuel stations included: where a prefix can end holding goods.
        let mut margin = vec![Vec::new(); board.n()];
        for site in &tab.sites {
            if margin[site.square].is_empty() {
                margin[site.square] = Self::margins(board, tab, site.square, steps);
            }
        }
        let mut f = Future {
            grid,
            sites,
            after_drive,
            margin,
            capacity: rules.capacity,
            volume: board.volume.clone(),
            cheapest: tab.cheapest.clone(),
            goods,
            value: Vec::new(),
            fuel_price: tab.fuel_price,
        };
        let at = |r: usize, s: usize, h: usize| ((r * ns + s) * nh + h) * ng;
        let mut value = vec![0u16; size];
        let mut credited = vec![0usize; ng];
        for r in 0..=steps {
            for s in 0..ns {
                let here = tab.sites[f.sites[s]].square;
                for h in 0..nh {
                    let base = at(r, s, h);
                    for k in 0..ng {
                        value[base + k] = k as u16;
                    }
                    for j in 0..ns {
                        let site = f.sites[j];
                        let d = tab.dist[site][here];
                        if j == s || d == usize::MAX || d + 1 > r {
                            continue;
                        }
                        let rest = r - d - 1;
                        let there = tab.sites[site].square;
                        // (held after the event, the good credited at it)
                        let (next, credit) = match tab.sites[site].kind {
                            Kind::Buy { good, .. } if h == good => (good, None),
                            Kind::Buy { good, .. } => (good, (h < goods).then_some(h)),
                            Kind::Sell { good, .. } if h == good => (goods, Some(good)),
                            _ => continue,
                        };
                        let drive = &f.after_drive[d];
                        let from = at(rest, j, next);
                        match credit {
                            None => {
                                for k in 0..ng {
                                    let v = value[from + drive[k]];
                                    if v > value[base + k] {
                                        value[base + k] = v;
                                    }
                                }
                            }
                            Some(g) => {
                                f.credit_row(there, g, rest + 1, &mut credited);
                                for k in 0..ng {
                                    let c = credited[drive[k]];
                                    let v = if c >= ng { ng as u16 } else { value[from + c] };
                                    if v > value[base + k] {
                                        value[base + k] = v;
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        f.value = value;
        Some(f)
    }

    /// `[g][left]`: the best margin of good g (retail − cheapest wholesale price, 0 at
    /// least) at a retailer on `square` (left ≥ 1) or one fewer than `left` squares away
    /// (reached and sold with the steps left).
    fn margins(board: &Board, tab: &Tables, square: usize, steps: usize) -> Vec<Vec<f64>> {
        let dist = board.distances(square);
        (0..board.goods.len())
            .map(|g| {
                (0..=steps + 1)
                    .map(|left| {
                        tab.sites
                            .iter()
                            .filter_map(|r| match r.kind {
                                Kind::Sell { good, price }
                                    if good == g
                                        && dist[r.square] != usize::MAX
                                        && dist[r.square] < left =>
                                {
                                    Some(price - tab.cheapest[g])
                                }
                                _ => None,
                            })
                            .fold(0.0, f64::max)
                    })
                    .collect()
            })
            .collect()
    }

    /// For every grid point: the worth after crediting good g's units on `square` with
    /// `left` steps to sell them in (the event's own step included).
    fn credit_row(&self, square: usize, g: usize, left: usize, out: &mut [usize]) {
        let ng = self.grid.len();
        let row = &self.margin[square][g];
        let m = row[left.min(row.len() - 1)];
        for (k, o) in out.iter_mut().enumerate() {
            let w = self.grid[k];
            *o = if m <= 0.0 || !self.cheapest[g].is_finite() {
                k
            } else {
                let units = (self.capacity / self.volume[g]).min(w / self.cheapest[g]);
                let v = w + units * m;
                self.grid
                    .partition_point(|&x| x < v - 1e-9 * v.abs().max(1.0))
                    .min(ng)
            };
        }
    }

    /// The most cash reachable in `r` more steps from `square` for a prefix that ends in
    /// `node`, whose worth bound less the fuel it must have bought is `w`
    /// (`f64::INFINITY` when above the grid). The goods it may hold are credited at once,
    /// at their best margin still reachable (`node.units` at most, less what is already
    /// credited), and the relaxation starts empty-handed. A node that may hold goods stands
    /// on the site of its last event (a fuel station too), whose margins are tabulated.
    fn bound(&self, tab: &Tables, r: usize, square: usize, node: &Node, w: f64) -> f64 {
        let ng = self.grid.len();
        let nh = self.goods + 1;
        let ns = self.sites.len();
        let mut w = w + node.fuel as f64 * self.fuel_price;
        if node.held != 0 {
            for (g, row) in self.margin[square].iter().enumerate() {
                if node.held & (1 << g) != 0 {
                    let m = row[(r + 1).min(row.len() - 1)];
                    w += node.units[g] * (m - node.credited[g]).max(0.0);
                }
            }
        }
        let k = self
            .grid
            .partition_point(|&x| x < w - 1e-9 * w.abs().max(1.0));
        if k >= ng {
            return f64::INFINITY;
        }
        let mut best = k;
        for (j, &site) in self.sites.iter().enumerate() {
            let d = tab.dist[site][square];
            if d == usize::MAX || d + 1 > r {
                continue;
            }
            let rest = r - d - 1;
            let kd = self.after_drive[d][k];
            if let Kind::Buy { good, .. } = tab.sites[site].kind {
                let v = self.value[((rest * ns + j) * nh + good) * ng + kd] as usize;
                best = best.max(v);
            }
        }
        if best >= ng {
            f64::INFINITY
        } else {
            self.grid[best]
        }
    }
}

/// The search's running state.
struct Search<'a> {
    board: &'a Board,
    rules: &'a Rules,
    start: usize,
    steps: usize,
    tab: Tables,
    /// The relaxed future (None: no pruning, e.g. too many goods).
    future: Option<Future>,
    /// Prefixes cut off by it.
    cut: u64,
    opts: SolveOptions,
    began: Instant,
    best: f64,
    plan: Vec<Action>,
    sequences: u64,
    lps: u64,
    mips: u64,
    longest: usize,
    rows: usize,
    stopped: bool,
    last_note: f64,
    /// Only count the sequences that end in a sale, stopping above this many.
    count_only: Option<u64>,
    /// Told of every better plan as soon as it is found (plan, cash).
    keep: Option<&'a Keep<'a>>,
    /// Stop after this many seconds (`proven` is then false).
    deadline: Option<f64>,
    /// No progress lines.
    quiet: bool,
    /// Only sequences that start with this event (site): one branch of the search.
    first: Option<usize>,
    /// Solve each sequence's LP for a safe bound too, with this HiGHS seed (`audit`).
    safe: Option<i32>,
    /// The safe bound of the last LP solved, and the largest of the LPs that did not
    /// beat the best (`audit`).
    last_safe: Option<f64>,
    safe_top: f64,
}

/// What receives the search's better plans as they are found (plan, cash), so a long
/// search that is stopped loses no plan.
pub type Keep<'k> = dyn Fn(&[Action], f64) + 'k;

/// The most cash in at most `steps` actions from square index `start`, by the search over
/// event sequences. `known` is a legal plan to beat (its cash is the first bound to
/// beat). With `opts.time_limit` the search may stop early: then `proven` is false and
/// the outcome is only the best plan found.
pub fn solve(
    board: &Board,
    rules: &Rules,
    start: usize,
    steps: usize,
    known: &[Action],
    opts: &SolveOptions,
) -> Result<Outcome> {
    solve_with(board, rules, start, steps, known, opts, true)
}

/// [`solve`], handing every better plan to `keep` as soon as it is found.
pub fn solve_keeping<'a>(
    board: &'a Board,
    rules: &'a Rules,
    start: usize,
    steps: usize,
    known: &[Action],
    opts: &SolveOptions,
    keep: &'a Keep<'a>,
) -> Result<Outcome> {
    search(board, rules, start, steps, known, opts, true, Some(keep))
}

/// [`solve`], with the relaxed future's cut-offs (`prune`) or without (every sequence
/// that [`count`] counts is bounded; for tests).
pub fn solve_with(
    board: &Board,
    rules: &Rules,
    start: usize,
    steps: usize,
    known: &[Action],
    opts: &SolveOptions,
    prune: bool,
) -> Result<Outcome> {
    search(board, rules, start, steps, known, opts, prune, None)
}

#[allow(clippy::too_many_arguments)]
fn search<'a>(
    board: &'a Board,
    rules: &'a Rules,
    start: usize,
    steps: usize,
    known: &[Action],
    opts: &SolveOptions,
    prune: bool,
    keep: Option<&'a Keep<'a>>,
) -> Result<Outcome> {
    if board.goods.len() > MAX_GOODS {
        bail!(
            "the event search handles at most {MAX_GOODS} goods (board {} has {}): use \
             --method ilp",
            board.name,
            board.goods.len()
        );
    }
    let rp = engine::replay(board, rules, board.ids[start], known)?;
    let (best, plan) = match (&rp.illegal, known.len() <= steps) {
        (None, true) => (rp.last().cash, known.to_vec()),
        _ => (rules.cash, Vec::new()),
    };
    let mut s = Search::new(board, rules, start, steps, opts);
    s.keep = keep;
    if prune {
        s.future = Future::new(board, rules, &s.tab, steps);
    }
    (s.best, s.plan) = (best, plan);
    let branches = branches::run(&mut s)?;
    Ok(Outcome {
        cash: s.best,
        plan: s.plan,
        proven: !s.stopped,
        sequences: s.sequences,
        cut: s.cut,
        lps: s.lps,
        mips: s.mips,
        longest: s.longest,
        rows: s.rows,
        seconds: s.began.elapsed().as_secs_f64(),
        branches,
    })
}

/// How many event sequences that end in a sale [`solve`] would bound, or None when
/// there are more than `cap` (it stops counting there). No LP is solved.
pub fn count(board: &Board, rules: &Rules, start: usize, steps: usize, cap: u64) -> Option<u64> {
    if board.goods.len() > MAX_GOODS {
        return None;
    }
    let mut s = Search::new(board, rules, start, steps, &SolveOptions::quiet());
    s.count_only = Some(cap);
    s.dfs(
        &mut Vec::new(),
        Node::root(rules),
        &mut Vec::new(),
        &mut Vec::new(),
    )
    .ok()?;
    (!s.stopped).then_some(s.sequences)
}

/// The most goods the event search handles (its per-good bounds live in fixed arrays).
pub const MAX_GOODS: usize = 16;

/// Where a sequence prefix leaves the trader (bounds, not exact values).
#[derive(Clone, Copy)]
struct Node {
    /// Steps used.
    t: usize,
    /// Squares driven so far.
    driven: usize,
    /// Most fuel it can have.
    fuel: usize,
    /// Goods it may hold (bit per good).
    held: u64,
    /// Upper bound on cash + stock at the cheapest wholesale prices + fuel bought so far
    /// (see [`Node::sell`]).
    worth: f64,
    /// Per good: most units held since its last purchase, and the margin per unit
    /// already credited to `worth` since then.
    units: [f64; MAX_GOODS],
    credited: [f64; MAX_GOODS],
    last: Option<usize>,
}

impl Node {
    /// The start: nothing driven, bought or sold.
    fn root(rules: &Rules) -> Node {
        Node {
            t: 0,
            driven: 0,
            fuel: rules.fuel as usize,
            held: 0,
            worth: rules.cash,
            units: [0.0; MAX_GOODS],
            credited: [0.0; MAX_GOODS],
            last: None,
        }
    }

    /// After buying good `g`: the units held are at most what the lorry holds and what
    /// the worth pays for at the cheapest price; nothing of them is credited yet.
    fn buy(&mut self, g: usize, capacity: f64, volume: f64, cheapest: f64) {
        self.units[g] = (capacity / volume).min(self.worth / cheapest);
        self.credited[g] = 0.0;
    }

    /// After selling good `g` at a margin `margin` over its cheapest wholesale price.
    ///
    /// Why the worth stays a bound: cash + stock at the cheapest prices + fuel bought
    /// never rises at a purchase of goods (it pays at least the cheapest price) and rises
    /// at a sale by (price − cheapest) per unit sold. Between two purchases of g the units
    /// sold are at most those held after the first ([`Node::buy`]), each at most the best
    /// margin of those sales: crediting every sale only its margin above the best one
    /// credited before credits units × best margin in all.
    fn sell(&mut self, g: usize, margin: f64) {
        let extra = margin - self.credited[g];
        if extra > 0.0 {
            self.worth += self.units[g] * extra;
            self.credited[g] = margin;
        }
    }

    /// The most cash a plan with this prefix can hold now: the worth bound less the fuel
    /// it must have bought (squares driven beyond the starting fuel, at the cheapest
    /// fuel price).
    fn cash_bound(&self, start_fuel: usize, fuel_price: f64) -> f64 {
        let bought = self.driven.saturating_sub(start_fuel) as f64;
        self.worth
            - if bought > 0.0 {
                bought * fuel_price
            } else {
                0.0
            }
    }
}

impl<'a> Search<'a> {
    /// A search with nothing found yet (best: the starting cash) and no cut-offs.
    fn new(
        board: &'a Board,
        rules: &'a Rules,
        start: usize,
        steps: usize,
        opts: &SolveOptions,
    ) -> Search<'a> {
        Search {
            board,
            rules,
            start,
            steps,
            tab: Tables::new(board, start),
            future: None,
            cut: 0,
            opts: SolveOptions {
                quiet: true,
                time_limit: None,
                ..opts.clone()
            },
            began: Instant::now(),
            best: rules.cash,
            plan: Vec::new(),
            sequences: 0,
            lps: 0,
            mips: 0,
            longest: 0,
            rows: 0,
            stopped: false,
            last_note: 0.0,
            count_only: None,
            keep: None,
            deadline: opts.time_limit,
            quiet: opts.quiet,
            first: None,
            safe: None,
            last_safe: None,
            safe_top: f64::NEG_INFINITY,
        }
    }

    fn dfs(
        &mut self,
        path: &mut Vec<Event>,
        node: Node,
        wholesalers: &mut Vec<usize>,
        retailers: &mut Vec<usize>,
    ) -> Result<()> {
        if let Some(f) = &self.future {
            let here = node.last.map_or(self.start, |j| self.tab.sites[j].square);
            let worth = node.cash_bound(self.rules.fuel as usize, self.tab.fuel_price);
            let most = f.bound(&self.tab, self.steps - node.t, here, &node, worth);
            if most <= self.best + 1e-7 * self.best.abs().max(1.0) {
                self.cut += 1;
                return Ok(());
            }
        }
        for i in 0..self.tab.sites.len() {
            if self.stopped {
                return Ok(());
            }
            if node.last == Some(i) || (path.is_empty() && self.first.is_some_and(|f| f != i)) {
                continue;
            }
            let site = self.tab.sites[i];
            let leg = match node.last {
                Some(j) => self.tab.dist[j][site.square],
                None => self.tab.from_start[site.square],
            };
            if leg == usize::MAX || leg > node.fuel {
                continue;
            }
            let t = node.t + leg + 1;
            if t > self.steps {
                continue;
            }
            let fuel = node.fuel - leg;
            path.push(Event { site: i, leg });
            match site.kind {
                Kind::Buy { good, .. } => {
                    let g = self.tab.gain[i];
                    if !wholesalers.contains(&i) && g != usize::MAX && t + g < self.steps {
                        wholesalers.push(i);
                        let mut fresh = Vec::new();
                        let mut next = Node {
                            t,
                            driven: node.driven + leg,
                            fuel,
                            held: node.held | 1 << good,
                            last: Some(i),
                            ..node
                        };
                        next.buy(
                            good,
                            self.rules.capacity,
                            self.board.volume[good],
                            self.tab.cheapest[good],
                        );
                        self.dfs(path, next, wholesalers, &mut fresh)?;
                        wholesalers.pop();
                    }
                }
                Kind::Sell { good, price } => {
                    if node.held & (1 << good) != 0 && !retailers.contains(&i) {
                        let mut next = Node {
                            t,
                            driven: node.driven + leg,
                            fuel,
                            last: Some(i),
                            ..node
                        };
                        next.sell(good, price - self.tab.cheapest[good]);
                        let most = next.cash_bound(self.rules.fuel as usize, self.tab.fuel_price);
                        self.settle(path, most)?;
                        if let Some(limit) = self.deadline {
                            if self.began.elapsed().as_secs_f64() > limit {
                                self.stopped = true;
                            }
                        }
                        if !self.quiet {
                            let now = self.began.elapsed().as_secs_f64();
                            if now - self.last_note >= 5.0 {
                                self.last_note = now;
                                eprintln!(
                                    "[{now:6.1} s] sequences {} (LPs {}, MIPs {}), prefixes \
                                     cut {}, best £{}",
                                    self.sequences,
                                    self.lps,
                                    self.mips,
                                    self.cut,
                                    engine::money(self.best)
                                );
                            }
                        }
                        retailers.push(i);
                        let mut fresh = Vec::new();
                        self.dfs(path, next, &mut fresh, retailers)?;
                        retailers.pop();
                    }
                }
                Kind::Fuel { .. } => {
                    let next = Node {
                        t,
                        driven: node.driven + leg,
                        fuel: self.rules.tank as usize,
                        last: Some(i),
                        ..node
                    };
                    self.dfs(path, next, wholesalers, retailers)?;
                }
            }
            path.pop();
        }
        Ok(())
    }

    /// Bound one sequence that ends in a sale; solve it with whole quantities when its LP
    /// beats the best plan.
    fn settle(&mut self, path: &[Event], worth: f64) -> Result<()> {
        self.sequences += 1;
        if let Some(cap) = self.count_only {
            self.stopped = self.sequences > cap;
            return Ok(());
        }
        let beats = |v: f64, best: f64| v > best + 1e-7 * best.abs().max(1.0);
        if !beats(worth, self.best) {
            return Ok(());
        }
        self.lps += 1;
        self.longest = self.longest.max(path.len());
        let Some((lp, _)) = self.quantities(path, false)? else {
            return Ok(());
        };
        if !beats(lp, self.best) {
            if let Some(safe) = self.last_safe.take() {
                self.safe_top = self.safe_top.max(safe);
            }
            return Ok(());
        }
        self.mips += 1;
        if let Some((cash, q)) = self.quantities(path, true)? {
            if beats(cash, self.best) {
                let plan = self.expand(path, &q);
                let rp = engine::replay(self.board, self.rules, self.board.ids[self.start], &plan)?;
                if let Some((i, e)) = &rp.illegal {
                    bail!(
                        "the event search's plan breaks a rule at step {} `{}`: {e} (a bug in \
                         the search)",
                        i + 1,
                        plan[*i]
                    );
                }
                let got = rp.last().cash;
                if (got - cash).abs() > 1e-6 * cash.abs().max(1.0) || plan.len() > self.steps {
                    bail!(
                        "the event search's plan replays to £{got} in {} steps, but its MIP \
                         claims £{cash} within {} (a bug in the search)",
                        plan.len(),
                        self.steps
                    );
                }
                self.best = got;
                self.plan = plan;
                if let Some(keep) = self.keep {
                    keep(&self.plan, self.best);
                }
            }
        }
        Ok(())
    }

    /// The quantities LP (or MIP, `whole`) of a sequence: the most cash after its last
    /// event and the quantities, or None when no quantities are legal.
    fn quantities(&mut self, path: &[Event], whole: bool) -> Result<Option<(f64, Vec<f64>)>> {
        let rules = self.rules;
        let board = self.board;
        let mut m = Model::new("traveller event sequence");
        let q: Vec<Variable> = path
            .iter()
            .enumerate()
            .map(|(k, e)| {
                let most = match self.tab.sites[e.site].kind {
                    Kind::Buy { good, .. } | Kind::Sell { good, .. } => {
                        (rules.capacity / board.volume[good]).floor()
                    }
                    Kind::Fuel { .. } => rules.tank as f64,
                };
                if whole {
                    m.integer(format!("q{k}"), 0.0, most)
                } else {
                    m.continuous(format!("q{k}"), 0.0, most)
                }
            })
            .collect();
        let mut cash = Expression::from(rules.cash);
        let mut stock: Vec<Expression> = vec![Expression::default(); board.goods.len()];
        let mut fuel = Expression::from(rules.fuel as f64);
        for (k, e) in path.iter().enumerate() {
            fuel -= e.leg as f64;
            match self.tab.sites[e.site].kind {
                Kind::Buy { good, price } => {
                    cash -= price * q[k];
                    stock[good] += q[k];
                    m.constrain(geq(cash.clone(), 0.0));
                    let load: Expression = stock
                        .iter()
                        .zip(&board.volume)
                        .map(|(s, v)| s.clone() * *v)
                        .sum();
                    m.constrain(leq(load, rules.capacity));
                }
                Kind::Sell { good, price } => {
                    cash += price * q[k];
                    stock[good] -= q[k];
                    m.constrain(geq(stock[good].clone(), 0.0));
                }
                Kind::Fuel { price } => {
                    cash -= price * q[k];
                    fuel += q[k];
                    m.constrain(geq(cash.clone(), 0.0));
                    m.constrain(leq(fuel.clone(), rules.tank as f64));
                }
            }
            if let Some(next) = path.get(k + 1) {
                m.constrain(geq(fuel.clone(), next.leg as f64));
            }
        }
        self.rows = self.rows.max(m.num_constraints());
        // The objective's constant (the starting cash) is not HiGHS's: the cash is
        // recomputed from the quantities.
        let gains: Vec<f64> = path
            .iter()
            .map(|e| match self.tab.sites[e.site].kind {
                Kind::Sell { price, .. } => price,
                Kind::Buy { price, .. } | Kind::Fuel { price } => -price,
            })
            .collect();
        if let (false, Some(seed)) = (whole, self.safe) {
            // HiGHS is given no objective constant (the starting cash): added back.
            let highs = m.into_highs(Sense::Maximise, cash)?;
            return Ok(match safe_bound::solve(highs, seed)? {
                SafeLp::Bounded { value, safe } => {
                    self.last_safe = Some(safe + rules.cash);
                    Some((value + rules.cash, Vec::new()))
                }
                SafeLp::Infeasible => None,
            });
        }
        match m.solve(Sense::Maximise, cash, &self.opts) {
            Ok(s) => {
                let values: Vec<f64> = q.iter().map(|&v| s.value(v)).collect();
                let end = rules.cash + values.iter().zip(&gains).map(|(x, g)| x * g).sum::<f64>();
                Ok(Some((end, values)))
            }
            Err(e) if format!("{e:#}").contains("is infeasible") => Ok(None),
            Err(e) => Err(e),
        }
    }

    /// The plan of a sequence with whole quantities: each leg as one `move` a square
    /// along a shortest road, then the event (left out when its quantity is zero).
    fn expand(&self, path: &[Event], q: &[f64]) -> Vec<Action> {
        let mut plan = Vec::new();
        let mut at = self.start;
        for (e, &x) in path.iter().zip(q) {
            let site = self.tab.sites[e.site];
            // Every leg was measured on the roads, so a shortest road exists.
            let road = super::greedy::path(self.board, at, site.square).unwrap_or_default();
            for s in road {
                plan.push(Action::Move(self.board.ids[s]));
            }
            at = site.square;
            let n = x.round() as u64;
            if n == 0 {
                continue;
            }
            plan.push(match site.kind {
                Kind::Buy { good, .. } => Action::Buy(self.board.goods[good].clone(), n),
                Kind::Sell { good, .. } => Action::Sell(self.board.goods[good].clone(), n),
                Kind::Fuel { .. } => Action::Fuel(n),
            });
        }
        plan
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_worth_bound_counts_space_money_and_margins_once() {
        let mut n = Node {
            t: 0,
            driven: 25,
            fuel: 0,
            held: 1,
            worth: 100.0,
            units: [0.0; MAX_GOODS],
            credited: [0.0; MAX_GOODS],
            last: None,
        };
        // Goods at £2 (1 cu ft), lorry 30: space limits (30 units).
        n.buy(0, 30.0, 1.0, 2.0);
        assert_eq!(n.units[0], 30.0);
        n.sell(0, 3.0);
        assert_eq!(n.worth, 190.0);
        // A second sale before the next purchase earns only its extra margin.
        n.sell(0, 2.0);
        assert_eq!(n.worth, 190.0);
        n.sell(0, 4.0);
        assert_eq!(n.worth, 220.0);
        // £20: money limits (10 units).
        n.worth = 20.0;
        n.buy(0, 30.0, 1.0, 2.0);
        assert_eq!(n.units[0], 10.0);
        // 25 squares driven on 20 starting fuel: at least 5 fuel bought at £1.5.
        assert_eq!(n.cash_bound(20, 1.5), 12.5);
    }
}
