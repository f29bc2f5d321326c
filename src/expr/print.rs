//! Printing expressions as infix text in SymPy's `str` style.
//!
//! `x**2 + sin(x)`, `x/2`, `-3*x/4`, `sqrt(2)`, `exp(x)`, `Eq(F, a*m)`,
//! `{1, 2}`, `Interval.Ropen(0, 1)`, `Matrix([[1, 2], [3, 4]])`. Nodes SymPy
//! lacks print as constructor calls the infix parser reads back:
//! `PlusMinus(a, b)`, `Percent(x)`, `Degrees(x)`, `Text("word")`.
//!
//! The printer works on any tree; on a canonical tree its output is the
//! canonical string of the expression.
//!
//! # Differences with the document
//!
//! The documents print with SymPy's `str`; this printer follows its style
//! (spec/expr.md EX-3). Nodes SymPy lacks print as constructor calls only this
//! crate's infix parser reads (`PlusMinus(a, b)`, `Percent(x)`, `Degrees(x)`,
//! `Text("word")`).

use std::fmt::Write;

use num_traits::{One, Signed};

use super::ast::{Constant, Expr, Func, RelOp};
use super::lexicon::reads_as_function;

/// The infix text of `e`.
///
/// ```
/// use scorespec::expr::{print::to_infix, Expr, Func};
/// let e = Expr::Add(vec![Expr::pow(Expr::sym("x"), Expr::int(2)), Expr::func(Func::Sin, Expr::sym("x"))]);
/// assert_eq!(to_infix(&e), "x**2 + sin(x)");
/// assert_eq!(to_infix(&Expr::Mul(vec![Expr::ratio(-3, 4), Expr::sym("x")])), "-3*x/4");
/// ```
pub fn to_infix(e: &Expr) -> String {
    let mut out = String::new();
    write_expr(&mut out, e);
    out
}

/// Binding strength, to decide parentheses: sums < products < powers < atoms.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Prec {
    Relation,
    Add,
    Mul,
    Pow,
    Atom,
}

fn prec(e: &Expr) -> Prec {
    match e {
        Expr::Relation(..) => Prec::Relation,
        Expr::Add(_) => Prec::Add,
        Expr::Mul(_) => Prec::Mul,
        Expr::Number(r) if r.is_negative() || !r.is_integer() => Prec::Mul,
        Expr::Pow(..) => {
            if let Some((_, false)) = pow_parts(e) {
                Prec::Atom // sqrt(…), exp(…)
            } else {
                Prec::Pow
            }
        }
        Expr::Percent(_) | Expr::Degrees(_) => Prec::Atom,
        _ => Prec::Atom,
    }
}

/// For powers printed as functions (`sqrt(x)`, `exp(x)`), the function name
/// and `false`; otherwise `None`.
fn pow_parts(e: &Expr) -> Option<(&'static str, bool)> {
    let Expr::Pow(b, x) = e else { return None };
    if **b == Expr::Constant(Constant::E) {
        return Some(("exp", false));
    }
    match x.as_number() {
        Some(r) if *r == num_rational::BigRational::new(1.into(), 2.into()) => {
            Some(("sqrt", false))
        }
        _ => None,
    }
}

fn write_paren(out: &mut String, e: &Expr, min: Prec) {
    if prec(e) < min {
        out.push('(');
        write_expr(out, e);
        out.push(')');
    } else {
        write_expr(out, e);
    }
}

fn write_list(out: &mut String, items: &[Expr]) {
    for (i, x) in items.iter().enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        write_expr(out, x);
    }
}

fn is_negative_term(e: &Expr) -> bool {
    match e {
        Expr::Number(r) => r.is_negative(),
        Expr::Mul(fs) => matches!(fs.first(), Some(Expr::Number(r)) if r.is_negative()),
        _ => false,
    }
}

/// `-e` for a term printed after a ` - `.
fn negated(e: &Expr) -> Expr {
    match e {
        Expr::Number(r) => Expr::Number(-r.clone()),
        Expr::Mul(fs) => {
            let mut fs = fs.clone();
            if let Some(Expr::Number(r)) = fs.first_mut() {
                *r = -r.clone();
                if r.is_one() {
                    fs.remove(0);
                }
            }
            if fs.len() == 1 {
                fs.pop().unwrap_or_else(|| Expr::int(1))
            } else {
                Expr::Mul(fs)
            }
        }
        other => other.clone(),
    }
}

