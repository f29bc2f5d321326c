//! Parsing the LaTeX that mathematical answers contain.
//!
//! [`parse_latex`] is a hand-written lexer and recursive-descent parser. It
//! returns a raw tree built with the conventions of [`ast`](crate::expr::ast)
//! (`a - b` is `a + (-1)·b`, `a/b` is `a·b^(-1)`, `\sqrt{x}` is `x^(1/2)`,
//! `\sqrt[n]{x}` is `x^(1/n)`), with exact numbers (`0.1` is `1/10`), and
//! leaves simplification to the canonicalizer.
//!
//! # What it reads
//!
//! * numbers `12`, `0.5`, `.5`, `23{,}000` (`{,}` is a thousands separator);
//! * letters: every letter is its own symbol (`xy` is `x·y`), `e` is Euler's
//!   number and `i` the imaginary unit unless a subscript or a prime follows;
//!   subscripts make names (`x_1`, `x_{10}`, `x_{i+1}` → `x_i+1`), primes too
//!   (`y'`); Greek letters `\alpha`… are symbols named `alpha`…, `\pi` is π,
//!   `\infty` is ∞, `\imath` is i;
//! * plain function names typed without a backslash (`sin(x)`, `cos x`,
//!   `sinx`, `log`, `ln`, `exp`, `sqrt`, `arcsin`…) are functions, not
//!   products of letters; the word `pi` is π;
//! * `+ - \pm \mp \cdot \times \ast * / \div`, implicit multiplication,
//!   `^` (an integer after it without braces is the exponent whole: `x^23`,
//!   `2^10`, as SymPy's `parse_latex` reads it), `!`, `\%`, `^\circ`,
//!   `\degree`, `°`;
//! * `\frac \dfrac \tfrac \cfrac \binom \dbinom \tbinom \sqrt \sqrt[n]` with
//!   braced or single-token arguments (`\frac12`, `\frac1x`, `\sqrt2`);
//! * functions `\sin … \operatorname{…}`, with powers (`\sin^2 x`),
//!   inverses (`\sin^{-1} x`), bases (`\log_2 x`, `\log_{b}(x)`) and
//!   arguments in parentheses or without them (`\sin 2x` is `sin(2x)`);
//! * brackets `( ) [ ] \{ \} | | \lvert \rvert \lfloor \rfloor \lceil \rceil`,
//!   with `\left \right \bigl \bigr \big \Big …`: one item in brackets is a
//!   group; `(a, b)` is a tuple, `[a, b]`, `[a, b)`, `(a, b]` and
//!   `\left]a, b\right[` are intervals, `[a, b, c]` is a tuple, `\{a, b\}` a
//!   set, `|x|` an absolute value, `\lfloor x \rfloor` a floor;
//! * relations `= < > \le \ge \neq \approx …` with chains, `\cup \cap`,
//!   comma lists, matrices (`pmatrix bmatrix matrix vmatrix array …`),
//!   integrals `\int_a^b f \, dx`, `\text{…}` and other wrappers, `\boxed{…}`;
//! * `$…$`, `$$…$$`, `\(…\)`, `\[…\]` around the whole input are stripped, and
//!   so is one final `.` or `,`.
//!
//! # Bounds
//!
//! The input length is checked first ([`Limits::check_input`]). While
//! parsing, each atom (a bracket, a group, a command and its arguments) and
//! each expression inside one counts a level of nesting, so that the default
//! [`Limits::max_depth`] of 200 allows about 100 nested brackets; the
//! recursion of the parser and the depth of the tree it builds both stay
//! within that bound (a nested bracket takes about 8 KiB of stack
//! unoptimized, 2.5 KiB optimized). Numbers with more than [`Limits::max_digits`] digits are
//! refused, and the tree's node count is checked at the end
//! ([`Limits::check_nodes`]). All of these give
//! [`ExprError::BudgetExceeded`].
//!
//! # Differences with the document
//!
//! Compared with TeX and with other parsers:
//!
//! * A single letter before a parenthesis is a product (`f(x)` is `f·x`), as
//!   in TeX; use `\operatorname{f}(x)` for a function.
//! * Two numbers side by side (`2 3`) are an error rather than `23` or `6`.
//! * `2\frac{1}{2}` is the mixed number 5/2 (a bare non-negative integer directly
//!   followed by a fraction of two integer literals); `2\frac{x}{2}` and `2 \cdot \frac12` are products.
//! * `\text{…}` holding letters is [`Expr::Text`]; `\mathrm{…}`, `\mathbf{…}`…
//!   holding a word of two or more letters is [`Expr::Text`] too (a unit such
//!   as `\mathrm{cm}`), otherwise their content is parsed (`\mathrm{e}` is e);
//!   `\mathit{…}` holding only letters is one symbol (`\mathit{abc}`).
//! * `%` is a percent sign, not a TeX comment.
//! * Plain braces holding a list, `{1, 2}`, are a tuple, not a set (a set is
//!   `\{1, 2\}`).
//! * In an integral, `d` followed by a letter (`dx`, `d\theta`,
//!   `\mathrm{d}x`) ends the integrand; write `\mathit{d}` for a symbol `d`
//!   there.
//! * Greek variants keep their names (`\varphi` is the symbol `varphi`).
//! * `\sum_{k=a}^{b} body` and `\prod_{k=a}^{b} body` are the unknown
//!   functions `Sum(body, k, a, b)` and `Product(body, k, a, b)`: not
//!   evaluated, equal when their canonical forms are; the body is the product
//!   that follows (`\sum_{k=1}^{n} k^2 + 1` is `Sum(k², k, 1, n) + 1`), and an
//!   index `i` or `e` is a letter in it, not a constant.
//! * Set-builder notation, `\in`, limits, derivatives and vectors (`\vec`)
//!   are not supported: they are parse errors.

use std::ops::Range;

use num_bigint::BigInt;
use num_traits::{One, Signed, Zero};

use crate::expr::ast::{Constant, Expr, Func, Integral, Interval, Rational, RelOp};
use crate::expr::error::{ExprError, ParseError};
pub(crate) use crate::expr::lexicon::is_greek_command as is_greek;
use crate::expr::limits::Limits;

/// Parses the LaTeX of a mathematical answer into a raw expression tree.
///
/// The tree is not canonicalized: `x - 1` is `x + (-1)`, `\frac{1}{2}` is
/// `1·2^(-1)`. Errors are [`ExprError::Parse`] with the byte span of the
/// offending token, or [`ExprError::BudgetExceeded`] when a bound of
/// `limits` is reached.
///
/// ```
/// use scorespec::expr::parse::latex::parse_latex;
/// use scorespec::expr::{Constant, Expr, Limits};
///
/// let e = parse_latex(r"\frac{1}{2}", &Limits::default()).unwrap();
/// assert_eq!(e, Expr::div(Expr::int(1), Expr::int(2)));
///
/// let e = parse_latex(r"$2\pi r$", &Limits::default()).unwrap();
/// let pi = Expr::Constant(Constant::Pi);
/// assert_eq!(e, Expr::Mul(vec![Expr::int(2), pi, Expr::sym("r")]));
///
/// let err = parse_latex(r"1 + \foo", &Limits::default()).unwrap_err();
/// assert!(err.to_string().starts_with(r"unknown or unsupported command \foo at byte 4"));
/// ```
pub fn parse_latex(text: &str, limits: &Limits) -> Result<Expr, ExprError> {
    limits.check_input(text)?;
    let range = strip_delimiters(text);
    let mut toks = lex(text, range.clone())?;
    if matches!(toks.last().map(|t| &t.tok), Some(Tok::Dot | Tok::Comma)) {
        toks.pop();
    }
    if toks.is_empty() {
        return Err(ParseError::new("empty expression", range, text).into());
    }
    let mut parser = Parser::new(text, toks, range.end, limits, 0);
    let node = parser.parse_all()?;
    limits.check_nodes(node.e.node_count())?;
    Ok(node.e)
}

