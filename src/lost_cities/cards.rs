//! Card text as the classic line-protocol quiz server writes it: `InvD` for a wager,
//! `2D` … `10D` for numbers; colour letters D O M J V (P for purple), or the colour's
//! name (`7ocean`, `InvDesert`). Every parse error is one line naming the bad token.

use std::fmt;

use anyhow::{bail, Result};

use super::rules::Rules;

/// A card: colour index into `Rules::colours` and rank (0 for a wager).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Card {
    pub colour: u8,
    pub rank: u8,
}

impl Card {
    pub fn wager(colour: u8) -> Card {
        Card { colour, rank: 0 }
    }

    pub fn number(colour: u8, rank: u8) -> Card {
        Card { colour, rank }
    }

    pub fn is_wager(self) -> bool {
        self.rank == 0
    }

    /// Text form with the variant's colour letter.
    pub fn show(self, rules: &Rules) -> String {
        let letter = rules
            .colours
            .get(self.colour as usize)
            .map(|c| c.letter.as_str())
            .unwrap_or("?");
        if self.is_wager() {
            format!("Inv{letter}")
        } else {
            format!("{}{letter}", self.rank)
        }
    }
}

/// Display without a variant: the classic letters (used in debug output only).
impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let letter = ["D", "O", "M", "J", "V", "P", "Q", "R"]
            .get(self.colour as usize)
            .copied()
            .unwrap_or("?");
        if self.is_wager() {
            write!(f, "Inv{letter}")
        } else {
            write!(f, "{}{letter}", self.rank)
        }
    }
}

/// Parse a colour given as a letter (`D`) or a name (`desert`), case-insensitive.
pub fn parse_colour(rules: &Rules, text: &str) -> Result<u8> {
    for (i, c) in rules.colours.iter().enumerate() {
        if c.letter.eq_ignore_ascii_case(text) || c.name.eq_ignore_ascii_case(text) {
            return Ok(i as u8);
        }
    }
    bail!(
        "`{text}` is not a colour of {} (use {})",
        rules.name,
        letters(rules)
    )
}

fn letters(rules: &Rules) -> String {
    rules
        .colours
        .iter()
        .map(|c| c.letter.as_str())
        .collect::<Vec<_>>()
        .join(" ")
}

/// Parse one card.
pub fn parse_card(rules: &Rules, text: &str) -> Result<Card> {
    let t = text.trim();
    let bad = || {
        anyhow::anyhow!(
            "`{t}` is not a card of {}: write InvD for a wager or 2D..{}D for a number \
             (colours {})",
            rules.name,
            rules.numbers.last().copied().unwrap_or(10),
            letters(rules)
        )
    };
    let (rank, rest) = if t.get(..3).is_some_and(|p| p.eq_ignore_ascii_case("inv")) {
        (0u8, &t[3..])
    } else {
        let digits = t.chars().take_while(|c| c.is_ascii_digit()).count();
        if digits == 0 {
            return Err(bad());
        }
        let rank: u8 = t[..digits].parse().map_err(|_| bad())?;
        (rank, &t[digits..])
    };
    if rest.is_empty() {
        return Err(bad());
    }
    let colour = parse_colour(rules, rest).map_err(|_| bad())?;
    if rank != 0 && !rules.numbers.contains(&rank) {
        bail!(
            "`{t}`: there is no number card {rank} in {} (numbers {:?})",
            rules.name,
            rules.numbers
        );
    }
    if rank == 0 && rules.wagers == 0 {
        bail!("`{t}`: {} has no wager cards", rules.name);
    }
    Ok(Card { colour, rank })
}

/// Parse whitespace- or comma-separated cards.
pub fn parse_cards(rules: &Rules, text: &str) -> Result<Vec<Card>> {
    text.split(|c: char| c.is_whitespace() || c == ',')
        .filter(|s| !s.is_empty())
        .map(|s| parse_card(rules, s))
        .collect()
}

/// Cards as text, space separated.
pub fn show_cards(rules: &Rules, cards: &[Card]) -> String {
    cards
        .iter()
        .map(|c| c.show(rules))
        .collect::<Vec<_>>()
        .join(" ")
}

/// Check that `deck` holds every card of the variant exactly once (wagers `wagers` times).
pub fn check_full_deck(rules: &Rules, deck: &[Card]) -> Result<()> {
    let mut want = rules.full_deck();
    let mut have = deck.to_vec();
    want.sort();
    have.sort();
    if want == have {
        return Ok(());
    }
    let count = |v: &[Card], c: Card| v.iter().filter(|&&d| d == c).count();
    let mut distinct = want.clone();
    distinct.dedup();
    for c in distinct {
        let (w, h) = (count(&want, c), count(&have, c));
        if w != h {
            bail!(
                "the deck has {h} × {} but {} has {w} (a deck lists all {} cards once, wagers \
                 {} times)",
                c.show(rules),
                rules.name,
                rules.deck_size(),
                rules.wagers
            );
        }
    }
    bail!(
        "the deck has {} cards, {} has {}",
        deck.len(),
        rules.name,
        rules.deck_size()
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn roundtrip_and_errors() {
        let r = Rules::classic(6).unwrap();
        for c in r.full_deck() {
            assert_eq!(parse_card(&r, &c.show(&r)).unwrap(), c);
        }
        assert_eq!(parse_card(&r, "invd").unwrap(), Card::wager(0));
        assert_eq!(parse_card(&r, "10P").unwrap(), Card::number(5, 10));
        assert_eq!(parse_card(&r, "7ocean").unwrap(), Card::number(1, 7));
        let e = parse_card(&r, "11D").unwrap_err().to_string();
        assert!(e.contains("no number card 11"), "{e}");
        let e = parse_card(&r, "5X").unwrap_err().to_string();
        assert!(e.contains("`5X` is not a card"), "{e}");
        let r5 = Rules::classic(5).unwrap();
        assert!(parse_card(&r5, "3P").is_err());
        assert!(parse_card(&r5, "D").is_err());
        assert!(parse_card(&r5, "").is_err());
        assert!(parse_card(&r5, "ééé").is_err());
        assert!(parse_card(&r5, "Invé").is_err());
    }

    #[test]
    fn full_deck_check() {
        let r = Rules::classic(5).unwrap();
        let mut d = r.full_deck();
        assert!(check_full_deck(&r, &d).is_ok());
        d[5] = d[6];
        let e = check_full_deck(&r, &d).unwrap_err().to_string();
        assert!(e.contains("the deck has"), "{e}");
    }
}
