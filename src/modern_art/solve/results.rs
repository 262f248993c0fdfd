use super::*;

/// The shipped variants `results` regenerates.
pub const RESULT_VARIANTS: [&str; 3] = ["standard", "anchor", "blessed"];

/// `modern-art results`: solve every shipped variant for the player counts `players`,
/// write the episodes to `games/` and the tables of all of `games/` to
/// `results/modern-art.md`.
///
/// For each variant and player count, first the *star* of the best-stocked artist (first
/// in every round with every award: the shape of most best games found), run to a
/// proof within the tuning's `star_limit_factor` × the time limit; its game is certified and written
/// as `games/modern-art-{N}p-{variant}-star-{artist}.json`. Then the whole game: the
/// `tokens-leads` split with the interchangeable artists renamed, from no game (its first
/// part finds the maximum; until 2026-11-26 a *patron* solve found the game that started
/// it), or with `resume` from the row's episode in `games/`.
///
/// The tables are read back from the episodes (every variant, 2–5 players), so a run for
/// some player counts keeps the other rows as they were.
pub fn run_results(
    root: &std::path::Path,
    players: &[usize],
    variants: &[String],
    resume: bool,
    common: &crate::cli::Common,
    k: &Knobs,
) -> Result<()> {
    check_run(root, "results", players, k)?;
    // --out is refused before this ([`crate::out_option::check`]).
    if let Some(v) = variants
        .iter()
        .find(|v| !RESULT_VARIANTS.contains(&v.as_str()))
    {
        bail!(
            "--variants {v}: the results cover {} only",
            RESULT_VARIANTS.join(", ")
        );
    }
    let mut opts = k.solve_options(common.solve_options());
    if opts.time_limit.is_none() {
        opts.time_limit = Some(DEFAULT_RESULTS_LIMIT);
    }
    let limit = opts.time_limit.unwrap_or(0.0);
    let star_opts = SolveOptions {
        time_limit: Some(limit * k.tuning.star_limit_factor),
        ..opts.clone()
    };
    // Every row's rules are read before anything is solved; the rows then run in order,
    // or on `--jobs N` worker processes (each writes its own episodes to games/).
    let mut rows = Vec::new();
    for name in RESULT_VARIANTS {
        if !variants.iter().any(|v| v == name) {
            continue;
        }
        let path = root.join(format!("models/modern-art/{name}.json"));
        for &n in players {
            rows.push((name, Config::load(&path, None, n)?));
        }
    }
    let labels: Vec<String> = rows
        .iter()
        .map(|(name, c)| format!("{name} {}p", c.players))
        .collect();
    let solve_one = |i: usize| -> Result<String> {
        let (name, c) = &rows[i];
        let row = ResultRow { root, name, c };
        row.solve(resume, &opts, &star_opts, common, k)?;
        Ok("done".into())
    };
    let units = crate::jobs::map(common, &labels, solve_one, |s: &String| (s.clone(), None))?;
    // Past --time-limit the rows not finished keep their earlier episodes: say which.
    let stopped = crate::options::expired();
    for (u, label) in units.iter().zip(&labels) {
        match &u.result {
            Err(why) if stopped => common.note(format!("results {label}: {why}")),
            Err(why) => bail!("results {label}: {why}"),
            Ok(_) => {}
        }
    }
    write_results_report(root, common, k)
}