/// The canonical tree of the simplest answers, read without the lexer, the
/// parser and the canonicalizer: an integer of at most 18 digits (`-12`), a
/// fraction of two such integers (`1/3`, `\frac{1}{3}`, `-\dfrac{2}{4}`,
/// `\frac13` of two digits; a non-zero denominator), a decimal of at most 18 digits (`-0.25`) or a single ASCII letter (`x`; `e` and `i` are the
/// constants). It is what `canonical(parse_latex(text))` gives (a unit test
/// compares the two), or `None` for any other text and under limits so
/// small that the full reading could refuse the text: the full reading
/// decides those.
///
/// ```
/// use scorespec::expr::parse::latex::parse_simple;
/// use scorespec::expr::{Expr, Limits};
/// assert_eq!(parse_simple(r"-\frac{2}{4}", &Limits::default()), Some(Expr::ratio(-1, 2)));
/// assert_eq!(parse_simple("x+1", &Limits::default()), None);
/// ```
pub fn parse_simple(text: &str, limits: &Limits) -> Option<Expr> {
    let b = text.as_bytes();
    if b.len() > 48
        || b.len() > limits.max_input_bytes
        || limits.max_depth < 8
        || limits.max_nodes < 8
        || limits.max_digits < 40
        || limits.max_exponent < 1
    {
        return None;
    }
    if let [c] = b {
        if c.is_ascii_alphabetic() {
            return Some(letter(char::from(*c), false));
        }
    }
    // An integer of 1 to 18 digits at the start of `b`, and the rest.
    let int = |b: &[u8]| -> Option<(i64, usize)> {
        let n = b.iter().take_while(|c| c.is_ascii_digit()).count();
        (1..=18).contains(&n).then(|| {
            let v = b[..n]
                .iter()
                .fold(0i64, |v, c| v * 10 + i64::from(c - b'0'));
            (v, n)
        })
    };
    let (neg, body) = match b.split_first() {
        Some((b'-', rest)) => (true, rest),
        _ => (false, b),
    };
    let (n, d) = if let Some(rest) = [&b"\\frac{"[..], b"\\dfrac{", b"\\tfrac{"]
        .iter()
        .find_map(|p| body.strip_prefix(*p))
    {
        let (n, len) = int(rest)?;
        let rest = rest[len..].strip_prefix(b"}{")?;
        let (d, len) = int(rest)?;
        if &rest[len..] != b"}" {
            return None;
        }
        (n, d)
    } else if let Some(&[x, y]) = [&b"\\frac"[..], b"\\dfrac", b"\\tfrac"]
        .iter()
        .find_map(|p| body.strip_prefix(*p))
    {
        // `\frac13`: two digits are the numerator and the denominator.
        if !(x.is_ascii_digit() && y.is_ascii_digit()) {
            return None;
        }
        (i64::from(x - b'0'), i64::from(y - b'0'))
    } else {
        let (n, len) = int(body)?;
        match &body[len..] {
            [] => (n, 1),
            [b'/', rest @ ..] => match int(rest)? {
                (d, len) if len == rest.len() => (n, d),
                _ => return None,
            },
            // A decimal of at most 18 digits in all.
            [b'.', rest @ ..] => match int(rest)? {
                (f, k) if k == rest.len() && len + k <= 18 => {
                    let p = 10i64.pow(k as u32);
                    (n * p + f, p)
                }
                _ => return None,
            },
            _ => return None,
        }
    };
    if d == 0 {
        return None;
    }
    let n = if neg { -n } else { n };
    crate::expr::number::reduced(i128::from(n), i128::from(d)).map(Expr::Number)
}

mod commands;
mod lexer;
mod parser;
mod tables;

use lexer::*;
use parser::*;
use tables::*;

#[cfg(test)]
mod tests {
    use super::*;

    fn p(s: &str) -> Expr {
        match parse_latex(s, &Limits::default()) {
            Ok(e) => e,
            Err(e) => panic!("{s:?}: {e}"),
        }
    }

    /// A relation of sums is built as the general loop of `build_item`
    /// builds it (each union and intersection level one side alone), with
    /// the same depths: every pattern of up to five operands joined by `+`,
    /// `-` and relations, on leaves and deeper nodes.
    #[test]
    fn relations_of_sums_are_built_as_the_general_loop_builds_them() {
        use parser::{BinOp, Node, Parser};
        let limits = Limits::default();
        let parser = Parser::new("", Vec::new(), 0, &limits, 0);
        let operands = |n: usize| -> Vec<Node> {
            (0..n)
                .map(|i| Node {
                    e: if i % 2 == 0 {
                        Expr::int(i as i64 + 1)
                    } else {
                        Expr::Symbol(format!("x{i}"))
                    },
                    d: 1 + i % 3,
                })
                .collect()
        };
        let choices = [
            BinOp::Plus,
            BinOp::Minus,
            BinOp::Rel(RelOp::Lt),
            BinOp::Rel(RelOp::Eq),
        ];
        let mut compared = 0;
        for n in 2..=5 {
            for code in 0..choices.len().pow(n as u32 - 1) {
                let ops: Vec<BinOp> = (0..n - 1)
                    .map(|k| choices[code / choices.len().pow(k as u32) % choices.len()])
                    .collect();
                if !ops.iter().any(|op| matches!(op, BinOp::Rel(_))) {
                    continue;
                }
                let a = parser.build_relation(operands(n), ops.clone());
                let b = parser.build_general(operands(n), ops.clone());
                let (a, b) = (a.map(|x| (x.e, x.d)), b.map(|x| (x.e, x.d)));
                assert_eq!(a, b, "{ops:?}");
                compared += 1;
            }
        }
        assert!(compared > 300, "{compared}");
    }

