//! `gamebounds modern-art <verb>`.

use std::path::{Path, PathBuf};

use anyhow::{bail, Context, Result};
use clap::{Args, Subcommand};

use std::time::Instant;

use super::model::Dive;
use super::rules::{Config, DEFAULT_VARIANT};
use super::{episode, search};
use crate::cli::Common;

/// Which variant, deck and player count a command works on.
#[derive(Debug, Clone, Args)]
pub struct Setup {
    /// Variant file (rules and the deck it names). Default: models/modern-art/standard.json,
    /// or, where that path does not exist (run outside the checkout), the copy of it built
    /// into the binary.
    #[arg(long, value_name = "FILE")]
    pub variant: Option<PathBuf>,
    /// Deck file overriding the one the variant names.
    #[arg(long, value_name = "FILE")]
    pub deck: Option<PathBuf>,
    /// Number of players (2–5). Default: 2, or the only player count the variant deals
    /// for (a 3-player miniature needs no --players).
    #[arg(long)]
    pub players: Option<usize>,
}

impl Setup {
    pub fn config(&self) -> Result<Config> {
        let variant = match &self.variant {
            Some(path) => path.as_path(),
            None if Path::new(DEFAULT_VARIANT).exists() => Path::new(DEFAULT_VARIANT),
            // The standard variant deals for every player count: 2 unless told.
            None => return Config::built_in(self.deck.as_deref(), self.players.unwrap_or(2)),
        };
        let players = match self.players {
            Some(n) => n,
            None => super::rules::default_players(variant)?,
        };
        Config::load(variant, self.deck.as_deref(), players)
    }
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Prove the highest possible score with the ILP (HiGHS) and certify it with the referee.
    ///
    /// All players cooperate and the deal is free (the maximum is over all shuffles). The
    /// optimum is turned into a concrete game and replayed by the referee; only a proven
    /// optimum whose replay agrees is called a "proven maximum". With --time-limit hit it
    /// reports "best found S, bound B, gap G%". Default time limit 120 s for a whole solve,
    /// 300 s per part for a split (`--time-limit 0`: none, run to a proof).
    ///
    /// A max-player solve (the default objective) is split: the maximum is proven as the
    /// largest of restricted solves, by default over the award tokens and the rounds their
    /// artist leads (`tokens-leads`); `--split whole` is one solve of the whole game
    /// instead (what the other objectives always get). `--split` or `--split first`: one
    /// per artist that takes first place in round 1; `--split tokens`, one per artist and number of award tokens above half of
    /// them that it ends the game with, plus one where no artist has more than half;
    /// `--split tokens-leads`, the token split with every "artist ends with t tokens" part
    /// that its LP does not settle split again by the rounds the artist leads, one round
    /// at a time (the sub-part with the highest LP first), unless the LP is within 1.5% of
    /// the best game (3% with 2 players), which HiGHS closes whole faster (each part
    /// gets the time limit; parts whose LP bound cannot beat the best game are skipped,
    /// and once a game is known a part only looks for a better one). With no game known
    /// (no --start), a short neighbourhood search of the first sub-part finds one first
    /// (with 4 players: the sub-part's games in which no hand runs empty, solved to the
    /// end piece by piece, whose best game ends the search): its root (a game near the root's bound is
    /// attempted at once), then one round's
    /// shape kept at a time while the other rounds change, and after each better game a
    /// short proof attempt that may close the sub-part and end the search (where the
    /// split divides the sub-part by a round's ranking: its pieces, once a neighbourhood
    /// found nothing better; not with 4 players, whose split solves them) ("search: …"
    /// lines on stderr). The token splits
    /// rename the artists whose cards carry the same symbols (all five in the shipped
    /// decks): one part "any artist: t tokens" stands for all of them, and each part
    /// looks at one game per renaming. `tokens-leads` is the fast one: the standard
    /// maxima are found and proven in about 30 s (2 and 5 players) to under a minute
    /// (3 and 4 players; medians over HiGHS seeds 0–2) on the benchmark's machine
    /// (results/bench-modern-art.md); a slower machine has taken 2–3 times as long.
    ///
    /// Example: gamebounds modern-art solve --players 3 --split tokens-leads --out s3.json
    ///
    /// Example: gamebounds modern-art solve --players 2 --variant models/modern-art/anchor.json --split --out games/modern-art-2p-anchor.json
    Solve {
        #[command(flatten)]
        setup: Setup,
        #[command(flatten)]
        goal: super::solve::Goal,
        /// Split the proof over round 1's first artist (`first`, what a bare `--split`
        /// means), over who ends with most of the award tokens (`tokens`), or over the
        /// tokens and then the rounds that artist leads (`tokens-leads`, the default for
        /// max-player); `whole`: no split, one solve of the whole game.
        #[arg(
            long,
            value_enum,
            value_name = "BY",
            num_args = 0..=1,
            default_missing_value = "first"
        )]
        split: Option<super::solve::SplitBy>,
        /// Only games in which ARTIST (name or 1-based number) takes first place in every
        /// round and carries every award: the best game of that shape, not the game's
        /// maximum (max-player only).
        #[arg(long, value_name = "ARTIST", conflicts_with_all = ["split", "patron"])]
        star: Option<String>,
        /// Only games in which ARTIST carries every award and takes first place in the
        /// last round (max-player only).
        #[arg(long, value_name = "ARTIST", conflicts_with = "split")]
        patron: Option<String>,
        /// With --split: a game to beat from the start, an episode FILE of the same variant
        /// and player count (e.g. the committed games/ episode of an unfinished proof). The
        /// referee replays it first; every part then only looks for a better game, so a
        /// proof resumes where an earlier run's best game left it.
        #[arg(long, value_name = "FILE", requires = "split")]
        start: Option<PathBuf>,
        #[command(flatten)]
        knobs: KnobArgs,
    },
    /// Solve several variants and player counts; one table of maxima.
    ///
    /// Every variant file is read first, so a bad file fails before any solving. A cell
    /// whose solve fails becomes a row saying why; the others are still solved and the
    /// command then fails (exit 2). With --out FILE.json each cell's episode is written as
    /// FILE-{variant}-{N}p.json (and .md).
    ///
    /// Example: gamebounds modern-art compare --players 2,3 --variant models/modern-art/standard.json --variant models/modern-art/blessed.json
    Compare {
        /// Variant files (repeat the option).
        #[arg(long, value_name = "FILE", required = true)]
        variant: Vec<PathBuf>,
        /// Deck file overriding the ones the variants name.
        #[arg(long, value_name = "FILE")]
        deck: Option<PathBuf>,
        /// Player counts, comma separated.
        #[arg(long, value_delimiter = ',', default_value = "2,3,4,5")]
        players: Vec<usize>,
        /// How each cell is solved, as `solve --split BY` does. The default, as for
        /// `solve`: a max-player cell is proven by the `tokens-leads` split (300 s per
        /// part unless --time-limit; the standard maxima in half a minute to under three
        /// minutes each), any other objective by one unsplit solve within the time limit;
        /// `--split whole` solves max-player unsplit too.
        #[arg(long, value_enum, value_name = "BY")]
        split: Option<super::solve::SplitBy>,
        #[command(flatten)]
        goal: super::solve::Goal,
        #[command(flatten)]
        knobs: KnobArgs,
    },
    /// Regenerate games/modern-art-{2..5}p-{standard,anchor,blessed}.json|md (with the
    /// star games, -star-krypto) and results/modern-art.md (default time limit 120 s per
    /// solve). The tables are read back from the episodes in games/, so `--players 5`
    /// re-solves only the 5-player rows and keeps the others. An episode already there
    /// stays when it has a better game, or the same game proven where this run did not
    /// prove it (a short run never undoes a long proof).
    ///
    /// Example: gamebounds modern-art results --time-limit 150 --players 3,4,5
    Results {
        /// Player counts to solve again, comma separated.
        #[arg(long, value_delimiter = ',', default_value = "2,3,4,5")]
        players: Vec<usize>,
        /// Variants to solve again, comma separated (the tables keep the other rows).
        #[arg(long, value_delimiter = ',', default_value = "standard,anchor,blessed")]
        variants: Vec<String>,
        /// Solve nothing: only rewrite results/modern-art.md from the episodes in games/.
        #[arg(long)]
        tables_only: bool,
        /// Continue unfinished proofs: each row's split starts from the game of its
        /// episode already in games/ (replayed by the referee first) instead of the star
        /// and patron solves, which are skipped (their episodes stay). A row without a
        /// usable episode is solved from scratch. Use with a longer --time-limit.
        #[arg(long, conflicts_with = "tables_only")]
        resume: bool,
        #[command(flatten)]
        knobs: KnobArgs,
    },
    /// Benchmark the standard solves for 2–5 players (1 thread, median of --runs) into
    /// results/bench-modern-art.md; with --certify, the proofs of the committed maxima
    /// into results/bench-modern-art-certify.md.
    ///
    /// The plain benchmark times the solve a user runs, from scratch: `solve --players N
    /// --split tokens-leads` (--time-limit per part, default 300 s), which finds and proves
    /// each maximum in about 20 s to under two minutes, depending on the player count
    /// and HiGHS's seed (on a machine 2–3 times slower, more). --certify times only the
    /// proof:
    /// the split started from the game in games/ (how `results --resume` re-proves).
    ///
    /// Example: gamebounds modern-art bench --runs 3
    ///
    /// Example: gamebounds modern-art bench --certify --players 2,3 --runs 1
    Bench {
        /// Runs per player count; the table reports their median wall time. Run i runs
        /// with HiGHS's seed --highs-seed + i - 1 (0, 1, 2 for 3 runs): each seed is
        /// another search path (or, with --certify, another proof tree), and these differ
        /// in time far more than one path's runs do (4 players from scratch: 80.2-103.0 s
        /// over seeds 0-2 in the committed benchmark; its proof alone 24.0-36.1 s, and
        /// 34.5-196.8 s over seeds 0-8 on a slower machine)
        #[arg(long, default_value_t = 3)]
        runs: usize,
        /// Time the proof of each committed standard maximum instead: the row's episode
        /// in games/ starts a `tokens-leads` split that only has to show nothing beats it
        /// (--time-limit per part, default 1500 s), into
        /// results/bench-modern-art-certify.md
        #[arg(long)]
        certify: bool,
        /// Only these player counts (comma-separated; default 2,3,4,5). The report keeps
        /// the rows of the others, and is rewritten after every player count, so a run
        /// stopped later keeps the rows it finished
        #[arg(long, value_delimiter = ',')]
        players: Option<Vec<usize>>,
        #[command(flatten)]
        knobs: KnobArgs,
    },
    /// Exhaustive search through the referee: the true maximum of a miniature variant.
    ///
    /// Every deal and every play is tried (with memoisation), so use it only on small
    /// variants such as those in models/modern-art/mini/.
    ///
    /// Example: gamebounds modern-art search --variant models/modern-art/mini/m01-plain.json --out m01.json
    Search {
        #[command(flatten)]
        setup: Setup,
        /// The seat whose score is maximised (1-based); 0 maximises the total of all seats.
        #[arg(long, default_value_t = 1)]
        player: usize,
        /// Instead of --player: `max-player` (the best seat), `max-total`, or `max-margin`
        /// (2 players: winner minus runner-up).
        #[arg(long, value_name = "OBJECTIVE")]
        objective: Option<String>,
        /// Enumerate every deal up front instead of leaving dealt cards anonymous until
        /// displayed (slow; the literal search, for cross-checks).
        #[arg(long)]
        eager: bool,
    },
    /// Give older proven episodes (split table only) their proof record, read back from
    /// the table's words (no solving); each file and its .md are rewritten in place.
    #[command(hide = true)]
    ProofFromTable {
        /// Episodes (JSON) to rewrite; those with a record or no HiGHS proof are left.
        files: Vec<PathBuf>,
    },
}

