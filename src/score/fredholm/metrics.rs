//! The evaluation metrics of Part 8 of document 003: operator F1, none-type
//! detection, residual verification of the Fredholm equation and the
//! relative L2 error (BLEU is [`mod@crate::text::bleu`]). Rules FM-1 … in
//! spec/fredholm.md, section "Metrics of Part 8".
//!
//! Every function here is pure and bounded: evaluation counts its steps
//! against a budget, quadrature rules have a fixed size, and no input makes
//! them panic.
//!
//! # Differences with the document
//!
//! Compared with the original:
//!
//! * Operator sets follow the document's list literally: `sqrt(x)` counts as
//!   `sqrt` (SymPy's tree holds it as a `Pow`, so the original never reports
//!   `sqrt`); `exp(x)` counts as `exp` in both (FM-6).
//! * None-type detection counts as the document's code does: a missing
//!   `has_solution` on a "none" equation is neither a true positive nor a
//!   false negative (the original counts it as a false negative); it is
//!   reported as `unanswered` (FM-8).
//! * Residual verification is numeric only (composite Gauss–Legendre
//!   quadrature, split at the sample point) at fixed interior points; the
//!   original first tries `sympy.integrate` + `simplify` and then uses
//!   `scipy.integrate.quad` at 50 random points (FM-10, FM-11).

use std::collections::BTreeSet;

use serde::Serialize;

use crate::expr::{Constant, Expr, ExprError, Func};

// ------------------------------------------------------------ operator F1

/// The operators the document tracks, in its order (Part 8, "Tracked
/// operators").
pub const TRACKED_OPERATORS: [&str; 14] = [
    "sin", "cos", "tan", "exp", "log", "sqrt", "sinh", "cosh", "tanh", "Abs", "Add", "Mul", "Pow",
    "Integral",
];

/// The operator of one node, if it is tracked (FM-6).
fn node_operator(e: &Expr) -> Option<&'static str> {
    Some(match e {
        Expr::Add(_) => "Add",
        Expr::Mul(_) => "Mul",
        Expr::Pow(base, _) if **base == Expr::Constant(Constant::E) => "exp",
        Expr::Pow(_, exp) if **exp == Expr::ratio(1, 2) => "sqrt",
        Expr::Pow(..) => "Pow",
        Expr::Integral(_) => "Integral",
        Expr::Func(f, _) => match f {
            Func::Sin => "sin",
            Func::Cos => "cos",
            Func::Tan => "tan",
            Func::Log => "log",
            Func::Sinh => "sinh",
            Func::Cosh => "cosh",
            Func::Tanh => "tanh",
            Func::Abs => "Abs",
            _ => return None,
        },
        _ => return None,
    })
}

/// The set of tracked operators that occur anywhere in `e` (FM-6), sorted by
/// name. `e` should be canonical ([`crate::expr::api::parse`]), whose tree
/// has SymPy's shape: `x - y` is `Add(x, Mul(-1, y))`, `x/y` is
/// `Mul(x, Pow(y, -1))`.
///
/// ```
/// use scorespec::expr::{api::{parse, Format}, Limits};
/// use scorespec::score::fredholm::metrics::operators;
/// let e = parse("x**2 + sin(x)", Format::Infix, &Limits::default()).unwrap();
/// assert_eq!(operators(&e).into_iter().collect::<Vec<_>>(), ["Add", "Pow", "sin"]);
/// ```
pub fn operators(e: &Expr) -> BTreeSet<&'static str> {
    let mut out = BTreeSet::new();
    let mut stack = vec![e];
    while let Some(node) = stack.pop() {
        if let Some(op) = node_operator(node) {
            out.insert(op);
        }
        stack.extend(node.children());
    }
    out
}

