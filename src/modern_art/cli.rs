//! `gamebounds modern-art <verb>`.

use std::path::{Path, PathBuf};

use anyhow::{bail, Context, Result};
use clap::{Args, Subcommand};

use std::time::Instant;

use super::model::Dive;
use super::rules::{Config, DEFAULT_VARIANT};
use super::{episode, search};
use crate::cli::Common;
use crate::variants::Setting;

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
    /// Override one key of the variant (repeatable); dotted keys reach nested values:
    /// `--set threshold.2=3`, `--set deal.2=13,6,6,3`, `--set award_pays_unranked=true`.
    #[arg(long = "set", value_name = "KEY=VALUE")]
    pub set: Vec<String>,
}

impl Setup {
    pub fn config(&self) -> Result<Config> {
        let settings = Setting::parse_all(&self.set)?;
        let variant = match &self.variant {
            Some(path) => path.as_path(),
            None if Path::new(DEFAULT_VARIANT).exists() => Path::new(DEFAULT_VARIANT),
            // The standard variant deals for every player count: 2 unless told.
            None => {
                return Config::built_in_with(
                    self.deck.as_deref(),
                    self.players.unwrap_or(2),
                    &settings,
                )
            }
        };
        let players = match self.players {
            Some(n) => n,
            None => super::rules::default_players(variant)?,
        };
        Config::load_with(variant, self.deck.as_deref(), players, &settings)
    }
}

/// A verb's help with its description printed under its one-line summary and before the
/// options, as a short help (one line per option) that fits a screen.
const VERB_TEMPLATE: &str =
    "{about-with-newline}\n{before-help}{usage-heading} {usage}\n\n{all-args}{after-help}";

/// `solve --help`: what the verb does, in a few lines; the details are in docs/.
const SOLVE_ABOUT: &str = "\
All players cooperate and the deal is free (the maximum is over all shuffles). The optimum
is turned into a concrete game and replayed by the referee; only a proven optimum whose
replay agrees is called a \"proven maximum\". A solve stopped by a limit reports
\"best found S, bound B, gap G%\". --part-limit S: each part of a split (default 300) or a
whole solve (120); --time-limit S: the whole command, which then reports its best game.

A max-player solve (the default objective) is a split proof: the maximum is the largest
of restricted solves, by default over the award tokens and the rounds their artist leads
(`tokens-leads`, each part with its own time limit). With no --start game, a short search
of the most promising part finds a first game, and every part then only has to show that
nothing beats it. `--split whole` is one solve of the whole game.

Details: docs/modern-art-solver.md (the model, the split, the search), docs/modern-art.md.";

