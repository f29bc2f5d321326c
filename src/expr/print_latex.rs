//! Printing expressions as LaTeX.
//!
//! [`to_latex`] prints any [`Expr`] as LaTeX that
//! [`parse_latex`](crate::expr::parse::latex::parse_latex) reads back to an
//! equal tree up to canonicalization, and to the very same tree for most
//! forms the parser builds (flat sums and products, `a + (-1)·b`,
//! `a·b^(-1)`, `x^(1/2)`…).
//!
//! Sums print their negative terms as subtraction (`a - 2 x`), products with
//! factors `b^(-1)` as fractions (`\frac{a}{b}`), rational numbers as
//! fractions, `x^(1/2)` and `x^(1/n)` as roots, `e^x` as `e^{x}`. Brackets
//! are always `\left( … \right)`, added where the precedence of a child
//! needs them (`\left(-2\right)^{x}`, `\left(x + 1\right)^{2}`). Between two
//! factors the printer writes a space, or `\cdot` when the second starts with
//! a digit or is a fraction (`2 \cdot 3`, `2 \cdot \frac{1}{2}`: never a
//! mixed number). Tuples print `\left(1, 2\right)`, so an open interval
//! prints `\left]0, 1\right[`. Symbols print `x`, `x_{10}`, `y'`, `\alpha`,
//! and `\mathit{abc}` for longer names; the symbols `e`, `i` and `d` print
//! `\mathit{e}`, `\mathit{i}`, `\mathit{d}`, since `e` and `i` alone are
//! constants and `d` may start a differential.
//!
//! The printer works with an explicit stack, so any depth of tree prints
//! without recursion.
//!
//! # Differences with the document
//!
//! Compared with the parser (what reads back):
//!
//! A few trees have no LaTeX that reads back to them exactly: a tuple of one
//! element, [`Constant::Undefined`] (printed `\text{undefined}`), a text
//! without letters, function applications with the wrong number of
//! arguments, and symbols whose names are not letters, Greek names,
//! subscripts and primes. Rational numbers (`1/2` prints `\frac{1}{2}`),
//! products with several factors over a fraction bar and `-2·x` (printed
//! `-2 x`, read back as `-(2·x)`) read back to equivalent trees.

use num_traits::{One, Signed};

use crate::expr::ast::{Constant, Expr, Func, Integral, Interval, Rational, RelOp};
use crate::expr::lexicon::is_greek_command;

/// Prints an expression as LaTeX that `parse_latex` reads back.
///
/// ```
/// use scorespec::expr::print_latex::to_latex;
/// use scorespec::expr::{Expr, Func};
///
/// let x = Expr::sym("x");
/// let e = Expr::Add(vec![Expr::pow(x.clone(), Expr::int(2)), Expr::func(Func::Sin, x)]);
/// assert_eq!(to_latex(&e), r"x^{2} + \sin\left(x\right)");
/// assert_eq!(to_latex(&Expr::div(Expr::int(1), Expr::int(2))), r"\frac{1}{2}");
/// ```
pub fn to_latex(e: &Expr) -> String {
    let mut out = String::new();
    let mut stack = vec![Task::Expr(e, LIST)];
    let mut seq = Vec::new();
    while let Some(task) = stack.pop() {
        match task {
            Task::Str(s) => out.push_str(s),
            Task::String(s) => out.push_str(&s),
            Task::Expr(e, req) => {
                expand(e, req, &mut seq);
                stack.extend(seq.drain(..).rev());
            }
            Task::Product(p, req) => {
                expand_product(p, req, &mut seq);
                stack.extend(seq.drain(..).rev());
            }
        }
    }
    out
}

// Precedence levels: a child printed where `req` is required gets brackets
// when its own level is lower.
const LIST: u8 = 0;
const REL: u8 = 10;
const UNION: u8 = 20;
const INTER: u8 = 30;
const ADD: u8 = 40;
const NEG: u8 = 45;
const MUL: u8 = 50;
const INTEGRAL: u8 = 60;
const POW: u8 = 70;
const POSTFIX: u8 = 80;
const ATOM: u8 = 100;

/// A product to print: factors, and a positive coefficient that replaces a
/// leading number (for the negated terms of a sum).
struct Product<'a> {
    factors: Vec<&'a Expr>,
    coeff: Option<Rational>,
}

