//! Step 1 of the document: numbers (rules PH-1 … PH-4 of `spec/physics.md`),
//! and the number formatting of physical quantities (PH-16).
//!
//! Values are computed exactly (decimal literals are exact rationals) and
//! rounded once to the nearest `f64`, so `0.1/0.3` is the double nearest 1/3.
//! Literals too large for exact work (over [`EXACT_DIGITS`] digits or
//! exponent) are converted by Rust's correctly rounded `f64` parser instead.
//!
//! # Differences with the document
//!
//! Compared with the original's `float()` (spec/physics.md PH-1…PH-4): `1,2`
//! is not 12 (commas only in proper thousands groups), and `nan`, `inf` and
//! overflowing literals are not numbers.

use num_bigint::BigInt;
use num_traits::{Signed, Zero};

use super::latex::extract_math_content;
use crate::expr::ast::Rational;
use crate::expr::number::{pow_int, to_f64};
use crate::text::pyunicode::is_space;

/// Literals whose digit count or decimal exponent exceed this are converted
/// with `f64` arithmetic rather than exactly.
pub const EXACT_DIGITS: usize = 400;

/// A number being computed: exact while it is small, else a double.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Num {
    Exact(Rational),
    Approx(f64),
}

impl Num {
    pub(crate) fn to_f64(&self) -> f64 {
        match self {
            Num::Exact(r) => to_f64(r),
            Num::Approx(x) => *x,
        }
    }

    fn neg(self) -> Num {
        match self {
            Num::Exact(r) => Num::Exact(-r),
            Num::Approx(x) => Num::Approx(-x),
        }
    }

    /// `self / d`, or `None` for a zero divisor.
    pub(crate) fn div(self, d: Num) -> Option<Num> {
        match (self, d) {
            (_, Num::Exact(d)) if d.is_zero() => None,
            (Num::Exact(a), Num::Exact(d)) => Some(Num::Exact(a / d)),
            (a, d) => {
                let d = d.to_f64();
                (d != 0.0).then(|| Num::Approx(a.to_f64() / d))
            }
        }
    }

    /// `self ^ k` (exact within the bounds, else `f64::powi`-like).
    pub(crate) fn pow(self, k: i64) -> Option<Num> {
        match self {
            Num::Exact(r) => {
                if r.is_zero() && k < 0 {
                    return None;
                }
                match pow_int(&r, k, 4 * EXACT_DIGITS as u64, 4 * EXACT_DIGITS as u64) {
                    Some(p) => Some(Num::Exact(p)),
                    None => Some(Num::Approx(to_f64(&r).powf(k as f64))),
                }
            }
            Num::Approx(x) => Some(Num::Approx(x.powf(k as f64))),
        }
    }

    /// `self · 10^k`.
    pub(crate) fn scale10(self, k: i64) -> Num {
        match self {
            Num::Exact(r) if k.unsigned_abs() <= EXACT_DIGITS as u64 => {
                let p = Rational::from_integer(BigInt::from(10).pow(k.unsigned_abs() as u32));
                Num::Exact(if k >= 0 { r * p } else { r / p })
            }
            other => Num::Approx(other.to_f64() * 10f64.powf(k as f64)),
        }
    }
}

/// A scanner over the bytes of a string (all the syntax here is ASCII).
pub(crate) struct Scan<'a> {
    pub(crate) s: &'a str,
    pub(crate) i: usize,
}

impl<'a> Scan<'a> {
    pub(crate) fn new(s: &'a str) -> Self {
        Scan { s, i: 0 }
    }

