//! `cribbage variants`: one row per rules file — the proven maximum hand and crib, the mean
//! hand and crib over every (cards, start) pair, and the best keep's mean value over every
//! deal (hand only, dealer, pone) — written to `results/cribbage-variants.md`.

use std::path::{Path, PathBuf};
use std::time::Instant;

use anyhow::{bail, Context, Result};

use super::analysis::{self, Role};
use super::model;
use super::render::frac;
use super::rules::Query;
use super::ruleset::CribbageRules;
use super::table::{self, Tables};
use crate::cli::Common;
use crate::lp::SolveOptions;
use crate::render::table as md_table;

/// The rules files of the committed table.
pub const DEFAULT_FILES: [&str; 5] = [
    "models/cribbage/rules.json",
    "models/cribbage/three-players.json",
    "models/cribbage/four-players.json",
    "models/cribbage/crib-four-card-flush.json",
    "models/cribbage/hand-flush-needs-five.json",
];

/// One row of the table.
struct Row {
    file: String,
    rules: CribbageRules,
    max_hand: u32,
    max_crib: u32,
    mean_hand: String,
    mean_crib: String,
    best: Vec<String>,
    seconds: f64,
}

/// The proven maximum of an unconstrained query (hand or crib counting).
fn proven_max(rules: &CribbageRules, crib: bool) -> Result<u32> {
    let q = Query {
        crib,
        ..Query::default()
    };
    let sol = model::solve_max(&q, rules, &SolveOptions::quiet())?;
    if !sol.report.proven() {
        bail!("the maximum under {} was not proven", rules.describe());
    }
    Ok(sol.value)
}

fn row(file: &Path, cores: usize, common: &Common) -> Result<Row> {
    let rules = CribbageRules::load(file)?;
    common.note(format!("{}: {}", file.display(), rules.describe()));
    let (max_hand, max_crib) = (proven_max(&rules, false)?, proven_max(&rules, true)?);
    let mean_hand = frac(analysis::distribution(false, &rules, cores).mean);
    let mean_crib = frac(analysis::distribution(true, &rules, cores).mean);
    let t = Instant::now();
    let mut best = Vec::new();
    for role in [Role::None, Role::Dealer, Role::Pone] {
        let tables = Tables::build(role, &rules, cores);
        let tab = table::discard_table(&tables, &rules, role, true, cores);
        best.push(frac(tab.mean));
    }
    let seconds = analysis::since(t);
    common.note(format!("  best-keep tables in {seconds:.1} s"));
    Ok(Row {
        file: file.display().to_string(),
        rules,
        max_hand,
        max_crib,
        mean_hand,
        mean_crib,
        best,
        seconds,
    })
}

pub fn run(files: &[PathBuf], out: &Path, cores: usize, common: &Common) -> Result<()> {
    let files: Vec<PathBuf> = if files.is_empty() {
        DEFAULT_FILES.iter().map(PathBuf::from).collect()
    } else {
        files.to_vec()
    };
    // Read every file first: a mistake in the last should not cost the others' work.
    for f in &files {
        CribbageRules::load(f)?;
    }
    let rows = files
        .iter()
        .map(|f| row(f, cores, common))
        .collect::<Result<Vec<_>>>()?;
    let md = markdown(&rows, cores);
    std::fs::write(out, md).with_context(|| format!("cannot write {}", out.display()))?;
    common.note(format!("wrote {}", out.display()));
    Ok(())
}

fn markdown(rows: &[Row], cores: usize) -> String {
    let body = rows.iter().map(|r| {
        let x = &r.rules;
        vec![
            format!("`{}`", r.file),
            x.describe(),
            format!("{} / {} / {}", x.deal(), x.discards(), x.crib_from_deck()),
            format!("{} / {}", r.max_hand, r.max_crib),
            r.mean_hand.clone(),
            r.mean_crib.clone(),
            r.best[0].clone(),
            r.best[1].clone(),
            r.best[2].clone(),
            format!("{:.1}", r.seconds),
        ]
    });
    let table = md_table(
        [
            "rules file",
            "rules",
            "deal / discard / crib from deck",
            "max hand / crib",
            "mean hand",
            "mean crib",
            "best keep: hand",
            "best keep: dealer (hand + crib)",
            "best keep: pone (hand − crib)",
            "tables (s)",
        ],
        body,
    );
    format!(
        "# cribbage: the rules variants\n\n\
         One row per rules file (keys: `docs/cribbage-rules-keys.md`). All values are exact.\n\n\
         - *max hand / crib*: the highest score of four cards and the start, by hand and by \
         crib counting, proven by the ILP (`cribbage max --rules FILE [--crib]`).\n\
         - *mean hand*, *mean crib*: the mean score of all 12,994,800 (four cards, start) \
         pairs (`cribbage distribution --rules FILE [--crib]`). The number of players does \
         not change them: every four cards are equally likely to be a hand or a crib.\n\
         - *best keep*: the mean, over every deal (20,358,520 six-card deals with two \
         players, 2,598,960 five-card deals with three or four), of the best keep's exact \
         expected value (`cribbage discard-table --rules FILE [--dealer|--pone]`): the hand \
         over every start card not dealt to you; the crib over every way the unknown cards \
         (the others' discards and, with three players, the card from the deck) and the \
         start complete it, all equally likely. Three and four players give the same values: \
         in both a player keeps 4 of 5 and does not know the other 3 crib cards.\n\
         - *tables (s)*: the three best-keep tables (suit classes, {cores} threads), \
         measured on a shared machine.\n\n\
         Regenerate: `gamebounds cribbage variants` (in `make results`).\n\n{table}\n"
    )
}
