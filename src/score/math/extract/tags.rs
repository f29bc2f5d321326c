//! The tag pass of the production extraction (MX-1, MX-10): where the
//! reasoning block (`<think>…</think>`) and the chat template's tokens are,
//! in one forward pass over a response's `<` bytes; the model's turn that
//! they leave, its assistant header and its answer block.
//!
//! # Differences with the document
//!
//! Document 004 removes the reasoning block (MX-1) and knows no chat
//! template: the production extraction also ends the model's turn at its
//! first chat-template token after the reasoning, opens it after an
//! assistant header and reads an `<answer>` block that ends it (spec/math.md
//! MX-10).

use super::{Skipper, at_least_bits, recall_back, trim_end_ws};

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

/// The slot of the 16 bytes `w` at a `<` (little-endian): the top four
/// bits of the product of its key (its first six bytes).
#[inline(always)]
const fn tag_slot(w: u128) -> usize {
    (((w as u64 | TAG_KEY_FOLD) & TAG_KEY_BYTES).wrapping_mul(TAG_KEY_HASH) >> 60) as usize
}

/// A tag's first 16 bytes as a masked comparison of the 16 bytes at a
/// `<`: `(w | fold) & mask == pat` (its whole for a tag of 16 bytes or
/// fewer), and its index in [`TAGS`].
#[derive(Clone, Copy)]
struct Head {
    pat: u128,
    mask: u128,
    fold: u128,
    tag: usize,
}

impl Head {
    /// The head of tag `j` of [`TAGS`].
    const fn of(j: usize) -> Head {
        let t = &TAGS[j];
        Head {
            pat: t.pat,
            mask: t.mask,
            fold: t.fold,
            tag: j,
        }
    }

