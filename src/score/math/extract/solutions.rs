//! Solutions listed together (MX-13): the fallback's answer `x = 2` read
//! with the solutions of the same variable listed before it in the same
//! sentence (`x = 1 and x = 2`, `$x = 1$, $x = 2$ or $x = 3$`, `$x_1 =
//! -2$, $x_2 = 3$`, `x=-2，x=3`); and the items of a list in a Chinese
//! statement (MX-11: `故答案为：-2，3`), read by [`item_kind`].
//!
//! # Differences with the document
//!
//! Document 004's fallback takes the last number (`2` of `x = 1 and x =
//! 2`); the production fallback reads the list (spec/math.md MX-13).

use super::numbers::run_before;
use super::phrases::ZH_STOPS;
use super::{Found, alone_before};

/// The most solutions listed together that the production fallback reads
/// into one answer (MX-13: `x = 1 and x = 2`), the last ones.
pub const MAX_LISTED_SOLUTIONS: usize = 16;

/// How far back the value of one listed solution may start (bytes); also
/// the longest item of a Chinese statement's list ([`item_kind`]).
pub(super) const MAX_VALUE_BYTES: usize = 64;

/// The joiners of a list in Chinese (MX-11, MX-13): the full-width comma,
/// the enumeration comma and the words for "or" and "and" (`或者` before
/// `或`, the longer first; `且`, `并且` join two bounds of one unknown).
pub(super) const ZH_JOINERS: [&str; 9] = ["，", "、", "或者", "或", "和", "及", "与", "并且", "且"];

/// The length of the Chinese joiner that `rest` opens with, if any.
pub(super) fn zh_joiner_at(rest: &[u8]) -> Option<usize> {
    ZH_JOINERS
        .iter()
        .find(|j| rest.starts_with(j.as_bytes()))
        .map(|j| j.len())
}

/// What one item of a list in a statement is (MX-11): two items of one
/// kind are a list (`-2，3`, `$x_1 = -2$，$x_2 = 3$`); items of two kinds
/// are not (`x = 3，y = 5`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Item {
    /// A value alone (`-2`, `\frac{1}{2}`).
    Value,
    /// `v = value` for the unknown of this letter (`x = 3`, `x_1 = -2`,
    /// `x_{2} = 3`: the subscripts name the roots of one unknown).
    Solution(u8),
    /// A bound `v < value` of the unknown of this letter (`x > 1`, `x \le
    /// 3`): two of them joined are an interval or a union (MX-13).
    Bound(u8),
}

/// The relation signs of a bound ([`Item::Bound`]), the longer first.
const BOUND_SIGNS: [&str; 8] = ["\\leq", "\\geq", "\\le", "\\ge", "≤", "≥", "<", ">"];

/// The kind of `t` when it is a bound `v < value` ([`Item::Bound`]): one
/// relation sign of [`BOUND_SIGNS`] (a command not followed by a letter),
/// an unknown before it and a value alone after it.
fn bound_kind(t: &str) -> Option<Item> {
    let (at, sign) = t.char_indices().find_map(|(i, _)| {
        BOUND_SIGNS
            .iter()
            .find(|w| {
                t[i..].starts_with(**w)
                    && !(w.starts_with('\\')
                        && t.as_bytes()
                            .get(i + w.len())
                            .is_some_and(u8::is_ascii_alphabetic))
            })
            .map(|w| (i, w.len()))
    })?;
    let v = unknown(t[..at].trim())?;
    plain_value(t[at + sign..].trim()).then_some(Item::Bound(v))
}

/// The kind of `item` (white space and one pair of `$` or `\(…\)` around
/// it ignored), at most [`MAX_VALUE_BYTES`] long: `v = value` for a letter
/// `v` (with a subscript of digits, `x_1`, `x_{1}`), a value alone — a
/// digit or a command, no relation, no `$`, no Chinese or full-width
/// character and no word of two letters or more outside a command — or a
/// bound `v < value` ([`Item::Bound`]). `None` for anything else (`因此 y =
/// 5`, `5个`, `x is 3`).
pub(super) fn item_kind(item: &str) -> Option<Item> {
    let t = item.trim();
    let t = t
        .strip_prefix('$')
        .and_then(|t| t.strip_suffix('$'))
        .or_else(|| t.strip_prefix("\\(").and_then(|t| t.strip_suffix("\\)")))
        .unwrap_or(t)
        .trim();
    if t.len() > MAX_VALUE_BYTES {
        return None;
    }
    match t.split_once('=') {
        Some((l, r)) => {
            let v = unknown(l.trim())?;
            plain_value(r.trim()).then_some(Item::Solution(v))
        }
        None => bound_kind(t).or_else(|| plain_value(t).then_some(Item::Value)),
    }
}

