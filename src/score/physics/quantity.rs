//! Step 2b.2 (the physical-quantity test of the classification) and step
//! 2b.3a (physical-quantity normalization): rules PH-13 … PH-17 of
//! `spec/physics.md`.
//!
//! # Differences with the document
//!
//! Compared with the original's pattern (spec/physics.md PH-13): `e` notation
//! (`1.5e3 m`) and `\times 10^{n}` are read; the original reads neither.

use super::latex::{brace_matches, unwrap_commands};
use super::number::{Num, Scan, caret_int, format_number, int_expression, times_ten_power};
use crate::text::brackets::{self, Escapes, Pairs};
use crate::text::pyunicode::is_space;
use crate::text::tokenize::split_whitespace;

/// How many `\frac{…}{…}` rounds unit normalization runs (nested fractions
/// deeper than this stay as written).
const MAX_FRAC_ROUNDS: usize = 20;

/// A physical quantity split into its normalized number and unit.
#[derive(Debug, Clone, PartialEq)]
pub struct Quantity {
    /// The number: [`format_number`] of its value, or the number as written
    /// (spaces collapsed) when the value is not finite (`10^{400}`, `0/0`).
    pub number: String,
    /// Its value, when finite.
    pub value: Option<f64>,
    /// The normalized unit (PH-17).
    pub unit: String,
}

impl Quantity {
    /// The document's `"{numeric} {unit}"`.
    pub fn to_text(&self) -> String {
        format!("{} {}", self.number, self.unit)
    }
}

/// Collapses whitespace runs (Python `str.isspace`) to one space and strips.
pub(crate) fn collapse(s: &str) -> String {
    split_whitespace(s).collect::<Vec<_>>().join(" ")
}

/// The first normalization steps of the document (§ 2b.3a, 1–2): Unicode
/// whitespace to one ASCII space, `\mathrm{…}` / `\text{…}` to their content,
/// `~` to a space.
fn preprocess(s: &str) -> String {
    let (s, _) = unwrap_commands(&collapse(s), &["mathrm", "text"]);
    collapse(&s.replace('~', " "))
}

/// The exponent of a number: `^n`, `^{n}`, `**n` or `**(expr)`.
fn exponent(sc: &mut Scan<'_>) -> Option<i64> {
    let start = sc.i;
    sc.skip_space();
    if let Some(k) = caret_int(sc) {
        return Some(k);
    }
    if sc.eat("**") {
        sc.skip_space();
        if let Some(k) = sc.int() {
            return Some(k);
        }
        // The balanced parenthesized group.
        let r = sc.rest();
        if let Some(j) =
            brackets::closing(r.as_bytes(), 0, Escapes::None).filter(|_| r.starts_with('('))
        {
            if let Some(k) = int_expression(&r[..=j]) {
                sc.i += j + 1;
                return Some(k);
            }
        }
    }
    sc.i = start;
    None
}

/// Whether `unit` reads as units (PH-14): it starts with a letter, `°`, or
/// `/` followed by a letter or `°`, and holds only letters, digits, spaces, `/ * . · ^ { } ( ) ' °`,
/// LaTeX commands (`\Omega`, `\cdot`, `\frac`), and `-` only in an exponent
/// (after `^`, `{`, `(` or `**`); braces balance. `+`, `=`, `,`, `_`, `$`
/// and a `-` between terms make it an expression instead (`2x + 1`).
fn is_unit(unit: &str) -> bool {
    let mut chars = unit.chars().peekable();
    match chars.peek() {
        Some(&c) if c.is_alphabetic() || c == '°' => {}
        // `/ 3` after a number is a fraction, not a unit.
        Some('/') => {
            let after = unit[1..].trim_start_matches(is_space);
            if !after.starts_with(|c: char| c.is_alphabetic() || c == '°') {
                return false;
            }
        }
        _ => return false,
    }
    let (mut prev, mut prev2) = (' ', ' ');
    let mut depth = 0i64;
    while let Some(c) = chars.next() {
        let ok = match c {
            c if c.is_alphabetic() || c.is_ascii_digit() || is_space(c) => true,
            '/' | '*' | '.' | '·' | '^' | '(' | ')' | '\'' | '°' => true,
            '{' => {
                depth += 1;
                true
            }
            '}' => {
                depth -= 1;
                depth >= 0
            }
            '-' => matches!(prev, '^' | '{' | '(') || (prev == '*' && prev2 == '*'),
            '\\' => chars.peek().is_some_and(|n| n.is_ascii_alphabetic()),
            _ => false,
        };
        if !ok {
            return false;
        }
        prev2 = prev;
        prev = c;
    }
    depth == 0
}

