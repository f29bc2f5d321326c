//! The infix reader's calls of known names: functions with their arity,
//! `sqrt`, `root`, `log_b`, SymPy's constructors (`Eq`, `Integral`,
//! `Interval`, `Matrix`…) and the printer's forms (`PlusMinus`, `Text`…).
//!
//! # Differences with the document
//!
//! Those of the [infix reader](super).

use super::*;

impl Parser<'_> {
    pub(super) fn parse_known(
        &mut self,
        k: Known,
        name: &str,
        span: Range<usize>,
    ) -> PResult<Expr> {
        if k == Known::Function {
            return self.parse_function_constructor(span);
        }
        let unary = k.is_unary();
        let power = if unary { self.power_on_name() } else { None };
        let result = if self.peek() == Some(&Tok::LParen) {
            self.parse_known_call(k, name, span)?
        } else if unary && self.peek().is_some_and(starts_implicit_argument) {
            self.parse_known_implicit(k, name, span)?
        } else {
            return Err(self.needs_argument(unary, name, span));
        };
        Ok(match power {
            Some(n) => Expr::pow(result, Expr::Number(n)),
            None => result,
        })
    }

    /// `Function("K")(args)`: an unknown function of any name.
    pub(super) fn parse_function_constructor(&mut self, span: Range<usize>) -> PResult<Expr> {
        if self.peek() != Some(&Tok::LParen) {
            return Err(self.needs_argument(false, "Function", span));
        }
        let (args, _) = self.parse_seq(Bracket::Paren)?;
        let name = match args.as_slice() {
            [(Expr::Text(n), _)] if !n.is_empty() => n.clone(),
            _ => {
                let span = span.start..self.prev_end();
                return Err(self.err("'Function' takes a name in quotes", span));
            }
        };
        if self.peek() != Some(&Tok::LParen) {
            let span = span.start..self.prev_end();
            return Err(self.err(format!("'Function({name:?})' needs arguments"), span));
        }
        let (args, _) = self.parse_seq(Bracket::Paren)?;
        Ok(Expr::Func(
            Func::Named(name),
            args.into_iter().map(|(e, _)| e).collect(),
        ))
    }

    /// A positive integer power written on a function name, `sin^2(x)`:
    /// consumed when an argument follows it.
    pub(super) fn power_on_name(&mut self) -> Option<Rational> {
        if self.peek() != Some(&Tok::Caret) {
            return None;
        }
        let Some(Tok::Num(n)) = self.peek_at(1) else {
            return None;
        };
        let arg_follows = self
            .peek_at(2)
            .is_some_and(|t| *t == Tok::LParen || starts_implicit_argument(t));
        if !(n.is_integer() && n.is_positive() && arg_follows) {
            return None;
        }
        let n = n.clone();
        self.pos += 2;
        Some(n)
    }

    pub(super) fn parse_known_call(
        &mut self,
        k: Known,
        name: &str,
        span: Range<usize>,
    ) -> PResult<Expr> {
        let args = self.parse_seq(Bracket::Paren)?.0;
        let call = span.start..self.prev_end();
        self.build(k, name, call, args)
    }

    pub(super) fn parse_known_implicit(
        &mut self,
        k: Known,
        name: &str,
        span: Range<usize>,
    ) -> PResult<Expr> {
        let start = self.span().start;
        let arg = self.parse_implicit_argument()?;
        let end = self.prev_end();
        self.build(k, name, span.start..end, vec![(arg, start..end)])
    }

    #[cold]
    pub(super) fn needs_argument(&self, unary: bool, name: &str, span: Range<usize>) -> ExprError {
        let message = if unary {
            format!("'{name}' needs an argument")
        } else {
            format!("'{name}' needs arguments in parentheses")
        };
        self.err(message, span)
    }

    /// The argument of a function applied without parentheses (`sin 2x`):
    /// a power-level operand, then operands multiplied implicitly up to the
    /// next function name or explicit operator.
    pub(super) fn parse_implicit_argument(&mut self) -> PResult<Expr> {
        self.enter()?;
        let first = self.parse_expr(BP_MUL + 1)?;
        let mut factors = vec![first];
        while self.continues_implicit_argument() {
            let factor = self.parse_expr(BP_MUL + 1)?;
            factors.push(factor);
        }
        self.leave(1);
        Ok(if factors.len() == 1 {
            factors.pop().unwrap_or(Expr::Tuple(vec![]))
        } else {
            Expr::Mul(factors)
        })
    }

    pub(super) fn continues_implicit_argument(&self) -> bool {
        match self.peek() {
            Some(Tok::Ident(n)) => known(n).is_none(),
            Some(Tok::LParen | Tok::Root) => true,
            _ => false,
        }
    }

    pub(super) fn arity_error(
        &self,
        name: &str,
        expected: &str,
        found: usize,
        span: Range<usize>,
    ) -> ExprError {
        let s = if found == 1 { "" } else { "s" };
        self.err(
            format!("'{name}' takes {expected}, found {found} argument{s}"),
            span,
        )
    }

    /// An arity error unless `n`, the number of arguments, is `want`.
    fn expect_arity(
        &self,
        name: &str,
        span: &Range<usize>,
        n: usize,
        want: usize,
        what: &str,
    ) -> PResult<()> {
        if n == want {
            Ok(())
        } else {
            Err(self.arity_error(name, what, n, span.clone()))
        }
    }

    pub(super) fn build(
        &self,
        k: Known,
        name: &str,
        span: Range<usize>,
        args: Vec<(Expr, Range<usize>)>,
    ) -> PResult<Expr> {
        let n = args.len();
        let exactly = |want: usize, what: &str| self.expect_arity(name, &span, n, want, what);
        let mut it = args.into_iter();
        let mut next = || it.next().map(|(e, _)| e).unwrap_or(Expr::Tuple(vec![]));
        match k {
            Known::Func(f) => self.build_func(f, name, span, it.map(|(e, _)| e).collect()),
            Known::Sqrt => {
                exactly(1, "1 argument")?;
                Ok(Expr::sqrt(next()))
            }
            Known::Cbrt => {
                exactly(1, "1 argument")?;
                Ok(Expr::pow(next(), Expr::ratio(1, 3)))
            }
            Known::Exp => {
                exactly(1, "1 argument")?;
                Ok(Expr::exp(next()))
            }
            Known::Root => {
                exactly(2, "2 arguments")?;
                let x = next();
                let index = next();
                let inverse = match index {
                    Expr::Number(r) if !r.is_zero() => Expr::Number(r.recip()),
                    other => Expr::pow(other, Expr::int(-1)),
                };
                Ok(Expr::pow(x, inverse))
            }
            Known::LogBase(base) => {
                exactly(1, "1 argument")?;
                let b = self.log_base(base, name, &span)?;
                Ok(Expr::Func(Func::Log, vec![next(), b]))
            }
            Known::Rel(op) => {
                exactly(2, "2 arguments")?;
                let a = next();
                let b = next();
                Ok(Expr::Relation(vec![a, b], vec![op]))
            }
            Known::Integral => self.build_integral(name, span, it.collect()),
            Known::Interval(lo_open, hi_open) => {
                self.build_interval(name, span, (lo_open, hi_open), it.collect())
            }
            Known::Union => Ok(Expr::Union(it.map(|(e, _)| e).collect())),
            Known::Intersection => Ok(Expr::Intersection(it.map(|(e, _)| e).collect())),
            Known::FiniteSet => Ok(Expr::Set(it.map(|(e, _)| e).collect())),
            Known::Tuple => Ok(Expr::Tuple(it.map(|(e, _)| e).collect())),
            Known::Matrix => self.matrix(name, span, it.collect()),
            Known::PlusMinus => match n {
                1 => Ok(Expr::PlusMinus(Box::new(Expr::int(0)), Box::new(next()))),
                2 => {
                    let a = next();
                    let b = next();
                    Ok(Expr::PlusMinus(Box::new(a), Box::new(b)))
                }
                _ => Err(self.arity_error(name, "1 or 2 arguments", n, span)),
            },
            Known::Percent => {
                exactly(1, "1 argument")?;
                Ok(Expr::Percent(Box::new(next())))
            }
            Known::Degrees => {
                exactly(1, "1 argument")?;
                Ok(Expr::Degrees(Box::new(next())))
            }
            // Handled by `parse_function_constructor`.
            Known::Function => Err(self.needs_argument(false, name, span)),
            Known::Text => {
                exactly(1, "1 argument")?;
                match it.next() {
                    Some((Expr::Text(s), _)) => Ok(Expr::Text(s)),
                    Some((_, sp)) => Err(self.err("'Text' takes a string in quotes", sp)),
                    None => Err(self.arity_error(name, "1 argument", n, span)),
                }
            }
        }
    }

    /// A known function applied to `args`, checked against its arity.
    fn build_func(
        &self,
        f: Func,
        name: &str,
        span: Range<usize>,
        args: Vec<Expr>,
    ) -> PResult<Expr> {
        let n = args.len();
        let exactly = |want: usize, what: &str| self.expect_arity(name, &span, n, want, what);
        match f {
            Func::Log if name != "ln" && n == 2 => {}
            Func::Log if name != "ln" => exactly(1, "1 or 2 arguments")?,
            Func::Binomial => exactly(2, "2 arguments")?,
            Func::Max | Func::Min => {
                if n == 0 {
                    return Err(self.arity_error(name, "at least 1 argument", n, span));
                }
            }
            _ => exactly(1, "1 argument")?,
        }
        Ok(Expr::Func(f, args))
    }

    /// The base of `log_b` (`log_2`, `log_e`, `log_b`): a number, a constant
    /// or a symbol.
    fn log_base(&self, base: String, name: &str, span: &Range<usize>) -> PResult<Expr> {
        Ok(if base.bytes().all(|c| c.is_ascii_digit()) {
            let lit = scan_number(&base)
                .ok_or_else(|| self.err(format!("malformed base in '{name}'"), span.clone()))?;
            Expr::Number(number_value(&lit, self.limits, None)?)
        } else {
            constant(&base).unwrap_or(Expr::Symbol(base))
        })
    }

    /// `Integral(f, x)`, `Integral(f, (x, a, b))`; more variables nest.
    fn build_integral(
        &self,
        name: &str,
        span: Range<usize>,
        args: Vec<(Expr, Range<usize>)>,
    ) -> PResult<Expr> {
        let n = args.len();
        if n < 2 {
            return Err(self.arity_error(name, "an integrand and at least 1 variable", n, span));
        }
        let mut args = args.into_iter();
        let mut integrand = args.next().map(|(e, _)| e).unwrap_or(Expr::Tuple(vec![]));
        for (spec, spec_span) in args {
            let (var, bounds) = self.integration_variable(spec, spec_span)?;
            integrand = Expr::Integral(Box::new(Integral {
                integrand,
                var,
                bounds,
            }));
        }
        Ok(integrand)
    }

    /// `Interval(a, b)` and its named forms (`open` says which ends are
    /// open), and `Interval(a, b, True, False)`.
    fn build_interval(
        &self,
        name: &str,
        span: Range<usize>,
        open: (bool, bool),
        args: Vec<(Expr, Range<usize>)>,
    ) -> PResult<Expr> {
        let n = args.len();
        let (lo_open, hi_open) = if n == 4 && name == "Interval" {
            let flag = |i: usize| -> PResult<bool> {
                match args.get(i) {
                    Some((Expr::Symbol(s), _)) if s == "True" => Ok(true),
                    Some((Expr::Symbol(s), _)) if s == "False" => Ok(false),
                    Some((_, sp)) => Err(self.err("expected True or False", sp.clone())),
                    None => Err(self.arity_error(name, "2 or 4 arguments", n, span.clone())),
                }
            };
            (flag(2)?, flag(3)?)
        } else {
            let what = if name == "Interval" {
                "2 or 4 arguments"
            } else {
                "2 arguments"
            };
            if n != 2 {
                return Err(self.arity_error(name, what, n, span));
            }
            open
        };
        let mut args = args.into_iter();
        let lo = args.next().map(|(e, _)| e).unwrap_or(Expr::Tuple(vec![]));
        let hi = args.next().map(|(e, _)| e).unwrap_or(Expr::Tuple(vec![]));
        Ok(Expr::Interval(Box::new(Interval {
            lo,
            hi,
            lo_closed: !lo_open,
            hi_closed: !hi_open,
        })))
    }

    pub(super) fn integration_variable(
        &self,
        spec: Expr,
        span: Range<usize>,
    ) -> PResult<(String, Option<(Expr, Expr)>)> {
        match spec {
            Expr::Symbol(s) => Ok((s, None)),
            Expr::Tuple(items) => {
                let mut it = items.into_iter();
                match (it.next(), it.next(), it.next(), it.next()) {
                    (Some(Expr::Symbol(s)), None, None, None) => Ok((s, None)),
                    (Some(Expr::Symbol(s)), Some(a), Some(b), None) => Ok((s, Some((a, b)))),
                    _ => Err(self.err("expected a variable or (variable, lower, upper)", span)),
                }
            }
            _ => Err(self.err("expected a variable or (variable, lower, upper)", span)),
        }
    }

    pub(super) fn matrix(
        &self,
        name: &str,
        span: Range<usize>,
        args: Vec<(Expr, Range<usize>)>,
    ) -> PResult<Expr> {
        let n = args.len();
        let mut it = args.into_iter();
        match (it.next(), it.next(), it.next(), it.next()) {
            (Some((list, list_span)), None, None, None) => {
                let Expr::Tuple(items) = list else {
                    return Err(self.err("expected a list of rows", list_span));
                };
                let rows_given = items.iter().filter(|r| matches!(r, Expr::Tuple(_))).count();
                if rows_given == 0 {
                    return Ok(Expr::Matrix(items.into_iter().map(|x| vec![x]).collect()));
                }
                if rows_given != items.len() {
                    return Err(self.err("a matrix mixes rows and entries", list_span));
                }
                let rows: Vec<Vec<Expr>> = items
                    .into_iter()
                    .map(|r| match r {
                        Expr::Tuple(v) => v,
                        other => vec![other],
                    })
                    .collect();
                let width = rows.first().map_or(0, Vec::len);
                if rows.iter().any(|r| r.len() != width) {
                    return Err(self.err("matrix rows of different lengths", list_span));
                }
                Ok(Expr::Matrix(rows))
            }
            (Some((r, r_span)), Some((c, c_span)), Some((list, list_span)), None) => {
                let dim = |e: &Expr, sp: Range<usize>| -> PResult<usize> {
                    e.as_number()
                        .filter(|v| v.is_integer())
                        .and_then(|v| v.to_integer().to_usize())
                        .ok_or_else(|| self.err("expected a non-negative integer", sp))
                };
                let rows = dim(&r, r_span)?;
                let cols = dim(&c, c_span)?;
                let Expr::Tuple(items) = list else {
                    return Err(self.err("expected a list of entries", list_span));
                };
                if rows.checked_mul(cols) != Some(items.len()) {
                    return Err(self.err(
                        format!("expected {rows}×{cols} entries, found {}", items.len()),
                        list_span,
                    ));
                }
                if cols == 0 {
                    return Ok(Expr::Matrix(vec![vec![]; rows]));
                }
                let mut out = Vec::with_capacity(rows);
                let mut items = items.into_iter();
                for _ in 0..rows {
                    out.push(items.by_ref().take(cols).collect());
                }
                Ok(Expr::Matrix(out))
            }
            _ => Err(self.arity_error(name, "1 or 3 arguments", n, span)),
        }
    }
}
