//! The words the explicit search looks for (MX-4, MX-5, MX-10, MX-11), found
//! in one pass: the box commands, "therefore", "final answer", and the
//! anchors every answer phrase holds ("answer", `####`, "答案", "所以").
//!
//! One pass over the text records every occurrence of every needle: the
//! text is classified 64 bytes at a time by a branch-free loop that marks
//! the few positions where a needle can hold (the second byte of two that
//! each needle has at a fixed place: the `w` of `sw` in "answer", the `b`
//! of `\b` in `\boxed`, …, after a byte with its bit 6 set), and only those
//! are compared, each by one masked comparison of the 16 bytes around it;
//! an occurrence sets its bit in its needle's word for the block, and the
//! table keeps, by needle, one word per block that holds one (a text of
//! `所以答案是` or `the answer is ` repeated records a word per 64 bytes,
//! not a position per occurrence). Each later query ("the boxes in this
//! range", "the last therefore", read from the end) is a binary search in
//! that table, not a new substring search. A text that holds none of the
//! needles (most gold answers: `\frac{1}{2}`, `5`) costs one short scan
//! and no allocation, and a position costs the same however many needles
//! the text holds. A block after one of four boxes or four `####` or more
//! finds them by a second branch-free loop, not one by one: a text of
//! `\boxed{` or `#### ` repeated costs a few instructions a byte. And a
//! text without a needle's [key byte](may_occur) needs no table to say it
//! does not hold it.
//!
//! # Differences with the document
//!
//! None: the document's extraction searches each phrase separately; this
//! table finds the same occurrences (a query returns what
//! `str::match_indices` returns on the same range).

use std::ops::Range;

#[cfg(test)]
use super::starts_with_ci_array;
use super::{at_least_bits, pack_flags, recall_back};

/// A word of the explicit search (its lowercase text is [`Needle::text`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Needle {
    /// `\boxed` (MX-4).
    Boxed,
    /// `\fbox` (MX-4).
    Fbox,
    /// "therefore": the text after the last one is searched first (MX-3).
    Therefore,
    /// "final answer": a phrase after the last box wins (MX-5).
    FinalAnswer,
    /// The anchor of the English answer phrases (MX-5, MX-11).
    Answer,
    /// The GSM8K marker `####` (MX-5).
    Hashes,
    /// The anchor of the Chinese answer statements (MX-11).
    AnswerZh,
    /// "所以" ("so", MX-11).
    SoZh,
}

/// The needles, in the order of [`Needle`]'s variants.
const NEEDLES: [Needle; 8] = [
    Needle::Boxed,
    Needle::Fbox,
    Needle::Therefore,
    Needle::FinalAnswer,
    Needle::Answer,
    Needle::Hashes,
    Needle::AnswerZh,
    Needle::SoZh,
];

impl Needle {
    /// The needle as it appears in the lowercase text.
    pub(super) const fn text(self) -> &'static str {
        match self {
            Needle::Boxed => "\\boxed",
            Needle::Fbox => "\\fbox",
            Needle::Therefore => "therefore",
            Needle::FinalAnswer => "final answer",
            Needle::Answer => "answer",
            Needle::Hashes => "####",
            Needle::AnswerZh => "答案",
            Needle::SoZh => "所以",
        }
    }

    /// The length in bytes of [`Needle::text`] (a table read, not a
    /// match on the variant).
    #[inline(always)]
    pub(super) const fn len(self) -> usize {
        const LENS: [usize; 8] = {
            let mut l = [0; 8];
            let mut k = 0;
            while k < 8 {
                l[k] = NEEDLES[k].text().len();
                k += 1;
            }
            l
        };
        LENS[self as usize]
    }
}

/// The length of the longest needle ("final answer").
const LONGEST: usize = 12;

/// The bytes [`Anchors::scan`] classifies at a time.
const BLOCK: usize = 64;

/// The bytes before a block its verification reads (a needle starts at
/// most eight bytes before its trigger: "final answer" before its `sw`).
const BEFORE: usize = 8;

/// The bytes after a block its classification and verification read (a
/// trigger is up to four bytes long, `\boxed` six, and a needle ends at
/// most eight bytes after its trigger's start).
const LOOK: usize = 8;

/// The bytes of text a block is read from: [`BEFORE`] bytes, the block,
/// [`LOOK`] bytes (zero bytes outside the text).
const WINDOW: usize = BEFORE + BLOCK + LOOK;

impl Needle {
    /// Where the needle's trigger (see [`trigger`]) starts in it.
    const fn offset(self) -> usize {
        match self {
            Needle::Answer => 2,
            Needle::FinalAnswer => 8,
            Needle::Therefore => 4,
            _ => 0,
        }
    }
}

impl Needle {
    /// A byte every occurrence of the needle holds (a letter in either
    /// case): a text without it holds no occurrence ([`may_occur`]).
    const fn key(self) -> u8 {
        match self {
            Needle::Boxed | Needle::Fbox => b'\\',
            Needle::Therefore => b'f',
            Needle::FinalAnswer | Needle::Answer => b'w',
            Needle::Hashes => b'#',
            Needle::AnswerZh => 0xE7,
            Needle::SoZh => 0xE6,
        }
    }
}

/// Whether `t` holds the [`key`](Needle::key) of one of `needles`: when
/// not, none of them occurs, and no table is needed to say so (a text of
/// Chinese or of digits holds no `\\`, `#` or `w`). One pass 64 bytes at
/// a time, without branches inside a block, that stops at the first block
/// holding a key (prose holds a `w` early).
#[inline(always)]
pub(super) fn may_occur<const N: usize>(t: &[u8], needles: [Needle; N]) -> bool {
    let keys = needles.map(Needle::key);
    let folds = keys.map(|k| if k.is_ascii_lowercase() { 0x20 } else { 0 });
    let holds = |c: u8| {
        keys.iter()
            .zip(&folds)
            .fold(false, |a, (&k, &f)| a | (c | f == k))
    };
    let mut blocks = t.chunks_exact(BLOCK);
    blocks
        .by_ref()
        .any(|b| b.iter().fold(0u8, |a, &c| a | u8::from(holds(c))) != 0)
        || blocks.remainder().iter().any(|&c| holds(c))
}

/// A needle as one masked comparison of the 16 bytes around one of its
/// triggers (from [`BEFORE`] bytes before it): `(x | fold) & mask ==
/// want`, where `fold` sets the case bit of the needle's letters (what
/// [`starts_with_ci_array`](super::starts_with_ci_array) compares byte by
/// byte, in a few instructions: a text of `所以答案是` repeated verifies a
/// trigger every seven bytes).
struct Pattern {
    fold: u128,
    mask: u128,
    want: u128,
}

impl Pattern {
    /// The pattern of `needle` (lowercase ASCII or other bytes, none zero,
    /// within the 16 bytes around its trigger). Called in constant items
    /// only, so its two checks run when the crate compiles (a needle that
    /// breaks them is a build error); no input reaches them.
    const fn new(needle: Needle) -> Pattern {
        Pattern::of(needle.text().as_bytes(), needle.offset())
    }

    /// The pattern of `word` starting `offset` bytes before a trigger.
    const fn of(word: &[u8], offset: usize) -> Pattern {
        let shift = BEFORE - offset;
        assert!(shift + word.len() <= 16);
        let (mut fold, mut mask, mut want) = (0u128, 0u128, 0u128);
        let mut i = 0;
        while i < word.len() {
            assert!(word[i] != 0);
            let shift = 8 * (shift + i) as u32;
            if word[i].is_ascii_lowercase() {
                fold |= 0x20 << shift;
            }
            mask |= 0xFF << shift;
            want |= (word[i] as u128) << shift;
            i += 1;
        }
        Pattern { fold, mask, want }
    }

    /// Whether the 16 bytes `x` (little-endian, from [`BEFORE`] bytes
    /// before a trigger) hold the needle, ASCII case ignored.
    #[inline(always)]
    fn holds(&self, x: u128) -> bool {
        (x | self.fold) & self.mask == self.want
    }

