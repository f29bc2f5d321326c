//! Text metrics and the character classes they rest on.
//!
//! These sit beside the math stack and feed the scorers: Python-compatible
//! character classes ([`pyunicode`]), whitespace tokenization ([`tokenize`])
//! the Porter stemmer in NLTK's default mode ([`porter`]) and edit distance
//! ([`mod@levenshtein`]); for the LaTeX readers, the one bracket matcher
//! (`brackets`) and the one walk over command groups `\name{…}`
//! (`latex_groups`).

pub mod bleu;
pub(crate) mod brackets;
pub(crate) mod latex_groups;
pub mod levenshtein;
pub mod porter;
pub mod pyunicode;
pub mod tokenize;
mod unicode_tables;

/// Whether `c` is an ASCII byte that [`char::is_whitespace`] accepts
/// (`u8::is_ascii_whitespace` and the vertical tab).
pub(crate) fn is_ws_byte(c: u8) -> bool {
    // (`\t`, `\n`, 0x0B, 0x0C, `\r` are 9 to 13.)
    (c == b' ') | (c.wrapping_sub(9) < 5)
}

/// Whether the 16 bytes `c` hold `x`: a branch-free fold the compiler
/// turns into one vector compare and one mask test.
#[inline(always)]
fn chunk_holds(c: &[u8; 16], x: u8) -> bool {
    c.iter().fold(false, |a, &y| a | (y == x))
}

/// The last position of the byte `x` in `b` (what `rposition` finds):
/// 16 bytes at a time from the end, one vector test each, then a byte loop
/// in the chunk that holds it (a line break a few lines back costs a few
/// instructions a chunk, not `memrchr`'s set-up and byte loops at both
/// ends on every call).
pub(crate) fn rfind_byte(b: &[u8], x: u8) -> Option<usize> {
    let mut k = b.len();
    while let Some(c) = k.checked_sub(16).and_then(|s| b[s..].first_chunk::<16>()) {
        if chunk_holds(c, x) {
            return c.iter().rposition(|&y| y == x).map(|p| k - 16 + p);
        }
        k -= 16;
    }
    b[..k].iter().rposition(|&y| y == x)
}

/// The first position of the byte `x` in `b` (what `position` finds), 16
/// bytes at a time as [`rfind_byte`].
pub(crate) fn find_byte(b: &[u8], x: u8) -> Option<usize> {
    let mut k = 0;
    while let Some(c) = b[k..].first_chunk::<16>() {
        if chunk_holds(c, x) {
            return c.iter().position(|&y| y == x).map(|p| k + p);
        }
        k += 16;
    }
    b[k..].iter().position(|&y| y == x).map(|p| k + p)
}

/// The first position in `b` of a byte that `hit` accepts (what
/// `position` finds), 16 bytes at a time as [`find_byte`]: `hit` is a few
/// branch-free comparisons (`|c| (c == b'.') | (c >= 0xE3)`), which the
/// compiler applies to a chunk at once.
#[inline(always)]
pub(crate) fn find_where(b: &[u8], hit: impl Fn(u8) -> bool + Copy) -> Option<usize> {
    let mut k = 0;
    while let Some(c) = b[k..].first_chunk::<16>() {
        if c.iter().fold(false, |a, &y| a | hit(y)) {
            return c.iter().position(|&y| hit(y)).map(|p| k + p);
        }
        k += 16;
    }
    b[k..].iter().position(|&y| hit(y)).map(|p| k + p)
}

/// The first position of `pat` (not empty) in `hay`: what `str::find`
/// finds. A short text (under [`SHORT_TEXT`] bytes: an answer, a formula)
/// is searched for the pattern's first byte by [`find_byte`], then
/// compared, without building a substring searcher on every call (a
/// formula's `\\approx`, the guards of the normalization's passes); a
/// longer one by `str::find`, whose searcher pays for itself there (a
/// capture of 8 KiB holds the first byte of `and ` at every `answer`).
pub(crate) fn find_str(hay: &str, pat: &str) -> Option<usize> {
    if hay.len() >= SHORT_TEXT {
        return hay.find(pat);
    }
    let (hay, pat) = (hay.as_bytes(), pat.as_bytes());
    let (&first, _) = pat.split_first()?;
    let mut k = 0;
    while let Some(p) = find_byte(&hay[k..], first) {
        if hay[k + p..].starts_with(pat) {
            return Some(k + p);
        }
        k += p + 1;
    }
    None
}

/// The length from which [`find_str`] uses `str::find` and [`holds_str`]
/// `str::contains`.
const SHORT_TEXT: usize = 256;

