//! Trailing reasons and descriptions (MX-22): the fallback's last formula
//! or number is not the answer when it stands in a clause that gives a
//! reason for another value of its sentence, or describes it — `So n = 12,
//! since 12 / 3 = 4.`, `The smallest such n is 12, since 10 and 11 do not
//! work.`, `The total is 24, which is divisible by 3.`, `The total is 24,
//! which is 4 more than 20.` The answer is the value before the clause (12,
//! 12, 24, 24), not the reason's or the description's number (4, 10, 3,
//! 20), which credited the response against a gold equal to it.
//!
//! A *reason* opens with `since` or `because` (a word of its own) after a
//! comma or right after a value (`12, since`, `$x = 5$ because`), or with
//! `as` or `whereas` after a comma; a *description* opens with `, which is` (or `are`)
//! with a word of [`DESCRIBED`] before the value (`divisible`, `twice`,
//! `more`, `multiple`), or with `, which` and a verb of [`DESCRIBING`]
//! (`satisfies`, `matches`, `lies`), or with such a verb right after a
//! value (`x = 4 satisfies the equation 2x + 1 = 9`): `, which is 24`, `, which is equal to
//! 24`, `, which is a total of 24` compute or restate the value instead,
//! and `, which is about 24` restates it approximately (MX-20). The clause is read back from the
//! value over at most [`MAX_REASON_BYTES`] bytes of its sentence; it ends
//! (no reason, the value stays) at a concluding word (MX-21's
//! [`CONCLUSIONS`](super::alternatives::CONCLUSIONS): `so`, `thus`, `giving`, `which`, …) or at a comma with nothing but spaces between it and
//! the next word or the value (a new clause: `The count is 4, since pairs
//! repeat, we get 8` is 8; a comma inside a formula, `f(1, 2)`, is none). And it is read
//! only when a value stands before it in the same clause (MX-18's
//! [`same_clause`](super::conditions::same_clause)): `Since 12/3 = 4, n =
//! 20.` opens its sentence with the reason and stays 20.
//!
//! Three more clauses qualify the value before them, read by the same walk:
//! an *adjunct* ([`ADJUNCTS`] then a participle: `12 left over after buying
//! 3 books`, `120 when rounded to the nearest 10`), a *known quantity* (a
//! preposition then an article right before the number: `12 eggs left in
//! the 2 cartons`) and `, where` with no `=` after it (`24 units, where 5
//! and 7 are the sides`).
//!
//! # Differences with the document
//!
//! Document 004's fallback takes the last number wherever it stands (its
//! `math.extract_answer` still does); this rule is the production
//! extraction's (spec/math.md MX-22).

use super::conditions::list_start;
use super::heads::SHARES;
use super::lexicon::{
    ADJUNCT, APPOSITIVE, AS, CHANGE, CONCLUSION, DESCRIBES, DESCRIBING_VERB, IS, NUMBER_WORD,
    REASON, VALUE_VERB, WHERE, WHICH, Word, classes_in, words_back,
};
use super::negations::next_word_is;
use super::numbers::{number_len, run_before, word_before};
use super::{MAX_SENTENCE_BACK, ValueSentence};

/// The words that open a reason (ASCII case ignored, a word of their own;
/// `given` as in `144 square centimeters, given that each side measures
/// 12 centimeters`) or an assumption (`1/3, assuming all 3 outcomes are
/// equally likely`, `5, provided that n > 2`).
pub(super) const REASONS: [&str; 6] = [
    "since",
    "because",
    "given",
    "assuming",
    "supposing",
    "provided",
];

/// The words after `, which is` that describe the value before it (`24,
/// which is divisible by 3`, `4 more than 20`, `twice 12`, `a multiple of
/// 4`): with none of them before the value the clause computes or restates
/// it instead (`which is 24`, `which is equal to 24`, `which is a total of
/// 24`).
pub(super) const DESCRIBED: [&str; 32] = [
    "divisible",
    "twice",
    "thrice",
    "times",
    "half",
    "double",
    "triple",
    "more",
    "less",
    "greater",
    "smaller",
    "larger",
    "fewer",
    "bigger",
    "higher",
    "lower",
    "above",
    "below",
    "under",
    "over",
    "within",
    "between",
    "consistent",
    "close",
    "closer",
    "multiple",
    "factor",
    "divisor",
    "prime",
    "even",
    "odd",
    "not",
];

/// The verbs after `, which` or right after a value that describe the
/// value before them (`5, which satisfies x > 3`, `x = 4 satisfies the
/// equation 2x + 1 = 9`), whatever follows them.
pub(super) const DESCRIBING: [&str; 13] = [
    "satisfies",
    "appears",
    "appear",
    "occurs",
    "occur",
    "satisfy",
    "matches",
    "agrees",
    "fits",
    "lies",
    "exceeds",
    "confirms",
    "meets",
];

/// The verbs of [`DESCRIBING`] that describe the value only after `,
/// which` (`7, which appears 3 times`), not right after it (`150 exceeds
/// the budget by 50`, `7 appears 3 times`: the number after them is as
/// often the one asked).
const AFTER_WHICH_ONLY: [&str; 5] = ["exceeds", "appears", "appear", "occurs", "occur"];

/// The words that open a phrase set apart after a value (a comma before
/// them) that describes it by another value: a multiple (`20 cm, twice
/// the width of 10 cm`, `40, double the 20 we had`), a part (`$15,
/// including $3 for shipping`, `15, excluding the 3 we discard`), a change
/// or a sequel (`25 marbles, up from 10`, `$80, down 20%`, `7, followed by
/// 13`), the whole (`15 students, out of 40`, `27, out of a possible 30`;
/// in `, out of which 5 are red` the walk back stops at `which`), a value
/// compared with it (`15 students, compared to 12 last year`, `15, versus
/// 12`, `15, relative to 12`, `15, against 12`), the value it was rounded
/// from or changed from (`9, rounded from 8.7`: [`apposed`] reads `rounded`
/// only before `from`; `50 km/h, from 40 km/h before`) or how often it
/// occurs (`7, appearing 3 times`).
pub(super) const APPOSITIVES: [&str; 20] = [
    "twice",
    "thrice",
    "half",
    "double",
    "triple",
    "including",
    "excluding",
    "up",
    "down",
    "followed",
    "out",
    "compared",
    "versus",
    "vs",
    "relative",
    "against",
    "rounded",
    "from",
    "appearing",
    "occurring",
];

/// The words of [`APPOSITIVES`] that compare the value with the one after
/// them: `to` after them names that value (`compared to 12`, `relative to
/// 12`: not a range's end), and `compared`, `versus` and `vs` set it apart
/// without a comma too (`15 students passed versus 12 last year`).
const COMPARING: [&str; 5] = ["compared", "versus", "vs", "relative", "against"];

/// The words of [`COMPARING`] that set the value after them apart without
/// a comma (`15 students passed versus 12 last year`), here and in MX-11's
/// statements (`The answer is 100 compared to 80 before.`).
pub(super) const UNSET: [&str; 3] = ["compared", "versus", "vs"];

/// The nouns of a change or a gap that, after `a`, `an` or `the` set apart
/// by a comma after a value, name another value by it (`The population grew
/// to 100, an increase of 25.`, `7, the difference of 12 and 5`).
pub(super) const CHANGES: [&str; 14] = [
    "improvement",
    "reduction",
    "growth",
    "decline",
    "jump",
    "increment",
    "increase",
    "decrease",
    "difference",
    "gain",
    "loss",
    "change",
    "rise",
    "drop",
];

/// The words that open an adjunct clause when a participle follows them
/// (`12 left over after buying 3 books`, `12 by adding 5 and 7`, `120 when
/// rounded to the nearest 10`).
pub(super) const ADJUNCTS: [&str; 9] = [
    "after", "before", "while", "without", "by", "upon", "when", "once", "if",
];

/// The prepositions before an article and a number that name a quantity
/// the sentence already knows (`12 eggs left in the 2 cartons`, `24 apples
/// over the 3 days`).
const PREPOSITIONS: [&str; 18] = [
    "in",
    "into",
    "on",
    "of",
    "for",
    "among",
    "amongst",
    "between",
    "across",
    "from",
    "with",
    "to",
    "at",
    "within",
    "over",
    "during",
    "throughout",
    "through",
];

