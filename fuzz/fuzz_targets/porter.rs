//! The Porter stemmer never panics and never grows a word: its steps only
//! remove suffixes or replace them with ones no longer (step 1b's `e`
//! replaces a removed `-ed`/`-ing`), so the stem has at most as many
//! characters as the lower-cased word (lower-casing itself may grow it,
//! e.g. `İ` → `i̇`). Stemming a stem must not panic either.
#![no_main]

use libfuzzer_sys::fuzz_target;
use scorespec::text::porter::stem;

fuzz_target!(|word: String| {
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
});
