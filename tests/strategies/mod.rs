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
use proptest::sample::Index;
use scorespec::score::qa::{MatchOptions, NormalizeOptions};
use scorespec::score::reward::DATA_SOURCES;
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

// ------------------------------------------------------------ word puzzles
//
// Strategies for the puzzle laws (document 001): ground truths and model
// outputs for typos, connections and unscrambling, wrapped the ways models
// write them (`<solution>` blocks, `\boxed{…}`, `--- … ---`, `<think>` blocks,
// prose around), rows for the reward dispatch, and related sequences for the
// Levenshtein metric laws.

/// The answer tags the extractors look for, in lower case (they match them
/// ASCII case-insensitively).
pub const ANSWER_TAGS: &[&str] = &[
    "<solution>",
    "</solution>",
    "<think>",
    "</think>",
    "<plot_summary>",
    "</plot_summary>",
];

/// Whether `s` contains one of [`ANSWER_TAGS`], in any ASCII case.
pub fn has_answer_tag(s: &str) -> bool {
    let lower = s.to_ascii_lowercase();
    ANSWER_TAGS.iter().any(|t| lower.contains(t))
}

/// Words a typos puzzle asks to spell, some non-ASCII or with a space.
pub const TYPOS_WORDS: &[&str] = &[
    "extraordinary",
    "necessary",
    "accommodate",
    "rhythm",
    "hello",
    "a",
    "New York",
    "café",
    "naïve",
    "Straße",
    "ΣΟΦΟΣ",
    "東京",
    "x²",
    "don't",
];

/// Words of connections puzzles: mixed case, several words in one item,
/// punctuation, digits, non-ASCII letters (none contains a comma or a line
/// break, the list separators).
pub const CONNECTIONS_WORDS: &[&str] = &[
    "Apple",
    "banana",
    "PEAR",
    "grape",
    "Red",
    "blue",
    "GREEN",
    "yellow",
    "Mercury",
    "Venus",
    "Mars",
    "bass",
    "pike",
    "sole",
    "New York",
    "ice cream",
    "rock 'n' roll",
    "C++",
    "AT&T",
    "3-D",
    "42",
    "café",
    "Straße",
    "Ελλάδα",
    "ΣΟΦΟΣ",
    "Москва",
    "東京",
    "İstanbul",
    "ﬁne",
    "x²",
];

/// Plot sentences (no `.`): near duplicates (so that matching has close
/// calls), non-ASCII text, and sentences longer than 64 characters (the
/// bit-parallel distance handles at most 64).
pub const PLOT_SENTENCES: &[&str] = &[
    "The hero wakes up",
    "He fights the dragon",
    "He wins the gold",
    "He wins the golds",
    "The dragon wakes up",
    "She leaves the village",
    "A storm destroys the ship",
    "They marry!",
    "Why?",
    "Naïve Zoë meets the café owner",
    "Ελένη φεύγει από το σπίτι",
    "Москва горит",
    "東京に雨が降る",
    "After many years of wandering through the northern mountains the old knight returns home",
    "After many years of wandering through the southern mountains the old knight returns home",
    "In the end the whole village gathers by the river to celebrate the return of the hero",
];

/// Separators of a connections word list: each has a comma or a line break;
/// some make empty items (dropped) or surround words with whitespace.
pub const LIST_SEPARATORS: &[&str] = &[
    ",", ",", ", ", " , ", ",\n", "\n", "\r\n", ",,", ", ,\t", "\n\n",
];

/// Sentence separators of a plot (`.` with whitespace, or several dots).
pub const SENTENCE_SEPARATORS: &[&str] = &[". ", ". ", ".", ".\n", ". \t", " . ", "... ", ".\r\n"];

/// Whitespace to add around sentences: spaces, newlines, tabs.
pub const SENTENCE_PADDING: &[&str] = &["", "", " ", "  ", "\n", "\t", "\r\n", " \n\t"];

/// Fragments of prose that look like answer markup without being a tag the
/// extractors use (unless two of them happen to join into one).
pub const MARKUP_FRAGMENTS: &[&str] = &[
    "--- wrong ---",
    "\\boxed{wrong}",
    "<solution",
    "solution>",
    "</solution",
    "<think",
    "think>",
    "<SOLUTION >",
    "< /solution>",
    "<solution/>",
    "<PLOT_SUMMARY",
    "---",
    "\\boxed{",
    "}",
];

/// Prose a model writes around its answer: realistic text, arbitrary text,
/// and near-miss markup.
pub fn prose_strategy() -> impl Strategy<Value = String> + Clone {
    prop_oneof![
        3 => answer_strategy(),
        1 => arbitrary_text_strategy(),
        2 => prop::collection::vec(
            prop_oneof![2 => answer_strategy(), 1 => pick(MARKUP_FRAGMENTS)],
            0..5,
        )
            .prop_map(|v| v.join(" ")),
    ]
    .boxed()
}

/// Prose without any answer tag ([`has_answer_tag`] is false).
pub fn tag_free_prose_strategy() -> impl Strategy<Value = String> + Clone {
    prose_strategy()
        .prop_filter("contains an answer tag", |s| !has_answer_tag(s))
        .boxed()
}

/// One edit of a sequence: 0 inserts, 1 deletes, 2 substitutes, at a
/// position chosen by the index.
pub type Edit<T> = (u8, Index, T);

/// `v` with `edits` applied in turn (an edit that has no position to act
/// on, like a deletion from an empty sequence, does nothing).
pub fn apply_edits<T: Clone>(v: &[T], edits: &[Edit<T>]) -> Vec<T> {
    let mut out = v.to_vec();
    for (op, at, x) in edits {
        match op % 3 {
            0 => {
                let i = at.index(out.len() + 1);
                out.insert(i, x.clone());
            }
            _ if out.is_empty() => {}
            1 => {
                let i = at.index(out.len());
                out.remove(i);
            }
            _ => {
                let i = at.index(out.len());
                out[i] = x.clone();
            }
        }
    }
    out
}

fn edits_strategy<T: std::fmt::Debug + Clone + 'static>(
    elem: impl Strategy<Value = T> + Clone + 'static,
    max: usize,
) -> impl Strategy<Value = Vec<Edit<T>>> + Clone {
    prop::collection::vec((0u8..3, any::<Index>(), elem), 0..=max)
}

/// `s` with a few character edits (a misspelling).
pub fn misspelled_strategy(s: String) -> impl Strategy<Value = String> + Clone {
    edits_strategy(
        prop_oneof![3 => prop::char::range('a', 'z'), 1 => any::<char>()],
        3,
    )
    .prop_map(move |e| {
        apply_edits(&s.chars().collect::<Vec<_>>(), &e)
            .into_iter()
            .collect()
    })
}

/// A typos ground truth: a word from the pool, a random word, or anything.
pub fn typos_truth_strategy() -> impl Strategy<Value = String> + Clone {
    prop_oneof![
        4 => pick(TYPOS_WORDS),
        2 => "[a-zA-Z]{1,12}",
        1 => arbitrary_text_strategy(),
    ]
}

/// `body` as a model's output: in a `<tag>` block (its last one counts),
/// bare, with prose around, after a `<think>` block, in a `--- … ---` span, in
/// a `\boxed{…}`, with the tag in upper case, or lost in an unclosed
/// `<think>`.
pub fn wrapped_strategy(body: String, tag: &'static str) -> impl Strategy<Value = String> + Clone {
    let block = format!("<{tag}>{body}</{tag}>");
    let upper = format!("<{}>{body}</{}>", tag.to_uppercase(), tag.to_uppercase());
    let (b1, b2, b3) = (block.clone(), block.clone(), block.clone());
    prop_oneof![
        4 => Just(block.clone()),
        2 => Just(body.clone()),
        3 => (prose_strategy(), prose_strategy())
            .prop_map(move |(before, after)| format!("{before}\n{b1}\n{after}")),
        1 => prose_strategy().prop_map(move |t| format!("<think>{t} <{tag}>{t}</{tag}></think>\n{b2}")),
        1 => prose_strategy().prop_map(move |t| format!("<{tag}>{t}</{tag}> on second thought {b3}")),
        1 => Just(format!("The answer is --- {body} --- done")),
        1 => Just(format!("so \\boxed{{{body}}}")),
        1 => Just(upper),
        1 => Just(format!("{block} <think>never closed")),
        1 => Just(format!("<think>never closed {block}")),
    ]
.boxed()
}

