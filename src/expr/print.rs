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

use num_bigint::BigInt;
use num_traits::{One, Signed, ToPrimitive};

use super::ast::{Constant, Expr, Func, Rational, RelOp};
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
    let mut p = Printer::new(usize::MAX);
    p.expr(e);
    p.out
}

/// A printer writing one buffer front to back, so that work and output are
/// linear in the tree (nothing is cloned or printed twice). With a byte
/// `limit` it stops soon after the output reaches it: what it wrote is then a
/// prefix of the whole text (the canonicalizer orders terms by such prefixes,
/// [`cmp_printed`]).
pub(crate) struct Printer {
    /// The text written so far.
    pub(crate) out: String,
    limit: usize,
}

impl Printer {
    /// A printer that stops after about `limit` bytes (`usize::MAX`: never).
    pub(crate) fn new(limit: usize) -> Printer {
        Printer {
            // Most texts are short: one allocation instead of a series of
            // doublings from 8 bytes.
            out: String::with_capacity(limit.saturating_add(16).min(64)),
            limit,
        }
    }

    /// Whether the limit is reached (the rest of the text is skipped).
    fn full(&self) -> bool {
        self.out.len() >= self.limit
    }

    /// Appends `s` unless the limit is reached: once it is, nothing more is
    /// written, so the output stays a prefix of the whole text.
    fn text(&mut self, s: &str) {
        if !self.full() {
            self.out.push_str(s);
        }
    }

    fn char(&mut self, c: char) {
        if !self.full() {
            self.out.push(c);
        }
    }

    fn fmt(&mut self, args: std::fmt::Arguments<'_>) {
        if !self.full() {
            let _ = self.out.write_fmt(args);
        }
    }

    /// An integer in decimal, through `i64` when it fits (faster than the
    /// big-integer conversion, same digits).
    fn int(&mut self, n: &BigInt) {
        match n.to_i64() {
            Some(v) => self.decimal(v < 0, v.unsigned_abs()),
            None => self.fmt(format_args!("{n}")),
        }
    }

    /// `|n|` in decimal.
    fn magnitude(&mut self, n: &BigInt) {
        match n.to_i64() {
            Some(v) => self.decimal(false, v.unsigned_abs()),
            None => self.fmt(format_args!("{}", n.magnitude())),
        }
    }

    /// `v` in decimal digits after a minus sign when `negative`, written at
    /// once (as `format!` would) without the formatting machinery.
    fn decimal(&mut self, negative: bool, v: u64) {
        // (Sign and digits written together, as one piece of the text.)
        if !self.full() {
            if negative {
                self.out.push('-');
            }
            let mut buf = [0; 20];
            let digits = crate::text::decimal_digits(v, &mut buf);
            self.out
                .push_str(std::str::from_utf8(digits).unwrap_or("0"));
        }
    }

    /// Whether the whole text was written (not cut at the limit).
    pub(crate) fn complete(&self) -> bool {
        !self.full()
    }
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
        Expr::Pow(b, x) => {
            if pow_parts(b, x).is_some() {
                Prec::Atom // sqrt(…), exp(…)
            } else {
                Prec::Pow
            }
        }
        _ => Prec::Atom,
    }
}

/// Whether `r` is the number `n/d` (`d` > 0), without building it.
fn is_ratio(r: &Rational, n: i64, d: i64) -> bool {
    match (r.numer().to_i64(), r.denom().to_i64()) {
        (Some(p), Some(q)) => i128::from(p) * i128::from(d) == i128::from(q) * i128::from(n),
        _ => *r == Rational::new(BigInt::from(n), BigInt::from(d)),
    }
}

/// For powers printed as functions (`sqrt(x)`, `exp(x)`), the function name;
/// otherwise `None`.
fn pow_parts(b: &Expr, x: &Expr) -> Option<&'static str> {
    if matches!(b, Expr::Constant(Constant::E)) {
        return Some("exp");
    }
    match x.as_number() {
        Some(r) if is_ratio(r, 1, 2) => Some("sqrt"),
        _ => None,
    }
}

fn is_negative_term(e: &Expr) -> bool {
    match e {
        Expr::Number(r) => r.is_negative(),
        Expr::Mul(fs) => matches!(fs.first(), Some(Expr::Number(r)) if r.is_negative()),
        _ => false,
    }
}

/// How a factor of a product prints: in the numerator, in the denominator
/// (a power with a negative number exponent), or into the coefficient.
enum Part<'a> {
    Coefficient,
    Numerator(&'a Expr),
    Denominator(&'a Expr, &'a Rational),
}

fn part(f: &Expr) -> Part<'_> {
    match f {
        Expr::Number(_) => Part::Coefficient,
        Expr::Pow(b, x) => match x.as_number() {
            Some(r) if r.is_negative() => Part::Denominator(b, r),
            _ => Part::Numerator(f),
        },
        other => Part::Numerator(other),
    }
}

