//! `gamebounds cribbage <verb>`: score, discard, max, distribution, discard-table,
//! results, bench.

use std::path::{Path, PathBuf};
use std::time::Instant;

use anyhow::{bail, Context, Result};
use clap::{Args, Subcommand};
use serde_json::json;

use super::analysis::{self, Role};
use super::engine::breakdown;
use super::episode::{Averaged, DiscardPayload, MaxPayload, ScorePayload, GAME};
use super::model;
use super::rules::{load_queries, parse_card, parse_cards, show, Card, Query, QuerySpec, Variant};
use super::ruleset::{self, CribbageRules};
use super::table::{self, DiscardTable, Tables};
use crate::cli::Common;
use crate::episode::Envelope;
use crate::error::Rejected;
use crate::grid::Vary;
use crate::lp::{SolveOptions, Status};
use crate::variants::Setting;

/// The rules a verb reads: a rules file, then the player count on top of it.
#[derive(Debug, Clone, Default, Args)]
pub struct RulesArgs {
    /// Rules file (JSON: players, house rules; see docs/cribbage-rules-keys.md). Default:
    /// the standard two-player game, models/cribbage/rules.json.
    #[arg(long = "rules", value_name = "FILE")]
    pub file: Option<PathBuf>,
    /// Players: 2, 3 or 4 (deal 6/5/5, discard 2/1/1); overrides the file's `players`.
    #[arg(long, value_name = "N")]
    pub players: Option<u8>,
    /// Override one rules key (repeatable), e.g. `crib_four_card_flush=true`.
    #[arg(long = "set", value_name = "KEY=VALUE")]
    pub set: Vec<String>,
}

impl RulesArgs {
    /// The effective rules, validated.
    pub fn resolve(&self) -> Result<CribbageRules> {
        self.resolve_with(&[])
    }