    pub(crate) fn rest(&self) -> &'a str {
        &self.s[self.i..]
    }

    pub(crate) fn peek(&self) -> Option<char> {
        self.rest().chars().next()
    }

    pub(crate) fn eat(&mut self, prefix: &str) -> bool {
        if self.rest().starts_with(prefix) {
            self.i += prefix.len();
            true
        } else {
            false
        }
    }

    pub(crate) fn skip_space(&mut self) {
        let r = self.rest();
        self.i += r.len() - r.trim_start_matches(is_space).len();
    }

    fn digits(&mut self) -> &'a str {
        let r = self.rest();
        let n = r.len() - r.trim_start_matches(|c: char| c.is_ascii_digit()).len();
        self.i += n;
        &r[..n]
    }

    /// A sign: `+`, `-` or U+2212 (minus sign). `Some(true)` for a minus.
    pub(crate) fn sign(&mut self) -> Option<bool> {
        if self.eat("-") || self.eat("\u{2212}") {
            Some(true)
        } else if self.eat("+") {
            Some(false)
        } else {
            None
        }
    }

    /// An optionally signed integer (`-2`, `+3`, `4`).
    pub(crate) fn int(&mut self) -> Option<i64> {
        let start = self.i;
        let neg = self.sign() == Some(true);
        let d = self.digits();
        if d.is_empty() {
            self.i = start;
            return None;
        }
        let v: i64 = d.parse().unwrap_or(i64::MAX / 4);
        Some(if neg { -v } else { v })
    }

    /// An unsigned decimal literal (rule PH-2): digits with optional
    /// thousands groups (`,`, `{,}` or one whitespace character, groups of
    /// three, one kind of separator), an optional fraction (`5.`, `.5`), and
    /// an optional exponent `e±n`. Leaves the position unchanged on failure.
    pub(crate) fn literal(&mut self) -> Option<Num> {
        let start = self.i;
        let mut int_digits = String::from(self.digits());
        if !int_digits.is_empty() && int_digits.len() <= 3 {
            let seps = [",", "{,}", " ", "\u{a0}", "\u{2009}", "\u{202f}"];
            if let Some(sep) = seps.iter().find(|sep| self.group_follows(sep)) {
                while self.group_follows(sep) {
                    self.i += sep.len();
                    int_digits.push_str(self.digits());
                }
            }
        }
        let mut frac_digits = "";
        if self.rest().starts_with('.') {
            let save = self.i;
            self.i += 1;
            frac_digits = self.digits();
            if int_digits.is_empty() && frac_digits.is_empty() {
                self.i = save;
            }
        }
        if int_digits.is_empty() && frac_digits.is_empty() {
            self.i = start;
            return None;
        }
        let mut exp: i64 = 0;
        let save = self.i;
        if self.eat("e") || self.eat("E") {
            let neg = self.eat("-");
            if !neg {
                self.eat("+");
            }
            let d = self.digits();
            if d.is_empty() {
                self.i = save;
            } else {
                exp = d.parse::<i64>().unwrap_or(1_000_000).min(1_000_000);
                if neg {
                    exp = -exp;
                }
            }
        }
        Some(decimal_value(&int_digits, frac_digits, exp))
    }

    /// Whether `sep` followed by exactly three digits (and then no fourth
    /// digit) comes next.
    fn group_follows(&self, sep: &str) -> bool {
        let Some(r) = self.rest().strip_prefix(sep) else {
            return false;
        };
        let b = r.as_bytes();
        b.len() >= 3
            && b[..3].iter().all(u8::is_ascii_digit)
            && !b.get(3).is_some_and(u8::is_ascii_digit)
    }
}

/// The value of the decimal `int_digits.frac_digits × 10^exp`.
fn decimal_value(int_digits: &str, frac_digits: &str, exp: i64) -> Num {
    let digits = format!("{int_digits}{frac_digits}");
    let scale = exp - frac_digits.len() as i64;
    if digits.len() <= EXACT_DIGITS && scale.unsigned_abs() <= EXACT_DIGITS as u64 {
        let n: BigInt = digits.parse().unwrap_or_default();
        return Num::Exact(Rational::from_integer(n)).scale10(scale);
    }
    let text = format!("{}e{scale}", if digits.is_empty() { "0" } else { &digits });
    Num::Approx(text.parse().unwrap_or(f64::NAN))
}

/// A signed literal: optional sign, optional whitespace, literal, optional
/// LaTeX scientific notation (`\times 10^{n}`, `\cdot 10^n`, `× 10^n`).
fn signed_literal(sc: &mut Scan<'_>) -> Option<Num> {
    let start = sc.i;
    let neg = sc.sign() == Some(true);
    sc.skip_space();
    let Some(mut v) = sc.literal() else {
        sc.i = start;
        return None;
    };
    if let Some(k) = times_ten_power(sc) {
        v = v.scale10(k);
    }
    Some(if neg { v.neg() } else { v })
}

