//! Ruled-out values and bounds (MX-20): the fallback's last formula or
//! number is not the answer when the response rules it out or states a bound
//! with it — `So the total is 9, not 8.`, `It is 9 rather than 8.`, `$9$, not
//! $8$`, `It can't be 8.`, `Hence n ≠ 7.`, `So the maximum is less than 5.`,
//! `x can be any number except 5.` Taking that value credited a response
//! against a gold equal to the value it excludes.
//!
//! A *negation* is a word before the value — `not`, `never`, `cannot`, a
//! contraction in `n't` (`isn't`, `can't`, `can’t`) — then at most two of
//! the words `be`, `equal`, `equals`, `to`, `exactly` (`is not equal to 8`,
//! `can't be 8`); the pairs `rather than`, `instead of`; or the relation
//! `≠` (`\neq`, `\ne`, `\not=`). After a negation the answer is the last
//! formula or number before it in the same clause (9 of `9, not 8`), read as
//! the fallback reads. A *bound* is `than` after another word (`less than`,
//! `more than`, `no more than`), `at most`, `at least`, or an exclusion
//! (`except`, `excluding`, `without`, `besides`), or an operation's argument
//! (`the square of 6`, [`OPERATIONS_OF`]): what the response says is not a
//! value, and it has no answer. Either way one math delimiter (`$`, `\(`)
//! may stand between the word and the value. A *rejection* or a
//! *judgement* after the value (`x = 3 is extraneous`, `12, which is
//! impossible`, `10. That turned out to be too big.`) reads back as a
//! negation does; a judgement in an explicit answer's own clause takes the
//! answer back (MX-19). With no answer, [`NEGATED`] is the reason.
//!
//! # Differences with the document
//!
//! Document 004's fallback takes the last number wherever it stands (its
//! `math.extract_answer` still does); this rule is the production
//! extraction's (spec/math.md MX-20).

use super::lexicon::ByLetter;
use super::numbers::{back_past_delimiter, run_before};
use super::solutions::bound_listed_before;

/// The words that restate a value approximately (lowercase; a word of its
/// own before the value): `1/6, or about 16.7%` (after a comma they end a
/// statement's answer too, MX-11).
pub(super) const APPROXIMATELY: [&str; 7] = [
    "about",
    "approximately",
    "roughly",
    "around",
    "nearly",
    "\u{2248}",
    "\\approx",
];

/// The connectives between the comma and the word of an approximate
/// restatement (lowercase; `1/6, or about 16.7%`, `60 km/h, which is about
/// 37 mph`, `1/6, i.e. about 16.7%`).
const RESTATING: [&str; 6] = ["or", "which is", "i.e.", "i.e.,", "that is", "that is,"];

/// How far back [`restated`] reads (bytes): `, which is approximately ` is
/// 25.
const MAX_RESTATEMENT_BYTES: usize = 32;

/// Where the value that the value at `span` restates approximately ends
/// (MX-20): before it one of [`APPROXIMATELY`], optionally `or`, and a comma
/// after another value (`1/6, or about 16.7%`, `$\frac{1}{6}$, about
/// 0.17`), or the sign `≈` (`\approx`) right after another value, comma or
/// not (`9π ≈ 28.27`); the caller reads the value that ends there. `None` when the
/// value is not such a restatement (`There are about 100 people.`).
pub(super) fn restated(text: &str, from: usize, span: (usize, usize)) -> Option<usize> {
    let b = text.as_bytes();
    let k = back_past_delimiter(b, from, span.0).1;
    let mut floor = from.max(k.saturating_sub(MAX_RESTATEMENT_BYTES));
    while !text.is_char_boundary(floor) {
        floor += 1;
    }
    let t = text[floor..k].trim_end();
    // (A sign needs no space before it: `9π≈28.27`.)
    let sign = |w: &str| !w.starts_with(|c: char| c.is_ascii_alphabetic());
    let w = APPROXIMATELY.iter().find(|w| {
        t.len() >= w.len()
            && t.is_char_boundary(t.len() - w.len())
            && t[t.len() - w.len()..].eq_ignore_ascii_case(w)
            && (sign(w) || !t[..t.len() - w.len()].ends_with(|c: char| c.is_ascii_alphanumeric()))
    })?;
    let mut t = t[..t.len() - w.len()].trim_end();
    // `9π ≈ 28.27`, `$\sqrt{2}$ ≈ 1.414`: the sign restates the value right
    // before it, with or without a comma.
    if sign(w) && !t.ends_with(',') {
        return Some(floor + t.len());
    }
    // (`or about`, `which is about`, `i.e. about`, `i.e., about`, `that is,
    // about`: a connective of its own between the comma and the word.)
    if let Some(c) = RESTATING.iter().find(|c| {
        t.len() > c.len()
            && t.is_char_boundary(t.len() - c.len())
            && t[t.len() - c.len()..].eq_ignore_ascii_case(c)
            && t[..t.len() - c.len()].ends_with([' ', ','])
    }) {
        t = t[..t.len() - c.len()].trim_end();
    }
    let t = t.strip_suffix(',')?.trim_end();
    Some(floor + t.len())
}

/// The reason of a response whose last formula or number is ruled out or a
/// bound, with no answer before it in its clause (MX-20).
pub const NEGATED: &str = "the last formula or number is ruled out or a bound (not …, less than …)";

/// The most negated values read back in a row (`not 7, not 8`): past them
/// the response has no answer (each reading is one pass over the window).
pub const MAX_NEGATIONS: usize = 4;

/// Words allowed between the negation and the value.
const BETWEEN: [&str; 5] = ["be", "equal", "equals", "to", "exactly"];

/// Words that exclude the value after them (`except 5`, `without 5 more
/// points`): bounds.
const EXCLUSIONS: [&str; 4] = ["except", "excluding", "without", "besides"];

/// Words before `of` that make the number after it an argument of an
/// operation (`the cube root of 3`, `a multiple of 3`), not the answer
/// (MX-5 in production, MX-20), and `percent`
/// (`10 percent of 50`).
pub(super) const OPERATIONS_OF: &[&str] = &[
    "percent",
    "root",
    "roots",
    "square",
    "cube",
    "multiple",
    "multiples",
    "factor",
    "factors",
    "divisor",
    "divisors",
    "power",
    "powers",
    "product",
    "sum",
    "difference",
    "quotient",
    "logarithm",
    "log",
    "reciprocal",
    "inverse",
    "half",
    "double",
    "twice",
    "sine",
    "cosine",
    "tangent",
    "factorial",
];

/// The nouns a comparison qualifies (`the smallest integer greater than
/// 10`, `5 primes less than 12`): the bound is theirs, not the answer's.
const COMPARED_NOUNS: [&str; 16] = [
    "integer",
    "integers",
    "number",
    "numbers",
    "value",
    "values",
    "prime",
    "primes",
    "multiple",
    "multiples",
    "square",
    "squares",
    "solution",
    "solutions",
    "term",
    "terms",
];

