//! Exit codes: 0 success, 1 a claim that does not hold (an episode that fails its
//! referee), 2 bad input or a failed solve. `main` turns every error into one line.

use std::fmt;

/// An episode or plan that the referee rejects: exit code 1, not 2.
#[derive(Debug)]
pub struct Rejected(pub String);

impl fmt::Display for Rejected {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Rejected {}

/// The process exit code for an error.
pub fn exit_code(err: &anyhow::Error) -> i32 {
    if err.downcast_ref::<Rejected>().is_some() {
        1
    } else {
        2
    }
}

/// At most `max` characters of `s` for a message, with the length of what was cut.
pub fn clip(s: &str, max: usize) -> String {
    let n = s.chars().count();
    if n <= max {
        return s.to_string();
    }
    let head: String = s.chars().take(max).collect();
    format!("{head}… ({n} characters)")
}

/// The longest run of characters without a space an error line shows in full (a name, a
/// path, a number): a longer one is an echo of hostile input, cut with its length.
pub const MAX_WORD: usize = 200;

/// The error as the one line `main` prints: the whole context chain, outermost first,
/// line breaks as spaces, every word over [`MAX_WORD`] characters cut short (an input's
/// 50 MB field is never echoed).
pub fn one_line(err: &anyhow::Error) -> String {
    cut_words(&format!("{err:#}"))
}

/// `text` on one line, every word over [`MAX_WORD`] characters cut short.
pub fn cut_words(text: &str) -> String {
    let mut out = String::with_capacity(text.len().min(4096));
    for (i, word) in text.split([' ', '\n', '\r']).enumerate() {
        if i > 0 {
            out.push(' ');
        }
        out.push_str(&clip(word, MAX_WORD));
    }
    out
}

/// `line` with every word over [`MAX_WORD`] characters cut short (its blanks kept).
pub fn cut_line(line: &str) -> String {
    let words: Vec<String> = line.split(' ').map(|w| clip(w, MAX_WORD)).collect();
    words.join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_line_cuts_long_words_and_joins_lines() {
        let e = anyhow::anyhow!("key `{}` unknown\nsecond line", "k".repeat(5000));
        let line = one_line(&e.context("reading x.json"));
        assert!(line.starts_with("reading x.json: key `kkk"), "{line}");
        assert!(line.contains("… (5002 characters)"), "{line}");
        assert!(line.ends_with("unknown second line"), "{line}");
        assert!(line.len() < 400);
    }
}
