//! Words in math answers (spec/math.md ME-13, ME-14, ME-15): prose after or
//! before a number is a unit or a counted noun, never a product of letters;
//! number words, ordinals; dates, weekdays and clock times.
//!
//! Every function here reads one prepared answer item in one pass over its
//! bytes (answers are at most 64 KiB, `equal::MAX_ANSWER_BYTES`).
//!
//! # Differences with the document
//!
//! Document 004 says its evaluator handles dates and times but gives no
//! rule; the readings here (ME-13 … ME-15) are this project's, written in
//! spec/math.md, where document 004's looser defaults stay one option away
//! (ME-D8).

/// Whether `needle` occurs in `hay`: [`str::contains`] without building a
/// substring searcher (most needles here are short and most answers too;
/// the candidates are the positions of the needle's first byte).
pub(crate) fn has(hay: &str, needle: &str) -> bool {
    let (h, n) = (hay.as_bytes(), needle.as_bytes());
    let Some(&first) = n.first() else {
        return true;
    };
    h.iter()
        .enumerate()
        .any(|(i, &c)| c == first && h[i..].starts_with(n))
}

/// [`str::trim`] that answers at once when the text starts and ends on a
/// visible ASCII character (most answers and items): `str::trim` reads
/// characters and asks `char::is_whitespace` of each end even then.
pub(crate) trait TrimQuick {
    /// `self.trim()`.
    fn trim_quick(&self) -> &str;
}

impl TrimQuick for str {
    #[inline]
    fn trim_quick(&self) -> &str {
        let b = self.as_bytes();
        match (b.first(), b.last()) {
            // (`!` to `~`: no whitespace at either end.)
            (Some(f), Some(l)) if f.is_ascii_graphic() && l.is_ascii_graphic() => self,
            _ => self.trim(),
        }
    }
}

/// `t` with each replacement of `pairs` made in turn (as a chain of
/// [`str::replace`]), the text copied only for a pattern that is there.
fn replace_each(mut t: String, pairs: &[(&str, &str)]) -> String {
    for (from, to) in pairs {
        if has(&t, from) {
            t = t.replace(from, to);
        }
    }
    t
}

/// `t` without its braces `{` `}`.
fn without_braces(t: String) -> String {
    if t.contains(['{', '}']) {
        t.replace(['{', '}'], "")
    } else {
        t
    }
}

/// Names that are mathematics, not prose, although written in letters.
const MATH_WORDS: &[&str] = &[
    "sin", "cos", "tan", "cot", "sec", "csc", "sinh", "cosh", "tanh", "arcsin", "arccos", "arctan",
    "log", "ln", "lg", "exp", "max", "min", "det", "gcd", "lcm", "mod", "arg", "sqrt", "frac",
    "pi", "inf", "infty", "and", "or", "in", "to", "cup", "cap", "lim", "sup",
];

/// A prose word: ASCII letters (an inner `-` or `'` allowed), two letters
/// or more, three or more unless a unit of the table (`ft`, `cm`), and not
/// a name of mathematics (`sin`, `max`).
fn is_prose_word(w: &str) -> bool {
    let letters = w.bytes().filter(u8::is_ascii_alphabetic).count();
    let shape = w.starts_with(|c: char| c.is_ascii_alphabetic())
        && w.ends_with(|c: char| c.is_ascii_alphabetic())
        && w.bytes()
            .all(|c| c.is_ascii_alphabetic() || c == b'-' || c == b'\'');
    shape
        && letters >= 2
        && (letters >= 3 || super::units::is_unit(w))
        && !MATH_WORDS.iter().any(|m| m.eq_ignore_ascii_case(w))
}

/// A word's singular by the plain English rule, enough to tell `dogs` from
/// `dog` the same and `gods` different: `-ies` → `-y`, `-es` after
/// `s x z ch sh` dropped, a final `s` (not `ss`) dropped.
pub fn singular(w: &str) -> String {
    let w = w.to_ascii_lowercase();
    if w.len() > 4 {
        if let Some(stem) = w.strip_suffix("ies") {
            return format!("{stem}y");
        }
        for end in ["ses", "xes", "zes", "ches", "shes"] {
            if w.ends_with(end) {
                return w[..w.len() - 2].to_string();
            }
        }
    }
    match w.strip_suffix('s') {
        Some(stem) if stem.len() >= 2 && !stem.ends_with('s') && !stem.ends_with('u') => {
            stem.to_string()
        }
        _ => w,
    }
}

