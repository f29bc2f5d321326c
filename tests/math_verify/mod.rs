//! The math-verify suite: math-verify's own 347 test cases, three ways.
//!
//! `conformance/differential/math-verify.jsonl` (tests/oracles/record.py,
//! tests/oracles/math_verify_oracle.py) holds, for each case of
//! `../shared/data/math-verify-cases.jsonl`, the arguments of our
//! `math.grade`, math-verify 0.9.0's verdict (`oracle.result.equal`) and the
//! verdict the case's test asserts (`expected`). This trial grades every case
//! with the registry's `math.grade` and prints the agreement of
//!
//! * math-verify with `expected`,
//! * scorespec with `expected`,
//! * scorespec with math-verify,
//!
//! overall and per origin, then every case where scorespec and `expected`
//! differ. `expected` is corrected by the errata of
//! `conformance/math/math-verify-explained.toml` (case 195 lost a backslash
//! in its test; case 269 asserts that 1 − 1/e equals 1 + 1/e). The trial
//! fails when scorespec agrees with `expected` on less than
//! [`MIN_AGREEMENT_PERCENT`] of the cases, when a disagreement is not
//! explained in that file (`[explained]`, id → reason), and when an
//! explanation or erratum has gone stale (an explained case agrees now, or an
//! id is not in the recording). It is ignored while `math.grade` is not
//! registered (`--include-ignored` runs it anyway).

use std::collections::BTreeMap;
use std::path::Path;

use libtest_mimic::{Failed, Trial};
use serde::Deserialize;
use serde_json::Value;

/// The function under test.
pub const FN: &str = "math.grade";

/// The recording's file stem in `conformance/differential/`.
pub const RECORDING: &str = "math-verify";

/// Fail below this share (in %) of cases where scorespec's verdict is the
/// corrected `expected`. math-verify 0.9.0 itself reaches 313/347 = 90.2 %
/// against the corrected verdicts (315/347 against the uncorrected ones);
/// issue 4's target is at least 340 of 347 (97.98 %), which the judge meets;
/// a regression below it fails the trial.
pub const MIN_AGREEMENT_PERCENT: f64 = 97.9;

/// Fail below this share (in %) of cases where `math.grade` with its
/// default options and no mapping (only `gold` and `response`: the
/// production extraction, spec/math.md MX-10) gives the corrected
/// `expected` verdict: 335 of 347 (96.54 %) today, issue 13's target (it
/// was 333 before ME-20 read rounded repeating decimals); the rest are
/// verdicts the tests' own options decide (spec/math.md MV-5). The same
/// run fails when swapping gold and response changes a default verdict.
pub const MIN_DEFAULT_AGREEMENT_PERCENT: f64 = 96.5;

/// Fail below this share (in %) of cases where `math.grade` with default
/// options gives the verdict **under default options**: the corrected
/// `expected`, except where the case's test passes options that change
/// math-verify's own verdict (`oracle.result.equal` differs from
/// `oracle.result.default_equal`, math-verify called with its defaults);
/// there math-verify's default verdict is the one a default grader owes.
/// 334 of 347 (96.25 %) today: 340 before ME-20, which deliberately
/// accepts `0.333` for `\frac{1}{3}` where math-verify's default
/// (`float_rounding = 6`) refuses it (cases 126–130 and 144, spec/math.md
/// MV-5).
pub const MIN_UNDER_DEFAULTS_PERCENT: f64 = 96.2;

/// `conformance/math/math-verify-explained.toml`.
#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct Explained {
    /// Corrections of a case's `expected` verdict, by case id.
    #[serde(default)]
    erratum: BTreeMap<String, Erratum>,
    /// Why scorespec's verdict differs from the (corrected) `expected`, by case id.
    #[serde(default)]
    explained: BTreeMap<String, String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Erratum {
    expected: bool,
    why: String,
}

/// Reads the explanations file.
pub fn load_explained(root: &Path) -> Result<Explained, String> {
    let path = root.join("conformance/math/math-verify-explained.toml");
    let text = std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
    toml::from_str(&text).map_err(|e| format!("{}: {e}", path.display()))
}

/// Our verdict: `Ok(equal)`, or `Err(what went wrong)`.
fn ours(args: &Value) -> Result<bool, String> {
    match scorespec::registry::call(FN, args) {
        Ok(v) => v
            .get("equal")
            .and_then(Value::as_bool)
            .ok_or_else(|| format!("no boolean `equal` in {v}")),
        Err(e) => Err(format!("error {}: {e}", e.kind())),
    }
}

#[derive(Default)]
struct Tally {
    cases: usize,
    mv_expected: usize,
    ours_expected: usize,
    ours_mv: usize,
}

impl Tally {
    fn add(&mut self, mv_ok: bool, ours_ok: bool, ours_mv: bool) {
        self.cases += 1;
        self.mv_expected += usize::from(mv_ok);
        self.ours_expected += usize::from(ours_ok);
        self.ours_mv += usize::from(ours_mv);
    }
}

