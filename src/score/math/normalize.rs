//! The normalizations of document 004 (spec/math.md, rules MN-*).
//!
//! Each function takes an answer string (already extracted from a response)
//! and returns a normalized string, a list of strings or a structure. Every
//! pass is a single left-to-right scan (brace matching is precomputed with a
//! stack), so the work is linear in the length of the input: a 100 KB answer
//! is normalized in one pass per step, never in quadratic time.
//!
//! # Differences with the document
//!
//! Compared with symeval (spec/math.md, "Deviations from the original",
//! D-MN1…): `norm_pm` returns a list with correlated signs; matrices keep their
//! shape; `a/b` is not rewritten inside or before a power; one space is kept
//! between letters; degrees become radians only inside a trigonometric
//! function; single letters are never unit words; `%` is kept as `\%`.

use crate::expr::ast::Interval;
use crate::expr::canon::canonical;
use crate::expr::print::to_infix;
use crate::expr::{Expr, ExprError, Limits};

/// Marks "no matching bracket" in the tables of [`matching`].
const NONE: usize = usize::MAX;

/// For every byte position holding `open`, the position of its matching
/// `close` (or [`NONE`]); other positions hold [`NONE`]. When `escapes` is
/// set, a backslash escapes the next byte (`\{` is not a group brace, `\\` is
/// a pair). One pass with a stack: linear time.
fn matching(text: &str, open: u8, close: u8, escapes: bool) -> Vec<usize> {
    let b = text.as_bytes();
    let mut out = vec![NONE; b.len()];
    let mut stack = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        if escapes && c == b'\\' {
            i += 2;
            continue;
        }
        if c == open {
            stack.push(i);
        } else if c == close {
            if let Some(o) = stack.pop() {
                out[o] = i;
            }
        }
        i += 1;
    }
    out
}

/// The command name (ASCII letters) that starts at byte `i + 1` after a
/// backslash at `i`, or `""`.
fn command_at(b: &[u8], i: usize) -> &str {
    if b.get(i) != Some(&b'\\') {
        return "";
    }
    let start = i + 1;
    let mut end = start;
    while end < b.len() && b[end].is_ascii_alphabetic() {
        end += 1;
    }
    // The slice is ASCII letters, hence valid UTF-8.
    std::str::from_utf8(&b[start..end]).unwrap_or("")
}

/// Text-mode wrappers: unwrapped, or removed when they end the answer (units).
const TEXT_COMMANDS: &[&str] = &[
    "text",
    "textbf",
    "textit",
    "textrm",
    "textsf",
    "texttt",
    "textnormal",
    "textup",
    "mbox",
];

/// Formatting commands that carry no value (replaced by a space).
const FORMATTING: &[&str] = &[
    "noindent",
    "displaystyle",
    "textstyle",
    "scriptstyle",
    "quad",
    "qquad",
    "hfill",
    "medskip",
    "smallskip",
    "bigskip",
    "par",
    "newline",
    "nonumber",
    "limits",
];

/// Delimiter-size commands, dropped (`\left(` is `(`).
const SIZES: &[&str] = &[
    "left", "right", "big", "Big", "bigg", "Bigg", "bigl", "bigr", "Bigl", "Bigr", "biggl",
    "biggr", "Biggl", "Biggr",
];

/// Unit words removed at the end of an answer after a number (MN-5 g).
const UNIT_WORDS: &[&str] = &[
    "units",
    "unit",
    "square units",
    "sq units",
    "cm",
    "mm",
    "km",
    "meters",
    "meter",
    "metres",
    "metre",
    "inches",
    "inch",
    "feet",
    "foot",
    "ft",
    "yards",
    "yard",
    "miles",
    "mile",
    "mph",
    "dollars",
    "dollar",
    "cents",
    "cent",
    "degrees",
    "degree",
    "seconds",
    "second",
    "minutes",
    "minute",
    "hours",
    "hour",
    "days",
    "day",
    "weeks",
    "week",
    "years",
    "year",
    "pounds",
    "kg",
    "grams",
    "liters",
    "people",
    "students",
    "ways",
];

/// The trigonometric functions whose degree arguments [`norm_deg`] converts.
const TRIG: &[&str] = &["sin", "cos", "tan", "cot", "sec", "csc"];

/// The function names [`norm_basic_fn`] rewrites (longest match first).
const BASIC_FNS: &[&str] = &[
    "arcsin", "arccos", "arctan", "arccot", "arcsec", "arccsc", "sinh", "cosh", "tanh", "coth",
    "sech", "csch", "sin", "cos", "tan", "cot", "sec", "csc", "log", "ln", "exp",
];

/// Normalizes a math answer string (rule MN-5, steps a–k in spec/math.md):
/// Unicode symbols to LaTeX; `\text{…}` and `\boxed{…}` unwrapped (a
/// trailing text group is a unit and goes); math delimiters, `\$`,
/// `\left`/`\right`, spacing and formatting commands, line breaks outside
/// environments removed; `\dfrac` → `\frac`, matrix environments →
/// `pmatrix`, one spelling per relation (`>=` → `\geq`), `\frac12` →
/// `\frac{1}{2}`; degrees ([`norm_deg`]); percent words → `\%`, trailing
/// unit words removed; whitespace removed (one space kept between two
/// letters); a leading `x=` removed; thousands separators removed, `.4` →
/// `0.4`; `a/b` of numbers → `\frac{a}{b}` ([`fix_a_slash_b`]); brackets
/// around a matrix and parentheses around the whole answer removed;
/// trailing periods removed. Rounds repeat to a fixpoint (at most 4), so
/// the result is idempotent.
///
/// ```
/// use scorespec::score::math::normalize::normalize;
/// assert_eq!(normalize(r"251,7\\ \noindent"), "251,7");
/// assert_eq!(normalize(r"\$23{,}000"), "23000");
/// assert_eq!(normalize("1,234"), "1234");
/// assert_eq!(normalize("1/2"), r"\frac{1}{2}");
/// assert_eq!(normalize(r"5\text{ cm}"), "5");
/// assert_eq!(normalize(r"\left(1,2\right)"), "(1,2)");
/// ```
pub fn normalize(text: &str) -> String {
    // One round usually reaches the fixpoint; a rewrite can expose another
    // (dropping a degree sign can uncover a leading `x=`), so rounds repeat
    // until nothing changes, at most NORMALIZE_ROUNDS times.
    let mut s = normalize_round(text);
    for _ in 1..NORMALIZE_ROUNDS {
        let next = normalize_round(&s);
        if next == s {
            break;
        }
        s = next;
    }
    s
}

/// The most rounds of [`normalize`] (each one linear).
const NORMALIZE_ROUNDS: usize = 4;

/// One round of the passes of [`normalize`], in order (MN-5 a–j).
fn normalize_round(text: &str) -> String {
    let s = unicode_to_latex(text);
    let s = text_commands(&s);
    let s = commands(&s);
    let s = brace_arguments(&s);
    let s = norm_deg(&s);
    let s = trim_end_periods(&s);
    let s = percent_words(&s);
    let s = trailing_units(&s);
    let s = list_connectives(&s);
    let s = whitespace(&s);
    let s = words(&s);
    let s = per_item(&s, |t| assignment(&equalities(t)));
    let s = thousands(&s);
    let s = decimals(&s);
    let s = fix_a_slash_b(&s);
    let s = strip_wrapping(&s);
    trim_end_periods(&s)
}

/// MN-5 a: Unicode math symbols to their LaTeX commands.
fn unicode_to_latex(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '\u{2212}' | '\u{2013}' => out.push('-'),
            '\u{00D7}' => out.push_str("\\times "),
            '\u{00F7}' => out.push_str("\\div "),
            '\u{22C5}' | '\u{00B7}' => out.push_str("\\cdot "),
            '\u{03C0}' => out.push_str("\\pi "),
            '\u{221E}' => out.push_str("\\infty "),
            '\u{00B0}' => out.push_str("^\\circ "),
            '\u{221A}' => out.push_str("\\sqrt "),
            '\u{2264}' => out.push_str("\\leq "),
            '\u{2265}' => out.push_str("\\geq "),
            '\u{2260}' => out.push_str("\\neq "),
            '\u{00B1}' => out.push_str("\\pm "),
            '\u{2213}' => out.push_str("\\mp "),
            '\u{222A}' => out.push_str("\\cup "),
            '\u{2229}' => out.push_str("\\cap "),
            c if c.is_whitespace() => out.push(' '),
            c => out.push(c),
        }
    }
    out
}