/// A typos ground truth and a model output: right, misspelled, another word
/// or anything, wrapped in any way.
pub fn typos_pair_strategy() -> impl Strategy<Value = (String, String)> + Clone {
    typos_truth_strategy()
        .prop_flat_map(|truth| {
            let answer = prop_oneof![
                3 => Just(truth.clone()),
                2 => misspelled_strategy(truth.clone()),
                1 => typos_truth_strategy(),
                1 => Just(truth.to_uppercase()),
            ];
            (
                Just(truth),
                answer.prop_flat_map(|a| wrapped_strategy(a, "solution")),
            )
        })
        .boxed()
}

/// A connections word.
pub fn connections_word_strategy() -> impl Strategy<Value = String> + Clone {
    prop_oneof![4 => pick(CONNECTIONS_WORDS), 1 => "[a-zA-Z]{1,8}"]
}

/// One to five groups of four words (words may repeat, within a group or
/// across groups).
pub fn connections_groups_strategy() -> impl Strategy<Value = Vec<Vec<String>>> + Clone {
    prop::collection::vec(prop::collection::vec(connections_word_strategy(), 4), 1..=5)
}

/// Separators for a word list (used cyclically), never empty.
pub fn list_separators_strategy() -> impl Strategy<Value = Vec<String>> + Clone {
    prop::collection::vec(pick(LIST_SEPARATORS), 1..4)
}

/// `words` joined by `seps` (cycled).
pub fn join_cycled(words: &[String], seps: &[String]) -> String {
    let mut s = String::new();
    for (i, w) in words.iter().enumerate() {
        if i > 0 {
            s.push_str(&seps[(i - 1) % seps.len()]);
        }
        s.push_str(w);
    }
    s
}

/// Groups, and the same groups in another order, each group's words in
/// another order.
pub fn permuted_groups_strategy()
-> impl Strategy<Value = (Vec<Vec<String>>, Vec<Vec<String>>)> + Clone {
    connections_groups_strategy()
        .prop_flat_map(|groups| {
            let shuffled = Just(groups.clone()).prop_shuffle().prop_flat_map(|gs| {
                gs.into_iter()
                    .map(|g| Just(g).prop_shuffle())
                    .collect::<Vec<_>>()
            });
            (Just(groups), shuffled)
        })
        .boxed()
}

/// A connections ground truth (a word list, its length not always a
/// multiple of four, sometimes with leading or trailing separators) and a
/// model output: the groups reordered, the words shuffled, some replaced or
/// dropped, or anything, wrapped in any way.
pub fn connections_pair_strategy() -> impl Strategy<Value = (String, String)> + Clone {
    (
        permuted_groups_strategy(),
        0usize..4,
        list_separators_strategy(),
        list_separators_strategy(),
        any::<bool>(),
    )
        .prop_flat_map(|((groups, permuted), cut, seps, answer_seps, edge)| {
            let mut words: Vec<String> = groups.concat();
            // Sometimes a partial last group.
            words.truncate(words.len() - cut.min(words.len() - 1));
            let mut truth = join_cycled(&words, &seps);
            if edge {
                truth = format!("{}{truth}{}", seps[0], seps[seps.len() - 1]);
            }
            let permuted: Vec<String> = permuted.concat();
            let n = permuted.len();
            let answer_words = prop_oneof![
                3 => Just(permuted.clone()),
                2 => Just(permuted.clone()).prop_shuffle(),
                2 => prop::collection::vec((any::<Index>(), connections_word_strategy()), 1..4)
                    .prop_map(move |subs| {
                        let mut w = permuted.clone();
                        for (i, x) in subs {
                            w[i.index(n)] = x;
                        }
                        w
                    }),
                1 => prop::sample::subsequence(words.clone(), 0..=words.len()),
                1 => prop::collection::vec(connections_word_strategy(), 0..20),
            ];
            let output = (answer_words, Just(answer_seps))
                .prop_map(|(w, s)| join_cycled(&w, &s))
                .prop_flat_map(|body| {
                    prop_oneof![
                        6 => wrapped_strategy(body, "solution"),
                        1 => arbitrary_text_strategy(),
                    ]
                });
            (Just(truth), output)
        })
        .boxed()
}

/// A plot sentence (without `.`).
pub fn plot_sentence_strategy() -> impl Strategy<Value = String> + Clone {
    prop_oneof![5 => pick(PLOT_SENTENCES), 1 => "[A-Za-z ]{1,20}", 1 => "[a-z]{60,70}"]
}

/// Sentences joined into a plot by `seps` (cycled), with a final `.` or not.
pub fn plot_text(sentences: &[String], seps: &[String], final_dot: bool) -> String {
    let mut s = join_cycled(sentences, seps);
    if final_dot && !sentences.is_empty() {
        s.push('.');
    }
    s
}

fn sentence_separators_strategy() -> impl Strategy<Value = Vec<String>> + Clone {
    prop::collection::vec(pick(SENTENCE_SEPARATORS), 1..4)
}

/// A plot's sentences (zero to eight, repeats possible) and its text.
pub fn plot_strategy() -> impl Strategy<Value = (Vec<String>, String)> + Clone {
    (
        prop::collection::vec(plot_sentence_strategy(), 0..8),
        sentence_separators_strategy(),
        any::<bool>(),
    )
        .prop_map(|(s, seps, dot)| {
            let text = plot_text(&s, &seps, dot);
            (s, text)
        })
        .boxed()
}

/// A plot of one to eight distinct sentences of the pool, in any order.
pub fn distinct_plot_strategy() -> impl Strategy<Value = String> + Clone {
    (
        prop::sample::subsequence(PLOT_SENTENCES, 1..=8).prop_shuffle(),
        sentence_separators_strategy(),
        any::<bool>(),
    )
        .prop_map(|(s, seps, dot)| {
            let s: Vec<String> = s.into_iter().map(str::to_string).collect();
            plot_text(&s, &seps, dot)
        })
}

/// An unscrambling ground truth and a model output: the sentences in order,
/// shuffled, some dropped, repeated, misspelled or replaced, or anything,
/// wrapped in any way.
pub fn unscrambling_pair_strategy() -> impl Strategy<Value = (String, String)> + Clone {
    plot_strategy().prop_flat_map(|(sentences, truth)| {
        let n = sentences.len();
        let s1 = sentences.clone();
        let s2 = sentences.clone();
        let answer = prop_oneof![
            2 => Just(sentences.clone()),
            3 => Just(sentences.clone()).prop_shuffle(),
            2 => prop::sample::subsequence(sentences.clone(), 0..=n).prop_shuffle(),
            1 => prop::collection::vec((any::<Index>(), any::<Index>()), 1..4).prop_map(move |moves| {
                // Sentences copied over others.
                let mut s = s1.clone();
                if !s.is_empty() {
                    for (i, j) in moves {
                        let x = s[i.index(n)].clone();
                        let j = j.index(n);
                        s[j] = x;
                    }
                }
                s
            }),
            2 => prop::collection::vec(
                (any::<Index>(), prop::collection::vec((0u8..3, any::<Index>(), prop::char::range('a', 'z')), 1..4)),
                1..4,
            )
            .prop_map(move |edits| {
                // Misspelled sentences.
                let mut s = s2.clone();
                if !s.is_empty() {
                    for (i, e) in edits {
                        let i = i.index(n);
                        s[i] = apply_edits(&s[i].chars().collect::<Vec<_>>(), &e).into_iter().collect();
                    }
                }
                s
            }),
            1 => prop::collection::vec(plot_sentence_strategy(), 0..8),
        ];
        let output = (answer, sentence_separators_strategy(), any::<bool>())
            .prop_map(|(s, seps, dot)| plot_text(&s, &seps, dot))
            .prop_flat_map(|body| {
                prop_oneof![
                    6 => wrapped_strategy(body, "PLOT_SUMMARY"),
                    1 => arbitrary_text_strategy(),
                ]
            });
        (Just(truth), output)
    })
.boxed()
}

