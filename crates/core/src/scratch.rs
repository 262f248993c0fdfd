//! The scratch folders of `--jobs N` (job files, answers and worker logs), one per command
//! in the temporary directory, named after the command's process id. A command removes
//! its own when it ends, also when interrupted ([`remove_all`], called by the signal
//! handler); one killed outright (`kill -9`) cannot, so each new one first removes the
//! folders whose command is no longer running ([`sweep`]). The same holds for the
//! temporary files a command keeps beside them (HiGHS logs, a search's shared table):
//! [`keep_file`] names them for [`remove_all`], and [`sweep`] removes dead commands' ones.

use std::path::PathBuf;
use std::sync::Mutex;

use anyhow::{Context, Result};

/// The prefix of every scratch folder's name (`gamebounds-parts-PID`, `gamebounds-jobs-PID`).
const PREFIX: &str = "gamebounds-";

/// The folders this process made and has not removed yet.
static MADE: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

/// The temporary files this process keeps now ([`keep_file`]).
static FILES: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

/// A temporary file (`gamebounds-KIND-PID…` in the temporary directory) that
/// [`remove_all`] removes on an interrupt; `false` once its owner removed it.
pub fn keep_file(path: &std::path::Path, kept: bool) {
    if let Ok(mut files) = FILES.lock() {
        files.retain(|f| f != path);
        if kept {
            files.push(path.to_path_buf());
        }
    }
}

/// A new scratch folder `gamebounds-KIND-PID` in the temporary directory, removed by
/// [`remove`] (or [`remove_all`] on an interrupt); the leftovers of dead commands are
/// removed first.
pub fn make(kind: &str) -> Result<PathBuf> {
    let tmp = std::env::temp_dir();
    sweep(&tmp);
    let dir = tmp.join(format!("{PREFIX}{kind}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).with_context(|| format!("cannot create {}", dir.display()))?;
    if let Ok(mut made) = MADE.lock() {
        made.push(dir.clone());
    }
    Ok(dir)
}

/// Remove a folder made by [`make`].
pub fn remove(dir: &std::path::Path) {
    let _ = std::fs::remove_dir_all(dir);
    if let Ok(mut made) = MADE.lock() {
        made.retain(|d| d != dir);
    }
}

/// Remove every folder and file this process made (an interrupted command, its workers
/// stopped).
pub fn remove_all() {
    let made = MADE.lock().map(|m| m.clone()).unwrap_or_default();
    for dir in made {
        let _ = std::fs::remove_dir_all(dir);
    }
    let files = FILES.lock().map(|f| f.clone()).unwrap_or_default();
    for file in files {
        let _ = std::fs::remove_file(file);
    }
}

/// Remove the scratch folders in `tmp` whose command is no longer running. Only where
/// `/proc` tells (Linux); elsewhere nothing is removed.
fn sweep(tmp: &std::path::Path) {
    if !std::path::Path::new("/proc/self").exists() {
        return;
    }
    let Ok(entries) = std::fs::read_dir(tmp) else {
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        if leftover_pid(&name).is_some_and(|pid| !running(pid)) {
            let p = entry.path();
            let _ = match p.is_dir() {
                true => std::fs::remove_dir_all(p),
                false => std::fs::remove_file(p),
            };
        }
    }
}

/// Whether process `pid` is running: it exists and has not ended (a process killed
/// outright stays a zombie until its parent, perhaps gone too, is replaced).
pub fn running(pid: u32) -> bool {
    let Ok(stat) = std::fs::read_to_string(format!("/proc/{pid}/stat")) else {
        return false;
    };
    // "PID (COMMAND) STATE …": the state follows the last parenthesis.
    let state = stat
        .rsplit_once(')')
        .and_then(|(_, rest)| rest.trim().chars().next());
    !matches!(state, Some('Z' | 'X'))
}

/// The process id in a scratch folder's name (`gamebounds-parts-PID`, `gamebounds-jobs-PID`)
/// or a temporary file's (`gamebounds-highs-PID-N.log`, `gamebounds-future-PID.bin`).
fn leftover_pid(name: &str) -> Option<u32> {
    let rest = name.strip_prefix(PREFIX)?;
    if let Some(log) = rest
        .strip_prefix("highs-")
        .and_then(|r| r.strip_suffix(".log"))
    {
        return log.split_once('-')?.0.parse().ok();
    }
    if let Some(pid) = rest
        .strip_prefix("future-")
        .and_then(|r| r.strip_suffix(".bin"))
    {
        return pid.parse().ok();
    }
    let (kind, pid) = rest.rsplit_once('-')?;
    ["parts", "jobs"].contains(&kind).then_some(())?;
    pid.parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_scratch_folder_names_carry_a_pid() {
        assert_eq!(leftover_pid("gamebounds-parts-123"), Some(123));
        assert_eq!(leftover_pid("gamebounds-jobs-9"), Some(9));
        assert_eq!(leftover_pid("gamebounds-jobs-x"), None);
        assert_eq!(leftover_pid("gamebounds-out-12"), None);
        assert_eq!(leftover_pid("other-parts-12"), None);
        assert_eq!(leftover_pid("gamebounds-highs-77-3.log"), Some(77));
        assert_eq!(leftover_pid("gamebounds-future-78.bin"), Some(78));
        assert_eq!(leftover_pid("gamebounds-future-78.txt"), None);
    }
}
