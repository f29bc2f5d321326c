//! The reward dispatch of document 001: one row, one score.
//!
//! A row names its task in `data_source` and carries the ground truth in
//! `extra_info.label`; [`score`] sends the model output and the label to the
//! task's scorer. Known sources are listed in [`DATA_SOURCES`]; any other is
//! an error that names them.
//!
//! # Differences with the document
//!
//! None: the dispatch is the document's; its scorers' decisions are in
//! spec/puzzles.md.

use crate::error::CallError;
use crate::score::puzzles;

/// The `data_source` values [`score`] knows, in documentation order.
pub const DATA_SOURCES: &[&str] = &["typos", "connections", "unscrambling"];

/// Scores `model_output` against `label` with the scorer of `data_source`.
///
/// Range: [0, 1].
///
/// ```
/// use scorespec::score::reward::score;
/// // Document 001, API Usage.
/// assert_eq!(score("typos", "<solution>extraordinary</solution>", "extraordinary"), Ok(1.0));
/// assert_eq!(score("connections", "<solution>a,b,c,d,e,f,g,h</solution>", "a,b,c,d,e,f,g,h"), Ok(1.0));
/// assert_eq!(score("unscrambling", "<PLOT_SUMMARY>First. Second. Third.</PLOT_SUMMARY>", "First. Second. Third."), Ok(1.0));
/// assert_eq!(score("sudoku", "", "").unwrap_err().kind(), "invalid_value");
/// ```
pub fn score(data_source: &str, model_output: &str, label: &str) -> Result<f64, CallError> {
    match data_source {
        "typos" => Ok(puzzles::typos(label, model_output)),
        "connections" => Ok(puzzles::connections(label, model_output)),
        "unscrambling" => puzzles::unscrambling(label, model_output),
        other => Err(CallError::InvalidValue {
            name: "data_source",
            reason: format!(
                "unknown data_source {other:?}; known: {}",
                DATA_SOURCES.join(", ")
            ),
        }),
    }
}
