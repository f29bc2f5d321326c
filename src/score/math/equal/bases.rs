//! Numerals written in a base (ME-21): `20412_5`, `20412_{5}`, `(20412)_5`,
//! `20412_{(5)}`, `20412_\text{5}`, `20412_{\text{base } 5}`,
//! `20412_{\text{five}}`, `\text{AB}_{16}` are one notation, the digits `20412` in base 5. Two numerals are the same
//! answer when they have the same base and the same digits (leading zeros
//! aside); the bare digits against a numeral are that numeral when they are
//! digits of its base (the question asked for the base); a decimal value is
//! not (`435` ≠ `2003_6`, although 2·216 + 3 = 435).
//!
//! # Differences with the document
//!
//! Document 004 knows no numeral in a base: its texts `20412_5` and
//! `20412_{5}` differ, and neither parses. See spec/math.md ME-21.

/// The most digits of a numeral read (a longer text is not read as one).
pub(super) const MAX_DIGITS: usize = 64;

/// A numeral in a base: its digits, `0`–`9` then `A`–`Z`, without leading
/// zeros (`0` for zero), and its base, 2 to 36.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Numeral {
    /// The digits, most significant first, each less than the base.
    digits: String,
    /// The base.
    base: u32,
}

impl Numeral {
    /// The numeral as compared: `digits_base`.
    fn show(&self) -> String {
        format!("{}_{}", self.digits, self.base)
    }
}

/// `s` without one wrapper `open…}` (`\text{…}`) or `(…)`, `{…}`, and
/// whether a text command wrapped it.
fn unwrapped(s: &str) -> (&str, bool) {
    for open in [r"\text{", r"\mathrm{", r"\textrm{", r"\mbox{"] {
        if let Some(inner) = s.strip_prefix(open).and_then(|r| r.strip_suffix('}')) {
            return (inner.trim(), true);
        }
    }
    let pair = |o: char, c: char| s.strip_prefix(o).and_then(|r| r.strip_suffix(c));
    match pair('(', ')').or_else(|| pair('{', '}')) {
        Some(inner) => (inner.trim(), false),
        None => (s, false),
    }
}

/// The digits of `s` (`0`–`9`, `A`–`Z`; the preparation's `*` between
/// them dropped) without leading zeros, when `s` is nothing else, holds at
/// most [`MAX_DIGITS`] and starts with a decimal digit (or `text`: a text
/// command wrapped it, `\text{AB}`): `A_{12}`, `x_1`, `a_{n}` are names
/// with an index, not numerals.
fn digits(s: &str, text: bool) -> Option<String> {
    let d: String = s.chars().filter(|&c| c != '*').collect();
    let first = d.chars().next()?;
    if d.len() > MAX_DIGITS
        || !(first.is_ascii_digit() || text)
        || !d
            .chars()
            .all(|c| c.is_ascii_digit() || c.is_ascii_uppercase())
    {
        return None;
    }
    let kept = d.trim_start_matches('0');
    Some(if kept.is_empty() { "0" } else { kept }.to_string())
}

/// The bases written as English words, two to sixteen (`2003_{\text{six}}`,
/// `444_{\text{eight}}`: MATH's problem texts write them so), by their
/// value less two.
const BASE_WORDS: [&str; 15] = [
    "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve",
    "thirteen", "fourteen", "fifteen", "sixteen",
];

/// The base a subscript names: one or two decimal digits from 2 to 36,
/// in braces, parentheses, a text command, after the word "base" or
/// alone (`5`, `{5}`, `{(5)}`, `\text{5}`, `{\text{base } 5}`); or one
/// of [`BASE_WORDS`], in any case, in braces or a text command, alone or
/// after "base" (`{\text{six}}`, `\text{six}`, `{\mathrm{base six}}`,
/// `{six}`; not the bare `six`, the subscript `s` before `ix`).
fn base(sub: &str) -> Option<u32> {
    if sub.len() > 32 {
        return None;
    }
    let grouped = sub.starts_with(['{', '\\']);
    let mut t = sub.to_ascii_lowercase();
    for w in [r"\textrm", r"\text", r"\mathrm", r"\mbox"] {
        t = t.replace(w, "");
    }
    t.retain(|c| !matches!(c, '{' | '}' | '(' | ')' | ' ' | '~'));
    let t = t.strip_prefix("base").unwrap_or(&t);
    if let Some(k) = BASE_WORDS.iter().position(|w| *w == t) {
        return grouped.then_some(k + 2).and_then(|b| u32::try_from(b).ok());
    }
    if t.is_empty() || t.len() > 2 || !t.bytes().all(|c| c.is_ascii_digit()) {
        return None;
    }
    t.parse().ok().filter(|b| (2..=36).contains(b))
}

