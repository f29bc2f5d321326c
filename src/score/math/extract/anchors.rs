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
//! `\boxed{` or `the answer is ` repeated).
//!
//! # Differences with the document
//!
//! None: the document's extraction searches each phrase separately; this
//! table finds the same occurrences (a query returns what
//! `str::match_indices` returns on the same range).

use std::ops::Range;

use super::{pack_flags, starts_with_ci_array};

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

/// The bytes after a block its classification reads (a trigger is two
/// bytes long).
const LOOK: usize = 1;

/// Whether a trigger starts at `k` of `w`: two bytes that every occurrence
/// of a needle holds at a fixed offset from its start (ASCII case ignored):
/// `\b`, `\f` (`\boxed`, `\fbox`, at 0), `##` (`####`, at 0), `sw`
/// ("answer" at 2, "final answer" at 8), `ef` ("therefore" at 4), and the
/// first two bytes of 答 and 所 (at 0). Prose holds few of them, so few
/// positions are verified. The test reads both bytes with bit 5 set (a few
/// more pairs pass: `|b`, `eb`, `Ɖ`…; [`Anchors::verify`] compares every
/// needle whole), which keeps the branch-free loop short.
#[inline(always)]
fn trigger(w: &[u8], k: usize) -> bool {
    let (lc, ld) = (w[k] | 0x20, w[k + 1] | 0x20);
    // `ld | 0x04` is `f` exactly for `b`, `B`, `f`, `F`; `\` with bit 5 is
    // 0x7C; `lc & 0xFE` is 0xE6 for 0xE6 and 0xE7; 0x89 with bit 5 is 0xA9.
    ((lc == 0x7C) | (lc == b'e')) & (ld | 0x04 == b'f')
        | (lc == b'#') & (ld == b'#')
        | (lc == b's') & (ld == b'w')
        | (lc & 0xFE == 0xE6) & ((ld == 0xAD) | (ld == 0xA9))
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

/// Every occurrence of every needle in a text, by needle, in increasing
/// order (absolute byte positions).
#[derive(Debug, Default)]
pub(super) struct Anchors {
    hits: [Vec<usize>; 8],
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
        while pos < n {
            let flags = match t.get(pos..pos + BLOCK + LOOK) {
                Some(w) => block_flags(w.try_into().expect("BLOCK + LOOK bytes")),
                None => {
                    // The last block, padded with zero bytes (no trigger
                    // holds one).
                    let mut w = [0u8; BLOCK + LOOK];
                    w[..n - pos].copy_from_slice(&t[pos..]);
                    block_flags(&w)
                }
            };
            let mut bits = pack_flags(&flags);
            while bits != 0 {
                let k = pos + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                if k < n {
                    anchors.verify(t, base, k);
                }
            }
            pos += BLOCK;
        }
        anchors
    }

    /// Records the needles that the trigger at `k` of `t` belongs to.
    fn verify(&mut self, t: &[u8], base: usize, k: usize) {
        // Whether the needle `word` starts `offset` bytes before `k`.
        fn at<const N: usize>(t: &[u8], k: usize, offset: usize, word: &[u8; N]) -> Option<usize> {
            let s = k.checked_sub(offset)?;
            starts_with_ci_array(&t[s..], word).then_some(s)
        }
        let (needle, s) = match (t[k] | 0x20, t.get(k + 1).map_or(0, |d| d | 0x20)) {
            // (`\` is 0x5C.)
            (0x7C, b'b') => (Needle::Boxed, at(t, k, 0, b"\\boxed")),
            (0x7C, _) => (Needle::Fbox, at(t, k, 0, b"\\fbox")),
            (b'#', _) => (Needle::Hashes, at(t, k, 0, b"####")),
            (b's', _) => {
                if let Some(s) = at(t, k, 8, b"final answer") {
                    self.hits[Needle::FinalAnswer as usize].push(base + s);
                }
                (Needle::Answer, at(t, k, 2, b"answer"))
            }
            (b'e', _) => (Needle::Therefore, at(t, k, 4, b"therefore")),
            (0xE7, _) => (Needle::AnswerZh, at(t, k, 0, b"\xE7\xAD\x94\xE6\xA1\x88")),
            _ => (Needle::SoZh, at(t, k, 0, b"\xE6\x89\x80\xE4\xBB\xA5")),
        };
        if let Some(s) = s {
            self.hits[needle as usize].push(base + s);
        }
    }

    /// Whether no needle occurs at all (no box, no phrase, no "therefore":
    /// the explicit search has nothing to find).
    pub(super) fn is_empty(&self) -> bool {
        self.hits.iter().all(Vec::is_empty)
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
        front
    }

    /// The occurrences of `needle` that lie in `[from, to)` (overlapping
    /// ones included), and the needle's length.
    fn within(&self, needle: Needle, from: usize, to: usize) -> (&[usize], usize) {
        let len = needle.text().len();
        let hits = &self.hits[needle as usize];
        let first = hits.partition_point(|&h| h < from);
        let last = hits.partition_point(|&h| h + len <= to).max(first);
        (&hits[first..last], len)
    }

    /// The positions of `needle` in `range` that [`Anchors::find`]
    /// returns, the last first: a query that needs only the last few
    /// occurrences reads only those (and, for `####`, the run of `#` they
    /// end, once).
    pub(super) fn find_rev(
        &self,
        needle: Needle,
        range: Range<usize>,
    ) -> impl Iterator<Item = usize> + '_ {
        let (hits, len) = self.within(needle, range.start, range.end);
        // Only `####` overlaps itself: the hits one byte apart are a run of
        // `#`, of which the forward search keeps every fourth from the
        // run's first hit. `chain` is that first hit for the run being read.
        let overlapping = needle == Needle::Hashes;
        let mut chain = usize::MAX;
        (0..hits.len()).rev().filter_map(move |k| {
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
        })
    }

    /// The positions of `needle` in `[from, to)`, as `str::match_indices`
    /// finds them in that range: whole occurrences, none overlapping the
    /// previous one found.
    pub(super) fn find(
        &self,
        needle: Needle,
        from: usize,
        to: usize,
    ) -> impl Iterator<Item = usize> + '_ {
        let (hits, len) = self.within(needle, from, to);
        let mut next = from;
        hits.iter().copied().filter(move |&h| {
            let keep = h >= next;
            if keep {
                next = h + len;
            }
            keep
        })
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
            " ",
            "a",
            "xyz ",
            "é",
            // Pairs the trigger lets through that are no needle.
            "|b",
            "eB",
            "\u{189}",
            "\u{1ED}",
            "\u{3}\u{3}",
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
                assert_eq!(
                    grown.hits,
                    Anchors::scan(&s.as_bytes()[start..end], start).hits
                );
            }
            for n in NEEDLES {
                let want: Vec<usize> = lower.match_indices(n.text()).map(|(i, _)| i + 5).collect();
                let got: Vec<usize> = a.find(n, 5, s.len() + 5).collect();
                assert_eq!(got, want, "{n:?} in round {round}");
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
