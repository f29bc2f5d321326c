//! Answer extraction from a model's response (spec/math.md, rules MX-*).
//!
//! [`extract_answer`] finds the answer of a math response: the last
//! `\boxed{…}` (boxes side by side are one list answer; a "final answer"
//! phrase after the last box wins), else an answer phrase ("the answer is
//! …", "… is our answer", "Answer: …", `#### …`), else (when not strict)
//! the last formula or number. The text after the last "therefore" is
//! searched first. The answer is always a slice of the response, reported with
//! its byte span, the rule that found it, and its normalized form.
//!
//! Every step is linear in the length of the response: brace matching is
//! one precomputed table, phrases are found with one forward scan per
//! phrase, at most [`MAX_CANDIDATES`] phrase occurrences are tried and each
//! capture reads at most [`MAX_ANSWER_BYTES`].
//!
//! # Differences with the document
//!
//! Compared with symeval (spec/math.md, "Deviations from the original",
//! D-MX1…D-MX6): the whole response is searched when the text after the last
//! "therefore" has no answer; only the `\boxed` command counts, not the word;
//! no boolean is read from prose; the later of the last formula and the last
//! number wins when not strict; a "final answer" phrase after the last box wins;
//! boxes side by side are one list answer.

use serde::Serialize;

use super::normalize::normalize;
use crate::extract::strip_think;

/// Only the last this many bytes of a response are read (MX-1): the
/// answer of a math response is at its end.
pub const MAX_RESPONSE_BYTES: usize = 1 << 20;

/// An answer read after (or before) a phrase is at most this long (MX-5).
pub const MAX_ANSWER_BYTES: usize = 8 * 1024;

/// At most this many phrase occurrences, the last ones, are tried (MX-5).
pub const MAX_CANDIDATES: usize = 16;

/// An answer found in a response.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Extracted {
    /// The answer as written (a slice of the response).
    pub answer: String,
    /// Its byte range `[start, end)` in the response.
    pub span: (usize, usize),
    /// The rule that found it: `boxed`, `boxed_list`, `answer_phrase`,
    /// `gsm8k_marker`, `answer_heading`, `last_formula` or `last_number`.
    pub how: &'static str,
    /// The answer after [`normalize`].
    pub normalized: String,
}

/// The answer of a math response, or `None` when there is none (rules
/// MX-1 … MX-8).
///
/// With `strict` (the document's default) only explicit answers count: a
/// boxed answer or an answer phrase. Without it, the last formula or number
/// is the answer when there is no explicit one. The span is in bytes of the
/// whole `response`, whatever was skipped (a reasoning block).
///
/// ```
/// use scorespec::score::math::extract::extract_answer;
/// let x = extract_answer(r"Therefore, $1+1=\boxed{2}$.", true).unwrap();
/// assert_eq!((x.answer.as_str(), x.span, x.how), ("2", (23, 24), "boxed"));
/// let x = extract_answer("The answer is 1/2", true).unwrap();
/// assert_eq!(x.normalized, r"\frac{1}{2}");
/// assert!(extract_answer("It is 360.", true).is_none());
/// assert_eq!(extract_answer("It is 360.", false).unwrap().answer, "360");
/// ```
pub fn extract_answer(response: &str, strict: bool) -> Option<Extracted> {
    locate(response, strict, false).map(|f| f.finish(response))
}

/// An answer found in a response, without its normalized form (what
/// `math.grade` needs: the comparison prepares the text itself).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Located {
    /// The answer as written (a slice of the text).
    pub answer: String,
    /// Its byte range `[start, end)` in the text.
    pub span: (usize, usize),
    /// The rule that found it (as [`Extracted::how`], or `whole_text`).
    pub how: &'static str,
}

impl Located {
    /// The text to compare: the answer, or for a list of boxes
    /// (`how = "boxed_list"`) their contents joined by `, ` (MX-4).
    ///
    /// ```
    /// use scorespec::score::math::extract::locate_answer;
    /// let x = locate_answer(r"So $\boxed{1}$ and $\boxed{-2}$.", true).unwrap();
    /// assert_eq!((x.how, x.compared().as_ref()), ("boxed_list", "1, -2"));
    /// ```
    pub fn compared(&self) -> std::borrow::Cow<'_, str> {
        if self.how == "boxed_list" {
            std::borrow::Cow::Owned(boxed_items(&self.answer).join(", "))
        } else {
            std::borrow::Cow::Borrowed(&self.answer)
        }
    }
}

/// [`extract_answer`] without the normalized form: the same answer, span
/// and rule.
///
/// ```
/// use scorespec::score::math::extract::locate_answer;
/// let x = locate_answer(r"Therefore, $1+1=\boxed{2}$.", true).unwrap();
/// assert_eq!((x.answer.as_str(), x.span, x.how), ("2", (23, 24), "boxed"));
/// ```
pub fn locate_answer(response: &str, strict: bool) -> Option<Located> {
    locate_answer_with(
        response,
        ExtractOptions {
            strict,
            formulas_only: false,
        },
    )
}