    /// Whether `t[s..]` starts with the needle `n` (the pattern's), ASCII
    /// case ignored (the bytes outside `t` read as zero, which no needle
    /// holds).
    #[cfg(test)]
    fn at(&self, n: Needle, t: &[u8], s: usize) -> bool {
        let mut w = [0u8; 16];
        for (i, x) in w.iter_mut().enumerate() {
            let k = (s + n.offset() + i).checked_sub(BEFORE);
            *x = k.and_then(|k| t.get(k)).copied().unwrap_or(0);
        }
        self.holds(u128::from_le_bytes(w))
    }
}

const BOXED_P: Pattern = Pattern::new(Needle::Boxed);
const FBOX: Pattern = Pattern::new(Needle::Fbox);
const THEREFORE: Pattern = Pattern::new(Needle::Therefore);
#[cfg(test)]
const FINAL_ANSWER: Pattern = Pattern::new(Needle::FinalAnswer);
/// The first six bytes of "final answer" (the rest is "answer", compared
/// before).
const FINAL_: Pattern = Pattern::of(b"final ", Needle::FinalAnswer.offset());
const ANSWER: Pattern = Pattern::new(Needle::Answer);
const HASHES_P: Pattern = Pattern::new(Needle::Hashes);
const ANSWER_ZH: Pattern = Pattern::new(Needle::AnswerZh);
const SO_ZH: Pattern = Pattern::new(Needle::SoZh);

/// Whether a trigger may start at `k` of the block in `w` (its window):
/// its second byte is one that every occurrence of a needle holds at a
/// fixed offset from its start ([`Needle::offset`], ASCII case ignored):
/// the second byte of `\b`, `\f` (`\boxed`, `\fbox`, at 0), `##`
/// (`####`, at 0), `sw` ("answer" at 2, "final answer" at 8), `ef`
/// ("therefore" at 4), and of 答 and 所 (at 0: one of four bytes, 0xAD and
/// 0x89 among them, tested by one comparison), with the byte after it (the
/// `o` of `\bo`, the `b` of `\fb`, …); and but for `##` its first
/// byte has its bit 6 set, as `\`, `s`, `S`, `e`, `E`, 0xE6 and 0xE7 have
/// (a space, a digit, punctuation or a continuation byte before a `b`,
/// `f` or `w` starts no needle: `of`, ` be`, `(w`; about half the positions
/// prose marks by its second byte alone). The first byte itself is left to
/// the verification, which compares the whole needle. (A block after one
/// of four `####` or more finds its `####` at once, [`hash_flags`]: their
/// positions are not verified one by one.)
#[inline(always)]
fn trigger(w: &[u8; WINDOW], k: usize) -> bool {
    let d = w[BEFORE + k + 1];
    // `d | 0x24` is `f` exactly for `b`, `B`, `f`, `F`, and 0xAD exactly
    // for 0x89, 0x8D, 0xA9, 0xAD.
    let d24 = d | 0x24;
    // After `b`, `B`, `f` or `F`, the third byte tells more, ASCII case
    // ignored: `o` after the `b` of `\boxed` and the `f` of "therefore",
    // `b` after the `f` of `\fbox`; `e | 0x2D` is `o` for these two (and
    // for `c`, `g`, `j`, `k`, `n` — no matter: the verification compares
    // the whole needle), not for the `r` of `\frac`, the `e` of `\begin`,
    // `\beta` or the `}` of `\frac{a}{b}` (no trigger).
    let e = w[BEFORE + k + 2];
    let boxes_or_therefore = (d24 == b'f') & (e | 0x2D == b'o');
    // And the first byte of every needle but `####` (`\`, `s`, `S`,
    // `e`, `E`, 0xE6, 0xE7) has its bit 6 set: a space, a digit, a
    // punctuation mark or a continuation byte before the second byte
    // starts no needle (`for`, ` be`, `(w`, the bytes of 答 and 所 inside
    // other characters are not verified).
    let first = w[BEFORE + k] & 0x40 != 0;
    (first & (boxes_or_therefore | (d | 0x20 == b'w') | (d24 == 0xAD))) | (d == b'#')
}

/// A stronger [`trigger`] for a block that holds four triggers or more:
/// five bytes around the position are what a needle holds there, up to a
/// few bytes each — `\bo`, `\fb` or `efo` (the second and third bytes
/// as [`trigger`] tests them), then a fourth byte from `o` to `x` and a
/// fifth `e` or `x` (`\boxe`, `\fbox`, `efore`); `nswer` (from the byte
/// before, "answer" and "final answer"); the first four bytes of 答案 and
/// 所以 (each byte one comparison that holds both, and two or three
/// others); `####`. It holds wherever a needle starts and implies
/// [`trigger`] (a test checks both), so that a block of near misses
/// repeated (`sw`, `\bo`, `efo`, 答) is not verified at every repeat:
/// it costs this classification, about five times [`trigger`]'s, which
/// prose, with fewer triggers a block, never pays.
#[inline(always)]
fn strong_trigger(w: &[u8; WINDOW], k: usize) -> bool {
    let at = |i: usize| w[BEFORE + k + i];
    let lower = |x: u8| x | 0x20;
    let (p, c, d, e, f, g) = (w[BEFORE + k - 1], at(0), at(1), at(2), at(3), at(4));
    let d24 = d | 0x24;
    let boxes_or_therefore = ((c == b'\\') | (lower(c) == b'e'))
        & (d24 == b'f')
        & (e | 0x2D == b'o')
        & (lower(f).wrapping_sub(b'o') < 10)
        & ((lower(g) == b'e') | (lower(g) == b'x'));
    let answer = (lower(p) == b'n')
        & (lower(c) == b's')
        & (lower(d) == b'w')
        & (lower(e) == b'e')
        & (lower(f) == b'r');
    // 答案 is E7 AD 94 E6, 所以 E6 89 80 E4.
    let chinese = (c | 0x01 == 0xE7) & (d24 == 0xAD) & (e | 0x14 == 0x94) & (f | 0x02 == 0xE6);
    let hashes = (c == b'#') & (d == b'#') & (e == b'#') & (f == b'#');
    boxes_or_therefore | answer | chinese | hashes
}

/// The starts of `####` in a block (one flag byte each): the loop of
/// [`block_flags`] for a block in a run of them.
#[inline(always)]
fn hash_flags(w: &[u8; WINDOW]) -> [u8; BLOCK] {
    let mut f = [0u8; BLOCK];
    for (k, x) in f.iter_mut().enumerate() {
        let k = BEFORE + k;
        *x =
            u8::from((w[k] == b'#') & (w[k + 1] == b'#') & (w[k + 2] == b'#') & (w[k + 3] == b'#'));
    }
    f
}

/// The triggers of a block (one flag byte each): a loop without branches
/// that the compiler turns into vector compares.
#[inline(always)]
fn block_flags(w: &[u8; WINDOW]) -> [u8; BLOCK] {
    let mut f = [0u8; BLOCK];
    for (k, x) in f.iter_mut().enumerate() {
        *x = u8::from(trigger(w, k));
    }
    f
}

/// The 16-byte row of a block's positions where the test `$holds` holds
/// (position `16 * q + i` at bit `q` of byte `i`). A macro, not a function
/// taking the test: passed as a value, the test was not inlined and the
/// loop not turned into vector compares.
macro_rules! row_of {
    ($w:expr, $holds:ident) => {{
        let mut row = [0u8; 16];
        for (i, x) in row.iter_mut().enumerate() {
            *x = u8::from($holds($w, i))
                | u8::from($holds($w, 16 + i)) << 1
                | u8::from($holds($w, 32 + i)) << 2
                | u8::from($holds($w, 48 + i)) << 3;
        }
        row
    }};
}

