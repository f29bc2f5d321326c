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
use crate::text::brackets::{Escapes, Pairs};

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

/// The document's extraction (MX-1 … MX-9): strict, or with the
/// last-formula-or-number fallback of MX-6.
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
    /// Built on first use (a search that meets no brace command never
    /// builds it).
    braces: std::cell::OnceCell<Pairs>,
    base: usize,
    /// The production search (MX-10): more phrases (Chinese, headings),
    /// the statement's answer cut at its first connective.
    production: bool,
}

impl<'a> Doc<'a> {
    fn new(text: &'a str, start: usize, end: usize) -> Doc<'a> {
        Doc {
            text,
            lower: text[start..end].to_ascii_lowercase(),
            braces: std::cell::OnceCell::new(),
            base: start,
            production: false,
        }
    }

    /// The brace pairs of the document (a backslash escapes the next byte),
    /// relative to `base`.
    fn braces(&self) -> &Pairs {
        self.braces.get_or_init(|| {
            Pairs::scan(
                &self.text.as_bytes()[self.base..self.base + self.lower.len()],
                b'{',
                b'}',
                Escapes::Backslash,
            )
        })
    }
}

impl<'a> Doc<'a> {
    fn bytes(&self) -> &'a [u8] {
        self.text.as_bytes()
    }

    /// The matching `}` of the `{` at absolute position `i`.
    fn close_of(&self, i: usize) -> Option<usize> {
        Some(self.braces().close_of(i.checked_sub(self.base)?)? + self.base)
    }

    /// The matching `{` of the `}` at absolute position `i`.
    fn open_of(&self, i: usize) -> Option<usize> {
        Some(self.braces().open_of(i.checked_sub(self.base)?)? + self.base)
    }

