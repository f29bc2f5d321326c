//! The expression tree shared by the LaTeX, infix and RPN parsers.
//!
//! One tree represents what answers contain: exact numbers, constants,
//! symbols, arithmetic, functions, relations, tuples, sets, intervals,
//! matrices, `±`, percentages, degrees, words and integrals. Numbers are exact
//! rationals (`0.1` is `1/10`); there are no floating-point leaves, so the
//! tree is `Eq + Ord + Hash` and canonical forms compare structurally.
//!
//! Subtraction is `a + (-1)·b`, division is `a · b^(-1)`, a square root is
//! `x^(1/2)` and an n-th root `x^(1/n)`: the parsers build these forms and
//! the printers turn them back into `a - b`, `a/b`, `sqrt(x)`.

use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{One, Zero};

/// An exact rational number.
pub type Rational = BigRational;

/// A named constant.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Constant {
    /// π.
    Pi,
    /// Euler's number e.
    E,
    /// The imaginary unit i.
    I,
    /// Positive infinity ∞ (negative infinity is `-1 · ∞`).
    Infinity,
    /// An undefined value (`0/0`, `∞ - ∞`): SymPy's `nan`.
    Undefined,
}

/// A function of one or more arguments.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Func {
    /// sine
    Sin,
    /// cosine
    Cos,
    /// tangent
    Tan,
    /// cotangent
    Cot,
    /// secant
    Sec,
    /// cosecant
    Csc,
    /// inverse sine (`\arcsin`, `asin`)
    Asin,
    /// inverse cosine
    Acos,
    /// inverse tangent
    Atan,
    /// inverse cotangent
    Acot,
    /// inverse secant
    Asec,
    /// inverse cosecant
    Acsc,
    /// hyperbolic sine
    Sinh,
    /// hyperbolic cosine
    Cosh,
    /// hyperbolic tangent
    Tanh,
    /// hyperbolic cotangent
    Coth,
    /// hyperbolic secant
    Sech,
    /// hyperbolic cosecant
    Csch,
    /// inverse hyperbolic sine
    Asinh,
    /// inverse hyperbolic cosine
    Acosh,
    /// inverse hyperbolic tangent
    Atanh,
    /// Natural logarithm with one argument; `log(x, b)` is the logarithm of x to base b.
    Log,
    /// Absolute value.
    Abs,
    /// Floor.
    Floor,
    /// Ceiling.
    Ceiling,
    /// Factorial `n!`.
    Factorial,
    /// Binomial coefficient `binomial(n, k)`.
    Binomial,
    /// Sign of a real number.
    Sign,
    /// The larger of its arguments.
    Max,
    /// The smaller of its arguments.
    Min,
    /// An unknown function applied to arguments, e.g. `f(x)`, `u(t)`.
    Named(String),
}

impl Func {
    /// The function's name as SymPy prints it.
    pub fn name(&self) -> &str {
        match self {
            Func::Sin => "sin",
            Func::Cos => "cos",
            Func::Tan => "tan",
            Func::Cot => "cot",
            Func::Sec => "sec",
            Func::Csc => "csc",
            Func::Asin => "asin",
            Func::Acos => "acos",
            Func::Atan => "atan",
            Func::Acot => "acot",
            Func::Asec => "asec",
            Func::Acsc => "acsc",
            Func::Sinh => "sinh",
            Func::Cosh => "cosh",
            Func::Tanh => "tanh",
            Func::Coth => "coth",
            Func::Sech => "sech",
            Func::Csch => "csch",
            Func::Asinh => "asinh",
            Func::Acosh => "acosh",
            Func::Atanh => "atanh",
            Func::Log => "log",
            Func::Abs => "Abs",
            Func::Floor => "floor",
            Func::Ceiling => "ceiling",
            Func::Factorial => "factorial",
            Func::Binomial => "binomial",
            Func::Sign => "sign",
            Func::Max => "Max",
            Func::Min => "Min",
            Func::Named(n) => n,
        }
    }

