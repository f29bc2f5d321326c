//! What a short answer text is, read without the expression engine: a
//! number with thousands separators or a decimal comma, a plain number
//! (integer, fraction, short decimal) and whether it terminates, a word,
//! a text item, a truth value, and a text no reading can make undefined.
//! The rules of [`super::compare`] ask these before (or instead of) the
//! engine.
//!
//! # Differences with the document
//!
//! See the module `equal` and spec/math.md ME-D*.

use crate::score::math::words::TrimQuick;

/// The thousands reading of `1,234,567` (groups of three digits, no spaces).
pub(super) fn thousands(s: &str) -> Option<String> {
    // A separator is a comma (also in `{,}`) or a space.
    if !s.contains([',', ' ']) {
        return None;
    }
    // Digits, separators, `{,}`, one point and a sign only: anything else
    // is no number (checked on the bytes before any copy).
    if !s
        .bytes()
        .all(|c| c.is_ascii_digit() || b",. {}-".contains(&c))
    {
        return None;
    }
    let (sign, body) = match s.strip_prefix('-') {
        Some(b) => ("-", b),
        None => ("", s),
    };
    let body = body.replace("{,}", ",");
    let (int, frac) = match body.split_once('.') {
        Some((a, f)) if !f.is_empty() && f.bytes().all(|c| c.is_ascii_digit()) => {
            (a.to_string(), Some(f))
        }
        Some(_) => return None,
        None => (body.clone(), None),
    };
    for sep in [',', ' '] {
        let groups: Vec<&str> = int.split(sep).collect();
        if groups.len() < 2 {
            continue;
        }
        let ok = (1..=3).contains(&groups[0].len())
            && groups.iter().all(|g| g.bytes().all(|c| c.is_ascii_digit()))
            && groups[1..].iter().all(|g| g.len() == 3);
        if ok {
            let mut n = format!("{sign}{}", groups.concat());
            if let Some(f) = frac {
                n.push('.');
                n.push_str(f);
            }
            return Some(n);
        }
    }
    None
}

/// [`thousands`] of a number followed by what it measures or counts
/// (`1,800 dollars`, `12,000 km`, `1,000,000 people`, `1,800\text{ m}`): the
/// number read and the words kept after it, so that the units (ME-9), not
/// the list rule, decide (ME-4). The words start after one space or with a
/// `\text`/`\mathrm` group, and hold no comma (`1,800 m, 2 s` stays a list).
pub(super) fn thousands_before_words(s: &str) -> Option<String> {
    let k = s.find(|c: char| !(c.is_ascii_digit() || matches!(c, ',' | '.' | '-')))?;
    let (num, tail) = s.split_at(k);
    let words = tail.strip_prefix(' ').unwrap_or(tail);
    let worded = (words.len() < tail.len() && words.starts_with(|c: char| c.is_ascii_alphabetic()))
        || words.starts_with("\\text")
        || words.starts_with("\\mathrm");
    if !worded || tail.contains(',') {
        return None;
    }
    thousands(num).map(|n| format!("{n}{tail}"))
}

/// Whether a rational has a finite decimal expansion (its reduced
/// denominator has no prime factor other than 2 and 5).
pub(super) fn is_terminating(n: &num_rational::BigRational) -> bool {
    use num_traits::{One, Zero};
    let mut d = n.denom().clone();
    for p in [2u32, 5] {
        let p = num_bigint::BigInt::from(p);
        while (&d % &p).is_zero() {
            d /= &p;
        }
    }
    d.is_one()
}

/// The most decimal places of a decimal that ME-20 reads as a rounding.
pub(super) const MAX_REPEATING_PLACES: usize = 15;

/// The most bits of the numerator and of the denominator of a rational
/// that ME-20 rounds (about 77 digits each): the work stays bounded.
const MAX_REPEATING_BITS: u64 = 256;

/// The decimal places of `lit` read as a rounded decimal (ME-19, ME-20):
/// one to [`MAX_REPEATING_PLACES`] places and at least three significant
/// digits (`0.333`: 3; `0.33`, `12`, `0.3333333333333333`: none).
pub(super) fn rounding_places(lit: &str) -> Option<usize> {
    let (_, places) = lit.split_once('.')?;
    let k = places.len();
    let significant = lit
        .bytes()
        .filter(u8::is_ascii_digit)
        .skip_while(|c| *c == b'0')
        .count();
    (k > 0 && k <= MAX_REPEATING_PLACES && significant >= 3).then_some(k)
}

/// Whether `literal`, a decimal number (`0.333`, `-2.6667`) of at least
/// three significant digits and one to [`MAX_REPEATING_PLACES`] decimal
/// places whose value is `value`, is `exact` rounded to its decimal places,
/// `exact` being a rational whose decimal expansion does not terminate
/// (ME-20): `|exact − value| < ½·10^−k` for `k` places, in exact arithmetic.
/// Such a rational never lies halfway between two decimals of `k` places,
/// so rounding half away from zero and half to even agree.
pub(super) fn rounded_repeating(
    literal: &str,
    value: &num_rational::BigRational,
    exact: &num_rational::BigRational,
) -> bool {
    use num_traits::{One, Signed};
    let lit = literal.trim_quick();
    let Some(k) = rounding_places(lit) else {
        return false;
    };
    // The text is the decimal `value` (not a percentage, not another item).
    if simple_number(lit).as_ref() != Some(value) {
        return false;
    }
    if exact.numer().bits() > MAX_REPEATING_BITS
        || exact.denom().bits() > MAX_REPEATING_BITS
        || is_terminating(exact)
    {
        return false;
    }
    let twice_scale =
        num_bigint::BigInt::from(2u32) * num_traits::pow(num_bigint::BigInt::from(10u32), k);
    ((exact - value) * num_rational::BigRational::from_integer(twice_scale)).abs()
        < num_rational::BigRational::one()
}

