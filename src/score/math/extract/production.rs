//! The production extraction of `math.grade` (MX-10 … MX-23): the order in
//! which its rules are tried. Explicit answers are searched from the end
//! (the last [`TAIL_BYTES`], then 32 times more, …); then a response that is
//! itself an answer ([`super::bare`]); then a response cut off before an
//! answer is none ([`super::truncation`]); then the last formula's right side
//! or the last number token, read before a trailing aside first ([`super::asides`]),
//! and before a trailing condition ([`super::conditions`]), a reason or a
//! description ([`super::reasons`]). A statement or
//! a last value given only under a condition with another value otherwise,
//! or hedged, is none ([`super::alternatives`]).
//!
//! # Differences with the document
//!
//! Document 004's extraction is strict by default; the production default
//! finds the answers models write (spec/math.md, "Differences with the
//! document", MX-10).

use std::cell::Cell;

use super::alternatives::{ASKED, CONDITIONAL, conditional, conditional_in, ends_asking};
use super::anchors::Anchors;
use super::asides::aside_start;
use super::bare::{bare_found, is_bare};
use super::conditions::{condition_start, same_clause};
use super::negations::{
    Excluded, MAX_NEGATIONS, NEGATED, excluded, judged_in_clause, proportion_start, restated,
};
use super::reasons::reason_start;
use super::retractions::{RETRACTED, mistaken_view, retraction};
use super::solutions::listed_solutions;
use super::truncation::{cut_at_list_item, cut_in_formula, paragraph_start, truncated};
use super::{
    CROWDED, Doc, Found, Located, MAX_BOX_COMMANDS, MAX_RESPONSE_BYTES, MAX_SENTENCE_BACK, Needle,
    Skipper, ValueSentence, find_byte, rfind_byte, strip_dollars, trim, trim_end_periods,
    trim_end_ws,
};

/// Chat-template tokens that end a model's turn (MX-10): ChatML's, Llama
/// 3's, Phi's, `</s>`, and since the sixteenth session Gemma's
/// (`<end_of_turn>`, `<start_of_turn>`, `<eos>`) and DeepSeek's (`<｜end▁of▁sentence｜>`,
/// `<｜User｜>`, with full-width bars). [`TAGS`] holds them as masked
/// comparisons.
pub(super) const CHAT_TOKENS: &[&str] = &[
    "<|im_start|>",
    "<|im_end|>",
    "<|endoftext|>",
    "<|eot_id|>",
    "<|end|>",
    "</s>",
    "<end_of_turn>",
    "<start_of_turn>",
    "<eos>",
    "<\u{ff5c}end\u{2581}of\u{2581}sentence\u{ff5c}>",
    "<\u{ff5c}User\u{ff5c}>",
];

/// What a tag that [`tags`] looks for marks.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum TagKind {
    /// `</think>`, in any case.
    CloseThink,
    /// `<think>`, in any case.
    OpenThink,
    /// One of the [`CHAT_TOKENS`].
    Chat,
}

/// A tag that [`tags`] looks for, as a masked comparison of the 16 bytes
/// at a `<` (little-endian): the tag is there when `(w | fold) & mask ==
/// pat` and the bytes of a tag longer than 16 that follow are its own.
/// (`fold` sets the case bit of the think tags' letters: either case.)
struct TagPattern {
    pat: u128,
    mask: u128,
    fold: u128,
    tag: &'static [u8],
    kind: TagKind,
}

/// The [`TagPattern`] of `tag` (lowercase for the think tags).
const fn tag_pattern(tag: &'static str, kind: TagKind) -> TagPattern {
    let t = tag.as_bytes();
    let (mut pat, mut mask, mut fold) = (0u128, 0u128, 0u128);
    let mut k = 0;
    while k < t.len() && k < 16 {
        pat |= (t[k] as u128) << (8 * k);
        mask |= 0xFF << (8 * k);
        if !matches!(kind, TagKind::Chat) && t[k].is_ascii_lowercase() {
            fold |= 0x20 << (8 * k);
        }
        k += 1;
    }
    TagPattern {
        pat,
        mask,
        fold,
        tag: t,
        kind,
    }
}

/// Every tag [`tags`] looks for: the two think tags, then the
/// [`CHAT_TOKENS`] (bit `j` of a [`TagSet`]: tag `j`).
const TAGS: [TagPattern; 13] = {
    use TagKind::{Chat, CloseThink, OpenThink};
    let c = CHAT_TOKENS;
    [
        tag_pattern("</think>", CloseThink),
        tag_pattern("<think>", OpenThink),
        tag_pattern(c[0], Chat),
        tag_pattern(c[1], Chat),
        tag_pattern(c[2], Chat),
        tag_pattern(c[3], Chat),
        tag_pattern(c[4], Chat),
        tag_pattern(c[5], Chat),
        tag_pattern(c[6], Chat),
        tag_pattern(c[7], Chat),
        tag_pattern(c[8], Chat),
        tag_pattern(c[9], Chat),
        tag_pattern(c[10], Chat),
    ]
};

// (Every chat token is in TAGS, after the two think tags.)
const _: () = assert!(TAGS.len() == CHAT_TOKENS.len() + 2);

/// A set of [`TAGS`] (bit `j`: tag `j`).
type TagSet = u16;

/// The chat tokens among the [`TAGS`].
const CHAT_TAGS: TagSet = ((1 << TAGS.len()) - 1) & !0b11;

/// The case bits of bytes 1 to 5 of a `<`: a `<` is looked up in
/// [`TAG_SLOTS`] by its first six bytes ([`TAG_KEY_BYTES`]), the letters
/// in either case.
const TAG_KEY_FOLD: u64 = 0x2020_2020_2000;

/// See [`TAG_KEY_FOLD`].
const TAG_KEY_BYTES: u64 = 0xFFFF_FFFF_FFFF;

/// The multiplier of the hash of a key into [`TAG_SLOTS`] (its top four
/// bits): found by a search so that no two tags' keys share a slot
/// (`tag_slots` fails the build if they do).
const TAG_KEY_HASH: u64 = 0x0cb1_e29c_658c_da15;

/// The tags shorter than a key, each compared whole on its own: `</s>`
/// and `<eos>` (their indices in [`TAGS`]).
const SHORT_TAGS: [usize; 2] = [7, 10];

/// The slot of the first eight bytes `w` of a `<` (little-endian): the top
/// four bits of the product of its key.
#[inline(always)]
const fn tag_slot(w: u64) -> usize {
    (((w | TAG_KEY_FOLD) & TAG_KEY_BYTES).wrapping_mul(TAG_KEY_HASH) >> 60) as usize
}

/// A tag's first eight bytes as a masked comparison of the eight bytes at
/// a `<`: `(w | fold) & mask == pat` (its whole for a tag of eight bytes
/// or fewer), and its index in [`TAGS`].
#[derive(Clone, Copy)]
struct Head {
    pat: u64,
    mask: u64,
    fold: u64,
    tag: usize,
}

impl Head {
    /// The head of tag `j` of [`TAGS`].
    const fn of(j: usize) -> Head {
        let t = &TAGS[j];
        Head {
            pat: t.pat as u64,
            mask: t.mask as u64,
            fold: t.fold as u64,
            tag: j,
        }
    }

    /// Whether the eight bytes `w` at a `<` hold the head.
    #[inline(always)]
    fn holds(&self, w: u64) -> bool {
        (w | self.fold) & self.mask == self.pat
    }
}

/// A slot without a tag: no word holds it (`mask` 0, `pat` 1).
const NO_HEAD: Head = Head {
    pat: 1,
    mask: 0,
    fold: 0,
    tag: TAGS.len(),
};

/// For each slot, the head of the tag whose key hashes to it: a `<` that
/// holds neither its slot's head nor a short tag starts no tag (a near
/// miss, `<end_`, `<|im_`, `<｜e` repeated, costs a product and a
/// comparison a `<`), and a tag of eight bytes or fewer is found whole.
const TAG_SLOTS: [Head; 16] = tag_slots();

/// [`TAG_SLOTS`] from [`TAGS`].
const fn tag_slots() -> [Head; 16] {
    let mut slots = [NO_HEAD; 16];
    let mut j = 0;
    while j < TAGS.len() {
        if j != SHORT_TAGS[0] && j != SHORT_TAGS[1] {
            assert!(TAGS[j].tag.len() >= 6);
            let slot = tag_slot(TAGS[j].pat as u64);
            assert!(slots[slot].tag == TAGS.len(), "two tags in a slot");
            slots[slot] = Head::of(j);
        } else {
            assert!(TAGS[j].tag.len() < 6 && TAGS[j].fold == 0);
        }
        j += 1;
    }
    slots
}

