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
//! Every step is linear in the length of the response: brace queries scan
//! until they have read as many bytes as the text holds, then use one
//! precomputed table; the box commands, "therefore" and the anchors of
//! every answer phrase are found in one pass (`anchors`); at most
//! [`MAX_CANDIDATES`] phrase occurrences are tried and each capture reads at
//! most [`MAX_ANSWER_BYTES`]; scans that care about a few bytes (`\`, `$`)
//! read them from masks of 64-byte blocks, not byte by byte.
//!
//! This file holds the public API, document 004's order of the rules
//! (`locate`) and the document (`Doc`: the read part of the text, its
//! brace and word tables); one module per seam does the rest: `anchors`
//! (the words of the explicit search, one pass), `boxes` (MX-4), `phrases`
//! (MX-5, MX-11), `formulas` (MX-6, MX-9, MX-13), `numbers` (MX-6, MX-14),
//! `production` (the production order, MX-10), `bare` (MX-12), `truncation`
//! (MX-15) and `choice` (MX-16).
//!
//! # Differences with the document
//!
//! Compared with symeval (spec/math.md, "Deviations from the original",
//! D-MX1…D-MX6): the whole response is searched when the text after the last
//! "therefore" has no answer; only the `\boxed` command counts, not the word;
//! no boolean is read from prose; the later of the last formula and the last
//! number wins when not strict; a "final answer" phrase after the last box wins;
//! boxes side by side are one list answer.

use crate::text::{find_byte, find_str, find_where, is_ws_byte, rfind_byte};
use serde::Serialize;

use super::normalize::normalize;
use crate::text::brackets::{self, Escapes, Pairs};
use anchors::{Anchors, Needle};

// One module per seam: boxes, answer statements, formulas, numbers; the
// production order and its three parts (bare answers, cut-off responses,
// choice letters).
mod alternatives;
mod anchors;
mod asides;
mod bare;
mod boxes;
mod choice;
mod conditions;
mod formulas;
mod heads;
mod lexicon;
mod negations;
mod numbers;
mod phrase_table;
mod phrases;
mod production;
mod reasons;
mod retractions;
mod solutions;
mod spelled;
mod statements;
mod tags;
mod truncation;
mod verdicts;

pub use asides::MAX_ASIDE_BYTES;
pub(crate) use bare::plain_bare_answer;
pub use bare::{MAX_BARE_BYTES, bare_answer};
pub use boxes::{MAX_BOX_COMMANDS, MAX_LIST_BOXES};
pub use choice::{
    CHOICE_WINDOW, MAX_CHOICE_LETTERS, choice_letter, choice_letters, response_choice,
};
pub(crate) use choice::{
    chosen_letters, labelled_value, response_choice_kept, response_letters_kept,
};
pub use numbers::MAX_NUMBER_BYTES;
pub(crate) use production::locate_default_kept;
pub use production::{
    NO_FORMULA_OR_NUMBER, NUMBER_TOO_LONG, NoAnswerReason, TAIL_BYTES, locate_default,
};
pub use solutions::MAX_LISTED_SOLUTIONS;

/// Only the last this many bytes of a response are read (MX-1): the
/// answer of a math response is at its end.
pub const MAX_RESPONSE_BYTES: usize = 1 << 20;

/// An answer read after (or before) a phrase is at most this long (MX-5).
pub const MAX_ANSWER_BYTES: usize = 8 * 1024;

/// At most this many phrase occurrences, the last ones, are tried (MX-5).
pub const MAX_CANDIDATES: usize = 16;

/// The production search (MX-10) reads at most this many occurrences of
/// one of the answer phrases' words (`answer`, `答案`, `所以`, …), the last
/// ones, in a window for its phrases: a window with more of them and no
/// explicit answer after them is no answer ([`CROWDED`]). `answer `
/// repeated over 100 KiB read every one back, about 240 instructions each.
pub const MAX_ANCHOR_HITS: usize = 1024;