    /// The effective rules with one grid cell's settings on top of `--set`'s.
    pub fn resolve_with(&self, cell: &[Setting]) -> Result<CribbageRules> {
        let mut all = Setting::parse_all(&self.set)?;
        all.extend(cell.iter().cloned());
        ruleset::resolve(self.file.as_deref(), self.players)?.with_settings(&all)
    }
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Score a hand with its start card, item by item (each 15, pair, run, flush, nob).
    ///
    /// Cards are rank then suit: 5H, 10S or TS, JD, AC (suits C D H S), any case.
    /// House rules come from --rules FILE (keys: docs/cribbage-rules-keys.md).
    ///
    /// Examples:
    ///   gamebounds cribbage score 5H 5S 5C JD --start 5D
    ///   gamebounds cribbage score 2H 4H 6H 8H --start KS --crib --rules models/cribbage/crib-four-card-flush.json
    ///
    /// With --json: the episode with status "exact" (scoring optimises nothing, so not
    /// "optimal"); `verify` re-scores it as it does an --out FILE.
    #[command(verbatim_doc_comment)]
    Score {
        /// The four hand cards.
        #[arg(value_name = "CARD", num_args = 1..)]
        cards: Vec<String>,
        /// The start (cut) card.
        #[arg(long, value_name = "CARD")]
        start: Option<String>,
        /// Score by crib rules (standard: only a five-card flush counts).
        #[arg(long)]
        crib: bool,
        #[command(flatten)]
        rules: RulesArgs,
    },
    /// Rank every keep of a deal by its exact expected value.
    ///
    /// The deal is 6 cards with two players, 5 with --players 3 or 4 (keep 4 of 5).
    /// The expected hand value is averaged over every start card not dealt to you.
    /// With --dealer the expected value of your crib is added, with --pone the dealer's
    /// crib is subtracted: your discards plus every way the unknown cards can fill it
    /// (the others' discards and, with three players, the card from the deck) and the
    /// start, all equally likely. With four players --dealer means your side's crib.
    ///
    /// Examples:
    ///   gamebounds cribbage discard 2C 4H 6D 8H 2S JC --dealer
    ///   gamebounds cribbage discard 5H 5C 5S JD 4C --players 3
    #[command(verbatim_doc_comment)]
    Discard {
        /// The dealt cards (6 with two players, 5 with three or four).
        #[arg(value_name = "CARD", num_args = 1..)]
        cards: Vec<String>,
        /// The crib is yours (your side's): add its expected value.
        #[arg(long, conflicts_with = "pone")]
        dealer: bool,
        /// The crib is the dealer's: subtract its expected value.
        #[arg(long)]
        pone: bool,
        #[command(flatten)]
        rules: RulesArgs,
    },
    /// The best hand and start card under constraints, proven by an ILP (HiGHS)
    ///
    /// Constraints apply to the five scored cards (hand + start) unless said otherwise.
    /// The result is an episode: `gamebounds verify` re-scores it and re-checks its
    /// optimality by enumeration. House rules come from --rules FILE.
    ///
    /// Examples:
    ///   gamebounds cribbage max                       # 29
    ///   gamebounds cribbage max --without 5 --count   # best hand with no five
    ///   gamebounds cribbage max --from "2C 4H 6D 8H 2S JC" --start 9S
    ///
    /// More queries and every option: docs/cribbage.md.
    #[command(verbatim_doc_comment, name = "bound", visible_alias = "max")]
    Max {
        /// A card (5H) or rank (5, 10, J) that must be among the five; repeat a rank to
        /// require it several times.
        #[arg(long, value_name = "CARD|RANK")]
        contains: Vec<String>,
        /// A rank that must not be among the five.
        #[arg(long, value_name = "RANK")]
        without: Vec<String>,
        /// Fix the start card.
        #[arg(long, value_name = "CARD")]
        start: Option<String>,
        /// The four hand cards must come from these (the start is any other card).
        #[arg(long, value_name = "CARDS", num_args = 1..)]
        from: Vec<String>,
        /// The start card must be one of these (give the same cards as --from to draw
        /// all five scored cards from one pool).
        #[arg(long, value_name = "CARDS", num_args = 1..)]
        start_from: Vec<String>,
        /// Score by crib rules.
        #[arg(long)]
        crib: bool,
        /// Require at least this score (infeasible queries are an error).
        #[arg(long, value_name = "S")]
        min_score: Option<u32>,
        /// Also count, by enumeration, the (hand, start) pairs reaching the maximum.
        #[arg(long)]
        count: bool,
        #[command(flatten)]
        rules: RulesArgs,
    },
    /// The maximum hand (or crib) under every combination of rules values, one row each.
    ///
    /// Each row is the `bound` query under that combination's rules, proven by the ILP
    /// and re-scored by the referee; `--set` fixes the other keys; --out-dir DIR writes
    /// each cell's episode there, --chart FILE.svg draws the grid.
    ///
    /// Example:
    ///   gamebounds cribbage compare --vary hand_four_card_flush=true,false
    #[command(verbatim_doc_comment)]
    Compare {
        /// A rules key and the values it takes, e.g. `players=2,3` (repeatable).
        #[arg(long, value_name = "KEY=V1,V2", required = true)]
        vary: Vec<String>,
        /// The crib's maximum instead of the hand's.
        #[arg(long)]
        crib: bool,
        #[command(flatten)]
        rules: RulesArgs,
        #[command(flatten)]
        out: crate::grid::GridOut,
    },
    /// How many of all 12,994,800 (hand, start) pairs score 0, 1, … 29; the mean.
    ///
    /// House rules (--rules FILE) change the counts; the number of players does not
    /// (every four cards are equally likely to be a hand).
    ///
    /// Example: gamebounds cribbage distribution --crib
    Distribution {
        /// Crib rules.
        #[arg(long)]
        crib: bool,
        #[command(flatten)]
        rules: RulesArgs,
        /// Worker threads for the enumeration (the result does not depend on it).
        #[arg(long, default_value_t = 2, value_name = "N", value_parser = crate::options::cores)]
        cores: usize,
    },
    /// The best keep's expected value over every deal: all 20,358,520 six-card deals,
    /// or with --players 3 or 4 all 2,598,960 five-card deals.
    ///
    /// By hand value alone, or with --dealer / --pone the best keep by hand ± crib (the
    /// same values `discard --dealer/--pone` ranks by). Deals equal up to renaming suits
    /// have equal values, so one deal per suit class is evaluated and weighted by the
    /// class size; --no-symmetry evaluates every deal.
    ///
    /// Example: gamebounds cribbage discard-table --dealer --players 3
    DiscardTable {
        /// Best keep by hand + own crib.
        #[arg(long, conflicts_with = "pone")]
        dealer: bool,
        /// Best keep by hand − opponent's crib.
        #[arg(long)]
        pone: bool,
        /// Evaluate all deals one by one (the cross-check; slower).
        #[arg(long)]
        no_symmetry: bool,
        #[arg(long, default_value_t = 2, value_name = "N", value_parser = crate::options::cores)]
        cores: usize,
        #[command(flatten)]
        rules: RulesArgs,
    },
    /// Write results/cribbage-variants.md: per rules file, the maximum hand, the mean
    /// hand and crib, and the best discard's mean value (hand only, dealer, pone).
    ///
    /// Example: gamebounds cribbage variants
    Variants {
        /// Rules files, one row each (default: standard, three and four players, the
        /// crib's four-card flush, the hand flush needing five).
        #[arg(long = "rules", value_name = "FILE")]
        files: Vec<PathBuf>,
        #[arg(
            long,
            default_value = "results/cribbage-variants.md",
            value_name = "FILE"
        )]
        file: PathBuf,
        #[arg(long, default_value_t = 2, value_name = "N")]
        cores: usize,
    },
    /// Regenerate results/cribbage-*.{json,md} and games/cribbage-*.{json,md}.
    ///
    /// Writes both distributions, the discard table (cross-checked deal by deal) and one
    /// `max` episode per entry of the query file.
    ///
    /// Example: gamebounds cribbage results
    Results {
        #[arg(long, default_value = "results")]
        results_dir: PathBuf,
        #[arg(long, default_value = "games")]
        games_dir: PathBuf,
        /// Named `max` queries to solve (JSON: {"queries": [{"name": "without-5", "without": ["5"]}, …]}).
        #[arg(
            long,
            default_value = "models/cribbage/queries.json",
            value_name = "FILE"
        )]
        queries: PathBuf,
    },
    /// Time scoring, distribution, discard and ILP max; write results/bench-cribbage.md.
    ///
    /// Example: gamebounds cribbage bench
    Bench {
        #[arg(long, default_value = "results/bench-cribbage.md")]
        file: PathBuf,
        /// Repetitions of each measurement (medians are reported).
        #[arg(long, default_value_t = 5, value_parser = crate::options::count)]
        repeat: usize,
    },
}