/// ` \times 10^{n}` (or `\cdot`, `×`, `·`), returning `n`; the position is
/// unchanged when it does not follow.
pub(crate) fn times_ten_power(sc: &mut Scan<'_>) -> Option<i64> {
    let start = sc.i;
    sc.skip_space();
    let times = sc.eat("\\times") || sc.eat("\\cdot") || sc.eat("×") || sc.eat("·");
    if times {
        sc.skip_space();
        if sc.eat("10") {
            sc.skip_space();
            if let Some(k) = caret_int(sc) {
                return Some(k);
            }
        }
    }
    sc.i = start;
    None
}

/// `^n` or `^{n}` (n an optionally signed integer, spaces allowed).
pub(crate) fn caret_int(sc: &mut Scan<'_>) -> Option<i64> {
    let start = sc.i;
    if sc.eat("^") {
        sc.skip_space();
        if sc.eat("{") {
            sc.skip_space();
            if let Some(k) = sc.int() {
                sc.skip_space();
                if sc.eat("}") {
                    return Some(k);
                }
            }
        } else if let Some(k) = sc.int() {
            return Some(k);
        }
    }
    sc.i = start;
    None
}

/// `\frac{a}{b}` (or `\dfrac`, `\tfrac`), optionally signed, as the whole of
/// `s`, with signed literals `a` and `b`.
fn latex_fraction(s: &str) -> Option<Option<Num>> {
    let mut sc = Scan::new(s);
    let neg = sc.sign() == Some(true);
    sc.skip_space();
    if !(sc.eat("\\frac") || sc.eat("\\dfrac") || sc.eat("\\tfrac")) {
        return None;
    }
    let part = |sc: &mut Scan<'_>| {
        sc.skip_space();
        if !sc.eat("{") {
            return None;
        }
        sc.skip_space();
        let v = signed_literal(sc)?;
        sc.skip_space();
        sc.eat("}").then_some(v)
    };
    let a = part(&mut sc)?;
    let b = part(&mut sc)?;
    sc.skip_space();
    if !sc.rest().is_empty() {
        return None;
    }
    let v = a.div(b);
    Some(if neg { v.map(Num::neg) } else { v })
}

/// A whole string that is a number: a signed literal, or a fraction of two
/// with `/`; `None` when it is not, `Some(None)` for a zero denominator.
pub(crate) fn plain_number(s: &str) -> Option<Option<Num>> {
    let mut sc = Scan::new(s);
    sc.skip_space();
    let a = signed_literal(&mut sc)?;
    sc.skip_space();
    let v = if sc.eat("/") {
        sc.skip_space();
        let b = signed_literal(&mut sc)?;
        a.div(b)
    } else {
        Some(a)
    };
    sc.skip_space();
    sc.rest().is_empty().then_some(v)
}

/// Step 1 (`normalize_number`): the value of a number answer, or `None`
/// (the document's NaN) when the answer is not one.
///
/// After math-content extraction the answer must be, as a whole, a LaTeX
/// fraction `\frac{a}{b}` of two literals, or a literal, or two literals with
/// `/`. A literal is an integer or decimal with an optional exponent and
/// proper thousands groups; see rules PH-1 … PH-4. A zero denominator and a
/// value that is not finite give `None`.
///
/// ```
/// use scorespec::score::physics::normalize_number;
/// assert_eq!(normalize_number("500"), Some(500.0));
/// assert_eq!(normalize_number("2/3"), Some(2.0 / 3.0));
/// assert_eq!(normalize_number(r"\frac{2}{3}"), Some(2.0 / 3.0));
/// assert_eq!(normalize_number("abc"), None);
/// assert_eq!(normalize_number("1,234"), Some(1234.0));
/// assert_eq!(normalize_number("1,2"), None);
/// ```
pub fn normalize_number(answer: &str) -> Option<f64> {
    let (clean, _) = extract_math_content(answer);
    let v = latex_fraction(&clean).or_else(|| plain_number(&clean))??;
    let x = v.to_f64();
    x.is_finite().then_some(x)
}

