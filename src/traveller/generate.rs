//! A deterministic generator of large boards (for scale tests of the model): a town on a
//! grid with a few gaps, straight and diagonal roads, The Hub and four circuses as named
//! loops, and wholesalers, retailers and fuel stations scattered with prices drawn
//! around a base price per good. Same seed and size, same board.

use std::collections::{BTreeSet, HashMap, VecDeque};

use super::board::{BoardFile, Building, FuelStation, Loop, Square, Trade};
use crate::rng::Rng;

/// Goods of the classic board: (name, cu ft a unit, base price £).
pub const GOODS: [(&str, f64, f64); 5] = [
    ("coal", 2.5, 5.0),
    ("diamonds", 0.01, 900.0),
    ("glasses", 1.0, 12.0),
    ("peaches", 1.5, 4.0),
    ("televisions", 8.0, 160.0),
];

/// The 8 grid points around (cx, cy), in order round the ring.
fn ring(cx: i64, cy: i64) -> Vec<(i64, i64)> {
    vec![
        (cx - 1, cy - 1),
        (cx, cy - 1),
        (cx + 1, cy - 1),
        (cx + 1, cy),
        (cx + 1, cy + 1),
        (cx, cy + 1),
        (cx - 1, cy + 1),
        (cx - 1, cy),
    ]
}

/// A grid point (x, y).
type Point = (i64, i64);
/// A road between two grid points.
type Road = (Point, Point);

/// The Hub in the middle and the four circuses, each a named ring of grid points.
fn named_loops(width: i64, height: i64) -> Vec<(String, Vec<Point>)> {
    vec![
        ("The Hub".into(), ring(width / 2, height / 2)),
        ("North-West Circus".into(), ring(width / 4, height / 4)),
        ("North-East Circus".into(), ring(3 * width / 4, height / 4)),
        ("South-West Circus".into(), ring(width / 4, 3 * height / 4)),
        (
            "South-East Circus".into(),
            ring(3 * width / 4, 3 * height / 4),
        ),
    ]
}

/// The straight avenues across the grid through the loops' rows and columns: they keep
/// every loop joined to The Hub.
fn avenues(width: i64, height: i64) -> Vec<Road> {
    let mut avenues: Vec<Road> = Vec::new();
    for y in [height / 4, height / 2, 3 * height / 4] {
        avenues.extend((0..width - 1).map(|x| ((x, y), (x + 1, y))));
    }
    for x in [width / 4, width / 2, 3 * width / 4] {
        avenues.extend((0..height - 1).map(|y| ((x, y), (x, y + 1))));
    }
    avenues
}

/// The grid points reachable from `hub` along `roads` (breadth-first search).
fn connected(roads: &BTreeSet<Road>, hub: Point) -> BTreeSet<Point> {
    let mut adj: HashMap<Point, Vec<Point>> = HashMap::new();
    for &(a, b) in roads {
        adj.entry(a).or_default().push(b);
        adj.entry(b).or_default().push(a);
    }
    let mut seen = BTreeSet::from([hub]);
    let mut queue = VecDeque::from([hub]);
    while let Some(p) = queue.pop_front() {
        for &q in adj.get(&p).into_iter().flatten() {
            if seen.insert(q) {
                queue.push_back(q);
            }
        }
    }
    seen
}

