//! The preparation of `math.equal` (ME-2): an answer as written put in the
//! plain form the comparison reads, in one lexer pass ([`lex`]) and a few
//! rewrites that run only when their text can be present.
//!
//! # Differences with the document
//!
//! See the module `equal`: document 004's preparation is a chain of string
//! replacements; this one reads commands whole (`\ltimes` is not `\lt`).

use super::lex::lex;
use super::words::{self, has};
use crate::score::math::normalize::is_variable as lone_variable_of;
use crate::score::math::units;
use crate::score::math::words::TrimQuick;
use crate::text::brackets::{self, Escapes};
use crate::text::latex_groups::{self, Groups, MATH_ANSWER, Rewrite};
/// Puts an answer in the plain form the comparison reads (rule ME-2): math
/// delimiters, `\boxed{}` and whole-answer `\text{}` wrappers removed,
/// spacing commands and `\left`/`\right` dropped, currency signs dropped,
/// `\dfrac`/`\tfrac` → `\frac`, `percent` → `\%`, `and`/`or`/`;` → `,`,
/// e-notation → `\times 10^{…}`, trailing punctuation removed.
///
/// ```
/// use scorespec::score::math::equal::prepare;
/// assert_eq!(prepare(r"$\boxed{\dfrac{1}{2}}$."), r"\frac{1}{2}");
/// assert_eq!(prepare(r"\$ 5"), "5");
/// assert_eq!(prepare("3.54e-07"), r"3.54\times10^{-07}");
/// ```
pub fn prepare(s: &str) -> String {
    prepare_parts(s).0
}

/// [`prepare`], with a trailing qualifier (`\text{ for all } x`, `\text{
/// where } …`, ME-18) set apart: the answer, and the qualifier if any.
pub(super) fn prepare_parts(s: &str) -> (String, Option<String>) {
    // Most answers compared are short numbers, already in the plain form.
    if let Some(core) = plain_core(s) {
        return (core.to_string(), None);
    }
    prepare_full(s)
}

/// The text a plain number (see [`is_plain`]) written `x`, `x.` or in one
/// pair of math delimiters (`$x$`, `$$x$$`, `\(x\)`, `\[x\]`), with one
/// final `.` inside or after them, is prepared into: `x` (a unit test
/// checks the claim against [`prepare_full`]); `None` for any other text.
fn plain_core(s: &str) -> Option<&str> {
    let (t, dot) = match s.strip_suffix('.') {
        Some(t) => (t, true),
        None => (s, false),
    };
    let t = match [("$$", "$$"), ("$", "$"), ("\\(", "\\)"), ("\\[", "\\]")]
        .iter()
        .find_map(|(open, close)| t.strip_prefix(open)?.strip_suffix(close))
    {
        Some(inner) if dot => inner,
        Some(inner) => inner.strip_suffix('.').unwrap_or(inner),
        None => t,
    };
    is_plain(t).then_some(t)
}

/// Whether the preparation leaves `s` as it is, seen from its form alone
/// (a unit test checks the claim against [`prepare_full`]): an integer of
/// 1 to 18 digits with an optional `-`, followed by nothing, or by `/` or
/// `.` and 1 to 18 digits; or `\frac{…}{…}` (with an optional `-`) of two
/// such integers.
fn is_plain(s: &str) -> bool {
    let b = s.as_bytes();
    let b = b.strip_prefix(b"-").unwrap_or(b);
    let digits = |b: &[u8]| {
        let n = b.iter().take_while(|c| c.is_ascii_digit()).count();
        (1..=18).contains(&n).then_some(n)
    };
    if let Some(rest) = b.strip_prefix(b"\\frac{") {
        let Some(n) = digits(rest) else {
            return false;
        };
        let Some(rest) = rest[n..].strip_prefix(b"}{") else {
            return false;
        };
        return digits(rest).is_some_and(|n| &rest[n..] == b"}");
    }
    match digits(b) {
        Some(n) => match &b[n..] {
            [] => true,
            [b'/' | b'.', rest @ ..] => digits(rest) == Some(rest.len()),
            _ => false,
        },
        None => false,
    }
}

/// [`prepare_parts`] by all its passes, for any text.
fn prepare_full(s: &str) -> (String, Option<String>) {
    let unquoted = unquote(s);
    let timed = times_letters(unquoted);
    let unquoted = timed.as_deref().unwrap_or(unquoted);
    let mut t = match undouble_commands(unquoted) {
        Some(u) => lex(&u),
        None => lex(unquoted),
    };
    // A mixed number is read before line breaks become spaces (`11\n5/6` is not one).
    // Every pass below runs only when its text can be present (most answers
    // hold none of them): a check of the bytes seen (`seen`, taken again
    // after every rewrite) or of a substring, not a copy.
    let mut seen = Seen::of(&t);
    if seen.has(b'/') && seen.has(b' ') {
        t = split_top(&t, ',')
            .into_iter()
            .map(|part| {
                split_equals(part)
                    .into_iter()
                    .map(mixed_number)
                    .collect::<Vec<_>>()
                    .join("=")
            })
            .collect::<Vec<_>>()
            .join(",");
        seen = Seen::of(&t);
    }
    if seen.has(b'\r') || seen.has(b'\n') || seen.has(b'\t') {
        t = t.replace("\r\n", " ").replace(['\n', '\r', '\t'], " ");
        seen = Seen::of(&t);
    }
    let command = |seen: &Seen, t: &str, name: &str| seen.has(b'\\') && has(t, name);
    if seen.has(b'\\') {
        if let Some(rest) = after_conclusion_sign(&t) {
            t = rest.to_string();
            seen = Seen::of(&t);
        }
    }
    if command(&seen, &t, "\\mathrm{") {
        t = mathrm_units(&t);
        seen = Seen::of(&t);
    }
    if seen.has(b';') {
        t = group_solutions(&t).replace(';', ",");
        seen = Seen::of(&t);
    }
    if command(&seen, &t, "\\left") || command(&seen, &t, "\\right") {
        t = drop_left_right(&t);
        seen = Seen::of(&t);
    }
    // Every mark of a qualifier holds a backslash or a space.
    let marked = seen.has(b'\\') || seen.has(b' ');
    let start = if marked { qualifier_start(&t) } else { None };
    let qualifier = match start {
        Some(k) => {
            let q = t[k..].split_whitespace().collect::<Vec<_>>().join(" ");
            t.truncate(k);
            Some(q)
        }
        None => None,
    };
    if let Some(cond) = set_builder(&t) {
        t = cond;
    }
    // A number in words keeps its "and" (`three hundred and five`, ME-15);
    // a sign word before a number is its sign (`minus 2`, `negative five`).
    if let Some(n) = words::number_word(&t) {
        t = n.to_string();
    } else if let Some((p, q)) = words::fraction_word(&t).or_else(|| words::proportion(&t)) {
        t = format!("\\frac{{{p}}}{{{q}}}");
    } else if let Some(n) = words::signed(&t) {
        t = n;
    }
    // (the bytes seen again: the passes above may have rewritten the text)
    seen = Seen::of(&t);
    if let Some(u) = joining_words(&t, &seen) {
        t = u;
        seen = Seen::of(&t);
    }
    if percent_present(&t) {
        t = percent_words(&t);
        seen = Seen::of(&t);
    }
    if command(&seen, &t, "\\circ") {
        if let Some(u) = temperature(&t) {
            t = u;
            seen = Seen::of(&t);
        }
    }
    if command(&seen, &t, "\\approx") {
        t = approx(&t);
        seen = Seen::of(&t);
    }
    if command(&seen, &t, "\\in") && in_command(&t) {
        t = after_in(&t);
        seen = Seen::of(&t);
    }
    if seen.has(b':') {
        t = t.replace(':', "/");
        seen = Seen::of(&t);
    }
    if (seen.has(b'e') || seen.has(b'E')) && exponent_present(&t) {
        t = e_notation(&t);
    }
    t = unwrap_all(t);
    if let Some(letter) = choice_letter(&t) {
        t = letter;
    }
    // `{1,2}` written without backslashes is a brace group around a list
    // (LaTeX shows `1,2`; `\{1,2\}` is the set): the list.
    if t.starts_with('{') && t.ends_with('}') && closing(&t, 0) == Some(t.len() - 1) {
        let inner = &t[1..t.len() - 1];
        if split_top(inner, ',').len() > 1 {
            t = inner.to_string();
        }
    }
    (trailing_unit_word(trimmed(t)), qualifier)
}

