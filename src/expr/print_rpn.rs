//! Printing expressions in reverse Polish notation, the form that
//! [`parse_rpn`](crate::expr::parse::rpn::parse_rpn) reads back.
//!
//! [`to_rpn`] writes the tree in post-order, one token per operand or
//! operator, separated by single spaces:
//!
//! * numbers: `3`, `3 neg` (negative), `1 2 /` (a rational), `1 2 / neg`;
//! * constants `pi`, `E`, `I`, `oo`, `nan`; symbols by name;
//! * sums and products as left-folded binary chains: `Add[a, b, c]` is
//!   `a b + c +`; a term `(-1)·t` or a negative number after the first is
//!   subtracted (`a b -`); a factor `b^(-1)` after the first is divided
//!   (`a b /`); a product whose first factor is `-1` is negated after its
//!   second factor (`Mul[-1, a, b]` is `a neg b *`);
//! * `x^(1/2)` is `x sqrt`, `e^x` is `x exp`, other powers `b x ^`;
//! * functions by name (`x sin`, `x abs`, `x ceiling`, `n k binomial`,
//!   `a b Max c Max`); `log(x, b)` is written `x log b log /`, and `Max` or
//!   `Min` of one argument is that argument.
//!
//! For every tree that `parse_rpn` builds, `parse_rpn(to_rpn(e)) == e`
//! structurally. Other trees print to an equal value (`Add[Add[a, b], c]`
//! reads back as `Add[a, b, c]`).
//!
//! Relations, tuples, sets, intervals, unions, intersections, matrices, `±`,
//! percentages, degrees, text, integrals and unknown functions (`u(x)`, whose
//! arity RPN cannot carry) are not expressible, nor is a symbol whose name
//! would read back as something else (`e`, `sin`, `θ`, `x y`): [`to_rpn`]
//! returns an error naming the node. Printing is iterative, so a deep tree
//! cannot overflow the stack.
//!
//! # Differences with the document
//!
//! Document 003 shows RPN solutions only being read (`rpn_to_sympy`); this
//! printer writes exactly what
//! [`parse_rpn`](crate::expr::parse::rpn::parse_rpn) reads back, whose
//! differences with the original reader are listed there.

use num_traits::Signed;

use crate::expr::ast::{Constant, Expr, Func, Rational};
use crate::expr::lexicon::is_rpn_symbol;

/// Prints `e` in reverse Polish notation, or says which node RPN cannot express.
///
/// ```
/// use scorespec::expr::print_rpn::to_rpn;
/// use scorespec::expr::{Expr, Func};
///
/// let x = Expr::sym("x");
/// let e = Expr::Add(vec![Expr::pow(x.clone(), Expr::int(2)), Expr::func(Func::Sin, x.clone())]);
/// assert_eq!(to_rpn(&e).unwrap(), "x 2 ^ x sin +");
/// let e = Expr::Mul(vec![Expr::exp(Expr::neg(x.clone())), Expr::func(Func::Cos, x.clone())]);
/// assert_eq!(to_rpn(&e).unwrap(), "x neg exp x cos *");
/// assert!(to_rpn(&Expr::Tuple(vec![x.clone(), x])).is_err());
/// ```
pub fn to_rpn(e: &Expr) -> Result<String, String> {
    let mut out: Vec<String> = Vec::new();
    let mut work: Vec<Item<'_>> = vec![Item::Expr(e)];
    while let Some(item) = work.pop() {
        match item {
            Item::Word(w) => out.push(w),
            Item::Expr(e) => {
                let seq = expand(e)?;
                work.extend(seq.into_iter().rev());
            }
        }
    }
    Ok(out.join(" "))
}

/// A pending piece of output: a subtree still to print, or a finished token.
enum Item<'a> {
    Expr(&'a Expr),
    Word(String),
}

fn word(s: &str) -> Item<'static> {
    Item::Word(s.to_string())
}

/// The tokens of a number.
fn number_words(r: &Rational) -> Vec<Item<'static>> {
    let a = r.abs();
    let mut v = if a.is_integer() {
        vec![Item::Word(a.numer().to_string())]
    } else {
        vec![
            Item::Word(a.numer().to_string()),
            Item::Word(a.denom().to_string()),
            word("/"),
        ]
    };
    if r.is_negative() {
        v.push(word("neg"));
    }
    v
}

fn is_minus_one(e: &Expr) -> bool {
    e.as_number()
        .is_some_and(|n| *n == -Rational::from_integer(1.into()))
}

