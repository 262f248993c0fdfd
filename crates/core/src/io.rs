//! Writing result files so that nothing is lost or clobbered: every file is written to a
//! temporary file in its own directory and renamed over the target (a crash or a full
//! disk leaves the old file whole); a missing directory is an error naming it, never
//! created silently (except the project's own `results/` and `games/`); `--out`,
//! `--out-dir` and `--chart` are checked before any solving.

use std::io::Write;
use std::path::{Path, PathBuf};

use anyhow::{bail, Context, Result};

/// The project's own output folders: a missing one is created (a fresh checkout, a
/// scratch copy of the project), any other missing directory is an error.
const PROJECT_DIRS: [&str; 2] = ["results", "games"];

/// The directory `path` is written into (`.` for a bare file name).
fn parent_of(path: &Path) -> PathBuf {
    match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    }
}

/// Make sure `path`'s directory exists: `results/` or `games/` are created when their
/// own parent exists; anything else missing is an error that names it.
pub fn ensure_parent(path: &Path) -> Result<()> {
    let dir = parent_of(path);
    if dir.is_dir() {
        return Ok(());
    }
    let ours = dir
        .file_name()
        .is_some_and(|n| PROJECT_DIRS.iter().any(|p| n == *p));
    if ours && parent_of(&dir).is_dir() {
        return std::fs::create_dir(&dir)
            .with_context(|| format!("cannot create directory {}", dir.display()));
    }
    if dir.exists() {
        bail!(
            "cannot write {}: {} is not a directory",
            path.display(),
            dir.display()
        );
    }
    bail!(
        "cannot write {}: directory {} does not exist (create it first)",
        path.display(),
        dir.display()
    )
}

/// The files this process has written, each with whether a file was there before its
/// first write: a command's own interim saves (a split's best game so far, a search's
/// better plan) do not make the final save a replacement, nor hide one.
static WRITTEN: std::sync::Mutex<Vec<(PathBuf, bool)>> = std::sync::Mutex::new(Vec::new());

/// `path` as it is remembered in [`WRITTEN`]: absolute, so `./a` and `a` are one file.
fn key(path: &Path) -> PathBuf {
    std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf())
}

/// Whether a file was at `path` before this process first wrote there (now, when it has
/// not written there yet).
pub fn existed_before(path: &Path) -> bool {
    let k = key(path);
    let known = WRITTEN
        .lock()
        .ok()
        .and_then(|w| w.iter().find(|(p, _)| *p == k).map(|(_, was)| *was));
    known.unwrap_or_else(|| path.is_file())
}

/// Write `bytes` to `path` atomically (a temporary file beside it, then a rename).
/// Returns whether it replaced a file that was there before this process first wrote
/// there ([`existed_before`]). A symbolic link is followed (the file it names is replaced,
/// the link kept) and a device or pipe (`/dev/stdout`) is written into directly: a rename
/// would replace the node itself.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> Result<bool> {
    let link = std::fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_symlink());
    if link {
        let target = path.canonicalize().with_context(|| {
            format!(
                "cannot write {}: a link to nothing that exists",
                path.display()
            )
        })?;
        return write_atomic(&target, bytes);
    }
    if std::fs::metadata(path).is_ok_and(|m| !m.is_file() && !m.is_dir()) {
        let written = std::fs::OpenOptions::new()
            .write(true)
            .open(path)
            .and_then(|mut f| f.write_all(bytes).and_then(|()| f.flush()));
        written.with_context(|| format!("cannot write {}", path.display()))?;
        return Ok(false);
    }
    ensure_parent(path)?;
    if path.is_dir() {
        bail!("cannot write {}: it is a directory", path.display());
    }
    let existed = existed_before(path);
    let dir = parent_of(path);
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().to_string())
        .unwrap_or_else(|| "out".into());
    let tmp = dir.join(format!(".{name}.{}.tmp", std::process::id()));
    let written = (|| -> std::io::Result<()> {
        let mut f = std::fs::File::create(&tmp)?;
        f.write_all(bytes)?;
        f.sync_all()?;
        std::fs::rename(&tmp, path)
    })();
    if let Err(e) = written {
        let _ = std::fs::remove_file(&tmp);
        return Err(e).with_context(|| format!("cannot write {}", path.display()));
    }
    if let Ok(mut w) = WRITTEN.lock() {
        let k = key(path);
        if !w.iter().any(|(p, _)| *p == k) {
            w.push((k, existed));
        }
    }
    Ok(existed)
}

/// [`write_atomic`] that says on stderr when it replaced a file.
pub fn write_noting(path: &Path, bytes: &[u8]) -> Result<()> {
    if write_atomic(path, bytes)? {
        eprintln!("replaced the existing {}", path.display());
    }
    Ok(())
}

/// `--out FILE`: an episode is JSON, so the name ends `.json`; not a directory; its
/// directory exists. Checked before any solving, so a long solve never ends unsaved.
pub fn check_out(path: &Path) -> Result<()> {
    if path.is_dir() {
        bail!(
            "--out {}: is a directory; give a file name ending .json",
            path.display()
        );
    }
    let json = path
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("json"));
    if !json {
        bail!(
            "--out {}: an episode is JSON, so the name must end .json (its rendering is \
             written beside it as .md)",
            path.display()
        );
    }
    check_dir("out", path)
}

