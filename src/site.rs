//! `gamebounds site DIR`: a static HTML site of the episodes (`games/`, and the episodes
//! in `results/`) and the result pages (`results/*.md`): an index, an index per game with
//! its headline results, one page per episode with its picture and tables, and links
//! between them. Plain HTML and SVG files: no server, no script.
//!
//! The site mirrors the repository's layout (`DIR/games/`, `DIR/results/`), so the
//! relative links and pictures of the markdown work unchanged; links to `.md` pages
//! become links to the `.html` pages, and an episode file named in a table
//! (`games/x.json`) links to its page.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use anyhow::{Context, Result};
use pulldown_cmark::{CowStr, Event, Options, Parser, Tag, TextMergeStream};

use crate::cli::write_file;
use crate::episode::Envelope;
use crate::games;
use crate::games::names as game_names;
use crate::render::{verdict, with_picture};
use crate::svg::esc;

/// Where the site's content comes from.
pub struct Sources {
    /// Episode files (`games/`).
    pub games: PathBuf,
    /// Result pages and their episodes (`results/`).
    pub results: PathBuf,
}

/// What was built, for the command's summary line.
#[derive(Debug, Default)]
pub struct Built {
    pub episodes: usize,
    pub results: usize,
    pub pages: usize,
}

const STYLE: &str = "body{font-family:'DejaVu Sans',Verdana,sans-serif;max-width:1300px;margin:1em auto;\
padding:0 1em;color:#111;line-height:1.4}table{border-collapse:collapse;margin:.6em 0;font-size:.9em}\
th,td{border:1px solid #bbb;padding:.2em .5em;text-align:left}th{background:#eee}\
img{max-width:100%;height:auto;border:1px solid #ddd;margin:.5em 0}nav{margin-bottom:1em;font-size:.95em}\
code,pre{background:#f4f4f4}pre{padding:.5em;overflow-x:auto}";

/// One HTML page: `up` is the path back to the site root (`""` or `"../"`).
fn page(title: &str, up: &str, body: &str) -> String {
    format!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <title>{t}</title>\n<link rel=\"icon\" href=\"data:,\">\n<style>{STYLE}</style>\n</head>\n<body>\n\
         <nav><a href=\"{up}index.html\">gamebounds results</a>{games}</nav>\n{body}\n</body>\n</html>\n",
        t = esc(title),
        games = game_names()
            .iter()
            .map(|g| format!(" · <a href=\"{up}{g}.html\">{g}</a>"))
            .collect::<String>()
    )
}

/// Markdown to HTML: tables on; relative `.md` links to `.html`; `games/x.json` in text
/// to a link to that episode's page (when `episodes` has it). The site has no script: raw
/// HTML in the markdown (a name, a note, a planted page) is shown as text, and a link or
/// picture to anything but a page, `http(s):` or `mailto:` goes nowhere (`#`).
pub fn markdown_html(md: &str, up: &str, episodes: &BTreeMap<String, String>) -> String {
    let parser = TextMergeStream::new(Parser::new_ext(md, Options::ENABLE_TABLES));
    let events = parser.map(|ev| match ev {
        Event::Html(raw) | Event::InlineHtml(raw) => Event::Text(raw),
        Event::Start(Tag::Link {
            link_type,
            dest_url,
            title,
            id,
        }) => Event::Start(Tag::Link {
            link_type,
            dest_url: md_to_html(safe_url(dest_url)),
            title,
            id,
        }),
        Event::Start(Tag::Image {
            link_type,
            dest_url,
            title,
            id,
        }) => Event::Start(Tag::Image {
            link_type,
            dest_url: safe_url(dest_url),
            title,
            id,
        }),
        Event::Text(t) if t.contains("games/") && t.contains(".json") => {
            Event::Html(link_episodes(&t, up, episodes).into())
        }
        e => e,
    });
    let mut html = String::new();
    pulldown_cmark::html::push_html(&mut html, events);
    html
}

