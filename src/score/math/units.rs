//! Units of measurement in math answers (rule ME-9 of spec/math.md).
//!
//! A small table of SI length, mass, time and volume units with their
//! prefixes and a few customary ones (inch, foot, yard, mile, pound,
//! ounce, US gallon, quart, pint, cup, tablespoon, teaspoon), each with an **exact** rational factor
//! to the SI base unit (metre, kilogram, second) and its dimension. `5\text{
//! m}` and `5\text{ cm}` are compared as 5 m and 0.05 m (not equal);
//! `0.5\text{ km}` and `500\text{ m}` are both 500 m (equal). Units outside
//! the table are compared by name.
//!
//! # Differences with the document
//!
//! symeval and math-verify delete unit words, so `5 m` = `5 cm` for them;
//! here units are compared with exact factors (spec/math.md ME-9, ME-D4).

use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::One;

use crate::expr::Expr;

/// The most unit words read after a number as one unit written outside math
/// mode (`kg m^2 s^{-2}` is three): by the extraction's number token (MX-14)
/// and by the comparison's reading of it (ME-9).
pub const MAX_UNIT_WORDS: usize = 4;

/// Exponents of length, mass and time.
pub type Dims = [i32; 3];

/// A unit: its exact factor to the SI base units and its dimension.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Unit {
    /// What one of this unit is in metres, kilograms and seconds.
    pub factor: BigRational,
    /// Exponents of length, mass and time.
    pub dims: Dims,
}

const L: Dims = [1, 0, 0];
const M: Dims = [0, 1, 0];
const T: Dims = [0, 0, 1];
const V: Dims = [3, 0, 0];

/// `(names, numerator, denominator, dimension)`: one row per unit.
const TABLE: &[(&[&str], i64, i64, Dims)] = &[
    (&["m", "meter", "meters", "metre", "metres"], 1, 1, L),
    (
        &["km", "kilometer", "kilometers", "kilometre", "kilometres"],
        1000,
        1,
        L,
    ),
    (&["dm", "decimeter", "decimeters"], 1, 10, L),
    (
        &[
            "cm",
            "centimeter",
            "centimeters",
            "centimetre",
            "centimetres",
        ],
        1,
        100,
        L,
    ),
    (
        &[
            "mm",
            "millimeter",
            "millimeters",
            "millimetre",
            "millimetres",
        ],
        1,
        1000,
        L,
    ),
    (
        &["um", "\\mu m", "micrometer", "micrometers"],
        1,
        1_000_000,
        L,
    ),
    (&["nm", "nanometer", "nanometers"], 1, 1_000_000_000, L),
    // International inch = 0.0254 m exactly (1959 agreement).
    (&["inch", "inches"], 254, 10_000, L),
    (&["ft", "foot", "feet"], 3048, 10_000, L),
    (&["yd", "yard", "yards"], 9144, 10_000, L),
    (&["mi", "mile", "miles"], 1_609_344, 1000, L),
    (&["g", "gram", "grams", "gramme", "grammes"], 1, 1000, M),
    (&["kg", "kilogram", "kilograms"], 1, 1, M),
    (&["mg", "milligram", "milligrams"], 1, 1_000_000, M),
    (&["t", "tonne", "tonnes"], 1000, 1, M),
    // The avoirdupois ounce, a sixteenth of the pound: 28.349523125 g.
    (
        &["oz", "ounce", "ounces"],
        28_349_523_125,
        1_000_000_000_000,
        M,
    ),
    // International avoirdupois pound = 0.45359237 kg exactly.
    (
        &["lb", "lbs", "pound", "pounds"],
        45_359_237,
        100_000_000,
        M,
    ),
    (&["s", "sec", "secs", "second", "seconds"], 1, 1, T),
    (&["ms", "millisecond", "milliseconds"], 1, 1000, T),
    (&["min", "mins", "minute", "minutes"], 60, 1, T),
    (&["h", "hr", "hrs", "hour", "hours"], 3600, 1, T),
    (&["day", "days"], 86_400, 1, T),
    (&["week", "weeks"], 604_800, 1, T),
    (
        &["L", "l", "liter", "liters", "litre", "litres"],
        1,
        1000,
        V,
    ),
    // US customary volume: the gallon is 231 cubic inches, 3.785411784 L
    // exactly; a quart a fourth of it, a pint an eighth, a cup a sixteenth,
    // a tablespoon 1/256, a teaspoon 1/768.
    (
        &["gal", "gallon", "gallons"],
        3_785_411_784,
        1_000_000_000_000,
        V,
    ),
    (
        &["qt", "quart", "quarts"],
        3_785_411_784,
        4_000_000_000_000,
        V,
    ),
    (&["pint", "pints"], 3_785_411_784, 8_000_000_000_000, V),
    (&["cup", "cups"], 3_785_411_784, 16_000_000_000_000, V),
    (
        &["tbsp", "tablespoon", "tablespoons"],
        3_785_411_784,
        256_000_000_000_000,
        V,
    ),
    (
        &["tsp", "teaspoon", "teaspoons"],
        3_785_411_784,
        768_000_000_000_000,
        V,
    ),
    (
        &[
            "mL",
            "ml",
            "milliliter",
            "milliliters",
            "millilitre",
            "millilitres",
        ],
        1,
        1_000_000,
        V,
    ),
];