/// The letter of an unknown written `v`, `v_1` or `v_{1}`.
fn unknown(l: &str) -> Option<u8> {
    let (&v, sub) = l.as_bytes().split_first()?;
    let digits = |s: &[u8]| !s.is_empty() && s.iter().all(u8::is_ascii_digit);
    let subscript = |s: &[u8]| {
        s.strip_prefix(b"{")
            .and_then(|s| s.strip_suffix(b"}"))
            .map_or_else(|| digits(s), digits)
    };
    let ok = sub.is_empty() || sub.strip_prefix(b"_").is_some_and(subscript);
    (v.is_ascii_alphabetic() && ok).then_some(v)
}

/// Whether `t` holds a relation command (`\\le`, `\\geq`, `\\ne` …; not
/// `\\left`): no value alone does.
fn relation_command(t: &str) -> bool {
    t.match_indices('\\').any(|(i, _)| {
        let name = &t[i + 1..];
        let n = name.bytes().take_while(u8::is_ascii_alphabetic).count();
        matches!(
            &name[..n],
            "le" | "ge" | "leq" | "geq" | "lt" | "gt" | "ne" | "neq"
        )
    })
}

/// Whether `t` is a value alone ([`item_kind`]).
fn plain_value(t: &str) -> bool {
    let b = t.as_bytes();
    if !b.iter().any(|c| c.is_ascii_digit() || *c == b'\\')
        || t.chars()
            .any(|c| matches!(c, '=' | '<' | '>' | '$' | '≤' | '≥') || c >= '\u{3000}')
        || relation_command(t)
    {
        return false;
    }
    // (A run of two letters or more is a word unless a command's.)
    let mut k = 0;
    while k < b.len() {
        let n = b[k..]
            .iter()
            .take_while(|c| c.is_ascii_alphabetic())
            .count();
        if n >= 2 && (k == 0 || b[k - 1] != b'\\') {
            return false;
        }
        k += n.max(1);
    }
    true
}

/// The item of a Chinese statement's list that ends at `j` (MX-11): back
/// to `i` or to the last Chinese or full-width character (U+3000 and
/// above) before `j`; `None` when that is more than [`MAX_VALUE_BYTES`]
/// back.
pub(super) fn item_back(text: &str, i: usize, j: usize) -> Option<&str> {
    let mut lo = i.max(j.saturating_sub(MAX_VALUE_BYTES + 1));
    while !text.is_char_boundary(lo) {
        lo += 1;
    }
    let seg = &text[lo..j];
    match seg.char_indices().rev().find(|&(_, c)| c >= '\u{3000}') {
        Some((k, c)) => Some(&seg[k + c.len_utf8()..]),
        None => (lo == i).then_some(seg),
    }
}

/// The item of a Chinese statement's list that starts at `k` (after a
/// `，`, MX-11): up to the first Chinese or full-width character or line
/// break, or `limit`, at most [`MAX_VALUE_BYTES`] on, and only when that
/// ends the statement or joins another item (a stop of [`ZH_STOPS`], a
/// joiner of [`ZH_JOINERS`], `limit`); without a sentence's period.
pub(super) fn item_ahead(text: &str, k: usize, limit: usize) -> Option<&str> {
    let mut hi = limit.min(k + MAX_VALUE_BYTES + 1);
    while !text.is_char_boundary(hi) {
        hi -= 1;
    }
    let seg = &text[k..hi];
    let e = match seg
        .char_indices()
        .find(|&(_, c)| c >= '\u{3000}' || c == '\n')
    {
        Some((e, _)) => e,
        None if hi == limit => seg.len(),
        None => return None,
    };
    ends_item(&text.as_bytes()[k + e..limit]).then(|| seg[..e].trim_end().trim_end_matches('.'))
}