const SOLVE_EXAMPLES: &str = "\
Examples:
  gamebounds modern-art bound --players 3 --out s3.json
  gamebounds modern-art bound --variant models/modern-art/mini/m22-every-symbol.json
  gamebounds modern-art bound --players 2 --star krypto --part-limit 600";

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Prove the highest possible score with the ILP (HiGHS) and certify it with the referee.
    #[command(
        long_about = None,
        before_help = SOLVE_ABOUT,
        after_help = SOLVE_EXAMPLES,
        help_template = VERB_TEMPLATE,
        name = "bound",
        visible_alias = "solve"
    )]
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
            default_missing_value = "first",
            hide_possible_values = true
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
        /// A game to beat from the start (a split solve: max-player without --split whole),
        /// an episode FILE of the same variant and player count (e.g. the committed games/
        /// episode of an unfinished proof). The referee replays it first; every part then
        /// only looks for a better game, so a proof resumes where an earlier run's best
        /// game left it.
        #[arg(long, value_name = "FILE")]
        start: Option<PathBuf>,
        #[command(flatten)]
        knobs: KnobArgs,
    },
    /// Solve several variants and player counts; one table of maxima.
    ///
    /// Every variant file is read first, so a bad file fails before any solving. A cell
    /// whose solve fails becomes a row saying why; the others are still solved and the
    /// command then fails (exit 2). With --out-dir DIR each cell's episode is written as
    /// DIR/modern-art-{variant}-{N}p.json (with its .md and .svg).
    ///
    /// Example: gamebounds modern-art compare --players 2,3 --variant models/modern-art/standard.json --variant models/modern-art/blessed.json
    ///
    /// With --vary KEY=V1,V2 (repeatable: the grid of all combinations) or --set, the grid
    /// of every variant file, player count and varied value, one row each, through the
    /// referee, each cell's episode written into --out-dir DIR; without --players
    /// each variant gets its default player count.
    ///
    /// Example: gamebounds modern-art compare --variant models/modern-art/mini/m22-every-symbol.json --vary threshold.2=2,3
    Compare {
        /// Variant files (repeat the option).
        #[arg(long, value_name = "FILE", required_unless_present_any = ["vary", "set"])]
        variant: Vec<PathBuf>,
        /// Deck file overriding the ones the variants name.
        #[arg(long, value_name = "FILE")]
        deck: Option<PathBuf>,
        /// Player counts, comma separated (default 2,3,4,5).
        #[arg(long, value_delimiter = ',')]
        players: Option<Vec<usize>>,
        /// Override one key of every variant (repeatable), e.g. `threshold.2=3`.
        #[arg(long = "set", value_name = "KEY=VALUE")]
        set: Vec<String>,
        /// A key of the variant and the values it takes, e.g. `threshold.2=2,3`
        /// (repeatable); separate values with `;` when they hold commas
        /// (`deal.2=13,6,6,3;10,6,6,3`).
        #[arg(long, value_name = "KEY=V1,V2")]
        vary: Vec<String>,
        /// The --vary values one at a time instead of every combination: each variant's
        /// own row, then one row per varied value with every other key as the file has
        /// it (the disputed readings: `make readings`).
        #[arg(long, requires = "vary")]
        one_at_a_time: bool,
        /// How each cell is solved, as `solve --split BY` does. The default, as for
        /// `solve`: a max-player cell is proven by the `tokens-leads` split, any other
        /// objective by one unsplit solve within the time limit; `--split whole` solves
        /// max-player unsplit too.
        #[arg(long, value_enum, value_name = "BY")]
        split: Option<super::solve::SplitBy>,
        #[command(flatten)]
        goal: super::solve::Goal,
        #[command(flatten)]
        knobs: KnobArgs,
        #[command(flatten)]
        out: crate::grid::GridOut,
    },
    /// Regenerate games/modern-art-*.json|md and results/modern-art.md.
    ///
    /// Solves the maxima of 2–5 players under the standard, anchor and blessed variants
    /// (and their star games). The tables are read back from the episodes in games/, so
    /// `--players 5` re-solves only the 5-player rows and keeps the others. An episode
    /// already there stays when it has a better game, or the same game proven where this
    /// run did not prove it (a short run never undoes a long proof). Runs only in the
    /// checkout. See docs/modern-art.md.
    ///
    /// Example: gamebounds modern-art results --players 3 --variants anchor
    ///
    /// Example: gamebounds modern-art results --tables-only
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
        /// usable episode is solved from scratch. Use with a longer --part-limit.
        #[arg(long, conflicts_with = "tables_only")]
        resume: bool,
        #[command(flatten)]
        knobs: KnobArgs,
    },
    /// Benchmark the standard solves for 2–5 players (1 thread, median of --runs) into
    /// results/bench-modern-art.md; with --certify, the proofs of the committed maxima
    /// into results/bench-modern-art-certify.md; with --suite, every variant of a folder
    /// (default the general suite) into results/bench-modern-art-general.md.
    ///
    /// The plain benchmark times the solve a user runs, from scratch: `solve --players N
    /// --split tokens-leads`. --certify times only the proof: the split started from the
    /// game in games/ (how `results --resume` re-proves). The timings are in those
    /// reports, not here.
    ///
    /// Example: gamebounds modern-art bench --runs 3
    ///
    /// Example: gamebounds modern-art bench --certify --players 2,3 --runs 1
    ///
    /// Example: gamebounds modern-art bench --suite --jobs 2
    ///
    /// Example: gamebounds modern-art bench --worlds
    Bench {
        /// Runs per player count (default 3; with --suite, 1 per variant, as each may take
        /// the whole --variant-limit); the table reports their median wall time. Run i
        /// runs with HiGHS's seed --highs-seed + i - 1 (0, 1, 2 for 3 runs): each seed is
        /// another search path (or, with --certify, another proof tree), and these differ
        /// in time far more than one path's runs do
        #[arg(long, value_parser = crate::options::count)]
        runs: Option<usize>,
        /// Time the proof of each committed standard maximum instead: the row's episode
        /// in games/ starts a `tokens-leads` split that only has to show nothing beats it
        /// (--part-limit per part, default 1500), into
        /// results/bench-modern-art-certify.md
        #[arg(long, conflicts_with = "suite")]
        certify: bool,
        /// Solve the ranking-world instances of this file instead (issue #69's stage 1: a
        /// fixed world, a leaf, root LPs; default models/modern-art/bench/worlds.json),
        /// each once as `solve --split whole` under its fixings, into
        /// results/bench-modern-art-worlds.md (--part-limit per row, default 600)
        #[arg(long, num_args = 0..=1, default_missing_value = super::solve::DEFAULT_WORLDS, conflicts_with_all = ["suite", "certify"])]
        worlds: Option<std::path::PathBuf>,
        /// Solve every *.json variant of this folder from scratch instead (each deals for
        /// one player count), one row per variant, into --report (default
        /// results/bench-modern-art-general.md); the folder defaults to
        /// models/modern-art/general
        #[arg(long, num_args = 0..=1, default_missing_value = super::solve::DEFAULT_SUITE)]
        suite: Option<std::path::PathBuf>,
        /// The report --suite or --worlds writes (default
        /// results/bench-modern-art-general.md, results/bench-modern-art-worlds.md)
        #[arg(long, conflicts_with = "certify")]
        report: Option<std::path::PathBuf>,
        /// With --suite: seconds per run of a variant (default 600, the suite's ceiling); a
        /// variant not proven by then keeps its best game and bound. With --jobs N, N
        /// variants run at once, each on one thread
        #[arg(long, requires = "suite", default_value_t = 600.0, value_parser = crate::options::seconds)]
        variant_limit: f64,
        /// With --suite: solve only these variants (file names, comma-separated) and keep
        /// the report's rows of the others
        #[arg(long, requires = "suite", value_delimiter = ',')]
        only: Vec<String>,
        /// Only these player counts (comma-separated; default 2,3,4,5). The report keeps
        /// the rows of the others, and is rewritten after every player count, so a run
        /// stopped later keeps the rows it finished
        #[arg(long, value_delimiter = ',', conflicts_with = "suite")]
        players: Option<Vec<usize>>,
        #[command(flatten)]
        knobs: KnobArgs,
    },
    /// Draw a seeded variant within the rules' ranges, for one player count.
    ///
    /// Deal sizes, rounds (3-5), threshold, value points, award tokens, cards and symbols
    /// per artist and every disputed reading vary; the game stays the shipped size. With
    /// --out FILE the variant is written to FILE and its deck to decks/NAME.json beside
    /// it; without, both are printed as one JSON object. The same seed gives the same files.
    ///
    /// Example: gamebounds modern-art generate --seed 1 --players 2 --out models/modern-art/general/g01-2p.json
    Generate {
        /// The seed (any integer).
        #[arg(long)]
        seed: u64,
        /// Number of players (2–5): the variant deals for this count only.
        #[arg(long)]
        players: usize,
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
            set,
            vary,
            one_at_a_time,
            split,
            goal,
            knobs,
            out,
        } => {
            let k = knobs.knobs()?;
            if !vary.is_empty() || !set.is_empty() {
                let req = super::grid::Request {
                    variants: &variant,
                    deck: deck.as_deref(),
                    players: players.as_deref(),
                    split,
                    goal: &goal,
                    set: &set,
                    vary: &vary,
                    one_at_a_time,
                    out: &out,
                };
                super::grid::run(&req, common, &k)
            } else {
                let players = players.unwrap_or_else(|| vec![2, 3, 4, 5]);
                let deck = deck.as_deref();
                super::solve::run_compare(&variant, deck, &players, split, &goal, common, &out, &k)
            }
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
        Command::Bench { suite: None, .. } if common.jobs > 1 || common.emit_jobs.is_some() => {
            bail!(
                "--jobs and --emit-jobs: `modern-art bench` spreads only the variants of \
                 --suite; the standard benchmark times one solve after another"
            )
        }
        Command::Bench {
            worlds: Some(file),
            report,
            knobs,
            ..
        } => {
            let limit = common
                .part_limit
                .or(common.time_limit)
                .unwrap_or(super::solve::DEFAULT_WORLDS_LIMIT);
            let report = report.unwrap_or(super::solve::DEFAULT_WORLDS_REPORT.into());
            crate::io::check_report(&report)?;
            super::solve::run_bench_worlds(&file, &report, limit, common, &knobs.knobs()?)
        }
        Command::Bench {
            runs,
            suite: Some(dir),
            report,
            variant_limit,
            only,
            knobs,
            ..
        } => {
            let report = report.unwrap_or(super::solve::DEFAULT_SUITE_REPORT.into());
            crate::io::check_report(&report)?;
            let k = knobs.knobs()?;
            let limit = variant_limit;
            let runs = runs.unwrap_or(1);
            super::solve::run_bench_suite(&dir, &report, runs, limit, &only, common, &k)
        }
        Command::Bench {
            report: Some(r), ..
        } => bail!(
            "--report {}: only --suite and --worlds write to a report you name (the \
             standard and --certify benchmarks write results/bench-modern-art*.md)",
            r.display()
        ),
        Command::Bench {
            runs,
            certify: false,
            players,
            knobs,
            ..
        } => super::solve::run_bench(
            std::path::Path::new("."),
            runs.unwrap_or(3),
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
            runs.unwrap_or(3),
            &players.unwrap_or_else(|| vec![2, 3, 4, 5]),
            common,
            &knobs.knobs()?,
        ),
        Command::Generate { seed, players } => generate_files(seed, players, common),
        Command::ProofFromTable { files } => proof_from_table(&files, common),
        Command::Search {
            setup,
            player,
            objective,
            eager,
        } => run_search(&setup, player, objective.as_deref(), eager, common),
    }
}