    /// The shortcut gives exactly what the full reading and the
    /// canonicalizer give, on every text it takes, and declines the rest.
    #[test]
    fn the_simple_reading_is_the_full_one() {
        use crate::expr::canon::canonical_owned;
        let limits = Limits::default();
        let full = |t: &str| parse_latex(t, &limits).and_then(|e| canonical_owned(e, &limits));
        let mut texts: Vec<String> = Vec::new();
        let ints = [
            "0",
            "1",
            "2",
            "7",
            "10",
            "12",
            "007",
            "00",
            "100",
            "999999999999999999",
            "123456789012345678",
            "1234567890123456789",
            "9223372036854775807",
        ];
        for a in ints {
            for b in ints {
                for f in [
                    "{a}/{b}",
                    "\\frac{{{a}}}{{{b}}}",
                    "\\dfrac{{{a}}}{{{b}}}",
                    "\\tfrac{{{a}}}{{{b}}}",
                    "\\frac{{{a}}}{{{b}}}}}",
                    "{a}//{b}",
                    "\\frac{{{a}}}{{-{b}}}",
                    "\\frac{{-{a}}}{{{b}}}",
                    "{a}/{b}.",
                ] {
                    let t = f.replace("{a}", a).replace("{b}", b);
                    texts.push(t.clone());
                    texts.push(format!("-{t}"));
                    texts.push(format!("--{t}"));
                }
            }
            texts.extend([
                a.to_string(),
                format!("-{a}"),
                format!("{a} "),
                format!("+{a}"),
            ]);
        }
        for c in (b'!'..=b'~').map(char::from) {
            texts.extend([c.to_string(), format!("-{c}"), format!("{c}{c}")]);
        }
        texts.extend(
            [
                "",
                "-",
                "/",
                "1/",
                "/2",
                "\\frac{1}{}",
                "\\frac{}{2}",
                "\\frac12",
                "\\frac13",
                "-\\dfrac34",
                "\\tfrac99",
                "\\frac10",
                "\\frac1 3",
                "\\frac123",
                "\\frac1",
                "\\frac0 ",
                "\\fracx2",
                "é",
                "1.5",
            ]
            .map(String::from),
        );
        let mut taken = 0;
        for t in &texts {
            if let Some(e) = parse_simple(t, &limits) {
                taken += 1;
                assert_eq!(full(t).as_ref(), Ok(&e), "{t:?}");
            }
        }
        assert!(taken > 250, "{taken}");
        for t in [
            "0",
            "7",
            "-7",
            "x",
            "e",
            "12",
            "1/3",
            "\\frac{1}{3}",
            "0.5",
            "\\frac13",
        ] {
            assert!(parse_simple(t, &limits).is_some(), "{t:?}");
        }
        // Tiny limits leave every text to the full reading.
        let tiny = Limits {
            max_nodes: 3,
            ..limits
        };
        assert_eq!(parse_simple("1/3", &tiny), None);
    }

    fn perr(s: &str) -> ParseError {
        match parse_latex(s, &Limits::default()) {
            Err(ExprError::Parse(e)) => e,
            other => panic!("{s:?}: expected a parse error, got {other:?}"),
        }
    }

    fn s(name: &str) -> Expr {
        Expr::sym(name)
    }
    fn n(v: i64) -> Expr {
        Expr::int(v)
    }
    fn mul(v: Vec<Expr>) -> Expr {
        Expr::Mul(v)
    }
    fn add(v: Vec<Expr>) -> Expr {
        Expr::Add(v)
    }
    fn f(func: Func, x: Expr) -> Expr {
        Expr::func(func, x)
    }
    fn pi() -> Expr {
        Expr::Constant(Constant::Pi)
    }
    fn e() -> Expr {
        Expr::Constant(Constant::E)
    }
    fn i() -> Expr {
        Expr::Constant(Constant::I)
    }
    fn inf() -> Expr {
        Expr::Constant(Constant::Infinity)
    }
    fn rel(sides: Vec<Expr>, ops: Vec<RelOp>) -> Expr {
        Expr::Relation(sides, ops)
    }
    fn interval(lo: Expr, hi: Expr, lo_closed: bool, hi_closed: bool) -> Expr {
        Expr::Interval(Box::new(Interval {
            lo,
            hi,
            lo_closed,
            hi_closed,
        }))
    }
    fn pm(a: Expr, b: Expr) -> Expr {
        Expr::PlusMinus(Box::new(a), Box::new(b))
    }
    fn text(t: &str) -> Expr {
        Expr::Text(t.to_string())
    }
    fn named(name: &str, args: Vec<Expr>) -> Expr {
        Expr::Func(Func::Named(name.to_string()), args)
    }

    fn same(cases: &[(&str, Expr)]) {
        for (input, expected) in cases {
            assert_eq!(p(input), *expected, "input {input:?}");
        }
    }

    #[test]
    fn numbers() {
        same(&[
            ("42", n(42)),
            ("0.1", Expr::ratio(1, 10)),
            (".5", Expr::ratio(1, 2)),
            ("1000.0", n(1000)),
            ("23{,}000", n(23000)),
            ("\\$23{,}000", n(23000)),
            ("\\$ 5", n(5)),
            ("-5", n(-5)),
            ("007", n(7)),
            (
                "3.54\\times10^{-7}",
                mul(vec![Expr::ratio(177, 50), Expr::pow(n(10), n(-7))]),
            ),
            ("5.", n(5)),
            // Scientific notation (issue 14 item 11): 3.54e-07 = 354/10^9.
            ("3.54e-07", Expr::ratio(177, 500_000_000)),
            ("1E+3", n(1000)),
            ("2e3", n(2000)),
            ("2.5e-1", Expr::ratio(1, 4)),
        ]);
        // Not scientific: `e` is Euler's number when no digits follow, or
        // when a letter or a fifth digit follows.
        let e = Expr::Constant(Constant::E);
        same(&[("2e", mul(vec![n(2), e.clone()]))]);
        assert!(!matches!(
            parse_latex("2e3x", &Limits::default()),
            Ok(Expr::Number(_))
        ));
    }

    #[test]
    fn plain_function_names_have_two_letters_or_more() {
        // plain_function_prefix answers None for one letter without a scan.
        assert!(PLAIN_FUNCTIONS.iter().all(|(name, _)| name.len() >= 2));
        assert_eq!(plain_function_prefix("x"), None);
        assert_eq!(plain_function_prefix("ln"), Some(("ln", false)));
        assert_eq!(plain_function_prefix("arcsinhx"), Some(("arcsinh", false)));
    }

    #[test]
    fn short_decimals_reduce_as_big_fractions_do() {
        // The machine-integer path gives the fraction Rational::new gives.
        for (text, n, d) in [
            ("0.25", "25", "100"),
            ("3.14", "314", "100"),
            ("007.50", "750", "100"),
            ("23{,}000.5", "230005", "10"),
            ("0.000000000000000001", "1", "1000000000000000000"),
            ("999999999.999999999", "999999999999999999", "1000000000"),
            ("0.0", "0", "10"),
        ] {
            let big = |s: &str| BigInt::parse_bytes(s.as_bytes(), 10).unwrap();
            assert_eq!(
                p(text),
                Expr::Number(Rational::new(big(n), big(d))),
                "{text}"
            );
        }
        // The digit bound still applies to them.
        let tight = Limits {
            max_digits: 5,
            ..Limits::default()
        };
        assert!(matches!(
            parse_latex("0.123456", &tight),
            Err(ExprError::BudgetExceeded {
                which: "digits of a number",
                ..
            })
        ));
        assert!(parse_latex("0.1234", &tight).is_ok());
    }

    #[test]
    fn delimiters_and_trailing_punctuation() {
        same(&[
            ("$x$", s("x")),
            ("$$x$$", s("x")),
            ("\\(x\\)", s("x")),
            ("\\[ x \\]", s("x")),
            ("  $ \\frac{1}{3}. $ ", Expr::div(n(1), n(3))),
            ("\\frac{1}{3},", Expr::div(n(1), n(3))),
            ("\\boxed{\\frac{1}{3}}", Expr::div(n(1), n(3))),
            ("\\boxed{1, 2}", Expr::Tuple(vec![n(1), n(2)])),
            ("Answer \\( 9 \\)".trim_start_matches("Answer "), n(9)),
        ]);
    }

