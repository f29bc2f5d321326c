//! Numeric evaluation of expressions in complex floating point.
//!
//! [`eval_complex`] computes the value of an [`Expr`] as a [`Complex`],
//! given values for its symbols; [`eval_real`] does the same with real
//! values and requires a real result. Equivalence checks call them at a few
//! points to compare two expressions numerically, so they are cheap (no
//! allocation unless an error is returned) and bounded: every node evaluated
//! costs one step, and a caller-supplied step limit stops a huge tree with
//! [`EvalError::BudgetExceeded`].
//!
//! # Rules
//!
//! 1. Everything is evaluated in [`Complex`] on principal branches:
//!    `sqrt(-1) = i`, `log(-2) = ln 2 + iπ`, `(-8)^(1/3) = 1 + 1.732i`,
//!    `asin(2) = π/2 - 1.317i` (as SymPy's `N`).
//! 2. A number is its exact rational rounded to the nearest `f64`; one
//!    outside the range of `f64` is [`EvalError::Undefined`]. `π`, `e`, `i`
//!    are their values; `∞` and SymPy's `nan` are undefined.
//! 3. `a^b`: an integer exponent is computed by [`Complex::powi`] (exact for
//!    small integers: `(-2)^3 = -8`), `e^x` by [`Complex::exp`], a positive
//!    real base with a real exponent gives a real result, anything else the
//!    principal value `exp(b ln a)`. `0^0 = 1`, `0^b = 0` when `re b > 0`,
//!    and `0^b` is undefined otherwise (this covers division by zero, since
//!    `a/b` is `a·b^(-1)`).
//! 4. `x%` is `x/100`, `x°` is `x·π/180`.
//! 5. Functions: trigonometric, hyperbolic and their inverses on principal
//!    branches; `acot z = atan(1/z)` (`acot 0 = π/2`), `asec z = acos(1/z)`,
//!    `acsc z = asin(1/z)`, `coth = 1/tanh`, `sech = 1/cosh`, `csch = 1/sinh`.
//!    `log(x)` is the principal natural logarithm and `log(x, b) = ln x / ln b`
//!    (`log2`/`log10` for bases 2 and 10 of a positive real); `log 0` and base
//!    1 are undefined. `Abs` is the modulus. `floor`, `ceiling`, `sign`,
//!    `factorial`, `binomial`, `Max`, `Min` need real arguments (an imaginary
//!    part of at most `1e-12·max(1, |re|)` is ignored) and are undefined on
//!    others. `factorial(x) = Γ(x + 1)`, undefined at negative integers;
//!    `binomial(n, k)` follows SymPy: `0` for a negative integer `k` and for
//!    integers `0 ≤ n < k`, the falling product `n(n-1)…(n-k+1)/k!` for other
//!    integer `k`, `Γ(n+1)/(Γ(k+1)Γ(n-k+1))` otherwise. An unknown (named)
//!    function is [`EvalError::NotEvaluated`].
//! 6. Poles: `tan`, `cot`, `sec`, `csc`, `tanh`, `coth`, `sech`, `csch`,
//!    `atan`, `atanh` and `acot` are undefined where their value is not
//!    finite or has a modulus above [`POLE_THRESHOLD`] (`1e15`): in `f64`,
//!    `tan(π/2)` is `1.6e16`, not infinite, and is treated as the pole it
//!    stands for.
//! 7. Any node whose value is not finite (overflow, `NaN`) makes the whole
//!    expression undefined.
//! 8. Relations, `±`, tuples, sets, intervals, unions, intersections,
//!    matrices and text are not numbers: [`EvalError::NotANumber`].
//! 9. Each node evaluated costs one step, counted in the caller's `steps`
//!    across calls; going over `limit` gives [`EvalError::BudgetExceeded`].
//!    A tree nested deeper than [`MAX_EVAL_DEPTH`] gives
//!    [`EvalError::TooDeep`] instead of exhausting the stack.
//! 10. A definite integral with real finite bounds is computed by the
//!     composite Gauss–Legendre rule of [`super::quadrature`] on 2 and on 4
//!     panels; the 4-panel value counts when both agree within
//!     [`QUADRATURE_AGREEMENT`] of `∫|f|`, else [`EvalError::NotEvaluated`].
//!     `Sum(body, k, a, b)` and `Product(body, k, a, b)` with integer bounds
//!     are computed term by term (at most [`MAX_SUM_TERMS`] terms; Karr's
//!     convention for `b < a`). They nest at most [`MAX_ITERATED_NESTING`]
//!     deep. An indefinite integral, an infinite or complex bound, a
//!     non-integer bound of a sum: [`EvalError::NotEvaluated`].
//!
//! # Differences with the document
//!
//! Compared with SymPy, whose evaluation the documents' code relies on:
//!
//! * `floor`, `ceiling`, `factorial` and `binomial` first round an argument lying within
//!   `1e-12·max(1, |x|)` of an integer to that integer, so that rounding
//!   errors do not move `floor(3·(1/3))` below 1; `sign` does not (a value
//!   that is zero only up to rounding has sign ±1).
//! * `sign`, `floor`, `ceiling` of a complex value are undefined (SymPy gives
//!   `sign(i) = i`).
//! * `factorial` of an argument above 170 and other results beyond the range
//!   of `f64` are undefined, not huge.
//! * On branch cuts the values are those of mpmath (counter-clockwise
//!   continuity); signed zeros are ignored.

use std::f64::consts::{E, FRAC_PI_2, PI};
use std::fmt;

use num_traits::ToPrimitive;

use super::ast::{Constant, Expr, Func, Integral, Rational};
use super::complex::Complex;
use super::quadrature::{QUADRATURE_NODES, QUADRATURE_PANELS, composite_panels};

/// The modulus above which the value of a function with poles (`tan`, `sec`,
/// `coth`…) counts as its pole: `1e15`.
///
/// ```
/// use scorespec::expr::eval::{eval_real, EvalError, POLE_THRESHOLD};
/// use scorespec::expr::{Constant, Expr, Func};
/// assert!((std::f64::consts::FRAC_PI_2).tan() > POLE_THRESHOLD);
/// let e = Expr::func(Func::Tan, Expr::div(Expr::Constant(Constant::Pi), Expr::int(2)));
/// let r = eval_real(&e, &|_| None, &mut 0, 100);
/// assert!(matches!(r, Err(EvalError::Undefined { .. })));
/// ```
pub const POLE_THRESHOLD: f64 = 1e15;

/// The deepest nesting evaluated: 500 levels, 2.5 times the parsers' bound,
/// about 110 KiB of stack in a release build and 1.5 MiB in a debug build;
/// deeper trees give [`EvalError::TooDeep`].
///
/// ```
/// use scorespec::expr::eval::MAX_EVAL_DEPTH;
/// assert!(MAX_EVAL_DEPTH >= 200);
/// ```
pub const MAX_EVAL_DEPTH: usize = 500;

/// How far from the real axis a real-only argument (`floor`, `Max`…) may be,
/// relative to `max(1, |re|)`.
const REAL_ARG_TOLERANCE: f64 = 1e-12;

/// How far from the real axis the result of [`eval_real`] may be, relative to
/// `max(1, |re|)`.
const REAL_RESULT_TOLERANCE: f64 = 1e-9;

/// The most terms of a finite sum or product evaluated (`Sum(f, k, a, b)`
/// with `b - a + 1` above it is [`EvalError::NotEvaluated`]).
///
/// ```
/// use scorespec::expr::eval::MAX_SUM_TERMS;
/// assert_eq!(MAX_SUM_TERMS, 10_000);
/// ```
pub const MAX_SUM_TERMS: u64 = 10_000;

/// The deepest nesting of integrals, sums and products evaluated: an integral
/// inside an integral is evaluated, a third level is
/// [`EvalError::NotEvaluated`] (each level multiplies the work by up to 120
/// evaluations of the integrand or [`MAX_SUM_TERMS`] terms).
///
/// ```
/// use scorespec::expr::eval::MAX_ITERATED_NESTING;
/// assert_eq!(MAX_ITERATED_NESTING, 2);
/// ```
pub const MAX_ITERATED_NESTING: usize = 2;

/// How close the coarse (2 panels) and the fine (4 panels) quadrature of an
/// integral must be, relative to the integral of the integrand's modulus,
/// for the fine value to count as the integral's value.
///
/// ```
/// use scorespec::expr::eval::QUADRATURE_AGREEMENT;
/// assert_eq!(QUADRATURE_AGREEMENT, 1e-12);
/// ```
pub const QUADRATURE_AGREEMENT: f64 = 1e-12;

/// The largest `k` for which `binomial(n, k)` is computed as a product.
const MAX_BINOMIAL_PRODUCT: f64 = 1_100.0;

/// Why an expression has no numeric value.
///
/// ```
/// use scorespec::expr::eval::{eval_complex, EvalError};
/// use scorespec::expr::Expr;
/// let e = Expr::div(Expr::int(1), Expr::int(0));
/// let err = eval_complex(&e, &|_| None, &mut 0, 100).unwrap_err();
/// assert_eq!(err.to_string(), "undefined value: division by zero");
/// ```
#[non_exhaustive]
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EvalError {
    /// The value does not exist or is not finite: division by zero, `log 0`,
    /// a pole, `0` to a negative power, an overflow, `∞`.
    Undefined {
        /// What is undefined.
        what: String,
    },
    /// A symbol has no value in the environment.
    UnboundSymbol(String),
    /// The value may exist but the engine does not compute it: an
    /// indefinite integral, an integral with an infinite or complex bound or
    /// whose quadrature does not converge, a sum or product with more than
    /// [`MAX_SUM_TERMS`] terms or non-integer bounds, integrals, sums and
    /// products nested deeper than [`MAX_ITERATED_NESTING`], an unknown
    /// function.
    NotEvaluated {
        /// What is not evaluated.
        what: String,
    },
    /// The expression is not a number: a set, tuple, matrix, relation,
    /// interval, text, `±` or integral.
    NotANumber {
        /// What it is instead.
        kind: &'static str,
    },
    /// More nodes were evaluated than the step limit allows.
    BudgetExceeded {
        /// The step limit.
        limit: u64,
    },
    /// The tree is nested deeper than [`MAX_EVAL_DEPTH`].
    TooDeep {
        /// The depth limit.
        limit: usize,
    },
}

impl fmt::Display for EvalError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EvalError::Undefined { what } => write!(f, "undefined value: {what}"),
            EvalError::UnboundSymbol(s) => write!(f, "symbol '{s}' has no value"),
            EvalError::NotEvaluated { what } => write!(f, "not evaluated: {what}"),
            EvalError::NotANumber { kind } => write!(f, "not a number: {kind}"),
            EvalError::BudgetExceeded { limit } => {
                write!(
                    f,
                    "budget exceeded: evaluation steps are limited to {limit}"
                )
            }
            EvalError::TooDeep { limit } => {
                write!(f, "expression nested deeper than {limit} levels")
            }
        }
    }
}