/// An answer in plain text (no `$`, `\(` or `\[`) with the letter `x`
/// between two numbers, a space on each side (`4 x 5 x 2 = 40`), with that
/// `x` written `\times`: the times sign of plain text, as `×` is (ME-2).
/// In LaTeX the letter is a variable (`$2 x 3$` is 6x) and stays one.
/// `None` when nothing changes.
fn times_letters(s: &str) -> Option<String> {
    if !s.contains(" x ") || s.contains('$') || s.contains("\\(") || s.contains("\\[") {
        return None;
    }
    let b = s.as_bytes();
    let times = |i: usize| {
        i >= 2
            && b[i] == b'x'
            && b[i - 1] == b' '
            && b[i - 2].is_ascii_digit()
            && b.get(i + 1) == Some(&b' ')
            && b.get(i + 2).is_some_and(u8::is_ascii_digit)
    };
    if !(0..b.len()).any(times) {
        return None;
    }
    let mut out = String::with_capacity(s.len() + 8);
    let mut last = 0;
    for i in (0..b.len()).filter(|&i| times(i)) {
        out.push_str(&s[last..i]);
        out.push_str("\\times");
        last = i + 1;
    }
    out.push_str(&s[last..]);
    Some(out)
}

/// The choice letter an answer names: `(C)` → `C` (any letter in
/// parentheses), and a Chinese option, `C选项`, `选项C`, `C项`, `(C)选项`
/// (option C) → `C` (a capital).
fn choice_letter(t: &str) -> Option<String> {
    let b = t.as_bytes();
    if b.len() == 3 && b[0] == b'(' && b[2] == b')' && b[1].is_ascii_alphabetic() {
        return Some((b[1] as char).to_string());
    }
    let rest = t
        .strip_suffix("选项")
        .or_else(|| t.strip_prefix("选项"))
        .or_else(|| t.strip_suffix('项'))?
        .trim();
    let letter = rest
        .strip_prefix('(')
        .and_then(|r| r.strip_suffix(')'))
        .unwrap_or(rest);
    (letter.len() == 1 && letter.bytes().all(|c| c.is_ascii_uppercase()))
        .then(|| letter.to_string())
}

/// The bytes a text holds, from one pass over it: a pass whose pattern
/// starts with a byte the text lacks is skipped without a search.
struct Seen([u64; 4]);

impl Seen {
    fn of(t: &str) -> Seen {
        let mut bits = [0u64; 4];
        for &c in t.as_bytes() {
            bits[usize::from(c >> 6)] |= 1 << (c & 63);
        }
        Seen(bits)
    }

    fn has(&self, c: u8) -> bool {
        self.0[usize::from(c >> 6)] >> (c & 63) & 1 == 1
    }
}

/// Where a trailing qualifier starts (ME-18): `\text{ for all }`, `\text{
/// where }`, `\text{ when }`, `\text{ if }`, `\forall`, or the words "for
/// all", "for any", "for every", "where", "when" between spaces, at the top
/// level and after something.
fn qualifier_start(t: &str) -> Option<usize> {
    const MARKS: &[&str] = &[
        "\\text{ for ",
        "\\text{for ",
        "\\text{ where",
        "\\text{where",
        "\\text{ when",
        "\\text{when",
        "\\text{ if ",
        "\\text{if ",
        "\\forall",
        " for all ",
        " for any ",
        " for every ",
        " where ",
        " when ",
    ];
    if !has(t, "\\text{") && !has(t, "\\forall") && !has(t, " w") && !has(t, " for ") {
        return None;
    }
    let b = t.as_bytes();
    let mut depth = 0i64;
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'{' | b'(' | b'[' => depth += 1,
            b'}' | b')' | b']' => depth -= 1,
            _ => {}
        }
        if depth == 0
            && i > 0
            && MARKS.iter().any(|m| b[i..].starts_with(m.as_bytes()))
            && !t[..i].trim_quick().is_empty()
        {
            return Some(i);
        }
        i += 1;
    }
    None
}

/// `\{x \mid x < 3\}`, `\{x : x < 3\}`, `\{x | x < 3\}`, `\{x \in
/// \mathbb{R} \mid x < 3\}` → `x < 3`: a set of reals written by its
/// condition is the condition, which compares with intervals (ME-7, ME-17).
fn set_builder(t: &str) -> Option<String> {
    let inner = t.trim_quick().strip_prefix("\\{")?.strip_suffix("\\}")?;
    let (k, len) = ["\\mid", ":", "|"]
        .iter()
        .find_map(|m| inner.find(m).map(|k| (k, m.len())))?;
    let head = inner[..k].trim_quick();
    let head = match head.split_once("\\in") {
        Some((v, set)) if words::number_set(set) == Some("(-\\infty,\\infty)") => v.trim_quick(),
        Some(_) => return None,
        None => head,
    };
    let cond = inner[k + len..].trim_quick();
    (is_variable(head) && !cond.is_empty()).then(|| cond.to_string())
}

/// `125 miles` → `125\text{ miles}`, `5 m` → `5\text{ m}`: a number
/// followed by a space and one plain word that names a unit of the table
/// (ME-9) is that quantity, as if the word were in `\text{}` (an answer
/// written outside math mode: `$125$ miles`). Of the units of one letter,
/// [`SPACED_LETTER_UNITS`] only (`5m`, without the space, stays `5m`).
fn trailing_unit_word(t: String) -> String {
    if let Some(q) = unit_expression(&t) {
        return q;
    }
    if let Some((num, word)) = t.rsplit_once(' ') {
        let num = num.trim_end();
        if is_plain_number(num)
            && (word.len() >= 2 || SPACED_LETTER_UNITS.contains(&word))
            && word.bytes().all(|c| c.is_ascii_alphabetic())
            && units::is_unit(word)
        {
            return format!("{num}\\text{{ {word}}}");
        }
    }
    t
}