/// Why a response is no answer when its answer phrases' words are read
/// [`MAX_ANCHOR_HITS`] times back from its end without an explicit answer
/// (MX-10): not the fallback's last number (`The answer is 7. answer
/// answer … 5` is not 5).
pub const CROWDED: &str = "an answer word repeats more than 1024 times after the last answer";

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
    for name in [Needle::Boxed, Needle::Fbox] {
        for at in doc.find_all(name, 0, text.len()) {
            if let Some((span, reach)) =
                doc.box_content(at, name.len(), text.len(), &mut text.len())
            {
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
    let (mut start, end) = tags::think_stripped(response);
    if end - start > MAX_RESPONSE_BYTES {
        start = end - MAX_RESPONSE_BYTES;
        while !response.is_char_boundary(start) {
            start += 1;
        }
    }
    // Without a box command and without the words of a phrase ("answer",
    // "####") there is no explicit answer: a strict search ends here (most
    // gold answers are bare: `\frac{1}{2}`).
    let doc = Doc::new(response, start, end);
    let explicit_possible = doc.explicit_possible();
    if strict && !explicit_possible {
        return None;
    }
    // MX-3: the text after the last "therefore" first, then everything.
    let therefore = doc.last_word(start, Needle::Therefore);
    let scopes = || [therefore, Some(start)].into_iter().flatten();
    // MX-4, MX-5: explicit answers, in each scope; MX-6: then the last
    // formula or number, in each scope (an explicit answer anywhere beats it).
    let explicit =
        scopes()
            .filter(|_| explicit_possible)
            .find_map(|from| match doc.boxed(from, end) {
                // MX-5: a "final answer" phrase after the last box is the answer
                // (`… \boxed{255} … Final Answer: The final answer is $10,455$.`).
                Some(b) => doc.final_answer_after(b.reach, end).or(Some(b)),
                None => doc.phrase(from, end),
            });
    match explicit {
        Some(found) => Some(found),
        None if !strict && formulas_only => scopes().find_map(|from| {
            doc.last_formula(from, end, true).map(|f| Found {
                span: f,
                how: "last_formula",
                reach: f.1,
            })
        }),
        None if !strict => scopes().find_map(|from| doc.last_formula_or_number(from, end)),
        None => None,
    }
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

/// The read part of a response with its brace table and the table of the
/// explicit search's words, each built on first use.
struct Doc<'a> {
    text: &'a str,
    /// For a `{` at byte `i` (relative to `base`), its matching `}`; and
    /// for a `}`, its `{` (u32: the read part is at most 1 MiB).
    /// Built only when the brace queries have scanned as many bytes as the
    /// read part holds (most responses never build it).
    braces: std::cell::OnceCell<Pairs>,
    /// How many bytes the brace queries may still scan before the table is
    /// built: scanning and the table together read the text at most twice,
    /// however many queries (many unclosed boxes) there are.
    scan_budget: std::cell::Cell<usize>,
    /// Every occurrence of the explicit search's words (one pass, built on
    /// first use).
    anchors: std::cell::OnceCell<Anchors>,
    /// The last answer phrases (MX-5, MX-11) of `text[lo..end]`, the last
    /// first, as `(lo, list)`: the last search's, which a search of a larger
    /// range extends (the scopes of the search, the windows of the
    /// production search).
    phrases: std::cell::Cell<Option<(usize, Vec<phrases::Candidate>)>>,
    /// The last box search that found no box, as `(from, to, first, read)`:
    /// its range, the first box command it read and how many it read (all
    /// empty or unclosed): a search of a range that holds it reads only the
    /// commands before `first` (the windows of the production search, the
    /// scopes of the search).
    boxless: std::cell::Cell<Option<(usize, usize, usize, usize)>>,
    /// Whether a search of answer phrases stopped at [`MAX_ANCHOR_HITS`]
    /// occurrences of a word (the production search only).
    crowded: std::cell::Cell<bool>,
    /// The read part is `text[base..end]`.
    base: usize,
    end: usize,
    /// The production search (MX-10): more phrases (Chinese, headings),
    /// the statement's answer cut at its first connective.
    production: bool,
}

impl<'a> Doc<'a> {
    fn new(text: &'a str, start: usize, end: usize) -> Doc<'a> {
        Doc {
            text,
            braces: std::cell::OnceCell::new(),
            scan_budget: std::cell::Cell::new(end - start),
            anchors: std::cell::OnceCell::new(),
            phrases: std::cell::Cell::new(None),
            boxless: std::cell::Cell::new(None),
            crowded: std::cell::Cell::new(false),
            base: start,
            end,
            production: false,
        }
    }

    /// The brace pairs of the document (a backslash escapes the next byte),
    /// relative to `base`.
    fn braces(&self) -> &Pairs {
        self.scan_budget.set(0);
        self.braces.get_or_init(|| {
            Pairs::scan(
                &self.text.as_bytes()[self.base..self.end],
                b'{',
                b'}',
                Escapes::Backslash,
            )
        })
    }

    /// Takes `n` bytes from the scan budget.
    fn spend(&self, n: usize) {
        self.scan_budget
            .set(self.scan_budget.get().saturating_sub(n));
    }

    /// Whether the read part holds a word of an explicit answer: a box
    /// command, "answer" or `####` (ASCII case ignored). Without one, no
    /// box or phrase can be found.
    fn explicit_possible(&self) -> bool {
        let words = [Needle::Boxed, Needle::Fbox, Needle::Answer, Needle::Hashes];
        // (A text without their bytes needs no table: a text of Chinese.)
        anchors::may_occur(&self.bytes()[self.base..self.end], words)
            && words
                .into_iter()
                .any(|n| self.find_all(n, self.base, self.end).next().is_some())
    }

    /// `text[from..to]` in ASCII lowercase (a short range: a phrase's
    /// capture, at most [`MAX_ANSWER_BYTES`]).
    fn lower(&self, from: usize, to: usize) -> String {
        self.text[from..to].to_ascii_lowercase()
    }
}

/// The first position from `i` (before `limit`) of a byte that `hit`
/// accepts, or `limit`: for scans that stop at a few kinds of byte and step
/// over long runs of others, 16 bytes at a time ([`find_where`]).
#[inline(always)]
fn next_in(b: &[u8], i: usize, limit: usize, hit: impl Fn(u8) -> bool + Copy) -> usize {
    find_where(&b[i.min(limit)..limit], hit).map_or(limit, |k| i + k)
}

/// Whether `b` starts with `word` (a lowercase ASCII word), ASCII case
/// ignored: what `starts_with` answers on the lowercase text.
fn starts_with_ci(b: &[u8], word: &str) -> bool {
    // A byte loop: the words are short, and most comparisons fail early.
    b.len() >= word.len()
        && b.iter()
            .zip(word.as_bytes())
            .all(|(c, w)| c.to_ascii_lowercase() == *w)
}

/// Whether `b` starts with `lower` (lowercase ASCII), ASCII case ignored:
/// one branch-free comparison of `N` bytes (`eq_ignore_ascii_case` lowers
/// both sides byte by byte).
pub(super) fn starts_with_ci_array<const N: usize>(b: &[u8], lower: &[u8; N]) -> bool {
    b.first_chunk::<N>().is_some_and(|c| {
        c.iter().zip(lower).fold(true, |ok, (&x, &y)| {
            let fold = if y.is_ascii_lowercase() { 0x20 } else { 0 };
            ok & (x | fold == y)
        })
    })
}

impl<'a> Doc<'a> {
    fn bytes(&self) -> &'a [u8] {
        self.text.as_bytes()
    }

    /// The matching `}` of the `{` at absolute position `i`: by a forward
    /// scan while the scan budget lasts (the table's answer: a `{` after an
    /// odd run of backslashes is escaped and has no pair; from an unescaped
    /// `{` on, the scan reads escapes as the table's did), else the table.
    fn close_of(&self, i: usize) -> Option<usize> {
        self.close_before(i, self.end)
    }

    /// [`Self::close_of`] when the `}` is before `bound` (`bound ≤ end`):
    /// the scan stops there.
    fn close_before(&self, i: usize, bound: usize) -> Option<usize> {
        let rel = i.checked_sub(self.base)?;
        if let Some(t) = self.braces.get() {
            return Some(t.close_of(rel)? + self.base).filter(|&c| c < bound);
        }
        let b = &self.bytes()[..bound];
        if b.get(i) != Some(&b'{') {
            return None;
        }
        let run = b[self.base..i]
            .iter()
            .rev()
            .take_while(|&&c| c == b'\\')
            .count();
        if run % 2 == 1 {
            return None;
        }
        let limit = bound.min(i.saturating_add(self.scan_budget.get()));
        match brackets::closing(&b[..limit], i, Escapes::Backslash) {
            Some(c) => {
                self.spend(c + 1 - i + run);
                Some(c)
            }
            None if limit == bound => {
                self.spend(limit - i + run);
                None
            }
            None => Some(self.braces().close_of(rel)? + self.base).filter(|&c| c < bound),
        }
    }

    /// The matching `{` of the `}` at absolute position `i`: by a backward
    /// scan while the scan budget lasts, else the table.
    fn open_of(&self, i: usize) -> Option<usize> {
        let rel = i.checked_sub(self.base)?;
        if let Some(t) = self.braces.get() {
            return Some(t.open_of(rel)? + self.base);
        }
        if self.bytes()[..self.end].get(i) != Some(&b'}') {
            return None;
        }
        let floor = self.base.max(i.saturating_sub(self.scan_budget.get()));
        match brackets::opening_escaped(&self.bytes()[..self.end], self.base, floor, i) {
            Some(found) => {
                self.spend(i - found.unwrap_or(floor));
                found
            }
            None => Some(self.braces().open_of(rel)? + self.base),
        }
    }

    /// Absolute positions of `needle` in `[from, to)` (ASCII case
    /// ignored), as `str::match_indices` finds them in the lowercase text.
    fn find_all(&self, needle: Needle, from: usize, to: usize) -> impl Iterator<Item = usize> + '_ {
        self.anchors().find(needle, from, to)
    }

    /// The table of the explicit search's words in the read part (built on
    /// first use).
    fn anchors(&self) -> &Anchors {
        self.anchors
            .get_or_init(|| Anchors::scan(&self.bytes()[self.base..self.end], self.base))
    }

    /// The position after the last whole word `word` from `from` on.
    fn last_word(&self, from: usize, word: Needle) -> Option<usize> {
        let b = self.bytes();
        let end = self.end;
        let len = word.len();
        // (A range without the word's key byte needs no table, when it is
        // not built yet: a text of Chinese.)
        let range = b.get(from.max(self.base)..end).unwrap_or_default();
        if self.anchors.get().is_none() && !anchors::may_occur(range, [word]) {
            return None;
        }
        self.anchors()
            .find_rev(word, from..end)
            .find(|&i| {
                let j = i + len;
                (i == 0 || !b[i - 1].is_ascii_alphabetic())
                    && b.get(j).is_none_or(|c| !c.is_ascii_alphabetic())
            })
            .map(|i| i + len)
    }
}

/// Whether the letter at `v` of `b[from..]` starts a word of its own: not
/// the end of a word or a command, nor a subscript or a power (MX-13,
/// MX-18: the variable of `v = value`).
fn alone_before(b: &[u8], from: usize, v: usize) -> bool {
    v == from || !(b[v - 1].is_ascii_alphanumeric() || matches!(b[v - 1], b'\\' | b'_' | b'^'))
}

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

/// Whether the 16 bytes at `k` of `b` are all [`is_ws_byte`] (a branch-free
/// fold the compiler turns into vector compares; reading the flags as one
/// 16-byte word instead measured four times slower on 100 KiB of line
/// breaks).
fn ws_block(b: &[u8], k: usize) -> bool {
    b[k..k + 16]
        .iter()
        .fold(0u8, |m, &c| m | u8::from(!is_ws_byte(c)))
        == 0
}

/// `s.trim_end()`, reading ASCII whitespace 16 bytes at a time (a text of
/// 100 KiB of spaces or line breaks costs a fraction of `str::trim_end`'s
/// character loop).
fn trim_end_ws(s: &str) -> &str {
    let b = s.as_bytes();
    let mut k = b.len();
    while k >= 16 && ws_block(b, k - 16) {
        k -= 16;
    }
    while k > 0 && is_ws_byte(b[k - 1]) {
        k -= 1;
    }
    // (What is left ends on a non-space: `trim_end` reads at most the
    // Unicode spaces before it.)
    s[..k].trim_end()
}

/// The next byte that is one of a few targets, for a scan that asks again
/// and again, forward (`$x$ ` repeated asks once every two bytes; a
/// display's closer is the next `\\` before a `]`): the positions of the
/// targets are marked 64
/// bytes at a time in a mask (a branch-free loop), and each question is
/// answered from it by a shift and a count of trailing zeros.
struct Skipper<'a, const N: usize> {
    b: &'a [u8],
    targets: [u8; N],
    /// The block's first byte (`usize::MAX - 64` before the first
    /// question: no position is in that block).
    base: usize,
    /// Bit `k`: `b[base + k]` is a target.
    mask: u64,
}