fn write_mul(out: &mut String, fs: &[Expr]) {
    let mut coeff = num_rational::BigRational::one();
    let mut numer: Vec<Expr> = Vec::new();
    let mut denom: Vec<Expr> = Vec::new();
    for f in fs {
        match f {
            Expr::Number(r) => coeff *= r,
            Expr::Pow(b, x) if x.as_number().is_some_and(|r| r.is_negative()) => {
                let r = x.as_number().cloned().unwrap_or_default();
                if r == -num_rational::BigRational::one() {
                    denom.push((**b).clone());
                } else {
                    denom.push(Expr::pow((**b).clone(), Expr::Number(-r)));
                }
            }
            other => numer.push(other.clone()),
        }
    }
    if coeff.is_negative() {
        out.push('-');
        coeff = -coeff;
    }
    let p = coeff.numer().clone();
    let q = coeff.denom().clone();
    let mut parts: Vec<String> = Vec::new();
    if !p.is_one() || numer.is_empty() {
        parts.push(p.to_string());
    }
    for f in &numer {
        let mut s = String::new();
        write_paren(&mut s, f, Prec::Mul);
        parts.push(s);
    }
    out.push_str(&parts.join("*"));
    let mut dparts: Vec<String> = Vec::new();
    if !q.is_one() {
        dparts.push(q.to_string());
    }
    for f in &denom {
        let mut s = String::new();
        write_paren(&mut s, f, Prec::Pow);
        dparts.push(s);
    }
    if !dparts.is_empty() {
        out.push('/');
        if dparts.len() == 1 {
            out.push_str(&dparts[0]);
        } else {
            let _ = write!(out, "({})", dparts.join("*"));
        }
    }
}

fn write_expr(out: &mut String, e: &Expr) {
    match e {
        Expr::Number(r) => {
            let _ = write!(out, "{r}");
        }
        Expr::Constant(c) => out.push_str(match c {
            Constant::Pi => "pi",
            Constant::E => "E",
            Constant::I => "I",
            Constant::Infinity => "oo",
            Constant::Undefined => "nan",
        }),
        Expr::Symbol(s) => out.push_str(s),
        Expr::Text(t) => {
            let _ = write!(out, "Text({t:?})");
        }
        Expr::Add(ts) => {
            // A sum that would start with a minus sign and ends with a
            // positive number prints the number first, as SymPy does: 1 - x.
            let rotated: Vec<Expr>;
            let ts = match (ts.first(), ts.last()) {
                (Some(first), Some(Expr::Number(r)))
                    if ts.len() > 1 && is_negative_term(first) && r.is_positive() =>
                {
                    rotated = std::iter::once(ts[ts.len() - 1].clone())
                        .chain(ts[..ts.len() - 1].iter().cloned())
                        .collect();
                    &rotated
                }
                _ => ts,
            };
            for (i, t) in ts.iter().enumerate() {
                if i == 0 {
                    write_paren(out, t, Prec::Add);
                } else if is_negative_term(t) {
                    out.push_str(" - ");
                    write_paren(out, &negated(t), Prec::Mul);
                } else {
                    out.push_str(" + ");
                    write_paren(out, t, Prec::Add);
                }
            }
        }
        Expr::Mul(fs) => write_mul(out, fs),
        Expr::Pow(b, x) => match pow_parts(e) {
            Some((name, _)) => {
                let arg = if name == "exp" { x } else { b };
                let _ = write!(out, "{name}(");
                write_expr(out, arg);
                out.push(')');
            }
            None => {
                if x.as_number().is_some_and(|r| r.is_negative()) {
                    // A lone reciprocal: 1/x, 1/x**2, 1/sqrt(x).
                    out.push_str("1/");
                    let r = x.as_number().cloned().unwrap_or_default();
                    let inv = if r == -num_rational::BigRational::one() {
                        (**b).clone()
                    } else {
                        Expr::pow((**b).clone(), Expr::Number(-r))
                    };
                    write_paren(out, &inv, Prec::Pow);
                    return;
                }
                write_paren(out, b, Prec::Atom);
                out.push_str("**");
                if matches!(**x, Expr::Set(_)) {
                    // Braces right after `**` group the exponent when read
                    // back: a set exponent is parenthesized.
                    out.push('(');
                    write_expr(out, x);
                    out.push(')');
                } else {
                    write_paren(out, x, Prec::Atom);
                }
            }
        },
        Expr::Func(f, args) => {
            match f {
                // An unknown function of at most one argument reads back as a call
                // only under a conventional function name (f, g, u, phi…);
                // otherwise `K(x)` would read as a product.
                Func::Named(n) if args.len() <= 1 && !reads_as_function(n) => {
                    let _ = write!(out, "Function({n:?})");
                }
                _ => out.push_str(f.name()),
            }
            out.push('(');
            write_list(out, args);
            out.push(')');
        }
        Expr::Relation(sides, ops) => {
            if let ([a, b], [op @ (RelOp::Eq | RelOp::Ne)]) = (sides.as_slice(), ops.as_slice()) {
                out.push_str(if *op == RelOp::Eq { "Eq(" } else { "Ne(" });
                write_expr(out, a);
                out.push_str(", ");
                write_expr(out, b);
                out.push(')');
                return;
            }
            for (i, s) in sides.iter().enumerate() {
                if i > 0 {
                    let _ = write!(out, " {} ", ops.get(i - 1).map_or("?", |o| o.symbol()));
                }
                write_paren(out, s, Prec::Add);
            }
        }
        Expr::PlusMinus(a, b) => {
            out.push_str("PlusMinus(");
            write_expr(out, a);
            out.push_str(", ");
            write_expr(out, b);
            out.push(')');
        }
        Expr::Tuple(v) => {
            out.push('(');
            write_list(out, v);
            if v.len() == 1 {
                out.push(',');
            }
            out.push(')');
        }
        Expr::Set(v) => {
            out.push('{');
            write_list(out, v);
            out.push('}');
        }
        Expr::Interval(i) => {
            out.push_str(match (i.lo_closed, i.hi_closed) {
                (true, true) => "Interval(",
                (false, false) => "Interval.open(",
                (false, true) => "Interval.Lopen(",
                (true, false) => "Interval.Ropen(",
            });
            write_expr(out, &i.lo);
            out.push_str(", ");
            write_expr(out, &i.hi);
            out.push(')');
        }
        Expr::Union(v) | Expr::Intersection(v) => {
            out.push_str(if matches!(e, Expr::Union(_)) {
                "Union("
            } else {
                "Intersection("
            });
            write_list(out, v);
            out.push(')');
        }
        Expr::Matrix(rows) => {
            out.push_str("Matrix([");
            for (i, r) in rows.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                out.push('[');
                write_list(out, r);
                out.push(']');
            }
            out.push_str("])");
        }
        Expr::Percent(x) => {
            out.push_str("Percent(");
            write_expr(out, x);
            out.push(')');
        }
        Expr::Degrees(x) => {
            out.push_str("Degrees(");
            write_expr(out, x);
            out.push(')');
        }
        Expr::Integral(i) => {
            out.push_str("Integral(");
            write_expr(out, &i.integrand);
            match &i.bounds {
                Some((a, b)) => {
                    let _ = write!(out, ", ({}, ", i.var);
                    write_expr(out, a);
                    out.push_str(", ");
                    write_expr(out, b);
                    out.push_str("))");
                }
                None => {
                    let _ = write!(out, ", {})", i.var);
                }
            }
        }
    }
}