/// MN-5 b: `\text{…}` and kin are unwrapped; a text group that ends the
/// answer (after something else, optionally followed by `^2`) is a unit and
/// is removed. `\boxed{…}` and `\fbox{…}` are unwrapped.
fn text_commands(text: &str) -> String {
    let b = text.as_bytes();
    let close = matching(text, b'{', b'}', true);
    // Computed once (not per group, which would be quadratic): where the
    // text starts, and where its last byte other than a space or period ends.
    let first_significant = {
        // Spaces and opening math delimiters do not count either.
        let mut t = text;
        loop {
            let u = t
                .trim_start_matches(|ch: char| ch.is_whitespace() || ch == '$')
                .trim_start_matches("\\(")
                .trim_start_matches("\\[");
            if u.len() == t.len() {
                break text.len() - u.len();
            }
            t = u;
        }
    };
    let significant_end = {
        // Spaces, periods and closing math delimiters do not count.
        let mut t = text;
        loop {
            let u = t
                .trim_end_matches(|ch: char| ch.is_whitespace() || ch == '.' || ch == '$')
                .trim_end_matches("\\)")
                .trim_end_matches("\\]");
            if u.len() == t.len() {
                break u.len();
            }
            t = u;
        }
    };
    // Marks: 0 keep, 1 drop, 2 replace by a comma (between two boxes).
    let mut drop = vec![0u8; b.len()];
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    let mut last = 0;
    while i < b.len() {
        if b[i] != b'\\' {
            i += 1;
            continue;
        }
        let name = command_at(b, i);
        if name.is_empty() {
            i += 2;
            continue;
        }
        let after = i + 1 + name.len();
        let brace = skip_spaces(b, after);
        let boxed = matches!(name, "boxed" | "fbox");
        if !(boxed || TEXT_COMMANDS.contains(&name))
            || b.get(brace) != Some(&b'{')
            || close[brace] == NONE
        {
            i = after;
            continue;
        }
        let c = close[brace];
        let rest_start = skip_power(b, c + 1);
        let trailing = rest_start >= significant_end;
        let before = first_significant < i;
        // A box is always unwrapped, never a unit.
        if !boxed && trailing && before && !text[brace + 1..c].trim().is_empty() {
            emit_kept(&mut out, text, last, i, &drop);
            last = rest_start;
            i = rest_start;
        } else {
            emit_kept(&mut out, text, last, i, &drop);
            drop[c] = if boxed && box_follows(text, c + 1) {
                2
            } else {
                1
            };
            last = brace + 1;
            i = brace + 1;
        }
    }
    emit_kept(&mut out, text, last, b.len(), &drop);
    out
}

/// Whether another box follows at `i`, after at most [`NEAR`] bytes of
/// spaces, `$`, math delimiters and spacing commands (`\\boxed{1}\\quad\\boxed{2}`).
fn box_follows(text: &str, i: usize) -> bool {
    const SKIP: &[&str] = &[
        "$", "\\(", "\\)", "\\[", "\\]", "\\quad", "\\qquad", "\\,", "\\;", "\\:", "\\!", "\\ ",
        "~",
    ];
    let end = (i + NEAR).min(text.len());
    let mut rest = match text.get(i..end) {
        Some(r) => r,
        None => return false,
    };
    loop {
        rest = rest.trim_start();
        if rest.starts_with("\\boxed") || rest.starts_with("\\fbox") {
            return true;
        }
        match SKIP.iter().find(|t| rest.starts_with(**t)) {
            Some(t) => rest = &rest[t.len()..],
            None => return false,
        }
    }
}

/// The offset of `c` in the next [`NEAR`] bytes from `from` (environment
/// names, column specifications, root indices are short; a bounded look
/// keeps many unclosed ones linear).
fn find_near(text: &str, from: usize, c: char) -> Option<usize> {
    let b = &text.as_bytes()[from..];
    b.iter().take(NEAR).position(|&x| x == c as u8)
}

/// How far [`find_near`] looks.
const NEAR: usize = 64;

/// Appends `text[from..to]` without the bytes marked in `drop` (all ASCII braces).
fn emit_kept(out: &mut String, text: &str, from: usize, to: usize, drop: &[u8]) {
    let mut start = from;
    for j in from..to {
        if drop[j] != 0 {
            flush(out, &text[start..j]);
            if drop[j] == 2 {
                out.push(',');
            }
            start = j + 1;
        }
    }
    if start < to {
        flush(out, &text[start..to]);
    }
}

/// Appends `piece`, with a space first when `out` ends with a command name
/// and `piece` starts with a letter: removing something between them must
/// not glue them into another command (`\pi$r$` is `\pi r`, not `\pir`).
fn flush(out: &mut String, piece: &str) {
    if piece.starts_with(|c: char| c.is_ascii_alphabetic()) && ends_with_command(out) {
        out.push(' ');
    }
    out.push_str(piece);
}

/// Whether `s` ends with a command name (`\` and letters, the backslash not
/// itself escaped).
fn ends_with_command(s: &str) -> bool {
    let b = s.as_bytes();
    let mut k = b.len();
    // Command names are short: a longer run of letters is a word (and the
    // bound keeps repeated calls linear).
    while k > 0 && b[k - 1].is_ascii_alphabetic() {
        k -= 1;
        if b.len() - k > NEAR {
            return false;
        }
    }
    if k == b.len() {
        return false;
    }
    let mut slashes = 0;
    while k > slashes && b[k - 1 - slashes] == b'\\' {
        slashes += 1;
    }
    slashes % 2 == 1
}

fn skip_spaces(b: &[u8], mut i: usize) -> usize {
    while i < b.len() && b[i] == b' ' {
        i += 1;
    }
    i
}

/// After a unit: skips `^2`, `^{2}` (a power of the unit).
fn skip_power(b: &[u8], i: usize) -> usize {
    if b.get(i) != Some(&b'^') {
        return i;
    }
    let mut j = i + 1;
    if b.get(j) == Some(&b'{') {
        j += 1;
        while j < b.len() && b[j].is_ascii_digit() {
            j += 1;
        }
        if b.get(j) == Some(&b'}') {
            return j + 1;
        }
        return i;
    }
    let start = j;
    while j < b.len() && b[j].is_ascii_digit() {
        j += 1;
    }
    if j > start { j } else { i }
}

/// MN-5 c: the command-level pass (delimiters, `\$`, sizes, spacing,
/// formatting, line breaks outside environments, `\dfrac`, environments).
fn commands(text: &str) -> String {
    let b = text.as_bytes();
    let mut out = String::with_capacity(text.len());
    let mut env_depth = 0usize;
    let mut i = 0;
    let mut last = 0;
    while i < b.len() {
        let c = b[i];
        if c == b'$' {
            flush(&mut out, &text[last..i]);
            i += 1;
            last = i;
            continue;
        }
        if c == b';' {
            // A bare semicolon separates items (`(0;0;6)`, `-12;-11`).
            flush(&mut out, &text[last..i]);
            out.push(',');
            i += 1;
            last = i;
            continue;
        }
        if c == b'~' {
            flush(&mut out, &text[last..i]);
            out.push(' ');
            i += 1;
            last = i;
            continue;
        }
        if c == b'%' {
            flush(&mut out, &text[last..i]);
            out.push_str("\\%");
            i += 1;
            last = i;
            continue;
        }
        // `>=`, `<=`, and `!=` (not after a digit: `5!=120` is a factorial).
        if b.get(i + 1) == Some(&b'=')
            && (matches!(c, b'>' | b'<') || (c == b'!' && !(i > 0 && b[i - 1].is_ascii_digit())))
        {
            flush(&mut out, &text[last..i]);
            out.push_str(match c {
                b'>' => "\\geq ",
                b'<' => "\\leq ",
                _ => "\\neq ",
            });
            i += 2;
            last = i;
            continue;
        }
        if c != b'\\' {
            i += 1;
            continue;
        }
        flush(&mut out, &text[last..i]);
        let name = command_at(b, i);
        if name.is_empty() {
            let next = b.get(i + 1).copied();
            match next {
                Some(b'\\') if env_depth > 0 => out.push_str("\\\\"),
                Some(b'\\') => out.push(' '),
                Some(b'$' | b'(' | b')' | b'[' | b']') => {}
                Some(b',' | b';' | b':' | b'!' | b' ') => out.push(' '),
                Some(n) if n.is_ascii() => {
                    out.push('\\');
                    out.push(n as char);
                }
                // A backslash before a non-ASCII character or at the end: kept.
                _ => {
                    out.push('\\');
                    i += 1;
                    last = i;
                    continue;
                }
            }
            i += 2;
            last = i;
            continue;
        }
        let end = i + 1 + name.len();
        i = end;
        last = end;
        if SIZES.contains(&name) {
            let j = skip_spaces(b, end);
            if b.get(j) == Some(&b'.') {
                i = j + 1;
                last = i;
            }
        } else if FORMATTING.contains(&name) {
            out.push(' ');
        } else if matches!(name, "dfrac" | "tfrac" | "cfrac") {
            out.push_str("\\frac");
        } else if let Some(r) = relation(name) {
            out.push_str(r);
        } else if matches!(name, "begin" | "end") {
            let j = skip_spaces(b, end);
            let env_end = if b.get(j) == Some(&b'{') {
                find_near(text, j, '}').map(|k| j + k)
            } else {
                None
            };
            match env_end {
                Some(k) => {
                    let env = text[j + 1..k].trim();
                    let env = env.strip_suffix('*').unwrap_or(env);
                    let mapped = match env {
                        "bmatrix" | "matrix" | "array" | "Bmatrix" | "smallmatrix" => "pmatrix",
                        other => other,
                    };
                    out.push('\\');
                    out.push_str(name);
                    out.push('{');
                    out.push_str(mapped);
                    out.push('}');
                    i = k + 1;
                    if name == "begin" {
                        env_depth += 1;
                        if env == "array" {
                            // The column specification `{cc}` goes.
                            let s = skip_spaces(b, i);
                            if b.get(s) == Some(&b'{') {
                                if let Some(e) = find_near(text, s, '}') {
                                    i = s + e + 1;
                                }
                            }
                        }
                    } else {
                        env_depth = env_depth.saturating_sub(1);
                    }
                    last = i;
                }
                None => {
                    out.push('\\');
                    out.push_str(name);
                }
            }
        } else {
            out.push('\\');
            out.push_str(name);
        }
    }
    flush(&mut out, &text[last..]);
    out
}

