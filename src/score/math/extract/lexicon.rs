//! The word classes of the fallback's clause readers (MX-21's conditions,
//! alternatives and conclusions, MX-22's reasons and descriptions, MX-23's
//! number words and value verbs): one
//! table lookup per word of the value's sentence instead of a comparison
//! with every word of every list.
//!
//! The lists stay where their rules are ([`CONDITIONS`], [`REASONS`], …);
//! the table is built from them when the crate compiles. A word is looked
//! up by its ASCII letters, case ignored: the key is its first
//! [`MAX_WORD`] bytes with the case bit set (which maps a byte to a
//! lowercase letter only when it is a letter), so a word of the lists (all
//! lowercase ASCII letters, checked when the table is built) is found in
//! any case and no other word is.
//!
//! # Differences with the document
//!
//! None: the document has no such rules; this is how the production
//! extraction reads its word lists (spec/math.md MX-21, MX-22, MX-23).

use super::alternatives::{ALTERNATIVES, CASES, CONCLUSIONS, CONDITIONS, DEPENDS, HEDGES};
use super::numbers::run_before;
use super::pack_flags;
use super::reasons::{ADJUNCTS, APPOSITIVES, CHANGES, DESCRIBED, DESCRIBING, REASONS};
use super::spelled::{DENOMINATOR_WORDS, SCALE_WORDS, VALUE_VERBS};
use crate::score::math::words::{NUMBER_WORDS, TENS};

/// The classes of a word, one bit each (zero: a word of no list).
pub(super) type Classes = u32;

/// A word of [`CONDITIONS`] (`if`, `when`).
pub(super) const CONDITION: Classes = 1;
/// A word of [`ALTERNATIVES`] (`otherwise`, `else`).
pub(super) const ALTERNATIVE: Classes = 1 << 1;
/// A word of [`CONCLUSIONS`] (`so`, `thus`, `which`).
pub(super) const CONCLUSION: Classes = 1 << 2;
/// A word of [`DEPENDS`] (`depends`).
pub(super) const DEPEND: Classes = 1 << 3;
/// A word of [`CASES`] (`for`, `if`, `otherwise`).
pub(super) const CASE_NAME: Classes = 1 << 4;
/// A word of [`HEDGES`] (`maybe`).
pub(super) const HEDGE: Classes = 1 << 5;
/// `which`.
pub(super) const WHICH: Classes = 1 << 6;
/// `case` (`in which case`).
pub(super) const CASE: Classes = 1 << 7;
/// `or`.
pub(super) const OR: Classes = 1 << 8;
/// A word of [`REASONS`] (`since`, `because`).
pub(super) const REASON: Classes = 1 << 9;
/// `as`, `whereas`.
pub(super) const AS: Classes = 1 << 10;
/// `is`, `are`.
pub(super) const IS: Classes = 1 << 11;
/// A word of [`DESCRIBED`] (`divisible`, `twice`).
pub(super) const DESCRIBES: Classes = 1 << 12;
/// A word of [`DESCRIBING`] (`satisfies`).
pub(super) const DESCRIBING_VERB: Classes = 1 << 13;
/// A number word of ME-15 (`seven`, `twenty`, `hundred`; MX-23).
pub(super) const NUMBER_WORD: Classes = 1 << 14;
/// A word of [`DENOMINATOR_WORDS`] (`thirds`).
pub(super) const DENOMINATOR: Classes = 1 << 15;
/// A word of [`VALUE_VERBS`] (`is`, `has`).
pub(super) const VALUE_VERB: Classes = 1 << 16;
/// A word of [`APPOSITIVES`] (`twice`, `including`).
pub(super) const APPOSITIVE: Classes = 1 << 17;
/// A word of [`ADJUNCTS`] (`after`, `by`).
pub(super) const ADJUNCT: Classes = 1 << 18;
/// `where`.
pub(super) const WHERE: Classes = 1 << 19;
/// A word of [`CHANGES`] (`increase`, `difference`).
pub(super) const CHANGE: Classes = 1 << 20;

