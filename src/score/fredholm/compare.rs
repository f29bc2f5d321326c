//! Symbolic and numeric comparison of a predicted solution with the ground
//! truth (document 003, Part 5; rules FR-13 … FR-19 of spec/fredholm.md).
//!
//! [`symbolic_compare`] asks the expression engine whether the two canonical
//! forms are equivalent and reports the rule that decided. [`numeric_compare`]
//! evaluates both sides at the stored `evaluation_points` or at `n` evenly
//! spaced points of the domain and reports the error figures; points where a
//! side has no value are listed and left out of the figures.
//!
//! # Differences with the document
//!
//! Compared with the original (`evaluate.py`):
//!
//! * A point where either side is undefined (division by zero, `log 0`) is
//!   reported instead of turning every figure into `NaN`.
//! * The points are deterministic (`linspace`); no figure depends on a clock
//!   or a random generator.

use serde::Serialize;

use crate::expr::complex::Complex;
use crate::expr::equiv::{EquivOptions, Outcome, Rule, equivalent};
use crate::expr::eval::{EvalError, eval_complex};
use crate::expr::print::to_infix;
use crate::expr::{Expr, ExprError, Limits};

/// Relative size of a floating-point rounding difference: a point whose
/// error is at most this times the larger modulus matches even above the
/// tolerance (`e^{20x}` computed two ways differs by ~1e-8 near x = 1).
pub const ROUNDING: f64 = 1e-12;

/// The most sample points of one numeric comparison.
pub const MAX_POINTS: usize = 10_000;

/// The most undefined points listed in a result (all are counted).
pub const MAX_LISTED_UNDEFINED: usize = 20;

/// The verdict of [`symbolic_compare`].
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SymbolicResult {
    /// The expressions are equivalent (by any rule of the engine).
    pub equivalent: bool,
    /// Their canonical forms are the same tree (the engine's simplification
    /// alone decides).
    pub simplified_match: bool,
    /// `equal`, `not_equal`, `unknown` or `budget_exceeded`.
    pub outcome: &'static str,
    /// The engine's rule that decided (`identical`, `sample_points`, …).
    pub rule: &'static str,
    /// Why, when the engine says so.
    pub reason: Option<String>,
    /// The canonical form of the solution.
    pub solution_canonical: String,
    /// The canonical form of the ground truth.
    pub ground_truth_canonical: String,
}

/// Compares two parsed expressions symbolically (FR-13).
///
/// ```
/// use scorespec::expr::{api::{parse, Format}, Limits};
/// use scorespec::score::fredholm::compare::symbolic_compare;
/// let l = Limits::default();
/// let a = parse("x**2", Format::Infix, &l).unwrap();
/// let b = parse("x*x", Format::Infix, &l).unwrap();
/// let r = symbolic_compare(&a, &b, &l);
/// assert!(r.equivalent && r.simplified_match);
/// assert_eq!(r.rule, "identical");
/// ```
pub fn symbolic_compare(solution: &Expr, ground_truth: &Expr, limits: &Limits) -> SymbolicResult {
    symbolic_compare_on(solution, ground_truth, SYMBOLIC_DOMAIN, limits)
}

/// The document's default domain of a solution, `[-1, 1]` (Part 5,
/// `numeric_compare(…, domain=(-1, 1))`): where [`symbolic_compare`]
/// samples the symbols.
///
/// ```
/// use scorespec::score::fredholm::compare::SYMBOLIC_DOMAIN;
/// assert_eq!(SYMBOLIC_DOMAIN, (-1.0, 1.0));
/// ```
pub const SYMBOLIC_DOMAIN: (f64, f64) = (-1.0, 1.0);

/// Tolerance of the symbolic comparison relative to the scale of the
/// values computed (FR-13): a difference of rounding size where large terms
/// cancel is no difference, a constant offset of `10⁻¹²` on values of size 1
/// is one.
///
/// ```
/// use scorespec::score::fredholm::compare::SYMBOLIC_SCALE_TOL;
/// assert!(SYMBOLIC_SCALE_TOL < 1e-12);
/// ```
pub const SYMBOLIC_SCALE_TOL: f64 = 1e-13;