/// `12 dogs` → (`12`, `dog`), `Season 7` → (`7`, `season`), `64 square feet`
/// → (`64`, `square foot`… as written, singular): the mathematical part of an
/// item and its prose words (lower case, singular, joined by one space), when
/// words of prose come before or after it (ME-13). `None` when there is no
/// such word or nothing else.
pub fn split_prose(s: &str) -> Option<(&str, String)> {
    let s = s.trim_quick();
    // A prose word has two letters or more.
    if !s.contains(' ') || s.bytes().filter(u8::is_ascii_alphabetic).nth(1).is_none() {
        return None;
    }
    // An integral's integrand and differential are mathematics, not words
    // (`\int_0^1 xdx` once the spacing command `\,` is gone).
    if has(s, "\\int") {
        return None;
    }
    // Trailing words.
    let mut end = s.len();
    let mut tail: Vec<&str> = Vec::new();
    // (A unit of the table that names mathematics too is a unit after the
    // number: `1/2 cup`, `5 min`.)
    while let Some(i) = s[..end].trim_end().rfind(' ') {
        let w = s[i + 1..end].trim_quick();
        if !(is_prose_word(w) || w.len() >= 3 && super::units::is_unit(w)) {
            break;
        }
        tail.push(w);
        end = i;
    }
    // `3/4 of a mile`, `2/3 of the students`: `of` (and an article) between
    // a number and its words joins them.
    if !tail.is_empty() {
        let head = s[..end].trim_end();
        for glue in [" of a", " of an", " of the", " of"] {
            let Some(k) = head.len().checked_sub(glue.len()) else {
                continue;
            };
            if !head.is_char_boundary(k) {
                continue;
            }
            let number = head[..k].trim_quick();
            if head[k..].eq_ignore_ascii_case(glue)
                && !number.is_empty()
                && number
                    .bytes()
                    .all(|c| c.is_ascii_digit() || matches!(c, b'.' | b'/' | b',' | b'-'))
            {
                end = k;
                break;
            }
        }
    }
    if tail.is_empty() && s[..end].trim_end().len() == end {
        // Maybe leading words.
    }
    let mut start = 0;
    let mut head: Vec<&str> = Vec::new();
    while let Some(j) = s[start..end].find(' ') {
        let w = s[start..start + j].trim_quick();
        if !is_prose_word(w) {
            break;
        }
        head.push(w);
        start += j + 1;
    }
    if head.is_empty() && tail.is_empty() {
        return None;
    }
    let math = s[start..end].trim_quick();
    if math.is_empty() || math.split(' ').all(is_prose_word) {
        return None;
    }
    tail.reverse();
    let words: Vec<String> = head
        .iter()
        .chain(tail.iter())
        .map(|w| singular(w))
        .collect();
    Some((math, words.join(" ")))
}

/// Words that, before a number, say what the answer is not or bound it
/// (`not 8`, `less than 5`, `at most 3`, `isn't 7`, `except 2`, ME-13):
/// the item states a relation to the number, not the number, and is no
/// labelled quantity (`Season 7` = `7`, but `not 8` ≠ `8`).
pub const QUALIFIERS: &[&str] = &[
    "not",
    "never",
    "cannot",
    "without",
    "except",
    "excluding",
    "besides",
    "than",
    "under",
    "over",
    "above",
    "below",
    "beyond",
    "least",
    "most",
    "within",
    "exceed",
    "exceeds",
    "exceeding",
    "up",
    "nor",
    "neither",
    "none",
];

/// Whether a word of [`QUALIFIERS`] (or a contraction in `n't`: `isn't`,
/// `can’t`) is among the words before the mathematics of the item `s`
/// (in plain prose or in `\text{…}`, `\mbox{…}`, `\textnormal{…}`,
/// `\mathrm{…}`, `\textrm{…}`, math delimiters between): `not 8`,
/// `\text{at most } 5`, `fewer than 5 apples`, `the answer is not 5` (ME-13).
/// Read in one pass over the words before the first other character.
pub fn qualified(s: &str) -> bool {
    const OPENERS: [&str; 5] = [
        "\\text{",
        "\\mbox{",
        "\\textnormal{",
        "\\mathrm{",
        "\\textrm{",
    ];
    let b = s.as_bytes();
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        if matches!(c, b' ' | b'$' | b'~' | b'{' | b'}' | b',' | b':') {
            i += 1;
        } else if c == b'\\' {
            let rest = &s[i..];
            if let Some(o) = OPENERS.iter().find(|o| rest.starts_with(**o)) {
                i += o.len();
            } else if ["\\(", "\\ ", "\\,", "\\;"]
                .iter()
                .any(|o| rest.starts_with(o))
            {
                i += 2;
            } else {
                return false;
            }
        } else if c.is_ascii_alphabetic() {
            let n = b[i..]
                .iter()
                .take_while(|c| c.is_ascii_alphabetic() || **c == b'\'')
                .count();
            let w = &s[i..i + n];
            let contraction = w.len() > 3 && w[w.len() - 3..].eq_ignore_ascii_case("n't")
                || w.ends_with(['n', 'N']) && s[i + n..].starts_with("\u{2019}t");
            if contraction || QUALIFIERS.iter().any(|q| q.eq_ignore_ascii_case(w)) {
                return true;
            }
            i += n;
        } else {
            return false;
        }
    }
    false
}

/// The scale words after a number (`1.5 million`, `2 dozen`), lowercase,
/// with the power of ten they multiply by (`dozen`: 12, written 0).
const SCALES: [(&str, u32); 6] = [
    ("hundred", 2),
    ("thousand", 3),
    ("million", 6),
    ("billion", 9),
    ("trillion", 12),
    ("dozen", 0),
];

/// The power of ten a scale word multiplies by (`million`: 6; `dozen`: 0,
/// which multiplies by 12), ASCII case ignored.
pub fn scale(w: &str) -> Option<u32> {
    SCALES
        .iter()
        .find(|(s, _)| s.eq_ignore_ascii_case(w))
        .map(|&(_, k)| k)
}

