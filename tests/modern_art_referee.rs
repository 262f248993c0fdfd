//! The Modern Art referee against the spec: the worked scoring case, a legal and an
//! illegal episode for every rule (the illegal one must be rejected with the right
//! message), random playthroughs, and the exhaustive search on hand-checkable miniatures.

mod common;

use common::{bin, modern_art_minis, root, run, run_ok, scratch, stderr, stdout};
use gamebounds::episode::Envelope;
use gamebounds::error::Rejected;
use gamebounds::modern_art::engine::{self, Action, State};
use gamebounds::modern_art::episode::{self, Payload};
use gamebounds::modern_art::record::{Card, Record, Turn};
use gamebounds::modern_art::rules::{Config, Symbol};
use gamebounds::modern_art::{search, verify};
use gamebounds::rng::Rng;

const LM: usize = 0;
const YO: usize = 1;
const CP: usize = 2;
const KG: usize = 3;
const KR: usize = 4;

fn cfg(file: &str, players: usize) -> Config {
    Config::load(&root().join("models/modern-art").join(file), None, players)
        .unwrap_or_else(|e| panic!("{file}: {e:#}"))
}

fn p(artist: usize) -> Card {
    Card::plain(artist)
}

fn s(artist: usize, symbol: Symbol) -> Card {
    Card::new(artist, symbol)
}

/// Deal actions, seat by seat.
fn deal(hands: &[&[Card]]) -> Vec<Action> {
    hands
        .iter()
        .flat_map(|h| h.iter().map(|&c| Action::Deal(c)))
        .collect()
}

/// Apply `actions`, then finish the game with the first legal action at every step.
fn game<'a>(cfg: &'a Config, actions: &[Action]) -> State<'a> {
    let mut st = State::new(cfg);
    for (i, &a) in actions.iter().enumerate() {
        st.apply_action(a)
            .unwrap_or_else(|m| panic!("action {i} {a:?} refused: {m}"));
    }
    while !st.is_terminal() {
        let a = st.legal_actions()[0];
        st.apply_action(a).unwrap();
    }
    st
}

fn envelope(cfg: &Config, st: &State) -> Envelope {
    episode::envelope(cfg, "max-player", Some(0), None, st.record().clone()).unwrap()
}

fn certified(env: &Envelope) -> String {
    verify(env).unwrap_or_else(|e| panic!("rejected: {e:#}"))
}

/// The envelope with its record edited (summaries left as they were).
fn with_record(env: &Envelope, edit: impl FnOnce(&mut Record)) -> Envelope {
    let mut payload: Payload = env.payload_as().unwrap();
    edit(&mut payload.record);
    let mut e = env.clone();
    e.payload = serde_json::to_value(payload).unwrap();
    e
}

/// The envelope re-labelled with an edited configuration.
fn with_config(env: &Envelope, edit: impl FnOnce(&mut Config)) -> Envelope {
    let mut c = Config::from_value(&env.variant).unwrap();
    edit(&mut c);
    let mut e = env.clone();
    e.variant = c.to_value();
    e
}

fn rejected(env: &Envelope, want: &str) {
    let err = verify(env).expect_err("the referee must reject this episode");
    assert!(
        err.downcast_ref::<Rejected>().is_some(),
        "not a rejection (exit 1): {err:#}"
    );
    let msg = err.to_string();
    assert!(
        msg.contains(want),
        "wrong message:\n  got:  {msg}\n  want: {want}"
    );
}

// ---------------------------------------------------------------- the worked case

/// Spec, anchor variant, 2 players, round 1: P1 four Lite Metal + one Yoko; P2 two
/// Krypto, one Karl Gitter, one Christin P., one Lite Metal; three awards on Lite Metal,
/// two on Krypto.
fn worked_case(c: &Config) -> State<'_> {
    let aw = Symbol::Award;
    let mut p1 = vec![s(LM, aw), s(YO, aw), p(LM), p(LM), p(LM)];
    p1.extend([p(KR); 8]);
    let mut p2 = vec![s(KR, aw), p(KR), s(KG, aw), s(CP, aw), p(LM)];
    p2.extend([p(KG); 8]);
    let mut acts = deal(&[&p1, &p2]);
    acts.extend([
        Action::Play(s(LM, aw)),
        Action::Award(LM),
        Action::Play(s(KR, aw)),
        Action::Award(KR),
        Action::Play(s(YO, aw)),
        Action::Award(LM),
        Action::Play(s(KG, aw)),
        Action::Award(LM),
        Action::Play(p(LM)),
        Action::Play(s(CP, aw)),
        Action::Award(KR),
        Action::Play(p(LM)),
        Action::Play(p(KR)),
        Action::Play(p(LM)),
        Action::Play(p(LM)), // P2's Lite Metal: the fifth, closes the round
    ]);
    game(c, &acts)
}

#[test]
fn worked_case_round_one() {
    let c = cfg("anchor.json", 2);
    let st = worked_case(&c);
    let r1 = &st.summaries()[0];
    assert_eq!(r1.counts, vec![5, 1, 1, 1, 2]);
    assert_eq!(
        r1.ranking,
        vec![LM, KR, YO],
        "Yoko wins the tie with Christin P. and Karl Gitter"
    );
    assert_eq!(r1.points, vec![3, 1, 0, 0, 2]);
    assert_eq!(r1.awards, vec![3, 0, 0, 0, 2]);
    assert_eq!(r1.paid, vec![9, 1, 0, 0, 6]);
    assert_eq!(r1.scores, vec![37, 21]);
    assert_eq!(r1.closer, Some(1));
    assert_eq!(
        st.summaries()[1].starter,
        0,
        "round 2 starts left of the closer P2"
    );
    let env = envelope(&c, &st);
    let msg = certified(&env);
    assert!(msg.starts_with("certified: player P1 scores"), "{msg}");
    // The round's tenth card closed it: an eleventh turn is refused.
    rejected(
        &with_record(&env, |r| {
            let t = Turn::play(0, p(KR));
            r.rounds[0].turns.push(t);
        }),
        "round 1, turn 11, P1: the round is already over (Lite Metal reached the threshold on turn 10 (P2))",
    );
}