/// What rules out the fallback's value (MX-20).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Excluded {
    /// A negation starting at this byte: the answer is before it.
    Negation(usize),
    /// A bound, an exclusion, or a value asked about and denied (`Is the
    /// answer 5? No.`): the response states no value.
    Bound,
}

/// What rules out the answer `span` of `text[from..]` (`not` in `9, not
/// 8`, `less than` in `less than 5`), if anything does.
pub(super) fn excluded(text: &str, from: usize, span: (usize, usize)) -> Option<Excluded> {
    let b = text.as_bytes();
    // (The fallback reads its value in `text[from..]`; any other span has
    // nothing of it to read back.)
    if span.0 < from || span.1 > text.len() || span.0 > span.1 {
        return None;
    }
    // `x = 3 is extraneous`, `we discard x = 3`: the answer is before the
    // value (or its variable).
    if let Some(q) = rejection(text, from, span) {
        return Some(Excluded::Negation(q));
    }
    if denied_question(text, span.1) {
        return Some(Excluded::Bound);
    }
    // Back from the value: spaces, one math delimiter, spaces.
    let (k, k0) = back_past_delimiter(b, from, span.0);
    if let Some(r) = relation_start(text, from, k0) {
        return Some(Excluded::Negation(r));
    }
    // `结果是9，不是8`, `最大值小于5`.
    let before = &text[from..k0];
    if let Some(n) = ZH_NEGATIONS.iter().find(|n| before.ends_with(**n)) {
        return Some(Excluded::Negation(k0 - n.len()));
    }
    if ZH_BOUNDS.iter().any(|n| before.ends_with(n)) {
        return Some(Excluded::Bound);
    }
    // The word ending at `k` (after spaces), and where it starts.
    let word_before = |k: usize| -> (usize, usize) {
        let end = run_before(b, from, k, |c| c == b' ');
        let start = run_before(b, from, end, |c| c.is_ascii_alphabetic() || c == b'\'');
        (start, end)
    };
    let (mut s, mut e) = word_before(k);
    // (`$x<1$ or $x>3$`: a union of two bounds of one unknown, MX-13, no
    // hedge between two values.)
    if bound_listed_before(text, from, span).is_none()
        && joined_to_number(b, from, (s, e), span.0, &word_before)
    {
        return Some(Excluded::Bound);
    }
    for _ in 0..2 {
        if s < e
            && BETWEEN
                .iter()
                .any(|w| w.as_bytes().eq_ignore_ascii_case(&b[s..e]))
        {
            (s, e) = word_before(s);
        }
    }
    if s == e || (s > from && b[s - 1].is_ascii_alphanumeric()) {
        return None;
    }
    // `isn’t`: the curly apostrophe ends the run of letters before its `t`.
    if b[s..e].eq_ignore_ascii_case(b"t") && s >= from + 4 && text[..s].ends_with("n\u{2019}") {
        let w = run_before(b, from, s - 3, |c| c.is_ascii_alphabetic());
        return Some(Excluded::Negation(w));
    }
    let w = &b[s..e];
    let is = |x: &str| w.eq_ignore_ascii_case(x.as_bytes());
    if is("not")
        || is("never")
        || is("cannot")
        || w.len() > 3 && w[w.len() - 3..].eq_ignore_ascii_case(b"n't")
    {
        return Some(Excluded::Negation(s));
    }
    if EXCLUSIONS.iter().any(|x| is(x)) {
        return Some(Excluded::Bound);
    }
    // `10 in total, not counting the 2 organizers`: what the count leaves
    // out; the answer is before the negation.
    let (cs, ce) = if is("the") { word_before(s) } else { (s, e) };
    if ["counting", "including"]
        .iter()
        .any(|x| b[cs..ce].eq_ignore_ascii_case(x.as_bytes()))
    {
        let (ns, ne) = word_before(cs);
        if b[ns..ne].eq_ignore_ascii_case(b"not") {
            return Some(Excluded::Negation(ns));
        }
    }
    let (ps, pe) = word_before(s);
    let before = |x: &str| pe > ps && b[ps..pe].eq_ignore_ascii_case(x.as_bytes());
    // `half of 10`, `the cube root of 3`: the value an operation applies to.
    if is("of") && OPERATIONS_OF.iter().any(|x| before(x)) {
        return Some(Excluded::Bound);
    }
    if is("than") && before("rather") || is("of") && before("instead") {
        Some(Excluded::Negation(ps))
    } else if is("than") && pe > ps {
        // `12 is the smallest integer greater than 10`: the comparison
        // qualifies a noun, the value before it in its clause is the
        // answer; else (`greater than 10`) a bound.
        let (ns, ne) = word_before(ps);
        let noun = COMPARED_NOUNS
            .iter()
            .any(|x| b[ns..ne].eq_ignore_ascii_case(x.as_bytes()));
        Some(if noun {
            Excluded::Negation(ns)
        } else {
            Excluded::Bound
        })
    } else if (is("most") || is("least")) && before("at") {
        Some(Excluded::Bound)
    } else {
        None
    }
}

/// Verbs of a change `from` one value `to` another (`rose from 3 to 5`),
/// or `by` an amount `to` a value (`increased by 5 to 20`): the value after
/// `to` is the result, no end of a range.
const CHANGES: &[&str] = &[
    "went",
    "increased",
    "increases",
    "decreased",
    "decreases",
    "rose",
    "rises",
    "fell",
    "falls",
    "dropped",
    "drops",
    "grew",
    "grows",
    "changed",
    "changes",
    "jumped",
    "climbed",
    "declined",
    "reduced",
    "raised",
    "doubled",
    "tripled",
    "halved",
    "shrank",
];

/// Verbs that take a value `to` another (`round 4.67 to 5`, `convert 3
/// to 0.75`): the value after `to` is the result.
const ROUNDINGS: &[&str] = &[
    "round",
    "rounds",
    "rounded",
    "rounding",
    "convert",
    "converts",
    "converted",
    "converting",
    "simplify",
    "simplifies",
    "simplified",
    "simplifying",
];

/// The value of the number `t` opens with (a `$`, a sign, digits, a
/// decimal point, `/` and a denominator, `%`; at most 9 digits each), as a
/// rational `(numerator, denominator)` with its percent applied, and its
/// length; `None` when it opens with none.
fn simple_number(t: &[u8]) -> Option<((i128, i128), usize)> {
    let mut k = usize::from(t.first() == Some(&b'$'));
    let negative = t.get(k) == Some(&b'-');
    k += usize::from(negative);
    let (mut num, mut den, mut digits, mut point) = (0i128, 1i128, 0, false);
    while let Some(&c) = t.get(k) {
        match c {
            b'0'..=b'9' if digits < 9 => {
                num = num * 10 + i128::from(c - b'0');
                digits += 1;
                if point {
                    den *= 10;
                }
            }
            b'.' if !point && t.get(k + 1).is_some_and(u8::is_ascii_digit) => point = true,
            _ => break,
        }
        k += 1;
    }
    if digits == 0 || t.get(k).is_some_and(u8::is_ascii_digit) {
        return None;
    }
    if t.get(k) == Some(&b'/') && !point {
        let d = t[k + 1..].iter().take_while(|c| c.is_ascii_digit()).count();
        if d == 0 || d > 9 {
            return None;
        }
        let q: i128 = std::str::from_utf8(&t[k + 1..k + 1 + d])
            .ok()?
            .parse()
            .ok()?;
        if q == 0 {
            return None;
        }
        den *= q;
        k += 1 + d;
    }
    if t.get(k) == Some(&b'%') {
        den *= 100;
        k += 1;
    } else if t[k..].starts_with(b"\\%") {
        den *= 100;
        k += 2;
    }
    Some(((if negative { -num } else { num }, den), k))
}

