//! The bounds of the expression engine (issue 3, Deliver 7): each input of
//! the issue gives a bounded outcome — a value, or `budget_exceeded` naming
//! the bound — through the same registry the CLI uses. (Speed is measured in
//! `benches/expr.rs`, not asserted here.)

use scorespec::expr::api::{Format, parse};
use scorespec::expr::{ExprError, Limits};
use serde_json::json;

fn call(f: &str, text: &str) -> Result<serde_json::Value, scorespec::CallError> {
    scorespec::registry::call(f, &json!({ "text": text }))
}

#[test]
fn power_tower_stays_unevaluated() {
    assert_eq!(
        call("expr.parse_latex", "10^{10^{10^{10}}}").unwrap(),
        "10**(10**10000000000)"
    );
    // Equivalence still works on it: identical canonical forms.
    let v = scorespec::registry::call(
        "expr.equivalent",
        &json!({"a": "10^{10^{10^{10}}}", "b": "10^{10^{10^{10}}}"}),
    )
    .unwrap();
    assert_eq!(v["outcome"], "equal");
}

#[test]
fn huge_factorial_stays_unevaluated() {
    assert_eq!(
        call("expr.parse_latex", "1000000!").unwrap(),
        "factorial(1000000)"
    );
    assert_eq!(
        call("expr.parse_infix", "factorial(1000000)").unwrap(),
        "factorial(1000000)"
    );
}

#[test]
fn deep_nesting_is_refused() {
    for format in ["expr.parse_latex", "expr.parse_infix"] {
        let deep = format!("{}x{}", "(".repeat(100_000), ")".repeat(100_000));
        let e = call(format, &deep).unwrap_err();
        assert_eq!(e.kind(), "budget_exceeded", "{format}: {e}");
        let mb = "(".repeat(1 << 20);
        assert_eq!(call(format, &mb).unwrap_err().kind(), "budget_exceeded");
    }
    // With the length limit lifted, the depth limit refuses it.
    let roomy = Limits {
        max_input_bytes: 1 << 22,
        ..Limits::default()
    };
    for format in [Format::Latex, Format::Infix] {
        let deep = format!("{}x{}", "(".repeat(100_000), ")".repeat(100_000));
        match parse(&deep, format, &roomy) {
            Err(ExprError::BudgetExceeded { which, .. }) => {
                assert!(which.contains("depth"), "{which}")
            }
            other => panic!("{format:?}: {other:?}"),
        }
    }
}

#[test]
fn long_rpn_chains_are_bounded() {
    let roomy = Limits {
        max_input_bytes: 1 << 22,
        ..Limits::default()
    };
    let negs = format!("x{}", " neg".repeat(100_000));
    assert!(matches!(
        parse(&negs, Format::Rpn, &roomy),
        Err(ExprError::BudgetExceeded { .. })
    ));
}

#[test]
fn huge_literals_are_refused() {
    let digits = "9".repeat(20_000);
    assert_eq!(
        call("expr.parse_infix", &digits).unwrap_err().kind(),
        "budget_exceeded"
    );
    assert_eq!(
        call("expr.parse_infix", "1e999999999").unwrap_err().kind(),
        "budget_exceeded"
    );
}

#[test]
fn many_big_numbers_are_refused_early() {
    // 4 KiB of 10,000-digit numbers: each is within the bound on one number,
    // together they exceed the bound on one input.
    let sci = vec!["1e9999"; 580].join("+");
    let e = call("expr.parse_infix", &sci).unwrap_err();
    assert!(e.to_string().contains("total digits"), "{e}");
    let powers = vec!["10^{9999}"; 400].join("+");
    let e = call("expr.parse_latex", &powers).unwrap_err();
    assert!(e.to_string().contains("total digits"), "{e}");
}
