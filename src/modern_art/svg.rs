//! The picture of a Modern Art episode: the board when each round closes (players ×
//! artists, every displayed card in its seat's stack, marked by its symbol; the count,
//! place and value paid under each artist; each seat's round score) and two charts: each
//! artist's value points and each player's cumulative score over the rounds.
//!
//! The counts come from the referee's replay (the episode's summaries are checked against
//! it by `verify`); the symbols on the cards come from the game record, turn by turn.

use anyhow::{anyhow, Result};

use super::engine::{self, RoundSummary};
use super::episode::Payload;
use super::record::{Card, RoundRecord};
use super::rules::{Config, Symbol};
use crate::episode::Envelope;
use crate::svg::{self, colour, Anchor, Frame, Series, Svg};

/// How a card reached the display.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shown {
    FaceUp,
    Hidden,
    EndPlay,
}

/// `[seat][artist]`: the cards each seat displayed in a round, in play order.
pub type Displays = Vec<Vec<Vec<(Card, Shown)>>>;

/// The [`Displays`] of one round, from its record.
pub fn displays(rr: &RoundRecord, players: usize, artists: usize) -> Displays {
    let mut d = vec![vec![Vec::new(); artists]; players];
    let mut put = |seat: usize, c: Card, how: Shown| {
        if let Some(cell) = d.get_mut(seat).and_then(|r| r.get_mut(c.artist)) {
            cell.push((c, how));
        }
    };
    for t in &rr.turns {
        put(t.player, t.card, Shown::FaceUp);
        if let Some(c) = t.second {
            let how = if t.card.symbol == Symbol::Hidden {
                Shown::Hidden
            } else {
                Shown::FaceUp
            };
            put(t.player, c, how);
        }
        for (seat, c) in t.simultaneous.iter().enumerate() {
            if let Some(c) = c {
                put(seat, *c, Shown::FaceUp);
            }
        }
    }
    for (seat, cards) in rr.end_play.iter().enumerate() {
        for &c in cards {
            put(seat, c, Shown::EndPlay);
        }
    }
    d
}

/// The letter on a card for its symbol (the legend spells them out).
fn symbol_mark(s: Symbol) -> &'static str {
    match s {
        Symbol::Plain => "",
        Symbol::Draw => "D",
        Symbol::Double => "2",
        Symbol::Hidden => "H",
        Symbol::Simultaneous => "S",
        Symbol::Award => "A",
    }
}

const CARD_W: f64 = 40.0;
const CARD_H: f64 = 15.0;
/// Vertical offset between cards of a stack (a pixel apart: every mark stays visible).
const STEP: f64 = 16.0;
const COL_W: f64 = 64.0;
const LABEL_W: f64 = 52.0;
const SCORE_W: f64 = 64.0;
const ROW_PAD: f64 = 10.0;

