//! The LaTeX command-level passes of [`normalize`](super::normalize) (MN-5 a–c):
//! Unicode symbols to LaTeX, text and box groups unwrapped (a trailing text
//! group is a unit and goes), delimiters, spacing, sizes, relations and
//! environments, single-token arguments of `\\frac` and `\\sqrt` braced.
//!
//! # Differences with the document
//!
//! See the module `normalize` (D-MN*).

use super::answer::contains_command;
use crate::text::brackets::{Escapes, Pairs};
use crate::text::latex_groups::{Groups, MATH, Rewrite, ends_with_command};

/// The command name (ASCII letters) that starts at byte `i + 1` after a
/// backslash at `i`, or `""`.
pub(super) fn command_at(b: &[u8], i: usize) -> &str {
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

/// MN-5 a: Unicode math symbols to their LaTeX commands.
pub(super) fn unicode_to_latex(text: &str) -> String {
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
pub(super) fn text_commands(text: &str) -> String {
    // Every group this pass edits starts with one of these (the names of
    // TEXT_COMMANDS all start with `text` but `mbox`): without one the
    // walk finds no group and the rewrite copies the text.
    if !has_text_command(text) {
        return text.to_string();
    }
    text_commands_full(text)
}

/// Whether `text` holds a command that [`text_commands`] edits.
pub(super) fn has_text_command(text: &str) -> bool {
    contains_command(text, &["\\text", "\\mbox", "\\boxed", "\\fbox"])
}

/// [`text_commands`] on any text.
fn text_commands_full(text: &str) -> String {
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
    let mut groups = Groups::new(text, MATH);
    let mut out = Rewrite::new(text, MATH);
    while let Some(g) = groups.next(|name| is_box(name) || TEXT_COMMANDS.contains(&name)) {
        let boxed = is_box(g.name);
        let rest_start = skip_power(text.as_bytes(), g.close + 1);
        let trailing = rest_start >= significant_end;
        let before = first_significant < g.start;
        // A box is always unwrapped, never a unit.
        if !boxed && trailing && before && !g.content(text).trim().is_empty() {
            out.remove(&g, rest_start);
            groups.skip_to(rest_start);
        } else if boxed && box_follows(text, g.close + 1) {
            // Between two boxes: a list.
            out.unwrap(&g, ",");
        } else {
            out.unwrap(&g, "");
        }
    }
    out.finish().0
}

/// The box commands: always unwrapped.
fn is_box(name: &str) -> bool {
    matches!(name, "boxed" | "fbox")
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
pub(super) const NEAR: usize = 64;

/// Appends `piece`, with a space first when `out` ends with a command name
/// and `piece` starts with a letter: removing something between them must
/// not glue them into another command (`\pi$r$` is `\pi r`, not `\pir`).
pub(super) fn flush(out: &mut String, piece: &str) {
    if piece.starts_with(|c: char| c.is_ascii_alphabetic()) && ends_with_command(out) {
        out.push(' ');
    }
    out.push_str(piece);
}

pub(super) fn skip_spaces(b: &[u8], mut i: usize) -> usize {
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
pub(super) fn commands(text: &str) -> String {
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
        i = command(text, i, &mut env_depth, &mut out);
        last = i;
    }
    flush(&mut out, &text[last..]);
    out
}

/// [`commands`] at a backslash at `i`: the command (or escaped character)
/// it starts, rewritten into `out`; `env_depth` counts open environments.
/// Returns where the text continues.
fn command(text: &str, i: usize, env_depth: &mut usize, out: &mut String) -> usize {
    let b = text.as_bytes();
    let name = command_at(b, i);
    if name.is_empty() {
        let next = b.get(i + 1).copied();
        match next {
            Some(b'\\') if *env_depth > 0 => out.push_str("\\\\"),
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
                return i + 1;
            }
        }
        return i + 2;
    }
    let end = i + 1 + name.len();
    if SIZES.contains(&name) {
        let j = skip_spaces(b, end);
        if b.get(j) == Some(&b'.') {
            return j + 1;
        }
    } else if FORMATTING.contains(&name) {
        out.push(' ');
    } else if matches!(name, "dfrac" | "tfrac" | "cfrac") {
        out.push_str("\\frac");
    } else if let Some(r) = relation(name) {
        out.push_str(r);
    } else if matches!(name, "begin" | "end") {
        return environment(text, name, end, env_depth, out);
    } else {
        out.push('\\');
        out.push_str(name);
    }
    end
}

/// [`commands`] after `\\begin` or `\\end` (`name`, ending at `end`): the
/// environment's name, matrix environments as `pmatrix`, an array's column
/// specification dropped. Returns where the text continues.
fn environment(
    text: &str,
    name: &str,
    end: usize,
    env_depth: &mut usize,
    out: &mut String,
) -> usize {
    let b = text.as_bytes();
    let j = skip_spaces(b, end);
    let env_end = if b.get(j) == Some(&b'{') {
        find_near(text, j, '}').map(|k| j + k)
    } else {
        None
    };
    let Some(k) = env_end else {
        out.push('\\');
        out.push_str(name);
        return end;
    };
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
    let mut i = k + 1;
    if name == "begin" {
        *env_depth += 1;
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
        *env_depth = env_depth.saturating_sub(1);
    }
    i
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
pub(super) fn brace_arguments(text: &str) -> String {
    let b = text.as_bytes();
    let close = Pairs::scan(b, b'{', b'}', Escapes::Backslash);
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
            if let Some(c) = close.close_of(k) {
                j = c + 1;
                continue;
            }
            match b.get(k) {
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

#[cfg(test)]
mod tests {
    use super::*;

    /// The shortcut of `text_commands` is its full pass: a text without
    /// `\text`, `\mbox`, `\boxed`, `\fbox` is copied (near misses, groups
    /// of other commands, units after numbers); and every name of the
    /// pass starts with one of them.
    #[test]
    fn text_commands_shortcut_is_the_full_pass() {
        assert!(
            TEXT_COMMANDS
                .iter()
                .all(|n| n.starts_with("text") || *n == "mbox")
        );
        let pieces = [
            "\\tex",
            "t{",
            "\\mbo",
            "x{",
            "\\box",
            "ed{",
            "\\fbo",
            "\\Boxed{",
            "\\TEXT{",
            "\\frac{1}{2}",
            "\\text{cm}",
            "\\textbf{",
            "\\mbox{a}",
            "\\boxed{5}",
            "{",
            "}",
            " ",
            "$",
            "\\(",
            "\\)",
            "5",
            "cm",
            "^2",
            ".",
            "\\",
            "é",
        ];
        let mut glue = crate::text::Glue(47);
        let mut copied = 0;
        for _ in 0..5000 {
            let t = glue.text(&pieces, 1);
            if !contains_command(&t, &["\\text", "\\mbox", "\\boxed", "\\fbox"]) {
                assert_eq!(text_commands_full(&t), t, "{t:?}");
                copied += 1;
            }
            assert_eq!(text_commands(&t), text_commands_full(&t), "{t:?}");
        }
        assert!(copied > 500, "{copied}");
    }
}
