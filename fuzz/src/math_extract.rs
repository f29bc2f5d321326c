//! `math.extract_answer` never panics on any response; its answer is the
//! slice of the response at its span; a strict answer is also the answer
//! when not strict; and every normalization of document 004 accepts the
//! answer (and the raw input) without panicking, `normalize` being
//! idempotent.

use scorespec::score::math::{extract::extract_answer, normalize as n};

/// The target's checks on one input (the bytes libFuzzer gives).
pub fn check(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let strict = extract_answer(text, true);
    let loose = extract_answer(text, false);
    for x in [&strict, &loose].into_iter().flatten() {
        assert!(x.span.0 < x.span.1 && x.span.1 <= text.len());
        assert_eq!(&text[x.span.0..x.span.1], x.answer);
    }
    if strict.is_some() {
        assert_eq!(strict, loose, "an explicit answer must win when not strict");
    }
    let answer = loose.as_ref().map_or(text, |x| x.answer.as_str());
    for s in [text, answer] {
        let once = n::normalize(s);
        assert_eq!(
            n::normalize(&once),
            once,
            "normalize is not idempotent for {s:?}"
        );
        let _ = n::norm_pm(s);
        let _ = n::norm_deg(s);
        let _ = n::fix_a_slash_b(s);
        let _ = n::norm_basic_fn(s);
        let _ = n::is_set(s);
        let _ = n::extract_set(s);
        let _ = n::remove_first_paren_pair(s, '{');
        let _ = n::latex_to_interval(s);
        let _ = n::latex_to_matrix(s);
    }
}

/// Decodes `data` as the fuzz target does and runs [`check`].
pub fn run(data: &[u8]) {
    check(data);
}
