//! The `scorespec` binary: the JSONL protocol end to end, and `list`.

use std::io::Write;
use std::process::{Command, Stdio};

use serde_json::Value;

fn run_bytes(input: &[u8], extra: &[&str]) -> (Vec<Value>, String, bool) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_scorespec"))
        .arg("run")
        .args(extra)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn scorespec");
    let mut stdin = child.stdin.take().expect("stdin");
    let data = input.to_vec();
    let writer = std::thread::spawn(move || stdin.write_all(&data));
    let out = child.wait_with_output().expect("wait");
    writer.join().expect("join").expect("write");
    let stdout = String::from_utf8(out.stdout).expect("utf-8 output");
    let lines = stdout
        .lines()
        .map(|l| serde_json::from_str(l).expect("each output line is JSON"))
        .collect();
    (
        lines,
        String::from_utf8_lossy(&out.stderr).into_owned(),
        out.status.success(),
    )
}

#[test]
fn issue_examples() {
    let (out, _, ok) = run_bytes(
        br#"{"id":1,"fn":"qa.f1","args":{"prediction":"The capital of France is Paris.","reference":"paris"}}
{"id":2,"fn":"qa.f1","args":{"prediction":"The cities are running","reference":"city is run","stem":true}}
"#,
        &[],
    );
    assert!(ok);
    assert_eq!(out.len(), 2);
    assert_eq!(out[0]["id"], 1);
    assert_eq!(out[0]["ok"], true);
    // 1/3 and 2/3: see conformance/qa/f1.toml for the derivations.
    assert!((out[0]["result"].as_f64().unwrap() - 1.0 / 3.0).abs() < 1e-15);
    assert!((out[1]["result"].as_f64().unwrap() - 2.0 / 3.0).abs() < 1e-15);
}

#[test]
fn bad_lines_get_errors_and_the_run_goes_on() {
    let good = br#"{"id":"g","fn":"text.porter_stem","args":{"word":"cats"}}"#;
    let deep = format!("{}{}", "[".repeat(5000), "]".repeat(5000));
    let lines: Vec<(&[u8], Option<&str>)> = vec![
        (good, None),
        (
            b"{\"id\":1,\"fn\":\"qa.f1\",\"args\":",
            Some("malformed_json"),
        ),
        (good, None),
        (
            b"{\"id\":2,\"fn\":\"qa.f9\",\"args\":{}}",
            Some("unknown_function"),
        ),
        (
            b"{\"id\":3,\"fn\":\"qa.f1\",\"args\":{\"prediction\":[1],\"reference\":\"x\"}}",
            Some("wrong_type"),
        ),
        (
            b"{\"id\":4,\"fn\":\"qa.f1\",\"args\":{\"prediction\":\"caf\xc3\x28\"}}",
            Some("invalid_utf8"),
        ),
        (b"", Some("empty_line")),
        (b"   ", Some("empty_line")),
        (b"{\"fn\":\"qa.f1\",\"args\":{}}", Some("missing_field")),
        (
            b"{\"id\":5,\"fn\":\"qa.f1\",\"args\":{\"prediction\":\"x\"}}",
            Some("missing_argument"),
        ),
        (b"{\"id\":6,\"fn\":7,\"args\":{}}", Some("invalid_field")),
        (
            b"{\"id\":7,\"fn\":\"qa.f1\",\"args\":{},\"extra\":1}",
            Some("unknown_field"),
        ),
        (b"42", Some("not_an_object")),
        (deep.as_bytes(), Some("too_deeply_nested")),
        (good, None),
    ];
    let mut input = Vec::new();
    for (l, _) in &lines {
        input.extend_from_slice(l);
        input.push(b'\n');
    }
    let (out, stderr, ok) = run_bytes(&input, &[]);
    assert!(ok, "a run with bad lines still succeeds");
    assert_eq!(out.len(), lines.len(), "one output line per input line");
    for (i, ((_, want), got)) in lines.iter().zip(&out).enumerate() {
        let n = i + 1;
        match want {
            None => assert_eq!(got["ok"], true, "line {n}: {got}"),
            Some(kind) => {
                assert_eq!(got["ok"], false, "line {n}: {got}");
                assert_eq!(got["error"]["kind"], *kind, "line {n}: {got}");
                assert_eq!(got["error"]["line"], n as u64);
                let msg = got["error"]["message"].as_str().unwrap();
                assert!(msg.starts_with(&format!("line {n}: ")), "{msg}");
            }
        }
    }
    assert_eq!(
        out[3]["id"], 2,
        "the id is echoed on errors once it is known"
    );
    assert!(stderr.contains("15 lines, 3 ok, 12 errors"), "{stderr}");
}

