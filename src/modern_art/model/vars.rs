//! The model's variables and the expressions every rule area shares (turns taken, face-up
//! counts, ranking counts, cards used). Seats are *relative*: seat 0 is the player the
//! objective is about; the seat that opens round 1 is itself a variable (so "the best
//! seat" is one solve), and the scheduler maps relative seats back to table seats.

use good_lp::{Expression, Variable};

use super::super::rules::{Config, EndPlay, Symbol};
use crate::lp::Model;

/// Symbols whose effect a primary (turn) card can resolve, in the order of `Vars::res`.
pub const RESOLVED: [Symbol; 5] = [
    Symbol::Draw,
    Symbol::Double,
    Symbol::Hidden,
    Symbol::Simultaneous,
    Symbol::Award,
];
pub const DRAW: usize = 0;
pub const DOUBLE: usize = 1;
pub const HIDDEN: usize = 2;
pub const SIMUL: usize = 3;
pub const AWARD: usize = 4;

/// `[round][seat][artist]` variables.
pub type Grid = Vec<Vec<Vec<Variable>>>;

/// Sizes and bounds derived from the configuration.
pub struct Dims {
    pub n: usize,
    pub a: usize,
    pub r: usize,
    /// Closing threshold K.
    pub k: usize,
    /// Upper bound on one artist's count in one round (face-up + hidden + end play).
    pub count_max: usize,
    /// Upper bound on one player's turns in one round.
    pub turn_max: usize,
    /// Upper bound on one player's hand.
    pub hand_max: usize,
    /// Ranked places per round (value points awarded).
    pub places: usize,
    /// Highest value an artist can have after each round.
    pub value_max: Vec<usize>,
    pub blessed: bool,
}

impl Dims {
    pub fn new(c: &Config) -> Dims {
        let n = c.players;
        let a = c.artists();
        let r = c.variant.rounds;
        let k = c.threshold();
        let hidden: usize = (0..a).map(|x| c.supply(x, Symbol::Hidden)).sum();
        let blessed = c.variant.end_play == EndPlay::Blessed;
        let count_max = k - 1 + n + hidden + if blessed { n } else { 0 };
        let turn_max = a * (k - 1) + 1;
        let deck: usize = (0..a).map(|x| c.cards_of(x)).sum();
        let hand_max = deck;
        let places = c.places();
        let top = c
            .variant
            .value_points
            .iter()
            .copied()
            .max()
            .unwrap_or(0)
            .max(0) as usize;
        let tokens = c.variant.awards * c.variant.award_value.max(0) as usize;
        let value_max = (0..r).map(|i| (i + 1) * top + tokens).collect();
        Dims {
            n,
            a,
            r,
            k,
            count_max,
            turn_max,
            hand_max,
            places,
            value_max,
            blessed,
        }
    }
}