/// The name of a function for messages.
pub fn func_name(f: &Func) -> &str {
    f.name()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::expr::{Limits, canon::canonical};

    fn p(e: Expr) -> String {
        to_infix(&canonical(&e, &Limits::default()).unwrap())
    }

    fn x() -> Expr {
        Expr::sym("x")
    }

    #[test]
    fn sympy_style() {
        let sum = Expr::Add(vec![
            Expr::func(Func::Sin, x()),
            Expr::pow(x(), Expr::int(2)),
        ]);
        assert_eq!(p(sum), "x**2 + sin(x)");
        assert_eq!(p(Expr::div(x(), Expr::int(2))), "x/2");
        assert_eq!(p(Expr::neg(Expr::div(x(), Expr::int(2)))), "-x/2");
        assert_eq!(p(Expr::sqrt(Expr::int(8))), "2*sqrt(2)");
        assert_eq!(p(Expr::exp(Expr::neg(x()))), "exp(-x)");
        assert_eq!(p(Expr::div(Expr::int(1), x())), "1/x");
        assert_eq!(
            p(Expr::div(x(), Expr::Add(vec![x(), Expr::int(1)]))),
            "x/(x + 1)"
        );
        let poly = Expr::Add(vec![
            Expr::int(1),
            Expr::Mul(vec![Expr::int(-2), x()]),
            Expr::pow(x(), Expr::int(2)),
        ]);
        assert_eq!(p(poly), "x**2 - 2*x + 1");
        let eq = Expr::Relation(
            vec![
                Expr::sym("F"),
                Expr::Mul(vec![Expr::sym("m"), Expr::sym("a")]),
            ],
            vec![RelOp::Eq],
        );
        assert_eq!(p(eq), "Eq(F, a*m)");
        assert_eq!(
            p(Expr::pow(Expr::Add(vec![x(), Expr::int(1)]), Expr::int(2))),
            "(x + 1)**2"
        );
        assert_eq!(p(Expr::pow(x(), Expr::ratio(2, 3))), "x**(2/3)");
        assert_eq!(p(Expr::ratio(-1, 2)), "-1/2");
        assert_eq!(p(Expr::func(Func::Named("f".into()), x())), "f(x)");
        assert_eq!(
            p(Expr::func(Func::Named("K".into()), x())),
            "Function(\"K\")(x)"
        );
        assert_eq!(p(Expr::sub(Expr::int(1), x())), "1 - x");
        assert_eq!(
            p(Expr::Mul(vec![
                Expr::int(3),
                Expr::Add(vec![x(), Expr::int(1)])
            ])),
            "3*x + 3"
        );
    }
}
