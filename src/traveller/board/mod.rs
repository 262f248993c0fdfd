//! The board: squares on grid points, roads, buildings, named loops and the traders in
//! them. It is data, read from the fact format of the Prolog original
//! (`square(S,X,Y).`, `joins(S1,S2).`, …) or from the same content as JSON, and validated
//! before anything else sees it: every error names the file, the line (or JSON key), the
//! fact and the reason.

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::path::Path;

use anyhow::{anyhow, bail, Context, Result};
use serde::{Deserialize, Serialize};

mod facts;

use facts::parse_facts;
pub use facts::{atom, facts_text};

/// A square at grid point (x, y).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Square {
    pub id: u32,
    pub x: i64,
    pub y: i64,
}

/// `building(S, Name)`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Building {
    pub square: u32,
    pub name: String,
}

/// `loop(L)` with the squares of its `in(S, L)` facts.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Loop {
    pub name: String,
    pub squares: Vec<u32>,
}

/// `sells(Name, Good, Price)` (a wholesaler) or `buys(Name, Good, Price)` (a retailer).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Trade {
    pub building: String,
    pub good: String,
    pub price: f64,
}

/// `sells_fuel(Name, Price)`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FuelStation {
    pub building: String,
    pub price: f64,
}

/// The board's content exactly as the facts give it; this is also the JSON board format.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct BoardFile {
    pub squares: Vec<Square>,
    #[serde(default)]
    pub buildings: Vec<Building>,
    #[serde(default)]
    pub joins: Vec<[u32; 2]>,
    #[serde(default)]
    pub loops: Vec<Loop>,
    #[serde(default)]
    pub sells: Vec<Trade>,
    #[serde(default)]
    pub buys: Vec<Trade>,
    #[serde(default)]
    pub sells_fuel: Vec<FuelStation>,
    /// Cubic feet per unit of each good.
    #[serde(default)]
    pub unit_volume: BTreeMap<String, f64>,
}

/// Where each item of a [`BoardFile`] came from, for error messages:
/// "line 12: `joins(3, 99)`" for facts, "`joins[4]`" for JSON.
#[derive(Debug, Clone, Default)]
struct Origins {
    squares: Vec<String>,
    buildings: Vec<String>,
    joins: Vec<String>,
    loops: Vec<String>,
    members: Vec<Vec<String>>,
    sells: Vec<String>,
    buys: Vec<String>,
    sells_fuel: Vec<String>,
    volumes: BTreeMap<String, String>,
}

/// A validated board, indexed for the referee, the model and the drawings.
/// Squares are addressed by index `0..n` internally and by id in every message.
#[derive(Debug, Clone)]
pub struct Board {
    /// The file stem (or the name given).
    pub name: String,
    /// The content it was built from (what `--json` prints and episodes carry).
    pub file: BoardFile,
    pub ids: Vec<u32>,
    pub index: HashMap<u32, usize>,
    pub pos: Vec<(i64, i64)>,
    /// Neighbours of each square, by index, sorted by id.
    pub adj: Vec<Vec<usize>>,
    /// Goods in name order (the keys of `unit_volume`).
    pub goods: Vec<String>,
    pub volume: Vec<f64>,
    /// Lowest wholesale price of each good on each square (`None`: no wholesaler).
    pub wholesale: Vec<Vec<Option<f64>>>,
    /// Highest retail price of each good on each square (`None`: no retailer).
    pub retail: Vec<Vec<Option<f64>>>,
    /// Lowest fuel price on each square (`None`: no fuel station).
    pub fuel_price: Vec<Option<f64>>,
}

impl Board {
    /// Read a board from a `.pl` fact file or a `.json` file (chosen by extension; any
    /// other extension is tried as facts).
    pub fn load(path: &Path) -> Result<Board> {
        let text = std::fs::read_to_string(path)
            .with_context(|| format!("cannot read board file {}", path.display()))?;
        let name = path
            .file_stem()
            .map(|s| s.to_string_lossy().to_string())
            .unwrap_or_else(|| "board".into());
        let is_json = path.extension().is_some_and(|e| e == "json");
        let built = if is_json {
            Board::from_json(&name, &text)
        } else {
            Board::from_facts(&name, &text)
        };
        built.with_context(|| format!("board {}", path.display()))
    }

    /// Parse and validate the Prolog fact format.
    pub fn from_facts(name: &str, text: &str) -> Result<Board> {
        let (file, origins) = parse_facts(text)?;
        Board::build(name, file, origins)
    }

