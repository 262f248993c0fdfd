//! The picture of a Traveller episode: the plan's route drawn on the board (the drawing
//! of `traveller show --svg`), with the start, the end and every square where the lorry
//! buys, sells or fills up marked; then the cash and the load after each step, from the
//! referee's replay.

use std::collections::BTreeMap;
use std::fmt::Write;

use anyhow::Result;

use super::draw;
use super::engine::{money, Action};
use super::episode;
use crate::episode::Envelope;
use crate::svg::{self, Frame, Series, Shape, Svg, PALETTE};

pub fn svg(env: &Envelope) -> Result<String> {
    let l = episode::load(env)?;
    let board = &l.board;
    let states = &l.replay.states;
    // What happened on each square: (step, action) pairs, by square index.
    let mut events: BTreeMap<usize, Vec<(usize, &Action)>> = BTreeMap::new();
    for (i, a) in l
        .plan
        .iter()
        .enumerate()
        .take(states.len().saturating_sub(1))
    {
        if !matches!(a, Action::Move(_)) {
            events.entry(states[i].square).or_default().push((i + 1, a));
        }
    }
    let route: Vec<(f64, f64)> = states
        .iter()
        .map(|s| draw::point(board, s.square))
        .collect();
    let mut overlay = String::from("<g class=\"route\">\n<title>the route</title>\n");
    let pts: Vec<String> = route.iter().map(|(x, y)| format!("{x},{y}")).collect();
    let _ = writeln!(
        overlay,
        r#"<polyline points="{}" fill="none" stroke="black" stroke-width="4" stroke-opacity="0.7" stroke-linejoin="round"/>"#,
        pts.join(" ")
    );
    overlay.push_str("</g>\n");
    let mut marks = Svg::new(0.0, 0.0, "");
    for (&sq, evs) in &events {
        let (x, y) = draw::point(board, sq);
        let tip: Vec<String> = evs.iter().map(|(i, a)| format!("step {i}: {a}")).collect();
        let tip = format!("square {}: {}", board.ids[sq], tip.join("; "));
        let buys = evs.iter().any(|(_, a)| matches!(a, Action::Buy(..)));
        let sells = evs.iter().any(|(_, a)| matches!(a, Action::Sell(..)));
        let fuel = evs.iter().any(|(_, a)| matches!(a, Action::Fuel(_)));
        let mut dx = 15.0;
        for (on, shape, col, class) in [
            (buys, Shape::Triangle, PALETTE[2], "buy"),
            (sells, Shape::TriangleDown, PALETTE[4], "sell"),
            (fuel, Shape::Square, PALETTE[0], "fuel"),
        ] {
            if on {
                marks.open_group(class, None);
                marks.marker(shape, x + dx, y - 12.0, 7.0, col, Some(&tip));
                marks.close_group();
                dx += 14.0;
            }
        }
    }
    if let (Some(first), Some(last)) = (states.first(), states.last()) {
        let (x, y) = draw::point(board, first.square);
        marks.open_group("start", None);
        marks.marker(
            Shape::Star,
            x - 14.0,
            y - 14.0,
            9.0,
            PALETTE[6],
            Some(&format!("start: square {}", board.ids[first.square])),
        );
        marks.close_group();
        let (x, y) = draw::point(board, last.square);
        marks.open_group("end", None);
        marks.marker(
            Shape::Diamond,
            x - 14.0,
            y + 14.0,
            8.0,
            PALETTE[5],
            Some(&format!(
                "end: square {}, £{}",
                board.ids[last.square],
                money(last.cash)
            )),
        );
        marks.close_group();
    }
    overlay.push_str(&marks.into_body());
    let board_svg = draw::svg_with(board, &overlay);
    let (bw, bh) = draw::size(board);
    let width = bw.max(820.0);
    let chart_h = 240.0;
    let end = l.replay.last();
    let title = format!(
        "Traveller, board {}, {} steps from square {}: £{} ({})",
        l.variant.board,
        l.plan.len(),
        l.variant.start,
        money(end.cash),
        crate::render::verdict_in(env, super::render::UNITS)
    );
    let head = 60.0;
    let mut s = Svg::new(width, head + bh + 2.0 * chart_h + 20.0, &title);
    s.heading(&title, "Black line: the route. Marks beside a square: ▲ buys, ▼ sells, ■ buys fuel; ★ start, ◆ end (hover for the steps).");
    s.open_group("board", None);
    s.raw(&board_svg.replacen("<svg ", &format!("<svg x=\"0\" y=\"{head}\" "), 1));
    s.close_group();
    let steps: Vec<String> = (0..states.len()).map(|i| i.to_string()).collect();
    let cash = [Series {
        name: "cash (£)".into(),
        values: states.iter().map(|s| s.cash).collect(),
    }];
    let fr = Frame {
        x: 10.0,
        y: head + bh,
        width: width - 20.0,
        height: chart_h - 10.0,
        title: "Cash after each step",
        class: "cash",
        y_label: "£",
    };
    svg::line_chart(&mut s, &fr, &steps, &cash, &[]);
    let load = [Series {
        name: "load (cu ft)".into(),
        values: states.iter().map(|s| s.load(board)).collect(),
    }];
    let fr = Frame {
        y: head + bh + chart_h,
        title: "Load after each step",
        class: "load",
        y_label: "cu ft",
        ..fr
    };
    svg::line_chart(&mut s, &fr, &steps, &load, &[]);
    Ok(s.finish())
}
