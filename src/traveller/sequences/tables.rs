//! The event search's pruning tables: the board's distances ([`Tables`]) and the relaxed
//! future ([`Future`]) that cuts off prefixes which cannot beat the best plan.

use std::collections::HashMap;

use super::*;

impl Tables {
    pub(super) fn new(board: &Board, start: usize) -> Tables {
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

impl Future {
    /// The tighter table (goods held as a set) when it fits, else the one-good table; None
    /// when neither fits (a long budget, a big grid).
    pub(super) fn new(board: &Board, rules: &Rules, tab: &Tables, steps: usize) -> Option<Future> {
        Self::build(board, rules, tab, steps, Relax::Joint)
            .or_else(|| Self::build(board, rules, tab, steps, Relax::One))
    }

    /// The table of relaxation `relax` (see [`Future`]); None when it would be too large.
    pub(super) fn build(
        board: &Board,
        rules: &Rules,
        tab: &Tables,
        steps: usize,
        relax: Relax,
    ) -> Option<Future> {
        let sets = relax != Relax::One;
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
        if sets && goods > 8 {
            return None;
        }
        let nh = if sets { 1 << goods } else { goods + 1 };
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
            relax,
            value: Vec::new(),
            fuel_price: tab.fuel_price,
        };
        let at = |r: usize, s: usize, h: usize| ((r * ns + s) * nh + h) * ng;
        let mut value = vec![0u16; size];
        // The grid after a credit of goods at margins: a credit depends on nothing else,
        // and the board has few of them.
        let mut index: HashMap<Vec<(usize, u64)>, usize> = HashMap::new();
        let mut rows: Vec<Vec<usize>> = Vec::new();
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
                        let Some((next, credit)) = f.event(tab, h, site) else {
                            continue;
                        };
                        let drive = &f.after_drive[d];
                        let from = at(rest, j, next);
                        let credit = match credit {
                            Some(goods) => {
                                let lot = f.lot(tab.sites[site].square, goods, rest + 1);
                                let key = lot.iter().map(|&(g, m)| (g, m.to_bits())).collect();
                                let n = rows.len();
                                let i = *index.entry(key).or_insert(n);
                                if i == n {
                                    rows.push(f.credit_by(&lot));
                                }
                                Some(&rows[i])
                            }
                            None => None,
                        };
                        for k in 0..ng {
                            let c = credit.map_or(drive[k], |row| row[drive[k]]);
                            let v = if c >= ng { ng as u16 } else { value[from + c] };
                            if v > value[base + k] {
                                value[base + k] = v;
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
    pub(super) fn margins(
        board: &Board,
        tab: &Tables,
        square: usize,
        steps: usize,
    ) -> Vec<Vec<f64>> {
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

    /// The relaxation's event at `site` holding `h`: the cargo after it and whether it
    /// credits a good (a sale), or None when it is no event of the relaxation.
    fn event(&self, tab: &Tables, h: usize, site: usize) -> Option<(usize, Option<u64>)> {
        let goods = self.goods;
        let bit = |g: usize| 1u64 << g;
        Some(match (tab.sites[site].kind, self.relax) {
            (Kind::Buy { good, .. }, Relax::Sets | Relax::Joint) => (h | 1 << good, None),
            (Kind::Sell { good, .. }, Relax::Sets) if h & 1 << good != 0 => {
                (h & !(1 << good), Some(bit(good)))
            }
            // The first sale of any good held credits all of them.
            (Kind::Sell { good, .. }, Relax::Joint) if h & 1 << good != 0 => (0, Some(h as u64)),
            (Kind::Buy { good, .. }, Relax::One) if h == good => (good, None),
            // Buying another good credits the one held, here (see [`Future`]).
            (Kind::Buy { good, .. }, Relax::One) => (good, (h < goods).then(|| bit(h))),
            (Kind::Sell { good, .. }, Relax::One) if h == good => (goods, Some(bit(good))),
            _ => return None,
        })
    }

    /// The goods of a credit of `goods` (a bit set) on `square` with `left` steps to sell
    /// them in that earn anything, each with its best margin still reachable
    /// ([`Future::margins`]).
    fn lot(&self, square: usize, goods: u64, left: usize) -> Vec<(usize, f64)> {
        let mut out = Vec::new();
        for (g, row) in self.margin[square].iter().enumerate() {
            let m = row[left.min(row.len() - 1)];
            if goods & (1 << g) != 0 && m > 0.0 && self.cheapest[g].is_finite() {
                out.push((g, m));
            }
        }
        out
    }

    /// The most a load of the goods of `lot` (good, margin) earns when it fills at most
    /// the lorry and costs at most `w` at the cheapest prices: a linear programme with two
    /// constraints, whose optimum is at a vertex with at most two goods (one good filling
    /// one limit, or two goods filling both).
    fn earns(&self, lot: &[(usize, f64)], w: f64) -> f64 {
        let (cap, vol, cost) = (self.capacity, &self.volume, &self.cheapest);
        let mut best = 0.0f64;
        for (i, &(a, ma)) in lot.iter().enumerate() {
            best = best.max(ma * (cap / vol[a]).min(w / cost[a]));
            for &(b, mb) in &lot[i + 1..] {
                let det = vol[a] * cost[b] - vol[b] * cost[a];
                if det.abs() < 1e-12 {
                    continue;
                }
                let ua = (cap * cost[b] - w * vol[b]) / det;
                let ub = (w * vol[a] - cap * cost[a]) / det;
                if ua >= 0.0 && ub >= 0.0 {
                    best = best.max(ma * ua + mb * ub);
                }
            }
        }
        best
    }

    /// How many kinds of cargo the table keeps apart.
    fn held_kinds(&self) -> usize {
        if self.relax == Relax::One {
            self.goods + 1
        } else {
            1 << self.goods
        }
    }

    /// The cargo kind of holding good g alone.
    fn holding(&self, g: usize) -> usize {
        if self.relax == Relax::One {
            g
        } else {
            1 << g
        }
    }

    /// For every grid point B: the grid point of B + what a load of `lot` earns within B
    /// ([`Future::earns`]), rounded up.
    fn credit_by(&self, lot: &[(usize, f64)]) -> Vec<usize> {
        let ng = self.grid.len();
        (0..ng)
            .map(|k| {
                let w = self.grid[k];
                let v = w + self.earns(lot, w);
                if v <= w {
                    k
                } else {
                    self.grid
                        .partition_point(|&x| x < v - 1e-9 * v.abs().max(1.0))
                        .min(ng)
                }
            })
            .collect()
    }

    /// The most cash reachable in `r` more steps from `square` for a prefix that ends in
    /// `node`, whose worth bound less the fuel it must have bought is `w`
    /// (`f64::INFINITY` when above the grid). The goods it may hold are credited at once,
    /// at their best margin still reachable (`node.units` at most, less what is already
    /// credited), and the relaxation starts empty-handed. A node that may hold goods stands
    /// on the site of its last event (a fuel station too), whose margins are tabulated.
    ///
    /// With goods held as a set, a node that stands on the buy or sell site of its last
    /// event (`node.last`) is looked up in the table directly, holding the goods not sold
    /// since their purchase: those are credited only where the relaxation sells them.
    /// That is the table's own state (it has just done that site's event; doing it again
    /// next is no event of the relaxation: the good is held already, or not held).
    pub(super) fn bound(&self, tab: &Tables, r: usize, square: usize, node: &Node, w: f64) -> f64 {
        let ng = self.grid.len();
        let nh = self.held_kinds();
        let ns = self.sites.len();
        let table_site = match node.last {
            Some(i) if self.relax != Relax::One && tab.sites[i].square == square => {
                self.sites.iter().position(|&s| s == i)
            }
            _ => None,
        };
        let mut w = w + node.fuel as f64 * self.fuel_price;
        let mut held = 0usize;
        if node.held != 0 {
            for (g, row) in self.margin[square].iter().enumerate() {
                if node.held & (1 << g) != 0 {
                    if table_site.is_some() && node.credited[g] == 0.0 {
                        held |= 1 << g;
                        continue;
                    }
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
        if let Some(j) = table_site {
            let v = self.value[((r * ns + j) * nh + held) * ng + k] as usize;
            return if v >= ng { f64::INFINITY } else { self.grid[v] };
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
                let v = self.value[((rest * ns + j) * nh + self.holding(good)) * ng + kd] as usize;
                best = best.max(v);
            }
        }
        if best >= ng {
            f64::INFINITY
        } else {
            self.grid[best]
        }
    }

    /// The relaxation's best path from an empty lorry on `square` with `r` steps left and
    /// worth `w` (tank included): its events as (site, steps left after it, B after it).
    /// A diagnostic of where the bound comes from (`bench --labels`).
    pub(super) fn path(&self, tab: &Tables, r: usize, square: usize, w: f64) -> Vec<PathEvent> {
        let (ng, nh, ns) = (self.grid.len(), self.held_kinds(), self.sites.len());
        let at = |r: usize, s: usize, h: usize| ((r * ns + s) * nh + h) * ng;
        let mut out = Vec::new();
        let k0 = self
            .grid
            .partition_point(|&x| x < w - 1e-9 * w.abs().max(1.0));
        // (steps left, site index in `sites`, cargo, grid point) at each event.
        let mut state = None;
        let mut best = k0;
        for (j, &site) in self.sites.iter().enumerate() {
            let d = tab.dist[site][square];
            let Kind::Buy { good, .. } = tab.sites[site].kind else {
                continue;
            };
            if k0 >= ng || d == usize::MAX || d + 1 > r {
                continue;
            }
            let (rest, kd, h) = (r - d - 1, self.after_drive[d][k0], self.holding(good));
            let v = self.value[at(rest, j, h) + kd] as usize;
            if v > best {
                (best, state) = (v, Some((rest, j, h, kd)));
            }
        }
        while let Some((r, s, h, k)) = state {
            out.push(PathEvent {
                site: self.sites[s],
                left: r,
                worth: self.grid[k],
            });
            let target = self.value[at(r, s, h) + k];
            state = None;
            if target as usize == k {
                break;
            }
            let here = tab.sites[self.sites[s]].square;
            for (j, &site) in self.sites.iter().enumerate() {
                let d = tab.dist[site][here];
                if j == s || d == usize::MAX || d + 1 > r {
                    continue;
                }
                let Some((next, credit)) = self.event(tab, h, site) else {
                    continue;
                };
                let rest = r - d - 1;
                let mut c = self.after_drive[d][k];
                if let Some(goods) = credit {
                    c = self.credit_by(&self.lot(tab.sites[site].square, goods, rest + 1))[c];
                }
                if c < ng && self.value[at(rest, j, next) + c] == target {
                    state = Some((rest, j, next, c));
                    break;
                }
            }
        }
        out
    }
}

/// Which relaxation a [`Future`] table is (see there).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Relax {
    /// One good held; buying another credits it at once.
    One = 0,
    /// Goods held as a set, each credited at its own first sale.
    Sets = 1,
    /// Goods held as a set, all credited together at the first sale of any.
    Joint = 2,
}

/// One event of the relaxed future's best path ([`Future::path`]).
#[derive(Debug, Clone, Copy)]
pub struct PathEvent {
    /// The site (index into the board's event sites).
    pub site: usize,
    /// Steps left after it.
    pub left: usize,
    /// The relaxation's worth bound after it.
    pub worth: f64,
}

/// The relaxed future as a file, so that `--jobs` workers read the table their parent
/// computed (a second or so at long budgets) instead of computing it again. Floats are
/// kept as their bits: the table read is the table written.
impl Future {
    /// Write the table to `path` (little-endian words: every length, then its items).
    pub(super) fn save(&self, path: &std::path::Path) -> anyhow::Result<()> {
        let mut w: Vec<u64> = Vec::new();
        let floats = |w: &mut Vec<u64>, v: &[f64]| {
            w.push(v.len() as u64);
            w.extend(v.iter().map(|x| x.to_bits()));
        };
        let sizes = |w: &mut Vec<u64>, v: &[usize]| {
            w.push(v.len() as u64);
            w.extend(v.iter().map(|&x| x as u64));
        };
        floats(&mut w, &self.grid);
        sizes(&mut w, &self.sites);
        w.push(self.after_drive.len() as u64);
        self.after_drive.iter().for_each(|d| sizes(&mut w, d));
        w.push(self.margin.len() as u64);
        for square in &self.margin {
            w.push(square.len() as u64);
            square.iter().for_each(|g| floats(&mut w, g));
        }
        floats(&mut w, &[self.capacity, self.fuel_price]);
        floats(&mut w, &self.volume);
        floats(&mut w, &self.cheapest);
        sizes(&mut w, &[self.goods, self.relax as usize, self.value.len()]);
        let mut bytes: Vec<u8> = w.iter().flat_map(|x| x.to_le_bytes()).collect();
        bytes.extend(self.value.iter().flat_map(|x| x.to_le_bytes()));
        crate::io::write_atomic(path, &bytes)?;
        Ok(())
    }

    /// The table [`Future::save`] wrote, or `None` when the file is not one.
    pub(super) fn load(path: &std::path::Path) -> Option<Future> {
        let bytes = std::fs::read(path).ok()?;
        let mut r = Words {
            bytes: &bytes,
            at: 0,
        };
        let grid = r.floats()?;
        let sites = r.sizes()?;
        let after_drive = (0..r.len()?).map(|_| r.sizes()).collect::<Option<_>>()?;
        let margin = (0..r.len()?)
            .map(|_| (0..r.len()?).map(|_| r.floats()).collect::<Option<_>>())
            .collect::<Option<_>>()?;
        let (cf, volume, cheapest, gv) = (r.floats()?, r.floats()?, r.floats()?, r.sizes()?);
        let (&[capacity, fuel_price], &[goods, relax, n]) = (cf.as_slice(), gv.as_slice()) else {
            return None;
        };
        let raw = bytes.get(r.at..)?;
        if raw.len() != 2 * n {
            return None;
        }
        let value = raw
            .chunks_exact(2)
            .map(|b| u16::from_le_bytes([b[0], b[1]]))
            .collect();
        Some(Future {
            grid,
            sites,
            after_drive,
            margin,
            capacity,
            volume,
            cheapest,
            goods,
            relax: [Relax::One, Relax::Sets, Relax::Joint]
                .get(relax)
                .copied()?,
            value,
            fuel_price,
        })
    }
}

/// A reader of [`Future::save`]'s words.
struct Words<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl Words<'_> {
    fn word(&mut self) -> Option<u64> {
        let b = self.bytes.get(self.at..self.at + 8)?;
        self.at += 8;
        Some(u64::from_le_bytes(b.try_into().ok()?))
    }

    /// A length, at most the words left (a damaged file cannot ask for more).
    fn len(&mut self) -> Option<usize> {
        let n = usize::try_from(self.word()?).ok()?;
        (n <= self.bytes.len() / 8).then_some(n)
    }

    fn floats(&mut self) -> Option<Vec<f64>> {
        (0..self.len()?)
            .map(|_| self.word().map(f64::from_bits))
            .collect()
    }

    fn sizes(&mut self) -> Option<Vec<usize>> {
        (0..self.len()?)
            .map(|_| self.word().and_then(|x| usize::try_from(x).ok()))
            .collect()
    }
}