/// The solver's tuning and the developer's diagnostic fixings (`docs/modern-art-tuning.md`).
#[derive(Debug, Clone, clap::Args)]
pub struct KnobArgs {
    /// Solver tuning from a JSON file of named fields (a field left out keeps its
    /// default; the defaults: models/modern-art/tuning/default.json).
    #[arg(long, value_name = "FILE")]
    tuning: Option<PathBuf>,
    /// Developer diagnostic: fix part of the game, e.g. --fix noskip=1110 (repeatable; keys
    /// in docs/modern-art-tuning.md). Refused by results, compare and bench.
    #[arg(long, value_name = "KEY=VALUE")]
    fix: Vec<String>,
}

impl KnobArgs {
    /// The knobs the options ask for.
    pub fn knobs(&self) -> Result<super::solve::Knobs> {
        let tuning = match &self.tuning {
            Some(path) => super::solve::Tuning::load(path)?,
            None => super::solve::Tuning::default(),
        };
        let fixes = super::model::Fixes::parse(&self.fix)?;
        Ok(super::solve::Knobs::new(tuning, fixes))
    }
}

pub fn run(cmd: Command, common: &Common) -> Result<()> {
    match cmd {
        Command::Solve {
            setup,
            goal,
            split,
            star,
            patron,
            start,
            knobs,
        } => {
            let c = setup.config()?;
            let k = knobs.knobs()?;
            let shape = match (star, patron) {
                (Some(a), _) => Some(Dive::Star(artist(&c, &a, "--star")?)),
                (_, Some(a)) => Some(Dive::Patron(artist(&c, &a, "--patron")?)),
                _ => None,
            };
            super::solve::run_solve(&c, &goal, split, shape, start.as_deref(), common, &k)
        }
        Command::Compare {
            variant,
            deck,
            players,
            split,
            goal,
            knobs,
        } => {
            let k = knobs.knobs()?;
            let deck = deck.as_deref();
            super::solve::run_compare(&variant, deck, &players, split, &goal, common, &k)
        }
        Command::Results {
            players,
            variants,
            tables_only,
            resume,
            knobs,
        } => {
            let k = knobs.knobs()?;
            let players = if tables_only { Vec::new() } else { players };
            super::solve::run_results(
                std::path::Path::new("."),
                &players,
                &variants,
                resume,
                common,
                &k,
            )
        }
        Command::Bench {
            runs,
            certify: false,
            players,
            knobs,
        } => super::solve::run_bench(
            std::path::Path::new("."),
            runs,
            &players.unwrap_or_else(|| vec![2, 3, 4, 5]),
            common,
            &knobs.knobs()?,
        ),
        Command::Bench {
            runs,
            players,
            knobs,
            ..
        } => super::solve::run_bench_certify(
            std::path::Path::new("."),
            runs,
            &players.unwrap_or_else(|| vec![2, 3, 4, 5]),
            common,
            &knobs.knobs()?,
        ),
        Command::ProofFromTable { files } => proof_from_table(&files, common),
        Command::Search {
            setup,
            player,
            objective,
            eager,
        } => {
            let cfg = setup.config()?;
            if player > cfg.players {
                bail!(
                    "--player {player}: the game has {} players (use 1..{}, or 0 for the total)",
                    cfg.players,
                    cfg.players
                );
            }
            let (objective, seat) = match (objective.as_deref(), player) {
                (Some(o), _) => (o, None),
                (None, 0) => ("max-total", None),
                (None, p) => ("max-player", Some(p - 1)),
            };
            let t0 = Instant::now();
            let mode = if eager {
                search::Mode::Eager
            } else {
                search::Mode::Lazy
            };
            let (value, record, stats) = search::maximise_with(&cfg, objective, seat, mode)?;
            common.note(format!(
                "search: {objective} = {value}, {} states, {:.3} s",
                stats.states,
                t0.elapsed().as_secs_f64()
            ));
            let env = episode::envelope(&cfg, objective, seat, None, record)?;
            common.emit(&env)
        }
    }
}