    /// Parse and validate the JSON format (a [`BoardFile`]).
    pub fn from_json(name: &str, text: &str) -> Result<Board> {
        let file: BoardFile = serde_json::from_str(text).map_err(|e| {
            anyhow!("not a board: {e} (expected keys squares, buildings, joins, loops, sells, buys, sells_fuel, unit_volume)")
        })?;
        Board::from_file(name, file)
    }

    /// Validate content already in memory (e.g. from an episode).
    pub fn from_file(name: &str, file: BoardFile) -> Result<Board> {
        let origins = json_origins(&file);
        Board::build(name, file, origins)
    }

    pub fn n(&self) -> usize {
        self.ids.len()
    }

    /// Index of the square with this id, or an error naming it.
    pub fn square(&self, id: u32) -> Result<usize> {
        self.index
            .get(&id)
            .copied()
            .ok_or_else(|| anyhow!("square {id} is not on board `{}`", self.name))
    }

    pub fn good(&self, name: &str) -> Option<usize> {
        self.goods.iter().position(|g| g == name)
    }

    pub fn joined(&self, a: usize, b: usize) -> bool {
        self.adj[a].contains(&b)
    }

    /// Number of roads.
    pub fn roads(&self) -> usize {
        self.adj.iter().map(|a| a.len()).sum::<usize>() / 2
    }

    /// Shortest road distances (in moves) from square `from` (`usize::MAX`: unreachable).
    pub fn distances(&self, from: usize) -> Vec<usize> {
        let mut d = vec![usize::MAX; self.n()];
        let mut queue = std::collections::VecDeque::from([from]);
        d[from] = 0;
        while let Some(a) = queue.pop_front() {
            for &b in &self.adj[a] {
                if d[b] == usize::MAX {
                    d[b] = d[a] + 1;
                    queue.push_back(b);
                }
            }
        }
        d
    }

    /// Buildings on a square (names), in file order.
    pub fn buildings_on(&self, s: usize) -> Vec<&str> {
        let id = self.ids[s];
        self.file
            .buildings
            .iter()
            .filter(|b| b.square == id)
            .map(|b| b.name.as_str())
            .collect()
    }

    /// The board as Prolog facts (the format [`Board::from_facts`] reads).
    pub fn to_facts(&self, header: &str) -> String {
        facts_text(&self.file, header)
    }

    fn build(name: &str, file: BoardFile, o: Origins) -> Result<Board> {
        validate(&file, &o)?;
        let mut sorted: Vec<&Square> = file.squares.iter().collect();
        sorted.sort_by_key(|s| s.id);
        let ids: Vec<u32> = sorted.iter().map(|s| s.id).collect();
        let pos = sorted.iter().map(|s| (s.x, s.y)).collect();
        let index: HashMap<u32, usize> = ids.iter().enumerate().map(|(i, &id)| (id, i)).collect();
        let mut adj = vec![BTreeSet::new(); ids.len()];
        for [a, b] in &file.joins {
            let (a, b) = (index[a], index[b]);
            adj[a].insert(b);
            adj[b].insert(a);
        }
        let adj = adj.into_iter().map(|s| s.into_iter().collect()).collect();
        let goods: Vec<String> = file.unit_volume.keys().cloned().collect();
        let volume = file.unit_volume.values().copied().collect();
        let site: HashMap<&str, usize> = file
            .buildings
            .iter()
            .map(|b| (b.name.as_str(), index[&b.square]))
            .collect();
        let n = ids.len();
        let g = goods.len();
        let gi = |name: &str| goods.iter().position(|x| x == name).unwrap();
        let mut wholesale = vec![vec![None; g]; n];
        for t in &file.sells {
            let cell: &mut Option<f64> = &mut wholesale[site[t.building.as_str()]][gi(&t.good)];
            *cell = Some(cell.map_or(t.price, |p: f64| p.min(t.price)));
        }
        let mut retail = vec![vec![None; g]; n];
        for t in &file.buys {
            let cell: &mut Option<f64> = &mut retail[site[t.building.as_str()]][gi(&t.good)];
            *cell = Some(cell.map_or(t.price, |p: f64| p.max(t.price)));
        }
        let mut fuel_price = vec![None; n];
        for f in &file.sells_fuel {
            let cell: &mut Option<f64> = &mut fuel_price[site[f.building.as_str()]];
            *cell = Some(cell.map_or(f.price, |p: f64| p.min(f.price)));
        }
        Ok(Board {
            name: name.to_string(),
            file,
            ids,
            index,
            pos,
            adj,
            goods,
            volume,
            wholesale,
            retail,
            fuel_price,
        })
    }
}

