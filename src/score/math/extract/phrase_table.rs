//! The answer phrases of the explicit search (MX-5, MX-10, MX-11) as
//! tables built when the crate is compiled: each phrase under the anchor
//! it holds ([`Needle`]), at the offset of that anchor in it, with the
//! bytes next to the anchor that tell it from the others (its `near`
//! bytes) and, for each anchor, the set of those bytes as masks
//! ([`NearSet`]): an occurrence of an anchor is compared with the phrases
//! whose near bytes its context holds, not with every phrase.
//!
//! # Differences with the document
//!
//! None: the tables hold document 004's phrases and the production
//! search's, and find what a search for each phrase finds.

use super::Needle;

/// An answer phrase: its lowercase text, the anchor it holds, whether the
/// answer follows it, and the rule it reports.
pub(super) type Phrase = (&'static str, Needle, bool, &'static str);

/// The length of the longest phrase: an anchor's occurrence inside a
/// phrase that starts before `b` ends before `b + MAX_PHRASE_BYTES`.
pub(super) const MAX_PHRASE_BYTES: usize = {
    let mut n = 0;
    let mut k = 0;
    while k < PHRASES.len() + MORE_PHRASES.len() {
        if phrase_at(k).0.len() > n {
            n = phrase_at(k).0.len();
        }
        k += 1;
    }
    n
};