enum Task<'a> {
    Str(&'static str),
    String(String),
    Expr(&'a Expr, u8),
    Product(Product<'a>, u8),
}

fn is_int(e: &Expr, n: i64) -> bool {
    *e == Expr::int(n)
}

/// The integer `n ≥ 2` such that `e` is `1/n`.
fn root_index(e: &Expr) -> Option<num_bigint::BigInt> {
    let r = e.as_number()?;
    (r.numer().is_one() && *r.denom() > num_bigint::BigInt::one()).then(|| r.denom().clone())
}

/// The symbolic `n` such that `e` is `n^(-1)` with `n` not a number.
fn symbolic_root_index(e: &Expr) -> Option<&Expr> {
    match e {
        Expr::Pow(n, m) if is_int(m, -1) && n.as_number().is_none() => Some(n),
        _ => None,
    }
}

/// The leading number of a product and whether it stands apart (a product
/// `2·x` prints `2 x`; a lone number is not a coefficient).
fn lead_number(factors: &[&Expr], coeff: &Option<Rational>) -> Option<Rational> {
    if let Some(c) = coeff {
        return Some(c.clone());
    }
    match factors {
        [Expr::Number(n), _, ..] => Some(n.clone()),
        _ => None,
    }
}

/// The precedence level of an expression as printed.
fn prec(e: &Expr) -> u8 {
    match e {
        Expr::Number(n) if n.is_negative() => NEG,
        Expr::Number(n) if n.is_integer() => ATOM,
        Expr::Number(_) => MUL,
        Expr::Constant(_) | Expr::Symbol(_) | Expr::Text(_) => ATOM,
        Expr::Add(v) if v.len() == 1 => v.first().map_or(ATOM, prec),
        Expr::Add(v) if v.is_empty() => ATOM,
        Expr::Add(_) | Expr::PlusMinus(..) => ADD,
        Expr::Mul(v) => {
            let factors: Vec<&Expr> = v.iter().collect();
            match (lead_number(&factors, &None), factors.as_slice()) {
                (Some(n), _) if n.is_negative() => NEG,
                (_, [one]) => prec(one),
                (_, []) => ATOM,
                _ => MUL,
            }
        }
        Expr::Pow(_, x) => {
            if root_index(x).is_some() || symbolic_root_index(x).is_some() {
                ATOM
            } else {
                POW
            }
        }
        Expr::Func(Func::Factorial, v) if v.len() == 1 => POSTFIX,
        Expr::Func(..) => ATOM,
        Expr::Relation(..) => REL,
        Expr::Tuple(_) | Expr::Set(_) | Expr::Interval(_) | Expr::Matrix(_) => ATOM,
        Expr::Union(v) | Expr::Intersection(v) if v.len() == 1 => v.first().map_or(ATOM, prec),
        Expr::Union(v) if v.len() >= 2 => UNION,
        Expr::Intersection(v) if v.len() >= 2 => INTER,
        Expr::Union(_) | Expr::Intersection(_) => ATOM,
        Expr::Percent(_) => POSTFIX,
        Expr::Degrees(_) => POW,
        Expr::Integral(_) => INTEGRAL,
    }
}

/// Whether the printed expression starts with a digit or a fraction, so
/// that a factor before it needs `\cdot`.
fn starts_with_number(e: &Expr) -> bool {
    let mut cur = e;
    loop {
        match cur {
            Expr::Number(n) => return !n.is_negative(),
            Expr::Pow(b, _) => {
                if prec(cur) == ATOM || prec(b) <= POW || matches!(**b, Expr::Constant(Constant::E))
                {
                    return false;
                }
                cur = b;
            }
            Expr::Mul(v) => {
                if prec(cur) == NEG {
                    return false;
                }
                if v.iter()
                    .any(|f| matches!(f, Expr::Pow(_, x) if is_int(x, -1)))
                {
                    return true;
                }
                match v.first() {
                    Some(f) => cur = f,
                    None => return true,
                }
            }
            Expr::Func(Func::Factorial, v) if v.len() == 1 => match v.first() {
                Some(x) if prec(x) >= POSTFIX => cur = x,
                _ => return false,
            },
            Expr::Percent(x) if prec(x) >= POSTFIX => cur = x,
            Expr::Degrees(x) if prec(x) > POW => cur = x,
            _ => return false,
        }
    }
}

fn number_latex(n: &Rational) -> String {
    if n.is_integer() {
        return n.numer().to_string();
    }
    let sign = if n.is_negative() { "-" } else { "" };
    format!("{sign}\\frac{{{}}}{{{}}}", n.numer().abs(), n.denom())
}

/// A symbol's name as LaTeX: `x`, `\alpha`, `x_{10}`, `y'`, `\mathit{abc}`.
pub(crate) fn symbol_latex(name: &str) -> String {
    // Primes end the whole name (`e_g'`, the parsers put them last); a
    // subscript that is not one word is stored with its braces (`x_{i+1}`).
    let unprimed = name.trim_end_matches('\'');
    let name_primes = &name[unprimed.len()..];
    let (base, sub) = match unprimed.split_once('_') {
        Some((b, s)) if !b.is_empty() && !s.is_empty() => (b, Some(s)),
        _ => (unprimed, None),
    };
    let sub = sub.map(|s| {
        s.strip_prefix('{')
            .and_then(|t| t.strip_suffix('}'))
            .unwrap_or(s)
    });
    let core = base.trim_end_matches('\'');
    let primes = base.get(core.len()..).unwrap_or("");
    // `e` and `i` alone are constants, and `d` before a letter may be read
    // as a differential: those three letters are written `\mathit{…}`.
    let mut out = if core.len() == 1
        && core.bytes().all(|b| b.is_ascii_alphabetic())
        && !matches!(core, "e" | "i" | "d")
    {
        core.to_string()
    } else if is_greek_command(core) {
        format!("\\{core}")
    } else {
        format!("\\mathit{{{core}}}")
    };
    out.push_str(primes);
    if let Some(s) = sub {
        out.push_str("_{");
        out.push_str(s);
        out.push('}');
    }
    out.push_str(name_primes);
    out
}

/// The LaTeX command of a function of one argument (or more for max, min).
fn func_command(f: &Func) -> String {
    let standard = match f {
        Func::Sin => "sin",
        Func::Cos => "cos",
        Func::Tan => "tan",
        Func::Cot => "cot",
        Func::Sec => "sec",
        Func::Csc => "csc",
        Func::Asin => "arcsin",
        Func::Acos => "arccos",
        Func::Atan => "arctan",
        Func::Sinh => "sinh",
        Func::Cosh => "cosh",
        Func::Tanh => "tanh",
        Func::Coth => "coth",
        Func::Log => "log",
        Func::Max => "max",
        Func::Min => "min",
        _ => "",
    };
    if !standard.is_empty() {
        return format!("\\{standard}");
    }
    let name = match f {
        Func::Acot => "arccot",
        Func::Asec => "arcsec",
        Func::Acsc => "arccsc",
        Func::Sech => "sech",
        Func::Csch => "csch",
        Func::Asinh => "arsinh",
        Func::Acosh => "arcosh",
        Func::Atanh => "artanh",
        other => other.name(),
    };
    format!("\\operatorname{{{name}}}")
}

/// Pushes `e` at level `req`, in brackets when its level is lower.
fn child<'a>(e: &'a Expr, req: u8, out: &mut Vec<Task<'a>>) {
    if prec(e) < req {
        out.push(Task::Str("\\left("));
        out.push(Task::Expr(e, LIST));
        out.push(Task::Str("\\right)"));
    } else {
        out.push(Task::Expr(e, req));
    }
}

/// Pushes `items` separated by `sep`, each at level `req`.
fn joined<'a>(
    items: impl IntoIterator<Item = &'a Expr>,
    sep: &'static str,
    req: u8,
    out: &mut Vec<Task<'a>>,
) {
    for (k, item) in items.into_iter().enumerate() {
        if k > 0 {
            out.push(Task::Str(sep));
        }
        child(item, req, out);
    }
}