impl std::error::Error for EvalError {}

fn undefined(what: impl Into<String>) -> EvalError {
    EvalError::Undefined { what: what.into() }
}

/// The value of `e` as a complex number, the symbols taking their values from
/// `env`.
///
/// `steps` counts the nodes evaluated (it is not reset, so one counter can
/// bound several calls); the evaluation stops with
/// [`EvalError::BudgetExceeded`] when it would exceed `limit`. The result is
/// always finite. See the [module documentation](self) for the rules.
///
/// ```
/// use scorespec::expr::complex::Complex;
/// use scorespec::expr::eval::eval_complex;
/// use scorespec::expr::{Constant, Expr};
/// // sqrt(x) + i at x = -4 is 3i
/// let e = Expr::Add(vec![Expr::sqrt(Expr::sym("x")), Expr::Constant(Constant::I)]);
/// let env = |s: &str| (s == "x").then_some(Complex::real(-4.0));
/// let mut steps = 0;
/// assert_eq!(eval_complex(&e, &env, &mut steps, 100), Ok(Complex::new(0.0, 3.0)));
/// assert_eq!(steps, 5); // Add, Pow, x, 1/2, i
/// ```
pub fn eval_complex(
    e: &Expr,
    env: &dyn Fn(&str) -> Option<Complex>,
    steps: &mut u64,
    limit: u64,
) -> Result<Complex, EvalError> {
    Evaluator::new(env, steps, limit).eval(e, 0)
}

/// [`eval_complex`] together with the scale of the computation: the largest
/// modulus of a term of a sum computed on the way (the terms of every `+`,
/// of a finite sum, and of an integral's quadrature). Rounding errors beyond
/// the result's own relative error come from cancellation in sums, so they
/// are relative to that scale: `sin²x + cos²x − 1` is about `1e-16` with
/// scale 1. A large value that no sum cancels (`√(e^{100})`) sets no scale.
///
/// ```
/// use scorespec::expr::eval::eval_complex_scaled;
/// use scorespec::expr::Expr;
/// // 1000 - 999.5 = 0.5, computed with values up to 1000
/// let e = Expr::Add(vec![Expr::int(1000), Expr::ratio(-1999, 2)]);
/// let (v, scale) = eval_complex_scaled(&e, &|_| None, &mut 0, 100).unwrap();
/// assert_eq!((v.re, scale), (0.5, 1000.0));
/// ```
pub fn eval_complex_scaled(
    e: &Expr,
    env: &dyn Fn(&str) -> Option<Complex>,
    steps: &mut u64,
    limit: u64,
) -> Result<(Complex, f64), EvalError> {
    let mut ev = Evaluator::new(env, steps, limit);
    let v = ev.eval(e, 0)?;
    Ok((v, ev.scale))
}

/// The value of `e` as a real number, the symbols taking real values from
/// `env_real`.
///
/// The expression is evaluated in complex numbers like [`eval_complex`]
/// (so `sqrt(-1)^2 = -1` is real), and the result is its real part when the
/// imaginary part is at most `1e-9·max(1, |re|)`; a complex result is
/// [`EvalError::Undefined`].
///
/// ```
/// use scorespec::expr::eval::{eval_real, EvalError};
/// use scorespec::expr::{Expr, Func};
/// let env = |s: &str| (s == "n").then_some(5.0);
/// let f = Expr::func(Func::Factorial, Expr::sym("n"));
/// assert_eq!(eval_real(&f, &env, &mut 0, 100), Ok(120.0));
/// let s = Expr::sqrt(Expr::int(-1));
/// assert!(matches!(eval_real(&s, &env, &mut 0, 100), Err(EvalError::Undefined { .. })));
/// ```
pub fn eval_real(
    e: &Expr,
    env_real: &dyn Fn(&str) -> Option<f64>,
    steps: &mut u64,
    limit: u64,
) -> Result<f64, EvalError> {
    let env = |s: &str| env_real(s).map(Complex::real);
    let z = eval_complex(e, &env, steps, limit)?;
    if z.im.abs() <= REAL_RESULT_TOLERANCE * z.re.abs().max(1.0) {
        Ok(z.re)
    } else {
        Err(undefined("complex value"))
    }
}

/// The `f64` nearest to an exact rational (`±∞` outside the range of `f64`,
/// `0` for magnitudes below the smallest subnormal).
///
/// ```
/// use scorespec::expr::eval::rational_to_f64;
/// use num_bigint::BigInt;
/// use num_rational::BigRational;
/// assert_eq!(rational_to_f64(&BigRational::new(BigInt::from(1), BigInt::from(10))), 0.1);
/// let huge = BigRational::from_integer(BigInt::from(10).pow(400u32));
/// assert_eq!(rational_to_f64(&huge), f64::INFINITY);
/// ```
pub fn rational_to_f64(r: &Rational) -> f64 {
    // Fast path: both parts exact in f64, so one correctly rounded division.
    const EXACT: i64 = 1 << 53;
    if let (Some(n), Some(d)) = (r.numer().to_i64(), r.denom().to_i64()) {
        if (-EXACT..=EXACT).contains(&n) && (1..=EXACT).contains(&d) {
            return n as f64 / d as f64;
        }
    }
    r.to_f64().unwrap_or(f64::NAN)
}

struct Evaluator<'a> {
    env: &'a dyn Fn(&str) -> Option<Complex>,
    steps: &'a mut u64,
    limit: u64,
    /// Bound variables of the integrals and sums being evaluated (innermost last).
    bound: Vec<(String, Complex)>,
    /// How many integrals, sums and products enclose the current node.
    iterated: usize,
    /// The largest modulus computed so far.
    scale: f64,
}

impl<'a> Evaluator<'a> {
    fn new(env: &'a dyn Fn(&str) -> Option<Complex>, steps: &'a mut u64, limit: u64) -> Self {
        Evaluator {
            env,
            steps,
            limit,
            bound: Vec::new(),
            iterated: 0,
            scale: 0.0,
        }
    }
    fn tick(&mut self) -> Result<(), EvalError> {
        *self.steps = self.steps.saturating_add(1);
        if *self.steps > self.limit {
            Err(EvalError::BudgetExceeded { limit: self.limit })
        } else {
            Ok(())
        }
    }

    // The functions on the recursive path (`eval`, `pow`, `func`) keep their
    // frames small: leaves, errors and the functions themselves are computed
    // in separate non-recursive functions.
    fn eval(&mut self, e: &Expr, depth: usize) -> Result<Complex, EvalError> {
        self.tick()?;
        if depth >= MAX_EVAL_DEPTH {
            return Err(too_deep());
        }
        let d = depth + 1;
        let v = match e {
            Expr::Add(terms) => {
                let mut acc = Complex::ZERO;
                for t in terms {
                    let v = self.eval(t, d)?;
                    // Rounding errors beyond the result's own come from
                    // cancellation in sums: their terms set the scale.
                    self.scale = self.scale.max(v.abs());
                    acc = acc + v;
                }
                acc
            }
            Expr::Mul(factors) => {
                let mut acc = Complex::ONE;
                for f in factors {
                    acc = acc * self.eval(f, d)?;
                }
                acc
            }
            Expr::Pow(base, exp) => self.pow(base, exp, d)?,
            Expr::Func(f, args) => self.func(f, args, d)?,
            Expr::Percent(x) => self.eval(x, d)? / 100.0,
            Expr::Degrees(x) => self.eval(x, d)? * PI / 180.0,
            Expr::Integral(i) => self.integral(i, d)?,
            Expr::Symbol(s) if !self.bound.is_empty() => {
                match self.bound.iter().rev().find(|(n, _)| n == s) {
                    Some((_, v)) => *v,
                    None => leaf(e, self.env)?,
                }
            }
            _ => leaf(e, self.env)?,
        };
        finite(v)
    }

    /// Enters one more integral, sum or product.
    fn enter_iterated(&mut self, what: &str) -> Result<(), EvalError> {
        if self.iterated >= MAX_ITERATED_NESTING {
            return Err(not_evaluated(format!(
                "{what} inside {MAX_ITERATED_NESTING} levels of integrals, sums or products"
            )));
        }
        self.iterated += 1;
        Ok(())
    }

    /// A bound of an integral or sum: a finite real number.
    fn real_bound(&mut self, b: &Expr, what: &str, d: usize) -> Result<f64, EvalError> {
        if infinite_bound(b) {
            return Err(not_evaluated(format!("{what} with an infinite bound")));
        }
        let z = self.eval(b, d)?;
        if z.im.abs() > REAL_ARG_TOLERANCE * z.re.abs().max(1.0) {
            return Err(not_evaluated(format!("{what} with a complex bound")));
        }
        Ok(z.re)
    }

    /// A definite integral by the composite Gauss–Legendre rule
    /// ([`composite_panels`]): the 4-panel value when it agrees with the
    /// 2-panel one within [`QUADRATURE_AGREEMENT`] of `∫|f|`.
    #[inline(never)]
    fn integral(&mut self, i: &Integral, d: usize) -> Result<Complex, EvalError> {
        let Some((lo, hi)) = &i.bounds else {
            return Err(not_evaluated("an indefinite integral"));
        };
        let lo = self.real_bound(lo, "an integral", d)?;
        let hi = self.real_bound(hi, "an integral", d)?;
        self.enter_iterated("an integral")?;
        let r = self.quadrature(i, lo, hi, d);
        self.iterated -= 1;
        r
    }

    fn quadrature(
        &mut self,
        i: &Integral,
        lo: f64,
        hi: f64,
        d: usize,
    ) -> Result<Complex, EvalError> {
        let mut values = [Complex::ZERO; 2];
        let mut modulus = 0.0;
        let mut pts = Vec::with_capacity(QUADRATURE_NODES * QUADRATURE_PANELS);
        for (k, panels) in [QUADRATURE_PANELS / 2, QUADRATURE_PANELS]
            .into_iter()
            .enumerate()
        {
            pts.clear();
            composite_panels(lo, hi, panels, &mut pts);
            let mut acc = Complex::ZERO;
            for &(t, w) in &pts {
                self.bound.push((i.var.clone(), Complex::real(t)));
                let v = self.eval(&i.integrand, d);
                self.bound.pop();
                let v = v?;
                acc = acc + v * w;
                if k == 1 {
                    modulus += w.abs() * v.abs();
                }
            }
            values[k] = acc;
        }
        let [coarse, fine] = values;
        let gap = (fine - coarse).abs();
        if gap.is_nan() || gap > QUADRATURE_AGREEMENT * modulus {
            return Err(not_evaluated(format!(
                "the quadrature of an integral does not converge (2 and 4 panels differ by {gap:.3e})"
            )));
        }
        self.scale = self.scale.max(modulus);
        Ok(fine)
    }

