//! Drawings of a board: text for the terminal and SVG for a browser. Grid point (x, y)
//! is drawn with x to the right and y downwards.
//!
//! In the text drawing each square shows its number and one letter for what is on it:
//! `W` a wholesaler (the trader buys), `R` a retailer (the trader sells), `F` fuel,
//! `*` any other building. Roads are `-`, `|`, `/` and `\` (`X` where two diagonals cross).

use std::collections::BTreeMap;
use std::fmt::Write;

use super::board::Board;
use super::engine::money;

/// Cell width of one grid unit in the text drawing.
const CW: i64 = 6;

/// The marker letter of a square (see the module doc).
fn marker(board: &Board, s: usize) -> char {
    if board.wholesale[s].iter().any(|p| p.is_some()) {
        'W'
    } else if board.retail[s].iter().any(|p| p.is_some()) {
        'R'
    } else if board.fuel_price[s].is_some() {
        'F'
    } else if !board.buildings_on(s).is_empty() {
        '*'
    } else {
        ' '
    }
}

fn bounds(board: &Board) -> (i64, i64, i64, i64) {
    let xs = board.pos.iter().map(|p| p.0);
    let ys = board.pos.iter().map(|p| p.1);
    (
        xs.clone().min().unwrap_or(0),
        xs.max().unwrap_or(0),
        ys.clone().min().unwrap_or(0),
        ys.max().unwrap_or(0),
    )
}

/// The board as text: the map, then the buildings and loops.
pub fn text(board: &Board) -> String {
    let (x0, x1, y0, y1) = bounds(board);
    let w = ((x1 - x0) * CW + 5) as usize;
    let h = ((y1 - y0) * 2 + 1) as usize;
    let mut grid = vec![vec![' '; w]; h];
    let cell = |x: i64, y: i64| (((y - y0) * 2) as usize, ((x - x0) * CW) as usize);
    let put = |grid: &mut Vec<Vec<char>>, r: usize, c: usize, ch: char| {
        let old = grid[r][c];
        grid[r][c] = match (old, ch) {
            ('/', '\\') | ('\\', '/') => 'X',
            _ => ch,
        };
    };
    let occupied: std::collections::HashSet<(i64, i64)> = board.pos.iter().copied().collect();
    for (a, adj) in board.adj.iter().enumerate() {
        for &b in adj.iter().filter(|&&b| b > a) {
            let (mut p, q) = (board.pos[a], board.pos[b]);
            let (dx, dy) = ((q.0 - p.0).signum(), (q.1 - p.1).signum());
            while p != q {
                let n = (p.0 + dx, p.1 + dy);
                // The segment from p to n.
                let (r, c) = cell(p.0.min(n.0), p.1.min(n.1));
                match (dx, dy) {
                    (_, 0) => {
                        for k in 4..CW as usize {
                            put(&mut grid, r, c + k, '-');
                        }
                    }
                    (0, _) => put(&mut grid, r + 1, c + 1, '|'),
                    _ if dx == dy => put(&mut grid, r + 1, c + 1 + CW as usize / 2, '\\'),
                    _ => put(&mut grid, r + 1, c + 1 + CW as usize / 2, '/'),
                }
                if n != q && !occupied.contains(&n) {
                    let (r, c) = cell(n.0, n.1);
                    let ch = match (dx, dy) {
                        (_, 0) => '-',
                        (0, _) => '|',
                        _ if dx == dy => '\\',
                        _ => '/',
                    };
                    put(&mut grid, r, c + 1, ch);
                }
                p = n;
            }
        }
    }
    for s in 0..board.n() {
        let (x, y) = board.pos[s];
        let (r, c) = cell(x, y);
        let label = format!("{:<3}{}", board.ids[s], marker(board, s));
        for (k, ch) in label.chars().enumerate() {
            if c + k < w {
                grid[r][c + k] = ch;
            }
        }
    }
    let mut out = String::new();
    let _ = writeln!(
        out,
        "board {}: {} squares, {} roads, {} buildings, {} loops",
        board.name,
        board.n(),
        board.roads(),
        board.file.buildings.len(),
        board.file.loops.len()
    );
    let _ = writeln!(
        out,
        "(x right, y down; W wholesaler, R retailer, F fuel, * other building)\n"
    );
    for row in grid {
        let line: String = row.into_iter().collect();
        let _ = writeln!(out, "{}", line.trim_end());
    }
    let _ = writeln!(out, "\nbuildings:");
    for line in building_lines(board) {
        let _ = writeln!(out, "  {line}");
    }
    let _ = writeln!(out, "\nloops:");
    for l in &board.file.loops {
        let ids: Vec<String> = l.squares.iter().map(|s| s.to_string()).collect();
        let _ = writeln!(out, "  {}: {}", l.name, ids.join(" "));
    }
    let _ = writeln!(out, "\ngoods (cu ft a unit):");
    for (g, v) in board.goods.iter().zip(&board.volume) {
        let _ = writeln!(out, "  {g} {}", money(*v));
    }
    out
}

