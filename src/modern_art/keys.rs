//! Modern Art's rules keys for `modern-art keys` and `docs/variants.md` ([`crate::keys`]):
//! the ranges are those [`super::rules::Config::validate`] enforces.

use crate::keys::KeyDoc;

/// Every key of a variant file, in the order of the file.
pub const KEYS: &[KeyDoc] = &[
    KeyDoc::new(
        "name",
        "any text",
        "the variant's name; a --set appends the settings to it",
    ),
    KeyDoc::new("description", "any text", "one line on the variant"),
    KeyDoc::new(
        "deck",
        "a deck file",
        "the deck, relative to the variant file's folder",
    ),
    KeyDoc::new("rounds", "1 to 8", "rounds in a game"),
    KeyDoc::new(
        "deal.*",
        "one number a round, each at most 60, the first at least 1",
        "cards dealt to each player before each round, {} players",
    ),
    KeyDoc::new(
        "threshold.*",
        "1 to 60",
        "face-up cards of one artist that close a round, {} players",
    ),
    KeyDoc::new(
        "value_points",
        "0 to 100 each, at most one per artist",
        "value points of the 1st, 2nd, 3rd … ranked artist of a round",
    ),
    KeyDoc::new("awards", "0 to 20", "award tokens in the game"),
    KeyDoc::new(
        "award_value",
        "0 to 100, an artist's value at most 400",
        "the value one award token adds to its artist",
    ),
    KeyDoc::new(
        "extra_card",
        "`every_round`, `first_round` or `none`",
        "when a face-up card nobody owns is turned up for its artist",
    ),
    KeyDoc::new(
        "resolve_closing_symbol",
        "true or false",
        "the `draw` and `award` symbols of the card that closes a round are resolved",
    ),
    KeyDoc::new(
        "award_target",
        "`any` or `own`",
        "an award token goes on any artist or on the card's own",
    ),
    KeyDoc::new(
        "hidden_same_artist",
        "true or false",
        "the face-down second card of `hidden` must be of the same artist",
    ),
    KeyDoc::new(
        "hidden_counts_for_close",
        "true or false",
        "face-down cards count toward the closing threshold",
    ),
    KeyDoc::new(
        "chain_symbols",
        "true or false",
        "symbols of cards played through `double`, `hidden` or `simultaneous` are resolved",
    ),
    KeyDoc::new(
        "end_play",
        "`none` or `blessed`",
        "`blessed`: after the close each player may add a face-up card of each artist shown",
    ),
    KeyDoc::new(
        "award_pays_unranked",
        "true or false",
        "an artist not ranked this round still pays its award tokens",
    ),
];