    #[test]
    fn fractions() {
        let third = Expr::div(n(1), n(3));
        same(&[
            ("\\frac{1}{3}", third.clone()),
            ("\\dfrac{1}{3}", third.clone()),
            ("\\tfrac{1}{3}", third.clone()),
            ("\\cfrac{1}{3}", third.clone()),
            ("\\frac13", third.clone()),
            ("\\frac 1 3", third.clone()),
            ("\\frac3{3}", Expr::div(n(3), n(3))),
            ("\\frac1x", Expr::div(n(1), s("x"))),
            ("\\frac{a}{b}", Expr::div(s("a"), s("b"))),
            ("\\frac94\\pi", mul(vec![Expr::div(n(9), n(4)), pi()])),
            ("\\frac123", mul(vec![Expr::div(n(1), n(2)), n(3)])),
            ("\\frac{\\pi}{2}", Expr::div(pi(), n(2))),
            ("-\\frac{10}{9}", Expr::neg(Expr::div(n(10), n(9)))),
            ("\\frac{x+2}{7}", Expr::div(add(vec![s("x"), n(2)]), n(7))),
            ("\\pi/2", Expr::div(pi(), n(2))),
            ("1/2", Expr::div(n(1), n(2))),
            (
                "a/b/c",
                mul(vec![
                    s("a"),
                    Expr::pow(s("b"), n(-1)),
                    Expr::pow(s("c"), n(-1)),
                ]),
            ),
            ("6 \\div 3", Expr::div(n(6), n(3))),
        ]);
    }

    #[test]
    fn roots() {
        same(&[
            ("\\sqrt{x}", Expr::sqrt(s("x"))),
            ("\\sqrt2", Expr::sqrt(n(2))),
            (
                "\\sqrt 2+\\sqrt 5",
                add(vec![Expr::sqrt(n(2)), Expr::sqrt(n(5))]),
            ),
            ("\\sqrt23", mul(vec![Expr::sqrt(n(2)), n(3)])),
            ("\\sqrt[3]{x}", Expr::pow(s("x"), Expr::ratio(1, 3))),
            ("\\sqrt[n]{x}", Expr::pow(s("x"), Expr::pow(s("n"), n(-1)))),
            ("3\\sqrt{2}", mul(vec![n(3), Expr::sqrt(n(2))])),
            ("3 * \\sqrt{13}", mul(vec![n(3), Expr::sqrt(n(13))])),
            (
                "\\sqrt[3]{x}^2",
                Expr::pow(Expr::pow(s("x"), Expr::ratio(1, 3)), n(2)),
            ),
            ("sqrt(2)", Expr::sqrt(n(2))),
            ("√2", Expr::sqrt(n(2))),
        ]);
    }

    #[test]
    fn brackets_sizes() {
        let third = Expr::div(n(1), n(3));
        same(&[
            ("\\left( \\frac{1}{3} \\right)", third.clone()),
            ("\\bigl( x \\bigr)", s("x")),
            ("\\Big( x \\Big)", s("x")),
            ("\\big[ x \\big]", s("x")),
            ("\\left[ x \\right]", s("x")),
            ("\\left. x \\right|", s("x")),
            ("\\left. x \\right.", s("x")),
            ("[x+1]^2", Expr::pow(add(vec![s("x"), n(1)]), n(2))),
            ("{x}", s("x")),
        ]);
    }

    #[test]
    fn operators() {
        same(&[
            ("a \\cdot b", mul(vec![s("a"), s("b")])),
            ("a \\times b", mul(vec![s("a"), s("b")])),
            ("a \\ast b", mul(vec![s("a"), s("b")])),
            ("a*b", mul(vec![s("a"), s("b")])),
            ("a \\div b", Expr::div(s("a"), s("b"))),
            ("x - 1", Expr::sub(s("x"), n(1))),
            ("a - b", Expr::sub(s("a"), s("b"))),
            (
                "a - b - c",
                add(vec![s("a"), Expr::neg(s("b")), Expr::neg(s("c"))]),
            ),
            ("a + b + c", add(vec![s("a"), s("b"), s("c")])),
            ("-x", Expr::neg(s("x"))),
            ("-2x", Expr::neg(mul(vec![n(2), s("x")]))),
            ("-x^2", Expr::neg(Expr::pow(s("x"), n(2)))),
            ("+x", s("x")),
            ("2 \\cdot -3", mul(vec![n(2), n(-3)])),
            ("a - -b", add(vec![s("a"), Expr::neg(Expr::neg(s("b")))])),
            (
                "0.1 + 0.2",
                add(vec![Expr::ratio(1, 10), Expr::ratio(1, 5)]),
            ),
        ]);
    }

    #[test]
    fn powers_and_scripts() {
        same(&[
            ("x^{2}", Expr::pow(s("x"), n(2))),
            ("x^2", Expr::pow(s("x"), n(2))),
            ("x^23", Expr::pow(s("x"), n(23))),
            ("2^10", Expr::pow(n(2), n(10))),
            ("x^2 3", mul(vec![Expr::pow(s("x"), n(2)), n(3)])),
            ("x^2y", mul(vec![Expr::pow(s("x"), n(2)), s("y")])),
            ("x^{-2}", Expr::pow(s("x"), n(-2))),
            ("x^-1", Expr::pow(s("x"), n(-1))),
            ("e^{x}", Expr::exp(s("x"))),
            ("e^x", Expr::exp(s("x"))),
            (
                "e^{-x}\\cos(x)",
                mul(vec![Expr::exp(Expr::neg(s("x"))), f(Func::Cos, s("x"))]),
            ),
            ("2^{3^{4}}", Expr::pow(n(2), Expr::pow(n(3), n(4)))),
            ("x^{2/3}", Expr::pow(s("x"), Expr::div(n(2), n(3)))),
            ("x_1", s("x_1")),
            ("x_{10}", s("x_10")),
            ("c_{n}", s("c_n")),
            ("x_{i+1}", s("x_{i+1}")),
            ("x_{i + 1}", s("x_{i+1}")),
            ("x_1^2", Expr::pow(s("x_1"), n(2))),
            ("a_{37}", s("a_37")),
            ("x_{\\text{max}}", s("x_max")),
            ("\\alpha_1", s("alpha_1")),
            ("x_\\alpha", s("x_alpha")),
            ("e_1", s("e_1")),
            ("y'", s("y'")),
            ("y''", s("y''")),
            ("x_{12}y", mul(vec![s("x_12"), s("y")])),
            ("x_12", mul(vec![s("x_1"), n(2)])),
        ]);
    }

    #[test]
    fn implicit_multiplication() {
        same(&[
            ("2x", mul(vec![n(2), s("x")])),
            ("2\\pi r", mul(vec![n(2), pi(), s("r")])),
            ("xy", mul(vec![s("x"), s("y")])),
            ("x y", mul(vec![s("x"), s("y")])),
            (
                "(x+1)(x-1)",
                mul(vec![add(vec![s("x"), n(1)]), Expr::sub(s("x"), n(1))]),
            ),
            ("2(x+1)", mul(vec![n(2), add(vec![s("x"), n(1)])])),
            ("x(x+1)", mul(vec![s("x"), add(vec![s("x"), n(1)])])),
            ("f(x)", mul(vec![s("f"), s("x")])),
            (
                ".8\\cdot .9x",
                mul(
                    vec![Expr::ratio(4, 5), mul(vec![Expr::ratio(9, 10), s("x")])]
                        .into_iter()
                        .take(1)
                        .chain([Expr::ratio(9, 10), s("x")])
                        .collect(),
                ),
            ),
            (
                "\\frac{\\pi r}{h+r}",
                Expr::div(mul(vec![pi(), s("r")]), add(vec![s("h"), s("r")])),
            ),
            ("2 \\sqrt{2} \\pi", mul(vec![n(2), Expr::sqrt(n(2)), pi()])),
        ]);
    }

