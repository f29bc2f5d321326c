//! Relation signs between an unknown and its bound (`<`, `\\le`, `>=`,
//! `≥` …) and the exact value of a bound (spec/math.md MX-13, ME-2, ME-7):
//! the one table of these signs that the extraction (bounds in prose,
//! conditions, listed bounds) and the comparison (bounds joined by "and")
//! read, and the values two bounds of one unknown are compared by.
//!
//! # Differences with the document
//!
//! Document 004 reads no bounds; these readings are this project's
//! (spec/math.md MX-13, ME-7).

use super::words::TrimQuick;

/// A relation sign between an unknown and its bound, as the answers write
/// it (`<`, `\\le`, `>=`, `≥` …): the one table of these signs that the
/// extraction (bounds in prose, conditions, listed bounds) and the
/// comparison (bounds joined by "and", ME-2) read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RelationSign {
    /// How it is written.
    pub spelling: &'static str,
    /// Whether it bounds the side on its left from above (`<`, `\\le`).
    pub upper: bool,
    /// Whether it is strict (`<`, `>`, `\\lt`, `\\gt`).
    pub strict: bool,
}

impl RelationSign {
    /// Whether it is written as a command (`\\le`, `\\gt`).
    pub fn is_command(&self) -> bool {
        self.spelling.starts_with('\\')
    }

    /// Its ASCII spelling (`<`, `<=`, `>`, `>=`).
    pub fn ascii(&self) -> &'static str {
        match (self.upper, self.strict) {
            (true, true) => "<",
            (true, false) => "<=",
            (false, true) => ">",
            (false, false) => ">=",
        }
    }

    /// The sign that reads the same way from left to right in a chain
    /// (`lo < x \\le hi`): `<` when strict, `\\le` otherwise.
    pub fn chain(&self) -> &'static str {
        if self.strict { "<" } else { "\\le" }
    }
}

/// The relation signs between an unknown and its bound ([`RelationSign`]),
/// the longer spelling before the shorter one it starts with (`\\leq`
/// before `\\le`, `<=` before `<`): read at a position, the first that
/// matches is the sign there.
pub const RELATION_SIGNS: [RelationSign; 12] = {
    const fn sign(spelling: &'static str, upper: bool, strict: bool) -> RelationSign {
        RelationSign {
            spelling,
            upper,
            strict,
        }
    }
    [
        sign("\\leq", true, false),
        sign("\\geq", false, false),
        sign("\\le", true, false),
        sign("\\ge", false, false),
        sign("\\lt", true, true),
        sign("\\gt", false, true),
        sign("<=", true, false),
        sign(">=", false, false),
        sign("\u{2264}", true, false),
        sign("\u{2265}", false, false),
        sign("<", true, true),
        sign(">", false, true),
    ]
};

/// The relation sign ([`RELATION_SIGNS`]) that stands whole at byte `i` of
/// `s`: a command not followed by a letter (`\\le`, not `\\left`).
pub fn relation_sign_at(s: &str, i: usize) -> Option<&'static RelationSign> {
    let rest = s.get(i..)?;
    RELATION_SIGNS.iter().find(|r| {
        rest.starts_with(r.spelling)
            && !(r.is_command()
                && rest
                    .as_bytes()
                    .get(r.spelling.len())
                    .is_some_and(u8::is_ascii_alphabetic))
    })
}

/// The relation sign ([`RELATION_SIGNS`]) that `t` ends with, if any.
pub fn relation_sign_ending(t: &[u8]) -> Option<&'static RelationSign> {
    RELATION_SIGNS
        .iter()
        .find(|r| t.ends_with(r.spelling.as_bytes()))
}

