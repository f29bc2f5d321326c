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

// ------------------------------------------------ corpus export, conformance

/// `scorespec ARGS` with the binary's directory first on PATH, so that
/// `--impl 'scorespec run'` finds this build.
fn scorespec_on_path(args: &[&str]) -> std::process::Output {
    let bin = std::path::Path::new(env!("CARGO_BIN_EXE_scorespec"));
    let path = format!(
        "{}:{}",
        bin.parent().expect("bin dir").display(),
        std::env::var("PATH").unwrap_or_default()
    );
    Command::new(bin)
        .args(args)
        .env("PATH", path)
        .output()
        .expect("run scorespec")
}

/// The `[[case]]` tables of the corpus files, read with `toml` here rather
/// than through the code under test: (full id, fn, case table).
fn corpus_cases() -> Vec<(String, String, toml::Table)> {
    fn walk(
        dir: &std::path::Path,
        root: &std::path::Path,
        out: &mut Vec<(String, String, toml::Table)>,
    ) {
        for e in std::fs::read_dir(dir).expect("read corpus dir") {
            let p = e.expect("entry").path();
            let name = p.file_name().unwrap().to_string_lossy().into_owned();
            if p.is_dir() {
                if name != "differential" && name != "known" {
                    walk(&p, root, out);
                }
            } else if name.ends_with(".toml") && !name.ends_with("-explained.toml") {
                let file: toml::Table =
                    toml::from_str(&std::fs::read_to_string(&p).unwrap()).unwrap();
                let prefix = p.strip_prefix(root).unwrap().with_extension("");
                let f = file["fn"].as_str().unwrap().to_string();
                for c in file["case"].as_array().unwrap() {
                    let c = c.as_table().unwrap().clone();
                    let id = format!("{}/{}", prefix.display(), c["id"].as_str().unwrap());
                    out.push((id, f.clone(), c));
                }
            }
        }
    }
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("conformance");
    let mut out = Vec::new();
    walk(&root, &root, &mut out);
    out
}

#[test]
fn corpus_export_gives_every_case_after_a_header() {
    let out = scorespec(&["corpus", "export"]);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let cases = corpus_cases();
    let header = &lines[0];
    assert_eq!(header["scorespec_version"], env!("CARGO_PKG_VERSION"));
    assert_eq!(header["cases"], cases.len());
    assert!(
        header["spec_pages"]
            .as_array()
            .unwrap()
            .contains(&"spec/qa.md".into())
    );
    assert_eq!(lines.len() - 1, cases.len());
    let mut ids = std::collections::BTreeSet::new();
    for l in &lines[1..] {
        assert!(
            l["fn"].is_string() && l["args"].is_object() && l["source"].is_string(),
            "{l}"
        );
        // An error case has a null expected (a result case's expected may
        // be null too: TOML nan).
        assert!(
            l["expected_error"].is_null() || l["expected"].is_null(),
            "{l}"
        );
        assert!(["exact", "subset"].contains(&l["compare"].as_str().unwrap()));
        assert!(
            ids.insert(l["id"].as_str().unwrap().to_string()),
            "duplicate {l}"
        );
    }
    for (id, f, c) in &cases {
        let l = lines[1..]
            .iter()
            .find(|l| l["id"] == id.as_str())
            .expect(id);
        assert_eq!(l["fn"], f.as_str());
        assert_eq!(l["source"], c["source"].as_str().unwrap());
    }
    // The paris example with its erratum (conformance/qa/f1.toml).
    let paris = lines
        .iter()
        .find(|l| l["id"] == "qa/f1/paris-sentence")
        .unwrap();
    assert_eq!(paris["erratum"]["documented"], 0.4);
    assert_eq!(paris["tolerance"], 1e-15);
    // --family: only that family, in the same order.
    let qa = String::from_utf8(scorespec(&["corpus", "export", "--family", "qa"]).stdout).unwrap();
    let qa: Vec<&str> = qa.lines().skip(1).collect();
    let from_all: Vec<&str> = text
        .lines()
        .skip(1)
        .filter(|l| l.contains("\"fn\":\"qa."))
        .collect();
    assert_eq!(qa, from_all);
}

#[test]
fn conformance_of_scorespec_run_itself_passes() {
    let out = scorespec_on_path(&["conformance", "--impl", "scorespec run", "--json"]);
    let report: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert!(out.status.success(), "{report:#}");
    assert_eq!(report["pass"], true);
    let total: u64 = report["families"]
        .as_object()
        .unwrap()
        .values()
        .map(|r| {
            assert_eq!(r["cases"], r["agree"]);
            r["cases"].as_u64().unwrap()
        })
        .sum();
    assert_eq!(total as usize, corpus_cases().len());
}

