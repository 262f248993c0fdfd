//! The referee: scores hands under any rule subset and variant, rule by rule, and judges
//! trades. It never imports the model; everything the ILPs claim is re-scored here.
//!
//! Order of scoring (spec): card values with rules 4/5, add 10, 13, 14, then 12 and 8,
//! subtract the rule-6/7 penalty (and rule 9's minus-10s), then double for rule 11.
//! Under `seven_rule = eliminate` a hand with 7+ of a colour scores 0. Every number in a
//! rule (values, thresholds, bonuses, factors) is the variant's (`rule6.penalty`, …).

use anyhow::{bail, Result};
use serde::{Deserialize, Serialize};

use super::rules::{Hand, RuleSet, SevenRule, Variant, YellowTie, B, O, R, W, Y};

/// One rule's contribution to a hand's score. Rule 0 stands for the card values
/// (rules 1-3, or 1 for each value the rule set does not fix).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Part {
    pub rule: u8,
    pub points: i64,
}

/// A hand's score and why.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct HandScore {
    pub hand: Hand,
    /// Non-zero contributions in scoring order (the card values always first).
    pub parts: Vec<Part>,
    pub total: i64,
    /// Rule 9 under `eliminate`: the hand scores 0.
    pub eliminated: bool,
}

impl HandScore {
    pub fn part(&self, rule: u8) -> i64 {
        self.parts
            .iter()
            .filter(|p| p.rule == rule)
            .map(|p| p.points)
            .sum()
    }
}

/// True for 4/3/2/1/0 in some order of colours.
pub fn is_pyramid(h: &Hand) -> bool {
    let mut c = h.0;
    c.sort_unstable();
    c == [0, 1, 2, 3, 4]
}

/// Whether a hand counts in the comparing rules 6, 8 and 12.
fn competes(h: &Hand, rules: RuleSet, v: &Variant) -> bool {
    v.eliminated_compete || !(rules.has(9) && h.0.iter().any(|&c| v.is_seven(c)))
}

/// The unique hand with the most reds (R ≥ 1) among competing hands.
pub fn red_winner(hands: &[Hand], comp: &[bool]) -> Option<usize> {
    let best = (0..hands.len())
        .filter(|&h| comp[h])
        .map(|h| hands[h].0[R])
        .max()?;
    if best == 0 {
        return None;
    }
    let at: Vec<usize> = (0..hands.len())
        .filter(|&h| comp[h] && hands[h].0[R] == best)
        .collect();
    (at.len() == 1).then(|| at[0])
}

/// Rule 8's winner: counts from the top, stepping down past tied counts (all the way
/// for `cascade`, once for `one_step`). Hands need Y ≥ 1.
pub fn yellow_winner(hands: &[Hand], comp: &[bool], tie: YellowTie) -> Option<usize> {
    let mut counts: Vec<u8> = (0..hands.len())
        .filter(|&h| comp[h] && hands[h].0[Y] >= 1)
        .map(|h| hands[h].0[Y])
        .collect();
    counts.sort_unstable_by(|a, b| b.cmp(a));
    counts.dedup();
    let steps = match tie {
        YellowTie::Cascade => counts.len(),
        YellowTie::OneStep => 2,
    };
    for &c in counts.iter().take(steps) {
        let at: Vec<usize> = (0..hands.len())
            .filter(|&h| comp[h] && hands[h].0[Y] == c)
            .collect();
        if at.len() == 1 {
            return Some(at[0]);
        }
    }
    None
}

