//! The words the explicit search looks for (MX-4, MX-5, MX-10, MX-11), found
//! in one pass: the box commands, "therefore", "final answer", and the
//! anchors every answer phrase holds ("answer", `####`, "答案", "所以").
//!
//! One pass over the text records every occurrence of every needle: the
//! text is classified 64 bytes at a time by a branch-free loop that marks
//! the few positions where a needle can hold (two bytes each needle has at
//! a fixed place, `sw` of "answer", `\b` of `\boxed`, …), and only those
//! are compared; each later query ("the boxes in this range", "the last
//! therefore", read from the end) is a binary search in that table, not a
//! new substring search. A text that holds none of the needles (most gold
//! answers: `\frac{1}{2}`, `5`) costs one short scan and no allocation, and
//! a position costs the same however many needles the text holds (a text of
//! `\boxed{` or `the answer is ` repeated). `\boxed` is recorded as one
//! word of bits per block that holds one, and a block after one of four
//! boxes or more finds its boxes by a second branch-free loop, not one by
//! one: a text of `\boxed{` repeated costs a few instructions a byte.
//!
//! # Differences with the document
//!
//! None: the document's extraction searches each phrase separately; this
//! table finds the same occurrences (a query returns what
//! `str::match_indices` returns on the same range).

use std::ops::Range;

use super::pack_flags;
#[cfg(test)]
use super::starts_with_ci_array;

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
#[cfg(test)]
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
}

/// The length of the longest needle ("final answer").
const LONGEST: usize = 12;

/// The bytes [`Anchors::scan`] classifies at a time.
const BLOCK: usize = 64;

/// The bytes after a block its classification reads (a trigger is up to
/// four bytes long, `\boxed` six).
const LOOK: usize = 5;

/// A needle of at most 16 bytes as one masked comparison of the 16 bytes at
/// a position: `(x | fold) & mask == want`, where `fold` sets the case bit
/// of the needle's letters (what
/// [`starts_with_ci_array`](super::starts_with_ci_array) compares byte by
/// byte, in a few instructions: a text of `\boxed{` repeated verifies a
/// trigger every seven bytes).
struct Pattern {
    fold: u128,
    mask: u128,
    want: u128,
}

impl Pattern {
    /// The pattern of `word` (lowercase ASCII or other bytes, none zero, at
    /// most 16). Called in constant items only, so its two checks run when
    /// the crate compiles (a needle that breaks them is a build error); no
    /// input reaches them.
    const fn new(word: &[u8]) -> Pattern {
        assert!(word.len() <= 16);
        let (mut fold, mut mask, mut want) = (0u128, 0u128, 0u128);
        let mut i = 0;
        while i < word.len() {
            assert!(word[i] != 0);
            let shift = 8 * i as u32;
            if word[i].is_ascii_lowercase() {
                fold |= 0x20 << shift;
            }
            mask |= 0xFF << shift;
            want |= (word[i] as u128) << shift;
            i += 1;
        }
        Pattern { fold, mask, want }
    }

    /// Whether `t[s..]` starts with the word, ASCII case ignored (the
    /// bytes past the end of `t` read as zero, which no needle holds).
    #[inline(always)]
    fn at(&self, t: &[u8], s: usize) -> bool {
        let x = match t.get(s..).and_then(<[u8]>::first_chunk::<16>) {
            Some(w) => u128::from_le_bytes(*w),
            None => {
                let mut w = [0u8; 16];
                let rest = t.get(s..).unwrap_or_default();
                w[..rest.len()].copy_from_slice(rest);
                u128::from_le_bytes(w)
            }
        };
        (x | self.fold) & self.mask == self.want
    }
}

const BOXED: Pattern = Pattern::new(Needle::Boxed.text().as_bytes());
const FBOX: Pattern = Pattern::new(Needle::Fbox.text().as_bytes());
const THEREFORE: Pattern = Pattern::new(Needle::Therefore.text().as_bytes());
const FINAL_ANSWER: Pattern = Pattern::new(Needle::FinalAnswer.text().as_bytes());
const ANSWER: Pattern = Pattern::new(Needle::Answer.text().as_bytes());
/// (`####` is compared whole by the trigger; the pattern is the tests'.)
#[cfg(test)]
const HASHES: Pattern = Pattern::new(Needle::Hashes.text().as_bytes());
const ANSWER_ZH: Pattern = Pattern::new(Needle::AnswerZh.text().as_bytes());
const SO_ZH: Pattern = Pattern::new(Needle::SoZh.text().as_bytes());