/// Precision, recall and F1 of the predicted operator set against the
/// ground truth's (`fredholm.operator_f1`).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct OperatorF1 {
    /// |pred ∩ gt| / |pred|, in [0, 1] (0 when pred is empty and gt is not).
    pub precision: f64,
    /// |pred ∩ gt| / |gt|, in [0, 1] (0 when gt is empty and pred is not).
    pub recall: f64,
    /// 2·|pred ∩ gt| / (|pred| + |gt|), in [0, 1]; 1 when both sets are empty.
    pub f1: f64,
    /// The predicted operators, sorted.
    pub pred_operators: Vec<&'static str>,
    /// The ground truth's operators, sorted.
    pub gt_operators: Vec<&'static str>,
}

/// Operator F1 of `pred` against `truth` (FM-6, FM-7): set precision,
/// recall and F1 of their [`operators`]. Two expressions without any tracked
/// operator (`x` and `2`) score 1, 1, 1; when exactly one set is empty all
/// three are 0. F1 is computed as `2·tp / (|pred| + |gt|)`, which is
/// symmetric in its arguments to the bit.
///
/// The document's example (`{Pow, Add, sin}` on both sides):
///
/// ```
/// use scorespec::expr::{api::{parse, Format}, Limits};
/// use scorespec::score::fredholm::metrics::operator_f1;
/// let l = Limits::default();
/// let p = parse("x**2 + sin(x)", Format::Infix, &l).unwrap();
/// let g = parse(r"x^{2} + \sin(x)", Format::Latex, &l).unwrap();
/// let r = operator_f1(&p, &g);
/// assert_eq!((r.precision, r.recall, r.f1), (1.0, 1.0, 1.0));
/// assert_eq!(r.gt_operators, ["Add", "Pow", "sin"]);
/// ```
pub fn operator_f1(pred: &Expr, truth: &Expr) -> OperatorF1 {
    set_f1(&operators(pred), &operators(truth))
}

/// Operator F1 of two operator sets (see [`operator_f1`]).
pub fn set_f1(pred: &BTreeSet<&'static str>, gt: &BTreeSet<&'static str>) -> OperatorF1 {
    let tp = pred.intersection(gt).count();
    let (np, ng) = (pred.len(), gt.len());
    let ratio = |a: usize, b: usize| if b == 0 { 0.0 } else { a as f64 / b as f64 };
    let (precision, recall, f1) = if np == 0 && ng == 0 {
        (1.0, 1.0, 1.0)
    } else {
        (ratio(tp, np), ratio(tp, ng), ratio(2 * tp, np + ng))
    };
    OperatorF1 {
        precision,
        recall,
        f1,
        pred_operators: pred.iter().copied().collect(),
        gt_operators: gt.iter().copied().collect(),
    }
}

// ------------------------------------------------------------ none detection

/// Precision, recall and F1 of detecting "no solution exists"
/// (`fredholm.none_detection`, FM-8, FM-9).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct NoneDetection {
    /// tp / (tp + fp), 0 when there is no positive prediction.
    pub precision: f64,
    /// tp / (tp + fn), 0 when no "none" equation was answered.
    pub recall: f64,
    /// 2·tp / (2·tp + fp + fn), 0 when tp = 0.
    pub f1: f64,
    /// Ground truth "none" and `has_solution` false.
    pub tp: u64,
    /// Ground truth not "none" and `has_solution` false.
    pub fp: u64,
    /// Ground truth "none" and `has_solution` true.
    #[serde(rename = "fn")]
    pub fn_: u64,
    /// Ground truth "none" and `has_solution` missing: counted nowhere, as
    /// in the document's code.
    pub unanswered: u64,
}