fn card(svg: &mut Svg, x: f64, y: f64, c: Card, how: Shown, name: &str) {
    let fill = colour(c.artist);
    let (fill, ink, stroke) = match how {
        Shown::Hidden => ("#bbbbbb", "#000000", fill),
        _ => (fill, svg::ink_on(fill), "#222222"),
    };
    let how_text = match how {
        Shown::FaceUp => "face up",
        Shown::Hidden => "hidden (face down until the round ends)",
        Shown::EndPlay => "added in the end play",
    };
    let tip = format!("{name}: {how_text}");
    svg.rect(x, y, CARD_W, CARD_H, fill, stroke, Some(&tip));
    if how == Shown::Hidden {
        svg.rect(
            x + 2.0,
            y + 2.0,
            CARD_W - 4.0,
            CARD_H - 4.0,
            "none",
            stroke,
            None,
        );
    }
    let mut mark = symbol_mark(c.symbol).to_string();
    if how == Shown::EndPlay {
        mark = format!("e{mark}");
    }
    if !mark.is_empty() {
        let attrs = format!(r#"font-weight="bold" fill="{ink}""#);
        svg.text_styled(
            x + CARD_W / 2.0,
            y + 11.5,
            11.0,
            Anchor::Middle,
            &attrs,
            &mark,
        );
    }
}

/// Height of a seat's row holding stacks of at most `tallest` cards.
fn row_height(tallest: usize) -> f64 {
    CARD_H + STEP * tallest.max(1).saturating_sub(1) as f64 + ROW_PAD
}

/// Height of one round board with these seat rows.
fn board_height(rows: &[f64]) -> f64 {
    50.0 + rows.iter().sum::<f64>() + 4.0 * 16.0 + 10.0
}

/// Each seat's row height for boards drawn side by side: as tall as the seat's tallest
/// stack in any of them.
fn seat_rows(shown: &[Displays], players: usize) -> Vec<f64> {
    (0..players)
        .map(|p| {
            let tallest = shown
                .iter()
                .filter_map(|round| round.get(p))
                .flatten()
                .map(Vec::len)
                .max()
                .unwrap_or(1);
            row_height(tallest)
        })
        .collect()
}

fn board_width(artists: usize) -> f64 {
    LABEL_W + artists as f64 * COL_W + SCORE_W
}

/// One round's board with its top-left corner at (x, y).
#[allow(clippy::too_many_arguments)]
fn round_board(
    svg: &mut Svg,
    cfg: &Config,
    r: usize,
    sum: &RoundSummary,
    shown: &[Vec<Vec<(Card, Shown)>>],
    focus: Option<usize>,
    rows: &[f64],
    (x, y): (f64, f64),
) {
    let (n, a) = (cfg.players, cfg.artists());
    svg.open_group("round-board", Some(&format!("round {}", r + 1)));
    let closer = match sum.closer {
        Some(c) => format!("closed by P{}", c + 1),
        None => "hands ran out".into(),
    };
    svg.text_styled(
        x,
        y + 14.0,
        14.0,
        Anchor::Start,
        r#"font-weight="bold""#,
        &format!("Round {} — {closer}", r + 1),
    );
    let top = y + 24.0;
    for t in 0..a {
        let cx = x + LABEL_W + COL_W * t as f64;
        svg.rect(cx + 2.0, top, COL_W - 4.0, 16.0, colour(t), "#222", None);
        let attrs = format!(r#"fill="{}""#, svg::ink_on(colour(t)));
        svg.text_styled(
            cx + COL_W / 2.0,
            top + 12.0,
            10.0,
            Anchor::Middle,
            &attrs,
            cfg.artist_name(t),
        );
    }
    svg.text(
        x + LABEL_W + COL_W * a as f64 + SCORE_W / 2.0,
        top + 12.0,
        10.0,
        Anchor::Middle,
        "score",
    );
    let grid_top = top + 22.0;
    for p in 0..n {
        let ry = grid_top + rows[..p].iter().sum::<f64>();
        if p % 2 == 1 {
            svg.rect(
                x,
                ry - 3.0,
                board_width(a),
                rows[p],
                "#f3f3f3",
                "none",
                None,
            );
        }
        let label = if focus == Some(p) {
            format!("P{} ★", p + 1)
        } else {
            format!("P{}", p + 1)
        };
        svg.text_styled(
            x + 4.0,
            ry + 13.0,
            12.0,
            Anchor::Start,
            r#"font-weight="bold""#,
            &label,
        );
        for (t, cell) in shown
            .get(p)
            .map(|v| v.as_slice())
            .unwrap_or(&[])
            .iter()
            .enumerate()
        {
            let cx = x + LABEL_W + COL_W * t as f64 + (COL_W - CARD_W) / 2.0;
            for (k, &(c, how)) in cell.iter().enumerate() {
                card(
                    svg,
                    cx,
                    ry + STEP * k as f64,
                    c,
                    how,
                    &engine::card_name(cfg, c),
                );
            }
        }
        let score = sum.scores.get(p).copied().unwrap_or(0);
        svg.text_styled(
            x + LABEL_W + COL_W * a as f64 + SCORE_W / 2.0,
            ry + 13.0,
            13.0,
            Anchor::Middle,
            r#"class="round-score" font-weight="bold""#,
            &score.to_string(),
        );
    }
    let foot = grid_top + rows.iter().sum::<f64>() + 4.0;
    for (i, label) in FOOT.iter().enumerate() {
        if *label == "extra" && sum.extra.is_none() {
            continue;
        }
        let ry = foot + 16.0 * i as f64 + 12.0;
        svg.text(x + 4.0, ry, 11.0, Anchor::Start, label);
        for t in 0..a {
            let attrs = if *label == "paid" {
                r#"class="paid" font-weight="bold""#
            } else {
                ""
            };
            svg.text_styled(
                x + LABEL_W + COL_W * (t as f64 + 0.5),
                ry,
                11.0,
                Anchor::Middle,
                attrs,
                &foot_cell(sum, label, t),
            );
        }
    }
    svg.close_group();
}

/// The rows under a round board, one cell per artist.
const FOOT: [&str; 4] = ["cards", "place", "paid", "extra"];

fn foot_cell(sum: &RoundSummary, row: &str, t: usize) -> String {
    match row {
        "cards" => sum.counts.get(t).copied().unwrap_or(0).to_string(),
        "place" => match sum.ranking.iter().position(|&x| x == t) {
            Some(i) => ["1st", "2nd", "3rd", "4th", "5th"]
                .get(i)
                .copied()
                .unwrap_or("ranked")
                .to_string(),
            None => "–".into(),
        },
        "paid" => sum.paid.get(t).copied().unwrap_or(0).to_string(),
        _ => match sum.extra {
            Some(c) if c.artist == t => "+1".into(),
            _ => String::new(),
        },
    }
}

fn legend(svg: &mut Svg, x: f64, y: f64) {
    svg.open_group("legend", None);
    svg.text(
        x,
        y,
        11.0,
        Anchor::Start,
        "Cards are coloured by artist and stacked per seat in play order. Symbols: D draw, 2 double, \
         H hidden, S simultaneous, A award.",
    );
    svg.text(
        x,
        y + 15.0,
        11.0,
        Anchor::Start,
        "Grey cards were played face down (a hidden symbol's second card); e: added in the end play; \
         ★ the seat whose score is maximised.",
    );
    svg.close_group();
}

pub fn svg(env: &Envelope) -> Result<String> {
    let cfg = Config::from_value(&env.variant)?;
    let payload: Payload = env.payload_as()?;
    let outcome = engine::replay(&cfg, &payload.record)
        .map_err(|v| anyhow!("the referee rejects the episode's game: {v}"))?;
    let (n, a) = (cfg.players, cfg.artists());
    let shown: Vec<_> = payload
        .record
        .rounds
        .iter()
        .map(|rr| displays(rr, n, a))
        .collect();
    let per_row = 2;
    let rounds = outcome.rounds.len();
    // Seat rows and board heights per line of boards.
    let lines: Vec<Vec<f64>> = shown.chunks(per_row).map(|c| seat_rows(c, n)).collect();
    let heights: Vec<f64> = lines.iter().map(|rows| board_height(rows)).collect();
    let bw = board_width(a);
    let width = 20.0 + per_row as f64 * (bw + 30.0);
    let chart_h = 300.0;
    let head = 72.0;
    let boards_h: f64 = heights.iter().sum();
    let height = head + boards_h + 2.0 * chart_h + 60.0;
    let scores: Vec<String> = outcome
        .scores
        .iter()
        .enumerate()
        .map(|(p, s)| format!("P{} {s}", p + 1))
        .collect();
    let mut title = format!(
        "Modern Art, {} players ({}): final scores {}",
        n,
        cfg.variant.name,
        scores.join(", ")
    );
    // A game not proven best says so: "best found …, bound …, gap … (not proven)".
    if env.status != crate::lp::Status::Optimal {
        let units = super::render::units(env);
        title.push_str(&format!(" — {}", crate::render::verdict_in(env, units)));
    }
    let mut s = Svg::new(width, height, &title);
    s.text_styled(
        20.0,
        24.0,
        17.0,
        Anchor::Start,
        r#"font-weight="bold""#,
        &title,
    );
    legend(&mut s, 20.0, 44.0);
    for (r, sum) in outcome.rounds.iter().enumerate() {
        let (col, row) = (r % per_row, r / per_row);
        let origin = (
            20.0 + col as f64 * (bw + 30.0),
            head + heights[..row].iter().sum::<f64>(),
        );
        round_board(
            &mut s,
            &cfg,
            r,
            sum,
            &shown[r],
            payload.player,
            &lines[row],
            origin,
        );
    }
    let top = head + boards_h + 10.0;
    let rounds_axis: Vec<String> = (1..=rounds).map(|r| format!("round {r}")).collect();
    let artists: Vec<Series> = (0..a)
        .map(|t| Series {
            name: cfg.artist_name(t).to_string(),
            values: outcome
                .rounds
                .iter()
                .scan(0i64, |acc, r| {
                    *acc += r.points.get(t).copied().unwrap_or(0);
                    Some(*acc as f64)
                })
                .collect(),
        })
        .collect();
    let fr = Frame {
        x: 20.0,
        y: top,
        width: width - 40.0,
        height: chart_h - 20.0,
        title: "Each artist's value: value points gathered so far, after each round",
        class: "artist-values",
        y_label: "value points",
    };
    svg::line_chart(&mut s, &fr, &rounds_axis, &artists, &[]);
    let mut axis = vec!["start".to_string()];
    axis.extend(rounds_axis);
    let players: Vec<Series> = (0..n)
        .map(|p| Series {
            name: format!(
                "P{}{}",
                p + 1,
                if payload.player == Some(p) {
                    " ★"
                } else {
                    ""
                }
            ),
            values: std::iter::once(0.0)
                .chain(outcome.rounds.iter().scan(0i64, |acc, r| {
                    *acc += r.scores.get(p).copied().unwrap_or(0);
                    Some(*acc as f64)
                }))
                .collect(),
        })
        .collect();
    let fr = Frame {
        y: top + chart_h,
        title: "Each player's score, cumulative over the rounds",
        class: "player-scores",
        y_label: "score",
        ..fr
    };
    svg::line_chart(&mut s, &fr, &axis, &players, &[]);
    Ok(s.finish())
}