// ---------------------------------------------------------------- plain play (m01)

/// m01: P1 three Lite Metal, P2 three Yoko; P1's third Lite Metal closes: 9 and 4.
fn plain_game(c: &Config) -> Envelope {
    let mut acts = deal(&[&[p(LM); 3], &[p(YO); 3]]);
    acts.extend([
        Action::Play(p(LM)),
        Action::Play(p(YO)),
        Action::Play(p(LM)),
        Action::Play(p(YO)),
        Action::Play(p(LM)),
    ]);
    envelope(c, &game(c, &acts))
}

#[test]
fn claims_must_match() {
    let c = cfg("mini/m01-plain.json", 2);
    let env = plain_game(&c);
    assert_eq!(
        certified(&env),
        "certified: player P1 scores 9 (all players: P1 9, P2 4)"
    );
    let mut e = env.clone();
    e.payload["scores"][0] = 10.into();
    rejected(
        &e,
        "final scores: the episode claims P1 10, P2 4, the referee computes P1 9, P2 4",
    );
    let mut e = env.clone();
    e.payload["rounds"][0]["scores"][1] = 5.into();
    rejected(&e, "round 1, scoring: the episode claims round scores P1 9, P2 5; the referee computes P1 9, P2 4");
    let mut e = env.clone();
    e.payload["rounds"][0]["ranking"] = serde_json::json!([1, 0]);
    rejected(
        &e,
        "round 1, scoring: the episode claims ranking Yoko > Lite Metal",
    );
    let mut e = env.clone();
    e.payload["rounds"][0]["face_up"][0][0] = 4.into();
    rejected(
        &e,
        "round 1, scoring: the episode claims P1 has face-up Lite Metal cards: 4; the referee computes 3",
    );
    let mut e = env.clone();
    e.payload["rounds"][0]["paid"][0] = 5.into();
    rejected(
        &e,
        "round 1, scoring: the episode claims paid values per artist [5, 2, 0]",
    );
    let mut e = env.clone();
    e.value = Some(12.0);
    rejected(
        &e,
        "the episode claims value 12, the referee scores its game 9",
    );
    // Other objectives are recomputed from the scores too.
    for (objective, player, value, line) in [
        (
            "max-total",
            None,
            13,
            "certified: max-total 13 (all players: P1 9, P2 4)",
        ),
        (
            "max-margin",
            Some(0),
            5,
            "certified: player P1 scores 9, max-margin 5 (all players: P1 9, P2 4)",
        ),
    ] {
        let payload: Payload = env.payload_as().unwrap();
        let e = episode::envelope(&c, objective, player, None, payload.record).unwrap();
        assert_eq!(e.value, Some(value as f64));
        assert_eq!(certified(&e), line);
        let mut wrong = e.clone();
        wrong.value = Some(value as f64 + 1.0);
        rejected(
            &wrong,
            &format!(
                "claims value {}, the referee scores its game {value}",
                value + 1
            ),
        );
    }
    // A minimum without a solver report: only the exhaustive search writes none, and it
    // never minimises, so nothing proved it.
    let payload: Payload = env.payload_as().unwrap();
    let e = episode::envelope(&c, "min-winner", Some(0), None, payload.record).unwrap();
    assert_eq!(e.value, Some(9.0));
    rejected(&e, "comes from the exhaustive search (no solver report)");
    let payload: Payload = env.payload_as().unwrap();
    let err = episode::envelope(&c, "max-fun", None, None, payload.record).unwrap_err();
    assert!(
        err.to_string().contains("unknown objective `max-fun`"),
        "{err}"
    );
}

#[test]
fn turn_order_and_closing() {
    let c = cfg("mini/m01-plain.json", 2);
    let env = plain_game(&c);
    rejected(
        &with_record(&env, |r| r.rounds[0].turns[1].player = 0),
        "round 1, turn 2, P1: it is P2's turn, not P1",
    );
    rejected(
        &with_record(&env, |r| r.rounds[0].turns.push(Turn::play(1, p(YO)))),
        "round 1, turn 6, P2: the round is already over (Lite Metal reached the threshold on turn 5 (P1))",
    );
    rejected(
        &with_record(&env, |r| {
            r.rounds[0].turns.pop();
        }),
        "round 1, after turn 4, P1: the round is not over",
    );
    rejected(
        &with_record(&env, |r| r.rounds[0].turns[1].card = p(CP)),
        "round 1, turn 2, P2: P2 does not hold a Christin P. card",
    );
}

#[test]
fn deck_composition_and_deals() {
    let c = cfg("mini/m01-plain.json", 2);
    let env = plain_game(&c);
    rejected(
        &with_record(&env, |r| r.rounds[0].deal[1] = vec![p(LM), p(LM), p(YO)]),
        "round 1, deal, P2: a Lite Metal card cannot come from the deck: all 4 Lite Metal cards are already out",
    );
    rejected(
        &with_record(&env, |r| {
            r.rounds[0].deal[0].pop();
        }),
        "round 1, deal, P1: dealt 2 cards; the deal table gives 3",
    );
    rejected(
        &with_record(&env, |r| r.rounds[0].extra = Some(p(CP))),
        "round 1, extra card: no extra card: the variant turns up none this round",
    );
    // A symbol the deck does not have.
    rejected(
        &with_record(&env, |r| r.rounds[0].deal[1][0] = s(YO, Symbol::Draw)),
        "it holds only 0 Yoko cards with the draw symbol",
    );
    // m17: 9 cards, 4 + 4 dealt, so round 2's deal runs out after one card.
    let c = cfg("mini/m17-deck-runs-out.json", 2);
    let st = game(&c, &[]);
    let sizes: Vec<usize> = st.record().rounds[1].deal.iter().map(Vec::len).collect();
    assert_eq!(sizes, vec![1, 0]);
    certified(&envelope(&c, &st));
}

