//! The event search's pruning tables: the board's distances ([`Tables`]) and the relaxed
//! future ([`Future`]) that cuts off prefixes which cannot beat the best plan.

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
    /// None when the table would be too large (a long budget, a big grid).
    pub(super) fn new(board: &Board, rules: &Rules, tab: &Tables, steps: usize) -> Option<Future> {
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

    /// For every grid point: the worth after crediting good g's units on `square` with
    /// `left` steps to sell them in (the event's own step included).
    pub(super) fn credit_row(&self, square: usize, g: usize, left: usize, out: &mut [usize]) {
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
    pub(super) fn bound(&self, tab: &Tables, r: usize, square: usize, node: &Node, w: f64) -> f64 {
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
        sizes(&mut w, &[self.goods, self.value.len()]);
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
        let (&[capacity, fuel_price], &[goods, n]) = (cf.as_slice(), gv.as_slice()) else {
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
