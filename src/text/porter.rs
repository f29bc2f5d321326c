//! The Porter stemmer, as NLTK's `PorterStemmer()` runs it by default.
//!
//! Martin Porter's 1980 algorithm strips English suffixes in five steps, each
//! a list of `(suffix, replacement, condition)` rules over the word's
//! *measure* m (the number of vowel–consonant sequences in `[C](VC)^m[V]`).
//! In each list only the first rule whose suffix matches is considered: if its
//! condition fails, the word passes through the step unchanged.
//!
//! NLTK's default mode (`NLTK_EXTENSIONS`, nltk 3.10.4) departs from the
//! published algorithm in documented ways, all reproduced here:
//!
//! 1. The word is lower-cased first (Python `str.lower()`).
//! 2. A small table of irregular forms is looked up before anything else
//!    (`skies` → `sky`, `dying` → `die`, `lying` → `lie`, `tying` → `tie`,
//!    `news`, `inning(s)` → `inning`, `outing(s)` → `outing`,
//!    `canning(s)` → `canning`, `howe`, `proceed`, `exceed`, `succeed`),
//!    after lower-casing (`Skies` → `sky`).
//! 3. Words of at most two characters are returned (lower-cased) unchanged.
//! 4. Step 1a: a four-letter word ending in `ies` becomes `…ie` (`ties` → `tie`).
//! 5. Step 1b: `ied` becomes `ie` in a four-letter word and `i` otherwise.
//! 6. Step 1c: `y` becomes `i` only after a consonant that is not the first
//!    letter (`cry` → `cri`, but `say` and `by` keep their `y`).
//! 7. The `*o` (consonant–vowel–consonant) test also accepts a two-letter stem
//!    made of a vowel and a consonant.
//! 8. Step 2: `alli` → `al` is tried first and the result goes through step 2
//!    again; `bli` → `ble` replaces `abli` → `able`; `fulli` → `ful` is added;
//!    `logi` → `log` is added with the measure taken over the stem including
//!    the `l` (so `geologi` → `geolog`).
//!
//! Letters are Unicode scalar values; anything other than `a e i o u` (and `y`
//! in consonant position) counts as a consonant, as in NLTK.
//!
//! # Differences with the document
//!
//! None known: the stemmer agrees with nltk 3.10.4 on all 23,531 words of
//! Porter's test vocabulary (see `conformance/differential/`).

/// Irregular forms looked up before the algorithm (NLTK's extension).
const IRREGULAR: &[(&str, &str)] = &[
    ("skies", "sky"),
    ("sky", "sky"),
    ("dying", "die"),
    ("lying", "lie"),
    ("tying", "tie"),
    ("news", "news"),
    ("innings", "inning"),
    ("inning", "inning"),
    ("outings", "outing"),
    ("outing", "outing"),
    ("cannings", "canning"),
    ("canning", "canning"),
    ("howe", "howe"),
    ("proceed", "proceed"),
    ("exceed", "exceed"),
    ("succeed", "succeed"),
];

/// Stems one word as nltk 3.10.4's `PorterStemmer().stem(word)` does.
///
/// The result is lower-case; words of at most two characters are only
/// lower-cased. The empty string stems to itself.
///
/// ```
/// use scorespec::text::porter::stem;
/// // Document 002, "Optional: Stemming".
/// assert_eq!(stem("running"), "run");
/// assert_eq!(stem("cities"), "citi");
/// assert_eq!(stem("better"), "better");
/// ```
pub fn stem(word: &str) -> String {
    let lowered = word.to_lowercase();
    if let Some((_, s)) = IRREGULAR.iter().find(|(w, _)| *w == lowered) {
        return (*s).to_string();
    }
    if word.chars().count() <= 2 {
        return lowered;
    }
    let mut w: Vec<char> = lowered.chars().collect();
    step1a(&mut w);
    step1b(&mut w);
    step1c(&mut w);
    step2(&mut w);
    step3(&mut w);
    step4(&mut w);
    step5a(&mut w);
    step5b(&mut w);
    w.into_iter().collect()
}

fn is_consonant(w: &[char], i: usize) -> bool {
    match w[i] {
        'a' | 'e' | 'i' | 'o' | 'u' => false,
        'y' => i == 0 || !is_consonant(w, i - 1),
        _ => true,
    }
}

/// The number of vowel→consonant transitions: m in `[C](VC)^m[V]`.
fn measure(w: &[char]) -> usize {
    let mut m = 0;
    let mut prev_vowel = false;
    for i in 0..w.len() {
        let consonant = is_consonant(w, i);
        if consonant && prev_vowel {
            m += 1;
        }
        prev_vowel = !consonant;
    }
    m
}

fn contains_vowel(w: &[char]) -> bool {
    (0..w.len()).any(|i| !is_consonant(w, i))
}