#[test]
fn later_rounds_start_left_of_the_closer() {
    let c = cfg("mini/m02-two-rounds.json", 2);
    let mut acts = deal(&[&[p(LM); 3], &[p(YO); 3]]);
    acts.extend([
        Action::Play(p(LM)),
        Action::Play(p(YO)),
        Action::Play(p(LM)),
        Action::Play(p(YO)),
        Action::Play(p(LM)), // P1 closes
    ]);
    acts.extend(deal(&[&[p(CP), p(CP)], &[p(CP), p(LM)]]));
    acts.extend([Action::Play(p(YO))]); // P2 starts round 2
    let st = game(&c, &acts);
    assert_eq!(st.summaries()[1].starter, 1);
    let env = envelope(&c, &st);
    certified(&env);
    rejected(
        &with_record(&env, |r| r.rounds[1].turns[0].player = 0),
        "round 2, turn 1, P1: it is P2's turn, not P1 (turns go clockwise from the starter P2",
    );
    // Values accumulate: Lite Metal was first in round 1 (3) and is ranked again.
    let r2 = &st.summaries()[1];
    if r2.ranking.contains(&LM) {
        assert_eq!(r2.paid[LM], 3 + r2.points[LM]);
    }
}

// ---------------------------------------------------------------- symbols

#[test]
fn draw_symbol() {
    let c = cfg("mini/m03-draw.json", 2);
    let d = s(LM, Symbol::Draw);
    let mut acts = deal(&[&[d, p(LM), p(YO)], &[p(YO), p(CP), p(CP)]]);
    acts.extend([
        Action::Play(d),
        Action::Draw(p(LM)), // the drawn card is played on turn 5
        Action::Play(p(YO)),
        Action::Play(p(LM)),
        Action::Play(p(CP)),
        Action::Play(p(LM)),
    ]);
    let st = game(&c, &acts);
    assert_eq!(st.summaries()[0].scores[0], 9);
    let env = envelope(&c, &st);
    certified(&env);
    rejected(
        &with_record(&env, |r| r.rounds[0].turns[0].drawn.clear()),
        "round 1, turn 1, P1: the draw symbol gives P1 a card",
    );
    rejected(
        &with_record(&env, |r| r.rounds[0].turns[1].drawn.push(p(CP))),
        "round 1, turn 2, P2: the record draws more cards than this turn's resolved draw symbols",
    );
    rejected(
        &with_record(&env, |r| r.rounds[0].turns[0].drawn[0] = d),
        "it holds only 1 Lite Metal cards with the draw symbol, all already out",
    );
}

fn award_game(c: &Config, target: usize) -> State<'_> {
    let (a, b) = (s(LM, Symbol::Award), s(YO, Symbol::Award));
    let mut acts = deal(&[&[a, p(LM), p(LM)], &[b, p(YO), p(CP)]]);
    acts.extend([
        Action::Play(a),
        Action::Award(target),
        Action::Play(b),
        Action::Award(YO),
        Action::Play(p(LM)),
        Action::Play(p(YO)),
        Action::Play(p(LM)),
    ]);
    game(c, &acts)
}

#[test]
fn award_symbol_and_targets() {
    let any = cfg("mini/m04-award.json", 2);
    let st = award_game(&any, CP);
    // Christin P. has an award but no card: unranked, pays nothing.
    assert_eq!(st.summaries()[0].paid, vec![3, 4, 0]);
    assert_eq!(st.summaries()[0].scores, vec![9, 8]);
    certified(&envelope(&any, &st));
    let own = cfg("mini/m05-award-own.json", 2);
    let st = award_game(&own, LM);
    assert_eq!(st.summaries()[0].paid, vec![5, 4, 0]);
    let env = envelope(&own, &st);
    certified(&env);
    rejected(
        &with_record(&env, |r| r.rounds[0].turns[0].awards = vec![CP]),
        "round 1, turn 1, P1: the award must go on Lite Metal (the artist of the award card, variant award_target = own), not Christin P.",
    );
    // Award tokens are limited: with one token the second award symbol places nothing.
    rejected(
        &with_config(&env, |c| c.variant.awards = 1),
        "round 1, turn 2, P2: the record places more award tokens than this turn's resolved award symbols",
    );
    rejected(
        &with_record(&env, |r| r.rounds[0].turns[1].awards.clear()),
        "round 1, turn 2, P2: the award symbol places a token (1 of 2 left)",
    );
    // award_pays_unranked: Christin P. (unranked, one award) pays 2 per card.
    let pays = cfg("mini/m16-pays-unranked.json", 2);
    let st = award_game(&pays, CP);
    let r1 = &st.summaries()[0];
    assert_eq!(r1.ranking, vec![LM]);
    assert_eq!(r1.paid, vec![3, 2, 2]);
}

