//! The picture of a `compare` grid ([`crate::grid`]): the value of every cell, drawn with
//! the episode pictures' layer and palette ([`crate::svg`]).
//!
//! One varied key: the value against the key's values (one line per player count when
//! `players` is the other key); two keys: a heat map with the values written in the
//! cells; more: one heat map per combination of the leading keys (small multiples). A grid
//! of one factor at a time (rows that leave keys as the rules file has them) is one bar per
//! row. A proven cell is drawn filled; a "best found" cell hollow (dashed in a heat map)
//! with its bound drawn as an error bar up to where the solver proved it.

use std::collections::BTreeMap;

use crate::grid::{cells, label, show, Row, Vary};
use crate::svg::{self, colour, shape, Anchor, Frame, Plot, Svg};

const WIDTH: f64 = 760.0;
/// Where the charts start under the heading.
const TOP: f64 = 58.0;
const BLUE: &str = svg::PALETTE[4];
const VERMILLION: &str = svg::PALETTE[5];

/// What a chart reads of one cell.
#[derive(Clone, Copy)]
struct Cell {
    value: Option<f64>,
    bound: Option<f64>,
    proven: bool,
}

impl Cell {
    fn of(r: &Row) -> Cell {
        Cell {
            value: r.value,
            bound: r.bound,
            proven: r.proven,
        }
    }

    /// The proven bound beyond a best-found value (above it for a maximum; none when
    /// proven or unknown).
    fn bound_beyond(&self) -> Option<f64> {
        match (self.proven, self.value, self.bound) {
            (false, Some(v), Some(b)) if (b - v).abs() > 1e-6 => Some(b),
            _ => None,
        }
    }

    /// The words of a tooltip: `proven 441`, `best found 430, bound 450`, `no result`.
    fn words(&self) -> String {
        match (self.value, self.bound_beyond()) {
            (None, _) => "no result".into(),
            (Some(v), _) if self.proven => format!("proven {}", show(v)),
            (Some(v), Some(b)) => format!("best found {}, bound {}", show(v), show(b)),
            (Some(v), None) => format!("best found {}", show(v)),
        }
    }
}

/// A best-found cell's bound as written beside it: `≤ 450` (a maximum), `≥ 30` (a
/// minimum, whose bound lies below the game found).
fn bound_text(c: &Cell, b: f64) -> String {
    let below = c.value.is_some_and(|v| b < v);
    format!("{} {}", if below { "≥" } else { "≤" }, show(b))
}

/// The chart of `rows` (the cells of `dims`, as `compare` solved them) as an SVG document.
pub fn draw(title: &str, dims: &[Vary], rows: &[Row]) -> String {
    let partial = rows
        .iter()
        .any(|r| dims.iter().any(|d| !r.settings.contains_key(&d.key)));
    let series_key = dims.iter().position(|d| d.key == "players");
    let mut page = Svg::new(WIDTH, 400.0, title);
    let height = match dims.len() {
        _ if partial || dims.is_empty() => {
            page.heading(title, "one bar per row: filled = proven; hollow = best found, its bar reaching the proven bound");
            bars(&mut page, rows)
        }
        1 => {
            page.heading(
                title,
                "filled marks: proven; hollow marks: best found, the bar up to the proven bound",
            );
            let cells: Vec<Cell> = dims[0]
                .values
                .iter()
                .map(|v| lookup(rows, &[(&dims[0].key, v)]))
                .collect();
            lines(&mut page, &dims[0], &[(String::new(), cells)])
        }
        2 if series_key.is_some() => {
            page.heading(title, "one line per player count: filled marks proven; hollow marks best found, the bar up to the proven bound");
            let s = series_key.unwrap_or(0);
            let (x, by) = (&dims[1 - s], &dims[s]);
            let series: Vec<(String, Vec<Cell>)> = by
                .values
                .iter()
                .map(|b| {
                    let cells = x
                        .values
                        .iter()
                        .map(|v| lookup(rows, &[(&x.key, v), (&by.key, b)]))
                        .collect();
                    (format!("{}={b}", by.key), cells)
                })
                .collect();
            lines(&mut page, x, &series)
        }
        n => {
            page.heading(title, "the value in each cell, darker = higher; dashed vermillion border: best found, with the proven bound under it");
            heat_maps(&mut page, &dims[..n - 2], &dims[n - 2], &dims[n - 1], rows)
        }
    };
    page.set_height(height);
    page.finish()
}