impl Printer {
    fn paren(&mut self, e: &Expr, min: Prec) {
        if prec(e) < min {
            self.char('(');
            self.expr(e);
            self.char(')');
        } else {
            self.expr(e);
        }
    }

    fn list(&mut self, items: &[Expr]) {
        for (i, x) in items.iter().enumerate() {
            if self.full() {
                return;
            }
            if i > 0 {
                self.text(", ");
            }
            self.expr(x);
        }
    }

    fn number(&mut self, r: &Rational) {
        self.int(r.numer());
        if !r.denom().is_one() {
            self.char('/');
            self.int(r.denom());
        }
    }

    /// `b ** x` with `x` positive or not a number (`sqrt(b)`, `exp(x)`).
    fn power(&mut self, b: &Expr, x: &Expr) {
        if let Some(name) = pow_parts(b, x) {
            let arg = if name == "exp" { x } else { b };
            self.text(name);
            self.char('(');
            self.expr(arg);
            self.char(')');
            return;
        }
        self.paren(b, Prec::Atom);
        self.text("**");
        if matches!(x, Expr::Set(_)) {
            // Braces right after `**` group the exponent when read back: a
            // set exponent is parenthesized.
            self.char('(');
            self.expr(x);
            self.char(')');
        } else {
            self.paren(x, Prec::Atom);
        }
    }

    /// `b ** (−r)` for a negative `r`, as a factor of a denominator (never
    /// parenthesized: `x`, `(x + 1)`, `x**2`, `sqrt(x)`).
    fn reciprocal(&mut self, b: &Expr, r: &Rational) {
        if is_ratio(r, -1, 1) {
            self.paren(b, Prec::Pow);
        } else {
            self.power(b, &Expr::Number(-r.clone()));
        }
    }

    /// A product of `coeff` (1 when `None`) and the factors `fs`:
    /// `-3*x/4`, `x/(2*y)`.
    fn mul(&mut self, coeff: Option<&Rational>, fs: &[Expr]) {
        let mut numbers = fs.iter().filter_map(Expr::as_number);
        let product;
        let coeff: &Rational = match (coeff, numbers.next(), numbers.next()) {
            (None, None, _) => {
                product = Rational::one();
                &product
            }
            (Some(c), None, _) | (None, Some(c), None) => c,
            (c, Some(first), second) => {
                let mut acc = c.cloned().unwrap_or_else(Rational::one);
                acc *= first;
                for r in second.into_iter().chain(numbers) {
                    acc *= r;
                }
                product = acc;
                &product
            }
        };
        let numerators = fs
            .iter()
            .filter(|f| matches!(part(f), Part::Numerator(_)))
            .count();
        if coeff.is_negative() {
            self.char('-');
        }
        let mut first = true;
        if !coeff.numer().magnitude().is_one() || numerators == 0 {
            self.magnitude(coeff.numer());
            first = false;
        }
        for f in fs {
            if self.full() {
                return;
            }
            if let Part::Numerator(f) = part(f) {
                if !first {
                    self.char('*');
                }
                first = false;
                self.paren(f, Prec::Mul);
            }
        }
        let q = coeff.denom();
        let denominators = usize::from(!q.is_one())
            + fs.iter()
                .filter(|f| matches!(part(f), Part::Denominator(..)))
                .count();
        if denominators == 0 {
            return;
        }
        self.char('/');
        if denominators > 1 {
            self.char('(');
        }
        let mut first = true;
        if !q.is_one() {
            self.int(q);
            first = false;
        }
        for f in fs {
            if self.full() {
                return;
            }
            if let Part::Denominator(b, r) = part(f) {
                if !first {
                    self.char('*');
                }
                first = false;
                self.reciprocal(b, r);
            }
        }
        if denominators > 1 {
            self.char(')');
        }
    }

    /// Writes the product of the factors `fs`, as `Expr::Mul(fs)` prints.
    pub(crate) fn product(&mut self, fs: &[Expr]) {
        self.mul(None, fs);
    }

    /// A negative term after ` - `, printed as its negation.
    fn negated_term(&mut self, t: &Expr) {
        match t {
            Expr::Number(r) => self.number(&-r.clone()),
            Expr::Mul(fs) => {
                let (c, rest) = match fs.split_first() {
                    Some((Expr::Number(r), rest)) => (-r.clone(), rest),
                    _ => (Rational::one(), fs.as_slice()),
                };
                let c = (!c.is_one()).then_some(c);
                match (&c, rest) {
                    (Some(c), []) => self.number(c),
                    (None, [f]) => self.paren(f, Prec::Mul),
                    (c, rest) => self.mul(c.as_ref(), rest),
                }
            }
            other => self.paren(other, Prec::Mul),
        }
    }