/// Whether the number `a` (alone) and the one `b` opens with are the same
/// value (`0.5` and `50%`, `1/4` and `0.25`); `None` when either is no
/// number [`simple_number`] reads.
fn same_value(a: &[u8], b: &[u8]) -> Option<bool> {
    let ((p, q), n) = simple_number(a)?;
    let ((r, s), _) = simple_number(b)?;
    // (At most 10^29 each: no overflow.)
    (n == a.len()).then_some(p * s == r * q)
}

/// The words of a time after a number (`4 weeks`): `in` before it is no
/// proportion.
const TIME_WORDS: [&str; 14] = [
    "second", "seconds", "minute", "minutes", "hour", "hours", "day", "days", "week", "weeks",
    "month", "months", "year", "years",
];

/// Whether the number at `at` is a time (a word of [`TIME_WORDS`] after it,
/// spaces between) or a year (four digits from 1000 to 2999 alone).
fn time_or_year(b: &[u8], at: usize) -> bool {
    let rest = b.get(at..).unwrap_or_default();
    let d = rest.iter().take_while(|c| c.is_ascii_digit()).count();
    let after = &rest[d..];
    let next = after.first().copied();
    // (`2030.5`, `2,030,000`: a decimal or a larger number.)
    let more =
        matches!(next, Some(b'.' | b',' | b'/')) && after.get(1).is_some_and(u8::is_ascii_digit);
    let year = d == 4
        && matches!(rest[0], b'1' | b'2')
        && !more
        && next.is_none_or(|c| !c.is_ascii_alphanumeric());
    let spaced = after.iter().take_while(|&&c| c == b' ').count();
    let word = &after[spaced..];
    let n = word.iter().take_while(|c| c.is_ascii_alphabetic()).count();
    let time = d > 0
        && spaced > 0
        && TIME_WORDS
            .iter()
            .any(|w| word[..n].eq_ignore_ascii_case(w.as_bytes()));
    year || time
}

/// Where the proportion that the integer at `(s, e)` ends starts (`1 in 6`,
/// `3 out of 4`: an integer standing alone, spaces, `in` or `out of`,
/// spaces, the value; MX-20): the fallback reads it whole, and ME-15 reads
/// it as the fraction (`So the probability is 1 in 6.` is 1/6; without it
/// the value is one end of a proportion and the response has no answer).
pub(super) fn proportion_start(b: &[u8], from: usize, (s, e): (usize, usize)) -> Option<usize> {
    if s >= e || s > b.len() || e > b.len() || !b[s..e].iter().all(u8::is_ascii_digit) {
        return None;
    }
    let word = |k: usize| {
        let end = run_before(b, from, k, |c| c == b' ');
        (run_before(b, from, end, |c| c.is_ascii_alphabetic()), end)
    };
    let is = |(x, y): (usize, usize), w: &str| y > x && b[x..y].eq_ignore_ascii_case(w.as_bytes());
    let w = word(s);
    let k = if w.1 < s && is(w, "in") {
        w.0
    } else if w.1 < s && is(w, "of") && is(word(w.0), "out") {
        word(w.0).0
    } else {
        return None;
    };
    let end = run_before(b, from, k, |c| c == b' ');
    let start = run_before(b, from, end, |c| c.is_ascii_digit());
    let alone = start == from || matches!(b[start - 1], b' ' | b'\n' | b'(' | b'*');
    (end < k && start < end && alone && !time_or_year(b, s)).then_some(start)
}

/// Whether the word `(s, e)` before a value joins it to a number before
/// that word: a range or a ratio (`3 to 5` — not after `from` and a verb
/// of change: `rose from 3 to 5` —, `between 3 and 5`), a proportion (`1
/// in 2`, `3 out of 4`) or a hedge (`3 or 5`, `either 3 or 5`). The value
/// is one end of it, not the response's answer (MX-20).
fn joined_to_number(
    b: &[u8],
    from: usize,
    (s, e): (usize, usize),
    value: usize,
    word_before: &dyn Fn(usize) -> (usize, usize),
) -> bool {
    let is = |(s, e): (usize, usize), w: &str| e > s && b[s..e].eq_ignore_ascii_case(w.as_bytes());
    if s == e || (s > from && b[s - 1].is_ascii_alphanumeric()) {
        return false;
    }
    // The number ending before `k` (spaces and `$` between): its start,
    // with its opening `$`.
    let number_before = |k: usize| {
        let end = run_before(b, from, k, |c| c == b' ' || c == b'$');
        let start = run_before(b, from, end, |c| c.is_ascii_digit() || c == b'.');
        let start = if start > from && b[start - 1] == b'-' {
            start - 1
        } else {
            start
        };
        (start < end && b[end - 1].is_ascii_digit())
            .then(|| run_before(b, from, start, |c| c == b'$'))
    };
    let word = (s, e);
    if is(word, "or") {
        // (`0.5 or 50%`, `1/4 or 0.25`: one value restated, no hedge.)
        return number_before(s).is_some_and(|_| {
            let end = run_before(b, from, s, |c| c == b' ' || c == b'$' || c == b',');
            let n = run_before(b, from, end, |c| {
                c.is_ascii_digit() || matches!(c, b'.' | b'/')
            });
            let n = if n > from && b[n - 1] == b'-' {
                n - 1
            } else {
                n
            };
            same_value(&b[n..end], b.get(value..).unwrap_or_default()) != Some(true)
        });
    }
    if is(word, "in") {
        // `$50 in 4 weeks`, `2,000 in 2030`: money, a time or a year, no
        // proportion.
        return number_before(s).is_some_and(|n| {
            let money = b[n] == b'$' && !b[n + 1..s].contains(&b'$');
            !money && !time_or_year(b, value)
        });
    }
    if is(word, "of") {
        let out = word_before(s);
        return is(out, "out") && number_before(out.0).is_some();
    }
    if is(word, "and") {
        return number_before(s).is_some_and(|n| is(word_before(n), "between"));
    }
    if is(word, "to") {
        let Some(n) = number_before(s) else {
            return false;
        };
        let f = word_before(n);
        // `we round 4.67 to 5`: the value after `to` is the result.
        if ROUNDINGS.iter().any(|r| is(f, r)) {
            return false;
        }
        if !is(f, "from") && !is(f, "by") {
            return true;
        }
        // `rose from 3 to 5`, `increased it from 3 to 5`, `increased by 5
        // to 20`.
        let mut v = word_before(f.0);
        if is(v, "it") || is(v, "them") {
            v = word_before(v.0);
        }
        return !CHANGES.iter().any(|c| is(v, c));
    }
    false
}