pub fn run(cmd: Command, common: &Common) -> Result<()> {
    match cmd {
        Command::Score {
            cards,
            start,
            crib,
            rules,
        } => {
            let env = score_episode(&cards, start.as_deref(), crib, &rules.resolve()?)?;
            if !common.json {
                return common.emit(&env);
            }
            if let Some(path) = &common.out {
                common.save_episode(path, &env)?;
            }
            common.print_json(&scoring_json(&env)?)
        }
        Command::Discard {
            cards,
            dealer,
            pone,
            rules,
        } => {
            let rules = rules.resolve()?;
            common.emit(&discard_episode(
                &parse_cards(&cards)?,
                role_of(dealer, pone),
                &rules,
            )?)
        }
        Command::Max {
            contains,
            without,
            start,
            from,
            start_from,
            crib,
            min_score,
            count,
            rules,
        } => {
            let rules = rules.resolve()?;
            let q = QuerySpec {
                crib,
                contains,
                without,
                start,
                from,
                start_from,
                min_score,
                ..QuerySpec::default()
            }
            .to_query()?;
            common.emit(&max_episode(&q, &rules, count, &common.solve_options())?)
        }
        Command::Compare {
            vary,
            crib,
            rules,
            out,
        } => {
            let dims = Vary::parse_grid(&vary, &rules.set)?;
            let q = QuerySpec {
                crib,
                ..QuerySpec::default()
            }
            .to_query()?;
            let opts = common.solve_options();
            crate::grid::run(
                "cribbage",
                &dims,
                common,
                &out,
                |cell| rules.resolve_with(cell),
                |r| {
                    Ok(variant_json(
                        r,
                        json!({ "count": Variant::from_crib(q.crib) }),
                    ))
                },
                |r| max_episode(&q, &r, false, &opts),
            )
        }
        Command::Distribution { crib, cores, rules } => {
            let rules = rules.resolve()?;
            let t = Instant::now();
            let env = distribution_episode(crib, &rules, common.cores_or(cores));
            common.note(format!("enumerated in {:.3} s", analysis::since(t)));
            common.emit(&env)
        }
        Command::DiscardTable {
            dealer,
            pone,
            no_symmetry,
            cores,
            rules,
        } => {
            let rules = rules.resolve()?;
            let t = Instant::now();
            let cores = common.cores_or(cores);
            let env = table_episode(role_of(dealer, pone), &rules, !no_symmetry, cores);
            common.note(format!("computed in {:.2} s", analysis::since(t)));
            common.emit(&env)
        }
        Command::Variants { files, file, cores } => {
            super::variants::run(&files, &file, cores.max(1), common)
        }
        Command::Results {
            results_dir,
            games_dir,
            queries,
        } => results(&results_dir, &games_dir, &queries, common),
        Command::Bench { file, repeat } => super::bench::run(&file, repeat.max(1), common),
    }
}