/// The lists and their classes.
const LISTS: [(&[&str], Classes); 23] = [
    (CONDITIONS, CONDITION),
    (ALTERNATIVES, ALTERNATIVE),
    (CONCLUSIONS, CONCLUSION),
    (DEPENDS, DEPEND),
    (CASES, CASE_NAME),
    (HEDGES, HEDGE),
    (&["which"], WHICH),
    (&["case"], CASE),
    (&["or"], OR),
    (&REASONS, REASON),
    (&["as", "whereas"], AS),
    (&["is", "are"], IS),
    (&DESCRIBED, DESCRIBES),
    (&DESCRIBING, DESCRIBING_VERB),
    (NUMBER_WORDS, NUMBER_WORD),
    (TENS, NUMBER_WORD),
    (SCALE_WORDS, NUMBER_WORD),
    (DENOMINATOR_WORDS, DENOMINATOR),
    (VALUE_VERBS, VALUE_VERB),
    (&APPOSITIVES, APPOSITIVE),
    (&ADJUNCTS, ADJUNCT),
    (&["where"], WHERE),
    (&CHANGES, CHANGE),
];

/// The longest word of the lists, in bytes (a longer word is of none).
const MAX_WORD: usize = 16;

/// The table's slots (a power of two, about three times the words).
const SLOTS: usize = 512;

/// The table: open addressing by [`slot`], each slot a key (zero: empty)
/// and the key's classes.
struct Table {
    keys: [u128; SLOTS],
    classes: [Classes; SLOTS],
    /// By a word's first byte's low five bits (its letter, case ignored):
    /// bit `n` set when a word of the lists of `n` bytes starts so. Most
    /// words of prose fail this test and are never looked up.
    shapes: [u32; 32],
}

/// The key of `word` (at most [`MAX_WORD`] bytes, not empty): its bytes
/// little-endian, zero-padded, each with its case bit set.
const fn key_of(word: &[u8]) -> u128 {
    let mut k = 0u128;
    let mut i = 0;
    while i < word.len() {
        k |= ((word[i] | 0x20) as u128) << (8 * i);
        i += 1;
    }
    k
}