/// The one spelling of a relation command (MN-5 c): `\ge` `\geqslant` →
/// `\geq`, `\le` → `\leq`, `\ne` → `\neq`, `\lt` → `<`, `\gt` → `>`.
fn relation(name: &str) -> Option<&'static str> {
    Some(match name {
        "ge" | "geq" | "geqslant" => "\\geq",
        "le" | "leq" | "leqslant" => "\\leq",
        "ne" | "neq" => "\\neq",
        "lt" => "<",
        "gt" => ">",
        _ => return None,
    })
}

/// MN-5 c: single-token arguments of `\frac` and `\sqrt` braced:
/// `\frac12` → `\frac{1}{2}`, `\sqrt3` → `\sqrt{3}`, `\sqrt[3]8` →
/// `\sqrt[3]{8}` (a digit or a letter; commands and groups stay).
fn brace_arguments(text: &str) -> String {
    let b = text.as_bytes();
    let close = matching(text, b'{', b'}', true);
    let mut out = String::with_capacity(text.len() + 8);
    let mut last = 0;
    let mut i = 0;
    while i < b.len() {
        if b[i] != b'\\' {
            i += 1;
            continue;
        }
        let name = command_at(b, i);
        let args = match name {
            "frac" => 2,
            "sqrt" => 1,
            "" => {
                i += 2;
                continue;
            }
            _ => {
                i += 1 + name.len();
                continue;
            }
        };
        let mut j = i + 1 + name.len();
        if name == "sqrt" && b.get(j) == Some(&b'[') {
            match find_near(text, j, ']') {
                Some(k) => j += k + 1,
                None => {
                    i = j;
                    continue;
                }
            }
        }
        for _ in 0..args {
            let k = skip_spaces(b, j);
            match b.get(k) {
                Some(b'{') if close[k] != NONE => j = close[k] + 1,
                Some(c) if c.is_ascii_alphanumeric() => {
                    out.push_str(&text[last..k]);
                    out.push('{');
                    out.push(*c as char);
                    out.push('}');
                    last = k + 1;
                    j = k + 1;
                }
                _ => break,
            }
        }
        i = j.max(i + 1);
    }
    out.push_str(&text[last..]);
    out
}

/// MN-5 e: a trailing "percent", "percentage" or "pct" after a number is `\%`.
fn percent_words(text: &str) -> String {
    let t = text.trim_end();
    for w in ["percentage", "percent", "pct"] {
        if let Some(head) = t.strip_suffix(w) {
            let head = head.trim_end();
            if head.ends_with(|c: char| c.is_ascii_digit() || c == '}') {
                return format!("{head}\\%");
            }
        }
    }
    t.to_string()
}

/// MN-5 h: decimals. A decimal point without an integer part gets one
/// (`.4` → `0.4`); a fractional part of zeros goes (`5.00` → `5`, as
/// symeval); leading zeros of the answer go (`007` → `7`).
fn decimals(text: &str) -> String {
    let b = text.as_bytes();
    let mut out = String::with_capacity(text.len() + 4);
    let mut last = 0;
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        let prev = if i > 0 { Some(b[i - 1]) } else { None };
        if c == b'.' && b.get(i + 1).is_some_and(u8::is_ascii_digit) {
            if !prev.is_some_and(|p| {
                p.is_ascii_alphanumeric() || matches!(p, b'.' | b'}' | b')' | b'\\')
            }) {
                out.push_str(&text[last..i]);
                out.push('0');
                last = i;
            } else if prev.is_some_and(|p| p.is_ascii_digit()) {
                // `5.00` followed by a non-digit: the zeros go.
                let mut j = i + 1;
                while j < b.len() && b[j] == b'0' {
                    j += 1;
                }
                let all_zeros = !b.get(j).is_some_and(|n| n.is_ascii_digit() || *n == b'.');
                let in_number = {
                    let mut k = i;
                    while k > 0 && b[k - 1].is_ascii_digit() {
                        k -= 1;
                    }
                    !(k > 0 && b[k - 1] == b'.')
                };
                if all_zeros && in_number {
                    out.push_str(&text[last..i]);
                    last = j;
                    i = j;
                    continue;
                }
            }
        }
        i += 1;
    }
    out.push_str(&text[last..]);
    // Leading zeros of a number that starts the answer.
    let zeros = out.len() - out.trim_start_matches('0').len();
    if zeros > 0
        && out
            .as_bytes()
            .get(zeros)
            .is_some_and(|d| (b'1'..=b'9').contains(d))
    {
        return out[zeros..].to_string();
    }
    out
}

/// A number in words that is the whole answer (`Five`, `twenty-one`, ME-15), and the words `pi`,
/// `infinity`, `inf` (MN-5 f).
fn words(text: &str) -> String {
    if let Some(n) = super::words::number_word(text) {
        return n.to_string();
    }
    let b = text.as_bytes();
    let mut out = String::with_capacity(text.len() + 8);
    let mut last = 0;
    let mut i = 0;
    while i < b.len() {
        if !b[i].is_ascii_alphabetic()
            || (i > 0 && (b[i - 1].is_ascii_alphabetic() || b[i - 1] == b'\\'))
        {
            i += 1;
            continue;
        }
        let mut j = i;
        while j < b.len() && b[j].is_ascii_alphabetic() {
            j += 1;
        }
        let replacement = match &text[i..j] {
            "pi" => Some("\\pi"),
            "infinity" | "inf" => Some("\\infty"),
            _ => None,
        };
        if let Some(r) = replacement {
            flush(&mut out, &text[last..i]);
            out.push_str(r);
            last = j;
        }
        i = j;
    }
    flush(&mut out, &text[last..]);
    out
}

/// MN-5 g: approximations and chains of equalities. `a \approx b` is `a`,
/// unless `a` is a lone variable (`x \approx 11` is `11`); a chain
/// `a = b = c` is its last side; `5+5+1 = 11` (a left side without
/// letters) is its right side. Not when the answer holds another relation,
/// a top-level comma (`x=1, y=2`) or an environment.
fn equalities(text: &str) -> String {
    let mut s = text;
    if let Some(k) = find_command(s, "approx") {
        let (before, after) = (&s[..k], &s[k + "\\approx".len()..]);
        s = if is_variable(before.trim()) {
            after
        } else {
            before
        };
    }
    let other_relation = s.contains(['<', '>'])
        || [
            "\\le", "\\ge", "\\ne", "\\in", "\\approx", "\\begin", "\\sim",
        ]
        .iter()
        .any(|r| s.contains(r));
    if other_relation || split_top_commas(s).len() > 1 {
        return s.trim().to_string();
    }
    let sides: Vec<&str> = split_top(s, b'=');
    if sides.iter().any(|p| p.trim().is_empty()) {
        return s.trim().to_string();
    }
    let pick = match sides.len() {
        n if n >= 3 => sides[n - 1],
        2 if !sides[0].contains(|c: char| c.is_ascii_alphabetic()) => sides[1],
        _ => s,
    };
    pick.trim().to_string()
}

/// Where the command `\name` (whole) starts in `s`.
fn find_command(s: &str, name: &str) -> Option<usize> {
    let b = s.as_bytes();
    s.match_indices('\\')
        .map(|(k, _)| k)
        .find(|&k| command_at(b, k) == name && (k == 0 || b[k - 1] != b'\\'))
}

/// A lone variable: one letter, optionally with a subscript (`x`, `x_1`, `a_{n}`).
fn is_variable(s: &str) -> bool {
    let b = s.as_bytes();
    match b {
        [c] => c.is_ascii_alphabetic(),
        [c, b'_', rest @ ..] if c.is_ascii_alphabetic() && !rest.is_empty() => rest
            .iter()
            .all(|x| x.is_ascii_alphanumeric() || matches!(x, b'{' | b'}')),
        _ => false,
    }
}