/// The units of one letter that a number, a space and the letter alone
/// name (`The answer is 5 m.`, `5 s`, `5 g`, `3 h`, `2 L`): a physics answer
/// written outside math mode, far more often than a product of a number and
/// a variable with a space between. Not `t` (a time variable as often as a
/// tonne) nor `l` (a length).
const SPACED_LETTER_UNITS: [&str; 5] = ["m", "s", "g", "h", "L"];

/// A number as [`trailing_unit_word`] reads it before a unit: digits, `.`,
/// `-`, `,` and braces, starting with a digit, `-` or `.`.
fn is_plain_number(num: &str) -> bool {
    !num.is_empty()
        && num.starts_with(|c: char| c.is_ascii_digit() || c == '-' || c == '.')
        && num
            .bytes()
            .all(|c| c.is_ascii_digit() || matches!(c, b'.' | b'-' | b'{' | b'}' | b','))
}

/// `9.8 m/s^2` → `9.8\text{ m}/\text{ s}^{2}`, `27 cm^3` → `27\text{ cm}^{3}`,
/// `3.54e-07 s^-1` → `3.54\times10^{-07}\text{ s}^{-1}`: a number (also with
/// an exponent, which prepare has rewritten `\times10^{…}`) followed by unit
/// words of the table (ME-9), each with an optional integer power (`^2`,
/// `^-1`, `^{-1}`), joined by spaces, `/`, `*` or `\cdot` — with at least
/// one power or joint (one plain word is [`trailing_unit_word`]'s) and at
/// most [`units::MAX_UNIT_WORDS`] words: the quantity written outside math mode, as
/// MX-14's number token reads it. A unit of one letter alone with a
/// positive power is a variable (`3 m^2` stays `3m^2`).
fn unit_expression(t: &str) -> Option<String> {
    let (num, tail) = t.split_once(' ')?;
    // (The e-notation is already `\times10^{…}` here: prepare's rewrite.)
    let (mantissa, exponent) = match num.split_once("\\times10^{") {
        Some((m, x)) => (m, Some(x.strip_suffix('}')?.trim_start_matches(['-', '+']))),
        None => (num, None),
    };
    let exponent_ok =
        exponent.is_none_or(|x| !x.is_empty() && x.bytes().all(|c| c.is_ascii_digit()));
    if !(is_plain_number(mantissa) && exponent_ok) {
        return None;
    }
    let mut out = num.to_string();
    let mut rest = tail.trim_start();
    let (mut marked, mut words, mut short) = (false, 0, false);
    while !rest.is_empty() {
        if words == units::MAX_UNIT_WORDS {
            return None;
        }
        for op in ["/", "*", "\\cdot"] {
            if let Some(r) = rest.strip_prefix(op) {
                if op == "/" {
                    out.push('/');
                }
                rest = r.trim_start();
                marked = true;
                break;
            }
        }
        let n = rest.bytes().take_while(u8::is_ascii_alphabetic).count();
        let word = &rest[..n];
        if n == 0 || !units::is_unit(word) {
            return None;
        }
        short = n == 1;
        out.push_str("\\text{ ");
        out.push_str(word);
        out.push('}');
        rest = &rest[n..];
        if let Some(r) = rest.strip_prefix('^') {
            let (k, r) = match r.strip_prefix('{') {
                Some(r) => r.split_once('}')?,
                None => {
                    let sign = usize::from(r.starts_with('-'));
                    let m = sign + r[sign..].bytes().take_while(u8::is_ascii_digit).count();
                    r.split_at(m)
                }
            };
            let digits = k.strip_prefix('-').unwrap_or(k);
            if digits.is_empty() || digits.len() > 2 || !digits.bytes().all(|c| c.is_ascii_digit())
            {
                return None;
            }
            out.push_str("^{");
            out.push_str(k);
            out.push('}');
            rest = r;
            marked = true;
        }
        words += 1;
        rest = rest.trim_start();
    }
    // One letter alone with a positive power is a variable (`3 m^2`,
    // `6 s^2`): a unit of one letter counts in a compound (`m/s^2`,
    // `m s^{-1}`) or with a negative power (`5 s^-1`, a rate).
    let lone_letter = words == 1 && short && !out.contains('/') && !out.contains("}^{-");
    (marked && words > 0 && !lone_letter).then_some(out)
}

/// `t` without its leading and trailing white space, trimmed in place.
fn trimmed(mut t: String) -> String {
    let end = t.trim_end().len();
    t.truncate(end);
    let start = t.len() - t.trim_start().len();
    t.drain(..start);
    t
}

/// An answer in quotes (`"12 and 13"`, or `\"…\"` escaped as in JSON
/// written into the text) is the quoted text (ME-2).
fn unquote(s: &str) -> &str {
    let t = s.trim_quick();
    for q in ["\\\"", "\""] {
        if let Some(inner) = t.strip_prefix(q).and_then(|t| t.strip_suffix(q)) {
            return inner.trim_quick();
        }
    }
    // Unquoted: untouched (a trailing `\ ` is a spacing command, not a space to trim).
    s
}

/// `4 4/9` (spaces only) → `4\frac{4}{9}` when the fraction is proper, so the
/// engine reads the mixed number; `11 6/6` is left alone (ambiguous).
fn mixed_number(s: &str) -> String {
    let t = s.trim_quick();
    let (sign, body) = match t.strip_prefix('-') {
        Some(b) => ("-", b),
        None => ("", t),
    };
    let Some((whole, frac)) = body.split_once(' ') else {
        return s.to_string();
    };
    let frac = frac.trim_start_matches(' ');
    let digits = |x: &str| !x.is_empty() && x.len() <= 30 && x.bytes().all(|b| b.is_ascii_digit());
    if !digits(whole) {
        return s.to_string();
    }
    let end = frac
        .find(|c: char| !(c.is_ascii_digit() || c == '/'))
        .unwrap_or(frac.len());
    let (f, rest) = frac.split_at(end);
    let Some((n, d)) = f.split_once('/') else {
        return s.to_string();
    };
    if !digits(n) || !digits(d) {
        return s.to_string();
    }
    let (Ok(nn), Ok(dd)) = (n.parse::<u128>(), d.parse::<u128>()) else {
        return s.to_string();
    };
    if dd == 0 || nn >= dd {
        return s.to_string();
    }
    format!("({sign}{whole}\\frac{{{n}}}{{{d}}}){rest}")
}

/// The byte index of the bracket closing the one at `open` (`{`, `(`, `[`;
/// a backslash escapes the next byte).
pub(super) fn closing(s: &str, open: usize) -> Option<usize> {
    brackets::closing(s.as_bytes(), open, Escapes::Backslash)
}

