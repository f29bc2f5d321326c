//! Answer statements (MX-5, MX-11): the English phrases of document 004
//! ("the answer is", "Answer:", "… is our answer", `####`), the production
//! search's headings and Chinese statements, and what each captures: a math
//! span, a list of them, or the rest of the sentence cut at its first
//! connective word.
//!
//! All phrases are found in one pass over the range (see
//! [`Doc::phrase`](super::Doc)): at most [`MAX_CANDIDATES`](super::MAX_CANDIDATES)
//! occurrences, the last ones, are tried.
//!
//! # Differences with the document
//!
//! The document reads only the text after the last "therefore"; here the
//! whole response is searched when that text has no answer (D-MX1), and no
//! boolean is read from prose (D-MX3).

use super::asides::opens_with_word;
use super::{
    Doc, Found, MAX_ANSWER_BYTES, MAX_CANDIDATES, Needle, nonempty, skip_ws, starts_with_ci,
    strip_dollars, trim, trim_end_periods,
};

/// Full-width punctuation and the `<eoa>` marker that end a Chinese
/// statement (MX-11).
pub(super) const ZH_STOPS: &[&str] = &["。", "，", "；", "！", "？", "<eoa>", "\n"];

/// Words that end the answer of a statement (`the answer is 12 because …`,
/// MX-11).
pub(super) const CUT_WORDS: &[&str] = &[
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

/// Words that open a remark in parentheses after a statement's value, besides
/// [`CUT_WORDS`] (`0.35 (i.e. 35%)`, `12.35 (rounded)`, MX-11).
pub(super) const ASIDE_WORDS: &[&str] = &[
    "i",
    "e",
    "note",
    "rounded",
    "approximately",
    "about",
    "or",
    "in",
    "to",
    "this",
    "that",
    "not",
];

/// Words that start a clause before "is our answer" without being part of
/// the answer.
pub(super) const FILLERS: &[&str] = &[
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

/// Whether a captured answer is a sentence rather than an answer: it starts
/// with a word (not a number, a formula or a command) and has at least
/// three words of two or more letters outside `$…$` (MX-5).
pub(super) fn is_sentence(s: &str) -> bool {
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

/// Whether the period at `j` ends `i.e` or `e.g` (ASCII case ignored; a
/// word of its own, within `[from, j)`): an abbreviation, not the end of
/// a sentence (`The probability is one half, i.e. $\frac{1}{2}$.`, MX-11).
fn abbreviation_before(b: &[u8], from: usize, j: usize) -> bool {
    j >= from + 3
        && is_abbreviation(&b[j - 3..j])
        && (j == from + 3 || !b[j - 4].is_ascii_alphanumeric())
}

/// Whether the three bytes `w` are `i.e` or `e.g`, ASCII case ignored.
fn is_abbreviation(w: &[u8]) -> bool {
    w.eq_ignore_ascii_case(b"i.e") || w.eq_ignore_ascii_case(b"e.g")
}

/// An answer phrase: its lowercase text, the anchor it holds, whether the
/// answer follows it, and the rule it reports.
type Phrase = (&'static str, Needle, bool, &'static str);

/// A phrase found: its start, its end, whether the answer follows it, rule.
type Candidate = (usize, usize, bool, &'static str);

/// Where `anchor` starts in the phrase `p` (0 when it does not occur),
/// computed when the crate is compiled ([`ANCHORED`]).
const fn anchor_offset(p: &str, anchor: &str) -> usize {
    let (p, a) = (p.as_bytes(), anchor.as_bytes());
    let mut k = 0;
    while k + a.len() <= p.len() {
        let mut j = 0;
        while j < a.len() && p[k + j] == a[j] {
            j += 1;
        }
        if j == a.len() {
            return k;
        }
        k += 1;
    }
    0
}

/// A phrase as its anchor's occurrences are tried: the phrase, where it
/// holds its anchor, the (at most two) bytes of it just before the anchor,
/// else just after it, with their place from the anchor's start, and
/// whether it is one of the production search's (MX-11). The bytes next to
/// the anchor are compared first: they reject most occurrences (`this
/// answer does`) before the whole phrase is.
#[derive(Clone, Copy)]
struct Anchored {
    phrase: Phrase,
    offset: usize,
    near: &'static [u8],
    near_at: isize,
    more: bool,
}

/// The bytes of `p` next to its anchor (at `o`, `len` bytes long): up to
/// two before it, else up to two after it, and their place from the
/// anchor's start.
const fn near(p: &'static str, o: usize, len: usize) -> (&'static [u8], isize) {
    let b = p.as_bytes();
    if o > 0 {
        let n = if o >= 2 { 2 } else { 1 };
        let (head, _) = b.split_at(o);
        let (_, near) = head.split_at(o - n);
        return (near, -(n as isize));
    }
    let after = b.len() - len;
    let n = if after >= 2 { 2 } else { after };
    let (_, tail) = b.split_at(len);
    let (near, _) = tail.split_at(n);
    (near, len as isize)
}

/// How many phrases of [`PHRASES`] and [`MORE_PHRASES`] hold `anchor`.
const fn count(anchor: Needle) -> usize {
    let mut n = 0;
    let mut k = 0;
    while k < PHRASES.len() + MORE_PHRASES.len() {
        let p = if k < PHRASES.len() {
            PHRASES[k]
        } else {
            MORE_PHRASES[k - PHRASES.len()]
        };
        if p.1 as u8 == anchor as u8 {
            n += 1;
        }
        k += 1;
    }
    n
}

/// The phrases of [`PHRASES`] then [`MORE_PHRASES`] that hold `anchor`, as
/// they are tried (built when the crate is compiled, not on each search).
const fn anchored<const N: usize>(anchor: Needle) -> [Anchored; N] {
    let mut out = [Anchored {
        phrase: ("", Needle::Answer, false, ""),
        offset: 0,
        near: &[],
        near_at: 0,
        more: false,
    }; N];
    let (mut n, mut k) = (0, 0);
    while k < PHRASES.len() + MORE_PHRASES.len() {
        let more = k >= PHRASES.len();
        let p = if more {
            MORE_PHRASES[k - PHRASES.len()]
        } else {
            PHRASES[k]
        };
        if p.1 as u8 == anchor as u8 {
            let offset = anchor_offset(p.0, anchor.text());
            let (near, near_at) = near(p.0, offset, anchor.text().len());
            out[n] = Anchored {
                phrase: p,
                offset,
                near,
                near_at,
                more,
            };
            n += 1;
        }
        k += 1;
    }
    out
}

/// The phrases of each anchor, in the order the anchors are read.
const ANCHORED: [(Needle, &[Anchored]); 4] = [
    (Needle::Answer, &ANSWER_PHRASES),
    (Needle::Hashes, &HASHES_PHRASES),
    (Needle::AnswerZh, &ANSWER_ZH_PHRASES),
    (Needle::SoZh, &SO_ZH_PHRASES),
];

/// The phrases holding "answer".
const ANSWER_PHRASES: [Anchored; count(Needle::Answer)] = anchored(Needle::Answer);
/// The phrases holding `####`.
const HASHES_PHRASES: [Anchored; count(Needle::Hashes)] = anchored(Needle::Hashes);
/// The phrases holding 答案.
const ANSWER_ZH_PHRASES: [Anchored; count(Needle::AnswerZh)] = anchored(Needle::AnswerZh);
/// The phrases holding 所以.
const SO_ZH_PHRASES: [Anchored; count(Needle::SoZh)] = anchored(Needle::SoZh);

/// Document 004's answer phrases (MX-5).
const PHRASES: &[Phrase] = &[
    ("answer is", Needle::Answer, true, "answer_phrase"),
    ("answer:", Needle::Answer, true, "answer_phrase"),
    ("answer :", Needle::Answer, true, "answer_phrase"),
    ("is the answer", Needle::Answer, false, "answer_phrase"),
    ("is our answer", Needle::Answer, false, "answer_phrase"),
    (
        "is the final answer",
        Needle::Answer,
        false,
        "answer_phrase",
    ),
    (
        "is the correct answer",
        Needle::Answer,
        false,
        "answer_phrase",
    ),
    ("####", Needle::Hashes, true, "gsm8k_marker"),
    ("# answer", Needle::Answer, true, "answer_heading"),
];

/// MX-10: the forms models write, in the production search.
const MORE_PHRASES: &[Phrase] = &[
    ("answer：", Needle::Answer, true, "answer_phrase"),
    ("answer**:", Needle::Answer, true, "answer_phrase"),
    ("**final answer**", Needle::Answer, true, "answer_heading"),
    ("# final answer", Needle::Answer, true, "answer_heading"),
    ("【答案】", Needle::AnswerZh, true, "answer_phrase_zh"),
    ("答案是", Needle::AnswerZh, true, "answer_phrase_zh"),
    ("答案为", Needle::AnswerZh, true, "answer_phrase_zh"),
    ("答案:", Needle::AnswerZh, true, "answer_phrase_zh"),
    ("答案：", Needle::AnswerZh, true, "answer_phrase_zh"),
    ("所以", Needle::SoZh, true, "therefore_zh"),
];

impl Doc<'_> {
    /// The answer of a "final answer" phrase in `[from, to)`, if there is one.
    pub(super) fn final_answer_after(&self, from: usize, to: usize) -> Option<Found> {
        self.find_all(Needle::FinalAnswer, from, to).next()?;
        self.phrase(from, to)
    }

    /// The last [`MAX_CANDIDATES`] answer phrases in `[from, to)`: (start,
    /// end, answer follows?, rule), the last first.
    ///
    /// The occurrences of each anchor are read from the last one back, and
    /// no further once [`MAX_CANDIDATES`] phrases start after the one being
    /// read (an earlier occurrence only holds earlier phrases): the work is
    /// bounded by the phrases tried, however many come before.
    fn phrase_candidates(&self, from: usize, to: usize) -> Vec<Candidate> {
        let b = self.bytes();
        let mut candidates: Vec<Candidate> = Vec::new();
        // The occurrences of each anchor (all found in one pass, see
        // `anchors`) are read from the last, and at each one the phrases
        // that hold it are compared.
        for (anchor, mine) in ANCHORED {
            let hits = self.anchors().find_rev(anchor, from..to);
            // This anchor's candidates start here (in `candidates`).
            let first = candidates.len();
            for h in hits {
                // Enough phrases after this occurrence: it and the earlier
                // ones hold only phrases that start before them.
                if candidates[first..].iter().filter(|c| c.0 > h).count() >= MAX_CANDIDATES {
                    break;
                }
                for a in mine {
                    let (p, _, forward, how) = a.phrase;
                    if a.more && !self.production {
                        continue;
                    }
                    let Some(at) = h.checked_sub(a.offset).filter(|&at| at >= from) else {
                        continue;
                    };
                    // (The bytes next to the anchor are part of the phrase:
                    // within `[at, at + p.len())`.)
                    if at + p.len() > to
                        || !a.near.iter().enumerate().all(|(k, &w)| {
                            b[h.wrapping_add_signed(a.near_at) + k].to_ascii_lowercase() == w
                        })
                        || !starts_with_ci(&b[at..to], p)
                    {
                        continue;
                    }
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
        }
        // No two phrases start at the same byte (none is a prefix of
        // another): the order is the position's.
        candidates.sort_by_key(|c| std::cmp::Reverse(c.0));
        candidates.truncate(MAX_CANDIDATES);
        candidates
    }

    /// MX-5: the answer of the last answer phrase in `[from, to)`.
    pub(super) fn phrase(&self, from: usize, to: usize) -> Option<Found> {
        let candidates = self.phrase_candidates(from, to);
        for &(at, end, forward, how) in &candidates {
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
                    if let Some(k) = self.lower(span.0, span.1).rfind(" is ") {
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
    pub(super) fn after_phrase(&self, i: usize, to: usize) -> Option<(usize, usize)> {
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
                let mut joined = false;
                if b[k.min(limit)..limit].starts_with(b",") {
                    k = skip_ws(b, k + 1, limit);
                    joined = true;
                }
                let rest = &b[k..limit];
                if let Some(r) = ["or ", "and "].iter().find(|c| starts_with_ci(rest, c)) {
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
                && !(self.production && c == b'.' && abbreviation_before(b, i, j))
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
        if let Some(k) = self.lower(i, j).find("i hope it is correct") {
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
    pub(super) fn close_len(&self, open: usize, content: usize) -> usize {
        match &self.text[open..content] {
            "$$" => 2,
            "$" => 1,
            _ => 2,
        }
    }

    /// The answer before a phrase starting at `at`: a math span ending
    /// there, or the clause back to the previous punctuation.
    pub(super) fn before_phrase(&self, from: usize, at: usize) -> Option<(usize, usize)> {
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
            let rest = &b[s..e];
            let Some(w) = FILLERS
                .iter()
                .find(|w| starts_with_ci(rest, w) && rest[w.len()..].starts_with(b" "))
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

    /// After "所以" (MX-11): the clause up to full-width punctuation; the
    /// answer follows its last "为" or "是".
    pub(super) fn after_so_zh(&self, i: usize, to: usize) -> Option<(usize, usize)> {
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
    pub(super) fn answer_head(&self, (s, mut e): (usize, usize)) -> (usize, usize) {
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
                    let rest = &b[i + 1..e];
                    // `6 (since 2 × 3 = 6)`, `0.35 (i.e. 35%)`: a remark in
                    // parentheses after the value.
                    let (aside, rest) = match rest.strip_prefix(b"(") {
                        Some(r) => (true, r),
                        None => (false, rest),
                    };
                    let n = rest.iter().take_while(|c| c.is_ascii_alphabetic()).count();
                    let word = &rest[..n];
                    let one_of = |list: &[&str]| {
                        list.iter().any(|w| word.eq_ignore_ascii_case(w.as_bytes()))
                    };
                    // `0.35, i.e. 35%`: a restatement after the value (not
                    // after a sentence, whose formula MX-5 reads: `one half,
                    // i.e. $\frac{1}{2}$`).
                    let restated = rest.len() >= 4
                        && is_abbreviation(&rest[..3])
                        && rest[3] == b'.'
                        && !is_sentence(&self.text[s..i]);
                    // `x = 2 (double root)`: a parenthesized remark, read as
                    // MX-17 reads one (not a word alone: `5 (cm)`).
                    let remark = aside && {
                        let group = rest.iter().position(|&c| c == b')').unwrap_or(rest.len());
                        opens_with_word(&rest[..group])
                    };
                    if n > 0
                        && (one_of(CUT_WORDS) || aside && one_of(ASIDE_WORDS) || remark || restated)
                    {
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
}

#[cfg(test)]
mod offset_tests {
    use super::*;

    /// The tables built at compile time hold every phrase once, under its
    /// anchor, at the offset where `str::find` finds the anchor, with the
    /// bytes of the phrase next to it (at most two before, else after).
    #[test]
    fn anchored_tables_are_the_phrase_lists() {
        let mut seen = 0;
        for (anchor, mine) in ANCHORED {
            for a in mine {
                let (p, held, _, _) = a.phrase;
                assert_eq!(held, anchor, "{p}");
                assert_eq!(p.find(anchor.text()), Some(a.offset), "{p}");
                let at = (a.offset as isize + a.near_at) as usize;
                assert_eq!(&p.as_bytes()[at..at + a.near.len()], a.near, "{p}");
                assert!(at + a.near.len() <= a.offset || at >= a.offset + anchor.text().len());
                assert_eq!(a.near.is_empty(), p == anchor.text(), "{p}");
                let more = MORE_PHRASES.iter().any(|m| m.0 == p);
                assert_eq!(a.more, more, "{p}");
                assert!(more || PHRASES.iter().any(|m| m.0 == p), "{p}");
                seen += 1;
            }
        }
        assert_eq!(seen, PHRASES.len() + MORE_PHRASES.len());
    }
}
