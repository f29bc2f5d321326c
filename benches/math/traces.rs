//! Realistic long model responses for the extraction benchmark
//! (`benches/math.rs`) and its tests (`tests/long_responses.rs`): reasoning
//! traces of prose paragraphs with inline formulas and numbers, displayed
//! LaTeX (`\[…\]`, `$$…$$`, `aligned` environments), Chinese paragraphs,
//! Markdown steps and the word "answer" in passing, then one of the
//! [`ENDINGS`]. Deterministic: the same seed and size give the same text.
//!
//! The body never states an answer (no box, no answer phrase, no `####`, no
//! `答案` or `所以`, no bold-only line): whatever the extraction finds comes
//! from the ending, so the tests know what it must find.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// How a trace ends: its name, the text appended to the body, and the answer
/// the production extraction finds in it with the rule that finds it (`None`
/// when the response was cut off and has no answer).
pub struct Ending {
    /// The ending's name (the benchmark's first column).
    pub name: &'static str,
    /// The text appended to the body.
    pub text: &'static str,
    /// The answer `locate_default` finds, and its rule.
    pub answer: Option<(&'static str, &'static str)>,
}

/// The endings of the benchmark: a box, an English and a Chinese statement,
/// a bold final line, a bare number ending a sentence, a displayed formula,
/// and no ending at all (the last paragraph of prose: no explicit answer),
/// and a response cut off inside a formula.
pub const ENDINGS: &[Ending] = &[
    Ending {
        name: "box",
        text: "Putting the two cases together, the total is $\\boxed{\\frac{17}{4}}$.",
        answer: Some(("\\frac{17}{4}", "boxed")),
    },
    Ending {
        name: "statement",
        text: "So the final answer is 204.",
        answer: Some(("204", "answer_phrase")),
    },
    Ending {
        name: "chinese",
        text: "综上，故答案为：$\\frac{\\sqrt{3}}{2}$。",
        answer: Some(("\\frac{\\sqrt{3}}{2}", "answer_phrase_zh")),
    },
    Ending {
        name: "bold line",
        text: "Collecting the terms once more:\n\n**1,204**",
        answer: Some(("1,204", "bold_line")),
    },
    Ending {
        name: "number",
        text: "Adding the contributions of both rows, the count comes to 1,204.",
        answer: Some(("1,204", "last_number")),
    },
    Ending {
        name: "formula",
        text: "Hence\n\\[\nS = \\sum_{k=1}^{8} k^2 = 204.\n\\]",
        answer: Some(("204", "last_formula")),
    },
    Ending {
        name: "no answer",
        text: "",
        answer: None,
    },
    Ending {
        name: "cut off",
        text: "Now we add the remaining terms: $64 + 49 + 36 +",
        answer: None,
    },
];

/// Words of the prose paragraphs ("answer" only in a phrase that states
/// none).
const WORDS: &[&str] = &[
    "we",
    "check",
    "the",
    "case",
    "where",
    "value",
    "is",
    "even",
    "and",
    "then",
    "compare",
    "both",
    "sides",
    "of",
    "equation",
    "so",
    "that",
    "remaining",
    "terms",
    "cancel",
    "this",
    "gives",
    "a",
    "bound",
    "on",
    "sum",
    "which",
    "means",
    "next",
    "step",
    "uses",
    "same",
    "argument",
    "for",
    "odd",
    "indices",
    "does",
    "not",
    "change",
    "when",
    "swap",
    "rows",
    "columns",
    "grid",
    "triangle",
    "area",
    "probability",
    "count",
    "every",
    "pair",
    "divides",
    "product",
    "hence",
    "therefore",
    "let",
    "us",
    "verify",
    "again",
    "carefully",
    "this answer does not change",
];

/// Inline formulas of the prose paragraphs.
const INLINE: &[&str] = &[
    "$n = 12$",
    "$\\frac{n(n+1)}{2} = 78$",
    "$78 \\cdot 2 = 156$",
    "$\\sqrt{13^2 + 4} \\approx 13.15$",
    "$x^2 - 5x + 6 = 0$",
    "$a_{k+1} = 2a_k + 1$",
    "\\(\\binom{8}{3} = 56\\)",
    "$\\{1, 2, 3\\}$",
    "$f(x) = \\sin x + \\cos x$",
    "$|z| \\le 1$",
];