/// Every decision variable of the model.
pub struct Vars {
    pub d: Dims,
    /// Primaries (turn cards) played without a resolved symbol: plain cards, declined
    /// `double`/`hidden`/`simultaneous` cards, and the closing card (whatever its symbol).
    pub plain: Grid,
    /// `res[r][p][a][s]`: primaries of artist `a` whose symbol `RESOLVED[s]` is resolved.
    pub res: Vec<Vec<Vec<[Variable; 5]>>>,
    /// Second cards displayed face up through `double` (same artist).
    pub dbl: Grid,
    /// Second cards displayed face down through `hidden`, by the second card's artist.
    pub hid: Grid,
    /// Cards displayed in `simultaneous` events (all of the round's events).
    pub sim: Grid,
    /// The part of `sim` shown in the closing `simultaneous` event.
    pub scl: Grid,
    /// `end_play = blessed` cards (0/1 per artist).
    pub ep: Option<Grid>,
    /// `cz[r][p][a]`: seat p closes the round by displaying the K-th face-up card of a.
    pub cz: Grid,
    /// `cs[r][p]`: seat p closes the round with a `simultaneous` event.
    pub cs: Vec<Vec<Variable>>,
    /// A player's hand is empty after the last turn of the round (before end play).
    pub empty: Vec<Vec<Variable>>,
    /// Cards in hand after the round (end play included).
    pub hand_end: Vec<Vec<Variable>>,
    /// Full rounds of turns: every seat takes `cycles` or `cycles + 1` turns.
    pub cycles: Vec<Variable>,
    /// `lam[r][s][c]`: round r is opened by seat s and its last turn is seat c's.
    pub lam: Vec<Vec<Vec<Variable>>>,
    /// The round ended because every hand was empty (no artist reached K).
    pub noclose: Vec<Variable>,
    /// Nobody takes a turn in round r (every hand empty from the start).
    pub idle: Vec<Variable>,
    /// `reached[r][a]`: a reached K in a closing `simultaneous` event.
    pub reached: Vec<Vec<Variable>>,
    /// `extra[r][a]`: the extra card is of artist a (None when the round has no extra).
    pub extra: Vec<Option<Vec<Variable>>>,
    /// Award tokens placed on each artist in each round.
    pub placed: Vec<Vec<Variable>>,
    /// `tokens_end[a][t]`: artist a ends the game with t award tokens (its value path's
    /// last state; see [`super::values::values`]).
    pub tokens_end: Vec<Vec<Variable>>,
    /// Every award token has been placed by the end of round r (later award cards are void).
    pub exhausted: Vec<Variable>,
    /// The closing card of artist a carries a `draw` or `award` symbol (unresolved, or
    /// resolved with `resolve_closing_symbol`: then counted in `close_res` too; with both
    /// readings, only the closing turn cards, since closing second cards that carry one
    /// are `close_chain`).
    pub close_marked: Vec<Variable>,
    /// `resolve_closing_symbol`: `close_res[r][p][a][0]` = seat p's closing turn card of
    /// a carries `draw` and draws after the close (the card arrives for the next round),
    /// `[1]` = it carries `award` and places a token before the scoring.
    pub close_res: Option<Vec<Vec<Vec<[Variable; 2]>>>>,
    /// `chain_symbols`: `chain[r][p][a][0]` = seat p's second cards (`double`, `hidden`)
    /// and simultaneous cards of artist a in round r that carry `draw` and resolve it,
    /// `[1]` = that carry `award` and place a token (none of them closing the round).
    pub chain: Option<Vec<Vec<Vec<[Variable; 2]>>>>,
    /// `chain_symbols` with `resolve_closing_symbol`: `close_second[r][p][a]` = seat p
    /// closes round r with a second card of a (a `double`'s, or a `hidden`'s when hidden
    /// cards count), not with its turn card.
    pub close_second: Option<Grid>,
    /// `chain_symbols` with `resolve_closing_symbol`: `close_chain[r][p][a][0]` = seat
    /// p's card of a in round r's closing turn that is a second card (the closing one) or
    /// a card of the closing `simultaneous` event, carries `draw` and draws after the
    /// close; `[1]` = it carries `award` and places a token before the scoring.
    pub close_chain: Option<Vec<Vec<Vec<[Variable; 2]>>>>,
    /// Ranking patterns of each round: the ordered ranked artists and the binary.
    pub patterns: Vec<Vec<(Vec<usize>, Variable)>>,
    /// `level[r][a][v]`: artist a's value after round r is v.
    pub level: Vec<Vec<Vec<Variable>>>,
    /// `paid[r][p][a][v]`: seat p's cards of a in round r, paid at value v (scored seats).
    pub paid: Vec<Vec<Vec<Vec<Variable>>>>,
    /// `unpaid[r][p][a]`: seat p's cards of a that score nothing (a unranked).
    pub unpaid: Grid,
    /// The same split for seat p's hidden cards (kept apart: a seat shows at most K
    /// face-up cards of an artist, so that part has a small coefficient).
    pub paid_hid: Vec<Vec<Vec<Vec<Variable>>>>,
    pub unpaid_hid: Grid,
    /// `award_pays_unranked`: `tokens[r][a][t]`, artist a carries t tokens after round r,
    /// and `paid_tokens[r][p][a][t]`, seat p's unranked cards of a paid t tokens' worth.
    pub tokens: Vec<Vec<Vec<Variable>>>,
    pub paid_tokens: Vec<Vec<Vec<Vec<Variable>>>>,
    /// Seats whose score the objective needs.
    pub scored: Vec<usize>,
    pub award_value: i64,
    /// Interchangeable artists, when the scope renames them ([`super::relabel`]): their
    /// card counts and tie-break places are then variables.
    pub relabel: Option<super::relabel::Relabel>,
}

