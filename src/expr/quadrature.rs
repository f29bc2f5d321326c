//! Gauss–Legendre quadrature: the rule the engine evaluates definite
//! integrals with ([`super::eval`], spec/expr.md EX-4) and the Fredholm
//! residual verification integrates with (spec/fredholm.md FM-10).
//!
//! [`gauss_legendre`] computes an `n`-point rule; [`composite`] lays
//! [`QUADRATURE_PANELS`] panels of the [`QUADRATURE_NODES`]-point rule over
//! an interval. The sizes are fixed, so the work of one integral is bounded
//! by construction (80 evaluations of the integrand per rule).
//!
//! # Differences with the document
//!
//! Document 003 names no quadrature rule for its residual check; the rule
//! and its sizes are this project's (spec/fredholm.md FM-10). Evaluating
//! definite integrals inside answers is this project's too (spec/expr.md
//! EX-4): the documents leave them unevaluated.

use std::sync::OnceLock;

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