/// The tag whose head the eight bytes `w` at a `<` hold: its slot's, or a
/// short tag.
#[inline(always)]
fn tag_head(w: u64) -> Option<usize> {
    let head = TAG_SLOTS[tag_slot(w)];
    if head.holds(w) {
        return Some(head.tag);
    }
    SHORT_TAGS.into_iter().find(|&j| Head::of(j).holds(w))
}

/// What a dense block's `<` are sifted for ([`may_start_tag`]): the heads
/// of the slots and of the short tags, each replaced by [`NO_HEAD`] when
/// its tag no longer counts.
#[derive(Clone, Copy)]
struct Sieve {
    slots: [Head; 16],
    short: [Head; 2],
}

impl Sieve {
    /// The sieve of the tags of `live`.
    fn new(live: TagSet) -> Sieve {
        let keep = |h: Head| if live >> h.tag & 1 != 0 { h } else { NO_HEAD };
        Sieve {
            slots: TAG_SLOTS.map(|h| if h.tag < TAGS.len() { keep(h) } else { h }),
            short: SHORT_TAGS.map(|j| keep(Head::of(j))),
        }
    }
}

/// Whether a `<` whose first eight bytes are `w` (little-endian) may
/// start a tag of the sieve (one of eight bytes or fewer: starts it) — a
/// product, a table read and three comparisons, with no state, so that a
/// block dense in `<` is sifted by a tight loop.
#[inline(always)]
fn may_start_tag(w: u64, sieve: &Sieve) -> bool {
    let [a, b] = sieve.short;
    sieve.slots[tag_slot(w)].holds(w) | a.holds(w) | b.holds(w)
}

/// The eight bytes of `b` at `i` as a little-endian word (zero past the
/// end).
#[inline(always)]
fn tag_word(b: &[u8], i: usize) -> u64 {
    match b[i..].first_chunk::<8>() {
        Some(w) => u64::from_le_bytes(*w),
        None => {
            let mut padded = [0u8; 8];
            padded[..b.len() - i].copy_from_slice(&b[i..]);
            u64::from_le_bytes(padded)
        }
    }
}

/// Whether mask `m` has more than four bits (each step clears its lowest).
#[inline(always)]
fn more_than_four(mut m: u64) -> bool {
    for _ in 0..4 {
        m &= m.wrapping_sub(1);
    }
    m != 0
}

/// Which of the tags in `live` starts `b[i..]` (a `<`): the tag whose head
/// its first eight bytes hold ([`tag_head`]), when it is live and, for a
/// tag longer than eight bytes, its other bytes follow.
#[inline(always)]
fn tag_at(b: &[u8], i: usize, live: TagSet) -> Option<TagKind> {
    let j = tag_head(tag_word(b, i))?;
    let t = &TAGS[j];
    (live >> j & 1 != 0 && (t.tag.len() <= 8 || tag_rest_holds(t, &b[i..]))).then_some(t.kind)
}

/// Whether `rest` starts with tag `t` (longer than eight bytes, whose
/// head it holds): its first 16 bytes one masked comparison, then the
/// bytes of a longer tag.
#[inline(always)]
fn tag_rest_holds(t: &TagPattern, rest: &[u8]) -> bool {
    let Some(w) = rest.first_chunk::<16>() else {
        return rest.starts_with(t.tag);
    };
    (u128::from_le_bytes(*w) | t.fold) & t.mask == t.pat
        && (t.tag.len() <= 16 || rest.starts_with(t.tag))
}

/// The `<` of `near` (bit `k`: a `<` at `block + k` without another in
/// its next three bytes; `opens`: every `<` of the block) that may start
/// a tag of the sieve: a `<` with another four bytes on only `</s>`.
#[inline(always)]
fn sift(b: &[u8], block: usize, near: u64, opens: u64, sieve: &Sieve) -> u64 {
    let eos = near & opens >> 4;
    // (A `<` with another four bytes on is sifted for `</s>` alone.)
    let end_of_sequence = Sieve {
        slots: [NO_HEAD; 16],
        short: [sieve.short[0], NO_HEAD],
    };
    sift_tags(b, block, near & !eos, sieve) | sift_tags(b, block, eos, &end_of_sequence)
}

/// The `<` of `m` (bit `k`: a `<` at `block + k`) that may start a tag
/// ([`may_start_tag`]; `block + 72 <= b.len()`: every `<` of the block has
/// eight bytes after it).
#[inline(always)]
fn sift_tags(b: &[u8], block: usize, mut m: u64, sieve: &Sieve) -> u64 {
    let Some(w) = b.get(block..).and_then(<[u8]>::first_chunk::<72>) else {
        return m;
    };
    let mut keep = 0;
    while m != 0 {
        let k = m.trailing_zeros() as usize;
        m &= m - 1;
        let word = w[k..]
            .first_chunk::<8>()
            .map_or(0, |x| u64::from_le_bytes(*x));
        keep |= u64::from(may_start_tag(word, sieve)) << k;
    }
    keep
}

/// The assistant headers that open a response decoded with its special
/// tokens (MX-10): ChatML's, Gemma's, DeepSeek's.
const ASSISTANT_HEADERS: [&str; 3] = [
    "<|im_start|>assistant",
    "<start_of_turn>model",
    "<\u{ff5c}Assistant\u{ff5c}>",
];

/// The model's turn in `response` (MX-1, MX-10): the byte range of what
/// [`strip_think`](crate::extract::strip_think) keeps, cut at its first
/// chat-template token, found in one forward pass over the `<` bytes
/// (instead of one pass per tag); and whether a `<think>` block opens and
/// never closes.
///
/// `tags` are the response's [`Tags`], `len` its length in bytes.
fn model_turn(tags: Tags, len: usize) -> (usize, usize, bool) {
    let (last_close, first_open, first_chat, chat_after_close) = tags;
    // No token holds a second `<`, so none crosses a `<think>` tag.
    match (last_close, first_open) {
        (Some(c), _) => (c + 8, chat_after_close.unwrap_or(len), false),
        (None, Some(o)) => (0, first_chat.filter(|&k| k < o).unwrap_or(o), true),
        (None, None) => (0, first_chat.unwrap_or(len), false),
    }
}

/// The byte range of what [`strip_think`](crate::extract::strip_think)
/// keeps of `response` (MX-1), from the same one pass over the `<` bytes as
/// [`model_turn`] (instead of a backward search for `</think>`, then a
/// forward one for `<think>`).
pub(super) fn think_stripped(response: &str) -> (usize, usize) {
    kept_of(tags(response), response.len())
}

/// [`think_stripped`] of a response of `len` bytes whose tags are `tags`.
fn kept_of(tags: Tags, len: usize) -> (usize, usize) {
    match tags {
        (Some(c), ..) => (c + 8, len),
        (None, Some(o), ..) => (0, o),
        (None, None, ..) => (0, len),
    }
}

/// Where the tags of a response are: the last `</think>`, the first
/// `<think>`, the first chat token, the first chat token after the last
/// `</think>`.
type Tags = (Option<usize>, Option<usize>, Option<usize>, Option<usize>);

/// The bytes [`tags`] tests for a `<` at once.
const SPAN: usize = 256;