/// Whitespace pads (before, after) for sentences, used cyclically.
pub fn sentence_pads_strategy() -> impl Strategy<Value = Vec<(String, String)>> + Clone {
    prop::collection::vec((pick(SENTENCE_PADDING), pick(SENTENCE_PADDING)), 1..5)
}

/// A row for the reward dispatch: `(data_source, label, model_output)`,
/// mostly a known source with a realistic pair, sometimes another source or
/// a known source with arbitrary texts.
pub fn reward_row_strategy() -> impl Strategy<Value = (String, String, String)> + Clone {
    prop_oneof![
        2 => typos_pair_strategy().prop_map(|(l, o)| ("typos".to_string(), l, o)),
        2 => connections_pair_strategy().prop_map(|(l, o)| ("connections".to_string(), l, o)),
        2 => unscrambling_pair_strategy().prop_map(|(l, o)| ("unscrambling".to_string(), l, o)),
        2 => (pick(DATA_SOURCES), arbitrary_text_strategy(), arbitrary_text_strategy()),
        1 => (
            prop_oneof![
                prop::sample::select(&["sudoku", "Typos", " typos", "", "qa"][..]).prop_map(str::to_string),
                any::<String>(),
            ],
            text_strategy(),
            text_strategy(),
        ),
    ]
.boxed()
}

/// Argument names for `reward.score`: mostly its own, sometimes others.
pub fn reward_key_strategy() -> impl Strategy<Value = String> {
    prop_oneof![
        6 => prop::sample::select(&["data_source", "model_output", "extra_info"][..])
            .prop_map(str::to_string),
        1 => prop::sample::select(&["label", "output", "ground_truth", "Data_source", ""][..])
            .prop_map(str::to_string),
        1 => any::<String>(),
    ]
}

/// A value for a `reward.score` argument: a source name, a text, an
/// `extra_info` object with a string label or another label, or anything.
pub fn reward_arg_value_strategy() -> impl Strategy<Value = Value> {
    prop_oneof![
        2 => pick(DATA_SOURCES).prop_map(Value::from),
        2 => text_strategy().prop_map(Value::from),
        2 => text_strategy().prop_map(|l| {
            let mut m = Map::new();
            m.insert("label".into(), Value::from(l));
            Value::Object(m)
        }),
        1 => prop::collection::vec((prop_oneof![Just("label".to_string()), json_key_strategy()], json_value_strategy()), 0..3)
            .prop_map(|kv| Value::Object(kv.into_iter().collect())),
        2 => json_value_strategy(),
    ]
.boxed()
}

/// Arguments for `reward.score`: mostly well-formed rows (sometimes with an
/// extra key in `extra_info`), objects with plausible keys and values, or any
/// JSON value.
pub fn reward_args_strategy() -> impl Strategy<Value = Value> {
    prop_oneof![
        4 => (reward_row_strategy(), prop::option::weighted(0.2, (json_key_strategy(), json_value_strategy())))
            .prop_map(|((source, label, output), extra)| {
                let mut info = Map::new();
                if let Some((k, v)) = extra {
                    info.insert(k, v);
                }
                info.insert("label".into(), Value::from(label));
                let mut m = Map::new();
                m.insert("data_source".into(), Value::from(source));
                m.insert("model_output".into(), Value::from(output));
                m.insert("extra_info".into(), Value::Object(info));
                Value::Object(m)
            }),
        3 => prop::collection::vec((reward_key_strategy(), reward_arg_value_strategy()), 0..5)
            .prop_map(|kv| Value::Object(kv.into_iter().collect::<Map<String, Value>>())),
        1 => json_value_strategy(),
    ]
.boxed()
}

/// An element of a string for the Levenshtein laws: mostly from a small
/// alphabet (so that strings share characters), with multi-byte characters.
pub fn lev_char_strategy() -> impl Strategy<Value = char> + Clone {
    prop_oneof![
        4 => prop::sample::select(&['a', 'b', 'c'][..]),
        2 => prop::sample::select(&['é', 'e', '東', '😀', 'Σ', 'ς', ' ', '\u{0}', '\u{301}'][..]),
        1 => any::<char>(),
    ]
}

/// An element of an integer sequence for the Levenshtein laws.
pub fn lev_int_strategy() -> impl Strategy<Value = i64> + Clone {
    prop_oneof![4 => 0i64..4, 1 => any::<i64>()]
}

/// Three related sequences: `b` an edit of `a` (or `a` itself, or
/// independent), `c` an edit of `a` or of `b` (or independent).
pub fn lev_triple_strategy<T, S>(
    elem: S,
    max_len: usize,
) -> impl Strategy<Value = (Vec<T>, Vec<T>, Vec<T>)>
where
    T: std::fmt::Debug + Clone + 'static,
    S: Strategy<Value = T> + Clone + 'static,
{
    (
        prop::collection::vec(elem.clone(), 0..=max_len),
        prop::collection::vec(elem.clone(), 0..=max_len),
        edits_strategy(elem.clone(), 4),
        edits_strategy(elem, 4),
        0u8..4,
        0u8..4,
    )
        .prop_map(|(a, other, e1, e2, kb, kc)| {
            let b = match kb {
                0 => a.clone(),
                1 => other.clone(),
                _ => apply_edits(&a, &e1),
            };
            let c = match kc {
                0 => other,
                1 => apply_edits(&a, &e2),
                _ => apply_edits(&b, &e2),
            };
            (a, b, c)
        })
        .boxed()
}

/// Three related strings (see [`lev_triple_strategy`]).
pub fn lev_string_triple_strategy() -> impl Strategy<Value = (String, String, String)> {
    lev_triple_strategy(lev_char_strategy(), 16).prop_map(|(a, b, c)| {
        (
            a.into_iter().collect(),
            b.into_iter().collect(),
            c.into_iter().collect(),
        )
    })
}

/// Three related integer sequences (see [`lev_triple_strategy`]).
pub fn lev_int_triple_strategy() -> impl Strategy<Value = (Vec<i64>, Vec<i64>, Vec<i64>)> {
    lev_triple_strategy(lev_int_strategy(), 16)
}

/// A pattern and a text for the bit-parallel distance: up to 100
/// characters, often near the 64-character limit of one machine word, the
/// text often an edit of the pattern.
pub fn pattern_pair_strategy() -> impl Strategy<Value = (String, String)> {
    let len = prop_oneof![2 => 0usize..=100, 2 => 60usize..=68, 1 => Just(64usize)];
    let chars = prop_oneof![3 => lev_char_strategy(), 1 => any::<char>()];
    (len, 0usize..=100)
        .prop_flat_map(move |(n, m)| {
            (
                prop::collection::vec(chars.clone(), n),
                prop::collection::vec(chars.clone(), m),
                edits_strategy(chars.clone(), 8),
                0u8..3,
            )
        })
        .prop_map(|(a, other, edits, k)| {
            let b = match k {
                0 => other,
                _ => apply_edits(&a, &edits),
            };
            (a.into_iter().collect(), b.into_iter().collect())
        })
        .boxed()
}

/// A sentence for matching with many ties: a few characters from a tiny
/// alphabet (letters in both cases, which the matching's letter histogram
/// merges), near the 64-character limit, or a long run of one letter (past
/// the histogram's 255 saturation).
pub fn tie_sentence_strategy() -> impl Strategy<Value = String> + Clone {
    prop_oneof![
        6 => "[abAé ]{1,6}",
        2 => "[ab]{60,70}",
        1 => "a{250,270}[ab]{0,2}",
    ]
    .boxed()
}

/// Ground-truth and answer sentences for matching with many ties.
pub fn tie_sentences_strategy() -> impl Strategy<Value = (Vec<String>, Vec<String>)> + Clone {
    (
        prop::collection::vec(tie_sentence_strategy(), 1..6),
        prop::collection::vec(tie_sentence_strategy(), 1..10),
    )
        .boxed()
}

// ------------------------------------------------------ expression engine

use num_bigint::BigInt;
use scorespec::expr::ast::{Integral, Rational};
use scorespec::expr::{Constant, Expr, Func, Interval, RelOp};

/// The symbols of the scalar expression strategies.
pub const EXPR_SYMBOLS: &[&str] = &["x", "y", "z"];

