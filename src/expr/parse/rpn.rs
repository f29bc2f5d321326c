//! Reverse Polish notation (document 003, "RPN Format"): `x 2 ^ x sin +`.
//!
//! [`parse_rpn`] reads whitespace-separated tokens left to right with a
//! stack: an operand is pushed, an operator pops its operands and pushes the
//! result. At the end exactly one expression must remain.
//!
//! # Tokens
//!
//! | token | meaning | operands |
//! |---|---|---|
//! | `12`, `0.5`, `3.54e-07`, `1.5E+3`, `-3`, `+2` | exact numbers (a sign may be glued on) | 0 |
//! | `pi` `π`, `E` `e`, `I`, `oo` `inf` `infinity` `Infinity` `∞`, `nan` `NaN` `zoo` | constants (`e` is Euler's number) | 0 |
//! | identifiers: `x`, `c_1`, `alpha`, `θ` (`theta`), `y'` | symbols | 0 |
//! | `+` `-` `*` `/` `^` `**` | arithmetic | 2 |
//! | `neg` | unary minus | 1 |
//! | `!` | factorial | 1 |
//! | `sqrt`, `exp` | `x^(1/2)`, `e^x` | 1 |
//! | `sin` `cos` … `log` `ln` `abs` `Abs` `floor` `ceiling` `ceil` `factorial` `sign` (every one-argument name of [`Func::from_name`]) | functions | 1 |
//! | `binomial` `binom` | `binomial(n, k)` from `n k binomial` | 2 |
//! | `Max` `max` `Min` `min` | the larger / smaller of two | 2 |
//!
//! `log` and `ln` are the natural logarithm and take one operand; there is no
//! logarithm to a base (write `x ln b ln /`). Unknown functions (`u(x)`)
//! cannot be written: an unknown word is a symbol.
//!
//! # The tree it builds
//!
//! * `a b -` is `a + (-1)·b` ([`Expr::sub`]), `a neg` is [`Expr::neg`] (a
//!   number is negated in place: `3 neg` is the number `-3`).
//! * `a b /` is `a·b^(-1)`, except that **a number divided by a non-zero
//!   number is the exact rational**: `1 2 /` is the number `1/2` (so that
//!   rationals have a written form, see
//!   [`to_rpn`](crate::expr::print_rpn::to_rpn)).
//! * Sums and products are flattened to the left: `a b + c +` is
//!   `Add[a, b, c]` (and `a b - c -` is `Add[a, -b, -c]`, `a b / c *` is
//!   `Mul[a, b^-1, c]`), while `a b c + +` is `Add[a, Add[b, c]]`; `Max` and
//!   `Min` likewise. So the first child of an `Add` built here is never an
//!   `Add`, and a long left-folded sum does not nest.
//!
//! # Bounds
//!
//! [`Limits::check_input`] first; number literals as in the infix parser
//! (digits, exponent); every node built checks the depth of the tree it
//! tops with [`Limits::check_depth`] (capped at
//! [`HARD_MAX_DEPTH`]), so a chain of 100,000
//! `neg` is refused without recursion; [`Limits::check_nodes`] at the end.
//!
//! # Differences with the document
//!
//! Compared with the original `rpn_to_sympy`:
//!
//! * Too few operands for an operator (`2 3 + +`) and operands left over at
//!   the end (`2 3`) are parse errors, with the span of the operator or of
//!   the first left-over operand; the original returned the bottom of the
//!   stack.
//! * Numbers are exact; an unknown token is an error.

use std::ops::Range;

use num_traits::Zero;

use super::infix::HARD_MAX_DEPTH;
use crate::expr::ast::{Constant, Expr, Func};
use crate::expr::error::{ExprError, ParseError};
use crate::expr::lexicon::{
    DigitBudget, constant_name, is_reserved_name, number_value, scan_identifier, scan_number,
};
use crate::expr::limits::Limits;

