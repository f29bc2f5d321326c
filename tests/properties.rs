//! Property tests of the QA scorer, the Porter stemmer and the registry
//! (DESIGN.md, "Properties"). Strategies live in `strategies/mod.rs`.

mod strategies;

use proptest::prelude::*;
use proptest::sample::Index;
use scorespec::registry;
use scorespec::score::qa::{
    MatchOptions, NormalizeOptions, exact_match, exact_match_max, f1, f1_max, normalize,
};
use scorespec::text::porter::stem;
use scorespec::text::pyunicode::is_space;
use scorespec::text::tokenize::split_whitespace;
use strategies::*;

// ---------------------------------------------------------------- helpers

/// The normalization `MatchOptions` asks for (normalization must be on).
fn normalize_options(o: &MatchOptions) -> NormalizeOptions {
    assert!(o.normalize);
    NormalizeOptions {
        stem: o.stem,
        unicode_punctuation: o.unicode_punctuation,
        keep_numbers: o.keep_numbers,
        ..NormalizeOptions::default()
    }
}

/// Byte offsets where a whitespace token starts.
fn token_starts(s: &str) -> Vec<usize> {
    let mut prev_space = true;
    let mut out = Vec::new();
    for (i, c) in s.char_indices() {
        if prev_space && !is_space(c) {
            out.push(i);
        }
        prev_space = is_space(c);
    }
    out
}

/// Byte offsets just after the last character of a whitespace token.
fn token_ends(s: &str) -> Vec<usize> {
    let mut out = Vec::new();
    let mut in_token = false;
    for (i, c) in s.char_indices() {
        if in_token && is_space(c) {
            out.push(i);
        }
        in_token = !is_space(c);
    }
    if in_token {
        out.push(s.len());
    }
    out
}

fn insert_at(s: &str, at: usize, what: &str) -> String {
    format!("{}{what}{}", &s[..at], &s[at..])
}

/// Changes the case of the characters `mask` selects, only where lower-casing
/// undoes the change character by character (so `ß`, `ﬁ`, `İ` and the sigmas,
/// whose lower case depends on context or expands, are left alone).
fn flip_case(s: &str, mask: &[bool]) -> String {
    let single = |mut it: std::iter::Peekable<std::vec::IntoIter<char>>| -> Option<char> {
        let c = it.next()?;
        it.peek().is_none().then_some(c)
    };
    let lower = |c: char| single(c.to_lowercase().collect::<Vec<_>>().into_iter().peekable());
    let upper = |c: char| single(c.to_uppercase().collect::<Vec<_>>().into_iter().peekable());
    s.chars()
        .enumerate()
        .map(|(i, c)| {
            if mask.is_empty() || !mask[i % mask.len()] || matches!(c, 'σ' | 'ς' | 'Σ') {
                return c;
            }
            let target = if c.is_lowercase() { upper(c) } else { lower(c) };
            match (target, lower(c)) {
                (Some(t), Some(lc)) if lower(t) == Some(lc) => t,
                _ => c,
            }
        })
        .collect()
}

/// Replaces every run of whitespace with the next run from `runs` (cycled).
fn respace(s: &str, runs: &[String]) -> String {
    let mut out = String::new();
    let mut k = 0;
    let mut in_space = false;
    for c in s.chars() {
        if is_space(c) {
            if !in_space {
                out.push_str(&runs[k % runs.len()]);
                k += 1;
            }
            in_space = true;
        } else {
            out.push(c);
            in_space = false;
        }
    }
    out
}

/// `changed` scores like `original` against `reference`: same normalization,
/// same exact match, same F1 (bit for bit).
fn same_scores(
    original: &str,
    changed: &str,
    reference: &str,
    opts: &MatchOptions,
) -> Result<(), TestCaseError> {
    let n = normalize_options(opts);
    prop_assert_eq!(
        normalize(changed, &n),
        normalize(original, &n),
        "normalization differs"
    );
    prop_assert_eq!(
        exact_match(changed, reference, opts),
        exact_match(original, reference, opts),
        "exact match differs"
    );
    prop_assert_eq!(
        f1(changed, reference, opts).to_bits(),
        f1(original, reference, opts).to_bits(),
        "F1 differs"
    );
    Ok(())
}