/// The engine's options of [`symbolic_compare_on`]: symbols sampled in
/// `domain`, no absolute tolerance, differences judged relative to the size
/// of the values ([`SYMBOLIC_SCALE_TOL`]).
///
/// ```
/// use scorespec::score::fredholm::compare::symbolic_options;
/// let o = symbolic_options((0.0, 2.0));
/// assert_eq!((o.domain, o.abs_tol), ((0.0, 2.0), 0.0));
/// assert_eq!(symbolic_options((1.0, 1.0)).domain, (0.0, 2.0));
/// ```
pub fn symbolic_options(domain: (f64, f64)) -> EquivOptions {
    let (lo, hi) = domain;
    // A domain of one point (or none) is widened around it.
    let domain = if lo.is_finite() && hi.is_finite() && lo < hi {
        (lo, hi)
    } else if lo.is_finite() {
        (lo - 1.0, lo + 1.0)
    } else {
        SYMBOLIC_DOMAIN
    };
    EquivOptions {
        rel_tol: SYMBOLIC_SCALE_TOL,
        abs_tol: 0.0,
        scale_tol: SYMBOLIC_SCALE_TOL,
        domain,
        ..EquivOptions::default()
    }
}

/// [`symbolic_compare`] with the symbols sampled in `domain` (the row's
/// domain in [`super::evaluate`]).
///
/// ```
/// use scorespec::expr::{api::{parse, Format}, Limits};
/// use scorespec::score::fredholm::compare::symbolic_compare_on;
/// let l = Limits::default();
/// let a = parse("Abs(x)", Format::Infix, &l).unwrap();
/// let b = parse("x", Format::Infix, &l).unwrap();
/// assert!(symbolic_compare_on(&a, &b, (0.0, 1.0), &l).equivalent);
/// assert!(!symbolic_compare_on(&a, &b, (-1.0, 1.0), &l).equivalent);
/// ```
pub fn symbolic_compare_on(
    solution: &Expr,
    ground_truth: &Expr,
    domain: (f64, f64),
    limits: &Limits,
) -> SymbolicResult {
    let opts = symbolic_options(domain);
    let verdict = equivalent(solution, ground_truth, &opts, limits);
    let equal = matches!(&verdict, Ok(v) if v.outcome == Outcome::Equal);
    let identical =
        matches!(&verdict, Ok(v) if v.outcome == Outcome::Equal && v.rule == Rule::Identical);
    let (outcome, rule, reason) = match verdict {
        Ok(v) => (v.outcome.as_str(), v.rule.as_str(), v.reason),
        Err(e @ ExprError::BudgetExceeded { .. }) => {
            ("budget_exceeded", "bounds", Some(e.to_string()))
        }
        Err(e) => ("unknown", "error", Some(e.to_string())),
    };
    SymbolicResult {
        equivalent: equal,
        simplified_match: identical,
        outcome,
        rule,
        reason,
        solution_canonical: to_infix(solution),
        ground_truth_canonical: to_infix(ground_truth),
    }
}

/// NumPy's `linspace`, one function for the whole crate (the sampling of
/// [`numeric_compare`] and the metrics of [`super::metrics`]).
pub use crate::expr::numerics::linspace;

/// Where the true values come from.
#[derive(Debug, Clone, Copy)]
pub enum Truth<'a> {
    /// An expression evaluated at the points.
    Expr(&'a Expr),
    /// Stored values at the points (`None`: undefined there).
    Values(&'a [Option<f64>]),
}

/// A point where a side has no value.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct UndefinedPoint {
    /// The abscissa.
    pub x: f64,
    /// `solution`, `ground_truth` or `both`.
    pub side: &'static str,
    /// Why (the first side's reason).
    pub reason: String,
}