/// Whether `rest`, what follows an item of a Chinese statement's list,
/// ends the statement or joins another item: nothing, a stop of
/// [`ZH_STOPS`] or a joiner of [`ZH_JOINERS`].
pub(super) fn ends_item(rest: &[u8]) -> bool {
    rest.is_empty()
        || ZH_STOPS.iter().any(|p| rest.starts_with(p.as_bytes()))
        || zh_joiner_at(rest).is_some()
}

/// The fallback's answer `f` (MX-13, MX-14) widened to the solutions listed
/// before it in `text[from..]`: when `f` is the value of `v = value` for a
/// variable of one letter `v`, and `v = value` items of the same variable
/// come just before it, joined by `and`, `or`, `,` or `;` (with spaces and
/// math delimiters `$` around), the answer is the whole list from the first
/// item (its opening `$` included) to `f`'s end (its closing `$` included),
/// at most [`MAX_LISTED_SOLUTIONS`] items. `how` becomes
/// `listed_solutions`. Otherwise `f` unchanged.
pub(super) fn listed_solutions(text: &str, from: usize, f: Found) -> Found {
    let b = text.as_bytes();
    let Some((var, mut first)) = variable_before(b, from, f.span.0) else {
        return f;
    };
    let mut count = 1;
    while count < MAX_LISTED_SOLUTIONS {
        let Some(q) = joint_before(b, from, first) else {
            break;
        };
        // The previous item: `v = value` with its value ending at `q`.
        let Some(eq) = last_before(b, from, q, b'=') else {
            break;
        };
        let value = text[eq + 1..q].trim();
        if value.is_empty() || value.bytes().any(|c| matches!(c, b',' | b';' | b'$')) {
            break;
        }
        match variable_before(b, from, eq + 1) {
            Some((v, start)) if v == var => first = start,
            _ => break,
        }
        count += 1;
    }
    if count < 2 {
        return f;
    }
    // The math delimiters of the first and last items.
    let mut s = first;
    let mut e = f.span.1;
    if s > from && b[s - 1] == b'$' && b.get(e) == Some(&b'$') {
        s -= 1;
        e += 1;
    } else if s >= from + 2 && &b[s - 2..s] == b"\\(" && b.get(e..e + 2) == Some(b"\\)") {
        s -= 2;
        e += 2;
    }
    Found {
        span: (s, e),
        how: "listed_solutions",
        reach: f.reach.max(e),
    }
}

/// The fallback's formula `f` (MX-13) widened to the bound of the same
/// unknown written just before it in math delimiters of its own and joined
/// to it ([`joint_before`]: `and`, `or`, `,`, `;`, a Chinese joiner, `且`):
/// `$x > 1$ and $x < 3$` is the interval, `$x<1$ or $x>3$` the union, not
/// their last bound. Two bounds at most; `how` becomes `listed_solutions`.
/// Otherwise `f` unchanged.
pub(super) fn listed_bounds(text: &str, from: usize, f: Found) -> Found {
    let b = text.as_bytes();
    let (s, e) = f.span;
    let Some(Item::Bound(v)) = item_kind(&text[s..e]) else {
        return f;
    };
    // Both bounds in `$…$` of their own: the last one's delimiters.
    if !(s > from && b[s - 1] == b'$' && b.get(e) == Some(&b'$')) {
        return f;
    }
    let Some(q) = joint_before(b, from, s - 1) else {
        return f;
    };
    // `joint_before` skipped the previous bound's closing `$`.
    let Some(open) = last_before(b, from, q, b'$') else {
        return f;
    };
    if item_kind(&text[open + 1..q]) != Some(Item::Bound(v)) || !b[q..s].contains(&b'$') {
        return f;
    }
    Found {
        span: (open, e + 1),
        how: "listed_solutions",
        reach: f.reach.max(e + 1),
    }
}

/// Where the last `byte` stands in the [`MAX_VALUE_BYTES`] before `q` (not
/// before `from`): the start of the value or the item that ends at `q`.
fn last_before(b: &[u8], from: usize, q: usize, byte: u8) -> Option<usize> {
    let floor = from.max(q.saturating_sub(MAX_VALUE_BYTES));
    b[floor..q]
        .iter()
        .rposition(|&c| c == byte)
        .map(|k| floor + k)
}