/// Rewrite `results/modern-art.md` from the episodes in `games/`.
fn write_results_report(
    root: &std::path::Path,
    common: &crate::cli::Common,
    k: &Knobs,
) -> Result<()> {
    let (rows, star_rows) = result_rows(root)?;
    let within = format!(
        "{:.1}% (with 2 players {:.0}%)",
        k.tuning.split_shares(3).0 * 100.0,
        k.tuning.split_shares(2).0 * 100.0
    );
    // The headline game drawn (written beside its episode by the solve that saved it).
    let picture = if root.join("games/modern-art-2p-standard.svg").exists() {
        "The 2-player maximum of the standard rules, drawn: the board when each round \
         closes, each artist's value and each player's score over the rounds.\n\n\
         ![2 players, standard rules](../games/modern-art-2p-standard.svg)\n\n"
    } else {
        ""
    };
    let text = format!(
        "# Modern Art: Masters Gallery — maximum scores\n\n\
         Regenerate with `gamebounds modern-art results` (`make results`; `--players N` \
         re-solves only those rows). Objective: the highest final score of one player (the \
         best seat), all players cooperating, the deal free. Every game listed was replayed \
         by the referee (`gamebounds verify FILE`); \"proven\" means HiGHS closed the gap \
         *and* the replay reaches the value. Otherwise the value is the best certified game \
         found and the bound is HiGHS's proven upper bound: the true maximum lies between \
         them. HiGHS runs with 1 thread; `seconds` is each solve's wall clock on a shared \
         2-core machine.\n\n\
         ## The whole game\n\n\
         A split proof from no game (the time limit applies to \
         each part; a part whose LP cannot beat the best game is skipped, and a part solved \
         with a game known only looks for a better one) over the award tokens (who ends \
         with more than half of them, and how many; artists whose cards carry the same \
         symbols are renamed, so one part stands for all of them and keeps one order of \
         the others), a token part that its LP does not \
         settle split again by the rounds its artist leads (unless the LP is within \
         {within} of the best game); a part left open is solved \
         once more if a later part found a better game. `results --resume` starts each \
         row's split from its episode already in `games/` instead of the star and patron \
         solves (how the long proofs were continued: each row's `seconds` is then its \
         last, resumed split's).\n\n{}\n\n{picture}\
         ## Star games\n\n\
         The best game in which the best-stocked artist takes first place in every round \
         and carries every award token (the shape of most best games found), each a \
         restricted solve of its own ({star} × the time limit). A star game is \
         a legal game, so its value is a lower bound on the maximum above; \"proven maximum \
         of the shape\" is about star games only.\n\n{}\n",
        crate::render::table(
            ROW_HEADER
                .iter()
                .chain(&["rows × columns", "episode"])
                .copied(),
            rows
        ),
        crate::render::table(
            ["variant", "players", "star", "maximum", "status", "seconds", "episode",],
            star_rows
        ),
        star = k.tuning.star_limit_factor,
    );
    common.write_report(&root.join("results/modern-art.md"), &text)
}

/// Write an episode to `games/{stem}.json` (and `.md`) unless the one already there says
/// more (a short run never replaces a long run's result with a worse one, nor a proof
/// with the same game unproven); what was done, for a note.
fn write_episode(root: &std::path::Path, o: &Outcome, stem: &str) -> Result<String> {
    let file = root.join(format!("games/{stem}.json"));
    if let Some(why) = crate::games::load(&file)
        .ok()
        .and_then(|old| keeps(&old, o))
    {
        return Ok(format!("kept {} ({why})", file.display()));
    }
    crate::cli::save_episode(&file, &o.envelope)?;
    super::verify(&o.envelope)
}

/// One row of `results`: a shipped variant for one player count.
struct ResultRow<'a> {
    root: &'a std::path::Path,
    name: &'static str,
    c: &'a Config,
}

impl ResultRow<'_> {
    /// The row's star game (unless resumed) and its split, each episode written as it
    /// improves.
    fn solve(
        &self,
        resume: bool,
        opts: &SolveOptions,
        star_opts: &SolveOptions,
        common: &crate::cli::Common,
        k: &Knobs,
    ) -> Result<()> {
        let (root, name, c) = (self.root, self.name, self.c);
        let n = c.players;
        let star = star_artist(c);
        let star_name = &c.deck.artists[star];
        // The star solve, noted; `None` (and noted) when it fails.
        let star_solve = || {
            let scope = Scope::all().with_dive(Dive::Star(star));
            let solved = solve_from(c, Objective::MaxPlayer, None, &scope, star_opts, None, k);
            match solved
                .and_then(|o| with_whole_proof(c, Objective::MaxPlayer, &scope, o, star_opts))
            {
                Ok(o) => {
                    common.note(format!(
                        "{name} {n}p, {star_name} star: {} ({:.1} s)",
                        verdict(&o, Objective::MaxPlayer),
                        o.report.seconds
                    ));
                    Some(o)
                }
                Err(e) => {
                    common.note(format!("{name} {n}p, {star_name} star: {e:#}"));
                    None
                }
            }
        };
        let stem = format!("modern-art-{n}p-{name}");
        // --resume: the row's own episode is the game to beat.
        let file = root.join(format!("games/{stem}.json"));
        let resumed =
            match resume.then(|| Outcome::from_episode(c, Objective::MaxPlayer, None, &file)) {
                Some(Ok(o)) => {
                    common.note(format!(
                        "{name} {n}p: resuming from {} ({})",
                        file.display(),
                        o.value
                    ));
                    Some(o)
                }
                Some(Err(e)) => {
                    common.note(format!("{name} {n}p: not resumed: {e:#}"));
                    None
                }
                None => None,
            };
        let seed = match resumed {
            Some(o) => Some(o),
            None => {
                // The star game is a question of its own (its column in the tables).
                let star_game = star_solve();
                if let Some(o) = &star_game {
                    let cert = write_episode(root, o, &star_stem(n, name, star_name))?;
                    common.note(format!("{}: {cert}", star_stem(n, name, star_name)));
                }
                // The split starts with no game: its first part, with the artists
                // renamed, finds the maximum faster than the patron solve that used
                // to start it (2026-11-26: 4 players, 392 in 177 s, where the patron
                // had 150 s and the part then took 81 s more), and a part started
                // from a weaker game would look for better ones without HiGHS's
                // heuristics (a part with a game to beat only proves).
                None
            }
        };
        // The award tokens, then the rounds their artist leads, for every player count
        // (from the committed 418, 2-player anchor closes in 43 s this way against 274 s
        // over round 1's first artist; the 2-player standard and blessed maxima were
        // proven only this way).
        let by = SplitBy::TokensLeads;
        // Every better game a part finds is written at once (a stopped run keeps it).
        let keep = |o: &Outcome| -> Result<()> {
            let cert = write_episode(root, o, &stem)?;
            common.note(format!("{name} {n}p: best so far {}: {cert}", o.value));
            Ok(())
        };
        let solved = split_keeping(
            c,
            Objective::MaxPlayer,
            None,
            by,
            opts,
            seed.as_ref(),
            Some(&keep),
            k,
        );
        match solved {
            Ok(o) => {
                let cert = write_episode(root, &o, &format!("modern-art-{n}p-{name}"))?;
                common.note(format!(
                    "{name} {n}p: {} ({:.1} s) — {cert}",
                    verdict(&o, Objective::MaxPlayer),
                    o.report.seconds
                ));
            }
            // The episode already in games/ (if any) stays; the note says why.
            Err(e) => common.note(format!("{name} {n}p: {e:#}")),
        }
        Ok(())
    }
}