/// The item with a number and the scale word after it written as the
/// number they make (`1.5 million people` → `1500000 people`, `2 dozen`
/// → `24`; ME-15): the number is digits with at most one decimal point,
/// the first of the item, and `dozen` multiplies whole numbers only.
/// `None` when the item has no such pair.
pub fn scaled(s: &str) -> Option<String> {
    let b = s.as_bytes();
    let start = b.iter().position(u8::is_ascii_digit)?;
    let end = start
        + b[start..]
            .iter()
            .take_while(|c| c.is_ascii_digit() || **c == b'.')
            .count();
    let number = &s[start..end];
    let rest = s[end..].trim_start_matches(' ');
    if rest.len() == s[end..].len() {
        return None;
    }
    let n = rest.bytes().take_while(u8::is_ascii_alphabetic).count();
    let k = scale(&rest[..n])?;
    let after = &rest[n..];
    if after
        .bytes()
        .next()
        .is_some_and(|c| c.is_ascii_alphanumeric())
        || number.ends_with('.')
    {
        return None;
    }
    let value = if k == 0 {
        number.parse::<u64>().ok()?.checked_mul(12)?.to_string()
    } else {
        // The decimal point moved `k` places right.
        let (whole, frac) = number.split_once('.').unwrap_or((number, ""));
        if frac.contains('.') {
            return None;
        }
        let k = k as usize;
        let mut digits = format!("{whole}{frac}");
        if frac.len() <= k {
            digits.push_str(&"0".repeat(k - frac.len()));
        } else {
            digits.insert(whole.len() + k, '.');
        }
        let trimmed = digits.trim_start_matches('0');
        if trimmed.is_empty() || trimmed.starts_with('.') {
            format!("0{trimmed}")
        } else {
            trimmed.to_string()
        }
    };
    Some(format!("{}{value}{after}", &s[..start]))
}

/// Words right after a number that apply an operation to it (`3 squared`
/// is 9, never 3; ME-13).
pub const POSTFIX_OPERATIONS: &[&str] = &["squared", "cubed", "factorial"];

/// Whether the word right after the item's last number is one of
/// [`POSTFIX_OPERATIONS`] (`3 squared`, `5 factorial`; not `25 cm
/// squared`, whose word after the number is a unit): the item is no
/// labelled quantity (ME-13).
pub fn operated(s: &str) -> bool {
    let b = s.as_bytes();
    let Some(last) = b.iter().rposition(u8::is_ascii_digit) else {
        return false;
    };
    let rest = s[last + 1..].trim_start_matches([' ', '}', '$', '~']);
    let n = rest.bytes().take_while(u8::is_ascii_alphabetic).count();
    let word = &rest[..n];
    POSTFIX_OPERATIONS
        .iter()
        .any(|w| word.eq_ignore_ascii_case(w))
        && rest[n..].trim_matches([' ', '}', '$', '.']).is_empty()
}

/// The number words zero–nineteen, by value.
pub(crate) const NUMBER_WORDS: &[&str] = &[
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
];

/// The tens words, twenty–ninety.
pub(crate) const TENS: &[&str] = &[
    "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety",
];

/// The words that give the number after them its sign (ME-15, MX-14):
/// `minus 2`, `negative 2` are −2.
pub const SIGN_WORDS: [&str; 2] = ["minus", "negative"];

/// An item that is a sign word, spaces and a number — in digits (`minus
/// 2`, `negative 2.5`: the rest of the item starts with a digit) or in
/// words (`negative five`) — written with `-` (`-2`, `-2.5`, `-5`; ASCII
/// case ignored, ME-15); `None` for any other item (`negative integers`,
/// `5 minus 2`).
///
/// ```
/// use scorespec::score::math::words::signed;
/// assert_eq!(signed("minus 2").as_deref(), Some("-2"));
/// assert_eq!(signed("Negative five").as_deref(), Some("-5"));
/// assert_eq!(signed("negative integers"), None);
/// ```
pub fn signed(s: &str) -> Option<String> {
    let t = s.trim_start();
    let rest = SIGN_WORDS.iter().find_map(|w| {
        let head = t.get(..w.len())?;
        let rest = &t[w.len()..];
        (head.eq_ignore_ascii_case(w) && rest.starts_with(' ')).then(|| rest.trim())
    })?;
    if let Some(n) = number_word(rest) {
        return Some(format!("-{n}"));
    }
    rest.starts_with(|c: char| c.is_ascii_digit())
        .then(|| format!("-{rest}"))
}

/// A number written in English words, the whole item (`ten`, `Twenty-one`,
/// `three hundred and five`, `two thousand`), up to the millions (ME-15).
pub fn number_word(s: &str) -> Option<u64> {
    let s = s.trim_quick();
    if s.is_empty()
        || s.len() > 120
        || !s
            .bytes()
            .all(|c| c.is_ascii_alphabetic() || c == b' ' || c == b'-')
    {
        return None;
    }
    // What the last word was: 0 none or a scale word, 1 zero–nineteen,
    // 2 a tens word (only a tens word may be followed by zero–nine).
    let mut total: u64 = 0;
    let mut group: u64 = 0;
    let mut any = false;
    let mut last = 0u8;
    // The words are ASCII letters: compared without a lower-case copy.
    for w in s.split([' ', '-']).filter(|w| !w.is_empty()) {
        let is = |x: &str| x.eq_ignore_ascii_case(w);
        if let Some(n) = NUMBER_WORDS.iter().position(|x| is(x)) {
            if last == 1 || (last == 2 && n >= 10) {
                return None;
            }
            group += n as u64;
            last = 1;
        } else if let Some(t) = TENS.iter().position(|x| is(x)) {
            if last != 0 || group % 100 != 0 {
                return None;
            }
            group += 20 + 10 * t as u64;
            last = 2;
        } else if is("hundred") {
            if last == 0 && any || group >= 100 {
                return None;
            }
            group = group.max(1) * 100;
            last = 0;
        } else if let Some(k) = scale(w).filter(|k| matches!(k, 3 | 6)) {
            // (`thousand`, `million`: the scale words of `scale`.)
            let k = 10u64.pow(k);
            if (last == 0 && any) || (total != 0 && total < k * 1000) {
                return None;
            }
            total += group.max(1) * k;
            group = 0;
            last = 0;
        } else if is("and") && any && last == 0 {
            continue;
        } else {
            return None;
        }
        any = true;
    }
    any.then_some(total + group)
}