/// How [`locate_answer_with`] searches.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct ExtractOptions {
    /// Only explicit answers (boxes, answer phrases); no fallback (MX-6).
    pub strict: bool,
    /// When not strict, the fallback is the last formula in math delimiters
    /// only — never a bare number of the prose — and an inline formula
    /// (`$…$`, `\(…\)`) does not span lines (MX-9).
    pub formulas_only: bool,
}

/// [`locate_answer`] with every option of the search.
///
/// ```
/// use scorespec::score::math::extract::{ExtractOptions, locate_answer_with};
/// let o = ExtractOptions { strict: false, formulas_only: true };
/// assert_eq!(locate_answer_with("It is $5$, not 6", o).unwrap().answer, "5");
/// assert!(locate_answer_with("It is 6", o).is_none());
/// ```
pub fn locate_answer_with(response: &str, opts: ExtractOptions) -> Option<Located> {
    locate(response, opts.strict, opts.formulas_only).map(|f| Located {
        answer: response[f.span.0..f.span.1].to_string(),
        span: f.span,
        how: f.how,
    })
}

/// The contents of the top-level `\boxed{…}` / `\fbox{…}` of `text`, in
/// order (a box inside a box is part of its content).
///
/// ```
/// use scorespec::score::math::extract::boxed_items;
/// assert_eq!(boxed_items(r"\boxed{1} papers and \boxed{2} bins"), ["1", "2"]);
/// ```
pub fn boxed_items(text: &str) -> Vec<String> {
    let doc = Doc::new(text, 0, text.len());
    let mut boxes: Vec<(usize, (usize, usize), usize)> = Vec::new();
    for name in ["\\boxed", "\\fbox"] {
        for at in doc.find_all(name, 0, text.len()) {
            if let Some((span, reach)) = doc.box_content(at, name.len(), text.len()) {
                boxes.push((at, span, reach));
            }
        }
    }
    boxes.sort_unstable_by_key(|x| x.0);
    let mut out = Vec::new();
    let mut after = 0;
    for (at, (a, b), reach) in boxes {
        if at >= after {
            out.push(text[a..b].to_string());
            after = reach;
        }
    }
    out
}

fn locate(response: &str, strict: bool, formulas_only: bool) -> Option<Found> {
    // MX-1: the reasoning block goes; only the last MAX_RESPONSE_BYTES count.
    let body = strip_think(response);
    let mut start = body.as_ptr() as usize - response.as_ptr() as usize;
    let end = start + body.len();
    if end - start > MAX_RESPONSE_BYTES {
        start = end - MAX_RESPONSE_BYTES;
        while !response.is_char_boundary(start) {
            start += 1;
        }
    }
    // Without a box command and without the words of a phrase ("answer",
    // "####") there is no explicit answer: a strict search ends here, before
    // the tables are built (most gold answers are bare: `\frac{1}{2}`).
    let body = &response[start..end];
    let explicit_possible = body.contains("box")
        || body.contains("####")
        || body
            .as_bytes()
            .windows(6)
            .any(|w| w.eq_ignore_ascii_case(b"answer"));
    if strict && !explicit_possible {
        return None;
    }
    let doc = Doc::new(response, start, end);
    // MX-3: the text after the last "therefore" first, then everything.
    let mut scopes = Vec::with_capacity(2);
    if let Some(t) = doc.last_word(start, "therefore") {
        scopes.push(t);
    }
    scopes.push(start);
    // MX-4, MX-5: explicit answers, in each scope; MX-6: then the last
    // formula or number, in each scope (an explicit answer anywhere beats it).
    let explicit = scopes
        .iter()
        .filter(|_| explicit_possible)
        .find_map(|&from| match doc.boxed(from, end) {
            // MX-5: a "final answer" phrase after the last box is the answer
            // (`… \boxed{255} … Final Answer: The final answer is $10,455$.`).
            Some(b) => doc.final_answer_after(b.reach, end).or(Some(b)),
            None => doc.phrase(from, end),
        });
    match explicit {
        Some(found) => Some(found),
        None if !strict && formulas_only => scopes.iter().find_map(|&from| {
            doc.last_formula(from, end, true).map(|f| Found {
                span: f,
                how: "last_formula",
                reach: f.1,
            })
        }),
        None if !strict => scopes
            .iter()
            .find_map(|&from| doc.last_formula_or_number(from, end)),
        None => None,
    }
}

/// The length of a `\text{…}` (or `\mbox`, `\textnormal`, `\textrm`)
/// group at the start of `s` whose content is only words, spaces and a
/// parenthesized label (`(a)`), if there is one (MX-4 separators).
fn glue_text_group(s: &str) -> Option<usize> {
    let open = ["\\text{", "\\mbox{", "\\textnormal{", "\\textrm{"]
        .iter()
        .find(|p| s.starts_with(**p))?
        .len();
    let close = s[open..].find('}')? + open;
    s[open..close]
        .bytes()
        .all(|c| c.is_ascii_alphabetic() || matches!(c, b' ' | b'(' | b')' | b','))
        .then_some(close + 1)
}