/// Most squares on a board (the large generated board has 340).
pub const MAX_SQUARES: usize = 5000;
/// Largest grid coordinate, either sign (drawings have a cell per grid point).
pub const MAX_COORD: i64 = 1000;
/// Largest price (£ a unit) and unit volume (cu ft) a board may give.
pub const MAX_PRICE: f64 = 1e6;

/// Every rule a board must satisfy; the first broken one is the error.
fn validate(f: &BoardFile, o: &Origins) -> Result<()> {
    if f.squares.is_empty() {
        bail!("the board has no squares (add facts `square(S, X, Y).`)");
    }
    if f.squares.len() > MAX_SQUARES {
        bail!(
            "the board has {} squares; at most {MAX_SQUARES} are supported",
            f.squares.len()
        );
    }
    let at = validate_squares(f, o)?;
    let roads = validate_roads(f, o, &at)?;
    let site = validate_buildings(f, o, &at)?;
    validate_loops(f, o, &at, &roads)?;
    validate_trades(f, o, &site)
}

/// Squares: numbered from 1, on the grid, each declared once on its own grid point.
/// Returns each square's grid point.
fn validate_squares(f: &BoardFile, o: &Origins) -> Result<HashMap<u32, (i64, i64)>> {
    let mut at: HashMap<u32, (i64, i64)> = HashMap::new();
    let mut taken: HashMap<(i64, i64), u32> = HashMap::new();
    for (i, s) in f.squares.iter().enumerate() {
        let here = &o.squares[i];
        if s.id == 0 {
            bail!("{here}: square numbers start at 1");
        }
        if s.x.abs() > MAX_COORD || s.y.abs() > MAX_COORD {
            bail!("{here}: grid coordinates must be −{MAX_COORD} to {MAX_COORD}");
        }
        if at.insert(s.id, (s.x, s.y)).is_some() {
            bail!("{here}: square {} is declared twice", s.id);
        }
        if let Some(other) = taken.insert((s.x, s.y), s.id) {
            bail!(
                "{here}: square {} is on grid point ({}, {}), where square {other} already is",
                s.id,
                s.x,
                s.y
            );
        }
    }
    Ok(at)
}

/// Roads: between two declared squares, straight or 45°, each pair joined once. Returns
/// the roads as (lower, higher) square pairs.
fn validate_roads(
    f: &BoardFile,
    o: &Origins,
    at: &HashMap<u32, (i64, i64)>,
) -> Result<BTreeSet<(u32, u32)>> {
    let mut roads = BTreeSet::new();
    for (i, [a, b]) in f.joins.iter().enumerate() {
        let here = &o.joins[i];
        let pa = at
            .get(a)
            .ok_or_else(|| anyhow!("{here}: square {a} is not declared"))?;
        let pb = at
            .get(b)
            .ok_or_else(|| anyhow!("{here}: square {b} is not declared"))?;
        if a == b {
            bail!("{here}: a road must join two different squares");
        }
        let (dx, dy) = ((pb.0 - pa.0).abs(), (pb.1 - pa.1).abs());
        if !(dx == 0 || dy == 0 || dx == dy) {
            bail!(
                "{here}: the road from ({}, {}) to ({}, {}) is not horizontal, vertical or \
                 45° diagonal",
                pa.0,
                pa.1,
                pb.0,
                pb.1
            );
        }
        if !roads.insert((*a.min(b), *a.max(b))) {
            bail!("{here}: squares {a} and {b} are already joined (roads run both ways)");
        }
    }
    Ok(roads)
}

/// Buildings: on declared squares, each name once. Returns each building's square.
fn validate_buildings<'f>(
    f: &'f BoardFile,
    o: &Origins,
    at: &HashMap<u32, (i64, i64)>,
) -> Result<HashMap<&'f str, u32>> {
    let mut site: HashMap<&str, u32> = HashMap::new();
    for (i, b) in f.buildings.iter().enumerate() {
        let here = &o.buildings[i];
        if !at.contains_key(&b.square) {
            bail!(
                "{here}: building `{}` is on square {}, which is not declared",
                b.name,
                b.square
            );
        }
        if site.insert(b.name.as_str(), b.square).is_some() {
            bail!("{here}: building `{}` is declared twice", b.name);
        }
    }
    Ok(site)
}

