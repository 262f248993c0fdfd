//! The event search itself: the bounds a sequence prefix carries ([`Node`]) and the
//! depth-first walk over sequences with their LPs and MIPs ([`Search`]).

use super::*;

/// How far cash must rise above the best `best` to count as better (rounding: 1e-7 of it).
fn tolerance(best: f64) -> f64 {
    1e-7 * best.abs().max(1.0)
}

/// Whether cash `v` beats the best `best` by more than [`tolerance`]: the one test of a
/// better plan, for settling a sequence and taking a worker's plan.
pub(super) fn beats(v: f64, best: f64) -> bool {
    v > best + tolerance(best)
}

impl Node {
    /// The start: nothing driven, bought or sold.
    pub(super) fn root(rules: &Rules) -> Node {
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
    pub(super) fn buy(&mut self, g: usize, capacity: f64, volume: f64, cheapest: f64) {
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
    pub(super) fn sell(&mut self, g: usize, margin: f64) {
        let extra = margin - self.credited[g];
        if extra > 0.0 {
            self.worth += self.units[g] * extra;
            self.credited[g] = margin;
        }
    }

    /// The most cash a plan with this prefix can hold now: the worth bound less the fuel
    /// it must have bought (squares driven beyond the starting fuel, at the cheapest
    /// fuel price).
    pub(super) fn cash_bound(&self, start_fuel: usize, fuel_price: f64) -> f64 {
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
    pub(super) fn new(
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

    pub(super) fn dfs(
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
            if most <= self.best + tolerance(self.best) {
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
    pub(super) fn settle(&mut self, path: &[Event], worth: f64) -> Result<()> {
        self.sequences += 1;
        if let Some(cap) = self.count_only {
            self.stopped = self.sequences > cap;
            return Ok(());
        }
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
    pub(super) fn quantities(
        &mut self,
        path: &[Event],
        whole: bool,
    ) -> Result<Option<(f64, Vec<f64>)>> {
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
            Err(e) if crate::lp::infeasible(&e).is_some() => Ok(None),
            Err(e) => Err(e),
        }
    }

    /// The plan of a sequence with whole quantities: each leg as one `move` a square
    /// along a shortest road, then the event (left out when its quantity is zero).
    pub(super) fn expand(&self, path: &[Event], q: &[f64]) -> Vec<Action> {
        let mut plan = Vec::new();
        let mut at = self.start;
        for (e, &x) in path.iter().zip(q) {
            let site = self.tab.sites[e.site];
            // Every leg was measured on the roads, so a shortest road exists.
            let road =
                crate::traveller::greedy::path(self.board, at, site.square).unwrap_or_default();
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