/// Phrase `k` of [`PHRASES`] then [`MORE_PHRASES`] (`k` below their total).
const fn phrase_at(k: usize) -> Phrase {
    if k < PHRASES.len() {
        PHRASES[k]
    } else {
        MORE_PHRASES[k - PHRASES.len()]
    }
}

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
pub(super) struct Anchored {
    pub(super) phrase: Phrase,
    pub(super) offset: usize,
    #[cfg_attr(not(test), allow(dead_code))] // (the tests' view)
    near: &'static [u8],
    #[cfg_attr(not(test), allow(dead_code))]
    near_at: isize,
    /// The `near` bytes as a masked comparison of an occurrence's
    /// [`context`]: `context & near_mask == near_want`.
    pub(super) near_mask: u32,
    pub(super) near_want: u32,
    pub(super) more: bool,
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

/// The `near` bytes of a phrase (at `near_at` from its anchor's start:
/// before it, else right after it) as `(mask, want)` over an occurrence's
/// [`context`] (bytes 0 and 1: the two before the anchor; 2 and 3: the two
/// after it).
const fn near_word(near: &[u8], near_at: isize) -> (u32, u32) {
    let first = if near_at < 0 { 2 - near.len() } else { 2 };
    let (mut mask, mut want) = (0u32, 0u32);
    let mut k = 0;
    while k < near.len() {
        let shift = 8 * (first + k) as u32;
        mask |= 0xFF << shift;
        want |= (near[k] as u32) << shift;
        k += 1;
    }
    (mask, want)
}

/// How many bytes before an anchor's occurrence and after it the trial of
/// its phrases reads: the phrase's bytes before the anchor and the byte
/// before the phrase (is it a word's start?), the phrase's bytes after the
/// anchor and the byte after the phrase (a word's end? a longer run of
/// `#`?). An occurrence with the same bytes there as one whose phrases were
/// all rejected by their bytes is rejected too ([`trial_window`]).
pub(super) const TRIAL_BEFORE: usize = 16;
/// See [`TRIAL_BEFORE`].
pub(super) const TRIAL_AFTER: usize = 4;

// (A build error when a phrase reaches further from its anchor.)
const _: () = {
    let mut k = 0;
    while k < PHRASES.len() + MORE_PHRASES.len() {
        let (p, anchor, _, _) = phrase_at(k);
        let o = anchor_offset(p, anchor.text());
        assert!(o < TRIAL_BEFORE);
        assert!(p.len() - o - anchor.text().len() < TRIAL_AFTER);
        k += 1;
    }
};

/// The bytes a trial of the phrases of an occurrence at `h` (of an anchor
/// `len` bytes long) reads but the anchor's own ([`TRIAL_BEFORE`] before
/// it, [`TRIAL_AFTER`] after it), as two words; `None` when the text does
/// not hold them all.
#[inline(always)]
pub(super) fn trial_window(b: &[u8], h: usize, len: usize) -> Option<(u128, u32)> {
    let before = b
        .get(h.checked_sub(TRIAL_BEFORE)?..h)?
        .first_chunk::<TRIAL_BEFORE>()?;
    let after = b.get(h + len..)?.first_chunk::<TRIAL_AFTER>()?;
    Some((u128::from_le_bytes(*before), u32::from_le_bytes(*after)))
}

/// The two bytes before an occurrence of an anchor at `h` (`len` bytes
/// long) and the two after it, ASCII lowercase, as one word (a byte
/// outside `b` reads as zero, which no phrase holds): one comparison tells
/// whether a phrase's [`near`] bytes are there.
#[inline(always)]
pub(super) fn context(b: &[u8], h: usize, len: usize) -> u32 {
    // (Inside `b`, two loads of two bytes and the four lowercased at once.)
    let pair = |i: usize| b.get(i..i + 2).and_then(<[u8]>::first_chunk::<2>);
    if let (Some(before), Some(after)) = (h.checked_sub(2).and_then(pair), pair(h + len)) {
        return lowercase_word(u32::from_le_bytes([
            before[0], before[1], after[0], after[1],
        ]));
    }
    let at =
        |i: Option<usize>| u32::from(i.and_then(|i| b.get(i)).map_or(0, u8::to_ascii_lowercase));
    at(h.checked_sub(2))
        | at(h.checked_sub(1)) << 8
        | at(Some(h + len)) << 16
        | at(Some(h + len + 1)) << 24
}

/// The four bytes of `x` with ASCII uppercase letters lowercased (each
/// byte from `A` to `Z` gains its case bit; other bytes stay), without
/// branches.
#[inline(always)]
fn lowercase_word(x: u32) -> u32 {
    let low = x & 0x7F7F_7F7F;
    // (Bit 7 of each byte: `c + 0x3F` reaches 0x80 from `A` on, `c + 0x25`
    // from `[` on; a byte with bit 7 set is no letter.)
    let from_a = low + 0x3F3F_3F3F;
    let past_z = low + 0x2525_2525;
    let upper = from_a & !past_z & !x & 0x8080_8080;
    x | upper >> 2
}

/// How many phrases of [`PHRASES`] and [`MORE_PHRASES`] hold `anchor`.
const fn count(anchor: Needle) -> usize {
    let mut n = 0;
    let mut k = 0;
    while k < PHRASES.len() + MORE_PHRASES.len() {
        if phrase_at(k).1 as u8 == anchor as u8 {
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
        near_mask: 0,
        near_want: 0,
        more: false,
    }; N];
    let (mut n, mut k) = (0, 0);
    while k < PHRASES.len() + MORE_PHRASES.len() {
        let more = k >= PHRASES.len();
        let p = phrase_at(k);
        if p.1 as u8 == anchor as u8 {
            let offset = anchor_offset(p.0, anchor.text());
            let (near, near_at) = near(p.0, offset, anchor.text().len());
            let (near_mask, near_want) = near_word(near, near_at);
            out[n] = Anchored {
                phrase: p,
                offset,
                near,
                near_at,
                near_mask,
                near_want,
                more,
            };
            n += 1;
        }
        k += 1;
    }
    out
}

/// The phrases of each anchor, in the order the anchors are read, and
/// their [`NearSet`]s: of all of them (the production search's), and of
/// the document's (without [`MORE_PHRASES`]: "answer" alone is next to
/// anything, and would have the document's extraction try every phrase at
/// every occurrence of `answer ` repeated).
pub(super) static ANCHORED: [(Needle, &[Anchored], [NearSet; 2]); 4] = [
    (
        Needle::Answer,
        &ANSWER_PHRASES,
        NearSet::both(&ANSWER_PHRASES),
    ),
    (
        Needle::Hashes,
        &HASHES_PHRASES,
        NearSet::both(&HASHES_PHRASES),
    ),
    (
        Needle::AnswerZh,
        &ANSWER_ZH_PHRASES,
        NearSet::both(&ANSWER_ZH_PHRASES),
    ),
    (Needle::SoZh, &SO_ZH_PHRASES, NearSet::both(&SO_ZH_PHRASES)),
];

/// The most phrases an anchor holds ([`NearSet`]'s width).
const NEAR_SET: usize = 16;

/// The [`near`] words of an anchor's phrases as four tables, one per byte
/// of an occurrence's [`context`]: entry `v` of table `i` holds bit `k`
/// when byte `i` of the context may be `v` for phrase `k` (its near byte
/// there is `v`, or it has none there). Whether a context is next to the
/// phrases is four lookups and three ANDs, before the phrases are tried one
/// by one (`this answer does` is next to none).
#[derive(Clone, Copy)]
pub(super) struct NearSet {
    bytes: [[u16; 256]; 4],
}

impl NearSet {
    /// The near words of `phrases` (the bits past them are never set). A
    /// build error when an anchor holds more than [`NEAR_SET`] phrases.
    const fn of(phrases: &[Anchored], document: bool) -> NearSet {
        assert!(phrases.len() <= NEAR_SET);
        let mut set = NearSet {
            bytes: [[0; 256]; 4],
        };
        let mut k = 0;
        while k < phrases.len() {
            if !(document && phrases[k].more) {
                let mut i = 0;
                while i < 4 {
                    let mask = (phrases[k].near_mask >> (8 * i)) as u8;
                    let want = (phrases[k].near_want >> (8 * i)) as u8;
                    let mut v = 0;
                    while v < 256 {
                        if v as u8 & mask == want {
                            set.bytes[i][v] |= 1 << k;
                        }
                        v += 1;
                    }
                    i += 1;
                }
            }
            k += 1;
        }
        set
    }

