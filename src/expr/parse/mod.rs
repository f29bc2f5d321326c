//! Parsers of the text formats of expressions: LaTeX, infix and RPN.
//!
//! Each returns the raw tree (not canonical) or an [`ExprError`](super::ExprError):
//! a parse error with the byte span of the problem, or a bound reached.

pub mod infix;
pub mod latex;
pub mod rpn;