/// The length of a label assignment `y =`, `y_2 =`, `x_{1} =` at the start
/// of `s`, if there is one (MX-4 separators).
fn label_assignment(s: &str) -> Option<usize> {
    let b = s.as_bytes();
    let mut i = 1;
    if !b.first()?.is_ascii_alphabetic() || b.get(1).is_some_and(u8::is_ascii_alphabetic) {
        return None;
    }
    if b.get(i) == Some(&b'_') {
        i += 1;
        if b.get(i) == Some(&b'{') {
            let close = s[i..].find('}')? + i;
            if close == i + 1 || !s[i + 1..close].bytes().all(|c| c.is_ascii_alphanumeric()) {
                return None;
            }
            i = close + 1;
        } else if b.get(i).is_some_and(u8::is_ascii_alphanumeric) {
            i += 1;
        } else {
            return None;
        }
    }
    while b.get(i) == Some(&b' ') {
        i += 1;
    }
    (b.get(i) == Some(&b'=')).then_some(i + 1)
}

/// Whether a captured answer is a sentence rather than an answer: it starts
/// with a word (not a number, a formula or a command) and has at least
/// three words of two or more letters outside `$…$` (MX-5).
fn is_sentence(s: &str) -> bool {
    let first = s.bytes().take_while(u8::is_ascii_alphabetic).count();
    if first < 2 {
        return false;
    }
    let mut words = 0;
    let mut in_math = false;
    for piece in s.split('$') {
        if !in_math {
            words += piece
                .split(|c: char| !c.is_ascii_alphabetic() && c != '\\')
                .filter(|w| w.len() >= 2 && !w.starts_with('\\'))
                .count();
        }
        in_math = !in_math;
    }
    words >= 3
}

/// A found answer before normalization: its span and rule.
struct Found {
    span: (usize, usize),
    how: &'static str,
    /// Where the matched construct ends (a box's closing brace).
    reach: usize,
}

impl Found {
    fn finish(self, response: &str) -> Extracted {
        let answer = &response[self.span.0..self.span.1];
        Extracted {
            answer: answer.to_string(),
            span: self.span,
            how: self.how,
            normalized: normalize(answer),
        }
    }
}

/// The response with its lowercase copy and brace table.
struct Doc<'a> {
    text: &'a str,
    lower: String,
    /// For a `{` at byte `i` (relative to `base`), its matching `}`; and
    /// for a `}`, its `{` (u32: the read part is at most 1 MiB).
    close: Vec<u32>,
    open: Vec<u32>,
    base: usize,
}

const NONE: u32 = u32::MAX;

impl<'a> Doc<'a> {
    fn new(text: &'a str, start: usize, end: usize) -> Doc<'a> {
        let b = &text.as_bytes()[start..end];
        let mut close = vec![NONE; b.len()];
        let mut open = vec![NONE; b.len()];
        let mut stack: Vec<usize> = Vec::new();
        let mut i = 0;
        while i < b.len() {
            match b[i] {
                b'\\' => {
                    i += 2;
                    continue;
                }
                b'{' => stack.push(i),
                b'}' => {
                    if let Some(o) = stack.pop() {
                        // Both fit in u32: `end - start` is at most MAX_RESPONSE_BYTES.
                        close[o] = i as u32;
                        open[i] = o as u32;
                    }
                }
                _ => {}
            }
            i += 1;
        }
        Doc {
            text,
            lower: text[start..end].to_ascii_lowercase(),
            close,
            open,
            base: start,
        }
    }

    fn bytes(&self) -> &'a [u8] {
        self.text.as_bytes()
    }

    /// The matching `}` of the `{` at absolute position `i`.
    fn close_of(&self, i: usize) -> Option<usize> {
        let c = *self.close.get(i.checked_sub(self.base)?)?;
        (c != NONE).then(|| c as usize + self.base)
    }

    /// The matching `{` of the `}` at absolute position `i`.
    fn open_of(&self, i: usize) -> Option<usize> {
        let o = *self.open.get(i.checked_sub(self.base)?)?;
        (o != NONE).then(|| o as usize + self.base)
    }

