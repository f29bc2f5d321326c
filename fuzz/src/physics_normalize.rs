//! Physics answer normalization (spec/physics.md): `normalize_answer` never
//! panics and returns one of the five categories with a finite number for
//! `number`; normalizing a number, text or quantity result again gives the
//! same result (PH-22); `equal` is symmetric, and reflexive but for an
//! undefined value, which is equal to nothing (PH-21). The
//! input is split at the first NUL byte into two answers.

use scorespec::expr::equiv::Rule as EquivRule;
use scorespec::score::physics::{
    Category, EqualOptions, Rule, Value, equal, normalize_answer, normalize_number,
    starts_with_latex,
};

/// The target's checks on one input (the bytes libFuzzer gives).
pub fn check(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let (a, b) = text.split_once('\0').unwrap_or((text, ""));
    let n = normalize_answer(a);
    assert!(Category::ALL.contains(&n.category));
    let again = match (&n.category, &n.value) {
        (Category::Number, Value::Number(x)) => {
            assert!(x.is_finite(), "{a:?}: number {x}");
            Some(format!("{x}"))
        }
        (Category::Number, v) => panic!("{a:?}: number with value {v:?}"),
        (_, Value::Number(x)) => panic!("{a:?}: {} with number {x}", n.category),
        (Category::Text, Value::Text(t))
            if normalize_number(t).is_none() && !starts_with_latex(t) =>
        {
            Some(t.clone())
        }
        (Category::PhysicalQuantity, Value::Text(q)) => Some(format!("${q}$")),
        _ => None,
    };
    if let Some(input) = again {
        assert_eq!(
            normalize_answer(&input),
            n,
            "{a:?} re-normalized as {input:?}"
        );
    }
    let o = EqualOptions::default();
    // An answer equals itself unless it holds an undefined value (`1/0`),
    // which is equal to nothing (PH-21).
    let aa = equal(a, a, &o);
    assert!(
        aa.equal || aa.rule == Rule::ExpressionUnknown(EquivRule::Undefined),
        "{a:?} is not equal to itself: {}",
        aa.rule
    );
    assert_eq!(
        equal(a, b, &o).equal,
        equal(b, a, &o).equal,
        "equal({a:?}, {b:?}) is not symmetric"
    );
}

/// Decodes `data` as the fuzz target does and runs [`check`].
pub fn run(data: &[u8]) {
    check(data);
}
