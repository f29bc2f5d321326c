//! Locating the answer in a model's output.
//!
//! The helpers here find the part of a response that holds the answer: a
//! tagged block (`<solution>…</solution>`), a `\boxed{…}` group (with brace
//! matching), a `--- … ---` span; and they drop a reasoning block
//! (`<think>…</think>`) first. Each returns a slice of its input, so callers
//! can report what was extracted.
//!
//! # Differences with the document
//!
//! Document 001's extraction leaves open cases that spec/puzzles.md decides
//! (section "Differences with the document"): a `<think>` block is dropped
//! first, and the last tagged block counts, spanning lines.

use crate::text::brackets::{Escapes, Pairs};

/// The response without its reasoning block.
///
/// When the response contains `</think>`, the answer is what follows the last
/// one (this also covers chat templates that put the opening `<think>` in the
/// prompt). Otherwise, an unclosed `<think>` means the model never finished
/// thinking: only what precedes it counts. Tags are matched ASCII
/// case-insensitively.
///
/// ```
/// use scorespec::extract::strip_think;
/// assert_eq!(strip_think("<think>maybe <solution>x</solution></think> <solution>y</solution>"),
///            " <solution>y</solution>");
/// assert_eq!(strip_think("reasoning</think>answer"), "answer");
/// assert_eq!(strip_think("answer <think>never closed"), "answer ");
/// assert_eq!(strip_think("no block"), "no block");
/// ```
pub fn strip_think(text: &str) -> &str {
    if let Some(end) = rfind_ci(text, "</think>") {
        return &text[end + "</think>".len()..];
    }
    match find_ci(text, "<think>") {
        Some(start) => &text[..start],
        None => text,
    }
}

/// The content of the last complete `<tag>…</tag>` block (tag name matched
/// ASCII case-insensitively; content may span lines), or `None`.
///
/// "Last" is the block whose closing tag comes last; its content starts after
/// the last opening tag before that closing tag.
///
/// ```
/// use scorespec::extract::last_tag;
/// assert_eq!(last_tag("<solution>a</solution> <solution>b\nc</solution>", "solution"), Some("b\nc"));
/// assert_eq!(last_tag("<SOLUTION>x</Solution>", "solution"), Some("x"));
/// assert_eq!(last_tag("<solution>unclosed", "solution"), None);
/// ```
pub fn last_tag<'a>(text: &'a str, tag: &str) -> Option<&'a str> {
    let open = format!("<{tag}>");
    let close = format!("</{tag}>");
    let end = rfind_ci(text, &close)?;
    let start = rfind_ci(&text[..end], &open)? + open.len();
    Some(&text[start..end])
}

/// The content of the last `\boxed{…}` (or `\fbox{…}`) whose braces balance,
/// or `None`.
///
/// ```
/// use scorespec::extract::last_boxed;
/// assert_eq!(last_boxed(r"so \boxed{\frac{1}{2}} and \boxed{a,b}"), Some("a,b"));
/// assert_eq!(last_boxed(r"\fbox{x}"), Some("x"));
/// assert_eq!(last_boxed(r"\boxed{unbalanced"), None);
/// ```
pub fn last_boxed(text: &str) -> Option<&str> {
    if !text.contains("\\boxed") && !text.contains("\\fbox") {
        return None;
    }
    // One pass matches every brace (`\{` and `\}` are escaped), so each box
    // is looked up, not rescanned: linear even with many unclosed boxes.
    let close = Pairs::scan(text.as_bytes(), b'{', b'}', Escapes::Backslash);
    let mut best: Option<(usize, &str)> = None;
    for name in ["\\boxed", "\\fbox"] {
        let mut from = 0;
        while let Some(i) = text[from..].find(name) {
            let at = from + i;
            from = at + name.len();
            let rest = text[from..].trim_start();
            let open = text.len() - rest.len();
            if rest.starts_with('{') {
                if let Some(c) = close.close_of(open) {
                    if best.is_none_or(|(b, _)| at > b) {
                        best = Some((at, &text[open + 1..c]));
                    }
                }
            }
        }
    }
    best.map(|(_, s)| s)
}

/// The content of the last `--- … ---` span (trimmed, non-empty), or `None`.
///
/// Spans do not overlap: `--- a --- b --- c ---` holds `a` and `c`.
///
/// ```
/// use scorespec::extract::last_dashed;
/// assert_eq!(last_dashed("The answer is --- hello --- done"), Some("hello"));
/// assert_eq!(last_dashed("--- a --- b --- c ---"), Some("c"));
/// assert_eq!(last_dashed("no dashes"), None);
/// ```
pub fn last_dashed(text: &str) -> Option<&str> {
    let mut found = None;
    let mut rest = text;
    while let Some(open) = rest.find("---") {
        let after = rest[open..].trim_start_matches('-');
        let Some(close) = after.find("---") else {
            break;
        };
        let inner = after[..close].trim();
        if !inner.is_empty() {
            found = Some(inner);
        }
        rest = after[close..].trim_start_matches('-');
    }
    found
}