/// Replaces `\frac{a}{b}` by `a/b` (brace-matched, `\dfrac` and `\tfrac`
/// too), innermost fractions first over up to 20 rounds.
fn frac_to_slash(s: &str) -> String {
    let mut s = s.to_string();
    for _ in 0..MAX_FRAC_ROUNDS {
        let Some(next) = one_frac_round(&s) else {
            break;
        };
        s = next;
    }
    s
}

/// One left-to-right pass replacing fractions whose two groups are
/// brace-matched; `None` when there is none. Braces are matched once for the
/// whole text, so a pass is linear.
fn one_frac_round(s: &str) -> Option<String> {
    let matches = brace_matches(s);
    let mut out = String::with_capacity(s.len());
    let mut sc = Scan::new(s);
    let mut run = 0;
    let mut changed = false;
    while sc.i < s.len() {
        let at = sc.i;
        if sc.eat("\\frac") || sc.eat("\\dfrac") || sc.eat("\\tfrac") {
            let a = group(&mut sc, &matches);
            let b = a.and_then(|a| group(&mut sc, &matches).map(|b| (a, b)));
            if let Some((a, b)) = b {
                out.push_str(&s[run..at]);
                out.push_str(a.trim());
                out.push('/');
                out.push_str(b.trim());
                run = sc.i;
                changed = true;
            } else {
                sc.i = at + 1;
            }
        } else {
            sc.i += sc.peek().map_or(1, char::len_utf8);
        }
    }
    out.push_str(&s[run..]);
    changed.then_some(out)
}

/// A brace-matched `{…}` group after optional whitespace: its content.
fn group<'a>(sc: &mut Scan<'a>, matches: &Pairs) -> Option<&'a str> {
    sc.skip_space();
    let open = sc.i;
    if !sc.rest().starts_with('{') {
        return None;
    }
    let close = matches.close_of(open)?;
    sc.i = close + 1;
    Some(&sc.s[open + 1..close])
}

/// Unit normalization (PH-17): `\frac{a}{b}` → `a/b`; `\cdot`, `·`, `*`
/// → a space (`**` → `^`); `^{n}` → `^n` for a group without braces;
/// whitespace collapsed, none around `/` and `^`. Case and the words of the
/// unit are kept (`meters per second`).
///
/// ```
/// use scorespec::score::physics::quantity::normalize_unit;
/// assert_eq!(normalize_unit(r"\frac{kg}{m^{3}}"), "kg/m^3");
/// assert_eq!(normalize_unit(r"kg \cdot m / s**2"), "kg m/s^2");
/// assert_eq!(normalize_unit("meters  per second"), "meters per second");
/// ```
pub fn normalize_unit(unit: &str) -> String {
    let s = frac_to_slash(unit)
        .replace("\\cdot", " ")
        .replace('·', " ")
        .replace("**", "^")
        .replace('*', " ");
    let s = unbrace_exponents(&s);
    let s = collapse(&s);
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        if c == ' ' && out.ends_with(['/', '^']) {
            continue;
        }
        if matches!(c, '/' | '^') && out.ends_with(' ') {
            out.pop();
        }
        out.push(c);
    }
    out
}

