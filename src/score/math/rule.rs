//! The rule that decided a math verdict ([`Rule`]), named as the JSON
//! verdicts of `math.equal`, `math.grade` and `scorespec eval` spell it.
//!
//! The rules are listed in the documentation of
//! [`equal`](super::equal::equal) (spec/math.md, "Equivalence"); when the
//! expression engine decides, its own rule ([`EngineRule`]) is carried under
//! its own name.

use std::fmt;

pub use crate::expr::equiv::Rule as EngineRule;

/// The rule that decided a math verdict; `as_str` is its JSON name.
///
/// ```
/// use scorespec::math::{equal, EqualOptions, EngineRule, Rule};
/// let o = EqualOptions::default();
/// let v = equal("x = 3", "3", &o);
/// assert_eq!(v.rule, Rule::Label);
/// assert_eq!(v.rule.as_str(), "label");
/// assert_eq!(serde_json::to_string(&v.rule).unwrap(), "\"label\"");
/// let v = equal("x+y", "y+x", &o);
/// assert_eq!(v.rule, Rule::Engine(EngineRule::Identical));
/// assert_eq!(v.rule.as_str(), "identical");
/// ```
#[non_exhaustive]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Rule {
    /// A side is empty after preparation (or the response has no answer).
    NoAnswer,
    /// `math.grade` was given no gold answer.
    NoGold,
    /// A bound on the input or on the engine's work was reached.
    Bounds,
    /// A side does not parse as math.
    Parse,
    /// A numeral in a base (`20412_{5}`) against a numeral or bare digits
    /// (ME-21).
    Base,
    /// The prepared texts are the same (words: case-insensitive).
    Literal,
    /// A side keeps a non-ASCII character (option `ascii_only`).
    AsciiOnly,
    /// yes/true/no/false on either side.
    Boolean,
    /// A bare list, compared as an unordered collection of answers.
    List,
    /// `x = 3` stands for `3`.
    Label,
    /// Quantities with units, converted to SI.
    Units,
    /// A relation against an interval (`a < x ≤ b` ~ `(a, b]`).
    RelationInterval,
    /// A tuple against a one-row or one-column matrix.
    Vector,
    /// Plain decimals 100× each other: a side says percent (`\%`), or
    /// option `include_percentage` (ME-8).
    Percentage,
    /// Dates, weekdays and clock times, compared as such (ME-14).
    DateTime,
    /// Function definitions, up to the name of the bound variable (ME-18).
    Function,
    /// A trailing qualifier (`\text{ for all } x`) dropped against an answer
    /// without one (ME-18).
    Qualifier,
    /// A rounded decimal against an exact value (option `decimal_rounding`,
    /// ME-19).
    Rounding,
    /// A decimal of three significant digits or more against a rational
    /// without a finite decimal that rounds to it (option
    /// `repeating_decimals`, ME-20).
    RepeatingDecimal,
    /// The expression engine decided, by this rule (spec/expr.md EX-5);
    /// also `set` for tuples under `compare_sets`, `plus_minus` for `a ± b`
    /// against a list, `kind` for objects of different kinds.
    Engine(EngineRule),
}

impl Rule {
    /// The rules of this module (not the engine's), in declaration order.
    const OWN: [Rule; 19] = [
        Rule::NoAnswer,
        Rule::NoGold,
        Rule::Bounds,
        Rule::Parse,
        Rule::Literal,
        Rule::AsciiOnly,
        Rule::Boolean,
        Rule::List,
        Rule::Label,
        Rule::Units,
        Rule::RelationInterval,
        Rule::Vector,
        Rule::Percentage,
        Rule::DateTime,
        Rule::Function,
        Rule::Qualifier,
        Rule::Rounding,
        Rule::RepeatingDecimal,
        Rule::Base,
    ];

    /// The stable name, as the JSON verdict spells it (an engine rule by
    /// the engine's name).
    pub const fn as_str(self) -> &'static str {
        match self {
            Rule::NoAnswer => "no_answer",
            Rule::NoGold => "no_gold",
            Rule::Bounds => "bounds",
            Rule::Parse => "parse",
            Rule::Literal => "literal",
            Rule::AsciiOnly => "ascii_only",
            Rule::Boolean => "boolean",
            Rule::List => "list",
            Rule::Label => "label",
            Rule::Units => "units",
            Rule::RelationInterval => "relation_interval",
            Rule::Vector => "vector",
            Rule::Percentage => "percentage",
            Rule::DateTime => "date_time",
            Rule::Function => "function",
            Rule::Qualifier => "qualifier",
            Rule::Rounding => "rounding",
            Rule::RepeatingDecimal => "repeating_decimal",
            Rule::Base => "base",
            Rule::Engine(r) => r.as_str(),
        }
    }

    /// The rule named `name` (the inverse of [`as_str`](Rule::as_str)).
    pub fn from_name(name: &str) -> Option<Rule> {
        Rule::OWN
            .into_iter()
            .find(|r| r.as_str() == name)
            .or_else(|| EngineRule::from_name(name).map(Rule::Engine))
    }

    /// Every rule: this module's, then the engine's.
    pub fn all() -> impl Iterator<Item = Rule> {
        Rule::OWN
            .into_iter()
            .chain(EngineRule::ALL.iter().map(|r| Rule::Engine(*r)))
    }
}

impl From<EngineRule> for Rule {
    fn from(r: EngineRule) -> Rule {
        Rule::Engine(r)
    }
}

impl fmt::Display for Rule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl serde::Serialize for Rule {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}

impl PartialEq<&str> for Rule {
    fn eq(&self, other: &&str) -> bool {
        self.as_str() == *other
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_unique_and_round_trip() {
        let all: Vec<Rule> = Rule::all().collect();
        for r in &all {
            assert_eq!(Rule::from_name(r.as_str()), Some(*r), "{r}");
        }
        let mut names: Vec<&str> = all.iter().map(|r| r.as_str()).collect();
        names.sort();
        names.dedup();
        assert_eq!(names.len(), all.len());
    }
}
