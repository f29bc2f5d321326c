//! `linspace` is NumPy's, bit for bit (issue 12, item 5).
//!
//! The Fredholm scorers sample at `linspace(a, b, n)` and spec/fredholm.md
//! says the points are NumPy's. `conformance/differential/linspace-numpy.json`
//! is NumPy's output, recorded by `tests/oracles/numpy_linspace.py` (the
//! version is in the file); each case is checked against the library function
//! and against the points `fredholm.numeric_compare` reports.

use serde::Deserialize;
use serde_json::json;

#[derive(Deserialize)]
struct Recording {
    oracle: String,
    version: String,
    cases: Vec<Case>,
}

#[derive(Deserialize)]
struct Case {
    a: f64,
    b: f64,
    n: usize,
    points: Vec<f64>,
}

fn recording() -> Recording {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/conformance/differential/linspace-numpy.json"
    );
    let text = std::fs::read_to_string(path).expect("the NumPy recording");
    let r: Recording = serde_json::from_str(&text).expect("valid JSON");
    assert_eq!(r.oracle, "numpy.linspace");
    assert!(!r.version.is_empty());
    assert!(r.cases.len() >= 10);
    r
}

/// Bit-for-bit equality (`-0.0` and `0.0` differ too).
fn same_bits(ours: &[f64], numpy: &[f64]) -> Result<(), String> {
    if ours.len() != numpy.len() {
        return Err(format!("{} points, NumPy {}", ours.len(), numpy.len()));
    }
    let differ: Vec<String> = ours
        .iter()
        .zip(numpy)
        .enumerate()
        .filter(|(_, (o, n))| o.to_bits() != n.to_bits())
        .map(|(i, (o, n))| format!("#{i}: {o:?} vs NumPy {n:?}"))
        .collect();
    if differ.is_empty() {
        Ok(())
    } else {
        Err(format!(
            "{} points differ: {}",
            differ.len(),
            differ.join(", ")
        ))
    }
}

/// `linspace(a, b, n)`.
type Linspace = fn(f64, f64, usize) -> Vec<f64>;

/// Both paths of the function (the Fredholm metrics' and the numeric
/// comparison's, once two different functions) give NumPy's points.
#[test]
fn linspace_is_numpys() {
    let r = recording();
    let paths: [(&str, Linspace); 2] = [
        ("metrics", scorespec::score::fredholm::metrics::linspace),
        ("compare", scorespec::score::fredholm::compare::linspace),
    ];
    for (path, linspace) in paths {
        for c in &r.cases {
            same_bits(&linspace(c.a, c.b, c.n), &c.points)
                .unwrap_or_else(|e| panic!("{path}::linspace({}, {}, {}): {e}", c.a, c.b, c.n));
        }
    }
}

/// The points `fredholm.numeric_compare` samples at are the recorded ones.
#[test]
fn numeric_compare_samples_numpys_points() {
    let r = recording();
    for c in r.cases.iter().filter(|c| c.a < c.b && c.n >= 2) {
        let args = json!({
            "solution": "x",
            "ground_truth": "x",
            "domain": [c.a, c.b],
            "n_points": c.n,
            "include_points": true,
        });
        let v = scorespec::registry::call("fredholm.numeric_compare", &args)
            .unwrap_or_else(|e| panic!("{args}: {e}"));
        let xs: Vec<f64> = v["x_values"]
            .as_array()
            .expect("x_values")
            .iter()
            .map(|x| x.as_f64().expect("a number"))
            .collect();
        same_bits(&xs, &c.points).unwrap_or_else(|e| {
            panic!("numeric_compare on [{}, {}], {} points: {e}", c.a, c.b, c.n)
        });
    }
}
