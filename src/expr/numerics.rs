//! The numerics of the engine and of the Fredholm scorers, in one place:
//! Gauss–Legendre quadrature, NumPy's `linspace`, cell midpoints, and the
//! sampling of an expression's real values at points.
//!
//! * Quadrature: the rule the engine evaluates definite integrals with
//!   ([`super::eval`], spec/expr.md EX-4) and the Fredholm residual
//!   verification integrates with (spec/fredholm.md FM-10).
//!   [`gauss_legendre`] computes an `n`-point rule; [`composite`] lays
//!   [`QUADRATURE_PANELS`] panels of the [`QUADRATURE_NODES`]-point rule over
//!   an interval. The sizes are fixed, so the work of one integral is bounded
//!   by construction (80 evaluations of the integrand per rule).
//! * Points: [`linspace`] is NumPy's, bit for bit (tests/linspace.rs pins it
//!   against NumPy's recorded output); [`midpoints`] are the interior points
//!   of the residual check.
//! * Sampling: [`sample`] and [`sample_within`] evaluate a function of `x` at
//!   points under a step budget ([`MAX_METRIC_STEPS`]).
//!
//! The old paths stay: `expr::quadrature` is this module, and
//! `score::fredholm::metrics` (and `compare`) re-export `linspace` and the
//! sampling functions.
//!
//! # Differences with the document
//!
//! Document 003 names no quadrature rule for its residual check; the rule
//! and its sizes are this project's (spec/fredholm.md FM-10). Evaluating
//! definite integrals inside answers is this project's too (spec/expr.md
//! EX-4): the documents leave them unevaluated. Its sample points are
//! NumPy's `linspace`, reproduced exactly; its residual check samples 50
//! random points where this one takes fixed interior points (FM-11).

use std::sync::OnceLock;

use crate::expr::Expr;
use crate::expr::ExprError;
use crate::expr::eval::{EvalError, eval_real};

/// The nodes (ascending, in (-1, 1)) and weights of the `n`-point
/// Gauss–Legendre rule, which integrates polynomials of degree up to
/// `2n - 1` on [-1, 1] exactly. The nodes are the roots of the Legendre
/// polynomial `P_n`, found by Newton's method from Tricomi's estimate
/// `cos(π(i - 1/4)/(n + 1/2))`; the weights are `2 / ((1 - x²) P_n'(x)²)`.
/// `n = 0`, and `n` above [`MAX_GAUSS_NODES`], give empty vectors.
///
/// ```
/// use scorespec::expr::quadrature::gauss_legendre;
/// let (x, w) = gauss_legendre(2);
/// assert!((x[1] - 1.0 / 3f64.sqrt()).abs() < 1e-15 && (w[0] - 1.0).abs() < 1e-15);
/// ```
pub fn gauss_legendre(n: usize) -> (Vec<f64>, Vec<f64>) {
    if n > MAX_GAUSS_NODES {
        return (vec![], vec![]);
    }
    let mut nodes = vec![0.0; n];
    let mut weights = vec![0.0; n];
    let nf = n as f64;
    for i in 0..n.div_ceil(2) {
        // the (i+1)-th largest root
        let mut x = (std::f64::consts::PI * (i as f64 + 0.75) / (nf + 0.5)).cos();
        let mut dp = 1.0;
        for _ in 0..100 {
            let (p, d) = legendre(n, x);
            dp = d;
            let dx = p / d;
            x -= dx;
            if dx.abs() <= 1e-16 * x.abs().max(1.0) {
                break;
            }
        }
        let (_, d) = legendre(n, x);
        if d.is_finite() && d != 0.0 {
            dp = d;
        }
        let w = 2.0 / ((1.0 - x * x) * dp * dp);
        nodes[n - 1 - i] = x;
        nodes[i] = -x;
        weights[n - 1 - i] = w;
        weights[i] = w;
    }
    if n % 2 == 1 {
        nodes[n / 2] = 0.0;
    }
    (nodes, weights)
}

/// The largest rule [`gauss_legendre`] computes.
pub const MAX_GAUSS_NODES: usize = 1024;

/// `P_n(x)` and `P_n'(x)` by the three-term recurrence (`|x| < 1`).
fn legendre(n: usize, x: f64) -> (f64, f64) {
    let (mut p0, mut p1) = (1.0, x);
    if n == 0 {
        return (1.0, 0.0);
    }
    for k in 2..=n {
        let kf = k as f64;
        let p2 = ((2.0 * kf - 1.0) * x * p1 - (kf - 1.0) * p0) / kf;
        p0 = p1;
        p1 = p2;
    }
    let d = n as f64 * (x * p1 - p0) / (x * x - 1.0);
    (p1, d)
}

/// Nodes per panel of the composite rule (the verification quadrature of
/// fredholm FM-10 and the engine's integrals, EX-4).
pub const QUADRATURE_NODES: usize = 20;
/// Panels of the composite rule on one interval.
pub const QUADRATURE_PANELS: usize = 4;

