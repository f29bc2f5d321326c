//! Answer statements (MX-5, MX-11): the English phrases of document 004
//! ("the answer is", "Answer:", "… is our answer", `####`), the production
//! search's headings and Chinese statements. What a statement captures (a
//! math span, a list of them, or the rest of the sentence cut at its first
//! connective word) is read in [`statements`](super::statements).
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

use super::heads::opens_math;
use super::negations::excluded;
use super::numbers::word_before_in;
use super::phrase_table::{
    ANCHORED, Anchored, MAX_PHRASE_BYTES, TRIAL_AFTER, TRIAL_BEFORE, context, trial_window,
};
use super::{
    Doc, Found, MAX_ANCHOR_HITS, MAX_CANDIDATES, Needle, sentence_start_back, starts_with_ci,
};

/// Full-width punctuation and the `<eoa>` marker that end a Chinese
/// statement (MX-11).
pub(super) const ZH_STOPS: &[&str] = &["。", "，", "；", "！", "？", "<eoa>", "\n"];

/// The verbs that check an answer already given (`Let me check the answer:
/// 12 + 8 = 20.`, `Verifying our answer: …`; ASCII case ignored;
/// [`states_nothing`]).
const CHECKING: [&str; 10] = [
    "check",
    "checking",
    "verify",
    "verifying",
    "confirm",
    "confirming",
    "double-check",
    "double-checking",
    "recheck",
    "rechecking",
];

/// The words that open a hypothesis (ASCII case ignored), and the
/// Chinese ones (如果, 假设, 假如, 若: if, suppose): an answer phrase they
/// open, with only [`SUBJECT_WORDS`] between, states nothing (`If the answer
/// is 12, then the total is 24, too big.`, `Suppose the answer is 12.`;
/// [`states_nothing`]).
const HYPOTHESES: [&str; 7] = [
    "if",
    "suppose",
    "supposing",
    "assume",
    "assuming",
    "whether",
    "unless",
];

/// The Chinese words of [`HYPOTHESES`].
const ZH_HYPOTHESES: [&str; 4] = ["如果", "假设", "假如", "若"];

/// Whether the answer phrase at `at` (not before `from`) states nothing
/// because of the words right before it, read back a word at a time (no
/// scan of the clause):
/// - a check (`forward` phrases): a verb of [`CHECKING`] and `the`, `our`
///   or `my` (`Let me check the answer: 12 + 8 = 20.`): the check's work
///   follows; MX-17 reads the check as an aside, and the answer before it;
/// - a hypothesis: words of [`SUBJECT_WORDS`] and then one of
///   [`HYPOTHESES`] (`If the answer is 12`, `Suppose that our answer is
///   12`; not `If order matters the answer is 6`, a condition on the answer
///   that MX-21 reads, nor `So if n = 3, the answer is 12`), or one of
///   [`ZH_HYPOTHESES`] right before the phrase or one or two characters
///   before it (`如果答案是12`, `如果最终答案是12`).
fn states_nothing(text: &str, from: usize, at: usize, forward: bool) -> bool {
    let b = text.as_bytes();
    // (The words are read within MAX_STATES_NOTHING_BYTES: 100 KiB of spaces
    // before `The answer is 5.` cost a pass over them per phrase.)
    let from = from.max(at.saturating_sub(MAX_STATES_NOTHING_BYTES));
    // (The length and the first letter first: most words are in no list.)
    let is = |w: &[u8], list: &[&str]| {
        list.iter().any(|x| {
            let x = x.as_bytes();
            x.len() == w.len() && x[0] == w[0] | 0x20 && w.eq_ignore_ascii_case(x)
        })
    };
    let mut k = at;
    for read in 0..=SUBJECT_WORDS.len() {
        let (w, e) = next_word_back(b, from, k);
        if w == e {
            break;
        }
        let word = &b[w..e];
        if is(word, &HYPOTHESES) {
            return true;
        }
        if !is(word, &SUBJECT_WORDS) {
            return false;
        }
        if read == 0 && forward && is(word, &["the", "our", "my"]) {
            let (v, f) = next_word_back(b, from, w);
            if is(&b[v..f], &CHECKING) {
                return true;
            }
        }
        k = w;
    }
    // (Chinese: the bytes right before the phrase are no ASCII; the word
    // ends there or one or two characters of three bytes before.)
    if k != at || !(at > from && b[at - 1] >= 0x80) {
        return false;
    }
    [0, 3, 6].iter().any(|&back| {
        at.checked_sub(back).is_some_and(|e| {
            ZH_HYPOTHESES
                .iter()
                .any(|h| e >= from + h.len() && b[e - h.len()..e] == *h.as_bytes())
        })
    })
}

/// The most bytes before an answer phrase that [`states_nothing`] reads.
pub const MAX_STATES_NOTHING_BYTES: usize = 64;

/// The words that may stand between a hypothesis and the answer phrase it
/// opens (`If the answer is`, `Suppose that our final answer is`).
const SUBJECT_WORDS: [&str; 7] = ["the", "that", "our", "my", "your", "final", "correct"];

/// The word (ASCII letters and `-`) before the spaces before `at`, not
/// before `from`: where it starts and ends.
fn next_word_back(b: &[u8], from: usize, at: usize) -> (usize, usize) {
    word_before_in(
        b,
        from,
        at,
        |c| c == b' ',
        |c| c.is_ascii_alphabetic() || c == b'-',
    )
}

/// Whether `rest`, the text after a statement's answer, opens with a
/// question mark (`?` or `？`) that ends it: the statement asks, it does
/// not state.
pub(super) fn asks(rest: &str) -> bool {
    rest.starts_with('？')
        || rest
            .strip_prefix('?')
            .is_some_and(|r| r.bytes().next().is_none_or(|c| c.is_ascii_whitespace()))
}

/// Whether `c` is a first byte of [`ZH_STOPS`] (full-width punctuation
/// starts with 0xE3 or 0xEF).
pub(super) fn zh_stop_byte(c: u8) -> bool {
    (c == b'\n') | (c == b'<') | (c >= 0xE3)
}

/// Whether a statement's sentence may end at `c` (MX-11): `\n`, `.`, `!`,
/// `?` and the first bytes of [`ZH_STOPS`].
pub(super) fn sentence_stop(c: u8) -> bool {
    (c == b'.') | (c == b'!') | (c == b'?') | zh_stop_byte(c)
}

/// Whether [`Doc::answer_head`] reads `c`: a command's backslash, braces,
/// `$` and a space.
pub(super) fn head_byte(c: u8) -> bool {
    (c == b'\\') | (c == b'{') | (c == b'}') | (c == b'$') | (c == b' ')
}