/// Verbs before a value that reject it (`we discard x = 3`, `rule out 3`).
const REJECTING: [&str; 12] = [
    "discard",
    "discards",
    "discarded",
    "reject",
    "rejects",
    "rejected",
    "exclude",
    "excludes",
    "eliminate",
    "eliminates",
    "out",
    "excluding",
];

/// The most bytes read after a value for a question about it (`Is the
/// answer 5? No.`).
const MAX_REJECTION_BYTES: usize = 48;

/// Where the value `span` of `text[from..]` starts, with the variable it
/// is the value of (`x = 3`), when the words after it reject it (`x = 3
/// is extraneous`, `3 is not a solution`, `x = 3 does not work`, `3 fails`)
/// or a verb before it does (`we discard x = 3`, `rule out 3`).
fn rejection(text: &str, from: usize, span: (usize, usize)) -> Option<usize> {
    let b = text.as_bytes();
    let start = super::conditions::variable_before(b, from, span.0).unwrap_or(span.0);
    // (Before: spaces, one math delimiter, spaces, the verb.)
    let (_, end) = back_past_delimiter(b, from, start);
    let w = run_before(b, from, end, |c| c.is_ascii_alphabetic());
    let verb = &b[w..end];
    let apart = w == from || !b[w - 1].is_ascii_alphanumeric();
    if apart
        && w < end
        && REJECTING
            .iter()
            .any(|r| verb.eq_ignore_ascii_case(r.as_bytes()))
    {
        // (`out` only in `rule out`, `ruled out`, `rules out`.)
        let out = verb.eq_ignore_ascii_case(b"out");
        let ruled = || {
            let e = run_before(b, from, w, |c| c == b' ');
            let s = run_before(b, from, e, |c| c.is_ascii_alphabetic());
            ["rule", "ruled", "rules"]
                .iter()
                .any(|r| b[s..e].eq_ignore_ascii_case(r.as_bytes()))
        };
        if !out || ruled() {
            return Some(start);
        }
    }
    // `x=-3（舍去）`, `x=3 是增根，舍去`: in the rest of the sentence, up
    // to the next digit (the words after another value are about that one).
    let rest = &text[span.1..];
    let sentence = rest
        .char_indices()
        .take(ZH_REJECTION_CHARS)
        .find(|&(_, c)| {
            matches!(
                c,
                '。' | '；' | '！' | '？' | '\n' | '.' | ';' | '!' | '?' | '0'..='9'
            )
        })
        .map_or_else(
            || {
                rest.char_indices()
                    .nth(ZH_REJECTION_CHARS)
                    .map_or(rest.len(), |(i, _)| i)
            },
            |(i, _)| i,
        );
    // (Every word of ZH_REJECTED is Chinese: an ASCII sentence holds none.)
    let said = &rest[..sentence];
    if !said.is_ascii() && ZH_REJECTED.iter().any(|r| rejects(said, r)) {
        return Some(start);
    }
    // After: the words of its clause or the next sentence (`x = 3 is
    // extraneous`, `3 is not a solution`, `x = 3 does not work`).
    judged(b, span.1).then_some(start)
}

/// Words that judge a value wrong, in the rest of its clause or in the
/// sentence after it (`12, which is impossible`, `x = 3 satisfies neither
/// equation`, `10, but that was a mistake`, `x = 3 is extraneous`, `3 is
/// ruled out`): lowercase, a word of their own.
const JUDGEMENTS: [&str; 23] = [
    "wrong",
    "incorrect",
    "mistake",
    "mistaken",
    "erroneous",
    "impossible",
    "invalid",
    "contradiction",
    "contradicts",
    "contradictory",
    "absurd",
    "extraneous",
    "spurious",
    "inadmissible",
    "undefined",
    "neither",
    "fails",
    "failed",
    "rejected",
    "excluded",
    "discarded",
    "eliminated",
    "ruled",
];

/// What a negation says the value is not or does not do (`does not seem
/// right`, `is not in the domain`, `doesn't work`), in the three words
/// after it.
const NOT_FITTING: [&str; 22] = [
    "work",
    "works",
    "satisfy",
    "satisfies",
    "hold",
    "holds",
    "fit",
    "fits",
    "right",
    "correct",
    "valid",
    "possible",
    "allowed",
    "acceptable",
    "solution",
    "answer",
    "root",
    "domain",
    "feasible",
    "admissible",
    "permissible",
    "true",
];

/// The words that name another value than the one judged (`4, the other
/// root being extraneous`, `4 (another solution is rejected)`): the clause
/// after one judges that value, not this one.
const OTHERS: [&str; 2] = ["other", "another"];

/// The words after which a clause goes on past a comma (`12, which is
/// impossible`, `12, an impossible value`): the value is still its subject.
const GOES_ON_AFTER_COMMA: [&str; 7] = ["which", "it", "that", "this", "a", "an", "the"];

/// The words after which a clause goes on past a conjunction (`10 but it
/// was too large`, `9, but that was a mistake`).
const GOES_ON_AFTER_JOINER: [&str; 4] = ["which", "it", "that", "this"];

/// Conjunctions: the clause after one is about the value only when it
/// opens with one of [`GOES_ON_AFTER_JOINER`].
const JOINERS: [&str; 17] = [
    "and",
    "but",
    "so",
    "since",
    "because",
    "as",
    "while",
    "whereas",
    "although",
    "though",
    "hence",
    "therefore",
    "thus",
    "then",
    "if",
    "when",
    "where",
];

/// Words that open a sentence about the value of the sentence before it
/// (`10. That turned out to be too big.`), after at most one of
/// [`TURNS`].
const BACK_REFERENCES: [&str; 5] = ["that", "this", "it", "that's", "it's"];

/// Words before a back reference (`But that was a mistake.`).
const TURNS: [&str; 6] = ["but", "however", "hmm", "wait", "oops", "unfortunately"];

/// The most bytes [`judged`] reads of a clause or sentence.
const MAX_JUDGEMENT_BYTES: usize = 96;

/// Whether the words after the value ending at `end` judge it wrong: one
/// of [`JUDGEMENTS`] (not before `to`: `impossible to improve`), `too`
/// before another word (`too large`), or a negation (or `outside`) with one
/// of [`NOT_FITTING`] in the three words after it, in
/// the rest of the value's clause (past a comma or a conjunction only when
/// the value is still the subject: [`GOES_ON_AFTER_COMMA`],
/// [`GOES_ON_AFTER_JOINER`]) or in the next sentence when it opens with a
/// back reference (`That`, `But it`, [`BACK_REFERENCES`]). A judgement word
/// or `too` in the three words after a negation, `no` or `without` judges
/// nothing (`x = 3 is not extraneous`, `no mistake`, `not too large`). The
/// reading stops at a digit (the words after another value are about that
/// one) and after [`MAX_JUDGEMENT_BYTES`] bytes.
fn judged(b: &[u8], end: usize) -> bool {
    match clause_judges(b, end) {
        Reading::Judged(_) => true,
        Reading::Stopped => false,
        Reading::SentenceEnd(next) => back_reference_end(b, next)
            .is_some_and(|k| matches!(clause_judges(b, k), Reading::Judged(_))),
    }
}

