//! Quantities written around a number (ME-8, ME-9, ME-2): a trailing unit
//! word and unit expressions outside math mode, `\mathrm{}` units, the
//! percent words (`28 percent`, `pct`) and degrees of temperature, put in
//! the form the comparison reads.
//!
//! # Differences with the document
//!
//! Document 004 strips a fixed list of unit words; units are compared here,
//! not stripped (spec/math.md ME-9).

use crate::score::math::units;
use crate::score::math::words::TrimQuick;
use crate::text::latex_groups::{Groups, MATH_ANSWER, Rewrite};

/// `125 miles` → `125\text{ miles}`, `5 m` → `5\text{ m}`: a number
/// followed by a space and one plain word that names a unit of the table
/// (ME-9) is that quantity, as if the word were in `\text{}` (an answer
/// written outside math mode: `$125$ miles`). Of the units of one letter,
/// [`SPACED_LETTER_UNITS`] only (`5m`, without the space, stays `5m`).
pub(super) fn trailing_unit_word(t: String) -> String {
    if let Some(q) = unit_expression(&t) {
        return q;
    }
    if let Some((num, word)) = number_prefix(&t) {
        let word = word.trim();
        if (word.len() >= 2 || SPACED_LETTER_UNITS.contains(&word))
            && word.bytes().all(|c| c.is_ascii_alphabetic())
            && units::is_unit(word)
        {
            return format!("{num}\\text{{ {word}}}");
        }
    }
    t
}

/// A number before a unit and the text after it: a plain number
/// ([`is_plain_number`]) and, optionally, a power of ten after a times sign
/// (`\times`, `×`, `*`, `\cdot`, spaces around it allowed: `2.1 \times
/// 10^{5}`, `3.0*10^8`; the e-notation is already `\times10^{…}` here),
/// written `…\times10^{k}`, then at least one space. `None` when the text
/// does not start so (`x m`, `5m`, a power that is no integer of at most
/// [`MAX_TEN_DIGITS`] digits).
fn number_prefix(t: &str) -> Option<(String, &str)> {
    let n = t
        .bytes()
        .take_while(|&c| c.is_ascii_digit() || matches!(c, b'.' | b'-' | b'{' | b'}' | b','))
        .count();
    let mantissa = &t[..n];
    if !is_plain_number(mantissa) {
        return None;
    }
    let after = &t[n..];
    let power = ["\\times", "×", "*", "\\cdot"]
        .iter()
        .find_map(|sign| after.trim_start().strip_prefix(sign))
        .and_then(|r| r.trim_start().strip_prefix("10^"))
        .and_then(|r| integer_power(r, true, MAX_TEN_DIGITS));
    let (num, tail) = match power {
        Some((k, rest)) => (format!("{mantissa}\\times10^{{{k}}}"), rest),
        None => (mantissa.to_string(), after),
    };
    tail.starts_with(' ').then_some((num, tail))
}

/// The integer exponent after a `^` at the start of `r` and the text after
/// it: `{k}` or `k` unbraced, `k` at most `max_digits` digits after one
/// optional `-` (or `+` when `plus`): `^2`, `^-1`, `^{-1}`, `10^{+5}`.
fn integer_power(r: &str, plus: bool, max_digits: usize) -> Option<(&str, &str)> {
    let signed = |t: &str| t.starts_with('-') || plus && t.starts_with('+');
    let (k, rest) = match r.strip_prefix('{') {
        Some(r) => r.split_once('}')?,
        None => {
            let sign = usize::from(signed(r));
            let m = sign + r[sign..].bytes().take_while(u8::is_ascii_digit).count();
            r.split_at(m)
        }
    };
    let digits = &k[usize::from(signed(k))..];
    let integer = !digits.is_empty()
        && digits.len() <= max_digits
        && digits.bytes().all(|c| c.is_ascii_digit());
    integer.then_some((k, rest))
}

/// The most digits of a power of ten [`number_prefix`] reads before a unit.
const MAX_TEN_DIGITS: usize = 4;

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
    let (mut out, tail) = number_prefix(t)?;
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
            let (k, r) = integer_power(r, false, 2)?;
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

/// `\mathrm{m}`, `\mathrm{~km}` → `\text{m}`, `\text{km}` when the word is a
/// unit of the table (ME-9): upright letters after a number are a unit, as
/// `\text{}` is.
pub(super) fn mathrm_units(s: &str) -> String {
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

/// Whether [`percent_words`] has something to do: a `%` (bare or `\%`),
/// or a percent word ending the answer.
pub(super) fn percent_present(t: &str) -> bool {
    // The words end the answer, alone or in a final text group.
    let end = t.trim_end();
    let end = end.strip_suffix('}').unwrap_or(end).trim_end();
    t.contains('%') || PERCENT_WORDS.iter().any(|w| end.ends_with(w))
}

/// The words that say percent after a number (ME-8), longest first.
const PERCENT_WORDS: [&str; 3] = ["percentage", "percent", "pct"];

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
pub(super) fn percent_words(s: &str) -> String {
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
pub(super) fn temperature(t: &str) -> Option<String> {
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