    /// The function named `name` in any common spelling (`arcsin`, `asin`,
    /// `ln`, `Abs`, `abs`, `ceil`…), or `None` for an unknown name. `exp` and
    /// `sqrt` are not functions of the tree (they are powers) and give `None`.
    pub fn from_name(name: &str) -> Option<Func> {
        Some(match name {
            "sin" => Func::Sin,
            "cos" => Func::Cos,
            "tan" | "tg" => Func::Tan,
            "cot" | "ctg" | "cotan" => Func::Cot,
            "sec" => Func::Sec,
            "csc" | "cosec" => Func::Csc,
            "asin" | "arcsin" => Func::Asin,
            "acos" | "arccos" => Func::Acos,
            "atan" | "arctan" => Func::Atan,
            "acot" | "arccot" => Func::Acot,
            "asec" | "arcsec" => Func::Asec,
            "acsc" | "arccsc" => Func::Acsc,
            "sinh" => Func::Sinh,
            "cosh" => Func::Cosh,
            "tanh" => Func::Tanh,
            "coth" => Func::Coth,
            "sech" => Func::Sech,
            "csch" => Func::Csch,
            "asinh" | "arcsinh" | "arsinh" => Func::Asinh,
            "acosh" | "arccosh" | "arcosh" => Func::Acosh,
            "atanh" | "arctanh" | "artanh" => Func::Atanh,
            "log" | "ln" => Func::Log,
            "Abs" | "abs" => Func::Abs,
            "floor" => Func::Floor,
            "ceiling" | "ceil" => Func::Ceiling,
            "factorial" => Func::Factorial,
            "binomial" | "binom" => Func::Binomial,
            "sign" | "sgn" => Func::Sign,
            "Max" | "max" => Func::Max,
            "Min" | "min" => Func::Min,
            _ => return None,
        })
    }
}

/// A comparison.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum RelOp {
    /// `=`
    Eq,
    /// `≠`
    Ne,
    /// `<`
    Lt,
    /// `≤`
    Le,
    /// `>`
    Gt,
    /// `≥`
    Ge,
}

impl RelOp {
    /// The operator as infix text (`=` is printed `=`; SymPy's `Eq(…)` form
    /// is chosen by the printer).
    pub fn symbol(self) -> &'static str {
        match self {
            RelOp::Eq => "=",
            RelOp::Ne => "!=",
            RelOp::Lt => "<",
            RelOp::Le => "<=",
            RelOp::Gt => ">",
            RelOp::Ge => ">=",
        }
    }
}

/// An interval with its two ends; an end is closed or open.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Interval {
    /// Lower end.
    pub lo: Expr,
    /// Upper end.
    pub hi: Expr,
    /// Whether the lower end belongs to the interval (`[`).
    pub lo_closed: bool,
    /// Whether the upper end belongs to the interval (`]`).
    pub hi_closed: bool,
}

/// An integral `∫ integrand d var`, definite when it has bounds.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Integral {
    /// What is integrated.
    pub integrand: Expr,
    /// The variable of integration.
    pub var: String,
    /// Lower and upper bounds of a definite integral.
    pub bounds: Option<(Expr, Expr)>,
}

/// An expression.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Expr {
    /// An exact rational number.
    Number(Rational),
    /// A named constant.
    Constant(Constant),
    /// A symbol: `x`, `c_1`, `x_10`, `alpha`, `y'`.
    Symbol(String),
    /// A sum of two or more terms.
    Add(Vec<Expr>),
    /// A product of two or more factors.
    Mul(Vec<Expr>),
    /// A power `base ^ exponent`.
    Pow(Box<Expr>, Box<Expr>),
    /// A function applied to its arguments.
    Func(Func, Vec<Expr>),
    /// A comparison or a chain of comparisons `a < b ≤ c`: `n + 1` sides and `n` operators.
    Relation(Vec<Expr>, Vec<RelOp>),
    /// `a ± b`: both `a + b` and `a - b` (`±b` alone is `0 ± b`).
    PlusMinus(Box<Expr>, Box<Expr>),
    /// An ordered tuple `(a, b, …)` (also a bare list `a, b`).
    Tuple(Vec<Expr>),
    /// A finite set `{a, b, …}`.
    Set(Vec<Expr>),
    /// An interval.
    Interval(Box<Interval>),
    /// A union of sets or intervals.
    Union(Vec<Expr>),
    /// An intersection of sets or intervals.
    Intersection(Vec<Expr>),
    /// A matrix as rows; a column vector has rows of one element.
    Matrix(Vec<Vec<Expr>>),
    /// `x %`: the value `x/100`, kept apart so that graders can decide.
    Percent(Box<Expr>),
    /// `x °`: the angle `x·π/180`, kept apart so that graders can decide.
    Degrees(Box<Expr>),
    /// A word or phrase (`\text{…}` that is not a unit).
    Text(String),
    /// An integral.
    Integral(Box<Integral>),
}