/// Splits at `sep` outside any `( ) [ ] { }`.
fn split_top(text: &str, sep: u8) -> Vec<&str> {
    let mut parts = Vec::new();
    let mut depth = 0i64;
    let mut start = 0;
    for (i, &c) in text.as_bytes().iter().enumerate() {
        match c {
            b'(' | b'[' | b'{' => depth += 1,
            b')' | b']' | b'}' => depth -= 1,
            _ if c == sep && depth <= 0 => {
                parts.push(&text[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    parts.push(&text[start..]);
    parts
}

/// MN-5 j: wrappers around the whole answer go, layer by layer:
/// parentheses that hold no top-level comma (`(\frac{1}{3})` is
/// `\frac{1}{3}`; `((1,2))` keeps one pair: a point), and parentheses or
/// brackets around a single matrix environment
/// (`\left[\begin{array}…\end{array}\right]` is the matrix). Two bracket
/// tables and at most two comma scans: linear however deep the nesting.
fn strip_wrapping(text: &str) -> String {
    let b = text.as_bytes();
    let paren = matching(text, b'(', b')', false);
    let brack = matching(text, b'[', b']', false);
    let wrapped = |s: usize, e: usize| {
        e >= s + 2
            && match b[s] {
                b'(' => paren[s] == e - 1,
                b'[' => brack[s] == e - 1,
                _ => false,
            }
    };
    let (mut s, mut e) = (0, b.len());
    while wrapped(s, e) {
        let inner = &text[s + 1..e - 1];
        if inner.starts_with("\\begin{pmatrix}")
            && inner.ends_with("\\end{pmatrix}")
            && inner.matches("\\begin{").count() == 1
        {
            (s, e) = (s + 1, e - 1);
            break;
        }
        if b[s] != b'(' {
            break;
        }
        // Inside another wrapped layer there is no top-level comma.
        if !wrapped(s + 1, e - 1) && split_top_commas(inner).len() > 1 {
            break;
        }
        (s, e) = (s + 1, e - 1);
    }
    text[s..e].to_string()
}

/// Trailing whitespace and punctuation (`.`, `,`, `;`, `:`: a sentence's end) removed.
fn trim_end_periods(text: &str) -> String {
    text.trim()
        .trim_end_matches(|c: char| matches!(c, '.' | ',' | ';' | ':') || c.is_whitespace())
        .trim_start()
        .to_string()
}

/// MN-5 g: a unit word ending the answer after a number, a closing brace or
/// a closing parenthesis is removed (`5 cm` → `5`, `10 \text{sq units}` was
/// already removed as a text group).
fn trailing_units(text: &str) -> String {
    let mut s = text.trim_end();
    // Each round removes a unit or stops: linear in all.
    loop {
        s = s.trim_end_matches(|c: char| c == '.' || c.is_whitespace());
        let mut changed = false;
        for unit in UNIT_WORDS {
            // The unit, possibly squared.
            let core = s
                .strip_suffix("^2")
                .or_else(|| s.strip_suffix("^3"))
                .or_else(|| s.strip_suffix("^{2}"))
                .or_else(|| s.strip_suffix("^{3}"))
                .unwrap_or(s);
            let Some(before) = core.strip_suffix(unit) else {
                continue;
            };
            if before.ends_with(|c: char| c.is_ascii_alphabetic()) {
                continue;
            }
            let head = before.trim_end();
            if head.ends_with(|c: char| c.is_ascii_digit() || c == '}' || c == ')') {
                s = head;
                changed = true;
                break;
            }
        }
        if !changed {
            break;
        }
    }
    s.to_string()
}

/// MN-5 f: in a list, "and" or "or" right after a comma goes (`1, 2, and 3`).
fn list_connectives(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(k) = rest.find(',') {
        out.push_str(&rest[..=k]);
        rest = &rest[k + 1..];
        // `1, and and 2`: every connective after the comma goes.
        while let Some(r) = ["and ", "or "]
            .iter()
            .find_map(|w| rest.trim_start().strip_prefix(w))
        {
            rest = r;
        }
    }
    out.push_str(rest);
    // The words "and", "or" between items separate them (`6 and 8`); but
    // "and" between inequalities is an intersection (`x>1 and x<3`): kept.
    let inequality = out.contains(['<', '>'])
        || ["\\le", "\\ge", "\\lt", "\\gt"]
            .iter()
            .any(|r| out.contains(r));
    let out = if inequality {
        out
    } else {
        out.replace(" and ", ",")
    };
    out.replace(" or ", ",")
}

/// MN-5 d: whitespace removed, except one space between two ASCII letters
/// (`\sin x`, `no solution`).
fn whitespace(text: &str) -> String {
    let text = text.trim();
    let mut out = String::with_capacity(text.len());
    let mut pending = false;
    for (k, c) in text.char_indices() {
        if c.is_whitespace() {
            pending = true;
            continue;
        }
        if pending {
            let prev = out.chars().next_back();
            let alnum = |x: char| x.is_ascii_alphanumeric();
            // Between letters, and between a word of two or more letters
            // and a letter or digit (`x>1 and x<3`, `5 apples`).
            let letters = (c.is_ascii_alphabetic()
                && prev.is_some_and(|p| p.is_ascii_alphabetic()))
                || (prev.is_some_and(alnum) && word_ahead(&text[k..]))
                || (alnum(c) && word_behind(&out));
            // A mixed number `4 4/9` keeps its space (it is 4 + 4/9, not 44/9).
            let mixed = c.is_ascii_digit()
                && prev.is_some_and(|p| p.is_ascii_digit())
                && is_fraction_ahead(&text[k..]);
            if letters || mixed {
                out.push(' ');
            }
        }
        pending = false;
        out.push(c);
    }
    out
}

/// Whether `s` starts with a word of two or more ASCII letters.
fn word_ahead(s: &str) -> bool {
    let n = s.bytes().take_while(u8::is_ascii_alphabetic).count();
    n >= 2
}

/// Whether `s` ends with a word of two or more ASCII letters that is not a
/// command name (at most [`NEAR`] letters are looked at).
fn word_behind(s: &str) -> bool {
    let b = s.as_bytes();
    let n = b
        .iter()
        .rev()
        .take(NEAR + 1)
        .take_while(|c| c.is_ascii_alphabetic())
        .count();
    (2..=NEAR).contains(&n) && !(b.len() > n && b[b.len() - n - 1] == b'\\')
}

/// Whether `s` starts with `digits/digits` (the fraction of a mixed number).
fn is_fraction_ahead(s: &str) -> bool {
    let b = s.as_bytes();
    let mut j = 0;
    while j < b.len() && b[j].is_ascii_digit() {
        j += 1;
    }
    j > 0 && b.get(j) == Some(&b'/') && b.get(j + 1).is_some_and(u8::is_ascii_digit)
}

/// MN-5 g: a leading assignment goes when nothing else is compared: `x=`,
/// `x_1=` (a lone variable), `(x,y)=` (a tuple of variables), `f(x)=` (a
/// function of variables), and a membership `x\in`.
fn assignment(text: &str) -> String {
    let compares = |r: &str| {
        r.contains(['=', '<', '>'])
            || ["\\le", "\\ge", "\\ne", "\\in", "\\lt", "\\gt"]
                .iter()
                .any(|x| r.contains(x))
    };
    let b = text.as_bytes();
    // `x \in [0,1)`: the set.
    if let Some(k) = find_command(text, "in") {
        let rest = &text[k + "\\in".len()..];
        if is_variable(text[..k].trim()) && !rest.trim().is_empty() && !compares(rest) {
            return rest.trim().to_string();
        }
    }
    if b.is_empty() {
        return String::new();
    }
    let sides = split_top(text, b'=');
    if sides.len() == 2 {
        let (lhs, rhs) = (sides[0].trim(), sides[1].trim());
        if !rhs.is_empty() && !compares(rhs) && is_name(lhs) {
            return rhs.to_string();
        }
    }
    text.to_string()
}

/// What an assignment names: a lone variable (`x`, `a_{n}`), a tuple of
/// them (`(x,y)`), or a function of them (`f(x)`).
fn is_name(s: &str) -> bool {
    if is_variable(s) {
        return true;
    }
    let inner_vars =
        |inner: &str| !inner.is_empty() && inner.split(',').all(|v| is_variable(v.trim()));
    if let Some(inner) = s.strip_prefix('(').and_then(|r| r.strip_suffix(')')) {
        return inner.contains(',') && inner_vars(inner);
    }
    let b = s.as_bytes();
    b.len() >= 4
        && b[0].is_ascii_alphabetic()
        && b[1] == b'('
        && s.ends_with(')')
        && inner_vars(&s[2..s.len() - 1])
}

/// `f` on each top-level comma item (`x=1,y=2` → `1,2`).
fn per_item(text: &str, f: impl Fn(&str) -> String) -> String {
    let items = split_top_commas(text);
    if items.len() == 1 {
        return f(text);
    }
    items.iter().map(|t| f(t)).collect::<Vec<_>>().join(",")
}

/// `{,}` between two digits (`23{,}000`) removed.
fn braced_commas(text: &str) -> String {
    let b = text.as_bytes();
    let mut out = String::with_capacity(text.len());
    let mut last = 0;
    for (i, _) in text.match_indices("{,}") {
        let digit_before = i > 0 && b[i - 1].is_ascii_digit() && (i < 2 || b[i - 2] != b'\\');
        let digit_after = b.get(i + 3).is_some_and(u8::is_ascii_digit);
        if digit_before && digit_after && i >= last {
            out.push_str(&text[last..i]);
            last = i + 3;
        }
    }
    out.push_str(&text[last..]);
    out
}

/// MN-5 f: thousands separators. `{,}` between digits is removed; a run `d,ddd,ddd` (1–3
/// digits, then groups of exactly three, not preceded by a digit or a
/// decimal point, not followed by a digit or another comma group) loses its
/// commas.
fn thousands(text: &str) -> String {
    let text = braced_commas(text);
    let b = text.as_bytes();
    let mut out = String::with_capacity(b.len());
    let mut i = 0;
    let mut last = 0;
    while i < b.len() {
        if !b[i].is_ascii_digit() || (i > 0 && (b[i - 1].is_ascii_digit() || b[i - 1] == b'.')) {
            i += 1;
            continue;
        }
        let start = i;
        let mut j = i;
        while j < b.len() && b[j].is_ascii_digit() {
            j += 1;
        }
        let lead = j - start;
        let mut groups = Vec::new();
        let mut ok = true;
        while j < b.len() && b[j] == b',' {
            let g = j + 1;
            let mut k = g;
            while k < b.len() && b[k].is_ascii_digit() {
                k += 1;
            }
            if k == g {
                break;
            }
            if k - g != 3 {
                ok = false;
            }
            groups.push(j);
            j = k;
        }
        // A group of thousands does not follow a leading zero (`0,111`), and
        // a number alone between list brackets and commas is a list
        // (`(12,102)` is a pair, `\\{1,234\\}` a set).
        let listed = start > 0
            && matches!(b[start - 1], b'(' | b'[' | b'{' | b',')
            && b.get(j)
                .is_some_and(|c| matches!(c, b')' | b']' | b'}' | b','));
        if ok && !groups.is_empty() && lead <= 3 && b[start] != b'0' && !listed {
            out.push_str(&text[last..start]);
            let mut from = start;
            for &comma in &groups {
                out.push_str(&text[from..comma]);
                from = comma + 1;
            }
            out.push_str(&text[from..j]);
            last = j;
        }
        i = j.max(i + 1);
    }
    out.push_str(&text[last..]);
    out
}

/// Degrees (rule MN-2): `x^\circ` inside the argument of a trigonometric
/// function becomes `{x*\frac{\pi}{180}}`; elsewhere the degree sign is
/// dropped. Markers: `^\circ`, `^{\circ}`, `°`, `\degree`.
///
/// ```
/// use scorespec::score::math::normalize::norm_deg;
/// assert_eq!(norm_deg(r"20^\circ"), "20");
/// assert_eq!(norm_deg(r"\sin 20^\circ"), r"\sin {20*\frac{\pi}{180}}");
/// ```
pub fn norm_deg(text: &str) -> String {
    let b = text.as_bytes();
    let mut out = String::with_capacity(text.len());
    let mut last = 0;
    let mut i = 0;
    while i < b.len() {
        let escaped = i > 0 && b[i - 1] == b'\\' && b[i] == b'^';
        let Some(len) = degree_marker(text, i).filter(|_| !escaped) else {
            i += 1;
            continue;
        };
        let end = i + len;
        match operand_start(b, last, i) {
            Some(start) if in_trig_argument(&text[last..start]) => {
                let operand = text[start..i].trim_end();
                let inner = operand
                    .strip_prefix('{')
                    .and_then(|o| o.strip_suffix('}'))
                    .unwrap_or(operand);
                let simple = inner
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || c == '.' || c == '\\')
                    || (inner.starts_with('(')
                        && matching(inner, b'(', b')', false)[0] == inner.len() - 1);
                flush(&mut out, &text[last..start]);
                out.push('{');
                if simple {
                    out.push_str(inner);
                } else {
                    out.push('(');
                    out.push_str(inner);
                    out.push(')');
                }
                out.push_str("*\\frac{\\pi}{180}}");
            }
            _ => flush(&mut out, text[last..i].trim_end_matches(' ')),
        }
        last = end;
        i = end;
    }
    flush(&mut out, &text[last..]);
    out
}

/// The length of a degree marker starting at byte `i`, if one does.
fn degree_marker(text: &str, i: usize) -> Option<usize> {
    let rest = text.get(i..)?;
    for m in [
        "^{\\circ}",
        "^{ \\circ}",
        "^{\\circ }",
        "^ \\circ",
        "^\\circ",
        "\\degree",
        "°",
    ] {
        if rest.starts_with(m) {
            let after = rest.as_bytes().get(m.len());
            // `^\circle` is not a degree sign.
            if m.ends_with("circ") && after.is_some_and(u8::is_ascii_alphabetic) {
                return None;
            }
            if m == "\\degree" && after.is_some_and(u8::is_ascii_alphabetic) {
                return None;
            }
            return Some(m.len());
        }
    }
    None
}

/// Where the operand before a degree marker at `end` starts (not before
/// `floor`): a number, a brace or parenthesis group, a command, a letter.
fn operand_start(b: &[u8], floor: usize, end: usize) -> Option<usize> {
    let mut j = end;
    while j > floor && b[j - 1] == b' ' {
        j -= 1;
    }
    if j == floor {
        return None;
    }
    let last = b[j - 1];
    if last == b'}' || last == b')' {
        let open = if last == b'}' { b'{' } else { b'(' };
        let mut depth = 0usize;
        let mut k = j;
        while k > floor {
            k -= 1;
            if b[k] == last {
                depth += 1;
            } else if b[k] == open {
                depth -= 1;
                if depth == 0 {
                    return Some(k);
                }
            }
        }
        return None;
    }
    if last.is_ascii_digit() || last == b'.' {
        let mut k = j;
        while k > floor && (b[k - 1].is_ascii_digit() || b[k - 1] == b'.') {
            k -= 1;
        }
        return Some(k);
    }
    if last.is_ascii_alphabetic() {
        let mut k = j;
        while k > floor && b[k - 1].is_ascii_alphabetic() {
            k -= 1;
        }
        if k > floor && b[k - 1] == b'\\' {
            return Some(k - 1);
        }
        return Some(j - 1);
    }
    None
}

/// Whether `before` ends with a trigonometric function applied to what
/// follows: `\sin `, `\sin(`, `\sin{`, `\sin^2 `, `sin(`.
fn in_trig_argument(before: &str) -> bool {
    let mut s = before.trim_end();
    if let Some(r) = s.strip_suffix('(').or_else(|| s.strip_suffix('{')) {
        s = r.trim_end();
        if let Some(r) = s.strip_suffix("\\left") {
            s = r.trim_end();
        }
    }
    // A power of the function: `\sin^2`, `\sin^{2}`.
    if let Some(k) = s.rfind('^') {
        let p = &s[k + 1..];
        if !p.is_empty()
            && p.trim_matches(['{', '}'])
                .chars()
                .all(|c| c.is_ascii_digit())
        {
            s = &s[..k];
        }
    }
    TRIG.iter().any(|f| {
        s.strip_suffix(f).is_some_and(|head| {
            head.ends_with('\\') || !head.ends_with(|c: char| c.is_ascii_alphabetic())
        })
    })
}

/// `a/b` of two numbers (or `sqrt(…)`, `\sqrt{…}`) becomes `\frac{a}{b}`
/// (rule MN-3). Not when `a` follows `^`, `_`, a letter, a digit, `.`, `)`
/// or `}`, nor when `b` is followed by `^`, `_` or `!` (`1/2^3` is not
/// `\frac{1}{2}^3`).
///
/// ```
/// use scorespec::score::math::normalize::fix_a_slash_b;
/// assert_eq!(fix_a_slash_b(r"(3/4)\sqrt{3}"), r"(\frac{3}{4})\sqrt{3}");
/// assert_eq!(fix_a_slash_b("1/2^3"), "1/2^3");
/// ```
pub fn fix_a_slash_b(text: &str) -> String {
    let b = text.as_bytes();
    let close_brace = matching(text, b'{', b'}', true);
    let close_paren = matching(text, b'(', b')', false);
    let mut out = String::with_capacity(text.len());
    let mut last = 0;
    let mut i = 0;
    while i < b.len() {
        let Some(a_end) = slash_operand(text, i, &close_brace, &close_paren) else {
            i += 1;
            continue;
        };
        let ok_before = i == 0 || {
            let p = b[i - 1];
            !(p.is_ascii_alphanumeric() || matches!(p, b'.' | b'^' | b'_' | b')' | b'}' | b'\\'))
        };
        if !ok_before || b.get(a_end) != Some(&b'/') {
            i = a_end.max(i + 1);
            continue;
        }
        let Some(b_end) = slash_operand(text, a_end + 1, &close_brace, &close_paren) else {
            i = a_end + 1;
            continue;
        };
        let ok_after = match b.get(b_end) {
            None => true,
            Some(&n) => !(matches!(n, b'^' | b'_' | b'!' | b'.') || n.is_ascii_digit()),
        };
        if !ok_after {
            i = b_end;
            continue;
        }
        out.push_str(&text[last..i]);
        out.push_str("\\frac{");
        out.push_str(&text[i..a_end]);
        out.push_str("}{");
        out.push_str(&text[a_end + 1..b_end]);
        out.push('}');
        last = b_end;
        i = b_end;
    }
    out.push_str(&text[last..]);
    out
}

/// The end of a slash operand starting at `i`: a decimal number, `sqrt(…)`
/// or `\sqrt{…}`.
fn slash_operand(text: &str, i: usize, braces: &[usize], parens: &[usize]) -> Option<usize> {
    let b = text.as_bytes();
    let rest = text.get(i..)?;
    if rest.starts_with("\\sqrt{") {
        let c = braces[i + 5];
        return (c != NONE).then(|| c + 1);
    }
    if rest.starts_with("sqrt(") {
        let c = parens[i + 4];
        return (c != NONE).then(|| c + 1);
    }
    let mut j = i;
    while j < b.len() && b[j].is_ascii_digit() {
        j += 1;
    }
    if j == i {
        return None;
    }
    if b.get(j) == Some(&b'.') && b.get(j + 1).is_some_and(u8::is_ascii_digit) {
        j += 1;
        while j < b.len() && b[j].is_ascii_digit() {
            j += 1;
        }
    }
    Some(j)
}

/// Basic function names get an explicit power (rule MN-4): `sinx` →
/// `\sin^{1}x`, `\sin^2x` → `\sin^{2}x`, so that removing spaces cannot
/// glue a function to its argument. A name already followed by `^{`, by `^`
/// and something other than digits, or by `_` (`\log_2`) is left alone; a
/// name without a backslash inside a word (`using`) is not a function.
///
/// ```
/// use scorespec::score::math::normalize::norm_basic_fn;
/// assert_eq!(norm_basic_fn("sinx"), r"\sin^{1}x");
/// assert_eq!(norm_basic_fn(r"\sin^2x"), r"\sin^{2}x");
/// ```
pub fn norm_basic_fn(text: &str) -> String {
    let b = text.as_bytes();
    let mut out = String::with_capacity(text.len() + 8);
    let mut last = 0;
    let mut i = 0;
    while i < b.len() {
        let backslash = b[i] == b'\\';
        let at = if backslash { i + 1 } else { i };
        // Right after a rewritten name (`sinsin`) a new name may start.
        let fresh = i == last && last > 0;
        if !backslash && i > 0 && !fresh && (b[i - 1].is_ascii_alphabetic() || b[i - 1] == b'\\') {
            i += 1;
            continue;
        }
        if backslash && i > 0 && b[i - 1] == b'\\' {
            i += 1;
            continue;
        }
        let Some(name) = BASIC_FNS
            .iter()
            .find(|f| text.get(at..).is_some_and(|r| r.starts_with(**f)))
        else {
            i += 1;
            continue;
        };
        let end = at + name.len();
        out.push_str(&text[last..i]);
        out.push('\\');
        out.push_str(name);
        let mut next = end;
        match b.get(end) {
            Some(b'^') => {
                let mut k = end + 1;
                while k < b.len() && b[k].is_ascii_digit() {
                    k += 1;
                }
                if k > end + 1 {
                    out.push_str("^{");
                    out.push_str(&text[end + 1..k]);
                    out.push('}');
                    next = k;
                }
            }
            Some(b'_') => {}
            _ => out.push_str("^{1}"),
        }
        last = next;
        i = next.max(i + 1);
    }
    out.push_str(&text[last..]);
    out
}

/// Whether a sign at byte `i` is `\pm`/`\mp` (not `\pmod`, `\pmb`,
/// `\pmatrix`): `Some(true)` for ±, `Some(false)` for ∓, with its length.
fn pm_sign(text: &str, i: usize) -> Option<(bool, usize)> {
    let rest = &text[i..];
    if rest.starts_with('±') {
        return Some((true, '±'.len_utf8()));
    }
    if rest.starts_with('∓') {
        return Some((false, '∓'.len_utf8()));
    }
    let plus = if rest.starts_with("\\pm") {
        true
    } else if rest.starts_with("\\mp") {
        false
    } else {
        return None;
    };
    if i > 0 && text.as_bytes()[i - 1] == b'\\' {
        return None;
    }
    let tail = &rest[3..];
    if plus && ["od", "b", "atrix"].iter().any(|s| tail.starts_with(s)) {
        return None;
    }
    Some((plus, 3))
}

/// Splits at commas outside any `( ) [ ] { }` (a `[0,1)` interval counts as a group).
fn split_top_commas(text: &str) -> Vec<&str> {
    let mut parts = Vec::new();
    let mut depth = 0i64;
    let mut start = 0;
    for (i, c) in text.char_indices() {
        match c {
            '(' | '[' | '{' => depth += 1,
            ')' | ']' | '}' => depth -= 1,
            ',' if depth <= 0 => {
                parts.push(&text[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    parts.push(&text[start..]);
    parts
}

/// Removes math delimiters (`$`, `\(`, `\)`, `\[`, `\]`) and one pair of
/// set braces around the whole text (`\{…\}`, `\left\{…\right\}`, `{…}`).
fn strip_wrappers(text: &str) -> String {
    let mut s = String::with_capacity(text.len());
    let b = text.as_bytes();
    let mut i = 0;
    let mut last = 0;
    while i < b.len() {
        if b[i] == b'$' {
            s.push_str(&text[last..i]);
            i += 1;
            last = i;
        } else if b[i] == b'\\' {
            if matches!(b.get(i + 1), Some(b'(' | b')' | b'[' | b']' | b'$')) {
                s.push_str(&text[last..i]);
                last = i + 2;
            }
            i += 2;
        } else {
            i += 1;
        }
    }
    if last < b.len() {
        s.push_str(&text[last..]);
    }
    let t = s.trim();
    for (open, close) in [("\\left\\{", "\\right\\}"), ("\\{", "\\}"), ("{", "}")] {
        if let Some(inner) = t.strip_prefix(open).and_then(|r| r.strip_suffix(close)) {
            // Only when the opening brace closes at the very end.
            let wrapped = format!("{{{inner}}}");
            let m = matching(&wrapped, b'{', b'}', true);
            if m[0] == wrapped.len() - 1 {
                return inner.trim().to_string();
            }
        }
    }
    t.to_string()
}

/// Expands `±` and `∓` into the list of alternatives (rule MN-1): the text
/// is split at top-level commas (after removing math delimiters and
/// surrounding set braces) and each item with signs becomes two items, the
/// one where its first sign reads `-` first; signs in one item are
/// correlated (`a \pm b \mp c` is `a-b+c`, `a+b-c`). A text without signs is
/// returned unchanged as a list of one.
///
/// ```
/// use scorespec::score::math::normalize::norm_pm;
/// assert_eq!(norm_pm(r"x\pmy"), ["x-y", "x+y"]);
/// assert_eq!(norm_pm(r"\{1\pm\sqrt{5},-2\}"), [r"1-\sqrt{5}", r"1+\sqrt{5}", "-2"]);
/// assert_eq!(norm_pm("5"), ["5"]);
/// ```
pub fn norm_pm(text: &str) -> Vec<String> {
    let has_sign = text
        .char_indices()
        .any(|(i, c)| matches!(c, '\\' | '±' | '∓') && pm_sign(text, i).is_some());
    if !has_sign {
        return vec![text.to_string()];
    }
    let inner = strip_wrappers(text);
    let mut out = Vec::new();
    for item in split_top_commas(&inner) {
        let item = item.trim();
        if item.is_empty() {
            continue;
        }
        let mut signs = Vec::new();
        let mut i = 0;
        while i < item.len() {
            if !item.is_char_boundary(i) {
                i += 1;
                continue;
            }
            match pm_sign(item, i) {
                Some((plus, len)) => {
                    signs.push((i, len, plus));
                    i += len;
                }
                None => i += 1,
            }
        }
        let Some(&(_, _, first)) = signs.first() else {
            out.push(item.to_string());
            continue;
        };
        for first_minus in [true, false] {
            let mut s = String::with_capacity(item.len());
            let mut last = 0;
            for &(at, len, plus) in &signs {
                // Spaces around the sign go (a space after `\pm` only ends the command).
                s.push_str(item[last..at].trim_end_matches(' '));
                // The first sign reads `-` in the first variant; the others
                // follow it (same kind) or oppose it (other kind).
                let minus = if plus == first {
                    first_minus
                } else {
                    !first_minus
                };
                s.push(if minus { '-' } else { '+' });
                last = at + len;
                while item.as_bytes().get(last) == Some(&b' ') {
                    last += 1;
                }
            }
            s.push_str(&item[last..]);
            let s = s.trim();
            let s = s.strip_prefix('+').unwrap_or(s).trim();
            out.push(s.to_string());
        }
    }
    out
}

/// Whether a text that starts at a connective's end looks like the start
/// of another condition (`or x>3`, `orx>3`, `or 2`): a non-letter, or one
/// letter followed by a non-letter.
fn connective_follows(rest: &[u8]) -> bool {
    match rest.first() {
        None => false,
        Some(c) if !c.is_ascii_alphabetic() => true,
        Some(_) => !rest.get(1).is_some_and(u8::is_ascii_alphabetic),
    }
}

/// The byte ranges of the connective "or" (a separator between answers,
/// not part of a word) at the top level.
fn or_separators(text: &str) -> Vec<(usize, usize)> {
    let b = text.as_bytes();
    let mut out = Vec::new();
    let mut depth = 0i64;
    let mut i = 0;
    while i + 1 < b.len() {
        match b[i] {
            b'(' | b'[' | b'{' => depth += 1,
            b')' | b']' | b'}' => depth -= 1,
            b'o' | b'O' if depth <= 0 && b[i + 1].eq_ignore_ascii_case(&b'r') => {
                let before_ok = i > 0 && !b[i - 1].is_ascii_alphabetic() && b[i - 1] != b'\\';
                let before_ok = before_ok || (i > 0 && b[i - 1] == b' ');
                if before_ok && !text[..i].trim().is_empty() && connective_follows(&b[i + 2..]) {
                    out.push((i, i + 2));
                    i += 2;
                    continue;
                }
            }
            _ => {}
        }
        i += 1;
    }
    out
}

/// Whether the answer is a set of alternatives (rule MN-7): wrapped in set
/// braces (`{2,1}`, `\{1,2\}`), or conditions joined by "or"
/// (`x<-1 or x>3`, also written without spaces), or a list of items at the
/// top level (`1,2`; a thousands separator `1,234` is not a list).
///
/// ```
/// use scorespec::score::math::normalize::is_set;
/// assert!(is_set("{2,1}"));
/// assert!(!is_set("orange"));
/// assert!(is_set("x<-1orx>3"));
/// assert!(!is_set("(3/4)sqrt(3)"));
/// ```
pub fn is_set(text: &str) -> bool {
    let unwrapped = text_commands(text);
    let t = unwrapped.trim().trim_matches('$').trim();
    if t.is_empty() {
        return false;
    }
    let braced = [("\\left\\{", "\\right\\}"), ("\\{", "\\}"), ("{", "}")]
        .iter()
        .any(|(o, c)| t.starts_with(o) && t.ends_with(c) && t.len() >= o.len() + c.len());
    if braced && strip_wrappers(t) != t {
        return true;
    }
    if !or_separators(t).is_empty() {
        return true;
    }
    let cleaned = thousands(&t.replace(' ', ""));
    split_top_commas(&cleaned)
        .iter()
        .filter(|p| !p.trim().is_empty())
        .count()
        >= 2
}

/// The elements of a set answer (rule MN-8): the set braces and math
/// delimiters removed, split at top-level commas and at the connective
/// "or", each element normalized ([`normalize`]), sorted (by bytes) and
/// deduplicated.
///
/// ```
/// use scorespec::score::math::normalize::extract_set;
/// assert_eq!(extract_set("{2,1}"), ["1", "2"]);
/// assert_eq!(extract_set(r"x<-1 \text{ or } x>3"), ["x<-1", "x>3"]);
/// ```
pub fn extract_set(text: &str) -> Vec<String> {
    let inner = strip_wrappers(&text_commands(text));
    let mut items = Vec::new();
    for part in split_top_commas(&inner) {
        let seps = or_separators(part);
        let mut from = 0;
        for (s, e) in seps {
            items.push(&part[from..s]);
            from = e;
        }
        items.push(&part[from..]);
    }
    let mut out: Vec<String> = items
        .iter()
        .map(|p| normalize(p))
        .filter(|p| !p.is_empty())
        .collect();
    out.sort();
    out.dedup();
    out
}

/// Removes the first bracket `open` (one of `(`, `[`, `{`) and the bracket
/// that closes it (rule MN-9); the text is unchanged when there is no such
/// pair. `None` when `open` is not one of the three.
///
/// ```
/// use scorespec::score::math::normalize::remove_first_paren_pair;
/// assert_eq!(remove_first_paren_pair("{white}", '{').as_deref(), Some("white"));
/// assert_eq!(remove_first_paren_pair("f(x)(y)", '(').as_deref(), Some("fx(y)"));
/// ```
pub fn remove_first_paren_pair(text: &str, open: char) -> Option<String> {
    let close = match open {
        '(' => b')',
        '[' => b']',
        '{' => b'}',
        _ => return None,
    };
    let Some(first) = text.find(open) else {
        return Some(text.to_string());
    };
    let m = matching(text, open as u8, close, false);
    let c = m[first];
    if c == NONE {
        return Some(text.to_string());
    }
    Some(format!(
        "{}{}{}",
        &text[..first],
        &text[first + 1..c],
        &text[c + 1..]
    ))
}

/// Why [`latex_to_interval`] or [`latex_to_matrix`] read no object.
#[non_exhaustive]
#[derive(Debug, Clone, PartialEq)]
pub enum ReadError {
    /// The text is not a LaTeX expression, or a bound of the engine was
    /// reached (the engine's error, with its span).
    Expr(ExprError),
    /// It parsed, but is not an interval, a union of intervals or a set.
    NotInterval,
    /// It parsed, but is not a matrix, a vector or a list of entries.
    NotMatrix,
}

impl std::fmt::Display for ReadError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ReadError::Expr(e) => e.fmt(f),
            ReadError::NotInterval => f.write_str("not an interval, a union of intervals or a set"),
            ReadError::NotMatrix => f.write_str("not a matrix, a vector or a list of entries"),
        }
    }
}

impl std::error::Error for ReadError {}

impl From<ExprError> for ReadError {
    fn from(e: ExprError) -> Self {
        ReadError::Expr(e)
    }
}

/// The LaTeX answer as an interval, a union of intervals and finite sets,
/// or a finite set (rule MN-10), in the canonical form of the expression
/// engine. A pair `(a, b)` reads as the open interval; a point of a union
/// that lies in one of its intervals is absorbed (`(-11,-10)\cup\{-\sqrt{110}\}`
/// is `(-11, -10)`: −√110 ≈ −10.49), other points stay.
///
/// ```
/// use scorespec::score::math::normalize::latex_to_interval;
/// assert_eq!(latex_to_interval("(a+b,b]").unwrap(), "Interval.Lopen(a + b, b)");
/// assert_eq!(latex_to_interval(r"(-11,-10)\cup\{-\sqrt{110}\}").unwrap(), "Interval.open(-11, -10)");
/// assert_eq!(
///     latex_to_interval(r"(-11,-10)\cup\{-12\}").unwrap(),
///     "Union({-12}, Interval.open(-11, -10))"
/// );
/// ```
pub fn latex_to_interval(text: &str) -> Result<String, ReadError> {
    latex_to_interval_expr(text).map(|e| to_infix(&e))
}

/// [`latex_to_interval`] as the engine's canonical tree (an
/// [`Expr::Interval`], [`Expr::Union`], [`Expr::Intersection`] or
/// [`Expr::Set`]), for callers that compare it.
///
/// ```
/// use scorespec::expr::Expr;
/// use scorespec::score::math::normalize::latex_to_interval_expr;
/// assert!(matches!(latex_to_interval_expr("[0, 1)").unwrap(), Expr::Interval(_)));
/// ```
pub fn latex_to_interval_expr(text: &str) -> Result<Expr, ReadError> {
    let limits = Limits::default();
    let prepared = normalize_for_parse(text);
    let raw = crate::expr::api::parse_raw(&prepared, crate::expr::api::Format::Latex, &limits)
        .map_err(ReadError::Expr)?;
    let converted = pairs_to_intervals(raw).ok_or(ReadError::NotInterval)?;
    let canon = canonical(&converted, &limits).map_err(ReadError::Expr)?;
    let absorbed = absorb_points(canon);
    canonical(&absorbed, &limits).map_err(ReadError::Expr)
}

/// The steps one end or point may take to evaluate.
const POINT_EVAL_STEPS: u64 = 10_000;

/// The real value of an interval end or a point: ±∞ for the infinities,
/// `None` when it has no real value (symbols, complex numbers).
fn real_value(e: &Expr) -> Option<f64> {
    use crate::expr::Constant;
    match e {
        Expr::Constant(Constant::Infinity) => return Some(f64::INFINITY),
        Expr::Mul(fs) if fs.len() == 2 => {
            if let (Some(k), Expr::Constant(Constant::Infinity)) = (fs[0].as_number(), &fs[1]) {
                use num_traits::Signed;
                return Some(if k.is_negative() {
                    f64::NEG_INFINITY
                } else {
                    f64::INFINITY
                });
            }
        }
        _ => {}
    }
    crate::expr::eval::eval_real(e, &|_| None, &mut 0, POINT_EVAL_STEPS).ok()
}

/// In a union, a point of a finite set that lies in one of the intervals
/// is dropped (`(-11,-10) ∪ {-√110}` is `(-11,-10)`, as the point is
/// inside): strictly inside by a margin of 10⁻⁹ (relative), or identical to
/// a closed end. Points outside every interval, or without a real value,
/// stay.
fn absorb_points(e: Expr) -> Expr {
    let Expr::Union(parts) = e else {
        return e;
    };
    // Each end and each point is evaluated once (the comparisons are then
    // float tests), so the work is bounded by the parts' sizes.
    let intervals: Vec<(&Interval, Option<(f64, f64)>)> = parts
        .iter()
        .filter_map(|p| match p {
            Expr::Interval(iv) => {
                let ends = real_value(&iv.lo).zip(real_value(&iv.hi));
                Some((&**iv, ends))
            }
            _ => None,
        })
        .collect();
    let inside = |p: &Expr| {
        let x = real_value(p);
        intervals.iter().any(|(iv, ends)| {
            if (iv.lo_closed && iv.lo == *p) || (iv.hi_closed && iv.hi == *p) {
                return true;
            }
            let (Some(x), Some((lo, hi))) = (x, *ends) else {
                return false;
            };
            let margin = 1e-9 * x.abs().max(1.0);
            x.is_finite() && lo + margin < x && x + margin < hi
        })
    };
    let mut kept = Vec::new();
    for part in &parts {
        match part {
            Expr::Set(items) => {
                let rest: Vec<Expr> = items.iter().filter(|p| !inside(p)).cloned().collect();
                if !rest.is_empty() {
                    kept.push(Expr::Set(rest));
                }
            }
            other => kept.push(other.clone()),
        }
    }
    if kept.len() == 1 {
        kept.pop().unwrap_or(Expr::Union(Vec::new()))
    } else {
        Expr::Union(kept)
    }
}

/// The text prepared for the LaTeX parser: math delimiters, `\left`/`\right`,
/// spacing and text wrappers handled as in [`normalize`] but without the
/// answer-level rewrites (no unit or assignment removal).
fn normalize_for_parse(text: &str) -> String {
    let s = unicode_to_latex(text);
    let s = commands(&s);
    s.trim().trim_end_matches('.').to_string()
}

/// Interval-valued reading: a 2-tuple is an open interval; unions keep
/// their parts. `None` when the expression is not set-valued.
fn pairs_to_intervals(e: Expr) -> Option<Expr> {
    match e {
        Expr::Tuple(items) if items.len() == 2 => {
            let mut it = items.into_iter();
            let (lo, hi) = (it.next()?, it.next()?);
            Some(Expr::Interval(Box::new(Interval {
                lo,
                hi,
                lo_closed: false,
                hi_closed: false,
            })))
        }
        Expr::Interval(_) | Expr::Set(_) => Some(e),
        Expr::Union(parts) => parts
            .into_iter()
            .map(pairs_to_intervals)
            .collect::<Option<Vec<_>>>()
            .map(Expr::Union),
        Expr::Intersection(parts) => parts
            .into_iter()
            .map(pairs_to_intervals)
            .collect::<Option<Vec<_>>>()
            .map(Expr::Intersection),
        _ => None,
    }
}

/// The LaTeX answer as a matrix (rule MN-11): a list of rows, each a list
/// of the canonical infix strings of its entries. A matrix environment keeps
/// its shape (a column vector `\begin{pmatrix}1\\2\end{pmatrix}` is two
/// rows of one entry, not a row); a comma list is one row, as in the
/// document; a single expression is a 1×1 matrix.
///
/// ```
/// use scorespec::score::math::normalize::latex_to_matrix;
/// assert_eq!(
///     latex_to_matrix(r"\begin{pmatrix} 2 & 3 \\ 0 & -2 \end{pmatrix}").unwrap(),
///     [["2", "3"], ["0", "-2"]]
/// );
/// ```
pub fn latex_to_matrix(text: &str) -> Result<Vec<Vec<String>>, ReadError> {
    Ok(latex_to_matrix_exprs(text)?
        .iter()
        .map(|r| r.iter().map(to_infix).collect())
        .collect())
}

/// [`latex_to_matrix`] as rows of the engine's canonical trees, for callers
/// that compare entries.
///
/// ```
/// use scorespec::score::math::normalize::latex_to_matrix_exprs;
/// let m = latex_to_matrix_exprs(r"\begin{pmatrix}1\\2\end{pmatrix}").unwrap();
/// assert_eq!((m.len(), m[0].len()), (2, 1)); // a column
/// ```
pub fn latex_to_matrix_exprs(text: &str) -> Result<Vec<Vec<Expr>>, ReadError> {
    let limits = Limits::default();
    let prepared = normalize_for_parse(text);
    let e = crate::expr::api::parse(&prepared, crate::expr::api::Format::Latex, &limits)
        .map_err(ReadError::Expr)?;
    match e {
        Expr::Matrix(rows) => Ok(rows),
        Expr::Tuple(items) => Ok(vec![items]),
        Expr::Set(_)
        | Expr::Interval(_)
        | Expr::Union(_)
        | Expr::Intersection(_)
        | Expr::Relation(..) => Err(ReadError::NotMatrix),
        other => Ok(vec![vec![other]]),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// 100 KB inputs: every function gives the right answer (each pass is
    /// linear; a quadratic pass would make these tests crawl, but they
    /// assert results, not times).
    #[test]
    fn long_inputs() {
        let n = 10_000;
        assert_eq!(normalize(&"1,234+".repeat(n)), "1234+".repeat(n));
        assert_eq!(
            norm_deg(&r"\sin 3^\circ+".repeat(n)),
            r"\sin {3*\frac{\pi}{180}}+".repeat(n)
        );
        assert_eq!(fix_a_slash_b(&"1/2+".repeat(n)), r"\frac{1}{2}+".repeat(n));
        assert_eq!(norm_basic_fn(&"sinx+".repeat(n)), r"\sin^{1}x+".repeat(n));
        assert_eq!(norm_pm(&r"1\pm2,".repeat(n)).len(), 2 * n);
        assert_eq!(extract_set(&"1,".repeat(n)), ["1"]);
        assert!(!is_set(&"(".repeat(100_000)));
        assert_eq!(
            remove_first_paren_pair(&format!("{}x", "(".repeat(100_000)), '('),
            Some(format!("{}x", "(".repeat(100_000)))
        );
        // Unclosed groups everywhere: no panic, and the text survives.
        let unclosed = r"\text{\sqrt{sqrt(\left(\begin{".repeat(n / 4);
        assert!(!normalize(&unclosed).is_empty());
        // Beyond the engine's input bound: a typed error.
        assert!(matches!(
            latex_to_interval(&"(0,1)\\cup".repeat(n)),
            Err(ReadError::Expr(ExprError::BudgetExceeded { .. }))
        ));
        assert!(latex_to_matrix(&"1,".repeat(n)).is_err());
    }

    #[test]
    fn adversarial_inputs() {
        // Leading spaces then many text groups (the trailing-unit test is
        // computed once, not per group).
        let t = " ".repeat(50_000) + &r"\text{a}".repeat(5_000);
        // The last group ends the answer: a unit (MN-5 b), removed.
        assert_eq!(normalize(&t), "a".repeat(4_999));
        // Many unclosed environments and root indices.
        let t = r"\begin{".repeat(10_000);
        assert_eq!(normalize(&t), r"\begin{".repeat(10_000).replace(' ', ""));
        let t = r"\sqrt[".repeat(10_000);
        assert_eq!(normalize(&t), t);
        // Deeply nested parentheses around the answer.
        let t = "(".repeat(50_000) + "x" + &")".repeat(50_000);
        assert_eq!(normalize(&t), "x");
        let t = "(".repeat(50_000) + r"[\begin{pmatrix}1\end{pmatrix}]" + &")".repeat(50_000);
        assert_eq!(normalize(&t), r"\begin{pmatrix}1\end{pmatrix}");
        // Chains that one round of a pass could leave behind: still
        // idempotent.
        assert_eq!(
            normalize(&("1,".to_string() + &" and".repeat(1_000) + " 2")),
            "1,2"
        );
        for t in [
            "5".to_string() + &" cm.".repeat(1_000),
            r"\te".repeat(100) + &r"\text{}xt{".repeat(100),
            "([".repeat(100) + r"\begin{pmatrix}1\end{pmatrix}" + &"])".repeat(100),
        ] {
            let once = normalize(&t);
            assert_eq!(normalize(&once), once);
        }
    }

    #[test]
    fn idempotent_on_the_documents_examples() {
        for t in [
            r"251,7\\ \noindent",
            r"\$23{,}000",
            r"\begin{pmatrix} 3 \\ \frac{\pi}{2} \end{pmatrix}",
            r"\sin 20^\circ",
            r"(3/4)\sqrt{3}",
            r"\left(1,2\right)",
        ] {
            let once = normalize(t);
            assert_eq!(normalize(&once), once, "{t}");
        }
    }
}