/// The denominators written as words, singular (`half` 2 … `tenth` 10).
const DENOMINATORS: [(&str, u64); 10] = [
    ("half", 2),
    ("third", 3),
    ("quarter", 4),
    ("fourth", 4),
    ("fifth", 5),
    ("sixth", 6),
    ("seventh", 7),
    ("eighth", 8),
    ("ninth", 9),
    ("tenth", 10),
];

/// A fraction written in English words, the whole item (ME-15): a number
/// word, `a` or `an` (or nothing before `half`), then a denominator word,
/// singular or plural (`halves`): `one half` → (1, 2), `two thirds` → (2,
/// 3), `three quarters` → (3, 4), `a fifth` → (1, 5), `half` → (1, 2).
///
/// ```
/// use scorespec::score::math::words::fraction_word;
/// assert_eq!(fraction_word("two thirds"), Some((2, 3)));
/// assert_eq!(fraction_word("One half"), Some((1, 2)));
/// assert_eq!(fraction_word("two third apples"), None);
/// ```
pub fn fraction_word(s: &str) -> Option<(u64, u64)> {
    let s = s.trim_quick();
    let (num, den) = match s.rsplit_once([' ', '-']) {
        Some((n, d)) => (n.trim(), d),
        None => ("", s),
    };
    let d = den.to_ascii_lowercase();
    let (q, plural) = DENOMINATORS.iter().find_map(|&(w, q)| {
        if d == w {
            Some((q, false))
        } else if d == format!("{w}s") || (w == "half" && d == "halves") {
            Some((q, true))
        } else {
            None
        }
    })?;
    let p = if num.is_empty() {
        (q == 2).then_some(1)?
    } else if ["a", "an"].iter().any(|a| num.eq_ignore_ascii_case(a)) {
        1
    } else {
        number_word(num)?
    };
    // (`one thirds`, `two third`: the number and the word disagree.)
    ((p == 1) != plural).then_some((p, q))
}

/// A proportion, the whole item (ME-15): an integer, `in` or `out of`
/// (ASCII case ignored, single spaces), a positive integer: `1 in 6` →
/// (1, 6), `3 out of 4` → (3, 4); at most 18 digits each.
///
/// ```
/// use scorespec::score::math::words::proportion;
/// assert_eq!(proportion("1 in 6"), Some((1, 6)));
/// assert_eq!(proportion("3 Out Of 4"), Some((3, 4)));
/// assert_eq!(proportion("1 in 0"), None);
/// assert_eq!(proportion("1 in x"), None);
/// ```
pub fn proportion(s: &str) -> Option<(u64, u64)> {
    let s = s.trim_quick();
    let lower = s.to_ascii_lowercase();
    let (p, q) = lower
        .split_once(" in ")
        .or_else(|| lower.split_once(" out of "))?;
    let int = |x: &str| {
        (!x.is_empty() && x.len() <= 18 && x.bytes().all(|c| c.is_ascii_digit()))
            .then(|| x.parse::<u64>().ok())
            .flatten()
    };
    let (p, q) = (int(p)?, int(q)?);
    (q > 0).then_some((p, q))
}

/// `12th`, `1st`, `2nd`, `23rd`, `12^{th}`, `12^{\text{th}}`,
/// `12^{\mathrm{th}}`, `12^\text{th}` → `12`: an ordinal is its number
/// (ME-15).
pub fn ordinal(s: &str) -> Option<&str> {
    let s = s.trim_quick();
    let digits = s.bytes().take_while(u8::is_ascii_digit).count();
    if digits == 0 || digits > 30 {
        return None;
    }
    let (num, rest) = s.split_at(digits);
    let rest = rest.trim_start();
    let suffix = match rest.strip_prefix('^') {
        Some(r) => {
            let r = r.trim_quick();
            let r = r
                .strip_prefix('{')
                .and_then(|x| x.strip_suffix('}'))
                .unwrap_or(r);
            let r = r.trim_quick();
            let r = ["\\text", "\\mathrm", "\\textrm", "\\rm"]
                .iter()
                .find_map(|c| r.strip_prefix(c))
                .unwrap_or(r)
                .trim_quick();
            r.strip_prefix('{')
                .and_then(|x| x.strip_suffix('}'))
                .unwrap_or(r)
                .trim_quick()
        }
        None => rest,
    };
    let last = num.as_bytes()[digits - 1];
    let teen = digits >= 2 && num.as_bytes()[digits - 2] == b'1';
    let is = |x: &str| suffix.eq_ignore_ascii_case(x);
    let ok = if is("st") {
        last == b'1' && !teen
    } else if is("nd") {
        last == b'2' && !teen
    } else if is("rd") {
        last == b'3' && !teen
    } else if is("th") {
        teen || !matches!(last, b'1' | b'2' | b'3')
    } else {
        false
    };
    ok.then_some(num)
}

/// A date, a weekday or a time of day, read from a whole answer (ME-14).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum When {
    /// A calendar date; a part not written is `None` (`March 2024`).
    Date {
        /// The year.
        year: Option<i32>,
        /// The month, 1–12.
        month: Option<u8>,
        /// The day of the month, 1–31.
        day: Option<u8>,
    },
    /// A day of the week, 0 = Monday.
    Weekday(u8),
    /// A clock time, in seconds after midnight, marked as one (AM/PM or
    /// seconds: `2:15 PM`, `9:00:00`).
    Time(u32),
    /// `H:MM` alone (two-digit minutes): a clock time against a time, a
    /// ratio against a ratio (`7:32` against `S_1:S_2=7:32`), never a number.
    Clock(u32),
    /// A numeric date whose day and month cannot be told apart (`05/06/2024`):
    /// equal only to the same text.
    Ambiguous,
}