fn ends_double_consonant(w: &[char]) -> bool {
    let n = w.len();
    n >= 2 && w[n - 1] == w[n - 2] && is_consonant(w, n - 1)
}

/// `*o`: the stem ends consonant–vowel–consonant, the last not `w`, `x` or
/// `y`; NLTK also accepts a two-letter vowel–consonant stem.
fn ends_cvc(w: &[char]) -> bool {
    let n = w.len();
    (n >= 3
        && is_consonant(w, n - 3)
        && !is_consonant(w, n - 2)
        && is_consonant(w, n - 1)
        && !matches!(w[n - 1], 'w' | 'x' | 'y'))
        || (n == 2 && !is_consonant(w, 0) && is_consonant(w, 1))
}

fn ends_with(w: &[char], suffix: &str) -> bool {
    let n = suffix.chars().count();
    w.len() >= n && w[w.len() - n..].iter().copied().eq(suffix.chars())
}

/// The part of `w` before `suffix` (which `w` must end with).
fn stem_of<'a>(w: &'a [char], suffix: &str) -> &'a [char] {
    &w[..w.len() - suffix.chars().count()]
}

fn replace_suffix(w: &mut Vec<char>, suffix: &str, replacement: &str) {
    let n = suffix.chars().count();
    w.truncate(w.len() - n);
    w.extend(replacement.chars());
}

type Condition = fn(&[char]) -> bool;

/// Applies the first rule whose suffix matches; if its condition on the stem
/// fails, leaves the word unchanged. Returns whether a rule fired.
fn apply_rules(w: &mut Vec<char>, rules: &[(&str, &str, Condition)]) -> bool {
    for &(suffix, replacement, condition) in rules {
        if ends_with(w, suffix) {
            if condition(stem_of(w, suffix)) {
                replace_suffix(w, suffix, replacement);
                return true;
            }
            return false;
        }
    }
    false
}

fn m_gt0(s: &[char]) -> bool {
    measure(s) > 0
}

fn m_gt1(s: &[char]) -> bool {
    measure(s) > 1
}

fn always(_: &[char]) -> bool {
    true
}

fn step1a(w: &mut Vec<char>) {
    if w.len() == 4 && ends_with(w, "ies") {
        replace_suffix(w, "ies", "ie");
        return;
    }
    apply_rules(
        w,
        &[
            ("sses", "ss", always),
            ("ies", "i", always),
            ("ss", "ss", always),
            ("s", "", always),
        ],
    );
}

fn step1b(w: &mut Vec<char>) {
    if ends_with(w, "ied") {
        let replacement = if w.len() == 4 { "ie" } else { "i" };
        replace_suffix(w, "ied", replacement);
        return;
    }
    if ends_with(w, "eed") {
        if measure(stem_of(w, "eed")) > 0 {
            replace_suffix(w, "eed", "ee");
        }
        return;
    }
    let Some(suffix) = ["ed", "ing"]
        .into_iter()
        .find(|s| ends_with(w, s) && contains_vowel(stem_of(w, s)))
    else {
        return;
    };
    replace_suffix(w, suffix, "");
    // Tidy the stem left by removing -ed / -ing.
    if ends_with(w, "at") || ends_with(w, "bl") || ends_with(w, "iz") {
        w.push('e');
    } else if ends_double_consonant(w) {
        if !matches!(w[w.len() - 1], 'l' | 's' | 'z') {
            w.pop();
        }
    } else if measure(w) == 1 && ends_cvc(w) {
        w.push('e');
    }
}

fn step1c(w: &mut [char]) {
    let n = w.len();
    if n > 2 && w[n - 1] == 'y' && is_consonant(w, n - 2) {
        w[n - 1] = 'i';
    }
}

fn step2(w: &mut Vec<char>) {
    if ends_with(w, "alli") && m_gt0(stem_of(w, "alli")) {
        replace_suffix(w, "alli", "al");
        step2(w);
        return;
    }
    // `logi` -> `log`, with the `l` counted in the stem's measure.
    fn logi_stem(s: &[char]) -> bool {
        // `s` is the stem before "logi"; NLTK measures it with the "l".
        let mut with_l = s.to_vec();
        with_l.push('l');
        measure(&with_l) > 0
    }
    apply_rules(
        w,
        &[
            ("ational", "ate", m_gt0),
            ("tional", "tion", m_gt0),
            ("enci", "ence", m_gt0),
            ("anci", "ance", m_gt0),
            ("izer", "ize", m_gt0),
            ("bli", "ble", m_gt0),
            ("alli", "al", m_gt0),
            ("entli", "ent", m_gt0),
            ("eli", "e", m_gt0),
            ("ousli", "ous", m_gt0),
            ("ization", "ize", m_gt0),
            ("ation", "ate", m_gt0),
            ("ator", "ate", m_gt0),
            ("alism", "al", m_gt0),
            ("iveness", "ive", m_gt0),
            ("fulness", "ful", m_gt0),
            ("ousness", "ous", m_gt0),
            ("aliti", "al", m_gt0),
            ("iviti", "ive", m_gt0),
            ("biliti", "ble", m_gt0),
            ("fulli", "ful", m_gt0),
            ("logi", "log", logi_stem),
        ],
    );
}

