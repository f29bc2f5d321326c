//! The Porter stemmer never panics and never grows a word: its steps only
//! remove suffixes or replace them with ones no longer (step 1b's `e`
//! replaces a removed `-ed`/`-ing`), so the stem has at most as many
//! characters as the lower-cased word (lower-casing itself may grow it,
//! e.g. `İ` → `i̇`). Stemming a stem must not panic either.

use scorespec::text::porter::stem;

/// The target's checks on one input.
pub fn check(word: String) {
    let lowered = word.to_lowercase();
    let s = stem(&word);
    let (n_in, n_out) = (lowered.chars().count(), s.chars().count());
    assert!(
        n_out <= n_in,
        "stem({word:?}) = {s:?} has {n_out} chars > {n_in}"
    );
    if word.chars().count() <= 2 {
        assert_eq!(s, lowered, "short words are only lower-cased");
    }
    let _ = stem(&s);
}

/// Decodes `data` as the fuzz target does (`Arbitrary::arbitrary_take_rest`)
/// and runs [`check`].
pub fn run(data: &[u8]) {
    if let Ok(input) =
        <String as arbitrary::Arbitrary>::arbitrary_take_rest(arbitrary::Unstructured::new(data))
    {
        check(input);
    }
}
