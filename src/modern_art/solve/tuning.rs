//! The solver's knobs as data: one typed [`Tuning`], read from the built-in defaults or
//! from `--tuning FILE.json` (a field left out keeps its default). Each default was
//! chosen by measurement; the measurements are in `docs/notebook/modern-art.md`, and
//! every field is described in `docs/modern-art-tuning.md`.

use std::collections::BTreeMap;

use anyhow::{anyhow, bail, Context, Result};
use serde::{Deserialize, Serialize};

use super::model::{Build, CutFamily, Fixes};
use super::neighbourhood::SearchLimits;
use crate::lp::SolveOptions;

/// One value per player count (2–5), written `{"2": …, "3": …, "4": …, "5": …}`; all
/// four are needed.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ByPlayers<T> {
    #[serde(rename = "2")]
    pub two: T,
    #[serde(rename = "3")]
    pub three: T,
    #[serde(rename = "4")]
    pub four: T,
    #[serde(rename = "5")]
    pub five: T,
}

impl<T: Clone> ByPlayers<T> {
    /// The value for `players` (Modern Art has 2–5; outside that, the nearest).
    pub fn get(&self, players: usize) -> T {
        match players {
            0..=2 => self.two.clone(),
            3 => self.three.clone(),
            4 => self.four.clone(),
            _ => self.five.clone(),
        }
    }

    fn all(&self) -> [&T; 4] {
        [&self.two, &self.three, &self.four, &self.five]
    }
}

/// The solves of the neighbourhood search that may carry the hand-budget rows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum SearchSolve {
    /// The first solve and its retries.
    First,
    /// The neighbourhoods.
    Near,
    /// The proof attempts of the whole part.
    Proof,
    /// The proof attempts of the part's ranking pieces.
    Pieces,
}

