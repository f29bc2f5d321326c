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
