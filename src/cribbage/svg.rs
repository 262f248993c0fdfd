//! Pictures of cribbage episodes: a hand and its start card with every scoring
//! combination drawn out as its own row of cards (`score`, `max`); the keeps of a deal as
//! bars of exact expected value (`discard`); histograms of a distribution or of the best
//! keep's value over all deals (`distribution`, `discard-table`).

use anyhow::{bail, Result};

use super::analysis::{Distribution, Role};
use super::engine::{Breakdown, Kind};
use super::episode::{DiscardPayload, MaxPayload, ScorePayload};
use super::rules::{show, Card};
use super::table::DiscardTable;
use crate::episode::Envelope;
use crate::svg::{self, Anchor, Frame, Series, Svg, PALETTE};

pub fn svg(env: &Envelope) -> Result<String> {
    match env.objective.as_str() {
        "score" => {
            let p: ScorePayload = env.payload_as()?;
            let title = format!(
                "Cribbage hand {} with start {}: {} points",
                show(&p.hand),
                p.start,
                p.breakdown.total
            );
            Ok(hand_picture(&title, &p.hand, p.start, &p.breakdown))
        }
        "max" => {
            let p: MaxPayload = env.payload_as()?;
            let title = format!(
                "Cribbage maximum ({}): {} with start {}, {} points",
                p.query.describe(),
                show(&p.hand),
                p.start,
                p.score
            );
            Ok(hand_picture(&title, &p.hand, p.start, &p.breakdown))
        }
        "discard" => Ok(discard(&env.payload_as()?)),
        "distribution" => Ok(distribution(&env.payload_as()?)),
        "discard-table" => Ok(discard_table(&env.payload_as()?)),
        o => bail!("cribbage episode has unknown objective `{o}`"),
    }
}

const SUITS: [&str; 4] = ["♣", "♦", "♥", "♠"];
const RANKS: [&str; 13] = [
    "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K",
];

/// Suit colours of a four-colour deck (clubs green, diamonds blue, hearts vermillion,
/// spades black): the suit symbol is printed too.
fn suit_colour(suit: u8) -> &'static str {
    [PALETTE[2], PALETTE[4], PALETTE[5], PALETTE[7]][suit as usize % 4]
}

