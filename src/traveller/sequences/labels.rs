//! **Labels**: the most cash in T steps by a label-setting dynamic programme that merges
//! equivalent partial plans, with the relaxed future ([`Future`]) as its bound.
//!
//! A *single-load* plan carries at most one lot at a time: it buys one good at one
//! wholesaler, may buy fuel on the way, and sells the whole lot at one retailer before it
//! buys goods again. Every plan starts with a single-load prefix (possibly all of it); the
//! programme searches single-load plans exactly and shows that no plan beats the best of
//! them after its first other event (a second lot, or a sale that keeps some units).
//!
//! A **label** is a single-load prefix ending on an event site, after `t` steps with
//! `fuel` in the tank, driving shortest roads between events (as in the event search: a
//! shorter drive spends less of both). Its cargo is kept symbolic:
//!
//! * an *empty* label holds nothing and its value is its cash;
//! * an *open* label holds one lot, bought at wholesaler w (good g, price p), of q units
//!   not yet chosen, and its value A is the cash it would hold had it bought none. Cash
//!   only falls while the lot is held (fuel), so the lot is legal exactly when
//!   1 ≤ q ≤ min(⌊lorry / volume⌋, ⌊A / p⌋) at the last purchase of fuel — the bound A
//!   gives now.
//!
//! **Resolution.** Selling the whole lot at a retailer paying r > p leaves cash
//! A + (r − p)·q and an empty lorry; nothing later depends on q but that cash, so the
//! largest q is the best, and the label becomes an empty one. (A sale at r ≤ p is never
//! needed: the plan without that lot ends with at least as much cash, in fewer steps.)
//!
//! **Dominance.** Two labels on the same square with the same cargo kind (empty, or a lot
//! from the same wholesaler): the one with no more steps, no less fuel and no less value
//! dominates, because every continuation of the other is legal for it (the same drives,
//! fuel and purchases, the same quantities) and ends with no less cash. Only labels no
//! other dominates are extended; their number is bounded by squares × steps × fuel per
//! cargo kind, not by the number of event sequences.
//!
//! **Bound.** A label whose relaxed future (the event search's table: an upper bound on
//! the cash any continuation reaches, see [`Future`]) cannot beat the best plan is not
//! extended. The same bound settles the plans that leave the single-load family: for
//! every open label and every event that would leave it (buying goods while the lot is
//! held, or selling part of the lot), the relaxed future after that event is taken; the
//! largest such value not below the best plan is the *escape bound*. Every plan is a
//! single-load prefix (a label or one dominated by a label) followed either by
//! single-load events (searched) or by a first escaping event (bounded), so when the
//! escape bound is not above the best plan, the best plan is the maximum over all plans.
//! When it is above, the result is not proven here and the event search takes over,
//! starting from the plan found.
//!
//! Measured (docs/notebook/traveller.md, 2026-12-07): on the shipped boards the best
//! single-load plan is the proven maximum wherever one is known (classic T = 100 in about
//! 2 s). The escape bound is about the relaxed future at the start: with the joint table
//! (a set of goods credited once, as one load) it is 1.26 times the best at T = 50 and
//! 1.6 times at T ≥ 80 (the one-good table: 2.7 and 4.1), so it stays open and the proof
//! is the event search's; the labels give it its first plan. No relaxation closes it
//! alone: the escapes include near-copies of the best plan (a unit kept back on the first
//! trip), whose bound would have to be exact to the pound over the steps left.

use std::collections::HashMap;
use std::time::Instant;

use anyhow::{bail, Result};

use super::engine::EPS;
use super::search::beats;
use super::*;

/// What a label does on arrival at its site.
#[derive(Debug, Clone, Copy)]
enum Step {
    Start,
    /// Fuel bought (units).
    Fuel(u32),
    /// The lot bought here (its size is chosen at its sale).
    Buy,
    /// The whole lot sold here (units).
    Sell(u64),
}