/// `modern-art proof-from-table`: each episode with its record read back from its
/// table, checked by `verify` before it is written.
fn proof_from_table(files: &[PathBuf], common: &Common) -> Result<()> {
    for file in files {
        let mut env = crate::episode::Envelope::load(file)?;
        let cfg = Config::from_value(&env.variant)?;
        let Some(record) =
            super::proof::from_table(&cfg, &env).with_context(|| format!("{}", file.display()))?
        else {
            common.note(format!("{}: left as it is", file.display()));
            continue;
        };
        let mut payload: episode::Payload = env.payload_as()?;
        payload.proof = Some(record);
        env.payload = serde_json::to_value(&payload)?;
        super::verify(&env).with_context(|| format!("{}", file.display()))?;
        crate::cli::save_episode(file, &env)?;
        common.note(format!("{}: proof record added", file.display()));
    }
    Ok(())
}

/// An artist named on the command line: its name or a unique beginning of it (any case),
/// or its 1-based number.
fn artist(c: &Config, text: &str, option: &str) -> Result<usize> {
    let names = &c.deck.artists;
    if let Ok(k) = text.parse::<usize>() {
        if (1..=names.len()).contains(&k) {
            return Ok(k - 1);
        }
    }
    let want = text.trim().to_lowercase();
    let exact = names.iter().position(|n| n.to_lowercase() == want);
    // Else a unique prefix: `krypto`, `lite`, `karl`.
    let prefix: Vec<usize> = (0..names.len())
        .filter(|&i| !want.is_empty() && names[i].to_lowercase().starts_with(&want))
        .collect();
    exact
        .or(match prefix.as_slice() {
            [only] => Some(*only),
            _ => None,
        })
        .ok_or_else(|| {
            anyhow::anyhow!(
                "{option} {text}: no such artist; the deck has {} (or give 1..{})",
                names.join(", "),
                names.len()
            )
        })
}