/// Strips delimiters and whole-answer wrappers until nothing changes.
fn unwrap_all(s: String) -> String {
    let mut t = match s.trim_quick() {
        x if x.len() == s.len() => s,
        x => x.to_string(),
    };
    for _ in 0..32 {
        let before = t.len();
        if t.trim_quick().len() != t.len() {
            t = t.trim_quick().to_string();
        }
        // trailing punctuation and `\\`, stripped from a borrowed slice
        // (copying per stripped character was quadratic); a closer the
        // answer never opened (`120 \]`, `15 \)`, `120 \end{answer}`, the
        // rest of a display or an environment the answer block cut) is
        // stray (ME-2), each opener looked for once
        let stray_display = !has(&t, "\\[");
        let stray_inline = !has(&t, "\\(");
        let stray_end = !has(&t, "\\begin{answer}");
        let mut end = t.as_str();
        loop {
            let u = end.trim_end();
            let u = u
                .strip_suffix("\\\\")
                .or_else(|| {
                    u.strip_suffix('.')
                        .filter(|x| !x.ends_with('\\') && !x.ends_with('.'))
                })
                .or_else(|| u.strip_suffix(',').filter(|x| !x.ends_with('\\')))
                .or_else(|| u.strip_suffix(';'))
                .or_else(|| u.strip_suffix(':'))
                .or_else(|| u.strip_suffix("\\]").filter(|_| stray_display))
                .or_else(|| u.strip_suffix("\\)").filter(|_| stray_inline))
                .or_else(|| u.strip_suffix("\\end{answer}").filter(|_| stray_end))
                // A stray trailing backslash (ME-15).
                .or_else(|| u.strip_suffix('\\').filter(|x| !x.ends_with('\\')));
            match u {
                Some(x) => end = x.trim_end(),
                None => break,
            }
        }
        let kept = end.len();
        t.truncate(kept);
        // `t` is trimmed here: only a `$` at an end can shorten it.
        if t.starts_with('$') || t.ends_with('$') {
            let t2 = t.trim_matches('$').trim_quick();
            if t2.len() != t.len() {
                t = t2.to_string();
            }
        }
        for (o, c) in [("\\(", "\\)"), ("\\[", "\\]"), ("<answer>", "</answer>")] {
            if let Some(x) = t.strip_prefix(o).and_then(|x| x.strip_suffix(c)) {
                t = x.trim_quick().to_string();
            }
        }
        // A value written as the right side of an equation whose left side
        // the answer left out (`= 3125`; ME-2); not `==`, not `=` alone.
        if let Some(x) = t.strip_prefix('=').filter(|x| !x.starts_with('=')) {
            if !x.trim_quick().is_empty() {
                t = x.trim_quick().to_string();
            }
        }
        // One wrapper of each kind per round, in this order.
        for w in [
            "boxed",
            "fbox",
            "text",
            "textbf",
            "textnormal",
            "mathrm",
            "mbox",
            "mathbf",
            "textit",
        ] {
            if !t.starts_with('\\') {
                break;
            }
            // A whole group `\w{…}` starts with its name and ends with a brace.
            if !t[1..].starts_with(w) || !t.ends_with('}') {
                continue;
            }
            if let Some(g) = latex_groups::whole(&t, MATH_ANSWER, |name| name == w) {
                let inner = g.content(&t).trim_quick();
                // `\mathrm{e}` is Euler's number, keep it for the engine.
                if !(w == "mathrm" && inner == "e") {
                    t = inner.to_string();
                }
            }
        }
        // Every step above only shortens the text.
        if t.len() == before {
            break;
        }
    }
    t
}

fn drop_left_right(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut rest = s;
    while let Some(i) = rest.find('\\') {
        out.push_str(&rest[..i]);
        let tail = &rest[i..];
        let word = |w: &str| {
            tail.strip_prefix(w)
                .filter(|x| !x.starts_with(|c: char| c.is_ascii_alphabetic()))
        };
        if let Some(x) = word("\\left").or_else(|| word("\\right")) {
            // `\left.` / `\right.` are invisible delimiters.
            rest = x.strip_prefix('.').unwrap_or(x);
            if x.starts_with("\\{") || x.starts_with("\\}") || x.starts_with("\\|") {
                // keep the escaped delimiter
            }
        } else {
            let n = tail[1..].chars().next().map_or(0, char::len_utf8);
            out.push_str(&tail[..1 + n]);
            rest = &tail[1 + n..];
        }
    }
    out.push_str(rest);
    out
}

/// `\mathrm{m}`, `\mathrm{~km}` → `\text{m}`, `\text{km}` when the word is a
/// unit of the table (ME-9): upright letters after a number are a unit, as
/// `\text{}` is.
fn mathrm_units(s: &str) -> String {
    let mut groups = Groups::new(s, MATH_ANSWER);
    let mut out = Rewrite::new(s, MATH_ANSWER);
    let unit = |w: &str| units::is_unit(w);
    while let Some(g) = groups.next(|name| name == "mathrm") {
        groups.skip_to(g.close + 1);
        let inner = g.content(s).trim_quick();
        let is_unit = unit(inner)
            || inner
                .split_once('/')
                .is_some_and(|(a, b)| unit(a) && unit(b));
        if is_unit {
            out.replace(&g, &format!("\\text{{{inner}}}"));
        }
    }
    out.finish().0
}

/// `p=5,q=2;p=7,q=2` → `(5,2),(7,2)`: with both `;` and `,` at the top,
/// `;` separates solutions and `,` the named values of one (ME-5).
fn group_solutions(s: &str) -> String {
    let groups = split_top(s, ';');
    if groups.len() < 2 || !groups.iter().any(|g| split_top(g, ',').len() > 1) {
        return s.to_string();
    }
    let name = |x: &str| {
        let x = x.trim_quick();
        x.starts_with(|c: char| c.is_ascii_alphabetic())
            && x.chars()
                .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '{' | '}' | '\\'))
    };
    groups
        .iter()
        .map(|g| {
            let parts: Vec<String> = split_top(g, ',')
                .into_iter()
                .map(|p| match p.split_once('=') {
                    Some((l, r)) if name(l) && !r.contains('=') => r.trim_quick().to_string(),
                    _ => p.trim_quick().to_string(),
                })
                .collect();
            if parts.len() > 1 {
                format!("({})", parts.join(","))
            } else {
                parts.concat()
            }
        })
        .collect::<Vec<_>>()
        .join(",")
}

/// The words `and`, `or` between items → `,` ([`replace_words`]), but
/// "and" between inequalities is their intersection, not a list
/// ([`inequalities_and`]).
fn connectives(t: &str) -> String {
    match inequalities_and(t) {
        Some(Ok(chain)) => chain,
        Some(Err(())) => replace_words(t, &["or"]),
        None => replace_words(t, &["and", "or"]),
    }
}

