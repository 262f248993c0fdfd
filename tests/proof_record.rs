//! The proof record: `verify` accepts every committed Modern Art episode's record and
//! rejects each kind of tampering with the part named; `audit` solves a miniature's parts
//! again and agrees with the exhaustive search.

mod common;

use common::root;
use gamebounds::episode::Envelope;
use gamebounds::lp::SolveOptions;
use gamebounds::modern_art::episode::Payload;
use gamebounds::modern_art::model::Objective;
use gamebounds::modern_art::proof::TokenShare;
use gamebounds::modern_art::rules::Config;
use gamebounds::modern_art::solve::{self, SplitBy};
use gamebounds::modern_art::{search, verify};
use gamebounds::proof::Settled;
use serde_json::Value;

fn load(name: &str) -> Envelope {
    Envelope::load(&root().join("games").join(name)).unwrap()
}

/// The episode with its payload edited by `edit`, verified: the rejection's message.
fn tampered(name: &str, edit: impl Fn(&mut Value)) -> String {
    let mut env = load(name);
    edit(&mut env.payload);
    let err = gamebounds::games::verify(&env).expect_err("tampered record accepted");
    assert_eq!(gamebounds::error::exit_code(&err), 1, "{err:#}");
    format!("{err:#}")
}

fn parts(p: &mut Value) -> &mut Vec<Value> {
    p["proof"]["parts"].as_array_mut().unwrap()
}

fn rows(p: &mut Value) -> &mut Vec<Value> {
    p["split"].as_array_mut().unwrap()
}

#[test]
fn every_committed_modern_art_maximum_has_a_record_that_verifies() {
    let mut checked = 0;
    for entry in std::fs::read_dir(root().join("games")).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        if !name.starts_with("modern-art-") || !name.ends_with(".json") {
            continue;
        }
        let env = Envelope::load(&path).unwrap();
        let payload: Payload = env.payload_as().unwrap();
        if env.solver.is_some() && env.objective == "max-player" {
            assert!(payload.proof.is_some(), "{name}: no proof record");
            checked += 1;
        }
        verify(&env).unwrap_or_else(|e| panic!("{name}: {e:#}"));
    }
    assert!(checked >= 24, "{checked} records");
}

#[test]
fn a_part_removed_is_rejected() {
    let msg = tampered("modern-art-2p-blessed.json", |p| {
        parts(p).remove(3);
        rows(p).remove(3);
    });
    assert!(
        msg.contains("no part covers") && msg.contains("first in rounds 2, 3 and 4"),
        "{msg}"
    );
    // From the record alone (the table left whole): still rejected.
    let msg = tampered("modern-art-2p-blessed.json", |p| {
        parts(p).remove(3);
    });
    assert!(msg.contains("a part is missing"), "{msg}");
}

#[test]
fn a_part_duplicated_is_rejected() {
    let msg = tampered("modern-art-2p-anchor.json", |p| {
        let dup = parts(p)[7].clone();
        parts(p).push(dup);
        let row = rows(p)[7].clone();
        rows(p).push(row);
    });
    assert!(
        msg.contains("part 8") && msg.contains("part 9") && msg.contains("overlap"),
        "{msg}"
    );
}

#[test]
fn a_restriction_altered_is_rejected() {
    // A round moved from "not first" to open: the part now overlaps its neighbour.
    let msg = tampered("modern-art-2p-blessed.json", |p| {
        parts(p)[2]["restriction"]["leads"]["first_in"] = serde_json::json!([2]);
    });
    assert!(msg.contains("part 3") && msg.contains("overlap"), "{msg}");
    // A token count below half: not a part of the token split.
    let msg = tampered("modern-art-2p-anchor.json", |p| {
        parts(p)[1]["restriction"]["tokens"]["exactly"]["tokens"] = serde_json::json!(2);
    });
    assert!(
        msg.contains("part 2") && msg.contains("not above half"),
        "{msg}"
    );
    // Leads about another artist than the token artist.
    let msg = tampered("modern-art-2p-anchor.json", |p| {
        parts(p)[7]["restriction"]["leads"]["artist"] = serde_json::json!("Krypto");
    });
    assert!(
        msg.contains("part 8") && msg.contains("token artist"),
        "{msg}"
    );
    // The table's words no longer the record's.
    let msg = tampered("modern-art-2p-anchor.json", |p| {
        rows(p)[0]["part"] = serde_json::json!("any artist: 2 tokens");
    });
    assert!(msg.contains("part 1") && msg.contains("differs"), "{msg}");
}

#[test]
fn a_bound_altered_above_the_maximum_is_rejected() {
    let msg = tampered("modern-art-2p-blessed.json", |p| {
        parts(p)[1]["bound"] = serde_json::json!(450.0);
    });
    assert!(
        msg.contains("part 2") && msg.contains("above the claimed maximum 449"),
        "{msg}"
    );
    let msg = tampered("modern-art-2p-anchor.json", |p| {
        parts(p)[0]["settled"] = serde_json::json!("open");
    });
    assert!(msg.contains("part 1") && msg.contains("open"), "{msg}");
}

