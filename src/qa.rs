//! SQuAD-style QA metrics (document 002, spec/qa.md): normalization, exact
//! match and token F1, with typed options whose [`Default`] is the
//! document's (and the official SQuAD script's) behaviour.
//!
//! The implementation lives in [`score::qa`](crate::score::qa).
//!
//! ```
//! use scorespec::qa::{self, MatchOptions};
//! let o = MatchOptions::default();
//! // Document 002: 5 prediction tokens, 1 common: P = 1/5, R = 1, F1 = 1/3.
//! let f1 = qa::f1("The capital of France is Paris.", "paris", &o);
//! assert!((f1 - 1.0 / 3.0).abs() < 1e-15);
//! assert_eq!(qa::exact_match("The Paris!", "paris", &o), 1.0);
//! // Several references: the best counts.
//! assert_eq!(qa::f1_max("Paris", &["London", "paris"], &o), 1.0);
//! ```

pub use crate::score::qa::{
    MatchOptions, NormalizeOptions, StepWithoutNormalize, exact_match, exact_match_max, f1, f1_max,
    normalize,
};