/// The triggers of a block but those where `$found` holds, as a
/// [`block_row`] mask, and the positions where it holds in order (bit `j`:
/// at `j`), classified side by side in one loop (`$found` implies
/// [`trigger`]: its positions need no verification). A macro for the
/// reason [`row_of!`] is one.
macro_rules! row_and_found {
    ($w:expr, $found:ident) => {{
        let w = $w;
        let (mut row, mut boxes) = ([0u8; 16], [0u8; 16]);
        for (i, (r, b)) in row.iter_mut().zip(&mut boxes).enumerate() {
            let at = |q: usize| {
                let bx = $found(w, 16 * q + i);
                (
                    u8::from(trigger(w, 16 * q + i) & !bx) << q,
                    u8::from(bx) << q,
                )
            };
            let (q0, q1, q2, q3) = (at(0), at(1), at(2), at(3));
            *r = q0.0 | q1.0 | q2.0 | q3.0;
            *b = q0.1 | q1.1 | q2.1 | q3.1;
        }
        let halves = |r: &[u8; 16]| {
            let (lo, hi) = r.split_at(8);
            let word = |h: &[u8]| h.first_chunk::<8>().map_or(0, |c| u64::from_le_bytes(*c));
            (word(lo), word(hi))
        };
        let (lo, hi) = halves(&row);
        // Quarter `q` of the boxes is bit `q` of each byte: its 16 bits in
        // order, eight at a time (one multiplication gathers bit 0 of eight
        // bytes, as `pack_flags` does).
        let gather = |x: u64| (x & 0x0101_0101_0101_0101).wrapping_mul(0x0102_0408_1020_4080) >> 56;
        let (blo, bhi) = halves(&boxes);
        let ordered = (0..4).fold(0u64, |m, q| {
            m | gather(blo >> q) << (16 * q) | gather(bhi >> q) << (16 * q + 8)
        });
        (lo | hi << 4, ordered)
    }};
}

/// The triggers of a block as a shuffled mask: trigger `16 * q + i` at bit
/// `q` of byte `i` of a 16-byte row (the four quarters classified side by
/// side, 16 positions at a time), the row's second half folded onto its
/// first (byte `i + 8` at bit `q + 4` of byte `i`); [`unfold_row`] maps a
/// bit back to its position. Fewer steps than classifying into 64 flag
/// bytes and packing them (the block's triggers are visited in any order).
#[inline(always)]
fn block_row(w: &[u8; WINDOW]) -> u64 {
    fold_row(&row_of!(w, trigger))
}

/// [`block_row`] for [`strong_trigger`].
#[inline(always)]
fn strong_row(w: &[u8; WINDOW]) -> u64 {
    fold_row(&row_of!(w, strong_trigger))
}

/// A row of 16 bytes (four bits each) as a [`block_row`] mask.
#[inline(always)]
fn fold_row(row: &[u8; 16]) -> u64 {
    let (lo, hi) = row.split_at(8);
    let word = |h: &[u8]| h.first_chunk::<8>().map_or(0, |c| u64::from_le_bytes(*c));
    word(lo) | word(hi) << 4
}

/// The position in its block of bit `t` of a [`block_row`] mask (`t <
/// 64`): bit `q + 4h` of byte `i` is the trigger at `16 * q + 8 * h + i`.
#[inline(always)]
fn unfold_row(t: u32) -> usize {
    let t = t as usize;
    16 * (t & 3) + 8 * (t >> 2 & 1) + (t >> 3)
}

/// Whether `\boxed` starts at `k` of the block in `w` (ASCII case
/// ignored), without branches.
#[inline(always)]
fn is_box(w: &[u8; WINDOW], k: usize) -> bool {
    let k = BEFORE + k;
    (w[k] == b'\\')
        & (w[k + 1] | 0x20 == b'b')
        & (w[k + 2] | 0x20 == b'o')
        & (w[k + 3] | 0x20 == b'x')
        & (w[k + 4] | 0x20 == b'e')
        & (w[k + 5] | 0x20 == b'd')
}

/// The starts of `\boxed` in a block (one flag byte each): the same loop
/// without branches, for a block in a run of boxes and of `####`.
#[inline(always)]
fn box_flags(w: &[u8; WINDOW]) -> [u8; BLOCK] {
    let mut f = [0u8; BLOCK];
    for (k, x) in f.iter_mut().enumerate() {
        *x = u8::from(is_box(w, k));
    }
    f
}

/// Whether "answer" starts two bytes before `k` of the block in `w` (its
/// trigger, the `s`, at `k`; ASCII case ignored), without branches.
#[inline(always)]
fn is_answer(w: &[u8; WINDOW], k: usize) -> bool {
    let k = BEFORE + k - 2;
    (w[k] | 0x20 == b'a')
        & (w[k + 1] | 0x20 == b'n')
        & (w[k + 2] | 0x20 == b's')
        & (w[k + 3] | 0x20 == b'w')
        & (w[k + 4] | 0x20 == b'e')
        & (w[k + 5] | 0x20 == b'r')
}

/// Whether 答案 starts at `k` of the block in `w` (its trigger is its
/// first byte), without branches.
#[inline(always)]
fn is_answer_zh(w: &[u8; WINDOW], k: usize) -> bool {
    let k = BEFORE + k;
    // 答案 is E7 AD 94 E6 A1 88.
    (w[k] == 0xE7)
        & (w[k + 1] == 0xAD)
        & (w[k + 2] == 0x94)
        & (w[k + 3] == 0xE6)
        & (w[k + 4] == 0xA1)
        & (w[k + 5] == 0x88)
}

/// For a block in a run of boxes: its triggers but its boxes as a
/// [`block_row`] mask, and its boxes in order (bit `j`: `\boxed` at `j`),
/// classified side by side in one loop (a box is a trigger, so its
/// position needs no verification).
#[inline(always)]
fn block_row_boxes(w: &[u8; WINDOW]) -> (u64, u64) {
    row_and_found!(w, is_box)
}

/// [`block_row_boxes`] for a block in a run of "answer": the triggers of
/// "answer" (its `s`) found at once.
#[inline(always)]
fn block_row_answers(w: &[u8; WINDOW]) -> (u64, u64) {
    row_and_found!(w, is_answer)
}

/// [`block_row_boxes`] for a block in a run of 答案.
#[inline(always)]
fn block_row_answers_zh(w: &[u8; WINDOW]) -> (u64, u64) {
    row_and_found!(w, is_answer_zh)
}

/// The flag of [`Anchors::scan`]'s state after a block of four boxes or
/// more (its next block finds its boxes at once).
const DENSE_BOXES: u8 = 1;
/// The same after a block of four `####` or more.
const DENSE_HASHES: u8 = 2;
/// The same after a block of three "answer" or more (three, not four:
/// `the answer is 5. ` repeated, 17 bytes, holds three or four a block,
/// and each block after one of three paid the test of every trigger).
const DENSE_ANSWERS: u8 = 4;
/// The same after a block of four 答案 or more.
const DENSE_ANSWERS_ZH: u8 = 8;

/// The window of the block at `pos` of `t`: `t[pos - BEFORE..pos + BLOCK +
/// LOOK]`, or a copy in `pad` with zero bytes outside `t` (the first and
/// the last blocks).
#[inline(always)]
fn window<'a>(t: &'a [u8], pos: usize, pad: &'a mut [u8; WINDOW]) -> &'a [u8; WINDOW] {
    if let Some(w) = pos
        .checked_sub(BEFORE)
        .and_then(|s| t.get(s..))
        .and_then(<[u8]>::first_chunk::<WINDOW>)
    {
        return w;
    }
    *pad = [0; WINDOW];
    let from = pos.saturating_sub(BEFORE);
    let to = (pos + BLOCK + LOOK).min(t.len());
    let at = from + BEFORE - pos;
    pad[at..at + (to - from)].copy_from_slice(&t[from..to]);
    pad
}

/// The 16 bytes of `w` from `j` (a trigger at `j` of the block: from
/// [`BEFORE`] bytes before it).
#[inline(always)]
fn around(w: &[u8; WINDOW], j: usize) -> u128 {
    // (`j < 64`: the chunk is always there.)
    w.get(j & 63..)
        .and_then(<[u8]>::first_chunk::<16>)
        .map_or(0, |c| u128::from_le_bytes(*c))
}

/// The occurrences of a needle in 64 bytes from `base`: bit `b` of `mask`
/// is an occurrence at `base + b`. (`base` is the start of a block less
/// the needle's [`offset`](Needle::offset), modulo `usize`'s range: it
/// wraps below zero in the first block, where no occurrence does.)
#[derive(Debug, Clone, Copy)]
struct Run {
    base: usize,
    mask: u64,
}

