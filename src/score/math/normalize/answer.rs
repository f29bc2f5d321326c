//! The answer-level passes of [`normalize`](super::normalize) (MN-5 d–j):
//! percent and unit words, whitespace, number words, approximations and
//! chains of equalities, leading assignments, thousands separators,
//! decimals, wrapping brackets.
//!
//! # Differences with the document
//!
//! See the module `normalize` (D-MN*).

use super::latex::{NEAR, command_at, flush};
use super::sets::split_top_commas;
use crate::text::brackets::{Escapes, Pairs};

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

/// MN-5 e: a trailing "percent", "percentage" or "pct" after a number is `\%`.
pub(super) fn percent_words(text: &str) -> String {
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
pub(super) fn decimals(text: &str) -> String {
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
pub(super) fn words(text: &str) -> String {
    if let Some(n) = crate::score::math::words::number_word(text) {
        return n.to_string();
    }
    // A sign word before a number (`minus 2`, `negative five`) is its
    // sign (ME-15).
    if let Some(t) = crate::score::math::words::signed(text) {
        return words(&t);
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
pub(super) fn equalities(text: &str) -> String {
    let s = approx_side(text);
    // Without an `=` every way below ends in the trimmed text (one side):
    // most answers (`\frac{17}{4}`, `204`) take no split.
    if !s.contains('=') {
        return s.trim().to_string();
    }
    equality_sides(s)
}

/// `a \approx b` is `a` (the exact value), unless `a` is a lone variable
/// or nothing (`\approx 3` is 3: the value stated, hedged).
fn approx_side(text: &str) -> &str {
    match find_command(text, "approx") {
        Some(k) => {
            let (before, after) = (&text[..k], &text[k + "\\approx".len()..]);
            if before.trim().is_empty() || is_variable(before.trim()) {
                after
            } else {
                before
            }
        }
        None => text,
    }
}

/// The rest of [`equalities`]: the side of a chain of equalities that is
/// the answer (the whole text when it holds another relation or a list).
fn equality_sides(s: &str) -> String {
    let other_relation = s.contains(['<', '>'])
        || contains_command(
            s,
            &[
                "\\le", "\\ge", "\\ne", "\\in", "\\approx", "\\begin", "\\sim",
            ],
        );
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

/// Whether `s` holds one of `commands` (each starts with `\`): what
/// `commands.iter().any(|c| s.contains(c))` answers, in one reading of the
/// text that compares only at its backslashes.
pub(super) fn contains_command(s: &str, commands: &[&str]) -> bool {
    let b = s.as_bytes();
    b.iter()
        .enumerate()
        .any(|(k, &c)| c == b'\\' && commands.iter().any(|w| b[k..].starts_with(w.as_bytes())))
}

/// Where the command `\name` (whole) starts in `s`.
fn find_command(s: &str, name: &str) -> Option<usize> {
    let b = s.as_bytes();
    s.match_indices('\\')
        .map(|(k, _)| k)
        .find(|&k| command_at(b, k) == name && (k == 0 || b[k - 1] != b'\\'))
}

/// A lone variable: one letter, optionally with a subscript (`x`, `x_1`, `a_{n}`).
pub(crate) fn is_variable(s: &str) -> bool {
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
pub(super) fn split_top(text: &str, sep: u8) -> Vec<&str> {
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
pub(super) fn strip_wrapping(text: &str) -> String {
    // Only a text that starts with `(` or `[` is wrapped: the bracket
    // tables are built for those only.
    if !text.starts_with(['(', '[']) {
        return text.to_string();
    }
    let b = text.as_bytes();
    let paren = Pairs::scan(b, b'(', b')', Escapes::None);
    let brack = Pairs::scan(b, b'[', b']', Escapes::None);
    let wrapped = |s: usize, e: usize| {
        e >= s + 2
            && match b[s] {
                b'(' => paren.close_of(s) == Some(e - 1),
                b'[' => brack.close_of(s) == Some(e - 1),
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
pub(super) fn trim_end_periods(text: &str) -> String {
    text.trim()
        .trim_end_matches(|c: char| matches!(c, '.' | ',' | ';' | ':') || c.is_whitespace())
        .trim_start()
        .to_string()
}

/// MN-5 g: a unit word ending the answer after a number, a closing brace or
/// a closing parenthesis is removed (`5 cm` → `5`, `10 \text{sq units}` was
/// already removed as a text group).
pub(super) fn trailing_units(text: &str) -> String {
    let mut s = text.trim_end();
    // Each round removes a unit or stops: linear in all.
    loop {
        s = s.trim_end_matches(|c: char| c == '.' || c.is_whitespace());
        let mut changed = false;
        let core = unit_core(s);
        // Every unit word ends on a letter: a text that does not (`5`,
        // `\frac{17}{4}`) is compared with none.
        if !core.ends_with(|c: char| c.is_ascii_alphabetic()) {
            break;
        }
        for unit in UNIT_WORDS {
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

/// The text before a unit's power (`^2`, `^3`, `^{2}`, `^{3}`), if any.
fn unit_core(s: &str) -> &str {
    s.strip_suffix("^2")
        .or_else(|| s.strip_suffix("^3"))
        .or_else(|| s.strip_suffix("^{2}"))
        .or_else(|| s.strip_suffix("^{3}"))
        .unwrap_or(s)
}

/// MN-5 f: in a list, "and" or "or" right after a comma goes (`1, 2, and 3`).
pub(super) fn list_connectives(text: &str) -> String {
    // Without a comma nor a space there is no connective to remove.
    if !text.contains([',', ' ']) {
        return text.to_string();
    }
    list_connectives_full(text)
}

/// [`list_connectives`] on any text.
fn list_connectives_full(text: &str) -> String {
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
    let inequality =
        out.contains(['<', '>']) || contains_command(&out, &["\\le", "\\ge", "\\lt", "\\gt"]);
    let out = if inequality {
        out
    } else {
        out.replace(" and ", ",")
    };
    out.replace(" or ", ",")
}

/// MN-5 d: whitespace removed, except one space between two ASCII letters
/// (`\sin x`, `no solution`).
pub(super) fn whitespace(text: &str) -> String {
    let text = text.trim();
    if text.is_ascii() {
        return whitespace_ascii(text);
    }
    whitespace_chars(text)
}

/// [`whitespace`] of an ASCII text (trimmed): the runs between spaces
/// copied whole, and at each gap the same decision as
/// [`whitespace_chars`] makes at the character after it.
fn whitespace_ascii(text: &str) -> String {
    let ws = crate::text::is_ws_byte;
    let b = text.as_bytes();
    let mut out = String::with_capacity(text.len());
    let mut k = 0;
    while k < b.len() {
        let gap = k;
        while k < b.len() && ws(b[k]) {
            k += 1;
        }
        let start = k;
        while k < b.len() && !ws(b[k]) {
            k += 1;
        }
        if start == k {
            break;
        }
        if start > gap {
            let c = b[start];
            let prev = out.as_bytes().last().copied();
            let letters = (c.is_ascii_alphabetic()
                && prev.is_some_and(|p| p.is_ascii_alphabetic()))
                || (prev.is_some_and(|p| p.is_ascii_alphanumeric()) && word_ahead(&text[start..]))
                || (c.is_ascii_alphanumeric() && word_behind(&out));
            let mixed = c.is_ascii_digit()
                && prev.is_some_and(|p| p.is_ascii_digit())
                && is_fraction_ahead(&text[start..]);
            if letters || mixed {
                out.push(' ');
            }
        }
        out.push_str(&text[start..k]);
    }
    out
}

/// [`whitespace`] of a text (trimmed), a character at a time.
fn whitespace_chars(text: &str) -> String {
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
pub(super) fn assignment(text: &str) -> String {
    // Neither `\in` nor `=`: nothing is assigned (`\frac{17}{4}` has no
    // `\in`; `204` no backslash).
    if !text.contains('=') && find_command(text, "in").is_none() {
        return text.to_string();
    }
    assignment_full(text)
}

/// [`assignment`] on any text.
fn assignment_full(text: &str) -> String {
    let compares = |r: &str| {
        r.contains(['=', '<', '>'])
            || contains_command(r, &["\\le", "\\ge", "\\ne", "\\in", "\\lt", "\\gt"])
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
pub(super) fn per_item(text: &str, f: impl Fn(&str) -> String) -> String {
    // (Without a comma the text is one item.)
    if !text.contains(',') {
        return f(text);
    }
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
pub(super) fn thousands(text: &str) -> String {
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

#[cfg(test)]
mod tests {
    use super::*;

    /// Pieces of answers: relations, commands that start like others
    /// (`\left`, `\int`, `\infty`), units, connectives, lists.
    const PIECES: &[&str] = &[
        "=",
        "<",
        ">",
        ",",
        " ",
        "and ",
        "or ",
        "\\le",
        "\\left",
        "\\ge",
        "\\ne",
        "\\neq",
        "\\in",
        "\\int",
        "\\infty",
        "\\approx",
        "\\begin",
        "\\sim",
        "\\lt",
        "\\gt",
        "\\frac{17}{4}",
        "x",
        "x_1",
        "5",
        "cm",
        "^2",
        "^{3}",
        "meters",
        ".",
        "{",
        "}",
        "(",
        ")",
        "\\",
        "é",
        "units",
    ];

    fn texts(seed: u64) -> impl Iterator<Item = String> {
        let mut glue = crate::text::Glue(seed);
        (0..4000).map(move |_| glue.text(PIECES, 1))
    }

    /// The runs of `whitespace_ascii` give what the character loop gives,
    /// on ASCII texts of words, digits, fractions, commands and every
    /// kind of ASCII white space.
    #[test]
    fn whitespace_runs_are_the_character_loop() {
        let pieces = [
            "x", "ab", " ", "  ", "\t", "\u{b}", "\n", "4", "4/9", "\\sin", "=", "(", "cm", "12",
        ];
        let mut glue = crate::text::Glue(48);
        let mut spaces = 0;
        for round in 0..5000u64 {
            let t = glue.text(&pieces, 1 + round % 12);
            let t = t.trim();
            let want = whitespace_chars(t);
            assert_eq!(whitespace_ascii(t), want, "{t:?}");
            spaces += usize::from(want.contains(' '));
        }
        assert!(spaces > 1000, "{spaces}");
    }

    /// The one reading of `contains_command` answers what a `contains`
    /// per command answers.
    #[test]
    fn contains_command_is_contains() {
        let commands = [
            "\\le", "\\ge", "\\ne", "\\in", "\\approx", "\\begin", "\\sim",
        ];
        for t in texts(41) {
            let want = commands.iter().any(|c| t.contains(c));
            assert_eq!(contains_command(&t, &commands), want, "{t:?}");
        }
    }

    /// The shortcuts of the passes answer what their full paths answer on
    /// the texts they take: no `=` (equalities), no comma (per item), no
    /// comma and no space (connectives), no `=` and no `\in` (assignment),
    /// no letter at the end (units).
    #[test]
    fn shortcuts_are_the_full_paths() {
        for t in texts(43) {
            if !t.contains('=') {
                assert_eq!(equality_sides(&t), t.trim(), "{t:?}");
                if find_command(&t, "in").is_none() {
                    assert_eq!(assignment_full(&t), t, "{t:?}");
                }
            }
            if !t.contains(',') {
                assert_eq!(split_top_commas(&t).len(), 1, "{t:?}");
            }
            if !t.contains([',', ' ']) {
                assert_eq!(list_connectives_full(&t), t, "{t:?}");
            }
            assert_eq!(equalities(&t), equality_sides(approx_side(&t)), "{t:?}");
            // A text whose core does not end on a letter ends with no
            // unit word: the units pass compares none.
            let core = unit_core(&t);
            if !core.ends_with(|c: char| c.is_ascii_alphabetic()) {
                assert!(UNIT_WORDS.iter().all(|u| !core.ends_with(u)), "{t:?}");
            }
        }
    }
}