/// Where the back reference that opens the sentence at `at` ends (`That`,
/// `It's`, after at most one of [`TURNS`] and a comma: `But that`,
/// `However, this`), if the sentence opens with one.
fn back_reference_end(b: &[u8], at: usize) -> Option<usize> {
    let limit = b.len().min(at + MAX_JUDGEMENT_BYTES);
    // The word at `k`, past spaces and commas: where it starts and ends.
    let word = |k: usize| {
        let s = k + b[k..limit]
            .iter()
            .take_while(|&&c| c == b' ' || c == b',')
            .count();
        let e = s + b[s..limit]
            .iter()
            .take_while(|c| c.is_ascii_alphabetic() || **c == b'\'')
            .count();
        (s, e)
    };
    let is_in = |(s, e): (usize, usize), list: &[&str]| {
        list.iter()
            .any(|x| b[s..e].eq_ignore_ascii_case(x.as_bytes()))
    };
    let mut w = word(at);
    if is_in(w, &TURNS) {
        w = word(w.1);
    }
    is_in(w, &BACK_REFERENCES).then_some(w.1)
}

/// Where the judgement of an explicit answer ending at `end` (a box, a
/// statement, a bold line) ends, when the rest of its own clause judges it
/// wrong as [`judged`] reads a value's clause (`\boxed{5}, but that is
/// wrong`, `\boxed{5} is incorrect`); the next sentence is MX-19's.
pub(super) fn judged_in_clause(b: &[u8], end: usize) -> Option<usize> {
    match clause_judges(b, end) {
        Reading::Judged(k) => Some(k),
        _ => None,
    }
}

/// Whether the first word of `t` (after spaces) is `word`, ASCII case
/// ignored.
pub(super) fn next_word_is(t: &[u8], word: &[u8]) -> bool {
    let s = t.iter().take_while(|&&c| c == b' ').count();
    let n = t[s..]
        .iter()
        .take_while(|c| c.is_ascii_alphabetic())
        .count();
    t[s..s + n].eq_ignore_ascii_case(word)
}

/// How [`clause_judges`] ended.
enum Reading {
    /// A judgement of the value, ending at this byte.
    Judged(usize),
    /// The clause ended with none, or another value or subject started.
    Stopped,
    /// The sentence ended with none; the next starts at this byte.
    SentenceEnd(usize),
}

/// [`judged`]'s reading of the clause at `at`.
fn clause_judges(b: &[u8], at: usize) -> Reading {
    let limit = b.len().min(at + MAX_JUDGEMENT_BYTES);
    // (Each list is read by the word's first letter: a word is compared
    // with the few words of its list that open with it.)
    let is_in = |w: &[u8], list: &ByLetter| list.holds(w);
    // The state after a comma or a conjunction, the words left after a
    // negation or a softening word, whether the last word was `too`.
    let (mut comma, mut joiner) = (false, false);
    let (mut negation, mut softened, mut too) = (0u8, 0u8, false);
    // (Whether the last word read is a negation: one that ends its clause
    // has its verb left out, `n = 4 does not.`, `4 is not.`)
    let mut bare = false;
    let mut i = at;
    while i < limit {
        let c = b[i];
        if c.is_ascii_alphabetic() {
            let e = i + b[i..limit]
                .iter()
                .take_while(|c| c.is_ascii_alphabetic() || **c == b'\'')
                .count();
            let w = &b[i..e];
            i = e;
            bare = false;
            if comma {
                comma = false;
                if is_in(w, &const { ByLetter::new(&JOINERS) }) {
                    joiner = true;
                    continue;
                }
                if !is_in(w, &const { ByLetter::new(&GOES_ON_AFTER_COMMA) }) {
                    return Reading::Stopped;
                }
                continue;
            }
            if joiner {
                joiner = false;
                if !is_in(w, &const { ByLetter::new(&GOES_ON_AFTER_JOINER) }) {
                    return Reading::Stopped;
                }
                continue;
            }
            if is_in(w, &const { ByLetter::new(&JOINERS) }) {
                joiner = true;
                continue;
            }
            // (`4 (the other root is extraneous)`: the clause judges another
            // value than this one.)
            if is_in(w, &const { ByLetter::new(&OTHERS) }) {
                return Reading::Stopped;
            }
            // (`impossible to improve`, `wrong to assume`: a judgement of
            // what follows, not of the value.)
            let judgement = is_in(w, &const { ByLetter::new(&JUDGEMENTS) })
                && !next_word_is(&b[i..limit], b"to");
            if too || negation == 0 && softened == 0 && judgement {
                return Reading::Judged(i);
            }
            if negation > 0 && is_in(w, &const { ByLetter::new(&NOT_FITTING) }) {
                return Reading::Judged(i);
            }
            too = w.eq_ignore_ascii_case(b"too") && negation == 0 && softened == 0;
            // (`outside the domain`: the value is not in it.)
            let negates = is_in(
                w,
                &const { ByLetter::new(&["not", "never", "cannot", "outside"]) },
            ) || w.len() > 3 && w[w.len() - 3..].eq_ignore_ascii_case(b"n't");
            negation = if negates {
                3
            } else {
                negation.saturating_sub(1)
            };
            bare = negates && softened == 0;
            // (`no mistake`, `without contradiction`.)
            softened = if is_in(w, &const { ByLetter::new(&["no", "without"]) }) {
                3
            } else {
                softened.saturating_sub(1)
            };
            continue;
        }
        // `n = 5 works, while n = 4 does not.`: a negation whose verb is
        // left out, last in its clause, judges the value.
        let ends = matches!(c, b'\n' | b';' | b'!' | b',' | b')')
            || c == b'.' && b.get(i + 1).is_none_or(|d| d.is_ascii_whitespace());
        if bare && ends {
            return Reading::Judged(i);
        }
        bare &= c == b' ';
        match c {
            b'0'..=b'9' => return Reading::Stopped,
            b'\n' | b';' | b':' | b'!' | b'?' => break,
            b'.' if b.get(i + 1).is_none_or(|d| d.is_ascii_whitespace()) => break,
            b',' => comma = true,
            _ => {}
        }
        i += 1;
    }
    if bare && i == b.len() {
        return Reading::Judged(i);
    }
    // (A sentence's end; `too` last is `also`.)
    if i >= limit || !matches!(b[i], b'.' | b'!' | b'\n') {
        return Reading::Stopped;
    }
    let mut s = i + 1;
    while s < b.len() && (b[s].is_ascii_whitespace() || b[s] == b'*') && s < i + 8 {
        s += 1;
    }
    Reading::SentenceEnd(s)
}

/// Chinese negations before a value (`不是 8`, `不等于 8`): the answer is
/// before them.
pub(super) const ZH_NEGATIONS: [&str; 8] = [
    "不是",
    "不等于",
    "不为",
    "不能是",
    "不可能是",
    "不会是",
    "而非",
    "并非",
];

