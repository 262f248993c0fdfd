//! The picture of a Lost Cities episode: both players' expeditions at the end of the
//! round (the game's one round: for a bound, the round that reaches it), one column of
//! cards per colour in the order played, each column's score under it and each player's
//! total. The expeditions come from replaying the record with the referee.

use anyhow::{anyhow, Result};

use super::cards::Card;
use super::engine::{replay, Record};
use super::episode::BoundPayload;
use super::rules::Rules;
use crate::episode::Envelope;
use crate::svg::{ink_on, Anchor, Svg, PALETTE};

/// The expedition colours, by colour index: desert yellow, ocean blue, mountain grey,
/// jungle green, volcano vermillion, then purple (the colour's name is printed too).
fn fill(colour: u8) -> &'static str {
    [
        PALETTE[3], PALETTE[4], "#bbbbbb", PALETTE[2], PALETTE[5], PALETTE[6],
    ]
    .get(colour as usize)
    .copied()
    .unwrap_or(PALETTE[0])
}

const COL_W: f64 = 76.0;
const CARD_W: f64 = 60.0;
const CARD_H: f64 = 22.0;
const STEP: f64 = 19.0;

pub fn svg(env: &Envelope) -> Result<String> {
    let rules = Rules::parse(&env.variant.to_string(), "lost-cities episode `variant`")?;
    let p: BoundPayload = env.payload_as()?;
    let record = Record::from_text(&rules, &p.record)?;
    let state = replay(&rules, &record)?
        .map_err(|e| anyhow!("the referee rejects the episode's game: {e}"))?;
    let colours = rules.colour_count();
    let tallest: Vec<usize> = (0..2)
        .map(|pl| {
            (0..colours)
                .map(|c| state.expedition(pl, c as u8).len())
                .max()
                .unwrap_or(0)
                .max(1)
        })
        .collect();
    let panel_h = |pl: usize| 60.0 + CARD_H + STEP * (tallest[pl] - 1) as f64 + 40.0;
    let width = (40.0 + COL_W * colours as f64 + 120.0).max(760.0);
    let height = 70.0 + panel_h(0) + panel_h(1);
    let title = format!(
        "Lost Cities ({}), {}: player 1 scores {}, player 2 scores {}",
        rules.name,
        env.objective,
        state.score(0),
        state.score(1)
    );
    let mut s = Svg::new(width, height, &title);
    s.heading(&title, "Each column is an expedition in the order its cards were played (W = wager); its score is under it.");
    for (pl, &tall) in tallest.iter().enumerate() {
        let y0 = 60.0 + if pl == 0 { 0.0 } else { panel_h(0) };
        s.open_group("player", Some(&format!("player {}", pl + 1)));
        s.text_styled(
            20.0,
            y0 + 16.0,
            14.0,
            Anchor::Start,
            r#"font-weight="bold""#,
            &format!("Player {}", pl + 1),
        );
        for c in 0..colours {
            let cards = state.expedition(pl, c as u8);
            expedition(
                &mut s,
                &rules,
                c,
                cards,
                20.0 + COL_W * c as f64,
                y0 + 26.0,
                tall,
            );
        }
        let total = state.score(pl);
        s.text_styled(
            20.0 + COL_W * colours as f64 + 10.0,
            y0 + 50.0,
            15.0,
            Anchor::Start,
            r#"class="total" font-weight="bold""#,
            &format!("total {total}"),
        );
        s.close_group();
    }
    Ok(s.finish())
}

fn expedition(
    s: &mut Svg,
    rules: &Rules,
    c: usize,
    cards: &[Card],
    x: f64,
    y: f64,
    tallest: usize,
) {
    let col = fill(c as u8);
    let name = rules.colours.get(c).map(|k| k.name.as_str()).unwrap_or("?");
    let score = rules.expedition_score(cards);
    s.open_group(
        "expedition",
        Some(&format!("{name}: {} cards, {score} points", cards.len())),
    );
    s.text(x + CARD_W / 2.0, y + 12.0, 11.0, Anchor::Middle, name);
    let top = y + 18.0;
    if cards.is_empty() {
        s.rect(x, top, CARD_W, CARD_H, "none", "#999", None);
    }
    for (k, &card) in cards.iter().enumerate() {
        let cy = top + STEP * k as f64;
        s.rect(x, cy, CARD_W, CARD_H, col, "#222", Some(&card.show(rules)));
        let label = if card.is_wager() {
            "W".to_string()
        } else {
            card.rank.to_string()
        };
        let attrs = format!(r#"font-weight="bold" fill="{}""#, ink_on(col));
        s.text_styled(x + 8.0, cy + 15.0, 12.0, Anchor::Start, &attrs, &label);
    }
    let sy = top + CARD_H + STEP * (tallest - 1) as f64 + 20.0;
    s.text_styled(
        x + CARD_W / 2.0,
        sy,
        13.0,
        Anchor::Middle,
        r#"class="score" font-weight="bold""#,
        &if cards.is_empty() {
            "–".to_string()
        } else {
            score.to_string()
        },
    );
    s.close_group();
}
