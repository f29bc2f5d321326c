//! The typed API from a user's crate: grade one response and match on the
//! outcome (issue 12's acceptance check; `cargo run --example grade`).

use scorespec::math::{self, GradeOptions, Outcome};

fn main() {
    let v = math::grade(
        "\\frac{1}{2}",
        "We count the cases… so the probability is $\\boxed{0.5}$.",
        &GradeOptions::default(),
    );
    let verdict = match v.outcome {
        Outcome::Equal => "equal",
        Outcome::NotEqual => "not equal",
        Outcome::Unparseable => "unparseable",
        Outcome::NoAnswer => "no answer",
        Outcome::BudgetExceeded => "budget exceeded",
        Outcome::Undecided => "undecided",
    };
    println!("{verdict} (rule {})", v.rule);
    assert_eq!(v.outcome, Outcome::Equal);
}