/// Every knob of the Modern Art solver. Defaults: [`Tuning::default`], shipped as
/// `models/modern-art/tuning/default.json`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Tuning {
    /// Share of a whole solve's time limit for the dives (max-player): 0.5, their star
    /// games were the best games found for every player count.
    pub dive_share: f64,
    /// Relative dive time of the artists, most cards first (the rest 1 each): [4, 2], the
    /// best-stocked artist's star was the best game in every case measured.
    pub dive_weights: Vec<f64>,
    /// Share of the time limit for a first legal game when no dive found one: 0.15, enough
    /// for HiGHS's feasibility search on every shipped variant.
    pub feasibility_share: f64,
    /// Random referee playouts when the ILP found no game in time: 2000, a fallback only.
    pub playouts: usize,
    /// Unschedulable plans a solve may exclude before giving up: 5, none needed more.
    pub max_excluded: usize,
    /// Time limit factor of the star solves of `results`: 4, so a loaded machine does not
    /// cut one short.
    pub star_limit_factor: f64,
    /// Nodes of the search's first solve: 1 (the root), whose game the neighbourhoods lift
    /// about as far as 200 nodes' game, sooner.
    pub probe_nodes: u64,
    /// HiGHS's next seeds tried at the root when the first solve finds no game: 2 (5
    /// players at seed 1 found its game at seed 2's root).
    pub retry_seeds: i32,
    /// Nodes (no strong branching) of the last retry of a first solve without a game: 800.
    pub retry_nodes: u64,
    /// Nodes of each neighbourhood's solve: 500. On the general suite 500 proved g04-3p 19%
    /// sooner than 1000 and tied elsewhere; the standard solves are unchanged but for 3
    /// players (+5%, median of seeds 0–2).
    pub near_nodes: u64,
    /// Fruitless neighbourhoods in a row before the search stops (0: every round once):
    /// 0, a late neighbourhood found 4-player blessed's maximum.
    pub patience: u32,
    /// Nodes of the part's proof attempt after each better game (0: none): 1000, a closed
    /// attempt is the split's result, so its time is not spent twice.
    pub proof_nodes: u64,
    /// A first game within this share of the first solve's bound is attempted as the
    /// part's maximum at once: 0.02 (2 players: 440 within 2% of its bound, 441 proven).
    pub first_gap: f64,
    /// Nodes of each attempt against a first game near its bound (0: none): 200.
    pub first_nodes: u64,
    /// The neighbourhoods from this one on (0: the first) stop at their first better game;
    /// `null`: none does (their best game is worth the nodes).
    pub first_from: Option<u32>,
    /// Nodes of each proof attempt of a ranking piece, by player count (0: none): 2000,
    /// 4 players 0 (their hard piece rarely closes in 2000 nodes; the attempts were lost).
    pub piece_nodes: ByPlayers<u64>,
    /// Nodes of a first solve among the games without an empty hand, by player count (0:
    /// no such search): 4 players 5000, enough to end it (the standard maximum has such a
    /// game and the search is a smaller problem); no clear gain elsewhere.
    pub no_skip_nodes: ByPlayers<u64>,
    /// That first solve goes piece by piece by a round's ranking where the split may
    /// divide the part (`false`: the part whole): the shortest piece first closes the rest.
    pub no_skip_pieces: bool,
    /// Pieces whose LP lies within this share of the highest go first, fewest ranked
    /// artists first: 0.02 (close LPs do not say which piece holds the best game).
    pub pieces_within: f64,
    /// The search's solves that carry the hand-budget rows, by player count: 3 players the
    /// proof attempts, 5 players the first solve and neighbourhoods (faster there; slower
    /// for 2 and 4 players).
    pub search_hand: ByPlayers<Vec<SearchSolve>>,
    /// A token part whose LP exceeds the best game by at most this share is solved whole,
    /// not split by leads, by player count: 1.5%, 2 players 3% (its LPs lie further above).
    pub whole_within: ByPlayers<f64>,
    /// A leaf part whose LP exceeds the best game by more than this share is split again
    /// by a round's ranking, by player count: 1.5%, 2 players 2%, 3 and 5 players 5%.
    pub ranked_beyond: ByPlayers<f64>,
    /// A split part whose LP is within this share of the best game gets its token artist's
    /// hand-budget rows in its integer model: 0.025 (a faster tree near the best game).
    pub hand_within: f64,
    /// The token split renames the artists whose cards carry the same symbols (one part
    /// for all of them): `true`; `false` measures the split without it.
    pub rename_artists: bool,
    /// The token split's part "none above half" whose LP the best game does not nearly
    /// settle is split by round 1's first artist and then by the rounds that artist leads,
    /// as a token part is by its artist's: `false` (solved whole). On the three general
    /// variants where that part is the whole game neither proves in 600 s; split, the
    /// best games were higher and two of three bounds looser.
    pub split_even: bool,
    /// The cut families added to every model (all by default; fewer to measure one's
    /// effect).
    pub cuts: Vec<CutFamily>,
    /// Extra HiGHS options for every model (`{"presolve": "off"}`), applied last: none.
    pub highs: BTreeMap<String, String>,
    /// Extra HiGHS options for the search's first solves only (a file's map replaces this
    /// one): no restart (`mip_allow_restart` false). A 1-node first solve's restart only
    /// repeats its root after the game is found: 5 players' standard solve -44%, 3 players
    /// -15%, 4 players (whose first solve runs on) -2%, the general suite tied.
    pub highs_first: BTreeMap<String, String>,
    /// Extra HiGHS options for the search's neighbourhoods only: none.
    pub highs_near: BTreeMap<String, String>,
    /// Extra HiGHS options for the search's proof attempts only: none.
    pub highs_proof: BTreeMap<String, String>,
    /// A presolve verdict at node 0 under a cutoff is checked again without presolve:
    /// `true`, HiGHS's presolve has been wrong on such models.
    pub recheck: bool,
    /// With `--jobs N`, a split's LPs go to worker processes once the LPs so far took at
    /// least this many seconds on average: 0.2 (a worker's start-up, about 0.05 s, would
    /// cost a small variant more than solving two LPs at once saves). Changes no answer.
    pub worker_lp_seconds: f64,
}