/// [`head_byte`], and in a statement holding Chinese the first bytes of
/// `(` and `（`.
pub(super) fn head_byte_zh(c: u8) -> bool {
    head_byte(c) | (c == b'(') | (c == 0xEF)
}

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
    "rather",
    "instead",
    "unless",
    "assuming",
    "provided",
    "although",
    "though",
    "whether",
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

/// The pronouns that stand for a value before "is the answer" (`6 ways,
/// which is the answer`; ASCII case ignored).
const PRONOUNS: [&str; 4] = ["which", "this", "that", "it"];

/// How far back a pronoun's [referent](Doc::referent) is read (bytes).
const MAX_REFERENT_BYTES: usize = 240;

/// Whether `s` is one of [`PRONOUNS`] alone.
fn is_pronoun(s: &str) -> bool {
    PRONOUNS.iter().any(|p| s.eq_ignore_ascii_case(p))
}

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

/// Adverbs between an answer phrase and its answer (`the answer is
/// therefore 12`, `is simply 5`), hedges (`is most likely 6`, `is probably
/// (B)`), approximations (`is approximately 6.3`, `approx. 6.3`) and the
/// relation said in words (`is equal to 6`), lowercase: no part of the
/// answer.
pub(super) const ADVERBS: &[&str] = &[
    "therefore",
    "thus",
    "hence",
    "then",
    "now",
    "simply",
    "just",
    "clearly",
    "indeed",
    "also",
    "exactly",
    "precisely",
    "obviously",
    "actually",
    "still",
    "likely",
    "most likely",
    "very likely",
    "probably",
    "most probably",
    "possibly",
    "perhaps",
    "presumably",
    "definitely",
    "certainly",
    "almost certainly",
    "surely",
    "evidently",
    "apparently",
    "essentially",
    "basically",
    "ultimately",
    "approximately",
    "approx.",
    "approx",
    "about",
    "around",
    "roughly",
    "equal to",
    "equivalent to",
];

/// The length of the word of [`ADVERBS`] that `rest` opens with, followed
/// by a space, a `:` or a `,`.
pub(super) fn adverb_at(rest: &[u8]) -> Option<usize> {
    // (Most answers open with no letter: one test, not one per word.)
    let first = rest.first()?.to_ascii_lowercase();
    if !first.is_ascii_lowercase() {
        return None;
    }
    ADVERBS
        .iter()
        .filter(|w| w.as_bytes()[0] == first)
        .find(|w| starts_with_ci(rest, w) && matches!(rest.get(w.len()), Some(b' ' | b':' | b',')))
        .map(|w| w.len() + usize::from(rest[w.len()] == b','))
}

/// Whether a captured answer is a sentence rather than an answer: it starts
/// with a word (not a number, a formula or a command) and has at least
/// three words of two or more letters outside `$…$` (MX-5).
pub(super) fn is_sentence(s: &str) -> bool {
    words_outside_math(s, false)
}

/// [`is_sentence`] in the production search: a `$` that opens no math
/// there (a price: `Maria spent $12 on fruit`, [`opens_math`]) is no
/// delimiter, so the words after it count (MX-11).
fn reads_as_sentence(s: &str) -> bool {
    words_outside_math(s, true)
}

/// [`is_sentence`], with a price's `$` read as a word's neighbour, not a
/// delimiter, when `prices`.
fn words_outside_math(s: &str, prices: bool) -> bool {
    let first = s.bytes().take_while(u8::is_ascii_alphabetic).count();
    if first < 2 {
        return false;
    }
    let count = |piece: &str| {
        piece
            .split(|c: char| !c.is_ascii_alphabetic() && c != '\\')
            .filter(|w| w.len() >= 2 && !w.starts_with('\\'))
            .count()
    };
    let b = s.as_bytes();
    let (mut words, mut in_math, mut start) = (0, false, 0);
    for (d, _) in s.match_indices('$') {
        if in_math || !prices || opens_math(b, d, b.len()) {
            if !in_math {
                words += count(&s[start..d]);
            }
            in_math = !in_math;
            start = d + 1;
        }
    }
    if !in_math {
        words += count(&s[start..]);
    }
    words >= 3
}

/// Whether `t` opens with a parenthesized group (`(…)` or `（…）`) that
/// holds a Chinese character in its first [`REMARK_BYTES`] bytes, before
/// its closing parenthesis and any other opening one: a remark, not part
/// of a value (`（x=-1舍去）`, `（单位：cm）`; MX-11). (Each look stops at the
/// next parenthesis, so the looks from the `(` of a statement read each
/// byte once: `((((…` costs a step a byte.)
pub(super) fn chinese_remark(t: &str) -> bool {
    let Some(inner) = t.strip_prefix('(').or_else(|| t.strip_prefix('（')) else {
        return false;
    };
    inner
        .char_indices()
        .take_while(|&(k, c)| k < REMARK_BYTES && !matches!(c, '(' | ')' | '（' | '）'))
        .any(|(_, c)| ('\u{4E00}'..='\u{9FFF}').contains(&c))
}

/// How far into a parenthesized group [`chinese_remark`] looks (bytes).
const REMARK_BYTES: usize = 48;

/// Whether the period at `j` ends `i.e` or `e.g` (ASCII case ignored; a
/// word of its own, within `[from, j)`): an abbreviation, not the end of
/// a sentence (`The probability is one half, i.e. $\frac{1}{2}$.`, MX-11).
pub(super) fn abbreviation_before(b: &[u8], from: usize, j: usize) -> bool {
    j >= from + 3
        && is_abbreviation(&b[j - 3..j])
        && (j == from + 3 || !b[j - 4].is_ascii_alphanumeric())
}

/// Whether the three bytes `w` are `i.e` or `e.g`, ASCII case ignored.
pub(super) fn is_abbreviation(w: &[u8]) -> bool {
    w.eq_ignore_ascii_case(b"i.e") || w.eq_ignore_ascii_case(b"e.g")
}

/// The range of a phrase search: a phrase starts in `[from, before)`
/// and ends by `to`.
#[derive(Clone, Copy)]
struct Range {
    from: usize,
    to: usize,
    before: usize,
}