/// Python's `str(float)` of a finite, non-integral double: the shortest
/// round-trip digits, positional for decimal exponents −4 … 15, else
/// scientific with a signed exponent of at least two digits (`1e-05`).
fn python_float_repr(x: f64) -> String {
    let sci = format!("{x:e}");
    let (mant, exp) = sci.split_once('e').unwrap_or((&sci, "0"));
    let exp: i32 = exp.parse().unwrap_or(0);
    if (-4..16).contains(&exp) {
        format!("{x}")
    } else {
        let sign = if exp < 0 { '-' } else { '+' };
        format!("{mant}e{sign}{:02}", exp.unsigned_abs())
    }
}

/// The document's number formatting of a physical quantity
/// (`_format_numeric_value`): a whole number as an integer (`-10000`, never
/// `-0`), any other as Python's `str(float)` (`9.8`, `1e-05`).
///
/// ```
/// use scorespec::score::physics::number::format_number;
/// assert_eq!(format_number(-10000.0), "-10000");
/// assert_eq!(format_number(9.8), "9.8");
/// assert_eq!(format_number(0.00001), "1e-05");
/// assert_eq!(format_number(1e22), "10000000000000000000000");
/// ```
pub fn format_number(x: f64) -> String {
    if x == 0.0 {
        "0".into()
    } else if x.fract() == 0.0 {
        format!("{x:.0}")
    } else {
        python_float_repr(x)
    }
}

/// The exact value of an integer exponent expression (`2+3`, `(-2)`, `2*3`),
/// for `**(…)` exponents: digits, `+ - *` and parentheses only.
pub(crate) fn int_expression(s: &str) -> Option<i64> {
    if s.is_empty()
        || s.len() > 64
        || !s
            .chars()
            .all(|c| c.is_ascii_digit() || "+-*() ".contains(c))
    {
        return None;
    }
    let e = crate::expr::api::parse(
        s,
        crate::expr::api::Format::Infix,
        &crate::expr::Limits::default(),
    )
    .ok()?;
    match e {
        crate::expr::Expr::Number(r)
            if r.is_integer() && r.abs() < Rational::from_integer(1_000_000.into()) =>
        {
            crate::expr::number::to_i64(&r)
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn python_repr_formats() {
        assert_eq!(format_number(0.5), "0.5");
        assert_eq!(format_number(0.0001), "0.0001");
        assert_eq!(format_number(1.5e-7), "1.5e-07");
        assert_eq!(format_number(-0.0), "0");
        assert_eq!(format_number(123456.789), "123456.789");
        assert_eq!(format_number(1e23), "99999999999999991611392");
    }

    #[test]
    fn literals() {
        let v = |s: &str| plain_number(s).flatten().map(|n| n.to_f64());
        assert_eq!(v("1,234,567.5"), Some(1234567.5));
        assert_eq!(v("1 000"), Some(1000.0));
        assert_eq!(v("1,000 000"), None);
        assert_eq!(v("1,2345"), None);
        assert_eq!(v("12,345"), Some(12345.0));
        assert_eq!(v("1234,567"), None);
        assert_eq!(v(".5"), Some(0.5));
        assert_eq!(v("5."), Some(5.0));
        assert_eq!(v("."), None);
        assert_eq!(v("1e"), None);
        assert_eq!(v("1e-3"), Some(0.001));
        assert_eq!(v("1e99999999999999999999"), Some(f64::INFINITY));
        assert_eq!(v("1.1 \\times 10^{3}"), Some(1100.0));
        assert_eq!(v("0.1/0.3"), Some(1.0 / 3.0));
        assert_eq!(plain_number("1/0").map(|x| x.is_none()), Some(true));
    }

    #[test]
    fn exponent_expressions() {
        assert_eq!(int_expression("2+3"), Some(5));
        assert_eq!(int_expression("((-2))"), Some(-2));
        assert_eq!(int_expression("1/0"), None);
        assert_eq!(int_expression("abc"), None);
    }
}
