use super::*;

/// Branch-and-bound nodes of the first short solve of [`neighbourhood_search`]: the root
/// alone, whose cuts and heuristics give the first game in 6–12 s (440, 407, 384 and 334
/// for 2–5 players at seed 0). 200 nodes gave better first games (441, 412, 390, 334) in
/// 20–30 s, but the round neighbourhoods that follow lift a root game about as far (3
/// players: 407 → 427 in round 1's neighbourhood, where 412 reached 426). `bench` (seeds
/// 0–2, from scratch): medians 38.3 / 75.9 / 253.4 / 122.3 s for 2–5 players, against
/// 37.3 / 98.2 / 299.7 / 208.3 s with 200 nodes. Some paths get longer (4 players at seed
/// 5: 554.7 s against 480.6 s; 4-player blessed at seed 0: 554.0 s against 389.1 s, still
/// proven), but paired over seeds 0–5 the root is faster in 14 of 18 standard runs, and
/// the anchor and blessed rows take about as long over seeds 0–2. See the README, "The
/// root as the first solve, again" and "The root first, over three seeds".
pub const PROBE_NODES: u64 = 1;

/// When the first solve of [`neighbourhood_search`] finds no game, the root is solved
/// again with HiGHS's next seeds (`--highs-seed` + 1, + 2: the same command still finds
/// the same game), up to this many, before [`RETRY_NODES`]. 5 players at seed 1 has no
/// game at the root, with or without the hand-budget rows; seed 2's root gives 340, and
/// the search reached 343 at 50.3 s (57.6 s in all) where the 800-node retry found and
/// proved it only at 90.6 s (98.6 s; 113.2 s in `bench`, alone).
/// `GAMEBOUNDS_RETRY_SEEDS` overrides it (`0`: straight to [`RETRY_NODES`]).
pub const RETRY_SEEDS: i32 = 2;

/// Branch-and-bound nodes (and no strong branching) of the second first solve of
/// [`neighbourhood_search`], when the first found no game (5 players with HiGHS's seed 1:
/// none in 200 nodes, 334 in 800).
pub const RETRY_NODES: u64 = 800;

/// Branch-and-bound nodes of each neighbourhood's solve in [`neighbourhood_search`]
/// (2–25 s each on the standard leaves).
pub const NEAR_NODES: u64 = 1000;

/// Neighbourhoods in a row that may find nothing better before [`neighbourhood_search`]
/// stops (0: every round once, the default). Measured (3–5 players, every round once):
/// in the standard and anchor rows each improvement came from the round after the last
/// one, so a patience of 1 would have found the same games and saved 2–23 s; but 4-player
/// blessed found 393, its maximum, only in round 4, after two fruitless neighbourhoods,
/// and stopping at its 391 costs far more in the proof than the tail does.
pub const PATIENCE: u32 = 0;

/// Branch-and-bound nodes of the proof attempted after each better game
/// [`neighbourhood_search`] finds: the part solved against that game, as the split would
/// solve it (a cutoff, heuristics off). When it closes, the game is the part's maximum: the
/// search stops, and the split takes that solve as the part's result, so the proof's time
/// is not spent twice. Measured (one run each, from scratch, against the search without
/// it): 3-player standard 72.0 s (the attempt against 426 found 427 and proved it) against
/// 78.3, 3-player anchor 44.5 against 55.4, 4-player anchor 53.0 against 57.8; parts the
/// split divides again by a round's ranking are not attempted (see `settle`).
pub const PROOF_NODES: u64 = 1000;

/// How close (a fraction of the game) the first solve's dual bound must come to its game
/// for [`neighbourhood_search`] to attempt the part against that game before any
/// neighbourhood, or its pieces where the split divides it by a round's ranking
/// ([`FIRST_NODES`] each). 2 players: the root's 440 lies within 2% of its bound, and the
/// pieces' attempts against it find 441 and prove it in 1–18 nodes each (39.2 s from
/// scratch at seed 0, against 52.3 s without them). With 2000 nodes per piece
/// ([`PIECE_NODES`]) 5 players lost 211 s at seed 3 (its root game, 340, lies within 2% of
/// its bound too, and its pieces do not close against it); going on with the first solve
/// from the root's game for 200 nodes instead took 2 players 64.7 s.
pub const FIRST_GAP: f64 = 0.02;

/// Branch-and-bound nodes of each attempt against a first game near its bound
/// ([`FIRST_GAP`]).
pub const FIRST_NODES: u64 = 200;

/// Branch-and-bound nodes of each proof attempt of a *piece* in [`neighbourhood_search`]:
/// where the split divides the searched part again by a round's ranking (so the part is
/// not attempted whole), the pieces are attempted against the best game once a
/// neighbourhood after it found nothing better, each as the split will solve it; a piece
/// proven at a better game keeps that game (the later pieces are attempted against it),
/// and when every piece is settled the search stops and the split takes those solves. The
/// 4-player standard piece that holds 392 closes against it in 1124 nodes. Measured and
/// not kept: attempts run to the end (no attempt's nodes lost), 4-player blessed 653.7 s
/// against 417.9 s (seed 0, side by side): its piece holding 393 ran into the 300 s part
/// limit against 391, where round 4's neighbourhood finds 393 and the split then closes
/// that piece against it in 135 s.
pub const PIECE_NODES: u64 = 2000;