/// Score every hand under `rules` (the rules in play or a player's known rules) and the
/// variant's settings for rules 8 and 9. Card values are those `rules` fix.
pub fn score(hands: &[Hand], rules: RuleSet, v: &Variant) -> Result<Vec<HandScore>> {
    let most = v.max_cards();
    if rules.has(15) {
        if let Some(h) = hands.iter().find(|h| h.total() > most) {
            bail!(
                "hand {h} has {} cards: rule 15 scores at most {most} and removes the rest \
                 at random; hand in at most {most}",
                h.total()
            );
        }
    }
    let val = v.values(rules);
    let comp: Vec<bool> = hands.iter().map(|h| competes(h, rules, v)).collect();
    let red = if rules.has(12) {
        red_winner(hands, &comp)
    } else {
        None
    };
    let yellow = if rules.has(8) {
        yellow_winner(hands, &comp, v.yellow_tie)
    } else {
        None
    };
    let blue5: Vec<bool> = hands
        .iter()
        .zip(&comp)
        .map(|(h, &c)| c && h.get(B) >= v.rule6.blues)
        .collect();
    let n_blue5 = blue5.iter().filter(|&&b| b).count() as i64;

    let mut out = Vec::with_capacity(hands.len());
    for (i, hand) in hands.iter().enumerate() {
        let c = |k: usize| hand.get(k);
        let mut parts = vec![Part {
            rule: 0,
            points: (0..5).map(|k| val[k] * c(k)).sum(),
        }];
        let mut add = |rule: u8, points: i64| {
            if points != 0 {
                parts.push(Part { rule, points });
            }
        };
        let whites_dead = rules.has(4) && c(W) > v.rule4.whites;
        if whites_dead {
            add(4, -val[W] * c(W));
        }
        let o_scoring = if rules.has(5) { c(O).min(c(B)) } else { c(O) };
        add(5, -val[O] * (c(O) - o_scoring));
        let white_value = if whites_dead { 0 } else { val[W] };
        if rules.has(10) {
            add(10, v.rule10.bonus * (0..5).map(c).min().unwrap());
        }
        if rules.has(13) {
            let (per, f) = (v.rule13.yellows, v.rule13.factor - 1);
            add(13, f * white_value * (c(Y) / per).min(c(W)));
        }
        if rules.has(14) {
            let (per, f) = (v.rule14.blues, v.rule14.factor - 1);
            add(14, f * val[O] * (c(B) / per).min(o_scoring));
        }
        if red == Some(i) {
            add(12, (v.rule12.factor - 1) * val[R] * c(R));
        }
        if yellow == Some(i) {
            add(8, c(Y).pow(v.rule8.power as u32));
        }
        if rules.has(6) {
            let k = n_blue5 - blue5[i] as i64;
            add(6, -v.rule6.penalty * k);
            if rules.has(7) {
                add(7, v.rule6.penalty * k.min(c(R) / v.rule7.reds));
            }
        }
        let sevens = hand.0.iter().filter(|&&x| v.is_seven(x)).count() as i64;
        if rules.has(9) && v.seven_rule == SevenRule::Minus10PerColour {
            add(9, -v.rule9.penalty * sevens);
        }
        let before_double: i64 = parts.iter().map(|p| p.points).sum();
        if rules.has(11) && is_pyramid(hand) {
            parts.push(Part {
                rule: 11,
                points: (v.rule11.factor - 1) * before_double,
            });
        }
        let mut total: i64 = parts.iter().map(|p| p.points).sum();
        let eliminated = rules.has(9) && v.seven_rule == SevenRule::Eliminate && sevens > 0;
        if eliminated {
            parts.push(Part {
                rule: 9,
                points: -total,
            });
            total = 0;
        }
        parts.retain(|p| p.points != 0 || p.rule == 0);
        out.push(HandScore {
            hand: *hand,
            parts,
            total,
            eliminated,
        });
    }
    Ok(out)
}

/// The totals only.
pub fn totals(hands: &[Hand], rules: RuleSet, v: &Variant) -> Result<Vec<i64>> {
    Ok(score(hands, rules, v)?.iter().map(|s| s.total).collect())
}

/// A computer player's score of its own hand under the rules it knows. Without
/// `others`, the rules that compare hands (6, 7, 8, 12) are ignored; with them, the
/// other hands are taken as given.
pub fn believed(hand: &Hand, known: RuleSet, others: Option<&[Hand]>, v: &Variant) -> Result<i64> {
    match others {
        None => Ok(score(&[*hand], known.minus(RuleSet::comparing()), v)?[0].total),
        Some(o) => {
            let mut all = vec![*hand];
            all.extend_from_slice(o);
            Ok(score(&all, known, v)?[0].total)
        }
    }
}

/// Every hand within `caps` per colour and at most `max_cards` cards (brute force; the
/// ILPs are checked against it).
pub fn all_hands(caps: [u8; 5], max_cards: u32) -> Vec<Hand> {
    let mut out = Vec::new();
    let mut h = [0u8; 5];
    fn rec(i: usize, h: &mut [u8; 5], caps: &[u8; 5], left: u32, out: &mut Vec<Hand>) {
        if i == 5 {
            out.push(Hand(*h));
            return;
        }
        for c in 0..=(caps[i] as u32).min(left) {
            h[i] = c as u8;
            rec(i + 1, h, caps, left - c, out);
        }
        h[i] = 0;
    }
    rec(0, &mut h, &caps, max_cards, &mut out);
    out
}

/// Cards a player holds beyond its goal (it would give them away).
pub fn surplus(hand: &Hand, goal: &Hand) -> Hand {
    hand.minus(goal)
}

/// Cards its goal needs that it does not hold.
pub fn lack(hand: &Hand, goal: &Hand) -> Hand {
    goal.minus(hand)
}