impl<'a, const N: usize> Skipper<'a, N> {
    fn new(b: &'a [u8], targets: [u8; N]) -> Self {
        Skipper {
            b,
            targets,
            base: usize::MAX - 64,
            mask: 0,
        }
    }

    /// The first position `k ≥ i` whose byte is a target (`b.len()` when
    /// no target follows): inside the current block, a shift and a count
    /// of trailing zeros (dense hits, `\\…`, `$$$$…`, cost a few
    /// instructions each); else the next blocks' masks.
    #[inline(always)]
    fn next(&mut self, i: usize) -> usize {
        // (Before the block, the difference wraps around to a huge offset.)
        let off = i.wrapping_sub(self.base);
        if off < 64 {
            let m = self.mask >> off;
            if m != 0 {
                return i + m.trailing_zeros() as usize;
            }
            return self.next_block(self.base + 64);
        }
        self.next_block(i)
    }

    /// [`Self::next`] from the block starting at `i`.
    #[inline(always)]
    fn next_block(&mut self, mut i: usize) -> usize {
        loop {
            if i >= self.b.len() {
                return self.b.len();
            }
            self.base = i;
            self.mask = self.block(i);
            if self.mask != 0 {
                return i + self.mask.trailing_zeros() as usize;
            }
            i += 64;
        }
    }