/// The negation of a sum's term when it prints with a minus sign.
fn negated(e: &Expr) -> Option<Task<'_>> {
    match e {
        Expr::Number(n) if n.is_negative() => Some(Task::String(number_latex(&-n))),
        Expr::Mul(v) => match v.split_first() {
            Some((Expr::Number(n), rest)) if n.is_negative() => {
                let coeff = (!(-n).is_one()).then(|| -n);
                Some(Task::Product(
                    Product {
                        factors: rest.iter().collect(),
                        coeff,
                    },
                    MUL,
                ))
            }
            _ => None,
        },
        _ => None,
    }
}

fn expand<'a>(e: &'a Expr, req: u8, out: &mut Vec<Task<'a>>) {
    if prec(e) < req {
        child(e, req, out);
        return;
    }
    match e {
        Expr::Number(n) => out.push(Task::String(number_latex(n))),
        Expr::Constant(c) => out.push(Task::Str(match c {
            Constant::Pi => "\\pi",
            Constant::E => "e",
            Constant::I => "i",
            Constant::Infinity => "\\infty",
            Constant::Undefined => "\\text{undefined}",
        })),
        Expr::Symbol(s) => out.push(Task::String(symbol_latex(s))),
        Expr::Text(t) => out.push(Task::String(format!("\\text{{{t}}}"))),
        Expr::Add(terms) => expand_add(terms, out),
        Expr::PlusMinus(a, b) => {
            if !a.is_zero() {
                child(a, ADD, out);
                out.push(Task::Str(" "));
            }
            out.push(Task::Str("\\pm "));
            child(b, MUL, out);
        }
        Expr::Mul(v) => out.push(Task::Product(
            Product {
                factors: v.iter().collect(),
                coeff: None,
            },
            req,
        )),
        Expr::Pow(b, x) => expand_pow(b, x, out),
        Expr::Func(f, args) => expand_func(f, args, out),
        Expr::Relation(sides, ops) => expand_relation(sides, ops, out),
        Expr::Tuple(v) => {
            out.push(Task::Str("\\left("));
            joined(v, ", ", REL, out);
            out.push(Task::Str("\\right)"));
        }
        Expr::Set(v) if v.is_empty() => out.push(Task::Str("\\emptyset")),
        Expr::Set(v) => {
            out.push(Task::Str("\\left\\{"));
            joined(v, ", ", REL, out);
            out.push(Task::Str("\\right\\}"));
        }
        Expr::Interval(i) => expand_interval(i, out),
        Expr::Union(v) if v.is_empty() => out.push(Task::Str("\\emptyset")),
        Expr::Union(v) => joined(v, " \\cup ", INTER, out),
        Expr::Intersection(v) if v.is_empty() => out.push(Task::Str("\\emptyset")),
        Expr::Intersection(v) => joined(v, " \\cap ", ADD, out),
        Expr::Matrix(rows) => expand_matrix(rows, out),
        Expr::Percent(x) => {
            child(x, POSTFIX, out);
            out.push(Task::Str("\\%"));
        }
        Expr::Degrees(x) => {
            child(x, POW + 1, out);
            out.push(Task::Str("^{\\circ}"));
        }
        Expr::Integral(i) => expand_integral(i, out),
    }
}

/// A sum: a term that prints negated is subtracted.
fn expand_add<'a>(terms: &'a [Expr], out: &mut Vec<Task<'a>>) {
    match terms.split_first() {
        None => out.push(Task::Str("0")),
        Some((first, rest)) => {
            child(first, ADD, out);
            for t in rest {
                match negated(t) {
                    Some(task) => {
                        out.push(Task::Str(" - "));
                        match task {
                            Task::Product(p, _) => out.push(Task::Product(p, MUL)),
                            other => out.push(other),
                        }
                    }
                    None => {
                        out.push(Task::Str(" + "));
                        child(t, ADD + 1, out);
                    }
                }
            }
        }
    }
}

/// A power: a root (`\sqrt`, `\sqrt[n]`) or `b^{x}`.
fn expand_pow<'a>(b: &'a Expr, x: &'a Expr, out: &mut Vec<Task<'a>>) {
    if let Some(n) = root_index(x) {
        if n == num_bigint::BigInt::from(2) {
            out.push(Task::Str("\\sqrt{"));
        } else {
            out.push(Task::String(format!("\\sqrt[{n}]{{")));
        }
        out.push(Task::Expr(b, LIST));
        out.push(Task::Str("}"));
    } else if let Some(n) = symbolic_root_index(x) {
        out.push(Task::Str("\\sqrt["));
        out.push(Task::Expr(n, LIST));
        out.push(Task::Str("]{"));
        out.push(Task::Expr(b, LIST));
        out.push(Task::Str("}"));
    } else {
        if matches!(b, Expr::Constant(Constant::E)) {
            out.push(Task::Str("e"));
        } else {
            child(b, POW + 1, out);
        }
        out.push(Task::Str("^{"));
        out.push(Task::Expr(x, LIST));
        out.push(Task::Str("}"));
    }
}

