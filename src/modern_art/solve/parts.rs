use super::*;
use crate::modern_art::parts::stands_for;
pub use crate::modern_art::parts::{part_label, SplitBy};

/// The part within `leads` with every round decided and the highest LP bound (ties: the
/// lowest `led`, the first in [`Leads::completions`]; with no game in any, the first), its
/// LP and the seconds spent on LPs. Found best first down the halving
/// ([`Leads::halves`]): a part's LP bounds the LPs of the parts within it, so a part whose
/// LP is below the best leaf's (by more than rounding) is not opened, and a part with no
/// game is dropped. It solves the LPs of the pieces the halving meets on its way to that
/// leaf ([`Leads::around`]) and few others: 4 players, 8 LPs instead of the 16 leaves and
/// 6 pieces (`docs/notebook/modern-art.md`, "The first leaf found best first").
pub(super) fn highest_leaf(
    leads: Leads,
    rounds: usize,
    mut lps_of: impl FnMut(&[Leads]) -> Result<Vec<(Option<f64>, f64)>>,
) -> Result<(Leads, Option<f64>, f64)> {
    let key = |b: Option<f64>| b.unwrap_or(f64::NEG_INFINITY);
    // Parts not yet opened, with their LPs (the whole part's is not needed).
    let mut open: Vec<(Leads, f64)> = vec![(leads, f64::INFINITY)];
    let mut leaves: Vec<(Leads, f64)> = Vec::new();
    let mut seconds = 0.0;
    loop {
        let best = leaves.iter().map(|l| l.1).fold(f64::NEG_INFINITY, f64::max);
        let Some(at) = (0..open.len()).max_by(|&x, &y| open[x].1.total_cmp(&open[y].1)) else {
            break;
        };
        // Every leaf not yet seen lies in an open part, whose LP bounds its own.
        if open[at].1 < best - 1e-6 {
            break;
        }
        let (part, bound) = open.swap_remove(at);
        if part.settled(rounds) {
            leaves.push((part, bound));
            continue;
        }
        let halves = part.halves(rounds).map(Vec::from).unwrap_or_default();
        for (half, (lp, secs)) in halves.iter().copied().zip(lps_of(&halves)?) {
            seconds += secs;
            // A part with no game holds no leaf with one.
            if lp.is_some() {
                open.push((half, key(lp)));
            }
        }
    }
    let highest = leaves
        .iter()
        .max_by(|x, y| x.1.total_cmp(&y.1).then(y.0.led.cmp(&x.0.led)));
    Ok(match highest {
        Some(&(leaf, lp)) => (leaf, Some(lp), seconds),
        None => (leads.completions(rounds)[0], None, seconds),
    })
}

/// A part's LP bound (`None` when no game lies in it), run to the end whatever the time
/// limit (a few seconds at most): the split's order, skips and divisions, and the search's
/// piece attempts, all read it.
pub(super) fn part_lp(
    c: &Config,
    objective: Objective,
    player: Option<usize>,
    scope: &Scope,
    opts: &SolveOptions,
    k: &Knobs,
) -> Result<Option<f64>> {
    let opts = SolveOptions {
        quiet: true,
        time_limit: None,
        ..opts.clone()
    };
    match model::lp_bound(c, objective, player, scope, &opts, &k.build) {
        Ok(r) => Ok(Some(r.bound.or(r.objective).unwrap_or(f64::INFINITY))),
        Err(e) if is_infeasible(&e) => Ok(None),
        Err(e) => Err(e),
    }
}

impl SplitBy {
    /// The parts: each scope with its label in the proof table. The token splits rename
    /// the interchangeable artists ([`renamed_artists`]): "a renamed artist ends with t
    /// tokens" is one part for all of them (under the name of the one with the most
    /// cards), and every part keeps one order of the others.
    pub(super) fn parts(self, c: &Config, k: &Knobs) -> Vec<(Scope, String)> {
        let names = &c.deck.artists;
        match self {
            SplitBy::First => (0..c.artists())
                .map(|a| (Scope::first(a), names[a].clone()))
                .collect(),
            SplitBy::Whole => vec![(Scope::all(), "every game".into())],
            SplitBy::Tokens | SplitBy::TokensLeads => {
                let renamed = renamed_artists(c, k);
                let stands_for = stands_for(c, &renamed);
                Tokens::parts(c.variant.awards, c.artists())
                    .into_iter()
                    .filter(|t| match t {
                        Tokens::Exactly(a, _) => !renamed.contains(a) || Some(*a) == stands_for,
                        Tokens::AtMost(_) => true,
                    })
                    .map(|t| {
                        let scope = Scope::tokens(t);
                        let scope = match renamed.is_empty() {
                            true => scope,
                            false => scope.renaming(model::relabel::mask(&renamed)),
                        };
                        (scope, part_label(c, &scope))
                    })
                    .collect()
            }
        }
    }
}

/// The artists a token split renames ([`Scope::relabel`]): those whose cards carry the same
/// symbols ([`model::relabel::class`]), none when the tuning's `rename_artists` is off (to measure
/// the split without it).
pub fn renamed_artists(c: &Config, k: &Knobs) -> Vec<usize> {
    if !k.tuning.rename_artists {
        return Vec::new();
    }
    model::relabel::class(c)
}

/// The artists the part "none above half" is divided by, one sub-part each with that
/// artist first in round 1 (the tuning's `split_even`): every artist, but of the artists
/// the part renames only the one that stands for them.
pub(super) fn lead_artists(c: &Config, scope: &Scope) -> Vec<usize> {
    let renamed = scope
        .relabel
        .map(model::relabel::members)
        .unwrap_or_default();
    let stands = stands_for(c, &renamed);
    (0..c.artists())
        .filter(|a| !renamed.contains(a) || Some(*a) == stands)
        .collect()
}

/// Whether a token part with LP bound `lp` is solved whole rather than split by leads: its
/// LP exceeds the best game (when one is known) by at most the whole share of it
/// (the tuning's `whole_within`). Such parts close at HiGHS's first node, faster than
/// their sub-parts one by one; wider gaps need the split.
pub(super) fn near_best(players: usize, lp: f64, best: Option<i64>, k: &Knobs) -> bool {
    best.is_some_and(|v| within_share(lp, v, k.tuning.split_shares(players).0))
}

/// Whether the LP bound `lp` exceeds the best game `best` by at most `share` of it: the
/// test behind [`near_best`], [`ranking_round`] and the tuning's `hand_within`.
pub(super) fn within_share(lp: f64, best: i64, share: f64) -> bool {
    lp - best as f64 <= share * (best as f64).abs()
}