    /// The mask of the 64 bytes at `at` (zero bytes past the end: no
    /// target is 0). Inlined: a call costs as much as a block without a
    /// target.
    #[inline(always)]
    fn block(&self, at: usize) -> u64 {
        // (Zeroed only for the last block: a copy per block costs as much
        // as its test.)
        let mut padded;
        let w = match self.b[at..].first_chunk::<64>() {
            Some(w) => w,
            None => {
                let n = self.b.len() - at;
                padded = [0u8; 64];
                padded[..n].copy_from_slice(&self.b[at..]);
                &padded
            }
        };
        let mut f = [0u8; 64];
        for (x, &c) in f.iter_mut().zip(w) {
            *x = u8::from(self.targets.iter().fold(false, |a, &t| a | (c == t)));
        }
        pack_flags(&f)
    }
}

/// The block memos of the word table and the tag pass (8 slots, a block
/// at slot `index % 8` by its index of 64 bytes): the slot of the block
/// 1, 3, 5 or 7 blocks before the one at `index` that `like(slot, back)`
/// accepts, `hint` (the distance found last, set to the one found) tried
/// first. A unit repeated whose length divides 64, 192, 320 or 448 bytes
/// repeats its blocks at one of those distances.
#[inline(always)]
pub(super) fn recall_back<T: Copy>(
    memo: &[T; 8],
    index: usize,
    hint: &mut usize,
    like: impl Fn(T, usize) -> bool,
) -> Option<T> {
    let back = [*hint, 1, 3, 5, 7]
        .into_iter()
        .find(|&back| like(memo[index.wrapping_sub(back) % 8], back))?;
    *hint = back;
    Some(memo[index.wrapping_sub(back) % 8])
}