/// A board of about `width × height × 0.85` squares.
pub fn generate(seed: u64, width: i64, height: i64) -> BoardFile {
    let mut rng = Rng::new(seed);
    let loops = named_loops(width, height);
    let avenues = avenues(width, height);
    let forced: BTreeSet<(i64, i64)> = loops
        .iter()
        .flat_map(|l| l.1.iter().copied())
        .chain(avenues.iter().flat_map(|&(a, b)| [a, b]))
        .collect();
    let mut points = BTreeSet::new();
    for y in 0..height {
        for x in 0..width {
            if forced.contains(&(x, y)) || rng.unit() < 0.85 {
                points.insert((x, y));
            }
        }
    }
    let mut roads: BTreeSet<((i64, i64), (i64, i64))> = avenues.into_iter().collect();
    for (_, r) in &loops {
        for k in 0..r.len() {
            let (a, b) = (r[k], r[(k + 1) % r.len()]);
            roads.insert((a.min(b), a.max(b)));
        }
    }
    for &(x, y) in &points {
        for (dx, dy, p) in [(1, 0, 0.75), (0, 1, 0.75)] {
            let q = (x + dx, y + dy);
            if points.contains(&q) && rng.unit() < p {
                roads.insert(((x, y), q));
            }
        }
        // At most one diagonal per grid cell, so diagonals never cross.
        let u = rng.unit();
        if u < 0.07 && points.contains(&(x + 1, y + 1)) {
            roads.insert(((x, y), (x + 1, y + 1)));
        } else if u < 0.14 && points.contains(&(x + 1, y - 1)) {
            roads.insert(((x, y), (x + 1, y - 1)));
        }
    }
    // Keep the part of the town connected to The Hub.
    let seen = connected(&roads, loops[0].1[0]);
    // Number squares row by row.
    let mut ordered: Vec<(i64, i64)> = seen.into_iter().collect();
    ordered.sort_by_key(|&(x, y)| (y, x));
    let id: HashMap<(i64, i64), u32> = ordered
        .iter()
        .enumerate()
        .map(|(i, &p)| (p, i as u32 + 1))
        .collect();
    let mut f = BoardFile {
        squares: ordered
            .iter()
            .map(|&(x, y)| Square {
                id: id[&(x, y)],
                x,
                y,
            })
            .collect(),
        ..BoardFile::default()
    };
    f.joins = roads
        .iter()
        .filter(|(a, b)| id.contains_key(a) && id.contains_key(b))
        .map(|(a, b)| [id[a], id[b]])
        .collect();
    f.loops = loops
        .iter()
        .map(|(name, r)| Loop {
            name: name.clone(),
            squares: r.iter().map(|p| id[p]).collect(),
        })
        .collect();
    for (g, v, _) in GOODS {
        f.unit_volume.insert(g.to_string(), v);
    }
    // Buildings on distinct squares.
    let mut free: Vec<u32> = (1..=ordered.len() as u32).collect();
    rng.shuffle(&mut free);
    let per_good = (ordered.len() / 60).max(2);
    let mut next = free.into_iter();
    let round = |x: f64| {
        if x >= 20.0 {
            x.round()
        } else {
            (x * 4.0).round() / 4.0
        }
    };
    for (g, _, base) in GOODS {
        for k in 1..=per_good {
            if let Some(sq) = next.next() {
                let name = format!("{} Wholesale {k}", capital(g));
                f.buildings.push(Building {
                    square: sq,
                    name: name.clone(),
                });
                f.sells.push(Trade {
                    building: name,
                    good: g.into(),
                    price: round(base * (0.7 + 0.2 * rng.unit())),
                });
            }
            if let Some(sq) = next.next() {
                let name = format!("{} Market {k}", capital(g));
                f.buildings.push(Building {
                    square: sq,
                    name: name.clone(),
                });
                f.buys.push(Trade {
                    building: name,
                    good: g.into(),
                    price: round(base * (1.05 + 0.35 * rng.unit())),
                });
            }
        }
    }
    for k in 1..=(ordered.len() / 30).max(2) {
        if let Some(sq) = next.next() {
            let name = format!("Garage {k}");
            f.buildings.push(Building {
                square: sq,
                name: name.clone(),
            });
            f.sells_fuel.push(FuelStation {
                building: name,
                price: (4 + rng.below(5)) as f64,
            });
        }
    }
    f
}

fn capital(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map(|f| f.to_uppercase().collect::<String>() + c.as_str())
        .unwrap_or_default()
}
