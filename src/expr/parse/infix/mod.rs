//! Infix expressions as LLMs and SymPy write them: `x**2 + sin(x)`,
//! `exp(-x)*cos(x)`, `2x + 3`, `Eq(u(x), x**2)`, `Interval.open(0, 1)`.
//!
//! [`parse_infix`] reads the text into a raw [`Expr`] (not canonicalized:
//! `a - b` is `a + (-1)·b`, `a/b` is `a·b^(-1)`, `sqrt(x)` is `x^(1/2)`).
//!
//! # Grammar
//!
//! From the loosest to the tightest binding:
//!
//! | level | operators | associativity |
//! |---|---|---|
//! | list | `a, b` (a tuple) | n-ary |
//! | relation | `=` `==` `!=` `<` `<=` `>` `>=` `≤` `≥` `≠` | chains `a < b <= c` |
//! | sum | `+` `-` `±` | left |
//! | product | `*` `/` `·` `×` `÷`, implicit multiplication | left |
//! | prefix | unary `-` `+` `±` | |
//! | power | `**` `^`, superscripts `x²` | right; the exponent may start with a unary sign |
//! | root | prefix `√` | |
//! | postfix | `!` (factorial), `%` (percent), `°` (degrees) | |
//!
//! So `-x**2` is `-(x²)`, `2**-1` is `1/2`, `2**3**2` is `2⁹`, `a/b*c` is
//! `(a/b)·c` and `1/2x` is `x/2` (implicit multiplication binds like `*`, as
//! in SymPy's `implicit_multiplication`). `3!=6` is `Ne(3, 6)` (the longest
//! operator wins, as in Python).
//!
//! # Names
//!
//! * Constants: `pi` `π`; `E` and `e` (Euler's number: **`e` differs from
//!   SymPy's `parse_expr`, where it is a plain symbol**); `I` (imaginary unit;
//!   lower-case `i` is a symbol); `oo`, `inf`, `infinity`, `Infinity`, `∞`;
//!   `nan`, `NaN`, `zoo` ([`Constant::Undefined`](crate::expr::Constant::Undefined)); `EmptySet`, `S.EmptySet`.
//! * Functions: every name of [`Func::from_name`] (`sin`, `arcsin`, `ln`,
//!   `abs`, `Abs`, `ceil`, `binomial`, `Max`…) with its arity (`log(x)` is
//!   natural, `log(x, b)` has base `b`, `ln` takes one argument, `Max`/`Min`
//!   one or more); `sqrt`, `cbrt`, `root(x, n)` (`x^(1/n)`), `exp`;
//!   `log_2(x)`, `log_b(x)`, `log_{10}(x)` (base in the name).
//! * SymPy constructors: `Eq` `Ne` `Lt` `Le` `Gt` `Ge`, `Integral(f, x)`,
//!   `Integral(f, (x, a, b))` (more variables nest: `Integral(f, x, y)` is
//!   `Integral(Integral(f, x), y)`), `Interval(a, b)` (closed) and its
//!   four-argument form `Interval(a, b, True, False)`, `Interval.open`,
//!   `Interval.Lopen` (left open), `Interval.Ropen`, `Union`, `Intersection`
//!   (kept as written, even with zero or one argument: the canonicalizer
//!   simplifies), `FiniteSet`, `Matrix([[1, 2], [3, 4]])` (also
//!   `Matrix([1, 2])`, a column, and `Matrix(2, 2, [1, 2, 3, 4])`), `Tuple`,
//!   `Function("K")(x)` (an unknown function of any name, see
//!   [`reads_as_function`]); and the printer's forms for
//!   nodes SymPy lacks: `PlusMinus(a, b)` (`PlusMinus(b)` is `0 ± b`),
//!   `Percent(x)`, `Degrees(x)`, `Text("words")`.
//! * Brackets: `(a)` groups, `(a, b)`, `(a,)`, `()` and `[a, b]` are tuples
//!   (`[a]` too), `{a, b}` is a set, `|x|` is `Abs(x)`. Braces right after
//!   `^` group the exponent as in LaTeX (`x^{2}` is `x**2`, `e^{-x}`,
//!   `2^{1+1}`); they hold exactly one expression (`x^{1,2}` is an error).
//! * Identifiers: a letter, then ASCII letters, digits and `_`, then primes:
//!   `xy`, `alpha`, `c1`, `c_1`, `x_10`, `y'`; `x_{10}` is read as `x_10`.
//!   A Greek letter is its name (`θ` is the symbol `theta`, `θ_1` is
//!   `theta_1`); a non-ASCII letter ends an identifier (`rθ` is `r·θ`).
//! * Strings: `"…"` or `'…'` with Rust's escapes (`\"`, `\'`, `\\`, `\n`,
//!   `\t`, `\r`, `\0`, `\u{…}`; another backslash is kept), read as
//!   [`Expr::Text`]; a `'` right after a name is a prime, not a quote.
//!
//! # Function application or multiplication
//!
//! A name followed by `(`:
//!
//! 1. a function or constructor above: applied (`sin(x)`, `Abs(x)`);
//! 2. a constant: multiplied (`pi(x+1)`, `e(x)` is `e·x`);
//! 3. otherwise applied as [`Func::Named`] when the parentheses hold two or
//!    more arguments (`K(x, t)`), or when the name is conventionally a
//!    function: its base (the name without a `_…` subscript and trailing
//!    digits or primes) is one of `f g h u v w y F G H U V W Y`, `phi`,
//!    `psi`, `Phi`, `Psi`, `gamma`, `Gamma`, `beta`, `zeta`, or is a word of
//!    two or more letters that is not another Greek letter (`f(x)`, `u(t)`,
//!    `y'(x)`, `f_1(x)`, `erf(x)`);
//! 4. otherwise multiplied: `x(1-x)` is `x·(1-x)`, `c_1(x+1)` and
//!    `alpha(x+1)` are products, and `2^x(1+x)` is `2^x·(1+x)`.
//!
//! # Implicit multiplication
//!
//! Two operands side by side are multiplied when the second one starts with a
//! name, `(`, `√` or (outside `|…|`) `|`: `2x`, `2 x`, `2(x+1)`, `(x+1)(x-1)`,
//! `2pi`, `3sqrt(2)`, `x y`, `2|x|`. An operand that starts with a number is
//! never implicitly multiplied (`2 3`, `x 2` and `(x)2` are errors: they are
//! more likely a typo or a thousands separator than a product).
//!
//! A function of one argument may also be applied without parentheses,
//! as LaTeX does: `sin x`, `ln 2`, `sin 2x` (`sin(2·x)`), `sin x cos x`
//! (`sin(x)·cos(x)`: the argument is an implicit product that stops before
//! the next function name or any explicit operator, `sin x + 1` is
//! `sin(x) + 1`), and a positive integer power may sit on the name:
//! `sin^2(x)`, `sin**2 x` are `sin(x)²`.
//!
//! # Bounds
//!
//! The input length is checked first ([`Limits::check_input`]). Every
//! operand parsed inside another construct (a bracket, a function's
//! arguments, the operand of a prefix or binary operator) and every node
//! stacked in place on a left operand (`x!!`, `a ± b ± c`) is one level of
//! nesting, counted against [`Limits::max_depth`]: `((x))` is 3 levels,
//! `-(-x)` 4, and the default 200 allows 199 nested brackets. The
//! parser never goes deeper than [`HARD_MAX_DEPTH`] whatever the limits say
//! (about 1 MiB of stack in an unoptimized build), so 100,000 nested `(` are
//! refused after a few hundred steps without overflowing anything. Sums,
//! products and relation chains are built flat (`a + b + c` is one `Add`),
//! so long sums do not nest.
//!
//! A number literal may have at most [`Limits::max_digits`] digits, its
//! exponent at most [`Limits::max_exponent`] in magnitude (`1e999999999` is
//! refused, even `0e999999999`), and its exact value at most `max_digits`
//! digits in numerator and denominator (`1e50000` is refused before anything
//! is allocated). The tree is finally checked against [`Limits::max_nodes`].
//!
//! # Differences with the document
//!
//! Compared with SymPy's `parse_expr`, which the documents' code uses:
//!
//! * `e` is Euler's number (SymPy: a symbol `e`); `inf` and `infinity` are
//!   `∞`.
//! * Numbers are exact: `0.1` is `1/10`, `3.54e-07` is `354·10⁻⁹`.
//! * `%` is a percentage, never the modulo operator.
//! * Unknown names applied to parentheses follow the rules above instead of
//!   always being functions (`auto_symbol`) or always products
//!   (`implicit_multiplication`).
//! * `1,000` is the tuple `(1, 0)`, as in SymPy: thousands separators are the
//!   extraction layer's business.
//! * Unicode operators are accepted: `−` `–` `·` `⋅` `×` `∗` `÷` `±` `√` `π`
//!   `∞` `≤` `≥` `≠` `°`, superscript exponents `x²`, `x⁻¹`.