/// `url` when it is relative or `http:`, `https:` or `mailto:`; else `#` (`javascript:`,
/// `data:`, `vbscript:` … whatever their case and the blanks a browser drops).
fn safe_url(url: CowStr) -> CowStr {
    let plain: String = url
        .chars()
        .filter(|c| !c.is_whitespace() && !c.is_control())
        .collect::<String>()
        .to_ascii_lowercase();
    let scheme = plain
        .split_once(':')
        .map(|(s, _)| s)
        .filter(|s| !s.contains(['/', '?', '#']));
    match scheme {
        None => url,
        Some("http" | "https" | "mailto") => url,
        Some(_) => "#".into(),
    }
}

fn md_to_html(url: CowStr) -> CowStr {
    let relative = !url.contains("://") && !url.starts_with('/') && !url.starts_with('#');
    match url.strip_suffix(".md") {
        Some(stem) if relative => format!("{stem}.html").into(),
        _ => url,
    }
}

/// Escape `text`, turning each `games/<stem>.json` of a known episode into a link.
fn link_episodes(text: &str, up: &str, episodes: &BTreeMap<String, String>) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(i) = rest.find("games/") {
        let tail = &rest[i + 6..];
        let len = tail
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '-' || c == '_' || c == '.'))
            .unwrap_or(tail.len());
        let name = &tail[..len];
        out.push_str(&esc(&rest[..i]));
        match name
            .strip_suffix(".json")
            .filter(|s| episodes.contains_key(*s))
        {
            Some(stem) => out.push_str(&format!(
                "<a href=\"{up}games/{stem}.html\">games/{}</a>",
                esc(name)
            )),
            None => out.push_str(&esc(&format!("games/{name}"))),
        }
        rest = &tail[len..];
    }
    out.push_str(&esc(rest));
    out
}

/// The game a results file is about, from its name (`bench-cribbage.md`, `cribbage-x.md`).
fn game_of(stem: &str) -> Option<&'static str> {
    let s = stem.strip_prefix("bench-").unwrap_or(stem);
    game_names().into_iter().find(|g| s.starts_with(g))
}

fn sorted_files(dir: &Path, ext: &str) -> Result<Vec<PathBuf>> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(dir)
        .with_context(|| format!("cannot read directory {}", dir.display()))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == ext))
        .collect();
    v.sort();
    Ok(v)
}

fn stem(p: &Path) -> String {
    p.file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default()
}

/// One episode: its page and picture (and the JSON) under `out/<folder>/`; the page
/// shows the markdown beside the JSON when there is one.
fn episode_page(env: &Envelope, name: &str, folder: &str, out: &Path, json: &Path) -> Result<()> {
    let dir = out.join(folder);
    let svg = games::svg(env).with_context(|| format!("drawing {}", json.display()))?;
    write_file(&dir.join(format!("{name}.svg")), &svg)?;
    std::fs::copy(json, dir.join(format!("{name}.json")))
        .with_context(|| format!("cannot copy {}", json.display()))?;
    // The markdown written beside the episode (a results verb may add to it), else a
    // fresh rendering; the picture is embedded when the markdown does not show it yet.
    let md_path = json.with_extension("md");
    let md = match std::fs::read_to_string(&md_path) {
        Ok(md) => md,
        Err(_) => games::render(env)?,
    };
    let picture = format!("{name}.svg");
    let md = if md.contains(&format!("]({picture})")) {
        md
    } else {
        with_picture(&md, &picture, &env.game)
    };
    let body = format!(
        "{}\n<p><a href=\"./{n}.json\">the episode file ({n}.json)</a> · <a href=\"../{g}.html\">all {g} results</a></p>",
        markdown_html(&md, "../", &BTreeMap::new()),
        n = esc(name),
        g = esc(&env.game),
    );
    write_file(&dir.join(format!("{name}.html")), &page(name, "../", &body))
}

