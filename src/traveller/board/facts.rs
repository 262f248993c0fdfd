//! The fact format of the Prolog original (`square(S,X,Y).`, `joins(S1,S2).`, …): its
//! tokens, its facts with their lines, the board file read from them, and written back.

use super::*;

/// A term in a fact's argument list.
#[derive(Debug, Clone, PartialEq)]
enum Term {
    Atom(String),
    Num(f64),
}

impl std::fmt::Display for Term {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Term::Atom(a) => f.write_str(&atom(a)),
            Term::Num(x) => write!(f, "{x}"),
        }
    }
}

#[derive(Debug, Clone, PartialEq)]
enum Tok {
    Name(String),
    Num(f64),
    Open,
    Close,
    Comma,
    End,
}

/// An atom as Prolog writes it: bare when it is a plain lower-case name, else quoted.
pub fn atom(s: &str) -> String {
    let plain = s.chars().next().is_some_and(|c| c.is_ascii_lowercase())
        && s.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
    if plain {
        s.to_string()
    } else {
        format!("'{}'", s.replace('\\', "\\\\").replace('\'', "\\'"))
    }
}

/// Split the text into tokens, each with its line number.
fn tokenize(text: &str) -> Result<Vec<(usize, Tok)>> {
    let chars: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    let mut line = 1;
    while i < chars.len() {
        let c = chars[i];
        match c {
            '\n' => {
                line += 1;
                i += 1;
            }
            c if c.is_whitespace() => i += 1,
            '%' => {
                while i < chars.len() && chars[i] != '\n' {
                    i += 1;
                }
            }
            '/' if chars.get(i + 1) == Some(&'*') => {
                let start = line;
                i += 2;
                loop {
                    if i + 1 >= chars.len() {
                        bail!("line {start}: the comment `/* …` is never closed with `*/`");
                    }
                    if chars[i] == '*' && chars[i + 1] == '/' {
                        i += 2;
                        break;
                    }
                    if chars[i] == '\n' {
                        line += 1;
                    }
                    i += 1;
                }
            }
            '(' | ')' | ',' => {
                out.push((
                    line,
                    match c {
                        '(' => Tok::Open,
                        ')' => Tok::Close,
                        _ => Tok::Comma,
                    },
                ));
                i += 1;
            }
            '.' => {
                out.push((line, Tok::End));
                i += 1;
            }
            '\'' | '"' => {
                let quote = c;
                let start = line;
                let mut s = String::new();
                i += 1;
                loop {
                    let Some(&d) = chars.get(i) else {
                        bail!("line {start}: the quoted atom {quote}{s}… is never closed");
                    };
                    if d == quote && chars.get(i + 1) == Some(&quote) {
                        s.push(quote);
                        i += 2;
                    } else if d == quote {
                        i += 1;
                        break;
                    } else if d == '\\' && i + 1 < chars.len() {
                        s.push(match chars[i + 1] {
                            'n' => '\n',
                            't' => '\t',
                            e => e,
                        });
                        i += 2;
                    } else {
                        if d == '\n' {
                            line += 1;
                        }
                        s.push(d);
                        i += 1;
                    }
                }
                out.push((start, Tok::Name(s)));
            }
            c if c.is_ascii_digit()
                || (c == '-' && chars.get(i + 1).is_some_and(|d| d.is_ascii_digit())) =>
            {
                let start = i;
                i += 1;
                while i < chars.len() && chars[i].is_ascii_digit() {
                    i += 1;
                }
                if chars.get(i) == Some(&'.') && chars.get(i + 1).is_some_and(|d| d.is_ascii_digit())
                {
                    i += 1;
                    while i < chars.len() && chars[i].is_ascii_digit() {
                        i += 1;
                    }
                }
                let s: String = chars[start..i].iter().collect();
                let x: f64 = s
                    .parse()
                    .map_err(|_| anyhow!("line {line}: `{s}` is not a number"))?;
                out.push((line, Tok::Num(x)));
            }
            c if c.is_ascii_lowercase() => {
                let start = i;
                while i < chars.len() && (chars[i].is_ascii_alphanumeric() || chars[i] == '_') {
                    i += 1;
                }
                out.push((line, Tok::Name(chars[start..i].iter().collect())));
            }
            c if c.is_ascii_uppercase() || c == '_' => {
                let start = i;
                while i < chars.len() && (chars[i].is_ascii_alphanumeric() || chars[i] == '_') {
                    i += 1;
                }
                let v: String = chars[start..i].iter().collect();
                bail!(
                    "line {line}: `{v}` is a variable; a board holds facts only (quote it, \
                     '{v}', if it is a name)"
                );
            }
            c => bail!("line {line}: unexpected character `{c}` (a board holds facts like `square(1, 0, 0).`)"),
        }
    }
    Ok(out)
}

