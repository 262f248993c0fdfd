//! Exact fractions for expected values: integer numerator over a positive denominator,
//! always reduced. Floats appear only when a decimal is printed.

use std::cmp::Ordering;
use std::fmt;

use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Frac {
    pub num: i64,
    pub den: i64,
}

fn gcd(mut a: i128, mut b: i128) -> i128 {
    a = a.abs();
    b = b.abs();
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a.max(1)
}

impl Frac {
    /// num / den, reduced (den must be non-zero).
    pub fn new(num: i128, den: i128) -> Frac {
        assert!(den != 0, "Frac with zero denominator");
        let (num, den) = if den < 0 { (-num, -den) } else { (num, den) };
        let g = gcd(num, den);
        Frac {
            num: (num / g) as i64,
            den: (den / g) as i64,
        }
    }

    pub fn zero() -> Frac {
        Frac { num: 0, den: 1 }
    }

    pub fn plus(self, o: Frac) -> Frac {
        Frac::new(
            self.num as i128 * o.den as i128 + o.num as i128 * self.den as i128,
            self.den as i128 * o.den as i128,
        )
    }

    pub fn minus(self, o: Frac) -> Frac {
        self.plus(Frac {
            num: -o.num,
            den: o.den,
        })
    }

    pub fn to_f64(self) -> f64 {
        self.num as f64 / self.den as f64
    }

    /// The decimal with `places` digits, rounded half away from zero, computed exactly.
    pub fn decimal(self, places: u32) -> String {
        let scale = 10i128.pow(places);
        let n = self.num as i128 * scale;
        let d = self.den as i128;
        let q = (2 * n.abs() + d) / (2 * d);
        let sign = if n < 0 && q != 0 { "-" } else { "" };
        if places == 0 {
            return format!("{sign}{q}");
        }
        format!(
            "{sign}{}.{:0width$}",
            q / scale,
            q % scale,
            width = places as usize
        )
    }
}

impl fmt::Display for Frac {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.den == 1 {
            write!(f, "{}", self.num)
        } else {
            write!(f, "{}/{}", self.num, self.den)
        }
    }
}

impl PartialOrd for Frac {
    fn partial_cmp(&self, o: &Frac) -> Option<Ordering> {
        Some(self.cmp(o))
    }
}

impl Ord for Frac {
    fn cmp(&self, o: &Frac) -> Ordering {
        (self.num as i128 * o.den as i128).cmp(&(o.num as i128 * self.den as i128))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arithmetic_and_printing() {
        let a = Frac::new(6, 4);
        assert_eq!((a.num, a.den), (3, 2));
        assert_eq!(a.to_string(), "3/2");
        assert_eq!(a.decimal(4), "1.5000");
        assert_eq!(Frac::new(2, 3).decimal(4), "0.6667");
        assert_eq!(Frac::new(-2, 3).decimal(2), "-0.67");
        assert_eq!(Frac::new(1, 3).plus(Frac::new(1, 6)), Frac::new(1, 2));
        assert_eq!(Frac::new(1, 3).minus(Frac::new(1, 2)), Frac::new(-1, 6));
        assert!(Frac::new(1, 3) < Frac::new(1, 2));
        assert_eq!(Frac::new(4, 2).to_string(), "2");
    }
}
