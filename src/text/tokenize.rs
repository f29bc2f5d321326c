//! Whitespace tokenization as CPython's `str.split()` with no argument.
//!
//! # Differences with the document
//!
//! None: the whitespace is CPython's (`str.isspace`), as the document's
//! `str.split()`.

use super::pyunicode::is_space;

/// Splits `text` on runs of CPython whitespace, dropping empty pieces, like
/// Python's `text.split()`.
///
/// ```
/// use scorespec::text::tokenize::split_whitespace;
/// let tokens: Vec<&str> = split_whitespace(" paris \u{a0} france\u{1c}").collect();
/// assert_eq!(tokens, ["paris", "france"]);
/// ```
pub fn split_whitespace(text: &str) -> impl Iterator<Item = &str> {
    text.split(is_space).filter(|t| !t.is_empty())
}

/// Removes leading and trailing CPython whitespace, like Python's `str.strip()`.
///
/// ```
/// use scorespec::text::tokenize::strip;
/// assert_eq!(strip("\u{1f} a b \n"), "a b");
/// ```
pub fn strip(text: &str) -> &str {
    text.trim_matches(is_space)
}