/// The `words` (`and`, `or`) between items → `,`: the word with no letter
/// (or backslash) before it and no lower-case letter after it (`1 or 2`,
/// `(1,2)or(3,4)`, `1orW(x)`; not `for`, `order`).
fn replace_words(s: &str, words: &[&str]) -> String {
    let b = s.as_bytes();
    let mut out = String::with_capacity(s.len());
    let mut i = 0;
    while i < b.len() {
        if let Some(w) = words.iter().find(|w| is_word_at(b, i, w)) {
            out.push(',');
            i += w.len();
            continue;
        }
        let n = s[i..].chars().next().map_or(1, char::len_utf8);
        out.push_str(&s[i..i + n]);
        i += n;
    }
    out
}

/// Whether the connective `w` stands at `i` of `b` as [`replace_words`]
/// reads it: no letter or backslash before it, and something other than a
/// lower-case letter after it.
fn is_word_at(b: &[u8], i: usize, w: &str) -> bool {
    b[i..].starts_with(w.as_bytes())
        && i > 0
        && !(b[i - 1].is_ascii_alphabetic() || b[i - 1] == b'\\')
        && b.get(i + w.len()).is_some_and(|c| !c.is_ascii_lowercase())
}

/// An inequality's relation: its sign as written in a chain, and whether it
/// bounds its variable from below (`x > 1`, `1 < x`).
type Bound<'a> = (&'a str, &'a str, bool, &'a str);

/// The relation signs of [`inequalities_and`], longest first: each with the
/// sign that reads the same way from left to right (`<` for `<` and `>`),
/// and whether the variable on its left is bounded from below.
const RELATIONS: [(&str, &str, bool); 10] = [
    ("\\leq", "\\le", false),
    ("\\geq", "\\le", true),
    ("\\le", "\\le", false),
    ("\\ge", "\\le", true),
    ("\\lt", "<", false),
    ("\\gt", "<", true),
    ("<=", "\\le", false),
    (">=", "\\le", true),
    ("<", "<", false),
    (">", "<", true),
];

/// ME-2: "and" between inequalities. `None` when the text has no word
/// "and" beside an inequality sign (the words become commas as usual);
/// `Some(Ok(chain))` when it is two bounds of one variable joined by one
/// "and", written as one chain (`x > 1 and x < 3` → `1<x<3`, `x\ge 2 and x
/// \le 5` → `2\le x\le 5`); `Some(Err(()))` otherwise, when the "and"
/// stays a word: an intersection is no list (`x<1 and x>3` holds no
/// number; as the list `x<1, x>3` it was equal to
/// `(-\infty,1)\cup(3,\infty)`, a false "equal").
fn inequalities_and(t: &str) -> Option<Result<String, ()>> {
    let b = t.as_bytes();
    let ands: Vec<usize> = (0..b.len()).filter(|&i| is_word_at(b, i, "and")).collect();
    let sign = |s: &str| s.contains(['<', '>']) || RELATIONS.iter().any(|r| s.contains(r.0));
    if ands.is_empty() || !sign(t) {
        return None;
    }
    let [at] = ands[..] else {
        return Some(Err(()));
    };
    let (l, r) = (bound(&t[..at]), bound(&t[at + 3..]));
    let chain = match (l, r) {
        (Some(l), Some(r)) if l.0 == r.0 && l.2 != r.2 => {
            let (lo, hi) = if l.2 { (l, r) } else { (r, l) };
            format!("{} {} {} {} {}", lo.3, lo.1, lo.0, hi.1, hi.3)
        }
        _ => return Some(Err(())),
    };
    Some(Ok(chain))
}

/// One inequality between a lone variable and a value (`x > 1`, `1 < x`,
/// `x\le\frac{1}{2}`): the variable, the sign in a chain, whether it is a
/// lower bound, and the value.
fn bound(s: &str) -> Option<Bound<'_>> {
    let s = s.trim_quick();
    let (at, (w, chain, lower_left)) = s.char_indices().find_map(|(i, _)| {
        RELATIONS
            .iter()
            .find(|r| relation_at(s, i, r.0))
            .map(|r| (i, *r))
    })?;
    let (left, right) = (s[..at].trim_quick(), s[at + w.len()..].trim_quick());
    let no_sign = |v: &str| {
        !v.is_empty() && !v.contains(['<', '>', '=']) && !v.contains("\\le") && !v.contains("\\ge")
    };
    if !no_sign(left) || !no_sign(right) {
        return None;
    }
    match (lone_variable_of(left), lone_variable_of(right)) {
        (true, false) => Some((left, chain, lower_left, right)),
        (false, true) => Some((right, chain, !lower_left, left)),
        _ => None,
    }
}

/// Whether the relation sign `w` stands whole at `i` of `s`: a command
/// (`\le`) not followed by a letter (`\left`).
fn relation_at(s: &str, i: usize, w: &str) -> bool {
    s[i..].starts_with(w)
        && !(w.starts_with('\\')
            && s.as_bytes()
                .get(i + w.len())
                .is_some_and(u8::is_ascii_alphabetic))
}

/// `and`/`or` ([`connectives`]) and the Chinese connectives
/// ([`zh_connectives`]) between items → `,`; `None` when the text (whose
/// bytes are `seen`) holds neither.
fn joining_words(t: &str, seen: &Seen) -> Option<String> {
    // (`且`, `并且`: "and", read as the word: `x>1 且 x<3` is `1 < x < 3`.)
    let and_zh = (seen.has(0xE4) && t.contains('且'))
        .then(|| t.replace("并且", " and ").replace('且', " and "));
    let t = and_zh.as_deref().unwrap_or(t);
    let english =
        and_zh.is_some() || (seen.has(b'a') && has(t, "and")) || (seen.has(b'o') && has(t, "or"));
    let replaced = english.then(|| connectives(t));
    // (`、` starts with 0xE3, `与` 0xE4, `和` `及` 0xE5, `或` 0xE6.)
    let chinese = (0xE3..=0xE6).any(|c| seen.has(c));
    let zh = chinese
        .then(|| zh_connectives(replaced.as_deref().unwrap_or(t)))
        .flatten();
    zh.or(replaced)
}

/// The Chinese connectives between the items of a list (ME-2): `或者`,
/// `或`, `和`, `及`, `与` ("or", "and") and the enumeration comma `、` (the
/// full-width `，` is already `,`, ME-2's full-width forms).
const ZH_CONNECTIVES: [&str; 6] = ["或者", "或", "和", "及", "与", "、"];

/// Chinese connectives between items → `,`, as `and`/`or` are
/// ([`replace_words`]): `-2 或 3` → `-2 , 3`, `x=-2或x=3`, `2、3`; a
/// connective with nothing but spaces before or after it stays. `None`
/// when there is none to change.
fn zh_connectives(s: &str) -> Option<String> {
    let mut out = String::with_capacity(s.len());
    let mut changed = false;
    let mut rest = s;
    while let Some((k, c)) = rest.char_indices().find(|&(_, c)| c >= '\u{3000}') {
        out.push_str(&rest[..k]);
        let at = &rest[k..];
        let w = ZH_CONNECTIVES.iter().find(|w| at.starts_with(*w));
        match w {
            Some(w) if !out.trim().is_empty() && !at[w.len()..].trim().is_empty() => {
                out.push(',');
                rest = &at[w.len()..];
                changed = true;
            }
            _ => {
                out.push(c);
                rest = &at[c.len_utf8()..];
            }
        }
    }
    out.push_str(rest);
    changed.then_some(out)
}