/// [`PIECE_NODES`] by player count, where it differs: 4 players attempt no pieces. Their
/// hard piece (2 artists ranked in round 1, holding 392) rarely closes in 2000 nodes
/// against anything below 392, and not always against 392 itself, so most attempts are
/// thrown away: 73 s at seed 1, 75 s at seed 6, 66 s and 138 s after games of 390 at
/// seeds 3 and 5. Without them the search runs its remaining neighbourhoods and the split
/// solves the pieces to the end. From scratch, pairs two at a time, seeds 0–6: median
/// 229.3 s against 321.1 s, 1897.9 s in all against 2321.3 s; slower at seeds 0 and 4,
/// where an attempt paid (README, "No piece attempts for 4 players").
pub const PIECES_BY_PLAYERS: [(usize, u64); 1] = [(4, 0)];

/// The work limits of [`neighbourhood_search`]: all in branch-and-bound nodes or
/// neighbourhoods, never in seconds, so the same command finds the same game.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SearchLimits {
    /// Nodes of the first short solve of the part (0: no search).
    pub probe: u64,
    /// Nodes of each neighbourhood's solve.
    pub near: u64,
    /// Fruitless neighbourhoods in a row before the search stops (0: every round once).
    pub patience: u32,
    /// Nodes of the proof attempted after each better game (0: none).
    pub proof: u64,
    /// Nodes of each piece's proof attempt, where the split divides the part by a round's
    /// ranking (0: none; `u64::MAX`: to the end).
    pub pieces: u64,
    /// The neighbourhoods from this one on (0: the first) stop at their first better game.
    pub first_from: u32,
    /// A first game within this fraction of the first solve's dual bound is attempted as
    /// the part's maximum (or its pieces are) before any neighbourhood.
    pub first_gap: f64,
    /// Nodes of each such attempt ([`FIRST_NODES`]; 0: none).
    pub first_nodes: u64,
    /// Nodes of a first solve that looks only at games in which no hand runs empty
    /// ([`model::Near::no_skip`]; 0: no such restriction, and the first solve has `probe`
    /// nodes). With the restriction the neighbourhoods look only at such games too (the
    /// proof attempts at every game), and a first solve that runs to its end has the best
    /// such game: the search ends there. When the part has no such game, the first solve
    /// is repeated over every game (with `probe` nodes), and so is the rest of the search.
    pub no_skip: u64,
    /// With `no_skip`, a leaf part that the split may divide by a round's ranking gets that
    /// first solve piece by piece ([`PIECES_WITHIN`]); `false`: the part whole.
    pub no_skip_pieces: bool,
}

impl Default for SearchLimits {
    fn default() -> Self {
        SearchLimits {
            probe: PROBE_NODES,
            near: NEAR_NODES,
            patience: PATIENCE,
            proof: PROOF_NODES,
            pieces: PIECE_NODES,
            first_from: u32::MAX,
            first_gap: FIRST_GAP,
            first_nodes: FIRST_NODES,
            no_skip: 0,
            no_skip_pieces: true,
        }
    }
}

impl SearchLimits {
    /// The defaults for `players`: [`SearchLimits::default`] with [`PIECES_BY_PLAYERS`]
    /// and [`SEARCH_NO_SKIP`].
    pub fn for_players(players: usize) -> Self {
        let pieces = PIECES_BY_PLAYERS
            .iter()
            .find(|(n, _)| *n == players)
            .map_or(PIECE_NODES, |&(_, nodes)| nodes);
        let no_skip = match SEARCH_NO_SKIP.contains(&players) {
            true => NO_SKIP_NODES,
            false => 0,
        };
        SearchLimits {
            pieces,
            no_skip,
            ..SearchLimits::default()
        }
    }
}

/// What [`neighbourhood_search`] found.
pub struct Searched {
    /// The best game.
    pub outcome: Outcome,
    /// When the search settled the part (and so stopped early): the solve of the part it
    /// ran to the end, with the result the split's own solve of the part would return.
    /// Either a solve that proved the part with `outcome` as its maximum (`Ok`: the first
    /// short solve, or a proof attempt that found a better game and proved it), or a proof
    /// attempt against `outcome` that found nothing better (`Err`: "nothing beats the
    /// cutoff"). The split takes it as the part's result.
    pub settled: Option<Result<Outcome>>,
    /// When the split divides the part by a round's ranking and every piece closed
    /// against `outcome` (and so the search stopped): each piece with the result of its
    /// solve, which the split takes as the piece's. Pieces whose LP cannot beat `outcome`
    /// are not listed (the split skips them).
    pub pieces: Vec<(Scope, Result<Outcome>)>,
    /// The LP bounds the search solved for the split's pieces (`None`: no game in the
    /// piece), so that the split does not solve them again.
    pub lps: Vec<(Scope, Option<f64>)>,
    /// How many neighbourhoods the search solved (none when its first solve settled the
    /// part, or ran to its end among the games without an empty hand).
    pub neighbourhoods: usize,
}

