//! Equivalence of two canonical expressions, with the rule that decided.
//!
//! [`equivalent`] compares two canonical trees and says `Equal`, `NotEqual`
//! or `Unknown`, naming the rule:
//!
//! | rule | when |
//! |---|---|
//! | `undefined` | a side holds an undefined value anywhere (`0/0`, `log 0`, `∞ − ∞`), or a numeric side is undefined: unknown, even against itself |
//! | `identical` | the canonical forms are the same tree |
//! | `infinity` | a side is ±∞: equal only to the same infinity |
//! | `numeric_value` | neither side has a free symbol: their values (integrals, sums and products evaluated) are compared within the tolerances |
//! | `not_evaluated` | a side has no value the engine computes (an integral that does not converge, a sum too long, an unknown function): unknown, never not equal |
//! | `sample_points` | seeded random identity testing: both sides evaluated at the same points (real, then complex where the real domain is too narrow) |
//! | `equation` | equations (and `≠`) are equal when `lhs − rhs` of one is a non-zero constant multiple of the other's (`x = 2` ~ `2 = x` ~ `2x = 4`) |
//! | `inequality` | inequalities are put as `d < 0` / `d ≤ 0` and compared up to a positive constant factor (`a < b` ~ `b > a`); chains side by side |
//! | `set` | finite sets: every element of each has an equivalent element in the other |
//! | `tuple`, `matrix` | element by element, same length / shape |
//! | `interval` | same closedness at both ends, equivalent ends; a 2-tuple `(a, b)` stands for the open interval when compared with an interval |
//! | `union` | the parts, as sets |
//! | `plus_minus` | `a ± b` ~ `a' ± b'`, also ~ the set or tuple `{a − b, a + b}` |
//! | `text` | words, case-insensitive |
//! | `kind` | different kinds of object (a number and a set, an equation and an interval…) |
//!
//! Sampling is deterministic: the points come from a ChaCha8 generator seeded
//! with [`EquivOptions::seed`], in the sorted order of the symbols, so the same
//! inputs give the same verdict on every run and machine. Work is bounded by
//! [`Limits::max_eval_steps`].
//!
//! # Differences with the document
//!
//! Compared with SymPy's `simplify(a - b) == 0`, the oracle of the
//! differential recording: identities `simplify` does not prove are decided
//! here at seeded sample points (EX-D1), and a side that is undefined (`0/0`)
//! gives *unknown*, where SymPy says *not equal* (EX-D3); spec/expr.md lists
//! every class.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::ast::{Constant, Expr, Func, Interval, Rational, RelOp};
use super::canon::{canonical_owned, infinite_sign};
use super::complex::Complex;
use super::error::ExprError;
use super::eval::{EvalError, eval_complex_scaled, rational_to_f64};
use super::limits::Limits;

/// Options of [`equivalent`].
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct EquivOptions {
    /// Relative tolerance of a numeric comparison (default 1e-9).
    pub rel_tol: f64,
    /// Absolute tolerance of a numeric comparison (default 1e-8).
    pub abs_tol: f64,
    /// Sample points of the random identity test (default 12).
    pub samples: usize,
    /// Seed of the sample points (default 0x5c0e5bec).
    pub seed: u64,
    /// The real interval the symbols are sampled in (default `(0.2, 2.2)`,
    /// positive values; document 003's functions live on their domain,
    /// `(-1, 1)` by default, so that `|x|` and `x` differ there).
    pub domain: (f64, f64),
    /// Tolerance relative to the *scale* of a computation, the largest
    /// modulus met while evaluating either side (default 0: off). With
    /// `abs_tol = 0`, it admits rounding errors where large terms cancel
    /// (`sin²x + cos²x − 1` against `0`) without admitting a constant offset
    /// (`x + 10⁻¹²` against `x`).
    pub scale_tol: f64,
    /// Whether `abs_tol` applies only near zero (default false): two values
    /// both farther from zero than double precision's noise
    /// ([`NEAR_ZERO`]) are then compared by `rel_tol` alone, so `2·10⁻¹⁰` is
    /// not `2·10⁻¹¹` (`math.equal`, spec/math.md ME-12).
    pub abs_tol_near_zero_only: bool,
    /// Whether two integers are equal only when they are the same integer,
    /// whatever the tolerances (default false): a relative tolerance of
    /// 10⁻⁹ makes `1000000007` and `1000000006` equal, and an integer has
    /// no rounding noise to absorb (`math.grade`'s production default,
    /// spec/math.md ME-12).
    pub exact_integers: bool,
    /// Whether a `not_equal` verdict of the sample points says where the
    /// sides differ in its `reason` (default true). `math.equal`, which
    /// reports no reason, turns it off: the verdicts are the same, without
    /// the text of the values.
    pub reasons: bool,
}