/// The hand-budget rows ([`super::cuts::hand_budget`]) an integer model gets; every LP
/// relaxation gets them all.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, serde::Serialize, serde::Deserialize)]
pub enum HandRows {
    /// None (the default).
    #[default]
    None,
    /// All of them: the search's solves where they help (the tuning's `search_hand`).
    All,
    /// Only those of the part's token artist (the artist a of `Tokens::Exactly(a, _)`; all
    /// of them in a part with no token artist): the split's parts near the best game
    /// (the tuning's `hand_within`).
    TokenArtist,
}

/// An integer (continuous in a model built as its LP relaxation, see
/// [`Model::relax_integers`]).
pub fn int(m: &mut Model, name: String, lo: f64, hi: f64) -> Variable {
    m.integer(name, lo, hi)
}

pub fn bin(m: &mut Model, name: String) -> Variable {
    int(m, name, 0.0, 1.0)
}

fn grid(m: &mut Model, d: &Dims, name: &str, hi: impl Fn(usize, usize, usize) -> f64) -> Grid {
    rpa(d, |r, p, a| {
        int(m, format!("{name}_{r}_{p}_{a}"), 0.0, hi(r, p, a))
    })
}

/// One item per round, seat and artist, made in that order (which fixes the column order
/// HiGHS sees).
pub(super) fn rpa<T>(d: &Dims, mut f: impl FnMut(usize, usize, usize) -> T) -> Vec<Vec<Vec<T>>> {
    (0..d.r)
        .map(|r| {
            (0..d.n)
                .map(|p| (0..d.a).map(|a| f(r, p, a)).collect())
                .collect()
        })
        .collect()
}

/// One variable per round and seat (`{name}_r_p`): binary, or an integer up to `hi`.
fn per_round(m: &mut Model, d: &Dims, name: &str, binary: bool, hi: f64) -> Vec<Vec<Variable>> {
    (0..d.r)
        .map(|r| {
            (0..d.n)
                .map(|p| {
                    if binary {
                        bin(m, format!("{name}_{r}_{p}"))
                    } else {
                        int(m, format!("{name}_{r}_{p}"), 0.0, hi)
                    }
                })
                .collect()
        })
        .collect()
}

/// `lam_r_s_e`: round r starts at seat s and ends at seat e.
fn lam_vars(m: &mut Model, d: &Dims) -> Vec<Vec<Vec<Variable>>> {
    (0..d.r)
        .map(|r| {
            (0..d.n)
                .map(|s| {
                    (0..d.n)
                        .map(|e| bin(m, format!("lam_{r}_{s}_{e}")))
                        .collect()
                })
                .collect()
        })
        .collect()
}

/// One binary per round and ranking pattern.
fn pattern_vars(m: &mut Model, d: &Dims) -> Vec<Vec<(Vec<usize>, Variable)>> {
    (0..d.r)
        .map(|r| {
            ranking_patterns(d.a, d.places)
                .into_iter()
                .map(|pat| {
                    let name = format!("pat_{r}_{pat:?}");
                    let v = bin(m, name);
                    (pat, v)
                })
                .collect()
        })
        .collect()
}

/// One binary per round, artist and value level.
fn level_vars(m: &mut Model, d: &Dims) -> Vec<Vec<Vec<Variable>>> {
    (0..d.r)
        .map(|r| {
            (0..d.a)
                .map(|a| {
                    (0..=d.value_max[r])
                        .map(|v| bin(m, format!("level_{r}_{a}_{v}")))
                        .collect()
                })
                .collect()
        })
        .collect()
}