/// The [`Tags`] of `response`, in one forward pass over its `<` bytes (ASCII
/// case ignored in the think tags).
fn tags(response: &str) -> Tags {
    let b = response.as_bytes();
    let (mut last_close, mut first_open) = (None, None);
    // The first chat token overall, and the first after the last `</think>`.
    let (mut first_chat, mut chat_after_close) = (None, None);
    // Every `<` that a tag can start, in order: the masks of the 64-byte
    // blocks, read bit by bit (a block without a `<` costs its zero test,
    // and SPAN bytes without one a single test). In a block of more than 4
    // `<`, a `<` with another in its next bytes is passed over, and the
    // others are sifted first by their first eight bytes
    // ([`may_start_tag`], a tight loop without state), so that a block of
    // near misses (`<end_`, `<|im_`, `<｜e` repeated) costs a sifting a
    // `<`. A `<` read compares its 16 bytes with the tag of its key. Once
    // the first `<think>` is known it is no longer looked for, nor a chat
    // token once one is known after the last `</think>`.
    let opens = Skipper::new(b, [b'<']);
    // (And the `t` after a `<`: once the first `<think>` is known, no tag
    // that counts has it.)
    let tees = Skipper::new(b, [b't', b'T']);
    // The tags that still count: only the first `<think>`, and the first
    // chat token (after the last `</think>`).
    let mut live: TagSet = (1 << TAGS.len()) - 1;
    // (And the sieve of the dense blocks, made at the first one and again
    // when the tags that count change.)
    let mut sieve: Option<(TagSet, Sieve)> = None;
    let mut at = 0;
    while at < b.len() {
        if at % SPAN == 0 {
            if let Some(span) = b[at..].first_chunk::<SPAN>() {
                if !span.iter().fold(false, |a, &c| a | (c == b'<')) {
                    at += SPAN;
                    continue;
                }
            }
        }
        let block = at;
        at += 64;
        let mut m = opens.block(block);
        // (In a dense block, the `<` sifted and the tags they were sifted
        // for: a `</think>` inside the block makes the chat tokens count
        // again, and the `<` after it are sifted again for them.)
        let mut sifted = None;
        if more_than_four(m) {
            // No tag holds a `<` after its first byte: a `<` with another
            // in its next three bytes starts none, nor one with another
            // four bytes on unless it starts `</s>` (the bits past the
            // block stay: those `<` are sifted).
            let mut near = m & !(m >> 1 | m >> 2 | m >> 3);
            // Still dense once the first `<think>` is known: not a `<`
            // before a `t` (`<think>` repeated).
            if live & 0b10 == 0 && more_than_four(near) {
                near &= !tees.block(block + 1);
            }
            let sieve = match sieve {
                Some((made, ref s)) if made == live => s,
                _ => &sieve.insert((live, Sieve::new(live))).1,
            };
            sifted = Some((near, live));
            m = sift(b, block, near, m, sieve);
        }
        while m != 0 {
            let k = m.trailing_zeros();
            let i = block + k as usize;
            m &= m - 1;
            match tag_at(b, i, live) {
                Some(TagKind::CloseThink) => {
                    last_close = Some(i);
                    chat_after_close = None;
                    live |= CHAT_TAGS;
                    if let Some((near, then)) = sifted.filter(|&(_, then)| then != live) {
                        let after = u64::MAX.checked_shl(k + 1).unwrap_or(0);
                        let opens_after = opens.block(block) & after;
                        let sieve = &sieve.insert((live, Sieve::new(live))).1;
                        m = sift(b, block, near & after, opens_after, sieve);
                        sifted = Some((near, then | live));
                    }
                }
                Some(TagKind::OpenThink) => {
                    first_open = Some(i);
                    live &= !0b10;
                }
                Some(TagKind::Chat) => {
                    first_chat.get_or_insert(i);
                    chat_after_close = Some(i);
                    live &= !CHAT_TAGS;
                }
                None => {}
            }
        }
    }
    (last_close, first_open, first_chat, chat_after_close)
}

/// The explicit search of the production extraction first reads the last
/// this many bytes, then 32 times more, … (MX-10): the answer of a
/// reasoning trace is at its end.
pub const TAIL_BYTES: usize = 2 * 1024;

/// Why the production extraction found no answer (MX-15): the response is
/// empty, or it was cut off before stating one.
pub type NoAnswerReason = &'static str;

/// The production extraction of `math.grade` (rules MX-10 … MX-23):
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
    locate_default_kept(response, formulas_only).0
}

/// [`locate_default`], and the byte range of what
/// [`strip_think`](crate::extract::strip_think) keeps of `response` (for
/// [`response_choice`](super::response_choice)), from the one tag pass the
/// extraction makes.
pub(crate) fn locate_default_kept(
    response: &str,
    formulas_only: bool,
) -> (Result<Located, NoAnswerReason>, (usize, usize)) {
    // (After an assistant header, `<|im_start|>assistant`, positions are
    // shifted by its length: the tags are read after it.)
    let lead = assistant_header(response);
    let len = response.len() - lead;
    let tags = tags(&response[lead..]);
    let (s, e, open) = model_turn(tags, len);
    let mut turn = answer_block(response, (s + lead, e + lead, open));
    if open {
        // (`<think>… <answer>15</answer>`: the block closes no think, but
        // the answer block after it is explicit.)
        let after = answer_block(response, (e + lead, response.len(), true));
        if !after.2 {
            turn = after;
        }
    }
    let mut found = locate_production(response, formulas_only, turn);
    // MX-10: an explicit answer in a few-shot continuation (`Answer: 12⏎⏎
    // Question: … Answer: 5`) is not the model's: the one before it is.
    for _ in 0..MAX_CONTINUATIONS {
        let Some(q) = found
            .as_ref()
            .ok()
            .filter(|f| explicit(f.how))
            .and_then(|f| continuation_start(response, turn.0, f.span.0))
        else {
            break;
        };
        match locate_production(response, formulas_only, (turn.0, q, turn.2)) {
            Ok(g) if explicit(g.how) => found = Ok(g),
            _ => break,
        }
    }
    let found = found.map(|f| Located {
        answer: response[f.span.0..f.span.1].to_string(),
        span: f.span,
        how: f.how,
    });
    let (ks, ke) = kept_of(tags, len);
    (found, (ks + lead, ke + lead))
}

/// The labels that open the next exchange of a few-shot prompt (ASCII case
/// ignored, then `:`), the stop sequences of lm-evaluation-harness's GSM8K
/// and Minerva tasks and of chat transcripts: a base model that goes on
/// after its answer writes the next question, and answers it.
const CONTINUATIONS: [&str; 5] = ["question", "q", "problem", "human", "user"];

/// The most few-shot continuations read past (MX-10): each costs one
/// more search of the text before it.
pub const MAX_CONTINUATIONS: usize = 4;

/// The most lines [`continuation_start`] reads back from an answer.
const MAX_CONTINUATION_LINES: usize = 6;

/// The most bytes [`continuation_start`] reads back from an answer (the
/// question of a few-shot exchange is a few lines long).
const MAX_CONTINUATION_BYTES: usize = 1024;

/// Whether the extraction rule `how` is an explicit answer (a box, a
/// statement, a bold line, a choice), not the fallback's or a bare answer.
fn explicit(how: &str) -> bool {
    !matches!(
        how,
        "last_number" | "last_formula" | "bare_answer" | "listed_solutions"
    )
}

/// Where the few-shot continuation that holds the answer at `at` starts
/// (MX-10): a line within [`MAX_CONTINUATION_LINES`] lines and
/// [`MAX_CONTINUATION_BYTES`] bytes before it (or its own) that opens,
/// after spaces, `*` or `#`, with one of
/// [`CONTINUATIONS`] and `:`, with text other than white space before it
/// (not before `start`): `Answer: 12⏎⏎Question: A shop has 5 pens. How
/// many?⏎Answer: 5` is 12 (it answered 5, the continuation's answer).
fn continuation_start(response: &str, start: usize, at: usize) -> Option<usize> {
    let b = response.as_bytes();
    let floor = start.max(at.saturating_sub(MAX_CONTINUATION_BYTES));
    let mut k = at;
    for _ in 0..MAX_CONTINUATION_LINES {
        let nl = floor + rfind_byte(&b[floor..k], b'\n')?;
        let line = &b[nl + 1..at];
        let m = line
            .iter()
            .take_while(|&&c| matches!(c, b' ' | b'*' | b'#'))
            .count();
        let rest = &line[m..];
        let labelled = CONTINUATIONS.iter().any(|w| {
            let n = w.len();
            rest.len() > n && rest[..n].eq_ignore_ascii_case(w.as_bytes()) && rest[n] == b':'
        });
        if labelled {
            return b[start..nl]
                .iter()
                .any(|c| !c.is_ascii_whitespace())
                .then_some(nl + 1);
        }
        k = nl;
    }
    None
}

/// The most bytes of white space read before an assistant header.
const MAX_HEADER_SPACES: usize = 64;

/// The length of the chat template's assistant header that opens
/// `response` (white space, one of [`ASSISTANT_HEADERS`], white space up to
/// and with a line break), or 0: a response decoded with its special
/// tokens opens with it, and its `<|im_start|>` starts the model's turn
/// rather than the next one (`<|im_start|>assistant\nThe answer is
/// 15.<|im_end|>` was an empty turn, no answer; MX-10).
fn assistant_header(response: &str) -> usize {
    // (At most MAX_HEADER_SPACES bytes of white space before it: a response
    // of 100 KiB of spaces is not read through here.)
    let k = response
        .bytes()
        .take(MAX_HEADER_SPACES)
        .take_while(u8::is_ascii_whitespace)
        .count();
    let Some(rest) = ASSISTANT_HEADERS
        .iter()
        .find_map(|h| response[k..].strip_prefix(h))
    else {
        return 0;
    };
    let after = rest.trim_start_matches([' ', '\t', '\r']);
    let after = after.strip_prefix('\n').unwrap_or(after);
    response.len() - after.len()
}

/// The tag that closes the answer block of a reasoning template.
const ANSWER_CLOSE: &[u8] = b"</answer>";