/// What a proof attempt of [`neighbourhood_search`] ends with.
pub(super) enum Settle {
    /// The part is settled with this game as its maximum, by this solve.
    Closed(Box<(Outcome, Result<Outcome>)>),
    /// A better game, not proven.
    Better(Box<Outcome>),
    /// Out of nodes.
    Open,
    /// Not attempted: the split divides the part again, by a round's ranking.
    Divided,
}

/// Which solves of [`neighbourhood_search`] carry the hand-budget rows
/// ([`model::cuts::hand_budget`], through [`model::vars::with_hand_rows`]), by player count (none for
/// the others): `first` (the first solve and its retry), `near` (the neighbourhoods),
/// `proof` (the proof attempts of the whole part; `pieces` would be those of its ranking
/// pieces). README, "The hand budget in the search".
/// - 5 players, the first solve and the neighbourhoods. The rows bring the LP of the part
///   searched down to its maximum (343.0 against 343), and HiGHS finds that game fast:
///   19.3 / 98.6 / 36.2 s from scratch at seeds 0–2 against 245.0 / 156.5 / 66.5 s
///   without them (at seed 0 the round-1 neighbourhood found 343 in 3 s, where it found
///   340 in 40 s); blessed 66.8 / 80.7 / 88.5 s against 267.2 / 101.0 / 94.8 s, but
///   anchor 100.8 / 113.3 / 85.6 s against 41.9 / 80.1 / 117.8 s. Not its proof
///   attempts: with the rows, at seed 2, the attempt against 340 did not find 343
///   (without them it does, at 26.6 s).
/// - 3 players, the proof attempts: the attempt that finds 427 and closes the part (LP
///   437.4) took 16.9 / 14.8 s against 23.7 / 19.2 s at seeds 1 / 2 (9.1 s against 7.1 s
///   at seed 0).
/// - 2 and 4 players, none: with the rows in the first solve and the neighbourhoods, 2
///   players took 51.8 s against 36.5 s at seed 0, 4 players 169.7 / 297.6 / 407.9 s
///   against 148.4 / 272.1 / 224.6 s (the 4-player round-1 neighbourhood took 85 s to find
///   392 where it finds 391 in 35 s), and in the first solve alone 4 players found 392 at
///   167.8 s against 64.6 s. Their searches attempt ranking pieces, not the whole part,
///   and the rows slow the 4-player hard pieces (see [`HAND_WITHIN`]).
pub const SEARCH_HAND: [(usize, &[&str]); 2] = [(3, &["proof"]), (5, &["first", "near"])];

/// The solves of [`neighbourhood_search`] that carry the hand-budget rows for `players`:
/// [`SEARCH_HAND`], or `GAMEBOUNDS_SEARCH_HAND=first,near,proof,pieces` (any of them, or
/// `none`), for measurements.
pub(super) fn search_hand(players: usize) -> Vec<String> {
    const SOLVES: [&str; 5] = ["first", "near", "proof", "pieces", "none"];
    match std::env::var("GAMEBOUNDS_SEARCH_HAND") {
        Ok(v) => {
            let solves: Vec<String> = v.split(',').map(|x| x.trim().to_string()).collect();
            for x in solves.iter().filter(|x| !SOLVES.contains(&x.as_str())) {
                eprintln!(
                    "warning: GAMEBOUNDS_SEARCH_HAND: `{x}` is none of first, near, proof, pieces, none (ignored)"
                );
            }
            solves
        }
        Err(_) => SEARCH_HAND
            .iter()
            .filter(|(n, _)| *n == players)
            .flat_map(|(_, solves)| solves.iter().map(|x| x.to_string()))
            .collect(),
    }
}

/// The player counts whose search looks only at games in which no hand runs empty
/// ([`SearchLimits::no_skip`]): 4 players. README, "A search without empty hands".
/// - The empty-hand flags are what keeps the 4-player pieces' bounds up (README, "The
///   plateau is the empty-hand disjunction"); without them the search's solves are
///   smaller problems, and the standard maximum (392) has a game without an empty hand.
///   From scratch, pairs at seeds 0–2: 98.7 / 107.7 / 83.6 s against 119.1 / 173.6 /
///   147.0 s (the search ends at 392 at all three, after 61.4 / 73.6 / 58.0 s, where it
///   ended at 392 / 391 / 391 after 82.8 / 109.1 / 102.3 s); seeds 3–5 96.1 / 215.1 /
///   125.2 s against 174.2 / 284.4 / 151.2 s. Blessed (seed 0) 258.8 s,
///   proven 393; anchor 28.9 s against 31.2 s, proven 380, although its maximum needs an
///   empty hand in round 4 (its search ends at 368, and the split finds 380 in 27.7 s).
/// - Not 2, 3 and 5 players: standard from scratch, pairs at seeds 0–2, 31.4 / 26.7 /
///   29.5 s against 27.6 / 26.1 / 32.2 s (2 players), 41.5 / 35.5 / 25.7 s against 34.9
///   / 42.6 / 47.0 s (3), 26.0 / 9.5 / 26.5 s against 16.2 / 46.1 / 27.2 s (5): other
///   paths, no clear gain; 3-player anchor 37.9 s against 32.6 s, blessed 106.0 s
///   against 110.4 s (seed 0). With the first solve run to its end ([`NO_SKIP_NODES`]), 3
///   players took 52.7 / 30.7 / 40.2 s against 39.2 / 45.9 / 51.5 s (pairs, seeds 0–2):
///   no clear gain either.
pub const SEARCH_NO_SKIP: [usize; 1] = [4];