/// The variable `v` of `v = ` ending just before `at` (spaces around the
/// `=`), and where `v` starts: one ASCII letter standing alone (not the end
/// of a word, a command or a subscript), or `x`, `y` or `z` with a
/// subscript of digits (`x_1`, `x_{2}`: the roots of one unknown; not
/// `a_1`, a sequence's terms). The variable is its letter.
fn variable_before(b: &[u8], from: usize, at: usize) -> Option<(u8, usize)> {
    let k = run_before(b, from, at, |c| c == b' ');
    if !(k > from && b[k - 1] == b'=') {
        return None;
    }
    let k = run_before(b, from, k - 1, |c| c == b' ');
    let k = subscript_before(b, from, k).unwrap_or(k);
    let v = *b.get(k.checked_sub(1)?)?;
    let p = k - 1;
    let subscripted = b.get(k) == Some(&b'_');
    let letter = if subscripted {
        matches!(v, b'x' | b'y' | b'z')
    } else {
        v.is_ascii_alphabetic()
    };
    (p >= from && letter && alone_before(b, from, p)).then_some((v, p))
}

/// Where a subscript of digits (`_1`, `_{12}`) ending at `k` starts (its
/// `_`), if one does.
fn subscript_before(b: &[u8], from: usize, k: usize) -> Option<usize> {
    let braced = k > from && b[k - 1] == b'}';
    let end = if braced { k - 1 } else { k };
    let d = run_before(b, from, end, |c| c.is_ascii_digit());
    if d == end || end - d > 4 {
        return None;
    }
    let d = if braced {
        d.checked_sub(1).filter(|&o| o >= from && b[o] == b'{')?
    } else {
        d
    };
    (d > from && b[d - 1] == b'_').then_some(d - 1)
}

/// Where the value of the item before `at` ends when a joint stands between
/// them: spaces and math delimiters (`$`, `\\(`, `\\)`), then `and`, `or`,
/// `,` or `;` (`, and` too) or a Chinese joiner ([`ZH_JOINERS`]), then
/// spaces and delimiters.
fn joint_before(b: &[u8], from: usize, at: usize) -> Option<usize> {
    let skip = |mut k: usize| {
        loop {
            if k > from && matches!(b[k - 1], b' ' | b'$') {
                k -= 1;
            } else if k >= from + 2 && b[k - 2] == b'\\' && matches!(b[k - 1], b'(' | b')') {
                k -= 2;
            } else {
                return k;
            }
        }
    };
    let mut k = skip(at);
    let word = |k: usize, w: &[u8]| {
        k > from + w.len() && &b[k - w.len()..k] == w && b[k - w.len() - 1] == b' '
    };
    let mut joined = false;
    for w in [&b"and"[..], b"or"] {
        if word(k, w) {
            k = skip(k - w.len());
            joined = true;
            break;
        }
    }
    if k > from && matches!(b[k - 1], b',' | b';') {
        k = skip(k - 1);
        joined = true;
    } else if let Some(j) = ZH_JOINERS
        .iter()
        .find(|j| b[from..k].ends_with(j.as_bytes()))
    {
        // `x=-2，x=3`, `x=-2 或 x=3`.
        k = skip(k - j.len());
        joined = true;
    }
    (joined && k > from).then_some(k)
}

#[cfg(test)]
mod tests {
    use super::super::locate_default;
    use super::{Item, MAX_LISTED_SOLUTIONS, item_kind};

    /// The items of a Chinese statement's list: a value, or `v = value`
    /// (a subscript of digits allowed); nothing else.
    #[test]
    fn list_items_have_a_kind() {
        for (item, want) in [
            ("-2", Some(Item::Value)),
            (" $\\frac{1}{2}$ ", Some(Item::Value)),
            ("\\(3\\)", Some(Item::Value)),
            ("x = 3", Some(Item::Solution(b'x'))),
            ("$x_1 = -2$", Some(Item::Solution(b'x'))),
            ("x_{2}=3", Some(Item::Solution(b'x'))),
            ("a_1 = 3", Some(Item::Solution(b'a'))),
            ("y = 5", Some(Item::Solution(b'y'))),
            ("因此 y = 5", None),
            ("5个", None),
            ("x is 3", None),
            ("x", None),
            ("xy = 3", None),
            ("x_n = 3", None),
            ("x = y = 3", None),
            ("x < 3", Some(Item::Bound(b'x'))),
            ("x \\geq 2", Some(Item::Bound(b'x'))),
            ("$y\\le\\frac{1}{2}$", Some(Item::Bound(b'y'))),
            ("x_1 ≥ -1", Some(Item::Bound(b'x'))),
            ("x \\left( 2", Some(Item::Value)),
            ("3 < x", None),
            ("x < y", None),
            ("x < 3 < 4", None),
            ("3 \\geq 2", None),
            ("\\left(3\\right)", Some(Item::Value)),
            ("", None),
            (&"1".repeat(65), None),
        ] {
            assert_eq!(item_kind(item), want, "{item:?}");
        }
    }