/// The row whose settings hold every `(key, value)` of `want` (no result when none does).
fn lookup(rows: &[Row], want: &[(&String, &String)]) -> Cell {
    rows.iter()
        .find(|r| want.iter().all(|(k, v)| r.settings.get(*k) == Some(*v)))
        .map(Cell::of)
        .unwrap_or(Cell {
            value: None,
            bound: None,
            proven: false,
        })
}

/// The lowest and highest value or bound of `cells`, with 0 on the axis.
fn extent<'a>(cells: impl Iterator<Item = &'a Cell>) -> (f64, f64) {
    cells
        .flat_map(|c| [c.value, c.bound])
        .flatten()
        .fold((0.0f64, 0.0f64), |(lo, hi), v| (lo.min(v), hi.max(v)))
}

/// A marker with its value above it and, for a best-found cell, the error bar up to its
/// bound.
fn point(page: &mut Svg, p: &Plot, x: f64, c: &Cell, k: usize, tip: &str) {
    let col = colour(k);
    let Some(v) = c.value else {
        page.text(x, p.y(p.lo) - 4.0, 9.0, Anchor::Middle, "no result");
        return;
    };
    let y = p.y(v);
    if let Some(b) = c.bound_beyond() {
        let yb = p.y(b);
        page.line(x, y, x, yb, col, 1.5, "");
        page.line(x - 5.0, yb, x + 5.0, yb, col, 1.5, "");
        page.text(x + 7.0, yb + 4.0, 9.0, Anchor::Start, &bound_text(c, b));
    }
    let fill = if c.proven { col } else { "#ffffff" };
    page.marker(shape(k), x, y, 5.0, fill, Some(tip));
    page.text(x, y - 9.0, 10.0, Anchor::Middle, &show(v));
}

/// The value against `x`'s values, one line per series; returns the page height.
fn lines(page: &mut Svg, x: &Vary, series: &[(String, Vec<Cell>)]) -> f64 {
    let legend = series.len() > 1;
    let fr = Frame {
        x: 0.0,
        y: TOP,
        width: WIDTH,
        height: 380.0,
        title: "",
        class: "grid-lines",
        y_label: "value",
    };
    let (slanted, below) = svg::slant(&fr, legend, &x.values);
    let (lo, hi) = extent(series.iter().flat_map(|(_, c)| c.iter()));
    let p = Plot::new(&fr, legend, lo, hi, below + 16.0);
    page.open_group("chart grid-lines", None);
    p.axes(page, &fr);
    let n = x.values.len().max(1);
    let at = |i: usize| p.left + p.width * (i as f64 + 0.5) / n as f64;
    for (i, l) in x.values.iter().enumerate() {
        svg::x_label(page, at(i), p.top + p.height + 16.0, slanted, l);
    }
    let below_axis = p.top + p.height + 30.0 + below;
    page.text(
        p.left + p.width / 2.0,
        below_axis,
        11.0,
        Anchor::Middle,
        &x.key,
    );
    for (k, (name, cells)) in series.iter().enumerate() {
        let col = colour(k);
        // The line is broken where a cell has no value.
        let mut run: Vec<(f64, f64)> = Vec::new();
        for (i, c) in cells.iter().enumerate() {
            match c.value {
                Some(v) => run.push((at(i), p.y(v))),
                None => {
                    page.polyline(&std::mem::take(&mut run), col, 2.0, "");
                }
            }
        }
        page.polyline(&run, col, 2.0, "");
        for (i, c) in cells.iter().enumerate() {
            let who = if name.is_empty() {
                String::new()
            } else {
                format!("{name}, ")
            };
            let tip = format!("{who}{}={}: {}", x.key, x.values[i], c.words());
            point(page, &p, at(i), c, k, &tip);
        }
        if legend {
            let ly = p.top + 6.0 + 18.0 * k as f64;
            let lx = p.left + p.width + 20.0;
            page.line(lx - 8.0, ly, lx + 8.0, ly, col, 2.0, "");
            page.marker(shape(k), lx, ly, 4.5, col, None);
            page.text(lx + 14.0, ly + 4.0, 11.0, Anchor::Start, name);
        }
    }
    page.close_group();
    TOP + fr.height + 10.0
}

