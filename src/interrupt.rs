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

/// Record `env` as the best game so far, to be written to `path` if the run is stopped.
pub fn offer(env: &Envelope, path: &Path) {
    let Ok(json) = serde_json::to_string_pretty(env) else {
        return;
    };
    if let Ok(mut slot) = SLOT.lock() {
        *slot = Some(Best {
            path: path.to_path_buf(),
            json: json + "\n",
            value: env.value,
        });
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

/// Install the SIGINT/SIGTERM handler (which also stops this run's worker processes) (once per process; a second call does nothing).
pub fn install() {
    let _ = ctrlc::set_handler(|| {
        crate::jobs::pool::stop_all();
        eprintln!("{}", on_signal());
        std::process::exit(EXIT_INTERRUPTED);
    });
}