/// Whether mask `m` has at least `N` bits set (`N ≥ 1`): each of `N − 1`
/// steps clears its lowest bit, and a bit is left when there were `N`.
/// The dense-block tests of the word table (4) and the tag pass (5).
#[inline(always)]
pub(super) fn at_least_bits<const N: u32>(mut m: u64) -> bool {
    for _ in 1..N {
        m &= m.wrapping_sub(1);
    }
    m != 0
}

/// 64 flag bytes (0 or 1) as the bits of a mask (bit `k`: flag `k`).
#[inline(always)]
pub(super) fn pack_flags(f: &[u8; 64]) -> u64 {
    let words = flag_words(f);
    if words.iter().fold(0, |m, &x| m | x) == 0 {
        return 0;
    }
    pack_words(&words)
}

/// Eight flag words as the bits of a mask (bit `k`: flag byte `k`).
#[inline(always)]
fn pack_words(words: &[u64; 8]) -> u64 {
    // Eight flag bytes to eight bits: the product puts byte `k`'s bit at
    // 56 + k, and no two partial products meet.
    let mut m = 0;
    for (j, x) in words.iter().enumerate() {
        m |= (x.wrapping_mul(0x0102_0408_1020_4080) >> 56) << (8 * j);
    }
    m
}

/// The 64 flag bytes as eight words (whether any flag is set is then
/// seven `or`s, not a reduction byte by byte).
#[inline(always)]
fn flag_words(f: &[u8; 64]) -> [u64; 8] {
    let mut w = [0u64; 8];
    for (x, c) in w.iter_mut().zip(f.chunks_exact(8)) {
        // (Every chunk has its eight bytes.)
        *x = c.first_chunk::<8>().map_or(0, |c| u64::from_le_bytes(*c));
    }
    w
}

/// What [`Doc::last_formula`]'s block step needs of 64 bytes (`w`: the
/// block and the byte after it): the flags of `$` (bit 0 of each byte)
/// and of `\\` (bit 1), from one branch-free pass, as words (a block
/// without `$` costs zero tests, not the packing of a mask); whether a
/// `\\` stands before `(` or `[` (an opener of `\(…\)`, `\[…\]`) is a
/// second pass, asked only when needed.
struct BlockFlags<'a> {
    w: &'a [u8; 65],
    /// The flag bytes as eight words.
    words: [u64; 8],
    /// Their union: which flags occur.
    union: u64,
}

/// Bit 0 of every byte of a word.
const LANES: u64 = 0x0101_0101_0101_0101;