/// Chinese bounds before a value (`小于 5`, `至少 5`, `除了 5`): no answer.
const ZH_BOUNDS: [&str; 13] = [
    "小于",
    "大于",
    "不超过",
    "超过",
    "不少于",
    "不多于",
    "不低于",
    "不高于",
    "至少",
    "至多",
    "低于",
    "高于",
    "除了",
];

/// Chinese words after a value, in its sentence, that reject it (`x=-3
/// （舍去）`, `x=3 是增根`, `x=3 不合题意`).
const ZH_REJECTED: [&str; 12] = [
    "舍去",
    "增根",
    "不合题意",
    "不符合",
    "不合条件",
    "不满足",
    "不是原方程",
    "不是方程",
    "不是根",
    "不是解",
    "不成立",
    "无意义",
];

/// Whether `said` (what follows a value in its sentence) holds the
/// rejection `r` about the value: 舍去 followed by what it discards (正根,
/// 负根, 另一根, 其他…: `x=-1（舍去正根）` keeps -1, it discards the
/// positive root) rejects another value, not this one.
fn rejects(said: &str, r: &str) -> bool {
    said.match_indices(r)
        .any(|(k, _)| r != "舍去" || !said[k + r.len()..].starts_with(['正', '负', '另', '其']))
}

/// The most characters of a sentence read after a value for
/// [`ZH_REJECTED`].
const ZH_REJECTION_CHARS: usize = 16;

/// Whether the value ending at `end` of `text` is asked about in a
/// question the next words deny (`Is the answer 5? No.`, `5 + 5 = 11?
/// Nope.`, `是5吗？不是。`): the question's mark within [`MAX_REJECTION_BYTES`]
/// of the sentence after it (no digit, no other sentence end before it),
/// then `no`, `nope` or `not` as a word, or `不`.
fn denied_question(text: &str, end: usize) -> bool {
    let rest = &text[end..];
    let b = rest.as_bytes();
    // (Byte by byte: the marks other than ASCII are full-width, `？`, `！`
    // (first byte 0xEF) and `。` (0xE3); a character's other bytes are
    // never one of those nor ASCII.)
    let mark = (0..b.len().min(MAX_REJECTION_BYTES)).find_map(|i| match b[i] {
        b'?' => Some((i, 1, true)),
        b'.' | b'!' | b'\n' | b'0'..=b'9' => Some((i, 1, false)),
        0xEF | 0xE3 => ["？", "！", "。"]
            .iter()
            .find(|m| b[i..].starts_with(m.as_bytes()))
            .map(|m| (i, 3, *m == "？")),
        _ => None,
    });
    let Some((i, len, true)) = mark else {
        return false;
    };
    let after = rest[i + len..].trim_start();
    let n = after.bytes().take_while(u8::is_ascii_alphabetic).count();
    let word = &after[..n];
    ["no", "nope", "not"]
        .iter()
        .any(|w| word.eq_ignore_ascii_case(w))
        || after.starts_with('不')
}

/// A relation that rules out the value after it, written before it
/// (`n ≠ 7`, `$n \neq 7$`, `\ne`, `\not=`): where it starts.
fn relation_start(text: &str, from: usize, k: usize) -> Option<usize> {
    let before = &text[from..k];
    ["\u{2260}", "\\neq", "\\ne", "\\not="]
        .iter()
        .find(|r| before.ends_with(**r))
        .map(|r| k - r.len())
}

#[cfg(test)]
mod tests {
    use super::super::locate_default;
    use super::{Excluded, MAX_REJECTION_BYTES, denied_question, excluded};

    /// `denied_question` reads the mark its definition names: the first of
    /// `?`, `？`, `.`, `。`, `!`, `！`, a line break or a digit among the
    /// characters that start within MAX_REJECTION_BYTES, read here by
    /// `char_indices`, on texts of those marks, other multi-byte
    /// characters and the denying words, with the mark on both sides of
    /// the bound.
    #[test]
    fn denied_question_reads_the_first_mark() {
        fn by_chars(text: &str) -> bool {
            let mark = text
                .char_indices()
                .take_while(|&(i, _)| i < MAX_REJECTION_BYTES)
                .find(|&(_, c)| {
                    matches!(c, '?' | '？' | '.' | '。' | '!' | '！' | '\n' | '0'..='9')
                });
            let Some((i, c @ ('?' | '？'))) = mark else {
                return false;
            };
            let after = text[i + c.len_utf8()..].trim_start();
            let n = after.bytes().take_while(u8::is_ascii_alphabetic).count();
            ["no", "nope", "not"]
                .iter()
                .any(|w| after[..n].eq_ignore_ascii_case(w))
                || after.starts_with('不')
        }
        let pieces = [
            "?", "？", ".", "。", "!", "！", "\n", "5", " ", "No", " no", "不", "考", "é", "—",
            "ab", "😀", "nope", "Not",
        ];
        let mut glue = crate::text::Glue(61);
        let (mut yes, mut no) = (0, 0);
        for round in 0..20_000u64 {
            let t = glue.text(&pieces, 2 + round % 40);
            let want = by_chars(&t);
            assert_eq!(denied_question(&t, 0), want, "{t:?}");
            (yes, no) = if want { (yes + 1, no) } else { (yes, no + 1) };
        }
        assert!(yes > 1000 && no > 1000, "{yes} {no}");
        // The mark at every place around the bound.
        for filler in ["a", "é", "考"] {
            for n in 0..=MAX_REJECTION_BYTES {
                for mark in ["?", "？"] {
                    let t = format!("{}{mark} No.", filler.repeat(n));
                    assert_eq!(denied_question(&t, 0), by_chars(&t), "{t:?}");
                }
            }
        }
    }

    /// A proportion of two integers is read whole; other values joined to
    /// a number before them stay no answer.
    #[test]
    fn proportions_are_read_whole() {
        for (response, want) in [
            ("So the probability is 1 in 6.", Some("1 in 6")),
            ("So 3 out of 4 marbles are red.", Some("3 out of 4")),
            ("The odds are 1 In 6", Some("1 In 6")),
            ("It is (1 in 6).", Some("1 in 6")),
            ("So the chance is 1.5 in 6.", None),
            ("So x^2 in 6.", None),
            // (A time or a year after `in`, money before it: no proportion.)
            ("She reads 5 in 2 days.", Some("2 days")),
            // (`Years` is no unit of the table: the number alone.)
            ("So 5 in 2 Years.", Some("2")),
            ("It will reach 2,000 in 2030.", Some("2030")),
            ("It will reach 2000 in 2030.", Some("2030")),
            ("She saves $50 in 4 weeks.", Some("4 weeks")),
            ("So 5 in 2030.5", None),
            ("So 5 in 3030.", Some("5 in 3030")),
            ("So it is $5$ in 6.", None),
            ("The ratio is 3 to 1.", None),
            ("It could be 3 or 5.", None),
        ] {
            let found = locate_default(response, false).ok().map(|f| f.answer);
            assert_eq!(found.as_deref(), want, "{response:?}");
        }
    }