/// An exact number as answers write them: a small integer, a fraction or a
/// decimal (`0.125` is the exact `1/8`).
pub fn expr_number_strategy() -> impl Strategy<Value = Expr> + Clone {
    prop_oneof![
        4 => (-6i64..=6).prop_map(Expr::int),
        2 => (-20i64..=20, 2i64..=12).prop_map(|(p, q)| Expr::ratio(p, q)),
        1 => (-9999i64..=9999, 1u32..=3).prop_map(|(n, d)| Expr::ratio(n, 10i64.pow(d))),
    ]
}

/// A leaf of a scalar expression: a number, `x`, `y`, `z`, `π` or `e`.
pub fn expr_leaf_strategy() -> impl Strategy<Value = Expr> + Clone {
    prop_oneof![
        3 => expr_number_strategy(),
        4 => prop::sample::select(EXPR_SYMBOLS).prop_map(Expr::sym),
        1 => Just(Expr::Constant(Constant::Pi)),
        1 => Just(Expr::Constant(Constant::E)),
    ]
}

/// The fractional exponents of [`expr_exponent_strategy`], as `(p, q)`.
pub const FRACTIONAL_EXPONENTS: &[(i64, i64)] =
    &[(1, 2), (-1, 2), (1, 3), (2, 3), (3, 2), (-1, 3), (5, 2)];

/// A small exponent: an integer in `-3..=4` or a simple fraction.
pub fn expr_exponent_strategy() -> impl Strategy<Value = Expr> + Clone {
    prop_oneof![
        3 => (-3i64..=4).prop_map(Expr::int),
        2 => prop::sample::select(FRACTIONAL_EXPONENTS).prop_map(|(p, q)| Expr::ratio(p, q)),
    ]
}

/// A random scalar expression tree (not canonical): numbers, `x y z`, `π`,
/// `e`, sums and products of two to four operands, powers with small integer
/// or fractional exponents, `sin cos exp log sqrt Abs`. At most 5 levels deep
/// (a leaf is one level); 9 nodes in the median, about 50 at most.
pub fn expr_strategy() -> BoxedStrategy<Expr> {
    expr_leaf_strategy()
        .prop_recursive(4, 40, 2, |inner| {
            prop_oneof![
                3 => prop::collection::vec(inner.clone(), 2..=4).prop_map(Expr::Add),
                3 => prop::collection::vec(inner.clone(), 2..=4).prop_map(Expr::Mul),
                2 => (inner.clone(), expr_exponent_strategy()).prop_map(|(b, x)| Expr::pow(b, x)),
                1 => inner.clone().prop_map(|a| Expr::func(Func::Sin, a)),
                1 => inner.clone().prop_map(|a| Expr::func(Func::Cos, a)),
                1 => inner.clone().prop_map(Expr::exp),
                1 => inner.clone().prop_map(|a| Expr::func(Func::Log, a)),
                1 => inner.clone().prop_map(Expr::sqrt),
                1 => inner.prop_map(|a| Expr::func(Func::Abs, a)),
            ]
        })
        .boxed()
}

/// The depth of a tree (a leaf is 1), iteratively.
pub fn expr_depth(e: &Expr) -> usize {
    let mut max = 0;
    let mut stack = vec![(e, 1)];
    while let Some((e, d)) = stack.pop() {
        max = max.max(d);
        stack.extend(e.children().into_iter().map(|c| (c, d + 1)));
    }
    max
}

/// `e` with every symbol `from` renamed `to`.
pub fn rename_symbol(e: &Expr, from: &str, to: &str) -> Expr {
    match e {
        Expr::Symbol(s) if s == from => Expr::sym(to),
        Expr::Add(v) => Expr::Add(v.iter().map(|t| rename_symbol(t, from, to)).collect()),
        Expr::Mul(v) => Expr::Mul(v.iter().map(|t| rename_symbol(t, from, to)).collect()),
        Expr::Pow(b, x) => Expr::pow(rename_symbol(b, from, to), rename_symbol(x, from, to)),
        Expr::Func(f, v) => Expr::Func(
            f.clone(),
            v.iter().map(|t| rename_symbol(t, from, to)).collect(),
        ),
        other => other.clone(),
    }
}

/// A small change of `e`: `e + 1`, `2e`, `e` with a symbol renamed, `e²`,
/// `-e`, `e + x`, or `e` itself.
pub fn perturbed_strategy(e: Expr) -> impl Strategy<Value = Expr> + Clone {
    let (a, b, c, d, f, g, h) = (
        e.clone(),
        e.clone(),
        e.clone(),
        e.clone(),
        e.clone(),
        e.clone(),
        e,
    );
    prop_oneof![
        Just(Expr::Add(vec![a, Expr::int(1)])),
        Just(Expr::Mul(vec![Expr::int(2), b])),
        (
            prop::sample::select(EXPR_SYMBOLS),
            prop::sample::select(&["x", "y", "z", "w"][..])
        )
            .prop_map(move |(from, to)| rename_symbol(&c, from, to)),
        Just(Expr::pow(d, Expr::int(2))),
        Just(Expr::neg(f)),
        Just(Expr::Add(vec![g, Expr::sym("x")])),
        Just(h),
    ]
}

/// A scalar expression and a small change of it.
pub fn expr_pair_strategy() -> BoxedStrategy<(Expr, Expr)> {
    expr_strategy()
        .prop_flat_map(|e| (Just(e.clone()), perturbed_strategy(e)))
        .boxed()
}

/// A polynomial in `x y z` given as monomials `(coefficient, [ex, ey, ez])`
/// with integer coefficients in `-5..=5` (non-zero) and exponents `0..=3`,
/// and a power `k` in `1..=4`: the law compares `(Σ monomials)^k` with its
/// expansion.
pub fn polynomial_power_strategy() -> impl Strategy<Value = (Vec<(i64, [u32; 3])>, u32)> + Clone {
    let coeff = prop_oneof![-5i64..=-1, 1i64..=5];
    let monomial = (coeff, [0u32..=3, 0u32..=3, 0u32..=3]);
    (prop::collection::vec(monomial, 1..=4), 1u32..=4)
}

/// Every function of the tree, with `Named` for an unknown one.
pub const ALL_FUNC_NAMES: &[&str] = &[
    "sin",
    "cos",
    "tan",
    "cot",
    "sec",
    "csc",
    "asin",
    "acos",
    "atan",
    "acot",
    "asec",
    "acsc",
    "sinh",
    "cosh",
    "tanh",
    "coth",
    "sech",
    "csch",
    "asinh",
    "acosh",
    "atanh",
    "log",
    "Abs",
    "floor",
    "ceiling",
    "factorial",
    "binomial",
    "sign",
    "Max",
    "Min",
    "f",
];

fn any_func_strategy() -> impl Strategy<Value = Func> + Clone {
    prop::sample::select(ALL_FUNC_NAMES)
        .prop_map(|n| Func::from_name(n).unwrap_or_else(|| Func::Named(n.to_string())))
}

/// Any exact number, including huge and tiny ones.
fn any_number_strategy() -> impl Strategy<Value = Expr> + Clone {
    prop_oneof![
        4 => expr_number_strategy(),
        1 => (any::<i64>(), 1i64..=i64::MAX).prop_map(|(p, q)| Expr::ratio(p, q)),
        1 => (-1i64..=1, 0u32..=400, any::<bool>()).prop_map(|(s, k, inv)| {
            let big = Rational::from_integer(BigInt::from(10).pow(k) * s);
            Expr::Number(if inv && s != 0 { big.recip() } else { big })
        }),
    ]
}

fn any_leaf_strategy() -> impl Strategy<Value = Expr> + Clone {
    prop_oneof![
        4 => any_number_strategy(),
        3 => prop::sample::select(&["x", "y", "z", "e", "i", "d", "alpha", "x_1"][..])
            .prop_map(Expr::sym),
        2 => prop::sample::select(&[
            Constant::Pi, Constant::E, Constant::I, Constant::Infinity, Constant::Undefined,
        ][..]).prop_map(Expr::Constant),
        1 => prop::sample::select(&["word", "", "42"][..]).prop_map(|s| Expr::Text(s.to_string())),
    ]
}