/// Whether `hay` holds `pat` (not empty): what `str::contains` answers, a
/// short text read as [`find_str`] reads it, a longer one by
/// `str::contains` (whose vector search of a long text is much faster than
/// `str::find`'s).
pub(crate) fn holds_str(hay: &str, pat: &str) -> bool {
    if hay.len() >= SHORT_TEXT {
        return hay.contains(pat);
    }
    find_str(hay, pat).is_some()
}

/// The decimal digits of `v` (`0` … `18446744073709551615`), written into
/// the end of `buf`: the slice of it they fill. The writers of JSON and of
/// printed expressions use it instead of the formatting machinery
/// (`1204` → `b"1204"`; the unit test compares it with `u64::to_string`).
pub(crate) fn decimal_digits(mut v: u64, buf: &mut [u8; 20]) -> &[u8] {
    let mut at = buf.len();
    loop {
        at -= 1;
        buf[at] = b'0' + (v % 10) as u8;
        v /= 10;
        if v == 0 {
            return &buf[at..];
        }
    }
}

/// Test texts: pieces glued in an order drawn from a fixed linear
/// congruential sequence (the tests that compare two implementations of one
/// query on many small texts).
#[cfg(test)]
pub(crate) struct Glue(pub(crate) u64);

#[cfg(test)]
impl Glue {
    /// The next state of the sequence.
    pub(crate) fn next(&mut self) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        self.0
    }

    /// `s` with one more piece, drawn from `pieces`.
    pub(crate) fn push(&mut self, s: &mut String, pieces: &[&str]) {
        let k = (self.next() >> 33) as usize % pieces.len();
        s.push_str(pieces[k]);
    }

    /// A text of `extra` plus a few (the state's top bits) pieces.
    pub(crate) fn text(&mut self, pieces: &[&str], extra: u64) -> String {
        let mut s = String::new();
        for _ in 0..(self.0 >> 60) + extra {
            self.push(&mut s, pieces);
        }
        s
    }
}

pub use bleu::bleu;
pub use levenshtein::{distance as levenshtein, str_distance};
pub use porter::stem as porter_stem;

#[cfg(test)]
mod tests {
    use super::*;

    /// `rfind_byte` and `find_byte` find what `rposition` and `position`
    /// find, `find_str` and `holds_str` what `str::find` and `str::contains`
    /// find, in texts of every length (the target at every place of a
    /// 16-byte chunk, at both ends, twice, or not at all; short texts and
    /// long ones).
    #[test]
    fn byte_searches_are_the_byte_loops() {
        let mut glue = crate::text::Glue(47);
        let mut found = 0;
        for round in 0..4000usize {
            let len = round % 100;
            let b: Vec<u8> = (0..len)
                .map(|_| [b'a', b'\n', b'x', 0xE7, b' '][(glue.next() >> 33) as usize % 5])
                .map(|c| {
                    if round % 3 == 0 && c == b'\n' {
                        b'y'
                    } else {
                        c
                    }
                })
                .collect();
            let want_last = b.iter().rposition(|&c| c == b'\n');
            let want_first = b.iter().position(|&c| c == b'\n');
            assert_eq!(rfind_byte(&b, b'\n'), want_last, "{b:?}");
            assert_eq!(find_byte(&b, b'\n'), want_first, "{b:?}");
            let hit = |c: u8| (c == b'\n') | (c >= 0xE3);
            assert_eq!(find_where(&b, hit), b.iter().position(|&c| hit(c)));
            // A two-byte pattern whose first byte is frequent, in a text
            // (short and long ones).
            let t: String = b
                .iter()
                .map(|&c| if c < 0x80 { c as char } else { 'é' })
                .collect();
            let t = t.repeat(1 + round % 7);
            assert_eq!(find_str(&t, "\nx"), t.find("\nx"), "{t:?}");
            assert_eq!(find_str(&t, "éx"), t.find("éx"), "{t:?}");
            assert_eq!(holds_str(&t, "\nx"), t.contains("\nx"), "{t:?}");
            found += usize::from(want_last.is_some());
        }
        assert!(found > 2000, "{found}");
    }

    /// The digits are those `u64::to_string` writes, at both ends of the
    /// range and at every power of ten and its neighbours.
    #[test]
    fn decimal_digits_are_to_string() {
        let mut values = vec![0, 1, 9, u64::MAX, u64::MAX - 1, 1204];
        let mut p = 1u64;
        while let Some(q) = p.checked_mul(10) {
            values.extend([p - 1, p, p + 1]);
            p = q;
        }
        for v in values {
            let mut buf = [0u8; 20];
            assert_eq!(super::decimal_digits(v, &mut buf), v.to_string().as_bytes());
        }
    }
}