/// An implementation wrong on purpose for text.levenshtein: every result of
/// that function becomes 99.
const WRONG_LEVENSHTEIN: &str =
    r#"scorespec run | sed '/"id":"text\/levenshtein\//s/"result":[0-9]*/"result":99/'"#;

#[test]
fn a_wrong_implementation_fails_naming_exactly_its_disagreeing_cases() {
    let out = scorespec_on_path(&["conformance", "--impl", WRONG_LEVENSHTEIN, "--json"]);
    assert_eq!(out.status.code(), Some(1));
    let report: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(report["pass"], false);
    let named: std::collections::BTreeSet<String> = report["disagreements"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["case"].as_str().unwrap().to_string())
        .collect();
    // The levenshtein cases with a result (not an expected error), none expecting 99.
    let expected: std::collections::BTreeSet<String> = corpus_cases()
        .into_iter()
        .filter(|(_, f, c)| f == "text.levenshtein" && c.contains_key("expected"))
        .map(|(id, _, _)| id)
        .collect();
    assert!(!expected.is_empty());
    assert_eq!(named, expected);
    // The human report: the table row and a diff of each disagreement.
    let out = wrong_text_run(&[]);
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains("--- text/levenshtein/kitten-sitting (differ, NOT KNOWN)"),
        "{text}"
    );
    assert!(text.contains("expected: 3\nactual:   99"), "{text}");
    assert!(text.contains("FAIL"), "{text}");
}

/// `scorespec conformance` of the levenshtein-breaking implementation on the text family.
fn wrong_text_run(extra: &[&str]) -> std::process::Output {
    let mut args = vec![
        "conformance",
        "--impl",
        WRONG_LEVENSHTEIN,
        "--family",
        "text",
    ];
    args.extend_from_slice(extra);
    scorespec_on_path(&args)
}

/// Writes `known` to `file` and runs [`wrong_text_run`] with it: the exit status and
/// stdout + stderr.
fn run_with_known(file: &std::path::Path, known: &str) -> (Option<i32>, String) {
    std::fs::write(file, known).unwrap();
    let out = wrong_text_run(&["--known", file.to_str().unwrap()]);
    let text =
        String::from_utf8_lossy(&out.stdout).to_string() + &String::from_utf8_lossy(&out.stderr);
    (out.status.code(), text)
}