/// Seat p's cards of artist a in round r, by the value level they are paid at
/// (`{name}_r_p_a_v`, scored seats only).
fn paid_grid(
    m: &mut Model,
    d: &Dims,
    scored: &[usize],
    name: &str,
) -> Vec<Vec<Vec<Vec<Variable>>>> {
    let cm = d.count_max as f64;
    (0..d.r)
        .map(|r| {
            (0..d.n)
                .map(|p| {
                    if !scored.contains(&p) {
                        return Vec::new();
                    }
                    (0..d.a)
                        .map(|a| {
                            (0..=d.value_max[r])
                                .map(|v| m.continuous(format!("{name}_{r}_{p}_{a}_{v}"), 0.0, cm))
                                .collect()
                        })
                        .collect()
                })
                .collect()
        })
        .collect()
}

/// Seat p's cards of artist a in round r paid nothing (`un{name}_r_p_a`; 0 for seats not
/// scored).
fn unpaid_grid(m: &mut Model, d: &Dims, scored: &[usize], name: &str) -> Grid {
    let cm = d.count_max as f64;
    rpa(d, |r, p, a| {
        let hi = if scored.contains(&p) { cm } else { 0.0 };
        m.continuous(format!("un{name}_{r}_{p}_{a}"), 0.0, hi)
    })
}

/// With `award_pays_unranked`: `tokens[r][a][t]` and `paid_tokens[r][p][a][t]` (see
/// [`Vars::tokens`]); empty lists otherwise.
#[allow(clippy::type_complexity)]
fn token_vars(
    m: &mut Model,
    c: &Config,
    d: &Dims,
    scored: &[usize],
) -> (Vec<Vec<Vec<Variable>>>, Vec<Vec<Vec<Vec<Variable>>>>) {
    let cm = d.count_max as f64;
    let pays = c.variant.award_pays_unranked;
    let ntok = c.variant.awards;
    let tokens = (0..d.r)
        .map(|r| {
            (0..d.a)
                .map(|a| {
                    if !pays {
                        return Vec::new();
                    }
                    (0..=ntok)
                        .map(|t| bin(m, format!("tokens_{r}_{a}_{t}")))
                        .collect()
                })
                .collect()
        })
        .collect();
    let paid_tokens = (0..d.r)
        .map(|r| {
            (0..d.n)
                .map(|p| {
                    (0..d.a)
                        .map(|a| {
                            if !pays || !scored.contains(&p) {
                                return Vec::new();
                            }
                            (0..=ntok)
                                .map(|t| m.continuous(format!("paidtok_{r}_{p}_{a}_{t}"), 0.0, cm))
                                .collect()
                        })
                        .collect()
                })
                .collect()
        })
        .collect();
    (tokens, paid_tokens)
}

