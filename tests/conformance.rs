//! The conformance corpus: every `conformance/**/*.toml` case is one trial.
//!
//! Loading and comparing live in the library (`scorespec::corpus`, shared
//! with `scorespec corpus export` and `scorespec conformance`); this harness
//! turns each case into a trial named `family/file/id` (`cargo test --test
//! conformance -- qa/f1` filters). Loading fails, before any trial runs, on a
//! TOML error, an unknown field, an unknown `fn`, a duplicate id, a case
//! without `source`, or a case with neither or both of `expected` and
//! `expected_error`.
//!
//! A case with `known_failure = "why"` passes while it fails and fails as
//! soon as it passes, so the list never goes stale. conformance/README.md
//! documents every field.

use std::path::Path;
use std::process::ExitCode;

use libtest_mimic::{Arguments, Failed, Trial};
use scorespec::corpus::{self, Answer, Case, Corpus};
use serde_json::Value;

/// How many `math.equal` / `math.grade` verdict cases pin `outcome` and
/// `rule`: renaming a rule or changing an outcome must fail the corpus.
#[derive(Default)]
struct VerdictPins {
    cases: usize,
    without_outcome: Vec<String>,
    without_rule: Vec<String>,
}

impl VerdictPins {
    /// The least share of verdict cases that pin `rule` (issue 12: 90 %).
    const MIN_RULE_SHARE: f64 = 0.9;

    fn count(&mut self, name: String, case: &Case) {
        let Some(Value::Object(expected)) = &case.expected else {
            return;
        };
        self.cases += 1;
        if !expected.contains_key("outcome") {
            self.without_outcome.push(name.clone());
        }
        if !expected.contains_key("rule") {
            self.without_rule.push(name);
        }
    }

    fn check(&self) -> Result<(), String> {
        if !self.without_outcome.is_empty() {
            return Err(format!(
                "math verdict cases without `outcome`: {}",
                self.without_outcome.join(", ")
            ));
        }
        let pinned = self.cases - self.without_rule.len();
        if (pinned as f64) < Self::MIN_RULE_SHARE * self.cases as f64 {
            return Err(format!(
                "only {pinned} of {} math verdict cases pin `rule` (at least {} % must); without: {}",
                self.cases,
                Self::MIN_RULE_SHARE * 100.0,
                self.without_rule.join(", ")
            ));
        }
        Ok(())
    }
}

fn trials(corpus: Corpus) -> Vec<Trial> {
    let mut trials = Vec::new();
    let mut verdicts = VerdictPins::default();
    for file in corpus.files {
        let function = file.function.clone();
        for case in file.cases.iter().cloned() {
            let name = file.full_id(&case);
            if matches!(function.as_str(), "math.equal" | "math.grade") {
                verdicts.count(name.clone(), &case);
            }
            let function = function.clone();
            trials.push(Trial::test(name, move || {
                let args = Value::Object(case.args.clone());
                let answer = Answer::from(scorespec::registry::call(&function, &args));
                let result = corpus::check(&function, &case, &answer);
                match (&case.known_failure, result) {
                    (None, Ok(())) => Ok(()),
                    (None, Err(msg)) => Err(Failed::from(msg)),
                    (Some(_), Err(_)) => Ok(()),
                    (Some(why), Ok(())) => Err(Failed::from(format!(
                        "marked known_failure ({why}) but passes now: remove the mark"
                    ))),
                }
            }));
        }
    }
    trials.push(Trial::test(
        "corpus/math-verdicts-pin-outcome-and-rule",
        move || verdicts.check().map_err(Failed::from),
    ));
    trials
}

fn main() -> ExitCode {
    let args = Arguments::from_args();
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("conformance");
    match corpus::load(&root) {
        Ok(corpus) => libtest_mimic::run(&args, trials(corpus)).exit_code(),
        Err(problems) => {
            eprintln!("conformance corpus failed to load:");
            for p in problems {
                eprintln!("  {p}");
            }
            ExitCode::FAILURE
        }
    }
}