    /// `simple_number` reads a number's value and length, percent applied;
    /// `same_value` compares two.
    #[test]
    fn simple_numbers_and_their_values() {
        for (t, want) in [
            ("5", Some(((5, 1), 1))),
            ("$5 ", Some(((5, 1), 2))),
            ("-0.25", Some(((-25, 100), 5))),
            ("1/4)", Some(((1, 4), 3))),
            ("50%", Some(((50, 100), 3))),
            ("50\\%", Some(((50, 100), 4))),
            ("2.5/2", Some(((25, 10), 3))),
            ("123456789", Some(((123_456_789, 1), 9))),
            ("1234567890", None),
            ("1/0", None),
            ("1/1234567890", None),
            (".5", Some(((5, 10), 2))),
            ("x", None),
        ] {
            assert_eq!(super::simple_number(t.as_bytes()), want, "{t:?}");
        }
        for (a, b, want) in [
            ("0.5", "50%", Some(true)),
            ("1/4", "0.25.", Some(true)),
            ("1/3", "0.33", Some(false)),
            ("0.5", "0.6", Some(false)),
            ("0.5x", "0.5", None),
            ("0.5", "x", None),
        ] {
            assert_eq!(
                super::same_value(a.as_bytes(), b.as_bytes()),
                want,
                "{a} {b}"
            );
        }
    }

    /// The negation before a value is found where it starts, a bound is
    /// found; a value without either has none.
    #[test]
    fn negations_are_found_before_the_value() {
        for (text, value, want) in [
            ("9, not 8", "8", Some("not 8")),
            ("It isn't 8", "8", Some("isn't 8")),
            ("It isn\u{2019}t 8", "8", Some("isn\u{2019}t 8")),
            ("It can't be 8", "8", Some("can't be 8")),
            ("It cannot be $8", "8", Some("cannot be $8")),
            ("x is not equal to 8", "8", Some("not equal to 8")),
            ("9 rather than 8", "8", Some("rather than 8")),
            ("9 instead of \\(8", "8", Some("instead of \\(8")),
            ("never 8", "8", Some("never 8")),
            ("knot 8", "8", None),
            ("divisible by 8", "8", None),
            ("more than 8", "8", Some("bound")),
            ("one of 8", "8", None),
            ("8", "8", None),
            ("be 8", "8", None),
            ("less than 5", "5", Some("bound")),
            (
                "the integer greater than 5",
                "5",
                Some("integer greater than 5"),
            ),
            ("5 Primes less than 12", "12", Some("Primes less than 12")),
            ("a prim greater than 5", "5", Some("bound")),
            ("is greater than 5", "5", Some("bound")),
            ("no more than $5", "5", Some("bound")),
            ("than 5", "5", None),
            ("at most 5", "5", Some("bound")),
            ("At least 5", "5", Some("bound")),
            ("the least 5", "5", None),
            ("any number except 5", "5", Some("bound")),
            ("n \\neq 7", "7", Some("\\neq 7")),
            ("$n \\ne 7", "7", Some("\\ne 7")),
            ("n \u{2260} 7", "7", Some("\u{2260} 7")),
            ("the digits add up to 15", "15", None),
            ("it increased by 5 to 20", "20", None),
            ("it went by 5 to 20", "20", None),
            ("it is by 5 to 20", "20", Some("bound")),
        ] {
            let at = text.rfind(value).unwrap();
            let got = excluded(text, 0, (at, text.len())).map(|x| match x {
                Excluded::Negation(q) => &text[q..],
                Excluded::Bound => "bound",
            });
            assert_eq!(got, want, "{text}");
        }
    }

