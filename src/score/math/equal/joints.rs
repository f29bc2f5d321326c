//! Words and signs that join the items of an answer (ME-2, ME-5): `and`,
//! `or` and `;` between items are list commas, the Chinese joiners (`或`,
//! `和`, `、`, …) too, solutions separated by `;` are tuples, and "and"
//! between bounds of one variable is their intersection, a chain (`x > 1
//! and x < 3` → `1 < x < 3`), never a list; between bounds of distinct
//! variables it is the list of their conditions (`x > 1, y < 3`).
//!
//! # Differences with the document
//!
//! Document 004 replaces ` and ` and ` or ` by commas everywhere; an
//! inequality joined by "and" is an intersection here (spec/math.md ME-2).

use super::prepare::{Seen, split_top};
use super::words::has;
use crate::score::math::normalize::is_variable as lone_variable_of;
use crate::score::math::relations::{RELATION_SIGNS, bound_value, relation_sign_at};
use crate::score::math::words::TrimQuick;

/// `p=5,q=2;p=7,q=2` → `(5,2),(7,2)`: with both `;` and `,` at the top,
/// `;` separates solutions and `,` the named values of one (ME-5).
pub(super) fn group_solutions(s: &str) -> String {
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

/// An inequality between a lone variable and a value: the variable, its
/// sign in a chain (`<`, `\\le`), whether it bounds the variable from below
/// (`x > 1`, `1 < x`), and the value.
type Bound<'a> = (&'a str, &'static str, bool, &'a str);

/// The most conditions joined by "and" (and commas) that
/// [`inequalities_and`] reads together.
const MAX_CONDITIONS: usize = 16;

/// ME-2: "and" between inequalities. `None` when the text has no word
/// "and" beside an inequality sign (the words become commas as usual).
/// Otherwise the conditions between the words "and" (and the commas at the
/// top between them: `x \ge 1, x > 0 and x < 5`), at most
/// [`MAX_CONDITIONS`]: `Some(Ok(text))` when they are bounds of one
/// variable, their intersection ([`intersection`]: `x > 1 and x < 3` →
/// `1 < x < 3`, `x\ge 2 and x \le 5` → `2 \le x \le 5`, `x \ge 1 and x > 0
/// and x < 5` → `1 \le x < 5`), or bounds of distinct variables, each
/// once, the list of a system's conditions (`x > 1 and y < 3` → `x > 1, y <
/// 3`); `Some(Err(()))` otherwise, when the "and" stays a word: an
/// intersection is no list (as the list `x<1, x>3`, `x<1 and x>3` was equal
/// to `(-\infty,1)\cup(3,\infty)`, a false "equal").
fn inequalities_and(t: &str) -> Option<Result<String, ()>> {
    let b = t.as_bytes();
    let sign = |s: &str| RELATION_SIGNS.iter().any(|r| s.contains(r.spelling));
    if !sign(t) {
        return None;
    }
    let mut ands = (0..b.len()).filter(|&i| is_word_at(b, i, "and")).peekable();
    ands.peek()?;
    let mut parts = Vec::new();
    let mut last = 0;
    for at in ands.chain(std::iter::once(b.len())) {
        parts.extend(split_top(&t[last..at], ','));
        if parts.len() > MAX_CONDITIONS {
            return Some(Err(()));
        }
        last = (at + 3).min(b.len());
    }
    let bounds: Option<Vec<Bound>> = parts.iter().map(|p| bound(p)).collect();
    let Some(bounds) = bounds else {
        return Some(Err(()));
    };
    if bounds.iter().all(|x| x.0 == bounds[0].0) {
        return Some(intersection(&bounds).ok_or(()));
    }
    // (At most MAX_CONDITIONS bounds: the pairs are few.)
    let once = bounds
        .iter()
        .enumerate()
        .all(|(i, x)| bounds[..i].iter().all(|y| y.0 != x.0));
    let list = once.then(|| {
        let parts: Vec<&str> = parts.iter().map(|p| p.trim_quick()).collect();
        parts.join(", ")
    });
    Some(list.ok_or(()))
}

