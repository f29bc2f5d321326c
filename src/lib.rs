//! scorespec scores LLM outputs against reference answers, and is the
//! executable specification of the algorithms it implements.
//!
//! The crate is organised in layers, data flowing one way:
//!
//! * [`text`]: Python-compatible character classes, tokenization, the Porter
//!   stemmer (NLTK's default mode), Levenshtein distance.
//! * [`extract`]: locating the answer in a model's output (tagged blocks,
//!   `\boxed{…}`, `--- … ---`, reasoning blocks dropped).
//! * [`score`]: the documented algorithms, one module per family
//!   ([`score::qa`] for SQuAD-style exact match and F1, document 002;
//!   [`score::puzzles`] and [`score::reward`] for the word puzzles, document 001).
//! * [`budget`]: deterministic work budgets; exceeding one is an outcome.
//! * [`registry`]: every spec function by id (`"qa.f1"`), with typed argument
//!   checking; the CLI, the conformance corpus and the differential harness
//!   all call through it.
//! * [`eval`]: batch evaluation of dataset rows (`scorespec eval`), parallel
//!   and streaming, with a summary per data source.
//! * [`protocol`]: the JSONL protocol of `scorespec run`, one output line for
//!   every input line, errors typed and numbered by line.
//!
//! ```
//! use serde_json::json;
//! // Document 002: F1("The capital of France is Paris.", "paris") = 1/3.
//! let f1 = scorespec::registry::call(
//!     "qa.f1",
//!     &json!({"prediction": "The capital of France is Paris.", "reference": "paris"}),
//! )
//! .unwrap();
//! // P = 1/5, R = 1: 2PR/(P+R) in f64, as the SQuAD script computes it.
//! assert!((f1.as_f64().unwrap() - 1.0 / 3.0).abs() < 1e-15);
//! ```
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod budget;
pub mod conformance;
pub mod corpus;
pub mod error;
pub mod eval;
pub mod expr;
pub mod extract;
pub mod protocol;
pub mod registry;
pub mod score;
pub mod text;

pub use error::CallError;