    /// Absolute positions of `needle` (lowercase) in `[from, to)`.
    fn find_all(
        &self,
        needle: &'a str,
        from: usize,
        to: usize,
    ) -> impl Iterator<Item = usize> + '_ {
        self.lower[from - self.base..to - self.base]
            .match_indices(needle)
            .map(move |(i, _)| i + from)
    }

    /// The position after the last whole word `word` from `from` on.
    fn last_word(&self, from: usize, word: &'a str) -> Option<usize> {
        let b = self.bytes();
        let end = self.base + self.lower.len();
        self.find_all(word, from, end)
            .filter(|&i| {
                let j = i + word.len();
                (i == 0 || !b[i - 1].is_ascii_alphabetic())
                    && b.get(j).is_none_or(|c| !c.is_ascii_alphabetic())
            })
            .last()
            .map(|i| i + word.len())
    }

    /// MX-4: the last non-empty `\boxed{…}` / `\fbox{…}` / `\boxed x` in `[from, to)`.
    fn boxed(&self, from: usize, to: usize) -> Option<Found> {
        // Every box: (command start, content span, end of the box).
        let mut boxes: Vec<(usize, (usize, usize), usize)> = Vec::new();
        for name in ["\\boxed", "\\fbox"] {
            for at in self.find_all(name, from, to) {
                if let Some((span, reach)) = self.box_content(at, name.len(), to) {
                    boxes.push((at, span, reach));
                }
            }
        }
        boxes.sort_unstable_by_key(|x| x.0);
        let &(last_at, last_span, last_reach) = boxes.last()?;
        // MX-4: boxes side by side (`\boxed{1}, \boxed{2}`, `\boxed{1}
        // \quad \text{and} \quad \boxed{2}`) are one answer, a list.
        let mut first_at = last_at;
        for &(at, _, reach) in boxes.iter().rev().skip(1) {
            if reach > first_at || !self.only_separators(reach, first_at) {
                break;
            }
            first_at = at;
        }
        Some(if first_at == last_at {
            Found {
                span: last_span,
                how: "boxed",
                reach: last_reach,
            }
        } else {
            Found {
                span: (first_at, last_reach),
                how: "boxed_list",
                reach: last_reach,
            }
        })
    }

    /// Whether `[from, to)` (at most 64 bytes) holds only what separates the
    /// boxes of a list: spaces, `,`, `;`, `$`, `\(`, `\)`, `\[`, `\]`,
    /// spacing commands, the words "and", "or", one or two other plain
    /// words before the connective (`papers and`, not `, then`), a
    /// `\text{…}` group of words and labels (`\text{ for part (a) and }`),
    /// and a label assignment (`y_2 =`).
    fn only_separators(&self, from: usize, to: usize) -> bool {
        const TOKENS: &[&str] = &[
            ",",
            ";",
            "$",
            "\\(",
            "\\)",
            "\\[",
            "\\]",
            "\\quad",
            "\\qquad",
            "\\,",
            "\\;",
            "\\:",
            "\\!",
            "\\ ",
            "~",
            "and",
            "or",
            "\\text{and}",
            "\\text{or}",
            "\\text{ and }",
            "\\text{ or }",
            "\\mbox{ and }",
            "\\mbox{and}",
        ];
        if to - from > 64 {
            return false;
        }
        let mut rest = &self.lower[from - self.base..to - self.base];
        let mut words = 0;
        let mut connective = false;
        loop {
            rest = rest.trim_start();
            if rest.is_empty() {
                return true;
            }
            if let Some(t) = TOKENS.iter().find(|t| rest.starts_with(**t)) {
                connective |= matches!(*t, "," | ";" | "and" | "or")
                    || t.contains("and")
                    || t.contains(" or");
                rest = &rest[t.len()..];
            } else if let Some(n) = glue_text_group(rest) {
                // `\text{ for part (a) and }`: words in a text group.
                rest = &rest[n..];
            } else if let Some(n) = label_assignment(rest) {
                // `y_2 = \boxed{…}`: the name of the next item.
                rest = &rest[n..];
            } else if rest.starts_with(|c: char| c.is_ascii_alphabetic())
                && words < 2
                && !connective
            {
                // `\boxed{1} papers and \boxed{2}`: a word or two naming the
                // previous item, before the connective (`, then` is prose).
                let n = rest
                    .find(|c: char| !c.is_ascii_alphabetic())
                    .unwrap_or(rest.len());
                rest = &rest[n..];
                words += 1;
            } else {
                return false;
            }
        }
    }

    /// The content of the box command at `at` (name of `len` bytes),
    /// trimmed, and where the box ends; `None` when empty or unclosed. A box
    /// inside a box starts later, so the last box of `\boxed{\boxed{5}}` is
    /// the inner one: no unwrapping is needed (and none can recurse).
    fn box_content(&self, at: usize, len: usize, to: usize) -> Option<((usize, usize), usize)> {
        let b = self.bytes();
        // The name is case-sensitive in LaTeX (`\Boxed` is not a box).
        if !self.text[at..].starts_with(if len == 6 { "\\boxed" } else { "\\fbox" }) {
            return None;
        }
        let mut i = at + len;
        if b.get(i).is_some_and(u8::is_ascii_alphabetic) {
            return None;
        }
        while i < to && b[i] == b' ' {
            i += 1;
        }
        let (span, reach) = if b.get(i) == Some(&b'{') {
            let c = self.close_of(i).filter(|&c| c < to)?;
            ((i + 1, c), c + 1)
        } else {
            // `\boxed 5`: the token up to a space or a `$` (at most
            // MAX_ANSWER_BYTES). Without a space only a digit or a command
            // is an argument (`\boxed5`, `\boxed\pi`).
            if i == at + len && !b.get(i).is_some_and(|c| c.is_ascii_digit() || *c == b'\\') {
                return None;
            }
            let limit = to.min(i.saturating_add(MAX_ANSWER_BYTES));
            let mut j = i;
            while j < limit && !b[j].is_ascii_whitespace() && b[j] != b'$' {
                j += 1;
            }
            while !self.text.is_char_boundary(j) {
                j -= 1;
            }
            (trim_end_periods(self.text, (i, j)), j)
        };
        let span = trim(self.text, span);
        (span.0 < span.1).then_some((span, reach))
    }

    /// The answer of a "final answer" phrase in `[from, to)`, if there is one.
    fn final_answer_after(&self, from: usize, to: usize) -> Option<Found> {
        self.find_all("final answer", from, to).next()?;
        self.phrase(from, to)
    }

    /// MX-5: the answer of the last answer phrase in `[from, to)`.
    fn phrase(&self, from: usize, to: usize) -> Option<Found> {
        let b = self.bytes();
        // (phrase, answer follows it?, rule)
        const PHRASES: &[(&str, bool, &str)] = &[
            ("answer is", true, "answer_phrase"),
            ("answer:", true, "answer_phrase"),
            ("answer :", true, "answer_phrase"),
            ("is the answer", false, "answer_phrase"),
            ("is our answer", false, "answer_phrase"),
            ("is the final answer", false, "answer_phrase"),
            ("is the correct answer", false, "answer_phrase"),
            ("####", true, "gsm8k_marker"),
            ("# answer", true, "answer_heading"),
        ];
        let mut candidates: Vec<(usize, usize, bool, &'static str)> = Vec::new();
        for &(p, forward, how) in PHRASES {
            for at in self.find_all(p, from, to) {
                let end = at + p.len();
                let word_start = !p.starts_with(|c: char| c.is_ascii_alphabetic())
                    || at == 0
                    || !b[at - 1].is_ascii_alphabetic();
                let word_end = !p.ends_with(|c: char| c.is_ascii_alphabetic())
                    || b.get(end).is_none_or(|c| !c.is_ascii_alphabetic());
                // `#### ` is not part of a longer run of `#`.
                let marker_ok = p != "####" || b.get(end) != Some(&b'#');
                if word_start && word_end && marker_ok {
                    candidates.push((at, end, forward, how));
                }
            }
        }
        candidates.sort_by_key(|c| std::cmp::Reverse(c.0));
        for &(at, end, forward, how) in candidates.iter().take(MAX_CANDIDATES) {
            let span = if forward {
                self.after_phrase(end, to)
            } else {
                self.before_phrase(from, at)
            };
            if let Some(mut span) = span {
                // `Answer: The volume of $V$ is 120`: what follows the last
                // " is " of a sentence after a colon.
                if forward && self.text[at..end].ends_with(':') {
                    let lower = &self.lower[span.0 - self.base..span.1 - self.base];
                    if let Some(k) = lower.rfind(" is ") {
                        if let Some(rest) = self.after_phrase(span.0 + k + 3, span.1) {
                            span = rest;
                        }
                    }
                }
                // A box inside the captured answer is the answer.
                if let Some(inner) = self.boxed(span.0, span.1) {
                    return Some(Found {
                        span: inner.span,
                        how,
                        reach: span.1,
                    });
                }
                // A sentence (`Final Answer: Jane started growing Sphere 3
                // hours ago.`): its last formula or number.
                if is_sentence(&self.text[span.0..span.1]) {
                    if let Some(inner) = self.last_formula_or_number(span.0, span.1) {
                        return Some(Found {
                            span: inner.span,
                            how,
                            reach: span.1,
                        });
                    }
                }
                return Some(Found {
                    span,
                    how,
                    reach: span.1,
                });
            }
        }
        None
    }

    /// The answer after a phrase ending at `i`: a math span, or the rest of
    /// the sentence (up to a newline or a sentence's period).
    fn after_phrase(&self, i: usize, to: usize) -> Option<(usize, usize)> {
        let b = self.bytes();
        let mut limit = to.min(i.saturating_add(MAX_ANSWER_BYTES));
        while !self.text.is_char_boundary(limit) {
            limit -= 1;
        }
        let mut i = i;
        // Spaces, line breaks, a colon and Markdown emphasis (`**Answer:** 5`).
        while i < limit && (b[i].is_ascii_whitespace() || b[i] == b':' || b[i] == b'*') {
            i += 1;
        }
        if let Some(first) = self.math_span_at(i, limit) {
            // A list of formulas: `$x=1$ or $x=2$`, `$1$, $2$ and $3$`.
            // The last span: where its delimiter opens, its content, its end.
            let (mut last_open, mut last) = (i, first);
            let mut count = 1;
            loop {
                let mut k = last.1 + self.close_len(last_open, last.0);
                k = skip_ws(b, k, limit);
                let lower = &self.lower[k.min(limit) - self.base..limit - self.base];
                let mut joined = false;
                if lower.starts_with(',') {
                    k = skip_ws(b, k + 1, limit);
                    joined = true;
                }
                let lower = &self.lower[k - self.base..limit - self.base];
                if let Some(r) = ["or ", "and "].iter().find(|c| lower.starts_with(**c)) {
                    k = skip_ws(b, k + r.len(), limit);
                    joined = true;
                }
                if !joined {
                    break;
                }
                match self.math_span_at(k, limit) {
                    Some(next) => {
                        (last_open, last) = (k, next);
                        count += 1;
                    }
                    None => break,
                }
            }
            if count == 1 {
                return nonempty(trim(self.text, first));
            }
            return nonempty((i, last.1 + self.close_len(last_open, last.0)));
        }
        let mut j = i;
        while j < limit {
            let c = b[j];
            if c == b'\n' {
                break;
            }
            if matches!(c, b'.' | b'!' | b'?')
                && b.get(j + 1).is_none_or(|n| n.is_ascii_whitespace())
            {
                break;
            }
            j += 1;
        }
        while !self.text.is_char_boundary(j) {
            j -= 1;
        }
        // Minerva's closing words without a period before them.
        if let Some(k) = self.lower[i - self.base..j - self.base].find("i hope it is correct") {
            j = i + k;
        }
        let span = trim_end_periods(self.text, trim(self.text, (i, j)));
        nonempty(strip_dollars(self.text, span))
    }

    /// The length of the closing delimiter of the math span opened at `open`
    /// whose content starts at `content`.
    fn close_len(&self, open: usize, content: usize) -> usize {
        match &self.text[open..content] {
            "$$" => 2,
            "$" => 1,
            _ => 2,
        }
    }

    /// The answer before a phrase starting at `at`: a math span ending
    /// there, or the clause back to the previous punctuation.
    fn before_phrase(&self, from: usize, at: usize) -> Option<(usize, usize)> {
        let b = self.bytes();
        let mut floor = from.max(at.saturating_sub(MAX_ANSWER_BYTES));
        while !self.text.is_char_boundary(floor) {
            floor += 1;
        }
        let mut j = at;
        while j > floor && (b[j - 1].is_ascii_whitespace() || b[j - 1] == b'*') {
            j -= 1;
        }
        if j > floor && b[j - 1] == b'$' {
            let mut k = j - 1;
            while k > floor && b[k - 1] == b'$' {
                k -= 1;
            }
            let inner_end = k;
            let open = self.text[floor..inner_end].rfind('$')? + floor;
            return nonempty(trim(self.text, (open + 1, inner_end)));
        }
        if self.text[floor..j].ends_with("\\)") {
            let open = self.text[floor..j - 2].rfind("\\(")? + floor;
            return nonempty(trim(self.text, (open + 2, j - 2)));
        }
        let mut k = j;
        while k > floor {
            let c = b[k - 1];
            let period =
                c == b'.' && !(k >= 2 && b[k - 2].is_ascii_digit() && b[k].is_ascii_digit());
            if c == b'\n' || matches!(c, b',' | b'!' | b'?' | b':' | b';') || period {
                break;
            }
            k -= 1;
        }
        while !self.text.is_char_boundary(k) {
            k += 1;
        }
        let (mut s, e) = trim(self.text, (k, j));
        while s < e && b[s] == b'*' {
            s += 1;
        }
        // Leading connectives are not part of the answer.
        loop {
            let lower = &self.lower[s - self.base..e - self.base];
            let Some(w) = FILLERS
                .iter()
                .find(|w| lower.starts_with(**w) && lower[w.len()..].starts_with(' '))
            else {
                break;
            };
            s = trim(self.text, (s + w.len(), e)).0;
        }
        while s < e && b[s] == b'*' {
            s += 1;
        }
        nonempty((s, e))
    }

    /// A math span `$…$`, `$$…$$`, `\(…\)`, `\[…\]` starting at `i`, as
    /// the range of its content.
    fn math_span_at(&self, i: usize, limit: usize) -> Option<(usize, usize)> {
        let rest = &self.text[i..limit];
        for (open, close) in [("$$", "$$"), ("$", "$"), ("\\(", "\\)"), ("\\[", "\\]")] {
            if let Some(r) = rest.strip_prefix(open) {
                let c = r.find(close)?;
                return Some((i + open.len(), i + open.len() + c));
            }
        }
        None
    }

    /// MX-6: the last formula (`$…$`, `\(…\)`, `\[…\]`) or number in
    /// `[from, to)`, whichever ends later.
    fn last_formula_or_number(&self, from: usize, to: usize) -> Option<Found> {
        let formula = self.last_formula(from, to, false);
        let number = self.last_number(from, to);
        match (formula, number) {
            (Some(f), Some(n)) if n.1 > f.1 + 1 => Some(Found {
                span: n,
                how: "last_number",
                reach: n.1,
            }),
            (Some(f), _) => Some(Found {
                span: f,
                how: "last_formula",
                reach: f.1,
            }),
            (None, Some(n)) => Some(Found {
                span: n,
                how: "last_number",
                reach: n.1,
            }),
            (None, None) => None,
        }
    }

    /// The last formula in math delimiters; with `one_line`, an inline
    /// formula (`$…$`, `\(…\)`) that spans lines is not one (MX-9).
    fn last_formula(&self, from: usize, to: usize, one_line: bool) -> Option<(usize, usize)> {
        let b = self.bytes();
        let mut best: Option<(usize, usize)> = None;
        // `$` pairs, read from the start (`\$` is a dollar sign).
        let mut open: Option<usize> = None;
        let (mut no_paren_close, mut no_bracket_close) = (false, false);
        let mut i = from;
        while i < to {
            match b[i] {
                b'\\' => {
                    if let Some(&c @ (b'(' | b'[')) = b.get(i + 1) {
                        let close = if c == b'(' { "\\)" } else { "\\]" };
                        // Once a closer is missing, it is missing for every
                        // later opener too (keeps many unclosed `\(` linear).
                        let missing = if c == b'(' {
                            &mut no_paren_close
                        } else {
                            &mut no_bracket_close
                        };
                        let found = if *missing {
                            None
                        } else {
                            self.text[i + 2..to].find(close)
                        };
                        if found.is_none() {
                            *missing = true;
                        }
                        if let Some(k) = found {
                            let span = trim(self.text, (i + 2, i + 2 + k));
                            let broken =
                                one_line && c == b'(' && self.text[i + 2..i + 2 + k].contains('\n');
                            if span.0 < span.1 && !broken {
                                best = Some(span);
                            }
                            i += 2 + k + 2;
                            continue;
                        }
                    }
                    i += 2;
                    continue;
                }
                b'$' => {
                    let run = if b.get(i + 1) == Some(&b'$') { 2 } else { 1 };
                    match open {
                        None => open = Some(i + run),
                        Some(o) => {
                            let span = trim(self.text, (o, i));
                            let broken = one_line && run == 1 && self.text[o..i].contains('\n');
                            if span.0 < span.1 && !broken {
                                best = Some(span);
                            }
                            open = None;
                        }
                    }
                    i += run;
                    continue;
                }
                _ => {}
            }
            i += 1;
        }
        best
    }

    /// The last number in `[from, to)`: digits joined by `.`, `,` or `/`
    /// between digits (`3.75`, `1,234`, `1000,99`, `10/9`), a leading
    /// decimal point (`.4`), a minus sign that is not a hyphen; then widened
    /// to the LaTeX command whose argument it fills (`\frac{10}{9}`,
    /// `-\sqrt{3}`), at most 16 levels.
    fn last_number(&self, from: usize, to: usize) -> Option<(usize, usize)> {
        let b = self.bytes();
        let mut end = to;
        loop {
            while end > from && !b[end - 1].is_ascii_digit() {
                end -= 1;
            }
            if end == from {
                return None;
            }
            // Digits inside a word (`AZYUK2A`, a code) are not a number.
            let mut k = end;
            while k > from && b[k - 1].is_ascii_digit() {
                k -= 1;
            }
            let glued = k > from
                && b[k - 1].is_ascii_alphabetic()
                && b.get(end).is_some_and(u8::is_ascii_alphabetic);
            if !glued {
                break;
            }
            end = k;
        }
        let mut start = end;
        loop {
            while start > from && b[start - 1].is_ascii_digit() {
                start -= 1;
            }
            if start >= from + 2
                && matches!(b[start - 1], b'.' | b',' | b'/')
                && b[start - 2].is_ascii_digit()
            {
                start -= 1;
                continue;
            }
            break;
        }
        // Thousands groups separated by single spaces (`1 000`,
        // `12 345 678`): the last run and every run joined before it have
        // three digits, the first one one to three.
        if end - start == 3 && b[start..end].iter().all(u8::is_ascii_digit) {
            while start >= from + 2 && b[start - 1] == b' ' && b[start - 2].is_ascii_digit() {
                let mut j = start - 1;
                while j > from && b[j - 1].is_ascii_digit() {
                    j -= 1;
                }
                let len = start - 1 - j;
                let word = j > from
                    && (b[j - 1].is_ascii_alphanumeric() || matches!(b[j - 1], b'.' | b','));
                if len > 3 || word {
                    break;
                }
                start = j;
                if len < 3 {
                    break;
                }
            }
        }
        // A mixed number `4 4/9`: the whole part before a fraction.
        if b[start..end].contains(&b'/') && start >= from + 2 && b[start - 1] == b' ' {
            let mut k = start - 1;
            while k > from && b[k - 1].is_ascii_digit() {
                k -= 1;
            }
            if k < start - 1 && (k == from || !b[k - 1].is_ascii_alphanumeric()) {
                start = k;
            }
        }
        let not_word = |k: usize| k == from || !b[k - 1].is_ascii_alphanumeric();
        if start > from && b[start - 1] == b'.' && not_word(start - 1) {
            start -= 1;
        }
        // A minus sign, not a hyphen or a subtraction (`3-5`, `x-5`).
        if start > from && b[start - 1] == b'-' && not_word(start - 1) {
            start -= 1;
        }
        let (mut s, mut e) = (start, end);
        // A percent sign or word right after the number belongs to it.
        let after = &self.lower[e - self.base..to - self.base];
        let gap = after.len() - after.trim_start_matches(' ').len();
        for suffix in ["\\%", "%", "percentage", "percent", "pct"] {
            if after[gap..].starts_with(suffix) {
                let k = e + gap + suffix.len();
                if b.get(k).is_none_or(|c| !c.is_ascii_alphabetic()) {
                    return Some((s, k));
                }
            }
        }
        for _ in 0..16 {
            // The number fills a group `{…}` of a command.
            if !(s > from && b[s - 1] == b'{' && self.close_of(s - 1) == Some(e)) {
                break;
            }
            let mut gs = s - 1;
            while gs > from && b[gs - 1] == b'}' {
                match self.open_of(gs - 1) {
                    Some(o) if o >= from => gs = o,
                    _ => break,
                }
            }
            let mut k = gs;
            while k > from && b[k - 1].is_ascii_alphabetic() {
                k -= 1;
            }
            if !(k > from && k < gs && b[k - 1] == b'\\') {
                break;
            }
            let mut ge = e + 1;
            while ge < to && b[ge] == b'{' {
                match self.close_of(ge) {
                    Some(c) if c < to => ge = c + 1,
                    _ => break,
                }
            }
            (s, e) = (k - 1, ge);
            if s > from && b[s - 1] == b'-' && not_word(s - 1) {
                s -= 1;
            }
        }
        Some((s, e))
    }
}

