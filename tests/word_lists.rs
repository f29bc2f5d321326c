//! Every documented word list, pinned entry by entry (issue 12, item 5).
//!
//! The lists are the ones the spec pages name: deleting an entry from the
//! code (the `pct` percent word, a unit word, a unit of the conversion table,
//! an answer phrase, a LaTeX gate prefix…) fails one row here. Each table
//! gives the input the spec's rule describes and the value that rule gives,
//! worked out from the rule text (unit factors from their legal definitions),
//! not copied from the output. Everything goes through the registry, the
//! same entry point as the corpus.

use serde_json::{Value, json};

fn call(function: &str, args: Value) -> Value {
    scorespec::registry::call(function, &args)
        .unwrap_or_else(|e| panic!("{function} {args}: error {e}"))
}

fn normalize(text: &str) -> String {
    call("math.normalize", json!({ "text": text }))
        .as_str()
        .expect("math.normalize returns a string")
        .to_string()
}

/// spec/math.md MN-5 e: a trailing "percent", "percentage" or "pct" after a
/// number becomes `\%`.
#[test]
fn normalize_percent_words() {
    for word in ["percent", "percentage", "pct"] {
        assert_eq!(normalize(&format!("28 {word}")), r"28\%", "word {word:?}");
        assert_eq!(normalize(&format!("28{word}")), r"28\%", "word {word:?}");
    }
}

/// spec/math.md ME-2: `28 percent` / `pct` / `percentage` (also in
/// `\text{}`) is `28\%`, the number 0.28 (ME-8).
#[test]
fn equal_percent_words() {
    for text in [
        "28 percent",
        "28 pct",
        "28 percentage",
        r"28\text{percent}",
        r"28\text{percentage}",
        "28%",
    ] {
        let v = call(
            "math.equal",
            json!({ "reference": text, "prediction": "0.28", "include_percentage": false }),
        );
        assert_eq!(v["outcome"], "equal", "{text:?}: {v}");
    }
}

/// spec/math.md MX-6: a number followed by `%`, `\%`, "percent",
/// "percentage" or "pct" is one number, suffix included.
#[test]
fn extract_percent_suffixes() {
    for suffix in ["%", r"\%", " percent", " percentage", " pct"] {
        let response = format!("The rate is 28{suffix} today");
        let v = call(
            "math.extract_answer",
            json!({ "response": response, "strict": false }),
        );
        assert_eq!(v["how"], "last_number", "{suffix:?}: {v}");
        assert_eq!(v["answer"], format!("28{suffix}"), "{suffix:?}: {v}");
    }
}

/// spec/math.md MN-5 e: the list `UNIT_WORDS` of src/score/math/normalize/answer.rs
/// (a trailing unit word after a number goes).
#[test]
fn normalize_unit_words() {
    const UNIT_WORDS: &[&str] = &[
        "units",
        "unit",
        "square units",
        "sq units",
        "cm",
        "mm",
        "km",
        "meters",
        "meter",
        "metres",
        "metre",
        "inches",
        "inch",
        "feet",
        "foot",
        "ft",
        "yards",
        "yard",
        "miles",
        "mile",
        "mph",
        "dollars",
        "dollar",
        "cents",
        "cent",
        "degrees",
        "degree",
        "seconds",
        "second",
        "minutes",
        "minute",
        "hours",
        "hour",
        "days",
        "day",
        "weeks",
        "week",
        "years",
        "year",
        "pounds",
        "kg",
        "grams",
        "liters",
        "people",
        "students",
        "ways",
    ];
    for word in UNIT_WORDS {
        assert_eq!(normalize(&format!("12 {word}")), "12", "unit word {word:?}");
    }
    // Single letters are never unit words: `m` stays (the space between a
    // number and a letter goes, MN-5 f).
    assert_eq!(normalize("12 m"), "12m");
}

/// spec/math.md MN-5 g: a number word zero–twenty that is the whole answer
/// becomes its digits, any case.
#[test]
fn normalize_number_words() {
    const WORDS: [&str; 21] = [
        "zero",
        "one",
        "two",
        "three",
        "four",
        "five",
        "six",
        "seven",
        "eight",
        "nine",
        "ten",
        "eleven",
        "twelve",
        "thirteen",
        "fourteen",
        "fifteen",
        "sixteen",
        "seventeen",
        "eighteen",
        "nineteen",
        "twenty",
    ];
    for (n, word) in WORDS.iter().enumerate() {
        assert_eq!(normalize(word), n.to_string(), "{word:?}");
        let capitalized = format!("{}{}", word[..1].to_ascii_uppercase(), &word[1..]);
        assert_eq!(normalize(&capitalized), n.to_string(), "{capitalized:?}");
    }
}

