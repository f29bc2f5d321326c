//! The order of terms, factors and union parts in a canonical form: a term's
//! coefficient and degree, then its printed text, compared by prefixes
//! ([`HEAD`] bytes, extended only while two prefixes agree), so no level prints
//! a whole subtree (spec/expr.md EX-6a); union parts by their lower end.
//!
//! # Differences with the document
//!
//! None: the documents compare expressions, not their order; this order only
//! makes equal expressions print alike.

use std::cell::OnceCell;

use super::*;

/// The polynomial degree of a term in its symbols (for ordering only).
pub(super) fn degree(t: &Expr) -> f64 {
    match t {
        Expr::Symbol(_) => 1.0,
        Expr::Pow(b, x) => match (b.as_ref(), x.as_ref()) {
            (Expr::Symbol(_), Expr::Number(r)) => to_f64(r),
            _ => 0.0,
        },
        Expr::Mul(fs) => fs.iter().map(degree).sum(),
        _ => 0.0,
    }
}

/// The bytes of a term's printed form kept as its sort key: most terms
/// differ (or end) within them, and longer ones are compared by printing
/// more of both ([`cmp_printed`]), never by printing a whole subtree per level.
pub(super) const HEAD: usize = 48;

/// A prefix of an expression's infix text.
pub(super) struct Head {
    text: String,
    /// Whether `text` is the whole text.
    complete: bool,
}

impl Head {
    fn of(print: &dyn Fn(&mut Printer)) -> Head {
        let mut p = Printer::new(HEAD);
        print(&mut p);
        Head {
            complete: p.complete(),
            text: p.out,
        }
    }

    /// The order of the two whole texts (`print_*` print them again, in
    /// growing prefixes, when the heads do not decide).
    fn cmp(
        &self,
        other: &Head,
        print_a: &dyn Fn(&mut Printer),
        print_b: &dyn Fn(&mut Printer),
    ) -> Ordering {
        cmp_prefixes(&self.text, self.complete, &other.text, other.complete)
            .unwrap_or_else(|| cmp_printed(print_a, print_b, 4 * HEAD))
    }
}

/// A canonical term without its numeric coefficient, borrowed: `3·x·y` →
/// `x·y` (what [`split_coeff`] returns, without building it).
#[derive(Clone, Copy)]
pub(super) enum Rest<'a> {
    /// A number's rest, 1.
    One,
    /// One expression.
    Expr(&'a Expr),
    /// A product of these factors.
    Factors(&'a [Expr]),
}

impl<'a> Rest<'a> {
    /// The coefficient (`None`: 1) and the rest of a canonical term.
    fn split(t: &'a Expr) -> (Option<&'a Rational>, Rest<'a>) {
        match t {
            Expr::Number(r) => (Some(r), Rest::One),
            Expr::Mul(fs) => match fs.split_first() {
                Some((Expr::Number(c), [f])) => (Some(c), Rest::Expr(f)),
                Some((Expr::Number(c), rest)) => (Some(c), Rest::Factors(rest)),
                _ => (None, Rest::Expr(t)),
            },
            other => (None, Rest::Expr(other)),
        }
    }

    fn degree(self) -> f64 {
        match self {
            Rest::One => 0.0,
            Rest::Expr(e) => degree(e),
            Rest::Factors(fs) => fs.iter().map(degree).sum(),
        }
    }

    fn print(self, p: &mut Printer) {
        match self {
            Rest::One => p.expr(&Expr::int(1)),
            Rest::Expr(e) => p.expr(e),
            Rest::Factors(fs) => p.product(fs),
        }
    }
}

/// The sort key of a term of a sum: by degree (highest first), then as
/// printed, then by coefficient; numbers last.
pub(super) struct TermKey<'a> {
    is_num: bool,
    deg: i64,
    /// Printed only when a comparison gets that far.
    head: OnceCell<Head>,
    rest: Rest<'a>,
    coeff: Option<&'a Rational>,
}