/// Whether a trigger starts at `k` of `w`: two or four bytes that every
/// occurrence of a needle holds at a fixed offset from its start (ASCII
/// case ignored): `\b`, `\f` (`\boxed`, `\fbox`, at 0), `####` (at 0),
/// `sw` ("answer" at 2, "final answer" at 8), `ef` ("therefore" at 4),
/// and the first two bytes of 答 and 所 (at 0: the second is one of four
/// bytes, 0xAD and 0x89 among them, tested by one comparison). Prose holds
/// few of them, so few positions are verified. (`####` is compared whole
/// here: a trigger on `##` would halve the loop on prose but verify three
/// positions of every `#### `.)
#[inline(always)]
fn trigger(w: &[u8], k: usize) -> bool {
    let (c, d) = (w[k], w[k + 1]);
    let (lc, ld) = (c | 0x20, d | 0x20);
    // `d | 0x24` is `f` exactly for `b`, `B`, `f`, `F`, and 0xAD exactly
    // for 0x89, 0x8D, 0xA9, 0xAD; `c & 0xFE` is 0xE6 for 0xE6 and 0xE7.
    (c == b'\\') & (d | 0x24 == b'f')
        | (c == b'#') & (d == b'#') & (w[k + 2] == b'#') & (w[k + 3] == b'#')
        | (lc == b's') & (ld == b'w')
        | (lc == b'e') & (ld == b'f')
        | (c & 0xFE == 0xE6) & (d | 0x24 == 0xAD)
}

/// The triggers of a block (one flag byte each): a loop without branches
/// that the compiler turns into vector compares.
#[inline(always)]
fn block_flags(w: &[u8; BLOCK + LOOK]) -> [u8; BLOCK] {
    let mut f = [0u8; BLOCK];
    for (k, x) in f.iter_mut().enumerate() {
        *x = u8::from(trigger(w, k));
    }
    f
}

/// The occurrences of a needle in 64 bytes from `base`: bit `b` of `mask`
/// is an occurrence at `base + b`.
#[derive(Debug, Clone, Copy)]
struct Run {
    base: usize,
    mask: u64,
}

impl Run {
    /// The first occurrence (the mask is never zero).
    fn first(self) -> usize {
        self.base + self.mask.trailing_zeros() as usize
    }

    /// The last occurrence.
    fn last(self) -> usize {
        self.base + 63 - self.mask.leading_zeros() as usize
    }
}

/// The occurrences of `\boxed` in `[from, to)`, read from runs, the
/// first first (or the last first when `back`).
struct Boxes<'a> {
    /// The runs not read yet.
    runs: &'a [Run],
    /// The run being read: its bits not read yet.
    cur: Run,
    from: usize,
    to: usize,
    back: bool,
}

impl Iterator for Boxes<'_> {
    type Item = usize;

    #[inline]
    fn next(&mut self) -> Option<usize> {
        loop {
            while self.cur.mask == 0 {
                let (r, rest) = if self.back {
                    self.runs.split_last()?
                } else {
                    self.runs.split_first()?
                };
                self.cur = *r;
                self.runs = rest;
            }
            let b = if self.back {
                63 - self.cur.mask.leading_zeros()
            } else {
                self.cur.mask.trailing_zeros()
            };
            self.cur.mask &= !(1 << b);
            let h = self.cur.base + b as usize;
            // (Only the runs at the two ends hold positions outside.)
            if h >= self.from && h + Needle::Boxed.text().len() <= self.to {
                return Some(h);
            }
        }
    }
}

/// The positions of a query: from the list of a needle, or from the runs
/// of `\boxed`.
enum Hits<L, R> {
    List(L),
    Runs(R),
}

impl<L: Iterator<Item = usize>, R: Iterator<Item = usize>> Iterator for Hits<L, R> {
    type Item = usize;

    #[inline(always)]
    fn next(&mut self) -> Option<usize> {
        match self {
            Hits::List(l) => l.next(),
            Hits::Runs(r) => r.next(),
        }
    }
}

/// The starts of `\boxed` in a block (one flag byte each, ASCII case
/// ignored): the same loop without branches, for a block in a run of
/// boxes.
#[inline(always)]
fn box_flags(w: &[u8; BLOCK + LOOK]) -> [u8; BLOCK] {
    let mut f = [0u8; BLOCK];
    for (k, x) in f.iter_mut().enumerate() {
        *x = u8::from(
            (w[k] == b'\\')
                & (w[k + 1] | 0x20 == b'b')
                & (w[k + 2] | 0x20 == b'o')
                & (w[k + 3] | 0x20 == b'x')
                & (w[k + 4] | 0x20 == b'e')
                & (w[k + 5] | 0x20 == b'd'),
        );
    }
    f
}