const MONTHS: &[&str] = &[
    "january",
    "february",
    "march",
    "april",
    "may",
    "june",
    "july",
    "august",
    "september",
    "october",
    "november",
    "december",
];

const WEEKDAYS: &[&str] = &[
    "monday",
    "tuesday",
    "wednesday",
    "thursday",
    "friday",
    "saturday",
    "sunday",
];

/// The position in `names` of the name `w` abbreviates (a prefix of three
/// letters or more, a final period allowed): `Jan.`, `Sept`, `Tues`.
fn abbreviated(names: &[&str], w: &str) -> Option<u8> {
    let w = w.trim_end_matches('.').as_bytes();
    if w.len() < 3 {
        return None;
    }
    // The names are lower-case ASCII: a case-insensitive prefix, no copy.
    names
        .iter()
        .position(|m| m.len() >= w.len() && m.as_bytes()[..w.len()].eq_ignore_ascii_case(w))
        .map(|i| i as u8)
}

/// A month name or its abbreviation, 1–12.
fn month(w: &str) -> Option<u8> {
    abbreviated(MONTHS, w).map(|m| m + 1)
}

/// A weekday or its usual abbreviation, 0 = Monday.
fn weekday(w: &str) -> Option<u8> {
    abbreviated(WEEKDAYS, w)
}

fn num(s: &str, max_len: usize) -> Option<u32> {
    (!s.is_empty() && s.len() <= max_len && s.bytes().all(|c| c.is_ascii_digit()))
        .then(|| s.parse().ok())
        .flatten()
}

fn valid(month: u32, day: u32) -> bool {
    (1..=12).contains(&month) && (1..=31).contains(&day)
}

/// Reads a whole answer as a date, weekday or clock time (ME-14), after
/// light cleaning: math delimiters, `\text{}`/`\mathrm{}`/`\boxed{}` around
/// the whole, `\,`, `~`, `\ ` and a final period. `None` for anything else —
/// in particular a colon form that is not a clock time (`3:2`, a ratio).
pub fn when(raw: &str) -> Option<When> {
    let mut s = raw.trim_quick();
    if s.len() > 64 || !plausible_when(s) {
        return None;
    }
    // Quick refusal: a date or time has a digit or a letter, and no
    // backslash other than wrappers.
    for _ in 0..4 {
        let before = s.len();
        s = s.trim_quick().trim_matches('$').trim_quick();
        for w in ["\\text{", "\\mathrm{", "\\boxed{", "\\textbf{", "\\mbox{"] {
            if let Some(x) = s.strip_prefix(w).and_then(|x| x.strip_suffix('}')) {
                s = x.trim_quick();
            }
        }
        for (o, c) in [("\\(", "\\)"), ("\\[", "\\]")] {
            if let Some(x) = s.strip_prefix(o).and_then(|x| x.strip_suffix(c)) {
                s = x.trim_quick();
            }
        }
        // A round that removed nothing is followed by the same rounds.
        if s.len() == before {
            break;
        }
    }
    let s = s.trim_end_matches('.');
    // Copied only when there is something to clean.
    let clean: std::borrow::Cow<'_, str> = if s.contains(['\\', '~', '{', '}']) {
        let t = replace_each(
            s.to_string(),
            &[("\\,", " "), ("\\ ", " "), ("~", " "), ("\\text{", "")],
        );
        without_braces(t).into()
    } else {
        s.into()
    };
    if clean.contains('\\') {
        return None;
    }
    let t = clean.trim_quick();
    // Clock time: H:MM, H:MM:SS, optionally AM/PM.
    if let Some((x, marked)) = clock(t) {
        return Some(if marked {
            When::Time(x)
        } else {
            When::Clock(x)
        });
    }
    let parts: Vec<&str> = t.split(['-', '/']).collect();
    if parts.len() == 3 && !t.contains(' ') {
        return numeric_date(&parts);
    }
    word_date(t)
}

/// A date written with numbers, `-` or `/` between them (ISO `YYYY-MM-DD`,
/// `MM/DD/YYYY`, `DD/MM/YYYY`; ambiguous when both readings are valid).
fn numeric_date(parts: &[&str]) -> Option<When> {
    let (a, b, c) = (parts[0], parts[1], parts[2]);
    if a.len() == 4 {
        let (y, m, d) = (num(a, 4)?, num(b, 2)?, num(c, 2)?);
        return valid(m, d).then_some(When::Date {
            year: Some(y as i32),
            month: Some(m as u8),
            day: Some(d as u8),
        });
    }
    if c.len() == 4 && a.len() <= 2 && b.len() <= 2 {
        let (x, y, year) = (num(a, 2)?, num(b, 2)?, num(c, 4)?);
        let date = |m: u32, d: u32| When::Date {
            year: Some(year as i32),
            month: Some(m as u8),
            day: Some(d as u8),
        };
        return match (valid(x, y), valid(y, x)) {
            (true, true) if x == y => Some(date(x, y)),
            (true, true) => Some(When::Ambiguous),
            (true, false) => Some(date(x, y)),
            (false, true) => Some(date(y, x)),
            (false, false) => None,
        };
    }
    None
}