    /// Whether the 16 bytes `w` at a `<` hold the head.
    #[inline(always)]
    fn holds(&self, w: u128) -> bool {
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
/// comparison a `<`), and a tag of 16 bytes or fewer is found whole.
const TAG_SLOTS: [Head; 16] = tag_slots();

/// [`TAG_SLOTS`] from [`TAGS`].
const fn tag_slots() -> [Head; 16] {
    let mut slots = [NO_HEAD; 16];
    let mut j = 0;
    while j < TAGS.len() {
        if j != SHORT_TAGS[0] && j != SHORT_TAGS[1] {
            assert!(TAGS[j].tag.len() >= 6);
            let slot = tag_slot(TAGS[j].pat);
            assert!(slots[slot].tag == TAGS.len(), "two tags in a slot");
            slots[slot] = Head::of(j);
        } else {
            assert!(TAGS[j].tag.len() < 6 && TAGS[j].fold == 0);
        }
        j += 1;
    }
    slots
}

/// The tag whose head the 16 bytes `w` at a `<` hold: its slot's, or a
/// short tag.
#[inline(always)]
fn tag_head(w: u128) -> Option<usize> {
    let head = TAG_SLOTS[tag_slot(w)];
    if head.holds(w) {
        return Some(head.tag);
    }
    SHORT_TAGS.into_iter().find(|&j| Head::of(j).holds(w))
}

/// A short tag (of eight bytes or fewer, compared without case folding)
/// as a masked comparison of the first eight bytes at a `<`: `w & mask ==
/// pat`.
#[derive(Clone, Copy)]
struct Short {
    pat: u64,
    mask: u64,
}

impl Short {
    /// Whether the 16 bytes `w` at a `<` start the short tag.
    #[inline(always)]
    fn holds(&self, w: u128) -> bool {
        w as u64 & self.mask == self.pat
    }
}

/// What a dense block's `<` are sifted for ([`may_start_tag`]): the heads
/// of the slots and the short tags, each replaced by one that nothing holds
/// when its tag no longer counts.
#[derive(Clone, Copy)]
struct Sieve {
    slots: [Head; 16],
    short: [Short; 2],
}

impl Sieve {
    /// The sieve of the tags of `live`.
    fn new(live: TagSet) -> Sieve {
        let keep = |h: Head| if live >> h.tag & 1 != 0 { h } else { NO_HEAD };
        Sieve {
            slots: TAG_SLOTS.map(|h| if h.tag < TAGS.len() { keep(h) } else { h }),
            short: SHORT_TAGS.map(|j| {
                let h = keep(Head::of(j));
                Short {
                    pat: h.pat as u64,
                    mask: h.mask as u64,
                }
            }),
        }
    }
}

/// Whether a `<` whose first 16 bytes are `w` (little-endian) may start a
/// tag of the sieve (one of 16 bytes or fewer: starts it) — a product, a
/// table read and three comparisons, with no state, so that a block dense
/// in `<` is sifted by a tight loop.
#[inline(always)]
fn may_start_tag(w: u128, sieve: &Sieve) -> bool {
    let [a, b] = sieve.short;
    sieve.slots[tag_slot(w)].holds(w) | a.holds(w) | b.holds(w)
}

/// The 16 bytes of `b` at `i` as a little-endian word (zero past the
/// end).
#[inline(always)]
fn tag_word(b: &[u8], i: usize) -> u128 {
    match b[i..].first_chunk::<16>() {
        Some(w) => u128::from_le_bytes(*w),
        None => {
            let mut padded = [0u8; 16];
            padded[..b.len() - i].copy_from_slice(&b[i..]);
            u128::from_le_bytes(padded)
        }
    }
}

/// Which of the tags in `live` starts `b[i..]` (a `<`): the tag whose head
/// its first 16 bytes hold ([`tag_head`]), when it is live and, for a tag
/// longer than 16 bytes, its other bytes follow.
#[inline(always)]
fn tag_at(b: &[u8], i: usize, live: TagSet) -> Option<TagKind> {
    let j = tag_head(tag_word(b, i))?;
    let t = &TAGS[j];
    (live >> j & 1 != 0 && (t.tag.len() <= 16 || b[i..].starts_with(t.tag))).then_some(t.kind)
}

/// The `<` of `near` (bit `k`: a `<` at `block + k` without another in
/// its next three bytes; `opens`: every `<` of the block) that may start
/// a tag of the sieve: a `<` with another four bytes on only `</s>`, and
/// only when a `/` follows it.
#[inline(always)]
fn sift(b: &[u8], block: usize, near: u64, opens: u64, sieve: &Sieve) -> u64 {
    let eos = near & opens >> 4;
    // (A `<` with another four bytes on is sifted for `</s>` alone, once
    // the block's `/` have told the few that may start it: `<end`
    // repeated reads none.)
    let end_of_sequence = sieve.short[0];
    let mut keep = sift_tags::<true>(b, block, near & !eos, |w| may_start_tag(w, sieve));
    if eos != 0 {
        let slashed = eos & Skipper::new(b, [b'/']).block(block + 1);
        if slashed != 0 {
            keep |= sift_tags::<false>(b, block, slashed, |w| end_of_sequence.holds(w));
        }
    }
    keep
}

/// The `<` of `m` (bit `k`: a `<` at `block + k`) whose 16 bytes pass
/// `test` (all of them unless `block + 80 <= b.len()`: every `<` of the
/// block has 16 bytes after it).
#[inline(always)]
fn sift_tags<const MEMO: bool>(
    b: &[u8],
    block: usize,
    mut m: u64,
    test: impl Fn(u128) -> bool,
) -> u64 {
    let Some(w) = b.get(block..).and_then(<[u8]>::first_chunk::<80>) else {
        return m;
    };
    let mut keep = 0;
    // With `MEMO`, the 16 bytes of the last `<` turned away (none yet: a
    // `<`'s bytes are never zero): a `<` with the same bytes is turned away
    // without the test, so that a near miss repeated (`<|im_`, `<｜end`)
    // costs a comparison a `<`. (Not for `</s>` alone: its test is one
    // comparison.)
    let mut turned_away = 0;
    while m != 0 {
        let k = m.trailing_zeros() as usize;
        m &= m - 1;
        let word = w[k..]
            .first_chunk::<16>()
            .map_or(0, |x| u128::from_le_bytes(*x));
        if !MEMO || word != turned_away {
            if test(word) {
                keep |= 1 << k;
            } else {
                turned_away = word;
            }
        }
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
pub(super) fn model_turn(tags: Tags, len: usize) -> (usize, usize, bool) {
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
pub(super) fn kept_of(tags: Tags, len: usize) -> (usize, usize) {
    match tags {
        (Some(c), ..) => (c + 8, len),
        (None, Some(o), ..) => (0, o),
        (None, None, ..) => (0, len),
    }
}

/// The last dense blocks (more than four `<`) of [`tags`] whose `<` the
/// sifting all turned away, by block index modulo 8, with the tags that
/// counted then: a later block with the same [`QUIET_BYTES`] bytes while
/// the same tags count has all its `<` turned away too (the sifting reads
/// no byte past them, and a block with none left changes no state), and
/// is not sifted. A near miss repeated whose length divides 64, 192, 320
/// or 448 bytes (`<end`, `<|eot_`, `<|im_`, `<｜end`) sifts a few blocks.
struct Quiet {
    /// The blocks' starts (`usize::MAX`: none) and tags that counted.
    blocks: [(usize, TagSet); 8],
    /// The distance in blocks of the last one recalled, tried first.
    hint: usize,
    /// Whether the last dense block was kept or recalled: only then is a
    /// block recalled (`</think>` repeated, whose blocks are never kept,
    /// tries none).
    armed: bool,
}

/// The bytes of a block that its sifting reads (16 after its last `<`).
const QUIET_BYTES: usize = 80;

impl Quiet {
    /// Whether the block at `block` has the bytes of one 1, 3, 5 or 7
    /// blocks back kept while `live` counted (it is kept in turn).
    #[inline(always)]
    fn recalls(&mut self, b: &[u8], block: usize, live: TagSet) -> bool {
        let Some(here) = b.get(block..block + QUIET_BYTES).filter(|_| self.armed) else {
            return false;
        };
        let index = block / 64;
        let like = |(p, then): (usize, TagSet), back: usize| {
            p.wrapping_add(back * 64) == block && then == live && b[p..p + QUIET_BYTES] == *here
        };
        let found = recall_back(&self.blocks, index, &mut self.hint, like).is_some();
        if found {
            self.blocks[index % 8] = (block, live);
        }
        found
    }

    /// None kept yet.
    fn new() -> Quiet {
        Quiet {
            blocks: [(usize::MAX, 0); 8],
            hint: 1,
            armed: false,
        }
    }

    /// After the block at `block` was sifted while `live` counted, with
    /// the `<` `left`: kept when none is (and its bytes are all in `b`).
    #[inline(always)]
    fn sifted(&mut self, b: &[u8], block: usize, live: TagSet, left: u64) {
        self.armed = left == 0 && block + QUIET_BYTES <= b.len();
        if self.armed {
            self.blocks[block / 64 % 8] = (block, live);
        }
    }
}

/// Where the tags of a response are: the last `</think>`, the first
/// `<think>`, the first chat token, the first chat token after the last
/// `</think>`.
pub(super) type Tags = (Option<usize>, Option<usize>, Option<usize>, Option<usize>);

/// The bytes [`tags`] tests for a `<` at once.
const SPAN: usize = 256;

/// The [`Tags`] of `response`, in one forward pass over its `<` bytes (ASCII
/// case ignored in the think tags).
pub(super) fn tags(response: &str) -> Tags {
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
    // (And the dense blocks whose `<` were all turned away.)
    let mut quiet = Quiet::new();
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
        if at_least_bits::<5>(m) {
            if quiet.recalls(b, block, live) {
                continue;
            }
            // No tag holds a `<` after its first byte: a `<` with another
            // in its next three bytes starts none, nor one with another
            // four bytes on unless it starts `</s>` (the bits past the
            // block stay: those `<` are sifted).
            let mut near = m & !(m >> 1 | m >> 2 | m >> 3);
            // Still dense once the first `<think>` is known: not a `<`
            // before a `t` (`<think>` repeated).
            if live & 0b10 == 0 && at_least_bits::<5>(near) {
                near &= !tees.block(block + 1);
            }
            let sieve = match sieve {
                Some((made, ref s)) if made == live => s,
                _ => &sieve.insert((live, Sieve::new(live))).1,
            };
            // A `</think>` among the block's last two `<` first: the tags
            // before it count for nothing once it is known (the turn starts
            // after the last `</think>`), so that a block of `</think>`
            // repeated reads one of them.
            let mut top = near;
            for _ in 0..2 {
                if top == 0 {
                    break;
                }
                let k = 63 - top.leading_zeros();
                top &= !(1 << k);
                let i = block + k as usize;
                let slash_t =
                    b.get(i + 1) == Some(&b'/') && b.get(i + 2).is_some_and(|&c| c | 0x20 == b't');
                if slash_t && tag_at(b, i, live) == Some(TagKind::CloseThink) {
                    near &= u64::MAX << k;
                    break;
                }
            }
            sifted = Some((near, live));
            m = sift(b, block, near, m, sieve);
            quiet.sifted(b, block, live, m);
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

/// The most bytes of white space read before an assistant header.
const MAX_HEADER_SPACES: usize = 64;

/// The length of the chat template's assistant header that opens
/// `response` (white space, one of [`ASSISTANT_HEADERS`], white space up to
/// and with a line break), or 0: a response decoded with its special
/// tokens opens with it, and its `<|im_start|>` starts the model's turn
/// rather than the next one (`<|im_start|>assistant\nThe answer is
/// 15.<|im_end|>` was an empty turn, no answer; MX-10).
pub(super) fn assistant_header(response: &str) -> usize {
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
pub(super) const ANSWER_CLOSE: &[u8] = b"</answer>";

/// The content of the answer block that ends the model's `turn` (MX-10):
/// when the turn ends (white space aside) with `</answer>`, what follows the
/// last `<answer>` before it (ASCII case ignored), or, without one, the turn
/// before the closing tag; else the turn. R1-Zero's template and the GRPO
/// recipes built on it ask for `<think>…</think> <answer>…</answer>`:
/// `<answer>15</answer>` was cut off on the operator `>`, no answer, a miss
/// against 15. The content is then read as a response (`<answer>The answer
/// is 15.</answer>`). One backward pass over the turn.
pub(super) fn answer_block(response: &str, turn: (usize, usize, bool)) -> (usize, usize, bool) {
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

/// The answer block that the last `</think>` of a response closes (MX-10):
/// where the content of the last `<answer>` before `close` (the byte
/// offset of that `</think>`) starts, when no think tag stands between
/// them. A model that opened `<answer>` and closed it with the wrong tag
/// (`</think> <answer> 24 </think>`, Qwen2.5-Math GRPO rollouts) leaves an
/// empty turn after its last `</think>`: its answer is the block. One
/// backward pass over the `<` bytes, stopped at the first tag it reads.
pub(super) fn answer_closed_by_think(response: &str, close: usize) -> Option<usize> {
    let b = response.as_bytes().get(..close)?;
    let is = |k: usize, tag: &[u8]| {
        b.get(k..k + tag.len())
            .is_some_and(|t| t.eq_ignore_ascii_case(tag))
    };
    let mut k = close;
    while let Some(j) = b[..k].iter().rposition(|&c| c == b'<') {
        if is(j, b"<answer>") {
            return Some(j + 8);
        }
        if is(j, b"</think>") || is(j, b"<think>") || is(j, ANSWER_CLOSE) {
            return None;
        }
        k = j;
    }
    None
}

#[cfg(test)]
mod tags_tests {
    use super::*;
    use crate::extract::strip_think;
    use crate::score::math::extract::locate_default;
    use crate::score::math::extract::production::locate_default_kept;

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
            let w = t[..16.min(t.len())]
                .iter()
                .rev()
                .fold(0u128, |w, &c| w << 8 | u128::from(c));
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

    /// A near miss of a tag repeated (every `<` turned away by the sifting,
    /// most without its test: the same 16 bytes as the last one turned
    /// away, or no `/` after a `<` four bytes before another, or a block
    /// like one turned away before, [`Quiet`]) with a tag put
    /// in at every few bytes: the turn is the one two passes find.
    #[test]
    fn tags_among_repeated_near_misses_are_found() {
        let units = [
            "<|im_",
            "<|eot_",
            "<end",
            "<\u{ff5c}",
            "<\u{ff5c}end",
            "<start_of_",
            "<thi",
            "</s",
            "<eos",
            "<|im_end|",
            "<end_of_turn",
            "</",
            "<s>",
            "</think",
            "<e/s>",
        ];
        let tags = [
            "<|im_end|>",
            "</s>",
            "<eos>",
            "</think>",
            "<think>",
            "<end_of_turn>",
            "<|eot_id|>",
            "<|end|>",
        ];
        let mut dense = 0;
        for unit in units {
            // (200: blocks with the bytes of one 1, 3, 5 or 7 back, not
            // sifted, `Quiet`.)
            for k in [4, 20, 40, 200] {
                let run = unit.repeat(k);
                let step = (run.len() / 23).max(1);
                for i in (0..=run.len())
                    .step_by(step)
                    .filter(|&i| run.is_char_boundary(i))
                {
                    for tag in tags {
                        let s = format!("{}{tag}{}", &run[..i], &run[i..]);
                        let (start, end, _) = model_turn(super::tags(&s), s.len());
                        assert_eq!((start, end), turn_in_two_passes(&s), "{s:?}");
                        dense += usize::from(s.matches('<').count() > 20);
                    }
                }
            }
        }
        assert!(dense > 1000, "{dense}");
    }

    /// A chat token repeated, with a `</think>` and up to 200 bytes of
    /// padding put in at a block's start: the blocks before it were turned
    /// away while no chat token counted (one was known), and a block after
    /// it with the bytes of one of them is not like it ([`Quiet`] keeps
    /// the tags that counted): its first chat token ends the turn.
    #[test]
    fn a_block_after_a_close_is_sifted_again() {
        for unit in ["<|im_end|>", "<eos>", "<end_of_turn>"] {
            let run = unit.repeat(200);
            for i in [512, 576] {
                for pad in 0..200 {
                    let s = format!("{}</think>{}{}", &run[..i], "x".repeat(pad), &run[i..]);
                    let (start, end, _) = model_turn(super::tags(&s), s.len());
                    assert_eq!((start, end), turn_in_two_passes(&s), "{s:?}");
                }
            }
        }
    }
}
