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