/// The articles (`a 20% discount`, `, an increase of 25`, `, the 3 we
/// discard`).
pub(super) const DETERMINERS: [&str; 3] = ["a", "an", "the"];

/// The articles and possessives of such a quantity (`the 2 cartons`, `her 3
/// friends`, `all 300 students`).
const ARTICLES: [&str; 11] = [
    "the", "his", "her", "their", "its", "our", "my", "your", "these", "those", "all",
];

/// The subject pronouns: after a participle, a clause of its own (`after
/// adding 5 we get 12`).
const PRONOUNS: [&str; 7] = ["we", "i", "it", "they", "he", "she", "you"];

/// The most words between an adjunct's participle and the value (`after
/// rounding to the nearest 10`: three).
pub const MAX_ADJUNCT_WORDS: usize = 3;

/// The most bytes read back from the value for its clause's opener.
pub const MAX_REASON_BYTES: usize = 160;

const _: () = assert!(MAX_REASON_BYTES <= MAX_SENTENCE_BACK);

/// Where the reason or description that the value at `span` stands in
/// opens (the opener word, or `which` of `, which is`), when one does in
/// its sentence in `text[from..]` (`sentence`: the value's, read from
/// `from`); the caller reads the value before it.
pub(super) fn reason_start(
    text: &str,
    sentence: &ValueSentence,
    span: (usize, usize),
) -> Option<usize> {
    let b = text.as_bytes();
    debug_assert_eq!(sentence.at(), span.0);
    let s = sentence.start(b, MAX_REASON_BYTES, true);
    // (The readings that need no walk back; then whether the value is
    // described: by what follows it, or by a word of DESCRIBED between the
    // word read and the value.)
    let mut described = match set_apart(text, s, span) {
        Err(q) => return Some(q),
        Ok(described) => described,
    };
    if let Some(p) = named_before(b, s, span.0) {
        return Some(p);
    }
    let comma_before = |at: usize| comma_before(b, s, at);
    // (The word read, and where the bytes after it end: the value or the
    // word read before.)
    let mut k = span.0;
    // (The last word read, and whether none of the words read is a verb of
    // value: an adjunct's participle, the words between it and the value.)
    let mut next: Option<Word> = None;
    let mut plain = true;
    // (Whether every word read so far is a symbol: one letter, or a
    // command after `\\`.)
    let mut symbols = true;
    for (read, word) in words_back(b, s, span.0).enumerate() {
        let Word {
            start: w,
            end: e,
            classes: class,
        } = word;
        // `x = 4 is the only solution of the equation 2x + 1 = 9`: the value
        // ends an equation the sentence names after a preposition; the
        // value before it is the answer.
        if symbols {
            if let Some(p) = named_equation(b, s, word, span.0) {
                return Some(p);
            }
        }
        symbols &= e - w == 1 || (w > s && b[w - 1] == b'\\');
        // (A comparative before `than`, the word read last: `2.5 m/s,
        // which is slower than the 3 m/s limit` describes 2.5 m/s, as the
        // words of DESCRIBED do.)
        let compares = next.is_some_and(|n| b[n.start..n.end].eq_ignore_ascii_case(b"than"))
            && is_comparative(&b[w..e]);
        // (A word of its own: not the end of a command or a variable
        // glued to digits.)
        let apart = w == s || matches!(b[w - 1], b' ' | b',' | b'(' | b'\n' | b'$' | b'*');
        // `8 apples left, 3 fewer than the 11 she started with`: the value
        // is what a comparison set apart after another value compares it
        // with; the value before the comparison is the answer.
        if let Some(c) = apposed_comparison(b, e, k) {
            return Some(c);
        }
        // `12 left over after buying 3 books`, `12 eggs in the 2 cartons` (the
        // second word back or ADJUNCTS only); `120 ways to arrange 5 books`.
        if apart
            && next.is_some_and(|n| {
                (read == 1 || class & ADJUNCT != 0) && adjunct(b, word, n, read, plain, span)
                    || purpose(b, s, word, n, span)
            })
        {
            return Some(w);
        }
        plain &= class & (IS | VALUE_VERB) == 0;
        next = Some(word);
        // The bytes between the word and what follows it.
        if b[e..k].trim_ascii() == b"," {
            // A comma, then a word (or the value): what follows it is a new
            // clause (the one the value stands in): no reason opens before.
            return None;
        }
        // (`giving` after a word of ADJUNCTS is the adjunct's participle:
        // `after giving away 10`, read at `after`.)
        if apart && class & CONCLUSION != 0 && !after_adjunct(b, s, w) {
            return None;
        }
        // (After a comma or right after a value: `12, since`, `$x = 5$
        // because`; not `3 options and since 7 is prime the count is 8`.)
        let after_value = || {
            let p = run_before(b, s, w, |c| matches!(c, b' ' | b'$'));
            p > s && (b[p - 1].is_ascii_digit() || matches!(b[p - 1], b'}' | b')' | b']' | b'%'))
        };
        if apart && class & REASON != 0 {
            return (comma_before(w) || after_value()).then_some(w);
        }
        // (A describing verb right after a value: `x = 4 satisfies the
        // equation 2x + 1 = 9`; not one of AFTER_WHICH_ONLY: `150 exceeds
        // the budget by 50`, `7 appears 3 times` name a number as often
        // asked as the value.)
        if apart
            && class & DESCRIBING_VERB != 0
            && !AFTER_WHICH_ONLY
                .iter()
                .any(|x| b[w..e].eq_ignore_ascii_case(x.as_bytes()))
            && after_value()
        {
            return Some(w);
        }
        if apart && class & (AS | APPOSITIVE | WHERE | CHANGE) != 0 {
            if let Some(q) = apposed(b, s, word, span.0, after_value()) {
                return Some(q);
            }
        }
        let verb = class & IS != 0;
        if apart && class & (IS | DESCRIBING_VERB) != 0 {
            let (q, p) = word_before(b, s, w);
            if p < w && classes_in(b, q, p) & WHICH != 0 && comma_before(q) {
                return (described || !verb).then_some(q);
            }
        }
        described |= class & DESCRIBES != 0 || compares;
        k = w;
    }
    None
}

/// The words before a value that give what each of the items counted
/// before them holds, when [`shared_each`] follows the value (`14 bags with
/// 2 lollipops in each bag`, `6 boxes of 4 eggs each`).
const SHARING: [&str; 2] = ["with", "of"];

/// The words after a value's noun that make it a share of each item,
/// besides MX-11's [`SHARES`] (`for each`, `each`, `per`, `apiece` …).
const IN_EACH: [&str; 2] = ["in each", "in every"];

/// The most words between a shared value and its share word (`2 red
/// lollipops each`: two).
const MAX_SHARE_WORDS: usize = 2;

/// Whether the value ending at `end` is a share of each item: at most
/// [`MAX_SHARE_WORDS`] words after it (its noun), then a phrase of
/// [`SHARES`] or [`IN_EACH`], spaces between (`2 lollipops in each
/// bag`, `4 eggs each`, `3 per box`).
fn shared_each(b: &[u8], end: usize) -> bool {
    let mut k = end;
    for _ in 0..=MAX_SHARE_WORDS {
        if phrase_after(b, k, &SHARES) || phrase_after(b, k, &IN_EACH) {
            return true;
        }
        let n = b[k..].iter().take_while(|&&c| c == b' ').count();
        let m = b[k + n..]
            .iter()
            .take_while(|c| c.is_ascii_alphabetic())
            .count();
        if n == 0 || m == 0 {
            return false;
        }
        k += n + m;
    }
    false
}