    /// `Sum(body, k, a, b)` or `Product(body, k, a, b)` with integer bounds,
    /// term by term; `b < a` follows Karr's convention as SymPy does
    /// (`Sum(f, k, a, a - 1) = 0`, `Sum(f, k, a, b) = -Sum(f, k, b + 1, a - 1)`).
    #[inline(never)]
    fn sum_or_product(
        &mut self,
        sum: bool,
        body: &Expr,
        var: &str,
        a: &Expr,
        b: &Expr,
        d: usize,
    ) -> Result<Complex, EvalError> {
        let what = if sum { "a sum" } else { "a product" };
        let a = snap(self.real_bound(a, what, d)?);
        let b = snap(self.real_bound(b, what, d)?);
        if a.fract() != 0.0 || b.fract() != 0.0 {
            return Err(not_evaluated(format!(
                "{what} with bounds that are not integers"
            )));
        }
        let (from, to, reversed) = if b >= a {
            (a, b, false)
        } else {
            (b + 1.0, a - 1.0, true)
        };
        let terms = to - from + 1.0;
        if terms > MAX_SUM_TERMS as f64 {
            return Err(not_evaluated(format!(
                "{what} of more than {MAX_SUM_TERMS} terms"
            )));
        }
        self.enter_iterated(what)?;
        let mut acc = if sum { Complex::ZERO } else { Complex::ONE };
        let mut k = from;
        let mut r = Ok(());
        while k <= to {
            self.bound.push((var.to_string(), Complex::real(k)));
            let v = self.eval(body, d);
            self.bound.pop();
            match v {
                Ok(v) if sum => {
                    self.scale = self.scale.max(v.abs());
                    acc = acc + v;
                }
                Ok(v) => acc = acc * v,
                Err(e) => {
                    r = Err(e);
                    break;
                }
            }
            k += 1.0;
        }
        self.iterated -= 1;
        r?;
        Ok(match (reversed, sum) {
            (false, _) => acc,
            (true, true) => acc * -1.0,
            (true, false) => {
                if acc.is_zero() {
                    return Err(undefined("division by zero"));
                }
                acc.recip()
            }
        })
    }

    /// `base^exp`. The scale of the sums inside (rounding error of their
    /// size) is carried through the power by its derivative: `√(e^{299}+1)`
    /// is off by about `½·e^{149}·ε`, not by `e^{299}·ε`, so a value of size
    /// `e^{149}` keeps a tolerance of its own size (FR-13).
    fn pow(&mut self, base: &Expr, exp: &Expr, d: usize) -> Result<Complex, EvalError> {
        let outer = std::mem::take(&mut self.scale);
        if let Expr::Constant(Constant::E) = base {
            self.tick()?;
            let y = self.eval(exp, d)?.exp();
            // d(e^x) = e^x·dx.
            self.scale = outer.max(self.scale * y.abs());
            return Ok(y);
        }
        let b = self.eval(base, d)?;
        let sb = std::mem::take(&mut self.scale);
        let x = self.eval(exp, d)?;
        let sx = self.scale;
        let y = power(b, x)?;
        // d(b^x) = x·b^(x−1)·db + b^x·ln b·dx.
        let (ya, ba) = (y.abs(), b.abs());
        let from_base = if ba > 0.0 { sb * x.abs() * ya / ba } else { sb };
        let from_exp = if ba > 0.0 {
            sx * ya * ba.ln().abs()
        } else {
            sx
        };
        let carried = from_base.max(from_exp);
        self.scale = outer.max(if carried.is_finite() {
            carried
        } else {
            sb.max(sx)
        });
        Ok(y)
    }

    fn func(&mut self, f: &Func, args: &[Expr], d: usize) -> Result<Complex, EvalError> {
        match (f, args) {
            (Func::Named(n), [body, Expr::Symbol(k), a, b]) if n == "Sum" || n == "Product" => {
                self.sum_or_product(n == "Sum", body, k, a, b, d)
            }
            (Func::Named(_), _) => Err(unknown_function(f)),
            (Func::Log | Func::Binomial, [a, b]) => {
                let a = self.eval(a, d)?;
                let b = self.eval(b, d)?;
                binary(f, a, b)
            }
            (Func::Max | Func::Min, [first, rest @ ..]) => {
                let mut best = real_arg(self.eval(first, d)?, f)?;
                for a in rest {
                    let v = real_arg(self.eval(a, d)?, f)?;
                    best = if *f == Func::Max {
                        best.max(v)
                    } else {
                        best.min(v)
                    };
                }
                Ok(Complex::real(best))
            }
            (Func::Binomial | Func::Max | Func::Min, _) => Err(arity(f, args.len())),
            (_, [x]) => {
                let z = self.eval(x, d)?;
                unary(f, z)
            }
            _ => Err(arity(f, args.len())),
        }
    }
}

/// The value of a node without children, or the error of a node that is not
/// a number.
#[inline(never)]
fn leaf(e: &Expr, env: &dyn Fn(&str) -> Option<Complex>) -> Result<Complex, EvalError> {
    let kind = match e {
        Expr::Number(r) => {
            let x = rational_to_f64(r);
            return if x.is_finite() {
                Ok(Complex::real(x))
            } else {
                Err(undefined("number out of the range of f64"))
            };
        }
        Expr::Constant(c) => {
            return match c {
                Constant::Pi => Ok(Complex::real(PI)),
                Constant::E => Ok(Complex::real(E)),
                Constant::I => Ok(Complex::I),
                Constant::Infinity => Err(undefined("infinite value")),
                Constant::Undefined => Err(undefined("undefined constant")),
            };
        }
        Expr::Symbol(s) => {
            return env(s).ok_or_else(|| EvalError::UnboundSymbol(s.clone()));
        }
        Expr::Relation(..) => "relation",
        Expr::PlusMinus(..) => "±",
        Expr::Tuple(_) => "tuple",
        Expr::Set(_) => "set",
        Expr::Interval(_) => "interval",
        Expr::Union(_) => "union",
        Expr::Intersection(_) => "intersection",
        Expr::Matrix(_) => "matrix",
        Expr::Text(_) => "text",
        Expr::Integral(_) => "integral",
        // Nodes with children are handled by the caller.
        Expr::Add(_)
        | Expr::Mul(_)
        | Expr::Pow(..)
        | Expr::Func(..)
        | Expr::Percent(_)
        | Expr::Degrees(_) => "compound expression",
    };
    Err(EvalError::NotANumber { kind })
}

fn finite(v: Complex) -> Result<Complex, EvalError> {
    if v.is_finite() {
        Ok(v)
    } else {
        Err(undefined("non-finite value"))
    }
}

#[cold]
#[inline(never)]
fn too_deep() -> EvalError {
    EvalError::TooDeep {
        limit: MAX_EVAL_DEPTH,
    }
}

#[cold]
#[inline(never)]
fn unknown_function(f: &Func) -> EvalError {
    not_evaluated(format!("unknown function {}", f.name()))
}

#[cold]
#[inline(never)]
fn not_evaluated(what: impl Into<String>) -> EvalError {
    EvalError::NotEvaluated { what: what.into() }
}

/// Whether a bound is `±∞` (or a multiple of it).
fn infinite_bound(e: &Expr) -> bool {
    match e {
        Expr::Constant(Constant::Infinity) => true,
        Expr::Mul(fs) => fs
            .iter()
            .any(|f| matches!(f, Expr::Constant(Constant::Infinity))),
        _ => false,
    }
}

/// `b^x` for evaluated `b` and `x`.
#[inline(never)]
fn power(b: Complex, x: Complex) -> Result<Complex, EvalError> {
    if b.is_zero() {
        return if x.is_zero() {
            Ok(Complex::ONE)
        } else if x.re > 0.0 {
            Ok(Complex::ZERO)
        } else if x.im == 0.0 {
            Err(undefined("division by zero"))
        } else {
            Err(undefined("zero to a power with non-positive real part"))
        };
    }
    Ok(b.powc(x))
}

/// `log(a, b)` or `binomial(a, b)`.
#[inline(never)]
fn binary(f: &Func, a: Complex, b: Complex) -> Result<Complex, EvalError> {
    if *f == Func::Log {
        return log_base(a, b);
    }
    let n = real_arg(a, f)?;
    let k = real_arg(b, f)?;
    let v = binomial(n, k);
    if v.is_finite() {
        Ok(Complex::real(v))
    } else {
        Err(undefined("binomial coefficient at a pole or too large"))
    }
}

#[cold]
#[inline(never)]
fn arity(f: &Func, n: usize) -> EvalError {
    undefined(format!("{} applied to {n} arguments", f.name()))
}

/// A function of one argument (`Binomial`, `Max`, `Min` and `Named` are
/// handled by the caller).
#[inline(never)]
fn unary(f: &Func, z: Complex) -> Result<Complex, EvalError> {
    Ok(match f {
        Func::Sin => z.sin(),
        Func::Cos => z.cos(),
        Func::Tan => pole(z.tan(), "tan")?,
        Func::Cot => pole(z.tan().recip(), "cot")?,
        Func::Sec => pole(z.cos().recip(), "sec")?,
        Func::Csc => pole(z.sin().recip(), "csc")?,
        Func::Asin => z.asin(),
        Func::Acos => z.acos(),
        Func::Atan => pole(z.atan(), "atan")?,
        Func::Acot => {
            if z.is_zero() {
                Complex::real(FRAC_PI_2)
            } else {
                pole(z.recip().atan(), "acot")?
            }
        }
        Func::Asec => {
            if z.is_zero() {
                return Err(undefined("asec of zero"));
            }
            z.recip().acos()
        }
        Func::Acsc => {
            if z.is_zero() {
                return Err(undefined("acsc of zero"));
            }
            z.recip().asin()
        }
        Func::Sinh => z.sinh(),
        Func::Cosh => z.cosh(),
        Func::Tanh => pole(z.tanh(), "tanh")?,
        Func::Coth => pole(z.tanh().recip(), "coth")?,
        Func::Sech => pole(z.cosh().recip(), "sech")?,
        Func::Csch => pole(z.sinh().recip(), "csch")?,
        Func::Asinh => z.asinh(),
        Func::Acosh => z.acosh(),
        Func::Atanh => pole(z.atanh(), "atanh")?,
        Func::Abs => Complex::real(z.abs()),
        Func::Floor => Complex::real(snap(real_arg(z, &Func::Floor)?).floor()),
        Func::Ceiling => Complex::real(snap(real_arg(z, &Func::Ceiling)?).ceil()),
        Func::Sign => {
            let x = real_arg(z, &Func::Sign)?;
            Complex::real(if x > 0.0 {
                1.0
            } else if x < 0.0 {
                -1.0
            } else {
                0.0
            })
        }
        Func::Factorial => {
            let x = snap(real_arg(z, &Func::Factorial)?);
            let g = gamma(x + 1.0);
            if g.is_nan() {
                return Err(undefined("factorial of a negative integer"));
            }
            if !g.is_finite() {
                return Err(undefined("factorial beyond the range of f64"));
            }
            Complex::real(g)
        }
        Func::Log => ln(z)?,
        Func::Binomial | Func::Max | Func::Min | Func::Named(_) => return Err(arity(f, 1)),
    })
}