/// One fact: its predicate, arguments and line.
struct Fact {
    line: usize,
    name: String,
    args: Vec<Term>,
}

impl Fact {
    fn text(&self) -> String {
        let args: Vec<String> = self.args.iter().map(|a| a.to_string()).collect();
        if args.is_empty() {
            self.name.clone()
        } else {
            format!("{}({})", self.name, args.join(", "))
        }
    }

    fn origin(&self) -> String {
        format!("line {}: `{}`", self.line, self.text())
    }
}

fn facts(text: &str) -> Result<Vec<Fact>> {
    let toks = tokenize(text)?;
    let mut out = Vec::new();
    let mut i = 0;
    while i < toks.len() {
        let (line, ref t) = toks[i];
        let Tok::Name(name) = t else {
            bail!("line {line}: a fact must start with a name, like `square(1, 0, 0).`");
        };
        let name = name.clone();
        i += 1;
        let mut args = Vec::new();
        if toks.get(i).map(|t| &t.1) == Some(&Tok::Open) {
            i += 1;
            loop {
                match toks.get(i).map(|t| &t.1) {
                    Some(Tok::Name(a)) => args.push(Term::Atom(a.clone())),
                    Some(Tok::Num(x)) => args.push(Term::Num(*x)),
                    _ => bail!("line {line}: `{name}(`: expected an atom or a number as argument"),
                }
                i += 1;
                match toks.get(i).map(|t| &t.1) {
                    Some(Tok::Comma) => i += 1,
                    Some(Tok::Close) => {
                        i += 1;
                        break;
                    }
                    _ => bail!("line {line}: `{name}(…`: expected `,` or `)` after an argument"),
                }
            }
        }
        let fact = Fact { line, name, args };
        match toks.get(i).map(|t| &t.1) {
            Some(Tok::End) => i += 1,
            _ => bail!("{}: a fact must end with `.`", fact.origin()),
        }
        out.push(fact);
    }
    Ok(out)
}

const PREDICATES: &str = "square/3, building/2, joins/2, loop/1, in/2, sells/3, buys/3, \
                          sells_fuel/2, unit_volume/2";