/// Every occurrence of every needle in a text, by needle, in increasing
/// order (absolute byte positions). `\boxed` is kept as runs, one per
/// block of the scan that holds one (a text of `\boxed{` repeated records
/// a word per 64 bytes, not one per command).
#[derive(Debug, Default)]
pub(super) struct Anchors {
    /// By needle, `\boxed` (the first) left out: `hits[needle - 1]`.
    hits: [Vec<usize>; 7],
    boxes: Vec<Run>,
}

impl Anchors {
    /// The occurrences in `text` (from absolute position `base` on), ASCII
    /// case ignored (what the needles match in the lowercase text): one pass.
    ///
    /// The text is classified [`BLOCK`] bytes at a time: the positions of
    /// the [`trigger`]s, found by a branch-free loop, are the only ones
    /// where a needle is compared. No copy of the text is made, and a
    /// position costs the same however many needles occur (a text of
    /// `\boxed{` repeated).
    pub(super) fn scan(t: &[u8], base: usize) -> Anchors {
        let mut anchors = Anchors::default();
        let n = t.len();
        let mut pos = 0;
        let mut pad = [0u8; BLOCK + LOOK];
        // Whether the last block held four boxes or more.
        let mut dense = false;
        while pos < n {
            let w = match t
                .get(pos..)
                .and_then(<[u8]>::first_chunk::<{ BLOCK + LOOK }>)
            {
                Some(w) => w,
                None => {
                    // The last block, padded with zero bytes (no trigger
                    // holds one).
                    pad[..n - pos].copy_from_slice(&t[pos..]);
                    &pad
                }
            };
            let mut bits = pack_flags(&block_flags(w));
            let mut boxes = 0u64;
            if dense {
                // The block before held four boxes or more: this one's at
                // once (a text of `\boxed{` repeated verifies none of them
                // one by one).
                boxes = pack_flags(&box_flags(w));
                bits &= !boxes;
            }
            while bits != 0 {
                let j = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                let k = pos + j;
                if k < n && anchors.verify(t, base, k) {
                    boxes |= 1 << j;
                }
            }
            dense = false;
            if boxes != 0 {
                anchors.boxes.push(Run {
                    base: base + pos,
                    mask: boxes,
                });
                // (`rest` loses a box per step: nonzero after three steps
                // when four or more are left.)
                let mut rest = boxes;
                for _ in 0..3 {
                    rest &= rest.wrapping_sub(1);
                }
                dense = rest != 0;
            }
            pos += BLOCK;
        }
        anchors
    }

    /// Records the needles other than `\boxed` that the trigger at `k` of
    /// `t` belongs to: its first byte tells which needles (a trigger on `#`
    /// is `####` already; the others are compared whole).
    /// Returns whether the trigger is the start of `\boxed` instead (what
    /// the scan records itself).
    #[inline(always)]
    fn verify(&mut self, t: &[u8], base: usize, k: usize) -> bool {
        let mut record = |needle: Needle, offset: usize, p: &Pattern| {
            if let Some(s) = k.checked_sub(offset).filter(|&s| p.at(t, s)) {
                self.hits[needle as usize - 1].push(base + s);
            }
        };
        match t[k] {
            // (`\boxed` is recorded by the scan, in runs.)
            b'\\' if BOXED.at(t, k) => return true,
            b'\\' => record(Needle::Fbox, 0, &FBOX),
            b'#' => self.hits[Needle::Hashes as usize - 1].push(base + k),
            b's' | b'S' => {
                record(Needle::FinalAnswer, 8, &FINAL_ANSWER);
                record(Needle::Answer, 2, &ANSWER);
            }
            b'e' | b'E' => record(Needle::Therefore, 4, &THEREFORE),
            0xE7 => record(Needle::AnswerZh, 0, &ANSWER_ZH),
            _ => record(Needle::SoZh, 0, &SO_ZH),
        }
        false
    }

    /// Whether no needle occurs at all (no box, no phrase, no "therefore":
    /// the explicit search has nothing to find).
    pub(super) fn is_empty(&self) -> bool {
        self.boxes.is_empty() && self.hits.iter().all(Vec::is_empty)
    }