#[test]
fn double_symbol() {
    let c = cfg("mini/m06-double.json", 2);
    let d = s(LM, Symbol::Double);
    let mut acts = deal(&[&[p(LM), d, p(LM)], &[p(YO), p(CP), p(CP)]]);
    acts.extend([
        Action::Play(p(LM)),
        Action::Play(p(YO)),
        Action::Play(d),
        Action::Second(Some(p(LM))), // the third Lite Metal: closes at once
    ]);
    let st = game(&c, &acts);
    let r1 = &st.summaries()[0];
    assert_eq!((r1.closer, r1.scores.clone()), (Some(0), vec![9, 2]));
    let env = envelope(&c, &st);
    certified(&env);
    rejected(
        &with_record(&env, |r| r.rounds[0].turns[0].second = Some(p(LM))),
        "round 1, turn 1, P1: the record shows a second card (Lite Metal) but no double or hidden symbol was resolved",
    );
    rejected(
        &with_record(&env, |r| r.rounds[0].turns.push(Turn::play(1, p(CP)))),
        "round 1, turn 4, P2: the round is already over (Lite Metal reached the threshold (double card) on turn 3 (P1))",
    );
    // A double's second card must be of the same artist.
    let mut acts = deal(&[&[p(YO), d, p(LM)], &[p(YO), p(CP), p(CP)]]);
    acts.extend([Action::Play(d)]);
    let mut st = State::new(&c);
    for a in acts {
        st.apply_action(a).unwrap();
    }
    let err = st.apply_action(Action::Second(Some(p(YO)))).unwrap_err();
    assert!(
        err.contains("the second card of a double must be a Lite Metal card, not Yoko"),
        "{err}"
    );
}

/// P1 shows Yoko (hidden) with a hidden Yoko; P2 shows Yoko: two face up, one hidden.
fn hidden_game(c: &Config) -> State<'_> {
    let h = s(YO, Symbol::Hidden);
    let mut acts = deal(&[&[h, p(YO), p(LM)], &[p(YO), p(CP), p(CP)]]);
    acts.extend([
        Action::Play(h),
        Action::Second(Some(p(YO))),
        Action::Play(p(YO)),
        Action::Play(p(LM)),
        Action::Play(p(CP)),
    ]);
    game(c, &acts)
}

#[test]
fn hidden_symbol_and_its_variants() {
    let c = cfg("mini/m07-hidden.json", 2);
    let st = hidden_game(&c);
    let r1 = &st.summaries()[0];
    assert_eq!(r1.hidden[0], vec![0, 1, 0]);
    assert_eq!(r1.counts[YO], 3, "the hidden card counts at scoring");
    let env = envelope(&c, &st);
    certified(&env);
    // With hidden_counts_for_close the hidden Yoko plus P2's Yoko reach 3 on turn 2.
    rejected(
        &with_config(&env, |c| c.variant.hidden_counts_for_close = true),
        "round 1, turn 3, P1: the round is already over (Yoko reached the threshold on turn 2 (P2))",
    );
    // hidden_same_artist: the hidden card must be a Yoko.
    let same = with_config(&env, |c| c.variant.hidden_same_artist = true);
    certified(&same);
    rejected(
        &with_record(&same, |r| r.rounds[0].turns[0].second = Some(p(LM))),
        "round 1, turn 1, P1: the second card of a hidden (variant hidden_same_artist) must be a Yoko card, not Lite Metal",
    );
}

#[test]
fn simultaneous_symbol() {
    let c = cfg("mini/m10-simultaneous.json", 2);
    let sim = s(LM, Symbol::Simultaneous);
    let mut acts = deal(&[&[p(LM), sim, p(YO)], &[p(LM), p(CP), p(CP)]]);
    acts.extend([
        Action::Play(p(LM)),
        Action::Play(p(CP)),
        Action::Play(sim),
        Action::Simultaneous(Some(p(YO))), // P1
        Action::Simultaneous(Some(p(LM))), // P2: the third Lite Metal, shown together
    ]);
    let st = game(&c, &acts);
    let r1 = &st.summaries()[0];
    assert_eq!(
        r1.closer,
        Some(0),
        "the active player closes a simultaneous play"
    );
    assert_eq!(r1.face_up, vec![vec![2, 1, 0], vec![1, 0, 1]]);
    let env = envelope(&c, &st);
    certified(&env);
    rejected(
        &with_record(&env, |r| r.rounds[0].turns[0].simultaneous = vec![None, None]),
        "round 1, turn 1, P1: the record shows simultaneous cards but no simultaneous symbol was resolved",
    );
    rejected(
        &with_record(&env, |r| {
            r.rounds[0].turns[2].simultaneous.pop();
        }),
        "round 1, turn 3, P1: the simultaneous symbol is resolved: the record must list one entry per seat (2), it lists 1",
    );
}

#[test]
fn extra_card() {
    let every = cfg("mini/m11-extra.json", 2);
    let st = game(&every, &[]);
    assert!(st.record().rounds.iter().all(|r| r.extra.is_some()));
    let env = envelope(&every, &st);
    certified(&env);
    rejected(
        &with_record(&env, |r| r.rounds[1].extra = None),
        "round 2, extra card: an extra card must be turned up this round; the record has none",
    );
    let first = cfg("mini/m12-extra-first.json", 2);
    let st = game(&first, &[]);
    assert!(st.record().rounds[0].extra.is_some() && st.record().rounds[1].extra.is_none());
    let env = envelope(&first, &st);
    rejected(
        &with_record(&env, |r| r.rounds[1].extra = Some(p(CP))),
        "round 2, extra card: no extra card: the variant turns up none this round (extra_card = FirstRound)",
    );
    // The extra card counts toward the threshold and for ranking, but for nobody.
    let mut acts = deal(&[&[p(LM), p(LM), p(YO)], &[p(YO), p(CP), p(CP)]]);
    acts.extend([
        Action::Extra(p(LM)),
        Action::Play(p(LM)),
        Action::Play(p(YO)),
        Action::Play(p(LM)), // 2 face up + the extra card = 3: closes
    ]);
    let st = game(&every, &acts);
    let r1 = &st.summaries()[0];
    assert_eq!(
        (r1.counts.clone(), r1.scores.clone()),
        (vec![3, 1, 0], vec![6, 2])
    );
}