/// One bar per row, labelled by the row's settings; returns the page height.
fn bars(page: &mut Svg, rows: &[Row]) -> f64 {
    let labels: Vec<String> = rows
        .iter()
        .map(|r| {
            let cell: Vec<crate::variants::Setting> = r
                .settings
                .iter()
                .map(|(k, v)| crate::variants::Setting {
                    key: k.clone(),
                    value: v.clone(),
                })
                .collect();
            label(&cell)
        })
        .collect();
    let fr = Frame {
        x: 0.0,
        y: TOP,
        width: WIDTH,
        height: 400.0,
        title: "",
        class: "grid-bars",
        y_label: "value",
    };
    let (slanted, below) = svg::slant(&fr, false, &labels);
    let cells: Vec<Cell> = rows.iter().map(Cell::of).collect();
    let (lo, hi) = extent(cells.iter());
    let p = Plot::new(&fr, false, lo, hi, below);
    page.open_group("chart grid-bars", None);
    p.axes(page, &fr);
    let n = rows.len().max(1);
    let slot = p.width / n as f64;
    let y0 = p.y(0.0f64.max(p.lo).min(p.hi));
    for (i, (c, l)) in cells.iter().zip(&labels).enumerate() {
        let x = p.left + slot * (i as f64 + 0.5);
        svg::x_label(page, x, p.top + p.height + 16.0, slanted, l);
        let tip = format!("{l}: {}", c.words());
        let Some(v) = c.value else {
            page.text(x, y0 - 4.0, 9.0, Anchor::Middle, "no result");
            continue;
        };
        let (w, yv) = (slot * 0.6, p.y(v));
        let fill = if c.proven { BLUE } else { "#ffffff" };
        page.rect(
            x - w / 2.0,
            yv.min(y0),
            w,
            (yv - y0).abs(),
            fill,
            BLUE,
            Some(&tip),
        );
        if let Some(b) = c.bound_beyond() {
            let yb = p.y(b);
            page.line(x, yv, x, yb, "#222", 1.5, "");
            page.line(x - 5.0, yb, x + 5.0, yb, "#222", 1.5, "");
            page.text(x + 7.0, yb + 4.0, 9.0, Anchor::Start, &bound_text(c, b));
        }
        let ty = if v >= 0.0 { yv - 4.0 } else { yv + 12.0 };
        page.text(x, ty, 10.0, Anchor::Middle, &show(v));
    }
    page.close_group();
    TOP + fr.height + 10.0
}

/// A colour from white to the palette's blue for `t` in [0, 1], and the ink on it.
fn ramp(t: f64) -> (String, &'static str) {
    let t = 0.1 + 0.9 * t.clamp(0.0, 1.0);
    let mix = |to: f64| (255.0 + (to - 255.0) * t).round() as u8;
    let fill = format!("#{:02X}{:02X}{:02X}", mix(0.0), mix(114.0), mix(178.0));
    (fill, if t > 0.55 { "#ffffff" } else { "#000000" })
}

