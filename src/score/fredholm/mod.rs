//! The Fredholm integral-equation pipeline (document 003): parsing LLM
//! output, comparisons, type-specific evaluators, metrics. Rules in
//! spec/fredholm.md.

pub mod compare;
pub mod evaluate;
pub mod evaluators;
pub mod metrics;
pub mod parse;
