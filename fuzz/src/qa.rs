//! QA metrics: normalize never panics; exact match and F1 are in [0, 1],
//! exact match is 0 or 1, an exact match has F1 = 1, F1 is exactly symmetric,
//! and a text matches itself. Every valid combination of `MatchOptions` is
//! tried (stem, unicode_punctuation, keep_numbers only with normalize on);
//! the invalid ones must be rejected by `MatchOptions::check`.

use arbitrary::Arbitrary;
use scorespec::score::qa::{MatchOptions, NormalizeOptions, exact_match, f1, normalize};

/// The target's input, decoded from the fuzzer's bytes.
#[derive(Debug, Arbitrary)]
pub struct Input {
    pub prediction: String,
    pub reference: String,
    pub lowercase: bool,
    pub remove_articles: bool,
    pub remove_punctuation: bool,
    pub remove_extra_whitespace: bool,
    pub stem: bool,
    pub unicode_punctuation: bool,
    pub keep_numbers: bool,
}

fn all_match_options() -> impl Iterator<Item = MatchOptions> {
    (0u8..16).map(|bits| MatchOptions {
        normalize: bits & 1 != 0,
        stem: bits & 2 != 0,
        unicode_punctuation: bits & 4 != 0,
        keep_numbers: bits & 8 != 0,
    })
}

/// The target's checks on one input.
pub fn check(input: Input) {
    let nopts = NormalizeOptions {
        lowercase: input.lowercase,
        remove_articles: input.remove_articles,
        remove_punctuation: input.remove_punctuation,
        remove_extra_whitespace: input.remove_extra_whitespace,
        stem: input.stem,
        unicode_punctuation: input.unicode_punctuation,
        keep_numbers: input.keep_numbers,
    };
    let _ = normalize(&input.prediction, &nopts);
    let _ = normalize(&input.reference, &nopts);

    let (a, b) = (input.prediction.as_str(), input.reference.as_str());
    for opts in all_match_options() {
        let valid = opts.normalize || !(opts.stem || opts.unicode_punctuation || opts.keep_numbers);
        assert_eq!(opts.check().is_ok(), valid, "check() of {opts:?}");
        if !valid {
            continue;
        }
        let em = exact_match(a, b, &opts);
        assert!(em == 0.0 || em == 1.0, "exact_match = {em} with {opts:?}");
        assert_eq!(
            em,
            exact_match(b, a, &opts),
            "exact_match not symmetric, {opts:?}"
        );
        let f = f1(a, b, &opts);
        assert!((0.0..=1.0).contains(&f), "f1 = {f} with {opts:?}");
        let g = f1(b, a, &opts);
        assert!(
            f.to_bits() == g.to_bits(),
            "f1 not symmetric: {f} vs {g} with {opts:?}"
        );
        if em == 1.0 {
            assert_eq!(f, 1.0, "exact match but f1 = {f} with {opts:?}");
        }
        assert_eq!(
            exact_match(a, a, &opts),
            1.0,
            "a text must match itself, {opts:?}"
        );
        assert_eq!(f1(a, a, &opts), 1.0, "f1 of a text with itself, {opts:?}");
    }
}

/// Decodes `data` as the fuzz target does (`Arbitrary::arbitrary_take_rest`)
/// and runs [`check`].
pub fn run(data: &[u8]) {
    if let Ok(input) =
        <Input as arbitrary::Arbitrary>::arbitrary_take_rest(arbitrary::Unstructured::new(data))
    {
        check(input);
    }
}