/// Command names that a doubled backslash (`\\\\frac`, a string escaped twice)
/// turns into a row break: `\\\\frac` → `\\frac` outside matrices.
/// `None` when there is nothing to change.
fn undouble_commands(s: &str) -> Option<String> {
    if !has(s, "\\\\") || has(s, "\\begin") {
        return None;
    }
    let mut t = s.to_string();
    for cmd in [
        "left", "right", "frac", "dfrac", "tfrac", "sqrt", "pi", "le", "ge", "leq", "geq", "ne",
        "neq", "infty", "cdot", "times", "text", "in", "cup", "cap", "boxed", "pm", "mathrm",
    ] {
        let from = format!("\\\\{cmd}");
        let to = format!("\\{cmd}");
        let mut out = String::with_capacity(t.len());
        let mut rest = t.as_str();
        while let Some(i) = rest.find(&from) {
            let after = &rest[i + from.len()..];
            out.push_str(&rest[..i]);
            if after.starts_with(|c: char| c.is_ascii_alphabetic()) {
                out.push_str(&from);
            } else {
                out.push_str(&to);
            }
            rest = after;
        }
        out.push_str(rest);
        t = out;
    }
    Some(t)
}

/// Whether [`percent_words`] has something to do: a `%` (bare or `\%`),
/// or a percent word ending the answer.
fn percent_present(t: &str) -> bool {
    // The words end the answer, alone or in a final text group.
    let end = t.trim_end();
    let end = end.strip_suffix('}').unwrap_or(end).trim_end();
    t.contains('%') || PERCENT_WORDS.iter().any(|w| end.ends_with(w))
}

/// The words that say percent after a number (ME-8), longest first.
const PERCENT_WORDS: [&str; 3] = ["percentage", "percent", "pct"];

/// Whether [`e_notation`] has something to do: an `e` or `E` right after a
/// digit or a decimal point.
fn exponent_present(t: &str) -> bool {
    t.as_bytes()
        .windows(2)
        .any(|w| (w[0].is_ascii_digit() || w[0] == b'.') && matches!(w[1], b'e' | b'E'))
}

/// The text before a trailing text group holding only a percent word, spaces
/// around it allowed: `25\text{ percent}`, `25 \mathrm{pct }` → `25`, `25 `.
fn percent_group(t: &str) -> Option<&str> {
    let body = t.strip_suffix('}')?;
    // The group's text is one of the words: the body ends with it (a check
    // of its last bytes before the searches for the group's command).
    let end = body.trim_end();
    if !PERCENT_WORDS.iter().any(|w| end.ends_with(w)) {
        return None;
    }
    ["\\text{", "\\mathrm{", "\\textrm{", "\\mbox{"]
        .iter()
        .filter_map(|g| body.rfind(g).map(|i| (i, i + g.len())))
        .max()
        .filter(|&(_, inner)| PERCENT_WORDS.contains(&body[inner..].trim_quick()))
        .map(|(open, _)| &t[..open])
}

/// `28 percent`, `28 pct`, `28percentage`, `28 %` → `28\%`.
fn percent_words(s: &str) -> String {
    let mut t = s.trim_end().to_string();
    // The number before the word (or its text group) gets the sign.
    let number = percent_group(&t)
        .or_else(|| PERCENT_WORDS.iter().find_map(|w| t.strip_suffix(w)))
        .map(str::trim_end)
        .filter(|x| x.ends_with(|c: char| c.is_ascii_digit() || c == '}' || c == ')'));
    if let Some(x) = number {
        t = format!("{x}\\%");
    }
    // A bare `%` (not `\%`) is a percent sign too.
    let mut out = String::with_capacity(t.len());
    let mut prev = ' ';
    for c in t.chars() {
        if c == '%' && prev != '\\' {
            out.push_str("\\%");
        } else {
            out.push(c);
        }
        prev = c;
    }
    out.replace(" \\%", "\\%")
}

/// A temperature written with the degree sign and its scale letter,
/// `-5^\circ C` (from `-5°C`), `100^{\circ}\text{F}`: the number in words,
/// `-5 degrees Celsius` (ME-9 reads it as a quantity; `^\circ C` was a
/// standalone angle times a variable `C`). `None` when the degree sign is
/// not followed, after spaces, by `C` or `F` (bare, in braces or in
/// `\text{}`/`\mathrm{}`) and then the end.
fn temperature(t: &str) -> Option<String> {
    let (num, rest) = t
        .split_once("^\\circ")
        .or_else(|| t.split_once("^{\\circ}"))?;
    let rest = rest.trim();
    let rest = ["\\text{", "\\mathrm{", "{"]
        .iter()
        .find_map(|o| rest.strip_prefix(o).and_then(|r| r.strip_suffix('}')))
        .unwrap_or(rest)
        .trim();
    let scale = match rest {
        "C" => "Celsius",
        "F" => "Fahrenheit",
        _ => return None,
    };
    let num = num.trim_end();
    is_plain_number(num).then(|| format!("{num} degrees {scale}"))
}

/// The signs that open a conclusion (`∴ n = 12`, `\Rightarrow x = 3`): at
/// the start of an answer they are no part of it (ME-2).
const CONCLUSION_SIGNS: [&str; 4] = [
    "\\therefore",
    "\\Rightarrow",
    "\\Longrightarrow",
    "\\implies",
];

/// The text after a conclusion sign that opens `t` (spaces before and
/// after it skipped; the command not followed by a letter), if one does.
fn after_conclusion_sign(t: &str) -> Option<&str> {
    let t = t.trim_start();
    CONCLUSION_SIGNS.iter().find_map(|c| {
        let rest = t.strip_prefix(c)?;
        (!rest.starts_with(|x: char| x.is_ascii_alphabetic())).then(|| rest.trim_start())
    })
}

/// `a \approx b` is `a`, the exact side (ME-2, as `math.normalize`):
/// `\frac{1}{3} \approx 0.333` → `\frac{1}{3}`, `x = 1/3 \approx 0.33` →
/// `x = 1/3`; when `a` is a lone variable it is a label: `x \approx 11` →
/// `x = 11`; with nothing before it the value stated, hedged: `\approx 3`
/// → `3` (it was empty, no answer).
fn approx(s: &str) -> String {
    let Some(i) = s.find("\\approx") else {
        return s.to_string();
    };
    let left = s[..i].trim_quick();
    if left.is_empty() {
        return s[i + "\\approx".len()..].trim_quick().to_string();
    }
    if left.contains('=') || !is_variable(left) {
        return left.to_string();
    }
    s.replacen("\\approx", "=", 1)
}