/// Parses an expression in reverse Polish notation.
///
/// See the [module documentation](self) for the tokens and the tree built.
///
/// ```
/// use scorespec::expr::parse::rpn::parse_rpn;
/// use scorespec::expr::{Expr, Func, Limits};
///
/// let x = Expr::sym("x");
/// let e = parse_rpn("x 2 ^ x sin +", &Limits::default()).unwrap();
/// assert_eq!(
///     e,
///     Expr::Add(vec![
///         Expr::pow(x.clone(), Expr::int(2)),
///         Expr::func(Func::Sin, x.clone()),
///     ])
/// );
/// let e = parse_rpn("x neg exp x cos *", &Limits::default()).unwrap();
/// assert_eq!(
///     e,
///     Expr::Mul(vec![Expr::exp(Expr::neg(x.clone())), Expr::func(Func::Cos, x)])
/// );
/// // Stack underflow and left-over operands are errors.
/// assert!(parse_rpn("2 3 + +", &Limits::default()).is_err());
/// assert!(parse_rpn("2 3", &Limits::default()).is_err());
/// ```
pub fn parse_rpn(text: &str, limits: &Limits) -> Result<Expr, ExprError> {
    limits.check_input(text)?;
    let mut stack: Vec<Entry> = Vec::new();
    let mut budget = DigitBudget::new(limits);
    for (token, span) in tokens(text) {
        let err =
            |message: String| -> ExprError { ParseError::new(message, span.clone(), text).into() };
        let word = match classify(token) {
            Some(w) => w,
            None => match number(token, limits, &mut budget)? {
                Some(n) => Word::Operand(n),
                None => return Err(err(format!("unknown token '{token}'"))),
            },
        };
        let arity = word.arity();
        if stack.len() < arity {
            let s = if arity == 1 { "" } else { "s" };
            return Err(err(format!(
                "'{token}' needs {arity} operand{s}, found {}",
                stack.len()
            )));
        }
        let entry = match word {
            Word::Operand(e) => Entry {
                e,
                depth: 1,
                span: span.clone(),
            },
            Word::Unary(op) => {
                let Some(a) = stack.pop() else {
                    return Err(err(format!("'{token}' needs 1 operand, found 0")));
                };
                apply_unary(op, a, span.end)
            }
            Word::Binary(op) => {
                let (Some(b), Some(a)) = (stack.pop(), stack.pop()) else {
                    return Err(err(format!("'{token}' needs 2 operands")));
                };
                apply_binary(op, a, b, span.end)
            }
        };
        limits.check_depth(entry.depth)?;
        if entry.depth > HARD_MAX_DEPTH {
            return Err(ExprError::BudgetExceeded {
                which: "nesting depth",
                limit: HARD_MAX_DEPTH as u64,
            });
        }
        stack.push(entry);
    }
    let mut it = stack.into_iter();
    let Some(first) = it.next() else {
        return Err(ParseError::new("empty input", 0..0, text).into());
    };
    if let Some(extra) = it.next() {
        let left = 1 + it.count();
        let s = if left == 1 { "" } else { "s" };
        return Err(ParseError::new(
            format!("{left} operand{s} left over: missing operator"),
            extra.span,
            text,
        )
        .into());
    }
    limits.check_nodes(first.e.node_count())?;
    Ok(first.e)
}

/// An expression on the stack, with the depth of its tree and the span of
/// the tokens that built it.
struct Entry {
    e: Expr,
    depth: usize,
    span: Range<usize>,
}