/// Branch-and-bound nodes of the first solve of a search that looks only at games without
/// an empty hand ([`SEARCH_NO_SKIP`], [`SearchLimits::no_skip`]): enough to run it to its
/// end, so that its game is the best such game and the search ends there (every
/// neighbourhood would look only at such games too). README, "The games without an empty
/// hand, solved to the end".
/// - 4 players, standard: the part searched ("5 tokens, first in rounds 2, 3 and 4")
///   without empty hands is solved in 1059–1345 nodes, 25.0–48.7 s at seeds 0–5 (392 at
///   every seed), where the root and four neighbourhoods (each of which HiGHS also solved
///   to its end, in 13–584 nodes) took 54.5–73.6 s. From scratch, pairs, seeds 0–5:
///   68.0 / 80.0 / 59.2 / 89.4 / 113.2 / 101.8 s against 98.7 / 107.7 / 83.6 / 96.1 /
///   215.1 / 125.2 s (511.6 s in all against 726.4 s); `bench --players 4` 73.2 / 81.9
///   / 60.2 s (97.5 / 103.0 / 80.2 s before). Anchor 21.4 s against 28.9 s, blessed
///   211.9 s against 258.8 s (seed 0, both proven).
/// - A solve that does not end within these nodes leaves its game to the neighbourhoods,
///   as with the root alone (`GAMEBOUNDS_LNS`'s ninth field `1`).
/// - Since the same session the part goes piece by piece by its ranking ([`PIECES_WITHIN`]),
///   each piece with these nodes.
pub const NO_SKIP_NODES: u64 = 5000;

/// A search's first solve among the games without an empty hand ([`NO_SKIP_NODES`]) of a
/// leaf part that the split may divide by a round's ranking goes piece by piece: first the
/// pieces whose LP lies within this fraction of the highest piece LP, fewest ranked
/// artists first, then the others; each to its end, after the first against the best game
/// so far (a cutoff, heuristics off). LPs that close together do not say which piece holds
/// the best game, and the piece with the fewest ranked artists has the fewest ranking
/// patterns, so its solve is the shortest; its game then closes the others quickly.
/// README, "The games without an empty hand, piece by piece".
/// - 4 players, standard: the part searched ("5 tokens, first in rounds 2, 3 and 4") has
///   pieces with 3, 2 and 1 artists ranked in round 1, LPs 399.8, 399.0 and 361.3. The
///   2-ranked piece, which holds 392, goes first (392 to the end in 17.8–21.7 s), the
///   3-ranked one then closes against it in about 6 s, and the 1-ranked one is skipped by
///   its LP: the search takes 23.8–32.5 s at seeds 0–5, against 25.0–48.7 s for the part
///   whole (which spends its time in the 3-ranked piece, whose LP is higher: alone, 391
///   to the end in 27.1 s). From scratch, pairs, seeds 0–5: 62.2 / 58.8 / 53.4 / 69.9 /
///   103.2 / 106.6 s against 68.0 / 80.0 / 59.2 / 89.4 / 113.2 / 101.8 s (454.1 s in all
///   against 511.6 s); `bench --players 4` 62.2 / 56.1 / 53.0 s (73.2 / 81.9 / 60.2 s),
///   the full `bench` 61.2 / 57.1 / 51.7 s.
///   Blessed (seed 0) 182.4 s against 211.9 s; anchor 30.0 s against 21.4 s (its part's
///   maximum without an empty hand, 368, is in the 3-ranked piece, and the part whole is
///   solved at its root in 0.5 s).
pub const PIECES_WITHIN: f64 = 0.02;

/// The limits of the split's [`neighbourhood_search`] for `players`:
/// [`SearchLimits::for_players`], or
/// `GAMEBOUNDS_LNS=probe,near,patience,proof,pieces,first_from,first_gap,first_nodes,no_skip,no_skip_pieces` (a
/// field left out keeps its default; a probe of `0` turns the search off, a patience of
/// `0` tries every round once, a proof or pieces of `0` attempts no proof of the part or
/// of its pieces, a first_from of `k` stops the neighbourhoods from the (k + 1)-th on at
/// their first better game; a first game within the fraction first_gap of the first
/// solve's bound is attempted as the part's maximum, or its pieces are, for first_nodes
/// nodes each, `0` for none; a no_skip of `k` above 0 restricts the first solve, of `k`
/// nodes, and the neighbourhoods to games without an empty hand, `0` does not; a
/// no_skip_pieces of `0` gives that first solve the part whole, `1` piece by piece).
pub(super) fn search_limits(players: usize) -> SearchLimits {
    let d = SearchLimits::for_players(players);
    match std::env::var("GAMEBOUNDS_LNS") {
        Ok(x) => {
            let n: Vec<f64> = x.split(',').filter_map(|y| y.trim().parse().ok()).collect();
            // Whole numbers for the counts (a negative or fractional one is cut to one).
            let at = |k: usize, default: u64| n.get(k).map_or(default, |&y| y.max(0.0) as u64);
            SearchLimits {
                probe: at(0, d.probe),
                near: at(1, d.near),
                patience: at(2, d.patience.into()).try_into().unwrap_or(u32::MAX),
                proof: at(3, d.proof),
                pieces: at(4, d.pieces),
                first_from: at(5, d.first_from.into()).try_into().unwrap_or(u32::MAX),
                first_gap: n.get(6).copied().unwrap_or(d.first_gap),
                first_nodes: at(7, d.first_nodes),
                no_skip: at(8, d.no_skip),
                no_skip_pieces: n.get(9).map_or(d.no_skip_pieces, |&y| y != 0.0),
            }
        }
        Err(_) => d,
    }
}