/// A weekday, or a date with its month written as a word (`January 5,
/// 2024`, `Tuesday, Jan. 5th`, `March 2024`).
fn word_date(t: &str) -> Option<When> {
    let words: Vec<&str> = t
        .split([' ', ','])
        .map(|w| w.trim_end_matches('.'))
        .filter(|w| !w.is_empty())
        .collect();
    if words.is_empty() || words.len() > 4 {
        return None;
    }
    if words.len() == 1 {
        if let Some(d) = weekday(words[0]) {
            return Some(When::Weekday(d));
        }
    }
    // Optional leading weekday before a date: `Tuesday, January 5, 2024`.
    let words = match words.split_first() {
        Some((w, rest)) if !rest.is_empty() && weekday(w).is_some() && month(w).is_none() => rest,
        _ => &words[..],
    };
    let mut m = None;
    let mut day = None;
    let mut year = None;
    for w in words {
        if let Some(k) = month(w) {
            if m.is_some() {
                return None;
            }
            m = Some(k);
            continue;
        }
        let digits = w.trim_end_matches(|c: char| c.is_ascii_alphabetic());
        let suffix = &w[digits.len()..];
        if !suffix.is_empty()
            && !["st", "nd", "rd", "th"]
                .iter()
                .any(|x| suffix.eq_ignore_ascii_case(x))
        {
            return None;
        }
        let v = num(digits, 4)?;
        if digits.len() >= 3 && suffix.is_empty() {
            if year.is_some() {
                return None;
            }
            year = Some(v as i32);
        } else if (1..=31).contains(&v) && day.is_none() {
            day = Some(v as u8);
        } else {
            return None;
        }
    }
    let m = m?;
    Some(When::Date {
        year,
        month: Some(m),
        day,
    })
}

/// A quick refusal without copying: every backslash starts a wrapper or a
/// spacing command, and there is a colon, two date separators (`-`, `/`),
/// three letters outside commands, or an `m`: a clock time has a colon or
/// ends with AM/PM, a numeric date has two separators, a weekday or a month
/// three letters at least.
fn plausible_when(s: &str) -> bool {
    const ALLOWED: &[&str] = &[
        "text{", "mathrm{", "boxed{", "textbf{", "mbox{", "(", ")", "[", "]", ",", " ",
    ];
    let b = s.as_bytes();
    let mut signal = false;
    let mut separators = 0;
    let mut letters = 0;
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'\\' => {
                let rest = &s[i + 1..];
                match ALLOWED.iter().find(|a| rest.starts_with(*a)) {
                    Some(a) => i += 1 + a.len(),
                    None => return false,
                }
                continue;
            }
            b':' | b'm' | b'M' => signal = true,
            b'-' | b'/' => separators += 1,
            c if c.is_ascii_alphabetic() => letters += 1,
            _ => {}
        }
        i += 1;
    }
    signal || separators >= 2 || letters >= 3
}

/// `9:00`, `9:00:00`, `2:15 PM`, `2:15 p.m.`, `14:15` → seconds after
/// midnight. The minutes have two digits (that is what tells a clock time
/// from a ratio `3:2`); hours 0–23, or 1–12 with AM/PM. The flag says
/// whether the text is marked as a time (AM/PM or seconds).
fn clock(t: &str) -> Option<(u32, bool)> {
    // A clock time has a colon, or ends with AM/PM (`2 PM`, `2 p.m.`).
    if !t.contains(':') && !t.ends_with(['m', 'M', '.']) {
        return None;
    }
    let lower = t.to_ascii_lowercase();
    let (body, half) = if let Some(x) = lower
        .strip_suffix("am")
        .or_else(|| lower.strip_suffix("a.m"))
        .or_else(|| lower.strip_suffix("a.m."))
    {
        (x.trim_end().to_string(), Some(false))
    } else if let Some(x) = lower
        .strip_suffix("pm")
        .or_else(|| lower.strip_suffix("p.m"))
        .or_else(|| lower.strip_suffix("p.m."))
    {
        (x.trim_end().to_string(), Some(true))
    } else {
        (lower.clone(), None)
    };
    let parts: Vec<&str> = body.split(':').collect();
    let (h, m, s) = match parts.as_slice() {
        [h] if half.is_some() => (num(h, 2)?, 0, 0),
        [h, m] if m.len() == 2 => (num(h, 2)?, num(m, 2)?, 0),
        [h, m, s] if m.len() == 2 && s.len() == 2 => (num(h, 2)?, num(m, 2)?, num(s, 2)?),
        _ => return None,
    };
    if m >= 60 || s >= 60 {
        return None;
    }
    let h = match half {
        Some(pm) => {
            if !(1..=12).contains(&h) {
                return None;
            }
            (h % 12) + if pm { 12 } else { 0 }
        }
        None if h <= 24 => h % 24,
        None => return None,
    };
    Some((h * 3600 + m * 60 + s, half.is_some() || parts.len() == 3))
}

/// Whether two readings name the same date, weekday or time: dates agree on
/// every part both write and write the same parts (`March 2024` is not
/// `March 5, 2024`).
pub fn same(a: When, b: When) -> bool {
    let time = |w: When| match w {
        When::Time(t) | When::Clock(t) => Some(t),
        _ => None,
    };
    match (a, b) {
        (When::Ambiguous, _) | (_, When::Ambiguous) => false,
        _ if time(a).is_some() => time(a) == time(b),
        _ => a == b,
    }
}

