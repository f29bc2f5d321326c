//! The reward dispatch of document 001: one row, one score.
//!
//! A row names its task in `data_source` and carries the ground truth in
//! `extra_info.label`; [`score_source`] sends the model output and the label
//! to the task's scorer ([`DataSource`]), [`score`] does the same from the
//! name. Known sources are listed in [`DATA_SOURCES`]; any other is an
//! [`UnknownDataSource`] error that names them.
//!
//! # Differences with the document
//!
//! None: the dispatch is the document's; its scorers' decisions are in
//! spec/puzzles.md.

use std::fmt;
use std::str::FromStr;

use crate::budget::BudgetExceeded;
use crate::score::puzzles;

str_enum! {
    /// The tasks of document 001, by their `data_source` name.
    pub enum DataSource {
        /// Typo correction: [`puzzles::typos`].
        Typos => "typos",
        /// Connections: [`puzzles::connections`].
        Connections => "connections",
        /// Plot unscrambling: [`puzzles::unscrambling`].
        Unscrambling => "unscrambling",
    }
}

/// The `data_source` values [`score`] knows, in documentation order.
pub const DATA_SOURCES: &[&str] = &[
    DataSource::Typos.as_str(),
    DataSource::Connections.as_str(),
    DataSource::Unscrambling.as_str(),
];

/// A `data_source` that names no task (the name as given).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownDataSource(pub String);

impl fmt::Display for UnknownDataSource {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown data_source {:?}; known: {}",
            self.0,
            DATA_SOURCES.join(", ")
        )
    }
}

impl std::error::Error for UnknownDataSource {}

impl FromStr for DataSource {
    type Err = UnknownDataSource;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        DataSource::from_name(s).ok_or_else(|| UnknownDataSource(s.to_string()))
    }
}

/// Why [`score`] gave no score.
#[non_exhaustive]
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RewardError {
    /// The `data_source` names no task.
    UnknownDataSource(UnknownDataSource),
    /// The scorer's work bound was reached.
    BudgetExceeded(BudgetExceeded),
}

impl fmt::Display for RewardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RewardError::UnknownDataSource(e) => e.fmt(f),
            RewardError::BudgetExceeded(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for RewardError {}

/// Scores `model_output` against `label` with the scorer of `source`.
///
/// Range: [0, 1]. Fails only when the unscrambling work bound is reached.
///
/// ```
/// use scorespec::score::reward::{score_source, DataSource};
/// assert_eq!(score_source(DataSource::Typos, "<solution>extraordinary</solution>", "extraordinary"), Ok(1.0));
/// ```
pub fn score_source(
    source: DataSource,
    model_output: &str,
    label: &str,
) -> Result<f64, BudgetExceeded> {
    match source {
        DataSource::Typos => Ok(puzzles::typos(label, model_output)),
        DataSource::Connections => Ok(puzzles::connections(label, model_output)),
        DataSource::Unscrambling => puzzles::unscrambling(label, model_output),
    }
}

/// Scores `model_output` against `label` with the scorer named by
/// `data_source`.
///
/// Range: [0, 1].
///
/// ```
/// use scorespec::score::reward::{score, RewardError};
/// // Document 001, API Usage.
/// assert_eq!(score("typos", "<solution>extraordinary</solution>", "extraordinary"), Ok(1.0));
/// assert_eq!(score("connections", "<solution>a,b,c,d,e,f,g,h</solution>", "a,b,c,d,e,f,g,h"), Ok(1.0));
/// assert_eq!(score("unscrambling", "<PLOT_SUMMARY>First. Second. Third.</PLOT_SUMMARY>", "First. Second. Third."), Ok(1.0));
/// assert!(matches!(score("sudoku", "", ""), Err(RewardError::UnknownDataSource(_))));
/// ```
pub fn score(data_source: &str, model_output: &str, label: &str) -> Result<f64, RewardError> {
    let source: DataSource = data_source
        .parse()
        .map_err(RewardError::UnknownDataSource)?;
    score_source(source, model_output, label).map_err(RewardError::BudgetExceeded)
}