/// None-type detection over `(ground_truth_is_none, predicted_has_solution)`
/// pairs, as the document defines it (FM-8): on a "none" equation
/// `has_solution == false` is a true positive and `has_solution == true` a
/// false negative; on any other equation `has_solution == false` is a false
/// positive. A missing prediction (`None`) on a "none" equation is counted
/// as `unanswered` only.
///
/// ```
/// use scorespec::score::fredholm::metrics::none_detection;
/// let r = none_detection([(true, Some(false)), (true, Some(true)), (false, Some(false)),
///                         (false, Some(true)), (true, None)]);
/// assert_eq!((r.tp, r.fp, r.fn_, r.unanswered), (1, 1, 1, 1));
/// assert_eq!((r.precision, r.recall, r.f1), (0.5, 0.5, 0.5));
/// ```
pub fn none_detection(pairs: impl IntoIterator<Item = (bool, Option<bool>)>) -> NoneDetection {
    let (mut tp, mut fp, mut fn_, mut unanswered) = (0u64, 0u64, 0u64, 0u64);
    for (is_none, has_solution) in pairs {
        match (is_none, has_solution) {
            (true, Some(false)) => tp += 1,
            (true, Some(true)) => fn_ += 1,
            (true, None) => unanswered += 1,
            (false, Some(false)) => fp += 1,
            (false, _) => {}
        }
    }
    let ratio = |a: u64, b: u64| if b == 0 { 0.0 } else { a as f64 / b as f64 };
    NoneDetection {
        precision: ratio(tp, tp + fp),
        recall: ratio(tp, tp + fn_),
        f1: ratio(2 * tp, 2 * tp + fp + fn_),
        tp,
        fp,
        fn_,
        unanswered,
    }
}

// ------------------------------------------------------------ quadrature

use crate::expr::numerics::composite;
pub use crate::expr::numerics::{
    MAX_GAUSS_NODES, QUADRATURE_NODES, QUADRATURE_PANELS, gauss_legendre,
};

// ------------------------------------------------------------ sampling

use crate::expr::numerics::{Fun, Sampler};
pub use crate::expr::numerics::{
    MAX_METRIC_STEPS, SampleError, linspace, midpoints, sample, sample_within,
};

/// The most sample points of one [`verify_solution`] call (more is
/// [`ExprError::BudgetExceeded`]).
pub const MAX_SAMPLE_POINTS: usize = 10_000;

// ------------------------------------------------------------ verification

/// The sample points and tolerance of [`verify_solution`].
#[derive(Debug, Clone, PartialEq)]
pub struct VerifyOptions {
    /// The equation holds when the largest residual is below this (default 1e-6).
    pub tolerance: f64,
    /// The number of sample points when `x_values` is `None` (default 50).
    pub n_points: usize,
    /// Explicit sample points (e.g. a dataset's `evaluation_points.x_values`).
    pub x_values: Option<Vec<f64>>,
}

impl Default for VerifyOptions {
    fn default() -> Self {
        VerifyOptions {
            tolerance: 1e-6,
            n_points: 50,
            x_values: None,
        }
    }
}

/// The result of [`verify_solution`] (`fredholm.verify_solution`).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Verification {
    /// Whether `residual_max < tolerance`.
    pub verified: bool,
    /// `verified`, `not_verified`, or `undefined` (a function has no real
    /// value at some point; the residuals are then absent).
    pub outcome: &'static str,
    /// The largest |residual| over the sample points.
    pub residual_max: Option<f64>,
    /// The mean |residual| (the original's `residual_mean` = `residual_mae`).
    pub residual_mean: Option<f64>,
    /// The root mean square residual.
    pub residual_rmse: Option<f64>,
    /// The sample point of the largest residual.
    pub worst_x: Option<f64>,
    /// The number of sample points.
    pub n_points: usize,
    /// The tolerance used.
    pub tolerance: f64,
    /// The quadrature rule (FM-10).
    pub quadrature: String,
    /// Why the outcome is `undefined`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
}