/// The content of the answer block that ends the model's `turn` (MX-10):
/// when the turn ends (white space aside) with `</answer>`, what follows the
/// last `<answer>` before it (ASCII case ignored), or, without one, the turn
/// before the closing tag; else the turn. R1-Zero's template and the GRPO
/// recipes built on it ask for `<think>…</think> <answer>…</answer>`:
/// `<answer>15</answer>` was cut off on the operator `>`, no answer, a miss
/// against 15. The content is then read as a response (`<answer>The answer
/// is 15.</answer>`). One backward pass over the turn.
fn answer_block(response: &str, turn: (usize, usize, bool)) -> (usize, usize, bool) {
    let (start, end, open) = turn;
    let b = response.as_bytes();
    // (The last byte other than white space first: most turns end on
    // another byte than `>`.)
    let mut e = end;
    if e > start && b[e - 1].is_ascii_whitespace() {
        // (16 bytes at a time: a turn of 100 KiB of spaces is read fast.)
        e = start + trim_end_ws(&response[start..end]).len();
    }
    if e - start < ANSWER_CLOSE.len()
        || b[e - 1] != b'>'
        || !b[e - ANSWER_CLOSE.len()..e].eq_ignore_ascii_case(ANSWER_CLOSE)
    {
        return turn;
    }
    let close = e - ANSWER_CLOSE.len();
    let opener = (start..close).rev().find(|&k| {
        b[k] == b'<' && b[k..close].len() >= 8 && b[k..k + 8].eq_ignore_ascii_case(b"<answer>")
    });
    match opener {
        Some(k) => (k + 8, close, false),
        None => (start, close, open),
    }
}

/// The production extraction of a response whose [`model_turn`] is `turn`.
fn locate_production(
    response: &str,
    formulas_only: bool,
    turn: (usize, usize, bool),
) -> Result<Found, NoAnswerReason> {
    // The reasoning block goes; a chat template's end-of-turn token ends the
    // response (`…is 2/3. <|im_start|>user`): what follows is not the
    // model's answer.
    let (mut start, end, open_think) = turn;
    // Trailing white space is no part of the response: every window below
    // is measured back from its last other byte (no window starts past it).
    let end = start + trim_end_ws(&response[start..end]).len();
    if end == start {
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
    // (A response of at most two windows is read as one: the second
    // window would read it all again.)
    let mut window = if end - start <= 2 * TAIL_BYTES {
        end - start
    } else {
        TAIL_BYTES
    };
    // The words of the previous window (a larger window scans only its new
    // part: the search reads each byte once).
    let mut seen: Option<(usize, Anchors)> = None;
    let mut seen_phrases = None;
    let mut seen_boxless = None;
    loop {
        let wstart = window_start(response, start, end, window);
        let mut doc = Doc::new(response, wstart, end);
        doc.production = true;
        if let Some((old, anchors)) = seen.take() {
            doc.anchors = anchors
                .extend_front(response.as_bytes(), wstart, old, end)
                .into();
        }
        // (And its answer phrases: only those before it are looked for.)
        doc.phrases.set(seen_phrases.take());
        // (And the boxes its search found empty or unclosed.)
        doc.boxless.set(seen_boxless);
        if let Some(f) = doc.explicit(wstart, end) {
            // A phrase in the tail does not beat a box before it (MX-4,
            // MX-5), unless the window holds MAX_BOX_COMMANDS box commands:
            // only the last ones are read (MX-4), so none before it can be
            // the answer.
            let box_before = || {
                let commands: usize = [Needle::Boxed, Needle::Fbox]
                    .into_iter()
                    .map(|n| {
                        doc.anchors()
                            .find_rev(n, wstart..end)
                            .take(MAX_BOX_COMMANDS)
                            .count()
                    })
                    .sum();
                let before = &response[start..wstart];
                commands < MAX_BOX_COMMANDS
                    && (before.contains("\\boxed") || before.contains("\\fbox"))
            };
            let statement = !(f.how.starts_with("boxed") || f.how == "bold_line");
            if !statement || !box_before() {
                if statement {
                    if let Some(read) =
                        statement_exception(response, (start, end), &f, formulas_only)
                    {
                        return read;
                    }
                }
                // MX-19: an answer the response takes back is not its
                // answer; what it says after the retraction is. (MX-20:
                // so is one the rest of its clause judges wrong.)
                let judged = judged_in_clause(response.as_bytes(), f.reach);
                if let Some(r) = judged.or_else(|| retraction(response, f.reach, end)) {
                    return fallback(response, r, end, formulas_only).map_err(|_| RETRACTED);
                }
                return Ok(f);
            }
        }
        // MX-10: a crowded window is no answer (not the fallback's).
        if doc.crowded.get() {
            return Err(CROWDED);
        }
        if wstart == start {
            break;
        }
        seen_phrases = doc.phrases.take();
        seen_boxless = doc.boxless.get();
        seen = doc.anchors.into_inner().map(|a| (wstart, a));
        window = window.saturating_mul(32);
    }
    // MX-12: a response that is itself an answer, or one on its first line
    // then its explanation.
    let (s, e) = trim(response, (start, end));
    if let Some(f) = bare_found(response, (s, e)) {
        return Ok(f);
    }
    // MX-15: cut off before an answer (read in the last 2 × TAIL_BYTES).
    let tstart = window_start(response, start, end, TAIL_BYTES * 2);
    let tstart = tstart.max(s);
    if let Some(reason) = truncated(&response[tstart..e], &response[start..tstart]) {
        return Err(reason);
    }
    // MX-17: a trailing aside is read last; MX-13, MX-14: the last formula
    // or number token before it.
    let before_aside = aside_start(response, s, e)
        .and_then(|a| fallback(response, start, trim(response, (s, a)).1, formulas_only).ok());
    before_aside.map_or_else(|| fallback(response, start, end, formulas_only), Ok)
}

/// MX-13, MX-14: the last formula or number token of `response[start..end]`,
/// from the end: in the last TAIL_BYTES, else in the last 4 × TAIL_BYTES;
/// with the solutions listed with it (MX-13).
fn fallback(
    response: &str,
    start: usize,
    end: usize,
    formulas_only: bool,
) -> Result<Found, NoAnswerReason> {
    fallback_from(response, start, end, formulas_only, true)
}

/// MX-20: the value that the approximate restatement `f` restates
/// ([`restated`]), as `read` reads it, when it ends right before the
/// restatement's comma (a math delimiter and spaces between allowed, and
/// a unit: `$2\sqrt{2}$ units, approximately 2.83`, `$5\pi$ cm, or about
/// 15.7 cm`).
fn restated_found(
    response: &str,
    from: usize,
    f: &Found,
    read: &impl Fn(usize, usize) -> Option<Found>,
) -> Option<Found> {
    let q = restated(response, from, f.span)?;
    read(from, q).filter(|g| {
        let gap = response[g.reach.min(q)..q].trim_matches(['$', ' ']);
        gap.is_empty()
            || ["unit", "units"].contains(&gap)
            || crate::score::math::units::is_unit(gap)
    })
}

/// MX-20: `f` with the proportion it ends (`1 in 6`: [`proportion_start`]),
/// else `f`.
fn whole_proportion(response: &str, from: usize, mut f: Found) -> Found {
    if let Some(p) = proportion_start(response.as_bytes(), from, f.span) {
        f.span.0 = p;
    }
    f
}

/// MX-22: the value before the reason or the description that `f` stands
/// in ([`reason_start`]: `n = 12, since 12 / 3 = 4`, `24, which is
/// divisible by 3`), as `read` reads it in the same clause, again while
/// that one stands in one; else `f`.
fn reasoned(
    response: &str,
    sentences: &Sentences,
    mut f: Found,
    read: &impl Fn(usize, usize) -> Option<Found>,
) -> Found {
    let from = sentences.from;
    // (That value may stand in one too: `15 marbles left after giving away
    // 10 of his 25 marbles` is 15; each reading moves left, at most
    // MAX_QUALIFIERS of them.)
    for _ in 0..MAX_QUALIFIERS {
        let Some(g) = reason_start(response, &sentences.of(f.span.0), f.span)
            .and_then(|q| read(from, q).filter(|g| same_clause(response, g.reach, q)))
        else {
            break;
        };
        f = g;
    }
    f
}

/// The sentences of the fallback's values in `text[from..]`
/// ([`ValueSentence`]), each read back once: the readers of MX-20, MX-21
/// and MX-22 read the same value's sentence, and read it again only when
/// the value changes.
struct Sentences<'a> {
    /// The response's bytes.
    b: &'a [u8],
    /// Where the fallback's text starts.
    from: usize,
    /// The sentence read last.
    last: Cell<Option<ValueSentence>>,
}

