//! `math.grade`: never panics on any gold / response / options; the verdict
//! is consistent (`equal` exactly when the outcome is `equal`); an extracted
//! answer's span lies on character boundaries of its text and slices to the
//! answer; grading is deterministic; and `math.majority` over the pair gives
//! the gold at both positions (a tie goes to the first class).

use arbitrary::Arbitrary;
use scorespec::score::math::equal::{EqualOptions, readable};
use scorespec::score::math::grade::{GradeOptions, grade, majority};

/// The target's input, decoded from the fuzzer's bytes.
#[derive(Debug, Arbitrary)]
pub struct Input {
    pub gold: String,
    pub response: String,
    pub strict: bool,
    pub formulas_only: bool,
    pub include_percentage: bool,
    pub compare_sets: bool,
    pub ascii_only: bool,
    pub degrees_as_radians: bool,
}

/// The target's checks on one input.
pub fn check(input: Input) {
    let opts = GradeOptions {
        equal: EqualOptions {
            include_percentage: input.include_percentage,
            compare_sets: input.compare_sets,
            ascii_only: input.ascii_only,
            degrees_as_radians: input.degrees_as_radians,
            ..EqualOptions::default()
        },
        strict: input.strict,
        formulas_only: input.formulas_only,
    };
    let g = grade(&input.gold, &input.response, &opts);
    assert_eq!(
        g.verdict.equal,
        g.verdict.outcome.as_str() == "equal",
        "{:?}",
        g.verdict
    );
    if let Some(x) = &g.response_extracted {
        let (a, b) = x.span;
        assert_eq!(
            input.response.get(a..b),
            Some(x.answer.as_str()),
            "span of the response's answer"
        );
    }
    assert_eq!(
        grade(&input.gold, &input.response, &opts),
        g,
        "deterministic"
    );
    let m = majority(&[&input.gold, &input.response], &opts.equal).expect("two answers");
    assert_eq!(m.len(), 2);
    // One vote each (a tie: the first class) or one class of two: the gold,
    // unless the gold is unreadable and the response readable (MJ-4: no vote
    // for no answer).
    let second = if !readable(&input.gold) && readable(&input.response) {
        input.response.clone()
    } else {
        input.gold.clone()
    };
    assert_eq!(m, [input.gold.clone(), second]);
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