fn step3(w: &mut Vec<char>) {
    apply_rules(
        w,
        &[
            ("icate", "ic", m_gt0),
            ("ative", "", m_gt0),
            ("alize", "al", m_gt0),
            ("iciti", "ic", m_gt0),
            ("ical", "ic", m_gt0),
            ("ful", "", m_gt0),
            ("ness", "", m_gt0),
        ],
    );
}

fn step4(w: &mut Vec<char>) {
    fn ion_stem(s: &[char]) -> bool {
        m_gt1(s) && matches!(s.last(), Some('s' | 't'))
    }
    apply_rules(
        w,
        &[
            ("al", "", m_gt1),
            ("ance", "", m_gt1),
            ("ence", "", m_gt1),
            ("er", "", m_gt1),
            ("ic", "", m_gt1),
            ("able", "", m_gt1),
            ("ible", "", m_gt1),
            ("ant", "", m_gt1),
            ("ement", "", m_gt1),
            ("ment", "", m_gt1),
            ("ent", "", m_gt1),
            ("ion", "", ion_stem),
            ("ou", "", m_gt1),
            ("ism", "", m_gt1),
            ("ate", "", m_gt1),
            ("iti", "", m_gt1),
            ("ous", "", m_gt1),
            ("ive", "", m_gt1),
            ("ize", "", m_gt1),
        ],
    );
}

fn step5a(w: &mut Vec<char>) {
    if ends_with(w, "e") {
        let s = stem_of(w, "e");
        let m = measure(s);
        if m > 1 || (m == 1 && !ends_cvc(s)) {
            w.pop();
        }
    }
}

fn step5b(w: &mut Vec<char>) {
    // (m > 1 and *d and *L) -> single letter; the measure is of the word
    // without its last letter.
    if ends_with(w, "ll") && measure(&w[..w.len() - 1]) > 1 {
        w.pop();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn measure_matches_porters_examples() {
        // Porter (1980): m=0 TR, EE, TREE, Y, BY; m=1 TROUBLE, OATS, TREES,
        // IVY; m=2 TROUBLES, PRIVATE, OATEN, ORRERY.
        let m = |s: &str| measure(&s.chars().collect::<Vec<_>>());
        for s in ["tr", "ee", "tree", "y", "by"] {
            assert_eq!(m(s), 0, "{s}");
        }
        for s in ["trouble", "oats", "trees", "ivy"] {
            assert_eq!(m(s), 1, "{s}");
        }
        for s in ["troubles", "private", "oaten", "orrery"] {
            assert_eq!(m(s), 2, "{s}");
        }
    }

    #[test]
    fn published_step_examples() {
        // Examples from Porter (1980), which NLTK's mode keeps.
        for (w, s) in [
            ("caresses", "caress"),
            ("ponies", "poni"),
            ("caress", "caress"),
            ("cats", "cat"),
            ("feed", "feed"),
            ("agreed", "agre"),
            ("plastered", "plaster"),
            ("bled", "bled"),
            ("motoring", "motor"),
            ("sing", "sing"),
            ("conflated", "conflat"),
            ("troubled", "troubl"),
            ("sized", "size"),
            ("hopping", "hop"),
            ("falling", "fall"),
            ("hissing", "hiss"),
            ("fizzed", "fizz"),
            ("failing", "fail"),
            ("filing", "file"),
            ("happy", "happi"),
            ("relational", "relat"),
            ("generalization", "gener"),
            ("electrical", "electr"),
            ("adjustable", "adjust"),
            ("controlling", "control"),
            ("rolling", "roll"),
        ] {
            assert_eq!(stem(w), s, "{w}");
        }
    }

    #[test]
    fn nltk_departures() {
        assert_eq!(stem("skies"), "sky");
        assert_eq!(stem("Skies"), "sky"); // looked up after lower-casing (nltk 3.10.4)
        assert_eq!(stem("dying"), "die");
        assert_eq!(stem("ties"), "tie");
        assert_eq!(stem("died"), "die");
        assert_eq!(stem("cried"), "cri");
        assert_eq!(stem("say"), "say");
        assert_eq!(stem("by"), "by");
        assert_eq!(stem("AS"), "as");
        assert_eq!(stem(""), "");
    }
}