/// The readings of MX-22 for the value at `span` (its sentence from `s`)
/// that need no walk back: where the value before is read (`Err`) when a
/// Chinese comparison is set apart before it, a hyphen joins it to a word
/// or a comparison after it is set apart by a comma or a parenthesis
/// before it; else (`Ok`) whether what follows it describes it (an
/// ordinal, a comparison).
fn set_apart(text: &str, s: usize, span: (usize, usize)) -> Result<bool, usize> {
    let b = text.as_bytes();
    // `，比小红多3个` (MX-22 in Chinese).
    if let Some(q) = zh_set_apart(text, s, span.0) {
        return Err(q);
    }
    // `12 more cups to fill the 20-cup container`: a number joined to a
    // word by a hyphen is an adjective of a noun, not the answer.
    if b.get(span.1) == Some(&b'-')
        && b[span.1 + 1..]
            .iter()
            .take_while(|c| c.is_ascii_alphabetic())
            .count()
            >= 2
    {
        return Err(span.0);
    }
    // (An ordinal describes: `7, which is the 4th prime`.)
    let ordinal = ["st", "nd", "rd", "th"].iter().any(|o| {
        b[span.1..].starts_with(o.as_bytes())
            && b.get(span.1 + 2).is_none_or(|c| !c.is_ascii_alphanumeric())
    });
    // (A comparison describes: `8, which is 3 fewer than before`; set
    // apart by a comma, a parenthesis or a dash right before the value, it
    // is an apposition to the value before it: `8 apples, 3 more than Tom`,
    // `8 apples (3 fewer than before)`, `12 — 4 more than last year`.)
    let compared = compared_after(b, span.1);
    if compared {
        let p = run_before(b, s, span.0, |c| matches!(c, b' ' | b'$'));
        if p > s && matches!(b[p - 1], b',' | b'(') {
            return Err(p - 1);
        }
        if let Some(d) = dash_before(b, s, p) {
            return Err(d);
        }
    }
    // (A share set apart after another value: `$150, or $50 per person`,
    // `$150 ($50 per person)`, `12 apples, 4 for each of the 3 kids`, as
    // MX-11 reads a statement's.)
    if shared_after(b, span.1) {
        if let Some(q) = set_apart_before(b, s, span.0) {
            return Err(q);
        }
    }
    // (A share of each item counted before it: `14 bags with 2 lollipops
    // in each bag`, `6 boxes of 4 eggs each`.)
    let at = run_before(b, s, span.0, |c| c == b'$');
    let (q, e) = word_before(b, s, at);
    if q < e
        && e < at
        && (q == s || !b[q - 1].is_ascii_alphanumeric())
        && word_is_one_of(b, (q, e), &SHARING)
        && shared_each(b, span.1)
    {
        return Err(q);
    }
    Ok(ordinal || compared)
}

/// Whether `word`, read back from the value at `span` with `next` the word
/// after it, opens a clause that only qualifies another value of its
/// sentence: an *adjunct* (a word of [`ADJUNCTS`], then a participle — five
/// letters or more ending in `ing` or `ed` — then at most
/// [`MAX_ADJUNCT_WORDS`] words, `plain`: no verb of value, no pronoun,
/// before the value: `after buying 3 books`, `when rounded to the nearest
/// 10`), or a *known quantity* (a word of [`PREPOSITIONS`] or of
/// [`ADJUNCTS`], or a verb after `to` — not a verb of value nor one of
/// [`RESULT_VERBS`] —, then one of [`ARTICLES`] right before the value: `in
/// the 2 cartons`, `among her 3 friends`, `after the 3 steps`, `when the
/// $60 bill`, `to arrange the 5 books`; or `a`/`an` right before a number that a noun follows:
/// `after a 20% discount`, `to fill a 10 gallon tank`). `read` is the
/// number of words read before `word`.
fn adjunct(
    b: &[u8],
    word: Word,
    next: Word,
    read: usize,
    plain: bool,
    span: (usize, usize),
) -> bool {
    let value = span.0;
    let spaced =
        |from: usize, to: usize, extra: u8| b[from..to].iter().all(|&c| c == b' ' || c == extra);
    if word.end == next.start || !spaced(word.end, next.start, b' ') {
        return false;
    }
    let one_of = |w: Word, list: &[&str]| {
        let w = &b[w.start..w.end];
        list.iter().any(|x| w.eq_ignore_ascii_case(x.as_bytes()))
    };
    if word.classes & ADJUNCT != 0 && plain && read <= MAX_ADJUNCT_WORDS + 1 {
        let p = &b[next.start..next.end];
        let ends = |x: &[u8]| p.len() >= 5 && p[p.len() - x.len()..].eq_ignore_ascii_case(x);
        // (A pronoun between the participle and the value opens a clause
        // of its own: `after adding 5 we get 12`.)
        if ends(b"ing") || ends(b"ed") {
            return !words_back(b, next.end, value).any(|w| one_of(w, &PRONOUNS));
        }
        // (No participle: `after the 3 steps` may still be a known
        // quantity.)
    }
    if read != 1 || next.end >= value || !spaced(next.end, value, b'$') {
        return false;
    }
    // `a 20% discount`: an indefinite article before a number is one of a
    // noun's adjectives (a noun after it, `%` between allowed).
    let indefinite = one_of(next, &["a", "an"]) && {
        let rest = &b[span.1..];
        let rest = rest.strip_prefix(b"%").unwrap_or(rest);
        rest.first() == Some(&b' ') && rest.get(1).is_some_and(u8::is_ascii_alphabetic)
    };
    if !one_of(next, &ARTICLES) && !indefinite {
        return false;
    }
    // `to arrange the 5 books`: a verb after `to` (spaces between).
    let infinitive = || {
        let (t, e) = word_before(b, 0, word.start);
        e < word.start
            && b[t..e].eq_ignore_ascii_case(b"to")
            && (t == 0 || !b[t - 1].is_ascii_alphanumeric())
            && word.classes & (IS | VALUE_VERB) == 0
            && !one_of(word, &RESULT_VERBS)
    };
    one_of(word, &PREPOSITIONS) || word.classes & ADJUNCT != 0 || infinitive()
}

/// The most words between a counted value and the `to` of its purpose
/// (`8 buses are needed to carry`: three).
pub const MAX_PURPOSE_WORDS: usize = 3;

/// Verbs after `to` that compute, show or end at the value after them
/// rather than use the value before (`2 steps to simplify to 3/4`, `3 ways
/// to check 12`, `rose 5 points to end at 105`, `gave away 3 to leave 5`
/// name what the sentence finds): with [`RESULT_VERBS`], no purpose.
const COMPUTING: [&str; 24] = [
    "compute",
    "calculate",
    "determine",
    "solve",
    "evaluate",
    "simplify",
    "express",
    "convert",
    "round",
    "show",
    "prove",
    "check",
    "verify",
    "isolate",
    "end",
    "finish",
    "close",
    "total",
    "become",
    "equal",
    "amount",
    "come",
    "bring",
    "leave",
];

/// Whether `word` (read back from the value at `span`, in its sentence from
/// `s`; `next` the word after it) opens a purpose that a counted value
/// before it serves (MX-22): `to` and a verb (a small word of its own, not
/// an article, a pronoun, a number word, `be`, nor one of [`RESULT_VERBS`] or
/// [`COMPUTING`]: `to arrange`, `to drive`), or `of` and a participle in
/// `ing` after `way` or `ways` (`35 ways of choosing`); and before it, at
/// most [`MAX_PURPOSE_WORDS`] words then a value (`120 ways to arrange 5
/// books`, `4 hours to drive 200 miles`, `8 buses are needed to carry 300
/// students`: 120, 4 and 8, the purpose's values given). The value itself
/// is no formula with `=` (`by 2 to solve for x = 4` states x), and no `,`,
/// `;` or `:` stands between the verb and it (its own clause).
fn purpose(b: &[u8], s: usize, word: Word, next: Word, span: (usize, usize)) -> bool {
    // (`to` and `of` only: one test for every other word.)
    if word.end - word.start != 2 {
        return false;
    }
    let is = |w: (usize, usize), x: &str| b[w.0..w.1].eq_ignore_ascii_case(x.as_bytes());
    let one_of = |w: Word, list: &[&str]| word_is_one_of(b, (w.start, w.end), list);
    let verb = &b[next.start..next.end];
    let spaced = b[word.end..next.start].iter().all(|&c| c == b' ') && word.end < next.start;
    let to = is((word.start, word.end), "to")
        && verb[0].is_ascii_lowercase()
        && verb.len() >= 2
        && next.classes & NUMBER_WORD == 0
        && !verb.eq_ignore_ascii_case(b"be")
        && ![
            &ARTICLES[..],
            &DETERMINERS,
            &PRONOUNS,
            &RESULT_VERBS,
            &COMPUTING,
        ]
        .iter()
        .any(|list| one_of(next, list));
    let of = || {
        let ways = word_before(b, s, word.start);
        is((word.start, word.end), "of")
            && verb.len() >= 5
            && verb.ends_with(b"ing")
            && ways.1 < word.start
            && (is(ways, "ways") || is(ways, "way"))
    };
    // (The value in the purpose's own clause: `For a number to be
    // divisible by 3, the sum … by 3` is no purpose of the last 3.)
    let clause = || {
        !b[next.end..span.0]
            .iter()
            .any(|c| matches!(c, b',' | b';' | b':'))
    };
    // (The right side of an equation outside math, `for x = 4`, is a
    // formula with `=` too.)
    let after_equals = || {
        let p = run_before(b, s, span.0, |c| c == b' ');
        p > s && b[p - 1] == b'='
    };
    if !spaced || !(to || of()) || !clause() || b[span.0..span.1].contains(&b'=') || after_equals()
    {
        return false;
    }
    // (Back to the counted value: words of their own, spaces between.)
    let mut k = word.start;
    for _ in 0..MAX_PURPOSE_WORDS {
        let (q, e) = word_before(b, s, k);
        if q == e || e == k {
            return false;
        }
        let p = run_before(b, s, q, |c| matches!(c, b' ' | b'$'));
        if p < q && p > s && (b[p - 1].is_ascii_digit() || matches!(b[p - 1], b'}' | b'%')) {
            return true;
        }
        k = q;
    }
    false
}