// `sub`, `neg` and `div` are constructors taking both operands by value, as
// the parsers call them (`Expr::sub(a, b)`); they are not operator methods.
#[allow(clippy::should_implement_trait)]
impl Expr {
    /// The integer `n`.
    pub fn int(n: i64) -> Expr {
        Expr::Number(Rational::from_integer(BigInt::from(n)))
    }

    /// The rational `p/q` (`q` ≠ 0).
    pub fn ratio(p: i64, q: i64) -> Expr {
        // Reduced with machine integers (no big-integer gcd); the sign goes
        // to the numerator, as `Rational::new` puts it.
        let (n, d) = if q < 0 {
            (-i128::from(p), -i128::from(q))
        } else {
            (i128::from(p), i128::from(q))
        };
        Expr::Number(
            super::number::reduced(n, d)
                .unwrap_or_else(|| Rational::new(BigInt::from(p), BigInt::from(q))),
        )
    }

    /// A symbol.
    pub fn sym(name: &str) -> Expr {
        Expr::Symbol(name.to_string())
    }

    /// `a - b`, as `a + (-1)·b`.
    pub fn sub(a: Expr, b: Expr) -> Expr {
        Expr::Add(vec![a, Expr::neg(b)])
    }

    /// `-a`, as `(-1)·a` (a number is negated directly).
    pub fn neg(a: Expr) -> Expr {
        match a {
            Expr::Number(n) => Expr::Number(-n),
            other => Expr::Mul(vec![Expr::int(-1), other]),
        }
    }

    /// `a / b`, as `a · b^(-1)`.
    pub fn div(a: Expr, b: Expr) -> Expr {
        Expr::Mul(vec![a, Expr::pow(b, Expr::int(-1))])
    }

    /// `base ^ exp`.
    pub fn pow(base: Expr, exp: Expr) -> Expr {
        Expr::Pow(Box::new(base), Box::new(exp))
    }

    /// `sqrt(x)`, as `x^(1/2)`.
    pub fn sqrt(x: Expr) -> Expr {
        Expr::pow(x, Expr::ratio(1, 2))
    }

    /// `e^x`.
    pub fn exp(x: Expr) -> Expr {
        Expr::pow(Expr::Constant(Constant::E), x)
    }

    /// A function of one argument.
    pub fn func(f: Func, x: Expr) -> Expr {
        Expr::Func(f, vec![x])
    }

    /// The exact number, if this is one.
    pub fn as_number(&self) -> Option<&Rational> {
        match self {
            Expr::Number(n) => Some(n),
            _ => None,
        }
    }

    /// Whether this is the number 0.
    pub fn is_zero(&self) -> bool {
        self.as_number().is_some_and(Zero::is_zero)
    }

    /// Whether this is the number 1.
    pub fn is_one(&self) -> bool {
        self.as_number().is_some_and(One::is_one)
    }

    /// The direct children of this node, in order.
    pub fn children(&self) -> Vec<&Expr> {
        let mut out = Vec::new();
        self.each_child(|c| out.push(c));
        out
    }

    /// Calls `f` on each direct child of this node, in order (what
    /// [`Expr::children`] lists, without building the list).
    pub(crate) fn each_child<'a>(&'a self, mut f: impl FnMut(&'a Expr)) {
        match self {
            Expr::Number(_) | Expr::Constant(_) | Expr::Symbol(_) | Expr::Text(_) => {}
            Expr::Add(v)
            | Expr::Mul(v)
            | Expr::Func(_, v)
            | Expr::Relation(v, _)
            | Expr::Tuple(v)
            | Expr::Set(v)
            | Expr::Union(v)
            | Expr::Intersection(v) => v.iter().for_each(f),
            Expr::Pow(a, b) | Expr::PlusMinus(a, b) => {
                f(a);
                f(b);
            }
            Expr::Interval(i) => {
                f(&i.lo);
                f(&i.hi);
            }
            Expr::Matrix(rows) => rows.iter().flatten().for_each(f),
            Expr::Percent(a) | Expr::Degrees(a) => f(a),
            Expr::Integral(i) => {
                f(&i.integrand);
                if let Some((a, b)) = &i.bounds {
                    f(a);
                    f(b);
                }
            }
        }
    }