/// Whether two exact numbers are equal within `opts`' tolerances (EX-5):
/// `|x − y| ≤ abs_tol + rel_tol·max(|x|, |y|)`, and with
/// `abs_tol_near_zero_only` two non-zero numbers by `rel_tol` alone at any
/// magnitude — numbers as written carry no rounding noise (spec/math.md
/// ME-12: `5·10⁻²⁰` ≠ `6·10⁻²⁰`, `0` = `10⁻²⁰`); with `exact_integers`
/// two integers by equality alone (`1000000007` ≠ `1000000006`, which
/// `rel_tol = 10⁻⁹` admits). `None` when a number is
/// beyond double precision (`10^{999}`): the engine's own evaluation says
/// what such a value is.
///
/// ```
/// use num_rational::BigRational;
/// use scorespec::expr::equiv::{EquivOptions, numbers_close};
/// let r = |n: i64, d: i64| BigRational::new(n.into(), d.into());
/// let o = EquivOptions { abs_tol_near_zero_only: true, ..EquivOptions::default() };
/// // k·10⁻²⁰
/// let tiny = |k: i64| r(k, 10_000_000_000) / r(10_000_000_000, 1);
/// assert_eq!(numbers_close(&tiny(5), &tiny(6), &o), Some(false));
/// assert_eq!(numbers_close(&r(0, 1), &tiny(1), &o), Some(true));
/// // Integers: within rel_tol by default, exact with `exact_integers`.
/// let (p, q) = (r(1_000_000_007, 1), r(1_000_000_006, 1));
/// assert_eq!(numbers_close(&p, &q, &EquivOptions::default()), Some(true));
/// let exact = EquivOptions { exact_integers: true, ..o };
/// assert_eq!(numbers_close(&p, &q, &exact), Some(false));
/// ```
pub fn numbers_close(x: &Rational, y: &Rational, opts: &EquivOptions) -> Option<bool> {
    use num_traits::Zero;
    if opts.exact_integers && x.is_integer() && y.is_integer() {
        return Some(x == y);
    }
    let (a, b) = (rational_to_f64(x), rational_to_f64(y));
    if !(a.is_finite() && b.is_finite()) {
        return None;
    }
    let diff = (a - b).abs();
    let relative = opts.rel_tol * a.abs().max(b.abs());
    if opts.abs_tol_near_zero_only && !x.is_zero() && !y.is_zero() {
        return Some(diff <= relative);
    }
    Some(diff <= opts.abs_tol + relative)
}

/// Below this magnitude a computed value is indistinguishable from zero in
/// double precision (`sin π` evaluates to 1.2·10⁻¹⁶).
pub const NEAR_ZERO: f64 = 1e-15;

/// The largest rounding allowance, relative to `1 + max(|x|, |y|)`, at
/// which a sample point still tells two values apart: a point whose
/// allowance `scale_tol·scale` is larger is no evidence (the difference
/// that decides at once, `sample_points`, is also 10⁻⁶ relative).
const INFORMATIVE: f64 = 1e-6;

/// Why a comparison whose values cannot be told apart decides nothing.
const INDISTINCT: &str =
    "the values cannot be told apart: the rounding of the large terms computed exceeds them";

impl Default for EquivOptions {
    fn default() -> Self {
        EquivOptions {
            rel_tol: 1e-9,
            abs_tol: 1e-8,
            samples: 12,
            seed: 0x5c0e_5bec,
            domain: (0.2, 2.2),
            scale_tol: 0.0,
            abs_tol_near_zero_only: false,
            exact_integers: false,
            reasons: true,
        }
    }
}

str_enum! {
    /// The three possible answers; `as_str` is the name of `expr.equivalent`'s
    /// JSON (`equal`, `not_equal`, `unknown`).
    pub enum Outcome {
        /// The expressions are equivalent.
        Equal => "equal",
        /// They are not.
        NotEqual => "not_equal",
        /// Undecided (e.g. undefined at every sample point).
        Unknown => "unknown",
    }
}

str_enum! {
    /// The rule of the engine that decided a [`Verdict`] (module documentation);
    /// `as_str` is the name the JSON output carries.
    #[non_exhaustive]
    pub enum Rule {
        /// `undefined`.
        Undefined => "undefined",
        /// `identical`.
        Identical => "identical",
        /// `infinity`.
        Infinity => "infinity",
        /// `numeric_value`.
        NumericValue => "numeric_value",
        /// `sample_points`.
        SamplePoints => "sample_points",
        /// `equation`.
        Equation => "equation",
        /// `inequality`.
        Inequality => "inequality",
        /// `set`.
        Set => "set",
        /// `tuple`.
        Tuple => "tuple",
        /// `matrix`.
        Matrix => "matrix",
        /// `interval`.
        Interval => "interval",
        /// `union`.
        Union => "union",
        /// `plus_minus`.
        PlusMinus => "plus_minus",
        /// `text`.
        Text => "text",
        /// `kind`.
        Kind => "kind",
        /// `relation_kind`.
        RelationKind => "relation_kind",
        /// `not_evaluated`: a side has no value here (an integral that does
        /// not converge, an unknown function).
        NotEvaluated => "not_evaluated",
    }
}

/// A verdict with the rule that decided it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Verdict {
    /// The answer.
    pub outcome: Outcome,
    /// The rule that decided (see the module documentation).
    pub rule: Rule,
    /// Why, for `Unknown` and some `NotEqual` verdicts.
    pub reason: Option<String>,
}

fn verdict(outcome: Outcome, rule: Rule) -> Verdict {
    Verdict {
        outcome,
        rule,
        reason: None,
    }
}

fn unknown(rule: Rule, reason: impl Into<String>) -> Verdict {
    Verdict {
        outcome: Outcome::Unknown,
        rule,
        reason: Some(reason.into()),
    }
}