/// One heat map of `a` × `b` per combination of `lead`'s values, with one colour scale;
/// the key with more values runs down the rows. Returns the page height.
fn heat_maps(page: &mut Svg, lead: &[Vary], a: &Vary, b: &Vary, rows: &[Row]) -> f64 {
    let (down, across) = if b.values.len() > a.values.len() {
        (b, a)
    } else {
        (a, b)
    };
    let all: Vec<Cell> = rows.iter().map(Cell::of).collect();
    let vals = all.iter().filter_map(|c| c.value);
    let lo = vals.clone().fold(f64::INFINITY, f64::min);
    let hi = vals.fold(f64::NEG_INFINITY, f64::max);
    let scale = |v: f64| if hi > lo { (v - lo) / (hi - lo) } else { 1.0 };
    let label_w = down
        .values
        .iter()
        .chain([&down.key])
        .map(|l| svg::label_width(l))
        .fold(0.0, f64::max);
    let left = 20.0 + label_w + 10.0;
    let widest = across
        .values
        .iter()
        .map(|l| svg::label_width(l))
        .fold(0.0, f64::max);
    let cw = ((WIDTH - left - 20.0) / across.values.len().max(1) as f64)
        .min(140.0)
        .max(widest.max(56.0) + 8.0);
    page.set_width(
        page.width()
            .max(left + cw * across.values.len() as f64 + 20.0),
    );
    let ch = 36.0;
    let mut y = TOP;
    for panel in cells(lead) {
        let title = if lead.is_empty() {
            String::new()
        } else {
            label(&panel)
        };
        page.open_group(
            "chart grid-heat",
            (!title.is_empty()).then_some(title.as_str()),
        );
        if !title.is_empty() {
            page.text_styled(
                20.0,
                y + 14.0,
                13.0,
                Anchor::Start,
                r#"font-weight="bold""#,
                &title,
            );
            y += 22.0;
        }
        let width = cw * across.values.len() as f64;
        page.text(
            left + width / 2.0,
            y + 12.0,
            11.0,
            Anchor::Middle,
            &across.key,
        );
        page.text_styled(
            left - 8.0,
            y + 30.0,
            11.0,
            Anchor::End,
            r#"font-style="italic""#,
            &down.key,
        );
        for (j, v) in across.values.iter().enumerate() {
            page.text(
                left + cw * (j as f64 + 0.5),
                y + 30.0,
                11.0,
                Anchor::Middle,
                v,
            );
        }
        let top = y + 38.0;
        for (i, dv) in down.values.iter().enumerate() {
            let ry = top + ch * i as f64;
            page.text(left - 8.0, ry + ch / 2.0 + 4.0, 11.0, Anchor::End, dv);
            for (j, av) in across.values.iter().enumerate() {
                let mut want: Vec<(&String, &String)> =
                    panel.iter().map(|s| (&s.key, &s.value)).collect();
                want.extend([(&down.key, dv), (&across.key, av)]);
                let c = lookup(rows, &want);
                let tip = format!(
                    "{}{}={dv}, {}={av}: {}",
                    if title.is_empty() {
                        String::new()
                    } else {
                        format!("{title}, ")
                    },
                    down.key,
                    across.key,
                    c.words()
                );
                heat_cell(page, left + cw * j as f64, ry, cw, ch, &c, scale, &tip);
            }
        }
        page.close_group();
        y = top + ch * down.values.len() as f64 + 16.0;
    }
    if lo.is_finite() {
        y = scale_key(page, y, lo, hi);
    }
    y + 10.0
}