impl Vars {
    pub fn new(m: &mut Model, c: &Config, scored: Vec<usize>) -> Vars {
        let d = Dims::new(c);
        let k = d.k as f64;
        let plain = grid(m, &d, "plain", |_, _, _| k);
        let res = rpa(&d, |r, p, a| {
            RESOLVED.map(|s| {
                let hi = c.supply(a, s).min(d.k) as f64;
                int(m, format!("res_{}_{r}_{p}_{a}", s.name()), 0.0, hi)
            })
        });
        let dbl = grid(m, &d, "dbl", |_, _, a| {
            c.supply(a, Symbol::Double).min(d.k) as f64
        });
        let hidden_total: usize = (0..d.a).map(|a| c.supply(a, Symbol::Hidden)).sum();
        let hid = grid(m, &d, "hid", |_, _, _| hidden_total as f64);
        let simul_total: usize = (0..d.a).map(|a| c.supply(a, Symbol::Simultaneous)).sum();
        let sim = grid(m, &d, "sim", |_, _, _| simul_total.min(d.k) as f64);
        let scl = grid(
            m,
            &d,
            "scl",
            |_, _, _| if simul_total > 0 { 1.0 } else { 0.0 },
        );
        let ep = d.blessed.then(|| grid(m, &d, "ep", |_, _, _| 1.0));
        let cz = grid(m, &d, "cz", |_, _, _| 1.0);
        let cs = per_round(m, &d, "cs", true, 1.0);
        let empty = per_round(m, &d, "empty", true, 1.0);
        let hand_end = per_round(m, &d, "hand", false, d.hand_max as f64);
        let cycles = (0..d.r)
            .map(|r| int(m, format!("cycles_{r}"), 0.0, d.turn_max as f64))
            .collect();
        let lam = lam_vars(m, &d);
        let noclose = (0..d.r).map(|r| bin(m, format!("noclose_{r}"))).collect();
        let idle = (0..d.r).map(|r| bin(m, format!("idle_{r}"))).collect();
        let reached = (0..d.r)
            .map(|r| {
                (0..d.a)
                    .map(|a| bin(m, format!("reached_{r}_{a}")))
                    .collect()
            })
            .collect();
        let extra = (0..d.r)
            .map(|r| {
                c.has_extra(r)
                    .then(|| (0..d.a).map(|a| bin(m, format!("extra_{r}_{a}"))).collect())
            })
            .collect();
        let tokens = c.variant.awards as f64;
        let placed = (0..d.r)
            .map(|r| {
                (0..d.a)
                    .map(|a| int(m, format!("placed_{r}_{a}"), 0.0, tokens))
                    .collect()
            })
            .collect();
        let exhausted = (0..d.r).map(|r| bin(m, format!("exhausted_{r}"))).collect();
        let tokens_end = (0..d.a)
            .map(|a| {
                (0..=c.variant.awards)
                    .map(|t| bin(m, format!("tokens_end_{a}_{t}")))
                    .collect()
            })
            .collect();
        let readings = super::readings::ReadingVars::new(m, c, &d);
        let patterns = pattern_vars(m, &d);
        let level = level_vars(m, &d);
        // Creation order (face-up paid, hidden paid, hidden unpaid, tokens, face-up unpaid)
        // fixes the column order HiGHS sees; keep it.
        let paid = paid_grid(m, &d, &scored, "paid");
        let paid_hid = paid_grid(m, &d, &scored, "paidhid");
        let unpaid_hid = unpaid_grid(m, &d, &scored, "paidhid");
        let (tokens, paid_tokens) = token_vars(m, c, &d, &scored);
        let unpaid = unpaid_grid(m, &d, &scored, "paid");
        Vars {
            d,
            plain,
            res,
            dbl,
            hid,
            sim,
            scl,
            ep,
            cz,
            cs,
            empty,
            hand_end,
            cycles,
            lam,
            noclose,
            idle,
            reached,
            extra,
            placed,
            tokens_end,
            exhausted,
            close_marked: readings.close_marked,
            close_res: readings.close_res,
            chain: readings.chain,
            close_second: readings.close_second,
            close_chain: readings.close_chain,
            patterns,
            level,
            paid,
            unpaid,
            paid_hid,
            unpaid_hid,
            tokens,
            paid_tokens,
            scored,
            award_value: c.variant.award_value,
            relabel: None,
        }
    }

    /// The binary decisions (the plan's skeleton), in a fixed order: used to exclude a
    /// skeleton the scheduler could not turn into a game.
    pub fn skeleton(&self) -> Vec<Variable> {
        (0..self.d.r).flat_map(|r| self.skeleton_of(r)).collect()
    }

    /// The skeleton's binaries of round r: its [`Vars::shape_of`], then the artists' values
    /// and tokens after it.
    pub fn skeleton_of(&self, r: usize) -> Vec<Variable> {
        let mut out = self.shape_of(r);
        out.extend(self.level[r].iter().flatten());
        out.extend(self.tokens[r].iter().flatten());
        out
    }