/// Words that start a clause before "is our answer" without being part of
/// the answer.
const FILLERS: &[&str] = &[
    "so",
    "thus",
    "hence",
    "then",
    "therefore",
    "and",
    "which",
    "that",
    "means",
    "finally",
];

fn trim(text: &str, (mut s, mut e): (usize, usize)) -> (usize, usize) {
    let b = text.as_bytes();
    while s < e && b[s].is_ascii_whitespace() {
        s += 1;
    }
    while e > s && b[e - 1].is_ascii_whitespace() {
        e -= 1;
    }
    (s, e)
}

/// Trailing periods, Markdown emphasis and spaces removed.
fn trim_end_periods(text: &str, (s, mut e): (usize, usize)) -> (usize, usize) {
    let b = text.as_bytes();
    while e > s && (matches!(b[e - 1], b'.' | b'*') || b[e - 1].is_ascii_whitespace()) {
        e -= 1;
    }
    (s, e)
}

/// `$x$` around the whole answer: the content.
fn strip_dollars(text: &str, (s, e): (usize, usize)) -> (usize, usize) {
    let b = text.as_bytes();
    if e >= s + 2 && b[s] == b'$' && b[e - 1] == b'$' {
        let inner = &text[s + 1..e - 1];
        if !inner.contains('$') {
            return trim(text, (s + 1, e - 1));
        }
    }
    (s, e)
}