#[test]
fn closing_symbol_resolution() {
    let c = cfg("mini/m13-resolve-closing.json", 2);
    let a = s(LM, Symbol::Award);
    let mut acts = deal(&[&[p(LM), p(LM), a], &[p(YO), p(CP), p(CP)]]);
    acts.extend([
        Action::Play(p(LM)),
        Action::Play(p(YO)),
        Action::Play(p(LM)),
        Action::Play(p(CP)),
        Action::Play(a), // closes; resolve_closing_symbol places its award
        Action::Award(LM),
    ]);
    let st = game(&c, &acts);
    assert_eq!(st.summaries()[0].paid[LM], 5);
    let env = envelope(&c, &st);
    certified(&env);
    rejected(
        &with_config(&env, |c| c.variant.resolve_closing_symbol = false),
        "round 1, turn 5, P1: the record places more award tokens than this turn's resolved award symbols",
    );
}

#[test]
fn closing_draw_arrives_next_round() {
    let c = cfg("mini/m13-resolve-closing.json", 2);
    let d = s(LM, Symbol::Draw);
    let mut acts = deal(&[&[p(LM), p(LM), d], &[p(YO), p(CP), p(CP)]]);
    acts.extend([
        Action::Play(p(LM)),
        Action::Play(p(YO)),
        Action::Play(p(LM)),
        Action::Play(p(CP)),
        Action::Play(d),     // closes; its draw is resolved
        Action::Draw(p(YO)), // the drawn Yoko waits for round 2
        Action::Deal(p(CP)), // round 2: P1's one new card
        Action::Deal(p(YO)), // P2's
        Action::Play(p(CP)), // P2 starts (left of the closer P1)
        Action::Play(p(YO)), // P1 plays the card drawn in round 1
    ]);
    let st = game(&c, &acts);
    assert_eq!(st.record().rounds[0].turns[4].drawn, vec![p(YO)]);
    assert_eq!(st.summaries()[1].face_up[0][YO], 1);
    let env = envelope(&c, &st);
    certified(&env);
    rejected(
        &with_config(&env, |c| c.variant.resolve_closing_symbol = false),
        "round 1, turn 5, P1: the record draws more cards than this turn's resolved draw symbols",
    );
    // A deal that runs out: m17 has 9 cards, 8 dealt in round 1, so round 2 gives P1 the
    // last card and P2 none.
    let c = cfg("mini/m17-deck-runs-out.json", 2);
    let env = envelope(&c, &game(&c, &[]));
    rejected(
        &with_record(&env, |r| {
            let card = r.rounds[1].deal[0].pop().unwrap();
            r.rounds[1].deal[1].push(card);
        }),
        "round 2, deal, P1: dealt 0 cards; the deal table gives 2 (the deck runs out: 1 left for this seat)",
    );
}

#[test]
fn chained_symbols() {
    let c = cfg("mini/m14-chain.json", 2);
    let (d, dr) = (s(LM, Symbol::Double), s(LM, Symbol::Draw));
    let mut acts = deal(&[&[d, dr, p(YO)], &[p(YO), p(CP), p(CP)]]);
    acts.extend([
        Action::Play(d),
        Action::Second(Some(dr)), // chained: its draw is resolved
        Action::Draw(p(LM)),
        Action::Play(p(YO)),
        Action::Play(p(LM)),
    ]);
    let st = game(&c, &acts);
    assert_eq!(st.summaries()[0].face_up[0][LM], 3);
    let env = envelope(&c, &st);
    certified(&env);
    rejected(
        &with_config(&env, |c| c.variant.chain_symbols = false),
        "round 1, turn 1, P1: the record draws more cards than this turn's resolved draw symbols",
    );
}

#[test]
fn blessed_end_play() {
    let c = cfg("mini/m15-blessed.json", 2);
    let mut acts = deal(&[&[p(LM); 4], &[p(YO), p(YO), p(CP), p(CP)]]);
    acts.extend([
        Action::Play(p(LM)),
        Action::Play(p(YO)),
        Action::Play(p(LM)),
        Action::Play(p(YO)),
        Action::Play(p(LM)),
        Action::EndPlay(Some(p(LM))), // P1 adds its fourth Lite Metal
    ]);
    let st = game(&c, &acts);
    let r1 = &st.summaries()[0];
    assert_eq!((r1.end_play[0][LM], r1.scores.clone()), (1, vec![12, 4]));
    let env = envelope(&c, &st);
    certified(&env);
    rejected(
        &with_record(&env, |r| r.rounds[0].end_play[1] = vec![p(CP)]),
        "round 1, end play, P2: cannot add Christin P.: the blessed end play adds at most one card of each artist the player displays",
    );
    rejected(
        &with_config(&env, |c| {
            c.variant.end_play = gamebounds::modern_art::rules::EndPlay::None
        }),
        "round 1, end play, P1: cannot add Lite Metal: the variant has no end play",
    );
}

// ---------------------------------------------------------------- random playthroughs

