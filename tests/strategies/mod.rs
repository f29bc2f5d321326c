//! Strategies for the property tests in `tests/properties.rs`.
//!
//! The realistic strategies build QA answers out of a pool of words that
//! exercises every step of SQuAD normalization: articles in several cases,
//! capitalized words, non-ASCII words (accents, `ß`, Greek with a final
//! sigma, Cyrillic, CJK), numbers (`3.14`, `1,000`, `-5`), ASCII punctuation
//! attached to words, Unicode punctuation, and the whitespace characters
//! Python's `str.split()` knows about (`\t`, `\n`, `\u{a0}`, `\u{3000}`,
//! `\u{1c}`). The robustness laws also use fully arbitrary strings.

#![allow(dead_code)]

use proptest::prelude::*;
use scorespec::score::qa::{MatchOptions, NormalizeOptions};
use serde_json::{Map, Value};

/// The articles normalization removes, in the cases answers use them.
pub const ARTICLES: &[&str] = &["a", "an", "the", "A", "An", "The", "THE", "AN"];

/// Ordinary lower-case English words, some with suffixes the stemmer strips.
pub const PLAIN_WORDS: &[&str] = &[
    "paris",
    "france",
    "capital",
    "of",
    "is",
    "city",
    "cities",
    "running",
    "run",
    "ran",
    "york",
    "new",
    "and",
    "or",
    "in",
    "river",
    "rivers",
    "relational",
    "generalization",
    "hopping",
    "happy",
    "theme",
    "anthem",
    "another",
    "there",
    "ties",
    "skies",
    "dying",
    "news",
    "agreed",
    "controlling",
    "electrical",
    "x",
    "b",
    "i",
    "s",
    "an_",
    "_a",
];

/// Capitalized and upper-case words.
pub const CAPITALIZED_WORDS: &[&str] = &[
    "Paris",
    "France",
    "London",
    "Washington",
    "D.C.",
    "NASA",
    "Einstein",
    "New",
    "York",
    "The_Beatles",
    "Mississippi",
    "USA",
    "Running",
    "CITIES",
];

/// Non-ASCII words: accents, a letter whose upper case is two letters,
/// Greek (with a final sigma), Cyrillic, CJK.
pub const UNICODE_WORDS: &[&str] = &[
    "café",
    "naïve",
    "Straße",
    "Ελλάδα",
    "ΣΟΦΟΣ",
    "σοφος",
    "Москва",
    "東京",
    "Ça",
    "İstanbul",
    "über",
    "niño",
    "ﬁne",
    "x²",
];

/// Numbers as answers write them.
pub const NUMBERS: &[&str] = &[
    "3.14", "1,000", "-5", "42", "0", "2024", "1.5e3", "-0.5", "100%", "$5", "1/2", "10-20",
];

/// ASCII punctuation (Python's `string.punctuation`) as it attaches to words.
pub const ASCII_PUNCTUATION: &[&str] = &[
    ".", ",", "!", "?", ";", ":", "'", "\"", "(", ")", "[", "]", "-", "--", "...", "'s", "/", "&",
    "#", "*", "@", "_", "`", "~", "{", "}", "<", ">", "|", "\\", "^", "+", "=", "%", "$",
];

/// Unicode punctuation (categories P*), which only `unicode_punctuation` removes.
pub const UNICODE_PUNCTUATION: &[&str] = &["“", "”", "«", "»", "—", "…", "‘", "’", "¿", "¡", "–"];

/// Whitespace that Python's `str.split()` splits on.
pub const WHITESPACE: &[&str] = &[
    " ", " ", " ", "\t", "\n", "\u{a0}", "\u{3000}", "\u{1c}", "\r\n",
];

fn pick(pool: &'static [&'static str]) -> impl Strategy<Value = String> + Clone {
    prop::sample::select(pool).prop_map(str::to_string)
}

/// One bare word from the pool (no punctuation attached).
pub fn word_strategy() -> impl Strategy<Value = String> + Clone {
    prop_oneof![
        2 => pick(ARTICLES),
        4 => pick(PLAIN_WORDS),
        2 => pick(CAPITALIZED_WORDS),
        2 => pick(UNICODE_WORDS),
        2 => pick(NUMBERS),
        1 => "[a-zA-Z]{1,8}",
    ]
}

/// ASCII or Unicode punctuation to attach to a word.
pub fn punctuation_strategy() -> impl Strategy<Value = String> + Clone {
    prop_oneof![3 => pick(ASCII_PUNCTUATION), 1 => pick(UNICODE_PUNCTUATION)]
}