#[derive(Debug, Clone, PartialEq)]
enum Unary {
    Neg,
    Sqrt,
    Exp,
    Func(Func),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Binary {
    Add,
    Sub,
    Mul,
    Div,
    Pow,
    Binomial,
    Max,
    Min,
}

#[derive(Debug, Clone, PartialEq)]
enum Word {
    Operand(Expr),
    Unary(Unary),
    Binary(Binary),
}

impl Word {
    fn arity(&self) -> usize {
        match self {
            Word::Operand(_) => 0,
            Word::Unary(_) => 1,
            Word::Binary(_) => 2,
        }
    }
}

/// The tokens of `text` with their byte spans.
fn tokens(text: &str) -> impl Iterator<Item = (&str, Range<usize>)> {
    let mut start = None;
    let mut out = Vec::new();
    for (i, c) in text.char_indices() {
        if c.is_whitespace() {
            if let Some(s) = start.take() {
                out.push(s..i);
            }
        } else if start.is_none() {
            start = Some(i);
        }
    }
    if let Some(s) = start {
        out.push(s..text.len());
    }
    out.into_iter()
        .filter_map(move |r| text.get(r.clone()).map(|t| (t, r)))
}

/// A token that is not a number: an operator, a function, a constant or a
/// symbol; `None` for anything else.
fn classify(token: &str) -> Option<Word> {
    let constant = |c| Some(Word::Operand(Expr::Constant(c)));
    let binary = |op| Some(Word::Binary(op));
    let unary = |op| Some(Word::Unary(op));
    match token {
        "+" => binary(Binary::Add),
        "-" | "−" => binary(Binary::Sub),
        "*" => binary(Binary::Mul),
        "/" => binary(Binary::Div),
        "^" | "**" => binary(Binary::Pow),
        "neg" => unary(Unary::Neg),
        "!" => unary(Unary::Func(Func::Factorial)),
        "sqrt" => unary(Unary::Sqrt),
        "exp" => unary(Unary::Exp),
        "π" => constant(Constant::Pi),
        "∞" => constant(Constant::Infinity),
        _ => match constant_name(token) {
            Some(c) => constant(c),
            None => match Func::from_name(token) {
                Some(Func::Binomial) => binary(Binary::Binomial),
                Some(Func::Max) => binary(Binary::Max),
                Some(Func::Min) => binary(Binary::Min),
                Some(f) => unary(Unary::Func(f)),
                None => match scan_identifier(token) {
                    Some((len, name)) if len == token.len() && !is_reserved_name(&name) => {
                        Some(Word::Operand(Expr::Symbol(name)))
                    }
                    _ => None,
                },
            },
        },
    }
}

/// Whether `name` written as a token reads back as the symbol `name`
/// (what [`is_rpn_symbol`](crate::expr::lexicon::is_rpn_symbol), which the
/// printer asks, must agree with).
#[cfg(test)]
fn is_symbol_token(name: &str) -> bool {
    matches!(classify(name), Some(Word::Operand(Expr::Symbol(s))) if s == name)
}

/// The number a token spells (`12`, `-0.5`, `+3e2`), if it is one.
fn number(
    token: &str,
    limits: &Limits,
    budget: &mut DigitBudget,
) -> Result<Option<Expr>, ExprError> {
    let (negative, digits) = match token.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, token.strip_prefix('+').unwrap_or(token)),
    };
    match scan_number(digits) {
        Some(lit) if lit.len == digits.len() => {
            let v = number_value(&lit, limits, Some(budget))?;
            Ok(Some(Expr::Number(if negative { -v } else { v })))
        }
        _ => Ok(None),
    }
}

/// The depth of `-e` built from an entry of depth `d`.
fn neg_depth(e: &Expr, d: usize) -> usize {
    if matches!(e, Expr::Number(_)) {
        d
    } else {
        d + 1
    }
}

fn apply_unary(op: Unary, a: Entry, end: usize) -> Entry {
    let span = a.span.start..end;
    let (e, depth) = match op {
        Unary::Neg => {
            let depth = neg_depth(&a.e, a.depth);
            (Expr::neg(a.e), depth)
        }
        Unary::Sqrt => (Expr::sqrt(a.e), a.depth + 1),
        Unary::Exp => (Expr::exp(a.e), a.depth + 1),
        Unary::Func(f) => (Expr::func(f, a.e), a.depth + 1),
    };
    Entry { e, depth, span }
}