#[test]
fn random_playthroughs_replay_from_their_records() {
    let mut configs: Vec<Config> = modern_art_minis()
        .iter()
        .map(|(p, n)| Config::load(p, None, *n).unwrap())
        .collect();
    assert!(configs.len() >= 20, "at least 20 miniatures");
    for n in 2..=5 {
        configs.push(cfg("standard.json", n));
        configs.push(cfg("blessed.json", n));
        configs.push(cfg("anchor.json", n));
    }
    let mut flags = cfg("standard.json", 3);
    let v = &mut flags.variant;
    v.resolve_closing_symbol = true;
    v.chain_symbols = true;
    v.hidden_counts_for_close = true;
    v.award_pays_unranked = true;
    v.award_target = gamebounds::modern_art::rules::AwardTarget::Own;
    configs.push(flags);
    let mut games = 0;
    for c in &configs {
        for seed in 0..12 {
            let mut rng = Rng::new(seed);
            let mut st = State::new(c);
            while !st.is_terminal() {
                let acts = st.legal_actions();
                st.apply_action(acts[rng.index(acts.len())]).unwrap();
            }
            let out = engine::replay(c, st.record())
                .unwrap_or_else(|v| panic!("{} seed {seed}: {v}", c.variant.name));
            assert_eq!(out, st.outcome());
            independent_check(c, st.record(), &out);
            let env = episode::envelope(c, "max-total", None, None, st.record().clone()).unwrap();
            assert!(certified(&env).starts_with("certified: max-total "));
            games += 1;
        }
    }
    assert!(games > 300);
}

/// Scoring and the deck recomputed from the record and the table counts alone, written
/// straight from the spec's "Scoring a round" (no engine code): awards from the turns,
/// counts, ranking with ties to the lower artist, cumulative values, paid values, round
/// and final scores; and no card kind used more often than the deck holds.
fn independent_check(c: &Config, rec: &Record, out: &engine::Outcome) {
    let (n, a) = (c.players, c.artists());
    let v = &c.variant;
    let mut used = std::collections::HashMap::new();
    let mut take = |card: Card| *used.entry(card).or_insert(0usize) += 1;
    let mut values = vec![0i64; a];
    let mut awards = vec![0usize; a];
    let mut totals = vec![0i64; n];
    for (r, (rr, sum)) in rec.rounds.iter().zip(&out.rounds).enumerate() {
        rr.deal.iter().flatten().for_each(|&x| take(x));
        rr.extra.iter().for_each(|&x| take(x));
        for t in &rr.turns {
            t.drawn.iter().for_each(|&x| take(x));
            for &art in &t.awards {
                awards[art] += 1;
            }
        }
        assert_eq!(sum.awards, awards, "round {r}: awards");
        let mut counts = vec![0usize; a];
        for p in 0..n {
            for (t, k) in counts.iter_mut().enumerate() {
                *k += sum.face_up[p][t] + sum.hidden[p][t] + sum.end_play[p][t];
            }
        }
        if let Some(x) = rr.extra {
            counts[x.artist] += 1;
        }
        assert_eq!(sum.counts, counts, "round {r}: counts");
        let mut order: Vec<usize> = (0..a).filter(|&t| counts[t] > 0).collect();
        order.sort_by_key(|&t| (std::cmp::Reverse(counts[t]), t));
        order.truncate(v.value_points.len());
        assert_eq!(sum.ranking, order, "round {r}: ranking");
        for (place, &t) in order.iter().enumerate() {
            values[t] += v.value_points[place];
        }
        let paid: Vec<i64> = (0..a)
            .map(|t| {
                let tokens = v.award_value * awards[t] as i64;
                match (order.contains(&t), v.award_pays_unranked) {
                    (true, _) => values[t] + tokens,
                    (false, true) => tokens,
                    (false, false) => 0,
                }
            })
            .collect();
        assert_eq!(sum.paid, paid, "round {r}: paid");
        for (p, total) in totals.iter_mut().enumerate() {
            let score: i64 = (0..a)
                .map(|t| {
                    (sum.face_up[p][t] + sum.hidden[p][t] + sum.end_play[p][t]) as i64 * paid[t]
                })
                .sum();
            assert_eq!(sum.scores[p], score, "round {r}: P{} score", p + 1);
            *total += score;
        }
    }
    assert_eq!(out.scores, totals);
    for (card, k) in used {
        assert!(
            k <= c.supply(card.artist, card.symbol),
            "{card:?} used {k} times"
        );
    }
}

// ---------------------------------------------------------------- the search

/// Plain depth-first search over every legal action (ordered deals, no memo): slow but
/// with nothing to get wrong, to check the real search on the smallest miniatures.
fn naive(st: &State, f: &dyn Fn(&[i64]) -> i64) -> i64 {
    if st.is_terminal() {
        return f(st.scores());
    }
    st.legal_actions()
        .into_iter()
        .map(|a| {
            let mut c = st.clone();
            c.apply_action(a).unwrap();
            naive(&c, f)
        })
        .max()
        .unwrap()
}