impl Default for Tuning {
    fn default() -> Self {
        Tuning {
            dive_share: 0.5,
            dive_weights: vec![4.0, 2.0],
            feasibility_share: 0.15,
            playouts: 2000,
            max_excluded: 5,
            star_limit_factor: 4.0,
            probe_nodes: 1,
            retry_seeds: 2,
            retry_nodes: 800,
            near_nodes: 500,
            patience: 0,
            proof_nodes: 1000,
            first_gap: 0.02,
            first_nodes: 200,
            first_from: None,
            piece_nodes: ByPlayers {
                two: 2000,
                three: 2000,
                four: 0,
                five: 2000,
            },
            no_skip_nodes: ByPlayers {
                two: 0,
                three: 0,
                four: 5000,
                five: 0,
            },
            no_skip_pieces: true,
            pieces_within: 0.02,
            search_hand: ByPlayers {
                two: vec![],
                three: vec![SearchSolve::Proof],
                four: vec![],
                five: vec![SearchSolve::First, SearchSolve::Near],
            },
            whole_within: ByPlayers {
                two: 0.03,
                three: 0.015,
                four: 0.015,
                five: 0.015,
            },
            ranked_beyond: ByPlayers {
                two: 0.02,
                three: 0.05,
                four: 0.015,
                five: 0.05,
            },
            hand_within: 0.025,
            rename_artists: true,
            split_even: false,
            cuts: CutFamily::ALL.to_vec(),
            highs: BTreeMap::new(),
            highs_first: BTreeMap::from([("mip_allow_restart".into(), "false".into())]),
            highs_near: BTreeMap::new(),
            highs_proof: BTreeMap::new(),
            recheck: true,
            worker_lp_seconds: 0.2,
        }
    }
}

/// The largest tuning file read (the defaults are under 2 kB): `/dev/zero` is refused.
const MAX_TUNING_BYTES: u64 = 1 << 20;

/// How a benchmark report's tuning line begins ([`Tuning::report_line`]).
pub const TUNING_LINE: &str = "Tuning: ";

impl Tuning {
    /// A tuning file: JSON with named fields, each left out keeping its default. An
    /// unknown field, a value of the wrong type or out of range is an error naming the
    /// field.
    pub fn load(path: &std::path::Path) -> Result<Tuning> {
        use std::io::Read;
        let what = || format!("--tuning {}", path.display());
        let mut bytes = Vec::new();
        std::fs::File::open(path)
            .and_then(|f| f.take(MAX_TUNING_BYTES + 1).read_to_end(&mut bytes))
            .with_context(|| format!("{}: cannot read", what()))?;
        if bytes.len() as u64 > MAX_TUNING_BYTES {
            bail!(
                "{}: more than {MAX_TUNING_BYTES} bytes, no tuning file",
                what()
            );
        }
        let text = String::from_utf8(bytes).map_err(|_| anyhow!("{}: not UTF-8 text", what()))?;
        Tuning::parse(&text).with_context(what)
    }

    /// [`Tuning::load`]'s reading of the file's text.
    pub fn parse(text: &str) -> Result<Tuning> {
        let value: serde_json::Value =
            serde_json::from_str(text).map_err(|e| anyhow!("not JSON: {e}"))?;
        let Some(fields) = value.as_object() else {
            bail!("not a JSON object of named fields");
        };
        // Each field alone first, so that an error names it.
        for (key, v) in fields {
            let one = serde_json::json!({ key: v });
            if let Err(e) = serde_json::from_value::<Tuning>(one) {
                let e = e.to_string();
                if e.starts_with("unknown field") {
                    bail!("unknown field `{key}` (the fields are in docs/modern-art-tuning.md)");
                }
                bail!("field `{key}`: {e}");
            }
        }
        let tuning: Tuning = serde_json::from_value(value).map_err(|e| anyhow!("{e}"))?;
        tuning.check()?;
        Ok(tuning)
    }

    /// The fields in which this tuning differs from the defaults, as `name = value` (JSON),
    /// sorted by name: what a benchmark report made with `--tuning` must say of itself.
    pub fn differences(&self) -> Vec<String> {
        let json = |t: &Tuning| match serde_json::to_value(t) {
            Ok(serde_json::Value::Object(m)) => m,
            _ => serde_json::Map::new(),
        };
        let (mine, base) = (json(self), json(&Tuning::default()));
        mine.iter()
            .filter(|(k, v)| base.get(*k) != Some(v))
            .map(|(k, v)| format!("{k} = {v}"))
            .collect()
    }

    /// A benchmark report's line naming the tuning it was made with. A report without
    /// one was made with the defaults of its commit.
    pub fn report_line(&self) -> String {
        let d = self.differences();
        match d.is_empty() {
            true => format!("{TUNING_LINE}the defaults."),
            false => format!("{TUNING_LINE}the defaults except {}.", d.join("; ")),
        }
    }

