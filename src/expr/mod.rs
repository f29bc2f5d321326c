//! The expression engine: exact numbers, parsers (LaTeX, infix, RPN),
//! canonical form, printers, evaluation and equivalence.
//!
//! `spec/expr.md` gives the rules, the bounds and the differences with SymPy.

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
pub mod parse;
pub mod print;
pub mod print_latex;
pub mod print_rpn;
pub mod quadrature;
