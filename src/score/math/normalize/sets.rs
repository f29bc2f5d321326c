//! `±` and sets of answers (rules MN-1, MN-7, MN-8, MN-9): [`norm_pm`],
//! [`is_set`], [`extract_set`], [`remove_first_paren_pair`].
//!
//! # Differences with the document
//!
//! See the module `normalize`: `norm_pm` returns a list with correlated signs.

use super::answer::{split_top, thousands};
use super::latex::text_commands;
use super::normalize;
use crate::text::brackets::{self, Escapes, Pairs};

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
pub(super) fn split_top_commas(text: &str) -> Vec<&str> {
    split_top(text, b',')
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
            if brackets::closing(wrapped.as_bytes(), 0, Escapes::Backslash)
                == Some(wrapped.len() - 1)
            {
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
    let Some(c) = Pairs::scan(text.as_bytes(), open as u8, close, Escapes::None).close_of(first)
    else {
        return Some(text.to_string());
    };
    Some(format!(
        "{}{}{}",
        &text[..first],
        &text[first + 1..c],
        &text[c + 1..]
    ))
}