/// `--players` of `results` and `bench --certify`: every count must be 2–5.
pub(super) fn check_player_counts(players: &[usize]) -> Result<()> {
    match players.iter().find(|n| !PLAYERS.contains(*n)) {
        Some(n) => bail!("--players {n}: Modern Art is played by 2 to 5 players"),
        None => check_no_repeats(players),
    }
}

/// A player count listed twice would be solved twice and give two rows (and, with
/// `--out`, one file written twice): say so instead.
pub(super) fn check_no_repeats(players: &[usize]) -> Result<()> {
    match first_repeat(players) {
        Some(n) => bail!("--players lists {n} twice: give each player count once"),
        None => Ok(()),
    }
}

/// The first item of `items` that an earlier one equals.
pub(super) fn first_repeat<T: PartialEq>(items: &[T]) -> Option<&T> {
    (1..items.len())
        .find(|&i| items[..i].contains(&items[i]))
        .map(|i| &items[i])
}

/// What `results`, `bench` and `bench --certify` check before any solve: no diagnostic
/// fixings, player counts 2–5, and the checkout. They read the shipped variants in
/// `root/models/modern-art/` and write `root/games/` and `root/results/`: outside the
/// checkout they say so at once (instead of "cannot read variant file").
pub(super) fn check_run(
    root: &std::path::Path,
    verb: &str,
    players: &[usize],
    k: &Knobs,
) -> Result<()> {
    refuse_diagnostic_fixings(verb, &k.build.fixes)?;
    check_player_counts(players)?;
    if root.join("models/modern-art").is_dir() {
        return Ok(());
    }
    let here = match std::env::current_dir() {
        Ok(d) if root == std::path::Path::new(".") => d,
        Ok(d) => d.join(root),
        Err(_) => root.to_path_buf(),
    };
    let here = here.display();
    bail!(
        "{verb} reads the shipped variants in models/modern-art/ and rewrites the checkout's \
         games/ and results/, but {here} has no models/modern-art/: run it from the \
         gamebounds checkout (`solve` works anywhere)"
    )
}

/// Why an episode already in `games/` should stay rather than be replaced by `new` (the
/// same row solved again), or `None` to replace it: it has a better game; or the same
/// game proven where `new` is not; or, neither proven, the same game with a lower bound.
pub fn keeps(old: &Envelope, new: &Outcome) -> Option<String> {
    let value = new.value as f64;
    let old_value = old.value?;
    let old_proven = old.status == crate::lp::Status::Optimal;
    let tighter = match (old.bound, new.report.bound) {
        (Some(a), Some(b)) => a < b,
        (Some(_), None) => true,
        _ => false,
    };
    if old_value > value {
        Some(format!(
            "its game scores {old_value}, this run's {}",
            new.value
        ))
    } else if old_value == value && old_proven && !new.proven {
        Some(format!(
            "{old_value} proven there; this run did not prove it"
        ))
    } else if old_value == value && !old_proven && !new.proven && tighter {
        Some(format!(
            "the same {old_value} with a lower bound ({} against {})",
            old.bound.unwrap_or(f64::NAN),
            new.report.bound.map_or("none".into(), |b| b.to_string())
        ))
    } else {
        None
    }
}