pub(super) fn parse_facts(text: &str) -> Result<(BoardFile, Origins)> {
    let mut f = BoardFile::default();
    let mut o = Origins::default();
    // `in/2` facts may come before or after their `loop/1`: collect, then attach.
    let mut ins: Vec<(u32, String, String)> = Vec::new();
    for fact in facts(text)? {
        let here = fact.origin();
        let want = |arity: usize| -> Result<()> {
            if fact.args.len() != arity {
                bail!(
                    "{here}: {} takes {arity} argument(s), not {}",
                    fact.name,
                    fact.args.len()
                );
            }
            Ok(())
        };
        let int = |k: usize, what: &str| -> Result<i64> {
            match &fact.args[k] {
                Term::Num(x) if x.fract() == 0.0 => Ok(*x as i64),
                a => bail!(
                    "{here}: argument {} ({what}) must be an integer, not {a}",
                    k + 1
                ),
            }
        };
        let id = |k: usize| -> Result<u32> {
            let v = int(k, "a square number")?;
            u32::try_from(v)
                .ok()
                .filter(|&v| v >= 1)
                .ok_or_else(|| anyhow!("{here}: square numbers are integers from 1, not {v}"))
        };
        let name = |k: usize, what: &str| -> Result<String> {
            match &fact.args[k] {
                Term::Atom(a) => Ok(a.clone()),
                Term::Num(x) => {
                    bail!(
                        "{here}: argument {} ({what}) must be an atom, not {x}",
                        k + 1
                    )
                }
            }
        };
        let num = |k: usize, what: &str| -> Result<f64> {
            match &fact.args[k] {
                Term::Num(x) => Ok(*x),
                a => bail!(
                    "{here}: argument {} ({what}) must be a number, not {a}",
                    k + 1
                ),
            }
        };
        match fact.name.as_str() {
            "square" => {
                want(3)?;
                f.squares.push(Square {
                    id: id(0)?,
                    x: int(1, "x")?,
                    y: int(2, "y")?,
                });
                o.squares.push(here.clone());
            }
            "building" => {
                want(2)?;
                f.buildings.push(Building {
                    square: id(0)?,
                    name: name(1, "the building's name")?,
                });
                o.buildings.push(here.clone());
            }
            "joins" => {
                want(2)?;
                f.joins.push([id(0)?, id(1)?]);
                o.joins.push(here.clone());
            }
            "loop" => {
                want(1)?;
                f.loops.push(Loop {
                    name: name(0, "the loop's name")?,
                    squares: Vec::new(),
                });
                o.loops.push(here.clone());
                o.members.push(Vec::new());
            }
            "in" => {
                want(2)?;
                ins.push((id(0)?, name(1, "the loop's name")?, here.clone()));
            }
            "sells" | "buys" => {
                want(3)?;
                let t = Trade {
                    building: name(0, "the building's name")?,
                    good: name(1, "the good")?,
                    price: num(2, "the price")?,
                };
                if fact.name == "sells" {
                    f.sells.push(t);
                    o.sells.push(here.clone());
                } else {
                    f.buys.push(t);
                    o.buys.push(here.clone());
                }
            }
            "sells_fuel" => {
                want(2)?;
                f.sells_fuel.push(FuelStation {
                    building: name(0, "the building's name")?,
                    price: num(1, "the price")?,
                });
                o.sells_fuel.push(here.clone());
            }
            "unit_volume" => {
                want(2)?;
                let g = name(0, "the good")?;
                let v = num(1, "the volume")?;
                if f.unit_volume.insert(g.clone(), v).is_some() {
                    bail!("{here}: the volume of {g} is given twice");
                }
                o.volumes.insert(g, here.clone());
            }
            other => bail!("{here}: unknown fact `{other}` (a board has {PREDICATES})"),
        }
    }
    for (s, l, here) in ins {
        let Some(k) = f.loops.iter().position(|x| x.name == l) else {
            bail!(
                "{here}: loop `{l}` is not declared (add `loop({}).`)",
                atom(&l)
            );
        };
        if f.loops[k].squares.contains(&s) {
            bail!("{here}: square {s} is already in loop `{l}`");
        }
        f.loops[k].squares.push(s);
        o.members[k].push(here);
    }
    Ok((f, o))
}

/// Write board content as facts, grouped by predicate.
pub fn facts_text(f: &BoardFile, header: &str) -> String {
    use std::fmt::Write;
    let mut s = String::new();
    for line in header.lines() {
        let _ = writeln!(s, "% {line}");
    }
    let num = |x: f64| Term::Num(x).to_string();
    let _ = writeln!(s, "\n% Goods: cubic feet per unit.");
    for (g, v) in &f.unit_volume {
        let _ = writeln!(s, "unit_volume({}, {}).", atom(g), num(*v));
    }
    let _ = writeln!(s, "\n% Squares: square(S, X, Y).");
    for q in &f.squares {
        let _ = writeln!(s, "square({}, {}, {}).", q.id, q.x, q.y);
    }
    let _ = writeln!(s, "\n% Roads (driven both ways).");
    for [a, b] in &f.joins {
        let _ = writeln!(s, "joins({a}, {b}).");
    }
    let _ = writeln!(s, "\n% Named loops.");
    for l in &f.loops {
        let _ = writeln!(s, "loop({}).", atom(&l.name));
        for q in &l.squares {
            let _ = writeln!(s, "in({q}, {}).", atom(&l.name));
        }
    }
    let _ = writeln!(s, "\n% Buildings.");
    for b in &f.buildings {
        let _ = writeln!(s, "building({}, {}).", b.square, atom(&b.name));
    }
    let _ = writeln!(s, "\n% Wholesalers: the trader buys here.");
    for t in &f.sells {
        let _ = writeln!(
            s,
            "sells({}, {}, {}).",
            atom(&t.building),
            atom(&t.good),
            num(t.price)
        );
    }
    let _ = writeln!(s, "\n% Retailers: the trader sells here.");
    for t in &f.buys {
        let _ = writeln!(
            s,
            "buys({}, {}, {}).",
            atom(&t.building),
            atom(&t.good),
            num(t.price)
        );
    }
    let _ = writeln!(s, "\n% Fuel stations.");
    for t in &f.sells_fuel {
        let _ = writeln!(s, "sells_fuel({}, {}).", atom(&t.building), num(t.price));
    }
    s
}