/// A plain decimal number (`-12`, `0.5`, `.25`, at most 40 bytes) as an
/// exact rational.
pub(super) fn simple_number(s: &str) -> Option<num_rational::BigRational> {
    if s.is_empty() || s.len() > 40 || !is_decimal_literal(s) || s.ends_with('%') {
        return None;
    }
    let (neg, body) = match s.strip_prefix('-') {
        Some(b) => (true, b),
        None => (false, s),
    };
    let (int, frac) = body.split_once('.').unwrap_or((body, ""));
    if int.len() + frac.len() <= 18 {
        // At most 18 digits: the value fits an i64, read without a copy of
        // the digits and reduced in machine integers (what `new` does).
        let n = int
            .bytes()
            .chain(frac.bytes())
            .fold(0i64, |n, c| n * 10 + i64::from(c - b'0'));
        let d = 10i64.pow(frac.len() as u32);
        let g = num_integer::Integer::gcd(&n, &d);
        let n = if neg { -(n / g) } else { n / g };
        return Some(num_rational::BigRational::new_raw(
            num_bigint::BigInt::from(n),
            num_bigint::BigInt::from(d / g),
        ));
    }
    let digits = format!("{int}{frac}");
    let n = num_bigint::BigInt::parse_bytes(digits.as_bytes(), 10)?;
    let d = num_traits::pow(num_bigint::BigInt::from(10u32), frac.len());
    let r = num_rational::BigRational::new(if neg { -n } else { n }, d);
    Some(r)
}

/// Whether `s` is arithmetic of decimal numbers and symbols that no
/// reading makes undefined: digits, `.`, `,`, spaces, `+ - *`, brackets,
/// `= < >`, `\%` after a digit, `/` (in a text without spaces) before a
/// number with a non-zero digit and one point at most, followed by an
/// operator, a closing bracket or the end, and ASCII letters standing
/// alone (a symbol, `e`, `i`: `2-2p`, `x+1`), never two side by side (a
/// function name such as `ln`). No command, power or factorial. A unit
/// test reads every such text of up to three characters over an alphabet
/// of digits, letters and operators, and none holds an undefined value.
pub(super) fn never_undefined(s: &str) -> bool {
    let b = s.as_bytes();
    let spaces = b.contains(&b' ');
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'0'..=b'9' | b'.' | b',' | b' ' | b'+' | b'-' | b'*' => i += 1,
            b'(' | b')' | b'[' | b']' | b'{' | b'}' | b'=' | b'<' | b'>' => i += 1,
            b'\\' if b.get(i + 1) == Some(&b'%') && i > 0 && b[i - 1].is_ascii_digit() => i += 2,
            c if c.is_ascii_alphabetic() => {
                if b.get(i + 1).is_some_and(u8::is_ascii_alphabetic) {
                    return false;
                }
                i += 1;
            }
            b'/' if !spaces => {
                let n = b[i + 1..]
                    .iter()
                    .take_while(|c| c.is_ascii_digit() || **c == b'.')
                    .count();
                let num = &b[i + 1..i + 1 + n];
                let next = b.get(i + 1 + n).copied();
                if !num.iter().any(|c| matches!(c, b'1'..=b'9'))
                    || num.iter().filter(|c| **c == b'.').count() > 1
                    || next.is_some_and(|c| !b"+-*,)]}=<>/".contains(&c))
                {
                    return false;
                }
                i += 1 + n;
            }
            _ => return false,
        }
    }
    true
}

pub(super) fn is_decimal_literal(s: &str) -> bool {
    let s = s.strip_prefix('-').unwrap_or(s);
    let s = s.strip_suffix("\\%").unwrap_or(s);
    let mut dot = false;
    let mut digits = 0;
    for c in s.bytes() {
        match c {
            b'0'..=b'9' => digits += 1,
            b'.' if !dot => dot = true,
            _ => return false,
        }
    }
    digits > 0
}

/// `1000,99` against a decimal with a point reads as `1000.99`; `1,000`
/// (one to three digits not starting with 0, a comma, three digits; `0,111`
/// is 0.111) is a thousands grouping,
/// never a decimal comma: `1,000` ≠ `1.000` in either convention (ME-4).
pub(super) fn decimal_comma(s: &str) -> Option<String> {
    let (a, b) = s.split_once(',')?;
    let a2 = a.strip_prefix('-').unwrap_or(a);
    let grouping = (1..=3).contains(&a2.len()) && !a2.starts_with('0') && b.len() == 3;
    let ok = !a2.is_empty()
        && !b.is_empty()
        && !grouping
        && a2.bytes().all(|c| c.is_ascii_digit())
        && b.bytes().all(|c| c.is_ascii_digit());
    ok.then(|| format!("{a}.{b}"))
}

pub(super) fn is_word(s: &str) -> bool {
    s.chars().filter(char::is_ascii_alphabetic).count() >= 2
        && s.chars()
            .all(|c| c.is_ascii_alphabetic() || c == ' ' || c == '-' || c == '\'')
}

/// Letters and spaces only, with a word of three letters or more.
pub(super) fn is_text_item(s: &str) -> bool {
    let s = s.trim_quick();
    s.chars().all(|c| c.is_ascii_alphabetic() || c == ' ') && s.split(' ').any(|w| w.len() >= 3)
}

pub(super) fn boolean(s: &str) -> Option<bool> {
    let s = s.trim_quick();
    let is = |w: &str| s.eq_ignore_ascii_case(w);
    if is("yes") || is("true") {
        Some(true)
    } else if is("no") || is("false") {
        Some(false)
    } else {
        None
    }
}