fn skip_ws(b: &[u8], mut i: usize, limit: usize) -> usize {
    while i < limit && b[i].is_ascii_whitespace() {
        i += 1;
    }
    i
}

fn nonempty(span: (usize, usize)) -> Option<(usize, usize)> {
    (span.0 < span.1).then_some(span)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn answer(r: &str, strict: bool) -> Option<String> {
        extract_answer(r, strict).map(|x| {
            assert_eq!(&r[x.span.0..x.span.1], x.answer, "the span is the answer");
            x.answer
        })
    }

    #[test]
    fn long_response_is_linear_and_right() {
        // 100 KB of unclosed boxes, phrases and numbers, then the answer.
        let mut r = String::new();
        while r.len() < 100_000 {
            r.push_str("\\boxed{ answer is answer: $ 12 ");
        }
        r.push_str("\n\nFinal: \\boxed{42}");
        assert_eq!(answer(&r, true).as_deref(), Some("42"));
        let mut r = String::new();
        while r.len() < 100_000 {
            r.push_str("answer is x; the \\( $ (");
        }
        r.push_str("\n\nThe answer is 42.");
        assert_eq!(answer(&r, true).as_deref(), Some("42"));
        assert_eq!(answer(&r, false).as_deref(), Some("42"));
        let r = "{".repeat(200_000) + "\\boxed{7}";
        assert_eq!(answer(&r, true).as_deref(), Some("7"));
    }

    #[test]
    fn adversarial_inputs_stay_linear_and_right() {
        // 50,000 nested boxes: unwrapped without recursion.
        let r = "\\boxed{".repeat(50_000) + "5" + &"}".repeat(50_000);
        assert_eq!(answer(&r, true).as_deref(), Some("5"));
        // Many unclosed `\(` and `\[`, then a number (not strict).
        let r = "\\( \\[ ".repeat(20_000) + "so 17";
        assert_eq!(answer(&r, false).as_deref(), Some("17"));
        // A long argument token of `\boxed ` is cut at MAX_ANSWER_BYTES.
        let r = "\\boxed ".to_string() + &"7".repeat(100_000);
        let x = extract_answer(&r, true).unwrap();
        assert_eq!(x.answer.len(), MAX_ANSWER_BYTES);
        // Many phrases without a sentence end: at most MAX_CANDIDATES tried.
        // (Each phrase captures the next one: garbage in, garbage out.)
        let r = "answer: ".repeat(20_000) + "\n";
        assert_eq!(answer(&r, true).as_deref(), Some("answer:"));
        // Nested commands around the last number: widened 16 levels (MX-6).
        let r = "\\sqrt{".repeat(20) + "2" + &"}".repeat(20);
        assert_eq!(answer(&r, false).as_deref(), Some(&r[6 * 4..r.len() - 4]));
    }

    #[test]
    fn boxed_without_braces() {
        assert_eq!(answer("so \\boxed5.", true).as_deref(), Some("5"));
        assert_eq!(answer("so \\boxed\\pi", true).as_deref(), Some("\\pi"));
        assert_eq!(answer("so \\boxed$5$", true), None);
    }

    #[test]
    fn plain_word_boxed_does_not_hijack() {
        let r = "So $\\boxed{12}$ holds. Note that we boxed the correct answer above.";
        assert_eq!(answer(r, true).as_deref(), Some("12"));
    }

    #[test]
    fn no_boolean_from_prose() {
        let r = "The statement holds. Please note that we have not boxed the correct answer as we normally do.";
        assert_eq!(answer(r, true), None);
    }

    #[test]
    fn multibyte_text_around() {
        let r = "Ответ: é ∞ the answer is π/2 — ok";
        assert!(answer(r, true).is_some());
        assert_eq!(answer("∞∞ 3 ∞", false).as_deref(), Some("3"));
    }
}