/// Compares two canonical expressions.
///
/// ```
/// use scorespec::expr::{canon::canonical, equiv::{equivalent, EquivOptions, Outcome, Rule}, Expr, Func, Limits};
/// let l = Limits::default();
/// let x = Expr::sym("x");
/// // sin²x + cos²x ≡ 1
/// let lhs = Expr::Add(vec![
///     Expr::pow(Expr::func(Func::Sin, x.clone()), Expr::int(2)),
///     Expr::pow(Expr::func(Func::Cos, x.clone()), Expr::int(2)),
/// ]);
/// let a = canonical(&lhs, &l).unwrap();
/// let v = equivalent(&a, &Expr::int(1), &EquivOptions::default(), &l).unwrap();
/// assert_eq!((v.outcome, v.rule), (Outcome::Equal, Rule::SamplePoints));
/// ```
pub fn equivalent(
    a: &Expr,
    b: &Expr,
    opts: &EquivOptions,
    limits: &Limits,
) -> Result<Verdict, ExprError> {
    if let Some(v) = undefined_side(a, b) {
        return Ok(v);
    }
    let mut cmp = Comparer {
        opts,
        limits,
        steps: 0,
    };
    cmp.compare(a, b, 0)
}

/// The `undefined` verdict when either side holds an undefined value
/// anywhere (`0/0`, `log 0`, `∞ − ∞`, a tuple with such an element): an
/// undefined value is equal to nothing, not even to itself.
fn undefined_side(a: &Expr, b: &Expr) -> Option<Verdict> {
    (a.holds_undefined() || b.holds_undefined()).then(|| {
        unknown(
            Rule::Undefined,
            "a side holds an undefined value (like 0/0, log 0 or ∞ − ∞)",
        )
    })
}

/// [`equivalent`] with a step counter shared by several comparisons: the
/// steps already in `steps` count against [`Limits::max_eval_steps`], and the
/// steps of this comparison are added to it (a grader comparing the items of
/// two lists bounds the work of all of them together).
///
/// ```
/// use scorespec::expr::{canon::canonical, equiv::{equivalent_counted, EquivOptions}, Expr, Limits};
/// let l = Limits::default();
/// let x = canonical(&Expr::Add(vec![Expr::sym("x"), Expr::int(1)]), &l).unwrap();
/// let y = canonical(&Expr::Add(vec![Expr::int(1), Expr::sym("x"), Expr::int(0)]), &l).unwrap();
/// let z = canonical(&Expr::Add(vec![Expr::sym("x"), Expr::int(2)]), &l).unwrap();
/// let mut steps = 0;
/// equivalent_counted(&x, &z, &EquivOptions::default(), &l, &mut steps).unwrap();
/// assert!(steps > 0);
/// let spent = Limits { max_eval_steps: steps, ..l };
/// assert!(equivalent_counted(&x, &z, &EquivOptions::default(), &spent, &mut steps).is_err());
/// ```
pub fn equivalent_counted(
    a: &Expr,
    b: &Expr,
    opts: &EquivOptions,
    limits: &Limits,
    steps: &mut u64,
) -> Result<Verdict, ExprError> {
    if let Some(v) = undefined_side(a, b) {
        return Ok(v);
    }
    let mut cmp = Comparer {
        opts,
        limits,
        steps: *steps,
    };
    let r = cmp.compare(a, b, 0);
    *steps = cmp.steps;
    r
}

/// A value at a sample point (with its scale), or why there is none.
type Value = Result<(Complex, f64), EvalError>;

/// A value and the evaluation steps it took.
type Valued = (Value, u64);

struct Comparer<'a> {
    opts: &'a EquivOptions,
    limits: &'a Limits,
    steps: u64,
}

/// The kind of object, for the `kind` rule.
fn kind(e: &Expr) -> &'static str {
    match e {
        Expr::Relation(..) => "relation",
        Expr::Tuple(_) => "tuple",
        Expr::Set(_) => "set",
        Expr::Interval(_) => "interval",
        Expr::Union(_) => "union",
        Expr::Intersection(_) => "intersection",
        Expr::Matrix(_) => "matrix",
        Expr::PlusMinus(..) => "plus_minus",
        Expr::Text(_) => "text",
        _ => "scalar",
    }
}