/// Bounds of one variable joined by "and" ([`inequalities_and`]) as one
/// chain: the greatest lower bound and the least upper bound (the strict
/// one of two equal values), `1 < x < 3`, or one of them alone (`x > 1 and
/// x > 3` → `3 < x`). Two bounds from one side are compared by their exact
/// values ([`bound_value`]): `None` when they are not such numbers. A chain
/// whose ends leave no number between them (`x<1 and x>3` → `3 < x < 1`)
/// is written as the response states it, and refused by the comparison
/// (ME-7).
fn intersection(bounds: &[Bound]) -> Option<String> {
    let lo = tightest(bounds.iter().filter(|b| b.2), true)?;
    let hi = tightest(bounds.iter().filter(|b| !b.2), false)?;
    let var = bounds.first()?.0;
    Some(match (lo, hi) {
        (Some(lo), Some(hi)) => format!("{} {} {var} {} {}", lo.3, lo.1, hi.1, hi.3),
        (Some(lo), None) => format!("{} {} {var}", lo.3, lo.1),
        (None, Some(hi)) => format!("{var} {} {}", hi.1, hi.3),
        (None, None) => return None,
    })
}

/// The tightest of bounds from one side ([`intersection`]): the greatest
/// (`lower`) or least value, the strict bound of two equal values.
/// `Some(None)` for no bound; `None` when two values are not both exact
/// numbers ([`bound_value`]).
fn tightest<'a, 'b>(
    mut bounds: impl Iterator<Item = &'b Bound<'a>>,
    lower: bool,
) -> Option<Option<&'b Bound<'a>>> {
    let Some(first) = bounds.next() else {
        return Some(None);
    };
    let mut best = (first, None);
    for b in bounds {
        let v = bound_value(b.3)?;
        let w = match best.1.take() {
            Some(w) => w,
            None => bound_value(best.0.3)?,
        };
        let beyond = if lower { v > w } else { v < w };
        best = if beyond || (v == w && b.1 == "<") {
            (b, Some(v))
        } else {
            (best.0, Some(w))
        };
    }
    Some(Some(best.0))
}

/// One inequality between a lone variable and a value (`x > 1`, `1 < x`,
/// `x\le\frac{1}{2}`): the variable, the sign in a chain, whether it is a
/// lower bound, and the value.
fn bound(s: &str) -> Option<Bound<'_>> {
    let s = s.trim_quick();
    let (at, sign) = s
        .char_indices()
        .find_map(|(i, _)| relation_sign_at(s, i).map(|r| (i, r)))?;
    let (w, chain, lower_left) = (sign.spelling, sign.chain(), !sign.upper);
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

/// `and`/`or` ([`connectives`]) and the Chinese connectives
/// ([`zh_connectives`]) between items → `,`; `None` when the text (whose
/// bytes are `seen`) holds neither.
pub(super) fn joining_words(t: &str, seen: &Seen) -> Option<String> {
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

#[cfg(test)]
mod tests {
    use super::super::prepare::prepare;
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
            // Three bounds and more, two from one side: the tighter one.
            ("x>=1 and x>0 and x<5", "1 \\le x < 5"),
            ("x \\ge 1, x > 0 and x < 5", "1 \\le x < 5"),
            ("x>0 and x<5 and x<=\\frac{9}{2}", "0 < x \\le \\frac{9}{2}"),
            ("x>=2 and x>2", "2 < x"),
            ("x>2 and x>=2", "2 < x"),
            ("x<3 and x<-1", "x < -1"),
            ("x>1 and x>3", "3 < x"),
            // Bounds of distinct variables: the list of a system's conditions.
            ("x>1 and y<3", "x>1, y<3"),
            ("x > 1, y < 3 and z \\ge 0", "x > 1, y < 3, z \\ge 0"),
        ] {
            assert_eq!(
                inequalities_and(text),
                Some(Ok(want.to_string())),
                "{text:?}"
            );
        }
        for text in [
            "x>1 and y<3 and x<2",
            "x>\\pi and x>3",
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
}