fn any_relop_strategy() -> impl Strategy<Value = RelOp> + Clone {
    prop::sample::select(
        &[
            RelOp::Eq,
            RelOp::Ne,
            RelOp::Lt,
            RelOp::Le,
            RelOp::Gt,
            RelOp::Ge,
        ][..],
    )
}

/// Any tree at all: every node kind, functions with any number of arguments
/// (also the wrong one), empty sums, ragged matrices, relations whose
/// operators do not match their sides, huge numbers, `∞` and undefined.
pub fn arbitrary_expr_strategy() -> BoxedStrategy<Expr> {
    any_leaf_strategy()
        .prop_recursive(6, 48, 4, |inner| {
            let v = |r: std::ops::RangeInclusive<usize>| prop::collection::vec(inner.clone(), r);
            prop_oneof![
                4 => v(0..=4).prop_map(Expr::Add),
                4 => v(0..=4).prop_map(Expr::Mul),
                4 => (inner.clone(), inner.clone()).prop_map(|(b, x)| Expr::pow(b, x)),
                4 => (any_func_strategy(), v(0..=3)).prop_map(|(f, a)| Expr::Func(f, a)),
                1 => (v(0..=3), prop::collection::vec(any_relop_strategy(), 0..=3))
                    .prop_map(|(s, o)| Expr::Relation(s, o)),
                1 => (inner.clone(), inner.clone())
                    .prop_map(|(a, b)| Expr::PlusMinus(Box::new(a), Box::new(b))),
                1 => v(0..=3).prop_map(Expr::Tuple),
                1 => v(0..=3).prop_map(Expr::Set),
                1 => (inner.clone(), inner.clone(), any::<bool>(), any::<bool>()).prop_map(
                    |(lo, hi, lo_closed, hi_closed)| {
                        Expr::Interval(Box::new(Interval { lo, hi, lo_closed, hi_closed }))
                    }
                ),
                1 => v(0..=3).prop_map(Expr::Union),
                1 => v(0..=3).prop_map(Expr::Intersection),
                1 => prop::collection::vec(v(0..=2), 0..=2).prop_map(Expr::Matrix),
                1 => inner.clone().prop_map(|a| Expr::Percent(Box::new(a))),
                1 => inner.clone().prop_map(|a| Expr::Degrees(Box::new(a))),
                1 => (inner.clone(), prop::option::of((inner.clone(), inner))).prop_map(
                    |(integrand, bounds)| {
                        let var = "x".to_string();
                        Expr::Integral(Box::new(Integral { integrand, var, bounds }))
                    }
                ),
            ]
        })
        .boxed()
}

/// A deep tree: a chain of 150 to 520 unary wrappers (function, negation,
/// power, `+ 1`, percent…) around a small tree, so that it crosses the
/// canonicalizer's depth bound (200) and the evaluator's (500).
pub fn deep_expr_strategy() -> BoxedStrategy<Expr> {
    (
        arbitrary_expr_strategy(),
        prop::collection::vec(0u8..8, 150..=520),
    )
        .prop_map(|(core, wraps)| {
            wraps.into_iter().fold(core, |e, w| match w {
                0 => Expr::func(Func::Sin, e),
                1 => Expr::neg(e),
                2 => Expr::pow(e, Expr::int(2)),
                3 => Expr::Add(vec![e, Expr::int(1)]),
                4 => Expr::sqrt(e),
                5 => Expr::exp(e),
                6 => Expr::Percent(Box::new(e)),
                _ => Expr::Func(Func::Log, vec![e, Expr::int(2)]),
            })
        })
        .boxed()
}

// ------------------------------------------------------------- physics

/// Pieces of physics answers: numbers in every form step 1 and the quantity
/// parser read (and some they must refuse), symbols, units, operators and
/// prose words.
pub const PHYSICS_PIECES: &[&str] = &[
    "500",
    "2/3",
    "-10",
    "9.8",
    "1,234",
    "1,2",
    "1.5e3",
    "0.5",
    "10^{4}",
    "-10^4",
    r"\frac{1}{2}",
    r"\frac{2}{3}",
    "0x10",
    "5th",
    "nan",
    "inf",
    "1e999",
    r"1.5 \times 10^{3}",
    "3/2^2",
    "**(2+3)",
    "x",
    "F",
    "m",
    "a",
    "B",
    "E",
    "c",
    "e",
    "i",
    "y",
    "m/s^2",
    r"\mathrm{A}/\mathrm{s}",
    "kg",
    r"\text{ meters per second}",
    r"\text{hello}",
    r"\mathrm{~A}",
    "s^{-2}",
    r"\frac{\mathrm{kg}}{\mathrm{m}^3}",
    " + ",
    " = ",
    "=",
    "/",
    "^",
    " ",
    r"\cdot ",
    ",",
    "-",
    "(",
    ")",
    "{",
    "}",
    r"\,",
    r"\;",
    "from",
    "to",
    "hello",
    r"\sin",
    r"\sqrt{2}",
    r"\infty",
    "$",
    r"\$",
    "\u{a0}",
    "−",
];

/// An answer built from [`PHYSICS_PIECES`], optionally wrapped in one of
/// the document's delimiters or commands and padded with whitespace.
pub fn physics_answer_strategy() -> impl Strategy<Value = String> + Clone {
    let wrappers: &[(&str, &str)] = &[
        ("", ""),
        ("$", "$"),
        ("$$", "$$"),
        (r"\[", r"\]"),
        (r"\(", r"\)"),
        (r"\boxed{", "}"),
        (r"\text{", "}"),
        (r"\mathrm{", "}"),
        (r"$\boxed{", "}$"),
        ("from $", "$ to $A$"),
    ];
    (
        prop::collection::vec(prop::sample::select(PHYSICS_PIECES), 1..7),
        prop::sample::select(wrappers),
        prop::sample::select(&["", " ", "  \n", "\u{3000}"][..]),
    )
        .prop_map(|(pieces, (open, close), pad)| {
            format!("{pad}{open}{}{close}{pad}", pieces.concat())
        })
}

/// Any answer: built from physics pieces, or arbitrary text.
pub fn any_physics_answer_strategy() -> impl Strategy<Value = String> + Clone {
    prop_oneof![
        3 => physics_answer_strategy(),
        1 => arbitrary_text_strategy(),
    ]
}

/// An integer written with proper thousands groups (`,`, a space or `{,}`)
/// or none, with its value.
pub fn grouped_integer_strategy() -> impl Strategy<Value = (String, i64)> + Clone {
    (
        -999_999_999_999i64..=999_999_999_999,
        prop::sample::select(&["", ",", " ", "{,}"][..]),
    )
        .prop_map(|(n, sep)| {
            let digits = n.unsigned_abs().to_string();
            let mut groups = Vec::new();
            let mut end = digits.len();
            while end > 0 {
                let start = end.saturating_sub(3);
                groups.push(&digits[start..end]);
                end = start;
            }
            groups.reverse();
            let sign = if n < 0 { "-" } else { "" };
            (format!("{sign}{}", groups.join(sep)), n)
        })
}

// ---------------------------------------------------------------- fredholm metrics (Part 8)

/// Tokens of solution strings in the three formats: symbols, numbers,
/// function names, LaTeX commands, operators (`**` included), brackets.
pub const MATH_TOKENS: &[&str] = &[
    "x",
    "t",
    "y",
    "1",
    "2",
    "3",
    "0.5",
    "797089.48628811292",
    "pi",
    "C",
    "c_1",
    "sin",
    "cos",
    "exp",
    "log",
    "sqrt",
    "neg",
    r"\sin",
    r"\frac",
    r"\cdot",
    r"\pi",
    "é",
    "λ",
    "+",
    "-",
    "*",
    "**",
    "/",
    "^",
    "(",
    ")",
    "[",
    "]",
    "{",
    "}",
    "=",
    ",",
];

/// A math token (see [`MATH_TOKENS`]).
pub fn math_token_strategy() -> impl Strategy<Value = String> + Clone {
    prop::sample::select(MATH_TOKENS).prop_map(String::from)
}

