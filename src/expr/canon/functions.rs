//! Canonical forms of function applications: the guards (undefined
//! arguments, poles), the values the arguments decide (logarithms of powers,
//! `|x|`, floor, ceiling, sign, factorial, binomial, max, min), and the
//! one-argument rewrites (odd and even symmetry, exact trigonometric values,
//! exact limits at ±∞).
//!
//! # Differences with the document
//!
//! None beyond the engine's (spec/expr.md): a function at a pole is undefined,
//! as SymPy's `zoo` or `±∞` is.

use super::*;

impl Canon<'_> {
    pub(super) fn func(&mut self, f: Func, args: Vec<Expr>) -> Result<Expr, ExprError> {
        self.produced(args.len() + 1)?;
        // A function of an undefined value is undefined; so is one at its
        // pole (`log 0`, `cot 0`, `csc 0`, `asec 0`, `atanh 1`…: SymPy's `zoo`
        // or `±∞`, which `log 0 − log 0` must not cancel to 0).
        if args.contains(&undefined()) {
            return Ok(undefined());
        }
        if let [x] = args.as_slice() {
            if at_pole(&f, x) {
                return Ok(undefined());
            }
        }
        if let Some(v) = self.func_value(&f, &args)? {
            return Ok(v);
        }
        if let [x] = args.as_slice() {
            if let Some(v) = self.func_of_one(&f, x)? {
                return Ok(v);
            }
        }
        Ok(Expr::Func(f, args))
    }

    /// The exact value of `f(args)` where the arguments decide it (logarithms
    /// of powers, `|x|`, floor, ceiling, sign, factorial, binomial, max, min),
    /// or `None`.
    fn func_value(&mut self, f: &Func, args: &[Expr]) -> Result<Option<Expr>, ExprError> {
        let l = self.limits;
        let one_arg = args.len() == 1;
        let a0 = args.first();
        match (f, a0) {
            (Func::Log, Some(x)) if args.len() == 2 => {
                let b = args.get(1).cloned().unwrap_or_else(undefined);
                // log(b^k, b) = k for positive integers.
                if let (Expr::Number(xv), Expr::Number(bv)) = (x, &b) {
                    if let Some(k) = exact_log(xv, bv) {
                        return Ok(Some(Expr::int(k)));
                    }
                }
                let lx = self.func(Func::Log, vec![x.clone()])?;
                let lb = self.func(Func::Log, vec![b])?;
                let inv = self.pow(lb, Expr::int(-1))?;
                return self.mul(vec![lx, inv]).map(Some);
            }
            (Func::Log, Some(x)) if one_arg => {
                if x.is_one() {
                    return Ok(Some(Expr::int(0)));
                }
                if *x == Expr::Constant(Constant::E) {
                    return Ok(Some(Expr::int(1)));
                }
                if let Expr::Pow(b, e) = x {
                    if **b == Expr::Constant(Constant::E) && matches!(e.as_ref(), Expr::Number(_)) {
                        return Ok(Some((**e).clone()));
                    }
                }
            }
            (Func::Abs, Some(Expr::Number(r))) if one_arg => return Ok(Some(num(r.abs()))),
            (Func::Abs, Some(x)) if one_arg && is_negative(x) => {
                let pos = self.mul(vec![Expr::int(-1), x.clone()])?;
                return self.func(Func::Abs, vec![pos]).map(Some);
            }
            (Func::Floor, Some(Expr::Number(r))) if one_arg => return Ok(Some(num(r.floor()))),
            (Func::Ceiling, Some(Expr::Number(r))) if one_arg => return Ok(Some(num(r.ceil()))),
            (Func::Sign, Some(Expr::Number(r))) if one_arg => {
                let sign = if r.is_zero() {
                    0
                } else if r.is_positive() {
                    1
                } else {
                    -1
                };
                return Ok(Some(Expr::int(sign)));
            }
            (Func::Factorial, Some(Expr::Number(r))) if one_arg && r.is_integer() => {
                if r.is_negative() {
                    return Ok(Some(undefined()));
                }
                if let Some(n) = r.to_integer().to_u64().filter(|&n| n <= l.max_factorial) {
                    let mut acc = BigInt::one();
                    for k in 2..=n {
                        acc *= k;
                    }
                    return self.number(Rational::from_integer(acc)).map(Some);
                }
            }
            (Func::Binomial, Some(Expr::Number(n))) if args.len() == 2 => {
                if let Some(Expr::Number(k)) = args.get(1) {
                    if let (Some(n), Some(k)) = (to_i64(n), to_i64(k)) {
                        if n >= 0 && n as u64 <= l.max_factorial {
                            if k < 0 || k > n {
                                return Ok(Some(Expr::int(0)));
                            }
                            let k = k.min(n - k);
                            let mut acc = BigInt::one();
                            for i in 0..k {
                                acc = acc * BigInt::from(n - i) / BigInt::from(i + 1);
                            }
                            return self.number(Rational::from_integer(acc)).map(Some);
                        }
                    }
                }
            }
            (Func::Max | Func::Min, _)
                if !args.is_empty() && args.iter().all(|a| matches!(a, Expr::Number(_))) =>
            {
                let nums = args.iter().filter_map(Expr::as_number);
                let best = if *f == Func::Max {
                    nums.max()
                } else {
                    nums.min()
                };
                return Ok(Some(best.map(|r| num(r.clone())).unwrap_or_else(undefined)));
            }
            _ => {}
        }
        Ok(None)
    }

    /// `f(x)` for a one-argument function where `x` decides a rewrite: the
    /// sign taken out of odd functions and dropped in even ones, exact
    /// trigonometric values, exact limits at ±∞; or `None`.
    fn func_of_one(&mut self, f: &Func, x: &Expr) -> Result<Option<Expr>, ExprError> {
        if is_negative(x) {
            let odd = matches!(
                f,
                Func::Sin
                    | Func::Tan
                    | Func::Cot
                    | Func::Csc
                    | Func::Asin
                    | Func::Atan
                    | Func::Acot
                    | Func::Acsc
                    | Func::Sinh
                    | Func::Tanh
                    | Func::Coth
                    | Func::Csch
                    | Func::Asinh
                    | Func::Atanh
            );
            let even = matches!(f, Func::Cos | Func::Sec | Func::Cosh | Func::Sech);
            if odd || even {
                let pos = self.mul(vec![Expr::int(-1), x.clone()])?;
                let inner = self.func(f.clone(), vec![pos])?;
                return if odd {
                    self.mul(vec![Expr::int(-1), inner]).map(Some)
                } else {
                    Ok(Some(inner))
                };
            }
        }
        if let Some(v) = trig_value(f, x) {
            return self.canon(Cow::Owned(v), 0).map(Some);
        }
        // Limits at ±∞ that are exact: atan(±∞) = ±π/2, tanh(±∞) = ±1,
        // acot(±∞) = 0, log(∞) = ∞.
        if let Some(up) = infinite_sign(x) {
            let sign = Expr::int(if up { 1 } else { -1 });
            let v = match f {
                Func::Atan => Some(Expr::Mul(vec![
                    sign,
                    Expr::ratio(1, 2),
                    Expr::Constant(Constant::Pi),
                ])),
                Func::Tanh => Some(sign),
                Func::Acot => Some(Expr::int(0)),
                Func::Log if up => Some(infinity()),
                _ => None,
            };
            if let Some(v) = v {
                return self.canon(Cow::Owned(v), 0).map(Some);
            }
        }
        Ok(None)
    }
}