/// A chain of relations.
fn expand_relation<'a>(sides: &'a [Expr], ops: &[RelOp], out: &mut Vec<Task<'a>>) {
    for (k, side) in sides.iter().enumerate() {
        if k > 0 {
            let Some(op) = ops.get(k - 1) else { break };
            out.push(Task::Str(match op {
                RelOp::Eq => " = ",
                RelOp::Ne => " \\ne ",
                RelOp::Lt => " < ",
                RelOp::Le => " \\le ",
                RelOp::Gt => " > ",
                RelOp::Ge => " \\ge ",
            }));
        }
        child(side, UNION, out);
    }
}

/// An interval.
fn expand_interval<'a>(i: &'a Interval, out: &mut Vec<Task<'a>>) {
    // `(a, b)` is a tuple: an open interval is written `]a, b[`.
    let (open, close) = match (i.lo_closed, i.hi_closed) {
        (true, true) => ("\\left[", "\\right]"),
        (true, false) => ("\\left[", "\\right)"),
        (false, true) => ("\\left(", "\\right]"),
        (false, false) => ("\\left]", "\\right["),
    };
    out.push(Task::Str(open));
    child(&i.lo, REL, out);
    out.push(Task::Str(", "));
    child(&i.hi, REL, out);
    out.push(Task::Str(close));
}

/// A matrix, as `pmatrix`.
fn expand_matrix<'a>(rows: &'a [Vec<Expr>], out: &mut Vec<Task<'a>>) {
    out.push(Task::Str("\\begin{pmatrix}"));
    for (k, row) in rows.iter().enumerate() {
        if k > 0 {
            out.push(Task::Str(" \\\\ "));
        }
        joined(row, " & ", REL, out);
    }
    out.push(Task::Str("\\end{pmatrix}"));
}

/// An integral with its differential.
fn expand_integral<'a>(i: &'a Integral, out: &mut Vec<Task<'a>>) {
    out.push(Task::Str("\\int"));
    if let Some((a, b)) = &i.bounds {
        out.push(Task::Str("_{"));
        out.push(Task::Expr(a, LIST));
        out.push(Task::Str("}^{"));
        out.push(Task::Expr(b, LIST));
        out.push(Task::Str("}"));
    }
    out.push(Task::Str(" "));
    child(&i.integrand, MUL, out);
    // The variable's own letter, even `e` or `i` (`de` is a differential).
    let var = match i.var.split_once('_') {
        Some((base, sub)) if base.len() == 1 => format!("{base}_{{{sub}}}"),
        _ if i.var.len() == 1 => i.var.clone(),
        _ => symbol_latex(&i.var),
    };
    out.push(Task::String(format!(" \\, d{var}")));
}

fn expand_func<'a>(f: &Func, args: &'a [Expr], out: &mut Vec<Task<'a>>) {
    match (f, args) {
        (Func::Abs, [x]) => {
            out.push(Task::Str("\\left|"));
            out.push(Task::Expr(x, LIST));
            out.push(Task::Str("\\right|"));
        }
        (Func::Floor, [x]) => {
            out.push(Task::Str("\\left\\lfloor "));
            out.push(Task::Expr(x, LIST));
            out.push(Task::Str("\\right\\rfloor "));
        }
        (Func::Ceiling, [x]) => {
            out.push(Task::Str("\\left\\lceil "));
            out.push(Task::Expr(x, LIST));
            out.push(Task::Str("\\right\\rceil "));
        }
        (Func::Factorial, [x]) => {
            child(x, POSTFIX, out);
            out.push(Task::Str("!"));
        }
        (Func::Binomial, [n, k]) => {
            out.push(Task::Str("\\binom{"));
            out.push(Task::Expr(n, LIST));
            out.push(Task::Str("}{"));
            out.push(Task::Expr(k, LIST));
            out.push(Task::Str("}"));
        }
        (Func::Log, [x, b]) => {
            out.push(Task::Str("\\log_{"));
            out.push(Task::Expr(b, LIST));
            out.push(Task::Str("}\\left("));
            out.push(Task::Expr(x, LIST));
            out.push(Task::Str("\\right)"));
        }
        _ => {
            out.push(Task::String(func_command(f)));
            out.push(Task::Str("\\left("));
            joined(args, ", ", REL, out);
            out.push(Task::Str("\\right)"));
        }
    }
}

/// A product: `-` and a coefficient, then the factors, as a fraction when
/// some factors are `b^(-1)`.
fn expand_product<'a>(p: Product<'a>, req: u8, out: &mut Vec<Task<'a>>) {
    let lead = lead_number(&p.factors, &p.coeff);
    let rest: Vec<&Expr> = if p.coeff.is_none() && lead.is_some() {
        p.factors.iter().skip(1).copied().collect()
    } else {
        p.factors
    };
    if lead.is_none() && rest.len() == 1 {
        if let Some(only) = rest.first() {
            child(only, req, out);
        }
        return;
    }
    let negative = lead.as_ref().is_some_and(Signed::is_negative);
    let level = if negative { NEG } else { MUL };
    if level < req {
        out.push(Task::Str("\\left("));
    }
    if negative {
        out.push(Task::Str("-"));
    }
    // `-1·x` prints `-x`; a factor `1` stays (`1 x` reads back as it is).
    let coeff = lead.map(|n| n.abs()).filter(|n| !(negative && n.is_one()));
    let (num, den): (Vec<&Expr>, Vec<&Expr>) = rest
        .into_iter()
        .partition(|f| !matches!(f, Expr::Pow(_, x) if is_int(x, -1)));
    let den: Vec<&Expr> = den
        .into_iter()
        .map(|f| match f {
            Expr::Pow(b, _) => &**b,
            other => other,
        })
        .collect();
    if den.is_empty() {
        factors(coeff, &num, MUL, out);
    } else {
        out.push(Task::Str("\\frac{"));
        factors(coeff, &num, LIST, out);
        out.push(Task::Str("}{"));
        factors(None, &den, LIST, out);
        out.push(Task::Str("}"));
    }
    if level < req {
        out.push(Task::Str("\\right)"));
    }
}