    /// The number of nodes of the tree (safe on deep trees: recursive for
    /// the first levels, without allocating, then iterative).
    pub fn node_count(&self) -> usize {
        count_nodes(self, 0)
    }

    /// Whether an undefined value ([`Constant::Undefined`]: `0/0`, `log 0`,
    /// `∞ − ∞` after canonicalization) occurs anywhere in the tree.
    ///
    /// ```
    /// use scorespec::expr::{Constant, Expr};
    /// let t = Expr::Tuple(vec![Expr::int(1), Expr::Constant(Constant::Undefined)]);
    /// assert!(t.holds_undefined());
    /// assert!(!Expr::int(1).holds_undefined());
    /// ```
    pub fn holds_undefined(&self) -> bool {
        holds_undefined(self, 0)
    }

    /// The free symbols of the expression, sorted (an integral's variable and
    /// the index `k` of `Sum(body, k, a, b)` / `Product(…)` are bound).
    pub fn symbols(&self) -> Vec<String> {
        let mut out = Vec::new();
        self.symbols_into(&mut out);
        out.sort_unstable();
        out.dedup();
        out.into_iter().map(str::to_string).collect()
    }

    /// Appends the names of the free symbols of the expression to `out`, in
    /// the order of the tree and with repetitions (what [`Expr::symbols`]
    /// sorts and deduplicates), without copying them.
    pub(crate) fn symbols_into<'a>(&'a self, out: &mut Vec<&'a str>) {
        collect_symbols(self, out, &mut Vec::new());
    }
}

/// How deep the tree walks below recurse before they continue with a stack
/// on the heap (most trees are shallower: no allocation at all).
const SHALLOW: usize = 48;

fn count_nodes(e: &Expr, depth: usize) -> usize {
    if depth >= SHALLOW {
        let mut n = 0;
        let mut stack = vec![e];
        while let Some(e) = stack.pop() {
            n += 1;
            e.each_child(|c| stack.push(c));
        }
        return n;
    }
    let mut n = 1;
    e.each_child(|c| n += count_nodes(c, depth + 1));
    n
}

fn holds_undefined(e: &Expr, depth: usize) -> bool {
    if depth >= SHALLOW {
        let mut stack = vec![e];
        while let Some(n) = stack.pop() {
            if matches!(n, Expr::Constant(Constant::Undefined)) {
                return true;
            }
            n.each_child(|c| stack.push(c));
        }
        return false;
    }
    if matches!(e, Expr::Constant(Constant::Undefined)) {
        return true;
    }
    let mut found = false;
    e.each_child(|c| found = found || holds_undefined(c, depth + 1));
    found
}

fn collect_symbols<'a>(e: &'a Expr, out: &mut Vec<&'a str>, bound: &mut Vec<&'a str>) {
    match e {
        Expr::Symbol(s) if !bound.contains(&s.as_str()) => out.push(s),
        Expr::Func(Func::Named(n), args) if n == "Sum" || n == "Product" => {
            // Sum(body, k, a, b): k is bound in the body.
            if let [body, Expr::Symbol(k), a, b] = args.as_slice() {
                bound.push(k);
                collect_symbols(body, out, bound);
                bound.pop();
                collect_symbols(a, out, bound);
                collect_symbols(b, out, bound);
            } else {
                for c in args {
                    collect_symbols(c, out, bound);
                }
            }
        }
        Expr::Integral(i) => {
            bound.push(&i.var);
            collect_symbols(&i.integrand, out, bound);
            bound.pop();
            if let Some((a, b)) = &i.bounds {
                collect_symbols(a, out, bound);
                collect_symbols(b, out, bound);
            }
        }
        _ => e.each_child(|c| collect_symbols(c, out, bound)),
    }
}
