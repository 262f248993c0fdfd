//! A small plain-SVG writer shared by every game's pictures: escaping, the Okabe–Ito
//! palette (readable for colour-blind readers and in grey print), marker shapes so that
//! no series is told apart by colour alone, and two hand-drawn charts (lines, bars).
//!
//! Charts are drawn here rather than with a charting crate: two chart kinds in a couple
//! of hundred lines keep text as real `<text>` (searchable, testable), share the boards'
//! palette and shapes, and add no dependency tree to a build two cores share.

use std::fmt::Write;

/// Okabe–Ito: eight colours distinguishable with every common colour-vision deficiency.
pub const PALETTE: [&str; 8] = [
    "#E69F00", // orange
    "#56B4E9", // sky blue
    "#009E73", // bluish green
    "#F0E442", // yellow
    "#0072B2", // blue
    "#D55E00", // vermillion
    "#CC79A7", // reddish purple
    "#000000", // black
];

/// The palette colour for series `i` (cycling).
pub fn colour(i: usize) -> &'static str {
    PALETTE[i % PALETTE.len()]
}

/// Text on top of a palette colour: black, except white on the dark blue and black.
pub fn ink_on(fill: &str) -> &'static str {
    if fill == PALETTE[4] || fill == PALETTE[7] {
        "#ffffff"
    } else {
        "#000000"
    }
}

/// Marker shapes, one per series together with its colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shape {
    Circle,
    Square,
    Triangle,
    Diamond,
    Cross,
    Star,
    TriangleDown,
    Plus,
}

/// The shape of series `i` (cycling).
pub fn shape(i: usize) -> Shape {
    use Shape::*;
    [
        Circle,
        Square,
        Triangle,
        Diamond,
        Cross,
        Star,
        TriangleDown,
        Plus,
    ][i % 8]
}

/// Escape text for SVG/HTML content and attribute values.
pub fn esc(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// A number for an attribute: at most two decimals, no trailing zeros.
fn f(x: f64) -> String {
    let s = format!("{x:.2}");
    let s = s.trim_end_matches('0').trim_end_matches('.');
    if s == "-0" {
        "0".into()
    } else {
        s.to_string()
    }
}

/// Text alignment of [`Svg::text`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Anchor {
    Start,
    Middle,
    End,
}

impl Anchor {
    fn name(self) -> &'static str {
        match self {
            Anchor::Start => "start",
            Anchor::Middle => "middle",
            Anchor::End => "end",
        }
    }
}

/// An SVG document being written: elements are appended in drawing order.
pub struct Svg {
    width: f64,
    height: f64,
    title: String,
    body: String,
}

impl Svg {
    /// A white page of the given size whose `<title>` is `title`.
    pub fn new(width: f64, height: f64, title: &str) -> Svg {
        Svg {
            width,
            height,
            title: title.to_string(),
            body: String::new(),
        }
    }

    pub fn width(&self) -> f64 {
        self.width
    }

    pub fn height(&self) -> f64 {
        self.height
    }

    /// Widen the page (drawings whose width is known only once laid out).
    pub fn set_width(&mut self, width: f64) {
        self.width = width;
    }

    /// Grow the page (drawings whose height is known only at the end).
    pub fn set_height(&mut self, height: f64) {
        self.height = height;
    }

    /// Append raw SVG markup (already escaped), e.g. a nested drawing.
    pub fn raw(&mut self, markup: &str) {
        self.body.push_str(markup);
        if !markup.ends_with('\n') {
            self.body.push('\n');
        }
    }

