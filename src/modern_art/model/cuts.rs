//! Valid inequalities (cuts) that tighten the LP relaxation without removing any legal
//! game. The rule areas already say everything the rules say; these say it again in a
//! form the LP cannot average away.
//!
//! The relaxation's typical cheat is a *mixture of worlds*: the value levels of an
//! artist are fractional (0.7 of "artist 0 carries every award and ranks first every
//! round", 0.3 of "artist 1 does"), and each world spends the shared resources (an
//! artist's cards, the turns) as if it had them all. Each family below ties a resource
//! to the world that uses it, so a world that is only 0.7 present gets only 0.7 of it.
//!
//! Every family is argued valid in its doc comment. The tuning's `cuts` (a list of
//! [`CutFamily`] names, see `docs/modern-art-tuning.md`) picks the families, to measure
//! each one's effect; by default all are added. One family, [`hand_budget`], is not added by
//! [`add`]: it goes into the LP bounds and into the split's parts near the best game
//! (see its doc comment for why).

use good_lp::constraint::{geq, leq};
use good_lp::Expression;

use super::build::Build;
use super::vars::Vars;
use crate::lp::Model;
use crate::modern_art::rules::Config;

/// A family of cuts, by the name the tuning file gives it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum CutFamily {
    SupplyByLevel,
    CloseByLevel,
    FirstReachesK,
    HiddenByLevel,
    NocloseCapacity,
    TokenConflicts,
    /// [`hand_budget`]: only in the models that ask for its rows.
    HandBudget,
}

impl CutFamily {
    /// Every family (the default).
    pub const ALL: [CutFamily; 7] = [
        CutFamily::SupplyByLevel,
        CutFamily::CloseByLevel,
        CutFamily::FirstReachesK,
        CutFamily::HiddenByLevel,
        CutFamily::NocloseCapacity,
        CutFamily::TokenConflicts,
        CutFamily::HandBudget,
    ];
}

/// Add every enabled cut family. Only for single-seat objectives (max-player): the
/// families are valid for every objective, but with every seat scored (max-total,
/// max-margin, min-winner) HiGHS then picks, on miniature m19, an equally good plan the
/// scheduler cannot play, and the solve loop reports a result reached after an excluded
/// plan as unproven; those objectives keep the plain model.
pub fn add(m: &mut Model, c: &Config, v: &Vars, b: &Build) {
    if v.scored.len() != 1 {
        return;
    }
    if b.cut(CutFamily::SupplyByLevel) {
        supply_by_level(m, c, v);
    }
    if b.cut(CutFamily::CloseByLevel) {
        close_by_level(m, v);
    }
    if b.cut(CutFamily::FirstReachesK) {
        first_reaches_k(m, c, v);
    }
    if b.cut(CutFamily::HiddenByLevel) {
        hidden_by_level(m, c, v);
    }
    if b.cut(CutFamily::NocloseCapacity) {
        noclose_capacity(m, c, v);
    }
    if b.cut(CutFamily::TokenConflicts) {
        token_conflicts(m, c, v);
    }
}

/// Seat p's cards of artist a in round r that are paid at a value of at least `t`.
fn paid_at_least(v: &Vars, r: usize, p: usize, a: usize, t: usize) -> Expression {
    let mut e = Expression::default();
    for (lv, x) in v.paid[r][p][a].iter().enumerate().skip(t) {
        let _ = lv;
        e += *x;
    }
    for x in v.paid_hid[r][p][a].iter().skip(t) {
        e += *x;
    }
    e
}

/// Artist a's value after round r is at least `t`.
fn level_at_least(v: &Vars, r: usize, a: usize, t: usize) -> Expression {
    v.level[r][a].iter().skip(t).copied().sum()
}