/// The figures of a numeric comparison.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct NumericResult {
    /// At least one point compared and every error below the tolerance (or
    /// within [`ROUNDING`] of the values' size).
    #[serde(rename = "match")]
    pub is_match: bool,
    /// The largest `|solution − truth|` (modulus for complex values).
    pub max_error: Option<f64>,
    /// The mean of the errors.
    pub mean_error: Option<f64>,
    /// The mean absolute error (the same as `mean_error`).
    pub mae: Option<f64>,
    /// The root mean square error.
    pub rmse: Option<f64>,
    /// The tolerance the match used.
    pub tolerance: f64,
    /// `evaluation_points` or `generated`.
    pub points_source: &'static str,
    /// The points where both sides have a value.
    pub points_compared: usize,
    /// How many points a side had no value at.
    pub undefined_count: usize,
    /// The first [`MAX_LISTED_UNDEFINED`] of them.
    pub undefined_points: Vec<UndefinedPoint>,
    /// Why nothing could be compared (a symbol other than `x`, a bound).
    pub error: Option<String>,
    /// The points, when asked for.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub x_values: Option<Vec<f64>>,
    /// The solution's values (real parts; null where undefined), when asked for.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub y_pred: Option<Vec<Option<f64>>>,
    /// The true values (real parts; null where undefined), when asked for.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub y_true: Option<Vec<Option<f64>>>,
}

impl NumericResult {
    fn failed(tolerance: f64, source: &'static str, why: String) -> NumericResult {
        NumericResult {
            is_match: false,
            max_error: None,
            mean_error: None,
            mae: None,
            rmse: None,
            tolerance,
            points_source: source,
            points_compared: 0,
            undefined_count: 0,
            undefined_points: vec![],
            error: Some(why),
            x_values: None,
            y_pred: None,
            y_true: None,
        }
    }
}

/// The options of a numeric comparison.
#[derive(Debug, Clone, PartialEq)]
pub struct NumericOptions {
    /// The domain `[a, b]` of generated points.
    pub domain: (f64, f64),
    /// How many points to generate (at most [`MAX_POINTS`]).
    pub n_points: usize,
    /// A point matches when its error is below this.
    pub tolerance: f64,
    /// Report the points and both sides' values.
    pub include_points: bool,
    /// Values of free constants (`C`, `c_1`) for family solutions.
    pub constants: Vec<(String, f64)>,
}

impl Default for NumericOptions {
    /// The document's defaults: domain `(-1, 1)`, 100 points, tolerance 1e-6.
    fn default() -> Self {
        NumericOptions {
            domain: (-1.0, 1.0),
            n_points: 100,
            tolerance: 1e-6,
            include_points: false,
            constants: vec![],
        }
    }
}

/// Symbols of `e` other than `x` and the given constants.
pub fn extra_symbols(e: &Expr, constants: &[(String, f64)]) -> Vec<String> {
    e.symbols()
        .into_iter()
        .filter(|s| s != "x" && !constants.iter().any(|(c, _)| c == s))
        .collect()
}

/// Evaluates `e` at every point; `Err` on a bound. A definite integral
/// (`Integral(x*t, (t, 0, 1))`) is evaluated by the engine's quadrature at
/// each point (FR-16, spec/expr.md EX-4).
fn values(
    e: &Expr,
    xs: &[f64],
    constants: &[(String, f64)],
    steps: &mut u64,
    limit: u64,
) -> Result<Vec<Result<Complex, String>>, String> {
    // One lookup per symbol whatever the number of constants (the first
    // binding of a name wins, as the scan it replaces).
    let mut by_name: std::collections::HashMap<&str, f64> = std::collections::HashMap::new();
    for (c, v) in constants.iter().rev() {
        by_name.insert(c, *v);
    }
    let mut out = Vec::with_capacity(xs.len());
    for &x in xs {
        let env = |name: &str| {
            if name == "x" {
                Some(Complex::real(x))
            } else {
                by_name.get(name).map(|v| Complex::real(*v))
            }
        };
        match eval_complex(e, &env, steps, limit) {
            Ok(v) => out.push(Ok(v)),
            Err(EvalError::BudgetExceeded { limit }) => {
                return Err(format!("evaluation steps over the budget of {limit}"));
            }
            Err(other) => out.push(Err(other.to_string())),
        }
    }
    Ok(out)
}

/// The value as a real number for reports (`None` for a complex value).
fn real_part(v: &Result<Complex, String>) -> Option<f64> {
    match v {
        Ok(z) if z.im.abs() <= 1e-12 * z.re.abs().max(1.0) => Some(z.re),
        _ => None,
    }
}