impl Run {
    /// The first occurrence (the mask is never zero).
    fn first(self) -> usize {
        self.base.wrapping_add(self.mask.trailing_zeros() as usize)
    }

    /// The last occurrence.
    fn last(self) -> usize {
        self.base
            .wrapping_add(63 - self.mask.leading_zeros() as usize)
    }
}

/// The occurrences of a needle (`len` bytes) in `[from, to)`, read from
/// its runs, the first first (or the last first when `BACK`: a constant,
/// the loop of a backward search tests no direction).
struct RunHits<'a, const BACK: bool> {
    /// The runs not read yet.
    runs: &'a [Run],
    /// The run being read: its bits not read yet.
    cur: Run,
    from: usize,
    to: usize,
    len: usize,
}

impl<const BACK: bool> Iterator for RunHits<'_, BACK> {
    type Item = usize;

    #[inline]
    fn next(&mut self) -> Option<usize> {
        loop {
            while self.cur.mask == 0 {
                let (r, rest) = if BACK {
                    self.runs.split_last()?
                } else {
                    self.runs.split_first()?
                };
                self.cur = *r;
                self.runs = rest;
            }
            let b = if BACK {
                63 - self.cur.mask.leading_zeros()
            } else {
                self.cur.mask.trailing_zeros()
            };
            self.cur.mask &= !(1 << b);
            let h = self.cur.base.wrapping_add(b as usize);
            // (Only the runs at the two ends hold positions outside.)
            if h >= self.from && h + self.len <= self.to {
                return Some(h);
            }
        }
    }
}

/// How [`Anchors::scan`] recalled blocks lately ([`Classified::replay_run`]).
struct Recalls {
    /// The distance of the block recalled last ([`Classified::recall`]).
    hint: usize,
    /// The first block tried again after one not recalled, and how many
    /// blocks the next wait is.
    next: usize,
    gap: usize,
}

/// A block of eight triggers or more, or a dense one, as [`Anchors::scan`]
/// classified it: a later block with the same bytes around it ([`WINDOW`])
/// holds the same occurrences (the scan finds a block's occurrences exactly
/// whatever the block before it held, and the state it leaves,
/// [`DENSE_BOXES`] and the others, follows from them).
#[derive(Clone, Copy)]
struct Classified {
    /// The block's start in the text.
    pos: usize,
    /// The state it left.
    dense: u8,
    /// Its occurrences by needle, and whether all of them were verified.
    m: [u64; 8],
    verified: bool,
}

impl Classified {
    /// The block among those 1, 3, 5 and 7 blocks before the one at `pos`
    /// (in `memo`, by block index modulo 8) with the same bytes around it
    /// (both inside the text).
    ///
    /// `hint`, the distance of the block recalled last, is tried first (a
    /// unit repeated recalls every block from the same distance) and set to
    /// the one found.
    #[inline(always)]
    fn recall(
        memo: &[Option<Classified>; 8],
        t: &[u8],
        pos: usize,
        hint: &mut usize,
    ) -> Option<Classified> {
        let around = |p: usize| t.get(p.checked_sub(BEFORE)?..p + BLOCK + LOOK);
        let here = around(pos)?;
        let index = pos / BLOCK;
        // (The first eight bytes first: most blocks unlike another differ
        // there.)
        let word = |w: &[u8]| w.first_chunk::<8>().map(|x| u64::from_le_bytes(*x));
        let first = word(here);
        recall_back(memo, index, hint, |c, back| {
            c.is_some_and(|c| {
                around(c.pos).is_some_and(|there| {
                    c.pos + back * BLOCK == pos && word(there) == first && there == here
                })
            })
        })?
    }

    /// Records the occurrences of the block at `pos` (of a scan from
    /// `base`, of `blocks` blocks) as those of the block [`recall`]ed for
    /// it, which it becomes in `memo`, and returns the state it leaves;
    /// `None` when no block is recalled.
    ///
    /// [`recall`]: Classified::recall
    #[inline(always)]
    fn replay(
        memo: &mut [Option<Classified>; 8],
        anchors: &mut Anchors,
        t: &[u8],
        (base, pos): (usize, usize),
        blocks: usize,
        hint: &mut usize,
    ) -> Option<u8> {
        let c = Classified::recall(memo, t, pos, hint)?;
        anchors.record_block(c.m, c.verified, base + pos, blocks - pos / BLOCK);
        Classified::keep(memo, pos, c.dense, c.m, c.verified);
        Some(c.dense)
    }

    /// Keeps the block before `start` (its occurrences `m`, `verified`, and
    /// the state it left, `dense`), then [`Classified::replay`]s from the
    /// block at `start` on while a block is recalled (a scan from `base`,
    /// of `blocks` blocks): the first block not recalled and the state
    /// before it. After a block not recalled, no block is tried for twice
    /// as many blocks as last time, up to 64 ([`Recalls`]), and the scan
    /// calls it only for the blocks the next try may recall (7 blocks
    /// back at most): dense blocks that never repeat (`the answer is 5. `,
    /// 17 bytes, repeated) cost little more.
    /// (Not inlined: the scan's loop, which calls it only after a dense
    /// block, keeps its state in registers.)
    #[inline(never)]
    fn replay_run(
        (m, verified): ([u64; 8], bool),
        memo: &mut [Option<Classified>; 8],
        anchors: &mut Anchors,
        t: &[u8],
        (base, start, mut dense): (usize, usize, u8),
        blocks: usize,
        recalls: &mut Recalls,
    ) -> (usize, u8) {
        Classified::keep(memo, start - BLOCK, dense, m, verified);
        if start < recalls.next {
            return (start, dense);
        }
        let mut pos = start;
        while pos < t.len() {
            match Classified::replay(memo, anchors, t, (base, pos), blocks, &mut recalls.hint) {
                Some(left) => dense = left,
                None => break,
            }
            pos += BLOCK;
        }
        if pos == start {
            recalls.next = start + recalls.gap * BLOCK;
            recalls.gap = (recalls.gap * 2).min(64);
        } else {
            recalls.gap = 1;
        }
        (pos, dense)
    }

    /// Keeps the block at `pos` in `memo`.
    #[inline(always)]
    fn keep(
        memo: &mut [Option<Classified>; 8],
        pos: usize,
        dense: u8,
        m: [u64; 8],
        verified: bool,
    ) {
        memo[pos / BLOCK % 8] = Some(Classified {
            pos,
            dense,
            m,
            verified,
        });
    }
}

/// Every occurrence of every needle in a text, by needle, in increasing
/// order (absolute byte positions), as runs: one per block of the scan
/// that holds an occurrence (a text of `\boxed{` or `所以答案是` repeated
/// records a word per 64 bytes and needle, not one per occurrence).
#[derive(Debug, Default)]
pub(super) struct Anchors {
    /// By needle (`runs[needle as usize]`).
    runs: [Vec<Run>; 8],
}