/// `60^\circ 42'` (also `^{\circ}`, `^\prime`, with seconds `15''` or
/// `15"`) → `(60+\frac{42}{60})^\circ`: degrees and minutes (and seconds)
/// are one angle (ME-15).
pub fn degrees_minutes(s: &str) -> Option<String> {
    let s = s.trim_quick();
    let (deg, rest) = s.split_once('^')?;
    let rest = rest.trim_start();
    let rest = ["{\\circ}", "\\circ"]
        .iter()
        .find_map(|m| rest.strip_prefix(m))?
        .trim_start();
    let number = |t: &str| {
        let t = t.trim_quick();
        (!t.is_empty()
            && t.len() <= 30
            && t.bytes().all(|c| c.is_ascii_digit() || c == b'.')
            && t.bytes().filter(|c| *c == b'.').count() <= 1)
            .then(|| t.to_string())
    };
    let (neg, deg) = match deg.trim_quick().strip_prefix('-') {
        Some(d) => ("-", d),
        None => ("", deg),
    };
    let deg = number(deg)?;
    let minute_marks = ["^{\\prime}", "^\\prime", "'"];
    let (min, rest) = minute_marks.iter().find_map(|m| {
        let i = rest.find(m)?;
        Some((number(&rest[..i])?, rest[i + m.len()..].trim_quick()))
    })?;
    let sec = if rest.is_empty() {
        None
    } else {
        let second_marks = [
            "^{\\prime\\prime}",
            "^{\\prime \\prime}",
            "''",
            "\"",
            "^\\dprime",
        ];
        let sec = second_marks.iter().find_map(|m| {
            let x = rest.strip_suffix(m)?;
            number(x)
        })?;
        Some(sec)
    };
    let mut out = format!("{neg}({deg}+\\frac{{{min}}}{{60}}");
    if let Some(sec) = sec {
        out.push_str(&format!("+\\frac{{{sec}}}{{3600}}"));
    }
    out.push_str(")^\\circ");
    Some(out)
}

/// The sets of numbers written by name (ME-17): `\mathbb{R}` (also `ℝ`,
/// "all real numbers") is the interval `(-\infty,\infty)`, its positive and
/// negative parts are intervals; `\mathbb{Z}`, `\mathbb{N}`, `\mathbb{Q}`,
/// `\mathbb{C}` and their positive parts are named sets (compared by name).
/// The text returned is what the comparison reads instead.
pub fn number_set(s: &str) -> Option<&'static str> {
    if s.len() > 64 {
        return None;
    }
    // A letter alone is a variable unless blackboard bold or bold says
    // it names a set (`z` is not the integers).
    let marked = s.contains('\\') && ["\\mathbb", "\\Bbb", "\\mathbf"].iter().any(|m| has(s, m));
    let words = s.bytes().all(|c| c.is_ascii_alphabetic() || c == b' ');
    if !(marked || words || (s.starts_with('\\') && s.len() <= 8 && names_set_after_backslash(s))) {
        return None;
    }
    number_set_read(s, marked)
}

/// Whether a short command that is neither marked nor words may name a set
/// for [`number_set`]: its first letter after the backslash (spaces and
/// braces aside) is that of `\R`, `\reals`, `\Z`, `\N`, `\Q` or `\C`, the
/// only commands it reads. Most such texts (`\frac13`, `\pi`, `\sqrt2`) are
/// not read further (a unit test checks the claim against the reading).
fn names_set_after_backslash(s: &str) -> bool {
    s.get(1..)
        .and_then(|rest| {
            rest.chars()
                .find(|c| !c.is_whitespace() && !matches!(c, '{' | '}'))
        })
        .is_some_and(|c| matches!(c.to_ascii_lowercase(), 'r' | 'z' | 'n' | 'q' | 'c'))
}