/// Loops (closed streets): named once, of at least 3 declared squares, each with two
/// roads to others of the loop.
fn validate_loops(
    f: &BoardFile,
    o: &Origins,
    at: &HashMap<u32, (i64, i64)>,
    roads: &BTreeSet<(u32, u32)>,
) -> Result<()> {
    let mut loop_names = BTreeSet::new();
    for (i, l) in f.loops.iter().enumerate() {
        let here = &o.loops[i];
        if !loop_names.insert(l.name.as_str()) {
            bail!("{here}: loop `{}` is declared twice", l.name);
        }
        for (k, s) in l.squares.iter().enumerate() {
            if !at.contains_key(s) {
                bail!("{}: square {s} is not declared", o.members[i][k]);
            }
        }
        let members: BTreeSet<u32> = l.squares.iter().copied().collect();
        if members.len() < 3 {
            bail!(
                "{here}: loop `{}` has {} square(s); a closed street needs at least 3 \
                 (add facts `in(S, {}).`)",
                l.name,
                members.len(),
                atom(&l.name)
            );
        }
        for s in &members {
            let ends = members
                .iter()
                .filter(|t| roads.contains(&(*s.min(*t), *s.max(*t))))
                .count();
            if ends < 2 {
                bail!(
                    "{here}: loop `{}` is not a closed street: square {s} has {ends} road(s) to \
                     other squares of the loop, needs 2",
                    l.name
                );
            }
        }
    }
    Ok(())
}

/// Goods, trades and fuel stations: volumes and prices in range, every trade at a
/// declared building in a good with a volume, one good per trader, one fuel price each.
fn validate_trades(f: &BoardFile, o: &Origins, site: &HashMap<&str, u32>) -> Result<()> {
    for (g, v) in &f.unit_volume {
        let here = &o.volumes[g];
        if g == "fuel" {
            bail!("{here}: `fuel` cannot be a good (plans say `buy fuel Q` for the tank)");
        }
        if !(v.is_finite() && *v >= 1e-6 && *v <= MAX_PRICE) {
            bail!("{here}: the unit volume of {g} must be 0.000001 to {MAX_PRICE}, not {v}");
        }
    }
    let mut deals: HashMap<&str, &str> = HashMap::new();
    for (kind, trades, origins) in [("sells", &f.sells, &o.sells), ("buys", &f.buys, &o.buys)] {
        for (i, t) in trades.iter().enumerate() {
            let here = &origins[i];
            if !site.contains_key(t.building.as_str()) {
                bail!(
                    "{here}: building `{}` is not declared (add `building(S, {}).`)",
                    t.building,
                    atom(&t.building)
                );
            }
            if !f.unit_volume.contains_key(&t.good) {
                bail!(
                    "{here}: good `{}` has no volume (add `unit_volume({}, V).`)",
                    t.good,
                    atom(&t.good)
                );
            }
            if !(t.price.is_finite() && t.price > 0.0 && t.price <= MAX_PRICE) {
                bail!(
                    "{here}: the price must be a positive number up to {MAX_PRICE}, not {}",
                    t.price
                );
            }
            if let Some(prev) = deals.insert(t.building.as_str(), kind) {
                bail!(
                    "{here}: building `{}` already {prev} a good; each wholesaler or retailer \
                     deals in one good",
                    t.building
                );
            }
        }
    }
    let mut stations = BTreeSet::new();
    for (i, s) in f.sells_fuel.iter().enumerate() {
        let here = &o.sells_fuel[i];
        if !site.contains_key(s.building.as_str()) {
            bail!(
                "{here}: building `{}` is not declared (add `building(S, {}).`)",
                s.building,
                atom(&s.building)
            );
        }
        if !(s.price.is_finite() && s.price > 0.0 && s.price <= MAX_PRICE) {
            bail!(
                "{here}: the price must be a positive number up to {MAX_PRICE}, not {}",
                s.price
            );
        }
        if !stations.insert(s.building.as_str()) {
            bail!("{here}: `{}` already sells fuel", s.building);
        }
    }
    Ok(())
}