#[test]
fn line_limit_is_an_error_line() {
    let mut input = vec![b' '; 300];
    input.push(b'\n');
    input.extend_from_slice(br#"{"id":1,"fn":"text.porter_stem","args":{"word":"cats"}}"#);
    let (out, _, _) = run_bytes(&input, &["--max-line-bytes", "200"]);
    assert_eq!(out.len(), 2);
    assert_eq!(out[0]["error"]["kind"], "line_too_long");
    assert_eq!(out[1]["result"], "cat");
}

#[test]
fn unknown_function_names_the_family() {
    let (out, _, _) = run_bytes(br#"{"id":1,"fn":"qa.F1","args":{}}"#, &[]);
    let msg = out[0]["error"]["message"].as_str().unwrap();
    assert!(
        msg.contains("qa.f1") && msg.contains("qa.exact_match"),
        "{msg}"
    );
}

#[test]
fn list_shows_every_function_with_defaults() {
    let out = Command::new(env!("CARGO_BIN_EXE_scorespec"))
        .args(["list"])
        .output()
        .expect("run list");
    let text = String::from_utf8(out.stdout).unwrap();
    for f in scorespec::registry::all() {
        assert!(text.contains(f.id), "{} missing from list", f.id);
    }
    assert!(
        text.contains("stem") && text.contains("default false"),
        "{text}"
    );
    let out = Command::new(env!("CARGO_BIN_EXE_scorespec"))
        .args(["list", "--json"])
        .output()
        .expect("run list --json");
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    let f1 = v
        .as_array()
        .unwrap()
        .iter()
        .find(|f| f["id"] == "qa.f1")
        .unwrap();
    let normalize = f1["args"]
        .as_array()
        .unwrap()
        .iter()
        .find(|a| a["name"] == "normalize")
        .unwrap();
    assert_eq!(normalize["default"], true);
}

#[test]
fn bundled_example_runs() {
    let input = std::fs::read(concat!(env!("CARGO_MANIFEST_DIR"), "/examples/qa.jsonl")).unwrap();
    let n = input
        .split(|&b| b == b'\n')
        .filter(|l| !l.is_empty())
        .count();
    let (out, _, ok) = run_bytes(&input, &[]);
    assert!(ok);
    assert_eq!(out.len(), n);
    assert_eq!(out.last().unwrap()["error"]["kind"], "unknown_argument");
}

#[test]
fn eval_puzzles_scores_rows_and_reports_bad_ones() {
    let rows = [
        r#"{"id":"t1","data_source":"typos","model_output":"<solution>extraordinary</solution>","extra_info":{"label":"extraordinary"}}"#,
        r#"{"id":"c1","data_source":"connections","model_output":"<solution>Apple,Banana,Pear,Orange,Red,Blue,Green,Yellow</solution>","extra_info":{"label":"Apple,Banana,Pear,Grape,Red,Blue,Green,Yellow"}}"#,
        r#"{"id":"bad","data_source":"typos""#,
        r#"{"id":"u1","data_source":"unscrambling","model_output":"<PLOT_SUMMARY>B. A. C.</PLOT_SUMMARY>","extra_info":{"label":"A. B. C."}}"#,
        r#"{"id":"x","data_source":"sudoku","model_output":"","extra_info":{"label":""}}"#,
    ];
    let dir = std::env::temp_dir().join(format!("scorespec-eval-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let input = dir.join("rows.jsonl");
    std::fs::write(&input, rows.join("\n")).unwrap();
    let out_path = dir.join("out.jsonl");
    let summary_path = dir.join("summary.json");
    let out = Command::new(env!("CARGO_BIN_EXE_scorespec"))
        .args(["eval", "--task", "puzzles"])
        .arg(&input)
        .arg("-o")
        .arg(&out_path)
        .arg("--summary")
        .arg(&summary_path)
        .output()
        .expect("run eval");
    assert!(out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("5 lines: 3 scored, 2 errors"), "{stderr}");
    let lines: Vec<Value> = std::fs::read_to_string(&out_path)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 5);
    // Document 001: typos 1, connections 0.5, walkthrough B. A. C. 1/3.
    assert_eq!(lines[0]["score"], 1.0);
    assert_eq!(lines[1]["score"], 0.5);
    assert_eq!(lines[2]["error"]["kind"], "malformed_json");
    assert_eq!(lines[2]["line"], 3);
    assert_eq!(lines[3]["score"], 1.0 / 3.0);
    assert!(
        lines[4]["error"]["message"]
            .as_str()
            .unwrap()
            .contains("typos, connections, unscrambling")
    );
    let summary: Value =
        serde_json::from_str(&std::fs::read_to_string(&summary_path).unwrap()).unwrap();
    assert_eq!(summary["per_source"]["connections"]["mean"], 0.5);
    assert_eq!(summary["error_kinds"]["invalid_value"], 1);
    std::fs::remove_dir_all(&dir).ok();
}

fn scorespec(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_scorespec"))
        .args(args)
        .output()
        .expect("run scorespec")
}

#[test]
fn grade_prints_the_verdict_and_exits_by_it() {
    let out = scorespec(&[
        "grade",
        "--gold",
        r"\frac{1}{2}",
        "--pred",
        r"So the probability is $\boxed{0.5}$.",
    ]);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let v: Value = serde_json::from_slice(&out.stdout).expect("JSON verdict");
    assert_eq!(v["equal"], true);
    assert_eq!(v["outcome"], "equal");
    assert_eq!(v["response_extracted"]["answer"], "0.5");
    assert_eq!(v["response_extracted"]["how"], "boxed");

    // 1001.5 ≠ 1001 (document 004): exit status 1, and --explain says why in words.
    let out = scorespec(&[
        "grade",
        "--gold",
        "1001.5",
        "--pred",
        r"\boxed{1001}",
        "--explain",
    ]);
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    let text = String::from_utf8(out.stdout).expect("utf-8");
    assert!(text.contains("verdict:         not_equal (rule "), "{text}");
    assert!(text.contains("found by boxed"), "{text}");

    // Options are checked like a registry call: a wrong type is exit status 2.
    let out = scorespec(&[
        "grade",
        "--gold",
        "1",
        "--pred",
        "1",
        "--options",
        r#"{"strict": "no"}"#,
    ]);
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    assert!(String::from_utf8_lossy(&out.stderr).contains("strict"));
}

/// The bundled example rows carry the verdict a careful grader gives
/// (`expected`: true, false, or null for "no answer to find"), judged by
/// hand when the file was written; `eval --task math` must give it on every row.
#[test]
fn eval_math_gives_the_expected_verdict_on_the_bundled_examples() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/math.jsonl");
    let out = scorespec(&["eval", "--task", "math", path]);
    assert!(out.status.success(), "{out:?}");
    let rows: Vec<Value> = std::fs::read_to_string(path)
        .expect("examples/math.jsonl")
        .lines()
        .map(|l| serde_json::from_str(l).expect("row"))
        .collect();
    let verdicts: Vec<Value> = String::from_utf8(out.stdout)
        .expect("utf-8")
        .lines()
        .map(|l| serde_json::from_str(l).expect("verdict line"))
        .collect();
    assert_eq!(rows.len(), verdicts.len());
    let mut wrong = Vec::new();
    for (row, v) in rows.iter().zip(&verdicts) {
        assert_eq!(row["id"], v["id"]);
        let ok = match &row["expected"] {
            Value::Null => v["outcome"] == "no_answer",
            e => &v["equal"] == e,
        };
        if !ok {
            wrong.push(format!(
                "{}: expected {}, got {}",
                row["id"], row["expected"], v
            ));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("accuracy"), "{stderr}");
}

// ---------------------------------------------------------------- eval --task fredholm

#[test]
fn eval_fredholm_writes_metrics_and_evaluated_predictions() {
    let dir = std::env::temp_dir().join(format!("scorespec-eval-fredholm-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let metrics_path = dir.join("metrics.json");
    let evaluated_path = dir.join("evaluated.jsonl");
    let example = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/examples/fredholm-predictions.jsonl"
    );
    let out = Command::new(env!("CARGO_BIN_EXE_scorespec"))
        .args(["eval", "--task", "fredholm", example, "-o"])
        .arg(&metrics_path)
        .arg("--evaluated")
        .arg(&evaluated_path)
        .output()
        .expect("run eval");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let m: Value = serde_json::from_str(&std::fs::read_to_string(&metrics_path).unwrap()).unwrap();
    // Document 003, Metrics Output: the documented fields.
    for k in [
        "total",
        "correct",
        "accuracy",
        "symbolic_accuracy",
        "numeric_accuracy",
        "per_type",
        "has_solution_accuracy",
        "solution_type_accuracy",
        "confusion_matrix",
        "api_errors",
        "parse_errors",
    ] {
        assert!(m.get(k).is_some(), "{k}");
    }
    let rows = std::fs::read_to_string(example).unwrap().lines().count();
    assert_eq!(m["total"], rows);
    assert_eq!(m["api_errors"], 1);
    let evaluated = std::fs::read_to_string(&evaluated_path).unwrap();
    assert_eq!(evaluated.lines().count(), rows);
    std::fs::remove_dir_all(&dir).ok();
}

/// A fresh directory for one test.
fn temp_dir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("scorespec-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

fn exe() -> &'static str {
    env!("CARGO_BIN_EXE_scorespec")
}

#[test]
fn values_starting_with_a_minus_are_values() {
    let out = scorespec(&["grade", "--gold", "-5", "--pred", "-5"]);
    assert_ne!(
        out.status.code(),
        Some(2),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: Value = serde_json::from_slice(&out.stdout).expect("a verdict");
    assert_eq!(v["gold_extracted"]["answer"], "-5");
    let out = scorespec(&[
        "grade",
        "--gold",
        "-5",
        "--pred",
        "-\\frac{10}{2}",
        "--options",
        "{\"strict\": false}",
    ]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn an_output_that_is_the_input_is_refused_and_nothing_is_lost() {
    let dir = temp_dir("same-file");
    let input = dir.join("rows.jsonl");
    let text = std::fs::read("examples/puzzles.jsonl").expect("example");
    std::fs::write(&input, &text).expect("write");
    let same = dir.join(".").join("rows.jsonl");
    let (i, s) = (input.to_str().unwrap(), same.to_str().unwrap());
    for args in [
        vec!["eval", "--task", "puzzles", i, "-o", s],
        vec!["eval", "--task", "puzzles", i, "--summary", i],
        vec!["run", i, "-o", s],
        vec!["eval", "--task", "fredholm", i, "--evaluated", s],
    ] {
        let out = scorespec(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains("is the input file"), "{args:?}: {err}");
        assert_eq!(std::fs::read(&input).expect("read"), text, "{args:?}");
    }
}

#[test]
fn a_closed_pipe_ends_quietly() {
    let line = "{\"id\":1,\"fn\":\"text.porter_stem\",\"args\":{\"word\":\"cats\"}}\n";
    let dir = temp_dir("pipe");
    let input = dir.join("many.jsonl");
    std::fs::write(&input, line.repeat(50_000)).expect("write");
    let mut child = Command::new(exe())
        .args(["run", input.to_str().unwrap()])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn");
    let mut stdout = child.stdout.take().expect("stdout");
    let mut first = [0u8; 16];
    std::io::Read::read_exact(&mut stdout, &mut first).expect("some output");
    drop(stdout);
    let out = child.wait_with_output().expect("wait");
    assert!(
        out.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(out.status.success(), "{:?}", out.status);
}

#[test]
fn a_stdout_closed_from_the_start_is_not_a_success() {
    let out = Command::new("sh")
        .args(["-c", "exec \"$0\" run examples/qa.jsonl >&-", exe()])
        .output()
        .expect("sh");
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("standard output is closed"));
    // A redirection to /dev/null is what the user asked for: it runs.
    let out = Command::new("sh")
        .args(["-c", "exec \"$0\" run examples/qa.jsonl >/dev/null", exe()])
        .output()
        .expect("sh");
    assert_eq!(out.status.code(), Some(0));
    // grade's exit status is its verdict: it runs whatever its output is.
    let out = Command::new("sh")
        .args([
            "-c",
            "exec \"$0\" grade --gold 2 --pred '\\boxed{2}' >&-",
            exe(),
        ])
        .output()
        .expect("sh");
    assert_eq!(out.status.code(), Some(0));
}

#[test]
fn outputs_are_opened_before_the_work() {
    let dir = temp_dir("open-first");
    let out_path = dir.join("out.jsonl");
    let bad = dir.join("missing").join("summary.json");
    let out = scorespec(&[
        "eval",
        "--task",
        "puzzles",
        "examples/puzzles.jsonl",
        "-o",
        out_path.to_str().unwrap(),
        "--summary",
        bad.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("summary.json"));
    // Nothing was scored: the results file was opened but has no row.
    assert_eq!(std::fs::read(&out_path).map(|b| b.len()).unwrap_or(0), 0);
    // fredholm: a bad -o fails before any evaluated line is written.
    let evaluated = dir.join("evaluated.jsonl");
    let out = scorespec(&[
        "eval",
        "--task",
        "fredholm",
        "examples/fredholm-predictions.jsonl",
        "-o",
        bad.to_str().unwrap(),
        "--evaluated",
        evaluated.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(std::fs::read(&evaluated).map(|b| b.len()).unwrap_or(0), 0);
}

#[test]
fn a_byte_order_mark_is_skipped_and_deep_json_is_the_same_error_everywhere() {
    let dir = temp_dir("bom");
    let rows = dir.join("rows.jsonl");
    let row = "{\"id\":\"a\",\"data_source\":\"typos\",\"model_output\":\"hi\",\"extra_info\":{\"label\":\"hi\"}}\n";
    std::fs::write(&rows, format!("\u{feff}{row}")).expect("write");
    let out = scorespec(&["eval", "--task", "puzzles", rows.to_str().unwrap()]);
    let v: Value = serde_json::from_slice(&out.stdout).expect("one row");
    assert_eq!(
        (v["id"].clone(), v["score"].clone()),
        (Value::from("a"), Value::from(1.0))
    );
    let (lines, _, ok) = run_bytes(
        "\u{feff}{\"id\":1,\"fn\":\"text.porter_stem\",\"args\":{\"word\":\"cats\"}}\n".as_bytes(),
        &[],
    );
    assert!(ok);
    assert_eq!(lines[0]["result"], "cat");
    // JSON nested past 128 levels: too_deeply_nested in run and in eval.
    let deep = format!(
        "{{\"id\":1,\"gold\":{}{}}}\n",
        "[".repeat(200),
        "]".repeat(200)
    );
    let (lines, _, _) = run_bytes(deep.as_bytes(), &[]);
    assert_eq!(lines[0]["error"]["kind"], "too_deeply_nested");
    let deep_file = dir.join("deep.jsonl");
    std::fs::write(&deep_file, &deep).expect("write");
    for task in ["math", "puzzles", "fredholm"] {
        let out = scorespec(
            &[
                "eval",
                "--task",
                task,
                deep_file.to_str().unwrap(),
                "--evaluated",
                dir.join("e.jsonl").to_str().unwrap(),
            ][..if task == "fredholm" { 6 } else { 4 }],
        );
        let text = if task == "fredholm" {
            std::fs::read_to_string(dir.join("e.jsonl")).expect("evaluated")
        } else {
            String::from_utf8_lossy(&out.stdout).into_owned()
        };
        assert!(text.contains("too_deeply_nested"), "{task}: {text}");
    }
}

#[test]
fn bench_refuses_absurd_rounds_and_names_the_file_and_line() {
    for rounds in [
        "0",
        "1001",
        "18446744073709551615",
        "99999999999999999999999",
    ] {
        let out = scorespec(&["bench", "--rounds", rounds, "examples/qa.jsonl"]);
        assert_eq!(out.status.code(), Some(2), "{rounds}");
        assert!(
            String::from_utf8_lossy(&out.stderr).contains("1..=1000"),
            "{rounds}"
        );
    }
    let dir = temp_dir("bench");
    let file = dir.join("cases.jsonl");
    std::fs::write(
        &file,
        "{\"id\":1,\"fn\":\"text.porter_stem\",\"args\":{\"word\":\"cats\"}}\n{nope\n",
    )
    .expect("write");
    let out = scorespec(&["bench", "--rounds", "1", file.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains(&format!("{}: line 2: ", file.display())),
        "{err}"
    );
}