/// Checks that `u = solution` satisfies the Fredholm equation of the second
/// kind `u(x) - λ ∫_a^b K(x,t) u(t) dt = f(x)` (FM-10, FM-11).
///
/// The residual `u(x) - λ·I(x) - f(x)` is computed at the sample points
/// (`x_values`, else the midpoints of `n_points` equal cells of `[a, b]`);
/// `I(x)` by composite Gauss–Legendre quadrature ([`QUADRATURE_PANELS`]
/// panels of [`QUADRATURE_NODES`] nodes), on `[a, x]` and `[x, b]` separately
/// when `x` is inside, so kernels with a kink at `t = x` (`min(x, t)`,
/// `|x - t|`) are integrated accurately. The solution and `f` are functions
/// of `x`, the kernel of `x` and `t` (definite integrals inside them are
/// computed as in [`sample`]); any other symbol makes the outcome
/// `undefined`, as is an empty list of sample points. Errors: only a spent
/// evaluation budget ([`MAX_METRIC_STEPS`]) or more than
/// [`MAX_SAMPLE_POINTS`] sample points.
///
/// Worked example: `K = x·t`, `λ = 1`, `[0, 1]`, `f = 2x/3` has the solution
/// `u = x` (`∫₀¹ x t · t dt = x/3`, and `x - x/3 = 2x/3`).
///
/// ```
/// use scorespec::expr::{api::{parse, Format}, Limits};
/// use scorespec::score::fredholm::metrics::{verify_solution, VerifyOptions};
/// let p = |s| parse(s, Format::Infix, &Limits::default()).unwrap();
/// let opts = VerifyOptions::default();
/// let r = verify_solution(&p("x"), &p("x*t"), &p("2*x/3"), 1.0, (0.0, 1.0), &opts).unwrap();
/// assert!(r.verified && r.residual_max.unwrap() < 1e-14);
/// let r = verify_solution(&p("x**2"), &p("x*t"), &p("2*x/3"), 1.0, (0.0, 1.0), &opts).unwrap();
/// assert!(!r.verified);
/// ```
pub fn verify_solution(
    solution: &Expr,
    kernel: &Expr,
    f: &Expr,
    lambda: f64,
    domain: (f64, f64),
    opts: &VerifyOptions,
) -> Result<Verification, ExprError> {
    let (a, b) = domain;
    let n = opts.x_values.as_ref().map_or(opts.n_points, Vec::len);
    if n > MAX_SAMPLE_POINTS {
        return Err(ExprError::BudgetExceeded {
            which: "sample points of a metric",
            limit: MAX_SAMPLE_POINTS as u64,
        });
    }
    let xs = match &opts.x_values {
        Some(v) => v.clone(),
        None => midpoints(a, b, opts.n_points),
    };
    let mut out = Verification {
        verified: false,
        outcome: "undefined",
        residual_max: None,
        residual_mean: None,
        residual_rmse: None,
        worst_x: None,
        n_points: xs.len(),
        tolerance: opts.tolerance,
        quadrature: format!(
            "Gauss-Legendre, {QUADRATURE_NODES} nodes x {QUADRATURE_PANELS} panels on [a, x] and [x, b]"
        ),
        reason: None,
    };
    if xs.is_empty() {
        out.reason = Some("no sample points".into());
        return Ok(out);
    }
    match residuals(solution, kernel, f, lambda, a, b, &xs) {
        Ok(r) => {
            let (mut max, mut worst) = (0.0f64, None);
            for (&x, &v) in xs.iter().zip(&r) {
                if worst.is_none() || v > max {
                    max = v;
                    worst = Some(x);
                }
            }
            let n = r.len().max(1) as f64;
            let mean = r.iter().sum::<f64>() / n;
            let rmse = (r.iter().map(|v| v * v).sum::<f64>() / n).sqrt();
            out.verified = max < opts.tolerance;
            out.outcome = if out.verified {
                "verified"
            } else {
                "not_verified"
            };
            out.residual_max = Some(max);
            out.residual_mean = Some(mean);
            out.residual_rmse = Some(rmse);
            out.worst_x = worst;
            Ok(out)
        }
        Err(SampleError::Undefined(why)) => {
            out.reason = Some(why);
            Ok(out)
        }
        Err(SampleError::Budget(e)) => Err(e),
    }
}