/// By a name's first two bytes (each by its low five bits; the second 0
/// for a name of one byte): bit `n` set when a name of [`TABLE`] of `n`
/// bytes opens so. A word no name has the opening and length of (most words
/// of prose: `that`, `the`, `of`, `sides`) is not compared with the names;
/// built when the crate compiles.
const SHAPES: [[u32; 32]; 32] = {
    let mut shapes = [[0u32; 32]; 32];
    let mut r = 0;
    while r < TABLE.len() {
        let names = TABLE[r].0;
        let mut k = 0;
        while k < names.len() {
            let b = names[k].as_bytes();
            assert!(!b.is_empty() && b.len() < 32 && b[0].is_ascii());
            let second = if b.len() > 1 { b[1] & 31 } else { 0 };
            shapes[(b[0] & 31) as usize][second as usize] |= 1 << b.len();
            k += 1;
        }
        r += 1;
    }
    shapes
};

/// The row of [`TABLE`] that names `name` (already trimmed).
fn row(name: &str) -> Option<&'static (&'static [&'static str], i64, i64, Dims)> {
    let b = name.as_bytes();
    let &c = b.first()?;
    let second = b.get(1).map_or(0, |d| d & 31);
    if b.len() >= 32
        || !c.is_ascii()
        || SHAPES[usize::from(c & 31)][usize::from(second)] & 1 << b.len() == 0
    {
        return None;
    }
    TABLE.iter().find(|(names, ..)| names.contains(&name))
}

/// The unit named `name` (as written inside `\text{…}`), if the table has it.
///
/// ```
/// use scorespec::score::math::units::lookup;
/// let km = lookup("km").unwrap();
/// assert_eq!(km.factor, num_rational::BigRational::from_integer(1000.into()));
/// assert!(lookup("yuan").is_none());
/// ```
pub fn lookup(name: &str) -> Option<Unit> {
    row(name.trim()).map(|&(_, p, q, dims)| Unit {
        factor: BigRational::new(BigInt::from(p), BigInt::from(q)),
        dims,
    })
}

/// Whether the table has a unit named `name`: [`lookup`]`(name).is_some()`,
/// without building the unit's factor.
///
/// ```
/// use scorespec::score::math::units::is_unit;
/// assert!(is_unit("km") && is_unit(" hours "));
/// assert!(!is_unit("yuan") && !is_unit("Km"));
/// ```
pub fn is_unit(name: &str) -> bool {
    row(name.trim()).is_some()
}

