//! `--out FILE` has one meaning: the episode (JSON) a verb writes, with its rendering
//! (.md) and picture (.svg) beside it, checked before any work. A verb that writes no
//! episode refuses it (exit 2, one line), as `--jobs` is refused where nothing splits,
//! rather than ignoring it; a verb that writes a folder or a page has an option of its own
//! (`compare --out-dir DIR`, `render -o FILE.md`, `site DIR`).

use std::path::Path;

use anyhow::{bail, Result};

/// The verbs that write an episode with `--out` (`game verb`, clap's names).
pub const EPISODE_VERBS: [&str; 15] = [
    "cribbage score",
    "cribbage discard",
    "cribbage bound",
    "cribbage distribution",
    "cribbage discard-table",
    "haggle score",
    "haggle goal",
    "haggle bound",
    "haggle simulate",
    "lost-cities bound",
    "modern-art bound",
    "modern-art search",
    "traveller bound",
    "traveller greedy",
    // The variant file it generates (its own meaning, older than this rule).
    "modern-art generate",
];

/// Check `--out` for the command `game verb` before any work: a verb that writes an
/// episode gets a file name it can write ([`crate::io::check_out`]), any other a refusal.
/// `join` hands its `--out` to the command it assembles, which checks it there.
pub fn check(out: Option<&Path>, game: Option<&str>, verb: Option<&str>) -> Result<()> {
    let Some(out) = out else {
        return Ok(());
    };
    let game = game.unwrap_or_default();
    let what = match verb {
        Some(v) => format!("{game} {v}"),
        None => game.to_string(),
    };
    let shown = out.display();
    match (game, verb) {
        ("join", _) => Ok(()),
        ("modern-art", Some("generate")) => Ok(()),
        ("modern-art", Some("results")) => bail!(
            "--out {shown}: results writes its episodes to games/modern-art-{{N}}p-{{variant}}.json \
             and its tables to results/modern-art.md; for one row elsewhere use \
             `modern-art solve --players N --variant FILE --out FILE`"
        ),
        (_, Some("compare")) => bail!(
            "--out {shown}: --out names one episode file and compare writes one episode per \
             cell; give --out-dir DIR (a folder that exists) instead"
        ),
        ("render", _) => bail!(
            "--out {shown}: --out names an episode file, which render reads; write the \
             markdown with -o FILE.md (its picture beside it) or the picture with --svg FILE"
        ),
        _ if EPISODE_VERBS.contains(&what.as_str()) => crate::io::check_out(out),
        _ => {
            let same: Vec<&str> = EPISODE_VERBS
                .iter()
                .filter(|v| v.starts_with(&format!("{game} ")))
                .copied()
                .collect();
            let hint = match same.as_slice() {
                [] => String::new(),
                s => format!(" ({})", s.join(", ")),
            };
            bail!(
                "--out {shown}: `{what}` writes no episode; --out names the episode file of \
                 the verbs that write one{hint}"
            )
        }
    }
}

/// A folder a command makes (`site DIR`), checked before any work as `--out FILE` is: the
/// folder itself is made when missing, the folder it goes into must exist (a typo in a
/// parent is refused, not a tree of folders made).
pub fn check_new_dir(what: &str, dir: &Path) -> Result<()> {
    if dir.exists() && !dir.is_dir() {
        bail!("{what} {}: is a file; give a folder", dir.display());
    }
    let parent = dir.parent().filter(|p| !p.as_os_str().is_empty());
    if let Some(p) = parent.filter(|p| !p.is_dir()) {
        bail!(
            "{what} {}: directory {} does not exist (create it first)",
            dir.display(),
            p.display()
        );
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_episode_verbs_take_out() {
        let out = Some(Path::new("x.json"));
        let e = check(out, Some("lost-cities"), Some("play")).unwrap_err();
        assert!(e.to_string().contains("(lost-cities bound)"), "{e}");
        assert!(check(out, Some("verify"), None).is_err());
        assert!(check(out, Some("render"), None).is_err());
        assert!(check(out, Some("haggle"), Some("compare")).is_err());
        assert!(check(out, Some("join"), None).is_ok());
        assert!(check(out, Some("lost-cities"), Some("bound")).is_ok());
        assert!(check(None, Some("lost-cities"), Some("play")).is_ok());
    }
}