/// **Supply by value level.** For every artist a, round r and value t:
///
/// Σ_{scored p} Σ_{r' ≤ r} (cards of a that p scores in round r' at a value ≥ t)
///     ≤ cards_of(a) · [a's value after round r is ≥ t].
///
/// Valid: an artist's value never decreases (value points and award tokens only add), so
/// a card paid at a value ≥ t in round r' ≤ r means a's value after round r is ≥ t; then
/// the right side is cards_of(a), and the left side counts distinct cards of a (each
/// card is displayed once, by one player), at most the deck's cards_of(a). If a's value
/// after round r is below t, no card of a was paid ≥ t in rounds up to r and the left
/// side is 0.
///
/// Why it helps: the aggregate supply bound lets each fractional "world" of a's value path
/// use all of a's cards; this one lets a world that is present with weight λ use only λ of
/// them at its high values.
fn supply_by_level(m: &mut Model, c: &Config, v: &Vars) {
    let d = &v.d;
    for a in 0..d.a {
        let cards = v.cards_max(c, a) as f64;
        for r in 0..d.r {
            for t in 1..=d.value_max[r] {
                let mut lhs = Expression::default();
                for &p in &v.scored {
                    for rr in 0..=r {
                        if t <= d.value_max[rr] {
                            lhs += paid_at_least(v, rr, p, a, t);
                        }
                    }
                }
                m.constrain(leq(lhs, cards * level_at_least(v, r, a, t)));
            }
        }
    }
}

/// **Only the closing artist gets a K-th face-up card, in every value world.** For every
/// scored seat p, round r, artist a and value t (and for each single value t):
///
/// ```text
/// Σ_{v ≥ t} (p's face-up cards of a in round r paid at value v)
///     ≤ (K − 1 + [blessed]) · [a's value after round r is ≥ t] + closers(r, a)
/// ```
///
/// where `closers(r, a) = Σ_q cz[r][q][a] + Σ_q scl[r][q][a]` (a closing card of a, or
/// a's cards in the closing `simultaneous` event).
///
/// Valid: the round-end rule (see [`super::round_end::closing`]) says a's face-up count,
/// less its cards in the closing simultaneous event, is at most K − 1 plus the number of
/// closing cards of a; p's own face-up cards of a are part of that count, and blessed
/// end play adds at most one more card of a per seat. Exactly one value level is chosen,
/// so the left side is either 0 (the level is below t) or all of p's face-up cards of a
/// (then the bracket is 1).
///
/// Why it helps: the relaxation puts weight λ on a world where a is worth much and lets p
/// show K cards of a there, in every such world at once; only one artist per round can
/// close, so only one world's artist gets its K-th card.
fn close_by_level(m: &mut Model, v: &Vars) {
    let d = &v.d;
    let cap = (d.k - 1 + usize::from(d.blessed)) as f64;
    for &p in &v.scored {
        for r in 0..d.r {
            for a in 0..d.a {
                let mut closers = Expression::default();
                for q in 0..d.n {
                    closers += v.cz[r][q][a];
                    closers += v.scl[r][q][a];
                }
                let paid = &v.paid[r][p][a];
                for t in 1..paid.len() {
                    let upper: Expression = paid.iter().skip(t).copied().sum();
                    m.constrain(leq(
                        upper,
                        cap * level_at_least(v, r, a, t) + closers.clone(),
                    ));
                    m.constrain(leq(
                        Expression::from(paid[t]),
                        cap * v.level[r][a][t] + closers.clone(),
                    ));
                }
            }
        }
    }
}

/// **The first-placed artist has at least K cards when the round closes, and at least the
/// average when it does not.** For every round r and artist a:
///
/// count(r, a) ≥ K · [a takes first place in round r] − (K − m_r) · [round r ends without a
/// close], with m_r = min(K, ⌈(n · deal(r) + e_r) / A⌉) (e_r = 1 if r has an extra card).
///
/// Valid: when the round closes, some artist b has at least K face-up cards, so its count
/// is at least K; the first-placed artist a ranks at or above b, so count(a) ≥ count(b) ≥
/// K. When the round ends without a close, every hand is empty, so every card a seat held
/// (at least its deal of this round) was displayed, plus the extra card: the counts add
/// up to at least n · deal(r) + e_r, and the first-placed artist has at least the average
/// of the A artists (and counts are integers). When a is not first the right side is ≤ 0.
///
/// Why it helps: the relaxation made an artist first with two cards against one, paying
/// it the top value for a round that cost almost nothing.
fn first_reaches_k(m: &mut Model, c: &Config, v: &Vars) {
    let d = &v.d;
    let k = d.k as f64;
    for r in 0..d.r {
        let total = d.n * c.deal(r) + usize::from(c.has_extra(r));
        let least = total.div_ceil(d.a).min(d.k) as f64;
        for a in 0..d.a {
            m.constrain(geq(
                v.count(r, a),
                k * v.place(r, a, 0) - (k - least) * v.noclose[r],
            ));
        }
    }
}