impl<'a> BlockFlags<'a> {
    fn new(w: &'a [u8; 65]) -> BlockFlags<'a> {
        let mut f = [0u8; 64];
        for (x, &c) in f.iter_mut().zip(w) {
            *x = u8::from(c == b'$') | u8::from(c == b'\\') << 1;
        }
        let words = flag_words(&f);
        let union = words.iter().fold(0, |m, &x| m | x);
        BlockFlags { w, words, union }
    }

    /// Whether the block holds a `$`.
    fn has_dollar(&self) -> bool {
        self.union & LANES != 0
    }

    /// Whether the block holds a `\\`.
    fn has_slash(&self) -> bool {
        self.union & LANES << 1 != 0
    }

    /// Whether the block is 64 `\\`.
    fn all_slashes(&self) -> bool {
        self.words.iter().all(|&x| x == LANES << 1)
    }

    /// Whether a `\\` of the block stands before `(` or `[` (the byte after
    /// the block included).
    fn has_opener(&self) -> bool {
        let mut p = [0u8; 64];
        for (x, &c) in p.iter_mut().zip(&self.w[1..]) {
            *x = u8::from((c == b'(') | (c == b'[')) << 1;
        }
        let p = flag_words(&p);
        self.words.iter().zip(p).fold(0, |m, (&x, y)| m | (x & y)) != 0
    }

    /// The mask of the `$` (bit `k`: `w[k]` is `$`).
    fn dollar_mask(&self) -> u64 {
        pack_words(&self.words.map(|x| x & LANES))
    }

    /// The mask of the `\\` (bit `k`: `w[k]` is `\\`).
    fn slash_mask(&self) -> u64 {
        pack_words(&self.words.map(|x| x >> 1 & LANES))
    }

    /// How many `\\` end the block (a run up to 64).
    fn trailing_slashes(&self) -> usize {
        let mut n = 0;
        for &x in self.words.iter().rev() {
            let off = (x & LANES << 1) ^ LANES << 1;
            if off != 0 {
                return n + (off.leading_zeros() / 8) as usize;
            }
            n += 8;
        }
        n
    }
}

/// Where the sentence holding `at` starts, back at most to `floor`: after
/// a `.`, `!` or `?` before white space (not the point of `3.5`), after a
/// line break, and with `clause` after a `;`.
///
/// The bytes are read back 16 at a time: a run of 16 without a `.`, `!`,
/// `?`, `;` or line break (most of them in prose) is passed by one test
/// without branches, not byte by byte.
fn sentence_start_back(b: &[u8], floor: usize, at: usize, clause: bool) -> usize {
    let ends = |k: usize| match b[k] {
        b'.' | b'!' | b'?' => b.get(k + 1).is_some_and(u8::is_ascii_whitespace),
        b';' => clause,
        c => c == b'\n',
    };
    let mut k = at;
    while let Some(chunk) = k
        .checked_sub(16)
        .filter(|&s| s >= floor)
        .and_then(|s| b.get(s..k))
        .and_then(<[u8]>::first_chunk::<16>)
    {
        let any = chunk.iter().fold(false, |a, &c| {
            a | (c == b'.') | (c == b'!') | (c == b'?') | (c == b';') | (c == b'\n')
        });
        if any {
            if let Some(j) = (k - 16..k).rev().find(|&j| ends(j)) {
                return j + 1;
            }
        }
        k -= 16;
    }
    (floor..k).rev().find(|&j| ends(j)).map_or(floor, |j| j + 1)
}

/// The most bytes that a reader of the fallback's value reads back for its
/// sentence ([`ValueSentence`]): MX-21's [`MAX_SIDE_BYTES`](alternatives),
/// the most of them.
pub(super) const MAX_SENTENCE_BACK: usize = 240;

/// The start of the sentence that holds the fallback's value at `at`, read
/// back once for the readers that each read it (MX-20, MX-21, MX-22): each
/// reads back its own number of bytes, at most [`MAX_SENTENCE_BACK`], and
/// MX-21 reads past a `;`; one read of the most bytes, stopping at `;`,
/// gives every reader's start ([`ValueSentence::start`]) instead of one
/// read each.
#[derive(Debug, Clone, Copy)]
pub(super) struct ValueSentence {
    /// Where the value starts.
    at: usize,
    /// Where the readers' text starts.
    from: usize,
    /// The lowest floor: [`MAX_SENTENCE_BACK`] bytes back from `at`, not
    /// before `from`.
    floor: usize,
    /// [`sentence_start_back`] from `at` to `floor`, with `;`.
    start: usize,
}

impl ValueSentence {
    /// The sentence of the value at `at` of `b[from..]`.
    pub(super) fn new(b: &[u8], from: usize, at: usize) -> ValueSentence {
        let floor = from.max(at.saturating_sub(MAX_SENTENCE_BACK));
        ValueSentence {
            at,
            from,
            floor,
            start: sentence_start_back(b, floor, at, true),
        }
    }

    /// Where the value starts.
    pub(super) fn at(&self) -> usize {
        self.at
    }

    /// Where the readers' text starts.
    pub(super) fn from(&self) -> usize {
        self.from
    }