    #[test]
    fn constants_and_letters() {
        same(&[
            ("e", e()),
            ("i", i()),
            ("\\pi", pi()),
            ("pi", pi()),
            ("2pi", mul(vec![n(2), pi()])),
            ("\\infty", inf()),
            ("-\\infty", Expr::neg(inf())),
            ("\\mathrm{e}", e()),
            ("\\mathrm{i}", i()),
            ("\\imath", i()),
            ("\\mathrm{d}", s("d")),
            (
                "1 - \\frac{1}{\\mathrm{e}}",
                Expr::sub(n(1), Expr::div(n(1), e())),
            ),
            ("\\mathrm{e}^{x} + 1", add(vec![Expr::exp(s("x")), n(1)])),
            ("3 + 2i", add(vec![n(3), mul(vec![n(2), i()])])),
            ("\\alpha", s("alpha")),
            ("\\Gamma", s("Gamma")),
            ("\\varphi", s("varphi")),
            ("\\theta", s("theta")),
            ("\\mathbf{v}", s("v")),
            ("\\mathit{abc}", s("abc")),
            ("\\mathit{e}", s("e")),
            ("\\boldsymbol{\\alpha}", s("alpha")),
            ("\\mathrm{A}/\\mathrm{s}", Expr::div(s("A"), s("s"))),
        ]);
    }

    #[test]
    fn functions() {
        let sx = f(Func::Sin, s("x"));
        same(&[
            ("\\sin x", sx.clone()),
            ("\\sin(x)", sx.clone()),
            ("\\sin\\left(x\\right)", sx.clone()),
            ("\\sin{x}", sx.clone()),
            ("sin(x)", sx.clone()),
            ("sin x", sx.clone()),
            ("sinx", sx.clone()),
            ("cos x", f(Func::Cos, s("x"))),
            ("log x", f(Func::Log, s("x"))),
            ("arctan(1)", f(Func::Atan, n(1))),
            ("sqrt{x}", Expr::sqrt(s("x"))),
            ("\\sin 2x", f(Func::Sin, mul(vec![n(2), s("x")]))),
            (
                "\\sin x \\cos x",
                mul(vec![sx.clone(), f(Func::Cos, s("x"))]),
            ),
            (
                "2 \\sin b \\cos a",
                mul(vec![n(2), f(Func::Sin, s("b")), f(Func::Cos, s("a"))]),
            ),
            ("\\sin^2 x", Expr::pow(sx.clone(), n(2))),
            ("\\sin^{2}(x)", Expr::pow(sx.clone(), n(2))),
            ("\\sin(x)^2", Expr::pow(sx.clone(), n(2))),
            ("\\sin^{-1} x", f(Func::Asin, s("x"))),
            ("\\cos^{-1}(x)", f(Func::Acos, s("x"))),
            ("\\arcsin x", f(Func::Asin, s("x"))),
            ("arcsin(x)", f(Func::Asin, s("x"))),
            ("\\sin x^2", f(Func::Sin, Expr::pow(s("x"), n(2)))),
            ("\\sin -x", f(Func::Sin, Expr::neg(s("x")))),
            ("\\sin \\frac{\\pi}{2}", f(Func::Sin, Expr::div(pi(), n(2)))),
            ("\\sin\\cos x", f(Func::Sin, f(Func::Cos, s("x")))),
            (
                "\\sin (a + b) - \\sin (a - b)",
                add(vec![
                    f(Func::Sin, add(vec![s("a"), s("b")])),
                    Expr::neg(f(Func::Sin, Expr::sub(s("a"), s("b")))),
                ]),
            ),
            (
                "\\tan^2(y)+1",
                add(vec![Expr::pow(f(Func::Tan, s("y")), n(2)), n(1)]),
            ),
            ("\\sec^2(y)", Expr::pow(f(Func::Sec, s("y")), n(2))),
            ("\\sinh x", f(Func::Sinh, s("x"))),
            ("\\log x", f(Func::Log, s("x"))),
            ("\\ln x", f(Func::Log, s("x"))),
            ("\\ln|x|", f(Func::Log, f(Func::Abs, s("x")))),
            ("ln(x)", f(Func::Log, s("x"))),
            ("\\log_{2} x", Expr::Func(Func::Log, vec![s("x"), n(2)])),
            ("\\log_2 8", Expr::Func(Func::Log, vec![n(8), n(2)])),
            ("\\log_28", Expr::Func(Func::Log, vec![n(8), n(2)])),
            ("\\log_{b}(x)", Expr::Func(Func::Log, vec![s("x"), s("b")])),
            ("\\lg 100", Expr::Func(Func::Log, vec![n(100), n(10)])),
            ("\\exp(x)", Expr::exp(s("x"))),
            ("\\exp x", Expr::exp(s("x"))),
            ("exp(2)", Expr::exp(n(2))),
            ("\\max(a, b)", Expr::Func(Func::Max, vec![s("a"), s("b")])),
            ("max(a, b)", Expr::Func(Func::Max, vec![s("a"), s("b")])),
            ("\\operatorname{sin}(x)", sx.clone()),
            ("\\operatorname{f}(x, y)", named("f", vec![s("x"), s("y")])),
            ("\\operatorname{arcsec} x", f(Func::Asec, s("x"))),
            ("\\operatorname{exp}(x)", Expr::exp(s("x"))),
            ("\\operatorname{sgn}(x)", f(Func::Sign, s("x"))),
            (
                "\\cos^2(9\\pi/44)",
                Expr::pow(
                    f(Func::Cos, mul(vec![n(9), pi(), Expr::pow(n(44), n(-1))])),
                    n(2),
                ),
            ),
            (
                "\\sin 30^\\circ",
                f(Func::Sin, Expr::Degrees(Box::new(n(30)))),
            ),
            ("\\sin(x) y", mul(vec![sx.clone(), s("y")])),
            ("\\sin x + 1", add(vec![sx.clone(), n(1)])),
            ("\\sin x \\cdot y", mul(vec![sx.clone(), s("y")])),
        ]);
    }

    #[test]
    fn words_that_are_not_functions() {
        same(&[
            ("5 min", mul(vec![n(5), s("m"), i(), s("n")])),
            ("sec", mul(vec![s("s"), e(), s("c")])),
            ("ab", mul(vec![s("a"), s("b")])),
            ("xsinx", mul(vec![s("x"), f(Func::Sin, s("x"))])),
        ]);
    }