    /// The binaries that describe round r alone: who opens and takes the last turn, how it
    /// closes, whose hands run empty, the extra card and the ranking pattern (not the
    /// values and tokens after it, which carry the earlier rounds too).
    pub fn shape_of(&self, r: usize) -> Vec<Variable> {
        let mut out: Vec<Variable> = Vec::new();
        out.extend(self.lam[r].iter().flatten());
        out.extend(self.cz[r].iter().flatten());
        out.extend(&self.cs[r]);
        out.extend(&self.empty[r]);
        out.push(self.noclose[r]);
        out.push(self.idle[r]);
        out.extend(&self.reached[r]);
        if let Some(x) = &self.extra[r] {
            out.extend(x);
        }
        out.push(self.exhausted[r]);
        out.extend(self.patterns[r].iter().map(|(_, x)| *x));
        out
    }

    /// Primaries (turns) of seat p of artist a in round r.
    pub fn primaries(&self, r: usize, p: usize, a: usize) -> Expression {
        let mut e = Expression::from(self.plain[r][p][a]);
        for v in self.res[r][p][a] {
            e += v;
        }
        e
    }

    /// Artist a's cards in the deck (a variable count when artists are renamed).
    pub fn cards(&self, c: &Config, a: usize) -> Expression {
        match &self.relabel {
            Some(x) => x.cards(c, a),
            None => Expression::from(c.cards_of(a) as f64),
        }
    }

    /// The most cards artist a can have in the deck.
    pub fn cards_max(&self, c: &Config, a: usize) -> usize {
        self.relabel
            .as_ref()
            .map_or(c.cards_of(a), |x| x.cards_max(c, a))
    }

    /// 1 when artist a loses ties to artist b: the lower index wins, or the renamed
    /// artists' assigned places.
    pub fn loses_tie(&self, a: usize, b: usize) -> Expression {
        match &self.relabel {
            Some(x) => x.loses_tie(a, b),
            None => Expression::from(if a > b { 1.0 } else { 0.0 }),
        }
    }

    /// Turns seat p takes in round r.
    pub fn turns(&self, r: usize, p: usize) -> Expression {
        (0..self.d.a).map(|a| self.primaries(r, p, a)).sum()
    }

    /// Seat p's face-up cards of artist a in round r during play (end play excluded).
    pub fn faceup_own(&self, r: usize, p: usize, a: usize) -> Expression {
        self.primaries(r, p, a) + self.dbl[r][p][a] + self.sim[r][p][a]
    }

    /// Cards of seat p of artist a that score in round r.
    pub fn own(&self, r: usize, p: usize, a: usize) -> Expression {
        let mut e = self.faceup_own(r, p, a) + self.hid[r][p][a];
        if let Some(ep) = &self.ep {
            e += ep[r][p][a];
        }
        e
    }

    /// Face-up count of artist a during play in round r (the extra card included): what
    /// the threshold K is tested against (see [`Vars::close_count`]).
    pub fn faceup(&self, r: usize, a: usize) -> Expression {
        let mut e: Expression = (0..self.d.n).map(|p| self.faceup_own(r, p, a)).sum();
        if let Some(x) = &self.extra[r] {
            e += x[a];
        }
        e
    }

    /// What the threshold K is tested against: the face-up count, plus the hidden cards
    /// when `hidden` (the variant `hidden_counts_for_close`).
    pub fn close_count(&self, r: usize, a: usize, hidden: bool) -> Expression {
        let mut e = self.faceup(r, a);
        if hidden {
            for p in 0..self.d.n {
                e += self.hid[r][p][a];
            }
        }
        e
    }

    /// Artist a's count for the ranking of round r.
    pub fn count(&self, r: usize, a: usize) -> Expression {
        let mut e = self.faceup(r, a);
        for p in 0..self.d.n {
            e += self.hid[r][p][a];
            if let Some(ep) = &self.ep {
                e += ep[r][p][a];
            }
        }
        e
    }

    /// Every card seat p takes from hand in round r.
    pub fn played(&self, r: usize, p: usize) -> Expression {
        (0..self.d.a).map(|a| self.own(r, p, a)).sum()
    }

