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
use crate::score::math::extract::NoAnswerReason;
use crate::score::math::relations::{bound_value, relation_sign_at};

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

/// A bound `v < value` read apart ([`bound_parts`]).
#[derive(Clone, Copy, Debug)]
struct Bound<'a> {
    /// The letter of its unknown.
    letter: u8,
    /// Whether it bounds the unknown from above (`<`, `\le`).
    upper: bool,
    /// Whether it is strict (`<`, `>`).
    strict: bool,
    /// Its value, trimmed.
    value: &'a str,
}

/// `t` read as a bound `v < value` ([`Item::Bound`]): one relation sign of
/// [`RELATION_SIGNS`](crate::score::math::relations::RELATION_SIGNS) (a command
/// not followed by a letter), an unknown
/// before it and a value alone after it.
fn bound_parts(t: &str) -> Option<Bound<'_>> {
    let (at, sign) = t
        .char_indices()
        .find_map(|(i, _)| relation_sign_at(t, i).map(|r| (i, r)))?;
    let letter = unknown(t[..at].trim())?;
    let value = t[at + sign.spelling.len()..].trim();
    plain_value(value).then_some(Bound {
        letter,
        upper: sign.upper,
        strict: sign.strict,
        value,
    })
}

/// The kind of `t` when it is a bound `v < value` ([`Item::Bound`]).
fn bound_kind(t: &str) -> Option<Item> {
    bound_parts(t).map(|p| Item::Bound(p.letter))
}

/// The kind of `item` (white space and one pair of `$` or `\(…\)` around
/// it ignored), at most [`MAX_VALUE_BYTES`] long: `v = value` for a letter
/// `v` (with a subscript of digits, `x_1`, `x_{1}`), a value alone — a
/// digit or a command, no relation, no `$`, no Chinese or full-width
/// character and no word of two letters or more outside a command — or a
/// bound `v < value` ([`Item::Bound`]). `None` for anything else (`因此 y =
/// 5`, `5个`, `x is 3`).
pub(super) fn item_kind(item: &str) -> Option<Item> {
    let t = undelimited(item);
    if t.len() > MAX_VALUE_BYTES {
        return None;
    }
    // (A bound first: `x >= 1` holds an `=`.)
    if let Some(k) = bound_kind(t) {
        return Some(k);
    }
    match t.split_once('=') {
        Some((l, r)) => {
            let v = unknown(l.trim())?;
            plain_value(r.trim()).then_some(Item::Solution(v))
        }
        None => plain_value(t).then_some(Item::Value),
    }
}

/// `item` without white space and one pair of `$` or `\(…\)` around it.
fn undelimited(item: &str) -> &str {
    let t = item.trim();
    t.strip_prefix('$')
        .and_then(|t| t.strip_suffix('$'))
        .or_else(|| t.strip_prefix("\\(").and_then(|t| t.strip_suffix("\\)")))
        .unwrap_or(t)
        .trim()
}