    #[test]
    fn text_and_wrappers() {
        same(&[
            ("\\text{Evelyn}", text("Evelyn")),
            ("\\text{ yuan }", text("yuan")),
            ("\\text{(C)}", text("(C)")),
            ("\\text{13}", n(13)),
            ("5\\text{ m}", mul(vec![n(5), text("m")])),
            (
                "0.06 \\text{ yuan}",
                mul(vec![Expr::ratio(3, 50), text("yuan")]),
            ),
            (
                "\\frac{1}{3} \\textbf{meters}",
                mul(vec![Expr::div(n(1), n(3)), text("meters")]),
            ),
            ("125\\textnormal{ miles}", mul(vec![n(125), text("miles")])),
            (
                "15\\mbox{ cm}^2",
                mul(vec![n(15), Expr::pow(text("cm"), n(2))]),
            ),
            ("3 \\mathrm{cm}", mul(vec![n(3), text("cm")])),
            ("\\mathrm{m/s}", Expr::div(s("m"), s("s"))),
            ("6 \\text{ and } 8", mul(vec![n(6), text("and"), n(8)])),
            ("\\displaystyle x", s("x")),
            ("\\textstyle{x}", s("x")),
            ("x\\,\\;\\:\\!\\quad\\qquad\\ ~y", mul(vec![s("x"), s("y")])),
            ("\\text{ }x", s("x")),
        ]);
    }

    #[test]
    fn sets_tuples_intervals() {
        same(&[
            ("(1, 2)", Expr::Tuple(vec![n(1), n(2)])),
            ("1, 2", Expr::Tuple(vec![n(1), n(2)])),
            (
                "(3, \\frac{\\pi}{2})",
                Expr::Tuple(vec![n(3), Expr::div(pi(), n(2))]),
            ),
            ("\\left(1,2\\right)", Expr::Tuple(vec![n(1), n(2)])),
            ("[0, 1]", interval(n(0), n(1), true, true)),
            ("[0, 3)", interval(n(0), n(3), true, false)),
            (
                "(a+b,b]",
                interval(add(vec![s("a"), s("b")]), s("b"), false, true),
            ),
            ("\\left[0, 1\\right)", interval(n(0), n(1), true, false)),
            ("[1, 2, 3]", Expr::Tuple(vec![n(1), n(2), n(3)])),
            ("(1, +\\infty)", Expr::Tuple(vec![n(1), inf()])),
            ("\\{1, 2\\}", Expr::Set(vec![n(1), n(2)])),
            ("\\left\\{1, 2\\right\\}", Expr::Set(vec![n(1), n(2)])),
            ("\\{\\}", Expr::Set(vec![])),
            ("\\emptyset", Expr::Set(vec![])),
            ("\\varnothing", Expr::Set(vec![])),
            ("\\{-1\\}", Expr::Set(vec![n(-1)])),
            (
                "(-\\infty,0)\\cup(0,\\infty)",
                Expr::Union(vec![
                    Expr::Tuple(vec![Expr::neg(inf()), n(0)]),
                    Expr::Tuple(vec![n(0), inf()]),
                ]),
            ),
            (
                "\\{-1\\} \\cup [0,7)",
                Expr::Union(vec![
                    Expr::Set(vec![n(-1)]),
                    interval(n(0), n(7), true, false),
                ]),
            ),
            (
                "A \\cup B \\cup C",
                Expr::Union(vec![s("A"), s("B"), s("C")]),
            ),
            (
                "A \\cap B \\cup C",
                Expr::Union(vec![Expr::Intersection(vec![s("A"), s("B")]), s("C")]),
            ),
            (
                "(3, 37, 3, 13), (3, 17, 3, 7)",
                Expr::Tuple(vec![
                    Expr::Tuple(vec![n(3), n(37), n(3), n(13)]),
                    Expr::Tuple(vec![n(3), n(17), n(3), n(7)]),
                ]),
            ),
            ("{1,2}", Expr::Tuple(vec![n(1), n(2)])),
        ]);
    }

    #[test]
    fn relations() {
        same(&[
            ("x = 1", rel(vec![s("x"), n(1)], vec![RelOp::Eq])),
            (
                "k = \\frac{1}{3}",
                rel(vec![s("k"), Expr::div(n(1), n(3))], vec![RelOp::Eq]),
            ),
            ("x<-1", rel(vec![s("x"), n(-1)], vec![RelOp::Lt])),
            ("x \\le 2", rel(vec![s("x"), n(2)], vec![RelOp::Le])),
            ("x \\leq 2", rel(vec![s("x"), n(2)], vec![RelOp::Le])),
            ("x \\leqslant 2", rel(vec![s("x"), n(2)], vec![RelOp::Le])),
            ("x \\geq 5", rel(vec![s("x"), n(5)], vec![RelOp::Ge])),
            ("x \\ge 5", rel(vec![s("x"), n(5)], vec![RelOp::Ge])),
            ("x \\geqslant 5", rel(vec![s("x"), n(5)], vec![RelOp::Ge])),
            ("x \\neq 3", rel(vec![s("x"), n(3)], vec![RelOp::Ne])),
            ("x \\ne 3", rel(vec![s("x"), n(3)], vec![RelOp::Ne])),
            ("x \\lt 3", rel(vec![s("x"), n(3)], vec![RelOp::Lt])),
            ("x \\gt 5", rel(vec![s("x"), n(5)], vec![RelOp::Gt])),
            ("x > 5", rel(vec![s("x"), n(5)], vec![RelOp::Gt])),
            ("x\\approx11", rel(vec![s("x"), n(11)], vec![RelOp::Eq])),
            (
                "a < b \\le c",
                rel(vec![s("a"), s("b"), s("c")], vec![RelOp::Lt, RelOp::Le]),
            ),
            (
                "1\\leq|z|\\leq \\frac{3}{2}",
                rel(
                    vec![n(1), f(Func::Abs, s("z")), Expr::div(n(3), n(2))],
                    vec![RelOp::Le, RelOp::Le],
                ),
            ),
            (
                "x = 1, y = 2",
                Expr::Tuple(vec![
                    rel(vec![s("x"), n(1)], vec![RelOp::Eq]),
                    rel(vec![s("y"), n(2)], vec![RelOp::Eq]),
                ]),
            ),
            (
                "y=-\\frac{1}{2}x+\\frac{3}{4}",
                rel(
                    vec![
                        s("y"),
                        add(vec![
                            Expr::neg(mul(vec![Expr::div(n(1), n(2)), s("x")])),
                            Expr::div(n(3), n(4)),
                        ]),
                    ],
                    vec![RelOp::Eq],
                ),
            ),
        ]);
    }

    #[test]
    fn plus_minus_percent_degrees() {
        same(&[
            ("1 \\pm \\sqrt{19}", pm(n(1), Expr::sqrt(n(19)))),
            (
                "3 \\pm 2 \\sqrt{2}",
                pm(n(3), mul(vec![n(2), Expr::sqrt(n(2))])),
            ),
            ("a \\mp b", pm(s("a"), s("b"))),
            ("\\pm 2021", pm(n(0), n(2021))),
            ("a + b \\pm c", pm(add(vec![s("a"), s("b")]), s("c"))),
            ("a \\pm b + c", add(vec![pm(s("a"), s("b")), s("c")])),
            (
                "\\frac{-1 \\pm \\sqrt{13}}{4}",
                Expr::div(pm(n(-1), Expr::sqrt(n(13))), n(4)),
            ),
            (
                "\\{1\\pm\\sqrt{5},-2\\}",
                Expr::Set(vec![pm(n(1), Expr::sqrt(n(5))), n(-2)]),
            ),
            ("28\\%", Expr::Percent(Box::new(n(28)))),
            ("28%", Expr::Percent(Box::new(n(28)))),
            ("90^\\circ", Expr::Degrees(Box::new(n(90)))),
            ("90^{\\circ}", Expr::Degrees(Box::new(n(90)))),
            ("90°", Expr::Degrees(Box::new(n(90)))),
            ("90\\degree", Expr::Degrees(Box::new(n(90)))),
            (
                "50^\\circ+40^\\circ",
                add(vec![
                    Expr::Degrees(Box::new(n(50))),
                    Expr::Degrees(Box::new(n(40))),
                ]),
            ),
        ]);
    }