impl<'a> Sentences<'a> {
    /// No sentence read yet, of `b[from..]`.
    fn new(b: &'a [u8], from: usize) -> Sentences<'a> {
        Sentences {
            b,
            from,
            last: Cell::new(None),
        }
    }

    /// The sentence of the value at `at`: the one read last when it is
    /// that value's, else read now.
    fn of(&self, at: usize) -> ValueSentence {
        match self.last.get() {
            Some(v) if v.at() == at => v,
            _ => {
                let v = ValueSentence::new(self.b, self.from, at);
                self.last.set(Some(v));
                v
            }
        }
    }
}

/// The most reasons and descriptions read back in a row (MX-22).
pub const MAX_QUALIFIERS: usize = 3;

/// [`fallback`], with its last paragraph read first when `paragraph_first`
/// (else the window alone: the reading that the first one must agree with).
fn fallback_from(
    response: &str,
    start: usize,
    end: usize,
    formulas_only: bool,
    paragraph_first: bool,
) -> Result<Found, NoAnswerReason> {
    let fstart = window_start(response, start, end, TAIL_BYTES * 4);
    let near = window_start(response, start, end, TAIL_BYTES);
    let fstart = if has_digit_or_math(&response[near..end]) {
        near
    } else {
        fstart
    };
    let mut doc = Doc::new(response, fstart, end);
    doc.production = true;
    // The last formula (MX-9: only that) or number of `[from, to)`.
    let read = |from: usize, to: usize| {
        if formulas_only {
            doc.last_formula(from, to, true).map(|f| Found {
                span: doc.right_side(f),
                how: "last_formula",
                reach: f.1,
            })
        } else {
            doc.last_formula_or_number(from, to)
        }
    };
    // The last paragraph first: a formula does not span a blank line
    // (MX-15), so what it holds is what the window's reading finds there,
    // without reading the window's `$` pairs from its start (a window that
    // starts inside a display pairs them the wrong way round).
    let para = fstart + paragraph_start(&response[fstart..end]);
    let in_para = (paragraph_first && para > fstart && has_digit_or_math(&response[para..end]))
        .then(|| read(para, end))
        .flatten();
    let (mut found, from) = match in_para {
        Some(f) => (Some(f), para),
        None => (read(fstart, end), fstart),
    };
    // `24 cm$^2$`: a unit's exponent in its own math span is no formula
    // (MX-14); the answer is read before it.
    if let Some(o) = found
        .as_ref()
        .and_then(|f| unit_exponent(response, from, f))
    {
        found = read(from, o).or(found);
    }
    // MX-20: a proportion (`1 in 6`) is read whole.
    let found = found.map(|f| whole_proportion(response, from, f));
    // MX-22: not a value in a reason or a description of another value.
    let sentences = Sentences::new(response.as_bytes(), from);
    let mut found = found.map(|f| reasoned(response, &sentences, f, &read));
    // MX-20: not a value the response rules out (`9, not 8`), but the
    // formula or number before the negation in its clause; nothing there,
    // negations past MAX_NEGATIONS or a bound (`less than 5`): no answer.
    // (The values ruled out so far: the same value read back before one,
    // `4 and 6, and 6 is too large`, is ruled out too.)
    let mut ruled: Vec<&str> = Vec::new();
    for n in 0..=MAX_NEGATIONS {
        let Some(f) = &found else {
            break;
        };
        let value = &response[f.span.0..f.span.1];
        let Some(x) = excluded(response, from, f.span).or_else(|| {
            ruled
                .contains(&value)
                .then_some(Excluded::Negation(f.span.0))
        }) else {
            break;
        };
        ruled.push(value);
        found = match x {
            Excluded::Negation(q) if n < MAX_NEGATIONS => {
                read(from, q).filter(|g| same_clause(response, g.reach, q))
            }
            _ => None,
        };
        if found.is_none() {
            return Err(NEGATED);
        }
    }
    // Ruled out before it in its sentence (MX-20), a mistaken view (MX-19).
    if let Some(f) = &found {
        let ruled = ruled_out_before(response, &sentences.of(f.span.0), f.span);
        if ruled || mistaken_view(response.as_bytes(), from, f.span.0) {
            return Err(NEGATED);
        }
    }
    // MX-18: not the condition after the answer (`$3$ when $x = 1$`), but
    // the answer before it in the same clause.
    // MX-20: not an approximate restatement (`1/6, or about 16.7%`), but
    // the value it restates, ending where the restatement's comma is.
    let found = found.map(|f| {
        condition_start(response, from, f.span)
            .and_then(|q| read(from, q).filter(|g| same_clause(response, g.reach, q)))
            .or_else(|| restated_found(response, from, &f, &read))
            .unwrap_or(f)
    });
    // MX-21: a value given under a condition with another value otherwise,
    // or one of two hedged guesses, is no single answer; nor is a value in
    // a question the response ends on (`The answer is 5?`).
    if let Some(f) = &found {
        if conditional_in(response, &sentences.of(f.span.0), f.span) {
            return Err(CONDITIONAL);
        }
        if ends_asking(response, f.span, end) {
            return Err(ASKED);
        }
    }
    // MX-13: the solutions listed with it (`x = 1 and x = 2`).
    let found = found.map(|f| listed_solutions(response, fstart, f));
    found.ok_or_else(|| {
        if !formulas_only && doc.number_too_long(fstart, end) {
            NUMBER_TOO_LONG
        } else {
            NO_FORMULA_OR_NUMBER
        }
    })
}

/// Where the math span of the fallback's formula `f` opens, when the
/// formula is only an exponent or a subscript (`^2`, `_3`) and a letter
/// stands right before its delimiter: the exponent of a unit (`cm$^2$`,
/// `m\(^3\)`).
fn unit_exponent(text: &str, from: usize, f: &Found) -> Option<usize> {
    if f.how != "last_formula" {
        return None;
    }
    let content = text[f.span.0..f.span.1].trim_start();
    if !content.starts_with(['^', '_']) {
        return None;
    }
    let before = &text[from..f.span.0];
    let open = if before.ends_with("\\(") {
        2
    } else if before.ends_with('$') && !before.ends_with("$$") {
        1
    } else {
        return None;
    };
    let o = f.span.0 - open;
    (o > from && text.as_bytes()[o - 1].is_ascii_alphabetic()).then_some(o)
}

/// How far back in its sentence an earlier occurrence of the fallback's
/// value is looked for (bytes).
const MAX_SAME_VALUE_BYTES: usize = 96;

const _: () = assert!(MAX_SAME_VALUE_BYTES <= MAX_SENTENCE_BACK);

/// Whether the value `span` occurs earlier in its sentence (at most
/// [`MAX_SAME_VALUE_BYTES`] back, not past `.`, `!` or `?` before a space,
/// `;` or a line break), as a value of its own (no digit or `.` next to it) that the
/// words before it rule out (`cannot be 5`, `not 5`): the response has
/// ruled that value out, whatever the reason after it says.
fn ruled_out_before(text: &str, sentence: &ValueSentence, span: (usize, usize)) -> bool {
    let b = text.as_bytes();
    let from = sentence.from();
    let value = &b[span.0..span.1];
    if value.is_empty() || !value.iter().any(u8::is_ascii_digit) {
        return false;
    }
    let start = sentence.start(b, MAX_SAME_VALUE_BYTES, true);
    let part = &b[start..span.0];
    let apart = |c: Option<&u8>| !c.is_some_and(|c| c.is_ascii_digit() || *c == b'.');
    (0..part.len().saturating_sub(value.len() - 1)).any(|k| {
        let at = start + k;
        // (The first byte before the comparison: no call per position.)
        part[k] == value[0]
            && part[k..].starts_with(value)
            && (at == 0 || apart(b.get(at - 1)))
            && apart(b.get(at + value.len()))
            && matches!(
                excluded(text, from, (at, at + value.len())),
                Some(Excluded::Negation(_))
            )
    })
}

/// What an answer statement `f` gives when it does not simply state its
/// answer, in the response's `[start, end)`: no answer when it was cut off
/// (MX-15) or gives its value under a condition (MX-21: `the answer is 5
/// if n is odd and 6 otherwise`); when it states what the answer is not
/// (MX-20: `The answer is not 8.`), what the response says after it (`It
/// must be 9.`), read by the fallback. `None`: the statement stands.
fn statement_exception(
    response: &str,
    (start, end): (usize, usize),
    f: &Found,
    formulas_only: bool,
) -> Option<Result<Found, NoAnswerReason>> {
    if let Some(reason) = cut_statement(response, start, end, f) {
        return Some(Err(reason));
    }
    if conditional(response, start, f.span) {
        return Some(Err(CONDITIONAL));
    }
    // MX-19: a view the statement reports as a mistake (`A common mistake
    // is to say the answer is 15.`) is taken back: what follows is read.
    if mistaken_view(response.as_bytes(), start, f.span.0) {
        return Some(fallback(response, f.reach, end, formulas_only).map_err(|_| RETRACTED));
    }
    let head = response.as_bytes()[f.span.0..f.span.1].get(..4);
    head.is_some_and(|h| h.eq_ignore_ascii_case(b"not "))
        .then(|| fallback(response, f.reach, end, formulas_only).map_err(|_| NEGATED))
}

/// MX-15: why a response whose answer statement `f` (not a box, not a bold
/// line) runs to its end was cut off there, if it was: it ends on an
/// operator, inside a formula or a brace group (`The answer is \\boxed{5`,
/// `Answer: 5 \\times`), read as MX-15 reads a response without an answer.
/// `[start, end)` is the response without its trailing white space.
fn cut_statement(response: &str, start: usize, end: usize, f: &Found) -> Option<NoAnswerReason> {
    // (A joiner the statement's answer left at the end, `12, and`, is
    // still the statement's.)
    let rest = response[f.span.1.min(end)..end].trim_start_matches([',', ';', ' ']);
    let joiner = rest.eq_ignore_ascii_case("and") || rest.eq_ignore_ascii_case("or");
    if f.span.1 < end && !joiner {
        return None;
    }
    let w = window_start(response, start, end, TAIL_BYTES * 2);
    cut_in_formula(&response[w..end], &response[start..w])
}

/// The reason of a response whose last number, the fallback's answer, is
/// longer than [`MAX_NUMBER_BYTES`](super::MAX_NUMBER_BYTES) (MX-14): a run
/// of digits that long is not an answer.
pub const NUMBER_TOO_LONG: NoAnswerReason = "the last number is longer than 128 bytes";

/// The reason of a response with neither an explicit answer, nor a formula,
/// nor a number token (MX-15).
pub const NO_FORMULA_OR_NUMBER: NoAnswerReason = "no formula or number in the response";

/// Where a window of `len` bytes before `end` starts: at a line start when
/// one is near, never before `start`.
pub(super) fn window_start(text: &str, start: usize, end: usize, len: usize) -> usize {
    if end - start <= len {
        return start;
    }
    // The first line break in the 256 bytes from `end - len`, 16 bytes at
    // a time (`find_byte`), between the character boundaries next to them:
    // a line break is a character of its own, so the bytes left out at
    // either end are never one.
    let boundary = |mut i: usize| {
        while !text.is_char_boundary(i) {
            i += 1;
        }
        i
    };
    let w = boundary(end - len);
    let mut lim = end.min(end - len + 256);
    while !text.is_char_boundary(lim) {
        lim -= 1;
    }
    match find_byte(&text.as_bytes()[w..lim.max(w)], b'\n') {
        Some(k) => w + k + 1,
        None => w,
    }
}

/// Whether `t` holds a digit or a math delimiter (a formula or a number may
/// be there). Read from the end, 16 bytes at a time: the fallback's text
/// ends on its value, most often right there.
pub(super) fn has_digit_or_math(t: &str) -> bool {
    t.as_bytes().rchunks(16).any(|c| {
        c.iter().fold(false, |a, &c| {
            a | (c.wrapping_sub(b'0') < 10) | (c == b'$') | (c == b'\\')
        })
    })
}

/// `**x**` around the whole text: the content.
pub(super) fn strip_bold(text: &str, (s, e): (usize, usize)) -> (usize, usize) {
    let t = &text[s..e];
    if t.len() > 4 && t.starts_with("**") && t.ends_with("**") && !t[2..t.len() - 2].contains("**")
    {
        return trim(text, (s + 2, e - 2));
    }
    (s, e)
}

impl Doc<'_> {
    /// The explicit answers of the production search in `[from, to)`:
    /// the box or statement of MX-4, MX-5, MX-11, else a bold final line
    /// (MX-11).
    pub(super) fn explicit(&self, from: usize, to: usize) -> Option<Found> {
        // Boxes and statements are found at their words: without one in the
        // window (most short answers) only a bold line can be an answer.
        if self.anchors().is_empty() {
            return self.bold_line(from, to);
        }
        let therefore = self.last_word(from, Needle::Therefore);
        [therefore, Some(from)]
            .into_iter()
            .flatten()
            .find_map(|s| match self.boxed(s, to) {
                Some(b) => self.final_answer_after(b.reach, to).or(Some(b)),
                None => self.phrase(s, to),
            })
            .or_else(|| self.bold_line(from, to))
    }