/// Whether `a` and `b` are units of the table of one dimension and one `a`
/// is more than one `b` (`hours` and `minutes`, `km` and `m`; not `km` and
/// `kg`): what comparing their [`lookup`] factors says, in integers.
///
/// ```
/// use scorespec::score::math::units::is_larger;
/// assert!(is_larger("hours", "minutes") && is_larger("km", "m"));
/// assert!(!is_larger("m", "km") && !is_larger("km", "kg") && !is_larger("km", "yuan"));
/// ```
pub fn is_larger(a: &str, b: &str) -> bool {
    let (Some(&(_, p, q, x)), Some(&(_, r, s, y))) = (row(a.trim()), row(b.trim())) else {
        return false;
    };
    // p/q > r/s, every factor positive.
    x == y && i128::from(p) * i128::from(s) > i128::from(r) * i128::from(q)
}

/// The unit part of an answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum UnitPart {
    /// Every unit word is in the table: the product's factor and dimension.
    Known(Unit),
    /// Some word is not: the words with their powers, sorted, lower-cased.
    Named(Vec<(String, i64)>),
}

/// A unit name's singular, word by word, lower case (ME-13's
/// [`singular`](super::words::singular): `Miles` → `mile`, `degrees
/// Celsius` → `degree celsius`, as the prose `-5 degrees Celsius` is read),
/// enough to compare unit names outside the table.
fn singular(w: &str) -> String {
    w.split(' ')
        .map(super::words::singular)
        .collect::<Vec<_>>()
        .join(" ")
}

/// Splits a canonical product `scalar · unit₁^k₁ · …` into the scalar and
/// its units; `None` when the expression has no unit factor. A unit of the
/// table alone is one of it (`\text{h}` against `60\text{ min}`); another
/// word alone is a word, not a quantity. A unit word may be a quotient
/// `km/h`.
pub fn split(e: &Expr) -> Option<(Expr, UnitPart)> {
    let (words, rest) = match e {
        Expr::Mul(factors) => {
            let mut words: Vec<(String, i64)> = Vec::new();
            let mut rest: Vec<Expr> = Vec::new();
            for f in factors {
                match unit_factor(f) {
                    Some(w) => words.extend(w),
                    None => rest.push(f.clone()),
                }
            }
            (words, rest)
        }
        other => {
            let words = unit_factor(other)?;
            if words.iter().any(|(w, _)| lookup(w).is_none()) {
                return None;
            }
            (words, vec![Expr::int(1)])
        }
    };
    if words.is_empty() || rest.is_empty() {
        return None;
    }
    let mut rest = rest;
    let scalar = if rest.len() == 1 {
        rest.pop()?
    } else {
        Expr::Mul(rest)
    };
    let mut factor = BigRational::one();
    let mut dims = [0i32; 3];
    let mut known = true;
    for (w, k) in &words {
        match lookup(w) {
            Some(u) if k.unsigned_abs() <= 6 => {
                let kk = *k as i32;
                let f = num_traits::pow::pow(u.factor.clone(), k.unsigned_abs() as usize);
                factor = if *k >= 0 { factor * f } else { factor / f };
                for (d, ud) in dims.iter_mut().zip(u.dims) {
                    *d += ud * kk;
                }
            }
            _ => known = false,
        }
    }
    let part = if known {
        UnitPart::Known(Unit { factor, dims })
    } else {
        let mut named: Vec<(String, i64)> =
            words.into_iter().map(|(w, k)| (singular(&w), k)).collect();
        named.sort();
        UnitPart::Named(named)
    };
    Some((scalar, part))
}

fn unit_factor(f: &Expr) -> Option<Vec<(String, i64)>> {
    let (w, k) = match f {
        Expr::Text(w) => (w, 1),
        Expr::Pow(b, k) => match (b.as_ref(), k.as_ref()) {
            (Expr::Text(w), Expr::Number(k)) if k.is_integer() => {
                let k: i64 = k.to_integer().try_into().ok()?;
                (w, k)
            }
            _ => return None,
        },
        _ => return None,
    };
    let w = w.trim();
    match w.split_once('/') {
        Some((num, den)) if is_unit_word(num) && is_unit_word(den) => Some(vec![
            (num.trim().to_string(), k),
            (den.trim().to_string(), -k),
        ]),
        None if is_unit_word(w) => Some(vec![(w.to_string(), k)]),
        _ => None,
    }
}