/// Displayed formulas.
const DISPLAYS: &[&str] = &[
    "\\[\n\\sum_{k=1}^{n} k = \\frac{n(n+1)}{2}\n\\]",
    "$$\nP(A \\cap B) = \\frac{3}{8} \\cdot \\frac{2}{7} = \\frac{3}{28}\n$$",
    "\\[\n\\begin{aligned}\nx + y &= 10 \\\\\nx - y &= 4\n\\end{aligned}\n\\]",
    "$$\n\\int_0^1 x^2 \\, dx = \\left[ \\frac{x^3}{3} \\right]_0^1 = \\frac{1}{3}\n$$",
    "\\[\n(1 + x)^{5} = 1 + 5x + 10x^2 + 10x^3 + 5x^4 + x^5\n\\]",
];

/// Sentences of the Chinese paragraphs (no `答案`, no `所以`).
const CHINESE: &[&str] = &[
    "设三角形的边长为$a$，则面积为$\\frac{\\sqrt{3}}{4}a^2$。",
    "由题意可知，数列的公差$d = 3$，首项为$2$。",
    "因此只需考虑$n \\ge 5$的情形，共有$12$种排法。",
    "我们再检验一次：当$x = 1$时，等式两边相等。",
    "于是概率为$\\frac{3}{28}$，与前面的计算一致。",
];

/// A reasoning trace of about `kib` KiB (the body is at most `kib` KiB,
/// cut at a paragraph end) followed by `ending`; `seed` picks the text.
pub fn trace(kib: usize, ending: &str, seed: u64) -> String {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let budget = kib * 1024;
    let mut out = String::with_capacity(budget + ending.len() + 1024);
    let mut step = 1;
    loop {
        let para = paragraph(&mut rng, &mut step);
        if out.len() + para.len() + 2 > budget && !out.is_empty() {
            break;
        }
        out.push_str(&para);
        out.push_str("\n\n");
    }
    out.push_str(ending);
    out
}

/// One paragraph: prose with inline formulas and numbers, a displayed
/// formula, a Chinese paragraph, or a Markdown step.
fn paragraph(rng: &mut ChaCha8Rng, step: &mut usize) -> String {
    match rng.random_range(0..10) {
        0..=4 => prose(rng),
        5 | 6 => format!(
            "{}\n{}\n{}",
            prose_sentence(rng),
            DISPLAYS[rng.random_range(0..DISPLAYS.len())],
            prose_sentence(rng)
        ),
        7 => (0..rng.random_range(2..5))
            .map(|_| CHINESE[rng.random_range(0..CHINESE.len())])
            .collect(),
        _ => {
            *step += 1;
            format!(
                "**Step {}:** {}\n- {}\n- {}",
                *step,
                prose_sentence(rng),
                prose_sentence(rng),
                prose_sentence(rng)
            )
        }
    }
}

/// Three to six sentences.
fn prose(rng: &mut ChaCha8Rng) -> String {
    (0..rng.random_range(3..7))
        .map(|_| prose_sentence(rng))
        .collect::<Vec<_>>()
        .join(" ")
}

/// One sentence of words, with an inline formula or a number now and then.
fn prose_sentence(rng: &mut ChaCha8Rng) -> String {
    let n = rng.random_range(6..16);
    let mut s = String::new();
    for i in 0..n {
        if i > 0 {
            s.push(' ');
        }
        match rng.random_range(0..12) {
            0 => s.push_str(INLINE[rng.random_range(0..INLINE.len())]),
            1 => s.push_str(&rng.random_range(2..2000).to_string()),
            _ => {
                let w = WORDS[rng.random_range(0..WORDS.len())];
                if i == 0 {
                    s.push_str(&w[..1].to_uppercase());
                    s.push_str(&w[1..]);
                } else {
                    s.push_str(w);
                }
            }
        }
    }
    // A sentence ends on a word or a number, not on a formula.
    s.push_str(if rng.random_bool(0.2) {
        " {in braces}."
    } else {
        "."
    });
    s
}