#[derive(Debug, Clone, Copy)]
struct Label {
    t: usize,
    fuel: usize,
    /// Empty: the cash. Open: the cash had it bought nothing (A).
    value: f64,
    /// The site it stands on (`None`: the start square).
    site: Option<usize>,
    /// The wholesaler (site) of the lot held, if any.
    lot: Option<usize>,
    parent: usize,
    step: Step,
}

/// How the programme ended.
#[derive(Debug, Clone)]
pub struct LabelOutcome {
    pub plan: Vec<Action>,
    pub cash: f64,
    /// The best plan is the maximum over every plan (the escape bound is not above it).
    pub proven: bool,
    /// Labels created, dominated by another label, and cut by the relaxed future.
    pub created: u64,
    pub dominated: u64,
    pub pruned: u64,
    /// Events that would leave the single-load family, bounded.
    pub escapes: u64,
    /// The largest relaxed future after such an event that was above the best plan when
    /// it was taken (None: every one was at most the best).
    pub escape_bound: Option<f64>,
    /// The escape bound's parts: the largest after a second lot and after a partial sale
    /// (as `escape_bound`), and the step of the event that gave `escape_bound`.
    pub escape_lot: Option<f64>,
    pub escape_sale: Option<f64>,
    pub escape_step: Option<usize>,
    /// The relaxed future at the start (the bound on every plan before any label).
    pub root_future: Option<f64>,
    /// Stopped by the time limit.
    pub stopped: bool,
    pub seconds: f64,
}

/// The best-value front of one (square, cargo kind): `front[f]` is the most value of a
/// label already extended with fuel ≥ f (a suffix maximum).
type Fronts = HashMap<(usize, usize), Vec<f64>>;

struct Dp<'a> {
    board: &'a Board,
    rules: &'a Rules,
    start: usize,
    steps: usize,
    tab: &'a Tables,
    future: Option<&'a Future>,
    labels: Vec<Label>,
    /// Per step: the labels created for it, by (square, kind, fuel) → index.
    buckets: Vec<HashMap<(usize, usize, usize), usize>>,
    best: f64,
    best_label: Option<usize>,
    out: LabelOutcome,
}

/// The label programme from square index `start` within `steps`, beating the legal plan
/// `known` (its cash is the first best). `keep` hears of every better plan.
pub fn solve_labels(
    board: &Board,
    rules: &Rules,
    start: usize,
    steps: usize,
    known: &[Action],
    deadline: Option<f64>,
    keep: Option<&Keep>,
) -> Result<LabelOutcome> {
    let began = Instant::now();
    if board.goods.len() > MAX_GOODS {
        bail!(
            "the label method handles at most {MAX_GOODS} goods (board {} has {})",
            board.name,
            board.goods.len()
        );
    }
    let tab = Tables::new(board, start);
    let future = Future::new(board, rules, &tab, steps);
    let rp = engine::replay(board, rules, board.ids[start], known)?;
    let best = match (&rp.illegal, known.len() <= steps) {
        (None, true) => rp.last().cash,
        _ => rules.cash,
    };
    let mut dp = Dp {
        board,
        rules,
        start,
        steps,
        tab: &tab,
        future: future.as_ref(),
        labels: Vec::new(),
        buckets: vec![HashMap::new(); steps + 1],
        best,
        best_label: None,
        out: LabelOutcome {
            plan: if rp.illegal.is_none() && known.len() <= steps {
                known.to_vec()
            } else {
                Vec::new()
            },
            cash: best,
            proven: false,
            created: 0,
            dominated: 0,
            pruned: 0,
            escapes: 0,
            escape_bound: None,
            escape_lot: None,
            escape_sale: None,
            escape_step: None,
            root_future: None,
            stopped: false,
            seconds: 0.0,
        },
    };
    let root = Node::root(rules);
    dp.out.root_future = future
        .as_ref()
        .map(|_| dp.future_of(start, steps, root.fuel, rules.cash, &root));
    let _ = dp.offer(Label {
        t: 0,
        fuel: rules.fuel as usize,
        value: rules.cash,
        site: None,
        lot: None,
        parent: usize::MAX,
        step: Step::Start,
    });
    let mut fronts = Fronts::new();
    for t in 0..=steps {
        if deadline.is_some_and(|d| began.elapsed().as_secs_f64() > d) {
            dp.out.stopped = true;
            break;
        }
        let mut here: Vec<usize> = dp.buckets[t].values().copied().collect();
        // Largest fuel first, so a label is compared with the richer-in-fuel ones of its
        // own step before it; ties by index (deterministic).
        here.sort_by_key(|&i| (std::cmp::Reverse(dp.labels[i].fuel), i));
        dp.buckets[t].clear();
        for i in here {
            let l = dp.labels[i];
            let key = (dp.square(l.site), l.lot.map_or(0, |w| w + 1));
            let tank = rules.tank as usize;
            let front = fronts
                .entry(key)
                .or_insert_with(|| vec![f64::NEG_INFINITY; tank + 1]);
            if l.value <= front[l.fuel.min(tank)] + 1e-9 {
                dp.out.dominated += 1;
                continue;
            }
            for f in front.iter_mut().take(l.fuel.min(tank) + 1) {
                *f = f.max(l.value);
            }
            dp.extend(i, keep)?;
        }
    }
    dp.out.seconds = began.elapsed().as_secs_f64();
    let tol = 1e-7 * dp.best.abs().max(1.0);
    dp.out.proven = !dp.out.stopped && dp.out.escape_bound.is_none_or(|b| b <= dp.best + tol);
    if let Some(i) = dp.best_label {
        dp.out.plan = dp.plan_of(i)?;
        dp.out.cash = dp.best;
    }
    Ok(dp.out)
}