/// Factors side by side, after an optional coefficient; `1` when there are
/// none; a lone factor is printed at level `lone`.
fn factors<'a>(coeff: Option<Rational>, items: &[&'a Expr], lone: u8, out: &mut Vec<Task<'a>>) {
    if let (None, [only]) = (&coeff, items) {
        child(only, lone, out);
        return;
    }
    let mut first = true;
    if let Some(c) = coeff {
        out.push(Task::String(number_latex(&c)));
        first = false;
    }
    if first && items.is_empty() {
        out.push(Task::Str("1"));
        return;
    }
    for &f in items {
        if !first {
            out.push(Task::Str(if starts_with_number(f) {
                " \\cdot "
            } else {
                " "
            }));
        }
        child(f, MUL, out);
        first = false;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::expr::ast::{Integral, Interval};
    use crate::expr::limits::Limits;
    use crate::expr::parse::latex::parse_latex;

    fn s(name: &str) -> Expr {
        Expr::sym(name)
    }
    fn n(v: i64) -> Expr {
        Expr::int(v)
    }
    fn c(k: Constant) -> Expr {
        Expr::Constant(k)
    }
    fn f(func: Func, x: Expr) -> Expr {
        Expr::func(func, x)
    }
    fn interval(lo: Expr, hi: Expr, lo_closed: bool, hi_closed: bool) -> Expr {
        Expr::Interval(Box::new(Interval {
            lo,
            hi,
            lo_closed,
            hi_closed,
        }))
    }
    fn integral(integrand: Expr, var: &str, bounds: Option<(Expr, Expr)>) -> Expr {
        Expr::Integral(Box::new(Integral {
            integrand,
            var: var.to_string(),
            bounds,
        }))
    }
    fn parse(text: &str) -> Expr {
        match parse_latex(text, &Limits::default()) {
            Ok(e) => e,
            Err(e) => panic!("{text:?}: {e}"),
        }
    }

    /// Expressions, their LaTeX, and whether the LaTeX reads back to the
    /// very same tree.
    // Over 120 lines on purpose: a table of test cases, one entry per form,
    // read top to bottom; splitting it would only scatter the table.
    fn cases() -> Vec<(Expr, &'static str, bool)> {
        let x = s("x");
        vec![
            (
                Expr::Add(vec![Expr::pow(x.clone(), n(2)), f(Func::Sin, x.clone())]),
                r"x^{2} + \sin\left(x\right)",
                true,
            ),
            (Expr::div(n(1), n(2)), r"\frac{1}{2}", true),
            (Expr::ratio(1, 2), r"\frac{1}{2}", false),
            (Expr::ratio(-3, 4), r"-\frac{3}{4}", false),
            (Expr::div(s("a"), s("b")), r"\frac{a}{b}", true),
            (
                Expr::Mul(vec![n(3), Expr::pow(s("b"), n(-1))]),
                r"\frac{3}{b}",
                true,
            ),
            (
                Expr::Mul(vec![n(2), x.clone(), Expr::pow(s("y"), n(-1))]),
                r"\frac{2 x}{y}",
                false,
            ),
            (Expr::Mul(vec![Expr::pow(s("y"), n(-1))]), r"y^{-1}", false),
            (
                Expr::div(Expr::Add(vec![x.clone(), n(1)]), n(2)),
                r"\frac{x + 1}{2}",
                true,
            ),
            (Expr::sqrt(n(2)), r"\sqrt{2}", true),
            (
                Expr::pow(x.clone(), Expr::ratio(1, 3)),
                r"\sqrt[3]{x}",
                true,
            ),
            (
                Expr::pow(x.clone(), Expr::pow(s("n"), n(-1))),
                r"\sqrt[n]{x}",
                true,
            ),
            (Expr::exp(x.clone()), r"e^{x}", true),
            (Expr::exp(Expr::neg(x.clone())), r"e^{-x}", true),
            (c(Constant::Pi), r"\pi", true),
            (c(Constant::Infinity), r"\infty", true),
            (Expr::neg(c(Constant::Infinity)), r"-\infty", true),
            (c(Constant::I), "i", true),
            (c(Constant::E), "e", true),
            (Expr::Tuple(vec![n(1), n(2)]), r"\left(1, 2\right)", true),
            (Expr::Set(vec![n(1), n(2)]), r"\left\{1, 2\right\}", true),
            (Expr::Set(vec![]), r"\emptyset", true),
            (
                interval(n(0), n(1), true, false),
                r"\left[0, 1\right)",
                true,
            ),
            (
                interval(Expr::neg(c(Constant::Infinity)), n(0), false, false),
                r"\left]-\infty, 0\right[",
                true,
            ),
            (
                interval(n(0), n(1), false, true),
                r"\left(0, 1\right]",
                true,
            ),
            (
                Expr::Union(vec![
                    interval(n(0), n(1), true, true),
                    Expr::Set(vec![n(3)]),
                ]),
                r"\left[0, 1\right] \cup \left\{3\right\}",
                true,
            ),
            (
                Expr::Intersection(vec![s("A"), Expr::Union(vec![s("B"), s("C")])]),
                r"A \cap \left(B \cup C\right)",
                true,
            ),
            (
                Expr::Union(vec![Expr::Intersection(vec![s("A"), s("B")]), s("C")]),
                r"A \cap B \cup C",
                true,
            ),
            (
                Expr::Matrix(vec![vec![n(1), n(2)], vec![n(3), n(4)]]),
                r"\begin{pmatrix}1 & 2 \\ 3 & 4\end{pmatrix}",
                true,
            ),
            (
                Expr::Relation(
                    vec![s("F"), Expr::Mul(vec![s("a"), s("m")])],
                    vec![RelOp::Eq],
                ),
                "F = a m",
                true,
            ),
            (
                Expr::Relation(vec![n(0), x.clone(), n(1)], vec![RelOp::Lt, RelOp::Le]),
                r"0 < x \le 1",
                true,
            ),
            (
                Expr::Relation(vec![x.clone(), n(1)], vec![RelOp::Ne]),
                r"x \ne 1",
                true,
            ),
            (
                Expr::Relation(vec![x.clone(), n(1)], vec![RelOp::Ge]),
                r"x \ge 1",
                true,
            ),
            (
                Expr::PlusMinus(Box::new(s("a")), Box::new(s("b"))),
                r"a \pm b",
                true,
            ),
            (
                Expr::PlusMinus(Box::new(n(0)), Box::new(n(2))),
                r"\pm 2",
                true,
            ),
            (
                Expr::PlusMinus(Box::new(n(1)), Box::new(Expr::sqrt(n(19)))),
                r"1 \pm \sqrt{19}",
                true,
            ),
            (
                Expr::Add(vec![
                    s("x"),
                    Expr::PlusMinus(Box::new(s("a")), Box::new(s("b"))),
                ]),
                r"x + \left(a \pm b\right)",
                true,
            ),
            (Expr::Percent(Box::new(n(50))), r"50\%", true),
            (Expr::Percent(Box::new(n(-5))), r"\left(-5\right)\%", true),
            (Expr::Degrees(Box::new(n(30))), r"30^{\circ}", true),
            (Expr::Text("word".into()), r"\text{word}", true),
            (
                Expr::Mul(vec![n(5), Expr::Text("m".into())]),
                r"5 \text{m}",
                true,
            ),
            (
                integral(s("f"), "x", Some((s("a"), s("b")))),
                r"\int_{a}^{b} f \, dx",
                true,
            ),
            (
                integral(Expr::Add(vec![x.clone(), n(1)]), "x", None),
                r"\int \left(x + 1\right) \, dx",
                true,
            ),
            (integral(n(1), "theta", None), r"\int 1 \, d\theta", true),
            (integral(n(1), "e", None), r"\int 1 \, de", true),
            (integral(n(1), "i_1", None), r"\int 1 \, di_{1}", true),
            (integral(n(1), "ab", None), r"\int 1 \, d\mathit{ab}", true),
            (f(Func::Asin, x.clone()), r"\arcsin\left(x\right)", true),
            (
                f(Func::Asec, x.clone()),
                r"\operatorname{arcsec}\left(x\right)",
                true,
            ),
            (
                f(Func::Atanh, x.clone()),
                r"\operatorname{artanh}\left(x\right)",
                true,
            ),
            (f(Func::Log, x.clone()), r"\log\left(x\right)", true),
            (
                Expr::Func(Func::Log, vec![x.clone(), s("b")]),
                r"\log_{b}\left(x\right)",
                true,
            ),
            (f(Func::Abs, x.clone()), r"\left|x\right|", true),
            (
                f(Func::Floor, x.clone()),
                r"\left\lfloor x\right\rfloor ",
                true,
            ),
            (
                f(Func::Ceiling, x.clone()),
                r"\left\lceil x\right\rceil ",
                true,
            ),
            (f(Func::Factorial, s("n")), "n!", true),
            (
                f(Func::Factorial, Expr::Add(vec![s("n"), n(1)])),
                r"\left(n + 1\right)!",
                true,
            ),
            (
                Expr::Func(Func::Binomial, vec![s("n"), s("k")]),
                r"\binom{n}{k}",
                true,
            ),
            (
                Expr::Func(Func::Named("f".into()), vec![x.clone(), s("y")]),
                r"\operatorname{f}\left(x, y\right)",
                true,
            ),
            (
                Expr::Func(Func::Max, vec![n(1), x.clone()]),
                r"\max\left(1, x\right)",
                true,
            ),
            (
                f(Func::Sign, x.clone()),
                r"\operatorname{sign}\left(x\right)",
                true,
            ),
            (Expr::pow(n(-2), x.clone()), r"\left(-2\right)^{x}", true),
            (
                Expr::pow(Expr::Add(vec![x.clone(), n(1)]), n(2)),
                r"\left(x + 1\right)^{2}",
                true,
            ),
            (
                Expr::pow(Expr::pow(x.clone(), n(2)), n(3)),
                r"\left(x^{2}\right)^{3}",
                true,
            ),
            (
                Expr::pow(Expr::ratio(1, 2), x.clone()),
                r"\left(\frac{1}{2}\right)^{x}",
                false,
            ),
            (Expr::pow(x.clone(), n(-1)), r"x^{-1}", true),
            (
                Expr::pow(f(Func::Sin, x.clone()), n(2)),
                r"\sin\left(x\right)^{2}",
                true,
            ),
            (Expr::sub(s("a"), s("b")), "a - b", true),
            (Expr::sub(x.clone(), n(1)), "x - 1", true),
            (
                Expr::Add(vec![s("a"), Expr::Mul(vec![n(-2), x.clone()])]),
                "a - 2 x",
                false,
            ),
            (
                Expr::Add(vec![s("a"), Expr::neg(Expr::Mul(vec![n(2), x.clone()]))]),
                "a - 2 x",
                true,
            ),
            (
                Expr::sub(s("a"), Expr::Add(vec![s("b"), s("c")])),
                r"a - \left(b + c\right)",
                true,
            ),
            (
                Expr::Add(vec![s("a"), Expr::Add(vec![s("b"), s("c")])]),
                r"a + \left(b + c\right)",
                true,
            ),
            (Expr::neg(x.clone()), "-x", true),
            (
                Expr::neg(Expr::Add(vec![x.clone(), n(1)])),
                r"-\left(x + 1\right)",
                true,
            ),
            (Expr::neg(Expr::div(n(10), n(9))), r"-\frac{10}{9}", true),
            (Expr::Mul(vec![n(2), n(3)]), r"2 \cdot 3", true),
            (Expr::Mul(vec![x.clone(), n(2)]), r"x \cdot 2", true),
            (
                Expr::Mul(vec![n(2), Expr::div(n(1), n(2))]),
                r"2 \cdot \frac{1}{2}",
                true,
            ),
            (
                Expr::Mul(vec![x.clone(), n(-2)]),
                r"x \left(-2\right)",
                true,
            ),
            (
                Expr::Mul(vec![n(2), c(Constant::Pi), s("r")]),
                r"2 \pi r",
                true,
            ),
            (
                Expr::Mul(vec![
                    Expr::Add(vec![x.clone(), n(1)]),
                    Expr::sub(x.clone(), n(1)),
                ]),
                r"\left(x + 1\right) \left(x - 1\right)",
                true,
            ),
            (s("x_10"), "x_{10}", true),
            (s("x_{i+1}"), "x_{i+1}", true),
            (s("alpha"), r"\alpha", true),
            (s("alpha_1"), r"\alpha_{1}", true),
            (s("Gamma"), r"\Gamma", true),
            (s("y'"), "y'", true),
            (s("abc"), r"\mathit{abc}", true),
            (s("e"), r"\mathit{e}", true),
            (s("d"), r"\mathit{d}", true),
            (
                integral(Expr::Mul(vec![s("d"), s("y")]), "x", None),
                r"\int \mathit{d} y \, dx",
                true,
            ),
            (Expr::Mul(vec![n(1), x.clone()]), "1 x", true),
            (s("pi"), r"\mathit{pi}", true),
            (
                Expr::Tuple(vec![
                    Expr::Relation(vec![x.clone(), n(1)], vec![RelOp::Eq]),
                    Expr::Tuple(vec![n(1), n(2)]),
                ]),
                r"\left(x = 1, \left(1, 2\right)\right)",
                true,
            ),
            (
                Expr::Number(Rational::from_integer(num_bigint::BigInt::from(10).pow(30))),
                "1000000000000000000000000000000",
                true,
            ),
            (
                Expr::Mul(vec![n(3), Expr::pow(n(10), n(-7))]),
                r"3 \cdot 10^{-7}",
                true,
            ),
            (
                Expr::Mul(vec![Expr::ratio(177, 50), Expr::pow(n(10), n(-1))]),
                r"\frac{\frac{177}{50}}{10}",
                false,
            ),
        ]
    }

    #[test]
    fn prints_and_reads_back() {
        for (e, latex, exact) in cases() {
            assert_eq!(to_latex(&e), latex, "{e:?}");
            if exact {
                assert_eq!(parse(latex), e, "{latex}");
            } else {
                // Equal up to canonicalization: printing the reparsed tree
                // gives the same LaTeX again.
                let again = parse(latex);
                assert_eq!(parse(&to_latex(&again)), again, "{latex}");
            }
        }
    }

    #[test]
    fn parse_print_parse_is_stable() {
        // For trees built by the parser, printing reads back to the same tree
        // (up to the marked exceptions, where it reads back to an equivalent
        // tree whose LaTeX is the same).
        let inexact = [
            r"0.1 + 0.25",
            r"\sqrt{400\cos^2(9\pi/44)}",
            r"1/2/3",
            r"\frac{a b}{c d}",
            r"\frac{1}{2}x",
            r"x \cdot 2 \cdot \frac{1}{2}",
        ];
        for input in [
            r"x^2 + \sin x",
            r"\frac{1}{2}",
            r"-\frac{10}{9}",
            r"3\sqrt{2}",
            r"\sqrt[3]{x}^2",
            r"2\pi r",
            r"(x+1)(x-1)",
            r"a - b - c",
            r"-2x + 3",
            r"x - (y + z)",
            r"x - (-y)",
            r"2 \cdot -3",
            r"\frac{a b}{c d}",
            r"\frac{1}{2}x",
            r"1/2/3",
            r"x^{-1}",
            r"x^{2/3}",
            r"e^{-x^2}",
            r"2^{3^{4}}",
            r"(-2)^x",
            r"-2^x",
            r"(x^2)^3",
            r"\sin^2 x + \cos^2 x = 1",
            r"\sin^{-1} x",
            r"\log_2 8",
            r"\ln|x| + C",
            r"\lg 100",
            r"\exp(x)",
            r"\max(1, 2, x)",
            r"\operatorname{f}(x)",
            r"\operatorname{sech}(x)",
            r"(1, 2)",
            r"1, 2, 3",
            r"[0, 1)",
            r"(0, 1]",
            r"[1, 2, 3]",
            r"\{1, 2\}",
            r"\{\}",
            r"(-\infty, 0) \cup (0, \infty)",
            r"A \cap B \cup C",
            r"\begin{pmatrix} 1 & 2 \\ 3 & 4 \end{pmatrix}",
            r"\begin{pmatrix} 1 \\ 2 \end{pmatrix}",
            r"x = 1, y = 2",
            r"a < b \le c",
            r"x \neq 3",
            r"1 \pm \sqrt{19}",
            r"a + b \pm c",
            r"a \pm b + c",
            r"\pm 2021",
            r"\{1\pm\sqrt{5},-2\}",
            r"28\%",
            r"(-5)\%",
            r"30^\circ",
            r"\sin 30^\circ",
            r"5\text{ m}",
            r"\text{Evelyn}",
            r"|x - 1| + |x|",
            r"||x| - 1|",
            r"\lfloor x \rfloor + \lceil y \rceil",
            r"n! + (n+1)!",
            r"\binom{n}{k}",
            r"\int_0^1 x^2 \, dx",
            r"\int \sin x \, dx",
            r"\int (x + 1) dx",
            r"\int_{0}^{\infty} e^{-t} dt = 1",
            r"x_1 + x_{10} + c_{n} + x_{i+1}",
            r"\alpha + \beta_2 + \varphi",
            r"y' + y''",
            r"\mathit{abc} + \mathit{e}",
            r"3 + 2i",
            r"e^{i\pi} + 1 = 0",
            r"0.1 + 0.25",
            r"10^{10^{10^{10}}}",
            r"\frac{\sqrt{\sqrt{11}+\sqrt{194}}}{15+2\sqrt{33}}",
            r"\frac{1}{3\sqrt[3]{x}^2}",
            r"\sqrt{400\cos^2(9\pi/44)}",
            r"10^{-\frac{5 + \sqrt{13}}{6}}",
            r"-2(x - 1)^2 + 5",
            r"y=-\frac{1}{2}x+\frac{3}{4}",
            r"2 \sin b \cos a",
            r"\frac{\pi r}{h+r}",
            r"\sqrt[n]{x}",
            r"1 - \frac{1}{\mathrm{e}}",
            r"\frac{2}{\frac{3}{4}}",
            r"x \cdot 2 \cdot \frac{1}{2}",
            r"\text{and}",
            r"2 \cdot 10^{5}",
        ] {
            let e = parse(input);
            let printed = to_latex(&e);
            let again = parse(&printed);
            assert_eq!(to_latex(&again), printed, "{input}");
            if !inexact.contains(&input) {
                assert_eq!(again, e, "{input} printed as {printed}");
            }
        }
    }

    #[test]
    fn deep_trees_print_without_recursion() {
        let mut e = s("x");
        for _ in 0..100_000 {
            e = Expr::pow(e, n(2));
        }
        let printed = to_latex(&e);
        assert!(printed.starts_with(r"\left(\left("));
        assert!(printed.ends_with(r"^{2}"));
        // The deep tree is dropped iteratively, one level at a time, so that
        // the test itself does not overflow the stack.
        let mut cur = e;
        while let Expr::Pow(b, _) = cur {
            cur = *b;
        }
    }

    /// Random LaTeX from fragments: parsing never panics, and what parses
    /// prints to LaTeX that parses again and prints the same.
    #[test]
    fn random_fragments() {
        const FRAGMENTS: &[&str] = &[
            "x",
            "y",
            "2",
            "10",
            "0.5",
            "+",
            "-",
            r"\cdot",
            "/",
            "^",
            "_",
            "{",
            "}",
            "(",
            ")",
            "[",
            "]",
            r"\{",
            r"\}",
            "|",
            r"\left(",
            r"\right)",
            r"\left|",
            r"\right|",
            r"\left]",
            r"\right[",
            r"\frac",
            r"\sqrt",
            r"\sin",
            "sin",
            r"\log",
            "_2",
            r"\pi",
            "e",
            "i",
            "=",
            "<",
            r"\le",
            ",",
            "!",
            r"\%",
            r"^\circ",
            r"\pm",
            r"\cup",
            r"\cap",
            r"\int",
            "dx",
            r"\text{m}",
            r"\mathrm{d}",
            r"\begin{pmatrix}",
            "&",
            r"\\",
            r"\end{pmatrix}",
            r"\infty",
            r"\alpha",
            "'",
            r"\operatorname{f}",
            r"\binom",
            r"\lfloor",
            r"\rfloor",
            " ",
            r"\mathrm{e}",
            "{,}",
            r"\,",
            "°",
            r"\mathit{ab}",
            r"\sqrt[3]",
            r"\ln",
            r"\exp",
            "$",
            r"\emptyset",
        ];
        let mut state = 0x9E37_79B9_7F4A_7C15_u64;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        let limits = Limits::default();
        let mut parsed = 0;
        for _ in 0..50_000 {
            let len = next() % 12 + 1;
            let mut input = String::new();
            for _ in 0..len {
                let k = usize::try_from(next() % FRAGMENTS.len() as u64).unwrap_or(0);
                input.push_str(FRAGMENTS.get(k).copied().unwrap_or(""));
            }
            let Ok(e) = parse_latex(&input, &limits) else {
                continue;
            };
            parsed += 1;
            let printed = to_latex(&e);
            let again = match parse_latex(&printed, &limits) {
                Ok(again) => again,
                Err(err) => panic!("{input:?} printed as {printed:?}: {err}"),
            };
            assert_eq!(to_latex(&again), printed, "{input:?}");
        }
        assert!(parsed > 1000, "only {parsed} random inputs parsed");
    }
}