fn apply_binary(op: Binary, a: Entry, b: Entry, end: usize) -> Entry {
    let span = a.span.start..end;
    let (e, depth) = match op {
        Binary::Add => push_nary(a, b.e, b.depth, NAry::Add),
        Binary::Sub => {
            let d = neg_depth(&b.e, b.depth);
            push_nary(a, Expr::neg(b.e), d, NAry::Add)
        }
        Binary::Mul => push_nary(a, b.e, b.depth, NAry::Mul),
        Binary::Div => match (a.e, b.e) {
            (Expr::Number(p), Expr::Number(q))
                if p.is_integer() && q.is_integer() && !q.is_zero() =>
            {
                (Expr::Number(p / q), 1)
            }
            (ae, be) => {
                let a = Entry { e: ae, ..a };
                push_nary(a, Expr::pow(be, Expr::int(-1)), b.depth + 1, NAry::Mul)
            }
        },
        Binary::Pow => (Expr::pow(a.e, b.e), a.depth.max(b.depth) + 1),
        Binary::Binomial => (
            Expr::Func(Func::Binomial, vec![a.e, b.e]),
            a.depth.max(b.depth) + 1,
        ),
        Binary::Max => push_nary(a, b.e, b.depth, NAry::Max),
        Binary::Min => push_nary(a, b.e, b.depth, NAry::Min),
    };
    Entry { e, depth, span }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum NAry {
    Add,
    Mul,
    Max,
    Min,
}

/// `a ∘ item`, extending `a` in place when it is already a node of `kind`.
fn push_nary(a: Entry, item: Expr, item_depth: usize, kind: NAry) -> (Expr, usize) {
    let mut lhs = a.e;
    let extended = match (&mut lhs, kind) {
        (Expr::Add(v), NAry::Add) | (Expr::Mul(v), NAry::Mul) => Some(v),
        (Expr::Func(Func::Max, v), NAry::Max) | (Expr::Func(Func::Min, v), NAry::Min) => Some(v),
        _ => None,
    };
    if let Some(v) = extended {
        v.push(item);
        return (lhs, a.depth.max(item_depth + 1));
    }
    let depth = a.depth.max(item_depth) + 1;
    let pair = vec![lhs, item];
    let e = match kind {
        NAry::Add => Expr::Add(pair),
        NAry::Mul => Expr::Mul(pair),
        NAry::Max => Expr::Func(Func::Max, pair),
        NAry::Min => Expr::Func(Func::Min, pair),
    };
    (e, depth)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(s: &str) -> Expr {
        match parse_rpn(s, &Limits::default()) {
            Ok(e) => e,
            Err(err) => panic!("{s:?} did not parse: {err}"),
        }
    }

    fn perr(s: &str) -> ParseError {
        match parse_rpn(s, &Limits::default()) {
            Err(ExprError::Parse(e)) => e,
            other => panic!("{s:?}: expected a parse error, got {other:?}"),
        }
    }

    fn budget(s: &str, limits: &Limits) -> &'static str {
        match parse_rpn(s, limits) {
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

    #[test]
    fn document_examples() {
        assert_eq!(
            p("x 2 ^ x sin +"),
            Expr::Add(vec![Expr::pow(x(), n(2)), Expr::func(Func::Sin, x())])
        );
        assert_eq!(
            p("x neg exp x cos *"),
            Expr::Mul(vec![Expr::exp(Expr::neg(x())), Expr::func(Func::Cos, x())])
        );
    }

    #[test]
    fn numbers() {
        assert_eq!(p("0.1"), Expr::ratio(1, 10));
        assert_eq!(p("3.54e-07"), Expr::ratio(354, 1_000_000_000));
        assert_eq!(p("1.5E+3"), n(1500));
        assert_eq!(p("-3"), n(-3));
        assert_eq!(p("+3"), n(3));
        assert_eq!(p("-.5"), Expr::ratio(-1, 2));
        assert_eq!(p("3 neg"), n(-3));
        assert_eq!(p("1 2 /"), Expr::ratio(1, 2));
        assert_eq!(p("6 3 /"), n(2));
        assert_eq!(p("1 2 / neg"), Expr::ratio(-1, 2));
        assert_eq!(p("1 0 /"), Expr::Mul(vec![n(1), Expr::pow(n(0), n(-1))]));
        assert_eq!(p("-1 2 /"), Expr::ratio(-1, 2));
        assert_eq!(p("6 3 / 2 /"), n(1));
        assert_eq!(
            p("1 2 / 3 /"),
            Expr::Mul(vec![Expr::ratio(1, 2), Expr::pow(n(3), n(-1))])
        );
        assert_eq!(
            p("0.5 2 /"),
            Expr::Mul(vec![Expr::ratio(1, 2), Expr::pow(n(2), n(-1))])
        );
        assert_eq!(perr("2x").message, "unknown token '2x'");
        assert_eq!(perr("1e").message, "unknown token '1e'");
    }

    #[test]
    fn constants_and_symbols() {
        assert_eq!(p("pi"), Expr::Constant(Constant::Pi));
        assert_eq!(p("π"), Expr::Constant(Constant::Pi));
        assert_eq!(p("E"), Expr::Constant(Constant::E));
        assert_eq!(p("e"), Expr::Constant(Constant::E));
        assert_eq!(p("I"), Expr::Constant(Constant::I));
        assert_eq!(p("oo"), Expr::Constant(Constant::Infinity));
        assert_eq!(p("oo neg"), Expr::neg(Expr::Constant(Constant::Infinity)));
        assert_eq!(p("nan"), Expr::Constant(Constant::Undefined));
        assert_eq!(p("zoo"), Expr::Constant(Constant::Undefined));
        for name in ["x", "i", "xy", "c_1", "x_10", "alpha", "y'"] {
            assert_eq!(p(name), Expr::sym(name));
        }
        assert_eq!(p("θ"), Expr::sym("theta"));
        assert_eq!(perr("x $").message, "unknown token '$'");
        assert_eq!(perr("x (").span, 2..3);
    }

    #[test]
    fn operators() {
        assert_eq!(p("x y +"), Expr::Add(vec![x(), y()]));
        assert_eq!(p("x y -"), Expr::sub(x(), y()));
        assert_eq!(p("x 2 -"), Expr::Add(vec![x(), n(-2)]));
        assert_eq!(p("x y *"), Expr::Mul(vec![x(), y()]));
        assert_eq!(p("x y /"), Expr::div(x(), y()));
        assert_eq!(p("x y ^"), Expr::pow(x(), y()));
        assert_eq!(p("x y **"), Expr::pow(x(), y()));
        assert_eq!(p("x neg"), Expr::neg(x()));
        assert_eq!(p("x neg neg"), Expr::neg(Expr::neg(x())));
        assert_eq!(p("n !"), Expr::func(Func::Factorial, Expr::sym("n")));
        assert_eq!(p("x 2 3 ^ ^"), Expr::pow(x(), Expr::pow(n(2), n(3))));
        assert_eq!(p("x 2 ^ 3 ^"), Expr::pow(Expr::pow(x(), n(2)), n(3)));
    }

    #[test]
    fn functions() {
        assert_eq!(p("x sqrt"), Expr::sqrt(x()));
        assert_eq!(p("x exp"), Expr::exp(x()));
        assert_eq!(p("x abs"), Expr::func(Func::Abs, x()));
        assert_eq!(p("x Abs"), Expr::func(Func::Abs, x()));
        assert_eq!(p("x log"), Expr::func(Func::Log, x()));
        assert_eq!(p("x ln"), Expr::func(Func::Log, x()));
        assert_eq!(p("x ceil"), Expr::func(Func::Ceiling, x()));
        assert_eq!(p("x ceiling"), Expr::func(Func::Ceiling, x()));
        assert_eq!(p("x arcsin"), Expr::func(Func::Asin, x()));
        assert_eq!(p("x factorial"), Expr::func(Func::Factorial, x()));
        assert_eq!(p("x sign"), Expr::func(Func::Sign, x()));
        assert_eq!(
            p("n k binomial"),
            Expr::Func(Func::Binomial, vec![Expr::sym("n"), Expr::sym("k")])
        );
        assert_eq!(p("x y max"), Expr::Func(Func::Max, vec![x(), y()]));
        assert_eq!(
            p("x y Min 1 Min"),
            Expr::Func(Func::Min, vec![x(), y(), n(1)])
        );
        assert_eq!(
            p("x y z Max Max"),
            Expr::Func(
                Func::Max,
                vec![x(), Expr::Func(Func::Max, vec![y(), Expr::sym("z")])]
            )
        );
        // `log` takes one operand: `x 2 log` leaves `log(2)` over.
        assert_eq!(perr("x 2 log").span, 2..7);
    }

    #[test]
    fn chains_flatten_to_the_left() {
        let (a, b, c) = (Expr::sym("a"), Expr::sym("b"), Expr::sym("c"));
        assert_eq!(
            p("a b + c +"),
            Expr::Add(vec![a.clone(), b.clone(), c.clone()])
        );
        assert_eq!(
            p("a b c + +"),
            Expr::Add(vec![a.clone(), Expr::Add(vec![b.clone(), c.clone()])])
        );
        assert_eq!(
            p("a b - c -"),
            Expr::Add(vec![a.clone(), Expr::neg(b.clone()), Expr::neg(c.clone())])
        );
        assert_eq!(
            p("a b / c *"),
            Expr::Mul(vec![a.clone(), Expr::pow(b.clone(), n(-1)), c.clone()])
        );
        assert_eq!(p("a neg b *"), Expr::Mul(vec![n(-1), a.clone(), b.clone()]));
        assert_eq!(
            p("a b * neg"),
            Expr::Mul(vec![n(-1), Expr::Mul(vec![a.clone(), b.clone()])])
        );
        let long = std::iter::once("x".to_string())
            .chain((0..2000).map(|_| "x +".to_string()))
            .collect::<Vec<_>>()
            .join(" ");
        match p(&long) {
            Expr::Add(v) => assert_eq!(v.len(), 2001),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn underflow_and_leftovers() {
        let e = perr("2 3 + +");
        assert_eq!(
            (e.message.as_str(), e.span.clone()),
            ("'+' needs 2 operands, found 1", 6..7)
        );
        assert_eq!(
            e.to_string(),
            "'+' needs 2 operands, found 1 at byte 6\n  2 3 + +\n        ^"
        );
        let e = perr("neg");
        assert_eq!(
            (e.message.as_str(), e.span),
            ("'neg' needs 1 operand, found 0", 0..3)
        );
        let e = perr("x sin sin cos +");
        assert_eq!(e.span, 14..15);
        let e = perr("2 3");
        assert_eq!(
            (e.message.as_str(), e.span),
            ("1 operand left over: missing operator", 2..3)
        );
        let e = perr("x 2 ^ x sin");
        assert_eq!(
            (e.message.as_str(), e.span),
            ("1 operand left over: missing operator", 6..11)
        );
        let e = perr("1 2 3 4");
        assert_eq!(
            (e.message.as_str(), e.span),
            ("3 operands left over: missing operator", 2..3)
        );
        assert_eq!(perr("").message, "empty input");
        assert_eq!(perr(" \t\n ").span, 0..0);
    }

    #[test]
    fn bounds() {
        let neg_chain = format!("x{}", " neg".repeat(100_000));
        assert_eq!(
            budget(&neg_chain, &Limits::default()),
            "input length in bytes"
        );
        let big = Limits {
            max_input_bytes: 4 << 20,
            ..Limits::default()
        };
        assert_eq!(budget(&neg_chain, &big), "nesting depth");
        let unbounded = Limits {
            max_input_bytes: usize::MAX,
            max_depth: usize::MAX,
            max_nodes: usize::MAX,
            ..Limits::default()
        };
        assert_eq!(budget(&neg_chain, &unbounded), "nesting depth");
        let sin_chain = format!("x{}", " sin".repeat(300));
        assert_eq!(budget(&sin_chain, &Limits::default()), "nesting depth");
        let pow_chain = format!("{}x{}", "2 ".repeat(300), " ^".repeat(300));
        assert_eq!(budget(&pow_chain, &Limits::default()), "nesting depth");
        // Negating a number folds: no depth.
        let folded = format!("1{}", " neg".repeat(1000));
        assert_eq!(p(&folded), n(1));
        assert_eq!(
            budget("1e999999999", &Limits::default()),
            "exponent of a number"
        );
        assert_eq!(
            budget("x 1e-999999999 *", &Limits::default()),
            "exponent of a number"
        );
        assert_eq!(budget("1e50000", &Limits::default()), "digits of a number");
        assert_eq!(budget(&"7".repeat(20_000), &big), "digits of a number");
        let mb = "x ".repeat(500_000);
        assert_eq!(budget(&mb, &Limits::default()), "input length in bytes");
        let mb = format!("x{}", " x +".repeat(250_000));
        assert_eq!(budget(&mb, &big), "expression nodes");
    }

    #[test]
    fn symbol_tokens() {
        assert!(is_symbol_token("x"));
        assert!(is_symbol_token("c_1"));
        assert!(is_symbol_token("y'"));
        for name in [
            "e", "E", "pi", "I", "oo", "sin", "neg", "log", "max", "θ", "x y", "", "2", "+",
        ] {
            assert!(!is_symbol_token(name), "{name}");
        }
        // The lexicon's answer, which the printer asks, is the reader's.
        for name in [
            "x", "c_1", "y'", "x_{i+1}", "alpha", "theta", "Alpha", "f", "neg", "sqrt", "exp", "e",
            "E", "pi", "I", "oo", "inf", "infinity", "Infinity", "nan", "NaN", "zoo", "sin", "log",
            "log_2", "Max", "max", "binomial", "Eq", "Interval", "Matrix", "θ", "π", "∞", "x y",
            "", "2", "+", "-", "*", "/", "^", "**", "!", "EmptySet", "Text",
        ] {
            assert_eq!(
                crate::expr::lexicon::is_rpn_symbol(name),
                is_symbol_token(name),
                "{name}"
            );
        }
        // A relation cannot be written: `=` is an unknown token.
        assert_eq!(perr("x 1 =").message, "unknown token '='");
    }
}