impl<'a> TermKey<'a> {
    fn of(t: &'a Expr) -> TermKey<'a> {
        let (coeff, rest) = Rest::split(t);
        TermKey {
            is_num: matches!(t, Expr::Number(_)),
            deg: (-rest.degree() * 1e6).round() as i64,
            head: OnceCell::new(),
            rest,
            coeff,
        }
    }

    fn cmp(&self, other: &TermKey<'_>, one: &Rational) -> Ordering {
        (self.is_num, self.deg)
            .cmp(&(other.is_num, other.deg))
            .then_with(|| {
                let (a, b) = (self.rest, other.rest);
                let ha = self.head.get_or_init(|| Head::of(&|p| a.print(p)));
                let hb = other.head.get_or_init(|| Head::of(&|p| b.print(p)));
                ha.cmp(hb, &|p| a.print(p), &|p| b.print(p))
            })
            .then_with(|| self.coeff.unwrap_or(one).cmp(other.coeff.unwrap_or(one)))
    }
}

/// The sort key of a factor of a product: numeric radicals, constants,
/// symbols and their powers, functions, sums, the rest; within a class as
/// the base prints, then as the factor prints.
pub(super) struct FactorKey<'a> {
    class: u8,
    base: &'a Expr,
    /// The printed base, made only when a comparison gets that far.
    base_head: OnceCell<Head>,
    /// The factor itself and its head (printed when needed), when it is not
    /// its own base (a power).
    power: Option<(&'a Expr, OnceCell<Head>)>,
}

impl<'a> FactorKey<'a> {
    fn of(e: &'a Expr) -> FactorKey<'a> {
        let base = match e {
            Expr::Pow(b, _) => b.as_ref(),
            other => other,
        };
        let class = match base {
            Expr::Number(_) => 0,
            Expr::Constant(_) => 1,
            Expr::Symbol(_) => 2,
            Expr::Func(..) => 3,
            Expr::Add(_) => 4,
            _ => 5,
        };
        FactorKey {
            class,
            base,
            base_head: OnceCell::new(),
            power: matches!(e, Expr::Pow(..)).then(|| (e, OnceCell::new())),
        }
    }

    fn base_head(&self) -> &Head {
        let base = self.base;
        self.base_head.get_or_init(|| Head::of(&|p| p.expr(base)))
    }

    fn whole(&self) -> (&'a Expr, &Head) {
        match &self.power {
            Some((e, h)) => {
                let e: &'a Expr = e;
                (e, h.get_or_init(|| Head::of(&|p| p.expr(e))))
            }
            None => (self.base, self.base_head()),
        }
    }

    fn cmp(&self, other: &FactorKey<'_>) -> Ordering {
        self.class
            .cmp(&other.class)
            .then_with(|| {
                let (a, b) = (self.base, other.base);
                self.base_head()
                    .cmp(other.base_head(), &|p| p.expr(a), &|p| p.expr(b))
            })
            .then_with(|| {
                let ((a, ha), (b, hb)) = (self.whole(), other.whole());
                ha.cmp(hb, &|p| p.expr(a), &|p| p.expr(b))
            })
    }
}

/// Sorts the terms of a sum by [`TermKey`] (stable).
pub(super) fn sort_terms(terms: &mut Vec<Expr>) {
    if terms.len() < 2 {
        return;
    }
    let one = Rational::one();
    let mut keys: Vec<(TermKey<'_>, usize)> = terms
        .iter()
        .enumerate()
        .map(|(i, t)| (TermKey::of(t), i))
        .collect();
    keys.sort_by(|(a, _), (b, _)| a.cmp(b, &one));
    let order: Vec<usize> = keys.into_iter().map(|(_, i)| i).collect();
    permute(terms, &order);
}

/// Sorts the factors of a product by [`FactorKey`] (stable).
pub(super) fn sort_factors(factors: &mut Vec<Expr>) {
    if factors.len() < 2 {
        return;
    }
    let mut keys: Vec<(FactorKey<'_>, usize)> = factors
        .iter()
        .enumerate()
        .map(|(i, f)| (FactorKey::of(f), i))
        .collect();
    keys.sort_by(|(a, _), (b, _)| a.cmp(b));
    let order: Vec<usize> = keys.into_iter().map(|(_, i)| i).collect();
    permute(factors, &order);
}

/// Sorts the parts of a union or intersection by their numeric lower end
/// ([`lower_end`]), then as printed (stable).
pub(super) fn sort_parts(parts: &mut Vec<Expr>) {
    if parts.len() < 2 {
        return;
    }
    let mut keys: Vec<((OrderedLow, Head, &Expr), usize)> = parts
        .iter()
        .enumerate()
        .map(|(i, p)| ((OrderedLow(lower_end(p)), Head::of(&|w| w.expr(p)), p), i))
        .collect();
    keys.sort_by(|((la, ha, a), _), ((lb, hb, b), _)| {
        la.cmp(lb)
            .then_with(|| ha.cmp(hb, &|w| w.expr(a), &|w| w.expr(b)))
    });
    let order: Vec<usize> = keys.into_iter().map(|(_, i)| i).collect();
    permute(parts, &order);
}

/// Puts `items[order[0]]` first, `items[order[1]]` second, and so on.
pub(super) fn permute(items: &mut Vec<Expr>, order: &[usize]) {
    if order.iter().enumerate().all(|(pos, &i)| pos == i) {
        return;
    }
    let mut rank = vec![0; order.len()];
    for (pos, &i) in order.iter().enumerate() {
        rank[i] = pos;
    }
    let mut ranked: Vec<(usize, Expr)> = std::mem::take(items)
        .into_iter()
        .zip(rank)
        .map(|(e, r)| (r, e))
        .collect();
    ranked.sort_unstable_by_key(|(r, _)| *r);
    items.extend(ranked.into_iter().map(|(_, e)| e));
}

/// The numeric lower end of a union part, for ordering: an interval's or a
/// 2-tuple's first end, a set's least number; +∞ when unknown.
pub(super) fn lower_end(e: &Expr) -> f64 {
    fn value(e: &Expr) -> Option<f64> {
        match e {
            Expr::Number(r) => Some(to_f64(r)),
            Expr::Constant(Constant::Infinity) => Some(f64::INFINITY),
            Expr::Mul(fs) if fs.len() == 2 && fs[1] == infinity() => fs[0].as_number().map(|c| {
                if c.is_negative() {
                    f64::NEG_INFINITY
                } else {
                    f64::INFINITY
                }
            }),
            _ => None,
        }
    }
    let v = match e {
        Expr::Interval(i) => value(&i.lo),
        Expr::Tuple(v) if v.len() == 2 => value(&v[0]),
        Expr::Set(v) => v.iter().filter_map(value).reduce(f64::min),
        _ => None,
    };
    v.unwrap_or(f64::INFINITY)
}

/// An `f64` ordered by `total_cmp`, for sort keys.
#[derive(PartialEq)]
pub(super) struct OrderedLow(f64);

impl Eq for OrderedLow {}

impl PartialOrd for OrderedLow {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for OrderedLow {
    fn cmp(&self, other: &Self) -> Ordering {
        self.0.total_cmp(&other.0)
    }
}