/// |u(x) - λ I(x) - f(x)| at each of `xs`.
fn residuals(
    u: &Expr,
    k: &Expr,
    f: &Expr,
    lambda: f64,
    a: f64,
    b: f64,
    xs: &[f64],
) -> Result<Vec<f64>, SampleError> {
    let mut s = Sampler::new();
    let (u_x, u_t) = (Fun::new(u, "u(x)"), Fun::new(u, "u(t)"));
    let (k, f) = (Fun::new(k, "K(x, t)"), Fun::new(f, "f(x)"));
    // u(t) at the quadrature points depends on x only through the split, so
    // it is evaluated per point of the rule.
    let mut pts = Vec::new();
    let mut out = Vec::with_capacity(xs.len());
    for &x in xs {
        pts.clear();
        if a < x && x < b {
            composite(a, x, &mut pts);
            composite(x, b, &mut pts);
        } else {
            composite(a, b, &mut pts);
        }
        let mut integral = 0.0;
        for &(t, w) in &pts {
            let kv = s.value(&k, x, Some(t))?;
            let ut = s.value(&u_t, t, None)?;
            integral += w * kv * ut;
        }
        let ux = s.value(&u_x, x, None)?;
        let fx = s.value(&f, x, None)?;
        let r = (ux - lambda * integral - fx).abs();
        if !r.is_finite() {
            return Err(SampleError::Undefined(format!(
                "the residual is not finite at x = {x}"
            )));
        }
        out.push(r);
    }
    Ok(out)
}

// ------------------------------------------------------------ relative L2

/// The relative L2 error `‖pred - truth‖₂ / ‖truth‖₂` of two lists of values
/// at the same points (FM-12), in [0, ∞]: 0 when both are identically zero,
/// `f64::INFINITY` when only the truth is. The norms are scaled by the
/// largest magnitude, so huge or tiny values neither overflow nor
/// underflow (a ratio beyond the range of `f64` is infinity). `NaN` when
/// the lengths differ, the lists are empty, or a value is not finite.
///
/// ```
/// use scorespec::score::fredholm::metrics::relative_l2;
/// // a uniform 10% error: ‖(0.1, 0.2)‖ / ‖(1, 2)‖ = 0.1
/// assert!((relative_l2(&[1.1, 2.2], &[1.0, 2.0]) - 0.1).abs() < 1e-15);
/// assert_eq!(relative_l2(&[0.0, 0.0], &[0.0, 0.0]), 0.0);
/// assert_eq!(relative_l2(&[1.0, 0.0], &[0.0, 0.0]), f64::INFINITY);
/// ```
pub fn relative_l2(pred: &[f64], truth: &[f64]) -> f64 {
    if pred.len() != truth.len()
        || pred.is_empty()
        || !pred.iter().chain(truth).all(|v| v.is_finite())
    {
        return f64::NAN;
    }
    // both sides scaled by the largest magnitude: the differences cannot
    // overflow, and the ratio is unchanged
    let m = pred.iter().chain(truth).fold(0.0f64, |m, x| m.max(x.abs()));
    if m == 0.0 {
        return 0.0;
    }
    let errors: Vec<f64> = pred.iter().zip(truth).map(|(p, t)| p / m - t / m).collect();
    let scaled: Vec<f64> = truth.iter().map(|t| t / m).collect();
    let num = norm2(&errors);
    let den = norm2(&scaled);
    if den == 0.0 {
        return if num == 0.0 { 0.0 } else { f64::INFINITY };
    }
    num / den
}

