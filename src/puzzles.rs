//! Word-puzzle scorers (document 001, spec/puzzles.md): typos, connections,
//! plot unscrambling, and [`score`], the reward dispatch on a row's
//! `data_source`.
//!
//! The implementation lives in [`score::puzzles`](crate::score::puzzles) and
//! [`score::reward`](crate::score::reward).
//!
//! ```
//! use scorespec::puzzles::{self, DataSource};
//! // Document 001, API Usage.
//! assert_eq!(puzzles::typos("extraordinary", "<solution>extraordinary</solution>"), 1.0);
//! let s = puzzles::score(DataSource::Unscrambling, "<PLOT_SUMMARY>B. A. C.</PLOT_SUMMARY>", "A. B. C.");
//! assert_eq!(s, Ok(1.0 / 3.0));
//! assert_eq!(DataSource::from_name("connections"), Some(DataSource::Connections));
//! ```

pub use crate::budget::BudgetExceeded;
pub use crate::score::puzzles::{
    GROUP_SIZE, UNSCRAMBLING_MAX_WORK, connections, connections_answer, match_sentences, sentences,
    typos, typos_answer, unscrambling, unscrambling_answer,
};
pub use crate::score::reward::{DataSource, UnknownDataSource, score_source as score};