    fn sum(&mut self, ts: &[Expr]) {
        // A sum that would start with a minus sign and ends with a positive
        // number prints the number first, as SymPy does: 1 - x.
        let rotate = matches!(
            (ts.first(), ts.last()),
            (Some(first), Some(Expr::Number(r)))
                if ts.len() > 1 && is_negative_term(first) && r.is_positive()
        );
        let (head, body) = match ts.split_last() {
            Some((last, init)) if rotate => (Some(last), init),
            _ => (None, ts),
        };
        for (i, t) in head.into_iter().chain(body).enumerate() {
            if self.full() {
                return;
            }
            if i == 0 {
                self.paren(t, Prec::Add);
            } else if is_negative_term(t) {
                self.text(" - ");
                self.negated_term(t);
            } else {
                self.text(" + ");
                self.paren(t, Prec::Add);
            }
        }
    }

    /// Writes `e` (stops early once the limit is reached).
    pub(crate) fn expr(&mut self, e: &Expr) {
        if self.full() {
            return;
        }
        match e {
            Expr::Number(r) => self.number(r),
            Expr::Constant(c) => self.text(match c {
                Constant::Pi => "pi",
                Constant::E => "E",
                Constant::I => "I",
                Constant::Infinity => "oo",
                Constant::Undefined => "nan",
            }),
            Expr::Symbol(s) => self.text(s),
            Expr::Text(t) => {
                self.fmt(format_args!("Text({t:?})"));
            }
            Expr::Add(ts) => self.sum(ts),
            Expr::Mul(fs) => self.mul(None, fs),
            Expr::Pow(b, x) => match x.as_number() {
                Some(r) if r.is_negative() && pow_parts(b, x).is_none() => {
                    // A lone reciprocal: 1/x, 1/x**2, 1/sqrt(x).
                    self.text("1/");
                    self.reciprocal(b, r);
                }
                _ => self.power(b, x),
            },
            Expr::Func(f, args) => {
                match f {
                    // An unknown function of at most one argument reads back as a call
                    // only under a conventional function name (f, g, u, phi…);
                    // otherwise `K(x)` would read as a product.
                    Func::Named(n) if args.len() <= 1 && !reads_as_function(n) => {
                        self.fmt(format_args!("Function({n:?})"));
                    }
                    _ => self.text(f.name()),
                }
                self.char('(');
                self.list(args);
                self.char(')');
            }
            Expr::Relation(sides, ops) => self.relation(sides, ops),
            Expr::PlusMinus(a, b) => self.call("PlusMinus(", &[a, b]),
            Expr::Tuple(v) => {
                self.char('(');
                self.list(v);
                if v.len() == 1 {
                    self.char(',');
                }
                self.char(')');
            }
            Expr::Set(v) => {
                self.char('{');
                self.list(v);
                self.char('}');
            }
            Expr::Interval(i) => self.call(
                match (i.lo_closed, i.hi_closed) {
                    (true, true) => "Interval(",
                    (false, false) => "Interval.open(",
                    (false, true) => "Interval.Lopen(",
                    (true, false) => "Interval.Ropen(",
                },
                &[&i.lo, &i.hi],
            ),
            Expr::Union(v) | Expr::Intersection(v) => {
                self.text(if matches!(e, Expr::Union(_)) {
                    "Union("
                } else {
                    "Intersection("
                });
                self.list(v);
                self.char(')');
            }
            Expr::Matrix(rows) => {
                self.text("Matrix([");
                for (i, r) in rows.iter().enumerate() {
                    if self.full() {
                        return;
                    }
                    if i > 0 {
                        self.text(", ");
                    }
                    self.char('[');
                    self.list(r);
                    self.char(']');
                }
                self.text("])");
            }
            Expr::Percent(x) => self.call("Percent(", &[x]),
            Expr::Degrees(x) => self.call("Degrees(", &[x]),
            Expr::Integral(i) => {
                self.text("Integral(");
                self.expr(&i.integrand);
                match &i.bounds {
                    Some((a, b)) => {
                        self.fmt(format_args!(", ({}, ", i.var));
                        self.expr(a);
                        self.text(", ");
                        self.expr(b);
                        self.text("))");
                    }
                    None => {
                        self.fmt(format_args!(", {})", i.var));
                    }
                }
            }
        }
    }

    /// `name(a, b, …)` where `name` ends with its `(`.
    fn call(&mut self, name: &str, args: &[&Expr]) {
        self.text(name);
        for (i, a) in args.iter().enumerate() {
            if i > 0 {
                self.text(", ");
            }
            self.expr(a);
        }
        self.char(')');
    }