    /// Open a group with a class (tests and stylesheets find parts by it) and a tooltip.
    pub fn open_group(&mut self, class: &str, tooltip: Option<&str>) {
        let _ = writeln!(self.body, r#"<g class="{}">"#, esc(class));
        if let Some(t) = tooltip {
            let _ = writeln!(self.body, "<title>{}</title>", esc(t));
        }
    }

    pub fn close_group(&mut self) {
        self.body.push_str("</g>\n");
    }

    /// A rectangle; `tooltip` becomes its `<title>` (shown on hover).
    #[allow(clippy::too_many_arguments)]
    pub fn rect(
        &mut self,
        x: f64,
        y: f64,
        w: f64,
        h: f64,
        fill: &str,
        stroke: &str,
        tooltip: Option<&str>,
    ) {
        let _ = write!(
            self.body,
            r#"<rect x="{}" y="{}" width="{}" height="{}" fill="{}" stroke="{}""#,
            f(x),
            f(y),
            f(w.max(0.0)),
            f(h.max(0.0)),
            esc(fill),
            esc(stroke)
        );
        self.close_with_tooltip("rect", tooltip);
    }

    fn close_with_tooltip(&mut self, tag: &str, tooltip: Option<&str>) {
        match tooltip {
            Some(t) => {
                let _ = writeln!(self.body, "><title>{}</title></{tag}>", esc(t));
            }
            None => self.body.push_str("/>\n"),
        }
    }

    /// A straight line; `dash` is an SVG dash pattern such as `"4 3"` (empty: solid).
    #[allow(clippy::too_many_arguments)]
    pub fn line(
        &mut self,
        x1: f64,
        y1: f64,
        x2: f64,
        y2: f64,
        stroke: &str,
        width: f64,
        dash: &str,
    ) {
        let _ = write!(
            self.body,
            r#"<line x1="{}" y1="{}" x2="{}" y2="{}" stroke="{}" stroke-width="{}""#,
            f(x1),
            f(y1),
            f(x2),
            f(y2),
            esc(stroke),
            f(width)
        );
        if !dash.is_empty() {
            let _ = write!(self.body, r#" stroke-dasharray="{}""#, esc(dash));
        }
        self.body.push_str("/>\n");
    }

    /// A polyline through `points`.
    pub fn polyline(&mut self, points: &[(f64, f64)], stroke: &str, width: f64, dash: &str) {
        let pts: Vec<String> = points
            .iter()
            .map(|&(x, y)| format!("{},{}", f(x), f(y)))
            .collect();
        let _ = write!(
            self.body,
            r#"<polyline points="{}" fill="none" stroke="{}" stroke-width="{}" stroke-linejoin="round""#,
            pts.join(" "),
            esc(stroke),
            f(width)
        );
        if !dash.is_empty() {
            let _ = write!(self.body, r#" stroke-dasharray="{}""#, esc(dash));
        }
        self.body.push_str("/>\n");
    }

    /// A marker of `shape` centred on (x, y) with radius `r`.
    pub fn marker(
        &mut self,
        shape: Shape,
        x: f64,
        y: f64,
        r: f64,
        fill: &str,
        tooltip: Option<&str>,
    ) {
        let stroke = "#222";
        let poly = |pts: &[(f64, f64)]| -> String {
            pts.iter()
                .map(|&(dx, dy)| format!("{},{}", f(x + dx * r), f(y + dy * r)))
                .collect::<Vec<_>>()
                .join(" ")
        };
        let (tag, attrs) = match shape {
            Shape::Circle => (
                "circle",
                format!(r#"cx="{}" cy="{}" r="{}""#, f(x), f(y), f(r)),
            ),
            Shape::Square => (
                "rect",
                format!(
                    r#"x="{}" y="{}" width="{}" height="{}""#,
                    f(x - 0.85 * r),
                    f(y - 0.85 * r),
                    f(1.7 * r),
                    f(1.7 * r)
                ),
            ),
            Shape::Triangle => (
                "polygon",
                format!(
                    r#"points="{}""#,
                    poly(&[(0.0, -1.1), (1.0, 0.8), (-1.0, 0.8)])
                ),
            ),
            Shape::TriangleDown => (
                "polygon",
                format!(
                    r#"points="{}""#,
                    poly(&[(0.0, 1.1), (1.0, -0.8), (-1.0, -0.8)])
                ),
            ),
            Shape::Diamond => (
                "polygon",
                format!(
                    r#"points="{}""#,
                    poly(&[(0.0, -1.2), (1.0, 0.0), (0.0, 1.2), (-1.0, 0.0)])
                ),
            ),
            Shape::Cross | Shape::Plus => {
                let k = if shape == Shape::Cross { 0.7 } else { 1.0 };
                let a = 0.35;
                let pts: Vec<(f64, f64)> = if shape == Shape::Plus {
                    vec![
                        (-a, -k),
                        (a, -k),
                        (a, -a),
                        (k, -a),
                        (k, a),
                        (a, a),
                        (a, k),
                        (-a, k),
                        (-a, a),
                        (-k, a),
                        (-k, -a),
                        (-a, -a),
                    ]
                } else {
                    // A plus turned by 45 degrees.
                    let s = std::f64::consts::FRAC_1_SQRT_2;
                    [
                        (-a, -1.0),
                        (a, -1.0),
                        (a, -a),
                        (1.0, -a),
                        (1.0, a),
                        (a, a),
                        (a, 1.0),
                        (-a, 1.0),
                        (-a, a),
                        (-1.0, a),
                        (-1.0, -a),
                        (-a, -a),
                    ]
                    .iter()
                    .map(|&(px, py)| ((px - py) * s * 1.1, (px + py) * s * 1.1))
                    .collect()
                };
                ("polygon", format!(r#"points="{}""#, poly(&pts)))
            }
            Shape::Star => {
                let pts: Vec<(f64, f64)> = (0..10)
                    .map(|i| {
                        let ang = std::f64::consts::PI * (i as f64 / 5.0 - 0.5);
                        let rr = if i % 2 == 0 { 1.2 } else { 0.5 };
                        (rr * ang.cos(), rr * ang.sin())
                    })
                    .collect();
                ("polygon", format!(r#"points="{}""#, poly(&pts)))
            }
        };
        let _ = write!(
            self.body,
            r#"<{tag} {attrs} fill="{}" stroke="{stroke}" stroke-width="1""#,
            esc(fill)
        );
        self.close_with_tooltip(tag, tooltip);
    }

    /// Text (escaped) at (x, y) of `size` px.
    /// A picture's bold title and the one-line caption under it that says how to read it.
    pub fn heading(&mut self, title: &str, caption: &str) {
        self.text_styled(
            20.0,
            24.0,
            15.0,
            Anchor::Start,
            r#"font-weight="bold""#,
            title,
        );
        self.text(20.0, 44.0, 11.0, Anchor::Start, caption);
    }

    pub fn text(&mut self, x: f64, y: f64, size: f64, anchor: Anchor, content: &str) {
        self.text_styled(x, y, size, anchor, "", content);
    }

    /// Text with extra attributes (e.g. `font-weight="bold" fill="#fff"`), trusted markup.
    pub fn text_styled(
        &mut self,
        x: f64,
        y: f64,
        size: f64,
        anchor: Anchor,
        attrs: &str,
        content: &str,
    ) {
        let _ = writeln!(
            self.body,
            r#"<text x="{}" y="{}" font-size="{}" text-anchor="{}"{}{}>{}</text>"#,
            f(x),
            f(y),
            f(size),
            anchor.name(),
            if attrs.is_empty() { "" } else { " " },
            attrs,
            esc(content)
        );
    }

    /// The drawn elements alone, to put inside another drawing.
    pub fn into_body(self) -> String {
        self.body
    }

    /// The finished document.
    pub fn finish(self) -> String {
        format!(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" \
             viewBox=\"0 0 {w} {h}\" font-family=\"DejaVu Sans, Verdana, sans-serif\">\n\
             <title>{t}</title>\n<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n{b}</svg>\n",
            w = f(self.width),
            h = f(self.height),
            t = esc(&self.title),
            b = self.body
        )
    }
}

/// "Nice" tick values covering [lo, hi]: about `n` steps of 1, 2 or 5 × 10^k.
pub fn ticks(lo: f64, hi: f64, n: usize) -> Vec<f64> {
    let (lo, hi) = if hi > lo { (lo, hi) } else { (lo, lo + 1.0) };
    let raw = (hi - lo) / n.max(1) as f64;
    let mag = 10f64.powf(raw.log10().floor());
    let step = [1.0, 2.0, 5.0, 10.0]
        .iter()
        .map(|k| k * mag)
        .find(|s| *s >= raw)
        .unwrap_or(10.0 * mag);
    let first = (lo / step).floor() * step;
    let mut out = Vec::new();
    let mut t = first;
    while t <= hi + step * 0.999 {
        out.push(if t.abs() < step * 1e-9 { 0.0 } else { t });
        t += step;
        if out.len() > 50 {
            break;
        }
    }
    out
}

/// A tick label: integers plainly, else up to two decimals.
pub fn tick_label(t: f64) -> String {
    f(t)
}

/// One series of a chart: a name for the legend and a value per x position.
pub struct Series {
    pub name: String,
    pub values: Vec<f64>,
}

/// Where a chart goes on the page and what it says.
pub struct Frame<'a> {
    pub x: f64,
    pub y: f64,
    pub width: f64,
    pub height: f64,
    pub title: &'a str,
    /// A class for the chart's group (`chart` is always there too).
    pub class: &'a str,
    pub y_label: &'a str,
}

/// Plot area inside a frame: margins for the axes, labels and the legend on the right
/// (the grid charts of the application's `chart` draw on it too).
pub struct Plot {
    pub left: f64,
    pub top: f64,
    pub width: f64,
    pub height: f64,
    pub lo: f64,
    pub hi: f64,
}

impl Plot {
    /// `below`: extra room under the axis for slanted labels.
    pub fn new(fr: &Frame, legend: bool, lo: f64, hi: f64, below: f64) -> Plot {
        let ticks = ticks(lo, hi, 5);
        let (lo, hi) = (ticks[0], *ticks.last().unwrap_or(&hi));
        Plot {
            left: fr.x + 60.0,
            top: fr.y + 30.0,
            width: plot_width(fr, legend),
            height: fr.height - 70.0 - below,
            lo,
            hi: if hi > lo { hi } else { lo + 1.0 },
        }
    }

    pub fn y(&self, v: f64) -> f64 {
        self.top + self.height * (1.0 - (v - self.lo) / (self.hi - self.lo))
    }

    /// Title, y axis with gridlines and tick labels, x axis line.
    pub fn axes(&self, svg: &mut Svg, fr: &Frame) {
        svg.text_styled(
            fr.x + 10.0,
            fr.y + 18.0,
            14.0,
            Anchor::Start,
            r#"font-weight="bold""#,
            fr.title,
        );
        for t in ticks(self.lo, self.hi, 5) {
            let y = self.y(t);
            svg.line(self.left, y, self.left + self.width, y, "#dddddd", 1.0, "");
            svg.text(self.left - 6.0, y + 4.0, 11.0, Anchor::End, &tick_label(t));
        }
        let y0 = self.y(self.lo.max(0.0).min(self.hi));
        svg.line(self.left, y0, self.left + self.width, y0, "#444", 1.0, "");
        svg.line(
            self.left,
            self.top,
            self.left,
            self.top + self.height,
            "#444",
            1.0,
            "",
        );
        svg.text_styled(
            fr.x + 14.0,
            self.top + self.height / 2.0,
            11.0,
            Anchor::Middle,
            &format!(
                r#"transform="rotate(-90 {} {})""#,
                f(fr.x + 14.0),
                f(self.top + self.height / 2.0)
            ),
            fr.y_label,
        );
    }
}

fn plot_width(fr: &Frame, legend: bool) -> f64 {
    fr.width - 75.0 - if legend { 150.0 } else { 0.0 }
}

/// Rough width of a label in 11 px text.
pub fn label_width(l: &str) -> f64 {
    6.6 * l.chars().count() as f64
}

/// Whether the x labels need slanting to fit their slots, and the room they then take.
pub fn slant(fr: &Frame, legend: bool, x_labels: &[String]) -> (bool, f64) {
    let slot = plot_width(fr, legend) / x_labels.len().max(1) as f64;
    let longest = x_labels.iter().map(|l| label_width(l)).fold(0.0, f64::max);
    if longest > slot * 0.95 {
        (true, longest * 0.6 + 4.0)
    } else {
        (false, 0.0)
    }
}

/// One x label centred under `x`, slanted by 35° when `slanted`.
pub fn x_label(svg: &mut Svg, x: f64, y: f64, slanted: bool, l: &str) {
    if slanted {
        let rot = format!(r#"transform="rotate(-35 {} {})""#, f(x + 4.0), f(y - 4.0));
        svg.text_styled(x + 4.0, y - 4.0, 11.0, Anchor::End, &rot, l);
    } else {
        svg.text(x, y, 11.0, Anchor::Middle, l);
    }
}

fn range(series: &[Series]) -> (f64, f64) {
    let vals = series.iter().flat_map(|s| s.values.iter().copied());
    let lo = vals.clone().fold(0.0f64, f64::min);
    let hi = vals.fold(0.0f64, f64::max);
    (lo, hi)
}

/// A line chart: one line with markers per series over the x labels, a legend with the
/// marker shapes on the right. `dashed[i]` draws series i dashed (a second family).
pub fn line_chart(
    svg: &mut Svg,
    fr: &Frame,
    x_labels: &[String],
    series: &[Series],
    dashed: &[bool],
) {
    let (lo, hi) = range(series);
    let every = x_labels.len().div_ceil(20).max(1);
    let shown: Vec<String> = x_labels.iter().step_by(every).cloned().collect();
    let (slanted, below) = slant(fr, true, &shown);
    let p = Plot::new(fr, true, lo, hi, below);
    svg.open_group(&format!("chart {}", fr.class), Some(fr.title));
    p.axes(svg, fr);
    let n = x_labels.len().max(2);
    let x = |i: usize| p.left + p.width * (i as f64 + 0.5) / n as f64;
    for (i, l) in x_labels.iter().enumerate() {
        if i % every == 0 {
            x_label(svg, x(i), p.top + p.height + 16.0, slanted, l);
        }
    }
    let marks = x_labels.len() <= 40;
    for (k, s) in series.iter().enumerate() {
        let col = colour(k);
        let dash = if dashed.get(k).copied().unwrap_or(false) {
            "6 4"
        } else {
            ""
        };
        let pts: Vec<(f64, f64)> = s
            .values
            .iter()
            .enumerate()
            .map(|(i, &v)| (x(i), p.y(v)))
            .collect();
        svg.polyline(&pts, col, 2.0, dash);
        if marks {
            for (i, &(px, py)) in pts.iter().enumerate() {
                let tip = format!(
                    "{} at {}: {}",
                    s.name,
                    x_labels.get(i).map_or("", |l| l),
                    tick_label(s.values[i])
                );
                svg.marker(shape(k), px, py, 4.5, col, Some(&tip));
            }
        }
        let ly = p.top + 6.0 + 18.0 * k as f64;
        let lx = p.left + p.width + 20.0;
        svg.line(lx - 8.0, ly, lx + 8.0, ly, col, 2.0, dash);
        svg.marker(shape(k), lx, ly, 4.5, col, None);
        svg.text(lx + 14.0, ly + 4.0, 11.0, Anchor::Start, &s.name);
    }
    svg.close_group();
}

/// A bar chart: groups of bars (one bar per series) over the x labels; `labels` writes
/// each bar's value above it. Series are told apart by colour, a pattern-free legend and
/// the order within the group.
pub fn bar_chart(svg: &mut Svg, fr: &Frame, x_labels: &[String], series: &[Series], labels: bool) {
    let (lo, hi) = range(series);
    let legend = series.len() > 1;
    let n = x_labels.len().max(1);
    let every = (14.0 * n as f64 / plot_width(fr, legend)).ceil().max(1.0) as usize;
    let shown: Vec<String> = x_labels.iter().step_by(every).cloned().collect();
    let (slanted, below) = slant(fr, legend, &shown);
    let p = Plot::new(fr, legend, lo, hi, below);
    svg.open_group(&format!("chart {}", fr.class), Some(fr.title));
    p.axes(svg, fr);
    let slot = p.width / n as f64;
    let k = series.len().max(1);
    let bw = (slot * 0.8 / k as f64).max(0.5);
    for (i, l) in x_labels.iter().enumerate() {
        if i % every == 0 {
            let x = p.left + slot * (i as f64 + 0.5);
            x_label(svg, x, p.top + p.height + 16.0, slanted, l);
        }
    }
    let y0 = p.y(0.0f64.max(p.lo).min(p.hi));
    for (j, s) in series.iter().enumerate() {
        let col = colour(if series.len() == 1 { 4 } else { j });
        for (i, &v) in s.values.iter().enumerate() {
            let bx = p.left + slot * i as f64 + slot * 0.1 + bw * j as f64;
            let yv = p.y(v);
            let tip = format!(
                "{} — {}: {}",
                x_labels.get(i).map_or("", |l| l),
                s.name,
                tick_label(v)
            );
            svg.rect(bx, yv.min(y0), bw, (yv - y0).abs(), col, "#222", Some(&tip));
            if labels {
                let ty = if v >= 0.0 { yv - 3.0 } else { yv + 11.0 };
                svg.text(bx + bw / 2.0, ty, 9.0, Anchor::Middle, &tick_label(v));
            }
        }
        if legend {
            let ly = p.top + 6.0 + 18.0 * j as f64;
            let lx = p.left + p.width + 14.0;
            svg.rect(lx, ly - 6.0, 12.0, 12.0, col, "#222", None);
            svg.text(lx + 18.0, ly + 4.0, 11.0, Anchor::Start, &s.name);
        }
    }
    svg.close_group();
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_and_numbers() {
        assert_eq!(
            esc(r#"a<b & "c" 'd'"#),
            "a&lt;b &amp; &quot;c&quot; &#39;d&#39;"
        );
        assert_eq!(f(2.0), "2");
        assert_eq!(f(2.50), "2.5");
        assert_eq!(f(-0.001), "0");
        assert_eq!(
            ticks(0.0, 441.0, 5),
            vec![0.0, 100.0, 200.0, 300.0, 400.0, 500.0]
        );
        assert_eq!(
            ticks(-12.0, 7.0, 4),
            vec![-15.0, -10.0, -5.0, 0.0, 5.0, 10.0]
        );
    }

    #[test]
    fn a_document_with_a_chart() {
        let mut s = Svg::new(400.0, 300.0, "t < u");
        let fr = Frame {
            x: 0.0,
            y: 0.0,
            width: 400.0,
            height: 300.0,
            title: "values",
            class: "values",
            y_label: "points",
        };
        let series = [Series {
            name: "A & B".into(),
            values: vec![1.0, 3.0, 2.0],
        }];
        line_chart(
            &mut s,
            &fr,
            &["1".into(), "2".into(), "3".into()],
            &series,
            &[],
        );
        let doc = s.finish();
        assert!(doc.contains("<title>t &lt; u</title>"));
        assert!(doc.contains(">A &amp; B</text>"));
        assert!(doc.contains(r#"<g class="chart values">"#));
    }
}