/// One cell of a heat map: its colour, its value, and a best-found cell's bound.
#[allow(clippy::too_many_arguments)]
fn heat_cell(
    page: &mut Svg,
    x: f64,
    y: f64,
    w: f64,
    h: f64,
    c: &Cell,
    scale: impl Fn(f64) -> f64,
    tip: &str,
) {
    let (cx, cy) = (x + w / 2.0, y + h / 2.0);
    let Some(v) = c.value else {
        page.rect(x, y, w, h, "#eeeeee", "#ffffff", Some(tip));
        page.text(cx, cy + 4.0, 10.0, Anchor::Middle, "no result");
        return;
    };
    let (fill, ink) = ramp(scale(v));
    page.rect(x, y, w, h, &fill, "#ffffff", Some(tip));
    let bold = format!(r#"font-weight="bold" fill="{ink}""#);
    match c.bound_beyond() {
        Some(b) => {
            page.raw(&format!(
                r#"<rect x="{:.1}" y="{:.1}" width="{:.1}" height="{:.1}" fill="none" stroke="{VERMILLION}" stroke-width="2" stroke-dasharray="5 3"/>"#,
                x + 1.5,
                y + 1.5,
                w - 3.0,
                h - 3.0
            ));
            page.text_styled(cx, cy - 1.0, 12.0, Anchor::Middle, &bold, &show(v));
            let fill = format!(r#"fill="{ink}""#);
            page.text_styled(cx, cy + 12.0, 9.0, Anchor::Middle, &fill, &bound_text(c, b));
        }
        None => page.text_styled(cx, cy + 5.0, 13.0, Anchor::Middle, &bold, &show(v)),
    }
}

/// The colour scale under the heat maps: five swatches from the lowest value to the
/// highest. Returns the y under it.
fn scale_key(page: &mut Svg, y: f64, lo: f64, hi: f64) -> f64 {
    page.open_group("chart-key", None);
    page.text(20.0, y + 14.0, 11.0, Anchor::Start, "value");
    for i in 0..5 {
        let t = i as f64 / 4.0;
        let (fill, _) = ramp(t);
        let x = 70.0 + 70.0 * i as f64;
        page.rect(x, y + 2.0, 64.0, 16.0, &fill, "#888", None);
        let v = lo + t * (hi - lo);
        // Whole numbers on a wide scale: the key is a guide, the cells carry the values.
        let v = if hi - lo >= 10.0 { v.round() } else { v };
        page.text(
            x + 32.0,
            y + 32.0,
            10.0,
            Anchor::Middle,
            &svg::tick_label(v),
        );
    }
    page.close_group();
    y + 40.0
}

/// A `compare` table read back from markdown (as `compare` prints it): the keys are the
/// columns before `value`; a blank key cell is a key the row leaves as the rules file has
/// it. Errors when `md` holds no such table.
pub fn read_table(md: &str) -> anyhow::Result<(Vec<Vary>, Vec<Row>)> {
    let split = |l: &str| -> Vec<String> {
        let l = l.trim().trim_start_matches('|').trim_end_matches('|');
        l.split('|').map(|c| c.trim().to_string()).collect()
    };
    let lines: Vec<&str> = md.lines().collect();
    let start = lines
        .iter()
        .position(|l| {
            let h = split(l);
            l.trim_start().starts_with('|')
                && ["value", "bound", "status"]
                    .iter()
                    .all(|c| h.iter().any(|x| x == c))
        })
        .ok_or_else(|| {
            anyhow::anyhow!("no compare table (a header with value, bound and status columns)")
        })?;
    let header = split(lines[start]);
    let col = |name: &str| header.iter().position(|h| h == name).unwrap_or(0);
    let (value, bound, status) = (col("value"), col("bound"), col("status"));
    let keys = &header[..value];
    let mut dims: Vec<Vary> = keys
        .iter()
        .map(|k| Vary {
            key: k.clone(),
            values: Vec::new(),
        })
        .collect();
    let number = |c: &str| c.parse::<f64>().ok();
    let mut rows = Vec::new();
    for l in lines[start + 2..]
        .iter()
        .take_while(|l| l.trim_start().starts_with('|'))
    {
        let c = split(l);
        if c.len() != header.len() {
            anyhow::bail!(
                "a row of the table has {} cells, not {}: {l}",
                c.len(),
                header.len()
            );
        }
        let mut settings = BTreeMap::new();
        for (d, v) in dims.iter_mut().zip(&c) {
            if !v.is_empty() {
                if !d.values.contains(v) {
                    d.values.push(v.clone());
                }
                settings.insert(d.key.clone(), v.clone());
            }
        }
        let proven = c[status] == "proven";
        rows.push(Row {
            settings,
            status: c[status].clone(),
            proven,
            value: number(&c[value]),
            bound: number(&c[bound]),
            certified: None,
            error: c[status].starts_with("failed").then(|| c[status].clone()),
            seconds: 0.0,
            episode: None,
        });
    }
    Ok((dims, rows))
}

/// `gamebounds chart FILE.md`: draw the compare table in FILE.md as FILE.svg and embed it
/// above the table (once), without solving anything again. Returns the picture's path.
pub fn redraw(md_path: &std::path::Path) -> anyhow::Result<std::path::PathBuf> {
    use anyhow::Context;
    let md = std::fs::read_to_string(md_path)
        .with_context(|| format!("cannot read {}", md_path.display()))?;
    let (dims, rows) =
        read_table(&md).map_err(|e| anyhow::anyhow!("{}: {e}", md_path.display()))?;
    let title = md
        .lines()
        .next()
        .and_then(|l| l.strip_prefix("# "))
        .unwrap_or("compare: the value of every cell");
    let svg_path = md_path.with_extension("svg");
    crate::io::write_noting(&svg_path, draw(title, &dims, &rows).as_bytes())?;
    let name = svg_path.file_name().unwrap_or_default().to_string_lossy();
    if !md.contains(&format!("]({name})")) {
        let at = md.find("\n|").map(|i| i + 1).unwrap_or(0);
        let text = format!("{}![{title}]({name})\n\n{}", &md[..at], &md[at..]);
        crate::io::write_noting(md_path, text.as_bytes())?;
    }
    Ok(svg_path)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(settings: &[(&str, &str)], value: Option<f64>, bound: Option<f64>, proven: bool) -> Row {
        Row {
            settings: settings
                .iter()
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .collect(),
            status: if proven { "proven" } else { "best found" }.into(),
            proven,
            value,
            bound,
            certified: None,
            error: None,
            seconds: 0.0,
            episode: None,
        }
    }

    fn vary(key: &str, values: &[&str]) -> Vary {
        Vary {
            key: key.into(),
            values: values.iter().map(|v| v.to_string()).collect(),
        }
    }

    /// Every `<text>` of the document, which must parse.
    fn texts(svg: &str) -> Vec<String> {
        let doc = roxmltree::Document::parse(svg).expect("the chart parses");
        doc.descendants()
            .filter(|n| n.has_tag_name("text"))
            .filter_map(|n| n.text().map(str::to_string))
            .collect()
    }

    /// Whether a group of `class` is drawn.
    fn has_group(svg: &str, class: &str) -> bool {
        svg.contains(&format!(r#"<g class="{class}""#))
    }

    #[test]
    fn one_key_is_a_line_with_a_bar_up_to_a_bound() {
        let dims = [vary("wagers", &["2", "3", "4"])];
        let rows = [
            row(&[("wagers", "2")], Some(446.0), Some(446.0), true),
            row(&[("wagers", "3")], Some(560.0), Some(580.0), false),
            row(&[("wagers", "4")], None, None, false),
        ];
        let svg = draw("t", &dims, &rows);
        assert!(has_group(&svg, "chart grid-lines"), "{svg}");
        let t = texts(&svg);
        for want in ["446", "560", "≤ 580", "no result", "wagers"] {
            assert!(t.iter().any(|x| x == want), "{want} in {t:?}");
        }
        // The proven mark is filled, the best found one hollow.
        assert!(svg.contains("proven 446</title>"), "{svg}");
        assert!(svg.contains(r##"fill="#ffffff" stroke="#222""##), "{svg}");
    }

    #[test]
    fn players_and_one_key_are_one_line_per_player_count() {
        let dims = [
            vary("players", &["2", "3"]),
            vary("threshold.2", &["2", "3"]),
        ];
        let rows: Vec<Row> = [
            ("2", "2", 15.0),
            ("2", "3", 17.0),
            ("3", "2", 12.0),
            ("3", "3", 14.0),
        ]
        .iter()
        .map(|(p, t, v)| {
            row(
                &[("players", p), ("threshold.2", t)],
                Some(*v),
                Some(*v),
                true,
            )
        })
        .collect();
        let svg = draw("t", &dims, &rows);
        assert!(has_group(&svg, "chart grid-lines"));
        let t = texts(&svg);
        for want in ["15", "17", "12", "14", "players=2", "players=3"] {
            assert!(t.iter().any(|x| x == want), "{want} in {t:?}");
        }
    }

    #[test]
    fn two_keys_are_a_heat_map_and_more_are_small_multiples() {
        let dims = [
            vary("c", &["5", "6"]),
            vary("b", &["7", "8", "9"]),
            vary("w", &["2", "3"]),
        ];
        let rows: Vec<Row> = cells(&dims)
            .iter()
            .enumerate()
            .map(|(i, cell)| {
                let s: Vec<(&str, &str)> = cell
                    .iter()
                    .map(|s| (s.key.as_str(), s.value.as_str()))
                    .collect();
                let v = 400.0 + i as f64;
                let proven = i != 5;
                row(&s, Some(v), Some(if proven { v } else { v + 20.0 }), proven)
            })
            .collect();
        let svg = draw("t", &dims, &rows);
        assert_eq!(
            svg.matches(r#"<g class="chart grid-heat">"#).count(),
            2,
            "{svg}"
        );
        let t = texts(&svg);
        for i in 0..12 {
            let v = (400 + i).to_string();
            assert!(t.contains(&v), "{v} in {t:?}");
        }
        assert!(t.iter().any(|x| x == "≤ 425"), "{t:?}");
        assert!(t.iter().any(|x| x == "c=5") && t.iter().any(|x| x == "c=6"));
        assert_eq!(svg.matches("stroke-dasharray=\"5 3\"").count(), 1);
        // Two keys: one map, the key with more values down the rows.
        let svg = draw("t", &dims[1..], &rows[..6]);
        assert_eq!(svg.matches(r#"<g class="chart grid-heat""#).count(), 1);
    }

    #[test]
    fn one_at_a_time_rows_are_bars_and_a_table_reads_back() {
        let dims = [
            vary("award_target", &["own"]),
            vary("chain_symbols", &["true"]),
        ];
        let rows = [
            row(&[], Some(441.0), Some(441.0), true),
            row(&[("award_target", "own")], Some(302.0), Some(302.0), true),
            row(
                &[("chain_symbols", "true")],
                Some(430.0),
                Some(441.0),
                false,
            ),
        ];
        let svg = draw("t", &dims, &rows);
        assert!(has_group(&svg, "chart grid-bars"));
        let t = texts(&svg);
        for want in ["441", "302", "430", "≤ 441", "as given", "award_target=own"] {
            assert!(t.iter().any(|x| x == want), "{want} in {t:?}");
        }
        let md = format!("# T\n\nintro\n\n{}\n", crate::grid::table(&dims, &rows));
        let (d, r) = read_table(&md).unwrap();
        assert_eq!(d, dims);
        assert_eq!(r.len(), 3);
        assert_eq!(r[2].settings, rows[2].settings);
        assert_eq!(
            (r[2].value, r[2].bound, r[2].proven),
            (Some(430.0), Some(441.0), false)
        );
        assert!(read_table("# T\n\nno table\n").is_err());
    }
}
