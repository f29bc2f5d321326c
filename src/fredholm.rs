//! Symbolic solutions of Fredholm integral equations (document 003,
//! spec/fredholm.md): parsing an LLM's output, symbolic and numeric
//! comparison, the type-specific evaluators, BLEU and operator F1,
//! verification by residual, and the aggregate metrics.
//!
//! The implementation lives in [`score::fredholm`](crate::score::fredholm).
//!
//! ```
//! use scorespec::fredholm::{self, SolutionType};
//! let p = fredholm::parse_output("SOLUTION: u(x) = x**2\nSOLUTION_TYPE: exact_symbolic", None);
//! assert_eq!(p.solution.as_deref(), Some("x**2"));
//! assert_eq!(p.solution_type, Some(SolutionType::ExactSymbolic));
//! ```

pub use crate::score::fredholm::compare::{
    NumericOptions, NumericResult, SymbolicResult, Truth, UndefinedPoint, numeric_compare,
    symbolic_compare,
};
pub use crate::score::fredholm::evaluate::{
    Aggregate, EvalOptions, Record, evaluate, evaluate_prediction,
};
pub use crate::score::fredholm::evaluators::{
    ApproxCoefResult, DiscreteResult, FamilyResult, SeriesResult, approx_coef, discrete_points,
    family, series_terms,
};
pub use crate::score::fredholm::metrics::{
    NoneDetection, OperatorF1, Verification, VerifyOptions, none_detection, operator_f1,
    relative_l2, verify_solution,
};
pub use crate::score::fredholm::parse::{
    ParsedOutput, SolutionType, Strategy, detect_format, parse_expression, parse_output,
};