    /// A last line that is only bold text holding an answer (`**42**`).
    pub(super) fn bold_line(&self, from: usize, to: usize) -> Option<Found> {
        let (s, e) = trim(self.text, (from, to));
        // Only a line that ends on `**` is bold (`strip_bold`): another
        // costs no search for its start.
        if !self.text[s..e].ends_with("**") {
            return None;
        }
        let line_start = rfind_byte(&self.bytes()[s..e], b'\n').map_or(s, |k| s + k + 1);
        let line = trim(self.text, (line_start, e));
        let inner = strip_bold(self.text, line);
        // (`**2.**` after `**1.** …`: an empty item of a numbered list,
        // cut off, MX-15.)
        if inner == line || cut_at_list_item(&self.text[s..e]).is_some() {
            return None;
        }
        let inner = strip_dollars(self.text, trim_end_periods(self.text, inner));
        is_bare(&self.text[inner.0..inner.1]).then_some(Found {
            span: inner,
            how: "bold_line",
            reach: e,
        })
    }
}

#[cfg(test)]
mod production_tests {
    use super::*;
    use crate::extract::strip_think;
    use crate::score::math::extract::MAX_ANCHOR_HITS;

    pub(super) fn answer(r: &str) -> Result<String, NoAnswerReason> {
        locate_default(r, false).map(|x| {
            assert_eq!(&r[x.span.0..x.span.1], x.answer, "the span is the answer");
            x.answer
        })
    }

    /// The chat templates of other model families (sixteenth session):
    /// Gemma's and DeepSeek's headers open the turn, their end tokens end
    /// it (each was no answer: an empty turn, or cut off on `>`).
    #[test]
    fn other_chat_templates_open_and_end_the_turn() {
        for r in [
            "<start_of_turn>model\nThe answer is 12.<end_of_turn>\n",
            "The answer is 12.<eos>",
            "<\u{ff5c}Assistant\u{ff5c}>The answer is 12.<\u{ff5c}end\u{2581}of\u{2581}sentence\u{ff5c}>",
            "The answer is 12.<\u{ff5c}User\u{ff5c}>And 13?",
            "  <start_of_turn>model The answer is 12.",
        ] {
            assert_eq!(answer(r).as_deref(), Ok("12"), "{r:?}");
        }
        // (A Gemma turn that opens without its header is empty.)
        assert!(answer("<start_of_turn>user\nHow many?<end_of_turn>").is_err());
    }

    /// A few-shot continuation after the answer is not read (sixteenth
    /// session); a label with no explicit answer before it, or the first
    /// line's, leaves the answer after it.
    #[test]
    fn few_shot_continuations_are_not_the_answer() {
        for (r, want) in [
            ("Answer: 12\n\nQuestion: How many pens?\nAnswer: 5", "12"),
            ("Answer: 12\nQ: And 3 + 4?\nA: The answer is 7.", "12"),
            (
                "The answer is 12.\n\n**Problem:** Find x.\n\\boxed{5}",
                "12",
            ),
            ("#### 12\nQuestion: x?\n#### 5\nQuestion: y?\n#### 7", "12"),
            ("The answer is 12.\nUser: and now?\nThe answer is 7.", "12"),
            ("Question: How many books?\nAnswer: 12", "12"),
            ("We get 12.\nProblem: restated.\nSo the answer is 12.", "12"),
            ("Let me see.\nQuestion: is it 5?\nThe answer is 5.", "5"),
            ("The answer is 12.\nQuestions: none.\nThe answer is 5.", "5"),
        ] {
            assert_eq!(answer(r).as_deref(), Ok(want), "{r:?}");
        }
    }

    /// What a byte comparison says starts `r`: a think tag (ASCII case
    /// ignored) or a chat token.
    fn tag_by_bytes(r: &[u8]) -> Option<TagKind> {
        let low = r.to_ascii_lowercase();
        if low.starts_with(b"</think>") {
            Some(TagKind::CloseThink)
        } else if low.starts_with(b"<think>") {
            Some(TagKind::OpenThink)
        } else {
            CHAT_TOKENS
                .iter()
                .any(|t| r.starts_with(t.as_bytes()))
                .then_some(TagKind::Chat)
        }
    }

    /// The tags [`tags`] looks for, in the cases it reads them.
    fn every_tag() -> Vec<Vec<u8>> {
        let mut tags: Vec<Vec<u8>> = CHAT_TOKENS.iter().map(|t| t.as_bytes().to_vec()).collect();
        for t in [
            "</think>", "</THINK>", "</Think>", "<think>", "<THINK>", "<tHink>",
        ] {
            tags.push(t.as_bytes().to_vec());
        }
        tags
    }