/// The `variant` field of an episode: the effective rules and the verb's own settings.
pub fn variant_json(rules: &CribbageRules, extra: serde_json::Value) -> serde_json::Value {
    let mut v = json!({ "rules": rules });
    if let (Some(map), serde_json::Value::Object(more)) = (v.as_object_mut(), extra) {
        map.extend(more);
    }
    v
}

/// `score --json`: the episode with status `exact`, not `optimal`: plain scoring
/// optimises nothing (no solver ran; the value is the count, so bound = value). An
/// episode reads `exact` as it reads `optimal` (`Status`), so the output still verifies.
pub fn scoring_json(env: &Envelope) -> Result<serde_json::Value> {
    let mut v = serde_json::to_value(env)?;
    v["status"] = "exact".into();
    Ok(v)
}

/// The `score` episode, after checking the input.
pub fn score_episode(
    cards: &[String],
    start: Option<&str>,
    crib: bool,
    rules: &CribbageRules,
) -> Result<Envelope> {
    let hand = parse_cards(cards)?;
    let Some(start) = start else {
        bail!("score needs the start card: add --start CARD (e.g. --start 5D)");
    };
    let start = parse_card(start)?;
    let Ok(hand) = <[Card; 4]>::try_from(hand.clone()) else {
        bail!(
            "score needs exactly 4 hand cards, got {}{}",
            hand.len(),
            if hand.is_empty() {
                String::new()
            } else {
                format!(": {}", show(&hand))
            }
        );
    };
    if hand.contains(&start) {
        bail!("the start card {start} is also in the hand: a card exists once");
    }
    let variant = Variant::from_crib(crib);
    let b = breakdown(&hand, start, rules.flush(variant));
    Ok(Envelope::exact(
        GAME,
        variant_json(rules, json!({ "count": variant })),
        "score",
        b.total as f64,
        serde_json::to_value(ScorePayload {
            hand: hand.to_vec(),
            start,
            variant,
            breakdown: b,
        })?,
    ))
}

pub fn discard_episode(dealt: &[Card], role: Role, rules: &CribbageRules) -> Result<Envelope> {
    let keeps = analysis::discard(dealt, role, rules)?;
    Ok(Envelope::exact(
        GAME,
        variant_json(rules, json!({ "role": role, "dealt": dealt.len() })),
        "discard",
        keeps[0].total.to_f64(),
        serde_json::to_value(DiscardPayload {
            dealt: dealt.to_vec(),
            role,
            keeps,
            averaged: Some(Averaged::of(rules, role)),
        })?,
    ))
}

/// Solve a `max` query by ILP, then let the referee re-score the answer; with `count`,
/// enumerate every allowed pair as well.
pub fn max_episode(
    q: &Query,
    rules: &CribbageRules,
    count: bool,
    opts: &SolveOptions,
) -> Result<Envelope> {
    let sol = model::solve_max(q, rules, opts)?;
    let variant = Variant::from_crib(q.crib);
    let b = breakdown(&sol.hand, sol.start, rules.flush(variant));
    if b.total != sol.value {
        return Err(Rejected(format!(
            "cribbage: the ILP claims {} for {} with start {}, the referee scores {}",
            sol.value,
            show(&sol.hand),
            sol.start,
            b.total
        ))
        .into());
    }
    let count = if count {
        let e = analysis::enumerate_max(q, rules, 2);
        if sol.report.proven() && e.max != Some(b.total) {
            return Err(Rejected(format!(
                "cribbage: the ILP proves {} but enumeration finds {:?}",
                b.total, e.max
            ))
            .into());
        }
        Some(e)
    } else {
        None
    };
    let mut report = sol.report.clone();
    if !report.proven() && report.status == Status::Optimal {
        report.status = Status::Feasible;
    }
    // The referee's integer score is the episode's value (HiGHS's objective carries
    // rounding noise such as 24.00000000000008).
    report.objective = Some(b.total as f64);
    let proof = match report.proven() {
        true => {
            let quiet = SolveOptions {
                quiet: true,
                ..opts.clone()
            };
            let lp = model::max_relaxation(q, rules, &quiet)?;
            let mut proof = crate::proof::whole(&report, b.total as f64, Some(lp), opts);
            // The model's own option (see `model::solve_max`).
            proof.highs.insert("presolve".into(), "off".into());
            Some(proof)
        }
        false => None,
    };
    let mut env = Envelope::from_report(
        GAME,
        variant_json(rules, json!({ "count": variant })),
        "max",
        &report,
        serde_json::to_value(MaxPayload {
            note: None,
            query: q.clone(),
            hand: sol.hand.to_vec(),
            start: sol.start,
            score: b.total,
            breakdown: b,
            count,
            proof,
        })?,
    );
    if env.status == Status::Optimal {
        env.bound = env.value;
        env.gap = Some(0.0);
    }
    Ok(env)
}

