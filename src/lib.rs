//! scorespec scores LLM outputs against reference answers, and is the
//! executable specification of the algorithms it implements.
//!
//! # The typed API, one module per family
//!
//! | module | what | entry points |
//! |---|---|---|
//! | [`math`] | math answer judge (document 004) | [`math::grade`], [`math::equal`], [`math::extract_answer`], [`math::majority`], [`math::normalize`] |
//! | [`qa`] | SQuAD exact match / F1 (document 002) | [`qa::f1`], [`qa::exact_match`], [`qa::normalize`] |
//! | [`puzzles`] | word puzzles and the reward dispatch (document 001) | [`puzzles::score`], [`puzzles::typos`], [`puzzles::connections`], [`puzzles::unscrambling`] |
//! | [`physics`] | physics answer normalization (document 000) | [`physics::normalize_answer`], [`physics::equal`] |
//! | [`fredholm`] | symbolic solutions of integral equations (document 003) | [`fredholm::parse_output`], [`fredholm::symbolic_compare`], [`fredholm::evaluate`] |
//! | [`expr`] | the expression engine (LaTeX, infix, RPN) | [`expr::parse()`], [`expr::equivalent`], [`expr::evaluate`], [`expr::to_latex`] |
//! | [`text`] | text metrics | [`text::porter_stem`], [`text::levenshtein`](fn@text::levenshtein), [`text::bleu`](fn@text::bleu) |
//!
//! Options are structs whose [`Default`] is the documented default; verdicts
//! are structs with enums for the outcome and the rule that decided, whose
//! `as_str()` are the names the JSON output carries. Grading never fails:
//! an empty, garbage or huge answer is an outcome, not an error.
//!
//! ```
//! use scorespec::math::{self, EngineRule, GradeOptions, Outcome, Rule};
//!
//! let v = math::grade(r"\frac{1}{2}", r"The probability is $\boxed{0.5}$.", &GradeOptions::default());
//! match v.outcome {
//!     Outcome::Equal => println!("correct ({})", v.rule),
//!     Outcome::NotEqual | Outcome::Unparseable => println!("wrong"),
//!     Outcome::NoAnswer => println!("no answer found"),
//!     Outcome::BudgetExceeded => println!("too large to decide"),
//!     Outcome::Undecided => println!("undecided: a side has no value (1/0, a divergent integral)"),
//! }
//! assert!(v.equal);
//! assert_eq!(v.rule, Rule::Engine(EngineRule::Identical));
//! assert_eq!(v.response_extracted.as_ref().unwrap().answer, "0.5");
//!
//! // Document 002: F1("The capital of France is Paris.", "paris") = 1/3.
//! let f1 = scorespec::qa::f1("The capital of France is Paris.", "paris", &Default::default());
//! assert!((f1 - 1.0 / 3.0).abs() < 1e-15);
//! ```
//!
//! # Layers
//!
//! The implementation is organised in layers, data flowing one way; each
//! layer has its own error type, and only the edge (registry, protocol,
//! `eval`) turns them into the protocol's error kinds:
//!
//! * [`text`]: Python-compatible character classes, tokenization, the Porter
//!   stemmer (NLTK's default mode), Levenshtein distance, BLEU.
//! * [`extract`]: locating the answer in a model's output (tagged blocks,
//!   `\boxed{…}`, `--- … ---`, reasoning blocks dropped).
//! * [`expr`]: exact numbers, parsers, canonical form, evaluation and
//!   equivalence ([`expr::ExprError`], with spans).
//! * [`score`]: the documented algorithms, one module per family; the
//!   modules above re-export their public API.
//! * [`budget`]: deterministic work budgets; exceeding one is an outcome
//!   ([`budget::BudgetExceeded`]).
//! * [`registry`]: every spec function by id (`"qa.f1"`) with JSON
//!   arguments checked against its parameter table ([`CallError`]); the CLI,
//!   the conformance corpus and the differential harness all call through it.
//! * [`eval`]: batch evaluation of dataset rows (`scorespec eval`), parallel
//!   and streaming, with a summary per data source.
//! * [`protocol`]: the JSONL protocol of `scorespec run`, one output line for
//!   every input line, errors typed and numbered by line.
//!
//! ```
//! use serde_json::json;
//! // The same F1 through the registry, as `scorespec run` calls it.
//! let f1 = scorespec::registry::call(
//!     "qa.f1",
//!     &json!({"prediction": "The capital of France is Paris.", "reference": "paris"}),
//! )
//! .unwrap();
//! assert!((f1.as_f64().unwrap() - 1.0 / 3.0).abs() < 1e-15);
//! ```
#![forbid(unsafe_code)]
#![warn(missing_docs)]

#[macro_use]
mod str_enum;

pub mod fredholm;
pub mod math;
pub mod physics;
pub mod puzzles;
pub mod qa;

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
