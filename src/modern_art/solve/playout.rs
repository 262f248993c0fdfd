//! The game a solve reports when `--time-limit` ran out before any solve found one.

use super::*;

/// A legal game the referee plays by always taking its first legal action: a poor game,
/// but a real one, so a command stopped by its deadline still reports a best game found
/// (with no bound claimed) instead of nothing.
pub(super) fn first_legal_game(
    c: &Config,
    objective: Objective,
    player: Option<usize>,
) -> Result<Outcome> {
    let mut st = engine::State::new(c);
    while !st.is_terminal() {
        let action =
            st.legal_actions().into_iter().next().ok_or_else(|| {
                anyhow!("the referee offers no legal action before the game ends")
            })?;
        st.apply_action(action)
            .map_err(|e| anyhow!("the referee refuses its own first action: {e}"))?;
    }
    Outcome::from_record(
        c,
        objective,
        player,
        st.record().clone(),
        None,
        "the first legal game",
    )
}

/// `solved`, or past the command's deadline with no game found, the first legal game.
pub(super) fn or_first_legal_game(
    solved: Result<Outcome>,
    c: &Config,
    objective: Objective,
    player: Option<usize>,
    common: &crate::cli::Common,
) -> Result<Outcome> {
    match solved {
        // (--emit-jobs writes jobs or fails: it reports no game.)
        Err(e) if crate::options::expired() && !crate::jobs::parts::emitting() => {
            common.note(format!(
                "--time-limit ran out before any game was found ({e:#}); reporting the \
                 first legal game instead, with no bound"
            ));
            first_legal_game(c, objective, player)
        }
        other => other,
    }
}