/// Where the preposition starts when `word` names a mathematical object
/// (`equation`, with an `=` between it and the value at `value`, or a word
/// of [`NAMED_OBJECTS`]) after `the` or `this` after a word of
/// [`PREPOSITIONS`] (spaces between): `x = 4 is the only solution of the
/// equation 2x + 1 = 9`, `7 is the only prime factor of the number 49`.
fn named_equation(b: &[u8], s: usize, word: Word, value: usize) -> Option<usize> {
    let noun = &b[word.start..word.end];
    let equation = noun.eq_ignore_ascii_case(b"equation") && b[word.end..value].contains(&b'=');
    if !equation
        && !NAMED_OBJECTS
            .iter()
            .any(|n| noun.eq_ignore_ascii_case(n.as_bytes()))
    {
        return None;
    }
    let (ts, te) = word_before(b, s, word.start);
    let (ps, pe) = word_before(b, s, ts);
    let is = |(x, y): (usize, usize), list: &[&str]| {
        y < word.start
            && list
                .iter()
                .any(|w| b[x..y].eq_ignore_ascii_case(w.as_bytes()))
    };
    (te < word.start && is((ts, te), &["the", "this"]) && pe < ts && is((ps, pe), &PREPOSITIONS))
        .then_some(ps)
}

/// The nouns besides `equation` that name the mathematical object after
/// them (`of the number 49`, `of the polynomial x^2 - 9`).
const NAMED_OBJECTS: [&str; 4] = ["number", "integer", "polynomial", "expression"];

/// Verbs after `to` whose object is the result, not a known quantity (`add
/// 3 to find the 12`): a clause they open is not read back.
const RESULT_VERBS: [&str; 9] = [
    "find", "obtain", "reach", "yield", "produce", "give", "make", "get", "arrive",
];

/// Where a phrase set apart after a value opens when `word` (read back
/// from the value at `value`, in its sentence from `s`; `after_value`: a
/// value ends right before it) opens one that describes that value: `as`,
/// `whereas` or a word of [`APPOSITIVES`] after a comma (`up` and `down`
/// not before `to`, a range's end, but the words of [`COMPARING`] before it
/// too; `compared`, `versus` and `vs` without a comma too; `rounded` only
/// when `from` ends the words after it), `where` after a comma or a value with
/// no `=` after it (`, where 5 and 7 are the sides`, `$$x = 12$$ where $x$
/// is …`; `, where f(2) = -1` states the value: MX-18 reads `where x =
/// 1`), or a noun of [`CHANGES`] after `a`, `an` or `the` after a comma,
/// then `of` (`100, an increase of 25`; not `, the difference increases`).
fn apposed(b: &[u8], s: usize, word: Word, value: usize, after_value: bool) -> Option<usize> {
    let (w, e, class) = (word.start, word.end, word.classes);
    let comma_before = |at: usize| comma_before(b, s, at);
    let rest = &b[e..value];
    if class & CHANGE != 0 {
        let (q, p) = word_before(b, s, w);
        let article = DETERMINERS
            .iter()
            .any(|a| b[q..p].eq_ignore_ascii_case(a.as_bytes()));
        return (next_word_is(rest, b"of") && p < w && article && comma_before(q)).then_some(q);
    }
    let is = |x: &str| b[w..e].eq_ignore_ascii_case(x.as_bytes());
    let comparing = class & APPOSITIVE != 0 && COMPARING.iter().any(|x| is(x));
    // (`compared to 12`, `versus 12`: no comma needed; not `relative to`
    // or `against` alone, which name what a value is measured by.)
    let unset = comparing && UNSET.iter().any(|x| is(x));
    let set_off = comma_before(w) || class & WHERE != 0 && after_value || unset;
    let describes = class & WHERE == 0 || !rest.contains(&b'=');
    let range_end = class & APPOSITIVE != 0 && !comparing && next_word_is(rest, b"to");
    // `9, rounded from 8.7`, `9, rounded up from 8.7`: the value rounded;
    // after `rounded to` (`8.72, rounded to 8.7`) the value is the answer.
    let rounded_from = !is("rounded") || last_word_is(rest, b"from");
    (set_off && describes && !range_end && rounded_from).then_some(w)
}

/// Whether the last word of `t` ([`last_word`]) is `word` (ASCII case
/// ignored).
fn last_word_is(t: &[u8], word: &[u8]) -> bool {
    last_word(t).eq_ignore_ascii_case(word)
}

/// The last word of `t`: the run of ASCII letters before the spaces at its
/// end (empty when none ends it).
pub(super) fn last_word(t: &[u8]) -> &[u8] {
    let t = t.trim_ascii_end();
    let n = t
        .iter()
        .rev()
        .take_while(|c| c.is_ascii_alphabetic())
        .count();
    &t[t.len() - n..]
}

/// Whether `w` is a comparative that takes `than`: one of [`COMPARATIVES`],
/// or a word of four letters or more ending in `er` but `other`, `rather`
/// and `whether`, which compare nothing (`older`, `slower`, `cheaper`).
fn is_comparative(w: &[u8]) -> bool {
    let is = |x: &str| w.eq_ignore_ascii_case(x.as_bytes());
    COMPARATIVES.iter().any(|c| is(c))
        || w.len() > 3
            && w[w.len() - 2..].eq_ignore_ascii_case(b"er")
            && !["other", "rather", "whether"].iter().any(|x| is(x))
}

/// Whether a comma stands right before `at` (spaces between), in the
/// sentence from `s`: `12, since`, `8 apples, which`.
fn comma_before(b: &[u8], s: usize, at: usize) -> bool {
    let p = run_before(b, s, at, |c| c == b' ');
    p > s && b[p - 1] == b','
}

/// Whether a word of [`ADJUNCTS`] ends right before `w` (spaces between).
fn after_adjunct(b: &[u8], s: usize, w: usize) -> bool {
    let (q, e) = word_before(b, s, w);
    e < w && classes_in(b, q, e) & ADJUNCT != 0
}

/// The nouns of a part of a span of time or of a quantity (`the end of 12
/// weeks`, `the beginning of the 3 days`).
const PARTS: [&str; 5] = ["end", "start", "beginning", "middle", "course"];