/// A playing card of width `w` with its top-left corner at (x, y).
fn card(s: &mut Svg, x: f64, y: f64, w: f64, c: Card, class: &str) {
    let h = w * 1.4;
    let col = suit_colour(c.suit());
    s.open_group(class, Some(&c.to_string()));
    s.rect(x, y, w, h, "#ffffff", col, None);
    s.rect(x + 2.0, y + 2.0, w - 4.0, h - 4.0, "none", col, None);
    let attrs = format!(r#"fill="{col}" font-weight="bold""#);
    let label = format!(
        "{}{}",
        RANKS[c.rank() as usize % 13],
        SUITS[c.suit() as usize % 4]
    );
    s.text_styled(
        x + w / 2.0,
        y + h * 0.62,
        w * 0.36,
        Anchor::Middle,
        &attrs,
        &label,
    );
    s.close_group();
}

fn kind_name(kind: Kind, points: u32) -> String {
    match kind {
        Kind::Fifteen => "fifteen".into(),
        Kind::Pair => "pair".into(),
        Kind::Run => format!("run of {points}"),
        Kind::Flush => format!("flush of {points}"),
        Kind::Nob => "his nob".into(),
    }
}

/// The hand, the start card, then one row per scoring item: its name, its cards, its points.
fn hand_picture(title: &str, hand: &[Card], start: Card, b: &Breakdown) -> String {
    let big = 56.0;
    let small = 30.0;
    let row_h = small * 1.4 + 10.0;
    let width = 640.0;
    let top = 130.0;
    let height = top + 40.0 + row_h * b.items.len() as f64 + 40.0;
    let mut s = Svg::new(width, height, title);
    s.text_styled(
        20.0,
        24.0,
        15.0,
        Anchor::Start,
        r#"font-weight="bold""#,
        title,
    );
    s.text(20.0, 46.0, 11.0, Anchor::Start, "hand");
    for (i, &c) in hand.iter().enumerate() {
        card(
            &mut s,
            20.0 + (big + 8.0) * i as f64,
            52.0,
            big,
            c,
            "hand-card",
        );
    }
    let sx = 20.0 + (big + 8.0) * hand.len() as f64 + 24.0;
    s.text(sx, 46.0, 11.0, Anchor::Start, "start card");
    card(&mut s, sx, 52.0, big, start, "start-card");
    let head = top + 20.0;
    s.text_styled(
        20.0,
        head,
        12.0,
        Anchor::Start,
        r#"font-weight="bold""#,
        "scoring combination",
    );
    s.text_styled(
        width - 30.0,
        head,
        12.0,
        Anchor::End,
        r#"font-weight="bold""#,
        "points",
    );
    for (i, item) in b.items.iter().enumerate() {
        let y = head + 12.0 + row_h * i as f64;
        s.open_group(
            "item",
            Some(&format!(
                "{} {}: {}",
                kind_name(item.kind, item.points),
                show(&item.cards),
                item.points
            )),
        );
        if i % 2 == 0 {
            s.rect(14.0, y - 4.0, width - 28.0, row_h, "#f3f3f3", "none", None);
        }
        s.text(
            20.0,
            y + 26.0,
            13.0,
            Anchor::Start,
            &kind_name(item.kind, item.points),
        );
        for (k, &c) in item.cards.iter().enumerate() {
            card(
                &mut s,
                130.0 + (small + 5.0) * k as f64,
                y,
                small,
                c,
                "item-card",
            );
        }
        s.text_styled(
            width - 30.0,
            y + 26.0,
            14.0,
            Anchor::End,
            r#"class="points" font-weight="bold""#,
            &item.points.to_string(),
        );
        s.close_group();
    }
    let y = head + 12.0 + row_h * b.items.len() as f64 + 20.0;
    s.text_styled(
        width - 30.0,
        y,
        15.0,
        Anchor::End,
        r#"class="total" font-weight="bold""#,
        &format!("total {}", b.total),
    );
    s.finish()
}

fn discard(p: &DiscardPayload) -> String {
    let title = format!(
        "Cribbage discard from {}: every keep by exact expected value",
        show(&p.dealt)
    );
    let labels: Vec<String> = p.keeps.iter().map(|k| show(&k.keep)).collect();
    let mut series = vec![Series {
        name: "hand".into(),
        values: p.keeps.iter().map(|k| k.hand.to_f64()).collect(),
    }];
    if p.role != Role::None {
        let sign = if p.role == Role::Pone { -1.0 } else { 1.0 };
        series.push(Series {
            name: if p.role == Role::Pone {
                "− their crib"
            } else {
                "+ own crib"
            }
            .into(),
            values: p
                .keeps
                .iter()
                .map(|k| sign * k.crib.map_or(0.0, |c| c.to_f64()))
                .collect(),
        });
        series.push(Series {
            name: "total".into(),
            values: p.keeps.iter().map(|k| k.total.to_f64()).collect(),
        });
    }
    let width = (140.0 + 60.0 * labels.len() as f64).max(640.0);
    let mut s = Svg::new(width, 470.0, &title);
    let fr = Frame {
        x: 10.0,
        y: 10.0,
        width: width - 20.0,
        height: 450.0,
        title: &title,
        class: "keeps",
        y_label: "expected points",
    };
    svg::bar_chart(&mut s, &fr, &labels, &series, true);
    s.finish()
}

/// A histogram of shares (percent) over integer labels starting at `from`.
fn histogram(title: &str, class: &str, from: i64, counts: &[u64], total: u64) -> String {
    let labels: Vec<String> = (0..counts.len())
        .map(|i| (from + i as i64).to_string())
        .collect();
    let series = [Series {
        name: "share".into(),
        values: counts
            .iter()
            .map(|&n| 100.0 * n as f64 / total.max(1) as f64)
            .collect(),
    }];
    let mut s = Svg::new(900.0, 380.0, title);
    let fr = Frame {
        x: 10.0,
        y: 10.0,
        width: 880.0,
        height: 360.0,
        title,
        class,
        y_label: "share (%)",
    };
    svg::bar_chart(&mut s, &fr, &labels, &series, false);
    s.finish()
}

fn distribution(d: &Distribution) -> String {
    let title = format!(
        "Cribbage: {} scores over all {} ({}, start) pairs, mean {}",
        if d.crib { "crib" } else { "hand" },
        d.pairs,
        if d.crib { "crib" } else { "hand" },
        d.mean.decimal(4)
    );
    histogram(&title, "distribution", 0, &d.counts, d.pairs)
}

fn discard_table(t: &DiscardTable) -> String {
    let last = t.hist.iter().rposition(|&n| n > 0).unwrap_or(0);
    let what = match t.role {
        Role::None => "hand",
        Role::Dealer => "hand + own crib",
        Role::Pone => "hand − their crib",
    };
    let title = format!(
        "Cribbage: the best keep's expected {what} over all {} deals (bars: [k, k+1)), mean {}",
        t.deals,
        t.mean.decimal(4)
    );
    histogram(
        &title,
        "discard-table",
        t.hist_from,
        &t.hist[..=last],
        t.deals,
    )
}