    /// Solutions of one variable listed in the last sentence are one
    /// answer; other joints, other variables and words are not.
    #[test]
    fn solutions_listed_together_are_one_answer() {
        for (response, want) in [
            ("So x=1 and x=2.", "x=1 and x=2"),
            (
                "The solutions are $x = 1$ and $x = 2$.",
                "$x = 1$ and $x = 2$",
            ),
            ("Therefore $x = 1$ or $x = 2$", "$x = 1$ or $x = 2$"),
            ("The roots are x = 2 and x = -3", "x = 2 and x = -3"),
            ("so x = 1, x = 2, and x = 3.", "x = 1, x = 2, and x = 3"),
            (
                "hence \\(y = \\frac{1}{2}\\) or \\(y = 4\\)",
                "\\(y = \\frac{1}{2}\\) or \\(y = 4\\)",
            ),
            // Not a list: another joint, another variable, no variable.
            ("x = 2 or x = -3, but x must be positive, so x = 2", "2"),
            ("We get a = 1 and b = 2", "2"),
            ("the sum is 1 and 2", "2"),
            ("So ab = 1 and b = 2", "2"),
        ] {
            let found = locate_default(response, false).expect(response);
            assert_eq!(found.answer, want, "{response:?}");
        }
        // Subscripted roots of `x`, `y`, `z` are one unknown; Chinese joiners
        // join (not a sequence's terms, nor two unknowns).
        for (response, want) in [
            ("So $x_1 = -2$, $x_2 = 3$.", "$x_1 = -2$, $x_2 = 3$"),
            ("so x_{1} = 1 and x_{2} = 4", "x_{1} = 1 and x_{2} = 4"),
            ("hence y_1 = 2, y_2 = 5", "y_1 = 2, y_2 = 5"),
            ("$z_1 = 1$ or $z_2 = -1$", "$z_1 = 1$ or $z_2 = -1$"),
            ("x=-2，x=3。", "x=-2，x=3"),
            ("解得 x=-2 或 x=3", "x=-2 或 x=3"),
            ("解得 x=1、x=2 和 x=3", "x=1、x=2 和 x=3"),
            ("So $a_1 = 3$, $a_2 = 5$.", "5"),
            ("So $x_1 = 2$, $y_1 = 3$.", "3"),
            ("所以 y=2，x=3", "3"),
        ] {
            let found = locate_default(response, false).expect(response);
            assert_eq!(found.answer, want, "{response:?}");
        }
        // Two bounds of one unknown in formulas of their own are one answer
        // (an interval); other unknowns, no delimiters, no joint are not.
        for (response, want) in [
            ("Therefore $x>1$ and $x<3$.", "$x>1$ and $x<3$"),
            (
                "So $x \\geq 2$ and $x \\leq 5$.",
                "$x \\geq 2$ and $x \\leq 5$",
            ),
            ("所以 $a>2$ 且 $a<4$", "$a>2$ 且 $a<4$"),
            ("We need $y>0$ and $x<3$.", "x<3"),
            ("Then $x>1$. Also $x<3$.", "x<3"),
            ("Since $x>1$ holds, $x = 3$", "3"),
        ] {
            let found = locate_default(response, false).expect(response);
            assert_eq!(found.answer, want, "{response:?}");
        }
        // At most MAX_LISTED_SOLUTIONS items, the last ones.
        let items: Vec<String> = (1..=MAX_LISTED_SOLUTIONS + 2)
            .map(|k| format!("x = {k}"))
            .collect();
        let r = format!("so {}", items.join(" and "));
        let found = locate_default(&r, false).unwrap();
        assert_eq!(found.answer, items[2..].join(" and "));
    }
}