/// A lone variable: one letter (not `e` or `i`) or a Greek letter (not
/// `\pi`), with an optional subscript.
fn is_variable(s: &str) -> bool {
    let s = s.trim_quick();
    let base = match s.find('_') {
        Some(k) => &s[..k],
        None => s,
    };
    let b = base.as_bytes();
    let letter = b.len() == 1 && b[0].is_ascii_alphabetic() && !matches!(b[0], b'e' | b'i');
    let greek = base.len() > 2
        && base.starts_with('\\')
        && base[1..].bytes().all(|c| c.is_ascii_alphabetic())
        && crate::expr::lexicon::is_greek_command(&base[1..])
        && base != "\\pi";
    letter || greek
}

/// `x \in [0, 1]` → `[0, 1]`: membership states the set.
/// Whether `s` holds the command `\in` (not `\infty`, `\int`): without
/// it, [`after_in`] returns the text as it is.
fn in_command(s: &str) -> bool {
    let b = s.as_bytes();
    (0..b.len())
        .any(|i| b[i..].starts_with(b"\\in") && !b.get(i + 3).is_some_and(u8::is_ascii_alphabetic))
}

fn after_in(s: &str) -> String {
    let mut rest = s;
    let mut start = None;
    let mut off = 0;
    while let Some(i) = rest.find("\\in") {
        let after = &rest[i + 3..];
        if !after.starts_with(|c: char| c.is_ascii_alphabetic()) {
            start = Some(off + i + 3);
        }
        off += i + 3;
        rest = after;
    }
    match start {
        Some(k) if !s[..k].contains(',') => s[k..].trim_quick().to_string(),
        _ => s.to_string(),
    }
}

/// `3.54e-07` → `3.54\times10^{-07}` where a decimal is directly followed by
/// `e`/`E`, an optional sign and digits, and no letter after.
fn e_notation(s: &str) -> String {
    let b = s.as_bytes();
    let mut out = String::with_capacity(s.len() + 8);
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        let starts_number = c.is_ascii_digit()
            && (i == 0
                || !(b[i - 1].is_ascii_alphanumeric() || b[i - 1] == b'\\' || b[i - 1] == b'.'));
        if starts_number {
            let mut j = i;
            while j < b.len() && (b[j].is_ascii_digit() || b[j] == b'.') {
                j += 1;
            }
            if j < b.len() && (b[j] == b'e' || b[j] == b'E') {
                let mut k = j + 1;
                if k < b.len() && (b[k] == b'+' || b[k] == b'-') {
                    k += 1;
                }
                let ds = k;
                while k < b.len() && b[k].is_ascii_digit() {
                    k += 1;
                }
                let letter_after = k < b.len() && b[k].is_ascii_alphabetic();
                if k > ds && !letter_after {
                    let exp = s[j + 1..k].trim_start_matches('+');
                    out.push_str(&s[i..j]);
                    out.push_str("\\times10^{");
                    out.push_str(exp);
                    out.push('}');
                    i = k;
                    continue;
                }
            }
            out.push_str(&s[i..j]);
            i = j;
            continue;
        }
        let n = s[i..].chars().next().map_or(1, char::len_utf8);
        out.push_str(&s[i..i + n]);
        i += n;
    }
    out
}

/// `\{` opens a set and `\}` closes it: +1, −1, else 0.
fn escaped_brace(next: Option<&u8>) -> i64 {
    match next {
        Some(b'{') => 1,
        Some(b'}') => -1,
        _ => 0,
    }
}

/// Splits at `sep` outside brackets (`()[]{}` and `\begin…\end`).
pub(super) fn split_top(s: &str, sep: char) -> Vec<&str> {
    let b = s.as_bytes();
    let mut depth: i64 = 0;
    let mut env: i64 = 0;
    let mut parts = Vec::new();
    let mut start = 0;
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'\\' => {
                if s[i..].starts_with("\\begin") {
                    env += 1;
                } else if s[i..].starts_with("\\end") {
                    env -= 1;
                }
                depth += escaped_brace(b.get(i + 1));
                i += 2;
                continue;
            }
            b'(' | b'[' | b'{' => depth += 1,
            b')' | b']' | b'}' => depth -= 1,
            c if c == sep as u8 && depth <= 0 && env <= 0 => {
                parts.push(&s[start..i]);
                start = i + 1;
            }
            _ => {}
        }
        i += 1;
    }
    parts.push(&s[start..]);
    parts
}

/// Splits at top-level `=` (not `<=`, `>=`, `!=`, `==`).
pub(super) fn split_equals(s: &str) -> Vec<&str> {
    let b = s.as_bytes();
    let mut depth: i64 = 0;
    let mut parts = Vec::new();
    let mut start = 0;
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'\\' => {
                depth += escaped_brace(b.get(i + 1));
                i += 2;
                continue;
            }
            b'(' | b'[' | b'{' => depth += 1,
            b')' | b']' | b'}' => depth -= 1,
            b'=' if depth <= 0 => {
                let prev = if i > 0 { b[i - 1] } else { b' ' };
                let next = b.get(i + 1).copied().unwrap_or(b' ');
                if !matches!(prev, b'<' | b'>' | b'!' | b'=') && next != b'=' {
                    parts.push(&s[start..i]);
                    start = i + 1;
                }
            }
            _ => {}
        }
        i += 1;
    }
    parts.push(&s[start..]);
    parts
}

#[cfg(test)]
mod tests {
    use super::*;

    /// ME-2: "and" between two bounds of one variable is their chain; between
    /// other inequalities it stays a word; without an inequality it is no
    /// concern of `inequalities_and`.
    #[test]
    fn and_between_inequalities() {
        for (text, want) in [
            ("x > 1 and x < 3", "1 < x < 3"),
            ("x<3 and x>1", "1 < x < 3"),
            ("x\\ge 2 and x\\le 5", "2 \\le x \\le 5"),
            ("2 \\leq x and x < 5", "2 \\le x < 5"),
            ("x_1 >= 0 and x_1 \\lt 4", "0 \\le x_1 < 4"),
            ("x<1 and x>3", "3 < x < 1"),
            ("x>\\frac{1}{2} and x<\\pi", "\\frac{1}{2} < x < \\pi"),
        ] {
            assert_eq!(
                inequalities_and(text),
                Some(Ok(want.to_string())),
                "{text:?}"
            );
        }
        for text in [
            "x>1 and y<3",
            "x>1 and x>3",
            "x>1 and x<3 and x>0",
            "x>1 and 2",
            "x<y and y<3",
            "1<x<2 and x>0",
            "x \\left(1\\right) and x > 2",
        ] {
            assert_eq!(inequalities_and(text), Some(Err(())), "{text:?}");
        }
        for text in ["1 and 2", "x>1 or x<0", "x>1", "band x<3"] {
            assert_eq!(inequalities_and(text), None, "{text:?}");
        }
        assert_eq!(prepare("x > 1 \\text{ and } x < 3"), "1 < x < 3");
        assert_eq!(prepare("x>1\\text{and}x<3"), "1 < x < 3");
        let bare = |t: &str| prepare(t).replace(' ', "");
        assert_eq!(bare("x<0 \\text{ or } x>1"), "x<0,x>1");
        assert_eq!(bare("1\\text{and}2"), "1,2");
    }