/// Compares a solution with the truth at points (FR-14 … FR-17).
///
/// `xs` are the stored points (with [`Truth::Values`]) or `None` to generate
/// `n_points` over the domain.
///
/// ```
/// use scorespec::expr::{api::{parse, Format}, Limits};
/// use scorespec::score::fredholm::compare::{numeric_compare, NumericOptions, Truth};
/// let l = Limits::default();
/// let p = |s| parse(s, Format::Infix, &l).unwrap();
/// let (a, b, c) = (p("x**2"), p("x*x"), p("x**3"));
/// let o = NumericOptions::default();
/// assert!(numeric_compare(&a, Truth::Expr(&b), None, &o, &l).is_match);
/// assert!(!numeric_compare(&c, Truth::Expr(&a), None, &o, &l).is_match);
/// ```
pub fn numeric_compare(
    solution: &Expr,
    truth: Truth<'_>,
    xs: Option<&[f64]>,
    opts: &NumericOptions,
    limits: &Limits,
) -> NumericResult {
    let mut steps = 0u64;
    numeric_compare_within(solution, truth, xs, opts, limits, &mut steps)
}

/// [`numeric_compare`] counting its evaluation steps in the caller's
/// `steps` (not reset) under `limits.max_eval_steps`: several comparisons
/// of one call (a family's samples, a series' terms) share one budget.
pub fn numeric_compare_within(
    solution: &Expr,
    truth: Truth<'_>,
    xs: Option<&[f64]>,
    opts: &NumericOptions,
    limits: &Limits,
    steps: &mut u64,
) -> NumericResult {
    let tol = opts.tolerance;
    if *steps >= limits.max_eval_steps {
        // The shared budget is spent: nothing more is evaluated (or set up).
        let source = if xs.is_some() {
            "evaluation_points"
        } else {
            "generated"
        };
        let why = format!(
            "budget exceeded: evaluation steps are limited to {}",
            limits.max_eval_steps
        );
        return NumericResult::failed(tol, source, why);
    }
    let (points, source) = match xs {
        Some(xs) => (xs.to_vec(), "evaluation_points"),
        None => (
            linspace(opts.domain.0, opts.domain.1, opts.n_points.min(MAX_POINTS)),
            "generated",
        ),
    };
    if points.len() > MAX_POINTS {
        return NumericResult::failed(
            tol,
            source,
            format!("more than {MAX_POINTS} evaluation points"),
        );
    }
    let mut extra = extra_symbols(solution, &opts.constants);
    if let Truth::Expr(t) = truth {
        extra.extend(extra_symbols(t, &opts.constants));
    }
    extra.sort();
    extra.dedup();
    if !extra.is_empty() {
        return NumericResult::failed(
            tol,
            source,
            format!(
                "expressions contain non-numeric symbols: {}",
                extra.join(", ")
            ),
        );
    }
    let limit = limits.max_eval_steps;
    let pred = match values(solution, &points, &opts.constants, steps, limit) {
        Ok(v) => v,
        Err(why) => return NumericResult::failed(tol, source, why),
    };
    let truth_vals: Vec<Result<Complex, String>> = match truth {
        Truth::Expr(t) => match values(t, &points, &opts.constants, steps, limit) {
            Ok(v) => v,
            Err(why) => return NumericResult::failed(tol, source, why),
        },
        Truth::Values(vs) => vs
            .iter()
            .map(|v| match v {
                Some(y) if y.is_finite() => Ok(Complex::real(*y)),
                _ => Err("no stored value".to_string()),
            })
            .collect(),
    };
    let Tally {
        errors,
        all_within,
        undefined,
        undefined_count,
    } = tally(&points, &pred, &truth_vals, tol);
    let n = errors.len();
    let (max, mean, rmse) = if n == 0 {
        (None, None, None)
    } else {
        let max = errors.iter().copied().fold(0.0, f64::max);
        let mean = errors.iter().sum::<f64>() / n as f64;
        let rmse = (errors.iter().map(|e| e * e).sum::<f64>() / n as f64).sqrt();
        (Some(max), Some(mean), Some(rmse))
    };
    let include = opts.include_points;
    NumericResult {
        is_match: n > 0 && all_within,
        max_error: max,
        mean_error: mean,
        mae: mean,
        rmse,
        tolerance: tol,
        points_source: source,
        points_compared: n,
        undefined_count,
        undefined_points: undefined,
        error: (n == 0).then(|| "no point where both sides have a value".to_string()),
        x_values: include.then(|| points.clone()),
        y_pred: include.then(|| pred.iter().map(real_part).collect()),
        y_true: include.then(|| truth_vals.iter().map(real_part).collect()),
    }
}