    /// The values serde accepts but the solver cannot use.
    fn check(&self) -> Result<()> {
        let share = |name: &str, x: f64| -> Result<()> {
            match (0.0..=1.0).contains(&x) {
                true => Ok(()),
                false => bail!("field `{name}`: {x} is not a share between 0 and 1"),
            }
        };
        share("dive_share", self.dive_share)?;
        share("feasibility_share", self.feasibility_share)?;
        if self.dive_share + self.feasibility_share > 1.0 {
            bail!("field `feasibility_share`: dive_share + feasibility_share exceed 1");
        }
        share("first_gap", self.first_gap)?;
        share("pieces_within", self.pieces_within)?;
        share("hand_within", self.hand_within)?;
        for x in self.whole_within.all() {
            share("whole_within", *x)?;
        }
        for x in self.ranked_beyond.all() {
            share("ranked_beyond", *x)?;
        }
        if let Some(w) = self
            .dive_weights
            .iter()
            .find(|w| !(w.is_finite() && **w > 0.0))
        {
            bail!("field `dive_weights`: {w} is not a positive weight");
        }
        for (field, map) in [
            ("highs", &self.highs),
            ("highs_first", &self.highs_first),
            ("highs_near", &self.highs_near),
            ("highs_proof", &self.highs_proof),
        ] {
            check_highs(field, map)?;
        }
        if self.playouts == 0 {
            bail!("field `playouts`: at least 1 (the fallback needs a game)");
        }
        if !(self.star_limit_factor.is_finite() && self.star_limit_factor > 0.0) {
            bail!(
                "field `star_limit_factor`: {} is not a positive factor",
                self.star_limit_factor
            );
        }
        if !(self.worker_lp_seconds.is_finite() && self.worker_lp_seconds >= 0.0) {
            bail!(
                "field `worker_lp_seconds`: {} is not a number of seconds",
                self.worker_lp_seconds
            );
        }
        if self.retry_seeds < 0 {
            bail!("field `retry_seeds`: {} is negative", self.retry_seeds);
        }
        Ok(())
    }

    /// The limits of the split's neighbourhood search for `players`.
    pub fn search_limits(&self, players: usize) -> SearchLimits {
        SearchLimits {
            probe: self.probe_nodes,
            near: self.near_nodes,
            patience: self.patience,
            proof: self.proof_nodes,
            pieces: self.piece_nodes.get(players),
            first_from: self.first_from.unwrap_or(u32::MAX),
            first_gap: self.first_gap,
            first_nodes: self.first_nodes,
            no_skip: self.no_skip_nodes.get(players),
            no_skip_pieces: self.no_skip_pieces,
        }
    }

    /// The split's shares for `players`: (whole within, ranked beyond).
    pub fn split_shares(&self, players: usize) -> (f64, f64) {
        (
            self.whole_within.get(players),
            self.ranked_beyond.get(players),
        )
    }
}

/// How a Modern Art command solves: the tuning, and the model builder's switches that
/// follow from it and from `--fix`.
#[derive(Debug, Clone, PartialEq)]
pub struct Knobs {
    pub tuning: Tuning,
    pub build: Build,
}

impl Default for Knobs {
    fn default() -> Self {
        Knobs::new(Tuning::default(), Fixes::default())
    }
}

impl Knobs {
    /// The knobs of `tuning` with the diagnostic fixings `fixes`.
    pub fn new(tuning: Tuning, fixes: Fixes) -> Knobs {
        let pairs = |m: &BTreeMap<String, String>| -> Vec<(String, String)> {
            m.iter().map(|(k, v)| (k.clone(), v.clone())).collect()
        };
        let build = Build {
            cuts: tuning.cuts.clone(),
            fixes,
            highs_first: pairs(&tuning.highs_first),
            highs_near: pairs(&tuning.highs_near),
            highs_proof: pairs(&tuning.highs_proof),
            ..Build::default()
        };
        Knobs { tuning, build }
    }

    /// The same knobs with the hand-budget rows `hand` in the integer models.
    pub fn with_hand(&self, hand: super::model::vars::HandRows) -> Knobs {
        Knobs {
            tuning: self.tuning.clone(),
            build: self.build.with_hand(hand),
        }
    }

    /// `opts` with what the tuning and the fixings say about every HiGHS run.
    pub fn solve_options(&self, opts: SolveOptions) -> SolveOptions {
        SolveOptions {
            highs: self
                .tuning
                .highs
                .iter()
                .map(|(k, v)| (k.clone(), v.clone()))
                .collect(),
            recheck: self.tuning.recheck,
            debug: self.build.fixes.debug(),
            ..opts
        }
    }
}