#[test]
fn search_on_hand_checked_miniatures() {
    // m01: hands of 3, threshold 3. P1 at best displays three Lite Metal, the third
    // closing: 3 × 3 = 9. All players: six cards, the sixth closing at 3/2/1 cards:
    // 3·3 + 2·2 + 1·1 = 14 (without a close, 2/2/2 gives only 12).
    let c = cfg("mini/m01-plain.json", 2);
    assert_eq!(search::maximise(&c, "max-player", Some(0)).unwrap().0, 9);
    assert_eq!(search::maximise(&c, "max-total", None).unwrap().0, 14);
    // m15 (blessed, hands of 4): P1's fourth Lite Metal is added after the close: 12.
    let c = cfg("mini/m15-blessed.json", 2);
    assert_eq!(search::maximise(&c, "max-player", Some(0)).unwrap().0, 12);
    // m18 (3 players, hands of 2): P1 plays two Lite Metal, the second... cannot close
    // before P2 and P3 play: the best is LM, x, y, LM closing at 3 with P2 or P3's help?
    // Every seat has only two cards; P1 scores at most 2 × 3 = 6.
    let c = cfg("mini/m18-3p-plain.json", 3);
    assert_eq!(search::maximise(&c, "max-player", Some(0)).unwrap().0, 6);
    // m03 (a draw card): P1 displays four cards (one drawn); Lite Metal closes at 3 and
    // the fourth must be of the second artist without reaching 3: 3·3 + 2 = 11.
    let c = cfg("mini/m03-draw.json", 2);
    assert_eq!(search::maximise(&c, "max-player", Some(0)).unwrap().0, 11);
    // m04 (two award cards): both awards on Lite Metal, P1 displays three: 3 × (3 + 4) = 21.
    let c = cfg("mini/m04-award.json", 2);
    assert_eq!(search::maximise(&c, "max-player", Some(0)).unwrap().0, 21);
    // m01, margin: P1's three Lite Metal (9) against P2's Yoko and Christin P. (2 + 1).
    let c = cfg("mini/m01-plain.json", 2);
    assert_eq!(search::maximise(&c, "max-margin", None).unwrap().0, 6);
    // The search agrees with the naive search where that is feasible.
    for (file, n) in [
        ("mini/m01-plain.json", 2),
        ("mini/m06-double.json", 2),
        ("mini/m18-3p-plain.json", 3),
    ] {
        let c = cfg(file, n);
        let mut cases: Vec<(&str, Option<usize>)> = vec![
            ("max-player", Some(0)),
            ("max-player", Some(1)),
            ("max-player", None),
            ("max-total", None),
        ];
        if n == 2 {
            cases.push(("max-margin", None));
        }
        for (obj, player) in cases {
            let (v, rec) = search::maximise(&c, obj, player).unwrap();
            let f = |s: &[i64]| episode::objective_value(obj, player, s).unwrap();
            assert_eq!(v, naive(&State::new(&c), &f), "{file} {obj} {player:?}");
            let out = engine::replay(&c, &rec).unwrap();
            assert_eq!(f(&out.scores), v);
        }
    }
    let c = cfg("mini/m18-3p-plain.json", 3);
    let e = search::maximise(&c, "max-margin", None).unwrap_err();
    assert!(e.to_string().contains("2 players only"), "{e}");
}

#[test]
fn lazy_and_eager_search_agree_on_every_miniature() {
    // The fast search leaves dealt cards anonymous until displayed; the literal one
    // enumerates every deal. Same maxima on every miniature, and both lines replay.
    for (path, n) in modern_art_minis() {
        if n >= 5 {
            // Five seats' deals up front are millions of states: lazy only.
            continue;
        }
        if path.ends_with("m40-chain-simultaneous.json") {
            // 13 cards in two rounds: every deal up front passes the eager search's
            // 2-million-state cap (the lazy search needs 250 000 states).
            continue;
        }
        let c = Config::load(&path, None, n).unwrap();
        let objectives: &[(&str, Option<usize>)] = if n == 2 {
            &[("max-player", Some(0)), ("max-total", None)]
        } else {
            &[("max-player", Some(0))]
        };
        for &(obj, player) in objectives {
            let (lazy, rec, _) =
                search::maximise_with(&c, obj, player, search::Mode::Lazy).unwrap();
            let (eager, _, _) =
                search::maximise_with(&c, obj, player, search::Mode::Eager).unwrap();
            assert_eq!(lazy, eager, "{} {obj}", path.display());
            let out = engine::replay(&c, &rec).unwrap();
            independent_check(&c, &rec, &out);
            assert_eq!(
                episode::objective_value(obj, player, &out.scores).unwrap(),
                lazy
            );
        }
    }
}

// ---------------------------------------------------------------- the command line