    #[test]
    fn abs_floor_ceiling_factorial_binomial() {
        same(&[
            ("|x|", f(Func::Abs, s("x"))),
            ("\\lvert x\\rvert", f(Func::Abs, s("x"))),
            ("\\left|x\\right|", f(Func::Abs, s("x"))),
            ("\\left| x \\right|", f(Func::Abs, s("x"))),
            (
                "|x-2|=2-x",
                rel(
                    vec![
                        f(Func::Abs, Expr::sub(s("x"), n(2))),
                        Expr::sub(n(2), s("x")),
                    ],
                    vec![RelOp::Eq],
                ),
            ),
            (
                "||x|-1|",
                f(Func::Abs, Expr::sub(f(Func::Abs, s("x")), n(1))),
            ),
            ("2|x|", mul(vec![n(2), f(Func::Abs, s("x"))])),
            (
                "|a||b|",
                mul(vec![f(Func::Abs, s("a")), f(Func::Abs, s("b"))]),
            ),
            ("\\lfloor x \\rfloor", f(Func::Floor, s("x"))),
            ("\\left\\lfloor x \\right\\rfloor", f(Func::Floor, s("x"))),
            ("\\lceil x \\rceil", f(Func::Ceiling, s("x"))),
            ("n!", f(Func::Factorial, s("n"))),
            ("5!", f(Func::Factorial, n(5))),
            ("(n+1)!", f(Func::Factorial, add(vec![s("n"), n(1)]))),
            (
                "\\binom{n}{k}",
                Expr::Func(Func::Binomial, vec![s("n"), s("k")]),
            ),
            (
                "\\dbinom{5}{2}",
                Expr::Func(Func::Binomial, vec![n(5), n(2)]),
            ),
            ("\\tbinom52", Expr::Func(Func::Binomial, vec![n(5), n(2)])),
        ]);
    }

    #[test]
    fn matrices() {
        let m = Expr::Matrix(vec![vec![s("a"), s("b")], vec![s("c"), s("d")]]);
        same(&[
            (
                "\\begin{pmatrix} a & b \\\\ c & d \\end{pmatrix}",
                m.clone(),
            ),
            (
                "\\begin{bmatrix} a & b \\\\ c & d \\end{bmatrix}",
                m.clone(),
            ),
            ("\\begin{matrix} a & b \\\\ c & d \\end{matrix}", m.clone()),
            (
                "\\begin{vmatrix} a & b \\\\ c & d \\end{vmatrix}",
                m.clone(),
            ),
            (
                "\\begin{array}{cc} a & b \\\\ c & d \\end{array}",
                m.clone(),
            ),
            (
                "\\left[\\begin{array}{cc}a & b \\\\c & d\\end{array}\\right]",
                m.clone(),
            ),
            (
                "\\begin{pmatrix} a & b \\\\ c & d \\\\ \\end{pmatrix}",
                m.clone(),
            ),
            (
                "\\begin{pmatrix}-18\\\\-49\\\\96\\end{pmatrix}",
                Expr::Matrix(vec![vec![n(-18)], vec![n(-49)], vec![n(96)]]),
            ),
            (
                "\\begin{array}1\\\\2\\end{array}",
                Expr::Matrix(vec![vec![n(1)], vec![n(2)]]),
            ),
            (
                "\\begin{pmatrix}\\frac{1}{2} & 0 \\\\ -\\frac{\\sqrt{3}}{2} & 1\\end{pmatrix}",
                Expr::Matrix(vec![
                    vec![Expr::div(n(1), n(2)), n(0)],
                    vec![Expr::neg(Expr::div(Expr::sqrt(n(3)), n(2))), n(1)],
                ]),
            ),
        ]);
    }

    #[test]
    fn integrals() {
        let integral = |integrand: Expr, var: &str, bounds: Option<(Expr, Expr)>| {
            Expr::Integral(Box::new(Integral {
                integrand,
                var: var.to_string(),
                bounds,
            }))
        };
        same(&[
            (
                "\\int_{a}^{b} f(x) \\, dx",
                integral(mul(vec![s("f"), s("x")]), "x", Some((s("a"), s("b")))),
            ),
            (
                "\\int f(x) dx",
                integral(mul(vec![s("f"), s("x")]), "x", None),
            ),
            ("\\int x dx", integral(s("x"), "x", None)),
            ("\\int xdx", integral(s("x"), "x", None)),
            (
                "\\int_0^1 x^2 dx",
                integral(Expr::pow(s("x"), n(2)), "x", Some((n(0), n(1)))),
            ),
            (
                "\\int \\sin x \\, \\mathrm{d}x",
                integral(f(Func::Sin, s("x")), "x", None),
            ),
            ("\\int d\\theta", integral(n(1), "theta", None)),
            ("\\int dx", integral(n(1), "x", None)),
            (
                "\\int_0^1 x + 1 \\, dx",
                integral(add(vec![s("x"), n(1)]), "x", Some((n(0), n(1)))),
            ),
            (
                "\\int_{0}^{\\infty} e^{-t} dt = 1",
                rel(
                    vec![
                        integral(Expr::exp(Expr::neg(s("t"))), "t", Some((n(0), inf()))),
                        n(1),
                    ],
                    vec![RelOp::Eq],
                ),
            ),
            (
                "2\\int x dx + 1",
                add(vec![mul(vec![n(2), integral(s("x"), "x", None)]), n(1)]),
            ),
            (
                "\\int\\int xy \\, dx \\, dy",
                integral(integral(mul(vec![s("x"), s("y")]), "x", None), "y", None),
            ),
            ("d x", mul(vec![s("d"), s("x")])),
            ("\\int 1 \\, de", integral(n(1), "e", None)),
            (
                "\\int t \\, d\\mathit{time}",
                integral(s("t"), "time", None),
            ),
            ("\\int x \\, dx_{1}", integral(s("x"), "x_1", None)),
        ]);
    }

