//! The preparation of `math.equal` (ME-2): an answer as written put in the
//! plain form the comparison reads, in one lexer pass ([`lex`]) and a few
//! rewrites that run only when their text can be present.
//!
//! # Differences with the document
//!
//! See the module `equal`: document 004's preparation is a chain of string
//! replacements; this one reads commands whole (`\ltimes` is not `\lt`).

use super::joints::{group_solutions, joining_words};
use super::lex::lex;
use super::quantities::{
    mathrm_units, percent_present, percent_words, temperature, trailing_unit_word,
};
use super::words::{self, has};
use crate::score::math::words::TrimQuick;
use crate::text::brackets::{self, Escapes};
use crate::text::latex_groups::{self, MATH_ANSWER};
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
    // (A conclusion sign; `→` and `⟹` start with the byte 0xE2.)
    if seen.has(b'\\') || seen.has(b'>') || seen.has(0xE2) {
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
    let empty = || empty_set_words(&t).then(|| "\\emptyset".to_string());
    if let Some(named) = choice_letter(&t).or_else(empty) {
        t = named;
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

/// The words that name the empty set as a whole answer (ASCII case
/// ignored): a response that means "no value satisfies it" says so
/// (`No solution`, `no real solutions`, `the empty set`, `无解`), as a gold
/// `\emptyset` does (ME-17). Not `DNE` (a limit that does not exist) nor
/// `0`.
const EMPTY_SET_WORDS: [&str; 9] = [
    "no solution",
    "no solutions",
    "no real solution",
    "no real solutions",
    "there is no solution",
    "there are no solutions",
    "empty set",
    "the empty set",
    "无解",
];

/// Whether the whole answer `t` is one of [`EMPTY_SET_WORDS`].
fn empty_set_words(t: &str) -> bool {
    let t = t.trim_quick();
    t.len() <= 24 && EMPTY_SET_WORDS.iter().any(|w| t.eq_ignore_ascii_case(w))
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
pub(super) struct Seen([u64; 4]);

impl Seen {
    fn of(t: &str) -> Seen {
        let mut bits = [0u64; 4];
        for &c in t.as_bytes() {
            bits[usize::from(c >> 6)] |= 1 << (c & 63);
        }
        Seen(bits)
    }

    pub(super) fn has(&self, c: u8) -> bool {
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
        // Markdown's inline code around the whole answer (`` `12` ``,
        // ```` ```12``` ````), no backtick inside (ME-2).
        if t.starts_with('`') {
            let ticks = t.len() - t.trim_start_matches('`').len();
            if let Some(x) = (ticks == 1 || ticks == 3)
                .then(|| t.get(ticks..t.len().saturating_sub(ticks)))
                .flatten()
                .filter(|x| t.ends_with(&t[..ticks]) && !x.is_empty() && !x.contains('`'))
            {
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

/// Whether [`e_notation`] has something to do: an `e` or `E` right after a
/// digit or a decimal point.
fn exponent_present(t: &str) -> bool {
    t.as_bytes()
        .windows(2)
        .any(|w| (w[0].is_ascii_digit() || w[0] == b'.') && matches!(w[1], b'e' | b'E'))
}

/// The signs that open a conclusion (`∴ n = 12`, `\Rightarrow x = 3`, and
/// the arrows typed in plain text, `=> 6`, `-> 6`, `→ 6`): at the start of
/// an answer they are no part of it (ME-2).
const CONCLUSION_SIGNS: [&str; 10] = [
    "\\therefore",
    "\\Rightarrow",
    "\\Longrightarrow",
    "\\implies",
    "==>",
    "=>",
    "-->",
    "->",
    "→",
    "⟹",
];

/// The text after a conclusion sign that opens `t` (spaces before and
/// after it skipped; the command not followed by a letter), if one does.
fn after_conclusion_sign(t: &str) -> Option<&str> {
    let t = t.trim_start();
    CONCLUSION_SIGNS.iter().find_map(|c| {
        let rest = t.strip_prefix(c)?;
        let command = c.starts_with('\\');
        (!(command && rest.starts_with(|x: char| x.is_ascii_alphabetic())))
            .then(|| rest.trim_start())
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
            // A power of ten after a times sign, spaces around it (MX-14's token).
            (
                "2.1 \\times 10^{5} m/s",
                r"2.1\times10^{5}\text{ m}/\text{ s}",
            ),
            ("3.0*10^8 m/s", r"3.0\times10^{8}\text{ m}/\text{ s}"),
            ("6 \\cdot 10^-3 kg", r"6\times10^{-3}\text{ kg}"),
            ("3 \\times 10^{8} meters", r"3\times10^{8}\text{ meters}"),
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
            "5 \\times 10^{x} m/s",
            "5 \\times 10^{12345} m/s",
            "5 \\times 2^{3} m/s",
        ] {
            assert!(
                !prepare(text).contains(r"\text{"),
                "{text:?}: {}",
                prepare(text)
            );
        }
    }

    /// Markdown's inline code around the whole answer is no part of it:
    /// one backtick or three each side, none inside (ME-2).
    #[test]
    fn inline_code_around_an_answer_is_dropped() {
        for (text, want) in [("`12`", "12"), ("```12```", "12"), ("`x = 12`", "x = 12")] {
            assert_eq!(prepare(text), want, "{text:?}");
        }
        for text in ["`", "``12``", "`12` + `13`", "`12"] {
            assert!(prepare(text).contains('`'), "{text:?}: {}", prepare(text));
        }
    }

    /// A conclusion sign opening an answer is no part of it, the arrows
    /// typed in plain text too (`=> 6`, `-> 6`, `→ 6`); a minus sign is a
    /// sign, and a command sign must not run into a letter (ME-2).
    #[test]
    fn conclusion_signs_are_dropped() {
        for (text, want) in [
            ("=> 6", "6"),
            ("==> 6", "6"),
            ("-> 6", "6"),
            ("--> x = 3", "x = 3"),
            ("→ 6", "6"),
            ("⟹ 6", "6"),
            ("\\Rightarrow 6", "6"),
            ("\\therefore n = 12", "n = 12"),
            ("-6", "-6"),
            ("\\impliesx", "\\impliesx"),
        ] {
            assert_eq!(prepare(text), want, "{text:?}");
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
