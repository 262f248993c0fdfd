use super::*;

/// The dives of [`solve`]: for each artist, the best game in which it is first in every
/// round and carries every award ([`Dive::Star`]), then, with the artist's time the star
/// did not use, the best in which it carries every award and leads the last round
/// ([`Dive::Patron`], which contains the star; started from the star's game); the artists' parts
/// of `limit` seconds are weighted by the tuning's `dive_weights` (within a split part,
/// only the part's own artist). Only for max-player (the shape of the best games for one seat); empty when none finds a
/// game in time. Failures are reported on stderr, never fatal.
pub(super) fn dive(
    c: &Config,
    objective: Objective,
    player: Option<usize>,
    scope: &Scope,
    limit: f64,
    opts: &SolveOptions,
    k: &Knobs,
) -> Vec<Attempt> {
    // A scope that must beat a known game has no use for the shapes' good games.
    if objective != Objective::MaxPlayer || scope.dive.is_some() || scope.beating.is_some() {
        return Vec::new();
    }
    // Within a split part (its artist first in round 1) only that artist's dives: the
    // part's natural shape gets all the time.
    // Otherwise the artists with the most cards first (they can score the most); time a
    // dive does not use (shown impossible, or closed early) passes to the next ones.
    // In a part of the token split only the artist holding every token has dives (both
    // shapes give it every token); other token parts have none.
    let mut artists: Vec<usize> = match (scope.first, scope.tokens) {
        (_, Some(Tokens::Exactly(a, t))) if t == c.variant.awards => vec![a],
        (_, Some(_)) => Vec::new(),
        (Some(a), None) => vec![a],
        (None, None) => (0..c.artists()).collect(),
    };
    artists.sort_by_key(|&a| (std::cmp::Reverse(c.cards_of(a)), a));
    // Shares of the dive time by that order: the best-stocked artist, whose star is the
    // best game in every case measured, gets the most.
    let weights = &k.tuning.dive_weights;
    let weight = |i: usize| weights.get(i).copied().unwrap_or(1.0);
    let dives_started = std::time::Instant::now();
    let mut found = Vec::new();
    for (i, &a) in artists.iter().enumerate() {
        let spent = dives_started.elapsed().as_secs_f64();
        let rest: f64 = (i..artists.len()).map(weight).sum();
        let budget = (limit - spent) * weight(i) / rest;
        // Each artist's share of the time: a star shown impossible (usually within
        // seconds) leaves the rest to the patron.
        let artist_started = std::time::Instant::now();
        // The star first, with the artist's time (it often closes early; with short limits
        // it needs all of it: at 60 s, 5 players, a half share found no game); then the
        // patron (which contains the star) started from the star's game, with what is
        // left: the patron's best game is often better (2p standard 441 against 440).
        let mut star_start: Option<Vec<(good_lp::Variable, f64)>> = None;
        for shape in [Dive::Star(a), Dive::Patron(a)] {
            let started = std::time::Instant::now();
            let left = budget - artist_started.elapsed().as_secs_f64();
            if left < 0.5 {
                break;
            }
            let each = SolveOptions {
                time_limit: Some(left),
                quiet: true,
                ..opts.clone()
            };
            let outcome = attempt(
                c,
                objective,
                player,
                &scope.with_dive(shape),
                &each,
                false,
                star_start.as_deref(),
                None,
                k,
            );
            if !opts.quiet {
                let what = match &outcome {
                    Ok(d) => format!("best {:.0}", dive_value(d)),
                    Err(e) => format!("{e:#}"),
                };
                let name = &c.deck.artists[a];
                let shape_text = match shape {
                    Dive::Star(_) => format!("{name} first in every round with every award"),
                    Dive::Patron(_) => format!("{name} with every award, first in the last round"),
                };
                eprintln!(
                    "dive: {shape_text}: {what} ({:.1} s)",
                    started.elapsed().as_secs_f64()
                );
            }
            match outcome {
                Ok(d) => {
                    if matches!(shape, Dive::Star(_)) {
                        star_start = Some(d.assignment.clone());
                    }
                    found.push(d);
                }
                // No game of this shape (or none found in time): the looser one next.
                Err(_) => continue,
            }
        }
    }
    found
}

/// A dive's objective value in its model (−∞ when unknown).
pub(super) fn dive_value(a: &Attempt) -> f64 {
    a.report.objective.unwrap_or(f64::NEG_INFINITY)
}