/// **Hidden cards by value level.** For every artist a, round r and value t:
///
/// Σ_{scored p} Σ_{r' ≤ r} (hidden cards of a that p scores in round r' at a value ≥ t)
///     ≤ H · [a's value after round r is ≥ t],
///
/// H = the deck's `hidden` cards. Valid for the reason of [`supply_by_level`]: values never
/// decrease, and every hidden card is the second card of a distinct `hidden` symbol card,
/// of which the deck has H (chained symbols are not modelled, see `supported`).
fn hidden_by_level(m: &mut Model, c: &Config, v: &Vars) {
    use crate::modern_art::rules::Symbol;
    let d = &v.d;
    let h: usize = (0..d.a).map(|a| c.supply(a, Symbol::Hidden)).sum();
    if h == 0 {
        return;
    }
    for a in 0..d.a {
        for r in 0..d.r {
            for t in 1..=d.value_max[r] {
                let mut lhs = Expression::default();
                for &p in &v.scored {
                    for rr in 0..=r {
                        for x in v.paid_hid[rr][p][a].iter().skip(t) {
                            lhs += *x;
                        }
                    }
                }
                m.constrain(leq(lhs, h as f64 * level_at_least(v, r, a, t)));
            }
        }
    }
}

/// **A round ends with every hand empty only if the hands fit below the threshold.** For
/// every round r, with e_r = 1 if the round turns up an extra card:
///
/// Σ_p (cards in p's hand at the start of r + p's draws in r) − (hidden cards of r)
///     − (end-play cards of r) ≤ A·(K − 1) − e_r + M_r · (1 − noclose_r).
///
/// Valid: a round that ends without a close ends because every hand is empty, so every
/// card held or drawn was displayed; no artist reached K, so the face-up cards (the extra
/// card included) number at most A·(K − 1); the rest were hidden (or end play). M_r is
/// the left side's largest possible value minus A·(K − 1) − e_r, so a closed round is
/// not constrained.
///
/// And a round that no legal game can end without a close is fixed as closing
/// ([`noclose_impossible`]: the cards dealt up to it do not fit in every display that the
/// rounds up to it allow).
///
/// Why it helps: the relaxation ended rounds "half without a close" to rank an artist
/// first with only two cards (3 players, standard: the part "Krypto 5 tokens, first in
/// rounds 2–4" has LP 463.8 with round 2 free, 459.3 with it closed; 4 players 425.8 and
/// 423.0).
fn noclose_capacity(m: &mut Model, c: &Config, v: &Vars) {
    use crate::modern_art::rules::Symbol;
    let d = &v.d;
    let draws: usize = (0..d.a).map(|a| c.supply(a, Symbol::Draw)).sum();
    for r in 0..d.r {
        let e = usize::from(c.has_extra(r));
        let cap = (d.a * (d.k - 1)) as f64 - e as f64;
        let dealt: usize = (0..=r).map(|x| c.deal(x)).sum();
        let most = (d.n * (dealt + draws)) as f64;
        let mut lhs = Expression::default();
        for p in 0..d.n {
            lhs += c.deal(r) as f64;
            if r > 0 {
                lhs += v.hand_end[r - 1][p];
            }
            lhs += v.drawn(r, p);
            for a in 0..d.a {
                lhs -= v.hid[r][p][a];
            }
            lhs -= v.end_played(r, p);
        }
        let big = (most - cap).max(0.0);
        m.constrain(leq(lhs, cap + big * (1.0 - v.noclose[r])));
        if noclose_impossible(c, r) {
            m.constrain(leq(Expression::from(v.noclose[r]), 0.0));
        }
    }
}