/// A solution string: 0 to 24 math tokens, each pair separated by one of
/// `" "`, `"\t"`, `"\n"`, `"\u{a0}"`, `"\u{3000}"` (the separators of
/// Python's `str.split()`), so that its `math_tokens` are exactly the tokens
/// chosen.
pub fn math_string_strategy() -> impl Strategy<Value = String> + Clone {
    prop::collection::vec(
        (
            math_token_strategy(),
            prop::sample::select(&[" ", "\t", "\n", "\u{a0}", "\u{3000}"][..]),
        ),
        0..=24,
    )
    .prop_map(|v| v.into_iter().map(|(t, sep)| t + sep).collect())
}

/// A solution string of at least 4 math tokens.
pub fn long_math_string_strategy() -> impl Strategy<Value = String> + Clone {
    (
        prop::collection::vec(math_token_strategy(), 4..=24),
        prop::sample::select(&[" ", "\u{a0}", "\n"][..]),
    )
        .prop_map(|(v, sep)| v.join(sep))
}

/// A prediction and a reference for BLEU: two solution strings, the second
/// often a reordering or truncation of the first, or arbitrary text.
pub fn bleu_pair_strategy() -> impl Strategy<Value = (String, String)> + Clone {
    prop_oneof![
        (math_string_strategy(), math_string_strategy()),
        math_string_strategy().prop_flat_map(|s| {
            let toks: Vec<String> = s.split_whitespace().map(String::from).collect();
            let n = toks.len();
            (Just(s), Just(toks).prop_shuffle(), 0..=n)
                .prop_map(|(s, toks, k)| (s, toks[..k].join(" ")))
        }),
        (any::<String>(), any::<String>()),
    ]
}

/// A batch of `(ground_truth_is_none, predicted_has_solution)` pairs for
/// none-type detection.
pub fn none_pairs_strategy() -> impl Strategy<Value = Vec<(bool, Option<bool>)>> + Clone {
    prop::collection::vec((any::<bool>(), prop::option::of(any::<bool>())), 0..=40)
}

/// The parameter names of the `fredholm.*` metric functions, and a few
/// wrong ones.
pub const FREDHOLM_METRIC_KEYS: &[&str] = &[
    "prediction",
    "reference",
    "format",
    "text",
    "predictions",
    "solution",
    "kernel",
    "f",
    "lambda",
    "domain",
    "tolerance",
    "n_points",
    "x_values",
    "ground_truth",
    "Prediction",
    "",
];

/// A JSON value a `fredholm.*` metric parameter might get: math strings (in
/// any format, or broken), numbers (small, huge, fractional, negative),
/// arrays of numbers / strings / booleans / nulls, prediction rows, stored
/// evaluation points, or any JSON value.
pub fn fredholm_metric_value_strategy() -> impl Strategy<Value = Value> {
    let number = prop_oneof![
        4 => (-3i64..=60).prop_map(Value::from),
        1 => prop::sample::select(&[0.5, -0.0, 1e-300, 1e300, 3.25, 1e-7][..]).prop_map(Value::from),
    ];
    let string = prop_oneof![
        3 => math_string_strategy().prop_map(Value::from),
        2 => prop::sample::select(
            &["x", "x*t", "2*x/3", "log(x)", "1/x", "C*x", "Min(x, t)", "pi", "0", "x 2 ^", "latex",
              "infix", "rpn", r"\frac{x}{2}", "x**99999", "exp(exp(exp(x)))", "x +", "none",
              "Integral(x*t, (t, 0, x))", "Integral(t, t)", r"\int_0^1 x t \, dt"][..]
        )
        .prop_map(Value::from),
    ];
    let row = (
        prop::option::of(prop::sample::select(&["none", "series", "family"][..])),
        prop::option::of(any::<bool>()),
        any::<bool>(),
    )
        .prop_map(|(t, h, junk)| {
            let mut m = Map::new();
            if let Some(t) = t {
                m.insert("ground_truth_solution_type".into(), Value::from(t));
            }
            if let Some(h) = h {
                m.insert("has_solution".into(), Value::from(h));
            }
            if junk {
                m.insert("has_solution".into(), Value::from("yes"));
            }
            Value::Object(m)
        });
    let points = (
        prop::collection::vec(-2.0f64..2.0, 0..6),
        prop::collection::vec(-2.0f64..2.0, 0..6),
        any::<bool>(),
    )
        .prop_map(|(x, u, nested)| {
            let inner = serde_json::json!({"x_values": x, "u_values": u});
            if nested {
                serde_json::json!({"evaluation_points": inner})
            } else {
                inner
            }
        });
    prop_oneof![
        3 => string,
        2 => number.clone(),
        2 => prop::collection::vec(prop_oneof![number, Just(Value::Null), Just(Value::from("pi")), Just(Value::from(true))], 0..4)
            .prop_map(Value::Array),
        1 => prop::collection::vec(row, 0..5).prop_map(Value::Array),
        1 => points,
        1 => json_value_strategy(),
    ]
}

/// A function id of the Part 8 metrics and arguments for it: mostly its own
/// parameters with plausible or wrong values.
pub fn fredholm_metric_call_strategy() -> impl Strategy<Value = (&'static str, Value)> {
    (
        prop::sample::select(
            &[
                "fredholm.bleu",
                "fredholm.math_tokens",
                "fredholm.operator_f1",
                "fredholm.none_detection",
                "fredholm.verify_solution",
                "fredholm.relative_l2",
            ][..],
        ),
        prop::collection::vec(
            (
                prop::sample::select(FREDHOLM_METRIC_KEYS),
                fredholm_metric_value_strategy(),
            ),
            0..4,
        ),
        any::<bool>(),
    )
        .prop_map(|(f, kv, complete)| {
            // half of the calls start from valid arguments, so that the
            // random values reach the deep paths
            let mut m = match (complete, f) {
                (false, _) => Map::new(),
                (true, "fredholm.none_detection") => serde_json::json!({"predictions": []})
                    .as_object()
                    .cloned()
                    .unwrap_or_default(),
                (true, "fredholm.math_tokens") => serde_json::json!({"text": "x"})
                    .as_object()
                    .cloned()
                    .unwrap_or_default(),
                (true, "fredholm.verify_solution") => serde_json::json!(
                    {"solution": "x", "kernel": "x*t", "f": "2*x/3", "lambda": 1, "n_points": 5}
                )
                .as_object()
                .cloned()
                .unwrap_or_default(),
                (true, "fredholm.relative_l2") => {
                    serde_json::json!({"solution": "x", "ground_truth": "x**2", "n_points": 7})
                        .as_object()
                        .cloned()
                        .unwrap_or_default()
                }
                (true, _) => serde_json::json!({"prediction": "x", "reference": "sin(x)"})
                    .as_object()
                    .cloned()
                    .unwrap_or_default(),
            };
            for (k, v) in kv {
                m.insert(k.to_string(), v);
            }
            (f, Value::Object(m))
        })
}

// ---------------------------------------------------------------- fredholm (document 003)

use serde_json::json;

/// A random scalar expression of `x` alone ([`expr_strategy`] with `y` and
/// `z` renamed `x`).
pub fn fredholm_x_expr_strategy() -> BoxedStrategy<Expr> {
    expr_strategy()
        .prop_map(|e| rename_symbol(&rename_symbol(&e, "y", "x"), "z", "x"))
        .boxed()
}

/// Two expressions of `x`: the second an equivalent rewriting of the first
/// (`a·(sin²x + cos²x)`, `a + x - x`, `(2a)/2`, `(a + 1) - 1` nested) or an
/// independent expression.
pub fn fredholm_expr_pair_strategy() -> BoxedStrategy<(Expr, Expr)> {
    let x = || Expr::sym("x");
    (
        fredholm_x_expr_strategy(),
        fredholm_x_expr_strategy(),
        0..5usize,
    )
        .prop_map(move |(a, b, k)| {
            let other = match k {
                0 => Expr::Mul(vec![
                    a.clone(),
                    Expr::Add(vec![
                        Expr::pow(Expr::func(Func::Sin, x()), Expr::int(2)),
                        Expr::pow(Expr::func(Func::Cos, x()), Expr::int(2)),
                    ]),
                ]),
                1 => Expr::Add(vec![a.clone(), x(), Expr::neg(x())]),
                2 => Expr::div(Expr::Mul(vec![Expr::int(2), a.clone()]), Expr::int(2)),
                3 => Expr::sub(Expr::Add(vec![a.clone(), Expr::int(1)]), Expr::int(1)),
                _ => b,
            };
            (a, other)
        })
        .boxed()
}