/// Whether the items `a` and `b` of a Chinese statement's list (MX-11)
/// are of one list: of one [kind](item_kind) (`-2，3`, `x_1 = -2，x_2 =
/// 3`), or `v = value` for two distinct unknowns of one letter each, no
/// subscript (`x = 3，y = 5`: the values of a system's unknowns, MX-13).
pub(super) fn listed_together(a: &str, b: &str) -> bool {
    // (`x = 3`: the letter alone before the `=`.)
    let plain = |t: &str| {
        undelimited(t)
            .get(1..)
            .is_some_and(|r| r.trim_start().starts_with('='))
    };
    match (item_kind(a), item_kind(b)) {
        (Some(Item::Solution(p)), Some(Item::Solution(q))) if p != q => plain(a) && plain(b),
        (Some(k), l) => Some(k) == l,
        (None, _) => false,
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
/// at most [`MAX_LISTED_SOLUTIONS`] items. Items of distinct unknowns (one
/// letter each, no subscript: `x = 3 and y = 5`, `$x=3$, $y=5$`) are one
/// answer too, the values of a system's unknowns, when every joint says
/// "and" (`and`, `,`, `，`, `、`, `和` …; [`Joint::And`]) and no condition
/// or assumption opens their clause ([`assumed_before`]: `Since $x = 3$, $y
/// = 5$` is 5). The first item stands alone ([`stands_alone`]: not `x + y =
/// 8 and y = 5`). `how` becomes `listed_solutions`. Otherwise `f`
/// unchanged.
pub(super) fn listed_solutions(text: &str, from: usize, f: Found) -> Found {
    let b = text.as_bytes();
    let Some(last) = variable_before(b, from, f.span.0) else {
        return f;
    };
    let mut first = last.start;
    // The letters named so far, and whether they are distinct unknowns.
    let mut names = vec![last.letter];
    let mut distinct = None;
    while names.len() < MAX_LISTED_SOLUTIONS {
        let Some((q, joint)) = joint_before(b, from, first) else {
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
        let Some(name) = variable_before(b, from, eq + 1) else {
            break;
        };
        // The first item before `f` decides: the same unknown, or distinct.
        if *distinct.get_or_insert(name.letter != last.letter) {
            if names.contains(&name.letter) {
                // (`x = 1, y = 2, x = 3`: a name again, no system's values.)
                return f;
            }
            if name.subscripted || joint == Joint::Or {
                break;
            }
        } else if name.letter != last.letter {
            break;
        }
        first = name.start;
        names.push(name.letter);
    }
    let distinct = distinct == Some(true);
    if names.len() < 2
        || !stands_alone(b, from, first)
        || distinct && (last.subscripted || assumed_before(text, from, first))
    {
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

/// The reason [`listed_bounds`] gives no answer: bounds of one unknown
/// joined by "and" that leave no number between them (MX-13: `x > 3 and x
/// < 1`, `x > 1 and x < 5 and x > 7`).
pub const NO_INTERVAL: &str =
    "the last bound is joined by 'and' to a bound of its unknown and they make no interval";

/// The fallback's answer `f` (MX-13) widened to the bound joined to it just
/// before ([`bound_listed_before`]: `and`, `or`, `,`, `;`, a Chinese
/// joiner, `且`): `$x > 1$ and $x < 3$` and `x > 1 and x < 3` are the
/// interval, `$x<1$ or $x>3$` and `x<1 or x>3` the union, `x > 1 and y < 3`
/// the list of two unknowns' bounds, not their last bound; bounds of one
/// unknown joined by "and" are read back further, at most
/// [`MAX_LISTED_BOUNDS`] (`x >= 1 and x > 0 and x < 5`). `how` becomes
/// `listed_solutions`. Bounds of one unknown joined by "and" that make no
/// interval: [`NO_INTERVAL`]. Otherwise `f` unchanged.
pub(super) fn listed_bounds(text: &str, from: usize, f: Found) -> Result<Found, NoAnswerReason> {
    match bound_listed_before(text, from, f.span) {
        Some(l) if l.empty => Err(NO_INTERVAL),
        Some(l) => Ok(Found {
            span: (l.open, l.close),
            how: "listed_solutions",
            reach: f.reach.max(l.close),
        }),
        None => Ok(f),
    }
}

/// Bounds listed together ([`bound_listed_before`]): two, or more of one
/// unknown joined by "and".
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct ListedBounds {
    /// Where the first bound opens (its `$` when in a formula).
    pub(super) open: usize,
    /// Where the last bound closes (past its `$` when in a formula).
    pub(super) close: usize,
    /// Whether they bound one unknown, are joined by "and" and make no
    /// interval ([`interval`]).
    pub(super) empty: bool,
}

/// The most bounds of one unknown joined by "and" that [`listed_bounds`]
/// reads together (`x >= 1 and x > 0 and x < 5`).
pub(super) const MAX_LISTED_BOUNDS: usize = 8;

/// The bound listed before the bound `span` ([`listed_bounds`]), when
/// `span` is a bound `v < value` and another bound is joined to it just
/// before ([`previous_bound`]), both in `$…$` of their own or both in plain
/// text (the first one standing alone, [`stands_alone`]): of the same
/// unknown `v` (whatever the joint), or of another unknown joined by "and"
/// with no condition or assumption opening their clause ([`assumed_before`]:
/// the conditions of a system's unknowns). The `or` of `$x<1$ or $x>3$` is
/// then a union, no hedge between two values (MX-20 reads this too). Bounds
/// of one unknown joined by "and" are read back further while they are
/// joined so, at most [`MAX_LISTED_BOUNDS`] (`x >= 1 and x > 0 and x < 5`:
/// their intersection).
pub(super) fn bound_listed_before(
    text: &str,
    from: usize,
    (s, e): (usize, usize),
) -> Option<ListedBounds> {
    let b = text.as_bytes();
    let last = text.get(s..e).and_then(bound_parts)?;
    // Both bounds in `$…$` of their own, or both in plain text.
    let opens = s > from && b[s - 1] == b'$';
    let closes = b.get(e) == Some(&b'$');
    let delimited = opens && closes;
    if !delimited && (opens || closes) {
        return None;
    }
    let (mut open, joint, first) =
        previous_bound(text, from, if delimited { s - 1 } else { s }, delimited)?;
    let close = if delimited { e + 1 } else { e };
    if first.letter != last.letter {
        // `x > 1 and y < 3`: the conditions of two unknowns, no interval.
        let system = joint == Joint::And && !assumed_before(text, from, open);
        return system.then_some(ListedBounds {
            open,
            close,
            empty: false,
        });
    }
    let mut bounds = vec![last, first];
    while joint == Joint::And && bounds.len() < MAX_LISTED_BOUNDS {
        match previous_bound(text, from, open, delimited) {
            Some((o, Joint::And, p)) if p.letter == last.letter => {
                open = o;
                bounds.push(p);
            }
            _ => break,
        }
    }
    Some(ListedBounds {
        open,
        close,
        empty: joint == Joint::And && !interval(&bounds),
    })
}

/// The bound joined ([`joint_before`]) to the item that opens at `at` (its
/// `$` when `delimited`): where it opens, the joint and the bound; in `$…$`
/// of its own when `delimited`, in plain text otherwise
/// ([`plain_bound_before`]).
fn previous_bound(
    text: &str,
    from: usize,
    at: usize,
    delimited: bool,
) -> Option<(usize, Joint, Bound<'_>)> {
    let b = text.as_bytes();
    let (q, joint) = joint_before(b, from, at)?;
    // (`joint_before` skipped the previous bound's closing `$`, if any.)
    if b[q..at].contains(&b'$') != delimited {
        return None;
    }
    let (open, bound) = if delimited {
        let open = last_before(b, from, q, b'$')?;
        (open, bound_parts(&text[open + 1..q])?)
    } else {
        plain_bound_before(text, from, q)?
    };
    Some((open, joint, bound))
}

/// The bound in plain text ending at `q` ([`bound_parts`]) and where it
/// starts: its unknown's letter, at most [`MAX_VALUE_BYTES`] back, standing
/// alone ([`stands_alone`]: not `2 + x > 1`, whose `x > 1` is no bound).
fn plain_bound_before(text: &str, from: usize, q: usize) -> Option<(usize, Bound<'_>)> {
    let b = text.as_bytes();
    let floor = from.max(q.saturating_sub(MAX_VALUE_BYTES));
    (floor..q).rev().find_map(|k| {
        let starts = b[k].is_ascii_alphabetic()
            && (k == from || !(b[k - 1].is_ascii_alphanumeric() || b"\\_{".contains(&b[k - 1])));
        if !starts || !stands_alone(b, from, k) {
            return None;
        }
        text.get(k..q).and_then(bound_parts).map(|p| (k, p))
    })
}

/// Whether bounds of one unknown joined by "and" make an interval (or a
/// ray): unless the greatest lower bound and the least upper bound, both
/// values exact numbers ([`bound_value`]: decimals, fractions), leave no
/// number between them (`x > 3 and x < 1`; equal values with a strict
/// bound; `x >= 3 and x <= 3` is 3). Values that are not such numbers are
/// not compared: the comparison reads them (ME-2, ME-7).
fn interval(bounds: &[Bound]) -> bool {
    let tightest = |upper: bool| {
        let mut best: Option<(num_rational::BigRational, bool)> = None;
        for x in bounds.iter().filter(|x| x.upper == upper) {
            let v = bound_value(x.value)?;
            best = Some(match best {
                Some((w, strict)) if (if upper { w < v } else { w > v }) => (w, strict),
                Some((w, strict)) if w == v => (w, strict || x.strict),
                _ => (v, x.strict),
            });
        }
        best
    };
    match (tightest(false), tightest(true)) {
        (Some((l, ls)), Some((h, hs))) => l < h || (!ls && !hs && l == h),
        _ => true,
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

/// The variable of a listed item `v = value` ([`variable_before`]).
struct Name {
    /// Its letter.
    letter: u8,
    /// Where it starts.
    start: usize,
    /// Whether a subscript follows the letter (`x_1`).
    subscripted: bool,
}

/// The variable `v` of `v = ` ending just before `at` (spaces around the
/// `=`): one ASCII letter standing alone (not the end of a word, a command
/// or a subscript), or `x`, `y` or `z` with a subscript of digits (`x_1`,
/// `x_{2}`: the roots of one unknown; not `a_1`, a sequence's terms).
fn variable_before(b: &[u8], from: usize, at: usize) -> Option<Name> {
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
    (p >= from && letter && alone_before(b, from, p)).then_some(Name {
        letter: v,
        start: p,
        subscripted,
    })
}

/// Whether the listed item whose variable starts at `at` stands alone:
/// before it (spaces and one math delimiter between) the text starts, or a
/// word, a punctuation mark (`,` `:` `;` `.` `!` `?`), a line break or a
/// non-ASCII character ends — no operator, bracket or digit, as in `x + y
/// = 8` (whose `y = 8` is no item).
fn stands_alone(b: &[u8], from: usize, at: usize) -> bool {
    let k = run_before(b, from, at, |c| c == b' ');
    let k = if k > from && b[k - 1] == b'$' {
        k - 1
    } else if k >= from + 2 && &b[k - 2..k] == b"\\(" {
        k - 2
    } else {
        k
    };
    let k = run_before(b, from, k, |c| c == b' ');
    k == from
        || b[k - 1].is_ascii_alphabetic()
        || matches!(b[k - 1], b',' | b':' | b';' | b'.' | b'!' | b'?' | b'\n')
        || b[k - 1] >= 0x80
}

/// The words that open a condition or an assumption (ASCII case ignored):
/// `Since $x = 3$, $y = 5$`, `If a = 1 and b = 2`, `Let $a = 3$ and $b =
/// 5$` state a step, not the values of a system's unknowns.
const ASSUMING: [&str; 16] = [
    "if",
    "when",
    "whenever",
    "since",
    "because",
    "given",
    "let",
    "suppose",
    "assume",
    "assuming",
    "substituting",
    "plugging",
    "setting",
    "for",
    "at",
    "with",
];

/// The Chinese words that open a condition or an assumption (`当`, `若`,
/// `如果`, `因为`, `由`, `设`, `令`, `代入`, `将`): as [`ASSUMING`].
const ZH_ASSUMING: [&str; 9] = ["当", "若", "如果", "因为", "由", "设", "令", "代入", "将"];

/// The most bytes [`assumed_before`] reads back.
const MAX_CLAUSE_BYTES: usize = 96;

/// The marks that end a clause before a list's first item
/// ([`assumed_before`]): `Substituting back, we find a = 2, b = 3` lists
/// the values its last clause finds.
const CLAUSE_STOPS: [char; 13] = [
    '.', ',', ';', ':', '!', '?', '\n', '。', '，', '；', '：', '！', '？',
];

/// Whether a word of [`ASSUMING`] or [`ZH_ASSUMING`] stands in the clause
/// before `at` (back to a mark of [`CLAUSE_STOPS`], at most
/// [`MAX_CLAUSE_BYTES`] back, not before `from`).
fn assumed_before(text: &str, from: usize, at: usize) -> bool {
    let mut floor = from.max(at.saturating_sub(MAX_CLAUSE_BYTES));
    while !text.is_char_boundary(floor) {
        floor += 1;
    }
    let clause = &text[floor..at];
    let clause = clause
        .char_indices()
        .rev()
        .find(|(_, c)| CLAUSE_STOPS.contains(c))
        .map_or(clause, |(k, c)| &clause[k + c.len_utf8()..]);
    let english = clause
        .split(|c: char| !c.is_ascii_alphabetic())
        .any(|w| ASSUMING.iter().any(|a| w.eq_ignore_ascii_case(a)));
    english || ZH_ASSUMING.iter().any(|w| clause.contains(w))
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
    (d > from && b[d - 1] == b'_').then(|| d - 1)
}

/// What a joint between two listed items says ([`joint_before`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Joint {
    /// `and`, `,`, a Chinese joiner of "and" (`，`, `、`, `和`, `及`, `与`,
    /// `并且`, `且`).
    And,
    /// `or`, `;`, `或`, `或者`.
    Or,
}

/// Where the value of the item before `at` ends when a joint stands between
/// them: spaces and math delimiters (`$`, `\\(`, `\\)`), then `and`, `or`,
/// `,` or `;` (`, and` too) or a Chinese joiner ([`ZH_JOINERS`]), then
/// spaces and delimiters; and what the joint says.
fn joint_before(b: &[u8], from: usize, at: usize) -> Option<(usize, Joint)> {
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
    let mut joint = None;
    for (w, j) in [(&b"and"[..], Joint::And), (b"or", Joint::Or)] {
        if word(k, w) {
            k = skip(k - w.len());
            joint = Some(j);
            break;
        }
    }
    if k > from && matches!(b[k - 1], b',' | b';') {
        let j = if b[k - 1] == b';' {
            Joint::Or
        } else {
            Joint::And
        };
        k = skip(k - 1);
        joint = Some(joint.unwrap_or(j).max(j));
    } else if let Some(z) = ZH_JOINERS
        .iter()
        .find(|z| b[from..k].ends_with(z.as_bytes()))
    {
        // `x=-2，x=3`, `x=-2 或 x=3`.
        let j = if z.starts_with('或') {
            Joint::Or
        } else {
            Joint::And
        };
        k = skip(k - z.len());
        joint = Some(joint.unwrap_or(j).max(j));
    }
    joint.filter(|_| k > from).map(|j| (k, j))
}

#[cfg(test)]
mod tests {
    use super::super::locate_default;
    use super::{Item, MAX_CLAUSE_BYTES, MAX_LISTED_SOLUTIONS, item_kind, listed_together};

    /// A value at the very start of the text reads no subscript before it
    /// (`subscript_before` computed `d - 1` for `d = 0` eagerly: a debug
    /// build panicked on the gold `332 = 360$ disx`, CI's generated inputs,
    /// twenty-sixth session).
    #[test]
    fn a_value_at_the_start_reads_no_subscript() {
        let found = locate_default("332 = 360$ disx", false).expect("a number");
        assert_eq!(found.answer, "360");
    }

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
            ("x >= 1", Some(Item::Bound(b'x'))),
            ("t<=2", Some(Item::Bound(b't'))),
            ("x => 1", None),
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

    /// Two items of a Chinese statement's list: of one kind, or the values
    /// of two distinct unknowns without subscripts.
    #[test]
    fn items_listed_together() {
        for (a, b, want) in [
            ("-2", "3", true),
            ("x = 1", "x_2 = 3", true),
            ("$x = 3$", "$y = 5$", true),
            ("x=3", "y = 5", true),
            ("x < 1", "x > 3", true),
            ("x < 1", "y > 3", false),
            ("x_1 = 3", "y_1 = 5", false),
            ("x = 3", "y_{1} = 5", false),
            ("x = 3", "5", false),
            ("因此 y = 5", "x = 3", false),
            ("x = 3", "因此 y = 5", false),
        ] {
            assert_eq!(listed_together(a, b), want, "{a:?} {b:?}");
        }
    }

    /// Two bounds in plain text joined to the fallback's bound are one
    /// answer (issue 13 item 1, twenty-sixth session): of one unknown, the
    /// interval or the union; of two unknowns joined by "and", their list;
    /// two bounds of one unknown joined by "and" that make no interval are
    /// no answer.
    #[test]
    fn bounds_in_plain_text_are_listed() {
        for (response, want) in [
            ("So x>1 and x<3.", "x>1 and x<3"),
            ("So x<1 or x>3.", "x<1 or x>3"),
            ("so x >= 2 and x <= 5", "x >= 2 and x <= 5"),
            ("Thus x > 1, and x \\le 3.", "x > 1, and x \\le 3"),
            ("所以 a>2 且 a<4", "a>2 且 a<4"),
            ("所以 x<1 或 x>3", "x<1 或 x>3"),
            ("So x > -2.5 and x < 0.5.", "x > -2.5 and x < 0.5"),
            ("So x >= 3 and x <= 3.", "x >= 3 and x <= 3"),
            ("So x > \\sqrt{2} and x < 3.", "x > \\sqrt{2} and x < 3"),
            ("So x > 1 and y < 3.", "x > 1 and y < 3"),
            // Bounds of one unknown from one side, and three or more joined
            // by "and" (commas too): their intersection, read whole.
            ("So x>1 and x>3.", "x>1 and x>3"),
            ("So x>=1 and x>0 and x<5.", "x>=1 and x>0 and x<5"),
            (
                "Therefore $x \\ge 1$, $x > 0$ and $x < 5$.",
                "$x \\ge 1$, $x > 0$ and $x < 5$",
            ),
            (
                "So x > \\frac{1}{2} and x < 0.75.",
                "x > \\frac{1}{2} and x < 0.75",
            ),
            // (Eight at most: the last eight of nine.)
            (
                "So x>1 and x>2 and x>3 and x>4 and x>5 and x>6 and x>7 and x>8 and x<9.",
                "x>2 and x>3 and x>4 and x>5 and x>6 and x>7 and x>8 and x<9",
            ),
            // (An "or" ends the bounds read together.)
            ("So x<0 or x>1 and x<3.", "x>1 and x<3"),
            // Not a pair: a condition, an operand before the unknown, a
            // formula and plain text, no joint, another sentence.
            ("If x > 1 and y < 3", "y < 3"),
            ("So 2 + x > 1 and x < 3.", "x < 3"),
            ("So $x > 1$ and x < 3.", "x < 3"),
            ("So x > 1 hence x < 3.", "x < 3"),
            ("So x > 1. Then x < 3.", "x < 3"),
        ] {
            let found = locate_default(response, false).expect(response);
            assert_eq!(found.answer, want, "{response:?}");
        }
        for response in [
            "So x>3 and x<1.",
            "Therefore $x>3$ and $x<1$.",
            "So x > 3 and x < 3.",
            "So x>1 and x<5 and x>7.",
            "So x > \\frac{1}{2} and x < 0.5.",
            "所以 x>3 且 x<1",
            "It is y<2 or x>3.",
        ] {
            assert!(locate_default(response, false).is_err(), "{response:?}");
        }
        assert_eq!(
            locate_default("So x>3 and x<1.", false).err(),
            Some(super::NO_INTERVAL)
        );
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
            ("所以 y_1=2，x_1=3", "3"),
        ] {
            let found = locate_default(response, false).expect(response);
            assert_eq!(found.answer, want, "{response:?}");
        }
        // The values of distinct unknowns (one letter each) joined by "and"
        // are one answer, a system's solution (issue 13 item 1, 2026-12-03).
        for (response, want) in [
            ("Therefore $x = 3$ and $y = 5$.", "$x = 3$ and $y = 5$"),
            ("So $x=3$, $y=5$.", "$x=3$, $y=5$"),
            ("Solving gives x = 1 and y = 2.", "x = 1 and y = 2"),
            ("We get a = 1 and b = 2", "a = 1 and b = 2"),
            ("Hence, x = 1, y = 2.", "x = 1, y = 2"),
            (
                "So $a = 1$, $b = 2$, and $c = 3$.",
                "$a = 1$, $b = 2$, and $c = 3$",
            ),
            ("解得 $x = 3$，$y = 5$", "$x = 3$，$y = 5$"),
            ("所以 y=2，x=3", "y=2，x=3"),
            ("We find x = 5; a = 2, b = 3.", "a = 2, b = 3"),
            (
                "Substituting back, we find a = 2, b = -1, c = 3.",
                "a = 2, b = -1, c = 3",
            ),
            ("设 a = 1。所以 x = 3，y = 5", "x = 3，y = 5"),
            ("若 a = 1，则 x = 3，y = 5", "x = 3，y = 5"),
            // Not a list: steps (another sentence, a condition or an
            // assumption before, a new clause), "or", a name again, a
            // subscript, an item that is part of an equation.
            ("Let $a = 3$. Then $b = 5$.", "5"),
            ("Let $a = 3$ and $b = 5$.", "5"),
            ("Since $x = 3$, $y = 5$.", "5"),
            ("If x = 1, y = 2", "2"),
            ("So when x = 1, y = 2", "2"),
            ("当 $x = 3$ 时，$y = 5$", "5"),
            ("由 x = 3，y = 5", "5"),
            ("所以 $x = 3$，因此 $y = 5$", "5"),
            ("x = 12 is extraneous, so $x = 5$", "5"),
            ("So $x = 1$ or $y = 3$.", "3"),
            ("So $x = 1$; $y = 3$.", "3"),
            ("解得 x = 1 或 y = 2", "2"),
            ("So $x = 1$, $y = 2$, $x = 3$.", "3"),
            ("So $x = 1$, $y_1 = 3$.", "3"),
            ("So $x_1 = 1$, $y = 3$.", "3"),
            ("We have $x + y = 8$ and $y = 5$.", "5"),
            ("We have $x - y = 8$ and $x = 5$.", "5"),
            ("We have 2y = 8 and x = 5.", "5"),
        ] {
            let found = locate_default(response, false).expect(response);
            assert_eq!(found.answer, want, "{response:?}");
        }
        // A condition read back at most MAX_CLAUSE_BYTES from the first
        // item: one further back is no longer read.
        let near = format!("If {}x = 1, y = 2", " ".repeat(MAX_CLAUSE_BYTES - 3));
        assert_eq!(locate_default(&near, false).unwrap().answer, "2");
        let far = format!("If {}x = 1, y = 2", " ".repeat(MAX_CLAUSE_BYTES - 1));
        assert_eq!(locate_default(&far, false).unwrap().answer, "x = 1, y = 2");
        // Two bounds of one unknown in formulas of their own are one answer
        // (an interval, or a union: its "or" is no hedge between two values,
        // MX-20); other unknowns, no delimiters, no joint are not.
        for (response, want) in [
            ("Therefore $x<1$ or $x>3$.", "$x<1$ or $x>3$"),
            ("So $x \\le 1$ or $x \\ge 3$", "$x \\le 1$ or $x \\ge 3$"),
            ("Therefore $x>1$ and $x<3$.", "$x>1$ and $x<3$"),
            (
                "So $x \\geq 2$ and $x \\leq 5$.",
                "$x \\geq 2$ and $x \\leq 5$",
            ),
            ("所以 $a>2$ 且 $a<4$", "$a>2$ 且 $a<4$"),
            ("We need $y>0$ and $x<3$.", "$y>0$ and $x<3$"),
            ("Then $x>1$. Also $x<3$.", "x<3"),
            ("Since $x>1$ holds, $x = 3$", "3"),
        ] {
            let found = locate_default(response, false).expect(response);
            assert_eq!(found.answer, want, "{response:?}");
        }
        // A hedge between two values, or bounds of two unknowns: no answer.
        for response in ["It is $2$ or $3$.", "It is $y<2$ or $x>3$."] {
            assert!(locate_default(response, false).is_err(), "{response:?}");
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