impl Anchors {
    /// The occurrences in `text` (from absolute position `base` on), ASCII
    /// case ignored (what the needles match in the lowercase text): one pass.
    ///
    /// The text is classified [`BLOCK`] bytes at a time: the positions of
    /// the [`trigger`]s, found by a branch-free loop, are the only ones
    /// where a needle is compared, each by one masked comparison of the 16
    /// bytes around it, which sets the occurrence's bit in its needle's
    /// word for the block. No copy of the text is made, and a position
    /// costs the same however many needles occur (a text of `\boxed{`
    /// repeated).
    pub(super) fn scan(t: &[u8], base: usize) -> Anchors {
        let mut anchors = Anchors::default();
        let n = t.len();
        let mut pos = 0;
        let mut pad = [0u8; WINDOW];
        // Whether the last block held four boxes or more ([`DENSE_BOXES`]),
        // four `####` or more, three "answer" or more (0: none of them, one
        // test for most blocks).
        let mut dense = 0u8;
        let blocks = n.div_ceil(BLOCK);
        const BOXED: usize = Needle::Boxed as usize;
        const HASHES: usize = Needle::Hashes as usize;
        const ANSWERS: usize = Needle::Answer as usize;
        const FINAL_ANSWERS: usize = Needle::FinalAnswer as usize;
        const ANSWERS_ZH: usize = Needle::AnswerZh as usize;
        // The last blocks of eight triggers or more, by block index modulo
        // 8 ([`Classified`]).
        let mut memo: [Option<Classified>; 8] = [None; 8];
        // How blocks were recalled lately ([`Recalls`]).
        let mut recalls = Recalls {
            hint: 1,
            next: 0,
            gap: 1,
        };
        while pos < n {
            let w = window(t, pos, &mut pad);
            // The block's occurrences, by needle (bit `j`: the trigger at
            // `pos + j`).
            let mut m = [0u64; 8];
            // The triggers' mask: in order after a block dense in `####`
            // (whose runs clear bits of it below), else shuffled (the
            // triggers are visited in any order). After a block of four
            // boxes or more, this one's boxes are found at once (a text of
            // `\boxed{` repeated verifies none of them one by one).
            let (dense_boxes, dense_hashes) = (dense & DENSE_BOXES != 0, dense & DENSE_HASHES != 0);
            let mut bits = if dense == 0 {
                block_row(w)
            } else if dense_hashes {
                pack_flags(&block_flags(w))
            } else if dense_boxes {
                let (row, boxes) = block_row_boxes(w);
                m[BOXED] = boxes;
                row
            } else if dense & DENSE_ANSWERS != 0 {
                // (The same for "answer": `answer ` repeated verifies none
                // of them one by one; "final answer" is its first six
                // bytes compared.)
                let (row, answers) = block_row_answers(w);
                m[ANSWERS] = answers;
                let mut a = answers;
                while a != 0 {
                    let j = a.trailing_zeros() as usize;
                    a &= a - 1;
                    m[FINAL_ANSWERS] |= u64::from(FINAL_.holds(around(w, j))) << j;
                }
                row
            } else {
                // (And for 答案, the last flag left.)
                let (row, answers) = block_row_answers_zh(w);
                m[ANSWERS_ZH] = answers;
                row
            };
            if dense_hashes && dense_boxes {
                m[BOXED] = pack_flags(&box_flags(w));
                bits &= !m[BOXED];
            }
            // A block of four triggers or more (near misses repeated,
            // `sw`, `\bo`, 答, or needles): only those the stronger test
            // keeps are verified.
            let mut costly = false;
            if bits != 0 && at_least_bits::<4>(bits) {
                costly = at_least_bits::<8>(bits);
                bits &= if dense_hashes {
                    let mut f = [0u8; BLOCK];
                    for (k, x) in f.iter_mut().enumerate() {
                        *x = u8::from(strong_trigger(w, k));
                    }
                    pack_flags(&f)
                } else {
                    strong_row(w)
                };
            }
            if dense_hashes {
                // The same for `####`: the positions whose second byte is
                // one of its `#` (the byte before it and its first three
                // bytes; a `#` second byte is no other needle's trigger)
                // are found here, none verified.
                let h = pack_flags(&hash_flags(w));
                m[HASHES] = h;
                bits &= !(h >> 1 | h | h << 1 | h << 2);
            }
            let mut found = m[BOXED] | m[HASHES] | m[ANSWERS] | m[ANSWERS_ZH];
            let verified = bits != 0;
            while bits != 0 {
                let t = bits.trailing_zeros();
                bits &= bits - 1;
                let j = if dense_hashes {
                    t as usize
                } else {
                    unfold_row(t)
                };
                let x = around(w, j);
                let bit = 1u64 << j;
                let on = |p: &Pattern| bit * u64::from(p.holds(x));
                // The trigger's first byte tells which needles it can start.
                match w[BEFORE + (j & 63)] {
                    b'\\' if BOXED_P.holds(x) => m[BOXED] |= bit,
                    b'\\' => m[Needle::Fbox as usize] |= on(&FBOX),
                    b'#' => m[HASHES] |= on(&HASHES_P),
                    b's' | b'S' if ANSWER.holds(x) => {
                        // ("final answer" holds "answer": only its first
                        // six bytes are left to compare.)
                        m[Needle::Answer as usize] |= bit;
                        m[Needle::FinalAnswer as usize] |= on(&FINAL_);
                    }
                    b's' | b'S' => {}
                    b'e' | b'E' => m[Needle::Therefore as usize] |= on(&THEREFORE),
                    0xE7 => m[Needle::AnswerZh as usize] |= on(&ANSWER_ZH),
                    0xE6 => m[Needle::SoZh as usize] |= on(&SO_ZH),
                    // (A position whose second byte alone is a trigger's.)
                    _ => {}
                }
            }
            if verified {
                found = m.iter().fold(0, |a, &b| a | b);
            }
            if found != 0 {
                anchors.record_block(m, verified, base + pos, blocks - pos / BLOCK);
            }
            dense = 0;
            if found != 0 {
                let four = |x: u64| x != 0 && at_least_bits::<4>(x);
                let three = |x: u64| x != 0 && at_least_bits::<3>(x);
                dense = (u8::from(four(m[BOXED])) * DENSE_BOXES)
                    | (u8::from(four(m[HASHES])) * DENSE_HASHES)
                    | (u8::from(three(m[ANSWERS])) * DENSE_ANSWERS)
                    | (u8::from(four(m[ANSWERS_ZH])) * DENSE_ANSWERS_ZH);
            }
            pos += BLOCK;
            // A block of eight triggers or more, or a dense one, is kept;
            // the blocks after it with the bytes around them of such a
            // block 1, 3, 5 or 7 blocks back hold its occurrences, and are
            // not classified (a unit repeated whose length divides 64, 192,
            // 320 or 448 bytes: `sw`, `efo`, 答, `\bo`, `abcdefgh` are
            // classified in a block or a few, the others recalled; so are
            // `\boxed{` and `answer ` repeated). Only here, after a block
            // already dense: a test in every block cost prose 5 % more.
            // (While no block is tried, none is kept that the next try
            // cannot recall.)
            if (costly || dense != 0) && pos + 6 * BLOCK >= recalls.next {
                (pos, dense) = Classified::replay_run(
                    (m, verified),
                    &mut memo,
                    &mut anchors,
                    t,
                    (base, pos, dense),
                    blocks,
                    &mut recalls,
                );
            }
        }
        anchors
    }

    /// Records the occurrences `m` (by needle) of the block at `block`,
    /// `left` blocks from the end of the scan: every needle's when they
    /// were `verified`, else only those a block after a dense one finds at
    /// once (a loop over every needle costs a block of boxes or "answer"
    /// repeated a fifth more).
    #[inline(always)]
    fn record_block(&mut self, m: [u64; 8], verified: bool, block: usize, left: usize) {
        if verified {
            for (needle, mask) in NEEDLES.into_iter().zip(m) {
                self.record(needle, block, mask, left);
            }
        } else {
            self.record(Needle::Boxed, block, m[Needle::Boxed as usize], left);
            self.record(Needle::Hashes, block, m[Needle::Hashes as usize], left);
            self.record(Needle::Answer, block, m[Needle::Answer as usize], left);
            let final_answers = m[Needle::FinalAnswer as usize];
            self.record(Needle::FinalAnswer, block, final_answers, left);
            self.record(Needle::AnswerZh, block, m[Needle::AnswerZh as usize], left);
        }
    }

    /// Records the occurrences `mask` of `needle` in the block at `block`
    /// (none when zero), `left` blocks from the end of the scan.
    #[inline(always)]
    fn record(&mut self, needle: Needle, block: usize, mask: u64, left: usize) {
        if mask == 0 {
            return;
        }
        let runs = &mut self.runs[needle as usize];
        if runs.len() == runs.capacity() {
            // Room for every block left up to 64 at once (one allocation
            // for a needle of a text up to 4 KiB), then for every block
            // left: no copy per doubling.
            runs.reserve_exact(if runs.is_empty() { left.min(64) } else { left });
        }
        runs.push(Run {
            base: block.wrapping_sub(needle.offset()),
            mask,
        });
    }

    /// Whether `needle` occurs anywhere in the text scanned.
    #[inline(always)]
    pub(super) fn occurs(&self, needle: Needle) -> bool {
        !self.runs[needle as usize].is_empty()
    }

    /// Whether no needle occurs at all (no box, no phrase, no "therefore":
    /// the explicit search has nothing to find).
    pub(super) fn is_empty(&self) -> bool {
        self.runs.iter().all(Vec::is_empty)
    }