/// Solution strings of the predictions strategy: infix, LaTeX, RPN,
/// points, prose and junk.
pub const FREDHOLM_SOLUTIONS: &[&str] = &[
    "x**2 + sin(x)",
    "x*x",
    "x 2 ^ x sin +",
    r"x^{2} + \sin(x)",
    "C*sin(pi*x)",
    "c_1*x + 1",
    "1 + x + x**2/2 + x**3/6",
    "1.02 + 0.5*x",
    "[(0.0, 1.2), (0.5, 2.4)]",
    "No solution exists.",
    "1/x",
    "log(x)",
    "x +* 2",
    "",
];

/// Ground truths of the predictions strategy.
pub const FREDHOLM_TRUTHS: &[&str] = &[
    "x**2 + sin(x)",
    "x**2",
    "C*sin(pi*x)",
    "1 + x + x**2/2 + x**3/6",
    "1 + 0.5*x",
    "[(0.0, 1.2), (0.5, 2.4)]",
    "0",
    "x",
    "",
];

/// The seven solution types and a few others.
pub const FREDHOLM_TYPES: &[&str] = &[
    "exact_symbolic",
    "approx_coef",
    "series",
    "family",
    "discrete_points",
    "regularized",
    "none",
    "polynomial",
];

/// A prediction row of the document's predictions JSONL, with fields
/// present or absent at random.
pub fn fredholm_prediction_strategy() -> impl Strategy<Value = serde_json::Value> {
    (
        prop::sample::select(FREDHOLM_SOLUTIONS),
        prop::sample::select(FREDHOLM_TRUTHS),
        prop::option::of(prop::sample::select(FREDHOLM_TYPES)),
        prop::option::of(prop::sample::select(FREDHOLM_TYPES)),
        prop::option::of(any::<bool>()),
        prop::option::of(any::<bool>()),
        0..8u8,
    )
        .prop_map(|(sol, gt, t, gt_t, has, gt_has, k)| {
            let mut row = json!({"ground_truth": gt});
            let m = row.as_object_mut().unwrap();
            match k {
                0 => {
                    m.insert(
                        "raw_response".into(),
                        json!(format!("SOLUTION: u(x) = {sol}")),
                    );
                }
                1 => {
                    m.insert("api_error".into(), json!(true));
                }
                _ => {
                    m.insert("solution_str".into(), json!(sol));
                }
            }
            if let Some(t) = t {
                m.insert("solution_type".into(), json!(t));
            }
            if let Some(t) = gt_t {
                m.insert("ground_truth_solution_type".into(), json!(t));
            }
            if let Some(h) = has {
                m.insert("has_solution".into(), json!(h));
            }
            if let Some(h) = gt_has {
                m.insert("ground_truth_has_solution".into(), json!(h));
            }
            if k == 7 {
                m.insert(
                    "evaluation_points".into(),
                    json!({"x_values": [0.0, 0.5, 1.0], "u_values": [0.0, 0.25, null]}),
                );
            }
            row
        })
}

/// A call of one of the `fredholm.*` functions of issue 7 (parse, compare,
/// evaluators, evaluate) with plausible, odd or wrong arguments.
pub fn fredholm_call_strategy() -> impl Strategy<Value = (&'static str, Value)> {
    let text = prop_oneof![
        3 => prop::sample::select(FREDHOLM_SOLUTIONS).prop_map(Value::from),
        1 => arbitrary_text_strategy().prop_map(Value::from),
        1 => (-1e9f64..1e9).prop_map(Value::from),
    ];
    let number = prop_oneof![
        Just(json!(0)),
        Just(json!(1)),
        Just(json!(-3)),
        Just(json!(7)),
        Just(json!(100)),
        Just(json!(1e300)),
        Just(json!(0.5)),
        Just(json!(1e-9)),
        Just(json!("pi")),
    ];
    let domain = prop_oneof![
        Just(json!([0, 1])),
        Just(json!([-1e300, 1e300])),
        Just(json!([1, 0])),
        Just(json!(["0", "pi"])),
        Just(json!([0])),
        Just(json!("x")),
    ];
    let points = prop_oneof![
        Just(json!({"x_values": [0.0, 0.5, 1.0], "u_values": [0.0, 0.25, null]})),
        Just(json!({"x_values": [], "u_values": []})),
        Just(json!({"x_values": [0.0], "u_values": [1.0, 2.0]})),
        Just(
            json!({"x_values": [0.0, 1.0], "u_values_samples": [[0.0, 1.0]], "constant_samples": [1.0]})
        ),
        Just(json!({"evaluation_points": {"x_values": [1.0], "u_values": [1.0]}})),
        Just(json!({"x_values": "no"})),
    ];
    let fns = prop::sample::select(
        &[
            "fredholm.parse_output",
            "fredholm.symbolic_compare",
            "fredholm.numeric_compare",
            "fredholm.discrete_points",
            "fredholm.series_terms",
            "fredholm.approx_coef",
            "fredholm.family",
            "fredholm.evaluate",
            "fredholm.evaluate_prediction",
        ][..],
    );
    let keys = prop::sample::select(
        &[
            "response",
            "format",
            "solution",
            "ground_truth",
            "prediction",
            "domain",
            "n_points",
            "tolerance",
            "evaluation_points",
            "x_tolerance",
            "relative_tolerance",
            "include_points",
            "predictions",
        ][..],
    );
    let value = prop_oneof![
        4 => text,
        2 => number,
        1 => domain,
        1 => points,
        1 => prop::sample::select(&["auto", "latex", "infix", "rpn", "nope"][..]).prop_map(Value::from),
        1 => any::<bool>().prop_map(Value::from),
        1 => prop::collection::vec(fredholm_prediction_strategy(), 0..3).prop_map(Value::Array),
        1 => fredholm_prediction_strategy(),
    ];
    (
        fns,
        prop::collection::vec((keys, value), 0..5),
        prop::sample::select(FREDHOLM_SOLUTIONS),
        prop::sample::select(FREDHOLM_TRUTHS),
        prop::collection::vec(fredholm_prediction_strategy(), 0..4),
        any::<bool>(),
    )
        .prop_map(|(f, kv, sol, gt, preds, only_known)| {
            // Mostly well-formed calls (the required arguments, known keys),
            // sometimes anything.
            let known: &[&str] = match f {
                "fredholm.parse_output" => &["response", "format"],
                "fredholm.symbolic_compare" => &["solution", "ground_truth", "format"],
                "fredholm.discrete_points" => {
                    &["prediction", "ground_truth", "x_tolerance", "y_tolerance"]
                }
                "fredholm.approx_coef" => &[
                    "solution",
                    "ground_truth",
                    "format",
                    "tolerance",
                    "relative_tolerance",
                ],
                "fredholm.evaluate" | "fredholm.evaluate_prediction" => {
                    &["tolerance", "n_points", "include_points"]
                }
                _ => &[
                    "solution",
                    "ground_truth",
                    "format",
                    "domain",
                    "n_points",
                    "tolerance",
                    "evaluation_points",
                    "include_points",
                ],
            };
            let mut m: Map<String, Value> = kv
                .into_iter()
                .filter(|(k, _)| !only_known || known.contains(k))
                .map(|(k, v)| (k.to_string(), v))
                .collect();
            let required: Vec<(&str, Value)> = match f {
                "fredholm.parse_output" => {
                    vec![("response", json!(format!("SOLUTION: u(x) = {sol}")))]
                }
                "fredholm.numeric_compare" => {
                    vec![("solution", json!(sol)), ("ground_truth", json!(gt))]
                }
                "fredholm.discrete_points" => vec![
                    ("prediction", json!([[0.0, 1.2], [0.5, 2.5], [0.9, -1.0]])),
                    (
                        "ground_truth",
                        json!(format!("{gt} [(0.0, 1.2), (0.5, 2.4)]")),
                    ),
                ],
                "fredholm.evaluate" => vec![("predictions", Value::Array(preds.clone()))],
                "fredholm.evaluate_prediction" => vec![(
                    "prediction",
                    preds.first().cloned().unwrap_or_else(|| json!({})),
                )],
                _ => vec![("solution", json!(sol)), ("ground_truth", json!(gt))],
            };
            for (k, v) in required {
                m.entry(k.to_string()).or_insert(v);
            }
            (f, Value::Object(m))
        })
}

