//! The picture of a Haggle episode: each hand as five coloured stacks (yellow, blue, red,
//! orange, white, with the colour's letter and count printed) beside a waterfall of its
//! score: the card values first, then every rule's contribution, to the final score.
//! `goal` draws the goal hand; `simulate` the hands handed in at the end, scored with
//! every rule in play.

use anyhow::{bail, Result};

use super::engine::{self, HandScore};
use super::episode::{BoundPayload, GoalPayload, ScorePayload};
use super::player::Simulation;
use super::rules::{Hand, Variant};
use crate::episode::Envelope;
use crate::svg::{tick_label, ticks, Anchor, Svg, PALETTE};

const LETTERS: [&str; 5] = ["Y", "B", "R", "O", "W"];

fn card_fill(colour: usize) -> &'static str {
    [PALETTE[3], PALETTE[4], PALETTE[5], PALETTE[0], "#ffffff"][colour % 5]
}

/// The hands to draw, with a label each, and a line saying what they are.
fn hands_of(env: &Envelope) -> Result<(String, Vec<(String, HandScore)>)> {
    let v: Variant = serde_json::from_value(env.variant.clone())
        .map_err(|e| anyhow::anyhow!("haggle episode has a malformed variant: {e}"))?;
    let label = |i: usize| format!("hand {}", i + 1);
    Ok(match env.objective.as_str() {
        "score" => {
            let p: ScorePayload = env.payload_as()?;
            let hs = p
                .scores
                .into_iter()
                .enumerate()
                .map(|(i, s)| (label(i), s))
                .collect();
            (format!("Haggle: hands scored under rules {}", p.rules), hs)
        }
        "max-player" | "max-total" => {
            let p: BoundPayload = env.payload_as()?;
            let hs = p
                .scores
                .into_iter()
                .enumerate()
                .map(|(i, s)| (label(i), s))
                .collect();
            let what = if env.objective == "max-player" {
                "the best hand"
            } else {
                "the best total"
            };
            (
                format!(
                    "Haggle, {} players: {what} ({})",
                    p.players,
                    crate::render::verdict(env)
                ),
                hs,
            )
        }
        "goal" => {
            let p: GoalPayload = env.payload_as()?;
            let mut all = vec![p.goal];
            all.extend_from_slice(p.others.as_deref().unwrap_or(&[]));
            let s = engine::score(&all, v.rules, &v)?.swap_remove(0);
            (
                format!(
                    "Haggle goal for {} knowing rules {}: {} (believed {}, true score {})",
                    p.hand, p.known, p.goal, p.believed, p.true_score
                ),
                vec![("goal hand".to_string(), s)],
            )
        }
        "simulate" => {
            let sim: Simulation = env.payload_as()?;
            let Some(last) = sim.rounds.last() else {
                bail!("the haggle simulation has no rounds");
            };
            let handed: Vec<Hand> = last.table.iter().map(|r| r.handed_in).collect();
            let scores = engine::score(&handed, v.rules, &v)?;
            let hs = scores
                .into_iter()
                .enumerate()
                .map(|(p, s)| (format!("player {}", p + 1), s))
                .collect();
            (
                format!(
                    "Haggle, {} players, seed {}: the hands handed in after {} rounds, every rule in play",
                    sim.players,
                    sim.seed,
                    sim.rounds.len()
                ),
                hs,
            )
        }
        o => bail!("haggle episode has objective `{o}`"),
    })
}

fn rule_name(r: u8) -> String {
    if r == 0 {
        "card values".into()
    } else {
        format!("rule {r}")
    }
}

const STACKS_W: f64 = 190.0;
const LINE: f64 = 17.0;