    fn relation(&mut self, sides: &[Expr], ops: &[RelOp]) {
        if let ([a, b], [op @ (RelOp::Eq | RelOp::Ne)]) = (sides, ops) {
            let name = if *op == RelOp::Eq { "Eq(" } else { "Ne(" };
            self.call(name, &[a, b]);
            return;
        }
        for (i, s) in sides.iter().enumerate() {
            if self.full() {
                return;
            }
            if i > 0 {
                let op = ops.get(i - 1).map_or("?", |o| o.symbol());
                self.char(' ');
                self.text(op);
                self.char(' ');
            }
            self.paren(s, Prec::Add);
        }
    }
}

/// The order of the infix texts of two expressions (byte order, as
/// `String`'s), printed `a` by `print_a` and `b` by `print_b`, reading only as
/// much of each text as the first difference needs: prefixes of growing
/// length are printed until one differs or ends. The work is about the
/// length of the shorter text or of the common prefix, whichever is less, so
/// ordering a large subtree against a small one does not print the large one.
pub(crate) fn cmp_printed(
    print_a: &dyn Fn(&mut Printer),
    print_b: &dyn Fn(&mut Printer),
    first_limit: usize,
) -> std::cmp::Ordering {
    let mut limit = first_limit.max(16);
    loop {
        let (mut a, mut b) = (Printer::new(limit), Printer::new(limit));
        print_a(&mut a);
        print_b(&mut b);
        if let Some(o) = cmp_prefixes(&a.out, a.complete(), &b.out, b.complete()) {
            return o;
        }
        limit = limit.saturating_mul(4);
    }
}

/// The order of two texts known by prefixes (`complete`: the whole text),
/// or `None` when the prefixes do not decide it.
pub(crate) fn cmp_prefixes(
    a: &str,
    a_complete: bool,
    b: &str,
    b_complete: bool,
) -> Option<std::cmp::Ordering> {
    use std::cmp::Ordering;
    let n = a.len().min(b.len());
    match a.as_bytes()[..n].cmp(&b.as_bytes()[..n]) {
        Ordering::Equal => {}
        o => return Some(o),
    }
    match (a_complete, b_complete) {
        (true, true) => Some(a.len().cmp(&b.len())),
        // `a` ended where `b` goes on.
        (true, false) if a.len() == n => Some(Ordering::Less),
        (false, true) if b.len() == n => Some(Ordering::Greater),
        _ => None,
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
    fn integers_print_as_their_decimal_digits() {
        // The machine-integer path writes what `format!` writes, at the
        // ends of the i64 range too, and big integers keep their digits.
        for v in [0, 7, -7, 10, -100, i64::MAX, i64::MIN, i64::MIN + 1] {
            assert_eq!(to_infix(&Expr::int(v)), v.to_string());
        }
        let big: BigInt = BigInt::from(i64::MAX) * 10u32;
        assert_eq!(
            to_infix(&Expr::Number(Rational::from_integer(big.clone()))),
            big.to_string()
        );
        assert_eq!(to_infix(&Expr::ratio(-3, 4)), "-3/4");
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

    /// Trees of every kind of node, parsed from infix text (not canonical:
    /// the printer works on any tree).
    fn samples() -> Vec<Expr> {
        use crate::expr::parse::infix::parse_infix;
        [
            "x**2 - 2*x + 1",
            "-3*x*y/(4*z*sqrt(2))",
            "(pi + 2)/(3*x*g(y) - y + oo) - (x/117)**(2/3)",
            "Eq(F, m*a) + 1/x**2 - exp(-x)",
            "{1, 2/3, -x} + Interval.Lopen(0, 1)",
            "PlusMinus(1, sqrt(3))/2",
            "Matrix([[1, 2], [3, 4]])",
            "sin(cos(tan(x + 12345678901234567890123)))",
        ]
        .iter()
        .map(|t| parse_infix(t, &Limits::default()).unwrap())
        .collect()
    }

    #[test]
    fn a_limited_printer_writes_a_prefix_of_the_text() {
        for raw in samples() {
            for e in [canonical(&raw, &Limits::default()).unwrap(), raw] {
                let whole = to_infix(&e);
                for limit in 0..=whole.len() + 1 {
                    let mut p = Printer::new(limit);
                    p.expr(&e);
                    assert!(
                        whole.starts_with(&p.out),
                        "{whole:?} at {limit}: {:?}",
                        p.out
                    );
                    assert_eq!(p.complete(), limit > whole.len(), "{whole:?} at {limit}");
                    if p.complete() {
                        assert_eq!(p.out, whole);
                    }
                }
            }
        }
    }

    #[test]
    fn printed_order_is_the_order_of_the_texts() {
        let all = samples();
        for a in &all {
            for b in &all {
                let want = to_infix(a).cmp(&to_infix(b));
                let got = cmp_printed(&|p| p.expr(a), &|p| p.expr(b), 1);
                assert_eq!(got, want, "{} vs {}", to_infix(a), to_infix(b));
            }
        }
    }
}