/// [`number_set`]'s reading of a text that passed its first checks
/// (`marked`: it holds `\mathbb`, `\Bbb` or `\mathbf`).
fn number_set_read(s: &str, marked: bool) -> Option<&'static str> {
    let t: String = s
        .trim_quick()
        .chars()
        .filter(|c| !c.is_whitespace())
        .collect();
    let t = replace_each(t, &[("\\mathbb", ""), ("\\mathbf", ""), ("\\Bbb", "")]);
    // (The relation commands in ASCII, `\\geq` before `\\ge`: `r_\\geq0`.)
    let commands = super::relations::RELATION_SIGNS
        .iter()
        .filter(|r| r.is_command());
    let t = commands.fold(t, |t, r| replace_each(t, &[(r.spelling, r.ascii())]));
    let mut t = without_braces(t);
    t.make_ascii_lowercase();
    let t = t
        .strip_prefix("all")
        .or_else(|| t.strip_prefix("the"))
        .unwrap_or(&t);
    let word = t.len() > 2 && t.bytes().all(|c| c.is_ascii_alphabetic());
    if !(marked || word || t.starts_with('\\')) {
        return None;
    }
    Some(match t {
        "r" | "\\r" | "\\reals" | "realnumbers" | "reals" | "(-\\infty,\\infty)" => {
            "(-\\infty,\\infty)"
        }
        "r^+" | "r_+" | "r_>0" | "positiverealnumbers" | "positivereals" => "(0,\\infty)",
        "r^-" | "r_-" | "r_<0" | "negativerealnumbers" | "negativereals" => "(-\\infty,0)",
        "r_>=0" | "r^+_0" | "r_0^+" | "nonnegativerealnumbers" => "[0,\\infty)",
        "r_<=0" | "nonpositiverealnumbers" => "(-\\infty,0]",
        "z" | "\\z" | "integers" => "\\text{integers}",
        "z^+" | "z_+" | "z_>0" | "positiveintegers" => "\\text{positive integers}",
        "z^-" | "z_-" | "z_<0" | "negativeintegers" => "\\text{negative integers}",
        "z_>=0" | "nonnegativeintegers" => "\\text{nonnegative integers}",
        "n" | "\\n" | "naturalnumbers" => "\\text{natural numbers}",
        "q" | "\\q" | "rationalnumbers" | "rationals" => "\\text{rational numbers}",
        "q^+" | "q_+" | "q_>0" | "positiverationalnumbers" => "\\text{positive rational numbers}",
        "c" | "\\c" | "complexnumbers" => "\\text{complex numbers}",
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `trim_quick` is `str::trim` on texts with every kind of end:
    /// visible ASCII, ASCII and Unicode spaces, control bytes, non-ASCII.
    #[test]
    fn trim_quick_is_trim() {
        let pieces = [
            "x", "1", " ", "\t", "\n", "\u{b}", "\u{a0}", "\u{3000}", "é", "~", "\u{7f}",
        ];
        let mut glue = crate::text::Glue(5);
        for _ in 0..5000 {
            let t = glue.text(&pieces, 0);
            assert_eq!(t.trim_quick(), t.trim(), "{t:?}");
        }
    }

    /// A short command `names_set_after_backslash` refuses is no set for
    /// the full reading either: every backslash text of up to four
    /// characters over letters, spaces, braces and signs, and commands.
    #[test]
    fn short_commands_that_name_no_set_are_not_read() {
        let alphabet: Vec<char> = "rRzZnNqQcCeglmfpx {}^+_>=0".chars().collect();
        let mut texts = vec![
            "\\frac13".to_string(),
            "\\pi".into(),
            "\\sqrt2".into(),
            "\\R".into(),
        ];
        texts.extend(
            [
                "\\reals", "\\ R", "\\{R}", "\\Z^+", "\\ge R", "\\le", "\\C", "\\infty",
            ]
            .map(String::from),
        );
        for a in &alphabet {
            texts.push(format!("\\{a}"));
            for b in &alphabet {
                texts.push(format!("\\{a}{b}"));
                for c in &alphabet {
                    texts.push(format!("\\{a}{b}{c}"));
                }
            }
        }
        let mut named = 0;
        for t in &texts {
            let marked = ["\\mathbb", "\\Bbb", "\\mathbf"].iter().any(|m| has(t, m));
            let words = t.bytes().all(|c| c.is_ascii_alphabetic() || c == b' ');
            if marked || words || t.len() > 8 {
                continue;
            }
            let read = number_set_read(t, false);
            named += usize::from(read.is_some());
            assert_eq!(number_set(t), read, "{t:?}");
        }
        assert!(named >= 20, "{named}");
    }

    #[test]
    fn readings() {
        assert!(same(when("9:00").unwrap(), when("9:00:00").unwrap()));
        assert!(same(when("2:15 PM").unwrap(), when("14:15").unwrap()));
        assert_ne!(when("1:30 PM"), when("1:30 AM"));
        assert_eq!(when("3:2"), None);
        assert_eq!(when("Tuesday"), when("Tues."));
        assert_eq!(when("2024-01-05"), when("January 5, 2024"));
        assert_eq!(when("05/06/2024"), Some(When::Ambiguous));
        assert_eq!(when("12/25/2024"), when("2024-12-25"));
        assert_eq!(number_word("Twenty-one"), Some(21));
        assert_eq!(number_word("three hundred and five"), Some(305));
        assert_eq!(number_word("two thousand and twenty-four"), Some(2024));
        assert_eq!(number_word("ten ten"), None);
        assert_eq!(number_word("ten one"), None);
        assert_eq!(number_word("twenty twenty"), None);
        assert_eq!(number_word("one and two"), None);
        assert_eq!(ordinal("12^{\\text{th}}"), Some("12"));
        assert_eq!(ordinal("11st"), None);
        assert_eq!(split_prose("12 dogs"), Some(("12", "dog".to_string())));
        assert_eq!(split_prose("2 ab"), None);
        assert_eq!(
            degrees_minutes("60^\\circ 42'").as_deref(),
            Some("(60+\\frac{42}{60})^\\circ")
        );
        assert_eq!(number_set("\\mathbb{R}^+"), Some("(0,\\infty)"));
        assert_eq!(number_set("z"), None);
    }

    /// A negating or bounding word before the number (`not 8`,
    /// `\text{at most } 5`) is found; labels, approximations and words
    /// after the number are not qualifiers.
    #[test]
    fn qualified_items_are_text() {
        for s in [
            "not 8",
            "Never 8",
            "isn't 3",
            "isn\u{2019}t 3",
            "less than 5",
            "fewer than 5 apples",
            "\\text{at most } 5",
            "$\\text{not}$ 5",
            "\\(\\mathrm{no more than}\\) 5",
            "the answer is not 5",
            "except 2",
            "up to 5",
        ] {
            assert!(qualified(s), "{s}");
        }
        for s in [
            "Season 7",
            "about 5",
            "approximately 5",
            "5 more apples",
            "5 not",
            "x = 5",
            "knot 5",
            "nothing 5",
            "\\frac{not}{2}",
            "No. 5",
        ] {
            assert!(!qualified(s), "{s}");
        }
        for s in ["3 squared", "5 Factorial", "$2$ cubed", "\\text{3 squared}"] {
            assert!(operated(s), "{s}");
        }
        for s in [
            "25 cm squared",
            "squared 3",
            "3 squared meters",
            "3 times",
            "x squared",
        ] {
            assert!(!operated(s), "{s}");
        }
        for (s, want) in [
            ("1.5 million", Some("1500000")),
            ("1.5 million people", Some("1500000 people")),
            ("2 dozen", Some("24")),
            ("3 Hundred", Some("300")),
            ("0.25 thousand", Some("250")),
            ("1.2345 thousand", Some("1234.5")),
            ("$5 billion", Some("$5000000000")),
            ("1.5 dozen", None),
            ("5 thousands", None),
            ("5 apples", None),
            ("million", None),
            ("5million", None),
        ] {
            assert_eq!(scaled(s).as_deref(), want, "{s}");
        }
    }
}