fn in_unit_interval(x: f64) -> bool {
    (0.0..=1.0).contains(&x)
}

const UNICODE_PUNCTUATION_ON: NormalizeOptions = NormalizeOptions {
    lowercase: true,
    remove_articles: true,
    remove_punctuation: true,
    remove_extra_whitespace: true,
    stem: false,
    unicode_punctuation: true,
    keep_numbers: false,
};

const KEEP_NUMBERS_ON: NormalizeOptions = NormalizeOptions {
    unicode_punctuation: false,
    keep_numbers: true,
    ..UNICODE_PUNCTUATION_ON
};

const BOTH_OPT_INS: NormalizeOptions = NormalizeOptions {
    unicode_punctuation: true,
    keep_numbers: true,
    ..UNICODE_PUNCTUATION_ON
};

fn idempotent(text: &str, opts: &NormalizeOptions) -> Result<(), TestCaseError> {
    let once = normalize(text, opts);
    let twice = normalize(&once, opts);
    prop_assert_eq!(&twice, &once, "normalize is not idempotent on {:?}", text);
    Ok(())
}

// ------------------------------------------------------------- properties

proptest! {
    // No regression files: this suite must not write into the source tree.
    #![proptest_config(ProptestConfig {
        failure_persistence: None,
        ..ProptestConfig::with_cases(512)
    })]

    // ---- Scores are in [0, 1]; exact match is 0 or 1.

    #[test]
    fn prop_scores_in_unit_interval(
        (p, r) in qa_pair_strategy(),
        refs in references_strategy(),
        opts in match_options_strategy(),
    ) {
        let refs: Vec<&str> = refs.iter().map(String::as_str).collect();
        for s in [
            exact_match(&p, &r, &opts),
            f1(&p, &r, &opts),
            exact_match_max(&p, &refs, &opts),
            f1_max(&p, &refs, &opts),
        ] {
            prop_assert!(in_unit_interval(s), "score {} out of [0, 1]", s);
        }
    }

    #[test]
    fn prop_scores_in_unit_interval_arbitrary(
        p in arbitrary_text_strategy(),
        r in arbitrary_text_strategy(),
        opts in match_options_strategy(),
    ) {
        prop_assert!(in_unit_interval(exact_match(&p, &r, &opts)));
        prop_assert!(in_unit_interval(f1(&p, &r, &opts)));
    }

    #[test]
    fn prop_exact_match_is_zero_or_one(
        (p, r) in qa_pair_strategy(),
        refs in references_strategy(),
        opts in match_options_strategy(),
    ) {
        let refs: Vec<&str> = refs.iter().map(String::as_str).collect();
        let em = exact_match(&p, &r, &opts);
        prop_assert!(em == 0.0 || em == 1.0, "exact match {}", em);
        let em = exact_match_max(&p, &refs, &opts);
        prop_assert!(em == 0.0 || em == 1.0, "best exact match {}", em);
    }

    // ---- Exact match implies F1 = 1.

    #[test]
    fn prop_exact_match_implies_f1_one(
        (p, r) in qa_pair_strategy(),
        opts in match_options_strategy(),
    ) {
        if exact_match(&p, &r, &opts) == 1.0 {
            prop_assert_eq!(f1(&p, &r, &opts), 1.0);
        }
        // The same text always matches itself.
        prop_assert_eq!(exact_match(&p, &p, &opts), 1.0);
        prop_assert_eq!(f1(&p, &p, &opts), 1.0);
    }

    // ---- F1 (and exact match) are symmetric, bit for bit.

    #[test]
    fn prop_f1_symmetric(
        (p, r) in qa_pair_strategy(),
        opts in match_options_strategy(),
    ) {
        prop_assert_eq!(f1(&p, &r, &opts).to_bits(), f1(&r, &p, &opts).to_bits());
        prop_assert_eq!(exact_match(&p, &r, &opts), exact_match(&r, &p, &opts));
    }

    // ---- Normalization without stemming is idempotent.

    #[test]
    fn prop_normalize_idempotent(
        text in prop_oneof![3 => text_strategy(), 1 => number_text_strategy()],
    ) {
        idempotent(&text, &NormalizeOptions::default())?;
    }

    #[test]
    fn prop_normalize_idempotent_unicode_punctuation(
        text in prop_oneof![3 => text_strategy(), 1 => number_text_strategy()],
    ) {
        idempotent(&text, &UNICODE_PUNCTUATION_ON)?;
    }

    #[test]
    fn prop_normalize_idempotent_keep_numbers(
        text in prop_oneof![1 => text_strategy(), 1 => number_text_strategy()],
    ) {
        idempotent(&text, &KEEP_NUMBERS_ON)?;
    }

    #[test]
    fn prop_normalize_idempotent_unicode_punctuation_keep_numbers(
        text in prop_oneof![1 => text_strategy(), 1 => number_text_strategy()],
    ) {
        idempotent(&text, &BOTH_OPT_INS)?;
    }

    // ---- Scores ignore what normalization removes: case, articles,
    // punctuation, whitespace.

    #[test]
    fn prop_scores_invariant_under_ascii_uppercase(
        (p, r) in qa_pair_strategy(),
        opts in normalizing_match_options_strategy(),
    ) {
        same_scores(&p, &p.to_ascii_uppercase(), &r, &opts)?;
    }

    #[test]
    fn prop_scores_invariant_under_case_changes(
        (p, r) in qa_pair_strategy(),
        mask in prop::collection::vec(any::<bool>(), 1..16),
        opts in normalizing_match_options_strategy(),
    ) {
        same_scores(&p, &flip_case(&p, &mask), &r, &opts)?;
    }

    #[test]
    fn prop_scores_invariant_under_article_insertion(
        (p, r) in qa_pair_strategy(),
        article in prop::sample::select(ARTICLES),
        ws in whitespace_strategy(),
        at in any::<Index>(),
        opts in normalizing_match_options_strategy(),
    ) {
        // Before a token: "the " + token; or at the very end: " the".
        let starts = token_starts(&p);
        let choice = at.index(starts.len() + 1);
        let changed = match starts.get(choice) {
            Some(&i) => insert_at(&p, i, &format!("{article}{ws}")),
            None => format!("{p}{ws}{article}"),
        };
        same_scores(&p, &changed, &r, &opts)?;
    }

    #[test]
    fn prop_scores_invariant_under_trailing_punctuation(
        (p, r) in qa_pair_strategy(),
        punct in "[!-/:-@\\[-`{-~]{1,3}",
        at in any::<Index>(),
        opts in normalizing_match_options_strategy(),
    ) {
        // At a token's end (before whitespace, or at the end of the text),
        // ASCII punctuation cannot merge two tokens.
        let ends = token_ends(&p);
        let changed = if ends.is_empty() {
            format!("{p}{punct}")
        } else {
            insert_at(&p, ends[at.index(ends.len())], &punct)
        };
        same_scores(&p, &changed, &r, &opts)?;
    }

    #[test]
    fn prop_scores_invariant_under_leading_punctuation(
        (p, r) in qa_pair_strategy(),
        // Not `-` (with keep_numbers, `-` before a digit is a minus sign)
        // nor `_` (a word character: with keep_numbers, `_-5` loses its minus).
        punct in "[!-,./:-@\\[-^`{-~]{1,3}",
        at in any::<Index>(),
        opts in normalizing_match_options_strategy(),
    ) {
        let starts = token_starts(&p);
        // A text with no token is all whitespace: put the punctuation first.
        let i = if starts.is_empty() { 0 } else { starts[at.index(starts.len())] };
        let changed = insert_at(&p, i, &punct);
        same_scores(&p, &changed, &r, &opts)?;
    }

    #[test]
    fn prop_scores_invariant_under_whitespace_changes(
        (p, r) in qa_pair_strategy(),
        runs in prop::collection::vec(whitespace_strategy(), 1..6),
        lead in prop::option::of(whitespace_strategy()),
        trail in prop::option::of(whitespace_strategy()),
        opts in normalizing_match_options_strategy(),
    ) {
        let changed = format!(
            "{}{}{}",
            lead.unwrap_or_default(),
            respace(&p, &runs),
            trail.unwrap_or_default()
        );
        same_scores(&p, &changed, &r, &opts)?;
    }

    // ---- With several references the best score counts.

    #[test]
    fn prop_best_of_references_is_max(
        p in text_strategy(),
        refs in references_strategy(),
        extra in any::<Option<Index>>(),
        opts in match_options_strategy(),
    ) {
        let mut refs: Vec<&str> = refs.iter().map(String::as_str).collect();
        // Sometimes include the prediction itself among the references.
        if let Some(i) = extra {
            refs.insert(i.index(refs.len() + 1), &p);
        }
        let f1s: Vec<f64> = refs.iter().map(|r| f1(&p, r, &opts)).collect();
        let ems: Vec<f64> = refs.iter().map(|r| exact_match(&p, r, &opts)).collect();
        let best_f1 = f1_max(&p, &refs, &opts);
        let best_em = exact_match_max(&p, &refs, &opts);
        prop_assert_eq!(best_f1, f1s.iter().copied().fold(0.0, f64::max));
        prop_assert_eq!(best_em, ems.iter().copied().fold(0.0, f64::max));
        for (f, e) in f1s.iter().zip(&ems) {
            prop_assert!(best_f1 >= *f && best_em >= *e);
        }
        if refs.is_empty() {
            prop_assert_eq!((best_f1, best_em), (0.0, 0.0));
        } else {
            // The maximum is attained by one of the references.
            prop_assert!(f1s.contains(&best_f1) && ems.contains(&best_em));
        }
    }

    // ---- The Porter stemmer.

    #[test]
    fn prop_stem_total_and_lower_case(w in prop_oneof![
        arbitrary_text_strategy(),
        word_strategy(),
        ascii_word_strategy(),
    ]) {
        let s = stem(&w);
        prop_assert_eq!(s.to_lowercase(), s);
    }

    #[test]
    fn prop_stem_ignores_ascii_case(w in ascii_word_strategy()) {
        prop_assert_eq!(stem(&w), stem(&w.to_lowercase()));
    }

    #[test]
    fn prop_normalize_stem_is_stem_of_tokens(
        text in text_strategy(),
        opts in normalize_options_strategy(),
    ) {
        let plain = normalize(&text, &NormalizeOptions { stem: false, ..opts });
        let expected = split_whitespace(&plain).map(stem).collect::<Vec<_>>().join(" ");
        prop_assert_eq!(normalize(&text, &NormalizeOptions { stem: true, ..opts }), expected);
    }

    // ---- The registry never panics and returns a score or an error.

    #[test]
    fn prop_registry_qa_f1_total(args in registry_args_strategy()) {
        // An error is a fine answer to a bad call; a result must be a score.
        if let Ok(v) = registry::call("qa.f1", &args) {
            let x = v.as_f64();
            prop_assert!(x.is_some_and(in_unit_interval), "qa.f1 returned {}", v);
        }
    }

    #[test]
    fn prop_registry_qa_exact_match_total(args in registry_args_strategy()) {
        if let Ok(v) = registry::call("qa.exact_match", &args) {
            prop_assert!(v == 0.0 || v == 1.0, "qa.exact_match returned {}", v);
        }
    }
}

/// The shapes of call the registry law must see, so that it does not pass
/// only because every generated call is rejected.
#[test]
fn registry_strategy_reaches_ok_and_err() {
    use proptest::strategy::ValueTree;
    use proptest::test_runner::TestRunner;
    let mut runner = TestRunner::deterministic();
    let (mut ok, mut err) = (0, 0);
    for _ in 0..512 {
        let args = registry_args_strategy()
            .new_tree(&mut runner)
            .unwrap()
            .current();
        match registry::call("qa.f1", &args) {
            Ok(_) => ok += 1,
            Err(_) => err += 1,
        }
    }
    assert!(ok >= 50 && err >= 50, "ok {ok}, err {err}");
}

/// Sanity checks of the transformation helpers themselves.
#[test]
fn helpers_transform_as_intended() {
    assert_eq!(token_starts(" ab\u{a0}c"), vec![1, 5]);
    assert_eq!(token_ends(" ab\u{a0}c"), vec![3, 6]);
    assert_eq!(flip_case("Straße σοφος x", &[true]), "sTRAßE σΟΦΟς X");
    assert_eq!(respace("a \t b\u{3000}c", &[" ".into()]), "a b c");
}