/// Where the preposition starts when the value at `value` (its sentence
/// from `s`) is the span a part of it names after a word of
/// [`PREPOSITIONS`] or [`ADJUNCTS`] and an article, then `of` (and an
/// article or none): `84 pages by the end of 12 weeks`, `300 km over the
/// course of 4 days` know the span, as `in the 2 cartons` does (MX-22).
/// Each word of its own, spaces between (`$` before the value allowed).
fn part_of_span(b: &[u8], s: usize, value: usize) -> Option<usize> {
    let is = |w: (usize, usize), list: &[&str]| word_is_one_of(b, w, list);
    let at = run_before(b, s, value, |c| c == b'$');
    let mut w = word_before(b, s, at);
    if is(w, &ARTICLES) {
        w = word_before(b, s, w.0);
    }
    if w.1 == at || !is(w, &["of"]) {
        return None;
    }
    let part = word_before(b, s, w.0);
    let article = word_before(b, s, part.0);
    let prep = word_before(b, s, article.0);
    let spaced = [part, article, prep].iter().all(|&(q, e)| q < e) && prep.1 < article.0;
    let apart = prep.0 == s || !b[prep.0 - 1].is_ascii_alphanumeric();
    (spaced
        && apart
        && part.1 < w.0
        && article.1 < part.0
        && is(part, &PARTS)
        && is(article, &ARTICLES)
        && (is(prep, &PREPOSITIONS) || is(prep, &ADJUNCTS)))
    .then_some(prep.0)
}

/// The comparatives after `比` and its object (`比小红多3个`: more).
const ZH_COMPARATIVES: [char; 14] = [
    '多', '少', '大', '小', '高', '低', '长', '短', '快', '慢', '重', '轻', '早', '晚',
];

/// The most bytes of a Chinese clause set apart before its value.
const MAX_ZH_CLAUSE_BYTES: usize = 48;

/// MX-22 in Chinese: where the comma stands that sets apart the clause the
/// value at `at` ends, when that clause compares (`比`, then the object and a
/// comparative of [`ZH_COMPARATIVES`] right before the value: `，比原计划少3天`)
/// — a description of the value before the comma.
fn zh_set_apart(text: &str, from: usize, at: usize) -> Option<usize> {
    let head = text.get(from..at)?;
    // (Most values follow no comparative: one test, not a search.)
    if !head.trim_end().ends_with(ZH_COMPARATIVES) {
        return None;
    }
    let (c, comma) = head
        .char_indices()
        .rev()
        .find(|&(_, ch)| ch == '，' || ch == ',')?;
    let clause = &head[c + comma.len_utf8()..];
    if clause.len() > MAX_ZH_CLAUSE_BYTES || clause.contains(['。', '；', '！', '？', '：']) {
        return None;
    }
    clause.starts_with('比').then_some(from + c)
}

/// Whether the word `b[q..e]` is one of `list` (ASCII case ignored).
fn word_is_one_of(b: &[u8], (q, e): (usize, usize), list: &[&str]) -> bool {
    list.iter()
        .any(|x| b[q..e].eq_ignore_ascii_case(x.as_bytes()))
}

/// Where the preposition, the verb or the label starts when the word
/// before the value at `value` (its sentence from `s`) places it in a span
/// ([`part_of_span`]), a quantity known by its adjective
/// ([`known_by_adjective`]), a label ([`label_before`]) or a noun's
/// operands ([`operands_of`]). Each needs there (after `$` or `(`) a word
/// of [`BEFORE_NAMED`] or none (a comma of a list): one read of that word,
/// by its first letter and length, turns away the rest (most words of
/// prose), as the lexicon's shape filter does.
fn named_before(b: &[u8], s: usize, value: usize) -> Option<usize> {
    let at = run_before(b, s, value, |c| c == b'$' || c == b'(');
    let (q, e) = word_before(b, s, at);
    if q < e && (e - q >= 32 || BEFORE_SHAPES[usize::from(b[q] & 31)] >> (e - q) & 1 == 0) {
        return None;
    }
    part_of_span(b, s, value)
        .or_else(|| known_by_adjective(b, s, value))
        .or_else(|| label_before(b, s, value))
        .or_else(|| operands_of(b, s, value))
}

/// The words that [`named_before`]'s readers need right before a value:
/// the articles of a span's part, the adjectives of a known quantity, the
/// labels, and `of`, `and`, `or` of a noun's operands.
const BEFORE_NAMED: [&[&str]; 4] = [&ARTICLES, &KNOWN_ADJECTIVES, &LABELS, &["of", "and", "or"]];

/// By a word's first letter (its low five bits): bit `n` set when a word
/// of [`BEFORE_NAMED`] of `n` letters opens with it; built when the crate
/// compiles.
const BEFORE_SHAPES: [u32; 32] = {
    let mut shapes = [0u32; 32];
    let mut l = 0;
    while l < BEFORE_NAMED.len() {
        let mut w = 0;
        while w < BEFORE_NAMED[l].len() {
            let word = BEFORE_NAMED[l][w].as_bytes();
            assert!(!word.is_empty() && word.len() < 32);
            shapes[(word[0] & 31) as usize] |= 1 << word.len();
            w += 1;
        }
        l += 1;
    }
    shapes
};

/// The adjectives between an article and a number that name a quantity
/// the sentence already knows (`of her original $25`, `of the remaining
/// 5`, `in the first 10 minutes`).
const KNOWN_ADJECTIVES: [&str; 11] = [
    "original",
    "initial",
    "starting",
    "remaining",
    "first",
    "last",
    "other",
    "same",
    "entire",
    "whole",
    "total",
];

/// Where the preposition starts when the value at `value` (its sentence
/// from `s`) follows a word of [`PREPOSITIONS`] or [`ADJUNCTS`], an article
/// of [`ARTICLES`] and an adjective of [`KNOWN_ADJECTIVES`], each a word of
/// its own, spaces between (`$` before the value allowed): `$10 of her
/// original $25`, `3 of the remaining 5`, `2 miles in the first 10
/// minutes` know the quantity, as `in the 2 cartons` does (MX-22).
fn known_by_adjective(b: &[u8], s: usize, value: usize) -> Option<usize> {
    let is = |w: (usize, usize), list: &[&str]| word_is_one_of(b, w, list);
    let at = run_before(b, s, value, |c| c == b'$');
    let adjective = word_before(b, s, at);
    if adjective.1 == at || !is(adjective, &KNOWN_ADJECTIVES) {
        return None;
    }
    let article = word_before(b, s, adjective.0);
    let prep = word_before(b, s, article.0);
    let spaced = [article, prep].iter().all(|&(q, e)| q < e) && prep.1 < article.0;
    let apart = prep.0 == s || !b[prep.0 - 1].is_ascii_alphanumeric();
    (spaced
        && apart
        && article.1 < adjective.0
        && is(article, &ARTICLES)
        && (is(prep, &PREPOSITIONS) || is(prep, &ADJUNCTS)))
    .then_some(prep.0)
}

/// The most words of the noun between `the` and `of` that [`operands_of`]
/// reads (`the greatest common divisor of`).
const MAX_NOUN_WORDS: usize = 3;

/// Where `is`, `are`, `was` or `equals` starts when the value at `value`
/// (its sentence from `s`) is the last operand that a noun names after
/// them: a value, that word, `the`, a noun of at most [`MAX_NOUN_WORDS`]
/// words, `of` and the operands (one number, or numbers joined by `and`,
/// `or` and commas; `$` and spaces between): `4 is the GCD of 12 and 16`,
/// `15 is the product of 3 and 5`, `4 is the square root of 16` state the
/// value before the verb (MX-22).
fn operands_of(b: &[u8], s: usize, value: usize) -> Option<usize> {
    let first = list_start(b, s, value).unwrap_or(value);
    let at = run_before(b, s, first, |c| c == b'$');
    let of = word_before(b, s, at);
    if of.1 == at || !b[of.0..of.1].eq_ignore_ascii_case(b"of") {
        return None;
    }
    // (The noun's words back to `the`.)
    let mut k = of.0;
    for _ in 0..=MAX_NOUN_WORDS {
        let (q, e) = word_before(b, s, k);
        if q == e || e == k {
            return None;
        }
        if b[q..e].eq_ignore_ascii_case(b"the") {
            if k == of.0 {
                return None;
            }
            let (v, ve) = word_before(b, s, q);
            let verb = ["is", "are", "was", "equals"]
                .iter()
                .any(|x| b[v..ve].eq_ignore_ascii_case(x.as_bytes()));
            let p = run_before(b, s, v, |c| matches!(c, b' ' | b'$'));
            let after_value =
                p > s && (b[p - 1].is_ascii_digit() || matches!(b[p - 1], b'}' | b')' | b'%'));
            return (v < ve && ve < q && verb && after_value).then_some(v);
        }
        k = q;
    }
    None
}