/// The first slot to probe for `key`.
#[inline(always)]
const fn slot(key: u128) -> usize {
    ((key as u64 ^ (key >> 64) as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 56) as usize % SLOTS
}

impl Table {
    /// The table of [`LISTS`]. Called in a constant item only: its checks
    /// (lowercase ASCII letters, at most [`MAX_WORD`] bytes, room left) run
    /// when the crate compiles.
    const fn build() -> Table {
        let mut t = Table {
            keys: [0; SLOTS],
            classes: [0; SLOTS],
            shapes: [0; 32],
        };
        let mut l = 0;
        while l < LISTS.len() {
            let (words, class) = LISTS[l];
            let mut w = 0;
            while w < words.len() {
                let word = words[w].as_bytes();
                assert!(!word.is_empty() && word.len() <= MAX_WORD);
                let mut i = 0;
                while i < word.len() {
                    assert!(word[i].is_ascii_lowercase());
                    i += 1;
                }
                t.shapes[(word[0] & 31) as usize] |= 1 << word.len();
                let key = key_of(word);
                let mut s = slot(key);
                let mut probes = 0;
                while t.keys[s] != 0 && t.keys[s] != key {
                    s = (s + 1) % SLOTS;
                    probes += 1;
                    assert!(probes < SLOTS);
                }
                t.keys[s] = key;
                t.classes[s] |= class;
                w += 1;
            }
            l += 1;
        }
        t
    }
}

/// The table of every list.
const TABLE: Table = Table::build();

/// The classes of `word` (ASCII case ignored; zero for a word of no list,
/// an empty one and one longer than [`MAX_WORD`] bytes).
#[cfg(test)]
pub(super) fn classes(word: &[u8]) -> Classes {
    classes_in(word, 0, word.len())
}

/// The classes of the word `b[s..e]` ([`classes`]; the bytes after it are
/// read with it, 16 at a time, and masked off).
#[inline]
pub(super) fn classes_in(b: &[u8], s: usize, e: usize) -> Classes {
    let n = e - s;
    if n == 0 || n > MAX_WORD || TABLE.shapes[(b[s] & 31) as usize] >> n & 1 == 0 {
        return 0;
    }
    let keep = u128::MAX >> (8 * (MAX_WORD - n));
    let bytes = match b[s..].first_chunk::<MAX_WORD>() {
        Some(c) => u128::from_le_bytes(*c),
        None => {
            // (The text's last bytes: copied.)
            let mut k = [0u8; MAX_WORD];
            k[..n].copy_from_slice(&b[s..e]);
            u128::from_le_bytes(k)
        }
    };
    lookup(bytes & keep | CASE_BITS & keep)
}

/// By a word's first byte's low five bits: bit `n` set when a word of `n`
/// bytes of a list of one of `classes` opens so (the table's shapes of
/// those lists alone: [`holds_a_word_of`]). Called in constant items only.
pub(super) const fn shapes_of(classes: Classes) -> [u32; 32] {
    let mut shapes = [0u32; 32];
    let mut l = 0;
    while l < LISTS.len() {
        let (words, class) = LISTS[l];
        if class & classes != 0 {
            let mut w = 0;
            while w < words.len() {
                let word = words[w].as_bytes();
                shapes[(word[0] & 31) as usize] |= 1 << word.len();
                w += 1;
            }
        }
        l += 1;
    }
    shapes
}

/// Whether a word of `b` (a run of ASCII letters, as [`words_back`] reads
/// them) is of a list of one of `classes`; `shapes` are
/// [`shapes_of`]`(classes)`. A word of another first letter or length (most
/// words of prose) is not looked up: a test whether a sentence can hold a
/// reading's words costs one pass over its bytes, not a lookup a word. The
/// words are found 64 bytes at a time, from a mask of the block's letters
/// ([`letter_mask`]): a word costs a few instructions, not a loop over its
/// bytes.
pub(super) fn holds_a_word_of(b: &[u8], classes: Classes, shapes: &[u32; 32]) -> bool {
    let mut i = 0;
    while i < b.len() {
        let m = letter_mask(b, i);
        // (The words that start in the block; `i` is never inside a word.)
        let mut starts = m & !(m << 1);
        let mut next = i + 64;
        while starts != 0 {
            let j = starts.trailing_zeros() as usize;
            starts &= starts - 1;
            let s = i + j;
            // (A word that reaches the block's end goes on past it.)
            let mut e = s + (!(m >> j)).trailing_zeros() as usize;
            if e == i + 64 {
                e += b[e.min(b.len())..]
                    .iter()
                    .take_while(|c| c.is_ascii_alphabetic())
                    .count();
                next = e;
            }
            let n = e - s;
            if n < 32
                && shapes[(b[s] & 31) as usize] >> n & 1 != 0
                && classes_in(b, s, e) & classes != 0
            {
                return true;
            }
        }
        i = next;
    }
    false
}

/// The ASCII letters of the (at most) 64 bytes of `b` from `s`: bit `j`
/// set when `b[s + j]` is one (`c | 0x20` is a lowercase letter exactly
/// for them), by a loop without branches (the last bytes of `b` copied
/// into a block of zero bytes, which are no letters).
fn letter_mask(b: &[u8], s: usize) -> u64 {
    let mut pad = [0u8; 64];
    let w = match b[s..].first_chunk::<64>() {
        Some(w) => w,
        None => {
            pad[..b.len() - s].copy_from_slice(&b[s..]);
            &pad
        }
    };
    let mut f = [0u8; 64];
    for (x, &c) in f.iter_mut().zip(w) {
        *x = u8::from((c | 0x20).wrapping_sub(b'a') < 26);
    }
    pack_flags(&f)
}

/// The words of `b[s..k]` (runs of ASCII letters), the last first: each
/// as where it starts, where it ends and its [`Classes`] (the bytes between
/// a word and the next one read are the caller's: `b[e..k]` for the first).
///
/// The bytes are read back 64 at a time, as the mask of their letters
/// ([`letter_mask`]): a word's ends are found by a few bit operations, not
/// a loop over its bytes and the bytes before it.
pub(super) fn words_back(b: &[u8], s: usize, k: usize) -> impl Iterator<Item = Word> + '_ {
    // (The block read last: its first byte, never before `s`, and the
    // mask of its letters; `k`: the end of the bytes not read yet.)
    let (mut k, mut base, mut m) = (k, k, 0u64);
    let below = |n: usize| if n >= 64 { u64::MAX } else { (1u64 << n) - 1 };
    std::iter::from_fn(move || {
        // The last letter before `k`, not before `s`: the word's end.
        let last = loop {
            let letters = m & below(k.saturating_sub(base));
            if letters != 0 {
                break 63 - letters.leading_zeros() as usize;
            }
            if base <= s {
                return None;
            }
            base = base.saturating_sub(64).max(s);
            m = letter_mask(b, base);
        };
        let e = base + last + 1;
        // Its start: after the last byte before it that is no letter, in
        // the block, else before the block (read byte by byte: a word
        // across two blocks).
        let others = !m & below(last);
        let w = if others != 0 {
            base + 64 - others.leading_zeros() as usize
        } else {
            run_before(b, s, base, |c| c.is_ascii_alphabetic())
        };
        k = w;
        Some(Word {
            start: w,
            end: e,
            classes: classes_in(b, w, e),
        })
    })
}