    /// The occurrences in `text[start..end]`, from those of
    /// `text[old..end]` (`self`, `start ≤ old`): only the bytes before `old`
    /// (and the few after it that an occurrence starting before it can
    /// reach) are scanned. Every occurrence of every needle is recorded, so
    /// the two sets join.
    pub(super) fn extend_front(self, text: &[u8], start: usize, old: usize, end: usize) -> Anchors {
        let reach = end.min(old + LONGEST - 1);
        let mut front = Anchors::scan(&text[start..reach], start);
        for (runs, later) in front.runs.iter_mut().zip(self.runs) {
            runs.retain_mut(|r| {
                let keep = old.wrapping_sub(r.base);
                if keep < 64 {
                    r.mask &= (1 << keep) - 1;
                }
                r.mask != 0 && r.first() < old
            });
            // (A needle only in the later part keeps its list: no copy.)
            if runs.is_empty() {
                *runs = later;
            } else {
                runs.extend(later);
            }
        }
        front
    }

    /// The occurrences of `needle` that lie in `[from, to)` (overlapping
    /// ones included), in order (the last first when `BACK`): the runs that
    /// reach the range, their bits filtered at its two ends.
    #[inline]
    fn hits<const BACK: bool>(&self, needle: Needle, from: usize, to: usize) -> RunHits<'_, BACK> {
        let len = needle.len();
        let runs = &self.runs[needle as usize];
        let first = runs.partition_point(|r| r.last() < from);
        let last = runs.partition_point(|r| r.first() + len <= to).max(first);
        RunHits {
            runs: &runs[first..last],
            cur: Run { base: 0, mask: 0 },
            from,
            to,
            len,
        }
    }

    /// Whether `needle` occurs at `at` (overlapping occurrences included).
    pub(super) fn holds(&self, needle: Needle, at: usize) -> bool {
        self.hits::<false>(needle, at, at + needle.len())
            .next()
            .is_some()
    }

    /// The first of the occurrences of `####` one byte apart that end at
    /// `h` (an occurrence), none before `from`: the forward search keeps
    /// every fourth from it. Read a word of runs at a time.
    fn chain_start(&self, h: usize, from: usize) -> usize {
        let runs = &self.runs[Needle::Hashes as usize];
        let mut i = runs.partition_point(|r| r.last() < h);
        let mut p = h;
        while p > from {
            let q = p - 1;
            while runs.get(i).is_some_and(|r| q < r.base) {
                if i == 0 {
                    return p;
                }
                i -= 1;
            }
            let Some(r) = runs.get(i) else {
                return p;
            };
            let b = q - r.base;
            if b >= 64 || r.mask >> b & 1 == 0 {
                return p;
            }
            // The occurrences one apart down from `q` in this run.
            let ones = (!(r.mask << (63 - b))).leading_zeros() as usize;
            p = q + 1 - ones;
        }
        p.max(from)
    }

    /// The positions of `needle` in `range` that [`Anchors::find`]
    /// returns, the last first: a query that needs only the last few
    /// occurrences reads only those (and, for `####`, the run of `#` they
    /// end, a word at a time).
    #[inline(always)]
    pub(super) fn find_rev(
        &self,
        needle: Needle,
        range: Range<usize>,
    ) -> impl Iterator<Item = usize> + '_ {
        let len = needle.len();
        // Only `####` overlaps itself: the hits one byte apart are a run of
        // `#`, of which the forward search keeps every fourth from the
        // run's first hit. `chain` is that first hit for the run being read.
        let overlapping = needle == Needle::Hashes;
        let mut chain = usize::MAX;
        let from = range.start;
        self.hits::<true>(needle, range.start, range.end)
            .filter(move |&h| {
                if !overlapping {
                    return true;
                }
                if chain > h {
                    chain = self.chain_start(h, from);
                }
                (h - chain) % len == 0
            })
    }

    /// The positions of `needle` in `[from, to)`, as `str::match_indices`
    /// finds them in that range: whole occurrences, none overlapping the
    /// previous one found.
    #[inline]
    pub(super) fn find(
        &self,
        needle: Needle,
        from: usize,
        to: usize,
    ) -> impl Iterator<Item = usize> + '_ {
        let len = needle.len();
        let mut next = from;
        self.hits::<false>(needle, from, to).filter(move |&h| {
            let keep = h >= next;
            if keep {
                next = h + len;
            }
            keep
        })
    }

    /// Every occurrence of `needle`, overlapping ones included (the tests'
    /// view of the table).
    #[cfg(test)]
    fn all(&self, needle: Needle) -> Vec<usize> {
        self.hits::<false>(needle, 0, usize::MAX).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every query of `a` over `text` is what `match_indices` finds.
    fn check(text: &str) {
        let lower = text.to_ascii_lowercase();
        let a = Anchors::scan(text.as_bytes(), 0);
        for n in NEEDLES {
            for from in (0..=text.len()).filter(|&i| text.is_char_boundary(i)) {
                for to in [from, (from + 7).min(text.len()), text.len()] {
                    let Some(hay) = lower.get(from..to) else {
                        continue;
                    };
                    let want: Vec<usize> =
                        hay.match_indices(n.text()).map(|(i, _)| i + from).collect();
                    let got: Vec<usize> = a.find(n, from, to).collect();
                    assert_eq!(got, want, "{n:?} in {from}..{to} of {text:?}");
                    let mut back: Vec<usize> = a.find_rev(n, from..to).collect();
                    back.reverse();
                    assert_eq!(back, want, "{n:?} backwards in {from}..{to} of {text:?}");
                }
            }
        }
    }

    /// A pattern's masked comparison is `starts_with_ci_array` of its
    /// word, at every position of texts of near misses (case, the byte
    /// after the case bit, the end of the text inside a needle).
    #[test]
    fn patterns_are_the_byte_comparison() {
        fn same<const N: usize>(t: &[u8], p: &Pattern, word: &[u8; N]) {
            let n = NEEDLES
                .into_iter()
                .find(|n| n.text().as_bytes() == word)
                .unwrap();
            for s in 0..=t.len() {
                assert_eq!(
                    p.at(n, t, s),
                    starts_with_ci_array(&t[s..], word),
                    "{t:?} {s}"
                );
            }
        }
        let pieces = [
            "\\boxed",
            "\\BOXED",
            "\\fbox",
            "\\Fbox",
            "therefore",
            "THEREFORE",
            "final answer",
            "final\tanswer",
            "answer",
            "ANSWER",
            "answe",
            "答案",
            "所以",
            "##",
            "#",
            "\u{6340}",
            "\u{7a40}",
            "\u{7f}",
            "\u{80}",
            "@",
            "`",
            "{",
            "[",
            " ",
            "x",
            "é",
        ];
        let mut glue = crate::text::Glue(11);
        for _ in 0..1500 {
            let s = glue.text(&pieces, 4);
            let t = s.as_bytes();
            same(t, &BOXED_P, b"\\boxed");
            same(t, &FBOX, b"\\fbox");
            same(t, &THEREFORE, b"therefore");
            same(t, &FINAL_ANSWER, b"final answer");
            same(t, &ANSWER, b"answer");
            same(t, &HASHES_P, b"####");
            same(t, &ANSWER_ZH, b"\xE7\xAD\x94\xE6\xA1\x88");
            same(t, &SO_ZH, b"\xE6\x89\x80\xE4\xBB\xA5");
        }
    }

    /// Every occurrence of a needle holds its key, so a text without the
    /// keys holds none: `may_occur` is false only where `match_indices`
    /// finds nothing.
    #[test]
    fn keys_are_in_every_occurrence() {
        for n in NEEDLES {
            let k = n.key();
            assert!(n.text().as_bytes().contains(&k), "{n:?}");
        }
        let pieces = [
            "answer",
            "ANSWER",
            "所以",
            "答案",
            "\\fbox",
            "####",
            "therefore",
            "x",
            "1",
            "\u{6340}",
            " ",
        ];
        let mut glue = crate::text::Glue(5);
        for round in 0..400 {
            let s = glue.text(&pieces, 3) + &"9".repeat(round % 130);
            let lower = s.to_ascii_lowercase();
            for n in NEEDLES {
                let occurs = lower.contains(n.text());
                assert!(!occurs || may_occur(s.as_bytes(), [n]), "{n:?} {s:?}");
                let key = s
                    .bytes()
                    .any(|c| c == n.key() || c.is_ascii_uppercase() && c | 0x20 == n.key());
                assert_eq!(may_occur(s.as_bytes(), [n]), key, "{n:?} {s:?}");
            }
        }
    }

    /// `block_row`'s bits, each read back by `unfold_row`, are the
    /// positions where `trigger` holds, each once (windows of bytes that
    /// make triggers, their neighbours, and every position alone).
    #[test]
    fn block_row_unfolds_to_the_triggers() {
        let bytes = [
            b'\\', b'b', b'B', b'f', b'F', b'w', b'W', b's', b'e', b'#', b' ', b'a', 0x89, 0x8D,
            0xA9, 0xAD, 0xE6, 0xE7, 0x94, b'c', b'o', b'O', b'r', b'}', 0x80,
        ];
        let mut glue = crate::text::Glue(45);
        let mut triggers = 0;
        for round in 0..3000usize {
            let mut w = [b'x'; WINDOW];
            if round < BLOCK {
                // One trigger alone, at each position.
                w[BEFORE + round] = b's';
                w[BEFORE + round + 1] = b'w';
            } else {
                for x in w.iter_mut() {
                    *x = bytes[(glue.next() >> 33) as usize % bytes.len()];
                }
            }
            let want: Vec<usize> = (0..BLOCK).filter(|&k| trigger(&w, k)).collect();
            let mut bits = block_row(&w);
            let mut got = Vec::new();
            while bits != 0 {
                got.push(unfold_row(bits.trailing_zeros()));
                bits &= bits - 1;
            }
            got.sort_unstable();
            assert_eq!(got, want, "{w:?}");
            triggers += want.len();
        }
        assert!(triggers > 10_000, "{triggers}");
    }

    /// The stronger test of the blocks dense in triggers holds wherever a
    /// needle starts (each needle planted at each position of a block,
    /// in either case) and only where [`trigger`] holds (windows of
    /// needles and near misses); and a scan of texts dense in near misses
    /// and needles finds what `match_indices` finds.
    #[test]
    fn dense_blocks_find_what_one_search_finds() {
        for n in NEEDLES {
            for text in [n.text().to_string(), n.text().to_ascii_uppercase()] {
                for k in n.offset()..BLOCK {
                    let mut w = [b'x'; WINDOW];
                    let at = BEFORE + k - n.offset();
                    w[at..at + text.len()].copy_from_slice(text.as_bytes());
                    assert!(strong_trigger(&w, k) && trigger(&w, k), "{n:?} at {k}");
                }
            }
        }
        let pieces = [
            "sw",
            "nswer",
            "answer",
            "ANSWER",
            "final answer",
            "\\bo",
            "\\boxe",
            "\\boxed",
            "\\fb",
            "\\fbox",
            "efo",
            "efore",
            "therefore",
            "答",
            "答案",
            "所以",
            "所",
            "#x",
            "###",
            "####",
            "x",
            " ",
        ];
        let mut glue = crate::text::Glue(23);
        let mut dense = 0;
        for round in 0..60 {
            let mut s = String::new();
            while s.len() < 3000 + round * 37 {
                glue.push(&mut s, &pieces);
            }
            let b = s.as_bytes();
            let mut pad = [0u8; WINDOW];
            for pos in (0..b.len()).step_by(BLOCK) {
                let w = window(b, pos, &mut pad);
                let (weak, strong) = (block_row(w), strong_row(w));
                assert_eq!(strong & !weak, 0, "{s:?} at {pos}");
                dense += usize::from(at_least_bits::<4>(weak));
            }
            let lower = s.to_ascii_lowercase();
            let a = Anchors::scan(b, 0);
            for n in NEEDLES {
                let want: Vec<usize> = lower.match_indices(n.text()).map(|(i, _)| i).collect();
                let got: Vec<usize> = a.find(n, 0, s.len()).collect();
                assert_eq!(got, want, "{n:?} in round {round}");
            }
        }
        assert!(dense > 1000, "{dense}");
    }

    #[test]
    fn longest_is_the_longest_needle() {
        assert_eq!(NEEDLES.map(|n| n.text().len()).iter().max(), Some(&LONGEST));
    }

    /// Needles across the blocks of the scan: every occurrence of a long
    /// text, as `match_indices` finds them in its lowercase copy.
    #[test]
    fn blocks_find_what_one_search_finds() {
        const CHUNK: usize = 64 * BLOCK + 5;
        let pieces = [
            "#",
            "##",
            "answer",
            "final ",
            "Final Answer",
            "therefore",
            "\\boxed",
            "\\fbox",
            "答案",
            "所以",
            "ANSWER",
            "###",
            // (Near misses of the third byte: `\frac`, `\begin`, `{b}`.)
            "\\frac{a}{b}",
            "\\begin",
            "\\Fbo",
            "\\bOxe",
            "thereFOre",
            "\\f",
            "\u{6340}",
            " ",
            "a",
            "xyz ",
            "é",
        ];
        let mut glue = crate::text::Glue(9);
        for round in 0..40 {
            let mut s = String::new();
            while s.len() < 3 * CHUNK + round * 97 {
                glue.push(&mut s, &pieces);
            }
            let lower = s.to_ascii_lowercase();
            let a = Anchors::scan(s.as_bytes(), 5);
            // A window grown to the front: the same table as one scan.
            let end = s.len() - round;
            for (start, old) in [(0, 1), (3, 40), (0, CHUNK - 3), (100, 2 * CHUNK + 5)] {
                let grown = Anchors::scan(&s.as_bytes()[old..end], old).extend_front(
                    s.as_bytes(),
                    start,
                    old,
                    end,
                );
                let whole = Anchors::scan(&s.as_bytes()[start..end], start);
                for n in NEEDLES {
                    assert_eq!(grown.all(n), whole.all(n), "{n:?}");
                }
            }
            for n in NEEDLES {
                let want: Vec<usize> = lower.match_indices(n.text()).map(|(i, _)| i + 5).collect();
                let got: Vec<usize> = a.find(n, 5, s.len() + 5).collect();
                assert_eq!(got, want, "{n:?} in round {round}");
                // Read from the end, over ranges that cut runs of `#` and
                // blocks.
                for (from, to) in [(5, s.len() + 5), (70, s.len() - 60), (133, 2 * CHUNK)] {
                    let (from, to) = (from + round, to - round);
                    let Some(hay) = lower.get(from - 5..to - 5) else {
                        continue;
                    };
                    let want: Vec<usize> =
                        hay.match_indices(n.text()).map(|(i, _)| i + from).collect();
                    let mut back: Vec<usize> = a.find_rev(n, from..to).collect();
                    back.reverse();
                    assert_eq!(back, want, "{n:?} backwards in {from}..{to}, round {round}");
                }
            }
        }
    }

    /// A text dense in boxes (a run per block, full ones), its table grown
    /// to the front from cuts inside runs: every query is `match_indices`.
    #[test]
    fn dense_boxes_grow_and_query() {
        let s = "x\\boxed{\\BOXED\\fbox{".repeat(40);
        let t = s.as_bytes();
        let lower = s.to_ascii_lowercase();
        for (start, old, end) in [(0, 1, t.len()), (3, 70, t.len() - 2), (0, 129, 300)] {
            let a = Anchors::scan(&t[old..end], old).extend_front(t, start, old, end);
            for n in [Needle::Boxed, Needle::Fbox] {
                for (from, to) in [(start, end), (start + 1, end - 5), (60, 200)] {
                    let want: Vec<usize> = lower[from..to]
                        .match_indices(n.text())
                        .map(|(i, _)| i + from)
                        .collect();
                    assert_eq!(a.find(n, from, to).collect::<Vec<_>>(), want);
                    let mut back: Vec<usize> = a.find_rev(n, from..to).collect();
                    back.reverse();
                    assert_eq!(back, want);
                }
            }
        }
    }

    /// Texts of `pieces` (300, seed `seed`) in which a scan finds what
    /// `match_indices` finds, for every needle; and how many of their
    /// blocks follow one with four occurrences or more of `dense` (by
    /// their triggers, `offset` bytes into it).
    fn scans_of_dense_texts(pieces: &[&str], seed: u64, dense: &str, offset: usize) -> usize {
        let mut glue = crate::text::Glue(seed);
        let mut after_dense = 0;
        for round in 0..300 {
            let mut s = String::new();
            while s.len() < 600 + round {
                glue.push(&mut s, pieces);
            }
            let lower = s.to_ascii_lowercase();
            let a = Anchors::scan(s.as_bytes(), 0);
            for n in NEEDLES {
                let want: Vec<usize> = lower.match_indices(n.text()).map(|(i, _)| i).collect();
                assert_eq!(
                    a.find(n, 0, s.len()).collect::<Vec<_>>(),
                    want,
                    "{n:?} {s:?}"
                );
            }
            let b = lower.as_bytes();
            let count = |k: usize| {
                (k..(k + BLOCK).min(b.len()))
                    .filter(|&t| t >= offset && b[t - offset..].starts_with(dense.as_bytes()))
                    .count()
            };
            after_dense += (BLOCK..b.len())
                .step_by(BLOCK)
                .filter(|&k| count(k - BLOCK) >= 4)
                .count();
        }
        after_dense
    }

    /// Near misses and needles repeated (units of 1 to 9 bytes: blocks of
    /// eight triggers or more, or dense ones, with the bytes of one 1, 3, 5
    /// or 7 blocks back, classified as it was) with a needle put in at every few
    /// bytes, and scanned from several bases: every occurrence is what
    /// `match_indices` finds, and most blocks were recalled.
    #[test]
    fn repeated_blocks_find_every_needle() {
        let units = [
            "sw", "efo", "\u{7b54}", "\\bo", "\\fb", "nswe", "abcdefgh", "answer ", "#### ",
            "\\boxed{", "so sw", "sw efo", "Sw", "\u{6240}",
        ];
        let needles = [
            "answer",
            "\\boxed",
            "\\fbox",
            "therefore",
            "#### ",
            "\u{7b54}\u{6848}",
            "\u{6240}\u{4ee5}",
            "final answer",
            "sW",
            "x",
        ];
        let mut recalled = 0;
        for unit in units {
            let run = unit.repeat(3000 / unit.len());
            for at in (0..run.len())
                .step_by(311)
                .filter(|&i| run.is_char_boundary(i))
            {
                for needle in needles {
                    let s = format!("{}{needle}{}", &run[..at], &run[at..]);
                    let lower = s.to_ascii_lowercase();
                    for base in [0, 5].into_iter().filter(|&k| s.is_char_boundary(k)) {
                        let a = Anchors::scan(&s.as_bytes()[base..], base);
                        for n in NEEDLES {
                            let want: Vec<usize> = lower[base..]
                                .match_indices(n.text())
                                .map(|(i, _)| base + i)
                                .collect();
                            let got: Vec<usize> = a.find(n, base, s.len()).collect();
                            assert_eq!(
                                got, want,
                                "{n:?} {needle:?} at {at} in {unit:?} from {base}"
                            );
                        }
                    }
                    // (A block like the one 1, 3, 5 or 7 blocks back.)
                    let b = s.as_bytes();
                    recalled += (8 * BLOCK..b.len() - BLOCK - LOOK)
                        .step_by(BLOCK)
                        .filter(|&k| {
                            [1, 3, 5, 7].iter().any(|&back| {
                                let j = k - back * BLOCK;
                                b[k - BEFORE..k + BLOCK + LOOK] == b[j - BEFORE..j + BLOCK + LOOK]
                            })
                        })
                        .count();
                }
            }
        }
        assert!(recalled > 10_000, "{recalled}");
    }

    /// Texts dense in "answer" (a block after one of three or more finds
    /// them at once, "final answer" by its first six bytes, the other
    /// triggers verified) holding every needle and near misses of
    /// "answer": every occurrence is what `match_indices` finds.
    #[test]
    fn blocks_after_dense_answers_find_every_needle() {
        let pieces = [
            "answer ",
            "answer",
            "ANSWER",
            "AnSwEr",
            "final answer",
            "Final ",
            "finalanswer",
            "answe",
            "nswer",
            "sw",
            "\\boxed",
            "####",
            "therefore",
            "答案",
            " ",
            "é",
        ];
        let after_dense = scans_of_dense_texts(&pieces, 37, "answer", 2);
        assert!(after_dense > 300, "{after_dense}");
    }

    /// The same for texts dense in 答案 (found at once after a block of four
    /// or more), with its near misses and the other needles.
    #[test]
    fn blocks_after_dense_chinese_answers_find_every_needle() {
        let pieces = [
            "答案",
            "答案",
            "答案是",
            "答",
            "案",
            "答 案",
            "答桌",
            "所以",
            "answer",
            "\\boxed",
            "####",
            " ",
            "é",
        ];
        let after_dense = scans_of_dense_texts(&pieces, 41, "答案", 0);
        assert!(after_dense > 300, "{after_dense}");
    }

    /// Blocks after a block of four boxes or more (their boxes found at
    /// once, the other triggers verified) holding every needle, near
    /// misses of `\boxed` and runs of `####`: every occurrence is what
    /// `match_indices` finds.
    #[test]
    fn blocks_after_dense_boxes_find_every_needle() {
        let pieces = [
            "\\boxed{",
            "\\boxed{",
            "\\BOXED",
            "\\boxe",
            "\\box",
            "\\fbox",
            "answer",
            "Final answer",
            "therefore",
            "####",
            "答案",
            "所以",
            "#",
            " ",
            "é",
        ];
        let after_dense = scans_of_dense_texts(&pieces, 31, "\\boxed", 0);
        assert!(after_dense > 300, "{after_dense}");
    }

    /// Runs of `#` across blocks and across the seam of a grown table:
    /// read from the end, every fourth from the run's first in the range.
    #[test]
    fn long_runs_of_hashes() {
        for (lead, len) in [(0, 300), (1, 64), (7, 129), (60, 200), (3, 1000)] {
            let s = " ".repeat(lead) + &"#".repeat(len) + " #### ##";
            let t = s.as_bytes();
            for (start, old) in [(0, 0), (0, 65), (2, 70), (0, 130)] {
                let old = old.min(t.len());
                let a = if old == start {
                    Anchors::scan(t, 0)
                } else {
                    Anchors::scan(&t[old..], old).extend_front(t, start, old, t.len())
                };
                for (from, to) in [(start, t.len()), (start + 5, t.len() - 3), (64, 190)] {
                    let to = to.min(t.len());
                    let from = from.min(to);
                    let want: Vec<usize> = s[from..to]
                        .match_indices("####")
                        .map(|(i, _)| i + from)
                        .collect();
                    let mut back: Vec<usize> = a.find_rev(Needle::Hashes, from..to).collect();
                    back.reverse();
                    assert_eq!(back, want, "{lead} {len} {start} {old} {from}..{to}");
                    let got: Vec<usize> = a.find(Needle::Hashes, from, to).collect();
                    assert_eq!(got, want);
                }
            }
        }
    }

    #[test]
    fn queries_match_match_indices() {
        check(
            "#####  ######## the final answer: answer is \\boxed{1} therefore 答案是 所以 #### \\fbox{} Final Answerfinal answer",
        );
        // Pieces of needles glued at random (a fixed linear congruential
        // sequence): overlaps and near misses of every kind.
        let pieces = [
            "#",
            "##",
            "answer",
            "final ",
            "fin",
            "al answer",
            "therefore",
            "there",
            "fore",
            "\\boxed",
            "\\fbox",
            "\\",
            "答案",
            "答",
            "所以",
            "以",
            "###",
            "|b",
            "\u{6340}",
            "\u{7a40}",
            "ANSWER",
            " ",
            "a",
        ];
        let mut glue = crate::text::Glue(7);
        for _ in 0..300 {
            let mut s = String::new();
            for _ in 0..12 {
                glue.push(&mut s, &pieces);
            }
            check(&s);
        }
    }
}