    /// [`tag_at`] finds every tag
    /// and nothing a tag does not start: every proper prefix, each tag
    /// with a byte changed (its case bit too), each with bytes after it.
    #[test]
    fn tag_at_is_a_byte_comparison() {
        let at = |r: &[u8]| {
            if r.is_empty() {
                None
            } else {
                tag_at(r, 0, TagSet::MAX)
            }
        };
        for t in every_tag() {
            assert_eq!(at(&t), tag_by_bytes(&t), "{t:?}");
            assert!(at(&t).is_some(), "{t:?}");
            for n in 0..t.len() {
                assert_eq!(at(&t[..n]), None, "{t:?} {n}");
                for flip in [1, 0x20, 0x80] {
                    let mut x = t.clone();
                    x[n] ^= flip;
                    assert_eq!(at(&x), tag_by_bytes(&x), "{x:?}");
                    x.extend_from_slice(b"<|im_end|> and more bytes");
                    assert_eq!(at(&x), tag_by_bytes(&x), "{x:?}");
                }
            }
        }
    }

    /// What the dense blocks' sifting assumes of the tags: none holds a
    /// `<` after its first byte, `</s>` is the one shorter than five bytes,
    /// and every tag, in the cases it is read, may start a tag.
    #[test]
    fn every_tag_passes_the_sifting() {
        for t in every_tag() {
            assert!(!t[1..].contains(&b'<'), "{t:?}");
            // (Only `<think>` has a `t` second.)
            assert_eq!(
                t[1] | 0x20 == b't',
                t.eq_ignore_ascii_case(b"<think>"),
                "{t:?}"
            );
            assert!(t.len() >= 5 || t == b"</s>", "{t:?}");
            let w = t[..8.min(t.len())]
                .iter()
                .rev()
                .fold(0u64, |w, &c| w << 8 | u64::from(c));
            assert!(may_start_tag(w, &Sieve::new(TagSet::MAX)), "{t:?}");
        }
        assert_eq!(TAGS[SHORT_TAGS[0]].tag, b"</s>");
    }

    /// The old way: `strip_think`, then the first chat token of the rest.
    fn turn_in_two_passes(r: &str) -> (usize, usize) {
        let body = strip_think(r);
        let start = body.as_ptr() as usize - r.as_ptr() as usize;
        let b = body.as_bytes();
        let chat =
            (0..b.len()).find(|&i| CHAT_TOKENS.iter().any(|t| b[i..].starts_with(t.as_bytes())));
        (start, start + chat.unwrap_or(b.len()))
    }

    /// An approximate restatement after a unit restates the value before
    /// the unit (MX-20): a unit of ME-9's table or `units` alone between
    /// the value and the restatement's comma; another word is not one.
    #[test]
    fn a_restatement_after_a_unit_restates_the_value() {
        for (response, want) in [
            (
                "The distance is $2\\sqrt{2}$ units, approximately 2.83.",
                "2\\sqrt{2}",
            ),
            ("The length is $5\\pi$ cm, or about 15.7 cm.", "5\\pi"),
            (
                "The side is $2\\sqrt{2}$ m, which is approximately 2.83 m.",
                "2\\sqrt{2}",
            ),
            (
                "The distance is $2\\sqrt{2}$ units away, approximately 2.83.",
                "2.83",
            ),
            (
                "The distance is $2\\sqrt{2}$ yuan, approximately 2.83.",
                "2.83",
            ),
        ] {
            assert_eq!(answer(response).as_deref(), Ok(want), "{response:?}");
        }
    }

    /// `window_start` is the byte loop it replaced (the first line break
    /// in the 256 bytes from `end - len`, then the next character
    /// boundary), on texts of multibyte characters and line breaks, for
    /// every window length.
    #[test]
    fn window_start_is_the_byte_loop() {
        let byte_loop = |text: &str, start: usize, end: usize, len: usize| {
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
        };
        let mut glue = crate::text::Glue(9);
        let pieces = ["a", "é", "答", "\n", " ", "𝑥", "\n\n", "word "];
        for round in 0..300 {
            let t = glue.text(&pieces, 1 + round * 3);
            for end in (0..=t.len()).filter(|&e| t.is_char_boundary(e)).step_by(5) {
                for len in 0..end {
                    assert_eq!(
                        window_start(&t, 0, end, len),
                        byte_loop(&t, 0, end, len),
                        "{t:?} {end} {len}"
                    );
                }
            }
        }
    }

    #[test]
    fn think_stripped_is_strip_think() {
        let pieces = [
            "<think>",
            "</think>",
            "</THINK>",
            "<Think>",
            "<",
            "</",
            "x",
            " 5 ",
            "<|im_end|>",
            "é",
        ];
        let mut glue = crate::text::Glue(19);
        // (Texts across several 64-byte blocks too.)
        for round in 0..3000 {
            let s = glue.text(&pieces, 1 + round % 40);
            let kept = strip_think(&s);
            let start = kept.as_ptr() as usize - s.as_ptr() as usize;
            assert_eq!(think_stripped(&s), (start, start + kept.len()), "{s:?}");
            // What the extraction reports for the choice: the same range,
            // and its answer is locate_default's.
            let (found, range) = locate_default_kept(&s, false);
            assert_eq!(range, (start, start + kept.len()), "{s:?}");
            assert_eq!(found, locate_default(&s, false), "{s:?}");
        }
    }

    #[test]
    fn model_turn_is_strip_think_then_the_first_chat_token() {
        // (Spans of 256 bytes without `<`, passed over at once, too.)
        let fill = "filler 5 ".repeat(15);
        let pieces = [
            fill.as_str(),
            "<think>",
            "</think>",
            "</THINK>",
            "<Think>",
            "<|im_end|>",
            "<|im_start|>",
            "</s>",
            "<|eot_id|>",
            "<",
            "</",
            "x",
            " 5 ",
            "<|end|>",
            "é",
            "<<",
            "<T",
            "<<<<<<<<<<<<",
            "<think><<<</think><<|im_end|><</s>",
            "<end_of_turn>",
            "<eos>",
            "<e",
            "<s",
            "<\u{ff5c}end\u{2581}of\u{2581}sentence\u{ff5c}>",
            "<\u{ff5c}",
        ];
        let mut glue = crate::text::Glue(11);
        let (mut spans, mut dense_after_open) = (0, 0);
        // (Texts across several 64-byte blocks too, `<` before `<`.)
        for round in 0..3000 {
            let s = glue.text(&pieces, 1 + round % 40);
            spans += usize::from(s.as_bytes().chunks(SPAN).any(|c| !c.contains(&b'<')));
            // (Blocks of more than 4 `<` after the first `<think>`, which
            // read only `<` before `/` and `|`.)
            if let Some(o) = s.to_ascii_lowercase().find("<think>") {
                let dense = |c: &[u8]| c.iter().filter(|&&x| x == b'<').count() > 4;
                dense_after_open += s.as_bytes()[o + 1..]
                    .chunks(64)
                    .filter(|c| dense(c))
                    .count();
            }
            let (start, end, open_think) = model_turn(tags(&s), s.len());
            assert_eq!((start, end), turn_in_two_passes(&s), "{s:?}");
            // The old test: a block removed, and no `</think>`.
            let old =
                strip_think(&s).len() < s.len() && !s.to_ascii_lowercase().contains("</think>");
            assert_eq!(open_think, old, "{s:?}");
        }
        assert!(spans > 100, "{spans}");
        assert!(dense_after_open > 100, "{dense_after_open}");
    }

    /// Trailing white space of any length, past every window, is no part
    /// of the response: the answer and the cut-off reasons stay (4 KiB of
    /// spaces after `so we get 17` once sliced the cut-off window out of
    /// order).
    #[test]
    fn trailing_white_space_of_any_length_changes_nothing() {
        for r in [
            "so we get 17",
            "x = 2 +",
            "The answer is \\boxed{5",
            "Thus $x = 5$.",
            "The answer is 5",
            "<think>a</think>so 3",
            "\u{3000}",
        ] {
            let want = answer(r);
            for n in [1, 100, 2_100, 4_200, 8_300, 70_000] {
                for pad in [" ", "\n", " \n\t"] {
                    let padded = format!("{r}{}", pad.repeat(n));
                    assert_eq!(answer(&padded), want, "{r:?} + {n} x {pad:?}");
                }
            }
        }
    }

    /// MX-15: a statement whose answer runs to the end of a response cut
    /// off there is no answer; one that ends whole, or before the cut, is
    /// the answer.
    #[test]
    fn a_statement_cut_off_is_no_answer() {
        for r in [
            "the answer is \\boxed{5",
            "The answer is $\\frac{1}{",
            "Answer: 5 \\times",
            "The final answer is \\(x = ",
            "故答案为：\\frac{1}{",
        ] {
            assert!(answer(r).unwrap_err().starts_with("cut off"), "{r:?}");
        }
        for (r, want) in [
            ("The answer is 5", "5"),
            ("The answer is $5$.", "5"),
            ("The answer is $5", "$5"),
            ("The answer is 5. Then we get 7 +", "5"),
            // Cut off after the statement: the joiner left at the end goes.
            ("The answer is 12, and", "12"),
            ("The answer is x = 1 or", "x = 1"),
            ("The answer is 1 and 2", "1 and 2"),
        ] {
            assert_eq!(answer(r).as_deref(), Ok(want), "{r:?}");
        }
    }