/// Whether no legal game can end round r (0-based) without a close.
///
/// Such a round ends because every hand is empty, so every card dealt in rounds 1..=r
/// (n · Σ deal; draws only add cards, and the model covers only decks whose deals are
/// complete) was displayed by the end of round r. The most cards the players can display:
/// - in an earlier round x, face up, A·(K − 1) + n − e_x: before the card or event that
///   closes it no artist has K face-up cards (the extra card included, so the players
///   show at most A·(K − 1) − e_x), and the close adds one card, or n with a closing
///   `simultaneous` event (the active player's own `simultaneous` card came before it:
///   had it reached K, the round would have closed on it, unresolved);
/// - in round r itself, face up, A·(K − 1) − e_r (no artist reaches K);
/// - face down, at most H over the whole game (each hidden card is the second card of a
///   distinct `hidden` card; also when hidden cards count toward K, where this only
///   over-counts);
/// - end play (blessed), at most n · A per round.
///
/// If the deals exceed that, round r closes in every legal game. Under the standard rules
/// that is round 1 with 2–5 players and round 2 with 3–5 players (blessed end play leaves
/// room for more, and only round 1 of 4–5 players stays fixed).
pub fn noclose_impossible(c: &Config, r: usize) -> bool {
    use crate::modern_art::rules::{EndPlay, Symbol};
    let (n, a, k) = (c.players, c.artists(), c.threshold());
    let hidden: usize = (0..a).map(|x| c.supply(x, Symbol::Hidden)).sum();
    let dealt = n * (0..=r).map(|x| c.deal(x)).sum::<usize>();
    let extra = |x: usize| usize::from(c.has_extra(x));
    let mut most = hidden;
    for x in 0..r {
        most += (a * (k - 1) + n).saturating_sub(extra(x));
    }
    most += (a * (k - 1)).saturating_sub(extra(r));
    if c.variant.end_play == EndPlay::Blessed {
        most += n * a * (r + 1);
    }
    dealt > most
}

/// **Two artists cannot share more tokens than there are.** With T award tokens and
/// A_a(t) = [artist a ends the game with at least t tokens] (from `tokens_end`): for
/// every two artists a ≠ b and every t in 1..=T,
///
/// A_a(t) + A_b(T − t + 1) ≤ 1,
///
/// and, for the artists holding more than half, Σ_a A_a(⌊T/2⌋ + 1) ≤ 1.
///
/// Valid: tokens are never removed, so a game ends with at most T tokens on all artists
/// together; a with t and b with T − t + 1 would need T + 1, and two artists above half
/// would need more than T.
///
/// Why it helps: the rules only say so in total (placed tokens ≤ T), which the relaxation
/// meets by averaging: a world of weight 0.3 in which another artist ends with every token
/// sits beside the world in which a part of the token split ([`super::scope::Tokens`])
/// fixes an artist at 3 tokens. Measured on 5 players under `anchor.json`: the part
/// "Krypto ends with 3 tokens" has LP 351.1 without these rows.
fn token_conflicts(m: &mut Model, c: &Config, v: &Vars) {
    let d = &v.d;
    let t_all = c.variant.awards;
    if t_all == 0 {
        return;
    }
    let at_least =
        |a: usize, t: usize| -> Expression { v.tokens_end[a].iter().skip(t).copied().sum() };
    for a in 0..d.a {
        for b in 0..d.a {
            if a == b {
                continue;
            }
            for t in 1..=t_all {
                m.constrain(leq(at_least(a, t) + at_least(b, t_all - t + 1), 1.0));
            }
        }
    }
    let above_half: Expression = (0..d.a).map(|a| at_least(a, t_all / 2 + 1)).sum();
    m.constrain(leq(above_half, 1.0));
}