/// A short list of words (lowercase ASCII, each opening with a letter, at
/// most 64) and, by first letter, the mask of the words that open with it
/// (bit `k`: `words[k]`), built when the crate compiles: a word or a
/// sentence is compared only with the words of its first letter (none for
/// most), not with every word of the list.
pub(super) struct ByLetter {
    /// The words.
    words: &'static [&'static str],
    /// By first letter (`b'a' + n` at `n`): the words that open with it.
    by_letter: [u64; 26],
}

impl ByLetter {
    /// The words of `words` by first letter (every word opens with a
    /// lowercase ASCII letter, and there are at most 64: checked when the
    /// crate compiles). Called in constant items only.
    pub(super) const fn new(words: &'static [&'static str]) -> ByLetter {
        assert!(words.len() <= 64);
        let mut by_letter = [0u64; 26];
        let mut k = 0;
        while k < words.len() {
            let c = words[k].as_bytes()[0];
            assert!(c.is_ascii_lowercase());
            by_letter[(c - b'a') as usize] |= 1 << k;
            k += 1;
        }
        ByLetter { words, by_letter }
    }

    /// The words that open with the letter `c` (ASCII case ignored; none
    /// when `c` is no letter: `c | 0x20` is a lowercase letter exactly for
    /// an ASCII letter), as bytes, in the list's order.
    pub(super) fn opening_with(&self, c: u8) -> impl Iterator<Item = &'static [u8]> + '_ {
        let c = c | 0x20;
        let mut candidates = if c.is_ascii_lowercase() {
            self.by_letter[usize::from(c - b'a')]
        } else {
            0
        };
        std::iter::from_fn(move || {
            (candidates != 0).then(|| {
                let k = candidates.trailing_zeros() as usize;
                candidates &= candidates - 1;
                self.words[k].as_bytes()
            })
        })
    }

    /// Whether `w` is one of the words (ASCII case ignored).
    pub(super) fn holds(&self, w: &[u8]) -> bool {
        w.first()
            .is_some_and(|&c| self.opening_with(c).any(|x| w.eq_ignore_ascii_case(x)))
    }
}

/// A word that [`words_back`] read.
#[derive(Debug, Clone, Copy)]
pub(super) struct Word {
    /// Its first byte.
    pub(super) start: usize,
    /// The byte after it.
    pub(super) end: usize,
    /// Its classes.
    pub(super) classes: Classes,
}

/// The case bit of every byte of a key.
const CASE_BITS: u128 = u128::from_le_bytes([0x20; MAX_WORD]);