    /// The fallback answers the value before a negation, never the negated
    /// one; with none before it, no answer.
    #[test]
    fn a_negated_value_is_not_the_answer() {
        for (response, want) in [
            ("So the result is 9, not 8.", Ok("9")),
            ("The total is 9 rather than 8.", Ok("9")),
            ("The total is 9 instead of 8.", Ok("9")),
            ("The sum is $9$, not $8$.", Ok("9")),
            ("So the count is 9, not 7, not 8.", Ok("9")),
            (
                // (Another sentence before the negation is not read.)
                "We get 24 cookies. It is not 20 because we counted twice.",
                Err(super::NEGATED),
            ),
            ("So it isn't 8.", Err(super::NEGATED)),
            // A negation whose verb is left out (thirteenth session).
            ("So n = 5 works, while n = 4 does not.", Ok("5")),
            ("5 is prime, while 4 is not.", Ok("5")),
            ("The value 3 works and 4 doesn't.", Ok("3")),
            ("So n = 5 works, but n = 4 doesn't, as shown.", Ok("5")),
            ("The sum is 10, which I did not expect.", Ok("10")),
            ("So x = 4 is not extraneous.", Ok("4")),
            ("So x = 4 is no doubt right.", Ok("4")),
            ("Clearly the value cannot be 8.", Err(super::NEGATED)),
            ("So x is not divisible by 3.", Ok("3")),
            ("The answer is 9, not 8.", Ok("9")),
            ("The answer is 9 instead of 8.", Ok("9")),
            ("It's 9 (not 8).", Ok("9")),
            ("So the maximum is less than 5.", Err(super::NEGATED)),
            // (A bound after `, which is` describes the value before it:
            // MX-22.)
            ("We have 3 apples, which is less than 5.", Ok("3")),
            (
                "There are 5 terms, so the maximum is less than 5.",
                Err(super::NEGATED),
            ),
            ("So x is at most 5.", Err(super::NEGATED)),
            // (One value restated after `or`: no hedge.)
            ("So it's 0.5 or 50%.", Ok("50%")),
            ("The probability is 1/4 or 0.25.", Ok("0.25")),
            ("So it's $0.5$ or $50\\%$.", Ok("50\\%")),
            ("It is -1/2 or -0.5", Ok("-0.5")),
            ("So it's 0.5 or 0.6.", Err(super::NEGATED)),
            ("So it's 1/0 or 0.", Err(super::NEGATED)),
            // (A comparison that qualifies a noun: the value before it.)
            (
                "So n = 12 is the smallest integer greater than 10.",
                Ok("12"),
            ),
            ("There are 5 primes less than 12.", Ok("5")),
            ("x must be a number greater than 10.", Err(super::NEGATED)),
            (
                "We have 12. Take any number greater than 10.",
                Err(super::NEGATED),
            ),
            ("x can be any number except 5.", Err(super::NEGATED)),
            (
                "It cannot be found without 5 more points.",
                Err(super::NEGATED),
            ),
            ("Hence n \u{2260} 7.", Err(super::NEGATED)),
            // (The formula whole, which no gold 7 equals.)
            ("Thus, $n \\neq 7$.", Ok("n \\neq 7")),
            ("The digits add up to 15.", Ok("15")),
            // An operation's argument.
            ("So she keeps half of 10.", Err(super::NEGATED)),
            ("So the discount is 10 percent of 50.", Err(super::NEGATED)),
            ("So the side is the square root of 49, which is 7.", Ok("7")),
            ("She has a total of 12 apples.", Ok("12")),
            ("So the sum of 3 and 4 is needed.", Ok("4")),
            // Rejected by the words after the value or a verb before it.
            ("We find that x = 3 is extraneous.", Err(super::NEGATED)),
            ("Since x = 5 works, x = 3 is extraneous.", Ok("5")),
            (
                "Checking, $x = 3$ is not a valid root.",
                Err(super::NEGATED),
            ),
            ("So 3 is not the answer.", Err(super::NEGATED)),
            ("x = 3 isn't valid", Err(super::NEGATED)),
            ("x = 3 cannot be a solution", Err(super::NEGATED)),
            ("But x = 3 does not work.", Err(super::NEGATED)),
            ("x = 3 doesn't satisfy the equation.", Err(super::NEGATED)),
            ("x = 3 fails the check.", Err(super::NEGATED)),
            ("The value 3 is too small.", Err(super::NEGATED)),
            ("We rule out 3.", Err(super::NEGATED)),
            ("so we discard \\(x = 3\\).", Err(super::NEGATED)),
            ("So x = 3 works.", Ok("3")),
            ("Thus x = 3 is valid.", Ok("3")),
            ("Thus x = 3 is the only solution.", Ok("3")),
            // Joined to a number before it: a range, a ratio, a hedge
            // (a proportion is read whole); not the result of a change.
            ("We pick 2 out of 3.", Ok("2 out of 3")),
            ("The ratio of boys to girls is 3 to 1.", Err(super::NEGATED)),
            ("It takes 3 to 5 days.", Err(super::NEGATED)),
            ("So the range is from 3 to 5.", Err(super::NEGATED)),
            ("The value lies between $3$ and $5$.", Err(super::NEGATED)),
            ("The probability is 1 in 2.", Ok("1 in 2")),
            ("It could be 3 or 5.", Err(super::NEGATED)),
            ("I think it's either 5 or 7.", Err(super::NEGATED)),
            ("The score rose from 3 to 5.", Ok("5")),
            (
                "So 10 people attended in total, not counting the 2 organizers.",
                Ok("10"),
            ),
            ("So 12 apples, not including 3 rotten ones.", Ok("12")),
            ("So 12 apples, counting the 3 rotten ones.", Ok("3")),
            // The same value ruled out earlier in its sentence.
            (
                "The answer cannot be 5, since 5 is odd.",
                Err(super::NEGATED),
            ),
            ("It is not 5 because 5 is too small.", Err(super::NEGATED)),
            (
                "x cannot be 3.5, since 3.5 is too big.",
                Err(super::NEGATED),
            ),
            ("The sum is 5, and 5 is prime.", Ok("5")),
            ("x is not 3; so x = 3.5.", Ok("3.5")),
            ("He increased it from 3 to 5.", Ok("5")),
            ("We add 3 to 5 and get 8.", Ok("8")),
            ("So we round 4.67 to 5.", Ok("5")),
            // A unit's exponent in its own math span.
            ("The area is $24$ cm$^2$.", Ok("24")),
            ("The area is 24 cm\\(^2\\).", Ok("24 cm")),
            ("So x$^2$", Ok("^2")),
            ("The temperature fell 5 degrees to -3.", Ok("-3")),
            ("So 3 is not divisible by 2.", Ok("2")),
            // Judged wrong in the rest of its clause or the next sentence.
            (
                "Adding them gives 12, which is impossible.",
                Err(super::NEGATED),
            ),
            ("That yields 12, an impossible value.", Err(super::NEGATED)),
            ("We tried 10 but it was too large.", Err(super::NEGATED)),
            (
                "I thought it was 9, but that was a mistake.",
                Err(super::NEGATED),
            ),
            (
                "My first guess was 10. That turned out to be too big.",
                Err(super::NEGATED),
            ),
            (
                "That gives 10. However, this is wrong.",
                Err(super::NEGATED),
            ),
            ("Hmm, 8 does not seem right.", Err(super::NEGATED)),
            ("x = 3 is not in the domain.", Err(super::NEGATED)),
            ("$x = 3$ satisfies neither equation.", Err(super::NEGATED)),
            ("The candidates are 4 and 6, and 6 is too large.", Ok("4")),
            ("We get 12, and 13 is too large.", Ok("12")),
            ("So x = 3 is not extraneous.", Ok("3")),
            ("So x = 3 is outside the domain.", Err(super::NEGATED)),
            (
                "So the point is (3, 4), which lies outside the circle.",
                Ok("(3, 4)"),
            ),
            (
                "So the maximum is 12, and it is impossible to do better.",
                Ok("12"),
            ),
            ("So we get 12, which is not too large.", Ok("12")),
            ("So we get 12 (no mistake this time).", Ok("12")),
            ("So x = 2 where the function is undefined.", Ok("2")),
            ("So x = 3 works too.", Ok("3")),
            (
                "So the limit is 0, and the derivative is undefined there.",
                Ok("0"),
            ),
            ("There are 12 ways. This is not a coincidence.", Ok("12")),
            ("There are 12 ways. Others are wrong.", Ok("12")),
            (
                "There are 12 ways, though some might think it is wrong.",
                Ok("12"),
            ),
            // A question about the value that the next words deny.
            ("Is the answer 5? No.", Err(super::NEGATED)),
            (
                "Could it be 5? Let's check: 5 + 5 = 11? No, it is 10.",
                Ok("10"),
            ),
            ("Could it be 11? Nope.", Err(super::NEGATED)),
            ("Is the answer 5? Yes.", Ok("5")),
            // (A response ending on the question states nothing: MX-21.)
            (
                "Is the answer 5?",
                Err(crate::score::math::extract::alternatives::ASKED),
            ),
            // A Chinese answer phrase in a question (吗) states nothing.
            ("答案是5吗？不是。", Err(super::NEGATED)),
            (
                "答案是5吗？",
                Err(crate::score::math::extract::alternatives::ASKED),
            ),
            // Chinese: negations, bounds, rejections.
            ("所以结果是9，不是8。", Ok("9")),
            ("因此 x=9，不等于8。", Ok("9")),
            ("所以最大值小于5。", Err(super::NEGATED)),
            ("经检验，x=3 是增根，舍去。", Err(super::NEGATED)),
            ("x=3不符合题意，舍去。", Err(super::NEGATED)),
            ("所以 x=3，符合题意。", Ok("3")),
            ("经检验，x=4不是原方程的根。", Err(super::NEGATED)),
            ("x=2 使分母为零，无意义。", Err(super::NEGATED)),
            ("所以答案不是12，而是15。", Ok("15")),
            ("最终答案：x=6（x=-1舍去）", Ok("x=6")),
            ("答案：5（单位：cm）", Ok("5")),
            ("所以 4 不是质数，答案是 4。", Ok("4")),
            ("解得 x=2 或 x=-3（舍去）。", Ok("2")),
        ] {
            let got = locate_default(response, false).map(|l| l.answer);
            assert_eq!(got.as_deref().map_err(|e| *e), want, "{response}");
        }
    }
}