/// A bound's value as an exact number, when it is a decimal (`3`, `-2.5`)
/// or a fraction of two (`\frac{1}{2}`, `-\dfrac{3}{4}`, `7/2`): what two
/// bounds of one unknown are compared by (ME-2, MX-13); `None` for any
/// other value (`\pi`, `\sqrt{2}`, `a`) and for a zero denominator. Each
/// number at most 40 bytes.
pub fn bound_value(v: &str) -> Option<num_rational::BigRational> {
    let v = v.trim_quick();
    let (neg, body) = match v.strip_prefix('-') {
        Some(b) => (true, b.trim_start()),
        None => (false, v),
    };
    let frac = ["\\frac", "\\dfrac", "\\tfrac"]
        .iter()
        .find_map(|c| body.strip_prefix(c));
    let (p, q) = match frac {
        Some(rest) => {
            let (p, rest) = braced(rest.trim_start())?;
            let (q, rest) = braced(rest.trim_start())?;
            rest.trim().is_empty().then_some((p, Some(q)))?
        }
        None => match body.split_once('/') {
            Some((p, q)) => (p, Some(q)),
            None => (body, None),
        },
    };
    let p = exact_decimal(p.trim())?;
    let r = match q {
        Some(q) => {
            let q = exact_decimal(q.trim())?;
            if num_traits::Zero::is_zero(&q) {
                return None;
            }
            p / q
        }
        None => p,
    };
    Some(if neg { -r } else { r })
}

/// `{…}` at the start of `s` (no brace inside): its content and the rest.
fn braced(s: &str) -> Option<(&str, &str)> {
    let rest = s.strip_prefix('{')?;
    let end = rest.find(['{', '}'])?;
    rest[end..]
        .starts_with('}')
        .then(|| (&rest[..end], &rest[end + 1..]))
}

/// Digits with at most one point (`12`, `2.5`, `.5`; at most 40 bytes) as an
/// exact number.
fn exact_decimal(s: &str) -> Option<num_rational::BigRational> {
    let (int, frac) = s.split_once('.').unwrap_or((s, ""));
    let digits = |t: &str| t.bytes().all(|c| c.is_ascii_digit());
    if s.len() > 40 || int.len() + frac.len() == 0 || !digits(int) || !digits(frac) {
        return None;
    }
    let n = num_bigint::BigInt::parse_bytes(format!("{int}{frac}").as_bytes(), 10)?;
    let d = num_traits::pow(num_bigint::BigInt::from(10u32), frac.len());
    Some(num_rational::BigRational::new(n, d))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The one table of relation signs: each spelling is read back as
    /// itself at a position and at an end (the longer before the shorter
    /// one it starts with), a command only when no letter follows it, and
    /// the directions and strictness are those of the signs.
    #[test]
    fn relation_signs_read_back() {
        for r in &RELATION_SIGNS {
            let t = format!("x {} 1", r.spelling);
            assert_eq!(relation_sign_at(&t, 2), Some(r), "{t:?}");
            assert_eq!(relation_sign_ending(&t.as_bytes()[..t.len() - 2]), Some(r));
        }
        let at = |t: &str| relation_sign_at(t, 0).map(|r| (r.ascii(), r.chain()));
        assert_eq!(at("\\leq 3"), Some(("<=", "\\le")));
        assert_eq!(at("\\gt3"), Some((">", "<")));
        assert_eq!(at(">= 3"), Some((">=", "\\le")));
        assert_eq!(at("\u{2265}3"), Some((">=", "\\le")));
        assert_eq!(at("\\left( x"), None);
        assert_eq!(at("\\geqslant"), None);
        assert_eq!(at("= 3"), None);
        assert_eq!(
            super::super::words::number_set("\\mathbb{R}_{\\geq 0}"),
            Some("[0,\\infty)")
        );
    }

    /// A bound's value: decimals and fractions of two decimals exactly,
    /// nothing else.
    #[test]
    fn bound_values() {
        let r = |n: i64, d: i64| Some(num_rational::BigRational::new(n.into(), d.into()));
        assert_eq!(bound_value("3"), r(3, 1));
        assert_eq!(bound_value(" -2.5 "), r(-5, 2));
        assert_eq!(bound_value(".25"), r(1, 4));
        assert_eq!(bound_value("\\frac{1}{2}"), r(1, 2));
        assert_eq!(bound_value("-\\dfrac{3}{4}"), r(-3, 4));
        assert_eq!(bound_value("\\tfrac {9} {2}"), r(9, 2));
        assert_eq!(bound_value("7/2"), r(7, 2));
        assert_eq!(bound_value("0.5"), bound_value("\\frac{1}{2}"));
        for v in [
            "",
            "-",
            ".",
            "\\pi",
            "\\sqrt{2}",
            "a",
            "1/0",
            "\\frac{1}{0}",
            "\\frac{1}{2}x",
            "\\frac{\\pi}{2}",
            "1.2.3",
            "1e5",
            "2/3/4",
        ] {
            assert_eq!(bound_value(v), None, "{v:?}");
        }
    }
}
