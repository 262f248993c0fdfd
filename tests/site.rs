//! The results site as a person sees it: `gamebounds site` builds it into
//! `target/site-test`, and headless Chromium (Debian's package, driven by playwright-core
//! from `tests/site/`, both installed by `make setup`) opens every page, failing on an
//! image that does not load, a link to a missing file, a failed request or a console
//! error. A screenshot of the Modern Art episode page is saved under `target/`.

mod common;

use std::path::Path;
use std::process::Command;

use common::{root, run_bad_input, run_ok, stdout};

/// Run the page checker on a site; returns (success, its report).
fn check(site: &Path, shot: Option<(&str, &Path)>) -> (bool, String) {
    let script = root().join("tests/site/check.mjs");
    assert!(
        root()
            .join("tests/site/node_modules/playwright-core")
            .exists(),
        "playwright-core is not installed: run `make setup` (npm ci in tests/site)"
    );
    assert!(
        Path::new("/usr/bin/chromium").exists(),
        "/usr/bin/chromium is missing: run `make setup` (apt-get install chromium)"
    );
    let mut cmd = Command::new("node");
    cmd.arg(&script).arg(site);
    if let Some((page, file)) = shot {
        cmd.arg(page).arg(file);
    }
    let o = cmd.output().expect("node runs");
    let report = format!(
        "{}{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    );
    (o.status.success(), report)
}

#[test]
fn every_page_of_the_site_loads_in_chromium_without_a_broken_image_or_link() {
    let site = root().join("target/site-test");
    let _ = std::fs::remove_dir_all(&site);
    let o = run_ok(&["site", site.to_str().unwrap()]);
    assert!(stdout(&o).is_empty());
    for page in [
        "index.html",
        "modern-art.html",
        "games/modern-art-2p-standard.html",
        "games/modern-art-2p-standard.svg",
        "results/cribbage-distribution.html",
        "results/modern-art.html",
    ] {
        assert!(site.join(page).exists(), "{page}");
    }
    // Links between the pages: the game's index lists its episodes; a results table
    // links the episodes it names.
    let index = std::fs::read_to_string(site.join("modern-art.html")).unwrap();
    assert!(index.contains("href=\"games/modern-art-2p-standard.html\""));
    assert!(index.contains("href=\"results/modern-art.html\""));
    let table = std::fs::read_to_string(site.join("results/modern-art.html")).unwrap();
    assert!(table.contains("href=\"../games/modern-art-2p-standard.html\""));
    let episode = std::fs::read_to_string(site.join("games/modern-art-2p-standard.html")).unwrap();
    assert!(episode.contains("<img src=\"modern-art-2p-standard.svg\""));
    assert!(
        episode.contains("<table>"),
        "markdown tables become HTML tables"
    );

    let shot = root().join("target/site-modern-art-2p-standard.png");
    let _ = std::fs::remove_file(&shot);
    let (ok, report) = check(&site, Some(("games/modern-art-2p-standard.html", &shot)));
    assert!(ok, "{report}");
    assert!(report.starts_with("checked "), "{report}");
    let png = std::fs::metadata(&shot).expect("the screenshot is saved");
    assert!(png.len() > 10_000, "{} bytes", png.len());
}

#[test]
fn the_checker_catches_a_missing_image_a_broken_link_and_a_console_error() {
    let site = root().join("target/site-test-broken");
    let _ = std::fs::remove_dir_all(&site);
    std::fs::create_dir_all(&site).unwrap();
    std::fs::write(
        site.join("index.html"),
        "<!DOCTYPE html><html><head><meta charset=\"utf-8\"><title>broken</title>\
         <link rel=\"icon\" href=\"data:,\"></head><body><img src=\"missing.svg\">\
         <a href=\"nowhere.html\">x</a><script>console.error('boom')</script></body></html>",
    )
    .unwrap();
    let (ok, report) = check(&site, None);
    assert!(!ok, "{report}");
    assert!(report.contains("image did not load"), "{report}");
    assert!(report.contains("broken link"), "{report}");
    assert!(report.contains("console error: boom"), "{report}");
    std::fs::remove_dir_all(&site).unwrap();
}

#[test]
fn site_needs_its_sources() {
    let err = run_bad_input(&["site", "target/site-none", "--games", "no/such/dir"]);
    assert!(err.contains("no/such/dir"), "{err}");
}