pub fn svg(env: &Envelope) -> Result<String> {
    let (title, hands) = hands_of(env)?;
    // One scale for every waterfall: from the lowest running total to the highest.
    let (mut lo, mut hi) = (0i64, 0i64);
    for (_, h) in &hands {
        let mut acc = 0;
        for p in &h.parts {
            acc += p.points;
            lo = lo.min(acc);
            hi = hi.max(acc);
        }
    }
    let tk = ticks(lo as f64, hi as f64, 6);
    let (lo, hi) = (tk[0], *tk.last().unwrap_or(&1.0));
    let width = 900.0;
    let (wx, ww) = (STACKS_W + 170.0, width - STACKS_W - 170.0 - 60.0);
    let sx = |v: f64| wx + ww * (v - lo) / (hi - lo).max(1.0);
    let row_h = |h: &HandScore| (LINE * (h.parts.len() + 1) as f64).max(76.0) + 20.0;
    let height = 90.0 + hands.iter().map(|(_, h)| row_h(h)).sum::<f64>() + 30.0;
    let mut s = Svg::new(width, height, &title);
    s.heading(&title, "Stacks: cards of each colour (Y yellow, B blue, R red, O orange, W white). Bars: the score built up rule by rule (green adds, vermillion takes away).");
    let axis_y = 66.0;
    for t in &tk {
        s.line(sx(*t), axis_y, sx(*t), height - 20.0, "#e4e4e4", 1.0, "");
        s.text(sx(*t), axis_y - 4.0, 10.0, Anchor::Middle, &tick_label(*t));
    }
    let mut y = 80.0;
    for (label, h) in &hands {
        let rh = row_h(h);
        hand_row(&mut s, label, h, y, &sx);
        y += rh;
        s.line(20.0, y - 8.0, width - 20.0, y - 8.0, "#cccccc", 1.0, "");
    }
    Ok(s.finish())
}

fn hand_row(s: &mut Svg, label: &str, h: &HandScore, y: f64, sx: &dyn Fn(f64) -> f64) {
    s.open_group(
        "hand",
        Some(&format!("{label}: {} scores {}", h.hand, h.total)),
    );
    s.text_styled(
        20.0,
        y + 12.0,
        13.0,
        Anchor::Start,
        r#"font-weight="bold""#,
        label,
    );
    for (c, &count) in h.hand.0.iter().enumerate() {
        let n = count as usize;
        let x = 20.0 + 34.0 * c as f64;
        for k in 0..n.min(12) {
            let cy = y + 64.0 - 4.5 * k as f64;
            s.rect(x, cy, 28.0, 10.0, card_fill(c), "#333", None);
        }
        // The count sits under its stack, on the white page.
        s.text_styled(
            x + 14.0,
            y + 73.0 + 10.0,
            11.0,
            Anchor::Middle,
            r#"class="count" font-weight="bold""#,
            &format!("{}{n}", LETTERS[c]),
        );
    }
    let mut acc = 0i64;
    for (i, p) in h.parts.iter().enumerate() {
        let ly = y + LINE * i as f64;
        let (a, b) = (acc as f64, (acc + p.points) as f64);
        let col = if p.points >= 0 {
            PALETTE[2]
        } else {
            PALETTE[5]
        };
        let tip = format!("{}: {:+}", rule_name(p.rule), p.points);
        s.rect(
            sx(a.min(b)),
            ly + 2.0,
            (sx(b) - sx(a)).abs().max(1.0),
            LINE - 4.0,
            col,
            "#222",
            Some(&tip),
        );
        s.text(
            STACKS_W + 10.0,
            ly + 13.0,
            11.0,
            Anchor::Start,
            &rule_name(p.rule),
        );
        s.text_styled(
            STACKS_W + 160.0,
            ly + 13.0,
            11.0,
            Anchor::End,
            r#"class="part""#,
            &format!("{:+}", p.points),
        );
        if i > 0 {
            s.line(sx(a), ly - 2.0, sx(a), ly + 2.0, "#222", 1.0, "");
        }
        acc += p.points;
    }
    let ly = y + LINE * h.parts.len() as f64;
    let (total, what) = if h.eliminated {
        (0, "score (eliminated by rule 9)".to_string())
    } else {
        (h.total, "score".to_string())
    };
    s.rect(
        sx(0f64.min(total as f64)),
        ly + 2.0,
        (sx(total as f64) - sx(0.0)).abs().max(1.0),
        LINE - 4.0,
        PALETTE[4],
        "#222",
        None,
    );
    s.text_styled(
        STACKS_W + 10.0,
        ly + 13.0,
        11.0,
        Anchor::Start,
        r#"font-weight="bold""#,
        &what,
    );
    s.text_styled(
        STACKS_W + 160.0,
        ly + 13.0,
        12.0,
        Anchor::End,
        r#"class="total" font-weight="bold""#,
        &total.to_string(),
    );
    s.close_group();
}