/// A word with optional punctuation before and after it (`"Paris."`, `“the`).
pub fn punctuated_word_strategy() -> impl Strategy<Value = String> + Clone {
    (
        prop::option::weighted(0.2, punctuation_strategy()),
        word_strategy(),
        prop::option::weighted(0.3, punctuation_strategy()),
    )
        .prop_map(|(before, word, after)| {
            format!(
                "{}{word}{}",
                before.unwrap_or_default(),
                after.unwrap_or_default()
            )
        })
}

/// A run of one or two whitespace characters.
pub fn whitespace_strategy() -> impl Strategy<Value = String> + Clone {
    prop::collection::vec(pick(WHITESPACE), 1..=2).prop_map(|v| v.concat())
}

/// What goes between two words: mostly whitespace, sometimes nothing or a
/// joining punctuation mark (`New York-based`, `1/2`, `b,-5`).
pub fn separator_strategy() -> impl Strategy<Value = String> + Clone {
    prop_oneof![
        12 => whitespace_strategy(),
        1 => Just(String::new()),
        1 => punctuation_strategy(),
    ]
}

/// A realistic QA answer: up to eight words joined by separators, with
/// optional leading and trailing whitespace.
pub fn answer_strategy() -> impl Strategy<Value = String> + Clone {
    (
        prop::option::weighted(0.1, whitespace_strategy()),
        prop::collection::vec((punctuated_word_strategy(), separator_strategy()), 0..8),
        prop::option::weighted(0.1, whitespace_strategy()),
    )
        .prop_map(|(lead, words, trail)| {
            let mut s = lead.unwrap_or_default();
            let n = words.len();
            for (i, (w, sep)) in words.into_iter().enumerate() {
                s.push_str(&w);
                if i + 1 < n {
                    s.push_str(&sep);
                }
            }
            s.push_str(&trail.unwrap_or_default());
            s
        })
}

/// Fully arbitrary strings.
pub fn arbitrary_text_strategy() -> impl Strategy<Value = String> + Clone {
    any::<String>()
}

/// Realistic answers most of the time, arbitrary strings otherwise.
pub fn text_strategy() -> impl Strategy<Value = String> + Clone {
    prop_oneof![3 => answer_strategy(), 1 => arbitrary_text_strategy()]
}

/// A prediction and a reference that share some words, so that F1 is often
/// strictly between 0 and 1 and exact match sometimes holds.
pub fn qa_pair_strategy() -> impl Strategy<Value = (String, String)> + Clone {
    prop_oneof![
        // Independent texts.
        1 => (text_strategy(), text_strategy()),
        // The reference is the prediction with a few words dropped, in
        // another case, with other punctuation and whitespace.
        2 => prop::collection::vec(punctuated_word_strategy(), 1..8).prop_flat_map(|words| {
            let n = words.len();
            (
                Just(words.clone()),
                prop::sample::subsequence(words, 0..=n),
                whitespace_strategy(),
                any::<bool>(),
            )
                .prop_map(|(pred, refw, ws, upper)| {
                    let r = refw.join(&ws);
                    (pred.join(" "), if upper { r.to_uppercase() } else { r })
                })
        }),
        // Equal up to case.
        1 => answer_strategy().prop_map(|a| (a.clone(), a.to_uppercase())),
    ]
}

/// Zero to four references.
pub fn references_strategy() -> impl Strategy<Value = Vec<String>> + Clone {
    prop::collection::vec(text_strategy(), 0..5)
}

/// Any combination of match options, including the ones `check` rejects.
pub fn match_options_strategy() -> impl Strategy<Value = MatchOptions> + Clone {
    any::<(bool, bool, bool, bool)>().prop_map(
        |(normalize, stem, unicode_punctuation, keep_numbers)| MatchOptions {
            normalize,
            stem,
            unicode_punctuation,
            keep_numbers,
        },
    )
}

/// Match options with normalization on (the others free).
pub fn normalizing_match_options_strategy() -> impl Strategy<Value = MatchOptions> + Clone {
    match_options_strategy().prop_map(|o| MatchOptions {
        normalize: true,
        ..o
    })
}

/// Any combination of the seven normalization switches.
pub fn normalize_options_strategy() -> impl Strategy<Value = NormalizeOptions> + Clone {
    any::<[bool; 7]>().prop_map(|b| NormalizeOptions {
        lowercase: b[0],
        remove_articles: b[1],
        remove_punctuation: b[2],
        remove_extra_whitespace: b[3],
        stem: b[4],
        unicode_punctuation: b[5],
        keep_numbers: b[6],
    })
}