/// **A seat's hand holds a whole artist and what it is paid for elsewhere.** For every
/// scored seat p, artist k and value t, with D = the cards dealt to a seat over the game
/// and S(y) = the deck's `draw` cards of artist y:
///
/// own(k) + Σ_{x ≠ k} (p's cards of x paid, over the game, at a value ≥ t)
///     ≤ D + S(k) + Σ_{x ≠ k} S(x) · [x's final value is ≥ t],
///
/// where own(k) is p's cards of k over the game.
///
/// Valid: a seat plays only cards it was dealt or drew, and each draw comes from a `draw`
/// card it played (the spec: "the player takes the top card of the deck into hand"; a
/// `draw` card shown in a simultaneous event draws for its own seat). Let A be the
/// artists x ≠ k whose bracket is 1. An artist outside A was worth less than t after
/// every round (values never decrease), so none of its cards was paid at t or more; the
/// left side is at most own(k) + Σ_{x∈A} own(x). Of p's played cards, the draw cards of
/// the artists y outside A ∪ {k} are among its own(y) cards, so own(k) + Σ_{x∈A} own(x)
/// ≤ D + (p's draw cards of k and of A) ≤ the right side.
///
/// Why it helps: the relaxation pays a seat one card of an artist at a high value in a
/// world of weight 0.2, a mixture of five cards there and none elsewhere, and does so for
/// several artists at once. With 4 players a seat is dealt 21 cards and Krypto has 21, so
/// a seat that plays every Krypto card has room for one card of each other artist plus
/// its draw card, whatever the world. The 4-player piece "Krypto: 5 tokens, first in
/// rounds 2–4, 2 artists ranked in round 1" (without the renaming) has LP 423 without
/// these rows and 399 with them, against the maximum 392.
///
/// Not among [`add`]'s families: inside HiGHS's branch and bound these dense rows (about
/// 35,000 nonzeros) slowed the 4-player proof's two hard pieces about twofold (85.7
/// against 39.4 s at seed 0), although their LPs dropped from 414 and 411 to 400 and 399.
/// They are added to the LP bounds ([`super::lp_bound`]) that let the split skip a part,
/// and to the parts whose LP lies near the best game ([`super::Build::hand`]); the
/// caller leaves them out when the tuning drops [`CutFamily::HandBudget`].
///
/// `focus`: only the rows of artist k = focus (the part's token artist; 21 rows instead of
/// 105 with 4 players). On that piece those rows alone give the whole drop (LP 399 with
/// them, 408 with any other single artist's, 403.5 with the other four's), and HiGHS's
/// branch and bound on the hard pieces is faster with them than with none (the 2-ranked
/// piece 33.2 / 21.6 s against 59.5 / 60.3 s at seeds 1 / 2, 36.8 against 33.7 s at seed
/// 0): the split's integer models of near parts take them (`vars::HandRows::TokenArtist`;
/// the tuning's `hand_within`).
pub fn hand_budget(m: &mut Model, c: &Config, v: &Vars, focus: Option<usize>) {
    use crate::modern_art::rules::Symbol;
    if v.scored.len() != 1 {
        return;
    }
    let d = &v.d;
    let last = d.r - 1;
    let dealt: usize = (0..d.r).map(|r| c.deal(r)).sum();
    let sd = |a: usize| c.supply(a, Symbol::Draw) as f64;
    for &p in &v.scored {
        for k in (0..d.a).filter(|&k| focus.is_none_or(|a| a == k)) {
            let own_k: Expression = (0..d.r).map(|r| v.own(r, p, k)).sum();
            for t in 1..=d.value_max[last] {
                let mut lhs = own_k.clone();
                let mut rhs = Expression::from(dealt as f64 + sd(k));
                for x in (0..d.a).filter(|&x| x != k) {
                    for r in (0..d.r).filter(|&r| t <= d.value_max[r]) {
                        lhs += paid_at_least(v, r, p, x, t);
                    }
                    rhs += sd(x) * level_at_least(v, last, x, t);
                }
                m.constrain(leq(lhs, rhs));
            }
        }
    }
}