#[test]
fn known_differences_pass_and_stale_ones_fail() {
    let dir = std::env::temp_dir().join(format!("scorespec-known-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut known =
        String::from("implementation = \"scorespec run, levenshtein broken on purpose\"\n");
    for (id, f, c) in corpus_cases() {
        if f == "text.levenshtein" && c.contains_key("expected") {
            known.push_str(&format!(
                "[[difference]]\ncase = \"{id}\"\nwhy = \"answers 99\"\n"
            ));
        }
    }
    let file = dir.join("known.toml");
    let (code, text) = run_with_known(&file, &known);
    assert_eq!(code, Some(0), "{text}");
    assert!(text.contains("known: answers 99"), "{text}");
    // A listed case that agrees is stale.
    known.push_str(
        "[[difference]]\ncase = \"text/porter_stem/caresses\"\nwhy = \"was wrong once\"\n",
    );
    let (code, text) = run_with_known(&file, &known);
    assert_eq!(code, Some(1), "{text}");
    assert!(
        text.contains("stale known difference: text/porter_stem/caresses"),
        "{text}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The known-differences files CI uses (scripts/conformance-oracles) load and name only
/// cases of the corpus, so a typo fails here, without the oracles' venv.
#[test]
fn the_oracles_known_differences_name_corpus_cases() {
    let ids: std::collections::BTreeSet<String> =
        corpus_cases().into_iter().map(|(id, _, _)| id).collect();
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("conformance/known");
    let mut files = 0;
    for e in std::fs::read_dir(&dir).unwrap() {
        let p = e.unwrap().path();
        let known = scorespec::conformance::Known::read(&p).unwrap();
        files += 1;
        assert!(!known.differences.is_empty(), "{}", p.display());
        for id in known.differences.iter().flat_map(|d| d.ids()) {
            assert!(
                ids.contains(id),
                "{}: {id} is not a corpus case",
                p.display()
            );
        }
    }
    assert!(files >= 4, "{files} known-differences files");
}

#[test]
fn a_known_class_lists_cases_with_one_reason() {
    let dir = std::env::temp_dir().join(format!("scorespec-known-class-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let ids: Vec<String> = corpus_cases()
        .into_iter()
        .filter(|(_, f, c)| f == "text.levenshtein" && c.contains_key("expected"))
        .map(|(id, _, _)| format!("\"{id}\""))
        .collect();
    let class = format!(
        "[[difference]]\ncases = [{}]\nwhy = \"answers 99\"\n",
        ids.join(", ")
    );
    let file = dir.join("known.toml");
    let run = |known: &str| run_with_known(&file, known);
    let (code, text) = run(&class);
    assert_eq!(code, Some(0), "{text}");
    assert!(text.contains("known: answers 99"), "{text}");
    // A case of the class that agrees is stale, named on its own.
    let stale = class.replace("cases = [", "cases = [\"text/porter_stem/caresses\", ");
    let (code, text) = run(&stale);
    assert_eq!(code, Some(1), "{text}");
    assert!(
        text.contains("stale known difference: text/porter_stem/caresses"),
        "{text}"
    );
    // `case` and `cases` together, or neither, and a case listed twice fail loading.
    for bad in [
        class.replace(
            "cases = [",
            "case = \"text/porter_stem/caresses\"\ncases = [",
        ),
        "[[difference]]\nwhy = \"no case\"\n".to_string(),
        "[[difference]]\ncases = []\nwhy = \"empty\"\n".to_string(),
        format!(
            "{class}[[difference]]\ncase = {}\nwhy = \"again\"\n",
            ids[0]
        ),
    ] {
        let (code, text) = run(&bad);
        assert_eq!(code, Some(2), "{bad}\n{text}");
        assert!(
            text.contains("needs exactly one of") || text.contains("listed twice"),
            "{bad}\n{text}"
        );
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The first exported case of `family` after `skip` others.
fn nth_case(family: &str, n: usize) -> String {
    let out = scorespec(&["corpus", "export", "--family", family]);
    let line = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .nth(n + 1)
        .unwrap()
        .to_string();
    let v: Value = serde_json::from_str(&line).unwrap();
    v["id"].as_str().unwrap().to_string()
}

#[test]
fn broken_implementations_get_a_clear_error_naming_the_case() {
    let first = nth_case("qa", 0);
    let fourth = nth_case("qa", 3);
    let cases: [(&str, &str, String); 4] = [
        (
            "head -n 3 | scorespec run",
            "stopped answering at case",
            fourth.clone(),
        ),
        (
            "sleep 30",
            "within 300 ms: the implementation was killed",
            first.clone(),
        ),
        (
            "scorespec run | sed 1d",
            "answer out of order: expected the answer to case",
            first.clone(),
        ),
        (
            "echo hello; cat >/dev/null",
            "is not a response line (not JSON",
            first.clone(),
        ),
    ];
    for (cmd, what, case) in cases {
        let start = std::time::Instant::now();
        let out = scorespec_on_path(&[
            "conformance",
            "--impl",
            cmd,
            "--family",
            "qa",
            "--timeout-ms",
            "300",
        ]);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{cmd}: {err}");
        assert!(err.contains(what), "{cmd}: {err}");
        assert!(err.contains(&case), "{cmd}: {err} (case {case})");
        // The hang is cut at the budget, not after the child's 30 s.
        assert!(
            start.elapsed() < std::time::Duration::from_secs(20),
            "{cmd}"
        );
    }
}

#[test]
fn generation_agrees_with_itself_and_shrinks_a_disagreement() {
    let args = [
        "conformance",
        "--generate",
        "200",
        "--seed",
        "7",
        "--fn",
        "text.levenshtein",
        "--json",
    ];
    let out = scorespec_on_path(&[&args[..], &["--impl", "scorespec run"]].concat());
    let report: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert!(out.status.success(), "{report:#}");
    assert_eq!(report["generated"]["text.levenshtein"], 200);
    let out = scorespec_on_path(&[&args[..], &["--impl", WRONG_LEVENSHTEIN]].concat());
    assert_eq!(out.status.code(), Some(1));
    let report: Value = serde_json::from_slice(&out.stdout).unwrap();
    let findings = report["findings"].as_array().unwrap();
    assert!(!findings.is_empty());
    for f in findings {
        assert_eq!(f["fn"], "text.levenshtein");
        assert_eq!(f["implementation"]["result"], 99);
        // Shrunk: no longer than the generated input.
        let len = |m: &Value| -> usize {
            m.as_object()
                .unwrap()
                .values()
                .map(|v| v.as_str().map_or(0, |s| s.chars().count()))
                .sum()
        };
        assert!(len(&f["shrunk"]) <= len(&f["args"]), "{f:#}");
    }
    // Same seed, same report.
    let again = scorespec_on_path(&[&args[..], &["--impl", WRONG_LEVENSHTEIN]].concat());
    let again: Value = serde_json::from_slice(&again.stdout).unwrap();
    assert!(again == report, "two runs with seed 7 differ");
}

#[test]
fn options_for_partial_implementations() {
    // Error kinds of their own: they differ, unless --any-error-kind.
    let renamed = r#"scorespec run | sed 's/"kind":"[a-z_]*"/"kind":"ValueError"/'"#;
    let base = ["conformance", "--fn", "qa.f1", "--impl", renamed];
    let out = scorespec_on_path(&base);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        scorespec_on_path(&[&base[..], &["--any-error-kind"]].concat())
            .status
            .success()
    );
    // A verdict without the normalized forms: only --key equal agrees.
    let verdict_only = r#"scorespec run | python3 -c '
import json, sys
for line in sys.stdin:
    r = json.loads(line)
    if r["ok"] and isinstance(r["result"], dict) and "equal" in r["result"]:
        r["result"] = {"equal": r["result"]["equal"]}
    print(json.dumps(r))
'"#;
    let base = [
        "conformance",
        "--fn",
        "expr.equivalent",
        "--impl",
        verdict_only,
    ];
    let out = scorespec_on_path(&base);
    assert_eq!(out.status.code(), Some(1));
    let out = scorespec_on_path(&[&base[..], &["--key", "equal"]].concat());
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
    // --without-arg skips the cases passing that argument.
    let out = scorespec_on_path(&[
        "conformance",
        "--impl",
        "scorespec run",
        "--fn",
        "qa.f1",
        "--without-arg",
        "normalize",
        "--json",
    ]);
    let report: Value = serde_json::from_slice(&out.stdout).unwrap();
    let with_normalize = corpus_cases()
        .iter()
        .filter(|(_, f, c)| f == "qa.f1" && c["args"].as_table().unwrap().contains_key("normalize"))
        .count();
    let all_f1 = corpus_cases()
        .iter()
        .filter(|(_, f, _)| f == "qa.f1")
        .count();
    assert!(with_normalize > 0);
    assert_eq!(report["families"]["qa"]["cases"], all_f1 - with_normalize);
}

/// `scorespec run` on standard input answers each line before it waits for the
/// next one: a caller that writes one request and reads its answer, keeping
/// the input open, gets the answer (it used to come only when input ended).
#[test]
fn run_answers_each_line_before_input_ends() {
    use std::io::{BufRead, BufReader};
    let mut child = Command::new(env!("CARGO_BIN_EXE_scorespec"))
        .arg("run")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("spawn scorespec");
    let mut stdin = child.stdin.take().expect("stdin");
    let stdout = child.stdout.take().expect("stdout");
    let (tx, rx) = std::sync::mpsc::channel();
    let reader = std::thread::spawn(move || {
        let mut lines = BufReader::new(stdout).lines();
        for _ in 0..2 {
            let line = lines.next().map(|l| l.expect("read"));
            if tx.send(line).is_err() {
                return;
            }
        }
    });
    let requests = [
        r#"{"id":1,"fn":"qa.exact_match","args":{"prediction":"Paris","reference":"paris"}}"#,
        r#"{"id":2,"fn":"qa.exact_match","args":{"prediction":"Lyon","reference":"paris"}}"#,
    ];
    let mut answers = Vec::new();
    for req in requests {
        writeln!(stdin, "{req}").expect("write");
        stdin.flush().expect("flush");
        // Generous: a hang (the answer held back until input ends) fails here.
        match rx.recv_timeout(std::time::Duration::from_secs(30)) {
            Ok(Some(line)) => answers.push(line),
            other => {
                let _ = child.kill();
                panic!("no answer to {req} while input is open: {other:?}");
            }
        }
    }
    drop(stdin);
    assert!(child.wait().expect("wait").success());
    reader.join().expect("reader");
    assert_eq!(answers[0], r#"{"id":1,"ok":true,"result":1.0}"#);
    assert_eq!(answers[1], r#"{"id":2,"ok":true,"result":0.0}"#);
}