/// A unit word: letters (and `\mu`, an inner `-` or `'`), at most four
/// spaces (`square feet`, a counted noun of prose, ME-13), at most 64 bytes.
fn is_unit_word(w: &str) -> bool {
    let w = w.trim();
    !w.is_empty()
        && w.len() <= 64
        && w.chars().filter(|c| *c == ' ').count() <= 4
        && w.chars()
            .all(|c| c.is_ascii_alphabetic() || matches!(c, ' ' | '\\' | '-' | '\''))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_names_are_unique() {
        let mut all: Vec<&str> = TABLE.iter().flat_map(|(n, ..)| n.iter().copied()).collect();
        let n = all.len();
        all.sort_unstable();
        all.dedup();
        assert_eq!(all.len(), n);
    }

    /// The first-byte filter loses no name: every name (trimmed or not) is
    /// found, in its row; words that only share a first byte or a length
    /// with a name, or differ from one by case, are not; and `is_larger`
    /// is the comparison of the rows' factors as rationals, for every pair.
    #[test]
    fn lookup_by_shape_is_the_table_search() {
        let search = |w: &str| TABLE.iter().position(|(n, ..)| n.contains(&w));
        for (r, (names, ..)) in TABLE.iter().enumerate() {
            for &w in *names {
                assert_eq!(search(w), Some(r));
                assert!(is_unit(w) && is_unit(&format!(" {w}\t")), "{w}");
                let longer = format!("{w}x");
                assert_eq!(is_unit(&longer), search(&longer).is_some(), "{longer}");
                let upper = w.to_uppercase();
                assert_eq!(is_unit(&upper), search(&upper).is_some(), "{upper}");
            }
        }
        for w in [
            "",
            " ",
            "x",
            "that",
            "sides",
            "mi1",
            "é",
            "kilometers and",
            "\\mu",
        ] {
            assert_eq!(is_unit(w), search(w.trim()).is_some(), "{w:?}");
        }
        let all: Vec<&str> = TABLE.iter().flat_map(|(n, ..)| n.iter().copied()).collect();
        for &a in &all {
            for &b in &all {
                let (x, y) = (lookup(a).unwrap(), lookup(b).unwrap());
                assert_eq!(
                    is_larger(a, b),
                    x.dims == y.dims && x.factor > y.factor,
                    "{a} {b}"
                );
            }
        }
        assert!(!is_larger("km", "yuan") && !is_larger("yuan", "m"));
    }

    #[test]
    fn mile_is_exact() {
        let mi = lookup("mile").unwrap();
        assert_eq!(mi.factor, BigRational::new(1_609_344.into(), 1000.into()));
        assert_eq!(mi.dims, L);
    }

    /// The customary units keep their definitions' ratios exactly (US
    /// customary volume: 1 gal = 4 qt = 8 pt = 16 cups, 1 cup = 16 tbsp, 1
    /// tbsp = 3 tsp; avoirdupois: 1 lb = 16 oz; 1 gal = 231 in³).
    #[test]
    fn customary_units_keep_their_ratios() {
        let factor = |name: &str| lookup(name).unwrap().factor;
        let times = |name: &str, n: i64| factor(name) * BigRational::from_integer(n.into());
        assert_eq!(times("quart", 4), factor("gallon"));
        assert_eq!(times("pint", 2), factor("quart"));
        assert_eq!(times("cup", 2), factor("pint"));
        assert_eq!(times("tablespoon", 16), factor("cup"));
        assert_eq!(times("teaspoon", 3), factor("tablespoon"));
        assert_eq!(times("ounce", 16), factor("pound"));
        assert_eq!(
            times("inch", 1).pow(3) * BigRational::from_integer(231.into()),
            factor("gal")
        );
        assert_eq!(lookup("cups").unwrap().dims, V);
        assert_eq!(lookup("oz").unwrap().dims, M);
    }
}