fn pct(n: usize, d: usize) -> f64 {
    100.0 * n as f64 / d.max(1) as f64
}

fn clip(s: &str, n: usize) -> String {
    let s = s.replace('\n', "\\n");
    if s.chars().count() <= n {
        s
    } else {
        s.chars().take(n).collect::<String>() + "…"
    }
}

/// Runs the suite on the recording's text; see the module doc.
pub fn check(text: &str, explained: &Explained) -> Result<(), Failed> {
    let mut lines = text.lines();
    let header: Value = serde_json::from_str(lines.next().ok_or("empty recording")?)
        .map_err(|e| format!("header: {e}"))?;
    let mut by_origin: BTreeMap<String, Tally> = BTreeMap::new();
    let mut all = Tally::default();
    let mut failures = Vec::new();
    let mut unexplained = Vec::new();
    let mut shown = Vec::new();
    let mut seen = BTreeMap::new();
    let mut defaults = 0usize;
    let mut default_misses = Vec::new();
    let mut under_defaults = 0usize;
    let mut under_defaults_misses = Vec::new();
    let mut asymmetric = Vec::new();
    for (n, line) in lines.enumerate() {
        let case: Value = serde_json::from_str(line).map_err(|e| format!("line {}: {e}", n + 2))?;
        let id = case["id"].as_str().ok_or("case without id")?.to_string();
        if case["fn"] != FN {
            return Err(format!("case {id}: fn is {}, not {FN}", case["fn"]).into());
        }
        let recorded = case["expected"]
            .as_bool()
            .ok_or_else(|| format!("case {id}: no boolean expected"))?;
        let erratum = explained.erratum.get(&id);
        let expected = erratum.map_or(recorded, |e| e.expected);
        let (mv, mv_default) = match &case["oracle"] {
            o if o["ok"] == true => (
                o["result"]["equal"].as_bool(),
                o["result"]["default_equal"].as_bool(),
            ),
            _ => (None, None),
        };
        if mv.is_some() && mv_default.is_none() {
            return Err(format!("case {id}: no boolean oracle.result.default_equal").into());
        }
        let we = ours(&case["args"]);
        let bare_args = serde_json::json!({
            "gold": case["args"]["gold"],
            "response": case["args"]["response"],
        });
        let default_verdict = ours(&bare_args);
        let default_ok = default_verdict.as_ref().is_ok_and(|&b| b == expected);
        // Issue 13: swapping gold and response changes no default verdict
        // beyond the cases listed (printed below).
        let swapped = ours(&serde_json::json!({
            "gold": case["args"]["response"],
            "response": case["args"]["gold"],
        }));
        if swapped != default_verdict {
            asymmetric.push(format!(
                "{id:>4} {:?} / swapped {:?}: gold {:?} pred {:?}",
                default_verdict,
                swapped,
                clip(case["args"]["gold"].as_str().unwrap_or(""), 50),
                clip(case["args"]["response"].as_str().unwrap_or(""), 50),
            ));
        }
        defaults += usize::from(default_ok);
        // The verdict under default options: where the test's options change
        // math-verify's own verdict, math-verify's verdict with its defaults.
        let owed = match (mv, mv_default) {
            (Some(a), Some(b)) if a != b => b,
            _ => expected,
        };
        if default_verdict.as_ref().is_ok_and(|&b| b == owed) {
            under_defaults += 1;
        } else {
            under_defaults_misses.push(format!(
                "{id:>4} owed {owed:<5} (expected {expected}) gold {:?} pred {:?}",
                clip(case["args"]["gold"].as_str().unwrap_or(""), 60),
                clip(case["args"]["response"].as_str().unwrap_or(""), 60),
            ));
        }
        if !default_ok {
            default_misses.push(format!(
                "{id:>4} expected {expected:<5} gold {:?} pred {:?}",
                clip(case["args"]["gold"].as_str().unwrap_or(""), 60),
                clip(case["args"]["response"].as_str().unwrap_or(""), 60),
            ));
        }
        let ours_ok = we.as_ref().is_ok_and(|&b| b == expected);
        let ours_mv = matches!((&we, mv), (Ok(a), Some(b)) if *a == b);
        let origin = case["origin"].as_str().unwrap_or("?").to_string();
        by_origin
            .entry(origin.clone())
            .or_default()
            .add(mv == Some(expected), ours_ok, ours_mv);
        all.add(mv == Some(expected), ours_ok, ours_mv);
        let reason = explained.explained.get(&id);
        seen.insert(id.clone(), ours_ok);
        if ours_ok {
            continue;
        }
        let verdict = match &we {
            Ok(b) => b.to_string(),
            Err(e) => e.clone(),
        };
        let row = format!(
            "{id:>4} {origin:<14} {:<44} expected {expected:<5} math-verify {:<5} ours {}{}\n         gold {:?}\n         pred {:?}",
            clip(case["test"].as_str().unwrap_or("?"), 44),
            mv.map_or("-".to_string(), |b| b.to_string()),
            clip(&verdict, 80),
            reason.map_or(String::new(), |r| format!("  [explained: {}]", clip(r, 60))),
            clip(case["args"]["gold"].as_str().unwrap_or(""), 100),
            clip(case["args"]["response"].as_str().unwrap_or(""), 100),
        );
        if reason.is_none() {
            unexplained.push(format!("unexplained: {row}"));
        }
        shown.push(row);
    }
    for (id, why) in &explained.explained {
        match seen.get(id) {
            None => failures.push(format!("explained id {id} is not in the recording")),
            Some(true) => failures.push(format!(
                "case {id} agrees with expected now: remove its explanation ({why})"
            )),
            Some(false) if why.trim().is_empty() => {
                failures.push(format!("case {id}: empty explanation"))
            }
            Some(false) => {}
        }
    }
    for (id, e) in &explained.erratum {
        if !seen.contains_key(id) {
            failures.push(format!("erratum id {id} is not in the recording"));
        }
        if e.why.trim().is_empty() {
            failures.push(format!("erratum {id} needs a why"));
        }
    }

    println!(
        "    {RECORDING}: {} cases; oracle {} ({} errata applied to expected)",
        all.cases,
        header["version"].as_str().unwrap_or("?"),
        explained.erratum.len()
    );
    println!(
        "      {:<16} {:>6} {:>26} {:>26} {:>26}",
        "origin",
        "cases",
        "math-verify = expected",
        "scorespec = expected",
        "scorespec = math-verify"
    );
    let row = |name: &str, t: &Tally| {
        println!(
            "      {name:<16} {:>6} {:>14} ({:>6.2} %) {:>14} ({:>6.2} %) {:>14} ({:>6.2} %)",
            t.cases,
            t.mv_expected,
            pct(t.mv_expected, t.cases),
            t.ours_expected,
            pct(t.ours_expected, t.cases),
            t.ours_mv,
            pct(t.ours_mv, t.cases)
        )
    };
    for (origin, t) in &by_origin {
        row(origin, t);
    }
    row("all", &all);
    if !shown.is_empty() {
        println!("      scorespec differs from expected on {}:", shown.len());
        for r in &shown {
            println!("      {r}");
        }
    }
    println!(
        "      default options, no mapping: scorespec = expected on {defaults}/{} ({:.2} %)",
        all.cases,
        pct(defaults, all.cases)
    );
    for m in &default_misses {
        println!("        {m}");
    }
    println!(
        "      default options, against the verdict under default options (math-verify's own \
         default verdict where the test's options change it): {under_defaults}/{} ({:.2} %)",
        all.cases,
        pct(under_defaults, all.cases)
    );
    for m in &under_defaults_misses {
        println!("        {m}");
    }
    println!(
        "      default options: swapping gold and response changes {} verdicts",
        asymmetric.len()
    );
    for a in &asymmetric {
        println!("        {a}");
    }
    if !asymmetric.is_empty() {
        failures.push(format!(
            "with default options swapping gold and response changes {} verdicts (first: {})",
            asymmetric.len(),
            asymmetric[0]
        ));
    }
    let default_agreement = pct(defaults, all.cases);
    if default_agreement < MIN_DEFAULT_AGREEMENT_PERCENT {
        failures.push(format!(
            "with default options scorespec agrees with expected on {defaults}/{} = {default_agreement:.2} % < {MIN_DEFAULT_AGREEMENT_PERCENT} %",
            all.cases
        ));
    }
    let owed_agreement = pct(under_defaults, all.cases);
    if owed_agreement < MIN_UNDER_DEFAULTS_PERCENT {
        failures.push(format!(
            "with default options scorespec gives the verdict under default options on {under_defaults}/{} = {owed_agreement:.2} % < {MIN_UNDER_DEFAULTS_PERCENT} %",
            all.cases
        ));
    }
    let agreement = pct(all.ours_expected, all.cases);
    if agreement < MIN_AGREEMENT_PERCENT {
        failures.insert(
            0,
            format!(
                "scorespec agrees with expected on {}/{} = {agreement:.2} % < {MIN_AGREEMENT_PERCENT} %",
                all.ours_expected, all.cases
            ),
        );
    }
    failures.extend(unexplained);
    if failures.is_empty() {
        Ok(())
    } else {
        let first: Vec<_> = failures.iter().take(20).cloned().collect();
        Err(format!(
            "{} problems (first {}):\n{}",
            failures.len(),
            first.len(),
            first.join("\n")
        )
        .into())
    }
}

/// The trial for the recording at `path`; ignored while [`FN`] is not registered.
pub fn trial(root: &Path, path: std::path::PathBuf) -> Trial {
    let root = root.to_path_buf();
    let missing = scorespec::registry::lookup(FN).is_none();
    Trial::test(format!("differential/{RECORDING}"), move || {
        let explained = load_explained(&root)?;
        let text = std::fs::read_to_string(&path).map_err(|e| e.to_string())?;
        check(&text, &explained)
    })
    .with_ignored_flag(missing)
}