    #[test]
    pub(super) fn unclosed_delimiters_are_cut_off_and_linear() {
        let r = "\\( \\[ ".repeat(20_000) + "so 17";
        assert!(answer(&r).unwrap_err().starts_with("cut off"));
        let r = "\\( \\[ ".repeat(20_000) + "\\) \\] so 17.";
        assert_eq!(answer(&r).as_deref(), Ok("17"));
    }

    /// MX-15: a long response of `$$` displays on lines of their own is
    /// not cut off, wherever its last 4 KiB start (the window that started
    /// inside a display counted its closer as an opener: every length from
    /// 4,141 bytes on was "cut off inside a $$…$$ display"); one that ends
    /// inside its last display is, at every length; a blank line inside a
    /// closed display does not make it open.
    #[test]
    fn dollar_displays_are_not_read_from_the_middle() {
        let para = "We add the squares of the first integers once more.\n$$\nS = 1 + 4 + 9\n$$\n";
        for n in 1..120 {
            let body = para.repeat(n);
            let r = body.clone() + "So we get 30 in total.";
            assert_eq!(answer(&r).as_deref(), Ok("30"), "{n}");
            let r = body + "$$\nS = 1 + 4 + 9";
            assert_eq!(
                answer(&r).unwrap_err(),
                "cut off: the response ends inside a $$…$$ display",
                "{n}"
            );
        }
        let r = "$$\na = 1\n\nb = 2\n$$\nSo we get 2.";
        assert_eq!(answer(r).as_deref(), Ok("2"));
        // Steps without a blank line: the last paragraph is longer than the
        // window, and its `$$` are counted from its start.
        let mut r = String::from("We add the squares one at a time.\n\n");
        for k in 1..70 {
            r.push_str(&format!(
                "Step {k}: we add {k}^2.\n$$\nS_{{{k}}} = S_{{{}}} + {k}^2\n$$\n",
                k - 1
            ));
            let done = r.clone() + "So the sum is 650.";
            assert_eq!(answer(&done).as_deref(), Ok("650"), "{k}");
            let cut = r.clone() + "$$\nS = 1 + 4";
            assert!(answer(&cut).unwrap_err().contains("$$"), "{k}");
        }
    }

    /// MX-13, MX-14: the fallback reads the last paragraph first; on texts
    /// whose formulas close before a blank line (what MX-15 reads too) and
    /// stand apart (`$x$$y$` holds a `$$`, read from either end) it
    /// finds what the reading of its whole window finds, on texts that fit
    /// the window (one that starts inside a display reads its `$$` pairs the
    /// wrong way round: `window_inside_a_display`).
    #[test]
    fn the_last_paragraph_first_is_the_window_reading() {
        let pieces = [
            " $x = 3$ ",
            " $$ y = 2 $$ ",
            "\n$$\ny = \\frac{1}{2}\n$$\n",
            " \\[ z = 5 \\] ",
            " \\( w = 1 \\) ",
            " we get 7",
            " and ",
            " 12 apples",
            " 1,204",
            "\n",
            "\n\n",
            " the sum.",
            " x = 4",
            " so a_5 = 9",
            "é",
        ];
        let mut glue = crate::text::Glue(59);
        for round in 0..3000u64 {
            let t = glue.text(&pieces, 1 + round % 80);
            let end = t.trim_end().len();
            for formulas_only in [false, true] {
                let read = |first| {
                    super::fallback_from(&t, 0, end, formulas_only, first).map(|f| (f.span, f.how))
                };
                assert_eq!(read(true), read(false), "{t:?}");
            }
        }
    }

    /// A fallback window that starts inside a `$$` display: the last
    /// paragraph's formula is the answer at every length.
    #[test]
    fn window_inside_a_display() {
        let para = "\n$$\ny = \\frac{1}{2} + \\frac{1}{3}\n$$\n and the sum.";
        let mut wrong = 0;
        for n in 60..200 {
            let t = para.repeat(n) + "\n\nSo we get $T = 30$ in all.";
            let end = t.len();
            let at = |f: Found| (&t[f.span.0..f.span.1], f.how);
            let first = super::fallback_from(&t, 0, end, false, true).map(at);
            assert_eq!(first, Ok(("30", "last_formula")), "{n}");
            let window = super::fallback_from(&t, 0, end, false, false).map(at);
            wrong += usize::from(window != first);
        }
        assert!(wrong > 0);
    }

    #[test]
    pub(super) fn long_traces_search_from_the_end() {
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

    /// MX-10: a box before the tail window beats a phrase in it, unless
    /// the window holds MAX_BOX_COMMANDS box commands (only the last ones
    /// are read, MX-4): both sides of the bound.
    #[test]
    pub(super) fn a_box_before_the_window_is_read_within_the_box_commands() {
        let n = MAX_BOX_COMMANDS;
        let r = |open: usize| {
            let mut r = String::from("So $\\boxed{7}$.\n");
            while r.len() < 3 * TAIL_BYTES {
                r.push_str("We check the case again and it holds.\n");
            }
            r + &"\\boxed{ ".repeat(open) + "The answer is 5."
        };
        assert_eq!(answer(&r(n - 1)).as_deref(), Ok("7"));
        assert_eq!(answer(&r(n)).as_deref(), Ok("5"));
        // The same answers as the whole response read at once (MX-4: the
        // last MAX_BOX_COMMANDS commands).
        let whole = |t: &str| super::super::extract_answer(t, true).unwrap().answer;
        assert_eq!(whole(&r(n - 1)), "7");
        assert_eq!(whole(&r(n)), "5");
    }

    /// MX-10: a window whose phrase search reads MAX_ANCHOR_HITS occurrences
    /// of an answer word back without an explicit answer is no answer
    /// (not the statement before them, not the fallback's last number); with
    /// fewer, or with the answer after them, the answer is found.
    #[test]
    fn crowded_answer_words_are_no_answer() {
        let flood = |n: usize| "answer ".repeat(n);
        // (Read back window by window: more than MAX_ANCHOR_HITS in the
        // second window, of 64 KiB.)
        let crowded = 3 * MAX_ANCHOR_HITS;
        for r in [
            format!("The answer is 5. {}", flood(crowded)),
            format!("The answer is 7. {}5", flood(crowded)),
            format!("答案是5。{}", "答案".repeat(crowded)),
        ] {
            let head: String = r.chars().take(30).collect();
            assert_eq!(answer(&r), Err(CROWDED), "{head}");
        }
        for (r, want) in [
            (
                format!("The answer is 5. {}", flood(MAX_ANCHOR_HITS - 10)),
                "5",
            ),
            (format!("{}The answer is 5.", flood(crowded)), "5"),
            (format!("{}\\boxed{{5}}", flood(crowded)), "5"),
            (format!("{}答案是5", "答案".repeat(crowded)), "5"),
        ] {
            let head: String = r.chars().take(30).collect();
            assert_eq!(answer(&r).as_deref(), Ok(want), "{head}");
        }
        // (The document's extraction reads every one.)
        let r = format!("The answer is 5. {}", flood(crowded));
        assert_eq!(super::super::extract_answer(&r, true).unwrap().answer, "5");
    }

    /// MX-14: a number of at most MAX_NUMBER_BYTES is the answer; a longer
    /// run of digits is none, with its reason.
    #[test]
    pub(super) fn long_numbers_are_refused() {
        let n = super::super::MAX_NUMBER_BYTES;
        let ok = format!("We get {}.", "7".repeat(n));
        assert_eq!(answer(&ok), Ok("7".repeat(n)));
        let long = format!("We get {}.", "7".repeat(n + 1));
        assert_eq!(answer(&long), Err(NUMBER_TOO_LONG));
        let commas = "We get ".to_string() + &"1,000,".repeat(20_000) + "1.";
        assert_eq!(answer(&commas), Err(NUMBER_TOO_LONG));
        // The document's fallback (MX-6) finds no number either.
        assert_eq!(super::super::extract_answer(&commas, false), None);
        let x = super::super::extract_answer(&ok, false).unwrap();
        assert_eq!(x.answer, "7".repeat(n));
        assert!(NUMBER_TOO_LONG.contains(&n.to_string()));
    }

    #[test]
    pub(super) fn multibyte_text_is_safe() {
        assert_eq!(answer("∞∞ we get 3 ∞.").as_deref(), Ok("3"));
        assert_eq!(answer("∞∞ 3 ∞").as_deref(), Ok("∞∞ 3 ∞"));
        assert_eq!(answer("所以答案为：５。").as_deref(), Ok("５"));
    }
}