    /// Absolute positions of `needle` (lowercase) in `[from, to)`.
    fn find_all(
        &self,
        needle: &'a str,
        from: usize,
        to: usize,
    ) -> impl Iterator<Item = usize> + '_ {
        let hay = &self.lower[from - self.base..to - self.base];
        // `contains` has a vectorized path: most windows lack most needles.
        let hay = if hay.contains(needle) { hay } else { "" };
        hay.match_indices(needle).map(move |(i, _)| i + from)
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
        // MX-10: the forms models write, in the production search.
        const MORE_PHRASES: &[(&str, bool, &str)] = &[
            ("answer：", true, "answer_phrase"),
            ("answer**:", true, "answer_phrase"),
            ("**final answer**", true, "answer_heading"),
            ("# final answer", true, "answer_heading"),
            ("【答案】", true, "answer_phrase_zh"),
            ("答案是", true, "answer_phrase_zh"),
            ("答案为", true, "answer_phrase_zh"),
            ("答案:", true, "answer_phrase_zh"),
            ("答案：", true, "answer_phrase_zh"),
            ("所以", true, "therefore_zh"),
        ];
        let more: &[(&str, bool, &str)] = if self.production { MORE_PHRASES } else { &[] };
        let mut candidates: Vec<(usize, usize, bool, &'static str)> = Vec::new();
        // Every phrase holds one of these anchors: one search per anchor,
        // then each phrase is compared where its anchor sits.
        let anchors: Vec<(&str, Vec<usize>)> = ["answer", "####", "答案", "所以"]
            .iter()
            .map(|a| (*a, self.find_all(a, from, to).collect()))
            .collect();
        for &(p, forward, how) in PHRASES.iter().chain(more) {
            let (anchor, hits) = anchors
                .iter()
                .find(|(a, _)| p.contains(a))
                .expect("every phrase holds an anchor");
            let offset = p.find(anchor).unwrap_or(0);
            let lower = self.lower.as_bytes();
            let found = hits.iter().filter_map(|&h| {
                let at = h.checked_sub(offset).filter(|&at| at >= from)?;
                let rel = at - self.base;
                (at + p.len() <= to && lower[rel..rel + p.len()] == *p.as_bytes()).then_some(at)
            });
            for at in found {
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
            let span = if how == "therefore_zh" {
                self.after_so_zh(end, to)
            } else if forward {
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
        // Spaces, line breaks, a colon and Markdown emphasis (`**Answer:** 5`);
        // in the production search also a full-width colon or space.
        loop {
            if i < limit
                && (b[i].is_ascii_whitespace()
                    || b[i] == b':'
                    || b[i] == b'*'
                    || (self.production && b[i] == b'}'))
            {
                // (`\textbf{Answer:} 42`: the group's closing brace.)
                i += 1;
            } else if self.production
                && ["：", "\u{3000}"]
                    .iter()
                    .any(|p| b[i..limit].starts_with(p.as_bytes()))
            {
                i += 3;
            } else {
                break;
            }
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
            // Full-width punctuation and `<eoa>` end a Chinese statement.
            if self.production
                && (c == b'<' || c >= 0xE3)
                && ZH_STOPS
                    .iter()
                    .any(|p| b[j..limit].starts_with(p.as_bytes()))
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
        let span = strip_dollars(self.text, span);
        if self.production {
            return nonempty(self.answer_head(span));
        }
        nonempty(span)
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
    /// `[from, to)`, whichever ends later; in the production search the
    /// formula's right side (MX-13) and the number token whole (MX-14).
    fn last_formula_or_number(&self, from: usize, to: usize) -> Option<Found> {
        let formula = self.last_formula(from, to, false);
        let number = if self.production {
            self.number_token(from, to)
        } else {
            self.last_number(from, to)
        };
        match (formula, number) {
            (Some(f), Some(n)) if n.1 > f.1 + 1 => Some(Found {
                span: n,
                how: "last_number",
                reach: n.1,
            }),
            (Some(f), _) => Some(Found {
                span: if self.production {
                    self.right_side(f)
                } else {
                    f
                },
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

// ------------------------------------------------------------------ MX-10 … MX-16

/// Full-width punctuation and the `<eoa>` marker that end a Chinese
/// statement (MX-11).
const ZH_STOPS: &[&str] = &["。", "，", "；", "！", "？", "<eoa>", "\n"];

/// Chat-template tokens that end a model's turn (MX-10).
const CHAT_TOKENS: &[&str] = &[
    "<|im_start|>",
    "<|im_end|>",
    "<|endoftext|>",
    "<|eot_id|>",
    "<|end|>",
    "</s>",
];

/// The position of the first chat-template token in `text`: one byte
/// search for `<`, then a comparison at each.
fn first_chat_token(text: &str) -> Option<usize> {
    let b = text.as_bytes();
    let mut from = 0;
    while let Some(k) = text[from..].find('<') {
        let i = from + k;
        if CHAT_TOKENS.iter().any(|t| b[i..].starts_with(t.as_bytes())) {
            return Some(i);
        }
        from = i + 1;
    }
    None
}

/// The explicit search of the production extraction first reads the last
/// this many bytes, then 32 times more, … (MX-10): the answer of a
/// reasoning trace is at its end.
pub const TAIL_BYTES: usize = 2 * 1024;

/// A response longer than this is never a bare answer (MX-12).
pub const MAX_BARE_BYTES: usize = 1024;

/// Words that end the answer of a statement (`the answer is 12 because …`,
/// MX-11).
const CUT_WORDS: &[&str] = &[
    "because",
    "since",
    "as",
    "which",
    "where",
    "so",
    "when",
    "given",
    "from",
    "by",
    "due",
    "using",
    "but",
    "while",
    "if",
    "then",
    "hence",
    "thus",
    "therefore",
    "after",
    "for",
];

/// Words that make a text prose, not a bare answer (MX-12).
const PROSE_WORDS: &[&str] = &[
    "the",
    "is",
    "are",
    "was",
    "were",
    "be",
    "so",
    "we",
    "it",
    "its",
    "this",
    "that",
    "then",
    "thus",
    "hence",
    "therefore",
    "answer",
    "final",
    "of",
    "to",
    "in",
    "for",
    "with",
    "get",
    "have",
    "has",
    "let",
    "since",
    "because",
    "which",
    "there",
    "here",
    "if",
    "can",
    "will",
    "would",
    "should",
    "by",
    "on",
    "at",
    "from",
    "as",
    "an",
    "my",
    "our",
    "you",
    "me",
    "think",
    "find",
    "solve",
    "compute",
    "step",
    "first",
    "next",
    "now",
    "where",
    "when",
    "not",
    "know",
    "do",
    "does",
    "sure",
    "cannot",
    "unable",
    "sorry",
    "hmm",
    "wait",
    "okay",
    "ok",
];

/// Words a bare answer may hold (MX-12): connectives of a list, percent,
/// booleans, function names, the usual text answers.
const ANSWER_WORDS: &[&str] = &[
    "and",
    "or",
    "percent",
    "percentage",
    "pct",
    "per",
    "yes",
    "no",
    "true",
    "false",
    "none",
    "infinity",
    "inf",
    "infty",
    "pi",
    "sin",
    "cos",
    "tan",
    "cot",
    "sec",
    "csc",
    "log",
    "ln",
    "lg",
    "exp",
    "sqrt",
    "max",
    "min",
    "gcd",
    "lcm",
    "mod",
    "dne",
    "undefined",
    "solution",
    "solutions",
    "real",
    "all",
    "numbers",
    "empty",
    "set",
    "neither",
    "both",
    "even",
    "odd",
    "option",
    "choice",
    "degrees",
    "degree",
    "units",
    "square",
    "cubic",
];

/// Words after which a sentence cannot end (MX-15: a response that ends on
/// one was cut off).
const FUNCTION_WORDS: &[&str] = &[
    "the", "a", "an", "of", "to", "and", "or", "is", "are", "be", "we", "by", "with", "for", "in",
    "that", "then", "so", "as", "if", "because", "since", "which", "this", "from", "into", "on",
    "at", "than", "get", "gives", "equals", "its", "their", "our", "let", "has", "have",
];

/// Why the production extraction found no answer (MX-15): the response is
/// empty, or it was cut off before stating one.
pub type NoAnswerReason = &'static str;

/// The production extraction of `math.grade` (rules MX-10 … MX-16):
/// explicit answers (boxes, English and Chinese answer statements, a bold
/// final line) searched from the end; a response that is itself an answer;
/// a response cut off before an answer is no answer, with the reason;
/// otherwise the last formula (its right side) or the last number token,
/// whole. With `formulas_only` the fallback is a formula only (MX-9).
///
/// ```
/// use scorespec::score::math::extract::locate_default;
/// let x = locate_default("The rate is 3.54e-07 mol/s.", false).unwrap();
/// assert_eq!(x.answer, "3.54e-07");
/// assert_eq!(locate_default("7,425,000", false).unwrap().how, "bare_answer");
/// assert_eq!(locate_default("So we get $x = 2 +", false).unwrap_err(),
///            "cut off: the response ends on an operator");
/// ```
pub fn locate_default(response: &str, formulas_only: bool) -> Result<Located, NoAnswerReason> {
    locate_production(response, formulas_only).map(|f| Located {
        answer: response[f.span.0..f.span.1].to_string(),
        span: f.span,
        how: f.how,
    })
}

/// The answer of a text that is itself just an answer (MX-12): the whole
/// trimmed text, or `None`.
///
/// ```
/// use scorespec::score::math::extract::bare_answer;
/// assert!(bare_answer("x = 3").is_some());
/// assert!(bare_answer("(1, 2]").is_some());
/// assert!(bare_answer("It is 5").is_none());
/// ```
pub fn bare_answer(text: &str) -> Option<Located> {
    let span = trim(text, (0, text.len()));
    is_bare(&text[span.0..span.1]).then(|| Located {
        answer: text[span.0..span.1].to_string(),
        span,
        how: "bare_answer",
    })
}

fn locate_production(response: &str, formulas_only: bool) -> Result<Found, NoAnswerReason> {
    let body = strip_think(response);
    let mut start = body.as_ptr() as usize - response.as_ptr() as usize;
    // A chat template's end-of-turn token ends the response (`…is 2/3.
    // <|im_start|>user`): what follows is not the model's answer.
    let body = match first_chat_token(body) {
        Some(k) => &body[..k],
        None => body,
    };
    let end = start + body.len();
    if body.trim().is_empty() {
        let open_think = strip_think(response).len() < response.len()
            && !response.to_ascii_lowercase().contains("</think>");
        return Err(if open_think {
            "cut off: the reasoning block (<think>) never closes"
        } else {
            "empty response"
        });
    }
    if end - start > MAX_RESPONSE_BYTES {
        start = end - MAX_RESPONSE_BYTES;
        while !response.is_char_boundary(start) {
            start += 1;
        }
    }
    // MX-10: explicit answers, from the end: the last TAIL_BYTES, then 32
    // times more, until the whole response is read.
    let mut window = TAIL_BYTES;
    loop {
        let wstart = window_start(response, start, end, window);
        let mut doc = Doc::new(response, wstart, end);
        doc.production = true;
        if let Some(f) = doc.explicit(wstart, end) {
            // A phrase in the tail does not beat a box before it (MX-4, MX-5).
            let box_before = || {
                let before = &response[start..wstart];
                before.contains("\\boxed") || before.contains("\\fbox")
            };
            if f.how.starts_with("boxed") || f.how == "bold_line" || !box_before() {
                return Ok(f);
            }
        }
        if wstart == start {
            break;
        }
        window = window.saturating_mul(32);
    }
    // MX-12: a response that is itself an answer.
    let (s, e) = trim(response, (start, end));
    let whole = strip_bold(response, (s, e));
    if is_bare(&response[whole.0..whole.1]) {
        return Ok(Found {
            span: whole,
            how: "bare_answer",
            reach: e,
        });
    }
    // MX-15: cut off before an answer (read in the last 2 × TAIL_BYTES).
    let fstart = window_start(response, start, end, TAIL_BYTES * 4);
    let tstart = window_start(response, start, end, TAIL_BYTES * 2);
    if let Some(reason) = truncated(&response[tstart.max(s)..e]) {
        return Err(reason);
    }
    // MX-13, MX-14: the last formula or number token, from the end: in the
    // last TAIL_BYTES, else in the last 4 × TAIL_BYTES.
    let near = window_start(response, start, end, TAIL_BYTES);
    let fstart = if has_digit_or_math(&response[near..end]) {
        near
    } else {
        fstart
    };
    let mut doc = Doc::new(response, fstart, end);
    doc.production = true;
    let found = if formulas_only {
        doc.last_formula(fstart, end, true).map(|f| Found {
            span: doc.right_side(f),
            how: "last_formula",
            reach: f.1,
        })
    } else {
        doc.last_formula_or_number(fstart, end)
    };
    found.ok_or("no formula or number in the response")
}

/// Where a window of `len` bytes before `end` starts: at a line start when
/// one is near, never before `start`.
fn window_start(text: &str, start: usize, end: usize, len: usize) -> usize {
    if end - start <= len {
        return start;
    }
    let mut w = end - len;
    if let Some(k) = text.as_bytes()[w..end.min(w + 256)]
        .iter()
        .position(|&c| c == b'\n')
    {
        w += k + 1;
    }
    while !text.is_char_boundary(w) {
        w += 1;
    }
    w
}

/// Whether `t` holds a digit or a math delimiter (a formula or a number may
/// be there).
fn has_digit_or_math(t: &str) -> bool {
    t.bytes()
        .any(|c| c.is_ascii_digit() || c == b'$' || c == b'\\')
}

/// `**x**` around the whole text: the content.
fn strip_bold(text: &str, (s, e): (usize, usize)) -> (usize, usize) {
    let t = &text[s..e];
    if t.len() > 4 && t.starts_with("**") && t.ends_with("**") && !t[2..t.len() - 2].contains("**")
    {
        return trim(text, (s + 2, e - 2));
    }
    (s, e)
}

/// Whether `t` (trimmed) is itself just an answer (MX-12): short, balanced,
/// not ending on an operator, and without prose words.
fn is_bare(t: &str) -> bool {
    if t.is_empty() || t.len() > MAX_BARE_BYTES || cut_in_formula(t).is_some() {
        return false;
    }
    let display = t.starts_with("$$") || t.starts_with("\\[") || t.starts_with("\\begin");
    if t.contains('\n') && !display {
        return false;
    }
    if t.contains("\\boxed") || t.contains("\\fbox") {
        return false;
    }
    let b = t.as_bytes();
    let (mut depth, mut dollars) = (0i32, 0usize);
    let mut prose = 0usize;
    let mut text_words = 0usize;
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        match c {
            b'\\' => {
                let n = b[i + 1..]
                    .iter()
                    .take_while(|c| c.is_ascii_alphabetic())
                    .count();
                let name = &t[i + 1..i + 1 + n];
                i += 1 + n.max(1);
                // Arguments that are names, not words.
                if matches!(
                    name,
                    "begin" | "end" | "operatorname" | "mathbb" | "mathcal" | "mathbf" | "mathrm"
                ) && b.get(i) == Some(&b'{')
                {
                    match t[i..].find('}') {
                        Some(k) => i += k + 1,
                        None => return false,
                    }
                }
                continue;
            }
            b'{' => depth += 1,
            b'}' => {
                depth -= 1;
                if depth < 0 {
                    return false;
                }
            }
            b'$' => dollars += 1,
            // A sentence ends inside: prose.
            b'.' | b'!' | b'?'
                if b.get(i + 1) == Some(&b' ')
                    && b.get(i + 2).is_some_and(u8::is_ascii_uppercase) =>
            {
                return false;
            }
            _ if c.is_ascii_alphabetic() => {
                let n = b[i..]
                    .iter()
                    .take_while(|c| c.is_ascii_alphabetic())
                    .count();
                let word = t[i..i + n].to_ascii_lowercase();
                i += n;
                if n >= 2 {
                    text_words += 1;
                    if PROSE_WORDS.contains(&word.as_str()) {
                        return false;
                    }
                    // Two letters (`xy`) or capitals (`AB`, `ABCD`) name points
                    // or products of symbols.
                    let symbols =
                        n == 2 || (n <= 4 && t[i - n..i].bytes().all(|c| c.is_ascii_uppercase()));
                    if !symbols
                        && !ANSWER_WORDS.contains(&word.as_str())
                        && !is_unit_word(&t[i - n..i])
                    {
                        prose += 1;
                    }
                }
                continue;
            }
            _ if c >= 0xE3 && is_cjk(&t[i..]) => return false,
            _ => {}
        }
        i += 1;
    }
    if depth != 0 || dollars % 2 == 1 {
        return false;
    }
    // A text answer: a few words of letters (`white`, `no solution`).
    prose == 0
        || (text_words <= 3
            && t.bytes()
                .all(|c| c.is_ascii_alphabetic() || matches!(c, b' ' | b'-' | b'\'' | b'.')))
}

/// Whether `s` starts with a CJK character (a Chinese or Japanese word).
fn is_cjk(s: &str) -> bool {
    s.chars().next().is_some_and(|c| {
        ('\u{2E80}'..='\u{9FFF}').contains(&c) || ('\u{F900}'..='\u{FAFF}').contains(&c)
    })
}

/// A unit word of the ME-9 table of two letters or more (`cm`, `meters`).
fn is_unit_word(w: &str) -> bool {
    w.len() >= 2 && super::units::lookup(w).is_some()
}

/// Why a response (trimmed) was cut off, if it was (MX-15): it ends on an
/// operator, inside a display, an environment, a `$…$` formula or a brace
/// group, or in the middle of a sentence.
fn truncated(t: &str) -> Option<NoAnswerReason> {
    cut_in_formula(t).or_else(|| cut_in_sentence(t))
}

/// The formula part of [`truncated`]: an operator, an unclosed delimiter,
/// environment, `$` or brace at the end.
fn cut_in_formula(t: &str) -> Option<NoAnswerReason> {
    let b = t.as_bytes();
    let last = *b.last()?;
    // Ends on an operator or an opening bracket.
    let on_operator = match last {
        b'+' | b'=' | b'^' | b'_' | b'(' | b'[' | b'{' | b'&' | b'<' | b'>' | b'/' => true,
        b'-' => !t.ends_with("--"),
        b'*' => !t.ends_with("**"),
        b'\\' => !t.ends_with("\\\\"),
        b',' | b';' | b':' => true,
        _ => false,
    } || {
        let n = b
            .iter()
            .rev()
            .take_while(|c| c.is_ascii_alphabetic())
            .count();
        n > 0
            && b.len() > n
            && b[b.len() - n - 1] == b'\\'
            && matches!(
                &t[t.len() - n..],
                "times"
                    | "cdot"
                    | "div"
                    | "pm"
                    | "mp"
                    | "le"
                    | "leq"
                    | "ge"
                    | "geq"
                    | "frac"
                    | "dfrac"
                    | "sqrt"
                    | "left"
                    | "neq"
                    | "approx"
                    | "in"
                    | "cup"
                    | "cap"
                    | "implies"
                    | "Rightarrow"
                    | "quad"
                    | "qquad"
            )
    };
    if on_operator {
        return Some("cut off: the response ends on an operator");
    }
    // One pass: the last `\[`, `\]`, `\(`, `\)`, environments, `$$` runs.
    let (mut open_sq, mut close_sq, mut open_par, mut close_par) = (None, None, None, None);
    let (mut envs, mut displays) = (0i64, 0usize);
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'\\' => {
                match b.get(i + 1) {
                    Some(b'[') => open_sq = Some(i),
                    Some(b']') => close_sq = Some(i),
                    Some(b'(') => open_par = Some(i),
                    Some(b')') => close_par = Some(i),
                    _ if b[i + 1..].starts_with(b"begin{") => envs += 1,
                    _ if b[i + 1..].starts_with(b"end{") => envs -= 1,
                    _ => {}
                }
                i += 2;
                continue;
            }
            b'$' if b.get(i + 1) == Some(&b'$') => {
                displays += 1;
                i += 2;
                continue;
            }
            _ => {}
        }
        i += 1;
    }
    if open_sq > close_sq || open_par > close_par {
        return Some("cut off: the response ends inside a formula (\\[ or \\( not closed)");
    }
    if envs > 0 {
        return Some("cut off: the response ends inside an environment (\\begin without \\end)");
    }
    if displays % 2 == 1 {
        return Some("cut off: the response ends inside a $$…$$ display");
    }
    // The last paragraph: `$` pairs and braces.
    let para = &t[t.rfind("\n\n").map_or(0, |k| k + 2)..];
    let pb = para.as_bytes();
    let (mut depth, mut singles, mut last_single) = (0i64, 0usize, 0usize);
    let mut i = 0;
    while i < pb.len() {
        match pb[i] {
            b'\\' => i += 1,
            b'{' => depth += 1,
            b'}' => depth -= 1,
            b'$' if pb.get(i + 1) == Some(&b'$') => i += 1,
            b'$' => {
                singles += 1;
                last_single = i;
            }
            _ => {}
        }
        i += 1;
    }
    if singles % 2 == 1 {
        // `$5` before a number outside formulas is money, not a formula.
        let rest = &para[last_single + 1..];
        let digits = rest
            .bytes()
            .take_while(|c| c.is_ascii_digit() || matches!(c, b',' | b'.'))
            .count();
        // `2,74 $`, `1,000.99$`: a currency sign after the amount.
        let before = para[..last_single].trim_end_matches(' ');
        let after_amount = before.ends_with(|c: char| c.is_ascii_digit())
            && rest
                .trim_start()
                .bytes()
                .next()
                .is_none_or(|c| !c.is_ascii_digit() && c != b'\\');
        let money = after_amount
            || digits > 0
                && rest[digits..].bytes().next().is_none_or(|c| {
                    c.is_ascii_whitespace() || matches!(c, b'.' | b',' | b')' | b'!' | b'?')
                });
        if !money {
            return Some("cut off: the response ends inside a $…$ formula");
        }
    }
    if depth > 0 {
        return Some("cut off: the response ends inside a brace group");
    }
    None
}

/// The sentence part of [`truncated`]: the response ends on a word that
/// cannot end a sentence, or on an unfinished sentence without a number or
/// formula.
fn cut_in_sentence(t: &str) -> Option<NoAnswerReason> {
    let b = t.as_bytes();
    let last = *b.last()?;
    // Ends on a word: mid-sentence when the word cannot end one, or when
    // the unfinished sentence holds no number or formula.
    if last.is_ascii_alphabetic()
        || (last >= 0x80 && t.chars().last().is_some_and(char::is_alphabetic))
    {
        let n = b
            .iter()
            .rev()
            .take_while(|c| c.is_ascii_alphabetic())
            .count();
        if n > 0 && b.len() > n && b[b.len() - n - 1] == b'\\' {
            // A command (`\pi`) ends a formula, not a sentence.
            return None;
        }
        let word = t[t.len() - n..].to_ascii_lowercase();
        if FUNCTION_WORDS.contains(&word.as_str()) {
            return Some("cut off: the response ends mid-sentence");
        }
        let sentence_start = [". ", "! ", "? ", "\n", "。", "：", ": "]
            .iter()
            .filter_map(|p| t.rfind(p).map(|k| k + p.len()))
            .max()
            .unwrap_or(0);
        let sentence = &t[sentence_start..];
        if !sentence.bytes().any(|c| c.is_ascii_digit() || c == b'$') {
            return Some("cut off: the response ends mid-sentence");
        }
    }
    None
}

impl Doc<'_> {
    /// The explicit answers of the production search in `[from, to)`:
    /// the box or statement of MX-4, MX-5, MX-11, else a bold final line
    /// (MX-11).
    fn explicit(&self, from: usize, to: usize) -> Option<Found> {
        let mut scopes = Vec::with_capacity(2);
        if let Some(t) = self.last_word(from, "therefore") {
            scopes.push(t);
        }
        scopes.push(from);
        scopes
            .iter()
            .find_map(|&s| match self.boxed(s, to) {
                Some(b) => self.final_answer_after(b.reach, to).or(Some(b)),
                None => self.phrase(s, to),
            })
            .or_else(|| self.bold_line(from, to))
    }

    /// A last line that is only bold text holding an answer (`**42**`).
    fn bold_line(&self, from: usize, to: usize) -> Option<Found> {
        let (s, e) = trim(self.text, (from, to));
        let line_start = self.text[s..e].rfind('\n').map_or(s, |k| s + k + 1);
        let line = trim(self.text, (line_start, e));
        let inner = strip_bold(self.text, line);
        if inner == line {
            return None;
        }
        let inner = strip_dollars(self.text, trim_end_periods(self.text, inner));
        is_bare(&self.text[inner.0..inner.1]).then_some(Found {
            span: inner,
            how: "bold_line",
            reach: e,
        })
    }

    /// After "所以" (MX-11): the clause up to full-width punctuation; the
    /// answer follows its last "为" or "是".
    fn after_so_zh(&self, i: usize, to: usize) -> Option<(usize, usize)> {
        let b = self.bytes();
        let limit = to.min(i.saturating_add(MAX_ANSWER_BYTES));
        let mut j = i;
        while j < limit
            && !ZH_STOPS
                .iter()
                .any(|p| b[j..limit].starts_with(p.as_bytes()))
        {
            j += 1;
        }
        while !self.text.is_char_boundary(j) {
            j -= 1;
        }
        let clause = &self.text[i..j];
        let k = ["为", "是"]
            .iter()
            .filter_map(|w| clause.rfind(w).map(|k| k + w.len()))
            .max()?;
        self.after_phrase(i + k, j)
    }

    /// The answer of a statement (MX-11): up to its first connective word
    /// outside math (`12 because …` → `12`), without trailing commas.
    fn answer_head(&self, (s, mut e): (usize, usize)) -> (usize, usize) {
        let b = self.bytes();
        // A check mark after a verified value (`6 \times 7 = 42 ✓`).
        for mark in ["✓", "✔", "✅"] {
            if let Some(k) = self.text[s..e].trim_end().strip_suffix(mark) {
                e = s + k.trim_end().len();
            }
        }
        let (mut depth, mut in_math) = (0i32, false);
        let mut i = s;
        while i < e {
            match b[i] {
                b'\\' => i += 1,
                b'{' => depth += 1,
                b'}' => depth -= 1,
                b'$' => in_math = !in_math,
                b' ' if depth == 0 && !in_math && i > s => {
                    let lower = &self.lower[i + 1 - self.base..e - self.base];
                    let n = lower.bytes().take_while(u8::is_ascii_alphabetic).count();
                    if n > 0 && CUT_WORDS.contains(&&lower[..n]) {
                        let mut k = i;
                        while k > s && matches!(b[k - 1], b',' | b' ' | b';') {
                            k -= 1;
                        }
                        return (s, k);
                    }
                }
                _ => {}
            }
            i += 1;
        }
        (s, e)
    }

    /// The right side of the last top-level `=` of a formula (MX-13), or
    /// the whole formula.
    fn right_side(&self, (s, e): (usize, usize)) -> (usize, usize) {
        let b = self.bytes();
        let mut depth = 0i32;
        let mut eq = None;
        let mut i = s;
        while i < e {
            match b[i] {
                b'\\' => i += 1,
                b'{' | b'(' | b'[' => depth += 1,
                b'}' | b')' | b']' => depth -= 1,
                b'=' if depth == 0
                    && !(i > s && matches!(b[i - 1], b'<' | b'>' | b'!'))
                    && b.get(i + 1) != Some(&b'=') =>
                {
                    eq = Some(i)
                }
                _ => {}
            }
            i += 1;
        }
        // A sentence's period or comma inside the formula is not part of it.
        let whole = trim_end_punct(self.text, (s, e));
        match eq {
            Some(k) => {
                let mut r = trim(self.text, (k + 1, whole.1.max(k + 1)));
                if let Some(a) = self.text[r.0..r.1].find("\\approx") {
                    r = trim(self.text, (r.0, r.0 + a));
                }
                if r.0 < r.1 { r } else { whole }
            }
            None => whole,
        }
    }

    /// MX-14: the last number token, whole: [`Doc::last_number`] with an
    /// exponent (`3.54e-07`, `2.1 \times 10^{5}`), a unit (`5\text{ cm}`,
    /// `12 meters`) or a degree sign after it.
    fn number_token(&self, from: usize, to: usize) -> Option<(usize, usize)> {
        let b = self.bytes();
        let (mut s, mut e) = self.last_number(from, to)?;
        // `3.54e-07`, `1E5`: the mantissa before the exponent.
        let mut k = s;
        if k > from && matches!(b[k - 1], b'-' | b'+') {
            k -= 1;
        }
        if k >= from + 2 && matches!(b[k - 1], b'e' | b'E') && b[k - 2].is_ascii_digit() {
            if let Some((ms, me)) = self.last_number(from, k - 1) {
                if me == k - 1 {
                    s = ms;
                }
            }
        }
        // `2.1 \times 10^{5}`: the mantissa before `\times 10^`.
        let mut p = s;
        let braced = p > from && b[p - 1] == b'{';
        if braced {
            p -= 1;
        }
        let before = &self.text[from..p];
        if let Some(r) = before.strip_suffix("10^") {
            let r = r.trim_end();
            if let Some(r) = ["\\times", "\\cdot", "×", "*", "x"]
                .iter()
                .find_map(|op| r.strip_suffix(op))
            {
                let m_end = from + r.trim_end().len();
                if let Some((ms, me)) = self.last_number(from, m_end) {
                    if me == m_end {
                        s = ms;
                        if braced && b.get(e) == Some(&b'}') {
                            e += 1;
                        }
                    }
                }
            }
        }
        // A unit or a degree sign after the number.
        let rest = &self.text[e..to];
        let gap = rest.len() - rest.trim_start_matches([' ', '~']).len();
        let rest = &rest[gap..];
        let rest_g = rest.trim_start_matches("\\,").trim_start_matches("\\ ");
        let g2 = rest.len() - rest_g.len();
        for deg in ["^\\circ", "^{\\circ}", "°"] {
            if rest.starts_with(deg) {
                return Some((s, e + gap + deg.len()));
            }
        }
        for cmd in ["\\text{", "\\mathrm{", "\\textnormal{", "\\mbox{"] {
            if let Some(inner) = rest_g.strip_prefix(cmd) {
                if let Some(c) = inner.find('}') {
                    let w = inner[..c].trim();
                    if !w.is_empty()
                        && w.len() <= 24
                        && w.bytes()
                            .all(|c| c.is_ascii_alphabetic() || matches!(c, b' ' | b'/'))
                    {
                        return Some((s, e + gap + g2 + cmd.len() + c + 1));
                    }
                }
            }
        }
        let n = rest.bytes().take_while(u8::is_ascii_alphabetic).count();
        if n >= 2
            && is_unit_word(&rest[..n])
            && rest
                .as_bytes()
                .get(n)
                .is_none_or(|c| !c.is_ascii_alphanumeric())
        {
            return Some((s, e + gap + n));
        }
        Some((s, e))
    }
}

/// A choice letter `A`–`J` written alone as a whole answer (`C`, `(C)`,
/// `\text{(C)}`, `**C**`, `C.`), if it is one (MX-16).
///
/// ```
/// use scorespec::score::math::extract::choice_letter;
/// assert_eq!(choice_letter(r"$\text{(B)}$"), Some('B'));
/// assert_eq!(choice_letter("x"), None);
/// ```
pub fn choice_letter(text: &str) -> Option<char> {
    let (letter, rest) = choice_at_start(text)?;
    rest.trim_matches(|c: char| c.is_whitespace() || matches!(c, '.' | '$' | '*' | '}'))
        .is_empty()
        .then_some(letter)
}

/// A choice letter at the start of `text` (after `$`, `**`, `\text{`,
/// "option", "choice", `(`), and the text after it.
fn choice_at_start(text: &str) -> Option<(char, &str)> {
    let mut t = text.trim_start();
    loop {
        let before = t;
        for p in [
            "$",
            "**",
            "\\text{",
            "\\textbf{",
            "\\mathrm{",
            "\\mathbf{",
            "{",
        ] {
            t = t.strip_prefix(p).unwrap_or(t).trim_start();
        }
        for w in ["option", "Option", "choice", "Choice"] {
            if let Some(r) = t.strip_prefix(w) {
                if r.starts_with([' ', ':']) {
                    t = r.trim_start_matches([' ', ':']);
                }
            }
        }
        if t == before {
            break;
        }
    }
    let paren = t.starts_with('(');
    let t = if paren { &t[1..] } else { t };
    let mut chars = t.chars();
    let c = chars.next()?;
    if !('A'..='J').contains(&c) {
        return None;
    }
    let rest = chars.as_str();
    let ok = if paren {
        rest.starts_with(')')
    } else {
        rest.is_empty() || rest.starts_with([')', '.', ':', '*', '$', '}', ' ', ','])
    };
    ok.then(|| (c, rest.strip_prefix(')').unwrap_or(rest)))
}

/// The choice a response makes (MX-16): the letter its answer starts with
/// (`(B) 12`, `**B**`, `option D`), else the last `(X)` or bold `**X**`
/// of its last line.
pub fn response_choice(response: &str, found: Option<&Located>) -> Option<Located> {
    if let Some(f) = found {
        if let Some((c, _)) = choice_at_start(&f.answer) {
            return Some(Located {
                answer: c.to_string(),
                span: f.span,
                how: "choice",
            });
        }
    }
    let body = strip_think(response);
    let base = body.as_ptr() as usize - response.as_ptr() as usize;
    let t = body.trim_end();
    let line_start = t.rfind('\n').map_or(0, |k| k + 1);
    let line = &t[line_start..];
    let lb = line.as_bytes();
    (0..lb.len()).rev().find_map(|i| {
        let hit = (lb[i] == b'(' && lb.get(i + 2) == Some(&b')'))
            || (lb[i..].starts_with(b"**") && lb.get(i + 3..i + 5) == Some(b"**"));
        let k = if lb[i] == b'(' { i + 1 } else { i + 2 };
        let c = *lb.get(k)? as char;
        (hit && ('A'..='J').contains(&c)).then(|| Located {
            answer: c.to_string(),
            span: (base + line_start + k, base + line_start + k + 1),
            how: "choice",
        })
    })
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

/// Trailing `.` and `,` (and spaces) removed, not a decimal point's digits.
fn trim_end_punct(text: &str, (s, mut e): (usize, usize)) -> (usize, usize) {
    let b = text.as_bytes();
    while e > s && (matches!(b[e - 1], b'.' | b',') || b[e - 1].is_ascii_whitespace()) {
        e -= 1;
    }
    if e == s { (s, s) } else { (s, e) }
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

#[cfg(test)]
mod production_tests {
    use super::*;

    fn answer(r: &str) -> Result<String, NoAnswerReason> {
        locate_default(r, false).map(|x| {
            assert_eq!(&r[x.span.0..x.span.1], x.answer, "the span is the answer");
            x.answer
        })
    }

    #[test]
    fn unclosed_delimiters_are_cut_off_and_linear() {
        let r = "\\( \\[ ".repeat(20_000) + "so 17";
        assert!(answer(&r).unwrap_err().starts_with("cut off"));
        let r = "\\( \\[ ".repeat(20_000) + "\\) \\] so 17.";
        assert_eq!(answer(&r).as_deref(), Ok("17"));
    }

    #[test]
    fn long_traces_search_from_the_end() {
        // A box far before a phrase in the tail still wins (MX-10).
        let mut r = String::from("So $\\boxed{12}$.\n");
        while r.len() < 40_000 {
            r.push_str("We check the case again and it holds.\n");
        }
        r.push_str("The answer is correct.");
        assert_eq!(answer(&r).as_deref(), Ok("12"));
        // A phrase in the tail with no box before it.
        let mut r = String::new();
        while r.len() < 40_000 {
            r.push_str("We check the case $n = 3$ again.\n");
        }
        r.push_str("The answer is 7.");
        assert_eq!(answer(&r).as_deref(), Ok("7"));
    }

    #[test]
    fn multibyte_text_is_safe() {
        assert_eq!(answer("∞∞ we get 3 ∞.").as_deref(), Ok("3"));
        assert_eq!(answer("∞∞ 3 ∞").as_deref(), Ok("∞∞ 3 ∞"));
        assert_eq!(answer("所以答案为：５。").as_deref(), Ok("５"));
    }
}
