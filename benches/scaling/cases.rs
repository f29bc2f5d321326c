//! The inputs of the scaling check: for every registry function, realistic and
//! hostile argument shapes that grow with a size `k`.
//!
//! Shared by the check itself (`benches/scaling.rs`, `cargo bench --bench
//! scaling`) and by `tests/scaling_cases.rs`, which fails `cargo test` when a
//! registered function has no case here (so a new function cannot be
//! forgotten) and runs every case once at its smallest and largest size.
//!
//! A case's `make(k)` builds the `args` object of one call whose input is
//! about `k` units (characters, terms, references, sentences…); `max` is the
//! largest `k` the check may use (it measures `k` and `8k`, with `8k ≤ max`),
//! chosen so that the input stays inside the function's documented bounds when
//! the case expects success. Each case's work is meant to grow linearly in `k`
//! unless its `growth` says otherwise, with the reason (the spec rule that
//! bounds it).

use serde_json::{Value, json};

/// How a case's work is allowed to grow with its size.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Growth {
    /// Linear (up to a logarithm): the ratio of `8k` to `k` must stay below
    /// [`LINEAR_LIMIT`] (quadratic work gives about 64).
    Linear,
    /// Documented quadratic work (the reason names the bound of the spec):
    /// the ratio must stay below [`QUADRATIC_LIMIT`] (cubic gives about 512).
    Quadratic(&'static str),
}

/// The largest ratio `t(8k) / t(k)` a linear case may show.
pub const LINEAR_LIMIT: f64 = 20.0;
/// The largest ratio `t(8k) / t(k)` a documented quadratic case may show.
pub const QUADRATIC_LIMIT: f64 = 160.0;

impl Growth {
    /// The largest ratio of times allowed between size `8k` and size `k`.
    pub fn limit(self) -> f64 {
        match self {
            Growth::Linear => LINEAR_LIMIT,
            Growth::Quadratic(_) => QUADRATIC_LIMIT,
        }
    }
}

/// What every call of a case must return, at every size up to `max`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Expect {
    /// A result (the function did its work).
    Ok,
    /// An error of this kind (a bound refused the input; the case checks that
    /// refusing is cheap).
    Err(&'static str),
    /// A result or an error (a work budget may end the call; the case checks
    /// the time either way).
    Any,
}

/// One input shape of one registry function.
#[derive(Debug, Clone, Copy)]
pub struct Case {
    /// The registry id.
    pub func: &'static str,
    /// What grows, in a few words (the table's "input" column).
    pub shape: &'static str,
    /// The largest size `k` the check may use.
    pub max: usize,
    /// The allowed growth of the work.
    pub growth: Growth,
    /// The outcome every call must have.
    pub expect: Expect,
    /// The arguments of one call of size `k`.
    pub make: fn(usize) -> Value,
    /// A super-linear fault found by this check and not fixed yet: the row is
    /// measured and printed as "known fault", but does not fail the check.
    /// Remove the mark with the fix (the check says when the row passes).
    pub known: Option<&'static str>,
}

/// A linear case whose every call returns a result.
const fn case(
    func: &'static str,
    shape: &'static str,
    max: usize,
    make: fn(usize) -> Value,
) -> Case {
    Case {
        func,
        shape,
        max,
        growth: Growth::Linear,
        expect: Expect::Ok,
        make,
        known: None,
    }
}

/// A case whose every call is refused with an error of `kind`.
const fn refused(
    func: &'static str,
    shape: &'static str,
    max: usize,
    kind: &'static str,
    make: fn(usize) -> Value,
) -> Case {
    Case {
        expect: Expect::Err(kind),
        ..case(func, shape, max, make)
    }
}

/// A case whose work is quadratic by design, for the reason `why`.
const fn quadratic(
    func: &'static str,
    shape: &'static str,
    max: usize,
    why: &'static str,
    make: fn(usize) -> Value,
) -> Case {
    Case {
        growth: Growth::Quadratic(why),
        ..case(func, shape, max, make)
    }
}

/// Marks a case as a known fault (see [`Case::known`]). No case has the
/// mark today; the next fault the check finds gets it until it is fixed.
#[allow(dead_code)]
const fn known(c: Case, fault: &'static str) -> Case {
    Case {
        known: Some(fault),
        ..c
    }
}

/// 1 MiB: the largest hostile run of one character most cases use.
const MIB: usize = 1 << 20;
/// The expression engine's input bound (`Limits::max_input_bytes`, 16 KiB).
const EXPR_BYTES: usize = 16 * 1024;

fn rep(s: &str, k: usize) -> String {
    s.repeat(k)
}