    /// End-play cards of seat p in round r.
    pub fn end_played(&self, r: usize, p: usize) -> Expression {
        match &self.ep {
            Some(ep) => (0..self.d.a).map(|a| ep[r][p][a]).sum(),
            None => Expression::default(),
        }
    }

    /// Seat s opens round r.
    pub fn opener(&self, r: usize, s: usize) -> Expression {
        (0..self.d.n).map(|c| self.lam[r][s][c]).sum()
    }

    /// Seat c takes the last turn of round r (the closer, when the round closes).
    pub fn last(&self, r: usize, c: usize) -> Expression {
        (0..self.d.n).map(|s| self.lam[r][s][c]).sum()
    }

    /// Seat p's turn comes up once more than the full cycles (p lies on the way from the
    /// opener to the last player, both included).
    pub fn extra_turn(&self, r: usize, p: usize) -> Expression {
        let n = self.d.n;
        let mut e = Expression::default();
        for s in 0..n {
            for c in 0..n {
                let span = (c + n - s) % n;
                if (p + n - s) % n <= span {
                    e += self.lam[r][s][c];
                }
            }
        }
        e
    }

    /// The round closed (some artist reached K).
    pub fn closed(&self, r: usize) -> Expression {
        let mut e = Expression::default();
        for p in 0..self.d.n {
            e += self.cs[r][p];
            for a in 0..self.d.a {
                e += self.cz[r][p][a];
            }
        }
        e
    }

    /// Artist a takes ranked place `place` (0 = first) in round r.
    pub fn place(&self, r: usize, a: usize, place: usize) -> Expression {
        self.patterns[r]
            .iter()
            .filter(|(pat, _)| pat.get(place) == Some(&a))
            .map(|(_, v)| *v)
            .sum()
    }

    /// Artist a is ranked in round r.
    pub fn ranked(&self, r: usize, a: usize) -> Expression {
        self.patterns[r]
            .iter()
            .filter(|(pat, _)| pat.contains(&a))
            .map(|(_, v)| *v)
            .sum()
    }

    /// Artist a's value after round r.
    pub fn value(&self, r: usize, a: usize) -> Expression {
        self.level[r][a]
            .iter()
            .enumerate()
            .map(|(v, x)| v as f64 * *x)
            .sum()
    }

    /// Seat p's score in round r (only for scored seats).
    pub fn round_score(&self, r: usize, p: usize) -> Expression {
        let mut e = Expression::default();
        for a in 0..self.d.a {
            for (v, x) in self.paid[r][p][a].iter().enumerate() {
                e += v as f64 * *x;
            }
            for (v, x) in self.paid_hid[r][p][a].iter().enumerate() {
                e += v as f64 * *x;
            }
            for (t, x) in self.paid_tokens[r][p][a].iter().enumerate() {
                e += (t as i64 * self.award_value) as f64 * *x;
            }
        }
        e
    }

    /// Seat p's final score (only for scored seats).
    pub fn score(&self, p: usize) -> Expression {
        (0..self.d.r).map(|r| self.round_score(r, p)).sum()
    }
}

/// Every possible ranking of one round: the ordered ranked artists. A full pattern ranks
/// `places` artists; a shorter one means only that many artists have cards.
pub fn ranking_patterns(artists: usize, places: usize) -> Vec<Vec<usize>> {
    let mut out = vec![Vec::new()];
    let mut frontier = vec![Vec::new()];
    for _ in 0..places {
        let mut next = Vec::new();
        for pat in &frontier {
            for a in 0..artists {
                if !pat.contains(&a) {
                    let mut q: Vec<usize> = pat.clone();
                    q.push(a);
                    next.push(q);
                }
            }
        }
        out.extend(next.iter().cloned());
        frontier = next;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pattern_counts() {
        assert_eq!(ranking_patterns(5, 3).len(), 1 + 5 + 20 + 60);
        assert_eq!(ranking_patterns(3, 3).len(), 1 + 3 + 6 + 6);
    }
}
