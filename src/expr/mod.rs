//! The expression engine: exact numbers, parsers (LaTeX, infix, RPN),
//! canonical form, printers, evaluation and equivalence.
//!
//! `spec/expr.md` gives the rules, the bounds and the differences with SymPy.
//!
//! ```
//! use scorespec::expr::{self, Format, Limits, EquivOptions};
//! let l = Limits::default();
//! let a = expr::parse(r"\frac{x^2-1}{x-1}", Format::Latex, &l).unwrap();
//! let b = expr::parse("x + 1", Format::Infix, &l).unwrap();
//! let v = expr::equivalent(&a, &b, &EquivOptions::default(), &l).unwrap();
//! assert_eq!(v.outcome, expr::equiv::Outcome::Equal);
//! assert_eq!(expr::to_latex(&b), "x + 1");
//! ```

pub mod ast;
pub mod error;
pub mod limits;
pub mod number;

pub use ast::{Constant, Expr, Func, Interval, RelOp};
pub use error::{ExprError, ParseError};
pub use limits::Limits;
pub mod api;
pub mod canon;
pub mod complex;
pub mod equiv;
pub mod eval;
pub mod lexicon;
pub mod numerics;
pub mod parse;
pub mod print;
pub mod print_latex;
pub mod print_rpn;
/// The quadrature rules' old path: [`numerics`].
pub use numerics as quadrature;

pub use api::{EvalOutcome, Format, evaluate, parse};
pub use canon::{canonical, canonical_owned};
pub use equiv::{EquivOptions, equivalent};
pub use print::to_infix;
pub use print_latex::to_latex;
pub use print_rpn::to_rpn;
