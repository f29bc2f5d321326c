//! The words the explicit search looks for (MX-4, MX-5, MX-10, MX-11), found
//! in one pass: the box commands, "therefore", "final answer", and the
//! anchors every answer phrase holds ("answer", `####`, "答案", "所以").
//!
//! One Aho-Corasick automaton over the lowercase text records every
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
    /// The occurrences in `lower` (the lowercase text from absolute position
    /// `base` on): one pass.
    pub(super) fn scan(lower: &str, base: usize) -> Anchors {
        let b = lower.as_bytes();
        let mut anchors = Anchors::default();
        for m in SEARCHER.find_iter(lower) {
            let (h, needle) = (m.start(), NEEDLES[m.pattern().as_usize()]);
            anchors.hits[needle as usize].push(base + h);
            // The only needles that can start inside another one: "answer"
            // in "final answer", and `####` one to three bytes into `####`
            // (`#####` holds two). No other needle's start is a substring
            // of a needle after its first byte (the tests compare every
            // query with `match_indices`).
            match needle {
                Needle::FinalAnswer => anchors.hits[Needle::Answer as usize].push(base + h + 6),
                Needle::Hashes => {
                    let run = b[h + 4..]
                        .iter()
                        .take(3)
                        .take_while(|&&c| c == b'#')
                        .count();
                    anchors.hits[Needle::Hashes as usize].extend((1..=run).map(|k| base + h + k));
                }
                _ => {}
            }
        }
        anchors
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
        let a = Anchors::scan(&lower, 0);
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
        let mut x: u64 = 7;
        for _ in 0..300 {
            let mut s = String::new();
            for _ in 0..12 {
                x = x
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                s.push_str(pieces[(x >> 33) as usize % pieces.len()]);
            }
            check(&s);
        }
    }
}
