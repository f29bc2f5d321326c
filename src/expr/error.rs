//! Errors of the expression engine: parse errors with a span, and bounds.

use std::fmt;
use std::ops::Range;

/// Why a text could not be parsed: a message and the byte span it concerns.
///
/// `Display` prints the message, then the input (a window of it around the
/// span for long inputs) with carets under the span.
///
/// ```
/// use scorespec::expr::error::ParseError;
/// let e = ParseError::new("unexpected '}'", 8..9, r"\frac{1}}");
/// assert_eq!(e.to_string(), "unexpected '}' at byte 8\n  \\frac{1}}\n          ^");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseError {
    /// What is wrong.
    pub message: String,
    /// The byte range of the input concerned.
    pub span: Range<usize>,
    /// The part of the input shown under the message, and where it starts.
    window: String,
    window_start: usize,
}

impl ParseError {
    /// A parse error on `input` at `span`.
    pub fn new(message: impl Into<String>, span: Range<usize>, input: &str) -> ParseError {
        let start = floor_boundary(input, span.start.min(input.len()));
        let end = floor_boundary(input, span.end.clamp(start, input.len()));
        // Keep at most 60 bytes of context on each side.
        let from = floor_boundary(input, start.saturating_sub(60));
        let to = floor_boundary(input, (end + 60).min(input.len()));
        ParseError {
            message: message.into(),
            span: start..end,
            window: input[from..to].to_string(),
            window_start: from,
        }
    }
}

fn floor_boundary(s: &str, mut i: usize) -> usize {
    while i > 0 && !s.is_char_boundary(i) {
        i -= 1;
    }
    i
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (offset, text) = (self.window_start, self.window.as_str());
        write!(f, "{} at byte {}", self.message, self.span.start)?;
        let line: String = text
            .chars()
            .map(|c| if c == '\n' || c == '\t' { ' ' } else { c })
            .collect();
        let before = self.span.start.saturating_sub(offset);
        let pad = text.get(..before).map_or(0, |t| t.chars().count());
        let width = text
            .get(before..self.span.end.saturating_sub(offset))
            .map_or(1, |t| t.chars().count().max(1));
        write!(f, "\n  {line}\n  {}{}", " ".repeat(pad), "^".repeat(width))
    }
}

impl std::error::Error for ParseError {}

/// An error of the expression engine.
#[non_exhaustive]
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ExprError {
    /// The text is not an expression of the format.
    Parse(ParseError),
    /// A bound on the work was reached (see [`Limits`](super::Limits)).
    BudgetExceeded {
        /// Which bound.
        which: &'static str,
        /// Its value.
        limit: u64,
    },
}

impl fmt::Display for ExprError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ExprError::Parse(e) => e.fmt(f),
            ExprError::BudgetExceeded { which, limit } => {
                write!(f, "budget exceeded: {which} is limited to {limit}")
            }
        }
    }
}

impl std::error::Error for ExprError {}

impl From<ParseError> for ExprError {
    fn from(e: ParseError) -> Self {
        ExprError::Parse(e)
    }
}
