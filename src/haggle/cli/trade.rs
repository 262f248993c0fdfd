//! `haggle trade`: players given on the command line, one trade judged or every trade
//! both would accept listed.

use super::*;

/// `haggle trade`: judge one trade (both --offer and --request given) or list the
/// trades both players would accept (neither given).
pub(super) fn run_trade(
    player: String,
    other: Option<String>,
    (offer, request): (Option<String>, Option<String>),
    players: usize,
    limit: usize,
    variant: &VariantArgs,
    common: &Common,
) -> Result<()> {
    let v = variant.resolve()?;
    check_players(players)?;
    let opts = common.solve_options();
    let a = parse_player(&player, players, &v, &opts).context("--player")?;
    let b = other
        .map(|o| parse_player(&o, players, &v, &opts).context("--other"))
        .transpose()?;
    match (offer, request) {
        (Some(o), Some(r)) => judge(common, &a, b.as_ref(), &o, &r),
        (None, None) => {
            let b = b.ok_or_else(|| {
                anyhow!("listing trades needs --other KNOWN:HAND[:GOAL] (or give --offer and --request to judge one)")
            })?;
            list(common, &a, &b, limit)
        }
        _ => bail!("give both --offer (cards received) and --request (cards given), or neither"),
    }
}

/// A player given on the command line.
pub struct Cmd {
    pub known: RuleSet,
    pub hand: Hand,
    pub goal: Hand,
}

/// A hand or goal the deck of `players` can hold: 2N cards of each colour at most.
fn in_deck(h: Hand, players: usize, what: &str) -> Result<Hand> {
    let cap = (2 * players).min(u8::MAX as usize) as u8;
    if let Some(i) = (0..5).find(|&i| h.0[i] > cap) {
        bail!(
            "{what} {h}: {} {} cards, but {players} players' deck has {cap} of each colour",
            h.0[i],
            rules::COLOURS[i]
        );
    }
    Ok(h)
}

fn parse_player(s: &str, players: usize, v: &Variant, opts: &SolveOptions) -> Result<Cmd> {
    let parts: Vec<&str> = s.split(':').collect();
    if !(2..=3).contains(&parts.len()) {
        bail!("`{s}` must be KNOWN:HAND or KNOWN:HAND:GOAL, e.g. 1,3:3/1/3/3/2");
    }
    let known = RuleSet::parse(parts[0])?;
    let hand = in_deck(Hand::parse(parts[1])?, players, "hand")?;
    let goal = match parts.get(2) {
        Some(g) => in_deck(Hand::parse(g)?, players, "goal")?,
        None => {
            let quiet = SolveOptions {
                quiet: true,
                ..opts.clone()
            };
            player::goal(known, &hand, players, None, v, &quiet)?.goal
        }
    };
    Ok(Cmd { known, hand, goal })
}

fn judge(common: &Common, a: &Cmd, b: Option<&Cmd>, offer: &str, request: &str) -> Result<()> {
    let offer = Hand::parse(offer).context("--offer")?;
    let request = Hand::parse(request).context("--request")?;
    let a_ok = engine::accepts(&a.hand, &a.goal, &offer, &request);
    let b_ok = b.map(|b| engine::accepts(&b.hand, &b.goal, &request, &offer));
    let why = |c: &Cmd, offer: &Hand, request: &Hand| -> String {
        let s = engine::surplus(&c.hand, &c.goal);
        let l = engine::lack(&c.hand, &c.goal);
        format!(
            "goal {}, surplus {s}, lack {l}: gives {request} ({}), receives {offer} ({})",
            c.goal,
            if request.within(&s) {
                "all surplus"
            } else {
                "not all surplus"
            },
            if offer.within(&l) {
                "all lacked".to_string()
            } else if offer.total() >= request.total() {
                "at least as many cards".to_string()
            } else {
                "fewer cards, not all lacked".to_string()
            }
        )
    };
    if common.json {
        return common.print_json(&serde_json::json!({
            "player": {"goal": a.goal, "accepts": a_ok},
            "other": b.map(|b| serde_json::json!({"goal": b.goal, "accepts": b_ok})),
        }));
    }
    let mut rows = vec![(
        "player",
        format!(
            "{} — {}",
            if a_ok { "accepts" } else { "rejects" },
            why(a, &offer, &request)
        ),
    )];
    if let (Some(b), Some(ok)) = (b, b_ok) {
        rows.push((
            "other",
            format!(
                "{} — {}",
                if ok { "accepts" } else { "rejects" },
                why(b, &request, &offer)
            ),
        ));
    }
    println!("{}", crate::render::kv_table(rows));
    Ok(())
}

fn list(common: &Common, a: &Cmd, b: &Cmd, limit: usize) -> Result<()> {
    let started = Instant::now();
    let deadline = common
        .time_limit
        .map(|s| started + std::time::Duration::from_secs_f64(s));
    let (trades, stopped) =
        engine::acceptable_trades_until((&a.hand, &a.goal), (&b.hand, &b.goal), deadline);
    let ms = started.elapsed().as_secs_f64() * 1e3;
    if stopped {
        eprintln!(
            "haggle trade: --time-limit reached after {ms:.0} ms; listing the {} acceptable \
             trades found so far (not all)",
            trades.len()
        );
    }
    if common.json {
        return common.print_json(&serde_json::json!({
            "player": {"known": a.known, "hand": a.hand, "goal": a.goal},
            "other": {"known": b.known, "hand": b.hand, "goal": b.goal},
            "trades": trades,
            "milliseconds": ms,
        }));
    }
    println!(
        "{}\n",
        crate::render::table(
            ["", "rules", "hand", "goal", "surplus", "lack"],
            [("player", a), ("other", b)].iter().map(|(n, c)| vec![
                n.to_string(),
                c.known.to_string(),
                c.hand.to_string(),
                c.goal.to_string(),
                engine::surplus(&c.hand, &c.goal).to_string(),
                engine::lack(&c.hand, &c.goal).to_string(),
            ])
        )
    );
    println!(
        "{} acceptable trades (listed in {ms:.2} ms), best first:\n",
        trades.len()
    );
    println!(
        "{}",
        crate::render::table(
            [
                "#",
                "player gives",
                "other gives",
                "player gain",
                "other gain"
            ],
            trades.iter().take(limit).enumerate().map(|(i, t)| vec![
                (i + 1).to_string(),
                t.a_gives.to_string(),
                t.b_gives.to_string(),
                t.gain_a.to_string(),
                t.gain_b.to_string(),
            ])
        )
    );
    Ok(())
}