/// The classes of `key` (zero when the table lacks it).
#[inline(always)]
fn lookup(key: u128) -> Classes {
    let mut s = slot(key);
    // (The table is a third full at most: a probe ends at an empty slot
    // soon.)
    loop {
        match TABLE.keys[s] {
            k if k == key => return TABLE.classes[s],
            0 => return 0,
            _ => s = (s + 1) % SLOTS,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The classes of `word` by comparing it with every word of every list.
    fn naive(word: &[u8]) -> Classes {
        LISTS
            .iter()
            .filter(|(words, _)| {
                words
                    .iter()
                    .any(|w| word.eq_ignore_ascii_case(w.as_bytes()))
            })
            .fold(0, |a, (_, c)| a | c)
    }

    /// Every word of the lists, in three cases and with a byte changed,
    /// added or taken away, has the classes the lists give it.
    #[test]
    fn lookup_is_the_lists() {
        let mut seen = 0;
        for (words, class) in LISTS {
            for w in words {
                assert_ne!(classes(w.as_bytes()) & class, 0, "{w}");
                let upper = w.to_ascii_uppercase();
                let mut title = w.to_string();
                title[..1].make_ascii_uppercase();
                for v in [upper, title, format!("{w}s"), w[1..].to_string()] {
                    assert_eq!(classes(v.as_bytes()), naive(v.as_bytes()), "{v}");
                }
                for i in 0..w.len() {
                    for c in [b'@', b'[', b'`', b'{', 0u8, 0xC3, w.as_bytes()[i] ^ 0x01] {
                        let mut v = w.as_bytes().to_vec();
                        v[i] = c;
                        assert_eq!(classes(&v), naive(&v), "{v:?}");
                        seen += 1;
                    }
                }
            }
        }
        assert!(seen > 500);
        for w in ["", "a", "x", "the", "answer", "sincerely", "whichever"] {
            assert_eq!(classes(w.as_bytes()), naive(w.as_bytes()), "{w}");
        }
        let long = "divisibledivisibledivisible";
        for n in 0..long.len() {
            assert_eq!(classes(&long.as_bytes()[..n]), naive(&long.as_bytes()[..n]));
        }
    }

    /// `holds_a_word_of` answers what a loop over the words answers, on
    /// texts of words of the lists and others, across 64-byte blocks (a
    /// word of 64 letters among them), for several sets of classes.
    #[test]
    fn holds_a_word_of_is_a_word_loop() {
        let long = "abcdefghijklmnopqrstuvwxyz".repeat(3);
        let pieces = [
            "if",
            " ",
            "When",
            "x",
            "otherwise",
            "MAYBE",
            "for",
            "forx",
            "5",
            ",",
            "é",
            &long,
            "\n",
            "whenever",
        ];
        let mut glue = crate::text::Glue(7);
        let sets = [
            CONDITION | ALTERNATIVE | CASE_NAME | HEDGE,
            HEDGE,
            CONDITION,
            ALTERNATIVE,
        ];
        let (mut yes, mut no) = (0, 0);
        for round in 0..3000 {
            let t = glue.text(&pieces, 1 + round % 70);
            let b = t.as_bytes();
            for set in sets {
                let want = b
                    .split(|c| !c.is_ascii_alphabetic())
                    .any(|w| classes(w) & set != 0);
                assert_eq!(holds_a_word_of(b, set, &shapes_of(set)), want, "{t:?}");
                (yes, no) = if want { (yes + 1, no) } else { (yes, no + 1) };
            }
        }
        assert!(yes > 1000 && no > 1000, "{yes} {no}");
    }

    /// `words_back` reads the words the byte loop it replaced reads, for
    /// every end and several starts (words across 64-byte blocks, a word
    /// of 64 letters, letters right before the start).
    #[test]
    fn words_back_is_a_byte_loop() {
        let byte_loop = |b: &[u8], s: usize, k: usize| {
            let mut k = k;
            let mut out = Vec::new();
            loop {
                let e = run_before(b, s, k, |c| !c.is_ascii_alphabetic());
                let w = run_before(b, s, e, |c| c.is_ascii_alphabetic());
                if w == e {
                    return out;
                }
                out.push((w, e, classes_in(b, w, e)));
                k = w;
            }
        };
        let long = "abcdefghijklmnopqrstuvwxyz".repeat(3);
        let pieces = [
            "if",
            " ",
            "When",
            "x",
            "otherwise",
            "5",
            ",",
            "é",
            &long,
            "\n",
            "whenever",
            "  ",
        ];
        let mut glue = crate::text::Glue(5);
        for round in 0..400 {
            let t = glue.text(&pieces, 1 + round % 50);
            let b = t.as_bytes();
            for k in 0..=b.len() {
                for s in [0, k / 3, k.saturating_sub(70), k] {
                    let read: Vec<_> = words_back(b, s, k)
                        .map(|w| (w.start, w.end, w.classes))
                        .collect();
                    assert_eq!(read, byte_loop(b, s, k), "{t:?} {s} {k}");
                }
            }
        }
    }

    /// A word's classes are all its lists' (`if` is a condition, a case word and
    /// an adjunct; `which` a conclusion and itself).
    #[test]
    fn a_word_has_every_class_of_its_lists() {
        assert_eq!(classes(b"If"), CONDITION | CASE_NAME | ADJUNCT);
        assert_eq!(classes(b"WHICH"), CONCLUSION | WHICH);
        assert_eq!(classes(b"otherwise"), ALTERNATIVE | CASE_NAME);
        assert_eq!(classes(b"since"), REASON);
        assert_eq!(classes(b"sinc"), 0);
    }
}