    /// What [`sentence_start_back`] returns from the value back at most
    /// `back` bytes (at most [`MAX_SENTENCE_BACK`]), not before `from`,
    /// with `clause`: the start read with the lowest floor, raised to the
    /// reader's (no sentence end stands between the two floors that the
    /// read did not find), and without `clause` read on past a `;` that
    /// ended the read (the only end `clause` adds).
    pub(super) fn start(&self, b: &[u8], back: usize, clause: bool) -> usize {
        debug_assert!(back <= MAX_SENTENCE_BACK);
        let floor = self.from.max(self.at.saturating_sub(back));
        let s = if clause || self.start == self.floor || b[self.start - 1] != b';' {
            self.start
        } else {
            sentence_start_back(b, self.floor, self.start - 1, false)
        };
        s.max(floor)
    }
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

    /// A [`ValueSentence`]'s start for every reader's bytes back, with and
    /// without `clause`, is what [`sentence_start_back`] reads with the
    /// reader's floor: on texts of sentence ends, `;` and words, for every
    /// value position and several starts of the text.
    #[test]
    fn value_sentence_starts_are_each_readers_read() {
        let pieces = [
            "word ",
            "3.5",
            ". ",
            "!",
            "? ",
            ";",
            "; ",
            "\n",
            "é",
            "a longer run of words ",
        ];
        let mut glue = crate::text::Glue(29);
        let mut past_semicolon = 0;
        for round in 0..200u64 {
            let t = glue.text(&pieces, 10 + round % 80);
            let b = t.as_bytes();
            for at in 0..=b.len() {
                for from in [0, at / 2, at.saturating_sub(100), at] {
                    let v = ValueSentence::new(b, from, at);
                    for back in [0, 1, 16, 96, 160, 239, MAX_SENTENCE_BACK] {
                        for clause in [false, true] {
                            let floor = from.max(at.saturating_sub(back));
                            let want = sentence_start_back(b, floor, at, clause);
                            assert_eq!(v.start(b, back, clause), want, "{t:?} {at} {back}");
                        }
                        let with =
                            sentence_start_back(b, from.max(at.saturating_sub(back)), at, true);
                        past_semicolon += usize::from(with > 0 && b[with - 1] == b';');
                    }
                }
            }
        }
        assert!(past_semicolon > 1000, "{past_semicolon}");
    }

    /// The sentence start read back 16 bytes at a time is the one a byte
    /// loop finds, for every `at` and several floors, with and without
    /// `clause` (ends and near-ends next to every chunk boundary).
    #[test]
    fn sentence_start_back_is_a_byte_loop() {
        fn naive(b: &[u8], floor: usize, at: usize, clause: bool) -> usize {
            (floor..at)
                .rev()
                .find(|&k| match b[k] {
                    b'.' | b'!' | b'?' => b.get(k + 1).is_some_and(u8::is_ascii_whitespace),
                    b';' => clause,
                    c => c == b'\n',
                })
                .map_or(floor, |k| k + 1)
        }
        let pieces = [
            "word ",
            "3.5",
            ". ",
            ".",
            "!",
            "? ",
            ";",
            "\n",
            "é",
            "abcdefghijklmnop",
            " ",
        ];
        let mut glue = crate::text::Glue(17);
        let mut seen = 0;
        for round in 0..300u64 {
            let t = glue.text(&pieces, 20 + round % 40);
            let b = t.as_bytes();
            for at in 0..=b.len() {
                for floor in [0, at / 3, at.saturating_sub(17), at] {
                    for clause in [false, true] {
                        let want = naive(b, floor, at, clause);
                        assert_eq!(
                            sentence_start_back(b, floor, at, clause),
                            want,
                            "{t:?} {at}"
                        );
                        seen += usize::from(want > floor);
                    }
                }
            }
        }
        assert!(seen > 10_000, "{seen}");
    }

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

    /// The brace queries answer as the table does, by scanning or from the
    /// table once the scan budget is spent.
    #[test]
    fn brace_queries_are_the_tables_answers() {
        let pieces = [
            "{", "}", "\\", "\\{", "\\}", "x", "é", "(", ")", "[", "]", "\\\\",
        ];
        let mut glue = crate::text::Glue(3);
        for _ in 0..2000 {
            let s = glue.text(&pieces, 2);
            let base = (glue.0 >> 40) as usize % 3;
            let base = (base..=s.len())
                .find(|&k| s.is_char_boundary(k))
                .unwrap_or(s.len());
            let table = Doc::new(&s, base, s.len());
            let _ = table.braces();
            for budget in [0, 1, 3, s.len()] {
                let doc = Doc::new(&s, base, s.len());
                doc.scan_budget.set(budget);
                for i in 0..s.len() + 1 {
                    assert_eq!(doc.close_of(i), table.close_of(i), "{s:?} {base} {i}");
                    assert_eq!(doc.open_of(i), table.open_of(i), "{s:?} {base} {i}");
                }
            }
        }
    }