/// `^{X}` → `^X` where `X` has no braces (Python's `\^\{([^{}]+)\}`).
fn unbrace_exponents(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut rest = s;
    while let Some(p) = rest.find("^{") {
        let after = &rest[p + 2..];
        match after.find(['{', '}']) {
            Some(q) if q > 0 && after.as_bytes()[q] == b'}' => {
                out.push_str(&rest[..p + 1]);
                out.push_str(&after[..q]);
                rest = &after[q + 1..];
            }
            _ => {
                out.push_str(&rest[..p + 2]);
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

/// Parses a physical quantity (PH-13): an optionally signed number
/// (literal, optionally `/ literal`), an optional exponent on its last
/// literal (`^4`, `^{4}`, `**4`, `**(2+3)`), optional scientific notation
/// (`e3`, `\times 10^{3}`), then a unit (PH-14). `None` when `text` is not
/// one.
///
/// ```
/// use scorespec::score::physics::quantity::parse_quantity;
/// let q = parse_quantity(r"-10^{4} \mathrm{A}/\mathrm{s}").unwrap();
/// assert_eq!(q.to_text(), "-10000 A/s");
/// assert!(parse_quantity("2x + 1").is_none());
/// ```
pub fn parse_quantity(text: &str) -> Option<Quantity> {
    let s = preprocess(text);
    let mut sc = Scan::new(&s);
    let neg = sc.sign() == Some(true);
    sc.skip_space();
    if let Some((num, den)) = latex_fraction_number(&mut sc) {
        return finish(&s, sc.i, neg, num, Some(den), None);
    }
    let num = sc.literal()?;
    let save = sc.i;
    sc.skip_space();
    let den = if sc.eat("/") {
        sc.skip_space();
        let d = sc.literal();
        if d.is_none() {
            sc.i = save;
        }
        d
    } else {
        sc.i = save;
        None
    };
    let k = exponent(&mut sc);
    finish(&s, sc.i, neg, num, den, k)
}

/// `\frac{a}{b}` (or `\dfrac`, `\tfrac`) of two literals at the cursor.
fn latex_fraction_number(sc: &mut Scan<'_>) -> Option<(Num, Num)> {
    let start = sc.i;
    if sc.eat("\\frac") || sc.eat("\\dfrac") || sc.eat("\\tfrac") {
        let part = |sc: &mut Scan<'_>| {
            sc.skip_space();
            if !sc.eat("{") {
                return None;
            }
            sc.skip_space();
            let v = sc.literal()?;
            sc.skip_space();
            sc.eat("}").then_some(v)
        };
        if let Some(a) = part(sc) {
            if let Some(b) = part(sc) {
                return Some((a, b));
            }
        }
    }
    sc.i = start;
    None
}

/// The rest of [`parse_quantity`] once the number's literals are read (the
/// cursor `at` is after them): scientific notation, then the unit.
fn finish(
    s: &str,
    at: usize,
    neg: bool,
    num: Num,
    den: Option<Num>,
    k: Option<i64>,
) -> Option<Quantity> {
    let mut sc = Scan { s, i: at };
    let ten = times_ten_power(&mut sc);
    let written = collapse(&s[..sc.i]);
    let unit = frac_to_slash(s[sc.i..].trim_start_matches(is_space));
    if !is_unit(&unit) {
        return None;
    }
    let powered = |n: Num| match k {
        Some(k) => n.pow(k),
        None => Some(n),
    };
    let value = match den {
        Some(d) => powered(d).and_then(|d| num.div(d)),
        None => powered(num),
    }
    .map(|v| {
        let v = v.scale10(ten.unwrap_or(0)).to_f64();
        if neg { -v } else { v }
    })
    .filter(|v| v.is_finite());
    Some(Quantity {
        number: value.map_or(written, format_number),
        value,
        unit: normalize_unit(&unit),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn norm(s: &str) -> Option<String> {
        parse_quantity(s).map(|q| q.to_text())
    }

    #[test]
    fn numbers_and_exponents() {
        assert_eq!(norm("9.8 m/s^2").as_deref(), Some("9.8 m/s^2"));
        assert_eq!(norm("-10^4 A/s").as_deref(), Some("-10000 A/s"));
        assert_eq!(norm("1.5e3 m").as_deref(), Some("1500 m"));
        assert_eq!(norm(r"1.5 \times 10^{3} m").as_deref(), Some("1500 m"));
        assert_eq!(norm("2**(2+3) m").as_deref(), Some("32 m"));
        assert_eq!(norm("3/2^2 m").as_deref(), Some("0.75 m"));
        assert_eq!(norm("0/0 m/s").as_deref(), Some("0/0 m/s"));
        assert_eq!(norm("10^{400} m").as_deref(), Some("10^{400} m"));
        assert_eq!(norm("5 /s").as_deref(), Some("5 /s"));
    }

    #[test]
    fn units() {
        assert_eq!(
            norm("5 meters  per second").as_deref(),
            Some("5 meters per second")
        );
        assert_eq!(
            norm(r"1 \frac{\mathrm{kg}}{\mathrm{m}^{3}}").as_deref(),
            Some("1 kg/m^3")
        );
        assert_eq!(norm("2 kg*m / s**2").as_deref(), Some("2 kg m/s^2"));
        assert_eq!(norm("3 s^{-2}").as_deref(), Some("3 s^-2"));
        assert_eq!(norm("-10\u{a0}\u{3000}m/s").as_deref(), Some("-10 m/s"));
        for not in [
            "2x + 1", "5", "5 - x", "1C0*-1", "3 x_1", "2 m, 3 s", "x m", "5 \\% ",
        ] {
            assert!(parse_quantity(not).is_none(), "{not}");
        }
    }
}