use std::ops::Range;

use num_bigint::BigInt;
use num_traits::{Signed, ToPrimitive, Zero};

use crate::expr::ast::{Expr, Func, Integral, Interval, Rational, RelOp};
use crate::expr::error::{ExprError, ParseError};
pub use crate::expr::lexicon::reads_as_function;
use crate::expr::lexicon::{
    DigitBudget, Known, constant, conventionally_function, is_ident_start, known, number_value,
    scan_identifier, scan_number,
};
use crate::expr::limits::Limits;

/// The deepest the parser ever recurses, whatever [`Limits::max_depth`] says.
///
/// Deeper input is refused with
/// [`ExprError::BudgetExceeded`] (`which = "nesting depth"`), so that a
/// caller raising `max_depth` cannot make the parser overflow its stack.
pub const HARD_MAX_DEPTH: usize = 256;

/// Parses an infix expression (SymPy / LLM style) into a raw expression.
///
/// See the [module documentation](self) for the grammar, the names and the
/// bounds. Errors are [`ExprError::Parse`] with the span of the offending
/// text, or [`ExprError::BudgetExceeded`].
///
/// ```
/// use scorespec::expr::parse::infix::parse_infix;
/// use scorespec::expr::{Expr, Func, Limits};
///
/// let e = parse_infix("x**2 + sin(x)", &Limits::default()).unwrap();
/// let x = Expr::sym("x");
/// assert_eq!(
///     e,
///     Expr::Add(vec![
///         Expr::pow(x.clone(), Expr::int(2)),
///         Expr::func(Func::Sin, x),
///     ])
/// );
/// // Implicit multiplication and exact decimals.
/// assert_eq!(
///     parse_infix("0.5x", &Limits::default()).unwrap(),
///     Expr::Mul(vec![Expr::ratio(1, 2), Expr::sym("x")])
/// );
/// // Errors carry a span.
/// let err = parse_infix("x +", &Limits::default()).unwrap_err();
/// assert!(err.to_string().starts_with("expected an expression after '+'"));
/// ```
pub fn parse_infix(text: &str, limits: &Limits) -> Result<Expr, ExprError> {
    limits.check_input(text)?;
    let toks = lex(text, limits)?;
    if toks.is_empty() {
        return Err(ParseError::new("empty input", 0..0, text).into());
    }
    let mut p = Parser {
        text,
        toks,
        pos: 0,
        depth: 0,
        abs_depth: 0,
        limits,
    };
    let e = p.parse_top()?;
    limits.check_nodes(e.node_count())?;
    Ok(e)
}

mod calls;
mod lexer;
mod parser;