/// A miniature split over the tokens and leads: its record verifies, and `audit --exact`
/// re-solves every part: none above the exhaustive search's maximum, and the largest of
/// the MIP parts' maxima is it. (The search cannot be restricted to one part, so each
/// part's own maximum is not compared with it.) Without `--exact` every part holds too.
#[test]
fn audit_of_a_miniature_split_agrees_with_the_search() {
    let p = root().join("models/modern-art/mini/m04-award.json");
    let c = Config::load(&p, None, 2).unwrap();
    let o = solve::split(
        &c,
        Objective::MaxPlayer,
        None,
        SplitBy::TokensLeads,
        &SolveOptions::quiet(),
        None,
        &solve::Knobs::default(),
    )
    .unwrap();
    assert!(o.proven);
    verify(&o.envelope).unwrap();
    let payload: Payload = o.envelope.payload_as().unwrap();
    let proof = payload.proof.expect("a split records its proof");
    let (best, _, _) = search::maximise_with(&c, "max-player", None, search::Mode::Lazy).unwrap();
    assert_eq!(o.value, best);
    let exact = solve::AuditOptions {
        exact: true,
        ..Default::default()
    };
    let rows = solve::audit(&c, None, &proof, best, &exact).unwrap();
    assert_eq!(rows.len(), proof.parts.len());
    let mut top = None;
    for r in &rows {
        assert!(r.holds, "{r:?}");
        assert!(r.resolved.is_none_or(|b| b <= best as f64), "{r:?}");
        assert!(r.safe.is_none_or(|s| s < (best + 1) as f64) || r.settled != Settled::LpBound);
        if r.settled == Settled::MipOptimal || r.settled == Settled::MipCutoff {
            top = top.max(r.resolved.map(|b| b as i64));
        }
    }
    assert_eq!(top, Some(best), "{rows:?}");
    // Without --exact an LP part holds with a safe bound below the maximum plus one, and a
    // MIP part is solved as a MIP under the cutoff alone (no LP, so no safe bound).
    let rows = solve::audit(&c, None, &proof, best, &solve::AuditOptions::default()).unwrap();
    for r in &rows {
        assert!(r.holds, "{r:?}");
        match r.settled {
            Settled::LpBound => assert!(r.safe.is_some_and(|s| s < (best + 1) as f64), "{r:?}"),
            Settled::MipOptimal | Settled::MipCutoff => assert!(r.safe.is_none(), "{r:?}"),
            _ => {}
        }
    }
    // Claimed below the true maximum: the part holding it fails the audit.
    let rows = solve::audit(&c, None, &proof, best - 1, &solve::AuditOptions::default()).unwrap();
    assert!(rows.iter().any(|r| !r.holds), "{rows:?}");
}

/// The part "none above half" divided by round 1's first artist (the tuning's
/// `split_even`), on a miniature whose tokens cannot make that part small (one artist on
/// its own, two renamed as one): the split proves the exhaustive search's maximum with such
/// parts and without them, its record verifies, `audit --exact` holds for every part, and
/// the record without one of those parts is rejected as incomplete.
#[test]
fn the_part_none_above_half_divided_by_the_first_artist() {
    let p = root().join("models/modern-art/mini/m03-draw.json");
    let c = Config::load(&p, None, 2).unwrap();
    let split = |even: bool| {
        let mut k = solve::Knobs::default();
        k.tuning.split_even = even;
        let by = SplitBy::TokensLeads;
        let quiet = SolveOptions::quiet();
        solve::split(&c, Objective::MaxPlayer, None, by, &quiet, None, &k).unwrap()
    };
    let (best, _, _) = search::maximise_with(&c, "max-player", None, search::Mode::Lazy).unwrap();
    let whole = split(false);
    assert!(
        whole.proven && whole.value == best,
        "{} {best}",
        whole.value
    );
    let o = split(true);
    assert!(o.proven && o.value == best, "{} {best}", o.value);
    verify(&o.envelope).unwrap();
    let payload: Payload = o.envelope.payload_as().unwrap();
    let proof = payload.proof.expect("a split records its proof");
    let even: Vec<usize> = (0..proof.parts.len())
        .filter(|&i| {
            let r = &proof.parts[i].restriction;
            r.leads.is_some() && matches!(r.tokens, Some(TokenShare::AtMost { .. }))
        })
        .collect();
    assert!(even.len() >= 2, "{:?}", payload.split);
    let exact = solve::AuditOptions {
        exact: true,
        ..Default::default()
    };
    let rows = solve::audit(&c, None, &proof, best, &exact).unwrap();
    assert!(rows.iter().all(|r| r.holds), "{rows:?}");
    let mut env = o.envelope.clone();
    env.payload["proof"]["parts"]
        .as_array_mut()
        .unwrap()
        .remove(even[0]);
    let err = gamebounds::games::verify(&env).expect_err("an incomplete record accepted");
    assert!(format!("{err:#}").contains("a part is missing"), "{err:#}");
}