/// "square 12  Coal Yard: sells coal at £4" for each building.
fn building_lines(board: &Board) -> Vec<String> {
    let f = &board.file;
    let mut what: BTreeMap<&str, Vec<String>> = BTreeMap::new();
    for t in &f.sells {
        what.entry(&t.building).or_default().push(format!(
            "sells {} at £{}",
            t.good,
            money(t.price)
        ));
    }
    for t in &f.buys {
        what.entry(&t.building).or_default().push(format!(
            "buys {} at £{}",
            t.good,
            money(t.price)
        ));
    }
    for t in &f.sells_fuel {
        what.entry(&t.building)
            .or_default()
            .push(format!("sells fuel at £{}", money(t.price)));
    }
    let mut bs: Vec<_> = f.buildings.iter().collect();
    bs.sort_by_key(|b| b.square);
    bs.iter()
        .map(|b| {
            let deals = what.get(b.name.as_str()).map(|v| v.join(", "));
            format!(
                "{:>4}  {}{}",
                b.square,
                b.name,
                deals.map(|d| format!(": {d}")).unwrap_or_default()
            )
        })
        .collect()
}

use crate::svg::esc;

/// Grid unit and margin of the SVG drawing, in px.
const U: f64 = 40.0;
const M: f64 = 30.0;

/// Where square `s` (an index) is drawn in [`svg`]'s coordinates, for drawings on top.
pub fn point(board: &Board, s: usize) -> (f64, f64) {
    let (x0, _, y0, _) = bounds(board);
    let (x, y) = board.pos[s];
    (M + (x - x0) as f64 * U, M + (y - y0) as f64 * U)
}

/// Width and height of [`svg`]'s drawing.
pub fn size(board: &Board) -> (f64, f64) {
    let (x0, x1, y0, y1) = bounds(board);
    let legend_h = 20.0 * (building_lines(board).len() + 2) as f64;
    (
        2.0 * M + (x1 - x0) as f64 * U,
        2.0 * M + (y1 - y0) as f64 * U + legend_h,
    )
}

/// The board as SVG: roads, loops (coloured), squares coloured by what is on them.
pub fn svg(board: &Board) -> String {
    svg_with(board, "")
}

/// The board as SVG with `overlay` (SVG markup in [`point`]'s coordinates, e.g. a route)
/// drawn over the roads and under the squares' numbers.
pub fn svg_with(board: &Board, overlay: &str) -> String {
    let (x0, _, y0, y1) = bounds(board);
    let (u, m) = (U, M);
    let px = |x: i64| m + (x - x0) as f64 * u;
    let py = |y: i64| m + (y - y0) as f64 * u;
    let lines = building_lines(board);
    let (width, height) = size(board);
    let mut s = String::new();
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" font-family="sans-serif">"#
    );
    let _ = writeln!(s, r#"<rect width="100%" height="100%" fill="white"/>"#);
    let _ = writeln!(s, "<title>traveller board {}</title>", esc(&board.name));
    for (a, adj) in board.adj.iter().enumerate() {
        for &b in adj.iter().filter(|&&b| b > a) {
            let (p, q) = (board.pos[a], board.pos[b]);
            let _ = writeln!(
                s,
                r##"<line x1="{}" y1="{}" x2="{}" y2="{}" stroke="#999" stroke-width="3"/>"##,
                px(p.0),
                py(p.1),
                px(q.0),
                py(q.1)
            );
        }
    }
    let colours = [
        "#e6194b", "#3cb44b", "#4363d8", "#f58231", "#911eb4", "#42d4f4",
    ];
    for (i, l) in board.file.loops.iter().enumerate() {
        let col = colours[i % colours.len()];
        let members: Vec<usize> = l.squares.iter().map(|id| board.index[id]).collect();
        for &a in &members {
            for &b in board.adj[a]
                .iter()
                .filter(|b| members.contains(b) && **b > a)
            {
                let (p, q) = (board.pos[a], board.pos[b]);
                let _ = writeln!(
                    s,
                    r#"<line x1="{}" y1="{}" x2="{}" y2="{}" stroke="{col}" stroke-width="6" stroke-opacity="0.5"><title>{}</title></line>"#,
                    px(p.0),
                    py(p.1),
                    px(q.0),
                    py(q.1),
                    esc(&l.name)
                );
            }
        }
    }
    s.push_str(overlay);
    for sq in 0..board.n() {
        let (x, y) = board.pos[sq];
        let fill = match marker(board, sq) {
            'W' => "#9be89b",
            'R' => "#9bc4f0",
            'F' => "#f5b041",
            '*' => "#dddddd",
            _ => "#ffffff",
        };
        let names = board.buildings_on(sq).join(", ");
        let _ = writeln!(
            s,
            r##"<circle cx="{}" cy="{}" r="11" fill="{fill}" stroke="#333"><title>square {}{}</title></circle>"##,
            px(x),
            py(y),
            board.ids[sq],
            if names.is_empty() {
                String::new()
            } else {
                format!(": {}", esc(&names))
            }
        );
        let _ = writeln!(
            s,
            r#"<text x="{}" y="{}" font-size="9" text-anchor="middle">{}</text>"#,
            px(x),
            py(y) + 3.0,
            board.ids[sq]
        );
    }
    let mut ly = 2.0 * m + (y1 - y0) as f64 * u;
    let _ = writeln!(
        s,
        r#"<text x="{m}" y="{ly}" font-size="12">green: wholesaler (buy here), blue: retailer (sell here), orange: fuel; coloured bands: loops</text>"#
    );
    for line in lines {
        ly += 18.0;
        let _ = writeln!(
            s,
            r#"<text x="{m}" y="{ly}" font-size="11" xml:space="preserve">{}</text>"#,
            esc(&line)
        );
    }
    s.push_str("</svg>\n");
    s
}