/// The nouns that a number after them labels (`step 2`, `case 3`,
/// `equation (4)`): the number is a label, not a value.
const LABELS: [&str; 14] = [
    "step", "case", "equation", "part", "line", "figure", "example", "problem", "question",
    "lemma", "theorem", "exercise", "section", "chapter",
];

/// Where the noun of [`LABELS`] starts that the value at `value` (its
/// sentence from `s`) labels: right before it, a word of its own, spaces
/// or a `(` between (`This matches the 24 we found in step 2.`, `consistent
/// with case 2`, MX-22).
fn label_before(b: &[u8], s: usize, value: usize) -> Option<usize> {
    let at = run_before(b, s, value, |c| c == b'(');
    let (q, e) = word_before(b, s, at);
    let apart = q == s || !b[q - 1].is_ascii_alphanumeric();
    let labels = LABELS
        .iter()
        .any(|x| b[q..e].eq_ignore_ascii_case(x.as_bytes()));
    (q < e && e < at && apart && labels).then_some(q)
}

/// Whether a word of MX-11's [`SHARES`] follows the value ending at `end`
/// (a math delimiter and spaces between): `$50 per person`, `4 for each
/// of the 3 kids`, `$50 each`.
fn shared_after(b: &[u8], end: usize) -> bool {
    phrase_after(b, end, &SHARES)
}

/// Whether a phrase of `list` (ASCII case ignored, ending a word) follows
/// the value ending at `end` (a math delimiter and spaces between).
fn phrase_after(b: &[u8], end: usize, list: &[&str]) -> bool {
    let rest = &b[end..];
    let rest = rest.strip_prefix(b"$").unwrap_or(rest);
    let n = rest.iter().take_while(|&&c| c == b' ').count();
    let rest = &rest[n..];
    n > 0
        && list.iter().any(|w| {
            rest.len() >= w.len()
                && rest[..w.len()].eq_ignore_ascii_case(w.as_bytes())
                && rest.get(w.len()).is_none_or(|c| !c.is_ascii_alphabetic())
        })
}

/// Where the `,` or `(` stands that sets apart the value at `at` (in its
/// sentence from `s`): right before it (spaces and `$` between), or before
/// `or` or `that is` right before it (`$150, or $50 per person`).
fn set_apart_before(b: &[u8], s: usize, at: usize) -> Option<usize> {
    let mut p = run_before(b, s, at, |c| matches!(c, b' ' | b'$'));
    for words in [&["or"][..], &["is", "that"]] {
        let mut q = p;
        let all = words.iter().all(|w| {
            let (ws, we) = word_before(b, s, q);
            let ok = we == q && b[ws..we].eq_ignore_ascii_case(w.as_bytes());
            q = run_before(b, s, ws, |c| c == b' ');
            ok
        });
        if all {
            p = q;
            break;
        }
    }
    (p > s && matches!(b[p - 1], b',' | b'(')).then(|| p - 1)
}

/// Where the dash that ends right before `p` (`—`, `–` or `--`, after `s`)
/// starts.
pub(super) fn dash_before(b: &[u8], s: usize, p: usize) -> Option<usize> {
    let before = &b[s..p];
    if before.ends_with("\u{2014}".as_bytes()) || before.ends_with("\u{2013}".as_bytes()) {
        Some(p - 3)
    } else {
        before.ends_with(b"--").then(|| p - 2)
    }
}

/// A `,`, `(` or a dash (`—`, `–`, `--`) then a number compared
/// ([`compared_after`]) between a word ending at `e` and what follows at
/// `k` (`left, 3 fewer than`, `left (3 fewer than`, `cows — 4 more than`):
/// where the `,`, `(` or dash stands.
fn apposed_comparison(b: &[u8], e: usize, k: usize) -> Option<usize> {
    let gap = &b[e..k];
    let lead = gap.iter().take_while(|&&c| c == b' ').count();
    let mark = match &gap[lead..] {
        [b',' | b'(', ..] => 1,
        [b'-', b'-', ..] => 2,
        // (`—` and `–`, U+2014 and U+2013.)
        [0xE2, 0x80, 0x93 | 0x94, ..] => 3,
        _ => return None,
    };
    let spaces = gap[lead + mark..]
        .iter()
        .take_while(|&&c| c == b' ')
        .count();
    number_compared(b, e + lead + mark + spaces).then_some(e + lead)
}

/// Whether a number starts at `at` (a digit, then digits, `.` and `,`)
/// and is compared with something after it ([`compared_after`]): `3 more
/// than`, `3 times as many`.
pub(super) fn number_compared(b: &[u8], at: usize) -> bool {
    let digits = number_len(b.get(at..).unwrap_or_default());
    digits > 0 && compared_after(b, at + digits)
}

/// The comparatives that take `than` (a word ending in `er` takes it too:
/// `older`, `cheaper`, `heavier`).
const COMPARATIVES: [&str; 3] = ["more", "less", "fewer"];

/// The most words between a value and the comparative that compares it
/// (`3 more than`, `3 apples more than`, `3 years older than`).
const MAX_COMPARED_WORDS: usize = 2;

/// Whether the value ending at `end` is compared with something after it:
/// then spaces (a `$` or a `%` allowed first) and at most
/// [`MAX_COMPARED_WORDS`] words, then one of [`COMPARATIVES`] or a word
/// ending in `er` but `other` and `rather`, then `than` (`3 fewer than`, `3
/// years older than`, `20% more than`); or `times as`, `times more`, `times less`, `times
/// the` (`2 times as many as`, `2 times the width`). Only ASCII letters make words; any other byte ends the
/// comparison.
pub(super) fn compared_after(b: &[u8], end: usize) -> bool {
    let mut k = end;
    while k < b.len() && matches!(b[k], b'$' | b'%') && k < end + 2 {
        k += 1;
    }
    let mut words: [&[u8]; MAX_COMPARED_WORDS + 2] = [&[]; MAX_COMPARED_WORDS + 2];
    for slot in &mut words {
        let spaces = b[k..].iter().take_while(|&&c| c == b' ').count();
        if spaces == 0 {
            break;
        }
        let from = k + spaces;
        let letters = b[from..]
            .iter()
            .take_while(|c| c.is_ascii_alphabetic())
            .count();
        if letters == 0 {
            break;
        }
        *slot = &b[from..from + letters];
        k = from + letters;
    }
    let is = |w: &[u8], x: &str| w.eq_ignore_ascii_case(x.as_bytes());
    let times = is(words[0], "times")
        && ["as", "more", "less", "the"]
            .iter()
            .any(|x| is(words[1], x));
    times
        || words
            .windows(2)
            .take(MAX_COMPARED_WORDS + 1)
            .any(|p| is_comparative(p[0]) && is(p[1], "than"))
}

#[cfg(test)]
mod tests {
    use super::super::locate_default;