impl Comparer<'_> {
    fn compare(&mut self, a: &Expr, b: &Expr, depth: usize) -> Result<Verdict, ExprError> {
        self.limits.check_depth(depth)?;
        let undefined = Expr::Constant(Constant::Undefined);
        if *a == undefined || *b == undefined {
            // An undefined value (0/0, ∞ − ∞) is equal to nothing, not even itself.
            return Ok(unknown(
                Rule::Undefined,
                "a side is undefined (like 0/0 or ∞ − ∞)",
            ));
        }
        if a == b {
            return Ok(verdict(Outcome::Equal, Rule::Identical));
        }
        let d = depth + 1;
        match (a, b) {
            (Expr::Relation(sa, oa), Expr::Relation(sb, ob)) => self.relations(sa, oa, sb, ob),
            (Expr::Tuple(x), Expr::Tuple(y)) => self.sequence(x, y, Rule::Tuple, d),
            (Expr::Matrix(x), Expr::Matrix(y)) => {
                let shape = |m: &Vec<Vec<Expr>>| (m.len(), m.first().map_or(0, Vec::len));
                if shape(x) != shape(y) || x.iter().zip(y).any(|(r, s)| r.len() != s.len()) {
                    return Ok(verdict(Outcome::NotEqual, Rule::Matrix));
                }
                let xs: Vec<Expr> = x.iter().flatten().cloned().collect();
                let ys: Vec<Expr> = y.iter().flatten().cloned().collect();
                self.sequence(&xs, &ys, Rule::Matrix, d)
            }
            (Expr::Set(x), Expr::Set(y)) => self.unordered(x, y, Rule::Set, d),
            (Expr::Union(x), Expr::Union(y)) | (Expr::Intersection(x), Expr::Intersection(y)) => {
                self.unordered(x, y, Rule::Union, d)
            }
            (Expr::Interval(x), Expr::Interval(y)) => self.intervals(x, y, d),
            (Expr::Interval(i), Expr::Tuple(t)) | (Expr::Tuple(t), Expr::Interval(i))
                if t.len() == 2 =>
            {
                let open = Interval {
                    lo: t[0].clone(),
                    hi: t[1].clone(),
                    lo_closed: false,
                    hi_closed: false,
                };
                self.intervals(i, &open, d)
            }
            (Expr::PlusMinus(a1, b1), Expr::PlusMinus(a2, b2)) => {
                let v = self.compare(a1, a2, d)?;
                if v.outcome != Outcome::Equal {
                    return Ok(Verdict {
                        rule: Rule::PlusMinus,
                        ..v
                    });
                }
                let v = self.compare(b1, b2, d)?;
                Ok(Verdict {
                    rule: Rule::PlusMinus,
                    ..v
                })
            }
            (Expr::PlusMinus(pa, pb), Expr::Set(v) | Expr::Tuple(v))
            | (Expr::Set(v) | Expr::Tuple(v), Expr::PlusMinus(pa, pb)) => {
                let both = self.expand_pm(pa, pb)?;
                let v = self.unordered(&both, v, Rule::PlusMinus, d)?;
                Ok(Verdict {
                    rule: Rule::PlusMinus,
                    ..v
                })
            }
            (Expr::Text(x), Expr::Text(y)) => Ok(verdict(
                if x.trim().to_lowercase() == y.trim().to_lowercase() {
                    Outcome::Equal
                } else {
                    Outcome::NotEqual
                },
                Rule::Text,
            )),
            _ if kind(a) != kind(b) => Ok(verdict(Outcome::NotEqual, Rule::Kind)),
            _ if kind(a) == "scalar" => self.scalars(a, b),
            _ => Ok(verdict(Outcome::NotEqual, Rule::Kind)),
        }
    }

    fn expand_pm(&mut self, a: &Expr, b: &Expr) -> Result<Vec<Expr>, ExprError> {
        Ok(vec![
            canonical_owned(Expr::sub(a.clone(), b.clone()), self.limits)?,
            canonical_owned(Expr::Add(vec![a.clone(), b.clone()]), self.limits)?,
        ])
    }

    fn sequence(
        &mut self,
        x: &[Expr],
        y: &[Expr],
        rule: Rule,
        d: usize,
    ) -> Result<Verdict, ExprError> {
        if x.len() != y.len() {
            return Ok(verdict(Outcome::NotEqual, rule));
        }
        let mut any_unknown = None;
        for (p, q) in x.iter().zip(y) {
            let v = self.compare(p, q, d)?;
            match v.outcome {
                Outcome::NotEqual => return Ok(verdict(Outcome::NotEqual, rule)),
                Outcome::Unknown => any_unknown = v.reason,
                Outcome::Equal => {}
            }
        }
        Ok(match any_unknown {
            Some(r) => unknown(rule, r),
            None => verdict(Outcome::Equal, rule),
        })
    }

    /// Every element of each side has an equivalent element on the other side.
    fn unordered(
        &mut self,
        x: &[Expr],
        y: &[Expr],
        rule: Rule,
        d: usize,
    ) -> Result<Verdict, ExprError> {
        for (from, to) in [(x, y), (y, x)] {
            for p in from {
                let mut found = false;
                for q in to {
                    if self.compare(p, q, d)?.outcome == Outcome::Equal {
                        found = true;
                        break;
                    }
                }
                if !found {
                    return Ok(verdict(Outcome::NotEqual, rule));
                }
            }
        }
        Ok(verdict(Outcome::Equal, rule))
    }

    fn intervals(&mut self, x: &Interval, y: &Interval, d: usize) -> Result<Verdict, ExprError> {
        if x.lo_closed != y.lo_closed || x.hi_closed != y.hi_closed {
            return Ok(verdict(Outcome::NotEqual, Rule::Interval));
        }
        self.sequence(
            &[x.lo.clone(), x.hi.clone()],
            &[y.lo.clone(), y.hi.clone()],
            Rule::Interval,
            d,
        )
    }

    /// The value and scale at a point, or why there is none.
    fn value_why(
        &mut self,
        e: &Expr,
        point: &[(&str, Complex)],
    ) -> Result<Result<(Complex, f64), EvalError>, ExprError> {
        let env = |name: &str| point.iter().find(|(n, _)| *n == name).map(|(_, v)| *v);
        match eval_complex_scaled(e, &env, &mut self.steps, self.limits.max_eval_steps) {
            Err(EvalError::BudgetExceeded { limit }) => Err(ExprError::BudgetExceeded {
                which: "evaluation steps of one comparison",
                limit,
            }),
            r => Ok(r),
        }
    }

    fn close(&self, x: Complex, y: Complex) -> bool {
        self.close_scaled(x, y, 0.0)
    }

    /// Within `abs_tol + rel_tol·max(|x|, |y|) + scale_tol·scale`.
    /// With `abs_tol_near_zero_only`, two values both farther from zero than
    /// [`NEAR_ZERO`] leave `abs_tol` out (spec/math.md ME-12).
    /// [`Self::close_scaled`], or `None` when the rounding allowance
    /// `scale_tol·scale` exceeds [`INFORMATIVE`] of `1 + max(|x|, |y|)`
    /// (or is not a number): the computation cannot tell the two values
    /// apart, and the comparison is no evidence either way (`cos(e^{102})`
    /// is computed from a term of 10⁴⁴: any value of size 1 was "equal" to
    /// it). Without `scale_tol` every comparison is evidence.
    fn compare_scaled(&self, x: Complex, y: Complex, scale: f64) -> Option<bool> {
        if self.opts.scale_tol != 0.0 {
            let allowance = self.opts.scale_tol * scale;
            let informative = allowance <= INFORMATIVE * (1.0 + x.abs().max(y.abs()));
            if !informative {
                return None;
            }
        }
        Some(self.close_scaled(x, y, scale))
    }

    fn close_scaled(&self, x: Complex, y: Complex, scale: f64) -> bool {
        let diff = (x - y).abs();
        let relative = self.opts.rel_tol * x.abs().max(y.abs()) + self.opts.scale_tol * scale;
        if self.opts.abs_tol_near_zero_only && x.abs().min(y.abs()) > NEAR_ZERO {
            return diff <= relative;
        }
        diff <= self.opts.abs_tol + relative
    }

    /// Sample points for `symbols`: first real points in the domain
    /// (default (0.2, 2.2)), then complex ones (real part in the domain,
    /// imaginary part in (0.2, 2.2)).
    ///
    /// A symbol in a bound of a sum or product (`n` in `Sum(f, k, 0, n - 1)`)
    /// takes integer values from 1 to 12 at every point, so the sum has a value.
    ///
    /// The points are made one at a time, in order, as they are used (the
    /// same seeded sequence: a comparison decided by the real points does
    /// not draw the complex ones).
    fn points<'s>(
        opts: &EquivOptions,
        symbols: &'s [&'s str],
        integers: &'s [&'s str],
    ) -> impl Iterator<Item = Vec<(&'s str, Complex)>> + 's {
        let mut rng = ChaCha8Rng::seed_from_u64(opts.seed);
        let (mut lo, mut hi) = opts.domain;
        if !(lo.is_finite() && hi.is_finite() && lo < hi) {
            (lo, hi) = EquivOptions::default().domain;
        }
        let n = opts.samples.max(1);
        (0..2 * n).map(move |k| {
            let complex = k >= n;
            symbols
                .iter()
                .map(|s| {
                    if integers.contains(s) {
                        let k: u8 = rng.random_range(1..=12);
                        return (*s, Complex::real(f64::from(k)));
                    }
                    let re = rng.random_range(lo..hi);
                    let im = if complex {
                        rng.random_range(0.2..2.2)
                    } else {
                        0.0
                    };
                    (*s, Complex { re, im })
                })
                .collect()
        })
    }

    /// The free symbols of the bounds of the sums and products in `a` and `b`.
    fn index_bound_symbols<'e>(a: &'e Expr, b: &'e Expr) -> Vec<&'e str> {
        let mut out = Vec::new();
        let mut stack = vec![a, b];
        while let Some(e) = stack.pop() {
            if let Expr::Func(Func::Named(n), args) = e {
                if let (true, [_, _, lo, hi]) = (n == "Sum" || n == "Product", args.as_slice()) {
                    lo.symbols_into(&mut out);
                    hi.symbols_into(&mut out);
                }
            }
            e.each_child(|c| stack.push(c));
        }
        out.sort();
        out.dedup();
        out
    }

    /// The free symbols of `a` and `b`, sorted, each once.
    fn symbols<'e>(a: &'e Expr, b: &'e Expr) -> Vec<&'e str> {
        let mut s = Vec::new();
        a.symbols_into(&mut s);
        b.symbols_into(&mut s);
        s.sort_unstable();
        s.dedup();
        s
    }

    /// The verdict on two sides without a free symbol: the numbers as
    /// written, else their values (`numeric_value`).
    fn constants(&mut self, a: &Expr, b: &Expr) -> Result<Verdict, ExprError> {
        // Two numbers as written carry no rounding noise (ME-12).
        let written = match (a.as_number(), b.as_number()) {
            (Some(x), Some(y)) if self.opts.abs_tol_near_zero_only => {
                numbers_close(x, y, self.opts)
            }
            _ => None,
        };
        if let Some(close) = written {
            return Ok(verdict(
                if close {
                    Outcome::Equal
                } else {
                    Outcome::NotEqual
                },
                Rule::NumericValue,
            ));
        }
        Ok(match (self.value_why(a, &[])?, self.value_why(b, &[])?) {
            (Ok((x, sx)), Ok((y, sy))) => match self.compare_scaled(x, y, sx.max(sy)) {
                Some(close) => verdict(
                    if close {
                        Outcome::Equal
                    } else {
                        Outcome::NotEqual
                    },
                    Rule::NumericValue,
                ),
                None => unknown(Rule::NumericValue, INDISTINCT),
            },
            // A side without a value decides nothing (EX-5): undefined
            // (1/0 against 5) or not evaluated (an integral that does not
            // converge against 1/2) is unknown, never not equal.
            (Err(e), _) | (_, Err(e)) => no_value_verdict(&e),
        })
    }

    fn scalars(&mut self, a: &Expr, b: &Expr) -> Result<Verdict, ExprError> {
        // ±∞ equals only itself (and identical trees were caught before).
        match (infinite_sign(a), infinite_sign(b)) {
            (None, None) => {}
            (x, y) => {
                let same = x.is_some() && x == y;
                return Ok(verdict(
                    if same {
                        Outcome::Equal
                    } else {
                        Outcome::NotEqual
                    },
                    Rule::Infinity,
                ));
            }
        }
        let symbols = Self::symbols(a, b);
        if symbols.is_empty() {
            return self.constants(a, b);
        }
        let n = self.opts.samples.max(1);
        let mut agree = 0;
        let mut real_defined = 0;
        let mut weak_difference: Option<String> = None;
        let mut not_evaluated: Option<String> = None;
        // (The points whose values could not be told apart.)
        let mut indistinct = 0;
        let integers = Self::index_bound_symbols(a, b);
        for (k, point) in Self::points(self.opts, &symbols, &integers).enumerate() {
            if k == n && real_defined >= 3 {
                break;
            }
            let (x, y) = (self.value_why(a, &point)?, self.value_why(b, &point)?);
            // Defined on one side only is not a counter-example (domains of
            // equivalent forms may differ, e.g. x/x and 1 at 0).
            if let (Ok((x, sx)), Ok((y, sy))) = (&x, &y) {
                let (x, y) = (*x, *y);
                // A point whose values cannot be told apart is no evidence
                // either way, as an undefined one.
                let Some(close) = self.compare_scaled(x, y, sx.max(*sy)) else {
                    indistinct += 1;
                    continue;
                };
                if k < n {
                    real_defined += 1;
                }
                if !close {
                    // A difference beyond 10⁻⁶ relative decides at once; a
                    // smaller one may be rounding error where large terms
                    // cancel, so it decides only when a second point differs too.
                    let strong = (x - y).abs() > 1e-6 * (1.0 + x.abs().max(y.abs()));
                    let why = if self.opts.reasons {
                        let (vx, vy) = describe_pair(x, y);
                        format!("they differ at {}: {vx} vs {vy}", describe(&point))
                    } else {
                        String::new()
                    };
                    if strong || weak_difference.is_some() {
                        let mut v = verdict(Outcome::NotEqual, Rule::SamplePoints);
                        v.reason = Some(why);
                        return Ok(v);
                    }
                    weak_difference = Some(why);
                    continue;
                }
                agree += 1;
            } else if not_evaluated.is_none() {
                if let (Err(e @ EvalError::NotEvaluated { .. }), _)
                | (_, Err(e @ EvalError::NotEvaluated { .. })) = (&x, &y)
                {
                    not_evaluated = Some(e.to_string());
                }
            }
        }
        Ok(if agree >= 3 {
            verdict(Outcome::Equal, Rule::SamplePoints)
        } else if let Some(why) = not_evaluated {
            unknown(Rule::NotEvaluated, why)
        } else if indistinct > 0 {
            unknown(
                Rule::SamplePoints,
                format!(
                    "only {agree} sample points where both sides are defined; {INDISTINCT} at {indistinct} points"
                ),
            )
        } else {
            unknown(
                Rule::SamplePoints,
                format!("only {agree} sample points where both sides are defined"),
            )
        })
    }

    /// The difference `lhs − rhs` of a relation side pair, canonical.
    fn difference(&self, lhs: &Expr, rhs: &Expr) -> Result<Expr, ExprError> {
        canonical_owned(Expr::sub(lhs.clone(), rhs.clone()), self.limits)
    }

    /// The values of `d1` and `d2` at the `k`-th sample point. The first
    /// pass of [`Self::proportional_both`] keeps them in `memo` with the
    /// steps they took; the second pass (`swapped`: `d1` and `d2` are the
    /// first pass's `d2` and `d1`) replays them, counting the same steps and
    /// stopping at the same bound as evaluating again would.
    fn values_at(
        &mut self,
        d1: &Expr,
        d2: &Expr,
        point: &[(&str, Complex)],
        (k, memo, swapped): (usize, &mut Vec<(Valued, Valued)>, bool),
    ) -> Result<(Value, Value), ExprError> {
        if swapped {
            if let Some((first, second)) = memo.get(k) {
                let (first, second) = (first.clone(), second.clone());
                let x = self.replay(second)?;
                let y = self.replay(first)?;
                return Ok((x, y));
            }
        }
        let start = self.steps;
        let x = self.value_why(d1, point)?;
        let middle = self.steps;
        let y = self.value_why(d2, point)?;
        if !swapped && memo.len() == k {
            memo.push((
                (x.clone(), middle.saturating_sub(start)),
                (y.clone(), self.steps.saturating_sub(middle)),
            ));
        }
        Ok((x, y))
    }

    /// A value kept by [`Self::values_at`], as evaluating it again would
    /// give it: its steps are counted, and past
    /// [`Limits::max_eval_steps`] the evaluation stops at the first step
    /// beyond the bound.
    fn replay(&mut self, (value, steps): Valued) -> Result<Value, ExprError> {
        let limit = self.limits.max_eval_steps;
        let after = self.steps.saturating_add(steps);
        if after > limit {
            self.steps = self.steps.max(limit).saturating_add(1);
            return Err(ExprError::BudgetExceeded {
                which: "evaluation steps of one comparison",
                limit,
            });
        }
        self.steps = after;
        Ok(value)
    }

    /// [`Self::proportional`] both ways round, so that the verdict does not
    /// depend on the order of the sides: the ratio `d1/d2` at the sample
    /// points is compared within `abs_tol + rel_tol·|r|`, and when `d1` is
    /// much larger than `d2` every ratio `d2/d1` is below `abs_tol` (fuzz:
    /// `999999999·a·d·u = x²` was equal to `d = x` one way round only).
    /// Equal when both are; not equal when either is; unknown otherwise.
    fn proportional_both(
        &mut self,
        d1: &Expr,
        d2: &Expr,
        positive: bool,
    ) -> Result<Verdict, ExprError> {
        // Both ways round sample the same points: the values of the first
        // pass are kept and replayed (with their steps) by the second.
        let mut memo = Vec::new();
        let v = self.proportional(d1, d2, positive, &mut memo, false)?;
        let w = self.proportional(d2, d1, positive, &mut memo, true)?;
        Ok(match (v.outcome, w.outcome) {
            (Outcome::Equal, Outcome::Equal) => v,
            (Outcome::NotEqual, _) => v,
            (_, Outcome::NotEqual) => w,
            (Outcome::Unknown, _) => v,
            _ => w,
        })
    }

    /// Whether `d1 = c · d2` for a constant c (of the required sign: `Some(true)`
    /// positive, `Some(false)` any non-zero, by sampling.
    fn proportional(
        &mut self,
        d1: &Expr,
        d2: &Expr,
        positive: bool,
        memo: &mut Vec<(Valued, Valued)>,
        swapped: bool,
    ) -> Result<Verdict, ExprError> {
        let rule = if positive {
            Rule::Inequality
        } else {
            Rule::Equation
        };
        if d1 == d2 {
            return Ok(verdict(Outcome::Equal, rule));
        }
        let symbols = Self::symbols(d1, d2);
        let mut ratio: Option<Complex> = None;
        let mut agree = 0;
        let mut zero_both = 0;
        let integers = if symbols.is_empty() {
            Vec::new()
        } else {
            Self::index_bound_symbols(d1, d2)
        };
        let points: Box<dyn Iterator<Item = Vec<(&str, Complex)>>> = if symbols.is_empty() {
            Box::new(std::iter::once(Vec::new()))
        } else {
            Box::new(Self::points(self.opts, &symbols, &integers))
        };
        let mut no_value: Option<Verdict> = None;
        for (k, point) in points.enumerate() {
            let (x, y) = self.values_at(d1, d2, &point, (k, memo, swapped))?;
            let (Ok((x, _)), Ok((y, _))) = (&x, &y) else {
                if let (Err(e), _) | (_, Err(e)) = (&x, &y) {
                    no_value.get_or_insert_with(|| no_value_verdict(e));
                }
                continue;
            };
            let (x, y) = (*x, *y);
            let zx = x.abs() <= self.opts.abs_tol;
            let zy = y.abs() <= self.opts.abs_tol;
            match (zx, zy) {
                (true, true) => {
                    zero_both += 1;
                    continue;
                }
                (true, false) | (false, true) => return Ok(verdict(Outcome::NotEqual, rule)),
                (false, false) => {}
            }
            let r = x / y;
            match ratio {
                None => {
                    if positive
                        && (r.re <= 0.0 || r.im.abs() > self.opts.rel_tol.max(1e-9) * r.re.abs())
                    {
                        return Ok(verdict(Outcome::NotEqual, rule));
                    }
                    ratio = Some(r);
                }
                Some(r0) => {
                    if !self.close(r, r0) {
                        return Ok(verdict(Outcome::NotEqual, rule));
                    }
                }
            }
            agree += 1;
        }
        if symbols.is_empty() {
            // A side without a value decides nothing (undefined or not evaluated).
            if let Some(v) = no_value {
                return Ok(v);
            }
            // Two numeric relations: both true or both false decides nothing
            // structural; compare the differences' signs as statements.
            return Ok(verdict(
                if agree + zero_both > 0 {
                    Outcome::Equal
                } else {
                    Outcome::NotEqual
                },
                rule,
            ));
        }
        Ok(if agree + zero_both >= 3 {
            verdict(Outcome::Equal, rule)
        } else {
            match no_value {
                Some(v) if v.rule == "not_evaluated" => v,
                _ => unknown(
                    rule,
                    format!("only {} usable sample points", agree + zero_both),
                ),
            }
        })
    }

    fn relations(
        &mut self,
        sa: &[Expr],
        oa: &[RelOp],
        sb: &[Expr],
        ob: &[RelOp],
    ) -> Result<Verdict, ExprError> {
        // Single equations / inequations: lhs − rhs up to a non-zero factor.
        if let ([a1, a2], [opa], [b1, b2], [opb]) = (sa, oa, sb, ob) {
            if matches!(opa, RelOp::Eq | RelOp::Ne) || matches!(opb, RelOp::Eq | RelOp::Ne) {
                if opa != opb {
                    return Ok(verdict(Outcome::NotEqual, Rule::RelationKind));
                }
                let d1 = self.difference(a1, a2)?;
                let d2 = self.difference(b1, b2)?;
                return self.proportional_both(&d1, &d2, false);
            }
        }
        let (sa, oa) = ascending(sa, oa);
        let (sb, ob) = ascending(sb, ob);
        if oa != ob || sa.len() != sb.len() {
            return Ok(verdict(Outcome::NotEqual, Rule::Inequality));
        }
        if sa.len() == 2 {
            let d1 = self.difference(&sa[0], &sa[1])?;
            let d2 = self.difference(&sb[0], &sb[1])?;
            return self.proportional_both(&d1, &d2, true);
        }
        let v = self.sequence(&sa, &sb, Rule::Inequality, 1)?;
        Ok(Verdict {
            rule: Rule::Inequality,
            ..v
        })
    }
}