use lexer::*;
use parser::*;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::expr::ast::Constant;

    fn p(s: &str) -> Expr {
        match parse_infix(s, &Limits::default()) {
            Ok(e) => e,
            Err(err) => panic!("{s:?} did not parse: {err}"),
        }
    }

    fn perr(s: &str) -> ParseError {
        match parse_infix(s, &Limits::default()) {
            Err(ExprError::Parse(e)) => e,
            other => panic!("{s:?}: expected a parse error, got {other:?}"),
        }
    }

    fn budget(s: &str, limits: &Limits) -> &'static str {
        match parse_infix(s, limits) {
            Err(ExprError::BudgetExceeded { which, .. }) => which,
            other => panic!("expected BudgetExceeded, got {other:?}"),
        }
    }

    fn x() -> Expr {
        Expr::sym("x")
    }
    fn y() -> Expr {
        Expr::sym("y")
    }
    fn n(i: i64) -> Expr {
        Expr::int(i)
    }
    fn add(v: Vec<Expr>) -> Expr {
        Expr::Add(v)
    }
    fn mul(v: Vec<Expr>) -> Expr {
        Expr::Mul(v)
    }
    fn pow(a: Expr, b: Expr) -> Expr {
        Expr::pow(a, b)
    }
    fn f1(f: Func, a: Expr) -> Expr {
        Expr::func(f, a)
    }
    fn c(k: Constant) -> Expr {
        Expr::Constant(k)
    }
    fn named(name: &str, args: Vec<Expr>) -> Expr {
        Expr::Func(Func::Named(name.to_string()), args)
    }
    fn rel(sides: Vec<Expr>, ops: Vec<RelOp>) -> Expr {
        Expr::Relation(sides, ops)
    }
    fn big_limits() -> Limits {
        Limits {
            max_input_bytes: 4 << 20,
            ..Limits::default()
        }
    }

    // --- The documents' examples.

    #[test]
    fn document_examples() {
        assert_eq!(
            p("x**2 + sin(x)"),
            add(vec![pow(x(), n(2)), f1(Func::Sin, x())])
        );
        assert_eq!(
            p("exp(-x)*cos(x)"),
            mul(vec![Expr::exp(Expr::neg(x())), f1(Func::Cos, x())])
        );
        assert_eq!(p("x^2 + sin(x)"), p("x**2 + sin(x)"));
        assert_eq!(
            p("-x**2 + sin(x)"),
            add(vec![Expr::neg(pow(x(), n(2))), f1(Func::Sin, x())])
        );
    }

    // --- Numbers.

    #[test]
    fn exact_numbers() {
        assert_eq!(p("0.1"), Expr::ratio(1, 10));
        assert_eq!(p("3.54e-07"), Expr::ratio(354, 1_000_000_000));
        assert_eq!(p("1.5E+3"), n(1500));
        assert_eq!(p("1.5e3"), n(1500));
        assert_eq!(p(".5"), Expr::ratio(1, 2));
        assert_eq!(p("1."), n(1));
        assert_eq!(p("007"), n(7));
        assert_eq!(p("0e5"), n(0));
        assert_eq!(p("2.50"), Expr::ratio(5, 2));
        assert_eq!(p("-3"), n(-3));
        assert_eq!(
            p("123456789012345678901234567890"),
            Expr::Number(Rational::from_integer(
                "123456789012345678901234567890".parse().unwrap()
            ))
        );
    }

    #[test]
    fn exponent_marker_needs_digits() {
        let e = c(Constant::E);
        assert_eq!(p("2e"), mul(vec![n(2), e.clone()]));
        assert_eq!(p("2E"), mul(vec![n(2), e.clone()]));
        assert_eq!(
            p("2e-x"),
            add(vec![mul(vec![n(2), e.clone()]), Expr::neg(x())])
        );
        assert_eq!(p("2e3x"), mul(vec![n(2000), x()]));
        assert_eq!(p("2ex"), mul(vec![n(2), Expr::sym("ex")]));
    }

    // --- Constants and names.

    #[test]
    fn constants() {
        assert_eq!(p("pi"), c(Constant::Pi));
        assert_eq!(p("π"), c(Constant::Pi));
        assert_eq!(p("E"), c(Constant::E));
        assert_eq!(p("e"), c(Constant::E));
        assert_eq!(p("I"), c(Constant::I));
        assert_eq!(p("i"), Expr::sym("i"));
        assert_eq!(p("oo"), c(Constant::Infinity));
        assert_eq!(p("∞"), c(Constant::Infinity));
        assert_eq!(p("inf"), c(Constant::Infinity));
        assert_eq!(p("-oo"), Expr::neg(c(Constant::Infinity)));
        assert_eq!(p("nan"), c(Constant::Undefined));
        assert_eq!(p("zoo"), c(Constant::Undefined));
        assert_eq!(p("EmptySet"), Expr::Set(vec![]));
        assert_eq!(p("S.EmptySet"), Expr::Set(vec![]));
        assert_eq!(p("e^x"), Expr::exp(x()));
        assert_eq!(p("E**x"), p("exp(x)"));
        assert_eq!(p("2*I"), mul(vec![n(2), c(Constant::I)]));
    }

    #[test]
    fn identifiers() {
        for name in [
            "xy", "alpha", "theta", "c1", "c_1", "x_10", "C", "y'", "y''", "x_",
        ] {
            assert_eq!(p(name), Expr::sym(name), "{name}");
        }
        assert_eq!(p("x_{10}"), Expr::sym("x_10"));
        assert_eq!(p("θ"), Expr::sym("theta"));
        assert_eq!(p("θ_1"), Expr::sym("theta_1"));
        assert_eq!(p("λ"), Expr::sym("lambda"));
        assert_eq!(p("rθ"), mul(vec![Expr::sym("r"), Expr::sym("theta")]));
        assert_eq!(p("2πr"), mul(vec![n(2), c(Constant::Pi), Expr::sym("r")]));
        assert_eq!(perr("S.Reals").message, "unknown name 'S.Reals'");
    }

    // --- Functions.

    #[test]
    fn roots_and_exponentials() {
        assert_eq!(p("sqrt(x)"), Expr::sqrt(x()));
        assert_eq!(p("root(x, 3)"), pow(x(), Expr::ratio(1, 3)));
        assert_eq!(p("root(x, n)"), pow(x(), pow(Expr::sym("n"), n(-1))));
        assert_eq!(p("root(x, 0)"), pow(x(), pow(n(0), n(-1))));
        assert_eq!(p("cbrt(x)"), pow(x(), Expr::ratio(1, 3)));
        assert_eq!(p("exp(x)"), Expr::exp(x()));
        assert_eq!(p("√2"), Expr::sqrt(n(2)));
        assert_eq!(p("√(x+1)"), Expr::sqrt(add(vec![x(), n(1)])));
        assert_eq!(p("√x^2"), pow(Expr::sqrt(x()), n(2)));
        assert_eq!(p("2√x"), mul(vec![n(2), Expr::sqrt(x())]));
    }

    #[test]
    fn absolute_values() {
        let abs = f1(Func::Abs, x());
        assert_eq!(p("Abs(x)"), abs);
        assert_eq!(p("abs(x)"), abs);
        assert_eq!(p("|x|"), abs);
        assert_eq!(p("2|x|"), mul(vec![n(2), abs.clone()]));
        assert_eq!(p("|x| + |y|"), add(vec![abs.clone(), f1(Func::Abs, y())]));
        assert_eq!(
            p("|x - |y||"),
            f1(Func::Abs, add(vec![x(), Expr::neg(f1(Func::Abs, y()))]))
        );
        assert_eq!(p("|(2|x|)|"), f1(Func::Abs, mul(vec![n(2), abs.clone()])));
        assert_eq!(perr("|x").message, "unclosed '|'");
    }

    #[test]
    fn logarithms() {
        assert_eq!(p("log(x)"), f1(Func::Log, x()));
        assert_eq!(p("ln(x)"), f1(Func::Log, x()));
        assert_eq!(p("log(x, 2)"), Expr::Func(Func::Log, vec![x(), n(2)]));
        assert_eq!(p("log_2(8)"), Expr::Func(Func::Log, vec![n(8), n(2)]));
        assert_eq!(p("log_{10}(x)"), Expr::Func(Func::Log, vec![x(), n(10)]));
        assert_eq!(
            p("log_b(x)"),
            Expr::Func(Func::Log, vec![x(), Expr::sym("b")])
        );
        assert_eq!(
            p("log_e(x)"),
            Expr::Func(Func::Log, vec![x(), c(Constant::E)])
        );
        // Not a base: an unknown function.
        assert_eq!(p("log_2x(y)"), named("log_2x", vec![y()]));
        assert_eq!(p("log_sin(y)"), named("log_sin", vec![y()]));
        assert_eq!(p("log_log_2(y)"), named("log_log_2", vec![y()]));
        assert_eq!(
            perr("ln(x, 2)").message,
            "'ln' takes 1 argument, found 2 arguments"
        );
        assert_eq!(
            perr("log(x, 2, 3)").message,
            "'log' takes 1 or 2 arguments, found 3 arguments"
        );
    }

    #[test]
    fn named_functions_of_the_tree() {
        for (s, f) in [
            ("sin", Func::Sin),
            ("arcsin", Func::Asin),
            ("asin", Func::Asin),
            ("atanh", Func::Atanh),
            ("floor", Func::Floor),
            ("ceiling", Func::Ceiling),
            ("ceil", Func::Ceiling),
            ("sign", Func::Sign),
            ("factorial", Func::Factorial),
            ("Abs", Func::Abs),
            ("sec", Func::Sec),
        ] {
            assert_eq!(p(&format!("{s}(x)")), f1(f, x()), "{s}");
        }
        assert_eq!(
            p("binomial(n, k)"),
            Expr::Func(Func::Binomial, vec![Expr::sym("n"), Expr::sym("k")])
        );
        assert_eq!(
            p("Max(1, x, y)"),
            Expr::Func(Func::Max, vec![n(1), x(), y()])
        );
        assert_eq!(p("Min(x)"), Expr::Func(Func::Min, vec![x()]));
        assert_eq!(
            perr("binomial(n)").message,
            "'binomial' takes 2 arguments, found 1 argument"
        );
        assert_eq!(
            perr("sin(x, y)").message,
            "'sin' takes 1 argument, found 2 arguments"
        );
        assert_eq!(perr("sin()").span, 0..5);
        assert_eq!(
            perr("Max()").message,
            "'Max' takes at least 1 argument, found 0 arguments"
        );
    }

    #[test]
    fn factorial_postfix() {
        let fact = |e| f1(Func::Factorial, e);
        assert_eq!(p("n!"), fact(Expr::sym("n")));
        assert_eq!(p("3!"), fact(n(3)));
        assert_eq!(p("n!!"), fact(fact(Expr::sym("n"))));
        assert_eq!(p("-3!"), Expr::neg(fact(n(3))));
        assert_eq!(p("n!^2"), pow(fact(Expr::sym("n")), n(2)));
        assert_eq!(p("2^n!"), pow(n(2), fact(Expr::sym("n"))));
        assert_eq!(p("2n!"), mul(vec![n(2), fact(Expr::sym("n"))]));
        // The longest operator wins, as in Python.
        assert_eq!(p("3!=6"), rel(vec![n(3), n(6)], vec![RelOp::Ne]));
    }

    #[test]
    fn unknown_functions_and_products() {
        assert_eq!(p("f(x)"), named("f", vec![x()]));
        assert_eq!(p("u(t)"), named("u", vec![Expr::sym("t")]));
        assert_eq!(p("f (x)"), named("f", vec![x()]));
        assert_eq!(p("y'(x)"), named("y'", vec![x()]));
        assert_eq!(p("f_1(x)"), named("f_1", vec![x()]));
        assert_eq!(p("phi(x)"), named("phi", vec![x()]));
        assert_eq!(p("φ(x)"), named("phi", vec![x()]));
        assert_eq!(p("gamma(x)"), named("gamma", vec![x()]));
        assert_eq!(p("erf(x)"), named("erf", vec![x()]));
        assert_eq!(p("f()"), named("f", vec![]));
        assert_eq!(p("K(x, t)"), named("K", vec![x(), Expr::sym("t")]));
        assert_eq!(p("f(x, y)"), named("f", vec![x(), y()]));
        // Products.
        let one_minus_x = add(vec![n(1), Expr::neg(x())]);
        assert_eq!(p("x(1-x)"), mul(vec![x(), one_minus_x.clone()]));
        assert_eq!(
            p("c_1(x+1)"),
            mul(vec![Expr::sym("c_1"), add(vec![x(), n(1)])])
        );
        assert_eq!(
            p("alpha(x+1)"),
            mul(vec![Expr::sym("alpha"), add(vec![x(), n(1)])])
        );
        assert_eq!(
            p("c(x+1)^2"),
            mul(vec![Expr::sym("c"), pow(add(vec![x(), n(1)]), n(2))])
        );
        assert_eq!(p("2^x(1-x)"), mul(vec![pow(n(2), x()), one_minus_x]));
        assert_eq!(
            p("pi(x+1)"),
            mul(vec![c(Constant::Pi), add(vec![x(), n(1)])])
        );
        assert_eq!(p("f(x)^2"), pow(named("f", vec![x()]), n(2)));
        assert_eq!(p("Function(\"K\")(x)"), named("K", vec![x()]));
        assert_eq!(
            p("Function('x')(t, 1)"),
            named("x", vec![Expr::sym("t"), n(1)])
        );
        assert_eq!(p("Function(\"E\")()"), named("E", vec![]));
        assert_eq!(
            perr("Function(x)(t)").message,
            "'Function' takes a name in quotes"
        );
        assert_eq!(perr("Function(\"K\")").span, 0..13);
        assert_eq!(
            perr("Function").message,
            "'Function' needs arguments in parentheses"
        );
        assert_eq!(
            p("u(x) = x**2"),
            rel(vec![named("u", vec![x()]), pow(x(), n(2))], vec![RelOp::Eq])
        );
    }

    #[test]
    fn implicit_application() {
        assert_eq!(p("sin x"), f1(Func::Sin, x()));
        assert_eq!(p("ln 2"), f1(Func::Log, n(2)));
        assert_eq!(p("sin 2x"), f1(Func::Sin, mul(vec![n(2), x()])));
        assert_eq!(p("sin x^2"), f1(Func::Sin, pow(x(), n(2))));
        assert_eq!(
            p("sin x cos x"),
            mul(vec![f1(Func::Sin, x()), f1(Func::Cos, x())])
        );
        assert_eq!(p("sin x + 1"), add(vec![f1(Func::Sin, x()), n(1)]));
        assert_eq!(p("2 sin x"), mul(vec![n(2), f1(Func::Sin, x())]));
        assert_eq!(p("sqrt 2"), Expr::sqrt(n(2)));
        assert_eq!(p("sin^2(x)"), pow(f1(Func::Sin, x()), n(2)));
        assert_eq!(p("sin**2 x"), pow(f1(Func::Sin, x()), n(2)));
        assert_eq!(
            p("sin^2(x) + cos^2(x)"),
            add(vec![
                pow(f1(Func::Sin, x()), n(2)),
                pow(f1(Func::Cos, x()), n(2))
            ])
        );
        assert_eq!(perr("sin").message, "'sin' needs an argument");
        assert_eq!(perr("sin + 1").span, 0..3);
        assert_eq!(perr("sin^-1(x)").message, "'sin' needs an argument");
        assert_eq!(perr("Eq").message, "'Eq' needs arguments in parentheses");
    }

    // --- Implicit multiplication.

    #[test]
    fn implicit_multiplication() {
        assert_eq!(p("2x"), mul(vec![n(2), x()]));
        assert_eq!(p("2 x"), mul(vec![n(2), x()]));
        assert_eq!(p("2(x+1)"), mul(vec![n(2), add(vec![x(), n(1)])]));
        assert_eq!(
            p("(x+1)(x-1)"),
            mul(vec![add(vec![x(), n(1)]), add(vec![x(), Expr::neg(n(1))])])
        );
        assert_eq!(p("2pi"), mul(vec![n(2), c(Constant::Pi)]));
        assert_eq!(p("3sqrt(2)"), mul(vec![n(3), Expr::sqrt(n(2))]));
        assert_eq!(p("x y"), mul(vec![x(), y()]));
        assert_eq!(p("2x y"), mul(vec![n(2), x(), y()]));
        assert_eq!(p("2x^2"), mul(vec![n(2), pow(x(), n(2))]));
        assert_eq!(p("x^2y"), mul(vec![pow(x(), n(2)), y()]));
        assert_eq!(p("-2x"), mul(vec![n(-2), x()]));
        // Implicit multiplication binds like `*` (SymPy).
        assert_eq!(p("1/2x"), mul(vec![n(1), pow(n(2), n(-1)), x()]));
        assert_eq!(p("2x e^x"), mul(vec![n(2), x(), Expr::exp(x())]));
    }

    #[test]
    fn no_implicit_multiplication_by_a_number() {
        let e = perr("2 3");
        assert_eq!(
            (e.message.as_str(), e.span),
            ("missing operator before '3'", 2..3)
        );
        assert_eq!(perr("x 2").span, 2..3);
        assert_eq!(perr("(x)2").span, 3..4);
        assert_eq!(perr("(2 3)").message, "missing operator before '3'");
    }

    // --- Precedence and associativity.

    #[test]
    fn precedence() {
        assert_eq!(p("-x**2"), Expr::neg(pow(x(), n(2))));
        assert_eq!(p("(-x)**2"), pow(Expr::neg(x()), n(2)));
        assert_eq!(p("-2**2"), Expr::neg(pow(n(2), n(2))));
        assert_eq!(p("2**-1"), pow(n(2), n(-1)));
        assert_eq!(p("2^-x"), pow(n(2), Expr::neg(x())));
        assert_eq!(p("2**-x**2"), pow(n(2), Expr::neg(pow(x(), n(2)))));
        assert_eq!(p("2**3**2"), pow(n(2), pow(n(3), n(2))));
        assert_eq!(p("2^3^2"), p("2**3**2"));
        assert_eq!(p("2^3*4"), mul(vec![pow(n(2), n(3)), n(4)]));
        assert_eq!(p("2*-3*4"), mul(vec![n(2), n(-3), n(4)]));
        assert_eq!(
            p("a/b*c"),
            mul(vec![
                Expr::sym("a"),
                pow(Expr::sym("b"), n(-1)),
                Expr::sym("c")
            ])
        );
        assert_eq!(
            p("a/(b*c)"),
            mul(vec![
                Expr::sym("a"),
                pow(mul(vec![Expr::sym("b"), Expr::sym("c")]), n(-1))
            ])
        );
        assert_eq!(
            p("a-b-c"),
            add(vec![
                Expr::sym("a"),
                Expr::neg(Expr::sym("b")),
                Expr::neg(Expr::sym("c"))
            ])
        );
        assert_eq!(
            p("a-(b-c)"),
            add(vec![
                Expr::sym("a"),
                Expr::neg(add(vec![Expr::sym("b"), Expr::neg(Expr::sym("c"))]))
            ])
        );
        assert_eq!(
            p("a + b*c"),
            add(vec![
                Expr::sym("a"),
                mul(vec![Expr::sym("b"), Expr::sym("c")])
            ])
        );
        assert_eq!(
            p("(a + b)*c"),
            mul(vec![
                add(vec![Expr::sym("a"), Expr::sym("b")]),
                Expr::sym("c")
            ])
        );
        assert_eq!(p("2 - -3"), add(vec![n(2), n(3)]));
        assert_eq!(p("+x"), x());
        assert_eq!(p("--x"), Expr::neg(Expr::neg(x())));
        assert_eq!(p("x²"), pow(x(), n(2)));
        assert_eq!(p("x⁻¹"), pow(x(), n(-1)));
        assert_eq!(p("-x²"), Expr::neg(pow(x(), n(2))));
        assert_eq!(p("2·x − 1"), add(vec![mul(vec![n(2), x()]), n(-1)]));
        assert_eq!(p("6 ÷ 3 × 2"), mul(vec![n(6), pow(n(3), n(-1)), n(2)]));
    }

    #[test]
    fn relations() {
        assert_eq!(p("x = 1"), rel(vec![x(), n(1)], vec![RelOp::Eq]));
        assert_eq!(p("x == 1"), rel(vec![x(), n(1)], vec![RelOp::Eq]));
        assert_eq!(p("x != 1"), rel(vec![x(), n(1)], vec![RelOp::Ne]));
        assert_eq!(p("x ≠ 1"), rel(vec![x(), n(1)], vec![RelOp::Ne]));
        assert_eq!(
            p("0 < x <= 1"),
            rel(vec![n(0), x(), n(1)], vec![RelOp::Lt, RelOp::Le])
        );
        assert_eq!(
            p("a > b >= c ≥ d ≤ e2"),
            rel(
                vec![
                    Expr::sym("a"),
                    Expr::sym("b"),
                    Expr::sym("c"),
                    Expr::sym("d"),
                    Expr::sym("e2")
                ],
                vec![RelOp::Gt, RelOp::Ge, RelOp::Ge, RelOp::Le]
            )
        );
        assert_eq!(
            p("x + 1 = 2y"),
            rel(
                vec![add(vec![x(), n(1)]), mul(vec![n(2), y()])],
                vec![RelOp::Eq]
            )
        );
        for (name, op) in [
            ("Eq", RelOp::Eq),
            ("Ne", RelOp::Ne),
            ("Lt", RelOp::Lt),
            ("Le", RelOp::Le),
            ("Gt", RelOp::Gt),
            ("Ge", RelOp::Ge),
        ] {
            assert_eq!(p(&format!("{name}(x, 1)")), rel(vec![x(), n(1)], vec![op]));
        }
        assert_eq!(
            p("x = 1, y = 2"),
            Expr::Tuple(vec![
                rel(vec![x(), n(1)], vec![RelOp::Eq]),
                rel(vec![y(), n(2)], vec![RelOp::Eq])
            ])
        );
        assert_eq!(
            perr("Eq(x)").message,
            "'Eq' takes 2 arguments, found 1 argument"
        );
    }

    // --- Constructors and brackets.

    #[test]
    fn integrals() {
        let t = Expr::sym("t");
        assert_eq!(
            p("Integral(t**2, t)"),
            Expr::Integral(Box::new(Integral {
                integrand: pow(t.clone(), n(2)),
                var: "t".into(),
                bounds: None
            }))
        );
        assert_eq!(
            p("Integral(x*t, (t, 0, 1))"),
            Expr::Integral(Box::new(Integral {
                integrand: mul(vec![x(), t.clone()]),
                var: "t".into(),
                bounds: Some((n(0), n(1)))
            }))
        );
        let inner = Expr::Integral(Box::new(Integral {
            integrand: mul(vec![x(), y()]),
            var: "x".into(),
            bounds: None,
        }));
        assert_eq!(
            p("Integral(x*y, x, (y, 0, 1))"),
            Expr::Integral(Box::new(Integral {
                integrand: inner,
                var: "y".into(),
                bounds: Some((n(0), n(1)))
            }))
        );
        let e = perr("Integral(x, 2)");
        assert_eq!(e.message, "expected a variable or (variable, lower, upper)");
        assert_eq!(e.span, 12..13);
        assert_eq!(perr("Integral(x, (x, 1))").span, 12..18);
        assert!(perr("Integral(x)").message.starts_with("'Integral' takes"));
    }

    fn interval(lo: Expr, hi: Expr, lo_closed: bool, hi_closed: bool) -> Expr {
        Expr::Interval(Box::new(Interval {
            lo,
            hi,
            lo_closed,
            hi_closed,
        }))
    }

    #[test]
    fn intervals_and_sets() {
        assert_eq!(p("Interval(0, 1)"), interval(n(0), n(1), true, true));
        assert_eq!(p("Interval.open(0, 1)"), interval(n(0), n(1), false, false));
        assert_eq!(p("Interval.Lopen(0, 1)"), interval(n(0), n(1), false, true));
        assert_eq!(p("Interval.Ropen(0, 1)"), interval(n(0), n(1), true, false));
        assert_eq!(
            p("Interval(0, oo, False, True)"),
            interval(n(0), c(Constant::Infinity), true, false)
        );
        assert_eq!(perr("Interval(0, 1, 2, True)").span, 15..16);
        assert_eq!(
            perr("Interval.open(0, 1, True, True)").message,
            "'Interval.open' takes 2 arguments, found 4 arguments"
        );
        let (a, b) = (
            interval(n(0), n(1), true, true),
            interval(n(2), n(3), true, true),
        );
        assert_eq!(
            p("Union(Interval(0, 1), Interval(2, 3))"),
            Expr::Union(vec![a.clone(), b.clone()])
        );
        assert_eq!(
            p("Intersection(Interval(0, 1), Interval(2, 3))"),
            Expr::Intersection(vec![a.clone(), b])
        );
        // Kept as written: the canonicalizer simplifies.
        assert_eq!(p("Union(Interval(0, 1))"), Expr::Union(vec![a]));
        assert_eq!(p("Union()"), Expr::Union(vec![]));
        assert_eq!(p("Intersection()"), Expr::Intersection(vec![]));
        assert_eq!(p("FiniteSet(1, 2)"), Expr::Set(vec![n(1), n(2)]));
        assert_eq!(p("FiniteSet()"), Expr::Set(vec![]));
        assert_eq!(p("{1, 2}"), Expr::Set(vec![n(1), n(2)]));
        assert_eq!(p("{}"), Expr::Set(vec![]));
        assert_eq!(p("{x}"), Expr::Set(vec![x()]));
    }

    #[test]
    fn tuples() {
        let t = |v| Expr::Tuple(v);
        assert_eq!(p("(1, 2)"), t(vec![n(1), n(2)]));
        assert_eq!(p("[1, 2]"), t(vec![n(1), n(2)]));
        assert_eq!(p("1, 2"), t(vec![n(1), n(2)]));
        assert_eq!(p("1, 2,"), t(vec![n(1), n(2)]));
        assert_eq!(p("1,"), t(vec![n(1)]));
        assert_eq!(p("(1,)"), t(vec![n(1)]));
        assert_eq!(p("()"), t(vec![]));
        assert_eq!(p("[]"), t(vec![]));
        assert_eq!(p("[x]"), t(vec![x()]));
        assert_eq!(p("(x)"), x());
        assert_eq!(p("((x))"), x());
        assert_eq!(p("Tuple(1, 2)"), t(vec![n(1), n(2)]));
        assert_eq!(p("1,000"), t(vec![n(1), n(0)]));
        assert_eq!(perr("(,)").message, "expected an expression before ','");
    }

    #[test]
    fn matrices() {
        let m = Expr::Matrix(vec![vec![n(1), n(2)], vec![n(3), n(4)]]);
        assert_eq!(p("Matrix([[1, 2], [3, 4]])"), m);
        assert_eq!(p("Matrix(((1, 2), (3, 4)))"), m);
        assert_eq!(p("Matrix(2, 2, [1, 2, 3, 4])"), m);
        assert_eq!(p("ImmutableMatrix([[1, 2], [3, 4]])"), m);
        assert_eq!(
            p("Matrix([1, 2])"),
            Expr::Matrix(vec![vec![n(1)], vec![n(2)]])
        );
        assert_eq!(p("Matrix([])"), Expr::Matrix(vec![]));
        assert_eq!(
            perr("Matrix([[1, 2], [3]])").message,
            "matrix rows of different lengths"
        );
        assert_eq!(
            perr("Matrix([[1, 2], 3])").message,
            "a matrix mixes rows and entries"
        );
        assert_eq!(perr("Matrix(1)").span, 7..8);
        assert_eq!(
            perr("Matrix(2, 2, [1, 2, 3])").message,
            "expected 2×2 entries, found 3"
        );
        assert_eq!(perr("Matrix(-1, 2, [1, 2])").span, 7..9);
    }

    #[test]
    fn printer_forms() {
        let pm = |a, b| Expr::PlusMinus(Box::new(a), Box::new(b));
        assert_eq!(p("PlusMinus(1, x)"), pm(n(1), x()));
        assert_eq!(p("PlusMinus(x)"), pm(n(0), x()));
        assert_eq!(p("1 ± x"), pm(n(1), x()));
        assert_eq!(p("±x"), pm(n(0), x()));
        assert_eq!(p("1 ± 2x"), pm(n(1), mul(vec![n(2), x()])));
        assert_eq!(
            p("a + b ± c"),
            pm(add(vec![Expr::sym("a"), Expr::sym("b")]), Expr::sym("c"))
        );
        assert_eq!(p("Percent(50)"), Expr::Percent(Box::new(n(50))));
        assert_eq!(p("50%"), Expr::Percent(Box::new(n(50))));
        assert_eq!(p("12.5 %"), Expr::Percent(Box::new(Expr::ratio(25, 2))));
        assert_eq!(p("Degrees(30)"), Expr::Degrees(Box::new(n(30))));
        assert_eq!(p("30°"), Expr::Degrees(Box::new(n(30))));
        assert_eq!(p("Text(\"no solution\")"), Expr::Text("no solution".into()));
        assert_eq!(
            p("\"a \\\"b\\\" \\\\ c\""),
            Expr::Text("a \"b\" \\ c".into())
        );
        assert_eq!(p("Text('it\\'s')"), Expr::Text("it's".into()));
        // Rust's `{:?}` escapes, which the infix printer writes, read back.
        for t in [
            "a\"b",
            "back\\slash",
            "tab\tnl\ncr\r",
            "nul\0",
            "zw\u{200b}j",
            "é ü",
            "",
        ] {
            assert_eq!(p(&format!("Text({t:?})")), Expr::Text(t.into()), "{t:?}");
        }
        assert_eq!(p(r#""\u{zz}""#), Expr::Text("\\u{zz}".into()));
        assert_eq!(perr("Text(x)").message, "'Text' takes a string in quotes");
        assert_eq!(perr("\"abc").message, "unterminated string");
    }

    // --- Errors.

    #[test]
    fn error_spans() {
        let e = perr("(x+1");
        assert_eq!((e.message.as_str(), e.span.clone()), ("unclosed '('", 0..1));
        assert_eq!(e.to_string(), "unclosed '(' at byte 0\n  (x+1\n  ^");
        let e = perr("x+1)");
        assert_eq!((e.message.as_str(), e.span), ("unmatched ')'", 3..4));
        let e = perr("x +");
        assert_eq!(
            (e.message.as_str(), e.span),
            ("expected an expression after '+'", 2..3)
        );
        let e = perr("x **");
        assert_eq!(
            (e.message.as_str(), e.span),
            ("expected an expression after '**'", 2..4)
        );
        let e = perr("x $ y");
        assert_eq!(
            (e.message.as_str(), e.span),
            ("unknown character '$'", 2..3)
        );
        let e = perr("x ∫ y");
        assert_eq!(e.span, 2..5);
        let e = perr("");
        assert_eq!((e.message.as_str(), e.span), ("empty input", 0..0));
        assert_eq!(perr("   \n").message, "empty input");
        let e = perr("(x+1]");
        assert_eq!(
            (e.message.as_str(), e.span),
            ("expected ')' to close the '(' at byte 0, found ']'", 4..5)
        );
        assert_eq!(perr("f(x").message, "unclosed '('");
        assert_eq!(perr("[1, 2").span, 0..1);
        assert_eq!(perr("* x").message, "unexpected '*'");
        assert_eq!(perr("(x+)").message, "expected an expression before ')'");
        assert_eq!(perr("x = ").span, 2..3);
        assert_eq!(perr("x . y").message, "unknown character '.'");
        assert_eq!(perr("1..2").message, "missing operator before '.2'");
        assert_eq!(perr("_x").message, "unknown character '_'");
        assert_eq!(perr("x }").message, "unmatched '}'");
    }

    // --- Bounds.

    #[test]
    fn hundred_thousand_open_parentheses() {
        let text = "(".repeat(100_000);
        // The default input bound refuses it first.
        assert_eq!(budget(&text, &Limits::default()), "input length in bytes");
        // With a larger input bound, the depth bound does.
        assert_eq!(budget(&text, &big_limits()), "nesting depth");
        let text = format!("{}x{}", "(".repeat(100_000), ")".repeat(100_000));
        assert_eq!(budget(&text, &big_limits()), "nesting depth");
    }

    #[test]
    fn depth_is_capped_whatever_the_limits() {
        // Run on a small stack: even with `max_depth` unbounded the parser
        // stops at HARD_MAX_DEPTH.
        let limits = Limits {
            max_input_bytes: usize::MAX,
            max_depth: usize::MAX,
            max_nodes: usize::MAX,
            ..Limits::default()
        };
        let handle = std::thread::Builder::new()
            .stack_size(2 << 20)
            .spawn(move || {
                let mut outcomes = Vec::new();
                for text in [
                    format!("{}x{}", "(".repeat(100_000), ")".repeat(100_000)),
                    format!("{}x", "-".repeat(100_000)),
                    format!("{}x", "x*(".repeat(100_000)),
                    format!("{}x{}", "f(".repeat(100_000), ")".repeat(100_000)),
                    format!("{}x{}", "|".repeat(100_000), "|".repeat(100_000)),
                    format!("{}x", "2^".repeat(100_000)),
                    format!("x{}", "!".repeat(100_000)),
                    format!("x{}", " ± 1".repeat(100_000)),
                    format!("{}x", "sin ".repeat(100_000)),
                    format!("{}x{}", "[{".repeat(50_000), "}]".repeat(50_000)),
                ] {
                    outcomes.push(parse_infix(&text, &limits));
                }
                outcomes
            })
            .unwrap();
        for outcome in handle.join().unwrap() {
            assert_eq!(
                outcome,
                Err(ExprError::BudgetExceeded {
                    which: "nesting depth",
                    limit: HARD_MAX_DEPTH as u64
                })
            );
        }
    }

    #[test]
    fn default_depth_accepts_reasonable_nesting() {
        let text = format!("{}x{}", "(".repeat(150), ")".repeat(150));
        assert_eq!(p(&text), x());
        assert_eq!(
            budget(&format!("{}x", "-".repeat(300)), &Limits::default()),
            "nesting depth"
        );
        assert_eq!(
            budget(&format!("x{}", "!".repeat(300)), &Limits::default()),
            "nesting depth"
        );
    }

    #[test]
    fn long_sums_and_products_stay_flat() {
        let text = vec!["x"; 3000].join(" + ");
        match p(&text) {
            Expr::Add(terms) => assert_eq!(terms.len(), 3000),
            other => panic!("{other:?}"),
        }
        let text = vec!["x"; 3000].join("*");
        match p(&text) {
            Expr::Mul(f) => assert_eq!(f.len(), 3000),
            other => panic!("{other:?}"),
        }
        let text = vec!["x"; 3000].join(" - ");
        match p(&text) {
            Expr::Add(terms) => assert_eq!(terms.len(), 3000),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn huge_exponents_and_literals() {
        assert_eq!(
            budget("1e999999999", &Limits::default()),
            "exponent of a number"
        );
        assert_eq!(
            budget("1e-999999999", &Limits::default()),
            "exponent of a number"
        );
        assert_eq!(
            budget(&format!("1e{}", "9".repeat(5000)), &Limits::default()),
            "exponent of a number"
        );
        assert_eq!(
            budget("1e100001", &Limits::default()),
            "exponent of a number"
        );
        assert_eq!(budget("1e100000", &Limits::default()), "digits of a number");
        assert_eq!(budget("1e50000", &Limits::default()), "digits of a number");
        assert_eq!(budget("1e-50000", &Limits::default()), "digits of a number");
        assert_eq!(
            p("1e9999"),
            Expr::Number(Rational::from_integer(num_traits::pow(
                BigInt::from(10),
                9999
            )))
        );
        assert_eq!(p("0e99999"), n(0));
        assert_eq!(
            budget("0e999999", &Limits::default()),
            "exponent of a number"
        );
        let long = "7".repeat(20_000);
        assert_eq!(budget(&long, &big_limits()), "digits of a number");
        let long = format!("0.{}", "3".repeat(20_000));
        assert_eq!(budget(&long, &big_limits()), "digits of a number");
        assert_eq!(
            budget(&"²".repeat(20_000), &big_limits()),
            "digits of a number"
        );
    }

    #[test]
    fn one_megabyte_input() {
        let text = "x+".repeat(500_000) + "x";
        assert_eq!(budget(&text, &Limits::default()), "input length in bytes");
        let limits = Limits {
            max_input_bytes: 2 << 20,
            ..Limits::default()
        };
        assert_eq!(budget(&text, &limits), "expression nodes");
    }

    #[test]
    fn node_bound() {
        let limits = Limits {
            max_nodes: 10,
            ..Limits::default()
        };
        assert_eq!(budget("x+x+x+x+x+x+x+x+x+x+x", &limits), "expression nodes");
        assert!(parse_infix("x+x+x", &limits).is_ok());
    }

    #[test]
    fn never_panics_on_odd_input() {
        for text in [
            "(",
            ")",
            "[",
            "]",
            "{",
            "}",
            "|",
            "||",
            "|||",
            ",",
            ",,",
            "=",
            "==",
            "<",
            "!",
            "%",
            "°",
            "^",
            "**",
            "*",
            "/",
            "+",
            "-",
            "±",
            "√",
            "²",
            "⁻",
            "⁻x",
            "\"",
            "\\",
            ".",
            "e",
            "E.",
            "1e",
            "1e+",
            "1.e5",
            "Interval.",
            "Interval.open",
            "S.",
            "x_{",
            "x_{}",
            "x_{1",
            "sin^",
            "sin^2",
            "sin^2(",
            "f(",
            "f(,",
            "Matrix",
            "Matrix(",
            "Integral(,)",
            "log_",
            "log_(x)",
            "a,,b",
            "((,))",
            "x!!=3",
            "€",
            "x\u{0}",
            "🙂",
            "é",
            "ÿ(x)",
        ] {
            let _ = parse_infix(text, &Limits::default());
        }
        assert_eq!(p("1.e5"), n(100_000));
        assert_eq!(
            perr("Interval.open").message,
            "'Interval.open' needs arguments in parentheses"
        );
    }
}