/// The star episode's file stem, e.g. `modern-art-3p-standard-star-krypto`.
pub(super) fn star_stem(n: usize, variant: &str, artist: &str) -> String {
    let slug = artist.to_lowercase().replace(' ', "-").replace('.', "");
    format!("modern-art-{n}p-{variant}-star-{slug}")
}

/// Table rows of cells.
pub(super) type Rows = Vec<Vec<String>>;

/// The rows of both `results` tables, read from the episodes in `games/` (after a replay
/// by the referee: a file that does not verify is an error, never a row).
pub(super) fn result_rows(root: &std::path::Path) -> Result<(Rows, Rows)> {
    let mut rows = Vec::new();
    let mut star_rows = Vec::new();
    for name in RESULT_VARIANTS {
        let path = root.join(format!("models/modern-art/{name}.json"));
        for n in PLAYERS {
            let c = Config::load(&path, None, n)?;
            let star_name = &c.deck.artists[star_artist(&c)];
            let stems = [
                format!("modern-art-{n}p-{name}"),
                star_stem(n, name, star_name),
            ];
            for (i, stem) in stems.iter().enumerate() {
                let file = root.join(format!("games/{stem}.json"));
                let cells = if file.exists() {
                    let env = crate::games::load(&file)?;
                    super::verify(&env).with_context(|| format!("{}", file.display()))?;
                    episode_cells(&env, i == 1)?
                } else {
                    let mut cells = vec!["no episode yet (run `modern-art results`)".to_string()];
                    cells.resize(if i == 1 { 3 } else { 6 }, "–".into());
                    cells
                };
                let episode = format!("games/{stem}.json");
                if i == 0 {
                    let mut row = vec![name.to_string(), n.to_string()];
                    row.extend(cells);
                    row.push(episode);
                    rows.push(row);
                } else {
                    let mut row = vec![name.to_string(), n.to_string(), star_name.clone()];
                    row.extend(cells);
                    row.push(episode);
                    star_rows.push(row);
                }
            }
        }
    }
    Ok((rows, star_rows))
}

/// One episode's cells: for the whole game seat, maximum, other players, status,
/// seconds, rows × columns; for a star maximum, status, seconds.
pub(super) fn episode_cells(env: &Envelope, star: bool) -> Result<Vec<String>> {
    let payload: episode::Payload = env.payload_as()?;
    let seat = payload.player.unwrap_or(0);
    let value = payload.scores.get(seat).copied().unwrap_or(0);
    let proven = env.status == crate::lp::Status::Optimal;
    let maximum = match (proven, env.bound) {
        (true, _) => value.to_string(),
        (false, Some(b)) => format!("best {value}, bound {}", b.floor()),
        (false, None) => format!("best {value}"),
    };
    let solver = env.solver.as_ref();
    let seconds = solver
        .map(|s| format!("{:.1}", s.seconds))
        .unwrap_or("–".into());
    if star {
        let status = if proven {
            "proven maximum of the shape".to_string()
        } else {
            unproven_status(env.gap)
        };
        return Ok(vec![maximum, status, seconds]);
    }
    let others = others_text(&payload.scores, seat);
    let status = match (proven, payload.split.is_some()) {
        (true, true) => format!(
            "proven, certified (split over {})",
            payload
                .split_by
                .as_deref()
                .unwrap_or(super::render::FIRST_ARTIST)
        ),
        (true, false) => "proven, certified".to_string(),
        (false, _) => unproven_status(env.gap),
    };
    let size = solver
        .map(|s| format!("{} × {} ({} int)", s.rows, s.columns, s.integers))
        .unwrap_or("–".into());
    Ok(vec![
        format!("P{}", seat + 1),
        maximum,
        others,
        status,
        seconds,
        size,
    ])
}

/// The artist with the most cards (the lowest index among equals): the star of `results`.
pub fn star_artist(c: &Config) -> usize {
    (0..c.artists())
        .max_by_key(|&a| (c.cards_of(a), std::cmp::Reverse(a)))
        .unwrap_or(0)
}

/// Time limit per solve of `results` when none is given.
pub const DEFAULT_RESULTS_LIMIT: f64 = 120.0;
