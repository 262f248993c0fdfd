//! Everything the arcs' bounds and pruning need, computed once from the board, and the
//! wealth bands.

use good_lp::Variable;

use crate::lp::Model;
use crate::traveller::board::Board;
use crate::traveller::rules::Rules;

use super::bounds::{floors, targets};
use super::network::{nearest, Network};
use super::Objective;

/// Largest whole number of units of a good that fits in the lorry.
pub(super) fn fits(rules: &Rules, vol: f64) -> f64 {
    ((rules.capacity + 1e-9) / vol).floor()
}

/// Bands of the wealth W = cash + Σ_g stock_g × (dearest wholesale price of g):
/// the node (k, t) is split into one node per band, and an arc into band b carries a state
/// with lo_b ≤ W ≤ hi_b (each × the arc's flow). A real trader's W lies in exactly one band
/// after each step, so this loses no plan; for the LP relaxation it limits how unequally a
/// split trader's parts may share their money — only within one band's width — which is
/// the relaxation's way to run two trips at once with one purse (see the module notes).
/// W changes only on trades: not at all on a purchase at the dearest price, up on a
/// cheaper purchase, down on fuel, and on a sale by its price less the dearest.
#[derive(Debug, Clone)]
pub(super) struct Bands {
    /// Edges e_1 < … < e_m: band 0 is [0, e_1], band j is [e_j, e_{j+1}], the last is
    /// [e_m, ∞). Empty: one band, no split.
    pub(super) edges: Vec<f64>,
}

impl Bands {
    /// Bands `width` apart up to `top`, the starting cash in the middle of one (an edge
    /// right on it makes HiGHS's presolve wrongly declare the model infeasible).
    pub(super) fn new(width: Option<f64>, cash: f64, top: f64) -> Bands {
        let mut edges = Vec::new();
        if let Some(w) = width.filter(|w| *w > 0.0) {
            let first = cash + w / 2.0;
            let mut e = first - (first / w).floor() * w;
            if e <= 0.0 {
                e += w;
            }
            while e < top {
                edges.push(e);
                e += w;
            }
        }
        Bands { edges }
    }

    pub(super) fn len(&self) -> usize {
        self.edges.len() + 1
    }

    /// The band of wealth `w` (half-open: an edge belongs to the band above it).
    pub(super) fn of(&self, w: f64) -> usize {
        self.edges.partition_point(|&e| e <= w + 1e-9)
    }

    /// The band's limits.
    pub(super) fn range(&self, b: usize) -> (f64, f64) {
        let lo = if b == 0 { 0.0 } else { self.edges[b - 1] };
        let hi = self.edges.get(b).copied().unwrap_or(f64::INFINITY);
        (lo, hi)
    }

    /// The bands meeting [lo, hi].
    pub(super) fn meeting(&self, lo: f64, hi: f64) -> std::ops::RangeInclusive<usize> {
        let first = self.edges.partition_point(|&e| e < lo);
        let last = self.edges.partition_point(|&e| e <= hi);
        first..=last
    }
}

/// Everything the arcs' bounds and pruning need, computed once from the board.
pub(super) struct Context<'a> {
    pub(super) board: &'a Board,
    pub(super) rules: &'a Rules,
    pub(super) net: Network,
    pub(super) steps: usize,
    pub(super) cash_only: bool,
    /// Build the LP relaxation (every variable continuous).
    pub(super) relaxed: bool,
    /// Drives may run past the last step, the trader counted where it arrives (windows,
    /// see [`crate::traveller::window`]).
    pub(super) overrun: bool,
    /// Steps from each square to the nearest retailer of g (that pays more than some
    /// wholesaler asks) / to any such retailer.
    pub(super) to_retail: Vec<Vec<usize>>,
    pub(super) to_any_retail: Vec<usize>,
    /// Earliest time stock of g can be on each square.
    pub(super) from_wholesale: Vec<Vec<usize>>,
    /// Best retail and cheapest wholesale price of each good.
    pub(super) best_retail: Vec<f64>,
    pub(super) cheapest: Vec<f64>,
    /// Upper bound on the cash after each step 0..=T.
    pub(super) wealth: Vec<f64>,
    /// Lower bound on what a trader worth following holds at time t (see [`floors`]);
    /// empty unless only cash counts.
    pub(super) floor: Vec<f64>,
    /// Dearest wholesale price of each good.
    pub(super) dearest: Vec<f64>,
    /// Bands of the wealth (see [`Bands`]).
    pub(super) bands: Bands,
    /// How far the bands' wealth may exceed the wealth at the price paid: one lorry load
    /// bought at the cheapest price, counted at the dearest.
    pub(super) over: f64,
    /// With a known plan's final cash: what a plan at least as good must be worth after
    /// each step ([`targets`]; empty without one).
    pub(super) target: Vec<f64>,
}