/// Text dense in the characters `keep_numbers` looks at: digits, `.`, `-`,
/// other punctuation, letters and whitespace, glued together.
pub fn number_text_strategy() -> impl Strategy<Value = String> + Clone {
    prop::collection::vec(
        prop_oneof![
            3 => pick(NUMBERS),
            2 => "[0-9]{1,3}",
            2 => prop::sample::select(&[".", "-", ",", "(", "“", "'", "–"][..]).prop_map(str::to_string),
            2 => pick(PLAIN_WORDS),
            1 => pick(ARTICLES),
            1 => whitespace_strategy(),
        ],
        0..10,
    )
    .prop_map(|v| v.concat())
}

/// ASCII words, in mixed case, many with English suffixes the Porter
/// stemmer handles.
pub fn ascii_word_strategy() -> impl Strategy<Value = String> + Clone {
    const SUFFIXES: &[&str] = &[
        "", "s", "es", "ies", "ied", "ed", "ing", "eed", "ational", "tional", "ization", "ness",
        "fulness", "alli", "logi", "ity", "ly", "ement", "ion", "ize", "ate", "er", "y", "e", "ll",
        "ss", "SSES", "ING", "Ed",
    ];
    prop_oneof![
        2 => "[A-Za-z]{0,14}",
        2 => (
            prop_oneof![pick(PLAIN_WORDS), pick(CAPITALIZED_WORDS), "[a-zA-Z]{1,6}"],
            prop::sample::select(SUFFIXES),
        )
            .prop_map(|(w, s)| format!("{w}{s}")),
        1 => prop::sample::select(&[
            "SKIES", "Skies", "Dying", "NEWS", "Innings", "Howe", "PROCEED", "Succeed", "AS", "By",
            "CRY", "Cried", "Ties", "Died",
        ][..])
            .prop_map(str::to_string),
    ]
}

/// Arbitrary JSON values: null, booleans, numbers, strings (realistic or
/// arbitrary), and nested arrays and objects.
pub fn json_value_strategy() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::from),
        any::<i64>().prop_map(Value::from),
        any::<f64>().prop_map(Value::from), // NaN and infinities become null
        text_strategy().prop_map(Value::from),
    ];
    leaf.prop_recursive(3, 24, 4, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..4).prop_map(Value::Array),
            prop::collection::vec((json_key_strategy(), inner), 0..4)
                .prop_map(|kv| Value::Object(kv.into_iter().collect())),
        ]
    })
}

/// Argument names: mostly those of the QA functions, sometimes unknown or
/// arbitrary ones.
pub fn json_key_strategy() -> impl Strategy<Value = String> {
    prop_oneof![
        6 => prop::sample::select(&[
            "prediction",
            "reference",
            "normalize",
            "stem",
            "unicode_punctuation",
            "keep_numbers",
        ][..])
            .prop_map(str::to_string),
        1 => prop::sample::select(&["text", "word", "stemm", "Prediction", "references", ""][..])
            .prop_map(str::to_string),
        1 => any::<String>(),
    ]
}

/// A value of the type a QA parameter expects, or anything else.
pub fn json_arg_value_strategy() -> impl Strategy<Value = Value> {
    prop_oneof![
        3 => text_strategy().prop_map(Value::from),
        2 => any::<bool>().prop_map(Value::from),
        2 => prop::collection::vec(text_strategy().prop_map(Value::from), 0..4).prop_map(Value::Array),
        2 => json_value_strategy(),
    ]
}

/// Arguments for a registry call: mostly objects with plausible keys and
/// values, sometimes a well-formed call, sometimes any JSON value at all.
pub fn registry_args_strategy() -> impl Strategy<Value = Value> {
    prop_oneof![
        4 => prop::collection::vec((json_key_strategy(), json_arg_value_strategy()), 0..7)
            .prop_map(|kv| Value::Object(kv.into_iter().collect::<Map<String, Value>>())),
        2 => (
            text_strategy(),
            prop_oneof![
                text_strategy().prop_map(Value::from),
                prop::collection::vec(text_strategy().prop_map(Value::from), 0..4).prop_map(Value::Array),
            ],
            prop::collection::vec(
                (
                    prop::sample::select(&["normalize", "stem", "unicode_punctuation", "keep_numbers"][..]),
                    any::<bool>(),
                ),
                0..4,
            ),
        )
            .prop_map(|(p, r, flags)| {
                let mut m = Map::new();
                m.insert("prediction".into(), Value::from(p));
                m.insert("reference".into(), r);
                for (k, b) in flags {
                    m.insert(k.into(), Value::from(b));
                }
                Value::Object(m)
            }),
        1 => json_value_strategy(),
    ]
}