/// The numeral a prepared answer `s` is: digits, a `_`, a base, every digit
/// less than the base (`2009_6` is no numeral: 9 is not a digit of base 6).
pub(super) fn numeral(s: &str) -> Option<Numeral> {
    let (left, sub) = s.trim().split_once('_')?;
    let (left, text) = unwrapped(left.trim());
    let base = base(sub.trim())?;
    let digits = digits(left, text)?;
    let fits = digits
        .chars()
        .all(|c| c.to_digit(36).is_some_and(|v| v < base));
    fits.then_some(Numeral { digits, base })
}

/// ME-21 on two prepared answers: `None` when neither is a numeral in a
/// base, or when the other is neither a numeral nor bare digits; else
/// whether they are the same numeral, and the two forms compared.
pub(super) fn decide(r: &str, p: &str) -> Option<(bool, String, String)> {
    let (nr, np) = (numeral(r), numeral(p));
    match (nr, np) {
        (None, None) => None,
        (Some(a), Some(b)) => Some((a == b, a.show(), b.show())),
        (Some(n), None) => {
            let d = digits(p.trim(), false)?;
            Some((n.digits == d, n.show(), d))
        }
        (None, Some(n)) => {
            let d = digits(r.trim(), false)?;
            Some((n.digits == d, d, n.show()))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn n(digits: &str, base: u32) -> Option<Numeral> {
        Some(Numeral {
            digits: digits.to_string(),
            base,
        })
    }

    #[test]
    fn the_spellings_of_a_numeral_are_one() {
        for s in [
            "20412_5",
            "20412_{5}",
            "(20412)_5",
            "(20412)_{5}",
            "20412_{(5)}",
            r"20412_\text{5}",
            r"20412_{\text{5}}",
            r"20412_{\text{base } 5}",
            r"\text{20412}_5",
            "020412_5",
        ] {
            assert_eq!(numeral(s), n("20412", 5), "{s}");
        }
        assert_eq!(numeral(r"\text{AB}_{16}"), n("AB", 16));
        assert_eq!(numeral("4*A_16"), n("4A", 16));
        assert_eq!(numeral("0_2"), n("0", 2));
    }

    #[test]
    fn a_base_written_as_a_word_is_that_base() {
        for (s, digits, base) in [
            (r"2003_{\text{six}}", "2003", 6),
            (r"2003_\text{six}", "2003", 6),
            (r"2003_{\mathrm{six}}", "2003", 6),
            (r"2003_{\text{base six}}", "2003", 6),
            (r"2003_{\text{Six}}", "2003", 6),
            (r"2003_{\text{(six)}}", "2003", 6),
            ("2003_{six}", "2003", 6),
            (r"444_{\text{eight}}", "444", 8),
            (r"1101_{\text{two}}", "1101", 2),
            (r"4A_{\text{sixteen}}", "4A", 16),
            (r"435_{\text{ten}}", "435", 10),
        ] {
            assert_eq!(numeral(s), n(digits, base), "{s}");
        }
        for s in [
            "2003_six",
            r"2003_{\text{sixty}}",
            r"2003_{\text{one}}",
            r"2003_{\text{seventeen}}",
            r"2009_{\text{six}}",
            r"n_{\text{six}}",
            r"\sigma_{\mathrm{six}}",
        ] {
            assert_eq!(numeral(s), None, "{s}");
        }
        let yes = |a: &str, b: &str| decide(a, b).map(|d| d.0);
        assert_eq!(yes("2003_6", r"2003_{\text{six}}"), Some(true));
        assert_eq!(yes("2003_7", r"2003_{\text{six}}"), Some(false));
        assert_eq!(yes(r"2003_{\text{six}}", "435"), Some(false));
    }

    #[test]
    fn names_with_an_index_and_foreign_digits_are_no_numerals() {
        for s in [
            "x_1",
            "a_{n}",
            "a_12",
            "A_{12}",
            "A*B_16",
            "2009_6",
            "12_1",
            "12_{37}",
            "12_{n}",
            "2_{3}x",
            "1a_{12}",
            "100a_{13}",
            "1_2_3",
            "-12_3",
            "1.5_6",
        ] {
            assert_eq!(numeral(s), None, "{s}");
        }
        let long = format!("{}_2", "1".repeat(MAX_DIGITS + 1));
        assert_eq!(numeral(&long), None);
    }

    #[test]
    fn bare_digits_are_the_numeral_of_their_base_and_values_are_not() {
        let yes = |a: &str, b: &str| decide(a, b).map(|d| d.0);
        assert_eq!(yes("20412_5", "20412_{5}"), Some(true));
        assert_eq!(yes("2003_6", "2003"), Some(true));
        assert_eq!(yes("2003", "2003_6"), Some(true));
        assert_eq!(yes("2003_6", "435"), Some(false));
        assert_eq!(yes("2003_6", "2003_7"), Some(false));
        assert_eq!(yes("10_6", "6_{10}"), Some(false));
        assert_eq!(yes("2003_6", "2009"), Some(false));
        assert_eq!(yes("4A_{16}", "4*A"), Some(true));
        assert_eq!(yes("2003_6", "x+1"), None);
        assert_eq!(yes("2003", "2003"), None);
        assert_eq!(yes("2009_6", "2009"), None);
    }
}