/// The acceptance rule: every requested card is surplus to the goal, and either every
/// offered card is one it lacks, or it receives at least as many cards as it gives.
pub fn accepts(hand: &Hand, goal: &Hand, offer: &Hand, request: &Hand) -> bool {
    request.within(&surplus(hand, goal))
        && (offer.within(&lack(hand, goal)) || offer.total() >= request.total())
}

/// A trade between players A and B.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Trade {
    pub a_gives: Hand,
    pub b_gives: Hand,
    /// Cards by which A's (B's) hand comes closer to its goal.
    pub gain_a: i32,
    pub gain_b: i32,
}

fn sub_multisets(h: &Hand) -> Vec<Hand> {
    all_hands(h.0, h.total())
}

/// Apply a trade to A's hand (B's is symmetric).
pub fn after(hand: &Hand, gives: &Hand, gets: &Hand) -> Hand {
    hand.minus(gives).plus(gets)
}

/// Every trade both players accept, best first: largest combined gain toward both goals,
/// then the more balanced gain, then fewer cards moved. Generated from the surpluses:
/// each side can only give away cards surplus to its goal, so only sub-multisets of the
/// two surpluses are tried (never every hand).
pub fn acceptable_trades(a: (&Hand, &Hand), b: (&Hand, &Hand)) -> Vec<Trade> {
    acceptable_trades_until(a, b, None).0
}