/// The Euclidean norm, scaled by the largest magnitude.
fn norm2(v: &[f64]) -> f64 {
    let m = v.iter().fold(0.0f64, |m, x| m.max(x.abs()));
    if m == 0.0 {
        return 0.0;
    }
    m * v.iter().map(|x| (x / m) * (x / m)).sum::<f64>().sqrt()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::expr::Limits;
    use crate::expr::api::{Format, parse};

    fn p(s: &str) -> Expr {
        parse(s, Format::Infix, &Limits::default()).unwrap()
    }

    fn ops(s: &str) -> Vec<&'static str> {
        operators(&p(s)).into_iter().collect()
    }

    #[test]
    fn operator_sets_have_sympy_shape() {
        assert_eq!(ops("x**2 + sin(x)"), ["Add", "Pow", "sin"]);
        assert_eq!(ops("x - y"), ["Add", "Mul"]);
        assert_eq!(ops("x - 1"), ["Add"]);
        assert_eq!(ops("x/2"), ["Mul"]);
        assert_eq!(ops("1/x"), ["Pow"]);
        assert_eq!(ops("sqrt(x)"), ["sqrt"]);
        assert_eq!(ops("1/sqrt(x)"), ["Pow"]);
        assert_eq!(ops("exp(-x)*cos(x)"), ["Mul", "cos", "exp"]);
        assert_eq!(ops("x"), Vec::<&str>::new());
        assert_eq!(ops("asin(x)"), Vec::<&str>::new());
        assert_eq!(ops("Abs(log(x))"), ["Abs", "log"]);
    }

    #[test]
    fn operator_names_are_the_documented_ones() {
        let all = ops(
            "sin(x) + cos(x) + tan(x) + exp(x) + log(x) + sqrt(x) + sinh(x) + cosh(x) \
             + tanh(x) + Abs(x) + 2*x**3 + Integral(t, (t, 0, x))",
        );
        let mut tracked = TRACKED_OPERATORS.to_vec();
        tracked.sort_unstable();
        assert_eq!(all, tracked);
    }

    #[test]
    fn empty_operator_sets() {
        let r = operator_f1(&p("x"), &p("2"));
        assert_eq!((r.precision, r.recall, r.f1), (1.0, 1.0, 1.0));
        let r = operator_f1(&p("x"), &p("sin(x)"));
        assert_eq!((r.precision, r.recall, r.f1), (0.0, 0.0, 0.0));
        let r = operator_f1(&p("sin(x)"), &p("x"));
        assert_eq!((r.precision, r.recall, r.f1), (0.0, 0.0, 0.0));
    }

    #[test]
    fn verification_with_kinked_kernel() {
        // K = min(x, t) on [0, 1], u = sin(x): ∫₀¹ min(x,t) sin t dt
        // = ∫₀ˣ t sin t dt + x ∫ₓ¹ sin t dt = sin x - x cos x + x (cos x - cos 1)
        // = sin x - x cos 1. With λ = 1: f = u - I = x cos 1.
        let opts = VerifyOptions::default();
        let r = verify_solution(
            &p("sin(x)"),
            &p("Min(x, t)"),
            &p("x*cos(1)"),
            1.0,
            (0.0, 1.0),
            &opts,
        )
        .unwrap();
        assert!(r.verified, "{r:?}");
        assert!(r.residual_max.unwrap() < 1e-14, "{r:?}");
    }

    #[test]
    fn verification_reports_undefined_points() {
        let opts = VerifyOptions {
            x_values: Some(vec![0.0, 0.5]),
            ..VerifyOptions::default()
        };
        let r = verify_solution(&p("log(x)"), &p("1"), &p("0"), 0.0, (0.0, 1.0), &opts).unwrap();
        assert_eq!(r.outcome, "undefined");
        assert!(r.reason.unwrap().contains("x = 0"));
        let r = verify_solution(&p("C*x"), &p("1"), &p("0"), 0.0, (0.0, 1.0), &opts).unwrap();
        assert_eq!(r.outcome, "undefined");
    }

    #[test]
    fn verification_is_bounded() {
        let opts = VerifyOptions {
            n_points: 0,
            ..VerifyOptions::default()
        };
        let r = verify_solution(&p("x"), &p("1"), &p("0"), 0.0, (0.0, 1.0), &opts).unwrap();
        assert_eq!(
            (r.outcome, r.reason.as_deref()),
            ("undefined", Some("no sample points"))
        );
        let opts = VerifyOptions {
            n_points: usize::MAX,
            ..VerifyOptions::default()
        };
        let e = verify_solution(&p("x"), &p("1"), &p("0"), 0.0, (0.0, 1.0), &opts).unwrap_err();
        assert!(matches!(e, ExprError::BudgetExceeded { .. }), "{e:?}");
        // 3,001 nodes × 160 quadrature points × 50 sample points > 20,000,000 steps
        let big = Expr::Add(vec![Expr::sym("t"); 3000]);
        let opts = VerifyOptions::default();
        let e = verify_solution(&p("x"), &big, &p("0"), 1.0, (0.0, 1.0), &opts).unwrap_err();
        assert!(matches!(e, ExprError::BudgetExceeded { .. }), "{e:?}");
        // NaN bounds are undefined points, not a panic
        let r = verify_solution(&p("x"), &p("1"), &p("0"), 1.0, (f64::NAN, 1.0), &opts).unwrap();
        assert_eq!(r.outcome, "undefined");
    }

    #[test]
    fn integrals_are_computed_by_quadrature() {
        // ∫₀¹ x t dt = x/2; ∫₀ˣ ∫₀ᵗ s t ds dt = x⁴/8; a bound that depends on x
        let v = sample(&p("Integral(x*t, (t, 0, 1))"), &[0.5, 2.0]).unwrap();
        assert!(
            (v[0] - 0.25).abs() < 1e-15 && (v[1] - 1.0).abs() < 1e-15,
            "{v:?}"
        );
        let v = sample(&p("Integral(Integral(s*t, (s, 0, t)), (t, 0, x))"), &[2.0]).unwrap();
        assert!((v[0] - 2.0).abs() < 1e-14, "{v:?}");
        // an integral inside a function, next to another integral
        let v = sample(
            &p("sin(Integral(t, (t, 0, x))) + Integral(1, (t, 0, 3))"),
            &[1.0],
        )
        .unwrap();
        assert!((v[0] - (0.5f64.sin() + 3.0)).abs() < 1e-14, "{v:?}");
        // the variable of integration shadows x
        let v = sample(&p("Integral(x, (x, 0, 1))"), &[7.0]).unwrap();
        assert!((v[0] - 0.5).abs() < 1e-15, "{v:?}");
        let e = sample(&p("Integral(x*t, t)"), &[1.0]).unwrap_err();
        assert!(e.to_string().contains("indefinite"), "{e}");
    }

    #[test]
    fn relative_l2_edge_cases() {
        assert!(relative_l2(&[1.0], &[1.0, 2.0]).is_nan());
        assert!(relative_l2(&[], &[]).is_nan());
        assert!(relative_l2(&[f64::NAN], &[1.0]).is_nan());
        assert_eq!(relative_l2(&[2e300, 0.0], &[1e300, 0.0]), 1.0);
        assert_eq!(relative_l2(&[2e-300], &[1e-300]), 1.0);
        // the difference 2e308 would overflow without scaling
        assert_eq!(relative_l2(&[1e308], &[-1e308]), 2.0);
        assert_eq!(relative_l2(&[1e300], &[1e-300]), f64::INFINITY);
    }

    #[test]
    fn none_detection_zero_denominators() {
        let r = none_detection([]);
        assert_eq!((r.precision, r.recall, r.f1), (0.0, 0.0, 0.0));
        let r = none_detection([(false, Some(true)), (false, None)]);
        assert_eq!((r.tp, r.fp, r.fn_, r.unanswered), (0, 0, 0, 0));
    }
}