/// `k` varied infix terms `3*x**2 + 1*x**4 + …` (about 10 bytes a term).
fn infix_sum(k: usize) -> String {
    (0..k)
        .map(|i| format!("{}*x**{}", i % 9 + 1, i % 7))
        .collect::<Vec<_>>()
        .join(" + ")
}

/// The same terms in LaTeX: `\frac{3}{2}x^{2} + …` (about 16 bytes a term).
fn latex_sum(k: usize) -> String {
    (0..k)
        .map(|i| format!(r"\frac{{{}}}{{2}}x^{{{}}}", i % 9 + 1, i % 7))
        .collect::<Vec<_>>()
        .join(" + ")
}

/// The same terms in RPN: `3 x 2 ^ * 1 x 4 ^ * + …` (about 10 bytes a term).
fn rpn_sum(k: usize) -> String {
    let mut s = String::new();
    for i in 0..k {
        s.push_str(&format!("{} x {} ^ * ", i % 9 + 1, i % 7));
        if i > 0 {
            s.push_str("+ ");
        }
    }
    s
}

/// `k` sentences of chain-of-thought prose (about 60 bytes a sentence).
fn prose(k: usize) -> String {
    (0..k)
        .map(|i| {
            format!(
                "Step {i}: we multiply both sides by {} and simplify the terms. ",
                i % 13 + 2
            )
        })
        .collect()
}

/// A long math response: `k` sentences of reasoning, then the boxed answer.
fn math_response(k: usize) -> String {
    format!(r"{}So the answer is $\boxed{{\frac{{1}}{{2}}}}$.", prose(k))
}

/// A Fredholm model response with `k` sentences of reasoning.
fn fredholm_response(k: usize) -> String {
    format!(
        "{}\nHAS_SOLUTION: yes\nSOLUTION_TYPE: exact_symbolic\nREASONING: separable kernel.\nSOLUTION: u(x) = x**2 + sin(x)",
        prose(k)
    )
}

/// `k` distinct words `w0 w1 …` (about 5 bytes a word).
fn words(k: usize) -> String {
    (0..k).map(|i| format!("w{i} ")).collect()
}

/// `k` distinct sentences ending in `.`.
fn sentences(k: usize) -> Vec<String> {
    (0..k)
        .map(|i| format!("The hero number {i} walks {} miles to the castle.", i % 17))
        .collect()
}

/// `k` groups of four words, comma-separated.
fn groups(k: usize) -> String {
    (0..4 * k)
        .map(|i| format!("word{i}"))
        .collect::<Vec<_>>()
        .join(",")
}

/// A Fredholm solution and ground truth, both a long sum.
fn solution_pair(k: usize) -> Value {
    json!({"solution": infix_sum(k), "ground_truth": infix_sum(k)})
}

/// A prediction row of `fredholm.evaluate`.
fn prediction_row(i: usize) -> Value {
    json!({
        "equation_id": format!("eq{i}"),
        "ground_truth": "x**2 + sin(x)",
        "ground_truth_solution_type": "exact_symbolic",
        "ground_truth_has_solution": true,
        "solution_str": if i % 2 == 0 { "sin(x) + x**2" } else { "x**3" },
        "has_solution": true,
        "solution_type": "exact_symbolic",
    })
}