/// spec/math.md ME-9: every unit of the table in src/score/math/units.rs,
/// by each of its names, against its value in SI units. The factors are the
/// legal definitions: inch = 0.0254 m, foot = 0.3048 m, yard = 0.9144 m,
/// mile = 1609.344 m (1959 international yard and pound agreement), pound =
/// 0.45359237 kg (same agreement), litre = 1 dm³ = 0.001 m³ (CGPM 1964).
/// `abs_tol = 0`: with the default absolute tolerance of 1e-8 (applied to
/// the values in SI units) `1 nm` and `2·10⁻⁹ m` are equal, which would not
/// pin the nanometre's factor.
#[test]
fn units_table() {
    // (names, value of one unit, SI unit it is written in)
    const TABLE: &[(&[&str], &str, &str)] = &[
        (&["m", "meter", "meters", "metre", "metres"], "1", "m"),
        (
            &["km", "kilometer", "kilometers", "kilometre", "kilometres"],
            "1000",
            "m",
        ),
        (&["dm", "decimeter", "decimeters"], "0.1", "m"),
        (
            &[
                "cm",
                "centimeter",
                "centimeters",
                "centimetre",
                "centimetres",
            ],
            "0.01",
            "m",
        ),
        (
            &[
                "mm",
                "millimeter",
                "millimeters",
                "millimetre",
                "millimetres",
            ],
            "0.001",
            "m",
        ),
        (
            &["um", r"\mu m", "micrometer", "micrometers"],
            "0.000001",
            "m",
        ),
        (&["nm", "nanometer", "nanometers"], "0.000000001", "m"),
        (&["inch", "inches"], "0.0254", "m"),
        (&["ft", "foot", "feet"], "0.3048", "m"),
        (&["yd", "yard", "yards"], "0.9144", "m"),
        (&["mi", "mile", "miles"], "1609.344", "m"),
        (&["g", "gram", "grams", "gramme", "grammes"], "0.001", "kg"),
        (&["kg", "kilogram", "kilograms"], "1", "kg"),
        (&["mg", "milligram", "milligrams"], "0.000001", "kg"),
        (&["t", "tonne", "tonnes"], "1000", "kg"),
        (&["lb", "lbs", "pound", "pounds"], "0.45359237", "kg"),
        (&["s", "sec", "secs", "second", "seconds"], "1", "s"),
        (&["ms", "millisecond", "milliseconds"], "0.001", "s"),
        (&["min", "mins", "minute", "minutes"], "60", "s"),
        (&["h", "hr", "hrs", "hour", "hours"], "3600", "s"),
        (&["day", "days"], "86400", "s"),
        (&["week", "weeks"], "604800", "s"),
        (
            &["L", "l", "liter", "liters", "litre", "litres"],
            "0.001",
            "m}^3",
        ),
        (
            &[
                "mL",
                "ml",
                "milliliter",
                "milliliters",
                "millilitre",
                "millilitres",
            ],
            "0.000001",
            "m}^3",
        ),
    ];
    for (names, value, si) in TABLE {
        // `m}^3` closes the `\text{` group before the power.
        let si_text = if si.contains('}') {
            format!(r"{value}\text{{ {si}")
        } else {
            format!(r"{value}\text{{ {si}}}")
        };
        for name in names.iter().filter(|name| **name != *si) {
            let unit = format!(r"1\text{{ {name}}}");
            let v = call(
                "math.equal",
                json!({ "reference": unit, "prediction": si_text, "abs_tol": 0.0 }),
            );
            assert_eq!(
                (&v["outcome"], &v["rule"]),
                (&json!("equal"), &json!("units")),
                "1 {name} = {value} {si}: {v}"
            );
            // Twice the value is another quantity: the factor, not just
            // the dimension, is pinned.
            let double = si_text.replacen(value, &format!("2*{value}"), 1);
            let v = call(
                "math.equal",
                json!({ "reference": unit, "prediction": double, "abs_tol": 0.0 }),
            );
            assert_eq!(v["outcome"], "not_equal", "1 {name} ≠ 2·{value} {si}: {v}");
        }
    }
}

/// spec/math.md MX-5: each answer phrase, with the answer after it or before
/// it, and the rule (`how`) that names it.
#[test]
fn extract_answer_phrases() {
    const CASES: &[(&str, &str)] = &[
        ("We find that the answer is 17.", "answer_phrase"),
        (
            "The final answer is 17. I hope it is correct.",
            "answer_phrase",
        ),
        ("Answer: 17", "answer_phrase"),
        ("Answer : 17", "answer_phrase"),
        ("So 17 is the answer.", "answer_phrase"),
        ("So 17 is our answer.", "answer_phrase"),
        ("So 17 is the final answer.", "answer_phrase"),
        ("Thus 17 is the correct answer.", "answer_phrase"),
        ("Adding up, 10 + 7 = 17.\n#### 17", "gsm8k_marker"),
        (
            "Adding up, 10 + 7 = 17.\n\n# Answer\n\n17",
            "answer_heading",
        ),
    ];
    for (response, how) in CASES {
        let v = call("math.extract_answer", json!({ "response": response }));
        assert_eq!(
            (&v["answer"], &v["how"]),
            (&json!("17"), &json!(how)),
            "{response:?}: {v}"
        );
    }
}