    /// A `{` before an unescaped `{` that does not close before `to`
    /// closes before it or not before `to`: the search for its `}`
    /// bounded there (`close_before`, as the box search reads boxes from
    /// the last back) answers what the unbounded one answers, whatever the
    /// scan budget.
    #[test]
    fn a_brace_before_an_unclosed_one_closes_before_it() {
        let pieces = [
            "{", "}", "\\", "\\{", "\\}", "x", "é", "\\\\", "\\boxed{", " ",
        ];
        let mut glue = crate::text::Glue(31);
        let mut bounded = 0;
        for _ in 0..1500 {
            let s = glue.text(&pieces, 3);
            let b = s.as_bytes();
            let table = Doc::new(&s, 0, s.len());
            let unescaped = |q: usize| {
                b[q] == b'{' && b[..q].iter().rev().take_while(|&&c| c == b'\\').count() % 2 == 0
            };
            for to in [s.len(), s.len() * 2 / 3] {
                for q in (0..to).filter(|&q| unescaped(q)) {
                    if table.close_of(q).is_some_and(|c| c < to) {
                        continue;
                    }
                    for p in (0..q).filter(|&p| b[p] == b'{') {
                        let want = table.close_of(p).filter(|&c| c < to);
                        for budget in [0, 2, s.len()] {
                            let doc = Doc::new(&s, 0, s.len());
                            doc.scan_budget.set(budget);
                            assert_eq!(doc.close_before(p, q), want, "{s:?} {p} {q} {to}");
                        }
                        bounded += 1;
                    }
                }
            }
        }
        assert!(bounded > 5000, "{bounded}");
    }

    /// The fast trim is `str::trim_end`: ASCII and Unicode spaces (the
    /// vertical tab, U+3000, U+00A0) after text, across 16-byte blocks.
    #[test]
    fn fast_trim_is_trim_end() {
        let pieces = [
            " ", "\n", "\t", "\r", "\u{b}", "\u{c}", "\u{3000}", "\u{a0}", "x", "é", "  ", "\u{1}",
        ];
        let mut glue = crate::text::Glue(29);
        for _ in 0..3000 {
            let s = glue.text(&pieces, 4);
            assert_eq!(trim_end_ws(&s), s.trim_end(), "{s:?}");
        }
        let spaces = " ".repeat(100_000);
        assert_eq!(trim_end_ws(&spaces), "");
        let s = format!("{spaces}\u{3000}x\u{3000}{spaces}");
        assert_eq!(trim_end_ws(&s), format!("{spaces}\u{3000}x"));
    }

    /// The flag bytes of test round `round`: one flag in `1 + round % 9`
    /// (every density), or in the first 64 rounds bit `round` alone.
    fn flags(glue: &mut crate::text::Glue, round: usize) -> [u8; 64] {
        let mut f = [0u8; 64];
        if round < 64 {
            f[round] = 1;
            return f;
        }
        for x in f.iter_mut() {
            *x = u8::from((glue.next() >> 33) as usize % (1 + round % 9) == 0);
        }
        f
    }

    /// `pack_flags` is the mask a bit loop builds (flag words of every
    /// density, each bit alone, none).
    #[test]
    fn pack_flags_is_a_bit_loop() {
        let mut glue = crate::text::Glue(43);
        for round in 0..2000usize {
            let f = flags(&mut glue, round);
            let want = (0..64).fold(0u64, |m, k| m | u64::from(f[k]) << k);
            assert_eq!(pack_flags(&f), want, "{f:?}");
        }
        assert_eq!(pack_flags(&[0; 64]), 0);
        assert_eq!(pack_flags(&[1; 64]), u64::MAX);
    }

    /// The skipper answers what a byte loop answers, for questions asked
    /// forward with gaps of every size (across and inside its blocks; bytes
    /// next to a target, 0 and bytes ≥ 0x80).
    #[test]
    fn skipper_is_a_byte_loop() {
        let pieces = [
            "\\",
            "$",
            "x",
            "é",
            "$$",
            "abcdefghijklmnopqrstuvwxyz0123456789",
            "\u{0}",
        ];
        let mut glue = crate::text::Glue(31);
        for _ in 0..1500 {
            let s = glue.text(&pieces, 6);
            let b = s.as_bytes();
            let mut sk = Skipper::new(b, [b'\\', b'$']);
            let (mut i, mut gap) = (0, 0);
            while i <= b.len() + 1 {
                let naive = (i..b.len())
                    .find(|&k| matches!(b[k], b'\\' | b'$'))
                    .unwrap_or(b.len());
                assert_eq!(sk.next(i), naive, "{s:?} {i}");
                gap = (gap * 7 + 3) % 71;
                i += 1 + gap;
            }
        }
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