/// Undefined when `v` is not finite or is at least as large as a pole.
#[inline]
fn pole(v: Complex, name: &str) -> Result<Complex, EvalError> {
    if v.is_finite() && v.abs() <= POLE_THRESHOLD {
        Ok(v)
    } else {
        Err(undefined(format!("pole of {name}")))
    }
}

fn ln(z: Complex) -> Result<Complex, EvalError> {
    if z.is_zero() {
        Err(undefined("logarithm of zero"))
    } else {
        Ok(z.ln())
    }
}

/// `log(x, b) = ln x / ln b`, with `log2` and `log10` for the bases 2 and 10
/// of a positive real.
fn log_base(x: Complex, b: Complex) -> Result<Complex, EvalError> {
    if x.is_real() && x.re > 0.0 && b.is_real() {
        if b.re == 2.0 {
            return Ok(Complex::real(x.re.log2()));
        }
        if b.re == 10.0 {
            return Ok(Complex::real(x.re.log10()));
        }
    }
    let lb = ln(b)?;
    if lb.is_zero() {
        return Err(undefined("logarithm to base 1"));
    }
    Ok(ln(x)? / lb)
}

/// The real part of an argument of `f` that must be real.
fn real_arg(z: Complex, f: &Func) -> Result<f64, EvalError> {
    if z.im.abs() <= REAL_ARG_TOLERANCE * z.re.abs().max(1.0) {
        Ok(z.re)
    } else {
        Err(undefined(format!("{} of a complex value", f.name())))
    }
}

/// The nearest integer when `x` is within rounding error of it, else `x`.
fn snap(x: f64) -> f64 {
    let r = x.round();
    if (x - r).abs() <= REAL_ARG_TOLERANCE * r.abs().max(1.0) {
        r
    } else {
        x
    }
}

/// `sin(πx)`, accurate near the integers.
fn sin_pi(x: f64) -> f64 {
    // r = x - 2k in [-1, 1] (exact), then fold to [-1/2, 1/2].
    let r = x - 2.0 * (x * 0.5).round();
    let s = if r > 0.5 {
        1.0 - r
    } else if r < -0.5 {
        -1.0 - r
    } else {
        r
    };
    (PI * s).sin()
}

/// The gamma function of a real argument: `NaN` at its poles (the integers
/// `≤ 0`), `+∞` beyond the range of `f64`; exact products for integers up to
/// 171, Lanczos' approximation elsewhere (relative error about `1e-15`).
fn gamma(x: f64) -> f64 {
    if x.is_nan() {
        return f64::NAN;
    }
    if x == x.floor() {
        if x <= 0.0 {
            return f64::NAN;
        }
        if x > 171.0 {
            return f64::INFINITY;
        }
        // Γ(n) = (n - 1)!
        let (mut p, mut k) = (1.0, 2.0);
        while k < x {
            p *= k;
            k += 1.0;
        }
        return p;
    }
    if x < 0.5 {
        // Reflection: Γ(x) Γ(1 - x) = π / sin(πx).
        return PI / (sin_pi(x) * lanczos(1.0 - x));
    }
    lanczos(x)
}

/// Coefficients of Lanczos' approximation with g = 7, n = 9 (after the
/// leading 0.99999999999980993).
const LANCZOS: [f64; 8] = [
    676.520_368_121_885_1,
    -1_259.139_216_722_402_8,
    771.323_428_777_653_1,
    -176.615_029_162_140_6,
    12.507_343_278_686_905,
    -0.138_571_095_265_720_12,
    9.984_369_578_019_572e-6,
    1.505_632_735_149_311_6e-7,
];

/// Γ(x) for `x ≥ 1/2` by Lanczos' approximation, without intermediate
/// overflow below the overflow of the result.
fn lanczos(x: f64) -> f64 {
    let z = x - 1.0;
    let mut a = 0.999_999_999_999_809_9;
    let mut k = 1.0;
    for p in LANCZOS {
        a += p / (z + k);
        k += 1.0;
    }
    let t = z + 7.5;
    // t^(z + 1/2) e^(-t), split in two halves so that neither overflows alone.
    let half = t.powf((z + 0.5) * 0.5);
    (2.0 * PI).sqrt() * a * (half * (-t).exp()) * half
}

/// `1/Γ(x)`, `0` at the poles of Γ.
fn recip_gamma(x: f64) -> f64 {
    let g = gamma(x);
    if g.is_nan() { 0.0 } else { 1.0 / g }
}