#[test]
fn cli_search_verify_render() {
    // --out never creates a directory: it must exist.
    let dir = scratch("ma").join("episodes");
    std::fs::create_dir_all(&dir).unwrap();
    let out = dir.join("m01.json");
    run_ok(&[
        "modern-art",
        "search",
        "--variant",
        "models/modern-art/mini/m01-plain.json",
        "--quiet",
        "--out",
        out.to_str().unwrap(),
    ]);
    let o = run_ok(&["verify", out.to_str().unwrap()]);
    let out_text = stdout(&o);
    let mut lines = out_text.lines();
    assert_eq!(
        lines.next(),
        Some("certified: player P1 scores 9 (all players: P1 9, P2 4)")
    );
    // The search's optimality is not redone by verify, and it says so.
    assert!(
        lines
            .next()
            .is_some_and(|l| l.starts_with("upper bound not re-checked")),
        "{out_text}"
    );
    let md = std::fs::read_to_string(dir.join("m01.md")).unwrap();
    for part in [
        "## Final scores",
        "## Round 1",
        "| Lite Metal",
        "Deal — P1:",
        "1. P1 displays",
    ] {
        assert!(md.contains(part), "render lacks {part}:\n{md}");
    }
    // A hand-edited score: exit 1 with the broken claim.
    let mut env = Envelope::load(&out).unwrap();
    env.payload["scores"][0] = 99.into();
    env.save(&out).unwrap();
    let o = run(&["verify", out.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("final scores: the episode claims P1 99"));
    // Bad input: exit 2, one line.
    for (flag, want) in [
        ("--player", "--player 3: the game has 2 players"),
        ("--players", "key `deal` has no row for 3 players"),
    ] {
        let o = run(&[
            "modern-art",
            "search",
            "--variant",
            "models/modern-art/mini/m01-plain.json",
            flag,
            "3",
        ]);
        assert_eq!(o.status.code(), Some(2));
        assert!(stderr(&o).contains(want));
    }
    // `results --players` outside 2–5: refused before any solve.
    let o = run(&["modern-art", "results", "--players", "3,6"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("--players 6: Modern Art is played by 2 to 5 players"));
    // `bench` and `bench --certify` refuse other player counts; --certify needs the row's
    // committed episode (here a scratch copy of the variants, no games/).
    let o = run(&["modern-art", "bench", "--players", "1,3"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("--players 1: Modern Art is played by 2 to 5 players"));
    let o = run(&["modern-art", "bench", "--certify", "--players", "2,6"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("--players 6: Modern Art is played by 2 to 5 players"));
    let bare = scratch("ma-certify");
    copy_dir(
        &root().join("models/modern-art"),
        &bare.join("models/modern-art"),
    );
    let o = bin()
        .current_dir(&bare)
        .args(["modern-art", "bench", "--certify", "--players", "3"])
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("games/modern-art-3p-standard.json")
            && stderr(&o).contains("solve the row first"),
        "{}",
        stderr(&o)
    );
    assert!(!bare.join("results/bench-modern-art-certify.md").exists());
    // `results --tables-only` rebuilds the tables from the episodes, solving nothing: in a
    // scratch copy of the variants and the committed episodes.
    let dir = scratch("ma-tables");
    copy_dir(
        &root().join("models/modern-art"),
        &dir.join("models/modern-art"),
    );
    std::fs::create_dir_all(dir.join("games")).unwrap();
    for entry in std::fs::read_dir(root().join("games")).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        if name.starts_with("modern-art-") {
            std::fs::copy(&path, dir.join("games").join(&name)).unwrap();
        }
    }
    let tables = || {
        let o = bin()
            .current_dir(&dir)
            .args(["modern-art", "results", "--tables-only"])
            .output()
            .unwrap();
        assert!(o.status.success(), "{}", stderr(&o));
        std::fs::read_to_string(dir.join("results/modern-art.md")).unwrap()
    };
    let table = tables();
    assert!(table.contains(
        "proven, certified (split over the award tokens and the rounds their artist leads)"
    ));
    assert!(table.contains("| standard | 3       | Krypto | 398     | proven maximum of the shape"));
    // A missing episode is a row that says so, not an error.
    std::fs::remove_file(dir.join("games/modern-art-5p-blessed.json")).unwrap();
    assert!(tables().contains("no episode yet"));
    // A variant that deals for one player count only needs no --players.
    let o = run_ok(&[
        "modern-art",
        "search",
        "--variant",
        "models/modern-art/mini/m18-3p-plain.json",
        "--quiet",
        "--json",
    ]);
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["payload"]["scores"].as_array().unwrap().len(), 3);
    std::fs::remove_dir_all(dir).ok();
}

#[test]
fn empty_hands_are_skipped_and_all_empty_scores_the_round() {
    // m03: P1 draws a card, so P2 runs out first and P1 plays twice in a row.
    let c = cfg("mini/m03-draw.json", 2);
    let d = s(LM, Symbol::Draw);
    let mut acts = deal(&[&[d, p(YO), p(CP)], &[p(YO), p(CP), p(LM)]]);
    acts.extend([
        Action::Play(d),
        Action::Draw(p(CP)),
        Action::Play(p(YO)),
        Action::Play(p(YO)),
        Action::Play(p(CP)),
        Action::Play(p(CP)),
        Action::Play(p(LM)), // P2's hand is now empty
        Action::Play(p(CP)), // P1 again: the third Christin P. closes
    ]);
    let st = game(&c, &acts);
    let players: Vec<usize> = st.record().rounds[0]
        .turns
        .iter()
        .map(|t| t.player)
        .collect();
    assert_eq!(players, vec![0, 1, 0, 1, 0, 1, 0]);
    let env = envelope(&c, &st);
    certified(&env);
    rejected(
        &with_record(&env, |r| r.rounds[0].turns[6].player = 1),
        "round 1, turn 7, P2: it is P1's turn, not P2 (turns go clockwise from the starter P1, skipping empty hands)",
    );
    // m02: six cards at 2/2/2 close nothing; the round is scored when every hand is
    // empty, and round 2 starts left of the last player (P2), i.e. with P1.
    let c = cfg("mini/m02-two-rounds.json", 2);
    let mut acts = deal(&[&[p(LM), p(YO), p(CP)], &[p(LM), p(YO), p(CP)]]);
    for a in [LM, LM, YO, YO, CP, CP] {
        acts.push(Action::Play(p(a)));
    }
    let st = game(&c, &acts);
    let r1 = &st.summaries()[0];
    assert_eq!((r1.closer, r1.scores.clone()), (None, vec![6, 6]));
    assert_eq!(st.summaries()[1].starter, 0);
    certified(&envelope(&c, &st));
}

#[test]
fn full_games_of_the_shipped_variants() {
    // Every shipped variant and player count: a seeded random game is certified, and a
    // hand-edited final score is caught.
    for name in ["standard.json", "anchor.json", "blessed.json"] {
        for n in 2..=5 {
            let c = cfg(name, n);
            let mut rng = Rng::new(n as u64);
            let mut st = State::new(&c);
            while !st.is_terminal() {
                let acts = st.legal_actions();
                st.apply_action(acts[rng.index(acts.len())]).unwrap();
            }
            let env = envelope(&c, &st);
            certified(&env);
            let mut e = env.clone();
            e.payload["scores"][n - 1] = (st.returns()[n - 1] + 1).into();
            rejected(&e, "final scores: the episode claims");
        }
    }
}

/// Copy a directory tree (the variant files a scratch `results` run reads).
fn copy_dir(from: &std::path::Path, to: &std::path::Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let path = entry.unwrap().path();
        let target = to.join(path.file_name().unwrap());
        if path.is_dir() {
            copy_dir(&path, &target);
        } else {
            std::fs::copy(&path, &target).unwrap();
        }
    }
}