/// `search`: the referee's exhaustive maximum of a miniature (`player` 0: the total).
fn run_search(
    setup: &Setup,
    player: usize,
    objective: Option<&str>,
    eager: bool,
    common: &Common,
) -> Result<()> {
    let cfg = setup.config()?;
    if player > cfg.players {
        bail!(
            "--player {player}: the game has {} players (use 1..{}, or 0 for the total)",
            cfg.players,
            cfg.players
        );
    }
    let (objective, seat) = match (objective, player) {
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
    let deadline = crate::options::left().map(|s| t0 + std::time::Duration::from_secs_f64(s));
    let (value, record, stats) = search::maximise_within(&cfg, objective, seat, mode, deadline)?;
    common.note(format!(
        "search: {objective} = {value}, {} states, {:.3} s",
        stats.states,
        t0.elapsed().as_secs_f64()
    ));
    let env = episode::envelope(&cfg, objective, seat, None, record)?;
    common.emit(&env)
}

/// `generate`: write the variant and its deck (or print both).
fn generate_files(seed: u64, players: usize, common: &Common) -> Result<()> {
    let g = super::generate::generate(seed, players)?;
    let Some(out) = &common.out else {
        let both = serde_json::json!({"variant": g.variant, "deck": g.deck});
        println!("{}", serde_json::to_string_pretty(&both)?);
        return Ok(());
    };
    let deck = out.parent().unwrap_or(Path::new("")).join(&g.variant.deck);
    crate::cli::write_file(out, &g.variant_json())?;
    // The deck's folder is the command's own naming (`decks/` beside the variant, where
    // the variant's `deck` key points), not the user's: made when missing.
    if let Some(dir) = deck.parent() {
        std::fs::create_dir_all(dir)
            .with_context(|| format!("cannot create directory {}", dir.display()))?;
    }
    crate::cli::write_file(&deck, &g.deck_json())?;
    common.note(format!(
        "generate: {} ({} players) -> {} and {}",
        g.variant.name,
        players,
        out.display(),
        deck.display()
    ));
    Ok(())
}

/// `modern-art proof-from-table`: each episode with its record read back from its
/// table, checked by `verify` before it is written.
fn proof_from_table(files: &[PathBuf], common: &Common) -> Result<()> {
    for file in files {
        let mut env = crate::games::load(file)?;
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
