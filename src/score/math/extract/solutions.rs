//! Solutions listed together (MX-13): the fallback's answer `x = 2` read
//! with the solutions of the same variable listed before it in the same
//! sentence (`x = 1 and x = 2`, `$x = 1$, $x = 2$ or $x = 3$`).
//!
//! # Differences with the document
//!
//! Document 004's fallback takes the last number (`2` of `x = 1 and x =
//! 2`); the production fallback reads the list (spec/math.md MX-13).

use super::numbers::run_before;
use super::{Found, alone_before};

/// The most solutions listed together that the production fallback reads
/// into one answer (MX-13: `x = 1 and x = 2`), the last ones.
pub const MAX_LISTED_SOLUTIONS: usize = 16;

/// How far back the value of one listed solution may start (bytes).
const MAX_VALUE_BYTES: usize = 64;

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
        let floor = from.max(q.saturating_sub(MAX_VALUE_BYTES));
        let Some(eq) = b[floor..q]
            .iter()
            .rposition(|&c| c == b'=')
            .map(|k| floor + k)
        else {
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

/// The variable `v` of `v = ` ending just before `at` (spaces around the
/// `=`), and where `v` starts: one ASCII letter standing alone (not the end
/// of a word, a command or a subscript).
fn variable_before(b: &[u8], from: usize, at: usize) -> Option<(u8, usize)> {
    let k = run_before(b, from, at, |c| c == b' ');
    if !(k > from && b[k - 1] == b'=') {
        return None;
    }
    let k = run_before(b, from, k - 1, |c| c == b' ');
    let v = *b.get(k.checked_sub(1)?)?;
    let p = k - 1;
    (p >= from && v.is_ascii_alphabetic() && alone_before(b, from, p)).then_some((v, p))
}

/// Where the value of the item before `at` ends when a joint stands between
/// them: spaces and math delimiters (`$`, `\\(`, `\\)`), then `and`, `or`,
/// `,` or `;` (`, and` too), then spaces and delimiters.
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
    }
    (joined && k > from).then_some(k)
}

#[cfg(test)]
mod tests {
    use super::super::locate_default;
    use super::MAX_LISTED_SOLUTIONS;

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
        // At most MAX_LISTED_SOLUTIONS items, the last ones.
        let items: Vec<String> = (1..=MAX_LISTED_SOLUTIONS + 2)
            .map(|k| format!("x = {k}"))
            .collect();
        let r = format!("so {}", items.join(" and "));
        let found = locate_default(&r, false).unwrap();
        assert_eq!(found.answer, items[2..].join(" and "));
    }
}