/// What a term after the first is subtracted as, if it is a negation.
fn subtrahend(t: &Expr) -> Option<Vec<Item<'_>>> {
    match t {
        Expr::Number(n) if n.is_negative() => Some(number_words(&-n.clone())),
        Expr::Mul(f) if f.len() == 2 && f.first().is_some_and(is_minus_one) => match f.get(1) {
            Some(u) if !matches!(u, Expr::Number(_)) => Some(vec![Item::Expr(u)]),
            _ => None,
        },
        _ => None,
    }
}

/// One level of the post-order: the children and operators of `e`.
fn expand(e: &Expr) -> Result<Vec<Item<'_>>, String> {
    let not = |what: &str| Err(format!("{what} is not expressible in RPN"));
    Ok(match e {
        Expr::Number(r) => number_words(r),
        Expr::Constant(c) => vec![word(match c {
            Constant::Pi => "pi",
            Constant::E => "E",
            Constant::I => "I",
            Constant::Infinity => "oo",
            Constant::Undefined => "nan",
        })],
        Expr::Symbol(s) => {
            if !is_rpn_symbol(s) {
                return Err(format!(
                    "the symbol {s:?} is not expressible in RPN (it would not read back as itself)"
                ));
            }
            vec![Item::Word(s.clone())]
        }
        Expr::Add(terms) => match terms.split_first() {
            None => vec![word("0")],
            Some((first, rest)) => {
                let mut v = vec![Item::Expr(first)];
                for t in rest {
                    match subtrahend(t) {
                        Some(items) => {
                            v.extend(items);
                            v.push(word("-"));
                        }
                        None => {
                            v.push(Item::Expr(t));
                            v.push(word("+"));
                        }
                    }
                }
                v
            }
        },
        Expr::Mul(factors) => {
            let (mut v, rest) = match factors.as_slice() {
                [] => return Ok(vec![word("1")]),
                // (`8 neg` would read back as the number -8, not `-1 · 8`.)
                [m, second, rest @ ..] if is_minus_one(m) && !matches!(second, Expr::Number(_)) => {
                    (vec![Item::Expr(second), word("neg")], rest)
                }
                [first, rest @ ..] => (vec![Item::Expr(first)], rest),
            };
            for f in rest {
                match f {
                    Expr::Pow(b, x) if is_minus_one(x) => {
                        v.push(Item::Expr(b));
                        v.push(word("/"));
                    }
                    _ => {
                        v.push(Item::Expr(f));
                        v.push(word("*"));
                    }
                }
            }
            v
        }
        Expr::Pow(b, x) => {
            if x.as_number() == Some(&Rational::new(1.into(), 2.into())) {
                vec![Item::Expr(b), word("sqrt")]
            } else if **b == Expr::Constant(Constant::E) {
                vec![Item::Expr(x), word("exp")]
            } else {
                vec![Item::Expr(b), Item::Expr(x), word("^")]
            }
        }
        Expr::Func(f, args) => expand_func(f, args)?,
        Expr::Relation(..) => return not("a relation"),
        Expr::PlusMinus(..) => return not("a plus-minus"),
        Expr::Tuple(_) => return not("a tuple"),
        Expr::Set(_) => return not("a set"),
        Expr::Interval(_) => return not("an interval"),
        Expr::Union(_) => return not("a union"),
        Expr::Intersection(_) => return not("an intersection"),
        Expr::Matrix(_) => return not("a matrix"),
        Expr::Percent(_) => return not("a percentage"),
        Expr::Degrees(_) => return not("an angle in degrees"),
        Expr::Text(_) => return not("text"),
        Expr::Integral(_) => return not("an integral"),
    })
}