    /// The value before a reason or a description is the answer; a
    /// computation, a restatement, a conclusion, a new clause and a reason
    /// that opens the sentence leave the last value.
    #[test]
    fn reasons_and_descriptions_are_not_the_answer() {
        for (response, want) in [
            ("So n = 12, since 12 / 3 = 4.", "12"),
            ("So n = 12, because 12 / 3 = 4.", "12"),
            ("Thus n = 12, as 12 / 3 = 4.", "12"),
            (
                "The smallest such n is 12, since 10 and 11 do not work.",
                "12",
            ),
            ("The total is 24, which is divisible by 3.", "24"),
            ("The total is 24, which is 4 more than 20.", "24"),
            ("The total is 24, which is twice 12.", "24"),
            (
                "The area is 9, which is 3 times the triangle's area of 3.",
                "9",
            ),
            ("We find x = 5, which satisfies x > 3.", "5"),
            ("So $x = 5$ because $2 \\cdot 5 = 10$.", "5"),
            ("So x = 4 satisfies the equation 2x + 1 = 9.", "4"),
            ("The value $4$ satisfies $x^2 = 16$.", "4"),
            ("The answer 5 lies in the interval [3, 7].", "5"),
            (
                "x = 4 is the only solution of the equation 2x + 1 = 9.",
                "4",
            ),
            ("Thus $x = 4$ is a root of this equation $2x + 1 = 9$.", "4"),
            ("So 7 is the only prime factor of the number 49.", "7"),
            ("So x = 3 is a root of the polynomial x^2 - 9.", "3"),
            // The last value stays.
            ("We compute 3 × 8, which is 24.", "24"),
            ("We compute 3 × 8, which is equal to 24.", "24"),
            ("Since 12/3 = 4, n = 4 × 5 = 20.", "20"),
            ("The count is 4, since pairs repeat, so we get 8.", "8"),
            ("The count is 4, since pairs repeat, we get 8.", "8"),
            ("The count is 4 since pairs repeat, giving 8.", "8"),
            ("With 3 options and since 7 is prime the count is 8.", "8"),
            ("We multiply 3 by 8, which is a total of 24.", "24"),
            ("There are 3 cases. Since each has 4 options, 12.", "12"),
            ("We are done as n = 4.", "4"),
            ("Since 4 satisfies it, we conclude 2x + 1 = 9.", "9"),
            ("So x satisfies 2x + 1 = 9.", "9"),
            ("The total 150 exceeds the budget by 50.", "50"),
            ("The solution of the equation 2x + 1 = 9.", "9"),
            ("From 3 we get the equation x = 9.", "9"),
            ("So 7 divides the number 49.", "49"),
            ("The solution to the equation x + 3 = 5 is 2.", "2"),
            ("So with x = 4 in the equation we want, 2x + 1 = 9.", "9"),
        ] {
            let found = locate_default(response, false).expect(response);
            assert_eq!(found.answer, want, "{response:?}");
        }
    }

    /// An adjunct (a participle clause), a known quantity (a preposition and
    /// an article before the number) or a description opened by `, where`
    /// after a value qualify it; a clause of its own after the participle,
    /// too many words, no participle, no article or an equation after
    /// `where` leave the last value.
    #[test]
    fn adjuncts_and_known_quantities_qualify_the_value_before() {
        for (response, want) in [
            ("She will have $12 left over after buying 3 books.", "12"),
            (
                "There are 12 ways, after accounting for 3 identical ones.",
                "12",
            ),
            ("The result is 120 when rounded to the nearest 10.", "120"),
            ("He saved $50 by skipping 4 lunches.", "50"),
            ("So 15 - 3 = 12 after removing 3.", "12"),
            ("It is 6 while ignoring the 2 ends.", "6"),
            ("We get 7 without counting 2 repeats.", "7"),
            ("There are 12 eggs left in the 2 cartons.", "12"),
            ("So Jean fills 14 bags with 2 lollipops in each bag.", "14"),
            ("So he needs 6 boxes of 4 eggs each.", "6"),
            ("We pack 6 boxes with 4 per box.", "6"),
            ("We get 6 crates of 4 red apples apiece.", "6"),
            ("We get 6 crates with 4 in every crate.", "6"),
            ("We are left with 5 apples.", "5"),
            ("We get 6 crates with 4 big red apples each.", "4"),
            ("We get 6 crates with 4 in each.", "6"),
            ("We get 6 crates with 4 in them.", "4"),
            ("Each bag comes with 2 lollipops in each pocket.", "2"),
            (
                "She has 4 candies, which she shares with her 2 friends.",
                "4",
            ),
            ("The largest is 9 among the 5 numbers.", "9"),
            ("So 24 apples were picked over the 3 days.", "24"),
            ("She read 120 pages during the 3 days.", "120"),
            ("He ran 15 miles throughout the 3 weeks.", "15 miles"),
            ("He ran 15 miles over 3 weeks.", "3 weeks"),
            (
                "Each pays $15 when the $60 bill is split among the 4 friends.",
                "15",
            ),
            ("She has 8 apples now, whereas she had 5 before.", "8"),
            (
                "The area is 144 square units, given that a side is 12.",
                "144",
            ),
            ("Given that x = 5, we get y = 12.", "12"),
            ("So the perimeter is 24 where 5 and 7 are the sides.", "24"),
            ("$$x = 12$$ where $x$ is the number of 3-digit codes.", "12"),
            ("The minimum is attained at x = 2 where f(2) = -1.", "-1"),
            ("So he has 25 marbles in total, up from 10.", "25"),
            ("The price is $80, down 20% from last year.", "80"),
            ("The smallest such number is 7, followed by 13.", "7"),
            ("The population grew to 100, an increase of 25.", "100"),
            // A part of a span (twelfth session).
            ("She will have read 84 pages by the end of 12 weeks.", "84"),
            ("They drive 300 km over the course of the 4 days.", "300 km"),
            (
                "The tank holds 50 liters at the start of $3$ trips.",
                "50 liters",
            ),
            (
                "She reads 7 pages a day. By the end of 12 weeks.",
                "12 weeks",
            ),
            (
                "It has 84 pages by the end of twelve, 12 weeks.",
                "12 weeks",
            ),
            ("It has 84 pages by the friend of 12 weeks.", "12 weeks"),
            // A comparative before `than`, the whole after `out of`.
            (
                "The speed is 2.5 m/s, which is slower than the 3 m/s limit.",
                "2.5 m/s",
            ),
            (
                "So Tom is 12, which is older than the 9 his sister is.",
                "12",
            ),
            ("We get 7, which is lower than 9.", "7"),
            ("Tom is older than Ann, and Ann is 9.", "9"),
            ("So there are 15 students, out of 40 in total.", "15"),
            ("So she scored 27, out of $30$.", "27"),
            ("There are 40 marbles, out of which 5 are red.", "5"),
            ("So she scored 27, out of a possible 30.", "27"),
            // A value compared with it, the value it was rounded from
            // (thirteenth session).
            (
                "In total, 15 students passed, compared to 12 last year.",
                "15",
            ),
            ("So 15 passed, compared with 12 last year.", "15"),
            ("This year 15 students passed versus 12 last year.", "15"),
            ("This year 15 students passed vs 12 last year.", "15"),
            ("The total is 40 apples, relative to 30 yesterday.", "40"),
            ("Thus 15 students passed, against 12 last year.", "15"),
            ("We get 9, rounded from 8.72.", "9"),
            ("It takes 6 hours, rounded up from 5.5 hours.", "6 hours"),
            ("So x is about 8.72, rounded to 8.7.", "8.7"),
            ("So x is about 8.72, rounded up to 9.", "9"),
            ("The values range from 3 up to 10.", "10"),
            (
                "The discount is 12 relative to the base price of 100.",
                "100",
            ),
            ("The discount is 12 against 100.", "100"),
            // How often the value occurs, a change set apart, the value
            // it changed from (thirteenth session).
            ("The mode is 7, appearing 3 times.", "7"),
            ("The mode is 7, which appears 3 times.", "7"),
            ("The number 7 appears 3 times.", "3"),
            (
                "The final score is 90 points, an improvement of 10 points.",
                "90",
            ),
            ("The new speed is 50 km/h, from 40 km/h before.", "50 km/h"),
            ("The speed increased by 25%, from 40 to 50 km/h.", "25%"),
            ("We solve 2x = 6, from which we get x = 3.", "3"),
            ("Counting from 5, we reach 12.", "12"),
            // The operands a noun names after the value (thirteenth session).
            ("Thus, 4 is the GCD of 12 and 16.", "4"),
            ("Thus, 4 is the square root of 16.", "4"),
            ("So 15 is the product of 3 and 5.", "15"),
            (
                "Therefore 4 is the greatest common divisor of 12 and 16.",
                "4",
            ),
            ("So $8$ is the average of $6$ and $10$.", "8"),
            ("It is the sum of 1 and 2.", "2"),
            ("There are 12 ways, the number of subsets of 4.", "4"),
            // A purpose a counted value serves; `all` before a known
            // quantity (fourteenth session).
            ("There are 10 ways to choose 2 items from 5.", "10"),
            ("There are 120 ways to arrange 5 books.", "120"),
            ("Hence we have 35 ways of choosing 3 people out of 7.", "35"),
            ("It takes 4 hours to drive 200 miles.", "4 hours"),
            ("So 8 buses are needed to carry 300 students.", "8"),
            ("He needs to save 20 dollars to buy 2 games.", "20"),
            ("There are 12 apples left in all 3 baskets.", "12"),
            ("Add 5 to 12 to get 17.", "17"),
            ("It rose 5 points to end at 105.", "105"),
            ("We need 3 more apples to reach 10.", "10"),
            ("She has 5 ways of 3 colors.", "3"),
            ("We divide 12 by 4 to simplify 3 more.", "3"),
            ("The 5 books, to arrange 3 of them.", "3"),
            ("So 8 buses, to carry 300 students.", "300"),
            ("It rose by 2 to Boston 5.", "5"),
            ("We used 2 boxes and then 5 to carry 30, or 12.", "12"),
            (
                "For a number to be divisible by 3, the sum must be divisible by 9.",
                "9",
            ),
            ("Set 2 values to make x = 4.", "4"),
            ("So the LCM of 2 and 4 is 4.", "4"),
            ("So 6 is the very least common multiple of 2 and 3.", "3"),
            // A share set apart after another value (thirteenth session).
            ("The total cost is $150, or $50 per person.", "150"),
            ("The total cost is $150 ($50 per person).", "150"),
            ("The total cost is $150, that is $50 each.", "150"),
            ("The total is 12 apples, 4 for each of the 3 kids.", "12"),
            ("So it costs $50 per person.", "50"),
            ("The total is 150 and 50 each.", "50"),
            // An assumption (thirteenth session).
            (
                "The probability is 1/3, assuming all 3 outcomes are equally likely.",
                "1/3",
            ),
            ("So it is 5, provided that n > 2.", "5"),
            ("So it is 5, supposing 2 of them fail.", "5"),
            ("The 3 provided are enough.", "3"),
            // A known quantity named with an adjective, a label's number.
            (
                "She spent $15, leaving her with $10 of her original $25.",
                "10",
            ),
            ("He gave away 3 and kept 5 of the original 8.", "5"),
            ("She gave 3 of the remaining 5 to her brother.", "3"),
            ("He ran 2 miles in the first 10 minutes.", "2 miles"),
            (
                "So, 4 × 6 = 24 apples. This matches the 24 we found in step 2.",
                "24",
            ),
            ("So we get 12, consistent with case 2.", "12"),
            ("So we get 12, as in equation (3).", "12"),
            ("We get 5 of the original.", "5"),
            ("The remaining 5 are red.", "5"),
            ("It was hard. See step 2.", "2"),
            ("So it is 12 in substep 2.", "2"),
            ("The terms start at 2002, each 7 apart, up to 2996.", "2996"),
            ("It is 6, and then the difference increases by 1.", "1"),
            ("Whereas the first box holds 3, the second holds 5.", "5"),
            ("She gave 4 candies to each of the 3 friends.", "4"),
            ("The total is 12 for these $3$ cases.", "12"),
            (
                "So the perimeter is 24 units, where 5 and 7 are the sides.",
                "24",
            ),
            ("She needs 12 more cups to fill the 20-cup container.", "12"),
            ("It takes 4 hours to fill the 200-gallon tank.", "4 hours"),
            ("We get 4 after the 3 steps.", "4"),
            ("There are 10 ways to arrange the 5 books.", "10"),
            (
                "It took him 30 minutes to travel the 12 miles.",
                "30 minutes",
            ),
            ("The final price is $25 after a 20% discount.", "25"),
            ("It takes 4 hours to fill a 10 gallon tank.", "4 hours"),
            // The last value stays.
            ("We add 3 and after adding 5 we get 12.", "12"),
            ("After adding 5 and 7, we get 12.", "12"),
            ("12 after subtracting 3 is 9.", "9"),
            ("We get 4 after rounding it up to the next 10.", "10"),
            ("We multiply 3 by 4 to obtain the 12 squares.", "12"),
            ("She went from 80 to a 95.", "95"),
            ("We get 4 after a 3.", "3"),
            ("We get 4 into 3 steps.", "3"),
            ("We get 4 after using 3.", "4"),
            ("We get 4 when used 3 times.", "3"),
            ("There are 12 eggs left in 2 cartons.", "2"),
            ("There are 12 eggs in all the 2 cartons.", "2"),
            ("There are 12 eggs in the2 cartons.", "2"),
            ("At x = 2, where f(2) = -1.", "-1"),
            ("The minimum is at x = 2, where f(2) = -1.", "-1"),
            ("The sides are 5 where 7 is the base.", "5"),
            ("Tom has 15 marbles left after giving away 10.", "15"),
            ("The count is 4 since pairs repeat, giving 8.", "8"),
            // (Read back again: 25 qualifies 10, 10 qualifies 15.)
            (
                "So, Tom has 15 marbles left after giving away 10 of his 25 marbles.",
                "15",
            ),
            ("Tom is a 5-year-old boy.", "5"),
            ("所以，一共需要12天，比原计划少3天。", "12"),
            ("因此，小明有12个苹果,比小红多 3个。", "12"),
            ("小明比小红多3个。", "3"),
            ("一共有12人，其中男生5人。", "5"),
            ("一共有12人。比小红多3个。", "3"),
            ("所以 x=3 时，比较可知最小值为5。", "5"),
            ("We get 5 and x = 4-y.", "4"),
        ] {
            let found = locate_default(response, false).expect(response);
            assert_eq!(found.answer, want, "{response:?}");
        }
    }