    /// Chinese connectives between items are list commas (ME-2), as `and`
    /// and `or` are: `-2 或 3` is the list `-2, 3`; a connective with
    /// nothing on one side stays.
    #[test]
    fn chinese_connectives_are_commas() {
        for (text, want) in [
            ("-2 或 3", "-2 , 3"),
            ("-2 或者 3", "-2 , 3"),
            ("2和3", "2,3"),
            ("1 及 2 与 3", "1 , 2 , 3"),
            ("2、3", "2,3"),
            ("x=-2或x=3", "x=-2,x=3"),
            ("1 and 2 或 3", "1 , 2 , 3"),
        ] {
            assert_eq!(prepare(text), want, "{text:?}");
        }
        for text in ["或3", "3 和", "和"] {
            assert!(!prepare(text).contains(','), "{text:?}: {}", prepare(text));
        }
    }

    /// Units written outside math mode (ME-9): a number with unit words and
    /// powers is the quantity; a one-letter unit alone with a positive power
    /// is a variable; anything else is left as it was.
    #[test]
    fn unit_expressions_outside_math_mode() {
        for (text, want) in [
            ("9.8 m/s^2", r"9.8\text{ m}/\text{ s}^{2}"),
            ("1.5 m s^{-1}", r"1.5\text{ m}\text{ s}^{-1}"),
            ("27 cm^3", r"27\text{ cm}^{3}"),
            ("5 s^-1", r"5\text{ s}^{-1}"),
            ("2 kg \\cdot m^2", r"2\text{ kg}\text{ m}^{2}"),
            ("3.54e-07 s^-1", r"3.54\times10^{-07}\text{ s}^{-1}"),
            ("125 miles", r"125\text{ miles}"),
        ] {
            assert_eq!(prepare(text), want, "{text:?}");
        }
        // Left alone: one-letter units with a positive power, words that are
        // no unit, too many words, powers that are not small integers.
        for text in [
            "3 m^2",
            "6 s^2",
            "5 apples^2",
            "5 m s kg g m^2",
            "5 m^{x}",
            "5 cm^123",
            "x m^2",
        ] {
            assert!(
                !prepare(text).contains(r"\text{"),
                "{text:?}: {}",
                prepare(text)
            );
        }
    }

    /// A leading `=` and closers the answer never opened (`\]`, `\)`,
    /// `\end{answer}`) are no part of the value; `==`, a lone `=` and a
    /// closer whose opener the answer holds stay (ME-2, issue 13 item 1).
    #[test]
    fn stray_equals_and_closers_are_dropped() {
        for (text, want) in [
            ("=3125", "3125"),
            ("= 3125", "3125"),
            ("20 \\]", "20"),
            ("15 \\)", "15"),
            ("120 \\end{answer} \\end{answer}", "120"),
            ("120 \\end{answer} \\]", "120"),
        ] {
            assert_eq!(prepare(text), prepare(want), "{text:?}");
        }
        for text in ["==5", "=", "\\(x\\) = 2 \\)", "\\[x\\] 2 \\]"] {
            assert_ne!(prepare(text), prepare("5"), "{text:?}");
            assert_ne!(prepare(text), prepare("2"), "{text:?}");
        }
    }

    /// The letter `x` between two numbers in plain text is a times sign
    /// (ME-2, issue 13 item 2); in LaTeX, next to a letter or without the
    /// spaces it stays a letter.
    #[test]
    fn times_letters_between_numbers() {
        for (text, want) in [
            ("4 x 5 x 2 = 40", "4 \\times 5 \\times 2 = 40"),
            (
                "6 x 3 x 5 = 90 [outfits]",
                "6 \\times 3 \\times 5 = 90 [outfits]",
            ),
            ("2.5 x 4", "2.5 \\times 4"),
        ] {
            assert_eq!(
                super::times_letters(text).as_deref(),
                Some(want),
                "{text:?}"
            );
        }
        for text in [
            "$4 x 5$",
            "\\(4 x 5\\)",
            "\\[4 x 5\\]",
            "2x 3",
            "2 x3",
            "a x 3",
            "2 x y",
            "x = 3",
        ] {
            assert_eq!(super::times_letters(text), None, "{text:?}");
        }
        assert_eq!(prepare("4 x 5"), prepare("4 \\times 5"));
        assert_ne!(prepare("$4 x 5$"), prepare("4 \\times 5"));
    }

    /// The texts the shortcut takes are the ones the passes leave alone.
    #[test]
    fn plain_texts_are_prepared_as_they_are() {
        let ints = [
            "0",
            "1",
            "7",
            "12",
            "007",
            "100",
            "123456789012345678",
            "1234567890123456789",
        ];
        let mut texts = Vec::new();
        for a in ints {
            for b in ints {
                for t in [
                    format!("{a}/{b}"),
                    format!("{a}.{b}"),
                    format!("\\frac{{{a}}}{{{b}}}"),
                    format!("{a}/{b}."),
                    format!("{a}.{b}.{b}"),
                    format!("{a}:{b}"),
                    format!("{a} {b}"),
                    format!("\\frac{{{a}}}{{{b}}}."),
                    format!("\\dfrac{{{a}}}{{{b}}}"),
                ] {
                    texts.push(format!("-{t}"));
                    texts.push(t);
                }
            }
            texts.extend([
                a.to_string(),
                format!("-{a}"),
                format!("{a}."),
                format!("--{a}"),
            ]);
        }
        texts.extend(["", "-", ".5", "5.", "1/", "/1", "1e5", "1\\%"].map(String::from));
        let mut taken = 0;
        for t in &texts {
            if is_plain(t) {
                taken += 1;
                assert_eq!(prepare_full(t), (t.clone(), None), "{t:?}");
            }
            assert_eq!(prepare_parts(t), prepare_full(t), "{t:?}");
        }
        assert!(taken > 300, "{taken}");
        // Dollars and one final point around a plain number.
        let mut wrapped = 0;
        for t in &texts {
            for w in [
                format!("{t}."),
                format!("${t}$"),
                format!("${t}.$"),
                format!("${t}$."),
                format!("${t}.$."),
                format!("$${t}$$"),
                format!("$${t}.$$"),
                format!("\\[{t}\\]"),
                format!("\\[{t}.\\]"),
                format!("\\({t}\\)."),
                format!("\\( {t} \\)"),
                format!("$$${t}$$$"),
                format!("${t}"),
                format!("{t}$"),
                format!("{t}.."),
                format!("$ {t}$"),
            ] {
                if let Some(core) = plain_core(&w) {
                    wrapped += 1;
                    assert!(is_plain(core), "{w:?}");
                }
                assert_eq!(prepare_parts(&w), prepare_full(&w), "{w:?}");
            }
        }
        assert!(wrapped > 1000, "{wrapped}");
    }
}