// The needles start with `<`, a rare byte: candidates are found with the
// standard library's byte search (memchr), then compared, so a long text
// without tags costs one fast pass, not a comparison at every byte.
/// How many bytes a search for a tag's first byte reads one by one before
/// calling the library's search (which is fast on long gaps but costs a
/// hundred instructions a call: `<` every few bytes would pay it per `<`).
const NEAR: usize = 32;

/// The first position `≥ from` of the ASCII byte `x` in `hay`: the next
/// [`NEAR`] bytes one by one, then the library's search.
pub(crate) fn find_byte(hay: &str, from: usize, x: u8) -> Option<usize> {
    let h = hay.as_bytes();
    let near = h.len().min(from + NEAR);
    match h.get(from..near)?.iter().position(|&c| c == x) {
        Some(k) => Some(from + k),
        None => {
            let mut at = near;
            while !hay.is_char_boundary(at) {
                at -= 1;
            }
            Some(at + hay[at..].find(char::from(x))?)
        }
    }
}

/// Where `needle` first occurs in `hay`, ASCII case ignored (`needle`
/// starts with an ASCII byte): the candidates are the occurrences of its
/// first byte, in both cases when it is a letter (`i hope it is correct`
/// finds `I hope`), each found by [`find_byte`], then compared.
pub(crate) fn find_ci(hay: &str, needle: &str) -> Option<usize> {
    let (h, n) = (hay.as_bytes(), needle.as_bytes());
    let first = *n.first()?;
    let cases = [first.to_ascii_lowercase(), first.to_ascii_uppercase()];
    // The next occurrence of each case (one search when they are the same).
    let mut next = [
        find_byte(hay, 0, cases[0]),
        (cases[1] != cases[0])
            .then(|| find_byte(hay, 0, cases[1]))
            .flatten(),
    ];
    loop {
        let i = next.iter().flatten().copied().min()?;
        if h.len() - i >= n.len() && h[i..i + n.len()].eq_ignore_ascii_case(n) {
            return Some(i);
        }
        for (at, x) in next.iter_mut().zip(cases) {
            if *at == Some(i) {
                *at = find_byte(hay, i + 1, x);
            }
        }
    }
}

/// Where `needle` last occurs in `hay`, its first byte exact and the rest
/// ASCII case ignored (the tags, which open with `<`), from the end.
fn rfind_ci(hay: &str, needle: &str) -> Option<usize> {
    let (h, n) = (hay.as_bytes(), needle.as_bytes());
    let first = *n.first()?;
    let mut to = h.len();
    loop {
        let near = to.saturating_sub(NEAR);
        let i = match h[near..to].iter().rposition(|&c| c == first) {
            Some(k) => near + k,
            None => {
                let mut at = near;
                while !hay.is_char_boundary(at) {
                    at += 1;
                }
                hay[..at].rfind(char::from(first))?
            }
        };
        if h.len() - i >= n.len() && h[i..i + n.len()].eq_ignore_ascii_case(n) {
            return Some(i);
        }
        to = i;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The block searches answer as a byte-by-byte search does.
    #[test]
    fn find_ci_is_a_byte_search() {
        let pieces = [
            "<", "<think>", "</THINK>", "</think", "x", "é", "<<", "think>",
        ];
        let mut glue = crate::text::Glue(5);
        for _ in 0..3000 {
            let s = glue.text(&pieces, 2);
            for needle in ["<think>", "</think>", "<"] {
                let n = needle.as_bytes();
                let matches = |i: &usize| {
                    s.as_bytes()[*i..].len() >= n.len()
                        && s.as_bytes()[*i..*i + n.len()].eq_ignore_ascii_case(n)
                };
                let all: Vec<usize> = (0..s.len()).filter(matches).collect();
                assert_eq!(find_ci(&s, needle), all.first().copied(), "{s:?}");
                assert_eq!(rfind_ci(&s, needle), all.last().copied(), "{s:?}");
            }
            // A needle opening with a letter: found in either case.
            let n = b"think>";
            let first = (0..s.len()).find(|&i| {
                s.as_bytes()[i..].len() >= n.len()
                    && s.as_bytes()[i..i + n.len()].eq_ignore_ascii_case(n)
            });
            assert_eq!(find_ci(&s, "think>"), first, "{s:?}");
        }
    }

    #[test]
    fn boxes_escaped_braces_and_the_last_closed_box() {
        assert_eq!(last_boxed(r"\boxed{a\{b}"), Some(r"a\{b"));
        assert_eq!(last_boxed(r"\boxed{1} then \boxed{2"), Some("1"));
        assert_eq!(last_boxed(r"\fbox{x} \boxed {y}"), Some("y"));
        // The inner box starts later: it is the last one.
        assert_eq!(last_boxed(r"\boxed{\boxed{5}}"), Some("5"));
    }

    /// Many unclosed boxes: each is looked up in one brace table, so this
    /// finishes (a rescan per box would be quadratic: 10^11 steps here).
    #[test]
    fn many_unclosed_boxes_are_linear() {
        let text = format!(r"\boxed{{7}} {}", r"\boxed{".repeat(200_000));
        assert_eq!(last_boxed(&text), Some("7"));
    }
}