pub fn distribution_episode(crib: bool, rules: &CribbageRules, cores: usize) -> Envelope {
    let d = analysis::distribution(crib, rules, cores);
    Envelope::exact(
        GAME,
        variant_json(rules, json!({ "count": Variant::from_crib(crib) })),
        "distribution",
        d.mean.to_f64(),
        serde_json::to_value(&d).expect("serialisable"),
    )
}

fn role_of(dealer: bool, pone: bool) -> Role {
    match (dealer, pone) {
        (true, _) => Role::Dealer,
        (_, true) => Role::Pone,
        _ => Role::None,
    }
}

pub fn table_episode(role: Role, rules: &CribbageRules, symmetry: bool, cores: usize) -> Envelope {
    let tables = Tables::build(role, rules, cores);
    let t = table::discard_table(&tables, rules, role, symmetry, cores);
    Envelope::exact(
        GAME,
        variant_json(rules, json!({ "role": role, "deal": rules.deal() })),
        "discard-table",
        t.mean.to_f64(),
        serde_json::to_value(&t).expect("serialisable"),
    )
}

/// Save an episode as FILE.json, its rendering as FILE.md and its picture as FILE.svg.
fn save(env: &Envelope, path: &Path, common: &Common) -> Result<()> {
    common.save_episode(path, env)
}

fn results(results_dir: &Path, games_dir: &Path, queries: &Path, common: &Common) -> Result<()> {
    // Read the query file first: a mistake in it should not cost the enumerations.
    let specs = load_queries(queries)?;
    let std = CribbageRules::default();
    save(
        &distribution_episode(false, &std, 2),
        &results_dir.join("cribbage-distribution.json"),
        common,
    )?;
    save(
        &distribution_episode(true, &std, 2),
        &results_dir.join("cribbage-distribution-crib.json"),
        common,
    )?;
    let table_path = results_dir.join("cribbage-discard-table.json");
    let table = table_episode(Role::None, &std, true, 2);
    save(&table, &table_path, common)?;
    // Cross-check the suit-class shortcut against every deal one by one, and say so in
    // the rendered table.
    common.note("cross-checking the discard table deal by deal (all 20,358,520 deals)…");
    let all = table_episode(Role::None, &std, false, 2);
    let a: DiscardTable = table.payload_as()?;
    let b: DiscardTable = all.payload_as()?;
    let same = a.deals == b.deals
        && a.mean == b.mean
        && a.hist == b.hist
        && a.exact == b.exact
        && a.min.ev == b.min.ev
        && a.max.ev == b.max.ev;
    if !same {
        bail!("the discard table by suit classes differs from the deal-by-deal table");
    }
    let md_path = table_path.with_extension("md");
    let mut md = std::fs::read_to_string(&md_path)
        .with_context(|| format!("cannot read {}", md_path.display()))?;
    md.push_str(&format!(
        "\nCross-check: evaluating all {} deals one by one (no suit symmetry) gives the same \
         exact histogram, mean, minimum and maximum.\n",
        b.evaluated
    ));
    crate::io::write_atomic(&md_path, md.as_bytes())?;
    for (role, name) in [(Role::Dealer, "dealer"), (Role::Pone, "pone")] {
        save(
            &table_episode(role, &std, true, 2),
            &results_dir.join(format!("cribbage-discard-table-{name}.json")),
            common,
        )?;
    }
    let opts = SolveOptions {
        quiet: true,
        ..common.solve_options()
    };
    for (spec, q) in specs {
        let mut env = max_episode(&q, &std, true, &opts)
            .with_context(|| format!("query `{}` of {}", spec.name, queries.display()))?;
        if let Some(note) = &spec.note {
            env.payload["note"] = serde_json::Value::String(note.clone());
        }
        let path = games_dir.join(format!("cribbage-max-{}.json", spec.name));
        save(&env, &path, common)?;
    }
    Ok(())
}