/// The phrases of `mine` (of an anchor) whose near bytes
/// the occurrence at `h` holds (bit `k` of `near`: phrase `k`), that hold
/// the occurrence and lie in `range`, pushed to `candidates`. (Not
/// inlined: the loop over the occurrences, which calls it only for those
/// next to a phrase's bytes and unlike the last rejected one, keeps its
/// state in registers.)
#[inline(never)]
fn trial(
    b: &[u8],
    h: usize,
    (mine, mut near): (&[Anchored], u16),
    Range { from, to, before }: Range,
    candidates: &mut Vec<Candidate>,
) {
    while near != 0 {
        let a = &mine[near.trailing_zeros() as usize];
        near &= near - 1;
        let (p, _, forward, how) = a.phrase;
        let Some(at) = h
            .checked_sub(a.offset)
            .filter(|&at| at >= from && at < before)
        else {
            continue;
        };
        if at + p.len() > to || !starts_with_ci(&b[at..to], p) {
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

/// The document's search after it tried the occurrence at `h` (an anchor
/// `len` bytes long, in a range from `from`): `now`, `h` when its phrases
/// were all rejected by their bytes; `last`, the last one rejected before
/// it, and `earlier`, the three before that, updated. Where the span
/// below `h` that repeats with the period of one of them starts, when there
/// is one ([`periodic_floor`]).
fn periodic_run(
    b: &[u8],
    (h, len, from): (usize, usize, usize),
    (now, last): (Option<usize>, Option<usize>),
    earlier: &mut [usize; 3],
) -> Option<usize> {
    // (An occurrence not rejected by its bytes alone ends the run of
    // rejected ones that a skip stands on.)
    let older = [last.unwrap_or(usize::MAX), earlier[0], earlier[1]];
    *earlier = if now.is_some() {
        older
    } else {
        [usize::MAX; 3]
    };
    now?;
    older
        .into_iter()
        .filter(|&r| r != usize::MAX)
        .find_map(|r| periodic_floor(b, h, r, len, from))
}

/// The document's search (which reads every occurrence of an anchor, the
/// last first), at an occurrence `h` whose bytes around it are those of an
/// occurrence `r > h` rejected by its bytes: where the span in which the
/// text repeats with period `d = r - h` starts, as the least occurrence it
/// reaches, `limit` (the occurrences in `[limit, h)` are skipped), when
/// that span reaches at least 64 bytes before `h`.
///
/// Every occurrence `x` in `[limit, h)` has the bytes around it of `x + d`
/// (the span holds both), an occurrence in `(x, r)` that the search read
/// (rejected by its bytes, as every occurrence it read since `r`) or
/// skipped for the same reason: `x` holds no phrase either, by induction
/// from `h`. The span is read once, 16 bytes at a time, and never again:
/// the search goes on below it.
fn periodic_floor(b: &[u8], h: usize, r: usize, len: usize, from: usize) -> Option<usize> {
    let d = r - h;
    let start = h.checked_sub(TRIAL_BEFORE)?;
    let top = h + len + TRIAL_AFTER;
    // (The anchor's own bytes too: its case may differ.)
    if b.get(start..top)? != b.get(start + d..top + d)? {
        return None;
    }
    let word = |i: usize| {
        b.get(i..)
            .and_then(<[u8]>::first_chunk::<16>)
            .map(|w| u128::from_le_bytes(*w))
    };
    let mut lo = start;
    while lo >= from + 16 && word(lo - 16).is_some_and(|w| Some(w) == word(lo - 16 + d)) {
        lo -= 16;
    }
    while lo > from && b[lo - 1] == b[lo - 1 + d] {
        lo -= 1;
    }
    let limit = lo + TRIAL_BEFORE;
    (limit + 64 <= h).then_some(limit)
}

/// The checkpoints of the document's search in a run of occurrences next
/// to no phrase's bytes ([`QuietRun`]): every QUIET_RUN occurrences of the
/// run. A multiple of every period of up to 8 occurrences (840 = lcm(1,
/// …, 8)): a text of such a unit repeated is read for 840 occurrences or
/// 1,680, then skipped.
const QUIET_RUN: usize = 840;

/// The document's search (which reads every occurrence of an anchor, the
/// last first) in a run of occurrences next to no phrase's bytes (never
/// tried, so never rejected: `answer 1 answer 2 answer 3 ` repeated): the
/// occurrence at the run's last checkpoint (`mark`) and how many are left
/// before the next one. At a checkpoint the distance to the last is tried
/// as the period of the text below ([`periodic_floor`]): every occurrence
/// between the two was read and held no phrase, so one in the span below
/// that repeats with that period holds none either. Any other occurrence
/// ends the run.
struct QuietRun {
    mark: Option<usize>,
    left: usize,
}

impl QuietRun {
    /// A run not started.
    fn new() -> QuietRun {
        QuietRun {
            mark: None,
            left: QUIET_RUN,
        }
    }

    /// At an occurrence `h` (`len` bytes, in a range from `from`) next to
    /// no phrase's bytes: where the span to skip below it starts, at a
    /// checkpoint that finds the period.
    fn next(&mut self, b: &[u8], (h, len, from): (usize, usize, usize)) -> Option<usize> {
        self.left -= 1;
        if self.left > 0 {
            return None;
        }
        self.left = QUIET_RUN;
        let lo = self.mark.and_then(|r| periodic_floor(b, h, r, len, from));
        self.mark = if lo.is_some() { None } else { Some(h) };
        lo
    }
}

/// A phrase found: its start, its end, whether the answer follows it, rule.
pub(super) type Candidate = (usize, usize, bool, &'static str);

impl Doc<'_> {
    /// The answer of a "final answer" phrase in `[from, to)`, if there is one.
    pub(super) fn final_answer_after(&self, from: usize, to: usize) -> Option<Found> {
        self.find_all(Needle::FinalAnswer, from, to).next()?;
        self.phrase(from, to)
    }

    /// The last [`MAX_CANDIDATES`] answer phrases in `[from, end)` (`end`:
    /// the read part's), the last first, as `(from, list)`: from the list
    /// the last search left (`(lo, list)`, [`Doc::phrases`]) when there is
    /// one. The phrases of a range are those of a larger one that start in
    /// it, and its last ones are the larger list's first: a list from
    /// `lo ≤ from` is read as it is, and one from `lo > from` is extended
    /// by the phrases that start before `lo` (none when it holds
    /// [`MAX_CANDIDATES`]), so the search of a scope or a window reads only
    /// the occurrences the last one did not. (Not across a run of `#`: see
    /// below.)
    fn candidates_from(&self, from: usize) -> (usize, Vec<Candidate>) {
        // Except at a run of `#` that crosses the later start: which of its
        // `####` a search keeps depends on where it starts (every fourth
        // from the run's first one in the range, as `match_indices`).
        let crossed = |b: usize| {
            b > 0 && {
                let a = self.anchors();
                a.holds(Needle::Hashes, b - 1) && a.holds(Needle::Hashes, b)
            }
        };
        match self.phrases.take() {
            Some((lo, _)) if crossed(lo.max(from)) => {
                self.phrase_candidates(from, self.end, usize::MAX)
            }
            Some((lo, list)) if lo <= from => (lo, list),
            Some((lo, mut list)) => {
                if list.len() < MAX_CANDIDATES {
                    let (read, more) = self.phrase_candidates(from, self.end, lo);
                    list.extend(more);
                    list.truncate(MAX_CANDIDATES);
                    return (read, list);
                }
                (from, list)
            }
            None => self.phrase_candidates(from, self.end, usize::MAX),
        }
    }

    /// The last [`MAX_CANDIDATES`] answer phrases in `[read, to)` that
    /// start before `before`: (start, end, answer follows?, rule), the last
    /// first; and `read`, the start of the range whose phrases were read:
    /// `from`, or, in the production search, a later byte when an anchor's
    /// occurrences were read back [`MAX_ANCHOR_HITS`] times (the search is
    /// then [`crowded`](Doc::crowded)).
    ///
    /// The occurrences of each anchor are read from the last one back, and
    /// no further once [`MAX_CANDIDATES`] phrases start after the one being
    /// read (an earlier occurrence only holds earlier phrases), nor, in the
    /// production search, after [`MAX_ANCHOR_HITS`] of them (a text of
    /// `answer ` repeated, in no phrase): the work is bounded by the
    /// phrases tried and the occurrences read, however many come before.
    /// The document's search, which reads them all, skips the span of a
    /// text repeated around rejected occurrences at once
    /// ([`periodic_floor`]).
    fn phrase_candidates(&self, from: usize, to: usize, before: usize) -> (usize, Vec<Candidate>) {
        let b = self.bytes();
        let mut candidates: Vec<Candidate> = Vec::new();
        // An occurrence in a phrase that starts before `before` ends before
        // `before + MAX_PHRASE_BYTES`.
        let reach = to.min(before.saturating_add(MAX_PHRASE_BYTES));
        // The occurrences of each anchor (all found in one pass, see
        // `anchors`) are read from the last, and at each one the phrases
        // that hold it are compared.
        // (By reference: the table is not copied on each call.)
        let mut read = from;
        let most = if self.production {
            MAX_ANCHOR_HITS
        } else {
            usize::MAX
        };
        for &(anchor, mine, ref near_sets) in &ANCHORED {
            // (The document's search tries only its own phrases.)
            let near_set = &near_sets[usize::from(!self.production)];
            if !self.anchors().occurs(anchor) {
                continue;
            }
            let mut hits = self.anchors().find_rev(anchor, from..reach);
            // This anchor's candidates start here (in `candidates`).
            let first = candidates.len();
            let len = anchor.len();
            // The bytes around the last occurrence whose phrases were all
            // rejected by their bytes, not by the range (`trial_window`):
            // an occurrence with the same bytes around it holds no phrase
            // either (`answer ` repeated tries none after the first).
            let mut rejected = None;
            // The document's search (which reads every occurrence) also
            // keeps the three rejected before it, and skips a periodic span
            // at once ([`periodic_floor`]): `answer 1 answer 2 answer 3 `
            // repeated; `jumped`: a skip was tried since `rejected` changed.
            // (Not across a run of `#`: which `####` are occurrences depends
            // on the run's start.)
            let skips = !self.production && anchor != Needle::Hashes;
            let mut earlier = [usize::MAX; 3];
            let mut jumped = false;
            // (And the run of occurrences next to no phrase's bytes.)
            let mut quiet = QuietRun::new();
            let mut n = 0;
            while let Some(h) = hits.next() {
                if n == most {
                    // (The phrases that start after `h` are read; the
                    // search says it stopped.)
                    read = read.max(h + 1);
                    self.crowded.set(true);
                    break;
                }
                n += 1;
                // Enough phrases after this occurrence: it and the earlier
                // ones hold only phrases that start before them.
                // (Fewer candidates than that in all need no count.)
                if candidates.len() - first >= MAX_CANDIDATES
                    && candidates[first..].iter().filter(|c| c.0 > h).count() >= MAX_CANDIDATES
                {
                    break;
                }
                // An occurrence with the bytes around it of the last one
                // whose phrases were all rejected by their bytes holds none.
                // (Its bytes are read again, not kept: the loop's state
                // stays in registers.)
                if let Some(r) = rejected {
                    let window = trial_window(b, h, len);
                    if window.is_some() && window == trial_window(b, r, len) {
                        quiet = QuietRun::new();
                        if skips && !jumped {
                            jumped = true;
                            if let Some(lo) = periodic_floor(b, h, r, len, from) {
                                hits = self.anchors().find_rev(anchor, from..lo + len - 1);
                            }
                        }
                        continue;
                    }
                }
                // The bytes next to the anchor reject most phrases, all at
                // once (`this answer does` is next to none); they are part
                // of the phrase, so the range checks keep them inside
                // `[from, to)`.
                let near = near_set.matching(context(b, h, len));
                if near == 0 {
                    if let Some(lo) = skips.then(|| quiet.next(b, (h, len, from))).flatten() {
                        hits = self.anchors().find_rev(anchor, from..lo + len - 1);
                    }
                    continue;
                }
                quiet = QuietRun::new();
                let found = candidates.len();
                let range = Range { from, to, before };
                trial(b, h, (mine, near), range, &mut candidates);
                // (Every phrase of the occurrence lies in the range when
                // its window does: its rejection was by the bytes alone.)
                let inside = h >= from + TRIAL_BEFORE && h < before && h + len + TRIAL_AFTER <= to;
                let now =
                    (candidates.len() == found && inside && trial_window(b, h, len).is_some())
                        .then_some(h);
                if skips {
                    let skip = periodic_run(b, (h, len, from), (now, rejected), &mut earlier);
                    jumped = skip.is_some();
                    if let Some(lo) = skip {
                        hits = self.anchors().find_rev(anchor, from..lo + len - 1);
                    }
                }
                rejected = now;
            }
        }
        // No two phrases start at the same byte (none is a prefix of
        // another): the order is the position's.
        candidates.sort_by_key(|c| std::cmp::Reverse(c.0));
        // (A phrase before `read` is left for a wider search.)
        candidates.retain(|c| c.0 >= read);
        candidates.truncate(MAX_CANDIDATES);
        (read, candidates)
    }

    /// MX-5: the answer of the last answer phrase in `[from, to)`.
    pub(super) fn phrase(&self, from: usize, to: usize) -> Option<Found> {
        if to != self.end || from < self.base {
            return self.phrase_of(&self.phrase_candidates(from, to, usize::MAX).1, from, to);
        }
        // (The list is put back for the next search.)
        let (lo, list) = self.candidates_from(from);
        let n = list.partition_point(|c| c.0 >= from);
        let found = self.phrase_of(&list[..n], from, to);
        self.phrases.set(Some((lo, list)));
        found
    }

    /// [`Doc::phrase`]: the answer of the first of `candidates` (the last
    /// phrases in `[from, to)`, the last first) that has one.
    fn phrase_of(&self, candidates: &[Candidate], from: usize, to: usize) -> Option<Found> {
        for &(at, end, forward, how) in candidates {
            let span = if how == "therefore_zh" {
                self.after_so_zh(end, to)
            } else if forward {
                self.after_phrase(end, to)
            } else {
                self.before_phrase(from, at)
            };
            if let Some(mut span) = span {
                // (`Let me check the answer: 12 + 8 = 20.`: a check; `If the
                // answer is 12, then …`, `如果答案是12`: a hypothesis. Neither
                // states; read for a phrase that has an answer only.)
                if self.production && states_nothing(self.text, from, at, forward) {
                    continue;
                }
                // `6 ways, which is the answer`, `We get 6. This is the final
                // answer.` (production): a pronoun refers back to the last
                // formula or number before it.
                if self.production && !forward && is_pronoun(&self.text[span.0..span.1]) {
                    match self.referent(from, span.0) {
                        Some(r) => {
                            return Some(Found {
                                span: r.span,
                                how,
                                reach: span.1,
                            });
                        }
                        None => continue,
                    }
                }
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
                let text = &self.text[span.0..span.1];
                let sentence = if self.production {
                    reads_as_sentence(text)
                } else {
                    is_sentence(text)
                };
                if sentence {
                    if let Some(inner) = self.last_formula_or_number(span.0, span.1) {
                        // In production, not a number the sentence rules
                        // out, bounds or applies an operation to (`all real
                        // numbers except 3`, `no more than 3`, `the cube
                        // root of 3`; MX-20, only the sentence read): the
                        // sentence whole, which ME-13 compares as a
                        // statement about the number.
                        if self.production
                            && excluded(&self.text[..span.1], span.0, inner.span).is_some()
                        {
                            return Some(Found {
                                span,
                                how,
                                reach: span.1,
                            });
                        }
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

    /// What a pronoun at `at` before "is the answer" refers to (MX-5 in
    /// production): the last formula or number before it in its sentence
    /// (`6 ways, which`), or in the sentence before when it opens its own
    /// (`We get 6. This`), at most [`MAX_REFERENT_BYTES`] back and not
    /// before `from`.
    fn referent(&self, from: usize, at: usize) -> Option<Found> {
        let b = self.bytes();
        let floor = from.max(at.saturating_sub(MAX_REFERENT_BYTES));
        let mut lo = sentence_start_back(b, floor, at, false);
        let opens = b[lo..at]
            .iter()
            .all(|c| c.is_ascii_whitespace() || matches!(c, b'*' | b'_' | b'#'));
        if opens && lo > floor {
            lo = sentence_start_back(b, floor, lo - 1, false);
        }
        self.last_formula_or_number(lo, at)
    }
}

#[cfg(test)]
mod offset_tests {
    use super::*;

    /// A list of phrases left by a search from `lo` and read or extended
    /// for a search from `from` (a scope, a window before it) holds what a
    /// search of `[from, end)` alone finds: in texts dense with phrases and
    /// near misses (more than `MAX_CANDIDATES` of them, or few), from every
    /// seventh byte, narrower and wider in turn, and from a list that
    /// another read part (a later window) left.
    #[test]
    fn candidate_lists_extend_to_the_front() {
        let pieces = [
            "The answer is 5. ",
            "answer: 3\n",
            "#### 7\n",
            "所以答案是8。",
            "is the answer. ",
            "so the ",
            "x ",
            "Final Answer: ",
            "答案：",
            "**Final Answer** ",
            "#####",
            "# Answer\n",
            "answers ",
        ];
        let mut glue = crate::text::Glue(5);
        let mut extended = 0;
        for round in 0..300 {
            let t = glue.text(&pieces, 2 + round % 24);
            let end = t.len();
            let bounds: Vec<usize> = (0..=end)
                .filter(|&i| t.is_char_boundary(i))
                .step_by(7)
                .collect();
            for production in [false, true] {
                let doc_at = |base: usize| {
                    let mut d = Doc::new(&t, base, end);
                    d.production = production;
                    d
                };
                let fresh = doc_at(0);
                let want = |from: usize| fresh.phrase_candidates(from, end, usize::MAX).1;
                for &lo in &bounds {
                    // One read part, searched from `lo`, then wider, then
                    // narrower.
                    let doc = doc_at(0);
                    for from in [lo, lo / 2, 0, lo] {
                        let from = (0..=from)
                            .rev()
                            .find(|&i| t.is_char_boundary(i))
                            .unwrap_or(0);
                        let (l, list) = doc.candidates_from(from);
                        let n = list.partition_point(|c| c.0 >= from);
                        assert_eq!(list[..n], want(from)[..], "{t:?} from {from} after {lo}");
                        doc.phrases.set(Some((l, list)));
                    }
                    // A later window's list, extended by the part before it.
                    let later = doc_at(lo);
                    // (`candidates_from` hands the list over: it is the
                    // one the later window leaves.)
                    let left = later.candidates_from(lo);
                    let doc = doc_at(0);
                    doc.phrases.set(Some(left));
                    let (_, list) = doc.candidates_from(0);
                    assert_eq!(list, want(0), "{t:?} window from {lo}");
                    extended += usize::from(lo > 0);
                }
            }
        }
        assert!(extended > 1000, "{extended}");
    }
}

#[cfg(test)]
mod memo_tests {
    use super::super::phrase_table::ANCHORED;
    use super::*;

    /// The phrases (the document's, or all of them) that hold an occurrence
    /// of their anchor in `[from, to)` (as `match_indices` finds them there,
    /// ASCII case ignored),
    /// each compared whole, that start in `[from, before)` and end by `to`, at
    /// a word's bounds, `####` not part of a longer run after it: the last
    /// [`MAX_CANDIDATES`] of them, from the last.
    fn every_phrase(
        t: &str,
        (from, to, before): (usize, usize, usize),
        all: bool,
    ) -> Vec<Candidate> {
        let b = t.as_bytes();
        let letter = |i: Option<usize>| {
            i.and_then(|i| b.get(i))
                .is_some_and(u8::is_ascii_alphabetic)
        };
        let lower = t.to_ascii_lowercase();
        let mut found = Vec::new();
        for (anchor, mine, _) in &ANCHORED {
            for (h, _) in lower[from..to].match_indices(anchor.text()) {
                for a in mine.iter().filter(|a| all || !a.more) {
                    let (p, _, forward, how) = a.phrase;
                    let q = p.as_bytes();
                    let Some(at) = (from + h).checked_sub(a.offset) else {
                        continue;
                    };
                    let end = at + q.len();
                    if at < from
                        || at >= before
                        || end > to
                        || !b[at..end].eq_ignore_ascii_case(q)
                        || q[0].is_ascii_alphabetic() && letter(at.checked_sub(1))
                        || q[q.len() - 1].is_ascii_alphabetic() && letter(Some(end))
                        || p == "####" && b.get(end) == Some(&b'#')
                    {
                        continue;
                    }
                    found.push((at, end, forward, how));
                }
            }
        }
        found.sort_by_key(|c| std::cmp::Reverse(c.0));
        found.truncate(MAX_CANDIDATES);
        found
    }

    /// The document's search skips a text repeated around occurrences next
    /// to no phrase's bytes once two checkpoints QUIET_RUN occurrences apart
    /// find its period: it still finds every phrase of texts of a unit
    /// repeated past two checkpoints (periods of 1, 3, 4 and 9 occurrences;
    /// 9 divides no QUIET_RUN, and is read to the start) with a phrase put
    /// in at every few bytes, the checkpoints' among them.
    #[test]
    fn quiet_runs_hide_no_phrase() {
        let units = [
            "answer x ",
            "answer 1 answer 2 answer 3 ",
            "answer 17 answer 18 answer 19 answer 20 ",
            "answer 1 answer 2 answer 3 answer 4 answer 5 answer 6 answer 7 answer 8 answer 9 ",
        ];
        let mut tried = 0;
        for unit in units {
            let q = unit.matches("answer").count();
            let run = unit.repeat((2 * QUIET_RUN + 300).div_ceil(q));
            let per = unit.len() / q;
            // (The bytes of the checkpoints from the end, and every 1/20th.)
            let mut at: Vec<usize> = (0..=20).map(|k| run.len() * k / 20).collect();
            for c in [QUIET_RUN, 2 * QUIET_RUN] {
                let i = run.len() - c * per;
                at.extend([i - 1, i, i + 1, i + per]);
            }
            for i in at {
                for phrase in ["The answer is 5. ", "answer: 3"] {
                    let t = format!("{}{phrase}{}", &run[..i], &run[i..]);
                    let end = t.len();
                    for (from, to, before) in [(0, end, usize::MAX), (17, end - 3, end / 2)] {
                        let doc = Doc::new(&t, 0, end);
                        let (read, got) = doc.phrase_candidates(from, to, before);
                        let want = every_phrase(&t, (from, to, before), false);
                        assert_eq!((read, got), (from, want), "{unit:?} at {i}, {phrase:?}");
                        tried += 1;
                    }
                }
            }
        }
        assert!(tried > 200, "{tried}");
    }

    /// An occurrence with the bytes around it of one whose phrases were all
    /// rejected is not tried: the search still finds every phrase of texts
    /// of one unit repeated (the same bytes around each occurrence, or a
    /// period longer than those bytes) with a phrase put in at every few
    /// bytes, from the text's start and from inside it, up to its end and
    /// to before it.
    #[test]
    fn repeated_occurrences_hide_no_phrase() {
        let units = [
            "answer ",
            "answer answer. ",
            "the answer is ",
            "answer: ",
            "answers ",
            "Answer ",
            "xanswer ",
            "#### ",
            "####",
            "答案",
            "所以答案是",
            "The final answer is ",
            // (A period of several occurrences: skipped in the document's
            // search once one is seen again, `periodic_floor`.)
            "answer 1 answer 2 answer 3 ",
            "the answer 1 the answer 2 ",
            "is the answer? no. ",
            // (A phrase whose word boundary is the window's first byte:
            // the skip stops right above a change there.)
            "is the correct answer x",
        ];
        let phrases = [
            "The answer is 5. ",
            "answer: 3",
            "#### 7",
            "Final Answer: ",
            "答案：",
            "answer is",
            "\n# Answer\n",
            " ",
        ];
        let mut tried = 0;
        for unit in units {
            for k in [1, 2, 3, 6, 20, 45] {
                let run = unit.repeat(k);
                let step = (run.len() / 9).max(1);
                for i in (0..=run.len())
                    .step_by(step)
                    .filter(|&i| run.is_char_boundary(i))
                {
                    for phrase in phrases {
                        let t = format!("{}{phrase}{}", &run[..i], &run[i..]);
                        let end = t.len();
                        for (from, to, before) in [
                            (0, end, usize::MAX),
                            (17, end, usize::MAX),
                            (0, end - 3, end / 2),
                        ] {
                            if from > end || !t.is_char_boundary(from) || !t.is_char_boundary(to) {
                                continue;
                            }
                            for production in [false, true] {
                                let mut doc = Doc::new(&t, 0, end);
                                doc.production = production;
                                let (read, got) = doc.phrase_candidates(from, to, before);
                                let want = every_phrase(&t, (from, to, before), production);
                                assert_eq!(
                                    (read, got),
                                    (from, want),
                                    "{t:?} {from}..{to} before {before}"
                                );
                                tried += 1;
                            }
                        }
                    }
                }
            }
        }
        assert!(tried > 10_000, "{tried}");
    }

    /// [`periodic_floor`] on `answer ` repeated 30 times (period 7, the
    /// occurrence `h = 140` like `r = 147`): the span reaches the range's
    /// start, or the byte after a change below `h`, and the least
    /// occurrence skipped is 16 bytes above it; no span when a byte around
    /// `h` or `r` (their anchors included) differs, or when it reaches
    /// fewer than 64 bytes below `h`. (Values from the definition.)
    #[test]
    fn periodic_floor_is_where_the_period_starts() {
        let text = "answer ".repeat(30).into_bytes();
        let changed = |at: usize, c: u8| {
            let mut t = text.clone();
            t[at] = c;
            t
        };
        let (h, r, len) = (140, 147, 6);
        assert_eq!(periodic_floor(&text, h, r, len, 0), Some(16));
        assert_eq!(periodic_floor(&text, h, r, len, 30), Some(46));
        assert_eq!(periodic_floor(&text, h, r, len, 61), None);
        assert_eq!(periodic_floor(&text, h, r, len, 60), Some(76));
        assert_eq!(periodic_floor(&changed(50, b'X'), h, r, len, 0), Some(67));
        // (A byte `c` changed breaks the period at `c` and at `c - 7`.)
        assert_eq!(periodic_floor(&changed(57, b'X'), h, r, len, 0), Some(74));
        assert_eq!(periodic_floor(&changed(59, b'X'), h, r, len, 0), Some(76));
        assert_eq!(periodic_floor(&changed(60, b'X'), h, r, len, 0), None);
        for at in [
            h - 16,
            h - 1,
            h + 2,
            h + len + 3,
            r - 16,
            r + 2,
            r + len + 3,
        ] {
            assert_eq!(
                periodic_floor(&changed(at, b'X'), h, r, len, 0),
                None,
                "{at}"
            );
        }
        assert_eq!(
            periodic_floor(&changed(r + len + 4, b'X'), h, r, len, 0),
            Some(16)
        );
    }
}

#[cfg(test)]
mod sentence_tests {
    use super::super::{extract_answer, locate_default};

    /// A captured sentence gives its last number, unless the words before
    /// that number rule it out, bound it or apply an operation to it: then
    /// the sentence whole (production only).
    #[test]
    fn a_qualified_number_is_not_the_sentence_answer() {
        for (response, want) in [
            (
                "The answer is all real numbers except 3.",
                "all real numbers except 3",
            ),
            (
                "The answer is any value other than 3.",
                "any value other than 3",
            ),
            ("The answer is no more than 3.", "no more than 3"),
            ("The answer is the cube root of 3.", "the cube root of 3"),
            ("The final answer is a multiple of 3.", "a multiple of 3"),
            ("Final Answer: She has a total of 12 apples.", "12"),
            (
                "Final Answer: Jane started growing Sphere 3 hours ago.",
                "3 hours",
            ),
            ("The answer is the number of days, 3.", "3"),
        ] {
            let got = locate_default(response, false).map(|l| l.answer);
            assert_eq!(got.as_deref(), Ok(want), "{response}");
        }
    }

    /// An adverb before a statement's answer is skipped in production
    /// (then spaces, a colon, emphasis), not in document 004's extraction;
    /// a word that only starts like one is the answer's.
    #[test]
    fn an_adverb_before_the_answer_is_skipped() {
        for (response, want) in [
            ("The answer is therefore 12.", "12"),
            ("So the final answer is clearly **12**.", "12"),
            ("The answer is therefore: 12", "12"),
            ("The answer is Simply, $x = 2$.", "x = 2"),
            ("The answer is justly 12.", "justly 12"),
            ("The answer is thus", "thus"),
        ] {
            let got = locate_default(response, false).map(|l| l.answer);
            assert_eq!(got.as_deref(), Ok(want), "{response}");
        }
        let doc = extract_answer("The answer is therefore 12.", true).map(|x| x.answer);
        assert_eq!(doc.as_deref(), Some("therefore 12"));
    }

    /// What follows a statement's value on its line and is no part of it
    /// (MX-11, eleventh session): the rest after a bold statement's closing
    /// `**`, a remark after a dash or a semicolon, a remark in parentheses
    /// that opens with a number, the share of each part, a clause about
    /// another root; prices are no math delimiters. Corrections, factors
    /// and math spans stay.
    #[test]
    fn what_follows_a_statement_is_cut() {
        for (response, want) in [
            ("**Answer: 4** (x = -2 is extraneous)", Ok("4")),
            ("**Final answer: 4** (rounded)", Ok("4")),
            ("### **Final Answer: 12**", Ok("12")),
            ("**Answer:** 4 (the other root is extraneous)", Ok("4")),
            ("Answer: 4 — this is rounded.", Ok("4")),
            ("Answer: 4 \u{2013} rounded.", Ok("4")),
            ("Answer: 4; note that this is rounded.", Ok("4")),
            // A remark on a value written before (twelfth session).
            ("The answer is 7; 5 was a typo earlier.", Ok("7")),
            ("The answer is 12 \u{2014} 15 was my first guess.", Ok("12")),
            ("Answer: 7; 12 WERE counted twice.", Ok("7")),
            (
                "The answer is 7; 5 is also possible.",
                Ok("7; 5 is also possible"),
            ),
            ("The answer is 7; 5 wasn't it.", Ok("7; 5 wasn't it")),
            ("The answer is 12 — no, 15.", Ok("15")),
            ("The answer is 100 — more precisely, 98.", Ok("98")),
            ("The answer is 9 (3 squared).", Ok("9")),
            // A value restated after `, or` (fourteenth session).
            (
                "The answer is 30 minutes, or half an hour.",
                Ok("30 minutes"),
            ),
            (
                "The answer is 150 minutes, or 2.5 hours.",
                Ok("150 minutes"),
            ),
            ("The answer is 12, or a dozen.", Ok("12")),
            ("The answer is x = 2, or x = -2.", Ok("x = 2, or x = -2")),
            ("The answer is 2, or no solution.", Ok("2, or no solution")),
            ("The answer is 5, or B.", Ok("5, or B")),
            (
                "The answer is 150 minutes, or 2.5 minutes.",
                Ok("150 minutes, or 2.5 minutes"),
            ),
            ("The answer is yes, or maybe.", Ok("yes, or maybe")),
            ("The answer is 10 (5 choose 2).", Ok("10")),
            ("The answer is 2 (x + 1).", Ok("2 (x + 1)")),
            ("The answer is 4 (2 sqrt 3).", Ok("4 (2 sqrt 3)")),
            (
                "The answer is 12 apples, 4 for each of the 3 kids.",
                Ok("12 apples"),
            ),
            ("The answer is 12 apples (4 each).", Ok("12 apples")),
            // A phrase set apart by a word of MX-22's APPOSITIVES, the
            // value rounded to (thirteenth session).
            (
                "The final answer is 9, rounded to the nearest integer.",
                Ok("9"),
            ),
            ("The answer is 9, rounded up from 8.7.", Ok("9")),
            ("The answer is 15, compared to 12 last year.", Ok("15")),
            ("The answer is 15, versus 12 last year.", Ok("15")),
            ("The answer is 100, up from 80.", Ok("100")),
            ("The answer is 100 compared to 80 before.", Ok("100")),
            ("The answer is 3, up to rotation.", Ok("3")),
            (
                "So the answer is 12, whether or not we count the ends.",
                Ok("12"),
            ),
            ("The answer is 8.72, rounded to 8.7.", Ok("8.7")),
            ("The answer is 8.72, rounded up to 9.", Ok("9")),
            (
                "The answer is 3.14159, rounded to 2 decimal places.",
                Ok("3.14159"),
            ),
            ("The answer is 3.14159, rounded to 3 sf.", Ok("3.14159")),
            ("The answer is 8.72 (rounded to 8.7).", Ok("8.72")),
            ("The answer is 12 \u{2014} 4 more than last year.", Ok("12")),
            ("The answer is 12, 4 per row.", Ok("12")),
            ("The answer is 4, 5, 6.", Ok("4, 5, 6")),
            (
                "The answer is $60 because each of the 4 pays 15.",
                Ok("$60"),
            ),
            ("The answer is $60, $15 per person.", Ok("$60")),
            ("The answer is $x = 60$ because 4 × 15 = 60.", Ok("x = 60")),
            ("The answer is 4 (the other root is extraneous).", Ok("4")),
            // The first MAX_GROUPS (8) groups after a space are read.
            (
                "The answer is 5 (p) (q) (r) (s) (t) (u) (v) (note: rounded).",
                Ok("5 (p) (q) (r) (s) (t) (u) (v)"),
            ),
            (
                "The answer is 5 (p) (q) (r) (s) (t) (u) (v) (w) (note: rounded).",
                Ok("5 (p) (q) (r) (s) (t) (u) (v) (w) (note: rounded)"),
            ),
            (
                "The answer is 4 (this root is extraneous).",
                Err("the stated answer is taken back"),
            ),
        ] {
            let got = locate_default(response, false).map(|l| l.answer);
            assert_eq!(got.as_deref().map_err(|e| *e), want, "{response}");
        }
    }

    /// A Chinese statement of two or more values joined by `，`, `、`,
    /// `或`, `和`, … is the whole list (MX-11), when the items are of one
    /// kind or give two unknowns their values; a `，` before a new clause or
    /// words ends it.
    #[test]
    fn chinese_statement_lists_are_one_answer() {
        for (response, want) in [
            ("故答案为：$-2$ 或 $3$", ("$-2$ 或 $3$", "answer_phrase_zh")),
            (
                "所以方程的解为 $x_1 = -2$，$x_2 = 3$。",
                ("$x_1 = -2$，$x_2 = 3$", "therefore_zh"),
            ),
            ("故答案为：-2，3", ("-2，3", "answer_phrase_zh")),
            ("故答案为：-2，3，5。", ("-2，3，5", "answer_phrase_zh")),
            ("答案是 2 和 3", ("2 和 3", "answer_phrase_zh")),
            ("所以 x 的值为 x=-2，x=3。", ("x=-2，x=3", "therefore_zh")),
            (
                "答案：$1$、$2$ 或 $3$。",
                ("$1$、$2$ 或 $3$", "answer_phrase_zh"),
            ),
            // Two unknowns, each given its value: a system's solution.
            (
                "答案为 $x = 3$，$y = 5$。",
                ("$x = 3$，$y = 5$", "answer_phrase_zh"),
            ),
            (
                "答案为 x = 3，y = 5。",
                ("x = 3，y = 5", "answer_phrase_zh"),
            ),
            (
                "答案为 $a = 1$ 和 $b = 2$",
                ("$a = 1$ 和 $b = 2$", "answer_phrase_zh"),
            ),
            // Not a list: a new clause, words, subscripted names of two
            // unknowns, a value then words.
            ("所以 $x$ 为 $3$，因此 $y$ 为 $5$。", ("3", "therefore_zh")),
            ("所以 x 为 3，y 为 5", ("3", "therefore_zh")),
            (
                "答案为 $x_1 = 3$，$y_1 = 5$。",
                ("x_1 = 3", "answer_phrase_zh"),
            ),
            ("答案为 x = 3，y_1 = 5。", ("x = 3", "answer_phrase_zh")),
            ("答案是12，12个苹果都分完了。", ("12", "answer_phrase_zh")),
            ("答案是 $12$，$12$ 满足条件。", ("12", "answer_phrase_zh")),
        ] {
            let x = locate_default(response, false).expect(response);
            assert_eq!((x.answer.as_str(), x.how), want, "{response}");
        }
    }

    /// A price's `$` in a statement's sentence opens no math: the sentence's
    /// words after it count, and its amount is the answer (MX-11); a
    /// formula in `$…$` is still one.
    #[test]
    fn a_price_in_a_statement_sentence_is_its_amount() {
        for (response, want) in [
            ("**Answer:** Maria spent $12 on fruit.", "12"),
            ("Answer: She paid $4.50 in all.", "4.50"),
            ("Answer: The total comes to $x = 12$ in all.", "12"),
        ] {
            let x = locate_default(response, false).expect(response);
            assert_eq!(x.answer, want, "{response}");
        }
        assert!(super::reads_as_sentence("Maria spent $12 on fruit"));
        assert!(!super::is_sentence("Maria spent $12 on fruit"));
        assert!(!super::reads_as_sentence("Maria spent $12 + x$"));
    }

    /// A statement that ends with a question mark asks and states
    /// nothing: the search goes on (here to the fallback).
    #[test]
    fn a_question_states_nothing() {
        for (response, want) in [
            (
                "So the answer is 50%? Let me reconsider. Actually, it is 25%.",
                ("25%", "last_number"),
            ),
            (
                "The answer is $5$? Let me recheck: it is 4.",
                ("4", "last_number"),
            ),
            ("答案是5？让我再算一遍：2+2=4。", ("4", "last_number")),
            (
                "The answer is 5?\n\nThe answer is 6.",
                ("6", "answer_phrase"),
            ),
            ("The answer is 5.", ("5", "answer_phrase")),
        ] {
            let x = locate_default(response, false).expect(response);
            assert_eq!((x.answer.as_str(), x.how), want, "{response}");
        }
    }

    /// A statement whose sentence does not end within MAX_ANSWER_BYTES
    /// (8,192) states nothing; one that ends within them is read whole.
    #[test]
    fn a_run_on_statement_states_nothing() {
        let digits = |n| "1".repeat(n);
        let within = format!("The answer is {}.", digits(8000));
        let x = locate_default(&within, false).expect("a statement");
        assert_eq!((x.answer, x.how), (digits(8000), "answer_phrase"));
        // The search goes on: the fallback's last number is too long, the
        // run of `(` is cut off on an operator, a later sentence's number
        // is the last number.
        let over = format!("The answer is {}.", digits(9000));
        assert!(locate_default(&over, false).is_err());
        let zh = format!("所以答案是{}。", "5".repeat(9000));
        assert!(locate_default(&zh, false).is_err());
        let parens = format!("The answer is 5{}", "(".repeat(100_000));
        let e = locate_default(&parens, false).unwrap_err();
        assert!(e.starts_with("cut off"), "{e}");
        let later = format!("The answer is 5{}\n\nSo the count is 12.", "(".repeat(9000));
        let x = locate_default(&later, false).expect("a number");
        assert_eq!((x.answer.as_str(), x.how), ("12", "last_number"));
        // Document 004's extraction, both modes: the sentence within 8 KiB
        // is read, the run-on is no statement: strict, nothing; not strict,
        // the document's last number (the digits are too long, the `5`
        // before the `(` run is not).
        for strict in [true, false] {
            let x = extract_answer(&within, strict).expect("a statement");
            assert_eq!(x.answer, digits(8000));
            assert_eq!(extract_answer(&over, strict), None);
        }
        assert_eq!(extract_answer(&parens, true), None);
        let x = extract_answer(&parens, false).expect("the last number");
        assert_eq!((x.answer.as_str(), x.how), ("5", "last_number"));
    }
}