fn rule() -> &'static (Vec<f64>, Vec<f64>) {
    static RULE: OnceLock<(Vec<f64>, Vec<f64>)> = OnceLock::new();
    RULE.get_or_init(|| gauss_legendre(QUADRATURE_NODES))
}

/// The points and weights of the composite rule on `[lo, hi]`:
/// [`QUADRATURE_PANELS`] equal panels of the [`QUADRATURE_NODES`]-point
/// Gauss–Legendre rule, appended to `out`.
///
/// ```
/// use scorespec::expr::quadrature::composite;
/// let mut pts = Vec::new();
/// composite(0.0, 1.0, &mut pts);
/// let integral: f64 = pts.iter().map(|(t, w)| w * t * t).sum();
/// assert!((integral - 1.0 / 3.0).abs() < 1e-15);
/// ```
pub fn composite(lo: f64, hi: f64, out: &mut Vec<(f64, f64)>) {
    composite_panels(lo, hi, QUADRATURE_PANELS, out);
}

/// [`composite`] with `panels` equal panels (at least one; the engine
/// compares two panel counts to estimate the error of an integral).
///
/// ```
/// use scorespec::expr::quadrature::{composite_panels, QUADRATURE_NODES};
/// let mut pts = Vec::new();
/// composite_panels(0.0, 2.0, 2, &mut pts);
/// assert_eq!(pts.len(), 2 * QUADRATURE_NODES);
/// let length: f64 = pts.iter().map(|(_, w)| w).sum();
/// assert!((length - 2.0).abs() < 1e-14);
/// ```
pub fn composite_panels(lo: f64, hi: f64, panels: usize, out: &mut Vec<(f64, f64)>) {
    let (x, w) = rule();
    let panels = panels.max(1);
    let h = (hi - lo) / panels as f64;
    for p in 0..panels {
        let a = lo + p as f64 * h;
        let half = h / 2.0;
        let mid = a + half;
        for (xi, wi) in x.iter().zip(w) {
            out.push((mid + half * xi, half * wi));
        }
    }
}

// ------------------------------------------------------------ sampling

/// `n` evenly spaced points from `a` to `b` inclusive, computed as NumPy's
/// `linspace(a, b, n)` does (`a + i·step`, the last point set to `b`).
///
/// ```
/// use scorespec::score::fredholm::metrics::linspace;
/// assert_eq!(linspace(0.0, 1.0, 5), [0.0, 0.25, 0.5, 0.75, 1.0]);
/// assert_eq!(linspace(2.0, 3.0, 1), [2.0]);
/// ```
pub fn linspace(a: f64, b: f64, n: usize) -> Vec<f64> {
    if n == 0 {
        return vec![];
    }
    if n == 1 {
        return vec![a];
    }
    let step = (b - a) / (n - 1) as f64;
    let mut v: Vec<f64> = (0..n).map(|i| i as f64 * step + a).collect();
    v[n - 1] = b;
    v
}

/// The midpoints of `n` equal cells of `[a, b]`: `a + (i + 1/2)(b - a)/n`
/// (interior points, the default sample points of [`verify_solution`](crate::score::fredholm::metrics::verify_solution)).
///
/// ```
/// use scorespec::score::fredholm::metrics::midpoints;
/// assert_eq!(midpoints(0.0, 1.0, 4), [0.125, 0.375, 0.625, 0.875]);
/// ```
pub fn midpoints(a: f64, b: f64, n: usize) -> Vec<f64> {
    let h = (b - a) / n as f64;
    (0..n).map(|i| a + (i as f64 + 0.5) * h).collect()
}

/// Why an expression has no real value at a sample point.
#[derive(Debug, Clone, PartialEq)]
pub enum SampleError {
    /// The value is undefined, complex or not finite there; the message
    /// names the point.
    Undefined(String),
    /// The evaluation steps ran out.
    Budget(ExprError),
}

impl std::fmt::Display for SampleError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SampleError::Undefined(s) => f.write_str(s),
            SampleError::Budget(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for SampleError {}

/// The most evaluation steps of one [`verify_solution`](crate::score::fredholm::metrics::verify_solution) or [`sample`] call.
pub const MAX_METRIC_STEPS: u64 = 20_000_000;

/// A function to sample: its tree and its name in messages.
pub(crate) struct Fun<'a> {
    e: &'a Expr,
    what: &'static str,
}

impl<'a> Fun<'a> {
    pub(crate) fn new(e: &'a Expr, what: &'static str) -> Self {
        Fun { e, what }
    }
}

pub(crate) struct Sampler {
    pub(crate) steps: u64,
    pub(crate) limit: u64,
}

impl Sampler {
    pub(crate) fn new() -> Self {
        Sampler {
            steps: 0,
            limit: MAX_METRIC_STEPS,
        }
    }