    /// The occurrences in `text[start..end]`, from those of
    /// `text[old..end]` (`self`, `start ≤ old`): only the bytes before `old`
    /// (and the few after it that an occurrence starting before it can
    /// reach) are scanned. Every occurrence of every needle is recorded, so
    /// the two sets join.
    pub(super) fn extend_front(self, text: &[u8], start: usize, old: usize, end: usize) -> Anchors {
        let reach = end.min(old + LONGEST - 1);
        let mut front = Anchors::scan(&text[start..reach], start);
        for (hits, later) in front.hits.iter_mut().zip(self.hits) {
            hits.retain(|&h| h < old);
            hits.extend(later);
        }
        front.boxes.retain_mut(|r| {
            if let Some(keep) = old.checked_sub(r.base).filter(|&d| d < 64) {
                r.mask &= (1 << keep) - 1;
            }
            r.base < old && r.mask != 0
        });
        front.boxes.extend(self.boxes);
        front
    }

    /// The occurrences of `needle` that lie in `[from, to)` (overlapping
    /// ones included), and the needle's length.
    fn within(&self, needle: Needle, from: usize, to: usize) -> (&[usize], usize) {
        let len = needle.text().len();
        // (`\boxed`'s are runs, read by `boxes_within`.)
        let hits = self
            .hits
            .get((needle as usize).wrapping_sub(1))
            .map_or(&[][..], Vec::as_slice);
        let first = hits.partition_point(|&h| h < from);
        let last = hits.partition_point(|&h| h + len <= to).max(first);
        (&hits[first..last], len)
    }

    /// The positions of `needle` in `range` that [`Anchors::find`]
    /// returns, the last first: a query that needs only the last few
    /// occurrences reads only those (and, for `####`, the run of `#` they
    /// end, once).
    #[inline(always)]
    pub(super) fn find_rev(
        &self,
        needle: Needle,
        range: Range<usize>,
    ) -> impl Iterator<Item = usize> + '_ {
        if needle == Needle::Boxed {
            return Hits::Runs(self.boxes_within(range.start, range.end, true));
        }
        let (hits, len) = self.within(needle, range.start, range.end);
        // Only `####` overlaps itself: the hits one byte apart are a run of
        // `#`, of which the forward search keeps every fourth from the
        // run's first hit. `chain` is that first hit for the run being read.
        let overlapping = needle == Needle::Hashes;
        let mut chain = usize::MAX;
        Hits::List((0..hits.len()).rev().filter_map(move |k| {
            let h = hits[k];
            if !overlapping {
                return Some(h);
            }
            if chain > h {
                let mut j = k;
                while j > 0 && hits[j - 1] + 1 == hits[j] {
                    j -= 1;
                }
                chain = hits[j];
            }
            ((h - chain) % len == 0).then_some(h)
        }))
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
        if needle == Needle::Boxed {
            // (`\boxed` never overlaps itself.)
            return Hits::Runs(self.boxes_within(from, to, false));
        }
        let (hits, len) = self.within(needle, from, to);
        let mut next = from;
        Hits::List(hits.iter().copied().filter(move |&h| {
            let keep = h >= next;
            if keep {
                next = h + len;
            }
            keep
        }))
    }

    /// The occurrences of `\boxed` that lie in `[from, to)`, in order
    /// (the last first when `back`): the runs that reach the range, their
    /// bits filtered at its two ends.
    #[inline]
    fn boxes_within(&self, from: usize, to: usize, back: bool) -> Boxes<'_> {
        let len = Needle::Boxed.text().len();
        let first = self.boxes.partition_point(|r| r.last() < from);
        let last = self
            .boxes
            .partition_point(|r| r.first() + len <= to)
            .max(first);
        Boxes {
            runs: &self.boxes[first..last],
            cur: Run { base: 0, mask: 0 },
            from,
            to,
            back,
        }
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
            for s in 0..=t.len() {
                assert_eq!(p.at(t, s), starts_with_ci_array(&t[s..], word), "{t:?} {s}");
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
            same(t, &BOXED, b"\\boxed");
            same(t, &FBOX, b"\\fbox");
            same(t, &THEREFORE, b"therefore");
            same(t, &FINAL_ANSWER, b"final answer");
            same(t, &ANSWER, b"answer");
            same(t, &HASHES, b"####");
            same(t, &ANSWER_ZH, b"\xE7\xAD\x94\xE6\xA1\x88");
            same(t, &SO_ZH, b"\xE6\x89\x80\xE4\xBB\xA5");
        }
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
                assert_eq!(grown.hits, whole.hits);
                assert_eq!(
                    grown.find(Needle::Boxed, 0, end).collect::<Vec<_>>(),
                    whole.find(Needle::Boxed, 0, end).collect::<Vec<_>>()
                );
            }
            for n in NEEDLES {
                let want: Vec<usize> = lower.match_indices(n.text()).map(|(i, _)| i + 5).collect();
                let got: Vec<usize> = a.find(n, 5, s.len() + 5).collect();
                assert_eq!(got, want, "{n:?} in round {round}");
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