/// spec/math.md MX-5: the connectives dropped from the clause before "is our
/// answer".
#[test]
fn extract_leading_connectives() {
    for word in [
        "so",
        "thus",
        "hence",
        "then",
        "therefore",
        "and",
        "which",
        "that",
        "means",
        "finally",
    ] {
        let response = format!("We add them, {word} 17 is our answer.");
        let v = call("math.extract_answer", json!({ "response": response }));
        assert_eq!(v["answer"], "17", "{word:?}: {v}");
    }
}

/// spec/math.md MX-4: boxes separated only by spaces, `,`, `;`, `$`, math
/// delimiters, spacing commands, and the words "and", "or" (bare or in
/// `\text{}`) are one answer, a list: `how` is `boxed_list`, the span runs
/// from the first box to the end of the last, normalization reads `a,b`.
#[test]
fn extract_box_list_separators() {
    for sep in [
        " ",
        ", ",
        "; ",
        "$ $",
        r" \(\) ",
        r" \[\] ",
        r" \quad ",
        r" \qquad ",
        r"\,",
        r"\;",
        r"\:",
        r"\!",
        "\\ ",
        "~",
        " and ",
        " or ",
        r" \text{and} ",
        r" \text{or} ",
        r"\text{ and }",
        r"\text{ or }",
    ] {
        let list = format!(r"\boxed{{1}}{sep}\boxed{{2}}");
        let v = call(
            "math.extract_answer",
            json!({ "response": format!("So {list}.") }),
        );
        assert_eq!(
            (&v["how"], &v["answer"], &v["normalized"]),
            (&json!("boxed_list"), &json!(list), &json!("1,2")),
            "separator {sep:?}: {v}"
        );
    }
    // Prose after the connective: not a list (the last box is the answer).
    let v = call(
        "math.extract_answer",
        json!({ "response": r"So $\boxed{1}$, then $\boxed{2}$." }),
    );
    assert_eq!((&v["how"], &v["answer"]), (&json!("boxed"), &json!("2")));
}

/// spec/math.md MN-4: every name `norm_basic_fn` rewrites gets a backslash
/// and the power `^{1}`.
#[test]
fn norm_basic_fn_names() {
    for name in [
        "sin", "cos", "tan", "cot", "sec", "csc", "sinh", "cosh", "tanh", "coth", "sech", "csch",
        "arcsin", "arccos", "arctan", "arccot", "arcsec", "arccsc", "log", "ln",
    ] {
        let v = call("math.norm_basic_fn", json!({ "text": format!("{name} x") }));
        assert_eq!(v, json!(format!(r"\{name}^{{1}} x")), "{name:?}");
    }
}

/// spec/math.md MN-2: a degree argument of each of `\sin \cos \tan \cot \sec
/// \csc` becomes radians; elsewhere the marker is dropped.
#[test]
fn norm_deg_functions() {
    for f in ["sin", "cos", "tan", "cot", "sec", "csc"] {
        let v = call(
            "math.norm_deg",
            json!({ "text": format!(r"\{f} 20^\circ") }),
        );
        assert_eq!(
            v,
            json!(format!(r"\{f} {{20*\frac{{\pi}}{{180}}}}")),
            "{f:?}"
        );
    }
    for marker in [r"^\circ", r"^{\circ}", r"^ \circ", "°", r"\degree"] {
        let v = call("math.norm_deg", json!({ "text": format!("20{marker}") }));
        assert_eq!(v, json!("20"), "{marker:?}");
    }
}

/// spec/physics.md PH-5: the four commands of the LaTeX gate (and the
/// delimiters), and the near misses the rule names.
#[test]
fn physics_latex_gate() {
    let gate = |answer: &str| call("physics.starts_with_latex", json!({ "answer": answer }));
    for answer in [
        "$x$",
        "$$x$$",
        r"\[x\]",
        r"\(x\)",
        r"\boxed{x}",
        r"\frac{1}{2}",
        r"\text{x}",
        r"\mathrm{x}",
        r"  \boxed {x}",
    ] {
        assert_eq!(gate(answer), json!(true), "{answer:?}");
    }
    for answer in [r"\textbf{x}", r"\dfrac{1}{2}", "x", r"\boxedx"] {
        assert_eq!(gate(answer), json!(false), "{answer:?}");
    }
}

/// spec/physics.md PH-7: each delimiter pair and each unwrapped command, and
/// each deleted spacing command.
#[test]
fn physics_math_content() {
    let clean = |text: &str| call("physics.extract_math_content", json!({ "text": text }));
    for text in [
        "$$x+1$$",
        "$x+1$",
        r"\[x+1\]",
        r"\(x+1\)",
        r"\boxed{x+1}",
        r"\text{x+1}",
        r"\mathrm{x+1}",
    ] {
        assert_eq!(
            clean(text),
            json!({ "clean": "x+1", "had_latex": true }),
            "{text:?}"
        );
    }
    for spacing in [r"\;", r"\,", r"\:", r"\!"] {
        assert_eq!(
            clean(&format!("x{spacing}+1")),
            json!({ "clean": "x+1", "had_latex": false }),
            "{spacing:?}"
        );
    }
}
