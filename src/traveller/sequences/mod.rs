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
//! about an hour), not arbitrarily long ones. [`solve_labels`] (`labels.rs`) merges
//! partial plans instead, over single-load plans, and hands the search its best plan where
//! it cannot prove it.

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
mod emitted;
mod labels;
mod parallel;
mod search;
mod tables;
pub use branches::{audit, check, record, Branch};
pub use labels::{
    audit_labels, check_labels, labels_record, labels_summary, relaxed_path, solve_labels,
    LabelOutcome,
};
pub use tables::Relax;

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
/// **Goods held as a set** (the table used when it fits, 2^goods kinds of cargo): the
/// relaxation keeps the set of goods bought and not yet credited, buying never credits
/// anything, and a good is credited (as above) at the first sale of it after its
/// purchase, then leaves the set. The same mapping of a plan's events bounds it: each
/// good's units at its credit are at most min(lorry / volume, B / cheapest) on their
/// own, and the units still held of a good after its credit earn no more than it
/// credited. Buying no longer credits the good held at once (as if sold on the spot
/// without driving to a retailer), which the one-good table must do.
///
/// **Joint** ([`Relax::Joint`], the table used when it fits): goods held as a set, and
/// the first sale of any of them credits all of them together by the most a load of
/// them earns that fills at most the lorry and costs at most B at the cheapest prices,
/// each good at its best margin still reachable (a two-row linear programme); the set is
/// then empty. Why it bounds: the units of those goods in the lorry at that sale are
/// such a load, and each is sold later at most at its margin; later sales of them are
/// covered. A mixed load is so
/// credited once, as one load of its best good, where the set table credits each good
/// a full lorry.
///
/// Tabulated once per search: `value[r][site][held][k]` is the grid index of the most B
/// after at most r more steps from `site` (a buy or sell site) holding `held` (a good,
/// or `goods` for none; with sets, a bit set of goods) and B at grid point k. The grid is geometric (1% apart) and
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
    /// Which relaxation.
    relax: Relax,
    /// Flattened `[r][site][held][k]` → grid index (`grid.len()`: unbounded).
    value: Vec<u16>,
    fuel_price: f64,
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
    if let Some(answered) = parallel::worker(&mut s, prune) {
        return Err(answered);
    }
    (s.best, s.plan) = (best, plan);
    // With --emit-jobs or in `join`, the branches are searched by the jobs (their seconds
    // counted in the outcome's).
    let (branches, elsewhere) = match emitted::instead(&mut s)? {
        Some(joined) => joined,
        None => {
            if prune {
                s.future = Future::new(board, rules, &s.tab, steps);
            }
            (branches::run(&mut s)?, 0.0)
        }
    };
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
        seconds: s.began.elapsed().as_secs_f64() + elsewhere,
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