/// A good game of `scope` (a leaf part of the split, with no game known yet), found by a
/// large neighbourhood search, so that the part and the rest of the split are solved
/// against it (a proof, with HiGHS's heuristics off) instead of by a search that must both
/// find and prove. A short solve of the part ([`PROBE_NODES`]: its root) gives a first
/// game, attempted at once when it lies near that solve's bound ([`FIRST_GAP`]); then,
/// once for each round in turn, the part with that round's shape kept as in the best game
/// so far and the other rounds free ([`model::Near`], [`NEAR_NODES`]) is searched for a
/// better one (or until [`PATIENCE`] neighbourhoods in a row find nothing better). After
/// each better game a short proof of the part against it ([`PROOF_NODES`]; `lp`, the
/// part's LP bound, tells whether the split would solve the part whole) may settle the
/// part, and the search then stops; where the split would divide the part by a round's
/// ranking, its pieces are attempted instead ([`PIECE_NODES`]), once per game, after a
/// neighbourhood finds nothing better than it. Measured (standard, from scratch): the maximum was
/// found for 3, 4 and 5 players after 42, 38 and 69 s (HiGHS alone, solving the part whole,
/// found 392 for 4 players only after 108 s); with 200 nodes, the 2-player first solve
/// proved the part (with the root alone, the attempt against its 440 does). With 4
/// players ([`SEARCH_NO_SKIP`]) the first solve looks only at games in which no hand runs
/// empty and runs to its end ([`NO_SKIP_NODES`]; piece by piece where the split may divide
/// the part by a round's ranking, [`PIECES_WITHIN`]); its game, the best such game, then
/// ends the search, since every neighbourhood would look only at such games too.
/// Work limits ([`SearchLimits`]), not clocks: the same command finds the same game.
/// `None` when the first solve finds no game (or its node limit is 0).
pub fn neighbourhood_search(
    c: &Config,
    objective: Objective,
    player: Option<usize>,
    scope: &Scope,
    lp: Option<f64>,
    opts: &SolveOptions,
    limits: SearchLimits,
) -> Option<Searched> {
    if limits.probe == 0 {
        return None;
    }
    let started = std::time::Instant::now();
    let quiet = SolveOptions {
        quiet: true,
        ..opts.clone()
    };
    let say = |what: &str, o: &Outcome| {
        if !opts.quiet {
            let secs = started.elapsed().as_secs_f64();
            eprintln!("search: {what}: {} ({secs:.1} s)", o.value);
        }
    };
    let rounds = c.variant.rounds;
    let all = (1u32 << rounds) - 1;
    // The hand-budget rows of each kind of solve ([`search_hand`]): all or none.
    let hand = search_hand(c.players);
    // Whether the first solve and the neighbourhoods look only at games without an empty
    // hand ([`SearchLimits::no_skip`]; off again when the part has none).
    let no_skip = std::cell::Cell::new(limits.no_skip > 0);
    let rows_of = |what: &str| match hand.iter().any(|x| x == what) {
        true => model::vars::HandRows::All,
        false => model::vars::HandRows::None,
    };
    // `part` solved with every round free and no plan, for at most `nodes`, with HiGHS's
    // seed `seed`: the first solve, and (below) the proof attempts.
    let seeded = |part: &Scope, nodes: u64, strong: bool, seed: i32| {
        let o = SolveOptions {
            seed,
            ..quiet.clone()
        };
        let near = model::Near {
            plan: None,
            free: all,
            beat: None,
            nodes,
            strong,
            first: false,
            // Not a proof attempt, which must cover every game.
            no_skip: part.beating.is_none() && no_skip.get(),
        };
        let rows = rows_of(match (part.beating, part.ranked) {
            (None, _) => "first",
            (Some(_), None) => "proof",
            (Some(_), Some(_)) => "pieces",
        });
        model::vars::with_hand_rows(rows, || {
            solve_near(c, objective, player, part, &o, None, Some(near))
        })
    };
    let unplanned = |part: &Scope, nodes: u64, strong: bool| seeded(part, nodes, strong, opts.seed);
    // The first solve's nodes: `no_skip`'s while it looks only at games without an empty
    // hand.
    let probe = || match no_skip.get() {
        true => limits.no_skip,
        false => limits.probe,
    };
    // With the restriction, a leaf part that the split may divide by a round's ranking
    // (the first round its artist does not lead) is solved piece by piece, each piece to
    // its end: the pieces whose LP lies within PIECES_WITHIN of the highest first, fewest
    // ranked artists first (the fewest ranking patterns: the smallest model), then the
    // others by LP, each against the best game so far (as the split solves a part: a
    // cutoff, HiGHS's heuristics off) and skipped when its LP cannot beat it. `None`: the
    // part is not such a leaf, or no piece has such a game (the part is then solved whole,
    // which says why). The pieces' LPs go to `piece_lps`, for the split.
    let mut piece_lps: Vec<(Scope, Option<f64>)> = Vec::new();
    let by_pieces = (|| -> Option<Outcome> {
        if !(no_skip.get() && limits.no_skip_pieces) {
            return None;
        }
        let r = leaf_ranking_round(c, scope)?;
        let mut pieces = Vec::new();
        for k in 0..=c.places() {
            let piece = scope.ranking(r, k);
            let lp = part_lp(c, objective, player, &piece, opts).ok()?;
            piece_lps.push((piece, lp));
            if let Some(lp) = lp {
                pieces.push((k, lp, piece));
            }
        }
        let top = pieces.iter().map(|x| x.1).fold(f64::NEG_INFINITY, f64::max);
        let near_top = |lp: f64| lp >= top - PIECES_WITHIN * top.abs();
        pieces.sort_by(|x, y| match (near_top(x.1), near_top(y.1)) {
            (true, true) => x.0.cmp(&y.0),
            (false, false) => y.1.total_cmp(&x.1),
            (near_x, near_y) => near_y.cmp(&near_x),
        });
        let mut best: Option<Outcome> = None;
        // Whether every piece was solved to its end (or closed against the best game).
        let mut ended = true;
        for (k, lp, piece) in pieces {
            if best.as_ref().is_some_and(|o| whole(lp) <= o.value as f64) {
                continue;
            }
            let part = match &best {
                Some(o) => piece.beating(o.value),
                None => piece,
            };
            let near = model::Near {
                plan: None,
                free: all,
                beat: None,
                nodes: limits.no_skip,
                strong: true,
                first: false,
                no_skip: true,
            };
            let found = model::vars::with_hand_rows(rows_of("first"), || {
                solve_near(c, objective, player, &part, &quiet, None, Some(near))
            });
            if !opts.quiet {
                let what = match &found {
                    Ok(o) if o.proven => format!("{}, to the end", o.value),
                    Ok(o) => format!("{}, stopped by the node or time limit", o.value),
                    Err(e) if is_infeasible(e) => "none better".to_string(),
                    Err(e) => format!("{e:#}"),
                };
                let secs = started.elapsed().as_secs_f64();
                eprintln!(
                    "search: without empty hands, {k} ranked in round {}: {what} ({secs:.1} s)",
                    r + 1
                );
            }
            match found {
                Ok(o) => {
                    ended &= o.proven;
                    if best.as_ref().is_none_or(|b| o.value > b.value) {
                        best = Some(o);
                    }
                }
                Err(e) if is_infeasible(&e) => {}
                Err(_) => ended = false,
            }
        }
        best.map(|o| Outcome { proven: ended, ..o })
    })();
    // (The pieces' rows: `ranks_exactly`, one.)
    let piece_rows = usize::from(by_pieces.is_some());
    // The first solve; when it finds no game within its nodes (5 players with HiGHS's
    // seed 1), the same solve with the next RETRY_SEEDS seeds, then once more with
    // RETRY_NODES and no strong branching (it only has to find a game): without one the
    // part is solved by a search that must both find and prove (5 players, seed 1:
    // 277.6 s).
    let first = match by_pieces.map_or_else(|| unplanned(scope, probe(), true), Ok) {
        // No game without an empty hand (2-player miniature m27): the search looks at
        // every game.
        Err(e) if is_infeasible(&e) && no_skip.get() => {
            if !opts.quiet {
                eprintln!("search: no game without an empty hand; the search looks at every game");
            }
            no_skip.set(false);
            unplanned(scope, probe(), true)
        }
        first => first,
    };
    let first = match first {
        Err(e) if !is_infeasible(&e) => {
            let seeds = env_or("GAMEBOUNDS_RETRY_SEEDS", RETRY_SEEDS).max(0);
            if !opts.quiet {
                let first = match probe() {
                    1 => "at the first solve's root".to_string(),
                    n => format!("in the first solve's {n} nodes"),
                };
                eprintln!(
                    "search: no game {first}; again with HiGHS's next {seeds} seed(s), then {RETRY_NODES} nodes"
                );
            }
            let again = (1..=seeds).find_map(|k| {
                let seed = opts.seed.saturating_add(k);
                let o = seeded(scope, probe(), true, seed).ok()?;
                if !opts.quiet {
                    eprintln!("search: a game with seed {seed}");
                }
                Some(o)
            });
            match again {
                Some(o) => Ok(o),
                None => unplanned(scope, RETRY_NODES, false),
            }
        }
        first => first,
    };
    // A first solve without empty hands that ran to its end has the best such game: every
    // neighbourhood would look only at such games too, so none could beat it.
    let exhausted = matches!(&first, Ok(o) if no_skip.get() && o.proven);
    let mut best = match first {
        // A first solve without empty hands proves nothing about the part.
        Ok(o) if no_skip.get() => Outcome { proven: false, ..o },
        Ok(o) => o,
        Err(e) => {
            if !opts.quiet {
                eprintln!("search: no first game ({e:#}); the part is solved without one");
            }
            return None;
        }
    };
    if best.proven {
        say("first solve, proven for the part", &best);
        return Some(Searched {
            outcome: best.clone(),
            settled: Some(Ok(best)),
            pieces: Vec::new(),
            lps: Vec::new(),
            neighbourhoods: 0,
        });
    }
    say("first game", &best);
    // The part against a game, briefly, as the split will solve it. Only a part the split
    // solves whole: when it divides the part again by a round's ranking, one of those
    // pieces (the one holding the game) needs more nodes than a short attempt has (4
    // players: 1000 nodes, 25 s, not closed; the split closes it in 28 s), and attempts
    // that fail cost their time twice (4-player blessed with 3000 nodes: two failed
    // attempts, 93 s). Such a part's pieces are attempted later, once per game, after a
    // neighbourhood found nothing better (`attempt_pieces`, [`PIECE_NODES`]).
    // The round by whose ranking the split divides the part against a game of this value.
    let divides = |value: i64| lp.and_then(|b| ranking_round(c, scope, b, value));
    // A part (or piece) against a game, as the split will solve it, for at most `nodes`.
    let attempt = |part: &Scope, beat: i64, nodes: u64| -> Result<Outcome> {
        unplanned(&part.beating(beat), nodes, true)
    };
    let settle = |best: &Outcome, nodes: u64| -> Settle {
        if divides(best.value).is_some() {
            return Settle::Divided;
        }
        match attempt(scope, best.value, nodes) {
            Err(e) if is_infeasible(&e) => Settle::Closed(Box::new((best.clone(), Err(e)))),
            // Proven at a better game: that solve is the part's result.
            Ok(o) if o.value > best.value && o.proven => {
                Settle::Closed(Box::new((o.clone(), Ok(o))))
            }
            Ok(o) if o.value > best.value => Settle::Better(Box::new(o)),
            // Out of nodes (or a game that does not beat the cutoff).
            _ => Settle::Open,
        }
    };
    // The part's own model size, for the report (a neighbourhood's has its fixings too,
    // and a first solve without empty hands one row per seat and round: `no_empty_hand`).
    let skip_rows = match no_skip.get() {
        true => c.players * rounds + piece_rows,
        false => 0,
    };
    let size = (
        best.report.rows.saturating_sub(skip_rows),
        best.report.columns,
        best.report.integers,
    );
    // The pieces of the part, divided by round `r`'s ranking, against its best game: each
    // whose LP can beat it by a piece attempt (see [`PIECE_NODES`]): the pieces' solves
    // when every one closed against the game or was proven at a better one, `None` when a
    // piece ran out of nodes (or an LP or solve failed) or found a better game unproven.
    // `best` moves to any better game a piece finds. The pieces' LPs go to `lps`, for the
    // split.
    let attempt_pieces =
        |best: &mut Outcome, r: usize, nodes: u64, lps: &mut Vec<(Scope, Option<f64>)>| {
            let mut closed = Vec::new();
            // A piece proven at a better game makes it `best`: the pieces after it are
            // attempted against it (those before closed against a lower game, so none of
            // them beats it either).
            let start = best.value;
            let ended = 'pieces: {
                for k in 0..=c.places() {
                    let piece = scope.ranking(r, k);
                    let Ok(b) = part_lp(c, objective, player, &piece, opts) else {
                        break 'pieces None;
                    };
                    lps.push((piece, b));
                    if b.is_none_or(|b| whole(b) <= best.value as f64) {
                        continue;
                    }
                    match attempt(&piece, best.value, nodes) {
                        Err(e) if is_infeasible(&e) => closed.push((piece, Err(e))),
                        // Proven at a better game: that solve is the piece's result.
                        Ok(o) if o.value > best.value && o.proven => {
                            closed.push((piece, Ok(o.clone())));
                            *best = o;
                        }
                        Ok(o) if o.value > best.value => {
                            *best = o;
                            break 'pieces None;
                        }
                        _ => break 'pieces None,
                    }
                }
                Some(closed)
            };
            match (&ended, best.value > start) {
                (Some(_), _) => say(
                    "the part's pieces closed against it, search ends with",
                    best,
                ),
                (_, true) => say("a piece's proof attempt found a better game", best),
                (_, false) => say("the part's pieces not closed against it", best),
            }
            ended
        };
    // The game whose pieces were attempted (once per game), the pieces that closed against
    // the best game, and the pieces' LPs.
    let mut attempted: Option<i64> = None;
    let mut pieces = Vec::new();
    let mut lps = piece_lps;
    let mut fruitless = 0;
    let mut neighbourhoods = 0;
    // The solve that settled the part, when a proof attempt did.
    let mut settled = None;
    // A game that reaches the part's LP bound is its maximum: the search ends, and the
    // split skips the part by that bound (5 players, seed 0: the part's LP is 343.0, and
    // a proof attempt against 343 took 24 s).
    let reached = |best: &Outcome| lp.is_some_and(|b| whole(b) <= best.value as f64);
    // The same, said when it ends the search.
    let ends_at_bound = |best: &Outcome| {
        let at = reached(best);
        if at {
            say("the part's LP bound reached, search ends with", best);
        }
        at
    };
    // Proof attempts of the part against `best` (and against each better game one finds,
    // unproven): the solve that closed the part, if one did.
    let closes = |best: &mut Outcome, nodes: u64| -> Option<Result<Outcome>> {
        if nodes == 0 {
            return None;
        }
        loop {
            match settle(best, nodes) {
                Settle::Closed(closed) => {
                    let (o, solved) = *closed;
                    *best = o;
                    say("the part closed against it, search ends with", best);
                    return Some(solved);
                }
                Settle::Better(o) => {
                    *best = *o;
                    say("the proof attempt found a better game", best);
                    if reached(best) {
                        return None;
                    }
                }
                Settle::Open => {
                    say("the part not closed against it", best);
                    return None;
                }
                Settle::Divided => return None,
            }
        }
    };
    let near_bound = best
        .report
        .bound
        .is_some_and(|b| b - best.value as f64 <= limits.first_gap * (best.value as f64).abs());
    // A first game within FIRST_GAP of the first solve's bound may be the part's maximum,
    // or a short step below it: the part (or, where the split divides it by a round's
    // ranking, its pieces) is attempted against it at once, briefly ([`FIRST_NODES`]).
    let mut done = ends_at_bound(&best);
    if exhausted && !done {
        say(
            "the best game without an empty hand, search ends with",
            &best,
        );
        done = true;
    }
    if !done && near_bound && limits.first_nodes > 0 {
        match divides(best.value) {
            // Out of nodes or not, the pieces are attempted again after a fruitless
            // neighbourhood, with more nodes (not marked as attempted).
            Some(r) => {
                if let Some(closed) = attempt_pieces(&mut best, r, limits.first_nodes, &mut lps) {
                    pieces = closed;
                    done = true;
                }
            }
            None => {
                settled = closes(&mut best, limits.first_nodes);
                done = settled.is_some();
            }
        }
    }
    'rounds: for kept in (0..rounds).filter(|_| !done) {
        // (A piece's proof attempt may have found a better game.)
        if kept > 0 && ends_at_bound(&best) {
            break;
        }
        if limits.patience > 0 && fruitless >= limits.patience {
            if !opts.quiet {
                eprintln!(
                    "search: stopped before round {} ({fruitless} neighbourhood(s) in a row found nothing better)",
                    kept + 1
                );
            }
            break;
        }
        let near = model::Near {
            plan: Some(&best.assignment),
            free: all & !(1 << kept),
            beat: Some(best.value),
            nodes: limits.near,
            strong: true,
            first: kept as u32 >= limits.first_from,
            no_skip: no_skip.get(),
        };
        neighbourhoods += 1;
        let found = model::vars::with_hand_rows(rows_of("near"), || {
            solve_near(c, objective, player, scope, &quiet, Some(&best), Some(near))
        });
        match found {
            Ok(o) if o.value > best.value => {
                best = o;
                fruitless = 0;
                say(
                    &format!("round {} kept, the others changed", kept + 1),
                    &best,
                );
            }
            // None better there (or none found within the nodes). The part against the
            // same game would fail the same way: no proof attempt; but where the split
            // divides the part, its pieces are attempted against the game once.
            _ => {
                fruitless += 1;
                let divided = divides(best.value).filter(|_| attempted != Some(best.value));
                if let Some(r) = divided.filter(|_| limits.pieces > 0) {
                    attempted = Some(best.value);
                    let before = best.value;
                    if let Some(closed) = attempt_pieces(&mut best, r, limits.pieces, &mut lps) {
                        pieces = closed;
                        break 'rounds;
                    }
                    if best.value > before {
                        fruitless = 0;
                    }
                }
                continue;
            }
        }
        // A better game, perhaps the part's maximum: can the part be closed against it?
        if ends_at_bound(&best) {
            break 'rounds;
        }
        if let Some(solved) = closes(&mut best, limits.proof) {
            settled = Some(solved);
            break 'rounds;
        }
    }
    if settled.is_none() && pieces.is_empty() && !reached(&best) && !exhausted {
        say("best game", &best);
    }
    (best.report.rows, best.report.columns, best.report.integers) = size;
    Some(Searched {
        outcome: best,
        settled,
        pieces,
        lps,
        neighbourhoods,
    })
}

/// The round by whose ranking the split divides a part once more: the first round its
/// artist does not lead, when the part is a leaf of the leads split (every round decided,
/// not yet divided by ranking) whose LP `lp` exceeds the best game `best` by more than
/// [`RANKED_BEYOND`]. `None`: the part is solved whole.
pub(super) fn ranking_round(c: &Config, scope: &Scope, lp: f64, best: i64) -> Option<usize> {
    let beyond = !within_share(lp, best, split_shares(c.players).1);
    leaf_ranking_round(c, scope).filter(|_| beyond)
}

/// The round by whose ranking the split may divide a part, whatever its LP: the first
/// round its artist does not lead, when the part is a leaf of the leads split (every round
/// decided, not yet divided by ranking). See [`ranking_round`].
pub(super) fn leaf_ranking_round(c: &Config, scope: &Scope) -> Option<usize> {
    let leads = scope.leads?;
    let rounds = c.variant.rounds;
    let leaf = scope.ranked.is_none() && leads.settled(rounds);
    (0..rounds)
        .find(|r| leads.led >> r & 1 == 0)
        .filter(|_| leaf)
}