impl Dp<'_> {
    fn square(&self, site: Option<usize>) -> usize {
        site.map_or(self.start, |i| self.tab.sites[i].square)
    }

    /// Keep a new label unless one of its own step, square, cargo and fuel is as rich
    /// (its index, if kept).
    fn offer(&mut self, l: Label) -> Option<usize> {
        if l.t > self.steps {
            return None;
        }
        self.out.created += 1;
        let key = (self.square(l.site), l.lot.map_or(0, |w| w + 1), l.fuel);
        match self.buckets[l.t].get(&key) {
            Some(&j) if self.labels[j].value >= l.value => {
                self.out.dominated += 1;
                None
            }
            old => {
                if old.is_some() {
                    self.out.dominated += 1;
                }
                self.labels.push(l);
                let i = self.labels.len() - 1;
                self.buckets[l.t].insert(key, i);
                Some(i)
            }
        }
    }

    /// The relaxed future of a state: on `square` with `fuel`, r steps left, worth at most
    /// `w` (cash + stock at the cheapest prices), holding at most `units` of each good in
    /// `held` with `credited` already counted (as the event search's [`Node`]).
    fn future_of(&self, square: usize, r: usize, fuel: usize, w: f64, node: &Node) -> f64 {
        let Some(f) = self.future else {
            return f64::INFINITY;
        };
        let n = Node { fuel, ..*node };
        f.bound(self.tab, r, square, &n, w)
    }

    /// The lot's most units: what the lorry holds and what A pays for.
    fn most(&self, w: usize, a: f64) -> (usize, f64) {
        let Kind::Buy { good, price } = self.tab.sites[w].kind else {
            unreachable!("a lot is bought at a wholesaler")
        };
        let fits = ((self.rules.capacity + EPS) / self.board.volume[good]).floor();
        (good, fits.min(((a + EPS) / price).floor()))
    }

    /// The event search's node for a label's cargo (worth bound A, the lot's units).
    fn node_of(&self, l: &Label) -> Node {
        let mut n = Node::root(self.rules);
        n.worth = l.value;
        n.last = l.site;
        if let Some(w) = l.lot {
            let (g, q) = self.most(w, l.value);
            n.held = 1 << g;
            n.units[g] = q;
        }
        n
    }

    /// Extend label `i` by every next event: single-load events become labels; escaping
    /// events are bounded.
    fn extend(&mut self, i: usize, keep: Option<&Keep>) -> Result<()> {
        let l = self.labels[i];
        let here = self.square(l.site);
        let node = self.node_of(&l);
        if self.future_of(here, self.steps - l.t, l.fuel, l.value, &node)
            <= self.best + 1e-7 * self.best.abs().max(1.0)
        {
            self.out.pruned += 1;
            return Ok(());
        }
        let tank = self.rules.tank as usize;
        for j in 0..self.tab.sites.len() {
            if l.site == Some(j) {
                continue;
            }
            let site = self.tab.sites[j];
            let leg = match l.site {
                Some(s) => self.tab.dist[s][site.square],
                None => self.tab.from_start[site.square],
            };
            if leg == usize::MAX || leg > l.fuel || l.t + leg + 1 > self.steps {
                continue;
            }
            let (t, fuel) = (l.t + leg + 1, l.fuel - leg);
            let next = Label {
                t,
                fuel,
                site: Some(j),
                parent: i,
                ..l
            };
            match (site.kind, l.lot) {
                (Kind::Fuel { price }, lot) => {
                    for q in 1..=tank.saturating_sub(fuel) {
                        let value = l.value - q as f64 * price;
                        let legal = match lot {
                            None => value >= -EPS,
                            Some(w) => self.most(w, value).1 >= 1.0,
                        };
                        if !legal {
                            break;
                        }
                        let _ = self.offer(Label {
                            fuel: fuel + q,
                            value,
                            step: Step::Fuel(q as u32),
                            ..next
                        });
                    }
                }
                (Kind::Buy { .. }, None) => {
                    let g = self.tab.gain[j];
                    if g != usize::MAX && t + g < self.steps && self.most(j, l.value).1 >= 1.0 {
                        let _ = self.offer(Label {
                            lot: Some(j),
                            step: Step::Buy,
                            ..next
                        });
                    }
                }
                (Kind::Sell { good, price }, Some(w)) => {
                    let (g, q) = self.most(w, l.value);
                    let Kind::Buy { price: paid, .. } = self.tab.sites[w].kind else {
                        unreachable!()
                    };
                    if g != good {
                        continue;
                    }
                    // Selling part of the lot leaves the family: bounded.
                    let mut after = node;
                    after.last = Some(j);
                    after.sell(good, price - self.tab.cheapest[good]);
                    self.escape(site.square, t, fuel, after.worth, &after);
                    if price > paid {
                        let cash = l.value + (price - paid) * q;
                        let kept = self.offer(Label {
                            lot: None,
                            value: cash,
                            step: Step::Sell(q as u64),
                            ..next
                        });
                        if let (Some(k), true) = (kept, beats(cash, self.best)) {
                            self.best = cash;
                            self.best_label = Some(k);
                            if let Some(keep) = keep {
                                keep(&self.plan_of(k)?, cash);
                            }
                        }
                    }
                }
                (Kind::Buy { good, .. }, Some(_)) => {
                    // A second lot while one is held leaves the family: bounded (by the
                    // table holding both, where it has them: see [`Future::bound`]).
                    let mut after = node;
                    after.last = Some(j);
                    after.held |= 1 << good;
                    after.buy(
                        good,
                        self.rules.capacity,
                        self.board.volume[good],
                        self.tab.cheapest[good],
                    );
                    let most = self.future_of(site.square, self.steps - t, fuel, l.value, &after);
                    self.escaped(most, t, true);
                }
                (Kind::Sell { .. }, None) => {}
            }
        }
        Ok(())
    }

    /// Bound the plans whose first event outside the single-load family leads to this
    /// state: a partial sale.
    fn escape(&mut self, square: usize, t: usize, fuel: usize, w: f64, node: &Node) {
        let most = self.future_of(square, self.steps - t, fuel, w, node);
        self.escaped(most, t, false);
    }

    /// Count an escaping event at step `t` whose plans reach at most `most` (`lot`: a
    /// second lot, else a partial sale).
    fn escaped(&mut self, most: f64, t: usize, lot: bool) {
        self.out.escapes += 1;
        if beats(most, self.best) {
            if self.out.escape_bound.is_none_or(|b| most > b) {
                self.out.escape_bound = Some(most);
                self.out.escape_step = Some(t);
            }
            let part = if lot {
                &mut self.out.escape_lot
            } else {
                &mut self.out.escape_sale
            };
            *part = Some(part.map_or(most, |b| b.max(most)));
        }
    }

    /// The plan of label `i`: its events from the start, each after a shortest drive.
    fn plan_of(&self, i: usize) -> Result<Vec<Action>> {
        let mut chain = Vec::new();
        let mut k = i;
        while k != usize::MAX {
            chain.push(k);
            k = self.labels[k].parent;
        }
        chain.reverse();
        let mut plan = Vec::new();
        let mut at = self.start;
        let mut lot_units = 0u64;
        // The units of each lot are fixed at its sale: read them from the end backwards.
        let mut units = vec![0u64; chain.len()];
        for (n, &k) in chain.iter().enumerate().rev() {
            match self.labels[k].step {
                Step::Sell(q) => lot_units = q,
                Step::Buy => units[n] = lot_units,
                _ => {}
            }
        }
        for (n, &k) in chain.iter().enumerate() {
            let l = self.labels[k];
            let Some(j) = l.site else { continue };
            let site = self.tab.sites[j];
            let road =
                crate::traveller::greedy::path(self.board, at, site.square).unwrap_or_default();
            plan.extend(road.into_iter().map(|s| Action::Move(self.board.ids[s])));
            at = site.square;
            plan.push(match (l.step, site.kind) {
                (Step::Fuel(q), _) => Action::Fuel(q as u64),
                (Step::Buy, Kind::Buy { good, .. }) => {
                    Action::Buy(self.board.goods[good].clone(), units[n])
                }
                (Step::Sell(q), Kind::Sell { good, .. }) => {
                    Action::Sell(self.board.goods[good].clone(), q)
                }
                _ => bail!("a label's event does not match its site (a bug in the labels)"),
            });
        }
        let rp = engine::replay(self.board, self.rules, self.board.ids[self.start], &plan)?;
        let cash = self.labels[i].value;
        if rp.illegal.is_some()
            || plan.len() > self.steps
            || (rp.last().cash - cash).abs() > 1e-6 * cash.abs().max(1.0)
        {
            bail!(
                "the label method's plan does not replay to its £{cash} within {} steps (a bug \
                 in the labels)",
                self.steps
            );
        }
        Ok(plan)
    }
}