fn json_origins(f: &BoardFile) -> Origins {
    let keys = |k: &str, n: usize| (0..n).map(|i| format!("{k}[{i}]")).collect::<Vec<_>>();
    Origins {
        squares: keys("squares", f.squares.len()),
        buildings: keys("buildings", f.buildings.len()),
        joins: keys("joins", f.joins.len()),
        loops: keys("loops", f.loops.len()),
        members: f
            .loops
            .iter()
            .enumerate()
            .map(|(i, l)| keys(&format!("loops[{i}].squares"), l.squares.len()))
            .collect(),
        sells: keys("sells", f.sells.len()),
        buys: keys("buys", f.buys.len()),
        sells_fuel: keys("sells_fuel", f.sells_fuel.len()),
        volumes: f
            .unit_volume
            .keys()
            .map(|g| (g.clone(), format!("unit_volume.{g}")))
            .collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const TINY: &str = "% a tiny board
unit_volume(coal, 2).
unit_volume(diamonds, 0.5).
square(1, 0, 0). square(2, 1, 0).
square(3, 1, 1). /* block
comment */ square(4, 0, 1).
joins(1, 2). joins(2, 3). joins(3, 4). joins(4, 1). joins(1, 3).
loop('The Hub'). in(1, 'The Hub'). in(2, 'The Hub'). in(3, 'The Hub'). in(4, 'The Hub').
building(1, 'Coal Yard').
building(3, 'O''Brien''s'). % quoted atom with an escaped quote
building(2, pump).
sells('Coal Yard', coal, 5).
buys('O''Brien''s', coal, 9.5).
sells_fuel(pump, 2).
";

    fn err(text: &str) -> String {
        format!("{:#}", Board::from_facts("t", text).unwrap_err())
    }

    #[test]
    fn parses_the_fact_format() {
        let b = Board::from_facts("tiny", TINY).unwrap();
        assert_eq!(b.n(), 4);
        assert_eq!(b.roads(), 5);
        assert_eq!(b.goods, ["coal", "diamonds"]);
        assert_eq!(b.volume, [2.0, 0.5]);
        assert_eq!(b.file.loops[0].name, "The Hub");
        assert_eq!(b.file.loops[0].squares, [1, 2, 3, 4]);
        assert_eq!(b.file.buildings[1].name, "O'Brien's");
        assert_eq!(b.wholesale[0][0], Some(5.0));
        assert_eq!(b.retail[2][0], Some(9.5));
        assert_eq!(b.fuel_price[1], Some(2.0));
        assert!(b.joined(0, 2) && !b.joined(1, 3));
        assert_eq!(b.distances(1), [1, 0, 1, 2]);
    }

    #[test]
    fn facts_and_json_round_trip() {
        let b = Board::from_facts("tiny", TINY).unwrap();
        let again = Board::from_facts("tiny", &b.to_facts("again")).unwrap();
        assert_eq!(again.file, b.file);
        let json = serde_json::to_string(&b.file).unwrap();
        let j = Board::from_json("tiny", &json).unwrap();
        assert_eq!(j.file, b.file);
    }

    #[test]
    fn errors_name_line_fact_and_reason() {
        let e = err("square(1, 0, 0).\nsquare(2, 2, 1).\njoins(1, 2).\n");
        assert!(
            e.contains("line 3: `joins(1, 2)`") && e.contains("45°"),
            "{e}"
        );
        let e = err("square(1, 0, 0).\nbuilding(7, shop).\n");
        assert!(e.contains("line 2") && e.contains("square 7"), "{e}");
        let e = err("square(1,0,0).\nbuilding(1, shop).\nsells(shop, coal, 3).\n");
        assert!(
            e.contains("line 3") && e.contains("coal") && e.contains("no volume"),
            "{e}"
        );
        let e = err("square(1, 0, 0).\njoins(1, 9).\n");
        assert!(e.contains("square 9 is not declared"), "{e}");
        let e = err("square(1, 0, 0)\nsquare(2, 0, 1).");
        assert!(e.contains("line 1") && e.contains("end with `.`"), "{e}");
        let e = err("squar(1, 0, 0).");
        assert!(e.contains("unknown fact `squar`"), "{e}");
        let e = err("square(X, 0, 0).");
        assert!(e.contains("variable"), "{e}");
        let e = err("square(1, 0, 0).\nsquare(2, 0, 0).");
        assert!(e.contains("line 2") && e.contains("grid point"), "{e}");
        let e = err("square(1, 0, 0).\nin(1, hub).");
        assert!(e.contains("loop `hub` is not declared"), "{e}");
        let e = err(
            "square(1,0,0). square(2,1,0). square(3,2,0). joins(1,2). joins(2,3).\n\
                     loop(l). in(1,l). in(2,l). in(3,l).",
        );
        assert!(e.contains("not a closed street"), "{e}");
        let e = err("square(1,0,0). building(1,a). unit_volume(coal,1).\n\
                     sells(a,coal,2). buys(a,coal,3).");
        assert!(e.contains("one good"), "{e}");
        let e = format!(
            "{:#}",
            Board::from_json("j", "{\"squares\": [], \"roads\": []}").unwrap_err()
        );
        assert!(e.contains("unknown field `roads`"), "{e}");
        let e = format!(
            "{:#}",
            Board::from_json(
                "j",
                r#"{"squares": [{"id": 1, "x": 0, "y": 0}], "joins": [[1, 2]]}"#
            )
            .unwrap_err()
        );
        assert!(e.contains("joins[0]") && e.contains("square 2"), "{e}");
    }
}
