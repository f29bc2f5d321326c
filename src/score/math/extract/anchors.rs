//! The words the explicit search looks for (MX-4, MX-5, MX-10, MX-11), found
//! in one pass: the box commands, "therefore", "final answer", and the
//! anchors every answer phrase holds ("answer", `####`, "答案", "所以").
//!
//! One Aho-Corasick automaton (ASCII case ignored) over the text records every
//! occurrence of every needle; each later query ("the boxes in this range",
//! "the last therefore") is a binary search in that table, not a new
//! substring search. A text that holds none of the needles (most gold
//! answers: `\frac{1}{2}`, `5`) costs one short scan and no allocation.
//!
//! # Differences with the document
//!
//! None: the document's extraction searches each phrase separately; this
//! table finds the same occurrences (a query returns what
//! `str::match_indices` returns on the same range).

use std::sync::LazyLock;

use aho_corasick::{AhoCorasick, MatchKind};

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
}

/// The length of the longest needle ("final answer").
const LONGEST: usize = 12;

/// The bytes [`Anchors::scan`] lowercases and searches at a time.
const CHUNK: usize = 4096;

/// A text of at most this many bytes is lowercased into a buffer of this
/// size (a short answer does not pay for a [`CHUNK`] buffer).
const SHORT: usize = 256;

/// One automaton for all needles, built once per process. It reports the
/// leftmost occurrence and resumes after it (so its SIMD prefilter skips the
/// text between candidates); the occurrences that overlap a reported one are
/// added by [`Anchors::scan`].
static SEARCHER: LazyLock<AhoCorasick> = LazyLock::new(|| {
    AhoCorasick::builder()
        .match_kind(MatchKind::LeftmostFirst)
        .build(NEEDLES.map(Needle::text))
        .expect("eight short literal needles always build")
});

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
    /// The text is lowercased [`CHUNK`] bytes at a time into one buffer (no
    /// copy of the whole text is made) and searched there. The
    /// search reports what one search of the whole lowercase text reports:
    /// a match is taken only when it starts at least [`LONGEST`] − 1 bytes
    /// before the chunk's end (so every match starting there, of every
    /// needle, lies in the chunk), and the next chunk starts at that point
    /// or after the last match taken.
    pub(super) fn scan(t: &[u8], base: usize) -> Anchors {
        // A short text is lowercased on the stack; a longer one in the
        // thread's CHUNK buffer (allocated once, never cleared: each chunk is
        // copied over what it reads).
        if t.len() <= SHORT {
            return Anchors::scan_in(t, base, &mut [0; SHORT]);
        }
        thread_local! {
            static BUF: std::cell::RefCell<Vec<u8>> = std::cell::RefCell::new(vec![0; CHUNK]);
        }
        BUF.with(|buf| match buf.try_borrow_mut() {
            Ok(mut buf) => Anchors::scan_in(t, base, &mut buf),
            // (Never nested; a fresh buffer if it were.)
            Err(_) => Anchors::scan_in(t, base, &mut vec![0; CHUNK]),
        })
    }

    /// [`Anchors::scan`] lowercasing into `buf`, `buf.len()` bytes at a time.
    fn scan_in(t: &[u8], base: usize, buf: &mut [u8]) -> Anchors {
        let n = t.len();
        let mut anchors = Anchors::default();
        let mut pos = 0;
        loop {
            let end = n.min(pos + buf.len());
            let w = &mut buf[..end - pos];
            w.copy_from_slice(&t[pos..end]);
            w.make_ascii_lowercase();
            let w = &*w;
            let cutoff = if end == n {
                w.len()
            } else {
                w.len() + 1 - LONGEST
            };
            let mut at = 0;
            for m in SEARCHER.find_iter(w) {
                if m.start() >= cutoff {
                    break;
                }
                anchors.record(t, base, pos + m.start(), NEEDLES[m.pattern().as_usize()]);
                at = m.end();
            }
            if end == n {
                return anchors;
            }
            pos += at.max(cutoff);
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

    /// Records the match of `needle` at `h` (relative to `base`) of the text
    /// `t`, and the occurrences it overlaps.
    fn record(&mut self, t: &[u8], base: usize, h: usize, needle: Needle) {
        self.hits[needle as usize].push(base + h);
        // The only needles that can start inside another one: "answer" in
        // "final answer", and `####` one to three bytes into `####` (`#####`
        // holds two). No other needle's start is a substring of a needle
        // after its first byte (the tests compare every query with
        // `match_indices`).
        match needle {
            Needle::FinalAnswer => self.hits[Needle::Answer as usize].push(base + h + 6),
            Needle::Hashes => {
                let run = t[h + 4..]
                    .iter()
                    .take(3)
                    .take_while(|&&c| c == b'#')
                    .count();
                self.hits[Needle::Hashes as usize].extend((1..=run).map(|k| base + h + k));
            }
            _ => {}
        }
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
        let len = needle.text().len();
        let hits = &self.hits[needle as usize];
        let first = hits.partition_point(|&h| h < from);
        let mut next = from;
        hits[first..]
            .iter()
            .copied()
            .take_while(move |&h| h + len <= to)
            .filter(move |&h| {
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
                }
            }
        }
    }

    #[test]
    fn longest_is_the_longest_needle() {
        assert_eq!(NEEDLES.map(|n| n.text().len()).iter().max(), Some(&LONGEST));
    }

    /// Needles across the chunks of the scan: every occurrence of a long
    /// text, as `match_indices` finds them in its lowercase copy.
    #[test]
    fn chunks_find_what_one_search_finds() {
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