/// A chain written with `>`/`≥` turned around to use `<`/`≤`.
fn ascending(sides: &[Expr], ops: &[RelOp]) -> (Vec<Expr>, Vec<RelOp>) {
    if ops.iter().all(|o| matches!(o, RelOp::Gt | RelOp::Ge)) {
        let sides = sides.iter().rev().cloned().collect();
        let ops = ops
            .iter()
            .rev()
            .map(|o| {
                if *o == RelOp::Gt {
                    RelOp::Lt
                } else {
                    RelOp::Le
                }
            })
            .collect();
        (sides, ops)
    } else {
        (sides.to_vec(), ops.to_vec())
    }
}

/// The verdict when a side of a numeric comparison has no value.
fn no_value_verdict(e: &EvalError) -> Verdict {
    match e {
        EvalError::Undefined { .. } => unknown(Rule::Undefined, e.to_string()),
        _ => unknown(Rule::NotEvaluated, e.to_string()),
    }
}

fn describe(point: &[(&str, Complex)]) -> String {
    point
        .iter()
        .map(|(n, v)| format!("{n} = {}", describe_value(*v)))
        .collect::<Vec<_>>()
        .join(", ")
}

/// Both values, with all their digits when six decimals do not tell them apart.
fn describe_pair(x: Complex, y: Complex) -> (String, String) {
    let (a, b) = (describe_value(x), describe_value(y));
    if a != b {
        return (a, b);
    }
    let full = |v: Complex| {
        if v.im == 0.0 {
            format!("{:e}", v.re)
        } else {
            format!("{:e}{:+e}i", v.re, v.im)
        }
    };
    (full(x), full(y))
}