/// Build the site into `out`.
pub fn build(src: &Sources, out: &Path) -> Result<Built> {
    let mut built = Built::default();
    crate::out_option::check_new_dir("site", out)?;
    // The site's own folders: DIR is the user's to name, its layout is ours to make.
    for sub in ["", "games", "results"] {
        let d = out.join(sub);
        std::fs::create_dir_all(&d)
            .with_context(|| format!("cannot create directory {}", d.display()))?;
    }
    // game -> rows of its index: (link, objective, result)
    let mut rows: BTreeMap<&str, Vec<[String; 3]>> = BTreeMap::new();
    let mut episodes: BTreeMap<String, String> = BTreeMap::new();
    for json in sorted_files(&src.games, "json")? {
        let env = crate::games::load(&json)?;
        let name = stem(&json);
        episode_page(&env, &name, "games", out, &json)?;
        let game = game_names()
            .iter()
            .copied()
            .find(|g| *g == env.game)
            .unwrap_or("?");
        rows.entry(game).or_default().push([
            format!("<a href=\"games/{n}.html\">{n}</a>", n = esc(&name)),
            esc(&env.objective),
            esc(&verdict(&env)),
        ]);
        episodes.insert(name, env.game.clone());
        built.episodes += 1;
    }
    // Results: episodes (a .json beside the .md) are drawn and rendered afresh; other
    // pages are converted, with the pictures they embed copied beside them.
    let mut results: BTreeMap<&str, Vec<String>> = BTreeMap::new();
    let pictures = out.join("results");
    std::fs::create_dir_all(&pictures)
        .with_context(|| format!("cannot create directory {}", pictures.display()))?;
    for svg in sorted_files(&src.results, "svg")? {
        std::fs::copy(&svg, pictures.join(svg.file_name().unwrap_or_default()))
            .with_context(|| format!("cannot copy {}", svg.display()))?;
    }
    for md_path in sorted_files(&src.results, "md")? {
        let name = stem(&md_path);
        let json = md_path.with_extension("json");
        if json.exists() {
            let env = crate::games::load(&json)?;
            episode_page(&env, &name, "results", out, &json)?;
        } else {
            let md = std::fs::read_to_string(&md_path)
                .with_context(|| format!("cannot read {}", md_path.display()))?;
            let html = markdown_html(&md, "../", &episodes);
            write_file(
                &out.join("results").join(format!("{name}.html")),
                &page(&name, "../", &html),
            )?;
        }
        if let Some(g) = game_of(&name) {
            results.entry(g).or_default().push(name);
        }
        built.results += 1;
    }
    for game in game_names() {
        let mut body = format!("<h1>{game}</h1>\n<h2>Result pages</h2>\n<ul>\n");
        for r in results.get(game).into_iter().flatten() {
            body += &format!(
                "<li><a href=\"results/{r}.html\">{r}</a></li>\n",
                r = esc(r)
            );
        }
        body += "</ul>\n<h2>Episodes</h2>\n<table>\n<tr><th>episode</th><th>objective</th><th>result</th></tr>\n";
        for [a, b, c] in rows.get(game).into_iter().flatten() {
            body += &format!("<tr><td>{a}</td><td>{b}</td><td>{c}</td></tr>\n");
        }
        body += "</table>\n";
        write_file(&out.join(format!("{game}.html")), &page(game, "", &body))?;
    }
    let mut body = String::from(
        "<h1>gamebounds: results</h1>\n<p>Exact score bounds for board and card games: every \
         episode below was solved (or searched) and replayed by its game's referee.</p>\n\
         <table>\n<tr><th>game</th><th>episodes</th><th>result pages</th></tr>\n",
    );
    for game in game_names() {
        body += &format!(
            "<tr><td><a href=\"{game}.html\">{game}</a></td><td>{}</td><td>{}</td></tr>\n",
            rows.get(game).map_or(0, |v| v.len()),
            results.get(game).map_or(0, |v| v.len())
        );
    }
    body += "</table>\n";
    write_file(
        &out.join("index.html"),
        &page("gamebounds results", "", &body),
    )?;
    built.pages = built.episodes + built.results + game_names().len() + 1;
    Ok(built)
}