/// The children and operators of a function applied to `args`.
fn expand_func<'a>(f: &Func, args: &'a [Expr]) -> Result<Vec<Item<'a>>, String> {
    Ok(match (f, args) {
        (Func::Named(name), _) => {
            return Err(format!(
                "the function '{name}' is not expressible in RPN (unknown arity)"
            ));
        }
        (Func::Log, [x]) => vec![Item::Expr(x), word("log")],
        (Func::Log, [x, b]) => vec![
            Item::Expr(x),
            word("log"),
            Item::Expr(b),
            word("log"),
            word("/"),
        ],
        (Func::Binomial, [n, k]) => vec![Item::Expr(n), Item::Expr(k), word("binomial")],
        (Func::Max | Func::Min, [first, rest @ ..]) => {
            let mut v = vec![Item::Expr(first)];
            for a in rest {
                v.push(Item::Expr(a));
                v.push(word(f.name()));
            }
            v
        }
        (Func::Log | Func::Binomial | Func::Max | Func::Min, _) => {
            return Err(format!(
                "'{}' with {} arguments is not expressible in RPN",
                f.name(),
                args.len()
            ));
        }
        (_, [x]) => {
            let name = if *f == Func::Abs { "abs" } else { f.name() };
            vec![Item::Expr(x), word(name)]
        }
        (_, _) => {
            return Err(format!(
                "'{}' with {} arguments is not expressible in RPN",
                f.name(),
                args.len()
            ));
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::expr::ast::{Integral, Interval, RelOp};
    use crate::expr::limits::Limits;
    use crate::expr::parse::rpn::parse_rpn;

    fn x() -> Expr {
        Expr::sym("x")
    }
    fn y() -> Expr {
        Expr::sym("y")
    }
    fn n(i: i64) -> Expr {
        Expr::int(i)
    }
    fn rpn(e: &Expr) -> String {
        match to_rpn(e) {
            Ok(s) => s,
            Err(m) => panic!("{e:?}: {m}"),
        }
    }
    fn back(s: &str) -> Expr {
        match parse_rpn(s, &Limits::default()) {
            Ok(e) => e,
            Err(err) => panic!("{s:?}: {err}"),
        }
    }

    #[test]
    fn document_examples() {
        let e = Expr::Add(vec![Expr::pow(x(), n(2)), Expr::func(Func::Sin, x())]);
        assert_eq!(rpn(&e), "x 2 ^ x sin +");
        let e = Expr::Mul(vec![Expr::exp(Expr::neg(x())), Expr::func(Func::Cos, x())]);
        assert_eq!(rpn(&e), "x neg exp x cos *");
    }

    #[test]
    fn numbers() {
        assert_eq!(rpn(&n(3)), "3");
        assert_eq!(rpn(&n(0)), "0");
        assert_eq!(rpn(&n(-3)), "3 neg");
        assert_eq!(rpn(&Expr::ratio(1, 2)), "1 2 /");
        assert_eq!(rpn(&Expr::ratio(-1, 10)), "1 10 / neg");
        let big = Expr::Number(Rational::from_integer(num_traits::pow(
            num_bigint::BigInt::from(10),
            30,
        )));
        assert_eq!(rpn(&big), format!("1{}", "0".repeat(30)));
    }

    #[test]
    fn constants_and_symbols() {
        assert_eq!(rpn(&Expr::Constant(Constant::Pi)), "pi");
        assert_eq!(rpn(&Expr::Constant(Constant::E)), "E");
        assert_eq!(rpn(&Expr::Constant(Constant::I)), "I");
        assert_eq!(rpn(&Expr::Constant(Constant::Infinity)), "oo");
        assert_eq!(rpn(&Expr::Constant(Constant::Undefined)), "nan");
        assert_eq!(rpn(&Expr::sym("c_1")), "c_1");
        for bad in ["e", "sin", "θ", "x y", "neg", ""] {
            let m = to_rpn(&Expr::sym(bad)).unwrap_err();
            assert!(m.contains("symbol"), "{m}");
        }
    }

    #[test]
    fn sums_and_products() {
        let (a, b, c) = (Expr::sym("a"), Expr::sym("b"), Expr::sym("c"));
        assert_eq!(
            rpn(&Expr::Add(vec![a.clone(), b.clone(), c.clone()])),
            "a b + c +"
        );
        assert_eq!(
            rpn(&Expr::Mul(vec![a.clone(), b.clone(), c.clone()])),
            "a b * c *"
        );
        assert_eq!(rpn(&Expr::sub(a.clone(), b.clone())), "a b -");
        assert_eq!(rpn(&Expr::Add(vec![a.clone(), n(-2)])), "a 2 -");
        assert_eq!(
            rpn(&Expr::Add(vec![a.clone(), Expr::ratio(-1, 2)])),
            "a 1 2 / -"
        );
        assert_eq!(rpn(&Expr::div(a.clone(), b.clone())), "a b /");
        assert_eq!(rpn(&Expr::neg(a.clone())), "a neg");
        assert_eq!(
            rpn(&Expr::Mul(vec![n(-1), a.clone(), b.clone()])),
            "a neg b *"
        );
        assert_eq!(rpn(&Expr::Mul(vec![n(-2), a.clone()])), "2 neg a *");
        // Found by the rpn fuzz target: `8 neg` would read back as -8.
        assert_eq!(rpn(&Expr::Mul(vec![n(-1), n(8)])), "1 neg 8 *");
        assert_eq!(
            rpn(&Expr::Mul(vec![Expr::pow(a.clone(), n(-1)), b.clone()])),
            "a 1 neg ^ b *"
        );
        assert_eq!(rpn(&Expr::Add(vec![])), "0");
        assert_eq!(rpn(&Expr::Mul(vec![])), "1");
        assert_eq!(rpn(&Expr::Add(vec![a.clone()])), "a");
        assert_eq!(rpn(&Expr::Mul(vec![a.clone()])), "a");
        assert_eq!(rpn(&Expr::Mul(vec![n(-1)])), "1 neg");
    }

    #[test]
    fn powers_and_functions() {
        assert_eq!(rpn(&Expr::sqrt(x())), "x sqrt");
        assert_eq!(rpn(&Expr::exp(x())), "x exp");
        assert_eq!(rpn(&Expr::pow(x(), Expr::ratio(1, 3))), "x 1 3 / ^");
        assert_eq!(rpn(&Expr::func(Func::Abs, x())), "x abs");
        assert_eq!(rpn(&Expr::func(Func::Ceiling, x())), "x ceiling");
        assert_eq!(rpn(&Expr::func(Func::Asin, x())), "x asin");
        assert_eq!(rpn(&Expr::func(Func::Log, x())), "x log");
        assert_eq!(
            rpn(&Expr::Func(Func::Log, vec![x(), n(2)])),
            "x log 2 log /"
        );
        assert_eq!(
            rpn(&Expr::Func(Func::Binomial, vec![x(), n(2)])),
            "x 2 binomial"
        );
        assert_eq!(
            rpn(&Expr::Func(Func::Max, vec![x(), y(), n(2)])),
            "x y Max 2 Max"
        );
        assert_eq!(rpn(&Expr::Func(Func::Min, vec![x()])), "x");
        assert_eq!(rpn(&Expr::func(Func::Factorial, x())), "x factorial");
        for bad in [
            Expr::Func(Func::Sin, vec![x(), y()]),
            Expr::Func(Func::Max, vec![]),
            Expr::Func(Func::Binomial, vec![x()]),
            Expr::Func(Func::Log, vec![]),
        ] {
            assert!(to_rpn(&bad).unwrap_err().contains("arguments"));
        }
        let m = to_rpn(&Expr::func(Func::Named("u".into()), x())).unwrap_err();
        assert!(m.contains("'u'"), "{m}");
    }

    #[test]
    fn inexpressible_nodes() {
        let cases = [
            (Expr::Relation(vec![x(), y()], vec![RelOp::Eq]), "relation"),
            (Expr::PlusMinus(Box::new(x()), Box::new(y())), "plus-minus"),
            (Expr::Tuple(vec![x()]), "tuple"),
            (Expr::Set(vec![x()]), "set"),
            (
                Expr::Interval(Box::new(Interval {
                    lo: x(),
                    hi: y(),
                    lo_closed: true,
                    hi_closed: false,
                })),
                "interval",
            ),
            (Expr::Union(vec![x(), y()]), "union"),
            (Expr::Intersection(vec![x(), y()]), "intersection"),
            (Expr::Matrix(vec![vec![x()]]), "matrix"),
            (Expr::Percent(Box::new(x())), "percentage"),
            (Expr::Degrees(Box::new(x())), "degrees"),
            (Expr::Text("w".into()), "text"),
            (
                Expr::Integral(Box::new(Integral {
                    integrand: x(),
                    var: "x".into(),
                    bounds: None,
                })),
                "integral",
            ),
        ];
        for (e, kind) in cases {
            // Also when nested inside something expressible.
            let nested = Expr::Add(vec![n(1), Expr::func(Func::Sin, e.clone())]);
            for e in [e, nested] {
                let m = to_rpn(&e).unwrap_err();
                assert!(m.contains(kind), "{m}");
                assert!(m.contains("not expressible in RPN"), "{m}");
            }
        }
    }

    /// Trees in the form `parse_rpn` builds.
    fn parser_forms() -> Vec<Expr> {
        let (a, b, c) = (Expr::sym("a"), Expr::sym("b"), Expr::sym("c"));
        let sin = |e| Expr::func(Func::Sin, e);
        vec![
            x(),
            n(0),
            n(-7),
            Expr::ratio(3, 4),
            Expr::ratio(-3, 4),
            Expr::Constant(Constant::Pi),
            Expr::Constant(Constant::E),
            Expr::Constant(Constant::I),
            Expr::Constant(Constant::Infinity),
            Expr::Constant(Constant::Undefined),
            Expr::neg(Expr::Constant(Constant::Infinity)),
            Expr::Add(vec![Expr::pow(x(), n(2)), sin(x())]),
            Expr::Mul(vec![Expr::exp(Expr::neg(x())), Expr::func(Func::Cos, x())]),
            Expr::Add(vec![a.clone(), b.clone(), c.clone()]),
            Expr::Add(vec![a.clone(), Expr::Add(vec![b.clone(), c.clone()])]),
            Expr::Add(vec![a.clone(), Expr::neg(b.clone()), c.clone(), n(-3)]),
            Expr::Add(vec![Expr::neg(a.clone()), b.clone()]),
            Expr::Add(vec![a.clone(), Expr::neg(Expr::neg(b.clone()))]),
            Expr::Add(vec![
                a.clone(),
                Expr::Mul(vec![n(-1), b.clone(), c.clone()]),
            ]),
            Expr::Mul(vec![a.clone(), Expr::pow(b.clone(), n(-1)), c.clone()]),
            Expr::Mul(vec![n(-1), a.clone(), b.clone()]),
            Expr::Mul(vec![
                n(-1),
                Expr::Mul(vec![a.clone(), b.clone()]),
                c.clone(),
            ]),
            Expr::Mul(vec![n(-2), a.clone()]),
            Expr::Mul(vec![Expr::ratio(1, 2), a.clone()]),
            Expr::Mul(vec![a.clone(), Expr::ratio(1, 2)]),
            Expr::Mul(vec![a.clone(), Expr::pow(n(2), n(-1))]),
            Expr::Mul(vec![Expr::ratio(1, 2), Expr::pow(n(3), n(-1))]),
            Expr::Mul(vec![
                Expr::ratio(-1, 2),
                Expr::pow(Expr::ratio(2, 3), n(-1)),
            ]),
            Expr::Mul(vec![Expr::pow(a.clone(), n(-1)), b.clone()]),
            Expr::pow(x(), Expr::pow(n(2), n(3))),
            Expr::pow(Expr::pow(x(), n(2)), n(3)),
            Expr::pow(x(), Expr::ratio(1, 3)),
            Expr::pow(x(), Expr::ratio(-1, 2)),
            Expr::sqrt(Expr::Add(vec![x(), n(1)])),
            Expr::exp(Expr::Mul(vec![n(-2), x()])),
            Expr::sqrt(Expr::Constant(Constant::E)),
            Expr::func(Func::Abs, x()),
            Expr::func(Func::Ceiling, x()),
            Expr::func(Func::Floor, x()),
            Expr::func(Func::Log, x()),
            Expr::func(Func::Factorial, Expr::sym("n")),
            Expr::func(Func::Atanh, x()),
            Expr::func(Func::Sign, x()),
            Expr::Func(Func::Binomial, vec![Expr::sym("n"), Expr::sym("k")]),
            Expr::Func(Func::Max, vec![a.clone(), b.clone(), c.clone()]),
            Expr::Func(
                Func::Min,
                vec![a.clone(), Expr::Func(Func::Min, vec![b, c])],
            ),
            sin(sin(sin(Expr::neg(x())))),
            Expr::sym("c_1"),
            Expr::sym("y'"),
        ]
    }

    #[test]
    fn round_trips() {
        for e in parser_forms() {
            let s = rpn(&e);
            assert_eq!(back(&s), e, "{s}");
        }
    }

    #[test]
    fn round_trips_of_parsed_rpn() {
        for s in [
            "x 2 ^ x sin +",
            "x neg exp x cos *",
            "1 2 / x * 3 neg +",
            "x y - z - 2 /",
            "a neg b * c / d *",
            "x 1 3 / ^ sqrt exp",
            "n k binomial n ! /",
            "a b max c max d min",
            "pi e * I + oo -",
            "x 0.5 ^ 3.54e-07 *",
        ] {
            let e = back(s);
            assert_eq!(back(&rpn(&e)), e, "{s}");
        }
    }

    #[test]
    fn other_trees_print_to_equal_values() {
        let (a, b, c) = (Expr::sym("a"), Expr::sym("b"), Expr::sym("c"));
        let nested = Expr::Add(vec![Expr::Add(vec![a.clone(), b.clone()]), c.clone()]);
        assert_eq!(back(&rpn(&nested)), Expr::Add(vec![a, b, c]));
    }

    #[test]
    fn deep_trees_print_without_recursion() {
        let mut e = x();
        for _ in 0..2000 {
            e = Expr::func(Func::Sin, e);
        }
        let handle = std::thread::Builder::new()
            .stack_size(256 << 10)
            .spawn(move || {
                let s = to_rpn(&e);
                std::mem::forget(e);
                s
            })
            .unwrap();
        let s = handle.join().unwrap().unwrap();
        assert_eq!(s.split(' ').count(), 2001);
    }
}
