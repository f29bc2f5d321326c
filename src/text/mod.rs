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

pub use bleu::bleu;
pub use levenshtein::{distance as levenshtein, str_distance};
pub use porter::stem as porter_stem;