/// HiGHS options a tuning may not set: `threads` beyond [`crate::options::MAX_THREADS`]
/// (HiGHS aborts the process on thousands) and any option naming a file (HiGHS would write
/// or read it wherever it says).
fn check_highs(field: &str, map: &BTreeMap<String, String>) -> Result<()> {
    for (k, v) in map {
        if k.contains("file") {
            bail!("field `{field}`: HiGHS option `{k}` names a file; refused");
        }
        let threads = || v.trim().parse::<u32>().ok();
        if k == "threads"
            && !threads().is_some_and(|n| (1..=crate::options::MAX_THREADS).contains(&n))
        {
            bail!(
                "field `{field}`: threads `{}` must be 1 to {} (or use --threads)",
                crate::claims::clip(v, 40),
                crate::options::MAX_THREADS
            );
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The shipped defaults file is the built-in tuning, field for field.
    #[test]
    fn the_shipped_default_file_is_the_built_in_tuning() {
        let text = include_str!("../../../models/modern-art/tuning/default.json");
        assert_eq!(Tuning::parse(text).unwrap(), Tuning::default());
        // And it names every field (none left to its default silently).
        let value: serde_json::Value = serde_json::from_str(text).unwrap();
        let all = serde_json::to_value(Tuning::default()).unwrap();
        let keys = |v: &serde_json::Value| -> Vec<String> {
            v.as_object().unwrap().keys().cloned().collect()
        };
        assert_eq!(keys(&value), keys(&all));
    }

    /// A field left out keeps its default; the others are read by name.
    #[test]
    fn a_partial_file_keeps_the_other_defaults() {
        let t = Tuning::parse(
            r#"{"near_nodes": 250, "piece_nodes": {"2": 1, "3": 2, "4": 3, "5": 4}}"#,
        )
        .unwrap();
        assert_eq!(t.near_nodes, 250);
        assert_eq!(t.piece_nodes.get(4), 3);
        // What a report made with it says: the two fields, sorted by name.
        assert_eq!(
            t.differences(),
            [
                "near_nodes = 250",
                r#"piece_nodes = {"2":1,"3":2,"4":3,"5":4}"#
            ]
        );
        assert_eq!(
            Tuning {
                near_nodes: 500,
                piece_nodes: Tuning::default().piece_nodes,
                ..t
            },
            Tuning::default()
        );
        assert!(Tuning::default().differences().is_empty());
        // The defaults written out in a file are still the defaults.
        assert!(Tuning::parse(r#"{"near_nodes": 500}"#)
            .unwrap()
            .differences()
            .is_empty());
    }

    /// Unknown fields, wrong types and values out of range are errors naming the field.
    #[test]
    fn bad_fields_are_named() {
        let err = |text: &str| Tuning::parse(text).unwrap_err().to_string();
        assert!(err(r#"{"near_nodez": 5}"#).contains("unknown field `near_nodez`"));
        let e = err(r#"{"near_nodes": "many"}"#);
        assert!(e.starts_with("field `near_nodes`: "), "{e}");
        let e = err(r#"{"dive_share": 1.5}"#);
        assert!(e.starts_with("field `dive_share`: "), "{e}");
        let e = err(r#"{"whole_within": {"2": 0.03}}"#);
        assert!(e.starts_with("field `whole_within`: "), "{e}");
        let e = err(r#"{"cuts": ["no-such-cut"]}"#);
        assert!(e.starts_with("field `cuts`: "), "{e}");
        assert!(err("[1]").contains("not a JSON object"));
    }

    /// The knobs carry the tuning's HiGHS options and cut families to the model builder
    /// and the solver options.
    #[test]
    fn knobs_follow_the_tuning() {
        let t = Tuning::parse(
            r#"{"cuts": ["hand-budget"], "highs": {"presolve": "off"}, "highs_near": {"mip_heuristic_effort": "0.2"}, "recheck": false}"#,
        )
        .unwrap();
        let k = Knobs::new(t, Fixes::default());
        assert_eq!(k.build.cuts, vec![CutFamily::HandBudget]);
        assert_eq!(
            k.build.highs_near,
            vec![("mip_heuristic_effort".to_string(), "0.2".to_string())]
        );
        let opts = k.solve_options(SolveOptions::default());
        assert_eq!(
            opts.highs,
            vec![("presolve".to_string(), "off".to_string())]
        );
        assert!(!opts.recheck);
    }
}