/// The binomial coefficient of real arguments as SymPy defines it; `NaN` or
/// infinite when undefined or too large.
fn binomial(n: f64, k: f64) -> f64 {
    let (n, k) = (snap(n), snap(k));
    let n_natural = n == n.floor() && n >= 0.0;
    if k == k.floor() {
        if k < 0.0 || (n_natural && k > n) {
            return 0.0;
        }
        let k = if n_natural { k.min(n - k) } else { k };
        if k <= MAX_BINOMIAL_PRODUCT {
            // C(n, k) = Π_{i=1..k} (n - k + i) / i; for natural n every
            // partial product is an integer, exact below 2^53.
            let base = n - k;
            let (mut r, mut i) = (1.0, 1.0);
            while i <= k {
                r = r * (base + i) / i;
                i += 1.0;
            }
            return r;
        }
        if n_natural {
            // C(n, k) ≥ C(2k, k) > 4^k / (2k + 1): beyond f64.
            return f64::INFINITY;
        }
    }
    let num = gamma(n + 1.0);
    if num.is_nan() {
        return f64::NAN;
    }
    num * recip_gamma(k + 1.0) * recip_gamma(n - k + 1.0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::expr::ast::{Interval, RelOp};
    use std::f64::consts::{FRAC_PI_4, LN_2};

    fn pi() -> Expr {
        Expr::Constant(Constant::Pi)
    }

    fn i() -> Expr {
        Expr::Constant(Constant::I)
    }

    fn x() -> Expr {
        Expr::sym("x")
    }

    fn f1(f: Func, a: Expr) -> Expr {
        Expr::func(f, a)
    }

    fn f2(f: Func, a: Expr, b: Expr) -> Expr {
        Expr::Func(f, vec![a, b])
    }

    fn no_env(_: &str) -> Option<Complex> {
        None
    }

    fn c(e: &Expr) -> Result<Complex, EvalError> {
        eval_complex(e, &no_env, &mut 0, 10_000)
    }

    fn r(e: &Expr) -> Result<f64, EvalError> {
        eval_real(e, &|_| None, &mut 0, 10_000)
    }

    /// Real value of `e` with x bound to `v`.
    fn rx(e: &Expr, v: f64) -> Result<f64, EvalError> {
        eval_real(e, &|s| (s == "x").then_some(v), &mut 0, 10_000)
    }

    /// Complex value of `e` with x bound to `v`.
    fn cx(e: &Expr, v: Complex) -> Result<Complex, EvalError> {
        eval_complex(e, &|s| (s == "x").then_some(v), &mut 0, 10_000)
    }

    fn is_undefined<T: fmt::Debug>(r: Result<T, EvalError>) -> bool {
        matches!(r, Err(EvalError::Undefined { .. }))
    }

    #[track_caller]
    fn assert_close(a: Complex, b: Complex) {
        assert!((a - b).abs() <= 1e-13 * b.abs().max(1.0), "{a:?} != {b:?}");
    }

    #[track_caller]
    fn assert_close_r(a: f64, b: f64) {
        assert!((a - b).abs() <= 1e-13 * b.abs().max(1.0), "{a} != {b}");
    }

    #[test]
    fn numbers_and_constants() {
        assert_eq!(r(&Expr::int(3)), Ok(3.0));
        assert_eq!(r(&Expr::ratio(1, 10)), Ok(0.1));
        assert_eq!(r(&Expr::ratio(-2, 3)), Ok(-2.0 / 3.0));
        assert_eq!(r(&pi()), Ok(PI));
        assert_eq!(r(&Expr::Constant(Constant::E)), Ok(E));
        assert_eq!(c(&i()), Ok(Complex::I));
        assert!(is_undefined(c(&Expr::Constant(Constant::Infinity))));
        assert!(is_undefined(c(&Expr::Constant(Constant::Undefined))));
    }

    #[test]
    fn huge_and_tiny_rationals() {
        use num_bigint::BigInt;
        let ten = BigInt::from(10);
        let big = Rational::from_integer(ten.pow(400u32));
        assert!(is_undefined(c(&Expr::Number(big.clone()))));
        assert!(is_undefined(c(&Expr::Number(-big.clone()))));
        // 10^400 / (3·10^399) = 10/3, computed exactly before rounding.
        let q = Rational::new(ten.pow(400u32), BigInt::from(3) * ten.pow(399u32));
        assert_eq!(r(&Expr::Number(q)), Ok(10.0 / 3.0));
        let tiny = Rational::new(BigInt::from(1), ten.pow(400u32));
        assert_eq!(r(&Expr::Number(tiny)), Ok(0.0));
        let small = Rational::new(BigInt::from(7), ten.pow(300u32));
        assert_eq!(r(&Expr::Number(small)), Ok(7e-300));
    }

    #[test]
    fn symbols() {
        assert_eq!(rx(&x(), 2.5), Ok(2.5));
        assert_eq!(
            r(&Expr::sym("y")),
            Err(EvalError::UnboundSymbol("y".to_string()))
        );
        assert_eq!(
            c(&Expr::Add(vec![Expr::int(1), Expr::sym("zeta")])),
            Err(EvalError::UnboundSymbol("zeta".to_string()))
        );
        // A non-finite value from the environment is undefined.
        assert!(is_undefined(rx(&x(), f64::NAN)));
        assert!(is_undefined(rx(&x(), f64::INFINITY)));
    }

    #[test]
    fn arithmetic() {
        // 1 + 2·3 - 4/8 = 6.5
        let e = Expr::Add(vec![
            Expr::int(1),
            Expr::Mul(vec![Expr::int(2), Expr::int(3)]),
            Expr::neg(Expr::div(Expr::int(4), Expr::int(8))),
        ]);
        assert_eq!(r(&e), Ok(6.5));
        assert_eq!(r(&Expr::Add(vec![])), Ok(0.0));
        assert_eq!(r(&Expr::Mul(vec![])), Ok(1.0));
        // (1 + 2i)(3 - i) = 5 + 5i
        let e = Expr::Mul(vec![
            Expr::Add(vec![Expr::int(1), Expr::Mul(vec![Expr::int(2), i()])]),
            Expr::sub(Expr::int(3), i()),
        ]);
        assert_eq!(c(&e), Ok(Complex::new(5.0, 5.0)));
        // x/x at x = 3
        assert_eq!(rx(&Expr::div(x(), x()), 3.0), Ok(1.0));
    }

    #[test]
    fn division_by_zero_is_undefined() {
        let e = Expr::div(Expr::int(1), Expr::int(0));
        assert_eq!(c(&e), Err(undefined("division by zero")));
        assert!(is_undefined(rx(&Expr::div(Expr::int(1), x()), 0.0)));
        let e = Expr::div(Expr::int(1), Expr::sub(x(), x()));
        assert!(is_undefined(rx(&e, 0.7)));
        assert!(is_undefined(c(&Expr::div(Expr::int(0), Expr::int(0)))));
        assert!(is_undefined(c(&Expr::pow(Expr::int(0), Expr::int(-2)))));
        assert!(is_undefined(c(&Expr::pow(
            Expr::int(0),
            Expr::ratio(-1, 2)
        ))));
        assert!(is_undefined(c(&Expr::pow(Expr::int(0), i()))));
    }

    #[test]
    fn powers() {
        assert_eq!(r(&Expr::pow(Expr::int(0), Expr::int(0))), Ok(1.0));
        assert_eq!(r(&Expr::pow(Expr::int(0), Expr::ratio(1, 2))), Ok(0.0));
        assert_eq!(r(&Expr::pow(Expr::int(-2), Expr::int(3))), Ok(-8.0));
        assert_eq!(r(&Expr::pow(Expr::int(2), Expr::int(-3))), Ok(0.125));
        assert_eq!(r(&Expr::pow(Expr::int(2), Expr::int(10))), Ok(1024.0));
        assert_eq!(r(&Expr::sqrt(Expr::int(16))), Ok(4.0));
        assert_eq!(r(&Expr::sqrt(Expr::int(2))), Ok(2f64.sqrt()));
        assert_eq!(c(&Expr::sqrt(Expr::int(-1))), Ok(Complex::I));
        assert_eq!(c(&Expr::sqrt(Expr::int(-4))), Ok(Complex::new(0.0, 2.0)));
        assert_eq!(
            r(&Expr::pow(Expr::sqrt(Expr::int(-1)), Expr::int(2))),
            Ok(-1.0)
        );
        assert_eq!(r(&Expr::pow(Expr::int(8), Expr::ratio(1, 3))), Ok(2.0));
        let cube_root = c(&Expr::pow(Expr::int(-8), Expr::ratio(1, 3))).unwrap_or(Complex::ZERO);
        assert_close(cube_root, Complex::new(1.0, 3f64.sqrt()));
        assert!(is_undefined(r(&Expr::pow(
            Expr::int(-8),
            Expr::ratio(1, 3)
        ))));
        assert_eq!(r(&Expr::exp(Expr::int(1))), Ok(E));
        assert_eq!(r(&Expr::exp(Expr::int(0))), Ok(1.0));
        assert_eq!(r(&Expr::exp(Expr::int(-2))), Ok((-2f64).exp()));
        let euler = c(&Expr::exp(Expr::Mul(vec![i(), pi()]))).unwrap_or(Complex::ZERO);
        assert_close(euler, Complex::real(-1.0));
        assert!(is_undefined(r(&Expr::exp(Expr::int(1000)))));
        assert!(is_undefined(r(&Expr::pow(Expr::int(10), Expr::int(400)))));
        // i^i = e^(-π/2)
        assert_close_r(r(&Expr::pow(i(), i())).unwrap_or(0.0), (-FRAC_PI_2).exp());
        // x^2.5 at x = 4 is real
        assert_eq!(rx(&Expr::pow(x(), Expr::ratio(5, 2)), 4.0), Ok(32.0));
    }

    #[test]
    fn percent_and_degrees() {
        assert_eq!(r(&Expr::Percent(Box::new(Expr::int(50)))), Ok(0.5));
        assert_eq!(r(&Expr::Percent(Box::new(Expr::int(7)))), Ok(0.07));
        assert_eq!(r(&Expr::Degrees(Box::new(Expr::int(180)))), Ok(PI));
        assert_eq!(r(&Expr::Degrees(Box::new(Expr::int(90)))), Ok(FRAC_PI_2));
        let e = f1(Func::Sin, Expr::Degrees(Box::new(Expr::int(30))));
        assert_close_r(r(&e).unwrap_or(0.0), 0.5);
    }

    /// Every function of one argument against the `f64` method of std at
    /// real points inside its domain.
    #[test]
    fn unary_functions_match_std() {
        type F = fn(f64) -> f64;
        let table: [(Func, F, &[f64]); 21] = [
            (Func::Sin, f64::sin, &[-2.0, 0.0, 0.5, 3.0]),
            (Func::Cos, f64::cos, &[-2.0, 0.0, 0.5, 3.0]),
            (Func::Tan, f64::tan, &[-1.0, 0.0, 0.5, 3.0]),
            (Func::Cot, |v| 1.0 / v.tan(), &[-1.0, 0.5, 3.0]),
            (Func::Sec, |v| 1.0 / v.cos(), &[-1.0, 0.0, 0.5, 3.0]),
            (Func::Csc, |v| 1.0 / v.sin(), &[-1.0, 0.5, 3.0]),
            (Func::Asin, f64::asin, &[-1.0, -0.3, 0.0, 0.5, 1.0]),
            (Func::Acos, f64::acos, &[-1.0, -0.3, 0.0, 0.5, 1.0]),
            (Func::Atan, f64::atan, &[-10.0, -0.3, 0.0, 1.0, 1e6]),
            (Func::Acot, |v| (1.0 / v).atan(), &[-10.0, -0.3, 1.0, 1e6]),
            (Func::Asec, |v| (1.0 / v).acos(), &[-10.0, -1.0, 1.0, 2.0]),
            (Func::Acsc, |v| (1.0 / v).asin(), &[-10.0, -1.0, 1.0, 2.0]),
            (Func::Sinh, f64::sinh, &[-2.0, 0.0, 0.5, 3.0]),
            (Func::Cosh, f64::cosh, &[-2.0, 0.0, 0.5, 3.0]),
            (Func::Tanh, f64::tanh, &[-2.0, 0.0, 0.5, 30.0]),
            (Func::Coth, |v| 1.0 / v.tanh(), &[-2.0, 0.5, 3.0]),
            (Func::Sech, |v| 1.0 / v.cosh(), &[-2.0, 0.0, 0.5, 3.0]),
            (Func::Csch, |v| 1.0 / v.sinh(), &[-2.0, 0.5, 3.0]),
            (Func::Asinh, f64::asinh, &[-2.0, 0.0, 0.5, 3.0]),
            (Func::Acosh, f64::acosh, &[1.0, 1.5, 3.0, 1e10]),
            (Func::Atanh, f64::atanh, &[-0.9, 0.0, 0.5, 0.99]),
        ];
        for (f, std_f, points) in table {
            for &v in points {
                let e = f1(f.clone(), x());
                let got = rx(&e, v);
                assert_eq!(got, Ok(std_f(v)), "{}({v})", f.name());
            }
        }
        let log = f1(Func::Log, x());
        for v in [0.5, 1.0, 2.0, 1e300] {
            assert_eq!(rx(&log, v), Ok(v.ln()));
        }
        let abs = f1(Func::Abs, x());
        for v in [-2.5, 0.0, 3.0] {
            assert_eq!(rx(&abs, v), Ok(v.abs()));
        }
        assert_eq!(acot_of(0.0), Ok(FRAC_PI_2));
        assert_eq!(acot_of(-1.0), Ok(-FRAC_PI_4));
    }

    fn acot_of(v: f64) -> Result<f64, EvalError> {
        rx(&f1(Func::Acot, x()), v)
    }

    /// Principal values outside the real domains, against SymPy's `N`.
    #[test]
    fn complex_values_match_sympy() {
        let z = |e: Expr| c(&e).unwrap_or(Complex::new(f64::NAN, f64::NAN));
        assert_close(z(f1(Func::Log, Expr::int(-2))), Complex::new(LN_2, PI));
        assert_close(z(f1(Func::Log, i())), Complex::new(0.0, FRAC_PI_2));
        assert_close(
            z(f1(Func::Asin, Expr::int(2))),
            Complex::new(FRAC_PI_2, -1.3169578969248166),
        );
        assert_close(
            z(f1(Func::Acos, Expr::int(-2))),
            Complex::new(PI, -1.3169578969248166),
        );
        assert_close(
            z(f1(Func::Asec, Expr::ratio(1, 2))),
            Complex::new(0.0, 1.3169578969248166),
        );
        assert_close(
            z(f1(Func::Acsc, Expr::ratio(-1, 2))),
            Complex::new(-FRAC_PI_2, 1.3169578969248166),
        );
        assert_close(
            z(f1(Func::Acot, Expr::div(i(), Expr::int(2)))),
            Complex::new(-FRAC_PI_2, -0.549306144334055),
        );
        assert_close(
            z(f1(Func::Acot, Expr::Add(vec![Expr::ratio(1, 3), i()]))),
            Complex::new(0.702823824690135, -0.902729478161056),
        );
        assert_close(
            z(f1(Func::Asec, i())),
            Complex::new(FRAC_PI_2, 0.881373587019543),
        );
        assert_close(
            z(f1(Func::Acsc, i())),
            Complex::new(0.0, -0.881373587019543),
        );
        assert_close(
            z(f1(Func::Coth, i())),
            Complex::new(0.0, -0.642092615934331),
        );
        assert_close(
            z(f1(Func::Acosh, Expr::int(-2))),
            Complex::new(1.3169578969248166, PI),
        );
        assert_close(
            z(f1(Func::Atanh, Expr::int(2))),
            Complex::new(0.5493061443340549, -FRAC_PI_2),
        );
        // log(-8, 2) = 3 + 4.53236014182719i
        assert_close(
            z(f2(Func::Log, Expr::int(-8), Expr::int(2))),
            Complex::new(3.0, 4.53236014182719),
        );
        assert_close(
            z(f2(Func::Log, Expr::int(2), Expr::int(-8))),
            Complex::new(0.101549343563786, -0.15341939906574),
        );
    }

    #[test]
    fn reciprocal_functions_against_sympy() {
        assert_close_r(
            r(&f1(Func::Coth, Expr::int(1))).unwrap_or(0.0),
            1.31303528549933,
        );
        assert_close_r(
            r(&f1(Func::Sech, Expr::int(1))).unwrap_or(0.0),
            0.648054273663885,
        );
        assert_close_r(
            r(&f1(Func::Csch, Expr::int(1))).unwrap_or(0.0),
            0.850918128239322,
        );
        assert_close_r(
            r(&f1(Func::Acot, Expr::int(2))).unwrap_or(0.0),
            0.463647609000806,
        );
        assert_close_r(r(&f1(Func::Asec, Expr::int(2))).unwrap_or(0.0), PI / 3.0);
        assert_close_r(r(&f1(Func::Acsc, Expr::int(2))).unwrap_or(0.0), PI / 6.0);
        assert_close_r(
            r(&f1(Func::Cot, Expr::int(1))).unwrap_or(0.0),
            0.642092615934331,
        );
        assert_close_r(
            r(&f1(Func::Sec, Expr::int(1))).unwrap_or(0.0),
            1.85081571768093,
        );
        assert_close_r(
            r(&f1(Func::Csc, Expr::int(1))).unwrap_or(0.0),
            1.18839510577812,
        );
    }

    #[test]
    fn poles_are_undefined() {
        let half_pi = Expr::div(pi(), Expr::int(2));
        assert!(is_undefined(r(&f1(Func::Tan, half_pi.clone()))));
        assert!(is_undefined(r(&f1(Func::Sec, half_pi.clone()))));
        assert_close_r(r(&f1(Func::Cot, half_pi.clone())).unwrap_or(1.0), 0.0);
        assert!(is_undefined(r(&f1(Func::Cot, Expr::int(0)))));
        assert!(is_undefined(r(&f1(Func::Cot, pi()))));
        assert!(is_undefined(r(&f1(Func::Csc, pi()))));
        assert!(is_undefined(r(&f1(Func::Csc, Expr::int(0)))));
        assert!(is_undefined(r(&f1(Func::Coth, Expr::int(0)))));
        assert!(is_undefined(r(&f1(Func::Csch, Expr::int(0)))));
        let i_half_pi = Expr::Mul(vec![i(), half_pi.clone()]);
        assert!(is_undefined(c(&f1(Func::Tanh, i_half_pi.clone()))));
        assert!(is_undefined(c(&f1(Func::Sech, i_half_pi))));
        assert!(is_undefined(c(&f1(Func::Atan, i()))));
        assert!(is_undefined(c(&f1(Func::Acot, i()))));
        assert!(is_undefined(r(&f1(Func::Atanh, Expr::int(1)))));
        assert!(is_undefined(r(&f1(Func::Atanh, Expr::int(-1)))));
        assert!(is_undefined(r(&f1(Func::Asec, Expr::int(0)))));
        assert!(is_undefined(r(&f1(Func::Acsc, Expr::int(0)))));
        assert_eq!(
            c(&f1(Func::Log, Expr::int(0))),
            Err(undefined("logarithm of zero"))
        );
        assert!(is_undefined(c(&f2(Func::Log, Expr::int(5), Expr::int(1)))));
        assert!(is_undefined(c(&f2(Func::Log, Expr::int(5), Expr::int(0)))));
        assert!(is_undefined(c(&f2(Func::Log, Expr::int(0), Expr::int(2)))));
        // Close to the pole but not at it: a value is given.
        assert!(rx(&f1(Func::Tan, x()), FRAC_PI_2 - 1e-9).is_ok());
    }

    #[test]
    fn logarithms() {
        assert_eq!(r(&f2(Func::Log, Expr::int(8), Expr::int(2))), Ok(3.0));
        assert_eq!(r(&f2(Func::Log, Expr::int(1000), Expr::int(10))), Ok(3.0));
        assert_eq!(r(&f2(Func::Log, Expr::int(1), Expr::int(7))), Ok(0.0));
        assert_close_r(
            r(&f2(Func::Log, Expr::int(81), Expr::int(3))).unwrap_or(0.0),
            4.0,
        );
        assert_close_r(
            r(&f2(Func::Log, Expr::int(2), Expr::ratio(1, 2))).unwrap_or(0.0),
            -1.0,
        );
        assert_eq!(r(&f1(Func::Log, Expr::Constant(Constant::E))), Ok(1.0));
        assert!(c(&f1(Func::Log, Expr::int(-2))).is_ok());
        assert!(is_undefined(r(&f1(Func::Log, Expr::int(-2)))));
    }

    #[test]
    fn real_only_functions() {
        let fl = |v: Expr| r(&f1(Func::Floor, v));
        let ce = |v: Expr| r(&f1(Func::Ceiling, v));
        let sg = |v: Expr| r(&f1(Func::Sign, v));
        assert_eq!(fl(Expr::ratio(-5, 2)), Ok(-3.0));
        assert_eq!(ce(Expr::ratio(-5, 2)), Ok(-2.0));
        assert_eq!(fl(Expr::ratio(7, 2)), Ok(3.0));
        assert_eq!(ce(Expr::ratio(7, 2)), Ok(4.0));
        assert_eq!(fl(Expr::int(4)), Ok(4.0));
        // 3·(1/3) rounds below 1 in some orders; snapping keeps floor = 1.
        assert_eq!(rx(&f1(Func::Floor, x()), 1.0 - 1e-16), Ok(1.0));
        assert_eq!(rx(&f1(Func::Ceiling, x()), 2.0 + 4e-16), Ok(2.0));
        assert_eq!(rx(&f1(Func::Floor, x()), 1.0 - 1e-9), Ok(0.0));
        assert_eq!(sg(Expr::int(-3)), Ok(-1.0));
        assert_eq!(sg(Expr::int(0)), Ok(0.0));
        assert_eq!(sg(Expr::ratio(1, 1000)), Ok(1.0));
        assert!(is_undefined(fl(i())));
        assert!(is_undefined(ce(Expr::Add(vec![Expr::int(1), i()]))));
        assert!(is_undefined(sg(i())));
        // A rounding-size imaginary part is ignored: floor(e^(2πi)) = 1.
        let turn = Expr::exp(Expr::Mul(vec![Expr::int(2), pi(), i()]));
        assert_eq!(fl(turn), Ok(1.0));
        assert_eq!(
            r(&Expr::Func(
                Func::Max,
                vec![Expr::int(1), Expr::int(5), Expr::int(-2)]
            )),
            Ok(5.0)
        );
        assert_eq!(
            r(&Expr::Func(
                Func::Min,
                vec![Expr::int(1), Expr::int(5), Expr::int(-2)]
            )),
            Ok(-2.0)
        );
        assert_eq!(r(&Expr::Func(Func::Max, vec![Expr::int(7)])), Ok(7.0));
        assert!(is_undefined(r(&Expr::Func(Func::Max, vec![]))));
        assert!(is_undefined(r(&Expr::Func(
            Func::Min,
            vec![Expr::int(1), i()]
        ))));
    }

    #[test]
    fn factorial_and_gamma() {
        let fact = |e: Expr| r(&f1(Func::Factorial, e));
        assert_eq!(fact(Expr::int(0)), Ok(1.0));
        assert_eq!(fact(Expr::int(1)), Ok(1.0));
        assert_eq!(fact(Expr::int(5)), Ok(120.0));
        assert_eq!(fact(Expr::int(10)), Ok(3_628_800.0));
        assert_eq!(fact(Expr::int(20)), Ok(2_432_902_008_176_640_000.0));
        assert_close_r(fact(Expr::int(170)).unwrap_or(0.0), 7.257415615308e306);
        assert!(is_undefined(fact(Expr::int(171))));
        assert!(is_undefined(fact(Expr::int(-1))));
        assert!(is_undefined(fact(Expr::int(-3))));
        assert!(is_undefined(fact(i())));
        // SymPy: factorial(1/2), factorial(-1/2), factorial(-5/2), factorial(15/2)
        assert_close_r(fact(Expr::ratio(1, 2)).unwrap_or(0.0), 0.886226925452758);
        assert_close_r(fact(Expr::ratio(-1, 2)).unwrap_or(0.0), 1.77245385090552);
        assert_close_r(fact(Expr::ratio(-5, 2)).unwrap_or(0.0), 2.36327180120735);
        assert_close_r(fact(Expr::ratio(15, 2)).unwrap_or(0.0), 14034.4072934834);
        // Γ against SymPy (20 digits)
        assert_close_r(gamma(0.5), 1.772453850905516);
        assert_close_r(gamma(-3.5), 0.2700882058522691);
        assert_close_r(gamma(50.5), 4.29046291235196e63);
        assert!((gamma(170.25) / 1.540656022718819e305 - 1.0).abs() < 1e-12);
        assert_close_r(gamma(0.001), 999.4237724845955);
        assert!((gamma(-100.001) / -1.0665835706661517e-155 - 1.0).abs() < 1e-10);
        assert!(gamma(0.0).is_nan() && gamma(-4.0).is_nan() && gamma(f64::NAN).is_nan());
        assert_eq!(gamma(200.0), f64::INFINITY);
        assert_eq!(gamma(-300.5), 0.0);
        for n in 1..=22 {
            // exact for n! < 2^53·2^k where the product stays exact
            let mut p = 1.0;
            for k in 2..n {
                p *= k as f64;
            }
            assert_eq!(gamma(n as f64), p);
        }
    }

    #[test]
    fn binomial_coefficients() {
        let b = |n: Expr, k: Expr| r(&f2(Func::Binomial, n, k));
        assert_eq!(b(Expr::int(5), Expr::int(2)), Ok(10.0));
        assert_eq!(b(Expr::int(5), Expr::int(0)), Ok(1.0));
        assert_eq!(b(Expr::int(5), Expr::int(5)), Ok(1.0));
        assert_eq!(b(Expr::int(0), Expr::int(0)), Ok(1.0));
        assert_eq!(b(Expr::int(5), Expr::int(7)), Ok(0.0));
        assert_eq!(b(Expr::int(5), Expr::int(-1)), Ok(0.0));
        assert_eq!(b(Expr::int(-3), Expr::int(-1)), Ok(0.0));
        assert_eq!(b(Expr::int(-3), Expr::int(2)), Ok(6.0));
        assert_eq!(b(Expr::ratio(1, 2), Expr::int(2)), Ok(-0.125));
        assert_eq!(b(Expr::ratio(-1, 2), Expr::int(3)), Ok(-0.3125));
        assert_eq!(b(Expr::int(52), Expr::int(5)), Ok(2_598_960.0));
        assert_eq!(
            b(Expr::int(60), Expr::int(30)),
            Ok(118_264_581_564_861_424.0)
        );
        assert_eq!(b(Expr::int(1_000_000), Expr::int(999_999)), Ok(1_000_000.0));
        assert_close_r(
            b(Expr::int(5), Expr::ratio(5, 2)).unwrap_or(0.0),
            10.8649774484067,
        );
        assert_close_r(
            b(Expr::ratio(7, 2), Expr::ratio(3, 2)).unwrap_or(0.0),
            4.375,
        );
        assert_close_r(
            b(Expr::ratio(-1, 2), Expr::ratio(-1, 2)).unwrap_or(0.0),
            1.0,
        );
        assert!(is_undefined(b(Expr::int(-1), Expr::ratio(1, 2))));
        assert!(is_undefined(b(Expr::int(5000), Expr::int(2500))));
        assert!(is_undefined(b(Expr::int(5), i())));
        assert!(is_undefined(r(&f1(Func::Binomial, Expr::int(5)))));
    }

    #[test]
    fn functions_at_complex_points_use_principal_branches() {
        let z = Complex::new(1.0, 1.0);
        let v = |f: Func| cx(&f1(f, x()), z).unwrap_or(Complex::new(f64::NAN, 0.0));
        assert_close(v(Func::Sin), z.sin());
        assert_close(
            v(Func::Atan),
            Complex::new(1.0172219678978514, 0.4023594781085251),
        );
        assert_close(
            v(Func::Asinh),
            Complex::new(1.0612750619050357, 0.6662394324925153),
        );
        assert_close(v(Func::Abs), Complex::real(2f64.sqrt()));
        assert_close(v(Func::Cot), z.tan().recip());
        assert_close(v(Func::Sech), z.cosh().recip());
        assert_close(v(Func::Log), z.ln());
    }

    #[test]
    fn eval_real_rejects_complex_results() {
        assert_eq!(
            r(&Expr::sqrt(Expr::int(-1))),
            Err(undefined("complex value"))
        );
        // A rounding-size imaginary part is dropped.
        let euler = Expr::exp(Expr::Mul(vec![i(), pi()]));
        assert_eq!(r(&euler), Ok(-1.0));
        // log(-1)·i = -π is real.
        let e = Expr::Mul(vec![f1(Func::Log, Expr::int(-1)), i()]);
        assert_eq!(r(&e), Ok(-PI));
    }

    #[test]
    fn non_numbers() {
        let kinds: [(Expr, &str); 9] = [
            (
                Expr::Relation(vec![x(), Expr::int(1)], vec![RelOp::Eq]),
                "relation",
            ),
            (Expr::PlusMinus(Box::new(x()), Box::new(Expr::int(1))), "±"),
            (Expr::Tuple(vec![Expr::int(1), Expr::int(2)]), "tuple"),
            (Expr::Set(vec![Expr::int(1)]), "set"),
            (
                Expr::Interval(Box::new(Interval {
                    lo: Expr::int(0),
                    hi: Expr::int(1),
                    lo_closed: true,
                    hi_closed: false,
                })),
                "interval",
            ),
            (Expr::Union(vec![Expr::Set(vec![])]), "union"),
            (Expr::Intersection(vec![Expr::Set(vec![])]), "intersection"),
            (Expr::Matrix(vec![vec![Expr::int(1)]]), "matrix"),
            (Expr::Text("hello".to_string()), "text"),
        ];
        for (e, kind) in kinds {
            assert_eq!(r(&e), Err(EvalError::NotANumber { kind }));
            // Nested inside arithmetic, too.
            let nested = Expr::Add(vec![Expr::int(1), e]);
            assert_eq!(r(&nested), Err(EvalError::NotANumber { kind }));
        }
    }

    #[test]
    fn unknown_functions_and_bad_arity() {
        let f = Expr::func(Func::Named("f".to_string()), x());
        assert_eq!(rx(&f, 1.0), Err(not_evaluated("unknown function f")));
        assert!(is_undefined(r(&Expr::Func(Func::Sin, vec![]))));
        assert!(is_undefined(r(&Expr::Func(
            Func::Sin,
            vec![Expr::int(1), Expr::int(2)]
        ))));
        assert!(is_undefined(r(&Expr::Func(
            Func::Log,
            vec![Expr::int(1), Expr::int(2), Expr::int(3)]
        ))));
        assert!(is_undefined(r(&Expr::Func(Func::Log, vec![]))));
    }

    fn integral(integrand: Expr, var: &str, bounds: Option<(Expr, Expr)>) -> Expr {
        Expr::Integral(Box::new(Integral {
            integrand,
            var: var.to_string(),
            bounds,
        }))
    }

    fn big(name: &str, body: Expr, k: &str, a: Expr, b: Expr) -> Expr {
        Expr::Func(
            Func::Named(name.to_string()),
            vec![body, Expr::sym(k), a, b],
        )
    }

    #[test]
    fn definite_integrals() {
        let t = || Expr::sym("t");
        // ∫₀¹ t dt = 1/2; ∫₀^π sin t dt = 2; ∫₀ˣ t dt = x²/2 at x = 3
        let e = integral(t(), "t", Some((Expr::int(0), Expr::int(1))));
        assert!((r(&e).unwrap() - 0.5).abs() < 1e-15);
        let pi = Expr::Constant(Constant::Pi);
        let e = integral(Expr::func(Func::Sin, t()), "t", Some((Expr::int(0), pi)));
        assert!((r(&e).unwrap() - 2.0).abs() < 1e-14);
        let e = integral(t(), "t", Some((Expr::int(0), x())));
        assert!((rx(&e, 3.0).unwrap() - 4.5).abs() < 1e-14);
        // the variable of integration shadows a symbol of the same name
        let e = integral(x(), "x", Some((Expr::int(0), x())));
        assert!((rx(&e, 2.0).unwrap() - 2.0).abs() < 1e-14);
        // an integral inside an integral: ∫₀¹ ∫₀¹ s·t ds dt = 1/4
        let inner = integral(
            Expr::Mul(vec![Expr::sym("s"), t()]),
            "s",
            Some((Expr::int(0), Expr::int(1))),
        );
        let e = integral(inner, "t", Some((Expr::int(0), Expr::int(1))));
        let mut steps = 0;
        let v = eval_real(&e, &|_| None, &mut steps, 1_000_000).unwrap();
        assert!((v - 0.25).abs() < 1e-14);
        // 120 points of the outer rule, each with 120 points of the inner one
        assert!(steps < 100_000, "{steps}");
        // a third level is not evaluated (bounded work)
        let e3 = integral(e, "u", Some((Expr::int(0), Expr::int(1))));
        let r3 = eval_real(&e3, &|_| None, &mut 0, 1_000_000);
        assert!(matches!(r3, Err(EvalError::NotEvaluated { .. })), "{r3:?}");
    }

    #[test]
    fn integrals_not_evaluated() {
        let t = || Expr::sym("t");
        let ne = |e: &Expr| matches!(r(e), Err(EvalError::NotEvaluated { .. }));
        assert!(ne(&integral(t(), "t", None)));
        let inf = Expr::Constant(Constant::Infinity);
        assert!(ne(&integral(
            Expr::exp(Expr::neg(t())),
            "t",
            Some((Expr::int(0), inf))
        )));
        let i = Expr::Constant(Constant::I);
        assert!(ne(&integral(t(), "t", Some((Expr::int(0), i)))));
        // 1/√t on [0, 1]: the quadrature does not converge to 1e-12
        let e = integral(
            Expr::pow(t(), Expr::ratio(-1, 2)),
            "t",
            Some((Expr::int(0), Expr::int(1))),
        );
        assert!(ne(&e), "{:?}", r(&e));
        // undefined inside the interval is undefined: ∫ 1/(t - t) dt
        let z = Expr::Add(vec![t(), Expr::neg(t())]);
        let e = integral(
            Expr::pow(z, Expr::int(-1)),
            "t",
            Some((Expr::int(0), Expr::int(1))),
        );
        assert!(is_undefined(r(&e)));
    }

    #[test]
    fn sums_and_products() {
        let k = || Expr::sym("k");
        // Σ_{k=1}^{100} k = 5050; Π_{k=1}^{5} k = 120
        let e = big("Sum", k(), "k", Expr::int(1), Expr::int(100));
        assert_eq!(r(&e), Ok(5050.0));
        let e = big("Product", k(), "k", Expr::int(1), Expr::int(5));
        assert_eq!(r(&e), Ok(120.0));
        // Karr's convention (SymPy): Σ_{k=3}^{2} = 0, Σ_{k=3}^{1} k = -2, Π_{k=3}^{1} k = 1/2
        assert_eq!(
            r(&big("Sum", k(), "k", Expr::int(3), Expr::int(2))),
            Ok(0.0)
        );
        assert_eq!(
            r(&big("Sum", k(), "k", Expr::int(3), Expr::int(1))),
            Ok(-2.0)
        );
        assert_eq!(
            r(&big("Product", k(), "k", Expr::int(3), Expr::int(1))),
            Ok(0.5)
        );
        // a bound from the environment
        let e = big("Sum", k(), "k", Expr::int(1), x());
        assert_eq!(rx(&e, 4.0), Ok(10.0));
        // limits: too many terms, non-integer or infinite bounds
        let ne = |e: &Expr| matches!(r(e), Err(EvalError::NotEvaluated { .. }));
        let n = Expr::int(MAX_SUM_TERMS as i64 + 1);
        assert!(ne(&big("Sum", k(), "k", Expr::int(1), n)));
        assert!(ne(&big("Sum", k(), "k", Expr::int(1), Expr::ratio(5, 2))));
        let inf = Expr::Constant(Constant::Infinity);
        assert!(ne(&big("Sum", k(), "k", Expr::int(1), inf)));
        // a term undefined: Σ_{k=1}^{3} 1/(k-2)
        let body = Expr::pow(Expr::Add(vec![k(), Expr::int(-2)]), Expr::int(-1));
        assert!(is_undefined(r(&big(
            "Sum",
            body,
            "k",
            Expr::int(1),
            Expr::int(3)
        ))));
    }

    #[test]
    fn a_large_value_no_sum_cancels_sets_no_scale() {
        // √(e^100) = e^50: computed through e^100, but nothing cancels, so its
        // rounding error is relative to the result (found by
        // prop_fredholm_symbolic_implies_numeric: √(exp(π·e^π)) ≡ 1).
        let e = Expr::pow(Expr::exp(Expr::int(100)), Expr::ratio(1, 2));
        let (v, scale) = eval_complex_scaled(&e, &|_| None, &mut 0, 100).unwrap();
        assert!((v.re / 50f64.exp() - 1.0).abs() < 1e-12);
        assert_eq!(scale, 0.0);
    }

    #[test]
    fn a_sum_under_a_root_carries_its_scale_through_the_root() {
        // √(e^{299.4} + 1): the sum's terms are about 10^130, its rounding
        // error about 10^130·ε; through the square root that error is
        // ½·√(e^{299.4})·ε, so the scale is half the result's size, not 10^130
        // (found by prop_fredholm_symbolic_implies_numeric: -1 ≡ this).
        let inner = Expr::Add(vec![Expr::exp(Expr::ratio(1497, 5)), Expr::int(1)]);
        let e = Expr::pow(inner, Expr::ratio(1, 2));
        let (v, scale) = eval_complex_scaled(&e, &|_| None, &mut 0, 100).unwrap();
        assert!((v.re / (1497.0f64 / 10.0).exp() - 1.0).abs() < 1e-12);
        assert!(
            (scale / v.re - 0.5).abs() < 1e-9,
            "scale {scale:e} of {:e}",
            v.re
        );
        // And e^(sum): d(e^x) = e^x·dx, the sum's scale times the result.
        let e = Expr::exp(Expr::Add(vec![Expr::int(3), Expr::int(-1)]));
        let (v, scale) = eval_complex_scaled(&e, &|_| None, &mut 0, 100).unwrap();
        assert!((scale / v.re - 3.0).abs() < 1e-12);
    }

    #[test]
    fn scale_is_the_largest_modulus() {
        let e = Expr::Add(vec![Expr::int(1000), Expr::ratio(-1999, 2)]);
        let (v, scale) = eval_complex_scaled(&e, &|_| None, &mut 0, 100).unwrap();
        assert_eq!((v.re, scale), (0.5, 1000.0));
    }

    #[test]
    fn budget_is_enforced() {
        let big = Expr::Add((0..1000).map(Expr::int).collect());
        let mut steps = 0;
        assert_eq!(
            eval_complex(&big, &no_env, &mut steps, 100),
            Err(EvalError::BudgetExceeded { limit: 100 })
        );
        assert_eq!(steps, 101);
        // Enough budget: 1001 nodes.
        let mut steps = 0;
        assert_eq!(eval_real(&big, &|_| None, &mut steps, 1001), Ok(499_500.0));
        assert_eq!(steps, 1001);
        // The counter is shared across calls.
        let mut steps = 0;
        let small = Expr::Add(vec![Expr::int(1), Expr::int(2)]);
        for _ in 0..3 {
            assert_eq!(eval_real(&small, &|_| None, &mut steps, 9), Ok(3.0));
        }
        assert_eq!(
            eval_real(&small, &|_| None, &mut steps, 9),
            Err(EvalError::BudgetExceeded { limit: 9 })
        );
        // A zero limit refuses even a leaf; a saturated counter stays refused.
        assert!(matches!(
            eval_complex(&Expr::int(1), &no_env, &mut 0, 0),
            Err(EvalError::BudgetExceeded { limit: 0 })
        ));
        let mut full = u64::MAX;
        assert!(matches!(
            eval_complex(&Expr::int(1), &no_env, &mut full, u64::MAX - 1),
            Err(EvalError::BudgetExceeded { .. })
        ));
        assert_eq!(full, u64::MAX);
    }

    #[test]
    fn budget_bounds_an_exponential_dag_like_tree() {
        // A tree of depth 40 where each level doubles the work would take
        // 2^40 steps; the budget stops it quickly.
        let mut e = x();
        for _ in 0..40 {
            e = Expr::Add(vec![e.clone(), e]);
            if e.node_count() > 100_000 {
                break;
            }
        }
        assert_eq!(
            eval_real(&e, &|_| Some(1.0), &mut 0, 1000),
            Err(EvalError::BudgetExceeded { limit: 1000 })
        );
    }

    #[test]
    fn deep_trees_are_refused_not_overflowed() {
        let mut e = x();
        for _ in 0..5_000 {
            e = Expr::func(Func::Sin, e);
        }
        let r = std::thread::Builder::new()
            .stack_size(2 << 20)
            .spawn(move || {
                let r = eval_real(&e, &|_| Some(0.5), &mut 0, u64::MAX);
                // Drop the deep tree without deep recursion.
                let mut stack = vec![e];
                while let Some(node) = stack.pop() {
                    if let Expr::Func(_, args) = node {
                        stack.extend(args);
                    }
                }
                r
            })
            .map(|h| h.join());
        match r {
            Ok(Ok(res)) => assert_eq!(
                res,
                Err(EvalError::TooDeep {
                    limit: MAX_EVAL_DEPTH
                })
            ),
            _ => panic!("evaluation thread failed"),
        }
        // Just below the limit evaluates.
        let mut e = x();
        for _ in 0..MAX_EVAL_DEPTH - 1 {
            e = Expr::Add(vec![e]);
        }
        let r = std::thread::Builder::new()
            .stack_size(2 << 20)
            .spawn(move || {
                let r = eval_real(&e, &|_| Some(0.5), &mut 0, u64::MAX);
                let mut stack = vec![e];
                while let Some(node) = stack.pop() {
                    if let Expr::Add(args) = node {
                        stack.extend(args);
                    }
                }
                r
            })
            .map(|h| h.join());
        match r {
            Ok(Ok(res)) => assert_eq!(res, Ok(0.5)),
            _ => panic!("evaluation thread failed"),
        }
    }

    #[test]
    fn step_count_is_one_per_node() {
        // e^x + sin(2x): Add, Pow, E, x, Func, Mul, 2, x = 8 nodes
        let e = Expr::Add(vec![
            Expr::exp(x()),
            f1(Func::Sin, Expr::Mul(vec![Expr::int(2), x()])),
        ]);
        let mut steps = 0;
        let v = eval_real(&e, &|_| Some(0.5), &mut steps, 100);
        assert_close_r(v.unwrap_or(0.0), 0.5f64.exp() + 1f64.sin());
        assert_eq!(steps as usize, e.node_count());
    }

    #[test]
    fn errors_display() {
        assert_eq!(
            undefined("division by zero").to_string(),
            "undefined value: division by zero"
        );
        assert_eq!(
            EvalError::UnboundSymbol("x".into()).to_string(),
            "symbol 'x' has no value"
        );
        assert_eq!(
            EvalError::NotANumber { kind: "set" }.to_string(),
            "not a number: set"
        );
        assert_eq!(
            EvalError::BudgetExceeded { limit: 5 }.to_string(),
            "budget exceeded: evaluation steps are limited to 5"
        );
        assert_eq!(
            EvalError::TooDeep { limit: 500 }.to_string(),
            "expression nested deeper than 500 levels"
        );
    }

    /// A small deterministic generator of random trees (xorshift64*).
    struct Gen(u64);

    impl Gen {
        fn next(&mut self, n: u64) -> u64 {
            self.0 ^= self.0 >> 12;
            self.0 ^= self.0 << 25;
            self.0 ^= self.0 >> 27;
            self.0.wrapping_mul(0x2545_f491_4f6c_dd1d) % n
        }

        fn leaf(&mut self) -> Expr {
            match self.next(12) {
                0 => Expr::int(0),
                1 => Expr::int(1),
                2 => Expr::int(-1),
                3 => Expr::ratio(1, 2),
                4 => Expr::ratio(-7, 3),
                5 => Expr::int(i64::MAX),
                6 => pi(),
                7 => Expr::Constant(Constant::E),
                8 => i(),
                9 => Expr::Constant(Constant::Infinity),
                10 => Expr::int(170),
                _ => x(),
            }
        }

        fn tree(&mut self, depth: u32) -> Expr {
            if depth == 0 || self.next(4) == 0 {
                return self.leaf();
            }
            let funcs = [
                Func::Sin,
                Func::Cos,
                Func::Tan,
                Func::Cot,
                Func::Sec,
                Func::Csc,
                Func::Asin,
                Func::Acos,
                Func::Atan,
                Func::Acot,
                Func::Asec,
                Func::Acsc,
                Func::Sinh,
                Func::Cosh,
                Func::Tanh,
                Func::Coth,
                Func::Sech,
                Func::Csch,
                Func::Asinh,
                Func::Acosh,
                Func::Atanh,
                Func::Log,
                Func::Abs,
                Func::Floor,
                Func::Ceiling,
                Func::Factorial,
                Func::Binomial,
                Func::Sign,
                Func::Max,
                Func::Min,
                Func::Named("f".to_string()),
            ];
            match self.next(8) {
                0 => Expr::Add(vec![self.tree(depth - 1), self.tree(depth - 1)]),
                1 => Expr::Mul(vec![self.tree(depth - 1), self.tree(depth - 1)]),
                2 => Expr::pow(self.tree(depth - 1), self.tree(depth - 1)),
                3 => Expr::Percent(Box::new(self.tree(depth - 1))),
                4 => Expr::Degrees(Box::new(self.tree(depth - 1))),
                _ => {
                    let k = self.next(funcs.len() as u64) as usize;
                    let f = funcs.get(k).cloned().unwrap_or(Func::Sin);
                    let n = self.next(3) + 1;
                    Expr::Func(f, (0..n).map(|_| self.tree(depth - 1)).collect())
                }
            }
        }
    }

    #[test]
    fn random_trees_never_panic_and_values_are_finite() {
        let mut g = Gen(0x9e37_79b9_7f4a_7c15);
        let points = [
            Complex::ZERO,
            Complex::real(-1.0),
            Complex::real(0.5),
            Complex::real(1e300),
            Complex::new(0.3, -2.0),
            Complex::I,
        ];
        let (mut ok, mut total) = (0, 0);
        for _ in 0..20_000 {
            let e = g.tree(5);
            for p in points {
                total += 1;
                let v = eval_complex(&e, &|s| (s == "x").then_some(p), &mut 0, 10_000);
                if let Ok(v) = v {
                    ok += 1;
                    assert!(v.is_finite(), "{e:?} at {p:?} gave {v:?}");
                }
                if p.im == 0.0 {
                    if let Ok(v) = eval_real(&e, &|s| (s == "x").then_some(p.re), &mut 0, 10_000) {
                        assert!(v.is_finite(), "{e:?} at {p:?} gave {v}");
                    }
                }
            }
        }
        // The generator is not degenerate: a fair share of trees has a value.
        assert!(ok * 10 > total, "{ok} of {total}");
    }

    #[test]
    fn helpers() {
        assert_eq!(snap(2.9999999999999996), 3.0);
        assert_eq!(snap(2.5), 2.5);
        assert_eq!(snap(-1e-20), 0.0);
        assert_eq!(sin_pi(1.0), 0.0);
        assert_eq!(sin_pi(-3.0), 0.0);
        assert_eq!(sin_pi(0.5), 1.0);
        assert_eq!(sin_pi(-0.5), -1.0);
        assert_close_r(sin_pi(2.25), (PI * 0.25).sin());
        assert_close_r(sin_pi(-1.75), (PI * 0.25).sin());
        // Relative precision near an integer, where sin(π·x) loses it.
        let x = 100.0 + 1e-10;
        let exact = PI * (x - 100.0);
        assert!((sin_pi(x) / exact - 1.0).abs() < 1e-14);
        assert!(((PI * x).sin() / exact - 1.0).abs() > 1e-9);
    }
}