fn describe_value(v: Complex) -> String {
    if v.im == 0.0 {
        format!("{:.6}", v.re)
    } else {
        format!("{:.6}{:+.6}i", v.re, v.im)
    }
}

/// Whether an expression is a number, for callers deciding how to report.
pub fn is_constant(e: &Expr) -> bool {
    let mut symbols = Vec::new();
    e.symbols_into(&mut symbols);
    symbols.is_empty() && !matches!(e, Expr::Constant(Constant::Undefined))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::expr::api::{Format, parse};

    /// Without reasons, every verdict is the same (outcome and rule), and
    /// an unknown one still says why.
    #[test]
    fn reasons_off_change_no_verdict() {
        let l = Limits::default();
        let texts = [
            "d",
            "e",
            "x",
            "x+1",
            "x^2",
            "|x|",
            "\\frac{1}{x}",
            "x - x",
            "\\sqrt{x}",
            "y",
            "2x",
            "\\log(x - 5)",
            "x = 1",
            "x < 2",
            "(x, 1)",
            "\\{x, 1\\}",
            "x + 10^{-7}",
        ];
        let quiet = EquivOptions {
            reasons: false,
            ..EquivOptions::default()
        };
        let mut differ = 0;
        for a in texts {
            for b in texts {
                let x = canonical_owned(parse(a, Format::Latex, &l).unwrap(), &l).unwrap();
                let y = canonical_owned(parse(b, Format::Latex, &l).unwrap(), &l).unwrap();
                let loud = equivalent(&x, &y, &EquivOptions::default(), &l).unwrap();
                let calm = equivalent(&x, &y, &quiet, &l).unwrap();
                assert_eq!(
                    (loud.outcome, loud.rule),
                    (calm.outcome, calm.rule),
                    "{a} {b}"
                );
                if loud.outcome == Outcome::Unknown {
                    assert_eq!(loud.reason, calm.reason, "{a} {b}");
                }
                differ += usize::from(loud.reason != calm.reason);
            }
        }
        assert!(differ > 20, "{differ}");
    }

    /// The steps of comparing two equations (sampled both ways round, the
    /// second pass replaying the first's values) and where the bound stops
    /// it: every budget below the steps taken refuses, with the counter one
    /// past the bound, as a step-by-step evaluation stops.
    #[test]
    fn replayed_values_count_their_steps() {
        let l = Limits::default();
        let a = parse("x^2 + y = 3x", Format::Latex, &l).unwrap();
        let b = parse("2x^2 + 2y = 6x", Format::Latex, &l).unwrap();
        let c = parse("x^2 + y = 4x", Format::Latex, &l).unwrap();
        let opts = EquivOptions::default();
        for (other, outcome) in [(&b, Outcome::Equal), (&c, Outcome::NotEqual)] {
            let mut total = 0;
            let v = equivalent_counted(&a, other, &opts, &l, &mut total).unwrap();
            assert_eq!(v.outcome, outcome);
            assert!(total > 0);
            for budget in (0..=total).rev() {
                let tight = Limits {
                    max_eval_steps: budget,
                    ..l
                };
                let mut steps = 0;
                let r = equivalent_counted(&a, other, &opts, &tight, &mut steps);
                if budget == total {
                    assert_eq!(r.unwrap().outcome, outcome);
                    assert_eq!(steps, total);
                } else {
                    assert!(
                        matches!(r, Err(ExprError::BudgetExceeded { limit, .. }) if limit == budget),
                        "budget {budget} of {total}"
                    );
                    assert_eq!(steps, budget + 1, "budget {budget} of {total}");
                }
            }
        }
    }
}