// ============================================================ math answers (document 004)

/// Prose around a math answer without backslashes, braces or `<`: words,
/// numbers, punctuation, line breaks, answer phrases, `$…$` formulas,
/// "Therefore", and the plain words "boxed" and "fbox" (which must not be
/// read as boxes).
pub fn math_prose_strategy() -> impl Strategy<Value = String> + Clone {
    prop::collection::vec(
        prop_oneof![
            4 => "[a-zA-Z]{1,8}",
            2 => "-?[0-9]{1,4}(\\.[0-9]{1,2})?",
            1 => "[,.;:!?]",
            1 => Just("\n\n".to_string()),
            1 => Just("Therefore,".to_string()),
            1 => Just("the answer is 3.".to_string()),
            1 => Just("Answer: 4\n".to_string()),
            1 => Just("#### 5\n".to_string()),
            1 => Just("$x+1$".to_string()),
            1 => Just("so $6$ is our answer.".to_string()),
            1 => Just("we have not boxed it".to_string()),
            1 => Just("fbox".to_string()),
            1 => Just("Ответ ≈ π".to_string()),
        ],
        0..30,
    )
    .prop_map(|v| v.join(" "))
}

/// A brace-balanced LaTeX answer without a box command: symbols, digits,
/// operators, `\frac`, `\pi`, `\sqrt`, `$`, nested `{…}` groups.
pub fn balanced_latex_strategy() -> impl Strategy<Value = String> + Clone {
    let leaf = prop_oneof![
        4 => "[a-z0-9+*/^_=,.()\\[\\] -]{1,6}",
        1 => Just("\\frac".to_string()),
        1 => Just("\\pi".to_string()),
        1 => Just("\\sqrt".to_string()),
        1 => Just("$".to_string()),
        1 => Just("é∞".to_string()),
    ];
    leaf.prop_recursive(3, 24, 4, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 1..4).prop_map(|v| v.concat()),
            inner.prop_map(|s| format!("{{{s}}}")),
        ]
    })
}

/// What may follow a final box: nothing, a period, a closing `$`, a line.
pub fn box_tail_strategy() -> impl Strategy<Value = String> + Clone {
    prop_oneof![
        Just(String::new()),
        Just(".".to_string()),
        Just("$.".to_string()),
        Just("\n".to_string()),
    ]
}

/// Fragments of math answers, concatenated: the constructs the
/// normalizations rewrite (delimiters, `\left`, `\text{…}`, units,
/// thousands separators, degrees, `a/b`, `\pm`, `x=`, environments,
/// spacing) and plain symbols.
pub fn math_answer_strategy() -> impl Strategy<Value = String> + Clone {
    const FRAGMENTS: &[&str] = &[
        "1",
        "23",
        "0.5",
        "1,234",
        "12,34",
        "{,}",
        "x",
        "y",
        "ab",
        " ",
        "  ",
        ",",
        ".",
        "/",
        "=",
        "-",
        "+",
        "^",
        "2",
        "(",
        ")",
        "[",
        "]",
        "{",
        "}",
        "\\{",
        "\\}",
        "$",
        "\\$",
        "\\(",
        "\\)",
        "\\left(",
        "\\right)",
        "\\left.",
        "\\frac{1}{2}",
        "\\dfrac",
        "\\text{ cm}",
        "\\text{or}",
        "\\mbox{white}",
        "cm",
        "dollars",
        "^\\circ",
        "^{\\circ}",
        "°",
        "\\sin",
        "sin",
        "\\cos ",
        "\\pm",
        "\\mp",
        "x=",
        "x\\in",
        "\\%",
        "%",
        "\\\\",
        "\\begin{pmatrix}",
        "\\end{pmatrix}",
        "\\begin{array}{cc}",
        "\\end{array}",
        "&",
        "\\!",
        "\\,",
        "~",
        "\\noindent",
        "π",
        "×",
        "−",
        "\\sqrt{3}",
        "sqrt(2)",
        ">=",
        "<=",
        "!=",
        "\\ge",
        "\\lt",
        "≤",
        ".5",
        "percent",
        "pct",
        "\\frac12",
        "\\sqrt3",
        "\\sqrt[3]8",
        "\\boxed{2}",
        "\\quad",
        ";",
        "4 4/9",
        "(x,y)=",
        "f(x)=",
        " and ",
        "\\approx",
        "five",
        "pi",
        "5.00",
        "\\infty",
        "or",
        "and",
        "\\",
    ];
    prop::collection::vec(prop::sample::select(FRAGMENTS), 0..12).prop_map(|v| v.concat())
}

// ---- math.equal (helper math-equal): answers as LaTeX text.

/// Answer texts of the kinds `math.equal` compares: numbers in several
/// spellings, lists, sets, tuples, intervals, equations with a name,
/// quantities with units, percentages, words.
pub const MATH_EQUAL_ANSWER_POOL: &[&str] = &[
    "0.5",
    r"\frac{1}{2}",
    "1,234",
    "1234",
    "3.04",
    "0.0304",
    "28\\%",
    "28",
    "0.28",
    "1",
    "100",
    "-2",
    r"\sqrt{2}",
    r"2\sqrt{2}",
    r"\pi",
    "3.14",
    r"\frac{\pi}{2}",
    r"90^\circ",
    "x+y",
    "y+x",
    "x^2-1",
    "(x-1)(x+1)",
    "1,2",
    "2,1",
    r"\{1,2\}",
    "(1,2)",
    "[1,2]",
    "[0,1)",
    r"(-\infty,0)\cup(0,\infty)",
    "x=3",
    "3",
    "x>3",
    "x<-1",
    r"-2 \le x \le 7",
    r"\begin{pmatrix}1\\2\end{pmatrix}",
    r"\begin{pmatrix}1&2\end{pmatrix}",
    r"5\text{ m}",
    r"5\text{ cm}",
    r"0.5\text{ km}",
    r"500\text{ m}",
    "yes",
    "no",
    "true",
    "White",
    "white",
    r"\text{(C)}",
    "C",
    r"1\pm\sqrt{5}",
    "4 4/9",
    "40/9",
    "",
    r"\$5",
    "5",
    r"\log 100",
    r"2\ln 10",
    "k = 1, m = 2",
    "2 and 1",
];

/// One answer text: from the pool, two or three of them joined (`, `, `and`,
/// `;`) and wrapped (a tuple, a set, `x = …`, with a unit), or an expression
/// tree printed as LaTeX. The wrapper's `{}` is where the items go.
pub fn math_equal_answer_strategy() -> BoxedStrategy<String> {
    prop_oneof![
        3 => prop::sample::select(MATH_EQUAL_ANSWER_POOL).prop_map(str::to_string),
        2 => (
            prop::collection::vec(prop::sample::select(MATH_EQUAL_ANSWER_POOL), 2..=3),
            prop::sample::select(&[", ", ",", " and ", "; "][..]),
            prop::sample::select(&["{}", "({})", r"\{{}\}", "x = {}", r"{} \text{ m}"][..]),
        )
            .prop_map(|(items, sep, wrap)| wrap.replace("{}", &items.join(sep))),
        1 => expr_strategy().prop_map(|e| {
            scorespec::expr::canon::canonical(&e, &scorespec::expr::Limits::default())
                .map(|c| scorespec::expr::print_latex::to_latex(&c))
                .unwrap_or_default()
        }),
    ]
    .boxed()
}

/// Two answer texts (a third of the time the same one).
pub fn math_equal_pair_strategy() -> BoxedStrategy<(String, String)> {
    prop_oneof![
        2 => (math_equal_answer_strategy(), math_equal_answer_strategy()),
        1 => math_equal_answer_strategy().prop_map(|a| (a.clone(), a)),
    ]
    .boxed()
}

/// A spacing command LaTeX ignores.
pub fn latex_spacing_strategy() -> impl Strategy<Value = &'static str> + Clone {
    prop::sample::select(&[r"\,", r"\;", r"\!", r"\quad", r"\ "][..])
}