/// Where the relaxed future's bound at the start comes from: its value and best path in
/// words, with the table of relaxation `relax` (`bench --labels`).
pub fn relaxed_path(
    board: &Board,
    rules: &Rules,
    start: usize,
    steps: usize,
    relax: Relax,
) -> Option<(f64, String)> {
    let tab = Tables::new(board, start);
    let f = Future::build(board, rules, &tab, steps, relax)?;
    let root = Node::root(rules);
    let value = f.bound(&tab, steps, start, &root, rules.cash);
    let w = rules.cash + root.fuel as f64 * tab.fuel_price;
    let words: Vec<String> = f
        .path(&tab, steps, start, w)
        .iter()
        .map(|e| {
            let site = tab.sites[e.site];
            let what = match site.kind {
                Kind::Buy { good, price } => format!("buy {} at £{price}", board.goods[good]),
                Kind::Sell { good, price } => format!("sell {} at £{price}", board.goods[good]),
                Kind::Fuel { .. } => "fuel".into(),
            };
            format!(
                "step {}: {what} on {} → £{:.0}",
                steps - e.left,
                board.ids[site.square],
                e.worth
            )
        })
        .collect();
    Some((value, words.join("; ")))
}

/// The labels' counts in words (the episode's `search`).
pub fn labels_summary(o: &LabelOutcome) -> String {
    format!(
        "{} labels{}: {} dominated, {} cut by the relaxed future; {} escaping events bounded{}",
        o.created,
        if o.stopped {
            ", stopped by the time limit"
        } else {
            ""
        },
        o.dominated,
        o.pruned,
        o.escapes,
        match (o.proven, o.escape_bound) {
            (true, _) => String::new(),
            (false, Some(b)) => format!(", the largest at £{} (open)", engine::money(b)),
            (false, None) => String::new(),
        }
    )
}