/// Every case of the check.
pub fn cases() -> Vec<Case> {
    vec![
        // ---- expression engine (input ≤ 16 KiB, depth ≤ 200, nodes ≤ 20,000)
        case(
            "expr.parse_infix",
            "long sum of terms",
            EXPR_BYTES / 11,
            |k| json!({"text": infix_sum(k)}),
        ),
        quadratic(
            "expr.parse_infix",
            "long run of one digit",
            8000,
            "decimal digits to binary (num-bigint) is quadratic; at most 10,000 digits (Limits::max_digits)",
            |k| json!({"text": rep("7", k)}),
        ),
        case(
            "expr.parse_infix",
            "nested sqrt(sqrt(2)+…) (within the depth bound)",
            96,
            |k| json!({"text": format!("{}x{}", rep("sqrt(sqrt(2)+", k), rep(")", k))}),
        ),
        refused(
            "expr.parse_infix",
            "deep nesting (over the depth bound)",
            7900,
            "budget_exceeded",
            |k| json!({"text": format!("{}x{}", rep("(", 256 + k), rep(")", 256 + k))}),
        ),
        refused(
            "expr.parse_infix",
            "run of '(' over the length bound",
            MIB,
            "budget_exceeded",
            |k| json!({"text": rep("(", EXPR_BYTES + k)}),
        ),
        case(
            "expr.parse_latex",
            "long sum of fractions",
            EXPR_BYTES / 21,
            |k| json!({"text": latex_sum(k)}),
        ),
        case(
            "expr.parse_latex",
            "long run of \\, spacing",
            EXPR_BYTES / 3,
            |k| json!({"text": format!("x{}1", rep(r"\,", k))}),
        ),
        refused(
            "expr.parse_latex",
            "deep \\frac nesting (over the depth bound)",
            1400,
            "budget_exceeded",
            |k| json!({"text": format!("{}x{}", rep(r"\frac{1}{", 200 + k), rep("}", 200 + k))}),
        ),
        case(
            "expr.parse_rpn",
            "long RPN sum",
            EXPR_BYTES / 13,
            |k| json!({"text": rpn_sum(k)}),
        ),
        refused(
            "expr.parse_rpn",
            "long run of operands (unbalanced)",
            EXPR_BYTES / 2 - 8,
            "parse_error",
            |k| json!({"text": rep("x ", k + 1)}),
        ),
        case(
            "expr.equivalent",
            "two long sums (one reversed)",
            EXPR_BYTES / 11,
            |k| {
                let a = infix_sum(k);
                let b = (0..k)
                    .rev()
                    .map(|i| format!("{}*x**{}", i % 9 + 1, i % 7))
                    .collect::<Vec<_>>()
                    .join(" + ");
                json!({"a": a, "b": b, "format": "infix"})
            },
        ),
        case(
            "expr.equivalent",
            "long LaTeX sum vs a number",
            EXPR_BYTES / 21,
            |k| json!({"a": latex_sum(k), "b": "1"}),
        ),
        case(
            "expr.evaluate",
            "long sum at a point",
            EXPR_BYTES / 11,
            |k| json!({"text": infix_sum(k), "format": "infix", "at": {"x": 0.5}}),
        ),
        case(
            "expr.evaluate",
            "many distinct symbols",
            EXPR_BYTES / 8,
            |k| {
                let text = (0..k)
                    .map(|i| format!("y_{i}"))
                    .collect::<Vec<_>>()
                    .join("+");
                let at: serde_json::Map<String, Value> =
                    (0..k).map(|i| (format!("y_{i}"), json!(0.5))).collect();
                json!({"text": text, "format": "infix", "at": at})
            },
        ),
        case(
            "expr.to_latex",
            "long sum",
            EXPR_BYTES / 11,
            |k| json!({"text": infix_sum(k), "format": "infix"}),
        ),
        // Was a known fault (canonicalization ordered terms by their whole
        // printed form at every level: quadratic in the depth); linear since
        // terms are ordered by printed prefixes (spec/expr.md EX-6a).
        case(
            "expr.to_latex",
            "nested sqrt(1+…) (within the depth bound)",
            96,
            |k| json!({"text": format!("{}x{}", rep("sqrt(1+", k), rep(")", k)), "format": "infix"}),
        ),
        case(
            "expr.to_rpn",
            "long sum",
            EXPR_BYTES / 11,
            |k| json!({"text": infix_sum(k), "format": "infix"}),
        ),
        case(
            "expr.to_rpn",
            "long product of powers",
            EXPR_BYTES / 9,
            |k| {
                let text = (0..k)
                    .map(|i| format!("x_{}**2", i % 50))
                    .collect::<Vec<_>>()
                    .join("*");
                json!({"text": text, "format": "infix"})
            },
        ),
        // ---- Fredholm (document 003)
        case(
            "fredholm.approx_coef",
            "long series",
            EXPR_BYTES / 11,
            solution_pair,
        ),
        case(
            "fredholm.bleu",
            "long prediction and reference",
            64 * 1024,
            |k| json!({"prediction": rep("x**2 + sin(x) - ", k), "reference": rep("x**2 + cos(x) + ", k)}),
        ),
        case(
            "fredholm.bleu",
            "long run of one character",
            MIB,
            |k| json!({"prediction": rep("(", k), "reference": "x**2"}),
        ),
        case(
            "fredholm.discrete_points",
            "many points (lists)",
            10_000,
            |k| {
                let p: Vec<Value> = (0..k)
                    .map(|i| json!([i as f64 / 100.0, (i % 10) as f64]))
                    .collect();
                json!({"prediction": p.clone(), "ground_truth": p})
            },
        ),
        case(
            "fredholm.discrete_points",
            "many points at one x (ties)",
            10_000,
            |k| {
                let p: Vec<Value> = (0..k).map(|i| json!([0.5, (i % 10) as f64])).collect();
                json!({"prediction": p.clone(), "ground_truth": p})
            },
        ),
        case(
            "fredholm.discrete_points",
            "many points (text)",
            10_000,
            |k| {
                let text: Vec<String> = (0..=k)
                    .map(|i| format!("({}, {})", i as f64 / 100.0, i % 10))
                    .collect();
                let gt: Vec<Value> = (0..=k)
                    .map(|i| json!([i as f64 / 100.0, (i % 10) as f64]))
                    .collect();
                json!({"prediction": format!("[{}]", text.join(", ")), "ground_truth": gt})
            },
        ),
        case(
            "fredholm.evaluate",
            "many predictions",
            8192,
            |k| json!({"predictions": (0..k).map(prediction_row).collect::<Vec<_>>()}),
        ),
        case("fredholm.evaluate", "many long raw responses", 4096, |k| {
            let rows: Vec<Value> = (0..k)
                .map(|i| {
                    json!({"equation_id": format!("eq{i}"), "ground_truth": "x**2 + sin(x)",
                        "ground_truth_solution_type": "exact_symbolic", "raw_response": fredholm_response(20)})
                })
                .collect();
            json!({"predictions": rows})
        }),
        case(
            "fredholm.evaluate_prediction",
            "long raw response",
            16 * 1024,
            |k| {
                json!({"prediction": {"ground_truth": "x**2 + sin(x)", "ground_truth_solution_type": "exact_symbolic",
                "raw_response": fredholm_response(k)}})
            },
        ),
        case(
            "fredholm.evaluate_prediction",
            "long solution expression",
            EXPR_BYTES / 11,
            |k| {
                json!({"prediction": {"ground_truth": infix_sum(k), "solution_str": infix_sum(k),
                "has_solution": true, "solution_type": "exact_symbolic"}})
            },
        ),
        case(
            "fredholm.family",
            "long family C*(sum)",
            EXPR_BYTES / 13,
            |k| json!({"solution": format!("C*({})", infix_sum(k)), "ground_truth": format!("C*({})", infix_sum(k))}),
        ),
        case(
            "fredholm.family",
            "sum of doubly nested integrals",
            64,
            |k| {
                let term = "Integral(Integral(x*t*s, (t, 0, 1)), (s, 0, 1))";
                let solution = format!("C*x + {}", vec![term; k].join(" + "));
                json!({"solution": solution, "ground_truth": "C*x", "format": "infix"})
            },
        ),
        Case {
            expect: Expect::Any,
            ..case(
                "fredholm.family",
                "nested integral, no free constant, long integrand",
                512,
                |k| {
                    let integrand = (0..k)
                        .map(|i| format!("{}*x*t*s", i % 9 + 1))
                        .collect::<Vec<_>>()
                        .join(" + ");
                    json!({"solution": format!("Integral(Integral({integrand}, (s, 0, 1)), (t, 0, 1))"),
                    "ground_truth": "x/4", "format": "infix"})
                },
            )
        },
        case(
            "fredholm.math_tokens",
            "long solution string",
            MIB / 16,
            |k| json!({"text": rep("x**2+sin(x)*[y]-", k)}),
        ),
        case(
            "fredholm.math_tokens",
            "long run of '*'",
            MIB,
            |k| json!({"text": rep("*", k)}),
        ),
        case("fredholm.none_detection", "many rows", 100_000, |k| {
            let rows: Vec<Value> = (0..k)
                .map(|i| json!({"ground_truth_solution_type": if i % 3 == 0 { "none" } else { "series" }, "has_solution": i % 2 == 0}))
                .collect();
            json!({"predictions": rows})
        }),
        case(
            "fredholm.numeric_compare",
            "long expressions",
            EXPR_BYTES / 11,
            solution_pair,
        ),
        case(
            "fredholm.numeric_compare",
            "many stored points",
            10_000,
            |k| {
                let xs: Vec<f64> = (0..k).map(|i| i as f64 / k as f64).collect();
                let us: Vec<f64> = xs.iter().map(|x| x * x).collect();
                json!({"solution": "x**2", "evaluation_points": {"x_values": xs, "u_values": us}})
            },
        ),
        case(
            "fredholm.operator_f1",
            "long expressions",
            EXPR_BYTES / 11,
            |k| json!({"prediction": infix_sum(k), "reference": infix_sum(k)}),
        ),
        case(
            "fredholm.parse_output",
            "long reasoning",
            MIB / 64,
            |k| json!({"response": fredholm_response(k)}),
        ),
        case(
            "fredholm.parse_output",
            "u(x) = x then a run of '.'",
            MIB,
            |k| json!({"response": format!("u(x) = x{}", rep(".", k))}),
        ),
        case(
            "fredholm.parse_output",
            "a run of '('",
            MIB,
            |k| json!({"response": rep("(", k)}),
        ),
        case(
            "fredholm.parse_output",
            "u(x) = then a run of '('",
            MIB,
            |k| json!({"response": format!("u(x) = {}", rep("(", k))}),
        ),
        case(
            "fredholm.relative_l2",
            "long expressions",
            EXPR_BYTES / 11,
            solution_pair,
        ),
        case("fredholm.relative_l2", "many stored points", 10_000, |k| {
            let xs: Vec<f64> = (0..k).map(|i| i as f64 / k as f64).collect();
            let us: Vec<f64> = xs.iter().map(|x| x * x + 1.0).collect();
            json!({"solution": "x**2 + 1", "ground_truth": {"x_values": xs, "u_values": us}})
        }),
        case(
            "fredholm.series_terms",
            "long series",
            EXPR_BYTES / 11,
            solution_pair,
        ),
        case(
            "fredholm.symbolic_compare",
            "long expressions",
            EXPR_BYTES / 11,
            solution_pair,
        ),
        case(
            "fredholm.symbolic_compare",
            "LaTeX with long \\, runs",
            EXPR_BYTES / 4,
            |k| json!({"solution": format!(r"x{}+1", rep(r"\,", k)), "ground_truth": "x + 1"}),
        ),
        case(
            "fredholm.verify_solution",
            "long kernel",
            EXPR_BYTES / 11,
            |k| json!({"solution": "x", "kernel": infix_sum(k), "f": "x", "lambda": 1}),
        ),
        // ---- math answers (document 004)
        case(
            "math.equal",
            "long sums",
            EXPR_BYTES / 21,
            |k| json!({"reference": latex_sum(k), "prediction": latex_sum(k)}),
        ),
        case(
            "math.equal",
            "long run of one digit",
            8000,
            |k| json!({"reference": rep("9", k), "prediction": rep("9", k)}),
        ),
        case(
            "math.equal",
            "64 KiB run of '('",
            64 * 1024,
            |k| json!({"reference": "1", "prediction": rep("(", k)}),
        ),
        case("math.equal", "many acceptable references", 64, |k| {
            let refs: Vec<String> = (0..k).map(|i| format!(r"\frac{{{i}}}{{7}}")).collect();
            json!({"reference": refs, "prediction": "0.5"})
        }),
        case(
            "math.extract_answer",
            "long response, boxed answer",
            MIB / 64,
            |k| json!({"response": math_response(k)}),
        ),
        case(
            "math.extract_answer",
            "long reasoning, no explicit answer, non-strict",
            MIB / 64,
            |k| json!({"response": prose(k), "strict": false}),
        ),
        case(
            "math.extract_answer",
            "many boxes",
            MIB / 16,
            |k| json!({"response": rep(r"\boxed{1} ", k)}),
        ),
        case(
            "math.extract_answer",
            "many unclosed boxes",
            MIB / 8,
            |k| json!({"response": rep(r"\boxed{", k)}),
        ),
        case(
            "math.extract_answer",
            "long run of '$', non-strict",
            MIB,
            |k| json!({"response": rep("$", k), "strict": false}),
        ),
        case(
            "math.extract_answer",
            "long run of one digit, non-strict",
            MIB,
            |k| json!({"response": rep("7", k), "strict": false}),
        ),
        case("math.extract_set", "long set", 8 * 1024, |k| {
            let items: Vec<String> = (0..k).map(|i| i.to_string()).collect();
            json!({"text": format!(r"\{{{}\}}", items.join(", "))})
        }),
        case(
            "math.extract_set",
            "long run of '{'",
            MIB,
            |k| json!({"text": rep("{", k)}),
        ),
        case(
            "math.fix_a_slash_b",
            "long a/b",
            MIB / 2,
            |k| json!({"text": format!("{}/{}", rep("1", k), rep("2", k))}),
        ),
        case(
            "math.fix_a_slash_b",
            "long run of '/'",
            MIB,
            |k| json!({"text": rep("/", k)}),
        ),
        case(
            "math.grade",
            "long response",
            MIB / 64,
            |k| json!({"gold": r"\frac{1}{2}", "response": math_response(k)}),
        ),
        case(
            "math.grade",
            "long reasoning, no explicit answer",
            MIB / 64,
            |k| json!({"gold": "2", "response": prose(k)}),
        ),
        case(
            "math.grade",
            "many boxes, non-strict",
            MIB / 16,
            |k| json!({"gold": "1", "response": rep(r"\boxed{1} ", k), "strict": false}),
        ),
        // (An answer statement of spaced groups: each `(` after a space was
        // read as a possible remark by a search for its `)`, quadratic
        // until MX-11's MAX_GROUPS; 4,000 groups stay within the 8 KiB of a
        // statement.)
        case(
            "math.grade",
            "statement of spaced '('",
            4000,
            |k| json!({"gold": "5", "response": format!("The answer is {}.", rep("( ", k))}),
        ),
        // (An answer statement of `, or 1` repeated: MX-11's restatement
        // test read all that precedes each `or` and all that follows it,
        // quadratic within the 8 KiB of a statement until it read the
        // value's last 64 bytes and stopped at the first byte that is no
        // letter; 1,300 stay within the 8 KiB.)
        case(
            "math.grade",
            "statement of ', or 1'",
            1300,
            |k| json!({"gold": "5", "response": format!("The answer is 1{}.", rep(", or 1", k))}),
        ),
        case(
            "math.grade",
            "long gold solution",
            MIB / 64,
            |k| json!({"gold": math_response(k), "response": r"\boxed{0.5}"}),
        ),
        case(
            "math.is_set",
            "long 'or' list",
            MIB / 8,
            |k| json!({"text": (0..k).map(|i| i.to_string()).collect::<Vec<_>>().join(" or ")}),
        ),
        case(
            "math.is_set",
            "long run of '('",
            MIB,
            |k| json!({"text": rep("(", k)}),
        ),
        case(
            "math.latex_to_interval",
            "union of intervals",
            EXPR_BYTES / 24,
            |k| {
                let parts: Vec<String> = (0..k)
                    .map(|i| format!("[{}, {}]", 2 * i, 2 * i + 1))
                    .collect();
                json!({"text": parts.join(r" \cup ")})
            },
        ),
        case("math.latex_to_matrix", "long vector", EXPR_BYTES / 7, |k| {
            let items: Vec<String> = (0..k).map(|i| (i % 10).to_string()).collect();
            json!({"text": format!(r"\begin{{pmatrix}}{}\end{{pmatrix}}", items.join(r" \\ "))})
        }),
        case(
            "math.latex_to_matrix",
            "square-ish matrix rows",
            EXPR_BYTES / 12,
            |k| {
                let rows: Vec<&str> = vec!["1 & 2 & 3"; k];
                json!({"text": format!(r"\begin{{pmatrix}}{}\end{{pmatrix}}", rows.join(r" \\ "))})
            },
        ),
        case("math.majority", "many answers, few classes", 1024, |k| {
            let answers: Vec<String> = (0..k)
                .map(|i| format!(r"\frac{{{}}}{{2}}", i % 3))
                .collect();
            json!({"answers": answers})
        }),
        case(
            "math.majority",
            "batch of many short lists",
            100_000,
            |k| json!({"answers": vec![vec!["1", "2", "3", "3", "3"]; k]}),
        ),
        quadratic(
            "math.majority",
            "many distinct answers",
            1024,
            "every answer is compared with every class; at most 1,024 answers (MAX_MAJORITY_ANSWERS)",
            |k| json!({"answers": (0..k).map(|i| i.to_string()).collect::<Vec<_>>()}),
        ),
        case(
            "math.norm_basic_fn",
            "long run of sinx",
            MIB / 4,
            |k| json!({"text": rep("sinx", k)}),
        ),
        case(
            "math.norm_deg",
            "many degree terms",
            MIB / 16,
            |k| json!({"text": rep(r"\sin 30^\circ + ", k)}),
        ),
        case(
            "math.norm_deg",
            "long run of '^'",
            MIB,
            |k| json!({"text": rep("^", k)}),
        ),
        case(
            "math.norm_pm",
            "many \\pm signs",
            MIB / 8,
            |k| json!({"text": rep(r"1\pm", k)}),
        ),
        case(
            "math.norm_pm",
            "long set with \\pm items",
            MIB / 16,
            |k| json!({"text": format!(r"\{{{}\}}", rep(r"1\pm\sqrt{5},", k))}),
        ),
        case(
            "math.normalize",
            "long answer with text and units",
            MIB / 32,
            |k| json!({"text": rep(r"\text{ cm}^2 + 1{,}000 \dfrac{1}{2} ", k)}),
        ),
        case(
            "math.normalize",
            "long run of unclosed \\text{",
            MIB / 8,
            |k| json!({"text": rep(r"\text{", k)}),
        ),
        case(
            "math.normalize",
            "long run of '{'",
            MIB,
            |k| json!({"text": rep("{", k)}),
        ),
        case(
            "math.remove_first_paren_pair",
            "deep nesting",
            MIB / 2,
            |k| json!({"text": format!("{}x{}", rep("(", k), rep(")", k)), "paren": "("}),
        ),
        case(
            "math.remove_first_paren_pair",
            "unclosed run",
            MIB,
            |k| json!({"text": rep("(", k), "paren": "("}),
        ),
        // ---- physics (document 000)
        case(
            "physics.classify_expression",
            "long formula",
            MIB / 16,
            |k| json!({"text": format!("{}= 0", rep("x^2 + y ", k))}),
        ),
        case(
            "physics.classify_expression",
            "long run of '='",
            MIB,
            |k| json!({"text": rep("=", k)}),
        ),
        case(
            "physics.equal",
            "long formulas",
            EXPR_BYTES / 21,
            |k| json!({"a": latex_sum(k), "b": latex_sum(k)}),
        ),
        case(
            "physics.equal",
            "long numbers",
            8000,
            |k| json!({"a": format!("1.{}", rep("3", k)), "b": format!("1.{}", rep("3", k))}),
        ),
        case(
            "physics.equal",
            "long text answers",
            MIB / 8,
            |k| json!({"a": words(k), "b": words(k)}),
        ),
        case(
            "physics.extract_math_content",
            "deep \\boxed nesting",
            MIB / 8,
            |k| json!({"text": format!("{}x{}", rep(r"\boxed{", k), rep("}", k))}),
        ),
        case(
            "physics.extract_math_content",
            "many \\text{} groups",
            MIB / 16,
            |k| json!({"text": rep(r"$\text{a} + \mathrm{m}$ ", k)}),
        ),
        case(
            "physics.extract_math_content",
            "long run of '$'",
            MIB,
            |k| json!({"text": rep("$", k)}),
        ),
        case(
            "physics.normalize_answer",
            "long formula",
            EXPR_BYTES / 21,
            |k| json!({"answer": format!("${}$", latex_sum(k))}),
        ),
        case(
            "physics.normalize_answer",
            "long text",
            MIB / 8,
            |k| json!({"answer": words(k)}),
        ),
        case(
            "physics.normalize_number",
            "long run of one digit",
            MIB,
            |k| json!({"answer": rep("7", k)}),
        ),
        case(
            "physics.normalize_number",
            "long \\frac of digits",
            MIB / 2,
            |k| json!({"answer": format!(r"\frac{{{}}}{{{}}}", rep("1", k), rep("3", k))}),
        ),
        case(
            "physics.normalize_physical_quantity",
            "long unit",
            MIB / 8,
            |k| json!({"text": format!(r"3.5 \mathrm{{{}}}", rep("m/s ", k))}),
        ),
        case(
            "physics.normalize_physical_quantity",
            "long number",
            MIB,
            |k| json!({"text": format!("1.{} m", rep("5", k))}),
        ),
        case(
            "physics.normalize_symbolic",
            "long equation",
            EXPR_BYTES / 21,
            |k| json!({"text": format!("y = {}", latex_sum(k))}),
        ),
        case(
            "physics.normalize_symbolic",
            "long unparsable text",
            MIB / 8,
            |k| json!({"text": rep("a @ b ", k)}),
        ),
        case(
            "physics.normalize_text",
            "long text with spaces",
            MIB / 8,
            |k| json!({"text": format!("  {}  ", words(k))}),
        ),
        case(
            "physics.starts_with_latex",
            "long answer",
            MIB,
            |k| json!({"answer": format!(r"\frac{{1}}{{2}}{}", rep("x", k))}),
        ),
        // ---- word puzzles (document 001)
        case(
            "puzzles.connections",
            "many groups",
            16 * 1024,
            |k| json!({"ground_truth": groups(k), "output": format!("<solution>{}</solution>", groups(k))}),
        ),
        case(
            "puzzles.connections",
            "long output, unclosed tags",
            MIB / 16,
            |k| json!({"ground_truth": groups(4), "output": rep("<solution>a,b,", k)}),
        ),
        case("puzzles.typos", "long paragraph", MIB / 64, |k| {
            let p = prose(k);
            json!({"ground_truth": p.clone(), "output": format!("<solution>{p}</solution>")})
        }),
        case(
            "puzzles.typos",
            "long run of one character",
            MIB,
            |k| json!({"ground_truth": format!("{}b", rep("a", k / 2)), "output": format!("<solution>{}</solution>", rep("a", k))}),
        ),
        case(
            "puzzles.typos",
            "many solution tags",
            MIB / 32,
            |k| json!({"ground_truth": "x", "output": rep("<solution>ab</solution>", k)}),
        ),
        case(
            "puzzles.unscrambling",
            "many output sentences, fixed truth",
            16 * 1024,
            |k| {
                let s = sentences(k);
                json!({"ground_truth": sentences(8).join(" "), "output": format!("<PLOT_SUMMARY>{}</PLOT_SUMMARY>", s.join(" "))})
            },
        ),
        case("puzzles.unscrambling", "long sentences", MIB / 16, |k| {
            let long = |c: &str| format!("The {} walks home.", rep(c, k));
            let gt = format!("{} {} {}", long("a"), long("b"), long("c"));
            let out = format!(
                "<PLOT_SUMMARY>{} {} {}</PLOT_SUMMARY>",
                long("c"),
                long("a"),
                long("b")
            );
            json!({"ground_truth": gt, "output": out})
        }),
        quadratic(
            "puzzles.unscrambling",
            "many sentences, shuffled",
            4096,
            "every pair of sentences is matched; bounded by UNSCRAMBLING_MAX_WORK (spec/puzzles.md PZ-12)",
            |k| {
                let mut s = sentences(k);
                s.reverse();
                json!({"ground_truth": sentences(k).join(" "), "output": format!("<PLOT_SUMMARY>{}</PLOT_SUMMARY>", s.join(" "))})
            },
        ),
        // ---- QA (document 002)
        case(
            "qa.normalize",
            "long text",
            MIB / 8,
            |k| json!({"text": rep("The Cat, an owl; a DOG! ", k)}),
        ),
        case(
            "qa.normalize",
            "long run of 'a '",
            MIB / 2,
            |k| json!({"text": rep("a ", k)}),
        ),
        case(
            "qa.normalize",
            "long word, stemmed",
            MIB,
            |k| json!({"text": rep("z", k), "stem": true}),
        ),
        case(
            "qa.f1",
            "long prediction and reference",
            MIB / 8,
            |k| json!({"prediction": words(k), "reference": words(k)}),
        ),
        case("qa.f1", "many references, long prediction", 4000, |k| {
            let refs: Vec<String> = (0..k).map(|i| format!("answer {i}")).collect();
            json!({"prediction": words(4 * k), "reference": refs})
        }),
        case(
            "qa.f1",
            "long stemmed texts",
            MIB / 32,
            |k| json!({"prediction": rep("running generously ", k), "reference": rep("runs generous ", k), "stem": true}),
        ),
        case(
            "qa.exact_match",
            "long prediction and reference",
            MIB / 8,
            |k| json!({"prediction": words(k), "reference": words(k)}),
        ),
        case(
            "qa.exact_match",
            "many references, long prediction",
            4000,
            |k| {
                let refs: Vec<String> = (0..k).map(|i| format!("answer {i}")).collect();
                json!({"prediction": words(4 * k), "reference": refs})
            },
        ),
        // ---- rewards and text utilities
        case("reward.score", "typos, long output", MIB / 64, |k| {
            let p = prose(k);
            json!({"data_source": "typos", "model_output": format!("<solution>{p}</solution>"), "extra_info": {"label": p}})
        }),
        case(
            "reward.score",
            "connections, many groups",
            16 * 1024,
            |k| json!({"data_source": "connections", "model_output": format!("<solution>{}</solution>", groups(k)), "extra_info": {"label": groups(k)}}),
        ),
        case(
            "reward.score",
            "unscrambling, long output",
            16 * 1024,
            |k| {
                json!({"data_source": "unscrambling", "model_output": format!("<PLOT_SUMMARY>{}</PLOT_SUMMARY>", sentences(k).join(" ")),
                "extra_info": {"label": sentences(8).join(" ")}})
            },
        ),
        case(
            "text.levenshtein",
            "one long string, one short",
            MIB,
            |k| json!({"a": rep("abcdefgh", k / 8 + 1), "b": "abcdefghijklmnopqrstuvwxyz0123456789"}),
        ),
        case(
            "text.levenshtein",
            "one long integer list, one short",
            MIB / 4,
            |k| json!({"a": (0..k as i64).collect::<Vec<_>>(), "b": (0..40i64).rev().collect::<Vec<_>>()}),
        ),
        case(
            "text.porter_stem",
            "long word",
            MIB,
            |k| json!({"word": format!("{}ational", rep("b", k))}),
        ),
        case(
            "text.porter_stem",
            "long run of a suffix",
            MIB / 8,
            |k| json!({"word": rep("ization", k)}),
        ),
    ]
}