    /// The real value of `f` with `x` (and `t`) bound. Definite integrals
    /// are evaluated by the engine (FM-14, spec/expr.md EX-4).
    pub(crate) fn value(
        &mut self,
        f: &Fun<'_>,
        x: f64,
        t: Option<f64>,
    ) -> Result<f64, SampleError> {
        let at = || match t {
            Some(t) => format!("x = {x}, t = {t}"),
            None => format!("x = {x}"),
        };
        let env = |s: &str| match s {
            "x" => Some(x),
            "t" => t,
            _ => None,
        };
        let what = f.what;
        match eval_real(f.e, &env, &mut self.steps, self.limit) {
            Ok(v) if v.is_finite() => Ok(v),
            Ok(v) => Err(SampleError::Undefined(format!("{what} is {v} at {}", at()))),
            Err(EvalError::BudgetExceeded { limit }) => {
                Err(SampleError::Budget(ExprError::BudgetExceeded {
                    which: "evaluation steps of a metric",
                    limit,
                }))
            }
            Err(err) => Err(SampleError::Undefined(format!("{what} at {}: {err}", at()))),
        }
    }
}

/// The real values of `e` (a function of `x`) at the points `xs`. Definite
/// integrals inside `e` are computed by the engine's composite Gauss–Legendre
/// rule (FM-14, [`crate::expr::eval`]); an indefinite one, one whose
/// quadrature does not converge, a pole, a complex value or a symbol other
/// than `x` is [`SampleError::Undefined`].
///
/// ```
/// use scorespec::expr::{api::{parse, Format}, Limits};
/// use scorespec::score::fredholm::metrics::sample;
/// let e = parse("x**2", Format::Infix, &Limits::default()).unwrap();
/// assert_eq!(sample(&e, &[1.0, 3.0]).unwrap(), [1.0, 9.0]);
/// ```
pub fn sample(e: &Expr, xs: &[f64]) -> Result<Vec<f64>, SampleError> {
    let mut steps = 0;
    sample_within(e, xs, &mut steps, MAX_METRIC_STEPS)
}

/// [`sample`] counting its evaluation steps in the caller's `steps` (not
/// reset) under the caller's `limit`: a comparison that evaluates several
/// expressions shares one budget.
pub fn sample_within(
    e: &Expr,
    xs: &[f64],
    steps: &mut u64,
    limit: u64,
) -> Result<Vec<f64>, SampleError> {
    let mut s = Sampler {
        steps: *steps,
        limit,
    };
    let u = Fun::new(e, "u(x)");
    let r = xs.iter().map(|&x| s.value(&u, x, None)).collect();
    *steps = s.steps;
    r
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gauss_legendre_5_matches_tables() {
        // Abramowitz & Stegun, Table 25.4, n = 5
        let (x, w) = gauss_legendre(5);
        let xs = [
            -0.906179845938664,
            -0.538469310105683,
            0.0,
            0.538469310105683,
            0.906179845938664,
        ];
        let ws = [
            0.236926885056189,
            0.478628670499366,
            0.568888888888889,
            0.478628670499366,
            0.236926885056189,
        ];
        for i in 0..5 {
            assert!((x[i] - xs[i]).abs() < 1e-15, "{i}: {}", x[i]);
            assert!((w[i] - ws[i]).abs() < 1e-15, "{i}: {}", w[i]);
        }
        // exact closed forms: x = ±(1/3)·sqrt(5 ± 2 sqrt(10/7)), w0 = 128/225
        let outer = (5.0 + 2.0 * (10.0f64 / 7.0).sqrt()).sqrt() / 3.0;
        assert!((x[4] - outer).abs() < 1e-15);
        assert!((w[2] - 128.0 / 225.0).abs() < 1e-15);
    }

    #[test]
    fn gauss_legendre_integrates_polynomials_exactly() {
        for n in [1usize, 2, 3, 5, 8, 13, 20, 33, 64] {
            let (x, w) = gauss_legendre(n);
            assert!(x.windows(2).all(|p| p[0] < p[1]), "n = {n} not ascending");
            for d in 0..2 * n {
                let got: f64 = x.iter().zip(&w).map(|(x, w)| w * x.powi(d as i32)).sum();
                let exact = if d % 2 == 1 {
                    0.0
                } else {
                    2.0 / (d as f64 + 1.0)
                };
                assert!(
                    (got - exact).abs() < 1e-13,
                    "n = {n}, x^{d}: {got} vs {exact}"
                );
            }
            // degree 2n is not exact (the error is visible for small n)
            if n > 8 {
                continue;
            }
            let d = 2 * n;
            let got: f64 = x.iter().zip(&w).map(|(x, w)| w * x.powi(d as i32)).sum();
            assert!((got - 2.0 / (d as f64 + 1.0)).abs() > 1e-10, "n = {n}");
        }
    }

    #[test]
    fn large_rules() {
        let (x, w) = gauss_legendre(MAX_GAUSS_NODES);
        assert_eq!(x.len(), MAX_GAUSS_NODES);
        assert!((w.iter().sum::<f64>() - 2.0).abs() < 1e-12);
        assert!(x.windows(2).all(|p| p[0] < p[1]));
        assert_eq!(gauss_legendre(MAX_GAUSS_NODES + 1), (vec![], vec![]));
        assert_eq!(gauss_legendre(usize::MAX), (vec![], vec![]));
        assert_eq!(gauss_legendre(1), (vec![0.0], vec![2.0]));
    }
}