/// The split's name in a proof record of the labels.
const SPLIT: &str = "labels";

/// The one part of a labels proof: every plan.
fn every_plan() -> serde_json::Value {
    serde_json::json!({ "plans": "every" })
}

/// The record of a proven label programme: one part, every plan, settled by the
/// programme's own bounds (dominance, the relaxed future, the escape bound).
pub fn labels_record(
    cash: f64,
    seconds: f64,
    opts: &crate::lp::SolveOptions,
) -> crate::proof::DataProof {
    crate::proof::Proof {
        split: SPLIT.into(),
        highs: crate::proof::highs_options(opts),
        source: None,
        parts: vec![crate::proof::ProofPart {
            restriction: every_plan(),
            lp: None,
            bound: Some(cash),
            value: Some(cash.round() as i64),
            settled: crate::proof::Settled::Pruned,
            seconds: (seconds * 1000.0).round() / 1000.0,
        }],
    }
}

fn reject(msg: String) -> anyhow::Error {
    crate::error::Rejected(format!("traveller: rejected: proof record: {msg}")).into()
}

/// `verify`'s check of a labels record, no solving: one part, every plan, bound and game
/// no better than `value`.
pub fn check_labels(p: &crate::proof::DataProof, value: f64) -> Result<()> {
    if p.split != SPLIT {
        return Err(reject(format!(
            "the split is `{}`, the labels' is `{SPLIT}`",
            crate::claims::clip(&p.split, 40)
        )));
    }
    let [part] = p.parts.as_slice() else {
        return Err(reject(format!(
            "{} parts; the labels' record has one (every plan)",
            p.parts.len()
        )));
    };
    if part.restriction != every_plan() {
        return Err(reject("its part is not every plan".into()));
    }
    let tol = 1e-6 * value.abs().max(1.0);
    let above = |x: f64| x > value + tol;
    if part.bound.is_none_or(above) || part.value.is_some_and(|v| above(v as f64 - 0.5)) {
        return Err(reject(format!(
            "it claims bound {}, above the maximum {}",
            part.bound.map_or("none".into(), crate::render::num),
            crate::render::num(value)
        )));
    }
    Ok(())
}

/// `audit` of a labels record: the programme run again from nothing known (no starting
/// plan); it holds when it proves the same maximum.
pub fn audit_labels(
    board: &Board,
    rules: &Rules,
    start: usize,
    steps: usize,
    p: &crate::proof::DataProof,
    value: f64,
) -> Result<crate::audit::AuditRow> {
    let Some(part) = p.parts.first() else {
        bail!("audit: the proof record has no part");
    };
    let t = Instant::now();
    let o = solve_labels(board, rules, start, steps, &[], None, None)?;
    let tol = 1e-6 * value.abs().max(1.0);
    let (holds, verdict) = match (o.proven, (o.cash - value).abs() <= tol) {
        (true, true) => (
            true,
            "holds (the labels prove the same maximum)".to_string(),
        ),
        (true, false) => (
            false,
            format!("the labels prove £{}", crate::render::num(o.cash)),
        ),
        (false, _) => (false, "the labels leave the bound open".to_string()),
    };
    Ok(crate::audit::AuditRow {
        part: "every plan (the labels)".into(),
        settled: part.settled,
        claimed: part.bound,
        resolved: o.proven.then_some(o.cash),
        safe: None,
        holds,
        verdict,
        seconds: t.elapsed().as_secs_f64(),
    })
}