    /// A comparison set apart after a value (a comma or a parenthesis
    /// before its number, or `, which is`) describes that value; one that
    /// is not set apart, or that is no comparison, stays.
    #[test]
    fn comparisons_set_apart_describe_the_value_before() {
        for (response, want) in [
            ("She has 8 apples left, 3 more than Tom.", "8"),
            ("She has 8 apples left, 3 apples more than Tom.", "8"),
            ("He is 12, 3 years older than Tom.", "12"),
            ("She has 8 apples, 2 times as many as Tom.", "8"),
            ("She has 8 apples, which is 3 fewer than before.", "8"),
            ("She has 8 apples left (3 fewer than before).", "8"),
            ("She has 8 apples left, 3 fewer than the 11 she had.", "8"),
            ("So Ann has 4 apples, 1 more than 3.", "4"),
            ("The price rose 20%, 5% more than last year.", "20%"),
            ("The perimeter is 20 cm, 2 times the width.", "20 cm"),
            // A multiple or a part set apart after the value.
            ("The perimeter is 20 cm, twice the width of 10 cm.", "20 cm"),
            ("The total cost is $15, including $3 for shipping.", "15"),
            ("The total is 15, excluding the 3 we discard.", "15"),
            ("So we have 40, double the 20 we had.", "40"),
            // After a dash (thirteenth session).
            (
                "Thus there are 12 cows \u{2014} 4 more than last year.",
                "12",
            ),
            ("Thus there are 12 \u{2013} 4 more than last year.", "12"),
            ("Thus there are 12 cows -- 4 more than last year.", "12"),
            // Not set apart, no comparative, too many words between.
            ("He is 3 years older than Tom.", "3"),
            ("Bob has 8. Tom has 3 more than Bob.", "3"),
            ("We add 8, 3 and 4.", "4"),
            // (A hyphen between spaces is a minus sign.)
            ("Thus there are 12 cows - 4 more than last year.", "4"),
            ("We add 8, 3 other things than that.", "3"),
            ("We have 8, 3 big red apples more than Tom.", "3"),
            ("We have 8, 3 times 4.", "4"),
            ("We count all cases, including 5 from the first group.", "5"),
            ("The width is twice 10 cm, which is 20 cm.", "20 cm"),
        ] {
            let found = locate_default(response, false).expect(response);
            assert_eq!(found.answer, want, "{response:?}");
        }
        // What follows a value ending at byte 1 compares it, or not.
        for (text, want) in [
            ("3 more than", true),
            ("3% more than", true),
            ("3$ fewer than", true),
            ("3 years older than", true),
            ("3 times as many", true),
            ("3 times the width", true),
            ("3 Times More", true),
            ("3 big red apples more than", false),
            ("3 other than", false),
            ("3 rather than", false),
            ("3 more apples", false),
            ("3 times 4", false),
            ("3, more than", false),
            ("3", false),
        ] {
            assert_eq!(super::compared_after(text.as_bytes(), 1), want, "{text:?}");
        }
    }
}