    /// The near words of all `phrases` (the production search's), and of
    /// the document's among them (index 1).
    const fn both(phrases: &[Anchored]) -> [NearSet; 2] {
        [NearSet::of(phrases, false), NearSet::of(phrases, true)]
    }

    /// The phrases whose near bytes `context` holds (bit `k`: phrase `k`
    /// of the anchor's): `context & near_mask == near_want` for each, one
    /// byte at a time (the condition holds when it holds for each byte).
    #[inline(always)]
    pub(super) fn matching(&self, context: u32) -> u16 {
        let [a, b, c, d] = context.to_le_bytes().map(usize::from);
        self.bytes[0][a] & self.bytes[1][b] & self.bytes[2][c] & self.bytes[3][d]
    }
}

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

#[cfg(test)]
mod tests {
    use super::super::starts_with_ci;
    use super::*;

    /// The tables built at compile time hold every phrase once, under its
    /// anchor, at the offset where `str::find` finds the anchor, with the
    /// bytes of the phrase next to it (at most two before, else after).
    #[test]
    fn anchored_tables_are_the_phrase_lists() {
        let mut seen = 0;
        for (anchor, mine, _) in ANCHORED {
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

    /// `lowercase_word` is `to_ascii_lowercase` on each of the four bytes,
    /// for every byte in every place.
    #[test]
    fn lowercase_word_is_each_byte_lowercased() {
        for c in 0..=255u8 {
            for place in 0..4 {
                for other in [0u8, b'A', b'z', 0x80, 0xFF, b'@', b'['] {
                    let mut x = [other; 4];
                    x[place] = c;
                    let want = x.map(|y| y.to_ascii_lowercase());
                    assert_eq!(
                        lowercase_word(u32::from_le_bytes(x)),
                        u32::from_le_bytes(want),
                        "{x:?}"
                    );
                }
            }
        }
    }

    /// An occurrence's `context` holds a phrase's `near` bytes exactly
    /// when the bytes at their place do (ASCII case ignored), and its
    /// anchor's `NearSet` says so exactly when one phrase's do, at every
    /// occurrence of every anchor in texts of phrases, near misses and
    /// text ends.
    #[test]
    fn context_is_the_near_bytes() {
        let mut texts: Vec<String> = ["", "X", "Y: ", " ans", "ThE ", "- "]
            .iter()
            .flat_map(|a| {
                PHRASES.iter().chain(MORE_PHRASES).flat_map(move |p| {
                    [format!("{a}{}", p.0), format!("{a}{}.", p.0.to_uppercase())]
                })
            })
            .collect();
        texts.extend(
            [
                "answer",
                "####",
                "答案",
                "所以",
                "the answeR :x",
                "is our answer",
            ]
            .map(String::from),
        );
        let mut tried = 0;
        for t in &texts {
            let b = t.as_bytes();
            for (anchor, mine, [near_set, document_set]) in ANCHORED {
                let len = anchor.text().len();
                for h in 0..b.len() {
                    if !starts_with_ci(&b[h..], anchor.text()) {
                        continue;
                    }
                    let c = context(b, h, len);
                    // The set says yes exactly when one phrase does.
                    // (Bit `k`: phrase `k`'s near bytes; the document's set
                    // has none of the production's phrases.)
                    let bits = |all: bool| {
                        mine.iter().enumerate().fold(0u16, |m, (k, a)| {
                            let near = c & a.near_mask == a.near_want;
                            m | u16::from(near && (all || !a.more)) << k
                        })
                    };
                    assert_eq!(near_set.matching(c), bits(true), "{t:?} {h}");
                    assert_eq!(document_set.matching(c), bits(false), "{t:?} {h}");
                    for a in mine {
                        let bytes = a.near.iter().enumerate().all(|(k, &w)| {
                            h.checked_add_signed(a.near_at + k as isize)
                                .and_then(|i| b.get(i))
                                .is_some_and(|x| x.to_ascii_lowercase() == w)
                        });
                        assert_eq!(
                            c & a.near_mask == a.near_want,
                            bytes,
                            "{t:?} {h} {}",
                            a.phrase.0
                        );
                        tried += 1;
                    }
                }
            }
        }
        assert!(tried > 1000, "{tried}");
    }
}
