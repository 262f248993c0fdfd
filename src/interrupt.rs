//! SIGINT / SIGTERM: a long solve that is stopped keeps its best game. Solve loops offer
//! each better game to one global slot ([`offer`]); the handler [`install`]ed at start
//! writes the slot's game to its file (the `--out` file, or the interim file a split
//! keeps), says where on stderr, and exits with [`EXIT_INTERRUPTED`].

use std::path::{Path, PathBuf};
use std::sync::Mutex;

use crate::episode::Envelope;

/// The exit code of an interrupted run (128 + SIGINT, as shells report it).
pub const EXIT_INTERRUPTED: i32 = 130;

/// The best game so far: where it goes, its JSON, its value.
struct Best {
    path: PathBuf,
    json: String,
    value: Option<f64>,
}

static SLOT: Mutex<Option<Best>> = Mutex::new(None);

/// Set by the signal handler first: nothing starts (no worker, no retry) once it is.
static INTERRUPTED: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// Whether the run was interrupted (its handler is writing up and exiting).
pub fn interrupted() -> bool {
    INTERRUPTED.load(std::sync::atomic::Ordering::SeqCst)
}

/// Where [`offer_found`] keeps games, and whether larger values are better.
struct Destination {
    path: PathBuf,
    maximise: bool,
}

static DESTINATION: Mutex<Option<Destination>> = Mutex::new(None);

/// Whether a game of `value` may replace the slot's: no game yet, or one at least as good
/// (for a maximisation unless [`keep_found_in`] said otherwise).
fn beats(slot: &Option<Best>, value: Option<f64>) -> bool {
    let maximise = DESTINATION
        .lock()
        .ok()
        .and_then(|d| d.as_ref().map(|d| d.maximise))
        .unwrap_or(true);
    match (slot.as_ref().and_then(|b| b.value), value) {
        (Some(old), Some(new)) => (new >= old) == maximise || new == old,
        _ => true,
    }
}

/// Record `env` as the best game so far, to be written to `path` if the run is stopped
/// (unless the slot already holds a better game).
pub fn offer(env: &Envelope, path: &Path) {
    if let Ok(slot) = SLOT.lock() {
        if !beats(&slot, env.value) {
            return;
        }
    }
    let Ok(json) = serde_json::to_string_pretty(env) else {
        return;
    };
    if let Ok(mut slot) = SLOT.lock() {
        if beats(&slot, env.value) {
            *slot = Some(Best {
                path: path.to_path_buf(),
                json: json + "\n",
                value: env.value,
            });
        }
    }
}

/// Games found deep inside a solve (a neighbourhood search's better games) go to `path`
/// if the run is stopped: the command names the file once, the search offers its games
/// with [`offer_found`].
pub fn keep_found_in(path: &Path, maximise: bool) {
    if let Ok(mut d) = DESTINATION.lock() {
        *d = Some(Destination {
            path: path.to_path_buf(),
            maximise,
        });
    }
}

/// Whether a command named a file for found games ([`keep_found_in`]): a search skips
/// building their episodes when not.
pub fn wants_found() -> bool {
    DESTINATION.lock().is_ok_and(|d| d.is_some())
}

/// [`offer`] to the file [`keep_found_in`] named (nothing when none was).
pub fn offer_found(env: &Envelope) {
    let path = DESTINATION
        .lock()
        .ok()
        .and_then(|d| d.as_ref().map(|d| d.path.clone()));
    if let Some(path) = path {
        offer(env, &path);
    }
}

/// What the handler does: write the slot's game, say where, and return the message.
fn on_signal() -> String {
    let best = SLOT.lock().ok().and_then(|mut s| s.take());
    match best {
        None => "interrupted: no game found yet, nothing written".into(),
        Some(b) => match crate::io::write_atomic(&b.path, b.json.as_bytes()) {
            Ok(_) => format!(
                "interrupted: the best game so far (value {}) is in {}",
                crate::claims::show(b.value),
                b.path.display()
            ),
            Err(e) => format!("interrupted: could not write the best game so far: {e:#}"),
        },
    }
}

/// Install the SIGINT/SIGTERM handler (once per process; a second call does nothing). It
/// stops this run's worker processes and waits for them (a little), so that none is
/// started again and none writes into the scratch folders it then removes.
pub fn install() {
    let _ = ctrlc::set_handler(|| {
        INTERRUPTED.store(true, std::sync::atomic::Ordering::SeqCst);
        crate::jobs::pool::stop_all();
        crate::jobs::scratch::remove_all();
        eprintln!("{}", on_signal());
        std::process::exit(EXIT_INTERRUPTED);
    });
}