/// Optional parts of the model: wealth bands ([`Bands`], their width) and the target cuts
/// of a known plan's final cash ([`targets`]).
#[derive(Debug, Clone, Copy, Default)]
pub(super) struct Extra {
    pub(super) band: Option<f64>,
    pub(super) known: Option<f64>,
}

impl Context<'_> {
    /// The price at which the bands' wealth counts a unit of g (see [`Bands`]): the
    /// dearest wholesale price (0 for a good nobody sells).
    pub(super) fn cost(&self, g: usize) -> f64 {
        self.dearest[g]
    }

    /// The bands' wealth after step t is at least this (see [`floors`]; 0 when only
    /// cash does not count) and at most the ceiling plus `over`.
    pub(super) fn band_floor(&self, t: usize) -> f64 {
        self.floor.get(t).copied().unwrap_or(0.0)
    }

    /// Can stock of g be on square s at time t, and still be worth carrying?
    pub(super) fn may_hold(&self, g: usize, s: usize, t: usize) -> bool {
        self.from_wholesale[g][s] <= t
            && (!self.cash_only || self.to_retail[g][s].saturating_add(t + 1) <= self.steps)
    }

    /// Most units of g the lorry can hold at time t: what fits, and what money can buy.
    pub(super) fn most_stock(&self, g: usize, t: usize) -> f64 {
        fits(self.rules, self.board.volume[g])
            .min((self.wealth[t] / self.cheapest[g] + 1e-9).floor())
    }

    pub(super) fn binary(&self, m: &mut Model, name: String) -> Variable {
        if self.relaxed {
            m.continuous(name, 0.0, 1.0)
        } else {
            m.binary(name)
        }
    }

    pub(super) fn integer(&self, m: &mut Model, name: String, hi: f64) -> Variable {
        if self.relaxed {
            m.continuous(name, 0.0, hi)
        } else {
            m.integer(name, 0.0, hi)
        }
    }
}

#[allow(clippy::too_many_arguments)]
pub(super) fn context<'a>(
    board: &'a Board,
    rules: &'a Rules,
    start: usize,
    steps: usize,
    objective: &Objective,
    relaxed: bool,
    wealth: &[f64],
    extra: &Extra,
) -> Context<'a> {
    let n = board.n();
    let ng = board.goods.len();
    let cash_only = objective.cash_only();
    let cheapest: Vec<f64> = (0..ng)
        .map(|g| {
            (0..n)
                .filter_map(|s| board.wholesale[s][g])
                .fold(f64::INFINITY, f64::min)
        })
        .collect();
    let best_retail: Vec<f64> = (0..ng)
        .map(|g| {
            (0..n)
                .filter_map(|s| board.retail[s][g])
                .fold(f64::NEG_INFINITY, f64::max)
        })
        .collect();
    // A retailer is worth driving to only if it pays more than some wholesaler asks.
    let pays = |s: usize, g: usize| board.retail[s][g].is_some_and(|p| p > cheapest[g]);
    let to_retail: Vec<Vec<usize>> = (0..ng).map(|g| nearest(board, |s| pays(s, g))).collect();
    let to_any_retail = nearest(board, |s| (0..ng).any(|g| pays(s, g)));
    let reach = board.distances(start);
    let from_wholesale: Vec<Vec<usize>> = (0..ng)
        .map(|g| {
            // Reach a wholesaler, buy (1 step), drive on.
            let mut best = vec![usize::MAX; n];
            for w in (0..n).filter(|&w| board.wholesale[w][g].is_some()) {
                if reach[w] == usize::MAX {
                    continue;
                }
                let from_w = board.distances(w);
                for s in 0..n {
                    if from_w[s] != usize::MAX {
                        best[s] = best[s].min(reach[w] + 1 + from_w[s]);
                    }
                }
            }
            best
        })
        .collect();
    let mut cx = Context {
        board,
        rules,
        net: Network::new(board, start),
        steps,
        cash_only,
        relaxed,
        overrun: false,
        to_retail,
        to_any_retail,
        from_wholesale,
        best_retail,
        cheapest,
        wealth: wealth.to_vec(),
        floor: if cash_only {
            floors(board, rules, steps)
        } else {
            Vec::new()
        },
        dearest: (0..ng)
            .map(|g| {
                (0..n)
                    .filter_map(|s| board.wholesale[s][g])
                    .fold(0.0, f64::max)
            })
            .collect(),
        bands: Bands::new(None, 0.0, 0.0),
        over: 0.0,
        target: Vec::new(),
    };
    cx.over = (0..ng)
        .filter(|&g| cx.cheapest[g].is_finite())
        .map(|g| (cx.dearest[g] - cx.cheapest[g]) / board.volume[g])
        .fold(0.0, f64::max)
        * rules.capacity;
    let top = wealth.iter().fold(0.0, |a: f64, &b| a.max(b)) + cx.over;
    cx.bands = Bands::new(extra.band, rules.cash, top);
    if let (Some(k), true) = (extra.known, cash_only) {
        cx.target = targets(board, rules, k, wealth);
    }
    cx
}