/// `k` with `b^k = x`, for positive integers `x` and `b > 1`.
pub(super) fn exact_log(x: &Rational, b: &Rational) -> Option<i64> {
    if !x.is_integer() || !b.is_integer() || !x.is_positive() || *b <= Rational::one() {
        return None;
    }
    let (x, b) = (x.to_integer(), b.to_integer());
    let mut acc = BigInt::one();
    for k in 0..=4096i64 {
        match acc.cmp(&x) {
            Ordering::Equal => return Some(k),
            Ordering::Greater => return None,
            Ordering::Less => acc *= &b,
        }
    }
    None
}

/// Exact values of sin, cos and tan at 0 and at multiples of π/6 and π/4.
/// Whether a function of one argument is at a pole for this exact argument:
/// `log`, `cot`, `csc`, `coth`, `csch`, `asec`, `acsc` at 0, `atanh` at ±1,
/// `cot` and `csc` at multiples of π, `sec` at odd multiples of π/2 (`tan`
/// there is handled by [`trig_value`]).
pub(super) fn at_pole(f: &Func, x: &Expr) -> bool {
    let zero = x.is_zero();
    match f {
        Func::Log | Func::Coth | Func::Csch | Func::Asec | Func::Acsc => zero,
        Func::Atanh => x.as_number().is_some_and(|r| r.abs().is_one()),
        Func::Cot | Func::Csc => zero || trig_value(&Func::Sin, x).is_some_and(|v| v.is_zero()),
        Func::Sec => trig_value(&Func::Cos, x).is_some_and(|v| v.is_zero()),
        _ => false,
    }
}

pub(super) fn trig_value(f: &Func, x: &Expr) -> Option<Expr> {
    let pi = Expr::Constant(Constant::Pi);
    // x = r·π with r rational.
    let r = if *x == pi {
        Rational::one()
    } else if x.is_zero() {
        Rational::zero()
    } else {
        match x {
            Expr::Mul(fs) if fs.len() == 2 && fs[1] == pi => fs[0].as_number()?.clone(),
            _ => return None,
        }
    };
    // Reduce to a multiple of 1/12 of a full turn: r = m/12 (mod 2).
    let m = r * int(12);
    if !m.is_integer() {
        return None;
    }
    let m = m.to_integer().mod_floor(&BigInt::from(24)).to_i64()?;
    let half = Expr::ratio(1, 2);
    let s3 = |c: Expr| Expr::Mul(vec![c, Expr::sqrt(Expr::int(3))]);
    let s2 = |c: Expr| Expr::Mul(vec![c, Expr::sqrt(Expr::int(2))]);
    // sin(m·π/12) for m a multiple of 2 or 3.
    let sin_of = |m: i64| -> Option<Expr> {
        let (sign, m) = if m >= 12 { (-1, m - 12) } else { (1, m) };
        let m = if m > 6 { 12 - m } else { m };
        let v = match m {
            0 => Expr::int(0),
            2 => half.clone(),
            3 => s2(half.clone()),
            4 => s3(half.clone()),
            6 => Expr::int(1),
            _ => return None,
        };
        Some(if sign < 0 { Expr::neg(v) } else { v })
    };
    match f {
        Func::Sin => sin_of(m),
        Func::Cos => sin_of((m + 6).rem_euclid(24)),
        Func::Tan => {
            let s = sin_of(m)?;
            let c = sin_of((m + 6).rem_euclid(24))?;
            if c.is_zero() {
                return Some(undefined());
            }
            Some(Expr::div(s, c))
        }
        _ => None,
    }
}