    #[test]
    fn errors_with_spans() {
        let cases: &[(&str, &str, Range<usize>)] = &[
            ("", "empty expression", 0..0),
            ("$$", "empty expression", 1..1),
            ("  $ $ ", "empty expression", 4..4),
            ("\\frac{1}{2", "unclosed '{'", 8..9),
            ("\\frac{1}", "missing argument of \\frac", 0..5),
            ("1}", "unexpected '}'", 1..2),
            (
                "x + \\unknown",
                "unknown or unsupported command \\unknown",
                4..12,
            ),
            ("(1 + 2", "unclosed '('", 0..1),
            ("1 + ", "expected an expression", 3..3),
            ("1 + )", "expected an expression, found ')'", 4..5),
            ("2 3", "missing operator between two numbers", 2..3),
            ("\\sin", "missing argument of \\sin", 0..4),
            ("x \\in [0, 1]", "unknown or unsupported command \\in", 2..5),
            (
                "\\begin{cases} x \\end{cases}",
                "unsupported environment cases",
                0..13,
            ),
            (
                "\\begin{pmatrix} 1 & 2 \\\\ 3 \\end{pmatrix}",
                "matrix rows of different lengths",
                0..15,
            ),
            ("[1, 2)", "", 0..0),
            ("(1]", "']' does not close '(' here", 2..3),
            (
                "\\left] 1 \\right[",
                "'\\right[' does not close '\\left]' here",
                9..16,
            ),
            ("\\left( x \\right]", "", 0..0),
            ("a | b", "unclosed '|'", 2..3),
            ("x^", "expected an expression", 2..2),
            ("\\int x", "missing differential (dx) of the integral", 0..4),
            ("3!_1", "a subscript needs a symbol before it", 2..3),
            ("1 \\\\", "unexpected", 2..4),
            ("a $ b", "unexpected character '$'", 2..3),
            ("\\", "lone backslash", 0..1),
            ("x @ y", "unexpected character '@'", 2..3),
            ("\\text{abc", "unclosed '{'", 5..6),
        ];
        for (input, message, span) in cases {
            if message.is_empty() {
                // Parses (asserted elsewhere); listed to document the boundary.
                continue;
            }
            let err = perr(input);
            assert!(
                err.message.starts_with(message),
                "{input:?}: {}",
                err.message
            );
            assert_eq!(err.span, *span, "{input:?}: {err}");
        }
        assert_eq!(p("[1, 2)"), interval(n(1), n(2), true, false));
        assert_eq!(
            p("\\left( x, y \\right]"),
            interval(s("x"), s("y"), false, true)
        );
        assert_eq!(perr("(1]").message, "']' does not close '(' here");
        let shown = perr("\\frac{1}").to_string();
        assert_eq!(
            shown,
            "missing argument of \\frac at byte 0\n  \\frac{1}\n  ^^^^^"
        );
    }

    #[test]
    fn bounds() {
        let limits = Limits::default();
        // Input length first.
        let big = "(".repeat(100_000);
        assert!(matches!(
            parse_latex(&big, &limits),
            Err(ExprError::BudgetExceeded {
                which: "input length in bytes",
                ..
            })
        ));
        // With a larger input budget the nesting depth stops it, quickly and
        // without deep recursion.
        let roomy = Limits {
            max_input_bytes: 2 << 20,
            ..Limits::default()
        };
        for deep in [
            "(".repeat(100_000),
            "{".repeat(100_000),
            "(".repeat(1 << 20),
            "\\sqrt{".repeat(50_000),
            "|".repeat(100_000),
            "\\frac{".repeat(50_000),
            "\\mathrm{".repeat(50_000) + &"}".repeat(50_000),
            "-".repeat(100_000) + "x",
            "x".to_string() + &"!".repeat(100_000),
            "x".to_string() + &"^2".repeat(100_000),
            "1".to_string() + &"\\pm 1".repeat(50_000),
            "\\sin".repeat(100_000) + " x",
            "x^{".repeat(50_000),
        ] {
            assert!(
                matches!(
                    parse_latex(&deep, &roomy),
                    Err(ExprError::BudgetExceeded {
                        which: "nesting depth",
                        ..
                    })
                ),
                "{}…: {:?}",
                deep.get(..20).unwrap_or(""),
                parse_latex(&deep, &roomy).err()
            );
        }
        // Digits.
        let long = "9".repeat(10_001);
        assert!(matches!(
            parse_latex(&long, &limits),
            Err(ExprError::BudgetExceeded {
                which: "digits of a number",
                ..
            })
        ));
        // Nodes.
        let many = vec!["x"; 8000].join("+");
        assert!(matches!(
            parse_latex(
                &many,
                &Limits {
                    max_nodes: 5000,
                    ..Limits::default()
                }
            ),
            Err(ExprError::BudgetExceeded {
                which: "expression nodes",
                ..
            })
        ));
        // A tower of powers parses: the canonicalizer bounds its value.
        assert_eq!(
            p("10^{10^{10^{10}}}"),
            Expr::pow(n(10), Expr::pow(n(10), Expr::pow(n(10), n(10))))
        );
        // Moderate nesting is fine.
        let nested = "(".repeat(60) + "x" + &")".repeat(60);
        assert_eq!(p(&nested), s("x"));
    }

    #[test]
    fn deep_nesting_fits_a_test_thread() {
        // Up to the default depth bound, every kind of nesting parses on a
        // 2 MiB stack (the default of test threads), even unoptimized;
        // beyond it, the bound is reported.
        let shapes: Vec<fn(usize) -> String> = vec![
            |k| "(".repeat(k) + "x" + &")".repeat(k),
            |k| "{".repeat(k) + "x" + &"}".repeat(k),
            |k| "\\left[".repeat(k) + "x" + &"\\right]".repeat(k),
            |k| "\\sin(".repeat(k) + "x" + &")".repeat(k),
            |k| "\\sin ".repeat(k) + "x",
            |k| "\\frac{".repeat(k) + "1" + &"}{2}".repeat(k),
            |k| "\\sqrt{".repeat(k) + "2" + &"}".repeat(k),
            |k| "x^{".repeat(k) + "2" + &"}".repeat(k),
            |k| "\\mathrm{".repeat(k) + "x" + &"}".repeat(k),
            |k| "|".repeat(k) + "x" + &"|".repeat(k),
            |k| "\\int ".repeat(k) + "x" + &" dx".repeat(k),
            |k| "\\begin{pmatrix}".repeat(k) + "1" + &"\\end{pmatrix}".repeat(k),
            |k| "\\operatorname{f}(".repeat(k) + "x" + &")".repeat(k),
            |k| "-(".repeat(k) + "x" + &")!".repeat(k),
        ];
        let handle = std::thread::Builder::new()
            .stack_size(2 << 20)
            .spawn(move || {
                let limits = Limits::default();
                for (index, shape) in shapes.iter().enumerate() {
                    for k in 1..=260 {
                        match parse_latex(&shape(k), &limits) {
                            Ok(_) => {}
                            Err(ExprError::BudgetExceeded {
                                which: "nesting depth",
                                ..
                            }) => assert!(k > 30, "shape {index} refused at {k}"),
                            Err(e) => panic!("shape {index} at {k}: {e}"),
                        }
                    }
                }
            })
            .expect("spawn");
        assert!(handle.join().is_ok());
    }

    #[test]
    fn math_verify_inputs_parse() {
        for input in [
            "\\frac{\\sqrt{\\sqrt{11}+\\sqrt{194}}}{15+2\\sqrt{33}}",
            "\\frac{1}{3\\sqrt[3]{x}^2}",
            "[-1, -\\tfrac12) \\cup (-\\tfrac12, 0) \\cup (0, 1) \\cup (1, \\infty)",
            "z \\in \\left[-\\frac{3}{2}, -1\\right] \\cup \\left[1, \\frac{3}{2}\\right]",
            "\\sqrt{400\\cos^2(9\\pi/44)},\\frac{\\pi}{4}",
            "10^{-\\frac{5 + \\sqrt{13}}{6}}",
            "-2(x - 1)^2 + 5",
            "(x, y) = (5, 8)",
            "a_{37} = 19, \\quad a_3 = 2",
            "\\frac{NO}{BO}=\\frac{1}{\\sqrt{6}}",
            "\\sqrt{(2 - (-4))^2 + ((-6) - 3)^2}",
        ] {
            let result = parse_latex(input, &Limits::default());
            if input.contains("\\in ") {
                assert!(result.is_err(), "{input}");
            } else {
                assert!(result.is_ok(), "{input}: {result:?}");
            }
        }
    }
}