/// The point-by-point comparison of [`numeric_compare_within`].
struct Tally {
    /// |prediction − truth| at the points where both have a finite value.
    errors: Vec<f64>,
    /// Whether every such error is within the tolerance.
    all_within: bool,
    /// The first [`MAX_LISTED_UNDEFINED`] points without a value, and why.
    undefined: Vec<UndefinedPoint>,
    /// How many points have no value on some side.
    undefined_count: usize,
}

/// Compares the values of both sides at each point.
fn tally(
    points: &[f64],
    pred: &[Result<Complex, String>],
    truth_vals: &[Result<Complex, String>],
    tol: f64,
) -> Tally {
    let mut errors = Vec::with_capacity(points.len());
    let mut all_within = true;
    let mut undefined = Vec::new();
    let mut undefined_count = 0;
    for ((x, p), t) in points.iter().zip(pred).zip(truth_vals) {
        match (p, t) {
            (Ok(p), Ok(t)) => {
                let d = Complex::new(p.re - t.re, p.im - t.im).abs();
                if d.is_finite() {
                    errors.push(d);
                    let scale = p.abs().max(t.abs());
                    all_within &= d < tol || d <= ROUNDING * scale;
                } else {
                    undefined_count += 1;
                }
            }
            (p, t) => {
                undefined_count += 1;
                if undefined.len() < MAX_LISTED_UNDEFINED {
                    let (side, reason) = match (p, t) {
                        (Err(a), Err(_)) => ("both", a.clone()),
                        (Err(a), _) => ("solution", a.clone()),
                        (_, Err(b)) => ("ground_truth", b.clone()),
                        _ => ("both", String::new()),
                    };
                    undefined.push(UndefinedPoint {
                        x: *x,
                        side,
                        reason,
                    });
                }
            }
        }
    }
    Tally {
        errors,
        all_within,
        undefined,
        undefined_count,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::expr::api::{Format, parse};

    fn p(s: &str) -> Expr {
        parse(s, Format::Infix, &Limits::default()).unwrap()
    }

    #[test]
    fn undefined_points_are_reported_not_poisoning() {
        let l = Limits::default();
        let o = NumericOptions {
            domain: (0.0, 1.0),
            n_points: 11,
            ..NumericOptions::default()
        };
        // 1/x vs 1/x: undefined at 0 on both sides, equal elsewhere.
        let r = numeric_compare(&p("1/x"), Truth::Expr(&p("1/x")), None, &o, &l);
        assert!(r.is_match);
        assert_eq!((r.points_compared, r.undefined_count), (10, 1));
        assert_eq!(r.undefined_points[0].side, "both");
        assert_eq!(r.max_error, Some(0.0));
    }

    #[test]
    fn stored_points() {
        let l = Limits::default();
        let xs = [0.0, 0.5, 1.0];
        let ys = [Some(0.0), Some(0.25), Some(1.0)];
        let r = numeric_compare(
            &p("x**2"),
            Truth::Values(&ys),
            Some(&xs),
            &NumericOptions::default(),
            &l,
        );
        assert!(r.is_match);
        assert_eq!(r.points_source, "evaluation_points");
    }

    #[test]
    fn free_symbols_are_an_error() {
        let l = Limits::default();
        let r = numeric_compare(
            &p("C*x"),
            Truth::Expr(&p("x")),
            None,
            &NumericOptions::default(),
            &l,
        );
        assert!(!r.is_match);
        assert!(r.error.unwrap().contains('C'));
    }
}