/// [`acceptable_trades`] that stops at `deadline`: the trades found so far (sorted) and
/// whether the listing was cut short.
pub fn acceptable_trades_until(
    a: (&Hand, &Hand),
    b: (&Hand, &Hand),
    deadline: Option<std::time::Instant>,
) -> (Vec<Trade>, bool) {
    let mut stopped = false;
    let (ah, ag) = a;
    let (bh, bg) = b;
    let da = ah.distance(ag) as i32;
    let db = bh.distance(bg) as i32;
    let a_can = sub_multisets(&surplus(ah, ag));
    let b_can = sub_multisets(&surplus(bh, bg));
    let mut out = Vec::new();
    let mut tried = 0u64;
    'outer: for x in &a_can {
        for y in &b_can {
            tried += 1;
            if tried.is_multiple_of(4096)
                && deadline.is_some_and(|d| std::time::Instant::now() >= d)
            {
                stopped = true;
                break 'outer;
            }
            if x.total() + y.total() == 0 {
                continue;
            }
            if accepts(ah, ag, y, x) && accepts(bh, bg, x, y) {
                let gain_a = da - after(ah, x, y).distance(ag) as i32;
                let gain_b = db - after(bh, y, x).distance(bg) as i32;
                out.push(Trade {
                    a_gives: *x,
                    b_gives: *y,
                    gain_a,
                    gain_b,
                });
            }
        }
    }
    out.sort_by(|s, t| {
        (t.gain_a + t.gain_b)
            .cmp(&(s.gain_a + s.gain_b))
            .then((t.gain_a.min(t.gain_b)).cmp(&s.gain_a.min(s.gain_b)))
            .then(
                (s.a_gives.total() + s.b_gives.total())
                    .cmp(&(t.a_gives.total() + t.b_gives.total())),
            )
            .then(t.a_gives.cmp(&s.a_gives))
            .then(t.b_gives.cmp(&s.b_gives))
    });
    (out, stopped)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn h(s: &str) -> Hand {
        Hand::parse(s).unwrap()
    }

    /// The spec's four-hand example (the third hand holds 7 orange).
    fn spec_hands() -> [Hand; 4] {
        [
            h("2/1/3/3/4"),
            h("3/5/3/0/1"),
            h("3/1/1/7/1"),
            h("0/3/4/2/1"),
        ]
    }

    /// The spec's four-hand example under its stated settings.
    #[test]
    fn spec_four_hands() {
        let v = Variant::spec_tests();
        let hands = spec_hands();
        assert_eq!(
            totals(&hands, RuleSet::ALL, &v).unwrap(),
            vec![31, 32, 12, 110]
        );
    }

    #[test]
    fn spec_single_hands() {
        let v = Variant::spec_tests();
        assert_eq!(
            totals(&[h("0/3/4/1/2")], RuleSet::ALL, &v).unwrap(),
            vec![112]
        );
        assert_eq!(
            totals(&[h("0/6/0/2/0")], RuleSet::ALL, &v).unwrap(),
            vec![44]
        );
    }

    /// Under the defaults the 7-orange hand neither scores nor competes: the yellow
    /// bonus then goes to the 3-yellow hand that is left alone at the top.
    #[test]
    fn default_variant_eliminates_and_excludes() {
        let v = Variant::standard().unwrap();
        let hands = spec_hands();
        let s = score(&hands, RuleSet::ALL, &v).unwrap();
        assert!(s[2].eliminated);
        assert_eq!(s[2].total, 0);
        assert_eq!(s[1].part(8), 9);
        assert_eq!(s[0].part(8), 0);
    }

    #[test]
    fn parts_sum_to_total() {
        let v = Variant::spec_tests();
        let hands = spec_hands();
        for s in score(&hands, RuleSet::ALL, &v).unwrap() {
            assert_eq!(s.parts.iter().map(|p| p.points).sum::<i64>(), s.total);
        }
        let s = &score(&hands, RuleSet::ALL, &v).unwrap()[3];
        assert_eq!(s.part(12), 12);
        assert_eq!(s.part(14), 12);
        assert_eq!(s.part(11), 55);
    }

    #[test]
    fn yellow_ties() {
        let hs = [
            h("5/0/0/0/0"),
            h("5/0/0/0/0"),
            h("4/0/0/0/0"),
            h("4/0/0/0/0"),
            h("3/0/0/0/0"),
        ];
        let comp = [true; 5];
        assert_eq!(yellow_winner(&hs, &comp, YellowTie::Cascade), Some(4));
        assert_eq!(yellow_winner(&hs, &comp, YellowTie::OneStep), None);
        assert_eq!(yellow_winner(&hs[1..], &comp, YellowTie::OneStep), Some(0));
        assert_eq!(
            yellow_winner(&[h("0/1/0/0/0")], &[true], YellowTie::Cascade),
            None
        );
    }

    /// A rule selection changes what is scored; values follow the rules in play.
    #[test]
    fn rule_subsets_and_partial_knowledge() {
        let v = Variant::standard().unwrap();
        let few = RuleSet::parse("1-8").unwrap();
        // 0/3/4/2/1 under 1-8: values 31 (two scoring oranges), no pyramid, no rule 12/14.
        assert_eq!(totals(&[h("0/3/4/2/1")], few, &v).unwrap(), vec![31]);
        // Known 1,3: white worth 1; 1 alone: only orange is worth 4.
        let hand = h("1/1/1/1/1");
        assert_eq!(
            believed(&hand, RuleSet::parse("1,3").unwrap(), None, &v).unwrap(),
            11
        );
        assert_eq!(
            believed(&hand, RuleSet::parse("1").unwrap(), None, &v).unwrap(),
            8
        );
        // A player ignoring other hands drops rules 6, 7, 8, 12 even when it knows them.
        let others = [h("0/5/0/0/0")];
        let all = RuleSet::ALL;
        let alone = believed(&h("3/0/1/0/0"), all, None, &v).unwrap();
        let given = believed(&h("3/0/1/0/0"), all, Some(&others), &v).unwrap();
        assert_eq!(alone, 6);
        assert_eq!(given, 6 + 9 + 3 - 10);
    }

    #[test]
    fn too_many_cards_is_an_error() {
        let v = Variant::standard().unwrap();
        let e = score(&[h("3/3/3/3/2")], RuleSet::ALL, &v).unwrap_err();
        assert!(e.to_string().contains("14 cards"), "{e}");
    }

    #[test]
    fn acceptance_rule() {
        let hand = h("3/1/3/3/2");
        let goal = h("0/3/4/2/1");
        // Surplus 3 Y, 1 O, 1 W; lack 2 B, 1 R.
        assert!(accepts(&hand, &goal, &h("0/2/0/0/0"), &h("2/0/0/0/0")));
        assert!(accepts(&hand, &goal, &h("0/0/0/0/1"), &h("1/0/0/0/0")));
        assert!(!accepts(&hand, &goal, &h("0/0/0/0/1"), &h("2/0/0/0/0")));
        assert!(!accepts(&hand, &goal, &h("0/1/0/0/0"), &h("0/0/1/0/0")));
    }

    #[test]
    fn trades_are_mutually_acceptable_and_sorted() {
        let a = (h("3/1/3/3/2"), h("0/3/4/2/1"));
        let b = (h("1/4/1/2/2"), h("3/1/1/2/2"));
        let ts = acceptable_trades((&a.0, &a.1), (&b.0, &b.1));
        assert!(!ts.is_empty());
        for t in &ts {
            assert!(accepts(&a.0, &a.1, &t.b_gives, &t.a_gives));
            assert!(accepts(&b.0, &b.1, &t.a_gives, &t.b_gives));
        }
        for w in ts.windows(2) {
            assert!(w[0].gain_a + w[0].gain_b >= w[1].gain_a + w[1].gain_b);
        }
        // A gives 2 yellows, B gives 2 blues: both come 4 cards closer.
        assert_eq!(ts[0].gain_a + ts[0].gain_b, 8);
    }
}