/// `--report FILE`: a file (not a directory) whose directory exists (or is the project's
/// own `results/`), checked before the work, so that a long run never ends unwritten.
pub fn check_report(path: &Path) -> Result<()> {
    if path.is_dir() {
        bail!(
            "--report {}: is a directory; give a file name",
            path.display()
        );
    }
    check_dir("report", path)
}

/// `--out-dir DIR` (the cells of `compare`), checked before any solving: a folder that
/// exists (never created) and takes files (a probe file is written and removed).
pub fn check_out_dir(dir: &Path) -> Result<()> {
    if !dir.exists() {
        bail!(
            "--out-dir {}: the folder does not exist (create it first)",
            dir.display()
        );
    }
    if !dir.is_dir() {
        bail!(
            "--out-dir {}: is a file; give a folder (each cell's episode is written inside it)",
            dir.display()
        );
    }
    let probe = dir.join(format!(".gamebounds-probe.{}", std::process::id()));
    match std::fs::File::create(&probe) {
        Ok(_) => {
            let _ = std::fs::remove_file(&probe);
            Ok(())
        }
        Err(e) => bail!("--out-dir {}: cannot write in it: {e}", dir.display()),
    }
}

/// `--chart FILE.svg`: a picture, so the name ends `.svg`; not a directory; its folder
/// exists. Checked before any solving.
pub fn check_chart(path: &Path) -> Result<()> {
    if path.is_dir() {
        bail!(
            "--chart {}: is a directory; give a file name ending .svg",
            path.display()
        );
    }
    if !path
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("svg"))
    {
        bail!(
            "--chart {}: the chart is SVG, so the name must end .svg",
            path.display()
        );
    }
    check_dir("chart", path)
}

/// Whether two paths name the same file (both exist and resolve to one path).
pub fn same_file(a: &Path, b: &Path) -> bool {
    match (a.canonicalize(), b.canonicalize()) {
        (Ok(x), Ok(y)) => x == y,
        _ => false,
    }
}

/// The directory `path` is written into exists (or is one of the project's own, such as
/// `results/`, in a directory that exists): parents are never created silently.
fn check_dir(flag: &str, path: &Path) -> Result<()> {
    let dir = parent_of(path);
    let ours = dir
        .file_name()
        .is_some_and(|n| PROJECT_DIRS.iter().any(|p| n == *p));
    if !(dir.is_dir() || ours && parent_of(&dir).is_dir()) {
        bail!(
            "--{flag} {}: directory {} does not exist (create it first)",
            path.display(),
            dir.display()
        );
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn atomic_write_and_refusals() {
        let dir = std::env::temp_dir().join(format!("gb-io-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let f = dir.join("a.json");
        // New: written twice by this process, its own file both times.
        assert!(!existed_before(&f));
        assert!(!write_atomic(&f, b"1").unwrap());
        assert!(!write_atomic(&f, b"2").unwrap());
        assert!(!existed_before(&f));
        assert_eq!(std::fs::read_to_string(&f).unwrap(), "2");
        // There before: a replacement however often this process writes it.
        let g = dir.join("b.json");
        std::fs::write(&g, b"0").unwrap();
        assert!(existed_before(&g));
        assert!(write_atomic(&g, b"1").unwrap());
        assert!(write_atomic(&g, b"2").unwrap());
        assert!(existed_before(&g));
        let missing = dir.join("nope/a.json");
        let e = write_atomic(&missing, b"1").unwrap_err().to_string();
        assert!(e.contains("does not exist"), "{e}");
        assert!(check_out(&dir.join("a.md")).is_err());
        assert!(check_out(&dir).is_err());
        assert!(check_out(&missing).is_err());
        assert!(check_out(&f).is_ok());
        assert!(check_report(&missing).is_err());
        assert!(check_report(&dir).is_err());
        assert!(check_report(&dir.join("r.md")).is_ok());
        assert!(same_file(&f, &dir.join("./a.json")));
        assert!(check_out_dir(&dir).is_ok());
        for bad in [&f, &missing] {
            assert!(check_out_dir(bad).is_err(), "{}", bad.display());
        }
        assert!(check_chart(&dir.join("c.svg")).is_ok());
        assert!(check_chart(&dir.join("c.md")).is_err());
        assert!(check_chart(&dir.join("nope/c.svg")).is_err());
        #[cfg(unix)]
        {
            let link = dir.join("link.json");
            std::os::unix::fs::symlink(&f, &link).unwrap();
            // Through the link to `f`, a file this process made: not a replacement.
            assert!(!write_atomic(&link, b"3").unwrap());
            assert!(std::fs::symlink_metadata(&link)
                .unwrap()
                .file_type()
                .is_symlink());
            assert_eq!(std::fs::read_to_string(&f).unwrap(), "3");
            assert!(!write_atomic(Path::new("/dev/null"), b"4").unwrap());
            let e = write_atomic(Path::new("/dev/full"), b"4").unwrap_err();
            assert!(format!("{e:#}").contains("/dev/full"), "{e:#}");
            use std::os::unix::fs::FileTypeExt;
            assert!(Path::new("/dev/full")
                .metadata()
                .unwrap()
                .file_type()
                .is_char_device());
        }
        std::fs::remove_dir_all(dir).unwrap();
    }
}
